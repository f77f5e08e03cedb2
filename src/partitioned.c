/* Partitioned Bloom filter (amq/partitioned.h) over the proved partitioned kernel.
 *
 * File (container type AMQ_TYPE_PARTITIONED): the layer's parameter block holding k (the
 * partitions), m / k (bits per partition), k (bits per key: the same number, checked),
 * strategy, seed and 0 (no counter width); payload: the bit array as little-endian words.
 * Files of the one-type amq_blocked are these. */
#include <lib_internal/fail.h>
#include <amq/partitioned.h>
#include <lib_internal/blocked_check.h>
#include <lib_internal/blocked_kernel.h>
#include <lib_internal/blocked_layer.h>
#include <lib_internal/blocked_state.h>
#include <lib_internal/partitioned_key.h>
#include <amq/spec_blocked.h>
#include <stdlib.h>
#include <string.h>
#include <lib_internal/null_rule.h>
#include <math.h>

#define NAME "partitioned"

struct amq_partitioned {
    uint64_t m, k, part_bits, seed, nwords;
    amq_hash_strategy strategy;
    uint64_t *words;
};

static amq_status check(uint64_t m, uint64_t k, int strategy)
{
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, NAME ": m = 0: needs at least one bit per partition");
    if (k == 0 || k > AMQ_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, NAME ": k = %llu: the number of hash functions must be in [1, %u]",
                        (unsigned long long)k, AMQ_MAX_K);
    if (m % k != 0)
        return amq_fail(AMQ_E_INVALID_M, NAME ": k = %llu does not divide m = %llu: the k partitions must have "
                                         "equal size", (unsigned long long)k, (unsigned long long)m);
    if (!amq_hash_valid(strategy))
        return amq_fail(AMQ_E_INVALID_ARG, NAME ": unknown hashing strategy %d", strategy);
    return AMQ_OK;
}

amq_status amq_partitioned_create(amq_partitioned **out, uint64_t m, uint64_t k, amq_hash_strategy strategy,
                                  uint64_t seed)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, NAME ": NULL output pointer");
    amq_status s = check(m, k, (int)strategy);
    if (s != AMQ_OK)
        return s;
    amq_partitioned *p = malloc(sizeof *p);
    if (!p)
        return amq_fail(AMQ_E_NOMEM, NAME ": out of memory");
    *p = (amq_partitioned){.m = m, .k = k, .part_bits = m / k, .seed = seed, .strategy = strategy};
    if ((s = amq_blocked_layer_bits_alloc(&p->words, &p->nwords, m, NAME)) != AMQ_OK) {
        free(p);
        return s;
    }
    *out = p;
    return AMQ_OK;
}

amq_status amq_partitioned_create_for(amq_partitioned **out, uint64_t n, double fpr, amq_hash_strategy strategy,
                                      uint64_t seed, double *achieved)
{
    if (!out) /* before the sizing: a refused call writes nothing, *achieved included */
        return amq_fail(AMQ_E_INVALID_ARG, "create: NULL output pointer");
    uint64_t m, k;
    double a;
    amq_status s = amq_partitioned_size_for(n, fpr, &m, &k, &a);
    if (s == AMQ_OK)
        s = amq_partitioned_create(out, m, k, strategy, seed);
    if (s == AMQ_OK && achieved)
        *achieved = a;
    return s;
}

void amq_partitioned_free(amq_partitioned *p)
{
    if (p) {
        free(p->words);
        free(p);
    }
}

void amq_partitioned_locate(const amq_partitioned *p, const void *key, size_t len, uint64_t *local)
{
    amq_hash_indices(p->strategy, p->seed, key, len, p->part_bits, local, (size_t)p->k);
}

amq_status amq_partitioned_add(amq_partitioned *p, const void *key, size_t len)
{
    /* the proved add (lib_internal/partitioned_key.h) refuses a NULL key with len > 0 itself */
    if (!p || amq_partitioned_key_add(p->words, p->part_bits, p->k, p->strategy, p->seed, key, len) != AMQ_OK)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " add: NULL filter or key");
    return AMQ_OK;
}

int amq_partitioned_query(const amq_partitioned *p, const void *key, size_t len)
{
    if (!p || (!key && len))
        return amq_query_refused("amq_partitioned_query");
    return amq_partitioned_key_query(p->words, p->part_bits, p->k, p->strategy, p->seed, key, len);
}

/* The proved batch (lib_internal/partitioned_key.h, unit partitioned_key); here only the NULL rule. */
void amq_partitioned_query_batch(const amq_partitioned *p, const void *const *keys, const size_t *lens,
                                 size_t count, int *results)
{
    if (amq_query_batch_refused(p, keys, lens, count, results, "amq_partitioned_query_batch"))
        return;
    amq_partitioned_key_query_batch(p->words, p->part_bits, p->k, p->strategy, p->seed, keys, lens, count,
                                    results);
}

void amq_partitioned_clear(amq_partitioned *p)
{
    if (!p)
        return;
    memset(p->words, 0, (size_t)p->nwords * sizeof(uint64_t));
}

