/* The exact law of the shared design (docs/checker.md section 4.2): a filter's count X of
 * positives among its Q fresh queries is Binomial(Q, pi) given the filter's state, so its
 * law is fixed by the moments E[pi^j], j <= Q:
 *   P(X = x) = C(Q, x) E[pi^x (1 - pi)^(Q - x)] = C(Q, x) sum_i (-1)^i C(Q - x, i) E[pi^(x + i)],
 * evaluated in interval arithmetic (MPFI) from the moments' enclosures.  The sum S of F
 * independent counts has the F-th convolution power of that law, computed here from lower
 * bounds of the law, in doubles whose rounding is bounded (below), so that its tails are
 * certified upper bounds: P(S >= s) <= 1 - (a lower bound of P(S < s)). */
#include <lib_internal/check_impl.h>
#include <gmp.h>
#include <math.h>
#include <mpfi.h>
#include <stdlib.h>
#include <string.h>

#define LAW_PREC 256
#define DROP 0x1p-60 /* entries below this fraction of the largest are dropped (a lower bound) */

int amq_check_count_law(const double *mlo, const double *mhi, uint64_t Q, double *plo, double *phi)
{
    if (Q > AMQ_CHECK_MOMENTS)
        return 0;
    for (uint64_t j = 1; j <= Q; j++)
        if (!(mlo[j] >= 0.0 && mhi[j] >= mlo[j]))
            return 0; /* a moment the model did not give */
    mpfi_t m[AMQ_CHECK_MOMENTS + 1], acc, term;
    mpz_t c;
    mpz_init(c);
    for (uint64_t j = 0; j <= Q; j++) {
        mpfi_init2(m[j], LAW_PREC);
        if (j == 0)
            mpfi_set_ui(m[j], 1);
        else
            mpfi_interv_d(m[j], mlo[j], mhi[j]);
    }
    mpfi_init2(acc, LAW_PREC);
    mpfi_init2(term, LAW_PREC);
    int ok = 1;
    for (uint64_t x = 0; x <= Q; x++) {
        mpfi_set_ui(acc, 0);
        for (uint64_t i = 0; x + i <= Q; i++) {
            mpz_bin_uiui(c, (unsigned long)(Q - x), (unsigned long)i);
            mpfi_mul_z(term, m[x + i], c);
            if (i & 1)
                mpfi_sub(acc, acc, term);
            else
                mpfi_add(acc, acc, term);
        }
        mpz_bin_uiui(c, (unsigned long)Q, (unsigned long)x);
        mpfi_mul_z(acc, acc, c);
        /* the law is a probability: its enclosure is cut to [0, 1] */
        double lo = mpfr_get_d(&acc->left, MPFR_RNDD), hi = mpfr_get_d(&acc->right, MPFR_RNDU);
        plo[x] = lo > 0.0 ? lo : 0.0;
        phi[x] = hi < 1.0 ? hi : 1.0;
        if (!(phi[x] >= 0.0))
            ok = 0; /* not a law: the moments were not those of a mixture of binomials */
    }
    for (uint64_t j = 0; j <= Q; j++)
        mpfi_clear(m[j]);
    mpfi_clear(acc);
    mpfi_clear(term);
    mpz_clear(c);
    return ok;
}

/* A window of lower bounds: P(S = off + i) >= v[i] 2^e (1 + u)^-n for i < len, u = 2^-53. */
typedef struct law {
    uint64_t off;
    size_t len;
    double *v;
    long e;
    double n;
} law;

/* Scales the largest entry into [1/2, 1) (exactly: a power of two) and drops the entries
 * below DROP of it (lowering a lower bound keeps it one), then the zero ends.  Every kept
 * entry is then >= 2^-61, so products of two stay normal doubles. */
