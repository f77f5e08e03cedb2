/* ACSL definitions of copy counts in the cuckoo filter (issue 23, the sequence theorem; plan in
 * proofs/drafts/cuckoo-copy-counts.md): how many slots of a range hold a fingerprint, and the
 * predicates the count lemmas take.  Included by the kernel header (lib_internal/cuckoo_kernel.h),
 * so that the kernel's contracts can state counts; the lemmas are in cuckoo_count_logic.h,
 * included only where a proof needs them (every lemma of an included header is a hypothesis of
 * every goal of the unit).
 *
 * Frama-C takes no predicate (amq_cuckoo_is) as the condition of ? : or as the body of \numof,
 * so the per-slot indicator is a term built from bit terms (amq_cuckoo_eqn), and the ghost
 * amq_cuckoo_step_one_is of src/lib_internal/cuckoo_count_ghost.h links it to amq_cuckoo_is.  Only
 * definitions; no lemmas, no axioms.  Ignored by C compilers. */
#ifndef AMQ_CUCKOO_COUNT_DEFS_H
#define AMQ_CUCKOO_COUNT_DEFS_H
#include <amq/cuckoo_logic.h>
/*@
  // Bit p of the packed array, as 0 or 1.
  logic integer amq_cuckoo_wb{L}(uint64_t *w, integer p) = amq_cuckoo_xb(\at(w[p / 64], L), p % 64);

  // 1 if the n bits at offset o hold the low n bits of x, else 0.
  logic integer amq_cuckoo_eqn{L}(uint64_t *w, integer o, integer x, integer n) =
    n <= 0 ? 1 : (amq_cuckoo_wb{L}(w, o + n - 1) == amq_cuckoo_xb(x, n - 1) ? amq_cuckoo_eqn{L}(w, o, x, n - 1) : 0);

  // 1 if slot s holds x, else 0.
  logic integer amq_cuckoo_one{L}(uint64_t *w, integer f, integer s, integer x) = amq_cuckoo_eqn{L}(w, s * f, x, f);

  // How many of the n slots lo .. lo + n - 1 hold x.
  logic integer amq_cuckoo_cnt{L}(uint64_t *w, integer f, integer lo, integer n, integer x) =
    n <= 0 ? 0 : amq_cuckoo_cnt{L}(w, f, lo, n - 1, x) + amq_cuckoo_one{L}(w, f, lo + n - 1, x);

  // Copies of x in bucket k.
  logic integer amq_cuckoo_bcnt{L}(uint64_t *w, integer f, integer b, integer k, integer x) =
    amq_cuckoo_cnt{L}(w, f, k * b, b, x);

  // Copies of x for bucket i: in bucket i and in its alternate (counted once when the
  // alternate is i itself).  Keys with x's low f bits and either bucket of the pair share it.
  logic integer amq_cuckoo_pcnt{L}(uint64_t *w, integer f, integer b, integer nb, integer i, integer x) =
    amq_cuckoo_bcnt{L}(w, f, b, i, x) +
    (amq_cuckoo_alt(i, x, f, nb) != i ? amq_cuckoo_bcnt{L}(w, f, b, amq_cuckoo_alt(i, x, f, nb), x) : 0);

  // At L the indicator is 0 or 1, and 1 exactly where amq_cuckoo_is holds (the ghost
  // amq_cuckoo_step_one_is of src/lib_internal/cuckoo_count_ghost.h proves it of any state).
  predicate amq_cuckoo_linked{L}(uint64_t *w, integer f) =
    (\forall integer s, x; amq_cuckoo_one{L}(w, f, s, x) == 0 || amq_cuckoo_one{L}(w, f, s, x) == 1) &&
    (\forall integer s, x; 0 <= s * f && 0 <= x ==> (amq_cuckoo_one{L}(w, f, s, x) == 1 <==> amq_cuckoo_is{L}(w, f, s, x)));

  // From L1 to L2 every slot but s holds what it held (the slot frame of one write).
  predicate amq_cuckoo_frame{L1, L2}(uint64_t *w, integer f, integer s) =
    \forall integer r, y; 0 <= r && r != s ==> (amq_cuckoo_is{L1}(w, f, r, y) <==> amq_cuckoo_is{L2}(w, f, r, y));

  // The product and hash facts the class lemmas take as premises (the kernel's ghosts
  // amq_cuckoo_step_buckets and amq_cuckoo_step_alt_bits give them; no lemma proves a product).
  // Buckets start at a non-negative slot; two buckets that share a slot are one.
  predicate amq_cuckoo_base(integer b) = \forall integer k; 0 <= k ==> 0 <= k * b;
  predicate amq_cuckoo_disjoint(integer b) =
    \forall integer s, k, j; 0 <= k && 0 <= j && amq_cuckoo_slot_of(s, k, b) && amq_cuckoo_slot_of(s, j, b) ==> k == j;
  // Every x with y's low f bits has y's alternate buckets.
  predicate amq_cuckoo_alt_same(integer y, integer f, integer nb) =
    \forall integer x, i; amq_cuckoo_same(x, y, f) ==> amq_cuckoo_alt(i, x, f, nb) == amq_cuckoo_alt(i, y, f, nb);

  // One write (issue 23, step 4): from L1 to L2 the counts of b-slot ranges changed only by
  // slot s, a range holding s by s's indicator at L2 minus that at L1 (emptying s is the case
  // one{L2}(s, x) == 0).
  predicate amq_cuckoo_write_effect{L1, L2}(uint64_t *w, integer f, integer b, integer s) =
    \forall integer lo, x; 0 <= lo && 0 <= x && amq_cuckoo_fp(x, f) ==>
      amq_cuckoo_cnt{L2}(w, f, lo, b, x) ==
        amq_cuckoo_cnt{L1}(w, f, lo, b, x) + (lo <= s < lo + b ? amq_cuckoo_one{L2}(w, f, s, x) - amq_cuckoo_one{L1}(w, f, s, x) : 0);
*/
#endif
