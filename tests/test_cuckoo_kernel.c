/* Cuckoo filter kernel (lib_internal/cuckoo_kernel.h) on the real code, against an independent bit
 * model of the packed slots: slot round trips for every f in 2..32 and b in {2, 4, 8} (no other
 * bit moves, garbage everywhere else); the alternate-bucket map an involution in range for many
 * bucket counts (non-powers of two included) that reads only the fingerprint's f bits; query
 * and remove against a scan of the two buckets (remove empties the first match and touches no
 * other bit); insert: filling until an insert fails (the failed insert leaves every byte as it
 * was, every inserted fingerprint is found, the table holds exactly the inserted multiset), no
 * kicks, remove interleaved with inserts, and every short insert sequence of a tiny filter with
 * every kick choice.  Fixed seeds. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <lib_internal/cuckoo_kernel.h>

static uint64_t rng_state;
static uint64_t rnd(void) /* splitmix64 */
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static uint64_t words_for(uint64_t nb, uint64_t b, uint64_t f) { return (nb * b * f - 1) / 64 + 1; }

/* The model: bit p of the array, slot s read bit by bit (bit j of the value at s * f + j). */
static int model_bit(const uint64_t *w, uint64_t p) { return (int)((w[p / 64] >> (p % 64)) & 1u); }
static uint64_t model_slot(const uint64_t *w, uint64_t f, uint64_t s)
{
    uint64_t v = 0;
    for (uint64_t j = 0; j < f; j++)
        v |= (uint64_t)model_bit(w, s * f + j) << j;
    return v;
}
static uint64_t fmask(uint64_t f) { return f == 64 ? ~(uint64_t)0 : ((uint64_t)1 << f) - 1; }
static uint64_t rnd_fp(uint64_t f)
{
    uint64_t x;
    do
        x = rnd() & fmask(f);
    while (x == 0);
    return x;
}

static void test_slot_round_trip(void **state)
{
    (void)state;
    rng_state = 1;
    static const uint64_t bs[] = {2, 4, 8};
    for (uint64_t f = 2; f <= 32; f++)
        for (size_t bi = 0; bi < 3; bi++) {
            const uint64_t b = bs[bi], nb = 7, n = nb * b, nw = words_for(nb, b, f);
            uint64_t *w = malloc(nw * sizeof *w), *before = malloc(nw * sizeof *w);
            assert_non_null(w);
            assert_non_null(before);
            for (uint64_t k = 0; k < nw; k++)
                w[k] = rnd(); /* garbage everywhere, padding bits included */
            for (int round = 0; round < 200; round++) {
                const uint64_t s = rnd() % n, x = rnd(); /* high bits of x must be ignored */
                memcpy(before, w, nw * sizeof *w);
                amq_cuckoo_kernel_put(w, nb * b * f, f, s, x);
                assert_int_equal(amq_cuckoo_kernel_get(w, nb * b * f, f, s), x & fmask(f));
                assert_int_equal(model_slot(w, f, s), x & fmask(f));
                for (uint64_t p = 0; p < 64 * nw; p++)
                    if (p < s * f || p >= s * f + f)
                        assert_int_equal(model_bit(w, p), model_bit(before, p));
            }
            free(w);
            free(before);
        }
}

static void test_alt_involution(void **state)
{
    (void)state;
    rng_state = 2;
    uint64_t nbs[400];
    size_t count = 0;
    for (uint64_t nb = 1; nb <= 300; nb++)
        nbs[count++] = nb;
    const uint64_t big[] = {1000003, 1u << 20, 3u << 20, (3u << 20) + 1, 4294967291u, 4294967296u,
                            (uint64_t)1 << 40, ((uint64_t)1 << 40) + 7, UINT64_MAX / 64};
    for (size_t k = 0; k < sizeof big / sizeof big[0]; k++)
        nbs[count++] = big[k];
    for (size_t k = 0; k < count; k++)
        for (uint64_t f = 2; f <= 32; f += 5)
            for (int round = 0; round < 50; round++) {
                const uint64_t nb = nbs[k], i = rnd() % nb, x = rnd_fp(f);
                const uint64_t a = amq_cuckoo_kernel_alt(nb, f, i, x);
                assert_true(a < nb);
                assert_int_equal(amq_cuckoo_kernel_alt(nb, f, a, x), i);
                /* the map reads only the fingerprint's f bits */
                assert_int_equal(amq_cuckoo_kernel_alt(nb, f, i, x | (rnd() << f)), a);
            }
}

