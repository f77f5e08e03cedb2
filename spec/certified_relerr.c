/* Certified relative error of an approximation against a value known through an
 * enclosure (amq/certified.h). */
#include <lib_internal/fail.h>
#include <amq/certified.h>

amq_status amq_relerr_enclose(mpfr_t rlo, mpfr_t rhi, const mpfr_t approx, const mpfr_t lo,
                              const mpfr_t hi)
{
    if (!rlo || !rhi || !approx || !lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "relative error: NULL argument");
    if (!mpfr_number_p(approx) || !mpfr_number_p(lo) || !mpfr_number_p(hi) || mpfr_sgn(lo) <= 0 ||
        mpfr_greater_p(lo, hi))
        return amq_fail(AMQ_E_INVALID_ARG, "relative error: needs finite approx and 0 < lo <= hi");
    /* |a - v|/v = |a/v - 1|; for a >= 0, a/v decreases in v, so a/v in [a/hi, a/lo];
     * for a < 0 it increases, so a/v in [a/lo, a/hi]. */
    mpfr_prec_t p = mpfr_get_prec(rlo) > mpfr_get_prec(rhi) ? mpfr_get_prec(rlo) : mpfr_get_prec(rhi);
    p += 16;
    mpfr_t xl, xh, t1, t2;
    mpfr_inits2(p, xl, xh, t1, t2, (mpfr_ptr)0);
    if (mpfr_sgn(approx) >= 0) {
        mpfr_div(xl, approx, hi, MPFR_RNDD);
        mpfr_div(xh, approx, lo, MPFR_RNDU);
    } else {
        mpfr_div(xl, approx, lo, MPFR_RNDD);
        mpfr_div(xh, approx, hi, MPFR_RNDU);
    }
    /* max |x - 1| over [xl, xh] */
    mpfr_ui_sub(t1, 1, xl, MPFR_RNDU);
    mpfr_sub_ui(t2, xh, 1, MPFR_RNDU);
    mpfr_max(t1, t1, t2, MPFR_RNDU);
    mpfr_set(rhi, t1, MPFR_RNDU);
    /* min |x - 1| */
    if (mpfr_cmp_ui(xl, 1) <= 0 && mpfr_cmp_ui(xh, 1) >= 0)
        mpfr_set_zero(rlo, 1);
    else if (mpfr_cmp_ui(xh, 1) < 0)
        mpfr_ui_sub(rlo, 1, xh, MPFR_RNDD);
    else
        mpfr_sub_ui(rlo, xl, 1, MPFR_RNDD);
    mpfr_clears(xl, xh, t1, t2, (mpfr_ptr)0);
    return AMQ_OK;
}
