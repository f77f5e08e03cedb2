/* Sliding-window Bloom kernel (lib_internal/window_kernel.h): capacity, init, add/query, rotation
 * clearing exactly the oldest generation, and, on random sequences (fixed seeds), the whole
 * state against an arithmetic model of which insertions each generation holds - so the window
 * guarantee (every key among the last (g - 1) c insertions is found) and the forgetting
 * bounds (a key's bits are gone after at least (g - 1) c and at most g c - 1 further
 * insertions, both attained) are checked on the real kernel. The planted bugs of
 * tests/support/broken_window.h must be caught by the same checks. Geometry errors. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib_internal/window_check.h>
#include <amq/stats.h>
#include <lib_internal/window_kernel.h>
#include "support/broken_window.h"

/* ---------- a ring in memory ---------- */

typedef struct ring {
    uint64_t m, k, W, g, cap, wpg;
    uint64_t *words; /* g * wpg words: generation i at words + i * wpg */
    uint64_t *gen[AMQ_WINDOW_MAX_G];
    uint64_t count[AMQ_WINDOW_MAX_G];
    uint64_t cur;
    amq_window_add_fn add;
} ring;

static void ring_open(ring *r, uint64_t m, uint64_t k, uint64_t W, uint64_t g, amq_window_add_fn add)
{
    assert_true(g >= 2 && g <= AMQ_WINDOW_MAX_G);
    r->m = m;
    r->k = k;
    r->W = W;
    r->g = g;
    r->cap = amq_window_kernel_capacity(W, g);
    r->wpg = AMQ_BLOOM_WORDS(m);
    r->words = malloc(g * r->wpg * sizeof *r->words);
    assert_non_null(r->words);
    memset(r->words, 0xA5, g * r->wpg * sizeof *r->words); /* garbage: init must clear it */
    for (uint64_t i = 0; i < g; i++) {
        r->gen[i] = r->words + i * r->wpg;
        r->count[i] = 12345;
    }
    r->cur = 7;
    r->add = add ? add : amq_window_kernel_add;
    amq_window_kernel_init(r->gen, r->count, &r->cur, g, m);
}

static void ring_close(ring *r) { free(r->words); }

static void ring_add(ring *r, const uint64_t *idx) { r->add(r->gen, r->count, &r->cur, r->g, r->cap, r->m, idx, (size_t)r->k); }

static int ring_query(const ring *r, const uint64_t *idx)
{
    return amq_window_kernel_query(r->gen, r->g, r->m, idx, (size_t)r->k);
}

static int bit(const uint64_t *w, uint64_t p) { return (int)((w[p / 64] >> (p % 64)) & 1u); }

/* ---------- capacity ---------- */

static void capacity_is_ceiling(void **state)
{
    (void)state;
    for (uint64_t g = 2; g <= 40; g++)
        for (uint64_t W = 1; W <= 300; W++) {
            const uint64_t c = amq_window_kernel_capacity(W, g);
            assert_true(c >= 1);
            assert_true((g - 1) * c >= W);     /* covers the window */
            assert_true((g - 1) * (c - 1) < W); /* and is the least such */
        }
    assert_int_equal(amq_window_kernel_capacity(1, 2), 1);
    assert_int_equal(amq_window_kernel_capacity(10, 2), 10);
    assert_int_equal(amq_window_kernel_capacity(10, 3), 5);
    assert_int_equal(amq_window_kernel_capacity(10, 4), 4);
    assert_int_equal(amq_window_kernel_capacity(1, 64), 1);
    assert_true(amq_window_kernel_capacity(UINT64_MAX, 2) == UINT64_MAX);
    assert_true(amq_window_kernel_capacity(UINT64_MAX, 3) == UINT64_C(1) << 63);
    assert_true(amq_window_kernel_capacity(UINT64_MAX, UINT64_MAX) == 2);
}

/* ---------- init, add, query ---------- */

static void init_clears_everything(void **state)
{
    (void)state;
    ring r;
    ring_open(&r, 130, 3, 5, 4, NULL); /* 130 bits: 3 words per generation, padding bits too */
    assert_int_equal(r.cur, 0);
    for (uint64_t i = 0; i < r.g; i++) {
        assert_int_equal(r.count[i], 0);
        for (uint64_t w = 0; w < r.wpg; w++)
            assert_true(r.gen[i][w] == 0);
    }
    const uint64_t q[3] = {0, 64, 129};
    assert_int_equal(ring_query(&r, q), 0);
    ring_close(&r);
}

