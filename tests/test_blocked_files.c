/* Persistence of the key-level blocked structures.  Files written by the one-type
 * amq_blocked (tests/data/blocked/, written at 45f2a82 by the make_fixtures.c of that
 * commit) load into the per-structure types, answer every query as that version did, save
 * back to the same bytes, and are the bytes the new types write for the same operations
 * (run from the source root, as make check does).  Round trips, the Parquet bitset, and
 * every corrupt-file case, over the table of tests/support/blocked_table.h. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/tmp_dir.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <amq/blocked_bloom.h>
#include <amq/blocked_quotient.h>
#include <amq/counting_blocked.h>
#include <amq/partitioned.h>
#include <amq/bloom.h>
#include <amq/split_block.h>
#include <lib_internal/container.h>
#include <xxhash.h>
#include "support/blocked_table.h"
#include "support/read_file.h"

#define DATA "tests/data/blocked/"
#define NQUERY 2000

static size_t key_of(char *buf, unsigned long i) { return (size_t)sprintf(buf, "k%lu", i); }

/* A fixture: its name, its structure's row, its parameters, and build(), which repeats
 * make_fixtures.c's operations with the new API. */
typedef struct fixture {
    const char *name;
    const blocked_structure *S;
    void (*check_params)(const void *f);
    void *(*build)(void);
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
    add_range(b, blocked_structures[BLOCKED_BLOOM_ROW].add, 0, 300);
    return b;
}

/* ---- split-block ---- */
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
    add_range(f, blocked_structures[SPLIT_BLOCK_ROW].add, 0, 300);
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
    add_range(f, blocked_structures[SPLIT_BLOCK_ROW].add, 0, 100);
    return f;
}

/* ---- partitioned ---- */
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
    add_range(p, blocked_structures[PARTITIONED_ROW].add, 0, 300);
    return p;
}

/* ---- counting blocked ---- */
static amq_status cb_remove(void *o, const void *k, size_t n) { return amq_counting_blocked_remove(o, k, n); }
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
    add_range(c, blocked_structures[COUNTING4_ROW].add, 0, 300);
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
    add_range(c, blocked_structures[COUNTING4_ROW].add, 0, 300);
    remove_range(c, cb_remove, 0, 100);
    return c;
}

/* ---- blocked quotient ---- */
static amq_status bq_remove(void *o, const void *k, size_t n) { return amq_blocked_quotient_remove(o, k, n); }
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
    add_range(b, blocked_structures[QUOTIENT_ROW].add, 0, 300);
    for (int i = 0; i < 3; i++)
        assert_int_equal(amq_blocked_quotient_add(b, "dup", 3), AMQ_OK);
    remove_range(b, bq_remove, 0, 50);
    return b;
}

#define ROW(r) &blocked_structures[r]
static const fixture fixtures[] = {
    {"blocked_bloom", ROW(BLOCKED_BLOOM_ROW), bb_params, bb_build},
    {"split_block", ROW(SPLIT_BLOCK_ROW), sb_params, sb_build},
    {"split_block_seed77", ROW(SPLIT_BLOCK_ROW), sb77_params, sb77_build},
    {"partitioned", ROW(PARTITIONED_ROW), pt_params, pt_build},
    {"counting_blocked4", ROW(COUNTING4_ROW), cb4_params, cb4_build},
    {"counting_blocked8", ROW(COUNTING8_ROW), cb8_params, cb8_build},
    {"blocked_quotient", ROW(QUOTIENT_ROW), bq_params, bq_build},
};
#define NFIX (sizeof fixtures / sizeof fixtures[0])

