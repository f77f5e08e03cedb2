/* Executable probability specification of the Bloom filter (see amq/spec_bloom.h).
 *
 * Notation: m bits, k hashes, n distinct keys inserted, a fresh query key.
 * S = set of bits set by the n keys, Q = set of distinct positions of the query's k
 * hashes (independent of S). FP = P(Q subset of S).
 *
 * Fast exact form. For a fixed j-set J of positions, P(J disjoint from S) =
 * ((m-j)/m)^{kn} =: f_j. Inclusion-exclusion over the subsets of Q gives
 *     FP = E[ sum_{J subset Q} (-1)^{|J|} f_{|J|} ] = sum_j (-1)^j f_j E[C(|Q|, j)],
 * and E[C(|Q|, j)] = C(m, j) P(a fixed j-set is covered by k uniform draws)
 *                  = C(m, j) m^{-k} A_j,   A_j = sum_{i=0..j} (-1)^i C(j,i) (m-i)^k
 * (A_j = 0 for j > k, and C(m, j) = 0 for j > m, so j <= K = min(k, m)). Hence
 *     FP = N / m^{k(n+1)},   N = sum_{j=0..K} (-1)^j C(m,j) A_j (m-j)^{kn},
 * which only needs K+1 big powers (m-j)^{kn}. Equivalently (grouping by d = |Q|, with
 * P(|Q| = d) = S(k,d) m^(d) / m^k):
 *     FP = sum_{d=1..K} [S(k,d) m^(d) / m^k] * P_d,  P_d = sum_{j=0..d} (-1)^j C(d,j) f_j,
 * P_d = P(d fixed bits all set); this grouping (positive weights, probabilities P_d in
 * [0,1]) is what the certified enclosure uses when k <= 2m. */
#include <internal/fail.h>
#include "internal/spec_interval.h"
#include <amq/spec_bloom.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>

/* ---------- small helpers ---------- */

static uint64_t min_u64(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* Edge cases shared by every routine: returns 1 and sets *v (0 or 1) when the value is
 * decided without computation. m == 0 must be rejected by the caller first. */
static int bloom_edge(uint64_t m, uint64_t k, uint64_t n, int *v)
{
    if (k == 0) { *v = 1; return 1; } /* empty index vector: always "present" */
    if (n == 0) { *v = 0; return 1; } /* no bit set, k >= 1 */
    if (m == 1) { *v = 1; return 1; } /* the single bit is set by the first key */
    return 0;
}

static amq_status check_m(uint64_t m, const char *who)
{
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: m = 0 (a Bloom filter needs at least one bit)", who);
    return AMQ_OK;
}

/* ---------- Ceramist Theorem 4, literally ---------- */

amq_status amq_bloom_fp_stirling(mpq_t rop, uint64_t m, uint64_t k, uint64_t n)
{
    amq_status st = check_m(m, "bloom_fp_stirling");
    if (st)
        return st;
    int v;
    /* Edge cases: the literal sum starts at i = 1 and so would give 0 for k = 0; the
     * value there is 1 (the missing i = 0 term, 0^0 0! C(m,0) S(0,0) = 1). */
    if (bloom_edge(m, k, n, &v)) {
        mpq_set_ui(rop, (unsigned long)v, 1);
        return AMQ_OK;
    }
    if (k > AMQ_BLOOM_STIRLING_MAX_KN || n > AMQ_BLOOM_STIRLING_MAX_KN ||
        k * n > AMQ_BLOOM_STIRLING_MAX_KN)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "bloom_fp_stirling: reference form limited to k*n <= %d (got k = %llu, n = %llu); "
                        "use amq_bloom_fp_exact",
                        AMQ_BLOOM_STIRLING_MAX_KN, ULL(k), ULL(n));
    unsigned long kn = (unsigned long)(k * n);
    unsigned long L = (unsigned long)min_u64(m, kn); /* S(kn, i) = 0 for i > kn; C(m,i) = 0 for i > m */

    /* Row kn of the Stirling triangle (second kind), entries i = 0..L. */
    mpz_t *S = malloc((L + 1) * sizeof *S);
    if (!S)
        return amq_fail(AMQ_E_NOMEM, "bloom_fp_stirling: out of memory");
    for (unsigned long i = 0; i <= L; i++)
        mpz_init(S[i]);
    mpz_set_ui(S[0], 1); /* S(0,0) = 1 */
    for (unsigned long r = 1; r <= kn; r++) {
        unsigned long top = r < L ? r : L;
        for (unsigned long i = top; i >= 1; i--) { /* S(r,i) = i S(r-1,i) + S(r-1,i-1) */
            mpz_mul_ui(S[i], S[i], i);
            mpz_add(S[i], S[i], S[i - 1]);
        }
        mpz_set_ui(S[0], 0);
    }

    mpz_t mz, sum, term, t;
    mpz_inits(mz, sum, term, t, NULL);
    z_set_u64(mz, m);
    for (unsigned long i = 1; i <= L; i++) {
        mpz_ui_pow_ui(term, i, (unsigned long)k); /* i^k */
        mpz_fac_ui(t, i);                         /* i! */
        mpz_mul(term, term, t);
        mpz_bin_ui(t, mz, i); /* C(m, i) */
        mpz_mul(term, term, t);
        mpz_mul(term, term, S[i]); /* S(kn, i) */
        mpz_add(sum, sum, term);
    }
    mpz_pow_ui(t, mz, (unsigned long)(k * (n + 1))); /* m^{k(n+1)} */
    mpz_set(mpq_numref(rop), sum);
    mpz_set(mpq_denref(rop), t);
    mpq_canonicalize(rop);
    mpz_clears(mz, sum, term, t, NULL);
    for (unsigned long i = 0; i <= L; i++)
        mpz_clear(S[i]);
    free(S);
    return AMQ_OK;
}

