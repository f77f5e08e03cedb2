/* Hashing strategies under test (Dillinger & Manolios sections 4-5): Monte Carlo of the
 * real Bloom kernel with real XXH3 hashing (amq_check_mc / amq_check_bloom_mc: a fresh
 * filter per trial, one fresh query, exact binomial test at alpha = 1e-6).
 *
 * Sizes where the theory says the difference shows: m = 1024 (a power of two: double
 * hashing forces the step odd, and a forward and a backward pair give the same index set,
 * so its fingerprint space is m^2/4), k = 11, n = 64 keys per trial. There the two-index
 * fingerprint term n/s is of the order of the Bloom rate itself (4.7e-4):
 *   - double hashing deviates from the independent-hash rate (p ~ 1e-60 at 360000
 *     trials), and even from the fingerprint theory for its reduced space m^2/4 -
 *     D&M's "approximate fingerprint collisions";
 *   - enhanced double hashing (s = m^2) and triple hashing (s = m^3/2) stay within the
 *     statistics, both against the independent-hash rate and against their fingerprint
 *     theory 1 - (1 - 1/s)^n (1 - f^BF).
 * The runs that show a deviation (double, and enhanced against a wrong fingerprint space)
 * keep their trial counts in every pass; the ASan pass (AMQ_TEST_SCALE) runs the two
 * control runs (independent, triple) at a quarter, never under 30000. The seed is fixed,
 * so the run is reproducible; the margins are large (see the comments at each assertion),
 * so other seeds give the same verdicts with overwhelming probability.
 * tools/strategies-experiment.sh runs the full experiment. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <time.h>
#include <amq/check.h>
#include <amq/spec_bloom.h>
#include <amq/spec_omissions.h>
#include <lib_internal/check_kernels.h>
#include "support/test_scale.h"

#define M 1024
#define K 11
#define N 64
#define TRIALS 120000
#define SEED 1

static double cpu_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* The fingerprinting rate for s = m^indices / 2^minus_bits, as a double (midpoint of a
 * certified enclosure; for the statistics only). */
static double theory(unsigned indices, unsigned minus_bits)
{
    mpz_t s;
    mpz_init(s);
    assert_int_equal(amq_fingerprint_space(s, M, indices, minus_bits), AMQ_OK);
    amq_omissions_params p = {M, K, N, s, AMQ_OMISSIONS_EXACT};
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    assert_int_equal(amq_omissions_rate_enclose(lo, hi, 128, &p, N), AMQ_OK);
    mpfr_add(lo, lo, hi, MPFR_RNDN);
    mpfr_div_2ui(lo, lo, 1, MPFR_RNDN);
    double r = mpfr_get_d(lo, MPFR_RNDN);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpz_clear(s);
    return r;
}

/* Run strategy h; test against the exact Bloom rate (the existing Bloom Monte Carlo)
 * and return the positives for further tests. */
static uint64_t run(int h, uint64_t trials, amq_check_report *rep)
{
    amq_mc_config cfg = {.n = N, .trials = trials, .seed = SEED, .hash = h};
    double t0 = cpu_s();
    assert_int_equal(amq_check_bloom_mc(rep, M, K, &cfg, AMQ_CHECK_ALPHA_DEFAULT, NULL, NULL), AMQ_OK);
    print_message("%-11s %llu trials: %llu positives, rate %.4g vs Bloom %.4g, p-value %.3g (%.2f s)\n",
                  amq_check_hash_name(h), (unsigned long long)trials,
                  (unsigned long long)rep->test.positives, rep->test.estimate, rep->test.expected,
                  rep->test.p_value, cpu_s() - t0);
    return rep->test.positives;
}

static amq_binom_test_result vs(uint64_t x, uint64_t trials, double p)
{
    amq_binom_test_result r;
    assert_int_equal(amq_binom_test(x, trials, p, AMQ_CHECK_ALPHA_DEFAULT, &r), AMQ_OK);
    return r;
}

/* Control: independent hash functions are the model. */
static void independent_matches_model(void **state)
{
    (void)state;
    amq_check_report rep;
    run(AMQ_HASH_INDEPENDENT, amq_test_scaled(TRIALS, 30000), &rep);
    assert_true(rep.test.pass);
}

/* Double hashing: 2.5x the model rate here (rate 1.16e-3 measured over 1e6 trials against
 * 4.7e-4), and 1.6x its own fingerprint theory for s = m^2/4 (7.1e-4). With three times
 * the trials (double hashing is the cheapest strategy): ~420 positives against ~169
 * (model; p ~ 1e-60) and ~256 (theory; ~10 standard deviations, p ~ 1e-20); a verdict
 * "pass" against the theory would need a 4-sigma shortfall. */
static void double_deviates(void **state)
{
    (void)state;
    amq_check_report rep;
    uint64_t x = run(AMQ_HASH_DOUBLE, 3 * TRIALS, &rep);
    assert_false(rep.test.pass);
    assert_true(rep.test.log10_p_value < -6.0);
    assert_true(rep.test.estimate > rep.test.expected); /* more false positives, not fewer */
    amq_binom_test_result t = vs(x, 3 * TRIALS, theory(2, 2));
    print_message("double vs fingerprint theory s = m^2/4 (%.4g): p-value %.3g\n", t.expected, t.p_value);
    assert_false(t.pass);
    assert_true(t.estimate > t.expected);
}

/* Enhanced double hashing: within the statistics against the model (its fingerprint
 * term n/m^2 = 6.1e-5 is ~1 standard deviation at this trial count, so a false "fail"
 * needs a ~4-sigma excursion) and against the
 * two-index fingerprint theory s = m^2, which D&M say it preserves. The comparison has
 * power: a fingerprint space 16 times smaller (rate 1.4e-3, ~3x) is rejected. */
static void enhanced_matches_theory(void **state)
{
    (void)state;
    amq_check_report rep;
    uint64_t x = run(AMQ_HASH_ENHANCED, TRIALS, &rep);
    assert_true(rep.test.pass);
    amq_binom_test_result t = vs(x, TRIALS, theory(2, 0));
    print_message("enhanced vs fingerprint theory s = m^2 (%.4g): p-value %.3g\n", t.expected, t.p_value);
    assert_true(t.pass);
    amq_binom_test_result wrong = vs(x, TRIALS, theory(2, 4));
    assert_false(wrong.pass);
}

/* Triple hashing: three-index fingerprint (s = m^3/2 with the odd step): within the
 * statistics against the model and its theory. (At m = 1024 triple hashing has its own
 * small excess, ~+15% of the rate: index sequences x + iy + C(i,2)z that fold back on
 * themselves when y + ((k-2)/2) z = 0 (mod m) and similar, probability ~1/m per key.
 * It takes ~3e6 trials to see; the full experiment shows it.) */
static void triple_matches_theory(void **state)
{
    (void)state;
    amq_check_report rep;
    const uint64_t trials = amq_test_scaled(TRIALS, 30000);
    uint64_t x = run(AMQ_HASH_TRIPLE, trials, &rep);
    assert_true(rep.test.pass);
    amq_binom_test_result t = vs(x, trials, theory(3, 1));
    assert_true(t.pass);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(independent_matches_model),
        cmocka_unit_test(double_deviates),
        cmocka_unit_test(enhanced_matches_theory),
        cmocka_unit_test(triple_matches_theory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
