/* Certified numbers: correctly rounded decimals of exact rationals and of values
 * known only through an enclosure [lo, hi] (see amq/certified.h).
 *
 * All rounding is done here, on exact rationals, with one rounding rule
 * (round to nearest, ties to even on the last kept digit; or floor / ceiling for
 * the directed variants), so that the decimal of an exact rational and the decimal
 * certified from an enclosure of the same value always agree. */
#include <lib_internal/fail.h>
#include <amq/certified.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 10^e for e >= 0 (e fits in unsigned long: callers keep |e| far below 2^31). */
static void pow10_z(mpz_t rop, unsigned long e) { mpz_ui_pow_ui(rop, 10, e); }

/* Sign of q - 10^e, exactly (q > 0). */
static int cmp_pow10(const mpq_t q, long long e)
{
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    if (e >= 0) {
        pow10_z(b, (unsigned long)e);
        mpz_mul(b, b, mpq_denref(q));
        mpz_set(a, mpq_numref(q));
    } else {
        pow10_z(a, (unsigned long)(-e));
        mpz_mul(a, a, mpq_numref(q));
        mpz_set(b, mpq_denref(q));
    }
    int c = mpz_cmp(a, b);
    mpz_clears(a, b, NULL);
    return c;
}

/* Round |q| (q != 0) to `digits` significant decimal digits: |q| ~ M * 10^(e - digits + 1)
 * with 10^(digits-1) <= M < 10^digits. dir: AMQ_ROUND_NEAREST (ties to even),
 * AMQ_ROUND_DOWN / AMQ_ROUND_UP act on the magnitude here (the caller mirrors them
 * for negative values). */
static amq_status round_mag(mpz_t M, long long *e_out, const mpq_t q, int digits, int dir)
{
    mpq_t a;
    mpq_init(a);
    mpq_abs(a, q);
    long long bn = (long long)mpz_sizeinbase(mpq_numref(a), 2);
    long long bd = (long long)mpz_sizeinbase(mpq_denref(a), 2);
    /* log2|q| lies in (bn - bd - 1, bn - bd + 1); the estimate is off by at most one. */
    long long ediff = bn - bd;
    if (ediff > (1LL << 40) || ediff < -(1LL << 40)) {
        mpq_clear(a);
        return amq_fail(AMQ_E_TOO_LARGE, "decimal: rational with a %lld-bit exponent is too large to print",
                        ediff);
    }
    long long e = (long long)((double)ediff * 0.30102999566398120);
    e -= 1;
    while (cmp_pow10(a, e) < 0)
        e--;
    while (cmp_pow10(a, e + 1) >= 0)
        e++;
    /* Now 10^e <= |q| < 10^(e+1). Scale by 10^s, s = digits - 1 - e. */
    long long s = (long long)digits - 1 - e;
    mpz_t num, den, p, r;
    mpz_inits(num, den, p, r, NULL);
    mpz_set(num, mpq_numref(a));
    mpz_set(den, mpq_denref(a));
    if (s >= 0) {
        pow10_z(p, (unsigned long)s);
        mpz_mul(num, num, p);
    } else {
        pow10_z(p, (unsigned long)(-s));
        mpz_mul(den, den, p);
    }
    mpz_tdiv_qr(M, r, num, den);
    if (mpz_sgn(r) != 0) {
        if (dir == AMQ_ROUND_UP) {
            mpz_add_ui(M, M, 1);
        } else if (dir == AMQ_ROUND_NEAREST) {
            mpz_mul_2exp(r, r, 1);
            int c = mpz_cmp(r, den);
            if (c > 0 || (c == 0 && mpz_odd_p(M)))
                mpz_add_ui(M, M, 1);
        }
    }
    pow10_z(p, (unsigned long)digits);
    if (mpz_cmp(M, p) == 0) { /* carry: 9.99..95 -> 1.00..0e(e+1) */
        pow10_z(M, (unsigned long)(digits - 1));
        e++;
    }
    *e_out = e;
    mpz_clears(num, den, p, r, NULL);
    mpq_clear(a);
    return AMQ_OK;
}

/* "-d.ddde+XX" from M (exactly `digits` digits) and exponent e. */
static amq_status format_sci(char **out, int neg, const mpz_t M, long long e, int digits)
{
    char *ds = mpz_get_str(NULL, 10, M);
    if (!ds)
        return amq_fail(AMQ_E_NOMEM, "decimal: out of memory");
    size_t len = strlen(ds);
    size_t cap = len + 32;
    char *s = malloc(cap);
    if (!s) {
        free(ds);
        return amq_fail(AMQ_E_NOMEM, "decimal: out of memory");
    }
    size_t o = 0;
    if (neg)
        s[o++] = '-';
    s[o++] = ds[0];
    if (digits > 1) {
        s[o++] = '.';
        memcpy(s + o, ds + 1, len - 1);
        o += len - 1;
    }
    snprintf(s + o, cap - o, "e%c%02lld", e < 0 ? '-' : '+', e < 0 ? -e : e);
    free(ds);
    *out = s;
    return AMQ_OK;
}

static amq_status check_digits(int digits)
{
    if (digits < 1 || digits > AMQ_DECIMAL_MAX_DIGITS)
        return amq_fail(AMQ_E_INVALID_ARG, "decimal: digits = %d outside [1, %d]", digits,
                        AMQ_DECIMAL_MAX_DIGITS);
    return AMQ_OK;
}

static amq_status dup_str(char **out, const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (!d)
        return amq_fail(AMQ_E_NOMEM, "decimal: out of memory");
    memcpy(d, s, n);
    *out = d;
    return AMQ_OK;
}

