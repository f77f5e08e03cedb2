/* One block [a, b) of log P0 = sum_i log(1 - f_i): the monotone bounds, the sum term by
 * term, or the series in the powers of u_t (spec_internal/omissions_p0.h for the notation,
 * docs/rates-omissions.md for the method and its error bounds):
 *     sum_t log(1 - f_{a+t}) = h log(1 - f_a) + mu h(h-1)/2 - sum_{p=1}^{P} T_p/p - R,
 * T_p = sum_t u_t^p, each a finite sum of geometric series over the multisets of p of the
 * J exponential terms. Mode 0 (mu = 0): 0 <= u_t <= U0, 0 <= R <= U^P T_1/((P+1)(1-U)),
 * T_1 = sum_t u_t. Mode 1 (mu = secant slope): |u_t| <= U1, |R| <= h U^{P+1}/((P+1)(1-U)). */
#include <lib_internal/fail.h>
#include "spec_internal/omissions_p0.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define P0_DIRECT_MAX 4096 /* longest block summed term by term */

/* Multiset enumeration: M[q] = sum over multisets mu of size q of the J terms of
 * (q! / prod mu_j!) prod_j (sg_j C_j)^{mu_j} * geo_sum(sum_j mu_j lam_j, h). */
typedef struct dfs_ctx {
    size_t J;
    const int *sg;
    const ivl *C;
    ivl *lam;            /* the bases lam_j - mu                 */
    mpfr_srcptr h;
    int P;
    ivl *M, *coef, *Lam; /* M[0..P]; coef, Lam per depth 0..P */
    ivl g;
    mpfr_t t1, t2, t;
    uint64_t leaves;
} dfs_ctx;

static void dfs(dfs_ctx *c, int d, size_t j0, size_t last, unsigned long run, int sign)
{
    ivl *cf = &c->coef[d + 1], *L = &c->Lam[d + 1];
    for (size_t j = j0; j < c->J; j++) {
        unsigned long nrun = (d > 0 && j == last) ? run + 1 : 1;
        /* multinomial: appending the nrun-th copy of j at position d+1 multiplies by (d+1)/nrun */
        mpfr_mul(cf->lo, c->coef[d].lo, c->C[j].lo, MPFR_RNDD);
        mpfr_mul_ui(cf->lo, cf->lo, (unsigned long)(d + 1), MPFR_RNDD);
        mpfr_div_ui(cf->lo, cf->lo, nrun, MPFR_RNDD);
        mpfr_mul(cf->hi, c->coef[d].hi, c->C[j].hi, MPFR_RNDU);
        mpfr_mul_ui(cf->hi, cf->hi, (unsigned long)(d + 1), MPFR_RNDU);
        mpfr_div_ui(cf->hi, cf->hi, nrun, MPFR_RNDU);
        mpfr_add(L->lo, c->Lam[d].lo, c->lam[j].lo, MPFR_RNDD);
        mpfr_add(L->hi, c->Lam[d].hi, c->lam[j].hi, MPFR_RNDU);
        amq_omissions_geo_sum(&c->g, L, c->h, c->t1, c->t2);
        int s = sign * c->sg[j];
        ivl_addmul(&c->M[d + 1], s, cf, &c->g, c->t);
        c->leaves++;
        if (d + 1 < c->P)
            dfs(c, d + 1, j, j, nrun, s);
    }
}

/* M_1..M_P of the enumeration, from zero. */
static void dfs_run(dfs_ctx *c, int P)
{
    c->P = P;
    for (int q = 1; q <= P; q++)
        ivl_set_ui(&c->M[q], 0);
    dfs(c, 0, 0, (size_t)-1, 0, 1);
}

static void dfs_clear(dfs_ctx *c)
{
    if (c->M) {
        for (size_t j = 0; j < c->J; j++)
            ivl_clear(&c->lam[j]);
        for (int q = 0; q <= P0_MAX_ORDER; q++) {
            ivl_clear(&c->M[q]);
            ivl_clear(&c->coef[q]);
            ivl_clear(&c->Lam[q]);
        }
        ivl_clear(&c->g);
        mpfr_clears(c->t1, c->t2, c->t, (mpfr_ptr)0);
    }
    free(c->lam);
    free(c->M);
    free(c->coef);
    free(c->Lam);
}

