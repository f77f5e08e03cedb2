/* Shared ACSL logic for blocked AMQs (lib_internal/blocked_kernel.h): a state of nblocks
 * blocks of bsize positions each, kept as one flat array of m = nblocks * bsize
 * positions; position p of block b is the global position b * bsize + p.  Blocking
 * is a translation of an inner structure's in-block index vector into that window,
 * after which the inner kernel (Bloom, counting) runs unchanged on the flat array.
 * Partitioning is the same translation with one window per index: index t of a
 * vector goes to partition t, global position t * psize + local[t].
 * Only definitions and lemmas that WP proves; no axioms.  Ignored by C compilers. */
#ifndef AMQ_BLOCKED_LOGIC_H
#define AMQ_BLOCKED_LOGIC_H
#include <stdint.h>
#include <amq/bloom_logic.h>
#ifndef AMQ_BLOCKED_NO_COUNTING
#include <amq/counting_logic.h>
#endif
/*@
  // First global position of block b.
  logic integer amq_blocked_base(integer bsize, integer b) = b * bsize;

  // Facts about products ("windows of distinct blocks do not overlap") are proved as
  // ghost functions where they are used: SMT solvers do not instantiate lemmas on
  // arithmetic terms, but a ghost call states the exact instance.  For the same
  // reason the theorem drivers reason on translated vectors (in memory) rather than
  // on predicates with a quantified t * s.  Lemmas are few and single-state on
  // purpose: every lemma is a hypothesis of every goal of a unit, and general
  // two-state lemmas over amq_bloom_bit_set slow the Bloom kernel's own frame proof down
  // by two orders of magnitude; the drivers state such steps as local assertions.

  // g is idx translated into the window of block b (read at L).
  predicate amq_blocked_shifted{L}(uint64_t *g, uint64_t *idx, integer k, integer bsize, integer b) =
    \forall integer t; 0 <= t < k ==> \at(g[t], L) == b * bsize + \at(idx[t], L);

  // g is local translated into partitions: entry t into partition t (read at L).
  predicate amq_blocked_parted{L}(uint64_t *g, uint64_t *local, integer k, integer psize) =
    \forall integer t; 0 <= t < k ==> \at(g[t], L) == t * psize + \at(local[t], L);

*/
#ifndef AMQ_BLOCKED_NO_BLOOM
/*@
  // ---- blocked Bloom ----

  // Query semantics of a blocked Bloom filter: every in-block index of idx has its
  // bit set in block b.
  predicate amq_blocked_all_set{L}(uint64_t *bits, integer bsize, integer b, uint64_t *idx, integer k) =
    \forall integer t; 0 <= t < k ==> amq_bloom_bit_set{L}(bits, b * bsize + \at(idx[t], L));

  // Every bit outside the window [lo, hi) has the same value at L1 and L2 (bit
  // positions below 64 * n: the whole array, padding bits included).
  predicate amq_blocked_window_frame{L1, L2}(uint64_t *bits, integer n, integer lo, integer hi) =
    \forall integer p; 0 <= p < 64 * n ==> (p < lo || hi <= p) ==>
      (amq_bloom_bit_set{L2}(bits, p) <==> amq_bloom_bit_set{L1}(bits, p));

  // ---- partitioned Bloom ----

  // Query semantics of a partitioned Bloom filter: bit local[t] of partition t is set,
  // for every t < k.
  predicate amq_partitioned_all_set{L}(uint64_t *bits, integer psize, uint64_t *local, integer k) =
    \forall integer t; 0 <= t < k ==> amq_bloom_bit_set{L}(bits, t * psize + \at(local[t], L));

  // ---- split-block Bloom: blocks of k words of s bits, one bit per word ----

  // Query semantics: in block b (of k*s bits), bit r[t] of word t is set, for every t < k.
  predicate amq_split_block_all_set{L}(uint64_t *bits, integer s, integer b, uint64_t *r, integer k) =
    \forall integer t; 0 <= t < k ==>
      amq_bloom_bit_set{L}(bits, b * (k * s) + (t * s + \at(r[t], L)));

  // ---- translation lemmas: the inner kernel's query semantics on the translated
  // vector is the blocked / partitioned / split-block query semantics ----

  lemma amq_blocked_all_set_shifted{L}:
    \forall uint64_t *bits, uint64_t *g, uint64_t *idx, integer k, integer bsize, integer b;
      amq_blocked_shifted{L}(g, idx, k, bsize, b) ==>
      (amq_bloom_all_set{L}(bits, g, k) <==> amq_blocked_all_set{L}(bits, bsize, b, idx, k));

  lemma amq_partitioned_all_set_parted{L}:
    \forall uint64_t *bits, uint64_t *g, uint64_t *local, integer k, integer psize;
      amq_blocked_parted{L}(g, local, k, psize) ==>
      (amq_bloom_all_set{L}(bits, g, k) <==> amq_partitioned_all_set{L}(bits, psize, local, k));

  lemma amq_split_block_all_set_parted{L}:
    \forall uint64_t *bits, uint64_t *loc, uint64_t *r, integer k, integer s, integer b;
      amq_blocked_parted{L}(loc, r, k, s) ==>
      (amq_blocked_all_set{L}(bits, k * s, b, loc, k) <==> amq_split_block_all_set{L}(bits, s, b, r, k));
*/
#endif /* AMQ_BLOCKED_NO_BLOOM */
#ifndef AMQ_BLOCKED_NO_COUNTING
/*@
  // ---- blocked counting ----

  // The predicates take the block's first counter, base = b * bsize, as one argument:
  // the provers then relate a contract's b * bsize to a program's base by congruence,
  // without unfolding a nonlinear term inside the counter arithmetic (div / mod).

  // Query semantics: every in-block counter named by idx is nonzero in the block that
  // starts at counter base.
  predicate amq_blocked_counting_present{L}(uint8_t *c, integer w, integer base, uint64_t *idx, integer k) =
    \forall integer t; 0 <= t < k ==> amq_counting_cell{L}(c, w, base + \at(idx[t], L)) > 0;

  // remove(b, idx) succeeds iff this holds: each in-block counter named is saturated
  // or holds at least the multiplicity of its index in idx.
  predicate amq_blocked_counting_covers{L}(uint8_t *c, integer w, integer base, uint64_t *idx, integer k) =
    \forall integer t; 0 <= t < k ==>
      amq_counting_cell{L}(c, w, base + \at(idx[t], L)) == amq_counting_max(w) ||
      amq_counting_cell{L}(c, w, base + \at(idx[t], L)) >= amq_counting_occ{L}(idx, k, \at(idx[t], L));

  // Every counter outside the window [lo, hi) of the m counters is the same at L1, L2.
  predicate amq_blocked_counting_window_frame{L1, L2}(uint8_t *c, integer w, integer m, integer lo, integer hi) =
    \forall integer p; 0 <= p < m ==> (p < lo || hi <= p) ==>
      amq_counting_cell{L2}(c, w, p) == amq_counting_cell{L1}(c, w, p);

  // Exact effect of add(b, idx) inside the window of bsize counters that starts at base
  // (idx read at L1): counter base + q takes its q increments, with sticky saturation,
  // as the inner kernel's amq_counting_added says for the translated vector.
  predicate amq_blocked_counting_added{L1, L2}(uint8_t *c, integer w, integer base, integer bsize,
                                   uint64_t *idx, integer k) =
    \forall integer q; 0 <= q < bsize ==>
      amq_counting_cell{L2}(c, w, base + q) ==
        amq_counting_sat_add(w, amq_counting_cell{L1}(c, w, base + q), amq_counting_occ{L1}(idx, k, q));

  // Exact effect of a successful remove(b, idx) inside the window (as amq_counting_removed).
  predicate amq_blocked_counting_removed{L1, L2}(uint8_t *c, integer w, integer base, integer bsize,
                                     uint64_t *idx, integer k) =
    \forall integer q; 0 <= q < bsize ==>
      amq_counting_cell{L2}(c, w, base + q) ==
        amq_counting_sat_sub(w, amq_counting_cell{L1}(c, w, base + q), amq_counting_occ{L1}(idx, k, q));

  // The counting kernel's query condition on the translated vector is the blocked one.
  // (Its removal condition is related in place, in src/blocked_kernel.c: a lemma over
  // the recursive amq_counting_occ sends the provers into a matching loop.)
  lemma amq_blocked_counting_present_shifted{L}:
    \forall uint8_t *c, uint64_t *g, uint64_t *idx, integer w, integer k, integer bsize, integer b;
      amq_blocked_shifted{L}(g, idx, k, bsize, b) ==>
      (amq_counting_present{L}(c, w, g, k) <==> amq_blocked_counting_present{L}(c, w, b * bsize, idx, k));
*/
#endif
#endif
