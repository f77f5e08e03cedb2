/* The quotient filter's sizing at a chosen load (amq_quotient_size_for_load, issue 27): q is
 * the smallest with n <= floor(max_load * 2^q), checked against an integer computation of the
 * floor up to q = 63; the slack condition moves exactly the q the documentation names; 3/4 is
 * amq_quotient_size_for; bad loads are refused, writing nothing; the registry sizes the same; and
 * the goal's build, 2e6 keys at load 0.95, takes every key and answers yes for each. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/load_sizing.h"
#include "support/test_scale.h"
#include <amq/filter.h>
#include <amq/blocked_quotient.h>
#include <amq/quotient.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* The q of the sizing at load L (fpr 0.5: p never needs more than q + 1 here). */
static uint64_t q_for(uint64_t n, double load)
{
    uint64_t q = 0, r = 0;
    assert_int_equal(amq_quotient_size_for_load(n, 0.5, load, &q, &r, NULL), AMQ_OK);
    return q;
}

static void the_goal_sizing(void **state)
{
    (void)state;
    uint64_t q = 0, r = 0;
    double ach = 0;
    assert_int_equal(amq_quotient_size_for_load(2000000, 0.01, 0.96, &q, &r, &ach), AMQ_OK);
    assert_true(q == 21 && r == 7 && ach < 0.0075); /* 2e6 <= floor(0.96 * 2^21) = 2013265 */
    assert_int_equal(amq_quotient_size_for_load(2000000, 0.01, 0.75, &q, &r, &ach), AMQ_OK);
    assert_true(q == 22 && r == 6); /* p = 28 either way: the rate depends on p alone */
    /* 3/4 is amq_quotient_size_for, rate and all */
    const uint64_t ns[] = {1, 2, 3, 100, 1000, 3072, 3073, 100000, 2000000, UINT64_C(1) << 40};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        uint64_t q2 = 0, r2 = 0;
        double a2 = 0;
        assert_int_equal(amq_quotient_size_for(ns[i], 1e-3, &q, &r, &ach), AMQ_OK);
        assert_int_equal(amq_quotient_size_for_load(ns[i], 1e-3, 0.75, &q2, &r2, &a2), AMQ_OK);
        assert_true(q == q2 && r == r2 && ach == a2);
    }
}

/* n = floor(L 2^q) gets q, one more key q + 1, where the slack condition does not bind: for
 * every q up to 63 at 3/4 and 0.9 (the bound is below 1e-9 at 0.9 from q = 8, and no add can
 * fail below), from q = 11 at 0.96 and 0.97. */
static void the_load_boundary(void **state)
{
    (void)state;
    const double loads[] = {0.75, 0.9, 0.96, 0.97, 0.5, 0.123, 1e-3};
    for (size_t i = 0; i < sizeof loads / sizeof loads[0]; i++)
        for (unsigned q = loads[i] > 0.9 ? 11 : 1; q <= 63; q++) {
            const uint64_t n = amq_test_floor_load(loads[i], q);
            if (n == 0)
                continue;
            assert_int_equal(q_for(n, loads[i]), q);
            if (q < 63)
                assert_true(q_for(n + 1, loads[i]) > q);
        }
    assert_int_equal(amq_test_floor_load(0.75, 22), 3145728);
    assert_int_equal(amq_test_floor_load(0.96, 21), 2013265);
    /* past floor(L 2^63): no q fits */
    uint64_t q = 7, r = 7;
    double ach = -1.0;
    assert_int_equal(amq_quotient_size_for_load(amq_test_floor_load(0.97, 63) + 1, 0.5, 0.97, &q, &r, &ach),
                     AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "at load <= 0.97"));
    assert_true(q == 7 && r == 7 && ach == -1.0);
}

/* The slack condition (docs/quotient.md, "Sizing"): q = 8 takes at most 233 keys (load 0.91),
 * q = 9 and 10 at most 0.953 of their home slots, q >= 11 the whole 0.97; q <= 7 (slack 2^q)
 * cannot overflow at all.  And builds at those limits take every key. */
static void the_slack_condition(void **state)
{
    (void)state;
    for (unsigned q = 1; q <= 7; q++)
        assert_int_equal(q_for(amq_test_floor_load(0.97, q), 0.97), q);
    const uint64_t most[][2] = {{8, 233}, {9, 488}, {10, 976}, {11, 1986}};
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(q_for(most[i][1], 0.97), most[i][0]);
        assert_int_equal(q_for(most[i][1] + 1, 0.97), most[i][0] + 1);
    }
    assert_int_equal(amq_test_floor_load(0.97, 11), 1986);
    assert_int_equal(q_for(amq_test_floor_load(0.95, 8), 0.95), 9); /* 243 keys: 233 at most */
    assert_int_equal(q_for(amq_test_floor_load(0.95, 9), 0.95), 9); /* 486 <= 488 */
    for (uint64_t seed = 1; seed <= 200; seed++) {
        amq_quotient *f = NULL;
        const uint64_t n = seed <= 20 ? 1986 : 233;
        assert_int_equal(amq_quotient_create_for_load(&f, n, 0.01, 0.97, seed, NULL), AMQ_OK);
        for (uint64_t k = 0; k < n; k++)
            assert_int_equal(amq_quotient_add(f, &k, sizeof k), AMQ_OK);
        amq_quotient_free(f);
    }
}

