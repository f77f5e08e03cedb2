/* Cross-checks of the compiled blocked kernels against the exact binomial mixture
 * (Ceramist Theorem 10, amq/spec_blocked.h), for every inner structure:
 *  - exhaustive enumeration of the real kernels (amq_kernel_blocked descriptors: a hash
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
#include <amq/blocked.h>
#include <internal/blocked_kernel.h>
#include <amq/check.h>
#include <amq/spec_blocked.h>
#include <amq/stats.h>

static double now_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* Outcomes per enumeration point at most (each is one add/query of the real kernel). */
#define POINT_LIMIT (UINT64_C(1) << 22)

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

/* The exact rate of a geometry after n adds and r removals (rate of n - r keys). */
static amq_status exact_rate(mpq_t q, const amq_blocked_geom *g, uint64_t n)
{
    switch (g->kind) {
    case AMQ_BLOCKED_BLOOM: return amq_blocked_bloom_fp_exact(q, g->nblocks, g->inner, g->k, n);
    case AMQ_BLOCKED_SPLIT: return amq_blocked_partitioned_fp_exact(q, g->nblocks, g->k * g->inner, g->k, n);
    case AMQ_BLOCKED_PARTITIONED: return amq_partitioned_fp_exact(q, g->k * g->inner, g->k, n);
    case AMQ_BLOCKED_COUNTING: return amq_counting_blocked_fp_exact(q, g->nblocks, g->inner, g->k, n);
    case AMQ_BLOCKED_QUOTIENT: return amq_blocked_quotient_fp_exact(q, g->nblocks, g->inner + g->k, n);
    default: return AMQ_E_INVALID_ARG;
    }
}

typedef struct tally {
    unsigned long points, mismatches, errors;
    uint64_t outcomes;
} tally;

/* Enumerate one point (n adds, r removals) and compare with the exact rational. */
static void check_point(tally *t, amq_blocked_geom g, uint64_t n, uint64_t r)
{
    amq_kernel kn;
    mpq_t e, a;
    mpq_inits(e, a, (mpq_ptr)0);
    if (amq_kernel_blocked(&kn, &g) != AMQ_OK || amq_check_enum_fp_removals(e, &kn, n, r, NULL, NULL) != AMQ_OK ||
        exact_rate(a, &g, n - r) != AMQ_OK) {
        if (t->errors++ < 5)
            print_message("error: %s b=%llu inner=%llu k=%llu n=%llu r=%llu: %s\n", amq_blocked_kind_name(g.kind),
                          (unsigned long long)g.nblocks, (unsigned long long)g.inner,
                          (unsigned long long)g.k, (unsigned long long)n, (unsigned long long)r,
                          amq_last_error());
    } else {
        t->points++;
        t->outcomes += pow_le(kn.m, (uint64_t)kn.k * (n + 1), UINT64_MAX);
        if (!mpq_equal(e, a) && t->mismatches++ < 5)
            gmp_printf("%s b=%llu inner=%llu k=%llu w=%u n=%llu r=%llu: enumeration %Qd, exact %Qd\n",
                       amq_blocked_kind_name(g.kind), (unsigned long long)g.nblocks,
                       (unsigned long long)g.inner, (unsigned long long)g.k, g.width,
                       (unsigned long long)n, (unsigned long long)r, e, a);
    }
    mpq_clears(e, a, (mpq_ptr)0);
}

