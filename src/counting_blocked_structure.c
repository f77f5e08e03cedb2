/* The counting blocked Bloom filter's registry entry (lib_internal/structure.h):
 * amq/counting_blocked.h, the blocked Bloom rate (Ceramist Theorems 8 and 10) and the
 * descriptor of the counting kernel in a block's window. */
#include <lib_internal/fail.h>
#include <lib_internal/blocked_check.h>
#include <lib_internal/blocked_state.h>
#include <lib_internal/moment_cost.h>
#include <lib_internal/structure.h>
#include <lib_internal/container.h>
#include <amq/counting_blocked.h>
#include <amq/spec_blocked.h>
#include <stdlib.h>

enum { P_BLOCKS, P_COUNTERS, P_K, P_WIDTH, P_HASH };

static const amq_param_info params[] = {
    {"blocks", 'b', "blocks", "B", "number of blocks", 0, AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"block_counters", 0, "block-counters", "C", "counters per block (auto: one 64-byte line, 512/width)", 0,
     AMQ_PARAM_RATE | AMQ_PARAM_AUTO},
    {"k", 'k', "hashes", "K", "number of hash functions k, inside the key's block", 0,
     AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"width", 0, "width", "4|8", "counter width in bits: 4 (packed) or 8", 4, AMQ_PARAM_RATE},
    {"hash", 0, "hash", "H", "in-block index strategy: independent|double|triple|enhanced", AMQ_HASH_DEFAULT,
     AMQ_PARAM_HASH},
};

/* The rate's parameters in blocked Bloom's positions: blocks, counters per block, k. */
static amq_status geometry(const uint64_t *v, uint64_t g[3])
{
    if (v[P_WIDTH] != 4 && v[P_WIDTH] != 8)
        return amq_fail(AMQ_E_INVALID_ARG, "counting-blocked: width %llu: counters are 4 or 8 bits",
                        (unsigned long long)v[P_WIDTH]);
    g[0] = v[P_BLOCKS];
    g[1] = v[P_COUNTERS] == AMQ_AUTO ? AMQ_COUNTING_BLOCKED_LINE_COUNTERS(v[P_WIDTH]) : v[P_COUNTERS];
    g[2] = v[P_K];
    return AMQ_OK;
}

static amq_status create(void **o, const uint64_t *v, uint64_t seed)
{
    uint64_t g[3] = {0};
    amq_status st = geometry(v, g);
    if (st != AMQ_OK)
        return st;
    return amq_counting_blocked_create((amq_counting_blocked **)o, g[0], g[1], g[2], (unsigned)v[P_WIDTH],
                                       (amq_hash_strategy)v[P_HASH], seed);
}

static amq_status create_for(void **o, uint64_t n, double fpr, const uint64_t *v, uint64_t seed, double *a)
{
    uint64_t g[3] = {0};
    amq_status st = geometry(v, g);
    if (st != AMQ_OK)
        return st;
    if (v[P_COUNTERS] != AMQ_AUTO && v[P_COUNTERS] != g[1])
        return amq_fail(AMQ_E_INVALID_ARG, "counting-blocked: sizing from n and a target rate uses one 64-byte line "
                                           "per block; give the size (-b, -k) for --block-counters %llu",
                        (unsigned long long)v[P_COUNTERS]);
    return amq_counting_blocked_create_for((amq_counting_blocked **)o, n, fpr, (unsigned)v[P_WIDTH],
                                           (amq_hash_strategy)v[P_HASH], seed, a);
}

AMQ_ADAPT_INSTANCE(counting_blocked)
AMQ_ADAPT_REMOVE(counting_blocked)
AMQ_ADAPT_QUERY_BATCH(counting_blocked)

/* Net insertions are exact while no counter has saturated. */
static amq_status count(const void *o, uint64_t *n, int *exact)
{
    if (amq_counting_blocked_saturated(o) == 0 && amq_counting_blocked_count(o, n) == AMQ_OK) {
        *exact = 1;
        return AMQ_OK;
    }
    return amq_count_from_estimate(amq_counting_blocked_estimate_count(o), n, exact);
}

static void params_of(const void *o, uint64_t *v, uint64_t *seed)
{
    v[P_BLOCKS] = amq_counting_blocked_nblocks(o);
    v[P_COUNTERS] = amq_counting_blocked_block_counters(o);
    v[P_K] = amq_counting_blocked_k(o);
    v[P_WIDTH] = amq_counting_blocked_width(o);
    v[P_HASH] = (uint64_t)amq_counting_blocked_strategy(o);
    *seed = amq_counting_blocked_seed(o);
}

static void describe(const void *o, amq_property_fn emit, void *ctx)
{
    amq_emit_u64(emit, ctx, "m", "counters m", amq_counting_blocked_m(o), "blocks x block counters");
    amq_emit_fill(emit, ctx, "non-zero counters", amq_counting_blocked_nonzero(o), amq_counting_blocked_m(o));
    amq_emit_u64(emit, ctx, "saturated", "saturated counters", amq_counting_blocked_saturated(o),
                 "sticky: never decremented");
}

static uint64_t memory(const void *o)
{
    const uint64_t m = amq_counting_blocked_m(o);
    return amq_counting_blocked_width(o) == 8 ? m : m / 2 + m % 2;
}

AMQ_ADAPT_RATES_WITH(geometry, amq_counting_blocked, g[0], g[1], g[2])

