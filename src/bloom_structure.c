/* The Bloom filter's registry entry (lib_internal/structure.h): amq/bloom.h, its rates
 * (amq/spec_bloom.h) and its kernel descriptor, behind the generic interface. */
#include <lib_internal/fail.h>
#include <lib_internal/bloom_kernel.h>
#include <lib_internal/check_kernels.h>
#include <lib_internal/moment_cost.h>
#include <lib_internal/structure.h>
#include <lib_internal/container.h>
#include <amq/bloom.h>
#include <amq/spec_bloom.h>
#include <amq/spec_moments.h>

enum { P_M, P_K, P_HASH };

static const amq_param_info params[] = {
    {"m", 'm', "bits", "M", "number of bits m", 0, AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"k", 'k', "hashes", "K", "number of hash functions k", 0, AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"hash", 0, "hash", "H", "index strategy: independent|double|triple|enhanced", AMQ_HASH_DEFAULT,
     AMQ_PARAM_HASH},
};

static amq_status create(void **o, const uint64_t *v, uint64_t seed)
{
    return amq_bloom_create((amq_bloom **)o, v[P_M], v[P_K], (amq_hash_strategy)v[P_HASH], seed);
}

static amq_status create_for(void **o, uint64_t n, double fpr, const uint64_t *v, uint64_t seed, double *a)
{
    return amq_bloom_create_for((amq_bloom **)o, n, fpr, (amq_hash_strategy)v[P_HASH], seed, a);
}

AMQ_ADAPT_INSTANCE(bloom)

static amq_status count(const void *o, uint64_t *n, int *exact)
{
    return amq_count_from_estimate(amq_bloom_estimate_count(o), n, exact);
}

static void params_of(const void *o, uint64_t *v, uint64_t *seed)
{
    v[P_M] = amq_bloom_m(o);
    v[P_K] = amq_bloom_k(o);
    v[P_HASH] = (uint64_t)amq_bloom_strategy(o);
    *seed = amq_bloom_seed(o);
}

static void describe(const void *o, amq_property_fn emit, void *ctx)
{
    amq_emit_fill(emit, ctx, "set bits", amq_bloom_count_bits(o), amq_bloom_m(o));
}

static uint64_t memory(const void *o) { return AMQ_BLOOM_WORDS(amq_bloom_m(o)) * 8u; }

AMQ_ADAPT_RATES(amq_bloom, v[P_M], v[P_K])

/* Shared with the counting filter, whose rate is Bloom's (Ceramist Theorem 8). */
const char *amq_bloom_fp_note(const uint64_t *v, uint64_t n)
{
    if (v[P_M] == 0)
        return NULL;
    if (v[P_K] == 0)
        return "k = 0: the empty index vector is always present, so FP = 1 exactly";
    if (n == 0)
        return "n = 0: no bit is set, so FP = 0 exactly";
    if (v[P_M] == 1)
        return "m = 1: the only bit is set by the first key, so FP = 1 exactly";
    return NULL;
}

static amq_status fp_state(mpq_t q, const void *o)
{
    const amq_bloom *bf = o;
    return amq_fp_state_power(q, amq_bloom_count_bits(bf), amq_bloom_m(bf), amq_bloom_k(bf));
}

/* Shared with the counting filter too. */
amq_status amq_bloom_fp_moment(mpfr_t lo, mpfr_t hi, int bits, const uint64_t *v, uint64_t n, uint64_t j)
{
    if (v[P_K] && j > AMQ_MOMENTS_MAX_KQ / v[P_K])
        return amq_fail(AMQ_E_TOO_LARGE, "bloom: moment %llu of the rate needs %llu query positions (limit %d)",
                        (unsigned long long)j, (unsigned long long)(j * v[P_K]), AMQ_MOMENTS_MAX_KQ);
    return amq_bloom_fp_query_enclose(lo, hi, bits, v[P_M], v[P_K], j * v[P_K], n);
}

double amq_bloom_fp_moment_work(const uint64_t *v, uint64_t n, uint64_t j, int bits)
{
    if (v[P_K] && j > AMQ_MOMENTS_MAX_KQ / v[P_K])
        return INFINITY;
    return amq_bloom_fp_query_work(v[P_M], v[P_K], j * v[P_K], n, bits);
}

/* The lecture's two bounds (docs/naive-filter.md): the naive filter is this filter with one
 * hash function, and its union bound n/m is the lecture's 1/K at m = K n bits. */
static amq_status bound_naive(mpq_t q, const uint64_t *v, uint64_t n)
{
    if (v[P_K] != 1 || v[P_M] == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "the naive filter has one hash function (k = 1)");
    mpz_set_ui(mpq_numref(q), n);
    mpz_set_ui(mpq_denref(q), v[P_M]);
    mpq_canonicalize(q);
    return AMQ_OK;
}

static amq_status bound_half(mpq_t q, const uint64_t *v, uint64_t n)
{
    return amq_bloom_bound_half(q, v[P_M], v[P_K], n);
}

static double approx_classic(const uint64_t *v, uint64_t n) { return amq_bloom_fp_approx_classic(v[P_M], v[P_K], n); }
static double approx_exp(const uint64_t *v, uint64_t n) { return amq_bloom_fp_approx_exp(v[P_M], v[P_K], n); }

static amq_status model(amq_model_state *out, const uint64_t *v)
{
    if (v[P_K] == 0)
        return amq_fail(AMQ_E_INVALID_K, "bloom: k = 0: a Bloom filter needs at least one hash function");
    if (v[P_K] > AMQ_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, "bloom: k = %llu exceeds %u", (unsigned long long)v[P_K], AMQ_MAX_K);
    return amq_ops_bloom(&out->ops, v[P_M], (size_t)v[P_K], NULL, NULL);
}

const amq_structure amq_structure_bloom = {
    .name = "bloom",
    .title = "Bloom filter",
    .file_type = AMQ_TYPE_BLOOM,
    AMQ_ENTRY_INSTANCE,
    AMQ_ENTRY_RATES,
    .fp_moment_enclose = amq_bloom_fp_moment,
    .fp_moment_work = amq_bloom_fp_moment_work,
    AMQ_APPROXES({"classic", approx_classic}, {"exp", approx_exp}),
    AMQ_BOUNDS({"naive", "k = 1, the lecture's naive filter: n/m by the union bound, 1/K at m = K n bits",
                bound_naive},
               {"half", "m >= 2kn: 2^-k, the lecture's theorem (given the set bits, at most half of m)", bound_half}),
    .fp_note = amq_bloom_fp_note,
    .rate_doc = "P(a fresh key tests positive) after n distinct keys: Ceramist's Theorem 4 (Stirling form)",
    .model = model,
    /* amq check bloom, 2026-11-29, 2 cores at load 8-12: 3.15 ns of CPU per index (-m 10000 -k 7 -n 1000):
     * the unit */
    .work_weight = 1.0,
    AMQ_EXAMPLES({{4, 2, AMQ_HASH_DEFAULT}, 2}, {{7, 3, AMQ_HASH_DEFAULT}, 1}, {{1, 2, AMQ_HASH_DEFAULT}, 2}),
    AMQ_DEMOS({{10000, 7, AMQ_HASH_DEFAULT}, 1000}, {{UINT64_C(1) << 40, 20, AMQ_HASH_DEFAULT}, UINT64_C(1) << 34}),
};
