/* Certified enclosure of the blocked mixture from the closed form (binomial probability
 * generating function) FP = sum_j a_j ((b-1+c_j)/b)^n of an inner rate with an
 * exponential-sum form (amq/spec_blocked.h, docs/rates-blocked.md). */
#include "spec_internal/blocked.h"

/* [gl, gh] = ((b-1+c)/b)^n = exp(n log1p(-t)), t = (1-c)/b in [0, 1], at gl's precision:
 * log1p(-t) when t <= 1/2, log(1 - t) of the exact rational 1 - t otherwise, so that the
 * logarithm keeps its relative accuracy. nn = n exactly. */
static void pgf_power(mpfr_t gl, mpfr_t gh, const mpq_t c, uint64_t b, uint64_t n, const mpfr_t nn)
{
    mpq_t t, u;
    mpq_inits(t, u, (mpq_ptr)0);
    mpfr_t x, y;
    mpfr_inits2(mpfr_get_prec(gl), x, y, (mpfr_ptr)0);
    mpq_set_ui(t, 1, 1);
    mpq_sub(t, t, c);
    mpz_set_ui(mpq_numref(u), 0);
    z_set_u64(mpq_numref(u), b);
    mpz_set_ui(mpq_denref(u), 1);
    mpq_div(t, t, u);
    if (n == 0 || mpq_sgn(t) == 0) {
        mpfr_set_ui(gl, 1, MPFR_RNDD);
        mpfr_set_ui(gh, 1, MPFR_RNDU);
    } else if (mpq_cmp_ui(t, 1, 1) == 0) {
        mpfr_set_zero(gl, 1);
        mpfr_set_zero(gh, 1);
    } else {
        if (mpq_cmp_ui(t, 1, 2) <= 0) { /* log1p(-t), decreasing in t */
            mpfr_set_q(x, t, MPFR_RNDU);
            mpfr_neg(x, x, MPFR_RNDN);
            mpfr_log1p(gl, x, MPFR_RNDD);
            mpfr_set_q(y, t, MPFR_RNDD);
            mpfr_neg(y, y, MPFR_RNDN);
            mpfr_log1p(gh, y, MPFR_RNDU);
        } else { /* log(1 - t), 1 - t < 1/2 exact rational */
            mpq_set_ui(u, 1, 1);
            mpq_sub(u, u, t);
            mpfr_set_q(x, u, MPFR_RNDD);
            mpfr_log(gl, x, MPFR_RNDD);
            mpfr_set_q(y, u, MPFR_RNDU);
            mpfr_log(gh, y, MPFR_RNDU);
        }
        mpfr_mul(gl, gl, nn, MPFR_RNDD);
        mpfr_mul(gh, gh, nn, MPFR_RNDU);
        mpfr_exp(gl, gl, MPFR_RNDD);
        mpfr_exp(gh, gh, MPFR_RNDU);
        if (mpfr_cmp_ui(gh, 1) > 0)
            mpfr_set_ui(gh, 1, MPFR_RNDU);
    }
    mpfr_clears(x, y, (mpfr_ptr)0);
    mpq_clears(t, u, (mpq_ptr)0);
}

/* Guard bits for the cancellation of the signed sum: log2 sum_j |a_j| (when positive). */
static long cancellation_bits(const amq_expsum *e)
{
    mpq_t absum, t;
    mpq_inits(absum, t, (mpq_ptr)0);
    for (size_t j = 0; j < e->count; j++) {
        mpq_abs(t, e->a[j]);
        mpq_add(absum, absum, t);
    }
    long ex = (long)mpz_sizeinbase(mpq_numref(absum), 2) - (long)mpz_sizeinbase(mpq_denref(absum), 2);
    mpq_clears(absum, t, (mpq_ptr)0);
    return ex > 0 ? ex : 0;
}

amq_status amq_blocked_fp_enclose_pgf(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_rate *f,
                                      uint64_t b, uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_fp_enclose_pgf: NULL argument");
    amq_status st = blocked_check_inner(f, "blocked rate enclosure (exponential-sum form)");
    if (st || (st = blocked_check_b(b, "blocked rate enclosure (exponential-sum form)")) ||
        (st = blocked_check_prec(prec, "blocked rate enclosure (exponential-sum form)")))
        return st;
    if (!f->expsum)
        return amq_fail(AMQ_E_INVALID_ARG,
                        "blocked rate enclosure (exponential-sum form): inner rate '%s' has no exponential-sum form",
                        f->name ? f->name : "?");
    amq_expsum e = {0, NULL, NULL};
    if ((st = f->expsum(&e, f->params)))
        return st;
    mpfr_prec_t wp = prec + 32 + u64_bitlen(n) + cancellation_bits(&e);
    mpfr_t slo, shi, gl, gh, x, y, nn;
    mpfr_inits2(wp, slo, shi, gl, gh, x, y, (mpfr_ptr)0);
    mpfr_init2(nn, 64);
    fr_set_u64(nn, n, MPFR_RNDN); /* exact */
    mpfr_set_zero(slo, 1);
    mpfr_set_zero(shi, 1);
    for (size_t j = 0; j < e.count; j++) {
        if (mpq_sgn(e.a[j]) == 0)
            continue;
        pgf_power(gl, gh, e.c[j], b, n, nn);
        if (mpq_sgn(e.a[j]) > 0) {
            mpfr_mul_q(x, gl, e.a[j], MPFR_RNDD);
            mpfr_mul_q(y, gh, e.a[j], MPFR_RNDU);
        } else {
            mpfr_mul_q(x, gh, e.a[j], MPFR_RNDD);
            mpfr_mul_q(y, gl, e.a[j], MPFR_RNDU);
        }
        mpfr_add(slo, slo, x, MPFR_RNDD);
        mpfr_add(shi, shi, y, MPFR_RNDU);
    }
    /* a probability: intersect with [0, 1]; an empty intersection means invalid input */
    if (mpfr_sgn(slo) < 0)
        mpfr_set_zero(slo, 1);
    if (mpfr_cmp_ui(shi, 1) > 0)
        mpfr_set_ui(shi, 1, MPFR_RNDU);
    amq_status rst = AMQ_OK;
    if (mpfr_cmp(slo, shi) > 0)
        rst = amq_fail(AMQ_E_INVALID_ARG,
                       "blocked rate enclosure (exponential-sum form): empty enclosure: the exponential-sum form of '%s' is not a "
                       "probability (check a_j, c_j)",
                       f->name ? f->name : "?");
    else {
        mpfr_set(lo, slo, MPFR_RNDD);
        mpfr_set(hi, shi, MPFR_RNDU);
    }
    mpfr_clears(slo, shi, gl, gh, x, y, nn, (mpfr_ptr)0);
    amq_expsum_clear(&e);
    return rst;
}
