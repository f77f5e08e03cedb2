/* Exact Bloom filter rates as reduced rationals (amq/spec_bloom.h): Ceramist Theorem 4
 * literally, the fast inclusion-exclusion form, and Lemma 2.
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
#include "spec_internal/bloom.h"
#include "spec_internal/cost.h"
#include "spec_internal/reduce.h"
#include <stdio.h>
#include <stdlib.h>

amq_status amq_bloom_fp_stirling(mpq_t rop, uint64_t m, uint64_t k, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_fp_stirling: NULL argument");
    amq_status st = bloom_check_m(m, "Bloom rate (Stirling form)");
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
                        "Bloom rate (Stirling form): reference form limited to k*n <= %d (got k = %llu, n = %llu); "
                        "use amq_bloom_fp_exact",
                        AMQ_BLOOM_STIRLING_MAX_KN, ULL(k), ULL(n));
    unsigned long kn = (unsigned long)(k * n);
    unsigned long L = (unsigned long)min_u64(m, kn); /* S(kn, i) = 0 for i > kn; C(m,i) = 0 for i > m */

    /* Row kn of the Stirling triangle (second kind), entries i = 0..L. */
    mpz_t *S = malloc((L + 1) * sizeof *S);
    if (!S)
        return amq_fail(AMQ_E_NOMEM, "Bloom rate (Stirling form): out of memory");
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

/* spec_internal/reduce.h */
void amq_spec_reduce_by_power(mpq_t rop, mpz_t N, uint64_t m, unsigned long E)
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
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_fp_exact: NULL argument");
    amq_status st = bloom_check_m(m, "exact Bloom rate");
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
                        "exact Bloom rate: min(k, m) = %llu exceeds the limit %d of the exact form",
                        ULL(K), AMQ_BLOOM_EXACT_MAX_K);
    double den_bits, cost;
    bloom_exact_size(m, k, n, &den_bits, &cost);
    char what[160];
    snprintf(what, sizeof what, "the denominator m^(k(n+1)) (m = %llu, k = %llu, n = %llu)", ULL(m), ULL(k), ULL(n));
    if ((st = amq_cost_exact("exact Bloom rate", what, den_bits, cost)) != AMQ_OK)
        return st;
    /* Now k(n+1) log2(m) <= 2^26 with m >= 2, so k*n and k*(n+1) are < 2^27. */
    uint64_t kn = k * n, E = k * (n + 1);
    if (kn > ULONG_MAX || E > ULONG_MAX || k > ULONG_MAX)
        return amq_fail(AMQ_E_TOO_LARGE, "exact Bloom rate: exponent k(n+1) = %llu does not fit unsigned long",
                        ULL(E));

    /* P[i] = (m-i)^k, i = 0..K; turned in place into the difference table, so that at
     * step j, P[0] = A_j = sum_i (-1)^i C(j,i) (m-i)^k. */
    size_t cnt = (size_t)K + 1;
    mpz_t *P = malloc(cnt * sizeof *P);
    if (!P)
        return amq_fail(AMQ_E_NOMEM, "exact Bloom rate: out of memory");
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
    amq_spec_reduce_by_power(rop, N, m, (unsigned long)E);
    for (size_t i = 0; i < cnt; i++)
        mpz_clear(P[i]);
    free(P);
    mpz_clears(base, binm, pw, N, mz, NULL);
    return AMQ_OK;
}

amq_status amq_bloom_bit_prob_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_bit_prob_exact: NULL argument");
    amq_status st = bloom_check_m(m, "exact Bloom bit probability");
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
    /* two powers of kn log2 m bits: the model of amq_cost_exact */
    double bits = (double)k * (double)n * log2((double)m);
    char what[160];
    snprintf(what, sizeof what, "the denominator m^(kn) (m = %llu, k = %llu, n = %llu)", ULL(m), ULL(k), ULL(n));
    if ((st = amq_cost_exact("exact Bloom bit probability", what, bits, 2 * bits)) != AMQ_OK)
        return st;
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