/* Query and remove against the model: a random table (garbage in the padding bits, small f so
 * that fingerprints repeat, a third of the slots empty), every (i1, fp) answered as a scan of
 * the two buckets answers, with garbage above the f bits of fp ignored; remove empties the
 * first matching slot of i1, else of its alternate, and not another bit of the array. */
static void test_query_remove(void **state)
{
    (void)state;
    rng_state = 6;
    static const uint64_t geo[][3] = {{1, 2, 2}, {3, 4, 3}, {7, 8, 5}, {100, 4, 8}, {13, 2, 13}, {5, 4, 32}};
    for (size_t g = 0; g < sizeof geo / sizeof geo[0]; g++) {
        const uint64_t nb = geo[g][0], b = geo[g][1], f = geo[g][2], nw = words_for(nb, b, f);
        uint64_t *w = malloc(nw * sizeof *w), *before = malloc(nw * sizeof *w);
        assert_non_null(w);
        assert_non_null(before);
        for (int round = 0; round < 400; round++) {
            for (uint64_t k = 0; k < nw; k++)
                w[k] = rnd();
            for (uint64_t s = 0; s < nb * b; s++) /* fingerprints of 1..3 so that they repeat */
                amq_cuckoo_kernel_put(w, nb * b * f, f, s, rnd() % 3 == 0 ? 0 : 1 + rnd() % 3);
            const uint64_t i1 = rnd() % nb, fp = 1 + rnd() % 3;
            const uint64_t noisy = fp | (f < 64 ? (rnd() << f) : 0); /* bits above f must not matter */
            const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
            uint64_t hit = nb * b; /* the slot remove must empty: first match of i1, then of i2 */
            for (uint64_t t = 0; t < b && hit == nb * b; t++)
                if (model_slot(w, f, i1 * b + t) == fp)
                    hit = i1 * b + t;
            for (uint64_t t = 0; t < b && hit == nb * b; t++)
                if (model_slot(w, f, i2 * b + t) == fp)
                    hit = i2 * b + t;
            assert_int_equal(amq_cuckoo_kernel_query(w, nb, b, f, i1, noisy), hit < nb * b);
            memcpy(before, w, nw * sizeof *w);
            const int rc = amq_cuckoo_kernel_remove(w, nb, b, f, i1, noisy);
            assert_int_equal(rc, hit < nb * b ? AMQ_CUCKOO_OK : AMQ_CUCKOO_ABSENT);
            if (hit < nb * b)
                for (uint64_t j = 0; j < f; j++) /* the model's clear of slot hit */
                    before[(hit * f + j) / 64] &= ~((uint64_t)1 << ((hit * f + j) % 64));
            assert_memory_equal(before, w, nw * sizeof *w);
        }
        free(w);
        free(before);
    }
}

/* A filter and the multiset of what was inserted (and not removed). */
typedef struct filt {
    uint64_t nb, b, f, nw;
    uint64_t *w;
    uint64_t *key_i, *key_fp; /* live insertions */
    size_t nkeys;
} filt;

static void filt_open(filt *t, uint64_t nb, uint64_t b, uint64_t f)
{
    t->nb = nb;
    t->b = b;
    t->f = f;
    t->nw = words_for(nb, b, f);
    t->w = calloc(t->nw, sizeof *t->w);
    t->key_i = malloc(nb * b * sizeof *t->key_i);
    t->key_fp = malloc(nb * b * sizeof *t->key_fp);
    assert_non_null(t->w);
    assert_non_null(t->key_i);
    assert_non_null(t->key_fp);
    t->nkeys = 0;
}

