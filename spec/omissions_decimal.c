/* Correctly rounded decimals of the omission quantities (amq/spec_omissions.h): each
 * enclosure routine is asked for a relative width of `bits`, doubled until both ends
 * round to the same decimal (rounding to nearest is monotone, so every value between
 * them rounds to it too). */
#include <lib_internal/fail.h>
#include "spec_internal/omissions.h"
#include <stdlib.h>
#include <string.h>

/* Generic correctly rounded decimal from an enclosure routine taking a width target
 * in bits: both ends rounded to nearest must agree (rounding is monotone). */
typedef amq_status (*bits_fn)(mpfr_t lo, mpfr_t hi, int bits, const void *ctx);

static amq_status decimal_bits(char **out, bits_fn f, const void *ctx, int digits, mpfr_t lo_out,
                               mpfr_t hi_out, const char *who)
{
    mpfr_ptr lop = lo_out, hip = hi_out;
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: NULL output pointer", who);
    *out = NULL;
    if (digits < 1 || digits > AMQ_DECIMAL_MAX_DIGITS)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: digits = %d outside [1, %d]", who, digits,
                        AMQ_DECIMAL_MAX_DIGITS);
    int bits = digits * 10 / 3 + 10;
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    amq_status st;
    char *a = NULL, *b = NULL;
    for (;;) {
        if (bits > AMQ_OMISSIONS_MAX_BITS)
            bits = AMQ_OMISSIONS_MAX_BITS;
        if ((st = f(lo, hi, bits, ctx)) != AMQ_OK)
            break;
        if (mpfr_equal_p(lo, hi)) {
            st = amq_mpfr_decimal(out, lo, digits, AMQ_ROUND_NEAREST);
            break;
        }
        if ((st = amq_mpfr_decimal(&a, lo, digits, AMQ_ROUND_NEAREST)) != AMQ_OK ||
            (st = amq_mpfr_decimal(&b, hi, digits, AMQ_ROUND_NEAREST)) != AMQ_OK)
            break;
        if (strcmp(a, b) == 0) {
            *out = a;
            a = NULL;
            break;
        }
        free(a);
        free(b);
        a = b = NULL;
        if (bits >= AMQ_OMISSIONS_MAX_BITS) {
            st = amq_fail(AMQ_E_TOO_LARGE,
                          "%s: the enclosure still straddles a rounding boundary of %d digits at "
                          "a width of 2^-%d (value on, or extremely close to, a decimal tie)",
                          who, digits, bits);
            break;
        }
        bits *= 2;
    }
    free(a);
    free(b);
    if (st == AMQ_OK) {
        if (lop)
            mpfr_set(lop, lo, MPFR_RNDD);
        if (hip)
            mpfr_set(hip, hi, MPFR_RNDU);
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}

typedef struct { mpz_srcptr s; uint64_t i; } fpc_ctx;

static amq_status fpc_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    const fpc_ctx *c = ctx;
    mpfr_set_prec(lo, bits + 32);
    mpfr_set_prec(hi, bits + 32);
    return amq_fingerprint_fp_enclose(lo, hi, bits + 32, c->s, c->i);
}

amq_status amq_fingerprint_fp_decimal(char **out, mpz_srcptr s, uint64_t i, int digits, mpfr_t lo,
                                      mpfr_t hi)
{
    if (!out || !s)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_fingerprint_fp_decimal: NULL argument");
    fpc_ctx c = {s, i};
    return decimal_bits(out, fpc_bits, &c, digits, lo, hi, "fingerprint rate decimal");
}

typedef struct { const amq_omissions_params *p; uint64_t i; } rate_ctx;

static amq_status rate_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    const rate_ctx *c = ctx;
    /* the Bloom enclosure cancels: raise the precision until the width is reached */
    for (mpfr_prec_t prec = bits + 32;; prec *= 2) {
        mpfr_set_prec(lo, prec);
        mpfr_set_prec(hi, prec);
        amq_status st = amq_omissions_rate_enclose(lo, hi, prec, c->p, c->i);
        if (st)
            return st;
        if (fr_rel_width_ok(lo, hi, bits))
            return AMQ_OK;
        if (prec > AMQ_CERTIFIED_MAX_PREC)
            return amq_fail(AMQ_E_TOO_LARGE, "omission rate decimal: relative width 2^-%d not reached at "
                                             "precision %ld", bits, (long)prec);
    }
}

amq_status amq_omissions_rate_decimal(char **out, const amq_omissions_params *p, uint64_t i, int digits, mpfr_t lo,
                                 mpfr_t hi)
{
    amq_status st = amq_omissions_check_params(p, "omission rate decimal");
    if (st)
        return st;
    rate_ctx c = {p, i};
    return decimal_bits(out, rate_bits, &c, digits, lo, hi, "omission rate decimal");
}

static amq_status expected_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    return amq_omissions_expected_enclose(lo, hi, bits, ctx);
}

