/* Quotient filter kernel: differential tests against a multiset model, edge cases,
 * iteration, and the executable invariant check (which must also reject corrupt tables). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <lib_internal/quotient_kernel.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- fixtures ---- */

typedef struct table {
    amq_qf qf; /* over a compact slot store (lib_internal/quotient_slots.h) */
} table;

static void table_open(table *t, uint64_t q, uint64_t r, uint64_t slack)
{
    uint64_t n = AMQ_QF_HOME_SLOTS(q) + slack;
    assert_true(amq_quotient_kernel_params_ok(q, r, n));
    const uint64_t rb = amq_quotient_slots_rem_bytes(r), mw = amq_quotient_slots_meta_words(n);
    const uint64_t w16 = amq_quotient_slots_rem16_words(rb, n), w32 = amq_quotient_slots_rem32_words(rb, n);
    amq_quotient_slots st = {.n = n, .rbytes = rb};
    st.rem16 = w16 ? calloc(w16, sizeof(uint16_t)) : NULL;
    st.rem32 = w32 ? calloc(w32, sizeof(uint32_t)) : NULL;
    st.meta = calloc(mw, sizeof(uint16_t));
    assert_true((st.rem16 != NULL) == (w16 != 0) && (st.rem32 != NULL) == (w32 != 0));
    assert_non_null(st.meta);
    memset(st.meta, 0xA5, mw * sizeof(uint16_t)); /* clear must really clear */
    t->qf = (amq_qf){.q = q, .r = r, .nslots = n, .count = 12345, .slots = st};
    amq_quotient_kernel_clear(&t->qf);
    assert_int_equal(amq_quotient_kernel_count(&t->qf), 0);
    assert_int_equal(amq_quotient_kernel_check_invariant(&t->qf), 0);
}

static void table_close(table *t)
{
    free(t->qf.slots.rem16);
    free(t->qf.slots.rem32);
    free(t->qf.slots.meta);
}

/* Slot k's metadata and remainder, and writes of them (planted corruption). */
static uint8_t meta_at(const amq_qf *qf, uint64_t k) { return amq_quotient_slots_meta(qf->slots, k); }
static uint64_t rem_at(const amq_qf *qf, uint64_t k) { return amq_quotient_slots_rem(qf->slots, k); }
static void set_meta(table *t, uint64_t k, uint64_t v) { amq_quotient_slots_set_meta(t->qf.slots, k, (uint8_t)v); }
static void set_rem(table *t, uint64_t k, uint64_t v) { amq_quotient_slots_set_rem(t->qf.slots, k, v); }

/* Full copy of a table's state (every slot), to check that failed operations change nothing. */
typedef struct snapshot {
    uint64_t count, n;
    uint64_t *rem;
    uint8_t *meta;
} snapshot;

static void snap_take(snapshot *s, const amq_qf *qf)
{
    s->count = qf->count;
    s->n = qf->nslots;
    s->rem = malloc(s->n * sizeof *s->rem);
    s->meta = malloc(s->n);
    assert_non_null(s->rem);
    assert_non_null(s->meta);
    for (uint64_t k = 0; k < s->n; k++) {
        s->rem[k] = rem_at(qf, k);
        s->meta[k] = meta_at(qf, k);
    }
}

static void snap_same(const snapshot *s, const amq_qf *qf)
{
    assert_int_equal(qf->count, s->count);
    assert_int_equal(qf->nslots, s->n);
    for (uint64_t k = 0; k < s->n; k++) {
        assert_int_equal(rem_at(qf, k), s->rem[k]);
        assert_int_equal(meta_at(qf, k), s->meta[k]);
    }
}

static void snap_free(snapshot *s)
{
    free(s->rem);
    free(s->meta);
}

/* ---- the model: a sorted multiset of (fq, fr) ---- */

typedef struct fp {
    uint64_t fq, fr;
} fp;

typedef struct model {
    fp *v;
    size_t len, cap;
} model;

static int fp_cmp(fp a, fp b)
{
    if (a.fq != b.fq)
        return a.fq < b.fq ? -1 : 1;
    if (a.fr != b.fr)
        return a.fr < b.fr ? -1 : 1;
    return 0;
}

static void model_init(model *m, size_t cap)
{
    m->v = malloc((cap ? cap : 1) * sizeof *m->v);
    assert_non_null(m->v);
    m->len = 0;
    m->cap = cap;
}

