/* The Bloom lecture notes (seed bloom-lecture-notes), reproduced on the real compiled kernel
 * and the exact rates: the 16-row table of m = 2 bits, k = 2, one key; the naive one-hash
 * filter's bound 1/K at m = K n; the theorem FP <= 2^-k at m >= 2kn; and `amq rate`, which
 * prints each bound beside the exact value (docs/naive-filter.md). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <amq/filter.h>
#include <amq/filter_rate.h>
#include <amq/spec_bloom.h>
#include <lib_internal/bloom_kernel.h>
#include <lib_internal/check_kernels.h>

/* The lecture's table: T after one key x (two indices), then the query y (two indices), all
 * 16 outcomes over 2 bits, run through the compiled kernel. */
static void sixteen_row_table(void **state)
{
    (void)state;
    int positive = 0, first_bit = 0, full_rows = 0, full_positive = 0, half_rows = 0, half_positive = 0;
    for (uint64_t x = 0; x < 4; x++)
        for (uint64_t y = 0; y < 4; y++) {
            uint64_t bits[1] = {0};
            const uint64_t ix[2] = {x & 1, x >> 1}, iy[2] = {y & 1, y >> 1};
            amq_bloom_kernel_add(bits, 2, ix, 2);
            const int hit = amq_bloom_kernel_query(bits, 2, iy, 2);
            positive += hit;
            first_bit += amq_bloom_kernel_query(bits, 2, iy, 1);
            if (ix[0] != ix[1]) { /* the upper eight rows: T is full */
                full_rows++;
                full_positive += hit;
            } else {
                half_rows++;
                half_positive += hit;
            }
        }
    assert_int_equal(positive, 10);   /* P{h1(y) = 1, h2(y) = 1} = 10/16 = 5/8 */
    assert_int_equal(first_bit, 12);  /* P{h1(y) = 1} = 12/16 = 3/4 */
    assert_int_equal(full_rows, 8);   /* full table: the query is always positive */
    assert_int_equal(full_positive, 8);
    assert_int_equal(half_rows, 8);   /* one bit set: 1/2 * 1/2 = 1/4 of the queries */
    assert_int_equal(half_positive, 2);
    /* the exact forms agree, and show the dependence: 5/8 is not (3/4)^2 */
    mpq_t q, r;
    mpq_inits(q, r, (mpq_ptr)0);
    assert_int_equal(amq_bloom_fp_exact(q, 2, 2, 1), AMQ_OK);
    mpq_set_ui(r, 5, 8);
    assert_true(mpq_equal(q, r));
    assert_int_equal(amq_bloom_bit_prob_exact(q, 2, 2, 1), AMQ_OK);
    mpq_set_ui(r, 3, 4);
    assert_true(mpq_equal(q, r));
    mpq_mul(r, r, r);
    assert_int_equal(amq_bloom_fp_exact(q, 2, 2, 1), AMQ_OK);
    assert_false(mpq_equal(q, r));
    assert_int_equal(amq_check_bloom_enum_fp(q, 2, 2, 1, NULL, NULL), AMQ_OK);
    mpq_set_ui(r, 5, 8);
    assert_true(mpq_equal(q, r));
    mpq_clears(q, r, (mpq_ptr)0);
}

/* Given the state the probabilities multiply (the lecture's formal proof): the exact rate of a
 * state with x of m bits set is (x/m)^k. */
static void given_the_state(void **state)
{
    (void)state;
    const amq_structure *s = amq_structure_find("bloom");
    amq_params p;
    amq_params_init(&p, s);
    assert_int_equal(amq_params_set(&p, s, "m", 2), AMQ_OK);
    assert_int_equal(amq_params_set(&p, s, "k", 2), AMQ_OK);
    mpq_t q, want;
    mpq_inits(q, want, (mpq_ptr)0);
    amq_filter *f;
    assert_int_equal(amq_filter_create(&f, s, &p), AMQ_OK);
    char key[16];
    int i = 0;
    /* add keys until one bit is set, then until both are */
    while (amq_filter_fp_state(q, f) == AMQ_OK && mpq_sgn(q) == 0) {
        snprintf(key, sizeof key, "k%d", i++);
        assert_int_equal(amq_filter_add(f, key, strlen(key)), AMQ_OK);
    }
    assert_true(mpq_cmp_ui(q, 1, 4) == 0 || mpq_cmp_ui(q, 1, 1) == 0);
    while (mpq_cmp_ui(q, 1, 1) != 0) {
        snprintf(key, sizeof key, "k%d", i++);
        assert_int_equal(amq_filter_add(f, key, strlen(key)), AMQ_OK);
        assert_int_equal(amq_filter_fp_state(q, f), AMQ_OK);
    }
    amq_filter_free(f);
    mpq_clears(q, want, (mpq_ptr)0);
}

