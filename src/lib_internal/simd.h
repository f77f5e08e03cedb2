/* Internal: the AVX2 paths of the blocked Bloom and split-block filters (src/simd/), and the
 * run-time choice between them and the proved scalar paths (not installed).  The AVX2 code is
 * compiled with __attribute__((target("avx2"))), so the library builds without -mavx2 and runs
 * on any x86-64; amq_simd_use_avx2() says whether to take it (CPU checked once; amq/simd.h's
 * switch and AMQ_SIMD=scalar force the scalar path).  tests/test_simd.c holds both paths to
 * the same bits and answers. */
#ifndef AMQ_INTERNAL_SIMD_H
#define AMQ_INTERNAL_SIMD_H
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <amq/blocked_bloom.h>
#include <amq/hash.h>
#include <amq/simd.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define AMQ_SIMD_X86 1
#else
#define AMQ_SIMD_X86 0
#endif

/* 0: not yet decided; 1: scalar; 2: AVX2. */
extern atomic_int amq_simd_state;
int amq_simd_decide(void);

/* Whether adds and queries take the AVX2 path now (one relaxed load once decided). */
static inline int amq_simd_use_avx2(void)
{
    int s = atomic_load_explicit(&amq_simd_state, memory_order_relaxed);
    if (s == 0)
        s = amq_simd_decide();
    return s == 2;
}

/* ---- blocked Bloom (src/simd/blocked_bloom_avx2.c): blocks of 256 or 512 bits, the double,
 * triple and enhanced strategies (the independent one hashes per index: scalar only) ---- */

static inline int amq_blocked_avx2_fits(uint64_t block_bits, amq_hash_strategy s)
{
    return (block_bits == 256 || block_bits == 512) && s != AMQ_HASH_INDEPENDENT;
}

/* The key's k bits in its block, as amq_blocked_key_add / amq_blocked_key_query, on a filter
 * that amq_blocked_avx2_fits (the fields: lib_internal/blocked_bloom_fields.h). */
void amq_blocked_avx2_add(amq_blocked_bloom *b, const void *key, size_t len);
int amq_blocked_avx2_query(const amq_blocked_bloom *b, const void *key, size_t len);
/* results[i] = the query's answer on keys[i] (lens[i] bytes), as amq_blocked_key_query_batch. */
void amq_blocked_avx2_query_batch(const amq_blocked_bloom *b, const void *const *keys, const size_t *lens,
                                  size_t count, int *results);

/* ---- split-block (src/simd/split_block_avx2.c): the key hashed with XXH64 and seed; the add
 * returns AMQ_OK, so that amq_split_block_add ends in a jump to it (one call less a key:
 * 9.0-10.1 -> 8.3-8.6 ns an add at n = 1e6, scratch harness) ---- */

amq_status amq_split_block_avx2_add(uint64_t *words, uint64_t nblocks, uint64_t seed, const void *key, size_t len);
int amq_split_block_avx2_query(const uint64_t *words, uint64_t nblocks, uint64_t seed, const void *key, size_t len);
/* results[i] = the query's answer on keys[i] (lens[i] bytes), as amq_split_block_key_query_batch. */
void amq_split_block_avx2_query_batch(const uint64_t *words, uint64_t nblocks, uint64_t seed, const void *const *keys,
                                      const size_t *lens, size_t count, int *results);

#endif
