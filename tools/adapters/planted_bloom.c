/* Planted-bug Bloom filters as C plugins (amq/plugin.h): each must FAIL `amq check`, with
 * the right reason, which is how the checker's tests show its power.  One source, built
 * once per bug with -DPLANTED_BUG=N:
 *   0  none: a correct Bloom filter (k independent XXH3 positions); it must pass;
 *   1  false negative: add skips the last position of one key in 64, so such a key is
 *      answered "no" unless other keys set that bit;
 *   2  biased hash: positions come from 63-bit hashes folded onto the first half of the
 *      table, so the filter behaves like one of m/2 bits: the rate is above the model;
 *   3  wrong k: the filter uses ceil(k / 2) hash functions instead of k: the rate is off;
 *   4  wrong ABI: a correct filter that declares the next ABI version: it must be refused.
 * --plugin-arg 'm=M k=K'. */
#include <amq/plugin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#ifndef PLANTED_BUG
#error "build with -DPLANTED_BUG=0..4"
#endif

static const char *const NAMES[] = {"planted-none", "planted-false-negative", "planted-biased-hash",
                                    "planted-wrong-k", "planted-wrong-abi"};

typedef struct handle {
    uint64_t m, k, seed;
    uint64_t *bits;
    char line[128];
} handle;

/* Position i of a key: its own seeded XXH3 hash, mapped onto [0, range) by multiply-shift. */
static uint64_t position(const handle *h, const void *key, size_t len, uint64_t i)
{
    const uint64_t x = XXH3_64bits_withSeed(key, len, h->seed + 0x9E3779B97F4A7C15u * (i + 1));
    const uint64_t range = PLANTED_BUG == 2 ? (h->m + 1) / 2 : h->m;
    return (uint64_t)(((unsigned __int128)x * range) >> 64);
}

static uint64_t hashes(const handle *h) { return PLANTED_BUG == 3 ? (h->k + 1) / 2 : h->k; }

static void *create(uint64_t seed, const char *arg, char *err, size_t errlen)
{
    unsigned long long m = 0, k = 0;
    if (!arg || sscanf(arg, "m=%llu k=%llu", &m, &k) != 2 || m == 0 || k == 0 || k > 64 || m > (1ull << 40)) {
        snprintf(err, errlen, "--plugin-arg must be 'm=M k=K' with 1 <= m <= 2^40, 1 <= k <= 64");
        return NULL;
    }
    handle *h = calloc(1, sizeof *h);
    if (h)
        h->bits = calloc((size_t)((m + 63) / 64), sizeof *h->bits);
    if (!h || !h->bits) {
        free(h);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    h->m = m;
    h->k = k;
    h->seed = seed;
    snprintf(h->line, sizeof h->line, "m=%llu k=%llu (%s)", m, k, NAMES[PLANTED_BUG]);
    return h;
}

static int add(void *o, const void *key, size_t len)
{
    handle *h = o;
    uint64_t k = hashes(h);
    if (PLANTED_BUG == 1 && (XXH3_64bits_withSeed(key, len, h->seed) & 63) == 0)
        k--; /* the planted false negative */
    for (uint64_t i = 0; i < k; i++) {
        const uint64_t j = position(h, key, len, i);
        h->bits[j / 64] |= UINT64_C(1) << (j % 64);
    }
    return 0;
}

static int query(void *o, const void *key, size_t len)
{
    const handle *h = o;
    for (uint64_t i = 0; i < hashes(h); i++) {
        const uint64_t j = position(h, key, len, i);
        if (!((h->bits[j / 64] >> (j % 64)) & 1))
            return 0;
    }
    return 1;
}

static void destroy(void *o)
{
    handle *h = o;
    free(h->bits);
    free(h);
}

static const char *describe(void *o) { return ((handle *)o)->line; }

static const amq_plugin plugin = {
    AMQ_PLUGIN_ABI_VERSION, sizeof(amq_plugin), NULL, create, add, query, NULL, destroy, describe, NULL, NULL,
};

AMQ_PLUGIN_EXPORT const amq_plugin *amq_plugin_entry(void)
{
    static amq_plugin p;
    p = plugin;
    p.name = NAMES[PLANTED_BUG];
    if (PLANTED_BUG == 4)
        p.abi_version = AMQ_PLUGIN_ABI_VERSION + 1;
    return &p;
}
