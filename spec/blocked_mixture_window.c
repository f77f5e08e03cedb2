/* Certified enclosure of the binomial mixture FP = sum_i pi_i f(i) by a window of terms
 * around the mode plus rigorous tail bounds, and the enclosure dispatcher (amq/spec_blocked.h).
 * X ~ Binomial(n, 1/b), pi_i = P(X = i). The proof of each step is in
 * docs/rates-blocked.md ("Certified, windowed sum"); in short:
 *   (a) mode s = floor((n+1)/b): log pi_s through lngamma, every operation rounded in the
 *       direction of its end (subtracted quantities the other way);
 *   (b) pi_{i+1} = pi_i (n-i)/((i+1)(b-1)), pi_{i-1} = pi_i i(b-1)/(n-i+1), rounded per end;
 *   (c) the ratios decrease away from the mode, so the mass beyond R is at most
 *       T_up = pi_R r_R/(1 - r_R) and below L (L <= floor(n/b)) at most T_dn = pi_L rho_L/(1 - rho_L);
 *   (d) lo = sum lo(pi_i) lo(f(i)), hi = sum hi(pi_i) hi(f(i)) + T_up + T_dn hi(f(L))
 *       (T_dn alone when f is not nondecreasing); the window grows on each side until
 *       that side's tail is <= 2^-(prec+4) lo. */
#include "spec_internal/blocked.h"
#include <math.h>

/* Rough number of window terms needed at precision prec: about 2 sigma sqrt(2 ln 2 (prec+8))
 * plus slack (only used to choose a method; the window itself is decided rigorously). */
double amq_blocked_window_terms(uint64_t b, uint64_t n, mpfr_prec_t prec)
{
    double q = 1.0 / (double)b, sd = sqrt((double)n * q * (1.0 - q));
    return 2.0 * sd * sqrt(1.4 * ((double)prec + 8.0)) + 2.0 * sqrt((double)prec) + 16.0;
}

static amq_status window_too_wide(uint64_t b, uint64_t n, mpfr_prec_t prec)
{
    return amq_fail(AMQ_E_TOO_LARGE,
                    "blocked rate enclosure: the window around the binomial mode would exceed %u terms (b = %llu, "
                    "n = %llu, precision %ld; n/b = %.3g keys per block); only an inner rate with an "
                    "exponential-sum form (closed form) can be evaluated there",
                    AMQ_BLOCKED_MAX_WINDOW, ULL(b), ULL(n), (long)prec, (double)n / (double)b);
}

/* The window [L, R] and its sums. */
typedef struct window {
    const amq_inner_rate *f;
    uint64_t b, n, L, R;
    mpfr_prec_t wp, wpi;        /* working precision; inner enclosures at wpi = wp + 32 */
    mpfr_t pl, ph;              /* pi_R                                                  */
    mpfr_t ql, qh;              /* pi_L                                                  */
    mpfr_t slo, shi;            /* the window's lower and upper sums                     */
    mpfr_t fl, fh, fLh;         /* f(i) of the last term (at wpi); hi(f(L))              */
} window;

/* [lo, hi] += [pl * lo(f(i)), ph * hi(f(i))] with f(i) enclosed into W->fl, W->fh. */
static amq_status window_add_term(window *W, uint64_t i, const mpfr_t pl, const mpfr_t ph)
{
    amq_status st = W->f->enclose(W->fl, W->fh, W->wpi, i, W->f->params);
    if (st)
        return st;
    mpfr_t t;
    mpfr_init2(t, W->wp);
    mpfr_mul(t, pl, W->fl, MPFR_RNDD);
    mpfr_add(W->slo, W->slo, t, MPFR_RNDD);
    mpfr_mul(t, ph, W->fh, MPFR_RNDU);
    mpfr_add(W->shi, W->shi, t, MPFR_RNDU);
    mpfr_clear(t);
    return AMQ_OK;
}

/* (a) lo += -lngamma(x+1) rounded down, hi += ... rounded up, for sign = -1; the other way
 * round for sign = +1 (x exact). */