/* First index whose element is >= f. */
static size_t model_lower(const model *m, fp f)
{
    size_t lo = 0, hi = m->len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (fp_cmp(m->v[mid], f) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int model_has(const model *m, fp f)
{
    size_t i = model_lower(m, f);
    return i < m->len && fp_cmp(m->v[i], f) == 0;
}

static size_t model_mult(const model *m, fp f)
{
    size_t i = model_lower(m, f), k = 0;
    while (i + k < m->len && fp_cmp(m->v[i + k], f) == 0)
        k++;
    return k;
}

static void model_add(model *m, fp f)
{
    assert_true(m->len < m->cap);
    size_t i = model_lower(m, f);
    memmove(m->v + i + 1, m->v + i, (m->len - i) * sizeof *m->v);
    m->v[i] = f;
    m->len++;
}

static void model_del(model *m, fp f)
{
    size_t i = model_lower(m, f);
    assert_true(i < m->len && fp_cmp(m->v[i], f) == 0);
    memmove(m->v + i, m->v + i + 1, (m->len - i - 1) * sizeof *m->v);
    m->len--;
}

/* ---- checks shared by the tests ---- */

/* Iteration yields exactly the model, in (fq, fr) order, copies included. */
static void check_iteration(const amq_qf *qf, const model *m)
{
    amq_qf_iter it;
    amq_quotient_kernel_iter_init(&it);
    uint64_t fq = 0, fr = 0;
    size_t k = 0;
    while (amq_quotient_kernel_next(qf, &it, &fq, &fr)) {
        assert_true(k < m->len);
        assert_int_equal(fq, m->v[k].fq);
        assert_int_equal(fr, m->v[k].fr);
        k++;
    }
    assert_int_equal(k, m->len);
    assert_int_equal(it.slot, qf->nslots);
    assert_int_equal(amq_quotient_kernel_next(qf, &it, &fq, &fr), 0); /* stays finished */
}

static int has_free_from(const amq_qf *qf, uint64_t fq)
{
    for (uint64_t k = fq; k < qf->nslots; k++)
        if (meta_at(qf, k) == 0)
            return 1;
    return 0;
}

static void check_state(const amq_qf *qf, const model *m)
{
    assert_int_equal(amq_quotient_kernel_check_invariant(qf), 0);
    assert_int_equal(amq_quotient_kernel_count(qf), m->len);
}

/* ---- random numbers (fixed seeds) ---- */

static uint64_t rng_next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 2685821657736338717ull;
}

static uint64_t rng_below(uint64_t *s, uint64_t bound) /* bound >= 1 */
{
    return rng_next(s) % bound;
}

static uint64_t mask_bits(uint64_t bits)
{
    return bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1u;
}

/* A fingerprint from a small universe, so that copies, shared quotients and long clusters
 * are common; quotients are biased to the top of the table (where clusters hit the end). */
static fp random_fp(uint64_t *s, uint64_t q, uint64_t r)
{
    uint64_t home = AMQ_QF_HOME_SLOTS(q), rmax = mask_bits(r);
    fp f;
    uint64_t k = rng_below(s, 8);
    if (k == 0)
        f.fq = home - 1u;
    else if (k == 1)
        f.fq = home - 1u - rng_below(s, home < 4 ? home : 4);
    else
        f.fq = rng_below(s, home);
    uint64_t j = rng_below(s, 8);
    if (r <= 4)
        f.fr = rng_below(s, rmax + 1u);
    else if (j == 0)
        f.fr = 0;
    else if (j == 1)
        f.fr = rmax;
    else if (j == 2)
        f.fr = rmax >> 1;
    else
        f.fr = rng_below(s, 6) * (rmax / 7u); /* a few values spread over [0, 2^r) */
    return f;
}

/* ---- the differential test ---- */

typedef struct stats {
    uint64_t ins_ok, ins_full, ins_noroom, del_ok, del_absent, q_yes, q_no;
} stats;

/* One insert / delete / query, checked against the model; returns nothing, asserts. */
static void step(table *t, model *m, uint64_t *seed, stats *st)
{
    amq_qf *qf = &t->qf;
    uint64_t k = rng_below(seed, 100);
    fp f;
    if (k < 20 && m->len > 0) /* often pick a stored fingerprint */
        f = m->v[rng_below(seed, m->len)];
    else
        f = random_fp(seed, qf->q, qf->r);
    if (k < 45) {
        snapshot s;
        snap_take(&s, qf);
        int full = qf->count == qf->nslots, room = has_free_from(qf, f.fq);
        int rc = amq_quotient_kernel_insert(qf, f.fq, f.fr);
        if (full) {
            assert_int_equal(rc, 1);
            snap_same(&s, qf);
            st->ins_full++;
        } else if (!room) {
            assert_int_equal(rc, 2);
            snap_same(&s, qf);
            st->ins_noroom++;
        } else {
            assert_int_equal(rc, 0);
            model_add(m, f);
            assert_int_equal(amq_quotient_kernel_query(qf, f.fq, f.fr), 1);
            st->ins_ok++;
        }
        snap_free(&s);
    } else if (k < 80) {
        if (k >= 70 && m->len > 0) /* delete a stored one */
            f = m->v[rng_below(seed, m->len)];
        snapshot s;
        snap_take(&s, qf);
        size_t before = model_mult(m, f);
        int rc = amq_quotient_kernel_delete(qf, f.fq, f.fr);
        if (before > 0) {
            assert_int_equal(rc, 0);
            model_del(m, f);
            assert_int_equal(amq_quotient_kernel_query(qf, f.fq, f.fr), before > 1);
            st->del_ok++;
        } else {
            assert_int_equal(rc, 1);
            snap_same(&s, qf);
            st->del_absent++;
        }
        snap_free(&s);
    } else {
        int want = model_has(m, f);
        assert_int_equal(amq_quotient_kernel_query(qf, f.fq, f.fr), want);
        if (want)
            st->q_yes++;
        else
            st->q_no++;
    }
    check_state(qf, m);
}

/* Every fingerprint of a small universe: query == membership. */
static void check_all_queries(const amq_qf *qf, const model *m)
{
    uint64_t home = AMQ_QF_HOME_SLOTS(qf->q), rmax = mask_bits(qf->r);
    for (uint64_t fq = 0; fq < home; fq++)
        for (uint64_t fr = 0; fr <= rmax; fr++) {
            fp f = {fq, fr};
            assert_int_equal(amq_quotient_kernel_query(qf, fq, fr), model_has(m, f));
        }
}

static void differential(uint64_t q, uint64_t r, uint64_t slack, uint64_t ops, uint64_t seed,
                         stats *total)
{
    table t;
    table_open(&t, q, r, slack);
    model m;
    model_init(&m, t.qf.nslots);
    stats st = {0};
    int exhaustive = q + r <= 8;
    for (uint64_t i = 0; i < ops; i++) {
        step(&t, &m, &seed, &st);
        if (exhaustive)
            check_all_queries(&t.qf, &m);
        if (i % 64 == 0 || t.qf.nslots <= 16)
            check_iteration(&t.qf, &m);
        /* drain now and then, so that tables fill up and empty again */
        if (i % 1500 == 1499) {
            while (m.len > 0) {
                fp f = m.v[rng_below(&seed, m.len)];
                assert_int_equal(amq_quotient_kernel_delete(&t.qf, f.fq, f.fr), 0);
                model_del(&m, f);
                check_state(&t.qf, &m);
            }
            check_iteration(&t.qf, &m);
            for (uint64_t j = 0; j < t.qf.nslots; j++)
                assert_int_equal(meta_at(&t.qf, j), 0);
        }
    }
    check_iteration(&t.qf, &m);
    total->ins_ok += st.ins_ok;
    total->ins_full += st.ins_full;
    total->ins_noroom += st.ins_noroom;
    total->del_ok += st.del_ok;
    total->del_absent += st.del_absent;
    total->q_yes += st.q_yes;
    total->q_no += st.q_no;
    free(m.v);
    table_close(&t);
}

static void differential_tiny(void **state)
{
    (void)state;
    static const uint64_t cfg[][3] = {
        /* q, r, slack */
        {1, 1, 0}, {1, 1, 1}, {1, 3, 0}, {1, 3, 2}, {2, 1, 0}, {2, 2, 0}, {2, 2, 1},
        {2, 4, 3}, {3, 1, 0}, {3, 3, 0}, {3, 3, 2}, {3, 5, 8}, {4, 2, 0}, {4, 4, 4},
    };
    stats total = {0};
    for (size_t c = 0; c < sizeof cfg / sizeof cfg[0]; c++)
        differential(cfg[c][0], cfg[c][1], cfg[c][2], 20000, 0x9E3779B97F4A7C15ull + c, &total);
    /* the sequences really exercised every outcome */
    assert_true(total.ins_ok > 10000);
    assert_true(total.ins_full > 500);
    assert_true(total.ins_noroom > 500);
    assert_true(total.del_ok > 5000);
    assert_true(total.del_absent > 1000);
    assert_true(total.q_yes > 1000);
    assert_true(total.q_no > 1000);
}

static void differential_larger(void **state)
{
    (void)state;
    static const uint64_t cfg[][3] = {
        {5, 7, 0}, {6, 10, 8}, {7, 3, 16}, {8, 8, 0}, {8, 56, 20}, {10, 6, 100}, {9, 55, 0},
    };
    stats total = {0};
    for (size_t c = 0; c < sizeof cfg / sizeof cfg[0]; c++)
        differential(cfg[c][0], cfg[c][1], cfg[c][2], 10000, 0xD1B54A32D192ED03ull + c, &total);
    assert_true(total.ins_ok > 10000);
    assert_true(total.del_ok > 5000);
    assert_true(total.ins_noroom > 0);
}

/* ---- edge cases ---- */

static void edge_r1(void **state)
{
    (void)state;
    table t;
    table_open(&t, 3, 1, 0);
    model m;
    model_init(&m, t.qf.nslots);
    /* both remainders at every quotient: fills the table exactly */
    for (uint64_t fq = 0; fq < 8; fq += 2)
        for (uint64_t fr = 0; fr < 2; fr++) {
            assert_int_equal(amq_quotient_kernel_insert(&t.qf, fq, fr), 0);
            model_add(&m, (fp){fq, fr});
            check_state(&t.qf, &m);
        }
    for (uint64_t fq = 0; fq < 8; fq++)
        for (uint64_t fr = 0; fr < 2; fr++)
            assert_int_equal(amq_quotient_kernel_query(&t.qf, fq, fr), fq % 2 == 0);
    check_iteration(&t.qf, &m);
    assert_int_equal(t.qf.count, t.qf.nslots);
    snapshot s;
    snap_take(&s, &t.qf);
    assert_int_equal(amq_quotient_kernel_insert(&t.qf, 1, 0), 1); /* full */
    snap_same(&s, &t.qf);
    snap_free(&s);
    free(m.v);
    table_close(&t);
}

static void edge_full_width(void **state)
{
    (void)state;
    static const uint64_t cfg[][2] = {{8, 56}, {1, 63}, {16, 48}, {32, 32}};
    for (size_t c = 0; c < 4; c++) {
        uint64_t q = cfg[c][0], r = cfg[c][1];
        if (q > 16) {
            /* 2^32 slots do not fit a test: check the parameters only */
            assert_true(amq_quotient_kernel_params_ok(q, r, AMQ_QF_HOME_SLOTS(q)));
            assert_false(amq_quotient_kernel_params_ok(q, r + 1, AMQ_QF_HOME_SLOTS(q)));
            continue;
        }
        table t;
        table_open(&t, q, r, 8);
        model m;
        model_init(&m, t.qf.nslots);
        uint64_t top = AMQ_QF_HOME_SLOTS(q) - 1u, rmax = mask_bits(r);
        fp vals[] = {{0, 0}, {0, rmax}, {top, 0}, {top, rmax}, {top, rmax}, {top, rmax - 1u},
                     {0, 0}, {top / 2u, rmax / 2u}, {top, 1}};
        for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
            /* fingerprint f = fq << r | fr of full width p = q + r */
            uint64_t f = (vals[i].fq << r) | vals[i].fr;
            fp g = {f >> r, f & rmax};
            assert_int_equal(g.fq, vals[i].fq);
            assert_int_equal(g.fr, vals[i].fr);
            assert_int_equal(amq_quotient_kernel_insert(&t.qf, g.fq, g.fr), 0);
            model_add(&m, g);
            check_state(&t.qf, &m);
        }
        if (q + r == 64) {
            uint64_t all_ones = UINT64_MAX;
            assert_int_equal(amq_quotient_kernel_query(&t.qf, all_ones >> r, all_ones & rmax), 1);
            assert_int_equal(amq_quotient_kernel_query(&t.qf, 0, 0), 1);
        }
        assert_int_equal(amq_quotient_kernel_query(&t.qf, top, rmax - 2u), 0);
        assert_int_equal(amq_quotient_kernel_query(&t.qf, 1, 0), q == 1); /* (1, 0) == (top, 0) when q == 1 */
        check_iteration(&t.qf, &m);
        /* the run of the top quotient spilled into the slack */
        assert_true(meta_at(&t.qf, AMQ_QF_HOME_SLOTS(q)) != 0);
        while (m.len > 0) {
            fp f = m.v[m.len - 1];
            assert_int_equal(amq_quotient_kernel_delete(&t.qf, f.fq, f.fr), 0);
            model_del(&m, f);
            check_state(&t.qf, &m);
            check_iteration(&t.qf, &m);
        }
        free(m.v);
        table_close(&t);
    }
}

