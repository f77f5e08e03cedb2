/* ns per add and per query, n = 1e6 and 1e8 keys at 10 bits/key, each strategy. */
#include "bench.h"
#include <amq/bloom.h>
#include <stdio.h>
#include <stdlib.h>

static void run(uint64_t n, amq_hash_strategy s)
{
    amq_bloom *bf;
    const uint64_t m = 10 * n, k = 7; /* 10 bits/key, k = round(10 ln 2) */
    if (amq_bloom_create(&bf, m, k, s, 1) != AMQ_OK) {
        printf("  %-11s n=%-10llu  skipped: %s\n", amq_hash_name(s), (unsigned long long)n,
               amq_last_error());
        return;
    }
    double t0 = bench_now();
    for (uint64_t i = 0; i < n; i++)
        amq_bloom_add(bf, &i, sizeof i);
    double t1 = bench_now();
    uint64_t hits = 0;
    for (uint64_t i = 0; i < n; i++) /* half present, half absent keys */
        hits += (uint64_t)amq_bloom_query(bf, &(uint64_t){i * 2}, sizeof i);
    double t2 = bench_now();
    printf("  %-11s n=%-10llu  add %7.1f ns   query %7.1f ns   (hits %llu)\n", amq_hash_name(s),
           (unsigned long long)n, 1e9 * (t1 - t0) / (double)n, 1e9 * (t2 - t1) / (double)n,
           (unsigned long long)hits);
    amq_bloom_free(bf);
}

void bench_bloom(void)
{
    printf("Bloom filter, 10 bits/key, k = 7 (keys: 8-byte integers)\n");
    const uint64_t ns[] = {1000000, 100000000};
    int quick = getenv("AMQ_BENCH_QUICK") != NULL;
    for (int t = 0; t < (quick ? 1 : 2); t++)
        for (int s = AMQ_HASH_INDEPENDENT; s <= AMQ_HASH_ENHANCED; s++)
            run(ns[t], (amq_hash_strategy)s);
    printf("\n");
}