static void add_lngamma(mpfr_t lo, mpfr_t hi, uint64_t x, int sign, mpfr_prec_t wp)
{
    mpfr_t v, g;
    mpfr_inits2(wp, v, g, (mpfr_ptr)0);
    fr_set_u64(v, x, MPFR_RNDN);
    mpfr_add_ui(v, v, 1, MPFR_RNDN); /* exact: wp >= 128 */
    if (sign > 0) {
        mpfr_lngamma(g, v, MPFR_RNDD);
        mpfr_add(lo, lo, g, MPFR_RNDD);
        mpfr_lngamma(g, v, MPFR_RNDU);
        mpfr_add(hi, hi, g, MPFR_RNDU);
    } else {
        mpfr_lngamma(g, v, MPFR_RNDU);
        mpfr_sub(lo, lo, g, MPFR_RNDD);
        mpfr_lngamma(g, v, MPFR_RNDD);
        mpfr_sub(hi, hi, g, MPFR_RNDU);
    }
    mpfr_clears(v, g, (mpfr_ptr)0);
}

/* (a) pi_s at the mode s, enclosed into pl/ph and ql/qh:
 * log pi_s = lnC(n,s) - s log b + (n-s) log1p(-1/b). */
static void window_mode_pmf(window *W, uint64_t s)
{
    const uint64_t b = W->b, n = W->n;
    mpfr_t t1, t2, fl, fh;
    mpfr_inits2(W->wp, t1, t2, (mpfr_ptr)0);
    mpfr_inits2(W->wpi, fl, fh, (mpfr_ptr)0);
    mpfr_set_zero(t1, 1);
    mpfr_set_zero(t2, 1);
    if (s > 0 && s < n) {
        add_lngamma(t1, t2, n, +1, W->wp);
        add_lngamma(t1, t2, s, -1, W->wp);
        add_lngamma(t1, t2, n - s, -1, W->wp);
    }
    if (s > 0) { /* - s log b */
        fr_set_u64(fl, b, MPFR_RNDN); /* exact (wpi > 64) */
        mpfr_log(fh, fl, MPFR_RNDU);
        mpfr_log(fl, fl, MPFR_RNDD);
        fr_mul_u64(fh, fh, s, MPFR_RNDU);
        fr_mul_u64(fl, fl, s, MPFR_RNDD);
        mpfr_sub(t1, t1, fh, MPFR_RNDD);
        mpfr_sub(t2, t2, fl, MPFR_RNDU);
    }
    if (n - s > 0) { /* + (n-s) log1p(-1/b) */
        mpfr_set_ui(fl, 1, MPFR_RNDN);
        fr_div_u64(fh, fl, b, MPFR_RNDU); /* 1/b up */
        fr_div_u64(fl, fl, b, MPFR_RNDD); /* 1/b down */
        mpfr_neg(fh, fh, MPFR_RNDN);
        mpfr_neg(fl, fl, MPFR_RNDN);
        mpfr_log1p(fh, fh, MPFR_RNDD); /* lower end (uses the larger 1/b) */
        mpfr_log1p(fl, fl, MPFR_RNDU); /* upper end */
        fr_mul_u64(fh, fh, n - s, MPFR_RNDD);
        fr_mul_u64(fl, fl, n - s, MPFR_RNDU);
        mpfr_add(t1, t1, fh, MPFR_RNDD);
        mpfr_add(t2, t2, fl, MPFR_RNDU);
    }
    mpfr_exp(W->pl, t1, MPFR_RNDD);
    mpfr_exp(W->ph, t2, MPFR_RNDU);
    if (mpfr_cmp_ui(W->ph, 1) > 0)
        mpfr_set_ui(W->ph, 1, MPFR_RNDU);
    mpfr_set(W->ql, W->pl, MPFR_RNDD);
    mpfr_set(W->qh, W->ph, MPFR_RNDU);
    mpfr_clears(t1, t2, fl, fh, (mpfr_ptr)0);
}

/* (c) tail = pi * ratio / (1 - ratio) rounded up, ratio = num1 num2 / den rounded up
 * (+inf when the ratio is not below 1). */
static void geometric_tail(mpfr_t tail, const mpfr_t pi_hi, uint64_t num1, uint64_t num2, uint64_t den1,
                           uint64_t den2, mpfr_prec_t wp)
{
    mpfr_t t1, t2;
    mpfr_inits2(wp, t1, t2, (mpfr_ptr)0);
    mpfr_set_ui(t1, 1, MPFR_RNDN);
    fr_mul_u64(t1, t1, num1, MPFR_RNDU);
    fr_mul_u64(t1, t1, num2, MPFR_RNDU);
    fr_div_u64(t1, t1, den1, MPFR_RNDU);
    fr_div_u64(t1, t1, den2, MPFR_RNDU);
    if (mpfr_cmp_ui(t1, 1) >= 0) {
        mpfr_set_inf(tail, 1);
    } else {
        mpfr_ui_sub(t2, 1, t1, MPFR_RNDD);
        mpfr_mul(tail, pi_hi, t1, MPFR_RNDU);
        mpfr_div(tail, tail, t2, MPFR_RNDU);
    }
    mpfr_clears(t1, t2, (mpfr_ptr)0);
}

