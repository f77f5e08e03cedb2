/* Blocked AMQ rates (Ceramist Theorem 10), generic over the inner rate; see
 * amq/spec_blocked.h.
 *
 * Notation: b blocks, n keys, X ~ Binomial(n, 1/b) the number of keys in the query's
 * block, pi_i = P(X = i) = C(n,i) (1/b)^i (1-1/b)^{n-i}, FP = E[f(X)] = sum_i pi_i f(i).
 *
 * 1. Exact (amq_blocked_fp_exact_sum). FP = b^{-n} sum_i w_i f(i), w_i = C(n,i) (b-1)^{n-i}
 *    integers, w_{i+1} = w_i (n-i) / ((i+1)(b-1)) (an exact division: w_i (n-i) =
 *    C(n,i+1) (i+1) (b-1)^{n-i}). Terms are accumulated over a common denominator (the
 *    inner denominators are usually powers of one base, so the next one is a multiple of the
 *    running one and no gcd is needed), and the result is reduced once at the end.
 *
 * 2. Closed form (amq_blocked_fp_*_pgf). If f(i) = sum_j a_j c_j^i for all i >= 0, then
 *    FP = sum_j a_j E[c_j^X] and E[c^X] = (1 - 1/b + c/b)^n (the binomial probability
 *    generating function). Exact: K+1 big powers. Enclosure: each power is
 *    exp(n log1p(-(1-c)/b)) (or exp(n log((b-1+c)/b)) when (1-c)/b > 1/2, so that the
 *    logarithm keeps full relative accuracy), evaluated with directed rounding; the signed
 *    sum is rounded outward. Valid at any precision; it cancels, so its width may be wide.
 *
 * 3. Windowed enclosure (amq_blocked_fp_enclose_window), the literal sum without the
 *    O(n) terms:
 *    (a) Mode. s = floor((n+1)/b) maximises pi_i. log pi_s = lnC(n,s) + s log(1/b)
 *        + (n-s) log1p(-1/b), lnC(n,s) = lngamma(n+1) - lngamma(s+1) - lngamma(n-s+1).
 *        MPFR's lngamma, log, log1p and exp are correctly rounded in the requested
 *        direction, so evaluating the lower end with every operation rounded down (and
 *        subtracted quantities rounded up), and the upper end the other way, encloses
 *        log pi_s; exp (rounded down / up) encloses pi_s. The working precision carries
 *        bitlen(n) + 48 extra bits, since the absolute error of lngamma(n+1) ~ n ln n
 *        becomes the relative error of pi_s.
 *    (b) Recurrence. pi_{i+1} = pi_i (n-i) / ((i+1)(b-1)) and
 *        pi_{i-1} = pi_i i (b-1) / (n-i+1): products and quotients of positive numbers by
 *        exact integers, rounded down for the lower end and up for the upper end (each
 *        operation is monotone, so the enclosure propagates).
 *    (c) Tails. The ratio r_i = pi_{i+1}/pi_i = (n-i)/((i+1)(b-1)) decreases in i, and
 *        r_R < 1 for every R >= s ((R+1) b > n+1). So for i > R, pi_i <= pi_R r_R^{i-R}
 *        and the upper tail mass is at most T_up = pi_R r_R / (1 - r_R). Likewise
 *        rho_i = pi_{i-1}/pi_i = i (b-1)/(n-i+1) increases in i and rho_L < 1 iff
 *        L b <= n, i.e. L <= floor(n/b); then the lower tail mass is at most
 *        T_dn = pi_L rho_L / (1 - rho_L). Each bound is evaluated with upward rounding
 *        (pi_R, pi_L by their upper ends; r, rho rounded up; 1 - r rounded down).
 *    (d) Contributions. f <= 1, so the upper tail adds at most T_up; if f is nondecreasing
 *        the lower tail adds at most T_dn f(L) (f(i) <= f(L) for i < L), otherwise T_dn.
 *        Tails add at least 0. Hence
 *            lo = sum_{L<=i<=R} lo(pi_i) lo(f(i)),
 *            hi = sum_{L<=i<=R} hi(pi_i) hi(f(i)) + T_up + T_dn * hi(f(L)),
 *        every sum rounded in its direction. The window [L, R] starts at {s} and grows on
 *        each side until that side's tail contribution is <= 2^-(prec+4) lo (or L = 0,
 *        R = n). Inner enclosures are taken at 32 more bits than the working precision. */
#include <internal/fail.h>
#include "internal/spec_interval.h"
#include <stdint.h>
#include <amq/spec_blocked.h>
#include <amq/spec_bloom.h>
#include <amq/spec_quotient.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------- small helpers ---------- */

static int bitlen(uint64_t x)
{
    int b = 0;
    while (x) {
        b++;
        x >>= 1;
    }
    return b;
}

static amq_status check_prec(mpfr_prec_t prec, const char *who)
{
    if (prec < MPFR_PREC_MIN || prec > AMQ_CERTIFIED_MAX_PREC * 4)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: precision %ld outside [%d, %ld]", who, (long)prec,
                        (int)MPFR_PREC_MIN, (long)(AMQ_CERTIFIED_MAX_PREC * 4));
    return AMQ_OK;
}

static amq_status check_inner(const amq_inner_rate *f, const char *who)
{
    if (!f || !f->exact || !f->enclose)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: NULL inner rate or callback", who);
    return AMQ_OK;
}

static amq_status check_b(uint64_t b, const char *who)
{
    if (b == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: b = 0 blocks (a blocked filter needs at least one block)", who);
    return AMQ_OK;
}

/* an/ad += tn/td (ad, td > 0; not reduced). */
static void acc_add(mpz_t an, mpz_t ad, const mpz_t tn, const mpz_t td, mpz_t t1, mpz_t t2)
{
    if (mpz_divisible_p(td, ad)) {
        mpz_divexact(t1, td, ad);
        mpz_mul(an, an, t1);
        mpz_add(an, an, tn);
        mpz_set(ad, td);
    } else if (mpz_divisible_p(ad, td)) {
        mpz_divexact(t1, ad, td);
        mpz_addmul(an, tn, t1);
    } else {
        mpz_gcd(t1, ad, td);
        mpz_divexact(t2, ad, t1); /* ad / g */
        mpz_divexact(t1, td, t1); /* td / g */
        mpz_mul(an, an, t1);
        mpz_addmul(an, tn, t2);
        mpz_mul(ad, ad, t1);
    }
}

/* ---------- exponential sums ---------- */

void amq_expsum_clear(amq_expsum *e)
{
    if (!e)
        return;
    for (size_t j = 0; j < e->count; j++) {
        mpq_clear(e->a[j]);
        mpq_clear(e->c[j]);
    }
    free(e->a);
    free(e->c);
    e->a = e->c = NULL;
    e->count = 0;
}

static amq_status expsum_alloc(amq_expsum *e, size_t count, const char *who)
{
    e->count = 0;
    e->a = malloc(count * sizeof *e->a);
    e->c = malloc(count * sizeof *e->c);
    if (!e->a || !e->c) {
        free(e->a);
        free(e->c);
        e->a = e->c = NULL;
        return amq_fail(AMQ_E_NOMEM, "%s: out of memory", who);
    }
    for (size_t j = 0; j < count; j++) {
        mpq_init(e->a[j]);
        mpq_init(e->c[j]);
    }
    e->count = count;
    return AMQ_OK;
}

/* ---------- inner rate: Bloom block ---------- */

static amq_status bloom_exact_cb(mpq_t rop, uint64_t i, const void *params)
{
    const amq_inner_bloom_params *p = params;
    return amq_bloom_fp_exact(rop, p->bits, p->k, i);
}

static amq_status bloom_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t i, const void *params)
{
    const amq_inner_bloom_params *p = params;
    return amq_bloom_fp_enclose(lo, hi, prec, p->bits, p->k, i);
}

/* Bloom(B, k, i) = sum_{j=0..K} a_j c_j^i with K = min(k, B),
 * a_j = (-1)^j C(B,j) A_j / B^k, A_j = sum_{t=0..j} (-1)^t C(j,t) (B-t)^k, c_j = ((B-j)/B)^k
 * (the fast exact form of spec/spec_bloom.c with kn = k i). */
static amq_status bloom_expsum_cb(amq_expsum *e, const void *params)
{
    const amq_inner_bloom_params *p = params;
    const uint64_t B = p->bits, k = p->k;
    if (B == 0)
        return amq_fail(AMQ_E_INVALID_M, "blocked bloom: block of 0 bits");
    amq_status st;
    if (k == 0) { /* f = 1 */
        if ((st = expsum_alloc(e, 1, "bloom expsum")))
            return st;
        mpq_set_ui(e->a[0], 1, 1);
        mpq_set_ui(e->c[0], 1, 1);
        return AMQ_OK;
    }
    uint64_t K = k < B ? k : B;
    if (K > AMQ_BLOOM_EXACT_MAX_K || (double)k * log2((double)B) > 1048576.0 || k > ULONG_MAX)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "bloom expsum: k = %llu, block of %llu bits: the form needs min(k, B) <= %d and "
                        "k log2(B) <= 2^20",
                        ULL(k), ULL(B), AMQ_BLOOM_EXACT_MAX_K);
    if ((st = expsum_alloc(e, (size_t)K + 1, "bloom expsum")))
        return st;
    size_t cnt = (size_t)K + 1;
    mpz_t *P = malloc(cnt * sizeof *P);
    if (!P) {
        amq_expsum_clear(e);
        return amq_fail(AMQ_E_NOMEM, "bloom expsum: out of memory");
    }
    mpz_t Bz, Bk, base, binB;
    mpz_inits(Bz, Bk, base, binB, (mpz_ptr)0);
    z_set_u64(Bz, B);
    mpz_pow_ui(Bk, Bz, (unsigned long)k);
    for (size_t t = 0; t < cnt; t++) {
        mpz_init(P[t]);
        mpz_sub_ui(base, Bz, (unsigned long)t);
        mpz_pow_ui(P[t], base, (unsigned long)k); /* (B-t)^k */
    }
    mpz_set_ui(binB, 1);
    for (uint64_t j = 0; j <= K; j++) {
        if (j > 0) {
            mpz_sub_ui(base, Bz, (unsigned long)(j - 1));
            mpz_mul(binB, binB, base);
            mpz_divexact_ui(binB, binB, (unsigned long)j);
        }
        /* c_j = (B-j)^k / B^k: (B-j)^k is P's original entry j, recomputed */
        mpz_sub_ui(base, Bz, (unsigned long)j);
        mpz_pow_ui(mpq_numref(e->c[j]), base, (unsigned long)k);
        mpz_set(mpq_denref(e->c[j]), Bk);
        mpq_canonicalize(e->c[j]);
        /* a_j = (-1)^j C(B,j) A_j / B^k with A_j = P[0] at this level */
        mpz_mul(mpq_numref(e->a[j]), binB, P[0]);
        if (j & 1)
            mpz_neg(mpq_numref(e->a[j]), mpq_numref(e->a[j]));
        mpz_set(mpq_denref(e->a[j]), Bk);
        mpq_canonicalize(e->a[j]);
        for (size_t t = 0; t + 1 < cnt - j; t++)
            mpz_sub(P[t], P[t], P[t + 1]);
    }
    for (size_t t = 0; t < cnt; t++)
        mpz_clear(P[t]);
    free(P);
    mpz_clears(Bz, Bk, base, binB, (mpz_ptr)0);
    return AMQ_OK;
}

