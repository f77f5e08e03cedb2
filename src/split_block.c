/* Split-block Bloom filter, Parquet's (amq/split_block.h), over the proved split-block kernel.
 *
 * File (container type AMQ_TYPE_SPLIT_BLOCK): the layer's parameter block holding nblocks,
 * 256 (bits per block), 8 (bits per key), 0 (hashing: XXH64, not a strategy), seed and 0
 * (no counter width); payload: the bit array as little-endian words, i.e. the Parquet
 * bitset.  Files of the one-type amq_blocked are these. */
#include <lib_internal/fail.h>
#include <amq/split_block.h>
#include <lib_internal/blocked_check.h>
#include <lib_internal/blocked_kernel.h>
#include <lib_internal/blocked_layer.h>
#include <lib_internal/blocked_state.h>
#include <amq/spec_blocked.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>
#include <lib_internal/hash_model.h>
#include <lib_internal/split_block_key.h>
#include <lib_internal/null_rule.h>
#include <lib_internal/simd.h>
#include <math.h>

_Static_assert(AMQ_SPLIT_BLOCK_WORDS == AMQ_SPLIT_WORDS && AMQ_SPLIT_BLOCK_WORD_BITS == AMQ_SPLIT_WORD_BITS &&
                   AMQ_SPLIT_BLOCK_MAX_BLOCKS <= AMQ_SPLIT_MAX_BLOCKS &&
                   AMQ_SPLIT_BLOCK_ARROW_MAX_BLOCKS <= AMQ_SPLIT_BLOCK_MAX_BLOCKS &&
                   AMQ_SPLIT_BLOCK_WORDS * AMQ_SPLIT_BLOCK_WORD_BITS == AMQ_SPLIT_BLOCK_BITS &&
                   AMQ_SPLIT_BLOCK_WORDS == AMQ_SPLIT_BLOCK_K,
               "one split-block geometry for the structure, its kernel and its rate");

#define NAME "split-block"
#define BLOCK_BITS (AMQ_SPLIT_BLOCK_WORDS * AMQ_SPLIT_BLOCK_WORD_BITS)

struct amq_split_block {
    uint64_t nblocks, m, seed, nwords;
    uint64_t *words; /* on a 64-byte boundary inside alloc */
    void *alloc;
};

/* Parquet's limits, named in the messages (amq/split_block.h). */
#define LIMIT_TEXT "Parquet's limit of 67108863 (2^26 - 1) blocks: a Parquet file stores the bitset's size " \
                   "as a signed 32-bit byte count (numBytes), so at most 2^31 - 1 bytes of whole 32-byte blocks"

static amq_status check(uint64_t nblocks)
{
    if (nblocks == 0)
        return amq_fail(AMQ_E_INVALID_M, NAME ": needs at least one block");
    if (nblocks > AMQ_SPLIT_BLOCK_MAX_BLOCKS)
        return amq_fail(AMQ_E_TOO_LARGE, NAME ": %llu blocks exceed " LIMIT_TEXT, (unsigned long long)nblocks);
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
    if ((s = amq_blocked_layer_bits_alloc_lines(&f->words, &f->alloc, &f->nwords, f->m, NAME)) != AMQ_OK) {
        free(f);
        return s;
    }
    *out = f;
    return AMQ_OK;
}

/* Sized by `size` (Parquet's limit, or Arrow's sizes), then created. */
static amq_status create_sized(amq_split_block **out, uint64_t n, double fpr, uint64_t seed, double *achieved,
                               amq_status (*size)(uint64_t, double, uint64_t *, double *))
{
    uint64_t blocks;
    double a;
    amq_status s = size(n, fpr, &blocks, &a);
    if (s == AMQ_OK && blocks > AMQ_SPLIT_BLOCK_MAX_BLOCKS)
        s = amq_fail(AMQ_E_TOO_LARGE, NAME ": n = %llu at fpr %g needs %llu blocks, above " LIMIT_TEXT,
                     (unsigned long long)n, fpr, (unsigned long long)blocks);
    if (s == AMQ_OK)
        s = amq_split_block_create(out, blocks, seed);
    if (s == AMQ_OK && achieved)
        *achieved = a;
    return s;
}

