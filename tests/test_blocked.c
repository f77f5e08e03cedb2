/* Key-level blocked AMQs (amq/blocked.h): parameters and errors, no false negatives,
 * clear / count / estimate, removal (counting blocked), batch queries, sizing from
 * (n, fpr) on the exact mixture, and persistence with every corrupt-file case. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>
#include <amq/blocked.h>
#include <amq/bloom.h>
#include <internal/container.h>
#include <amq/spec_blocked.h>

static char dir[64];
static char path[128];

static int setup(void **state)
{
    (void)state;
    strcpy(dir, "/tmp/amq-blocked-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/f.amq", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* One filter of each kind, small. */
static amq_blocked *make(amq_blocked_kind kind, unsigned width)
{
    amq_blocked *b = NULL;
    amq_status s = AMQ_E_INVALID_ARG;
    switch (kind) {
    case AMQ_BLOCKED_BLOOM: s = amq_blocked_bloom_create(&b, 37, 6, AMQ_HASH_ENHANCED, 11); break;
    case AMQ_BLOCKED_SPLIT: s = amq_split_block_create(&b, 53, 0); break;
    case AMQ_BLOCKED_PARTITIONED: s = amq_partitioned_create(&b, 7 * 1001, 7, AMQ_HASH_DOUBLE, 3); break;
    case AMQ_BLOCKED_COUNTING:
        s = amq_counting_blocked_create(&b, 41, 5, width, AMQ_HASH_TRIPLE, 5);
        break;
    case AMQ_BLOCKED_QUOTIENT: s = amq_blocked_quotient_create(&b, 43, 6, 9, 32, 5); break;
    default: break;
    }
    assert_int_equal(s, AMQ_OK);
    return b;
}

