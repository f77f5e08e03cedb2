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
/* The same with any two of the model's parameters: k1 = v1, k2 = v2 ("q" and "r" for the
 * quotient model, "nb" and "f" for the cuckoo's). */
amq_impl_check_config check_config_params(const char *model, const char *k1, uint64_t v1, const char *k2, uint64_t v2,
                                          uint64_t n);

#endif
