/* Cuckoo filter rates (amq/spec_cuckoo.h): the closed form against a direct sum over the
 * kernel's alternate-bucket orbits, enclosures and decimals against the exact value, Fan's
 * bound and the load model, the state rate of a table against the kernel's query, and the
 * exhaustive enumeration of the real kernel (kick choices included) against the closed form
 * on a grid, with planted bugs that make the comparison fail.  Fixed seeds. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <amq/spec_cuckoo.h>
#include <amq/stats.h>
#include <lib_internal/cuckoo_kernel.h>


/* C(n) as (1/N) sum over the pairs (j, y) of 1 - (1 - |orbit|/N)^n, the orbit {j, alt(j, y)}
 * from the kernel's map: a fresh key is positive iff one of the n keys has its fingerprint
 * and its first bucket in its orbit. */
static void direct_rate(mpq_t r, uint64_t nb, uint64_t f, uint64_t n)
{
    const uint64_t m = (UINT64_C(1) << f) - 1, N = nb * m;
    mpq_t term, miss;
    mpq_inits(term, miss, (mpq_ptr)0);
    mpq_set_ui(r, 0, 1);
    for (uint64_t j = 0; j < nb; j++)
        for (uint64_t y = 1; y <= m; y++) {
            const uint64_t orbit = amq_cuckoo_kernel_alt(nb, f, j, y) == j ? 1 : 2;
            mpq_set_ui(miss, N - orbit, N);
            mpq_set_ui(term, 1, 1);
            for (uint64_t k = 0; k < n; k++)
                mpq_mul(term, term, miss);
            mpq_set_ui(miss, 1, 1);
            mpq_sub(term, miss, term);
            mpq_add(r, r, term);
        }
    mpq_set_ui(term, 1, N);
    mpq_mul(r, r, term);
    mpq_clears(term, miss, (mpq_ptr)0);
}

static void fixed_pairs_match_the_kernel(void **state)
{
    (void)state;
    for (uint64_t f = 2; f <= 10; f++)
        for (uint64_t nb = 1; nb <= 40; nb++) {
            uint64_t t = 0;
            for (uint64_t j = 0; j < nb; j++)
                for (uint64_t y = 1; y < (UINT64_C(1) << f); y++)
                    t += amq_cuckoo_kernel_alt(nb, f, j, y) == j;
            assert_int_equal(amq_cuckoo_fixed_pairs(nb, f), t);
        }
}

static void exact_equals_the_direct_sum(void **state)
{
    (void)state;
    mpq_t q, want, c;
    mpq_inits(q, want, c, (mpq_ptr)0);
    for (uint64_t f = 2; f <= 4; f++)
        for (uint64_t nb = 1; nb <= 7; nb++)
            for (uint64_t n = 0; n <= 9; n++) {
                assert_int_equal(amq_cuckoo_fp_exact(q, nb, 4, f, n), AMQ_OK);
                direct_rate(want, nb, f, n);
                assert_true(mpq_equal(q, want));
                mpq_set(c, q);
                mpq_canonicalize(c);
                assert_true(mpz_cmp(mpq_numref(c), mpq_numref(q)) == 0 && mpz_cmp(mpq_denref(c), mpq_denref(q)) == 0);
            }
    /* b sets the capacity only: the same rate for every b */
    assert_int_equal(amq_cuckoo_fp_exact(q, 5, 2, 3, 6), AMQ_OK);
    assert_int_equal(amq_cuckoo_fp_exact(want, 5, 8, 3, 6), AMQ_OK);
    assert_true(mpq_equal(q, want));
    /* nb = 1, f = 2: every bucket pair is fixed, 1 - (2/3)^2 = 5/9 at n = 2 */
    assert_int_equal(amq_cuckoo_fp_exact(q, 1, 2, 2, 2), AMQ_OK);
    mpq_set_ui(want, 5, 9);
    assert_true(mpq_equal(q, want));
    mpq_clears(q, want, c, (mpq_ptr)0);
}

