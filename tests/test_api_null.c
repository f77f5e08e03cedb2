/* The NULL rule of amq/error.h, function by function: every public function of the headers
 * listed in `covered` is called with NULL in each of its pointer arguments (the others
 * valid) and must answer as the rule says, without a crash (ASan+UBSan run it too).  The
 * last test reads those headers and fails when one declares a function this file does not
 * call, so a new function cannot skip the rule. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/api_coverage.h"
#include <amq/error.h>
#include <amq/filter.h>
#include <amq/filter_rate.h>
#include <amq/check_impl.h>
#include <amq/impl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const covered[] = {"include/amq/error.h", "include/amq/filter.h", "include/amq/filter_rate.h",
                                      "include/amq/impl.h", "include/amq/certified.h", "include/amq/check_impl.h"};

static const amq_structure *bloom(void) { return amq_structure_find("bloom"); }

static amq_filter *a_filter(void)
{
    amq_params p;
    amq_params_init(&p, bloom());
    assert_int_equal(amq_params_set(&p, bloom(), "m", 1024), AMQ_OK);
    assert_int_equal(amq_params_set(&p, bloom(), "k", 3), AMQ_OK);
    amq_filter *f = NULL;
    assert_int_equal(amq_filter_create(&f, bloom(), &p), AMQ_OK);
    assert_int_equal(amq_filter_add(f, "a", 1), AMQ_OK);
    return f;
}

static void error_h(void **state)
{
    (void)state;
    /* no pointer arguments: every status has a text, unknown ones too */
    assert_non_null(amq_strerror(AMQ_E_INVALID_ARG));
    assert_non_null(amq_strerror((amq_status)999));
    assert_non_null(amq_last_error());
}

static void structures(void **state)
{
    (void)state;
    assert_true(amq_structure_count() > 0);
    assert_non_null(amq_structure_at(0));
    assert_null(amq_structure_at(amq_structure_count()));
    assert_null(amq_structure_find(NULL));
    assert_null(amq_structure_of_file_type(0));
    assert_null(amq_structure_name(NULL));
    assert_null(amq_structure_title(NULL));
    assert_int_equal(amq_structure_file_type(NULL), 0);
    assert_int_equal(amq_structure_can_remove(NULL), 0);
    assert_int_equal(amq_structure_nparams(NULL), 0);
    assert_null(amq_structure_param(NULL, 0));
    assert_int_equal(amq_structure_param_index(NULL, "m"), -1);
    assert_int_equal(amq_structure_param_index(bloom(), NULL), -1);
    amq_params p;
    uint64_t n;
    api_assert_refused(amq_structure_demo(NULL, 0, &p, &n));
    api_assert_refused(amq_structure_demo(bloom(), 0, NULL, &n));
    api_assert_refused(amq_structure_demo(bloom(), 0, &p, NULL));
    amq_params_init(&p, bloom());
    api_assert_refused(amq_structure_check(NULL, &p));
    api_assert_refused(amq_structure_check(bloom(), NULL));
}

static void params(void **state)
{
    (void)state;
    amq_params p;
    amq_params_init(NULL, bloom()); /* nothing to do */
    memset(&p, 0xab, sizeof p);
    amq_params_init(&p, NULL); /* zeroed: no structure, no defaults */
    assert_int_equal(p.v[0], 0);
    assert_int_equal(p.seed, 0);
    amq_params_init(&p, bloom());
    api_assert_refused(amq_params_set(NULL, bloom(), "m", 1));
    api_assert_refused(amq_params_set(&p, NULL, "m", 1));
    api_assert_refused(amq_params_set(&p, bloom(), NULL, 1));
    assert_int_equal(amq_params_set(&p, bloom(), "m", 77), AMQ_OK);
    assert_int_equal(amq_params_get(NULL, bloom(), "m"), 0);
    assert_int_equal(amq_params_get(&p, NULL, "m"), 0);
    assert_int_equal(amq_params_get(&p, bloom(), NULL), 0);
    assert_int_equal(amq_params_get(&p, bloom(), "m"), 77);
}

