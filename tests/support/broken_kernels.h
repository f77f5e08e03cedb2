/* Deliberately broken Bloom kernels, built only into the tests, to show that the
 * cross-checks of amq/check.h have power: each must be flagged FAIL both by the
 * exhaustive enumeration and by the Monte Carlo test. Same signatures as the real
 * kernel (lib_internal/bloom_kernel.h), so they plug into amq_ops_bloom(). None of them
 * ever misses an inserted key through the query it is paired with in the tests,
 * except where noted: they are false-positive-rate bugs, the kind only the
 * statistics of the structure reveal. */
#ifndef AMQ_TEST_BROKEN_KERNELS_H
#define AMQ_TEST_BROKEN_KERNELS_H
#include <stddef.h>
#include <stdint.h>
#include <lib_internal/check_kernels.h>

/* Off-by-one loop bound in the query (i + 1 < k): the last index is never
 * tested, so the false-positive rate is that of k - 1 indices (1 when k = 1). */
int broken_query_skip_last(const uint64_t *bits, uint64_t m, const uint64_t *idx, size_t k);

/* A reduction that never reaches the last position: both add and query use
 * position idx % (m - 1) (0 when m = 1), so position m - 1 is never used and
 * position 0 takes twice the load. A consistent kernel (no false negatives),
 * but the positions are no longer uniform, which raises the FP rate. */
void broken_add_no_last(uint64_t *bits, uint64_t m, const uint64_t *idx, size_t k);
int broken_query_no_last(const uint64_t *bits, uint64_t m, const uint64_t *idx, size_t k);

/* Off-by-one start in the add loop (i = 1): the first index of every key is
 * never set. Paired with the real query it lowers the FP rate (and would give
 * false negatives). */
void broken_add_skip_first(uint64_t *bits, uint64_t m, const uint64_t *idx, size_t k);

#endif
