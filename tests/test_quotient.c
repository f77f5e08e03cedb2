/* Key-level quotient filter: no false negatives, multiset delete, full tables, merge,
 * resize, iteration, sizing on the exact rate, 64-bit edges, bad arguments, save/load
 * and every corrupt-file case.  The kernel invariant is checked after the operations. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/read_file.h"
#include <amq/bloom.h>
#include <lib_internal/container.h>
#include <amq/quotient.h>
#include <lib_internal/quotient_check.h>
#include <amq/spec_quotient.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

/* ---- helpers ---- */

static amq_quotient *make(uint64_t q, uint64_t r, uint64_t slack, uint64_t seed)
{
    amq_quotient *f = NULL;
    assert_int_equal(amq_quotient_create_slack(&f, q, r, slack, seed), AMQ_OK);
    return f;
}
static amq_status add(amq_quotient *f, uint64_t key) { return amq_quotient_add(f, &key, sizeof key); }
static int has(const amq_quotient *f, uint64_t key) { return amq_quotient_query(f, &key, sizeof key); }
static amq_status del(amq_quotient *f, uint64_t key) { return amq_quotient_remove(f, &key, sizeof key); }
static uint64_t fp_of(const amq_quotient *f, uint64_t key)
{
    return amq_quotient_fingerprint(f, &key, sizeof key);
}
static void check_inv(const amq_quotient *f)
{
    assert_int_equal(amq_quotient_kernel_check_invariant(amq_quotient_table(f)), 0);
}

/* The first key >= *next whose quotient is fq (advances *next past it). */
static uint64_t key_at(const amq_quotient *f, uint64_t fq, uint64_t *next)
{
    for (;; (*next)++)
        if (fp_of(f, *next) >> amq_quotient_r(f) == fq)
            return (*next)++;
}

/* A byte copy of the table (every word of its store), to show that refused operations
 * change nothing. */
typedef struct snap {
    amq_qf qf;
} snap;
static size_t bytes16(const amq_quotient_slots *s) { return amq_quotient_slots_rem16_words(s->rbytes, s->n) * sizeof(uint16_t); }
static size_t bytes32(const amq_quotient_slots *s) { return amq_quotient_slots_rem32_words(s->rbytes, s->n) * sizeof(uint32_t); }
static size_t bytes_meta(const amq_quotient_slots *s) { return amq_quotient_slots_meta_words(s->n) * sizeof(uint16_t); }
static void *copy_of(const void *a, size_t bytes)
{
    if (!a)
        return NULL;
    void *c = malloc(bytes);
    assert_non_null(c);
    return memcpy(c, a, bytes);
}
static snap snap_take(const amq_quotient *f)
{
    const amq_qf *t = amq_quotient_table(f);
    snap s = {*t};
    s.qf.slots.rem16 = copy_of(t->slots.rem16, bytes16(&t->slots));
    s.qf.slots.rem32 = copy_of(t->slots.rem32, bytes32(&t->slots));
    s.qf.slots.meta = copy_of(t->slots.meta, bytes_meta(&t->slots));
    return s;
}
static void snap_same(snap *s, const amq_quotient *f)
{
    const amq_qf *t = amq_quotient_table(f);
    assert_true(t->q == s->qf.q && t->r == s->qf.r && t->nslots == s->qf.nslots && t->count == s->qf.count);
    assert_true(t->slots.n == s->qf.slots.n && t->slots.rbytes == s->qf.slots.rbytes);
    if (t->slots.rem16)
        assert_memory_equal(t->slots.rem16, s->qf.slots.rem16, bytes16(&t->slots));
    if (t->slots.rem32)
        assert_memory_equal(t->slots.rem32, s->qf.slots.rem32, bytes32(&t->slots));
    assert_memory_equal(t->slots.meta, s->qf.slots.meta, bytes_meta(&t->slots));
    free(s->qf.slots.rem16);
    free(s->qf.slots.rem32);
    free(s->qf.slots.meta);
}

