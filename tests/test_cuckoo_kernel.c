/* Cuckoo filter kernel (internal/cuckoo_kernel.h) on the real code, against an independent bit
 * model of the packed slots: slot round trips for every f in 2..32 and b in {2, 4, 8} (no other
 * bit moves, garbage everywhere else); the alternate-bucket map an involution in range for many
 * bucket counts (non-powers of two included) that reads only the fingerprint's f bits; query
 * and remove against a scan of the two buckets (remove empties the first match and touches no
 * other bit).  Fixed seeds.  The tests of insert (fill until an insert fails, every short insert
 * sequence of a tiny filter with every kick choice) are with insert in proofs/drafts/cuckoo/. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <internal/cuckoo_kernel.h>

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slot_round_trip),
        cmocka_unit_test(test_alt_involution),
        cmocka_unit_test(test_query_remove),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
