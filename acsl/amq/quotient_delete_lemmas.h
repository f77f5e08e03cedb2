/* Lemmas: a delete (amq_quotient_deleted) keeps each part of amq_quotient_inv and removes exactly one
 * copy of one element.  One axiomatic block per part of the invariant, keyed by its
 * hypothesis predicate; proved by WP's lemma job, never assumed. */
#ifndef AMQ_QUOTIENT_DELETE_LEMMAS_H
#define AMQ_QUOTIENT_DELETE_LEMMAS_H
#include <stdint.h>
#include <amq/quotient_delete.h>
/*@
  // Which slots are used afterwards.
  axiomatic QfDelUsed {
    predicate amq_quotient_del_used_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_quotient_bytes{L1}(meta, n) &&
      amq_quotient_home{L1}(meta, gq, n) &&
      amq_quotient_shifted{L1}(meta, gq, n) &&
      amq_quotient_nogap{L1}(meta, gq, n) &&
      amq_quotient_occupied{L1}(meta, gq, n) &&
      amq_quotient_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_quotient_deleted{L1, L2}(rem, meta, gq, n, fq, fr, p, t);
    lemma amq_quotient_del_used{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_used_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_quotient_del_used{L1, L2}(meta, n, t);
  }

  // Where a delete's shift stops: no element at or after a slot t that is not shifted has
  // its canonical slot before t (such an element would make t used by nogap, with a canonical
  // slot before t by qsorted, hence shifted).  Single-state, so the shift loop can use it at
  // its exit before anything is written there.
  axiomatic QfDelStop {
    predicate amq_quotient_del_stop_hyp{L}(uint8_t *meta, uint64_t *gq, integer n, integer t) =
      amq_quotient_shifted(meta, gq, n) && amq_quotient_nogap(meta, gq, n) && amq_quotient_qsorted(meta, gq, n) &&
      0 <= t < n && !amq_quotient_S(meta, t);
    lemma amq_quotient_del_stop{L}: \forall uint8_t *meta, uint64_t *gq, integer n, t;
      amq_quotient_del_stop_hyp(meta, gq, n, t) ==>
      \forall integer k; t <= k < n ==> amq_quotient_used(meta, k) ==> gq[k] >= t;
  }

  // Canonical slots, is_shifted, contiguity.
  axiomatic QfDelHome {
    predicate amq_quotient_del_home_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_quotient_bytes{L1}(meta, n) &&
      amq_quotient_home{L1}(meta, gq, n) &&
      amq_quotient_shifted{L1}(meta, gq, n) &&
      amq_quotient_nogap{L1}(meta, gq, n) &&
      amq_quotient_qsorted{L1}(meta, gq, n) &&
      amq_quotient_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_quotient_deleted{L1, L2}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_quotient_del_used{L1, L2}(meta, n, t);
    lemma amq_quotient_del_home{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_quotient_home{L2}(meta, gq, n);
    lemma amq_quotient_del_shifted{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_quotient_shifted{L2}(meta, gq, n);
    lemma amq_quotient_del_t_after{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      t < n ==> \forall integer k; t <= k < n ==> amq_quotient_used{L1}(meta, k) ==> \at(gq[k], L1) >= t;
    lemma amq_quotient_del_nogap_lo{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, k; i < p ==> 0 <= k <= i < n ==> amq_quotient_used{L2}(meta, i) ==> \at(gq[i], L2) <= k ==>
        amq_quotient_used{L2}(meta, k);
    lemma amq_quotient_del_nogap_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, k; p <= i < t - 1 ==> 0 <= k <= i < n ==> amq_quotient_used{L2}(meta, i) ==> \at(gq[i], L2) <= k ==>
        amq_quotient_used{L2}(meta, k);
    lemma amq_quotient_del_nogap_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, k; t <= i ==> 0 <= k <= i < n ==> amq_quotient_used{L2}(meta, i) ==> \at(gq[i], L2) <= k ==>
        amq_quotient_used{L2}(meta, k);
    lemma amq_quotient_del_nogap{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_quotient_nogap{L2}(meta, gq, n);
  }

  // Quotient order.
  axiomatic QfDelQsorted {
    predicate amq_quotient_del_qs_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_quotient_bytes{L1}(meta, n) &&
      amq_quotient_qsorted{L1}(meta, gq, n) &&
      amq_quotient_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_quotient_deleted{L1, L2}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_quotient_del_used{L1, L2}(meta, n, t);
    lemma amq_quotient_del_qs_out{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (j < p || t <= i || (i < p && t <= j)) ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_quotient_del_qs_lo_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (i < p && p <= j < t - 1) ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_quotient_del_qs_mid_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (p <= i && j < t - 1) ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_quotient_del_qs_mid_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (p <= i < t - 1 && t <= j) ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_quotient_del_qsorted{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_quotient_qsorted{L2}(meta, gq, n);
  }

  // Remainder order within runs.
  axiomatic QfDelRsorted {
    predicate amq_quotient_del_rs_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_quotient_bytes{L1}(meta, n) &&
      amq_quotient_rsorted{L1}(rem, meta, gq, n) &&
      amq_quotient_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_quotient_deleted{L1, L2}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_quotient_del_used{L1, L2}(meta, n, t);
    lemma amq_quotient_del_rs_out{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (j < p || t <= i || (i < p && t <= j)) ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_quotient_del_rs_lo_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (i < p && p <= j < t - 1) ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_quotient_del_rs_mid_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (p <= i && j < t - 1) ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_quotient_del_rs_mid_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (p <= i < t - 1 && t <= j) ==> amq_quotient_used{L2}(meta, i) ==> amq_quotient_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_quotient_del_rsorted{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_quotient_rsorted{L2}(rem, meta, gq, n);
  }

  // is_continuation, case by case.
  axiomatic QfDelRuns {
    predicate amq_quotient_del_runs_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_quotient_bytes{L1}(meta, n) &&
      amq_quotient_home{L1}(meta, gq, n) &&
      amq_quotient_shifted{L1}(meta, gq, n) &&
      amq_quotient_qsorted{L1}(meta, gq, n) &&
      amq_quotient_runs{L1}(meta, gq, n) &&
      amq_quotient_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_quotient_deleted{L1, L2}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_quotient_del_used{L1, L2}(meta, n, t);
    lemma amq_quotient_del_runs_lo{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; 0 <= i < p ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_del_runs_p{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; i == p && p < t - 1 ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_del_runs_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; p < i < t - 1 ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_del_runs_free{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; i == t - 1 ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_del_runs_t{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; i == t && t < n ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_del_runs_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; t < i < n ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_del_runs_upto{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; 0 <= i < t - 1 ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_del_runs_above{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; t - 1 <= i < n ==> (amq_quotient_C{L2}(meta, i) <==>
        (amq_quotient_used{L2}(meta, i) && 0 < i && amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_quotient_del_runs{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_quotient_runs{L2}(meta, gq, n);
  }

  // Content: one copy of (fq, fr) goes, everything else stays, nothing appears.
  axiomatic QfDelContent {
    predicate amq_quotient_del_content_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_quotient_bytes{L1}(meta, n) &&
      amq_quotient_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_quotient_deleted{L1, L2}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_quotient_del_used{L1, L2}(meta, n, t);
    lemma amq_quotient_del_map_lo{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; 0 <= i < p ==> amq_quotient_used{L1}(meta, i) ==>
        amq_quotient_used{L2}(meta, i) && \at(gq[i], L2) == \at(gq[i], L1) && \at(rem[i], L2) == \at(rem[i], L1);
    lemma amq_quotient_del_map_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; p < i < t ==> amq_quotient_used{L1}(meta, i) ==>
        amq_quotient_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L1) && \at(rem[i - 1], L2) == \at(rem[i], L1);
    lemma amq_quotient_del_map_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; t <= i < n ==> amq_quotient_used{L1}(meta, i) ==>
        amq_quotient_used{L2}(meta, i) && \at(gq[i], L2) == \at(gq[i], L1) && \at(rem[i], L2) == \at(rem[i], L1);
    lemma amq_quotient_del_map{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; 0 <= i < n ==> i != p ==> amq_quotient_used{L1}(meta, i) ==>
        \exists integer k; 0 <= k < n && amq_quotient_used{L2}(meta, k) &&
          \at(gq[k], L2) == \at(gq[i], L1) && \at(rem[k], L2) == \at(rem[i], L1);
    lemma amq_quotient_del_back{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer k; 0 <= k < n ==> amq_quotient_used{L2}(meta, k) ==>
        \exists integer i; 0 <= i < n && i != p && amq_quotient_used{L1}(meta, i) &&
          \at(gq[k], L2) == \at(gq[i], L1) && \at(rem[k], L2) == \at(rem[i], L1);
    lemma amq_quotient_del_kept{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer g, h; amq_quotient_member{L1}(rem, meta, gq, n, g, h) ==> (g != fq || h != fr) ==>
                             amq_quotient_member{L2}(rem, meta, gq, n, g, h);
    lemma amq_quotient_del_only{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer g, h; amq_quotient_member{L2}(rem, meta, gq, n, g, h) ==>
                             amq_quotient_member{L1}(rem, meta, gq, n, g, h);
    lemma amq_quotient_del_twice{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_quotient_member2{L1}(rem, meta, gq, n, fq, fr) ==> amq_quotient_member{L2}(rem, meta, gq, n, fq, fr);
  }

  // is_occupied.
  axiomatic QfDelOcc {
    predicate amq_quotient_del_occ_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_quotient_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_quotient_occupied{L1}(meta, gq, n);
    lemma amq_quotient_del_occ_fwd_other{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer j; 0 <= j < n ==>
        (\exists integer i; 0 <= i < n && i != p && amq_quotient_used{L1}(meta, i) && \at(gq[i], L1) == j) ==>
        (\exists integer i; 0 <= i < n && amq_quotient_used{L2}(meta, i) && \at(gq[i], L2) == j);
    lemma amq_quotient_del_occ_fwd_pre{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer j; 0 <= j < n ==> amq_quotient_O{L2}(meta, j) ==>
        (\exists integer i; 0 <= i < n && i != p && amq_quotient_used{L1}(meta, i) && \at(gq[i], L1) == j);
    lemma amq_quotient_del_occ_fwd{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer j; 0 <= j < n ==> amq_quotient_O{L2}(meta, j) ==>
        (\exists integer i; 0 <= i < n && amq_quotient_used{L2}(meta, i) && \at(gq[i], L2) == j);
    lemma amq_quotient_del_occ_back_pre{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; 0 <= i < n ==> amq_quotient_used{L2}(meta, i) ==> \at(gq[i], L2) < n ==>
        amq_quotient_O{L1}(meta, \at(gq[i], L2)) &&
        (\exists integer k; 0 <= k < n && k != p && amq_quotient_used{L1}(meta, k) && \at(gq[k], L1) == \at(gq[i], L2));
    lemma amq_quotient_del_occ_back{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; 0 <= i < n ==> amq_quotient_used{L2}(meta, i) ==> \at(gq[i], L2) < n ==>
        amq_quotient_O{L2}(meta, \at(gq[i], L2));
    lemma amq_quotient_del_occupied{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_quotient_del_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_quotient_occupied{L2}(meta, gq, n);
  }
*/
#endif
