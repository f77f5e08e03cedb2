/* Cross-checks of the compiled counting Bloom kernels (both widths) against the
 * exact theory (issue 4): exhaustive enumeration must give the Bloom rational
 * (Ceramist Theorem 8) and, with removals, the Bloom rational for n - r keys
 * exactly where no saturation can interfere - and must differ where it can; the
 * Monte Carlo test must pass for the real kernels, with and without removals;
 * both checks must flag deliberately broken kernels (support/broken_counting.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <amq/check.h>
#include <amq/spec_counting.h>
#include <lib_internal/check_kernels.h>
#include "support/assert_mpq.h"
#include "support/broken_counting.h"

static const unsigned widths[2] = {4, 8};
static unsigned cmax(unsigned width) { return width == 4 ? 15u : 255u; }
/* Processor time (the machine is often shared: wall time would mislead). */
static double now_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* ---------------- grids ----------------
 * Every (m, k, n) with m <= 16, k >= 1, n >= 0 and m^{k(n+1)} <= limit (for m = 1,
 * which has one outcome whatever k and n, k(n+1) <= log2(limit): the exponents
 * m = 2 reaches). The removal grid adds every r in [1, n]. */
typedef struct point {
    uint64_t m, k, n, r;
} point;

/* m^e if <= limit, else 0. */
static uint64_t pow_le(uint64_t m, uint64_t e, uint64_t limit)
{
    uint64_t v = 1;
    for (uint64_t i = 0; i < e; i++) {
        if (m > 1 && v > limit / m)
            return 0;
        v *= m;
    }
    return v;
}

static unsigned log2_u64(uint64_t x)
{
    unsigned l = 0;
    while (x >>= 1)
        l++;
    return l;
}

/* Calls f on every point; returns the number of points. */
static unsigned long grid_each(uint64_t limit, int removals, void (*f)(const point *, void *),
                               void *ctx)
{
    unsigned long count = 0;
    for (uint64_t m = 1; m <= 16; m++)
        for (uint64_t k = 1; k <= log2_u64(limit); k++)
            for (uint64_t n = 0;; n++) {
                if (m == 1 ? k * (n + 1) > log2_u64(limit) : pow_le(m, k * (n + 1), limit) == 0)
                    break;
                for (uint64_t r = removals ? 1 : 0; r <= (removals ? n : 0); r++) {
                    point p = {m, k, n, r};
                    f(&p, ctx);
                    count++;
                }
            }
    return count;
}

typedef struct grid_ctx {
    unsigned width;
    mpq_t e, a, b;
    unsigned long errors, equal, differ, wrong;
    uint64_t outcomes;
} grid_ctx;

static void grid_error(grid_ctx *c, const point *p)
{
    if (c->errors++ < 5)
        print_message("error at width=%u m=%llu k=%llu n=%llu r=%llu: %s\n", c->width,
                      (unsigned long long)p->m, (unsigned long long)p->k, (unsigned long long)p->n,
                      (unsigned long long)p->r, amq_last_error());
}

/* ---------------- 1. no removals: exactly the Bloom rate ---------------- */

#define PLAIN_LIMIT (UINT64_C(1) << 20)
/* Counted independently (a short script over the same definition). */
#define PLAIN_POINTS 348ul
#define PLAIN_OUTCOMES UINT64_C(38202343)

static void grid_plain(const point *p, void *vctx)
{
    grid_ctx *c = vctx;
    if (amq_check_counting_enum_fp(c->e, p->m, p->k, c->width, p->n, 0, NULL) != AMQ_OK ||
        amq_counting_fp_exact(c->a, p->m, p->k, p->n) != AMQ_OK ||
        amq_bloom_fp_exact(c->b, p->m, p->k, p->n) != AMQ_OK) {
        grid_error(c, p);
        return;
    }
    c->outcomes += pow_le(p->m, p->k * (p->n + 1), UINT64_MAX);
    if (mpq_equal(c->e, c->a) && mpq_equal(c->e, c->b))
        c->equal++;
    else if (c->wrong++ < 5)
        gmp_printf("width %u m=%llu k=%llu n=%llu: enumeration %Qd, exact %Qd\n", c->width,
                   (unsigned long long)p->m, (unsigned long long)p->k, (unsigned long long)p->n,
                   c->e, c->a);
}

