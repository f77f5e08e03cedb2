/* Key-level cuckoo filter (lib_internal/cuckoo_key.h) on the real code: the key's place against an
 * independent computation from libxxhash (128-bit products, no amq_reduce); fingerprints never
 * 0 and spread over [1, 2^f - 1]; add then query; filling until an add fails (the failed add
 * leaves every byte as it was, every key added before is found); removes of inserted keys keep
 * the others; the same key added 2b times; the documented effect of removing a key that was
 * never inserted (it takes another key's copy when fingerprint and buckets agree); NULL keys;
 * determinism.  Fixed seeds. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>
#include <lib_internal/cuckoo_key.h>

static uint64_t words_for(uint64_t nb, uint64_t b, uint64_t f) { return (nb * b * f - 1) / 64 + 1; }

/* The n-th test key: 8 bytes of n and a tag. */
static void key_of(uint64_t n, uint64_t tag, unsigned char out[16])
{
    memcpy(out, &n, 8);
    memcpy(out + 8, &tag, 8);
}

/* The place as the header documents it, computed independently. */
static void model_place(uint64_t nb, uint64_t f, uint64_t seed, const void *key, size_t len, uint64_t *i1,
                        uint64_t *fp)
{
    const XXH128_hash_t h = XXH3_128bits_withSeed(key, len, seed);
    *i1 = (uint64_t)(((unsigned __int128)h.low64 * nb) >> 64);
    *fp = 1 + (uint64_t)(((unsigned __int128)h.high64 * (((uint64_t)1 << f) - 1)) >> 64);
}

static void test_place(void **state)
{
    (void)state;
    static const uint64_t nbs[] = {1, 2, 3, 7, 100, 1000003, 4294967291u, (uint64_t)1 << 40};
    unsigned char key[16];
    for (size_t g = 0; g < sizeof nbs / sizeof nbs[0]; g++)
        for (uint64_t f = 2; f <= 32; f++)
            for (uint64_t n = 0; n < 200; n++) {
                key_of(n, f, key);
                uint64_t i1, fp, mi, mf;
                amq_cuckoo_key_place(nbs[g], f, 42, key, sizeof key, &i1, &fp);
                model_place(nbs[g], f, 42, key, sizeof key, &mi, &mf);
                assert_int_equal(i1, mi);
                assert_int_equal(fp, mf);
                assert_true(i1 < nbs[g]);
                assert_true(fp >= 1 && fp < ((uint64_t)1 << f));
            }
    /* the empty key, and a NULL key of length 0 */
    uint64_t i1, fp, mi, mf;
    amq_cuckoo_key_place(7, 8, 1, NULL, 0, &i1, &fp);
    model_place(7, 8, 1, "", 0, &mi, &mf);
    assert_int_equal(i1, mi);
    assert_int_equal(fp, mf);
}

/* Every fingerprint value of f = 2, 3, 4 is drawn about equally often, 0 never. */
static void test_fingerprint_spread(void **state)
{
    (void)state;
    unsigned char key[16];
    for (uint64_t f = 2; f <= 4; f++) {
        const uint64_t values = ((uint64_t)1 << f) - 1, draws = 30000;
        uint64_t count[16] = {0};
        for (uint64_t n = 0; n < draws; n++) {
            key_of(n, 99, key);
            uint64_t i1, fp;
            amq_cuckoo_key_place(5, f, 7, key, sizeof key, &i1, &fp);
            assert_true(fp >= 1 && fp <= values);
            count[fp]++;
        }
        assert_int_equal(count[0], 0);
        for (uint64_t v = 1; v <= values; v++) { /* expected draws / values, within 10% */
            assert_true(count[v] * values * 10 > draws * 9);
            assert_true(count[v] * values * 10 < draws * 11);
        }
    }
}

struct table {
    uint64_t nb, b, f, nw;
    uint64_t *w;
};

static struct table table_new(uint64_t nb, uint64_t b, uint64_t f)
{
    struct table t = {nb, b, f, words_for(nb, b, f), NULL};
    t.w = calloc(t.nw, sizeof *t.w);
    assert_non_null(t.w);
    return t;
}

/* Fill until an add fails, for several geometries: every add before it is found, the failed
 * add changes no byte, and the load at the failure is high (with one kick sequence instead of
 * AMQ_CUCKOO_KEY_TRIES, b = 4 failed near 85%: the kernel refuses a chain that comes back to
 * a slot; f = 2 has only 3 fingerprints, so a bucket pair fills with equal ones). */
