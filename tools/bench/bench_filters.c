/* Every structure of the registry through the generic interface (amq/filter.h): sized for n
 * keys at 1% FP, ns per add, per positive and per negative query, per remove where the
 * structure has one, bits per key, and the FP
 * rate seen on the negatives against the certified target.  16-byte keys.  Figures only:
 * nothing here asserts. */
#include "bench.h"
#include <amq/filter.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void key16(uint8_t key[16], uint64_t i, uint64_t salt)
{
    memcpy(key, &i, 8);
    memcpy(key + 8, &salt, 8);
}

static void run(const amq_structure *s, uint64_t n)
{
    amq_filter *f;
    double achieved = 0;
    if (amq_filter_create_for(&f, s, n, 0.01, NULL, &achieved) != AMQ_OK) {
        printf("  %-17s n=%-10llu skipped: %s\n", amq_structure_name(s), (unsigned long long)n, amq_last_error());
        return;
    }
    uint8_t key[16];
    uint64_t refused = 0, hits = 0, fps = 0;
    const double t0 = bench_now();
    for (uint64_t i = 0; i < n; i++) {
        key16(key, i, 0x5eed);
        refused += amq_filter_add(f, key, sizeof key) != AMQ_OK;
    }
    const double t1 = bench_now();
    for (uint64_t i = 0; i < n; i++) {
        key16(key, i, 0x5eed);
        hits += (uint64_t)amq_filter_query(f, key, sizeof key);
    }
    const double t2 = bench_now();
    for (uint64_t i = 0; i < n; i++) {
        key16(key, i, 0xf7e5);
        fps += (uint64_t)amq_filter_query(f, key, sizeof key);
    }
    const double t3 = bench_now();
    char rm[32] = "";
    if (amq_structure_can_remove(s)) {
        for (uint64_t i = 0; i < n; i++) {
            key16(key, i, 0x5eed);
            refused += amq_filter_remove(f, key, sizeof key) != AMQ_OK;
        }
        snprintf(rm, sizeof rm, "  remove %6.1f", 1e9 * (bench_now() - t3) / (double)n);
    }
    printf("  %-17s n=%-10llu add %6.1f  pos %6.1f  neg %6.1f%s ns   %5.2f bits/key   FP %.5f (<= %.5f)%s\n",
           amq_structure_name(s), (unsigned long long)n, 1e9 * (t1 - t0) / (double)n, 1e9 * (t2 - t1) / (double)n,
           1e9 * (t3 - t2) / (double)n, rm, 8.0 * (double)amq_filter_memory(f) / (double)n, (double)fps / (double)n,
           achieved, refused || hits != n ? "  (REFUSED OPERATIONS OR FALSE NEGATIVES)" : "");
    amq_filter_free(f);
}

void bench_filters(void)
{
    printf("Every structure of the registry, sized for n keys at 1%% FP (16-byte keys)\n");
    const uint64_t ns[] = {1000000, 100000000};
    const int quick = getenv("AMQ_BENCH_QUICK") != NULL;
    for (int t = 0; t < (quick ? 1 : 2); t++)
        for (size_t i = 0; i < amq_structure_count(); i++)
            run(amq_structure_at(i), ns[t]);
    printf("\n");
}
