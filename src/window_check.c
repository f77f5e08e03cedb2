/* Sliding-window Bloom filter: geometry and the kernel descriptor (lib_internal/window_check.h). */
#include <lib_internal/fail.h>
#include <lib_internal/window_kernel.h>
#include <lib_internal/window_check.h>
#include <amq/spec_window.h>
#include <string.h>

amq_status amq_window_geom_make(amq_window_geom *out, uint64_t m, uint64_t k, uint64_t W, uint64_t g)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "window geometry: NULL output");
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "window geometry: m = 0 (a generation needs at least one bit)");
    if (k > AMQ_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, "window geometry: k = %llu indices per key exceeds the limit %u", ULL(k),
                        AMQ_MAX_K);
    if (W == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "window geometry: window W = 0 (it keeps at least the last insertion)");
    if (g < 2 || g > AMQ_WINDOW_MAX_G)
        return amq_fail(AMQ_E_INVALID_ARG, "window geometry: g = %llu generations, outside [2, %u]", ULL(g),
                        AMQ_WINDOW_MAX_G);
    const uint64_t wpg = AMQ_BLOOM_WORDS(m);
    if (wpg > (SIZE_MAX / sizeof(uint64_t) - 1 - g) / g)
        return amq_fail(AMQ_E_OVERFLOW, "window geometry: %llu generations of m = %llu bits do not fit in memory",
                        ULL(g), ULL(m));
    out->m = m;
    out->k = k;
    out->W = W;
    out->g = g;
    out->cap = amq_window_kernel_capacity(W, g);
    return AMQ_OK;
}

uint64_t amq_window_state_words(const amq_window_geom *geo)
{
    return 1 + geo->g + geo->g * AMQ_BLOOM_WORDS(geo->m);
}

static const amq_window_ops window_real = {"window", amq_window_kernel_add, amq_window_kernel_query};

const amq_window_ops *amq_window_ops_real(void) { return &window_real; }

/* The descriptor's state is plain data: [cur][count 0..g-1][generation 0]..[generation g-1];
 * each call lays the generation table over it (g <= AMQ_WINDOW_MAX_G pointers). */
static const amq_window_desc *desc_of(const amq_ops *kn) { return kn->ctx; }
static const amq_window_ops *ops_of(const amq_window_desc *d) { return d->ops ? d->ops : &window_real; }

static void gen_table(uint64_t **gen, const amq_window_geom *geo, uint64_t *state)
{
    const uint64_t wpg = AMQ_BLOOM_WORDS(geo->m);
    for (uint64_t i = 0; i < geo->g; i++)
        gen[i] = state + 1 + geo->g + i * wpg;
}

static void window_clear(const amq_ops *kn, uint64_t *state)
{
    const amq_window_geom *geo = &desc_of(kn)->geo;
    uint64_t *gen[AMQ_WINDOW_MAX_G];
    gen_table(gen, geo, state);
    amq_window_kernel_init(gen, state + 1, state, geo->g, geo->m);
}

static void window_add(const amq_ops *kn, uint64_t *state, const uint64_t *idx)
{
    const amq_window_desc *d = desc_of(kn);
    uint64_t *gen[AMQ_WINDOW_MAX_G];
    gen_table(gen, &d->geo, state);
    ops_of(d)->add(gen, state + 1, state, d->geo.g, d->geo.cap, d->geo.m, idx, kn->k);
}

static int window_query(const amq_ops *kn, const uint64_t *state, const uint64_t *idx)
{
    const amq_window_desc *d = desc_of(kn);
    uint64_t *gen[AMQ_WINDOW_MAX_G];
    /* the query only reads: the table's pointers are non-const for the kernel's signature */
    gen_table(gen, &d->geo, (uint64_t *)(uintptr_t)state);
    return ops_of(d)->query(gen, d->geo.g, d->geo.m, idx, kn->k);
}

amq_status amq_ops_window(amq_ops *out, const amq_window_desc *desc)
{
    if (!out || !desc)
        return amq_fail(AMQ_E_INVALID_ARG, "sliding-window check model: NULL %s", out ? "window description" : "descriptor");
    const amq_window_geom *geo = &desc->geo;
    amq_window_geom chk;
    amq_status st = amq_window_geom_make(&chk, geo->m, geo->k, geo->W, geo->g);
    if (st)
        return st;
    if (chk.cap != geo->cap)
        return amq_fail(AMQ_E_INVALID_ARG,
                        "sliding-window check model: capacity %llu is not ceil(W / (g - 1)) = %llu (use amq_window_geom_make)",
                        ULL(geo->cap), ULL(chk.cap));
    const amq_window_ops *ops = ops_of(desc);
    if (!ops->add || !ops->query)
        return amq_fail(AMQ_E_INVALID_ARG, "sliding-window check model: ops without add or query");
    memset(out, 0, sizeof *out);
    out->name = ops->name ? ops->name : "window (custom ops)";
    out->m = geo->m;
    out->k = (size_t)geo->k;
    out->state_words = (size_t)amq_window_state_words(geo);
    out->clear = window_clear;
    out->add_ctx = window_add;
    out->query_ctx = window_query;
    out->ctx = desc;
    return AMQ_OK;
}

amq_status amq_check_window_rate(double *p, const amq_window_geom *geo, uint64_t N)
{
    if (!p || !geo)
        return amq_fail(AMQ_E_INVALID_ARG, "sliding-window rate for the check: NULL argument");
    mpfr_t lo, hi, w, r;
    mpfr_prec_t prec = 128;
    mpfr_inits2(prec, lo, hi, w, r, (mpfr_ptr)0);
    amq_status st;
    for (;;) { /* raise the precision until hi - lo <= 2^-64 lo */
        mpfr_set_prec(lo, prec);
        mpfr_set_prec(hi, prec);
        mpfr_set_prec(w, prec);
        mpfr_set_prec(r, prec);
        st = amq_window_fp_enclose(lo, hi, prec, geo->m, geo->k, geo->W, geo->g, N);
        if (st)
            break;
        mpfr_sub(w, hi, lo, MPFR_RNDU);
        mpfr_mul_2si(r, lo, -64, MPFR_RNDD);
        if (mpfr_lessequal_p(w, r)) { /* also lo == hi (exact 0 or 1) */
            mpfr_add(w, lo, hi, MPFR_RNDN);
            mpfr_div_2ui(w, w, 1, MPFR_RNDN);
            *p = mpfr_get_d(w, MPFR_RNDN);
            break;
        }
        if (prec >= AMQ_CERTIFIED_MAX_PREC) {
            st = amq_fail(AMQ_E_TOO_LARGE, "sliding-window rate for the check: no 2^-64 relative enclosure at %ld bits",
                          (long)prec);
            break;
        }
        prec *= 2;
    }
    mpfr_clears(lo, hi, w, r, (mpfr_ptr)0);
    return st;
}
