/* Key-level Bloom filter: operations, bad inputs (status + unchanged state), 64-bit sizes. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <amq/bloom.h>
#include <lib_internal/bloom_state.h>
#include <lib_internal/bloom_kernel.h>
#include <amq/spec_bloom.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void add_u64(amq_bloom *bf, uint64_t key) { assert_int_equal(amq_bloom_add(bf, &key, 8), AMQ_OK); }
static int has_u64(const amq_bloom *bf, uint64_t key) { return amq_bloom_query(bf, &key, 8); }

static void no_false_negatives_each_strategy(void **state)
{
    (void)state;
    for (int s = AMQ_HASH_INDEPENDENT; s <= AMQ_HASH_ENHANCED; s++) {
        amq_bloom *bf;
        assert_int_equal(amq_bloom_create(&bf, 10007, 7, (amq_hash_strategy)s, 9), AMQ_OK);
        for (uint64_t i = 0; i < 1000; i++)
            add_u64(bf, i * 7919);
        for (uint64_t i = 0; i < 1000; i++)
            assert_true(has_u64(bf, i * 7919));
        /* Absent keys are mostly rejected (FP ~ 1% at 10 bits/key, k=7). */
        uint64_t fp = 0;
        for (uint64_t i = 0; i < 10000; i++)
            fp += (uint64_t)has_u64(bf, (1ull << 40) + i);
        assert_true(fp < 400);
        amq_bloom_free(bf);
    }
}

static void empty_string_and_binary_keys(void **state)
{
    (void)state;
    amq_bloom *bf;
    assert_int_equal(amq_bloom_create(&bf, 1000, 3, AMQ_HASH_DEFAULT, 0), AMQ_OK);
    assert_int_equal(amq_bloom_add(bf, "", 0), AMQ_OK);
    assert_true(amq_bloom_query(bf, "", 0));
    const char bin[] = {0, 1, 0, 2};
    assert_int_equal(amq_bloom_add(bf, bin, sizeof bin), AMQ_OK);
    assert_true(amq_bloom_query(bf, bin, sizeof bin));
    amq_bloom_free(bf);
}

