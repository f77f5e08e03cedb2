/* Hash omissions, fingerprinting, optimal k, barriers and the state-count estimate of
 * Dillinger & Manolios (see amq/spec_omissions.h for the definitions and the methods).
 *
 * Everything returned as a number is exact (mpq) or a certified enclosure: every MPFR
 * operation below is rounded in the direction that keeps the true value inside, and
 * each step says why the direction is right (monotonicity of the function involved). */
#include <internal/fail.h>
#include "internal/spec_interval.h"
#include <amq/spec_omissions.h>
#include <amq/spec_bloom.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static amq_status check_params(const amq_omis_params *p, const char *who)
{
    if (!p)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: NULL parameters", who);
    if (p->m == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: m = 0 (a Bloom filter needs at least one bit)", who);
    if (p->model != AMQ_OMIS_EXACT && p->model != AMQ_OMIS_PAPER)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: unknown model %d", who, (int)p->model);
    if (p->s && mpz_sgn(p->s) <= 0)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: fingerprint space s must be >= 1", who);
    return AMQ_OK;
}

/* Rate edge cases: 1 and sets *v (0 or 1) when f_i is decided without computation. */
static int rate_edge(const amq_omis_params *p, uint64_t i, int *v)
{
    if (p->k == 0) { *v = 1; return 1; }
    if (i == 0) { *v = 0; return 1; }
    if (p->m == 1 || (p->s && mpz_cmp_ui(p->s, 1) == 0)) { *v = 1; return 1; }
    return 0;
}

/* Generic correctly rounded decimal from an enclosure routine taking a width target
 * in bits: both ends rounded to nearest must agree (rounding is monotone). */
typedef amq_status (*bits_fn)(mpfr_t lo, mpfr_t hi, int bits, const void *ctx);

static amq_status decimal_bits(char **out, bits_fn f, const void *ctx, int digits, mpfr_t lo_out,
                               mpfr_t hi_out, const char *who)
{
    mpfr_ptr lop = lo_out, hip = hi_out;
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: NULL output pointer", who);
    *out = NULL;
    if (digits < 1 || digits > AMQ_DECIMAL_MAX_DIGITS)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: digits = %d outside [1, %d]", who, digits,
                        AMQ_DECIMAL_MAX_DIGITS);
    int bits = digits * 10 / 3 + 10;
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    amq_status st;
    char *a = NULL, *b = NULL;
    for (;;) {
        if (bits > AMQ_OMIS_MAX_BITS)
            bits = AMQ_OMIS_MAX_BITS;
        if ((st = f(lo, hi, bits, ctx)) != AMQ_OK)
            break;
        if (mpfr_equal_p(lo, hi)) {
            st = amq_mpfr_decimal(out, lo, digits, AMQ_ROUND_NEAREST);
            break;
        }
        if ((st = amq_mpfr_decimal(&a, lo, digits, AMQ_ROUND_NEAREST)) != AMQ_OK ||
            (st = amq_mpfr_decimal(&b, hi, digits, AMQ_ROUND_NEAREST)) != AMQ_OK)
            break;
        if (strcmp(a, b) == 0) {
            *out = a;
            a = NULL;
            break;
        }
        free(a);
        free(b);
        a = b = NULL;
        if (bits >= AMQ_OMIS_MAX_BITS) {
            st = amq_fail(AMQ_E_TOO_LARGE,
                          "%s: the enclosure still straddles a rounding boundary of %d digits at "
                          "a width of 2^-%d (value on, or extremely close to, a decimal tie)",
                          who, digits, bits);
            break;
        }
        bits *= 2;
    }
    free(a);
    free(b);
    if (st == AMQ_OK) {
        if (lop)
            mpfr_set(lop, lo, MPFR_RNDD);
        if (hip)
            mpfr_set(hip, hi, MPFR_RNDU);
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}

/* ------------------------------------------------------------------------------------
 * fingerprints
 * ---------------------------------------------------------------------------------- */

amq_status amq_fingerprint_space(mpz_t s, uint64_t m, unsigned indices, unsigned minus_bits)
{
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "fingerprint_space: m = 0");
    if (indices > 64)
        return amq_fail(AMQ_E_TOO_LARGE, "fingerprint_space: %u indices (at most 64)", indices);
    mpz_t t;
    mpz_init(t);
    z_set_u64(t, m);
    mpz_pow_ui(t, t, indices);
    amq_status st = AMQ_OK;
    if (!mpz_divisible_2exp_p(t, minus_bits) || mpz_sizeinbase(t, 2) <= minus_bits)
        st = amq_fail(AMQ_E_INVALID_ARG,
                      "fingerprint_space: m^%u = %llu^%u is not a multiple of 2^%u larger than it",
                      indices, ULL(m), indices, minus_bits);
    else {
        mpz_tdiv_q_2exp(t, t, minus_bits);
        mpz_set(s, t);
    }
    mpz_clear(t);
    return st;
}

amq_status amq_fingerprint_fp_exact(mpq_t rop, mpz_srcptr s, uint64_t i)
{
    if (!s || mpz_sgn(s) <= 0)
        return amq_fail(AMQ_E_INVALID_ARG, "fingerprint_fp_exact: s must be >= 1");
    if (i == 0 || mpz_cmp_ui(s, 1) == 0) {
        mpq_set_ui(rop, i == 0 ? 0 : 1, 1);
        return AMQ_OK;
    }
    double bits = (double)i * (double)mpz_sizeinbase(s, 2);
    if (bits > AMQ_OMIS_EXACT_MAX_BITS)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "fingerprint_fp_exact: the denominator s^i would have about %.3g bits (limit "
                        "2^26); use amq_fingerprint_fp_enclose",
                        bits);
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    mpz_pow_ui(a, s, (unsigned long)i);
    mpz_sub_ui(b, s, 1);
    mpz_pow_ui(b, b, (unsigned long)i);
    /* (s^i - (s-1)^i)/s^i is reduced: for a prime q | s the numerator is -(-1)^i mod q */
    mpz_sub(mpq_numref(rop), a, b);
    mpz_set(mpq_denref(rop), a);
    mpz_clears(a, b, NULL);
    return AMQ_OK;
}

amq_status amq_fingerprint_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, mpz_srcptr s, uint64_t i)
{
    if (!s || mpz_sgn(s) <= 0)
        return amq_fail(AMQ_E_INVALID_ARG, "fingerprint_fp_enclose: s must be >= 1");
    if (prec < MPFR_PREC_MIN || prec > (mpfr_prec_t)1 << 20)
        return amq_fail(AMQ_E_INVALID_ARG, "fingerprint_fp_enclose: precision %ld out of range", (long)prec);
    if (i == 0 || mpz_cmp_ui(s, 1) == 0) {
        mpfr_set_ui(lo, i == 0 ? 0 : 1, MPFR_RNDD);
        mpfr_set_ui(hi, i == 0 ? 0 : 1, MPFR_RNDU);
        return AMQ_OK;
    }
    /* f = -expm1(i log(1 - 1/s)): decreasing in the log, which we enclose. */
    ivl l;
    ivl_init(&l, prec + 16);
    ivl_log1m_inv_z(&l, s);
    ivl_mul_u64(&l, &l, i);
    mpfr_expm1(l.hi, l.hi, MPFR_RNDU); /* the larger log gives the smaller f */
    mpfr_expm1(l.lo, l.lo, MPFR_RNDD);
    mpfr_neg(l.hi, l.hi, MPFR_RNDN);
    mpfr_neg(l.lo, l.lo, MPFR_RNDN);
    ivl f;
    ivl_init(&f, prec + 16);
    mpfr_set(f.lo, l.hi, MPFR_RNDD);
    mpfr_set(f.hi, l.lo, MPFR_RNDU);
    ivl_clamp01(&f);
    fr_put_outward(lo, hi, f.lo, f.hi);
    ivl_clear(&l);
    ivl_clear(&f);
    return AMQ_OK;
}

typedef struct { mpz_srcptr s; uint64_t i; } fpc_ctx;

static amq_status fpc_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    const fpc_ctx *c = ctx;
    mpfr_set_prec(lo, bits + 32);
    mpfr_set_prec(hi, bits + 32);
    return amq_fingerprint_fp_enclose(lo, hi, bits + 32, c->s, c->i);
}

amq_status amq_fingerprint_fp_decimal(char **out, mpz_srcptr s, uint64_t i, int digits, mpfr_t lo,
                                      mpfr_t hi)
{
    fpc_ctx c = {s, i};
    return decimal_bits(out, fpc_bits, &c, digits, lo, hi, "fingerprint_fp_decimal");
}

/* ------------------------------------------------------------------------------------
 * D&M's Bloom formula (paper approximation)
 * ---------------------------------------------------------------------------------- */

amq_status amq_bloom_fp_paper_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t i)
{
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "bloom_fp_paper_exact: m = 0");
    if (k == 0 || i == 0 || m == 1) {
        mpq_set_ui(rop, (k == 0 || m == 1) && (k == 0 || i > 0) ? 1 : 0, 1);
        return AMQ_OK;
    }
    double bits = (double)k * (double)k * (double)i * log2((double)m);
    if (bits > AMQ_OMIS_EXACT_MAX_BITS)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "bloom_fp_paper_exact: the denominator m^(i k^2) would have about %.3g bits "
                        "(limit 2^26); use amq_bloom_fp_paper_enclose",
                        bits);
    unsigned long ik = (unsigned long)(i * k);
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    z_set_u64(a, m);
    mpz_sub_ui(b, a, 1);
    mpz_pow_ui(a, a, ik);
    mpz_pow_ui(b, b, ik);
    mpz_sub(b, a, b); /* m^{ik} - (m-1)^{ik}, coprime to m */
    mpz_pow_ui(mpq_numref(rop), b, (unsigned long)k);
    mpz_pow_ui(mpq_denref(rop), a, (unsigned long)k);
    mpz_clears(a, b, NULL);
    return AMQ_OK;
}

