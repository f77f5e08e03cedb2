/* Tests of the Bloom filter probability specification (spec/bloom_*.c) and of the
 * certified decimal machinery (spec/certified_*.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <amq/spec_bloom.h>

/* ---------- helpers ---------- */

/* q = 1 - (1 - 1/m)^e, exact, computed independently of the library. */
static void one_minus_pow(mpq_t q, unsigned long m, unsigned long e)
{
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    mpz_ui_pow_ui(a, m, e);
    mpz_ui_pow_ui(b, m - 1, e);
    mpz_sub(mpq_numref(q), a, b);
    mpz_set(mpq_denref(q), a);
    mpq_canonicalize(q);
    mpz_clears(a, b, NULL);
}

/* Brute force: enumerate all m^{k(n+1)} hash outcomes (k per key, n keys, then the query)
 * and count those where every query position was set by some key. */
static void brute_fp(mpq_t q, unsigned m, unsigned k, unsigned n)
{
    unsigned total = k * (n + 1), idx[32] = {0};
    unsigned long long hits = 0, all = 0;
    for (;;) {
        unsigned long long setbits = 0;
        for (unsigned i = 0; i < k * n; i++)
            setbits |= 1ULL << idx[i];
        int pos = 1;
        for (unsigned i = k * n; i < total; i++)
            if (!(setbits >> idx[i] & 1))
                pos = 0;
        hits += (unsigned long long)pos;
        all++;
        unsigned c = 0; /* odometer */
        while (c < total && ++idx[c] == m)
            idx[c++] = 0;
        if (c == total)
            break;
    }
    mpq_set_ui(q, (unsigned long)hits, (unsigned long)all);
    mpq_canonicalize(q);
}

static void expect_str(const char *got, const char *want)
{
    if (!got || strcmp(got, want) != 0)
        print_error("decimal: got '%s', want '%s'\n", got ? got : "(null)", want);
    assert_non_null(got);
    assert_string_equal(got, want);
}

static void q_decimal_is(const mpq_t q, int digits, const char *want)
{
    char *s = NULL;
    assert_int_equal(amq_mpq_decimal(&s, q, digits), AMQ_OK);
    expect_str(s, want);
    free(s);
}

static void frac_decimal_is(long num, unsigned long den, int digits, const char *want)
{
    mpq_t q;
    mpq_init(q);
    mpq_set_si(q, num, den);
    mpq_canonicalize(q);
    q_decimal_is(q, digits, want);
    mpq_clear(q);
}

/* lo <= q <= hi */
static int encloses(const mpfr_t lo, const mpfr_t hi, const mpq_t q)
{
    return mpfr_cmp_q(lo, q) <= 0 && mpfr_cmp_q(hi, q) >= 0;
}

/* ---------- exact forms ---------- */

static void test_known_values(void **state)
{
    (void)state;
    mpq_t q, w;
    mpq_inits(q, w, NULL);
    /* lecture table: m = 2, k = 2, n = 1 -> 5/8 */
    assert_int_equal(amq_bloom_fp_exact(q, 2, 2, 1), AMQ_OK);
    mpq_set_ui(w, 5, 8);
    assert_true(mpq_equal(q, w));
    assert_int_equal(amq_bloom_fp_stirling(q, 2, 2, 1), AMQ_OK);
    assert_true(mpq_equal(q, w));
    /* k = 1: FP = P(the one query bit is set) = 1 - (1 - 1/m)^n */
    for (unsigned long m = 2; m <= 20; m++)
        for (unsigned long n = 1; n <= 10; n++) {
            one_minus_pow(w, m, n);
            assert_int_equal(amq_bloom_fp_exact(q, m, 1, n), AMQ_OK);
            assert_true(mpq_equal(q, w));
        }
    /* m = 2, k = 1, n = 1 -> 1/2. m = 3, k = 2, n = 1 by hand: the key hits 2 distinct bits
     * in 6 of 9 cases (query inside: 4/9), 1 bit in 3 cases (query inside: 1/9):
     * (6*4 + 3*1)/81 = 1/3. */
    assert_int_equal(amq_bloom_fp_exact(q, 2, 1, 1), AMQ_OK);
    mpq_set_ui(w, 1, 2);
    assert_true(mpq_equal(q, w));
    assert_int_equal(amq_bloom_fp_exact(q, 3, 2, 1), AMQ_OK);
    mpq_set_ui(w, 1, 3);
    assert_true(mpq_equal(q, w));
    mpq_clears(q, w, NULL);
}

static void test_exact_vs_brute_force(void **state)
{
    (void)state;
    mpq_t q, b;
    mpq_inits(q, b, NULL);
    int cases = 0;
    for (unsigned m = 2; m <= 5; m++)
        for (unsigned k = 1; k <= 4; k++)
            for (unsigned n = 1; n <= 3; n++) {
                double outcomes = pow((double)m, (double)(k * (n + 1)));
                if (outcomes > 3e5)
                    continue;
                brute_fp(b, m, k, n);
                assert_int_equal(amq_bloom_fp_exact(q, m, k, n), AMQ_OK);
                if (!mpq_equal(q, b))
                    print_error("m=%u k=%u n=%u\n", m, k, n);
                assert_true(mpq_equal(q, b));
                cases++;
            }
    assert_true(cases >= 20);
    mpq_clears(q, b, NULL);
}