static void trim(law *a)
{
    double top = 0.0;
    for (size_t i = 0; i < a->len; i++)
        top = a->v[i] > top ? a->v[i] : top;
    if (top == 0.0) {
        a->len = 0;
        return;
    }
    int ex;
    frexp(top, &ex);
    for (size_t i = 0; i < a->len; i++)
        a->v[i] = a->v[i] < DROP * top ? 0.0 : ldexp(a->v[i], -ex);
    a->e += ex;
    size_t lo = 0, hi = a->len;
    while (lo < hi && a->v[lo] == 0.0)
        lo++;
    while (hi > lo && a->v[hi - 1] == 0.0)
        hi--;
    memmove(a->v, a->v + lo, (hi - lo) * sizeof *a->v);
    a->off += lo;
    a->len = hi - lo;
}

/* c = a * b.  Each entry is a sum of t <= min(len) products of nonnegative doubles, whose
 * computed value is at most (1 + u)^(t + 1) times the exact one: n grows by t + 1, so the
 * lower bound stays one.  0 when the window would exceed AMQ_CHECK_LAW_MAX. */
static int mul(law *c, const law *a, const law *b)
{
    if (!a->len || !b->len) {
        c->len = 0;
        return 1;
    }
    const size_t len = a->len + b->len - 1;
    if (len > AMQ_CHECK_LAW_MAX)
        return 0;
    double *v = calloc(len, sizeof *v);
    if (!v)
        return 0;
    for (size_t i = 0; i < a->len; i++)
        for (size_t j = 0; j < b->len; j++)
            v[i + j] += a->v[i] * b->v[j];
    const size_t t = a->len < b->len ? a->len : b->len;
    law r = {a->off + b->off, len, v, a->e + b->e, a->n + b->n + (double)t + 1.0};
    trim(&r);
    free(c->v);
    *c = r;
    return 1;
}

/* Lower bounds of P(S < s) and P(S > s), with the rounding of the sums and of the scaling. */
static void lower_sides(const law *a, uint64_t s, double *below, double *above)
{
    double lo = 0.0, hi = 0.0;
    for (size_t i = 0; i < a->len; i++) {
        const uint64_t x = a->off + i;
        if (x < s)
            lo += a->v[i];
        else if (x > s)
            hi += a->v[i];
    }
    /* (1 + u)^-K >= 1 - K u; the sums add len roundings; 2^-52 = 2u leaves room */
    const double shrink = 1.0 - (a->n + (double)a->len + 4.0) * 0x1p-52;
    lo = ldexp(lo * shrink, (int)a->e);
    hi = ldexp(hi * shrink, (int)a->e);
    /* a result near the subnormal range may have been rounded up: none is claimed there */
    *below = lo < 0x1p-1000 ? 0.0 : nextafter(lo, 0.0);
    *above = hi < 0x1p-1000 ? 0.0 : nextafter(hi, 0.0);
}

int amq_check_sum_tails(const double *plo, uint64_t Q, uint64_t F, uint64_t s, double *up, double *down)
{
    law base = {0, (size_t)Q + 1, malloc(((size_t)Q + 1) * sizeof(double)), 0, 0.0};
    law acc = {0, 1, malloc(sizeof(double)), 0, 0.0};
    int ok = base.v && acc.v;
    if (ok) {
        memcpy(base.v, plo, ((size_t)Q + 1) * sizeof(double));
        acc.v[0] = 1.0;
        trim(&base); /* the pairs' law spans C(Q, 2) + 1 values, mostly negligible */
        ok = base.len <= AMQ_CHECK_LAW_MAX;
    }
    for (uint64_t e = F; ok && e;) {
        if (e & 1)
            ok = mul(&acc, &acc, &base);
        e >>= 1;
        if (e && ok)
            ok = mul(&base, &base, &base);
    }
    if (ok) {
        double below, above;
        lower_sides(&acc, s, &below, &above);
        /* P(S >= s) = 1 - P(S < s); 1 - x rounded, then one step up */
        *up = fmin(1.0, nextafter(1.0 - below, 2.0));
        *down = fmin(1.0, nextafter(1.0 - above, 2.0));
    }
    free(base.v);
    free(acc.v);
    return ok;
}

/* ---- dispersion: D = sum_f C(X_f, 2) ---- */

