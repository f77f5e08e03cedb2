/* Blocked Bloom filter (amq/blocked_bloom.h) over the proved blocked Bloom kernel.
 *
 * File (container type AMQ_TYPE_BLOCKED_BLOOM): the layer's parameter block holding
 * nblocks, block_bits, k, strategy, seed and 0 (no counter width); payload: the bit array,
 * little-endian words.  Files of the one-type amq_blocked (block_bits 512) are these. */
#include <lib_internal/fail.h>
#include <amq/blocked_bloom.h>
#include <lib_internal/blocked_bloom_fields.h>
#include <lib_internal/blocked_check.h>
#include <lib_internal/blocked_kernel.h>
#include <lib_internal/blocked_key.h>
#include <lib_internal/blocked_layer.h>
#include <lib_internal/blocked_state.h>
#include <lib_internal/hash_stream.h>
#include <lib_internal/null_rule.h>
#include <lib_internal/simd.h>
#include <amq/spec_blocked.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NAME "blocked-bloom"

static amq_status check(uint64_t nblocks, uint64_t block_bits, uint64_t k, int strategy, uint64_t *m)
{
    if (nblocks == 0)
        return amq_fail(AMQ_E_INVALID_M, NAME ": needs at least one block");
    if (block_bits == 0 || block_bits > AMQ_BLOCKED_BLOOM_MAX_BLOCK_BITS)
        return amq_fail(AMQ_E_INVALID_M, NAME ": block of %llu bits: the block size must be in [1, 2^32]",
                        (unsigned long long)block_bits);
    if (k == 0 || k > AMQ_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, NAME ": k = %llu: the number of hash functions must be in [1, %u]",
                        (unsigned long long)k, AMQ_MAX_K);
    if (!amq_hash_valid(strategy))
        return amq_fail(AMQ_E_INVALID_ARG, NAME ": unknown hashing strategy %d", strategy);
    return amq_blocked_layer_size(m, nblocks, block_bits, NAME);
}

amq_status amq_blocked_bloom_create(amq_blocked_bloom **out, uint64_t nblocks, uint64_t block_bits, uint64_t k,
                                    amq_hash_strategy strategy, uint64_t seed)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, NAME ": NULL output pointer");
    uint64_t m = 0;
    amq_status s = check(nblocks, block_bits, k, (int)strategy, &m);
    if (s != AMQ_OK)
        return s;
    amq_blocked_bloom *b = malloc(sizeof *b);
    if (!b)
        return amq_fail(AMQ_E_NOMEM, NAME ": out of memory");
    *b = (amq_blocked_bloom){.nblocks = nblocks, .block_bits = block_bits, .m = m, .k = k, .seed = seed,
                             .strategy = strategy};
    if ((s = amq_blocked_layer_bits_alloc_lines(&b->words, &b->alloc, &b->nwords, m, NAME)) != AMQ_OK) {
        free(b);
        return s;
    }
    *out = b;
    return AMQ_OK;
}

amq_status amq_blocked_bloom_create_for(amq_blocked_bloom **out, uint64_t n, double fpr,
                                        amq_hash_strategy strategy, uint64_t seed, double *achieved)
{
    uint64_t blocks, k;
    double a;
    amq_status s = amq_blocked_bloom_size_for(n, fpr, AMQ_BLOCKED_BLOOM_BLOCK_BITS, &blocks, &k, &a);
    if (s == AMQ_OK)
        s = amq_blocked_bloom_create(out, blocks, AMQ_BLOCKED_BLOOM_BLOCK_BITS, k, strategy, seed);
    if (s == AMQ_OK && achieved)
        *achieved = a;
    return s;
}

void amq_blocked_bloom_free(amq_blocked_bloom *b)
{
    if (b) {
        free(b->alloc);
        free(b);
    }
}

void amq_blocked_bloom_locate(const amq_blocked_bloom *b, const void *key, size_t len, uint64_t *block,
                              uint64_t *idx)
{
    *block = amq_blocked_key_block(b->seed, key, len, b->nblocks);
    amq_hash_indices(b->strategy, b->seed, key, len, b->block_bits, idx, (size_t)b->k);
}

