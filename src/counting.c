/* Key-level counting Bloom filter: add, query and remove are the proved functions of
 * src/counting_key.c (unit counting_key) over the proved kernel (unit counting). */
#include <lib_internal/fail.h>
#include <amq/bloom.h>
#include <lib_internal/container.h>
#include <amq/counting.h>
#include <lib_internal/counting_key.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib_internal/null_rule.h>
#include <math.h>

struct amq_counting {
    uint64_t m, k, seed, nbytes;
    unsigned width;
    amq_hash_strategy strategy;
    uint8_t *c;
};

static amq_status check_params(uint64_t m, uint64_t k, unsigned width, int strategy, uint64_t *nbytes)
{
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "m = 0: a counting filter needs at least one counter");
    if (k == 0 || k > AMQ_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, "k = %llu: the number of hash functions must be in [1, %u]",
                        (unsigned long long)k, AMQ_MAX_K);
    if (width != 4 && width != 8)
        return amq_fail(AMQ_E_INVALID_ARG, "counter width %u: supported widths are 4 and 8 bits", width);
    if (!amq_hash_valid(strategy))
        return amq_fail(AMQ_E_INVALID_ARG, "unknown hashing strategy %d", strategy);
    *nbytes = width == 8 ? m : m / 2 + m % 2;
    if (*nbytes > SIZE_MAX)
        return amq_fail(AMQ_E_OVERFLOW, "m = %llu counters do not fit in memory addresses",
                        (unsigned long long)m);
    return AMQ_OK;
}

amq_status amq_counting_create(amq_counting **out, uint64_t m, uint64_t k, unsigned width,
                               amq_hash_strategy strategy, uint64_t seed)
{
    uint64_t nbytes = 0;
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "create: NULL output pointer");
    amq_status s = check_params(m, k, width, (int)strategy, &nbytes);
    if (s != AMQ_OK)
        return s;
    amq_counting *cf = malloc(sizeof *cf);
    uint8_t *c = cf ? calloc((size_t)nbytes, 1) : NULL;
    if (!c) {
        free(cf);
        return amq_fail(AMQ_E_NOMEM, "cannot allocate %llu bytes for m = %llu counters",
                        (unsigned long long)nbytes, (unsigned long long)m);
    }
    *cf = (amq_counting){.m = m, .k = k, .seed = seed, .nbytes = nbytes, .width = width,
                         .strategy = strategy, .c = c};
    *out = cf;
    return AMQ_OK;
}

amq_status amq_counting_create_for(amq_counting **out, uint64_t n, double fpr, unsigned width,
                                   amq_hash_strategy strategy, uint64_t seed, double *achieved)
{
    if (!out) /* before the sizing: a refused call writes nothing, *achieved included */
        return amq_fail(AMQ_E_INVALID_ARG, "create: NULL output pointer");
    uint64_t m, k;
    amq_status s = amq_bloom_size_for(n, fpr, &m, &k, achieved);
    return s != AMQ_OK ? s : amq_counting_create(out, m, k, width, strategy, seed);
}

void amq_counting_free(amq_counting *cf)
{
    if (cf) {
        free(cf->c);
        free(cf);
    }
}

amq_status amq_counting_add(amq_counting *cf, const void *key, size_t len)
{
    /* the proved add (lib_internal/counting_key.h) refuses a NULL key with len > 0 itself */
    if (!cf || amq_counting_key_add(cf->c, cf->m, cf->k, cf->width, cf->strategy, cf->seed, key, len) != AMQ_OK)
        return amq_fail(AMQ_E_INVALID_ARG, "add: NULL filter or key");
    return AMQ_OK;
}

int amq_counting_query(const amq_counting *cf, const void *key, size_t len)
{
    if (!cf || (!key && len))
        return amq_query_refused("amq_counting_query");
    return amq_counting_key_query(cf->c, cf->m, cf->k, cf->width, cf->strategy, cf->seed, key, len);
}

amq_status amq_counting_remove(amq_counting *cf, const void *key, size_t len)
{
    if (!cf)
        return amq_fail(AMQ_E_INVALID_ARG, "remove: NULL filter or key");
    /* the proved remove (lib_internal/counting_key.h): refuses a NULL key with len > 0, and a key
     * not covered (a counter below its multiplicity), changing nothing either way */
    switch (amq_counting_key_remove(cf->c, cf->m, cf->k, cf->width, cf->strategy, cf->seed, key, len)) {
    case AMQ_OK:
        return AMQ_OK;
    case AMQ_E_NOT_PRESENT:
        return amq_fail(AMQ_E_NOT_PRESENT,
                        "remove: key not present (one of its counters is below its multiplicity); "
                        "nothing changed");
    default:
        return amq_fail(AMQ_E_INVALID_ARG, "remove: NULL filter or key");
    }
}

void amq_counting_clear(amq_counting *cf)
{
    if (!cf)
        return;
    memset(cf->c, 0, (size_t)cf->nbytes);
}

unsigned amq_counting_get(const amq_counting *cf, uint64_t i)
{
    if (!cf || i >= cf->m) /* past the counters: nothing to read (the header's rule) */
        return 0;
    if (cf->width == 8)
        return cf->c[i];
    return (cf->c[i / 2] >> (4 * (i % 2))) & 0xFu;
}