/* Every (b, inner, k, n) of the ranges whose enumeration has at most POINT_LIMIT outcomes. */
static void grid(tally *t, amq_blocked_kind kind, unsigned width, uint64_t bmax, uint64_t imax,
                 uint64_t kmax, uint64_t nmax, int removals)
{
    for (uint64_t b = 1; b <= (kind == AMQ_BLOCKED_PARTITIONED ? 1 : bmax); b++)
        for (uint64_t in = 1; in <= imax; in++)
            for (uint64_t k = 1; k <= kmax; k++)
                for (uint64_t n = 0; n <= nmax; n++) {
                    const uint64_t alpha = kind == AMQ_BLOCKED_PARTITIONED ? in : b * in;
                    const uint64_t digits = kind == AMQ_BLOCKED_PARTITIONED ? k : k + 1;
                    if (pow_le(alpha, digits * (n + 1), POINT_LIMIT) == 0)
                        break;
                    amq_blocked_geom g = {.kind = kind, .nblocks = b, .inner = in, .k = k, .width = width};
                    /* removals only where no counter can saturate: k n < 15 */
                    for (uint64_t r = 0; r <= (removals && k * n < 15 ? n : 0); r++)
                        check_point(t, g, n, r);
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
    grid(&t, AMQ_BLOCKED_BLOOM, 0, 4, 6, 3, 4, 0);
    report("blocked Bloom", &t, t0);
    assert_true(t.points >= 150);
}

static void enum_split_block(void **state)
{
    (void)state;
    tally t = {0, 0, 0, 0};
    double t0 = now_s();
    grid(&t, AMQ_BLOCKED_SPLIT, 0, 4, 5, 3, 4, 0);
    report("split-block", &t, t0);
    assert_true(t.points >= 120);
}

static void enum_partitioned(void **state)
{
    (void)state;
    tally t = {0, 0, 0, 0};
    double t0 = now_s();
    grid(&t, AMQ_BLOCKED_PARTITIONED, 0, 1, 8, 4, 6, 0);
    report("partitioned", &t, t0);
    assert_true(t.points >= 80);
}

static void enum_counting_blocked(void **state)
{
    (void)state;
    for (unsigned w = 4; w <= 8; w += 4) {
        tally t = {0, 0, 0, 0};
        double t0 = now_s();
        grid(&t, AMQ_BLOCKED_COUNTING, w, 3, 5, 3, 3, 1);
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
                    if (pow_le(b << (q + r), n + 1, POINT_LIMIT) == 0)
                        break;
                    amq_blocked_geom g = {.kind = AMQ_BLOCKED_QUOTIENT, .nblocks = b, .inner = q, .k = r,
                                          .slack = n < (UINT64_C(1) << q) ? n : (UINT64_C(1) << q)};
                    if (g.slack < n) /* cannot guarantee room: skip */
                        continue;
                    for (uint64_t rm = 0; rm <= n; rm++)
                        check_point(&t, g, n, rm);
                }
    report("blocked quotient, with removals", &t, t0);
    assert_true(t.points >= 200);
}

/* Hand values: b = 2 blocks of 2 bits, k = 1, n = 1: the query hits the key's block with
 * probability 1/2 and then its bit with probability 1/2: FP = 1/4. */
static void enum_hand_values(void **state)
{
    (void)state;
    amq_blocked_geom g = {.kind = AMQ_BLOCKED_BLOOM, .nblocks = 2, .inner = 2, .k = 1};
    amq_kernel kn;
    mpq_t q, e;
    mpq_inits(q, e, (mpq_ptr)0);
    assert_int_equal(amq_kernel_blocked(&kn, &g), AMQ_OK);
    assert_int_equal(kn.m, 4); /* alphabet nblocks * bits per block */
    assert_int_equal(kn.k, 2); /* block digit + k in-block digits   */
    assert_int_equal(amq_check_enum_fp(q, &kn, 1, NULL, NULL), AMQ_OK);
    mpq_set_ui(e, 1, 4);
    assert_true(mpq_equal(q, e));
    /* b = 2, B = 2, k = 2, n = 1: 1/2 (other block) * 0 + 1/2 * Bloom(2, 2, 1) = 1/2 * 5/8 */
    g.k = 2;
    assert_int_equal(amq_kernel_blocked(&kn, &g), AMQ_OK);
    assert_int_equal(amq_check_enum_fp(q, &kn, 1, NULL, NULL), AMQ_OK);
    mpq_set_ui(e, 5, 16);
    assert_true(mpq_equal(q, e));
    /* descriptor errors */
    amq_blocked_geom bad = {.kind = AMQ_BLOCKED_BLOOM, .nblocks = 0, .inner = 2, .k = 1};
    assert_int_equal(amq_kernel_blocked(&kn, &bad), AMQ_E_INVALID_M);
    bad = (amq_blocked_geom){.kind = AMQ_BLOCKED_COUNTING, .nblocks = 1, .inner = 2, .k = 1, .width = 5};
    assert_int_equal(amq_kernel_blocked(&kn, &bad), AMQ_E_INVALID_ARG);
    bad = (amq_blocked_geom){.kind = AMQ_BLOCKED_SPLIT, .nblocks = 1, .inner = 2, .k = 0};
    assert_int_equal(amq_kernel_blocked(&kn, &bad), AMQ_E_INVALID_K);
    mpq_clears(q, e, (mpq_ptr)0);
}

/* Planted bugs.  (A wrong block choice alone is invisible here: a fresh query's block is
 * uniform whichever block it lands in; the no-false-negative tests catch that.)
 *  - per-index blocks: index t goes to block (block + t) mod b, on add and query alike
 *    (a broken translation that spreads a key over several blocks);
 *  - the query ignores the last in-block index.
 * On every point with b >= 2 (resp. B >= 2), k = 2, n >= 1 the enumeration must differ
 * from the exact mixture. */
static void bug_decode(const amq_kernel *kn, const uint64_t *d, uint64_t *blk, uint64_t *idx)
{
    const amq_blocked_geom *g = kn->ctx;
    *blk = d[0] / g->inner;
    for (uint64_t t = 0; t < g->k; t++)
        idx[t] = d[1 + t] % g->inner;
}
static void bug_spread_add(const amq_kernel *kn, uint64_t *st, const uint64_t *d)
{
    const amq_blocked_geom *g = kn->ctx;
    uint64_t blk, idx[8];
    bug_decode(kn, d, &blk, idx);
    for (uint64_t t = 0; t < g->k; t++)
        amq_blocked_bloom_kernel_add(st, g->m, g->inner, (blk + t) % g->nblocks, &idx[t], 1);
}
static int bug_spread_query(const amq_kernel *kn, const uint64_t *st, const uint64_t *d)
{
    const amq_blocked_geom *g = kn->ctx;
    uint64_t blk, idx[8];
    bug_decode(kn, d, &blk, idx);
    for (uint64_t t = 0; t < g->k; t++)
        if (!amq_blocked_bloom_kernel_query(st, g->m, g->inner, (blk + t) % g->nblocks, &idx[t], 1))
            return 0;
    return 1;
}
static int bug_skip_last_query(const amq_kernel *kn, const uint64_t *st, const uint64_t *d)
{
    const amq_blocked_geom *g = kn->ctx;
    uint64_t blk, idx[8];
    bug_decode(kn, d, &blk, idx);
    return amq_blocked_bloom_kernel_query(st, g->m, g->inner, blk, idx, (size_t)g->k - 1);
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
                    amq_blocked_geom g = {.kind = AMQ_BLOCKED_BLOOM, .nblocks = b, .inner = in, .k = 2};
                    amq_kernel kn;
                    assert_int_equal(amq_kernel_blocked(&kn, &g), AMQ_OK);
                    if (pow_le(kn.m, 3 * (n + 1), POINT_LIMIT) == 0)
                        continue;
                    if (bug == 0) {
                        kn.add_ctx = bug_spread_add;
                        kn.query_ctx = bug_spread_query;
                    } else
                        kn.query_ctx = bug_skip_last_query;
                    assert_int_equal(amq_check_enum_fp(e, &kn, n, NULL, NULL), AMQ_OK);
                    assert_int_equal(exact_rate(a, &g, n), AMQ_OK);
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

static double mid_rate(amq_status (*enc)(mpfr_t, mpfr_t, const void *), const void *ctx)
{
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    assert_int_equal(enc(lo, hi, ctx), AMQ_OK);
    mpfr_add(lo, lo, hi, MPFR_RNDN);
    mpfr_div_2ui(lo, lo, 1, MPFR_RNDN);
    double p = mpfr_get_d(lo, MPFR_RNDN);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return p;
}

typedef struct rate_ctx {
    amq_blocked_kind kind;
    uint64_t nblocks, inner, k, n;
} rate_ctx;

static amq_status rate_enc(mpfr_t lo, mpfr_t hi, const void *v)
{
    const rate_ctx *c = v;
    switch (c->kind) {
    case AMQ_BLOCKED_BLOOM:
    case AMQ_BLOCKED_COUNTING:
        return amq_blocked_bloom_fp_enclose(lo, hi, 128, c->nblocks, c->inner, c->k, c->n);
    case AMQ_BLOCKED_SPLIT:
        return amq_blocked_partitioned_fp_enclose(lo, hi, 128, c->nblocks, c->k * c->inner, c->k, c->n);
    case AMQ_BLOCKED_PARTITIONED: return amq_partitioned_fp_enclose(lo, hi, 128, c->k * c->inner, c->k, c->n);
    case AMQ_BLOCKED_QUOTIENT: return amq_blocked_quotient_fp_enclose(lo, hi, 128, c->nblocks, c->k, c->n);
    default: return AMQ_E_INVALID_ARG;
    }
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
        amq_blocked_kind kind;
        uint64_t b, inner, k, n, r;
        unsigned w;
    } cases[] = {
        {AMQ_BLOCKED_BLOOM, 64, 512, 6, 3000, 0, 0},
        {AMQ_BLOCKED_SPLIT, 100, 32, 8, 3000, 0, 0},
        {AMQ_BLOCKED_PARTITIONED, 1, 4001, 7, 3000, 0, 0},
        {AMQ_BLOCKED_COUNTING, 40, 128, 5, 1500, 300, 4},
        {AMQ_BLOCKED_COUNTING, 80, 64, 4, 1200, 0, 8},
        {AMQ_BLOCKED_QUOTIENT, 32, 6, 3, 1200, 0, 0}, /* q = 6, r = 3: p = 9 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amq_blocked_geom g = {.kind = cases[i].kind, .nblocks = cases[i].b, .inner = cases[i].inner,
                              .k = cases[i].k, .width = cases[i].w, .slack = 32};
        amq_kernel kn;
        assert_int_equal(amq_kernel_blocked(&kn, &g), AMQ_OK);
        amq_mc_config cfg = {.n = cases[i].n, .trials = 20000, .seed = 1000 + i,
                             .hash = AMQ_CHECK_RANDOM_ORACLE, .removals = cases[i].r};
        uint64_t x = 0;
        double t0 = now_s();
        assert_int_equal(amq_check_mc(&kn, &cfg, &x), AMQ_OK);
        rate_ctx rc = {cases[i].kind, cases[i].b, cases[i].inner, cases[i].k, cases[i].n - cases[i].r};
        if (cases[i].kind == AMQ_BLOCKED_QUOTIENT)
            rc.k = cases[i].inner + cases[i].k; /* fingerprint bits */
        char what[96];
        snprintf(what, sizeof what, "%s kernel, random oracle (%.1f s)", amq_blocked_kind_name(cases[i].kind),
                 now_s() - t0);
        judge(what, x, cfg.trials, mid_rate(rate_enc, &rc));
    }
}

/* The key-level structures with their real hashing: each trial a fresh filter with a
 * fresh seed, n distinct keys, one query with a key distinct from all of them. */
static void mc_real_hashing(void **state)
{
    (void)state;
    const struct {
        amq_blocked_kind kind;
        uint64_t size, k, n;
        unsigned w;
        amq_hash_strategy h;
    } cases[] = {
        {AMQ_BLOCKED_BLOOM, 16, 6, 800, 0, AMQ_HASH_ENHANCED},
        {AMQ_BLOCKED_BLOOM, 16, 6, 800, 0, AMQ_HASH_INDEPENDENT},
        {AMQ_BLOCKED_SPLIT, 24, 8, 720, 0, AMQ_HASH_ENHANCED},
        {AMQ_BLOCKED_PARTITIONED, 7 * 1000, 7, 700, 0, AMQ_HASH_ENHANCED},
        {AMQ_BLOCKED_COUNTING, 32, 5, 800, 4, AMQ_HASH_ENHANCED},
        {AMQ_BLOCKED_COUNTING, 64, 4, 600, 8, AMQ_HASH_TRIPLE},
        {AMQ_BLOCKED_COUNTING, 64, 5, 340, 8, AMQ_HASH_ENHANCED},
        {AMQ_BLOCKED_QUOTIENT, 16, 7, 600, 0, AMQ_HASH_ENHANCED},
    };
    const uint64_t trials = 20000;
    amq_rng rng;
    amq_rng_seed(&rng, 4242);
    uint64_t counter = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double t0 = now_s();
        uint64_t x = 0;
        amq_blocked *b = NULL;
        for (uint64_t t = 0; t < trials; t++) {
            const uint64_t seed = amq_rng_next(&rng);
            amq_blocked_free(b);
            switch (cases[i].kind) {
            case AMQ_BLOCKED_BLOOM:
                assert_int_equal(amq_blocked_bloom_create(&b, cases[i].size, cases[i].k, cases[i].h, seed), AMQ_OK);
                break;
            case AMQ_BLOCKED_SPLIT: assert_int_equal(amq_split_block_create(&b, cases[i].size, seed), AMQ_OK); break;
            case AMQ_BLOCKED_PARTITIONED:
                assert_int_equal(amq_partitioned_create(&b, cases[i].size, cases[i].k, cases[i].h, seed), AMQ_OK);
                break;
            case AMQ_BLOCKED_QUOTIENT: /* q = 6, r = k - 6 bits */
                assert_int_equal(amq_blocked_quotient_create(&b, cases[i].size, 6, cases[i].k - 6, 32, seed), AMQ_OK);
                break;
            default:
                assert_int_equal(amq_counting_blocked_create(&b, cases[i].size, cases[i].k, cases[i].w, cases[i].h, seed),
                                 AMQ_OK);
                break;
            }
            for (uint64_t j = 0; j <= cases[i].n; j++) {
                unsigned char key[8];
                const uint64_t c = counter++;
                for (int byte = 0; byte < 8; byte++)
                    key[byte] = (unsigned char)(c >> (8 * byte));
                if (j < cases[i].n)
                    assert_int_equal(amq_blocked_add(b, key, sizeof key), AMQ_OK);
                else
                    x += (uint64_t)amq_blocked_query(b, key, sizeof key);
            }
        }
        rate_ctx rc = {cases[i].kind, amq_blocked_nblocks(b), cases[i].kind == AMQ_BLOCKED_SPLIT ? 32 : amq_blocked_block_size(b),
                       cases[i].k, cases[i].n};
        if (cases[i].kind == AMQ_BLOCKED_PARTITIONED)
            rc.inner = amq_blocked_block_size(b);
        if (cases[i].kind == AMQ_BLOCKED_QUOTIENT)
            rc.k = cases[i].k; /* fingerprint bits */
        char what[96];
        snprintf(what, sizeof what, "%s%s, %s hashing (%.1f s)", amq_blocked_kind_name(cases[i].kind),
                 cases[i].w == 4 ? "/4" : cases[i].w == 8 ? "/8" : "",
                 cases[i].kind == AMQ_BLOCKED_SPLIT ? "XXH64 (Parquet)" : amq_hash_name(cases[i].h), now_s() - t0);
        judge(what, x, trials, mid_rate(rate_enc, &rc));
        amq_blocked_free(b);
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