/* Saturation included (4-bit, k*n >= 15 on many points): without removals it
 * never changes which counters are nonzero, so the rate is the Bloom rate. */
static void enum_grid_equals_bloom(void **state)
{
    (void)state;
    for (size_t w = 0; w < 2; w++) {
        grid_ctx c;
        memset(&c, 0, sizeof c);
        c.width = widths[w];
        mpq_inits(c.e, c.a, c.b, (mpq_ptr)0);
        double t0 = now_s();
        unsigned long points = grid_each(PLAIN_LIMIT, 0, grid_plain, &c);
        print_message("width %u: %lu points, %llu outcomes, %.2f s CPU\n", c.width, points,
                      (unsigned long long)c.outcomes, now_s() - t0);
        assert_int_equal(c.errors, 0);
        assert_int_equal(c.wrong, 0);
        assert_int_equal(points, PLAIN_POINTS);
        assert_int_equal(c.equal, PLAIN_POINTS);
        assert_true(c.outcomes == PLAIN_OUTCOMES);
        mpq_clears(c.e, c.a, c.b, (mpq_ptr)0);
    }
}

/* ---------------- 2. removals: Bloom rate for n - r, unless saturation ----------------
 * The real state dominates the ideal (unsaturated) one: a counter either holds
 * its true count or is stuck at its maximum, so every query positive in the ideal
 * state is positive in the real one and the rate can only be higher. It IS higher
 * exactly when some outcome leaves a stuck counter whose true count is 0: all of
 * its at least cmax increments came from the r removed keys (k*r >= cmax), and no
 * kept key touches it, which some outcome arranges when m >= 2, and when m = 1
 * only if every key is removed (r = n). */
#define REMOVAL_LIMIT (UINT64_C(1) << 18)
#define REMOVAL_POINTS 708ul
#define REMOVAL_OUTCOMES UINT64_C(27569109)

static int saturation_shows(unsigned width, const point *p)
{
    return p->k * p->r >= cmax(width) && (p->m >= 2 || p->r == p->n);
}

static void grid_removals(const point *p, void *vctx)
{
    grid_ctx *c = vctx;
    if (amq_check_counting_enum_fp(c->e, p->m, p->k, c->width, p->n, p->r, NULL) != AMQ_OK ||
        amq_counting_fp_after_removals(c->a, p->m, p->k, p->n, p->r) != AMQ_OK) {
        grid_error(c, p);
        return;
    }
    c->outcomes += pow_le(p->m, p->k * (p->n + 1), UINT64_MAX);
    int eq = mpq_equal(c->e, c->a) != 0, shows = saturation_shows(c->width, p);
    c->equal += (unsigned long)eq;
    c->differ += (unsigned long)!eq;
    if ((eq && shows) || (!eq && (!shows || mpq_cmp(c->e, c->a) < 0))) {
        if (c->wrong++ < 5)
            gmp_printf("width %u m=%llu k=%llu n=%llu r=%llu: enumeration %Qd, Bloom(n-r) %Qd\n",
                       c->width, (unsigned long long)p->m, (unsigned long long)p->k,
                       (unsigned long long)p->n, (unsigned long long)p->r, c->e, c->a);
    } else if (!eq && c->differ <= 3) {
        gmp_printf("  saturation: width %u m=%llu k=%llu n=%llu r=%llu: %Qd > Bloom(n-r) %Qd\n",
                   c->width, (unsigned long long)p->m, (unsigned long long)p->k,
                   (unsigned long long)p->n, (unsigned long long)p->r, c->e, c->a);
    }
}

