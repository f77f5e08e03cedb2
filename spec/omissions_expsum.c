/* The rate of an omission parameter set as an exponential sum in i (i >= 1),
 *     f_i = 1 + sum_j c_j z_j^i,   0 < z_j < 1,
 * with exact coefficients and interval exponents, and the geometric sums it turns E and
 * P0 into. Derivation: docs/rates-omissions.md. */
#include <lib_internal/fail.h>
#include "spec_internal/omissions.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

void amq_omissions_expo_free(amq_omissions_expo *e)
{
    for (size_t j = 0; j < e->J; j++) {
        mpz_clear(e->num[j]);
        ivl_clear(&e->c[j]);
        ivl_clear(&e->lam[j]);
    }
    if (e->num)
        mpz_clear(e->den);
    free(e->sg);
    free(e->num);
    free(e->c);
    free(e->lam);
    memset(e, 0, sizeof *e);
}

/* Arrays for J terms; AMQ_E_NOMEM leaves e empty. */
static amq_status expo_alloc(amq_omissions_expo *e, uint64_t J, const char *who)
{
    e->J = (size_t)J;
    e->sg = malloc((J ? J : 1) * sizeof *e->sg);
    e->num = malloc((J ? J : 1) * sizeof *e->num);
    e->c = malloc((J ? J : 1) * sizeof *e->c);
    e->lam = malloc((J ? J : 1) * sizeof *e->lam);
    if (!e->sg || !e->num || !e->c || !e->lam) {
        free(e->sg);
        free(e->num);
        free(e->c);
        free(e->lam);
        memset(e, 0, sizeof *e);
        return amq_fail(AMQ_E_NOMEM, "%s: out of memory", who);
    }
    mpz_init(e->den);
    for (size_t j = 0; j < e->J; j++) {
        mpz_init(e->num[j]);
        ivl_init(&e->c[j], 64);
        ivl_init(&e->lam[j], 64);
        e->sg[j] = ((j + 1) & 1) ? -1 : 1; /* term j+1 has sign (-1)^(j+1) */
    }
    return AMQ_OK;
}

/* Paper model: (1 - w^i)^k = 1 + sum_j (-1)^j C(k,j) w^{ij}. */
static void paper_coefficients(amq_omissions_expo *e)
{
    mpz_set_ui(e->den, 1);
    mpz_t kz;
    mpz_init(kz);
    z_set_u64(kz, e->k);
    for (size_t j = 0; j < e->J; j++)
        mpz_bin_ui(e->num[j], kz, (unsigned long)(j + 1));
    mpz_clear(kz);
}

/* Exact model: c_j = (-1)^j C(m,j) A_j / m^k, A_j = sum_l (-1)^l C(j,l) (m-l)^k by a
 * difference table of (m-l)^k, l = 0..K. */
static amq_status exact_coefficients(amq_omissions_expo *e, uint64_t K, const char *who)
{
    size_t cnt = (size_t)K + 1;
    mpz_t *P = malloc(cnt * sizeof *P);
    if (!P) {
        amq_omissions_expo_free(e);
        return amq_fail(AMQ_E_NOMEM, "%s: out of memory", who);
    }
    mpz_t mz, base, binm;
    mpz_inits(mz, base, binm, NULL);
    z_set_u64(mz, e->m);
    for (size_t l = 0; l < cnt; l++) {
        mpz_init(P[l]);
        mpz_sub_ui(base, mz, (unsigned long)l);
        mpz_pow_ui(P[l], base, (unsigned long)e->k);
    }
    mpz_set(e->den, P[0]); /* m^k */
    mpz_set_ui(binm, 1);
    for (uint64_t j = 0; j <= e->J; j++) {
        if (j > 0) {
            mpz_sub_ui(base, mz, (unsigned long)(j - 1));
            mpz_mul(binm, binm, base);
            mpz_divexact_ui(binm, binm, (unsigned long)j);
            mpz_mul(e->num[j - 1], binm, P[0]); /* C(m,j) A_j */
        }
        for (size_t l = 0; l + 1 < cnt - j; l++)
            mpz_sub(P[l], P[l], P[l + 1]);
    }
    for (size_t l = 0; l < cnt; l++)
        mpz_clear(P[l]);
    free(P);
    mpz_clears(mz, base, binm, NULL);
    return AMQ_OK;
}

