/* Private helpers of spec/ (not installed): exact loads of 64-bit integers into GMP and
 * MPFR numbers, and closed intervals [lo, hi] of MPFR numbers with directed rounding.
 *
 * Every interval routine rounds lo toward -infinity and hi toward +infinity, or, when
 * the function is decreasing in an argument, evaluates each end at the opposite end of
 * that argument; the comment on each routine says which. Evaluating a monotone function
 * at the ends of its argument (rather than operation by operation, as a general interval
 * library such as MPFI does) is what keeps the enclosures of spec/ tight: expressions
 * like expm1(hL)/expm1(L) depend twice on L. */
#ifndef AMQ_SPEC_INTERVAL_H
#define AMQ_SPEC_INTERVAL_H
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <gmp.h>
#include <mpfr.h>
#include <lib_internal/fail.h>

/* For printing a uint64_t with %llu. */

/* ---------- exact 64-bit loads ---------- */

static inline void z_set_u64(mpz_t z, uint64_t v)
{
#if ULONG_MAX >= UINT64_MAX
    mpz_set_ui(z, (unsigned long)v);
#else
    mpz_import(z, 1, 1, sizeof v, 0, 0, &v);
#endif
}

/* x = v rounded in direction rnd (exact when x has at least 64 bits). */
static inline void fr_set_u64(mpfr_t x, uint64_t v, mpfr_rnd_t rnd)
{
    mpz_t z;
    mpz_init(z);
    z_set_u64(z, v);
    mpfr_set_z(x, z, rnd);
    mpz_clear(z);
}

/* Initialise x to 64 bits and set it to v exactly. */
static inline void fr_init_u64(mpfr_t x, uint64_t v)
{
    mpfr_init2(x, 64);
    fr_set_u64(x, v, MPFR_RNDN);
}

/* r = x * v, r = x / v, rounded in direction rnd. */
static inline void fr_mul_u64(mpfr_t r, const mpfr_t x, uint64_t v, mpfr_rnd_t rnd)
{
#if ULONG_MAX >= UINT64_MAX
    mpfr_mul_ui(r, x, (unsigned long)v, rnd);
#else
    mpz_t z;
    mpz_init(z);
    z_set_u64(z, v);
    mpfr_mul_z(r, x, z, rnd);
    mpz_clear(z);
#endif
}

static inline void fr_div_u64(mpfr_t r, const mpfr_t x, uint64_t v, mpfr_rnd_t rnd)
{
#if ULONG_MAX >= UINT64_MAX
    mpfr_div_ui(r, x, (unsigned long)v, rnd);
#else
    mpz_t z;
    mpz_init(z);
    z_set_u64(z, v);
    mpfr_div_z(r, x, z, rnd);
    mpz_clear(z);
#endif
}

/* log2 |x| as a double, for precision and cost estimates only (-inf for 0). */
static inline double fr_log2(const mpfr_t x)
{
    if (mpfr_zero_p(x))
        return -INFINITY;
    if (mpfr_inf_p(x))
        return INFINITY;
    long ex;
    double d = mpfr_get_d_2exp(&ex, x, MPFR_RNDN);
    return log2(fabs(d)) + (double)ex;
}

/* Relative width (hi - lo) <= 2^-bits * lo with lo > 0, or lo == hi. */
static inline int fr_rel_width_ok(const mpfr_t lo, const mpfr_t hi, int bits)
{
    if (mpfr_equal_p(lo, hi))
        return 1;
    if (mpfr_sgn(lo) <= 0)
        return 0;
    mpfr_t w;
    mpfr_init2(w, 64);
    mpfr_sub(w, hi, lo, MPFR_RNDU);
    mpfr_mul_2si(w, w, bits, MPFR_RNDU);
    int ok = mpfr_lessequal_p(w, lo);
    mpfr_clear(w);
    return ok;
}

/* Copy the enclosure [l, h] into lo, hi, rounded outward into their precision. */
static inline void fr_put_outward(mpfr_t lo, mpfr_t hi, const mpfr_t l, const mpfr_t h)
{
    mpfr_set(lo, l, MPFR_RNDD);
    mpfr_set(hi, h, MPFR_RNDU);
}

/* ---------- intervals ---------- */

typedef struct ivl { mpfr_t lo, hi; } ivl;

static inline void ivl_init(ivl *x, mpfr_prec_t p)
{
    mpfr_init2(x->lo, p);
    mpfr_init2(x->hi, p);
}

static inline void ivl_clear(ivl *x)
{
    mpfr_clear(x->lo);
    mpfr_clear(x->hi);
}

static inline void ivl_set_prec(ivl *x, mpfr_prec_t p)
{
    mpfr_set_prec(x->lo, p);
    mpfr_set_prec(x->hi, p);
}

static inline void ivl_set_ui(ivl *x, unsigned long v)
{
    mpfr_set_ui(x->lo, v, MPFR_RNDD);
    mpfr_set_ui(x->hi, v, MPFR_RNDU);
}

static inline void ivl_set_fr(ivl *x, const mpfr_t v)
{
    mpfr_set(x->lo, v, MPFR_RNDD);
    mpfr_set(x->hi, v, MPFR_RNDU);
}

/* Intersect with [0, 1] (for quantities known to be probabilities); an end outside the
 * interval cannot happen with correct bounds, but lo <= hi is kept all the same. */
static inline void ivl_clamp01(ivl *x)
{
    if (mpfr_sgn(x->lo) < 0)
        mpfr_set_zero(x->lo, 1);
    if (mpfr_cmp_ui(x->hi, 1) > 0)
        mpfr_set_ui(x->hi, 1, MPFR_RNDU);
    if (mpfr_cmp_ui(x->lo, 1) > 0)
        mpfr_set_ui(x->lo, 1, MPFR_RNDD);
    if (mpfr_sgn(x->hi) < 0)
        mpfr_set_zero(x->hi, 1);
}

