/* The quotient filter's compact slot store (lib_internal/quotient_slots.h): every width and
 * small sizes against a plain model (one uint64_t and one byte per slot), after every write;
 * the padding nibbles and byte and a guard word after each array untouched. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <amq/stats.h>
#include <lib_internal/quotient_slots.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define GUARD 0x5A5Au
#define PAD_NIBBLE 0xAu
#define PAD_BYTE 0xC3u

typedef struct store {
    amq_quotient_slots s;
    uint16_t *rem16;      /* its words and a guard word (rbytes 1, 2) */
    uint32_t *rem32;      /* its words and a guard word (rbytes 4, 8) */
    uint16_t *meta;       /* meta words and a guard word */
    uint64_t *model_rem;
    uint8_t *model_meta;
} store;

/* Words of an array (a guard word after them), or NULL for an unused array. */
static void *words_open(uint64_t words, size_t size)
{
    if (!words)
        return NULL;
    unsigned char *a = calloc(words + 1u, size);
    assert_non_null(a);
    memset(a + words * size, 0x5A, size);
    return a;
}

static void store_open(store *t, uint64_t n, uint64_t r)
{
    const uint64_t rb = amq_quotient_slots_rem_bytes(r);
    const uint64_t w16 = amq_quotient_slots_rem16_words(rb, n), w32 = amq_quotient_slots_rem32_words(rb, n);
    const uint64_t mw = amq_quotient_slots_meta_words(n);
    t->rem16 = words_open(w16, sizeof(uint16_t));
    t->rem32 = words_open(w32, sizeof(uint32_t));
    t->meta = words_open(mw, sizeof(uint16_t));
    t->model_rem = calloc(n, sizeof *t->model_rem);
    t->model_meta = calloc(n, 1);
    assert_non_null(t->model_rem);
    assert_non_null(t->model_meta);
    for (uint64_t k = n; k < 4u * mw; k++) /* padding nibbles: must survive every write */
        t->meta[k / 4u] = (uint16_t)(t->meta[k / 4u] | PAD_NIBBLE << (4u * (k % 4u)));
    if (rb == 1u && n % 2u == 1u) /* the padding byte likewise */
        t->rem16[n / 2u] = PAD_BYTE << 8;
    t->s = (amq_quotient_slots){.n = n, .rbytes = rb, .rem16 = t->rem16, .rem32 = t->rem32, .meta = t->meta};
}

static void store_close(store *t)
{
    free(t->rem16);
    free(t->rem32);
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
    const uint64_t w16 = amq_quotient_slots_rem16_words(s->rbytes, s->n);
    const uint64_t w32 = amq_quotient_slots_rem32_words(s->rbytes, s->n);
    const uint64_t mw = amq_quotient_slots_meta_words(s->n);
    assert_true((w16 != 0u) == (s->rbytes <= 2u) && (w32 != 0u) == (s->rbytes >= 4u));
    if (w16)
        assert_int_equal(t->rem16[w16], GUARD);
    if (w32)
        assert_int_equal(t->rem32[w32], (uint32_t)GUARD << 16 | GUARD);
    assert_int_equal(t->meta[mw], GUARD);
    for (uint64_t k = s->n; k < 4u * mw; k++)
        assert_int_equal(t->meta[k / 4u] >> (4u * (k % 4u)) & 15u, PAD_NIBBLE);
    if (s->rbytes == 1u && s->n % 2u == 1u)
        assert_int_equal(t->rem16[s->n / 2u] >> 8, PAD_BYTE);
}

static void sizes(void **state)
{
    (void)state;
    for (uint64_t r = 1; r <= 64; r++) {
        const uint64_t b = amq_quotient_slots_rem_bytes(r);
        assert_true(b == 1 || b == 2 || b == 4 || b == 8);
        assert_true(r <= 8 * b && (b == 1 || r > 4 * b));
    }
    assert_int_equal(amq_quotient_slots_meta_words(0), 0);
    assert_int_equal(amq_quotient_slots_meta_words(1), 1);
    assert_int_equal(amq_quotient_slots_meta_words(4), 1);
    assert_int_equal(amq_quotient_slots_meta_words(5), 2);
    assert_int_equal(amq_quotient_slots_meta_words(UINT64_MAX), UINT64_MAX / 4 + 1);
    assert_int_equal(amq_quotient_slots_rem16_words(1, 7), 4);
    assert_int_equal(amq_quotient_slots_rem16_words(2, 7), 7);
    assert_int_equal(amq_quotient_slots_rem16_words(4, 7), 0);
    assert_int_equal(amq_quotient_slots_rem32_words(4, 7), 7);
    assert_int_equal(amq_quotient_slots_rem32_words(8, 7), 14);
    assert_int_equal(amq_quotient_slots_rem32_words(2, 7), 0);
    assert_int_equal(amq_quotient_slots_rem32_words(8, AMQ_QUOTIENT_SLOTS_MAX), 2 * AMQ_QUOTIENT_SLOTS_MAX);
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
