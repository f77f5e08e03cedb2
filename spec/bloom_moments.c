/* Second moments of the Bloom false-positive rate (amq/spec_moments.h): the probability
 * that k_q independent uniform positions are all set after n keys of k_ins positions. */
#include "spec_internal/cost.h"
#include <lib_internal/fail.h>
#include <lib_internal/moment_cost.h>
#include <amq/spec_moments.h>
#include <limits.h>
#include <math.h>
#include <mpfi.h>
#include <stdio.h>
#include <stdlib.h>

static void z_set_u64(mpz_t z, uint64_t v) { mpz_import(z, 1, 1, sizeof v, 0, 0, &v); }

/* The value when it is decided without computation (k_q = 0, no set bit, m = 1). */
static int edge(uint64_t m, uint64_t k_ins, uint64_t k_q, uint64_t n, int *v)
{
    if (k_q == 0) { *v = 1; return 1; }
    if (n == 0 || k_ins == 0) { *v = 0; return 1; }
    if (m == 1) { *v = 1; return 1; }
    return 0;
}

static amq_status check_args(const char *who, uint64_t m, uint64_t k_q)
{
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: m = 0 (a Bloom filter needs at least one bit)", who);
    const uint64_t J = k_q < m ? k_q : m;
    if (J > AMQ_MOMENTS_MAX_KQ || k_q > ULONG_MAX)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: min(k_q, m) = %llu exceeds the limit %d", who, ULL(J),
                        AMQ_MOMENTS_MAX_KQ);
    return AMQ_OK;
}

/* coef[j] = (-1)^j C(m,j) A_j, j = 0..J, A_j = sum_i (-1)^i C(j,i) (m-i)^{k_q} (the j-th
 * forward difference, by an in-place difference table). */
static mpz_t *coefficients(uint64_t m, uint64_t k_q, uint64_t J)
{
    const size_t cnt = (size_t)J + 1;
    mpz_t *P = malloc(cnt * sizeof *P), *C = malloc(cnt * sizeof *C);
    if (!P || !C) {
        free(P);
        free(C);
        return NULL;
    }
    mpz_t mz, base, binm;
    mpz_inits(mz, base, binm, (mpz_ptr)0);
    z_set_u64(mz, m);
    for (size_t i = 0; i < cnt; i++) {
        mpz_init(P[i]);
        mpz_init(C[i]);
        mpz_sub_ui(base, mz, (unsigned long)i);
        mpz_pow_ui(P[i], base, (unsigned long)k_q);
    }
    mpz_set_ui(binm, 1);
    for (uint64_t j = 0; j <= J; j++) {
        if (j > 0) {
            mpz_sub_ui(base, mz, (unsigned long)(j - 1));
            mpz_mul(binm, binm, base);
            mpz_divexact_ui(binm, binm, (unsigned long)j);
        }
        mpz_mul(C[j], binm, P[0]);
        if (j & 1)
            mpz_neg(C[j], C[j]);
        for (uint64_t i = 0; i + 1 < cnt - j; i++)
            mpz_sub(P[i], P[i], P[i + 1]);
    }
    for (size_t i = 0; i < cnt; i++)
        mpz_clear(P[i]);
    free(P);
    mpz_clears(mz, base, binm, (mpz_ptr)0);
    return C;
}

static void free_coefficients(mpz_t *C, uint64_t J)
{
    for (uint64_t j = 0; j <= J; j++)
        mpz_clear(C[j]);
    free(C);
}

/* The work of the exact form, before it starts (the shared exact model, amq_cost_exact): the
 * denominator's size caps one number, not the J + 1 powers (m - j)^(k_ins n) of that size, the
 * coefficient table or the final gcd, which ran for minutes within it (m = 1000, k_ins = 3,
 * k_q = 2048, n = 1e5: 6.8 s; k_q = 64, n = 1e6: 9.0 s).  Weighted as the cuckoo exact rate's:
 * 4 x the bits of each power, 80 x the bits of the odd part of the denominator (GMP's gcd
 * strips common twos first); the table, (J + 1)(J + 2) / 2 subtractions of k_q log2(m)-bit
 * numbers, at 1/256 a bit (m = 1e6, k_q = 2048, n = 10: 0.53 s, 3.5e8 units).  2^30 units
 * is about 2 s. */
