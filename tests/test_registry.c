/* Generic tests over the registry (amq/filter.h, amq/filter_rate.h): every structure, through
 * the one interface, must size, fill, answer without false negatives, match its exact rate
 * (state rate by a binomial test, closed form by exhaustive enumeration of its real kernel,
 * equal as rationals), save and load, remove where it can, and refuse bad input. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/tmp_dir.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <amq/filter.h>
#include <amq/filter_rate.h>
#include <amq/hash.h>
#include <amq/spec_blocked.h>
#include <lib_internal/structure.h>

#define ALPHA 1e-6 /* false-alarm rate of every statistical assertion here */

static char dir[TMP_DIR_SIZE];

static int setup(void **state)
{
    (void)state;
    return tmp_dir_make(dir, "registry");
}

static int teardown(void **state)
{
    (void)state;
    return tmp_dir_remove(dir);
}

static size_t key_of(char *buf, const char *prefix, uint64_t i)
{
    return (size_t)sprintf(buf, "%s%llu", prefix, (unsigned long long)i);
}

/* Hash-strategy parameters set to independent hashing: the uniform model the exact rates assume. */
static void independent_hashing(const amq_structure *s, amq_params *p)
{
    for (size_t i = 0; i < amq_structure_nparams(s); i++)
        if (amq_structure_param(s, i)->flags & AMQ_PARAM_HASH)
            p->v[i] = AMQ_HASH_INDEPENDENT;
}

static void registry_is_consistent(void **state)
{
    (void)state;
    const size_t n = amq_structure_count();
    assert_true(n >= 3);
    assert_null(amq_structure_at(n));
    assert_null(amq_structure_find("no-such-structure"));
    for (size_t i = 0; i < n; i++) {
        const amq_structure *s = amq_structure_at(i);
        assert_ptr_equal(amq_structure_find(amq_structure_name(s)), s);
        assert_ptr_equal(amq_structure_of_file_type(amq_structure_file_type(s)), s);
        assert_true(amq_structure_nparams(s) <= AMQ_PARAMS_MAX);
        /* every entry states its measured work weight (a missing one would read as 0: free) */
        assert_true(amq_structure_work_weight(s) >= 1.0);
        for (size_t j = i + 1; j < n; j++) {
            assert_string_not_equal(amq_structure_name(s), amq_structure_name(amq_structure_at(j)));
            assert_int_not_equal(amq_structure_file_type(s), amq_structure_file_type(amq_structure_at(j)));
        }
        for (size_t a = 0; a < amq_structure_nparams(s); a++) {
            const amq_param_info *q = amq_structure_param(s, a);
            assert_non_null(q->key);
            assert_non_null(q->opt);
            assert_non_null(q->what);
            assert_int_equal(amq_structure_param_index(s, q->key), (int)a);
            /* the commands' own options: -n keys, -p fpr, -o output, -h help */
            assert_true(q->flag != 'n' && q->flag != 'p' && q->flag != 'o' && q->flag != 'h');
            for (size_t b = a + 1; b < amq_structure_nparams(s); b++) {
                assert_string_not_equal(q->opt, amq_structure_param(s, b)->opt);
                assert_true(q->flag == 0 || q->flag != amq_structure_param(s, b)->flag);
            }
        }
    }
}

/* Sized for 2000 keys at 1%: no false negatives, and the positives among fresh keys agree
 * with the exact rate of the filter's state (given the state, fresh queries are independent
 * Bernoulli trials under the uniform-hash model). */