uint64_t amq_partitioned_count_bits(const amq_partitioned *p)
{
    if (!p)
        return 0;
    return amq_blocked_layer_popcount(p->words, p->nwords);
}

/* A key sets one uniform bit of each partition. */
double amq_partitioned_estimate_count(const amq_partitioned *p)
{
    if (!p)
        return NAN;
    return amq_blocked_layer_fill_estimate(amq_partitioned_count_bits(p), p->m, 1.0 / (double)p->part_bits);
}

uint64_t amq_partitioned_m(const amq_partitioned *p) { return p ? p->m : 0; }
uint64_t amq_partitioned_k(const amq_partitioned *p) { return p ? p->k : 0; }
uint64_t amq_partitioned_partition_bits(const amq_partitioned *p) { return p ? p->part_bits : 0; }
amq_hash_strategy amq_partitioned_strategy(const amq_partitioned *p) { return p ? p->strategy : 0; }
uint64_t amq_partitioned_seed(const amq_partitioned *p) { return p ? p->seed : 0; }
const uint64_t *amq_partitioned_words(const amq_partitioned *p) { return p->words; }
uint64_t amq_partitioned_nwords(const amq_partitioned *p) { return p->nwords; }

amq_status amq_partitioned_save(const amq_partitioned *p, const char *path)
{
    if (!p)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " save: NULL filter");
    const amq_blocked_layer_params f = {p->k, p->part_bits, p->k, (uint64_t)p->strategy, p->seed, 0};
    return amq_blocked_layer_save_words(path, AMQ_TYPE_PARTITIONED, &f, p->words, p->nwords);
}

amq_status amq_partitioned_load(amq_partitioned **out, const char *path)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " load: NULL output pointer");
    amq_reader r;
    amq_blocked_layer_params f;
    amq_status s = amq_blocked_layer_open(&r, path, AMQ_TYPE_PARTITIONED, &f);
    if (s != AMQ_OK)
        return s;
    amq_partitioned *p = NULL;
    uint64_t m = 0;
    if (f.nblocks != f.k || f.strategy > AMQ_HASH_ENHANCED || f.width != 0)
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible " NAME " parameters (%llu partitions, k %llu, "
                                       "hash %llu, counter width %llu)",
                     path, (unsigned long long)f.nblocks, (unsigned long long)f.k, (unsigned long long)f.strategy,
                     (unsigned long long)f.width);
    else if (amq_blocked_layer_size(&m, f.k, f.block_size, NAME) != AMQ_OK || check(m, f.k, (int)f.strategy) != AMQ_OK)
        s = amq_blocked_layer_impossible(path);
    else if ((s = amq_blocked_layer_payload_is(&r, path, AMQ_BLOOM_WORDS(m) * 8)) == AMQ_OK &&
             (s = amq_partitioned_create(&p, m, f.k, (amq_hash_strategy)f.strategy, f.seed)) == AMQ_OK)
        s = amq_blocked_layer_read_bits(&r, path, p->words, p->nwords, p->m);
    amq_reader_close(&r);
    if (s != AMQ_OK) {
        amq_partitioned_free(p);
        return s;
    }
    *out = p;
    return AMQ_OK;
}

/* ---- kernel descriptor (lib_internal/blocked_check.h): k digits over part_bits ---- */

static void desc_add(const amq_ops *kn, uint64_t *st, const uint64_t *d)
{
    const amq_partitioned_geom *g = kn->ctx;
    amq_partitioned_kernel_add(st, g->part_bits, d, (size_t)g->k);
}

static int desc_query(const amq_ops *kn, const uint64_t *st, const uint64_t *d)
{
    const amq_partitioned_geom *g = kn->ctx;
    return amq_partitioned_kernel_query(st, g->part_bits, d, (size_t)g->k);
}

amq_status amq_ops_partitioned(amq_ops *out, amq_partitioned_geom *g)
{
    if (!out || !g)
        return amq_fail(AMQ_E_INVALID_ARG, "partitioned check model: NULL descriptor or geometry");
    if (g->part_bits == 0)
        return amq_fail(AMQ_E_INVALID_M, NAME " kernel: needs partitions of at least one bit");
    if (g->k == 0 || g->k > AMQ_BLOCKED_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, NAME " kernel: k = %llu must be in [1, %u]", (unsigned long long)g->k,
                        AMQ_BLOCKED_MAX_K);
    if (g->part_bits > UINT64_MAX / g->k)
        return amq_fail(AMQ_E_OVERFLOW, NAME " kernel: block size overflows");
    amq_status s = amq_blocked_layer_digits(&g->m, &g->alphabet, 1, g->k * g->part_bits, g->part_bits, NAME);
    if (s != AMQ_OK)
        return s;
    *out = (amq_ops){.name = NAME, .m = g->alphabet, .k = (size_t)g->k,
                        .state_words = (size_t)AMQ_BLOOM_WORDS(g->m), .add_ctx = desc_add,
                        .query_ctx = desc_query, .ctx = g};
    return AMQ_OK;
}
