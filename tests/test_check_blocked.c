/* Cross-checks of the compiled blocked kernels against the exact binomial mixture
 * (Ceramist Theorem 10, amq/spec_blocked.h), for every inner structure:
 *  - exhaustive enumeration of the real kernels (lib_internal/blocked_check.h descriptors: a hash
 *    outcome is the block choice times the in-block indices) equals the exact rational
 *    (mpq_equal) on tiny grids - blocked Bloom, split-block (blocks of k words of s
 *    bits), partitioned, counting blocked of both widths (with removals where no counter
 *    can saturate) - and differs for planted bugs;
 *  - Monte Carlo with fresh filters: the real kernels fed by the random oracle, and the
 *    key-level structures with their REAL hashing (Parquet's XXH64 split-block hashing,
 *    XXH3 strategies), pass the exact binomial test against the exact rate at realistic
 *    sizes. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <amq/blocked_bloom.h>
#include <amq/blocked_quotient.h>
#include <amq/counting_blocked.h>
#include <amq/partitioned.h>
#include <amq/split_block.h>
#include <lib_internal/blocked_check.h>
#include <lib_internal/blocked_kernel.h>
#include <amq/check.h>
#include <amq/spec_blocked.h>
#include <amq/stats.h>
#include "support/test_scale.h"

static double now_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* Outcomes per enumeration point at most (each is one add/query of the real kernel). */
#define POINT_LIMIT (UINT64_C(1) << 22)
/* The grids' limit: the ASan pass (AMQ_TEST_SCALE 1/4) stops at 2^20 outcomes a point, which
 * keeps 181, 163, 143, 256 and 212 of the 194, 172, 148, 276 and 215 points of the grids below
 * (above each test's floor) and 35-88% of their outcomes.  Every point is an exact comparison
 * (mpq_equal), able to fail at any size; the planted bugs keep POINT_LIMIT. */
static uint64_t grid_limit(void) { return amq_test_scaled(POINT_LIMIT, POINT_LIMIT >> 2); }

static uint64_t pow_le(uint64_t a, uint64_t e, uint64_t limit)
{
    uint64_t v = 1;
    for (uint64_t i = 0; i < e; i++) {
        if (a > 1 && v > limit / a)
            return 0;
        v *= a;
    }
    return v;
}

/* One test point of any blocked structure, in common terms - nblocks blocks, the in-block
 * alphabet `inner`, k, the counter width, the slack - and the geometry of its descriptor,
 * which points into the point (keep the point alive while the descriptor is used). */
typedef struct point {
    uint64_t nblocks, inner, k;
    unsigned width;
    uint64_t slack;
    union {
        amq_blocked_bloom_geom bb;
        amq_split_block_geom sb;
        amq_partitioned_geom pt;
        amq_counting_blocked_geom cb;
        amq_blocked_quotient_geom bq;
    } g;
} point;

/* A structure for the checks: its descriptor and its exact / certified rate after n keys. */
typedef struct shape {
    const char *name;
    amq_status (*kernel)(amq_ops *kn, point *p);
    amq_status (*exact)(mpq_t q, const point *p, uint64_t n);
    amq_status (*enclose)(mpfr_t lo, mpfr_t hi, const point *p, uint64_t n);
    int partitioned; /* no block digit: k digits over inner */
} shape;

