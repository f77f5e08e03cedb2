/* The cuckoo filter at 95% load against the Bloom and the blocked Bloom filter sized for the
 * same false-positive rate (issue 23): bits per key against the goal f / 0.95 + 0.5, ns per
 * add, positive and negative query and remove, at n = 1e6 and 1e8 (AMQ_BENCH_QUICK=1: 1e6
 * only).  b = 4 slots of f = 10 bits; nb = ceil(n / (0.95 b)) buckets, so the n keys fill
 * 95% of the slots.  The Bloom filters are sized by amq_filter_create_for for the cuckoo
 * filter's certified rate at n keys.  Figures only: nothing asserts. */
#include "bench.h"
#include <amq/filter.h>
#include <amq/filter_rate.h>
#include <stdio.h>
#include <stdlib.h>

#define CK_B 4
#define CK_F 10

static void print_row(const char *name, uint64_t n, const amq_filter *f, bench_timing t, const char *note)
{
    char del[32] = "      -";
    if (t.del >= 0)
        snprintf(del, sizeof del, "%7.1f", t.del);
    printf("  %-14s n=%-10llu %6.2f bits/key  add %7.1f  pos %7.1f  neg %7.1f  remove %s ns  FP %.5f%s%s\n", name,
           (unsigned long long)n, 8.0 * (double)amq_filter_memory(f) / (double)n, t.add, t.pos, t.neg, del,
           (double)t.fps / (double)n, note, t.fails ? "  (FAILED OPERATIONS)" : "");
}

/* A Bloom-family structure sized for the rate fpr at n keys, timed against the cuckoo's. */
static void run_peer(const char *name, uint64_t n, double fpr, const bench_timing *ck)
{
    const amq_structure *s = amq_structure_find(name);
    amq_filter *f;
    if (!s || amq_filter_create_for(&f, s, n, fpr, NULL, NULL) != AMQ_OK) {
        printf("  %s skipped: %s\n", name, s ? amq_last_error() : "not in the registry");
        return;
    }
    const bench_timing t = bench_run_ops(f, n, amq_structure_can_remove(s));
    char note[96];
    snprintf(note, sizeof note, "   (time / cuckoo: add %.2fx pos %.2fx neg %.2fx)", t.add / ck->add, t.pos / ck->pos,
             t.neg / ck->neg);
    print_row(name, n, f, t, note);
    amq_filter_free(f);
}

static void run_size(uint64_t n)
{
    const amq_structure *s = amq_structure_find("cuckoo");
    amq_params p;
    amq_params_init(&p, s);
    const uint64_t nb = (uint64_t)((double)n / (0.95 * CK_B)) + 1;
    amq_filter *f;
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    if (!s || amq_params_set(&p, s, "nb", nb) != AMQ_OK || amq_params_set(&p, s, "b", CK_B) != AMQ_OK ||
        amq_params_set(&p, s, "f", CK_F) != AMQ_OK || amq_structure_fp_enclose(lo, hi, 64, s, &p, n) != AMQ_OK ||
        amq_filter_create(&f, s, &p) != AMQ_OK) {
        printf("  cuckoo skipped: %s\n", s ? amq_last_error() : "not in the registry");
        mpfr_clears(lo, hi, (mpfr_ptr)0);
        return;
    }
    const double fpr = mpfr_get_d(hi, MPFR_RNDU);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    const bench_timing t = bench_run_ops(f, n, 1);
    char note[96];
    snprintf(note, sizeof note, " (rate %.5f; goal <= %.2f bits/key)", fpr, CK_F / 0.95 + 0.5);
    print_row("cuckoo", n, f, t, note);
    amq_filter_free(f);
    run_peer("bloom", n, fpr, &t);
    run_peer("blocked-bloom", n, fpr, &t);
}

void bench_cuckoo(void)
{
    printf("The cuckoo filter (b = %d, f = %d) at 95%% load against Bloom filters at its rate\n", CK_B, CK_F);
    const uint64_t ns[] = {1000000, 100000000};
    const int quick = getenv("AMQ_BENCH_QUICK") != NULL;
    for (int i = 0; i < (quick ? 1 : 2); i++)
        run_size(ns[i]);
    printf("\n");
}
