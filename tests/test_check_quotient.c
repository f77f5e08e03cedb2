/* Cross-checks of the quotient filter kernel against its exact rate 1 - (1 - 2^-p)^n
 * (amq/spec_quotient.h, Ceramist Theorem 9): exhaustive enumeration of the real kernel
 * over every fingerprint outcome must give the spec's rational exactly (also after
 * removals: the rate for n - r keys); Monte Carlo of the real kernel with real XXH3
 * fingerprints, and of the key-level filter itself, must pass the binomial test; both
 * checks must flag planted bugs (support/broken_quotient.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <amq/check.h>
#include <amq/hash.h>
#include <amq/quotient.h>
#include <lib_internal/quotient_check.h>
#include <amq/spec_quotient.h>
#include "support/broken_quotient.h"
#include "support/test_scale.h"

static double now_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* ---------------- 1. exhaustive enumeration ----------------
 * Grid: q, r in [1, 3], n in [0, 3] (36 points), default slack (2^q here, >= n - 1, so
 * no insert can fail: a cluster from the last home slot needs n - 1 slots after it).
 * Outcomes (2^p)^(n+1), p = q + r: 19,427,732 in all (sum over the grid). */
#define GRID_POINTS 36ul
#define GRID_OUTCOMES UINT64_C(19427732)

static uint64_t outcomes_of(uint64_t p, uint64_t n) { return UINT64_C(1) << (p * (n + 1)); }

static void enum_grid_equals_spec(void **state)
{
    (void)state;
    mpq_t e, a;
    mpq_inits(e, a, (mpq_ptr)0);
    unsigned long points = 0, equal = 0;
    uint64_t outcomes = 0;
    double t0 = now_s();
    for (uint64_t q = 1; q <= 3; q++)
        for (uint64_t r = 1; r <= 3; r++)
            for (uint64_t n = 0; n <= 3; n++) {
                amq_quotient_geom g = {.q = q, .r = r, .slack = amq_quotient_kernel_default_slack(q)};
                assert_true(g.slack + 1 >= n);
                assert_int_equal(amq_check_quotient_enum_fp(e, &g, n, 0), AMQ_OK);
                assert_int_equal(g.failed, 0);
                assert_int_equal(amq_quotient_fp_exact(a, q + r, n), AMQ_OK);
                points++;
                outcomes += outcomes_of(q + r, n);
                if (mpq_equal(e, a))
                    equal++;
                else
                    gmp_printf("q=%llu r=%llu n=%llu: enumeration %Qd, exact %Qd\n", (unsigned long long)q,
                               (unsigned long long)r, (unsigned long long)n, e, a);
                if (q == 3 && r == 3 && n == 3)
                    gmp_printf("q=3 r=3 n=3: %Qd over 2^24 outcomes\n", e);
            }
    print_message("enumeration: %lu points, %lu equal to 1-(1-2^-p)^n, %llu outcomes, %.2f s CPU\n", points,
                  equal, (unsigned long long)outcomes, now_s() - t0);
    assert_int_equal(points, GRID_POINTS);
    assert_int_equal(equal, GRID_POINTS);
    assert_true(outcomes == GRID_OUTCOMES);
    mpq_clears(e, a, (mpq_ptr)0);
}

/* Removals: add n, delete the first r (1 <= r <= n) again: the rate for n - r keys,
 * because delete removes one copy of exactly that fingerprint (51 points: all with
 * (2^p)^(n+1) <= 2^20). */
static void enum_removals_equal_spec(void **state)
{
    (void)state;
    mpq_t e, a;
    mpq_inits(e, a, (mpq_ptr)0);
    unsigned long points = 0;
    for (uint64_t q = 1; q <= 3; q++)
        for (uint64_t r = 1; r <= 3; r++)
            for (uint64_t n = 1; n <= 3; n++)
                for (uint64_t k = 1; k <= n; k++) {
                    if (q + r > 5 && n == 3) /* keep it short: (2^p)^4 <= 2^20 */
                        continue;
                    amq_quotient_geom g = {.q = q, .r = r, .slack = amq_quotient_kernel_default_slack(q)};
                    assert_int_equal(amq_check_quotient_enum_fp(e, &g, n, k), AMQ_OK);
                    assert_int_equal(g.failed, 0);
                    assert_int_equal(amq_quotient_fp_exact(a, q + r, n - k), AMQ_OK);
                    assert_true(mpq_equal(e, a));
                    points++;
                }
    print_message("enumeration with removals: %lu points, all equal to the rate for n - r keys\n", points);
    assert_int_equal(points, 51);
    mpq_clears(e, a, (mpq_ptr)0);
}

