/* Counting blocked Bloom filter (amq/counting_blocked.h) over the proved counting blocked
 * kernels; add, query and remove are the proved key-level functions of
 * src/counting_blocked_key.c plus the NULL-filter check and the message.
 *
 * File (container type AMQ_TYPE_COUNTING_BLOCKED): the layer's parameter block holding
 * nblocks, block_counters, k, strategy, seed and width; payload: the counter bytes as they
 * are (8-bit: counter p in byte p; 4-bit: counter p in the low nibble of byte p/2 for even
 * p, the high one for odd p).  Files of the one-type amq_blocked (one 64-byte line per
 * block) are these. */
#include <lib_internal/fail.h>
#include <amq/counting_blocked.h>
#include <lib_internal/blocked_check.h>
#include <lib_internal/blocked_kernel.h>
#include <lib_internal/counting_blocked_key.h>
#include <lib_internal/blocked_block.h>
#include <lib_internal/blocked_layer.h>
#include <lib_internal/blocked_state.h>
#include <amq/spec_blocked.h>
#include <stdlib.h>
#include <string.h>
#include <lib_internal/null_rule.h>
#include <math.h>

#define NAME "counting-blocked"

struct amq_counting_blocked {
    uint64_t nblocks, block_counters, m, k, seed, nbytes;
    unsigned width;
    amq_hash_strategy strategy;
    uint8_t *bytes;
};

static uint64_t counter_bytes(uint64_t m, unsigned width)
{
    return width == 8 ? AMQ_COUNTING8_BYTES(m) : AMQ_COUNTING4_BYTES(m);
}

static amq_status check(uint64_t nblocks, uint64_t block_counters, uint64_t k, unsigned width, int strategy,
                        uint64_t *m)
{
    if (nblocks == 0)
        return amq_fail(AMQ_E_INVALID_M, NAME ": needs at least one block");
    if (block_counters == 0 || block_counters > AMQ_COUNTING_BLOCKED_MAX_BLOCK_COUNTERS)
        return amq_fail(AMQ_E_INVALID_M, NAME ": block of %llu counters: the block size must be in [1, 2^32]",
                        (unsigned long long)block_counters);
    if (k == 0 || k > AMQ_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, NAME ": k = %llu: the number of hash functions must be in [1, %u]",
                        (unsigned long long)k, AMQ_MAX_K);
    if (width != 4 && width != 8)
        return amq_fail(AMQ_E_INVALID_ARG, NAME ": counter width %u: supported widths are 4 and 8", width);
    if (!amq_hash_valid(strategy))
        return amq_fail(AMQ_E_INVALID_ARG, NAME ": unknown hashing strategy %d", strategy);
    amq_status s = amq_blocked_layer_size(m, nblocks, block_counters, NAME);
    if (s == AMQ_OK && counter_bytes(*m, width) > SIZE_MAX)
        s = amq_fail(AMQ_E_OVERFLOW, NAME ": %llu counters do not fit in memory addresses", (unsigned long long)*m);
    return s;
}

amq_status amq_counting_blocked_create(amq_counting_blocked **out, uint64_t nblocks, uint64_t block_counters,
                                       uint64_t k, unsigned width, amq_hash_strategy strategy, uint64_t seed)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, NAME ": NULL output pointer");
    uint64_t m = 0;
    amq_status s = check(nblocks, block_counters, k, width, (int)strategy, &m);
    if (s != AMQ_OK)
        return s;
    amq_counting_blocked *c = malloc(sizeof *c);
    const uint64_t nbytes = counter_bytes(m, width);
    uint8_t *bytes = c ? calloc((size_t)nbytes, 1) : NULL;
    if (!bytes) {
        free(c);
        return amq_fail(AMQ_E_NOMEM, NAME ": cannot allocate %llu bytes", (unsigned long long)nbytes);
    }
    *c = (amq_counting_blocked){.nblocks = nblocks, .block_counters = block_counters, .m = m, .k = k,
                                .seed = seed, .nbytes = nbytes, .width = width, .strategy = strategy,
                                .bytes = bytes};
    *out = c;
    return AMQ_OK;
}