static void no_room_at_end(void **state)
{
    (void)state;
    table t;
    table_open(&t, 4, 8, 0);
    assert_int_equal(amq_quotient_kernel_insert(&t.qf, 15, 7), 0);
    snapshot s;
    snap_take(&s, &t.qf);
    assert_int_equal(amq_quotient_kernel_insert(&t.qf, 15, 8), 2); /* would run off the end */
    snap_same(&s, &t.qf);
    snap_free(&s);
    assert_int_equal(amq_quotient_kernel_insert(&t.qf, 14, 8), 0); /* slot 14 is still free */
    assert_int_equal(amq_quotient_kernel_insert(&t.qf, 14, 9), 2);
    assert_int_equal(amq_quotient_kernel_insert(&t.qf, 0, 9), 0);
    assert_int_equal(amq_quotient_kernel_check_invariant(&t.qf), 0);
    table_close(&t);
}

static void duplicates_multiset(void **state)
{
    (void)state;
    table t;
    table_open(&t, 3, 4, 2);
    model m;
    model_init(&m, t.qf.nslots);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(amq_quotient_kernel_insert(&t.qf, 5, 9), 0);
        model_add(&m, (fp){5, 9});
    }
    assert_int_equal(amq_quotient_kernel_insert(&t.qf, 5, 3), 0);
    model_add(&m, (fp){5, 3});
    assert_int_equal(amq_quotient_kernel_insert(&t.qf, 4, 15), 0);
    model_add(&m, (fp){4, 15});
    check_state(&t.qf, &m);
    check_iteration(&t.qf, &m);
    for (int i = 3; i > 0; i--) {
        assert_int_equal(amq_quotient_kernel_query(&t.qf, 5, 9), 1);
        assert_int_equal(amq_quotient_kernel_delete(&t.qf, 5, 9), 0);
        model_del(&m, (fp){5, 9});
        check_state(&t.qf, &m);
        check_iteration(&t.qf, &m);
    }
    assert_int_equal(amq_quotient_kernel_query(&t.qf, 5, 9), 0);
    snapshot s;
    snap_take(&s, &t.qf);
    assert_int_equal(amq_quotient_kernel_delete(&t.qf, 5, 9), 1);
    assert_int_equal(amq_quotient_kernel_delete(&t.qf, 6, 9), 1);
    assert_int_equal(amq_quotient_kernel_delete(&t.qf, 5, 4), 1);
    snap_same(&s, &t.qf);
    snap_free(&s);
    assert_int_equal(amq_quotient_kernel_query(&t.qf, 5, 3), 1);
    assert_int_equal(amq_quotient_kernel_query(&t.qf, 4, 15), 1);
    free(m.v);
    table_close(&t);
}