/* The enumeration's workspace for mode `mode` at precision wp. */
static amq_status dfs_init(dfs_ctx *c, const amq_omissions_expo *e, const amq_omissions_p0_bounds *B, int mode,
                           mpfr_srcptr hf, mpfr_prec_t wp)
{
    size_t J = e->J;
    memset(c, 0, sizeof *c);
    c->lam = malloc((J ? J : 1) * sizeof *c->lam);
    c->M = malloc((size_t)(P0_MAX_ORDER + 1) * sizeof *c->M);
    c->coef = malloc((size_t)(P0_MAX_ORDER + 1) * sizeof *c->coef);
    c->Lam = malloc((size_t)(P0_MAX_ORDER + 1) * sizeof *c->Lam);
    if (!c->lam || !c->M || !c->coef || !c->Lam) {
        free(c->lam);
        free(c->M);
        free(c->coef);
        free(c->Lam);
        memset(c, 0, sizeof *c);
        return amq_fail(AMQ_E_NOMEM, "omission probability P0: out of memory");
    }
    for (size_t j = 0; j < J; j++) { /* bases lam_j - mu */
        ivl_init(&c->lam[j], wp);
        if (mode == 1) {
            mpfr_sub(c->lam[j].lo, e->lam[j].lo, B->mu, MPFR_RNDD);
            mpfr_sub(c->lam[j].hi, e->lam[j].hi, B->mu, MPFR_RNDU);
        } else {
            mpfr_set(c->lam[j].lo, e->lam[j].lo, MPFR_RNDD);
            mpfr_set(c->lam[j].hi, e->lam[j].hi, MPFR_RNDU);
        }
    }
    for (int q = 0; q <= P0_MAX_ORDER; q++) {
        ivl_init(&c->M[q], wp);
        ivl_init(&c->coef[q], wp);
        ivl_init(&c->Lam[q], wp);
    }
    c->J = J;
    c->sg = e->sg;
    c->C = B->C;
    c->h = hf;
    ivl_init(&c->g, wp);
    mpfr_inits2(wp, c->t1, c->t2, c->t, (mpfr_ptr)0);
    ivl_set_ui(&c->coef[0], 1);
    ivl_set_ui(&c->Lam[0], 0);
    return AMQ_OK;
}

/* Mode 0: order 1 first; T_1 = h + M_1 may allow an order below P (returned). */
static int series_lower_order(dfs_ctx *c, mpfr_srcptr U, mpfr_srcptr hf, uint64_t h, int P,
                              double log2_tau, mpfr_prec_t wp)
{
    dfs_run(c, 1);
    mpfr_t t1, t2;
    mpfr_inits2(wp, t1, t2, (mpfr_ptr)0);
    mpfr_add(t1, hf, c->M[1].hi, MPFR_RNDU);
    double l2U = fr_log2(U), l2T1 = fr_log2(t1);
    mpfr_ui_sub(t2, 1, U, MPFR_RNDD);
    double l2omU = fr_log2(t2);
    if (mpfr_sgn(t1) > 0 && l2T1 < l2U + log2((double)h))
        for (int q = 1; q < P; q++)
            if ((double)q * l2U + l2T1 - log2((double)q + 1) - l2omU <= log2_tau) {
                P = q;
                break;
            }
    mpfr_clears(t1, t2, (mpfr_ptr)0);
    return P;
}

/* Precision the cancellation needs (terms of M_q reach (sum |C_j|)^q h), or 0 when wp
 * is enough (or the need is beyond AMQ_CERTIFIED_MAX_PREC: the width check decides). */
static mpfr_prec_t series_precision_need(const amq_omissions_p0_bounds *B, size_t J, uint64_t h, int mode,
                                         int P, double log2_tau, mpfr_prec_t wp)
{
    mpfr_t t1, t2;
    mpfr_inits2(wp, t1, t2, (mpfr_ptr)0);
    mpfr_set_zero(t1, 1);
    for (size_t j = 0; j < J; j++)
        mpfr_add(t1, t1, B->C[j].hi, MPFR_RNDU);
    double l2C = fr_log2(t1), l2h = log2((double)h);
    mpfr_log(t2, B->oa.lo, MPFR_RNDD);
    double l2base = l2h + fr_log2(t2);
    if (mode == 1)
        l2base = fmax(l2base, 2 * l2h + fr_log2(B->mu));
    double need = -log2_tau + fmax(0.0, (double)P * fmax(l2C, 0.0) + l2h) + fmax(0.0, l2base) +
                  log2((double)amq_omissions_p0_leaf_count(J, P) + 2) + 24;
    mpfr_clears(t1, t2, (mpfr_ptr)0);
    if (need > (double)wp && need < (double)AMQ_CERTIFIED_MAX_PREC)
        return (mpfr_prec_t)ceil(need) + 16;
    return 0;
}

