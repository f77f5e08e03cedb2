/* The sliding window's moments E[pi^j] (amq_window_fp_moment_enclose, spec/window_moments.c)
 * against the REAL kernel and independent computations: exhaustive enumeration of every
 * state the kernel reaches from the N keys' index vectors (rotations included), the average
 * of pi^j exactly, lies in the enclosure for j = 1..4; j = 1 is the exact rate; where the
 * window is a plain Bloom filter (one generation loaded, or k = 1) the moments are the Bloom
 * form's (amq_bloom_fp_query_enclose); E[pi^j] >= E[pi]^j and decreases in j; edge cases,
 * errors and the cost limit. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <amq/check.h>
#include <amq/spec_moments.h>
#include <amq/spec_window.h>
#include <lib_internal/fail.h>
#include <lib_internal/window_moment_cost.h>
#include <lib_internal/window_check.h>

#define BITS 40

/* lo <= q <= hi for the rational q. */
static int encloses(const mpfr_t lo, const mpfr_t hi, const mpq_t q)
{
    return mpfr_cmp_q(lo, q) <= 0 && mpfr_cmp_q(hi, q) >= 0;
}

/* [lo, hi] has relative width at most 2^-bits. */
static int tight(const mpfr_t lo, const mpfr_t hi, int bits)
{
    return (mpfr_get_d(hi, MPFR_RNDU) - mpfr_get_d(lo, MPFR_RNDD)) <= ldexp(mpfr_get_d(lo, MPFR_RNDD), -bits + 1);
}

/* E[pi^j], j = 1 .. J, exactly, by enumeration of the real kernel: every index vector of the N
 * keys in order (m^{kN} states, with multiplicity), each state's positives among the m^k query
 * vectors; mom[j] = sum_states pos^j / (m^{kN} m^{kj}). */
static void enumerate(mpq_t *mom, unsigned J, uint64_t m, uint64_t k, uint64_t W, uint64_t g, uint64_t N,
                      const amq_window_ops *ops)
{
    amq_window_desc d;
    amq_ops kn;
    assert_int_equal(amq_window_geom_make(&d.geo, m, k, W, g), AMQ_OK);
    d.ops = ops;
    assert_int_equal(amq_ops_window(&kn, &d), AMQ_OK);
    const uint64_t nk = N * k;
    uint64_t *idx = calloc(nk + k + 1, sizeof *idx), *state = calloc(kn.state_words + 1, sizeof *state);
    assert_non_null(idx);
    assert_non_null(state);
    mpz_t sum[8], p, den;
    mpz_inits(p, den, (mpz_ptr)0);
    for (unsigned j = 1; j <= J; j++)
        mpz_init(sum[j]);
    for (;;) {
        amq_ops_clear(&kn, state);
        for (uint64_t i = 0; i < N; i++)
            amq_ops_add(&kn, state, idx + i * k);
        uint64_t *qv = idx + nk, pos = 0;
        for (uint64_t t = 0; t < k; t++)
            qv[t] = 0;
        for (;;) { /* every query vector */
            pos += amq_ops_query(&kn, state, qv) != 0;
            uint64_t t = 0;
            while (t < k && ++qv[t] == m)
                qv[t++] = 0;
            if (t == k)
                break;
        }
        for (unsigned j = 1; j <= J; j++) {
            mpz_ui_pow_ui(p, pos, j);
            mpz_add(sum[j], sum[j], p);
        }
        uint64_t t = 0; /* next insert vectors */
        while (t < nk && ++idx[t] == m)
            idx[t++] = 0;
        if (t == nk)
            break;
    }
    for (unsigned j = 1; j <= J; j++) {
        mpz_ui_pow_ui(den, m, k * (N + j));
        mpq_set_num(mom[j], sum[j]);
        mpq_set_den(mom[j], den);
        mpq_canonicalize(mom[j]);
        mpz_clear(sum[j]);
    }
    mpz_clears(p, den, (mpz_ptr)0);
    free(idx);
    free(state);
}

/* The enclosures of j = 1..4 hold the enumerated moments on every point of a small grid,
 * turns of the ring included (N >= g c). */