/* r = x * v for an exact v >= 0 and x of any sign (the product keeps its sides). */
static inline void ivl_mul_u64(ivl *r, const ivl *x, uint64_t v)
{
    mpfr_t vf;
    fr_init_u64(vf, v);
    mpfr_mul(r->lo, x->lo, vf, MPFR_RNDD);
    mpfr_mul(r->hi, x->hi, vf, MPFR_RNDU);
    mpfr_clear(vf);
}

/* acc += sign * a * b for intervals a, b >= 0. */
static inline void ivl_addmul(ivl *acc, int sign, const ivl *a, const ivl *b, mpfr_t t)
{
    if (sign > 0) {
        mpfr_mul(t, a->lo, b->lo, MPFR_RNDD);
        mpfr_add(acc->lo, acc->lo, t, MPFR_RNDD);
        mpfr_mul(t, a->hi, b->hi, MPFR_RNDU);
        mpfr_add(acc->hi, acc->hi, t, MPFR_RNDU);
    } else {
        mpfr_mul(t, a->hi, b->hi, MPFR_RNDU);
        mpfr_sub(acc->lo, acc->lo, t, MPFR_RNDD);
        mpfr_mul(t, a->lo, b->lo, MPFR_RNDD);
        mpfr_sub(acc->hi, acc->hi, t, MPFR_RNDU);
    }
}

/* acc += sign * c * x for an integer c >= 0 and an interval x >= 0. */
static inline void ivl_addmul_z(ivl *acc, int sign, const mpz_t c, const ivl *x, mpfr_t t)
{
    if (sign > 0) {
        mpfr_mul_z(t, x->lo, c, MPFR_RNDD);
        mpfr_add(acc->lo, acc->lo, t, MPFR_RNDD);
        mpfr_mul_z(t, x->hi, c, MPFR_RNDU);
        mpfr_add(acc->hi, acc->hi, t, MPFR_RNDU);
    } else {
        mpfr_mul_z(t, x->hi, c, MPFR_RNDU);
        mpfr_sub(acc->lo, acc->lo, t, MPFR_RNDD);
        mpfr_mul_z(t, x->lo, c, MPFR_RNDD);
        mpfr_sub(acc->hi, acc->hi, t, MPFR_RNDU);
    }
}

/* out = e^{lam * t} for an exact t >= 0: increasing in lam. */
static inline void ivl_exp_mul(ivl *out, const ivl *lam, const mpfr_t t)
{
    mpfr_mul(out->lo, lam->lo, t, MPFR_RNDD);
    mpfr_mul(out->hi, lam->hi, t, MPFR_RNDU);
    mpfr_exp(out->lo, out->lo, MPFR_RNDD);
    mpfr_exp(out->hi, out->hi, MPFR_RNDU);
}

/* r = log(1 - a/b) for 0 <= a < b, at r's precision: log1p(-a/b) when a/b <= 1/2 and
 * log((b-a)/b) otherwise, so that the logarithm has full relative accuracy. The quotient
 * is formed with `guard` extra bits. log1p(-t) decreases in t; log(c) increases in c. */
static inline void ivl_log1m_frac(ivl *r, uint64_t a, uint64_t b, mpfr_prec_t guard)
{
    if (a == 0) {
        ivl_set_ui(r, 0);
        return;
    }
    mpfr_prec_t p = mpfr_get_prec(r->lo);
    mpfr_t x, y, tl, th;
    mpfr_inits2(p + guard, tl, th, (mpfr_ptr)0);
    fr_init_u64(y, b);
    if (a <= b - a) {
        fr_init_u64(x, a);
        mpfr_div(th, x, y, MPFR_RNDU);
        mpfr_div(tl, x, y, MPFR_RNDD);
        mpfr_neg(th, th, MPFR_RNDN);
        mpfr_neg(tl, tl, MPFR_RNDN);
        mpfr_log1p(r->lo, th, MPFR_RNDD);
        mpfr_log1p(r->hi, tl, MPFR_RNDU);
    } else {
        fr_init_u64(x, b - a);
        mpfr_div(tl, x, y, MPFR_RNDD);
        mpfr_div(th, x, y, MPFR_RNDU);
        mpfr_log(r->lo, tl, MPFR_RNDD);
        mpfr_log(r->hi, th, MPFR_RNDU);
    }
    mpfr_clears(x, y, tl, th, (mpfr_ptr)0);
}

/* r = log(1 - 1/s) for an integer s >= 2 of any size (1/s formed with 8 extra bits). */
static inline void ivl_log1m_inv_z(ivl *r, mpz_srcptr s)
{
    mpfr_prec_t p = mpfr_get_prec(r->lo) + 8;
    mpfr_t sd, su, xl, xh;
    mpfr_inits2(p, sd, su, xl, xh, (mpfr_ptr)0);
    mpfr_set_z(sd, s, MPFR_RNDD);
    mpfr_set_z(su, s, MPFR_RNDU);
    mpfr_ui_div(xl, 1, su, MPFR_RNDD); /* xl <= 1/s <= xh */
    mpfr_ui_div(xh, 1, sd, MPFR_RNDU);
    mpfr_neg(xl, xl, MPFR_RNDN);
    mpfr_neg(xh, xh, MPFR_RNDN);
    mpfr_log1p(r->lo, xh, MPFR_RNDD); /* log1p(-x) decreases in x */
    mpfr_log1p(r->hi, xl, MPFR_RNDU);
    mpfr_clears(sd, su, xl, xh, (mpfr_ptr)0);
}

#endif
