/* The exact law of the shared design (docs/checker.md section 4.2): a filter's count X of
 * positives among its Q fresh queries is Binomial(Q, pi) given the filter's state, so its
 * law is fixed by the moments E[pi^j], j <= Q:
 *   P(X = x) = C(Q, x) E[pi^x (1 - pi)^(Q - x)] = C(Q, x) sum_i (-1)^i C(Q - x, i) E[pi^(x + i)],
 * evaluated in interval arithmetic (MPFI) from the moments' enclosures.  The sum S of F
 * independent counts has the F-th convolution power of that law, computed here from lower
 * bounds of the law, in doubles whose rounding is bounded (below), so that its tails are
 * certified upper bounds: P(S >= s) <= 1 - (a lower bound of P(S < s)). */
#include <internal/check_impl.h>
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
    int ok = base.v && acc.v && Q + 1 <= AMQ_CHECK_LAW_MAX;
    if (ok) {
        memcpy(base.v, plo, ((size_t)Q + 1) * sizeof(double));
        acc.v[0] = 1.0;
        trim(&base);
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
