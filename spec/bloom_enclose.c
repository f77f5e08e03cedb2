/* Certified enclosures of the Bloom filter rate and its correctly rounded decimal
 * (amq/spec_bloom.h; method in docs/rates-bloom.md). With f_j = (1 - j/m)^{kn},
 *   k <= 2m:  FP = sum_{d=1..K} [S(k,d) m^(d) / m^k] P_d,  P_d = sum_{j<=d} (-1)^j C(d,j) f_j,
 *             positive exact weights times probabilities P_d in [0, 1];
 *   k > 2m:   FP = sum_j (-1)^j C(m,j) g_j f_j, g_j = sum_i (-1)^i C(j,i) (1 - i/m)^k,
 *             no Stirling numbers of the (possibly huge) k. */
#include "spec_internal/bloom.h"
#include "spec_internal/cost.h"
#include <stdlib.h>

/* Enclose (1 - a/b)^e for 0 <= a <= b, b >= 1, e >= 0, as exp(e * log(1 - a/b)).
 * The logarithm is taken as log1p(-a/b) when a/b <= 1/2 and as log((b-a)/b) otherwise,
 * so that it has full relative accuracy; its relative error is then amplified only by
 * |e log(1 - a/b)|, i.e. by the size of the result's own exponent. */
static void pow_one_minus(ivl *r, uint64_t a, uint64_t b, const mpz_t e)
{
    if (mpz_sgn(e) == 0 || a == 0) {
        ivl_set_ui(r, 1);
        return;
    }
    if (a >= b) {
        ivl_set_ui(r, 0);
        return;
    }
    ivl_log1m_frac(r, a, b, 0);
    /* logs are <= 0, e > 0: the product is monotone in the log */
    mpfr_mul_z(r->lo, r->lo, e, MPFR_RNDD);
    mpfr_mul_z(r->hi, r->hi, e, MPFR_RNDU);
    mpfr_exp(r->lo, r->lo, MPFR_RNDD);
    mpfr_exp(r->hi, r->hi, MPFR_RNDU);
    ivl_clamp01(r);
}

/* k <= 2m: FP = sum_d w_d P_d with exact Stirling weights w_d = S(k,d) m^(d) / m^k. */
static amq_status enclose_stirling_weights(ivl *fp, uint64_t m, uint64_t k, const mpz_t kn,
                                           mpfr_prec_t wp)
{
    uint64_t K = min_u64(k, m);
    size_t cnt = (size_t)K + 1;
    ivl *f = malloc(cnt * sizeof *f);
    mpz_t *S = malloc(cnt * sizeof *S), *C = malloc(cnt * sizeof *C);
    if (!f || !S || !C) {
        free(f);
        free(S);
        free(C);
        return amq_fail(AMQ_E_NOMEM, "Bloom rate enclosure: out of memory");
    }
    for (size_t j = 0; j < cnt; j++) {
        ivl_init(&f[j], wp);
        pow_one_minus(&f[j], j, m, kn); /* f_j = (1 - j/m)^{kn} */
        mpz_init(S[j]);
        mpz_init(C[j]);
    }
    /* Row k of the Stirling triangle, entries d = 0..K (k <= 2K rows of width <= K+1). */
    mpz_set_ui(S[0], 1);
    for (uint64_t r = 1; r <= k; r++) {
        uint64_t top = min_u64(r, K);
        for (uint64_t d = top; d >= 1; d--) {
            mpz_mul_ui(S[d], S[d], (unsigned long)d);
            mpz_add(S[d], S[d], S[d - 1]);
        }
        mpz_set_ui(S[0], 0);
    }
    mpz_t mk, ff, w, mz;
    mpz_inits(mk, ff, w, mz, NULL);
    z_set_u64(mz, m);
    mpz_pow_ui(mk, mz, (unsigned long)k); /* k <= 2000 here */
    mpz_set_ui(ff, 1);
    mpz_set_ui(C[0], 1);
    ivl P, wi;
    ivl_init(&P, wp);
    ivl_init(&wi, wp);
    mpfr_t t;
    mpfr_init2(t, wp);
    ivl_set_ui(fp, 0);
    for (uint64_t d = 1; d <= K; d++) {
        mpz_sub_ui(w, mz, (unsigned long)(d - 1));
        mpz_mul(ff, ff, w); /* m^(d) */
        for (uint64_t j = d; j >= 1; j--) /* Pascal: row d */
            mpz_add(C[j], C[j], C[j - 1]);
        ivl_set_ui(&P, 0);
        for (uint64_t j = 0; j <= d; j++)
            ivl_addmul_z(&P, (j & 1) ? -1 : 1, C[j], &f[j], t);
        ivl_clamp01(&P); /* P_d is a probability */
        mpz_mul(w, S[d], ff);
        mpfr_set_z(t, w, MPFR_RNDD);
        mpfr_div_z(wi.lo, t, mk, MPFR_RNDD);
        mpfr_set_z(t, w, MPFR_RNDU);
        mpfr_div_z(wi.hi, t, mk, MPFR_RNDU);
        mpfr_mul(t, wi.lo, P.lo, MPFR_RNDD);
        mpfr_add(fp->lo, fp->lo, t, MPFR_RNDD);
        mpfr_mul(t, wi.hi, P.hi, MPFR_RNDU);
        mpfr_add(fp->hi, fp->hi, t, MPFR_RNDU);
    }
    for (size_t j = 0; j < cnt; j++) {
        ivl_clear(&f[j]);
        mpz_clear(S[j]);
        mpz_clear(C[j]);
    }
    free(f);
    free(S);
    free(C);
    ivl_clear(&P);
    ivl_clear(&wi);
    mpfr_clear(t);
    mpz_clears(mk, ff, w, mz, NULL);
    return AMQ_OK;
}

