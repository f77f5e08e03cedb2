/* ACSL definitions of the quotient filter's state (acsl/amq/quotient_logic.h explains the
 * layout): the metadata byte, the invariant amq_quotient_inv part by part, the abstract content
 * (amq_quotient_member).  Definitions only. */
#ifndef AMQ_QUOTIENT_STATE_H
#define AMQ_QUOTIENT_STATE_H
#include <stdint.h>
#include <amq/shift_logic.h>
/*@
  // ---- the metadata byte (0 .. 7) ----
  predicate amq_quotient_occ(integer m)  = m == 1 || m == 3 || m == 5 || m == 7;
  predicate amq_quotient_cont(integer m) = m == 2 || m == 3 || m == 6 || m == 7;
  predicate amq_quotient_shft(integer m) = 4 <= m <= 7;

  // ---- slots (memory read at the predicate's label) ----
  predicate amq_quotient_O{L}(uint8_t *meta, integer i) = amq_quotient_occ(meta[i]);
  predicate amq_quotient_C{L}(uint8_t *meta, integer i) = amq_quotient_cont(meta[i]);
  predicate amq_quotient_S{L}(uint8_t *meta, integer i) = amq_quotient_shft(meta[i]);
  predicate amq_quotient_used{L}(uint8_t *meta, integer i) = meta[i] != 0;
  // Quotient of slot i at label L (i is evaluated where the term appears).
  logic integer amq_quotient_gq{L}(uint64_t *gq, integer i) = gq[i];

  // ---- the invariant, part by part ----
  // Bytes hold only the three metadata bits.
  predicate amq_quotient_bytes{L}(uint8_t *meta, integer n) =
    \forall integer i; 0 <= i < n ==> meta[i] <= 7;
  // An element sits at or after its canonical slot (no wraparound).
  predicate amq_quotient_home{L}(uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer i; 0 <= i < n ==> amq_quotient_used(meta, i) ==> gq[i] <= i;
  // is_shifted is set exactly on elements that are not in their canonical slot.
  predicate amq_quotient_shifted{L}(uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer i; 0 <= i < n ==> amq_quotient_used(meta, i) ==>
      (amq_quotient_S(meta, i) <==> gq[i] < i);
  // Clusters are contiguous: every slot from an element's canonical slot to its own is used.
  predicate amq_quotient_nogap{L}(uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer i, k; 0 <= k <= i < n ==> amq_quotient_used(meta, i) ==> gq[i] <= k ==>
      amq_quotient_used(meta, k);
  // Elements are stored in quotient order ...
  predicate amq_quotient_qsorted{L}(uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer i, j; 0 <= i < j < n ==> amq_quotient_used(meta, i) ==> amq_quotient_used(meta, j) ==>
      gq[i] <= gq[j];
  // ... and each run (elements of one quotient) in remainder order.
  predicate amq_quotient_rsorted{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer i, j; 0 <= i < j < n ==> amq_quotient_used(meta, i) ==> amq_quotient_used(meta, j) ==>
      gq[i] == gq[j] ==> rem[i] <= rem[j];
  // is_continuation is set exactly on elements whose predecessor has the same quotient.
  predicate amq_quotient_runs{L}(uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer i; 0 <= i < n ==>
      (amq_quotient_C(meta, i) <==> (amq_quotient_used(meta, i) && 0 < i && amq_quotient_used(meta, i - 1) &&
                               gq[i - 1] == gq[i]));
  // is_occupied is set exactly on the quotients of stored elements.
  predicate amq_quotient_occupied{L}(uint8_t *meta, uint64_t *gq, integer n) =
    \forall integer j; 0 <= j < n ==>
      (amq_quotient_O(meta, j) <==> (\exists integer i; 0 <= i < n && amq_quotient_used(meta, i) && gq[i] == j));

  // The count and the invariant sit in an axiomatic block so that WP compiles them into
  // their own cluster: otherwise the recursive definition of amq_quotient_nused lands in the
  // shared top-level cluster as soon as any goal of the run mentions it, and reaches every
  // lemma's context, where CVC4 loops on it (two insert/delete lemmas then time out).
  axiomatic QfCount {
    // Number of used slots among 0 .. k-1.
    logic integer amq_quotient_nused{L}(uint8_t *meta, integer k) =
      k <= 0 ? 0 : amq_quotient_nused{L}(meta, k - 1) + (meta[k - 1] != 0 ? 1 : 0);

    // Everything the decoding walk (find the run of a quotient) relies on.
    predicate amq_quotient_shape{L}(uint8_t *meta, uint64_t *gq, integer n) =
      amq_quotient_bytes(meta, n) && amq_quotient_home(meta, gq, n) && amq_quotient_shifted(meta, gq, n) &&
      amq_quotient_nogap(meta, gq, n) && amq_quotient_qsorted(meta, gq, n) && amq_quotient_runs(meta, gq, n) &&
      amq_quotient_occupied(meta, gq, n);

    // The metadata invariant: runs sorted, is_shifted consistent with the canonical slot,
    // clusters contiguous, occupied/continuation bits exact, count == number of used slots.
    predicate amq_quotient_inv{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                            integer count) =
      amq_quotient_shape(meta, gq, n) && amq_quotient_rsorted(rem, meta, gq, n) &&
      count == amq_quotient_nused(meta, n);
  }

  // ---- abstract content ----
  // (fq, fr) is stored: at least once, at least twice.
  predicate amq_quotient_member{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                             integer fq, integer fr) =
    \exists integer i; 0 <= i < n && amq_quotient_used(meta, i) && gq[i] == fq && rem[i] == fr;
  predicate amq_quotient_member2{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                              integer fq, integer fr) =
    \exists integer i, j; 0 <= i < n && 0 <= j < n && i != j &&
      amq_quotient_used(meta, i) && gq[i] == fq && rem[i] == fr &&
      amq_quotient_used(meta, j) && gq[j] == fq && rem[j] == fr;

  // Some slot in [lo, n) is free.
  predicate amq_quotient_room{L}(uint8_t *meta, integer n, integer lo) =
    \exists integer k; lo <= k < n && meta[k] == 0;

  // An empty table (every byte 0) satisfies the invariant with any ghost array.
  predicate amq_quotient_all_free{L}(uint8_t *meta, integer n) =
    \forall integer i; 0 <= i < n ==> meta[i] == 0;
*/
#endif
