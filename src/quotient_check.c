/* The quotient filter kernel as a cross-check descriptor (amq/check.h), and the
 * enumeration / Monte Carlo shorthands against 1 - (1 - 2^-p)^n (amq/spec_quotient.h).
 * State: word 0 the count, then the compact store's words (lib_internal/quotient_slots.h):
 * its remainder words from state word 1, its metadata words from the next state word. */
#include <lib_internal/fail.h>
#include <amq/quotient.h>
#include <lib_internal/quotient_check.h>
#include <amq/spec_quotient.h>
#include <lib_internal/check_kernels.h>
#include <string.h>

static uint64_t nslots_of(const amq_quotient_geom *g) { return AMQ_QF_HOME_SLOTS(g->q) + g->slack; }

/* State words of the store's remainder part and of its metadata part (bytes rounded up). */
static uint64_t rem_state_words(uint64_t rbytes, uint64_t n)
{
    const uint64_t bytes = amq_quotient_slots_rem16_words(rbytes, n) * sizeof(uint16_t) +
                           amq_quotient_slots_rem32_words(rbytes, n) * sizeof(uint32_t);
    return (bytes + 7) / 8;
}
static uint64_t meta_state_words(uint64_t n) { return (amq_quotient_slots_meta_words(n) * sizeof(uint16_t) + 7) / 8; }

/* The kernel's view of a state.  Queries get it through a const amq_qf, so the casts
 * below never lead to a write into a const state.  The state's words are only ever copied
 * whole by the enumeration (memcpy, src/check_enum.c), so the store's narrower words in
 * them are read and written through the store's own types only. */
static amq_qf view(const amq_quotient_geom *g, const uint64_t *st)
{
    const uint64_t n = nslots_of(g), rb = amq_quotient_slots_rem_bytes(g->r);
    uint64_t *words = (uint64_t *)(st + 1);
    amq_quotient_slots s = {.n = n, .rbytes = rb, .meta = (uint16_t *)(void *)(words + rem_state_words(rb, n))};
    if (rb <= 2u)
        s.rem16 = (uint16_t *)(void *)words;
    else
        s.rem32 = (uint32_t *)(void *)words;
    return (amq_qf){.q = g->q, .r = g->r, .nslots = n, .count = st[0], .slots = s};
}

static uint64_t fq_of(const amq_quotient_geom *g, uint64_t d) { return d >> g->r; }
static uint64_t fr_of(const amq_quotient_geom *g, uint64_t d) { return d & ((UINT64_C(1) << g->r) - 1); }

static void d_clear(const amq_ops *kn, uint64_t *st)
{
    amq_qf t = view(kn->ctx, st);
    amq_quotient_kernel_clear(&t);
    st[0] = t.count;
}

static void d_add(const amq_ops *kn, uint64_t *st, const uint64_t *d)
{
    amq_quotient_geom *g = (amq_quotient_geom *)kn->ctx; /* a non-const object: it counts refusals */
    amq_qf t = view(g, st);
    if ((g->insert ? g->insert : amq_quotient_kernel_insert)(&t, fq_of(g, d[0]), fr_of(g, d[0])) != 0)
        g->failed++;
    st[0] = t.count;
}

static int d_query(const amq_ops *kn, const uint64_t *st, const uint64_t *d)
{
    const amq_quotient_geom *g = kn->ctx;
    const amq_qf t = view(g, st);
    return (g->query ? g->query : amq_quotient_kernel_query)(&t, fq_of(g, d[0]), fr_of(g, d[0]));
}

static int d_remove(const amq_ops *kn, uint64_t *st, const uint64_t *d)
{
    const amq_quotient_geom *g = kn->ctx;
    amq_qf t = view(g, st);
    const int r = (g->remove ? g->remove : amq_quotient_kernel_delete)(&t, fq_of(g, d[0]), fr_of(g, d[0]));
    st[0] = t.count;
    return r;
}

amq_status amq_ops_quotient(amq_ops *out, amq_quotient_geom *g)
{
    if (!out || !g)
        return amq_fail(AMQ_E_INVALID_ARG, "quotient check model: NULL descriptor or geometry");
    if (g->q < 1 || g->r < 1 || g->q > 62 || g->r > 63 - g->q)
        return amq_fail(AMQ_E_INVALID_ARG, "quotient kernel: needs q >= 1, r >= 1 and p = q + r <= 63 (the "
                                           "alphabet 2^p is a 64-bit number); got q = %llu, r = %llu",
                        (unsigned long long)g->q, (unsigned long long)g->r);
    const uint64_t home = AMQ_QF_HOME_SLOTS(g->q);
    /* words = 1 + at most n + ceil(n / 16) (n eight-byte remainders and n nibbles) must fit in
     * memory addresses */
    if (g->slack > (SIZE_MAX / sizeof(uint64_t)) / 2 || home > (SIZE_MAX / sizeof(uint64_t)) / 2 - g->slack)
        return amq_fail(AMQ_E_OVERFLOW, "quotient kernel: 2^%llu + %llu slots do not fit in memory",
                        (unsigned long long)g->q, (unsigned long long)g->slack);
    const uint64_t n = home + g->slack;
    memset(out, 0, sizeof *out);
    out->name = g->name ? g->name : "quotient";
    out->m = UINT64_C(1) << (g->q + g->r);
    out->k = 1;
    const uint64_t rb = amq_quotient_slots_rem_bytes(g->r);
    out->state_words = (size_t)(1 + rem_state_words(rb, n) + meta_state_words(n));
    out->clear = d_clear;
    out->add_ctx = d_add;
    out->query_ctx = d_query;
    out->remove_ctx = d_remove;
    out->ctx = g;
    out->refused = &g->failed;
    g->failed = 0;
    return AMQ_OK;
}

amq_status amq_check_quotient_enum_fp(mpq_t rop, amq_quotient_geom *g, uint64_t n, uint64_t removals)
{
    amq_ops kn;
    amq_status st = amq_ops_quotient(&kn, g);
    return st != AMQ_OK ? st : amq_check_enum_fp_removals(rop, &kn, n, removals, NULL, NULL);
}

/* The exact rate as a double (midpoint of a 128-bit certified enclosure), for the test. */
static amq_status rate_double(double *p, uint64_t bits, uint64_t n)
{
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_quotient_fp_enclose(lo, hi, 128, bits, n);
    mpfr_add(lo, lo, hi, MPFR_RNDN);
    mpfr_div_2ui(lo, lo, 1, MPFR_RNDN);
    *p = mpfr_get_d(lo, MPFR_RNDN);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}

amq_status amq_check_quotient_mc(amq_check_report *rep, amq_quotient_geom *g, const amq_mc_config *cfg,
                                 double alpha)
{
    if (!cfg || cfg->removals > cfg->n)
        return amq_fail(AMQ_E_INVALID_ARG, "quotient Monte Carlo: NULL config, or more removals than keys");
    amq_ops kn;
    double p = 0;
    amq_status st = amq_ops_quotient(&kn, g);
    if (st == AMQ_OK)
        st = rate_double(&p, g->q + g->r, cfg->n - cfg->removals);
    return st != AMQ_OK ? st : amq_check_ops_mc(rep, &kn, cfg, alpha, p);
}
