/* Blocked filters out of cache: query throughput of blocked Bloom (512-bit blocks) and
 * split-block (Parquet), and of partitioned Bloom (not blocked: k words per query, its batch the
 * proved one), against a standard Bloom filter of the same memory, at n = 1e8
 * keys and 10 bits/key (AMQ_BENCH_QUICK=1: n = 1e6, which fits in cache), negative and
 * positive queries, one at a time and batched with prefetch; beside them a raw random
 * 64-byte gather over the same memory (batched with prefetch): the physical floor of
 * one cache line per query, and the ratio to it.  Figures only; nothing here asserts. */
#include "bench.h"
#include <amq/blocked_bloom.h>
#include <amq/split_block.h>
#include <amq/partitioned.h>
#include <lib_internal/bloom_state.h>
#include <amq/bloom.h>
#include <lib_internal/bloom_kernel.h>
#include <amq/hash.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCH 16u

/* Queries per measurement (enough for a stable figure; the filter is far larger). */
static uint64_t nqueries(uint64_t n) { return n < 10000000 ? n : 10000000; }

/* Key i of a run: 8-byte little-endian integers; positives are keys < n, negatives >= n. */
static void key_of(uint64_t i, unsigned char key[8])
{
    for (int b = 0; b < 8; b++)
        key[b] = (unsigned char)(i >> (8 * b));
}

/* Query keys, spread over the key space with an odd multiplier (a permutation mod 2^64). */
static uint64_t query_key(uint64_t j, uint64_t n, int positive)
{
    uint64_t r = j * UINT64_C(0x9E3779B97F4A7C15);
    return positive ? r % n : n + r % (UINT64_C(1) << 62);
}

/* ---- standard Bloom: one query at a time, and batched (hash all, prefetch every word, query) ---- */

static double bloom_single(const amq_bloom *bf, uint64_t n, int positive, uint64_t *hits)
{
    const uint64_t q = nqueries(n);
    unsigned char key[8];
    uint64_t h = 0;
    double t0 = bench_now();
    for (uint64_t j = 0; j < q; j++) {
        key_of(query_key(j, n, positive), key);
        h += (uint64_t)amq_bloom_query(bf, key, sizeof key);
    }
    *hits = h;
    return 1e9 * (bench_now() - t0) / (double)q;
}

static double bloom_batched(const amq_bloom *bf, uint64_t n, int positive, uint64_t *hits)
{
    const uint64_t q = nqueries(n), m = amq_bloom_m(bf), k = amq_bloom_k(bf) < 16 ? amq_bloom_k(bf) : 16;
    const uint64_t *bits = amq_bloom_bits(bf);
    uint64_t idx[BATCH][16]; /* k <= 16 here (k = 7) */
    unsigned char key[8];
    uint64_t h = 0;
    double t0 = bench_now();
    for (uint64_t base = 0; base < q; base += BATCH) {
        const uint64_t cnt = q - base < BATCH ? q - base : BATCH;
        for (uint64_t i = 0; i < cnt; i++) {
            key_of(query_key(base + i, n, positive), key);
            amq_hash_indices(amq_bloom_strategy(bf), amq_bloom_seed(bf), key, sizeof key, m, idx[i], (size_t)k);
            for (uint64_t t = 0; t < k; t++)
                __builtin_prefetch(bits + idx[i][t] / 64u, 0, 0);
        }
        for (uint64_t i = 0; i < cnt; i++)
            h += (uint64_t)amq_bloom_kernel_query(bits, m, idx[i], (size_t)k);
    }
    *hits = h;
    return 1e9 * (bench_now() - t0) / (double)q;
}

static void row(const char *what, double single_neg, double batch_neg, double single_pos, double batch_pos,
                double floor_ns, double fp)
{
    printf("  %-24s neg %6.1f ns  batched %6.1f ns | pos %6.1f ns  batched %6.1f ns | "
           "batched neg / floor %5.2f  FP %.4f\n",
           what, single_neg, batch_neg, single_pos, batch_pos, batch_neg / floor_ns, fp);
}

/* ---- blocked: one at a time, and the structure's query_batch ---- */