static void enum_removals_grid(void **state)
{
    (void)state;
    /* 4-bit: points where saturation shows (counted by the same script). */
    static const unsigned long differ[2] = {13, 0};
    for (size_t w = 0; w < 2; w++) {
        grid_ctx c;
        memset(&c, 0, sizeof c);
        c.width = widths[w];
        mpq_inits(c.e, c.a, c.b, (mpq_ptr)0);
        double t0 = now_s();
        unsigned long points = grid_each(REMOVAL_LIMIT, 1, grid_removals, &c);
        print_message("width %u, removals: %lu points (%lu = Bloom(n-r), %lu above), %llu "
                      "outcomes, %.2f s CPU\n", c.width, points, c.equal, c.differ,
                      (unsigned long long)c.outcomes, now_s() - t0);
        assert_int_equal(c.errors, 0);
        assert_int_equal(c.wrong, 0);
        assert_int_equal(points, REMOVAL_POINTS);
        assert_true(c.outcomes == REMOVAL_OUTCOMES);
        assert_int_equal(c.differ, differ[w]);
        mpq_clears(c.e, c.a, c.b, (mpq_ptr)0);
    }
}

/* Hand values, also from an independent brute force of the sticky-counter model. */
static void enum_saturation_counterexample(void **state)
{
    (void)state;
    mpq_t e, a;
    mpq_inits(e, a, (mpq_ptr)0);
    /* m = 1, k = 4, n = r = 4: 16 increments stick the one 4-bit counter at 15; the
     * removals cannot take it down, so the query is always positive. Bloom(0) = 0. */
    assert_int_equal(amq_check_counting_enum_fp(e, 1, 4, 4, 4, 4, NULL), AMQ_OK);
    assert_int_equal(amq_counting_fp_after_removals(a, 1, 4, 4, 4), AMQ_OK);
    gmp_printf("m=1 k=4 n=r=4: 4-bit %Qd, Bloom(n-r) %Qd\n", e, a);
    assert_mpq_ui(e, 1, 1);
    assert_mpq_ui(a, 0, 1);
    assert_false(mpq_equal(e, a));
    assert_int_equal(amq_check_counting_enum_fp(e, 1, 4, 8, 4, 4, NULL), AMQ_OK);
    assert_true(mpq_equal(e, a)); /* 8 bits: 16 < 255 */
    /* The boundary: reaching 15 is saturation (k*n = 15), 14 is not. */
    assert_int_equal(amq_check_counting_enum_fp(e, 1, 3, 4, 5, 5, NULL), AMQ_OK);
    assert_mpq_ui(e, 1, 1);
    assert_int_equal(amq_check_counting_enum_fp(e, 1, 2, 4, 7, 7, NULL), AMQ_OK);
    assert_mpq_ui(e, 0, 1);
    /* m = 2, k = 4, n = r = 4: 34 of the 2^16 insert outcomes put >= 15 of the 16
     * indices on one counter, which sticks at 15 while the other returns to 0; the
     * query hits it with probability 1/16: 34/2^20 = 17/524288, not 0. */
    assert_int_equal(amq_check_counting_enum_fp(e, 2, 4, 4, 4, 4, NULL), AMQ_OK);
    gmp_printf("m=2 k=4 n=r=4: 4-bit %Qd, Bloom(n-r) 0\n", e);
    assert_mpq_ui(e, 17, 524288);
    assert_int_equal(amq_check_counting_enum_fp(e, 2, 4, 8, 4, 4, NULL), AMQ_OK);
    assert_mpq_ui(e, 0, 1);
    /* Saturation possible (k*n = 16) but k*r = 12 < 15: the Bloom rate holds. */
    assert_int_equal(amq_check_counting_enum_fp(e, 2, 4, 4, 4, 3, NULL), AMQ_OK);
    assert_int_equal(amq_counting_fp_after_removals(a, 2, 4, 4, 3), AMQ_OK);
    assert_true(mpq_equal(e, a));
    assert_mpq_ui(e, 113, 128);
    /* Without removals saturation is invisible, and so is the width. */
    assert_int_equal(amq_check_counting_enum_fp(e, 2, 4, 4, 4, 0, NULL), AMQ_OK);
    assert_int_equal(amq_counting_fp_exact(a, 2, 4, 4), AMQ_OK);
    assert_true(mpq_equal(e, a));
    assert_int_equal(amq_check_counting_enum_fp(e, 2, 2, 8, 1, 0, NULL), AMQ_OK);
    assert_mpq_ui(e, 5, 8);
    mpq_clears(e, a, (mpq_ptr)0);
}

