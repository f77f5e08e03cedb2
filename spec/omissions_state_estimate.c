/* The state-count estimate of D&M section 3.3 from the fill of a bitstate Bloom filter
 * (amq/spec_omissions.h). */
#include <lib_internal/fail.h>
#include "spec_internal/spec_interval.h"
#include <amq/spec_omissions.h>

amq_status amq_state_estimate_enclose(mpfr_t i_lo, mpfr_t i_hi, mpfr_t n_lo, mpfr_t n_hi, mpfr_prec_t prec,
                                      uint64_t m, uint64_t k, uint64_t set_bits, uint64_t unique)
{
    if (!i_lo || !i_hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_state_estimate_enclose: NULL argument");
    const char *who = "state estimate";
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: m = 0", who);
    if (k == 0)
        return amq_fail(AMQ_E_INVALID_K, "%s: k = 0 (log base (m-1)/m divided by k)", who);
    if (set_bits > m)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: %llu set bits exceed m = %llu", who, ULL(set_bits), ULL(m));
    /* A state the search found new had a 0 among its k bits and set it: N new states set at
     * least N bits.  More is a count that does not belong to this filter. */
    if (unique > set_bits && (n_lo || n_hi))
        return amq_fail(AMQ_E_INVALID_ARG,
                        "%s: %llu unique states but only %llu set bits: each state found new set at least "
                        "one bit, so unique <= set bits",
                        who, ULL(unique), ULL(set_bits));
    if (set_bits == m)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "%s: every bit is set (p = 0): log_{(m-1)/m}(0) is infinite, the estimate is "
                        "unbounded",
                        who);
    if (prec < MPFR_PREC_MIN || prec > (mpfr_prec_t)1 << 16)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: precision %ld out of range", who, (long)prec);
    mpfr_prec_t wp = prec + 32;
    ivl I;
    ivl_init(&I, wp);
    if (set_bits == 0) {
        ivl_set_ui(&I, 0);
    } else { /* here m >= 2 */
        ivl num, den;
        ivl_init(&num, wp);
        ivl_init(&den, wp);
        ivl_log1m_frac(&num, set_bits, m, 8); /* ln p = ln((m-X)/m) < 0 */
        ivl_log1m_frac(&den, 1, m, 8);        /* ln((m-1)/m) < 0 */
        ivl_mul_u64(&den, &den, k);
        /* i = num/den = |num|/|den| */
        mpfr_div(I.lo, num.hi, den.lo, MPFR_RNDD); /* smallest |num| / largest |den| */
        mpfr_div(I.hi, num.lo, den.hi, MPFR_RNDU);
        ivl_clear(&num);
        ivl_clear(&den);
    }
    fr_put_outward(i_lo, i_hi, I.lo, I.hi);
    if (n_lo || n_hi) { /* n = i + 2(i - N) = 3i - 2N, and n >= N: the search found N states */
        mpfr_t N2, a;
        fr_init_u64(N2, unique);
        mpfr_mul_2ui(N2, N2, 1, MPFR_RNDN); /* exact */
        mpfr_init2(a, wp + 70);
        mpfr_t N1;
        fr_init_u64(N1, unique);
        if (n_lo) {
            mpfr_mul_ui(a, I.lo, 3, MPFR_RNDD);
            mpfr_sub(n_lo, a, N2, MPFR_RNDD);
            if (mpfr_cmp(n_lo, N1) < 0) /* max(N, .) is monotone: the enclosure stays one */
                mpfr_set(n_lo, N1, MPFR_RNDD);
        }
        if (n_hi) {
            mpfr_mul_ui(a, I.hi, 3, MPFR_RNDU);
            mpfr_sub(n_hi, a, N2, MPFR_RNDU);
            if (mpfr_cmp(n_hi, N1) < 0)
                mpfr_set(n_hi, N1, MPFR_RNDU);
        }
        mpfr_clears(N1, N2, a, (mpfr_ptr)0);
    }
    ivl_clear(&I);
    return AMQ_OK;
}
