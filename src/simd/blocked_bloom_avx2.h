/* The blocked Bloom filter's AVX2 mask (the add) and bit walk (the query), as static inline
 * functions compiled for AVX2: included by src/simd/blocked_bloom_avx2.c, and by
 * tests/test_simd.c with one word offset planted wrong in each (AMQ_BLK_AVX2_OFFSETS_HI,
 * AMQ_BLK_AVX2_WORD), to show that the equality test catches such a bug.
 *
 * A key's k in-block indices are the index stream (lib_internal/hash_stream.h) of a block of
 * 256 or 512 bits: with m a power of two, the stream's (x + y) mod m is (x + y) & (m - 1), and
 * the enhanced step's y + (i mod m) is (y + i) & (m - 1).  Index p sets bit p % 64 of word
 * p / 64: lane w of the mask takes 1 << (p - 64 w), which vpsllvq makes 0 unless
 * 0 <= p - 64 w < 64 (a negative count is a huge unsigned one). */
#ifndef AMQ_SIMD_BLOCKED_BLOOM_AVX2_H
#define AMQ_SIMD_BLOCKED_BLOOM_AVX2_H
#include <immintrin.h>
#include <stdint.h>
#include <amq/hash.h>

#ifndef AMQ_BLK_AVX2_OFFSETS_HI
#define AMQ_BLK_AVX2_OFFSETS_LO 0, 64, 128, 192
#define AMQ_BLK_AVX2_OFFSETS_HI 256, 320, 384, 448
#endif
#ifndef AMQ_BLK_AVX2_WORD /* the word of a block that holds its bit p */
#define AMQ_BLK_AVX2_WORD(p) ((p) / 64u)
#endif
/* Filters of at most this many words (8 MiB) answer a query by the bit walk; larger ones by
 * an early test of indices 0 and 1, then the mask (src/simd/blocked_bloom_avx2.c). */
#define AMQ_BLK_AVX2_EAGER_WORDS (UINT64_C(1) << 20)
#define AMQ_AVX2 __attribute__((target("avx2")))
/* the key-level functions: XXH3 inlined whatever its size (gcc's -O2 would call it) */
#define AMQ_AVX2_FLAT __attribute__((target("avx2"), flatten))

/* The mask of a block's words 0-3 (lo) and 4-7 (hi; wide blocks only), strategy s fixed at each
 * call site so that the loop is compiled once per strategy. */
static inline AMQ_AVX2 void amq_blocked_bloom_avx2_mask(uint64_t bsize, uint64_t k, amq_hash_strategy s, uint64_t x,
                                               uint64_t y, uint64_t z, int wide, __m256i *lo, __m256i *hi)
{
    const uint64_t top = bsize - 1u;
    const __m256i one = _mm256_set1_epi64x(1);
    const __m256i off_lo = _mm256_setr_epi64x(AMQ_BLK_AVX2_OFFSETS_LO);
    const __m256i off_hi = _mm256_setr_epi64x(AMQ_BLK_AVX2_OFFSETS_HI);
    __m256i ml = _mm256_setzero_si256(), mh = _mm256_setzero_si256();
    for (uint64_t t = 0; t < k; t++) {
        if (t > 0) {
            x = (x + y) & top;
            if (s == AMQ_HASH_TRIPLE)
                y = (y + z) & top;
            else if (s == AMQ_HASH_ENHANCED)
                y = (y + t) & top;
        }
        const __m256i p = _mm256_set1_epi64x((long long)x);
        ml = _mm256_or_si256(ml, _mm256_sllv_epi64(one, _mm256_sub_epi64(p, off_lo)));
        if (wide)
            mh = _mm256_or_si256(mh, _mm256_sllv_epi64(one, _mm256_sub_epi64(p, off_hi)));
    }
    *lo = ml;
    *hi = mh;
}

