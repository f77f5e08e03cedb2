/* The counting Bloom filter's registry entry (lib_internal/structure.h): amq/counting.h, the
 * Bloom rate (Ceramist Theorem 8) and the counting kernel's descriptor. */
#include <lib_internal/fail.h>
#include <lib_internal/check_kernels.h>
#include <lib_internal/moment_cost.h>
#include <lib_internal/structure.h>
#include <lib_internal/container.h>
#include <amq/counting.h>
#include <amq/spec_counting.h>

enum { P_M, P_K, P_WIDTH, P_HASH };

static const amq_param_info params[] = {
    {"m", 'm', "counters", "M", "number of counters m", 0, AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"k", 'k', "hashes", "K", "number of hash functions k", 0, AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"width", 0, "width", "4|8", "counter width in bits: 4 (packed) or 8", 4, 0},
    {"hash", 0, "hash", "H", "index strategy: independent|double|triple|enhanced", AMQ_HASH_DEFAULT,
     AMQ_PARAM_HASH},
};

static amq_status create(void **o, const uint64_t *v, uint64_t seed)
{
    if (v[P_WIDTH] != 4 && v[P_WIDTH] != 8)
        return amq_fail(AMQ_E_INVALID_ARG, "counting: width %llu: counters are 4 or 8 bits",
                        (unsigned long long)v[P_WIDTH]);
    return amq_counting_create((amq_counting **)o, v[P_M], v[P_K], (unsigned)v[P_WIDTH],
                               (amq_hash_strategy)v[P_HASH], seed);
}

static amq_status create_for(void **o, uint64_t n, double fpr, const uint64_t *v, uint64_t seed, double *a)
{
    if (v[P_WIDTH] != 4 && v[P_WIDTH] != 8)
        return amq_fail(AMQ_E_INVALID_ARG, "counting: width %llu: counters are 4 or 8 bits",
                        (unsigned long long)v[P_WIDTH]);
    return amq_counting_create_for((amq_counting **)o, n, fpr, (unsigned)v[P_WIDTH], (amq_hash_strategy)v[P_HASH],
                                   seed, a);
}

AMQ_ADAPT_INSTANCE(counting)
AMQ_ADAPT_REMOVE(counting)

/* Net insertions are exact while no counter has saturated (Theorem 12). */
static amq_status count(const void *o, uint64_t *n, int *exact)
{
    if (amq_counting_saturated(o) == 0 && amq_counting_count(o, n) == AMQ_OK) {
        *exact = 1;
        return AMQ_OK;
    }
    return amq_count_from_estimate(amq_counting_estimate_count(o), n, exact);
}

static void params_of(const void *o, uint64_t *v, uint64_t *seed)
{
    v[P_M] = amq_counting_m(o);
    v[P_K] = amq_counting_k(o);
    v[P_WIDTH] = amq_counting_width(o);
    v[P_HASH] = (uint64_t)amq_counting_strategy(o);
    *seed = amq_counting_seed(o);
}

static void describe(const void *o, amq_property_fn emit, void *ctx)
{
    amq_emit_fill(emit, ctx, "non-zero counters", amq_counting_nonzero(o), amq_counting_m(o));
    amq_emit_u64(emit, ctx, "saturated", "saturated counters", amq_counting_saturated(o),
                 "sticky: never decremented");
}

static uint64_t memory(const void *o)
{
    const uint64_t m = amq_counting_m(o);
    return amq_counting_width(o) == 8 ? m : m / 2 + m % 2;
}

AMQ_ADAPT_RATES(amq_counting, v[P_M], v[P_K])

static amq_status fp_state(mpq_t q, const void *o)
{
    return amq_fp_state_power(q, amq_counting_nonzero(o), amq_counting_m(o), amq_counting_k(o));
}

static double approx_classic(const uint64_t *v, uint64_t n) { return amq_bloom_fp_approx_classic(v[P_M], v[P_K], n); }
static double approx_exp(const uint64_t *v, uint64_t n) { return amq_bloom_fp_approx_exp(v[P_M], v[P_K], n); }

static amq_status model(amq_model_state *out, const uint64_t *v)
{
    if (v[P_K] == 0 || v[P_K] > AMQ_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, "counting: k = %llu must be in [1, %u]", (unsigned long long)v[P_K],
                        AMQ_MAX_K);
    if (v[P_WIDTH] != 4 && v[P_WIDTH] != 8)
        return amq_fail(AMQ_E_INVALID_ARG, "counting: width %llu: counters are 4 or 8 bits",
                        (unsigned long long)v[P_WIDTH]);
    return amq_ops_counting(&out->ops, v[P_M], (size_t)v[P_K], (unsigned)v[P_WIDTH], NULL);
}

const amq_structure amq_structure_counting = {
    .name = "counting",
    .title = "counting Bloom filter",
    .file_type = AMQ_TYPE_COUNTING,
    .remove = adapted_remove,
    AMQ_ENTRY_INSTANCE,
    AMQ_ENTRY_RATES,
    .fp_moment_enclose = amq_bloom_fp_moment, /* its bits are a Bloom filter's (Theorem 8) */
    .fp_moment_work = amq_bloom_fp_moment_work,
    AMQ_APPROXES({"classic", approx_classic}, {"exp", approx_exp}),
    .fp_note = amq_bloom_fp_note,
    .rate_doc = "the Bloom rate of m bits and k hashes after n keys (Ceramist Theorem 8, by reduction)",
    .removal_note = "the Bloom rate for n - RM keys; holds while no counter saturates (4 bits: at 15; a "
                    "stuck counter is never decremented, so the rate can only be higher)",
    .model = model,
    /* amq check counting, 2026-11-29, 2 cores at load 8-12: 3.65 ns per index (-m 10000 -k 7 -n 1000) */
    .work_weight = 1.2,
    AMQ_EXAMPLES({{4, 2, 4, AMQ_HASH_DEFAULT}, 2}, {{3, 2, 8, AMQ_HASH_DEFAULT}, 2}),
    AMQ_DEMOS({{10000, 7, 4, AMQ_HASH_DEFAULT}, 1000}),
};
