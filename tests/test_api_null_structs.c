/* The NULL rule of amq/error.h for the per-structure headers (amq/bloom.h, counting.h,
 * partitioned.h, split_block.h, window.h, blocked_quotient.h, counting_blocked.h, cuckoo.h,
 * quotient.h, blocked_bloom.h): every function is called with NULL in each pointer argument
 * that its header does not make optional, then validly; the last test fails when a header
 * declares a function this file does not call.  ASan+UBSan run it too. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/api_coverage.h"
#include "support/tmp_dir.h"
#include <amq/blocked_bloom.h>
#include <amq/blocked_quotient.h>
#include <amq/bloom.h>
#include <amq/counting.h>
#include <amq/counting_blocked.h>
#include <amq/cuckoo.h>
#include <amq/partitioned.h>
#include <amq/quotient.h>
#include <amq/split_block.h>
#include <amq/window.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const covered[] = {
    "include/amq/bloom.h",       "include/amq/counting.h",         "include/amq/partitioned.h",
    "include/amq/split_block.h", "include/amq/window.h",           "include/amq/blocked_quotient.h",
    "include/amq/counting_blocked.h", "include/amq/cuckoo.h",      "include/amq/quotient.h",
    "include/amq/blocked_bloom.h"};

#define STRAT AMQ_HASH_DEFAULT

/* A query's error answer: -1. */
#define NO_ANSWER(call) assert_int_equal((call), -1)

/* A batch query under the rule: a NULL filter, key array, length array or key (length > 0)
 * answers -1 everywhere; no results array: nothing written, no crash. */
#define BATCH_REFUSALS(fn, obj)                                                                  \
    do {                                                                                         \
        const void *bk[2] = {"a", NULL};                                                         \
        const size_t bl[2] = {1, 1};                                                             \
        int br[2] = {5, 5};                                                                      \
        fn(NULL, bk, bl, 1, br);                                                                 \
        assert_int_equal(br[0], -1);                                                             \
        br[0] = 5;                                                                               \
        fn(obj, NULL, bl, 1, br);                                                                \
        assert_int_equal(br[0], -1);                                                             \
        br[0] = 5;                                                                               \
        fn(obj, bk, NULL, 1, br);                                                                \
        assert_int_equal(br[0], -1);                                                             \
        br[0] = 5;                                                                               \
        fn(obj, bk, bl, 2, br);                                                                  \
        assert_true(br[0] == -1 && br[1] == -1);                                                 \
        fn(obj, bk, bl, 2, NULL);                                                                \
    } while (0)

static const void *const keys1[1] = {"a"};
static const size_t lens1[1] = {1};

static void bloom_h(void **state)
{
    (void)state;
    amq_bloom *bf = NULL, *b2 = NULL, *ld = NULL;
    uint64_t u = 0, u2 = 0;
    double d = 0;
    api_assert_refused(amq_bloom_create(NULL, 1024, 3, STRAT, 1));
    api_assert_ok(amq_bloom_create(&bf, 1024, 3, STRAT, 1));
    api_assert_ok(amq_bloom_create(&b2, 1024, 3, STRAT, 1));
    d = -1.0; /* a refused call writes nothing, *achieved included */
    api_assert_refused(amq_bloom_create_for(NULL, 100, 0.01, STRAT, 1, &d));
    assert_true(d == -1.0);
    api_assert_refused(amq_bloom_size_for(100, 0.01, NULL, &u2, &d));
    api_assert_refused(amq_bloom_size_for(100, 0.01, &u, NULL, &d));
    api_assert_ok(amq_bloom_size_for(100, 0.01, &u, &u2, NULL)); /* achieved is optional */
    api_assert_refused(amq_bloom_add(NULL, "a", 1));
    api_assert_refused(amq_bloom_add(bf, NULL, 1));
    assert_int_equal(amq_bloom_count_bits(bf), 0); /* the refused adds changed nothing */
    api_assert_ok(amq_bloom_add(bf, NULL, 0));                /* the empty key */
    api_assert_ok(amq_bloom_add(bf, "a", 1));
    NO_ANSWER(amq_bloom_query(NULL, "a", 1));
    NO_ANSWER(amq_bloom_query(bf, NULL, 1));
    assert_int_equal(amq_bloom_query(bf, NULL, 0), 1);
    assert_int_equal(amq_bloom_query(bf, "a", 1), 1);
    api_assert_refused(amq_bloom_union(NULL, b2));
    api_assert_refused(amq_bloom_union(b2, NULL));
    api_assert_ok(amq_bloom_union(b2, bf));
    assert_int_equal(amq_bloom_count_bits(NULL), 0);
    assert_true(amq_bloom_count_bits(b2) > 0);
    assert_true(isnan(amq_bloom_estimate_count(NULL)));
    assert_true(amq_bloom_estimate_count(bf) > 0);
    assert_true(amq_fill_estimate(10, 1024, 3) > 0); /* no pointer arguments */
    assert_int_equal(amq_bloom_m(NULL) + amq_bloom_k(NULL) + amq_bloom_seed(NULL), 0);
    assert_int_equal(amq_bloom_strategy(NULL), 0);
    assert_int_equal(amq_bloom_m(bf) + amq_bloom_k(bf) + amq_bloom_seed(bf), 1024 + 3 + 1);
    assert_int_equal(amq_bloom_strategy(bf), STRAT);
    api_assert_refused(amq_bloom_save(NULL, tmp_path));
    api_assert_refused(amq_bloom_save(bf, NULL));
    api_assert_ok(amq_bloom_save(bf, tmp_path));
    api_assert_refused(amq_bloom_load(NULL, tmp_path));
    api_assert_refused(amq_bloom_load(&ld, NULL));
    api_assert_ok(amq_bloom_load(&ld, tmp_path));
    assert_int_equal(amq_bloom_count_bits(ld), amq_bloom_count_bits(bf));
    amq_bloom_clear(NULL); /* nothing to do */
    amq_bloom_clear(bf);
    assert_int_equal(amq_bloom_count_bits(bf), 0);
    amq_bloom_free(NULL);
    amq_bloom_free(ld);
    amq_bloom_free(b2);
    api_assert_ok(amq_bloom_create_for(&b2, 100, 0.01, STRAT, 1, NULL));
    amq_bloom_free(b2);
    amq_bloom_free(bf);
}