static void filt_close(filt *t)
{
    free(t->w);
    free(t->key_i);
    free(t->key_fp);
}

static int cmp_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Every live key is found, and the table holds exactly the live fingerprints (as a multiset),
 * each in one of its two buckets. */
static void filt_check(const filt *t)
{
    const uint64_t n = t->nb * t->b;
    uint64_t *held = malloc((n + 1) * sizeof *held), *live = malloc((t->nkeys + 1) * sizeof *live);
    assert_non_null(held);
    assert_non_null(live);
    size_t nheld = 0;
    for (uint64_t s = 0; s < n; s++) {
        const uint64_t v = model_slot(t->w, t->f, s);
        if (v != 0)
            held[nheld++] = v;
    }
    for (size_t k = 0; k < t->nkeys; k++) {
        assert_int_equal(amq_cuckoo_kernel_query(t->w, t->nb, t->b, t->f, t->key_i[k], t->key_fp[k]), 1);
        live[k] = t->key_fp[k];
    }
    assert_int_equal(nheld, t->nkeys);
    qsort(held, nheld, sizeof *held, cmp_u64);
    qsort(live, t->nkeys, sizeof *live, cmp_u64);
    if (nheld > 0)
        assert_memory_equal(held, live, nheld * sizeof *held);
    free(held);
    free(live);
}

/* One insert with random kicks; on failure the array must be byte-identical. */
static int filt_insert(filt *t, uint64_t i1, uint64_t fp, size_t nk)
{
    uint64_t kicks[AMQ_CUCKOO_MAX_KICKS];
    for (size_t k = 0; k < nk; k++)
        kicks[k] = rnd() % t->b;
    uint64_t *before = malloc(t->nw * sizeof *before);
    assert_non_null(before);
    memcpy(before, t->w, t->nw * sizeof *before);
    const int rc = amq_cuckoo_kernel_insert(t->w, t->nb, t->b, t->f, i1, fp, kicks, nk);
    if (rc == AMQ_CUCKOO_OK) {
        t->key_i[t->nkeys] = i1;
        t->key_fp[t->nkeys++] = fp;
        assert_int_equal(amq_cuckoo_kernel_query(t->w, t->nb, t->b, t->f, i1, fp), 1);
    } else {
        assert_int_equal(rc, AMQ_CUCKOO_FULL);
        assert_memory_equal(before, t->w, t->nw * sizeof *before);
    }
    free(before);
    return rc;
}

static void test_fill_until_failure(void **state)
{
    (void)state;
    rng_state = 3;
    static const uint64_t geo[][3] = {{1, 2, 2},    {3, 4, 7},   {5, 2, 13},   {17, 4, 8},   {100, 4, 12},
                                      {257, 8, 16}, {999, 4, 9}, {1024, 4, 32}, {1000, 2, 31}, {31, 8, 5}};
    for (size_t g = 0; g < sizeof geo / sizeof geo[0]; g++) {
        filt t;
        filt_open(&t, geo[g][0], geo[g][1], geo[g][2]);
        int failures = 0;
        while (failures < 3 && t.nkeys < t.nb * t.b) {
            const uint64_t i1 = rnd() % t.nb, fp = rnd_fp(t.f);
            if (filt_insert(&t, i1, fp, AMQ_CUCKOO_MAX_KICKS) != AMQ_CUCKOO_OK) {
                failures++;
                filt_check(&t);
            }
        }
        filt_check(&t);
        /* a filter at capacity reaches a high load before its first failure */
        /* loads reached (seeded): b = 2: 81%, b = 4: 88-91%, b = 8: 97% */
        const uint64_t floor_pct = t.b == 2 ? 75 : t.b == 4 ? 85 : 93;
        if (t.nb >= 100)
            assert_true(t.nkeys * 100 >= t.nb * t.b * floor_pct);
        filt_close(&t);
    }
}