static void enclosures_and_decimals(void **state)
{
    (void)state;
    mpq_t q, lq;
    mpq_inits(q, lq, (mpq_ptr)0);
    mpfr_t lo, hi;
    mpfr_inits2(200, lo, hi, (mpfr_ptr)0);
    static const uint64_t nbs[] = {1, 2, 3, 1000, 1001, 262144};
    static const uint64_t fs[] = {2, 7, 8, 12, 16, 32};
    for (size_t i = 0; i < 6; i++)
        for (size_t k = 0; k < 6; k++)
            for (uint64_t n = 0; n <= 2000; n += 250) {
                assert_int_equal(amq_cuckoo_fp_exact(q, nbs[i], 4, fs[k], n), AMQ_OK);
                assert_int_equal(amq_cuckoo_fp_enclose(lo, hi, 200, nbs[i], 4, fs[k], n), AMQ_OK);
                assert_true(mpfr_cmp_q(lo, q) <= 0 && mpfr_cmp_q(hi, q) >= 0);
                char *a = NULL, *d = NULL;
                assert_int_equal(amq_mpq_decimal(&a, q, 17), AMQ_OK);
                assert_int_equal(amq_cuckoo_fp_decimal(&d, nbs[i], 4, fs[k], n, 17, NULL, NULL), AMQ_OK);
                assert_string_equal(a, d);
                free(a);
                free(d);
            }
    /* far beyond the exact limit the enclosure still works, and is tight */
    assert_int_equal(amq_cuckoo_fp_exact(q, 1000, 4, 16, UINT64_C(1) << 40), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "n = 1099511627776"));
    /* the gcd's weight in the cost model (issue 26): an odd N is refused at 1.28e7 bits (the
     * size limit alone accepted it, 2 s of reduction), before any big number is formed */
    assert_int_equal(amq_cuckoo_fp_exact(q, 262143, 4, 12, 426088), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "bits of big-number work (limit 2^30)"));
    assert_int_equal(amq_cuckoo_fp_enclose(lo, hi, 64, 1000, 4, 16, UINT64_C(1) << 40), AMQ_OK);
    assert_true(mpfr_cmp_ui(hi, 1) <= 0 && mpfr_cmp_d(lo, 0.999) > 0);
    assert_int_equal(amq_cuckoo_fp_enclose(lo, hi, 64, 1000, 4, 16, UINT64_MAX), AMQ_OK);
    assert_true(mpfr_cmp_ui(hi, 1) <= 0 && mpfr_lessequal_p(lo, hi));
    assert_int_equal(amq_cuckoo_fp_enclose(lo, hi, 64, UINT64_C(1) << 50, 8, 32, 1), AMQ_OK);
    assert_true(mpfr_sgn(lo) > 0);
    char *d = NULL;
    assert_int_equal(amq_cuckoo_fp_decimal(&d, 10, 4, 8, 0, 17, NULL, NULL), AMQ_OK);
    assert_string_equal(d, "0");
    free(d);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clears(q, lq, (mpq_ptr)0);
}

static void bad_geometry(void **state)
{
    (void)state;
    mpq_t q;
    mpq_init(q);
    assert_int_equal(amq_cuckoo_fp_exact(q, 0, 4, 8, 1), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "nb = 0"));
    assert_int_equal(amq_cuckoo_fp_exact(q, 10, 3, 8, 1), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "b = 3"));
    assert_int_equal(amq_cuckoo_fp_exact(q, 10, 4, 1, 1), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "f = 1"));
    assert_int_equal(amq_cuckoo_fp_exact(q, 10, 4, 33, 1), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_cuckoo_check_geometry(UINT64_MAX / 32 + 1, 8, 4), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "2^64 - 1 table bits"));
    assert_int_equal(amq_cuckoo_check_geometry(UINT64_MAX / 32, 8, 4), AMQ_OK);
    assert_int_equal(amq_cuckoo_fp_bound_fan(q, 10, 4, 8, 41), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "n = 41"));
    assert_int_equal(amq_cuckoo_fp_load_model(q, 10, 4, 8, 41), AMQ_E_INVALID_ARG);
    mpq_clear(q);
}

/* Fan's bound is exact as written, above C(n) up to the capacity, and the load model at
 * full load is Fan's bound. */
static void fan_bound_and_load_model(void **state)
{
    (void)state;
    mpq_t q, bound, load, want;
    mpq_inits(q, bound, load, want, (mpq_ptr)0);
    assert_int_equal(amq_cuckoo_fp_bound_fan(bound, 1, 2, 2, 0), AMQ_OK); /* 1 - (2/3)^4 = 65/81 */
    mpq_set_ui(want, 65, 81);
    assert_true(mpq_equal(bound, want));
    assert_int_equal(amq_cuckoo_fp_bound_fan(bound, 100, 4, 8, 0), AMQ_OK); /* 1 - (254/255)^8 */
    mpz_ui_pow_ui(mpq_numref(want), 254, 8);
    mpz_ui_pow_ui(mpq_denref(want), 255, 8);
    mpz_sub(mpq_numref(want), mpq_denref(want), mpq_numref(want));
    mpq_canonicalize(want);
    assert_true(mpq_equal(bound, want));
    static const uint64_t bs[] = {2, 4, 8};
    for (uint64_t f = 2; f <= 6; f++)
        for (size_t bi = 0; bi < 3; bi++)
            for (uint64_t nb = 1; nb <= 9; nb++)
                for (uint64_t n = 0; n <= nb * bs[bi]; n++) {
                    assert_int_equal(amq_cuckoo_fp_exact(q, nb, bs[bi], f, n), AMQ_OK);
                    assert_int_equal(amq_cuckoo_fp_bound_fan(bound, nb, bs[bi], f, n), AMQ_OK);
                    assert_true(mpq_cmp(q, bound) <= 0);
                    assert_int_equal(amq_cuckoo_fp_load_model(load, nb, bs[bi], f, n), AMQ_OK);
                    assert_true(mpq_cmp(load, bound) <= 0);
                    if (n == nb * bs[bi])
                        assert_true(mpq_equal(load, bound));
                    const double a = amq_cuckoo_fp_approx_load(nb, bs[bi], f, n);
                    assert_true(a >= mpq_get_d(load) * (1 - 1e-12) && a <= mpq_get_d(load) * (1 + 1e-12));
                }
    mpq_clears(q, bound, load, want, (mpq_ptr)0);
}