/* The rate is exact only while no insert fails: q = 1 with no slack holds 2 fingerprints,
 * so of n = 3 adds one always fails (some outcomes 2 of them: both quotient-1 keys after
 * the first is at slot 1), and the rate falls below the spec's. */
static void enum_overflow_breaks_the_rate(void **state)
{
    (void)state;
    mpq_t e, a;
    mpq_inits(e, a, (mpq_ptr)0);
    amq_quotient_geom g = {.q = 1, .r = 2, .slack = 0};
    assert_int_equal(amq_check_quotient_enum_fp(e, &g, 3, 0), AMQ_OK);
    assert_int_equal(amq_quotient_fp_exact(a, 3, 3), AMQ_OK);
    gmp_printf("q=1 r=2 slack=0 n=3: enumeration %Qd < exact %Qd (%llu refused adds)\n", e, a,
               (unsigned long long)g.failed);
    assert_true(g.failed > 0);
    assert_true(mpq_cmp(e, a) < 0);
    /* slack 2 = n - 1: nothing fails, equality again */
    g.slack = 2;
    assert_int_equal(amq_check_quotient_enum_fp(e, &g, 3, 0), AMQ_OK);
    assert_int_equal(g.failed, 0);
    assert_true(mpq_equal(e, a));
    mpq_clears(e, a, (mpq_ptr)0);
}

/* ---------------- planted bugs: the enumeration ---------------- */

typedef struct bug {
    const char *name;
    amq_qf_query_fn query;
    amq_qf_update_fn remove;
    uint64_t min_n;        /* smallest n at which the bug can show */
    unsigned long points;  /* grid points with n >= min_n and (2^p)^(n+1) <= 2^20 */
} bug;

/* The removal bug deletes the first key's low-bit twin instead of it; that changes the
 * rate only when it changes the set of distinct fingerprints left, which needs a third
 * key equal to the first (n = 3). */
static const bug bugs[] = {
    {"query ignores the low remainder bit", broken_qf_query_low_bit, NULL, 1, 26},
    {"query runs on into the next run", broken_qf_query_next_run, NULL, 1, 26},
    {"delete ignores the low remainder bit", NULL, broken_qf_delete_low_bit, 3, 8},
};
#define NBUGS (sizeof bugs / sizeof bugs[0])

/* On every grid point where the bug can act (n >= min_n; removal bug: the first of the n
 * keys removed), the enumeration of the broken kernel differs from the spec (the real
 * kernel's equals it: the tests above). */
static void enum_flags_planted_bugs(void **state)
{
    (void)state;
    mpq_t e, a;
    mpq_inits(e, a, (mpq_ptr)0);
    for (size_t b = 0; b < NBUGS; b++) {
        unsigned long points = 0, flagged = 0;
        const uint64_t removals = bugs[b].remove ? 1 : 0;
        for (uint64_t q = 1; q <= 3; q++)
            for (uint64_t r = 1; r <= 3; r++)
                for (uint64_t n = bugs[b].min_n; n <= 3; n++) {
                    if (outcomes_of(q + r, n) > (UINT64_C(1) << 20))
                        continue;
                    amq_quotient_geom g = {.q = q, .r = r, .slack = amq_quotient_kernel_default_slack(q),
                                           .query = bugs[b].query, .remove = bugs[b].remove};
                    assert_int_equal(amq_check_quotient_enum_fp(e, &g, n, removals), AMQ_OK);
                    assert_int_equal(amq_quotient_fp_exact(a, q + r, n - removals), AMQ_OK);
                    points++;
                    flagged += !mpq_equal(e, a);
                }
        print_message("enumeration flags '%s' on %lu of %lu points\n", bugs[b].name, flagged, points);
        assert_int_equal(points, bugs[b].points);
        assert_int_equal(flagged, points);
    }
    mpq_clears(e, a, (mpq_ptr)0);
}

