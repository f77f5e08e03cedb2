/* The cuckoo filter's registry entry (lib_internal/structure.h): amq/cuckoo.h, its rates
 * (amq/spec_cuckoo.h, docs/rates-cuckoo.md) and the kernel's descriptor for the checks. */
#include <lib_internal/fail.h>
#include <lib_internal/structure.h>
#include <lib_internal/container.h>
#include <lib_internal/cuckoo_key.h>
#include <amq/cuckoo.h>
#include <amq/spec_cuckoo.h>
#include <lib_internal/cuckoo_moment_cost.h>
#include <stdlib.h>

enum { P_NB, P_B, P_F };

static const amq_param_info params[] = {
    {"nb", 'B', "buckets", "NB", "buckets nb (any count >= 1)", 0, AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"b", 's', "slots", "2|4|8", "slots per bucket b", 4, AMQ_PARAM_RATE},
    {"f", 'f', "fingerprint-bits", "F", "fingerprint bits f (2 .. 32)", 0, AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
};

static amq_status validate(const uint64_t *v) { return amq_cuckoo_check_geometry(v[P_NB], v[P_B], v[P_F]); }

static amq_status create(void **o, const uint64_t *v, uint64_t seed)
{
    return amq_cuckoo_create((amq_cuckoo **)o, v[P_NB], v[P_B], v[P_F], seed);
}

static amq_status create_for(void **o, uint64_t n, double fpr, const uint64_t *v, uint64_t seed, double *a)
{
    return amq_cuckoo_create_for((amq_cuckoo **)o, n, fpr, v[P_B], seed, a);
}

AMQ_ADAPT_INSTANCE(cuckoo)
AMQ_ADAPT_REMOVE(cuckoo)

static amq_status count(const void *o, uint64_t *n, int *exact)
{
    *n = amq_cuckoo_count(o);
    *exact = 1;
    return AMQ_OK;
}

static void params_of(const void *o, uint64_t *v, uint64_t *seed)
{
    v[P_NB] = amq_cuckoo_buckets(o);
    v[P_B] = amq_cuckoo_slots_per_bucket(o);
    v[P_F] = amq_cuckoo_fingerprint_bits(o);
    *seed = amq_cuckoo_seed(o);
}

static void describe(const void *o, amq_property_fn emit, void *ctx)
{
    const uint64_t n = amq_cuckoo_count(o), slots = amq_cuckoo_buckets(o) * amq_cuckoo_slots_per_bucket(o);
    amq_emit_u64(emit, ctx, "slots", "slots", slots, "nb b");
    amq_emit_u64(emit, ctx, "stored", "stored fingerprints", n, "exact");
    amq_emit_double(emit, ctx, "load_factor", "load factor", amq_cuckoo_load_factor(o), "stored / slots");
    if (n > 0)
        amq_emit_double(emit, ctx, "bits_per_key", "bits per stored key",
                        (double)slots * (double)amq_cuckoo_fingerprint_bits(o) / (double)n, "nb b f / stored");
}

static uint64_t memory(const void *o)
{
    return amq_cuckoo_table_words(amq_cuckoo_buckets(o), amq_cuckoo_slots_per_bucket(o),
                                  amq_cuckoo_fingerprint_bits(o)) * 8u;
}

AMQ_ADAPT_RATES(amq_cuckoo, v[P_NB], v[P_B], v[P_F])

static const char *fp_note(const uint64_t *v, uint64_t n)
{
    if (amq_cuckoo_check_geometry(v[P_NB], v[P_B], v[P_F]) != AMQ_OK)
        return NULL;
    if (n == 0)
        return "n = 0: nothing is stored, so FP = 0 exactly";
    return NULL; /* above the nb b slots: the registry's note on the capacity */
}

/* E[pi^j] under the model of the rate, all n keys stored (spec/cuckoo_moments.c). */
static amq_status fp_moment(mpfr_t lo, mpfr_t hi, int bits, const uint64_t *v, uint64_t n, uint64_t j)
{
    return amq_cuckoo_fp_moment_enclose(lo, hi, bits, v[P_NB], v[P_B], v[P_F], n, j);
}

static double fp_moment_work(const uint64_t *v, uint64_t n, uint64_t j, int bits)
{
    return amq_cuckoo_fp_moment_work(v[P_NB], v[P_B], v[P_F], n, j, bits);
}

static amq_status fp_state(mpq_t q, const void *o)
{
    return amq_cuckoo_fp_state_table(q, amq_cuckoo_table(o), amq_cuckoo_buckets(o), amq_cuckoo_slots_per_bucket(o),
                                     amq_cuckoo_fingerprint_bits(o));
}

static amq_status bound_fan(mpq_t q, const uint64_t *v, uint64_t n)
{
    return amq_cuckoo_fp_bound_fan(q, v[P_NB], v[P_B], v[P_F], n);
}

static double approx_load(const uint64_t *v, uint64_t n) { return amq_cuckoo_fp_approx_load(v[P_NB], v[P_B], v[P_F], n); }
static double approx_exp(const uint64_t *v, uint64_t n) { return amq_cuckoo_fp_approx_exp(v[P_NB], v[P_B], v[P_F], n); }

/* ---- the kernel's descriptor (amq/check.h) ----
 * A key is ONE digit d over nb (2^f - 1) b: first bucket d mod nb, fingerprint 1 + (d / nb)
 * mod (2^f - 1), first kick choice d / (nb (2^f - 1)) (uniform on [0, b)), the further
 * choices drawn from d by the key level's generator, in as many tries as the key level makes
 * (odd tries start at the other bucket, as the key level's).
 * The rate does not depend on the kicks (docs/rates-cuckoo.md); they decide only which adds
 * are refused, counted in failed. */
typedef struct cuckoo_model {
    uint64_t nb, b, f, m, failed;
} cuckoo_model;

static void decode(const cuckoo_model *g, uint64_t d, uint64_t *i1, uint64_t *fp)
{
    *i1 = d % g->nb;
    *fp = 1 + (d / g->nb) % g->m;
}

static void m_add(const amq_ops *kn, uint64_t *st, const uint64_t *d)
{
    cuckoo_model *g = (cuckoo_model *)kn->ctx; /* a non-const object: it counts refusals */
    uint64_t i1, fp, kick[AMQ_CUCKOO_MAX_KICKS];
    decode(g, d[0], &i1, &fp);
    uint32_t s = (uint32_t)d[0];
    for (unsigned a = 0; a < AMQ_CUCKOO_KEY_TRIES; a++) { /* as the key level: tries of fresh kick strings */
        for (size_t t = 0; t < AMQ_CUCKOO_MAX_KICKS; t++) {
            s = 1103515245u * s + 12345u;
            kick[t] = (s >> 16) % g->b;
        }
        if (a == 0)
            kick[0] = d[0] / (g->nb * g->m);
        const uint64_t start = a % 2u == 0 ? i1 : amq_cuckoo_kernel_alt(g->nb, g->f, i1, fp); /* as the key level */
        if (amq_cuckoo_kernel_insert(st, g->nb, g->b, g->f, start, fp, kick, AMQ_CUCKOO_MAX_KICKS) == AMQ_CUCKOO_OK)
            return;
    }
    g->failed++;
}

static int m_query(const amq_ops *kn, const uint64_t *st, const uint64_t *d)
{
    const cuckoo_model *g = kn->ctx;
    uint64_t i1, fp;
    decode(g, d[0], &i1, &fp);
    return amq_cuckoo_kernel_query(st, g->nb, g->b, g->f, i1, fp);
}

static int m_remove(const amq_ops *kn, uint64_t *st, const uint64_t *d)
{
    const cuckoo_model *g = kn->ctx;
    uint64_t i1, fp;
    decode(g, d[0], &i1, &fp);
    return amq_cuckoo_kernel_remove(st, g->nb, g->b, g->f, i1, fp);
}

/* nb buckets of b slots, one fingerprint per slot (copies included): nb b keys at most. */
static uint64_t capacity(const uint64_t *v)
{
    return v[P_B] && v[P_NB] > UINT64_MAX / v[P_B] ? UINT64_MAX : v[P_NB] * v[P_B];
}

static uint64_t refused(const void *geom) { return ((const cuckoo_model *)geom)->failed; }

static amq_status model(amq_model_state *out, const uint64_t *v)
{
    const uint64_t nb = v[P_NB], b = v[P_B], f = v[P_F], m = (UINT64_C(1) << f) - 1;
    if (nb > UINT64_MAX / m / b)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "cuckoo model: a key is one digit over nb (2^f - 1) b, which must fit 64 bits (nb = %llu, "
                        "b = %llu, f = %llu)", (unsigned long long)nb, (unsigned long long)b, (unsigned long long)f);
    const uint64_t words = amq_cuckoo_table_words(nb, b, f);
    if (words > SIZE_MAX / sizeof(uint64_t))
        return amq_fail(AMQ_E_OVERFLOW, "cuckoo model: %llu table words do not fit in memory",
                        (unsigned long long)words);
    cuckoo_model *g = calloc(1, sizeof *g);
    if (!g)
        return amq_fail(AMQ_E_NOMEM, "cuckoo model: out of memory");
    *g = (cuckoo_model){.nb = nb, .b = b, .f = f, .m = m};
    out->geom = g;
    out->refused = refused;
    out->ops = (amq_ops){.name = "cuckoo", .m = nb * m * b, .k = 1, .state_words = (size_t)words,
                               .add_ctx = m_add, .query_ctx = m_query, .remove_ctx = m_remove, .ctx = g,
                               .refused = &g->failed};
    return AMQ_OK;
}

