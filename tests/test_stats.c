/* PRNG test vectors and the binomial statistics of amq/stats.h against known
 * values. Reference numbers: published PRNG vectors; exact binomial sums computed
 * independently with 60-80 digit decimal arithmetic (Python's decimal module over
 * exact integer binomial coefficients, the doubles below taken exactly); R's
 * binom.test intervals (5/10, 682/925); and closed forms. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>
#include <amq/stats.h>

static void assert_rel(double got, double want, double tol)
{
    double err = fabs(got - want) / (fabs(want) > 0 ? fabs(want) : 1.0);
    if (!(err <= tol))
        print_message("got %.17g, want %.17g (rel err %.3g > %.3g)\n", got, want, err, tol);
    assert_true(err <= tol);
}

/* ---------------- PRNG ---------------- */

static void splitmix64_vectors(void **state)
{
    (void)state;
    /* Vigna's splitmix64.c from state 0. */
    uint64_t s = 0;
    assert_true(amq_splitmix64(&s) == UINT64_C(0xE220A8397B1DCDAF));
    assert_true(amq_splitmix64(&s) == UINT64_C(0x6E789E6AA1B965F4));
    assert_true(amq_splitmix64(&s) == UINT64_C(0x06C45D188009454F));
    assert_true(amq_splitmix64(&s) == UINT64_C(0xF88BB8A8724C81EC));
    /* From state 1234567. */
    static const uint64_t want[] = {UINT64_C(6457827717110365317), UINT64_C(3203168211198807973),
                                    UINT64_C(9817491932198370423), UINT64_C(4593380528125082431),
                                    UINT64_C(16408922859458223821)};
    s = 1234567;
    for (int i = 0; i < 5; i++)
        assert_true(amq_splitmix64(&s) == want[i]);
}

static void xoshiro256ss_vectors(void **state)
{
    (void)state;
    /* Reference xoshiro256** from the state {1, 2, 3, 4}. */
    static const uint64_t want[] = {
        UINT64_C(11520), UINT64_C(0), UINT64_C(1509978240), UINT64_C(1215971899390074240),
        UINT64_C(1216172134540287360), UINT64_C(607988272756665600),
        UINT64_C(16172922978634559625), UINT64_C(8476171486693032832),
        UINT64_C(10595114339597558777), UINT64_C(2904607092377533576)};
    amq_rng r;
    amq_rng_set_state(&r, 1, 2, 3, 4);
    for (int i = 0; i < 10; i++)
        assert_true(amq_rng_next(&r) == want[i]);
    /* Seeded through SplitMix64 (s[i] = four successive outputs from the seed). */
    amq_rng_seed(&r, 42);
    assert_true(amq_rng_next(&r) == UINT64_C(1546998764402558742));
    assert_true(amq_rng_next(&r) == UINT64_C(6990951692964543102));
    assert_true(amq_rng_next(&r) == UINT64_C(12544586762248559009));
    /* The seeding is the documented one. */
    uint64_t s = 42;
    amq_rng_seed(&r, 42);
    for (int i = 0; i < 4; i++)
        assert_true(r.s[i] == amq_splitmix64(&s));
}

/* ---- jumps ---- */

/* A 256 x 256 matrix over GF(2), by columns: col[j] is the image of state bit j (bit b of
 * word w is bit 64 w + b). */
typedef struct gf2_matrix {
    uint64_t col[256][4];
} gf2_matrix;

static void gf2_apply(const gf2_matrix *a, const uint64_t v[4], uint64_t out[4])
{
    uint64_t acc[4] = {0, 0, 0, 0};
    for (int j = 0; j < 256; j++)
        if ((v[j / 64] >> (j % 64)) & 1u)
            for (int w = 0; w < 4; w++)
                acc[w] ^= a->col[j][w];
    memcpy(out, acc, sizeof acc);
}

/* *out = a * b (out must not alias a or b). */
static void gf2_mul(gf2_matrix *out, const gf2_matrix *a, const gf2_matrix *b)
{
    for (int j = 0; j < 256; j++)
        gf2_apply(a, b->col[j], out->col[j]);
}

/* The one-step transition of xoshiro256**, read off the generator itself: it is linear,
 * so its columns are the steps from the 256 unit states. */
