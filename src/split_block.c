/* Split-block Bloom filter, Parquet's (amq/split_block.h), over the proved split-block kernel.
 *
 * File (container type AMQ_TYPE_SPLIT_BLOCK): the layer's parameter block holding nblocks,
 * 256 (bits per block), 8 (bits per key), 0 (hashing: XXH64, not a strategy), seed and 0
 * (no counter width); payload: the bit array as little-endian words, i.e. the Parquet
 * bitset.  Files of the one-type amq_blocked are these. */
#include <internal/fail.h>
#include <amq/split_block.h>
#include <internal/blocked_check.h>
#include <internal/blocked_kernel.h>
#include <internal/blocked_layer.h>
#include <internal/blocked_state.h>
#include <amq/spec_blocked.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

_Static_assert(AMQ_SPLIT_BLOCK_WORDS == AMQ_SPLIT_WORDS && AMQ_SPLIT_BLOCK_WORD_BITS == AMQ_SPLIT_WORD_BITS &&
                   AMQ_SPLIT_BLOCK_MAX_BLOCKS == AMQ_SPLIT_MAX_BLOCKS &&
                   AMQ_SPLIT_BLOCK_WORDS * AMQ_SPLIT_BLOCK_WORD_BITS == AMQ_SPLIT_BLOCK_BITS &&
                   AMQ_SPLIT_BLOCK_WORDS == AMQ_SPLIT_BLOCK_K,
               "one split-block geometry for the structure, its kernel and its rate");

#define NAME "split-block"
#define BLOCK_BITS (AMQ_SPLIT_BLOCK_WORDS * AMQ_SPLIT_BLOCK_WORD_BITS)

struct amq_split_block {
    uint64_t nblocks, m, seed, nwords;
    uint64_t *words;
};

static amq_status check(uint64_t nblocks)
{
    if (nblocks == 0)
        return amq_fail(AMQ_E_INVALID_M, NAME ": needs at least one block");
    if (nblocks > AMQ_SPLIT_BLOCK_MAX_BLOCKS)
        return amq_fail(AMQ_E_TOO_LARGE, NAME ": %llu blocks exceed the 2^32 that Parquet's 32-bit "
                                         "multiply-shift block index can address",
                        (unsigned long long)nblocks);
    return AMQ_OK;
}

amq_status amq_split_block_create(amq_split_block **out, uint64_t nblocks, uint64_t seed)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, NAME ": NULL output pointer");
    amq_status s = check(nblocks);
    if (s != AMQ_OK)
        return s;
    amq_split_block *f = malloc(sizeof *f);
    if (!f)
        return amq_fail(AMQ_E_NOMEM, NAME ": out of memory");
    *f = (amq_split_block){.nblocks = nblocks, .m = nblocks * BLOCK_BITS, .seed = seed};
    if ((s = amq_blocked_layer_bits_alloc(&f->words, &f->nwords, f->m, NAME)) != AMQ_OK) {
        free(f);
        return s;
    }
    *out = f;
    return AMQ_OK;
}

amq_status amq_split_block_create_for(amq_split_block **out, uint64_t n, double fpr, uint64_t seed,
                                      double *achieved)
{
    uint64_t blocks;
    double a;
    amq_status s = amq_split_block_size_for(n, fpr, &blocks, &a);
    if (s == AMQ_OK && blocks > AMQ_SPLIT_BLOCK_MAX_BLOCKS)
        s = amq_fail(AMQ_E_TOO_LARGE, NAME ": n = %llu at fpr %g needs %llu blocks, above the 2^32 that "
                                      "Parquet's 32-bit block index can address",
                     (unsigned long long)n, fpr, (unsigned long long)blocks);
    if (s == AMQ_OK)
        s = amq_split_block_create(out, blocks, seed);
    if (s == AMQ_OK && achieved)
        *achieved = a;
    return s;
}

void amq_split_block_free(amq_split_block *f)
{
    if (f) {
        free(f->words);
        free(f);
    }
}

