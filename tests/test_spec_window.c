/* Sliding-window Bloom rate (amq/spec_window.h) against the REAL kernel: exhaustive
 * enumeration (amq_check_enum_fp over amq_ops_window: every index vector of the N keys
 * and of the query, inserted in order, so rotations happen inside) equals the exact rational
 * on a grid of tiny parameters, and differs for the planted bugs; Monte Carlo with fresh
 * rings (random oracle and real XXH3 hashing) passes the exact binomial test at alpha 1e-6
 * at realistic sizes, and fails for a planted bug. Hand values (shared index vector vs
 * independent generations), identities with the Bloom rate, enclosures and decimals, the
 * rate as a function of N (periodic in steady state), edge cases and errors. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <amq/check.h>
#include <amq/spec_bloom.h>
#include <amq/spec_window.h>
#include <amq/stats.h>
#include <lib_internal/window_check.h>
#include "support/broken_window.h"
#include "support/test_scale.h"
#include <lib_internal/fail.h>

static double now_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* Outcomes per enumeration point at most. */
#define POINT_LIMIT (UINT64_C(1) << 21)

typedef struct tally {
    unsigned long points, mismatches, errors;
    unsigned long turned; /* points with N >= g c: the ring has cleared keys */
    uint64_t outcomes;
} tally;

/* Enumerate the kernel `ops` (NULL = real) at one point; 1 if it equals the exact rate. */
static int enum_point(tally *t, uint64_t m, uint64_t k, uint64_t W, uint64_t g, uint64_t N,
                      const amq_window_ops *ops, int report)
{
    amq_window_desc d;
    amq_ops kn;
    mpq_t e, a;
    mpq_inits(e, a, (mpq_ptr)0);
    int equal = 0;
    if (amq_window_geom_make(&d.geo, m, k, W, g) != AMQ_OK || (d.ops = ops, amq_ops_window(&kn, &d)) != AMQ_OK ||
        amq_check_enum_fp(e, &kn, N, NULL, NULL) != AMQ_OK || amq_window_fp_exact(a, m, k, W, g, N) != AMQ_OK) {
        if (t->errors++ < 5)
            print_message("error at m=%llu k=%llu W=%llu g=%llu N=%llu: %s\n", ULL(m), ULL(k), ULL(W), ULL(g),
                          ULL(N), amq_last_error());
    } else {
        uint64_t outcomes = 0;
        assert_int_equal(amq_check_enum_size(m, k, N + 1, &outcomes), AMQ_OK);
        t->points++;
        t->outcomes += outcomes;
        t->turned += N >= g * d.geo.cap;
        equal = mpq_equal(e, a);
        if (!equal && report && t->mismatches < 5)
            gmp_printf("m=%llu k=%llu W=%llu g=%llu N=%llu: enumeration %Qd, exact %Qd\n", ULL(m), ULL(k), ULL(W),
                       ULL(g), ULL(N), e, a);
        t->mismatches += !equal;
    }
    mpq_clears(e, a, (mpq_ptr)0);
    return equal;
}

/* Every (m, k, W, g, N) of the ranges with at most POINT_LIMIT outcomes. */
static void grid(tally *t, uint64_t mmax, uint64_t kmax, uint64_t Wmax, uint64_t gmax, uint64_t Nmax,
                 const amq_window_ops *ops, int report)
{
    for (uint64_t m = 1; m <= mmax; m++)
        for (uint64_t k = 1; k <= kmax; k++)
            for (uint64_t g = 2; g <= gmax; g++)
                for (uint64_t W = 1; W <= Wmax; W++)
                    for (uint64_t N = 0; N <= Nmax; N++) {
                        uint64_t outcomes;
                        if (amq_check_enum_size(m, k, N + 1, &outcomes) != AMQ_OK || outcomes > POINT_LIMIT)
                            break;
                        enum_point(t, m, k, W, g, N, ops, report);
                    }
}

static void enum_equals_exact(void **state)
{
    (void)state;
    tally t = {0, 0, 0, 0, 0};
    const double t0 = now_s();
    grid(&t, 4, 3, 5, 4, 9, NULL, 1);
    print_message("window: %lu points, %llu outcomes of the real kernel, %.2f s CPU\n", t.points, ULL(t.outcomes),
                  now_s() - t0);
    assert_int_equal(t.errors, 0);
    assert_int_equal(t.mismatches, 0);
    assert_true(t.points >= 500);
    /* the grid reaches forgetting: at many points the ring has already cleared keys */
    print_message("window: %lu points after a full turn of the ring (N >= g c)\n", t.turned);
    assert_true(t.turned >= 100);
}