static void test_stirling_equals_exact_grid(void **state)
{
    (void)state;
    mpq_t a, b, c;
    mpq_inits(a, b, c, NULL);
    for (uint64_t m = 1; m <= 12; m++)
        for (uint64_t k = 0; k <= 5; k++)
            for (uint64_t n = 0; n <= 5; n++) {
                assert_int_equal(amq_bloom_fp_stirling(a, m, k, n), AMQ_OK);
                assert_int_equal(amq_bloom_fp_exact(b, m, k, n), AMQ_OK);
                if (!mpq_equal(a, b))
                    print_error("m=%llu k=%llu n=%llu\n", (unsigned long long)m,
                                (unsigned long long)k, (unsigned long long)n);
                assert_true(mpq_equal(a, b));
                /* the fast form is reduced */
                mpq_set(c, b);
                mpq_canonicalize(c);
                assert_true(mpz_cmp(mpq_denref(c), mpq_denref(b)) == 0);
            }
    /* a few larger ones, including k > m and non-power-of-two m */
    static const uint64_t more[][3] = {{3, 10, 3}, {7, 9, 4}, {100, 3, 20}, {1024, 5, 150},
                                       {1000, 4, 200}, {6, 12, 5}, {2, 30, 10}, {12, 7, 40}};
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
        assert_int_equal(amq_bloom_fp_stirling(a, more[i][0], more[i][1], more[i][2]), AMQ_OK);
        assert_int_equal(amq_bloom_fp_exact(b, more[i][0], more[i][1], more[i][2]), AMQ_OK);
        assert_true(mpq_equal(a, b));
        mpq_set(c, b);
        mpq_canonicalize(c);
        assert_true(mpq_equal(c, b) && mpz_cmp(mpq_denref(c), mpq_denref(b)) == 0);
    }
    mpq_clears(a, b, c, NULL);
}

static void test_bit_prob(void **state)
{
    (void)state;
    mpq_t q, w;
    mpq_inits(q, w, NULL);
    assert_int_equal(amq_bloom_bit_prob_exact(q, 2, 1, 1), AMQ_OK);
    mpq_set_ui(w, 1, 2);
    assert_true(mpq_equal(q, w));
    assert_int_equal(amq_bloom_bit_prob_exact(q, 4, 2, 3), AMQ_OK); /* 1 - (3/4)^6 */
    mpq_set_ui(w, 3367, 4096);
    assert_true(mpq_equal(q, w));
    for (unsigned long m = 2; m <= 15; m++)
        for (unsigned long k = 1; k <= 4; k++)
            for (unsigned long n = 1; n <= 4; n++) {
                one_minus_pow(w, m, k * n);
                assert_int_equal(amq_bloom_bit_prob_exact(q, m, k, n), AMQ_OK);
                assert_true(mpq_equal(q, w));
                assert_true(mpz_cmp(mpq_denref(q), mpq_denref(w)) == 0); /* reduced */
            }
    /* k = 1 Bloom FP is exactly the bit probability */
    assert_int_equal(amq_bloom_fp_exact(w, 1000, 1, 77), AMQ_OK);
    assert_int_equal(amq_bloom_bit_prob_exact(q, 1000, 1, 77), AMQ_OK);
    assert_true(mpq_equal(q, w));
    /* edges: kn = 0 -> 0, m = 1 -> 1, m = 0 -> error, huge -> error */
    assert_int_equal(amq_bloom_bit_prob_exact(q, 10, 0, 5), AMQ_OK);
    assert_int_equal(mpq_sgn(q), 0);
    assert_int_equal(amq_bloom_bit_prob_exact(q, 10, 3, 0), AMQ_OK);
    assert_int_equal(mpq_sgn(q), 0);
    assert_int_equal(amq_bloom_bit_prob_exact(q, 1, 3, 2), AMQ_OK);
    assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
    assert_int_equal(amq_bloom_bit_prob_exact(q, 0, 3, 2), AMQ_E_INVALID_M);
    assert_int_equal(amq_bloom_bit_prob_exact(q, UINT64_MAX, UINT64_MAX, 3), AMQ_E_TOO_LARGE);
    mpq_clears(q, w, NULL);
}

/* ---------- enclosure ---------- */

