/* The blocked quotient filter's sizing at a chosen mean load (amq_blocked_quotient_size_for_load,
 * issue 27): the block count is the fewest of the chosen block size whose mean load is at most
 * the one asked for, p the smallest meeting the target, the rate the one the default sizing
 * reports; the block size grows with the load (pinned at the figures of docs/blocked.md);
 * blocks of the default's size at mean load 0.97 do overfill, and a full block refuses the
 * key, changing nothing, which is why; bad loads are refused, writing nothing; the registry
 * sizes the same; and 2e5 keys at the highest load are all taken and all found. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/load_sizing.h"
#include "support/test_scale.h"
#include <amq/blocked_quotient.h>
#include <amq/filter.h>
#include <amq/spec_blocked.h>
#include <stdio.h>
#include <string.h>

typedef struct sized {
    uint64_t blocks, q, r;
    double achieved;
} sized;

static sized size_at(uint64_t n, double fpr, double load)
{
    sized z = {0, 0, 0, -1.0};
    const amq_status st = amq_blocked_quotient_size_for_load(n, fpr, load, &z.blocks, &z.q, &z.r, &z.achieved);
    if (st != AMQ_OK)
        fail_msg("n = %llu, fpr %g, load %g: %s", (unsigned long long)n, fpr, load, amq_last_error());
    return z;
}

/* n keys, key-0 to key-(n-1), into b: the number of adds refused.  Each refusal must be
 * AMQ_E_FULL naming the key's block and must change nothing (the count stays). */
static uint64_t add_keys(amq_blocked_quotient *b, uint64_t n)
{
    char key[32];
    uint64_t refused = 0;
    for (uint64_t i = 0; i < n; i++) {
        const int len = snprintf(key, sizeof key, "key-%llu", (unsigned long long)i);
        const uint64_t before = amq_blocked_quotient_count(b);
        const amq_status st = amq_blocked_quotient_add(b, key, (size_t)len);
        if (st == AMQ_OK)
            continue;
        refused++;
        assert_int_equal(st, AMQ_E_FULL);
        assert_non_null(strstr(amq_last_error(), "nothing changed"));
        assert_int_equal(amq_blocked_quotient_count(b), before);
    }
    return refused;
}

/* Keys of add_keys not found, over an evenly spread sample (all of them in the plain pass). */
static uint64_t keys_missing(const amq_blocked_quotient *b, uint64_t n)
{
    char key[32];
    uint64_t no = 0;
    const uint64_t step = n / amq_test_scaled(n, n < 65536 ? n : 65536);
    for (uint64_t i = 0; i < n; i += step) {
        const int len = snprintf(key, sizeof key, "key-%llu", (unsigned long long)i);
        no += amq_blocked_quotient_query(b, key, (size_t)len) != 1;
    }
    return no;
}

/* Over loads and n: blocks of 2^q home slots, q in [6, 24]; the fewest blocks of floor(L 2^q)
 * keys, so the mean load n / (blocks 2^q) is at most L; p the smallest whose certified rate
 * meets the target (or q + 1, at least one remainder bit); *achieved within the target and
 * exactly what amq_blocked_quotient_size_for reports for those blocks. */
static void sizes_hold_the_load_and_the_rate(void **state)
{
    (void)state;
    const double loads[] = {1e-3, 0.5, 0.75, 0.9, 0.96, AMQ_BLOCKED_QUOTIENT_MAX_LOAD};
    const uint64_t ns[] = {1, 2, 100, 1000, 10000, 200000, 2000000, 1000000000, UINT64_C(1) << 40};
    const double fprs[] = {0.5, 0.01, 1e-6};
    for (size_t i = 0; i < sizeof loads / sizeof loads[0]; i++)
        for (size_t j = 0; j < sizeof ns / sizeof ns[0]; j++)
            for (size_t k = 0; k < sizeof fprs / sizeof fprs[0]; k++) {
                const uint64_t n = ns[j];
                const sized z = size_at(n, fprs[k], loads[i]);
                assert_true(z.q >= AMQ_BLOCKED_QUOTIENT_DEFAULT_Q && z.q <= AMQ_BLOCKED_QUOTIENT_MAX_Q);
                const uint64_t keys = amq_test_floor_load(loads[i], (unsigned)z.q);
                assert_true(keys >= 1 && z.blocks == n / keys + (n % keys != 0));
                assert_true((double)n / ((double)z.blocks * (double)(UINT64_C(1) << z.q)) <= loads[i]);
                assert_true(z.achieved > 0.0 && z.achieved <= fprs[k]);
                uint64_t b0 = 0, p0 = 0;
                double a0 = -1.0;
                assert_int_equal(amq_blocked_quotient_size_for(n, fprs[k], keys, &b0, &p0, &a0), AMQ_OK);
                assert_int_equal(b0, z.blocks);
                assert_int_equal(z.q + z.r, p0 > z.q ? p0 : z.q + 1);
                if (p0 > z.q)
                    assert_true(z.achieved == a0);
                else /* p raised: a lower rate, bounded anew */
                    assert_true(z.achieved <= a0);
            }
}