/* The planted bugs change the rate on the grid: the enumeration of each differs from the
 * exact rational at some points (where it forgets keys the real kernel still holds). */
static void enum_catches_planted_bugs(void **state)
{
    (void)state;
    const amq_window_ops *bugs[] = {&broken_window_wraps_early_ops, &broken_window_rotates_early_ops};
    for (size_t i = 0; i < 2; i++) {
        tally t = {0, 0, 0, 0, 0};
        grid(&t, 3, 2, 4, 3, 7, bugs[i], 0);
        print_message("%s: %lu of %lu points differ from the exact rate\n", bugs[i]->name, t.mismatches, t.points);
        assert_int_equal(t.errors, 0);
        assert_true(t.mismatches > 0);
    }
}

/* ---------- hand values and identities ---------- */

static void hand_values(void **state)
{
    (void)state;
    mpq_t q, e;
    mpq_inits(q, e, (mpq_ptr)0);
    /* m = 2, k = 2, W = 2, g = 3: cap 1, after N = 2 the loads are (0, 1, 1). Shared vector:
     * d = 1 (prob 1/2): P_1(1) = 3/4, U = 1 - (1/4)^2 = 15/16; d = 2 (1/2): P_2(1) = 1/2,
     * U = 3/4; FP = 15/32 + 12/32 = 27/32. (Independent vectors per generation would give
     * 1 - (1 - 5/8)^2 = 55/64.) */
    assert_int_equal(amq_window_fp_exact(q, 2, 2, 2, 3, 2), AMQ_OK);
    mpq_set_ui(e, 27, 32);
    assert_true(mpq_equal(q, e));
    tally t = {0, 0, 0, 0, 0};
    assert_true(enum_point(&t, 2, 2, 2, 3, 2, NULL, 1));
    /* m = 2, k = 1, W = 1, g = 2, N = 1: loads (0, 1): 1/2 */
    assert_int_equal(amq_window_fp_exact(q, 2, 1, 1, 2, 1), AMQ_OK);
    mpq_set_ui(e, 1, 2);
    assert_true(mpq_equal(q, e));
    /* the same with k = 2: the Bloom rate of one key, 5/8 */
    assert_int_equal(amq_window_fp_exact(q, 2, 2, 1, 2, 5), AMQ_OK);
    mpq_set_ui(e, 5, 8);
    assert_true(mpq_equal(q, e));
    mpq_clears(q, e, (mpq_ptr)0);
}

/* One generation: the Bloom rate (Ceramist Theorem 4); k = 1: the Bloom rate of all held
 * keys together (a single index per key: generations add up); loads in any order. */
static void bloom_identities(void **state)
{
    (void)state;
    mpq_t q, e;
    mpq_inits(q, e, (mpq_ptr)0);
    for (uint64_t m = 1; m <= 40; m += 3)
        for (uint64_t k = 1; k <= 6; k++)
            for (uint64_t n = 0; n <= 30; n += 7) {
                const uint64_t one[1] = {n};
                assert_int_equal(amq_window_fp_exact_loads(q, m, k, one, 1), AMQ_OK);
                assert_int_equal(amq_bloom_fp_exact(e, m, k, n), AMQ_OK);
                assert_true(mpq_equal(q, e));
            }
    const uint64_t loads[5] = {3, 0, 11, 3, 7}, perm[5] = {7, 3, 3, 0, 11};
    assert_int_equal(amq_window_fp_exact_loads(q, 97, 1, loads, 5), AMQ_OK);
    assert_int_equal(amq_bloom_fp_exact(e, 97, 1, 24), AMQ_OK);
    assert_true(mpq_equal(q, e));
    assert_int_equal(amq_window_fp_exact_loads(q, 97, 4, loads, 5), AMQ_OK);
    assert_int_equal(amq_window_fp_exact_loads(e, 97, 4, perm, 5), AMQ_OK);
    assert_true(mpq_equal(q, e));
    /* with k >= 2 generations do not add up: below the Bloom rate of the 24 keys together */
    assert_int_equal(amq_bloom_fp_exact(e, 97, 4, 24), AMQ_OK);
    assert_true(mpq_cmp(q, e) < 0);
    mpq_clears(q, e, (mpq_ptr)0);
}

/* ---------- the rate as a function of N ---------- */