void amq_split_block_locate(const amq_split_block *f, const void *key, size_t len, uint64_t *block, uint64_t *r)
{
    const uint64_t h = XXH64(key, len, f->seed);
    *block = amq_split_block_kernel_select(h, f->nblocks);
    amq_split_block_kernel_mask((uint32_t)h, r);
}

amq_status amq_split_block_add(amq_split_block *f, const void *key, size_t len)
{
    if (!f || (!key && len))
        return amq_fail(AMQ_E_INVALID_ARG, NAME " add: NULL filter or key");
    uint64_t block, r[AMQ_SPLIT_BLOCK_WORDS];
    amq_split_block_locate(f, key, len, &block, r);
    amq_split_block_kernel_add(f->words, f->m, AMQ_SPLIT_BLOCK_WORD_BITS, block, r, AMQ_SPLIT_BLOCK_WORDS);
    return AMQ_OK;
}

static int answer(const void *v, uint64_t block, const uint64_t *r)
{
    const amq_split_block *f = v;
    return amq_split_block_kernel_query(f->words, f->m, AMQ_SPLIT_BLOCK_WORD_BITS, block, r, AMQ_SPLIT_BLOCK_WORDS);
}

int amq_split_block_query(const amq_split_block *f, const void *key, size_t len)
{
    uint64_t block, r[AMQ_SPLIT_BLOCK_WORDS];
    amq_split_block_locate(f, key, len, &block, r);
    return answer(f, block, r);
}

static const void *locate(const void *v, const void *key, size_t len, uint64_t *block, uint64_t *r)
{
    const amq_split_block *f = v;
    amq_split_block_locate(f, key, len, block, r);
    return f->words + *block * (BLOCK_BITS / 64u);
}

void amq_split_block_query_batch(const amq_split_block *f, const void *const *keys, const size_t *lens,
                                 size_t count, int *results)
{
    amq_blocked_layer_query_batch(f, AMQ_SPLIT_BLOCK_WORDS, locate, answer, keys, lens, count, results);
}

void amq_split_block_clear(amq_split_block *f) { memset(f->words, 0, (size_t)f->nwords * sizeof(uint64_t)); }

uint64_t amq_split_block_count_bits(const amq_split_block *f)
{
    return amq_blocked_layer_popcount(f->words, f->nwords);
}

/* A key sets one uniform bit of each 32-bit word of one uniform block. */
double amq_split_block_estimate_count(const amq_split_block *f)
{
    return amq_blocked_layer_fill_estimate(amq_split_block_count_bits(f), f->m,
                                           1.0 / ((double)AMQ_SPLIT_BLOCK_WORD_BITS * (double)f->nblocks));
}

uint64_t amq_split_block_nblocks(const amq_split_block *f) { return f->nblocks; }
uint64_t amq_split_block_m(const amq_split_block *f) { return f->m; }
uint64_t amq_split_block_seed(const amq_split_block *f) { return f->seed; }
const uint64_t *amq_split_block_words(const amq_split_block *f) { return f->words; }
uint64_t amq_split_block_nwords(const amq_split_block *f) { return f->nwords; }

amq_status amq_split_block_save(const amq_split_block *f, const char *path)
{
    if (!f)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " save: NULL filter");
    const amq_blocked_layer_params p = {f->nblocks, BLOCK_BITS, AMQ_SPLIT_BLOCK_WORDS, 0, f->seed, 0};
    return amq_blocked_layer_save_words(path, AMQ_TYPE_SPLIT_BLOCK, &p, f->words, f->nwords);
}

