/* Dillinger & Manolios equation 3, k(r) = ceil(3.8^(1/(r + 4.2)) * r * ln 2) for r = m/n,
 * against the certified barriers of equation 1 (omissions_optimal_k.c): its barriers (where
 * the expression inside the ceiling equals k), their largest relative error, and the share
 * of m/n where it picks another k than the optimum.  Every number is a certified enclosure:
 * f(r) = 3.8^(1/(r + 4.2)) r ln 2 is increasing for r > 0 (d ln f / dr = 1/r -
 * ln 3.8 / (r + 4.2)^2 > 0), so it is enclosed by evaluating with the rounding directions
 * that move it down (lower end) or up (upper end), and its root by bisection.  3.8 and 4.2
 * are the exact decimals 19/5 and 21/5.  Method: docs/rates-omissions.md. */
#include <lib_internal/fail.h>
#include <amq/spec_omissions.h>
#include <amq/certified.h>
#include <stdlib.h>
#include <string.h>

/* f(r) rounded down (dir = MPFR_RNDD) or up (MPFR_RNDU) into out; r exact. */
static void eq3_f(mpfr_t out, const mpfr_t r, mpfr_rnd_t dir, mpfr_prec_t prec)
{
    const mpfr_rnd_t against = dir == MPFR_RNDD ? MPFR_RNDU : MPFR_RNDD;
    mpfr_t t, base, ln2;
    mpfr_inits2(prec, t, base, ln2, (mpfr_ptr)0);
    mpfr_set_ui(t, 21, against);
    mpfr_div_ui(t, t, 5, against);  /* 4.2, rounded against dir: a larger sum lowers f */
    mpfr_add(t, t, r, against);     /* r + 4.2 */
    mpfr_ui_div(t, 1, t, dir);      /* 1 / (r + 4.2) */
    mpfr_set_ui(base, 19, dir);
    mpfr_div_ui(base, base, 5, dir); /* 3.8 */
    mpfr_pow(out, base, t, dir);     /* base > 1, exponent > 0: increasing in both */
    mpfr_const_log2(ln2, dir);
    mpfr_mul(out, out, ln2, dir);
    mpfr_mul(out, out, r, dir);
    mpfr_clears(t, base, ln2, (mpfr_ptr)0);
}

/* Relative width of [lo, hi] at most 2^-bits. */
static int narrow(const mpfr_t lo, const mpfr_t hi, int bits, mpfr_prec_t prec)
{
    mpfr_t w;
    mpfr_init2(w, prec);
    mpfr_sub(w, hi, lo, MPFR_RNDU);
    mpfr_div(w, w, lo, MPFR_RNDU);
    const int ok = mpfr_cmp_ui_2exp(w, 1, -bits) <= 0;
    mpfr_clear(w);
    return ok;
}

amq_status amq_omissions_eq3_barrier_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t k)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_eq3_barrier_enclose: NULL argument");
    if (k == 0 || k > 100000)
        return amq_fail(AMQ_E_INVALID_K, "equation 3 barrier: k = %llu outside [1, 100000]", ULL(k));
    if (bits < 1 || bits > 1000)
        return amq_fail(AMQ_E_INVALID_ARG, "equation 3 barrier: bits = %d outside [1, 1000]", bits);
    /* f(0) = 0 < k and f(r) >= r ln 2 > k for r = 2k: the root is in (0, 2k) */
    for (mpfr_prec_t prec = (mpfr_prec_t)bits + 64; prec <= 4 * ((mpfr_prec_t)bits + 64); prec *= 2) {
        mpfr_t a, b, mid, flo, fhi;
        mpfr_inits2(prec, a, b, mid, flo, fhi, (mpfr_ptr)0);
        mpfr_set_ui(a, 0, MPFR_RNDN);
        mpfr_set_ui(b, 2 * k, MPFR_RNDN);
        int undecided = 0;
        /* invariant: f(a) < k < f(b), certified */
        while (!undecided && (mpfr_zero_p(a) || !narrow(a, b, bits, prec))) {
            mpfr_add(mid, a, b, MPFR_RNDN);
            mpfr_div_2ui(mid, mid, 1, MPFR_RNDN); /* any point of (a, b) will do */
            eq3_f(fhi, mid, MPFR_RNDU, prec);
            eq3_f(flo, mid, MPFR_RNDD, prec);
            if (mpfr_cmp_ui(fhi, k) < 0)
                mpfr_set(a, mid, MPFR_RNDN);
            else if (mpfr_cmp_ui(flo, k) > 0)
                mpfr_set(b, mid, MPFR_RNDN);
            else
                undecided = 1; /* f(mid) within rounding of k: more precision */
        }
        if (!undecided) {
            mpfr_set(lo, a, MPFR_RNDD);
            mpfr_set(hi, b, MPFR_RNDU);
        }
        mpfr_clears(a, b, mid, flo, fhi, (mpfr_ptr)0);
        if (!undecided)
            return AMQ_OK;
    }
    return amq_fail(AMQ_E_TOO_LARGE, "equation 3 barrier: k = %llu: the root could not be certified to %d bits", ULL(k),
                    bits);
}