static void sized_filter_behaves(const amq_structure *s)
{
    amq_params p;
    amq_params_init(&p, s);
    independent_hashing(s, &p);
    p.seed = 7;
    amq_filter *f;
    double achieved = 0;
    assert_int_equal(amq_filter_create_for(&f, s, 2000, 0.01, &p, &achieved), AMQ_OK);
    assert_true(achieved > 0 && achieved <= 0.01);
    char key[32];
    for (uint64_t i = 0; i < 2000; i++)
        assert_int_equal(amq_filter_add(f, key, key_of(key, "in", i)), AMQ_OK);
    for (uint64_t i = 0; i < 2000; i++)
        assert_true(amq_filter_query(f, key, key_of(key, "in", i)));
    uint64_t count = 0;
    int exact = 0;
    assert_int_equal(amq_filter_count(f, &count, &exact), AMQ_OK);
    if (exact)
        assert_true(count == 2000);
    else
        assert_true(count > 1800 && count < 2200);
    mpq_t q;
    mpq_init(q);
    assert_int_equal(amq_filter_fp_state(q, f), AMQ_OK);
    assert_true(mpq_sgn(q) > 0 && mpq_cmp_ui(q, 1, 1) < 0);
    const double rate = mpq_get_d(q);
    mpq_clear(q);
    const uint64_t trials = 100000;
    uint64_t positives = 0;
    for (uint64_t i = 0; i < trials; i++)
        positives += (uint64_t)amq_filter_query(f, key, key_of(key, "out", i));
    amq_binom_test_result r;
    assert_int_equal(amq_binom_test(positives, trials, rate, ALPHA, &r), AMQ_OK);
    if (!r.pass)
        print_error("%s: %llu positives in %llu fresh keys, state rate %g, p-value %g\n", amq_structure_name(s),
                    (unsigned long long)positives, (unsigned long long)trials, rate, r.p_value);
    assert_true(r.pass);
    amq_filter_clear(f);
    assert_int_equal(amq_filter_count(f, &count, &exact), AMQ_OK);
    assert_true(count == 0);
    amq_filter_free(f);
}

static void sized_filters_behave(void **state)
{
    (void)state;
    for (size_t i = 0; i < amq_structure_count(); i++)
        sized_filter_behaves(amq_structure_at(i));
}

/* Save, load through the generic loader: same structure, parameters, answers and state rate. */
static void files_round_trip(void **state)
{
    (void)state;
    char path[128], key[32];
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        amq_params p, p2;
        amq_params_init(&p, s);
        p.seed = 3;
        amq_filter *f, *g;
        assert_int_equal(amq_filter_create_for(&f, s, 500, 0.05, &p, NULL), AMQ_OK);
        for (uint64_t j = 0; j < 500; j++)
            assert_int_equal(amq_filter_add(f, key, key_of(key, "k", j)), AMQ_OK);
        snprintf(path, sizeof path, "%s/%s.amq", dir, amq_structure_name(s));
        assert_int_equal(amq_filter_save(f, path), AMQ_OK);
        assert_int_equal(amq_filter_load(&g, path), AMQ_OK);
        assert_ptr_equal(amq_filter_structure(g), s);
        amq_filter_params(f, &p);
        amq_filter_params(g, &p2);
        assert_memory_equal(&p, &p2, sizeof p);
        for (uint64_t j = 0; j < 3000; j++)
            assert_int_equal(amq_filter_query(f, key, key_of(key, "q", j)), amq_filter_query(g, key, key_of(key, "q", j)));
        mpq_t a, b;
        mpq_inits(a, b, (mpq_ptr)0);
        assert_int_equal(amq_filter_fp_state(a, f), AMQ_OK);
        assert_int_equal(amq_filter_fp_state(b, g), AMQ_OK);
        assert_true(mpq_equal(a, b));
        mpq_clears(a, b, (mpq_ptr)0);
        amq_filter_free(f);
        amq_filter_free(g);
    }
}

/* Structures that remove: removing half leaves the other half found and an exact count
 * exact; the others refuse with AMQ_E_INVALID_ARG and change nothing. */
static void removal(void **state)
{
    (void)state;
    char key[32];
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        amq_params p;
        amq_params_init(&p, s);
        amq_filter *f;
        assert_int_equal(amq_filter_create_for(&f, s, 1000, 0.01, &p, NULL), AMQ_OK);
        for (uint64_t j = 0; j < 1000; j++)
            assert_int_equal(amq_filter_add(f, key, key_of(key, "k", j)), AMQ_OK);
        if (!amq_structure_can_remove(s)) {
            assert_int_equal(amq_filter_remove(f, "k0", 2), AMQ_E_INVALID_ARG);
            assert_true(amq_filter_query(f, "k0", 2));
            amq_filter_free(f);
            continue;
        }
        for (uint64_t j = 0; j < 500; j++)
            assert_int_equal(amq_filter_remove(f, key, key_of(key, "k", j)), AMQ_OK);
        for (uint64_t j = 500; j < 1000; j++)
            assert_true(amq_filter_query(f, key, key_of(key, "k", j)));
        uint64_t count;
        int exact;
        assert_int_equal(amq_filter_count(f, &count, &exact), AMQ_OK);
        if (exact)
            assert_true(count == 500);
        assert_non_null(amq_structure_removal_note(s));
        amq_filter_free(f);
    }
}

/* Exhaustive enumeration of the real kernel equals the closed form, as rationals; with one
 * removal where the structure removes (the rate of n - 1 keys); and a small Monte Carlo
 * run passes the exact binomial test. */
