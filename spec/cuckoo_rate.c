/* Cuckoo filter rates on the kernel's alternate-bucket map (amq/spec_cuckoo.h; derivation:
 * docs/rates-cuckoo.md).  With M = 2^f - 1 and N = nb M, the rate after n stored keys is
 *
 *   C(n) = 1 - [T (1 - 1/N)^n + (N - T) (1 - 2/N)^n] / N
 *        = (T/N) (1 - (1 - 1/N)^n) + ((N - T)/N) (1 - (1 - 2/N)^n),
 *
 * the second form a sum of positive terms: the enclosure has no cancellation. */
#include "spec_internal/cost.h"
#include "spec_internal/spec_interval.h"
#include <lib_internal/fail.h>
#include <amq/spec_cuckoo.h>
#include <math.h>
#include <stdio.h>

/* alt(j, y) = (c - j) mod nb: j is fixed iff 2j = c (mod nb).  nb odd: one j for every y.  nb
 * even: c is odd for every y (acsl/amq/cuckoo_logic.h, amq_cuckoo_c), so no j is: every
 * fingerprint has two buckets. */
uint64_t amq_cuckoo_fixed_pairs(uint64_t nb, uint64_t f)
{
    const uint64_t m = (UINT64_C(1) << f) - 1;
    return nb % 2 == 1 ? m : 0;
}

/* N = nb (2^f - 1) and T, as integers. */
static void sizes(mpz_t N, mpz_t T, uint64_t nb, uint64_t f)
{
    z_set_u64(N, nb);
    mpz_mul_ui(N, N, (unsigned long)((UINT64_C(1) << f) - 1));
    z_set_u64(T, amq_cuckoo_fixed_pairs(nb, f));
}

amq_status amq_cuckoo_fp_exact(mpq_t rop, uint64_t nb, uint64_t b, uint64_t f, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_cuckoo_fp_exact: NULL argument");
    amq_status st = amq_cuckoo_check_geometry(nb, b, f);
    if (st)
        return st;
    if (n == 0) {
        mpq_set_ui(rop, 0, 1);
        return AMQ_OK;
    }
    /* Cost model: the denominator N^(n+1); three powers of that size (4 nbits) and the gcd of
     * mpq_canonicalize, which dominates: GMP strips the common factors of 2 first, so its cost
     * follows the odd part of N^(n+1) (obits), weighted 80 (about 20 times the powers' CPU):
     * 1.9-2.0 s at 1.28e7 odd bits, for an odd N and for nb = 2^18 at 3e7 bits (issue 26). */
    const double nbits = ((double)n + 1.0) * (log2((double)nb) + (double)f);
    const double obits = ((double)n + 1.0) * (amq_cost_odd_log2(nb) + (double)f);
    char what[200];
    snprintf(what, sizeof what, "the denominator N^(n+1) (N = nb (2^f - 1), nb = %llu, f = %llu, n = %llu)", ULL(nb),
             ULL(f), ULL(n));
    if ((st = amq_cost_exact("cuckoo exact rate", what, nbits, 4.0 * nbits + 80.0 * obits)))
        return st;
    mpz_t N, T, a, c;
    mpz_inits(N, T, a, c, (mpz_ptr)0);
    sizes(N, T, nb, f);
    mpz_sub_ui(a, N, 1);
    mpz_pow_ui(a, a, (unsigned long)n);
    mpz_mul(a, a, T); /* T (N-1)^n */
    mpz_sub_ui(c, N, 2);
    mpz_pow_ui(c, c, (unsigned long)n);
    mpz_sub(T, N, T);
    mpz_addmul(a, c, T); /* + (N-T) (N-2)^n */
    mpz_pow_ui(mpq_denref(rop), N, (unsigned long)n + 1);
    mpz_sub(mpq_numref(rop), mpq_denref(rop), a);
    mpq_canonicalize(rop);
    mpz_clears(N, T, a, c, (mpz_ptr)0);
    return AMQ_OK;
}

/* q = 1 - (1 - d/N)^n enclosed: u = n log1p(-d/N) < 0 and q = -expm1(u) decreases in u. */
static void one_minus_power(ivl *q, const mpz_t N, unsigned long d, uint64_t n)
{
    const mpfr_prec_t p = mpfr_get_prec(q->lo);
    mpfr_t nd, nu, xl, xh, nn;
    mpfr_inits2(p + 8, nd, nu, xl, xh, (mpfr_ptr)0);
    fr_init_u64(nn, n);
    mpfr_set_z(nd, N, MPFR_RNDD);
    mpfr_set_z(nu, N, MPFR_RNDU);
    mpfr_ui_div(xl, d, nu, MPFR_RNDD); /* xl <= d/N <= xh */
    mpfr_ui_div(xh, d, nd, MPFR_RNDU);
    mpfr_neg(xl, xl, MPFR_RNDN);
    mpfr_neg(xh, xh, MPFR_RNDN);
    mpfr_log1p(xh, xh, MPFR_RNDD); /* u_lo: log1p(-x) decreases in x */
    mpfr_log1p(xl, xl, MPFR_RNDU); /* u_hi */
    mpfr_mul(xh, xh, nn, MPFR_RNDD);
    mpfr_mul(xl, xl, nn, MPFR_RNDU);
    mpfr_expm1(xl, xl, MPFR_RNDU);
    mpfr_neg(q->lo, xl, MPFR_RNDD);
    mpfr_expm1(xh, xh, MPFR_RNDD);
    mpfr_neg(q->hi, xh, MPFR_RNDU);
    mpfr_clears(nd, nu, xl, xh, nn, (mpfr_ptr)0);
}

