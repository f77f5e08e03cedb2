/* Blocked kernels (lib_internal/blocked_kernel.h): Parquet bit-exactness of the split-block
 * filter against a reference written straight from the Parquet spec's pseudo-code, plus
 * pinned literal block/word patterns; block isolation, index translation and the
 * counting blocked kernels, at word-aligned and unaligned (tiny) block sizes. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>
#include <amq/split_block.h>
#include <lib_internal/blocked_state.h>
#include <lib_internal/blocked_kernel.h>
#include <amq/stats.h>

/* ================= Parquet reference =================
 * From the Apache Parquet format spec, BloomFilter.md ("Split Block Bloom Filter"):
 *
 *   static const uint32_t SALT[8] = {0x47b6137bU, 0x44974d91U, 0x8824ad5bU, 0xa2b7289dU,
 *                                    0x705495c7U, 0x2df1424bU, 0x9efc4947U, 0x5c6bfb31U};
 *   block Mask(uint32 x) { block result; for i in [0..7] { uint32 y = x * SALT[i];
 *                          result.getWord(i).setBit(y >> 27) } return result }
 *   void block_insert(block b, uint32 x) { masked = Mask(x); for i, j:
 *                          if (masked.getWord(i).isSet(j)) b.getWord(i).setBit(j) }
 *   boolean block_check(block b, uint32 x) { masked = Mask(x); for i, j:
 *                          if (masked.getWord(i).isSet(j)) if (not b.getWord(i).isSet(j))
 *                              return false; return true }
 *   void filter_insert(SBBF filter, uint64 x) {
 *       uint64 i = ((x >> 32) * filter.numberOfBlocks()) >> 32;
 *       block b = filter.getBlock(i); block_insert(b, (uint32)x) }
 *   boolean filter_check(SBBF filter, uint64 x) { (same i) return block_check(b, (uint32)x) }
 *
 * with x = XXH64 (seed 0) of the value's plain-encoded bytes.  A block is 8 uint32 words;
 * the bitset is the blocks in order, each word little-endian. */

static const uint32_t SALT[8] = {0x47b6137bU, 0x44974d91U, 0x8824ad5bU, 0xa2b7289dU,
                                 0x705495c7U, 0x2df1424bU, 0x9efc4947U, 0x5c6bfb31U};

typedef struct { uint32_t word[8]; } ref_block;

static ref_block ref_mask(uint32_t x)
{
    ref_block result;
    memset(&result, 0, sizeof result);
    for (int i = 0; i < 8; i++) {
        uint32_t y = x * SALT[i];
        result.word[i] |= (uint32_t)1 << (y >> 27);
    }
    return result;
}

static void ref_block_insert(ref_block *b, uint32_t x)
{
    ref_block masked = ref_mask(x);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 32; j++)
            if ((masked.word[i] >> j) & 1u)
                b->word[i] |= (uint32_t)1 << j;
}

static int ref_block_check(const ref_block *b, uint32_t x)
{
    ref_block masked = ref_mask(x);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 32; j++)
            if ((masked.word[i] >> j) & 1u)
                if (!((b->word[i] >> j) & 1u))
                    return 0;
    return 1;
}

static uint64_t ref_index(uint64_t x, uint64_t nblocks) { return ((x >> 32) * nblocks) >> 32; }

static void ref_insert(ref_block *f, uint64_t nblocks, uint64_t x)
{
    ref_block_insert(&f[ref_index(x, nblocks)], (uint32_t)x);
}

static int ref_check(const ref_block *f, uint64_t nblocks, uint64_t x)
{
    return ref_block_check(&f[ref_index(x, nblocks)], (uint32_t)x);
}

/* The reference's bitset bytes (little-endian words). */
static void ref_bytes(const ref_block *f, uint64_t nblocks, unsigned char *out)
{
    for (uint64_t b = 0; b < nblocks; b++)
        for (int i = 0; i < 8; i++)
            for (int j = 0; j < 4; j++)
                out[32 * b + 4 * (uint64_t)i + (uint64_t)j] = (unsigned char)(f[b].word[i] >> (8 * j));
}

/* Our bitset bytes (words little-endian, as the container writes them). */
static void our_bytes(const uint64_t *w, uint64_t nwords, unsigned char *out)
{
    for (uint64_t i = 0; i < nwords; i++)
        for (int j = 0; j < 8; j++)
            out[8 * i + (uint64_t)j] = (unsigned char)(w[i] >> (8 * j));
}

/* Pinned literals (computed once from the reference; XXH64("", 0) = 0xef46db3751d8e999 is
 * xxHash's published value): the hash, the block among 1000, and the 8-word mask. */