/* The state rate of a table (linear scan) equals the share of pairs the kernel's query
 * answers "maybe", on tables filled through the kernel with random keys and kicks. */
static void state_rate_equals_the_query(void **state)
{
    (void)state;
    amq_rng rng;
    amq_rng_seed(&rng, 5);
    static const uint64_t bs[] = {2, 4, 8};
    mpq_t q, want;
    mpq_inits(q, want, (mpq_ptr)0);
    for (uint64_t f = 2; f <= 6; f++)
        for (size_t bi = 0; bi < 3; bi++)
            for (uint64_t nb = 1; nb <= 12; nb += 1 + nb / 4) {
                const uint64_t b = bs[bi], m = (UINT64_C(1) << f) - 1, nw = amq_cuckoo_table_words(nb, b, f);
                uint64_t *w = calloc(nw, sizeof *w), kicks[20];
                assert_non_null(w);
                for (uint64_t k = 0; k < nb * b; k++) {
                    for (size_t t = 0; t < 20; t++)
                        kicks[t] = amq_rng_below(&rng, b);
                    (void)amq_cuckoo_kernel_insert(w, nb, b, f, amq_rng_below(&rng, nb), 1 + amq_rng_below(&rng, m), kicks, 20);
                    uint64_t pos = 0;
                    for (uint64_t j = 0; j < nb; j++)
                        for (uint64_t y = 1; y <= m; y++)
                            pos += (uint64_t)amq_cuckoo_kernel_query(w, nb, b, f, j, y);
                    mpq_set_ui(want, pos, nb * m);
                    mpq_canonicalize(want);
                    assert_int_equal(amq_cuckoo_fp_state_table(q, w, nb, b, f), AMQ_OK);
                    assert_true(mpq_equal(q, want));
                }
                free(w);
            }
    mpq_clears(q, want, (mpq_ptr)0);
}

/* ---- enumeration ---- */

typedef struct grid_point { uint64_t nb, b, f, kicks, n; } grid_point;
/* Tiny parameters: odd and even bucket counts (fixed points or none), kicks 0..2, up to
 * n = 2b + 1 keys (both buckets full: the kick chain runs). */
static const grid_point grid[] = {
    {1, 2, 2, 0, 3}, {1, 2, 2, 2, 3}, {2, 2, 2, 0, 3}, {2, 2, 2, 1, 4}, {2, 2, 2, 1, 5}, {3, 2, 2, 0, 3},
    {3, 2, 2, 1, 3},  {3, 2, 2, 2, 3}, {3, 2, 2, 1, 4}, {4, 2, 2, 1, 3}, {2, 2, 3, 1, 3}, {1, 4, 2, 1, 3},
    {1, 4, 2, 1, 5}, {2, 4, 2, 0, 2}, {5, 2, 2, 0, 2}, {2, 2, 2, 2, 4}, {3, 2, 2, 2, 4},
};

static void enumerate(const grid_point *g, amq_cuckoo_insert_fn insert, amq_cuckoo_enum_result *res, mpq_t sum,
                      mpq_t state_rate)
{
    mpq_t loss;
    mpq_init(loss);
    assert_int_equal(amq_cuckoo_enum_fp(res, state_rate, loss, g->nb, g->b, g->f, g->kicks, g->n, insert), AMQ_OK);
    mpq_add(sum, state_rate, loss);
    mpq_clear(loss);
}

/* E[R_state] + E[R_all - R_stored] equals the closed form at every grid point, every table
 * answers like the set of its stored keys, and where no insert can be refused (n <= b) the
 * state average alone equals it.  The grid does refuse inserts somewhere (so kick chains
 * ran to their end) and inserts that succeed by kicks. */