static inline AMQ_AVX2 void amq_blocked_bloom_avx2_mask_any(uint64_t bsize, uint64_t k, amq_hash_strategy s, uint64_t x,
                                                   uint64_t y, uint64_t z, __m256i *lo, __m256i *hi)
{
    const int wide = bsize == 512;
    if (s == AMQ_HASH_ENHANCED)
        amq_blocked_bloom_avx2_mask(bsize, k, AMQ_HASH_ENHANCED, x, y, z, wide, lo, hi);
    else if (s == AMQ_HASH_TRIPLE)
        amq_blocked_bloom_avx2_mask(bsize, k, AMQ_HASH_TRIPLE, x, y, z, wide, lo, hi);
    else
        amq_blocked_bloom_avx2_mask(bsize, k, AMQ_HASH_DOUBLE, x, y, z, wide, lo, hi);
}

/* Sets the mask's bits in the block at w (block_bits / 64 words). */
static inline AMQ_AVX2 void amq_blocked_bloom_avx2_set(uint64_t *w, uint64_t bsize, __m256i lo, __m256i hi)
{
    __m256i *v = (__m256i *)(void *)w;
    _mm256_storeu_si256(v, _mm256_or_si256(_mm256_loadu_si256(v), lo));
    if (bsize == 512)
        _mm256_storeu_si256(v + 1, _mm256_or_si256(_mm256_loadu_si256(v + 1), hi));
}

/* Whether every bit of the mask is set in the block at w. */
static inline AMQ_AVX2 int amq_blocked_bloom_avx2_test(const uint64_t *w, uint64_t bsize, __m256i lo, __m256i hi)
{
    const __m256i *v = (const __m256i *)(const void *)w;
    int all = _mm256_testc_si256(_mm256_loadu_si256(v), lo);
    if (bsize == 512)
        all &= _mm256_testc_si256(_mm256_loadu_si256(v + 1), hi);
    return all;
}

/* Whether the key's k bits are set in the block at w, tested one at a time without a branch:
 * all k loads hit the block's one cache line, and nothing mispredicts on where a negative
 * ends.  Building the mask and testing it (as the add does), or leaving early after bit 0 or
 * 1, took 21.3 ns a negative at n = 1e6 against 12.2-12.5 ns this way (make bench, peers,
 * quick runs); out of cache the early exit wins (AMQ_BLK_AVX2_EAGER_WORDS).  The batch, which
 * prefetches its blocks, walks at every size.  x and y run mod 2^64 and are cut to the block (top = bits - 1, a power of two
 * less one) only where used: the stream's (x + y) mod m, with x, y < m, is the same index. */
static inline AMQ_AVX2 int amq_blocked_bloom_avx2_answer(const uint64_t *w, uint64_t top, uint64_t k,
                                                         amq_hash_strategy s, uint64_t x, uint64_t y, uint64_t z)
{
    uint64_t all = w[AMQ_BLK_AVX2_WORD(x)] >> (x % 64u);
#pragma GCC unroll 8
    for (uint64_t t = 1; t < k; t++) {
        x += y;
        if (s == AMQ_HASH_TRIPLE)
            y += z;
        else if (s == AMQ_HASH_ENHANCED)
            y += t;
        const uint64_t p = x & top;
        all &= w[AMQ_BLK_AVX2_WORD(p)] >> (p % 64u);
    }
    return (int)(all & 1u);
}

static inline AMQ_AVX2 int amq_blocked_bloom_avx2_answer_any(const uint64_t *w, uint64_t bsize, uint64_t k,
                                                             amq_hash_strategy s, uint64_t x, uint64_t y, uint64_t z)
{
    if (s == AMQ_HASH_ENHANCED)
        return amq_blocked_bloom_avx2_answer(w, bsize - 1u, k, AMQ_HASH_ENHANCED, x, y, z);
    if (s == AMQ_HASH_TRIPLE)
        return amq_blocked_bloom_avx2_answer(w, bsize - 1u, k, AMQ_HASH_TRIPLE, x, y, z);
    return amq_blocked_bloom_avx2_answer(w, bsize - 1u, k, AMQ_HASH_DOUBLE, x, y, z);
}

#endif