static int cmp_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The stored fingerprints by iteration (malloc'd, count entries); checks they ascend. */
static uint64_t *stored(const amq_quotient *f)
{
    const uint64_t n = amq_quotient_count(f);
    uint64_t *v = malloc((n ? n : 1) * sizeof *v), i = 0, fp;
    amq_quotient_iter it;
    amq_quotient_iter_init(&it);
    while (amq_quotient_next(f, &it, &fp)) {
        assert_true(i < n);
        assert_true(i == 0 || v[i - 1] <= fp);
        v[i++] = fp;
    }
    assert_true(i == n);
    return v;
}

/* ---- behaviour ---- */

static void no_false_negatives(void **state)
{
    (void)state;
    /* q = 16, r = 8: 49152 keys = 75% load, default slack */
    amq_quotient *f;
    assert_int_equal(amq_quotient_create(&f, 16, 8, 7), AMQ_OK);
    assert_true(amq_quotient_slack(f) == amq_quotient_kernel_default_slack(16) && amq_quotient_nslots(f) == 65536 + 2560);
    for (uint64_t i = 0; i < 49152; i++)
        assert_int_equal(add(f, i), AMQ_OK);
    check_inv(f);
    assert_true(amq_quotient_count(f) == 49152);
    assert_true(amq_quotient_load_factor(f) == 0.75);
    for (uint64_t i = 0; i < 49152; i++)
        assert_true(has(f, i));
    /* negatives: the measured rate is near the exact 1 - (1 - 2^-24)^49152 = 0.00292 */
    uint64_t fp = 0;
    for (uint64_t i = 1000000; i < 1200000; i++)
        fp += (uint64_t)has(f, i);
    print_message("q=16 r=8 n=49152: %llu false positives in 200000 (exact rate 0.00292)\n",
                  (unsigned long long)fp);
    assert_true(fp > 400 && fp < 800);
    amq_quotient_free(f);
}

static void multiset_delete(void **state)
{
    (void)state;
    amq_quotient *f = make(8, 8, 20, 3);
    for (uint64_t i = 0; i < 150; i++)
        assert_int_equal(add(f, i), AMQ_OK);
    assert_int_equal(add(f, 5), AMQ_OK); /* a second copy */
    assert_true(amq_quotient_count(f) == 151);
    assert_int_equal(del(f, 5), AMQ_OK);
    assert_true(has(f, 5)); /* one copy left */
    assert_int_equal(del(f, 5), AMQ_OK);
    check_inv(f);
    /* gone now (unless another key has its fingerprint: none among these 150) */
    for (uint64_t i = 0; i < 150; i++)
        assert_true(i == 5 || fp_of(f, i) != fp_of(f, 5));
    assert_false(has(f, 5));
    snap s = snap_take(f);
    assert_int_equal(del(f, 5), AMQ_E_NOT_PRESENT);
    assert_non_null(strstr(amq_last_error(), "not stored"));
    snap_same(&s, f);
    /* a never-inserted key whose fingerprint is absent: refused, nothing changed */
    uint64_t k = 1000;
    while (has(f, k))
        k++;
    s = snap_take(f);
    assert_int_equal(del(f, k), AMQ_E_NOT_PRESENT);
    snap_same(&s, f);
    /* delete the rest: empty table, all bytes zero (the kernel's cleared state) */
    for (uint64_t i = 0; i < 150; i++)
        if (i != 5)
            assert_int_equal(del(f, i), AMQ_OK);
    check_inv(f);
    assert_true(amq_quotient_count(f) == 0);
    const amq_qf *t = amq_quotient_table(f);
    for (uint64_t i = 0; i < t->nslots; i++)
        assert_true(amq_quotient_slots_meta(t->slots, i) == 0 && amq_quotient_slots_rem(t->slots, i) == 0);
    amq_quotient_free(f);
}

/* Random add / remove against a model multiset of fingerprints. */
/* Two keys with one fingerprint are one element of the multiset (lib_internal/quotient_key.h):
 * removing y, never added, takes x's copy when it is the only one; after add(x), add(y),
 * remove(y) one copy is left (proofs/quotient_key_driver.c, remove_added). */
static void shared_fingerprint(void **state)
{
    (void)state;
    amq_quotient *f = make(4, 4, 4, 9); /* p = 8 bits: a shared fingerprint among the first keys */
    const uint64_t x = 0;
    uint64_t y = 1;
    while (fp_of(f, y) != fp_of(f, x))
        y++;
    assert_int_equal(add(f, x), AMQ_OK);
    assert_true(has(f, y));              /* y answers for x's copy: a false positive */
    assert_int_equal(del(f, y), AMQ_OK); /* and removes it */
    assert_false(has(f, x));
    assert_true(amq_quotient_count(f) == 0);
    assert_int_equal(add(f, x), AMQ_OK);
    assert_int_equal(add(f, y), AMQ_OK);
    assert_int_equal(del(f, y), AMQ_OK);
    assert_true(has(f, x)); /* x's copy is left */
    assert_int_equal(del(f, x), AMQ_OK);
    assert_false(has(f, y));
    check_inv(f);
    amq_quotient_free(f);
}

static void random_ops_match_model(void **state)
{
    (void)state;
    amq_quotient *f = make(10, 6, 64, 99); /* p = 16: many duplicate fingerprints */
    uint64_t model[2000], n = 0, keys[2000], nk = 0;
    amq_rng rng;
    amq_rng_seed(&rng, 5);
    for (int step = 0; step < 20000; step++) {
        const uint64_t op = amq_rng_below(&rng, 3);
        if (op < 2 && n < 700) {
            const uint64_t key = amq_rng_below(&rng, 600); /* repeats: copies */
            assert_int_equal(add(f, key), AMQ_OK);
            keys[nk++] = key;
            model[n++] = fp_of(f, key);
        } else if (nk > 0) {
            const uint64_t j = amq_rng_below(&rng, nk), key = keys[j];
            assert_int_equal(del(f, key), AMQ_OK);
            keys[j] = keys[--nk];
            for (uint64_t i = 0; i < n; i++)
                if (model[i] == fp_of(f, key)) {
                    model[i] = model[--n];
                    break;
                }
        }
        if (step % 997 == 0) {
            check_inv(f);
            assert_true(amq_quotient_count(f) == n);
            uint64_t *got = stored(f);
            qsort(model, n, sizeof *model, cmp_u64);
            assert_memory_equal(got, model, n * sizeof *model);
            free(got);
            for (uint64_t i = 0; i < nk; i++)
                assert_true(has(f, keys[i]));
        }
    }
    amq_quotient_free(f);
}

static void iteration_yields_the_multiset(void **state)
{
    (void)state;
    amq_quotient *f = make(6, 10, 8, 1);
    uint64_t want[40];
    for (uint64_t i = 0; i < 40; i++) {
        const uint64_t key = i % 30; /* keys 0..9 twice */
        assert_int_equal(add(f, key), AMQ_OK);
        want[i] = fp_of(f, key);
    }
    qsort(want, 40, sizeof *want, cmp_u64);
    uint64_t *got = stored(f);
    assert_memory_equal(got, want, sizeof want);
    free(got);
    amq_quotient_clear(f);
    assert_true(amq_quotient_count(f) == 0 && amq_quotient_load_factor(f) == 0.0);
    amq_quotient_iter it;
    amq_quotient_iter_init(&it);
    uint64_t fp;
    assert_false(amq_quotient_next(f, &it, &fp));
    amq_quotient_free(f);
}

/* Both refusals of the kernel: the table full, and no room after the home slot. */
static void full_table_refuses_unchanged(void **state)
{
    (void)state;
    uint64_t next = 0;
    /* q = 4, no slack: a key in the last home slot 15, then another there: no room */
    amq_quotient *f = make(4, 6, 0, 11);
    assert_int_equal(add(f, key_at(f, 15, &next)), AMQ_OK);
    snap s = snap_take(f);
    assert_int_equal(add(f, key_at(f, 15, &next)), AMQ_E_FULL);
    assert_non_null(strstr(amq_last_error(), "no free slot at or after home slot 15"));
    snap_same(&s, f);
    /* with one slack slot it fits */
    amq_quotient_free(f);
    f = make(4, 6, 1, 11);
    next = 0;
    assert_int_equal(add(f, key_at(f, 15, &next)), AMQ_OK);
    assert_int_equal(add(f, key_at(f, 15, &next)), AMQ_OK);
    check_inv(f);
    amq_quotient_free(f);
    /* q = 1, no slack: two keys of quotient 0 fill both slots, a third is refused (full) */
    f = make(1, 8, 0, 11);
    next = 0;
    assert_int_equal(add(f, key_at(f, 0, &next)), AMQ_OK);
    assert_int_equal(add(f, key_at(f, 0, &next)), AMQ_OK);
    s = snap_take(f);
    assert_int_equal(add(f, key_at(f, 0, &next)), AMQ_E_FULL);
    assert_non_null(strstr(amq_last_error(), "full"));
    snap_same(&s, f);
    assert_true(amq_quotient_load_factor(f) == 1.0);
    check_inv(f);
    amq_quotient_free(f);
}

static void merge_union_and_atomic_failure(void **state)
{
    (void)state;
    amq_quotient *a = make(10, 10, 40, 5), *b = make(10, 10, 40, 5), *c = make(12, 8, 80, 5);
    for (uint64_t i = 0; i < 300; i++) {
        assert_int_equal(add(a, i), AMQ_OK);
        assert_int_equal(add(b, 1000 + i), AMQ_OK);
        assert_int_equal(add(c, 2000 + i), AMQ_OK);
    }
    assert_int_equal(amq_quotient_merge(a, b), AMQ_OK);
    assert_true(amq_quotient_count(a) == 600);
    check_inv(a);
    /* same p = 20, other split: c's fingerprints are re-split for a's q = 10 */
    assert_int_equal(amq_quotient_merge(a, c), AMQ_OK);
    assert_true(amq_quotient_count(a) == 900);
    check_inv(a);
    for (uint64_t i = 0; i < 300; i++)
        assert_true(has(a, i) && has(a, 1000 + i) && has(a, 2000 + i));
    /* a into itself: every copy doubled */
    assert_int_equal(amq_quotient_merge(b, b), AMQ_OK);
    assert_true(amq_quotient_count(b) == 600);
    check_inv(b);
    /* mismatches: p, seed */
    amq_quotient *d = make(10, 9, 40, 5), *e = make(10, 10, 40, 6);
    snap s = snap_take(a);
    assert_int_equal(amq_quotient_merge(a, d), AMQ_E_MISMATCH);
    assert_int_equal(amq_quotient_merge(a, e), AMQ_E_MISMATCH);
    assert_non_null(strstr(amq_last_error(), "seed"));
    assert_int_equal(amq_quotient_merge(a, NULL), AMQ_E_INVALID_ARG);
    snap_same(&s, a);
    /* atomic failure: the count fits, but src's keys of quotient 15 run past the end after
     * the first one is in; dst must come out byte-identical */
    amq_quotient *x = make(4, 8, 0, 9), *y = make(4, 8, 0, 9);
    uint64_t next = 0;
    assert_int_equal(add(x, key_at(x, 3, &next)), AMQ_OK);
    assert_int_equal(add(y, key_at(y, 14, &next)), AMQ_OK);
    assert_int_equal(add(y, key_at(y, 15, &next)), AMQ_OK);
    assert_int_equal(add(y, key_at(y, 15, &next)), AMQ_E_FULL); /* y itself has no room */
    assert_int_equal(add(y, key_at(y, 13, &next)), AMQ_OK);
    /* y: slots 13, 14, 15 used; x: slot 3.  Merging adds 13 and 14 to the copy, then 15 fits;
     * a second merge of y finds no room after 13 */
    assert_int_equal(amq_quotient_merge(x, y), AMQ_OK);
    assert_true(amq_quotient_count(x) == 4);
    s = snap_take(x);
    assert_int_equal(amq_quotient_merge(x, y), AMQ_E_FULL);
    assert_non_null(strstr(amq_last_error(), "nothing changed"));
    snap_same(&s, x);
    check_inv(x);
    /* the count pre-check */
    amq_quotient *z = make(1, 11, 0, 9); /* p = 12 as y, 2 slots */
    next = 0;
    assert_int_equal(add(z, key_at(z, 0, &next)), AMQ_OK);
    assert_int_equal(amq_quotient_merge(z, y), AMQ_E_FULL);
    assert_true(amq_quotient_count(z) == 1);
    amq_quotient *zz = make(6, 6, 0, 9);
    assert_int_equal(amq_quotient_merge(zz, z), AMQ_OK); /* q = 1, r = 11 into q = 6, r = 6 */
    assert_true(amq_quotient_count(zz) == 1);
    amq_quotient_free(z);
    amq_quotient_free(zz);
    amq_quotient_free(x);
    amq_quotient_free(y);
    amq_quotient_free(d);
    amq_quotient_free(e);
    amq_quotient_free(a);
    amq_quotient_free(b);
    amq_quotient_free(c);
}

static void resize_keeps_fingerprints(void **state)
{
    (void)state;
    amq_quotient *f = make(8, 6, 40, 21); /* p = 14 */
    for (uint64_t i = 0; i < 230; i++) /* 90% load */
        assert_int_equal(add(f, i), AMQ_OK);
    assert_int_equal(add(f, 7), AMQ_OK); /* a copy */
    uint64_t *before = stored(f);
    int answers[5000];
    for (uint64_t i = 0; i < 5000; i++)
        answers[i] = has(f, 10000 + i);
    for (uint64_t round = 0; round < 5; round++) { /* r = 6 -> 1 */
        const double load = amq_quotient_load_factor(f);
        assert_int_equal(amq_quotient_resize(f), AMQ_OK);
        check_inv(f);
        assert_true(amq_quotient_q(f) == 9 + round && amq_quotient_r(f) == 5 - round && amq_quotient_p(f) == 14);
        assert_true(amq_quotient_slack(f) >= amq_quotient_kernel_default_slack(amq_quotient_q(f)));
        assert_true(amq_quotient_load_factor(f) == load / 2);
        uint64_t *after = stored(f);
        assert_true(amq_quotient_count(f) == 231);
        assert_memory_equal(after, before, 231 * sizeof *after);
        free(after);
        for (uint64_t i = 0; i < 230; i++)
            assert_true(has(f, i));
        for (uint64_t i = 0; i < 5000; i++) /* same fingerprints, same answers, same rate */
            assert_int_equal(has(f, 10000 + i), answers[i]);
    }
    snap s = snap_take(f);
    assert_int_equal(amq_quotient_resize(f), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "r = 1"));
    snap_same(&s, f);
    assert_int_equal(amq_quotient_resize(NULL), AMQ_E_INVALID_ARG);
    free(before);
    amq_quotient_free(f);
}

