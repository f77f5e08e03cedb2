/* The NULL rule of amq/error.h for the rate headers (amq/spec_bloom.h, spec_quotient.h,
 * spec_counting.h, spec_moments.h, spec_cuckoo.h, spec_window.h): every function is called
 * with NULL in each required pointer argument, then with valid ones (small parameters, so
 * each call is cheap); the last test fails when a header declares a function this file does
 * not call.  ASan+UBSan run it too. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/api_coverage.h"
#include <amq/spec_bloom.h>
#include <amq/spec_counting.h>
#include <amq/spec_cuckoo.h>
#include <amq/spec_moments.h>
#include <amq/spec_quotient.h>
#include <amq/spec_window.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const covered[] = {"include/amq/spec_bloom.h", "include/amq/spec_quotient.h",
                                      "include/amq/spec_counting.h", "include/amq/spec_moments.h",
                                      "include/amq/spec_cuckoo.h", "include/amq/spec_window.h"};

static void invalid(amq_status st)
{
    assert_int_equal(st, AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "NULL"));
}

static char *out;

/* A valid call succeeds (so the NULL refusals above it are about the NULL alone). */
static void ok(amq_status st)
{
    if (st != AMQ_OK)
        print_error("%s\n", amq_last_error());
    assert_int_equal(st, AMQ_OK);
    free(out);
    out = NULL;
}