/* A cluster that the paper's figure would draw: several runs shifted past each other,
 * then deletes of run heads that must move whole runs back (and unshift them). */
static void shifted_runs(void **state)
{
    (void)state;
    table t;
    table_open(&t, 4, 6, 3);
    model m;
    model_init(&m, t.qf.nslots);
    static const fp ins[] = {{3, 5}, {3, 1}, {4, 7}, {3, 9}, {6, 2}, {4, 0}, {5, 5}, {9, 1}, {7, 7},
                             {2, 2}, {1, 63}, {15, 0}, {15, 63}, {15, 1}};
    for (size_t i = 0; i < sizeof ins / sizeof ins[0]; i++) {
        assert_int_equal(amq_quotient_kernel_insert(&t.qf, ins[i].fq, ins[i].fr), 0);
        model_add(&m, ins[i]);
        check_state(&t.qf, &m);
    }
    check_iteration(&t.qf, &m);
    /* slot 3 holds the head of run 3 (sorted: 1), slot 4 continues it (5) */
    assert_int_equal(rem_at(&t.qf, 3), 1);
    assert_int_equal(meta_at(&t.qf, 3), AMQ_QF_OCCUPIED);
    assert_int_equal(meta_at(&t.qf, 4), AMQ_QF_OCCUPIED | AMQ_QF_CONTINUATION | AMQ_QF_SHIFTED);
    static const fp del[] = {{3, 1}, {3, 5}, {3, 9}, {2, 2}, {4, 0}, {15, 0}, {1, 63}};
    for (size_t i = 0; i < sizeof del / sizeof del[0]; i++) {
        assert_int_equal(amq_quotient_kernel_delete(&t.qf, del[i].fq, del[i].fr), 0);
        model_del(&m, del[i]);
        check_state(&t.qf, &m);
        check_iteration(&t.qf, &m);
    }
    assert_int_equal(amq_quotient_kernel_query(&t.qf, 4, 7), 1);
    assert_int_equal(amq_quotient_kernel_query(&t.qf, 3, 5), 0);
    free(m.v);
    table_close(&t);
}