/* ---------- fast exact form ---------- */

/* Size and cost model of amq_bloom_fp_exact (bits): the denominator m^{k(n+1)} has
 * den_bits; cost counts the bits of all big numbers formed. */
static void exact_size(uint64_t m, uint64_t k, uint64_t n, double *den_bits, double *cost)
{
    double L = log2((double)m), K = (double)min_u64(k, m), kd = (double)k, nd = (double)n;
    *den_bits = kd * (nd + 1.0) * L;
    *cost = (K + 1.0) * kd * nd * L + (K + 1.0) * (K + 1.0) / 2.0 * kd * L + *den_bits;
}

/* rop = N / m^E reduced, N >= 0, m >= 2, E >= 1 (E small enough to hold m^E). */
static void reduce_by_power(mpq_t rop, mpz_t N, uint64_t m, unsigned long E)
{
    mpz_t D, h, hc, tmp, mz;
    mpz_inits(D, h, hc, tmp, mz, NULL);
    if (mpz_sgn(N) == 0) {
        mpq_set_ui(rop, 0, 1);
        goto done;
    }
    if ((m & (m - 1)) == 0) { /* m = 2^b: the reduced denominator is 2^(bE - v2(N)) */
        unsigned long b = 0;
        while ((UINT64_C(1) << b) != m)
            b++;
        mp_bitcnt_t total = (mp_bitcnt_t)b * E, v = mpz_scan1(N, 0);
        if (v > total)
            v = total;
        mpz_tdiv_q_2exp(N, N, v);
        mpz_set_ui(D, 0);
        mpz_setbit(D, total - v);
    } else {
        z_set_u64(mz, m);
        mpz_pow_ui(D, mz, E);
        /* Every prime common to N and D divides m. Repeatedly take h = gcd(N, m, D) (small)
         * and divide out the largest power of h dividing both; each pass exhausts a prime
         * of h in N or in D, so the loop ends after a few passes. */
        for (;;) {
            mpz_gcd(h, N, mz);
            mpz_gcd(h, h, D);
            if (mpz_cmp_ui(h, 1) == 0)
                break;
            unsigned long c = (unsigned long)mpz_remove(tmp, N, h); /* N = tmp * h^c */
            mpz_pow_ui(hc, h, c);
            if (mpz_divisible_p(D, hc)) {
                mpz_swap(N, tmp);
                mpz_divexact(D, D, hc);
            } else {
                unsigned long c2 = (unsigned long)mpz_remove(tmp, D, h); /* c2 < c */
                mpz_swap(D, tmp);
                mpz_pow_ui(hc, h, c2);
                mpz_divexact(N, N, hc);
            }
        }
    }
    mpz_set(mpq_numref(rop), N);
    mpz_set(mpq_denref(rop), D);
done:
    mpz_clears(D, h, hc, tmp, mz, NULL);
}