static const struct {
    const char *key;
    uint64_t hash, block;
    uint32_t mask[8];
} pinned[] = {
    {"", UINT64_C(0xef46db3751d8e999), 934,
     {0x20000000u, 0x00000001u, 0x02000000u, 0x10000000u, 0x00004000u, 0x00400000u, 0x20000000u, 0x40000000u}},
    {"hello", UINT64_C(0x26c7827d889f6da3), 151,
     {0x00100000u, 0x00000200u, 0x00000400u, 0x00000080u, 0x00000200u, 0x80000000u, 0x10000000u, 0x08000000u}},
    {"parquet", UINT64_C(0x3c9d29275c52e429), 236,
     {0x00000004u, 0x00400000u, 0x00400000u, 0x00080000u, 0x04000000u, 0x00002000u, 0x00000010u, 0x00000002u}},
    {"amqcert", UINT64_C(0x278e53fd565ad8f7), 154,
     {0x80000000u, 0x04000000u, 0x04000000u, 0x00020000u, 0x00000100u, 0x00001000u, 0x10000000u, 0x00000002u}},
    {"0", UINT64_C(0x633457081244afec), 387,
     {0x00001000u, 0x00004000u, 0x00000001u, 0x00000002u, 0x00000010u, 0x00000020u, 0x00008000u, 0x00000020u}},
};
#define NPINNED (sizeof pinned / sizeof pinned[0])

/* Word i of block b of our bit array, as a 32-bit Parquet word. */
static uint32_t our_word(const uint64_t *w, uint64_t b, unsigned i)
{
    const uint64_t p = 256 * b + 32 * (uint64_t)i;
    return (uint32_t)(w[p / 64] >> (p % 64));
}

static void parquet_pinned(void **state)
{
    (void)state;
    for (size_t t = 0; t < NPINNED; t++) {
        const char *key = pinned[t].key;
        /* the reference reproduces the pins */
        uint64_t h = XXH64(key, strlen(key), 0);
        assert_true(h == pinned[t].hash);
        assert_true(ref_index(h, 1000) == pinned[t].block);
        ref_block rm = ref_mask((uint32_t)h);
        for (int i = 0; i < 8; i++)
            assert_true(rm.word[i] == pinned[t].mask[i]);
        /* the library reproduces them: proved mask / select, and the key-level filter */
        uint64_t r[8];
        amq_split_block_kernel_mask((uint32_t)h, r);
        for (int i = 0; i < 8; i++)
            assert_true(((uint32_t)1 << r[i]) == pinned[t].mask[i]);
        assert_true(amq_split_block_kernel_select(h, 1000) == pinned[t].block);
        amq_split_block *f;
        assert_int_equal(amq_split_block_create(&f, 1000, 0), AMQ_OK);
        assert_int_equal(amq_split_block_add(f, key, strlen(key)), AMQ_OK);
        const uint64_t *w = amq_split_block_words(f);
        for (uint64_t b = 0; b < 1000; b++)
            for (unsigned i = 0; i < 8; i++)
                assert_true(our_word(w, b, i) == (b == pinned[t].block ? pinned[t].mask[i] : 0u));
        assert_int_equal(amq_split_block_query(f, key, strlen(key)), 1);
        amq_split_block_free(f);
    }
}

/* Many keys, many sizes: the whole bitset equals the reference's, byte for byte, and
 * every query (inserted keys and others) answers as the reference does. */
static void parquet_bit_exact(void **state)
{
    (void)state;
    const uint64_t sizes[] = {1, 2, 3, 7, 64, 1000, 4099, 65536};
    for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
        const uint64_t nb = sizes[t];
        const uint64_t nkeys = nb * 20 < 200000 ? nb * 20 : 200000;
        ref_block *ref = calloc((size_t)nb, sizeof *ref);
        amq_split_block *f;
        assert_non_null(ref);
        assert_int_equal(amq_split_block_create(&f, nb, 0), AMQ_OK);
        char key[32];
        for (uint64_t i = 0; i < nkeys; i++) {
            int len = snprintf(key, sizeof key, "key-%llu", (unsigned long long)i);
            ref_insert(ref, nb, XXH64(key, (size_t)len, 0));
            assert_int_equal(amq_split_block_add(f, key, (size_t)len), AMQ_OK);
        }
        unsigned char *a = malloc((size_t)nb * 32), *b = malloc((size_t)nb * 32);
        ref_bytes(ref, nb, a);
        our_bytes(amq_split_block_words(f), amq_split_block_nwords(f), b);
        assert_int_equal(amq_split_block_nwords(f) * 8, nb * 32);
        assert_memory_equal(a, b, (size_t)nb * 32);
        for (uint64_t i = 0; i < 2 * nkeys; i++) {
            int len = snprintf(key, sizeof key, "key-%llu", (unsigned long long)i);
            int want = ref_check(ref, nb, XXH64(key, (size_t)len, 0));
            assert_int_equal(amq_split_block_query(f, key, (size_t)len), want);
            if (i < nkeys)
                assert_int_equal(want, 1);
        }
        free(a);
        free(b);
        free(ref);
        amq_split_block_free(f);
    }
}