amq_status amq_bloom_fp_paper_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k,
                                      uint64_t i)
{
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "bloom_fp_paper_enclose: m = 0");
    if (prec < MPFR_PREC_MIN || prec > (mpfr_prec_t)1 << 20)
        return amq_fail(AMQ_E_INVALID_ARG, "bloom_fp_paper_enclose: precision %ld out of range", (long)prec);
    if (k == 0 || i == 0 || m == 1) {
        int v = (k == 0 || m == 1) && (k == 0 || i > 0);
        mpfr_set_ui(lo, (unsigned long)v, MPFR_RNDD);
        mpfr_set_ui(hi, (unsigned long)v, MPFR_RNDU);
        return AMQ_OK;
    }
    mpfr_prec_t wp = prec + 32;
    ivl l, v;
    ivl_init(&l, wp);
    ivl_init(&v, wp);
    ivl_log1m_frac(&l, 1, m, 8); /* log(1 - 1/m) */
    ivl_mul_u64(&l, &l, i);
    ivl_mul_u64(&l, &l, k); /* x = ik log(1-1/m) < 0 */
    /* v = 1 - e^x = -expm1(x) decreases in x; f = v^k increases in v. */
    mpfr_expm1(v.lo, l.hi, MPFR_RNDU);
    mpfr_neg(v.lo, v.lo, MPFR_RNDN);
    mpfr_expm1(v.hi, l.lo, MPFR_RNDD);
    mpfr_neg(v.hi, v.hi, MPFR_RNDN);
    ivl_clamp01(&v);
    mpfr_log(v.lo, v.lo, MPFR_RNDD);
    mpfr_log(v.hi, v.hi, MPFR_RNDU);
    ivl_mul_u64(&v, &v, k);
    mpfr_exp(v.lo, v.lo, MPFR_RNDD);
    mpfr_exp(v.hi, v.hi, MPFR_RNDU);
    ivl_clamp01(&v);
    fr_put_outward(lo, hi, v.lo, v.hi);
    ivl_clear(&l);
    ivl_clear(&v);
    return AMQ_OK;
}

/* ------------------------------------------------------------------------------------
 * the rate f_i of a parameter set
 * ---------------------------------------------------------------------------------- */

amq_status amq_omis_rate_exact(mpq_t rop, const amq_omis_params *p, uint64_t i)
{
    amq_status st = check_params(p, "omis_rate_exact");
    if (st)
        return st;
    int v;
    if (rate_edge(p, i, &v)) {
        mpq_set_ui(rop, (unsigned long)v, 1);
        return AMQ_OK;
    }
    mpq_t a, b;
    mpq_inits(a, b, NULL);
    st = p->model == AMQ_OMIS_EXACT ? amq_bloom_fp_exact(a, p->m, p->k, i)
                                    : amq_bloom_fp_paper_exact(a, p->m, p->k, i);
    if (!st && p->s)
        st = amq_fingerprint_fp_exact(b, p->s, i);
    if (!st) {
        if (p->s) { /* 1 - (1-a)(1-b) = a + b - ab */
            mpq_t ab;
            mpq_init(ab);
            mpq_mul(ab, a, b);
            mpq_add(a, a, b);
            mpq_sub(a, a, ab);
            mpq_clear(ab);
        }
        mpq_set(rop, a);
    }
    mpq_clears(a, b, NULL);
    return st;
}

amq_status amq_omis_rate_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_omis_params *p,
                                 uint64_t i)
{
    amq_status st = check_params(p, "omis_rate_enclose");
    if (st)
        return st;
    if (prec < MPFR_PREC_MIN || prec > (mpfr_prec_t)1 << 20)
        return amq_fail(AMQ_E_INVALID_ARG, "omis_rate_enclose: precision %ld out of range", (long)prec);
    int v;
    if (rate_edge(p, i, &v)) {
        mpfr_set_ui(lo, (unsigned long)v, MPFR_RNDD);
        mpfr_set_ui(hi, (unsigned long)v, MPFR_RNDU);
        return AMQ_OK;
    }
    mpfr_prec_t wp = prec + 16;
    ivl a, b;
    ivl_init(&a, wp);
    ivl_init(&b, wp);
    st = p->model == AMQ_OMIS_EXACT ? amq_bloom_fp_enclose(a.lo, a.hi, wp, p->m, p->k, i)
                                    : amq_bloom_fp_paper_enclose(a.lo, a.hi, wp, p->m, p->k, i);
    if (!st && p->s) {
        st = amq_fingerprint_fp_enclose(b.lo, b.hi, wp, p->s, i);
        if (!st) { /* 1 - (1-a)(1-b), increasing in a and in b */
            mpfr_ui_sub(a.lo, 1, a.lo, MPFR_RNDU); /* upper bound of 1 - a */
            mpfr_ui_sub(a.hi, 1, a.hi, MPFR_RNDD);
            mpfr_ui_sub(b.lo, 1, b.lo, MPFR_RNDU);
            mpfr_ui_sub(b.hi, 1, b.hi, MPFR_RNDD);
            mpfr_mul(a.lo, a.lo, b.lo, MPFR_RNDU);
            mpfr_mul(a.hi, a.hi, b.hi, MPFR_RNDD);
            mpfr_ui_sub(a.lo, 1, a.lo, MPFR_RNDD);
            mpfr_ui_sub(a.hi, 1, a.hi, MPFR_RNDU);
        }
    }
    if (!st) {
        ivl_clamp01(&a);
        fr_put_outward(lo, hi, a.lo, a.hi);
    }
    ivl_clear(&a);
    ivl_clear(&b);
    return st;
}

typedef struct { const amq_omis_params *p; uint64_t i; } rate_ctx;

static amq_status rate_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    const rate_ctx *c = ctx;
    /* the Bloom enclosure cancels: raise the precision until the width is reached */
    for (mpfr_prec_t prec = bits + 32;; prec *= 2) {
        mpfr_set_prec(lo, prec);
        mpfr_set_prec(hi, prec);
        amq_status st = amq_omis_rate_enclose(lo, hi, prec, c->p, c->i);
        if (st)
            return st;
        if (fr_rel_width_ok(lo, hi, bits))
            return AMQ_OK;
        if (prec > AMQ_CERTIFIED_MAX_PREC)
            return amq_fail(AMQ_E_TOO_LARGE, "omis_rate_decimal: relative width 2^-%d not reached at "
                                             "precision %ld", bits, (long)prec);
    }
}

amq_status amq_omis_rate_decimal(char **out, const amq_omis_params *p, uint64_t i, int digits, mpfr_t lo,
                                 mpfr_t hi)
{
    amq_status st = check_params(p, "omis_rate_decimal");
    if (st)
        return st;
    rate_ctx c = {p, i};
    return decimal_bits(out, rate_bits, &c, digits, lo, hi, "omis_rate_decimal");
}

/* ------------------------------------------------------------------------------------
 * the exponential-sum form f_i = 1 + sum_j c_j z_j^i (i >= 1)
 * ---------------------------------------------------------------------------------- */

typedef struct expo {
    size_t J;
    int *sg;       /* sign of c_j: (-1)^j                           */
    mpz_t *num;    /* |c_j| = num_j / den, exactly                    */
    mpz_t den;
    double log2_csum; /* log2 sum_j |c_j| (double estimate, for precision choices) */
    uint64_t m, k;
    amq_omis_model model;
    mpz_srcptr s;
    mpfr_prec_t wp; /* precision of c and lam below (0: not set)     */
    ivl *c;         /* |c_j|                                          */
    ivl *lam;       /* lambda_j = log z_j < 0                         */
} expo;

static void expo_free(expo *e)
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

/* Exact coefficients. Call only when no edge case applies (k >= 1, m >= 2, s absent or
 * >= 2). */
static amq_status expo_build(expo *e, const amq_omis_params *p, const char *who)
{
    memset(e, 0, sizeof *e);
    e->m = p->m;
    e->k = p->k;
    e->model = p->model;
    e->s = p->s;
    uint64_t K = p->k < p->m ? p->k : p->m; /* exact model: terms j = 1..min(k, m-1) */
    uint64_t J = p->model == AMQ_OMIS_EXACT ? (K < p->m ? K : p->m - 1) : p->k;
    if (J > AMQ_OMIS_MAX_TERMS)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "%s: %llu exponential terms (%s model: %s) exceed the limit %d", who, ULL(J),
                        p->model == AMQ_OMIS_EXACT ? "exact" : "paper",
                        p->model == AMQ_OMIS_EXACT ? "min(k, m-1)" : "k", AMQ_OMIS_MAX_TERMS);
    double cbits = ((double)K + 1.0) * (double)p->k * log2((double)p->m);
    if (p->model == AMQ_OMIS_EXACT && cbits > AMQ_OMIS_MAX_COEF_BITS)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "%s: exact coefficients need about %.3g bits of big integers (limit 2^28: "
                        "(min(k,m)+1) k log2 m); k = %llu, m = %llu",
                        who, cbits, ULL(p->k), ULL(p->m));
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
    if (p->model == AMQ_OMIS_PAPER) { /* (1 - w^i)^k = 1 + sum_j (-1)^j C(k,j) w^{ij} */
        mpz_set_ui(e->den, 1);
        mpz_t kz;
        mpz_init(kz);
        z_set_u64(kz, p->k);
        for (size_t j = 0; j < e->J; j++)
            mpz_bin_ui(e->num[j], kz, (unsigned long)(j + 1));
        mpz_clear(kz);
    } else { /* c_j = (-1)^j C(m,j) A_j / m^k, A_j by a difference table of (m-l)^k */
        size_t cnt = (size_t)K + 1;
        mpz_t *P = malloc(cnt * sizeof *P);
        if (!P) {
            expo_free(e);
            return amq_fail(AMQ_E_NOMEM, "%s: out of memory", who);
        }
        mpz_t mz, base, binm;
        mpz_inits(mz, base, binm, NULL);
        z_set_u64(mz, p->m);
        for (size_t l = 0; l < cnt; l++) {
            mpz_init(P[l]);
            mpz_sub_ui(base, mz, (unsigned long)l);
            mpz_pow_ui(P[l], base, (unsigned long)p->k);
        }
        mpz_set(e->den, P[0]); /* m^k */
        mpz_set_ui(binm, 1);
        for (uint64_t j = 0; j <= J; j++) {
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
    }
    /* log2 sum |c_j| */
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
    e->log2_csum = isfinite(mx) ? mx + log2(sum) : 0.0;
    return AMQ_OK;
}