amq_inner_rate amq_inner_rate_bloom(const amq_inner_bloom_params *p)
{
    amq_inner_rate r = {"bloom", bloom_exact_cb, bloom_enclose_cb, 1, bloom_expsum_cb, p};
    return r;
}

amq_inner_rate amq_inner_rate_counting(const amq_inner_bloom_params *p)
{
    amq_inner_rate r = amq_inner_rate_bloom(p);
    r.name = "counting";
    return r;
}

/* ---------- inner rate: partitioned block ---------- */

static amq_status partition_size(uint64_t *s, uint64_t bits, uint64_t k, const char *who)
{
    if (bits == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: m = 0 bits", who);
    if (k == 0) {
        *s = 0;
        return AMQ_OK;
    }
    if (bits % k != 0)
        return amq_fail(AMQ_E_INVALID_M,
                        "%s: m = %llu bits is not a multiple of k = %llu (k partitions of m/k bits)", who,
                        ULL(bits), ULL(k));
    *s = bits / k;
    return AMQ_OK;
}

amq_status amq_partitioned_inner_exact(mpq_t rop, uint64_t bits, uint64_t k, uint64_t i)
{
    uint64_t s;
    amq_status st = partition_size(&s, bits, k, "partitioned_exact");
    if (st)
        return st;
    if (k == 0 || i == 0 || s == 1) { /* k = 0: 1; i = 0: 0; one-bit partitions: 1 */
        mpq_set_ui(rop, (k == 0 || (s == 1 && i > 0)) ? 1 : 0, 1);
        return AMQ_OK;
    }
    double bitsd = (double)k * (double)i * log2((double)s);
    if (bitsd > AMQ_BLOCKED_EXACT_MAX_BITS || i > ULONG_MAX || k > ULONG_MAX)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "partitioned_exact: the denominator s^(k n) would have about %.3g bits (limit %.3g)",
                        bitsd, AMQ_BLOCKED_EXACT_MAX_BITS);
    mpz_t a, c;
    mpz_inits(a, c, (mpz_ptr)0);
    z_set_u64(a, s);
    mpz_sub_ui(c, a, 1);
    mpz_pow_ui(a, a, (unsigned long)i); /* s^i */
    mpz_pow_ui(c, c, (unsigned long)i); /* (s-1)^i */
    mpz_sub(c, a, c);
    /* (s^i - (s-1)^i) / s^i is reduced (mod a prime q | s the numerator is -(-1)^i), and so
     * is its k-th power */
    mpz_pow_ui(mpq_numref(rop), c, (unsigned long)k);
    mpz_pow_ui(mpq_denref(rop), a, (unsigned long)k);
    mpz_clears(a, c, (mpz_ptr)0);
    return AMQ_OK;
}

amq_status amq_partitioned_inner_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t bits, uint64_t k,
                                         uint64_t i)
{
    uint64_t s;
    amq_status st = partition_size(&s, bits, k, "partitioned_enclose");
    if (st || (st = check_prec(prec, "partitioned_enclose")))
        return st;
    if (k == 0 || i == 0 || s == 1) {
        unsigned long v = (k == 0 || (s == 1 && i > 0)) ? 1 : 0;
        mpfr_set_ui(lo, v, MPFR_RNDD);
        mpfr_set_ui(hi, v, MPFR_RNDU);
        return AMQ_OK;
    }
    /* u = 1 - (1-1/s)^i = -expm1(i log1p(-1/s)) is decreasing in g = i log1p(-1/s) < 0,
     * f = u^k = exp(k log u) increasing in u. */
    mpfr_prec_t wp = prec + 16;
    mpfr_t tl, th, gl, gh;
    mpfr_inits2(wp, tl, th, gl, gh, (mpfr_ptr)0);
    mpfr_set_ui(tl, 1, MPFR_RNDN);
    fr_div_u64(th, tl, s, MPFR_RNDU); /* 1/s rounded up */
    fr_div_u64(tl, tl, s, MPFR_RNDD); /* 1/s rounded down */
    mpfr_neg(th, th, MPFR_RNDN);
    mpfr_neg(tl, tl, MPFR_RNDN);
    mpfr_log1p(gl, th, MPFR_RNDD); /* lower end of log1p(-1/s) */
    mpfr_log1p(gh, tl, MPFR_RNDU); /* upper end */
    fr_mul_u64(gl, gl, i, MPFR_RNDD);
    fr_mul_u64(gh, gh, i, MPFR_RNDU);
    mpfr_expm1(gl, gl, MPFR_RNDD); /* expm1(g_lo) <= expm1(g) */
    mpfr_expm1(gh, gh, MPFR_RNDU);
    mpfr_neg(tl, gh, MPFR_RNDN); /* u_lo */
    mpfr_neg(th, gl, MPFR_RNDN); /* u_hi */
    mpfr_log(tl, tl, MPFR_RNDD);
    mpfr_log(th, th, MPFR_RNDU);
    fr_mul_u64(tl, tl, k, MPFR_RNDD);
    fr_mul_u64(th, th, k, MPFR_RNDU);
    mpfr_exp(tl, tl, MPFR_RNDD);
    mpfr_exp(th, th, MPFR_RNDU);
    if (mpfr_cmp_ui(th, 1) > 0)
        mpfr_set_ui(th, 1, MPFR_RNDU);
    mpfr_set(lo, tl, MPFR_RNDD);
    mpfr_set(hi, th, MPFR_RNDU);
    mpfr_clears(tl, th, gl, gh, (mpfr_ptr)0);
    return AMQ_OK;
}

static amq_status part_exact_cb(mpq_t rop, uint64_t i, const void *params)
{
    const amq_inner_partitioned_params *p = params;
    return amq_partitioned_inner_exact(rop, p->bits, p->k, i);
}

static amq_status part_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t i, const void *params)
{
    const amq_inner_partitioned_params *p = params;
    return amq_partitioned_inner_enclose(lo, hi, prec, p->bits, p->k, i);
}

/* (1 - c^i)^k = sum_{j=0..k} (-1)^j C(k,j) (c^j)^i with c = (s-1)/s. */
static amq_status part_expsum_cb(amq_expsum *e, const void *params)
{
    const amq_inner_partitioned_params *p = params;
    uint64_t s;
    amq_status st = partition_size(&s, p->bits, p->k, "partitioned expsum");
    if (st)
        return st;
    if (p->k > AMQ_BLOOM_EXACT_MAX_K)
        return amq_fail(AMQ_E_TOO_LARGE, "partitioned expsum: k = %llu exceeds %d", ULL(p->k),
                        AMQ_BLOOM_EXACT_MAX_K);
    if ((st = expsum_alloc(e, (size_t)p->k + 1, "partitioned expsum")))
        return st;
    mpz_t sz;
    mpz_init(sz);
    z_set_u64(sz, s);
    for (uint64_t j = 0; j <= p->k; j++) {
        mpz_bin_uiui(mpq_numref(e->a[j]), (unsigned long)p->k, (unsigned long)j);
        if (j & 1)
            mpz_neg(mpq_numref(e->a[j]), mpq_numref(e->a[j]));
        mpz_sub_ui(mpq_numref(e->c[j]), sz, 1);
        mpz_pow_ui(mpq_numref(e->c[j]), mpq_numref(e->c[j]), (unsigned long)j);
        mpz_pow_ui(mpq_denref(e->c[j]), sz, (unsigned long)j);
        mpq_canonicalize(e->c[j]); /* 0^0 = 1 */
    }
    mpz_clear(sz);
    return AMQ_OK;
}

amq_inner_rate amq_inner_rate_partitioned(const amq_inner_partitioned_params *p)
{
    amq_inner_rate r = {"partitioned", part_exact_cb, part_enclose_cb, 1, part_expsum_cb, p};
    return r;
}

/* ---------- inner rate: quotient filter ---------- */

static amq_status quot_exact_cb(mpq_t rop, uint64_t i, const void *params)
{
    const amq_inner_quotient_params *p = params;
    return amq_quotient_fp_exact(rop, p->p, i);
}

static amq_status quot_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t i, const void *params)
{
    const amq_inner_quotient_params *p = params;
    return amq_quotient_fp_enclose(lo, hi, prec, p->p, i);
}

/* 1 - (1 - 2^-p)^i: a = (1, -1), c = (1, 1 - 2^-p). */
static amq_status quot_expsum_cb(amq_expsum *e, const void *params)
{
    const amq_inner_quotient_params *p = params;
    if (p->p > 64)
        return amq_fail(AMQ_E_INVALID_ARG, "quotient expsum: p = %llu fingerprint bits; p must be at most 64",
                        ULL(p->p));
    amq_status st = expsum_alloc(e, 2, "quotient expsum");
    if (st)
        return st;
    mpq_set_ui(e->a[0], 1, 1);
    mpq_set_ui(e->c[0], 1, 1);
    mpq_set_si(e->a[1], -1, 1);
    mpz_set_ui(mpq_denref(e->c[1]), 0);
    mpz_setbit(mpq_denref(e->c[1]), (mp_bitcnt_t)p->p);
    mpz_sub_ui(mpq_numref(e->c[1]), mpq_denref(e->c[1]), 1); /* (2^p - 1)/2^p, reduced */
    return AMQ_OK;
}

