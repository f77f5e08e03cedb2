/* Bounds of the expansion of log(1 - f_i) on one block [a, b) of i, and the plan they
 * give: which mode, which series order, how many multiset terms (see
 * spec_internal/omissions_p0.h for the notation; docs/rates-omissions.md for the method).
 *
 * Mode 0: U0 = 1 - (1 - f_{b-1})/(1 - f_a) (f is non-decreasing).
 * Mode 1: mu = the secant slope of log(1 - f) over the block (an exact number; any mu
 * is valid, this one makes u vanish at both ends); |u_t| <= U1 = min of
 *  - sampled: on [t_g, t_{g+1}], rho_t = (1-f_{a+t})/(1-f_a) decreases and e^{-mu t}
 *    increases (mu <= 0), so rho_t e^{-mu t} lies in [rho_{g+1} e^{-mu t_g},
 *    rho_g e^{-mu t_{g+1}}];
 *  - triangle: |u_t| = |sum_j C_j (e^{(lam_j - mu) t} - 1)| <= sum_j |C_j| max |expm1|. */
#include <lib_internal/fail.h>
#include "spec_internal/omissions_p0.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* |C_j| = |c_j| z_j^a / (1 - f_a), z_j^a = e^{lam_j a}. */
static void bounds_coefficients(amq_omissions_p0_bounds *B, const amq_omissions_expo *e, uint64_t a)
{
    mpfr_t af;
    fr_init_u64(af, a);
    ivl z;
    ivl_init(&z, e->wp);
    for (size_t j = 0; j < e->J; j++) {
        ivl_exp_mul(&z, &e->lam[j], af);
        mpfr_mul(B->C[j].lo, e->c[j].lo, z.lo, MPFR_RNDD);
        mpfr_div(B->C[j].lo, B->C[j].lo, B->oa.hi, MPFR_RNDD);
        mpfr_mul(B->C[j].hi, e->c[j].hi, z.hi, MPFR_RNDU);
        mpfr_div(B->C[j].hi, B->C[j].hi, B->oa.lo, MPFR_RNDU);
    }
    ivl_clear(&z);
    mpfr_clear(af);
}

/* Mode 0: U0; mode 1: the slope mu (rounded to nearest: any exact mu is valid). */
static void bounds_mode0_and_slope(amq_omissions_p0_bounds *B, const mpfr_t hm1, mpfr_prec_t wp)
{
    mpfr_t x, y;
    mpfr_inits2(wp, x, y, (mpfr_ptr)0);
    mpfr_div(x, B->oe.lo, B->oa.hi, MPFR_RNDD);
    mpfr_ui_sub(B->U0, 1, x, MPFR_RNDU);
    if (mpfr_sgn(B->U0) < 0)
        mpfr_set_zero(B->U0, 1);
    mpfr_log(x, B->oe.lo, MPFR_RNDN);
    mpfr_log(y, B->oa.lo, MPFR_RNDN);
    mpfr_sub(x, x, y, MPFR_RNDN);
    mpfr_div(B->mu, x, hm1, MPFR_RNDN);
    if (mpfr_sgn(B->mu) > 0)
        mpfr_set_zero(B->mu, 1);
    mpfr_clears(x, y, (mpfr_ptr)0);
}

/* Mode 1, triangle bound into U1: sum_j |C_j| max over t in [0, h-1] of
 * |expm1((lam_j - mu) t)|, reached at t = h - 1. */
static void bounds_triangle(amq_omissions_p0_bounds *B, const amq_omissions_expo *e, const mpfr_t hm1)
{
    mpfr_t x, y;
    mpfr_inits2(e->wp, x, y, (mpfr_ptr)0);
    mpfr_set_zero(B->U1, 1);
    for (size_t j = 0; j < e->J; j++) {
        mpfr_set_zero(y, 1);
        for (int end = 0; end < 2; end++) {
            mpfr_srcptr l = end ? e->lam[j].hi : e->lam[j].lo;
            mpfr_sub(x, l, B->mu, end ? MPFR_RNDU : MPFR_RNDD);
            mpfr_rnd_t away = mpfr_sgn(x) < 0 ? MPFR_RNDD : MPFR_RNDU; /* away from zero */
            mpfr_mul(x, x, hm1, away);
            mpfr_expm1(x, x, away);
            mpfr_abs(x, x, MPFR_RNDN);
            if (mpfr_cmp(x, y) > 0)
                mpfr_set(y, x, MPFR_RNDU);
        }
        mpfr_mul(y, y, B->C[j].hi, MPFR_RNDU);
        mpfr_add(B->U1, B->U1, y, MPFR_RNDU);
    }
    mpfr_clears(x, y, (mpfr_ptr)0);
}