/* S = sum_{p=1}^P T_p / p = sum_q w_q M_q, w_q = sum_{p=max(q,1)}^P C(p,q)/p (exact);
 * M[0] = h. S is initialised by the caller. */
static void series_log_sum(ivl *S, const ivl *M, int P, mpfr_prec_t wp)
{
    ivl w;
    ivl_init(&w, wp);
    mpfr_t t;
    mpfr_init2(t, wp);
    ivl_set_ui(S, 0);
    mpq_t wq, tq;
    mpq_inits(wq, tq, NULL);
    for (int q = 0; q <= P; q++) {
        mpq_set_ui(wq, 0, 1);
        for (int p = q > 1 ? q : 1; p <= P; p++) {
            mpz_bin_uiui(mpq_numref(tq), (unsigned long)p, (unsigned long)q);
            mpz_set_ui(mpq_denref(tq), (unsigned long)p);
            mpq_canonicalize(tq);
            mpq_add(wq, wq, tq);
        }
        mpfr_set_q(w.lo, wq, MPFR_RNDD);
        mpfr_set_q(w.hi, wq, MPFR_RNDU);
        /* S += w * M_q, w > 0, M_q of any sign */
        mpfr_mul(t, M[q].lo, mpfr_sgn(M[q].lo) >= 0 ? w.lo : w.hi, MPFR_RNDD);
        mpfr_add(S->lo, S->lo, t, MPFR_RNDD);
        mpfr_mul(t, M[q].hi, mpfr_sgn(M[q].hi) >= 0 ? w.hi : w.lo, MPFR_RNDU);
        mpfr_add(S->hi, S->hi, t, MPFR_RNDU);
    }
    mpq_clears(wq, tq, NULL);
    mpfr_clear(t);
    ivl_clear(&w);
}

/* R <= U^P T_1/((P+1)(1-U)) with T_1 = h + M_1 <= U h (mode 0), or
 * |R| <= h U^{P+1}/((P+1)(1-U)) (mode 1); rounded up into R (precision wp). */
static void series_truncation(mpfr_t R, int mode, mpfr_srcptr U, const ivl *M1, mpfr_srcptr hf, int P,
                              mpfr_prec_t wp)
{
    mpfr_t t2;
    mpfr_init2(t2, wp);
    if (mode == 0) {
        mpfr_add(t2, hf, M1->hi, MPFR_RNDU);
        mpfr_mul(R, U, hf, MPFR_RNDU);
        if (mpfr_cmp(t2, R) > 0)
            mpfr_set(t2, R, MPFR_RNDU);
        if (mpfr_sgn(t2) < 0)
            mpfr_set_zero(t2, 1);
        mpfr_pow_ui(R, U, (unsigned long)P, MPFR_RNDU);
    } else {
        mpfr_set(t2, hf, MPFR_RNDU);
        mpfr_pow_ui(R, U, (unsigned long)(P + 1), MPFR_RNDU);
    }
    mpfr_mul(R, R, t2, MPFR_RNDU);
    mpfr_ui_sub(t2, 1, U, MPFR_RNDD);
    mpfr_mul_ui(t2, t2, (unsigned long)(P + 1), MPFR_RNDD);
    mpfr_div(R, R, t2, MPFR_RNDU);
    mpfr_clear(t2);
}

/* base = h log(1 - f_a) (+ mu h(h-1)/2 in mode 1), at base's precision. */
static void series_base(ivl *base, const amq_omissions_p0_bounds *B, mpfr_srcptr hf, uint64_t h, int mode)
{
    mpfr_log(base->lo, B->oa.lo, MPFR_RNDD);
    mpfr_mul(base->lo, base->lo, hf, MPFR_RNDD);
    mpfr_log(base->hi, B->oa.hi, MPFR_RNDU);
    mpfr_mul(base->hi, base->hi, hf, MPFR_RNDU);
    if (mode == 1) {
        mpz_t tri, hz;
        mpz_inits(tri, hz, NULL);
        z_set_u64(hz, h);
        mpz_sub_ui(tri, hz, 1);
        mpz_mul(tri, tri, hz);
        mpz_tdiv_q_2exp(tri, tri, 1); /* h(h-1)/2, exact */
        mpfr_t mt;
        mpfr_init2(mt, mpfr_get_prec(base->lo));
        mpfr_mul_z(mt, B->mu, tri, MPFR_RNDD);
        mpfr_add(base->lo, base->lo, mt, MPFR_RNDD);
        mpfr_mul_z(mt, B->mu, tri, MPFR_RNDU);
        mpfr_add(base->hi, base->hi, mt, MPFR_RNDU);
        mpfr_clear(mt);
        mpz_clears(tri, hz, NULL);
    }
}