/* k > 2m (so K = m): FP = sum_j (-1)^j C(m,j) g_j f_j, with
 * g_j = sum_i (-1)^i C(j,i) (1 - i/m)^k = P(a fixed j-set is covered by the query);
 * no Stirling numbers of the (possibly huge) k are needed. */
static amq_status enclose_large_k(ivl *fp, uint64_t m, const mpz_t kz, const mpz_t kn, mpfr_prec_t wp)
{
    size_t cnt = (size_t)m + 1;
    ivl *f = malloc(cnt * sizeof *f), *h = malloc(cnt * sizeof *h);
    mpz_t *C = malloc(cnt * sizeof *C);
    if (!f || !h || !C) {
        free(f);
        free(h);
        free(C);
        return amq_fail(AMQ_E_NOMEM, "Bloom rate enclosure: out of memory");
    }
    for (size_t j = 0; j < cnt; j++) {
        ivl_init(&f[j], wp);
        ivl_init(&h[j], wp);
        pow_one_minus(&f[j], j, m, kn); /* (1 - j/m)^{kn} */
        pow_one_minus(&h[j], j, m, kz); /* (1 - j/m)^k */
        mpz_init(C[j]);
    }
    mpz_t binm, mz, tz;
    mpz_inits(binm, mz, tz, NULL);
    z_set_u64(mz, m);
    mpz_set_ui(binm, 1);
    mpz_set_ui(C[0], 1);
    ivl g, gf;
    ivl_init(&g, wp);
    ivl_init(&gf, wp);
    mpfr_t t;
    mpfr_init2(t, wp);
    ivl_set_ui(fp, 0);
    for (uint64_t j = 0; j < m; j++) { /* the j = m term has f_m = 0 */
        if (j > 0) {
            for (uint64_t i = j; i >= 1; i--)
                mpz_add(C[i], C[i], C[i - 1]);
            mpz_sub_ui(tz, mz, (unsigned long)(j - 1));
            mpz_mul(binm, binm, tz);
            mpz_divexact_ui(binm, binm, (unsigned long)j);
        }
        ivl_set_ui(&g, 0);
        for (uint64_t i = 0; i <= j; i++)
            ivl_addmul_z(&g, (i & 1) ? -1 : 1, C[i], &h[i], t);
        ivl_clamp01(&g);
        mpfr_mul(gf.lo, g.lo, f[j].lo, MPFR_RNDD);
        mpfr_mul(gf.hi, g.hi, f[j].hi, MPFR_RNDU);
        ivl_addmul_z(fp, (j & 1) ? -1 : 1, binm, &gf, t);
    }
    for (size_t j = 0; j < cnt; j++) {
        ivl_clear(&f[j]);
        ivl_clear(&h[j]);
        mpz_clear(C[j]);
    }
    free(f);
    free(h);
    free(C);
    ivl_clear(&g);
    ivl_clear(&gf);
    mpfr_clear(t);
    mpz_clears(binm, mz, tz, NULL);
    return AMQ_OK;
}

amq_status amq_bloom_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k,
                                uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_fp_enclose: NULL argument");
    amq_status st = bloom_check_m(m, "Bloom rate enclosure");
    if (st)
        return st;
    if (prec < MPFR_PREC_MIN || prec > AMQ_CERTIFIED_MAX_PREC * 4)
        return amq_fail(AMQ_E_INVALID_ARG, "Bloom rate enclosure: precision %ld outside [%d, %ld]",
                        (long)prec, (int)MPFR_PREC_MIN, (long)(AMQ_CERTIFIED_MAX_PREC * 4));
    int v;
    if (bloom_edge(m, k, n, &v)) {
        mpfr_set_ui(lo, (unsigned long)v, MPFR_RNDD);
        mpfr_set_ui(hi, (unsigned long)v, MPFR_RNDU);
        return AMQ_OK;
    }
    uint64_t K = min_u64(k, m);
    if (K > AMQ_BLOOM_ENCLOSE_MAX_K)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "Bloom rate enclosure: min(k, m) = %llu exceeds the limit %d of the O(min(k,m)^2) "
                        "method (k = %llu, m = %llu)",
                        ULL(K), AMQ_BLOOM_ENCLOSE_MAX_K, ULL(k), ULL(m));
    st = amq_cost_ie_enclose("Bloom rate enclosure", m, k, (double)k * (double)n, 1.0, prec);
    if (st)
        return st;
    mpfr_prec_t guard = 10;
    for (uint64_t x = K; x; x >>= 1)
        guard += 2;
    mpfr_prec_t wp = prec + guard;
    mpz_t kz, kn;
    mpz_inits(kz, kn, NULL);
    z_set_u64(kz, k);
    z_set_u64(kn, n);
    mpz_mul(kn, kn, kz); /* k*n may exceed 2^64 */
    ivl fp;
    ivl_init(&fp, wp);
    if (k <= 2 * K)
        st = enclose_stirling_weights(&fp, m, k, kn, wp);
    else
        st = enclose_large_k(&fp, m, kz, kn, wp);
    if (!st) {
        ivl_clamp01(&fp);
        mpfr_set(lo, fp.lo, MPFR_RNDD);
        mpfr_set(hi, fp.hi, MPFR_RNDU);
    }
    ivl_clear(&fp);
    mpz_clears(kz, kn, NULL);
    return st;
}

