/* Every structure of the registry through the generic interface (amq/filter.h): sized for n
 * keys at 1% FP, ns per add, per positive and per negative query, per remove where the
 * structure has one, bits per key, and the FP rate seen on the n negatives beside the
 * certified bound on the exact rate and the standard deviation of a rate measured on n keys
 * at that bound (sqrt(p (1 - p) / n), a double: an approximation, for reading the figure; a
 * measured rate a little above the bound is sampling noise, not a broken bound).  16-byte
 * keys.  Figures only: nothing here asserts. */
#include "bench.h"
#include <amq/filter.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void run(const amq_structure *s, uint64_t n)
{
    amq_filter *f;
    double achieved = 0;
    if (amq_filter_create_for(&f, s, n, 0.01, NULL, &achieved) != AMQ_OK) {
        printf("  %-17s n=%-10llu skipped: %s\n", amq_structure_name(s), (unsigned long long)n, amq_last_error());
        return;
    }
    const bench_timing t = bench_run_ops(f, n, amq_structure_can_remove(s));
    char rm[32] = "";
    if (t.del >= 0)
        snprintf(rm, sizeof rm, "  remove %6.1f", t.del);
    const double sd = sqrt(achieved * (1.0 - achieved) / (double)n);
    printf("  %-17s n=%-10llu add %6.1f  pos %6.1f  neg %6.1f%s ns   %5.2f bits/key   FP %.5f (bound %.5f, sd %.5f)%s\n",
           amq_structure_name(s), (unsigned long long)n, t.add, t.pos, t.neg, rm,
           8.0 * (double)amq_filter_memory(f) / (double)n, (double)t.fps / (double)n, achieved, sd,
           t.fails ? "  (REFUSED OPERATIONS OR FALSE NEGATIVES)" : "");
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
