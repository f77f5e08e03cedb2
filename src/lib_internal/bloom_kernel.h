/* Deterministic Bloom kernel over hash outputs (Ceramist's bf_add_int / bf_query_int).
 * bits: packed array of m bits, bit i in word i/64 at position i%64.
 * idx:  k indices in [0, m); repeats are allowed, as real hashing produces them.
 * The ACSL contracts below are what `make prove` checks on the compiled code. */
#ifndef AMQ_BLOOM_KERNEL_H
#define AMQ_BLOOM_KERNEL_H
#include <stddef.h>
#include <stdint.h>
#include <amq/bloom_logic.h>

/* Number of 64-bit words that hold m bits (m >= 1). */
#define AMQ_BLOOM_WORDS(m) ((((uint64_t)(m)) - 1u) / 64u + 1u)

/*@ requires m_pos:     m >= 1;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_bloom_in_range(idx, k, m);
    requires separated: \separated(bits + (0 .. amq_bloom_words(m) - 1), idx + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures inserted:   amq_bloom_all_set(bits, idx, k);
    ensures monotone:   amq_bloom_monotone{Pre, Post}(bits, amq_bloom_words(m));
    ensures frame:      \forall integer p; 0 <= p < 64 * amq_bloom_words(m) ==>
                          !amq_bloom_named(idx, k, p) ==>
                          (amq_bloom_bit_set{Post}(bits, p) <==> amq_bloom_bit_set{Pre}(bits, p));
*/
void amq_bloom_kernel_add(uint64_t *bits, uint64_t m, const uint64_t *idx, size_t k);

/*@ requires m_pos:     m >= 1;
    requires bits_valid: \valid_read(bits + (0 .. amq_bloom_words(m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_bloom_in_range(idx, k, m);
    assigns \nothing;
    behavior present:
      assumes amq_bloom_all_set(bits, idx, k);
      ensures \result == 1;
    behavior absent:
      assumes !amq_bloom_all_set(bits, idx, k);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_bloom_kernel_query(const uint64_t *bits, uint64_t m, const uint64_t *idx, size_t k);

#endif
