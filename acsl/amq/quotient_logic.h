/* ACSL logic for the quotient filter kernel (internal/quotient_kernel.h).
 *
 * A table has n slots.  Slot i holds a remainder rem[i] and a metadata byte meta[i]:
 *   bit 0 is_occupied     (slot attribute: some stored fingerprint has quotient i),
 *   bit 1 is_continuation (element attribute: the element in slot i has the same quotient
 *                          as the element in slot i-1),
 *   bit 2 is_shifted      (element attribute: the element in slot i is not in slot fq).
 * A slot is used (holds an element) iff its byte is nonzero; the invariant keeps the
 * bytes below 8.  On bytes 0 .. 7 the predicates below are exactly bits 0, 1 and 2; they
 * are spelled as lists of values because linear (in)equalities are what the provers
 * handle well (div/mod terms, let alone shifts and masks, swamp them).  The C code reads
 * bits through small accessor functions whose contracts state these predicates.
 *
 * The quotient of the element in slot i is not stored: the kernel decodes it from the
 * metadata.  The logic names it through a ghost array gq (one entry per slot) that the
 * kernel maintains in ghost code; amq_qf_inv ties gq to the metadata so tightly that
 * query's contract (result == membership) holds for every gq satisfying it.  The abstract
 * content of a table is the multiset { (gq[i], rem[i]) : slot i used }.
 *
 * The table does not wrap around: quotients index slots 0 .. 2^q - 1 and runs may spill
 * into slack slots 2^q .. n - 1.  This is what makes every predicate below linear.
 * Only definitions and lemmas that WP proves; no axioms.  Ignored by C compilers. */
