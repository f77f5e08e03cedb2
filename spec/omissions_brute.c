/* Brute-force omission measures, for cross-checks: E and P0 from one rate per i, as exact
 * rationals or with certified rounding (amq/spec_omissions.h). They share no code with the
 * closed forms of omissions_expected.c and omissions_p0*.c beyond the rates themselves. */
#include <lib_internal/fail.h>
#include "spec_internal/omissions.h"
#include "spec_internal/bloom.h"
#include "spec_internal/cost.h"
#include <math.h>
#include <stdio.h>

/* The work of amq_omissions_exact before it starts (issue 26, class 4): under n <= 2000 alone
 * m = 1000001, k = 14, n = 500 took 57 s of CPU and m = 100, k = 3, n = 1000 12.7 s.  The
 * rates are cheap; the time is the running sum and product, whose denominators grow by each
 * rate's, d_i bits (k (i+1) log2 m for the exact Bloom rate, k^2 i log2 m for the paper's,
 * plus i log2 s), to sum_i d_i: each step multiplies (2 units per bit) and reduces (gcds:
 * 2 units per bit of the odd parts, GMP strips the factors of 2 first; m = 2^20 took a third
 * of the time of m = 10^6 + 1).  4-7 ns of CPU per bit and step measured at load 17.  Plus
 * each rate's own model.  Checked against the shared exact model. */
static amq_status brute_cost(const amq_omissions_params *p)
{
    const double L = log2((double)p->m), Lo = amq_cost_odd_log2(p->m);
    const double Ls = p->s ? (double)mpz_sizeinbase(p->s, 2) : 0.0;
    const double Lso = p->s ? Ls - (double)mpz_scan1(p->s, 0) : 0.0;
    const double kd = (double)p->k, kk = p->model == AMQ_OMISSIONS_EXACT ? kd : kd * kd;
    double den = 0.0, den_odd = 0.0, work = 0.0;
    for (uint64_t i = 1; i < p->n; i++) { /* f_0 = 0 costs nothing */
        const double id = (double)i, e = p->model == AMQ_OMISSIONS_EXACT ? id + 1.0 : id;
        double rate = 4.0 * kk * e * L;
        if (p->model == AMQ_OMISSIONS_EXACT) {
            double db;
            bloom_exact_size(p->m, p->k, i, &db, &rate);
        }
        den += kk * e * L + id * Ls;
        den_odd += kk * e * Lo + id * Lso;
        work += rate + 2.0 * den + 2.0 * den_odd;
        if (work > AMQ_COST_EXACT_MAX_WORK || den > AMQ_COST_EXACT_MAX_BITS)
            break; /* refused already: no need to finish the sum */
    }
    char what[200];
    snprintf(what, sizeof what, "the product P0 of n = %llu exact rates (m = %llu, k = %llu)", ULL(p->n),
             ULL(p->m), ULL(p->k));
    return amq_cost_exact("exact omission count", what, den, work);
}

amq_status amq_omissions_exact(mpq_t E, mpq_t P0, const amq_omissions_params *p)
{
    if (!E || !P0)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_exact: NULL argument");
    amq_status st = amq_omissions_check_params(p, "exact omission count");
    if (st)
        return st;
    if (p->n > AMQ_OMISSIONS_EXACT_MAX_N)
        return amq_fail(AMQ_E_TOO_LARGE, "exact omission count: n = %llu exceeds the brute-force limit %d",
                        ULL(p->n), AMQ_OMISSIONS_EXACT_MAX_N);
    if ((st = brute_cost(p)))
        return st;
    mpq_t e, q, f, t;
    mpq_inits(e, q, f, t, NULL);
    mpq_set_ui(e, 0, 1);
    mpq_set_ui(q, 1, 1);
    for (uint64_t i = 0; i < p->n && !st; i++) {
        st = amq_omissions_rate_exact(f, p, i);
        if (!st) {
            mpq_add(e, e, f);
            mpq_set_ui(t, 1, 1);
            mpq_sub(t, t, f);
            mpq_mul(q, q, t);
        }
    }
    if (!st) {
        mpq_set(E, e);
        mpq_set(P0, q);
    }
    mpq_clears(e, q, f, t, NULL);
    return st;
}

amq_status amq_omissions_brute_enclose(mpfr_t e_lo, mpfr_t e_hi, mpfr_t p0_lo, mpfr_t p0_hi,
                                       mpfr_prec_t prec, const amq_omissions_params *p)
{
    if (!e_lo || !e_hi || !p0_lo || !p0_hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_brute_enclose: NULL argument");
    amq_status st = amq_omissions_check_params(p, "omission enumeration");
    if (st)
        return st;
    if (p->n > AMQ_OMISSIONS_BRUTE_MAX_N)
        return amq_fail(AMQ_E_TOO_LARGE, "omission enumeration: n = %llu exceeds the brute-force limit %d",
                        ULL(p->n), AMQ_OMISSIONS_BRUTE_MAX_N);
    if (prec < MPFR_PREC_MIN || prec > (mpfr_prec_t)1 << 16)
        return amq_fail(AMQ_E_INVALID_ARG, "omission enumeration: precision %ld out of range", (long)prec);
    mpfr_prec_t wp = prec + 64;
    ivl e, q, f;
    ivl_init(&e, wp);
    ivl_init(&q, wp);
    ivl_init(&f, wp);
    ivl_set_ui(&e, 0);
    ivl_set_ui(&q, 1);
    for (uint64_t i = 0; i < p->n && !st; i++) {
        st = amq_omissions_rate_enclose(f.lo, f.hi, wp, p, i);
        if (st)
            break;
        mpfr_add(e.lo, e.lo, f.lo, MPFR_RNDD);
        mpfr_add(e.hi, e.hi, f.hi, MPFR_RNDU);
        mpfr_ui_sub(f.hi, 1, f.hi, MPFR_RNDD); /* 1 - f, both ends >= 0 */
        mpfr_ui_sub(f.lo, 1, f.lo, MPFR_RNDU);
        mpfr_mul(q.lo, q.lo, f.hi, MPFR_RNDD);
        mpfr_mul(q.hi, q.hi, f.lo, MPFR_RNDU);
    }
    if (!st) {
        fr_put_outward(e_lo, e_hi, e.lo, e.hi);
        fr_put_outward(p0_lo, p0_hi, q.lo, q.hi);
    }
    ivl_clear(&e);
    ivl_clear(&q);
    ivl_clear(&f);
    return st;
}