static void models_match_the_closed_forms(void **state)
{
    (void)state;
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        const amq_example *ex = s->examples; /* the entry's enumerable parameter sets */
        const size_t nex = s->nexamples;
        assert_true(nex >= 1);
        for (size_t e = 0; e < nex; e++) {
            amq_params p;
            amq_params_init(&p, s);
            memcpy(p.v, ex[e].v, sizeof p.v);
            amq_model *m;
            assert_int_equal(amq_model_create(&m, s, &p), AMQ_OK);
            mpq_t got, want;
            mpq_inits(got, want, (mpq_ptr)0);
            assert_int_equal(amq_check_enum_fp(got, amq_model_ops(m), ex[e].n, NULL, NULL), AMQ_OK);
            assert_int_equal(amq_structure_fp_exact(want, s, &p, ex[e].n), AMQ_OK);
            if (!mpq_equal(got, want))
                gmp_fprintf(stderr, "%s example %zu: enumeration %Qd, closed form %Qd\n", amq_structure_name(s), e,
                            got, want);
            assert_true(mpq_equal(got, want));
            assert_int_equal(amq_model_refused(m), 0);
            if (amq_structure_can_remove(s) && ex[e].n >= 1) {
                assert_int_equal(amq_check_enum_fp_removals(got, amq_model_ops(m), ex[e].n, 1, NULL, NULL), AMQ_OK);
                assert_int_equal(amq_structure_fp_exact(want, s, &p, ex[e].n - 1), AMQ_OK);
                assert_true(mpq_equal(got, want));
            }
            assert_int_equal(amq_structure_fp_exact(want, s, &p, ex[e].n), AMQ_OK);
            amq_mc_config cfg = {.n = ex[e].n, .trials = 20000, .seed = 11, .hash = AMQ_CHECK_RANDOM_ORACLE};
            amq_check_report rep;
            assert_int_equal(amq_check_ops_mc(&rep, amq_model_ops(m), &cfg, ALPHA, mpq_get_d(want)), AMQ_OK);
            if (!rep.test.pass)
                print_error("%s example %zu: Monte Carlo %llu/%llu against %g, p-value %g\n", amq_structure_name(s), e,
                            (unsigned long long)rep.test.positives, (unsigned long long)rep.test.trials,
                            mpq_get_d(want), rep.test.p_value);
            assert_true(rep.test.pass);
            mpq_clears(got, want, (mpq_ptr)0);
            amq_model_free(m);
        }
    }
}

/* Bad parameters are refused with a status and a message; nothing is created. */
static void bad_input(void **state)
{
    (void)state;
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        amq_params p;
        amq_params_init(&p, s); /* required parameters are 0: never a valid filter */
        amq_filter *f = (amq_filter *)0x1;
        assert_int_not_equal(amq_filter_create(&f, s, &p), AMQ_OK);
        assert_true(f == (amq_filter *)0x1);
        assert_true(strlen(amq_last_error()) > 0);
        assert_int_not_equal(amq_filter_create_for(&f, s, 0, 0.01, &p, NULL), AMQ_OK);
        assert_int_not_equal(amq_filter_create_for(&f, s, 100, 1.5, &p, NULL), AMQ_OK);
        assert_true(f == (amq_filter *)0x1);
        assert_int_equal(amq_params_set(&p, s, "no-such-parameter", 1), AMQ_E_INVALID_ARG);
    }
    amq_filter *f;
    char path[128];
    snprintf(path, sizeof path, "%s/missing.amq", dir);
    assert_int_not_equal(amq_filter_load(&f, path), AMQ_OK);
}

/* One check per structure (amq_structure_check): whatever amq_filter_create refuses for its
 * parameters, the rate, the bounds and the model refuse too, with the same status (issue 26,
 * class 5: `rate` printed rates for parameters `build` refuses): whatever create refuses, the
 * check refuses (its status may name another of the bad parameters first), and so do they.  Memory limits are not
 * parameter errors: a rate of a filter too large to allocate is still a rate. */
