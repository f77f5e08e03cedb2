/* The key-level sliding-window Bloom filter (amq/window.h): the window guarantee with real
 * hashing, forgetting (expired keys test positive exactly as fresh keys do), the exact state
 * rate against brute force over every index vector, sizing, files and every corrupt-file
 * case, bad arguments. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/tmp_dir.h"
#include "support/read_file.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <amq/window.h>
#include <amq/filter.h>
#include <amq/filter_rate.h>
#include <amq/spec_window.h>
#include <amq/stats.h>
#include <lib_internal/bloom_kernel.h>
#include <lib_internal/container.h>
#include <lib_internal/window_kernel.h>
#include <lib_internal/window_state.h>
#include <xxhash.h>

#define ALPHA 1e-6 /* false-alarm rate of every statistical assertion here */

static size_t key_of(char *buf, const char *prefix, uint64_t i)
{
    return (size_t)sprintf(buf, "%s%llu", prefix, (unsigned long long)i);
}

/* Every key among the last (g - 1) c insertions is found, after every insertion of a long
 * stream (many rotations), for every hashing strategy and a few geometries. */
static void window_guarantee(void **state)
{
    (void)state;
    const uint64_t geos[][4] = {{512, 4, 100, 2}, {2048, 7, 300, 4}, {64, 3, 10, 5}, {4096, 5, 1000, 11}};
    char key[32];
    for (int s = AMQ_HASH_INDEPENDENT; s <= AMQ_HASH_ENHANCED; s++)
        for (size_t e = 0; e < sizeof geos / sizeof geos[0]; e++) {
            amq_window *w;
            assert_int_equal(amq_window_create(&w, geos[e][0], geos[e][1], geos[e][2], geos[e][3],
                                               (amq_hash_strategy)s, 99),
                             AMQ_OK);
            const uint64_t keep = (amq_window_g(w) - 1) * amq_window_cap(w);
            assert_true(keep >= geos[e][2]);
            const uint64_t total = 5 * amq_window_g(w) * amq_window_cap(w) + 17;
            for (uint64_t i = 0; i < total; i++) {
                assert_int_equal(amq_window_add(w, key, key_of(key, "s", i)), AMQ_OK);
                /* check the whole guaranteed window at a few points, its oldest key always */
                const uint64_t from = i + 1 > keep ? i + 1 - keep : 0;
                assert_true(amq_window_query(w, key, key_of(key, "s", from)));
                if (i % 97 == 0)
                    for (uint64_t j = from; j <= i; j++)
                        assert_true(amq_window_query(w, key, key_of(key, "s", j)));
            }
            uint64_t held;
            assert_int_equal(amq_window_held(&held, geos[e][2], geos[e][3], total), AMQ_OK);
            assert_true(amq_window_count(w) == held);
            assert_true(amq_window_insertions(w) == total);
            uint64_t loads[AMQ_WINDOW_MAX_G];
            assert_int_equal(amq_window_loads(loads, geos[e][2], geos[e][3], total), AMQ_OK);
            for (uint64_t a = 0; a < geos[e][3]; a++)
                assert_true(amq_window_generation_load(w, a) == loads[a]);
            amq_window_free(w);
        }
}

/* Keys older than g c insertions have no bit of their own left: they test positive exactly
 * as often as fresh keys, at the exact rate of the state (binomial test). A planted
 * comparison: keys still in the window are all found. */
static void expired_keys_are_fresh(void **state)
{
    (void)state;
    const amq_structure *s = amq_structure_find("sliding-bloom");
    assert_non_null(s);
    amq_params p;
    amq_params_init(&p, s);
    assert_int_equal(amq_params_set(&p, s, "m", 6000), AMQ_OK);
    assert_int_equal(amq_params_set(&p, s, "k", 3), AMQ_OK);
    assert_int_equal(amq_params_set(&p, s, "W", 1500), AMQ_OK);
    assert_int_equal(amq_params_set(&p, s, "g", 4), AMQ_OK);
    assert_int_equal(amq_params_set(&p, s, "hash", AMQ_HASH_INDEPENDENT), AMQ_OK);
    amq_filter *f;
    assert_int_equal(amq_filter_create(&f, s, &p), AMQ_OK);
    char key[32];
    const uint64_t old = 100000, recent = 4 * 500; /* g c = 2000 */
    for (uint64_t i = 0; i < old + recent; i++)
        assert_int_equal(amq_filter_add(f, key, key_of(key, "x", i)), AMQ_OK);
    mpq_t q;
    mpq_init(q);
    assert_int_equal(amq_filter_fp_state(q, f), AMQ_OK);
    const double rate = mpq_get_d(q);
    mpq_clear(q);
    assert_true(rate > 0.001 && rate < 0.5);
    uint64_t positives = 0;
    for (uint64_t i = 0; i < old; i++)
        positives += (uint64_t)amq_filter_query(f, key, key_of(key, "x", i));
    amq_binom_test_result r;
    assert_int_equal(amq_binom_test(positives, old, rate, ALPHA, &r), AMQ_OK);
    if (!r.pass)
        print_error("expired keys: %llu / %llu positive, state rate %g, p-value %g\n", (unsigned long long)positives,
                    (unsigned long long)old, rate, r.p_value);
    assert_true(r.pass);
    for (uint64_t i = old + recent - 1500; i < old + recent; i++)
        assert_true(amq_filter_query(f, key, key_of(key, "x", i)));
    amq_filter_free(f);
}