static void counting_h(void **state)
{
    (void)state;
    amq_counting *cf = NULL, *ld = NULL;
    uint64_t u = 0;
    double d = 0;
    api_assert_refused(amq_counting_create(NULL, 1024, 3, 4, STRAT, 1));
    api_assert_ok(amq_counting_create(&cf, 1024, 3, 4, STRAT, 1));
    d = -1.0; /* a refused call writes nothing, *achieved included */
    api_assert_refused(amq_counting_create_for(NULL, 100, 0.01, 4, STRAT, 1, &d));
    assert_true(d == -1.0);
    api_assert_refused(amq_counting_add(NULL, "a", 1));
    api_assert_refused(amq_counting_add(cf, NULL, 1));
    assert_int_equal(amq_counting_nonzero(cf), 0);
    api_assert_ok(amq_counting_add(cf, "a", 1));
    api_assert_ok(amq_counting_add(cf, "b", 1));
    NO_ANSWER(amq_counting_query(NULL, "a", 1));
    NO_ANSWER(amq_counting_query(cf, NULL, 1));
    assert_int_equal(amq_counting_query(cf, "a", 1), 1);
    api_assert_refused(amq_counting_remove(NULL, "b", 1));
    api_assert_refused(amq_counting_remove(cf, NULL, 1));
    api_assert_ok(amq_counting_remove(cf, "b", 1));
    api_assert_refused(amq_counting_count(NULL, &u));
    api_assert_refused(amq_counting_count(cf, NULL));
    api_assert_ok(amq_counting_count(cf, &u));
    assert_int_equal(u, 1); /* keys: the counter sum over k */
    assert_true(isnan(amq_counting_estimate_count(NULL)));
    assert_true(amq_counting_estimate_count(cf) > 0);
    assert_int_equal(amq_counting_nonzero(NULL) + amq_counting_saturated(NULL), 0);
    assert_int_equal(amq_counting_nonzero(cf), 3);
    assert_int_equal(amq_counting_saturated(cf), 0);
    assert_int_equal(amq_counting_get(NULL, 0), 0);
    assert_true(amq_counting_get(cf, 0) <= 1);
    /* past the m counters: 0, not a read outside the array (it read there before) */
    assert_int_equal(amq_counting_get(cf, 1024) + amq_counting_get(cf, UINT64_MAX), 0);
    assert_int_equal(amq_counting_m(NULL) + amq_counting_k(NULL) + amq_counting_width(NULL) +
                         amq_counting_seed(NULL) + (uint64_t)amq_counting_strategy(NULL),
                     0);
    assert_int_equal(amq_counting_m(cf) + amq_counting_k(cf) + amq_counting_width(cf) + amq_counting_seed(cf),
                     1024 + 3 + 4 + 1);
    assert_int_equal(amq_counting_strategy(cf), STRAT);
    api_assert_refused(amq_counting_save(NULL, tmp_path));
    api_assert_refused(amq_counting_save(cf, NULL));
    api_assert_ok(amq_counting_save(cf, tmp_path));
    api_assert_refused(amq_counting_load(NULL, tmp_path));
    api_assert_refused(amq_counting_load(&ld, NULL));
    api_assert_ok(amq_counting_load(&ld, tmp_path));
    assert_int_equal(amq_counting_nonzero(ld), 3);
    amq_counting_clear(NULL);
    amq_counting_clear(cf);
    assert_int_equal(amq_counting_nonzero(cf), 0);
    amq_counting_free(NULL);
    amq_counting_free(ld);
    amq_counting_free(cf);
    api_assert_ok(amq_counting_create_for(&cf, 100, 0.01, 4, STRAT, 1, NULL));
    amq_counting_free(cf);
}