static void enumeration_in_enclosure(void **state)
{
    (void)state;
    mpq_t mom[5];
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    for (int j = 1; j <= 4; j++)
        mpq_init(mom[j]);
    unsigned points = 0, turned = 0;
    for (uint64_t m = 2; m <= 4; m++)
        for (uint64_t k = 1; k <= 2; k++)
            for (uint64_t g = 2; g <= 3; g++)
                for (uint64_t W = 1; W <= 3; W++)
                    for (uint64_t N = 1; N <= 5; N++) {
                        if (pow((double)m, (double)(k * (N + 1))) > 70000.0)
                            continue;
                        enumerate(mom, 4, m, k, W, g, N, NULL);
                        for (uint64_t j = 1; j <= 4; j++) {
                            assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, m, k, W, g, N, j), AMQ_OK);
                            if (!encloses(lo, hi, mom[j]) || !tight(lo, hi, BITS))
                                fail_msg("m=%llu k=%llu W=%llu g=%llu N=%llu j=%llu: enumeration %g, enclosure "
                                         "[%.17g, %.17g]",
                                         ULL(m), ULL(k), ULL(W), ULL(g), ULL(N), ULL(j), mpq_get_d(mom[j]),
                                         mpfr_get_d(lo, MPFR_RNDD), mpfr_get_d(hi, MPFR_RNDU));
                        }
                        points++;
                        uint64_t c = 0;
                        assert_int_equal(amq_window_capacity(&c, W, g), AMQ_OK);
                        turned += N >= g * c;
                    }
    print_message("%u points, %u after a turn of the ring\n", points, turned);
    assert_true(points >= 60);
    assert_true(turned >= 10);
    for (int j = 1; j <= 4; j++)
        mpq_clear(mom[j]);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

/* j = 1 is the rate: the exact rational lies in the moment's enclosure. */
static void first_moment_is_the_rate(void **state)
{
    (void)state;
    static const uint64_t cases[][5] = {
        /* m, k, W, g, N */
        {64, 2, 50, 4, 100}, {1000, 3, 200, 3, 450}, {1 << 12, 4, 300, 5, 1000}, {97, 7, 10, 2, 25}, {5000, 5, 800, 9, 799},
    };
    mpq_t e;
    mpq_init(e);
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const uint64_t *c = cases[i];
        assert_int_equal(amq_window_fp_exact(e, c[0], c[1], c[2], c[3], c[4]), AMQ_OK);
        assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, c[0], c[1], c[2], c[3], c[4], 1), AMQ_OK);
        assert_true(encloses(lo, hi, e));
        assert_true(tight(lo, hi, BITS));
    }
    mpq_clear(e);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

/* Where the window is a Bloom filter, its moments are the Bloom form's: one generation loaded
 * (N < c) holds N keys of k indices, and with k = 1 a key is covered by the union of the
 * generations, a Bloom filter of all the keys held. The two enclosures overlap. */
static void bloom_cases(void **state)
{
    (void)state;
    mpfr_t lo, hi, blo, bhi;
    mpfr_inits2(128, lo, hi, blo, bhi, (mpfr_ptr)0);
    for (uint64_t j = 1; j <= 4; j++) {
        /* m = 1000, k = 3, W = 600, g = 3: c = 300 > N = 250 */
        assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, 1000, 3, 600, 3, 250, j), AMQ_OK);
        assert_int_equal(amq_bloom_fp_query_enclose(blo, bhi, BITS, 1000, 3, 3 * j, 250), AMQ_OK);
        assert_true(mpfr_cmp(lo, bhi) <= 0 && mpfr_cmp(blo, hi) <= 0);
        /* k = 1, m = 500, W = 300, g = 4: c = 100, N = 1234 holds 300 + 34 keys */
        assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, 500, 1, 300, 4, 1234, j), AMQ_OK);
        assert_int_equal(amq_bloom_fp_query_enclose(blo, bhi, BITS, 500, 1, j, 334), AMQ_OK);
        assert_true(mpfr_cmp(lo, bhi) <= 0 && mpfr_cmp(blo, hi) <= 0);
    }
    mpfr_clears(lo, hi, blo, bhi, (mpfr_ptr)0);
}

/* E[pi^j] >= E[pi]^j (Jensen; j = 2: the variance is not negative) and E[pi^(j+1)] <= E[pi^j]
 * (pi <= 1), at realistic parameters, steady state mid-period. */