static void transition(gf2_matrix *t)
{
    for (int j = 0; j < 256; j++) {
        uint64_t e[4] = {0, 0, 0, 0};
        e[j / 64] = UINT64_C(1) << (j % 64);
        amq_rng r;
        amq_rng_set_state(&r, e[0], e[1], e[2], e[3]);
        (void)amq_rng_next(&r);
        memcpy(t->col[j], r.s, sizeof r.s);
    }
}

/* *p = p^(2^times), by squaring. */
static void square(gf2_matrix *p, int times)
{
    static gf2_matrix tmp;
    for (int i = 0; i < times; i++) {
        gf2_mul(&tmp, p, p);
        *p = tmp;
    }
}

/* The matrix p applied to the generator seeded with `seed` gives the state `jump` leaves. */
static void assert_jump_is(const gf2_matrix *p, uint64_t seed, void (*jump)(amq_rng *))
{
    amq_rng r;
    amq_rng_seed(&r, seed);
    uint64_t v[4];
    gf2_apply(p, r.s, v);
    jump(&r);
    assert_memory_equal(v, r.s, sizeof v);
}

static void step_1000(amq_rng *r)
{
    for (int i = 0; i < 1000; i++)
        (void)amq_rng_next(r);
}

/* The jumps against T^(2^128) and T^(2^192), computed independently of the jump
 * polynomials by repeated squaring of the transition matrix; the matrix code itself is
 * first checked against 1000 plain steps (T^1000 by square-and-multiply). */
static void rng_jump_is_a_power_of_the_transition(void **state)
{
    (void)state;
    static gf2_matrix t, p, acc, tmp;
    transition(&t);
    memset(&acc, 0, sizeof acc); /* the identity */
    for (int j = 0; j < 256; j++)
        acc.col[j][j / 64] = UINT64_C(1) << (j % 64);
    p = t;
    for (unsigned e = 1000; e; e >>= 1) {
        if (e & 1u) {
            gf2_mul(&tmp, &p, &acc);
            acc = tmp;
        }
        square(&p, 1);
    }
    assert_jump_is(&acc, 99, step_1000);
    p = t;
    square(&p, 128);
    assert_jump_is(&p, 2024, amq_rng_jump);
    square(&p, 64);
    assert_jump_is(&p, 7, amq_rng_long_jump);
}

static void rng_jump_vectors(void **state)
{
    (void)state;
    /* From the state {0, 0, 0, 1}: the states after jump() and long_jump() of the
     * xoshiro-fortran test data (DSCF-1224/xoshiro-fortran, test/README.md; listed for
     * xoshiro256++, whose state transition is the same as xoshiro256**'s). */
    amq_rng r;
    amq_rng_set_state(&r, 0, 0, 0, 1);
    amq_rng_jump(&r);
    assert_true(r.s[0] == UINT64_C(0x934D05E8B2076310) && r.s[1] == UINT64_C(0xEABDD0BF76A1BE51) &&
                r.s[2] == UINT64_C(0x75DD6A992ACCB1E8) && r.s[3] == UINT64_C(0xC660C602A7330187));
    amq_rng_set_state(&r, 0, 0, 0, 1);
    amq_rng_long_jump(&r);
    assert_true(r.s[0] == UINT64_C(0x4AA11F0B3241CDBF) && r.s[1] == UINT64_C(0xB6A17239B35B197F) &&
                r.s[2] == UINT64_C(0x504952572E3F844B) && r.s[3] == UINT64_C(0x2628DF68616FD3A0));
    /* PHP's Random\Engine\Xoshiro256StarStar (same SplitMix64 seeding): seed 1234, 10000
     * outputs, jump(), jumpLong(), then the next output, printed little-endian as
     * "1f197e9ca7969123" (php-src ext/random/tests/02_engine/xoshiro256starstar_value.phpt). */
    amq_rng_seed(&r, 1234);
    for (int i = 0; i < 10000; i++)
        (void)amq_rng_next(&r);
    amq_rng_jump(&r);
    amq_rng_long_jump(&r);
    assert_true(amq_rng_next(&r) == UINT64_C(0x239196a79c7e191f));
}