static void partitioned_h(void **state)
{
    (void)state;
    amq_partitioned *p = NULL, *ld = NULL;
    double d = 0;
    int res[1] = {5};
    api_assert_refused(amq_partitioned_create(NULL, 1024, 4, STRAT, 1));
    api_assert_ok(amq_partitioned_create(&p, 1024, 4, STRAT, 1));
    d = -1.0; /* a refused call writes nothing, *achieved included */
    api_assert_refused(amq_partitioned_create_for(NULL, 100, 0.01, STRAT, 1, &d));
    assert_true(d == -1.0);
    api_assert_refused(amq_partitioned_add(NULL, "a", 1));
    api_assert_refused(amq_partitioned_add(p, NULL, 1));
    assert_int_equal(amq_partitioned_count_bits(p), 0);
    api_assert_ok(amq_partitioned_add(p, "a", 1));
    NO_ANSWER(amq_partitioned_query(NULL, "a", 1));
    NO_ANSWER(amq_partitioned_query(p, NULL, 1));
    assert_int_equal(amq_partitioned_query(p, "a", 1), 1);
    BATCH_REFUSALS(amq_partitioned_query_batch, p);
    amq_partitioned_query_batch(p, keys1, lens1, 1, res);
    assert_int_equal(res[0], 1);
    assert_int_equal(amq_partitioned_count_bits(NULL), 0);
    assert_int_equal(amq_partitioned_count_bits(p), 4);
    assert_true(isnan(amq_partitioned_estimate_count(NULL)));
    assert_true(amq_partitioned_estimate_count(p) > 0);
    assert_int_equal(amq_partitioned_m(NULL) + amq_partitioned_k(NULL) + amq_partitioned_partition_bits(NULL) +
                         amq_partitioned_seed(NULL) + (uint64_t)amq_partitioned_strategy(NULL),
                     0);
    assert_int_equal(amq_partitioned_m(p) + amq_partitioned_k(p) + amq_partitioned_partition_bits(p) +
                         amq_partitioned_seed(p),
                     1024 + 4 + 256 + 1);
    assert_int_equal(amq_partitioned_strategy(p), STRAT);
    api_assert_refused(amq_partitioned_save(NULL, tmp_path));
    api_assert_refused(amq_partitioned_save(p, NULL));
    api_assert_ok(amq_partitioned_save(p, tmp_path));
    api_assert_refused(amq_partitioned_load(NULL, tmp_path));
    api_assert_refused(amq_partitioned_load(&ld, NULL));
    api_assert_ok(amq_partitioned_load(&ld, tmp_path));
    assert_int_equal(amq_partitioned_count_bits(ld), 4);
    amq_partitioned_clear(NULL);
    amq_partitioned_clear(p);
    assert_int_equal(amq_partitioned_count_bits(p), 0);
    amq_partitioned_free(NULL);
    amq_partitioned_free(ld);
    amq_partitioned_free(p);
    api_assert_ok(amq_partitioned_create_for(&p, 100, 0.01, STRAT, 1, NULL));
    amq_partitioned_free(p);
}

static void split_block_h(void **state)
{
    (void)state;
    amq_split_block *f = NULL, *ld = NULL;
    uint64_t u = 0;
    double d = 0;
    int res[1] = {5};
    api_assert_refused(amq_split_block_create(NULL, 4, 1));
    api_assert_ok(amq_split_block_create(&f, 4, 1));
    api_assert_refused(amq_split_block_create_for(NULL, 100, 0.01, 1, &d));
    api_assert_refused(amq_split_block_size_for_arrow(100, 0.01, NULL, &d));
    api_assert_ok(amq_split_block_size_for_arrow(100, 0.01, &u, NULL)); /* achieved is optional */
    api_assert_refused(amq_split_block_create_for_arrow(NULL, 100, 0.01, 1, &d));
    assert_true(amq_split_block_arrow_accepts(4)); /* no pointer arguments */
    api_assert_refused(amq_split_block_add(NULL, "a", 1));
    api_assert_refused(amq_split_block_add(f, NULL, 1));
    assert_int_equal(amq_split_block_count_bits(f), 0);
    api_assert_ok(amq_split_block_add(f, "a", 1));
    NO_ANSWER(amq_split_block_query(NULL, "a", 1));
    NO_ANSWER(amq_split_block_query(f, NULL, 1));
    assert_int_equal(amq_split_block_query(f, "a", 1), 1);
    BATCH_REFUSALS(amq_split_block_query_batch, f);
    amq_split_block_query_batch(f, keys1, lens1, 1, res);
    assert_int_equal(res[0], 1);
    assert_int_equal(amq_split_block_count_bits(NULL), 0);
    assert_int_equal(amq_split_block_count_bits(f), 8);
    assert_true(isnan(amq_split_block_estimate_count(NULL)));
    assert_true(amq_split_block_estimate_count(f) > 0);
    assert_int_equal(amq_split_block_nblocks(NULL) + amq_split_block_m(NULL) + amq_split_block_seed(NULL), 0);
    assert_int_equal(amq_split_block_nblocks(f) + amq_split_block_m(f) + amq_split_block_seed(f), 4 + 1024 + 1);
    api_assert_refused(amq_split_block_save(NULL, tmp_path));
    api_assert_refused(amq_split_block_save(f, NULL));
    api_assert_ok(amq_split_block_save(f, tmp_path));
    api_assert_refused(amq_split_block_load(NULL, tmp_path));
    api_assert_refused(amq_split_block_load(&ld, NULL));
    api_assert_ok(amq_split_block_load(&ld, tmp_path));
    assert_int_equal(amq_split_block_count_bits(ld), 8);
    amq_split_block_clear(NULL);
    amq_split_block_clear(f);
    assert_int_equal(amq_split_block_count_bits(f), 0);
    amq_split_block_free(NULL);
    amq_split_block_free(ld);
    amq_split_block_free(f);
    api_assert_ok(amq_split_block_create_for(&f, 100, 0.01, 1, NULL));
    amq_split_block_free(f);
    api_assert_ok(amq_split_block_create_for_arrow(&f, 100, 0.01, 1, NULL));
    amq_split_block_free(f);
}

