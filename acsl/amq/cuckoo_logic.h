/* ACSL logic of the cuckoo filter kernel (lib_internal/cuckoo_kernel.h).
 *
 * Layout: nb buckets of b slots; slot s = i * b + t (bucket i, place t < b) holds an f-bit
 * fingerprint at bits s * f .. s * f + f - 1 of a packed array of uint64_t words (bit p in
 * word p / 64 at position p % 64, as amq_bloom_bit_set of bloom_logic.h): bit j of the fingerprint
 * at bit s * f + j.  A slot may straddle two words.  All zero bits = empty.
 *
 * Fingerprints are compared bit by bit (amq_cuckoo_is): a slot holds x when its f bits are the
 * low f bits of x.  Only definitions and WP-proved lemmas; no axioms.  Ignored by C compilers. */
#ifndef AMQ_CUCKOO_LOGIC_H
#define AMQ_CUCKOO_LOGIC_H
#include <stdint.h>
#include <amq/bloom_logic.h>

/* Multiplier of the fingerprint hash: 2^32 / golden ratio, odd (Knuth's multiplicative
 * hashing; the alternate bucket takes the product's high bits, amq_cuckoo_c). */
#define AMQ_CUCKOO_HASH_K 2654435761u
/* Bit j of an integer x is set.  A macro, not a predicate, where WP must see the bit test
 * itself (its simplifier rewrites bit tests of |, & and << only in plain terms). */
