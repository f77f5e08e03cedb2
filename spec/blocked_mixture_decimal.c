/* Correctly rounded decimals of the blocked rates: the exact rational when it is cheap,
 * the certified decimal of an enclosure otherwise, the exact rational again when the
 * enclosure cannot decide a decimal tie (amq/spec_blocked.h). */
#include "spec_internal/blocked.h"
#include <string.h>

/* Decimal of an exact rational, with its enclosure [q, q] rounded outward into lo/hi. */
static amq_status decimal_of_q(char **out, const mpq_t q, int digits, mpfr_ptr lo, mpfr_ptr hi)
{
    amq_status st = amq_mpq_decimal(out, q, digits);
    if (!st) {
        if (lo)
            mpfr_set_q(lo, q, MPFR_RNDD);
        if (hi)
            mpfr_set_q(hi, q, MPFR_RNDU);
    }
    return st;
}

amq_status amq_blocked_decimal_one(char **out, int digits, mpfr_ptr lo, mpfr_ptr hi)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "decimal: NULL output pointer");
    mpq_t q;
    mpq_init(q);
    mpq_set_ui(q, 1, 1);
    amq_status st = decimal_of_q(out, q, digits, lo, hi);
    mpq_clear(q);
    return st;
}

/* Shared policy: the exact rational first when `exact_first`; otherwise the certified
 * decimal over `enc`, and the exact rational when the enclosure cannot decide (a tie). */
amq_status amq_blocked_decimal_policy(char **out, int exact_first, amq_blocked_exact_fn ex, amq_enclose_fn enc,
                                      const void *ctx, int digits, mpfr_t lo_out, mpfr_t hi_out)
{
    mpfr_ptr lop = lo_out, hip = hi_out;
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "decimal: NULL output pointer");
    *out = NULL;
    if (digits < 1 || digits > AMQ_DECIMAL_MAX_DIGITS)
        return amq_fail(AMQ_E_INVALID_ARG, "decimal: digits = %d outside [1, %d]", digits, AMQ_DECIMAL_MAX_DIGITS);
    mpq_t q;
    mpq_init(q);
    amq_status st;
    if (exact_first) {
        st = ex(q, ctx);
        if (!st) {
            st = decimal_of_q(out, q, digits, lop, hip);
            mpq_clear(q);
            return st;
        }
        if (st != AMQ_E_TOO_LARGE) {
            mpq_clear(q);
            return st;
        }
    }
    st = amq_certified_decimal(out, enc, ctx, digits, lo_out, hi_out);
    if (st == AMQ_E_TOO_LARGE && !exact_first) {
        char msg[512];
        strncpy(msg, amq_last_error(), sizeof msg - 1);
        msg[sizeof msg - 1] = 0;
        if (ex(q, ctx) == AMQ_OK)
            st = decimal_of_q(out, q, digits, lop, hip);
        else
            st = amq_fail(AMQ_E_TOO_LARGE, "%s", msg);
    }
    mpq_clear(q);
    return st;
}

static amq_status blocked_exact_thunk(mpq_t q, const void *ctx)
{
    const amq_blocked_params *p = ctx;
    return amq_blocked_fp_exact(q, p->inner, p->b, p->n);
}

amq_status amq_blocked_fp_decimal(char **out, const amq_inner_rate *f, uint64_t b, uint64_t n, int digits,
                                  mpfr_t lo_out, mpfr_t hi_out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_fp_decimal: NULL argument");
    if (out)
        *out = NULL;
    amq_status st = blocked_check_inner(f, "blocked rate decimal");
    if (st || (st = blocked_check_b(b, "blocked rate decimal")))
        return st;
    amq_blocked_params p = {f, b, n};
    return amq_blocked_decimal_policy(out, n <= 64, blocked_exact_thunk, amq_blocked_fp_enclose_cb, &p, digits,
                                      lo_out, hi_out);
}
