/* The quotient filter's registry entry (lib_internal/structure.h): amq/quotient.h, the rate
 * 1 - (1 - 2^-p)^n of its p = q + r bit fingerprints, and the kernel's descriptor. */
#include <lib_internal/fail.h>
#include <lib_internal/quotient_check.h>
#include <lib_internal/moment_cost.h>
#include <lib_internal/structure.h>
#include <lib_internal/container.h>
#include <amq/quotient.h>
#include <amq/spec_quotient.h>
#include <amq/spec_moments.h>

enum { P_Q, P_R, P_SLACK };

static const amq_param_info params[] = {
    {"q", 'q', "quotient-bits", "Q", "quotient bits q: 2^q home slots", 0, AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"r", 'r', "remainder-bits", "R", "remainder bits r: fingerprints of p = q + r bits", 0,
     AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"slack", 0, "slack", "S", "spill slots after the home slots (auto: min(2^q, 10 * 2^ceil(q/2)))", 0,
     AMQ_PARAM_AUTO},
};

static uint64_t slack_of(const uint64_t *v)
{
    return v[P_SLACK] == AMQ_AUTO ? amq_quotient_default_slack(v[P_Q]) : v[P_SLACK];
}

static amq_status validate(const uint64_t *v)
{
    if (v[P_Q] < 1 || v[P_Q] > 63) /* before slack_of, which needs q in range */
        return amq_fail(AMQ_E_INVALID_ARG, "quotient: q = %llu quotient bits must be in [1, 63]",
                        (unsigned long long)v[P_Q]);
    return amq_quotient_check_params(v[P_Q], v[P_R], slack_of(v));
}

static amq_status create(void **o, const uint64_t *v, uint64_t seed)
{
    amq_status st = validate(v);
    return st != AMQ_OK ? st : amq_quotient_create_slack((amq_quotient **)o, v[P_Q], v[P_R], slack_of(v), seed);
}

static amq_status create_for_load(void **o, uint64_t n, double fpr, double max_load, const uint64_t *v,
                                  uint64_t seed, double *a)
{
    uint64_t q, r;
    amq_status s = amq_quotient_size_for_load(n, fpr, max_load, &q, &r, a);
    if (s != AMQ_OK)
        return s;
    const uint64_t sized[] = {q, r, v[P_SLACK]};
    return create(o, sized, seed);
}

static amq_status create_for(void **o, uint64_t n, double fpr, const uint64_t *v, uint64_t seed, double *a)
{
    return create_for_load(o, n, fpr, 0.75, v, seed, a); /* amq_quotient_size_for's load */
}

AMQ_ADAPT_INSTANCE(quotient)
AMQ_ADAPT_REMOVE(quotient)

static amq_status count(const void *o, uint64_t *n, int *exact)
{
    *n = amq_quotient_count(o);
    *exact = 1;
    return AMQ_OK;
}

static void params_of(const void *o, uint64_t *v, uint64_t *seed)
{
    v[P_Q] = amq_quotient_q(o);
    v[P_R] = amq_quotient_r(o);
    v[P_SLACK] = amq_quotient_slack(o);
    *seed = amq_quotient_seed(o);
}

static void describe(const void *o, amq_property_fn emit, void *ctx)
{
    amq_emit_u64(emit, ctx, "p", "fingerprint bits p", amq_quotient_p(o), "q + r: the top p bits of XXH3-64");
    amq_emit_u64(emit, ctx, "slots", "slots", amq_quotient_nslots(o), "2^q home + slack");
    amq_emit_u64(emit, ctx, "stored", "stored fingerprints", amq_quotient_count(o), "exact");
    amq_emit_double(emit, ctx, "load_factor", "load factor", amq_quotient_load_factor(o), "stored / 2^q");
}

/* one remainder word and one metadata byte per slot */
static uint64_t memory(const void *o) { return amq_quotient_store_bytes(amq_quotient_r(o), amq_quotient_nslots(o)); }

/* The stored fingerprints are n uniform draws from 2^p values and a query asks for one:
 * a Bloom filter of 2^p bits and one hash.  j fresh keys: that filter with j query
 * positions, while no add was refused. */
static amq_status fp_moment(mpfr_t lo, mpfr_t hi, int bits, const uint64_t *v, uint64_t n, uint64_t j)
{
    const uint64_t p = v[P_Q] + v[P_R];
    if (p >= 64)
        return amq_fail(AMQ_E_TOO_LARGE, "quotient: the moments of the rate need p = q + r < 64 (got %llu)",
                        (unsigned long long)p);
    return amq_bloom_fp_query_enclose(lo, hi, bits, UINT64_C(1) << p, 1, j, n);
}

static double fp_moment_work(const uint64_t *v, uint64_t n, uint64_t j, int bits)
{
    const uint64_t p = v[P_Q] + v[P_R];
    return p >= 64 ? INFINITY : amq_bloom_fp_query_work(UINT64_C(1) << p, 1, j, n, bits);
}