static void test_enclose_contains_exact(void **state)
{
    (void)state;
    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    int cases = 0;
    /* small grid, both methods (k <= 2m: Stirling weights; k > 2m: covering form) */
    for (uint64_t m = 1; m <= 9; m++)
        for (uint64_t k = 0; k <= 22; k++)
            for (uint64_t n = 0; n <= 6; n++) {
                assert_int_equal(amq_bloom_fp_exact(q, m, k, n), AMQ_OK);
                for (mpfr_prec_t p = 24; p <= 384; p *= 2) {
                    mpfr_set_prec(lo, p);
                    mpfr_set_prec(hi, p);
                    assert_int_equal(amq_bloom_fp_enclose(lo, hi, p, m, k, n), AMQ_OK);
                    if (!encloses(lo, hi, q))
                        print_error("m=%llu k=%llu n=%llu prec=%ld\n", (unsigned long long)m,
                                    (unsigned long long)k, (unsigned long long)n, (long)p);
                    assert_true(encloses(lo, hi, q));
                    cases++;
                }
            }
    static const uint64_t more[][3] = {{1000, 7, 300}, {1 << 20, 3, 10000}, {12345, 10, 999},
                                       {100, 250, 1},  {30, 200, 3},        {64, 128, 2},
                                       {999, 20, 50},  {5, 5000, 1}};
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
        assert_int_equal(amq_bloom_fp_exact(q, more[i][0], more[i][1], more[i][2]), AMQ_OK);
        for (mpfr_prec_t p = 53; p <= 1024; p *= 2) {
            mpfr_set_prec(lo, p);
            mpfr_set_prec(hi, p);
            assert_int_equal(amq_bloom_fp_enclose(lo, hi, p, more[i][0], more[i][1], more[i][2]), AMQ_OK);
            assert_true(encloses(lo, hi, q));
            cases++;
        }
    }
    assert_true(cases > 5000);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(q);
}

/* relative width (hi - lo) / q */
static double rel_width(const mpfr_t lo, const mpfr_t hi, const mpq_t q)
{
    mpfr_t w;
    mpfr_init2(w, 64);
    mpfr_sub(w, hi, lo, MPFR_RNDU);
    mpfr_div_q(w, w, q, MPFR_RNDU);
    double r = mpfr_get_d(w, MPFR_RNDU);
    mpfr_clear(w);
    return r;
}

static void test_enclose_tight(void **state)
{
    (void)state;
    static const uint64_t cases[][3] = {{10, 3, 5},     {1000, 7, 300}, {64, 4, 16}, {3, 10, 3},
                                        {1 << 20, 3, 10000}, {2, 2, 1},  {100, 250, 1}};
    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(amq_bloom_fp_exact(q, cases[i][0], cases[i][1], cases[i][2]), AMQ_OK);
        assert_int_equal(amq_bloom_fp_enclose(lo, hi, 128, cases[i][0], cases[i][1], cases[i][2]), AMQ_OK);
        assert_true(encloses(lo, hi, q));
        double w = rel_width(lo, hi, q);
        if (!(w < 0x1p-90))
            print_error("case %zu: relative width %g\n", i, w);
        assert_true(w < 0x1p-90);
    }
    /* amq_bloom_fp_enclose_rel reaches the requested relative width */
    assert_int_equal(amq_bloom_fp_enclose_rel(lo, hi, 100, 1000, 20, 30), AMQ_OK);
    assert_int_equal(amq_bloom_fp_exact(q, 1000, 20, 30), AMQ_OK);
    assert_true(encloses(lo, hi, q));
    assert_true(rel_width(lo, hi, q) <= 0x1p-99);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(q);
}

static double rel_diff(double a, double b) { return fabs(a - b) / fabs(b); }