static void test_fill_until_full(void **state)
{
    (void)state;
    static const uint64_t geo[][4] = {/* nb, b, f, least load in percent at the first failure */
                                      {1000, 4, 12, 95}, {1001, 4, 16, 95}, {777, 2, 8, 85},
                                      {513, 8, 13, 98},  {300, 4, 32, 95},  {999, 4, 2, 50}};
    unsigned char key[16];
    for (size_t g = 0; g < sizeof geo / sizeof geo[0]; g++) {
        struct table t = table_new(geo[g][0], geo[g][1], geo[g][2]);
        uint64_t *before = malloc(t.nw * sizeof *before);
        assert_non_null(before);
        uint64_t n = 0;
        for (;; n++) {
            key_of(n, g, key);
            memcpy(before, t.w, t.nw * sizeof *before);
            const amq_status rc = amq_cuckoo_key_add(t.w, t.nb, t.b, t.f, 3, key, sizeof key);
            if (rc == AMQ_E_FULL) {
                assert_memory_equal(before, t.w, t.nw * sizeof *before);
                break;
            }
            assert_int_equal(rc, AMQ_OK);
            assert_int_equal(amq_cuckoo_key_query(t.w, t.nb, t.b, t.f, 3, key, sizeof key), 1);
        }
        assert_true(n * 100 >= geo[g][3] * t.nb * t.b);
        for (uint64_t m = 0; m < n; m++) {
            key_of(m, g, key);
            assert_int_equal(amq_cuckoo_key_query(t.w, t.nb, t.b, t.f, 3, key, sizeof key), 1);
        }
        free(before);
        free(t.w);
    }
}

/* Add 2000 keys, remove every other one (each once): the rest are all found, and the removed
 * ones mostly are not (f = 16: a false positive has probability about 8 / 2^16). */
static void test_remove_inserted(void **state)
{
    (void)state;
    struct table t = table_new(613, 4, 16);
    unsigned char key[16];
    const uint64_t n = 2000;
    for (uint64_t m = 0; m < n; m++) {
        key_of(m, 5, key);
        assert_int_equal(amq_cuckoo_key_add(t.w, t.nb, t.b, t.f, 9, key, sizeof key), AMQ_OK);
    }
    for (uint64_t m = 0; m < n; m += 2) {
        key_of(m, 5, key);
        assert_int_equal(amq_cuckoo_key_remove(t.w, t.nb, t.b, t.f, 9, key, sizeof key), AMQ_OK);
    }
    uint64_t still = 0;
    for (uint64_t m = 0; m < n; m++) {
        key_of(m, 5, key);
        const int q = amq_cuckoo_key_query(t.w, t.nb, t.b, t.f, 9, key, sizeof key);
        if (m % 2)
            assert_int_equal(q, 1);
        else
            still += (uint64_t)q;
    }
    assert_true(still <= 3);
    /* everything removed: the table is empty again */
    for (uint64_t m = 1; m < n; m += 2) {
        key_of(m, 5, key);
        assert_int_equal(amq_cuckoo_key_remove(t.w, t.nb, t.b, t.f, 9, key, sizeof key), AMQ_OK);
    }
    for (uint64_t k = 0; k < t.nw; k++)
        assert_int_equal(t.w[k], 0);
    free(t.w);
}

/* The same key 2b times: each add succeeds (its two buckets fill with its copies), the next
 * one fails and changes nothing; 2b removes succeed, the next finds nothing. */
static void test_same_key(void **state)
{
    (void)state;
    static const uint64_t bs[] = {2, 4, 8};
    for (size_t g = 0; g < 3; g++) {
        struct table t = table_new(11, bs[g], 10);
        uint64_t *before = malloc(t.nw * sizeof *before);
        assert_non_null(before);
        uint64_t i1, fp;
        amq_cuckoo_key_place(t.nb, t.f, 0, "dup", 3, &i1, &fp);
        /* with the key's two buckets the same bucket, it holds b copies, not 2b */
        const uint64_t room = amq_cuckoo_kernel_alt(t.nb, t.f, i1, fp) == i1 ? t.b : 2 * t.b;
        for (uint64_t c = 0; c < room; c++)
            assert_int_equal(amq_cuckoo_key_add(t.w, t.nb, t.b, t.f, 0, "dup", 3), AMQ_OK);
        memcpy(before, t.w, t.nw * sizeof *before);
        assert_int_equal(amq_cuckoo_key_add(t.w, t.nb, t.b, t.f, 0, "dup", 3), AMQ_E_FULL);
        assert_memory_equal(before, t.w, t.nw * sizeof *before);
        for (uint64_t c = 0; c < room; c++) {
            assert_int_equal(amq_cuckoo_key_query(t.w, t.nb, t.b, t.f, 0, "dup", 3), 1);
            assert_int_equal(amq_cuckoo_key_remove(t.w, t.nb, t.b, t.f, 0, "dup", 3), AMQ_OK);
        }
        assert_int_equal(amq_cuckoo_key_query(t.w, t.nb, t.b, t.f, 0, "dup", 3), 0);
        memcpy(before, t.w, t.nw * sizeof *before);
        assert_int_equal(amq_cuckoo_key_remove(t.w, t.nb, t.b, t.f, 0, "dup", 3), AMQ_E_NOT_PRESENT);
        assert_memory_equal(before, t.w, t.nw * sizeof *before);
        free(before);
        free(t.w);
    }
}

