/* Quotient filter rate (Ceramist Theorem 9): exact, certified, edge cases. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <amq/spec_quotient.h>
#include <stdlib.h>
#include <string.h>

static void exact_small_values(void **state)
{
    (void)state;
    mpq_t q, want;
    mpq_inits(q, want, (mpq_ptr)0);
    assert_int_equal(amq_quotient_fp_exact(q, 1, 1), AMQ_OK); /* 1/2 */
    mpq_set_ui(want, 1, 2);
    assert_true(mpq_equal(q, want));
    assert_int_equal(amq_quotient_fp_exact(q, 2, 2), AMQ_OK); /* 1 - 9/16 = 7/16 */
    mpq_set_ui(want, 7, 16);
    assert_true(mpq_equal(q, want));
    assert_int_equal(amq_quotient_fp_exact(q, 3, 3), AMQ_OK); /* 1 - 343/512 = 169/512 */
    mpq_set_ui(want, 169, 512);
    assert_true(mpq_equal(q, want));
    /* reduced: compare with a canonicalized copy */
    for (uint64_t p = 1; p <= 20; p++)
        for (uint64_t n = 0; n <= 20; n++) {
            assert_int_equal(amq_quotient_fp_exact(q, p, n), AMQ_OK);
            mpq_set(want, q);
            mpq_canonicalize(want);
            assert_true(mpz_cmp(mpq_numref(q), mpq_numref(want)) == 0);
            assert_true(mpz_cmp(mpq_denref(q), mpq_denref(want)) == 0);
            /* 1 - FP = ((2^p-1)/2^p)^n */
            mpq_t c;
            mpq_init(c);
            mpq_set_ui(c, (1ul << p) - 1, 1ul << p);
            mpq_set_ui(want, 1, 1);
            for (uint64_t i = 0; i < n; i++)
                mpq_mul(want, want, c);
            mpq_set_ui(c, 1, 1);
            mpq_sub(want, c, want);
            assert_true(mpq_equal(q, want));
            mpq_clear(c);
        }
    mpq_clears(q, want, (mpq_ptr)0);
}

static void edge_cases(void **state)
{
    (void)state;
    mpq_t q;
    mpq_init(q);
    assert_int_equal(amq_quotient_fp_exact(q, 10, 0), AMQ_OK);
    assert_int_equal(mpq_sgn(q), 0);
    assert_int_equal(amq_quotient_fp_exact(q, 0, 5), AMQ_OK);
    assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
    assert_int_equal(amq_quotient_fp_exact(q, 65, 5), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "p = 65"));
    assert_int_equal(amq_quotient_fp_exact(q, 64, UINT64_MAX), AMQ_E_TOO_LARGE);
    char *s;
    assert_int_equal(amq_quotient_fp_decimal(&s, 10, 0, 17, NULL, NULL), AMQ_OK);
    assert_string_equal(s, "0");
    free(s);
    mpq_clear(q);
}

/* The enclosure contains the exact value and is tight. */
static void enclosure_contains_exact(void **state)
{
    (void)state;
    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi, w;
    mpfr_inits2(128, lo, hi, w, (mpfr_ptr)0);
    const uint64_t ps[] = {1, 2, 8, 16, 32, 48, 63, 64};
    const uint64_t ns[] = {1, 2, 3, 100, 65536, 1000003};
    for (size_t i = 0; i < 8; i++)
        for (size_t j = 0; j < 6; j++) {
            if (ps[i] * ns[j] > 70000000)
                continue;
            assert_int_equal(amq_quotient_fp_exact(q, ps[i], ns[j]), AMQ_OK);
            assert_int_equal(amq_quotient_fp_enclose(lo, hi, 128, ps[i], ns[j]), AMQ_OK);
            assert_true(mpfr_cmp_q(lo, q) <= 0 && mpfr_cmp_q(hi, q) >= 0);
            mpfr_sub(w, hi, lo, MPFR_RNDU);
            mpfr_div(w, w, lo, MPFR_RNDU);
            assert_true(mpfr_cmp_d(w, 0x1p-100) < 0);
            /* and the decimal is the exact one, correctly rounded */
            char *a, *b;
            assert_int_equal(amq_quotient_fp_decimal(&a, ps[i], ns[j], 17, NULL, NULL), AMQ_OK);
            assert_int_equal(amq_mpq_decimal(&b, q, 17), AMQ_OK);
            assert_string_equal(a, b);
            free(a);
            free(b);
        }
    mpfr_clears(lo, hi, w, (mpfr_ptr)0);
    mpq_clear(q);
}

/* Where double fails: p = 64 (1 - 2^-64 == 1 in double) and p = 32 at large n. */
static void beyond_double(void **state)
{
    (void)state;
    char *s;
    /* p = 64, n = 1: exactly 2^-64 = 5.42101086242752217003726400434970855712890625e-20 */
    assert_int_equal(amq_quotient_fp_decimal(&s, 64, 1, 17, NULL, NULL), AMQ_OK);
    assert_string_equal(s, "5.4210108624275222e-20");
    free(s);
    /* p = 64, n = 2^64 - 1: 1 - (1 - 2^-64)^(2^64-1) = 1 - e^{-1} (1 + O(2^-64)) */
    assert_int_equal(amq_quotient_fp_decimal(&s, 64, UINT64_MAX, 17, NULL, NULL), AMQ_OK);
    assert_string_equal(s, "6.3212055882855768e-01");
    free(s);
    /* p = 32, n = 2^20: the certified value matches the exact rational */
    mpq_t q;
    mpq_init(q);
    char *e;
    assert_int_equal(amq_quotient_fp_exact(q, 32, 1u << 20), AMQ_OK);
    assert_int_equal(amq_mpq_decimal(&e, q, 17), AMQ_OK);
    assert_int_equal(amq_quotient_fp_decimal(&s, 32, 1u << 20, 17, NULL, NULL), AMQ_OK);
    assert_string_equal(s, e);
    free(s);
    free(e);
    mpq_clear(q);
    /* the approximations are labelled as such and are close at moderate sizes */
    double u = amq_quotient_fp_approx_union(20, 100), x = amq_quotient_fp_approx_exp(20, 100);
    assert_true(u >= x && u < 1e-4 && x > 9.5e-5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exact_small_values),
        cmocka_unit_test(edge_cases),
        cmocka_unit_test(enclosure_contains_exact),
        cmocka_unit_test(beyond_double),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