/* The rates take the fingerprint length p = q + r. */
static amq_status fingerprint_bits(const uint64_t *v, uint64_t *p)
{
    if (v[P_Q] > 64 || v[P_R] > 64)
        return amq_fail(AMQ_E_INVALID_ARG, "quotient: p = q + r must be at most 64");
    *p = v[P_Q] + v[P_R];
    return AMQ_OK;
}

AMQ_ADAPT_RATES_WITH(fingerprint_bits, amq_quotient, g[0])

static const char *fp_note(const uint64_t *v, uint64_t n)
{
    if (v[P_Q] > 64 || v[P_R] > 64 || v[P_Q] + v[P_R] > 64)
        return NULL;
    if (n == 0)
        return "n = 0: nothing is stored, so FP = 0 exactly";
    if (v[P_Q] + v[P_R] == 0)
        return "p = 0: every fingerprint is equal, so FP = 1 exactly";
    return NULL;
}

/* A fresh key's fingerprint is uniform on 2^p values: the rate is distinct stored / 2^p. */
static amq_status fp_state(mpq_t q, const void *o)
{
    const amq_quotient *f = o;
    uint64_t distinct = 0, fp, prev = 0;
    amq_quotient_iter it;
    amq_quotient_iter_init(&it);
    while (amq_quotient_next(f, &it, &fp)) {
        distinct += distinct == 0 || fp != prev;
        prev = fp;
    }
    mpz_t den;
    mpz_init(den);
    mpz_setbit(den, (mp_bitcnt_t)amq_quotient_p(f));
    mpq_set_ui(q, 0, 1);
    mpz_set_ui(mpq_numref(q), distinct);
    mpq_set_den(q, den);
    mpq_canonicalize(q);
    mpz_clear(den);
    return AMQ_OK;
}

static double approx_union(const uint64_t *v, uint64_t n) { return amq_quotient_fp_approx_union(v[P_Q] + v[P_R], n); }
static double approx_exp(const uint64_t *v, uint64_t n) { return amq_quotient_fp_approx_exp(v[P_Q] + v[P_R], n); }

static uint64_t refused(const void *geom) { return ((const amq_quotient_geom *)geom)->failed; }

/* Every add stores a fingerprint in a slot of its own (copies included): 2^q + slack keys
 * at most (validated parameters: slack <= 2^q, so q = 63 is the only sum to saturate). */
static uint64_t capacity(const uint64_t *v)
{
    const uint64_t home = UINT64_C(1) << v[P_Q], slack = slack_of(v);
    return slack > UINT64_MAX - home ? UINT64_MAX : home + slack;
}

static amq_status model(amq_model_state *out, const uint64_t *v)
{
    uint64_t slack = v[P_SLACK];
    if (slack == AMQ_AUTO)
        slack = v[P_Q] >= 1 && v[P_Q] <= 63 ? amq_quotient_default_slack(v[P_Q]) : 0;
    const amq_quotient_geom geom = {.q = v[P_Q], .r = v[P_R], .slack = slack};
    amq_quotient_geom *g = amq_model_keep(out, &geom, sizeof geom, "quotient");
    if (!g)
        return AMQ_E_NOMEM;
    out->refused = refused;
    return amq_ops_quotient(&out->ops, g);
}

const amq_structure amq_structure_quotient = {
    .name = "quotient",
    .title = "quotient filter",
    .file_type = AMQ_TYPE_QUOTIENT,
    .validate = validate,
    .remove = adapted_remove,
    AMQ_ENTRY_INSTANCE,
    .create_for_load = create_for_load,
    .max_load = AMQ_QUOTIENT_MAX_LOAD,
    AMQ_ENTRY_RATES,
    .fp_moment_enclose = fp_moment,
    .fp_moment_work = fp_moment_work,
    AMQ_APPROXES({"classic", approx_union}, {"exp", approx_exp}),
    .fp_note = fp_note,
    .rate_doc = "1 - (1 - 2^-p)^n for p = q + r bit fingerprints, while no add was refused (Ceramist Theorem 9); "
                "approx_classic is the union bound n 2^-p",
    .removal_note = "the quotient rate for n - RM keys; a delete removes one stored copy of the key's fingerprint, "
                    "so it holds while no insert is refused",
    .capacity = capacity,
    .model = model,
    /* amq check quotient, 2026-11-29, 2 cores at load 8-12: 9.45 ns per index (-q 10 -r 4 -n 768) */
    .work_weight = 3.0,
    AMQ_EXAMPLES({{1, 2, 1}, 2}, {{2, 1, 2}, 3}),
    AMQ_DEMOS({{10, 4, AMQ_AUTO}, 768}, {{32, 32, AMQ_AUTO}, UINT64_C(1) << 40}),
};