/* ---------------- planted bugs: the enumeration ---------------- */

/* On EVERY point of m in [2,6], k in [1,3], n in [1,3] (r in [1,n] for removal
 * bugs) within 2^16 outcomes, the broken kernel's enumeration differs from the
 * theory while the real kernel's equals it - except the saturation bug, which is
 * invisible there (no saturation) and caught by the refused removal instead. */
static void enum_flags_broken_kernels(void **state)
{
    (void)state;
    mpq_t e, a;
    mpq_inits(e, a, (mpq_ptr)0);
    for (size_t b = 0; b < N_BROKEN_COUNTING; b++) {
        const broken_counting *bk = &broken_countings[b];
        unsigned long points = 0, flagged = 0;
        for (uint64_t m = 2; m <= 6; m++)
            for (uint64_t k = 1; k <= 3; k++)
                for (uint64_t n = 1; n <= 3; n++)
                    for (uint64_t r = bk->removal_bug; r <= (bk->removal_bug ? n : 0); r++) {
                        if (pow_le(m, k * (n + 1), UINT64_C(1) << 16) == 0)
                            continue;
                        assert_int_equal(amq_counting_fp_after_removals(a, m, k, n, r), AMQ_OK);
                        assert_int_equal(amq_check_counting_enum_fp(e, m, k, bk->width, n, r, NULL),
                                         AMQ_OK);
                        assert_true(mpq_equal(e, a));
                        assert_int_equal(amq_check_counting_enum_fp(e, m, k, bk->width, n, r,
                                                                    &bk->ops), AMQ_OK);
                        points++;
                        flagged += !mpq_equal(e, a);
                    }
        print_message("enumeration flags '%s' on %lu of %lu points\n", bk->ops.name, flagged, points);
        assert_true(points >= 30);
        assert_int_equal(flagged, bk->saturation_only ? 0 : points);
    }
    /* The saturation bug: the fourth removal of an inserted key is refused. */
    const amq_counting_ops *unsticky = &broken_countings[BROKEN_UNSTICKY].ops;
    assert_int_equal(amq_check_counting_enum_fp(e, 1, 4, 4, 4, 4, unsticky), AMQ_E_NOT_PRESENT);
    print_message("'%s': %s\n", unsticky->name, amq_last_error());
    assert_non_null(strstr(amq_last_error(), "refused to remove inserted vector 3"));
    mpq_clears(e, a, (mpq_ptr)0);
}