static amq_status exact_cost(uint64_t m, double kn, uint64_t k_q, uint64_t J)
{
    const double L = log2((double)m), den_bits = (kn + (double)k_q) * L;
    const double odd_bits = (kn + (double)k_q) * amq_cost_odd_log2(m);
    const double table = ((double)J + 1.0) * ((double)J + 2.0) / 2.0 * (double)k_q * L / 256.0;
    const double work = 4.0 * ((double)J + 2.0) * kn * L + 4.0 * den_bits + 80.0 * odd_bits + table;
    char what[160];
    snprintf(what, sizeof what, "the query's Bloom form (m = %llu, k_ins n = %.0f, k_q = %llu)", ULL(m), kn,
             ULL(k_q));
    return amq_cost_exact("exact Bloom rate of a k_q-index query", what, den_bits, work);
}

amq_status amq_bloom_fp_query_exact(mpq_t rop, uint64_t m, uint64_t k_ins, uint64_t k_q, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_fp_query_exact: NULL argument");
    amq_status st = check_args("exact Bloom rate of a k_q-index query", m, k_q);
    if (st != AMQ_OK)
        return st;
    int v;
    if (edge(m, k_ins, k_q, n, &v)) {
        mpq_set_ui(rop, (unsigned long)v, 1);
        return AMQ_OK;
    }
    /* FP = m^{-(k_q + k_ins n)} sum_j coef_j (m - j)^{k_ins n} */
    const double L = log2((double)m), kn = (double)k_ins * (double)n;
    if ((kn + (double)k_q) * L > AMQ_MOMENTS_EXACT_MAX_BITS || kn > (double)ULONG_MAX / 2)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "exact Bloom rate of a k_q-index query: the denominator m^(k_q + k_ins n) would have about %.3g bits "
                        "(limit %.3g); use amq_bloom_fp_query_enclose",
                        (kn + (double)k_q) * L, AMQ_MOMENTS_EXACT_MAX_BITS);
    const uint64_t J = k_q < m ? k_q : m;
    if ((st = exact_cost(m, kn, k_q, J)) != AMQ_OK)
        return st;
    mpz_t *C = coefficients(m, k_q, J);
    if (!C)
        return amq_fail(AMQ_E_NOMEM, "exact Bloom rate of a k_q-index query: out of memory");
    const unsigned long e = (unsigned long)(k_ins * n);
    mpz_t N, pw, base, mz;
    mpz_inits(N, pw, base, mz, (mpz_ptr)0);
    z_set_u64(mz, m);
    for (uint64_t j = 0; j <= J && j < m; j++) { /* (m - j)^{kn} = 0 at j = m */
        mpz_sub_ui(base, mz, (unsigned long)j);
        mpz_pow_ui(pw, base, e);
        mpz_addmul(N, pw, C[j]);
    }
    mpz_pow_ui(pw, mz, e + (unsigned long)k_q);
    mpq_set_num(rop, N);
    mpq_set_den(rop, pw);
    mpq_canonicalize(rop);
    mpz_clears(N, pw, base, mz, (mpz_ptr)0);
    free_coefficients(C, J);
    return AMQ_OK;
}

/* The coefficients coef_j / m^{k_q} as reduced fractions, made once for every working
 * precision (their reduction, a gcd of k_q log2(m)-bit numbers each, was most of the time
 * when it was redone at every precision).  NULL when out of memory. */
static mpq_t *scaled_coefficients(mpz_t *C, uint64_t J, uint64_t m, uint64_t k_q)
{
    mpq_t *Q = malloc(((size_t)J + 1) * sizeof *Q);
    if (!Q)
        return NULL;
    mpz_t den, mz;
    mpz_inits(den, mz, (mpz_ptr)0);
    z_set_u64(mz, m);
    mpz_pow_ui(den, mz, (unsigned long)k_q);
    for (uint64_t j = 0; j <= J; j++) {
        mpq_init(Q[j]);
        mpq_set_num(Q[j], C[j]);
        mpq_set_den(Q[j], den);
        mpq_canonicalize(Q[j]);
    }
    mpz_clears(den, mz, (mpz_ptr)0);
    return Q;
}

