/* The split-block (Parquet) filter's AVX2 add and query (lib_internal/simd.h): the key's XXH64
 * (inlined from libxxhash's header, XXH_INLINE_ALL, the function amq_xxh64 calls), then the
 * block's eight words against the mask of simd/split_block_avx2.h, in one register. */
#include <lib_internal/simd.h>

#if AMQ_SIMD_X86
#include <simd/split_block_avx2.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

/* Keys of 32 bytes or more: XXH64 out of line, so that the short keys' inlined copy (its long
 * path pruned by the range of len) keeps a small frame (the add's code 200 -> 100 lines; the
 * same hash either way: it is libxxhash's XXH64 in both). */
static __attribute__((noinline)) uint64_t hash_long(const void *key, size_t len, uint64_t seed)
{
    return XXH64(key, len, seed);
}

static inline uint64_t key_hash(const void *key, size_t len, uint64_t seed)
{
    return len < 32 ? XXH64(key, len, seed) : hash_long(key, len, seed);
}

AMQ_AVX2_SPLIT_FLAT amq_status amq_split_block_avx2_add(uint64_t *words, uint64_t nblocks, uint64_t seed,
                                                        const void *key, size_t len)
{
    const uint64_t h = key_hash(key, len, seed);
    __m256i *b = amq_split_block_avx2_block(words, nblocks, h);
    _mm256_storeu_si256(b, _mm256_or_si256(_mm256_loadu_si256(b), amq_split_block_avx2_mask(h)));
    return AMQ_OK;
}

static inline AMQ_AVX2_SPLIT int answer(const uint64_t *words, uint64_t nblocks, uint64_t h)
{
    return _mm256_testc_si256(_mm256_loadu_si256(amq_split_block_avx2_block(words, nblocks, h)), amq_split_block_avx2_mask(h));
}

AMQ_AVX2_SPLIT_FLAT int amq_split_block_avx2_query(const uint64_t *words, uint64_t nblocks, uint64_t seed, const void *key,
                                        size_t len)
{
    return answer(words, nblocks, key_hash(key, len, seed));
}

/* Rounds of AMQ_SPLIT_AVX2_ROUND keys: all hashed and their blocks prefetched, then all answered,
 * so that the round's hashes overlap and its block reads are in flight together.  The hash is
 * inlined here, in the file compiled for AVX2: the batch of src/split_block.c called amq_xxh64
 * and this file's answer once a key, and took 1.30x a minimal AVX2 Parquet batch (make bench,
 * 2026-12-03: 9.5 against 7.3 ns a negative at n = 1e6). */
#define AMQ_SPLIT_AVX2_ROUND 16u

AMQ_AVX2_SPLIT_FLAT void amq_split_block_avx2_query_batch(const uint64_t *words, uint64_t nblocks, uint64_t seed,
                                                          const void *const *keys, const size_t *lens, size_t count,
                                                          int *results)
{
    uint64_t h[AMQ_SPLIT_AVX2_ROUND];
    for (size_t base = 0; base < count; base += AMQ_SPLIT_AVX2_ROUND) {
        const size_t n = count - base < AMQ_SPLIT_AVX2_ROUND ? count - base : AMQ_SPLIT_AVX2_ROUND;
        for (size_t i = 0; i < n; i++) {
            h[i] = key_hash(keys[base + i], lens[base + i], seed);
            __builtin_prefetch(amq_split_block_avx2_block(words, nblocks, h[i]), 0, 0);
        }
        for (size_t i = 0; i < n; i++)
            results[base + i] = answer(words, nblocks, h[i]);
    }
}

#else /* never called: amq_simd_use_avx2() is 0 off x86-64 */

amq_status amq_split_block_avx2_add(uint64_t *words, uint64_t nblocks, uint64_t seed, const void *key, size_t len)
{
    (void)words, (void)nblocks, (void)seed, (void)key, (void)len;
    return AMQ_OK;
}
int amq_split_block_avx2_query(const uint64_t *words, uint64_t nblocks, uint64_t seed, const void *key, size_t len)
{
    (void)words, (void)nblocks, (void)seed, (void)key, (void)len;
    return 1;
}
void amq_split_block_avx2_query_batch(const uint64_t *words, uint64_t nblocks, uint64_t seed, const void *const *keys,
                                      const size_t *lens, size_t count, int *results)
{
    (void)words, (void)nblocks, (void)seed, (void)keys, (void)lens, (void)count, (void)results;
}
#endif