/* blocked Bloom: nblocks blocks of `inner` bits */
static amq_status bb_kernel(amq_ops *kn, point *p)
{
    p->g.bb = (amq_blocked_bloom_geom){.nblocks = p->nblocks, .block_bits = p->inner, .k = p->k};
    return amq_ops_blocked_bloom(kn, &p->g.bb);
}
static amq_status bb_exact(mpq_t q, const point *p, uint64_t n)
{
    return amq_blocked_bloom_fp_exact(q, p->nblocks, p->inner, p->k, n);
}
static amq_status bb_enclose(mpfr_t lo, mpfr_t hi, const point *p, uint64_t n)
{
    return amq_blocked_bloom_fp_enclose(lo, hi, 128, p->nblocks, p->inner, p->k, n);
}
/* split-block: nblocks blocks of k words of `inner` bits */
static amq_status sb_kernel(amq_ops *kn, point *p)
{
    p->g.sb = (amq_split_block_geom){.nblocks = p->nblocks, .words = p->k, .word_bits = p->inner};
    return amq_ops_split_block(kn, &p->g.sb);
}
static amq_status sb_exact(mpq_t q, const point *p, uint64_t n)
{
    return amq_blocked_partitioned_fp_exact(q, p->nblocks, p->k * p->inner, p->k, n);
}
static amq_status sb_enclose(mpfr_t lo, mpfr_t hi, const point *p, uint64_t n)
{
    return amq_blocked_partitioned_fp_enclose(lo, hi, 128, p->nblocks, p->k * p->inner, p->k, n);
}
/* partitioned: k partitions of `inner` bits (nblocks ignored) */
static amq_status pt_kernel(amq_ops *kn, point *p)
{
    p->g.pt = (amq_partitioned_geom){.k = p->k, .part_bits = p->inner};
    return amq_ops_partitioned(kn, &p->g.pt);
}
static amq_status pt_exact(mpq_t q, const point *p, uint64_t n)
{
    return amq_partitioned_fp_exact(q, p->k * p->inner, p->k, n);
}
static amq_status pt_enclose(mpfr_t lo, mpfr_t hi, const point *p, uint64_t n)
{
    return amq_partitioned_fp_enclose(lo, hi, 128, p->k * p->inner, p->k, n);
}
/* counting blocked: nblocks blocks of `inner` counters of `width` bits */
static amq_status cb_kernel(amq_ops *kn, point *p)
{
    p->g.cb = (amq_counting_blocked_geom){.nblocks = p->nblocks, .block_counters = p->inner, .k = p->k,
                                          .width = p->width};
    return amq_ops_counting_blocked(kn, &p->g.cb);
}
static amq_status cb_exact(mpq_t q, const point *p, uint64_t n)
{
    return amq_counting_blocked_fp_exact(q, p->nblocks, p->inner, p->k, n);
}
/* blocked quotient: nblocks filters of 2^inner home slots plus `slack`, k-bit remainders */
static amq_status bq_kernel(amq_ops *kn, point *p)
{
    p->g.bq = (amq_blocked_quotient_geom){.nblocks = p->nblocks, .q = p->inner, .r = p->k, .slack = p->slack};
    return amq_ops_blocked_quotient(kn, &p->g.bq);
}
static amq_status bq_exact(mpq_t q, const point *p, uint64_t n)
{
    return amq_blocked_quotient_fp_exact(q, p->nblocks, p->inner + p->k, n);
}
static amq_status bq_enclose(mpfr_t lo, mpfr_t hi, const point *p, uint64_t n)
{
    return amq_blocked_quotient_fp_enclose(lo, hi, 128, p->nblocks, p->inner + p->k, n);
}

/* counting blocked has the blocked Bloom rate (Ceramist Theorem 8) */
static const shape BLOOM = {"blocked-bloom", bb_kernel, bb_exact, bb_enclose, 0};
static const shape SPLIT = {"split-block", sb_kernel, sb_exact, sb_enclose, 0};
static const shape PARTITIONED = {"partitioned", pt_kernel, pt_exact, pt_enclose, 1};
static const shape COUNTING = {"counting-blocked", cb_kernel, cb_exact, bb_enclose, 0};
static const shape QUOTIENT = {"blocked-quotient", bq_kernel, bq_exact, bq_enclose, 0};

typedef struct tally {
    unsigned long points, mismatches, errors;
    uint64_t outcomes;
} tally;

