/* The AVX2 paths (src/simd/) against the proved scalar paths on 10^7 random keys: a blocked
 * Bloom filter (512-bit blocks, enhanced hashing, sized for the keys at 1%), one of 256-bit
 * blocks and triple hashing, and a split-block filter, each filled with the same keys on both
 * paths, compared word by word, then queried on both paths with the 10^7 keys and 10^7 fresh
 * ones, one call each and batched.  Keys are 8 to 32 random bytes.  Under ASan (make check's
 * second pass) the run is scaled by AMQ_TEST_SCALE (tests/support/test_scale.h: 0.25, so
 * 2.5 * 10^6 keys); the plain pass runs the full 10^7.  tests/test_simd.c holds the exhaustive
 * comparison and the planted bugs. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <amq/blocked_bloom.h>
#include <amq/simd.h>
#include <amq/spec_blocked.h>
#include <amq/split_block.h>
#include <lib_internal/blocked_state.h>
#include "support/test_scale.h"

#define FULL UINT64_C(10000000)
#define BATCH 1000u

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Key i of stream `salt`: 8 to 32 bytes from the generator seeded by (salt, i). */
static size_t key_of(unsigned char kb[32], uint64_t i, uint64_t salt)
{
    uint64_t x = i * UINT64_C(0xD1B54A32D192ED03) ^ salt, w[4];
    for (int j = 0; j < 4; j++)
        w[j] = splitmix(&x);
    memcpy(kb, w, 32);
    return 8 + (size_t)(w[0] % 25);
}

typedef struct ops {
    void *a, *b; /* filled on the scalar path, on the AVX2 path */
    int (*add)(void *f, const void *key, size_t len);
    int (*query)(const void *f, const void *key, size_t len);
    void (*batch)(const void *f, const void *const *keys, const size_t *lens, size_t count, int *results);
    const uint64_t *(*words)(const void *f);
    uint64_t nwords;
} ops;

static void run(const ops *o, uint64_t n, const char *what)
{
    unsigned char kb[32];
    for (uint64_t i = 0; i < n; i++) {
        const size_t len = key_of(kb, i, 1);
        amq_simd_force_scalar(1);
        assert_int_equal(o->add(o->a, kb, len), 0);
        amq_simd_force_scalar(0);
        assert_int_equal(o->add(o->b, kb, len), 0);
    }
    const uint64_t *wa = o->words(o->a), *wb = o->words(o->b);
    uint64_t words = 0;
    for (uint64_t w = 0; w < o->nwords; w++)
        words += wa[w] != wb[w];
    static unsigned char keys[BATCH][32];
    static const void *ptrs[BATCH];
    static size_t lens[BATCH];
    static int res[BATCH];
    uint64_t answers = 0, yes = 0, no = 0;
    for (uint64_t salt = 1; salt <= 2; salt++) /* the added keys, then fresh ones */
        for (uint64_t base = 0; base < n; base += BATCH) {
            const size_t cnt = n - base < BATCH ? (size_t)(n - base) : BATCH;
            for (size_t i = 0; i < cnt; i++) {
                lens[i] = key_of(keys[i], base + i, salt);
                ptrs[i] = keys[i];
            }
            o->batch(o->b, ptrs, lens, cnt, res);
            for (size_t i = 0; i < cnt; i++) {
                amq_simd_force_scalar(1);
                const int qa = o->query(o->a, ptrs[i], lens[i]);
                amq_simd_force_scalar(0);
                const int qb = o->query(o->b, ptrs[i], lens[i]);
                answers += (qa != qb) + (qb != res[i]);
                yes += qa == 1;
                no += qa == 0;
            }
        }
    printf("%s: %llu keys: %llu of %llu words differ; %llu answers (%llu yes, %llu no), %llu differ\n", what,
           (unsigned long long)n, (unsigned long long)words, (unsigned long long)o->nwords,
           (unsigned long long)(yes + no), (unsigned long long)yes, (unsigned long long)no,
           (unsigned long long)answers);
    assert_int_equal(words, 0);
    assert_int_equal(answers, 0);
    assert_true(yes >= n && no > 0); /* every added key, and fresh ones answered both ways */
}

/* Skips the calling test where there is no AVX2 path to compare (this CPU, or AMQ_SIMD=scalar). */
static void need_avx2(void)
{
    amq_simd_force_scalar(0);
    if (!amq_simd_active()) {
        printf("no AVX2 on this CPU (or AMQ_SIMD=scalar): nothing to compare\n");
        skip();
    }
}

static int bb_add(void *f, const void *key, size_t len) { return amq_blocked_bloom_add(f, key, len) != AMQ_OK; }
static int bb_query(const void *f, const void *key, size_t len) { return amq_blocked_bloom_query(f, key, len); }
static void bb_batch(const void *f, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    amq_blocked_bloom_query_batch(f, keys, lens, count, results);
}
static const uint64_t *bb_words(const void *f) { return amq_blocked_bloom_words(f); }

static void blocked(uint64_t n, uint64_t bsize, uint64_t k, amq_hash_strategy s, const char *what)
{
    amq_blocked_bloom *a, *b;
    uint64_t nblocks = 0, kk = 0;
    assert_int_equal(amq_blocked_bloom_size_for(n, 0.01, bsize, &nblocks, &kk, NULL), AMQ_OK);
    assert_int_equal(amq_blocked_bloom_create(&a, nblocks, bsize, k ? k : kk, s, 11), AMQ_OK);
    assert_int_equal(amq_blocked_bloom_create(&b, nblocks, bsize, k ? k : kk, s, 11), AMQ_OK);
    const ops o = {a, b, bb_add, bb_query, bb_batch, bb_words, amq_blocked_bloom_nwords(a)};
    run(&o, n, what);
    amq_blocked_bloom_free(a);
    amq_blocked_bloom_free(b);
}

static void blocked_512_enhanced(void **state)
{
    (void)state;
    need_avx2();
    blocked(amq_test_scaled(FULL, 100000), 512, 0, AMQ_HASH_ENHANCED, "blocked Bloom 512, enhanced");
}

static void blocked_256_triple(void **state)
{
    (void)state;
    need_avx2();
    blocked(amq_test_scaled(FULL / 4, 100000), 256, 6, AMQ_HASH_TRIPLE, "blocked Bloom 256, triple, k = 6");
}

static int sb_add(void *f, const void *key, size_t len) { return amq_split_block_add(f, key, len) != AMQ_OK; }
static int sb_query(const void *f, const void *key, size_t len) { return amq_split_block_query(f, key, len); }
static void sb_batch(const void *f, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    amq_split_block_query_batch(f, keys, lens, count, results);
}
static const uint64_t *sb_words(const void *f) { return amq_split_block_words(f); }

static void split_block(void **state)
{
    (void)state;
    need_avx2();
    const uint64_t n = amq_test_scaled(FULL, 100000);
    amq_split_block *a, *b;
    assert_int_equal(amq_split_block_create_for(&a, n, 0.01, 0, NULL), AMQ_OK);
    assert_int_equal(amq_split_block_create(&b, amq_split_block_nblocks(a), 0), AMQ_OK);
    const ops o = {a, b, sb_add, sb_query, sb_batch, sb_words, amq_split_block_nwords(a)};
    run(&o, n, "split-block");
    amq_split_block_free(a);
    amq_split_block_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(blocked_512_enhanced),
        cmocka_unit_test(blocked_256_triple),
        cmocka_unit_test(split_block),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