amq_inner_rate amq_inner_rate_quotient(const amq_inner_quotient_params *p)
{
    amq_inner_rate r = {"quotient", quot_exact_cb, quot_enclose_cb, 1, quot_expsum_cb, p};
    return r;
}

/* ---------- the mixture: exact ---------- */

amq_status amq_blocked_fp_exact_sum(mpq_t rop, const amq_inner_rate *f, uint64_t b, uint64_t n)
{
    amq_status st = check_inner(f, "blocked_fp_exact_sum");
    if (st || (st = check_b(b, "blocked_fp_exact_sum")))
        return st;
    if (n == 0 || b == 1) /* the whole mass sits on i = 0, resp. i = n */
        return f->exact(rop, b == 1 ? n : 0, f->params);
    double wbits = (double)n * log2((double)b);
    if (n > AMQ_BLOCKED_EXACT_MAX_N || (double)(n + 1) * wbits > AMQ_BLOCKED_EXACT_SUM_MAX_COST)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "blocked_fp_exact_sum: n = %llu, b = %llu: the literal sum is limited to n <= %u and "
                        "(n+1) n log2(b) <= %.3g bits; use the closed form or the certified enclosure",
                        ULL(n), ULL(b), AMQ_BLOCKED_EXACT_MAX_N, AMQ_BLOCKED_EXACT_SUM_MAX_COST);
    mpz_t w, bm1, an, ad, tn, t1, t2;
    mpz_inits(w, bm1, an, ad, tn, t1, t2, (mpz_ptr)0);
    mpq_t fi;
    mpq_init(fi);
    z_set_u64(bm1, b - 1);
    mpz_pow_ui(w, bm1, (unsigned long)n); /* w_0 = (b-1)^n */
    mpz_set_ui(ad, 1);
    for (uint64_t i = 0; i <= n; i++) {
        if ((st = f->exact(fi, i, f->params)))
            break;
        if (mpq_sgn(fi) != 0) {
            mpz_mul(tn, w, mpq_numref(fi));
            acc_add(an, ad, tn, mpq_denref(fi), t1, t2);
        }
        if (i < n) { /* w_{i+1} = w_i (n-i) / ((i+1)(b-1)) */
            mpz_mul_ui(w, w, (unsigned long)(n - i));
            mpz_mul_ui(t1, bm1, (unsigned long)(i + 1));
            mpz_divexact(w, w, t1);
        }
    }
    if (!st) {
        z_set_u64(t1, b);
        mpz_pow_ui(t1, t1, (unsigned long)n);
        mpz_mul(ad, ad, t1);
        mpz_set(mpq_numref(rop), an);
        mpz_set(mpq_denref(rop), ad);
        mpq_canonicalize(rop);
    }
    mpq_clear(fi);
    mpz_clears(w, bm1, an, ad, tn, t1, t2, (mpz_ptr)0);
    return st;
}

/* rop = N / D reduced, D > 0, when every prime factor of D divides the (small) P: each
 * pass takes h = gcd(N, P, D) and divides the largest common power of h out of N and D;
 * when h = 1, a common prime q would divide D, hence P, hence h: N and D are coprime. Far
 * cheaper than a gcd of two huge numbers. Destroys N and D. */
static void reduce_by_small(mpq_t rop, mpz_t N, mpz_t D, const mpz_t P)
{
    if (mpz_sgn(N) == 0) {
        mpq_set_ui(rop, 0, 1);
        return;
    }
    mpz_t h, r, n1, d1;
    mpz_inits(h, r, n1, d1, (mpz_ptr)0);
    mp_bitcnt_t v = mpz_scan1(N, 0), w = mpz_scan1(D, 0); /* the prime 2 by shifts */
    v = v < w ? v : w;
    mpz_tdiv_q_2exp(N, N, v);
    mpz_tdiv_q_2exp(D, D, v);
    for (;;) {
        mpz_tdiv_r(r, N, P); /* gcd(N, P) = gcd(N mod P, P) */
        mpz_gcd(h, r, P);
        if (mpz_cmp_ui(h, 1) == 0)
            break;
        mpz_tdiv_r(r, D, h);
        mpz_gcd(h, r, h);
        if (mpz_cmp_ui(h, 1) == 0)
            break;
        unsigned long c1 = (unsigned long)mpz_remove(n1, N, h), c2 = (unsigned long)mpz_remove(d1, D, h);
        unsigned long c = c1 < c2 ? c1 : c2;
        /* N = n1 h^c1, D = d1 h^c2: divide both by h^c */
        mpz_pow_ui(r, h, c1 - c);
        mpz_mul(N, n1, r);
        mpz_pow_ui(r, h, c2 - c);
        mpz_mul(D, d1, r);
    }
    mpz_swap(mpq_numref(rop), N); /* coprime and D > 0: canonical without a gcd */
    mpz_swap(mpq_denref(rop), D);
    mpz_clears(h, r, n1, d1, (mpz_ptr)0);
}

/* Closed form over one common denominator: with A = lcm of the den(a_j), V = lcm of the
 * den(c_j), (b-1+c_j)/b = ((b-1) den(c_j) + num(c_j)) (V/den(c_j)) / (b V), so
 *     FP = [ sum_j num(a_j) (A/den(a_j)) (((b-1) dc_j + nc_j) V/dc_j)^n ] / (A (b V)^n),
 * one big power per term and no gcd until the end (every prime of the denominator divides
 * A b V). */
amq_status amq_blocked_fp_exact_pgf(mpq_t rop, const amq_inner_rate *f, uint64_t b, uint64_t n)
{
    amq_status st = check_inner(f, "blocked_fp_exact_pgf");
    if (st || (st = check_b(b, "blocked_fp_exact_pgf")))
        return st;
    if (!f->expsum)
        return amq_fail(AMQ_E_INVALID_ARG, "blocked_fp_exact_pgf: inner rate '%s' has no exponential-sum form",
                        f->name ? f->name : "?");
    amq_expsum e = {0, NULL, NULL};
    if ((st = f->expsum(&e, f->params)))
        return st;
    mpz_t A, V, bz, base, N, D, t, P;
    mpz_inits(A, V, bz, base, N, D, t, P, (mpz_ptr)0);
    mpz_set_ui(A, 1);
    mpz_set_ui(V, 1);
    for (size_t j = 0; j < e.count; j++) {
        mpz_lcm(A, A, mpq_denref(e.a[j]));
        mpz_lcm(V, V, mpq_denref(e.c[j]));
    }
    z_set_u64(bz, b);
    mpz_mul(P, bz, V); /* b V */
    double pbits = (double)n * (double)mpz_sizeinbase(P, 2);
    double total = pbits * (double)(e.count + 1);
    if (pbits > AMQ_BLOCKED_EXACT_MAX_BITS || total > AMQ_BLOCKED_EXACT_MAX_COST || n > ULONG_MAX) {
        st = amq_fail(AMQ_E_TOO_LARGE,
                      "blocked_fp_exact_pgf: the powers ((b-1+c)/b)^n would have about %.3g bits each, %.3g in "
                      "all (limits %.3g and %.3g; b = %llu, n = %llu); use the certified enclosure",
                      pbits, total, AMQ_BLOCKED_EXACT_MAX_BITS, AMQ_BLOCKED_EXACT_MAX_COST, ULL(b), ULL(n));
        goto done;
    }
    for (size_t j = 0; j < e.count; j++) {
        if (mpq_sgn(e.a[j]) == 0)
            continue;
        /* base = ((b-1) dc + nc) (V / dc) */
        mpz_sub_ui(t, bz, 1);
        mpz_mul(base, t, mpq_denref(e.c[j]));
        mpz_add(base, base, mpq_numref(e.c[j]));
        mpz_divexact(t, V, mpq_denref(e.c[j]));
        mpz_mul(base, base, t);
        mpz_pow_ui(base, base, (unsigned long)n);
        mpz_divexact(t, A, mpq_denref(e.a[j]));
        mpz_mul(t, t, mpq_numref(e.a[j]));
        mpz_addmul(N, base, t);
    }
    mpz_pow_ui(D, P, (unsigned long)n);
    mpz_mul(D, D, A);
    mpz_mul(P, P, A); /* every prime of D divides A b V */
    reduce_by_small(rop, N, D, P);
done:
    mpz_clears(A, V, bz, base, N, D, t, P, (mpz_ptr)0);
    amq_expsum_clear(&e);
    return st;
}

amq_status amq_blocked_fp_exact(mpq_t rop, const amq_inner_rate *f, uint64_t b, uint64_t n)
{
    amq_status st = check_inner(f, "blocked_fp_exact");
    if (st)
        return st;
    if (f->expsum && b > 1 && n > 0)
        return amq_blocked_fp_exact_pgf(rop, f, b, n);
    return amq_blocked_fp_exact_sum(rop, f, b, n);
}

/* ---------- the mixture: closed-form enclosure ---------- */