static void enum_descriptor_and_errors(void **state)
{
    (void)state;
    amq_ops kn;
    mpq_t e;
    mpq_init(e);
    assert_int_equal(amq_ops_counting(&kn, 5, 2, 4, NULL), AMQ_OK);
    assert_string_equal(kn.name, "counting4");
    assert_int_equal(kn.state_words, 1); /* 3 bytes */
    assert_true(amq_ops_can_remove(&kn));
    assert_int_equal(amq_ops_counting(&kn, 17, 2, 4, NULL), AMQ_OK);
    assert_int_equal(kn.state_words, 2); /* 9 bytes */
    assert_int_equal(amq_ops_counting(&kn, 17, 2, 8, NULL), AMQ_OK);
    assert_int_equal(kn.state_words, 3); /* 17 bytes */
    assert_string_equal(kn.name, "counting8");
    /* Multi-word state through the enumeration (m = 17, 4-bit: 2 words). */
    mpq_t a;
    mpq_init(a);
    assert_int_equal(amq_check_counting_enum_fp(e, 17, 1, 4, 3, 1, NULL), AMQ_OK);
    assert_int_equal(amq_counting_fp_after_removals(a, 17, 1, 3, 1), AMQ_OK);
    assert_true(mpq_equal(e, a));
    mpq_clear(a);
    assert_int_equal(amq_ops_counting(&kn, 5, 2, 5, NULL), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_ops_counting(&kn, 0, 2, 8, NULL), AMQ_E_INVALID_M);
    assert_null(amq_counting_ops_real(16));
    amq_counting_ops no_remove = *amq_counting_ops_real(8);
    no_remove.remove = NULL;
    assert_int_equal(amq_ops_counting(&kn, 5, 2, 8, &no_remove), AMQ_OK);
    assert_false(amq_ops_can_remove(&kn));
    assert_int_equal(amq_check_enum_fp_removals(e, &kn, 2, 1, NULL, NULL), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_check_enum_fp_removals(e, &kn, 2, 0, NULL, NULL), AMQ_OK);
    no_remove.query = NULL;
    assert_int_equal(amq_ops_counting(&kn, 5, 2, 8, &no_remove), AMQ_E_INVALID_ARG);
    /* r > n; a Bloom kernel cannot remove. */
    assert_int_equal(amq_check_counting_enum_fp(e, 4, 2, 8, 2, 3, NULL), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_ops_bloom(&kn, 8, 2, NULL, NULL), AMQ_OK);
    assert_false(amq_ops_can_remove(&kn));
    assert_int_equal(amq_check_enum_fp_removals(e, &kn, 2, 1, NULL, NULL), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_check_counting_enum_fp(e, 2, 40, 8, 0, 0, NULL), AMQ_E_TOO_LARGE);
    mpq_clear(e);
}

/* ---------------- 3. Monte Carlo ---------------- */

/* Trials: the full 2e5 for the 4-bit kernel with the random oracle, fewer for the
 * rest (the suite runs twice, once under ASan); the planted bugs are still
 * flagged by a wide margin (p-values below 1e-15). */
#define MC_TRIALS UINT64_C(200000)
#define MC_TRIALS_SHORT UINT64_C(50000)

static void report(const char *what, const amq_check_report *r)
{
    print_message("%-28s w=%u m=%llu k=%llu n=%llu r=%llu %-11s: %llu/%llu = %.6f, exact %.6f, "
                  "p-value %.3g (log10 %.1f) -> %s\n",
                  what, r->width, (unsigned long long)r->m, (unsigned long long)r->k,
                  (unsigned long long)r->n, (unsigned long long)r->removals,
                  amq_check_hash_name(r->hash), (unsigned long long)r->test.positives,
                  (unsigned long long)r->test.trials, r->test.estimate, r->test.expected,
                  r->test.p_value, r->test.log10_p_value, r->test.pass ? "pass" : "FAIL");
}

static amq_check_report run_mc(unsigned width, uint64_t m, uint64_t k, uint64_t n, uint64_t r,
                               int hash, uint64_t seed, uint64_t trials, const amq_counting_ops *ops)
{
    amq_mc_config cfg = {.n = n, .trials = trials, .seed = seed, .hash = hash, .removals = r};
    amq_check_report rep;
    memset(&rep, 0, sizeof rep);
    amq_status st = amq_check_counting_mc(&rep, m, k, width, &cfg, AMQ_CHECK_ALPHA_DEFAULT, ops);
    if (st != AMQ_OK)
        print_message("amq_check_counting_mc: %s\n", amq_last_error());
    assert_int_equal(st, AMQ_OK);
    assert_true(rep.test.trials == trials && rep.removals == r && rep.width == width);
    report(ops ? ops->name : "real kernel", &rep);
    return rep;
}

static void assert_pass(const amq_check_report *r)
{
    assert_true(r->test.pass);
    assert_true(r->test.p_value >= AMQ_CHECK_ALPHA_DEFAULT);
    assert_true(r->test.ci_lower <= r->test.expected && r->test.expected <= r->test.ci_upper);
}