/* (b) pi_{R+1} = pi_R (n-R) / ((R+1)(b-1)): one more term above the window. */
static amq_status window_step_up(window *W)
{
    const uint64_t R = W->R;
    fr_mul_u64(W->pl, W->pl, W->n - R, MPFR_RNDD);
    fr_div_u64(W->pl, W->pl, R + 1, MPFR_RNDD);
    fr_div_u64(W->pl, W->pl, W->b - 1, MPFR_RNDD);
    fr_mul_u64(W->ph, W->ph, W->n - R, MPFR_RNDU);
    fr_div_u64(W->ph, W->ph, R + 1, MPFR_RNDU);
    fr_div_u64(W->ph, W->ph, W->b - 1, MPFR_RNDU);
    W->R = R + 1;
    return window_add_term(W, W->R, W->pl, W->ph);
}

/* (b) pi_{L-1} = pi_L L (b-1) / (n-L+1): one more term below the window. */
static amq_status window_step_down(window *W)
{
    const uint64_t L = W->L;
    fr_mul_u64(W->ql, W->ql, L, MPFR_RNDD);
    fr_mul_u64(W->ql, W->ql, W->b - 1, MPFR_RNDD);
    fr_div_u64(W->ql, W->ql, W->n - L + 1, MPFR_RNDD);
    fr_mul_u64(W->qh, W->qh, L, MPFR_RNDU);
    fr_mul_u64(W->qh, W->qh, W->b - 1, MPFR_RNDU);
    fr_div_u64(W->qh, W->qh, W->n - L + 1, MPFR_RNDU);
    W->L = L - 1;
    amq_status st = window_add_term(W, W->L, W->ql, W->qh);
    if (!st)
        mpfr_set(W->fLh, W->fh, MPFR_RNDU);
    return st;
}

/* Grow the window until both tails are small, then close it: [lo, hi] = [window lower
 * sum, window upper sum + tails]. *too_wide is set when the window would exceed
 * AMQ_BLOCKED_MAX_WINDOW (estimated up front, or found while growing). b >= 2, n >= 1. */
static amq_status window_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_rate *f, uint64_t b,
                                 uint64_t n, int *too_wide)
{
    *too_wide = 0;
    if (amq_blocked_window_terms(b, n, prec) > (double)AMQ_BLOCKED_MAX_WINDOW) { /* fail before the work */
        *too_wide = 1;
        return window_too_wide(b, n, prec);
    }
    window W;
    W.f = f;
    W.b = b;
    W.n = n;
    W.wp = prec + 48 + u64_bitlen(n);
    if (W.wp < 128)
        W.wp = 128;
    W.wpi = W.wp + 32;
    const uint64_t s = n / b + ((n % b) == b - 1 ? 1 : 0); /* floor((n+1)/b) without overflow */
    const uint64_t nb = n / b;                              /* rho_L < 1 iff L <= nb */
    amq_status st = AMQ_OK;
    mpfr_t tup, tdn, thr;
    mpfr_inits2(W.wp, W.pl, W.ph, W.ql, W.qh, W.slo, W.shi, tup, tdn, thr, (mpfr_ptr)0);
    mpfr_inits2(W.wpi, W.fl, W.fh, W.fLh, (mpfr_ptr)0);
    window_mode_pmf(&W, s);
    W.L = W.R = s;
    mpfr_set_zero(W.slo, 1);
    mpfr_set_zero(W.shi, 1);
    if ((st = window_add_term(&W, s, W.pl, W.ph)))
        goto out;
    mpfr_set(W.fLh, W.fh, MPFR_RNDU);
    for (;;) {
        int up_ok = 1, dn_ok = 1;
        mpfr_mul_2si(thr, W.slo, -(long)(prec + 4), MPFR_RNDD);
        mpfr_set_zero(tup, 1);
        mpfr_set_zero(tdn, 1);
        if (W.R < n) { /* R >= s, so r_R < 1 */
            geometric_tail(tup, W.ph, n - W.R, 1, W.R + 1, b - 1, W.wp);
            up_ok = mpfr_lessequal_p(tup, thr);
        }
        if (W.L > 0) {
            if (W.L <= nb) {
                geometric_tail(tdn, W.qh, W.L, b - 1, n - W.L + 1, 1, W.wp);
                if (f->nondecreasing && !mpfr_inf_p(tdn)) /* (d): f(i) <= f(L) below L */
                    mpfr_mul(tdn, tdn, W.fLh, MPFR_RNDU);
            } else {
                mpfr_set_inf(tdn, 1);
            }
            dn_ok = mpfr_lessequal_p(tdn, thr);
        }
        if (up_ok && dn_ok)
            break;
        if (W.R - W.L + 1 >= AMQ_BLOCKED_MAX_WINDOW) {
            *too_wide = 1;
            st = window_too_wide(b, n, prec);
            goto out;
        }
        if (!up_ok && (st = window_step_up(&W)))
            goto out;
        if (!dn_ok && (st = window_step_down(&W)))
            goto out;
    }
    /* (d) hi = window upper sum + tail bounds */
    mpfr_add(W.shi, W.shi, tup, MPFR_RNDU);
    mpfr_add(W.shi, W.shi, tdn, MPFR_RNDU);
    if (mpfr_cmp_ui(W.shi, 1) > 0)
        mpfr_set_ui(W.shi, 1, MPFR_RNDU);
    if (mpfr_cmp(W.slo, W.shi) > 0) { /* only with an invalid inner enclosure: report, never mask */
        st = amq_fail(AMQ_E_INVALID_ARG,
                      "blocked rate enclosure: lower end above upper end: the inner rate '%s' returned an invalid "
                      "enclosure (lo > hi, or outside [0, 1])",
                      f->name ? f->name : "?");
        goto out;
    }
    fr_put_outward(lo, hi, W.slo, W.shi);
out:
    mpfr_clears(W.pl, W.ph, W.ql, W.qh, W.slo, W.shi, tup, tdn, thr, W.fl, W.fh, W.fLh, (mpfr_ptr)0);
    return st;
}