amq_status amq_split_block_create_for(amq_split_block **out, uint64_t n, double fpr, uint64_t seed,
                                      double *achieved)
{
    return create_sized(out, n, fpr, seed, achieved, amq_split_block_size_for);
}

int amq_split_block_arrow_accepts(uint64_t nblocks)
{
    return nblocks >= 1 && nblocks <= AMQ_SPLIT_BLOCK_ARROW_MAX_BLOCKS && (nblocks & (nblocks - 1)) == 0;
}

amq_status amq_split_block_size_for_arrow(uint64_t n, double fpr, uint64_t *nblocks, double *achieved)
{
    if (!nblocks)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " size_for_arrow: NULL output pointer");
    uint64_t b;
    amq_status s = amq_split_block_size_for(n, fpr, &b, NULL);
    if (s != AMQ_OK)
        return s;
    if (b > AMQ_SPLIT_BLOCK_ARROW_MAX_BLOCKS)
        return amq_fail(AMQ_E_TOO_LARGE, NAME ": n = %llu at fpr %g needs %llu blocks, above Arrow's limit of 2^22 "
                                         "blocks (128 MiB)", (unsigned long long)n, fpr, (unsigned long long)b);
    uint64_t p = 1;
    while (p < b)
        p <<= 1;
    if (achieved) { /* the certified upper bound at the rounded size, rounded up to a double */
        mpfr_t lo, hi;
        mpfr_inits2(96, lo, hi, (mpfr_ptr)0);
        s = amq_split_block_fp_enclose(lo, hi, 96, p * AMQ_SPLIT_BLOCK_BITS, n);
        if (s == AMQ_OK)
            *achieved = mpfr_get_d(hi, MPFR_RNDU);
        mpfr_clears(lo, hi, (mpfr_ptr)0);
        if (s != AMQ_OK)
            return s;
    }
    *nblocks = p;
    return AMQ_OK;
}

amq_status amq_split_block_create_for_arrow(amq_split_block **out, uint64_t n, double fpr, uint64_t seed,
                                            double *achieved)
{
    return create_sized(out, n, fpr, seed, achieved, amq_split_block_size_for_arrow);
}

void amq_split_block_free(amq_split_block *f)
{
    if (f) {
        free(f->alloc);
        free(f);
    }
}

void amq_split_block_locate(const amq_split_block *f, const void *key, size_t len, uint64_t *block, uint64_t *r)
{
    const uint64_t h = amq_xxh64(key, len, f->seed);
    *block = amq_split_block_kernel_select(h, f->nblocks);
    amq_split_block_kernel_mask((uint32_t)h, r);
}

amq_status amq_split_block_add(amq_split_block *f, const void *key, size_t len)
{
    if (!f || (!key && len))
        return amq_fail(AMQ_E_INVALID_ARG, NAME " add: NULL filter or key");
    if (amq_simd_use_avx2()) /* the same bits as the proved add (lib_internal/simd.h) */
        return amq_split_block_avx2_add(f->words, f->nblocks, f->seed, key, len);
    return amq_split_block_key_add(f->words, f->nblocks, f->seed, key, len); /* proved: unit split_block_key */
}

int amq_split_block_query(const amq_split_block *f, const void *key, size_t len)
{
    if (!f || (!key && len))
        return amq_query_refused("amq_split_block_query");
    if (amq_simd_use_avx2())
        return amq_split_block_avx2_query(f->words, f->nblocks, f->seed, key, len);
    return amq_split_block_key_query(f->words, f->nblocks, f->seed, key, len);
}

/* The scalar path is the proved batch (lib_internal/split_block_key.h, unit split_block_key). */
void amq_split_block_query_batch(const amq_split_block *f, const void *const *keys, const size_t *lens,
                                 size_t count, int *results)
{
    if (amq_query_batch_refused(f, keys, lens, count, results, "amq_split_block_query_batch"))
        return;
    if (amq_simd_use_avx2())
        amq_split_block_avx2_query_batch(f->words, f->nblocks, f->seed, keys, lens, count, results);
    else
        amq_split_block_key_query_batch(f->words, f->nblocks, f->seed, keys, lens, count, results);
}