static void free_scaled(mpq_t *Q, uint64_t J)
{
    for (uint64_t j = 0; j <= J; j++)
        mpq_clear(Q[j]);
    free(Q);
}

/* Bits of the enclosure's coefficient table: J + 1 numbers of about k_q log2(m) bits. */
static double table_bits(uint64_t m, uint64_t k_q)
{
    const uint64_t J = k_q < m ? k_q : m;
    return ((double)J + 1.0) * (double)k_q * log2((double)m);
}

double amq_bloom_fp_query_work(uint64_t m, uint64_t k_ins, uint64_t k_q, uint64_t n, int bits)
{
    if (m == 0 || (k_q < m ? k_q : m) > AMQ_MOMENTS_MAX_KQ || k_q > ULONG_MAX)
        return INFINITY; /* refused at once */
    int v;
    if (edge(m, k_ins, k_q, n, &v))
        return 0.0;
    if (table_bits(m, k_q) > AMQ_COST_MOMENT_MAX_TABLE_BITS)
        return INFINITY;
    const double work = amq_cost_bloom_query(m, k_ins, k_q, n, bits);
    return work > AMQ_COST_MOMENT_MAX_WORK ? INFINITY : work * AMQ_BLOOM_QUERY_NS_PER_UNIT;
}

/* One evaluation at working precision prec into the interval sum. */
static void enclose_at(mpfi_t sum, mpfr_prec_t prec, mpq_t *Q, uint64_t J, uint64_t m, const mpz_t kn)
{
    mpfi_t term, pw;
    mpfi_init2(term, prec);
    mpfi_init2(pw, prec);
    mpfi_set_prec(sum, prec);
    mpfi_set_ui(sum, 0);
    mpz_t mz;
    mpz_init(mz);
    z_set_u64(mz, m);
    for (uint64_t j = 0; j <= J && j < m; j++) {
        /* (1 - j/m)^{kn} = exp(kn log1p(-j/m)), every step enclosed */
        if (j == 0)
            mpfi_set_ui(pw, 1);
        else {
            mpfi_set_ui(pw, (unsigned long)j);
            mpfi_div_z(pw, pw, mz);
            mpfi_neg(pw, pw);
            mpfi_log1p(pw, pw);
            mpfi_mul_z(pw, pw, kn);
            mpfi_exp(pw, pw);
        }
        mpfi_set_q(term, Q[j]);
        mpfi_mul(term, term, pw);
        mpfi_add(sum, sum, term);
    }
    mpz_clear(mz);
    mpfi_clear(term);
    mpfi_clear(pw);
}