/* n = 0 or b = 1: the inner rate at one point. */
static amq_status inner_point(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_rate *f, uint64_t i)
{
    mpfr_t l, h;
    mpfr_inits2(prec, l, h, (mpfr_ptr)0);
    amq_status st = f->enclose(l, h, prec, i, f->params);
    if (!st)
        fr_put_outward(lo, hi, l, h);
    mpfr_clears(l, h, (mpfr_ptr)0);
    return st;
}

/* The checks of the enclosure entry points; *done = 1 when n = 0 or b = 1 settle the value
 * (the inner rate at one point, enclosed into lo, hi). */
static amq_status enclose_checks(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_rate *f, uint64_t b,
                                 uint64_t n, int *done)
{
    *done = 0;
    amq_status st = blocked_check_inner(f, "blocked rate enclosure");
    if (st || (st = blocked_check_b(b, "blocked rate enclosure")) ||
        (st = blocked_check_prec(prec, "blocked rate enclosure")))
        return st;
    if (n == 0 || b == 1) {
        *done = 1;
        return inner_point(lo, hi, prec, f, b == 1 ? n : 0);
    }
    return AMQ_OK;
}

amq_status amq_blocked_fp_enclose_window(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_rate *f,
                                         uint64_t b, uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_fp_enclose_window: NULL argument");
    int done;
    amq_status st = enclose_checks(lo, hi, prec, f, b, n, &done);
    if (st || done)
        return st;
    int too_wide;
    return window_enclose(lo, hi, prec, f, b, n, &too_wide);
}

amq_status amq_blocked_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_rate *f, uint64_t b,
                                  uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_fp_enclose: NULL argument");
    int done;
    amq_status st = enclose_checks(lo, hi, prec, f, b, n, &done);
    if (st || done)
        return st;
    if (f->expsum && amq_blocked_window_terms(b, n, prec) > (double)AMQ_BLOCKED_WINDOW_PREFER)
        return amq_blocked_fp_enclose_pgf(lo, hi, prec, f, b, n);
    int too_wide;
    st = window_enclose(lo, hi, prec, f, b, n, &too_wide);
    if (st && too_wide && f->expsum)
        st = amq_blocked_fp_enclose_pgf(lo, hi, prec, f, b, n);
    return st;
}

amq_status amq_blocked_fp_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params)
{
    if (!lo || !hi || !params)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_fp_enclose_cb: NULL argument");
    const amq_blocked_params *p = params;
    return amq_blocked_fp_enclose(lo, hi, prec, p->inner, p->b, p->n);
}
