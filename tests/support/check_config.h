/* The checker configuration the tests of amq_impl_check start from (one copy: issue 24). */
#ifndef AMQ_TEST_CHECK_CONFIG_H
#define AMQ_TEST_CHECK_CONFIG_H
#include <stdint.h>
#include <amq/check_impl.h>

/* The false-alarm rate of every statistical assertion of these tests. */
#define CHECK_CONFIG_ALPHA 1e-6

/* n keys, 4 loads, 2000 filters of 20 queries, seed 1, CHECK_CONFIG_ALPHA; the model is the
 * registry's structure `model` with its m and k set (model NULL: no model). */
amq_impl_check_config check_config(const char *model, uint64_t m, uint64_t k, uint64_t n);

#endif
