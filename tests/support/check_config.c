#include "check_config.h"
#include <string.h>
#include <amq/filter.h>

amq_impl_check_config check_config(const char *model, uint64_t m, uint64_t k, uint64_t n)
{
    return check_config_params(model, "m", m, "k", k, n);
}

amq_impl_check_config check_config_params(const char *model, const char *k1, uint64_t v1, const char *k2, uint64_t v2,
                                          uint64_t n)
{
    amq_impl_check_config c;
    memset(&c, 0, sizeof c);
    c.model = model ? amq_structure_find(model) : NULL;
    if (c.model) {
        amq_params_init(&c.model_params, c.model);
        amq_params_set(&c.model_params, c.model, k1, v1);
        amq_params_set(&c.model_params, c.model, k2, v2);
    }
    c.n = n;
    c.loads = 4;
    c.filters = 2000;
    c.queries = 20;
    c.seed = 1;
    c.alpha = CHECK_CONFIG_ALPHA;
    return c;
}
