/* The AVX2 paths of the blocked Bloom and split-block filters (src/simd/) against the proved
 * scalar paths, exhaustively on small filters: every key of a small key space (every string of
 * 0, 1 or 2 bytes below 64), every shape of a small range (blocks of 256 and 512 bits, 1 to 3
 * blocks, k = 1 .. 9 and a few larger up to AMQ_MAX_K, the three recurrence strategies;
 * split-block 1 to 9 blocks and two seeds).  Each key is queried on both paths (same answer),
 * every other key is added on both (same words, word by word, after every add) and queried
 * again, both filters are cleared every `segment` keys (so that small filters do not fill up
 * and both answers come often), and the whole key space is asked again through the batch call.  A planted variant
 * (one word offset, one salt wrong; compiled here only) must fail the same comparison.  The
 * 10^7 random keys: tests/test_simd_random.c. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <amq/blocked_bloom.h>
#include <amq/simd.h>
#include <amq/split_block.h>
#include <lib_internal/blocked_block.h>
#include <lib_internal/blocked_state.h>
#include <lib_internal/hash_model.h>
#include <lib_internal/hash_stream.h>
#include <lib_internal/simd.h>

/* The planted bugs: word 7 of a 512-bit block masked as word 6, and its upper 32 bits read as
 * 32-bit word 14 by the query's lanes; Parquet's last salt off by 2. */
#define AMQ_BLK_AVX2_OFFSETS_LO 0, 64, 128, 192
#define AMQ_BLK_AVX2_OFFSETS_HI 256, 320, 384, 384
#define AMQ_BLK_AVX2_WORDS32(p) _mm256_min_epu32(_mm256_srli_epi32((p), 5), _mm256_set1_epi32(14))
#include <simd/blocked_bloom_avx2.h>
#define AMQ_SPLIT_AVX2_SALTS 0x47b6137b, 0x44974d91, (int)0x8824ad5b, (int)0xa2b7289d, \
                             0x705495c7, 0x2df1424b, (int)0x9efc4947, 0x5c6bfb33
#include <simd/split_block_avx2.h>

#define NKEYS (1u + 64u + 64u * 64u)

