/* Shared ACSL logic for bit-array AMQs (Bloom kernel and later structures).
 * Only definitions and lemmas that WP proves; no axioms. Ignored by C compilers:
 * everything is inside ACSL comments. */
#ifndef AMQ_BLOOM_LOGIC_H
#define AMQ_BLOOM_LOGIC_H
#include <stdint.h>
#include <amq/shift_logic.h>
/*@
  // Words that hold m bits (m >= 1); the logic twin of AMQ_BLOOM_WORDS(m).
  logic integer amq_bloom_words(integer m) = (m - 1) / 64 + 1;

  // Bit i of the packed array: word i/64, position i%64.
  predicate amq_bloom_bit_set{L}(uint64_t *bits, integer i) =
    ((\at(bits[i / 64], L) >> (i % 64)) & 1) == 1;

  // All k indices of idx (read at L) have their bit set at L.
  predicate amq_bloom_all_set{L}(uint64_t *bits, uint64_t *idx, integer k) =
    \forall integer t; 0 <= t < k ==> amq_bloom_bit_set{L}(bits, \at(idx[t], L));

  // p is one of the first k entries of idx (read at L).
  predicate amq_bloom_named{L}(uint64_t *idx, integer k, integer p) =
    \exists integer t; 0 <= t < k && \at(idx[t], L) == p;

  // Every entry of idx is a valid bit position of an m-bit array.
  predicate amq_bloom_in_range{L}(uint64_t *idx, integer k, integer m) =
    \forall integer t; 0 <= t < k ==> \at(idx[t], L) < m;

  // No bit of the first n words is cleared from L1 to L2.
  predicate amq_bloom_monotone{L1, L2}(uint64_t *bits, integer n) =
    \forall integer p; 0 <= p < 64 * n ==>
      amq_bloom_bit_set{L1}(bits, p) ==> amq_bloom_bit_set{L2}(bits, p);

  // Query preservation: on a monotone step, an index vector j (unchanged, in range)
  // whose bits were all set stays all set. Proved by WP, not assumed.
  lemma amq_bloom_all_set_preserved{L1, L2}:
    \forall uint64_t *bits, uint64_t *j, integer n, integer kj;
      amq_bloom_monotone{L1, L2}(bits, n) ==>
      (\forall integer t; 0 <= t < kj ==> 0 <= \at(j[t], L1) < 64 * n) ==>
      (\forall integer t; 0 <= t < kj ==> \at(j[t], L1) == \at(j[t], L2)) ==>
      amq_bloom_all_set{L1}(bits, j, kj) ==> amq_bloom_all_set{L2}(bits, j, kj);
*/
#endif