/* The naive filter: one hash over m = K n bits, FP = 1 - (1 - 1/m)^n <= n/m = 1/K, equality
 * only for one key; the kernel's enumeration equals the closed form. */
static void naive_filter_bound(void **state)
{
    (void)state;
    mpq_t q, b, e;
    mpq_inits(q, b, e, (mpq_ptr)0);
    for (uint64_t K = 1; K <= 8; K++)
        for (uint64_t n = 1; n <= 20; n++) {
            const uint64_t m = K * n;
            assert_int_equal(amq_bloom_fp_exact(q, m, 1, n), AMQ_OK);
            assert_int_equal(amq_bloom_bound_naive(b, K), AMQ_OK);
            assert_true(mpq_cmp(q, b) <= 0);
            assert_true((mpq_cmp(q, b) == 0) == (n == 1));
            uint64_t outcomes;
            if (amq_check_enum_size(m, 1, n + 1, &outcomes) == AMQ_OK && outcomes <= (1u << 20)) {
                assert_int_equal(amq_check_bloom_enum_fp(e, m, 1, n, NULL, NULL), AMQ_OK);
                assert_true(mpq_equal(e, q));
            }
        }
    mpq_clears(q, b, e, (mpq_ptr)0);
}

/* The theorem: m >= 2kn bits give FP <= 2^-k; below 2kn the hypothesis fails. */
static void half_bound(void **state)
{
    (void)state;
    mpq_t q, b;
    mpq_inits(q, b, (mpq_ptr)0);
    for (uint64_t k = 1; k <= 6; k++)
        for (uint64_t n = 1; n <= 10; n++) {
            const uint64_t ms[] = {2 * k * n, 2 * k * n + 7, 5 * k * n};
            for (size_t i = 0; i < 3; i++) {
                assert_int_equal(amq_bloom_fp_exact(q, ms[i], k, n), AMQ_OK);
                assert_int_equal(amq_bloom_bound_half(b, ms[i], k, n), AMQ_OK);
                assert_true(mpq_cmp(q, b) <= 0); /* equal only at k = n = 1, m = 2 */
                assert_true(mpq_cmp(q, b) < 0 || (k == 1 && n == 1 && ms[i] == 2));
            }
            assert_int_equal(amq_bloom_bound_half(b, 2 * k * n - 1, k, n), AMQ_E_INVALID_ARG);
        }
    mpq_clears(q, b, (mpq_ptr)0);
}

static int run_amq(char *out, size_t cap, const char *args)
{
    const char *b = getenv("AMQ_BUILD");
    char cmd[512];
    snprintf(cmd, sizeof cmd, "'%s/amq' %s 2>&1", b ? b : "build", args);
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = 0;
    return pclose(p);
}

/* amq rate prints each bound beside the exact value, or says that it does not apply. */
static void rate_prints_the_bounds(void **state)
{
    (void)state;
    static char out[8192];
    assert_int_equal(run_amq(out, sizeof out, "rate bloom -m 8 -k 1 -n 2 --exact"), 0);
    assert_non_null(strstr(out, "exact      15/64"));
    assert_non_null(strstr(out, "bound_naive     1/4 = 2.5000000000000000e-01"));
    assert_non_null(strstr(out, "the rate is below it (certified)"));
    assert_int_equal(run_amq(out, sizeof out, "rate bloom -m 2 -k 2 -n 1 --exact --json"), 0);
    assert_non_null(strstr(out, "\"exact\": \"5/8\""));
    assert_non_null(strstr(out, "\"bound_naive\": null, \"bound_half\": null"));
    assert_int_equal(run_amq(out, sizeof out, "rate bloom -m 1000 -k 5 -n 100"), 0);
    assert_non_null(strstr(out, "bound_half      1/32 = 3.1250000000000000e-02"));
    assert_non_null(strstr(out, "bound_naive     does not apply"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sixteen_row_table), cmocka_unit_test(given_the_state),
        cmocka_unit_test(naive_filter_bound), cmocka_unit_test(half_bound),
        cmocka_unit_test(rate_prints_the_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