amq_status amq_bloom_fp_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n)
{
    amq_status st = check_m(m, "bloom_fp_exact");
    if (st)
        return st;
    int v;
    if (bloom_edge(m, k, n, &v)) {
        mpq_set_ui(rop, (unsigned long)v, 1);
        return AMQ_OK;
    }
    uint64_t K = min_u64(k, m);
    if (K > AMQ_BLOOM_EXACT_MAX_K)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "bloom_fp_exact: min(k, m) = %llu exceeds the limit %d of the exact form",
                        ULL(K), AMQ_BLOOM_EXACT_MAX_K);
    double den_bits, cost;
    exact_size(m, k, n, &den_bits, &cost);
    if (den_bits > AMQ_BLOOM_EXACT_MAX_BITS)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "bloom_fp_exact: the denominator m^(k(n+1)) would have about %.3g bits "
                        "(limit 2^32); use amq_bloom_fp_enclose",
                        den_bits);
    if (cost > AMQ_BLOOM_EXACT_MAX_COST)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "bloom_fp_exact: about %.3g bits of big-number work (limit 2^34); use "
                        "amq_bloom_fp_enclose",
                        cost);
    /* Now k(n+1) log2(m) <= 2^32 with m >= 2, so k*n and k*(n+1) are < 2^33. */
    uint64_t kn = k * n, E = k * (n + 1);
    if (kn > ULONG_MAX || E > ULONG_MAX || k > ULONG_MAX)
        return amq_fail(AMQ_E_TOO_LARGE, "bloom_fp_exact: exponent k(n+1) = %llu does not fit unsigned long",
                        ULL(E));

    /* P[i] = (m-i)^k, i = 0..K; turned in place into the difference table, so that at
     * step j, P[0] = A_j = sum_i (-1)^i C(j,i) (m-i)^k. */
    size_t cnt = (size_t)K + 1;
    mpz_t *P = malloc(cnt * sizeof *P);
    if (!P)
        return amq_fail(AMQ_E_NOMEM, "bloom_fp_exact: out of memory");
    mpz_t base, binm, pw, N, mz;
    mpz_inits(base, binm, pw, N, mz, NULL);
    z_set_u64(mz, m);
    for (size_t i = 0; i < cnt; i++) {
        mpz_init(P[i]);
        mpz_sub_ui(base, mz, (unsigned long)i);
        mpz_pow_ui(P[i], base, (unsigned long)k);
    }
    mpz_set_ui(binm, 1); /* C(m, j) */
    for (uint64_t j = 0; j <= K; j++) {
        if (j > 0) { /* C(m, j) = C(m, j-1) (m - j + 1) / j */
            mpz_sub_ui(base, mz, (unsigned long)(j - 1));
            mpz_mul(binm, binm, base);
            mpz_divexact_ui(binm, binm, (unsigned long)j);
        }
        if (j < m) { /* (m - j)^{kn} = 0 for j = m */
            mpz_sub_ui(base, mz, (unsigned long)j);
            mpz_pow_ui(pw, base, (unsigned long)kn);
            mpz_mul(pw, pw, P[0]);
            mpz_mul(pw, pw, binm);
            if (j & 1)
                mpz_sub(N, N, pw);
            else
                mpz_add(N, N, pw);
        }
        for (uint64_t i = 0; i + 1 < cnt - j; i++) /* next level of differences */
            mpz_sub(P[i], P[i], P[i + 1]);
    }
    reduce_by_power(rop, N, m, (unsigned long)E);
    for (size_t i = 0; i < cnt; i++)
        mpz_clear(P[i]);
    free(P);
    mpz_clears(base, binm, pw, N, mz, NULL);
    return AMQ_OK;
}

/* ---------- Lemma 2 ---------- */