/* Intervals of |c_j| and lambda_j at precision wp. */
static void expo_set_prec(expo *e, mpfr_prec_t wp)
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
    if (e->model == AMQ_OMIS_PAPER) {
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
        if (e->model == AMQ_OMIS_PAPER) {
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
static void geo0(ivl *out, const ivl *L, const mpfr_t hf, mpfr_t t1, mpfr_t t2)
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



/* ------------------------------------------------------------------------------------
 * expected omissions
 * ---------------------------------------------------------------------------------- */

/* Edge cases of E and P0: returns 1 with the exact values when decided. */
static int omis_edge(const amq_omis_params *p, uint64_t *E, int *P0)
{
    uint64_t n = p->n;
    if (n == 0) { *E = 0; *P0 = 1; return 1; }
    if (p->k == 0) { *E = n; *P0 = 0; return 1; } /* every f_i = 1 */
    if (n == 1) { *E = 0; *P0 = 1; return 1; }   /* only f_0 = 0 */
    if (p->m == 1 || (p->s && mpz_cmp_ui(p->s, 1) == 0)) { /* f_i = 1 for i >= 1 */
        *E = n - 1;
        *P0 = 0;
        return 1;
    }
    return 0;
}

static amq_status check_bits(int bits, const char *who)
{
    if (bits < 1 || bits > AMQ_OMIS_MAX_BITS)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: bits = %d outside [1, %d]", who, bits, AMQ_OMIS_MAX_BITS);
    return AMQ_OK;
}

/* E at precision wp into ex (n >= 2, no edge case). */
static void expected_at(ivl *ex, expo *e, uint64_t n, mpfr_prec_t wp)
{
    expo_set_prec(e, wp);
    mpfr_t N, t1, t2, t;
    fr_init_u64(N, n - 1);
    mpfr_inits2(wp, t1, t2, t, (mpfr_ptr)0);
    ivl g, z;
    ivl_init(&g, wp);
    ivl_init(&z, wp);
    ivl_set_prec(ex, wp);
    ivl_set_fr(ex, N); /* the constant 1 of every f_i, i = 1..n-1 */
    for (size_t j = 0; j < e->J; j++) {
        /* sum_{i=1}^{n-1} e^{lam i} = e^{lam} * geo0(lam, n-1), increasing in lam */
        geo0(&g, &e->lam[j], N, t1, t2);
        mpfr_exp(z.lo, e->lam[j].lo, MPFR_RNDD);
        mpfr_exp(z.hi, e->lam[j].hi, MPFR_RNDU);
        mpfr_mul(g.lo, g.lo, z.lo, MPFR_RNDD);
        mpfr_mul(g.hi, g.hi, z.hi, MPFR_RNDU);
        ivl_addmul(ex, e->sg[j], &e->c[j], &g, t);
    }
    if (mpfr_sgn(ex->lo) < 0)
        mpfr_set_zero(ex->lo, 1);
    if (mpfr_cmp(ex->hi, N) > 0)
        mpfr_set(ex->hi, N, MPFR_RNDU);
    ivl_clear(&g);
    ivl_clear(&z);
    mpfr_clears(N, t1, t2, t, (mpfr_ptr)0);
}

static amq_status expected_loop(ivl *ex, expo *e, uint64_t n, int bits, const char *who)
{
    mpfr_prec_t wp = bits + 64 + (mpfr_prec_t)(e->log2_csum > 0 ? e->log2_csum : 0);
    for (;;) {
        expected_at(ex, e, n, wp);
        if (fr_rel_width_ok(ex->lo, ex->hi, bits))
            return AMQ_OK;
        if (wp >= AMQ_CERTIFIED_MAX_PREC)
            return amq_fail(AMQ_E_TOO_LARGE,
                            "%s: relative width 2^-%d not reached at precision %ld (m = %llu, k = %llu, "
                            "n = %llu)",
                            who, bits, (long)wp, ULL(e->m), ULL(e->k), ULL(n));
        wp = wp * 2 > AMQ_CERTIFIED_MAX_PREC ? AMQ_CERTIFIED_MAX_PREC : wp * 2;
    }
}

amq_status amq_omissions_expected_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_omis_params *p)
{
    const char *who = "omissions_expected";
    amq_status st = check_params(p, who);
    if (!st)
        st = check_bits(bits, who);
    if (st)
        return st;
    uint64_t E;
    int P0;
    if (omis_edge(p, &E, &P0)) {
        mpfr_set_prec(lo, 64);
        mpfr_set_prec(hi, 64);
        mpfr_t x;
        fr_init_u64(x, E);
        mpfr_set(lo, x, MPFR_RNDD);
        mpfr_set(hi, x, MPFR_RNDU);
        mpfr_clear(x);
        return AMQ_OK;
    }
    expo e;
    if ((st = expo_build(&e, p, who)) != AMQ_OK)
        return st;
    ivl ex;
    ivl_init(&ex, 64);
    st = expected_loop(&ex, &e, p->n, bits, who);
    if (!st) {
        mpfr_set_prec(lo, mpfr_get_prec(ex.lo));
        mpfr_set_prec(hi, mpfr_get_prec(ex.hi));
        fr_put_outward(lo, hi, ex.lo, ex.hi);
    }
    ivl_clear(&ex);
    expo_free(&e);
    return st;
}

/* ------------------------------------------------------------------------------------
 * probability of no omission: log P0 on blocks (see the header's METHOD)
 * ---------------------------------------------------------------------------------- */

#define P0_MAX_ORDER 60 /* largest series order P on one block */
#define P0_BLOCK_LEAVES (UINT64_C(1) << 18) /* most multiset terms on one block */
#define P0_MAX_BLOCKS 4096 /* most blocks */
#define P0_DIRECT_MAX 4096 /* longest block summed term by term */

/* 1 - f_i = -sum_j c_j z_j^i, i >= 1, summed directly (no cancellation against the
 * constant 1, so it keeps its relative accuracy when f_i is close to 1). */
static void expo_eval_om(ivl *out, const expo *e, uint64_t i)
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

/* Multiset enumeration: M[q] = sum over multisets mu of size q of the J terms of
 * (q! / prod mu_j!) prod_j (sg_j C_j)^{mu_j} * geo0(sum_j mu_j lam_j, h). */
typedef struct dfs_ctx {
    size_t J;
    const int *sg;
    const ivl *C, *lam;
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
        geo0(&c->g, L, c->h, c->t1, c->t2);
        int s = sign * c->sg[j];
        ivl_addmul(&c->M[d + 1], s, cf, &c->g, c->t);
        c->leaves++;
        if (d + 1 < c->P)
            dfs(c, d + 1, j, j, nrun, s);
    }
}

/* C(J+P, P) - 1 = number of multisets of size 1..P of J terms (saturating). */
static uint64_t leaf_count(size_t J, int P)
{
    double v = 1.0;
    for (int q = 1; q <= P; q++)
        v = v * ((double)J + q) / q;
    return v > 1e18 ? UINT64_MAX : (uint64_t)(v + 0.5) - 1;
}


/* Result of one block. */
typedef struct blk_res {
    int need_split;       /* neither expansion converges here: halve the block      */
    mpfr_prec_t want_wp;  /* > 0: redo at this precision (nothing computed)         */
    int P;                /* order used (0: monotone bounds only)                    */
    int mode;             /* 0: around f_a; 1: around the dominant term z_1^t        */
    uint64_t leaves;      /* multiset terms evaluated                                */
    double log2_trunc;    /* log2 of the truncation bound (-inf when none)          */
} blk_res;

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

/* Bounds of a block [a, b), h = b - a >= 2, at the expo's precision. */
typedef struct blk_bounds {
    ivl oa, oe;   /* 1 - f_a, 1 - f_{b-1}                                  */
    ivl *C;       /* |C_j| = |c_j| z_j^a / (1 - f_a)                          */
    mpfr_t U0;    /* mode 0: 0 <= u_t <= U0                                    */
    mpfr_t U1;    /* mode 1: |u_t| <= U1                                       */
    mpfr_t mu;    /* mode 1: the exact slope                                   */
    int ok;       /* 0: 1 - f not resolved at this precision                   */
} blk_bounds;

static void bounds_clear(blk_bounds *B, size_t J)
{
    ivl_clear(&B->oa);
    ivl_clear(&B->oe);
    for (size_t j = 0; j < J; j++)
        ivl_clear(&B->C[j]);
    free(B->C);
    mpfr_clears(B->U0, B->U1, B->mu, (mpfr_ptr)0);
}

/* Mode 0: U0 = 1 - (1 - f_{b-1})/(1 - f_a) (f is non-decreasing).
 * Mode 1: mu = the secant slope of log(1 - f) over the block (an exact number; any mu
 * is valid, this one makes u vanish at both ends); |u_t| <= U1 = min of
 *  - sampled: on [t_g, t_{g+1}], rho_t = (1-f_{a+t})/(1-f_a) decreases and e^{-mu t}
 *    increases (mu <= 0), so rho_t e^{-mu t} lies in [rho_{g+1} e^{-mu t_g},
 *    rho_g e^{-mu t_{g+1}}];
 *  - triangle: |u_t| = |sum_j C_j (e^{(lam_j - mu) t} - 1)| <= sum_j |C_j| max |expm1|. */
static amq_status bounds_compute(blk_bounds *B, const expo *e, uint64_t a, uint64_t b)
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
        return amq_fail(AMQ_E_NOMEM, "omissions_p0: out of memory");
    }
    for (size_t j = 0; j < J; j++)
        ivl_init(&B->C[j], wp);
    expo_eval_om(&B->oa, e, a);
    expo_eval_om(&B->oe, e, b - 1);
    if (mpfr_sgn(B->oa.lo) <= 0 || mpfr_sgn(B->oe.lo) <= 0)
        return AMQ_OK; /* ok = 0 */
    B->ok = 1;
    mpfr_t af, hm1, x, y, us;
    fr_init_u64(af, a);
    fr_init_u64(hm1, h - 1);
    mpfr_inits2(wp, x, y, us, (mpfr_ptr)0);
    ivl z;
    ivl_init(&z, wp);
    for (size_t j = 0; j < J; j++) {
        ivl_exp_mul(&z, &e->lam[j], af);
        mpfr_mul(B->C[j].lo, e->c[j].lo, z.lo, MPFR_RNDD);
        mpfr_div(B->C[j].lo, B->C[j].lo, B->oa.hi, MPFR_RNDD);
        mpfr_mul(B->C[j].hi, e->c[j].hi, z.hi, MPFR_RNDU);
        mpfr_div(B->C[j].hi, B->C[j].hi, B->oa.lo, MPFR_RNDU);
    }
    /* mode 0 */
    mpfr_div(x, B->oe.lo, B->oa.hi, MPFR_RNDD);
    mpfr_ui_sub(B->U0, 1, x, MPFR_RNDU);
    if (mpfr_sgn(B->U0) < 0)
        mpfr_set_zero(B->U0, 1);
    /* mode 1: mu */
    mpfr_log(x, B->oe.lo, MPFR_RNDN);
    mpfr_log(y, B->oa.lo, MPFR_RNDN);
    mpfr_sub(x, x, y, MPFR_RNDN);
    mpfr_div(B->mu, x, hm1, MPFR_RNDN);
    if (mpfr_sgn(B->mu) > 0)
        mpfr_set_zero(B->mu, 1);
    /* triangle bound */
    mpfr_set_zero(B->U1, 1);
    for (size_t j = 0; j < J; j++) {
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
    /* sampled bound */
    uint64_t G = h - 1 < 32 ? h - 1 : 32, tprev = 0;
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
            expo_eval_om(&om, e, a + tg);
        }
        mpfr_div(rc.lo, om.lo, B->oa.hi, MPFR_RNDD);
        mpfr_div(rc.hi, om.hi, B->oa.lo, MPFR_RNDU);
        mpfr_t tf;
        fr_init_u64(tf, tg);
        mpfr_mul(ec.lo, B->mu, tf, MPFR_RNDU); /* -mu t >= 0 */
        mpfr_neg(ec.lo, ec.lo, MPFR_RNDN);
        mpfr_exp(ec.lo, ec.lo, MPFR_RNDD);
        mpfr_mul(ec.hi, B->mu, tf, MPFR_RNDD);
        mpfr_neg(ec.hi, ec.hi, MPFR_RNDN);
        mpfr_exp(ec.hi, ec.hi, MPFR_RNDU);
        mpfr_clear(tf);
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
    ivl_clear(&z);
    mpfr_clears(af, hm1, x, y, us, (mpfr_ptr)0);
    return AMQ_OK;
}

