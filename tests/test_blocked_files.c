/* Files written by the one-type amq_blocked (tests/data/blocked/, written at 45f2a82 by the
 * make_fixtures.c of that commit) load into the per-structure types, answer every query as
 * that version did, save back to the same bytes, and are the bytes the new types write for
 * the same operations.  Run from the source root (make check does). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <amq/blocked_bloom.h>
#include <amq/blocked_quotient.h>
#include <amq/counting_blocked.h>
#include <amq/partitioned.h>
#include <amq/split_block.h>

#define DATA "tests/data/blocked/"
#define NQUERY 2000

static char dir[64];

static int setup(void **state)
{
    (void)state;
    strcpy(dir, "/tmp/amq-blocked-files-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static size_t key_of(char *buf, unsigned long i) { return (size_t)sprintf(buf, "k%lu", i); }

static unsigned char *slurp(const char *p, size_t *len)
{
    FILE *f = fopen(p, "rb");
    if (!f)
        print_message("cannot open %s (run the test from the source root)\n", p);
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    rewind(f);
    unsigned char *b = malloc(*len + 1);
    assert_int_equal(fread(b, 1, *len, f), *len);
    b[*len] = 0;
    fclose(f);
    return b;
}

/* One structure behind void pointers: the fixture's name, its loader and the operations
 * the check needs; build() repeats make_fixtures.c's operations with the new API. */
typedef struct fixture {
    const char *name;
    amq_status (*load)(void **out, const char *path);
    amq_status (*save)(const void *f, const char *path);
    int (*query)(const void *f, const void *key, size_t len);
    uint64_t (*used)(const void *f);
    int (*count)(const void *f, uint64_t *c); /* counting blocked: 1 exact, 0 saturated; else NULL */
    void (*check_params)(const void *f);
    void *(*build)(void);
    void (*free)(void *f);
} fixture;

static void add_range(void *f, amq_status (*add)(void *, const void *, size_t), unsigned long lo, unsigned long hi)
{
    char key[32];
    for (unsigned long i = lo; i < hi; i++)
        assert_int_equal(add(f, key, key_of(key, i)), AMQ_OK);
}

static void remove_range(void *f, amq_status (*rm)(void *, const void *, size_t), unsigned long lo,
                         unsigned long hi)
{
    char key[32];
    for (unsigned long i = lo; i < hi; i++)
        assert_int_equal(rm(f, key, key_of(key, i)), AMQ_OK);
}

/* ---- blocked Bloom ---- */
static amq_status bb_load(void **o, const char *p) { return amq_blocked_bloom_load((amq_blocked_bloom **)o, p); }
static amq_status bb_save(const void *o, const char *p) { return amq_blocked_bloom_save(o, p); }
static int bb_query(const void *o, const void *k, size_t n) { return amq_blocked_bloom_query(o, k, n); }
static uint64_t bb_used(const void *o) { return amq_blocked_bloom_count_bits(o); }
static amq_status bb_add(void *o, const void *k, size_t n) { return amq_blocked_bloom_add(o, k, n); }
static void bb_free(void *o) { amq_blocked_bloom_free(o); }
static void bb_params(const void *o)
{
    assert_int_equal(amq_blocked_bloom_nblocks(o), 37);
    assert_int_equal(amq_blocked_bloom_block_bits(o), 512);
    assert_int_equal(amq_blocked_bloom_k(o), 6);
    assert_int_equal(amq_blocked_bloom_strategy(o), AMQ_HASH_ENHANCED);
    assert_int_equal(amq_blocked_bloom_seed(o), 11);
}
static void *bb_build(void)
{
    amq_blocked_bloom *b = NULL;
    assert_int_equal(amq_blocked_bloom_create(&b, 37, AMQ_BLOCKED_BLOOM_BLOCK_BITS, 6, AMQ_HASH_ENHANCED, 11), AMQ_OK);
    add_range(b, bb_add, 0, 300);
    return b;
}