static void bad_loads_change_nothing(void **state)
{
    (void)state;
    for (size_t i = 0; i < amq_test_nbad_loads; i++) {
        const amq_test_bad_load *bad = &amq_test_bad_loads[i];
        uint64_t q = 7, r = 7;
        double ach = -1.0;
        amq_quotient *f = (amq_quotient *)0x1;
        amq_test_assert_load_refused(amq_quotient_size_for_load(1000, 0.01, bad->load, &q, &r, &ach), bad);
        assert_true(q == 7 && r == 7 && ach == -1.0);
        amq_test_assert_load_refused(amq_quotient_create_for_load(&f, 1000, 0.01, bad->load, 0, &ach), bad);
        assert_true(f == (amq_quotient *)0x1 && ach == -1.0);
    }
    uint64_t q = 0, r = 0;
    assert_int_equal(amq_quotient_size_for_load(1000, 0.01, AMQ_QUOTIENT_MAX_LOAD, &q, &r, NULL), AMQ_OK);
    assert_int_equal(amq_quotient_size_for_load(0, 0.01, 0.9, &q, &r, NULL), AMQ_E_INVALID_N);
    assert_int_equal(amq_quotient_size_for_load(10, 1.0, 0.9, &q, &r, NULL), AMQ_E_INVALID_FPR);
}

/* Through the registry (what `amq build --max-load` calls): the two quotient filters alone
 * have a load to choose (the blocked one's sizing: tests/test_blocked_quotient_load.c), this
 * one sized as amq_quotient_size_for_load sizes it; others refuse, naming it. */
static void through_the_registry(void **state)
{
    (void)state;
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        const char *name = amq_structure_name(s);
        const double most = !strcmp(name, "quotient")           ? AMQ_QUOTIENT_MAX_LOAD
                            : !strcmp(name, "blocked-quotient") ? AMQ_BLOCKED_QUOTIENT_MAX_LOAD
                                                                : 0.0;
        assert_true(amq_structure_max_load(s) == most);
        amq_filter *f = (amq_filter *)0x1;
        double ach = -1.0;
        if (most == 0.0) {
            assert_int_equal(amq_filter_create_for_load(&f, s, 1000, 0.01, 0.9, NULL, &ach), AMQ_E_INVALID_ARG);
            assert_non_null(strstr(amq_last_error(), "has no load to choose"));
            assert_true(f == (amq_filter *)0x1 && ach == -1.0);
        }
    }
    const amq_structure *s = amq_structure_find("quotient");
    amq_filter *f = NULL;
    double ach = 0;
    assert_int_equal(amq_filter_create_for_load(&f, s, 1900, 0.01, 0.96, NULL, &ach), AMQ_OK);
    amq_params p;
    amq_filter_params(f, &p);
    assert_true(amq_params_get(&p, s, "q") == 11 && amq_params_get(&p, s, "r") == 7 && ach < 0.01);
    amq_filter_free(f);
    f = (amq_filter *)0x1;
    assert_int_equal(amq_filter_create_for_load(&f, s, 1900, 0.01, 0.98, NULL, &ach), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "maximum load 0.98 is outside (0, 0.97]"));
    assert_true(f == (amq_filter *)0x1);
}

/* The goal through the API: 2e6 distinct keys at 1% and --max-load 0.96's sizing.  Every
 * key is queried (7 s here: a query scans ~1/(2 (1 - 0.95)^2) slots); the ASan pass queries an
 * evenly spread scaled sample of them. */
static void two_million_keys_at_load_095(void **state)
{
    (void)state;
    enum { N = 2000000 };
    amq_quotient *f = NULL;
    double ach = 0;
    assert_int_equal(amq_quotient_create_for_load(&f, N, 0.01, 0.96, 27, &ach), AMQ_OK);
    assert_true(amq_quotient_q(f) == 21 && amq_quotient_r(f) == 7 && ach < 0.01);
    char key[32];
    for (unsigned i = 0; i < N; i++) {
        const int len = snprintf(key, sizeof key, "key-%u", i);
        if (amq_quotient_add(f, key, (size_t)len) != AMQ_OK)
            fail_msg("add %u refused: %s", i, amq_last_error());
    }
    assert_int_equal(amq_quotient_count(f), N);
    assert_true(amq_quotient_load_factor(f) >= 0.9);
    unsigned no = 0;
    const uint64_t step = N / amq_test_scaled(N, 65536);
    for (unsigned i = 0; i < N; i += (unsigned)step) {
        const int len = snprintf(key, sizeof key, "key-%u", i);
        no += amq_quotient_query(f, key, (size_t)len) != 1;
    }
    assert_int_equal(no, 0);
    amq_quotient_free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_goal_sizing),
        cmocka_unit_test(the_load_boundary),
        cmocka_unit_test(the_slack_condition),
        cmocka_unit_test(bad_loads_change_nothing),
        cmocka_unit_test(through_the_registry),
        cmocka_unit_test(two_million_keys_at_load_095),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