amq_status amq_omissions_eq3_barrier_decimal(char **out, uint64_t k, int digits)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_eq3_barrier_decimal: NULL argument");
    if (digits < 1 || digits > 250)
        return amq_fail(AMQ_E_INVALID_ARG, "equation 3 barrier decimal: digits = %d outside [1, 250]", digits);
    amq_status s = AMQ_OK;
    for (int bits = 4 * digits + 16; s == AMQ_OK && bits <= 1000; bits *= 2) {
        mpfr_t lo, hi;
        mpfr_inits2((mpfr_prec_t)bits + 64, lo, hi, (mpfr_ptr)0);
        char *a = NULL, *b = NULL;
        if ((s = amq_omissions_eq3_barrier_enclose(lo, hi, bits, k)) == AMQ_OK &&
            (s = amq_mpfr_decimal(&a, lo, digits, AMQ_ROUND_NEAREST)) == AMQ_OK &&
            (s = amq_mpfr_decimal(&b, hi, digits, AMQ_ROUND_NEAREST)) == AMQ_OK && !strcmp(a, b)) {
            *out = a; /* both ends round alike: correctly rounded */
            a = NULL;
        }
        const int done = s == AMQ_OK && *out && !a;
        free(a);
        free(b);
        mpfr_clears(lo, hi, (mpfr_ptr)0);
        if (done)
            return AMQ_OK;
    }
    return s != AMQ_OK ? s : amq_fail(AMQ_E_TOO_LARGE, "equation 3 barrier decimal: k = %llu: no correct rounding to "
                                                        "%d digits within 1000 bits", ULL(k), digits);
}

amq_status amq_omissions_eq3_k(uint64_t *k, const mpq_t r)
{
    if (!k || !r)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_eq3_k: NULL argument");
    if (mpq_sgn(r) <= 0)
        return amq_fail(AMQ_E_INVALID_ARG, "equation 3 optimum k: m/n must be positive");
    for (mpfr_prec_t prec = 128; prec <= 4096; prec *= 2) {
        mpfr_t x, flo, fhi;
        mpfr_inits2(prec, x, flo, fhi, (mpfr_ptr)0);
        int done = 0;
        /* f is increasing: f(r) lies between f at r rounded down and f at r rounded up */
        mpfr_set_q(x, r, MPFR_RNDD);
        eq3_f(flo, x, MPFR_RNDD, prec);
        mpfr_set_q(x, r, MPFR_RNDU);
        eq3_f(fhi, x, MPFR_RNDU, prec);
        mpfr_ceil(flo, flo);
        mpfr_ceil(fhi, fhi);
        if (mpfr_equal_p(flo, fhi) && mpfr_fits_ulong_p(flo, MPFR_RNDN)) {
            *k = mpfr_get_ui(flo, MPFR_RNDN);
            done = 1;
        }
        mpfr_clears(x, flo, fhi, (mpfr_ptr)0);
        if (done)
            return AMQ_OK;
    }
    return amq_fail(AMQ_E_TOO_LARGE, "equation 3 optimum k: m/n is on (or within 2^-4000 of) one of equation 3's barriers");
}