/* ---- split-block ---- */
static amq_status sb_load(void **o, const char *p) { return amq_split_block_load((amq_split_block **)o, p); }
static amq_status sb_save(const void *o, const char *p) { return amq_split_block_save(o, p); }
static int sb_query(const void *o, const void *k, size_t n) { return amq_split_block_query(o, k, n); }
static uint64_t sb_used(const void *o) { return amq_split_block_count_bits(o); }
static amq_status sb_add(void *o, const void *k, size_t n) { return amq_split_block_add(o, k, n); }
static void sb_free(void *o) { amq_split_block_free(o); }
static void sb_params(const void *o)
{
    assert_int_equal(amq_split_block_nblocks(o), 53);
    assert_int_equal(amq_split_block_m(o), 53 * 256);
    assert_int_equal(amq_split_block_seed(o), 0);
}
static void *sb_build(void)
{
    amq_split_block *f = NULL;
    assert_int_equal(amq_split_block_create(&f, 53, 0), AMQ_OK);
    add_range(f, sb_add, 0, 300);
    return f;
}
static void sb77_params(const void *o)
{
    assert_int_equal(amq_split_block_nblocks(o), 20);
    assert_int_equal(amq_split_block_seed(o), 77);
}
static void *sb77_build(void)
{
    amq_split_block *f = NULL;
    assert_int_equal(amq_split_block_create(&f, 20, 77), AMQ_OK);
    add_range(f, sb_add, 0, 100);
    return f;
}

/* ---- partitioned ---- */
static amq_status pt_load(void **o, const char *p) { return amq_partitioned_load((amq_partitioned **)o, p); }
static amq_status pt_save(const void *o, const char *p) { return amq_partitioned_save(o, p); }
static int pt_query(const void *o, const void *k, size_t n) { return amq_partitioned_query(o, k, n); }
static uint64_t pt_used(const void *o) { return amq_partitioned_count_bits(o); }
static amq_status pt_add(void *o, const void *k, size_t n) { return amq_partitioned_add(o, k, n); }
static void pt_free(void *o) { amq_partitioned_free(o); }
static void pt_params(const void *o)
{
    assert_int_equal(amq_partitioned_m(o), 7007);
    assert_int_equal(amq_partitioned_k(o), 7);
    assert_int_equal(amq_partitioned_partition_bits(o), 1001);
    assert_int_equal(amq_partitioned_strategy(o), AMQ_HASH_DOUBLE);
    assert_int_equal(amq_partitioned_seed(o), 3);
}
static void *pt_build(void)
{
    amq_partitioned *p = NULL;
    assert_int_equal(amq_partitioned_create(&p, 7007, 7, AMQ_HASH_DOUBLE, 3), AMQ_OK);
    add_range(p, pt_add, 0, 300);
    return p;
}