static amq_status p0_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    return amq_omissions_p0_enclose(lo, hi, bits, ctx);
}

amq_status amq_omissions_expected_decimal(char **out, const amq_omissions_params *p, int digits, mpfr_t lo,
                                          mpfr_t hi)
{
    amq_status st = amq_omissions_check_params(p, "expected omissions decimal");
    if (st)
        return st;
    return decimal_bits(out, expected_bits, p, digits, lo, hi, "expected omissions decimal");
}

amq_status amq_omissions_p0_decimal(char **out, const amq_omissions_params *p, int digits, mpfr_t lo, mpfr_t hi)
{
    amq_status st = amq_omissions_check_params(p, "omission probability P0 decimal");
    if (st)
        return st;
    return decimal_bits(out, p0_bits, p, digits, lo, hi, "omission probability P0 decimal");
}

typedef struct { const amq_omissions_params *p; unsigned t; } cov_ctx;

static amq_status coverage_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    const cov_ctx *c = ctx;
    if (c->p->n == 0) {
        mpfr_set_ui(lo, 1, MPFR_RNDD);
        mpfr_set_ui(hi, 1, MPFR_RNDU);
        return AMQ_OK;
    }
    /* (n - tE)/n = 1 - tE/n: relative width of E of 2^-(bits+8) is plenty unless the
     * coverage is tiny; then the loop in decimal_bits asks for more bits */
    mpfr_t el, eh, nf;
    mpfr_inits2(64, el, eh, (mpfr_ptr)0);
    amq_status st = amq_omissions_expected_enclose(el, eh, bits + 8, c->p);
    if (!st) {
        fr_init_u64(nf, c->p->n);
        mpfr_prec_t pr = mpfr_get_prec(el) + 64;
        mpfr_set_prec(lo, pr);
        mpfr_set_prec(hi, pr);
        mpfr_mul_ui(el, el, c->t, MPFR_RNDD);
        mpfr_mul_ui(eh, eh, c->t, MPFR_RNDU);
        mpfr_sub(lo, nf, eh, MPFR_RNDD);
        mpfr_div(lo, lo, nf, MPFR_RNDD);
        mpfr_sub(hi, nf, el, MPFR_RNDU);
        mpfr_div(hi, hi, nf, MPFR_RNDU);
        mpfr_clear(nf);
    }
    mpfr_clears(el, eh, (mpfr_ptr)0);
    return st;
}

amq_status amq_omissions_coverage_decimal(char **out, const amq_omissions_params *p, unsigned t, int digits,
                                          mpfr_t lo, mpfr_t hi)
{
    amq_status st = amq_omissions_check_params(p, "coverage decimal");
    if (st)
        return st;
    if (t != 1 && t != 2)
        return amq_fail(AMQ_E_INVALID_ARG, "coverage decimal: factor t = %u (1 or 2)", t);
    cov_ctx c = {p, t};
    return decimal_bits(out, coverage_bits, &c, digits, lo, hi, "coverage decimal");
}

static amq_status barrier_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    return amq_omissions_barrier_enclose(lo, hi, bits > 1000 ? 1000 : bits, *(const uint64_t *)ctx);
}

amq_status amq_omissions_barrier_decimal(char **out, uint64_t k, int digits, mpfr_t lo, mpfr_t hi)
{
    if (digits > 250)
        return amq_fail(AMQ_E_INVALID_ARG, "barrier decimal: at most 250 digits (got %d)", digits);
    return decimal_bits(out, barrier_bits, &k, digits, lo, hi, "barrier decimal");
}

typedef struct { uint64_t m, k, x, N; int which; } est_ctx;

static amq_status estimate_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    const est_ctx *c = ctx;
    mpfr_prec_t pr = bits + 80;
    mpfr_set_prec(lo, pr);
    mpfr_set_prec(hi, pr);
    if (c->which == 0)
        return amq_state_estimate_enclose(lo, hi, NULL, NULL, pr, c->m, c->k, c->x, c->N);
    mpfr_t a, b;
    mpfr_inits2(pr, a, b, (mpfr_ptr)0);
    amq_status st = amq_state_estimate_enclose(a, b, lo, hi, pr, c->m, c->k, c->x, c->N);
    mpfr_clears(a, b, (mpfr_ptr)0);
    return st;
}

amq_status amq_state_estimate_decimal(char **i_out, char **n_out, uint64_t m, uint64_t k,
                                      uint64_t set_bits, uint64_t unique, int digits)
{
    if (!i_out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_state_estimate_decimal: NULL output pointer");
    est_ctx c = {m, k, set_bits, unique, 0};
    amq_status st = decimal_bits(i_out, estimate_bits, &c, digits, NULL, NULL, "state estimate decimal");
    if (!st && n_out) {
        c.which = 1;
        st = decimal_bits(n_out, estimate_bits, &c, digits, NULL, NULL, "state estimate decimal");
        if (st) {
            free(*i_out);
            *i_out = NULL;
        }
    }
    return st;
}
