/* Quotient filter: ns per insert and per query (positive and negative keys) at load factors
 * 0.5, 0.75 and 0.9 of 2^20 and 2^26 home slots (r = 8, default slack, 8-byte integer keys).
 * One filter per size is filled in stages, so the insert figure at a load is the mean over
 * the keys added since the previous load: the cost at that fill, not from empty.  Beside
 * the times, the measured FP rate of the negative queries and the exact rate at that count.
 * AMQ_BENCH_QUICK=1 skips 2^26 (about 600 MiB).  Then the memory goal (bench_quotient_memory.c).
 * Figures only; nothing here asserts. */
#include "bench.h"
#include <amq/quotient.h>
#include <lib_internal/quotient_check.h>
#include <amq/spec_quotient.h>
#include <stdio.h>
#include <stdlib.h>

#define GOLDEN UINT64_C(0x9E3779B97F4A7C15)

static uint64_t nqueries(uint64_t n) { return n < 4000000 ? n : 4000000; }

static double query_ns(const amq_quotient *f, uint64_t nq, uint64_t n, int positive, uint64_t *hits)
{
    uint64_t h = 0;
    double t0 = bench_now();
    for (uint64_t j = 0; j < nq; j++) {
        /* positives: inserted keys (< n) in scattered order; negatives: keys never inserted */
        const uint64_t key = positive ? (j * GOLDEN) % n : (UINT64_C(1) << 62) + j * GOLDEN % (UINT64_C(1) << 61);
        h += (uint64_t)amq_quotient_query(f, &key, sizeof key);
    }
    *hits = h;
    return 1e9 * (bench_now() - t0) / (double)nq;
}

static void run(uint64_t q)
{
    const uint64_t r = 8, home = UINT64_C(1) << q;
    amq_quotient *f;
    if (amq_quotient_create(&f, q, r, 1) != AMQ_OK) {
        printf("  2^%llu home slots: skipped: %s\n", (unsigned long long)q, amq_last_error());
        return;
    }
    amq_quotient_clear(f); /* touch every page now, so that page faults are not timed */
    printf("  2^%llu home slots + %llu slack, r = %llu (p = %llu), %.0f MiB\n", (unsigned long long)q,
           (unsigned long long)amq_quotient_slack(f), (unsigned long long)r, (unsigned long long)(q + r),
           9.0 * (double)amq_quotient_nslots(f) / 1048576.0);
    const double loads[] = {0.5, 0.75, 0.9};
    uint64_t added = 0, refused = 0;
    for (int s = 0; s < 3; s++) {
        const uint64_t target = (uint64_t)(loads[s] * (double)home);
        double t0 = bench_now();
        for (uint64_t i = added; i < target; i++)
            refused += amq_quotient_add(f, &i, sizeof i) != AMQ_OK;
        const double ins = 1e9 * (bench_now() - t0) / (double)(target - added);
        added = target;
        const uint64_t nq = nqueries(target);
        uint64_t pos, neg;
        const double tp = query_ns(f, nq, target, 1, &pos), tn = query_ns(f, nq, target, 0, &neg);
        char *exact = NULL;
        if (amq_quotient_fp_decimal(&exact, q + r, amq_quotient_count(f), 3, NULL, NULL) != AMQ_OK)
            exact = NULL;
        printf("    load %.2f  insert %6.1f ns  query+ %6.1f ns  query- %6.1f ns   (found %llu/%llu; FP %.5f, "
               "exact %s; refused adds %llu)\n", loads[s], ins, tp, tn, (unsigned long long)pos,
               (unsigned long long)nq, (double)neg / (double)nq, exact ? exact : "?", (unsigned long long)refused);
        free(exact);
    }
    amq_quotient_free(f);
}

void bench_quotient(void)
{
    printf("Quotient filter (Bender et al.; no wraparound, slack after the home slots)\n");
    run(20);
    if (getenv("AMQ_BENCH_QUICK"))
        printf("  2^26 home slots: skipped (AMQ_BENCH_QUICK=1)\n");
    else
        run(26);
    bench_quotient_memory();
    printf("\n");
}
