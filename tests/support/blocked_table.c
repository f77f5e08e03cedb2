/* The blocked structures as a table of void-pointer operations; see blocked_table.h. */
#include "support/blocked_table.h"
#include <stdio.h>
#include <stdlib.h>
#include <amq/blocked_bloom.h>
#include <amq/blocked_quotient.h>
#include <amq/counting_blocked.h>
#include <amq/partitioned.h>
#include <amq/split_block.h>

/* The operations every structure names alike. */
#define WRAP(P)                                                                                                     \
    static amq_status P##_add_v(void *f, const void *k, size_t n) { return amq_##P##_add(f, k, n); }                \
    static int P##_query_v(const void *f, const void *k, size_t n) { return amq_##P##_query(f, k, n); }             \
    static void P##_batch_v(const void *f, const void *const *k, const size_t *l, size_t c, int *r)                 \
    {                                                                                                               \
        amq_##P##_query_batch(f, k, l, c, r);                                                                       \
    }                                                                                                               \
    static void P##_clear_v(void *f) { amq_##P##_clear(f); }                                                        \
    static amq_status P##_save_v(const void *f, const char *p) { return amq_##P##_save(f, p); }                     \
    static amq_status P##_load_v(void **f, const char *p) { return amq_##P##_load((amq_##P **)f, p); }              \
    static void P##_free_v(void *f) { amq_##P##_free(f); }
WRAP(blocked_bloom)
WRAP(split_block)
WRAP(partitioned)
WRAP(counting_blocked)
WRAP(blocked_quotient)

static uint64_t bb_used(const void *f) { return amq_blocked_bloom_count_bits(f); }
static uint64_t sb_used(const void *f) { return amq_split_block_count_bits(f); }
static uint64_t pt_used(const void *f) { return amq_partitioned_count_bits(f); }
static uint64_t cb_used(const void *f) { return amq_counting_blocked_nonzero(f); }
static uint64_t bq_used(const void *f) { return amq_blocked_quotient_count(f); }
static double bb_est(const void *f) { return amq_blocked_bloom_estimate_count(f); }
static double sb_est(const void *f) { return amq_split_block_estimate_count(f); }
static double pt_est(const void *f) { return amq_partitioned_estimate_count(f); }
static double cb_est(const void *f) { return amq_counting_blocked_estimate_count(f); }
static uint64_t bb_m(const void *f) { return amq_blocked_bloom_m(f); }
static uint64_t sb_m(const void *f) { return amq_split_block_m(f); }
static uint64_t pt_m(const void *f) { return amq_partitioned_m(f); }
static uint64_t cb_m(const void *f) { return amq_counting_blocked_m(f); }
static uint64_t bq_home(const void *f) { return amq_blocked_quotient_nblocks(f) << amq_blocked_quotient_q(f); }
static int cb_count(const void *f, uint64_t *c) { return amq_counting_blocked_count(f, c) == AMQ_OK; }

/* A make() that cannot build its filter is a broken test: say why and stop. */
static void *made(amq_status s, void *f)
{
    if (s != AMQ_OK) {
        fprintf(stderr, "blocked_table: cannot build a test filter: %s\n", amq_last_error());
        abort();
    }
    return f;
}
static void *bb_make(void)
{
    amq_blocked_bloom *b = NULL;
    amq_status s = amq_blocked_bloom_create(&b, 37, AMQ_BLOCKED_BLOOM_BLOCK_BITS, 6, AMQ_HASH_ENHANCED, 11);
    return made(s, b);
}
static void *sb_make(void)
{
    amq_split_block *f = NULL;
    amq_status s = amq_split_block_create(&f, 53, 0);
    return made(s, f);
}
static void *pt_make(void)
{
    amq_partitioned *p = NULL;
    amq_status s = amq_partitioned_create(&p, 7 * 1001, 7, AMQ_HASH_DOUBLE, 3);
    return made(s, p);
}
static void *cb_make(unsigned width)
{
    amq_counting_blocked *c = NULL;
    amq_status s = amq_counting_blocked_create(&c, 41, AMQ_COUNTING_BLOCKED_LINE_COUNTERS(width), 5, width,
                                               AMQ_HASH_TRIPLE, 5);
    return made(s, c);
}
static void *cb4_make(void) { return cb_make(4); }
static void *cb8_make(void) { return cb_make(8); }
static void *bq_make(void)
{
    amq_blocked_quotient *b = NULL;
    amq_status s = amq_blocked_quotient_create(&b, 43, 6, 9, 32, 5);
    return made(s, b);
}

static amq_status bb_for(void **f, uint64_t n, double fpr, double *a)
{
    return amq_blocked_bloom_create_for((amq_blocked_bloom **)f, n, fpr, AMQ_HASH_ENHANCED, 4, a);
}
static amq_status sb_for(void **f, uint64_t n, double fpr, double *a)
{
    return amq_split_block_create_for((amq_split_block **)f, n, fpr, 0, a);
}
static amq_status pt_for(void **f, uint64_t n, double fpr, double *a)
{
    return amq_partitioned_create_for((amq_partitioned **)f, n, fpr, AMQ_HASH_ENHANCED, 4, a);
}
static amq_status cb4_for(void **f, uint64_t n, double fpr, double *a)
{
    return amq_counting_blocked_create_for((amq_counting_blocked **)f, n, fpr, 4, AMQ_HASH_ENHANCED, 4, a);
}
static amq_status cb8_for(void **f, uint64_t n, double fpr, double *a)
{
    return amq_counting_blocked_create_for((amq_counting_blocked **)f, n, fpr, 8, AMQ_HASH_ENHANCED, 4, a);
}
static amq_status bq_for(void **f, uint64_t n, double fpr, double *a)
{
    return amq_blocked_quotient_create_for((amq_blocked_quotient **)f, n, fpr, 4, a);
}

#define OPS(P) P##_add_v, P##_query_v, P##_batch_v, P##_clear_v
#define FILES(P) P##_save_v, P##_load_v, P##_free_v
const blocked_structure blocked_structures[BLOCKED_ROWS] = {
    [BLOCKED_BLOOM_ROW] = {"blocked-bloom", 0, bb_make, OPS(blocked_bloom), bb_used, bb_est, bb_m, NULL, bb_for,
                           FILES(blocked_bloom)},
    [SPLIT_BLOCK_ROW] = {"split-block", 0, sb_make, OPS(split_block), sb_used, sb_est, sb_m, NULL, sb_for,
                         FILES(split_block)},
    [PARTITIONED_ROW] = {"partitioned", 0, pt_make, OPS(partitioned), pt_used, pt_est, pt_m, NULL, pt_for,
                         FILES(partitioned)},
    [COUNTING4_ROW] = {"counting-blocked", 4, cb4_make, OPS(counting_blocked), cb_used, cb_est, cb_m, cb_count,
                       cb4_for, FILES(counting_blocked)},
    [COUNTING8_ROW] = {"counting-blocked", 8, cb8_make, OPS(counting_blocked), cb_used, cb_est, cb_m, cb_count,
                       cb8_for, FILES(counting_blocked)},
    [QUOTIENT_ROW] = {"blocked-quotient", 0, bq_make, OPS(blocked_quotient), bq_used, NULL, bq_home, NULL, bq_for,
                      FILES(blocked_quotient)},
};
