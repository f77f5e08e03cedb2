/* Index strategies: closed forms of Dillinger & Manolios (eqs. 4-6), reach and no wrap. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <amq/hash.h>
#include <string.h>

typedef unsigned __int128 u128;

static uint64_t expected(amq_hash_strategy s, uint64_t a, uint64_t b, uint64_t c, uint64_t m, uint64_t i)
{
    uint64_t x = amq_reduce(a, m), y = amq_reduce(b, m), z = amq_reduce(c, m);
    if (s != AMQ_HASH_ENHANCED && m > 1) {
        if ((m & (m - 1)) == 0)
            y |= 1;
        else if (y == 0)
            y = 1;
    }
    u128 v = (u128)x + (u128)i * y;
    if (s == AMQ_HASH_TRIPLE)
        v += (u128)(i * (i - 1) / 2 % m) * z;          /* eq. (5) */
    else if (s == AMQ_HASH_ENHANCED)
        v += (u128)((i * i * i - i) / 6 % m);           /* eq. (6) */
    return (uint64_t)(v % m);
}

static void closed_forms(void **state)
{
    (void)state;
    const uint64_t ms[] = {1, 2, 3, 7, 8, 1000, 1024, 4294967311ull, 0xFFFFFFFFFFFFFFFFull,
                           0x8000000000000000ull, 0xFFFFFFFFFFFFFFC5ull};
    uint64_t idx[40];
    uint64_t a = 0x0123456789ABCDEFull;
    for (size_t t = 0; t < sizeof ms / sizeof ms[0]; t++)
        for (int s = AMQ_HASH_DOUBLE; s <= AMQ_HASH_ENHANCED; s++)
            for (int r = 0; r < 200; r++) {
                a = a * 6364136223846793005ull + 1442695040888963407ull;
                uint64_t b = a ^ (a >> 29) ^ 0xDEADBEEFull, c = ~a * 3;
                amq_hash_indices_from((amq_hash_strategy)s, a, b, c, ms[t], idx, 40);
                for (uint64_t i = 0; i < 40; i++) {
                    assert_true(idx[i] < ms[t]);
                    assert_int_equal(idx[i], expected((amq_hash_strategy)s, a, b, c, ms[t], i));
                }
            }
}

/* Every index position i of every strategy reaches every slot of [0, m). */
static void reaches_every_position(void **state)
{
    (void)state;
    const uint64_t ms[] = {1, 2, 5, 7, 8, 13, 64};
    for (size_t t = 0; t < sizeof ms / sizeof ms[0]; t++)
        for (int s = AMQ_HASH_INDEPENDENT; s <= AMQ_HASH_ENHANCED; s++) {
            uint8_t hit[4][64];
            memset(hit, 0, sizeof hit);
            for (uint64_t key = 0; key < 20000; key++) {
                uint64_t idx[4];
                amq_hash_indices((amq_hash_strategy)s, 42, &key, sizeof key, ms[t], idx, 4);
                for (int i = 0; i < 4; i++) {
                    assert_true(idx[i] < ms[t]);
                    hit[i][idx[i]] = 1;
                }
            }
            for (int i = 0; i < 4; i++)
                for (uint64_t p = 0; p < ms[t]; p++)
                    assert_true(hit[i][p]);
        }
}

static void reduce_is_onto_at_extremes(void **state)
{
    (void)state;
    assert_int_equal(amq_reduce(UINT64_MAX, UINT64_MAX), UINT64_MAX - 1);
    assert_int_equal(amq_reduce(0, UINT64_MAX), 0);
    assert_int_equal(amq_reduce(UINT64_MAX, 1), 0);
    assert_int_equal(amq_reduce(UINT64_MAX, (1ull << 40) + 3), (1ull << 40) + 2);
    /* an index above 2^32 comes out of a large m */
    assert_true(amq_reduce(0xF000000000000000ull, 1ull << 36) > (1ull << 32));
}

/* amq_reduce against the 128-bit product, on both of its paths (two products below m = 2^32,
 * four from it) and at the boundary between them: random h, fixed seed. */
static void reduce_equals_the_128_bit_product(void **state)
{
    (void)state;
    const uint64_t edges[] = {1, 2, 4294967295u, 4294967296u, 4294967297u, UINT64_MAX - 1, UINT64_MAX};
    uint64_t s = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 200000; i++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        const uint64_t h = s;
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        const uint64_t m = i < 7 * 1000 ? edges[i % 7] : (i % 2 ? s >> 32 : s) | 1u;
        assert_int_equal(amq_reduce(h, m), (uint64_t)(((unsigned __int128)h * m) >> 64));
    }
}

static void names_parse(void **state)
{
    (void)state;
    amq_hash_strategy s;
    for (int i = 0; i <= AMQ_HASH_ENHANCED; i++) {
        assert_int_equal(amq_hash_parse(amq_hash_name((amq_hash_strategy)i), &s), AMQ_OK);
        assert_int_equal(s, i);
    }
    s = AMQ_HASH_DOUBLE;
    assert_int_equal(amq_hash_parse("quadruple", &s), AMQ_E_INVALID_ARG);
    assert_int_equal(s, AMQ_HASH_DOUBLE);
    assert_int_equal(AMQ_HASH_DEFAULT, AMQ_HASH_ENHANCED);
}

/* The same key gives the same indices; another seed gives others. */
static void deterministic_and_seeded(void **state)
{
    (void)state;
    for (int s = AMQ_HASH_INDEPENDENT; s <= AMQ_HASH_ENHANCED; s++) {
        uint64_t a[8], b[8], c[8];
        amq_hash_indices((amq_hash_strategy)s, 1, "key", 3, 1ull << 40, a, 8);
        amq_hash_indices((amq_hash_strategy)s, 1, "key", 3, 1ull << 40, b, 8);
        amq_hash_indices((amq_hash_strategy)s, 2, "key", 3, 1ull << 40, c, 8);
        assert_memory_equal(a, b, sizeof a);
        assert_memory_not_equal(a, c, sizeof a);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(closed_forms),
        cmocka_unit_test(reaches_every_position),
        cmocka_unit_test(reduce_is_onto_at_extremes),
        cmocka_unit_test(reduce_equals_the_128_bit_product),
        cmocka_unit_test(names_parse),
        cmocka_unit_test(deterministic_and_seeded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