static void window_h(void **state)
{
    (void)state;
    amq_window *w = NULL, *ld = NULL;
    uint64_t u = 0, u2 = 0;
    double d = 0;
    api_assert_refused(amq_window_create(NULL, 1024, 3, 100, 4, STRAT, 1));
    api_assert_ok(amq_window_create(&w, 1024, 3, 100, 4, STRAT, 1));
    api_assert_ok(amq_window_check_params(1024, 3, 100, 4, STRAT)); /* no pointer arguments */
    api_assert_refused(amq_window_size_for(100, 0.01, 4, NULL, &u2, &d));
    api_assert_refused(amq_window_size_for(100, 0.01, 4, &u, NULL, &d));
    api_assert_ok(amq_window_size_for(100, 0.01, 4, &u, &u2, NULL)); /* achieved is optional */
    api_assert_refused(amq_window_create_for(NULL, 100, 0.01, 4, STRAT, 1, &d));
    api_assert_refused(amq_window_add(NULL, "a", 1));
    api_assert_refused(amq_window_add(w, NULL, 1));
    assert_int_equal(amq_window_insertions(w), 0);
    api_assert_ok(amq_window_add(w, "a", 1));
    NO_ANSWER(amq_window_query(NULL, "a", 1));
    NO_ANSWER(amq_window_query(w, NULL, 1));
    assert_int_equal(amq_window_query(w, "a", 1), 1);
    assert_int_equal(amq_window_count(NULL) + amq_window_insertions(NULL) + amq_window_generation_load(NULL, 0), 0);
    assert_int_equal(amq_window_count(w) + amq_window_insertions(w) + amq_window_generation_load(w, 0), 3);
    assert_int_equal(amq_window_m(NULL) + amq_window_k(NULL) + amq_window_length(NULL) + amq_window_g(NULL) +
                         amq_window_cap(NULL) + amq_window_seed(NULL) + (uint64_t)amq_window_strategy(NULL),
                     0);
    assert_int_equal(amq_window_m(w) + amq_window_k(w) + amq_window_length(w) + amq_window_g(w) + amq_window_seed(w),
                     1024 + 3 + 100 + 4 + 1);
    assert_true(amq_window_cap(w) > 0);
    assert_int_equal(amq_window_strategy(w), STRAT);
    api_assert_refused(amq_window_save(NULL, tmp_path));
    api_assert_refused(amq_window_save(w, NULL));
    api_assert_ok(amq_window_save(w, tmp_path));
    api_assert_refused(amq_window_load(NULL, tmp_path));
    api_assert_refused(amq_window_load(&ld, NULL));
    api_assert_ok(amq_window_load(&ld, tmp_path));
    assert_int_equal(amq_window_insertions(ld), 1);
    amq_window_clear(NULL);
    amq_window_clear(w);
    assert_int_equal(amq_window_insertions(w), 0);
    amq_window_free(NULL);
    amq_window_free(ld);
    amq_window_free(w);
    api_assert_ok(amq_window_create_for(&w, 100, 0.01, 4, STRAT, 1, NULL));
    amq_window_free(w);
}