static void rng_below_is_in_range_and_uniform(void **state)
{
    (void)state;
    amq_rng r;
    amq_rng_seed(&r, 7);
    for (int i = 0; i < 1000; i++)
        assert_true(amq_rng_below(&r, 1) == 0);
    assert_true(amq_rng_below(&r, 0) == 0);
    /* m just above 2^63: about half the raw draws are rejected. */
    const uint64_t big = (UINT64_C(1) << 63) + 1;
    int high = 0;
    for (int i = 0; i < 10000; i++) {
        uint64_t v = amq_rng_below(&r, big);
        assert_true(v < big);
        high += v >= (UINT64_C(1) << 62);
    }
    /* P(v >= 2^62) = 1/2 + tiny: 10000 draws, 6 sd = 300. */
    assert_in_range(high, 5000 - 300, 5000 + 300);
    /* m = 3: chi-square with 2 degrees of freedom on 300000 draws; the 1e-9
     * quantile is 41.4, so a correct generator fails with probability 1e-9. */
    unsigned long c[3] = {0, 0, 0};
    for (int i = 0; i < 300000; i++)
        c[amq_rng_below(&r, 3)]++;
    double chi = 0;
    for (int i = 0; i < 3; i++)
        chi += ((double)c[i] - 1e5) * ((double)c[i] - 1e5) / 1e5;
    assert_true(chi < 41.4);
    /* Bias would show at m = 3 * 2^62: plain multiply-shift (x * m) >> 64 maps
     * 2 raw words to each v = 0 (mod 3) and 1 to the others, so v mod 3 would be 0
     * with probability 1/2. With the rejection each residue has 1/3. */
    const uint64_t m3 = UINT64_C(3) << 62;
    unsigned long thirds[3] = {0, 0, 0};
    for (int i = 0; i < 300000; i++)
        thirds[amq_rng_below(&r, m3) % 3]++;
    chi = 0;
    for (int i = 0; i < 3; i++)
        chi += ((double)thirds[i] - 1e5) * ((double)thirds[i] - 1e5) / 1e5;
    assert_true(chi < 41.4);
}

/* ---------------- binomial terms and tails ---------------- */

static void binom_small_exact(void **state)
{
    (void)state;
    /* T = 10, p = 1/2: P(X = i) = C(10, i) / 1024, all exact in binary. */
    static const double c10[] = {1, 10, 45, 120, 210, 252, 210, 120, 45, 10, 1};
    double cum = 0;
    for (uint64_t i = 0; i <= 10; i++) {
        assert_rel(exp(amq_binom_log_pmf(i, 10, 0.5)), c10[i] / 1024, 1e-14);
        cum += c10[i];
        assert_rel(amq_binom_cdf(i, 10, 0.5), cum / 1024, 1e-14);
        assert_rel(amq_binom_sf(10 - i, 10, 0.5), cum / 1024, 1e-14);
    }
    assert_rel(amq_binom_cdf(2, 10, 0.5), 56.0 / 1024, 1e-15);
    /* T = 1, any p. */
    assert_rel(amq_binom_cdf(0, 1, 0.3), 0.7, 1e-15);
    assert_rel(amq_binom_sf(1, 1, 0.3), 0.3, 1e-15);
}