/* ---- counting blocked ---- */
static amq_status cb_load(void **o, const char *p) { return amq_counting_blocked_load((amq_counting_blocked **)o, p); }
static amq_status cb_save(const void *o, const char *p) { return amq_counting_blocked_save(o, p); }
static int cb_query(const void *o, const void *k, size_t n) { return amq_counting_blocked_query(o, k, n); }
static uint64_t cb_used(const void *o) { return amq_counting_blocked_nonzero(o); }
static int cb_count(const void *o, uint64_t *c) { return amq_counting_blocked_count(o, c) == AMQ_OK; }
static amq_status cb_add(void *o, const void *k, size_t n) { return amq_counting_blocked_add(o, k, n); }
static amq_status cb_remove(void *o, const void *k, size_t n) { return amq_counting_blocked_remove(o, k, n); }
static void cb_free(void *o) { amq_counting_blocked_free(o); }
static void cb_params(const void *o, unsigned width, amq_hash_strategy h)
{
    assert_int_equal(amq_counting_blocked_nblocks(o), 41);
    assert_int_equal(amq_counting_blocked_block_counters(o), 512 / width);
    assert_int_equal(amq_counting_blocked_k(o), 5);
    assert_int_equal(amq_counting_blocked_width(o), width);
    assert_int_equal(amq_counting_blocked_strategy(o), h);
    assert_int_equal(amq_counting_blocked_seed(o), 5);
}
static void cb4_params(const void *o) { cb_params(o, 4, AMQ_HASH_TRIPLE); }
static void cb8_params(const void *o) { cb_params(o, 8, AMQ_HASH_INDEPENDENT); }
static void *cb4_build(void)
{
    amq_counting_blocked *c = NULL;
    assert_int_equal(amq_counting_blocked_create(&c, 41, AMQ_COUNTING_BLOCKED_LINE_COUNTERS(4), 5, 4, AMQ_HASH_TRIPLE, 5),
                     AMQ_OK);
    add_range(c, cb_add, 0, 300);
    remove_range(c, cb_remove, 0, 100);
    for (int i = 0; i < 20; i++) /* 4-bit counters saturate at 15 */
        assert_int_equal(amq_counting_blocked_add(c, "hot", 3), AMQ_OK);
    return c;
}
static void *cb8_build(void)
{
    amq_counting_blocked *c = NULL;
    assert_int_equal(amq_counting_blocked_create(&c, 41, AMQ_COUNTING_BLOCKED_LINE_COUNTERS(8), 5, 8,
                                                 AMQ_HASH_INDEPENDENT, 5),
                     AMQ_OK);
    add_range(c, cb_add, 0, 300);
    remove_range(c, cb_remove, 0, 100);
    return c;
}

/* ---- blocked quotient ---- */
static amq_status bq_load(void **o, const char *p) { return amq_blocked_quotient_load((amq_blocked_quotient **)o, p); }
static amq_status bq_save(const void *o, const char *p) { return amq_blocked_quotient_save(o, p); }
static int bq_query(const void *o, const void *k, size_t n) { return amq_blocked_quotient_query(o, k, n); }
static uint64_t bq_used(const void *o) { return amq_blocked_quotient_count(o); }
static amq_status bq_add(void *o, const void *k, size_t n) { return amq_blocked_quotient_add(o, k, n); }
static amq_status bq_remove(void *o, const void *k, size_t n) { return amq_blocked_quotient_remove(o, k, n); }
static void bq_free(void *o) { amq_blocked_quotient_free(o); }
static void bq_params(const void *o)
{
    assert_int_equal(amq_blocked_quotient_nblocks(o), 43);
    assert_int_equal(amq_blocked_quotient_q(o), 6);
    assert_int_equal(amq_blocked_quotient_r(o), 9);
    assert_int_equal(amq_blocked_quotient_slack(o), 32);
    assert_int_equal(amq_blocked_quotient_seed(o), 5);
}
static void *bq_build(void)
{
    amq_blocked_quotient *b = NULL;
    assert_int_equal(amq_blocked_quotient_create(&b, 43, 6, 9, 32, 5), AMQ_OK);
    add_range(b, bq_add, 0, 300);
    for (int i = 0; i < 3; i++)
        assert_int_equal(amq_blocked_quotient_add(b, "dup", 3), AMQ_OK);
    remove_range(b, bq_remove, 0, 50);
    return b;
}

static const fixture fixtures[] = {
    {"blocked_bloom", bb_load, bb_save, bb_query, bb_used, NULL, bb_params, bb_build, bb_free},
    {"split_block", sb_load, sb_save, sb_query, sb_used, NULL, sb_params, sb_build, sb_free},
    {"split_block_seed77", sb_load, sb_save, sb_query, sb_used, NULL, sb77_params, sb77_build, sb_free},
    {"partitioned", pt_load, pt_save, pt_query, pt_used, NULL, pt_params, pt_build, pt_free},
    {"counting_blocked4", cb_load, cb_save, cb_query, cb_used, cb_count, cb4_params, cb4_build, cb_free},
    {"counting_blocked8", cb_load, cb_save, cb_query, cb_used, cb_count, cb8_params, cb8_build, cb_free},
    {"blocked_quotient", bq_load, bq_save, bq_query, bq_used, NULL, bq_params, bq_build, bq_free},
};
#define NFIX (sizeof fixtures / sizeof fixtures[0])