/* The cheaper mode and its order for the bounds (mode -1: neither converges). */
static void bounds_plan(const blk_bounds *B, size_t J, uint64_t h, double log2_tau, int *mode, int *P,
                        uint64_t *cost)
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
        *cost = leaf_count(J, *P);
    }
}

/* Estimated cost of the two halves of [a, b) (each with half the target). */
static uint64_t split_cost(const expo *e, uint64_t a, uint64_t b, double log2_tau)
{
    uint64_t mid = a + (b - a) / 2, total = 0;
    uint64_t ends[3] = {a, mid, b};
    for (int s = 0; s < 2; s++) {
        if (ends[s + 1] - ends[s] < 2)
            continue;
        blk_bounds B;
        int mode, P;
        uint64_t c = UINT64_MAX;
        if (bounds_compute(&B, e, ends[s], ends[s + 1]) != AMQ_OK)
            return UINT64_MAX;
        if (B.ok)
            bounds_plan(&B, e->J, ends[s + 1] - ends[s], log2_tau - 1.0, &mode, &P, &c);
        bounds_clear(&B, e->J);
        total = c > UINT64_MAX - total ? UINT64_MAX : total + c;
    }
    return total;
}

/* Enclose sum_{i=a}^{b-1} log(1 - f_i) into L (1 <= a < b), with
 *     log(1 - f_{a+t}) = log(1 - f_a) + mu t + log(1 - u_t),
 *     u_t = 1 - (1 - f_{a+t}) e^{-mu t} / (1 - f_a) = 1 + sum_j C_j e^{(lam_j - mu) t},
 *     C_j = c_j z_j^a / (1 - f_a),
 * and log(1 - u) = -sum_{p<=P} u^p/p - R. Mode 0 (mu = 0): 0 <= u_t <= U0 (monotone),
 * 0 <= R <= U^P T_1/((P+1)(1-U)), T_1 = sum_t u_t. Mode 1 (mu = secant slope): |u_t|
 * <= U1 and |R| <= h U^{P+1}/((P+1)(1-U)). The result is intersected with the monotone
 * bounds [h log(1 - f_{b-1}), h log(1 - f_a)]. log2_tau: target for the truncation
 * part. Pforce > 0 forces the order and mode_force the mode (after a failed attempt). */
static amq_status block_eval(ivl *L, blk_res *res, expo *e, uint64_t a, uint64_t b, double log2_tau,
                             int Pforce, int mode_force, uint64_t leaf_room, mpfr_prec_t wp)
{
    memset(res, 0, sizeof *res);
    res->log2_trunc = -INFINITY;
    expo_set_prec(e, wp);
    uint64_t h = b - a;
    size_t J = e->J;
    ivl_set_prec(L, wp);
    amq_status st;
    if (h == 1) {
        ivl oa;
        ivl_init(&oa, wp);
        expo_eval_om(&oa, e, a);
        if (mpfr_sgn(oa.lo) <= 0) {
            res->want_wp = wp * 2;
        } else {
            mpfr_log(L->lo, oa.lo, MPFR_RNDD);
            mpfr_log(L->hi, oa.hi, MPFR_RNDU);
        }
        ivl_clear(&oa);
        return AMQ_OK;
    }
    blk_bounds B;
    if ((st = bounds_compute(&B, e, a, b)) != AMQ_OK)
        return st;
    mpfr_t hf, t1, t2, t;
    fr_init_u64(hf, h);
    mpfr_inits2(wp, t1, t2, t, (mpfr_ptr)0);
    ivl mono;
    ivl_init(&mono, wp);
    ivl *M = NULL, *coef = NULL, *Lam = NULL, *lam = NULL;
    dfs_ctx c;
    memset(&c, 0, sizeof c);
    int have_ctx = 0;
    if (!B.ok) {
        res->want_wp = wp * 2;
        goto done;
    }
    /* monotone bounds: f_a <= f_i <= f_{b-1} */
    mpfr_log(mono.lo, B.oe.lo, MPFR_RNDD);
    mpfr_mul(mono.lo, mono.lo, hf, MPFR_RNDD);
    mpfr_log(mono.hi, B.oa.hi, MPFR_RNDU);
    mpfr_mul(mono.hi, mono.hi, hf, MPFR_RNDU);
    if (!Pforce) { /* the monotone bounds alone may do (tiny rates, short blocks) */
        mpfr_sub(t, mono.hi, mono.lo, MPFR_RNDU);
        if (fr_log2(t) <= log2_tau + 1) {
            mpfr_set(L->lo, mono.lo, MPFR_RNDD);
            mpfr_set(L->hi, mono.hi, MPFR_RNDU);
            goto done;
        }
    }
    int mode, P;
    uint64_t cost;
    bounds_plan(&B, J, h, log2_tau, &mode, &P, &cost);
    if (mode_force >= 0) {
        mode = mode_force;
        if (mpfr_cmp_ui(mode ? B.U1 : B.U0, 1) >= 0)
            mode = -1;
    }
    if (Pforce > 0)
        P = Pforce;
    /* short blocks: summing log(1 - f_i) term by term may be cheaper (h J exponentials,
     * about a quarter of a multiset term each) and always converges */
    if (!Pforce && h <= P0_DIRECT_MAX && (mode < 0 || (double)h * (double)J <= 4.0 * (double)cost)) {
        ivl om;
        ivl_init(&om, wp);
        ivl_set_ui(L, 0);
        for (uint64_t t0 = 0; t0 < h; t0++) {
            expo_eval_om(&om, e, a + t0);
            if (mpfr_sgn(om.lo) <= 0) {
                res->want_wp = wp * 2;
                break;
            }
            mpfr_log(t1, om.lo, MPFR_RNDD);
            mpfr_add(L->lo, L->lo, t1, MPFR_RNDD);
            mpfr_log(t1, om.hi, MPFR_RNDU);
            mpfr_add(L->hi, L->hi, t1, MPFR_RNDU);
        }
        ivl_clear(&om);
        res->leaves = (h * (uint64_t)J) / 4 + 1;
        res->mode = 2;
        goto done;
    }
    if (!Pforce && mode >= 0 && cost > leaf_room &&
        (h < 4 || split_cost(e, a, b, log2_tau) > leaf_room)) { /* out of budget */
        res->leaves = leaf_room + 1;
        goto done;
    }
    if (mode < 0 || (!Pforce && (cost > P0_BLOCK_LEAVES ||
                                 (h >= 4 && cost > 2048 && split_cost(e, a, b, log2_tau) < cost / 2)))) {
        res->need_split = 1;
        goto done;
    }
    res->mode = mode;
    mpfr_srcptr U = mode ? B.U1 : B.U0;
    lam = malloc((J ? J : 1) * sizeof *lam);
    M = malloc((size_t)(P0_MAX_ORDER + 1) * sizeof *M);
    coef = malloc((size_t)(P0_MAX_ORDER + 1) * sizeof *coef);
    Lam = malloc((size_t)(P0_MAX_ORDER + 1) * sizeof *Lam);
    if (!lam || !M || !coef || !Lam) {
        free(lam);
        free(M);
        free(coef);
        free(Lam);
        lam = M = coef = Lam = NULL;
        st = amq_fail(AMQ_E_NOMEM, "omissions_p0: out of memory");
        goto done;
    }
    for (size_t j = 0; j < J; j++) { /* bases lam_j - mu */
        ivl_init(&lam[j], wp);
        if (mode == 1) {
            mpfr_sub(lam[j].lo, e->lam[j].lo, B.mu, MPFR_RNDD);
            mpfr_sub(lam[j].hi, e->lam[j].hi, B.mu, MPFR_RNDU);
        } else {
            mpfr_set(lam[j].lo, e->lam[j].lo, MPFR_RNDD);
            mpfr_set(lam[j].hi, e->lam[j].hi, MPFR_RNDU);
        }
    }
    for (int q = 0; q <= P0_MAX_ORDER; q++) {
        ivl_init(&M[q], wp);
        ivl_init(&coef[q], wp);
        ivl_init(&Lam[q], wp);
    }
    c.J = J;
    c.sg = e->sg;
    c.C = B.C;
    c.lam = lam;
    c.h = hf;
    c.M = M;
    c.coef = coef;
    c.Lam = Lam;
    ivl_init(&c.g, wp);
    mpfr_inits2(wp, c.t1, c.t2, c.t, (mpfr_ptr)0);
    have_ctx = 1;
    ivl_set_ui(&coef[0], 1);
    ivl_set_ui(&Lam[0], 0);
    int have1 = 0;
    if (mode == 0 && !Pforce) { /* order 1 first: T_1 = h + M_1 may allow a lower order */
        c.P = 1;
        ivl_set_ui(&M[1], 0);
        dfs(&c, 0, 0, (size_t)-1, 0, 1);
        have1 = 1;
        mpfr_add(t1, hf, M[1].hi, MPFR_RNDU);
        double l2U = fr_log2(U), l2T1 = fr_log2(t1);
        mpfr_ui_sub(t2, 1, U, MPFR_RNDD);
        double l2omU = fr_log2(t2);
        if (mpfr_sgn(t1) > 0 && l2T1 < l2U + log2((double)h))
            for (int q = 1; q < P; q++)
                if ((double)q * l2U + l2T1 - log2((double)q + 1) - l2omU <= log2_tau) {
                    P = q;
                    break;
                }
    }
    /* precision the cancellation needs: terms of M_q reach (sum |C_j|)^q h */
    {
        mpfr_set_zero(t1, 1);
        for (size_t j = 0; j < J; j++)
            mpfr_add(t1, t1, B.C[j].hi, MPFR_RNDU);
        double l2C = fr_log2(t1), l2h = log2((double)h);
        mpfr_log(t2, B.oa.lo, MPFR_RNDD);
        double l2base = l2h + fr_log2(t2);
        if (mode == 1)
            l2base = fmax(l2base, 2 * l2h + fr_log2(B.mu));
        double need = -log2_tau + fmax(0.0, (double)P * fmax(l2C, 0.0) + l2h) + fmax(0.0, l2base) +
                      log2((double)leaf_count(J, P) + 2) + 24;
        if (need > (double)wp && need < (double)AMQ_CERTIFIED_MAX_PREC) {
            res->want_wp = (mpfr_prec_t)ceil(need) + 16;
            res->leaves = c.leaves;
            goto done;
        }
    }
    if (P > 1 || !have1) {
        c.P = P;
        for (int q = 1; q <= P; q++)
            ivl_set_ui(&M[q], 0);
        dfs(&c, 0, 0, (size_t)-1, 0, 1);
    }
    res->P = P;
    res->leaves = c.leaves;
    ivl_set_fr(&M[0], hf);
    /* S = sum_{p=1}^P T_p / p = sum_q w_q M_q, w_q = sum_{p=max(q,1)}^P C(p,q)/p (exact) */
    ivl S, w;
    ivl_init(&S, wp);
    ivl_init(&w, wp);
    ivl_set_ui(&S, 0);
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
        mpfr_add(S.lo, S.lo, t, MPFR_RNDD);
        mpfr_mul(t, M[q].hi, mpfr_sgn(M[q].hi) >= 0 ? w.hi : w.lo, MPFR_RNDU);
        mpfr_add(S.hi, S.hi, t, MPFR_RNDU);
    }
    mpq_clears(wq, tq, NULL);
    /* truncation bound R */
    if (mode == 0) {
        if (mpfr_sgn(S.lo) < 0) /* 0 <= u_t: S = sum_p T_p/p >= 0 */
            mpfr_set_zero(S.lo, 1);
        mpfr_add(t2, hf, M[1].hi, MPFR_RNDU); /* T_1 = h + M_1 <= U h */
        mpfr_mul(t1, U, hf, MPFR_RNDU);
        if (mpfr_cmp(t2, t1) > 0)
            mpfr_set(t2, t1, MPFR_RNDU);
        if (mpfr_sgn(t2) < 0)
            mpfr_set_zero(t2, 1);
        mpfr_pow_ui(t1, U, (unsigned long)P, MPFR_RNDU);
    } else {
        mpfr_set(t2, hf, MPFR_RNDU);
        mpfr_pow_ui(t1, U, (unsigned long)(P + 1), MPFR_RNDU);
    }
    mpfr_mul(t1, t1, t2, MPFR_RNDU);
    mpfr_ui_sub(t2, 1, U, MPFR_RNDD);
    mpfr_mul_ui(t2, t2, (unsigned long)(P + 1), MPFR_RNDD);
    mpfr_div(t1, t1, t2, MPFR_RNDU); /* t1 = R bound */
    res->log2_trunc = fr_log2(t1);
    /* base = h log(1 - f_a) (+ mu h(h-1)/2 in mode 1) */
    ivl base;
    ivl_init(&base, wp + 136);
    mpfr_log(base.lo, B.oa.lo, MPFR_RNDD);
    mpfr_mul(base.lo, base.lo, hf, MPFR_RNDD);
    mpfr_log(base.hi, B.oa.hi, MPFR_RNDU);
    mpfr_mul(base.hi, base.hi, hf, MPFR_RNDU);
    if (mode == 1) {
        mpz_t tri, hz;
        mpz_inits(tri, hz, NULL);
        z_set_u64(hz, h);
        mpz_sub_ui(tri, hz, 1);
        mpz_mul(tri, tri, hz);
        mpz_tdiv_q_2exp(tri, tri, 1); /* h(h-1)/2, exact */
        mpfr_t mt;
        mpfr_init2(mt, wp + 136);
        mpfr_mul_z(mt, B.mu, tri, MPFR_RNDD);
        mpfr_add(base.lo, base.lo, mt, MPFR_RNDD);
        mpfr_mul_z(mt, B.mu, tri, MPFR_RNDU);
        mpfr_add(base.hi, base.hi, mt, MPFR_RNDU);
        mpfr_clear(mt);
        mpz_clears(tri, hz, NULL);
    }
    mpfr_sub(L->lo, base.lo, S.hi, MPFR_RNDD);
    mpfr_sub(L->lo, L->lo, t1, MPFR_RNDD);
    mpfr_sub(L->hi, base.hi, S.lo, MPFR_RNDU);
    if (mode == 1)
        mpfr_add(L->hi, L->hi, t1, MPFR_RNDU);
    ivl_clear(&base);
    if (mpfr_cmp(L->lo, mono.lo) < 0)
        mpfr_set(L->lo, mono.lo, MPFR_RNDD);
    if (mpfr_cmp(L->hi, mono.hi) > 0)
        mpfr_set(L->hi, mono.hi, MPFR_RNDU);
    if (mpfr_cmp(L->lo, L->hi) > 0) /* cannot happen with correct bounds */
        mpfr_set(L->lo, L->hi, MPFR_RNDD);
    ivl_clear(&S);
    ivl_clear(&w);