/* Enumerate one point (n adds, r removals) and compare with the exact rational. */
static void check_point(tally *t, const shape *sh, point p, uint64_t n, uint64_t r)
{
    amq_ops kn;
    mpq_t e, a;
    mpq_inits(e, a, (mpq_ptr)0);
    if (sh->kernel(&kn, &p) != AMQ_OK || amq_check_enum_fp_removals(e, &kn, n, r, NULL, NULL) != AMQ_OK ||
        sh->exact(a, &p, n - r) != AMQ_OK) {
        if (t->errors++ < 5)
            print_message("error: %s b=%llu inner=%llu k=%llu n=%llu r=%llu: %s\n", sh->name,
                          (unsigned long long)p.nblocks, (unsigned long long)p.inner,
                          (unsigned long long)p.k, (unsigned long long)n, (unsigned long long)r,
                          amq_last_error());
    } else {
        t->points++;
        t->outcomes += pow_le(kn.m, (uint64_t)kn.k * (n + 1), UINT64_MAX);
        if (!mpq_equal(e, a) && t->mismatches++ < 5)
            gmp_printf("%s b=%llu inner=%llu k=%llu w=%u n=%llu r=%llu: enumeration %Qd, exact %Qd\n",
                       sh->name, (unsigned long long)p.nblocks,
                       (unsigned long long)p.inner, (unsigned long long)p.k, p.width,
                       (unsigned long long)n, (unsigned long long)r, e, a);
    }
    mpq_clears(e, a, (mpq_ptr)0);
}

/* Every (b, inner, k, n) of the ranges whose enumeration has at most grid_limit() outcomes. */
static void grid(tally *t, const shape *sh, unsigned width, uint64_t bmax, uint64_t imax,
                 uint64_t kmax, uint64_t nmax, int removals)
{
    for (uint64_t b = 1; b <= (sh->partitioned ? 1 : bmax); b++)
        for (uint64_t in = 1; in <= imax; in++)
            for (uint64_t k = 1; k <= kmax; k++)
                for (uint64_t n = 0; n <= nmax; n++) {
                    const uint64_t alpha = sh->partitioned ? in : b * in;
                    const uint64_t digits = sh->partitioned ? k : k + 1;
                    if (pow_le(alpha, digits * (n + 1), grid_limit()) == 0)
                        break;
                    const point p = {.nblocks = b, .inner = in, .k = k, .width = width};
                    /* removals only where no counter can saturate: k n < 15 */
                    for (uint64_t r = 0; r <= (removals && k * n < 15 ? n : 0); r++)
                        check_point(t, sh, p, n, r);
                }
}

static void report(const char *what, const tally *t, double t0)
{
    print_message("%s: %lu points, %llu outcomes, %.2f s CPU\n", what, t->points,
                  (unsigned long long)t->outcomes, now_s() - t0);
    assert_int_equal(t->errors, 0);
    assert_int_equal(t->mismatches, 0);
}

static void enum_blocked_bloom(void **state)
{
    (void)state;
    tally t = {0, 0, 0, 0};
    double t0 = now_s();
    grid(&t, &BLOOM, 0, 4, 6, 3, 4, 0);
    report("blocked Bloom", &t, t0);
    assert_true(t.points >= 150);
}

static void enum_split_block(void **state)
{
    (void)state;
    tally t = {0, 0, 0, 0};
    double t0 = now_s();
    grid(&t, &SPLIT, 0, 4, 5, 3, 4, 0);
    report("split-block", &t, t0);
    assert_true(t.points >= 120);
}

static void enum_partitioned(void **state)
{
    (void)state;
    tally t = {0, 0, 0, 0};
    double t0 = now_s();
    grid(&t, &PARTITIONED, 0, 1, 8, 4, 6, 0);
    report("partitioned", &t, t0);
    assert_true(t.points >= 80);
}