/* The series in mode `mode` and order P (lowered in mode 0 when T_1 allows), intersected
 * with the monotone bounds `mono`. */
static amq_status block_series(ivl *L, amq_omissions_p0_result *res, const amq_omissions_expo *e,
                               const amq_omissions_p0_bounds *B, const ivl *mono, mpfr_srcptr hf, uint64_t h,
                               int mode, int P, int Pforce, double log2_tau, mpfr_prec_t wp)
{
    res->mode = mode;
    mpfr_srcptr U = mode ? B->U1 : B->U0;
    dfs_ctx c;
    amq_status st = dfs_init(&c, e, B, mode, hf, wp);
    if (st)
        return st;
    int have1 = 0;
    if (mode == 0 && !Pforce) {
        P = series_lower_order(&c, U, hf, h, P, log2_tau, wp);
        have1 = 1;
    }
    mpfr_prec_t need = series_precision_need(B, e->J, h, mode, P, log2_tau, wp);
    if (need) {
        res->want_wp = need;
        res->leaves = c.leaves;
        dfs_clear(&c);
        return AMQ_OK;
    }
    if (P > 1 || !have1)
        dfs_run(&c, P);
    res->P = P;
    res->leaves = c.leaves;
    ivl_set_fr(&c.M[0], hf);
    ivl S, base;
    ivl_init(&S, wp);
    ivl_init(&base, wp + 136);
    mpfr_t R;
    mpfr_init2(R, wp);
    series_log_sum(&S, c.M, P, wp);
    if (mode == 0 && mpfr_sgn(S.lo) < 0) /* 0 <= u_t: S = sum_p T_p/p >= 0 */
        mpfr_set_zero(S.lo, 1);
    series_truncation(R, mode, U, &c.M[1], hf, P, wp);
    res->log2_trunc = fr_log2(R);
    series_base(&base, B, hf, h, mode);
    mpfr_sub(L->lo, base.lo, S.hi, MPFR_RNDD);
    mpfr_sub(L->lo, L->lo, R, MPFR_RNDD);
    mpfr_sub(L->hi, base.hi, S.lo, MPFR_RNDU);
    if (mode == 1)
        mpfr_add(L->hi, L->hi, R, MPFR_RNDU);
    if (mpfr_cmp(L->lo, mono->lo) < 0)
        mpfr_set(L->lo, mono->lo, MPFR_RNDD);
    if (mpfr_cmp(L->hi, mono->hi) > 0)
        mpfr_set(L->hi, mono->hi, MPFR_RNDU);
    if (mpfr_cmp(L->lo, L->hi) > 0) /* cannot happen with correct bounds */
        mpfr_set(L->lo, L->hi, MPFR_RNDD);
    ivl_clear(&S);
    ivl_clear(&base);
    mpfr_clear(R);
    dfs_clear(&c);
    return AMQ_OK;
}

/* h = 1: log(1 - f_a) itself. */
static void block_single(ivl *L, amq_omissions_p0_result *res, const amq_omissions_expo *e, uint64_t a, mpfr_prec_t wp)
{
    ivl oa;
    ivl_init(&oa, wp);
    amq_omissions_expo_one_minus(&oa, e, a);
    if (mpfr_sgn(oa.lo) <= 0) {
        res->want_wp = wp * 2;
    } else {
        mpfr_log(L->lo, oa.lo, MPFR_RNDD);
        mpfr_log(L->hi, oa.hi, MPFR_RNDU);
    }
    ivl_clear(&oa);
}

/* Short block: sum log(1 - f_i) term by term (h J exponentials, about a quarter of a
 * multiset term each; always converges). */