amq_status amq_blocked_fp_enclose_pgf(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_rate *f,
                                      uint64_t b, uint64_t n)
{
    amq_status st = check_inner(f, "blocked_fp_enclose_pgf");
    if (st || (st = check_b(b, "blocked_fp_enclose_pgf")) || (st = check_prec(prec, "blocked_fp_enclose_pgf")))
        return st;
    if (!f->expsum)
        return amq_fail(AMQ_E_INVALID_ARG,
                        "blocked_fp_enclose_pgf: inner rate '%s' has no exponential-sum form",
                        f->name ? f->name : "?");
    amq_expsum e = {0, NULL, NULL};
    if ((st = f->expsum(&e, f->params)))
        return st;
    /* guard: log2 of sum |a_j| (the cancellation scale) plus the exponent n */
    mpq_t absum, t, u;
    mpq_inits(absum, t, u, (mpq_ptr)0);
    for (size_t j = 0; j < e.count; j++) {
        mpq_abs(t, e.a[j]);
        mpq_add(absum, absum, t);
    }
    long ex = (long)mpz_sizeinbase(mpq_numref(absum), 2) - (long)mpz_sizeinbase(mpq_denref(absum), 2);
    mpfr_prec_t wp = prec + 32 + bitlen(n) + (ex > 0 ? ex : 0);
    mpfr_t slo, shi, gl, gh, x, y, nn;
    mpfr_inits2(wp, slo, shi, gl, gh, x, y, (mpfr_ptr)0);
    mpfr_init2(nn, 64);
    fr_set_u64(nn, n, MPFR_RNDN); /* exact */
    mpfr_set_zero(slo, 1);
    mpfr_set_zero(shi, 1);
    for (size_t j = 0; j < e.count; j++) {
        if (mpq_sgn(e.a[j]) == 0)
            continue;
        /* t = (1 - c)/b in [0, 1] */
        mpq_set_ui(t, 1, 1);
        mpq_sub(t, t, e.c[j]);
        mpz_set_ui(mpq_numref(u), 0);
        z_set_u64(mpq_numref(u), b);
        mpz_set_ui(mpq_denref(u), 1);
        mpq_div(t, t, u);
        if (n == 0 || mpq_sgn(t) == 0) {
            mpfr_set_ui(gl, 1, MPFR_RNDD);
            mpfr_set_ui(gh, 1, MPFR_RNDU);
        } else if (mpq_cmp_ui(t, 1, 1) == 0) {
            mpfr_set_zero(gl, 1);
            mpfr_set_zero(gh, 1);
        } else {
            if (mpq_cmp_ui(t, 1, 2) <= 0) { /* log1p(-t), decreasing in t */
                mpfr_set_q(x, t, MPFR_RNDU);
                mpfr_neg(x, x, MPFR_RNDN);
                mpfr_log1p(gl, x, MPFR_RNDD);
                mpfr_set_q(y, t, MPFR_RNDD);
                mpfr_neg(y, y, MPFR_RNDN);
                mpfr_log1p(gh, y, MPFR_RNDU);
            } else { /* log(1 - t), 1 - t < 1/2 exact rational */
                mpq_set_ui(u, 1, 1);
                mpq_sub(u, u, t);
                mpfr_set_q(x, u, MPFR_RNDD);
                mpfr_log(gl, x, MPFR_RNDD);
                mpfr_set_q(y, u, MPFR_RNDU);
                mpfr_log(gh, y, MPFR_RNDU);
            }
            mpfr_mul(gl, gl, nn, MPFR_RNDD);
            mpfr_mul(gh, gh, nn, MPFR_RNDU);
            mpfr_exp(gl, gl, MPFR_RNDD);
            mpfr_exp(gh, gh, MPFR_RNDU);
            if (mpfr_cmp_ui(gh, 1) > 0)
                mpfr_set_ui(gh, 1, MPFR_RNDU);
        }
        if (mpq_sgn(e.a[j]) > 0) {
            mpfr_mul_q(x, gl, e.a[j], MPFR_RNDD);
            mpfr_mul_q(y, gh, e.a[j], MPFR_RNDU);
        } else {
            mpfr_mul_q(x, gh, e.a[j], MPFR_RNDD);
            mpfr_mul_q(y, gl, e.a[j], MPFR_RNDU);
        }
        mpfr_add(slo, slo, x, MPFR_RNDD);
        mpfr_add(shi, shi, y, MPFR_RNDU);
    }
    /* a probability: intersect with [0, 1]; an empty intersection means invalid input */
    if (mpfr_sgn(slo) < 0)
        mpfr_set_zero(slo, 1);
    if (mpfr_cmp_ui(shi, 1) > 0)
        mpfr_set_ui(shi, 1, MPFR_RNDU);
    amq_status rst = AMQ_OK;
    if (mpfr_cmp(slo, shi) > 0)
        rst = amq_fail(AMQ_E_INVALID_ARG,
                       "blocked_fp_enclose_pgf: empty enclosure: the exponential-sum form of '%s' is not a "
                       "probability (check a_j, c_j)",
                       f->name ? f->name : "?");
    else {
        mpfr_set(lo, slo, MPFR_RNDD);
        mpfr_set(hi, shi, MPFR_RNDU);
    }
    mpfr_clears(slo, shi, gl, gh, x, y, nn, (mpfr_ptr)0);
    mpq_clears(absum, t, u, (mpq_ptr)0);
    amq_expsum_clear(&e);
    return rst;
}

/* ---------- the mixture: windowed enclosure (method 3 at the top) ---------- */

/* Rough number of window terms needed at precision prec: about 2 sigma sqrt(2 ln 2 (prec+8))
 * plus slack (only used to choose a method; the window itself is decided rigorously). */
static double window_estimate(uint64_t b, uint64_t n, mpfr_prec_t prec)
{
    double q = 1.0 / (double)b, sd = sqrt((double)n * q * (1.0 - q));
    return 2.0 * sd * sqrt(1.4 * ((double)prec + 8.0)) + 2.0 * sqrt((double)prec) + 16.0;
}

static amq_status window_too_wide(uint64_t b, uint64_t n, mpfr_prec_t prec)
{
    return amq_fail(AMQ_E_TOO_LARGE,
                    "blocked_fp_enclose: the window around the binomial mode would exceed %u terms (b = %llu, "
                    "n = %llu, precision %ld; n/b = %.3g keys per block); only an inner rate with an "
                    "exponential-sum form (closed form) can be evaluated there",
                    AMQ_BLOCKED_MAX_WINDOW, ULL(b), ULL(n), (long)prec, (double)n / (double)b);
}

/* *too_wide is set when the window would exceed AMQ_BLOCKED_MAX_WINDOW (estimated up front,
 * or found while growing). b >= 2, n >= 1. */