static void enum_counting_blocked(void **state)
{
    (void)state;
    for (unsigned w = 4; w <= 8; w += 4) {
        tally t = {0, 0, 0, 0};
        double t0 = now_s();
        grid(&t, &COUNTING, w, 3, 5, 3, 3, 1);
        report(w == 4 ? "counting blocked, 4-bit, with removals" : "counting blocked, 8-bit, with removals",
               &t, t0);
        assert_true(t.points >= 150);
    }
}

/* Blocked quotient: b quotient filters of 2^q home slots, r-bit remainders, slack >= n
 * (so no insert can fail): one digit per key over b 2^(q+r).  With rm = 0 .. n of the keys
 * deleted again (through the proved amq_blocked_quotient_kernel_delete): the rate of n - rm keys. */
static void enum_blocked_quotient(void **state)
{
    (void)state;
    tally t = {0, 0, 0, 0};
    double t0 = now_s();
    for (uint64_t b = 1; b <= 3; b++)
        for (uint64_t q = 1; q <= 3; q++)
            for (uint64_t r = 1; r <= 3; r++)
                for (uint64_t n = 0; n <= 4; n++) {
                    if (pow_le(b << (q + r), n + 1, grid_limit()) == 0)
                        break;
                    const point p = {.nblocks = b, .inner = q, .k = r,
                                     .slack = n < (UINT64_C(1) << q) ? n : (UINT64_C(1) << q)};
                    if (p.slack < n) /* cannot guarantee room: skip */
                        continue;
                    for (uint64_t rm = 0; rm <= n; rm++)
                        check_point(&t, &QUOTIENT, p, n, rm);
                }
    report("blocked quotient, with removals", &t, t0);
    assert_true(t.points >= 200);
}

/* Hand values: b = 2 blocks of 2 bits, k = 1, n = 1: the query hits the key's block with
 * probability 1/2 and then its bit with probability 1/2: FP = 1/4. */
static void enum_hand_values(void **state)
{
    (void)state;
    amq_blocked_bloom_geom g = {.nblocks = 2, .block_bits = 2, .k = 1};
    amq_ops kn;
    mpq_t q, e;
    mpq_inits(q, e, (mpq_ptr)0);
    assert_int_equal(amq_ops_blocked_bloom(&kn, &g), AMQ_OK);
    assert_int_equal(kn.m, 4); /* alphabet nblocks * bits per block */
    assert_int_equal(kn.k, 2); /* block digit + k in-block digits   */
    assert_int_equal(amq_check_enum_fp(q, &kn, 1, NULL, NULL), AMQ_OK);
    mpq_set_ui(e, 1, 4);
    assert_true(mpq_equal(q, e));
    /* b = 2, B = 2, k = 2, n = 1: 1/2 (other block) * 0 + 1/2 * Bloom(2, 2, 1) = 1/2 * 5/8 */
    g.k = 2;
    assert_int_equal(amq_ops_blocked_bloom(&kn, &g), AMQ_OK);
    assert_int_equal(amq_check_enum_fp(q, &kn, 1, NULL, NULL), AMQ_OK);
    mpq_set_ui(e, 5, 16);
    assert_true(mpq_equal(q, e));
    /* descriptor errors */
    amq_blocked_bloom_geom bad = {.nblocks = 0, .block_bits = 2, .k = 1};
    assert_int_equal(amq_ops_blocked_bloom(&kn, &bad), AMQ_E_INVALID_M);
    amq_counting_blocked_geom bad_width = {.nblocks = 1, .block_counters = 2, .k = 1, .width = 5};
    assert_int_equal(amq_ops_counting_blocked(&kn, &bad_width), AMQ_E_INVALID_ARG);
    amq_split_block_geom bad_words = {.nblocks = 1, .words = 0, .word_bits = 2};
    assert_int_equal(amq_ops_split_block(&kn, &bad_words), AMQ_E_INVALID_K);
    amq_split_block_geom bad_parquet = {.nblocks = 1, .words = 8, .word_bits = 16, .parquet = 1};
    assert_int_equal(amq_ops_split_block(&kn, &bad_parquet), AMQ_E_INVALID_ARG);
    amq_partitioned_geom bad_part = {.k = AMQ_BLOCKED_MAX_K + 1, .part_bits = 2};
    assert_int_equal(amq_ops_partitioned(&kn, &bad_part), AMQ_E_INVALID_K);
    amq_blocked_quotient_geom bad_q = {.nblocks = 1, .q = 4, .r = UINT64_MAX - 2, .slack = 0};
    assert_int_equal(amq_ops_blocked_quotient(&kn, &bad_q), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_ops_blocked_bloom(NULL, &g), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_ops_blocked_bloom(&kn, NULL), AMQ_E_INVALID_ARG);
    mpq_clears(q, e, (mpq_ptr)0);
}

