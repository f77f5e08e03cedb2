/* The split-block (Parquet) filter's AVX2 mask, as static inline functions compiled for AVX2:
 * included by src/simd/split_block_avx2.c, and by tests/test_simd.c with one salt planted wrong
 * (AMQ_SPLIT_AVX2_SALTS), to show that the equality test catches such a bug.
 *
 * Parquet's block: ((h >> 32) * nblocks) >> 32; its mask: 32-bit word i of the block gets bit
 * ((uint32)h * salt[i]) >> 27, the product taken mod 2^32 (vpmulld keeps its low half).  A block
 * is four little-endian 64-bit words, so its 32-bit lane i is Parquet's word i. */
#ifndef AMQ_SIMD_SPLIT_BLOCK_AVX2_H
#define AMQ_SIMD_SPLIT_BLOCK_AVX2_H
#include <immintrin.h>
#include <stdint.h>

#ifndef AMQ_SPLIT_AVX2_SALTS
#define AMQ_SPLIT_AVX2_SALTS 0x47b6137b, 0x44974d91, (int)0x8824ad5b, (int)0xa2b7289d, \
                             0x705495c7, 0x2df1424b, (int)0x9efc4947, 0x5c6bfb31
#endif
#define AMQ_AVX2_SPLIT __attribute__((target("avx2")))
/* the key-level functions: XXH64 inlined whatever its size (gcc's -O2 would call it) */
#define AMQ_AVX2_SPLIT_FLAT __attribute__((target("avx2"), flatten))

static inline AMQ_AVX2_SPLIT __m256i amq_split_block_avx2_mask(uint64_t h)
{
    const __m256i salt = _mm256_setr_epi32(AMQ_SPLIT_AVX2_SALTS);
    const __m256i p = _mm256_mullo_epi32(_mm256_set1_epi32((int)(uint32_t)h), salt);
    return _mm256_sllv_epi32(_mm256_set1_epi32(1), _mm256_srli_epi32(p, 27));
}

static inline __m256i *amq_split_block_avx2_block(const uint64_t *words, uint64_t nblocks, uint64_t h)
{
    return (__m256i *)(void *)(uintptr_t)(words + ((h >> 32) * nblocks >> 32) * 4u);
}

#endif
