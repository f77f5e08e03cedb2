/* Blocked AMQ rates (Ceramist Theorem 10) in use: the split-block sizing table of
 * docs/blocked.md, sizing minimality, edge cases and errors, the approximations against
 * the certified values, and the `amq rate` rows.  The rates themselves against enumeration:
 * test_spec_blocked.c. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/cli_run.h"
#include <stdint.h>
#include <amq/spec_blocked.h>
#include <amq/spec_bloom.h>
#include <amq/spec_quotient.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---------- the split-block table of docs/blocked.md (n = 1e6) ---------- */

static void split_block_table(void **state)
{
    (void)state;
    static const struct {
        double target;
        uint64_t formula_blocks; /* ceil(n * classic bits/key / 256) */
        const char *fp_at_formula; /* exact FP at that size, 6 digits */
        uint64_t exact_blocks;     /* amq_split_block_size_for */
    } rows[] = {
        {1e-1, 22549, "1.13391e-01", 23393},  {1e-2, 37819, "1.46262e-02", 41130},
        {1e-3, 57062, "2.07638e-03", 65976},  {1e-4, 82209, "3.22502e-04", 102897},
        {1e-5, 115452, "5.47512e-05", 160099},
    };
    const uint64_t n = 1000000;
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        double bpk = amq_split_block_bits_per_key_classic(rows[r].target);
        uint64_t fb = (uint64_t)ceil(bpk * (double)n / 256.0);
        assert_int_equal(fb, rows[r].formula_blocks);
        /* the formula at its own size "promises" the target */
        assert_true(fabs(amq_split_block_fp_approx_classic(fb * 256, n) / rows[r].target - 1.0) < 1e-3);
        char *s;
        assert_int_equal(amq_split_block_fp_decimal(&s, fb * 256, n, 6, NULL, NULL), AMQ_OK);
        assert_string_equal(s, rows[r].fp_at_formula);
        assert_true(atof(s) > 1.1 * rows[r].target); /* it gets more: 1.13x to 5.5x */
        free(s);
        uint64_t eb;
        double ach;
        assert_int_equal(amq_split_block_size_for(n, rows[r].target, &eb, &ach), AMQ_OK);
        assert_int_equal(eb, rows[r].exact_blocks);
        assert_true(ach <= rows[r].target);
    }
    /* the ratio at 1% is nearly independent of n at fixed bits/key */
    const uint64_t ns[] = {10000, 100000, 10000000, 100000000};
    for (size_t i = 0; i < 4; i++) {
        uint64_t fb = (uint64_t)ceil(amq_split_block_bits_per_key_classic(1e-2) * (double)ns[i] / 256.0);
        char *s;
        assert_int_equal(amq_split_block_fp_decimal(&s, fb * 256, ns[i], 6, NULL, NULL), AMQ_OK);
        assert_true(atof(s) > 0.0144 && atof(s) < 0.0147);
        free(s);
    }
}

/* ---------- sizing ---------- */

static int certified_above(const mpfr_t lo, double fpr) { return mpfr_cmp_d(lo, fpr) > 0; }