/* Both widths, random oracle and every real hashing strategy, at a realistic size.
 * (Distinct seeds per width: with the same seed both widths give the same count,
 * see mc_counting_matches_bloom_pointwise.) */
static void mc_real_kernels_pass(void **state)
{
    (void)state;
    for (size_t w = 0; w < 2; w++)
        for (int h = AMQ_CHECK_RANDOM_ORACLE; h <= AMQ_HASH_ENHANCED; h++) {
            /* real hashing alternates the widths, to keep the run short */
            if (h != AMQ_CHECK_RANDOM_ORACLE && (size_t)(h % 2) != w)
                continue;
            int full = h == AMQ_CHECK_RANDOM_ORACLE && widths[w] == 4;
            amq_check_report r = run_mc(widths[w], 1024, 4, 100, 0, h, 11 + (uint64_t)h + 100 * w,
                                        full ? MC_TRIALS : MC_TRIALS_SHORT, NULL);
            assert_pass(&r);
        }
}

/* n = 100 adds, r removals, against the Bloom rate for n - r; r = n leaves an
 * empty filter, so the count must be exactly 0. */
static void mc_removals_pass(void **state)
{
    (void)state;
    for (size_t w = 0; w < 2; w++) {
        amq_check_report r = run_mc(widths[w], 1024, 4, 100, 50, AMQ_CHECK_RANDOM_ORACLE, 21 + w,
                                    MC_TRIALS_SHORT, NULL);
        assert_pass(&r);
        r = run_mc(widths[w], 1024, 4, 100, 50, AMQ_HASH_ENHANCED, 23 + w, MC_TRIALS_SHORT, NULL);
        assert_pass(&r);
        r = run_mc(widths[w], 1024, 4, 100, 100, AMQ_HASH_DOUBLE, 25 + w, 5000, NULL);
        assert_true(r.test.positives == 0 && r.test.expected == 0.0 && r.test.pass);
    }
}

/* Same seed, same index stream: by Theorem 8 (pointwise) the counting kernels and
 * the Bloom kernel answer every trial alike, so the counts are equal, not just close. */
static void mc_counting_matches_bloom_pointwise(void **state)
{
    (void)state;
    amq_ops bloom, cnt;
    assert_int_equal(amq_ops_bloom(&bloom, 200, 3, NULL, NULL), AMQ_OK);
    for (int h = AMQ_CHECK_RANDOM_ORACLE; h <= AMQ_HASH_ENHANCED; h++)
        for (size_t w = 0; w < 2; w++) {
            amq_mc_config cfg = {.n = 60, .trials = 5000, .seed = 5, .hash = h};
            uint64_t xb = 0, xc = 1;
            assert_int_equal(amq_ops_counting(&cnt, 200, 3, widths[w], NULL), AMQ_OK);
            assert_int_equal(amq_check_mc(&bloom, &cfg, &xb), AMQ_OK);
            assert_int_equal(amq_check_mc(&cnt, &cfg, &xc), AMQ_OK);
            assert_true(xb == xc && xb > 0);
        }
}

/* Power: the broken kernels FAIL at the same realistic size where the real ones
 * pass (the tests above), with the random oracle and with real hashing. */
static void mc_flags_broken_kernels(void **state)
{
    (void)state;
    for (size_t b = 0; b < N_BROKEN_COUNTING; b++) {
        const broken_counting *bk = &broken_countings[b];
        uint64_t r = bk->removal_bug ? 50 : 0;
        if (bk->saturation_only) /* no saturation at this size: see mc_saturation */
            continue;
        for (int h = AMQ_CHECK_RANDOM_ORACLE; h <= AMQ_HASH_ENHANCED; h += AMQ_HASH_ENHANCED + 1) {
            amq_check_report rep = run_mc(bk->width, 1024, 4, 100, r, h, 31, MC_TRIALS_SHORT, &bk->ops);
            assert_false(rep.test.pass);
            assert_true(rep.test.p_value < AMQ_CHECK_ALPHA_DEFAULT);
            assert_true(rep.test.expected < rep.test.ci_lower || rep.test.expected > rep.test.ci_upper);
        }
    }
}

