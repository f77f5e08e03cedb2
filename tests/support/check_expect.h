/* The verdicts the tests of amq_impl_check expect, shared by test_check_impl.c and
 * test_check_keys.c (one copy: issue 24). */
#ifndef AMQ_TEST_CHECK_EXPECT_H
#define AMQ_TEST_CHECK_EXPECT_H
#include <stdint.h>
#include <amq/check_impl.h>
#include <amq/impl.h>

/* The registry's structure `name` in process, with two of its parameters set. */
amq_impl *check_structure_impl(const char *name, const char *k1, uint64_t v1, const char *k2, uint64_t v2);
/* The check must pass: no false negative, every load point tested (or untested without a model). */
void check_expect_pass(amq_impl *impl, const amq_impl_check_config *c);
/* The check must fail with a reason that contains `why`; the result goes to *out (NULL: freed). */
void check_expect_fail(amq_impl *impl, const amq_impl_check_config *c, const char *why, amq_impl_check_result *out);

#endif
