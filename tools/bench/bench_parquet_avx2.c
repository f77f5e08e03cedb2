/* make bench: a minimal AVX2 split-block Bloom filter, written here from the Parquet format's
 * specification (BloomFilter.md: "SBBF"), as the peer of amqcert's split-block filter in the
 * peers table.  Block index: ((h >> 32) * nblocks) >> 32 of the key's XXH64 (seed 0); mask:
 * word i of the block's eight 32-bit words gets bit ((uint32)h * SALT[i]) >> 27.  Insert ORs
 * the mask into the block; check asks that every mask bit is set.  The batch hashes 16 keys,
 * prefetches their blocks, then checks them.  bench_parquet_same_bits checks that it sets the
 * very bits of amqcert's filter.  Built with the bench's -march=native. */
#include "bench.h"
#include <amq/split_block.h>
#include <lib_internal/blocked_state.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define XXH_INLINE_ALL
#include <xxhash.h>
#ifdef __AVX2__
#include <immintrin.h>

struct bench_parquet {
    __m256i *blocks;
    uint64_t nblocks;
};

bench_parquet *bench_parquet_create(uint64_t nblocks)
{
    bench_parquet *p = malloc(sizeof *p);
    if (!p || posix_memalign((void **)&p->blocks, 64, (size_t)nblocks * 32) != 0) {
        free(p);
        return NULL;
    }
    memset(p->blocks, 0, (size_t)nblocks * 32);
    p->nblocks = nblocks;
    return p;
}

void bench_parquet_clear(bench_parquet *p) { memset(p->blocks, 0, (size_t)p->nblocks * 32); }
void bench_parquet_free(bench_parquet *p)
{
    if (p)
        free(p->blocks);
    free(p);
}
uint64_t bench_parquet_bytes(const bench_parquet *p) { return p->nblocks * 32; }

static inline __m256i mask(uint32_t x)
{
    const __m256i salt = _mm256_setr_epi32(0x47b6137b, 0x44974d91, (int)0x8824ad5b, (int)0xa2b7289d, 0x705495c7,
                                           0x2df1424b, (int)0x9efc4947, 0x5c6bfb31);
    const __m256i bit = _mm256_srli_epi32(_mm256_mullo_epi32(_mm256_set1_epi32((int)x), salt), 27);
    return _mm256_sllv_epi32(_mm256_set1_epi32(1), bit);
}

static inline __m256i *block(const bench_parquet *p, uint64_t h) { return p->blocks + ((h >> 32) * p->nblocks >> 32); }

int bench_parquet_add(void *o, const void *key, size_t len)
{
    bench_parquet *p = o;
    const uint64_t h = XXH64(key, len, 0);
    __m256i *b = block(p, h);
    _mm256_store_si256(b, _mm256_or_si256(_mm256_load_si256(b), mask((uint32_t)h)));
    return 0;
}

static inline int check(const bench_parquet *p, uint64_t h)
{
    return _mm256_testc_si256(_mm256_load_si256(block(p, h)), mask((uint32_t)h));
}

int bench_parquet_query(const void *o, const void *key, size_t len) { return check(o, XXH64(key, len, 0)); }

void bench_parquet_batch(const void *o, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    const bench_parquet *p = o;
    uint64_t h[16];
    for (size_t base = 0; base < count; base += 16) {
        const size_t cnt = count - base < 16 ? count - base : 16;
        for (size_t i = 0; i < cnt; i++) {
            h[i] = XXH64(keys[base + i], lens[base + i], 0);
            __builtin_prefetch(block(p, h[i]), 0, 0);
        }
        for (size_t i = 0; i < cnt; i++)
            results[base + i] = check(p, h[i]);
    }
}

int bench_parquet_same_bits(uint64_t n)
{
    amq_split_block *f;
    if (amq_split_block_create_for(&f, n, 0.01, 0, NULL) != AMQ_OK)
        return 0;
    bench_parquet *p = bench_parquet_create(amq_split_block_nblocks(f));
    int same = p != NULL;
    unsigned char key[16];
    for (uint64_t i = 0; same && i < n; i++) {
        memcpy(key, &i, 8);
        memcpy(key + 8, &n, 8);
        amq_split_block_add(f, key, sizeof key);
        bench_parquet_add(p, key, sizeof key);
    }
    same = same && memcmp(p->blocks, amq_split_block_words(f), (size_t)p->nblocks * 32) == 0;
    bench_parquet_free(p);
    amq_split_block_free(f);
    return same;
}

#else /* no AVX2 at -march=native: the row is skipped */

bench_parquet *bench_parquet_create(uint64_t nblocks)
{
    (void)nblocks;
    return NULL;
}
void bench_parquet_clear(bench_parquet *p) { (void)p; }
void bench_parquet_free(bench_parquet *p) { (void)p; }
uint64_t bench_parquet_bytes(const bench_parquet *p)
{
    (void)p;
    return 0;
}
int bench_parquet_add(void *o, const void *key, size_t len)
{
    (void)o, (void)key, (void)len;
    return 1;
}
int bench_parquet_query(const void *o, const void *key, size_t len)
{
    (void)o, (void)key, (void)len;
    return 0;
}
void bench_parquet_batch(const void *o, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    (void)o, (void)keys, (void)lens, (void)count, (void)results;
}
int bench_parquet_same_bits(uint64_t n)
{
    (void)n;
    return 0;
}
#endif
