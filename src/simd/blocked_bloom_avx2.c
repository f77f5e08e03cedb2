/* The blocked Bloom filter's AVX2 add and query (lib_internal/simd.h).  The key's block and the
 * start of its index stream are the scalar path's (amq_blocked_key_block, amq_hash_stream_key),
 * computed here with XXH3 inlined (libxxhash's XXH_INLINE_ALL, as src/hash.c) and amq_reduce's
 * (h * m) >> 64 as one 128-bit product, so that the hot path makes no call; then the add sets
 * the k bits as one mask of the block (simd/blocked_bloom_avx2.h) and the query tests them
 * eight at a time in 32-bit lanes (amq_blocked_bloom_avx2_answer_any).  tests/test_simd.c and
 * tests/test_simd_random.c hold the result to the scalar path's, bit for bit. */
#include <lib_internal/simd.h>
#include <lib_internal/blocked_block.h>
#include <lib_internal/blocked_bloom_fields.h>
#include <lib_internal/hash_salt.h>

#if AMQ_SIMD_X86
#include <simd/blocked_bloom_avx2.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

/* amq_reduce (src/hash_stream.c): floor(h * m / 2^64). */
static inline uint64_t reduce(uint64_t h, uint64_t m) { return (uint64_t)(((unsigned __int128)h * m) >> 64); }

/* The key's block and its stream's start (x, y, z) as amq_hash_stream_key makes them for a
 * recurrence strategy and a block of m = 256 or 512 bits: a power of two above 1, so the double
 * and triple strategies' first step is made odd (lib_internal/hash_stream.h). */
static inline void locate(uint64_t nblocks, uint64_t m, amq_hash_strategy s, uint64_t seed, const void *key,
                          size_t len, uint64_t *block, uint64_t *x, uint64_t *y, uint64_t *z)
{
    *block = reduce(XXH3_64bits_withSeed(key, len, seed ^ AMQ_BLOCKED_KEY_SALT), nblocks);
    const XXH128_hash_t h = XXH3_128bits_withSeed(key, len, seed);
    *x = reduce(h.low64, m);
    *y = reduce(h.high64, m);
    *z = 0;
    if (s == AMQ_HASH_DOUBLE || s == AMQ_HASH_TRIPLE)
        *y |= 1u;
    if (s == AMQ_HASH_TRIPLE)
        *z = reduce(XXH3_64bits_withSeed(key, len, seed ^ AMQ_HASH_TRIPLE_SALT), m);
}


AMQ_AVX2_FLAT void amq_blocked_avx2_add(amq_blocked_bloom *b, const void *key, size_t len)
{
    uint64_t block, x, y, z;
    locate(b->nblocks, b->block_bits, b->strategy, b->seed, key, len, &block, &x, &y, &z);
    __m256i lo, hi;
    amq_blocked_bloom_avx2_mask_any(b->block_bits, b->k, b->strategy, x, y, z, &lo, &hi);
    amq_blocked_bloom_avx2_set(b->words + block * (b->block_bits / 64u), b->block_bits, lo, hi);
}

/* A filter of more than AMQ_BLK_AVX2_EAGER_WORDS: indices 0 and 1 tested one bit at a time
 * first (at the usual fill, about half of the bits set, three negatives in four end there),
 * then the lanes' test of all k.  Out of cache the early exit answered a negative in 86 ns at
 * n = 1e8 against a branch-free bit walk's 112 (caches flushed before each pass); in cache the
 * walk won (13.7 against 22.3 ns at 1e6, 31.3 against 36.7 at 1e7), and the lanes' test has
 * since replaced the walk (docs/simd.md). */
static inline AMQ_AVX2 int answer_lazy(const uint64_t *w, uint64_t block_bits, uint64_t k, amq_hash_strategy s,
                                       uint64_t x, uint64_t y, uint64_t z)
{
    const uint64_t x1 = (x + y) & (block_bits - 1u);
    if (!(w[x / 64u] >> (x % 64u) & 1u) || (k > 1 && !(w[x1 / 64u] >> (x1 % 64u) & 1u)))
        return 0;
    return amq_blocked_bloom_avx2_answer_any(w, block_bits, k, s, x, y, z);
}

/* An in-cache query with the strategy and the block size constants, so that the key's stream
 * and its lanes are compiled once for each pair (one dispatch for locate and the lanes, where
 * calling amq_blocked_bloom_avx2_answer_any after a generic locate took 13.3 ns, not 12.5). */
static inline AMQ_AVX2 int query_eager(const uint64_t *words, uint64_t nblocks, uint64_t block_bits, uint64_t k,
                                       amq_hash_strategy s, uint64_t seed, const void *key, size_t len)
{
    uint64_t block, x, y, z;
    locate(nblocks, block_bits, s, seed, key, len, &block, &x, &y, &z);
    return amq_blocked_bloom_avx2_answer(words + block * (block_bits / 64u), block_bits, k, s, x, y, z);
}