static void sizing_minimal(void **state)
{
    (void)state;
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    const double fprs[] = {0.3, 1e-2, 1e-3, 1e-4};
    const uint64_t ns[] = {1, 1000, 1000000};
    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < 3; j++) {
            uint64_t b;
            double ach;
            assert_int_equal(amq_split_block_size_for(ns[j], fprs[i], &b, &ach), AMQ_OK);
            assert_true(ach <= fprs[i]);
            assert_int_equal(amq_split_block_fp_enclose(lo, hi, 128, b * 256, ns[j]), AMQ_OK);
            assert_true(mpfr_cmp_d(hi, fprs[i]) <= 0);
            if (b > 1) {
                assert_int_equal(amq_split_block_fp_enclose(lo, hi, 128, (b - 1) * 256, ns[j]), AMQ_OK);
                assert_true(certified_above(lo, fprs[i]));
            }
        }
    /* blocked Bloom: minimal for its k, and no k in range does better (ties: smaller k) */
    {
        const uint64_t n = 100000;
        const double fpr = 1e-3;
        uint64_t b, k;
        double ach;
        assert_int_equal(amq_blocked_bloom_size_for(n, fpr, 512, &b, &k, &ach), AMQ_OK);
        assert_true(ach <= fpr && k >= 1);
        assert_int_equal(amq_blocked_bloom_fp_enclose(lo, hi, 128, b, 512, k, n), AMQ_OK);
        assert_true(mpfr_cmp_d(hi, fpr) <= 0);
        uint64_t kmax = 2 * (uint64_t)ceil(-log2(fpr)) + 8;
        for (uint64_t kk = 1; kk <= kmax; kk++) {
            assert_int_equal(amq_blocked_bloom_fp_enclose(lo, hi, 128, b - 1, 512, kk, n), AMQ_OK);
            assert_true(certified_above(lo, fpr));
            if (kk < k) {
                assert_int_equal(amq_blocked_bloom_fp_enclose(lo, hi, 128, b, 512, kk, n), AMQ_OK);
                assert_true(certified_above(lo, fpr));
            }
        }
    }
    /* partitioned: m multiple of k, minimal over the k range */
    {
        const uint64_t n = 50000;
        const double fpr = 1e-3;
        uint64_t m, k;
        double ach;
        assert_int_equal(amq_partitioned_size_for(n, fpr, &m, &k, &ach), AMQ_OK);
        assert_int_equal(m % k, 0);
        assert_true(ach <= fpr);
        assert_int_equal(amq_partitioned_fp_enclose(lo, hi, 128, m, k, n), AMQ_OK);
        assert_true(mpfr_cmp_d(hi, fpr) <= 0);
        uint64_t kmax = 2 * (uint64_t)ceil(-log2(fpr)) + 8;
        for (uint64_t kk = 1; kk <= kmax; kk++) {
            uint64_t mm = (m - 1) / kk * kk; /* largest multiple of kk below m */
            if (mm == 0)
                continue;
            assert_int_equal(amq_partitioned_fp_enclose(lo, hi, 128, mm, kk, n), AMQ_OK);
            assert_true(certified_above(lo, fpr));
        }
    }
    /* blocked quotient: blocks from the capacity, smallest p */
    {
        uint64_t b, p;
        double ach;
        assert_int_equal(amq_blocked_quotient_size_for(1000001, 1e-3, 100, &b, &p, &ach), AMQ_OK);
        assert_int_equal(b, 10001);
        assert_true(ach <= 1e-3);
        assert_int_equal(amq_blocked_quotient_fp_enclose(lo, hi, 128, b, p, 1000001), AMQ_OK);
        assert_true(mpfr_cmp_d(hi, 1e-3) <= 0);
        assert_int_equal(amq_blocked_quotient_fp_enclose(lo, hi, 128, b, p - 1, 1000001), AMQ_OK);
        assert_true(certified_above(lo, 1e-3));
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

static void sizing_errors(void **state)
{
    (void)state;
    uint64_t b, k;
    double a;
    assert_int_equal(amq_split_block_size_for(0, 0.01, &b, &a), AMQ_E_INVALID_N);
    assert_int_equal(amq_split_block_size_for(10, 0.0, &b, &a), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_split_block_size_for(10, 1.0, &b, &a), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_split_block_size_for(10, NAN, &b, &a), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_split_block_size_for(10, 0.01, NULL, &a), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_split_block_size_for(10, 0.01, &b, NULL), AMQ_OK); /* achieved optional */
    assert_int_equal(amq_blocked_bloom_size_for(10, 0.01, 0, &b, &k, &a), AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_bloom_size_for(10, 0.01, 512, &b, NULL, &a), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_partitioned_size_for(0, 0.01, &b, &k, &a), AMQ_E_INVALID_N);
    assert_int_equal(amq_partitioned_size_for(10, -1.0, &b, &k, &a), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_blocked_quotient_size_for(10, 0.01, 0, &b, &k, &a), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_quotient_size_for(UINT64_MAX, 1e-300, 1, &b, &k, &a), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "64-bit fingerprints"));
    /* a success leaves the last failure's message (it once wrote its own failure text) */
    assert_int_equal(amq_blocked_quotient_size_for(10, 0.01, 0, &b, &k, &a), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_quotient_size_for(1000, 0.01, 48, &b, &k, &a), AMQ_OK);
    assert_null(strstr(amq_last_error(), "64-bit fingerprints"));
    assert_non_null(strstr(amq_last_error(), "keys_per_block = 0"));
}

/* ---------- edge cases and errors ---------- */