done:
    if (have_ctx) {
        ivl_clear(&c.g);
        mpfr_clears(c.t1, c.t2, c.t, (mpfr_ptr)0);
    }
    if (M) {
        for (size_t j = 0; j < J; j++)
            ivl_clear(&lam[j]);
        for (int q = 0; q <= P0_MAX_ORDER; q++) {
            ivl_clear(&M[q]);
            ivl_clear(&coef[q]);
            ivl_clear(&Lam[q]);
        }
    }
    free(lam);
    free(M);
    free(coef);
    free(Lam);
    bounds_clear(&B, J);
    ivl_clear(&mono);
    mpfr_clears(hf, t1, t2, t, (mpfr_ptr)0);
    return st;
}

typedef struct p0_run {
    expo *e;
    int bits;
    uint64_t leaves;
    uint64_t blocks;
    ivl acc; /* sum of the blocks' enclosures */
    const char *who;
} p0_run;

/* Enclose the block [a, b) to absolute width <= 2^-(bits + depth) and add it to acc. */
static amq_status p0_block(p0_run *R, uint64_t a, uint64_t b, int depth)
{
    double log2_share = -(double)(R->bits + depth);
    mpfr_prec_t wp = R->bits + depth + 64 + (mpfr_prec_t)log2((double)(b - a) + 1.0) +
                     (mpfr_prec_t)(R->e->log2_csum > 0 ? R->e->log2_csum : 0);
    int Pforce = 0, mode = -1;
    ivl L;
    ivl_init(&L, wp);
    amq_status st = AMQ_OK;
    if (++R->blocks > P0_MAX_BLOCKS) {
        st = amq_fail(AMQ_E_TOO_LARGE,
                      "%s: log P0 to an absolute width of 2^-%d needs more than %d blocks (m = %llu, "
                      "k = %llu; a heavily loaded filter? P0 <= e^-E is then tiny)",
                      R->who, R->bits - 1, P0_MAX_BLOCKS, ULL(R->e->m), ULL(R->e->k));
        goto out;
    }
    for (int attempt = 0;; attempt++) {
        blk_res res;
        uint64_t room = AMQ_OMIS_LEAF_BUDGET > R->leaves ? AMQ_OMIS_LEAF_BUDGET - R->leaves : 0;
        st = block_eval(&L, &res, R->e, a, b, log2_share - 1.0, Pforce, mode, room, wp);
        if (st)
            break;
        R->leaves += res.leaves;
        if (R->leaves > AMQ_OMIS_LEAF_BUDGET) {
            st = amq_fail(AMQ_E_TOO_LARGE,
                          "%s: log P0 to an absolute width of 2^-%d needs more than %llu geometric sums "
                          "(m = %llu, k = %llu; a heavily loaded filter? P0 <= e^-E is then tiny)",
                          R->who, R->bits - 1, ULL(AMQ_OMIS_LEAF_BUDGET), ULL(R->e->m), ULL(R->e->k));
            break;
        }
        if (attempt >= 16 || wp >= AMQ_CERTIFIED_MAX_PREC) {
            st = amq_fail(AMQ_E_TOO_LARGE, "%s: block [%llu, %llu) not enclosed to 2^%g at precision %ld",
                          R->who, ULL(a), ULL(b), log2_share, (long)wp);
            break;
        }
        if (res.want_wp > 0) {
            wp = res.want_wp > AMQ_CERTIFIED_MAX_PREC ? AMQ_CERTIFIED_MAX_PREC : res.want_wp;
            continue;
        }
        if (res.need_split) {
            if (b - a < 2) {
                st = amq_fail(AMQ_E_TOO_LARGE, "%s: a single rate is too close to 1", R->who);
                break;
            }
            uint64_t mid = a + (b - a) / 2;
            ivl_clear(&L);
            if ((st = p0_block(R, a, mid, depth + 1)) != AMQ_OK)
                return st;
            return p0_block(R, mid, b, depth + 1);
        }
        mpfr_t w;
        mpfr_init2(w, 64);
        mpfr_sub(w, L.hi, L.lo, MPFR_RNDU);
        double l2w = fr_log2(w);
        mpfr_clear(w);
        if (l2w <= log2_share) {
            mpfr_add(R->acc.lo, R->acc.lo, L.lo, MPFR_RNDD);
            mpfr_add(R->acc.hi, R->acc.hi, L.hi, MPFR_RNDU);
            break;
        }
        if (res.P > 0 && res.log2_trunc > log2_share - 1.0 && res.P < P0_MAX_ORDER) {
            Pforce = res.P + 1; /* truncation: one more order, same expansion */
            mode = res.mode;
        } else {
            wp *= 2; /* rounding: more precision */
        }
    }
out:
    ivl_clear(&L);
    return st;
}

amq_status amq_omissions_log_p0_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_omis_params *p)
{
    const char *who = "omissions_p0";
    amq_status st = check_params(p, who);
    if (!st)
        st = check_bits(bits, who);
    if (st)
        return st;
    uint64_t E;
    int P0;
    if (omis_edge(p, &E, &P0)) {
        mpfr_set_prec(lo, 64);
        mpfr_set_prec(hi, 64);
        if (P0) {
            mpfr_set_zero(lo, 1);
            mpfr_set_zero(hi, 1);
        } else {
            mpfr_set_inf(lo, -1);
            mpfr_set_inf(hi, -1);
        }
        return AMQ_OK;
    }
    expo e;
    if ((st = expo_build(&e, p, who)) != AMQ_OK)
        return st;
    p0_run R;
    memset(&R, 0, sizeof R);
    R.e = &e;
    R.bits = bits + 1; /* the blocks' shares sum to 2^-(bits+1) * sum 2^-depth <= 2^-bits / 2 */
    R.who = who;
    mpfr_prec_t ap = bits + 128 + 64;
    ivl_init(&R.acc, ap);
    ivl_set_ui(&R.acc, 0);
    st = p0_block(&R, 1, p->n, 0);
    if (!st) {
        if (mpfr_sgn(R.acc.hi) > 0)
            mpfr_set_zero(R.acc.hi, 1);
        mpfr_set_prec(lo, ap);
        mpfr_set_prec(hi, ap);
        fr_put_outward(lo, hi, R.acc.lo, R.acc.hi);
    }
    ivl_clear(&R.acc);
    expo_free(&e);
    return st;
}