static void test_enclose_large_parameters(void **state)
{
    (void)state;
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    /* m = 2^40, k = 20, n = 2^34 */
    uint64_t m = UINT64_C(1) << 40, k = 20, n = UINT64_C(1) << 34;
    assert_int_equal(amq_bloom_fp_enclose(lo, hi, 128, m, k, n), AMQ_OK);
    assert_true(mpfr_lessequal_p(lo, hi));
    assert_true(mpfr_sgn(lo) > 0);
    double mid = 0.5 * (mpfr_get_d(lo, MPFR_RNDN) + mpfr_get_d(hi, MPFR_RNDN));
    assert_true(rel_diff(amq_bloom_fp_approx_exp(m, k, n), mid) < 1e-6);
    assert_true(rel_diff(amq_bloom_fp_approx_classic(m, k, n), mid) < 1e-6);
    /* 53 correct bits */
    assert_int_equal(amq_bloom_fp_enclose_rel(lo, hi, 53, m, k, n), AMQ_OK);
    mpfr_t w;
    mpfr_init2(w, 64);
    mpfr_sub(w, hi, lo, MPFR_RNDU);
    mpfr_div(w, w, lo, MPFR_RNDU);
    assert_true(mpfr_cmp_d(w, 0x1p-53) <= 0);
    /* kn > 2^64: m = 2^64 - 1, k = 20, n = 2^60 (kn/m about 1.25) */
    m = UINT64_MAX;
    n = UINT64_C(1) << 60;
    assert_int_equal(amq_bloom_fp_enclose(lo, hi, 128, m, k, n), AMQ_OK);
    assert_true(mpfr_lessequal_p(lo, hi) && mpfr_sgn(lo) > 0);
    mid = 0.5 * (mpfr_get_d(lo, MPFR_RNDN) + mpfr_get_d(hi, MPFR_RNDN));
    assert_true(rel_diff(amq_bloom_fp_approx_exp(m, k, n), mid) < 1e-6);
    /* huge k with small m (k > 2m method): every bit gets set, FP just below 1 */
    assert_int_equal(amq_bloom_fp_enclose(lo, hi, 128, 50, UINT64_C(1) << 63, UINT64_C(1) << 63), AMQ_OK);
    assert_true(mpfr_lessequal_p(lo, hi) && mpfr_cmp_ui(hi, 1) <= 0 && mpfr_cmp_d(lo, 1 - 1e-12) > 0);
    /* m = 1: 1 for any k */
    assert_int_equal(amq_bloom_fp_enclose(lo, hi, 128, 1, UINT64_MAX, 1), AMQ_OK);
    assert_true(mpfr_cmp_ui(lo, 1) == 0 && mpfr_cmp_ui(hi, 1) == 0);
    mpfr_clear(w);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

/* ---------- decimals ---------- */

static void test_decimal_strings(void **state)
{
    (void)state;
    frac_decimal_is(5, 8, 17, "6.2500000000000000e-01");
    frac_decimal_is(5, 8, 3, "6.25e-01");
    frac_decimal_is(5, 8, 2, "6.2e-01"); /* tie -> even */
    frac_decimal_is(5, 8, 1, "6e-01");   /* 0.625 is no tie at one digit */
    frac_decimal_is(3, 8, 2, "3.8e-01"); /* tie -> even */
    frac_decimal_is(1, 8, 2, "1.2e-01"); /* tie -> even */
    frac_decimal_is(1, 2, 1, "5e-01");
    frac_decimal_is(0, 1, 17, "0");
    frac_decimal_is(1, 1, 17, "1");
    frac_decimal_is(99999, 100000, 3, "1.00e+00"); /* carry */
    frac_decimal_is(99999, 100000, 5, "9.9999e-01");
    frac_decimal_is(999999999, 1000000000, 1, "1e+00");
    frac_decimal_is(1, 3, 5, "3.3333e-01");
    frac_decimal_is(2, 3, 5, "6.6667e-01");
    frac_decimal_is(12345, 1, 3, "1.23e+04");
    frac_decimal_is(1, 1000, 1, "1e-03");
    frac_decimal_is(-5, 8, 2, "-6.2e-01");
    frac_decimal_is(1, 1000000, 17, "1.0000000000000000e-06");
    frac_decimal_is(3, 1, 2, "3.0e+00");
    frac_decimal_is(1, 7, 20, "1.4285714285714285714e-01");
    /* three-digit exponents */
    mpq_t q;
    mpq_init(q);
    mpz_ui_pow_ui(mpq_denref(q), 10, 300);
    mpz_set_ui(mpq_numref(q), 7);
    q_decimal_is(q, 2, "7.0e-300");
    /* directed */
    char *s = NULL;
    mpq_set_ui(q, 1, 3);
    assert_int_equal(amq_mpq_decimal_dir(&s, q, 3, AMQ_ROUND_DOWN), AMQ_OK);
    expect_str(s, "3.33e-01");
    free(s);
    assert_int_equal(amq_mpq_decimal_dir(&s, q, 3, AMQ_ROUND_UP), AMQ_OK);
    expect_str(s, "3.34e-01");
    free(s);
    mpq_set_si(q, -1, 3);
    assert_int_equal(amq_mpq_decimal_dir(&s, q, 3, AMQ_ROUND_DOWN), AMQ_OK);
    expect_str(s, "-3.34e-01");
    free(s);
    mpq_set_ui(q, 999, 1000);
    assert_int_equal(amq_mpq_decimal_dir(&s, q, 2, AMQ_ROUND_UP), AMQ_OK);
    expect_str(s, "1.0e+00");
    free(s);
    assert_int_equal(amq_mpq_decimal_dir(&s, q, 2, AMQ_ROUND_DOWN), AMQ_OK);
    expect_str(s, "9.9e-01");
    free(s);
    /* MPFR value, exact binary */
    mpfr_t x;
    mpfr_init2(x, 53);
    mpfr_set_d(x, 0.1, MPFR_RNDN);
    assert_int_equal(amq_mpfr_decimal(&s, x, 20, AMQ_ROUND_NEAREST), AMQ_OK);
    expect_str(s, "1.0000000000000000555e-01");
    free(s);
    mpfr_set_nan(x);
    assert_int_equal(amq_mpfr_decimal(&s, x, 5, AMQ_ROUND_NEAREST), AMQ_E_INVALID_ARG);
    mpfr_clear(x);
    /* bad digits */
    assert_int_equal(amq_mpq_decimal(&s, q, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_mpq_decimal(&s, q, AMQ_DECIMAL_MAX_DIGITS + 1), AMQ_E_INVALID_ARG);
    assert_true(strlen(amq_last_error()) > 0);
    mpq_clear(q);
}

/* Is q exactly a tie for rounding to `digits` digits? (exactly representable with
 * digits+1 digits, last one 5) */
static int is_tie(const mpq_t q, int digits)
{
    char *d = NULL, *u = NULL;
    assert_int_equal(amq_mpq_decimal_dir(&d, q, digits + 1, AMQ_ROUND_DOWN), AMQ_OK);
    assert_int_equal(amq_mpq_decimal_dir(&u, q, digits + 1, AMQ_ROUND_UP), AMQ_OK);
    int tie = strcmp(d, u) == 0 && strchr(d, 'e') && strchr(d, 'e')[-1] == '5';
    free(d);
    free(u);
    return tie;
}

static void test_certified_decimal_matches_exact(void **state)
{
    (void)state;
    static const int digs[] = {1, 3, 17, 30};
    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi;
    mpfr_inits2(200, lo, hi, (mpfr_ptr)0);
    int agreed = 0, ties = 0;
    for (uint64_t m = 1; m <= 10; m++)
        for (uint64_t k = 0; k <= 6; k++)
            for (uint64_t n = 0; n <= 4; n++) {
                assert_int_equal(amq_bloom_fp_exact(q, m, k, n), AMQ_OK);
                amq_bloom_params p = {m, k, n};
                for (size_t i = 0; i < sizeof digs / sizeof digs[0]; i++) {
                    char *want = NULL, *got = NULL, *bd = NULL;
                    assert_int_equal(amq_mpq_decimal(&want, q, digs[i]), AMQ_OK);
                    /* an exact tie makes the certified loop run to its precision cap:
                     * check that on the first tie only (it is slow) */
                    int tie = is_tie(q, digs[i]);
                    amq_status st = AMQ_E_TOO_LARGE;
                    if (!tie || ties < 1)
                        st = amq_certified_decimal(&got, amq_bloom_fp_enclose_cb, &p, digs[i], lo, hi);
                    if (st == AMQ_OK) {
                        expect_str(got, want);
                        assert_true(encloses(lo, hi, q));
                        agreed++;
                    } else { /* only allowed on an exact tie */
                        assert_int_equal(st, AMQ_E_TOO_LARGE);
                        assert_null(got);
                        assert_true(tie);
                        ties++;
                    }
                    /* the Bloom wrapper always answers, and agrees */
                    assert_int_equal(amq_bloom_fp_decimal(&bd, m, k, n, digs[i], lo, hi), AMQ_OK);
                    expect_str(bd, want);
                    assert_true(encloses(lo, hi, q));
                    free(want);
                    free(got);
                    free(bd);
                }
            }
    assert_true(agreed > 1000);
    assert_true(ties >= 1); /* 5/8 at 2 digits is one */
    /* parameters large enough for the certified path of amq_bloom_fp_decimal */
    static const uint64_t more[][3] = {{1000, 7, 300}, {1 << 20, 3, 10000}, {12345, 10, 999}, {100, 250, 1}};
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
        assert_int_equal(amq_bloom_fp_exact(q, more[i][0], more[i][1], more[i][2]), AMQ_OK);
        for (size_t j = 0; j < sizeof digs / sizeof digs[0]; j++) {
            char *want = NULL, *got = NULL;
            assert_int_equal(amq_mpq_decimal(&want, q, digs[j]), AMQ_OK);
            assert_int_equal(amq_bloom_fp_decimal(&got, more[i][0], more[i][1], more[i][2], digs[j], lo, hi),
                             AMQ_OK);
            expect_str(got, want);
            assert_true(encloses(lo, hi, q));
            free(want);
            free(got);
        }
    }
    /* specific Bloom strings */
    char *s = NULL;
    assert_int_equal(amq_bloom_fp_decimal(&s, 2, 2, 1, 17, NULL, NULL), AMQ_OK);
    expect_str(s, "6.2500000000000000e-01");
    free(s);
    assert_int_equal(amq_bloom_fp_decimal(&s, 2, 2, 1, 2, NULL, NULL), AMQ_OK);
    expect_str(s, "6.2e-01"); /* exact tie, resolved to even by the exact rational */
    free(s);
    amq_bloom_params p = {2, 2, 1};
    assert_int_equal(amq_certified_decimal(&s, amq_bloom_fp_enclose_cb, &p, 2, NULL, NULL), AMQ_E_TOO_LARGE);
    assert_null(s);
    /* a value just below 1 rounds up with a carry, but is not printed as the exact "1" */
    assert_int_equal(amq_bloom_fp_decimal(&s, 2, 200, 1, 17, NULL, NULL), AMQ_OK);
    expect_str(s, "1.0000000000000000e+00");
    free(s);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(q);
}

/* ---------- edge cases and errors ---------- */

static void test_edge_cases(void **state)
{
    (void)state;
    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    char *s = NULL;
    /* k = 0 -> 1 ; n = 0 -> 0 ; m = 1 -> 1 */
    static const uint64_t e1[][3] = {{5, 0, 3}, {1, 0, 0}, {UINT64_MAX, 0, UINT64_MAX}, {1, 3, 2},
                                     {1, UINT64_MAX, UINT64_MAX}};
    for (size_t i = 0; i < sizeof e1 / sizeof e1[0]; i++) {
        uint64_t m = e1[i][0], k = e1[i][1], n = e1[i][2];
        assert_int_equal(amq_bloom_fp_exact(q, m, k, n), AMQ_OK);
        assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
        assert_int_equal(amq_bloom_fp_stirling(q, m, k, n), AMQ_OK);
        assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
        assert_int_equal(amq_bloom_fp_enclose(lo, hi, 64, m, k, n), AMQ_OK);
        assert_true(mpfr_cmp_ui(lo, 1) == 0 && mpfr_cmp_ui(hi, 1) == 0);
        assert_int_equal(amq_bloom_fp_decimal(&s, m, k, n, 17, NULL, NULL), AMQ_OK);
        expect_str(s, "1");
        free(s);
        assert_true(amq_bloom_fp_approx_classic(m, k, n) == 1.0);
    }
    static const uint64_t e0[][3] = {{5, 3, 0}, {UINT64_MAX, UINT64_MAX, 0}, {1, 7, 0}};
    for (size_t i = 0; i < sizeof e0 / sizeof e0[0]; i++) {
        uint64_t m = e0[i][0], k = e0[i][1], n = e0[i][2];
        assert_int_equal(amq_bloom_fp_exact(q, m, k, n), AMQ_OK);
        assert_int_equal(mpq_sgn(q), 0);
        assert_int_equal(amq_bloom_fp_stirling(q, m, k, n), AMQ_OK);
        assert_int_equal(mpq_sgn(q), 0);
        assert_int_equal(amq_bloom_fp_enclose(lo, hi, 64, m, k, n), AMQ_OK);
        assert_true(mpfr_zero_p(lo) && mpfr_zero_p(hi));
        assert_int_equal(amq_bloom_fp_decimal(&s, m, k, n, 17, NULL, NULL), AMQ_OK);
        expect_str(s, "0");
        free(s);
        assert_true(amq_bloom_fp_approx_classic(m, k, n) == 0.0);
        assert_true(amq_bloom_fp_approx_exp(m, k, n) == 0.0);
    }
    /* m = 0 */
    assert_int_equal(amq_bloom_fp_exact(q, 0, 3, 4), AMQ_E_INVALID_M);
    assert_non_null(strstr(amq_last_error(), "m = 0"));
    assert_int_equal(amq_bloom_fp_stirling(q, 0, 3, 4), AMQ_E_INVALID_M);
    assert_int_equal(amq_bloom_fp_enclose(lo, hi, 64, 0, 3, 4), AMQ_E_INVALID_M);
    assert_int_equal(amq_bloom_fp_decimal(&s, 0, 3, 4, 17, NULL, NULL), AMQ_E_INVALID_M);
    assert_null(s);
    assert_int_equal(amq_bloom_fp_exact(q, 0, 0, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_bloom_bound_half(q, 0, 1, 1), AMQ_E_INVALID_M);
    assert_true(isnan(amq_bloom_fp_approx_classic(0, 1, 1)));
    assert_true(isnan(amq_bloom_fp_approx_exp(0, 1, 1)));
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(q);
}

static void test_too_large(void **state)
{
    (void)state;
    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    char *s = NULL;
    /* Stirling reference form: k*n beyond the limit */
    assert_int_equal(amq_bloom_fp_stirling(q, 100, 10, 500), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "k*n"));
    assert_int_equal(amq_bloom_fp_stirling(q, 100, UINT64_MAX, UINT64_MAX), AMQ_E_TOO_LARGE);
    assert_int_equal(amq_bloom_fp_stirling(q, 100, 2, UINT64_MAX / 2 + 1), AMQ_E_TOO_LARGE);
    /* exact: denominator too large, min(k,m) too large, work too large */
    assert_int_equal(amq_bloom_fp_exact(q, 1 << 20, 10, 1000000000), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "bits"));
    assert_int_equal(amq_bloom_fp_exact(q, UINT64_MAX, UINT64_MAX, UINT64_MAX), AMQ_E_TOO_LARGE);
    assert_int_equal(amq_bloom_fp_exact(q, 1 << 20, 1001, 1), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "min(k, m)"));
    assert_int_equal(amq_bloom_fp_exact(q, 1 << 20, 500, 100000), AMQ_E_TOO_LARGE);
    /* enclosure: min(k, m) beyond the limit */
    assert_int_equal(amq_bloom_fp_enclose(lo, hi, 64, UINT64_C(1) << 40, 1001, 5), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "1000"));
    assert_int_equal(amq_bloom_fp_enclose(lo, hi, 64, 1001, UINT64_MAX, 5), AMQ_E_TOO_LARGE);
    assert_int_equal(amq_bloom_fp_decimal(&s, 1001, 1001, 5, 17, NULL, NULL), AMQ_E_TOO_LARGE);
    assert_null(s);
    assert_int_equal(amq_bloom_fp_enclose(lo, hi, 0, 10, 2, 5), AMQ_E_INVALID_ARG);
    /* still fine just at the limits */
    assert_int_equal(amq_bloom_fp_enclose(lo, hi, 64, UINT64_MAX, 1000, 1), AMQ_OK);
    assert_true(mpfr_lessequal_p(lo, hi));
    assert_int_equal(amq_bloom_fp_enclose(lo, hi, 64, 1000, UINT64_MAX, 1), AMQ_OK);
    assert_true(mpfr_lessequal_p(lo, hi));
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(q);
}