static void rate_refuses_what_create_refuses(const amq_structure *s, const amq_params *p, const char *what)
{
    amq_filter *f = NULL;
    const amq_status made = amq_filter_create(&f, s, p);
    amq_filter_free(f);
    const amq_status checked = amq_structure_check(s, p);
    if (made == AMQ_E_NOMEM || made == AMQ_E_OVERFLOW)
        return;
    /* the one documented exception: split-block shapes other than Parquet's are models that
     * rate and check take, and build refuses (docs/blocked.md) */
    if (made != AMQ_OK && strstr(amq_last_error(), "models for amq rate and amq check only"))
        return;
    if (made != AMQ_OK && checked == AMQ_OK) { /* the status may differ: m and k checked in another order */
        print_error("%s, %s: create says %d, check says %d (%s)\n", amq_structure_name(s), what, made, checked,
                    amq_last_error());
        fail();
    }
    if (checked == AMQ_OK)
        return;
    char *dec = NULL;
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    mpq_t q;
    mpq_init(q);
    assert_int_equal(amq_structure_fp_decimal(&dec, s, p, 10, 6, lo, hi), checked);
    assert_null(dec);
    assert_int_equal(amq_structure_fp_enclose(lo, hi, 64, s, p, 10), checked);
    assert_int_equal(amq_structure_fp_exact(q, s, p, 10), checked);
    amq_model *m = NULL;
    assert_int_equal(amq_model_create(&m, s, p), checked);
    mpq_clear(q);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

static void one_check_for_every_command(void **state)
{
    (void)state;
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        amq_params p;
        amq_params_init(&p, s);
        rate_refuses_what_create_refuses(s, &p, "every parameter 0");
        for (size_t e = 0; e < s->nexamples; e++) {
            memcpy(p.v, s->examples[e].v, sizeof p.v);
            assert_int_equal(amq_structure_check(s, &p), AMQ_OK);
            for (size_t j = 0; j < amq_structure_nparams(s); j++) { /* each parameter at its edges */
                const uint64_t keep = p.v[j];
                const uint64_t edge[] = {0, 1, 2, 63, 64, 65, 100, 1024, 1025, UINT64_MAX};
                for (size_t t = 0; t < sizeof edge / sizeof edge[0]; t++) {
                    p.v[j] = edge[t];
                    char what[96];
                    snprintf(what, sizeof what, "example %zu, %s = %llu", e, amq_structure_param(s, j)->key,
                             (unsigned long long)edge[t]);
                    rate_refuses_what_create_refuses(s, &p, what);
                }
                p.v[j] = keep;
            }
        }
    }
    const amq_structure *w = amq_structure_find("sliding-bloom"), *q = amq_structure_find("quotient");
    amq_params p;
    amq_params_init(&p, w);
    assert_int_equal(amq_params_set(&p, w, "m", 1000), AMQ_OK);
    assert_int_equal(amq_params_set(&p, w, "k", 3), AMQ_OK);
    assert_int_equal(amq_params_set(&p, w, "W", 10), AMQ_OK);
    assert_int_equal(amq_params_set(&p, w, "g", 100), AMQ_OK); /* the rate was printed before */
    assert_int_equal(amq_structure_check(w, &p), AMQ_E_INVALID_ARG);
    amq_params_init(&p, q);
    assert_int_equal(amq_structure_check(q, &p), AMQ_E_INVALID_ARG); /* q = r = 0: FP 1 was printed */
}

/* Each structure's examples in turn: its parameters and its declared capacity. */
typedef void example_fn(const amq_structure *s, size_t e, const amq_params *p, uint64_t cap, void *ctx);
static void each_example(example_fn *visit, void *ctx)
{
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        for (size_t e = 0; e < s->nexamples; e++) {
            amq_params p;
            amq_params_init(&p, s);
            memcpy(p.v, s->examples[e].v, sizeof p.v);
            visit(s, e, &p, amq_structure_capacity(s, &p), ctx);
        }
    }
}

/* A structure whose adds can be refused (AMQ_E_FULL) declares its capacity, and no filter
 * holds more keys than that: for each example's parameters, distinct keys are added until
 * the first refusal, or to one past the capacity, or to 100000 keys when it declares none.
 * (Only a refusal ends the adds: any other failed add fails the test.) */
struct refusal_count {
    size_t filters, refusals;
};

static void fill_to_refusal(const amq_structure *s, size_t e, const amq_params *p, uint64_t cap, void *ctx)
{
    struct refusal_count *c = ctx;
    char key[32];
    const uint64_t tries = cap < 100000 ? cap + 1 : 100000;
    amq_filter *f;
    if (amq_filter_create(&f, s, p) != AMQ_OK)
        return; /* a model only (split-block's non-Parquet shapes): no filter holds keys */
    c->filters++;
    uint64_t held = 0;
    amq_status st = AMQ_OK;
    while (held < tries && (st = amq_filter_add(f, key, key_of(key, "cap", held))) == AMQ_OK)
        held++;
    if (st != AMQ_OK && st != AMQ_E_FULL)
        fail_msg("%s, example %zu: add %llu failed with status %d", amq_structure_name(s), e,
                 (unsigned long long)held, (int)st);
    c->refusals += st == AMQ_E_FULL;
    if (st == AMQ_E_FULL && cap == UINT64_MAX)
        fail_msg("%s, example %zu: add %llu refused, but the entry declares no capacity",
                 amq_structure_name(s), e, (unsigned long long)held);
    if (cap < 100000 && held > cap)
        fail_msg("%s, example %zu: %llu keys held, capacity %llu", amq_structure_name(s), e,
                 (unsigned long long)held, (unsigned long long)cap);
    amq_filter_free(f);
}