static void every_rate_function(void **state)
{
    (void)state;
    mpq_t q, q2;
    mpfr_t lo, hi;
    mpq_inits(q, q2, (mpq_ptr)0);
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    uint64_t u = 0, words[8] = {0} /* amq_cuckoo_table_words(16, 4, 8) */, loads[3] = {3, 3, 2};
    amq_cuckoo_enum_result er;
    const amq_bloom_params bp = {1024, 3, 10};
    const amq_quotient_params qp = {12, 10};
    const amq_window_params wp = {1024, 3, 8, 3, 10};
    invalid(amq_bloom_fp_stirling(NULL, 1024, 3, 10));
    ok(amq_bloom_fp_stirling(q, 1024, 3, 10));
    invalid(amq_bloom_fp_exact(NULL, 1024, 3, 10));
    ok(amq_bloom_fp_exact(q, 1024, 3, 10));
    invalid(amq_bloom_fp_enclose(NULL, hi, 64, 1024, 3, 10));
    invalid(amq_bloom_fp_enclose(lo, NULL, 64, 1024, 3, 10));
    ok(amq_bloom_fp_enclose(lo, hi, 64, 1024, 3, 10));
    invalid(amq_bloom_fp_enclose_cb(NULL, hi, 64, &bp));
    invalid(amq_bloom_fp_enclose_cb(lo, NULL, 64, &bp));
    invalid(amq_bloom_fp_enclose_cb(lo, hi, 64, NULL));
    ok(amq_bloom_fp_enclose_cb(lo, hi, 64, &bp));
    invalid(amq_bloom_fp_enclose_rel(NULL, hi, 20, 1024, 3, 10));
    invalid(amq_bloom_fp_enclose_rel(lo, NULL, 20, 1024, 3, 10));
    ok(amq_bloom_fp_enclose_rel(lo, hi, 20, 1024, 3, 10));
    invalid(amq_bloom_fp_decimal(NULL, 1024, 3, 10, 5, NULL, NULL));
    ok(amq_bloom_fp_decimal(&out, 1024, 3, 10, 5, NULL, NULL));
    invalid(amq_bloom_bit_prob_exact(NULL, 1024, 3, 10));
    ok(amq_bloom_bit_prob_exact(q, 1024, 3, 10));
    assert_false(isnan(amq_bloom_fp_approx_classic(1024, 3, 10))); /* no pointer arguments */
    assert_false(isnan(amq_bloom_fp_approx_exp(1024, 3, 10))); /* no pointer arguments */
    invalid(amq_bloom_approx_relerr(NULL, hi, 0.01, 1024, 3, 10));
    invalid(amq_bloom_approx_relerr(lo, NULL, 0.01, 1024, 3, 10));
    ok(amq_bloom_approx_relerr(lo, hi, 0.01, 1024, 3, 10));
    invalid(amq_bloom_bound_naive(NULL, 3));
    ok(amq_bloom_bound_naive(q, 3));
    invalid(amq_bloom_bound_half(NULL, 1024, 3, 10));
    ok(amq_bloom_bound_half(q, 1024, 3, 10));
    invalid(amq_quotient_fp_exact(NULL, 12, 10));
    ok(amq_quotient_fp_exact(q, 12, 10));
    invalid(amq_quotient_fp_enclose(NULL, hi, 64, 12, 10));
    invalid(amq_quotient_fp_enclose(lo, NULL, 64, 12, 10));
    ok(amq_quotient_fp_enclose(lo, hi, 64, 12, 10));
    invalid(amq_quotient_fp_enclose_cb(NULL, hi, 64, &qp));
    invalid(amq_quotient_fp_enclose_cb(lo, NULL, 64, &qp));
    invalid(amq_quotient_fp_enclose_cb(lo, hi, 64, NULL));
    ok(amq_quotient_fp_enclose_cb(lo, hi, 64, &qp));
    invalid(amq_quotient_fp_decimal(NULL, 12, 10, 5, NULL, NULL));
    ok(amq_quotient_fp_decimal(&out, 12, 10, 5, NULL, NULL));
    assert_false(isnan(amq_quotient_fp_approx_union(12, 10))); /* no pointer arguments */
    assert_false(isnan(amq_quotient_fp_approx_exp(12, 10))); /* no pointer arguments */
    invalid(amq_counting_fp_exact(NULL, 1024, 3, 10));
    ok(amq_counting_fp_exact(q, 1024, 3, 10));
    invalid(amq_counting_fp_enclose(NULL, hi, 64, 1024, 3, 10));
    invalid(amq_counting_fp_enclose(lo, NULL, 64, 1024, 3, 10));
    ok(amq_counting_fp_enclose(lo, hi, 64, 1024, 3, 10));
    invalid(amq_counting_fp_decimal(NULL, 1024, 3, 10, 5, NULL, NULL));
    ok(amq_counting_fp_decimal(&out, 1024, 3, 10, 5, NULL, NULL));
    invalid(amq_counting_fp_after_removals(NULL, 1024, 3, 10, 2));
    ok(amq_counting_fp_after_removals(q, 1024, 3, 10, 2));
    invalid(amq_bloom_fp_query_exact(NULL, 1024, 3, 3, 10));
    ok(amq_bloom_fp_query_exact(q, 1024, 3, 3, 10));
    invalid(amq_bloom_fp_query_enclose(NULL, hi, 20, 1024, 3, 3, 10));
    invalid(amq_bloom_fp_query_enclose(lo, NULL, 20, 1024, 3, 3, 10));
    ok(amq_bloom_fp_query_enclose(lo, hi, 20, 1024, 3, 3, 10));
    invalid(amq_bloom_fp_pair_exact(NULL, 1024, 3, 10));
    ok(amq_bloom_fp_pair_exact(q, 1024, 3, 10));
    invalid(amq_bloom_fp_pair_enclose(NULL, hi, 20, 1024, 3, 10));
    invalid(amq_bloom_fp_pair_enclose(lo, NULL, 20, 1024, 3, 10));
    ok(amq_bloom_fp_pair_enclose(lo, hi, 20, 1024, 3, 10));
    assert_true(amq_cuckoo_fixed_pairs(16, 8) <= 16 * 255); /* no pointer arguments */
    invalid(amq_cuckoo_fp_exact(NULL, 16, 4, 8, 10));
    ok(amq_cuckoo_fp_exact(q, 16, 4, 8, 10));
    invalid(amq_cuckoo_fp_enclose(NULL, hi, 64, 16, 4, 8, 10));
    invalid(amq_cuckoo_fp_enclose(lo, NULL, 64, 16, 4, 8, 10));
    ok(amq_cuckoo_fp_enclose(lo, hi, 64, 16, 4, 8, 10));
    invalid(amq_cuckoo_fp_decimal(NULL, 16, 4, 8, 10, 5, NULL, NULL));
    ok(amq_cuckoo_fp_decimal(&out, 16, 4, 8, 10, 5, NULL, NULL));
    invalid(amq_cuckoo_fp_bound_fan(NULL, 16, 4, 8, 10));
    ok(amq_cuckoo_fp_bound_fan(q, 16, 4, 8, 10));
    invalid(amq_cuckoo_fp_load_model(NULL, 16, 4, 8, 10));
    ok(amq_cuckoo_fp_load_model(q, 16, 4, 8, 10));
    assert_false(isnan(amq_cuckoo_fp_approx_load(16, 4, 8, 10))); /* no pointer arguments */
    assert_false(isnan(amq_cuckoo_fp_approx_exp(16, 4, 8, 10))); /* no pointer arguments */
    invalid(amq_cuckoo_fp_state_table(NULL, words, 16, 4, 8));
    invalid(amq_cuckoo_fp_state_table(q, NULL, 16, 4, 8));
    ok(amq_cuckoo_fp_state_table(q, words, 16, 4, 8));
    invalid(amq_cuckoo_enum_fp(NULL, q, q2, 2, 2, 2, 1, 1, NULL));
    invalid(amq_cuckoo_enum_fp(&er, NULL, q2, 2, 2, 2, 1, 1, NULL));
    invalid(amq_cuckoo_enum_fp(&er, q, NULL, 2, 2, 2, 1, 1, NULL));
    ok(amq_cuckoo_enum_fp(&er, q, q2, 2, 2, 2, 1, 1, NULL));
    invalid(amq_window_capacity(NULL, 8, 3));
    ok(amq_window_capacity(&u, 8, 3));
    invalid(amq_window_loads(NULL, 8, 3, 10));
    uint64_t three[3];
    ok(amq_window_loads(three, 8, 3, 10)); /* g = 3 entries */
    invalid(amq_window_held(NULL, 8, 3, 10));
    ok(amq_window_held(&u, 8, 3, 10));
    invalid(amq_window_fp_exact(NULL, 1024, 3, 8, 3, 10));
    ok(amq_window_fp_exact(q, 1024, 3, 8, 3, 10));
    invalid(amq_window_fp_exact_loads(NULL, 1024, 3, loads, 3));
    invalid(amq_window_fp_exact_loads(q, 1024, 3, NULL, 3));
    ok(amq_window_fp_exact_loads(q, 1024, 3, loads, 3));
    invalid(amq_window_fp_enclose(NULL, hi, 64, 1024, 3, 8, 3, 10));
    invalid(amq_window_fp_enclose(lo, NULL, 64, 1024, 3, 8, 3, 10));
    ok(amq_window_fp_enclose(lo, hi, 64, 1024, 3, 8, 3, 10));
    invalid(amq_window_fp_enclose_loads(NULL, hi, 64, 1024, 3, loads, 3));
    invalid(amq_window_fp_enclose_loads(lo, NULL, 64, 1024, 3, loads, 3));
    invalid(amq_window_fp_enclose_loads(lo, hi, 64, 1024, 3, NULL, 3));
    ok(amq_window_fp_enclose_loads(lo, hi, 64, 1024, 3, loads, 3));
    invalid(amq_window_fp_enclose_cb(NULL, hi, 64, &wp));
    invalid(amq_window_fp_enclose_cb(lo, NULL, 64, &wp));
    invalid(amq_window_fp_enclose_cb(lo, hi, 64, NULL));
    ok(amq_window_fp_enclose_cb(lo, hi, 64, &wp));
    invalid(amq_window_fp_decimal(NULL, 1024, 3, 8, 3, 10, 5, NULL, NULL));
    ok(amq_window_fp_decimal(&out, 1024, 3, 8, 3, 10, 5, NULL, NULL));
    invalid(amq_window_fp_steady_range(NULL, q2, 1024, 3, 8, 3));
    invalid(amq_window_fp_steady_range(q, NULL, 1024, 3, 8, 3));
    ok(amq_window_fp_steady_range(q, q2, 1024, 3, 8, 3));
    mpq_clears(q, q2, (mpq_ptr)0);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

static void every_function_is_covered(void **state)
{
    (void)state;
    /* make check runs in the repository root */
    api_assert_covered("tests/test_api_null_spec.c", covered, sizeof covered / sizeof covered[0], 40);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(every_rate_function),
                                       cmocka_unit_test(every_function_is_covered)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
