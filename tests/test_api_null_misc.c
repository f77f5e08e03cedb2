/* The NULL rule of amq/error.h for amq/hash.h, amq/stats.h, amq/parquet.h and amq/check.h:
 * every function is called with NULL in each pointer argument its header does not make
 * optional, then validly; the last test fails when one of these headers declares a function
 * this file does not call.  ASan+UBSan run it too. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/api_coverage.h"
#include "support/tmp_dir.h"

#define NO_ANSWER(call) assert_int_equal((call), -1)
#include <amq/check.h>
#include <amq/hash.h>
#include <amq/parquet.h>
#include <amq/stats.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const covered[] = {"include/amq/hash.h", "include/amq/stats.h", "include/amq/parquet.h",
                                       "include/amq/check.h"};

static void hash_h(void **state)
{
    (void)state;
    uint64_t idx[3] = {100, 100, 100}, e[3] = {0};
    amq_hash_strategy s = AMQ_HASH_DOUBLE;
    /* proved code; the guard lies outside its contract, so only the tests show it */
    amq_hash_indices(AMQ_HASH_DEFAULT, 1, "a", 1, 100, NULL, 3);
    amq_hash_indices(AMQ_HASH_DEFAULT, 1, NULL, 1, 100, idx, 3);
    amq_hash_indices(AMQ_HASH_INDEPENDENT, 1, NULL, 1, 100, idx, 3);
    assert_true(idx[0] == 100 && idx[1] == 100 && idx[2] == 100); /* nothing written */
    amq_hash_indices(AMQ_HASH_DEFAULT, 1, NULL, 0, 100, idx, 3); /* the empty key */
    amq_hash_indices(AMQ_HASH_DEFAULT, 1, "", 0, 100, e, 3);
    assert_memory_equal(idx, e, sizeof e);
    amq_hash_indices(AMQ_HASH_DEFAULT, 1, "a", 1, 100, idx, 3);
    assert_true(idx[0] < 100 && idx[1] < 100 && idx[2] < 100);
    amq_hash_indices_from(AMQ_HASH_DEFAULT, 1, 2, 3, 100, NULL, 3);
    amq_hash_indices_from(AMQ_HASH_DEFAULT, 1, 2, 3, 100, idx, 3);
    assert_true(idx[0] < 100);
    assert_true(amq_reduce(UINT64_MAX, 10) < 10); /* no pointer arguments */
    assert_int_equal(amq_hash_fingerprint(1, NULL, 1, 8), 0);
    assert_int_equal(amq_hash_fingerprint(1, NULL, 0, 8), amq_hash_fingerprint(1, "", 0, 8)); /* the empty key */
    assert_true(amq_hash_fingerprint(1, "a", 1, 8) < 256);
    assert_string_equal(amq_hash_name(AMQ_HASH_TRIPLE), "triple"); /* no pointer arguments */
    assert_true(amq_hash_valid(AMQ_HASH_TRIPLE));                 /* no pointer arguments */
    api_assert_refused(amq_hash_parse(NULL, &s));
    api_assert_refused(amq_hash_parse("triple", NULL));
    assert_int_equal(s, AMQ_HASH_DOUBLE); /* the refusals changed nothing */
    api_assert_ok(amq_hash_parse("triple", &s));
    assert_int_equal(s, AMQ_HASH_TRIPLE);
}

