#include "check_expect.h"
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include <amq/filter.h>

amq_impl *check_structure_impl(const char *name, const char *k1, uint64_t v1, const char *k2, uint64_t v2)
{
    const amq_structure *s = amq_structure_find(name);
    amq_params p;
    amq_params_init(&p, s);
    amq_params_set(&p, s, k1, v1);
    amq_params_set(&p, s, k2, v2);
    amq_impl *impl;
    assert_int_equal(amq_impl_structure(&impl, s, &p), AMQ_OK);
    return impl;
}

void check_expect_pass(amq_impl *impl, const amq_impl_check_config *c)
{
    amq_impl_check_result r;
    if (amq_impl_check(impl, c, &r) != AMQ_OK)
        fail_msg("%s: the check ended: %s", amq_impl_name(impl), amq_last_error());
    if (!r.pass)
        fail_msg("%s: %s", amq_impl_name(impl), r.reason);
    assert_false(r.false_negative);
    assert_int_equal(r.npoints, c->loads + (c->removals ? 1 : 0));
    for (size_t i = 0; i < r.npoints; i++) {
        assert_int_equal(r.points[i].queries, c->filters * c->queries);
        assert_int_equal(r.points[i].verdict, c->model ? AMQ_POINT_PASS : AMQ_POINT_UNTESTED);
        assert_true(r.points[i].ci_lo <= r.points[i].estimate && r.points[i].estimate <= r.points[i].ci_hi);
    }
    amq_impl_check_result_free(&r);
}

void check_expect_fail(amq_impl *impl, const amq_impl_check_config *c, const char *why, amq_impl_check_result *out)
{
    amq_impl_check_result r;
    if (amq_impl_check(impl, c, &r) != AMQ_OK)
        fail_msg("%s: the check ended: %s", amq_impl_name(impl), amq_last_error());
    if (r.pass || !strstr(r.reason, why))
        fail_msg("%s: expected a failure with '%s', got %s: %s", amq_impl_name(impl), why, r.pass ? "pass" : "fail",
                 r.reason);
    if (out)
        *out = r;
    else
        amq_impl_check_result_free(&r);
}