static amq_status window_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_rate *f, uint64_t b,
                                 uint64_t n, int *too_wide)
{
    *too_wide = 0;
    if (window_estimate(b, n, prec) > (double)AMQ_BLOCKED_MAX_WINDOW) { /* fail before the work */
        *too_wide = 1;
        return window_too_wide(b, n, prec);
    }
    mpfr_prec_t wp = prec + 48 + bitlen(n);
    if (wp < 128)
        wp = 128;
    const mpfr_prec_t wpi = wp + 32;
    const uint64_t s = n / b + ((n % b) == b - 1 ? 1 : 0); /* floor((n+1)/b) without overflow */
    const uint64_t nb = n / b;                              /* rho_L < 1 iff L <= nb */
    amq_status st = AMQ_OK;
    mpfr_t pl, ph, ql, qh, slo, shi, t1, t2, tup, tdn, thr, fl, fh, fLh;
    mpfr_inits2(wp, pl, ph, ql, qh, slo, shi, t1, t2, tup, tdn, thr, (mpfr_ptr)0);
    mpfr_inits2(wpi, fl, fh, fLh, (mpfr_ptr)0);

    /* (a) log pi_s in [t1, t2] */
    mpfr_set_zero(t1, 1);
    mpfr_set_zero(t2, 1);
    if (s > 0 && s < n) {
        mpfr_t x, g;
        mpfr_inits2(wp, x, g, (mpfr_ptr)0);
        /* + lngamma(n+1) */
        fr_set_u64(x, n, MPFR_RNDN);
        mpfr_add_ui(x, x, 1, MPFR_RNDN); /* exact: wp >= 128 */
        mpfr_lngamma(g, x, MPFR_RNDD);
        mpfr_add(t1, t1, g, MPFR_RNDD);
        mpfr_lngamma(g, x, MPFR_RNDU);
        mpfr_add(t2, t2, g, MPFR_RNDU);
        /* - lngamma(s+1) */
        fr_set_u64(x, s, MPFR_RNDN);
        mpfr_add_ui(x, x, 1, MPFR_RNDN);
        mpfr_lngamma(g, x, MPFR_RNDU);
        mpfr_sub(t1, t1, g, MPFR_RNDD);
        mpfr_lngamma(g, x, MPFR_RNDD);
        mpfr_sub(t2, t2, g, MPFR_RNDU);
        /* - lngamma(n-s+1) */
        fr_set_u64(x, n - s, MPFR_RNDN);
        mpfr_add_ui(x, x, 1, MPFR_RNDN);
        mpfr_lngamma(g, x, MPFR_RNDU);
        mpfr_sub(t1, t1, g, MPFR_RNDD);
        mpfr_lngamma(g, x, MPFR_RNDD);
        mpfr_sub(t2, t2, g, MPFR_RNDU);
        mpfr_clears(x, g, (mpfr_ptr)0);
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
    mpfr_exp(pl, t1, MPFR_RNDD);
    mpfr_exp(ph, t2, MPFR_RNDU);
    if (mpfr_cmp_ui(ph, 1) > 0)
        mpfr_set_ui(ph, 1, MPFR_RNDU);
    mpfr_set(ql, pl, MPFR_RNDD);
    mpfr_set(qh, ph, MPFR_RNDU);

    /* the term at s */
    uint64_t L = s, R = s;
    if ((st = f->enclose(fl, fh, wpi, s, f->params)))
        goto out;
    mpfr_mul(slo, pl, fl, MPFR_RNDD);
    mpfr_mul(shi, ph, fh, MPFR_RNDU);
    mpfr_set(fLh, fh, MPFR_RNDU);

    for (;;) {
        int up_ok = 1, dn_ok = 1;
        mpfr_mul_2si(thr, slo, -(long)(prec + 4), MPFR_RNDD);
        mpfr_set_zero(tup, 1);
        mpfr_set_zero(tdn, 1);
        /* (c) upper tail bound, R >= s so r_R < 1 */
        if (R < n) {
            mpfr_set_ui(t1, 1, MPFR_RNDN);
            fr_mul_u64(t1, t1, n - R, MPFR_RNDU);
            fr_div_u64(t1, t1, R + 1, MPFR_RNDU);
            fr_div_u64(t1, t1, b - 1, MPFR_RNDU); /* r_R rounded up */
            if (mpfr_cmp_ui(t1, 1) >= 0) {
                mpfr_set_inf(tup, 1);
            } else {
                mpfr_ui_sub(t2, 1, t1, MPFR_RNDD);
                mpfr_mul(tup, ph, t1, MPFR_RNDU);
                mpfr_div(tup, tup, t2, MPFR_RNDU);
            }
            up_ok = mpfr_lessequal_p(tup, thr);
        }
        /* (c) lower tail bound, needs L <= floor(n/b) */
        if (L > 0) {
            if (L <= nb) {
                mpfr_set_ui(t1, 1, MPFR_RNDN);
                fr_mul_u64(t1, t1, L, MPFR_RNDU);
                fr_mul_u64(t1, t1, b - 1, MPFR_RNDU);
                fr_div_u64(t1, t1, n - L + 1, MPFR_RNDU); /* rho_L rounded up */
                if (mpfr_cmp_ui(t1, 1) >= 0) {
                    mpfr_set_inf(tdn, 1);
                } else {
                    mpfr_ui_sub(t2, 1, t1, MPFR_RNDD);
                    mpfr_mul(tdn, qh, t1, MPFR_RNDU);
                    mpfr_div(tdn, tdn, t2, MPFR_RNDU);
                    if (f->nondecreasing) /* (d): f(i) <= f(L) below L */
                        mpfr_mul(tdn, tdn, fLh, MPFR_RNDU);
                }
            } else {
                mpfr_set_inf(tdn, 1);
            }
            dn_ok = mpfr_lessequal_p(tdn, thr);
        }
        if (up_ok && dn_ok)
            break;
        if (R - L + 1 >= AMQ_BLOCKED_MAX_WINDOW) {
            *too_wide = 1;
            st = window_too_wide(b, n, prec);
            goto out;
        }
        if (!up_ok) { /* (b) pi_{R+1} = pi_R (n-R) / ((R+1)(b-1)) */
            fr_mul_u64(pl, pl, n - R, MPFR_RNDD);
            fr_div_u64(pl, pl, R + 1, MPFR_RNDD);
            fr_div_u64(pl, pl, b - 1, MPFR_RNDD);
            fr_mul_u64(ph, ph, n - R, MPFR_RNDU);
            fr_div_u64(ph, ph, R + 1, MPFR_RNDU);
            fr_div_u64(ph, ph, b - 1, MPFR_RNDU);
            R++;
            if ((st = f->enclose(fl, fh, wpi, R, f->params)))
                goto out;
            mpfr_mul(t1, pl, fl, MPFR_RNDD);
            mpfr_add(slo, slo, t1, MPFR_RNDD);
            mpfr_mul(t1, ph, fh, MPFR_RNDU);
            mpfr_add(shi, shi, t1, MPFR_RNDU);
        }
        if (!dn_ok) { /* (b) pi_{L-1} = pi_L L (b-1) / (n-L+1) */
            fr_mul_u64(ql, ql, L, MPFR_RNDD);
            fr_mul_u64(ql, ql, b - 1, MPFR_RNDD);
            fr_div_u64(ql, ql, n - L + 1, MPFR_RNDD);
            fr_mul_u64(qh, qh, L, MPFR_RNDU);
            fr_mul_u64(qh, qh, b - 1, MPFR_RNDU);
            fr_div_u64(qh, qh, n - L + 1, MPFR_RNDU);
            L--;
            if ((st = f->enclose(fl, fh, wpi, L, f->params)))
                goto out;
            mpfr_mul(t1, ql, fl, MPFR_RNDD);
            mpfr_add(slo, slo, t1, MPFR_RNDD);
            mpfr_mul(t1, qh, fh, MPFR_RNDU);
            mpfr_add(shi, shi, t1, MPFR_RNDU);
            mpfr_set(fLh, fh, MPFR_RNDU);
        }
    }
    /* (d) hi = window upper sum + tail bounds */
    mpfr_add(shi, shi, tup, MPFR_RNDU);
    mpfr_add(shi, shi, tdn, MPFR_RNDU);
    if (mpfr_cmp_ui(shi, 1) > 0)
        mpfr_set_ui(shi, 1, MPFR_RNDU);
    if (mpfr_cmp(slo, shi) > 0) { /* only with an invalid inner enclosure: report, never mask */
        st = amq_fail(AMQ_E_INVALID_ARG,
                      "blocked_fp_enclose: lower end above upper end: the inner rate '%s' returned an invalid "
                      "enclosure (lo > hi, or outside [0, 1])",
                      f->name ? f->name : "?");
        goto out;
    }
    mpfr_set(lo, slo, MPFR_RNDD);
    mpfr_set(hi, shi, MPFR_RNDU);
out:
    mpfr_clears(pl, ph, ql, qh, slo, shi, t1, t2, tup, tdn, thr, fl, fh, fLh, (mpfr_ptr)0);
    return st;
}

/* n = 0 or b = 1: the inner rate at one point. */
static amq_status inner_point(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_rate *f, uint64_t i)
{
    mpfr_t l, h;
    mpfr_inits2(prec, l, h, (mpfr_ptr)0);
    amq_status st = f->enclose(l, h, prec, i, f->params);
    if (!st) {
        mpfr_set(lo, l, MPFR_RNDD);
        mpfr_set(hi, h, MPFR_RNDU);
    }
    mpfr_clears(l, h, (mpfr_ptr)0);
    return st;
}

amq_status amq_blocked_fp_enclose_window(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_rate *f,
                                         uint64_t b, uint64_t n)
{
    amq_status st = check_inner(f, "blocked_fp_enclose");
    if (st || (st = check_b(b, "blocked_fp_enclose")) || (st = check_prec(prec, "blocked_fp_enclose")))
        return st;
    if (n == 0 || b == 1)
        return inner_point(lo, hi, prec, f, b == 1 ? n : 0);
    int too_wide;
    return window_enclose(lo, hi, prec, f, b, n, &too_wide);
}

amq_status amq_blocked_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_rate *f, uint64_t b,
                                  uint64_t n)
{
    amq_status st = check_inner(f, "blocked_fp_enclose");
    if (st || (st = check_b(b, "blocked_fp_enclose")) || (st = check_prec(prec, "blocked_fp_enclose")))
        return st;
    if (n == 0 || b == 1)
        return inner_point(lo, hi, prec, f, b == 1 ? n : 0);
    if (f->expsum && window_estimate(b, n, prec) > (double)AMQ_BLOCKED_WINDOW_PREFER)
        return amq_blocked_fp_enclose_pgf(lo, hi, prec, f, b, n);
    int too_wide;
    st = window_enclose(lo, hi, prec, f, b, n, &too_wide);
    if (st && too_wide && f->expsum)
        st = amq_blocked_fp_enclose_pgf(lo, hi, prec, f, b, n);
    return st;
}

amq_status amq_blocked_fp_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params)
{
    const amq_blocked_params *p = params;
    if (!p)
        return amq_fail(AMQ_E_INVALID_ARG, "blocked_fp_enclose_cb: NULL parameters");
    return amq_blocked_fp_enclose(lo, hi, prec, p->inner, p->b, p->n);
}

/* ---------- decimals ---------- */

/* Decimal of an exact rational, with its enclosure [q, q] rounded outward into lo/hi. */
static amq_status decimal_of_q(char **out, const mpq_t q, int digits, mpfr_ptr lo, mpfr_ptr hi)
{
    amq_status st = amq_mpq_decimal(out, q, digits);
    if (!st) {
        if (lo)
            mpfr_set_q(lo, q, MPFR_RNDD);
        if (hi)
            mpfr_set_q(hi, q, MPFR_RNDU);
    }
    return st;
}

typedef amq_status (*exact_thunk)(mpq_t q, const void *ctx);

/* Shared policy: the exact rational first when `exact_first`; otherwise the certified
 * decimal over `enc`, and the exact rational when the enclosure cannot decide (a tie). */
static amq_status decimal_policy(char **out, int exact_first, exact_thunk ex, amq_enclose_fn enc, const void *ctx,
                                 int digits, mpfr_t lo_out, mpfr_t hi_out)
{
    mpfr_ptr lop = lo_out, hip = hi_out;
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "decimal: NULL output pointer");
    *out = NULL;
    if (digits < 1 || digits > AMQ_DECIMAL_MAX_DIGITS)
        return amq_fail(AMQ_E_INVALID_ARG, "decimal: digits = %d outside [1, %d]", digits, AMQ_DECIMAL_MAX_DIGITS);
    mpq_t q;
    mpq_init(q);
    amq_status st;
    if (exact_first) {
        st = ex(q, ctx);
        if (!st) {
            st = decimal_of_q(out, q, digits, lop, hip);
            mpq_clear(q);
            return st;
        }
        if (st != AMQ_E_TOO_LARGE) {
            mpq_clear(q);
            return st;
        }
    }
    st = amq_certified_decimal(out, enc, ctx, digits, lo_out, hi_out);
    if (st == AMQ_E_TOO_LARGE && !exact_first) {
        char msg[512];
        strncpy(msg, amq_last_error(), sizeof msg - 1);
        msg[sizeof msg - 1] = 0;
        if (ex(q, ctx) == AMQ_OK)
            st = decimal_of_q(out, q, digits, lop, hip);
        else
            st = amq_fail(AMQ_E_TOO_LARGE, "%s", msg);
    }
    mpq_clear(q);
    return st;
}

static amq_status blocked_exact_thunk(mpq_t q, const void *ctx)
{
    const amq_blocked_params *p = ctx;
    return amq_blocked_fp_exact(q, p->inner, p->b, p->n);
}

amq_status amq_blocked_fp_decimal(char **out, const amq_inner_rate *f, uint64_t b, uint64_t n, int digits,
                                  mpfr_t lo_out, mpfr_t hi_out)
{
    if (out)
        *out = NULL;
    amq_status st = check_inner(f, "blocked_fp_decimal");
    if (st || (st = check_b(b, "blocked_fp_decimal")))
        return st;
    amq_blocked_params p = {f, b, n};
    return decimal_policy(out, n <= 64, blocked_exact_thunk, amq_blocked_fp_enclose_cb, &p, digits, lo_out,
                          hi_out);
}