const amq_structure amq_structure_cuckoo = {
    .name = "cuckoo",
    .title = "cuckoo filter",
    .file_type = AMQ_TYPE_CUCKOO,
    AMQ_ENTRY_INSTANCE,
    AMQ_ENTRY_RATES,
    .validate = validate,
    .remove = adapted_remove,
    .fp_note = fp_note,
    .fp_moment_enclose = fp_moment,
    .fp_moment_work = fp_moment_work,
    AMQ_APPROXES({"load", approx_load}, {"exp", approx_exp}),
    AMQ_BOUNDS({"fan", "n <= nb b (a table holds at most nb b keys); Fan et al., CoNEXT 2014, zero excluded: "
                       "1 - (1 - 1/(2^f - 1))^(2b), above the expected rate at every load",
                bound_fan}),
    .rate_doc = "1 - [T (1 - 1/N)^n + (N - T) (1 - 2/N)^n] / N with N = nb (2^f - 1) and T the pairs (bucket, "
                "fingerprint) whose alternate bucket is the bucket itself, while no add was refused "
                "(docs/rates-cuckoo.md); approx_load is the load model 1 - (1 - a/(2^f - 1))^(2b) at load a = n/(nb b)",
    .removal_note = "the cuckoo rate for n - RM keys; a remove deletes one copy of the key's fingerprint from one of "
                    "its two buckets, so it holds while every removed key was added and no add was refused",
    .capacity = capacity,
    .model = model,
    /* amq check cuckoo, 2026-11-29, 2 cores at load 8-12: 790-850 ns per key (-B 256 -s 4 -f 8 -n 768; -B
     * 262144 -f 12 -n 500000; -B 255 -s 2 -n 300): each add draws its tries' whole kick strings
     * (AMQ_CUCKOO_MAX_KICKS steps) */
    .work_weight = 260.0,
    AMQ_EXAMPLES({{2, 2, 2}, 2}, {{3, 2, 2}, 2}, {{1, 4, 2}, 3}),
    /* The first demonstration is the one make certify checks by Monte Carlo (20000 fresh
     * filters): small, and at load 0.75, where a random-oracle table of 256 buckets refused
     * no add in 20000 trials (at 0.88 it refused one, and a refusal voids the model). */
    AMQ_DEMOS({{256, 4, 8}, 768}, {{262144, 4, 12}, 996147}, {{UINT64_C(1) << 30, 4, 16}, UINT64_C(4080218931)}),
};