/* The 32-bit multiply-shift at its limits (hash words from a generator). */
static void parquet_select_limits(void **state)
{
    (void)state;
    amq_rng rng;
    amq_rng_seed(&rng, 12345);
    const uint64_t nbs[] = {1, 2, 3, 1000, (UINT64_C(1) << 32) - 1, UINT64_C(1) << 32};
    for (size_t t = 0; t < sizeof nbs / sizeof nbs[0]; t++) {
        assert_true(amq_split_block_kernel_select(UINT64_MAX, nbs[t]) == nbs[t] - 1);
        assert_true(amq_split_block_kernel_select(0, nbs[t]) == 0);
        for (int i = 0; i < 10000; i++) {
            uint64_t h = amq_rng_next(&rng);
            uint64_t s = amq_split_block_kernel_select(h, nbs[t]);
            assert_true(s < nbs[t]);
            assert_true(s == ref_index(h, nbs[t]));
        }
    }
    for (uint64_t x = 0; x < 70000; x++) {
        uint64_t r[8];
        uint32_t key32 = (uint32_t)(x * UINT64_C(0x9E3779B97F4A7C15) >> 17);
        amq_split_block_kernel_mask(key32, r);
        ref_block rm = ref_mask(key32);
        for (int i = 0; i < 8; i++) {
            assert_true(r[i] < 32);
            assert_true(((uint32_t)1 << r[i]) == rm.word[i]);
        }
    }
}

/* ================= index translation ================= */

static void translation(void **state)
{
    (void)state;
    uint64_t idx[5] = {0, 4, 2, 4, 1}, out[5];
    amq_blocked_kernel_indices(out, 5, 3, idx, 5);
    for (int t = 0; t < 5; t++)
        assert_true(out[t] == 15 + idx[t]);
    amq_partitioned_kernel_indices(out, 5, idx, 5);
    for (int t = 0; t < 5; t++)
        assert_true(out[t] == 5 * (uint64_t)t + idx[t]);
    /* largest block whose window ends at 2^64 - 1 */
    uint64_t one = 0, big;
    amq_blocked_kernel_indices(&big, 1, UINT64_MAX - 1, &one, 1);
    assert_true(big == UINT64_MAX - 1);
}

/* ================= block isolation, random ================= */

/* For each geometry: random adds; after each, every word (bit) outside the key's window
 * is unchanged, the key queries positive, and queries in other blocks keep their answer. */
static void bloom_isolation(void **state)
{
    (void)state;
    amq_rng rng;
    amq_rng_seed(&rng, 99);
    const uint64_t bsizes[] = {1, 2, 3, 5, 64, 100, 512};
    for (size_t g = 0; g < sizeof bsizes / sizeof bsizes[0]; g++) {
        const uint64_t bs = bsizes[g], nb = 7, m = nb * bs, nw = AMQ_BLOOM_WORDS(m);
        uint64_t *bits = calloc((size_t)nw, 8), *before = calloc((size_t)nw, 8);
        for (int round = 0; round < 300; round++) {
            uint64_t block = amq_rng_below(&rng, nb), k = 1 + amq_rng_below(&rng, 6), idx[6];
            for (uint64_t t = 0; t < k; t++)
                idx[t] = amq_rng_below(&rng, bs);
            /* a probe key in another block, and its answer before */
            uint64_t pb = (block + 1 + amq_rng_below(&rng, nb - 1)) % nb, pidx[3];
            for (int t = 0; t < 3; t++)
                pidx[t] = amq_rng_below(&rng, bs);
            int pbefore = amq_blocked_bloom_kernel_query(bits, m, bs, pb, pidx, 3);
            memcpy(before, bits, (size_t)nw * 8);
            amq_blocked_bloom_kernel_add(bits, m, bs, block, idx, (size_t)k);
            assert_int_equal(amq_blocked_bloom_kernel_query(bits, m, bs, block, idx, (size_t)k), 1);
            assert_int_equal(amq_blocked_bloom_kernel_query(bits, m, bs, pb, pidx, 3), pbefore);
            for (uint64_t p = 0; p < 64 * nw; p++) {
                int was = (int)((before[p / 64] >> (p % 64)) & 1), now = (int)((bits[p / 64] >> (p % 64)) & 1);
                if (p < block * bs || p >= block * bs + bs)
                    assert_int_equal(was, now);
                else
                    assert_true(now >= was);
            }
        }
        free(bits);
        free(before);
    }
}