/* Cheap certified upper bound of log P0 (no edge case): on 256 blocks [a, b) of i,
 * log(1 - f_i) <= log(1 - f_a) since f is non-decreasing. */
static amq_status log_p0_coarse_upper(mpfr_t out, const amq_omis_params *p)
{
    expo e;
    amq_status st = expo_build(&e, p, "omissions_p0");
    if (st)
        return st;
    expo_set_prec(&e, 64);
    ivl om;
    ivl_init(&om, 64);
    mpfr_t acc, t, hf;
    mpfr_inits2(64, acc, t, (mpfr_ptr)0);
    mpfr_set_zero(acc, 1);
    uint64_t N = p->n - 1, G = N < 256 ? N : 256, a = 1;
    for (uint64_t g = 1; g <= G; g++) {
        uint64_t b = g == G ? p->n : 1 + (uint64_t)((double)N * (double)g / (double)G);
        if (b <= a)
            continue;
        expo_eval_om(&om, &e, a);
        if (mpfr_sgn(om.hi) > 0) {
            mpfr_log(t, om.hi, MPFR_RNDU);
            fr_init_u64(hf, b - a);
            mpfr_mul(t, t, hf, MPFR_RNDU);
            mpfr_add(acc, acc, t, MPFR_RNDU);
            mpfr_clear(hf);
        }
        a = b;
    }
    mpfr_set(out, acc, MPFR_RNDU);
    mpfr_clears(acc, t, (mpfr_ptr)0);
    ivl_clear(&om);
    expo_free(&e);
    return AMQ_OK;
}

amq_status amq_omissions_p0_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_omis_params *p)
{
    mpfr_t l, h;
    mpfr_inits2(64, l, h, (mpfr_ptr)0);
    amq_status st = check_params(p, "omissions_p0");
    uint64_t E0;
    int P00;
    if (!st && !omis_edge(p, &E0, &P00)) {
        /* fail fast when a cheap upper bound of log P0 already underflows */
        mpfr_t b;
        mpfr_init2(b, 64);
        st = log_p0_coarse_upper(b, p);
        if (!st && mpfr_cmp_d(b, ((double)mpfr_get_emin() + 4.0) * 0.69314718) < 0) /* below 2^emin */
            st = amq_fail(AMQ_E_TOO_LARGE,
                          "omissions_p0: P0 <= exp(%.6g) underflows the MPFR exponent range; use "
                          "amq_omissions_log_p0_enclose or amq_omissions_p0_upper",
                          mpfr_get_d(b, MPFR_RNDN));
        mpfr_clear(b);
    }
    if (!st)
        st = amq_omissions_log_p0_enclose(l, h, bits, p);
    if (!st) {
        if (mpfr_inf_p(h)) { /* P0 = 0 exactly */
            mpfr_set_prec(lo, 64);
            mpfr_set_prec(hi, 64);
            mpfr_set_zero(lo, 1);
            mpfr_set_zero(hi, 1);
        } else {
            /* exp must not underflow: log P0 > (emin - 1) ln 2 */
            mpfr_t lim;
            mpfr_init2(lim, 64);
            mpfr_const_log2(lim, MPFR_RNDD);
            mpfr_mul_si(lim, lim, (long)mpfr_get_emin() + 2, MPFR_RNDD);
            if (mpfr_cmp(l, lim) <= 0) {
                st = amq_fail(AMQ_E_TOO_LARGE,
                              "omissions_p0: P0 = exp(%.6g) underflows the MPFR exponent range; use "
                              "amq_omissions_log_p0_enclose",
                              mpfr_get_d(l, MPFR_RNDN));
            } else {
                mpfr_set_prec(lo, bits + 32);
                mpfr_set_prec(hi, bits + 32);
                mpfr_exp(lo, l, MPFR_RNDD);
                mpfr_exp(hi, h, MPFR_RNDU);
                if (mpfr_cmp_ui(hi, 1) > 0)
                    mpfr_set_ui(hi, 1, MPFR_RNDU);
            }
            mpfr_clear(lim);
        }
    }
    mpfr_clears(l, h, (mpfr_ptr)0);
    return st;
}

amq_status amq_omissions_p0_upper(mpfr_t log10_hi, const amq_omis_params *p)
{
    mpfr_t lo, hi, c;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_omissions_expected_enclose(lo, hi, 32, p);
    if (!st) {
        uint64_t E;
        int P0;
        if (omis_edge(p, &E, &P0) && !P0) {
            mpfr_set_inf(log10_hi, -1);
        } else {
            /* log P0 <= min(-E, coarse monotone bound); log10 = that / ln 10, rounded up */
            mpfr_init2(c, mpfr_get_prec(lo) + 16);
            mpfr_neg(hi, lo, MPFR_RNDU);
            if (log_p0_coarse_upper(c, p) == AMQ_OK && mpfr_cmp(c, hi) < 0)
                mpfr_set(hi, c, MPFR_RNDU);
            mpfr_log_ui(c, 10, MPFR_RNDU);
            mpfr_div(log10_hi, hi, c, MPFR_RNDU); /* hi <= 0: divide by an upper bound of ln 10 */
            mpfr_clear(c);
        }
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}

static amq_status expected_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    return amq_omissions_expected_enclose(lo, hi, bits, ctx);
}
static amq_status p0_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    return amq_omissions_p0_enclose(lo, hi, bits, ctx);
}

amq_status amq_omissions_expected_decimal(char **out, const amq_omis_params *p, int digits, mpfr_t lo,
                                          mpfr_t hi)
{
    amq_status st = check_params(p, "omissions_expected_decimal");
    if (st)
        return st;
    return decimal_bits(out, expected_bits, p, digits, lo, hi, "omissions_expected_decimal");
}

amq_status amq_omissions_p0_decimal(char **out, const amq_omis_params *p, int digits, mpfr_t lo, mpfr_t hi)
{
    amq_status st = check_params(p, "omissions_p0_decimal");
    if (st)
        return st;
    return decimal_bits(out, p0_bits, p, digits, lo, hi, "omissions_p0_decimal");
}

typedef struct { const amq_omis_params *p; unsigned t; } cov_ctx;

static amq_status coverage_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    const cov_ctx *c = ctx;
    if (c->p->n == 0) {
        mpfr_set_ui(lo, 1, MPFR_RNDD);
        mpfr_set_ui(hi, 1, MPFR_RNDU);
        return AMQ_OK;
    }
    /* (n - tE)/n = 1 - tE/n: relative width of E of 2^-(bits+8) is plenty unless the
     * coverage is tiny; then the loop in decimal_bits asks for more bits */
    mpfr_t el, eh, nf;
    mpfr_inits2(64, el, eh, (mpfr_ptr)0);
    amq_status st = amq_omissions_expected_enclose(el, eh, bits + 8, c->p);
    if (!st) {
        fr_init_u64(nf, c->p->n);
        mpfr_prec_t pr = mpfr_get_prec(el) + 64;
        mpfr_set_prec(lo, pr);
        mpfr_set_prec(hi, pr);
        mpfr_mul_ui(el, el, c->t, MPFR_RNDD);
        mpfr_mul_ui(eh, eh, c->t, MPFR_RNDU);
        mpfr_sub(lo, nf, eh, MPFR_RNDD);
        mpfr_div(lo, lo, nf, MPFR_RNDD);
        mpfr_sub(hi, nf, el, MPFR_RNDU);
        mpfr_div(hi, hi, nf, MPFR_RNDU);
        mpfr_clear(nf);
    }
    mpfr_clears(el, eh, (mpfr_ptr)0);
    return st;
}

amq_status amq_omissions_coverage_decimal(char **out, const amq_omis_params *p, unsigned t, int digits,
                                          mpfr_t lo, mpfr_t hi)
{
    amq_status st = check_params(p, "omissions_coverage_decimal");
    if (st)
        return st;
    if (t != 1 && t != 2)
        return amq_fail(AMQ_E_INVALID_ARG, "omissions_coverage_decimal: factor t = %u (1 or 2)", t);
    cov_ctx c = {p, t};
    return decimal_bits(out, coverage_bits, &c, digits, lo, hi, "omissions_coverage_decimal");
}

/* ------------------------------------------------------------------------------------
 * brute force (cross-checks)
 * ---------------------------------------------------------------------------------- */