/* The exact state rate equals the share of all m^k index vectors that the real kernel
 * query accepts on the filter's generations. */
static void state_rate_is_brute_force(void **state)
{
    (void)state;
    const amq_structure *s = amq_structure_find("sliding-bloom");
    const uint64_t geos[][5] = {{7, 2, 6, 3, 13}, {5, 3, 4, 2, 9}, {9, 2, 12, 5, 40}, {6, 1, 3, 4, 7}};
    char key[32];
    for (size_t e = 0; e < sizeof geos / sizeof geos[0]; e++) {
        amq_params p;
        amq_params_init(&p, s);
        const char *names[] = {"m", "k", "W", "g"};
        for (int i = 0; i < 4; i++)
            assert_int_equal(amq_params_set(&p, s, names[i], geos[e][i]), AMQ_OK);
        amq_filter *f;
        assert_int_equal(amq_filter_create(&f, s, &p), AMQ_OK);
        for (uint64_t i = 0; i < geos[e][4]; i++)
            assert_int_equal(amq_filter_add(f, key, key_of(key, "b", i)), AMQ_OK);
        const amq_window *w = amq_filter_object(f);
        const uint64_t m = geos[e][0], k = geos[e][1], g = geos[e][3];
        uint64_t idx[3] = {0, 0, 0}, yes = 0, total = 0;
        for (;;) {
            yes += (uint64_t)amq_window_kernel_query((uint64_t *const *)amq_window_generations(w), g, m, idx, (size_t)k);
            total++;
            size_t d = 0;
            while (d < k && ++idx[d] == m)
                idx[d++] = 0;
            if (d == k)
                break;
        }
        mpq_t got, want;
        mpq_inits(got, want, (mpq_ptr)0);
        assert_int_equal(amq_filter_fp_state(got, f), AMQ_OK);
        mpq_set_ui(want, yes, total);
        mpq_canonicalize(want);
        assert_true(mpq_equal(got, want));
        mpq_clears(got, want, (mpq_ptr)0);
        amq_filter_free(f);
    }
}

/* Sizing is certified on the structure's own rate: the largest steady-state rate of the
 * chosen (m, k) is below the target, and one bit fewer is not (for that k). */
static void sizing(void **state)
{
    (void)state;
    uint64_t m, k;
    double achieved;
    assert_int_equal(amq_window_size_for(1000, 0.01, 4, &m, &k, &achieved), AMQ_OK);
    assert_true(achieved <= 0.01 && achieved > 0.005);
    uint64_t cap;
    assert_int_equal(amq_window_capacity(&cap, 1000, 4), AMQ_OK);
    mpq_t lo, hi, target;
    mpq_inits(lo, hi, target, (mpq_ptr)0);
    mpq_set_d(target, 0.01);
    assert_int_equal(amq_window_fp_steady_range(lo, hi, m, k, 1000, 4), AMQ_OK);
    assert_true(mpq_cmp(hi, target) <= 0);
    assert_int_equal(amq_window_fp_steady_range(lo, hi, m - 1, k, 1000, 4), AMQ_OK);
    assert_true(mpq_cmp(hi, target) > 0);
    mpq_clears(lo, hi, target, (mpq_ptr)0);
    assert_int_equal(amq_window_size_for(0, 0.01, 4, &m, &k, NULL), AMQ_E_INVALID_N);
    assert_int_equal(amq_window_size_for(10, 1.0, 4, &m, &k, NULL), AMQ_E_INVALID_FPR);
    assert_int_equal(amq_window_size_for(10, 0.01, 1, &m, &k, NULL), AMQ_E_INVALID_ARG);
}

