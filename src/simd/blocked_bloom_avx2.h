/* The blocked Bloom filter's AVX2 mask (the add) and eight-lane test (the query), as static
 * inline functions compiled for AVX2: included by src/simd/blocked_bloom_avx2.c, and by
 * tests/test_simd.c with one word offset planted wrong in each (AMQ_BLK_AVX2_OFFSETS_HI,
 * AMQ_BLK_AVX2_WORDS32), to show that the equality test catches such a bug.
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
#ifndef AMQ_BLK_AVX2_WORDS32 /* the 32-bit words of a block that hold its bits p (eight lanes) */
#define AMQ_BLK_AVX2_WORDS32(p) _mm256_srli_epi32((p), 5)
#endif
/* Filters of at most this many words (8 MiB) answer a query by the lanes' test; larger ones by
 * an early test of indices 0 and 1, then the lanes' test (src/simd/blocked_bloom_avx2.c). */
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

/* The key's k in-block indices eight at a time, lane l holding index t = 8g + l of group g, in
 * 32-bit lanes (the stream's sums mod m, m dividing 2^32, are the same cut to m - 1).  The
 * closed forms of the three recurrences (x += y, then y += z (triple) or y += t (enhanced)):
 *   x_t = x + t y                                  (double)
 *   x_t = x + t y + t (t - 1) / 2 z,  y_t = y + t z  (triple)
 *   x_t = x + t y + (t - 1) t (t + 1) / 6,  y_t = y + t (t + 1) / 2  (enhanced)
 * and the step to the next group, x_{t+8} = x_t + y_t + ... + y_{t+7}:
 *   double x += 8 y;  triple x += 8 y + 28 z, y += 8 z;  enhanced x += 8 y + 28 t + 84,
 *   y += 8 t + 36. */
typedef struct amq_blk_avx2_lanes {
    __m256i x, y, t;
} amq_blk_avx2_lanes;

/* Lanes t = 0 .. 7: x_t, and y_t only when asked (k > 8: a second group follows). */
static inline AMQ_AVX2 amq_blk_avx2_lanes amq_blk_avx2_lanes_start(amq_hash_strategy s, uint32_t x, uint32_t y,
                                                                   uint32_t z, int with_y)
{
    const __m256i t = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i yv = _mm256_set1_epi32((int)y), zv = _mm256_set1_epi32((int)z);
    __m256i xs = _mm256_add_epi32(_mm256_set1_epi32((int)x), _mm256_mullo_epi32(t, yv)), ys = yv;
    if (s == AMQ_HASH_TRIPLE) {
        xs = _mm256_add_epi32(xs, _mm256_mullo_epi32(_mm256_setr_epi32(0, 0, 1, 3, 6, 10, 15, 21), zv));
        if (with_y)
            ys = _mm256_add_epi32(ys, _mm256_mullo_epi32(t, zv));
    } else if (s == AMQ_HASH_ENHANCED) {
        xs = _mm256_add_epi32(xs, _mm256_setr_epi32(0, 0, 1, 4, 10, 20, 35, 56));
        if (with_y)
            ys = _mm256_add_epi32(ys, _mm256_setr_epi32(0, 1, 3, 6, 10, 15, 21, 28));
    }
    return (amq_blk_avx2_lanes){xs, ys, t};
}

static inline AMQ_AVX2 void amq_blk_avx2_lanes_next(amq_hash_strategy s, uint32_t z, amq_blk_avx2_lanes *v)
{
    __m256i dx = _mm256_slli_epi32(v->y, 3);
    if (s == AMQ_HASH_TRIPLE) {
        const __m256i zv = _mm256_set1_epi32((int)z);
        dx = _mm256_add_epi32(dx, _mm256_mullo_epi32(zv, _mm256_set1_epi32(28)));
        v->y = _mm256_add_epi32(v->y, _mm256_slli_epi32(zv, 3));
    } else if (s == AMQ_HASH_ENHANCED) {
        const __m256i t8 = _mm256_slli_epi32(v->t, 3);
        const __m256i t28 = _mm256_mullo_epi32(v->t, _mm256_set1_epi32(28));
        dx = _mm256_add_epi32(dx, _mm256_add_epi32(t28, _mm256_set1_epi32(84)));
        v->y = _mm256_add_epi32(v->y, _mm256_add_epi32(t8, _mm256_set1_epi32(36)));
    }
    v->x = _mm256_add_epi32(v->x, dx);
    v->t = _mm256_add_epi32(v->t, _mm256_set1_epi32(8));
}