static void add_then_query(void **state)
{
    (void)state;
    ring r;
    ring_open(&r, 200, 3, 6, 3, NULL); /* cap 3 */
    const uint64_t x[3] = {5, 5, 199}; /* a repeated index, the last bit */
    const uint64_t y[3] = {6, 70, 128};
    ring_add(&r, x);
    assert_int_equal(ring_query(&r, x), 1);
    assert_int_equal(ring_query(&r, y), 0);
    assert_int_equal(r.count[0], 1);
    assert_int_equal(r.cur, 0);
    /* the vector's bits are set in the current generation only */
    assert_true(bit(r.gen[0], 5) && bit(r.gen[0], 199) && !bit(r.gen[0], 6));
    assert_true(!bit(r.gen[1], 5) && !bit(r.gen[2], 199));
    /* k = 0: the empty vector is present in any ring, even an empty one */
    ring e;
    ring_open(&e, 10, 0, 1, 2, NULL);
    assert_int_equal(ring_query(&e, x), 1);
    ring_close(&e);
    ring_close(&r);
}

/* A query is positive iff one generation holds every index: the bits of x split over two
 * generations do not make x present. */
static void query_needs_one_generation(void **state)
{
    (void)state;
    ring r;
    ring_open(&r, 64, 2, 2, 3, NULL); /* cap 1: every add rotates */
    const uint64_t a[2] = {1, 1}, b[2] = {2, 2}, x[2] = {1, 2};
    ring_add(&r, a); /* generation 0 */
    ring_add(&r, b); /* generation 1 */
    assert_int_equal(ring_query(&r, a), 1);
    assert_int_equal(ring_query(&r, b), 1);
    assert_int_equal(ring_query(&r, x), 0);
    ring_close(&r);
}

/* Rotation: the add that fills the current generation clears the next one (the oldest) and
 * makes it current; every other generation keeps every word; counts follow. */
static void rotation_clears_exactly_the_oldest(void **state)
{
    (void)state;
    amq_rng rng;
    amq_rng_seed(&rng, 11);
    ring r;
    ring_open(&r, 150, 4, 9, 4, NULL); /* cap 3 */
    uint64_t *before = malloc(r.g * r.wpg * sizeof *before);
    assert_non_null(before);
    unsigned rotations = 0;
    for (unsigned step = 0; step < 200; step++) {
        uint64_t x[4];
        for (unsigned t = 0; t < 4; t++)
            x[t] = amq_rng_below(&rng, r.m);
        memcpy(before, r.words, r.g * r.wpg * sizeof *before);
        uint64_t cnt[AMQ_WINDOW_MAX_G];
        memcpy(cnt, r.count, sizeof cnt);
        const uint64_t c = r.cur, next = (c + 1) % r.g;
        const int rotates = cnt[c] + 1 == r.cap;
        ring_add(&r, x);
        for (uint64_t i = 0; i < r.g; i++) {
            const uint64_t *now = r.gen[i], *was = before + i * r.wpg;
            for (uint64_t w = 0; w < r.wpg; w++) {
                uint64_t expect = was[w];
                if (i == c)
                    for (unsigned t = 0; t < 4; t++)
                        if (x[t] / 64 == w)
                            expect |= (uint64_t)1 << (x[t] % 64);
                if (rotates && i == next)
                    expect = 0;
                assert_true(now[w] == expect);
            }
            if (i == c)
                assert_int_equal(r.count[i], cnt[i] + 1);
            else if (rotates && i == next)
                assert_int_equal(r.count[i], 0);
            else
                assert_int_equal(r.count[i], cnt[i]);
        }
        assert_int_equal(r.cur, rotates ? next : c);
        rotations += (unsigned)rotates;
    }
    assert_int_equal(rotations, 200 / 3);
    free(before);
    ring_close(&r);
}

/* ---------- the arithmetic model of the ring ----------
 * Insertion t (1-based) goes to block b(t) = (t - 1) / c, held by generation b(t) mod g.
 * After N insertions the current block is N / c (it has N mod c keys) and the ring holds
 * the blocks N / c - (g - 1) .. N / c: insertion t is held iff b(t) + g - 1 >= N / c. */

static int model_held(uint64_t t, uint64_t N, uint64_t c, uint64_t g) { return (t - 1) / c + g - 1 >= N / c; }

typedef struct seq {
    uint64_t n, k;
    uint64_t *v; /* n vectors of k indices */
} seq;

static void seq_random(seq *s, amq_rng *rng, uint64_t n, uint64_t k, uint64_t m)
{
    s->n = n;
    s->k = k;
    s->v = malloc((n * k + 1) * sizeof *s->v);
    assert_non_null(s->v);
    for (uint64_t i = 0; i < n * k; i++)
        s->v[i] = amq_rng_below(rng, m);
}