amq_status amq_counting_blocked_create_for(amq_counting_blocked **out, uint64_t n, double fpr, unsigned width,
                                           amq_hash_strategy strategy, uint64_t seed, double *achieved)
{
    if (!out) /* before the sizing: a refused call writes nothing, *achieved included */
        return amq_fail(AMQ_E_INVALID_ARG, "create: NULL output pointer");
    if (width != 4 && width != 8)
        return amq_fail(AMQ_E_INVALID_ARG, NAME ": counter width %u: supported widths are 4 and 8", width);
    const uint64_t line = AMQ_COUNTING_BLOCKED_LINE_COUNTERS(width);
    uint64_t blocks, k;
    double a;
    /* the blocked Bloom rate with blocks of `line` counters (Ceramist Theorem 8) */
    amq_status s = amq_blocked_bloom_size_for(n, fpr, line, &blocks, &k, &a);
    if (s == AMQ_OK)
        s = amq_counting_blocked_create(out, blocks, line, k, width, strategy, seed);
    if (s == AMQ_OK && achieved)
        *achieved = a;
    return s;
}

void amq_counting_blocked_free(amq_counting_blocked *c)
{
    if (c) {
        free(c->bytes);
        free(c);
    }
}

void amq_counting_blocked_locate(const amq_counting_blocked *c, const void *key, size_t len, uint64_t *block,
                                 uint64_t *idx)
{
    *block = amq_blocked_key_block(c->seed, key, len, c->nblocks);
    amq_hash_indices(c->strategy, c->seed, key, len, c->block_counters, idx, (size_t)c->k);
}

amq_status amq_counting_blocked_add(amq_counting_blocked *c, const void *key, size_t len)
{
    if (!c || (!key && len))
        return amq_fail(AMQ_E_INVALID_ARG, NAME " add: NULL filter or key");
    return amq_counting_blocked_key_add(c->bytes, c->m, c->nblocks, c->block_counters, c->k, c->width,
                                        c->strategy, c->seed, key, len);
}

int amq_counting_blocked_query(const amq_counting_blocked *c, const void *key, size_t len)
{
    if (!c || (!key && len))
        return amq_query_refused("amq_counting_blocked_query");
    return amq_counting_blocked_key_query(c->bytes, c->m, c->nblocks, c->block_counters, c->k, c->width,
                                          c->strategy, c->seed, key, len);
}

/* The proved batch (lib_internal/counting_blocked_key.h, unit counting_blocked_key). */
void amq_counting_blocked_query_batch(const amq_counting_blocked *c, const void *const *keys, const size_t *lens,
                                      size_t count, int *results)
{
    if (amq_query_batch_refused(c, keys, lens, count, results, "amq_counting_blocked_query_batch"))
        return;
    amq_counting_blocked_key_query_batch(c->bytes, c->m, c->nblocks, c->block_counters, c->k, c->width, c->strategy,
                                         c->seed, keys, lens, count, results);
}

amq_status amq_counting_blocked_remove(amq_counting_blocked *c, const void *key, size_t len)
{
    if (!c || (!key && len))
        return amq_fail(AMQ_E_INVALID_ARG, NAME " remove: NULL filter or key");
    if (amq_counting_blocked_key_remove(c->bytes, c->m, c->nblocks, c->block_counters, c->k, c->width,
                                        c->strategy, c->seed, key, len) != AMQ_OK)
        return amq_fail(AMQ_E_NOT_PRESENT, NAME " remove: key not present (one of its counters is below its "
                                           "multiplicity); nothing changed");
    return AMQ_OK;
}

void amq_counting_blocked_clear(amq_counting_blocked *c)
{
    if (!c)
        return;
    memset(c->bytes, 0, (size_t)c->nbytes);
}

unsigned amq_counting_blocked_counter(const amq_counting_blocked *c, uint64_t i)
{
    if (i >= c->m)
        return 0;
    if (c->width == 8)
        return c->bytes[i];
    return (c->bytes[i / 2] >> (4 * (i % 2))) & 0xFu;
}

