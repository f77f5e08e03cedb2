/* The NULL rule of amq/error.h for the rate headers (amq/spec_bloom.h, spec_quotient.h,
 * spec_counting.h, spec_moments.h, spec_cuckoo.h, spec_window.h, spec_blocked.h,
 * spec_omissions.h): every function is called
 * with NULL in each required pointer argument, then with valid ones (small parameters, so
 * each call is cheap); the last test fails when a header declares a function this file does
 * not call.  ASan+UBSan run it too. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/api_coverage.h"
#include <amq/spec_blocked.h>
#include <amq/spec_bloom.h>
#include <amq/spec_counting.h>
#include <amq/spec_cuckoo.h>
#include <amq/spec_moments.h>
#include <amq/spec_omissions.h>
#include <amq/spec_quotient.h>
#include <amq/spec_window.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const covered[] = {"include/amq/spec_bloom.h", "include/amq/spec_quotient.h",
                                      "include/amq/spec_counting.h", "include/amq/spec_moments.h",
                                      "include/amq/spec_cuckoo.h", "include/amq/spec_window.h",
                                      "include/amq/spec_blocked.h", "include/amq/spec_omissions.h"};

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
    mpq_t q;
    mpfr_t lo, hi;
    mpq_init(q);
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    const amq_bloom_params bp = {1024, 3, 10};
    const amq_quotient_params qp = {12, 10};
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
    mpq_clear(q);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

/* The rates of amq/spec_cuckoo.h and amq/spec_window.h (and their moments). */
static void every_cuckoo_window_rate_function(void **state)
{
    (void)state;
    mpq_t q, q2;
    mpfr_t lo, hi;
    mpq_inits(q, q2, (mpq_ptr)0);
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    uint64_t u = 0, words[8] = {0} /* amq_cuckoo_table_words(16, 4, 8) */, loads[3] = {3, 3, 2};
    amq_cuckoo_enum_result er;
    const amq_window_params wp = {1024, 3, 8, 3, 10};
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
    invalid(amq_cuckoo_fp_moment_enclose(NULL, hi, 30, 63, 4, 8, 100, 2));
    invalid(amq_cuckoo_fp_moment_enclose(lo, NULL, 30, 63, 4, 8, 100, 2));
    ok(amq_cuckoo_fp_moment_enclose(lo, hi, 30, 63, 4, 8, 100, 2));
    invalid(amq_window_fp_moment_enclose(NULL, hi, 30, 1024, 3, 8, 3, 10, 2));
    invalid(amq_window_fp_moment_enclose(lo, NULL, 30, 1024, 3, 8, 3, 10, 2));
    ok(amq_window_fp_moment_enclose(lo, hi, 30, 1024, 3, 8, 3, 10, 2));
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

/* amq/spec_blocked.h: optional are lo_out/hi_out of the decimals, `achieved` of the sizing
 * routines and the argument of amq_expsum_clear; a NULL inner-rate block gives a rate without
 * callbacks that the mixture refuses. */
static void every_blocked_function(void **state)
{
    (void)state;
    mpq_t q;
    mpfr_t lo, hi;
    mpq_init(q);
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    amq_expsum e = {0, NULL, NULL};
    amq_expsum_clear(NULL); /* optional: nothing to do */
    amq_expsum_clear(&e);
    const amq_inner_bloom_params ibp = {64, 3};
    const amq_inner_partitioned_params ipp = {64, 4};
    const amq_inner_quotient_params iqp = {8};
    const amq_inner_rate rates[] = {amq_inner_rate_bloom(&ibp), amq_inner_rate_counting(&ibp),
                                    amq_inner_rate_partitioned(&ipp), amq_inner_rate_quotient(&iqp)};
    const amq_inner_rate none[] = {amq_inner_rate_bloom(NULL), amq_inner_rate_counting(NULL),
                                   amq_inner_rate_partitioned(NULL), amq_inner_rate_quotient(NULL)};
    for (size_t j = 0; j < 4; j++) {
        invalid(amq_blocked_fp_exact(q, &none[j], 4, 10));
        invalid(amq_blocked_fp_enclose(lo, hi, 64, &none[j], 4, 10));
        ok(amq_blocked_fp_exact(q, &rates[j], 4, 10));
        ok(amq_blocked_fp_enclose(lo, hi, 64, &rates[j], 4, 10));
    }
    const amq_inner_rate *f = &rates[0];
    invalid(amq_partitioned_inner_exact(NULL, 64, 4, 10));
    ok(amq_partitioned_inner_exact(q, 64, 4, 10));
    invalid(amq_partitioned_inner_enclose(NULL, hi, 64, 64, 4, 10));
    invalid(amq_partitioned_inner_enclose(lo, NULL, 64, 64, 4, 10));
    ok(amq_partitioned_inner_enclose(lo, hi, 64, 64, 4, 10));
    invalid(amq_blocked_fp_exact_sum(NULL, f, 4, 10));
    invalid(amq_blocked_fp_exact_sum(q, NULL, 4, 10));
    ok(amq_blocked_fp_exact_sum(q, f, 4, 10));
    invalid(amq_blocked_fp_exact_pgf(NULL, f, 4, 10));
    invalid(amq_blocked_fp_exact_pgf(q, NULL, 4, 10));
    ok(amq_blocked_fp_exact_pgf(q, f, 4, 10));
    invalid(amq_blocked_fp_exact(NULL, f, 4, 10));
    invalid(amq_blocked_fp_exact(q, NULL, 4, 10));
    invalid(amq_blocked_fp_enclose_window(NULL, hi, 64, f, 4, 10));
    invalid(amq_blocked_fp_enclose_window(lo, NULL, 64, f, 4, 10));
    invalid(amq_blocked_fp_enclose_window(lo, hi, 64, NULL, 4, 10));
    ok(amq_blocked_fp_enclose_window(lo, hi, 64, f, 4, 10));
    invalid(amq_blocked_fp_enclose_pgf(NULL, hi, 64, f, 4, 10));
    invalid(amq_blocked_fp_enclose_pgf(lo, NULL, 64, f, 4, 10));
    invalid(amq_blocked_fp_enclose_pgf(lo, hi, 64, NULL, 4, 10));
    ok(amq_blocked_fp_enclose_pgf(lo, hi, 64, f, 4, 10));
    invalid(amq_blocked_fp_enclose(NULL, hi, 64, f, 4, 10));
    invalid(amq_blocked_fp_enclose(lo, NULL, 64, f, 4, 10));
    invalid(amq_blocked_fp_enclose(lo, hi, 64, NULL, 4, 10));
    const amq_blocked_params bp = {f, 4, 10};
    invalid(amq_blocked_fp_enclose_cb(NULL, hi, 64, &bp));
    invalid(amq_blocked_fp_enclose_cb(lo, NULL, 64, &bp));
    invalid(amq_blocked_fp_enclose_cb(lo, hi, 64, NULL));
    ok(amq_blocked_fp_enclose_cb(lo, hi, 64, &bp));
    invalid(amq_blocked_fp_decimal(NULL, f, 4, 10, 5, lo, hi));
    invalid(amq_blocked_fp_decimal(&out, NULL, 4, 10, 5, lo, hi));
    ok(amq_blocked_fp_decimal(&out, f, 4, 10, 5, NULL, NULL));
    ok(amq_blocked_fp_decimal(&out, f, 4, 10, 5, lo, hi));
    invalid(amq_blocked_bloom_fp_exact(NULL, 4, 64, 3, 10));
    ok(amq_blocked_bloom_fp_exact(q, 4, 64, 3, 10));
    invalid(amq_blocked_bloom_fp_enclose(NULL, hi, 64, 4, 64, 3, 10));
    invalid(amq_blocked_bloom_fp_enclose(lo, NULL, 64, 4, 64, 3, 10));
    ok(amq_blocked_bloom_fp_enclose(lo, hi, 64, 4, 64, 3, 10));
    invalid(amq_blocked_bloom_fp_pair_exact(NULL, 4, 64, 3, 10));
    ok(amq_blocked_bloom_fp_pair_exact(q, 4, 64, 3, 10));
    invalid(amq_blocked_bloom_fp_pair_enclose(NULL, hi, 64, 4, 64, 3, 10));
    invalid(amq_blocked_bloom_fp_pair_enclose(lo, NULL, 64, 4, 64, 3, 10));
    ok(amq_blocked_bloom_fp_pair_enclose(lo, hi, 64, 4, 64, 3, 10));
    invalid(amq_blocked_bloom_fp_moment_exact(NULL, 4, 64, 3, 10, 3));
    ok(amq_blocked_bloom_fp_moment_exact(q, 4, 64, 3, 10, 3));
    invalid(amq_blocked_bloom_fp_moment_enclose(NULL, hi, 64, 4, 64, 3, 10, 3));
    invalid(amq_blocked_bloom_fp_moment_enclose(lo, NULL, 64, 4, 64, 3, 10, 3));
    ok(amq_blocked_bloom_fp_moment_enclose(lo, hi, 64, 4, 64, 3, 10, 3));
    invalid(amq_blocked_partitioned_fp_moment_exact(NULL, 4, 64, 4, 10, 3));
    ok(amq_blocked_partitioned_fp_moment_exact(q, 4, 64, 4, 10, 3));
    invalid(amq_blocked_partitioned_fp_moment_enclose(NULL, hi, 64, 4, 64, 4, 10, 3));
    invalid(amq_blocked_partitioned_fp_moment_enclose(lo, NULL, 64, 4, 64, 4, 10, 3));
    ok(amq_blocked_partitioned_fp_moment_enclose(lo, hi, 64, 4, 64, 4, 10, 3));
    invalid(amq_blocked_quotient_fp_moment_exact(NULL, 4, 6, 10, 3));
    ok(amq_blocked_quotient_fp_moment_exact(q, 4, 6, 10, 3));
    invalid(amq_blocked_quotient_fp_moment_enclose(NULL, hi, 64, 4, 6, 10, 3));
    invalid(amq_blocked_quotient_fp_moment_enclose(lo, NULL, 64, 4, 6, 10, 3));
    ok(amq_blocked_quotient_fp_moment_enclose(lo, hi, 64, 4, 6, 10, 3));
    invalid(amq_partitioned_fp_moment_exact(NULL, 64, 4, 10, 3));
    ok(amq_partitioned_fp_moment_exact(q, 64, 4, 10, 3));
    invalid(amq_partitioned_fp_moment_enclose(NULL, hi, 64, 64, 4, 10, 3));
    invalid(amq_partitioned_fp_moment_enclose(lo, NULL, 64, 64, 4, 10, 3));
    ok(amq_partitioned_fp_moment_enclose(lo, hi, 64, 64, 4, 10, 3));
    invalid(amq_blocked_bloom_fp_decimal(NULL, 4, 64, 3, 10, 5, NULL, NULL));
    ok(amq_blocked_bloom_fp_decimal(&out, 4, 64, 3, 10, 5, NULL, NULL));
    assert_false(isnan(amq_blocked_bloom_fp_approx_classic(4, 64, 3, 10))); /* no pointer arguments */
    assert_false(isnan(amq_blocked_bloom_fp_approx_poisson(4, 64, 3, 10))); /* no pointer arguments */
    mpq_clear(q);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

/* amq/spec_blocked.h, continued: the rates of the structures built on blocks (counting blocked,
 * blocked partitioned, split-block, blocked quotient, partitioned) and the sizing routines. */
static void every_blocked_structure_function(void **state)
{
    (void)state;
    mpq_t q;
    mpfr_t lo, hi;
    mpq_init(q);
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    uint64_t u = 0, u2 = 0;
    double d = 0;
    invalid(amq_counting_blocked_fp_exact(NULL, 4, 64, 3, 10));
    ok(amq_counting_blocked_fp_exact(q, 4, 64, 3, 10));
    invalid(amq_counting_blocked_fp_enclose(NULL, hi, 64, 4, 64, 3, 10));
    invalid(amq_counting_blocked_fp_enclose(lo, NULL, 64, 4, 64, 3, 10));
    ok(amq_counting_blocked_fp_enclose(lo, hi, 64, 4, 64, 3, 10));
    invalid(amq_counting_blocked_fp_decimal(NULL, 4, 64, 3, 10, 5, NULL, NULL));
    ok(amq_counting_blocked_fp_decimal(&out, 4, 64, 3, 10, 5, NULL, NULL));
    invalid(amq_blocked_partitioned_fp_exact(NULL, 4, 64, 4, 10));
    ok(amq_blocked_partitioned_fp_exact(q, 4, 64, 4, 10));
    invalid(amq_blocked_partitioned_fp_enclose(NULL, hi, 64, 4, 64, 4, 10));
    invalid(amq_blocked_partitioned_fp_enclose(lo, NULL, 64, 4, 64, 4, 10));
    ok(amq_blocked_partitioned_fp_enclose(lo, hi, 64, 4, 64, 4, 10));
    invalid(amq_blocked_partitioned_fp_decimal(NULL, 4, 64, 4, 10, 5, NULL, NULL));
    ok(amq_blocked_partitioned_fp_decimal(&out, 4, 64, 4, 10, 5, NULL, NULL));
    invalid(amq_split_block_fp_exact(NULL, 512, 10));
    ok(amq_split_block_fp_exact(q, 512, 10));
    invalid(amq_split_block_fp_enclose(NULL, hi, 64, 512, 10));
    invalid(amq_split_block_fp_enclose(lo, NULL, 64, 512, 10));
    ok(amq_split_block_fp_enclose(lo, hi, 64, 512, 10));
    invalid(amq_split_block_fp_decimal(NULL, 512, 10, 5, NULL, NULL));
    ok(amq_split_block_fp_decimal(&out, 512, 10, 5, NULL, NULL));
    assert_false(isnan(amq_split_block_fp_approx_classic(512, 10))); /* no pointer arguments */
    assert_false(isnan(amq_split_block_fp_approx_poisson(512, 10))); /* no pointer arguments */
    assert_false(isnan(amq_split_block_fp_approx_classic_shape(2, 8, 32, 10))); /* no pointer arguments */
    assert_false(isnan(amq_split_block_fp_approx_poisson_shape(2, 8, 32, 10))); /* no pointer arguments */
    assert_false(isnan(amq_split_block_bits_per_key_classic(0.01))); /* no pointer arguments */
    invalid(amq_blocked_quotient_fp_exact(NULL, 4, 8, 10));
    ok(amq_blocked_quotient_fp_exact(q, 4, 8, 10));
    invalid(amq_blocked_quotient_fp_enclose(NULL, hi, 64, 4, 8, 10));
    invalid(amq_blocked_quotient_fp_enclose(lo, NULL, 64, 4, 8, 10));
    ok(amq_blocked_quotient_fp_enclose(lo, hi, 64, 4, 8, 10));
    invalid(amq_blocked_quotient_fp_decimal(NULL, 4, 8, 10, 5, NULL, NULL));
    ok(amq_blocked_quotient_fp_decimal(&out, 4, 8, 10, 5, NULL, NULL));
    assert_false(isnan(amq_blocked_quotient_fp_approx_union(4, 8, 10))); /* no pointer arguments */
    assert_false(isnan(amq_blocked_quotient_fp_approx_exp(4, 8, 10))); /* no pointer arguments */
    invalid(amq_partitioned_fp_exact(NULL, 64, 4, 10));
    ok(amq_partitioned_fp_exact(q, 64, 4, 10));
    invalid(amq_partitioned_fp_enclose(NULL, hi, 64, 64, 4, 10));
    invalid(amq_partitioned_fp_enclose(lo, NULL, 64, 64, 4, 10));
    ok(amq_partitioned_fp_enclose(lo, hi, 64, 64, 4, 10));
    invalid(amq_partitioned_fp_decimal(NULL, 64, 4, 10, 5, NULL, NULL));
    ok(amq_partitioned_fp_decimal(&out, 64, 4, 10, 5, NULL, NULL));
    assert_false(isnan(amq_partitioned_fp_approx_classic(64, 4, 10))); /* no pointer arguments */
    assert_false(isnan(amq_partitioned_fp_approx_exp(64, 4, 10))); /* no pointer arguments */
    invalid(amq_split_block_size_for(100, 0.01, NULL, &d));
    ok(amq_split_block_size_for(100, 0.01, &u, NULL)); /* achieved is optional */
    invalid(amq_blocked_bloom_size_for(100, 0.01, 512, NULL, &u2, &d));
    invalid(amq_blocked_bloom_size_for(100, 0.01, 512, &u, NULL, &d));
    ok(amq_blocked_bloom_size_for(100, 0.01, 512, &u, &u2, NULL));
    invalid(amq_partitioned_size_for(100, 0.01, NULL, &u2, &d));
    invalid(amq_partitioned_size_for(100, 0.01, &u, NULL, &d));
    ok(amq_partitioned_size_for(100, 0.01, &u, &u2, NULL));
    invalid(amq_blocked_quotient_size_for(100, 0.01, 10, NULL, &u2, &d));
    invalid(amq_blocked_quotient_size_for(100, 0.01, 10, &u, NULL, &d));
    ok(amq_blocked_quotient_size_for(100, 0.01, 10, &u, &u2, &d));
    mpq_clear(q);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

/* amq/spec_omissions.h: optional are the lo/hi of the decimals, k_tie, n_lo/n_hi, n_out, the
 * fingerprint count s of amq_omissions_params, and the argument of amq_omissions_eq3_stats_clear. */
static void every_omissions_function(void **state)
{
    (void)state;
    mpq_t q, q2;
    mpfr_t lo, hi, lo2, hi2;
    mpz_t s;
    mpq_inits(q, q2, (mpq_ptr)0);
    mpfr_inits2(64, lo, hi, lo2, hi2, (mpfr_ptr)0);
    mpz_init(s);
    invalid(amq_fingerprint_space(NULL, 64, 2, 0));
    ok(amq_fingerprint_space(s, 64, 2, 0));
    invalid(amq_fingerprint_fp_exact(NULL, s, 10));
    invalid(amq_fingerprint_fp_exact(q, NULL, 10));
    ok(amq_fingerprint_fp_exact(q, s, 10));
    invalid(amq_fingerprint_fp_enclose(NULL, hi, 64, s, 10));
    invalid(amq_fingerprint_fp_enclose(lo, NULL, 64, s, 10));
    invalid(amq_fingerprint_fp_enclose(lo, hi, 64, NULL, 10));
    ok(amq_fingerprint_fp_enclose(lo, hi, 64, s, 10));
    invalid(amq_fingerprint_fp_decimal(NULL, s, 10, 5, lo, hi));
    invalid(amq_fingerprint_fp_decimal(&out, NULL, 10, 5, lo, hi));
    ok(amq_fingerprint_fp_decimal(&out, s, 10, 5, NULL, NULL));
    invalid(amq_bloom_fp_paper_exact(NULL, 64, 3, 10));
    ok(amq_bloom_fp_paper_exact(q, 64, 3, 10));
    invalid(amq_bloom_fp_paper_enclose(NULL, hi, 64, 64, 3, 10));
    invalid(amq_bloom_fp_paper_enclose(lo, NULL, 64, 64, 3, 10));
    ok(amq_bloom_fp_paper_enclose(lo, hi, 64, 64, 3, 10));
    const amq_omissions_params op = {64, 3, 10, NULL, AMQ_OMISSIONS_EXACT}, fp = {64, 3, 10, s, AMQ_OMISSIONS_PAPER};
    invalid(amq_omissions_rate_exact(NULL, &op, 5));
    invalid(amq_omissions_rate_exact(q, NULL, 5));
    ok(amq_omissions_rate_exact(q, &op, 5));
    ok(amq_omissions_rate_exact(q, &fp, 5));
    invalid(amq_omissions_rate_enclose(NULL, hi, 64, &op, 5));
    invalid(amq_omissions_rate_enclose(lo, NULL, 64, &op, 5));
    invalid(amq_omissions_rate_enclose(lo, hi, 64, NULL, 5));
    ok(amq_omissions_rate_enclose(lo, hi, 64, &fp, 5));
    invalid(amq_omissions_rate_decimal(NULL, &op, 5, 5, NULL, NULL));
    invalid(amq_omissions_rate_decimal(&out, NULL, 5, 5, NULL, NULL));
    ok(amq_omissions_rate_decimal(&out, &op, 5, 5, lo, hi));
    invalid(amq_omissions_expected_enclose(NULL, hi, 20, &op));
    invalid(amq_omissions_expected_enclose(lo, NULL, 20, &op));
    invalid(amq_omissions_expected_enclose(lo, hi, 20, NULL));
    ok(amq_omissions_expected_enclose(lo, hi, 20, &op));
    invalid(amq_omissions_log_p0_enclose(NULL, hi, 20, &op));
    invalid(amq_omissions_log_p0_enclose(lo, NULL, 20, &op));
    invalid(amq_omissions_log_p0_enclose(lo, hi, 20, NULL));
    ok(amq_omissions_log_p0_enclose(lo, hi, 20, &op));
    invalid(amq_omissions_p0_enclose(NULL, hi, 20, &op));
    invalid(amq_omissions_p0_enclose(lo, NULL, 20, &op));
    invalid(amq_omissions_p0_enclose(lo, hi, 20, NULL));
    ok(amq_omissions_p0_enclose(lo, hi, 20, &op));
    invalid(amq_omissions_p0_upper(NULL, &op));
    invalid(amq_omissions_p0_upper(lo, NULL));
    ok(amq_omissions_p0_upper(lo, &op));
    invalid(amq_omissions_expected_decimal(NULL, &op, 5, NULL, NULL));
    invalid(amq_omissions_expected_decimal(&out, NULL, 5, NULL, NULL));
    ok(amq_omissions_expected_decimal(&out, &op, 5, NULL, NULL));
    invalid(amq_omissions_p0_decimal(NULL, &op, 5, NULL, NULL));
    invalid(amq_omissions_p0_decimal(&out, NULL, 5, NULL, NULL));
    ok(amq_omissions_p0_decimal(&out, &op, 5, NULL, NULL));
    invalid(amq_omissions_coverage_decimal(NULL, &op, 1, 5, NULL, NULL));
    invalid(amq_omissions_coverage_decimal(&out, NULL, 1, 5, NULL, NULL));
    ok(amq_omissions_coverage_decimal(&out, &op, 1, 5, NULL, NULL));
    invalid(amq_omissions_exact(NULL, q2, &op));
    invalid(amq_omissions_exact(q, NULL, &op));
    invalid(amq_omissions_exact(q, q2, NULL));
    ok(amq_omissions_exact(q, q2, &op));
    invalid(amq_omissions_brute_enclose(NULL, hi, lo2, hi2, 64, &op));
    invalid(amq_omissions_brute_enclose(lo, NULL, lo2, hi2, 64, &op));
    invalid(amq_omissions_brute_enclose(lo, hi, NULL, hi2, 64, &op));
    invalid(amq_omissions_brute_enclose(lo, hi, lo2, NULL, 64, &op));
    invalid(amq_omissions_brute_enclose(lo, hi, lo2, hi2, 64, NULL));
    ok(amq_omissions_brute_enclose(lo, hi, lo2, hi2, 64, &op));
    mpz_clear(s);
    mpq_clears(q, q2, (mpq_ptr)0);
    mpfr_clears(lo, hi, lo2, hi2, (mpfr_ptr)0);
}

/* amq/spec_omissions.h, continued: the integral and barrier bounds, the optimal k, the eq3
 * comparison and the state estimate. */
static void every_omissions_bound_function(void **state)
{
    (void)state;
    mpq_t r, from, to;
    mpfr_t lo, hi, lo2, hi2;
    mpq_inits(r, from, to, (mpq_ptr)0);
    mpfr_inits2(64, lo, hi, lo2, hi2, (mpfr_ptr)0);
    mpq_set_ui(r, 10, 1);
    mpq_set_ui(from, 4, 1);
    mpq_set_ui(to, 5, 1);
    uint64_t u = 0, u2 = 0;
    char *n_out = NULL;
    invalid(amq_omissions_integral_enclose(NULL, hi, 64, 3, r));
    invalid(amq_omissions_integral_enclose(lo, NULL, 64, 3, r));
    invalid(amq_omissions_integral_enclose(lo, hi, 64, 3, NULL));
    ok(amq_omissions_integral_enclose(lo, hi, 64, 3, r));
    invalid(amq_omissions_barrier_enclose(NULL, hi, 20, 1));
    invalid(amq_omissions_barrier_enclose(lo, NULL, 20, 1));
    ok(amq_omissions_barrier_enclose(lo, hi, 20, 1));
    invalid(amq_omissions_barrier_decimal(NULL, 1, 5, NULL, NULL));
    ok(amq_omissions_barrier_decimal(&out, 1, 5, NULL, NULL));
    invalid(amq_omissions_optimal_k(NULL, &u2, r));
    invalid(amq_omissions_optimal_k(&u, &u2, NULL));
    ok(amq_omissions_optimal_k(&u, NULL, r)); /* k_tie is optional */
    invalid(amq_omissions_eq3_k(NULL, r));
    invalid(amq_omissions_eq3_k(&u, NULL));
    ok(amq_omissions_eq3_k(&u, r));
    invalid(amq_omissions_eq3_barrier_enclose(NULL, hi, 20, 1));
    invalid(amq_omissions_eq3_barrier_enclose(lo, NULL, 20, 1));
    ok(amq_omissions_eq3_barrier_enclose(lo, hi, 20, 1));
    invalid(amq_omissions_eq3_barrier_decimal(NULL, 1, 5));
    ok(amq_omissions_eq3_barrier_decimal(&out, 1, 5));
    amq_omissions_eq3_stats st;
    invalid(amq_omissions_eq3_compare(NULL, 2, from, to));
    invalid(amq_omissions_eq3_compare(&st, 2, NULL, to));
    invalid(amq_omissions_eq3_compare(&st, 2, from, NULL));
    ok(amq_omissions_eq3_compare(&st, 2, from, to));
    amq_omissions_eq3_stats_clear(&st);
    amq_omissions_eq3_stats_clear(NULL); /* nothing to release */
    invalid(amq_state_estimate_enclose(NULL, hi, lo2, hi2, 64, 1024, 3, 100, 30));
    invalid(amq_state_estimate_enclose(lo, NULL, lo2, hi2, 64, 1024, 3, 100, 30));
    ok(amq_state_estimate_enclose(lo, hi, NULL, NULL, 64, 1024, 3, 100, 30)); /* n_lo, n_hi optional */
    ok(amq_state_estimate_enclose(lo, hi, lo2, hi2, 64, 1024, 3, 100, 30));
    invalid(amq_state_estimate_decimal(NULL, &n_out, 1024, 3, 100, 30, 5));
    ok(amq_state_estimate_decimal(&out, NULL, 1024, 3, 100, 30, 5)); /* n_out optional */
    ok(amq_state_estimate_decimal(&out, &n_out, 1024, 3, 100, 30, 5));
    free(n_out);
    mpq_clears(r, from, to, (mpq_ptr)0);
    mpfr_clears(lo, hi, lo2, hi2, (mpfr_ptr)0);
}

static void every_function_is_covered(void **state)
{
    (void)state;
    /* make check runs in the repository root */
    api_assert_covered("tests/test_api_null_spec.c", covered, sizeof covered / sizeof covered[0], 120);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(every_rate_function),
                                       cmocka_unit_test(every_cuckoo_window_rate_function),
                                       cmocka_unit_test(every_blocked_function),
                                       cmocka_unit_test(every_blocked_structure_function),
                                       cmocka_unit_test(every_omissions_function),
                                       cmocka_unit_test(every_omissions_bound_function),
                                       cmocka_unit_test(every_function_is_covered)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