/* Removing a key that was never inserted (the documented behaviour): with another key's
 * fingerprint in its buckets it removes that copy, and the other key is lost; else it reports
 * AMQ_E_NOT_PRESENT and changes nothing. */
static void test_remove_never_inserted(void **state)
{
    (void)state;
    struct table t = table_new(3, 2, 2); /* 3 buckets, 3 fingerprints: places collide often */
    unsigned char x[16], y[16];
    key_of(0, 1, x);
    uint64_t xi, xf, n = 1, yi, yf;
    amq_cuckoo_key_place(t.nb, t.f, 4, x, sizeof x, &xi, &xf);
    for (;; n++) { /* y: the same first bucket and fingerprint as x */
        key_of(n, 1, y);
        amq_cuckoo_key_place(t.nb, t.f, 4, y, sizeof y, &yi, &yf);
        if (yi == xi && yf == xf)
            break;
    }
    assert_int_equal(amq_cuckoo_key_add(t.w, t.nb, t.b, t.f, 4, x, sizeof x), AMQ_OK);
    assert_int_equal(amq_cuckoo_key_remove(t.w, t.nb, t.b, t.f, 4, y, sizeof y), AMQ_OK);
    assert_int_equal(amq_cuckoo_key_query(t.w, t.nb, t.b, t.f, 4, x, sizeof x), 0); /* x is lost */
    /* a key whose fingerprint is in neither of its buckets: refused, nothing changes */
    assert_int_equal(amq_cuckoo_key_add(t.w, t.nb, t.b, t.f, 4, x, sizeof x), AMQ_OK);
    for (n = 1000;; n++) {
        key_of(n, 1, y);
        if (amq_cuckoo_key_query(t.w, t.nb, t.b, t.f, 4, y, sizeof y) == 0)
            break;
    }
    const uint64_t word = t.w[0];
    assert_int_equal(amq_cuckoo_key_remove(t.w, t.nb, t.b, t.f, 4, y, sizeof y), AMQ_E_NOT_PRESENT);
    assert_int_equal(t.w[0], word);
    free(t.w);
}

static void test_null_key(void **state)
{
    (void)state;
    struct table t = table_new(10, 4, 8);
    assert_int_equal(amq_cuckoo_key_add(t.w, t.nb, t.b, t.f, 0, "a", 1), AMQ_OK);
    uint64_t *before = malloc(t.nw * sizeof *before);
    assert_non_null(before);
    memcpy(before, t.w, t.nw * sizeof *before);
    assert_int_equal(amq_cuckoo_key_add(t.w, t.nb, t.b, t.f, 0, NULL, 3), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_cuckoo_key_remove(t.w, t.nb, t.b, t.f, 0, NULL, 3), AMQ_E_INVALID_ARG);
    assert_memory_equal(before, t.w, t.nw * sizeof *before);
    /* NULL with length 0 is the empty key */
    assert_int_equal(amq_cuckoo_key_add(t.w, t.nb, t.b, t.f, 0, NULL, 0), AMQ_OK);
    assert_int_equal(amq_cuckoo_key_query(t.w, t.nb, t.b, t.f, 0, "", 0), 1);
    assert_int_equal(amq_cuckoo_key_remove(t.w, t.nb, t.b, t.f, 0, "", 0), AMQ_OK);
    free(before);
    free(t.w);
}

/* The same keys in the same order give the same table, kicks included (filled to failure). */
static void test_deterministic(void **state)
{
    (void)state;
    struct table a = table_new(97, 4, 9), c = table_new(97, 4, 9);
    unsigned char key[16];
    for (uint64_t n = 0; n < 97 * 4 + 50; n++) {
        key_of(n, 8, key);
        const amq_status ra = amq_cuckoo_key_add(a.w, a.nb, a.b, a.f, 11, key, sizeof key);
        const amq_status rc = amq_cuckoo_key_add(c.w, c.nb, c.b, c.f, 11, key, sizeof key);
        assert_int_equal(ra, rc);
        assert_memory_equal(a.w, c.w, a.nw * sizeof *a.w);
    }
    free(a.w);
    free(c.w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_place),
        cmocka_unit_test(test_fingerprint_spread),
        cmocka_unit_test(test_fill_until_full),
        cmocka_unit_test(test_remove_inserted),
        cmocka_unit_test(test_same_key),
        cmocka_unit_test(test_remove_never_inserted),
        cmocka_unit_test(test_null_key),
        cmocka_unit_test(test_deterministic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