amq_status amq_omissions_exact(mpq_t E, mpq_t P0, const amq_omis_params *p)
{
    amq_status st = check_params(p, "omissions_exact");
    if (st)
        return st;
    if (p->n > AMQ_OMIS_EXACT_MAX_N)
        return amq_fail(AMQ_E_TOO_LARGE, "omissions_exact: n = %llu exceeds the brute-force limit %d",
                        ULL(p->n), AMQ_OMIS_EXACT_MAX_N);
    mpq_t e, q, f, t;
    mpq_inits(e, q, f, t, NULL);
    mpq_set_ui(e, 0, 1);
    mpq_set_ui(q, 1, 1);
    for (uint64_t i = 0; i < p->n && !st; i++) {
        st = amq_omis_rate_exact(f, p, i);
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
                                       mpfr_prec_t prec, const amq_omis_params *p)
{
    amq_status st = check_params(p, "omissions_brute");
    if (st)
        return st;
    if (p->n > AMQ_OMIS_BRUTE_MAX_N)
        return amq_fail(AMQ_E_TOO_LARGE, "omissions_brute: n = %llu exceeds the brute-force limit %d",
                        ULL(p->n), AMQ_OMIS_BRUTE_MAX_N);
    if (prec < MPFR_PREC_MIN || prec > (mpfr_prec_t)1 << 16)
        return amq_fail(AMQ_E_INVALID_ARG, "omissions_brute: precision %ld out of range", (long)prec);
    mpfr_prec_t wp = prec + 64;
    ivl e, q, f;
    ivl_init(&e, wp);
    ivl_init(&q, wp);
    ivl_init(&f, wp);
    ivl_set_ui(&e, 0);
    ivl_set_ui(&q, 1);
    for (uint64_t i = 0; i < p->n && !st; i++) {
        st = amq_omis_rate_enclose(f.lo, f.hi, wp, p, i);
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

/* ------------------------------------------------------------------------------------
 * large-m limit: I_k(r), barriers, optimal k (D&M section 3.3, Table 1)
 * ---------------------------------------------------------------------------------- */

const amq_dm_table1_row amq_dm_table1[7] = {
    {1, "1.1346", "1.1227"}, {2, "2.3481", "2.3536"},  {3, "3.6441", "3.6513"},
    {5, "6.3529", "6.3566"}, {10, "13.370", "13.372"}, {50, "70.849", "70.863"},
    {100, "142.95", "142.97"},
};

/* S(a) = sum_{j>k} T^j / j with T = 1 - e^{-a}, at an exact a > 0, rounded in direction
 * rnd (MPFR_RNDD: a lower bound, MPFR_RNDU: an upper bound) at precision wp. Both forms
 * below are increasing in T. For T <= 3/4 the positive series with its tail bound
 * T^{J+1}/((J+1)(1-T)); otherwise S = -log(1-T) - sum_{j<=k} T^j/j = a - sum_{j<=k} T^j/j
 * (exact: -log(1-T) = a), whose subtracted sum is rounded the other way. */
static void series_S(mpfr_t out, const mpfr_t a, uint64_t k, mpfr_prec_t wp, mpfr_rnd_t rnd)
{
    mpfr_rnd_t oth = rnd == MPFR_RNDD ? MPFR_RNDU : MPFR_RNDD;
    mpfr_t T, pw, term, sum, tail;
    mpfr_inits2(wp, T, pw, term, sum, tail, (mpfr_ptr)0);
    mpfr_neg(T, a, MPFR_RNDN);
    mpfr_expm1(T, T, oth); /* T = -expm1(-a) rounded in direction rnd */
    mpfr_neg(T, T, MPFR_RNDN);
    mpfr_set_zero(sum, 1);
    if (mpfr_cmp_d(T, 0.75) <= 0) {
        mpfr_pow_ui(pw, T, (unsigned long)(k + 1), rnd);
        for (uint64_t j = k + 1;; j++) {
            mpfr_div_ui(term, pw, (unsigned long)j, rnd);
            mpfr_add(sum, sum, term, rnd);
            mpfr_mul(pw, pw, T, rnd);
            /* stop when the remaining tail is below 2^-(wp+6) of the sum */
            mpfr_div_ui(tail, pw, (unsigned long)(j + 1), MPFR_RNDU);
            mpfr_mul_2si(tail, tail, (long)wp + 6, MPFR_RNDU);
            if (mpfr_cmp(tail, sum) < 0)
                break;
        }
        if (rnd == MPFR_RNDU) { /* the tail after the last term: <= pw / (1 - T) */
            mpfr_ui_sub(term, 1, T, MPFR_RNDD);
            mpfr_div(tail, pw, term, MPFR_RNDU);
            mpfr_add(sum, sum, tail, MPFR_RNDU);
        }
    } else {
        mpfr_neg(T, a, MPFR_RNDN); /* T rounded the other way for the subtracted sum */
        mpfr_expm1(T, T, rnd);
        mpfr_neg(T, T, MPFR_RNDN);
        mpfr_set(pw, T, oth);
        for (uint64_t j = 1; j <= k; j++) {
            mpfr_div_ui(term, pw, (unsigned long)j, oth);
            mpfr_add(sum, sum, term, oth);
            mpfr_mul(pw, pw, T, oth);
        }
        mpfr_sub(sum, a, sum, rnd);
        if (mpfr_sgn(sum) < 0)
            mpfr_set_zero(sum, 1);
    }
    mpfr_set(out, sum, rnd);
    mpfr_clears(T, pw, term, sum, tail, (mpfr_ptr)0);
}

/* I_k(r) = S(a)/a, a = k/r, at working precision wp (no width check). I increases in a
 * (it decreases in r), so [S(a_lo)/a_lo, S(a_hi)/a_hi] with a_lo <= a <= a_hi. */
static void integral_at(ivl *I, uint64_t k, const mpq_t r, mpfr_prec_t wp)
{
    mpq_t a;
    mpq_init(a);
    mpz_t kz;
    mpz_init(kz);
    z_set_u64(kz, k);
    mpq_set_z(a, kz);
    mpq_div(a, a, r); /* a = k/r exactly */
    ivl A;
    ivl_init(&A, wp);
    mpfr_set_q(A.lo, a, MPFR_RNDD);
    mpfr_set_q(A.hi, a, MPFR_RNDU);
    ivl_set_prec(I, wp);
    series_S(I->lo, A.lo, k, wp, MPFR_RNDD);
    series_S(I->hi, A.hi, k, wp, MPFR_RNDU);
    mpfr_div(I->lo, I->lo, A.lo, MPFR_RNDD);
    mpfr_div(I->hi, I->hi, A.hi, MPFR_RNDU);
    if (mpfr_cmp_ui(I->hi, 1) > 0) /* the integrand is below 1 */
        mpfr_set_ui(I->hi, 1, MPFR_RNDU);
    ivl_clear(&A);
    mpz_clear(kz);
    mpq_clear(a);
}

/* I_k(r) to relative width 2^-bits (raising the precision; a valid enclosure anyway). */
static void integral_rel(ivl *I, uint64_t k, const mpq_t r, int bits)
{
    for (mpfr_prec_t wp = bits + 32;; wp *= 2) {
        integral_at(I, k, r, wp);
        if (fr_rel_width_ok(I->lo, I->hi, bits) || wp > ((mpfr_prec_t)1 << 16))
            break;
    }
}

static amq_status check_r(const mpq_t r, const char *who)
{
    if (mpq_sgn(r) <= 0)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: r = m/n must be positive", who);
    return AMQ_OK;
}

amq_status amq_omis_integral_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t k, const mpq_t r)
{
    const char *who = "omis_integral";
    amq_status st = check_r(r, who);
    if (st)
        return st;
    if (k == 0 || k > 100000000)
        return amq_fail(AMQ_E_INVALID_K, "%s: k = %llu outside [1, 1e8]", who, ULL(k));
    if (prec < MPFR_PREC_MIN || prec > (mpfr_prec_t)1 << 16)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: precision %ld out of range", who, (long)prec);
    ivl I;
    ivl_init(&I, 64);
    integral_rel(&I, k, r, (int)prec - 2); /* (a valid enclosure even if the width is missed) */
    fr_put_outward(lo, hi, I.lo, I.hi);
    ivl_clear(&I);
    return AMQ_OK;
}

/* Sign of I_k(r) - I_{k+1}(r), certified (0: undecided up to precision 2^14). */
static int barrier_sign(uint64_t k, const mpq_t r, mpfr_prec_t prec)
{
    ivl a, b;
    ivl_init(&a, 64);
    ivl_init(&b, 64);
    int s = 0;
    for (mpfr_prec_t wp = prec; wp <= ((mpfr_prec_t)1 << 14); wp *= 2) {
        integral_at(&a, k, r, wp);
        integral_at(&b, k + 1, r, wp);
        if (mpfr_cmp(a.hi, b.lo) < 0) {
            s = -1;
            break;
        }
        if (mpfr_cmp(a.lo, b.hi) > 0) {
            s = 1;
            break;
        }
    }
    ivl_clear(&a);
    ivl_clear(&b);
    return s;
}

amq_status amq_omis_barrier_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t k)
{
    const char *who = "omis_barrier";
    if (k == 0 || k > 100000)
        return amq_fail(AMQ_E_INVALID_K, "%s: k = %llu outside [1, 100000]", who, ULL(k));
    if (bits < 1 || bits > 1000)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: bits = %d outside [1, 1000]", who, bits);
    mpq_t a, b, mid, w, t;
    mpq_inits(a, b, mid, w, t, NULL);
    mpq_set_ui(a, (unsigned long)k, 2);             /* k/2: fewer hashes better (sign -1) */
    mpq_set_ui(b, (unsigned long)(2 * (k + 1)), 1); /* 2(k+1): more hashes better (+1)    */
    amq_status st = AMQ_OK;
    mpfr_prec_t prec = bits + 64;
    if (barrier_sign(k, a, prec) != -1 || barrier_sign(k, b, prec) != 1) {
        st = amq_fail(AMQ_E_TOO_LARGE, "%s: no certified sign change of I_k - I_{k+1} on [k/2, 2(k+1)] "
                                       "for k = %llu", who, ULL(k));
        goto out;
    }
    for (;;) {
        mpq_sub(w, b, a);
        mpq_set(t, a);
        mpz_mul_2exp(mpq_denref(t), mpq_denref(t), (mp_bitcnt_t)bits); /* a 2^-bits */
        mpq_canonicalize(t);
        if (mpq_cmp(w, t) <= 0)
            break;
        mpq_add(mid, a, b);
        mpz_mul_2exp(mpq_denref(mid), mpq_denref(mid), 1);
        mpq_canonicalize(mid);
        int s = barrier_sign(k, mid, prec);
        if (s == 0) { /* mid is (numerically) the root: try the point a third of the way */
            mpq_set_ui(t, 1, 3);
            mpq_mul(t, t, w);
            mpq_add(mid, a, t);
            s = barrier_sign(k, mid, prec);
            if (s == 0) {
                st = amq_fail(AMQ_E_TOO_LARGE, "%s: sign of I_k - I_{k+1} undecidable near the root", who);
                goto out;
            }
        }
        if (s < 0)
            mpq_set(a, mid);
        else
            mpq_set(b, mid);
    }
    mpfr_set_prec(lo, bits + 32);
    mpfr_set_prec(hi, bits + 32);
    mpfr_set_q(lo, a, MPFR_RNDD);
    mpfr_set_q(hi, b, MPFR_RNDU);
out:
    mpq_clears(a, b, mid, w, t, NULL);
    return st;
}

static amq_status barrier_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    return amq_omis_barrier_enclose(lo, hi, bits > 1000 ? 1000 : bits, *(const uint64_t *)ctx);
}

amq_status amq_omis_barrier_decimal(char **out, uint64_t k, int digits, mpfr_t lo, mpfr_t hi)
{
    if (digits > 250)
        return amq_fail(AMQ_E_INVALID_ARG, "omis_barrier_decimal: at most 250 digits (got %d)", digits);
    return decimal_bits(out, barrier_bits, &k, digits, lo, hi, "omis_barrier_decimal");
}

/* Certified lower bound of I_k(r) from the first term of the series:
 * I_k(r) >= (r/k) T^{k+1}/(k+1). */
static void integral_first_term(mpfr_t out, uint64_t k, const mpq_t r, mpfr_prec_t wp)
{
    mpq_t a;
    mpq_init(a);
    mpz_t kz;
    mpz_init(kz);
    z_set_u64(kz, k);
    mpq_set_z(a, kz);
    mpq_div(a, a, r);
    mpfr_t A, T;
    mpfr_inits2(wp, A, T, (mpfr_ptr)0);
    mpfr_set_q(A, a, MPFR_RNDD); /* T lower bound from a lower bound of a */
    mpfr_neg(T, A, MPFR_RNDN);
    mpfr_expm1(T, T, MPFR_RNDU);
    mpfr_neg(T, T, MPFR_RNDN);
    mpfr_pow_ui(T, T, (unsigned long)(k + 1), MPFR_RNDD);
    mpfr_div_ui(T, T, (unsigned long)(k + 1), MPFR_RNDD);
    mpfr_set_q(A, a, MPFR_RNDU);
    mpfr_div(out, T, A, MPFR_RNDD);
    mpfr_clears(A, T, (mpfr_ptr)0);
    mpz_clear(kz);
    mpq_clear(a);
}

