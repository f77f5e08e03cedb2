/* The sliding-window Bloom filter's registry entry (lib_internal/structure.h): amq/window.h, its
 * rates (amq/spec_window.h) and the window kernel's descriptor (lib_internal/window_check.h).
 * Its name on the command line is "sliding-bloom"; in C it is `window`. */
#include <lib_internal/fail.h>
#include <lib_internal/structure.h>
#include <lib_internal/container.h>
#include <lib_internal/window_check.h>
#include <lib_internal/window_state.h>
#include <lib_internal/bloom_kernel.h>
#include <amq/window.h>
#include <amq/spec_window.h>
#include <lib_internal/window_moment_cost.h>
#include <math.h>
#include <stdlib.h>

/* Largest g for the state rate: inclusion-exclusion over the 2^g sets of generations. */
#define STATE_MAX_G 16u

enum { P_M, P_K, P_W, P_G, P_HASH };

static const amq_param_info params[] = {
    {"m", 'm', "bits", "M", "bits per generation m", 0, AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"k", 'k', "hashes", "K", "indices per key k (the same in every generation)", 0,
     AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"W", 'w', "window", "W", "window W: the last W insertions are always found (sizing: W = n)", 0,
     AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"g", 'g', "generations", "G", "generations g (2 .. 64): each takes ceil(W / (g - 1)) insertions", 4,
     AMQ_PARAM_RATE},
    {"hash", 0, "hash", "H", "index strategy: independent|double|triple|enhanced", AMQ_HASH_DEFAULT,
     AMQ_PARAM_HASH},
};

static amq_status validate(const uint64_t *v)
{
    return amq_window_check_params(v[P_M], v[P_K], v[P_W], v[P_G], (amq_hash_strategy)v[P_HASH]);
}

static amq_status create(void **o, const uint64_t *v, uint64_t seed)
{
    return amq_window_create((amq_window **)o, v[P_M], v[P_K], v[P_W], v[P_G], (amq_hash_strategy)v[P_HASH], seed);
}

/* A window of n keys: W = n, sized on the largest steady-state rate. */
static amq_status create_for(void **o, uint64_t n, double fpr, const uint64_t *v, uint64_t seed, double *a)
{
    return amq_window_create_for((amq_window **)o, n, fpr, v[P_G], (amq_hash_strategy)v[P_HASH], seed, a);
}

AMQ_ADAPT_INSTANCE(window)

static amq_status count(const void *o, uint64_t *n, int *exact)
{
    *n = amq_window_count(o);
    *exact = 1;
    return AMQ_OK;
}

static void params_of(const void *o, uint64_t *v, uint64_t *seed)
{
    v[P_M] = amq_window_m(o);
    v[P_K] = amq_window_k(o);
    v[P_W] = amq_window_length(o);
    v[P_G] = amq_window_g(o);
    v[P_HASH] = (uint64_t)amq_window_strategy(o);
    *seed = amq_window_seed(o);
}

static void describe(const void *o, amq_property_fn emit, void *ctx)
{
    amq_emit_u64(emit, ctx, "cap", "insertions per generation", amq_window_cap(o), "ceil(W / (g - 1))");
    amq_emit_u64(emit, ctx, "held", "insertions held", amq_window_count(o), "duplicates counted");
    amq_emit_u64(emit, ctx, "insertions", "insertions made", amq_window_insertions(o), "since creation or clear");
    amq_emit_u64(emit, ctx, "current_load", "current generation's load", amq_window_generation_load(o, 0), NULL);
    amq_emit_u64(emit, ctx, "guaranteed", "always found: the last", (amq_window_g(o) - 1) * amq_window_cap(o),
                 "insertions ((g - 1) c >= W)");
}

static uint64_t memory(const void *o) { return amq_window_g(o) * AMQ_BLOOM_WORDS(amq_window_m(o)) * 8u; }

AMQ_ADAPT_RATES(amq_window, v[P_M], v[P_K], v[P_W], v[P_G])

/* E[pi^j] under the model of the rate (spec/window_moments.c; limits in amq/spec_window.h). */
static amq_status fp_moment(mpfr_t lo, mpfr_t hi, int bits, const uint64_t *v, uint64_t n, uint64_t j)
{
    return amq_window_fp_moment_enclose(lo, hi, bits, v[P_M], v[P_K], v[P_W], v[P_G], n, j);
}

static double fp_moment_work(const uint64_t *v, uint64_t n, uint64_t j, int bits)
{
    return amq_window_fp_moment_work(v[P_M], v[P_K], v[P_W], v[P_G], n, j, bits);
}

static const char *fp_note(const uint64_t *v, uint64_t n)
{
    if (v[P_M] == 0 || v[P_W] == 0 || v[P_G] < 2)
        return NULL;
    if (v[P_K] == 0)
        return "k = 0: the empty index vector is present in every generation, so FP = 1 exactly";
    if (n == 0)
        return "n = 0: no generation holds a key, so FP = 0 exactly";
    if (v[P_M] == 1)
        return "m = 1: the only bit of a generation holding a key is set, so FP = 1 exactly";
    return NULL;
}