/* Mismatches between the ring after N insertions of s and the model (words, counts, cur). */
static unsigned model_mismatches(const ring *r, const seq *s, uint64_t N, uint64_t *scratch)
{
    memset(scratch, 0, r->g * r->wpg * sizeof *scratch);
    uint64_t cnt[AMQ_WINDOW_MAX_G] = {0};
    for (uint64_t t = 1; t <= N; t++) {
        if (!model_held(t, N, r->cap, r->g))
            continue;
        const uint64_t gi = ((t - 1) / r->cap) % r->g;
        cnt[gi]++;
        for (uint64_t j = 0; j < r->k; j++) {
            const uint64_t p = s->v[(t - 1) * r->k + j];
            scratch[gi * r->wpg + p / 64] |= (uint64_t)1 << (p % 64);
        }
    }
    unsigned bad = (r->cur != (N / r->cap) % r->g);
    for (uint64_t i = 0; i < r->g; i++) {
        bad += (r->count[i] != cnt[i]);
        bad += memcmp(r->gen[i], scratch + i * r->wpg, r->wpg * sizeof *scratch) != 0;
    }
    return bad;
}

typedef struct window_tally {
    unsigned long states, model_bad, missed, checked_recent;
    unsigned long forgot_at_least, held_at_most; /* tightness witnesses */
} window_tally;

/* Insert s into a fresh ring through `add`; after every insertion compare with the model and
 * query every key among the last (g - 1) c insertions. */
static void run_window(window_tally *tl, uint64_t m, uint64_t k, uint64_t W, uint64_t g, const seq *s,
                       amq_window_add_fn add)
{
    ring r;
    ring_open(&r, m, k, W, g, add);
    uint64_t *scratch = malloc(g * r.wpg * sizeof *scratch);
    assert_non_null(scratch);
    const uint64_t c = r.cap, window = (g - 1) * c;
    for (uint64_t N = 1; N <= s->n; N++) {
        ring_add(&r, s->v + (N - 1) * k);
        tl->states++;
        tl->model_bad += model_mismatches(&r, s, N, scratch) != 0;
        for (uint64_t t = N >= window ? N - window + 1 : 1; t <= N; t++) {
            tl->checked_recent++;
            tl->missed += ring_query(&r, s->v + (t - 1) * k) != 1;
        }
        /* the bounds in the model: held while N - t < (g-1)c, gone once N - t >= g c - 1 */
        for (uint64_t t = 1; t <= N; t++) {
            const int held = model_held(t, N, c, g);
            if (N - t < window)
                assert_true(held);
            if (N - t >= g * c - 1)
                assert_false(held);
            tl->forgot_at_least += (N - t == window && !held);
            tl->held_at_most += (N - t == g * c - 2 && held);
        }
    }
    free(scratch);
    ring_close(&r);
}

static void window_guarantee_random(void **state)
{
    (void)state;
    amq_rng rng;
    amq_rng_seed(&rng, 20261123);
    window_tally tl = {0, 0, 0, 0, 0, 0};
    const uint64_t geo[][4] = {/* m, k, W, g */
                               {4096, 4, 1, 2},  {4096, 4, 1, 5},   {4096, 3, 7, 2},  {4096, 3, 7, 3},
                               {4096, 5, 10, 4}, {4096, 2, 12, 4},  {2000, 6, 25, 6}, {4096, 4, 64, 64},
                               {64, 4, 9, 3},    {1, 1, 5, 3},      {3, 2, 4, 2},     {700, 1, 31, 7},
                               {8192, 8, 100, 11}};
    for (size_t i = 0; i < sizeof geo / sizeof geo[0]; i++) {
        const uint64_t m = geo[i][0], k = geo[i][1], W = geo[i][2], g = geo[i][3];
        const uint64_t c = amq_window_kernel_capacity(W, g);
        seq s;
        seq_random(&s, &rng, 3 * g * c + 5, k, m); /* several full turns of the ring */
        run_window(&tl, m, k, W, g, &s, NULL);
        free(s.v);
    }
    print_message("window: %lu states equal to the model, %lu recent keys queried\n", tl.states,
                  tl.checked_recent);
    assert_int_equal(tl.model_bad, 0);
    assert_int_equal(tl.missed, 0);
    assert_true(tl.forgot_at_least > 0); /* a key gone exactly (g-1)c insertions later */
    assert_true(tl.held_at_most > 0);    /* a key still held g c - 2 insertions later */
}