/* ec = e^{-mu t} for an exact t >= 0 (mu <= 0, so -mu t >= 0). */
static void exp_minus_mu_t(ivl *ec, const mpfr_t mu, uint64_t t)
{
    mpfr_t tf;
    fr_init_u64(tf, t);
    mpfr_mul(ec->lo, mu, tf, MPFR_RNDU);
    mpfr_neg(ec->lo, ec->lo, MPFR_RNDN);
    mpfr_exp(ec->lo, ec->lo, MPFR_RNDD);
    mpfr_mul(ec->hi, mu, tf, MPFR_RNDD);
    mpfr_neg(ec->hi, ec->hi, MPFR_RNDN);
    mpfr_exp(ec->hi, ec->hi, MPFR_RNDU);
    mpfr_clear(tf);
}

/* Mode 1, sampled bound: U1 = min(U1, max over up to 32 sample intervals of |u|). */
static void bounds_sampled(amq_omissions_p0_bounds *B, const amq_omissions_expo *e, uint64_t a, uint64_t h)
{
    mpfr_prec_t wp = e->wp;
    uint64_t G = h - 1 < 32 ? h - 1 : 32, tprev = 0;
    mpfr_t x, y, us;
    mpfr_inits2(wp, x, y, us, (mpfr_ptr)0);
    ivl om, rp, rc, ep, ec;
    ivl_init(&om, wp);
    ivl_init(&rp, wp);
    ivl_init(&rc, wp);
    ivl_init(&ep, wp);
    ivl_init(&ec, wp);
    ivl_set_ui(&rp, 1); /* rho at t_prev */
    ivl_set_ui(&ep, 1); /* e^{-mu t_prev} */
    mpfr_set_zero(us, 1);
    for (uint64_t g = 1; g <= G; g++) {
        uint64_t tg = g == G ? h - 1 : (uint64_t)((double)(h - 1) * (double)g / (double)G);
        if (tg <= tprev)
            continue;
        if (tg == h - 1) {
            mpfr_set(om.lo, B->oe.lo, MPFR_RNDD);
            mpfr_set(om.hi, B->oe.hi, MPFR_RNDU);
        } else {
            amq_omissions_expo_one_minus(&om, e, a + tg);
        }
        mpfr_div(rc.lo, om.lo, B->oa.hi, MPFR_RNDD);
        mpfr_div(rc.hi, om.hi, B->oa.lo, MPFR_RNDU);
        exp_minus_mu_t(&ec, B->mu, tg);
        /* u on [t_prev, t_g] in [1 - rho_prev e^{-mu t_g}, 1 - rho_g e^{-mu t_prev}] */
        mpfr_mul(x, rp.hi, ec.hi, MPFR_RNDU);
        mpfr_ui_sub(x, 1, x, MPFR_RNDD);
        mpfr_mul(y, rc.lo, ep.lo, MPFR_RNDD);
        mpfr_ui_sub(y, 1, y, MPFR_RNDU);
        mpfr_abs(x, x, MPFR_RNDN);
        mpfr_abs(y, y, MPFR_RNDN);
        if (mpfr_cmp(x, us) > 0)
            mpfr_set(us, x, MPFR_RNDU);
        if (mpfr_cmp(y, us) > 0)
            mpfr_set(us, y, MPFR_RNDU);
        mpfr_swap(rp.lo, rc.lo);
        mpfr_swap(rp.hi, rc.hi);
        mpfr_swap(ep.lo, ec.lo);
        mpfr_swap(ep.hi, ec.hi);
        tprev = tg;
    }
    if (mpfr_cmp(us, B->U1) < 0)
        mpfr_set(B->U1, us, MPFR_RNDU);
    ivl_clear(&om);
    ivl_clear(&rp);
    ivl_clear(&rc);
    ivl_clear(&ep);
    ivl_clear(&ec);
    mpfr_clears(x, y, us, (mpfr_ptr)0);
}