/* ---- the executable invariant must reject broken tables ---- */

static void check_rejects_corruption(void **state)
{
    (void)state;
    table t;
    table_open(&t, 4, 6, 2);
    static const fp ins[] = {{3, 5}, {3, 1}, {4, 7}, {4, 2}, {6, 2}, {9, 1}, {15, 3}, {15, 4}};
    for (size_t i = 0; i < sizeof ins / sizeof ins[0]; i++)
        assert_int_equal(amq_quotient_kernel_insert(&t.qf, ins[i].fq, ins[i].fr), 0);
    assert_int_equal(amq_quotient_kernel_check_invariant(&t.qf), 0);
    /* slots (meta: O=1 C=2 S=4): 3:(3,1) O  4:(3,5) OCS  5:(4,2) S  6:(4,7) OCS  7:(6,2) S
     *                          9:(9,1) O  15:(15,3) O  16:(15,4) CS */
    assert_int_equal(meta_at(&t.qf, 5), AMQ_QF_SHIFTED);
    assert_int_equal(meta_at(&t.qf, 6), AMQ_QF_OCCUPIED | AMQ_QF_CONTINUATION | AMQ_QF_SHIFTED);
    assert_int_equal(rem_at(&t.qf, 7), 2);
    struct {
        uint64_t slot;
        int is_meta;
        uint64_t value;
        int want;
    } bad[] = {
        {3, 1, 8, AMQ_QF_BAD_BYTE},
        {4, 1, AMQ_QF_OCCUPIED | AMQ_QF_SHIFTED, AMQ_QF_BAD_SHIFTED},             /* continuation lost */
        {5, 1, AMQ_QF_OCCUPIED | AMQ_QF_SHIFTED | AMQ_QF_CONTINUATION, AMQ_QF_BAD_ORDER}, /* joins run 3 */
        {9, 1, AMQ_QF_OCCUPIED | AMQ_QF_SHIFTED, AMQ_QF_BAD_SHIFTED},             /* home slot, shifted */
        {6, 1, AMQ_QF_OCCUPIED | AMQ_QF_CONTINUATION, AMQ_QF_BAD_CONTINUATION},   /* shifted flag lost */
        {7, 1, 0, AMQ_QF_BAD_SHIFTED},      /* run 6 dropped: the next head gets quotient 6 */
        {9, 1, 0, AMQ_QF_BAD_COUNT},        /* element and its run dropped: only count shows it */
        {5, 1, AMQ_QF_OCCUPIED | AMQ_QF_SHIFTED, AMQ_QF_BAD_SHIFTED},             /* phantom run 5 */
        {11, 1, AMQ_QF_CONTINUATION | AMQ_QF_SHIFTED, AMQ_QF_BAD_CONTINUATION},   /* orphan continuation */
        {17, 1, AMQ_QF_OCCUPIED, AMQ_QF_BAD_OCCUPIED},                            /* occupied in the slack */
        {4, 0, 0, AMQ_QF_BAD_ORDER},                                              /* run 3 unsorted */
        {9, 0, 64, AMQ_QF_BAD_REMAINDER},                                         /* remainder >= 2^r */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t k = bad[i].slot;
        uint8_t m0 = meta_at(&t.qf, k);
        uint64_t r0 = rem_at(&t.qf, k);
        if (bad[i].is_meta)
            set_meta(&t, k, bad[i].value);
        else
            set_rem(&t, k, bad[i].value);
        int got = amq_quotient_kernel_check_invariant(&t.qf);
        if (got != bad[i].want)
            print_message("corruption %zu: got %d, want %d\n", i, got, bad[i].want);
        assert_int_equal(got, bad[i].want);
        set_meta(&t, k, m0);
        set_rem(&t, k, r0);
        assert_int_equal(amq_quotient_kernel_check_invariant(&t.qf), 0);
    }
    /* a gap inside a cluster: the element of slot 7 moved one slot up, past a free slot */
    set_meta(&t, 8, meta_at(&t.qf, 7));
    set_rem(&t, 8, rem_at(&t.qf, 7));
    set_meta(&t, 7, 0);
    assert_int_equal(amq_quotient_kernel_check_invariant(&t.qf), AMQ_QF_BAD_CLUSTER);
    set_meta(&t, 7, meta_at(&t.qf, 8));
    set_meta(&t, 8, 0);
    set_rem(&t, 8, 0);
    assert_int_equal(amq_quotient_kernel_check_invariant(&t.qf), 0);
    t.qf.count++;
    assert_int_equal(amq_quotient_kernel_check_invariant(&t.qf), AMQ_QF_BAD_COUNT);
    t.qf.count--;
    t.qf.r = 0;
    assert_int_equal(amq_quotient_kernel_check_invariant(&t.qf), AMQ_QF_BAD_PARAMS);
    t.qf.r = 6;
    assert_int_equal(amq_quotient_kernel_check_invariant(&t.qf), 0);
    table_close(&t);
}

