/* Lemmas: an insert (amq_quotient_inserted) keeps each part of amq_quotient_inv and changes the content
 * by exactly one element.  One axiomatic block per part of the invariant, keyed by its
 * hypothesis predicate (see quotient_insert.h); proved by WP's lemma job, never assumed. */
#ifndef AMQ_QUOTIENT_INSERT_LEMMAS_H
#define AMQ_QUOTIENT_INSERT_LEMMAS_H
#include <stdint.h>
#include <amq/quotient_insert.h>
/*@
  // Canonical slots and is_shifted.
  axiomatic QfInsHome {
    predicate amq_quotient_ins_home_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_quotient_bytes{L1}(meta, n) &&
      amq_quotient_home{L1}(meta, gq, n) &&
      amq_quotient_shifted{L1}(meta, gq, n) &&
      amq_quotient_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_quotient_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_quotient_ins_home{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_quotient_home{L2}(meta, gq, n);
    lemma amq_quotient_ins_shifted{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_quotient_shifted{L2}(meta, gq, n);
  }

  // Clusters stay contiguous.
  axiomatic QfInsNogap {
    predicate amq_quotient_ins_nogap_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_quotient_bytes{L1}(meta, n) &&
      amq_quotient_home{L1}(meta, gq, n) &&
      amq_quotient_nogap{L1}(meta, gq, n) &&
      amq_quotient_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_quotient_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_quotient_ins_nogap{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_nogap_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_quotient_nogap{L2}(meta, gq, n);
  }

  // Quotient order, case by case.
  axiomatic QfInsQsorted {
    predicate amq_quotient_ins_qs_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_quotient_bytes{L1}(meta, n) &&
      amq_quotient_home{L1}(meta, gq, n) &&
      amq_quotient_nogap{L1}(meta, gq, n) &&
      amq_quotient_qsorted{L1}(meta, gq, n) &&
      amq_quotient_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_quotient_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_quotient_ins_qs_new{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i < p ==> amq_quotient_used{L2}(meta, i) ==> \at(gq[i], L2) <= fq;
    lemma amq_quotient_ins_qs_lo_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; 0 <= i < p < j <= e ==> amq_quotient_used{L2}(meta, i) ==>
        \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_quotient_ins_qs_new_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer j; p < j <= e ==> fq <= \at(gq[j], L2);
    lemma amq_quotient_ins_qs_mid_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; p < i < j <= e ==> \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_quotient_ins_qs_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer j; e < j < n ==> amq_quotient_used{L2}(meta, j) ==> \at(gq[j], L2) > e;
    lemma amq_quotient_ins_qs_out{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; 0 <= i < j < n ==> (j < p || e < i) ==>
        amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==> \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_quotient_ins_qsorted{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_quotient_qsorted{L2}(meta, gq, n);
  }

  // Remainder order within runs.
  axiomatic QfInsRsorted {
    predicate amq_quotient_ins_rs_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_quotient_bytes{L1}(meta, n) && amq_quotient_home{L1}(meta, gq, n) && amq_quotient_nogap{L1}(meta, gq, n) &&
      amq_quotient_rsorted{L1}(rem, meta, gq, n) &&
      amq_quotient_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_quotient_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_quotient_ins_rs_new{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; 0 <= i < j == p ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_quotient_ins_rs_new_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; i == p < j <= e ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_quotient_ins_rs_lo_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; 0 <= i < p < j <= e ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_quotient_ins_rs_mid_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; p < i < j <= e ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_quotient_ins_rs_lo_q{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i <= e ==> amq_quotient_used{L2}(meta, i) ==> \at(gq[i], L2) <= e;
    lemma amq_quotient_ins_rs_hi_q{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer j; e < j < n ==> amq_quotient_used{L2}(meta, j) ==> \at(gq[j], L2) > e;
    lemma amq_quotient_ins_rs_cross{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; 0 <= i <= e < j < n ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_quotient_ins_rs_out{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; 0 <= i < j < n && (j < p || e < i) ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_quotient_ins_rsorted{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_quotient_rsorted{L2}(rem, meta, gq, n);
  }

  // is_continuation, case by case.
  axiomatic QfInsRuns {
    predicate amq_quotient_ins_runs_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_quotient_bytes{L1}(meta, n) &&
      amq_quotient_home{L1}(meta, gq, n) &&
      amq_quotient_nogap{L1}(meta, gq, n) &&
      amq_quotient_runs{L1}(meta, gq, n) &&
      amq_quotient_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_quotient_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_quotient_ins_runs_lo{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i < p ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_ins_runs_p{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; i == p ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_ins_runs_p1{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; i == p + 1 && i <= e ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_ins_runs_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; p + 1 < i <= e ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_ins_runs_edge{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; i == e + 1 && i < n ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_ins_runs_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; e + 1 < i < n ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_ins_runs_upto{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i <= e ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_ins_runs_above{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; e < i < n ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_ins_runs{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_quotient_runs{L2}(meta, gq, n);
  }

  // Content: (fq, fr) is added (a second copy if present), nothing is lost, nothing else appears.
  axiomatic QfInsContent {
    predicate amq_quotient_ins_content_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_quotient_bytes{L1}(meta, n) &&
      amq_quotient_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_quotient_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_quotient_ins_map_lo{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i < p ==> amq_quotient_used{L1}(meta, i) ==>
        amq_quotient_used{L2}(meta, i) && \at(gq[i], L2) == \at(gq[i], L1) && \at(rem[i], L2) == \at(rem[i], L1);
    lemma amq_quotient_ins_map_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; p <= i < e ==>
        amq_quotient_used{L2}(meta, i + 1) && \at(gq[i + 1], L2) == \at(gq[i], L1) &&
        \at(rem[i + 1], L2) == \at(rem[i], L1) && amq_quotient_used{L1}(meta, i);
    lemma amq_quotient_ins_map_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; e < i < n ==> amq_quotient_used{L1}(meta, i) ==>
        amq_quotient_used{L2}(meta, i) && \at(gq[i], L2) == \at(gq[i], L1) && \at(rem[i], L2) == \at(rem[i], L1);
    lemma amq_quotient_ins_map{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i < n ==> amq_quotient_used{L1}(meta, i) ==>
        \exists integer k; 0 <= k < n && k != p && amq_quotient_used{L2}(meta, k) &&
          \at(gq[k], L2) == \at(gq[i], L1) && \at(rem[k], L2) == \at(rem[i], L1);
    lemma amq_quotient_ins_twice{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_quotient_member{L1}(rem, meta, gq, n, fq, fr) ==> amq_quotient_member2{L2}(rem, meta, gq, n, fq, fr);
    lemma amq_quotient_ins_back{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer k; 0 <= k < n ==> k != p ==> amq_quotient_used{L2}(meta, k) ==>
        \exists integer i; 0 <= i < n && amq_quotient_used{L1}(meta, i) &&
          \at(gq[k], L2) == \at(gq[i], L1) && \at(rem[k], L2) == \at(rem[i], L1);
    lemma amq_quotient_ins_stored{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_quotient_member{L2}(rem, meta, gq, n, fq, fr);
    lemma amq_quotient_ins_kept{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer g, h; amq_quotient_member{L1}(rem, meta, gq, n, g, h) ==>
                             amq_quotient_member{L2}(rem, meta, gq, n, g, h);
    lemma amq_quotient_ins_only{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer g, h; amq_quotient_member{L2}(rem, meta, gq, n, g, h) ==>
                             amq_quotient_member{L1}(rem, meta, gq, n, g, h) || (g == fq && h == fr);
  }

  // is_occupied.
  axiomatic QfInsOcc {
    predicate amq_quotient_ins_occ_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_quotient_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_quotient_occupied{L1}(meta, gq, n) &&
      amq_quotient_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_quotient_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_quotient_ins_occ_fwd_new{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_quotient_used{L2}(meta, p) && \at(gq[p], L2) == fq;
    lemma amq_quotient_ins_occ_fwd_old{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer j; 0 <= j < n ==> amq_quotient_O{L1}(meta, j) ==>
        (\exists integer i; 0 <= i < n && amq_quotient_used{L2}(meta, i) && \at(gq[i], L2) == j);
    lemma amq_quotient_ins_occ_fwd{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer j; 0 <= j < n ==> amq_quotient_O{L2}(meta, j) ==>
        (\exists integer i; 0 <= i < n && amq_quotient_used{L2}(meta, i) && \at(gq[i], L2) == j);
    lemma amq_quotient_ins_occ_back{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i < n ==> amq_quotient_used{L2}(meta, i) ==> \at(gq[i], L2) < n ==>
        amq_quotient_O{L2}(meta, \at(gq[i], L2));
    lemma amq_quotient_ins_occupied{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_ins_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_quotient_occupied{L2}(meta, gq, n);
  }
*/
#endif
