/* The sliding-window Bloom filter against the blocked Bloom filter (512-bit blocks) given
 * the same bits per key (issue 14): ns per add, per positive and negative query, per
 * delete where the structure has one, at n = 1e6 and 1e8 (AMQ_BENCH_QUICK=1: 1e6 only).
 * The window holds the last W = n keys (g = 4 generations, its memory counted over W).
 * A structure added later (the cuckoo filter) is one more name in the list below.
 * 16-byte keys; figures only, nothing asserts. */
#include "bench.h"
#include <amq/filter.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_row(const char *name, uint64_t n, double bpk, bench_timing t)
{
    char del[32] = "      -";
    if (t.del >= 0)
        snprintf(del, sizeof del, "%7.1f", t.del);
    printf("  %-32s n=%-10llu %6.2f bits/key  add %7.1f  pos %7.1f  neg %7.1f  delete %s ns%s\n", name,
           (unsigned long long)n, bpk, t.add, t.pos, t.neg, del, t.fails ? "  (FAILED OPERATIONS)" : "");
}

/* A blocked Bloom filter of 512-bit blocks with `bits` bits in all and the k that is best
 * for bits / n bits per key (k = round(ln 2 * bits per key), 1 .. 16). */
static void run_blocked(uint64_t bits, uint64_t n, const bench_timing *other)
{
    const amq_structure *s = amq_structure_find("blocked-bloom");
    amq_params p;
    amq_params_init(&p, s);
    const double bpk = (double)bits / (double)n;
    double kd = floor(bpk * 0.6931471805599453 + 0.5);
    kd = kd < 1 ? 1 : kd > 16 ? 16 : kd;
    amq_filter *f;
    if (amq_params_set(&p, s, "blocks", (bits + 511) / 512) != AMQ_OK ||
        amq_params_set(&p, s, "k", (uint64_t)kd) != AMQ_OK || amq_filter_create(&f, s, &p) != AMQ_OK) {
        printf("  blocked-bloom skipped: %s\n", amq_last_error());
        return;
    }
    bench_timing t = bench_run_ops(f, n, 0);
    char name[64];
    snprintf(name, sizeof name, "blocked-bloom (same bits, k=%d)", (int)kd);
    print_row(name, n, 8.0 * (double)amq_filter_memory(f) / (double)n, t);
    printf("  %-32s add %.2fx  pos %.2fx  neg %.2fx  (blocked-bloom time / its time)\n", "", t.add / other->add,
           t.pos / other->pos, t.neg / other->neg);
    amq_filter_free(f);
}

static void run_structure(const char *name, uint64_t n)
{
    const amq_structure *s = amq_structure_find(name);
    if (!s) {
        printf("  %s: not in this build's registry\n", name);
        return;
    }
    amq_filter *f;
    if (amq_filter_create_for(&f, s, n, 0.01, NULL, NULL) != AMQ_OK) {
        printf("  %s skipped: %s\n", name, amq_last_error());
        return;
    }
    const uint64_t bits = 8 * amq_filter_memory(f);
    bench_timing t = bench_run_ops(f, n, amq_structure_can_remove(s));
    print_row(name, n, (double)bits / (double)n, t);
    amq_filter_free(f);
    run_blocked(bits, n, &t);
}

void bench_same_bits(void)
{
    printf("The sliding-window Bloom filter against a blocked Bloom filter of the same bits per key\n");
    const uint64_t ns[] = {1000000, 100000000};
    const int quick = getenv("AMQ_BENCH_QUICK") != NULL;
    for (int t = 0; t < (quick ? 1 : 2); t++) {
        run_structure("sliding-bloom", ns[t]);
    }
    printf("\n");
}