static void edge_cases_and_errors(void **state)
{
    (void)state;
    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    char *s = (char *)1;
    /* n = 0 -> 0, k = 0 -> 1, exactly, in every form */
    assert_int_equal(amq_blocked_bloom_fp_exact(q, 10, 512, 8, 0), AMQ_OK);
    assert_int_equal(mpq_sgn(q), 0);
    assert_int_equal(amq_blocked_bloom_fp_enclose(lo, hi, 64, 10, 512, 8, 0), AMQ_OK);
    assert_true(mpfr_zero_p(lo) && mpfr_zero_p(hi));
    assert_int_equal(amq_blocked_bloom_fp_decimal(&s, 10, 512, 8, 0, 17, NULL, NULL), AMQ_OK);
    assert_string_equal(s, "0");
    free(s);
    assert_int_equal(amq_blocked_bloom_fp_decimal(&s, 10, 512, 0, 1000000, 17, lo, hi), AMQ_OK);
    assert_string_equal(s, "1");
    assert_true(mpfr_cmp_ui(lo, 1) == 0 && mpfr_cmp_ui(hi, 1) == 0);
    free(s);
    assert_int_equal(amq_blocked_bloom_fp_exact(q, 10, 512, 0, 5), AMQ_OK);
    assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
    assert_int_equal(amq_split_block_fp_decimal(&s, 512, 0, 17, NULL, NULL), AMQ_OK);
    assert_string_equal(s, "0");
    free(s);
    assert_int_equal(amq_blocked_quotient_fp_decimal(&s, 1, 0, 3, 17, NULL, NULL), AMQ_OK);
    assert_string_equal(s, "1");
    free(s);
    assert_int_equal(amq_blocked_partitioned_fp_decimal(&s, 3, 64, 0, 9, 17, NULL, NULL), AMQ_OK);
    assert_string_equal(s, "1");
    free(s);
    /* one-bit blocks: FP = 1 - (1 - 1/b)^n */
    assert_int_equal(amq_blocked_bloom_fp_exact(q, 2, 1, 3, 2), AMQ_OK);
    assert_int_equal(mpq_cmp_ui(q, 3, 4), 0);
    /* zero blocks / bits */
    assert_int_equal(amq_blocked_bloom_fp_exact(q, 0, 512, 8, 5), AMQ_E_INVALID_M);
    assert_non_null(strstr(amq_last_error(), "blocks = 0"));
    assert_int_equal(amq_blocked_bloom_fp_exact(q, 5, 0, 8, 5), AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_bloom_fp_enclose(lo, hi, 64, 0, 512, 8, 5), AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_bloom_fp_decimal(&s, 0, 512, 8, 5, 17, NULL, NULL), AMQ_E_INVALID_M);
    assert_null(s);
    assert_int_equal(amq_blocked_quotient_fp_exact(q, 0, 8, 5), AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_quotient_fp_exact(q, 2, 65, 5), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "p = 65"));
    /* split-block needs whole 256-bit blocks */
    assert_int_equal(amq_split_block_fp_exact(q, 1000, 5), AMQ_E_INVALID_M);
    assert_non_null(strstr(amq_last_error(), "m = 1000"));
    assert_non_null(strstr(amq_last_error(), "256"));
    assert_int_equal(amq_split_block_fp_enclose(lo, hi, 64, 0, 5), AMQ_E_INVALID_M);
    assert_int_equal(amq_split_block_fp_decimal(&s, 257, 5, 17, NULL, NULL), AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_partitioned_fp_exact(q, 2, 100, 8, 5), AMQ_E_INVALID_M);
    /* generic: b = 0, NULL inner, bad precision, digits */
    amq_inner_bloom_params bp = {64, 3};
    amq_inner_rate f = amq_inner_rate_bloom(&bp);
    assert_int_equal(amq_blocked_fp_exact(q, &f, 0, 5), AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_fp_exact_sum(q, NULL, 2, 5), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_fp_enclose(lo, hi, 0, &f, 2, 5), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_fp_enclose_cb(lo, hi, 64, NULL), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_fp_decimal(&s, &f, 2, 5, 0, NULL, NULL), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_fp_decimal(NULL, &f, 2, 5, 17, NULL, NULL), AMQ_E_INVALID_ARG);
    /* too large for the exact forms: a clear error, never a wrong number */
    assert_int_equal(amq_split_block_fp_exact(q, 1000000000, 100000000), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "certified enclosure"));
    assert_int_equal(amq_blocked_fp_exact_sum(q, &f, 1000, 200000), AMQ_E_TOO_LARGE);
    assert_int_equal(amq_blocked_quotient_fp_exact(q, 1000, 64, UINT64_C(1) << 40), AMQ_E_TOO_LARGE);
    /* approximations: labelled doubles with defined edge values */
    assert_true(isnan(amq_split_block_fp_approx_classic(0, 5)));
    assert_true(isnan(amq_blocked_bloom_fp_approx_classic(0, 512, 8, 5)));
    assert_true(amq_blocked_bloom_fp_approx_poisson(10, 512, 8, 0) == 0.0);
    assert_true(amq_blocked_bloom_fp_approx_poisson(10, 512, 0, 7) == 1.0);
    assert_true(fabs(amq_split_block_bits_per_key_classic(0.01) - 9.6815) < 1e-4);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(q);
}