static void stats_h(void **state)
{
    (void)state;
    uint64_t st = 1;
    amq_rng r, r2;
    double lo = 0, hi = 0;
    amq_binom_test_result res;
    assert_int_equal(amq_splitmix64(NULL), 0);
    assert_true(amq_splitmix64(&st) != 0);
    amq_rng_seed(NULL, 1); /* nothing to do */
    amq_rng_seed(&r, 1);
    amq_rng_set_state(NULL, 1, 2, 3, 4);
    amq_rng_set_state(&r2, 1, 2, 3, 4);
    assert_int_equal(amq_rng_next(NULL), 0);
    assert_true(amq_rng_next(&r) != amq_rng_next(&r2));
    amq_rng_jump(NULL);
    amq_rng_jump(&r);
    amq_rng_long_jump(NULL);
    amq_rng_long_jump(&r);
    assert_int_equal(amq_rng_below(NULL, 10), 0);
    assert_true(amq_rng_below(&r, 10) < 10);
    /* no pointer arguments */
    assert_false(isnan(amq_binom_log_pmf(3, 10, 0.5)));
    assert_false(isnan(amq_binom_log_cdf(3, 10, 0.5)));
    assert_false(isnan(amq_binom_log_sf(3, 10, 0.5)));
    assert_false(isnan(amq_binom_cdf(3, 10, 0.5)));
    assert_false(isnan(amq_binom_sf(3, 10, 0.5)));
    assert_false(isnan(amq_binom_log_pvalue(3, 10, 0.5)));
    assert_false(isnan(amq_binom_pvalue(3, 10, 0.5)));
    api_assert_refused(amq_clopper_pearson(3, 10, 0.05, NULL, &hi));
    api_assert_refused(amq_clopper_pearson(3, 10, 0.05, &lo, NULL));
    api_assert_ok(amq_clopper_pearson(3, 10, 0.05, &lo, &hi));
    assert_true(lo < 0.3 && 0.3 < hi);
    api_assert_refused(amq_binom_test(3, 10, 0.5, 0.05, NULL));
    api_assert_ok(amq_binom_test(3, 10, 0.5, 0.05, &res));
}

static int count_columns(void *ctx, const amq_parquet_column *c)
{
    (void)c;
    ++*(int *)ctx;
    return 0;
}

static void parquet_h(void **state)
{
    (void)state;
    amq_split_block *f = NULL, *in = NULL;
    unsigned char buf[1024], four[4], eight[8];
    size_t len = 0, used = 0;
    int columns = 0;
    api_assert_ok(amq_split_block_create(&f, 2, 0));
    api_assert_ok(amq_split_block_add(f, "a", 1));
    assert_int_equal(amq_parquet_blob_size(NULL), 0);
    const uint64_t size = amq_parquet_blob_size(f);
    assert_true(size > 64 && size <= sizeof buf);
    api_assert_refused(amq_parquet_export(NULL, buf, sizeof buf, &len));
    api_assert_refused(amq_parquet_export(f, NULL, sizeof buf, &len));
    api_assert_refused(amq_parquet_export(f, buf, sizeof buf, NULL));
    api_assert_ok(amq_parquet_export(f, buf, sizeof buf, &len));
    assert_int_equal(len, size);
    api_assert_refused(amq_parquet_import(NULL, buf, len, &used));
    api_assert_refused(amq_parquet_import(&in, NULL, len, &used));
    api_assert_ok(amq_parquet_import(&in, buf, len, NULL)); /* used is optional */
    assert_int_equal(amq_split_block_query(in, "a", 1), 1);
    amq_split_block_free(in);
    in = NULL;
    api_assert_refused(amq_parquet_export_file(NULL, tmp_path));
    api_assert_refused(amq_parquet_export_file(f, NULL));
    api_assert_ok(amq_parquet_export_file(f, tmp_path));
    api_assert_refused(amq_parquet_import_file(NULL, tmp_path));
    api_assert_refused(amq_parquet_import_file(&in, NULL));
    api_assert_ok(amq_parquet_import_file(&in, tmp_path));
    amq_split_block_free(in);
    in = NULL;
    /* the blob file is no Parquet file: the NULL refusals come first, then its own refusal */
    api_assert_refused(amq_parquet_file_columns(NULL, count_columns, &columns));
    api_assert_refused(amq_parquet_file_columns(tmp_path, NULL, &columns));
    assert_int_not_equal(amq_parquet_file_columns(tmp_path, count_columns, &columns), AMQ_OK);
    api_assert_refused(amq_parquet_import_column(NULL, tmp_path, "c", 0));
    api_assert_refused(amq_parquet_import_column(&in, NULL, "c", 0));
    api_assert_refused(amq_parquet_import_column(&in, tmp_path, NULL, 0));
    assert_int_not_equal(amq_parquet_import_column(&in, tmp_path, "c", 0), AMQ_OK);
    assert_null(in);
    assert_string_equal(amq_parquet_key_type_name(AMQ_PARQUET_KEY_INT32), "int32"); /* no pointer arguments */
    amq_parquet_key_type t = AMQ_PARQUET_KEY_HEX;
    api_assert_refused(amq_parquet_key_type_parse(NULL, &t));
    api_assert_refused(amq_parquet_key_type_parse("int64", NULL));
    api_assert_ok(amq_parquet_key_type_parse("int64", &t));
    assert_int_equal(t, AMQ_PARQUET_KEY_INT64);
    api_assert_refused(amq_parquet_key_encode(AMQ_PARQUET_KEY_INT32, NULL, 2, four, 4, &len));
    api_assert_refused(amq_parquet_key_encode(AMQ_PARQUET_KEY_INT32, "12", 2, NULL, 4, &len));
    api_assert_refused(amq_parquet_key_encode(AMQ_PARQUET_KEY_INT32, "12", 2, four, 4, NULL));
    api_assert_ok(amq_parquet_key_encode(AMQ_PARQUET_KEY_INT32, "12", 2, four, 4, &len));
    assert_int_equal(len, 4);
    amq_parquet_plain_int32(1, NULL); /* nowhere to write: nothing done */
    amq_parquet_plain_int32(1, four);
    assert_int_equal(four[0], 1);
    amq_parquet_plain_int64(2, NULL);
    amq_parquet_plain_int64(2, eight);
    assert_int_equal(eight[0], 2);
    amq_parquet_plain_float(1.0f, NULL);
    amq_parquet_plain_float(1.0f, four);
    assert_int_equal(four[3], 0x3f);
    amq_parquet_plain_double(1.0, NULL);
    amq_parquet_plain_double(1.0, eight);
    assert_int_equal(eight[7], 0x3f);
    amq_split_block_free(f);
}