/* p = 64 (r = 60): the fingerprint is the whole hash; remainder masks at 60 bits. */
static void sixty_four_bit_fingerprints(void **state)
{
    (void)state;
    amq_quotient *f = make(4, 60, 16, 42); /* 16 keys cannot overrun 16 slack slots */
    for (uint64_t i = 0; i < 16; i++) {
        assert_true(fp_of(f, i) == XXH3_64bits_withSeed(&i, sizeof i, 42));
        assert_int_equal(add(f, i), AMQ_OK);
    }
    check_inv(f);
    for (uint64_t i = 0; i < 16; i++)
        assert_true(has(f, i));
    for (uint64_t i = 100; i < 10000; i++)
        assert_false(has(f, i)); /* rate 16 * 2^-64 */
    assert_int_equal(amq_quotient_resize(f), AMQ_OK);
    assert_true(amq_quotient_q(f) == 5 && amq_quotient_r(f) == 59);
    for (uint64_t i = 0; i < 16; i++)
        assert_true(has(f, i));
    amq_quotient_free(f);
}

static void sizing_on_the_exact_rate(void **state)
{
    (void)state;
    const uint64_t ns[] = {1, 3, 1000, 100000};
    const double fprs[] = {0.5, 0.1, 0.01, 1e-4, 1e-9};
    mpq_t e, t;
    mpq_inits(e, t, (mpq_ptr)0);
    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < 5; j++) {
            uint64_t q, r;
            double ach;
            assert_int_equal(amq_quotient_size_for(ns[i], fprs[j], &q, &r, &ach), AMQ_OK);
            const uint64_t p = q + r;
            /* q: the smallest with n <= 3/4 2^q */
            assert_true(4 * ns[i] <= 3 * (UINT64_C(1) << q));
            assert_true(q == 1 || 4 * ns[i] > 3 * (UINT64_C(1) << (q - 1)));
            /* p: the rate meets the target; one bit less does not (unless r = 1 forced p) */
            assert_int_equal(amq_quotient_fp_exact(e, p, ns[i]), AMQ_OK);
            mpq_set_d(t, fprs[j]);
            assert_true(mpq_cmp(e, t) <= 0);
            assert_true(ach <= fprs[j] && ach >= mpq_get_d(e));
            if (r > 1) {
                assert_int_equal(amq_quotient_fp_exact(e, p - 1, ns[i]), AMQ_OK);
                assert_true(mpq_cmp(e, t) > 0);
            }
        }
    /* worked example: n = 1000, 1%: q = 11 (1000 <= 1536), p = 17 (rate 0.00760; p = 16: 0.01514) */
    uint64_t q, r;
    assert_int_equal(amq_quotient_size_for(1000, 0.01, &q, &r, NULL), AMQ_OK);
    assert_true(q == 11 && r == 6);
    amq_quotient *f;
    double ach;
    assert_int_equal(amq_quotient_create_for(&f, 1000, 0.01, 3, &ach), AMQ_OK);
    assert_true(amq_quotient_q(f) == 11 && amq_quotient_p(f) == 17 && ach < 0.0077);
    for (uint64_t i = 0; i < 1000; i++)
        assert_int_equal(add(f, i), AMQ_OK);
    for (uint64_t i = 0; i < 1000; i++)
        assert_true(has(f, i));
    amq_quotient_free(f);
    /* n = 2^62 keys at 1e-9: p = 64 is not enough (rate about 0.22) */
    assert_int_equal(amq_quotient_size_for(UINT64_C(1) << 62, 1e-9, &q, &r, NULL), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "64 fingerprint bits"));
    /* more keys than 3/4 of 2^63 slots */
    assert_int_equal(amq_quotient_size_for(UINT64_MAX, 0.5, &q, &r, NULL), AMQ_E_TOO_LARGE);
    assert_int_equal(amq_quotient_size_for(0, 0.01, &q, &r, NULL), AMQ_E_INVALID_N);
    assert_int_equal(amq_quotient_size_for(10, 0.0, &q, &r, NULL), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_quotient_size_for(10, 1.0, &q, &r, NULL), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_quotient_size_for(10, 0.1, NULL, &r, NULL), AMQ_E_INVALID_ARG);
    mpq_clears(e, t, (mpq_ptr)0);
}