/* ---------- bounds ---------- */

static void test_bounds(void **state)
{
    (void)state;
    mpq_t fp, b;
    mpq_inits(fp, b, NULL);
    /* naive filter: one hash, k*n bits; FP = 1 - (1 - 1/(kn))^n <= 1/k */
    for (uint64_t k = 1; k <= 12; k++)
        for (uint64_t n = 1; n <= 25; n++) {
            assert_int_equal(amq_bloom_bound_naive(b, k), AMQ_OK);
            assert_int_equal(amq_bloom_fp_exact(fp, k * n, 1, n), AMQ_OK);
            assert_true(mpq_cmp(fp, b) <= 0);
            if (k == 1) /* m = n bits... the bound is 1; equality only when n = 1 */
                assert_true(n > 1 ? mpq_cmp(fp, b) < 0 : mpq_cmp(fp, b) == 0);
        }
    mpq_set_ui(fp, 1, 7);
    assert_int_equal(amq_bloom_bound_naive(b, 7), AMQ_OK);
    assert_true(mpq_equal(fp, b));
    assert_int_equal(amq_bloom_bound_naive(b, 0), AMQ_E_INVALID_ARG);
    /* k hashes, m >= 2kn: FP <= 2^-k */
    int checked = 0;
    for (uint64_t k = 1; k <= 6; k++)
        for (uint64_t n = 1; n <= 6; n++) {
            uint64_t ms[3] = {2 * k * n, 2 * k * n + 1, 3 * k * n};
            for (int i = 0; i < 3; i++) {
                assert_int_equal(amq_bloom_bound_half(b, ms[i], k, n), AMQ_OK);
                mpq_set_ui(fp, 1, 1);
                mpz_mul_2exp(mpq_denref(fp), mpq_denref(fp), (mp_bitcnt_t)k);
                assert_true(mpq_equal(fp, b));
                assert_int_equal(amq_bloom_fp_exact(fp, ms[i], k, n), AMQ_OK);
                assert_true(mpq_cmp(fp, b) <= 0); /* equality at m = 2, k = n = 1 */
                if (k > 1 || n > 1)
                    assert_true(mpq_cmp(fp, b) < 0);
                checked++;
            }
            assert_int_equal(amq_bloom_bound_half(b, 2 * k * n - 1, k, n), AMQ_E_INVALID_ARG);
            assert_non_null(strstr(amq_last_error(), "m >= 2kn"));
        }
    assert_int_equal(checked, 108);
    assert_int_equal(amq_bloom_bound_half(b, UINT64_MAX, UINT64_MAX, UINT64_MAX), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_bloom_bound_half(b, 10, 0, 7), AMQ_OK); /* k = 0: bound 1 = FP */
    assert_int_equal(mpq_cmp_ui(b, 1, 1), 0);
    assert_int_equal(amq_bloom_bound_half(b, 10, UINT64_C(1) << 40, 0), AMQ_E_TOO_LARGE);
    mpq_clears(fp, b, NULL);
}