void amq_split_block_clear(amq_split_block *f)
{
    if (!f)
        return;
    memset(f->words, 0, (size_t)f->nwords * sizeof(uint64_t));
}

uint64_t amq_split_block_count_bits(const amq_split_block *f)
{
    if (!f)
        return 0;
    return amq_blocked_layer_popcount(f->words, f->nwords);
}

/* A key sets one uniform bit of each 32-bit word of one uniform block. */
double amq_split_block_estimate_count(const amq_split_block *f)
{
    if (!f)
        return NAN;
    return amq_blocked_layer_fill_estimate(amq_split_block_count_bits(f), f->m,
                                           1.0 / ((double)AMQ_SPLIT_BLOCK_WORD_BITS * (double)f->nblocks));
}

uint64_t amq_split_block_nblocks(const amq_split_block *f) { return f ? f->nblocks : 0; }
uint64_t amq_split_block_m(const amq_split_block *f) { return f ? f->m : 0; }
uint64_t amq_split_block_seed(const amq_split_block *f) { return f ? f->seed : 0; }
const uint64_t *amq_split_block_words(const amq_split_block *f) { return f->words; }
uint64_t amq_split_block_nwords(const amq_split_block *f) { return f->nwords; }
uint64_t *amq_split_block_words_to_fill(amq_split_block *f) { return f->words; }

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
    else if (p.nblocks > AMQ_SPLIT_BLOCK_MAX_BLOCKS && p.nblocks <= AMQ_SPLIT_MAX_BLOCKS)
        /* amqcert wrote such files before it enforced Parquet's limit */
        s = amq_fail(AMQ_E_TOO_LARGE, "load: '%s': %llu blocks, above " LIMIT_TEXT "; amqcert no longer reads "
                                      "or writes such filters: rebuild it from its keys with at most 67108863 blocks",
                     path, (unsigned long long)p.nblocks);
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

/* ---- kernel descriptor (lib_internal/blocked_check.h) ---- */

static uint64_t desc_decode(const amq_split_block_geom *g, const uint64_t *d, uint64_t *r)
{
    if (g->parquet) { /* one digit: Parquet's 64-bit hash over nblocks * 2^32 */
        amq_split_block_kernel_mask((uint32_t)d[0], r);
        return d[0] >> 32;
    }
    return amq_blocked_layer_decode(d, g->word_bits, (size_t)g->words, r);
}

static void desc_add(const amq_ops *kn, uint64_t *st, const uint64_t *d)
{
    const amq_split_block_geom *g = kn->ctx;
    uint64_t r[AMQ_BLOCKED_MAX_K];
    const uint64_t block = desc_decode(g, d, r);
    amq_split_block_kernel_add(st, g->m, g->word_bits, block, r, (size_t)g->words);
}

static int desc_query(const amq_ops *kn, const uint64_t *st, const uint64_t *d)
{
    const amq_split_block_geom *g = kn->ctx;
    uint64_t r[AMQ_BLOCKED_MAX_K];
    const uint64_t block = desc_decode(g, d, r);
    return amq_split_block_kernel_query(st, g->m, g->word_bits, block, r, (size_t)g->words);
}

amq_status amq_ops_split_block(amq_ops *out, amq_split_block_geom *g)
{
    if (!out || !g)
        return amq_fail(AMQ_E_INVALID_ARG, "split-block check model: NULL descriptor or geometry");
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
    *out = (amq_ops){.name = NAME, .m = g->alphabet, .k = g->parquet ? 1 : (size_t)g->words + 1,
                        .state_words = (size_t)AMQ_BLOOM_WORDS(g->m), .add_ctx = desc_add,
                        .query_ctx = desc_query, .ctx = g};
    return AMQ_OK;
}
