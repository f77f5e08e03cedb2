/* The partitioned Bloom filter's registry entry (internal/structure.h): amq/partitioned.h,
 * its exact rate (1 - (1 - k/m)^n)^k and the kernel's descriptor.  It is also the lecture's
 * "naive" filter: k disjoint segments, one hash each. */
#include <internal/fail.h>
#include <internal/blocked_check.h>
#include <internal/blocked_state.h>
#include <internal/structure.h>
#include <internal/container.h>
#include <amq/partitioned.h>
#include <amq/spec_blocked.h>
#include <stdlib.h>


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

static amq_status load(void **o, const char *path) { return amq_partitioned_load((amq_partitioned **)o, path); }
static amq_status save(const void *o, const char *path) { return amq_partitioned_save(o, path); }
static void release(void *o) { amq_partitioned_free(o); }
static amq_status add(void *o, const void *key, size_t len) { return amq_partitioned_add(o, key, len); }
static int query(const void *o, const void *key, size_t len) { return amq_partitioned_query(o, key, len); }
static void clear(void *o) { amq_partitioned_clear(o); }

static void query_batch(const void *o, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    amq_partitioned_query_batch(o, keys, lens, count, results);
}

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
    const uint64_t used = amq_partitioned_count_bits(o);
    amq_emit_u64(emit, ctx, "partition_bits", "bits per partition", amq_partitioned_partition_bits(o), NULL);
    amq_emit_u64(emit, ctx, "used", "set bits", used, NULL);
    amq_emit_double(emit, ctx, "fill", "fill", (double)used / (double)amq_partitioned_m(o), NULL);
}

static uint64_t memory(const void *o) { return amq_partitioned_nwords(o) * 8u; }

static amq_status fp_exact(mpq_t q, const uint64_t *v, uint64_t n) { return amq_partitioned_fp_exact(q, v[P_M], v[P_K], n); }

static amq_status fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const uint64_t *v, uint64_t n)
{
    return amq_partitioned_fp_enclose(lo, hi, prec, v[P_M], v[P_K], n);
}

static amq_status fp_decimal(char **out, const uint64_t *v, uint64_t n, int digits, mpfr_t lo, mpfr_t hi)
{
    return amq_partitioned_fp_decimal(out, v[P_M], v[P_K], n, digits, lo, hi);
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
    mpz_t num, den;
    mpz_inits(num, den, (mpz_ptr)0);
    mpz_set_ui(num, 1);
    for (uint64_t i = 0; i < k; i++)
        mpz_mul_ui(num, num, amq_popcount_range(w, i * ps, ps));
    mpz_ui_pow_ui(den, ps, (unsigned long)k);
    mpq_set_num(q, num);
    mpq_set_den(q, den);
    mpq_canonicalize(q);
    mpz_clears(num, den, (mpz_ptr)0);
    return AMQ_OK;
}

static double approx_classic(const uint64_t *v, uint64_t n) { return amq_partitioned_fp_approx_classic(v[P_M], v[P_K], n); }
static double approx_exp(const uint64_t *v, uint64_t n) { return amq_partitioned_fp_approx_exp(v[P_M], v[P_K], n); }

static amq_status model(amq_model_state *out, const uint64_t *v)
{
    if (v[P_K] == 0 || v[P_M] % v[P_K] != 0)
        return amq_fail(AMQ_E_INVALID_K, "partitioned: k = %llu must be at least 1 and divide m = %llu",
                        (unsigned long long)v[P_K], (unsigned long long)v[P_M]);
    amq_partitioned_geom *g = calloc(1, sizeof *g);
    if (!g)
        return amq_fail(AMQ_E_NOMEM, "partitioned model: out of memory");
    *g = (amq_partitioned_geom){.k = v[P_K], .part_bits = v[P_M] / v[P_K]};
    out->geom = g;
    return amq_kernel_partitioned(&out->kernel, g);
}

const amq_structure amq_structure_partitioned = {
    .name = "partitioned",
    .title = "partitioned Bloom filter",
    .file_type = AMQ_TYPE_PARTITIONED,
    .params = params,
    .nparams = sizeof params / sizeof params[0],
    .create = create,
    .create_for = create_for,
    .load = load,
    .save = save,
    .free = release,
    .add = add,
    .query = query,
    .clear = clear,
    .query_batch = query_batch,
    .count = count,
    .params_of = params_of,
    .describe = describe,
    .memory = memory,
    .fp_exact = fp_exact,
    .fp_enclose = fp_enclose,
    .fp_decimal = fp_decimal,
    .fp_note = fp_note,
    .fp_state = fp_state,
    .napprox = 2,
    .approx = {{"classic", approx_classic}, {"exp", approx_exp}},
    .rate_doc = "k partitions of m/k bits, one bit per partition: exactly (1 - (1 - k/m)^n)^k; approx_classic and "
                "approx_exp are Bloom's unpartitioned formulas",
    .model = model,
    .nexamples = 2,
    .examples = {{{6, 2, AMQ_HASH_DEFAULT}, 2}, {{8, 2, AMQ_HASH_DEFAULT}, 3}},
    .ndemos = 1,
    .demos = {{{10010, 7, AMQ_HASH_DEFAULT}, 1000}},
};
