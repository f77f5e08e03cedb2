/* ACSL logic of the sliding-window Bloom kernel (lib_internal/window_kernel.h): a ring of g
 * generations, generation i a Bloom bit array of m bits (amq_bloom_words(m) words) at gen[i],
 * count[i] insertions in generation i, *cur the generation that takes insertions.
 * Only definitions and WP-proved lemmas; no axioms.  Ignored by C compilers.
 * Lemmas are few and single-state on purpose: every lemma is a hypothesis of every goal
 * of the unit (the Bloom kernel's frame goals included); two-state steps are stated as
 * local assertions in the drivers (see acsl/amq/blocked_logic.h for the measurements). */
#ifndef AMQ_WINDOW_LOGIC_H
#define AMQ_WINDOW_LOGIC_H
#include <stdint.h>
#include <amq/bloom_logic.h>
/*@
  // n is the generation after c in the ring of g: the rotation target (the oldest
  // generation).  A predicate, not a conditional logic function: CVC4 does not prove
  // even `\result == (c + 1 == g ? 0 : c + 1)` from the same C expression.
  predicate amq_window_ring_next(integer c, integer g, integer n) =
    (c + 1 == g && n == 0) || (c + 1 < g && n == c + 1);

  // The ring in memory: a readable table of g generation pointers, each generation w
  // writable words inside the area of n words (area and n are ghost parameters of the
  // kernel: its writes are framed by that one range, so callers need no quantified
  // separation), generations pairwise disjoint; count[0 .. g-1], *cur, the table and the
  // area pairwise disjoint.
  predicate amq_window_ring{L}(uint64_t **gen, uint64_t *count, uint64_t *cur, integer g, integer w,
                        uint64_t *area, integer n) =
    \valid_read(gen + (0 .. g - 1)) && \valid(count + (0 .. g - 1)) && \valid(cur) &&
    \valid(area + (0 .. n - 1)) &&
    \separated(gen + (0 .. g - 1), count + (0 .. g - 1), cur, area + (0 .. n - 1)) &&
    (\forall integer i; 0 <= i < g ==>
       \valid(gen[i] + (0 .. w - 1)) && \subset(gen[i] + (0 .. w - 1), area + (0 .. n - 1))) &&
    (\forall integer i, j; 0 <= i < g && 0 <= j < g && i != j ==>
       \separated(gen[i] + (0 .. w - 1), gen[j] + (0 .. w - 1)));

  // An index vector of k entries, readable and disjoint from everything the kernel writes.
  predicate amq_window_ring_vec{L}(uint64_t *count, uint64_t *cur, integer g, uint64_t *area, integer n,
                            uint64_t *idx, integer k) =
    \valid_read(idx + (0 .. k - 1)) && \separated(idx + (0 .. k - 1), count + (0 .. g - 1)) &&
    \separated(idx + (0 .. k - 1), cur) && \separated(idx + (0 .. k - 1), area + (0 .. n - 1));

  // The kernel's state invariant (established by init, kept by add): the current
  // generation is a ring position and is not full.
  predicate amq_window_ring_ok{L}(uint64_t *count, uint64_t *cur, integer g, integer cap) =
    \at(*cur, L) < g && \at(count[\at(*cur, L)], L) < cap;

  // Query semantics: some generation has every index of idx set.
  predicate amq_window_ring_has{L}(uint64_t **gen, integer g, uint64_t *idx, integer k) =
    \exists integer i; 0 <= i < g && amq_bloom_all_set{L}(\at(gen[i], L), idx, k);

  // The w words of a generation are the same at L1 and at L2.
  predicate amq_window_gen_same{L1, L2}(uint64_t *bits, integer w) =
    \forall integer i; 0 <= i < w ==> \at(bits[i], L1) == \at(bits[i], L2);

  // Every word of a generation is 0 at L.
  predicate amq_window_gen_empty{L}(uint64_t *bits, integer w) =
    \forall integer i; 0 <= i < w ==> \at(bits[i], L) == 0;

  // No bit of a zero word is set. CVC4 has no theory of shifts: WP proves this by its Range
  // tactic (-wp-auto wp:range in the unit: one constant shift per case, folded by Qed).
  lemma amq_window_shr0: \forall integer s; 0 <= s < 64 ==> ((0 >> s) & 1) != 1;
*/
#endif