/* ---------- instances ---------- */

/* A blocked structure with b blocks and inner rate f whose value is 1 for every i
 * (k = 0): exact 1 in every form. */
static void set_one(mpfr_t lo, mpfr_t hi)
{
    mpfr_set_ui(lo, 1, MPFR_RNDD);
    mpfr_set_ui(hi, 1, MPFR_RNDU);
}

static amq_status check_blocks(uint64_t blocks, uint64_t block_bits, const char *who)
{
    if (blocks == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: blocks = 0 (a blocked filter needs at least one block)", who);
    if (block_bits == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: block_bits = 0 (a block needs at least one bit)", who);
    return AMQ_OK;
}

/* blocked Bloom */

amq_status amq_blocked_bloom_fp_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n)
{
    amq_status st = check_blocks(blocks, block_bits, "blocked_bloom_fp_exact");
    if (st)
        return st;
    if (k == 0) {
        mpq_set_ui(rop, 1, 1);
        return AMQ_OK;
    }
    amq_inner_bloom_params p = {block_bits, k};
    amq_inner_rate f = amq_inner_rate_bloom(&p);
    return amq_blocked_fp_exact(rop, &f, blocks, n);
}

amq_status amq_blocked_bloom_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                        uint64_t block_bits, uint64_t k, uint64_t n)
{
    amq_status st = check_blocks(blocks, block_bits, "blocked_bloom_fp_enclose");
    if (st || (st = check_prec(prec, "blocked_bloom_fp_enclose")))
        return st;
    if (k == 0) {
        set_one(lo, hi);
        return AMQ_OK;
    }
    amq_inner_bloom_params p = {block_bits, k};
    amq_inner_rate f = amq_inner_rate_bloom(&p);
    return amq_blocked_fp_enclose(lo, hi, prec, &f, blocks, n);
}

amq_status amq_blocked_bloom_fp_decimal(char **out, uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n,
                                        int digits, mpfr_t lo_out, mpfr_t hi_out)
{
    if (out)
        *out = NULL;
    amq_status st = check_blocks(blocks, block_bits, "blocked_bloom_fp_decimal");
    if (st)
        return st;
    amq_inner_bloom_params p = {block_bits, k == 0 ? 1 : k};
    amq_inner_rate f = amq_inner_rate_bloom(&p);
    if (k == 0) { /* f = 1: exactly 1 */
        mpq_t q;
        mpq_init(q);
        mpq_set_ui(q, 1, 1);
        st = out ? decimal_of_q(out, q, digits, lo_out, hi_out)
                 : amq_fail(AMQ_E_INVALID_ARG, "decimal: NULL output pointer");
        mpq_clear(q);
        return st;
    }
    return amq_blocked_fp_decimal(out, &f, blocks, n, digits, lo_out, hi_out);
}

static double poisson_mix(double lambda, double (*fn)(double i, const void *ctx), const void *ctx)
{
    /* APPROXIMATION (double): sum_i e^-lambda lambda^i / i! fn(i), from the mode outward,
     * until the Poisson terms drop below 1e-20; beyond lambda = 1e9 keys per block, fn at
     * the mean. */
    if (!(lambda > 0.0))
        return fn(0.0, ctx);
    if (lambda > 1e9)
        return fn(lambda, ctx);
    double i0 = floor(lambda), lp0 = -lambda + i0 * log(lambda) - lgamma(i0 + 1.0), sum = 0.0;
    double lp = lp0;
    for (double i = i0;; i += 1.0) {
        double p = exp(lp);
        sum += p * fn(i, ctx);
        if (p < 1e-20)
            break;
        lp += log(lambda / (i + 1.0));
    }
    lp = lp0;
    for (double i = i0; i > 0.0; i -= 1.0) {
        lp += log(i / lambda);
        double p = exp(lp);
        sum += p * fn(i - 1.0, ctx);
        if (p < 1e-20)
            break;
    }
    return sum;
}

typedef struct { double B, k; } bloom_ctx;

static double putze_inner(double i, const void *ctx)
{
    const bloom_ctx *c = ctx;
    if (i <= 0.0)
        return 0.0;
    if (c->B <= 1.0)
        return 1.0;
    /* (1 - (1 - 1/B)^{k i})^k */
    return pow(-expm1(c->k * i * log1p(-1.0 / c->B)), c->k);
}

double amq_blocked_bloom_fp_approx_classic(uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n)
{
    if (blocks == 0 || block_bits == 0)
        return NAN;
    if (k == 0)
        return 1.0;
    if (n == 0)
        return 0.0;
    /* APPROXIMATION: (1 - e^{-kn/M})^k at the total size M = blocks * block_bits */
    double M = (double)blocks * (double)block_bits;
    return pow(-expm1(-(double)k * (double)n / M), (double)k);
}

double amq_blocked_bloom_fp_approx_poisson(uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n)
{
    if (blocks == 0 || block_bits == 0)
        return NAN;
    if (k == 0)
        return 1.0;
    if (n == 0)
        return 0.0;
    bloom_ctx c = {(double)block_bits, (double)k};
    return poisson_mix((double)n / (double)blocks, putze_inner, &c);
}

/* counting blocked = blocked Bloom */

amq_status amq_counting_blocked_fp_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n)
{
    return amq_blocked_bloom_fp_exact(rop, blocks, block_bits, k, n);
}

amq_status amq_counting_blocked_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                           uint64_t block_bits, uint64_t k, uint64_t n)
{
    return amq_blocked_bloom_fp_enclose(lo, hi, prec, blocks, block_bits, k, n);
}

amq_status amq_counting_blocked_fp_decimal(char **out, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                           uint64_t n, int digits, mpfr_t lo_out, mpfr_t hi_out)
{
    return amq_blocked_bloom_fp_decimal(out, blocks, block_bits, k, n, digits, lo_out, hi_out);
}

/* blocked partitioned and split-block */

static amq_status check_bpart(uint64_t blocks, uint64_t block_bits, uint64_t k, const char *who)
{
    amq_status st = check_blocks(blocks, block_bits, who);
    if (st)
        return st;
    if (k != 0 && block_bits % k != 0)
        return amq_fail(AMQ_E_INVALID_M,
                        "%s: block of %llu bits is not a multiple of k = %llu (k words of block_bits/k bits)", who,
                        ULL(block_bits), ULL(k));
    return AMQ_OK;
}

amq_status amq_blocked_partitioned_fp_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                            uint64_t n)
{
    amq_status st = check_bpart(blocks, block_bits, k, "blocked_partitioned_fp_exact");
    if (st)
        return st;
    amq_inner_partitioned_params p = {block_bits, k};
    amq_inner_rate f = amq_inner_rate_partitioned(&p);
    if (k == 0)
        return part_exact_cb(rop, n, &p);
    return amq_blocked_fp_exact(rop, &f, blocks, n);
}

amq_status amq_blocked_partitioned_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                              uint64_t block_bits, uint64_t k, uint64_t n)
{
    amq_status st = check_bpart(blocks, block_bits, k, "blocked_partitioned_fp_enclose");
    if (st || (st = check_prec(prec, "blocked_partitioned_fp_enclose")))
        return st;
    if (k == 0) {
        set_one(lo, hi);
        return AMQ_OK;
    }
    amq_inner_partitioned_params p = {block_bits, k};
    amq_inner_rate f = amq_inner_rate_partitioned(&p);
    return amq_blocked_fp_enclose(lo, hi, prec, &f, blocks, n);
}

amq_status amq_blocked_partitioned_fp_decimal(char **out, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                              uint64_t n, int digits, mpfr_t lo_out, mpfr_t hi_out)
{
    if (out)
        *out = NULL;
    amq_status st = check_bpart(blocks, block_bits, k, "blocked_partitioned_fp_decimal");
    if (st)
        return st;
    if (k == 0) {
        if (!out)
            return amq_fail(AMQ_E_INVALID_ARG, "decimal: NULL output pointer");
        mpq_t q;
        mpq_init(q);
        mpq_set_ui(q, 1, 1);
        st = decimal_of_q(out, q, digits, lo_out, hi_out);
        mpq_clear(q);
        return st;
    }
    amq_inner_partitioned_params p = {block_bits, k};
    amq_inner_rate f = amq_inner_rate_partitioned(&p);
    return amq_blocked_fp_decimal(out, &f, blocks, n, digits, lo_out, hi_out);
}

static amq_status check_split(uint64_t m, const char *who)
{
    if (m == 0 || m % AMQ_SPLIT_BLOCK_BITS != 0)
        return amq_fail(AMQ_E_INVALID_M,
                        "%s: m = %llu bits is not a whole, positive number of 256-bit blocks (split-block "
                        "filters are made of 256-bit blocks; m must be a multiple of 256)",
                        who, ULL(m));
    return AMQ_OK;
}

amq_status amq_split_block_fp_exact(mpq_t rop, uint64_t m, uint64_t n)
{
    amq_status st = check_split(m, "split_block_fp_exact");
    return st ? st : amq_blocked_partitioned_fp_exact(rop, m / AMQ_SPLIT_BLOCK_BITS, AMQ_SPLIT_BLOCK_BITS,
                                                      AMQ_SPLIT_BLOCK_K, n);
}

amq_status amq_split_block_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t n)
{
    amq_status st = check_split(m, "split_block_fp_enclose");
    return st ? st : amq_blocked_partitioned_fp_enclose(lo, hi, prec, m / AMQ_SPLIT_BLOCK_BITS,
                                                        AMQ_SPLIT_BLOCK_BITS, AMQ_SPLIT_BLOCK_K, n);
}

amq_status amq_split_block_fp_decimal(char **out, uint64_t m, uint64_t n, int digits, mpfr_t lo_out,
                                      mpfr_t hi_out)
{
    if (out)
        *out = NULL;
    amq_status st = check_split(m, "split_block_fp_decimal");
    return st ? st : amq_blocked_partitioned_fp_decimal(out, m / AMQ_SPLIT_BLOCK_BITS, AMQ_SPLIT_BLOCK_BITS,
                                                        AMQ_SPLIT_BLOCK_K, n, digits, lo_out, hi_out);
}

