/* The quotient filter's compact slot store (lib_internal/quotient_slots.h): every width and
 * small sizes against a plain model (one uint64_t and one byte per slot), after every write;
 * the padding nibble and a guard byte after each array untouched. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <amq/stats.h>
#include <lib_internal/quotient_slots.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define GUARD 0x5Au

typedef struct store {
    amq_quotient_slots s;
    unsigned char *rem;   /* n * rbytes bytes and a guard byte */
    uint8_t *meta;        /* meta bytes and a guard byte */
    uint64_t *model_rem;
    uint8_t *model_meta;
} store;

static void store_open(store *t, uint64_t n, uint64_t r)
{
    const uint64_t rb = amq_quotient_slots_rem_bytes(r), mb = amq_quotient_slots_meta_bytes(n);
    t->rem = malloc(n * rb + 1);
    t->meta = malloc(mb + 1);
    t->model_rem = calloc(n, sizeof *t->model_rem);
    t->model_meta = calloc(n, 1);
    assert_non_null(t->rem);
    assert_non_null(t->meta);
    assert_non_null(t->model_rem);
    assert_non_null(t->model_meta);
    memset(t->rem, 0, n * rb);
    memset(t->meta, 0, mb);
    t->rem[n * rb] = GUARD;
    t->meta[mb] = GUARD;
    if (n % 2u == 1u)
        t->meta[mb - 1] = 0xA0u; /* padding nibble: must survive every write */
    t->s = (amq_quotient_slots){.n = n, .rbytes = rb, .meta = t->meta};
    switch (rb) {
    case 1: t->s.rem8 = (uint8_t *)t->rem; break;
    case 2: t->s.rem16 = (uint16_t *)(void *)t->rem; break;
    case 4: t->s.rem32 = (uint32_t *)(void *)t->rem; break;
    default: t->s.rem64 = (uint64_t *)(void *)t->rem; break;
    }
}

static void store_close(store *t)
{
    free(t->rem);
    free(t->meta);
    free(t->model_rem);
    free(t->model_meta);
}

static void store_matches(const store *t)
{
    const amq_quotient_slots *s = &t->s;
    for (uint64_t i = 0; i < s->n; i++) {
        assert_int_equal(amq_quotient_slots_rem(*s, i), t->model_rem[i]);
        assert_int_equal(amq_quotient_slots_meta(*s, i), t->model_meta[i]);
    }
    const uint64_t mb = amq_quotient_slots_meta_bytes(s->n);
    assert_int_equal(t->rem[s->n * s->rbytes], GUARD);
    assert_int_equal(t->meta[mb], GUARD);
    if (s->n % 2u == 1u)
        assert_int_equal(t->meta[mb - 1] / 16u, 0xAu);
}

static void sizes(void **state)
{
    (void)state;
    for (uint64_t r = 1; r <= 64; r++) {
        const uint64_t b = amq_quotient_slots_rem_bytes(r);
        assert_true(b == 1 || b == 2 || b == 4 || b == 8);
        assert_true(r <= 8 * b && (b == 1 || r > 4 * b));
    }
    assert_int_equal(amq_quotient_slots_meta_bytes(0), 0);
    assert_int_equal(amq_quotient_slots_meta_bytes(1), 1);
    assert_int_equal(amq_quotient_slots_meta_bytes(2), 1);
    assert_int_equal(amq_quotient_slots_meta_bytes(7), 4);
    assert_int_equal(amq_quotient_slots_meta_bytes(UINT64_MAX), UINT64_MAX / 2 + 1);
}

/* Random writes of remainders of exactly r bits (the top bit often set) and of metadata
 * nibbles, each followed by a full comparison with the model. */
static void random_writes(void **state)
{
    (void)state;
    static const uint64_t widths[] = {1, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64};
    uint64_t rng = 2026u;
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++)
        for (uint64_t n = 1; n <= 13; n++) {
            store t;
            store_open(&t, n, widths[w]);
            const uint64_t rmax = widths[w] == 64 ? UINT64_MAX : ((uint64_t)1 << widths[w]) - 1u;
            for (int step = 0; step < 200; step++) {
                const uint64_t x = amq_splitmix64(&rng), i = x % n;
                if (x >> 63) {
                    const uint64_t v = step % 3 == 0 ? rmax : amq_splitmix64(&rng) & rmax;
                    amq_quotient_slots_set_rem(t.s, i, v);
                    t.model_rem[i] = v;
                } else {
                    const uint8_t v = (uint8_t)((x >> 8) % 16u);
                    amq_quotient_slots_set_meta(t.s, i, v);
                    t.model_meta[i] = v;
                }
                store_matches(&t);
            }
            store_close(&t);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sizes),
        cmocka_unit_test(random_writes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
