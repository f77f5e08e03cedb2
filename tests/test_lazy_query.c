/* The key-level queries stop at the first absent index (src/blocked_bloom.c,
 * src/split_block.c) or test once, after the first three of k (src/bloom.c): each must give exactly the answer of its proved kernel called on the
 * key's full index vector, for every strategy, one call each and batched.  Filters are
 * filled to several loads, so that both answers and every stopping point occur; the test
 * also asserts that they do, so that it cannot pass on one kind of answer. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include <amq/blocked_bloom.h>
#include <amq/bloom.h>
#include <amq/hash.h>
#include <amq/limits.h>
#include <amq/split_block.h>
#include <lib_internal/blocked_kernel.h>
#include <lib_internal/blocked_state.h>
#include <lib_internal/bloom_kernel.h>
#include <lib_internal/bloom_key.h>
#include <lib_internal/bloom_state.h>

#define QUERIES 4000u
#define BATCH 61u /* not a power of two: batches end inside the prefetch window */

/* A batch of fewer keys than the prefetch window, too: the first c of the keys, c in [0, 16]. */
static unsigned short_count(uint64_t base) { return (unsigned)(base / BATCH % 17); }

static size_t key_of(unsigned char kb[16], uint64_t i, uint64_t salt)
{
    memcpy(kb, &i, 8);
    memcpy(kb + 8, &salt, 8);
    return 9 + (size_t)(i % 8);
}

/* Every answer of a batch of fresh keys: one call each, batched, and the kernel's. */
typedef struct tally {
    uint64_t yes, no;
} tally;

/* Keys of salt 2 are fresh; from first_salt 1 on, the first QUERIES of the n keys added are
 * asked too (one filter, built once). */
static void check_bloom_keys(uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t n, uint64_t first_salt, tally *t)
{
    amq_bloom *bf;
    assert_int_equal(amq_bloom_create(&bf, m, k, s, 5), AMQ_OK);
    unsigned char kb[16];
    for (uint64_t i = 0; i < n; i++)
        assert_int_equal(amq_bloom_add(bf, kb, key_of(kb, i, 1)), AMQ_OK);
    uint64_t idx[AMQ_MAX_K];
    for (uint64_t salt = first_salt; salt <= 2; salt++)
        for (uint64_t i = 0; i < QUERIES; i++) {
            const size_t len = key_of(kb, i, salt);
            amq_hash_indices(s, 5, kb, len, m, idx, (size_t)k);
            const int want = amq_bloom_kernel_query(amq_bloom_bits(bf), m, idx, (size_t)k);
            assert_int_equal(amq_bloom_query(bf, kb, len), want);
            if (want)
                t->yes++;
            else
                t->no++;
        }
    amq_bloom_free(bf);
}

static void check_bloom(uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t n, tally *t)
{
    check_bloom_keys(m, k, s, n, 2, t);
}

static void bloom_equals_kernel(void **state)
{
    (void)state;
    static const uint64_t shapes[][3] = {{1000, 7, 60}, {1000, 7, 150}, {1000, 7, 400}, {4, 9, 1},
                                         {7, 3, 2},     {65, 20, 4},    {4093, 1, 3000}};
    for (int s = AMQ_HASH_INDEPENDENT; s <= AMQ_HASH_ENHANCED; s++) {
        tally t = {0, 0};
        for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
            check_bloom(shapes[i][0], shapes[i][1], (amq_hash_strategy)s, shapes[i][2], &t);
    assert_true(t.yes > QUERIES && t.no > QUERIES);
    }
}

/* A filter of 2^26 + 1 bits (8 MiB and a bit, larger than the caches of most machines): every
 * query reads its first three bits before one test, then the rest.  k = 64 over 2^20 keys sets
 * about 63% of the bits, so that fresh keys stop at many places; the added keys answer yes. */
static void bloom_large_filter_equals_kernel(void **state)
{
    (void)state;
    for (int s = AMQ_HASH_DOUBLE; s <= AMQ_HASH_ENHANCED; s++) {
        tally t = {0, 0};
        check_bloom_keys((UINT64_C(1) << 26) + 1, 64, (amq_hash_strategy)s, UINT64_C(1) << 20, 1, &t);
        assert_true(t.yes >= QUERIES && t.no > QUERIES / 2);
    }
}

