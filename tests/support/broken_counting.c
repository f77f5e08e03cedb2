/* Deliberately broken counting Bloom kernels for the tests; see broken_counting.h. */
#include "support/broken_counting.h"
#include <lib_internal/counting_kernel.h>

int broken_counting8_query_one_empty(const uint8_t *c, uint64_t m, const uint64_t *idx, size_t k)
{
    (void)m;
    for (size_t i = 0; i < k; i++)
        if (c[idx[i]] <= 1) /* BUG: should be == 0 */
            return 0;
    return 1;
}

int broken_counting4_remove_skip_last(uint8_t *c, uint64_t m, const uint64_t *idx, size_t k)
{
    return amq_counting_kernel_remove4(c, m, idx, k ? k - 1 : 0); /* BUG: all k indices */
}

static unsigned nib_get(const uint8_t *c, uint64_t p) { return p % 2 ? c[p / 2] >> 4 : c[p / 2] & 15u; }

int broken_counting4_remove_unsticky(uint8_t *c, uint64_t m, const uint64_t *idx, size_t k)
{
    (void)m;
    for (size_t t = 0; t < k; t++) { /* check first, as the real kernel does */
        size_t occ = 0;
        for (size_t s = 0; s < k; s++)
            occ += idx[s] == idx[t];
        if (nib_get(c, idx[t]) < occ) /* BUG: a counter at 15 always covers */
            return 1;
    }
    for (size_t i = 0; i < k; i++) /* BUG: must not decrement a counter at 15 */
        c[idx[i] / 2] = (uint8_t)(c[idx[i] / 2] - (idx[i] % 2 ? 16u : 1u));
    return 0;
}

const broken_counting broken_countings[N_BROKEN_COUNTING] = {
    {8, {"query takes 1 for empty", amq_counting_kernel_add8, broken_counting8_query_one_empty,
         amq_counting_kernel_remove8}, 0, 0},
    {4, {"remove skips the last index", amq_counting_kernel_add4, amq_counting_kernel_query4,
         broken_counting4_remove_skip_last}, 1, 0},
    {4, {"remove ignores saturation", amq_counting_kernel_add4, amq_counting_kernel_query4,
         broken_counting4_remove_unsticky}, 1, 1},
};