static void enumeration_equals_the_closed_form(void **state)
{
    (void)state;
    mpq_t sum, st, want;
    mpq_inits(sum, st, want, (mpq_ptr)0);
    uint64_t refused = 0, kicked = 0;
    for (size_t i = 0; i < sizeof grid / sizeof grid[0]; i++) {
        const grid_point *g = &grid[i];
        amq_cuckoo_enum_result res;
        enumerate(g, NULL, &res, sum, st);
        assert_int_equal(amq_cuckoo_fp_exact(want, g->nb, g->b, g->f, g->n), AMQ_OK);
        if (!mpq_equal(sum, want))
            gmp_fprintf(stderr, "grid %zu: enumeration %Qd, closed form %Qd\n", i, sum, want);
        assert_true(mpq_equal(sum, want));
        assert_int_equal(res.mismatched, 0);
        if (g->n <= g->b) {
            assert_int_equal(res.refused, 0);
            assert_true(mpq_equal(st, want));
        } else {
            assert_true(mpq_cmp(st, want) <= 0);
        }
        refused += res.refused;
        kicked += res.kicked;
    }
    assert_true(refused > 0 && kicked > 0);
    mpq_clears(sum, st, want, (mpq_ptr)0);
}

/* Planted: a kick that forgets its victim (overwrites slot kicks[0] of the first bucket and
 * reports success), the bug of several public implementations. */
static int forgets_victim(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp,
                          const uint64_t *kicks, size_t nk)
{
    if (amq_cuckoo_kernel_insert(w, nb, b, f, i1, fp, kicks, 0) == AMQ_CUCKOO_OK)
        return AMQ_CUCKOO_OK;
    amq_cuckoo_kernel_put(w, nb * b * f, f, i1 * b + (nk ? kicks[0] : 0), fp);
    return AMQ_CUCKOO_OK;
}

/* Planted: a failed insert that leaves a trace (empties the first slot of the first bucket,
 * as an undo that misses the first move would). */
static int failure_not_undone(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp,
                              const uint64_t *kicks, size_t nk)
{
    const int st = amq_cuckoo_kernel_insert(w, nb, b, f, i1, fp, kicks, nk);
    if (st != AMQ_CUCKOO_OK)
        amq_cuckoo_kernel_put(w, nb * b * f, f, i1 * b, 0);
    return st;
}

static void planted_bugs_are_caught(void **state)
{
    (void)state;
    static const grid_point g = {3, 2, 2, 1, 4};
    mpq_t sum, st, want, wrong;
    mpq_inits(sum, st, want, wrong, (mpq_ptr)0);
    amq_cuckoo_enum_result res;
    assert_int_equal(amq_cuckoo_fp_exact(want, g.nb, g.b, g.f, g.n), AMQ_OK);
    enumerate(&g, forgets_victim, &res, sum, st);
    assert_true(res.mismatched > 0);
    assert_false(mpq_equal(sum, want));
    enumerate(&g, failure_not_undone, &res, sum, st);
    assert_true(res.mismatched > 0);
    assert_false(mpq_equal(sum, want));
    /* a closed form that ignores the fixed points (T = 0: every orbit of two buckets) */
    const uint64_t N = g.nb * 3;
    mpq_set_ui(wrong, N - 2, N);
    mpq_set_ui(st, 1, 1);
    for (uint64_t k = 0; k < g.n; k++)
        mpq_mul(st, st, wrong);
    mpq_set_ui(wrong, 1, 1);
    mpq_sub(wrong, wrong, st);
    enumerate(&g, NULL, &res, sum, st);
    assert_true(mpq_equal(sum, want));
    assert_false(mpq_equal(sum, wrong));
    mpq_clears(sum, st, want, wrong, (mpq_ptr)0);
}

static void enumeration_refuses_beyond_its_limit(void **state)
{
    (void)state;
    mpq_t a, b;
    mpq_inits(a, b, (mpq_ptr)0);
    amq_cuckoo_enum_result res;
    assert_int_equal(amq_cuckoo_enum_fp(&res, a, b, 8, 4, 8, 3, 6, NULL), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "2^28"));
    assert_int_equal(amq_cuckoo_enum_fp(&res, a, b, 8, 4, 8, 501, 1, NULL), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_cuckoo_enum_fp(&res, a, b, 8, 5, 8, 1, 1, NULL), AMQ_E_INVALID_ARG);
    mpq_clears(a, b, (mpq_ptr)0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fixed_pairs_match_the_kernel),  cmocka_unit_test(exact_equals_the_direct_sum),
        cmocka_unit_test(enclosures_and_decimals),       cmocka_unit_test(bad_geometry),
        cmocka_unit_test(fan_bound_and_load_model),      cmocka_unit_test(state_rate_equals_the_query),
        cmocka_unit_test(enumeration_equals_the_closed_form), cmocka_unit_test(planted_bugs_are_caught),
        cmocka_unit_test(enumeration_refuses_beyond_its_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