amq_status amq_bloom_fp_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params)
{
    if (!lo || !hi || !params)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_fp_enclose_cb: NULL argument");
    const amq_bloom_params *p = params;
    return amq_bloom_fp_enclose(lo, hi, prec, p->m, p->k, p->n);
}

amq_status amq_bloom_fp_enclose_rel(mpfr_t lo, mpfr_t hi, int bits, uint64_t m, uint64_t k, uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_fp_enclose_rel: NULL argument");
    if (bits < 1 || bits > 100000)
        return amq_fail(AMQ_E_INVALID_ARG, "Bloom rate enclosure: bits = %d outside [1, 100000]", bits);
    mpfr_prec_t prec = (mpfr_prec_t)bits + 32;
    mpfr_t l, h, w, r;
    mpfr_inits2(prec, l, h, w, r, (mpfr_ptr)0);
    amq_status st;
    for (;;) {
        mpfr_set_prec(l, prec);
        mpfr_set_prec(h, prec);
        mpfr_set_prec(w, prec);
        mpfr_set_prec(r, prec);
        st = amq_bloom_fp_enclose(l, h, prec, m, k, n);
        if (st)
            break;
        if (mpfr_equal_p(l, h))
            break;
        mpfr_sub(w, h, l, MPFR_RNDU);
        mpfr_div_2si(r, l, bits, MPFR_RNDD);
        if (mpfr_sgn(l) > 0 && mpfr_lessequal_p(w, r))
            break;
        if (prec >= AMQ_CERTIFIED_MAX_PREC) {
            st = amq_fail(AMQ_E_TOO_LARGE,
                          "Bloom rate enclosure: relative width 2^-%d not reached at precision %ld "
                          "(m = %llu, k = %llu, n = %llu)",
                          bits, (long)prec, ULL(m), ULL(k), ULL(n));
            break;
        }
        prec = prec * 2 > AMQ_CERTIFIED_MAX_PREC ? AMQ_CERTIFIED_MAX_PREC : prec * 2;
    }
    if (!st) {
        mpfr_set_prec(lo, prec);
        mpfr_set_prec(hi, prec);
        mpfr_set(lo, l, MPFR_RNDD); /* exact */
        mpfr_set(hi, h, MPFR_RNDU);
    }
    mpfr_clears(l, h, w, r, (mpfr_ptr)0);
    return st;
}

amq_status amq_bloom_fp_decimal(char **out, uint64_t m, uint64_t k, uint64_t n, int digits,
                                mpfr_t lo_out, mpfr_t hi_out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_fp_decimal: NULL argument");
    mpfr_ptr lop = lo_out, hip = hi_out;
    *out = NULL;
    amq_status st = bloom_check_m(m, "Bloom rate decimal");
    if (st)
        return st;
    double den_bits, cost;
    bloom_exact_size(m, k, n, &den_bits, &cost);
    int small = cost <= (double)(1 << 20) && min_u64(k, m) <= 64;
    int v;
    if (!bloom_edge(m, k, n, &v) && !small) {
        amq_bloom_params p = {m, k, n};
        st = amq_cost_ie_decimal("Bloom rate decimal", m, k, (double)k * (double)n, 1.0, digits);
        if (!st)
            st = amq_certified_decimal(out, amq_bloom_fp_enclose_cb, &p, digits, lo_out, hi_out);
        if (st != AMQ_E_TOO_LARGE || min_u64(k, m) > AMQ_BLOOM_ENCLOSE_MAX_K ||
            cost > AMQ_BLOOM_EXACT_MAX_COST / 64)
            return st;
        /* no agreement (a decimal tie?) but the exact rational is affordable: use it */
    }
    mpq_t q;
    mpq_init(q);
    st = amq_bloom_fp_exact(q, m, k, n); /* edge cases and cheap parameters */
    if (!st)
        st = amq_mpq_decimal(out, q, digits);
    if (!st) {
        if (lop)
            mpfr_set_q(lop, q, MPFR_RNDD);
        if (hip)
            mpfr_set_q(hip, q, MPFR_RNDU);
    }
    mpq_clear(q);
    return st;
}