/* E[C(X, j)] = C(Q, j) E[pi^j]; mo[j] its upper and mo[W + j] its lower bound (NaN: unknown). */
static double falling(const double *mo, uint64_t Q, uint64_t j, int upper)
{
    if (Q < j)
        return 0.0;
    double c = 1.0;
    for (uint64_t i = 0; i < j; i++)
        c = c * (double)(Q - i) / (double)(i + 1);
    const double m = upper ? mo[j] : mo[AMQ_CHECK_MOMENTS + 1 + j];
    return upper ? c * m * (1.0 + 0x1p-40) : c * m * (1.0 - 0x1p-40); /* the rounding of c */
}

/* log10 of Bernstein's bound of P(D >= d), the Y_f = C(X_f, 2) independent in [0, C(Q, 2)]
 * with E[Y] = E[C(X, 2)] and E[Y^2] = 6 E[C(X, 4)] + 6 E[C(X, 3)] + E[C(X, 2)]; NaN when a
 * moment up to 4 is missing (blocked Bloom gives E[pi^2] only). */
static double bernstein_pairs(const double *mo, uint64_t Q, uint64_t F, uint64_t d)
{
    const double m2 = falling(mo, Q, 2, 1), m2lo = falling(mo, Q, 2, 0), m3 = falling(mo, Q, 3, 1),
                 m4 = falling(mo, Q, 4, 1);
    if (isnan(m2) || isnan(m2lo) || isnan(m3) || isnan(m4))
        return NAN;
    const double V = (double)F * (6.0 * m4 + 6.0 * m3 + m2 - m2lo * m2lo) * (1.0 + 0x1p-40),
                 b = (double)Q * (double)(Q - 1) / 2.0, t = (double)d - (double)F * m2;
    if (!(t > 0.0) || !(V + b * t > 0.0))
        return 0.0;
    return -t * t / (2.0 * (V + b * t / 3.0)) / log(10.0);
}

void amq_check_dispersion(const amq_impl_check_config *cfg, amq_check_point *pt, const double *mo,
                          const uint64_t *h)
{
    const uint64_t Q = cfg->queries;
    pt->disp_pairs = 0;
    pt->disp_expected = pt->disp_p_value = pt->disp_log10_p_value = pt->disp_level = NAN;
    pt->disp_exact_law = 0;
    pt->disp_verdict = AMQ_POINT_UNTESTED;
    if (!cfg->model || Q < 2 || !h || isnan(mo[2]))
        return;
    uint64_t F = 0, D = 0;
    for (uint64_t x = 0; x <= Q; x++) {
        F += h[x];
        D += h[x] * (x * (x - (x > 0)) / 2);
    }
    double lg = bernstein_pairs(mo, Q, F, D);
    /* the exact law of D from that of X: Y = C(X, 2) takes C(x, 2) with P(X = x) */
    double plo[AMQ_CHECK_MOMENTS + 1], phi[AMQ_CHECK_MOMENTS + 1], up, down;
    double ylo[AMQ_CHECK_MOMENTS * (AMQ_CHECK_MOMENTS - 1) / 2 + 1];
    if (amq_check_count_law(mo + AMQ_CHECK_MOMENTS + 1, mo, Q, plo, phi)) {
        const uint64_t top = Q * (Q - 1) / 2;
        memset(ylo, 0, (top + 1) * sizeof *ylo);
        for (uint64_t x = 0; x <= Q; x++) {
            double *y = &ylo[x * (x - (x > 0)) / 2];
            *y = *y > 0.0 ? nextafter(*y + plo[x], 0.0) : plo[x]; /* a sum rounded down */
        }
        if (amq_check_sum_tails(ylo, top, F, D, &up, &down) && !(log10(up) >= lg)) {
            lg = log10(up); /* one-sided: the excess of pairs only */
            pt->disp_exact_law = 1;
        }
    }
    if (isnan(lg))
        return; /* neither the law nor the moments up to 4: no test */
    pt->disp_pairs = D;
    pt->disp_expected = (double)F * (falling(mo, Q, 2, 1) + falling(mo, Q, 2, 0)) / 2.0;
    pt->disp_verdict = AMQ_POINT_PASS;
    pt->disp_log10_p_value = fmin(0.0, lg);
    pt->disp_p_value = pow(10.0, pt->disp_log10_p_value);
}