/* Certified lower bound 1 - r (ln k + 1)/k of I_k(r), valid when k >= r ln k (else -inf):
 * (1 - e^{-kx/r})^k >= 1 - k e^{-kx/r}, integrated over [r ln k / k, 1]. */
static void integral_tail_bound(mpfr_t out, uint64_t k, const mpq_t r, mpfr_prec_t wp)
{
    mpfr_t lk, rr, t;
    mpfr_inits2(wp, lk, rr, t, (mpfr_ptr)0);
    mpfr_set_ui(lk, (unsigned long)k, MPFR_RNDN);
    mpfr_log(lk, lk, MPFR_RNDU);
    mpfr_set_q(rr, r, MPFR_RNDU);
    mpfr_mul(t, rr, lk, MPFR_RNDU); /* r ln k, upper */
    if (mpfr_cmp_ui(t, (unsigned long)k) > 0) {
        mpfr_set_inf(out, -1);
    } else {
        mpfr_add_ui(lk, lk, 1, MPFR_RNDU);
        mpfr_mul(t, rr, lk, MPFR_RNDU);
        mpfr_div_ui(t, t, (unsigned long)k, MPFR_RNDU);
        mpfr_ui_sub(out, 1, t, MPFR_RNDD);
    }
    mpfr_clears(lk, rr, t, (mpfr_ptr)0);
}

amq_status amq_omis_optimal_k(uint64_t *k_best, uint64_t *k_tie, const mpq_t r)
{
    const char *who = "omis_optimal_k";
    if (!k_best)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: NULL output", who);
    amq_status st = check_r(r, who);
    if (st)
        return st;
    if (mpq_cmp_ui(r, AMQ_OMIS_OPTK_MAX_R, 1) > 0)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: r = m/n above %d (the certified scan over k grows like "
                                         "r log r)", who, AMQ_OMIS_OPTK_MAX_R);
    /* for small r, 1 - I_1(r) ~ r must be resolved: 128 bits plus log2(1/r) */
    mpfr_prec_t prec = 128;
    if (mpq_cmp_ui(r, 1, 1) < 0)
        prec += (mpfr_prec_t)(mpz_sizeinbase(mpq_denref(r), 2) - mpz_sizeinbase(mpq_numref(r), 2) + 2);
    if (prec > 4096)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: r = m/n below about 2^-3900", who);
    size_t cap = 64, cnt = 0;
    uint64_t *ks = malloc(cap * sizeof *ks);
    ivl *Is = malloc(cap * sizeof *Is);
    if (!ks || !Is) {
        free(ks);
        free(Is);
        return amq_fail(AMQ_E_NOMEM, "%s: out of memory", who);
    }
    mpfr_t lb, best_hi;
    mpfr_inits2(prec, lb, best_hi, (mpfr_ptr)0);
    mpfr_set_inf(best_hi, 1);
    size_t best = 0;
    for (uint64_t k = 1;; k++) {
        integral_tail_bound(lb, k, r, prec);
        if (cnt && mpfr_cmp(lb, best_hi) > 0)
            break; /* this k and every larger one are worse: 1 - r(ln k + 1)/k grows with k */
        integral_first_term(lb, k, r, prec);
        if (cnt && mpfr_cmp(lb, best_hi) > 0)
            continue; /* this k alone is worse */
        if (cnt == cap) {
            cap *= 2;
            uint64_t *nk = realloc(ks, cap * sizeof *ks);
            if (nk)
                ks = nk;
            ivl *ni = nk ? realloc(Is, cap * sizeof *Is) : NULL;
            if (!nk || !ni) {
                st = amq_fail(AMQ_E_NOMEM, "%s: out of memory", who);
                break;
            }
            Is = ni;
        }
        ks[cnt] = k;
        ivl_init(&Is[cnt], prec);
        integral_rel(&Is[cnt], k, r, (int)prec - 32);
        if (mpfr_cmp(Is[cnt].hi, best_hi) < 0) {
            mpfr_set(best_hi, Is[cnt].hi, MPFR_RNDU);
            best = cnt;
        }
        cnt++;
    }
    uint64_t tie = 0;
    if (!st) {
        /* every other candidate must lie strictly above the best; refine overlaps */
        for (size_t i = 0; i < cnt; i++) {
            if (i == best)
                continue;
            ivl a, b;
            ivl_init(&a, 64);
            ivl_init(&b, 64);
            int separated = mpfr_cmp(Is[i].lo, Is[best].hi) > 0;
            for (mpfr_prec_t wp = 2 * prec; !separated && wp <= 8 * prec; wp *= 2) {
                integral_at(&a, ks[best], r, wp);
                integral_at(&b, ks[i], r, wp);
                if (mpfr_cmp(b.hi, a.lo) < 0) { /* the candidate is in fact better */
                    ivl_set_prec(&Is[best], wp);
                    ivl_set_prec(&Is[i], wp);
                    mpfr_set(Is[best].lo, a.lo, MPFR_RNDD);
                    mpfr_set(Is[best].hi, a.hi, MPFR_RNDU);
                    mpfr_set(Is[i].lo, b.lo, MPFR_RNDD);
                    mpfr_set(Is[i].hi, b.hi, MPFR_RNDU);
                    best = i;
                    i = (size_t)-1; /* restart the check against the new best */
                    separated = 1;
                    tie = 0;
                } else if (mpfr_cmp(b.lo, a.hi) > 0) {
                    separated = 1;
                }
            }
            ivl_clear(&a);
            ivl_clear(&b);
            if (!separated && i != (size_t)-1)
                tie = ks[i];
        }
        *k_best = ks[best];
        if (k_tie)
            *k_tie = tie;
    }
    for (size_t i = 0; i < cnt; i++)
        ivl_clear(&Is[i]);
    free(ks);
    free(Is);
    mpfr_clears(lb, best_hi, (mpfr_ptr)0);
    return st;
}

/* ------------------------------------------------------------------------------------
 * state-space estimate (D&M section 3.3)
 * ---------------------------------------------------------------------------------- */

amq_status amq_state_estimate_enclose(mpfr_t i_lo, mpfr_t i_hi, mpfr_t n_lo, mpfr_t n_hi, mpfr_prec_t prec,
                                      uint64_t m, uint64_t k, uint64_t set_bits, uint64_t unique)
{
    const char *who = "state_estimate";
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: m = 0", who);
    if (k == 0)
        return amq_fail(AMQ_E_INVALID_K, "%s: k = 0 (log base (m-1)/m divided by k)", who);
    if (set_bits > m)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: %llu set bits exceed m = %llu", who, ULL(set_bits), ULL(m));
    if (set_bits == m)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "%s: every bit is set (p = 0): log_{(m-1)/m}(0) is infinite, the estimate is "
                        "unbounded",
                        who);
    if (prec < MPFR_PREC_MIN || prec > (mpfr_prec_t)1 << 16)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: precision %ld out of range", who, (long)prec);
    mpfr_prec_t wp = prec + 32;
    ivl I;
    ivl_init(&I, wp);
    if (set_bits == 0) {
        ivl_set_ui(&I, 0);
    } else { /* here m >= 2 */
        ivl num, den;
        ivl_init(&num, wp);
        ivl_init(&den, wp);
        ivl_log1m_frac(&num, set_bits, m, 8); /* ln p = ln((m-X)/m) < 0 */
        ivl_log1m_frac(&den, 1, m, 8);        /* ln((m-1)/m) < 0 */
        ivl_mul_u64(&den, &den, k);
        /* i = num/den = |num|/|den| */
        mpfr_div(I.lo, num.hi, den.lo, MPFR_RNDD); /* smallest |num| / largest |den| */
        mpfr_div(I.hi, num.lo, den.hi, MPFR_RNDU);
        ivl_clear(&num);
        ivl_clear(&den);
    }
    fr_put_outward(i_lo, i_hi, I.lo, I.hi);
    if (n_lo || n_hi) { /* n = i + 2(i - N) = 3i - 2N */
        mpfr_t N2, a;
        fr_init_u64(N2, unique);
        mpfr_mul_2ui(N2, N2, 1, MPFR_RNDN); /* exact */
        mpfr_init2(a, wp + 70);
        if (n_lo) {
            mpfr_mul_ui(a, I.lo, 3, MPFR_RNDD);
            mpfr_sub(n_lo, a, N2, MPFR_RNDD);
        }
        if (n_hi) {
            mpfr_mul_ui(a, I.hi, 3, MPFR_RNDU);
            mpfr_sub(n_hi, a, N2, MPFR_RNDU);
        }
        mpfr_clears(N2, a, (mpfr_ptr)0);
    }
    ivl_clear(&I);
    return AMQ_OK;
}

typedef struct { uint64_t m, k, x, N; int which; } est_ctx;

static amq_status estimate_bits(mpfr_t lo, mpfr_t hi, int bits, const void *ctx)
{
    const est_ctx *c = ctx;
    mpfr_prec_t pr = bits + 80;
    mpfr_set_prec(lo, pr);
    mpfr_set_prec(hi, pr);
    if (c->which == 0)
        return amq_state_estimate_enclose(lo, hi, NULL, NULL, pr, c->m, c->k, c->x, c->N);
    mpfr_t a, b;
    mpfr_inits2(pr, a, b, (mpfr_ptr)0);
    amq_status st = amq_state_estimate_enclose(a, b, lo, hi, pr, c->m, c->k, c->x, c->N);
    mpfr_clears(a, b, (mpfr_ptr)0);
    return st;
}

amq_status amq_state_estimate_decimal(char **i_out, char **n_out, uint64_t m, uint64_t k,
                                      uint64_t set_bits, uint64_t unique, int digits)
{
    if (!i_out)
        return amq_fail(AMQ_E_INVALID_ARG, "state_estimate_decimal: NULL output pointer");
    est_ctx c = {m, k, set_bits, unique, 0};
    amq_status st = decimal_bits(i_out, estimate_bits, &c, digits, NULL, NULL, "state_estimate_decimal");
    if (!st && n_out) {
        c.which = 1;
        st = decimal_bits(n_out, estimate_bits, &c, digits, NULL, NULL, "state_estimate_decimal");
        if (st) {
            free(*i_out);
            *i_out = NULL;
        }
    }
    return st;
}