#define AMQ_CUCKOO_BIT(x, j) ((((x) >> (j)) & 1) == 1)
/*@
  // Bit j of an integer x, as 0 or 1, and as a predicate.
  logic integer amq_cuckoo_xb(integer x, integer j) = (x >> j) & 1;
  predicate amq_cuckoo_bit(integer x, integer j) = ((x >> j) & 1) == 1;

  // The f bits at bit offset o hold x (its low f bits) / are all 0.  The bit loops work on
  // an offset, so that their goals are linear (o + j, not s * f + j).
  predicate amq_cuckoo_is_at{L}(uint64_t *w, integer f, integer o, integer x) =
    \forall integer j; 0 <= j < f ==> (amq_bloom_bit_set{L}(w, o + j) <==> amq_cuckoo_bit(x, j));
  // Empty is stated as "holds 0" (no bit of 0 is set): the tests and writes of an empty slot
  // are then those of any value, and no prover must evaluate 0's bits (it could not here).
  predicate amq_cuckoo_empty_at{L}(uint64_t *w, integer f, integer o) = amq_cuckoo_is_at{L}(w, f, o, 0);
  // Every bit outside o .. o + f - 1 has the same value at L1 and L2.
  predicate amq_cuckoo_only_at{L1, L2}(uint64_t *w, integer f, integer o) =
    \forall integer p; 0 <= p && (p < o || p >= o + f) ==>
      (amq_bloom_bit_set{L1}(w, p) <==> amq_bloom_bit_set{L2}(w, p));

  // Slot s holds x: its f bits are the low f bits of x.
  predicate amq_cuckoo_is{L}(uint64_t *w, integer f, integer s, integer x) = amq_cuckoo_is_at{L}(w, f, s * f, x);

  // Slot s is empty: all its f bits are 0.
  predicate amq_cuckoo_empty{L}(uint64_t *w, integer f, integer s) = amq_cuckoo_empty_at{L}(w, f, s * f);

  // x and y have the same low f bits.
  predicate amq_cuckoo_same(integer x, integer y, integer f) =
    \forall integer j; 0 <= j < f ==> (amq_cuckoo_bit(x, j) <==> amq_cuckoo_bit(y, j));

  // x is a fingerprint of f bits: its low f bits are not those of 0 (every x in [1, 2^f) is
  // one), so an empty slot holds no fingerprint.
  predicate amq_cuckoo_fp(integer x, integer f) = !amq_cuckoo_same(x, 0, f);

  // Slot s is in bucket k (a predicate, so that the provers match it as a whole: spelled out
  // as k * b <= s < k * b + b, the one-step instantiations of insert time out).
  predicate amq_cuckoo_slot_of(integer s, integer k, integer b) = k * b <= s < k * b + b;

  // Bucket i holds x in one of its b slots.
  // (Quantified over the slot s, not its place t = s - i * b: a slot term then matches as is.)
  predicate amq_cuckoo_in{L}(uint64_t *w, integer f, integer b, integer i, integer x) =
    \exists integer s; 0 <= s && i * b <= s < i * b + b && amq_cuckoo_is{L}(w, f, s, x);


  // Slot s has the same bits at L1 and L2.
  predicate amq_cuckoo_kept{L1, L2}(uint64_t *w, integer f, integer s) =
    \forall integer j; 0 <= j < f ==> (amq_bloom_bit_set{L1}(w, s * f + j) <==> amq_bloom_bit_set{L2}(w, s * f + j));

  // Every bit outside slot s has the same value at L1 and L2.
  predicate amq_cuckoo_only{L1, L2}(uint64_t *w, integer f, integer s) = amq_cuckoo_only_at{L1, L2}(w, f, s * f);

  // From L1 to L2, slot s went from holding x to empty, and no other bit or slot changed.
  predicate amq_cuckoo_removed{L1, L2}(uint64_t *w, integer f, integer s, integer x) =
    amq_cuckoo_is{L1}(w, f, s, x) && amq_cuckoo_empty{L2}(w, f, s) && amq_cuckoo_only{L1, L2}(w, f, s) &&
    \forall integer r, y; 0 <= r && r != s && amq_cuckoo_is{L1}(w, f, r, y) ==> amq_cuckoo_is{L2}(w, f, r, y);

  // Every one of the first nw words is the same at L1 and L2.
  predicate amq_cuckoo_words_same{L1, L2}(uint64_t *w, integer nw) =
    \forall integer k; 0 <= k < nw ==> \at(w[k], L1) == \at(w[k], L2);

  // Every bit of d is clear (for extensionality: amq_cuckoo_step_zero_ext, src/cuckoo_ops.c).
  predicate amq_cuckoo_clear(integer d) = \forall integer j; 0 <= j ==> !amq_cuckoo_bit(d, j);

  // m's set bits are exactly those below f: the mask of a slot's f bits.
  predicate amq_cuckoo_mask(integer m, integer f) = \forall integer k; 0 <= k ==> (amq_cuckoo_bit(m, k) <==> k < f);

  // The low f bits of x as a value: x without its bits from f up (whole-word operations, no
  // mask: a mask's bits come only from lemma amq_cuckoo_ones_bits).  The cast keeps it a 64-bit
  // value for every integer x, so that two integers with the same low f bits have the same
  // low value (amq_cuckoo_step_same_low, by extensionality).
  logic integer amq_cuckoo_low(integer x, integer f) = (uint64_t)(x ^ ((x >> f) << f));

  // The alternate bucket is stated on the low value v (altv), and amq_cuckoo_alt reads x's:
  // the lemmas below are about altv, so that they, which every goal carries, do not carry
  // amq_cuckoo_low's cast and bit operations into every goal (measured: a bit loop's goal of
  // 44k cvc4 steps took 229k when they did).
  // The hash of a low value v: v times K, modulo 2^32 (multiplicative hashing).
  logic integer amq_cuckoo_hv(integer v) = ((v % 4294967296) * AMQ_CUCKOO_HASH_K) % 4294967296;

  // floor(h m / 2^32): the hash's high bits scaled to [0, m) (amq_reduce of h 2^32 and m), so
  // that no bucket count sees only the hash's low bits.
  logic integer amq_cuckoo_rv(integer v, integer m) =
    (amq_cuckoo_hv(v) * 4294967296 * m) / 18446744073709551616;

  // c: floor(h nb / 2^32) for an odd nb; 2 floor(h (nb/2) / 2^32) + 1, odd, for an even nb, so
  // that no bucket is its own alternate there (2j = c mod nb has no solution; the rates' T = 0,
  // docs/rates-cuckoo.md).  0 <= c < nb always; the guard gives it at once.
  logic integer amq_cuckoo_ccv(integer v, integer nb) =
    nb % 2 == 1 ? amq_cuckoo_rv(v, nb) : 2 * amq_cuckoo_rv(v, nb / 2) + 1;
  logic integer amq_cuckoo_cv(integer v, integer nb) =
    0 <= amq_cuckoo_ccv(v, nb) < nb ? amq_cuckoo_ccv(v, nb) : 0;

  // The alternate bucket of bucket i < nb for the low value v: (c - i) mod nb.
  // An involution for every nb (lemma amq_cuckoo_alt_involution), not only powers of two.
  logic integer amq_cuckoo_altv(integer i, integer v, integer nb) =
    i <= amq_cuckoo_cv(v, nb) ? amq_cuckoo_cv(v, nb) - i : amq_cuckoo_cv(v, nb) + nb - i;

  // The alternate bucket of bucket i for x: that of x's low f bits.
  logic integer amq_cuckoo_alt(integer i, integer x, integer f, integer nb) =
    amq_cuckoo_altv(i, amq_cuckoo_low(x, f), nb);

  // x is found for bucket i: in i or in its alternate.
  predicate amq_cuckoo_has{L}(uint64_t *w, integer f, integer b, integer nb, integer i, integer x) =
    amq_cuckoo_in{L}(w, f, b, i, x) || amq_cuckoo_in{L}(w, f, b, amq_cuckoo_alt(i, x, f, nb), x);

  // From L1 to L2, one slot of x's two buckets (i and its alternate) that held x was emptied,
  // and nothing else changed.
  predicate amq_cuckoo_removed_one{L1, L2}(uint64_t *w, integer f, integer b, integer nb, integer i, integer x) =
    \exists integer s; ((i * b <= s < i * b + b) ||
                        (amq_cuckoo_alt(i, x, f, nb) * b <= s < amq_cuckoo_alt(i, x, f, nb) * b + b)) &&
                       amq_cuckoo_removed{L1, L2}(w, f, s, x);

  // Slot s is in one of x's two buckets for bucket i: i or its alternate (through
  // amq_cuckoo_slot_of, so that the provers match a slot's bucket as a whole).
  predicate amq_cuckoo_pair_slot(integer s, integer i, integer x, integer f, integer b, integer nb) =
    amq_cuckoo_slot_of(s, i, b) || amq_cuckoo_slot_of(s, amq_cuckoo_alt(i, x, f, nb), b);

  // x has two copies for bucket i: two distinct slots of i and its alternate hold x.  What
  // an insert of a fingerprint already there guarantees (a new copy was written, not the old
  // one reused), so that removing one copy leaves one (proofs/cuckoo_key_driver.c).
  predicate amq_cuckoo_has2{L}(uint64_t *w, integer f, integer b, integer nb, integer i, integer x) =
    \exists integer s1, s2; 0 <= s1 && 0 <= s2 && s1 != s2 &&
      amq_cuckoo_pair_slot(s1, i, x, f, b, nb) && amq_cuckoo_pair_slot(s2, i, x, f, b, nb) &&
      amq_cuckoo_is{L}(w, f, s1, x) && amq_cuckoo_is{L}(w, f, s2, x);

  // The alternate bucket is an involution for every nb >= 1 (no power of two needed).
  lemma amq_cuckoo_alt_involution: \forall integer i, v, nb; nb >= 1 && 0 <= i < nb ==>
    amq_cuckoo_altv(amq_cuckoo_altv(i, v, nb), v, nb) == i;

  // Both buckets of x are buckets: 0 <= alt(i, x) < nb.
  lemma amq_cuckoo_alt_range: \forall integer i, v, nb; nb >= 1 && 0 <= i < nb ==>
    0 <= amq_cuckoo_altv(i, v, nb) < nb;

  // No lemma here states a product fact: a product lemma is a hypothesis of every goal and
  // sends the solvers' nonlinear search astray; the slot geometry is in ghost functions of
  // src/cuckoo_ops.c instead, proved once and called where needed (amq_cuckoo_kept_slot takes
  // the geometry as its hypothesis amq_cuckoo_apart and only passes it on).
  // Bits outside o .. o + f - 1 kept from L1 to L2: the f bits at any offset q apart from
  // them hold at L2 what they held at L1 (linear: offsets, not slots; the slot step is the
  // ghost amq_cuckoo_step_slots_apart of src/cuckoo_ops.c).
  lemma amq_cuckoo_kept_at{L1, L2}: \forall uint64_t *w, integer f, o, q, x;
    0 <= q && (q + f <= o || o + f <= q) && amq_cuckoo_only_at{L1, L2}(w, f, o) &&
    amq_cuckoo_is_at{L1}(w, f, q, x) ==> amq_cuckoo_is_at{L2}(w, f, q, x);

  // The bits of slots r and s lie apart (a predicate: a trigger for amq_cuckoo_kept_slot; the
  // ghost amq_cuckoo_step_slots_apart of src/cuckoo_ops.c proves it for every r != s).
  predicate amq_cuckoo_apart(integer r, integer s, integer f) =
    0 <= r * f && (r * f + f <= s * f || s * f + f <= r * f);

  // The slot frame: bits outside slot s kept from L1 to L2, a slot r apart from s holds at L2
  // what it held at L1.  Stated on whole slots, so that the provers instantiate it by matching
  // (with amq_cuckoo_kept_at alone, cvc4 must find the slot's offset r * f, a product, and ran to
  // the 300 s guard).
  lemma amq_cuckoo_kept_slot{L1, L2}: \forall uint64_t *w, integer f, s, r, x;
    0 <= r && amq_cuckoo_apart(r, s, f) && amq_cuckoo_only{L1, L2}(w, f, s) &&
    amq_cuckoo_is{L1}(w, f, r, x) ==> amq_cuckoo_is{L2}(w, f, r, x);

  // Every bit of 2^64 - 1 below 64 is set: written out, not through amq_cuckoo_bit, so that WP's
  // range tactic (the lemma jobs) proves it one constant shift at a time (an SMT solver would
  // need parity).  It gives the slot mask its bits (amq_cuckoo_step_mask, src/cuckoo_ops.c).
  lemma amq_cuckoo_ones_bits: \forall integer k; 0 <= k < 64 ==> ((18446744073709551615 >> k) & 1) == 1;

  // An integer bit is 0 or 1.
  lemma amq_cuckoo_xb01: \forall integer x, j; 0 <= x && 0 <= j ==> amq_cuckoo_xb(x, j) == 0 || amq_cuckoo_xb(x, j) == 1;
*/
#endif
