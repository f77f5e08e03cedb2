/* Key-level counting Bloom filter: removal, saturation (no false negatives),
 * exact count (Theorem 12), idempotence, reduction to Bloom, persistence, bad input. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <amq/bloom.h>
#include <lib_internal/container.h>
#include <amq/counting.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const unsigned widths[] = {4, 8};

static amq_counting *make(uint64_t m, uint64_t k, unsigned w, amq_hash_strategy s)
{
    amq_counting *cf;
    assert_int_equal(amq_counting_create(&cf, m, k, w, s, 11), AMQ_OK);
    return cf;
}
static void add(amq_counting *cf, uint64_t key) { assert_int_equal(amq_counting_add(cf, &key, 8), AMQ_OK); }
static int has(const amq_counting *cf, uint64_t key) { return amq_counting_query(cf, &key, 8); }
static amq_status del(amq_counting *cf, uint64_t key) { return amq_counting_remove(cf, &key, 8); }

static unsigned *snapshot(const amq_counting *cf)
{
    uint64_t m = amq_counting_m(cf);
    unsigned *v = malloc(m * sizeof *v);
    for (uint64_t i = 0; i < m; i++)
        v[i] = amq_counting_get(cf, i);
    return v;
}

static void add_query_remove(void **state)
{
    (void)state;
    for (int w = 0; w < 2; w++)
        for (int s = AMQ_HASH_INDEPENDENT; s <= AMQ_HASH_ENHANCED; s++) {
            amq_counting *cf = make(20011, 7, widths[w], (amq_hash_strategy)s);
            for (uint64_t i = 0; i < 1000; i++)
                add(cf, i);
            for (uint64_t i = 0; i < 1000; i++)
                assert_true(has(cf, i));
            uint64_t count;
            assert_int_equal(amq_counting_count(cf, &count), AMQ_OK);
            assert_int_equal(count, 1000);
            /* remove the even keys: the odd ones stay (Theorem 11) */
            for (uint64_t i = 0; i < 1000; i += 2)
                assert_int_equal(del(cf, i), AMQ_OK);
            for (uint64_t i = 1; i < 1000; i += 2)
                assert_true(has(cf, i));
            assert_int_equal(amq_counting_count(cf, &count), AMQ_OK);
            assert_int_equal(count, 500);
            /* most removed keys now answer no */
            uint64_t still = 0;
            for (uint64_t i = 0; i < 1000; i += 2)
                still += (uint64_t)has(cf, i);
            assert_true(still < 50);
            amq_counting_free(cf);
        }
}

static void refused_remove_changes_nothing(void **state)
{
    (void)state;
    for (int w = 0; w < 2; w++) {
        amq_counting *cf = make(64, 3, widths[w], AMQ_HASH_DEFAULT);
        for (uint64_t i = 0; i < 10; i++)
            add(cf, i);
        unsigned *before = snapshot(cf);
        uint64_t refused = 0;
        for (uint64_t key = 1000; key < 1200; key++) {
            amq_status st = del(cf, key);
            if (st == AMQ_OK) { /* the absent key was covered (a false positive): put it back */
                add(cf, key);
                continue;
            }
            assert_int_equal(st, AMQ_E_NOT_PRESENT);
            assert_non_null(strstr(amq_last_error(), "not present"));
            refused++;
            unsigned *after = snapshot(cf);
            assert_memory_equal(before, after, 64 * sizeof *before);
            free(after);
        }
        assert_true(refused > 100);
        free(before);
        amq_counting_free(cf);
    }
}

/* dablooms and fastfilter lose keys when counters overflow; sticky saturation must not. */
static void saturation_never_gives_false_negatives(void **state)
{
    (void)state;
    for (int w = 0; w < 2; w++) {
        amq_counting *cf = make(1000, 4, widths[w], AMQ_HASH_DEFAULT);
        const uint64_t hot = 42;
        for (int i = 0; i < 1000; i++) /* far beyond 15 and 255 */
            add(cf, hot);
        for (uint64_t i = 100; i < 160; i++)
            add(cf, i);
        assert_true(amq_counting_saturated(cf) > 0);
        uint64_t count;
        assert_int_equal(amq_counting_count(cf, &count), AMQ_E_SATURATED);
        for (int i = 0; i < 1000; i++) /* removing the hot key as often as it was added */
            assert_int_equal(del(cf, hot), AMQ_OK);
        for (uint64_t i = 100; i < 160; i++)
            assert_true(has(cf, i)); /* every other key is still found */
        assert_true(has(cf, hot)); /* saturated counters are sticky: accuracy lost, never a false negative */
        amq_counting_free(cf);
    }
}

static void remove_undoes_add(void **state)
{
    (void)state;
    for (int w = 0; w < 2; w++) {
        amq_counting *cf = make(4099, 6, widths[w], AMQ_HASH_TRIPLE);
        for (uint64_t i = 0; i < 300; i++)
            add(cf, i);
        unsigned *before = snapshot(cf);
        add(cf, 777777);
        assert_int_equal(del(cf, 777777), AMQ_OK);
        unsigned *after = snapshot(cf);
        assert_memory_equal(before, after, 4099 * sizeof *before);
        free(before);
        free(after);
        amq_counting_free(cf);
    }
}