/* W = 1, g = 2: cap 1, every add rotates; the ring holds exactly the last key. */
static void window_of_one(void **state)
{
    (void)state;
    ring r;
    ring_open(&r, 1 << 12, 2, 1, 2, NULL);
    const uint64_t a[2] = {10, 20}, b[2] = {30, 40};
    ring_add(&r, a);
    assert_int_equal(ring_query(&r, a), 1);
    assert_int_equal(r.count[0], 1);
    assert_int_equal(r.count[1], 0);
    assert_int_equal(r.cur, 1);
    ring_add(&r, b);
    assert_int_equal(ring_query(&r, b), 1);
    assert_int_equal(ring_query(&r, a), 0); /* forgotten after g c - 1 = 1 insertion */
    ring_close(&r);
}

/* The planted bugs: the model comparison and the window guarantee both catch them. */
static void planted_bugs_caught(void **state)
{
    (void)state;
    const struct {
        amq_window_add_fn add;
        const char *name;
        uint64_t W, g;
    } bugs[] = {{broken_window_add_wraps_early, "wraps early", 6, 3},
                {broken_window_add_wraps_early, "wraps early", 10, 2},
                {broken_window_add_rotates_early, "rotates early", 6, 3},
                {broken_window_add_rotates_early, "rotates early", 10, 5}};
    for (size_t i = 0; i < sizeof bugs / sizeof bugs[0]; i++) {
        amq_rng rng;
        amq_rng_seed(&rng, 99 + i);
        window_tally tl = {0, 0, 0, 0, 0, 0};
        const uint64_t c = amq_window_kernel_capacity(bugs[i].W, bugs[i].g);
        seq s;
        seq_random(&s, &rng, 3 * bugs[i].g * c + 5, 4, 1 << 14);
        run_window(&tl, 1 << 14, 4, bugs[i].W, bugs[i].g, &s, bugs[i].add);
        free(s.v);
        print_message("%s (W=%llu, g=%llu): %lu of %lu states differ from the model, %lu recent keys missed\n",
                      bugs[i].name, (unsigned long long)bugs[i].W, (unsigned long long)bugs[i].g, tl.model_bad,
                      tl.states, tl.missed);
        assert_true(tl.model_bad > 0);
        assert_true(tl.missed > 0);
    }
}

/* ---------- geometry ---------- */

static void geometry_errors(void **state)
{
    (void)state;
    amq_window_geom geo;
    assert_int_equal(amq_window_geom_make(&geo, 1024, 4, 100, 5), AMQ_OK);
    assert_int_equal(geo.cap, 25);
    assert_int_equal(amq_window_state_words(&geo), 1 + 5 + 5 * 16);
    memset(&geo, 0x5A, sizeof geo);
    const amq_window_geom keep = geo;
    assert_int_equal(amq_window_geom_make(&geo, 0, 4, 100, 5), AMQ_E_INVALID_M);
    assert_non_null(strstr(amq_last_error(), "m = 0"));
    assert_int_equal(amq_window_geom_make(&geo, 1024, 1025, 100, 5), AMQ_E_INVALID_K);
    assert_non_null(strstr(amq_last_error(), "k = 1025"));
    assert_int_equal(amq_window_geom_make(&geo, 1024, 4, 0, 5), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "W = 0"));
    assert_int_equal(amq_window_geom_make(&geo, 1024, 4, 100, 1), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "g = 1"));
    assert_int_equal(amq_window_geom_make(&geo, 1024, 4, 100, AMQ_WINDOW_MAX_G + 1), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_window_geom_make(&geo, UINT64_MAX, 4, 100, 64), AMQ_E_OVERFLOW);
    assert_int_equal(amq_window_geom_make(NULL, 1024, 4, 100, 5), AMQ_E_INVALID_ARG);
    assert_memory_equal(&geo, &keep, sizeof geo); /* failures change nothing */
    /* a descriptor refuses a capacity that is not ceil(W / (g - 1)) */
    amq_window_desc d = {{16, 2, 4, 3, 2}, NULL};
    amq_ops kn;
    assert_int_equal(amq_ops_window(&kn, &d), AMQ_OK);
    assert_int_equal(kn.state_words, 1 + 3 + 3);
    d.geo.cap = 3;
    assert_int_equal(amq_ops_window(&kn, &d), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "capacity 3"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(capacity_is_ceiling),
        cmocka_unit_test(init_clears_everything),
        cmocka_unit_test(add_then_query),
        cmocka_unit_test(query_needs_one_generation),
        cmocka_unit_test(rotation_clears_exactly_the_oldest),
        cmocka_unit_test(window_guarantee_random),
        cmocka_unit_test(window_of_one),
        cmocka_unit_test(planted_bugs_caught),
        cmocka_unit_test(geometry_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
