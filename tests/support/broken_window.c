/* Deliberately broken sliding-window kernels for the tests; see broken_window.h. They reuse
 * the proved pieces (Bloom add, generation clear) and differ from amq_window_kernel_add only
 * in the marked line. */
#include "support/broken_window.h"
#include <lib_internal/window_kernel.h>

/* next generation after c: BUG wraps one generation early */
static uint64_t next_early(uint64_t c, uint64_t g) { return c + 2u >= g ? 0 : c + 1u; /* BUG: c + 1u == g */ }

void broken_window_add_wraps_early(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                   uint64_t cap, uint64_t m, const uint64_t *idx, size_t k)
{
    const uint64_t c = *cur;
    count[c] += 1u;
    if (count[c] == cap) {
        const uint64_t next = next_early(c, g);
        amq_window_kernel_clear_gen(gen[next], m);
        count[next] = 0;
        *cur = next;
    }
    amq_bloom_kernel_add(gen[c], m, idx, k);
}

void broken_window_add_rotates_early(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                     uint64_t cap, uint64_t m, const uint64_t *idx, size_t k)
{
    const uint64_t c = *cur;
    count[c] += 1u;
    if (count[c] + 1u >= cap) { /* BUG: count[c] == cap */
        const uint64_t next = c + 1u == g ? 0 : c + 1u;
        amq_window_kernel_clear_gen(gen[next], m);
        count[next] = 0;
        *cur = next;
    }
    amq_bloom_kernel_add(gen[c], m, idx, k);
}

const amq_window_ops broken_window_wraps_early_ops = {"window (wraps early)", broken_window_add_wraps_early,
                                                      amq_window_kernel_query};
const amq_window_ops broken_window_rotates_early_ops = {"window (rotates early)", broken_window_add_rotates_early,
                                                        amq_window_kernel_query};