#ifndef AMQ_QUOTIENT_LOGIC_H
#define AMQ_QUOTIENT_LOGIC_H
#include <stdint.h>
#include <amq/shift_logic.h>
/*@
  // ---- the metadata byte (0 .. 7) ----
  predicate amq_qf_occ(integer m)  = m == 1 || m == 3 || m == 5 || m == 7;
  predicate amq_qf_cont(integer m) = m == 2 || m == 3 || m == 6 || m == 7;
  predicate amq_qf_shft(integer m) = 4 <= m <= 7;

  // ---- slots (memory read at the predicate's label) ----
  predicate amq_qf_O{L}(uint8_t *meta, integer i) = amq_qf_occ(meta[i]);
  predicate amq_qf_C{L}(uint8_t *meta, integer i) = amq_qf_cont(meta[i]);
  predicate amq_qf_S{L}(uint8_t *meta, integer i) = amq_qf_shft(meta[i]);
  predicate amq_qf_used{L}(uint8_t *meta, integer i) = meta[i] != 0;
  // Quotient of slot i at label L (i is evaluated where the term appears).
  logic integer amq_qf_gq{L}(uint64_t *gq, integer i) = gq[i];

  // ---- the invariant, part by part ----
  // Bytes hold only the three metadata bits.
  predicate amq_qf_bytes{L}(uint8_t *meta, integer n) =
    \forall integer i; 0 <= i < n ==> meta[i] <= 7;
  // An element sits at or after its canonical slot (no wraparound).
  predicate amq_qf_home{L}(uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer i; 0 <= i < n ==> amq_qf_used(meta, i) ==> gq[i] <= i;
  // is_shifted is set exactly on elements that are not in their canonical slot.
  predicate amq_qf_shifted{L}(uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer i; 0 <= i < n ==> amq_qf_used(meta, i) ==>
      (amq_qf_S(meta, i) <==> gq[i] < i);
  // Clusters are contiguous: every slot from an element's canonical slot to its own is used.
  predicate amq_qf_nogap{L}(uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer i, k; 0 <= k <= i < n ==> amq_qf_used(meta, i) ==> gq[i] <= k ==>
      amq_qf_used(meta, k);
  // Elements are stored in quotient order ...
  predicate amq_qf_qsorted{L}(uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer i, j; 0 <= i < j < n ==> amq_qf_used(meta, i) ==> amq_qf_used(meta, j) ==>
      gq[i] <= gq[j];
  // ... and each run (elements of one quotient) in remainder order.
  predicate amq_qf_rsorted{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer i, j; 0 <= i < j < n ==> amq_qf_used(meta, i) ==> amq_qf_used(meta, j) ==>
      gq[i] == gq[j] ==> rem[i] <= rem[j];
  // is_continuation is set exactly on elements whose predecessor has the same quotient.
  predicate amq_qf_runs{L}(uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer i; 0 <= i < n ==>
      (amq_qf_C(meta, i) <==> (amq_qf_used(meta, i) && 0 < i && amq_qf_used(meta, i - 1) &&
                               gq[i - 1] == gq[i]));
  // is_occupied is set exactly on the quotients of stored elements.
  predicate amq_qf_occupied{L}(uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer j; 0 <= j < n ==>
      (amq_qf_O(meta, j) <==> (\exists integer i; 0 <= i < n && amq_qf_used(meta, i) && gq[i] == j));

  // The count and the invariant sit in an axiomatic block so that WP compiles them into
  // their own cluster: otherwise the recursive definition of amq_qf_nused lands in the
  // shared top-level cluster as soon as any goal of the run mentions it, and reaches every
  // lemma's context, where CVC4 loops on it (two insert/delete lemmas then time out).
  axiomatic QfCount {
    // Number of used slots among 0 .. k-1.
    logic integer amq_qf_nused{L}(uint8_t *meta, integer k) =
      k <= 0 ? 0 : amq_qf_nused{L}(meta, k - 1) + (meta[k - 1] != 0 ? 1 : 0);

    // Everything the decoding walk (find the run of a quotient) relies on.
    predicate amq_qf_shape{L}(uint8_t *meta, uint64_t *gq, integer n) =
      amq_qf_bytes(meta, n) && amq_qf_home(meta, gq, n) && amq_qf_shifted(meta, gq, n) &&
      amq_qf_nogap(meta, gq, n) && amq_qf_qsorted(meta, gq, n) && amq_qf_runs(meta, gq, n) &&
      amq_qf_occupied(meta, gq, n);

    // The metadata invariant: runs sorted, is_shifted consistent with the canonical slot,
    // clusters contiguous, occupied/continuation bits exact, count == number of used slots.
    predicate amq_qf_inv{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                            integer count) =
      amq_qf_shape(meta, gq, n) && amq_qf_rsorted(rem, meta, gq, n) &&
      count == amq_qf_nused(meta, n);
  }

  // ---- abstract content ----
  // (fq, fr) is stored: at least once, at least twice.
  predicate amq_qf_member{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                             integer fq, integer fr) =
    \exists integer i; 0 <= i < n && amq_qf_used(meta, i) && gq[i] == fq && rem[i] == fr;
  predicate amq_qf_member2{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                              integer fq, integer fr) =
    \exists integer i, j; 0 <= i < n && 0 <= j < n && i != j &&
      amq_qf_used(meta, i) && gq[i] == fq && rem[i] == fr &&
      amq_qf_used(meta, j) && gq[j] == fq && rem[j] == fr;

  // Some slot in [lo, n) is free.
  predicate amq_qf_room{L}(uint8_t *meta, integer n, integer lo) =
    \exists integer k; lo <= k < n && meta[k] == 0;

  // An empty table (every byte 0) satisfies the invariant with any ghost array.
  predicate amq_qf_all_free{L}(uint8_t *meta, integer n) =
    \forall integer i; 0 <= i < n ==> meta[i] == 0;

  // ---- insert: (fq, fr) goes to slot p, the elements of slots [p, e) move up by one ----
  // Each group of lemmas below sits in its own axiomatic block, keyed by a hypothesis
  // predicate (amq_qf_ins_*_hyp): WP only hands a block's lemmas to goals that mention one
  // of its symbols, which keeps every prover context small.  The kernel asserts the key
  // predicate, then the conclusion.  The blocks hold definitions and lemmas only.
  axiomatic QfInsert {
    // Where insert puts (fq, fr): e is the first free slot at or after fq, p is after every
    // element <= (fq, fr) and before every element > (fq, fr) (so after equal copies).
    predicate amq_qf_ins_pos{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                                integer fq, integer fr, integer p, integer e) =
      0 <= fq <= p <= e < n && meta[e] == 0 &&
      (\forall integer k; fq <= k < e ==> amq_qf_used(meta, k)) &&
      (\forall integer k; 0 <= k < p ==> amq_qf_used(meta, k) ==>
         gq[k] < fq || (gq[k] == fq && rem[k] <= fr)) &&
      (\forall integer k; p <= k < e ==> gq[k] > fq || (gq[k] == fq && rem[k] > fr));

    // Exact effect of insert from L1 to L2.  is_occupied stays with the slot; remainder,
    // quotient and is_continuation move with the element; moved elements are shifted.
    // Slots outside [p, e] keep their element:
    predicate amq_qf_ins_frame{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                                       integer p, integer e) =
      \forall integer k; 0 <= k < n ==> (k < p || e < k) ==>
         \at(rem[k], L2) == \at(rem[k], L1) && \at(gq[k], L2) == \at(gq[k], L1) &&
         (amq_qf_C{L2}(meta, k) <==> amq_qf_C{L1}(meta, k)) &&
         (amq_qf_S{L2}(meta, k) <==> amq_qf_S{L1}(meta, k));
    // slot p holds the new element:
    predicate amq_qf_ins_new{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq,
                                     integer fq, integer fr, integer p) =
      \at(rem[p], L2) == fr && \at(gq[p], L2) == fq &&
      (amq_qf_S{L2}(meta, p) <==> fq < p) &&
      (amq_qf_C{L2}(meta, p) <==>
         (0 < p && amq_qf_used{L1}(meta, p - 1) && \at(gq[p - 1], L1) == fq));
    // the elements of [p, e) moved to (p, e]:
    predicate amq_qf_ins_moved{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq,
                                       integer fq, integer p, integer e) =
      \forall integer k; p < k <= e ==>
         \at(rem[k], L2) == \at(rem[k - 1], L1) && \at(gq[k], L2) == \at(gq[k - 1], L1) &&
         amq_qf_S{L2}(meta, k) &&
         (amq_qf_C{L2}(meta, k) <==>
            (k == p + 1 ? \at(gq[p], L1) == fq : amq_qf_C{L1}(meta, k - 1)));
    // is_occupied(fq) is set:
    predicate amq_qf_ins_occ{L1, L2}(uint8_t *meta, integer n, integer fq) =
      \forall integer k; 0 <= k < n ==>
         (amq_qf_O{L2}(meta, k) <==> (amq_qf_O{L1}(meta, k) || k == fq));
    predicate amq_qf_inserted{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                                      integer fq, integer fr, integer p, integer e) =
      amq_qf_bytes{L2}(meta, n) && amq_qf_ins_occ{L1, L2}(meta, n, fq) &&
      amq_qf_ins_frame{L1, L2}(rem, meta, gq, n, p, e) &&
      amq_qf_ins_new{L1, L2}(rem, meta, gq, fq, fr, p) &&
      amq_qf_ins_moved{L1, L2}(rem, meta, gq, fq, p, e);

    // Exactly slot e becomes used.
    lemma amq_qf_ins_used{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_bytes{L1}(meta, n) ==> amq_qf_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_qf_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer k; 0 <= k < n ==>
        (amq_qf_used{L2}(meta, k) <==> (amq_qf_used{L1}(meta, k) || k == e));
  }

  // Canonical slots and is_shifted.
  axiomatic QfInsHome {
    predicate amq_qf_ins_home_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_qf_bytes{L1}(meta, n) &&
      amq_qf_home{L1}(meta, gq, n) &&
      amq_qf_shifted{L1}(meta, gq, n) &&
      amq_qf_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_qf_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_qf_ins_home{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_qf_home{L2}(meta, gq, n);
    lemma amq_qf_ins_shifted{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_qf_shifted{L2}(meta, gq, n);
  }

  // Clusters stay contiguous.
  axiomatic QfInsNogap {
    predicate amq_qf_ins_nogap_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_qf_bytes{L1}(meta, n) &&
      amq_qf_home{L1}(meta, gq, n) &&
      amq_qf_nogap{L1}(meta, gq, n) &&
      amq_qf_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_qf_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_qf_ins_nogap{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_nogap_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_qf_nogap{L2}(meta, gq, n);
  }

  // Quotient order, case by case.
  axiomatic QfInsQsorted {
    predicate amq_qf_ins_qs_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_qf_bytes{L1}(meta, n) &&
      amq_qf_home{L1}(meta, gq, n) &&
      amq_qf_nogap{L1}(meta, gq, n) &&
      amq_qf_qsorted{L1}(meta, gq, n) &&
      amq_qf_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_qf_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_qf_ins_qs_new{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i < p ==> amq_qf_used{L2}(meta, i) ==> \at(gq[i], L2) <= fq;
    lemma amq_qf_ins_qs_lo_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; 0 <= i < p < j <= e ==> amq_qf_used{L2}(meta, i) ==>
        \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_qf_ins_qs_new_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer j; p < j <= e ==> fq <= \at(gq[j], L2);
    lemma amq_qf_ins_qs_mid_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; p < i < j <= e ==> \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_qf_ins_qs_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer j; e < j < n ==> amq_qf_used{L2}(meta, j) ==> \at(gq[j], L2) > e;
    lemma amq_qf_ins_qs_out{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; 0 <= i < j < n ==> (j < p || e < i) ==>
        amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==> \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_qf_ins_qsorted{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_qf_qsorted{L2}(meta, gq, n);
  }

  // Remainder order within runs.
  axiomatic QfInsRsorted {
    predicate amq_qf_ins_rs_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_qf_bytes{L1}(meta, n) && amq_qf_home{L1}(meta, gq, n) && amq_qf_nogap{L1}(meta, gq, n) &&
      amq_qf_rsorted{L1}(rem, meta, gq, n) &&
      amq_qf_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_qf_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_qf_ins_rs_new{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; 0 <= i < j == p ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_qf_ins_rs_new_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; i == p < j <= e ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_qf_ins_rs_lo_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; 0 <= i < p < j <= e ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_qf_ins_rs_mid_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; p < i < j <= e ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_qf_ins_rs_lo_q{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i <= e ==> amq_qf_used{L2}(meta, i) ==> \at(gq[i], L2) <= e;
    lemma amq_qf_ins_rs_hi_q{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer j; e < j < n ==> amq_qf_used{L2}(meta, j) ==> \at(gq[j], L2) > e;
    lemma amq_qf_ins_rs_cross{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; 0 <= i <= e < j < n ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_qf_ins_rs_out{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i, j; 0 <= i < j < n && (j < p || e < i) ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_qf_ins_rsorted{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_qf_rsorted{L2}(rem, meta, gq, n);
  }

  // is_continuation, case by case.
  axiomatic QfInsRuns {
    predicate amq_qf_ins_runs_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_qf_bytes{L1}(meta, n) &&
      amq_qf_home{L1}(meta, gq, n) &&
      amq_qf_nogap{L1}(meta, gq, n) &&
      amq_qf_runs{L1}(meta, gq, n) &&
      amq_qf_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_qf_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_qf_ins_runs_lo{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i < p ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_ins_runs_p{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; i == p ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_ins_runs_p1{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; i == p + 1 && i <= e ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_ins_runs_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; p + 1 < i <= e ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_ins_runs_edge{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; i == e + 1 && i < n ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_ins_runs_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; e + 1 < i < n ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_ins_runs_upto{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i <= e ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_ins_runs_above{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; e < i < n ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_ins_runs{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_qf_runs{L2}(meta, gq, n);
  }

  // Content: (fq, fr) is added (a second copy if present), nothing is lost, nothing else appears.
  axiomatic QfInsContent {
    predicate amq_qf_ins_content_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_qf_bytes{L1}(meta, n) &&
      amq_qf_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_qf_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_qf_ins_map_lo{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i < p ==> amq_qf_used{L1}(meta, i) ==>
        amq_qf_used{L2}(meta, i) && \at(gq[i], L2) == \at(gq[i], L1) && \at(rem[i], L2) == \at(rem[i], L1);
    lemma amq_qf_ins_map_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; p <= i < e ==>
        amq_qf_used{L2}(meta, i + 1) && \at(gq[i + 1], L2) == \at(gq[i], L1) &&
        \at(rem[i + 1], L2) == \at(rem[i], L1) && amq_qf_used{L1}(meta, i);
    lemma amq_qf_ins_map_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; e < i < n ==> amq_qf_used{L1}(meta, i) ==>
        amq_qf_used{L2}(meta, i) && \at(gq[i], L2) == \at(gq[i], L1) && \at(rem[i], L2) == \at(rem[i], L1);
    lemma amq_qf_ins_map{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i < n ==> amq_qf_used{L1}(meta, i) ==>
        \exists integer k; 0 <= k < n && k != p && amq_qf_used{L2}(meta, k) &&
          \at(gq[k], L2) == \at(gq[i], L1) && \at(rem[k], L2) == \at(rem[i], L1);
    lemma amq_qf_ins_twice{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_qf_member{L1}(rem, meta, gq, n, fq, fr) ==> amq_qf_member2{L2}(rem, meta, gq, n, fq, fr);
    lemma amq_qf_ins_back{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer k; 0 <= k < n ==> k != p ==> amq_qf_used{L2}(meta, k) ==>
        \exists integer i; 0 <= i < n && amq_qf_used{L1}(meta, i) &&
          \at(gq[k], L2) == \at(gq[i], L1) && \at(rem[k], L2) == \at(rem[i], L1);
    lemma amq_qf_ins_stored{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_qf_member{L2}(rem, meta, gq, n, fq, fr);
    lemma amq_qf_ins_kept{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer g, h; amq_qf_member{L1}(rem, meta, gq, n, g, h) ==>
                             amq_qf_member{L2}(rem, meta, gq, n, g, h);
    lemma amq_qf_ins_only{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer g, h; amq_qf_member{L2}(rem, meta, gq, n, g, h) ==>
                             amq_qf_member{L1}(rem, meta, gq, n, g, h) || (g == fq && h == fr);
  }

  // is_occupied.
  axiomatic QfInsOcc {
    predicate amq_qf_ins_occ_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer e) =
      amq_qf_ins_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_qf_occupied{L1}(meta, gq, n) &&
      amq_qf_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) &&
      amq_qf_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_qf_ins_occ_fwd_new{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_qf_used{L2}(meta, p) && \at(gq[p], L2) == fq;
    lemma amq_qf_ins_occ_fwd_old{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer j; 0 <= j < n ==> amq_qf_O{L1}(meta, j) ==>
        (\exists integer i; 0 <= i < n && amq_qf_used{L2}(meta, i) && \at(gq[i], L2) == j);
    lemma amq_qf_ins_occ_fwd{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer j; 0 <= j < n ==> amq_qf_O{L2}(meta, j) ==>
        (\exists integer i; 0 <= i < n && amq_qf_used{L2}(meta, i) && \at(gq[i], L2) == j);
    lemma amq_qf_ins_occ_back{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer i; 0 <= i < n ==> amq_qf_used{L2}(meta, i) ==> \at(gq[i], L2) < n ==>
        amq_qf_O{L2}(meta, \at(gq[i], L2));
    lemma amq_qf_ins_occupied{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_qf_ins_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_qf_occupied{L2}(meta, gq, n);
  }


  // ---- delete: the element of slot p goes, the shifted elements of (p, t) move down ----
  axiomatic QfDelete {
    // What delete removes: slot p holds (fq, fr); t is the first slot after p whose element
    // is not shifted (or is free), or n: the elements of (p, t) can move down by one.
    predicate amq_qf_del_pos{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                                integer fq, integer fr, integer p, integer t) =
      0 <= p < t <= n && amq_qf_used(meta, p) && gq[p] == fq && rem[p] == fr &&
      (\forall integer k; p < k < t ==> amq_qf_S(meta, k)) &&
      (t < n ==> !amq_qf_S(meta, t));

    // Exact effect of delete from L1 to L2.  is_occupied(fq) is cleared iff slot p held the
    // only element of quotient fq; remainder and quotient move down with the element;
    // is_continuation stays with the element except that the successor of a deleted run
    // head becomes the head; is_shifted is recomputed; slot t-1 becomes free.
    predicate amq_qf_del_occ{L1, L2}(uint8_t *meta, uint64_t *gq, integer n, integer fq, integer p) =
      \forall integer j; 0 <= j < n ==>
        (amq_qf_O{L2}(meta, j) <==>
          (amq_qf_O{L1}(meta, j) &&
           (j != fq || (\exists integer k; 0 <= k < n && k != p && amq_qf_used{L1}(meta, k) &&
                                          \at(gq[k], L1) == fq))));
    predicate amq_qf_del_frame{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                                       integer p, integer t) =
      \forall integer k; 0 <= k < n ==> (k < p || t <= k) ==>
         \at(rem[k], L2) == \at(rem[k], L1) && \at(gq[k], L2) == \at(gq[k], L1) &&
         (amq_qf_C{L2}(meta, k) <==> amq_qf_C{L1}(meta, k)) &&
         (amq_qf_S{L2}(meta, k) <==> amq_qf_S{L1}(meta, k));
    predicate amq_qf_del_moved{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq,
                                       integer p, integer t) =
      \forall integer k; p <= k < t - 1 ==>
         \at(rem[k], L2) == \at(rem[k + 1], L1) && \at(gq[k], L2) == \at(gq[k + 1], L1) &&
         (amq_qf_S{L2}(meta, k) <==> \at(gq[k + 1], L1) < k) &&
         (amq_qf_C{L2}(meta, k) <==> (amq_qf_C{L1}(meta, k + 1) && (p < k || amq_qf_C{L1}(meta, p))));
    predicate amq_qf_deleted{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                                     integer fq, integer fr, integer p, integer t) =
      amq_qf_bytes{L2}(meta, n) && amq_qf_del_occ{L1, L2}(meta, gq, n, fq, p) &&
      amq_qf_del_frame{L1, L2}(rem, meta, gq, n, p, t) &&
      amq_qf_del_moved{L1, L2}(rem, meta, gq, p, t) && \at(meta[t - 1], L2) == 0;

    // Exactly slot t-1 becomes free.
    predicate amq_qf_del_used{L1, L2}(uint8_t *meta, integer n, integer t) =
      \forall integer k; 0 <= k < n ==>
        (amq_qf_used{L2}(meta, k) <==> (amq_qf_used{L1}(meta, k) && k != t - 1));
  }

  // Which slots are used afterwards.
  axiomatic QfDelUsed {
    predicate amq_qf_del_used_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_qf_bytes{L1}(meta, n) &&
      amq_qf_home{L1}(meta, gq, n) &&
      amq_qf_shifted{L1}(meta, gq, n) &&
      amq_qf_nogap{L1}(meta, gq, n) &&
      amq_qf_occupied{L1}(meta, gq, n) &&
      amq_qf_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_qf_deleted{L1, L2}(rem, meta, gq, n, fq, fr, p, t);
    lemma amq_qf_del_used{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_used_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_qf_del_used{L1, L2}(meta, n, t);
  }

  // Canonical slots, is_shifted, contiguity.
  axiomatic QfDelHome {
    predicate amq_qf_del_home_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_qf_bytes{L1}(meta, n) &&
      amq_qf_home{L1}(meta, gq, n) &&
      amq_qf_shifted{L1}(meta, gq, n) &&
      amq_qf_nogap{L1}(meta, gq, n) &&
      amq_qf_qsorted{L1}(meta, gq, n) &&
      amq_qf_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_qf_deleted{L1, L2}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_qf_del_used{L1, L2}(meta, n, t);
    lemma amq_qf_del_home{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_qf_home{L2}(meta, gq, n);
    lemma amq_qf_del_shifted{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_qf_shifted{L2}(meta, gq, n);
    lemma amq_qf_del_t_after{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      t < n ==> \forall integer k; t <= k < n ==> amq_qf_used{L1}(meta, k) ==> \at(gq[k], L1) >= t;
    lemma amq_qf_del_nogap_lo{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, k; i < p ==> 0 <= k <= i < n ==> amq_qf_used{L2}(meta, i) ==> \at(gq[i], L2) <= k ==>
        amq_qf_used{L2}(meta, k);
    lemma amq_qf_del_nogap_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, k; p <= i < t - 1 ==> 0 <= k <= i < n ==> amq_qf_used{L2}(meta, i) ==> \at(gq[i], L2) <= k ==>
        amq_qf_used{L2}(meta, k);
    lemma amq_qf_del_nogap_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, k; t <= i ==> 0 <= k <= i < n ==> amq_qf_used{L2}(meta, i) ==> \at(gq[i], L2) <= k ==>
        amq_qf_used{L2}(meta, k);
    lemma amq_qf_del_nogap{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_home_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_qf_nogap{L2}(meta, gq, n);
  }

  // Quotient order.
  axiomatic QfDelQsorted {
    predicate amq_qf_del_qs_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_qf_bytes{L1}(meta, n) &&
      amq_qf_qsorted{L1}(meta, gq, n) &&
      amq_qf_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_qf_deleted{L1, L2}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_qf_del_used{L1, L2}(meta, n, t);
    lemma amq_qf_del_qs_out{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (j < p || t <= i || (i < p && t <= j)) ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_qf_del_qs_lo_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (i < p && p <= j < t - 1) ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_qf_del_qs_mid_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (p <= i && j < t - 1) ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_qf_del_qs_mid_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (p <= i < t - 1 && t <= j) ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) <= \at(gq[j], L2);
    lemma amq_qf_del_qsorted{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_qs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_qf_qsorted{L2}(meta, gq, n);
  }

  // Remainder order within runs.
  axiomatic QfDelRsorted {
    predicate amq_qf_del_rs_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_qf_bytes{L1}(meta, n) &&
      amq_qf_rsorted{L1}(rem, meta, gq, n) &&
      amq_qf_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_qf_deleted{L1, L2}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_qf_del_used{L1, L2}(meta, n, t);
    lemma amq_qf_del_rs_out{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (j < p || t <= i || (i < p && t <= j)) ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_qf_del_rs_lo_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (i < p && p <= j < t - 1) ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_qf_del_rs_mid_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (p <= i && j < t - 1) ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_qf_del_rs_mid_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i, j; 0 <= i < j < n ==> (p <= i < t - 1 && t <= j) ==> amq_qf_used{L2}(meta, i) ==> amq_qf_used{L2}(meta, j) ==>
        \at(gq[i], L2) == \at(gq[j], L2) ==> \at(rem[i], L2) <= \at(rem[j], L2);
    lemma amq_qf_del_rsorted{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_rs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_qf_rsorted{L2}(rem, meta, gq, n);
  }

  // is_continuation, case by case.
  axiomatic QfDelRuns {
    predicate amq_qf_del_runs_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_qf_bytes{L1}(meta, n) &&
      amq_qf_home{L1}(meta, gq, n) &&
      amq_qf_shifted{L1}(meta, gq, n) &&
      amq_qf_qsorted{L1}(meta, gq, n) &&
      amq_qf_runs{L1}(meta, gq, n) &&
      amq_qf_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_qf_deleted{L1, L2}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_qf_del_used{L1, L2}(meta, n, t);
    lemma amq_qf_del_runs_lo{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; 0 <= i < p ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_del_runs_p{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; i == p && p < t - 1 ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_del_runs_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; p < i < t - 1 ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_del_runs_free{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; i == t - 1 ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_del_runs_t{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; i == t && t < n ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_del_runs_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; t < i < n ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_del_runs_upto{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; 0 <= i < t - 1 ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_del_runs_above{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; t - 1 <= i < n ==> (amq_qf_C{L2}(meta, i) <==>
        (amq_qf_used{L2}(meta, i) && 0 < i && amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L2)));
    lemma amq_qf_del_runs{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_runs_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_qf_runs{L2}(meta, gq, n);
  }

  // Content: one copy of (fq, fr) goes, everything else stays, nothing appears.
  axiomatic QfDelContent {
    predicate amq_qf_del_content_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_qf_bytes{L1}(meta, n) &&
      amq_qf_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_qf_deleted{L1, L2}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_qf_del_used{L1, L2}(meta, n, t);
    lemma amq_qf_del_map_lo{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; 0 <= i < p ==> amq_qf_used{L1}(meta, i) ==>
        amq_qf_used{L2}(meta, i) && \at(gq[i], L2) == \at(gq[i], L1) && \at(rem[i], L2) == \at(rem[i], L1);
    lemma amq_qf_del_map_mid{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; p < i < t ==> amq_qf_used{L1}(meta, i) ==>
        amq_qf_used{L2}(meta, i - 1) && \at(gq[i - 1], L2) == \at(gq[i], L1) && \at(rem[i - 1], L2) == \at(rem[i], L1);
    lemma amq_qf_del_map_hi{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; t <= i < n ==> amq_qf_used{L1}(meta, i) ==>
        amq_qf_used{L2}(meta, i) && \at(gq[i], L2) == \at(gq[i], L1) && \at(rem[i], L2) == \at(rem[i], L1);
    lemma amq_qf_del_map{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; 0 <= i < n ==> i != p ==> amq_qf_used{L1}(meta, i) ==>
        \exists integer k; 0 <= k < n && amq_qf_used{L2}(meta, k) &&
          \at(gq[k], L2) == \at(gq[i], L1) && \at(rem[k], L2) == \at(rem[i], L1);
    lemma amq_qf_del_back{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer k; 0 <= k < n ==> amq_qf_used{L2}(meta, k) ==>
        \exists integer i; 0 <= i < n && i != p && amq_qf_used{L1}(meta, i) &&
          \at(gq[k], L2) == \at(gq[i], L1) && \at(rem[k], L2) == \at(rem[i], L1);
    lemma amq_qf_del_kept{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer g, h; amq_qf_member{L1}(rem, meta, gq, n, g, h) ==> (g != fq || h != fr) ==>
                             amq_qf_member{L2}(rem, meta, gq, n, g, h);
    lemma amq_qf_del_only{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer g, h; amq_qf_member{L2}(rem, meta, gq, n, g, h) ==>
                             amq_qf_member{L1}(rem, meta, gq, n, g, h);
    lemma amq_qf_del_twice{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_qf_member2{L1}(rem, meta, gq, n, fq, fr) ==> amq_qf_member{L2}(rem, meta, gq, n, fq, fr);
  }

  // is_occupied.
  axiomatic QfDelOcc {
    predicate amq_qf_del_occ_hyp{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer fq, integer fr, integer p, integer t) =
      amq_qf_del_content_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) &&
      amq_qf_occupied{L1}(meta, gq, n);
    lemma amq_qf_del_occ_fwd_other{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer j; 0 <= j < n ==>
        (\exists integer i; 0 <= i < n && i != p && amq_qf_used{L1}(meta, i) && \at(gq[i], L1) == j) ==>
        (\exists integer i; 0 <= i < n && amq_qf_used{L2}(meta, i) && \at(gq[i], L2) == j);
    lemma amq_qf_del_occ_fwd_pre{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer j; 0 <= j < n ==> amq_qf_O{L2}(meta, j) ==>
        (\exists integer i; 0 <= i < n && i != p && amq_qf_used{L1}(meta, i) && \at(gq[i], L1) == j);
    lemma amq_qf_del_occ_fwd{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer j; 0 <= j < n ==> amq_qf_O{L2}(meta, j) ==>
        (\exists integer i; 0 <= i < n && amq_qf_used{L2}(meta, i) && \at(gq[i], L2) == j);
    lemma amq_qf_del_occ_back_pre{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; 0 <= i < n ==> amq_qf_used{L2}(meta, i) ==> \at(gq[i], L2) < n ==>
        amq_qf_O{L1}(meta, \at(gq[i], L2)) &&
        (\exists integer k; 0 <= k < n && k != p && amq_qf_used{L1}(meta, k) && \at(gq[k], L1) == \at(gq[i], L2));
    lemma amq_qf_del_occ_back{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      \forall integer i; 0 <= i < n ==> amq_qf_used{L2}(meta, i) ==> \at(gq[i], L2) < n ==>
        amq_qf_O{L2}(meta, \at(gq[i], L2));
    lemma amq_qf_del_occupied{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
      amq_qf_del_occ_hyp{L1, L2}(rem, meta, gq, n, fq, fr, p, t) ==>
      amq_qf_occupied{L2}(meta, gq, n);
  }


  // ---- frame: a write elsewhere (the count) leaves the slot arrays, hence all of the
  // above, unchanged ----
  axiomatic QfFrame {
    predicate amq_qf_same{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n) =
      \forall integer i; 0 <= i < n ==>
        \at(rem[i], L1) == \at(rem[i], L2) && \at(meta[i], L1) == \at(meta[i], L2) &&
        \at(gq[i], L1) == \at(gq[i], L2);
    lemma amq_qf_same_member{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, g, h;
        amq_qf_same{L1, L2}(rem, meta, gq, n) ==>
        (amq_qf_member{L1}(rem, meta, gq, n, g, h) <==> amq_qf_member{L2}(rem, meta, gq, n, g, h));
    lemma amq_qf_same_member2{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, g, h;
        amq_qf_same{L1, L2}(rem, meta, gq, n) ==>
        (amq_qf_member2{L1}(rem, meta, gq, n, g, h) <==> amq_qf_member2{L2}(rem, meta, gq, n, g, h));
    lemma amq_qf_same_ins_pos{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
        amq_qf_same{L1, L2}(rem, meta, gq, n) ==> 0 <= e < n ==>
        amq_qf_ins_pos{L2}(rem, meta, gq, n, fq, fr, p, e) ==> amq_qf_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_qf_same_inserted{L1, L2, L3}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
        amq_qf_same{L1, L2}(rem, meta, gq, n) ==> 0 <= fq <= p <= e < n ==>
        amq_qf_inserted{L2, L3}(rem, meta, gq, n, fq, fr, p, e) ==>
        amq_qf_inserted{L1, L3}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_qf_same_del_pos{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
        amq_qf_same{L1, L2}(rem, meta, gq, n) ==> 0 <= p < t <= n ==>
        amq_qf_del_pos{L2}(rem, meta, gq, n, fq, fr, p, t) ==> amq_qf_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t);
    lemma amq_qf_same_deleted{L1, L2, L3}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
        amq_qf_same{L1, L2}(rem, meta, gq, n) ==> 0 <= p < t <= n ==>
        amq_qf_deleted{L2, L3}(rem, meta, gq, n, fq, fr, p, t) ==>
        amq_qf_deleted{L1, L3}(rem, meta, gq, n, fq, fr, p, t);
  }
*/
#endif