amq_status amq_blocked_bloom_add(amq_blocked_bloom *b, const void *key, size_t len)
{
    /* the AVX2 path where it fits (lib_internal/simd.h); the same bits as the proved add */
    if (b && (key || !len) && amq_simd_use_avx2() && amq_blocked_avx2_fits(b->block_bits, b->strategy)) {
        amq_blocked_avx2_add(b, key, len);
        return AMQ_OK;
    }
    /* the proved add (lib_internal/blocked_key.h) refuses a NULL key with len > 0 itself */
    if (!b || amq_blocked_key_add(b->words, b->m, b->nblocks, b->block_bits, b->k, b->strategy, b->seed, key,
                                  len) != AMQ_OK)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " add: NULL filter or key");
    return AMQ_OK;
}

/* The proved lazy query (lib_internal/blocked_key.h, unit blocked_key). */
int amq_blocked_bloom_query(const amq_blocked_bloom *b, const void *key, size_t len)
{
    if (!b || (!key && len))
        return amq_query_refused("amq_blocked_bloom_query");
    if (amq_simd_use_avx2() && amq_blocked_avx2_fits(b->block_bits, b->strategy))
        return amq_blocked_avx2_query(b, key, len);
    return amq_blocked_key_query(b->words, b->m, b->nblocks, b->block_bits, b->k, b->strategy, b->seed, key, len);
}

/* The scalar path is the proved batch (lib_internal/blocked_key.h, unit blocked_key). */
void amq_blocked_bloom_query_batch(const amq_blocked_bloom *b, const void *const *keys, const size_t *lens,
                                   size_t count, int *results)
{
    if (amq_query_batch_refused(b, keys, lens, count, results, "amq_blocked_bloom_query_batch"))
        return;
    if (amq_simd_use_avx2() && amq_blocked_avx2_fits(b->block_bits, b->strategy))
        amq_blocked_avx2_query_batch(b, keys, lens, count, results);
    else
        amq_blocked_key_query_batch(b->words, b->m, b->nblocks, b->block_bits, b->k, b->strategy, b->seed, keys,
                                    lens, count, results);
}

void amq_blocked_bloom_clear(amq_blocked_bloom *b)
{
    if (!b)
        return;
    memset(b->words, 0, (size_t)b->nwords * sizeof(uint64_t));
}

uint64_t amq_blocked_bloom_count_bits(const amq_blocked_bloom *b)
{
    if (!b)
        return 0;
    return amq_blocked_layer_popcount(b->words, b->nwords);
}

double amq_blocked_bloom_estimate_count(const amq_blocked_bloom *b)
{
    if (!b)
        return NAN;
    return amq_blocked_layer_fill_estimate(amq_blocked_bloom_count_bits(b), b->m,
                                           amq_blocked_layer_hit_prob(b->nblocks, b->block_bits, b->k));
}

uint64_t amq_blocked_bloom_nblocks(const amq_blocked_bloom *b) { return b ? b->nblocks : 0; }
uint64_t amq_blocked_bloom_block_bits(const amq_blocked_bloom *b) { return b ? b->block_bits : 0; }
uint64_t amq_blocked_bloom_m(const amq_blocked_bloom *b) { return b ? b->m : 0; }
uint64_t amq_blocked_bloom_k(const amq_blocked_bloom *b) { return b ? b->k : 0; }
amq_hash_strategy amq_blocked_bloom_strategy(const amq_blocked_bloom *b) { return b ? b->strategy : 0; }
uint64_t amq_blocked_bloom_seed(const amq_blocked_bloom *b) { return b ? b->seed : 0; }
const uint64_t *amq_blocked_bloom_words(const amq_blocked_bloom *b) { return b->words; }
uint64_t amq_blocked_bloom_nwords(const amq_blocked_bloom *b) { return b->nwords; }