static void block_direct(ivl *L, amq_omissions_p0_result *res, const amq_omissions_expo *e, uint64_t a, uint64_t h,
                         mpfr_prec_t wp)
{
    ivl om;
    ivl_init(&om, wp);
    mpfr_t t1;
    mpfr_init2(t1, wp);
    ivl_set_ui(L, 0);
    for (uint64_t t0 = 0; t0 < h; t0++) {
        amq_omissions_expo_one_minus(&om, e, a + t0);
        if (mpfr_sgn(om.lo) <= 0) {
            res->want_wp = wp * 2;
            break;
        }
        mpfr_log(t1, om.lo, MPFR_RNDD);
        mpfr_add(L->lo, L->lo, t1, MPFR_RNDD);
        mpfr_log(t1, om.hi, MPFR_RNDU);
        mpfr_add(L->hi, L->hi, t1, MPFR_RNDU);
    }
    mpfr_clear(t1);
    ivl_clear(&om);
    res->leaves = (h * (uint64_t)e->J) / 4 + 1;
    res->mode = 2;
}

/* Monotone bounds f_a <= f_i <= f_{b-1}: [h log(1 - f_{b-1}), h log(1 - f_a)]. */
static void block_monotone(ivl *mono, const amq_omissions_p0_bounds *B, mpfr_srcptr hf)
{
    mpfr_log(mono->lo, B->oe.lo, MPFR_RNDD);
    mpfr_mul(mono->lo, mono->lo, hf, MPFR_RNDD);
    mpfr_log(mono->hi, B->oa.hi, MPFR_RNDU);
    mpfr_mul(mono->hi, mono->hi, hf, MPFR_RNDU);
}

/* Width of [lo, hi] below 2^log2_w (rounded up at precision wp). */
static int width_within(const ivl *x, double log2_w, mpfr_prec_t wp)
{
    mpfr_t t;
    mpfr_init2(t, wp);
    mpfr_sub(t, x->hi, x->lo, MPFR_RNDU);
    int ok = fr_log2(t) <= log2_w;
    mpfr_clear(t);
    return ok;
}

amq_status amq_omissions_p0_block_eval(ivl *L, amq_omissions_p0_result *res, amq_omissions_expo *e, uint64_t a,
                                  uint64_t b, double log2_tau, int Pforce, int mode_force,
                                  uint64_t leaf_room, mpfr_prec_t wp)
{
    memset(res, 0, sizeof *res);
    res->log2_trunc = -INFINITY;
    amq_omissions_expo_set_prec(e, wp);
    uint64_t h = b - a;
    size_t J = e->J;
    ivl_set_prec(L, wp);
    if (h == 1) {
        block_single(L, res, e, a, wp);
        return AMQ_OK;
    }
    amq_omissions_p0_bounds B;
    amq_status st = amq_omissions_p0_bounds_compute(&B, e, a, b);
    if (st)
        return st;
    mpfr_t hf;
    fr_init_u64(hf, h);
    ivl mono;
    ivl_init(&mono, wp);
    int mode, P;
    uint64_t cost;
    if (!B.ok) {
        res->want_wp = wp * 2;
        goto done;
    }
    block_monotone(&mono, &B, hf);
    if (!Pforce && width_within(&mono, log2_tau + 1, wp)) { /* tiny rates, short blocks */
        mpfr_set(L->lo, mono.lo, MPFR_RNDD);
        mpfr_set(L->hi, mono.hi, MPFR_RNDU);
        goto done;
    }
    amq_omissions_p0_bounds_plan(&B, J, h, log2_tau, &mode, &P, &cost);
    if (mode_force >= 0) {
        mode = mode_force;
        if (mpfr_cmp_ui(mode ? B.U1 : B.U0, 1) >= 0)
            mode = -1;
    }
    if (Pforce > 0)
        P = Pforce;
    if (!Pforce && h <= P0_DIRECT_MAX && (mode < 0 || (double)h * (double)J <= 4.0 * (double)cost)) {
        block_direct(L, res, e, a, h, wp);
        goto done;
    }
    if (!Pforce && mode >= 0 && cost > leaf_room &&
        (h < 4 || amq_omissions_p0_split_cost(e, a, b, log2_tau) > leaf_room)) { /* out of budget */
        res->leaves = leaf_room + 1;
        goto done;
    }
    if (mode < 0 ||
        (!Pforce && (cost > P0_BLOCK_LEAVES ||
                     (h >= 4 && cost > 2048 && amq_omissions_p0_split_cost(e, a, b, log2_tau) < cost / 2)))) {
        res->need_split = 1;
        goto done;
    }
    st = block_series(L, res, e, &B, &mono, hf, h, mode, P, Pforce, log2_tau, wp);
done:
    amq_omissions_p0_bounds_clear(&B, J);
    ivl_clear(&mono);
    mpfr_clear(hf);
    return st;
}