static void descriptor_and_errors(void **state)
{
    (void)state;
    amq_ops kn;
    amq_quotient_geom g = {.q = 3, .r = 2, .slack = 5};
    assert_int_equal(amq_ops_quotient(&kn, &g), AMQ_OK);
    assert_string_equal(kn.name, "quotient");
    assert_true(kn.m == 32 && kn.k == 1);
    /* count; 13 one-byte remainders in 7 uint16_t words (2 state words); 13 nibbles in 4 (1) */
    assert_int_equal(kn.state_words, 1 + 2 + 1);
    assert_true(amq_ops_can_remove(&kn));
    g = (amq_quotient_geom){.q = 0, .r = 2};
    assert_int_equal(amq_ops_quotient(&kn, &g), AMQ_E_INVALID_ARG);
    g = (amq_quotient_geom){.q = 3, .r = 0};
    assert_int_equal(amq_ops_quotient(&kn, &g), AMQ_E_INVALID_ARG);
    g = (amq_quotient_geom){.q = 40, .r = 24}; /* p = 64: the alphabet 2^64 does not fit */
    assert_int_equal(amq_ops_quotient(&kn, &g), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "p = q + r <= 63"));
    g = (amq_quotient_geom){.q = 3, .r = 2, .slack = UINT64_MAX};
    assert_int_equal(amq_ops_quotient(&kn, &g), AMQ_E_OVERFLOW);
    assert_int_equal(amq_ops_quotient(NULL, &g), AMQ_E_INVALID_ARG);
    mpq_t e;
    mpq_init(e);
    g = (amq_quotient_geom){.q = 8, .r = 8, .slack = 10};
    assert_int_equal(amq_check_quotient_enum_fp(e, &g, 2, 0), AMQ_E_TOO_LARGE); /* 2^48 outcomes */
    mpq_clear(e);
    amq_check_report rep;
    amq_mc_config cfg = {.n = 3, .trials = 10, .seed = 1, .hash = AMQ_CHECK_RANDOM_ORACLE, .removals = 4};
    g = (amq_quotient_geom){.q = 4, .r = 4, .slack = 16};
    assert_int_equal(amq_check_quotient_mc(&rep, &g, &cfg, 1e-6), AMQ_E_INVALID_ARG);
    cfg.removals = 0;
    assert_int_equal(amq_check_quotient_mc(&rep, &g, &cfg, 0.0), AMQ_E_INVALID_ARG);
}

/* The checks' real hashing of a key (independent strategy, k = 1, m = 2^p) is the
 * key-level filter's fingerprint: the Monte Carlo below runs the real key pipeline. */
static void mc_hashing_is_the_filter_fingerprint(void **state)
{
    (void)state;
    const uint64_t qs[] = {1, 16, 20, 40}, rs[] = {1, 4, 8, 23};
    for (size_t t = 0; t < 4; t++)
        for (uint64_t seed = 0; seed < 5; seed++) {
            amq_quotient *f;
            amq_quotient_geom g = {.q = qs[t], .r = rs[t], .slack = 0};
            amq_ops kn;
            assert_int_equal(amq_ops_quotient(&kn, &g), AMQ_OK);
            if (qs[t] == 40) { /* too large to allocate: compare with the hash helper only */
                for (uint64_t i = 0; i < 1000; i++) {
                    uint64_t idx;
                    amq_hash_indices(AMQ_HASH_INDEPENDENT, seed, &i, 8, kn.m, &idx, 1);
                    assert_true(idx == amq_hash_fingerprint(seed, &i, 8, 63));
                }
                continue;
            }
            assert_int_equal(amq_quotient_create(&f, qs[t], rs[t], seed), AMQ_OK);
            for (uint64_t i = 0; i < 1000; i++) {
                uint64_t idx;
                amq_hash_indices(AMQ_HASH_INDEPENDENT, seed, &i, 8, kn.m, &idx, 1);
                assert_true(idx == amq_quotient_fingerprint(f, &i, 8));
            }
            amq_quotient_free(f);
        }
}