amq_status amq_split_block_load(amq_split_block **out, const char *path)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " load: NULL output pointer");
    amq_reader r;
    amq_blocked_layer_params p;
    amq_status s = amq_blocked_layer_open(&r, path, AMQ_TYPE_SPLIT_BLOCK, &p);
    if (s != AMQ_OK)
        return s;
    amq_split_block *f = NULL;
    if (p.block_size != BLOCK_BITS || p.k != AMQ_SPLIT_BLOCK_WORDS || p.strategy != 0 || p.width != 0)
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible " NAME " parameters (block of %llu bits, k %llu, "
                                       "hash %llu, counter width %llu; a split-block file has 256, 8, 0, 0)",
                     path, (unsigned long long)p.block_size, (unsigned long long)p.k,
                     (unsigned long long)p.strategy, (unsigned long long)p.width);
    else if (check(p.nblocks) != AMQ_OK)
        s = amq_blocked_layer_impossible(path);
    else if ((s = amq_blocked_layer_payload_is(&r, path, p.nblocks * (BLOCK_BITS / 8u))) == AMQ_OK &&
             (s = amq_split_block_create(&f, p.nblocks, p.seed)) == AMQ_OK)
        s = amq_blocked_layer_read_bits(&r, path, f->words, f->nwords, f->m);
    amq_reader_close(&r);
    if (s != AMQ_OK) {
        amq_split_block_free(f);
        return s;
    }
    *out = f;
    return AMQ_OK;
}

/* ---- kernel descriptor (internal/blocked_check.h) ---- */

static uint64_t desc_decode(const amq_split_block_geom *g, const uint64_t *d, uint64_t *r)
{
    if (g->parquet) { /* one digit: Parquet's 64-bit hash over nblocks * 2^32 */
        amq_split_block_kernel_mask((uint32_t)d[0], r);
        return d[0] >> 32;
    }
    return amq_blocked_layer_decode(d, g->word_bits, (size_t)g->words, r);
}

static void desc_add(const amq_kernel *kn, uint64_t *st, const uint64_t *d)
{
    const amq_split_block_geom *g = kn->ctx;
    uint64_t r[AMQ_BLOCKED_MAX_K];
    const uint64_t block = desc_decode(g, d, r);
    amq_split_block_kernel_add(st, g->m, g->word_bits, block, r, (size_t)g->words);
}

static int desc_query(const amq_kernel *kn, const uint64_t *st, const uint64_t *d)
{
    const amq_split_block_geom *g = kn->ctx;
    uint64_t r[AMQ_BLOCKED_MAX_K];
    const uint64_t block = desc_decode(g, d, r);
    return amq_split_block_kernel_query(st, g->m, g->word_bits, block, r, (size_t)g->words);
}

amq_status amq_kernel_split_block(amq_kernel *out, amq_split_block_geom *g)
{
    if (!out || !g)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_kernel_split_block: NULL descriptor or geometry");
    if (g->nblocks == 0 || g->word_bits == 0)
        return amq_fail(AMQ_E_INVALID_M, NAME " kernel: needs at least one block of words of at least one bit");
    if (g->words == 0 || g->words > AMQ_BLOCKED_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, NAME " kernel: %llu words per block (bits per key) must be in [1, %u]",
                        (unsigned long long)g->words, AMQ_BLOCKED_MAX_K);
    if (g->parquet && (g->words != AMQ_SPLIT_BLOCK_WORDS || g->word_bits != AMQ_SPLIT_BLOCK_WORD_BITS ||
                       g->nblocks > (UINT64_C(1) << 30)))
        return amq_fail(AMQ_E_INVALID_ARG, NAME " kernel: Parquet hashing needs 8 words of 32 bits and at most "
                                          "2^30 blocks");
    if (g->word_bits > UINT64_MAX / g->words)
        return amq_fail(AMQ_E_OVERFLOW, NAME " kernel: block size overflows");
    amq_status s = amq_blocked_layer_digits(&g->m, &g->alphabet, g->nblocks, g->words * g->word_bits,
                                            g->word_bits, NAME);
    if (s != AMQ_OK)
        return s;
    if (g->parquet)
        g->alphabet = g->nblocks << 32;
    *out = (amq_kernel){.name = NAME, .m = g->alphabet, .k = g->parquet ? 1 : (size_t)g->words + 1,
                        .state_words = (size_t)AMQ_BLOOM_WORDS(g->m), .add_ctx = desc_add,
                        .query_ctx = desc_query, .ctx = g};
    return AMQ_OK;
}
