/* APPROXIMATIONS of the Bloom filter rate (plain double, labelled as such), their
 * certified relative error, and the lecture bounds 1/k and 2^-k as exact rationals
 * (amq/spec_bloom.h). */
#include "spec_internal/bloom.h"

/* (1 - e^x)^k with x <= 0 the log-probability that a bit is unset, in double. */
static double approx_from_log_unset(double x, uint64_t k)
{
    double e = exp(x);       /* P(bit unset) */
    double p = -expm1(x);    /* P(bit set), accurate when x is small */
    double lp = e <= 0.5 ? log1p(-e) : log(p);
    return exp((double)k * lp);
}

double amq_bloom_fp_approx_classic(uint64_t m, uint64_t k, uint64_t n)
{
    if (m == 0)
        return NAN;
    if (k == 0)
        return 1.0;
    if (n == 0)
        return 0.0;
    if (m == 1)
        return 1.0;
    /* APPROXIMATION: (1 - (1-1/m)^{kn})^k, treating the k query bits as independent. */
    return approx_from_log_unset((double)k * (double)n * log1p(-1.0 / (double)m), k);
}

double amq_bloom_fp_approx_exp(uint64_t m, uint64_t k, uint64_t n)
{
    if (m == 0)
        return NAN;
    if (k == 0)
        return 1.0;
    if (n == 0)
        return 0.0;
    /* APPROXIMATION: (1 - e^{-kn/m})^k. (For m = 1 this is (1 - e^{-kn})^k, not 1.) */
    return approx_from_log_unset(-((double)k * (double)n) / (double)m, k);
}

amq_status amq_bloom_approx_relerr(mpfr_t rlo, mpfr_t rhi, double approx, uint64_t m, uint64_t k,
                                   uint64_t n)
{
    if (!rlo || !rhi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_approx_relerr: NULL argument");
    amq_status st = bloom_check_m(m, "approximation error");
    if (st)
        return st;
    if (isnan(approx) || isinf(approx))
        return amq_fail(AMQ_E_INVALID_ARG, "approximation error: the approximation is not finite");
    mpfr_t a, lo, hi;
    mpfr_init2(a, 64);
    mpfr_set_d(a, approx, MPFR_RNDN); /* exact */
    int v;
    if (bloom_edge(m, k, n, &v)) {
        if (v == 0) { /* relative error against 0: 0 if the approximation is 0, else infinite */
            if (approx == 0.0) {
                mpfr_set_zero(rlo, 1);
                mpfr_set_zero(rhi, 1);
            } else {
                mpfr_set_inf(rlo, 1);
                mpfr_set_inf(rhi, 1);
            }
        } else { /* |approx - 1| / 1, rounded outward */
            if (approx <= 1.0) {
                mpfr_ui_sub(rlo, 1, a, MPFR_RNDD);
                mpfr_ui_sub(rhi, 1, a, MPFR_RNDU);
            } else {
                mpfr_sub_ui(rlo, a, 1, MPFR_RNDD);
                mpfr_sub_ui(rhi, a, 1, MPFR_RNDU);
            }
        }
        mpfr_clear(a);
        return AMQ_OK;
    }
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    st = amq_bloom_fp_enclose_rel(lo, hi, 64, m, k, n);
    if (!st)
        st = amq_relerr_enclose(rlo, rhi, a, lo, hi);
    mpfr_clears(a, lo, hi, (mpfr_ptr)0);
    return st;
}

amq_status amq_bloom_bound_naive(mpq_t rop, uint64_t k)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_bound_naive: NULL argument");
    if (k == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "naive-filter bound: k = 0 (the naive filter has k*n bits, k >= 1)");
    mpq_set_ui(rop, 1, 1);
    z_set_u64(mpq_denref(rop), k); /* 1/k, reduced */
    return AMQ_OK;
}

amq_status amq_bloom_bound_half(mpq_t rop, uint64_t m, uint64_t k, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_bound_half: NULL argument");
    amq_status st = bloom_check_m(m, "2^-k bound");
    if (st)
        return st;
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    z_set_u64(a, k);
    z_set_u64(b, n);
    mpz_mul(a, a, b);
    mpz_mul_2exp(a, a, 1); /* 2kn, exact */
    z_set_u64(b, m);
    int ok = mpz_cmp(b, a) >= 0;
    mpz_clears(a, b, NULL);
    if (!ok)
        return amq_fail(AMQ_E_INVALID_ARG,
                        "2^-k bound: hypothesis m >= 2kn fails (m = %llu, k = %llu, n = %llu)",
                        ULL(m), ULL(k), ULL(n));
    if (k > AMQ_BLOOM_BOUND_MAX_K)
        return amq_fail(AMQ_E_TOO_LARGE, "2^-k bound: 2^-k with k = %llu exceeds the limit k <= %lu",
                        ULL(k), (unsigned long)AMQ_BLOOM_BOUND_MAX_K);
    mpq_set_ui(rop, 1, 1);
    mpz_mul_2exp(mpq_denref(rop), mpq_denref(rop), (mp_bitcnt_t)k);
    return AMQ_OK;
}