amq_status amq_blocked_bloom_save(const amq_blocked_bloom *b, const char *path)
{
    if (!b)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " save: NULL filter");
    const amq_blocked_layer_params p = {b->nblocks, b->block_bits, b->k, (uint64_t)b->strategy, b->seed, 0};
    return amq_blocked_layer_save_words(path, AMQ_TYPE_BLOCKED_BLOOM, &p, b->words, b->nwords);
}

amq_status amq_blocked_bloom_load(amq_blocked_bloom **out, const char *path)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " load: NULL output pointer");
    amq_reader r;
    amq_blocked_layer_params p;
    amq_status s = amq_blocked_layer_open(&r, path, AMQ_TYPE_BLOCKED_BLOOM, &p);
    if (s != AMQ_OK)
        return s;
    amq_blocked_bloom *b = NULL;
    uint64_t m = 0;
    if (p.strategy > AMQ_HASH_ENHANCED || p.width != 0)
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible " NAME " parameters (hash %llu, counter width %llu)",
                     path, (unsigned long long)p.strategy, (unsigned long long)p.width);
    else if (check(p.nblocks, p.block_size, p.k, (int)p.strategy, &m) != AMQ_OK)
        s = amq_blocked_layer_impossible(path);
    else if ((s = amq_blocked_layer_payload_is(&r, path, AMQ_BLOOM_WORDS(m) * 8)) == AMQ_OK &&
             (s = amq_blocked_bloom_create(&b, p.nblocks, p.block_size, p.k, (amq_hash_strategy)p.strategy,
                                           p.seed)) == AMQ_OK)
        s = amq_blocked_layer_read_bits(&r, path, b->words, b->nwords, b->m);
    amq_reader_close(&r);
    if (s != AMQ_OK) {
        amq_blocked_bloom_free(b);
        return s;
    }
    *out = b;
    return AMQ_OK;
}

/* ---- kernel descriptor (lib_internal/blocked_check.h): 1 + k digits over nblocks * block_bits ---- */

static void desc_add(const amq_ops *kn, uint64_t *st, const uint64_t *d)
{
    const amq_blocked_bloom_geom *g = kn->ctx;
    uint64_t idx[AMQ_BLOCKED_MAX_K];
    const uint64_t block = amq_blocked_layer_decode(d, g->block_bits, (size_t)g->k, idx);
    amq_blocked_bloom_kernel_add(st, g->m, g->block_bits, block, idx, (size_t)g->k);
}

static int desc_query(const amq_ops *kn, const uint64_t *st, const uint64_t *d)
{
    const amq_blocked_bloom_geom *g = kn->ctx;
    uint64_t idx[AMQ_BLOCKED_MAX_K];
    const uint64_t block = amq_blocked_layer_decode(d, g->block_bits, (size_t)g->k, idx);
    return amq_blocked_bloom_kernel_query(st, g->m, g->block_bits, block, idx, (size_t)g->k);
}

amq_status amq_ops_blocked_bloom(amq_ops *out, amq_blocked_bloom_geom *g)
{
    if (!out || !g)
        return amq_fail(AMQ_E_INVALID_ARG, "blocked Bloom check model: NULL descriptor or geometry");
    if (g->nblocks == 0 || g->block_bits == 0)
        return amq_fail(AMQ_E_INVALID_M, NAME " kernel: needs at least one block of at least one bit");
    if (g->k == 0 || g->k > AMQ_BLOCKED_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, NAME " kernel: k = %llu must be in [1, %u]", (unsigned long long)g->k,
                        AMQ_BLOCKED_MAX_K);
    amq_status s = amq_blocked_layer_digits(&g->m, &g->alphabet, g->nblocks, g->block_bits, g->block_bits, NAME);
    if (s != AMQ_OK)
        return s;
    *out = (amq_ops){.name = NAME, .m = g->alphabet, .k = (size_t)g->k + 1,
                        .state_words = (size_t)AMQ_BLOOM_WORDS(g->m), .add_ctx = desc_add,
                        .query_ctx = desc_query, .ctx = g};
    return AMQ_OK;
}