static const struct {
    amq_blocked_kind kind;
    unsigned width;
} kinds[] = {
    {AMQ_BLOCKED_BLOOM, 0}, {AMQ_BLOCKED_SPLIT, 0}, {AMQ_BLOCKED_PARTITIONED, 0},
    {AMQ_BLOCKED_COUNTING, 4}, {AMQ_BLOCKED_COUNTING, 8}, {AMQ_BLOCKED_QUOTIENT, 0},
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

static size_t key_of(char *buf, uint64_t i) { return (size_t)sprintf(buf, "k%llu", (unsigned long long)i); }

/* ---------------- parameters ---------------- */

static void parameters(void **state)
{
    (void)state;
    amq_blocked *b = (amq_blocked *)0x1;
    assert_int_equal(amq_blocked_bloom_create(&b, 0, 4, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_bloom_create(&b, 4, 0, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_K);
    assert_int_equal(amq_blocked_bloom_create(&b, 4, AMQ_BLOCKED_KEY_MAX_K + 1, AMQ_HASH_ENHANCED, 0),
                     AMQ_E_INVALID_K);
    assert_int_equal(amq_blocked_bloom_create(&b, 4, 3, (amq_hash_strategy)9, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_bloom_create(&b, UINT64_MAX / 100, 3, AMQ_HASH_ENHANCED, 0), AMQ_E_OVERFLOW);
    assert_int_equal(amq_split_block_create(&b, 0, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_split_block_create(&b, (UINT64_C(1) << 32) + 1, 0), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "2^32"));
    assert_int_equal(amq_partitioned_create(&b, 100, 3, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_M);
    assert_non_null(strstr(amq_last_error(), "divide"));
    assert_int_equal(amq_partitioned_create(&b, 0, 3, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_partitioned_create(&b, 99, 0, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_K);
    assert_int_equal(amq_counting_blocked_create(&b, 4, 3, 5, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_ARG);
    /* from a size: whole blocks only */
    assert_int_equal(amq_blocked_create_sized(&b, AMQ_BLOCKED_SPLIT, 1000, 8, 0, AMQ_HASH_ENHANCED, 0),
                     AMQ_E_INVALID_M);
    assert_non_null(strstr(amq_last_error(), "whole number of blocks of 256 bits"));
    assert_int_equal(amq_blocked_create_sized(&b, AMQ_BLOCKED_SPLIT, 1024, 7, 0, AMQ_HASH_ENHANCED, 0),
                     AMQ_E_INVALID_K);
    assert_int_equal(amq_blocked_create_sized(&b, AMQ_BLOCKED_BLOOM, 1000, 4, 0, AMQ_HASH_ENHANCED, 0),
                     AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_create_sized(&b, AMQ_BLOCKED_COUNTING, 100, 4, 4, AMQ_HASH_ENHANCED, 0),
                     AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_create_sized(&b, AMQ_BLOCKED_COUNTING, 128, 4, 3, AMQ_HASH_ENHANCED, 0),
                     AMQ_E_INVALID_ARG);
    assert_ptr_equal(b, (amq_blocked *)0x1); /* failed calls change nothing */
    assert_int_equal(amq_blocked_create_sized(NULL, AMQ_BLOCKED_BLOOM, 1024, 4, 0, AMQ_HASH_ENHANCED, 0),
                     AMQ_E_INVALID_ARG);

    assert_int_equal(amq_blocked_create_sized(&b, AMQ_BLOCKED_SPLIT, 1024, 8, 0, AMQ_HASH_ENHANCED, 0), AMQ_OK);
    assert_int_equal(amq_blocked_nblocks(b), 4);
    assert_int_equal(amq_blocked_m(b), 1024);
    assert_int_equal(amq_blocked_k(b), 8);
    assert_int_equal(amq_blocked_kind_of(b), AMQ_BLOCKED_SPLIT);
    assert_string_equal(amq_blocked_kind_name(amq_blocked_kind_of(b)), "split-block");
    amq_blocked_free(b);
    assert_int_equal(amq_blocked_create_sized(&b, AMQ_BLOCKED_COUNTING, 256, 3, 8, AMQ_HASH_ENHANCED, 0), AMQ_OK);
    assert_int_equal(amq_blocked_nblocks(b), 4);
    assert_int_equal(amq_blocked_block_size(b), 64);
    assert_int_equal(amq_blocked_width(b), 8);
    amq_blocked_free(b);
    assert_int_equal(amq_blocked_create_sized(&b, AMQ_BLOCKED_PARTITIONED, 1001, 7, 0, AMQ_HASH_ENHANCED, 0), AMQ_OK);
    assert_int_equal(amq_blocked_block_size(b), 143);
    amq_blocked_free(b);
    amq_blocked_free(NULL);
}

/* ---------------- behaviour ---------------- */

static void no_false_negatives(void **state)
{
    (void)state;
    char key[32];
    for (size_t t = 0; t < NKINDS; t++) {
        amq_blocked *b = make(kinds[t].kind, kinds[t].width);
        const uint64_t n = amq_blocked_m(b) / 16;
        for (uint64_t i = 0; i < n; i++)
            assert_int_equal(amq_blocked_add(b, key, key_of(key, i)), AMQ_OK);
        for (uint64_t i = 0; i < n; i++)
            assert_int_equal(amq_blocked_query(b, key, key_of(key, i)), 1);
        /* the empty key */
        assert_int_equal(amq_blocked_add(b, "", 0), AMQ_OK);
        assert_int_equal(amq_blocked_query(b, "", 0), 1);
        assert_int_equal(amq_blocked_add(b, NULL, 3), AMQ_E_INVALID_ARG);
        assert_int_equal(amq_blocked_add(NULL, "x", 1), AMQ_E_INVALID_ARG);
        /* batch queries answer as single queries */
        enum { NB = 1000 };
        static char keys[NB][32];
        const void *kp[NB];
        size_t lens[NB];
        int res[NB];
        for (uint64_t i = 0; i < NB; i++) {
            lens[i] = key_of(keys[i], i * 3);
            kp[i] = keys[i];
        }
        amq_blocked_query_batch(b, kp, lens, NB, res);
        for (uint64_t i = 0; i < NB; i++)
            assert_int_equal(res[i], amq_blocked_query(b, kp[i], lens[i]));
        /* clear */
        assert_true(amq_blocked_count_bits(b) > 0);
        amq_blocked_clear(b);
        assert_int_equal(amq_blocked_count_bits(b), 0);
        assert_true(amq_blocked_estimate_count(b) == 0.0);
        amq_blocked_free(b);
    }
}

/* Each key touches exactly one block (partitioned: one bit per partition; split-block:
 * one bit per word of one block), as amq_blocked_locate says. */
static void keys_stay_in_their_block(void **state)
{
    (void)state;
    char key[32];
    for (size_t t = 0; t < 3; t++) {
        amq_blocked *b = make(kinds[t].kind, 0);
        for (uint64_t i = 0; i < 200; i++) {
            size_t len = key_of(key, i);
            uint64_t block, idx[AMQ_BLOCKED_KEY_MAX_K];
            amq_blocked_locate(b, key, len, &block, idx);
            amq_blocked_clear(b);
            assert_int_equal(amq_blocked_add(b, key, len), AMQ_OK);
            const uint64_t *w = amq_blocked_words(b), bs = amq_blocked_block_size(b);
            for (uint64_t p = 0; p < amq_blocked_m(b); p++) {
                if (!((w[p / 64] >> (p % 64)) & 1))
                    continue;
                if (kinds[t].kind == AMQ_BLOCKED_PARTITIONED)
                    assert_true(p % bs == idx[p / bs]);
                else {
                    assert_true(p / bs == block);
                    if (kinds[t].kind == AMQ_BLOCKED_SPLIT)
                        assert_true(p % 32 == idx[(p % bs) / 32]);
                }
            }
        }
        amq_blocked_free(b);
    }
}

static void estimate(void **state)
{
    (void)state;
    char key[32];
    amq_blocked *bs[4];
    assert_int_equal(amq_blocked_bloom_create(&bs[0], 2000, 8, AMQ_HASH_ENHANCED, 1), AMQ_OK);
    assert_int_equal(amq_split_block_create(&bs[1], 4000, 0), AMQ_OK);
    assert_int_equal(amq_partitioned_create(&bs[2], 1000000, 8, AMQ_HASH_ENHANCED, 1), AMQ_OK);
    assert_int_equal(amq_counting_blocked_create(&bs[3], 8000, 8, 4, AMQ_HASH_ENHANCED, 1), AMQ_OK);
    for (int t = 0; t < 4; t++) {
        const uint64_t n = 100000;
        for (uint64_t i = 0; i < n; i++)
            amq_blocked_add(bs[t], key, key_of(key, i));
        double e = amq_blocked_estimate_count(bs[t]);
        assert_true(fabs(e - (double)n) < 0.02 * (double)n);
        amq_blocked_free(bs[t]);
    }
}

static void counting_remove(void **state)
{
    (void)state;
    char key[32];
    for (unsigned w = 4; w <= 8; w += 4) {
        amq_blocked *b;
        assert_int_equal(amq_counting_blocked_create(&b, 64, 4, w, AMQ_HASH_ENHANCED, 9), AMQ_OK);
        uint64_t c = 99;
        assert_int_equal(amq_blocked_count(b, &c), AMQ_OK);
        assert_int_equal(c, 0);
        for (uint64_t i = 0; i < 300; i++)
            amq_blocked_add(b, key, key_of(key, i));
        assert_int_equal(amq_blocked_count(b, &c), AMQ_OK);
        assert_int_equal(c, 300);
        for (uint64_t i = 0; i < 150; i++)
            assert_int_equal(amq_blocked_remove(b, key, key_of(key, i)), AMQ_OK);
        assert_int_equal(amq_blocked_count(b, &c), AMQ_OK);
        assert_int_equal(c, 150);
        for (uint64_t i = 150; i < 300; i++)
            assert_int_equal(amq_blocked_query(b, key, key_of(key, i)), 1);
        for (uint64_t i = 150; i < 300; i++)
            assert_int_equal(amq_blocked_remove(b, key, key_of(key, i)), AMQ_OK);
        assert_int_equal(amq_blocked_count_bits(b), 0);
        /* removing an absent key is refused and changes nothing */
        assert_int_equal(amq_blocked_remove(b, "absent", 6), AMQ_E_NOT_PRESENT);
        assert_int_equal(amq_blocked_count_bits(b), 0);
        /* saturation is sticky: count refuses, the key stays present */
        for (int i = 0; i < 300; i++)
            amq_blocked_add(b, "hot", 3);
        assert_true(amq_blocked_saturated(b) > 0);
        assert_int_equal(amq_blocked_count(b, &c), AMQ_E_SATURATED);
        for (int i = 0; i < 300; i++)
            amq_blocked_remove(b, "hot", 3);
        assert_int_equal(amq_blocked_query(b, "hot", 3), 1);
        amq_blocked_free(b);
    }
    amq_blocked *s = make(AMQ_BLOCKED_SPLIT, 0);
    assert_int_equal(amq_blocked_remove(s, "x", 1), AMQ_E_INVALID_ARG);
    uint64_t c;
    assert_int_equal(amq_blocked_count(s, &c), AMQ_E_INVALID_ARG);
    amq_blocked_free(s);
}

/* Blocked quotient: exact stored count, duplicates kept, a full block refuses an add and
 * changes nothing; parameter errors. */
static void quotient_blocks(void **state)
{
    (void)state;
    char key[32];
    amq_blocked *b = (amq_blocked *)0x1;
    assert_int_equal(amq_blocked_quotient_create(&b, 0, 6, 9, 32, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_quotient_create(&b, 4, 0, 9, 32, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_quotient_create(&b, 4, 6, 0, 32, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_quotient_create(&b, 4, 6, 59, 32, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_quotient_create(&b, 4, 6, 9, 65, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_create_sized(&b, AMQ_BLOCKED_QUOTIENT, 100, 12, 0, AMQ_HASH_ENHANCED, 0),
                     AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_create_sized(&b, AMQ_BLOCKED_QUOTIENT, 128, 6, 0, AMQ_HASH_ENHANCED, 0),
                     AMQ_E_INVALID_K);
    assert_ptr_equal(b, (amq_blocked *)0x1);
    /* one block of 2 home slots and 2 slack slots: 4 fingerprints at most */
    assert_int_equal(amq_blocked_quotient_create(&b, 1, 1, 20, 2, 7), AMQ_OK);
    uint64_t added = 0;
    for (uint64_t i = 0; i < 50; i++) {
        size_t len = key_of(key, i);
        uint64_t before = amq_blocked_count_bits(b);
        amq_status s = amq_blocked_add(b, key, len);
        if (s == AMQ_OK) {
            added++;
            assert_int_equal(amq_blocked_query(b, key, len), 1);
        } else {
            assert_int_equal(s, AMQ_E_FULL);
            assert_int_equal(amq_blocked_count_bits(b), before);
        }
    }
    assert_true(added >= 1 && added <= 4);
    assert_int_equal(amq_blocked_count_bits(b), added);
    amq_blocked_free(b);
    /* duplicates are stored twice; the estimate is the exact stored count */
    assert_int_equal(amq_blocked_quotient_create(&b, 8, 6, 10, 32, 1), AMQ_OK);
    for (int i = 0; i < 3; i++)
        assert_int_equal(amq_blocked_add(b, "dup", 3), AMQ_OK);
    assert_int_equal(amq_blocked_count_bits(b), 3);
    assert_true(amq_blocked_estimate_count(b) == 3.0);
    assert_int_equal(amq_blocked_save(b, path), AMQ_OK);
    amq_blocked *c = NULL;
    assert_int_equal(amq_blocked_load(&c, path), AMQ_OK);
    assert_int_equal(amq_blocked_count_bits(c), 3);
    assert_int_equal(amq_blocked_quotient_q(c), 6);
    assert_int_equal(amq_blocked_quotient_r(c), 10);
    assert_int_equal(amq_blocked_quotient_slack(c), 32);
    assert_int_equal(amq_blocked_query(c, "dup", 3), 1);
    /* removal: one copy at a time (multiset), others kept; then refused, nothing changed */
    for (uint64_t i = 0; i < 200; i++) {
        size_t len = key_of(key, i);
        assert_int_equal(amq_blocked_add(c, key, len), AMQ_OK);
    }
    for (int i = 0; i < 3; i++) {
        assert_int_equal(amq_blocked_query(c, "dup", 3), 1);
        assert_int_equal(amq_blocked_remove(c, "dup", 3), AMQ_OK);
        assert_int_equal(amq_blocked_count_bits(c), 202 - (uint64_t)i);
    }
    assert_int_equal(amq_blocked_query(c, "dup", 3), 0);
    assert_int_equal(amq_blocked_save(c, path), AMQ_OK);
    assert_int_equal(amq_blocked_remove(c, "dup", 3), AMQ_E_NOT_PRESENT);
    amq_blocked *d = NULL; /* the refused remove left the filter as it was */
    assert_int_equal(amq_blocked_load(&d, path), AMQ_OK);
    assert_int_equal(amq_blocked_count_bits(d), amq_blocked_count_bits(c));
    for (uint64_t i = 0; i < 200; i++) {
        size_t len = key_of(key, i);
        assert_int_equal(amq_blocked_query(c, key, len), 1);
        assert_int_equal(amq_blocked_query(d, key, len), 1);
    }
    for (uint64_t i = 0; i < 200; i += 2) { /* remove half: the other half still answers yes */
        size_t len = key_of(key, i);
        assert_int_equal(amq_blocked_remove(c, key, len), AMQ_OK);
    }
    for (uint64_t i = 1; i < 200; i += 2) {
        size_t len = key_of(key, i);
        assert_int_equal(amq_blocked_query(c, key, len), 1);
    }
    assert_int_equal(amq_blocked_count_bits(c), 100);
    amq_blocked_free(d);
    amq_blocked_free(c);
    amq_blocked_free(b);
}

/* create_for: sizes as the spec's sizing, achieved <= fpr, and the measured FP rate
 * of real hashing close to the certified rate. */
static void create_for(void **state)
{
    (void)state;
    char key[32];
    const uint64_t n = 20000;
    const double fpr = 0.01;
    for (size_t t = 0; t < NKINDS; t++) {
        amq_blocked *b = NULL;
        double achieved = 1.0;
        amq_status s;
        switch (kinds[t].kind) {
        case AMQ_BLOCKED_BLOOM: s = amq_blocked_bloom_create_for(&b, n, fpr, AMQ_HASH_ENHANCED, 4, &achieved); break;
        case AMQ_BLOCKED_SPLIT: s = amq_split_block_create_for(&b, n, fpr, 0, &achieved); break;
        case AMQ_BLOCKED_PARTITIONED: s = amq_partitioned_create_for(&b, n, fpr, AMQ_HASH_ENHANCED, 4, &achieved); break;
        case AMQ_BLOCKED_QUOTIENT: s = amq_blocked_quotient_create_for(&b, n, fpr, 4, &achieved); break;
        default:
            s = amq_counting_blocked_create_for(&b, n, fpr, kinds[t].width, AMQ_HASH_ENHANCED, 4, &achieved);
            break;
        }
        assert_int_equal(s, AMQ_OK);
        assert_true(achieved <= fpr && achieved > fpr / 2);
        uint64_t blocks = 0, k = 0, m = 0;
        if (kinds[t].kind == AMQ_BLOCKED_SPLIT) {
            assert_int_equal(amq_split_block_size_for(n, fpr, &blocks, NULL), AMQ_OK);
            assert_int_equal(amq_blocked_nblocks(b), blocks);
        } else if (kinds[t].kind == AMQ_BLOCKED_QUOTIENT) {
            uint64_t p = 0;
            assert_int_equal(amq_blocked_quotient_size_for(n, fpr, 48, &blocks, &p, NULL), AMQ_OK);
            assert_int_equal(amq_blocked_nblocks(b), blocks);
            assert_int_equal(amq_blocked_quotient_q(b) + amq_blocked_quotient_r(b), p < 7 ? 7 : p);
        } else if (kinds[t].kind == AMQ_BLOCKED_PARTITIONED) {
            assert_int_equal(amq_partitioned_size_for(n, fpr, &m, &k, NULL), AMQ_OK);
            assert_int_equal(amq_blocked_m(b), m);
            assert_int_equal(amq_blocked_k(b), k);
        } else {
            assert_int_equal(amq_blocked_bloom_size_for(n, fpr, amq_blocked_block_size(b), &blocks, &k, NULL),
                             AMQ_OK);
            assert_int_equal(amq_blocked_nblocks(b), blocks);
            assert_int_equal(amq_blocked_k(b), k);
        }
        for (uint64_t i = 0; i < n; i++)
            assert_int_equal(amq_blocked_add(b, key, key_of(key, i)), AMQ_OK);
        uint64_t fp = 0, q = 200000;
        for (uint64_t i = 0; i < q; i++)
            fp += (uint64_t)amq_blocked_query(b, key, key_of(key, n + 1 + i));
        double rate = (double)fp / (double)q;
        print_message("%s%s: %llu blocks, k %llu, certified %.5f, measured %.5f\n",
                      amq_blocked_kind_name(kinds[t].kind), kinds[t].width == 4 ? "/4" : kinds[t].width == 8 ? "/8" : "",
                      (unsigned long long)amq_blocked_nblocks(b), (unsigned long long)amq_blocked_k(b), achieved, rate);
        /* one filter, many queries: not a binomial test (the queries share the filter);
         * the statistical checks are in test_check_blocked.c. */
        assert_true(rate < 1.3 * fpr && rate > 0.5 * achieved);
        amq_blocked_free(b);
    }
    amq_blocked *b = (amq_blocked *)0x1;
    assert_int_equal(amq_split_block_create_for(&b, 0, 0.01, 0, NULL), AMQ_E_INVALID_N);
    assert_int_equal(amq_blocked_bloom_create_for(&b, 10, 1.5, AMQ_HASH_ENHANCED, 0, NULL), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_counting_blocked_create_for(&b, 10, 0.1, 3, AMQ_HASH_ENHANCED, 0, NULL), AMQ_E_INVALID_ARG);
    assert_ptr_equal(b, (amq_blocked *)0x1);
}

/* ---------------- persistence ---------------- */

static unsigned char *slurp(const char *p, size_t *len)
{
    FILE *f = fopen(p, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    rewind(f);
    unsigned char *b = malloc(*len + 16);
    assert_int_equal(fread(b, 1, *len, f), *len);
    fclose(f);
    return b;
}

static void spit(const char *p, const unsigned char *b, size_t len)
{
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, len, f), len);
    fclose(f);
}

static void reseal(unsigned char *b, size_t len) { amq_put_u64(b + len - 8, XXH3_64bits(b, len - 8)); }

static void round_trip(void **state)
{
    (void)state;
    char key[32];
    for (size_t t = 0; t < NKINDS; t++) {
        amq_blocked *a = make(kinds[t].kind, kinds[t].width), *b = NULL;
        for (uint64_t i = 0; i < 500; i++)
            amq_blocked_add(a, key, key_of(key, i));
        assert_int_equal(amq_blocked_save(a, path), AMQ_OK);
        assert_int_equal(amq_blocked_load(&b, path), AMQ_OK);
        assert_int_equal(amq_blocked_kind_of(b), kinds[t].kind);
        assert_int_equal(amq_blocked_nblocks(b), amq_blocked_nblocks(a));
        assert_int_equal(amq_blocked_block_size(b), amq_blocked_block_size(a));
        assert_int_equal(amq_blocked_k(b), amq_blocked_k(a));
        assert_int_equal(amq_blocked_width(b), amq_blocked_width(a));
        assert_int_equal(amq_blocked_strategy(b), amq_blocked_strategy(a));
        assert_int_equal(amq_blocked_seed(b), amq_blocked_seed(a));
        assert_int_equal(amq_blocked_count_bits(b), amq_blocked_count_bits(a));
        for (uint64_t i = 0; i < amq_blocked_m(a); i++)
            assert_int_equal(amq_blocked_counter(b, i), amq_blocked_counter(a, i));
        if (amq_blocked_words(a))
            assert_memory_equal(amq_blocked_words(a), amq_blocked_words(b), (size_t)amq_blocked_nwords(a) * 8);
        for (uint64_t i = 0; i < 500; i++)
            assert_int_equal(amq_blocked_query(b, key, key_of(key, i)), 1);
        amq_blocked_free(b);
        /* load_kind: right kind loads, others are refused */
        b = NULL;
        assert_int_equal(amq_blocked_load_kind(&b, path, kinds[t].kind), AMQ_OK);
        amq_blocked_free(b);
        amq_blocked_kind other = kinds[t].kind == AMQ_BLOCKED_BLOOM ? AMQ_BLOCKED_SPLIT : AMQ_BLOCKED_BLOOM;
        b = (amq_blocked *)0x1;
        assert_int_equal(amq_blocked_load_kind(&b, path, other), AMQ_E_BAD_TYPE);
        assert_ptr_equal(b, (amq_blocked *)0x1);
        amq_blocked_free(a);
    }
    /* a Bloom filter file is not a blocked filter */
    amq_bloom *bf;
    assert_int_equal(amq_bloom_create(&bf, 100, 3, AMQ_HASH_ENHANCED, 0), AMQ_OK);
    assert_int_equal(amq_bloom_save(bf, path), AMQ_OK);
    amq_bloom_free(bf);
    amq_blocked *b = (amq_blocked *)0x1;
    assert_int_equal(amq_blocked_load(&b, path), AMQ_E_BAD_TYPE);
    assert_ptr_equal(b, (amq_blocked *)0x1);
}

/* The split-block payload is the Parquet bitset: blocks of eight little-endian words. */
static void split_payload_is_parquet_bitset(void **state)
{
    (void)state;
    amq_blocked *a = make(AMQ_BLOCKED_SPLIT, 0);
    amq_blocked_add(a, "hello", 5);
    assert_int_equal(amq_blocked_save(a, path), AMQ_OK);
    size_t len;
    unsigned char *f = slurp(path, &len);
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
    amq_blocked_free(a);
}

static void expect_load(amq_status want)
{
    amq_blocked *b = (amq_blocked *)0x1;
    amq_status got = amq_blocked_load(&b, path);
    if (got != want)
        print_message("expected status %d, got %d: %s\n", (int)want, (int)got, amq_last_error());
    assert_int_equal(got, want);
    assert_ptr_equal(b, (amq_blocked *)0x1);
    assert_true(strlen(amq_last_error()) > 10);
}

/* Parameter fields (after the 32-byte header): 32 nblocks, 40 block size, 48 k,
 * 56 strategy, 64 seed, 72 width; payload from 80. */
static void corrupt_files(void **state)
{
    (void)state;
    char key[32];
    for (size_t t = 0; t < NKINDS; t++) {
        amq_blocked *a = make(kinds[t].kind, kinds[t].width);
        for (uint64_t i = 0; i < 300; i++)
            amq_blocked_add(a, key, key_of(key, i));
        assert_int_equal(amq_blocked_save(a, path), AMQ_OK);
        amq_blocked_free(a);
        size_t len;
        unsigned char *good = slurp(path, &len), *b = malloc(len + 16);
        /* truncation at every length (every 7th past the parameters: the payload is large) */
        for (size_t cut = 0; cut < len; cut += cut < 100 ? 1 : 7) {
            spit(path, good, cut);
            expect_load(AMQ_E_TRUNCATED);
        }
        /* trailing garbage */
        memcpy(b, good, len);
        b[len] = 0;
        spit(path, b, len + 1);
        expect_load(AMQ_E_SIZE_MISMATCH);
        /* bad magic, version, unknown type */
        memcpy(b, good, len); b[0] = 'X'; spit(path, b, len); expect_load(AMQ_E_BAD_MAGIC);
        memcpy(b, good, len); b[8] = 99; reseal(b, len); spit(path, b, len); expect_load(AMQ_E_BAD_VERSION);
        memcpy(b, good, len); b[12] = 42; reseal(b, len); spit(path, b, len); expect_load(AMQ_E_BAD_TYPE);
        /* impossible parameters */
        const struct { size_t off; uint64_t v; } bad[] = {
            {32, 0},                        /* no blocks                       */
            {40, 3},                        /* wrong block size                */
            {40, 0},                        /* zero block size                 */
            {48, 0},                        /* k = 0                           */
            {48, AMQ_BLOCKED_KEY_MAX_K + 1},/* k too large                     */
            {56, 4},                        /* unknown strategy                */
            {72, 5},                        /* counter width                   */
        };
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            if (kinds[t].kind == AMQ_BLOCKED_PARTITIONED && bad[i].off == 40 && bad[i].v == 3)
                continue; /* any partition size is possible; covered by the size check */
            if (kinds[t].kind == AMQ_BLOCKED_QUOTIENT && bad[i].off == 72)
                continue; /* the width field is the slack: see below */
            memcpy(b, good, len);
            amq_put_u64(b + bad[i].off, bad[i].v);
            reseal(b, len);
            spit(path, b, len);
            expect_load(AMQ_E_BAD_PARAMS);
        }
        if (kinds[t].kind == AMQ_BLOCKED_SPLIT) { /* k must be 8; at most 2^32 blocks */
            memcpy(b, good, len); amq_put_u64(b + 48, 7); reseal(b, len); spit(path, b, len);
            expect_load(AMQ_E_BAD_PARAMS);
            memcpy(b, good, len); amq_put_u64(b + 32, (UINT64_C(1) << 32) + 1); reseal(b, len);
            spit(path, b, len);
            expect_load(AMQ_E_BAD_PARAMS);
        }
        if (kinds[t].kind == AMQ_BLOCKED_QUOTIENT) {
            /* slack above the home slots; fewer blocks than the records name; the
             * announced count; a quotient out of range; every record in one block */
            memcpy(b, good, len); amq_put_u64(b + 72, 65); reseal(b, len); spit(path, b, len);
            expect_load(AMQ_E_BAD_PARAMS);
            memcpy(b, good, len); amq_put_u64(b + 32, 1); reseal(b, len); spit(path, b, len);
            expect_load(AMQ_E_BAD_PARAMS);
            memcpy(b, good, len); amq_put_u64(b + 80, amq_get_u64(good + 80) + 1); reseal(b, len);
            spit(path, b, len);
            expect_load(AMQ_E_SIZE_MISMATCH);
            memcpy(b, good, len); amq_put_u64(b + 96, 64); reseal(b, len); spit(path, b, len);
            expect_load(AMQ_E_BAD_PARAMS);
            memcpy(b, good, len);
            for (size_t rec = 88; rec + 24 <= len - 8; rec += 24) {
                amq_put_u64(b + rec, 0);
                amq_put_u64(b + rec + 8, 63);
            }
            reseal(b, len); spit(path, b, len);
            expect_load(AMQ_E_BAD_PARAMS);
            /* payload not 8 + 24 n bytes (lengths consistent) */
            memcpy(b, good, len); b[len] = b[len - 1]; amq_put_u64(b + 24, amq_get_u64(good + 24) + 1);
            reseal(b, len + 1); spit(path, b, len + 1);
            expect_load(AMQ_E_SIZE_MISMATCH);
        }
        if (kinds[t].kind == AMQ_BLOCKED_PARTITIONED) { /* partitions != k */
            memcpy(b, good, len); amq_put_u64(b + 32, 6); reseal(b, len); spit(path, b, len);
            expect_load(AMQ_E_BAD_PARAMS);
        }
        /* params length: beyond the container's limit; and 40 bytes, the payload 8 longer
         * (so the file lengths stay consistent) */
        memcpy(b, good, len); amq_put_u64(b + 16, 1000); reseal(b, len); spit(path, b, len);
        expect_load(AMQ_E_BAD_PARAMS);
        memcpy(b, good, len); amq_put_u64(b + 16, 40); amq_put_u64(b + 24, amq_get_u64(good + 24) + 8);
        reseal(b, len); spit(path, b, len);
        expect_load(AMQ_E_BAD_PARAMS);
        /* size mismatch: more blocks than the payload holds (lengths still consistent) */
        if (kinds[t].kind != AMQ_BLOCKED_QUOTIENT) { /* its payload is a fingerprint list */
            memcpy(b, good, len); amq_put_u64(b + 32, amq_get_u64(good + 32) + 1); reseal(b, len);
            spit(path, b, len);
            expect_load(kinds[t].kind == AMQ_BLOCKED_PARTITIONED ? AMQ_E_BAD_PARAMS : AMQ_E_SIZE_MISMATCH);
        }
        /* a flipped payload bit; a flipped checksum bit */
        memcpy(b, good, len); b[90] ^= 4; spit(path, b, len); expect_load(AMQ_E_CHECKSUM);
        memcpy(b, good, len); b[len - 1] ^= 1; spit(path, b, len); expect_load(AMQ_E_CHECKSUM);
        /* partitioned: m = 7007 bits, so bits 7007..7039 of the last word must be 0 */
        if (kinds[t].kind == AMQ_BLOCKED_PARTITIONED) {
            memcpy(b, good, len); b[len - 9] |= 0x80; reseal(b, len); spit(path, b, len);
            expect_load(AMQ_E_BAD_PARAMS);
        }
        /* the untouched file still loads */
        spit(path, good, len);
        amq_blocked *ok = NULL;
        assert_int_equal(amq_blocked_load(&ok, path), AMQ_OK);
        amq_blocked_free(ok);
        free(good);
        free(b);
    }
    amq_blocked *x = NULL;
    assert_int_equal(amq_blocked_load(&x, "/nonexistent/amq/file"), AMQ_E_IO);
    assert_int_equal(amq_blocked_load(&x, dir), AMQ_E_IO);
    assert_int_equal(amq_blocked_save(NULL, path), AMQ_E_INVALID_ARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parameters),
        cmocka_unit_test(no_false_negatives),
        cmocka_unit_test(keys_stay_in_their_block),
        cmocka_unit_test(estimate),
        cmocka_unit_test(counting_remove),
        cmocka_unit_test(quotient_blocks),
        cmocka_unit_test(create_for),
        cmocka_unit_test(round_trip),
        cmocka_unit_test(split_payload_is_parquet_bitset),
        cmocka_unit_test(corrupt_files),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