/* One pass over the counters: sum, non-zero and saturated counts. */
static void scan(const amq_counting *cf, uint64_t *sum, uint64_t *nonzero, uint64_t *sat)
{
    const unsigned max = cf->width == 8 ? 255u : 15u;
    uint64_t s = 0, nz = 0, st = 0;
    for (uint64_t i = 0; i < cf->m; i++) {
        unsigned v = amq_counting_get(cf, i);
        s += v;
        nz += v != 0;
        st += v == max;
    }
    if (sum) *sum = s;
    if (nonzero) *nonzero = nz;
    if (sat) *sat = st;
}

amq_status amq_counting_count(const amq_counting *cf, uint64_t *count)
{
    if (!cf || !count)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_counting_count: NULL argument");
    uint64_t sum, sat;
    scan(cf, &sum, NULL, &sat);
    if (sat)
        return amq_fail(AMQ_E_SATURATED, "count: %llu counters are saturated, the exact count is lost",
                        (unsigned long long)sat);
    *count = sum / cf->k;
    return AMQ_OK;
}

uint64_t amq_counting_nonzero(const amq_counting *cf)
{
    if (!cf)
        return 0;
    uint64_t nz;
    scan(cf, NULL, &nz, NULL);
    return nz;
}

uint64_t amq_counting_saturated(const amq_counting *cf)
{
    if (!cf)
        return 0;
    uint64_t st;
    scan(cf, NULL, NULL, &st);
    return st;
}

double amq_counting_estimate_count(const amq_counting *cf)
{
    if (!cf)
        return NAN;
    return amq_fill_estimate(amq_counting_nonzero(cf), cf->m, cf->k);
}

uint64_t amq_counting_m(const amq_counting *cf) { return cf ? cf->m : 0; }
uint64_t amq_counting_k(const amq_counting *cf) { return cf ? cf->k : 0; }
unsigned amq_counting_width(const amq_counting *cf) { return cf ? cf->width : 0; }
amq_hash_strategy amq_counting_strategy(const amq_counting *cf) { return cf ? cf->strategy : 0; }
uint64_t amq_counting_seed(const amq_counting *cf) { return cf ? cf->seed : 0; }

/* Parameter block: m, k, strategy, seed, width (u64 each, little-endian). */
#define COUNTING_PARAMS 40u

amq_status amq_counting_save(const amq_counting *cf, const char *path)
{
    if (!cf)
        return amq_fail(AMQ_E_INVALID_ARG, "save: NULL filter");
    uint8_t p[COUNTING_PARAMS];
    amq_put_u64(p, cf->m);
    amq_put_u64(p + 8, cf->k);
    amq_put_u64(p + 16, (uint64_t)cf->strategy);
    amq_put_u64(p + 24, cf->seed);
    amq_put_u64(p + 32, cf->width);
    return amq_container_save_bytes(path, AMQ_TYPE_COUNTING, p, sizeof p, cf->c, cf->nbytes);
}

amq_status amq_counting_load(amq_counting **out, const char *path)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "load: NULL output pointer");
    amq_reader r;
    amq_status s = amq_reader_open_as(&r, path, AMQ_TYPE_COUNTING, COUNTING_PARAMS);
    if (s != AMQ_OK)
        return s;
    amq_counting *cf = NULL;
    uint64_t m = amq_get_u64(r.params), k = amq_get_u64(r.params + 8);
    uint64_t strat = amq_get_u64(r.params + 16), seed = amq_get_u64(r.params + 24);
    uint64_t width = amq_get_u64(r.params + 32), nbytes = 0;
    char what[96];
    snprintf(what, sizeof what, "m = %llu counters of %llu bits", (unsigned long long)m, (unsigned long long)width);
    if (strat > AMQ_HASH_ENHANCED || width > 8 ||
        check_params(m, k, (unsigned)width, (int)strat, &nbytes) != AMQ_OK)
        s = amq_fail(AMQ_E_BAD_PARAMS,
                     "load: '%s': impossible parameters m=%llu k=%llu hash=%llu width=%llu", path,
                     (unsigned long long)m, (unsigned long long)k, (unsigned long long)strat,
                     (unsigned long long)width);
    /* the counters are allocated only once the file is known to hold all of them */
    else if ((s = amq_reader_expect_payload(&r, nbytes, 1, what)) == AMQ_OK &&
             (s = amq_counting_create(&cf, m, k, (unsigned)width, (amq_hash_strategy)strat, seed)) == AMQ_OK)
        s = amq_reader_bytes(&r, cf->c, nbytes);
    /* an odd m leaves a spare high nibble in the last byte: it must be zero */
    if (s == AMQ_OK && width == 4 && m % 2 && (cf->c[nbytes - 1] >> 4) != 0)
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': counter beyond position m-1 is non-zero", path);
    amq_reader_close(&r);
    if (s != AMQ_OK) {
        amq_counting_free(cf);
        return s;
    }
    *out = cf;
    return AMQ_OK;
}