static void rate_over_insertions(void **state)
{
    (void)state;
    const uint64_t m = 256, k = 3, W = 20, g = 5; /* cap 5 */
    uint64_t c = 0, loads[5], held;
    assert_int_equal(amq_window_capacity(&c, W, g), AMQ_OK);
    assert_int_equal(c, 5);
    mpq_t f[60], lo, hi;
    mpq_inits(lo, hi, (mpq_ptr)0);
    for (uint64_t N = 0; N < 60; N++) {
        mpq_init(f[N]);
        assert_int_equal(amq_window_fp_exact(f[N], m, k, W, g, N), AMQ_OK);
        assert_int_equal(amq_window_loads(loads, W, g, N), AMQ_OK);
        assert_int_equal(amq_window_held(&held, W, g, N), AMQ_OK);
        uint64_t sum = 0;
        for (int i = 0; i < 5; i++)
            sum += loads[i];
        assert_int_equal(sum, held);
        assert_int_equal(loads[0], N % c);
        assert_true(held >= (N < W ? N : W)); /* the window is always held */
        /* the rate of the loads is the rate of N */
        mpq_t q;
        mpq_init(q);
        assert_int_equal(amq_window_fp_exact_loads(q, m, k, loads, 5), AMQ_OK);
        assert_true(mpq_equal(q, f[N]));
        mpq_clear(q);
    }
    /* nondecreasing until the first clearing (N = g c), periodic with period c from (g-1) c */
    for (uint64_t N = 1; N < g * c; N++)
        assert_true(mpq_cmp(f[N - 1], f[N]) <= 0);
    assert_true(mpq_cmp(f[g * c], f[g * c - 1]) < 0);
    for (uint64_t N = (g - 1) * c; N + c < 60; N++)
        assert_true(mpq_equal(f[N], f[N + c]));
    assert_int_equal(amq_window_fp_steady_range(lo, hi, m, k, W, g), AMQ_OK);
    assert_true(mpq_equal(lo, f[(g - 1) * c]));
    assert_true(mpq_equal(hi, f[g * c - 1]));
    for (uint64_t N = (g - 1) * c; N < 60; N++)
        assert_true(mpq_cmp(lo, f[N]) <= 0 && mpq_cmp(f[N], hi) <= 0);
    for (uint64_t N = 0; N < 60; N++)
        mpq_clear(f[N]);
    mpq_clears(lo, hi, (mpq_ptr)0);
}

/* ---------- enclosures and decimals ---------- */

static void enclosures_contain_exact(void **state)
{
    (void)state;
    const uint64_t cases[][5] = {/* m, k, W, g, N */
                                 {1024, 4, 300, 4, 350},  {1024, 4, 300, 4, 1000}, {4096, 7, 500, 2, 777},
                                 {64, 64, 30, 3, 45},     {10, 30, 8, 4, 20},      {3, 5, 4, 3, 9},
                                 {1 << 16, 10, 900, 10, 5000}};
    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi;
    mpfr_inits2(200, lo, hi, (mpfr_ptr)0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const uint64_t *c = cases[i];
        assert_int_equal(amq_window_fp_exact(q, c[0], c[1], c[2], c[3], c[4]), AMQ_OK);
        for (mpfr_prec_t p = 64; p <= 512; p *= 2) {
            assert_int_equal(amq_window_fp_enclose(lo, hi, p, c[0], c[1], c[2], c[3], c[4]), AMQ_OK);
            assert_true(mpfr_cmp_q(lo, q) <= 0 && mpfr_cmp_q(hi, q) >= 0);
        }
        /* at 512 bits the enclosure is tight to 2^-100 relative */
        mpfr_t w;
        mpfr_init2(w, 200);
        mpfr_sub(w, hi, lo, MPFR_RNDU);
        mpfr_div(w, w, lo, MPFR_RNDU);
        assert_true(mpfr_cmp_d(w, 0x1p-100) < 0);
        mpfr_clear(w);
        /* the decimal equals the decimal of the exact rational */
        char *a = NULL, *b = NULL;
        assert_int_equal(amq_window_fp_decimal(&a, c[0], c[1], c[2], c[3], c[4], 17, NULL, NULL), AMQ_OK);
        assert_int_equal(amq_mpq_decimal(&b, q, 17), AMQ_OK);
        assert_string_equal(a, b);
        free(a);
        free(b);
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(q);
}

/* Real sizes beyond the exact form: the enclosure and the certified decimal. */
static void large_parameters(void **state)
{
    (void)state;
    mpq_t q;
    mpq_init(q);
    /* 2^20 bits, k = 7, window 10^6 over 8 generations, N = 10^12 */
    assert_int_equal(amq_window_fp_exact(q, 1 << 20, 7, 1000000, 8, UINT64_C(1000000000000)), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "enclosure"));
    char *s = NULL;
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    assert_int_equal(amq_window_fp_decimal(&s, 1 << 20, 7, 1000000, 8, UINT64_C(1000000000000), 10, lo, hi), AMQ_OK);
    print_message("m = 2^20, k = 7, W = 10^6, g = 8, N = 10^12: FP = %s\n", s);
    assert_true(mpfr_sgn(lo) > 0 && mpfr_cmp(lo, hi) <= 0 && mpfr_cmp_d(hi, 1.0) < 0);
    free(s);
    /* the same in steady state at the next phase of the period is the same number */
    char *s2 = NULL;
    uint64_t c = 0;
    assert_int_equal(amq_window_capacity(&c, 1000000, 8), AMQ_OK);
    assert_int_equal(amq_window_fp_decimal(&s, 1 << 20, 7, 1000000, 8, UINT64_C(1000000000000), 12, NULL, NULL),
                     AMQ_OK);
    assert_int_equal(
        amq_window_fp_decimal(&s2, 1 << 20, 7, 1000000, 8, UINT64_C(1000000000000) + 5 * c, 12, NULL, NULL),
        AMQ_OK);
    assert_string_equal(s, s2);
    free(s);
    free(s2);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(q);
}