/* Split-block at small word sizes, and partitioned: one bit per word / partition. */
static void split_and_partitioned_shape(void **state)
{
    (void)state;
    amq_rng rng;
    amq_rng_seed(&rng, 7);
    for (uint64_t s = 1; s <= 40; s += 3)
        for (uint64_t k = 1; k <= 9; k += 2) {
            const uint64_t nb = 3, m = nb * k * s, nw = AMQ_BLOOM_WORDS(m);
            uint64_t *bits = calloc((size_t)nw, 8), r[9];
            uint64_t block = amq_rng_below(&rng, nb);
            for (uint64_t t = 0; t < k; t++)
                r[t] = amq_rng_below(&rng, s);
            amq_split_block_kernel_add(bits, m, s, block, r, (size_t)k);
            assert_int_equal(amq_split_block_kernel_query(bits, m, s, block, r, (size_t)k), 1);
            uint64_t set = 0;
            for (uint64_t p = 0; p < m; p++)
                if ((bits[p / 64] >> (p % 64)) & 1) {
                    set++;
                    assert_true(p >= block * k * s && p < (block + 1) * k * s);
                    uint64_t w = (p - block * k * s) / s;
                    assert_true(p == block * k * s + w * s + r[w]);
                }
            assert_true(set == k);
            free(bits);
            /* partitioned: k partitions of s bits */
            bits = calloc((size_t)AMQ_BLOOM_WORDS(k * s), 8);
            amq_partitioned_kernel_add(bits, s, r, (size_t)k);
            assert_int_equal(amq_partitioned_kernel_query(bits, s, r, (size_t)k), 1);
            set = 0;
            for (uint64_t p = 0; p < k * s; p++)
                if ((bits[p / 64] >> (p % 64)) & 1) {
                    set++;
                    assert_true(p == (p / s) * s + r[p / s]);
                }
            assert_true(set == k);
            free(bits);
        }
}

/* ================= counting blocked ================= */

static unsigned cnt(const uint8_t *c, unsigned w, uint64_t p)
{
    return w == 8 ? c[p] : (p % 2 == 0 ? c[p / 2] % 16u : c[p / 2] / 16u);
}

static void counting_blocked(void **state)
{
    (void)state;
    amq_rng rng;
    amq_rng_seed(&rng, 5);
    for (unsigned w = 4; w <= 8; w += 4)
        for (uint64_t bs = 1; bs <= 9; bs += 2) {
            const uint64_t nb = 5, m = nb * bs, nbytes = w == 8 ? m : (m + 1) / 2;
            uint8_t *c = calloc((size_t)nbytes, 1), *before = malloc((size_t)nbytes);
            for (int round = 0; round < 400; round++) {
                uint64_t block = amq_rng_below(&rng, nb), k = 1 + amq_rng_below(&rng, 4), idx[4];
                for (uint64_t t = 0; t < k; t++)
                    idx[t] = amq_rng_below(&rng, bs);
                memcpy(before, c, (size_t)nbytes);
                int op = (int)amq_rng_below(&rng, 3);
                if (op == 0) {
                    if (w == 8)
                        amq_counting_blocked_kernel_add8(c, m, bs, block, idx, (size_t)k);
                    else
                        amq_counting_blocked_kernel_add4(c, m, bs, block, idx, (size_t)k);
                    assert_int_equal(w == 8 ? amq_counting_blocked_kernel_query8(c, m, bs, block, idx, (size_t)k)
                                            : amq_counting_blocked_kernel_query4(c, m, bs, block, idx, (size_t)k), 1);
                } else {
                    int rc = w == 8 ? amq_counting_blocked_kernel_remove8(c, m, bs, block, idx, (size_t)k)
                                    : amq_counting_blocked_kernel_remove4(c, m, bs, block, idx, (size_t)k);
                    if (rc != 0)
                        assert_memory_equal(c, before, (size_t)nbytes);
                }
                for (uint64_t p = 0; p < m; p++)
                    if (p < block * bs || p >= block * bs + bs)
                        assert_int_equal(cnt(c, w, p), cnt(before, w, p));
            }
            free(c);
            free(before);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parquet_pinned),
        cmocka_unit_test(parquet_bit_exact),
        cmocka_unit_test(parquet_select_limits),
        cmocka_unit_test(translation),
        cmocka_unit_test(bloom_isolation),
        cmocka_unit_test(split_and_partitioned_shape),
        cmocka_unit_test(counting_blocked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
