/* Split-block Bloom filter, bit-exact with Apache Parquet's: nblocks blocks of eight 32-bit
 * words; a key sets one bit in each word of one block.  hash = XXH64(key, seed) (seed 0 is
 * Parquet's), block = ((hash >> 32) * nblocks) >> 32, and bit (key32 * salt[i]) >> 27 of
 * word i, key32 = (uint32_t)hash.  The saved payload is the Parquet bitset.  Runs the
 * proved split-block kernel.  FP rate and sizing: amq_split_block_fp_* and
 * amq_split_block_size_for (amq/spec_blocked.h); method: docs/blocked.md.  Every failing
 * call returns a status, leaves a message in amq_last_error(), and changes nothing.
 *
 * NULL arguments follow the rule of amq/error.h (AMQ_E_INVALID_ARG, -1 for a query and for
 * each result of a batch, 0 for a getter or count, NaN for an estimate, nothing for clear
 * and free); optional: achieved. */
#ifndef AMQ_SPLIT_BLOCK_H
#define AMQ_SPLIT_BLOCK_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>

#define AMQ_SPLIT_BLOCK_WORDS 8u     /* words per block = bits set per key */
#define AMQ_SPLIT_BLOCK_WORD_BITS 32u
/* Parquet's limits (parquet-format BloomFilter.md): fewer than 2^31 blocks, and the bitset's
 * size, numBytes in the BloomFilterHeader, is a signed 32-bit integer: at most 2^31 - 1
 * bytes, so at most 2^26 - 1 whole 32-byte blocks (2 GiB - 32 B).  The tighter of the two
 * is enforced, so every split-block filter is one a Parquet file can hold (amq/parquet.h). */
#define AMQ_SPLIT_BLOCK_MAX_BLOCKS ((UINT64_C(1) << 26) - 1)
/* Arrow C++ (parquet::BlockSplitBloomFilter) reads and writes only power-of-two sizes from
 * 32 bytes to 128 MiB: 2^j blocks, 0 <= j <= 22. */
#define AMQ_SPLIT_BLOCK_ARROW_MAX_BLOCKS (UINT64_C(1) << 22)

typedef struct amq_split_block amq_split_block;

/* 1 <= nblocks <= AMQ_SPLIT_BLOCK_MAX_BLOCKS (AMQ_E_TOO_LARGE above, naming the limit);
 * seed 0 is Parquet's. */
AMQ_API amq_status amq_split_block_create(amq_split_block **out, uint64_t nblocks, uint64_t seed);
/* nblocks from amq_split_block_size_for(n, fpr): certified FP <= fpr after n keys; that
 * certified bound goes to *achieved if non-NULL. */
AMQ_API amq_status amq_split_block_create_for(amq_split_block **out, uint64_t n, double fpr, uint64_t seed,
                                      double *achieved);
/* Sizes Arrow C++ accepts: the smallest power-of-two block count >= the one
 * amq_split_block_size_for gives (the rate does not grow with the block count, so the
 * target still holds), and the certified upper bound of the rate after n keys at that size
 * in *achieved (if non-NULL).  AMQ_E_TOO_LARGE above AMQ_SPLIT_BLOCK_ARROW_MAX_BLOCKS. */
AMQ_API amq_status amq_split_block_size_for_arrow(uint64_t n, double fpr, uint64_t *nblocks, double *achieved);
AMQ_API amq_status amq_split_block_create_for_arrow(amq_split_block **out, uint64_t n, double fpr, uint64_t seed,
                                            double *achieved);
/* 1 when Arrow C++ accepts a filter of nblocks blocks (a power of two <= 2^22), else 0. */
AMQ_API int amq_split_block_arrow_accepts(uint64_t nblocks);
AMQ_API void amq_split_block_free(amq_split_block *f);

AMQ_API amq_status amq_split_block_add(amq_split_block *f, const void *key, size_t len);
/* 1: maybe present, 0: definitely absent; -1 for a NULL filter, or a NULL key with len > 0. */
AMQ_API int amq_split_block_query(const amq_split_block *f, const void *key, size_t len);
/* results[i] = amq_split_block_query(f, keys[i], lens[i]), hashing a batch of keys and
 * prefetching their blocks before answering. */
AMQ_API void amq_split_block_query_batch(const amq_split_block *f, const void *const *keys, const size_t *lens,
                                 size_t count, int *results);
AMQ_API void amq_split_block_clear(amq_split_block *f);

AMQ_API uint64_t amq_split_block_count_bits(const amq_split_block *f);
/* Distinct keys estimated from the fill ratio; an approximation (double), +infinity when
 * every bit is set. */
AMQ_API double amq_split_block_estimate_count(const amq_split_block *f);

AMQ_API uint64_t amq_split_block_nblocks(const amq_split_block *f);
AMQ_API uint64_t amq_split_block_m(const amq_split_block *f); /* bits: 256 nblocks */
AMQ_API uint64_t amq_split_block_seed(const amq_split_block *f);

/* Persistence through the common container. */
AMQ_API amq_status amq_split_block_save(const amq_split_block *f, const char *path);
AMQ_API amq_status amq_split_block_load(amq_split_block **out, const char *path);

#endif