/* E[pi] and E[pi^2]: a counter is nonzero iff the blocked Bloom filter's bit is set (Ceramist
 * Theorem 8), so the moments are blocked Bloom's (spec/blocked_moments.c, and
 * spec/blocked_moments_high.c for j >= 3 within its cost limit). */
static amq_status fp_moment(mpfr_t lo, mpfr_t hi, int bits, const uint64_t *v, uint64_t n, uint64_t j)
{
    uint64_t g[3] = {0};
    amq_status st = geometry(v, g);
    if (st != AMQ_OK)
        return st;
    if (j == 1)
        return amq_blocked_bloom_fp_enclose(lo, hi, bits + 8, g[0], g[1], g[2], n);
    if (j == 2)
        return amq_blocked_bloom_fp_pair_enclose(lo, hi, bits + 8, g[0], g[1], g[2], n);
    return amq_blocked_bloom_fp_moment_enclose(lo, hi, bits + 8, g[0], g[1], g[2], n, j);
}

static double fp_moment_work(const uint64_t *v, uint64_t n, uint64_t j, int bits)
{
    uint64_t g[3] = {0};
    if (geometry(v, g) != AMQ_OK)
        return INFINITY;
    if (j == 1) /* the rate, bounded by its own limits (amq/cost.h) */
        return 0.0;
    if (j == 2)
        return amq_blocked_bloom_fp_pair_work(g[0], g[1], g[2], n, bits + 8);
    return amq_blocked_bloom_fp_moment_work(g[0], g[1], g[2], n, j, bits + 8);
}

static const char *fp_note(const uint64_t *v, uint64_t n)
{
    uint64_t g[3] = {0};
    return v[P_WIDTH] == 4 || v[P_WIDTH] == 8 ? (geometry(v, g), amq_blocked_fp_note(g, n)) : NULL;
}

/* Non-zero counters play the set bits of a blocked Bloom filter. */
static amq_status fp_state(mpq_t q, const void *o)
{
    const uint64_t nb = amq_counting_blocked_nblocks(o), bc = amq_counting_blocked_block_counters(o);
    uint64_t *hist = calloc((size_t)bc + 1, sizeof *hist);
    if (!hist)
        return amq_fail(AMQ_E_NOMEM, "counting-blocked: out of memory");
    for (uint64_t b = 0; b < nb; b++) {
        uint64_t x = 0;
        for (uint64_t i = 0; i < bc; i++)
            x += amq_counting_blocked_counter(o, b * bc + i) != 0;
        hist[x]++;
    }
    amq_status st = amq_fp_state_histogram(q, hist, bc, nb, amq_counting_blocked_k(o));
    free(hist);
    return st;
}

static double approx_classic(const uint64_t *v, uint64_t n)
{
    uint64_t g[3] = {0};
    return geometry(v, g) == AMQ_OK ? amq_blocked_bloom_fp_approx_classic(g[0], g[1], g[2], n) : 0.0 / 0.0;
}

static double approx_poisson(const uint64_t *v, uint64_t n)
{
    uint64_t g[3] = {0};
    return geometry(v, g) == AMQ_OK ? amq_blocked_bloom_fp_approx_poisson(g[0], g[1], g[2], n) : 0.0 / 0.0;
}

static amq_status model(amq_model_state *out, const uint64_t *v)
{
    uint64_t g3[3] = {0};
    amq_status st = geometry(v, g3);
    if (st != AMQ_OK)
        return st;
    const amq_counting_blocked_geom geom = {.nblocks = g3[0], .block_counters = g3[1], .k = g3[2],
                                            .width = (unsigned)v[P_WIDTH]};
    amq_counting_blocked_geom *g = amq_model_keep(out, &geom, sizeof geom, "counting-blocked");
    return g ? amq_ops_counting_blocked(&out->ops, g) : AMQ_E_NOMEM;
}

const amq_structure amq_structure_counting_blocked = {
    .name = "counting-blocked",
    .title = "counting blocked Bloom filter",
    .file_type = AMQ_TYPE_COUNTING_BLOCKED,
    .remove = adapted_remove,
    .query_batch = adapted_query_batch,
    AMQ_ENTRY_INSTANCE,
    AMQ_ENTRY_RATES,
    .fp_moment_enclose = fp_moment,
    .fp_moment_work = fp_moment_work,
    AMQ_APPROXES({"classic", approx_classic}, {"exp", approx_poisson}),
    .fp_note = fp_note,
    .rate_doc = "the blocked Bloom rate with blocks of C counters (Ceramist Theorem 8 by reduction, Theorem 10)",
    .removal_note = "the blocked Bloom rate for n - RM keys; holds while no counter saturates",
    .model = model,
    /* amq check counting-blocked, 2026-11-29, 2 cores at load 8-12: 6.6 ns per index (-b 64 -k 5 --width 4
     * -n 2000) */
    .work_weight = 2.1,
    AMQ_EXAMPLES({{2, 4, 2, 4, AMQ_HASH_DEFAULT}, 2}, {{2, 3, 1, 8, AMQ_HASH_DEFAULT}, 3}),
    AMQ_DEMOS({{64, AMQ_AUTO, 5, 4, AMQ_HASH_DEFAULT}, 2000}, {{64, AMQ_AUTO, 5, 8, AMQ_HASH_DEFAULT}, 2000}),
};
