/* Key-level blocked AMQs (amq/blocked_bloom.h, split_block.h, partitioned.h,
 * counting_blocked.h, blocked_quotient.h): parameters and errors, no false negatives,
 * clear / count / estimate, removal, batch queries, and sizing from (n, fpr) on the exact
 * mixture.  The operations common to every structure run over the table of
 * tests/support/blocked_table.h; persistence is tested in test_blocked_files.c. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/tmp_dir.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <amq/blocked_bloom.h>
#include <amq/blocked_quotient.h>
#include <amq/counting_blocked.h>
#include <amq/partitioned.h>
#include <amq/simd.h>
#include <amq/spec_blocked.h>
#include <amq/split_block.h>
#include <lib_internal/blocked_state.h>
#include "support/blocked_table.h"

static size_t key_of(char *buf, uint64_t i) { return (size_t)sprintf(buf, "k%llu", (unsigned long long)i); }

#define NSTRUCT BLOCKED_ROWS
static const blocked_structure *const structures = blocked_structures;
typedef blocked_structure structure;

/* ---------------- parameters ---------------- */

static void parameters(void **state)
{
    (void)state;
    amq_blocked_bloom *bb = (amq_blocked_bloom *)0x1;
    amq_split_block *sb = (amq_split_block *)0x1;
    amq_partitioned *pt = (amq_partitioned *)0x1;
    amq_counting_blocked *cb = (amq_counting_blocked *)0x1;
    const uint64_t B = AMQ_BLOCKED_BLOOM_BLOCK_BITS;
    assert_int_equal(amq_blocked_bloom_create(&bb, 0, B, 4, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_bloom_create(&bb, 4, B, 0, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_K);
    assert_int_equal(amq_blocked_bloom_create(&bb, 4, B, AMQ_MAX_K + 1, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_K);
    assert_int_equal(amq_blocked_bloom_create(&bb, 4, B, 3, (amq_hash_strategy)9, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_bloom_create(&bb, UINT64_MAX / 100, B, 3, AMQ_HASH_ENHANCED, 0), AMQ_E_OVERFLOW);
    /* any block size in [1, 2^32] */
    assert_int_equal(amq_blocked_bloom_create(&bb, 4, 0, 3, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_bloom_create(&bb, 4, AMQ_BLOCKED_BLOOM_MAX_BLOCK_BITS + 1, 3, AMQ_HASH_ENHANCED, 0),
                     AMQ_E_INVALID_M);
    assert_non_null(strstr(amq_last_error(), "[1, 2^32]"));
    assert_int_equal(amq_split_block_create(&sb, 0, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_split_block_create(&sb, (UINT64_C(1) << 32) + 1, 0), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "67108863"));
    /* Parquet's limit: numBytes, a signed 32-bit integer, holds at most 2^26 - 1 blocks */
    assert_int_equal(AMQ_SPLIT_BLOCK_MAX_BLOCKS * 32, INT32_MAX - 31);
    assert_int_equal(amq_split_block_create(&sb, AMQ_SPLIT_BLOCK_MAX_BLOCKS + 1, 0), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "numBytes"));
    assert_int_equal(amq_partitioned_create(&pt, 100, 3, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_M);
    assert_non_null(strstr(amq_last_error(), "divide"));
    assert_int_equal(amq_partitioned_create(&pt, 0, 3, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_partitioned_create(&pt, 99, 0, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_K);
    assert_int_equal(amq_partitioned_create(&pt, 2 * (AMQ_MAX_K + 1), AMQ_MAX_K + 1, AMQ_HASH_ENHANCED, 0),
                     AMQ_E_INVALID_K);
    assert_int_equal(amq_counting_blocked_create(&cb, 4, 128, 3, 5, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_counting_blocked_create(&cb, 4, 0, 3, 4, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_counting_blocked_create(&cb, 4, 128, AMQ_MAX_K + 1, 4, AMQ_HASH_ENHANCED, 0),
                     AMQ_E_INVALID_K);
    /* failed calls change nothing */
    assert_ptr_equal(bb, (amq_blocked_bloom *)0x1);
    assert_ptr_equal(sb, (amq_split_block *)0x1);
    assert_ptr_equal(pt, (amq_partitioned *)0x1);
    assert_ptr_equal(cb, (amq_counting_blocked *)0x1);
    assert_int_equal(amq_blocked_bloom_create(NULL, 2, B, 4, AMQ_HASH_ENHANCED, 0), AMQ_E_INVALID_ARG);

    assert_int_equal(amq_split_block_create(&sb, 4, 0), AMQ_OK);
    assert_int_equal(amq_split_block_nblocks(sb), 4);
    assert_int_equal(amq_split_block_m(sb), 1024);
    amq_split_block_free(sb);
    assert_int_equal(amq_counting_blocked_create(&cb, 4, AMQ_COUNTING_BLOCKED_LINE_COUNTERS(8), 3, 8,
                                                 AMQ_HASH_ENHANCED, 0),
                     AMQ_OK);
    assert_int_equal(amq_counting_blocked_nblocks(cb), 4);
    assert_int_equal(amq_counting_blocked_block_counters(cb), 64);
    assert_int_equal(amq_counting_blocked_m(cb), 256);
    assert_int_equal(amq_counting_blocked_width(cb), 8);
    amq_counting_blocked_free(cb);
    assert_int_equal(amq_partitioned_create(&pt, 1001, 7, AMQ_HASH_ENHANCED, 0), AMQ_OK);
    assert_int_equal(amq_partitioned_partition_bits(pt), 143);
    amq_partitioned_free(pt);
    /* the full k range reaches the kernels, and odd block sizes work */
    assert_int_equal(amq_blocked_bloom_create(&bb, 3, 100, AMQ_MAX_K, AMQ_HASH_ENHANCED, 0), AMQ_OK);
    assert_int_equal(amq_blocked_bloom_add(bb, "x", 1), AMQ_OK);
    assert_int_equal(amq_blocked_bloom_query(bb, "x", 1), 1);
    assert_int_equal(amq_blocked_bloom_m(bb), 300);
    assert_int_equal(amq_blocked_bloom_block_bits(bb), 100);
    amq_blocked_bloom_free(bb);
    assert_int_equal(amq_counting_blocked_create(&cb, 3, 61, AMQ_MAX_K, 8, AMQ_HASH_ENHANCED, 0), AMQ_OK);
    assert_int_equal(amq_counting_blocked_add(cb, "x", 1), AMQ_OK);
    assert_int_equal(amq_counting_blocked_query(cb, "x", 1), 1);
    assert_int_equal(amq_counting_blocked_remove(cb, "x", 1), AMQ_OK);
    assert_int_equal(amq_counting_blocked_nonzero(cb), 0);
    amq_counting_blocked_free(cb);
    amq_blocked_bloom_free(NULL);
    amq_split_block_free(NULL);
    amq_partitioned_free(NULL);
    amq_counting_blocked_free(NULL);
    amq_blocked_quotient_free(NULL);
}

/* ---------------- behaviour ---------------- */

static void no_false_negatives(void **state)
{
    (void)state;
    char key[32];
    for (size_t t = 0; t < NSTRUCT; t++) {
        const structure *S = &structures[t];
        void *b = S->make();
        const uint64_t n = S->positions(b) / 16;
        for (uint64_t i = 0; i < n; i++)
            assert_int_equal(S->add(b, key, key_of(key, i)), AMQ_OK);
        for (uint64_t i = 0; i < n; i++)
            assert_int_equal(S->query(b, key, key_of(key, i)), 1);
        /* the empty key */
        assert_int_equal(S->add(b, "", 0), AMQ_OK);
        assert_int_equal(S->query(b, "", 0), 1);
        assert_int_equal(S->add(b, NULL, 3), AMQ_E_INVALID_ARG);
        assert_int_equal(S->add(NULL, "x", 1), AMQ_E_INVALID_ARG);
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
        S->batch(b, kp, lens, NB, res);
        for (uint64_t i = 0; i < NB; i++)
            assert_int_equal(res[i], S->query(b, kp[i], lens[i]));
        /* the scalar (proved) batch too where an AVX2 path exists; NB = 62 rounds of 16 and 8
         * (res cleared first: a result left unwritten must not pass as the AVX2 batch's) */
        amq_simd_force_scalar(1);
        for (uint64_t i = 0; i < NB; i++)
            res[i] = -1;
        S->batch(b, kp, lens, NB, res);
        int seen[2] = {0, 0}; /* both answers, so that a key answered from another's hash shows */
        for (uint64_t i = 0; i < NB; i++) {
            assert_int_equal(res[i], S->query(b, kp[i], lens[i]));
            seen[res[i]]++;
        }
        assert_true(seen[0] > 0 && seen[1] > 0);
        amq_simd_force_scalar(0);
        /* clear */
        assert_true(S->used(b) > 0);
        S->clear(b);
        assert_int_equal(S->used(b), 0);
        if (S->estimate)
            assert_true(S->estimate(b) == 0.0);
        S->free(b);
    }
}

/* Batches with more indices than one round of the layer holds: k = AMQ_MAX_K (and, for
 * partitioned, k = 100). */
static void batch_large_k(void **state)
{
    (void)state;
    amq_blocked_bloom *b;
    amq_partitioned *p;
    assert_int_equal(amq_blocked_bloom_create(&b, 50, 4096, AMQ_MAX_K, AMQ_HASH_DOUBLE, 2), AMQ_OK);
    assert_int_equal(amq_partitioned_create(&p, 4 * AMQ_MAX_K, AMQ_MAX_K, AMQ_HASH_DOUBLE, 2), AMQ_OK);
    enum { NB = 37 };
    static char keys[NB][32];
    const void *kp[NB];
    size_t lens[NB];
    int res[NB];
    for (uint64_t i = 0; i < NB; i++) {
        lens[i] = key_of(keys[i], i);
        kp[i] = keys[i];
        if (i % 2 == 0) {
            amq_blocked_bloom_add(b, kp[i], lens[i]);
            amq_partitioned_add(p, kp[i], lens[i]);
        }
    }
    amq_blocked_bloom_query_batch(b, kp, lens, NB, res);
    for (uint64_t i = 0; i < NB; i++)
        assert_int_equal(res[i], amq_blocked_bloom_query(b, kp[i], lens[i]));
    amq_partitioned_query_batch(p, kp, lens, NB, res);
    for (uint64_t i = 0; i < NB; i++)
        assert_int_equal(res[i], amq_partitioned_query(p, kp[i], lens[i]));
    amq_blocked_bloom_free(b);
    amq_partitioned_free(p);
    /* k = 100: a partitioned round holds AMQ_MAX_K / k = 10 keys, so 37 keys make 4 rounds */
    assert_int_equal(amq_partitioned_create(&p, 100 * 64, 100, AMQ_HASH_ENHANCED, 3), AMQ_OK);
    for (uint64_t i = 0; i < NB; i += 3)
        amq_partitioned_add(p, kp[i], lens[i]);
    amq_partitioned_query_batch(p, kp, lens, NB, res);
    for (uint64_t i = 0; i < NB; i++)
        assert_int_equal(res[i], amq_partitioned_query(p, kp[i], lens[i]));
    amq_partitioned_free(p);
}

/* Each key touches exactly one block (partitioned: one bit per partition; split-block:
 * one bit per word of one block), as the locate hooks say. */
static void for_each_set_bit(const uint64_t *w, uint64_t m, void (*fn)(uint64_t p, const void *ctx), const void *ctx)
{
    for (uint64_t p = 0; p < m; p++)
        if ((w[p / 64] >> (p % 64)) & 1)
            fn(p, ctx);
}
typedef struct located {
    uint64_t block, bsize, idx[AMQ_MAX_K];
} located;
static void in_block(uint64_t p, const void *ctx)
{
    const located *l = ctx;
    assert_true(p / l->bsize == l->block);
}
static void in_split_word(uint64_t p, const void *ctx)
{
    const located *l = ctx;
    assert_true(p / l->bsize == l->block);
    assert_true(p % 32 == l->idx[(p % l->bsize) / 32]);
}
static void in_partition(uint64_t p, const void *ctx)
{
    const located *l = ctx;
    assert_true(p % l->bsize == l->idx[p / l->bsize]);
}

static void keys_stay_in_their_block(void **state)
{
    (void)state;
    char key[32];
    amq_blocked_bloom *b = structures[BLOCKED_BLOOM_ROW].make();
    amq_split_block *s = structures[SPLIT_BLOCK_ROW].make();
    amq_partitioned *p = structures[PARTITIONED_ROW].make();
    located l;
    for (uint64_t i = 0; i < 200; i++) {
        size_t len = key_of(key, i);
        amq_blocked_bloom_locate(b, key, len, &l.block, l.idx);
        l.bsize = amq_blocked_bloom_block_bits(b);
        amq_blocked_bloom_clear(b);
        assert_int_equal(amq_blocked_bloom_add(b, key, len), AMQ_OK);
        for_each_set_bit(amq_blocked_bloom_words(b), amq_blocked_bloom_m(b), in_block, &l);

        amq_split_block_locate(s, key, len, &l.block, l.idx);
        l.bsize = 256;
        amq_split_block_clear(s);
        assert_int_equal(amq_split_block_add(s, key, len), AMQ_OK);
        for_each_set_bit(amq_split_block_words(s), amq_split_block_m(s), in_split_word, &l);

        amq_partitioned_locate(p, key, len, l.idx);
        l.bsize = amq_partitioned_partition_bits(p);
        amq_partitioned_clear(p);
        assert_int_equal(amq_partitioned_add(p, key, len), AMQ_OK);
        for_each_set_bit(amq_partitioned_words(p), amq_partitioned_m(p), in_partition, &l);
    }
    amq_blocked_bloom_free(b);
    amq_split_block_free(s);
    amq_partitioned_free(p);
}

static void estimate(void **state)
{
    (void)state;
    char key[32];
    void *fs[4];
    assert_int_equal(amq_blocked_bloom_create((amq_blocked_bloom **)&fs[0], 2000, AMQ_BLOCKED_BLOOM_BLOCK_BITS, 8,
                                              AMQ_HASH_ENHANCED, 1),
                     AMQ_OK);
    assert_int_equal(amq_split_block_create((amq_split_block **)&fs[1], 4000, 0), AMQ_OK);
    assert_int_equal(amq_partitioned_create((amq_partitioned **)&fs[2], 1000000, 8, AMQ_HASH_ENHANCED, 1), AMQ_OK);
    assert_int_equal(amq_counting_blocked_create((amq_counting_blocked **)&fs[3], 8000,
                                                 AMQ_COUNTING_BLOCKED_LINE_COUNTERS(4), 8, 4, AMQ_HASH_ENHANCED, 1),
                     AMQ_OK);
    const structure *S[4] = {&structures[BLOCKED_BLOOM_ROW], &structures[SPLIT_BLOCK_ROW],
                             &structures[PARTITIONED_ROW], &structures[COUNTING4_ROW]};
    for (int t = 0; t < 4; t++) {
        const uint64_t n = 100000;
        for (uint64_t i = 0; i < n; i++)
            S[t]->add(fs[t], key, key_of(key, i));
        double e = S[t]->estimate(fs[t]);
        assert_true(fabs(e - (double)n) < 0.02 * (double)n);
        S[t]->free(fs[t]);
    }
}

static void counting_remove(void **state)
{
    (void)state;
    char key[32];
    for (unsigned w = 4; w <= 8; w += 4) {
        amq_counting_blocked *b;
        assert_int_equal(amq_counting_blocked_create(&b, 64, AMQ_COUNTING_BLOCKED_LINE_COUNTERS(w), 4, w,
                                                     AMQ_HASH_ENHANCED, 9),
                         AMQ_OK);
        uint64_t c = 99;
        assert_int_equal(amq_counting_blocked_count(b, &c), AMQ_OK);
        assert_int_equal(c, 0);
        for (uint64_t i = 0; i < 300; i++)
            amq_counting_blocked_add(b, key, key_of(key, i));
        assert_int_equal(amq_counting_blocked_count(b, &c), AMQ_OK);
        assert_int_equal(c, 300);
        for (uint64_t i = 0; i < 150; i++)
            assert_int_equal(amq_counting_blocked_remove(b, key, key_of(key, i)), AMQ_OK);
        assert_int_equal(amq_counting_blocked_count(b, &c), AMQ_OK);
        assert_int_equal(c, 150);
        for (uint64_t i = 150; i < 300; i++)
            assert_int_equal(amq_counting_blocked_query(b, key, key_of(key, i)), 1);
        for (uint64_t i = 150; i < 300; i++)
            assert_int_equal(amq_counting_blocked_remove(b, key, key_of(key, i)), AMQ_OK);
        assert_int_equal(amq_counting_blocked_nonzero(b), 0);
        /* removing an absent key is refused and changes nothing */
        assert_int_equal(amq_counting_blocked_remove(b, "absent", 6), AMQ_E_NOT_PRESENT);
        assert_int_equal(amq_counting_blocked_nonzero(b), 0);
        assert_int_equal(amq_counting_blocked_remove(b, NULL, 2), AMQ_E_INVALID_ARG);
        assert_int_equal(amq_counting_blocked_count(NULL, &c), AMQ_E_INVALID_ARG);
        /* saturation is sticky: count refuses, the key stays present */
        for (int i = 0; i < 300; i++)
            amq_counting_blocked_add(b, "hot", 3);
        assert_true(amq_counting_blocked_saturated(b) > 0);
        assert_int_equal(amq_counting_blocked_count(b, &c), AMQ_E_SATURATED);
        for (int i = 0; i < 300; i++)
            amq_counting_blocked_remove(b, "hot", 3);
        assert_int_equal(amq_counting_blocked_query(b, "hot", 3), 1);
        amq_counting_blocked_free(b);
    }
    /* (removal and exact counts exist only for the structures that have them: the other
     * types have no such functions) */
}

/* Blocked quotient: exact stored count, duplicates kept, a full block refuses an add and
 * changes nothing; parameter errors. */
static void quotient_blocks(void **state)
{
    (void)state;
    char key[32];
    amq_blocked_quotient *b = (amq_blocked_quotient *)0x1;
    assert_int_equal(amq_blocked_quotient_create(&b, 0, 6, 9, 32, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_blocked_quotient_create(&b, 4, 0, 9, 32, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_quotient_create(&b, 4, 6, 0, 32, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_quotient_create(&b, 4, 6, 59, 32, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_quotient_create(&b, 4, 6, UINT64_MAX - 2, 32, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_quotient_create(&b, 4, 6, 9, 65, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_quotient_create(&b, 4, AMQ_BLOCKED_QUOTIENT_MAX_Q + 1, 9, 0, 0), AMQ_E_INVALID_ARG);
    assert_ptr_equal(b, (amq_blocked_quotient *)0x1);
    /* one block of 2 home slots and 2 slack slots: 4 fingerprints at most */
    assert_int_equal(amq_blocked_quotient_create(&b, 1, 1, 20, 2, 7), AMQ_OK);
    uint64_t added = 0;
    for (uint64_t i = 0; i < 50; i++) {
        size_t len = key_of(key, i);
        uint64_t before = amq_blocked_quotient_count(b);
        amq_status s = amq_blocked_quotient_add(b, key, len);
        if (s == AMQ_OK) {
            added++;
            assert_int_equal(amq_blocked_quotient_query(b, key, len), 1);
        } else {
            assert_int_equal(s, AMQ_E_FULL);
            assert_int_equal(amq_blocked_quotient_count(b), before);
        }
    }
    assert_true(added >= 1 && added <= 4);
    assert_int_equal(amq_blocked_quotient_count(b), added);
    amq_blocked_quotient_free(b);
    /* duplicates are stored twice; the count is exact */
    assert_int_equal(amq_blocked_quotient_create(&b, 8, 6, 10, 32, 1), AMQ_OK);
    for (int i = 0; i < 3; i++)
        assert_int_equal(amq_blocked_quotient_add(b, "dup", 3), AMQ_OK);
    assert_int_equal(amq_blocked_quotient_count(b), 3);
    assert_int_equal(amq_blocked_quotient_save(b, tmp_path), AMQ_OK);
    amq_blocked_quotient *c = NULL;
    assert_int_equal(amq_blocked_quotient_load(&c, tmp_path), AMQ_OK);
    assert_int_equal(amq_blocked_quotient_count(c), 3);
    assert_int_equal(amq_blocked_quotient_q(c), 6);
    assert_int_equal(amq_blocked_quotient_r(c), 10);
    assert_int_equal(amq_blocked_quotient_slack(c), 32);
    assert_int_equal(amq_blocked_quotient_nblocks(c), 8);
    assert_int_equal(amq_blocked_quotient_seed(c), 1);
    assert_int_equal(amq_blocked_quotient_query(c, "dup", 3), 1);
    /* removal: one copy at a time (multiset), others kept; then refused, nothing changed */
    for (uint64_t i = 0; i < 200; i++) {
        size_t len = key_of(key, i);
        assert_int_equal(amq_blocked_quotient_add(c, key, len), AMQ_OK);
    }
    for (int i = 0; i < 3; i++) {
        assert_int_equal(amq_blocked_quotient_query(c, "dup", 3), 1);
        assert_int_equal(amq_blocked_quotient_remove(c, "dup", 3), AMQ_OK);
        assert_int_equal(amq_blocked_quotient_count(c), 202 - (uint64_t)i);
    }
    assert_int_equal(amq_blocked_quotient_query(c, "dup", 3), 0);
    assert_int_equal(amq_blocked_quotient_save(c, tmp_path), AMQ_OK);
    assert_int_equal(amq_blocked_quotient_remove(c, "dup", 3), AMQ_E_NOT_PRESENT);
    amq_blocked_quotient *d = NULL; /* the refused remove left the filter as it was */
    assert_int_equal(amq_blocked_quotient_load(&d, tmp_path), AMQ_OK);
    assert_int_equal(amq_blocked_quotient_count(d), amq_blocked_quotient_count(c));
    for (uint64_t i = 0; i < 200; i++) {
        size_t len = key_of(key, i);
        assert_int_equal(amq_blocked_quotient_query(c, key, len), 1);
        assert_int_equal(amq_blocked_quotient_query(d, key, len), 1);
    }
    for (uint64_t i = 0; i < 200; i += 2) { /* remove half: the other half still answers yes */
        size_t len = key_of(key, i);
        assert_int_equal(amq_blocked_quotient_remove(c, key, len), AMQ_OK);
    }
    for (uint64_t i = 1; i < 200; i += 2) {
        size_t len = key_of(key, i);
        assert_int_equal(amq_blocked_quotient_query(c, key, len), 1);
    }
    assert_int_equal(amq_blocked_quotient_count(c), 100);
    assert_int_equal(amq_blocked_quotient_remove(c, NULL, 1), AMQ_E_INVALID_ARG);
    amq_blocked_quotient_free(d);
    amq_blocked_quotient_free(c);
    amq_blocked_quotient_free(b);
}

/* create_for: sizes as the spec's sizing, achieved <= fpr, and the measured FP rate
 * of real hashing close to the certified rate. */
static void create_for(void **state)
{
    (void)state;
    char key[32];
    const uint64_t n = 20000;
    const double fpr = 0.01;
    for (size_t t = 0; t < NSTRUCT; t++) {
        const structure *S = &structures[t];
        void *b = NULL;
        double achieved = 1.0;
        assert_int_equal(S->create_for(&b, n, fpr, &achieved), AMQ_OK);
        assert_true(achieved <= fpr && achieved > fpr / 2);
        uint64_t blocks = 0, k = 0, m = 0, nb = 0, kk = 0;
        if (t == SPLIT_BLOCK_ROW) {
            assert_int_equal(amq_split_block_size_for(n, fpr, &blocks, NULL), AMQ_OK);
            assert_int_equal(amq_split_block_nblocks(b), blocks);
            nb = blocks, kk = 8;
        } else if (t == QUOTIENT_ROW) {
            uint64_t p = 0;
            assert_int_equal(amq_blocked_quotient_size_for(n, fpr, 48, &blocks, &p, NULL), AMQ_OK);
            assert_int_equal(amq_blocked_quotient_nblocks(b), blocks);
            assert_int_equal(amq_blocked_quotient_q(b) + amq_blocked_quotient_r(b), p < 7 ? 7 : p);
            nb = blocks, kk = 1;
        } else if (t == PARTITIONED_ROW) {
            assert_int_equal(amq_partitioned_size_for(n, fpr, &m, &k, NULL), AMQ_OK);
            assert_int_equal(amq_partitioned_m(b), m);
            assert_int_equal(amq_partitioned_k(b), k);
            nb = k, kk = k;
        } else if (t == BLOCKED_BLOOM_ROW) {
            assert_int_equal(amq_blocked_bloom_block_bits(b), AMQ_BLOCKED_BLOOM_BLOCK_BITS);
            assert_int_equal(amq_blocked_bloom_size_for(n, fpr, AMQ_BLOCKED_BLOOM_BLOCK_BITS, &blocks, &k, NULL),
                             AMQ_OK);
            assert_int_equal(amq_blocked_bloom_nblocks(b), blocks);
            assert_int_equal(amq_blocked_bloom_k(b), k);
            nb = blocks, kk = k;
        } else { /* counting blocked: one cache line of counters per block */
            assert_int_equal(amq_counting_blocked_block_counters(b), AMQ_COUNTING_BLOCKED_LINE_COUNTERS(S->width));
            assert_int_equal(amq_blocked_bloom_size_for(n, fpr, amq_counting_blocked_block_counters(b), &blocks, &k,
                                                        NULL),
                             AMQ_OK);
            assert_int_equal(amq_counting_blocked_nblocks(b), blocks);
            assert_int_equal(amq_counting_blocked_k(b), k);
            nb = blocks, kk = k;
        }
        for (uint64_t i = 0; i < n; i++)
            assert_int_equal(S->add(b, key, key_of(key, i)), AMQ_OK);
        uint64_t fp = 0, q = 200000;
        for (uint64_t i = 0; i < q; i++)
            fp += (uint64_t)S->query(b, key, key_of(key, n + 1 + i));
        double rate = (double)fp / (double)q;
        print_message("%s%s: %llu blocks, k %llu, certified %.5f, measured %.5f\n", S->name,
                      S->width == 4 ? "/4" : S->width == 8 ? "/8" : "", (unsigned long long)nb,
                      (unsigned long long)kk, achieved, rate);
        /* one filter, many queries: not a binomial test (the queries share the filter);
         * the statistical checks are in test_check_blocked.c. */
        assert_true(rate < 1.3 * fpr && rate > 0.5 * achieved);
        S->free(b);
    }
    amq_split_block *sb = (amq_split_block *)0x1;
    amq_blocked_bloom *bb = (amq_blocked_bloom *)0x1;
    amq_counting_blocked *cb = (amq_counting_blocked *)0x1;
    double achieved = 7.0;
    assert_int_equal(amq_split_block_create_for(&sb, 0, 0.01, 0, &achieved), AMQ_E_INVALID_N);
    assert_int_equal(amq_blocked_bloom_create_for(&bb, 10, 1.5, AMQ_HASH_ENHANCED, 0, &achieved), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_counting_blocked_create_for(&cb, 10, 0.1, 3, AMQ_HASH_ENHANCED, 0, &achieved),
                     AMQ_E_INVALID_ARG);
    assert_int_equal(amq_blocked_bloom_create_for(&bb, 10, 0.1, (amq_hash_strategy)9, 0, &achieved),
                     AMQ_E_INVALID_ARG);
    assert_ptr_equal(sb, (amq_split_block *)0x1);
    assert_ptr_equal(bb, (amq_blocked_bloom *)0x1);
    assert_ptr_equal(cb, (amq_counting_blocked *)0x1);
    assert_true(achieved == 7.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parameters),
        cmocka_unit_test(no_false_negatives),
        cmocka_unit_test(batch_large_k),
        cmocka_unit_test(keys_stay_in_their_block),
        cmocka_unit_test(estimate),
        cmocka_unit_test(counting_remove),
        cmocka_unit_test(quotient_blocks),
        cmocka_unit_test(create_for),
    };
    return cmocka_run_group_tests(tests, tmp_dir_group_setup, tmp_dir_group_teardown);
}