/* The answers file: "used U", "count C|saturated" (counting), "answers 0101...", "extra HD". */
static void check_answers(const fixture *fx, const void *f)
{
    char path[256], key[32];
    snprintf(path, sizeof path, DATA "%s.answers", fx->name);
    size_t len;
    char *text = (char *)slurp(path, &len);
    unsigned long long used = 0;
    assert_int_equal(sscanf(text, "used %llu", &used), 1);
    assert_int_equal(fx->used(f), used);
    const char *count = strstr(text, "count ");
    assert_true((count != NULL) == (fx->count != NULL));
    if (count) {
        uint64_t c = 0;
        if (!strncmp(count, "count saturated", 15))
            assert_int_equal(fx->count(f, &c), 0);
        else {
            assert_int_equal(fx->count(f, &c), 1);
            assert_int_equal(c, strtoull(count + 6, NULL, 10));
        }
    }
    const char *ans = strstr(text, "answers ");
    assert_non_null(ans);
    ans += 8;
    unsigned long yes = 0;
    for (unsigned long i = 0; i < NQUERY; i++) {
        assert_true(ans[i] == '0' || ans[i] == '1');
        assert_int_equal(fx->query(f, key, key_of(key, i)), ans[i] - '0');
        yes += ans[i] == '1';
    }
    const char *extra = strstr(text, "extra ");
    assert_non_null(extra);
    assert_int_equal(fx->query(f, "hot", 3), extra[6] - '0');
    assert_int_equal(fx->query(f, "dup", 3), extra[7] - '0');
    print_message("%-20s used %llu, %lu of %u queries positive\n", fx->name, used, yes, NQUERY);
    free(text);
}

static void assert_same_file(const char *a, const char *b)
{
    size_t la, lb;
    unsigned char *x = slurp(a, &la), *y = slurp(b, &lb);
    assert_int_equal(la, lb);
    assert_memory_equal(x, y, la);
    free(x);
    free(y);
}

static void old_files_load_and_answer(void **state)
{
    (void)state;
    char fixture_path[256], out[160];
    for (size_t t = 0; t < NFIX; t++) {
        const fixture *fx = &fixtures[t];
        snprintf(fixture_path, sizeof fixture_path, DATA "%s.amq", fx->name);
        snprintf(out, sizeof out, "%s/%s.amq", dir, fx->name);
        void *f = NULL;
        amq_status s = fx->load(&f, fixture_path);
        if (s != AMQ_OK)
            print_message("%s: %s\n", fixture_path, amq_last_error());
        assert_int_equal(s, AMQ_OK);
        fx->check_params(f);
        check_answers(fx, f);
        /* saved again: the same bytes */
        assert_int_equal(fx->save(f, out), AMQ_OK);
        assert_same_file(fixture_path, out);
        fx->free(f);
        /* the same operations through the new API: the same bytes */
        f = fx->build();
        assert_int_equal(fx->save(f, out), AMQ_OK);
        assert_same_file(fixture_path, out);
        check_answers(fx, f);
        fx->free(f);
    }
}

/* Every loader refuses every other structure's file, naming both. */
static void other_loaders_refuse(void **state)
{
    (void)state;
    char path[256];
    for (size_t t = 0; t < NFIX; t++) {
        snprintf(path, sizeof path, DATA "%s.amq", fixtures[t].name);
        for (size_t u = 0; u < NFIX; u++) {
            if (fixtures[u].load == fixtures[t].load)
                continue;
            void *f = (void *)0x1;
            assert_int_equal(fixtures[u].load(&f, path), AMQ_E_BAD_TYPE);
            assert_ptr_equal(f, (void *)0x1);
            assert_non_null(strstr(amq_last_error(), "structure, not a"));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(old_files_load_and_answer),
        cmocka_unit_test(other_loaders_refuse),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
