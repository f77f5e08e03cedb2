/* The public names renamed by issue 24 (docs/naming.md) still compile and mean the same:
 * code written against amq_omis_* and amq_kernel_* keeps building.  Only the aliases at the
 * ends of amq/spec_omissions.h, amq/check.h and amq/filter_rate.h make this file compile. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <amq/check.h>
#include <amq/filter_rate.h>
#include <amq/spec_omissions.h>

static void omissions_old_names(void **state)
{
    (void)state;
    amq_omis_params p = {.m = 64, .k = 3, .n = 4, .model = AMQ_OMIS_EXACT};
    mpq_t old_q, new_q;
    mpq_inits(old_q, new_q, NULL);
    assert_int_equal(amq_omis_rate_exact(old_q, &p, 2), AMQ_OK);
    assert_int_equal(amq_omissions_rate_exact(new_q, &p, 2), AMQ_OK);
    assert_true(mpq_equal(old_q, new_q));
    assert_int_equal(AMQ_OMIS_PAPER, AMQ_OMISSIONS_PAPER);
    assert_int_equal(AMQ_OMIS_MAX_BITS, AMQ_OMISSIONS_MAX_BITS);
    mpq_clears(old_q, new_q, NULL);
}

static void add_one(uint64_t *s, uint64_t m, const uint64_t *idx, size_t k)
{
    (void)m;
    for (size_t i = 0; i < k; i++)
        s[0] |= UINT64_C(1) << idx[i];
}

static int has_all(const uint64_t *s, uint64_t m, const uint64_t *idx, size_t k)
{
    (void)m;
    for (size_t i = 0; i < k; i++)
        if (!(s[0] >> idx[i] & 1))
            return 0;
    return 1;
}

static void descriptor_old_names(void **state)
{
    (void)state;
    amq_kernel_add_fn add = add_one;
    amq_kernel_query_fn query = has_all;
    amq_kernel kn = {.name = "tiny", .m = 8, .k = 2, .state_words = 1, .add = add, .query = query};
    uint64_t st = 0, idx[2] = {1, 5}, other[2] = {1, 6};
    assert_true(amq_kernel_valid(&kn));
    assert_false(amq_kernel_can_remove(&kn));
    amq_kernel_add(&kn, &st, idx);
    assert_int_equal(amq_kernel_query(&kn, &st, idx), 1);
    assert_int_equal(amq_ops_query(&kn, &st, other), 0);
    amq_kernel_clear(&kn, &st);
    assert_int_equal(st, 0);
    assert_null(amq_model_kernel(NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(omissions_old_names),
        cmocka_unit_test(descriptor_old_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