/* Measure of the part of [a, b) between x and y, for x in [xl, xh] and y in [yl, yh]:
 * U - L with U = min(max(x, y), b) and L = max(min(x, y), a), both increasing in x and y. */
static void disagreement(mpfr_t mlo, mpfr_t mhi, const mpfr_t xl, const mpfr_t xh, const mpfr_t yl,
                         const mpfr_t yh, const mpfr_t a, const mpfr_t b, mpfr_prec_t prec)
{
    mpfr_t u, l;
    mpfr_inits2(prec, u, l, (mpfr_ptr)0);
    mpfr_max(u, xl, yl, MPFR_RNDD); /* U at its lowest, L at its highest */
    mpfr_min(u, u, b, MPFR_RNDD);
    mpfr_min(l, xh, yh, MPFR_RNDU);
    mpfr_max(l, l, a, MPFR_RNDU);
    mpfr_sub(mlo, u, l, MPFR_RNDD);
    if (mpfr_sgn(mlo) < 0)
        mpfr_set_zero(mlo, 1);
    mpfr_max(u, xh, yh, MPFR_RNDU);
    mpfr_min(u, u, b, MPFR_RNDU);
    mpfr_min(l, xl, yl, MPFR_RNDD);
    mpfr_max(l, l, a, MPFR_RNDD);
    mpfr_sub(mhi, u, l, MPFR_RNDU);
    if (mpfr_sgn(mhi) < 0)
        mpfr_set_zero(mhi, 1);
    mpfr_clears(u, l, (mpfr_ptr)0);
}