typedef struct blocked_ops {
    amq_status (*add)(void *f, const void *key, size_t len);
    int (*query)(const void *f, const void *key, size_t len);
    void (*batch)(const void *f, const void *const *keys, const size_t *lens, size_t count, int *results);
} blocked_ops;

static amq_status bbloom_add(void *f, const void *key, size_t len) { return amq_blocked_bloom_add(f, key, len); }
static int bbloom_query(const void *f, const void *key, size_t len) { return amq_blocked_bloom_query(f, key, len); }
static void bbloom_batch(const void *f, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    amq_blocked_bloom_query_batch(f, keys, lens, count, results);
}
static amq_status split_add(void *f, const void *key, size_t len) { return amq_split_block_add(f, key, len); }
static int split_query(const void *f, const void *key, size_t len) { return amq_split_block_query(f, key, len); }
static void split_batch(const void *f, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    amq_split_block_query_batch(f, keys, lens, count, results);
}

static amq_status part_add(void *f, const void *key, size_t len) { return amq_partitioned_add(f, key, len); }
static int part_query(const void *f, const void *key, size_t len) { return amq_partitioned_query(f, key, len); }
static void part_batch(const void *f, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    amq_partitioned_query_batch(f, keys, lens, count, results);
}

static double blocked_single(const blocked_ops *ops, const void *b, uint64_t n, int positive, uint64_t *hits)
{
    const uint64_t q = nqueries(n);
    unsigned char key[8];
    uint64_t h = 0;
    double t0 = bench_now();
    for (uint64_t j = 0; j < q; j++) {
        key_of(query_key(j, n, positive), key);
        h += (uint64_t)ops->query(b, key, sizeof key);
    }
    *hits = h;
    return 1e9 * (bench_now() - t0) / (double)q;
}

static double blocked_batched(const blocked_ops *ops, const void *b, uint64_t n, int positive, uint64_t *hits)
{
    const uint64_t q = nqueries(n);
    unsigned char keys[BATCH][8];
    const void *kp[BATCH];
    size_t lens[BATCH];
    int res[BATCH];
    uint64_t h = 0;
    for (unsigned i = 0; i < BATCH; i++) {
        kp[i] = keys[i];
        lens[i] = 8;
    }
    double t0 = bench_now();
    for (uint64_t base = 0; base < q; base += BATCH) {
        const uint64_t cnt = q - base < BATCH ? q - base : BATCH;
        for (uint64_t i = 0; i < cnt; i++)
            key_of(query_key(base + i, n, positive), keys[i]);
        ops->batch(b, kp, lens, (size_t)cnt, res);
        for (uint64_t i = 0; i < cnt; i++)
            h += (uint64_t)res[i];
    }
    *hits = h;
    return 1e9 * (bench_now() - t0) / (double)q;
}

/* The four figures of one blocked filter holding keys 0 .. n-1. */
static void blocked_row(const char *what, const blocked_ops *ops, const void *b, uint64_t n, double floor_ns)
{
    uint64_t hits;
    double sn = blocked_single(ops, b, n, 0, &hits);
    double fp = (double)hits / (double)nqueries(n);
    double bn = blocked_batched(ops, b, n, 0, &hits);
    double sp = blocked_single(ops, b, n, 1, &hits);
    double bp = blocked_batched(ops, b, n, 1, &hits);
    row(what, sn, bn, sp, bp, floor_ns, fp);
}

/* Add the n keys to the filter b, then its row. */
static void blocked_fill_row(const char *what, const blocked_ops *ops, void *b, uint64_t n, double floor_ns)
{
    unsigned char key[8];
    for (uint64_t i = 0; i < n; i++) {
        key_of(i, key);
        ops->add(b, key, sizeof key);
    }
    blocked_row(what, ops, b, n, floor_ns);
}

/* ---- the physical floor: random 64-byte lines of a buffer of `bytes`, batched with prefetch ---- */

