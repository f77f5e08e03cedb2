/* The partitioned Bloom filter's registry entry (lib_internal/structure.h): amq/partitioned.h,
 * its exact rate (1 - (1 - k/m)^n)^k and the kernel's descriptor.  It is also the lecture's
 * "naive" filter: k disjoint segments, one hash each. */
#include <lib_internal/fail.h>
#include <lib_internal/blocked_check.h>
#include <lib_internal/blocked_state.h>
#include <lib_internal/moment_cost.h>
#include <lib_internal/structure.h>
#include <lib_internal/container.h>
#include <amq/partitioned.h>
#include <amq/spec_blocked.h>

enum { P_M, P_K, P_HASH };

static const amq_param_info params[] = {
    {"m", 'm', "bits", "M", "number of bits m (k partitions of m/k bits)", 0, AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"k", 'k', "hashes", "K", "number of hash functions = partitions k (k divides m)", 0,
     AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"hash", 0, "hash", "H", "index strategy: independent|double|triple|enhanced", AMQ_HASH_DEFAULT,
     AMQ_PARAM_HASH},
};

static amq_status create(void **o, const uint64_t *v, uint64_t seed)
{
    return amq_partitioned_create((amq_partitioned **)o, v[P_M], v[P_K], (amq_hash_strategy)v[P_HASH], seed);
}

static amq_status create_for(void **o, uint64_t n, double fpr, const uint64_t *v, uint64_t seed, double *a)
{
    return amq_partitioned_create_for((amq_partitioned **)o, n, fpr, (amq_hash_strategy)v[P_HASH], seed, a);
}

AMQ_ADAPT_INSTANCE(partitioned)
AMQ_ADAPT_QUERY_BATCH(partitioned)

static amq_status count(const void *o, uint64_t *n, int *exact)
{
    return amq_count_from_estimate(amq_partitioned_estimate_count(o), n, exact);
}

static void params_of(const void *o, uint64_t *v, uint64_t *seed)
{
    v[P_M] = amq_partitioned_m(o);
    v[P_K] = amq_partitioned_k(o);
    v[P_HASH] = (uint64_t)amq_partitioned_strategy(o);
    *seed = amq_partitioned_seed(o);
}

static void describe(const void *o, amq_property_fn emit, void *ctx)
{
    amq_emit_u64(emit, ctx, "partition_bits", "bits per partition", amq_partitioned_partition_bits(o), NULL);
    amq_emit_fill(emit, ctx, "set bits", amq_partitioned_count_bits(o), amq_partitioned_m(o));
}

static uint64_t memory(const void *o) { return amq_partitioned_nwords(o) * 8u; }

AMQ_ADAPT_RATES(amq_partitioned, v[P_M], v[P_K])

/* E[pi^j] = FP_bloom(m/k, 1, j, n)^k: the partitions fill independently
 * (spec/blocked_moments_models.c). */
static amq_status fp_moment(mpfr_t lo, mpfr_t hi, int bits, const uint64_t *v, uint64_t n, uint64_t j)
{
    return amq_partitioned_fp_moment_enclose(lo, hi, bits + 8, v[P_M], v[P_K], n, j);
}

static double fp_moment_work(const uint64_t *v, uint64_t n, uint64_t j, int bits)
{
    return amq_partitioned_fp_moment_work(v[P_M], v[P_K], n, j, bits + 8);
}

static const char *fp_note(const uint64_t *v, uint64_t n)
{
    if (v[P_M] == 0 || (v[P_K] != 0 && v[P_M] % v[P_K] != 0))
        return NULL;
    if (v[P_K] == 0)
        return "k = 0: the empty index vector is always present, so FP = 1 exactly";
    if (n == 0)
        return "n = 0: no bit is set, so FP = 0 exactly";
    if (v[P_M] == v[P_K])
        return "one-bit partitions (m = k): the first key sets every bit, so FP = 1 exactly";
    return NULL;
}

/* The product over the partitions of (set bits / partition bits). */
static amq_status fp_state(mpq_t q, const void *o)
{
    const uint64_t *w = amq_partitioned_words(o), k = amq_partitioned_k(o), ps = amq_partitioned_partition_bits(o);
    if (k > UINT32_MAX)
        return amq_fail(AMQ_E_TOO_LARGE, "partitioned: k = %llu is too large", (unsigned long long)k);
    mpz_set_ui(mpq_numref(q), 1);
    for (uint64_t i = 0; i < k; i++)
        mpz_mul_ui(mpq_numref(q), mpq_numref(q), amq_popcount_range(w, i * ps, ps));
    mpz_ui_pow_ui(mpq_denref(q), ps, (unsigned long)k);
    mpq_canonicalize(q);
    return AMQ_OK;
}

static double approx_classic(const uint64_t *v, uint64_t n) { return amq_partitioned_fp_approx_classic(v[P_M], v[P_K], n); }
static double approx_exp(const uint64_t *v, uint64_t n) { return amq_partitioned_fp_approx_exp(v[P_M], v[P_K], n); }

static amq_status model(amq_model_state *out, const uint64_t *v)
{
    if (v[P_K] == 0 || v[P_M] % v[P_K] != 0)
        return amq_fail(AMQ_E_INVALID_K, "partitioned: k = %llu must be at least 1 and divide m = %llu",
                        (unsigned long long)v[P_K], (unsigned long long)v[P_M]);
    const amq_partitioned_geom geom = {.k = v[P_K], .part_bits = v[P_M] / v[P_K]};
    amq_partitioned_geom *g = amq_model_keep(out, &geom, sizeof geom, "partitioned");
    return g ? amq_ops_partitioned(&out->ops, g) : AMQ_E_NOMEM;
}

const amq_structure amq_structure_partitioned = {
    .name = "partitioned",
    .title = "partitioned Bloom filter",
    .file_type = AMQ_TYPE_PARTITIONED,
    .query_batch = adapted_query_batch,
    AMQ_ENTRY_INSTANCE,
    AMQ_ENTRY_RATES,
    .fp_moment_enclose = fp_moment,
    .fp_moment_work = fp_moment_work,
    AMQ_APPROXES({"classic", approx_classic}, {"exp", approx_exp}),
    .fp_note = fp_note,
    .rate_doc = "k partitions of m/k bits, one bit per partition: exactly (1 - (1 - k/m)^n)^k; approx_classic and "
                "approx_exp are Bloom's unpartitioned formulas",
    .model = model,
    /* amq check partitioned, 2026-11-29, 2 cores at load 8-12: 3.75 ns per index (-m 10010 -k 7 -n 1000) */
    .work_weight = 1.2,
    AMQ_EXAMPLES({{6, 2, AMQ_HASH_DEFAULT}, 2}, {{8, 2, AMQ_HASH_DEFAULT}, 3}),
    AMQ_DEMOS({{10010, 7, AMQ_HASH_DEFAULT}, 1000}),
};
