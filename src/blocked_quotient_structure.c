/* The blocked quotient filter's registry entry (lib_internal/structure.h):
 * amq/blocked_quotient.h, the rate 1 - (1 - 2^-p / b)^n and the proved blocked layer's
 * descriptor. */
#include <lib_internal/fail.h>
#include <lib_internal/blocked_check.h>
#include <lib_internal/blocked_state.h>
#include <lib_internal/quotient_check.h>
#include <lib_internal/moment_cost.h>
#include <lib_internal/structure.h>
#include <lib_internal/container.h>
#include <amq/blocked_quotient.h>
#include <amq/spec_blocked.h>

enum { P_BLOCKS, P_Q, P_R, P_SLACK };

static const amq_param_info params[] = {
    {"blocks", 'b', "blocks", "B", "number of blocks (quotient filters)", 0, AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"q", 'q', "quotient-bits", "Q", "quotient bits per block (2^q home slots)", 0,
     AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"r", 'r', "remainder-bits", "R", "remainder bits (fingerprints of p = q + r bits)", 0,
     AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"slack", 0, "slack", "S", "spill slots per block (auto: half the home slots, at least min(16, 2^q))", 0,
     AMQ_PARAM_AUTO},
};

static uint64_t slack_of(const uint64_t *v)
{
    return v[P_SLACK] == AMQ_AUTO ? amq_blocked_quotient_default_slack(v[P_Q]) : v[P_SLACK];
}

static amq_status create(void **o, const uint64_t *v, uint64_t seed)
{
    return amq_blocked_quotient_create((amq_blocked_quotient **)o, v[P_BLOCKS], v[P_Q], v[P_R], slack_of(v), seed);
}

/* Sizing from n and a target rate chooses the slack: a given one is refused. */
static amq_status slack_not_given(const uint64_t *v)
{
    if (v[P_SLACK] != AMQ_AUTO)
        return amq_fail(AMQ_E_INVALID_ARG, "blocked-quotient: sizing from n and a target rate chooses the slack; "
                                           "give the size (-b, -q, -r) for --slack");
    return AMQ_OK;
}

static amq_status create_for(void **o, uint64_t n, double fpr, const uint64_t *v, uint64_t seed, double *a)
{
    amq_status s = slack_not_given(v);
    return s != AMQ_OK ? s : amq_blocked_quotient_create_for((amq_blocked_quotient **)o, n, fpr, seed, a);
}

/* The mean load over the home slots: amq_blocked_quotient_size_for_load. */
static amq_status create_for_load(void **o, uint64_t n, double fpr, double max_load, const uint64_t *v,
                                  uint64_t seed, double *a)
{
    amq_status s = slack_not_given(v);
    return s != AMQ_OK ? s
                       : amq_blocked_quotient_create_for_load((amq_blocked_quotient **)o, n, fpr, max_load, seed, a);
}

AMQ_ADAPT_INSTANCE(blocked_quotient)
AMQ_ADAPT_REMOVE(blocked_quotient)
AMQ_ADAPT_QUERY_BATCH(blocked_quotient)

static amq_status count(const void *o, uint64_t *n, int *exact)
{
    *n = amq_blocked_quotient_count(o);
    *exact = 1;
    return AMQ_OK;
}

static void params_of(const void *o, uint64_t *v, uint64_t *seed)
{
    v[P_BLOCKS] = amq_blocked_quotient_nblocks(o);
    v[P_Q] = amq_blocked_quotient_q(o);
    v[P_R] = amq_blocked_quotient_r(o);
    v[P_SLACK] = amq_blocked_quotient_slack(o);
    *seed = amq_blocked_quotient_seed(o);
}

static void describe(const void *o, amq_property_fn emit, void *ctx)
{
    amq_emit_u64(emit, ctx, "p", "fingerprint bits p", amq_blocked_quotient_q(o) + amq_blocked_quotient_r(o),
                 "q + r: the top p bits of XXH3-64; the block from a salted XXH3-64");
    amq_emit_u64(emit, ctx, "stored", "stored fingerprints", amq_blocked_quotient_count(o), "exact");
    amq_emit_double(emit, ctx, "load_factor", "load factor",
                    (double)amq_blocked_quotient_count(o) /
                        ((double)amq_blocked_quotient_nblocks(o) * (double)(UINT64_C(1) << amq_blocked_quotient_q(o))),
                    "stored / home slots");
}

/* the compact slot store of every block's slots, and a count per block */
static uint64_t memory(const void *o)
{
    const uint64_t nb = amq_blocked_quotient_nblocks(o);
    const uint64_t slots = amq_blocked_quotient_block_slots(amq_blocked_quotient_q(o), amq_blocked_quotient_slack(o));
    return amq_quotient_store_bytes(amq_blocked_quotient_r(o), nb * slots) + nb * 8u;
}

static amq_status p_of(const uint64_t *v, uint64_t *p)
{
    if (v[P_Q] > 64 || v[P_R] > 64 || v[P_Q] + v[P_R] > 64)
        return amq_fail(AMQ_E_INVALID_ARG, "blocked-quotient: p = q + r must be at most 64");
    *p = v[P_Q] + v[P_R];
    return AMQ_OK;
}

AMQ_ADAPT_RATES_WITH(p_of, amq_blocked_quotient, v[P_BLOCKS], g[0])

/* E[pi^j]: a block's fingerprints are its keys' uniform p-bit draws, a Bloom block of 2^p
 * bits and one hash, while no add was refused (spec/blocked_moments_models.c). */