/* Key i of the key space: "", then the 1-byte keys, then the 2-byte keys, bytes below 64. */
static size_t key_of(unsigned char kb[2], unsigned i)
{
    if (i == 0)
        return 0;
    if (i <= 64) {
        kb[0] = (unsigned char)(i - 1);
        return 1;
    }
    kb[0] = (unsigned char)((i - 65) / 64);
    kb[1] = (unsigned char)((i - 65) % 64);
    return 2;
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

/* The path under test for one structure: add and query on the filter, batch query. */
typedef struct path {
    void (*add)(void *f, const void *key, size_t len);
    int (*query)(const void *f, const void *key, size_t len);
} path;

/* Counts of one comparison: differing answers, adds after which a word differed, and the
 * answers seen, so that a run that met one kind of answer only is seen. */
typedef struct diff {
    uint64_t answers, words, yes, no;
} diff;

/* One filter pair: a filled on the scalar path, b on the path under test, same shape. */
typedef struct pair {
    void *a, *b;
    const uint64_t *(*words)(const void *f);
    uint64_t nwords;
    void (*scalar_add)(void *f, const void *key, size_t len);
    int (*scalar_query)(const void *f, const void *key, size_t len);
    void (*batch)(const void *f, const void *const *keys, const size_t *lens, size_t count, int *results);
    void (*clear)(void *f);
    unsigned segment;
} pair;

static void compare(const pair *p, const path *simd, diff *d)
{
    static unsigned char kb[NKEYS][2];
    static const void *keys[NKEYS];
    static size_t lens[NKEYS];
    static int ra[NKEYS], rb[NKEYS];
    for (unsigned i = 0; i < NKEYS; i++) {
        if (i % p->segment == 0) {
            p->clear(p->a);
            p->clear(p->b);
        }
        lens[i] = key_of(kb[i], i);
        keys[i] = kb[i];
        amq_simd_force_scalar(1);
        const int qa = p->scalar_query(p->a, keys[i], lens[i]);
        amq_simd_force_scalar(0);
        const int qb = simd->query(p->b, keys[i], lens[i]);
        d->answers += qa != qb;
        d->yes += qa == 1;
        d->no += qa == 0;
        if (i % 2 == 0) {
            amq_simd_force_scalar(1);
            p->scalar_add(p->a, keys[i], lens[i]);
            amq_simd_force_scalar(0);
            simd->add(p->b, keys[i], lens[i]);
            d->words += memcmp(p->words(p->a), p->words(p->b), (size_t)p->nwords * 8) != 0;
            amq_simd_force_scalar(1);
            const int ya = p->scalar_query(p->a, keys[i], lens[i]);
            amq_simd_force_scalar(0);
            d->answers += ya != simd->query(p->b, keys[i], lens[i]);
        }
    }
    /* the batch calls on the filled pair: scalar against AVX2, and AVX2 against its single calls */
    amq_simd_force_scalar(1);
    p->batch(p->a, keys, lens, NKEYS, ra);
    amq_simd_force_scalar(0);
    p->batch(p->b, keys, lens, NKEYS, rb);
    for (unsigned i = 0; i < NKEYS; i++) {
        d->answers += ra[i] != rb[i];
        d->answers += rb[i] != simd->query(p->b, keys[i], lens[i]);
    }
}

/* ---- blocked Bloom ---- */

static const uint64_t *bb_words(const void *f) { return amq_blocked_bloom_words(f); }
static void bb_clear(void *f) { amq_blocked_bloom_clear(f); }
static void bb_add(void *f, const void *key, size_t len)
{
    assert_int_equal(amq_blocked_bloom_add(f, key, len), AMQ_OK);
}
static int bb_query(const void *f, const void *key, size_t len) { return amq_blocked_bloom_query(f, key, len); }
static void bb_batch(const void *f, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    amq_blocked_bloom_query_batch(f, keys, lens, count, results);
}

/* The planted path: the library's AVX2 code with the planted mask (the filter's own array,
 * written through its non-const allocation). */
static void planted_mask(const amq_blocked_bloom *b, const void *key, size_t len, uint64_t **w, __m256i *lo,
                         __m256i *hi)
{
    const uint64_t bsize = amq_blocked_bloom_block_bits(b);
    const uint64_t block = amq_blocked_key_block(amq_blocked_bloom_seed(b), key, len, amq_blocked_bloom_nblocks(b));
    amq_hash_stream st;
    amq_hash_stream_key(&st, amq_blocked_bloom_strategy(b), amq_blocked_bloom_seed(b), key, len, bsize);
    amq_blocked_bloom_avx2_mask_any(bsize, amq_blocked_bloom_k(b), amq_blocked_bloom_strategy(b), st.x, st.y, st.z, lo, hi);
    *w = (uint64_t *)(uintptr_t)amq_blocked_bloom_words(b) + block * (bsize / 64u);
}
static AMQ_AVX2 void planted_bb_add(void *f, const void *key, size_t len)
{
    uint64_t *w;
    __m256i lo, hi;
    planted_mask(f, key, len, &w, &lo, &hi);
    amq_blocked_bloom_avx2_set(w, amq_blocked_bloom_block_bits(f), lo, hi);
}
static AMQ_AVX2 int planted_bb_query(const void *f, const void *key, size_t len)
{
    uint64_t *w;
    __m256i lo, hi;
    planted_mask(f, key, len, &w, &lo, &hi);
    return amq_blocked_bloom_avx2_test(w, amq_blocked_bloom_block_bits(f), lo, hi);
}
/* The query's lanes with their planted word (the add is the library's). */
static AMQ_AVX2 int planted_bb_walk(const void *f, const void *key, size_t len)
{
    const uint64_t bsize = amq_blocked_bloom_block_bits(f);
    const uint64_t block = amq_blocked_key_block(amq_blocked_bloom_seed(f), key, len, amq_blocked_bloom_nblocks(f));
    amq_hash_stream st;
    amq_hash_stream_key(&st, amq_blocked_bloom_strategy(f), amq_blocked_bloom_seed(f), key, len, bsize);
    return amq_blocked_bloom_avx2_answer_any(amq_blocked_bloom_words(f) + block * (bsize / 64u), bsize,
                                             amq_blocked_bloom_k(f), amq_blocked_bloom_strategy(f), st.x, st.y, st.z);
}

static void blocked_shape(uint64_t nblocks, uint64_t bsize, uint64_t k, amq_hash_strategy s, const path *simd,
                          diff *d)
{
    amq_blocked_bloom *a, *b;
    assert_int_equal(amq_blocked_bloom_create(&a, nblocks, bsize, k, s, 7), AMQ_OK);
    assert_int_equal(amq_blocked_bloom_create(&b, nblocks, bsize, k, s, 7), AMQ_OK);
    const pair p = {a, b, bb_words, amq_blocked_bloom_nwords(a), bb_add, bb_query, bb_batch, bb_clear, 40};
    compare(&p, simd, d);
    amq_blocked_bloom_free(a);
    amq_blocked_bloom_free(b);
}

static const uint64_t KS[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 31, 64, 1024};

static void blocked_all(const path *simd, diff *d)
{
    const amq_hash_strategy strategies[] = {AMQ_HASH_DOUBLE, AMQ_HASH_TRIPLE, AMQ_HASH_ENHANCED};
    const uint64_t blocks[] = {1, 2, 3};
    for (unsigned si = 0; si < 3; si++)
        for (uint64_t bsize = 256; bsize <= 512; bsize *= 2)
            for (unsigned bi = 0; bi < sizeof blocks / sizeof *blocks; bi++)
                for (unsigned ki = 0; ki < sizeof KS / sizeof *KS; ki++)
                    blocked_shape(blocks[bi], bsize, KS[ki], strategies[si], simd, d);
}

static void blocked_same_bits(void **state)
{
    (void)state;
    need_avx2();
    const path lib = {bb_add, bb_query};
    diff d = {0};
    blocked_all(&lib, &d);
    printf("blocked Bloom: %llu answers (%llu yes, %llu no): %llu differ; %llu adds left different words\n",
           (unsigned long long)(d.yes + d.no), (unsigned long long)d.yes, (unsigned long long)d.no,
           (unsigned long long)d.answers, (unsigned long long)d.words);
    assert_true(d.yes > 0 && d.no > 0);
    assert_int_equal(d.answers, 0);
    assert_int_equal(d.words, 0);
}

static void blocked_planted_bug_caught(void **state)
{
    (void)state;
    need_avx2();
    const path planted = {planted_bb_add, planted_bb_query};
    diff d = {0};
    blocked_all(&planted, &d);
    printf("blocked Bloom, planted word offset: %llu answers differ, %llu adds left different words\n",
           (unsigned long long)d.answers, (unsigned long long)d.words);
    assert_true(d.words > 0);
    assert_true(d.answers > 0);
    /* the library's add and the planted lanes: the same words, answers that differ */
    const path walk = {bb_add, planted_bb_walk};
    diff e = {0};
    blocked_all(&walk, &e);
    printf("blocked Bloom, planted word in the query's lanes: %llu answers differ, %llu adds left different words\n",
           (unsigned long long)e.answers, (unsigned long long)e.words);
    assert_int_equal(e.words, 0);
    assert_true(e.answers > 0);
}

/* Shapes the AVX2 path does not take (other block sizes, the independent strategy) still
 * answer as before: they run the scalar code whatever the switch says. */
static void blocked_other_shapes_scalar(void **state)
{
    (void)state;
    need_avx2();
    const path lib = {bb_add, bb_query};
    diff d = {0};
    blocked_shape(3, 128, 5, AMQ_HASH_ENHANCED, &lib, &d);
    blocked_shape(2, 1000, 7, AMQ_HASH_TRIPLE, &lib, &d);
    blocked_shape(2, 512, 7, AMQ_HASH_INDEPENDENT, &lib, &d);
    assert_false(amq_blocked_avx2_fits(128, AMQ_HASH_ENHANCED));
    assert_false(amq_blocked_avx2_fits(512, AMQ_HASH_INDEPENDENT));
    assert_int_equal(d.answers, 0);
    assert_int_equal(d.words, 0);
}

/* ---- split-block ---- */

static const uint64_t *sb_words(const void *f) { return amq_split_block_words(f); }
static void sb_clear(void *f) { amq_split_block_clear(f); }
static void sb_add(void *f, const void *key, size_t len) { assert_int_equal(amq_split_block_add(f, key, len), AMQ_OK); }
static int sb_query(const void *f, const void *key, size_t len) { return amq_split_block_query(f, key, len); }
static void sb_batch(const void *f, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    amq_split_block_query_batch(f, keys, lens, count, results);
}
static AMQ_AVX2_SPLIT void planted_sb_add(void *f, const void *key, size_t len)
{
    const uint64_t h = amq_xxh64(key, len, amq_split_block_seed(f));
    __m256i *b = amq_split_block_avx2_block(amq_split_block_words_to_fill(f), amq_split_block_nblocks(f), h);
    _mm256_storeu_si256(b, _mm256_or_si256(_mm256_loadu_si256(b), amq_split_block_avx2_mask(h)));
}
static AMQ_AVX2_SPLIT int planted_sb_query(const void *f, const void *key, size_t len)
{
    const uint64_t h = amq_xxh64(key, len, amq_split_block_seed(f));
    return _mm256_testc_si256(_mm256_loadu_si256(amq_split_block_avx2_block(amq_split_block_words(f),
                                                                       amq_split_block_nblocks(f), h)),
                              amq_split_block_avx2_mask(h));
}

static void split_all(const path *simd, diff *d)
{
    for (uint64_t seed = 0; seed < 2; seed++)
        for (uint64_t nblocks = 1; nblocks <= 9; nblocks++) {
            amq_split_block *a, *b;
            assert_int_equal(amq_split_block_create(&a, nblocks, seed), AMQ_OK);
            assert_int_equal(amq_split_block_create(&b, nblocks, seed), AMQ_OK);
            const pair p = {a, b, sb_words, amq_split_block_nwords(a), sb_add, sb_query, sb_batch, sb_clear,
                            200 * (unsigned)nblocks};
            compare(&p, simd, d);
            amq_split_block_free(a);
            amq_split_block_free(b);
        }
}

static void split_same_bits(void **state)
{
    (void)state;
    need_avx2();
    const path lib = {sb_add, sb_query};
    diff d = {0};
    split_all(&lib, &d);
    printf("split-block: %llu answers (%llu yes, %llu no): %llu differ; %llu adds left different words\n",
           (unsigned long long)(d.yes + d.no), (unsigned long long)d.yes, (unsigned long long)d.no,
           (unsigned long long)d.answers, (unsigned long long)d.words);
    assert_true(d.yes > 0 && d.no > 0);
    assert_int_equal(d.answers, 0);
    assert_int_equal(d.words, 0);
}

static void split_planted_bug_caught(void **state)
{
    (void)state;
    need_avx2();
    const path planted = {planted_sb_add, planted_sb_query};
    diff d = {0};
    split_all(&planted, &d);
    printf("split-block, planted salt: %llu answers differ, %llu adds left different words\n",
           (unsigned long long)d.answers, (unsigned long long)d.words);
    assert_true(d.words > 0);
    assert_true(d.answers > 0);
}

/* The switch: forced scalar, the library says so; released, AVX2 again (this CPU has it). */
static void switch_works(void **state)
{
    (void)state;
    need_avx2();
    amq_simd_force_scalar(1);
    assert_int_equal(amq_simd_active(), 0);
    amq_simd_force_scalar(0);
    assert_int_equal(amq_simd_active(), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(switch_works),
        cmocka_unit_test(blocked_same_bits),
        cmocka_unit_test(blocked_planted_bug_caught),
        cmocka_unit_test(blocked_other_shapes_scalar),
        cmocka_unit_test(split_same_bits),
        cmocka_unit_test(split_planted_bug_caught),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