double amq_split_block_fp_approx_classic(uint64_t m, uint64_t n)
{
    if (m == 0)
        return NAN;
    /* APPROXIMATION: (1 - e^{-8n/m})^8, the production sizing formula */
    return pow(-expm1(-8.0 * (double)n / (double)m), 8.0);
}

static double split_inner(double i, const void *ctx)
{
    (void)ctx;
    return pow(-expm1(i * log1p(-1.0 / 32.0)), 8.0);
}

double amq_split_block_fp_approx_poisson(uint64_t m, uint64_t n)
{
    if (m == 0)
        return NAN;
    return poisson_mix(256.0 * (double)n / (double)m, split_inner, NULL);
}

double amq_split_block_bits_per_key_classic(double fpr)
{
    /* APPROXIMATION: inverse of the classic formula, m/n = -8 / ln(1 - fpr^(1/8)) */
    return -8.0 / log1p(-pow(fpr, 1.0 / 8.0));
}

/* blocked quotient: 1 - (1 - 2^-p/b)^n */

static amq_status check_bq(uint64_t blocks, uint64_t p, const char *who)
{
    if (blocks == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: blocks = 0 (a blocked filter needs at least one block)", who);
    if (p > 64)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: p = %llu fingerprint bits; p must be at most 64", who, ULL(p));
    return AMQ_OK;
}

amq_status amq_blocked_quotient_fp_exact(mpq_t rop, uint64_t blocks, uint64_t p, uint64_t n)
{
    amq_status st = check_bq(blocks, p, "blocked_quotient_fp_exact");
    if (st)
        return st;
    if (n == 0) {
        mpq_set_ui(rop, 0, 1);
        return AMQ_OK;
    }
    double bits = (double)n * ((double)p + log2((double)blocks));
    if (bits > AMQ_BLOCKED_EXACT_MAX_BITS || n > ULONG_MAX)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "blocked_quotient_fp_exact: the denominator (blocks 2^p)^n would have about %.3g bits "
                        "(limit %.3g); use the certified enclosure",
                        bits, AMQ_BLOCKED_EXACT_MAX_BITS);
    if (blocks == 1 && p == 0) {
        mpq_set_ui(rop, 1, 1);
        return AMQ_OK;
    }
    mpz_t D, N;
    mpz_inits(D, N, (mpz_ptr)0);
    z_set_u64(D, blocks);
    mpz_mul_2exp(D, D, (mp_bitcnt_t)p); /* blocks 2^p */
    mpz_sub_ui(N, D, 1);
    mpz_pow_ui(D, D, (unsigned long)n);
    mpz_pow_ui(N, N, (unsigned long)n);
    /* (D^n - (D-1)^n) / D^n is reduced: mod a prime q | D the numerator is -(-1)^n */
    mpz_sub(mpq_numref(rop), D, N);
    mpz_set(mpq_denref(rop), D);
    mpz_clears(D, N, (mpz_ptr)0);
    return AMQ_OK;
}

amq_status amq_blocked_quotient_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks, uint64_t p,
                                           uint64_t n)
{
    amq_status st = check_bq(blocks, p, "blocked_quotient_fp_enclose");
    if (st || (st = check_prec(prec, "blocked_quotient_fp_enclose")))
        return st;
    if (n == 0 || (blocks == 1 && p == 0)) {
        unsigned long v = n == 0 ? 0 : 1;
        mpfr_set_ui(lo, v, MPFR_RNDD);
        mpfr_set_ui(hi, v, MPFR_RNDU);
        return AMQ_OK;
    }
    /* FP = -expm1(n log1p(-t)), t = 2^-p / blocks <= 1/2, decreasing in u = n log1p(-t) */
    mpfr_prec_t wp = prec + 32;
    mpfr_t tl, th, nn;
    mpfr_inits2(wp, tl, th, (mpfr_ptr)0);
    mpfr_init2(nn, 64);
    fr_set_u64(nn, n, MPFR_RNDN);
    mpfr_set_ui(tl, 1, MPFR_RNDN);
    mpfr_div_2ui(tl, tl, (unsigned long)p, MPFR_RNDN); /* exact */
    fr_div_u64(th, tl, blocks, MPFR_RNDU);
    fr_div_u64(tl, tl, blocks, MPFR_RNDD);
    mpfr_neg(th, th, MPFR_RNDN);
    mpfr_neg(tl, tl, MPFR_RNDN);
    mpfr_log1p(th, th, MPFR_RNDD); /* u lower end */
    mpfr_log1p(tl, tl, MPFR_RNDU); /* u upper end */
    mpfr_mul(th, th, nn, MPFR_RNDD);
    mpfr_mul(tl, tl, nn, MPFR_RNDU);
    mpfr_expm1(tl, tl, MPFR_RNDU); /* FP lower end = -expm1(u_hi) */
    mpfr_expm1(th, th, MPFR_RNDD);
    mpfr_neg(tl, tl, MPFR_RNDN);
    mpfr_neg(th, th, MPFR_RNDN);
    mpfr_set(lo, tl, MPFR_RNDD);
    mpfr_set(hi, th, MPFR_RNDU);
    mpfr_clears(tl, th, nn, (mpfr_ptr)0);
    return AMQ_OK;
}

typedef struct { uint64_t blocks, p, n; } bq_ctx;

static amq_status bq_exact_thunk(mpq_t q, const void *ctx)
{
    const bq_ctx *c = ctx;
    return amq_blocked_quotient_fp_exact(q, c->blocks, c->p, c->n);
}

static amq_status bq_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *ctx)
{
    const bq_ctx *c = ctx;
    return amq_blocked_quotient_fp_enclose(lo, hi, prec, c->blocks, c->p, c->n);
}

amq_status amq_blocked_quotient_fp_decimal(char **out, uint64_t blocks, uint64_t p, uint64_t n, int digits,
                                           mpfr_t lo_out, mpfr_t hi_out)
{
    if (out)
        *out = NULL;
    amq_status st = check_bq(blocks, p, "blocked_quotient_fp_decimal");
    if (st)
        return st;
    bq_ctx c = {blocks, p, n};
    return decimal_policy(out, n <= 64, bq_exact_thunk, bq_enclose_cb, &c, digits, lo_out, hi_out);
}

double amq_blocked_quotient_fp_approx_union(uint64_t blocks, uint64_t p, uint64_t n)
{
    if (blocks == 0)
        return NAN;
    double v = ldexp((double)n, -(int)(p > 64 ? 64 : p)) / (double)blocks;
    return v < 1.0 ? v : 1.0;
}

double amq_blocked_quotient_fp_approx_exp(uint64_t blocks, uint64_t p, uint64_t n)
{
    if (blocks == 0)
        return NAN;
    return -expm1(-ldexp((double)n, -(int)(p > 64 ? 64 : p)) / (double)blocks);
}

/* partitioned Bloom (not blocked) */

amq_status amq_partitioned_fp_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n)
{
    return amq_partitioned_inner_exact(rop, m, k, n);
}

amq_status amq_partitioned_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k, uint64_t n)
{
    return amq_partitioned_inner_enclose(lo, hi, prec, m, k, n);
}

typedef struct { uint64_t m, k, n; } part_ctx;

static amq_status part_exact_thunk(mpq_t q, const void *ctx)
{
    const part_ctx *c = ctx;
    return amq_partitioned_inner_exact(q, c->m, c->k, c->n);
}

static amq_status part_enclose_thunk(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *ctx)
{
    const part_ctx *c = ctx;
    return amq_partitioned_inner_enclose(lo, hi, prec, c->m, c->k, c->n);
}

amq_status amq_partitioned_fp_decimal(char **out, uint64_t m, uint64_t k, uint64_t n, int digits, mpfr_t lo_out,
                                      mpfr_t hi_out)
{
    if (out)
        *out = NULL;
    uint64_t s;
    amq_status st = partition_size(&s, m, k, "partitioned_fp_decimal");
    if (st)
        return st;
    part_ctx c = {m, k, n};
    double bits = (double)k * (double)n * (s > 1 ? log2((double)s) : 0.0);
    return decimal_policy(out, bits <= 4096.0, part_exact_thunk, part_enclose_thunk, &c, digits, lo_out, hi_out);
}

double amq_partitioned_fp_approx_classic(uint64_t m, uint64_t k, uint64_t n)
{
    return amq_bloom_fp_approx_classic(m, k, n);
}

double amq_partitioned_fp_approx_exp(uint64_t m, uint64_t k, uint64_t n)
{
    return amq_bloom_fp_approx_exp(m, k, n);
}

/* ---------- sizing ---------- */

#define SIZE_PREC 96

/* Certified upper bound of an FP rate at size x, rounded up to a double. */
typedef amq_status (*ub_fn)(double *ub, uint64_t x, const void *ctx);

static amq_status hi_to_double(double *ub, const mpfr_t hi)
{
    *ub = mpfr_get_d(hi, MPFR_RNDU);
    return AMQ_OK;
}

/* Smallest x in [1, cap] with ub(x) <= fpr (ub nonincreasing in x), searching from
 * `guess`. AMQ_E_TOO_LARGE when ub(cap) > fpr. */
static amq_status min_size(uint64_t *out, ub_fn fn, const void *ctx, uint64_t guess, uint64_t cap, double fpr)
{
    double u;
    amq_status st;
    uint64_t hi = guess < 1 ? 1 : guess > cap ? cap : guess, lo;
    if ((st = fn(&u, hi, ctx)))
        return st;
    if (u > fpr) { /* grow */
        for (;;) {
            lo = hi;
            if (hi == cap)
                return amq_fail(AMQ_E_TOO_LARGE,
                                "size_for: no size up to %llu (the 64-bit limit) reaches fpr %g", ULL(cap), fpr);
            hi = hi > cap / 2 ? cap : 2 * hi;
            if ((st = fn(&u, hi, ctx)))
                return st;
            if (u <= fpr)
                break;
        }
    } else { /* shrink until it fails (lo = 0 stands for "fails") */
        lo = hi / 2;
        while (lo >= 1) {
            if ((st = fn(&u, lo, ctx)))
                return st;
            if (u > fpr)
                break;
            hi = lo;
            lo /= 2;
        }
    }
    while (hi - lo > 1) { /* ub(hi) <= fpr, lo fails */
        uint64_t mid = lo + (hi - lo) / 2;
        if ((st = fn(&u, mid, ctx)))
            return st;
        if (u <= fpr)
            hi = mid;
        else
            lo = mid;
    }
    *out = hi;
    return AMQ_OK;
}

