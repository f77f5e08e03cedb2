/* Counting Bloom filter: ns per add, query and remove at n = 1e6, 10 counters/key. */
#include "bench.h"
#include <amq/counting.h>
#include <stdio.h>

void bench_counting(void)
{
    const uint64_t n = 1000000, m = 10 * n, k = 7;
    printf("Counting Bloom filter, n = 1e6, 10 counters/key, k = 7, enhanced double hashing\n");
    for (unsigned w = 4; w <= 8; w += 4) {
        amq_counting *cf;
        if (amq_counting_create(&cf, m, k, w, AMQ_HASH_ENHANCED, 1) != AMQ_OK) {
            printf("  width %u: skipped: %s\n", w, amq_last_error());
            continue;
        }
        double t0 = bench_now();
        for (uint64_t i = 0; i < n; i++)
            amq_counting_add(cf, &i, sizeof i);
        double t1 = bench_now();
        uint64_t hits = 0;
        for (uint64_t i = 0; i < n; i++)
            hits += (uint64_t)amq_counting_query(cf, &(uint64_t){i * 2}, sizeof i);
        double t2 = bench_now();
        uint64_t refused = 0;
        for (uint64_t i = 0; i < n; i++)
            refused += amq_counting_remove(cf, &i, sizeof i) != AMQ_OK;
        double t3 = bench_now();
        printf("  %u-bit counters  add %6.1f ns   query %6.1f ns   remove %6.1f ns   (hits %llu, refused %llu)\n",
               w, 1e9 * (t1 - t0) / (double)n, 1e9 * (t2 - t1) / (double)n, 1e9 * (t3 - t2) / (double)n,
               (unsigned long long)hits, (unsigned long long)refused);
        amq_counting_free(cf);
    }
    printf("\n");
}