static void binom_tails_known_values(void **state)
{
    (void)state;
    /* P(X <= 0), T = 1000, p = 0.01: 0.99^1000. */
    assert_rel(amq_binom_cdf(0, 1000, 0.01), 4.3171247410658241911e-05, 1e-13);
    /* Lower and upper tails, T = 1000, p = 0.3 (mean 300). */
    assert_rel(amq_binom_cdf(250, 1000, 0.3), 2.5980303652893141881e-04, 1e-12);
    assert_rel(amq_binom_sf(350, 1000, 0.3), 3.7387010544038833304e-04, 1e-12);
    /* Near the centre both tails are > 1/2 (they share P(X = 300)). */
    assert_rel(amq_binom_sf(300, 1000, 0.3), 0.51192748400714812362, 1e-13);
    assert_rel(amq_binom_cdf(300, 1000, 0.3), 0.51559351981412026191, 1e-13);
    /* Deep upper tail and a small lower tail, T = 2000, p = 0.01 (mean 20). */
    assert_rel(amq_binom_sf(60, 2000, 0.01), 2.8340760303621453462e-13, 1e-12);
    assert_rel(amq_binom_cdf(2, 2000, 0.01), 4.1964492758289314053e-07, 1e-12);
    /* Logs far below the double range. p = 0.05287265777587890625 exactly. */
    const double pp = 0.05287265777587890625;
    assert_rel(amq_binom_log_sf(12957, 200000, pp), -269.26378759195475336, 1e-12);
    assert_rel(amq_binom_log_sf(45380, 200000, pp), -34715.746632779497564, 1e-12);
    assert_rel(amq_binom_log_cdf(9800, 200000, pp), -33.605742946977900679, 1e-12);
    assert_rel(amq_binom_log_cdf(0, 1000000, 0.001), -1000.5003335835335210, 1e-14);
    assert_rel(amq_binom_log_sf(1000, 1000, 0.5), -693.14718055994530942, 1e-14);
    assert_true(amq_binom_sf(45380, 200000, pp) == 0.0); /* underflows, log does not */
    /* Tails at the ends. */
    assert_true(amq_binom_log_cdf(1000, 1000, 0.3) == 0.0);
    assert_true(amq_binom_log_sf(0, 1000, 0.3) == 0.0);
    /* Complementarity: P(X <= x) + P(X >= x + 1) = 1 across the range. */
    for (uint64_t x = 0; x < 200; x += 7) {
        double s = amq_binom_cdf(x, 200, 0.37) + amq_binom_sf(x + 1, 200, 0.37);
        assert_rel(s, 1.0, 1e-14);
    }
    /* Bad arguments give NaN. */
    assert_true(isnan(amq_binom_log_cdf(11, 10, 0.5)));
    assert_true(isnan(amq_binom_log_sf(1, 10, 1.5)));
    assert_true(isnan(amq_binom_log_pmf(1, 10, NAN)));
    assert_true(isnan(amq_binom_log_pvalue(1, 10, -0.1)));
}

static void binom_edges_p0_p1(void **state)
{
    (void)state;
    /* p = 0: X = 0 surely. */
    assert_true(amq_binom_log_pmf(0, 100, 0.0) == 0.0);
    assert_true(amq_binom_log_pmf(1, 100, 0.0) == -INFINITY);
    assert_true(amq_binom_cdf(0, 100, 0.0) == 1.0);
    assert_true(amq_binom_sf(1, 100, 0.0) == 0.0);
    assert_true(amq_binom_pvalue(0, 100, 0.0) == 1.0);
    assert_true(amq_binom_pvalue(1, 100, 0.0) == 0.0);
    assert_true(amq_binom_log_pvalue(1, 100, 0.0) == -INFINITY);
    /* p = 1: X = T surely. */
    assert_true(amq_binom_log_pmf(100, 100, 1.0) == 0.0);
    assert_true(amq_binom_cdf(99, 100, 1.0) == 0.0);
    assert_true(amq_binom_sf(100, 100, 1.0) == 1.0);
    assert_true(amq_binom_pvalue(100, 100, 1.0) == 1.0);
    assert_true(amq_binom_pvalue(99, 100, 1.0) == 0.0);
    /* The test fails at once on any deviation, with p-value 0. */
    amq_binom_test_result r;
    assert_int_equal(amq_binom_test(1, 1000, 0.0, 1e-6, &r), AMQ_OK);
    assert_false(r.pass);
    assert_true(r.p_value == 0.0);
    assert_int_equal(amq_binom_test(0, 1000, 0.0, 1e-6, &r), AMQ_OK);
    assert_true(r.pass);
    assert_true(r.ci_lower == 0.0 && r.ci_upper > 0.0 && r.ci_upper < 0.02);
    assert_int_equal(amq_binom_test(999, 1000, 1.0, 1e-6, &r), AMQ_OK);
    assert_false(r.pass);
    assert_int_equal(amq_binom_test(1000, 1000, 1.0, 1e-6, &r), AMQ_OK);
    assert_true(r.pass && r.ci_upper == 1.0);
}

