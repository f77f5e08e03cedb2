/* Quotient filter FP rate, Ceramist Theorem 9: 1 - (1 - 2^-p)^n. */
#include "spec_internal/cost.h"
#include <stdio.h>
#include <lib_internal/fail.h>
#include <amq/spec_quotient.h>
#include <math.h>

static amq_status check_p(uint64_t p, const char *who)
{
    if (p > 64)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: p = %llu fingerprint bits; p must be at most 64", who,
                        (unsigned long long)p);
    return AMQ_OK;
}

amq_status amq_quotient_fp_exact(mpq_t rop, uint64_t p, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_quotient_fp_exact: NULL argument");
    amq_status st = check_p(p, "exact quotient rate");
    if (st)
        return st;
    if (n == 0 || p == 0) { /* nothing stored, or every fingerprint equal */
        mpq_set_ui(rop, n == 0 ? 0 : 1, 1);
        return AMQ_OK;
    }
    /* Cost model (amq_cost_exact): the denominator 2^{pn} and the power (2^p - 1)^n */
    char what[160];
    snprintf(what, sizeof what, "the denominator 2^(pn) (p = %llu fingerprint bits, n = %llu)",
             (unsigned long long)p, (unsigned long long)n);
    if ((st = amq_cost_exact("exact quotient rate", what, (double)p * (double)n, 3.0 * (double)p * (double)n)))
        return st;
    mpz_t base, pw;
    mpz_inits(base, pw, (mpz_ptr)0);
    mpz_ui_pow_ui(base, 2, p);
    mpz_sub_ui(base, base, 1);                 /* 2^p - 1 */
    mpz_pow_ui(pw, base, n);                   /* (2^p - 1)^n, odd */
    mpz_set_ui(mpq_denref(rop), 0);
    mpz_setbit(mpq_denref(rop), p * n);        /* 2^{pn} */
    mpz_sub(mpq_numref(rop), mpq_denref(rop), pw);
    /* the numerator is odd and the denominator a power of two: already reduced */
    mpz_clears(base, pw, (mpz_ptr)0);
    return AMQ_OK;
}

amq_status amq_quotient_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t p, uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_quotient_fp_enclose: NULL argument");
    amq_status st = check_p(p, "quotient rate enclosure");
    if (st)
        return st;
    if (prec < MPFR_PREC_MIN || prec > MPFR_PREC_MAX)
        return amq_fail(AMQ_E_INVALID_ARG, "quotient rate enclosure: precision %ld out of range", (long)prec);
    if (n == 0 || p == 0) {
        mpfr_set_ui(lo, n == 0 ? 0 : 1, MPFR_RNDD);
        mpfr_set_ui(hi, n == 0 ? 0 : 1, MPFR_RNDU);
        return AMQ_OK;
    }
    /* FP = -expm1(n * log1p(-2^-p)) is decreasing in u = n*log1p(-2^-p) < 0. */
    mpfr_t x, ulo, uhi, nn;
    mpfr_inits2(prec + 64, x, ulo, uhi, (mpfr_ptr)0);
    mpfr_init2(nn, 64);
    mpfr_set_ui(x, 1, MPFR_RNDN);
    mpfr_div_2ui(x, x, (unsigned long)p, MPFR_RNDN); /* 2^-p, exact */
    mpfr_neg(x, x, MPFR_RNDN);
    mpfr_set_uj(nn, n, MPFR_RNDN);                   /* exact: 64 bits */
    mpfr_log1p(ulo, x, MPFR_RNDD);
    mpfr_log1p(uhi, x, MPFR_RNDU);
    mpfr_mul(ulo, ulo, nn, MPFR_RNDD);               /* n > 0: bounds keep their sides */
    mpfr_mul(uhi, uhi, nn, MPFR_RNDU);
    mpfr_expm1(uhi, uhi, MPFR_RNDU);                 /* FP_lo = -expm1(u_hi) rounded down */
    mpfr_neg(lo, uhi, MPFR_RNDD);
    mpfr_expm1(ulo, ulo, MPFR_RNDD);                 /* FP_hi = -expm1(u_lo) rounded up */
    mpfr_neg(hi, ulo, MPFR_RNDU);
    mpfr_clears(x, ulo, uhi, nn, (mpfr_ptr)0);
    return AMQ_OK;
}

amq_status amq_quotient_fp_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params)
{
    if (!lo || !hi || !params)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_quotient_fp_enclose_cb: NULL argument");
    const amq_quotient_params *q = params;
    return amq_quotient_fp_enclose(lo, hi, prec, q->p, q->n);
}

amq_status amq_quotient_fp_decimal(char **out, uint64_t p, uint64_t n, int digits, mpfr_t lo_out,
                                   mpfr_t hi_out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_quotient_fp_decimal: NULL argument");
    amq_quotient_params q = {p, n};
    return amq_certified_decimal(out, amq_quotient_fp_enclose_cb, &q, digits, lo_out, hi_out);
}

double amq_quotient_fp_approx_union(uint64_t p, uint64_t n)
{
    double v = ldexp((double)n, -(int)(p > 64 ? 64 : p));
    return v < 1.0 ? v : 1.0;
}

double amq_quotient_fp_approx_exp(uint64_t p, uint64_t n)
{
    return -expm1(-ldexp((double)n, -(int)(p > 64 ? 64 : p)));
}
