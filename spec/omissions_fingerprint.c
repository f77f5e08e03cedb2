/* Fingerprint collisions (D&M section 4): the fingerprint space of index tuples and the
 * rate f^FP_{s,i} = 1 - (1 - 1/s)^i, exact and certified (amq/spec_omissions.h). */
#include <lib_internal/fail.h>
#include "spec_internal/spec_interval.h"
#include <amq/spec_omissions.h>

amq_status amq_fingerprint_space(mpz_t s, uint64_t m, unsigned indices, unsigned minus_bits)
{
    if (!s)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_fingerprint_space: NULL argument");
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "fingerprint space: m = 0");
    if (indices > 64)
        return amq_fail(AMQ_E_TOO_LARGE, "fingerprint space: %u indices (at most 64)", indices);
    mpz_t t;
    mpz_init(t);
    z_set_u64(t, m);
    mpz_pow_ui(t, t, indices);
    amq_status st = AMQ_OK;
    if (!mpz_divisible_2exp_p(t, minus_bits) || mpz_sizeinbase(t, 2) <= minus_bits)
        st = amq_fail(AMQ_E_INVALID_ARG,
                      "fingerprint space: m^%u = %llu^%u is not a multiple of 2^%u larger than it",
                      indices, ULL(m), indices, minus_bits);
    else {
        mpz_tdiv_q_2exp(t, t, minus_bits);
        mpz_set(s, t);
    }
    mpz_clear(t);
    return st;
}

amq_status amq_fingerprint_fp_exact(mpq_t rop, mpz_srcptr s, uint64_t i)
{
    if (!rop || !s)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_fingerprint_fp_exact: NULL argument");
    if (mpz_sgn(s) <= 0)
        return amq_fail(AMQ_E_INVALID_ARG, "exact fingerprint rate: s must be >= 1");
    if (i == 0 || mpz_cmp_ui(s, 1) == 0) {
        mpq_set_ui(rop, i == 0 ? 0 : 1, 1);
        return AMQ_OK;
    }
    double bits = (double)i * (double)mpz_sizeinbase(s, 2);
    if (bits > AMQ_OMISSIONS_EXACT_MAX_BITS)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "exact fingerprint rate: the denominator s^i would have about %.3g bits (limit "
                        "2^26); use amq_fingerprint_fp_enclose",
                        bits);
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    mpz_pow_ui(a, s, (unsigned long)i);
    mpz_sub_ui(b, s, 1);
    mpz_pow_ui(b, b, (unsigned long)i);
    /* (s^i - (s-1)^i)/s^i is reduced: for a prime q | s the numerator is -(-1)^i mod q */
    mpz_sub(mpq_numref(rop), a, b);
    mpz_set(mpq_denref(rop), a);
    mpz_clears(a, b, NULL);
    return AMQ_OK;
}

amq_status amq_fingerprint_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, mpz_srcptr s, uint64_t i)
{
    if (!lo || !hi || !s)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_fingerprint_fp_enclose: NULL argument");
    if (mpz_sgn(s) <= 0)
        return amq_fail(AMQ_E_INVALID_ARG, "fingerprint rate enclosure: s must be >= 1");
    if (prec < MPFR_PREC_MIN || prec > (mpfr_prec_t)1 << 20)
        return amq_fail(AMQ_E_INVALID_ARG, "fingerprint rate enclosure: precision %ld out of range", (long)prec);
    if (i == 0 || mpz_cmp_ui(s, 1) == 0) {
        mpfr_set_ui(lo, i == 0 ? 0 : 1, MPFR_RNDD);
        mpfr_set_ui(hi, i == 0 ? 0 : 1, MPFR_RNDU);
        return AMQ_OK;
    }
    /* f = -expm1(i log(1 - 1/s)): decreasing in the log, which we enclose. */
    ivl l;
    ivl_init(&l, prec + 16);
    ivl_log1m_inv_z(&l, s);
    ivl_mul_u64(&l, &l, i);
    mpfr_expm1(l.hi, l.hi, MPFR_RNDU); /* the larger log gives the smaller f */
    mpfr_expm1(l.lo, l.lo, MPFR_RNDD);
    mpfr_neg(l.hi, l.hi, MPFR_RNDN);
    mpfr_neg(l.lo, l.lo, MPFR_RNDN);
    ivl f;
    ivl_init(&f, prec + 16);
    mpfr_set(f.lo, l.hi, MPFR_RNDD);
    mpfr_set(f.hi, l.lo, MPFR_RNDU);
    ivl_clamp01(&f);
    fr_put_outward(lo, hi, f.lo, f.hi);
    ivl_clear(&l);
    ivl_clear(&f);
    return AMQ_OK;
}
