/* Blocked quotient rate: by the binomial PGF the mixture over quotient blocks with p-bit
 * fingerprints is exactly 1 - (1 - 2^-p/blocks)^n (amq/spec_blocked.h). */
#include "spec_internal/blocked.h"
#include "spec_internal/cost.h"
#include <stdio.h>
#include <math.h>

static amq_status check_bq(uint64_t blocks, uint64_t p, const char *who)
{
    if (blocks == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: blocks = 0 (a blocked filter needs at least one block)", who);
    if (p > 64)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: p = %llu fingerprint bits; p must be at most 64", who, ULL(p));
    return AMQ_OK;
}

amq_status amq_blocked_quotient_fp_exact(mpq_t rop, uint64_t blocks, uint64_t p, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_quotient_fp_exact: NULL argument");
    amq_status st = check_bq(blocks, p, "exact blocked quotient rate");
    if (st)
        return st;
    if (n == 0) {
        mpq_set_ui(rop, 0, 1);
        return AMQ_OK;
    }
    /* the shared exact model (issue 26: this form's own limit was 2^28 bits): two powers */
    double bits = (double)n * ((double)p + log2((double)blocks));
    char what[160];
    snprintf(what, sizeof what, "the denominator (blocks 2^p)^n (blocks = %llu, p = %llu, n = %llu)", ULL(blocks),
             ULL(p), ULL(n));
    if ((st = amq_cost_exact("exact blocked quotient rate", what, bits, 4.0 * bits)))
        return st;
    if (n > ULONG_MAX)
        return amq_fail(AMQ_E_TOO_LARGE, "exact blocked quotient rate: n = %llu does not fit unsigned long", ULL(n));
    if (blocks == 1 && p == 0) {
        mpq_set_ui(rop, 1, 1);
        return AMQ_OK;
    }
    mpz_t D, N;
    mpz_inits(D, N, (mpz_ptr)0);
    z_set_u64(D, blocks);
    mpz_mul_2exp(D, D, (mp_bitcnt_t)p); /* blocks 2^p */
    mpz_sub_ui(N, D, 1);
    mpz_pow_ui(D, D, (unsigned long)n);
    mpz_pow_ui(N, N, (unsigned long)n);
    /* (D^n - (D-1)^n) / D^n is reduced: mod a prime q | D the numerator is -(-1)^n */
    mpz_sub(mpq_numref(rop), D, N);
    mpz_set(mpq_denref(rop), D);
    mpz_clears(D, N, (mpz_ptr)0);
    return AMQ_OK;
}

amq_status amq_blocked_quotient_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks, uint64_t p,
                                           uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_quotient_fp_enclose: NULL argument");
    amq_status st = check_bq(blocks, p, "blocked quotient rate enclosure");
    if (st || (st = blocked_check_prec(prec, "blocked quotient rate enclosure")))
        return st;
    if (n == 0 || (blocks == 1 && p == 0)) {
        unsigned long v = n == 0 ? 0 : 1;
        mpfr_set_ui(lo, v, MPFR_RNDD);
        mpfr_set_ui(hi, v, MPFR_RNDU);
        return AMQ_OK;
    }
    /* FP = -expm1(n log1p(-t)), t = 2^-p / blocks <= 1/2, decreasing in u = n log1p(-t) */
    mpfr_prec_t wp = prec + 32;
    mpfr_t tl, th, nn;
    mpfr_inits2(wp, tl, th, (mpfr_ptr)0);
    mpfr_init2(nn, 64);
    fr_set_u64(nn, n, MPFR_RNDN);
    mpfr_set_ui(tl, 1, MPFR_RNDN);
    mpfr_div_2ui(tl, tl, (unsigned long)p, MPFR_RNDN); /* exact */
    fr_div_u64(th, tl, blocks, MPFR_RNDU);
    fr_div_u64(tl, tl, blocks, MPFR_RNDD);
    mpfr_neg(th, th, MPFR_RNDN);
    mpfr_neg(tl, tl, MPFR_RNDN);
    mpfr_log1p(th, th, MPFR_RNDD); /* u lower end */
    mpfr_log1p(tl, tl, MPFR_RNDU); /* u upper end */
    mpfr_mul(th, th, nn, MPFR_RNDD);
    mpfr_mul(tl, tl, nn, MPFR_RNDU);
    mpfr_expm1(tl, tl, MPFR_RNDU); /* FP lower end = -expm1(u_hi) */
    mpfr_expm1(th, th, MPFR_RNDD);
    mpfr_neg(tl, tl, MPFR_RNDN);
    mpfr_neg(th, th, MPFR_RNDN);
    mpfr_set(lo, tl, MPFR_RNDD);
    mpfr_set(hi, th, MPFR_RNDU);
    mpfr_clears(tl, th, nn, (mpfr_ptr)0);
    return AMQ_OK;
}

typedef struct { uint64_t blocks, p, n; } bq_ctx;

static amq_status bq_exact_thunk(mpq_t q, const void *ctx)
{
    const bq_ctx *c = ctx;
    return amq_blocked_quotient_fp_exact(q, c->blocks, c->p, c->n);
}

static amq_status bq_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *ctx)
{
    const bq_ctx *c = ctx;
    return amq_blocked_quotient_fp_enclose(lo, hi, prec, c->blocks, c->p, c->n);
}

amq_status amq_blocked_quotient_fp_decimal(char **out, uint64_t blocks, uint64_t p, uint64_t n, int digits,
                                           mpfr_t lo_out, mpfr_t hi_out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_quotient_fp_decimal: NULL argument");
    if (out)
        *out = NULL;
    amq_status st = check_bq(blocks, p, "blocked quotient rate decimal");
    if (st)
        return st;
    bq_ctx c = {blocks, p, n};
    return amq_blocked_decimal_policy(out, n <= 64, bq_exact_thunk, bq_enclose_cb, &c, digits, lo_out, hi_out);
}