/* The answers file: "used U", "count C|saturated" (counting), "answers 0101...", "extra HD". */
static void check_answers(const fixture *fx, const void *f)
{
    char apath[256], key[32];
    snprintf(apath, sizeof apath, DATA "%s.answers", fx->name);
    size_t len;
    char *text = (char *)read_file_checked(apath, &len);
    unsigned long long used = 0;
    assert_int_equal(sscanf(text, "used %llu", &used), 1);
    assert_int_equal(fx->S->used(f), used);
    const char *count = strstr(text, "count ");
    assert_true((count != NULL) == (fx->S->count != NULL));
    if (count) {
        uint64_t c = 0;
        if (!strncmp(count, "count saturated", 15))
            assert_int_equal(fx->S->count(f, &c), 0);
        else {
            assert_int_equal(fx->S->count(f, &c), 1);
            assert_int_equal(c, strtoull(count + 6, NULL, 10));
        }
    }
    const char *ans = strstr(text, "answers ");
    assert_non_null(ans);
    ans += 8;
    unsigned long yes = 0;
    for (unsigned long i = 0; i < NQUERY; i++) {
        assert_true(ans[i] == '0' || ans[i] == '1');
        assert_int_equal(fx->S->query(f, key, key_of(key, i)), ans[i] - '0');
        yes += ans[i] == '1';
    }
    const char *extra = strstr(text, "extra ");
    assert_non_null(extra);
    assert_int_equal(fx->S->query(f, "hot", 3), extra[6] - '0');
    assert_int_equal(fx->S->query(f, "dup", 3), extra[7] - '0');
    print_message("%-20s used %llu, %lu of %u queries positive\n", fx->name, used, yes, NQUERY);
    free(text);
}

static void assert_same_file(const char *a, const char *b)
{
    size_t la, lb;
    unsigned char *x = read_file_checked(a, &la), *y = read_file_checked(b, &lb);
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
        snprintf(out, sizeof out, "%s/%s.amq", tmp_dir, fx->name);
        void *f = NULL;
        amq_status s = fx->S->load(&f, fixture_path);
        if (s != AMQ_OK)
            print_message("%s: %s\n", fixture_path, amq_last_error());
        assert_int_equal(s, AMQ_OK);
        fx->check_params(f);
        check_answers(fx, f);
        /* saved again: the same bytes */
        assert_int_equal(fx->S->save(f, out), AMQ_OK);
        assert_same_file(fixture_path, out);
        fx->S->free(f);
        /* the same operations through the new API: the same bytes */
        f = fx->build();
        assert_int_equal(fx->S->save(f, out), AMQ_OK);
        assert_same_file(fixture_path, out);
        check_answers(fx, f);
        fx->S->free(f);
    }
}

/* Every loader refuses every other structure's file, naming both. */
static void other_loaders_refuse(void **state)
{
    (void)state;
    char fpath[256];
    for (size_t t = 0; t < NFIX; t++) {
        snprintf(fpath, sizeof fpath, DATA "%s.amq", fixtures[t].name);
        for (size_t u = 0; u < NFIX; u++) {
            if (fixtures[u].S->load == fixtures[t].S->load)
                continue;
            void *f = (void *)0x1;
            assert_int_equal(fixtures[u].S->load(&f, fpath), AMQ_E_BAD_TYPE);
            assert_ptr_equal(f, (void *)0x1);
            assert_non_null(strstr(amq_last_error(), "structure, not a"));
        }
    }
}

/* ---------------- round trips and corrupt files ---------------- */

static void spit(const char *p, const unsigned char *b, size_t len)
{
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, len, f), len);
    fclose(f);
}

static void reseal(unsigned char *b, size_t len) { amq_put_u64(b + len - 8, XXH3_64bits(b, len - 8)); }

/* Saved, loaded and saved again: the same bytes (every parameter and the whole state), and
 * every added key still answers yes.  Another structure's loader refuses the file. */