amq_status amq_mpq_decimal_dir(char **out, const mpq_t q, int digits, amq_round_dir dir)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "decimal: NULL output pointer");
    *out = NULL;
    if (!q)
        return amq_fail(AMQ_E_INVALID_ARG, "decimal: NULL value");
    amq_status st = check_digits(digits);
    if (st)
        return st;
    if (dir != AMQ_ROUND_NEAREST && dir != AMQ_ROUND_DOWN && dir != AMQ_ROUND_UP)
        return amq_fail(AMQ_E_INVALID_ARG, "decimal: unknown rounding direction %d", (int)dir);
    int sg = mpq_sgn(q);
    if (sg == 0)
        return dup_str(out, "0");
    if (mpq_cmp_ui(q, 1, 1) == 0)
        return dup_str(out, "1");
    /* For negative q, rounding the value down means rounding the magnitude up. */
    int mdir = dir;
    if (sg < 0 && dir != AMQ_ROUND_NEAREST)
        mdir = dir == AMQ_ROUND_DOWN ? AMQ_ROUND_UP : AMQ_ROUND_DOWN;
    mpz_t M;
    mpz_init(M);
    long long e;
    st = round_mag(M, &e, q, digits, mdir);
    if (!st)
        st = format_sci(out, sg < 0, M, e, digits);
    mpz_clear(M);
    return st;
}

amq_status amq_mpq_decimal(char **out, const mpq_t q, int digits)
{
    return amq_mpq_decimal_dir(out, q, digits, AMQ_ROUND_NEAREST);
}

amq_status amq_mpfr_decimal(char **out, const mpfr_t x, int digits, amq_round_dir dir)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "decimal: NULL output pointer");
    *out = NULL;
    if (!x)
        return amq_fail(AMQ_E_INVALID_ARG, "decimal: NULL value");
    if (!mpfr_number_p(x))
        return amq_fail(AMQ_E_INVALID_ARG, "decimal: value is %s, not a finite number",
                        mpfr_nan_p(x) ? "NaN" : "infinite");
    mpq_t q;
    mpq_init(q);
    mpfr_get_q(q, x); /* exact */
    amq_status st = amq_mpq_decimal_dir(out, q, digits, dir);
    mpq_clear(q);
    return st;
}

/* Key of the nearest rounding of x: sign, mantissa, exponent (x != 0). */
typedef struct { int sign; mpz_t M; long long e; } dec_key;

static amq_status key_of(dec_key *k, const mpfr_t x, int digits)
{
    mpq_t q;
    mpq_init(q);
    mpfr_get_q(q, x);
    k->sign = mpq_sgn(q);
    amq_status st = AMQ_OK;
    k->e = 0;
    if (k->sign != 0)
        st = round_mag(k->M, &k->e, q, digits, AMQ_ROUND_NEAREST);
    mpq_clear(q);
    return st;
}

amq_status amq_certified_decimal(char **out, amq_enclose_fn f, const void *params, int digits,
                                 mpfr_t lo_out, mpfr_t hi_out)
{
    mpfr_ptr lop = lo_out, hip = hi_out;
    if (!out || !f)
        return amq_fail(AMQ_E_INVALID_ARG, "certified decimal: NULL %s", out ? "enclosure routine" : "output pointer");
    *out = NULL;
    amq_status st = check_digits(digits);
    if (st)
        return st;
    mpfr_prec_t prec = 64 + 4 * (mpfr_prec_t)digits;
    mpfr_t lo, hi;
    mpfr_inits2(prec, lo, hi, (mpfr_ptr)0);
    dec_key a, b;
    mpz_inits(a.M, b.M, NULL);
    for (;;) {
        mpfr_set_prec(lo, prec);
        mpfr_set_prec(hi, prec);
        st = f(lo, hi, prec, params);
        if (st)
            break;
        if (!mpfr_number_p(lo) || !mpfr_number_p(hi) || mpfr_greater_p(lo, hi)) {
            st = amq_fail(AMQ_E_INVALID_ARG, "certified decimal: enclosure routine returned an invalid "
                                             "interval (NaN, infinite, or lo > hi) at precision %ld",
                          (long)prec);
            break;
        }
        if (mpfr_equal_p(lo, hi)) { /* the value is exactly lo: print it exactly */
            st = amq_mpfr_decimal(out, lo, digits, AMQ_ROUND_NEAREST);
            break;
        }
        if ((st = key_of(&a, lo, digits)) || (st = key_of(&b, hi, digits)))
            break;
        /* Rounding to nearest (ties to even) is monotone: if both ends round to the same
         * decimal, so does every value between them. */
        if (a.sign == b.sign && a.sign != 0 && a.e == b.e && mpz_cmp(a.M, b.M) == 0) {
            st = format_sci(out, a.sign < 0, a.M, a.e, digits);
            break;
        }
        if (prec >= AMQ_CERTIFIED_MAX_PREC) {
            st = amq_fail(AMQ_E_TOO_LARGE,
                          "certified decimal: enclosure still straddles a rounding boundary of %d "
                          "digits at precision %ld bits (value too close to, or exactly on, a "
                          "decimal tie, or enclosure too loose)",
                          digits, (long)prec);
            break;
        }
        prec *= 2;
        if (prec > AMQ_CERTIFIED_MAX_PREC)
            prec = AMQ_CERTIFIED_MAX_PREC;
    }
    if (!st) {
        if (lop)
            mpfr_set(lop, lo, MPFR_RNDD);
        if (hip)
            mpfr_set(hip, hi, MPFR_RNDU);
    } else {
        free(*out);
        *out = NULL;
    }
    mpz_clears(a.M, b.M, NULL);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}