/* Sum, non-zero and saturated counters in one pass. */
static void scan(const amq_counting_blocked *c, uint64_t *sum, uint64_t *nonzero, uint64_t *sat)
{
    const unsigned max = c->width == 8 ? 255u : 15u;
    uint64_t s = 0, nz = 0, st = 0;
    for (uint64_t i = 0; i < c->m; i++) {
        const unsigned v = amq_counting_blocked_counter(c, i);
        s += v;
        nz += v != 0;
        st += v == max;
    }
    if (sum)
        *sum = s;
    if (nonzero)
        *nonzero = nz;
    if (sat)
        *sat = st;
}

amq_status amq_counting_blocked_count(const amq_counting_blocked *c, uint64_t *count)
{
    if (!c || !count)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " count: NULL filter or output");
    uint64_t sum, sat;
    scan(c, &sum, NULL, &sat);
    if (sat)
        return amq_fail(AMQ_E_SATURATED, NAME " count: %llu counters are saturated, the exact count is lost",
                        (unsigned long long)sat);
    *count = sum / c->k;
    return AMQ_OK;
}

uint64_t amq_counting_blocked_nonzero(const amq_counting_blocked *c)
{
    if (!c)
        return 0;
    uint64_t nz;
    scan(c, NULL, &nz, NULL);
    return nz;
}

uint64_t amq_counting_blocked_saturated(const amq_counting_blocked *c)
{
    if (!c)
        return 0;
    uint64_t st;
    scan(c, NULL, NULL, &st);
    return st;
}

double amq_counting_blocked_estimate_count(const amq_counting_blocked *c)
{
    if (!c)
        return NAN;
    return amq_blocked_layer_fill_estimate(amq_counting_blocked_nonzero(c), c->m,
                                           amq_blocked_layer_hit_prob(c->nblocks, c->block_counters, c->k));
}

uint64_t amq_counting_blocked_nblocks(const amq_counting_blocked *c) { return c ? c->nblocks : 0; }
uint64_t amq_counting_blocked_block_counters(const amq_counting_blocked *c) { return c ? c->block_counters : 0; }
uint64_t amq_counting_blocked_m(const amq_counting_blocked *c) { return c ? c->m : 0; }
uint64_t amq_counting_blocked_k(const amq_counting_blocked *c) { return c ? c->k : 0; }
unsigned amq_counting_blocked_width(const amq_counting_blocked *c) { return c ? c->width : 0; }
amq_hash_strategy amq_counting_blocked_strategy(const amq_counting_blocked *c) { return c ? c->strategy : 0; }
uint64_t amq_counting_blocked_seed(const amq_counting_blocked *c) { return c ? c->seed : 0; }

amq_status amq_counting_blocked_save(const amq_counting_blocked *c, const char *path)
{
    if (!c)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " save: NULL filter");
    const amq_blocked_layer_params p = {c->nblocks, c->block_counters, c->k, (uint64_t)c->strategy, c->seed,
                                        c->width};
    return amq_blocked_layer_save_bytes(path, AMQ_TYPE_COUNTING_BLOCKED, &p, c->bytes, c->nbytes);
}

/* The counter bytes; with 4-bit counters and odd m, the nibble beyond the last counter
 * must be zero (the kernels never set it). */
static amq_status read_counters(amq_reader *r, const char *path, amq_counting_blocked *c)
{
    amq_status s = amq_reader_bytes(r, c->bytes, c->nbytes);
    if (s == AMQ_OK && c->width == 4 && c->m % 2 != 0 && (c->bytes[c->nbytes - 1] >> 4) != 0)
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': bits set beyond the last position", path);
    return s;
}

amq_status amq_counting_blocked_load(amq_counting_blocked **out, const char *path)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " load: NULL output pointer");
    amq_reader r;
    amq_blocked_layer_params p;
    amq_status s = amq_blocked_layer_open(&r, path, AMQ_TYPE_COUNTING_BLOCKED, &p);
    if (s != AMQ_OK)
        return s;
    amq_counting_blocked *c = NULL;
    uint64_t m = 0;
    if (p.strategy > AMQ_HASH_ENHANCED || (p.width != 4 && p.width != 8))
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible " NAME " parameters (hash %llu, counter width %llu)",
                     path, (unsigned long long)p.strategy, (unsigned long long)p.width);
    else if (check(p.nblocks, p.block_size, p.k, (unsigned)p.width, (int)p.strategy, &m) != AMQ_OK)
        s = amq_blocked_layer_impossible(path);
    else if ((s = amq_blocked_layer_payload_is(&r, path, counter_bytes(m, (unsigned)p.width))) == AMQ_OK &&
             (s = amq_counting_blocked_create(&c, p.nblocks, p.block_size, p.k, (unsigned)p.width,
                                              (amq_hash_strategy)p.strategy, p.seed)) == AMQ_OK)
        s = read_counters(&r, path, c);
    amq_reader_close(&r);
    if (s != AMQ_OK) {
        amq_counting_blocked_free(c);
        return s;
    }
    *out = c;
    return AMQ_OK;
}