static void blocked_quotient_h(void **state)
{
    (void)state;
    amq_blocked_quotient *b = NULL, *ld = NULL;
    double d = 0;
    int res[1] = {5};
    const uint64_t slack = amq_blocked_quotient_default_slack(6); /* no pointer arguments */
    api_assert_refused(amq_blocked_quotient_create(NULL, 4, 6, 8, slack, 1));
    api_assert_ok(amq_blocked_quotient_create(&b, 4, 6, 8, slack, 1));
    uint64_t u[3] = {0, 0, 0};
    api_assert_refused(amq_blocked_quotient_size_for_load(100, 0.01, 0.9, NULL, &u[1], &u[2], &d));
    api_assert_refused(amq_blocked_quotient_size_for_load(100, 0.01, 0.9, &u[0], NULL, &u[2], &d));
    api_assert_refused(amq_blocked_quotient_size_for_load(100, 0.01, 0.9, &u[0], &u[1], NULL, &d));
    api_assert_ok(amq_blocked_quotient_size_for_load(100, 0.01, 0.9, &u[0], &u[1], &u[2], NULL));
    d = -1.0; /* a refused call writes nothing, *achieved included */
    api_assert_refused(amq_blocked_quotient_create_for(NULL, 100, 0.01, 1, &d));
    api_assert_refused(amq_blocked_quotient_create_for_load(NULL, 100, 0.01, 0.9, 1, &d));
    assert_true(d == -1.0);
    api_assert_refused(amq_blocked_quotient_add(NULL, "a", 1));
    api_assert_refused(amq_blocked_quotient_add(b, NULL, 1));
    assert_int_equal(amq_blocked_quotient_count(b), 0);
    api_assert_ok(amq_blocked_quotient_add(b, "a", 1));
    api_assert_ok(amq_blocked_quotient_add(b, "b", 1));
    NO_ANSWER(amq_blocked_quotient_query(NULL, "a", 1));
    NO_ANSWER(amq_blocked_quotient_query(b, NULL, 1));
    assert_int_equal(amq_blocked_quotient_query(b, "a", 1), 1);
    BATCH_REFUSALS(amq_blocked_quotient_query_batch, b);
    amq_blocked_quotient_query_batch(b, keys1, lens1, 1, res);
    assert_int_equal(res[0], 1);
    api_assert_refused(amq_blocked_quotient_remove(NULL, "b", 1));
    api_assert_refused(amq_blocked_quotient_remove(b, NULL, 1));
    api_assert_ok(amq_blocked_quotient_remove(b, "b", 1));
    assert_int_equal(amq_blocked_quotient_count(NULL), 0);
    assert_int_equal(amq_blocked_quotient_count(b), 1);
    assert_int_equal(amq_blocked_quotient_nblocks(NULL) + amq_blocked_quotient_q(NULL) + amq_blocked_quotient_r(NULL) +
                         amq_blocked_quotient_slack(NULL) + amq_blocked_quotient_seed(NULL),
                     0);
    assert_int_equal(amq_blocked_quotient_nblocks(b) + amq_blocked_quotient_q(b) + amq_blocked_quotient_r(b) +
                         amq_blocked_quotient_slack(b) + amq_blocked_quotient_seed(b),
                     4 + 6 + 8 + slack + 1);
    api_assert_refused(amq_blocked_quotient_save(NULL, tmp_path));
    api_assert_refused(amq_blocked_quotient_save(b, NULL));
    api_assert_ok(amq_blocked_quotient_save(b, tmp_path));
    api_assert_refused(amq_blocked_quotient_load(NULL, tmp_path));
    api_assert_refused(amq_blocked_quotient_load(&ld, NULL));
    api_assert_ok(amq_blocked_quotient_load(&ld, tmp_path));
    assert_int_equal(amq_blocked_quotient_count(ld), 1);
    amq_blocked_quotient_clear(NULL);
    amq_blocked_quotient_clear(b);
    assert_int_equal(amq_blocked_quotient_count(b), 0);
    amq_blocked_quotient_free(NULL);
    amq_blocked_quotient_free(ld);
    amq_blocked_quotient_free(b);
    api_assert_ok(amq_blocked_quotient_create_for(&b, 100, 0.01, 1, NULL));
    amq_blocked_quotient_free(b);
    api_assert_ok(amq_blocked_quotient_create_for_load(&b, 100, 0.01, 0.9, 1, NULL));
    amq_blocked_quotient_free(b);
}

static void counting_blocked_h(void **state)
{
    (void)state;
    amq_counting_blocked *c = NULL, *ld = NULL;
    uint64_t u = 0;
    double d = 0;
    int res[1] = {5};
    d = -1.0; /* a refused call writes nothing, *achieved included */
    api_assert_refused(amq_counting_blocked_create_for(NULL, 100, 0.01, 4, STRAT, 1, &d));
    assert_true(d == -1.0);
    api_assert_ok(amq_counting_blocked_create_for(&c, 100, 0.01, 4, STRAT, 1, NULL)); /* achieved is optional */
    const uint64_t nb = amq_counting_blocked_nblocks(c), bc = amq_counting_blocked_block_counters(c);
    const uint64_t k = amq_counting_blocked_k(c);
    assert_true(nb > 0 && bc > 0 && k > 0);
    api_assert_refused(amq_counting_blocked_create(NULL, nb, bc, k, 4, STRAT, 1));
    api_assert_refused(amq_counting_blocked_add(NULL, "a", 1));
    api_assert_refused(amq_counting_blocked_add(c, NULL, 1));
    assert_int_equal(amq_counting_blocked_nonzero(c), 0);
    api_assert_ok(amq_counting_blocked_add(c, "a", 1));
    api_assert_ok(amq_counting_blocked_add(c, "b", 1));
    NO_ANSWER(amq_counting_blocked_query(NULL, "a", 1));
    NO_ANSWER(amq_counting_blocked_query(c, NULL, 1));
    assert_int_equal(amq_counting_blocked_query(c, "a", 1), 1);
    BATCH_REFUSALS(amq_counting_blocked_query_batch, c);
    amq_counting_blocked_query_batch(c, keys1, lens1, 1, res);
    assert_int_equal(res[0], 1);
    api_assert_refused(amq_counting_blocked_remove(NULL, "b", 1));
    api_assert_refused(amq_counting_blocked_remove(c, NULL, 1));
    api_assert_ok(amq_counting_blocked_remove(c, "b", 1));
    api_assert_refused(amq_counting_blocked_count(NULL, &u));
    api_assert_refused(amq_counting_blocked_count(c, NULL));
    api_assert_ok(amq_counting_blocked_count(c, &u));
    assert_int_equal(u, 1); /* keys: the counter sum over k */
    assert_int_equal(amq_counting_blocked_nonzero(NULL) + amq_counting_blocked_saturated(NULL), 0);
    assert_true(amq_counting_blocked_nonzero(c) > 0);
    assert_int_equal(amq_counting_blocked_saturated(c), 0);
    assert_true(isnan(amq_counting_blocked_estimate_count(NULL)));
    assert_true(amq_counting_blocked_estimate_count(c) > 0);
    assert_int_equal(amq_counting_blocked_nblocks(NULL) + amq_counting_blocked_block_counters(NULL) +
                         amq_counting_blocked_m(NULL) + amq_counting_blocked_k(NULL) +
                         amq_counting_blocked_width(NULL) + amq_counting_blocked_seed(NULL) +
                         (uint64_t)amq_counting_blocked_strategy(NULL),
                     0);
    assert_int_equal(amq_counting_blocked_m(c), nb * bc);
    assert_int_equal(amq_counting_blocked_width(c) + amq_counting_blocked_seed(c), 4 + 1);
    assert_int_equal(amq_counting_blocked_strategy(c), STRAT);
    api_assert_refused(amq_counting_blocked_save(NULL, tmp_path));
    api_assert_refused(amq_counting_blocked_save(c, NULL));
    api_assert_ok(amq_counting_blocked_save(c, tmp_path));
    api_assert_refused(amq_counting_blocked_load(NULL, tmp_path));
    api_assert_refused(amq_counting_blocked_load(&ld, NULL));
    api_assert_ok(amq_counting_blocked_load(&ld, tmp_path));
    assert_int_equal(amq_counting_blocked_nonzero(ld), amq_counting_blocked_nonzero(c));
    amq_counting_blocked_clear(NULL);
    amq_counting_blocked_clear(c);
    assert_int_equal(amq_counting_blocked_nonzero(c), 0);
    amq_counting_blocked_free(NULL);
    amq_counting_blocked_free(ld);
    amq_counting_blocked_free(c);
    api_assert_ok(amq_counting_blocked_create(&c, nb, bc, k, 4, STRAT, 1));
    amq_counting_blocked_free(c);
}