static double gather(uint64_t bytes, uint64_t q, uint64_t *sink)
{
    const uint64_t lines = bytes / 64 ? bytes / 64 : 1;
    uint64_t *mem = NULL;
    if (posix_memalign((void **)&mem, 64, (size_t)lines * 64) != 0)
        return -1.0;
    for (uint64_t i = 0; i < lines * 8; i++)
        mem[i] = i;
    uint64_t s = 0, x = UINT64_C(0x243F6A8885A308D3), line[BATCH];
    double t0 = bench_now();
    for (uint64_t base = 0; base < q; base += BATCH) {
        for (unsigned i = 0; i < BATCH; i++) {
            x ^= x << 13; /* xorshift64: a random line per query */
            x ^= x >> 7;
            x ^= x << 17;
            line[i] = amq_reduce(x, lines);
            __builtin_prefetch(mem + 8 * line[i], 0, 0);
        }
        for (unsigned i = 0; i < BATCH; i++)
            s += mem[8 * line[i]];
    }
    double ns = 1e9 * (bench_now() - t0) / (double)q;
    *sink = s;
    free(mem);
    return ns;
}

void bench_blocked(void)
{
    const int quick = getenv("AMQ_BENCH_QUICK") != NULL;
    const uint64_t n = quick ? 1000000 : 100000000, m = 10 * n; /* 10 bits/key */
    printf("Blocked filters vs standard Bloom, n = %llu keys, 10 bits/key (%.0f MB each), %llu queries "
           "per figure,\nbatches of %u with prefetch (keys: 8-byte integers)\n",
           (unsigned long long)n, (double)m / 8e6, (unsigned long long)nqueries(n), BATCH);
    uint64_t sink = 0, hits;
    const double floor_ns = gather(m / 8, 4 * nqueries(n), &sink);
    printf("  %-24s %6.1f ns per random 64-byte line (batched, prefetched; the physical floor)\n",
           "random line gather", floor_ns);
    unsigned char key[8];

    /* standard Bloom, k = 7 */
    amq_bloom *bf;
    if (amq_bloom_create(&bf, m, 7, AMQ_HASH_ENHANCED, 1) == AMQ_OK) {
        for (uint64_t i = 0; i < n; i++) {
            key_of(i, key);
            amq_bloom_add(bf, key, sizeof key);
        }
        double sn = bloom_single(bf, n, 0, &hits);
        double fp = (double)hits / (double)nqueries(n);
        double bn = bloom_batched(bf, n, 0, &hits);
        double sp = bloom_single(bf, n, 1, &hits);
        double bp = bloom_batched(bf, n, 1, &hits);
        row("Bloom, k = 7", sn, bn, sp, bp, floor_ns, fp);
        amq_bloom_free(bf);
    } else
        printf("  Bloom: skipped: %s\n", amq_last_error());

    /* blocked Bloom (512-bit blocks) and split-block (256-bit, Parquet), same memory */
    amq_blocked_bloom *bb;
    if (amq_blocked_bloom_create(&bb, m / 512, AMQ_BLOCKED_BLOOM_BLOCK_BITS, 7, AMQ_HASH_ENHANCED, 1) == AMQ_OK) {
        const blocked_ops ops = {bbloom_add, bbloom_query, bbloom_batch};
        blocked_fill_row("blocked Bloom 512, k = 7", &ops, bb, n, floor_ns);
        amq_blocked_bloom_free(bb);
    } else
        printf("  blocked Bloom: skipped: %s\n", amq_last_error());
    amq_split_block *sb;
    if (amq_split_block_create(&sb, m / 256, 0) == AMQ_OK) {
        const blocked_ops ops = {split_add, split_query, split_batch};
        blocked_fill_row("split-block (Parquet)", &ops, sb, n, floor_ns);
        amq_split_block_free(sb);
    } else
        printf("  split-block: skipped: %s\n", amq_last_error());
    /* partitioned Bloom, k = 7 (m rounded down to a multiple of k: equal partitions); its batch
     * is the proved amq_partitioned_key_query_batch */
    amq_partitioned *pb;
    if (amq_partitioned_create(&pb, m / 7 * 7, 7, AMQ_HASH_ENHANCED, 1) == AMQ_OK) {
        const blocked_ops ops = {part_add, part_query, part_batch};
        blocked_fill_row("partitioned, k = 7", &ops, pb, n, floor_ns);
        amq_partitioned_free(pb);
    } else
        printf("  partitioned: skipped: %s\n", amq_last_error());
    printf("  (sink %llu)\n\n", (unsigned long long)(sink & 1));
}