amq_status amq_bloom_bit_prob_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n)
{
    amq_status st = check_m(m, "bloom_bit_prob_exact");
    if (st)
        return st;
    if (k == 0 || n == 0) { /* kn = 0: no bit set */
        mpq_set_ui(rop, 0, 1);
        return AMQ_OK;
    }
    if (m == 1) {
        mpq_set_ui(rop, 1, 1);
        return AMQ_OK;
    }
    double bits = (double)k * (double)n * log2((double)m);
    if (bits > AMQ_BLOOM_EXACT_MAX_BITS || k * n > ULONG_MAX)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "bloom_bit_prob_exact: the denominator m^(kn) would have about %.3g bits (limit 2^32)",
                        bits);
    unsigned long kn = (unsigned long)(k * n);
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    z_set_u64(a, m);
    mpz_sub_ui(b, a, 1);
    mpz_pow_ui(a, a, kn);
    mpz_pow_ui(b, b, kn);
    /* (m^kn - (m-1)^kn) / m^kn is already reduced: for p | m the numerator is
     * congruent to -(-1)^kn mod p. */
    mpz_sub(mpq_numref(rop), a, b);
    mpz_set(mpq_denref(rop), a);
    mpz_clears(a, b, NULL);
    return AMQ_OK;
}

/* ---------- certified enclosure ---------- */

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
        return amq_fail(AMQ_E_NOMEM, "bloom_fp_enclose: out of memory");
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
        return amq_fail(AMQ_E_NOMEM, "bloom_fp_enclose: out of memory");
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
    amq_status st = check_m(m, "bloom_fp_enclose");
    if (st)
        return st;
    if (prec < MPFR_PREC_MIN || prec > AMQ_CERTIFIED_MAX_PREC * 4)
        return amq_fail(AMQ_E_INVALID_ARG, "bloom_fp_enclose: precision %ld outside [%d, %ld]",
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
                        "bloom_fp_enclose: min(k, m) = %llu exceeds the limit %d of the O(min(k,m)^2) "
                        "method (k = %llu, m = %llu)",
                        ULL(K), AMQ_BLOOM_ENCLOSE_MAX_K, ULL(k), ULL(m));
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
    const amq_bloom_params *p = params;
    if (!p)
        return amq_fail(AMQ_E_INVALID_ARG, "bloom_fp_enclose_cb: NULL parameters");
    return amq_bloom_fp_enclose(lo, hi, prec, p->m, p->k, p->n);
}

