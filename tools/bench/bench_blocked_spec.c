/* Timings of the blocked-AMQ rates (spec/blocked_*.c): the binomial mixture at n = 1e8
 * by the windowed sum and by the closed form, exact rationals, and sizing. Figures only. */
#include "bench.h"
#include <stdint.h>
#include <amq/spec_blocked.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void bench_blocked_spec(void);

static amq_status window_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params)
{
    const amq_blocked_params *p = params;
    return amq_blocked_fp_enclose_window(lo, hi, prec, p->inner, p->b, p->n);
}

static amq_status pgf_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params)
{
    const amq_blocked_params *p = params;
    return amq_blocked_fp_enclose_pgf(lo, hi, prec, p->inner, p->b, p->n);
}

/* Mean time of a 17-digit certified decimal through `cb` (at least 5 calls and 0.3 s). */
static void time_decimal(const char *label, amq_enclose_fn cb, const amq_blocked_params *pp)
{
    char *s = NULL;
    int reps = 0;
    amq_status st = AMQ_OK;
    double t0 = bench_now(), t1 = t0;
    while (!st && (reps < 5 || t1 - t0 < 0.3)) {
        free(s);
        s = NULL;
        st = amq_certified_decimal(&s, cb, pp, 17, NULL, NULL);
        reps++;
        t1 = bench_now();
    }
    if (st)
        printf("  %-46s failed: %s\n", label, amq_last_error());
    else
        printf("  %-46s %9.3f ms   %s\n", label, 1e3 * (t1 - t0) / reps, s);
    free(s);
}

void bench_blocked_spec(void)
{
    printf("Blocked AMQ rates (binomial mixture, Ceramist Theorem 10)\n");
    const uint64_t n = 100000000;
    amq_inner_partitioned_params sp = {256, 8};
    amq_inner_rate split = amq_inner_rate_partitioned(&sp);
    amq_inner_bloom_params bp = {512, 8};
    amq_inner_rate bloom = amq_inner_rate_bloom(&bp);
    amq_blocked_params p1 = {&split, 1000000000 / 256, n}, p2 = {&bloom, 1000000000 / 512, n};

    /* 1. the target: m = 1e9 bits, n = 1e8, 17 correct digits */
    time_decimal("split-block m=1e9 n=1e8, window", window_cb, &p1);
    time_decimal("split-block m=1e9 n=1e8, closed form", pgf_cb, &p1);
    time_decimal("blocked Bloom 512b k=8 m=1e9 n=1e8, window", window_cb, &p2);
    time_decimal("blocked Bloom 512b k=8 m=1e9 n=1e8, closed form", pgf_cb, &p2);
    {
        char *s = NULL;
        double t0 = bench_now();
        amq_status st = amq_split_block_fp_decimal(&s, 1000000000, n, 17, NULL, NULL);
        double t1 = bench_now();
        if (st)
            printf("  split_block_fp_decimal failed: %s\n", amq_last_error());
        else
            printf("  %-46s %9.3f ms   %s (public entry point, one call)\n", "amq_split_block_fp_decimal", 1e3 * (t1 - t0),
                   s);
        free(s);
    }

    /* 2. exact rationals by the closed form */
    {
        mpq_t q;
        mpq_init(q);
        const uint64_t ns[] = {10000, 100000, 1000000};
        for (size_t i = 0; i < 3; i++) {
            uint64_t blocks = (uint64_t)ceil(10.5 * (double)ns[i] / 256.0);
            double t0 = bench_now();
            amq_status st = amq_split_block_fp_exact(q, blocks * 256, ns[i]);
            double t1 = bench_now();
            if (st)
                printf("  split exact n=%-8llu failed: %s\n", (unsigned long long)ns[i], amq_last_error());
            else
                printf("  split exact n=%-8llu %5llu blocks            %9.3f ms   den %zu bits (reduced)\n",
                       (unsigned long long)ns[i], (unsigned long long)blocks, 1e3 * (t1 - t0),
                       mpz_sizeinbase(mpq_denref(q), 2));
        }
        double t0 = bench_now();
        amq_status st = amq_blocked_fp_exact_sum(q, &split, 1000, 2000);
        double t1 = bench_now();
        if (!st)
            printf("  literal sum (Theorem 10) b=1000 n=2000        %9.3f ms   den %zu bits\n", 1e3 * (t1 - t0),
                   mpz_sizeinbase(mpq_denref(q), 2));
        mpq_clear(q);
    }

    /* 3. sizing at n = 1e6 */
    {
        const double fprs[] = {1e-2, 1e-3, 1e-4};
        for (size_t i = 0; i < 3; i++) {
            uint64_t b, k, m, pp;
            double a, t0 = bench_now(), t1, t2, t3, t4;
            amq_status s1 = amq_split_block_size_for(1000000, fprs[i], &b, &a);
            t1 = bench_now();
            double classic = amq_split_block_bits_per_key_classic(fprs[i]);
            if (!s1)
                printf("  size split-block  fpr %-6g %9.3f ms   %llu blocks = %.3f bits/key (formula: %.3f)\n",
                       fprs[i], 1e3 * (t1 - t0), (unsigned long long)b, 256.0 * (double)b / 1e6, classic);
            amq_status s2 = amq_blocked_bloom_size_for(1000000, fprs[i], 512, &b, &k, &a);
            t2 = bench_now();
            if (!s2)
                printf("  size blocked 512b fpr %-6g %9.3f ms   %llu blocks, k = %llu = %.3f bits/key\n", fprs[i],
                       1e3 * (t2 - t1), (unsigned long long)b, (unsigned long long)k, 512.0 * (double)b / 1e6);
            amq_status s3 = amq_partitioned_size_for(1000000, fprs[i], &m, &k, &a);
            t3 = bench_now();
            if (!s3)
                printf("  size partitioned  fpr %-6g %9.3f ms   m = %llu, k = %llu = %.3f bits/key\n", fprs[i],
                       1e3 * (t3 - t2), (unsigned long long)m, (unsigned long long)k, (double)m / 1e6);
            amq_status s4 = amq_blocked_quotient_size_for(1000000, fprs[i], 64, &b, &pp, &a);
            t4 = bench_now();
            if (!s4)
                printf("  size blocked QF   fpr %-6g %9.3f ms   %llu blocks (64 keys each), p = %llu\n", fprs[i],
                       1e3 * (t4 - t3), (unsigned long long)b, (unsigned long long)pp);
            if (s1 || s2 || s3 || s4)
                printf("  sizing at fpr %g failed: %s\n", fprs[i], amq_last_error());
        }
    }
    printf("\n");
}