/* A one-word Bloom kernel of the direct form, for check.h. */
static void bit_add(uint64_t *st, uint64_t m, const uint64_t *idx, size_t k)
{
    for (size_t i = 0; i < k; i++)
        st[0] |= UINT64_C(1) << (idx[i] % m);
}

static int bit_query(const uint64_t *st, uint64_t m, const uint64_t *idx, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (!(st[0] >> (idx[i] % m) & 1u))
            return 0;
    return 1;
}

static void check_h(void **state)
{
    (void)state;
    const amq_ops kn = {.name = "bits", .m = 4, .k = 1, .state_words = 1, .add = bit_add, .query = bit_query};
    uint64_t st[1] = {0}, idx[1] = {2}, outcomes = 0, positives = 0, x = 0;
    int h = 0;
    mpq_t q;
    mpq_init(q);
    amq_mc_config cfg = {.n = 1, .trials = 10, .seed = 1, .hash = AMQ_CHECK_RANDOM_ORACLE};
    amq_check_report rep;
    assert_false(amq_ops_valid(NULL));
    assert_true(amq_ops_valid(&kn));
    assert_false(amq_ops_can_remove(NULL));
    assert_false(amq_ops_can_remove(&kn)); /* no remove callback */
    amq_ops_add(NULL, st, idx);
    amq_ops_add(&kn, NULL, idx);
    amq_ops_add(&kn, st, NULL);
    assert_int_equal(st[0], 0);
    amq_ops_add(&kn, st, idx);
    assert_int_equal(st[0], 4);
    NO_ANSWER(amq_ops_query(NULL, st, idx));
    NO_ANSWER(amq_ops_query(&kn, NULL, idx));
    NO_ANSWER(amq_ops_query(&kn, st, NULL));
    assert_int_equal(amq_ops_query(&kn, st, idx), 1);
    assert_int_equal(amq_ops_remove(NULL, st, idx), -1);
    assert_int_equal(amq_ops_remove(&kn, NULL, idx), -1);
    assert_int_equal(amq_ops_remove(&kn, st, NULL), -1);
    assert_int_equal(amq_ops_remove(&kn, st, idx), -1); /* no remove callback: refused, */
    assert_int_equal(st[0], 4);                              /* nothing changed */
    amq_ops_clear(NULL, st);
    amq_ops_clear(&kn, NULL);
    assert_int_equal(st[0], 4);
    amq_ops_clear(&kn, st);
    assert_int_equal(st[0], 0);
    api_assert_ok(amq_check_enum_size(4, 1, 2, NULL)); /* outcomes is optional */
    api_assert_ok(amq_check_enum_size(4, 1, 2, &outcomes));
    assert_int_equal(outcomes, 16);
    api_assert_refused(amq_check_enum_fp(NULL, &kn, 1, NULL, NULL));
    api_assert_refused(amq_check_enum_fp(q, NULL, 1, NULL, NULL));
    api_assert_ok(amq_check_enum_fp(q, &kn, 1, NULL, NULL)); /* progress is optional */
    assert_int_equal(mpq_cmp_ui(q, 1, 4), 0);
    api_assert_refused(amq_check_enum_fp_removals(NULL, &kn, 1, 0, NULL, NULL));
    api_assert_refused(amq_check_enum_fp_removals(q, NULL, 1, 0, NULL, NULL));
    api_assert_ok(amq_check_enum_fp_removals(q, &kn, 1, 0, NULL, NULL));
    api_assert_refused(amq_check_enum_fixed(NULL, &kn, 1, idx, NULL, NULL));
    api_assert_refused(amq_check_enum_fixed(q, NULL, 1, idx, NULL, NULL));
    api_assert_refused(amq_check_enum_fixed(q, &kn, 1, NULL, NULL, NULL));
    api_assert_ok(amq_check_enum_fixed(q, &kn, 1, idx, NULL, NULL));
    assert_int_equal(mpq_cmp_ui(q, 1, 4), 0);
    api_assert_refused(amq_check_enum_fixed_counts(NULL, &outcomes, &kn, 1, idx, 1, NULL, NULL));
    api_assert_refused(amq_check_enum_fixed_counts(&positives, &outcomes, NULL, 1, idx, 1, NULL, NULL));
    api_assert_refused(amq_check_enum_fixed_counts(&positives, &outcomes, &kn, 1, NULL, 1, NULL, NULL));
    api_assert_ok(amq_check_enum_fixed_counts(&positives, NULL, &kn, 1, idx, 1, NULL, NULL)); /* optional */
    assert_int_equal(positives, 1);
    assert_string_equal(amq_check_hash_name(AMQ_CHECK_RANDOM_ORACLE), "random"); /* no pointer arguments */
    api_assert_refused(amq_check_hash_parse(NULL, &h));
    api_assert_refused(amq_check_hash_parse("random", NULL));
    api_assert_ok(amq_check_hash_parse("random", &h));
    assert_int_equal(h, AMQ_CHECK_RANDOM_ORACLE);
    api_assert_ok(amq_check_mc_set_team(NULL)); /* NULL: alone, the default */
    api_assert_refused(amq_check_mc(NULL, &cfg, &x));
    api_assert_refused(amq_check_mc(&kn, NULL, &x));
    api_assert_refused(amq_check_mc(&kn, &cfg, NULL));
    api_assert_ok(amq_check_mc(&kn, &cfg, &x));
    assert_true(x <= 10);
    api_assert_refused(amq_check_ops_mc(NULL, &kn, &cfg, 1e-6, 0.25));
    api_assert_refused(amq_check_ops_mc(&rep, NULL, &cfg, 1e-6, 0.25));
    api_assert_refused(amq_check_ops_mc(&rep, &kn, NULL, 1e-6, 0.25));
    api_assert_ok(amq_check_ops_mc(&rep, &kn, &cfg, 1e-6, 0.25));
    mpq_clear(q);
}

static void every_function_is_covered(void **state)
{
    (void)state;
    /* make check runs in the repository root */
    api_assert_covered("tests/test_api_null_misc.c", covered, sizeof covered / sizeof covered[0], 51);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(hash_h), cmocka_unit_test(stats_h),
                                       cmocka_unit_test(parquet_h), cmocka_unit_test(check_h),
                                       cmocka_unit_test(every_function_is_covered)};
    return cmocka_run_group_tests(tests, tmp_dir_group_setup, tmp_dir_group_teardown);
}