/* The saturation counterexample seen by the Monte Carlo: the real 4-bit kernel is
 * always positive where Bloom(0) says never (a FAIL with p-value 0: the identity
 * does not hold there); 8 bits pass; the unsticky remove is refused. */
static void mc_saturation(void **state)
{
    (void)state;
    amq_check_report r = run_mc(4, 1, 4, 4, 4, AMQ_CHECK_RANDOM_ORACLE, 1, 1000, NULL);
    assert_true(r.test.positives == 1000 && r.test.expected == 0.0);
    assert_false(r.test.pass);
    assert_true(r.test.p_value == 0.0);
    r = run_mc(8, 1, 4, 4, 4, AMQ_CHECK_RANDOM_ORACLE, 1, 1000, NULL);
    assert_true(r.test.positives == 0 && r.test.pass);
    amq_mc_config cfg = {.n = 4, .trials = 10, .seed = 1, .hash = AMQ_CHECK_RANDOM_ORACLE,
                         .removals = 4};
    const amq_counting_ops *unsticky = &broken_countings[BROKEN_UNSTICKY].ops;
    assert_int_equal(amq_check_counting_mc(&r, 1, 4, 4, &cfg, 1e-6, unsticky), AMQ_E_NOT_PRESENT);
    assert_non_null(strstr(amq_last_error(), "refused to remove inserted key 3 of trial 0"));
}

static void mc_argument_errors(void **state)
{
    (void)state;
    amq_check_report r;
    amq_ops kn;
    uint64_t x;
    amq_mc_config cfg = {.n = 4, .trials = 10, .seed = 1, .hash = AMQ_CHECK_RANDOM_ORACLE,
                         .removals = 5};
    assert_int_equal(amq_check_counting_mc(&r, 64, 2, 8, &cfg, 1e-6, NULL), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_ops_counting(&kn, 64, 2, 8, NULL), AMQ_OK);
    assert_int_equal(amq_check_mc(&kn, &cfg, &x), AMQ_E_INVALID_ARG);
    cfg.removals = 1;
    assert_int_equal(amq_check_counting_mc(&r, 64, 2, 6, &cfg, 1e-6, NULL), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_check_counting_mc(&r, 64, 0, 8, &cfg, 1e-6, NULL), AMQ_E_INVALID_K);
    assert_int_equal(amq_check_counting_mc(&r, 0, 2, 8, &cfg, 1e-6, NULL), AMQ_E_INVALID_M);
    assert_int_equal(amq_check_counting_mc(&r, 64, 2, 8, &cfg, 0.0, NULL), AMQ_E_INVALID_ARG);
    /* Bloom has no remove: removals are refused, not ignored. */
    assert_int_equal(amq_check_bloom_mc(&r, 64, 2, &cfg, 1e-6, NULL, NULL), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "remove"));
    cfg.removals = 0;
    assert_int_equal(amq_check_bloom_mc(&r, 64, 2, &cfg, 1e-6, NULL, NULL), AMQ_OK);
    assert_true(r.removals == 0 && r.width == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(enum_descriptor_and_errors),
        cmocka_unit_test(enum_saturation_counterexample),
        cmocka_unit_test(enum_grid_equals_bloom),
        cmocka_unit_test(enum_removals_grid),
        cmocka_unit_test(enum_flags_broken_kernels),
        cmocka_unit_test(mc_counting_matches_bloom_pointwise),
        cmocka_unit_test(mc_real_kernels_pass),
        cmocka_unit_test(mc_removals_pass),
        cmocka_unit_test(mc_flags_broken_kernels),
        cmocka_unit_test(mc_saturation),
        cmocka_unit_test(mc_argument_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