static void making(void **state)
{
    (void)state;
    amq_params p;
    amq_params_init(&p, bloom());
    amq_filter *f = NULL;
    api_assert_refused(amq_filter_create(NULL, bloom(), &p));
    api_assert_refused(amq_filter_create(&f, NULL, &p));
    api_assert_refused(amq_filter_create(&f, bloom(), NULL));
    double achieved;
    api_assert_refused(amq_filter_create_for(NULL, bloom(), 100, 0.01, &p, &achieved));
    api_assert_refused(amq_filter_create_for(&f, NULL, 100, 0.01, &p, &achieved));
    /* p and achieved may be NULL (the header says so) */
    assert_int_equal(amq_filter_create_for(&f, bloom(), 100, 0.01, NULL, NULL), AMQ_OK);
    amq_filter_free(f);
    const amq_structure *quotient = amq_structure_find("quotient");
    api_assert_refused(amq_filter_create_for_load(NULL, quotient, 100, 0.01, 0.9, &p, &achieved));
    api_assert_refused(amq_filter_create_for_load(&f, NULL, 100, 0.01, 0.9, &p, &achieved));
    assert_int_equal(amq_filter_create_for_load(&f, quotient, 100, 0.01, 0.9, NULL, NULL), AMQ_OK);
    amq_filter_free(f);
    assert_true(amq_structure_max_load(NULL) == 0.0);
    api_assert_refused(amq_filter_load(NULL, "f.amq"));
    api_assert_refused(amq_filter_load(&f, NULL));
    f = a_filter();
    api_assert_refused(amq_filter_save(NULL, "never-written.amq"));
    api_assert_refused(amq_filter_save(f, NULL));
    amq_filter_free(f);
    amq_filter_free(NULL);
}

static void keys(void **state)
{
    (void)state;
    amq_filter *f = a_filter();
    api_assert_refused(amq_filter_add(NULL, "a", 1));
    api_assert_refused(amq_filter_add(f, NULL, 1));
    assert_int_equal(amq_filter_add(f, NULL, 0), AMQ_OK); /* the empty key */
    assert_int_equal(amq_filter_query(NULL, "a", 1), -1);
    assert_int_equal(amq_filter_query(f, NULL, 1), -1);
    assert_true(strlen(amq_last_error()) > 0);
    assert_int_equal(amq_filter_query(f, NULL, 0), 1);
    assert_int_equal(amq_filter_query(f, "a", 1), 1);
    api_assert_refused(amq_filter_remove(NULL, "a", 1));
    api_assert_refused(amq_filter_remove(f, NULL, 1));
    amq_filter_clear(NULL);
    const void *ks[2] = {"a", "b"};
    const void *holes[2] = {"a", NULL};
    const size_t ls[2] = {1, 1};
    size_t done = 99;
    api_assert_refused(amq_filter_add_batch(NULL, ks, ls, 2, &done));
    assert_int_equal(done, 0);
    api_assert_refused(amq_filter_add_batch(f, NULL, ls, 2, &done));
    api_assert_refused(amq_filter_add_batch(f, ks, NULL, 2, &done));
    assert_int_equal(amq_filter_add_batch(f, ks, ls, 2, NULL), AMQ_OK); /* done may be NULL */
    int r[2] = {7, 7};
    amq_filter_query_batch(f, ks, ls, 2, NULL); /* nowhere to answer: nothing done */
    amq_filter_query_batch(NULL, ks, ls, 2, r);
    assert_true(r[0] == -1 && r[1] == -1);
    r[0] = r[1] = 7;
    amq_filter_query_batch(f, NULL, ls, 2, r);
    assert_true(r[0] == -1 && r[1] == -1);
    r[0] = r[1] = 7;
    amq_filter_query_batch(f, ks, NULL, 2, r);
    assert_true(r[0] == -1 && r[1] == -1);
    r[0] = r[1] = 7;
    amq_filter_query_batch(f, holes, ls, 2, r);
    assert_true(r[0] == -1 && r[1] == -1);
    amq_filter_query_batch(f, ks, ls, 2, r);
    assert_true(r[0] == 1 && r[1] == 1);
    amq_filter_clear(f);
    amq_filter_free(f);
}

static void count_emit(void *ctx, const amq_property *p)
{
    (void)p;
    ++*(int *)ctx;
}