/* The lanes' bits (t < k) that the block, its halves lo and hi, does not have: index p is bit
 * p % 32 of the block's 32-bit word p / 32 (x86 is little-endian, so bit p of its 64-bit
 * words), which a permute of each half (and a blend on the word's bit 3, wide blocks) brings
 * to the index's lane. */
static inline AMQ_AVX2 __m256i amq_blk_avx2_missing(const amq_blk_avx2_lanes *v, uint64_t bsize, uint64_t k,
                                                    __m256i lo, __m256i hi)
{
    const __m256i p = _mm256_and_si256(v->x, _mm256_set1_epi32((int)(bsize - 1u)));
    const __m256i word = AMQ_BLK_AVX2_WORDS32(p);
    __m256i have = _mm256_permutevar8x32_epi32(lo, word);
    if (bsize == 512) /* words 8-15 from the upper half: the word's bit 3 moved to the sign */
        have = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(have),
                                                     _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(hi, word)),
                                                     _mm256_castsi256_ps(_mm256_slli_epi32(word, 28))));
    const __m256i live = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)k), v->t); /* k <= AMQ_MAX_K: no sign trouble */
    const __m256i bit = _mm256_sllv_epi32(_mm256_set1_epi32(1), _mm256_and_si256(p, _mm256_set1_epi32(31)));
    return _mm256_andnot_si256(have, _mm256_and_si256(bit, live));
}

/* Whether the key's k bits are set in the block at w, eight indices at a time and no branch on
 * the bits.  Against the bit walk it replaced (k loads, each behind the recurrence's serial
 * sums): 16.0 -> 12.5 ns a negative at n = 1e6, k = 7 (docs/simd.md).  bsize and s are
 * constants at each call (amq_blocked_bloom_avx2_answer_any): the generic form took 0.8 ns
 * more (13.3 ns).  The batch, which prefetches its blocks, tests the same way at every size. */
static inline AMQ_AVX2 int amq_blocked_bloom_avx2_answer(const uint64_t *w, uint64_t bsize, uint64_t k,
                                                         amq_hash_strategy s, uint64_t x, uint64_t y, uint64_t z)
{
    const __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)w);
    const __m256i hi = bsize == 512 ? _mm256_loadu_si256((const __m256i *)(const void *)(w + 4)) : lo;
    amq_blk_avx2_lanes v = amq_blk_avx2_lanes_start(s, (uint32_t)x, (uint32_t)y, (uint32_t)z, k > 8);
    __m256i missing = amq_blk_avx2_missing(&v, bsize, k, lo, hi);
    for (uint64_t t0 = 8; t0 < k; t0 += 8) {
        amq_blk_avx2_lanes_next(s, (uint32_t)z, &v);
        missing = _mm256_or_si256(missing, amq_blk_avx2_missing(&v, bsize, k, lo, hi));
    }
    return _mm256_testz_si256(missing, missing);
}

/* The strategy and the block size made constants, one copy each. */
static inline AMQ_AVX2 int amq_blocked_bloom_avx2_answer_s(const uint64_t *w, uint64_t bsize, uint64_t k,
                                                           amq_hash_strategy s, uint64_t x, uint64_t y, uint64_t z)
{
    if (bsize == 512)
        return amq_blocked_bloom_avx2_answer(w, 512, k, s, x, y, z);
    return amq_blocked_bloom_avx2_answer(w, 256, k, s, x, y, z);
}

static inline AMQ_AVX2 int amq_blocked_bloom_avx2_answer_any(const uint64_t *w, uint64_t bsize, uint64_t k,
                                                             amq_hash_strategy s, uint64_t x, uint64_t y, uint64_t z)
{
    if (s == AMQ_HASH_ENHANCED)
        return amq_blocked_bloom_avx2_answer_s(w, bsize, k, AMQ_HASH_ENHANCED, x, y, z);
    if (s == AMQ_HASH_TRIPLE)
        return amq_blocked_bloom_avx2_answer_s(w, bsize, k, AMQ_HASH_TRIPLE, x, y, z);
    return amq_blocked_bloom_avx2_answer_s(w, bsize, k, AMQ_HASH_DOUBLE, x, y, z);
}

#endif