/* ---------- edge cases and errors ---------- */

static void edge_cases(void **state)
{
    (void)state;
    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    /* N = 0: nothing held -> 0; k = 0 -> 1 (even at N = 0); m = 1 with a key -> 1 */
    assert_int_equal(amq_window_fp_exact(q, 100, 3, 10, 3, 0), AMQ_OK);
    assert_int_equal(mpq_sgn(q), 0);
    assert_int_equal(amq_window_fp_exact(q, 100, 0, 10, 3, 0), AMQ_OK);
    assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
    assert_int_equal(amq_window_fp_exact(q, 1, 3, 10, 3, 1), AMQ_OK);
    assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
    assert_int_equal(amq_window_fp_enclose(lo, hi, 64, 1, 3, 10, 3, UINT64_MAX), AMQ_OK);
    assert_true(mpfr_cmp_ui(lo, 1) == 0 && mpfr_cmp_ui(hi, 1) == 0);
    assert_int_equal(amq_window_fp_enclose(lo, hi, 64, 100, 3, 10, 3, 0), AMQ_OK);
    assert_true(mpfr_zero_p(lo) && mpfr_zero_p(hi));
    /* g = 2, W = 1: the ring holds the last key only: the Bloom rate of one key */
    mpq_t b;
    mpq_init(b);
    assert_int_equal(amq_bloom_fp_exact(b, 50, 4, 1), AMQ_OK);
    for (uint64_t N = 1; N < 6; N++) {
        assert_int_equal(amq_window_fp_exact(q, 50, 4, 1, 2, N), AMQ_OK);
        assert_true(mpq_equal(q, b));
    }
    /* all loads 0 -> 0, whatever g */
    const uint64_t zeros[3] = {0, 0, 0};
    assert_int_equal(amq_window_fp_exact_loads(q, 9, 2, zeros, 3), AMQ_OK);
    assert_int_equal(mpq_sgn(q), 0);
    char *s = NULL;
    assert_int_equal(amq_window_fp_decimal(&s, 100, 3, 10, 3, 0, 5, NULL, NULL), AMQ_OK);
    assert_string_equal(s, "0");
    free(s);
    assert_int_equal(amq_window_fp_decimal(&s, 100, 0, 10, 3, 0, 5, NULL, NULL), AMQ_OK);
    assert_string_equal(s, "1");
    free(s);
    /* errors: a clear message, a status, nothing changed */
    mpq_set_ui(q, 3, 7);
    assert_int_equal(amq_window_fp_exact(q, 0, 3, 10, 3, 5), AMQ_E_INVALID_M);
    assert_non_null(strstr(amq_last_error(), "m = 0"));
    assert_int_equal(amq_window_fp_exact(q, 10, 3, 0, 3, 5), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "W = 0"));
    assert_int_equal(amq_window_fp_exact(q, 10, 3, 4, 1, 5), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "g = 1"));
    assert_int_equal(amq_window_fp_exact(q, 10, 1025, 4, 3, 5), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "k = 1025"));
    assert_int_equal(amq_window_fp_exact_loads(q, 10, 3, NULL, 3), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_window_fp_exact_loads(q, 10, 3, zeros, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(mpq_cmp_ui(q, 3, 7), 0);
    assert_int_equal(amq_window_fp_enclose(lo, hi, 0, 10, 3, 4, 3, 5), AMQ_E_INVALID_ARG);
    uint64_t c = 99, loads[2] = {7, 7};
    assert_int_equal(amq_window_capacity(&c, 5, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_window_loads(loads, 0, 2, 5), AMQ_E_INVALID_ARG);
    assert_true(c == 99 && loads[0] == 7 && loads[1] == 7);
    assert_int_equal(amq_window_fp_decimal(NULL, 10, 3, 4, 3, 5, 5, NULL, NULL), AMQ_E_INVALID_ARG);
    /* held keys for huge N and g: (g - 1) c overflows 64 bits, N is held */
    uint64_t held = 0;
    assert_int_equal(amq_window_held(&held, UINT64_MAX, UINT64_MAX, UINT64_MAX - 1), AMQ_OK);
    assert_true(held == UINT64_MAX - 1);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clears(q, b, (mpq_ptr)0);
}

/* ---------- Monte Carlo ---------- */

/* Trials per run: 40000, a quarter of it in the ASan pass (AMQ_TEST_SCALE), never under
 * 10000. The planted bug below measured 1915 positives for 3448 expected at 40000
 * (p = 1.7e-192); at 10000 the same deficit is still about 13 standard deviations. */
static uint64_t mc_trials(void) { return amq_test_scaled(40000, 10000); }

/* One MC run of the kernel `ops` against the exact rate; returns the verdict. */
static int mc_run(uint64_t m, uint64_t k, uint64_t W, uint64_t g, uint64_t N, int hash, uint64_t trials,
                  uint64_t seed, const amq_window_ops *ops, double *rate_out)
{
    amq_window_desc d;
    assert_int_equal(amq_window_geom_make(&d.geo, m, k, W, g), AMQ_OK);
    d.ops = ops;
    amq_ops kn;
    assert_int_equal(amq_ops_window(&kn, &d), AMQ_OK);
    double p = 0;
    assert_int_equal(amq_check_window_rate(&p, &d.geo, N), AMQ_OK);
    amq_mc_config cfg = {.n = N, .trials = trials, .seed = seed, .hash = hash};
    amq_check_report rep;
    const double t0 = now_s();
    assert_int_equal(amq_check_ops_mc(&rep, &kn, &cfg, AMQ_CHECK_ALPHA_DEFAULT, p), AMQ_OK);
    print_message("%s m=%llu k=%llu W=%llu g=%llu N=%llu %s: %llu/%llu positives, rate %.6g, CI [%.6g, %.6g], "
                  "p-value %.3g: %s (%.1f s)\n",
                  kn.name, ULL(m), ULL(k), ULL(W), ULL(g), ULL(N), amq_check_hash_name(hash),
                  ULL(rep.test.positives), ULL(trials), p, rep.test.ci_lower, rep.test.ci_upper, rep.test.p_value,
                  rep.test.pass ? "pass" : "FAIL", now_s() - t0);
    if (rate_out)
        *rate_out = p;
    return rep.test.pass;
}

static void monte_carlo_agrees(void **state)
{
    (void)state;
    const struct {
        uint64_t m, k, W, g, N;
        int hash;
    } cases[] = {
        {1024, 4, 300, 4, 350, AMQ_CHECK_RANDOM_ORACLE},  /* steady state, mid-period */
        {1024, 4, 300, 4, 399, AMQ_CHECK_RANDOM_ORACLE},  /* end of the period: the largest rate */
        {2048, 6, 400, 2, 1000, AMQ_CHECK_RANDOM_ORACLE}, /* g = 2 */
        {1024, 4, 300, 4, 350, AMQ_HASH_INDEPENDENT},     /* real hashing, one XXH3 per index */
        {1024, 4, 300, 4, 350, AMQ_HASH_ENHANCED},        /* the library default */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_true(mc_run(cases[i].m, cases[i].k, cases[i].W, cases[i].g, cases[i].N, cases[i].hash, mc_trials(),
                           500 + i, NULL, NULL));
}

/* The planted bug (a window one generation short) lowers the rate: the test rejects it. */
static void monte_carlo_catches_planted_bug(void **state)
{
    (void)state;
    double p = 0;
    assert_false(mc_run(1024, 4, 300, 3, 400, AMQ_CHECK_RANDOM_ORACLE, mc_trials(), 77, &broken_window_wraps_early_ops,
                        &p));
    assert_true(p > 0.01); /* a rate the trials resolve */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(enum_equals_exact),
        cmocka_unit_test(enum_catches_planted_bugs),
        cmocka_unit_test(hand_values),
        cmocka_unit_test(bloom_identities),
        cmocka_unit_test(rate_over_insertions),
        cmocka_unit_test(enclosures_contain_exact),
        cmocka_unit_test(large_parameters),
        cmocka_unit_test(edge_cases),
        cmocka_unit_test(monte_carlo_agrees),
        cmocka_unit_test(monte_carlo_catches_planted_bug),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
