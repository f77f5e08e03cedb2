/* Brute-force omission measures, for cross-checks: E and P0 from one rate per i, as exact
 * rationals or with certified rounding (amq/spec_omissions.h). They share no code with the
 * closed forms of omissions_expected.c and omissions_p0*.c beyond the rates themselves. */
#include <internal/fail.h>
#include "spec_internal/omissions.h"

amq_status amq_omissions_exact(mpq_t E, mpq_t P0, const amq_omissions_params *p)
{
    if (!E || !P0)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_exact: NULL argument");
    amq_status st = amq_omissions_check_params(p, "exact omission count");
    if (st)
        return st;
    if (p->n > AMQ_OMISSIONS_EXACT_MAX_N)
        return amq_fail(AMQ_E_TOO_LARGE, "exact omission count: n = %llu exceeds the brute-force limit %d",
                        ULL(p->n), AMQ_OMISSIONS_EXACT_MAX_N);
    mpq_t e, q, f, t;
    mpq_inits(e, q, f, t, NULL);
    mpq_set_ui(e, 0, 1);
    mpq_set_ui(q, 1, 1);
    for (uint64_t i = 0; i < p->n && !st; i++) {
        st = amq_omissions_rate_exact(f, p, i);
        if (!st) {
            mpq_add(e, e, f);
            mpq_set_ui(t, 1, 1);
            mpq_sub(t, t, f);
            mpq_mul(q, q, t);
        }
    }
    if (!st) {
        mpq_set(E, e);
        mpq_set(P0, q);
    }
    mpq_clears(e, q, f, t, NULL);
    return st;
}

amq_status amq_omissions_brute_enclose(mpfr_t e_lo, mpfr_t e_hi, mpfr_t p0_lo, mpfr_t p0_hi,
                                       mpfr_prec_t prec, const amq_omissions_params *p)
{
    if (!e_lo || !e_hi || !p0_lo || !p0_hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_brute_enclose: NULL argument");
    amq_status st = amq_omissions_check_params(p, "omission enumeration");
    if (st)
        return st;
    if (p->n > AMQ_OMISSIONS_BRUTE_MAX_N)
        return amq_fail(AMQ_E_TOO_LARGE, "omission enumeration: n = %llu exceeds the brute-force limit %d",
                        ULL(p->n), AMQ_OMISSIONS_BRUTE_MAX_N);
    if (prec < MPFR_PREC_MIN || prec > (mpfr_prec_t)1 << 16)
        return amq_fail(AMQ_E_INVALID_ARG, "omission enumeration: precision %ld out of range", (long)prec);
    mpfr_prec_t wp = prec + 64;
    ivl e, q, f;
    ivl_init(&e, wp);
    ivl_init(&q, wp);
    ivl_init(&f, wp);
    ivl_set_ui(&e, 0);
    ivl_set_ui(&q, 1);
    for (uint64_t i = 0; i < p->n && !st; i++) {
        st = amq_omissions_rate_enclose(f.lo, f.hi, wp, p, i);
        if (st)
            break;
        mpfr_add(e.lo, e.lo, f.lo, MPFR_RNDD);
        mpfr_add(e.hi, e.hi, f.hi, MPFR_RNDU);
        mpfr_ui_sub(f.hi, 1, f.hi, MPFR_RNDD); /* 1 - f, both ends >= 0 */
        mpfr_ui_sub(f.lo, 1, f.lo, MPFR_RNDU);
        mpfr_mul(q.lo, q.lo, f.hi, MPFR_RNDD);
        mpfr_mul(q.hi, q.hi, f.lo, MPFR_RNDU);
    }
    if (!st) {
        fr_put_outward(e_lo, e_hi, e.lo, e.hi);
        fr_put_outward(p0_lo, p0_hi, q.lo, q.hi);
    }
    ivl_clear(&e);
    ivl_clear(&q);
    ivl_clear(&f);
    return st;
}
