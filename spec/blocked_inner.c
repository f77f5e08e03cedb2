/* The built-in inner rates of the blocked mixture (amq/spec_blocked.h): Bloom (and
 * counting, the same rate), partitioned and quotient blocks, each with its exact value,
 * certified enclosure and exponential-sum form f(i) = sum_j a_j c_j^i. */
#include "spec_internal/blocked.h"
#include "spec_internal/cost.h"
#include <stdio.h>
#include <amq/spec_bloom.h>
#include <amq/spec_quotient.h>
#include <math.h>
#include <stdlib.h>

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
 * (the fast exact form of bloom_exact.c with kn = k i). */
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
    /* Its coefficients are those of the Bloom form of a k-index query (issue 26: within the
     * limits above B = 1000, k = 10000 took 4.4 s of CPU and k = 100000 over a minute): the
     * same model and limit, with two reductions per j (a_j and c_j). */
    const double work = amq_cost_bloom_coef(B, k, 2);
    if (work > AMQ_COST_MOMENT_MAX_WORK)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "bloom expsum: k = %llu, block of %llu bits: the coefficients would take about %.3g units "
                        "(limit 2^31, about 2 s); use the certified enclosure",
                        ULL(k), ULL(B), work);
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
    if (!p) { /* no callbacks: every mixture routine refuses the rate (AMQ_E_INVALID_ARG) */
        r.exact = NULL;
        r.enclose = NULL;
        r.expsum = NULL;
    }
    return r;
}

amq_inner_rate amq_inner_rate_counting(const amq_inner_bloom_params *p)
{
    amq_inner_rate r = amq_inner_rate_bloom(p);
    r.name = "counting";
    return r;
}

amq_status amq_blocked_partition_size(uint64_t *s, uint64_t bits, uint64_t k, const char *who)
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
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_partitioned_inner_exact: NULL argument");
    uint64_t s;
    amq_status st = amq_blocked_partition_size(&s, bits, k, "exact partitioned rate");
    if (st)
        return st;
    if (k == 0 || i == 0 || s == 1) { /* k = 0: 1; i = 0: 0; one-bit partitions: 1 */
        mpq_set_ui(rop, (k == 0 || (s == 1 && i > 0)) ? 1 : 0, 1);
        return AMQ_OK;
    }
    /* the shared exact model (issue 26: this form's own limit was 2^28 bits, 134-175 MB and
     * 1.1-1.8 s of CPU at it): two powers of i log2 s bits, then two of k times that */
    double bitsd = (double)k * (double)i * log2((double)s);
    char what[160];
    snprintf(what, sizeof what, "the denominator s^(k n) (s = %llu bits per partition, k = %llu, n = %llu)", ULL(s),
             ULL(k), ULL(i));
    if ((st = amq_cost_exact("exact partitioned rate", what, bitsd, 4.0 * bitsd)))
        return st;
    if (i > ULONG_MAX || k > ULONG_MAX)
        return amq_fail(AMQ_E_TOO_LARGE, "exact partitioned rate: k = %llu or n = %llu does not fit unsigned long",
                        ULL(k), ULL(i));
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
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_partitioned_inner_enclose: NULL argument");
    uint64_t s;
    amq_status st = amq_blocked_partition_size(&s, bits, k, "partitioned rate enclosure");
    if (st || (st = blocked_check_prec(prec, "partitioned rate enclosure")))
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
    amq_status st = amq_blocked_partition_size(&s, p->bits, p->k, "partitioned expsum");
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
    if (!p) { /* no callbacks: every mixture routine refuses the rate (AMQ_E_INVALID_ARG) */
        r.exact = NULL;
        r.enclose = NULL;
        r.expsum = NULL;
    }
    return r;
}

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
    if (!p) { /* no callbacks: every mixture routine refuses the rate (AMQ_E_INVALID_ARG) */
        r.exact = NULL;
        r.enclose = NULL;
        r.expsum = NULL;
    }
    return r;
}