static void bad_arguments(void **state)
{
    (void)state;
    amq_quotient *f = (amq_quotient *)0x1;
    assert_int_equal(amq_quotient_create(&f, 0, 8, 0), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "q = 0"));
    assert_int_equal(amq_quotient_create(&f, 64, 1, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_quotient_create(&f, 8, 0, 0), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "r = 0"));
    assert_int_equal(amq_quotient_create(&f, 8, 57, 0), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "exceeds 64"));
    assert_int_equal(amq_quotient_create(NULL, 8, 8, 0), AMQ_E_INVALID_ARG);
    /* 64-bit sizes, refused without allocating terabytes: 2^63 + slack slots of 9 bytes
     * overflow the address space; 2^62 + huge slack overflows 64 bits; 2^40 slots (9 TiB)
     * fail to allocate */
    assert_int_equal(amq_quotient_create(&f, 63, 1, 0), AMQ_E_OVERFLOW);
    assert_int_equal(amq_quotient_create(&f, 61, 3, 0), AMQ_E_OVERFLOW);
    assert_int_equal(amq_quotient_create_slack(&f, 62, 2, UINT64_MAX - 5, 0), AMQ_E_OVERFLOW);
    assert_int_equal(amq_quotient_create(&f, 40, 8, 0), AMQ_E_NOMEM);
    assert_non_null(strstr(amq_last_error(), "cannot allocate"));
    assert_int_equal(amq_quotient_create_for(&f, UINT64_C(1) << 40, 0.01, 0, NULL), AMQ_E_NOMEM);
    assert_ptr_equal(f, (amq_quotient *)0x1);
    f = make(6, 6, 4, 0);
    snap s = snap_take(f);
    assert_int_equal(amq_quotient_add(f, NULL, 3), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_quotient_remove(f, NULL, 3), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_quotient_add(NULL, "a", 1), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_quotient_add(f, NULL, 0), AMQ_OK); /* the empty key */
    assert_true(amq_quotient_query(f, "", 0));
    assert_int_equal(amq_quotient_remove(f, "", 0), AMQ_OK);
    snap_same(&s, f);
    amq_quotient_free(f);
    amq_quotient_free(NULL);
}