amq_status amq_cuckoo_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t nb, uint64_t b, uint64_t f,
                                 uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_cuckoo_fp_enclose: NULL argument");
    amq_status st = amq_cuckoo_check_geometry(nb, b, f);
    if (st)
        return st;
    if (prec < MPFR_PREC_MIN || prec > MPFR_PREC_MAX - 128)
        return amq_fail(AMQ_E_INVALID_ARG, "cuckoo rate enclosure: precision %ld out of range", (long)prec);
    if (n == 0) {
        mpfr_set_zero(lo, 1);
        mpfr_set_zero(hi, 1);
        return AMQ_OK;
    }
    const mpfr_prec_t p = prec + 64;
    mpz_t N, T;
    mpz_inits(N, T, (mpz_ptr)0);
    sizes(N, T, nb, f);
    ivl q1, q2, acc;
    ivl_init(&q1, p);
    ivl_init(&q2, p);
    ivl_init(&acc, p);
    mpfr_t t;
    mpfr_init2(t, p);
    one_minus_power(&q1, N, 1, n);
    one_minus_power(&q2, N, 2, n);
    ivl_set_ui(&acc, 0);
    ivl_addmul_z(&acc, 1, T, &q1, t);
    mpz_sub(T, N, T);
    ivl_addmul_z(&acc, 1, T, &q2, t);
    mpfr_div_z(acc.lo, acc.lo, N, MPFR_RNDD);
    mpfr_div_z(acc.hi, acc.hi, N, MPFR_RNDU);
    ivl_clamp01(&acc);
    fr_put_outward(lo, hi, acc.lo, acc.hi);
    ivl_clear(&q1);
    ivl_clear(&q2);
    ivl_clear(&acc);
    mpfr_clear(t);
    mpz_clears(N, T, (mpz_ptr)0);
    return AMQ_OK;
}

typedef struct cuckoo_rate_args { uint64_t nb, b, f, n; } cuckoo_rate_args;

static amq_status enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params)
{
    const cuckoo_rate_args *a = params;
    return amq_cuckoo_fp_enclose(lo, hi, prec, a->nb, a->b, a->f, a->n);
}

amq_status amq_cuckoo_fp_decimal(char **out, uint64_t nb, uint64_t b, uint64_t f, uint64_t n, int digits,
                                 mpfr_t lo_out, mpfr_t hi_out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_cuckoo_fp_decimal: NULL argument");
    amq_status st = amq_cuckoo_check_geometry(nb, b, f);
    if (st)
        return st;
    const cuckoo_rate_args a = {nb, b, f, n};
    return amq_certified_decimal(out, enclose_cb, &a, digits, lo_out, hi_out);
}

/* 1 - (1 - x/D)^(2b) = (D^(2b) - (D - x)^(2b)) / D^(2b), reduced (at most 2b (64 + 35) bits). */
static void one_minus_ratio_power(mpq_t rop, const mpz_t D, uint64_t x, uint64_t b)
{
    mpz_t c;
    mpz_init(c);
    z_set_u64(c, x);
    mpz_sub(c, D, c);
    mpz_pow_ui(c, c, (unsigned long)(2 * b));
    mpz_pow_ui(mpq_denref(rop), D, (unsigned long)(2 * b));
    mpz_sub(mpq_numref(rop), mpq_denref(rop), c);
    mpq_canonicalize(rop);
    mpz_clear(c);
}

/* 1 - (1 - x / (scale (2^f - 1)))^(2b) for n <= nb b: Fan's bound is x = scale = 1, the load
 * model x = n, scale = nb b. */
static amq_status below_capacity(mpq_t rop, const char *who, uint64_t nb, uint64_t b, uint64_t f, uint64_t n,
                                 uint64_t x, uint64_t scale)
{
    amq_status st = amq_cuckoo_check_geometry(nb, b, f);
    if (st)
        return st;
    if (n > nb * b)
        return amq_fail(AMQ_E_INVALID_ARG,
                        "%s: n = %llu keys exceed the nb b = %llu slots (nb = %llu, b = %llu); a table holds at most "
                        "nb b keys, and the formula holds only up to there",
                        who, ULL(n), ULL(nb * b), ULL(nb), ULL(b));
    mpz_t D;
    mpz_init(D);
    z_set_u64(D, scale);
    mpz_mul_ui(D, D, (unsigned long)((UINT64_C(1) << f) - 1));
    one_minus_ratio_power(rop, D, x, b);
    mpz_clear(D);
    return AMQ_OK;
}

amq_status amq_cuckoo_fp_bound_fan(mpq_t rop, uint64_t nb, uint64_t b, uint64_t f, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_cuckoo_fp_bound_fan: NULL argument");
    return below_capacity(rop, "cuckoo Fan bound", nb, b, f, n, 1, 1);
}

amq_status amq_cuckoo_fp_load_model(mpq_t rop, uint64_t nb, uint64_t b, uint64_t f, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_cuckoo_fp_load_model: NULL argument");
    return below_capacity(rop, "cuckoo load model", nb, b, f, n, n, nb * b);
}

double amq_cuckoo_fp_approx_load(uint64_t nb, uint64_t b, uint64_t f, uint64_t n)
{
    const double D = (double)nb * (double)b * ldexp(1.0, (int)(f > 64 ? 64 : f)) - (double)nb * (double)b;
    const double x = (double)n / D;
    return x >= 1.0 ? 1.0 : -expm1(2.0 * (double)b * log1p(-x));
}

double amq_cuckoo_fp_approx_exp(uint64_t nb, uint64_t b, uint64_t f, uint64_t n)
{
    (void)b;
    const double N = (double)nb * (ldexp(1.0, (int)(f > 64 ? 64 : f)) - 1.0);
    return -expm1(-2.0 * (double)n / N);
}