/* log2 sum_j |c_j| as a double (0 when every c_j is 0), for precision choices. */
static double log2_coef_sum(const amq_omissions_expo *e)
{
    double mx = -INFINITY;
    long de;
    double dd = mpz_get_d_2exp(&de, e->den);
    double ld = log2(dd) + (double)de, sum = 0.0;
    for (size_t j = 0; j < e->J; j++) {
        long ne;
        double nd = mpz_get_d_2exp(&ne, e->num[j]);
        double l2 = nd > 0 ? log2(nd) + (double)ne - ld : -INFINITY;
        if (l2 > mx)
            mx = l2;
    }
    for (size_t j = 0; j < e->J && isfinite(mx); j++) {
        long ne;
        double nd = mpz_get_d_2exp(&ne, e->num[j]);
        if (nd > 0)
            sum += exp2(log2(nd) + (double)ne - ld - mx);
    }
    return isfinite(mx) ? mx + log2(sum) : 0.0;
}

amq_status amq_omissions_expo_build(amq_omissions_expo *e, const amq_omissions_params *p, const char *who)
{
    memset(e, 0, sizeof *e);
    uint64_t K = p->k < p->m ? p->k : p->m; /* exact model: terms j = 1..min(k, m-1) */
    uint64_t J = p->model == AMQ_OMISSIONS_EXACT ? (K < p->m ? K : p->m - 1) : p->k;
    if (J > AMQ_OMISSIONS_MAX_TERMS)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "%s: %llu exponential terms (%s model: %s) exceed the limit %d", who, ULL(J),
                        p->model == AMQ_OMISSIONS_EXACT ? "exact" : "paper",
                        p->model == AMQ_OMISSIONS_EXACT ? "min(k, m-1)" : "k", AMQ_OMISSIONS_MAX_TERMS);
    double cbits = ((double)K + 1.0) * (double)p->k * log2((double)p->m);
    if (p->model == AMQ_OMISSIONS_EXACT && cbits > AMQ_OMISSIONS_MAX_COEF_BITS)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "%s: exact coefficients need about %.3g bits of big integers (limit 2^28: "
                        "(min(k,m)+1) k log2 m); k = %llu, m = %llu",
                        who, cbits, ULL(p->k), ULL(p->m));
    amq_status st = expo_alloc(e, J, who);
    if (st)
        return st;
    e->m = p->m;
    e->k = p->k;
    e->model = p->model;
    e->s = p->s;
    if (p->model == AMQ_OMISSIONS_PAPER)
        paper_coefficients(e);
    else if ((st = exact_coefficients(e, K, who)) != AMQ_OK)
        return st;
    e->log2_csum = log2_coef_sum(e);
    return AMQ_OK;
}

/* Intervals of |c_j| and lambda_j at precision wp. */
void amq_omissions_expo_set_prec(amq_omissions_expo *e, mpfr_prec_t wp)
{
    if (e->wp == wp)
        return;
    e->wp = wp;
    mpfr_prec_t w2 = wp + 16;
    ivl ls, base;
    ivl_init(&ls, w2);
    ivl_init(&base, w2);
    if (e->s)
        ivl_log1m_inv_z(&ls, e->s); /* log sigma */
    else
        ivl_set_ui(&ls, 0);
    if (e->model == AMQ_OMISSIONS_PAPER) {
        ivl_log1m_frac(&base, 1, e->m, 8);
        ivl_mul_u64(&base, &base, e->k); /* log w = k log(1 - 1/m) */
    }
    mpfr_t t;
    mpfr_init2(t, w2);
    for (size_t j = 0; j < e->J; j++) {
        ivl *c = &e->c[j], *l = &e->lam[j];
        ivl_set_prec(c, wp);
        ivl_set_prec(l, wp);
        mpfr_set_z(t, e->num[j], MPFR_RNDD);
        mpfr_div_z(c->lo, t, e->den, MPFR_RNDD);
        mpfr_set_z(t, e->num[j], MPFR_RNDU);
        mpfr_div_z(c->hi, t, e->den, MPFR_RNDU);
        ivl x;
        ivl_init(&x, w2);
        if (e->model == AMQ_OMISSIONS_PAPER) {
            ivl_mul_u64(&x, &base, (uint64_t)(j + 1)); /* j log w */
        } else {
            ivl_log1m_frac(&x, (uint64_t)(j + 1), e->m, 8);
            ivl_mul_u64(&x, &x, e->k); /* k log(1 - j/m) */
        }
        mpfr_add(l->lo, x.lo, ls.lo, MPFR_RNDD);
        mpfr_add(l->hi, x.hi, ls.hi, MPFR_RNDU);
        ivl_clear(&x);
    }
    mpfr_clear(t);
    ivl_clear(&ls);
    ivl_clear(&base);
}