/* ---- kernel descriptor (lib_internal/blocked_check.h): 1 + k digits over nblocks * block_counters ---- */

static void desc_add(const amq_ops *kn, uint64_t *st, const uint64_t *d)
{
    const amq_counting_blocked_geom *g = kn->ctx;
    uint64_t idx[AMQ_BLOCKED_MAX_K];
    const uint64_t block = amq_blocked_layer_decode(d, g->block_counters, (size_t)g->k, idx);
    if (g->width == 8)
        amq_counting_blocked_kernel_add8((uint8_t *)st, g->m, g->block_counters, block, idx, (size_t)g->k);
    else
        amq_counting_blocked_kernel_add4((uint8_t *)st, g->m, g->block_counters, block, idx, (size_t)g->k);
}

static int desc_query(const amq_ops *kn, const uint64_t *st, const uint64_t *d)
{
    const amq_counting_blocked_geom *g = kn->ctx;
    uint64_t idx[AMQ_BLOCKED_MAX_K];
    const uint64_t block = amq_blocked_layer_decode(d, g->block_counters, (size_t)g->k, idx);
    const uint8_t *c = (const uint8_t *)st;
    return g->width == 8 ? amq_counting_blocked_kernel_query8(c, g->m, g->block_counters, block, idx, (size_t)g->k)
                         : amq_counting_blocked_kernel_query4(c, g->m, g->block_counters, block, idx, (size_t)g->k);
}

static int desc_remove(const amq_ops *kn, uint64_t *st, const uint64_t *d)
{
    const amq_counting_blocked_geom *g = kn->ctx;
    uint64_t idx[AMQ_BLOCKED_MAX_K];
    const uint64_t block = amq_blocked_layer_decode(d, g->block_counters, (size_t)g->k, idx);
    uint8_t *c = (uint8_t *)st;
    return g->width == 8 ? amq_counting_blocked_kernel_remove8(c, g->m, g->block_counters, block, idx, (size_t)g->k)
                         : amq_counting_blocked_kernel_remove4(c, g->m, g->block_counters, block, idx, (size_t)g->k);
}

amq_status amq_ops_counting_blocked(amq_ops *out, amq_counting_blocked_geom *g)
{
    if (!out || !g)
        return amq_fail(AMQ_E_INVALID_ARG, "blocked counting check model: NULL descriptor or geometry");
    if (g->nblocks == 0 || g->block_counters == 0)
        return amq_fail(AMQ_E_INVALID_M, NAME " kernel: needs at least one block of at least one counter");
    if (g->k == 0 || g->k > AMQ_BLOCKED_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, NAME " kernel: k = %llu must be in [1, %u]", (unsigned long long)g->k,
                        AMQ_BLOCKED_MAX_K);
    if (g->width != 4 && g->width != 8)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " kernel: counter width %u must be 4 or 8", g->width);
    amq_status s =
        amq_blocked_layer_digits(&g->m, &g->alphabet, g->nblocks, g->block_counters, g->block_counters, NAME);
    if (s != AMQ_OK)
        return s;
    const uint64_t bytes = counter_bytes(g->m, g->width);
    *out = (amq_ops){.name = NAME, .m = g->alphabet, .k = (size_t)g->k + 1,
                        .state_words = (size_t)(bytes / 8 + (bytes % 8 != 0)), .add_ctx = desc_add,
                        .query_ctx = desc_query, .remove_ctx = desc_remove, .ctx = g};
    return AMQ_OK;
}
