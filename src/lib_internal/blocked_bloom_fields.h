/* Internal: the blocked Bloom filter's fields, read by src/blocked_bloom.c and by its AVX2 path
 * (src/simd/blocked_bloom_avx2.c), so that an AVX2 call passes the filter, not its seven fields
 * (one call, a tail call, where there were two: a negative query at n = 1e6 195 -> 190
 * instructions, callgrind, 2026-12-03). */
#ifndef AMQ_INTERNAL_BLOCKED_BLOOM_FIELDS_H
#define AMQ_INTERNAL_BLOCKED_BLOOM_FIELDS_H
#include <stdint.h>
#include <amq/blocked_bloom.h>

struct amq_blocked_bloom {
    uint64_t nblocks, block_bits, m, k, seed, nwords;
    amq_hash_strategy strategy;
    uint64_t *words; /* on a 64-byte boundary inside alloc */
    void *alloc;
};

#endif
