/* Deliberately broken counting Bloom kernels, built only into the tests, to show
 * that the cross-checks of amq/check.h have power on the counting structure. Same
 * signatures and storage layout as the real kernels (lib_internal/counting_kernel.h), so
 * each plugs into amq_ops_counting() through an amq_counting_ops that keeps the
 * real functions for the other operations (broken_counting_ops). */
#ifndef AMQ_TEST_BROKEN_COUNTING_H
#define AMQ_TEST_BROKEN_COUNTING_H
#include <stddef.h>
#include <stdint.h>
#include <amq/check.h>
#include <lib_internal/check_kernels.h>

/* 8-bit query that takes a counter of 1 for empty (`> 1` instead of `> 0`): the
 * FP rate drops (keys whose indices are all singly hit look absent - these are
 * false negatives too). Flagged by the plain FP enumeration and Monte Carlo. */
int broken_counting8_query_one_empty(const uint8_t *c, uint64_t m, const uint64_t *idx, size_t k);

/* 4-bit remove with an off-by-one loop bound: the last index of the key is neither
 * checked nor decremented, so removed keys leave counts behind and the rate after
 * removals is above the Bloom rate for n - r keys. Flagged by the removal checks. */
int broken_counting4_remove_skip_last(uint8_t *c, uint64_t m, const uint64_t *idx, size_t k);

/* 4-bit remove that forgets sticky saturation: it decrements a counter at 15 like
 * any other. A saturated counter has lost its true count, so removing all inserted
 * keys can run it short and then the removal of an inserted key is refused: the
 * removal checks report AMQ_E_NOT_PRESENT (m = 1, k = 4, n = r = 4: 15 -> 11 -> 7
 * -> 3, the fourth removal needs 4). Invisible without saturation. */
int broken_counting4_remove_unsticky(uint8_t *c, uint64_t m, const uint64_t *idx, size_t k);

typedef struct broken_counting {
    unsigned width;
    amq_counting_ops ops;
    int removal_bug;     /* shows only in the removal checks                  */
    int saturation_only; /* shows only where a counter saturates              */
} broken_counting;

extern const broken_counting broken_countings[];
#define N_BROKEN_COUNTING 3
#define BROKEN_UNSTICKY 2 /* index of the saturation bug in broken_countings */

#endif