/* Planted bugs.  (A wrong block choice alone is invisible here: a fresh query's block is
 * uniform whichever block it lands in; the no-false-negative tests catch that.)
 *  - per-index blocks: index t goes to block (block + t) mod b, on add and query alike
 *    (a broken translation that spreads a key over several blocks);
 *  - the query ignores the last in-block index.
 * On every point with b >= 2 (resp. B >= 2), k = 2, n >= 1 the enumeration must differ
 * from the exact mixture. */
static void bug_decode(const amq_ops *kn, const uint64_t *d, uint64_t *blk, uint64_t *idx)
{
    const amq_blocked_bloom_geom *g = kn->ctx;
    *blk = d[0] / g->block_bits;
    for (uint64_t t = 0; t < g->k; t++)
        idx[t] = d[1 + t] % g->block_bits;
}
static void bug_spread_add(const amq_ops *kn, uint64_t *st, const uint64_t *d)
{
    const amq_blocked_bloom_geom *g = kn->ctx;
    uint64_t blk, idx[8];
    bug_decode(kn, d, &blk, idx);
    for (uint64_t t = 0; t < g->k; t++)
        amq_blocked_bloom_kernel_add(st, g->m, g->block_bits, (blk + t) % g->nblocks, &idx[t], 1);
}
static int bug_spread_query(const amq_ops *kn, const uint64_t *st, const uint64_t *d)
{
    const amq_blocked_bloom_geom *g = kn->ctx;
    uint64_t blk, idx[8];
    bug_decode(kn, d, &blk, idx);
    for (uint64_t t = 0; t < g->k; t++)
        if (!amq_blocked_bloom_kernel_query(st, g->m, g->block_bits, (blk + t) % g->nblocks, &idx[t], 1))
            return 0;
    return 1;
}
static int bug_skip_last_query(const amq_ops *kn, const uint64_t *st, const uint64_t *d)
{
    const amq_blocked_bloom_geom *g = kn->ctx;
    uint64_t blk, idx[8];
    bug_decode(kn, d, &blk, idx);
    return amq_blocked_bloom_kernel_query(st, g->m, g->block_bits, blk, idx, (size_t)g->k - 1);
}

static void enum_flags_planted_bugs(void **state)
{
    (void)state;
    mpq_t e, a;
    mpq_inits(e, a, (mpq_ptr)0);
    for (int bug = 0; bug < 2; bug++) {
        unsigned long points = 0;
        for (uint64_t b = 2; b <= 3; b++)
            for (uint64_t in = 2; in <= 4; in++)
                for (uint64_t n = 1; n <= 2; n++) {
                    point p = {.nblocks = b, .inner = in, .k = 2};
                    amq_ops kn;
                    assert_int_equal(BLOOM.kernel(&kn, &p), AMQ_OK);
                    if (pow_le(kn.m, 3 * (n + 1), POINT_LIMIT) == 0)
                        continue;
                    if (bug == 0) {
                        kn.add_ctx = bug_spread_add;
                        kn.query_ctx = bug_spread_query;
                    } else
                        kn.query_ctx = bug_skip_last_query;
                    assert_int_equal(amq_check_enum_fp(e, &kn, n, NULL, NULL), AMQ_OK);
                    assert_int_equal(BLOOM.exact(a, &p, n), AMQ_OK);
                    if (mpq_equal(e, a))
                        print_message("bug %d not flagged at b=%llu B=%llu n=%llu\n", bug,
                                      (unsigned long long)b, (unsigned long long)in, (unsigned long long)n);
                    assert_false(mpq_equal(e, a));
                    points++;
                }
        assert_true(points >= 6);
    }
    mpq_clears(e, a, (mpq_ptr)0);
}