static amq_status check_size_args(uint64_t n, double fpr, const void *o1, const void *o2)
{
    if (n == 0)
        return amq_fail(AMQ_E_INVALID_N, "n = 0: sizing needs at least one expected key");
    if (!(fpr > 0.0 && fpr < 1.0))
        return amq_fail(AMQ_E_INVALID_FPR, "target false-positive rate %g is outside (0, 1)", fpr);
    if (!o1 || !o2)
        return amq_fail(AMQ_E_INVALID_ARG, "size_for: NULL output pointer");
    return AMQ_OK;
}

typedef struct { uint64_t n, block_bits, k; } size_ctx;

/* Sizing evaluates many sizes: the closed form (O(k^2) per evaluation instead of per window
 * term) when its enclosure is tight (relative width <= 2^-64), the windowed enclosure
 * otherwise. Both are certified. */
static amq_status ub_mixture(double *ub, const amq_inner_rate *f, uint64_t blocks, uint64_t n)
{
    mpfr_t lo, hi, w;
    mpfr_inits2(SIZE_PREC, lo, hi, w, (mpfr_ptr)0);
    amq_status st = amq_blocked_fp_enclose_pgf(lo, hi, SIZE_PREC, f, blocks, n);
    int tight = 0;
    if (!st && mpfr_sgn(lo) > 0) {
        mpfr_sub(w, hi, lo, MPFR_RNDU);
        mpfr_div(w, w, lo, MPFR_RNDU);
        tight = mpfr_cmp_ui_2exp(w, 1, -64) <= 0;
    }
    if (!tight)
        st = amq_blocked_fp_enclose(lo, hi, SIZE_PREC, f, blocks, n);
    if (!st)
        hi_to_double(ub, hi);
    mpfr_clears(lo, hi, w, (mpfr_ptr)0);
    return st;
}

static amq_status ub_split(double *ub, uint64_t blocks, const void *ctx)
{
    const size_ctx *c = ctx;
    amq_inner_partitioned_params p = {AMQ_SPLIT_BLOCK_BITS, AMQ_SPLIT_BLOCK_K};
    amq_inner_rate f = amq_inner_rate_partitioned(&p);
    return ub_mixture(ub, &f, blocks, c->n);
}

amq_status amq_split_block_size_for(uint64_t n, double fpr, uint64_t *blocks, double *achieved)
{
    amq_status st = check_size_args(n, fpr, blocks, blocks);
    if (st)
        return st;
    size_ctx c = {n, AMQ_SPLIT_BLOCK_BITS, AMQ_SPLIT_BLOCK_K};
    const uint64_t cap = UINT64_MAX / AMQ_SPLIT_BLOCK_BITS;
    double g = ceil(amq_split_block_bits_per_key_classic(fpr) * (double)n / 256.0);
    uint64_t guess = g < 1.0 ? 1 : g >= (double)cap ? cap : (uint64_t)g;
    uint64_t b;
    if ((st = min_size(&b, ub_split, &c, guess, cap, fpr)))
        return st;
    *blocks = b;
    if (achieved)
        st = ub_split(achieved, b, &c);
    return st;
}

static amq_status ub_bbloom(double *ub, uint64_t blocks, const void *ctx)
{
    const size_ctx *c = ctx;
    amq_inner_bloom_params p = {c->block_bits, c->k};
    amq_inner_rate f = amq_inner_rate_bloom(&p);
    return ub_mixture(ub, &f, blocks, c->n);
}

static uint64_t size_kmax(double fpr, uint64_t limit)
{
    double kx = 2.0 * ceil(-log2(fpr)) + 8.0;
    uint64_t k = kx > (double)AMQ_BLOCKED_SIZE_MAX_K ? AMQ_BLOCKED_SIZE_MAX_K : (uint64_t)kx;
    return k < limit ? k : limit;
}

amq_status amq_blocked_bloom_size_for(uint64_t n, double fpr, uint64_t block_bits, uint64_t *blocks, uint64_t *k,
                                      double *achieved)
{
    amq_status st = check_size_args(n, fpr, blocks, k);
    if (st)
        return st;
    if (block_bits == 0)
        return amq_fail(AMQ_E_INVALID_M, "blocked_bloom_size_for: block_bits = 0");
    const uint64_t cap = UINT64_MAX / block_bits, kmax = size_kmax(fpr, block_bits);
    /* start at the Bloom-optimal k (rounded down: blocking lowers the optimum) */
    uint64_t k0 = (uint64_t)(-log2(fpr) * 0.8);
    k0 = k0 < 1 ? 1 : k0 > kmax ? kmax : k0;
    uint64_t best_b = 0, best_k = 0;
    for (uint64_t t = 0; t <= kmax; t++) {
        uint64_t kk = t == 0 ? k0 : t;
        if (t == k0)
            continue;
        size_ctx c = {n, block_bits, kk};
        uint64_t bk;
        if (!best_b) {
            double g = ceil(-log(fpr) / (0.4804530139182014 * (double)block_bits) * (double)n);
            uint64_t guess = g < 1.0 ? 1 : g >= (double)cap ? cap : (uint64_t)g;
            st = min_size(&bk, ub_bbloom, &c, guess, cap, fpr);
            if (st == AMQ_E_TOO_LARGE) /* this k cannot reach fpr: try the others */
                continue;
        } else {
            /* to win, kk needs best_b blocks if kk < best_k (ties go to the smaller k), else
             * best_b - 1 */
            uint64_t target = kk < best_k ? best_b : best_b - 1;
            double u;
            if (target == 0)
                continue;
            if ((st = ub_bbloom(&u, target, &c)))
                return st;
            if (u > fpr)
                continue;
            st = min_size(&bk, ub_bbloom, &c, target, target, fpr);
        }
        if (st)
            return st;
        if (!best_b || bk < best_b || (bk == best_b && kk < best_k)) {
            best_b = bk;
            best_k = kk;
        }
    }
    if (!best_b)
        return amq_fail(AMQ_E_TOO_LARGE, "blocked_bloom_size_for: no (blocks, k) with k <= %llu reaches fpr %g",
                        ULL(kmax), fpr);
    *blocks = best_b;
    *k = best_k;
    if (achieved) {
        size_ctx c = {n, block_bits, best_k};
        st = ub_bbloom(achieved, best_b, &c);
    }
    return st;
}

static amq_status ub_part(double *ub, uint64_t s, const void *ctx)
{
    const size_ctx *c = ctx;
    mpfr_t lo, hi;
    mpfr_inits2(SIZE_PREC, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_partitioned_inner_enclose(lo, hi, SIZE_PREC, s * c->k, c->k, c->n);
    if (!st)
        hi_to_double(ub, hi);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}

amq_status amq_partitioned_size_for(uint64_t n, double fpr, uint64_t *m, uint64_t *k, double *achieved)
{
    amq_status st = check_size_args(n, fpr, m, k);
    if (st)
        return st;
    const uint64_t kmax = size_kmax(fpr, AMQ_BLOCKED_SIZE_MAX_K);
    uint64_t best_m = 0, best_k = 0;
    for (uint64_t kk = 1; kk <= kmax; kk++) {
        size_ctx c = {n, 0, kk};
        const uint64_t cap = UINT64_MAX / kk;
        /* (1 - e^{-n/s})^k = fpr  ->  s = -n / ln(1 - fpr^(1/k)) */
        double g = ceil(-(double)n / log1p(-pow(fpr, 1.0 / (double)kk)));
        uint64_t guess = g < 1.0 ? 1 : g >= (double)cap ? cap : (uint64_t)g, s;
        st = min_size(&s, ub_part, &c, guess, cap, fpr);
        if (st == AMQ_E_TOO_LARGE)
            continue;
        if (st)
            return st;
        if (!best_m || s * kk < best_m) {
            best_m = s * kk;
            best_k = kk;
        }
    }
    if (!best_m)
        return amq_fail(AMQ_E_TOO_LARGE, "partitioned_size_for: no (m, k) below 2^64 bits reaches fpr %g", fpr);
    *m = best_m;
    *k = best_k;
    if (achieved) {
        size_ctx c = {n, 0, best_k};
        st = ub_part(achieved, best_m / best_k, &c);
    }
    return st;
}

amq_status amq_blocked_quotient_size_for(uint64_t n, double fpr, uint64_t keys_per_block, uint64_t *blocks,
                                         uint64_t *p, double *achieved)
{
    amq_status st = check_size_args(n, fpr, blocks, p);
    if (st)
        return st;
    if (keys_per_block == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "blocked_quotient_size_for: keys_per_block = 0");
    uint64_t b = n / keys_per_block + (n % keys_per_block != 0);
    mpfr_t lo, hi;
    mpfr_inits2(SIZE_PREC, lo, hi, (mpfr_ptr)0);
    st = amq_fail(AMQ_E_TOO_LARGE,
                  "blocked_quotient_size_for: even 64-bit fingerprints in %llu blocks miss fpr %g for n = %llu",
                  ULL(b), fpr, ULL(n));
    for (uint64_t pp = 0; pp <= 64; pp++) { /* the rate decreases in p */
        amq_status e = amq_blocked_quotient_fp_enclose(lo, hi, SIZE_PREC, b, pp, n);
        if (e) {
            st = e;
            break;
        }
        double u = mpfr_get_d(hi, MPFR_RNDU);
        if (u <= fpr) {
            *blocks = b;
            *p = pp;
            if (achieved)
                *achieved = u;
            st = AMQ_OK;
            break;
        }
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}