static void round_trip(void **state)
{
    (void)state;
    char key[32], again[160];
    snprintf(again, sizeof again, "%s/again.amq", tmp_dir);
    for (size_t t = 0; t < BLOCKED_ROWS; t++) {
        const blocked_structure *S = &blocked_structures[t];
        void *a = S->make(), *b = NULL;
        for (uint64_t i = 0; i < 500; i++)
            S->add(a, key, key_of(key, i));
        assert_int_equal(S->save(a, tmp_path), AMQ_OK);
        assert_int_equal(S->load(&b, tmp_path), AMQ_OK);
        assert_int_equal(S->used(b), S->used(a));
        assert_int_equal(S->positions(b), S->positions(a));
        assert_int_equal(S->save(b, again), AMQ_OK);
        size_t l1, l2;
        unsigned char *f1 = read_file_checked(tmp_path, &l1), *f2 = read_file_checked(again, &l2);
        assert_int_equal(l1, l2);
        assert_memory_equal(f1, f2, l1);
        free(f1);
        free(f2);
        for (uint64_t i = 0; i < 500; i++)
            assert_int_equal(S->query(b, key, key_of(key, i)), 1);
        S->free(b);
        const blocked_structure *other = &blocked_structures[t == BLOCKED_BLOOM_ROW ? SPLIT_BLOCK_ROW
                                                                                   : BLOCKED_BLOOM_ROW];
        b = (void *)0x1;
        assert_int_equal(other->load(&b, tmp_path), AMQ_E_BAD_TYPE);
        assert_ptr_equal(b, (void *)0x1);
        S->free(a);
    }
    /* the getters after a load (the bytes above cover the rest) */
    amq_counting_blocked *c = blocked_structures[COUNTING4_ROW].make(), *d = NULL;
    assert_int_equal(amq_counting_blocked_save(c, tmp_path), AMQ_OK);
    assert_int_equal(amq_counting_blocked_load(&d, tmp_path), AMQ_OK);
    assert_int_equal(amq_counting_blocked_nblocks(d), 41);
    assert_int_equal(amq_counting_blocked_block_counters(d), 128);
    assert_int_equal(amq_counting_blocked_k(d), 5);
    assert_int_equal(amq_counting_blocked_width(d), 4);
    assert_int_equal(amq_counting_blocked_strategy(d), AMQ_HASH_TRIPLE);
    assert_int_equal(amq_counting_blocked_seed(d), 5);
    amq_counting_blocked_free(c);
    amq_counting_blocked_free(d);
    /* a Bloom filter file is not a blocked filter */
    amq_bloom *bf;
    assert_int_equal(amq_bloom_create(&bf, 100, 3, AMQ_HASH_ENHANCED, 0), AMQ_OK);
    assert_int_equal(amq_bloom_save(bf, tmp_path), AMQ_OK);
    amq_bloom_free(bf);
    for (size_t t = 0; t < BLOCKED_ROWS; t++) {
        void *b = (void *)0x1;
        assert_int_equal(blocked_structures[t].load(&b, tmp_path), AMQ_E_BAD_TYPE);
        assert_ptr_equal(b, (void *)0x1);
    }
}

/* The split-block payload is the Parquet bitset: blocks of eight little-endian words. */
static void split_payload_is_parquet_bitset(void **state)
{
    (void)state;
    amq_split_block *a = blocked_structures[SPLIT_BLOCK_ROW].make();
    amq_split_block_add(a, "hello", 5);
    assert_int_equal(amq_split_block_save(a, tmp_path), AMQ_OK);
    size_t len;
    unsigned char *f = read_file_checked(tmp_path, &len);
    assert_int_equal(len, 32 + 48 + 53 * 32 + 8);
    assert_int_equal(f[12], AMQ_TYPE_SPLIT_BLOCK);
    const unsigned char *bitset = f + 32 + 48;
    uint64_t h = XXH64("hello", 5, 0), block = ((h >> 32) * 53) >> 32;
    static const uint32_t salt[8] = {0x47b6137bU, 0x44974d91U, 0x8824ad5bU, 0xa2b7289dU,
                                     0x705495c7U, 0x2df1424bU, 0x9efc4947U, 0x5c6bfb31U};
    for (uint64_t b = 0; b < 53; b++)
        for (int i = 0; i < 8; i++) {
            uint32_t w = 0;
            for (int j = 0; j < 4; j++)
                w |= (uint32_t)bitset[32 * b + 4 * (uint64_t)i + (uint64_t)j] << (8 * j);
            uint32_t want = b == block ? (uint32_t)1 << ((uint32_t)((uint32_t)h * salt[i]) >> 27) : 0;
            assert_true(w == want);
        }
    free(f);
    amq_split_block_free(a);
}