amq_status amq_omissions_eq3_compare(amq_omissions_eq3_stats *st, uint64_t kmax, const mpq_t from, const mpq_t to)
{
    if (!st || !from || !to)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_eq3_compare: NULL argument");
    if (kmax == 0 || kmax > 10000 || mpq_sgn(from) <= 0 || mpq_cmp(to, from) <= 0 || mpq_cmp_ui(to, 10000, 1) > 0)
        return amq_fail(AMQ_E_INVALID_ARG, "equation 3 barrier comparison: needs 1 <= kmax <= 10000 and 0 < from < to <= 10000");
    const int bits = 64;
    const mpfr_prec_t prec = 128;
    mpfr_t bl, bh, el, eh, pbl, pbh, pel, peh, d, rl, rh, a, b, mlo, mhi;
    mpfr_inits2(prec, bl, bh, el, eh, pbl, pbh, pel, peh, d, rl, rh, a, b, mlo, mhi, (mpfr_ptr)0);
    mpfr_inits2(prec, st->max_relerr_lo, st->max_relerr_hi, st->share_lo, st->share_hi, (mpfr_ptr)0);
    mpfr_set_zero(st->max_relerr_lo, 1);
    mpfr_set_zero(st->max_relerr_hi, 1);
    mpfr_set_zero(st->share_lo, 1);
    mpfr_set_zero(st->share_hi, 1);
    mpfr_t a_hi, b_lo; /* the range's ends rounded inward and outward, for a sound measure */
    mpfr_inits2(prec, a_hi, b_lo, (mpfr_ptr)0);
    mpfr_set_q(a, from, MPFR_RNDD);
    mpfr_set_q(a_hi, from, MPFR_RNDU);
    mpfr_set_q(b, to, MPFR_RNDU);
    mpfr_set_q(b_lo, to, MPFR_RNDD);
    st->argmax = 0;
    st->argmax_certain = 1;
    amq_status s = AMQ_OK;
    /* barriers up to the last pair that is entirely >= to (both sequences beyond the range) */
    for (uint64_t k = 1; s == AMQ_OK; k++) {
        if ((s = amq_omissions_barrier_enclose(bl, bh, bits, k)) != AMQ_OK ||
            (s = amq_omissions_eq3_barrier_enclose(el, eh, bits, k)) != AMQ_OK)
            break;
        if (k > 1 && (mpfr_cmp(pbh, bl) >= 0 || mpfr_cmp(pbh, el) >= 0 || mpfr_cmp(peh, bl) >= 0 ||
                      mpfr_cmp(peh, el) >= 0)) { /* the measure below assumes the barriers interleave */
            s = amq_fail(AMQ_E_TOO_LARGE, "equation 3 barrier comparison: barriers %llu and %llu do not interleave", ULL(k - 1),
                         ULL(k));
            break;
        }
        if (k <= kmax) { /* relative error |e - b| / b */
            mpfr_sub(rl, el, bh, MPFR_RNDD);
            mpfr_sub(rh, eh, bl, MPFR_RNDU);
            if (mpfr_sgn(rl) < 0 && mpfr_sgn(rh) > 0) { /* straddles 0: |.| in [0, max] */
                mpfr_neg(rl, rl, MPFR_RNDU);
                mpfr_max(rh, rh, rl, MPFR_RNDU);
                mpfr_set_zero(rl, 1);
            } else if (mpfr_sgn(rh) <= 0) {
                mpfr_neg(d, rh, MPFR_RNDD);
                mpfr_neg(rh, rl, MPFR_RNDU);
                mpfr_set(rl, d, MPFR_RNDD);
            }
            mpfr_div(rl, rl, bh, MPFR_RNDD);
            mpfr_div(rh, rh, bl, MPFR_RNDU);
            if (mpfr_cmp(rh, st->max_relerr_hi) > 0)
                mpfr_set(st->max_relerr_hi, rh, MPFR_RNDU);
            if (mpfr_cmp(rl, st->max_relerr_lo) > 0) {
                mpfr_set(st->max_relerr_lo, rl, MPFR_RNDD);
                st->argmax = k;
            }
        }
        disagreement(mlo, d, bl, bh, el, eh, a_hi, b_lo, prec); /* inner range: a lower bound */
        mpfr_add(st->share_lo, st->share_lo, mlo, MPFR_RNDD);
        disagreement(d, mhi, bl, bh, el, eh, a, b, prec); /* outer range: an upper bound */
        mpfr_add(st->share_hi, st->share_hi, mhi, MPFR_RNDU);
        mpfr_set(pbl, bl, MPFR_RNDD), mpfr_set(pbh, bh, MPFR_RNDU);
        mpfr_set(pel, el, MPFR_RNDD), mpfr_set(peh, eh, MPFR_RNDU);
        if (k >= kmax && mpfr_cmp(bl, b) >= 0 && mpfr_cmp(el, b) >= 0)
            break;
    }
    if (s == AMQ_OK) {
        /* the argmax is certain when no other k's upper end reaches the winner's lower end;
         * recomputing every k's upper end against it is cheap enough */
        for (uint64_t k = 1; k <= kmax && s == AMQ_OK; k++) {
            if (k == st->argmax)
                continue;
            if ((s = amq_omissions_barrier_enclose(bl, bh, bits, k)) != AMQ_OK ||
                (s = amq_omissions_eq3_barrier_enclose(el, eh, bits, k)) != AMQ_OK)
                break;
            mpfr_sub(rh, eh, bl, MPFR_RNDU);
            mpfr_sub(rl, bh, el, MPFR_RNDU);
            mpfr_max(rh, rh, rl, MPFR_RNDU);
            mpfr_div(rh, rh, bl, MPFR_RNDU);
            if (mpfr_cmp(rh, st->max_relerr_lo) >= 0)
                st->argmax_certain = 0;
        }
        mpfr_sub(d, b, a, MPFR_RNDU); /* the range's length, rounded up for the lower end */
        mpfr_div(st->share_lo, st->share_lo, d, MPFR_RNDD);
        mpfr_sub(d, b_lo, a_hi, MPFR_RNDD);
        mpfr_div(st->share_hi, st->share_hi, d, MPFR_RNDU);
    }
    mpfr_clears(a_hi, b_lo, (mpfr_ptr)0);
    mpfr_clears(bl, bh, el, eh, pbl, pbh, pel, peh, d, rl, rh, a, b, mlo, mhi, (mpfr_ptr)0);
    if (s != AMQ_OK)
        amq_omissions_eq3_stats_clear(st);
    return s;
}

void amq_omissions_eq3_stats_clear(amq_omissions_eq3_stats *st)
{
    if (!st)
        return;
    mpfr_clears(st->max_relerr_lo, st->max_relerr_hi, st->share_lo, st->share_hi, (mpfr_ptr)0);
}