/* The exact rate of the state: a fresh key's k indices are independent and uniform on [0, m),
 * and it is positive when some generation has all of them set. With mask(p) the set of
 * generations having bit p set and c_S the number of positions p with mask(p) containing S,
 * inclusion-exclusion over the generations gives
 *     FP = sum over non-empty S of (-1)^(|S|+1) (c_S / m)^k,
 * c_S from the histogram of masks by a superset-sum transform. */
static amq_status fp_state(mpq_t q, const void *o)
{
    const amq_window *w = o;
    const uint64_t g = amq_window_g(w), m = amq_window_m(w), k = amq_window_k(w);
    if (g > STATE_MAX_G)
        return amq_fail(AMQ_E_TOO_LARGE, "sliding-bloom: the state rate sums over the 2^g sets of generations; "
                                         "g = %llu exceeds its limit %u", (unsigned long long)g, STATE_MAX_G);
    const size_t nsets = (size_t)1 << g;
    uint64_t *c = calloc(nsets, sizeof *c);
    if (!c)
        return amq_fail(AMQ_E_NOMEM, "sliding-bloom: state rate: out of memory");
    const uint64_t *const *gen = amq_window_generations(w);
    for (uint64_t p = 0; p < m; p++) {
        size_t mask = 0;
        for (uint64_t i = 0; i < g; i++)
            mask |= (size_t)((gen[i][p / 64] >> (p % 64)) & 1u) << i;
        c[mask]++;
    }
    for (uint64_t b = 0; b < g; b++)
        for (size_t s = 0; s < nsets; s++)
            if (!(s & ((size_t)1 << b)))
                c[s] += c[s | ((size_t)1 << b)];
    mpz_t num, t;
    mpz_inits(num, t, (mpz_ptr)0);
    for (size_t s = 1; s < nsets; s++) {
        if (!c[s])
            continue;
        mpz_ui_pow_ui(t, c[s], k);
        if (__builtin_popcountll((unsigned long long)s) % 2)
            mpz_add(num, num, t);
        else
            mpz_sub(num, num, t);
    }
    mpz_set(mpq_numref(q), num);
    mpz_ui_pow_ui(mpq_denref(q), m, k);
    mpq_canonicalize(q);
    mpz_clears(num, t, (mpz_ptr)0);
    free(c);
    return AMQ_OK;
}

/* Plain double: each generation as a Bloom filter at the e^-x approximation, independent. */
static double approx_exp(const uint64_t *v, uint64_t n)
{
    uint64_t loads[AMQ_WINDOW_MAX_G];
    if (v[P_M] == 0 || v[P_G] > AMQ_WINDOW_MAX_G || amq_window_loads(loads, v[P_W], v[P_G], n) != AMQ_OK)
        return NAN;
    double none = 1.0;
    for (uint64_t i = 0; i < v[P_G]; i++)
        none *= 1.0 - pow(-expm1(-(double)v[P_K] * (double)loads[i] / (double)v[P_M]), (double)v[P_K]);
    return 1.0 - none;
}

static amq_status model(amq_model_state *out, const uint64_t *v)
{
    amq_window_desc *d = calloc(1, sizeof *d);
    if (!d)
        return amq_fail(AMQ_E_NOMEM, "sliding-bloom model: out of memory");
    amq_status st = amq_window_geom_make(&d->geo, v[P_M], v[P_K], v[P_W], v[P_G]);
    if (st == AMQ_OK)
        st = amq_ops_window(&out->ops, d);
    if (st != AMQ_OK) {
        free(d);
        return st;
    }
    out->geom = d;
    return AMQ_OK;
}

const amq_structure amq_structure_window = {
    .name = "sliding-bloom",
    .title = "sliding-window Bloom filter",
    .file_type = AMQ_TYPE_SLIDING_BLOOM,
    .validate = validate,
    AMQ_ENTRY_INSTANCE,
    AMQ_ENTRY_RATES,
    AMQ_APPROXES({"exp", approx_exp}),
    .fp_note = fp_note,
    .fp_moment_enclose = fp_moment,
    .fp_moment_work = fp_moment_work,
    .rate_doc = "P(a fresh key tests positive) after n insertions into the ring of g generations sharing one "
                "index vector (docs/sliding-window.md): sum over d distinct query positions of "
                "P(d) [1 - prod_i (1 - P_d(n_i))], n_i the generations' loads",
    .model = model,
    /* amq check sliding-bloom, 2026-11-29, 2 cores at load 8-12: 4.2 ns per index (-m 12000 -k 7 -w 3000
     * -g 4 -n 10000) */
    .work_weight = 1.3,
    AMQ_EXAMPLES({{2, 2, 2, 2, AMQ_HASH_DEFAULT}, 3}, {{3, 1, 2, 3, AMQ_HASH_DEFAULT}, 4},
                 {{2, 2, 3, 2, AMQ_HASH_DEFAULT}, 4}),
    AMQ_DEMOS({{12000, 7, 3000, 4, AMQ_HASH_DEFAULT}, 10000},
              {{UINT64_C(1) << 30, 10, UINT64_C(1) << 26, 8, AMQ_HASH_DEFAULT}, UINT64_C(1) << 30}),
};