static void expect_load(const blocked_structure *S, amq_status want)
{
    void *b = (void *)0x1;
    amq_status got = S->load(&b, tmp_path);
    if (got != want)
        print_message("%s: expected status %d, got %d: %s\n", S->name, (int)want, (int)got, amq_last_error());
    assert_int_equal(got, want);
    assert_ptr_equal(b, (void *)0x1);
    assert_true(strlen(amq_last_error()) > 10);
}

/* Split-block only: k must be 8; at most 2^32 blocks; the legacy limit of Parquet's blocks. */
static void corrupt_split_block(const blocked_structure *S, const unsigned char *good, unsigned char *b, size_t len)
{
    memcpy(b, good, len); amq_put_u64(b + 48, 7); reseal(b, len); spit(tmp_path, b, len);
    expect_load(S, AMQ_E_BAD_PARAMS);
    memcpy(b, good, len); amq_put_u64(b + 32, (UINT64_C(1) << 32) + 1); reseal(b, len);
    spit(tmp_path, b, len);
    expect_load(S, AMQ_E_BAD_PARAMS);
    /* files amqcert wrote before it kept to Parquet's 2^26 - 1 blocks: refused before
     * their payload is read, with the limit and what to do */
    const uint64_t legacy[] = {AMQ_SPLIT_BLOCK_MAX_BLOCKS + 1, UINT64_C(1) << 32};
    for (size_t i = 0; i < 2; i++) {
        memcpy(b, good, len); amq_put_u64(b + 32, legacy[i]); reseal(b, len); spit(tmp_path, b, len);
        expect_load(S, AMQ_E_TOO_LARGE);
        assert_non_null(strstr(amq_last_error(), "67108863"));
        assert_non_null(strstr(amq_last_error(), "rebuild"));
    }
    memcpy(b, good, len); amq_put_u64(b + 32, AMQ_SPLIT_BLOCK_MAX_BLOCKS); reseal(b, len);
    spit(tmp_path, b, len);
    expect_load(S, AMQ_E_SIZE_MISMATCH); /* within the limit: only the payload is wrong */
}

/* Quotient only: the records and the fields of the blocked quotient filter's file. */
static void corrupt_quotient(const blocked_structure *S, const unsigned char *good, unsigned char *b, size_t len)
{
    /* slack above the home slots; fewer blocks than the records name; the
     * announced count; a quotient out of range; every record in one block;
     * the fixed field; r wrapping q + r around 2^64 */
    memcpy(b, good, len); amq_put_u64(b + 72, 65); reseal(b, len); spit(tmp_path, b, len);
    expect_load(S, AMQ_E_BAD_PARAMS);
    memcpy(b, good, len); amq_put_u64(b + 32, 1); reseal(b, len); spit(tmp_path, b, len);
    expect_load(S, AMQ_E_BAD_PARAMS);
    memcpy(b, good, len); amq_put_u64(b + 80, amq_get_u64(good + 80) + 1); reseal(b, len);
    spit(tmp_path, b, len);
    expect_load(S, AMQ_E_SIZE_MISMATCH);
    memcpy(b, good, len); amq_put_u64(b + 96, 64); reseal(b, len); spit(tmp_path, b, len);
    expect_load(S, AMQ_E_BAD_PARAMS);
    memcpy(b, good, len);
    for (size_t rec = 88; rec + 24 <= len - 8; rec += 24) {
        amq_put_u64(b + rec, 0);
        amq_put_u64(b + rec + 8, 63);
    }
    reseal(b, len); spit(tmp_path, b, len);
    expect_load(S, AMQ_E_BAD_PARAMS);
    memcpy(b, good, len); amq_put_u64(b + 56, 0); reseal(b, len); spit(tmp_path, b, len);
    expect_load(S, AMQ_E_BAD_PARAMS);
    memcpy(b, good, len); amq_put_u64(b + 48, UINT64_MAX - 2); reseal(b, len); spit(tmp_path, b, len);
    expect_load(S, AMQ_E_BAD_PARAMS);
    /* payload not 8 + 24 n bytes (lengths consistent) */
    memcpy(b, good, len); b[len] = b[len - 1]; amq_put_u64(b + 24, amq_get_u64(good + 24) + 1);
    reseal(b, len + 1); spit(tmp_path, b, len + 1);
    expect_load(S, AMQ_E_SIZE_MISMATCH);
}