static amq_status fp_moment(mpfr_t lo, mpfr_t hi, int bits, const uint64_t *v, uint64_t n, uint64_t j)
{
    uint64_t p = 0;
    amq_status st = p_of(v, &p);
    if (st != AMQ_OK)
        return st;
    if (j == 1)
        return amq_blocked_quotient_fp_enclose(lo, hi, bits + 8, v[P_BLOCKS], p, n);
    return amq_blocked_quotient_fp_moment_enclose(lo, hi, bits + 8, v[P_BLOCKS], p, n, j);
}

static double fp_moment_work(const uint64_t *v, uint64_t n, uint64_t j, int bits)
{
    uint64_t p = 0;
    if (p_of(v, &p) != AMQ_OK)
        return INFINITY;
    if (j == 1) /* the rate, bounded by its own limits (amq/cost.h) */
        return 0.0;
    return amq_blocked_quotient_fp_moment_work(v[P_BLOCKS], p, n, j, bits + 8);
}

static const char *fp_note(const uint64_t *v, uint64_t n)
{
    if (v[P_BLOCKS] == 0 || v[P_Q] > 64 || v[P_R] > 64 || v[P_Q] + v[P_R] > 64)
        return NULL;
    if (n == 0)
        return "n = 0: nothing is stored, so FP = 0 exactly";
    if (v[P_BLOCKS] == 1 && v[P_Q] + v[P_R] == 0)
        return "one block, p = 0: every fingerprint is equal, so FP = 1 exactly";
    return NULL;
}

/* A fresh key's block and fingerprint are uniform: distinct stored pairs / (blocks 2^p). */
static amq_status fp_state(mpq_t q, const void *o)
{
    mpz_t den;
    mpz_init(den);
    mpz_setbit(den, (mp_bitcnt_t)(amq_blocked_quotient_q(o) + amq_blocked_quotient_r(o)));
    mpz_mul_ui(den, den, amq_blocked_quotient_nblocks(o));
    mpz_set_ui(mpq_numref(q), amq_blocked_quotient_distinct(o));
    mpq_set_den(q, den);
    mpq_canonicalize(q);
    mpz_clear(den);
    return AMQ_OK;
}

static double approx_union(const uint64_t *v, uint64_t n)
{
    uint64_t p = 0;
    return p_of(v, &p) == AMQ_OK ? amq_blocked_quotient_fp_approx_union(v[P_BLOCKS], p, n) : 0.0 / 0.0;
}

static double approx_exp(const uint64_t *v, uint64_t n)
{
    uint64_t p = 0;
    return p_of(v, &p) == AMQ_OK ? amq_blocked_quotient_fp_approx_exp(v[P_BLOCKS], p, n) : 0.0 / 0.0;
}

/* Each block stores every fingerprint of its keys in a slot of its own (copies included):
 * blocks x (2^q + slack, rounded up to a multiple of 4) keys at most, saturated. */
static uint64_t capacity(const uint64_t *v)
{
    if (v[P_Q] < 1 || v[P_Q] > 24) /* not a block the structure builds: its own checks say so */
        return UINT64_MAX;
    const uint64_t home = UINT64_C(1) << v[P_Q], slack = slack_of(v);
    if (slack > UINT64_MAX - home)
        return UINT64_MAX;
    if (slack > home)
        return UINT64_MAX; /* not a block the structure builds: its own checks say so */
    const uint64_t per_block = amq_blocked_quotient_block_slots(v[P_Q], slack);
    return v[P_BLOCKS] > UINT64_MAX / per_block ? UINT64_MAX : v[P_BLOCKS] * per_block;
}

static amq_status model(amq_model_state *out, const uint64_t *v)
{
    const amq_blocked_quotient_geom geom = {.nblocks = v[P_BLOCKS], .q = v[P_Q], .r = v[P_R],
                                            .slack = v[P_Q] >= 1 && v[P_Q] <= 24 ? slack_of(v) : 0};
    amq_blocked_quotient_geom *g = amq_model_keep(out, &geom, sizeof geom, "blocked-quotient");
    return g ? amq_ops_blocked_quotient(&out->ops, g) : AMQ_E_NOMEM;
}

const amq_structure amq_structure_blocked_quotient = {
    .name = "blocked-quotient",
    .title = "blocked quotient filter",
    .file_type = AMQ_TYPE_BLOCKED_QUOTIENT,
    .remove = adapted_remove,
    .query_batch = adapted_query_batch,
    AMQ_ENTRY_INSTANCE,
    .create_for_load = create_for_load,
    .max_load = AMQ_BLOCKED_QUOTIENT_MAX_LOAD,
    AMQ_ENTRY_RATES,
    .fp_moment_enclose = fp_moment,
    .fp_moment_work = fp_moment_work,
    AMQ_APPROXES({"classic", approx_union}, {"exp", approx_exp}),
    .fp_note = fp_note,
    .capacity = capacity,
    .rate_doc = "B quotient filters of p = q + r bit fingerprints: the mixture equals 1 - (1 - 2^-p / B)^n while no "
                "add was refused; approx_classic is the union bound n 2^-p / B",
    .removal_note = "the blocked quotient rate for n - RM keys; holds while no insert is refused (a full block "
                    "refuses the key)",
    .model = model,
    /* amq check blocked-quotient, 2026-11-29, 2 cores at load 8-12: 6.1 ns per index (-b 16 -q 6 -r 6 -n
     * 640) */
    .work_weight = 1.9,
    AMQ_EXAMPLES({{2, 1, 1, 2}, 2}, {{1, 2, 1, 2}, 3}),
    AMQ_DEMOS({{16, 6, 6, AMQ_AUTO}, 640}),
};
