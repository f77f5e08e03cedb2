/* Expected hash omissions E = sum_{i<n} f_i (D&M equation 1) in closed form: one geometric
 * series per exponential term of f_i (amq/spec_omissions.h, docs/rates-omissions.md). */
#include <lib_internal/fail.h>
#include "spec_internal/omissions.h"

/* E at precision wp into ex (n >= 2, no edge case). */
static void expected_at(ivl *ex, amq_omissions_expo *e, uint64_t n, mpfr_prec_t wp)
{
    amq_omissions_expo_set_prec(e, wp);
    mpfr_t N, t1, t2, t;
    fr_init_u64(N, n - 1);
    mpfr_inits2(wp, t1, t2, t, (mpfr_ptr)0);
    ivl g, z;
    ivl_init(&g, wp);
    ivl_init(&z, wp);
    ivl_set_prec(ex, wp);
    ivl_set_fr(ex, N); /* the constant 1 of every f_i, i = 1..n-1 */
    for (size_t j = 0; j < e->J; j++) {
        /* sum_{i=1}^{n-1} e^{lam i} = e^{lam} * amq_omissions_geo_sum(lam, n-1), increasing in lam */
        amq_omissions_geo_sum(&g, &e->lam[j], N, t1, t2);
        mpfr_exp(z.lo, e->lam[j].lo, MPFR_RNDD);
        mpfr_exp(z.hi, e->lam[j].hi, MPFR_RNDU);
        mpfr_mul(g.lo, g.lo, z.lo, MPFR_RNDD);
        mpfr_mul(g.hi, g.hi, z.hi, MPFR_RNDU);
        ivl_addmul(ex, e->sg[j], &e->c[j], &g, t);
    }
    if (mpfr_sgn(ex->lo) < 0)
        mpfr_set_zero(ex->lo, 1);
    if (mpfr_cmp(ex->hi, N) > 0)
        mpfr_set(ex->hi, N, MPFR_RNDU);
    ivl_clear(&g);
    ivl_clear(&z);
    mpfr_clears(N, t1, t2, t, (mpfr_ptr)0);
}

static amq_status expected_loop(ivl *ex, amq_omissions_expo *e, uint64_t n, int bits, const char *who)
{
    mpfr_prec_t wp = bits + 64 + (mpfr_prec_t)(e->log2_csum > 0 ? e->log2_csum : 0);
    for (;;) {
        expected_at(ex, e, n, wp);
        if (fr_rel_width_ok(ex->lo, ex->hi, bits))
            return AMQ_OK;
        if (wp >= AMQ_CERTIFIED_MAX_PREC)
            return amq_fail(AMQ_E_TOO_LARGE,
                            "%s: relative width 2^-%d not reached at precision %ld (m = %llu, k = %llu, "
                            "n = %llu)",
                            who, bits, (long)wp, ULL(e->m), ULL(e->k), ULL(n));
        wp = wp * 2 > AMQ_CERTIFIED_MAX_PREC ? AMQ_CERTIFIED_MAX_PREC : wp * 2;
    }
}

amq_status amq_omissions_expected_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_omissions_params *p)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_expected_enclose: NULL argument");
    const char *who = "expected omissions";
    amq_status st = amq_omissions_check_params_bits(p, bits, who);
    if (st)
        return st;
    uint64_t E;
    int P0;
    if (amq_omissions_edge(p, &E, &P0)) {
        mpfr_set_prec(lo, 64);
        mpfr_set_prec(hi, 64);
        mpfr_t x;
        fr_init_u64(x, E);
        mpfr_set(lo, x, MPFR_RNDD);
        mpfr_set(hi, x, MPFR_RNDU);
        mpfr_clear(x);
        return AMQ_OK;
    }
    amq_omissions_expo e;
    if ((st = amq_omissions_expo_build(&e, p, who)) != AMQ_OK)
        return st;
    ivl ex;
    ivl_init(&ex, 64);
    st = expected_loop(&ex, &e, p->n, bits, who);
    if (!st) {
        mpfr_set_prec(lo, mpfr_get_prec(ex.lo));
        mpfr_set_prec(hi, mpfr_get_prec(ex.hi));
        fr_put_outward(lo, hi, ex.lo, ex.hi);
    }
    ivl_clear(&ex);
    amq_omissions_expo_free(&e);
    return st;
}