static void pvalue_symmetry_and_known(void **state)
{
    (void)state;
    /* p = 1/2 is symmetric: p-value(x) = p-value(T - x). */
    for (uint64_t t = 1; t <= 41; t += 8)
        for (uint64_t x = 0; x <= t; x++)
            assert_rel(amq_binom_pvalue(x, t, 0.5), amq_binom_pvalue(t - x, t, 0.5), 1e-13);
    for (uint64_t x = 0; x <= 100000; x += 2500)
        assert_rel(amq_binom_log_pvalue(x, 100000, 0.5), amq_binom_log_pvalue(100000 - x, 100000, 0.5),
                   1e-12);
    /* The centre: both tails >= 1/2, so the doubled min is capped at 1. */
    assert_true(amq_binom_pvalue(5, 10, 0.5) == 1.0);
    assert_true(amq_binom_pvalue(50000, 100000, 0.5) == 1.0);
    /* T = 10, x = 0: 2 / 1024; x = 1: 2 * 11 / 1024; x = 2: 2 * 56 / 1024. */
    assert_rel(amq_binom_pvalue(0, 10, 0.5), 2.0 / 1024, 1e-14);
    assert_rel(amq_binom_pvalue(1, 10, 0.5), 22.0 / 1024, 1e-14);
    assert_rel(amq_binom_pvalue(2, 10, 0.5), 112.0 / 1024, 1e-14);
    /* Asymmetric: T = 2000, p = 0.01, x = 60: 2 * P(X >= 60). */
    assert_rel(amq_binom_pvalue(60, 2000, 0.01), 2 * 2.8340760303621453462e-13, 1e-12);
    /* Mirror: p and 1 - p with x and T - x (exact doubles 0.25 / 0.75). */
    for (uint64_t x = 0; x <= 400; x += 37)
        assert_rel(amq_binom_log_pvalue(x, 400, 0.25), amq_binom_log_pvalue(400 - x, 400, 0.75), 1e-12);
    /* Always within [0, 1]. */
    for (uint64_t x = 0; x <= 60; x++) {
        double v = amq_binom_pvalue(x, 60, 0.2);
        assert_true(v >= 0.0 && v <= 1.0);
    }
}

/* ---------------- Clopper-Pearson ---------------- */

static void clopper_pearson_known(void **state)
{
    (void)state;
    double lo, hi;
    /* R: binom.test(5, 10) -> 0.187086 0.812914. */
    assert_int_equal(amq_clopper_pearson(5, 10, 0.05, &lo, &hi), AMQ_OK);
    assert_rel(lo, 0.18708602844739853164, 1e-12);
    assert_rel(hi, 0.81291397155260146836, 1e-12);
    /* R: binom.test(682, 925) (its documentation example) -> 0.7076683 0.7654066. */
    assert_int_equal(amq_clopper_pearson(682, 925, 0.05, &lo, &hi), AMQ_OK);
    assert_rel(lo, 0.70766826407903902303, 1e-12);
    assert_rel(hi, 0.76540655824152524698, 1e-12);
    /* 3 of 1000 at the checks' level, 1 - 1e-6. */
    assert_int_equal(amq_clopper_pearson(3, 1000, 1e-6, &lo, &hi), AMQ_OK);
    assert_rel(lo, 1.4489150964771561019e-05, 1e-11);
    assert_rel(hi, 0.021937562897423706691, 1e-11);
    /* Closed forms: x = 0 -> hi = 1 - (a/2)^(1/T); x = T -> lo = (a/2)^(1/T);
     * x = 1 -> lo = 1 - (1 - a/2)^(1/T); x = T-1 -> hi = (1 - a/2)^(1/T). */
    const uint64_t ts[] = {1, 2, 10, 1000, 100000};
    const double as[] = {0.05, 1e-6};
    for (size_t i = 0; i < 5; i++)
        for (size_t j = 0; j < 2; j++) {
            double t = (double)ts[i], a = as[j];
            assert_int_equal(amq_clopper_pearson(0, ts[i], a, &lo, &hi), AMQ_OK);
            assert_true(lo == 0.0);
            assert_rel(hi, -expm1(log(a / 2) / t), 1e-11);
            assert_int_equal(amq_clopper_pearson(ts[i], ts[i], a, &lo, &hi), AMQ_OK);
            assert_true(hi == 1.0);
            assert_rel(lo, exp(log(a / 2) / t), 1e-11);
            if (ts[i] >= 2) {
                assert_int_equal(amq_clopper_pearson(1, ts[i], a, &lo, &hi), AMQ_OK);
                assert_rel(lo, -expm1(log1p(-a / 2) / t), 1e-11);
                assert_int_equal(amq_clopper_pearson(ts[i] - 1, ts[i], a, &lo, &hi), AMQ_OK);
                assert_rel(hi, exp(log1p(-a / 2) / t), 1e-11);
            }
        }
    /* Errors. */
    assert_int_equal(amq_clopper_pearson(1, 0, 0.05, &lo, &hi), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_clopper_pearson(11, 10, 0.05, &lo, &hi), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_clopper_pearson(1, 10, 0.0, &lo, &hi), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_clopper_pearson(1, 10, 1.0, &lo, &hi), AMQ_E_INVALID_ARG);
}