static void state_of(void **state)
{
    (void)state;
    amq_filter *f = a_filter();
    uint64_t n;
    int exact;
    api_assert_refused(amq_filter_count(NULL, &n, &exact));
    api_assert_refused(amq_filter_count(f, NULL, &exact));
    api_assert_refused(amq_filter_count(f, &n, NULL));
    assert_null(amq_filter_structure(NULL));
    assert_ptr_equal(amq_filter_structure(f), bloom());
    amq_params p;
    amq_filter_params(f, NULL);
    memset(&p, 0xab, sizeof p);
    amq_filter_params(NULL, &p); /* zeroed */
    assert_int_equal(p.v[0], 0);
    amq_filter_params(f, &p);
    assert_int_equal(amq_params_get(&p, bloom(), "m"), 1024);
    assert_int_equal(amq_filter_memory(NULL), 0);
    assert_true(amq_filter_memory(f) > 0);
    assert_null(amq_filter_object(NULL));
    assert_non_null(amq_filter_object(f));
    int calls = 0;
    amq_filter_describe(NULL, count_emit, &calls);
    amq_filter_describe(f, NULL, &calls);
    assert_int_equal(calls, 0);
    amq_filter_describe(f, count_emit, &calls);
    assert_true(calls > 0);
    amq_filter_free(f);
}