/* Theorem 8 at API level: same parameters, same keys => same answers as a Bloom filter. */
static void answers_equal_bloom(void **state)
{
    (void)state;
    for (int w = 0; w < 2; w++) {
        amq_counting *cf = make(3001, 5, widths[w], AMQ_HASH_ENHANCED);
        amq_bloom *bf;
        assert_int_equal(amq_bloom_create(&bf, 3001, 5, AMQ_HASH_ENHANCED, 11), AMQ_OK);
        for (uint64_t i = 0; i < 400; i++) {
            add(cf, i);
            assert_int_equal(amq_bloom_add(bf, &i, 8), AMQ_OK);
        }
        assert_int_equal(amq_counting_nonzero(cf), amq_bloom_count_bits(bf));
        for (uint64_t i = 0; i < 20000; i++)
            assert_int_equal(has(cf, i), amq_bloom_query(bf, &i, 8));
        amq_bloom_free(bf);
        amq_counting_free(cf);
    }
}

static void bad_arguments(void **state)
{
    (void)state;
    amq_counting *cf = (amq_counting *)0x1;
    assert_int_equal(amq_counting_create(&cf, 0, 3, 4, AMQ_HASH_DEFAULT, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_counting_create(&cf, 10, 0, 4, AMQ_HASH_DEFAULT, 0), AMQ_E_INVALID_K);
    assert_int_equal(amq_counting_create(&cf, 10, 3, 5, AMQ_HASH_DEFAULT, 0), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "width 5"));
    assert_int_equal(amq_counting_create_for(&cf, 0, 0.01, 4, AMQ_HASH_DEFAULT, 0, NULL), AMQ_E_INVALID_N);
    assert_int_equal(amq_counting_create_for(&cf, 10, 1.0, 4, AMQ_HASH_DEFAULT, 0, NULL), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_counting_create(&cf, UINT64_MAX, 3, 8, AMQ_HASH_DEFAULT, 0), AMQ_E_NOMEM);
    assert_ptr_equal(cf, (amq_counting *)0x1);
    double got;
    assert_int_equal(amq_counting_create_for(&cf, 1000, 0.01, 8, AMQ_HASH_DEFAULT, 0, &got), AMQ_OK);
    assert_true(got <= 0.01);
    unsigned *before = snapshot(cf);
    assert_int_equal(amq_counting_add(cf, NULL, 3), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_counting_remove(cf, NULL, 3), AMQ_E_INVALID_ARG);
    unsigned *after = snapshot(cf);
    assert_memory_equal(before, after, amq_counting_m(cf) * sizeof *before);
    free(before);
    free(after);
    amq_counting_free(cf);
}

static void save_load_and_corruption(void **state)
{
    (void)state;
    char path[] = "/tmp/amq-counting-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    for (int w = 0; w < 2; w++) {
        amq_counting *cf = make(1001, 4, widths[w], AMQ_HASH_DOUBLE), *back = NULL;
        for (uint64_t i = 0; i < 100; i++)
            add(cf, i);
        for (int i = 0; i < 40; i++)
            add(cf, 5); /* some saturation in the 4-bit case */
        assert_int_equal(amq_counting_save(cf, path), AMQ_OK);
        assert_int_equal(amq_counting_load(&back, path), AMQ_OK);
        assert_int_equal(amq_counting_width(back), widths[w]);
        assert_int_equal(amq_counting_m(back), 1001);
        for (uint64_t i = 0; i < 1001; i++)
            assert_int_equal(amq_counting_get(back, i), amq_counting_get(cf, i));
        amq_counting_free(back);
        /* a Bloom file is not a counting file, and vice versa */
        amq_bloom *bf = NULL;
        assert_int_equal(amq_bloom_load(&bf, path), AMQ_E_BAD_TYPE);
        /* corruptions: bad width, flipped payload byte, truncation */
        FILE *f = fopen(path, "rb");
        unsigned char buf[2048];
        size_t len = fread(buf, 1, sizeof buf, f);
        fclose(f);
        unsigned char copy[2048];
        memcpy(copy, buf, len);
        copy[32 + 32] = 6; /* width field */
        f = fopen(path, "wb"); fwrite(copy, 1, len, f); fclose(f);
        back = NULL;
        assert_int_equal(amq_counting_load(&back, path), AMQ_E_BAD_PARAMS);
        memcpy(copy, buf, len);
        copy[100] ^= 1;
        f = fopen(path, "wb"); fwrite(copy, 1, len, f); fclose(f);
        assert_int_equal(amq_counting_load(&back, path), AMQ_E_CHECKSUM);
        f = fopen(path, "wb"); fwrite(buf, 1, len - 3, f); fclose(f);
        assert_int_equal(amq_counting_load(&back, path), AMQ_E_TRUNCATED);
        assert_null(back);
        amq_counting_free(cf);
    }
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(add_query_remove),
        cmocka_unit_test(refused_remove_changes_nothing),
        cmocka_unit_test(saturation_never_gives_false_negatives),
        cmocka_unit_test(remove_undoes_add),
        cmocka_unit_test(answers_equal_bloom),
        cmocka_unit_test(bad_arguments),
        cmocka_unit_test(save_load_and_corruption),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