/* ---------- approximations ---------- */

static void test_approximations(void **state)
{
    (void)state;
    mpq_t q, t;
    mpq_inits(q, t, NULL);
    mpfr_t rlo, rhi, x;
    mpfr_inits2(64, rlo, rhi, x, (mpfr_ptr)0);
    /* classic formula: exactly (1 - (1-1/m)^{kn})^k; checked in exact arithmetic */
    static const uint64_t cs[][3] = {{10, 3, 5}, {1000, 7, 300}, {2, 2, 1}, {64, 4, 16}};
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        one_minus_pow(t, (unsigned long)cs[i][0], (unsigned long)(cs[i][1] * cs[i][2]));
        mpz_pow_ui(mpq_numref(q), mpq_numref(t), (unsigned long)cs[i][1]);
        mpz_pow_ui(mpq_denref(q), mpq_denref(t), (unsigned long)cs[i][1]);
        double c = amq_bloom_fp_approx_classic(cs[i][0], cs[i][1], cs[i][2]);
        assert_true(rel_diff(c, mpq_get_d(q)) < 1e-13);
        /* it underestimates the exact FP (for k >= 2) */
        assert_int_equal(amq_bloom_fp_exact(t, cs[i][0], cs[i][1], cs[i][2]), AMQ_OK);
        assert_true(mpq_cmp(q, t) < 0);
        /* certified relative error contains the true one */
        assert_int_equal(amq_bloom_approx_relerr(rlo, rhi, c, cs[i][0], cs[i][1], cs[i][2]), AMQ_OK);
        mpq_set_d(q, c);
        mpq_sub(q, q, t);
        mpq_abs(q, q);
        mpq_div(q, q, t);
        assert_true(mpfr_cmp_q(rlo, q) <= 0 && mpfr_cmp_q(rhi, q) >= 0);
        assert_true(mpfr_cmp_d(rhi, 0) > 0);
        double e = amq_bloom_fp_approx_exp(cs[i][0], cs[i][1], cs[i][2]);
        assert_int_equal(amq_bloom_approx_relerr(rlo, rhi, e, cs[i][0], cs[i][1], cs[i][2]), AMQ_OK);
        mpq_set_d(q, e);
        mpq_sub(q, q, t);
        mpq_abs(q, q);
        mpq_div(q, q, t);
        assert_true(mpfr_cmp_q(rlo, q) <= 0 && mpfr_cmp_q(rhi, q) >= 0);
    }
    /* 2,2,1: classic = (3/4)^2 = 9/16, exact 5/8 -> relative error exactly 1/10 */
    assert_true(amq_bloom_fp_approx_classic(2, 2, 1) == 0.5625);
    assert_int_equal(amq_bloom_approx_relerr(rlo, rhi, 0.5625, 2, 2, 1), AMQ_OK);
    mpq_set_ui(q, 1, 10);
    assert_true(mpfr_cmp_q(rlo, q) <= 0 && mpfr_cmp_q(rhi, q) >= 0);
    assert_true(mpfr_cmp_d(rhi, 0.1000001) < 0 && mpfr_cmp_d(rlo, 0.0999999) > 0);
    /* exp approximation matches the classic one for large m */
    assert_true(rel_diff(amq_bloom_fp_approx_exp(UINT64_C(1) << 30, 7, 100000000),
                         amq_bloom_fp_approx_classic(UINT64_C(1) << 30, 7, 100000000)) < 1e-7);
    /* edges of the relative error */
    assert_int_equal(amq_bloom_approx_relerr(rlo, rhi, 0.0, 10, 3, 0), AMQ_OK);
    assert_true(mpfr_zero_p(rlo) && mpfr_zero_p(rhi));
    assert_int_equal(amq_bloom_approx_relerr(rlo, rhi, 0.25, 10, 3, 0), AMQ_OK);
    assert_true(mpfr_inf_p(rhi));
    assert_int_equal(amq_bloom_approx_relerr(rlo, rhi, 1.0, 10, 0, 3), AMQ_OK);
    assert_true(mpfr_zero_p(rlo) && mpfr_zero_p(rhi));
    assert_int_equal(amq_bloom_approx_relerr(rlo, rhi, NAN, 10, 2, 3), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_bloom_approx_relerr(rlo, rhi, 0.5, 0, 2, 3), AMQ_E_INVALID_M);
    /* generic relative error: approx 3 vs v in [2, 4]: |3-v|/v in [0, 1/2] */
    mpfr_t a, l, h;
    mpfr_inits2(64, a, l, h, (mpfr_ptr)0);
    mpfr_set_ui(a, 3, MPFR_RNDN);
    mpfr_set_ui(l, 2, MPFR_RNDN);
    mpfr_set_ui(h, 4, MPFR_RNDN);
    assert_int_equal(amq_relerr_enclose(rlo, rhi, a, l, h), AMQ_OK);
    assert_true(mpfr_zero_p(rlo) && mpfr_cmp_d(rhi, 0.5) == 0);
    mpfr_set_ui(a, 5, MPFR_RNDN); /* |5-v|/v in [1/4, 3/2] */
    assert_int_equal(amq_relerr_enclose(rlo, rhi, a, l, h), AMQ_OK);
    assert_true(mpfr_cmp_d(rlo, 0.25) == 0 && mpfr_cmp_d(rhi, 1.5) == 0);
    mpfr_set_zero(l, 1);
    assert_int_equal(amq_relerr_enclose(rlo, rhi, a, l, h), AMQ_E_INVALID_ARG);
    mpfr_clears(a, l, h, (mpfr_ptr)0);
    (void)x;
    mpfr_clears(rlo, rhi, x, (mpfr_ptr)0);
    mpq_clears(q, t, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_values),
        cmocka_unit_test(test_exact_vs_brute_force),
        cmocka_unit_test(test_stirling_equals_exact_grid),
        cmocka_unit_test(test_bit_prob),
        cmocka_unit_test(test_enclose_contains_exact),
        cmocka_unit_test(test_enclose_tight),
        cmocka_unit_test(test_enclose_large_parameters),
        cmocka_unit_test(test_decimal_strings),
        cmocka_unit_test(test_certified_decimal_matches_exact),
        cmocka_unit_test(test_edge_cases),
        cmocka_unit_test(test_too_large),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_approximations),
    };
    return cmocka_run_group_tests_name("spec_bloom", tests, NULL, NULL);
}
