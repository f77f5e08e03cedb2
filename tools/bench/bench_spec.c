/* Timings of the Bloom filter probability specification (spec/bloom_*.c). */
#include "bench.h"
#include <amq/spec_bloom.h>
#include <stdio.h>
#include <stdlib.h>

static void report_fail(const char *what)
{
    printf("  %-44s failed: %s\n", what, amq_last_error());
}

void bench_spec(void)
{
    printf("Bloom FP specification (exact rationals, certified enclosures)\n");
    mpq_t q, q2;
    mpq_inits(q, q2, NULL);

    /* 1. full reduced rational at m = 2^20, k = 10, n = 1e5 */
    {
        const uint64_t m = UINT64_C(1) << 20, k = 10, n = 100000;
        double t0 = bench_now();
        amq_status st = amq_bloom_fp_exact(q, m, k, n);
        double t1 = bench_now();
        if (st)
            report_fail("fp_exact m=2^20 k=10 n=1e5");
        else
            printf("  fp_exact     m=2^20 k=10 n=1e5     %8.3f s   num %zu bits, den %zu bits (reduced)\n",
                   t1 - t0, mpz_sizeinbase(mpq_numref(q), 2), mpz_sizeinbase(mpq_denref(q), 2));
    }

    /* 2. enclosure at m = 2^40, k = 20, n = 2^34 to 53 correct bits (relative width <= 2^-53) */
    {
        const uint64_t m = UINT64_C(1) << 40, k = 20, n = UINT64_C(1) << 34;
        mpfr_t lo, hi;
        mpfr_inits2(53, lo, hi, (mpfr_ptr)0);
        amq_status st = amq_bloom_fp_enclose_rel(lo, hi, 53, m, k, n); /* warm-up */
        int reps = 0;
        double t0 = bench_now(), t1 = t0;
        while (!st && (reps < 20 || t1 - t0 < 0.5)) {
            st = amq_bloom_fp_enclose_rel(lo, hi, 53, m, k, n);
            reps++;
            t1 = bench_now();
        }
        if (st)
            report_fail("fp_enclose_rel m=2^40 k=20 n=2^34");
        else
            mpfr_printf("  fp_enclose   m=2^40 k=20 n=2^34    %8.3f ms/call (%d calls, 53 bits, "
                        "final prec %ld)  FP in [%.17Re, %.17Re]\n",
                        1e3 * (t1 - t0) / reps, reps, (long)mpfr_get_prec(lo), lo, hi);
        /* one enclosure call at a fixed precision, for reference */
        mpfr_set_prec(lo, 128);
        mpfr_set_prec(hi, 128);
        reps = 0;
        t0 = t1 = bench_now();
        while (!st && (reps < 20 || t1 - t0 < 0.5)) {
            st = amq_bloom_fp_enclose(lo, hi, 128, m, k, n);
            reps++;
            t1 = bench_now();
        }
        if (!st)
            printf("  fp_enclose   (single call, prec 128)  %8.3f ms/call\n", 1e3 * (t1 - t0) / reps);
        mpfr_clears(lo, hi, (mpfr_ptr)0);
    }

    /* 3. Stirling reference form vs the fast exact form at (1024, 5, 150) */
    {
        const uint64_t m = 1024, k = 5, n = 150;
        double t0 = bench_now();
        amq_status s1 = amq_bloom_fp_stirling(q, m, k, n);
        double t1 = bench_now();
        amq_status s2 = amq_bloom_fp_exact(q2, m, k, n);
        double t2 = bench_now();
        if (s1 || s2)
            report_fail("stirling/exact m=1024 k=5 n=150");
        else
            printf("  m=1024 k=5 n=150: fp_stirling %8.3f ms, fp_exact %8.3f ms, equal: %s\n",
                   1e3 * (t1 - t0), 1e3 * (t2 - t1), mpq_equal(q, q2) ? "yes" : "NO");
    }
    mpq_clears(q, q2, NULL);
    printf("\n");
}