amq_status amq_bloom_fp_enclose_rel(mpfr_t lo, mpfr_t hi, int bits, uint64_t m, uint64_t k, uint64_t n)
{
    if (bits < 1 || bits > 100000)
        return amq_fail(AMQ_E_INVALID_ARG, "bloom_fp_enclose_rel: bits = %d outside [1, 100000]", bits);
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
                          "bloom_fp_enclose_rel: relative width 2^-%d not reached at precision %ld "
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

/* ---------- decimal ---------- */

amq_status amq_bloom_fp_decimal(char **out, uint64_t m, uint64_t k, uint64_t n, int digits,
                                mpfr_t lo_out, mpfr_t hi_out)
{
    mpfr_ptr lop = lo_out, hip = hi_out;
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "bloom_fp_decimal: NULL output pointer");
    *out = NULL;
    amq_status st = check_m(m, "bloom_fp_decimal");
    if (st)
        return st;
    double den_bits, cost;
    exact_size(m, k, n, &den_bits, &cost);
    int small = cost <= (double)(1 << 20) && min_u64(k, m) <= 64;
    int v;
    if (!bloom_edge(m, k, n, &v) && !small) {
        amq_bloom_params p = {m, k, n};
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

/* ---------- approximations (double) ---------- */

/* (1 - e^x)^k with x <= 0 the log-probability that a bit is unset, in double. */
static double approx_from_log_unset(double x, uint64_t k)
{
    double e = exp(x);       /* P(bit unset) */
    double p = -expm1(x);    /* P(bit set), accurate when x is small */
    double lp = e <= 0.5 ? log1p(-e) : log(p);
    return exp((double)k * lp);
}

double amq_bloom_fp_approx_classic(uint64_t m, uint64_t k, uint64_t n)
{
    if (m == 0)
        return NAN;
    if (k == 0)
        return 1.0;
    if (n == 0)
        return 0.0;
    if (m == 1)
        return 1.0;
    /* APPROXIMATION: (1 - (1-1/m)^{kn})^k, treating the k query bits as independent. */
    return approx_from_log_unset((double)k * (double)n * log1p(-1.0 / (double)m), k);
}

double amq_bloom_fp_approx_exp(uint64_t m, uint64_t k, uint64_t n)
{
    if (m == 0)
        return NAN;
    if (k == 0)
        return 1.0;
    if (n == 0)
        return 0.0;
    /* APPROXIMATION: (1 - e^{-kn/m})^k. (For m = 1 this is (1 - e^{-kn})^k, not 1.) */
    return approx_from_log_unset(-((double)k * (double)n) / (double)m, k);
}

amq_status amq_bloom_approx_relerr(mpfr_t rlo, mpfr_t rhi, double approx, uint64_t m, uint64_t k,
                                   uint64_t n)
{
    amq_status st = check_m(m, "bloom_approx_relerr");
    if (st)
        return st;
    if (isnan(approx) || isinf(approx))
        return amq_fail(AMQ_E_INVALID_ARG, "bloom_approx_relerr: approximation is not finite");
    mpfr_t a, lo, hi;
    mpfr_init2(a, 64);
    mpfr_set_d(a, approx, MPFR_RNDN); /* exact */
    int v;
    if (bloom_edge(m, k, n, &v)) {
        if (v == 0) { /* relative error against 0: 0 if the approximation is 0, else infinite */
            if (approx == 0.0) {
                mpfr_set_zero(rlo, 1);
                mpfr_set_zero(rhi, 1);
            } else {
                mpfr_set_inf(rlo, 1);
                mpfr_set_inf(rhi, 1);
            }
        } else { /* |approx - 1| / 1, rounded outward */
            if (approx <= 1.0) {
                mpfr_ui_sub(rlo, 1, a, MPFR_RNDD);
                mpfr_ui_sub(rhi, 1, a, MPFR_RNDU);
            } else {
                mpfr_sub_ui(rlo, a, 1, MPFR_RNDD);
                mpfr_sub_ui(rhi, a, 1, MPFR_RNDU);
            }
        }
        mpfr_clear(a);
        return AMQ_OK;
    }
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    st = amq_bloom_fp_enclose_rel(lo, hi, 64, m, k, n);
    if (!st)
        st = amq_relerr_enclose(rlo, rhi, a, lo, hi);
    mpfr_clears(a, lo, hi, (mpfr_ptr)0);
    return st;
}

/* ---------- lecture bounds ---------- */

amq_status amq_bloom_bound_naive(mpq_t rop, uint64_t k)
{
    if (k == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "bloom_bound_naive: k = 0 (the naive filter has k*n bits, k >= 1)");
    mpq_set_ui(rop, 1, 1);
    z_set_u64(mpq_denref(rop), k); /* 1/k, reduced */
    return AMQ_OK;
}

amq_status amq_bloom_bound_half(mpq_t rop, uint64_t m, uint64_t k, uint64_t n)
{
    amq_status st = check_m(m, "bloom_bound_half");
    if (st)
        return st;
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    z_set_u64(a, k);
    z_set_u64(b, n);
    mpz_mul(a, a, b);
    mpz_mul_2exp(a, a, 1); /* 2kn, exact */
    z_set_u64(b, m);
    int ok = mpz_cmp(b, a) >= 0;
    mpz_clears(a, b, NULL);
    if (!ok)
        return amq_fail(AMQ_E_INVALID_ARG,
                        "bloom_bound_half: hypothesis m >= 2kn fails (m = %llu, k = %llu, n = %llu)",
                        ULL(m), ULL(k), ULL(n));
    if (k > AMQ_BLOOM_BOUND_MAX_K)
        return amq_fail(AMQ_E_TOO_LARGE, "bloom_bound_half: 2^-k with k = %llu exceeds the limit k <= %lu",
                        ULL(k), (unsigned long)AMQ_BLOOM_BOUND_MAX_K);
    mpq_set_ui(rop, 1, 1);
    mpz_mul_2exp(mpq_denref(rop), mpq_denref(rop), (mp_bitcnt_t)k);
    return AMQ_OK;
}