/* Where the load sizing keeps the default's blocks (2^6 home slots) and the default's 48
 * keys a block (L = 0.75, few keys: the overflow bound does not bind), it is the default
 * sizing, filter and rate alike, p raised to q + 1 included (fpr 0.5). */
static void at_the_defaults_block_it_is_the_default(void **state)
{
    (void)state;
    const uint64_t ns[] = {1, 10, 100};
    const double fprs[] = {0.5, 0.01, 1e-6};
    for (size_t i = 0; i < 3; i++)
        for (size_t j = 0; j < 3; j++) {
            const sized z = size_at(ns[i], fprs[j], 0.75);
            assert_int_equal(z.q, AMQ_BLOCKED_QUOTIENT_DEFAULT_Q);
            amq_blocked_quotient *b = NULL;
            double a = -1.0;
            assert_int_equal(amq_blocked_quotient_create_for(&b, ns[i], fprs[j], 3, &a), AMQ_OK);
            assert_true(amq_blocked_quotient_nblocks(b) == z.blocks && amq_blocked_quotient_q(b) == z.q &&
                        amq_blocked_quotient_r(b) == z.r && a == z.achieved);
            amq_blocked_quotient_free(b);
        }
}

/* Keys fall into blocks at random, so the fullest block is above the mean: the sizing takes
 * blocks large enough that none overflows but with probability <= 1e-9 (a Chernoff bound over
 * all blocks), and so grows them with the load.  Pinned at the figures of docs/blocked.md. */
static void the_block_size_grows_with_the_load(void **state)
{
    (void)state;
    const struct {
        uint64_t n;
        double load;
        uint64_t q, blocks;
    } pins[] = {
        {200000, 0.5, 6, 6250},   {200000, 0.75, 7, 2084},  {2000000, 0.75, 8, 10417}, {10000, 0.9, 9, 22},
        {200000, 0.9, 9, 435},    {200000, 0.96, 10, 204},  {2000000, 0.96, 10, 2035}, {200000, 0.97, 11, 101},
        {2000000, 0.97, 11, 1008}, {1900, 0.96, 9, 4},
    };
    for (size_t i = 0; i < sizeof pins / sizeof pins[0]; i++) {
        const sized z = size_at(pins[i].n, 0.01, pins[i].load);
        if (z.q != pins[i].q || z.blocks != pins[i].blocks)
            fail_msg("n = %llu at %g: q = %llu, %llu blocks; expected q = %llu, %llu blocks",
                     (unsigned long long)pins[i].n, pins[i].load, (unsigned long long)z.q,
                     (unsigned long long)z.blocks, (unsigned long long)pins[i].q,
                     (unsigned long long)pins[i].blocks);
    }
    /* the rate depends on blocks * 2^p only: 2e5 keys at 1% take p = 12 in 6250 blocks, 18 in 101 */
    assert_int_equal(size_at(200000, 0.01, 0.5).q + size_at(200000, 0.01, 0.5).r, 12);
    assert_int_equal(size_at(200000, 0.01, 0.97).q + size_at(200000, 0.01, 0.97).r, 18);
}

/* What the sizing avoids, and what then happens: the default's blocks (q = 6, 32 spill slots)
 * at mean load 0.97, 3226 blocks for 2e5 keys, overfill a block in about one build in seven
 * (3 refusals with seed 13); each refused add is AMQ_E_FULL and changes nothing, and every
 * key taken is still found.  The load sizing's blocks for the same keys refuse none. */
static void a_full_block_refuses_the_key(void **state)
{
    (void)state;
    enum { N = 200000 };
    amq_blocked_quotient *b = NULL;
    assert_int_equal(amq_blocked_quotient_create(&b, 3226, 6, 7, amq_blocked_quotient_default_slack(6), 13), AMQ_OK);
    const uint64_t refused = add_keys(b, N);
    assert_int_equal(refused, 3);
    assert_int_equal(amq_blocked_quotient_count(b), N - refused);
    amq_blocked_quotient_free(b);
    const sized z = size_at(N, 0.01, AMQ_BLOCKED_QUOTIENT_MAX_LOAD);
    assert_int_equal(amq_blocked_quotient_create(&b, z.blocks, z.q, z.r, amq_blocked_quotient_default_slack(z.q), 13),
                     AMQ_OK);
    assert_int_equal(add_keys(b, N), 0);
    amq_blocked_quotient_free(b);
}

