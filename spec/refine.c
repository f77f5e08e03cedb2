/* An enclosure refined to a relative width (spec_internal/refine.h). */
#include "spec_internal/refine.h"
#include <amq/certified.h>

amq_status amq_refine_relative(mpfr_t lo, mpfr_t hi, int bits, mpfr_prec_t first, amq_refine_pass pass, void *ctx)
{
    amq_status st = AMQ_E_TOO_LARGE;
    mpfr_t a, b, wd;
    mpfr_inits2(64, a, b, wd, (mpfr_ptr)0);
    for (mpfr_prec_t prec = first; prec <= AMQ_CERTIFIED_MAX_PREC; prec *= 2) {
        mpfr_set_prec(a, prec);
        mpfr_set_prec(b, prec);
        mpfr_set_prec(wd, prec);
        if (pass(a, b, prec, ctx) != AMQ_OK) {
            st = AMQ_E_NOMEM;
            break;
        }
        /* the width rounded up against 2^-bits a: a width it accepts is never wider */
        mpfr_sub(wd, b, a, MPFR_RNDU);
        mpfr_mul_2si(wd, wd, bits, MPFR_RNDU);
        if (mpfr_sgn(a) > 0 && mpfr_cmp(wd, a) <= 0) {
            st = AMQ_OK;
            break;
        }
    }
    if (st == AMQ_OK) {
        mpfr_set(lo, a, MPFR_RNDD);
        mpfr_set(hi, b, MPFR_RNDU);
    }
    mpfr_clears(a, b, wd, (mpfr_ptr)0);
    return st;
}