static void refusals_match_the_capacity(void **state)
{
    (void)state;
    struct refusal_count c = {0, 0};
    each_example(fill_to_refusal, &c);
    assert_true(c.filters >= amq_structure_count()); /* every structure has a filter example */
    assert_true(c.refusals > 0);                     /* and the refusal path was reached */
}

/* Issue 26: beyond its capacity a structure's rate describes no filter, and the rate's note
 * says so for every structure with a capacity, in the registry's words (rate quotient -q 4 -r 6
 * -n 100 printed a bare rate; only the cuckoo's own note said it); at the capacity, no such
 * note; a structure without one never says it. */
static void note_beyond_capacity(const amq_structure *s, size_t e, const amq_params *p, uint64_t cap, void *ctx)
{
    size_t *noted = ctx;
    const uint64_t below = cap == UINT64_MAX ? UINT64_C(1) << 40 : cap;
    const char *at = amq_structure_fp_note(s, p, below);
    if (at && strstr(at, "every further add is refused"))
        fail_msg("%s, example %zu: n = %llu (capacity %llu) noted as beyond it: %s", s->name, e,
                 (unsigned long long)below, (unsigned long long)cap, at);
    if (cap == UINT64_MAX)
        return;
    char want[160];
    snprintf(want, sizeof want, "no %s filter of these parameters holds n = %llu keys (at most %llu: ",
             s->name, (unsigned long long)cap + 1, (unsigned long long)cap);
    const char *over = amq_structure_fp_note(s, p, cap + 1);
    if (!over || !strstr(over, want))
        fail_msg("%s, example %zu: n = capacity + 1 = %llu lacks the note '%s' (got '%s')", s->name, e,
                 (unsigned long long)cap + 1, want, over ? over : "(none)");
    (*noted)++;
}

static void capacity_notes(void **state)
{
    (void)state;
    size_t noted = 0;
    each_example(note_beyond_capacity, &noted);
    assert_true(noted >= 3); /* quotient, blocked quotient, cuckoo */
}

/* Issue 26, class 6: an approximation is a number wherever the rate is defined.  The
 * split-block approximations were NaN for every shape but Parquet's (the fuzz harness
 * rate_params found it); they now generalise, and equal the libraries' formulas at
 * Parquet's shape. */
static void approximations_are_numbers(void **state)
{
    (void)state;
    const amq_structure *s = amq_structure_find("split-block");
    assert_non_null(s);
    amq_params p;
    amq_params_init(&p, s);
    p.v[0] = 64;  /* blocks */
    p.v[1] = 4;   /* words */
    p.v[2] = 28;  /* word bits */
    p.v[3] = 0;   /* a model, not Parquet's hashing */
    assert_int_equal(amq_structure_check(s, &p), AMQ_OK);
    for (size_t i = 0; i < amq_structure_napprox(s); i++) {
        assert_true(amq_structure_fp_approx(s, i, &p, 0) == 0.0);
        const double a = amq_structure_fp_approx(s, i, &p, 500);
        assert_true(a > 0.0 && a < 1.0);
    }
    assert_true(amq_split_block_fp_approx_classic_shape(64, 8, 32, 500) == amq_split_block_fp_approx_classic(64 * 256, 500));
    assert_true(amq_split_block_fp_approx_poisson_shape(64, 8, 32, 500) == amq_split_block_fp_approx_poisson(64 * 256, 500));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(registry_is_consistent), cmocka_unit_test(sized_filters_behave),
        cmocka_unit_test(files_round_trip),       cmocka_unit_test(removal),
        cmocka_unit_test(models_match_the_closed_forms), cmocka_unit_test(bad_input),
        cmocka_unit_test(one_check_for_every_command), cmocka_unit_test(approximations_are_numbers),
        cmocka_unit_test(refusals_match_the_capacity), cmocka_unit_test(capacity_notes),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