static void bad_arguments(void **state)
{
    (void)state;
    amq_window *w = (amq_window *)0x1;
    assert_int_equal(amq_window_create(&w, 0, 3, 10, 4, AMQ_HASH_DEFAULT, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_window_create(&w, 64, 0, 10, 4, AMQ_HASH_DEFAULT, 0), AMQ_E_INVALID_K);
    assert_int_equal(amq_window_create(&w, 64, AMQ_MAX_K + 1, 10, 4, AMQ_HASH_DEFAULT, 0), AMQ_E_INVALID_K);
    assert_int_equal(amq_window_create(&w, 64, 3, 0, 4, AMQ_HASH_DEFAULT, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_window_create(&w, 64, 3, 10, 1, AMQ_HASH_DEFAULT, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_window_create(&w, 64, 3, 10, AMQ_WINDOW_MAX_G + 1, AMQ_HASH_DEFAULT, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_window_create(&w, 64, 3, 10, 4, (amq_hash_strategy)77, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_window_create(&w, UINT64_MAX, 3, 10, 64, AMQ_HASH_DEFAULT, 0), AMQ_E_OVERFLOW);
    assert_true(w == (amq_window *)0x1);
    assert_int_equal(amq_window_create(&w, 64, 3, 10, 4, AMQ_HASH_DEFAULT, 0), AMQ_OK);
    assert_int_equal(amq_window_add(w, NULL, 3), AMQ_E_INVALID_ARG);
    assert_true(amq_window_insertions(w) == 0);
    assert_int_equal(amq_window_add(w, NULL, 0), AMQ_OK); /* the empty key */
    assert_true(amq_window_query(w, "", 0));
    amq_window_clear(w);
    assert_true(amq_window_count(w) == 0 && amq_window_insertions(w) == 0);
    assert_false(amq_window_query(w, "", 0));
    amq_window_free(w);
}

/* Saved and loaded: same parameters, loads, answers; then every corrupt file is refused
 * with AMQ_E_BAD_PARAMS (resealed so that only the named field is wrong). */
static void spit(const unsigned char *b, size_t len, const char *to)
{
    FILE *f = fopen(to, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, len, f), len);
    fclose(f);
}

static void reseal(unsigned char *b, size_t len) { amq_put_u64(b + len - 8, XXH3_64bits(b, len - 8)); }

static amq_status load_patched(const unsigned char *orig, size_t len, size_t off, uint64_t value, int width)
{
    unsigned char *b = malloc(len);
    memcpy(b, orig, len);
    if (width == 8)
        amq_put_u64(b + off, value);
    else
        b[off] = (unsigned char)value;
    reseal(b, len);
    char bad[160];
    snprintf(bad, sizeof bad, "%s/bad.amq", tmp_dir);
    spit(b, len, bad);
    free(b);
    amq_window *w = (amq_window *)0x1;
    amq_status st = amq_window_load(&w, bad);
    if (st != AMQ_OK)
        assert_true(w == (amq_window *)0x1);
    else
        amq_window_free(w);
    return st;
}

static void files(void **state)
{
    (void)state;
    amq_window *w, *v;
    /* m = 100: the last word of a generation has 36 unused bits */
    assert_int_equal(amq_window_create(&w, 100, 3, 20, 3, AMQ_HASH_DOUBLE, 5), AMQ_OK);
    char key[32];
    for (uint64_t i = 0; i < 47; i++) /* c = 10: cur = 1 holding 7, the others full */
        assert_int_equal(amq_window_add(w, key, key_of(key, "f", i)), AMQ_OK);
    assert_int_equal(amq_window_save(w, tmp_path), AMQ_OK);
    assert_int_equal(amq_window_load(&v, tmp_path), AMQ_OK);
    assert_true(amq_window_m(v) == 100 && amq_window_k(v) == 3 && amq_window_length(v) == 20 && amq_window_g(v) == 3);
    assert_true(amq_window_strategy(v) == AMQ_HASH_DOUBLE && amq_window_seed(v) == 5);
    assert_true(amq_window_insertions(v) == 47 && amq_window_count(v) == amq_window_count(w));
    for (uint64_t a = 0; a < 3; a++)
        assert_true(amq_window_generation_load(v, a) == amq_window_generation_load(w, a));
    for (uint64_t i = 0; i < 500; i++)
        assert_int_equal(amq_window_query(v, key, key_of(key, "f", i)), amq_window_query(w, key, key_of(key, "f", i)));
    /* both keep working identically */
    for (uint64_t i = 47; i < 80; i++) {
        assert_int_equal(amq_window_add(w, key, key_of(key, "f", i)), AMQ_OK);
        assert_int_equal(amq_window_add(v, key, key_of(key, "f", i)), AMQ_OK);
    }
    for (uint64_t i = 0; i < 500; i++)
        assert_int_equal(amq_window_query(v, key, key_of(key, "f", i)), amq_window_query(w, key, key_of(key, "f", i)));
    amq_window_free(v);
    amq_window_free(w);

    size_t len;
    unsigned char *b = read_file_checked(tmp_path, &len);
    const size_t P = AMQ_HEADER_SIZE, S = P + 56; /* parameters, state */
    const size_t wpg = 2, gen0 = S + 8 * (1 + 3);
    /* the file as saved loads */
    assert_int_equal(load_patched(b, len, P, 100, 8), AMQ_OK);
    /* parameters */
    assert_int_equal(load_patched(b, len, P, 0, 8), AMQ_E_BAD_PARAMS);           /* m = 0 */
    assert_int_equal(load_patched(b, len, P + 8, 0, 8), AMQ_E_BAD_PARAMS);       /* k = 0 */
    assert_int_equal(load_patched(b, len, P + 8, 5000, 8), AMQ_E_BAD_PARAMS);    /* k too large */
    assert_int_equal(load_patched(b, len, P + 16, 0, 8), AMQ_E_BAD_PARAMS);      /* W = 0 */
    assert_int_equal(load_patched(b, len, P + 24, 1, 8), AMQ_E_BAD_PARAMS);      /* g = 1 */
    assert_int_equal(load_patched(b, len, P + 24, 65, 8), AMQ_E_BAD_PARAMS);     /* g too large */
    assert_int_equal(load_patched(b, len, P + 32, 9, 8), AMQ_E_BAD_PARAMS);      /* hash */
    assert_int_equal(load_patched(b, len, P + 48, 20, 8), AMQ_E_BAD_PARAMS);     /* fewer insertions than held */
    /* parameters that imply another payload length */
    assert_int_equal(load_patched(b, len, P, 1000, 8), AMQ_E_SIZE_MISMATCH);     /* m */
    assert_int_equal(load_patched(b, len, P + 24, 4, 8), AMQ_E_SIZE_MISMATCH);   /* g */
    assert_int_equal(load_patched(b, len, P, UINT64_MAX, 8), AMQ_E_SIZE_MISMATCH); /* m: no allocation */
    /* the state */
    assert_int_equal(load_patched(b, len, S, 3, 8), AMQ_E_BAD_PARAMS);           /* cur = g */
    assert_int_equal(load_patched(b, len, S + 8 * 2, 10, 8), AMQ_E_BAD_PARAMS);  /* current generation full */
    assert_int_equal(load_patched(b, len, S + 8 * 1, 4, 8), AMQ_E_BAD_PARAMS);   /* previous neither empty nor full */
    assert_int_equal(load_patched(b, len, gen0 + 8 * wpg - 1, 0x80, 1), AMQ_E_BAD_PARAMS); /* bit 127 >= m */
    /* an empty generation with a bit set: generation 2 emptied, one bit left */
    unsigned char *c = malloc(len);
    memcpy(c, b, len);
    amq_put_u64(c + S + 8 * 3, 0);
    amq_put_u64(c + gen0 + 8 * 2 * wpg, 0);
    amq_put_u64(c + gen0 + 8 * (2 * wpg + 1), 0);
    c[gen0 + 8 * 2 * wpg] = 1;
    assert_int_equal(load_patched(c, len, P, 100, 8), AMQ_E_BAD_PARAMS);
    c[gen0 + 8 * 2 * wpg] = 0; /* all clear: a state the kernel reaches (before the ring wrapped) */
    assert_int_equal(load_patched(c, len, P, 100, 8), AMQ_OK);
    free(c);
    /* the checksum and truncation are the container's (tests/test_container.c) */
    b[len - 1] ^= 1;
    char bad[160];
    snprintf(bad, sizeof bad, "%s/sum.amq", tmp_dir);
    spit(b, len, bad);
    assert_int_not_equal(amq_window_load(&v, bad), AMQ_OK);
    spit(b, len - 9, bad);
    assert_int_not_equal(amq_window_load(&v, bad), AMQ_OK);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(window_guarantee),  cmocka_unit_test(expired_keys_are_fresh),
        cmocka_unit_test(state_rate_is_brute_force), cmocka_unit_test(sizing),
        cmocka_unit_test(bad_arguments),     cmocka_unit_test(files),
    };
    return cmocka_run_group_tests(tests, tmp_dir_group_setup, tmp_dir_group_teardown);
}