/* amq/filter_rate.h: the rates, bounds, notes and models through the registry. */
static void rates(void **state)
{
    (void)state;
    const amq_structure *s = bloom();
    amq_params p;
    amq_params_init(&p, s);
    assert_int_equal(amq_params_set(&p, s, "m", 1024), AMQ_OK);
    assert_int_equal(amq_params_set(&p, s, "k", 3), AMQ_OK);
    mpq_t q;
    mpfr_t lo, hi;
    mpq_init(q);
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    api_assert_refused(amq_structure_fp_exact(NULL, s, &p, 10));
    api_assert_refused(amq_structure_fp_exact(q, NULL, &p, 10));
    api_assert_refused(amq_structure_fp_exact(q, s, NULL, 10));
    api_assert_refused(amq_structure_fp_enclose(NULL, hi, 64, s, &p, 10));
    api_assert_refused(amq_structure_fp_enclose(lo, NULL, 64, s, &p, 10));
    api_assert_refused(amq_structure_fp_enclose(lo, hi, 64, NULL, &p, 10));
    api_assert_refused(amq_structure_fp_enclose(lo, hi, 64, s, NULL, 10));
    char *dec = NULL;
    api_assert_refused(amq_structure_fp_decimal(NULL, s, &p, 10, 5, NULL, NULL));
    api_assert_refused(amq_structure_fp_decimal(&dec, NULL, &p, 10, 5, NULL, NULL));
    api_assert_refused(amq_structure_fp_decimal(&dec, s, NULL, 10, 5, NULL, NULL));
    assert_int_equal(amq_structure_fp_decimal(&dec, s, &p, 10, 5, NULL, NULL), AMQ_OK); /* lo, hi optional */
    free(dec);
    assert_int_equal(amq_structure_has_fp_moments(NULL), 0);
    api_assert_refused(amq_structure_fp_moment_enclose(NULL, hi, 20, s, &p, 10, 1));
    api_assert_refused(amq_structure_fp_moment_enclose(lo, NULL, 20, s, &p, 10, 1));
    api_assert_refused(amq_structure_fp_moment_enclose(lo, hi, 20, NULL, &p, 10, 1));
    api_assert_refused(amq_structure_fp_moment_enclose(lo, hi, 20, s, NULL, 10, 1));
    assert_int_equal(amq_structure_napprox(NULL), 0);
    assert_null(amq_structure_approx_name(NULL, 0));
    assert_true(isnan(amq_structure_fp_approx(NULL, 0, &p, 10)));
    assert_true(isnan(amq_structure_fp_approx(s, 0, NULL, 10)));
    assert_false(isnan(amq_structure_fp_approx(s, 0, &p, 10)));
    assert_int_equal(amq_structure_nbounds(NULL), 0);
    assert_null(amq_structure_bound_name(NULL, 0));
    assert_null(amq_structure_bound_hypothesis(NULL, 0));
    api_assert_refused(amq_structure_fp_bound(NULL, s, 0, &p, 10));
    api_assert_refused(amq_structure_fp_bound(q, NULL, 0, &p, 10));
    api_assert_refused(amq_structure_fp_bound(q, s, 0, NULL, 10));
    assert_null(amq_structure_fp_note(NULL, &p, 10));
    assert_null(amq_structure_fp_note(s, NULL, 10));
    assert_null(amq_structure_removal_note(NULL));
    amq_filter *f = a_filter();
    api_assert_refused(amq_filter_fp_state(NULL, f));
    api_assert_refused(amq_filter_fp_state(q, NULL));
    assert_int_equal(amq_filter_fp_state(q, f), AMQ_OK);
    amq_filter_free(f);
    amq_model *m = NULL;
    api_assert_refused(amq_model_create(NULL, s, &p));
    api_assert_refused(amq_model_create(&m, NULL, &p));
    api_assert_refused(amq_model_create(&m, s, NULL));
    assert_null(amq_model_ops(NULL));
    assert_int_equal(amq_model_refused(NULL), 0);
    amq_model_free(NULL);
    assert_true(amq_structure_work_weight(NULL) == 0.0);
    assert_true(amq_structure_work_weight(s) == 1.0); /* Bloom's: the unit */
    assert_int_equal(amq_model_create(&m, s, &p), AMQ_OK);
    assert_non_null(amq_model_ops(m));
    assert_int_equal(amq_model_refused(m), 0);
    amq_model_free(m);
    mpq_clear(q);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

/* amq/impl.h: the implementations a check runs (here amqcert's own; a plugin and a process
 * refuse NULL before they load or start anything). */
static void impls(void **state)
{
    (void)state;
    amq_params p;
    amq_params_init(&p, bloom());
    assert_int_equal(amq_params_set(&p, bloom(), "m", 1024), AMQ_OK);
    assert_int_equal(amq_params_set(&p, bloom(), "k", 3), AMQ_OK);
    amq_impl *impl = NULL;
    api_assert_refused(amq_impl_structure(NULL, bloom(), &p));
    api_assert_refused(amq_impl_structure(&impl, NULL, &p));
    api_assert_refused(amq_impl_structure(&impl, bloom(), NULL));
    api_assert_refused(amq_impl_plugin(NULL, "./no-such-plugin.so", NULL));
    api_assert_refused(amq_impl_plugin(&impl, NULL, NULL));
    api_assert_refused(amq_impl_process(NULL, "true", 1.0));
    api_assert_refused(amq_impl_process(&impl, NULL, 1.0));
    assert_null(impl);
    amq_impl_free(NULL);
    amq_filter *f = NULL;
    api_assert_refused(amq_impl_new_filter(NULL, 1, &f));
    assert_null(amq_impl_kind(NULL));
    assert_null(amq_impl_name(NULL));
    assert_int_equal(amq_impl_can_remove(NULL), 0);
    assert_int_equal(amq_impl_protocol(NULL), 0);
    assert_int_equal(amq_impl_can_refuse(NULL), 0);
    assert_string_equal(amq_impl_describe(NULL, NULL), "");
    assert_null(amq_impl_error(NULL));
    assert_int_equal(amq_impl_structure(&impl, bloom(), &p), AMQ_OK);
    api_assert_refused(amq_impl_new_filter(impl, 1, NULL));
    assert_int_equal(amq_impl_new_filter(impl, 1, &f), AMQ_OK);
    assert_string_equal(amq_impl_describe(impl, NULL), "");
    assert_string_equal(amq_impl_kind(impl), "structure");
    amq_filter_free(f);
    amq_impl_free(impl);
}

static amq_status enclose_half(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params)
{
    (void)prec, (void)params;
    mpfr_set_d(lo, 0.5, MPFR_RNDN);
    mpfr_set_d(hi, 0.5, MPFR_RNDN);
    return AMQ_OK;
}

/* amq/certified.h: the correctly rounded decimals and the certified relative error. */
static void certified(void **state)
{
    (void)state;
    char *out = NULL;
    mpq_t q;
    mpfr_t x, lo, hi, a, r1, r2;
    mpq_init(q);
    mpq_set_ui(q, 1, 3);
    mpfr_inits2(64, x, lo, hi, a, r1, r2, (mpfr_ptr)0);
    mpfr_set_d(x, 0.25, MPFR_RNDN);
    mpfr_set_d(lo, 0.25, MPFR_RNDN);
    mpfr_set_d(hi, 0.5, MPFR_RNDN);
    mpfr_set_d(a, 0.3, MPFR_RNDN);
    api_assert_refused(amq_certified_decimal(NULL, enclose_half, NULL, 5, NULL, NULL));
    api_assert_refused(amq_certified_decimal(&out, NULL, NULL, 5, NULL, NULL));
    api_assert_refused(amq_mpq_decimal(NULL, q, 5));
    api_assert_refused(amq_mpq_decimal(&out, NULL, 5));
    api_assert_refused(amq_mpq_decimal_dir(NULL, q, 5, AMQ_ROUND_UP));
    api_assert_refused(amq_mpq_decimal_dir(&out, NULL, 5, AMQ_ROUND_UP));
    api_assert_refused(amq_mpfr_decimal(NULL, x, 5, AMQ_ROUND_UP));
    api_assert_refused(amq_mpfr_decimal(&out, NULL, 5, AMQ_ROUND_UP));
    api_assert_refused(amq_relerr_enclose(NULL, r2, a, lo, hi));
    api_assert_refused(amq_relerr_enclose(r1, NULL, a, lo, hi));
    api_assert_refused(amq_relerr_enclose(r1, r2, NULL, lo, hi));
    api_assert_refused(amq_relerr_enclose(r1, r2, a, NULL, hi));
    api_assert_refused(amq_relerr_enclose(r1, r2, a, lo, NULL));
    assert_null(out);
    assert_int_equal(amq_relerr_enclose(r1, r2, a, lo, hi), AMQ_OK);
    assert_int_equal(amq_certified_decimal(&out, enclose_half, NULL, 3, NULL, NULL), AMQ_OK);
    assert_string_equal(out, "5.00e-01");
    free(out);
    mpq_clear(q);
    mpfr_clears(x, lo, hi, a, r1, r2, (mpfr_ptr)0);
}

/* amq/check_impl.h: the checker of implementations, its key lists and formats. */
static void check_impl(void **state)
{
    (void)state;
    amq_key_list *l = NULL;
    api_assert_refused(amq_key_list_read(NULL, "k.txt", &l));
    api_assert_refused(amq_key_list_read(stdin, "k.txt", NULL));
    assert_int_equal(amq_key_list_count(NULL), 0);
    amq_key_list_free(NULL);
    amq_impl_check_result res;
    amq_impl_check_config c;
    memset(&c, 0, sizeof c);
    c.n = 10, c.loads = 1, c.filters = 1, c.queries = 1, c.alpha = 1e-6;
    api_assert_refused(amq_impl_check(NULL, &c, &res));
    api_assert_refused(amq_impl_check(NULL, &c, NULL));
    amq_impl_check_result_free(NULL);
    api_assert_refused(amq_impl_check_validate(NULL));
    assert_int_equal(amq_impl_check_keys_per_filter(NULL), 0);
    api_assert_refused(amq_impl_check_replay(NULL, 0, 1, stdout));
    api_assert_refused(amq_impl_check_replay(&c, 0, 1, NULL));
    assert_non_null(amq_key_format_name((amq_key_format)999)); /* no pointer: "?" */
    amq_key_format k;
    api_assert_refused(amq_key_format_parse(NULL, &k));
    api_assert_refused(amq_key_format_parse("le", NULL));
    assert_int_equal(amq_key_format_parse("le", &k), AMQ_OK);
    assert_int_equal(amq_accuracy_score(5, 0), 0); /* no pointer arguments; no queries: 0 */
}

/* Every function the covered headers declare is called above. */
static void every_function_is_covered(void **state)
{
    (void)state;
    /* make check runs in the repository root */
    api_assert_covered("tests/test_api_null.c", covered, sizeof covered / sizeof covered[0], 30);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(error_h), cmocka_unit_test(structures), cmocka_unit_test(params),
        cmocka_unit_test(making),  cmocka_unit_test(keys),       cmocka_unit_test(state_of),
        cmocka_unit_test(rates),   cmocka_unit_test(impls),      cmocka_unit_test(certified),
        cmocka_unit_test(check_impl),
        cmocka_unit_test(every_function_is_covered),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