/* ---------------- Monte Carlo ---------------- */

#define ALPHA 1e-6

/* 20000 trials per run; the ASan pass (AMQ_TEST_SCALE) runs a quarter, never under 5000.
 * These runs check that the real structures pass; the planted bugs are caught by the
 * enumerations above, which run at full size in both passes. */
#define MC_TRIALS amq_test_scaled(20000, 5000)

/* The midpoint of the certified rate of point p after n keys. */
static double mid_rate(const shape *sh, const point *p, uint64_t n)
{
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    assert_int_equal(sh->enclose(lo, hi, p, n), AMQ_OK);
    mpfr_add(lo, lo, hi, MPFR_RNDN);
    mpfr_div_2ui(lo, lo, 1, MPFR_RNDN);
    double r = mpfr_get_d(lo, MPFR_RNDN);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return r;
}

static void judge(const char *what, uint64_t x, uint64_t trials, double p)
{
    amq_binom_test_result r;
    assert_int_equal(amq_binom_test(x, trials, p, ALPHA, &r), AMQ_OK);
    print_message("%-44s %6llu / %llu positives, estimate %.5f, exact %.5f, p-value %.3g: %s\n", what,
                  (unsigned long long)x, (unsigned long long)trials, r.estimate, p, r.p_value,
                  r.pass ? "pass" : "FAIL");
    assert_true(r.pass);
}

/* The real kernels through their descriptors, random-oracle digits (and removals for
 * counting blocked), realistic geometry. */