static void parameters(void **state)
{
    (void)state;
    assert_true(amq_quotient_kernel_params_ok(1, 1, 2));
    assert_false(amq_quotient_kernel_params_ok(1, 1, 1));
    assert_false(amq_quotient_kernel_params_ok(0, 8, 100));
    assert_false(amq_quotient_kernel_params_ok(8, 0, 256));
    assert_true(amq_quotient_kernel_params_ok(8, 56, 256));
    assert_false(amq_quotient_kernel_params_ok(8, 57, 256));
    assert_true(amq_quotient_kernel_params_ok(63, 1, UINT64_MAX));
    assert_false(amq_quotient_kernel_params_ok(64, 0, UINT64_MAX));
    assert_int_equal(amq_quotient_kernel_default_slack(1), 2);
    assert_int_equal(amq_quotient_kernel_default_slack(8), 160);
    assert_int_equal(amq_quotient_kernel_default_slack(20), 10240);
    assert_int_equal(amq_quotient_kernel_default_slack(63), (uint64_t)10 << 32);
    for (uint64_t q = 1; q <= 63; q++) {
        uint64_t s = amq_quotient_kernel_default_slack(q);
        assert_true(s <= AMQ_QF_HOME_SLOTS(q));
        assert_true(amq_quotient_kernel_params_ok(q, 1, AMQ_QF_HOME_SLOTS(q) + s));
    }
}

/* At the default slack, random fingerprints fill the table to 95% without running off
 * the end. */
static void default_slack_fills(void **state)
{
    (void)state;
    uint64_t q = 12, r = 20;
    table t;
    table_open(&t, q, r, amq_quotient_kernel_default_slack(q));
    uint64_t seed = 42, home = AMQ_QF_HOME_SLOTS(q);
    for (uint64_t i = 0; i < home * 95 / 100; i++) {
        uint64_t f = rng_next(&seed) >> (64 - q - r);
        assert_int_equal(amq_quotient_kernel_insert(&t.qf, f >> r, f & mask_bits(r)), 0);
    }
    assert_int_equal(amq_quotient_kernel_check_invariant(&t.qf), 0);
    table_close(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(differential_tiny),
        cmocka_unit_test(differential_larger),
        cmocka_unit_test(edge_r1),
        cmocka_unit_test(edge_full_width),
        cmocka_unit_test(no_room_at_end),
        cmocka_unit_test(duplicates_multiset),
        cmocka_unit_test(shifted_runs),
        cmocka_unit_test(check_rejects_corruption),
        cmocka_unit_test(parameters),
        cmocka_unit_test(default_slack_fills),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