/* ---------------- 2. Monte Carlo ----------------
 * Realistic size: q = 16 (65536 home slots, default slack 2560), n = 49152 keys (75%).
 * r = 4 (p = 20) gives a rate of 4.58%: 1000 fresh filters expect ~46 positives, and the
 * planted query bugs, which about double the rate, fail by far at 2000 (r = 8 would need
 * 16 times the trials for the same power).  The removal bug is left to the enumeration:
 * it changes the rate only through duplicate fingerprints, a second-order effect (at
 * q = 6, r = 2, n = 48, 24 removed: 0.0901 measured against 0.0897, far below what
 * affordable trials resolve), which the exact count sees and sampling does not.  Real
 * XXH3 fingerprints (independent strategy) and the random oracle. */
#define MC_Q 16u
#define MC_R 4u
#define MC_N UINT64_C(49152)
/* The ASan pass (AMQ_TEST_SCALE) runs the real kernel at a quarter (never under 250 trials).
 * The planted bugs run on a table 16 times smaller at the same load and r (q = 12, n = 3072:
 * the same rate, 4.58%, and the same runs and clusters a slot sees, which is what the bugs
 * act on), 4000 trials: on the q = 16 table 2000 trials took 27 s a pass and gave p = 1.3e-17
 * and 1.2e-16 (at 1000 the second one only 1.3e-7, too close to alpha).  The ASan pass runs
 * half, 2000: the binomial test at alpha 1e-6 rejects from 142 positives (null mean 91.6),
 * and at the bugs' rates (349 and 345 of 4000 at full size: 8.6%, mean 173) it rejects with
 * probability 0.994; these seeds give 180 and 185 there (p = 5.7e-17, 1.4e-18). */
#define MC_TRIALS amq_test_scaled(1000, 250)
#define MC_BUG_Q 12u
#define MC_BUG_N UINT64_C(3072)
#define MC_TRIALS_BUG amq_test_scaled(4000, 2000)

static void report(const char *what, const amq_check_report *r)
{
    print_message("%-38s p=%d n=%llu rm=%llu %-11s: %llu/%llu = %.5f, exact %.5f, p-value %.3g "
                  "(log10 %.1f) -> %s\n", what, __builtin_ctzll(r->m),
                  (unsigned long long)r->n, (unsigned long long)r->removals, amq_check_hash_name(r->hash),
                  (unsigned long long)r->test.positives, (unsigned long long)r->test.trials, r->test.estimate,
                  r->test.expected, r->test.p_value, r->test.log10_p_value, r->test.pass ? "pass" : "FAIL");
}

static amq_check_report run_mc(const bug *bk, uint64_t q, uint64_t r, uint64_t n, uint64_t removals, int hash,
                               uint64_t seed, uint64_t trials)
{
    amq_quotient_geom g = {.q = q, .r = r, .slack = amq_quotient_kernel_default_slack(q)};
    if (bk) {
        g.query = bk->query;
        g.remove = bk->remove;
    }
    amq_mc_config cfg = {.n = n, .trials = trials, .seed = seed, .hash = hash, .removals = removals};
    amq_check_report rep;
    memset(&rep, 0, sizeof rep);
    double t0 = now_s();
    amq_status st = amq_check_quotient_mc(&rep, &g, &cfg, AMQ_CHECK_ALPHA_DEFAULT);
    if (st != AMQ_OK)
        print_message("amq_check_quotient_mc: %s\n", amq_last_error());
    assert_int_equal(st, AMQ_OK);
    assert_int_equal(g.failed, 0);
    report(bk ? bk->name : "real kernel", &rep);
    print_message("    (%.2f s CPU)\n", now_s() - t0);
    return rep;
}

static void assert_pass(const amq_check_report *r)
{
    assert_true(r->test.pass);
    assert_true(r->test.p_value >= AMQ_CHECK_ALPHA_DEFAULT);
    assert_true(r->test.ci_lower <= r->test.expected && r->test.expected <= r->test.ci_upper);
}

static void assert_fail(const amq_check_report *r)
{
    assert_false(r->test.pass);
    assert_true(r->test.p_value < AMQ_CHECK_ALPHA_DEFAULT);
}