/* 1 - f_i = -sum_j c_j z_j^i, i >= 1, summed directly (no cancellation against the
 * constant 1, so it keeps its relative accuracy when f_i is close to 1). */
void amq_omissions_expo_one_minus(ivl *out, const amq_omissions_expo *e, uint64_t i)
{
    mpfr_t tf;
    fr_init_u64(tf, i);
    ivl z, term;
    ivl_init(&z, e->wp);
    ivl_init(&term, e->wp);
    ivl_set_ui(out, 0);
    for (size_t j = 0; j < e->J; j++) {
        ivl_exp_mul(&z, &e->lam[j], tf);
        mpfr_mul(term.lo, e->c[j].lo, z.lo, MPFR_RNDD);
        mpfr_mul(term.hi, e->c[j].hi, z.hi, MPFR_RNDU);
        if (e->sg[j] < 0) { /* -c_j > 0 */
            mpfr_add(out->lo, out->lo, term.lo, MPFR_RNDD);
            mpfr_add(out->hi, out->hi, term.hi, MPFR_RNDU);
        } else {
            mpfr_sub(out->lo, out->lo, term.hi, MPFR_RNDD);
            mpfr_sub(out->hi, out->hi, term.lo, MPFR_RNDU);
        }
    }
    ivl_clamp01(out);
    ivl_clear(&z);
    ivl_clear(&term);
    mpfr_clear(tf);
}

/* One end of G(L) = sum_{t=0}^{h-1} e^{L t} for an exact L (any sign), rounded in
 * direction rnd: G = expm1(hL)/expm1(L) (h for L = 0). G is increasing in L. */
static void geo_end(mpfr_t out, const mpfr_t L, const mpfr_t hf, mpfr_rnd_t rnd, mpfr_t t1, mpfr_t t2)
{
    int sg = mpfr_sgn(L);
    mpfr_rnd_t oth = rnd == MPFR_RNDD ? MPFR_RNDU : MPFR_RNDD;
    if (sg == 0) {
        mpfr_set(out, hf, rnd);
        return;
    }
    /* numerator and denominator have the sign of L; for a bound of the quotient in
     * direction rnd round |numerator| in direction rnd and |denominator| the other way.
     * For L < 0, |expm1(x)| = -expm1(x) decreases in x; for L > 0 it increases. */
    if (sg < 0) {
        mpfr_mul(t1, L, hf, oth);      /* |hL| rounded in direction rnd */
        mpfr_expm1(t1, t1, oth);       /* negative: |.| rounded in direction rnd */
        mpfr_expm1(t2, L, rnd);        /* |.| rounded the other way */
    } else {
        mpfr_mul(t1, L, hf, rnd);
        mpfr_expm1(t1, t1, rnd);
        mpfr_expm1(t2, L, oth);
    }
    mpfr_div(out, t1, t2, rnd);
}

/* out = sum_{t=0}^{h-1} e^{L t} for an interval L, h >= 1 (hf exact). Increasing in L,
 * so [G(L.lo), G(L.hi)]; G >= 1 always, G <= h when L <= 0. */
void amq_omissions_geo_sum(ivl *out, const ivl *L, const mpfr_t hf, mpfr_t t1, mpfr_t t2)
{
    geo_end(out->hi, L->hi, hf, MPFR_RNDU, t1, t2);
    geo_end(out->lo, L->lo, hf, MPFR_RNDD, t1, t2);
    if (mpfr_cmp_ui(out->lo, 1) < 0)
        mpfr_set_ui(out->lo, 1, MPFR_RNDD);
    if (mpfr_sgn(L->hi) <= 0 && mpfr_cmp(out->hi, hf) > 0)
        mpfr_set(out->hi, hf, MPFR_RNDU);
    if (mpfr_cmp(out->lo, out->hi) > 0) /* cannot happen with correct bounds */
        mpfr_set(out->lo, out->hi, MPFR_RNDD);
}