static inline AMQ_AVX2 int query_eager_s(const uint64_t *words, uint64_t nblocks, uint64_t block_bits, uint64_t k,
                                         amq_hash_strategy s, uint64_t seed, const void *key, size_t len)
{
    if (block_bits == 512)
        return query_eager(words, nblocks, 512, k, s, seed, key, len);
    return query_eager(words, nblocks, 256, k, s, seed, key, len);
}

AMQ_AVX2_FLAT int amq_blocked_avx2_query(const amq_blocked_bloom *b, const void *key, size_t len)
{
    const uint64_t *words = b->words, nblocks = b->nblocks, block_bits = b->block_bits, k = b->k, seed = b->seed;
    const amq_hash_strategy s = b->strategy;
    if (nblocks * (block_bits / 64u) > AMQ_BLK_AVX2_EAGER_WORDS) { /* the words allocated: no wrap */
        uint64_t block, x, y, z;
        locate(nblocks, block_bits, s, seed, key, len, &block, &x, &y, &z);
        return answer_lazy(words + block * (block_bits / 64u), block_bits, k, s, x, y, z);
    }
    if (s == AMQ_HASH_ENHANCED)
        return query_eager_s(words, nblocks, block_bits, k, AMQ_HASH_ENHANCED, seed, key, len);
    if (s == AMQ_HASH_TRIPLE)
        return query_eager_s(words, nblocks, block_bits, k, AMQ_HASH_TRIPLE, seed, key, len);
    return query_eager_s(words, nblocks, block_bits, k, AMQ_HASH_DOUBLE, seed, key, len);
}

/* The batch in rounds of AMQ_BLK_AVX2_ROUND keys: all located and their blocks prefetched, then
 * all answered by the lanes' test (the blocks are on their way, so no early exit at any size).
 * Here, in the file compiled for AVX2, with the strategy and the block size constants as in
 * query_eager: the batch of src/blocked_bloom.c called this file's locate and answer once a key
 * (16.4 ns a negative at n = 1e6 in make bench, 2026-12-03, against the split-block batch's 9.5). */
#define AMQ_BLK_AVX2_ROUND 16u

static inline AMQ_AVX2 void batch(const uint64_t *words, uint64_t nblocks, uint64_t block_bits, uint64_t k,
                                  amq_hash_strategy s, uint64_t seed, const void *const *keys, const size_t *lens,
                                  size_t count, int *results)
{
    uint64_t at[AMQ_BLK_AVX2_ROUND], x[AMQ_BLK_AVX2_ROUND], y[AMQ_BLK_AVX2_ROUND], z[AMQ_BLK_AVX2_ROUND];
    for (size_t base = 0; base < count; base += AMQ_BLK_AVX2_ROUND) {
        const size_t n = count - base < AMQ_BLK_AVX2_ROUND ? count - base : AMQ_BLK_AVX2_ROUND;
        for (size_t i = 0; i < n; i++) {
            uint64_t block;
            locate(nblocks, block_bits, s, seed, keys[base + i], lens[base + i], &block, &x[i], &y[i], &z[i]);
            at[i] = block * (block_bits / 64u);
            __builtin_prefetch(words + at[i], 0, 0);
        }
        for (size_t i = 0; i < n; i++)
            results[base + i] = amq_blocked_bloom_avx2_answer(words + at[i], block_bits, k, s, x[i], y[i], z[i]);
    }
}

static inline AMQ_AVX2 void batch_s(const uint64_t *words, uint64_t nblocks, uint64_t block_bits, uint64_t k,
                                    amq_hash_strategy s, uint64_t seed, const void *const *keys, const size_t *lens,
                                    size_t count, int *results)
{
    if (block_bits == 512)
        batch(words, nblocks, 512, k, s, seed, keys, lens, count, results);
    else
        batch(words, nblocks, 256, k, s, seed, keys, lens, count, results);
}

AMQ_AVX2_FLAT void amq_blocked_avx2_query_batch(const amq_blocked_bloom *b, const void *const *keys,
                                                const size_t *lens, size_t count, int *results)
{
    const uint64_t *words = b->words, nblocks = b->nblocks, block_bits = b->block_bits, k = b->k, seed = b->seed;
    if (b->strategy == AMQ_HASH_ENHANCED)
        batch_s(words, nblocks, block_bits, k, AMQ_HASH_ENHANCED, seed, keys, lens, count, results);
    else if (b->strategy == AMQ_HASH_TRIPLE)
        batch_s(words, nblocks, block_bits, k, AMQ_HASH_TRIPLE, seed, keys, lens, count, results);
    else
        batch_s(words, nblocks, block_bits, k, AMQ_HASH_DOUBLE, seed, keys, lens, count, results);
}

#else /* never called: amq_simd_use_avx2() is 0 off x86-64 */

void amq_blocked_avx2_add(amq_blocked_bloom *b, const void *key, size_t len) { (void)b, (void)key, (void)len; }
int amq_blocked_avx2_query(const amq_blocked_bloom *b, const void *key, size_t len)
{
    (void)b, (void)key, (void)len;
    return 1;
}
void amq_blocked_avx2_query_batch(const amq_blocked_bloom *b, const void *const *keys, const size_t *lens,
                                  size_t count, int *results)
{
    (void)b, (void)keys, (void)lens, (void)count, (void)results;
}
#endif