/* Parameter fields (after the 32-byte header): 32 nblocks, 40 block size, 48 k,
 * 56 strategy, 64 seed, 72 width; payload from 80. */
static void corrupt_files(void **state)
{
    (void)state;
    char key[32];
    for (size_t t = 0; t < BLOCKED_ROWS; t++) {
        const blocked_structure *S = &blocked_structures[t];
        void *a = S->make();
        for (uint64_t i = 0; i < 300; i++)
            S->add(a, key, key_of(key, i));
        assert_int_equal(S->save(a, tmp_path), AMQ_OK);
        S->free(a);
        size_t len;
        unsigned char *good = read_file_checked(tmp_path, &len), *b = malloc(len + 16);
        /* truncation at every length (every 7th past the parameters: the payload is large) */
        for (size_t cut = 0; cut < len; cut += cut < 100 ? 1 : 7) {
            spit(tmp_path, good, cut);
            expect_load(S, AMQ_E_TRUNCATED);
        }
        /* trailing garbage */
        memcpy(b, good, len);
        b[len] = 0;
        spit(tmp_path, b, len + 1);
        expect_load(S, AMQ_E_SIZE_MISMATCH);
        /* bad magic, version, unknown type */
        memcpy(b, good, len); b[0] = 'X'; spit(tmp_path, b, len); expect_load(S, AMQ_E_BAD_MAGIC);
        memcpy(b, good, len); b[8] = 99; reseal(b, len); spit(tmp_path, b, len); expect_load(S, AMQ_E_BAD_VERSION);
        memcpy(b, good, len); b[12] = 42; reseal(b, len); spit(tmp_path, b, len); expect_load(S, AMQ_E_BAD_TYPE);
        /* impossible parameters */
        const struct { size_t off; uint64_t v; } bad[] = {
            {32, 0},             /* no blocks                       */
            {40, 3},             /* wrong block size                */
            {40, 0},             /* zero block size                 */
            {48, 0},             /* k = 0                           */
            {48, AMQ_MAX_K + 1}, /* k too large                     */
            {56, 4},             /* unknown strategy                */
            {72, 5},             /* counter width                   */
        };
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            if (t == PARTITIONED_ROW && bad[i].off == 40 && bad[i].v == 3)
                continue; /* any partition size is possible; covered by the size check */
            if (t == QUOTIENT_ROW && bad[i].off == 72)
                continue; /* the last field is the slack: see below */
            memcpy(b, good, len);
            amq_put_u64(b + bad[i].off, bad[i].v);
            reseal(b, len);
            spit(tmp_path, b, len);
            /* blocked Bloom and counting blocked take any block size: a block of 3 is a
             * possible filter whose payload is the wrong size */
            const int any_block = t != SPLIT_BLOCK_ROW && t != PARTITIONED_ROW && t != QUOTIENT_ROW;
            expect_load(S, any_block && bad[i].off == 40 && bad[i].v == 3 ? AMQ_E_SIZE_MISMATCH : AMQ_E_BAD_PARAMS);
        }
        if (t == SPLIT_BLOCK_ROW)
            corrupt_split_block(S, good, b, len);
        if (t == BLOCKED_BLOOM_ROW) { /* a block beyond 2^32 bits */
            memcpy(b, good, len); amq_put_u64(b + 40, (UINT64_C(1) << 32) + 1); reseal(b, len);
            spit(tmp_path, b, len);
            expect_load(S, AMQ_E_BAD_PARAMS);
        }
        if (t == QUOTIENT_ROW)
            corrupt_quotient(S, good, b, len);
        if (t == PARTITIONED_ROW) { /* partitions != k */
            memcpy(b, good, len); amq_put_u64(b + 32, 6); reseal(b, len); spit(tmp_path, b, len);
            expect_load(S, AMQ_E_BAD_PARAMS);
        }
        /* params length: beyond the container's limit; and 40 bytes, the payload 8 longer
         * (so the file lengths stay consistent) */
        memcpy(b, good, len); amq_put_u64(b + 16, 1000); reseal(b, len); spit(tmp_path, b, len);
        expect_load(S, AMQ_E_BAD_PARAMS);
        memcpy(b, good, len); amq_put_u64(b + 16, 40); amq_put_u64(b + 24, amq_get_u64(good + 24) + 8);
        reseal(b, len); spit(tmp_path, b, len);
        expect_load(S, AMQ_E_BAD_PARAMS);
        /* size mismatch: more blocks than the payload holds (lengths still consistent) */
        if (t != QUOTIENT_ROW) { /* its payload is a fingerprint list */
            memcpy(b, good, len); amq_put_u64(b + 32, amq_get_u64(good + 32) + 1); reseal(b, len);
            spit(tmp_path, b, len);
            expect_load(S, t == PARTITIONED_ROW ? AMQ_E_BAD_PARAMS : AMQ_E_SIZE_MISMATCH);
        }
        /* a flipped payload bit; a flipped checksum bit */
        memcpy(b, good, len); b[90] ^= 4; spit(tmp_path, b, len); expect_load(S, AMQ_E_CHECKSUM);
        memcpy(b, good, len); b[len - 1] ^= 1; spit(tmp_path, b, len); expect_load(S, AMQ_E_CHECKSUM);
        /* partitioned: m = 7007 bits, so bits 7007..7039 of the last word must be 0 */
        if (t == PARTITIONED_ROW) {
            memcpy(b, good, len); b[len - 9] |= 0x80; reseal(b, len); spit(tmp_path, b, len);
            expect_load(S, AMQ_E_BAD_PARAMS);
        }
        /* the untouched file still loads */
        spit(tmp_path, good, len);
        void *ok = NULL;
        assert_int_equal(S->load(&ok, tmp_path), AMQ_OK);
        S->free(ok);
        free(good);
        free(b);
        void *x = NULL;
        assert_int_equal(S->load(&x, "/nonexistent/amq/file"), AMQ_E_IO);
        assert_int_equal(S->load(&x, tmp_dir), AMQ_E_IO);
        assert_int_equal(S->save(NULL, tmp_path), AMQ_E_INVALID_ARG);
    }
}

