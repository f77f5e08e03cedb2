/* Shared ACSL logic for the counting Bloom kernel (lib_internal/counting_kernel.h).
 * Counters have width w in {4, 8}: w == 8 is one counter per byte; w == 4 packs two
 * counters per byte, counter p in byte p/2, low nibble for even p.  Defining the counter
 * value once, as amq_counting_cell(c, w, p), lets the add/remove/query proofs be written once for
 * both widths.  Only definitions; facts that need induction (occurrence counts, counter
 * sums) are proved by WP as ghost lemma functions and ghost loops in
 * src/counting_kernel.c, never assumed.  Ignored by C compilers. */
#ifndef AMQ_COUNTING_LOGIC_H
#define AMQ_COUNTING_LOGIC_H
#include <stdint.h>
#include <amq/bloom_logic.h>
/*@
  predicate amq_counting_width_ok(integer w) = w == 4 || w == 8;

  // Largest value of a w-bit counter; a counter that reaches it is saturated (sticky).
  logic integer amq_counting_max(integer w) = w == 8 ? 255 : 15;

  // Bytes that hold m counters of width w.
  logic integer amq_counting_bytes(integer w, integer m) = w == 8 ? m : (m + 1) / 2;

  // Byte that holds counter p.
  logic integer amq_counting_byte(integer w, integer p) = w == 8 ? p : p / 2;

  // Value of counter p at L.  Nibbles are read arithmetically (% 16, / 16), which the
  // provers handle far better than shifts and masks; the C code uses the same forms.
  logic integer amq_counting_cell{L}(uint8_t *c, integer w, integer p) =
    w == 8 ? \at(c[p], L)
           : (p % 2 == 0 ? \at(c[p / 2], L) % 16 : \at(c[p / 2], L) / 16);

  // Counters 0 .. m-1 lie in [0, max].  Holds by typing (reads through uint8_t * are
  // typed); asserting it where a proof needs it keeps it out of unrelated goals, which a
  // global lemma would not (WP adds every lemma to every goal).
  predicate amq_counting_range{L}(uint8_t *c, integer w, integer m) =
    \forall integer p; 0 <= p < m ==> 0 <= amq_counting_cell{L}(c, w, p) <= amq_counting_max(w);

  // Number of occurrences of p among the first k entries of idx (read at L).
  logic integer amq_counting_occ{L}(uint64_t *idx, integer k, integer p) =
    k <= 0 ? 0 : amq_counting_occ{L}(idx, k - 1, p) + (\at(idx[k - 1], L) == p ? 1 : 0);

  // Sum of counters 0 .. n-1 at L: a mathematical integer, whatever m is.
  logic integer amq_counting_sum{L}(uint8_t *c, integer w, integer n) =
    n <= 0 ? 0 : amq_counting_sum{L}(c, w, n - 1) + amq_counting_cell{L}(c, w, n - 1);

  // v incremented n times with sticky saturation.
  logic integer amq_counting_sat_add(integer w, integer v, integer n) =
    v + n < amq_counting_max(w) ? v + n : amq_counting_max(w);

  // v decremented n times, except that a saturated counter is never decremented.
  logic integer amq_counting_sat_sub(integer w, integer v, integer n) =
    v == amq_counting_max(w) ? v : v - n;

  // Query semantics: every counter named by idx is nonzero.
  predicate amq_counting_present{L}(uint8_t *c, integer w, uint64_t *idx, integer k) =
    \forall integer t; 0 <= t < k ==> amq_counting_cell{L}(c, w, \at(idx[t], L)) > 0;

  // Entry t of idx is covered: its counter is saturated or holds at least the
  // multiplicity of its index in idx.
  predicate amq_counting_covered_at{L}(uint8_t *c, integer w, uint64_t *idx, integer k, integer t) =
    amq_counting_cell{L}(c, w, \at(idx[t], L)) == amq_counting_max(w) ||
    amq_counting_cell{L}(c, w, \at(idx[t], L)) >= amq_counting_occ{L}(idx, k, \at(idx[t], L));

  // remove(idx) succeeds iff this holds.
  predicate amq_counting_covers{L}(uint8_t *c, integer w, uint64_t *idx, integer k) =
    \forall integer t; 0 <= t < k ==> amq_counting_covered_at{L}(c, w, idx, k, t);

  // add(idx) saturates nothing: every counter named can take all its increments.
  predicate amq_counting_fits{L}(uint8_t *c, integer w, uint64_t *idx, integer k) =
    \forall integer t; 0 <= t < k ==>
      amq_counting_cell{L}(c, w, \at(idx[t], L)) + amq_counting_occ{L}(idx, k, \at(idx[t], L)) <= amq_counting_max(w);

  // As amq_counting_fits, with room to spare: no counter named reaches the maximum.
  predicate amq_counting_fits_strictly{L}(uint8_t *c, integer w, uint64_t *idx, integer k) =
    \forall integer t; 0 <= t < k ==>
      amq_counting_cell{L}(c, w, \at(idx[t], L)) + amq_counting_occ{L}(idx, k, \at(idx[t], L)) < amq_counting_max(w);

  // add(idx) saturates no counter that was not saturated already; exactly the condition
  // under which remove(add(idx)) restores every counter.
  predicate amq_counting_no_new_saturation{L}(uint8_t *c, integer w, uint64_t *idx, integer k) =
    \forall integer t; 0 <= t < k ==>
      amq_counting_cell{L}(c, w, \at(idx[t], L)) == amq_counting_max(w) ||
      amq_counting_cell{L}(c, w, \at(idx[t], L)) + amq_counting_occ{L}(idx, k, \at(idx[t], L)) < amq_counting_max(w);

  // remove(idx) is exact: it succeeds and decrements every named counter, none saturated.
  predicate amq_counting_unsaturated_cover{L}(uint8_t *c, integer w, uint64_t *idx, integer k) =
    \forall integer t; 0 <= t < k ==>
      amq_counting_cell{L}(c, w, \at(idx[t], L)) != amq_counting_max(w) &&
      amq_counting_cell{L}(c, w, \at(idx[t], L)) >= amq_counting_occ{L}(idx, k, \at(idx[t], L));

  // A successful remove(idx) leaves every named counter nonzero.
  predicate amq_counting_keeps_positive{L}(uint8_t *c, integer w, uint64_t *idx, integer k) =
    \forall integer t; 0 <= t < k ==>
      amq_counting_cell{L}(c, w, \at(idx[t], L)) == amq_counting_max(w) ||
      amq_counting_cell{L}(c, w, \at(idx[t], L)) > amq_counting_occ{L}(idx, k, \at(idx[t], L));

  // Exact effect of add(idx) from L1 to L2 (idx read at L1).
  predicate amq_counting_added{L1, L2}(uint8_t *c, integer w, integer m, uint64_t *idx, integer k) =
    \forall integer p; 0 <= p < m ==>
      amq_counting_cell{L2}(c, w, p) == amq_counting_sat_add(w, amq_counting_cell{L1}(c, w, p), amq_counting_occ{L1}(idx, k, p));

  // Exact effect of a successful remove(idx) from L1 to L2 (idx read at L1).
  predicate amq_counting_removed{L1, L2}(uint8_t *c, integer w, integer m, uint64_t *idx, integer k) =
    \forall integer p; 0 <= p < m ==>
      amq_counting_cell{L2}(c, w, p) == amq_counting_sat_sub(w, amq_counting_cell{L1}(c, w, p), amq_counting_occ{L1}(idx, k, p));

  // Every counter named by idx was incremented, unless it ends saturated.
  predicate amq_counting_incremented{L1, L2}(uint8_t *c, integer w, uint64_t *idx, integer k) =
    \forall integer t; 0 <= t < k ==>
      amq_counting_cell{L2}(c, w, \at(idx[t], L1)) == amq_counting_max(w) ||
      amq_counting_cell{L2}(c, w, \at(idx[t], L1)) > amq_counting_cell{L1}(c, w, \at(idx[t], L1));

  // Every counter named by idx was decremented, unless it was saturated.
  predicate amq_counting_decremented{L1, L2}(uint8_t *c, integer w, uint64_t *idx, integer k) =
    \forall integer t; 0 <= t < k ==>
      amq_counting_cell{L1}(c, w, \at(idx[t], L1)) == amq_counting_max(w) ||
      amq_counting_cell{L2}(c, w, \at(idx[t], L1)) < amq_counting_cell{L1}(c, w, \at(idx[t], L1));

  // No counter decreases / increases from L1 to L2.
  predicate amq_counting_grows{L1, L2}(uint8_t *c, integer w, integer m) =
    \forall integer p; 0 <= p < m ==> amq_counting_cell{L1}(c, w, p) <= amq_counting_cell{L2}(c, w, p);
  predicate amq_counting_shrinks{L1, L2}(uint8_t *c, integer w, integer m) =
    \forall integer p; 0 <= p < m ==> amq_counting_cell{L2}(c, w, p) <= amq_counting_cell{L1}(c, w, p);

  // Only counters named by idx (read at L1) may differ between L1 and L2.
  predicate amq_counting_frame{L1, L2}(uint8_t *c, integer w, integer m, uint64_t *idx, integer k) =
    \forall integer p; 0 <= p < m ==> !amq_bloom_named{L1}(idx, k, p) ==>
      amq_counting_cell{L2}(c, w, p) == amq_counting_cell{L1}(c, w, p);

  // The padding nibble (w == 4 and m odd: the high nibble of the last byte, c[m / 2],
  // which holds no counter) is the same at L1 and L2.  Vacuous for w == 8.
  predicate amq_counting_pad_same{L1, L2}(uint8_t *c, integer w, integer m) =
    (w == 4 && m % 2 == 1) ==> \at(c[m / 2], L2) / 16 == \at(c[m / 2], L1) / 16;

  // All counters equal at L1 and L2.
  predicate amq_counting_same{L1, L2}(uint8_t *c, integer w, integer m) =
    \forall integer p; 0 <= p < m ==> amq_counting_cell{L2}(c, w, p) == amq_counting_cell{L1}(c, w, p);

  // Every byte of the counter array equal at L1 and L2 (a refused remove changes nothing).
  predicate amq_counting_bytes_same{L1, L2}(uint8_t *c, integer w, integer m) =
    \forall integer b; 0 <= b < amq_counting_bytes(w, m) ==> \at(c[b], L2) == \at(c[b], L1);

  // The reduction map of Ceramist section 4.4: bit p is set iff counter p is nonzero.
  predicate amq_counting_reflects{L}(uint8_t *c, integer w, uint64_t *bits, integer m) =
    \forall integer p; 0 <= p < m ==>
      (amq_bloom_bit_set{L}(bits, p) <==> amq_counting_cell{L}(c, w, p) > 0);
*/
#endif