static void mc_real_kernel_passes(void **state)
{
    (void)state;
    amq_check_report r = run_mc(NULL, MC_Q, MC_R, MC_N, 0, AMQ_HASH_INDEPENDENT, 41, MC_TRIALS);
    assert_pass(&r);
    r = run_mc(NULL, MC_Q, MC_R, MC_N, 0, AMQ_CHECK_RANDOM_ORACLE, 42, MC_TRIALS);
    assert_pass(&r);
    /* removals: half the keys deleted again, against the rate for n/2 */
    r = run_mc(NULL, 12, 4, 3072, 1536, AMQ_HASH_INDEPENDENT, 43, amq_test_scaled(5000, 1250));
    assert_pass(&r);
    r = run_mc(NULL, 6, 2, 48, 24, AMQ_CHECK_RANDOM_ORACLE, 45, 20000);
    assert_pass(&r);
    /* all deleted: the table is empty again, never a positive */
    r = run_mc(NULL, 8, 4, 192, 192, AMQ_HASH_INDEPENDENT, 44, 2000);
    assert_true(r.test.positives == 0 && r.test.expected == 0.0 && r.test.pass);
}

static void mc_flags_planted_bugs(void **state)
{
    (void)state;
    amq_check_report r = run_mc(&bugs[0], MC_BUG_Q, MC_R, MC_BUG_N, 0, AMQ_HASH_INDEPENDENT, 41, MC_TRIALS_BUG);
    assert_fail(&r);
    assert_true(r.test.estimate > r.test.expected);
    r = run_mc(&bugs[1], MC_BUG_Q, MC_R, MC_BUG_N, 0, AMQ_CHECK_RANDOM_ORACLE, 42, MC_TRIALS_BUG);
    assert_fail(&r);
    assert_true(r.test.estimate > r.test.expected);
}

/* The key-level filter itself (amq_quotient_add / _query on distinct 8-byte keys, a fresh
 * seed per filter): q = 10, r = 4, n = 768 (75%), rate 4.58%, 20000 fresh filters (the ASan
 * pass: a quarter). */
static void mc_key_level_filter(void **state)
{
    (void)state;
    const uint64_t q = 10, r = 4, n = 768, trials = amq_test_scaled(20000, 5000);
    amq_rng rng;
    amq_rng_seed(&rng, 47);
    uint64_t key = 0, pos = 0;
    for (uint64_t t = 0; t < trials; t++) {
        amq_quotient *f;
        assert_int_equal(amq_quotient_create(&f, q, r, amq_rng_next(&rng)), AMQ_OK);
        for (uint64_t i = 0; i < n; i++, key++)
            assert_int_equal(amq_quotient_add(f, &key, sizeof key), AMQ_OK);
        pos += (uint64_t)amq_quotient_query(f, &key, sizeof key);
        key++;
        amq_quotient_free(f);
    }
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    assert_int_equal(amq_quotient_fp_enclose(lo, hi, 128, q + r, n), AMQ_OK);
    const double p = mpfr_get_d(hi, MPFR_RNDN);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    amq_binom_test_result res;
    assert_int_equal(amq_binom_test(pos, trials, p, AMQ_CHECK_ALPHA_DEFAULT, &res), AMQ_OK);
    print_message("key-level filter q=10 r=4 n=768: %llu/%llu = %.5f, exact %.5f, p-value %.3g -> %s\n",
                  (unsigned long long)pos, (unsigned long long)trials, res.estimate, p, res.p_value,
                  res.pass ? "pass" : "FAIL");
    assert_true(res.pass);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(descriptor_and_errors),
        cmocka_unit_test(enum_grid_equals_spec),
        cmocka_unit_test(enum_removals_equal_spec),
        cmocka_unit_test(enum_overflow_breaks_the_rate),
        cmocka_unit_test(enum_flags_planted_bugs),
        cmocka_unit_test(mc_hashing_is_the_filter_fingerprint),
        cmocka_unit_test(mc_real_kernel_passes),
        cmocka_unit_test(mc_flags_planted_bugs),
        cmocka_unit_test(mc_key_level_filter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