amq_status amq_bloom_fp_query_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t m, uint64_t k_ins, uint64_t k_q,
                                      uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_fp_query_enclose: NULL argument");
    amq_status st = check_args("Bloom rate enclosure of a k_q-index query", m, k_q);
    if (st != AMQ_OK)
        return st;
    if (bits < 1 || bits > 4096)
        return amq_fail(AMQ_E_INVALID_ARG, "Bloom rate enclosure of a k_q-index query: bits = %d outside [1, 4096]", bits);
    int v;
    if (edge(m, k_ins, k_q, n, &v)) {
        mpfr_set_ui(lo, (unsigned long)v, MPFR_RNDD);
        mpfr_set_ui(hi, (unsigned long)v, MPFR_RNDU);
        return AMQ_OK;
    }
    if (table_bits(m, k_q) > AMQ_COST_MOMENT_MAX_TABLE_BITS)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "Bloom rate enclosure of a k_q-index query: m = %llu, k_q = %llu: its min(k_q, m) + 1 "
                        "coefficients of k_q log2(m) bits would hold about %.3g bits (limit 2^28, 32 MiB; "
                        "docs/cost-limits.md)",
                        ULL(m), ULL(k_q), table_bits(m, k_q));
    const double work = amq_cost_bloom_query(m, k_ins, k_q, n, bits);
    if (work > AMQ_COST_MOMENT_MAX_WORK)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "Bloom rate enclosure of a k_q-index query: m = %llu, k_ins = %llu, k_q = %llu, n = %llu at "
                        "2^-%d would take about %.3g units of work (limit 2^31, about 2-3 s; docs/cost-limits.md)",
                        ULL(m), ULL(k_ins), ULL(k_q), ULL(n), bits, work);
    const uint64_t J = k_q < m ? k_q : m;
    mpz_t *C = coefficients(m, k_q, J);
    mpq_t *Q = C ? scaled_coefficients(C, J, m, k_q) : NULL;
    if (C)
        free_coefficients(C, J);
    if (!Q)
        return amq_fail(AMQ_E_NOMEM, "Bloom rate enclosure of a k_q-index query: out of memory");
    mpz_t kn, nz;
    mpz_inits(kn, nz, (mpz_ptr)0);
    z_set_u64(kn, k_ins);
    z_set_u64(nz, n);
    mpz_mul(kn, kn, nz);
    mpfi_t sum;
    mpfi_init2(sum, 64);
    mpfr_t a, b, w;
    mpfr_inits2(64, a, b, w, (mpfr_ptr)0);
    /* The alternating sum cancels about k_q + log2(1/FP) bits: start above that. */
    mpfr_prec_t prec = (mpfr_prec_t)bits + 64 + (mpfr_prec_t)J;
    st = AMQ_E_TOO_LARGE;
    for (; prec <= AMQ_CERTIFIED_MAX_PREC; prec *= 2) {
        enclose_at(sum, prec, Q, J, m, kn);
        mpfr_set_prec(a, prec);
        mpfr_set_prec(b, prec);
        mpfi_get_left(a, sum);
        mpfi_get_right(b, sum);
        if (mpfr_sgn(a) < 0)
            mpfr_set_ui(a, 0, MPFR_RNDD); /* a probability */
        if (mpfr_cmp_ui(b, 1) > 0)
            mpfr_set_ui(b, 1, MPFR_RNDU);
        mpfr_sub(w, b, a, MPFR_RNDU);
        mpfr_mul_2si(w, w, bits, MPFR_RNDU);
        if (mpfr_sgn(a) > 0 && mpfr_cmp(w, a) <= 0) {
            st = AMQ_OK;
            break;
        }
        if (mpfr_zero_p(b)) { /* an interval [0, 0]: exactly 0 */
            st = AMQ_OK;
            break;
        }
    }
    if (st == AMQ_OK) {
        mpfr_set(lo, a, MPFR_RNDD);
        mpfr_set(hi, b, MPFR_RNDU);
    } else
        amq_fail(st, "Bloom rate enclosure of a k_q-index query: no enclosure of relative width 2^-%d within %ld bits (m=%llu, "
                     "k_ins=%llu, k_q=%llu, n=%llu)",
                 bits, (long)AMQ_CERTIFIED_MAX_PREC, ULL(m), ULL(k_ins), ULL(k_q), ULL(n));
    mpfr_clears(a, b, w, (mpfr_ptr)0);
    mpfi_clear(sum);
    mpz_clears(kn, nz, (mpz_ptr)0);
    free_scaled(Q, J);
    return st;
}

amq_status amq_bloom_fp_pair_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_fp_pair_exact: NULL argument");
    if (k > UINT64_MAX / 2)
        return amq_fail(AMQ_E_TOO_LARGE, "exact Bloom rate of a query pair: k = %llu is too large", ULL(k));
    return amq_bloom_fp_query_exact(rop, m, k, 2 * k, n);
}

amq_status amq_bloom_fp_pair_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t m, uint64_t k, uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_fp_pair_enclose: NULL argument");
    if (k > UINT64_MAX / 2)
        return amq_fail(AMQ_E_TOO_LARGE, "Bloom rate enclosure of a query pair: k = %llu is too large", ULL(k));
    return amq_bloom_fp_query_enclose(lo, hi, bits, m, k, 2 * k, n);
}