/* The approximations against the certified values at n = 1e8, m = 1e9. */
static void approximations(void **state)
{
    (void)state;
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    assert_int_equal(amq_split_block_fp_enclose(lo, hi, 128, 1000000000, 100000000), AMQ_OK);
    double v = mpfr_get_d(lo, MPFR_RNDN);
    double classic = amq_split_block_fp_approx_classic(1000000000, 100000000);
    assert_true(fabs(classic - pow(-expm1(-0.8), 8.0)) < 1e-15);
    assert_true(v / classic > 1.49 && v / classic < 1.50); /* the production formula: 1.5x low */
    assert_true(fabs(amq_split_block_fp_approx_poisson(1000000000, 100000000) / v - 1.0) < 1e-6);
    assert_int_equal(amq_blocked_quotient_fp_enclose(lo, hi, 128, 1024, 16, 1000000), AMQ_OK);
    v = mpfr_get_d(lo, MPFR_RNDN);
    assert_true(fabs(amq_blocked_quotient_fp_approx_exp(1024, 16, 1000000) / v - 1.0) < 1e-7);
    assert_true(amq_blocked_quotient_fp_approx_union(1024, 16, 1000000) > v);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

/* ---------- amq rate rows (runs $AMQ_BIN, or $AMQ_BUILD/amq, or build/amq) ---------- */

static void cli_rows(void **state)
{
    (void)state;
    assert_int_equal(cli_run_setup(), 0);
    assert_int_equal(access(cli_amq, X_OK), 0);

    assert_int_equal(cli_run("%s rate split-block -b 3906250 -n 1e8 --json", cli_amq), 0); /* 1e9 bits */
    assert_non_null(strstr(cli_out, "\"structure\": \"split-block\", \"blocks\": 3906250, \"words\": 8, \"word_bits\": "
                                "32, \"n\": 100000000, \"exact\": null, \"value\": \"1.2648450630043493e-02\""));
    assert_non_null(strstr(cli_out, "\"approx_classic\": 0.00845547"));
    assert_non_null(strstr(cli_out, "\"approx_exp\": 0.01264845"));
    assert_int_equal(cli_run("%s rate split-block --bits 1000 -n 5", cli_amq), 2); /* the size is in blocks */
    assert_int_equal(cli_run("%s rate partitioned -m 1000 -k 3 -n 5", cli_amq), 1);
    assert_non_null(strstr(cli_out, "k = 3 must be at least 1 and divide m = 1000")); /* amq_structure_check */
    assert_int_equal(cli_run("%s rate partitioned -m 1000 -k 8 -n 100", cli_amq), 0);
    assert_non_null(strstr(cli_out, "8.6343936271741495e-03"));
    assert_int_equal(cli_run("%s rate blocked-bloom --blocks 2 --block-bits 8 -k 2 -n 3 --exact --json", cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"blocks\": 2, \"block_bits\": 8, \"k\": 2, \"n\": 3, "
                                "\"exact\": \"2133761/16777216\""));
    char first[sizeof cli_out];
    memcpy(first, cli_out, sizeof cli_out);
    assert_int_equal(cli_run("%s rate counting-blocked -b 2 --block-counters 8 -k 2 -n 3 --exact --json", cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"exact\": \"2133761/16777216\""));
    assert_string_equal(strstr(cli_out, "\"exact\""), strstr(first, "\"exact\""));
    assert_int_equal(cli_run("%s rate blocked-quotient --blocks 1024 -q 6 -r 10 -n 1e6 --json", cli_amq), 0); /* p = 16 */
    assert_non_null(strstr(cli_out, "\"blocks\": 1024, \"q\": 6, \"r\": 10, \"n\": 1000000"));
    assert_non_null(strstr(cli_out, "\"value\": \"1.4790688406288970e-02\""));
    assert_int_equal(cli_run("%s rate split-block -b 2 -n 0", cli_amq), 0);
    assert_non_null(strstr(cli_out, "FP = 0 exactly"));
    assert_int_equal(cli_run("%s rate blocked-bloom --blocks 0 --block-bits 512 -k 8 -n 5", cli_amq), 1);
    assert_int_equal(cli_run("%s rate blocked-bloom --blocks 3 -n 5", cli_amq), 2); /* missing -k */
    assert_int_equal(cli_run("%s rate --help", cli_amq), 0);
    assert_non_null(strstr(cli_out, "split-block"));
    assert_non_null(strstr(cli_out, "blocked-quotient"));
    assert_non_null(strstr(cli_out, "partitioned"));
    assert_int_equal(cli_run_teardown(), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(split_block_table),
        cmocka_unit_test(sizing_minimal),
        cmocka_unit_test(sizing_errors),
        cmocka_unit_test(edge_cases_and_errors),
        cmocka_unit_test(approximations),
        cmocka_unit_test(cli_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