/* The interval is exactly where the doubled-tail p-value is >= alpha: at its ends
 * the p-value is alpha, inside above, outside below. */
static void clopper_pearson_matches_test(void **state)
{
    (void)state;
    const uint64_t cases[][2] = {{7, 50}, {2229, 200000}, {1, 3}, {499, 1000}};
    for (size_t i = 0; i < 4; i++) {
        uint64_t x = cases[i][0], t = cases[i][1];
        double lo, hi;
        assert_int_equal(amq_clopper_pearson(x, t, 1e-6, &lo, &hi), AMQ_OK);
        assert_true(lo < (double)x / (double)t && (double)x / (double)t < hi);
        assert_rel(amq_binom_sf(x, t, lo), 0.5e-6, 1e-9);
        assert_rel(amq_binom_cdf(x, t, hi), 0.5e-6, 1e-9);
        amq_binom_test_result r;
        assert_int_equal(amq_binom_test(x, t, lo * 1.001, 1e-6, &r), AMQ_OK);
        assert_true(r.pass);
        assert_int_equal(amq_binom_test(x, t, lo * 0.999, 1e-6, &r), AMQ_OK);
        assert_false(r.pass);
        assert_int_equal(amq_binom_test(x, t, hi * 0.999, 1e-6, &r), AMQ_OK);
        assert_true(r.pass);
        if (hi * 1.001 < 1.0) {
            assert_int_equal(amq_binom_test(x, t, hi * 1.001, 1e-6, &r), AMQ_OK);
            assert_false(r.pass);
        }
    }
}

static void binom_test_report(void **state)
{
    (void)state;
    amq_binom_test_result r;
    memset(&r, 0, sizeof r);
    assert_int_equal(amq_binom_test(2229, 200000, 0.010976, AMQ_CHECK_ALPHA_DEFAULT, &r), AMQ_OK);
    assert_true(r.positives == 2229 && r.trials == 200000);
    assert_rel(r.estimate, 2229.0 / 200000, 1e-15);
    assert_true(r.alpha == 1e-6 && r.expected == 0.010976);
    assert_true(r.pass);
    assert_rel(r.p_value, amq_binom_pvalue(2229, 200000, 0.010976), 1e-15);
    assert_rel(r.log10_p_value, log10(r.p_value), 1e-12);
    /* Far off: fails, with a log10 p-value of a few hundred below zero. */
    assert_int_equal(amq_binom_test(12957, 200000, 0.05287265777587890625, 1e-6, &r), AMQ_OK);
    assert_false(r.pass);
    assert_rel(r.log10_p_value, (-269.26378759195475336 + log(2.0)) / log(10.0), 1e-12);
    /* Errors. */
    assert_int_equal(amq_binom_test(1, 10, 1.5, 1e-6, &r), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_binom_test(1, 10, 0.5, 0.0, &r), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_binom_test(11, 10, 0.5, 1e-6, &r), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_binom_test(1, 10, 0.5, 1e-6, NULL), AMQ_E_INVALID_ARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(splitmix64_vectors),
        cmocka_unit_test(xoshiro256ss_vectors),
        cmocka_unit_test(rng_jump_vectors),
        cmocka_unit_test(rng_jump_is_a_power_of_the_transition),
        cmocka_unit_test(rng_below_is_in_range_and_uniform),
        cmocka_unit_test(binom_small_exact),
        cmocka_unit_test(binom_tails_known_values),
        cmocka_unit_test(binom_edges_p0_p1),
        cmocka_unit_test(pvalue_symmetry_and_known),
        cmocka_unit_test(clopper_pearson_known),
        cmocka_unit_test(clopper_pearson_matches_test),
        cmocka_unit_test(binom_test_report),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