static void bad_loads_change_nothing(void **state)
{
    (void)state;
    const amq_structure *s = amq_structure_find("blocked-quotient");
    for (size_t i = 0; i < amq_test_nbad_loads; i++) {
        const amq_test_bad_load *bad = &amq_test_bad_loads[i];
        uint64_t blocks = 5, q = 7, r = 7;
        double ach = -1.0;
        amq_test_assert_load_refused(amq_blocked_quotient_size_for_load(1000, 0.01, bad->load, &blocks, &q, &r, &ach),
                                     bad);
        assert_true(blocks == 5 && q == 7 && r == 7 && ach == -1.0);
        amq_blocked_quotient *b = (amq_blocked_quotient *)0x1;
        amq_test_assert_load_refused(amq_blocked_quotient_create_for_load(&b, 1000, 0.01, bad->load, 0, &ach), bad);
        assert_true(b == (amq_blocked_quotient *)0x1 && ach == -1.0);
        amq_filter *f = (amq_filter *)0x1;
        amq_test_assert_load_refused(amq_filter_create_for_load(&f, s, 1000, 0.01, bad->load, NULL, &ach), bad);
        assert_true(f == (amq_filter *)0x1 && ach == -1.0);
    }
    uint64_t blocks = 0, q = 0, r = 0;
    assert_non_null(strstr(amq_last_error(), "blocked quotient sizing: maximum load -inf is outside (0, 0.97]"));
    assert_int_equal(amq_blocked_quotient_size_for_load(1000, 0.01, AMQ_BLOCKED_QUOTIENT_MAX_LOAD, &blocks, &q, &r,
                                                        NULL),
                     AMQ_OK);
    assert_int_equal(amq_blocked_quotient_size_for_load(0, 0.01, 0.9, &blocks, &q, &r, NULL), AMQ_E_INVALID_N);
    assert_int_equal(amq_blocked_quotient_size_for_load(10, 1.0, 0.9, &blocks, &q, &r, NULL), AMQ_E_INVALID_FPR);
    /* no block up to 2^24 home slots takes a key at a mean load below 2^-24 */
    assert_int_equal(amq_blocked_quotient_size_for_load(10, 0.01, 1e-8, &blocks, &q, &r, NULL), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "mean load <= 1e-08"));
}

/* Through the registry (what `amq build --max-load` calls): the same sizing, the default
 * slack; a given slack is refused, as by the default sizing. */
static void through_the_registry(void **state)
{
    (void)state;
    const amq_structure *s = amq_structure_find("blocked-quotient");
    assert_true(amq_structure_max_load(s) == AMQ_BLOCKED_QUOTIENT_MAX_LOAD);
    amq_filter *f = NULL;
    double ach = 0;
    assert_int_equal(amq_filter_create_for_load(&f, s, 1900, 0.01, 0.96, NULL, &ach), AMQ_OK);
    const sized z = size_at(1900, 0.01, 0.96);
    amq_params p;
    amq_filter_params(f, &p);
    assert_true(amq_params_get(&p, s, "blocks") == z.blocks && amq_params_get(&p, s, "q") == z.q &&
                amq_params_get(&p, s, "r") == z.r && ach == z.achieved);
    assert_true(amq_params_get(&p, s, "slack") == amq_blocked_quotient_default_slack(z.q));
    amq_filter_free(f);
    amq_params_init(&p, s);
    assert_int_equal(amq_params_set(&p, s, "slack", 8), AMQ_OK);
    f = (amq_filter *)0x1;
    assert_int_equal(amq_filter_create_for_load(&f, s, 1900, 0.01, 0.96, &p, &ach), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "chooses the slack"));
    assert_true(f == (amq_filter *)0x1);
}

/* 2e5 distinct keys at the highest load, 0.97: q = 11, 101 blocks, mean load 0.967; every
 * add is taken and every key found (a scaled sample of them in the ASan pass). */
static void two_hundred_thousand_keys_at_the_highest_load(void **state)
{
    (void)state;
    enum { N = 200000 };
    amq_blocked_quotient *b = NULL;
    double ach = 0;
    assert_int_equal(amq_blocked_quotient_create_for_load(&b, N, 0.01, AMQ_BLOCKED_QUOTIENT_MAX_LOAD, 27, &ach),
                     AMQ_OK);
    assert_true(amq_blocked_quotient_q(b) == 11 && amq_blocked_quotient_nblocks(b) == 101 && ach <= 0.01);
    assert_int_equal(add_keys(b, N), 0);
    assert_int_equal(amq_blocked_quotient_count(b), N);
    const double load = (double)N / (101.0 * 2048.0);
    assert_true(load > 0.96 && load <= AMQ_BLOCKED_QUOTIENT_MAX_LOAD);
    assert_int_equal(keys_missing(b, N), 0);
    amq_blocked_quotient_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sizes_hold_the_load_and_the_rate),
        cmocka_unit_test(at_the_defaults_block_it_is_the_default),
        cmocka_unit_test(the_block_size_grows_with_the_load),
        cmocka_unit_test(a_full_block_refuses_the_key),
        cmocka_unit_test(bad_loads_change_nothing),
        cmocka_unit_test(through_the_registry),
        cmocka_unit_test(two_hundred_thousand_keys_at_the_highest_load),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