static void moment_inequalities(void **state)
{
    (void)state;
    static const uint64_t cases[][5] = {{1 << 14, 4, 2000, 4, 7777}, {4096, 2, 1000, 2, 2500}, {800, 3, 90, 5, 1000}};
    mpfr_t lo[5], hi[5], t;
    for (int j = 1; j <= 4; j++)
        mpfr_inits2(128, lo[j], hi[j], (mpfr_ptr)0);
    mpfr_init2(t, 128);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const uint64_t *c = cases[i];
        for (uint64_t j = 1; j <= 4; j++)
            assert_int_equal(amq_window_fp_moment_enclose(lo[j], hi[j], BITS, c[0], c[1], c[2], c[3], c[4], j), AMQ_OK);
        for (unsigned j = 2; j <= 4; j++) {
            mpfr_pow_ui(t, lo[1], j, MPFR_RNDD);
            assert_true(mpfr_cmp(hi[j], t) >= 0);
            assert_true(mpfr_cmp(lo[j], hi[j - 1]) <= 0);
        }
        /* and strictly above: pi varies between filters (by more than the widths) */
        mpfr_pow_ui(t, hi[1], 2, MPFR_RNDU);
        assert_true(mpfr_cmp(lo[2], t) > 0);
    }
    for (int j = 1; j <= 4; j++)
        mpfr_clears(lo[j], hi[j], (mpfr_ptr)0);
    mpfr_clear(t);
}

static void edge_cases_and_errors(void **state)
{
    (void)state;
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, 64, 0, 10, 3, 20, 3), AMQ_OK); /* k = 0 */
    assert_true(mpfr_cmp_ui(lo, 1) == 0 && mpfr_cmp_ui(hi, 1) == 0);
    assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, 64, 3, 10, 3, 0, 2), AMQ_OK); /* N = 0 */
    assert_true(mpfr_zero_p(lo) && mpfr_zero_p(hi));
    assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, 1, 3, 10, 3, 5, 2), AMQ_OK); /* m = 1 */
    assert_true(mpfr_cmp_ui(lo, 1) == 0);
    assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, 64, 2, 10, 3, 5, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, 0, 2, 10, 3, 5, 2), AMQ_E_INVALID_M);
    assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, 64, 2, 0, 3, 5, 2), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, 64, 2, 10, 1, 5, 2), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_window_fp_moment_enclose(NULL, hi, BITS, 64, 2, 10, 3, 5, 2), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_window_fp_moment_enclose(lo, hi, 0, 64, 2, 10, 3, 5, 2), AMQ_E_INVALID_ARG);
    /* beyond the limits: refused at once, and the work estimate says so */
    assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, 64, 2, 10, 3, 5, AMQ_WINDOW_MOMENT_MAX_J + 1),
                     AMQ_E_TOO_LARGE);
    assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, 1 << 20, 8, 1000, 3, 5000, 4), AMQ_E_TOO_LARGE);
    assert_true(isinf(amq_window_fp_moment_work(1 << 20, 8, 1000, 3, 5000, 4, BITS)));
    assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, 1 << 20, 300, 1000, 3, 5000, 2), AMQ_E_TOO_LARGE);
    /* the limit is 4 s estimated (issue 26: it was 8 s, and this call, estimated 7.9 s, took
     * 4.7 s of CPU); k = 84, estimated 3.9 s, took 2.3 s */
    assert_int_equal(amq_window_fp_moment_enclose(lo, hi, BITS, 1 << 20, 103, 1000, 3, 5000, 2), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "limit 4 s"));
    assert_true(isinf(amq_window_fp_moment_work(1 << 20, 300, 1000, 3, 5000, 2, BITS)));
    const double w = amq_window_fp_moment_work(1 << 20, 7, 1000, 3, 5000, 2, BITS);
    assert_true(w > 0 && w < AMQ_WINDOW_MOMENT_MAX_NS);
    assert_true(amq_window_fp_moment_work(64, 3, 10, 3, 0, 2, BITS) == 0.0);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(enumeration_in_enclosure),
        cmocka_unit_test(first_moment_is_the_rate),
        cmocka_unit_test(bloom_cases),
        cmocka_unit_test(moment_inequalities),
        cmocka_unit_test(edge_cases_and_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
