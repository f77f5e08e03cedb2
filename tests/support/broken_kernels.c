/* Deliberately broken Bloom kernels for the tests; see broken_kernels.h. */
#include "support/broken_kernels.h"

static int bit_get(const uint64_t *bits, uint64_t i) { return (int)((bits[i / 64u] >> (i % 64u)) & 1u); }
static void bit_set(uint64_t *bits, uint64_t i) { bits[i / 64u] |= (uint64_t)1 << (i % 64u); }

int broken_query_skip_last(const uint64_t *bits, uint64_t m, const uint64_t *idx, size_t k)
{
    (void)m;
    for (size_t i = 0; i + 1 < k; i++) /* BUG: should be i < k */
        if (!bit_get(bits, idx[i]))
            return 0;
    return 1;
}

static uint64_t no_last(uint64_t i, uint64_t m) { return m > 1 ? i % (m - 1) : 0; } /* BUG: % m */

void broken_add_no_last(uint64_t *bits, uint64_t m, const uint64_t *idx, size_t k)
{
    for (size_t i = 0; i < k; i++)
        bit_set(bits, no_last(idx[i], m));
}

int broken_query_no_last(const uint64_t *bits, uint64_t m, const uint64_t *idx, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (!bit_get(bits, no_last(idx[i], m)))
            return 0;
    return 1;
}

void broken_add_skip_first(uint64_t *bits, uint64_t m, const uint64_t *idx, size_t k)
{
    (void)m;
    for (size_t i = 1; i < k; i++) /* BUG: should start at 0 */
        bit_set(bits, idx[i]);
}