static void mc_kernels_random_oracle(void **state)
{
    (void)state;
    const struct {
        const shape *sh;
        uint64_t b, inner, k, n, r;
        unsigned w;
    } cases[] = {
        {&BLOOM, 64, 512, 6, 3000, 0, 0},
        {&SPLIT, 100, 32, 8, 3000, 0, 0},
        {&PARTITIONED, 1, 4001, 7, 3000, 0, 0},
        {&COUNTING, 40, 128, 5, 1500, 300, 4},
        {&COUNTING, 80, 64, 4, 1200, 0, 8},
        {&QUOTIENT, 32, 6, 3, 1200, 0, 0}, /* q = 6, r = 3: p = 9 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        point p = {.nblocks = cases[i].b, .inner = cases[i].inner, .k = cases[i].k, .width = cases[i].w,
                   .slack = 32};
        amq_ops kn;
        assert_int_equal(cases[i].sh->kernel(&kn, &p), AMQ_OK);
        amq_mc_config cfg = {.n = cases[i].n, .trials = MC_TRIALS, .seed = 1000 + i,
                             .hash = AMQ_CHECK_RANDOM_ORACLE, .removals = cases[i].r};
        uint64_t x = 0;
        double t0 = now_s();
        assert_int_equal(amq_check_mc(&kn, &cfg, &x), AMQ_OK);
        char what[96];
        snprintf(what, sizeof what, "%s kernel, random oracle (%.1f s)", cases[i].sh->name, now_s() - t0);
        judge(what, x, cfg.trials, mid_rate(cases[i].sh, &p, cases[i].n - cases[i].r));
    }
}

/* The key-level structures behind void pointers, created from a case and a seed. */
typedef struct mc_case mc_case;
typedef struct keyed {
    const shape *sh;
    void *(*create)(const mc_case *c, uint64_t seed);
    amq_status (*add)(void *f, const void *key, size_t len);
    int (*query)(const void *f, const void *key, size_t len);
    void (*free)(void *f);
    point (*geometry)(const mc_case *c); /* the point whose rate the filter has */
} keyed;
struct mc_case {
    const keyed *K;
    uint64_t size, k, n; /* size: blocks (partitioned: bits); blocked quotient: k = q + r */
    unsigned w;
    amq_hash_strategy h;
};

static void *bb_new(const mc_case *c, uint64_t seed)
{
    amq_blocked_bloom *b = NULL;
    assert_int_equal(amq_blocked_bloom_create(&b, c->size, AMQ_BLOCKED_BLOOM_BLOCK_BITS, c->k, c->h, seed), AMQ_OK);
    return b;
}
static amq_status bb_add(void *f, const void *k, size_t n) { return amq_blocked_bloom_add(f, k, n); }
static int bb_query(const void *f, const void *k, size_t n) { return amq_blocked_bloom_query(f, k, n); }
static void bb_free(void *f) { amq_blocked_bloom_free(f); }
static point bb_point(const mc_case *c)
{
    return (point){.nblocks = c->size, .inner = AMQ_BLOCKED_BLOOM_BLOCK_BITS, .k = c->k};
}
static void *sb_new(const mc_case *c, uint64_t seed)
{
    amq_split_block *f = NULL;
    assert_int_equal(amq_split_block_create(&f, c->size, seed), AMQ_OK);
    return f;
}
static amq_status sb_add(void *f, const void *k, size_t n) { return amq_split_block_add(f, k, n); }
static int sb_query(const void *f, const void *k, size_t n) { return amq_split_block_query(f, k, n); }
static void sb_free(void *f) { amq_split_block_free(f); }
static point sb_point(const mc_case *c)
{
    return (point){.nblocks = c->size, .inner = AMQ_SPLIT_BLOCK_WORD_BITS, .k = AMQ_SPLIT_BLOCK_WORDS};
}
static void *pt_new(const mc_case *c, uint64_t seed)
{
    amq_partitioned *p = NULL;
    assert_int_equal(amq_partitioned_create(&p, c->size, c->k, c->h, seed), AMQ_OK);
    return p;
}
static amq_status pt_add(void *f, const void *k, size_t n) { return amq_partitioned_add(f, k, n); }
static int pt_query(const void *f, const void *k, size_t n) { return amq_partitioned_query(f, k, n); }
static void pt_free(void *f) { amq_partitioned_free(f); }
static point pt_point(const mc_case *c) { return (point){.nblocks = 1, .inner = c->size / c->k, .k = c->k}; }
static void *cb_new(const mc_case *c, uint64_t seed)
{
    amq_counting_blocked *f = NULL;
    assert_int_equal(amq_counting_blocked_create(&f, c->size, AMQ_COUNTING_BLOCKED_LINE_COUNTERS(c->w), c->k, c->w,
                                                 c->h, seed),
                     AMQ_OK);
    return f;
}
static amq_status cb_add(void *f, const void *k, size_t n) { return amq_counting_blocked_add(f, k, n); }
static int cb_query(const void *f, const void *k, size_t n) { return amq_counting_blocked_query(f, k, n); }
static void cb_free(void *f) { amq_counting_blocked_free(f); }
static point cb_point(const mc_case *c)
{
    return (point){.nblocks = c->size, .inner = AMQ_COUNTING_BLOCKED_LINE_COUNTERS(c->w), .k = c->k};
}
static void *bq_new(const mc_case *c, uint64_t seed) /* q = 6, r = k - 6 bits */
{
    amq_blocked_quotient *b = NULL;
    assert_int_equal(amq_blocked_quotient_create(&b, c->size, 6, c->k - 6, 32, seed), AMQ_OK);
    return b;
}
static amq_status bq_add(void *f, const void *k, size_t n) { return amq_blocked_quotient_add(f, k, n); }
static int bq_query(const void *f, const void *k, size_t n) { return amq_blocked_quotient_query(f, k, n); }
static void bq_free(void *f) { amq_blocked_quotient_free(f); }
static point bq_point(const mc_case *c) { return (point){.nblocks = c->size, .inner = 6, .k = c->k - 6}; }

static const keyed KBLOOM = {&BLOOM, bb_new, bb_add, bb_query, bb_free, bb_point};
static const keyed KSPLIT = {&SPLIT, sb_new, sb_add, sb_query, sb_free, sb_point};
static const keyed KPART = {&PARTITIONED, pt_new, pt_add, pt_query, pt_free, pt_point};
static const keyed KCOUNT = {&COUNTING, cb_new, cb_add, cb_query, cb_free, cb_point};
static const keyed KQUOT = {&QUOTIENT, bq_new, bq_add, bq_query, bq_free, bq_point};

/* The key-level structures with their real hashing: each trial a fresh filter with a
 * fresh seed, n distinct keys, one query with a key distinct from all of them. */
static void mc_real_hashing(void **state)
{
    (void)state;
    const mc_case cases[] = {
        {&KBLOOM, 16, 6, 800, 0, AMQ_HASH_ENHANCED},
        {&KBLOOM, 16, 6, 800, 0, AMQ_HASH_INDEPENDENT},
        {&KSPLIT, 24, 8, 720, 0, AMQ_HASH_ENHANCED},
        {&KPART, 7 * 1000, 7, 700, 0, AMQ_HASH_ENHANCED},
        {&KCOUNT, 32, 5, 800, 4, AMQ_HASH_ENHANCED},
        {&KCOUNT, 64, 4, 600, 8, AMQ_HASH_TRIPLE},
        {&KCOUNT, 64, 5, 340, 8, AMQ_HASH_ENHANCED},
        {&KQUOT, 16, 7, 600, 0, AMQ_HASH_ENHANCED},
    };
    const uint64_t trials = MC_TRIALS;
    amq_rng rng;
    amq_rng_seed(&rng, 4242);
    uint64_t counter = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const mc_case *c = &cases[i];
        const keyed *K = c->K;
        double t0 = now_s();
        uint64_t x = 0;
        for (uint64_t t = 0; t < trials; t++) {
            void *b = K->create(c, amq_rng_next(&rng));
            for (uint64_t j = 0; j <= c->n; j++) {
                unsigned char key[8];
                const uint64_t v = counter++;
                for (int byte = 0; byte < 8; byte++)
                    key[byte] = (unsigned char)(v >> (8 * byte));
                if (j < c->n)
                    assert_int_equal(K->add(b, key, sizeof key), AMQ_OK);
                else
                    x += (uint64_t)K->query(b, key, sizeof key);
            }
            K->free(b);
        }
        const point p = K->geometry(c);
        char what[96];
        snprintf(what, sizeof what, "%s%s, %s hashing (%.1f s)", K->sh->name,
                 c->w == 4 ? "/4" : c->w == 8 ? "/8" : "",
                 K == &KSPLIT ? "XXH64 (Parquet)" : amq_hash_name(c->h), now_s() - t0);
        judge(what, x, trials, mid_rate(K->sh, &p, c->n));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(enum_hand_values),
        cmocka_unit_test(enum_blocked_bloom),
        cmocka_unit_test(enum_split_block),
        cmocka_unit_test(enum_partitioned),
        cmocka_unit_test(enum_counting_blocked),
        cmocka_unit_test(enum_blocked_quotient),
        cmocka_unit_test(enum_flags_planted_bugs),
        cmocka_unit_test(mc_kernels_random_oracle),
        cmocka_unit_test(mc_real_hashing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