amq_status amq_omissions_p0_bounds_compute(amq_omissions_p0_bounds *B, const amq_omissions_expo *e, uint64_t a,
                                      uint64_t b)
{
    mpfr_prec_t wp = e->wp;
    size_t J = e->J;
    uint64_t h = b - a;
    memset(B, 0, sizeof *B);
    ivl_init(&B->oa, wp);
    ivl_init(&B->oe, wp);
    mpfr_inits2(wp, B->U0, B->U1, B->mu, (mpfr_ptr)0);
    B->C = malloc((J ? J : 1) * sizeof *B->C);
    if (!B->C) {
        ivl_clear(&B->oa);
        ivl_clear(&B->oe);
        mpfr_clears(B->U0, B->U1, B->mu, (mpfr_ptr)0);
        return amq_fail(AMQ_E_NOMEM, "omission probability P0: out of memory");
    }
    for (size_t j = 0; j < J; j++)
        ivl_init(&B->C[j], wp);
    amq_omissions_expo_one_minus(&B->oa, e, a);
    amq_omissions_expo_one_minus(&B->oe, e, b - 1);
    if (mpfr_sgn(B->oa.lo) <= 0 || mpfr_sgn(B->oe.lo) <= 0)
        return AMQ_OK; /* ok = 0 */
    B->ok = 1;
    mpfr_t hm1;
    fr_init_u64(hm1, h - 1);
    bounds_coefficients(B, e, a);
    bounds_mode0_and_slope(B, hm1, wp);
    bounds_triangle(B, e, hm1);
    bounds_sampled(B, e, a, h);
    mpfr_clear(hm1);
    return AMQ_OK;
}

void amq_omissions_p0_bounds_clear(amq_omissions_p0_bounds *B, size_t J)
{
    ivl_clear(&B->oa);
    ivl_clear(&B->oe);
    for (size_t j = 0; j < J; j++)
        ivl_clear(&B->C[j]);
    free(B->C);
    mpfr_clears(B->U0, B->U1, B->mu, (mpfr_ptr)0);
}

uint64_t amq_omissions_p0_leaf_count(size_t J, int P)
{
    double v = 1.0;
    for (int q = 1; q <= P; q++)
        v = v * ((double)J + q) / q;
    return v > 1e18 ? UINT64_MAX : (uint64_t)(v + 0.5) - 1;
}

/* Smallest order P with h U^{P+1}/((P+1)(1-U)) <= tau (P0_MAX_ORDER + 1: none). */
static int order_for(double l2U, double l2h, double log2_tau)
{
    if (!(l2U < 0))
        return P0_MAX_ORDER + 1;
    double l2omU = log2(1.0 - exp2(l2U));
    for (int P = 1; P <= P0_MAX_ORDER; P++)
        if ((double)(P + 1) * l2U + l2h - log2((double)P + 1) - l2omU <= log2_tau)
            return P;
    return P0_MAX_ORDER + 1;
}

void amq_omissions_p0_bounds_plan(const amq_omissions_p0_bounds *B, size_t J, uint64_t h, double log2_tau,
                             int *mode, int *P, uint64_t *cost)
{
    double lh = log2((double)h);
    int p0 = mpfr_cmp_ui(B->U0, 1) < 0 ? order_for(fr_log2(B->U0), lh, log2_tau) : P0_MAX_ORDER + 1;
    int p1 = mpfr_cmp_ui(B->U1, 1) < 0 ? order_for(fr_log2(B->U1), lh, log2_tau) : P0_MAX_ORDER + 1;
    *mode = p1 < p0 ? 1 : 0;
    *P = p1 < p0 ? p1 : p0;
    if (*P > P0_MAX_ORDER) {
        *mode = -1;
        *cost = UINT64_MAX;
    } else {
        *cost = amq_omissions_p0_leaf_count(J, *P);
    }
}

uint64_t amq_omissions_p0_split_cost(const amq_omissions_expo *e, uint64_t a, uint64_t b, double log2_tau)
{
    uint64_t mid = a + (b - a) / 2, total = 0;
    uint64_t ends[3] = {a, mid, b};
    for (int s = 0; s < 2; s++) {
        if (ends[s + 1] - ends[s] < 2)
            continue;
        amq_omissions_p0_bounds B;
        int mode, P;
        uint64_t c = UINT64_MAX;
        if (amq_omissions_p0_bounds_compute(&B, e, ends[s], ends[s + 1]) != AMQ_OK)
            return UINT64_MAX;
        if (B.ok)
            amq_omissions_p0_bounds_plan(&B, e->J, ends[s + 1] - ends[s], log2_tau - 1.0, &mode, &P, &c);
        amq_omissions_p0_bounds_clear(&B, e->J);
        total = c > UINT64_MAX - total ? UINT64_MAX : total + c;
    }
    return total;
}