static void check_blocked(uint64_t nblocks, uint64_t bsize, uint64_t k, amq_hash_strategy s, uint64_t n, tally *t)
{
    amq_blocked_bloom *b;
    assert_int_equal(amq_blocked_bloom_create(&b, nblocks, bsize, k, s, 9), AMQ_OK);
    unsigned char kb[16], keys[BATCH][16];
    const void *ptrs[BATCH];
    size_t lens[BATCH];
    int res[BATCH];
    for (uint64_t i = 0; i < n; i++)
        assert_int_equal(amq_blocked_bloom_add(b, kb, key_of(kb, i, 1)), AMQ_OK);
    uint64_t idx[AMQ_MAX_K], block;
    for (uint64_t base = 0; base < QUERIES; base += BATCH) {
        for (unsigned j = 0; j < BATCH; j++) {
            lens[j] = key_of(keys[j], base + j, 2);
            ptrs[j] = keys[j];
        }
        amq_blocked_bloom_query_batch(b, ptrs, lens, BATCH, res);
        int few[BATCH];
        const unsigned c = short_count(base);
        amq_blocked_bloom_query_batch(b, ptrs, lens, c, few);
        assert_memory_equal(few, res, c * sizeof *few);
        for (unsigned j = 0; j < BATCH; j++) {
            amq_blocked_bloom_locate(b, keys[j], lens[j], &block, idx);
            const int want = amq_blocked_bloom_kernel_query(amq_blocked_bloom_words(b), nblocks * bsize, bsize, block,
                                                            idx, (size_t)k);
            assert_int_equal(amq_blocked_bloom_query(b, keys[j], lens[j]), want);
            assert_int_equal(res[j], want);
            if (want)
                t->yes++;
            else
                t->no++;
        }
    }
    amq_blocked_bloom_free(b);
}

static void blocked_equals_kernel(void **state)
{
    (void)state;
    static const uint64_t shapes[][4] = {{16, 512, 7, 300}, {16, 512, 7, 1200}, {16, 512, 7, 2500}, {8, 512, 7, 1500}, {40, 300, 5, 2000},
                                         {3, 5, 9, 2},      {8, 64, 1, 100},   {2, 512, 16, 120}};
    for (int s = AMQ_HASH_INDEPENDENT; s <= AMQ_HASH_ENHANCED; s++) {
        tally t = {0, 0};
        for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
            check_blocked(shapes[i][0], shapes[i][1], shapes[i][2], (amq_hash_strategy)s, shapes[i][3], &t);
    assert_true(t.yes > QUERIES && t.no > QUERIES);
    }
}

static void split_block_equals_kernel(void **state)
{
    (void)state;
    static const uint64_t shapes[][3] = {{1, 0, 20}, {16, 0, 300}, {16, 0, 1000}, {16, 77, 1400}, {5, 3, 600}};
    tally t = {0, 0};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        amq_split_block *f;
        assert_int_equal(amq_split_block_create(&f, shapes[i][0], shapes[i][1]), AMQ_OK);
        unsigned char kb[16], keys[BATCH][16];
        const void *ptrs[BATCH];
        size_t lens[BATCH];
        int res[BATCH];
        for (uint64_t j = 0; j < shapes[i][2]; j++)
            assert_int_equal(amq_split_block_add(f, kb, key_of(kb, j, 1)), AMQ_OK);
        uint64_t r[AMQ_SPLIT_BLOCK_WORDS], block;
        for (uint64_t base = 0; base < QUERIES; base += BATCH) {
            for (unsigned j = 0; j < BATCH; j++) {
                lens[j] = key_of(keys[j], base + j, 2);
                ptrs[j] = keys[j];
            }
            amq_split_block_query_batch(f, ptrs, lens, BATCH, res);
            int few[BATCH];
            const unsigned c = short_count(base);
            amq_split_block_query_batch(f, ptrs, lens, c, few);
            assert_memory_equal(few, res, c * sizeof *few);
            for (unsigned j = 0; j < BATCH; j++) {
                amq_split_block_locate(f, keys[j], lens[j], &block, r);
                const int want = amq_split_block_kernel_query(amq_split_block_words(f), amq_split_block_m(f),
                                                              AMQ_SPLIT_BLOCK_WORD_BITS, block, r,
                                                              AMQ_SPLIT_BLOCK_WORDS);
                assert_int_equal(amq_split_block_query(f, keys[j], lens[j]), want);
                assert_int_equal(res[j], want);
                if (want)
                    t.yes++;
                else
                    t.no++;
            }
        }
        amq_split_block_free(f);
    }
    assert_true(t.yes > QUERIES && t.no > QUERIES);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bloom_equals_kernel),
        cmocka_unit_test(bloom_large_filter_equals_kernel),
        cmocka_unit_test(blocked_equals_kernel),
        cmocka_unit_test(split_block_equals_kernel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