/* ---- persistence ---- */

static char path[64];

static int setup(void **state)
{
    (void)state;
    strcpy(path, "/tmp/amq-quotient-XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    close(fd);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    return unlink(path);
}

static void spit(const unsigned char *b, size_t len)
{
    FILE *fh = fopen(path, "wb");
    assert_non_null(fh);
    assert_int_equal(fwrite(b, 1, len, fh), len);
    fclose(fh);
}

static void reseal(unsigned char *b, size_t len) { amq_put_u64(b + len - 8, XXH3_64bits(b, len - 8)); }

static void expect_load(amq_status want, const char *msg)
{
    amq_quotient *f = (amq_quotient *)0x1;
    assert_int_equal(amq_quotient_load(&f, path), want);
    assert_ptr_equal(f, (amq_quotient *)0x1);
    assert_true(strlen(amq_last_error()) > 10);
    if (msg && !strstr(amq_last_error(), msg))
        print_message("message '%s' lacks '%s'\n", amq_last_error(), msg);
    assert_true(!msg || strstr(amq_last_error(), msg));
}

static void save_load_round_trip(void **state)
{
    (void)state;
    const uint64_t q[] = {1, 6, 10, 4}, r[] = {1, 10, 6, 60}, slack[] = {1, 16, 100, 16}, n[] = {1, 40, 700, 16};
    for (size_t t = 0; t < 4; t++) {
        amq_quotient *f = make(q[t], r[t], slack[t], 1000 + t), *g = NULL;
        for (uint64_t i = 0; i < n[t]; i++)
            assert_int_equal(add(f, i % (n[t] / 2 + 1)), AMQ_OK); /* with copies */
        if (n[t] > 4)
            assert_int_equal(del(f, 0), AMQ_OK);
        assert_int_equal(amq_quotient_save(f, path), AMQ_OK);
        assert_int_equal(amq_quotient_load(&g, path), AMQ_OK);
        assert_true(amq_quotient_q(g) == q[t] && amq_quotient_r(g) == r[t] && amq_quotient_slack(g) == slack[t] &&
                    amq_quotient_seed(g) == 1000 + t && amq_quotient_count(g) == amq_quotient_count(f));
        check_inv(g);
        /* the layout is a function of the multiset: byte-identical tables */
        snap s = snap_take(f);
        snap_same(&s, g);
        amq_quotient_free(g);
        amq_quotient_free(f);
    }
    /* empty filter */
    amq_quotient *f = make(3, 3, 0, 0), *g = NULL;
    assert_int_equal(amq_quotient_save(f, path), AMQ_OK);
    assert_int_equal(amq_quotient_load(&g, path), AMQ_OK);
    assert_true(amq_quotient_count(g) == 0);
    amq_quotient_free(g);
    amq_quotient_free(f);
    assert_int_equal(amq_quotient_save(NULL, path), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_quotient_load(NULL, path), AMQ_E_INVALID_ARG);
}

/* Writes a quotient file with these parameters and fingerprints (valid checksum). */
static void craft(uint64_t q, uint64_t r, uint64_t slack, uint64_t count, const uint64_t *fps, uint64_t nfps)
{
    uint8_t p[40];
    amq_put_u64(p, q);
    amq_put_u64(p + 8, r);
    amq_put_u64(p + 16, slack);
    amq_put_u64(p + 24, 0);
    amq_put_u64(p + 32, count);
    assert_int_equal(amq_container_save(path, AMQ_TYPE_QUOTIENT, p, sizeof p, fps, nfps), AMQ_OK);
}

static void corrupt_files(void **state)
{
    (void)state;
    amq_quotient *f = make(5, 7, 4, 77);
    for (uint64_t i = 0; i < 20; i++)
        assert_int_equal(add(f, i), AMQ_OK);
    assert_int_equal(amq_quotient_save(f, path), AMQ_OK);
    amq_quotient_free(f);
    size_t len;
    unsigned char *good = read_file_checked(path, &len), *b = malloc(len + 16);
    assert_int_equal(len, 32 + 40 + 20 * 8 + 8);
    assert_int_equal(good[12], AMQ_TYPE_QUOTIENT);
    /* truncation at every length, trailing garbage */
    for (size_t cut = 0; cut < len; cut++) {
        spit(good, cut);
        expect_load(AMQ_E_TRUNCATED, "truncated");
    }
    memcpy(b, good, len);
    b[len] = 0;
    spit(b, len + 1);
    expect_load(AMQ_E_SIZE_MISMATCH, "trailing");
    /* another type: byte 12, and a Bloom filter's file */
    memcpy(b, good, len); b[12] = AMQ_TYPE_BLOOM; reseal(b, len); spit(b, len);
    expect_load(AMQ_E_BAD_TYPE, "not a quotient");
    amq_bloom *bf;
    assert_int_equal(amq_bloom_create(&bf, 100, 3, AMQ_HASH_DEFAULT, 0), AMQ_OK);
    assert_int_equal(amq_bloom_save(bf, path), AMQ_OK);
    amq_bloom_free(bf);
    expect_load(AMQ_E_BAD_TYPE, "bloom");
    /* impossible parameters: q = 0, q = 64, r = 0, q + r = 65, slack overflow, count > slots */
    const size_t field[] = {32, 32, 40, 40, 48, 64};
    const uint64_t value[] = {0, 64, 0, 60, UINT64_MAX, 37};
    const char *why[] = {"q = 0", "q = 64", "r = 0", "exceeds 64", "address space", "cannot fit in 36 slots"};
    for (int t = 0; t < 6; t++) {
        memcpy(b, good, len);
        amq_put_u64(b + field[t], value[t]);
        reseal(b, len);
        spit(b, len);
        expect_load(AMQ_E_BAD_PARAMS, why[t]);
    }
    /* count disagrees with the payload length */
    memcpy(b, good, len); amq_put_u64(b + 64, 19); reseal(b, len); spit(b, len);
    expect_load(AMQ_E_SIZE_MISMATCH, "19 fingerprints need 152");
    /* a flipped payload bit, a flipped checksum bit */
    memcpy(b, good, len); b[80] ^= 4; spit(b, len);
    expect_load(AMQ_E_CHECKSUM, "checksum");
    memcpy(b, good, len); b[len - 1] ^= 1; spit(b, len);
    expect_load(AMQ_E_CHECKSUM, "checksum");
    /* inconsistent payloads with valid checksums: a fingerprint wider than p = 12 bits,
     * fingerprints out of order, and a cluster that cannot fit (q = 2, no slack: two
     * fingerprints of quotient 3) */
    memcpy(b, good, len); amq_put_u64(b + 72 + 8 * 5, UINT64_C(1) << 12); reseal(b, len); spit(b, len);
    expect_load(AMQ_E_BAD_PARAMS, "more than p = 12 bits");
    memcpy(b, good, len);
    const uint64_t a0 = amq_get_u64(b + 72), a1 = amq_get_u64(b + 80);
    amq_put_u64(b + 72, a1);
    amq_put_u64(b + 80, a0);
    reseal(b, len);
    spit(b, len);
    assert_true(a0 != a1);
    expect_load(AMQ_E_BAD_PARAMS, "out of order");
    const uint64_t clash[2] = {0xC, 0xD};
    craft(2, 2, 0, 2, clash, 2);
    expect_load(AMQ_E_BAD_PARAMS, "does not fit");
    craft(2, 2, 1, 2, clash, 2); /* one slack slot: fine */
    amq_quotient *ok = NULL;
    assert_int_equal(amq_quotient_load(&ok, path), AMQ_OK);
    assert_true(amq_quotient_count(ok) == 2);
    amq_quotient_free(ok);
    /* a huge table announced by a tiny file: refused or allocation fails, no crash */
    craft(40, 8, 0, 0, NULL, 0);
    expect_load(AMQ_E_NOMEM, "cannot allocate");
    /* untouched file loads again */
    spit(good, len);
    assert_int_equal(amq_quotient_load(&ok, path), AMQ_OK);
    amq_quotient_free(ok);
    assert_int_equal(amq_quotient_load(&ok, "/nonexistent/q.amq"), AMQ_E_IO);
    free(good);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_false_negatives),
        cmocka_unit_test(multiset_delete),
        cmocka_unit_test(shared_fingerprint),
        cmocka_unit_test(random_ops_match_model),
        cmocka_unit_test(iteration_yields_the_multiset),
        cmocka_unit_test(full_table_refuses_unchanged),
        cmocka_unit_test(merge_union_and_atomic_failure),
        cmocka_unit_test(resize_keeps_fingerprints),
        cmocka_unit_test(sixty_four_bit_fingerprints),
        cmocka_unit_test(sizing_on_the_exact_rate),
        cmocka_unit_test(bad_arguments),
        cmocka_unit_test(save_load_round_trip),
        cmocka_unit_test(corrupt_files),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