static void cuckoo_h(void **state)
{
    (void)state;
    amq_cuckoo *cf = NULL, *ld = NULL;
    uint64_t u = 0, u2 = 0;
    double d = 0;
    assert_true(amq_cuckoo_sizing_load(100, 4) > 0); /* no pointer arguments */
    api_assert_ok(amq_cuckoo_check_geometry(16, 4, 8));         /* no pointer arguments */
    assert_int_equal(amq_cuckoo_table_words(16, 4, 8), 8); /* no pointer arguments */
    api_assert_refused(amq_cuckoo_create(NULL, 16, 4, 8, 1));
    api_assert_ok(amq_cuckoo_create(&cf, 16, 4, 8, 1));
    api_assert_refused(amq_cuckoo_size_for(100, 0.01, 4, NULL, &u2, &d));
    api_assert_refused(amq_cuckoo_size_for(100, 0.01, 4, &u, NULL, &d));
    api_assert_ok(amq_cuckoo_size_for(100, 0.01, 4, &u, &u2, NULL)); /* achieved is optional */
    d = -1.0; /* a refused call writes nothing, *achieved included */
    api_assert_refused(amq_cuckoo_create_for(NULL, 100, 0.01, 4, 1, &d));
    assert_true(d == -1.0);
    api_assert_refused(amq_cuckoo_add(NULL, "a", 1));
    api_assert_refused(amq_cuckoo_add(cf, NULL, 1));
    assert_int_equal(amq_cuckoo_count(cf), 0);
    api_assert_ok(amq_cuckoo_add(cf, "a", 1));
    api_assert_ok(amq_cuckoo_add(cf, "b", 1));
    NO_ANSWER(amq_cuckoo_query(NULL, "a", 1));
    NO_ANSWER(amq_cuckoo_query(cf, NULL, 1));
    assert_int_equal(amq_cuckoo_query(cf, "a", 1), 1);
    api_assert_refused(amq_cuckoo_remove(NULL, "b", 1));
    api_assert_refused(amq_cuckoo_remove(cf, NULL, 1));
    api_assert_ok(amq_cuckoo_remove(cf, "b", 1));
    assert_int_equal(amq_cuckoo_count(NULL), 0);
    assert_int_equal(amq_cuckoo_count(cf), 1);
    assert_true(amq_cuckoo_load_factor(NULL) == 0.0);
    assert_true(amq_cuckoo_load_factor(cf) > 0.0);
    assert_int_equal(amq_cuckoo_buckets(NULL) + amq_cuckoo_slots_per_bucket(NULL) +
                         amq_cuckoo_fingerprint_bits(NULL) + amq_cuckoo_seed(NULL),
                     0);
    assert_int_equal(amq_cuckoo_buckets(cf) + amq_cuckoo_slots_per_bucket(cf) + amq_cuckoo_fingerprint_bits(cf) +
                         amq_cuckoo_seed(cf),
                     16 + 4 + 8 + 1);
    assert_null(amq_cuckoo_table(NULL));
    assert_non_null(amq_cuckoo_table(cf));
    api_assert_refused(amq_cuckoo_save(NULL, tmp_path));
    api_assert_refused(amq_cuckoo_save(cf, NULL));
    api_assert_ok(amq_cuckoo_save(cf, tmp_path));
    api_assert_refused(amq_cuckoo_load(NULL, tmp_path));
    api_assert_refused(amq_cuckoo_load(&ld, NULL));
    api_assert_ok(amq_cuckoo_load(&ld, tmp_path));
    assert_int_equal(amq_cuckoo_count(ld), 1);
    amq_cuckoo_clear(NULL);
    amq_cuckoo_clear(cf);
    assert_int_equal(amq_cuckoo_count(cf), 0);
    amq_cuckoo_free(NULL);
    amq_cuckoo_free(ld);
    amq_cuckoo_free(cf);
    api_assert_ok(amq_cuckoo_create_for(&cf, 100, 0.01, 4, 1, NULL));
    amq_cuckoo_free(cf);
}