static void bad_arguments(void **state)
{
    (void)state;
    amq_bloom *bf = (amq_bloom *)0x1;
    assert_int_equal(amq_bloom_create(&bf, 0, 3, AMQ_HASH_DEFAULT, 0), AMQ_E_INVALID_M);
    assert_non_null(strstr(amq_last_error(), "m = 0"));
    assert_int_equal(amq_bloom_create(&bf, 100, 0, AMQ_HASH_DEFAULT, 0), AMQ_E_INVALID_K);
    assert_non_null(strstr(amq_last_error(), "k = 0"));
    assert_int_equal(amq_bloom_create(&bf, 100, AMQ_MAX_K + 1, AMQ_HASH_DEFAULT, 0), AMQ_E_INVALID_K);
    assert_int_equal(amq_bloom_create(&bf, 100, 3, (amq_hash_strategy)9, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_bloom_create_for(&bf, 100, 0.0, AMQ_HASH_DEFAULT, 0, NULL), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_bloom_create_for(&bf, 100, 1.0, AMQ_HASH_DEFAULT, 0, NULL), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_bloom_create_for(&bf, 100, -0.5, AMQ_HASH_DEFAULT, 0, NULL), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_bloom_create_for(&bf, 100, NAN, AMQ_HASH_DEFAULT, 0, NULL), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_bloom_create_for(&bf, 0, 0.01, AMQ_HASH_DEFAULT, 0, NULL), AMQ_E_INVALID_N);
    assert_int_equal(amq_bloom_create_for(&bf, UINT64_MAX, 1e-9, AMQ_HASH_DEFAULT, 0, NULL), AMQ_E_OVERFLOW);
    /* m = 2^64-1 bits needs 2^61 bytes: the allocation fails cleanly */
    assert_int_equal(amq_bloom_create(&bf, UINT64_MAX, 3, AMQ_HASH_DEFAULT, 0), AMQ_E_NOMEM);
    assert_ptr_equal(bf, (amq_bloom *)0x1); /* output untouched on failure */
    assert_int_equal(amq_bloom_create(NULL, 100, 3, AMQ_HASH_DEFAULT, 0), AMQ_E_INVALID_ARG);
}

static void failed_add_changes_nothing(void **state)
{
    (void)state;
    amq_bloom *bf;
    assert_int_equal(amq_bloom_create(&bf, 640, 4, AMQ_HASH_DEFAULT, 0), AMQ_OK);
    add_u64(bf, 1);
    uint64_t before[10];
    memcpy(before, amq_bloom_bits(bf), sizeof before);
    assert_int_equal(amq_bloom_add(bf, NULL, 5), AMQ_E_INVALID_ARG);
    assert_memory_equal(before, amq_bloom_bits(bf), sizeof before);
    amq_bloom_free(bf);
}

static void clear_union_count(void **state)
{
    (void)state;
    amq_bloom *a, *b, *c;
    assert_int_equal(amq_bloom_create(&a, 5000, 5, AMQ_HASH_TRIPLE, 3), AMQ_OK);
    assert_int_equal(amq_bloom_create(&b, 5000, 5, AMQ_HASH_TRIPLE, 3), AMQ_OK);
    for (uint64_t i = 0; i < 200; i++) {
        add_u64(a, i);
        add_u64(b, 1000 + i);
    }
    uint64_t ca = amq_bloom_count_bits(a), cb = amq_bloom_count_bits(b);
    assert_true(ca > 0 && ca <= 1000);
    assert_int_equal(amq_bloom_union(a, b), AMQ_OK);
    assert_true(amq_bloom_count_bits(a) >= ca && amq_bloom_count_bits(a) <= ca + cb);
    for (uint64_t i = 0; i < 200; i++)
        assert_true(has_u64(a, i) && has_u64(a, 1000 + i));
    /* mismatched parameters: error, and dst unchanged */
    const char *what[] = {"m", "k", "hash", "seed"};
    for (int t = 0; t < 4; t++) {
        assert_int_equal(amq_bloom_create(&c, t == 0 ? 5001 : 5000, t == 1 ? 6 : 5,
                                          t == 2 ? AMQ_HASH_DOUBLE : AMQ_HASH_TRIPLE, t == 3 ? 4 : 3),
                         AMQ_OK);
        add_u64(c, 77777);
        uint64_t before = amq_bloom_count_bits(a);
        assert_int_equal(amq_bloom_union(a, c), AMQ_E_MISMATCH);
        assert_non_null(strstr(amq_last_error(), what[t]));
        assert_int_equal(amq_bloom_count_bits(a), before);
        amq_bloom_free(c);
    }
    amq_bloom_clear(a);
    assert_int_equal(amq_bloom_count_bits(a), 0);
    assert_false(has_u64(a, 5));
    amq_bloom_free(a);
    amq_bloom_free(b);
}

static void estimate_count_tracks_inserts(void **state)
{
    (void)state;
    amq_bloom *bf;
    assert_int_equal(amq_bloom_create(&bf, 1 << 20, 7, AMQ_HASH_DEFAULT, 1), AMQ_OK);
    assert_true(amq_bloom_estimate_count(bf) == 0.0);
    for (uint64_t i = 0; i < 50000; i++)
        add_u64(bf, i);
    double est = amq_bloom_estimate_count(bf);
    /* sd of the estimate here is ~ 0.3%; 3% is far outside noise but catches a wrong formula */
    assert_true(fabs(est - 50000.0) < 1500.0);
    amq_bloom_free(bf);
    assert_int_equal(amq_bloom_create(&bf, 1, 1, AMQ_HASH_DEFAULT, 1), AMQ_OK);
    add_u64(bf, 1);
    assert_true(isinf(amq_bloom_estimate_count(bf)));
    amq_bloom_free(bf);
}

/* m > 2^32: indices and sizes must not wrap at 32 bits. */
static void beyond_2_to_32_bits(void **state)
{
    (void)state;
    const uint64_t m = (1ull << 32) + (1ull << 30) + 100; /* 20% of positions above 2^32 */
    amq_bloom *bf;
    assert_int_equal(amq_bloom_create(&bf, m, 4, AMQ_HASH_DEFAULT, 5), AMQ_OK);
    /* kernel directly at the top positions */
    uint64_t top[2] = {m - 1, (1ull << 32) + 3};
    amq_bloom_kernel_add((uint64_t *)amq_bloom_bits(bf), m, top, 2);
    assert_int_equal(amq_bloom_count_bits(bf), 2);
    assert_true(amq_bloom_kernel_query(amq_bloom_bits(bf), m, top, 2));
    uint64_t low[2] = {(m - 1) & 0xFFFFFFFFu, 3}; /* what a 32-bit wrap would hit */
    assert_false(amq_bloom_kernel_query(amq_bloom_bits(bf), m, low, 1));
    assert_false(amq_bloom_kernel_query(amq_bloom_bits(bf), m, low + 1, 1));
    /* keys land above 2^32 too */
    for (uint64_t i = 0; i < 2000; i++)
        add_u64(bf, i);
    const uint64_t *w = amq_bloom_bits(bf);
    uint64_t high = 0;
    for (uint64_t i = (1ull << 32) / 64; i < AMQ_BLOOM_WORDS(m); i++)
        high += (uint64_t)__builtin_popcountll(w[i]);
    assert_true(high > 1000); /* ~ 8000 * 0.2 expected; a 32-bit wrap would give 2 */
    for (uint64_t i = 0; i < 2000; i++)
        assert_true(has_u64(bf, i));
    amq_bloom_free(bf);
}

static void sizing_uses_exact_rate(void **state)
{
    (void)state;
    uint64_t m, k;
    double got;
    assert_int_equal(amq_bloom_size_for(1000, 0.01, &m, &k, &got), AMQ_OK);
    assert_true(got <= 0.01);
    assert_true(k >= 5 && k <= 9);
    assert_true(m > 9000 && m < 10500);
    /* minimality: one bit fewer at the chosen k exceeds the target (certified rates) */
    mpfr_t lo, hi;
    mpfr_inits2(192, lo, hi, (mpfr_ptr)0);
    assert_int_equal(amq_bloom_fp_enclose(lo, hi, 192, m - 1, k, 1000), AMQ_OK);
    assert_true(mpfr_cmp_d(lo, 0.01) > 0 || mpfr_cmp_d(hi, 0.01) > 0);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    amq_bloom *bf;
    assert_int_equal(amq_bloom_create_for(&bf, 1000, 0.01, AMQ_HASH_DEFAULT, 0, &got), AMQ_OK);
    assert_int_equal(amq_bloom_m(bf), m);
    assert_int_equal(amq_bloom_k(bf), k);
    amq_bloom_free(bf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_false_negatives_each_strategy),
        cmocka_unit_test(empty_string_and_binary_keys),
        cmocka_unit_test(bad_arguments),
        cmocka_unit_test(failed_add_changes_nothing),
        cmocka_unit_test(clear_union_count),
        cmocka_unit_test(estimate_count_tracks_inserts),
        cmocka_unit_test(beyond_2_to_32_bits),
        cmocka_unit_test(sizing_uses_exact_rate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