/* 4-bit counters, odd number of counters: the nibble beyond the last must be zero. */
static void counting_tail_nibble(void **state)
{
    (void)state;
    amq_counting_blocked *c;
    assert_int_equal(amq_counting_blocked_create(&c, 3, 7, 2, 4, AMQ_HASH_ENHANCED, 1), AMQ_OK); /* 21 counters */
    amq_counting_blocked_add(c, "a", 1);
    assert_int_equal(amq_counting_blocked_save(c, tmp_path), AMQ_OK);
    amq_counting_blocked_free(c);
    size_t len;
    unsigned char *f = read_file_checked(tmp_path, &len);
    assert_int_equal(len, 32 + 48 + 11 + 8);
    f[len - 9] |= 0x10;
    reseal(f, len);
    spit(tmp_path, f, len);
    expect_load(&blocked_structures[COUNTING4_ROW], AMQ_E_BAD_PARAMS);
    free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(old_files_load_and_answer),
        cmocka_unit_test(other_loaders_refuse),
        cmocka_unit_test(round_trip),
        cmocka_unit_test(split_payload_is_parquet_bitset),
        cmocka_unit_test(corrupt_files),
        cmocka_unit_test(counting_tail_nibble),
    };
    return cmocka_run_group_tests(tests, tmp_dir_group_setup, tmp_dir_group_teardown);
}