static void quotient_h(void **state)
{
    (void)state;
    amq_quotient *f = NULL, *f2 = NULL, *ld = NULL;
    uint64_t u = 0, u2 = 0, fp = 0;
    double d = 0;
    const uint64_t slack = amq_quotient_default_slack(8); /* no pointer arguments */
    api_assert_ok(amq_quotient_check_params(8, 8, slack));          /* no pointer arguments */
    api_assert_refused(amq_quotient_create(NULL, 8, 8, 1));
    api_assert_ok(amq_quotient_create(&f, 8, 8, 1));
    api_assert_refused(amq_quotient_create_slack(NULL, 8, 8, slack, 1));
    api_assert_ok(amq_quotient_create_slack(&f2, 8, 8, slack, 1));
    api_assert_refused(amq_quotient_size_for(100, 0.01, NULL, &u2, &d));
    api_assert_refused(amq_quotient_size_for(100, 0.01, &u, NULL, &d));
    api_assert_ok(amq_quotient_size_for(100, 0.01, &u, &u2, NULL)); /* achieved is optional */
    api_assert_refused(amq_quotient_size_for_load(100, 0.01, 0.9, NULL, &u2, &d));
    api_assert_refused(amq_quotient_size_for_load(100, 0.01, 0.9, &u, NULL, &d));
    api_assert_ok(amq_quotient_size_for_load(100, 0.01, 0.9, &u, &u2, NULL));
    d = -1.0; /* a refused call writes nothing, *achieved included */
    api_assert_refused(amq_quotient_create_for(NULL, 100, 0.01, 1, &d));
    api_assert_refused(amq_quotient_create_for_load(NULL, 100, 0.01, 0.9, 1, &d));
    assert_true(d == -1.0);
    api_assert_refused(amq_quotient_add(NULL, "a", 1));
    api_assert_refused(amq_quotient_add(f, NULL, 1));
    assert_int_equal(amq_quotient_count(f), 0);
    api_assert_ok(amq_quotient_add(f, "a", 1));
    api_assert_ok(amq_quotient_add(f, "b", 1));
    api_assert_ok(amq_quotient_add(f2, "c", 1));
    NO_ANSWER(amq_quotient_query(NULL, "a", 1));
    NO_ANSWER(amq_quotient_query(f, NULL, 1));
    assert_int_equal(amq_quotient_query(f, "a", 1), 1);
    api_assert_refused(amq_quotient_remove(NULL, "b", 1));
    api_assert_refused(amq_quotient_remove(f, NULL, 1));
    api_assert_ok(amq_quotient_remove(f, "b", 1));
    assert_int_equal(amq_quotient_fingerprint(NULL, "a", 1), 0);
    assert_int_equal(amq_quotient_fingerprint(f, NULL, 1), 0);
    assert_int_equal(amq_quotient_fingerprint(f, "a", 1) >> 16, 0); /* p = 16 bits */
    assert_int_equal(amq_quotient_count(NULL), 0);
    assert_int_equal(amq_quotient_count(f), 1);
    assert_true(amq_quotient_load_factor(NULL) == 0.0);
    assert_true(amq_quotient_load_factor(f) > 0.0);
    assert_int_equal(amq_quotient_q(NULL) + amq_quotient_r(NULL) + amq_quotient_p(NULL) + amq_quotient_slack(NULL) +
                         amq_quotient_nslots(NULL) + amq_quotient_seed(NULL),
                     0);
    assert_int_equal(amq_quotient_q(f) + amq_quotient_r(f) + amq_quotient_p(f) + amq_quotient_slack(f) +
                         amq_quotient_nslots(f) + amq_quotient_seed(f),
                     8 + 8 + 16 + slack + 256 + slack + 1);
    amq_quotient_iter it;
    amq_quotient_iter_init(NULL); /* nothing to do */
    amq_quotient_iter_init(&it);
    assert_int_equal(amq_quotient_next(NULL, &it, &fp), 0);
    assert_int_equal(amq_quotient_next(f, NULL, &fp), 0);
    assert_int_equal(amq_quotient_next(f, &it, NULL), 0);
    assert_int_equal(amq_quotient_next(f, &it, &fp), 1);
    assert_int_equal(fp, amq_quotient_fingerprint(f, "a", 1));
    api_assert_refused(amq_quotient_merge(NULL, f2));
    api_assert_refused(amq_quotient_merge(f, NULL));
    api_assert_ok(amq_quotient_merge(f, f2));
    assert_int_equal(amq_quotient_count(f), 2);
    api_assert_refused(amq_quotient_resize(NULL));
    api_assert_ok(amq_quotient_resize(f));
    api_assert_refused(amq_quotient_save(NULL, tmp_path));
    api_assert_refused(amq_quotient_save(f, NULL));
    api_assert_ok(amq_quotient_save(f, tmp_path));
    api_assert_refused(amq_quotient_load(NULL, tmp_path));
    api_assert_refused(amq_quotient_load(&ld, NULL));
    api_assert_ok(amq_quotient_load(&ld, tmp_path));
    assert_int_equal(amq_quotient_count(ld), 2);
    amq_quotient_clear(NULL);
    amq_quotient_clear(f);
    assert_int_equal(amq_quotient_count(f), 0);
    amq_quotient_free(NULL);
    amq_quotient_free(ld);
    amq_quotient_free(f2);
    amq_quotient_free(f);
    api_assert_ok(amq_quotient_create_for(&f, 100, 0.01, 1, NULL));
    amq_quotient_free(f);
    api_assert_ok(amq_quotient_create_for_load(&f, 100, 0.01, 0.9, 1, NULL));
    amq_quotient_free(f);
}