static void test_no_kicks(void **state)
{
    (void)state;
    rng_state = 4;
    filt t;
    filt_open(&t, 3, 2, 8);
    /* with nk = 0 an insert into two full buckets fails and changes nothing */
    for (int k = 0; k < 200; k++)
        (void)filt_insert(&t, rnd() % 3, rnd_fp(8), 0);
    filt_check(&t);
    assert_true(t.nkeys <= 6);
    filt_close(&t);
}

static void test_remove(void **state)
{
    (void)state;
    rng_state = 5;
    filt t;
    filt_open(&t, 37, 4, 6); /* small fingerprints: many duplicates */
    while (t.nkeys < 37 * 4 * 80 / 100)
        (void)filt_insert(&t, rnd() % t.nb, rnd_fp(t.f), AMQ_CUCKOO_MAX_KICKS);
    filt_check(&t);
    /* removing a fingerprint that is in neither bucket changes nothing */
    for (int k = 0; k < 300; k++) {
        const uint64_t i1 = rnd() % t.nb, fp = rnd_fp(t.f);
        if (amq_cuckoo_kernel_query(t.w, t.nb, t.b, t.f, i1, fp) == 0) {
            uint64_t *before = malloc(t.nw * sizeof *before);
            assert_non_null(before);
            memcpy(before, t.w, t.nw * sizeof *before);
            assert_int_equal(amq_cuckoo_kernel_remove(t.w, t.nb, t.b, t.f, i1, fp), AMQ_CUCKOO_ABSENT);
            assert_memory_equal(before, t.w, t.nw * sizeof *before);
            free(before);
        }
    }
    /* valid removes, in random order, interleaved with inserts: nothing inserted is lost */
    for (int k = 0; k < 2000; k++) {
        if (t.nkeys > 0 && rnd() % 3 != 0) {
            const size_t r = rnd() % t.nkeys;
            assert_int_equal(amq_cuckoo_kernel_remove(t.w, t.nb, t.b, t.f, t.key_i[r], t.key_fp[r]),
                             AMQ_CUCKOO_OK);
            t.key_i[r] = t.key_i[t.nkeys - 1];
            t.key_fp[r] = t.key_fp[--t.nkeys];
        } else {
            (void)filt_insert(&t, rnd() % t.nb, rnd_fp(t.f), 20);
        }
        if (k % 50 == 0)
            filt_check(&t);
    }
    filt_check(&t);
    filt_close(&t);
}

/* Every sequence of three inserts into a filter of 3 buckets of 2 slots of 2 bits, with every
 * choice of two kicks per insert. */
static void test_exhaustive_tiny(void **state)
{
    (void)state;
    enum { NB = 3, B = 2, F = 2, STEPS = 3, NK = 2 };
    const uint64_t per = NB * 3 * 4; /* (i1, fp, kick pair) per step */
    uint64_t total = 1;
    for (int s = 0; s < STEPS; s++)
        total *= per;
    for (uint64_t code = 0; code < total; code++) {
        filt t;
        filt_open(&t, NB, B, F);
        uint64_t c = code;
        for (int s = 0; s < STEPS; s++) {
            const uint64_t d = c % per;
            c /= per;
            const uint64_t i1 = d % NB, fp = 1 + (d / NB) % 3, kp = d / (NB * 3);
            const uint64_t kicks[NK] = {kp & 1u, (kp >> 1) & 1u};
            uint64_t before = t.w[0];
            const int rc = amq_cuckoo_kernel_insert(t.w, NB, B, F, i1, fp, kicks, NK);
            if (rc == AMQ_CUCKOO_OK) {
                t.key_i[t.nkeys] = i1;
                t.key_fp[t.nkeys++] = fp;
            } else {
                assert_int_equal(t.w[0], before);
            }
            filt_check(&t);
        }
        filt_close(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slot_round_trip),
        cmocka_unit_test(test_alt_involution),
        cmocka_unit_test(test_query_remove),
        cmocka_unit_test(test_fill_until_failure),
        cmocka_unit_test(test_no_kicks),
        cmocka_unit_test(test_remove),
        cmocka_unit_test(test_exhaustive_tiny),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