static void blocked_bloom_h(void **state)
{
    (void)state;
    amq_blocked_bloom *b = NULL, *ld = NULL;
    double d = 0;
    int res[1] = {5};
    api_assert_refused(amq_blocked_bloom_create_for(NULL, 100, 0.01, STRAT, 1, &d));
    api_assert_ok(amq_blocked_bloom_create_for(&b, 100, 0.01, STRAT, 1, NULL)); /* achieved is optional */
    api_assert_refused(amq_blocked_bloom_create(NULL, 4, 512, 3, STRAT, 1));
    api_assert_refused(amq_blocked_bloom_add(NULL, "a", 1));
    api_assert_refused(amq_blocked_bloom_add(b, NULL, 1));
    assert_int_equal(amq_blocked_bloom_count_bits(b), 0);
    api_assert_ok(amq_blocked_bloom_add(b, "a", 1));
    NO_ANSWER(amq_blocked_bloom_query(NULL, "a", 1));
    NO_ANSWER(amq_blocked_bloom_query(b, NULL, 1));
    assert_int_equal(amq_blocked_bloom_query(b, NULL, 0) >= 0, 1); /* the empty key */
    assert_int_equal(amq_blocked_bloom_query(b, "a", 1), 1);
    BATCH_REFUSALS(amq_blocked_bloom_query_batch, b);
    api_assert_refused(amq_blocked_bloom_save(NULL, tmp_path));
    api_assert_refused(amq_blocked_bloom_save(b, NULL));
    api_assert_ok(amq_blocked_bloom_save(b, tmp_path));
    api_assert_refused(amq_blocked_bloom_load(NULL, tmp_path));
    api_assert_refused(amq_blocked_bloom_load(&ld, NULL));
    api_assert_ok(amq_blocked_bloom_load(&ld, tmp_path));
    amq_blocked_bloom_free(NULL);
    assert_int_equal(amq_blocked_bloom_query(ld, "a", 1), 1);
    amq_blocked_bloom_query_batch(ld, keys1, lens1, 1, res);
    assert_int_equal(res[0], 1);
    assert_int_equal(amq_blocked_bloom_count_bits(NULL), 0);
    assert_int_equal(amq_blocked_bloom_count_bits(ld), amq_blocked_bloom_count_bits(b));
    assert_true(isnan(amq_blocked_bloom_estimate_count(NULL)));
    assert_true(amq_blocked_bloom_estimate_count(b) > 0);
    assert_int_equal(amq_blocked_bloom_nblocks(NULL) + amq_blocked_bloom_block_bits(NULL) + amq_blocked_bloom_m(NULL) +
                         amq_blocked_bloom_k(NULL) + amq_blocked_bloom_seed(NULL),
                     0);
    assert_int_equal(amq_blocked_bloom_strategy(NULL), 0);
    assert_int_equal(amq_blocked_bloom_m(b), amq_blocked_bloom_nblocks(b) * amq_blocked_bloom_block_bits(b));
    assert_true(amq_blocked_bloom_k(b) > 0);
    assert_int_equal(amq_blocked_bloom_strategy(b), STRAT);
    assert_int_equal(amq_blocked_bloom_seed(b), 1);
    amq_blocked_bloom_clear(NULL);
    amq_blocked_bloom_clear(b);
    assert_int_equal(amq_blocked_bloom_count_bits(b), 0);
    amq_blocked_bloom_free(ld);
    amq_blocked_bloom_free(b);
    api_assert_ok(amq_blocked_bloom_create(&b, 4, 512, 3, STRAT, 1));
    amq_blocked_bloom_free(b);
}

static void every_function_is_covered(void **state)
{
    (void)state;
    /* make check runs in the repository root */
    api_assert_covered("tests/test_api_null_structs.c", covered, sizeof covered / sizeof covered[0], 180);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bloom_h),        cmocka_unit_test(counting_h),           cmocka_unit_test(partitioned_h),
        cmocka_unit_test(split_block_h),  cmocka_unit_test(window_h),             cmocka_unit_test(blocked_quotient_h),
        cmocka_unit_test(counting_blocked_h), cmocka_unit_test(cuckoo_h),         cmocka_unit_test(quotient_h),
        cmocka_unit_test(blocked_bloom_h), cmocka_unit_test(every_function_is_covered)};
    return cmocka_run_group_tests(tests, tmp_dir_group_setup, tmp_dir_group_teardown);
}
