/* Second moments of the false-positive rate (amq/spec_moments.h), against exhaustive
 * enumeration of the real kernels: for every insert outcome of n keys the enumeration
 * counts c = the query vectors answered "maybe", so that E[pi^j] = sum c^j / (outcomes
 * m^{jk}) exactly; the closed form must equal it as a rational (Bloom), and every
 * structure's registered second moment must enclose it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <amq/filter_rate.h>
#include <amq/spec_bloom.h>
#include <amq/spec_blocked.h>
#include <amq/spec_moments.h>
#include <lib_internal/check_impl.h>
#include <lib_internal/moment_cost.h>
#include <lib_internal/structure.h>
#include <math.h>

/* The highest moment enumerated. */
#define J_ENUM 4

/* sums[j] = sum over insert outcomes of c^j (j = 1..J_ENUM) as integers, and the number of
 * insert outcomes, for kernel kn after n vectors; the query vectors are all m^k. */
static void enumerate(const amq_ops *kn, uint64_t n, mpz_t sums[J_ENUM + 1], uint64_t *outcomes)
{
    const uint64_t m = kn->m, k = kn->k, digits = k * n;
    uint64_t total = 1, queries = 1;
    for (uint64_t i = 0; i < digits; i++)
        total *= m;
    for (uint64_t i = 0; i < k; i++)
        queries *= m;
    assert_true(total * queries <= (UINT64_C(1) << 24));
    uint64_t *state = malloc(kn->state_words * sizeof *state), *idx = calloc(digits + k + 1, sizeof *idx);
    assert_non_null(state);
    assert_non_null(idx);
    for (int j = 1; j <= J_ENUM; j++)
        mpz_set_ui(sums[j], 0);
    mpz_t c, p;
    mpz_inits(c, p, (mpz_ptr)0);
    for (uint64_t o = 0; o < total; o++) {
        uint64_t x = o;
        for (uint64_t d = 0; d < digits; d++, x /= m)
            idx[d] = x % m;
        amq_ops_clear(kn, state);
        for (uint64_t v = 0; v < n; v++)
            amq_ops_add(kn, state, idx + v * k);
        uint64_t count = 0;
        for (uint64_t q = 0; q < queries; q++) {
            uint64_t y = q;
            for (uint64_t d = 0; d < k; d++, y /= m)
                idx[digits + d] = y % m;
            count += amq_ops_query(kn, state, idx + digits) != 0;
        }
        mpz_set_ui(c, count);
        mpz_set(p, c);
        for (int j = 1; j <= J_ENUM; j++) {
            mpz_add(sums[j], sums[j], p);
            mpz_mul(p, p, c);
        }
    }
    *outcomes = total;
    mpz_clears(c, p, (mpz_ptr)0);
    free(state);
    free(idx);
}

/* rop = sums[j] / (outcomes * m^{jk}) */
static void moment(mpq_t rop, mpz_t sums[J_ENUM + 1], int j, uint64_t outcomes, const amq_ops *kn)
{
    mpz_t d;
    mpz_init(d);
    mpz_ui_pow_ui(d, kn->m, (unsigned long)(kn->k * (uint64_t)j));
    mpz_mul_ui(d, d, (unsigned long)outcomes);
    mpq_set_num(rop, sums[j]);
    mpq_set_den(rop, d);
    mpq_canonicalize(rop);
    mpz_clear(d);
}

/* The Bloom kernel: E[pi], E[pi^2], E[pi^3] are FP(m, k, jk, n), equal as rationals. */
static void test_bloom_moments_by_enumeration(void **state)
{
    (void)state;
    static const uint64_t cases[][3] = {{2, 1, 3}, {3, 1, 2}, {4, 2, 2}, {5, 2, 2}, {3, 3, 2}, {7, 2, 1},
                                        {6, 1, 4}, {2, 3, 3}, {8, 2, 1}, {3, 2, 3}};
    const amq_structure *s = amq_structure_find("bloom");
    mpz_t sums[J_ENUM + 1];
    for (int j = 0; j <= J_ENUM; j++)
        mpz_init(sums[j]);
    mpq_t want, got;
    mpq_inits(want, got, (mpq_ptr)0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const uint64_t m = cases[i][0], k = cases[i][1], n = cases[i][2];
        amq_params p;
        amq_params_init(&p, s);
        amq_params_set(&p, s, "m", m);
        amq_params_set(&p, s, "k", k);
        amq_model *mod;
        assert_int_equal(amq_model_create(&mod, s, &p), AMQ_OK);
        uint64_t outcomes;
        enumerate(amq_model_ops(mod), n, sums, &outcomes);
        for (int j = 1; j <= 3; j++) {
            moment(want, sums, j, outcomes, amq_model_ops(mod));
            assert_int_equal(amq_bloom_fp_query_exact(got, m, k, (uint64_t)j * k, n), AMQ_OK);
            if (!mpq_equal(want, got))
                fail_msg("m=%llu k=%llu n=%llu j=%d: enumeration %s, closed form %s", (unsigned long long)m,
                         (unsigned long long)k, (unsigned long long)n, j, mpq_get_str(NULL, 10, want),
                         mpq_get_str(NULL, 10, got));
            if (j == 2) {
                assert_int_equal(amq_bloom_fp_pair_exact(got, m, k, n), AMQ_OK);
                assert_true(mpq_equal(want, got));
            }
        }
        amq_model_free(mod);
    }
    for (int j = 0; j <= J_ENUM; j++)
        mpz_clear(sums[j]);
    mpq_clears(want, got, (mpq_ptr)0);
}

/* With k_q = k the form is Theorem 4 (amq_bloom_fp_exact), on a grid that reaches m <= k. */
static void test_query_form_is_theorem_4(void **state)
{
    (void)state;
    mpq_t a, b;
    mpq_inits(a, b, (mpq_ptr)0);
    for (uint64_t m = 1; m <= 12; m++)
        for (uint64_t k = 0; k <= 6; k++)
            for (uint64_t n = 0; n <= 5; n++) {
                assert_int_equal(amq_bloom_fp_exact(a, m, k, n), AMQ_OK);
                assert_int_equal(amq_bloom_fp_query_exact(b, m, k, k, n), AMQ_OK);
                assert_true(mpq_equal(a, b));
            }
    mpq_clears(a, b, (mpq_ptr)0);
}

/* The enclosure holds the exact value, with the asked relative width, also for m < k_q
 * and for large m, where the exact form is refused. */
static void test_enclosure(void **state)
{
    (void)state;
    static const uint64_t cases[][4] = {{5, 3, 6, 4}, {1000, 5, 10, 100}, {97, 7, 14, 30},
                                        {3, 4, 8, 2},  {2, 1, 2, 1},       {1u << 20, 7, 14, 100000}};
    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi, x, w;
    mpfr_inits2(256, lo, hi, x, w, (mpfr_ptr)0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const uint64_t *c = cases[i];
        assert_int_equal(amq_bloom_fp_query_enclose(lo, hi, 40, c[0], c[1], c[2], c[3]), AMQ_OK);
        assert_true(mpfr_cmp(lo, hi) <= 0);
        mpfr_sub(w, hi, lo, MPFR_RNDU);
        mpfr_mul_2si(w, w, 40, MPFR_RNDU);
        assert_true(mpfr_cmp(w, lo) <= 0);
        if (i + 1 < sizeof cases / sizeof cases[0]) {
            assert_int_equal(amq_bloom_fp_query_exact(q, c[0], c[1], c[2], c[3]), AMQ_OK);
            mpfr_set_q(x, q, MPFR_RNDN);
            assert_true(mpfr_cmp(lo, x) <= 0 && mpfr_cmp(x, hi) <= 0);
        }
    }
    /* E[pi^2] >= p^2 (Jensen) and close to it for a large filter */
    mpfr_t plo, phi;
    mpfr_inits2(256, plo, phi, (mpfr_ptr)0);
    assert_int_equal(amq_bloom_fp_enclose(plo, phi, 128, 1u << 20, 7, 100000), AMQ_OK);
    mpfr_sqr(phi, phi, MPFR_RNDU);
    mpfr_sqr(plo, plo, MPFR_RNDD);
    assert_int_equal(amq_bloom_fp_pair_enclose(lo, hi, 40, 1u << 20, 7, 100000), AMQ_OK);
    assert_true(mpfr_cmp(hi, plo) >= 0);
    mpfr_mul_d(phi, phi, 1.01, MPFR_RNDU);
    assert_true(mpfr_cmp(lo, phi) <= 0);
    mpfr_clears(plo, phi, (mpfr_ptr)0);
    mpfr_clears(lo, hi, x, w, (mpfr_ptr)0);
    mpq_clear(q);
}

static void test_edges_and_limits(void **state)
{
    (void)state;
    mpq_t q;
    mpq_init(q);
    assert_int_equal(amq_bloom_fp_query_exact(q, 10, 3, 0, 5), AMQ_OK); /* k_q = 0 */
    assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
    assert_int_equal(amq_bloom_fp_query_exact(q, 10, 3, 6, 0), AMQ_OK); /* n = 0 */
    assert_int_equal(mpq_sgn(q), 0);
    assert_int_equal(amq_bloom_fp_query_exact(q, 10, 0, 6, 5), AMQ_OK); /* k_ins = 0 */
    assert_int_equal(mpq_sgn(q), 0);
    assert_int_equal(amq_bloom_fp_query_exact(q, 1, 3, 6, 5), AMQ_OK); /* m = 1 */
    assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
    assert_int_equal(amq_bloom_fp_query_exact(q, 0, 3, 6, 5), AMQ_E_INVALID_M);
    assert_int_equal(amq_bloom_fp_query_exact(q, 5000, 3, 3000, 5), AMQ_E_TOO_LARGE);
    assert_int_equal(amq_bloom_fp_query_exact(q, UINT64_C(1) << 40, 10, 20, UINT64_C(1) << 30), AMQ_E_TOO_LARGE);
    /* within the denominator's limit, but the work is not (9.0 s and 6.8 s of CPU before the
     * work was bounded): refused before anything is built; a call just inside it (~0.7 s) is not */
    assert_int_equal(amq_bloom_fp_query_exact(q, 1000, 3, 64, 1000000), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "bits of big-number work (limit 2^30)"));
    assert_int_equal(amq_bloom_fp_query_exact(q, 1000, 3, 2048, 100000), AMQ_E_TOO_LARGE);
    assert_int_equal(amq_bloom_fp_query_exact(q, 1000, 3, 64, 110000), AMQ_OK);
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    assert_int_equal(amq_bloom_fp_query_enclose(lo, hi, 40, 10, 3, 0, 5), AMQ_OK);
    assert_int_equal(mpfr_cmp_ui(lo, 1), 0);
    assert_int_equal(amq_bloom_fp_query_enclose(lo, hi, 0, 10, 3, 6, 5), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_bloom_fp_query_enclose(lo, hi, 40, 5000, 3, 3000, 5), AMQ_E_TOO_LARGE);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(q);
}

/* The exact E[pi^j] of a structure's own moment routine (amq/spec_blocked.h) at parameters v,
 * or 0 when it has none (Bloom, counting, quotient: the Bloom form, checked above). */
static int exact_moment(mpq_t rop, const amq_structure *s, const uint64_t *v, uint64_t n, uint64_t j)
{
    if (!strcmp(s->name, "blocked-bloom") || !strcmp(s->name, "counting-blocked"))
        assert_int_equal(amq_blocked_bloom_fp_moment_exact(rop, v[0], v[1], v[2], n, j), AMQ_OK);
    else if (!strcmp(s->name, "split-block")) /* blocks, words, word bits */
        assert_int_equal(amq_blocked_partitioned_fp_moment_exact(rop, v[0], v[1] * v[2], v[1], n, j), AMQ_OK);
    else if (!strcmp(s->name, "partitioned"))
        assert_int_equal(amq_partitioned_fp_moment_exact(rop, v[0], v[1], n, j), AMQ_OK);
    else if (!strcmp(s->name, "blocked-quotient")) /* blocks, q, r */
        assert_int_equal(amq_blocked_quotient_fp_moment_exact(rop, v[0], v[1] + v[2], n, j), AMQ_OK);
    else
        return 0;
    return 1;
}

/* One registered structure at parameters v, n keys: its enclosures of E[pi^j], j = 2..J_ENUM,
 * hold the moments enumerated on its real kernel, its exact forms equal them (and E[pi] is
 * its exact rate); 0 when the enumeration would be too large. */
static int check_moments(const amq_structure *s, const uint64_t *v, uint64_t n, mpz_t sums[J_ENUM + 1])
{
    amq_params p;
    amq_params_init(&p, s);
    memcpy(p.v, v, sizeof p.v);
    amq_model *mod;
    assert_int_equal(amq_model_create(&mod, s, &p), AMQ_OK);
    const amq_ops *kn = amq_model_ops(mod);
    double size = 1.0;
    for (uint64_t i = 0; i < kn->k * (n + 1); i++)
        size *= (double)kn->m;
    if (size > (double)(UINT64_C(1) << 24)) {
        amq_model_free(mod);
        return 0;
    }
    mpq_t e, rate;
    mpq_inits(e, rate, (mpq_ptr)0);
    mpfr_t lo, hi, x;
    mpfr_inits2(256, lo, hi, x, (mpfr_ptr)0);
    uint64_t outcomes;
    enumerate(kn, n, sums, &outcomes);
    moment(e, sums, 1, outcomes, kn);
    assert_int_equal(amq_structure_fp_exact(rate, s, &p, n), AMQ_OK);
    assert_true(mpq_equal(e, rate));
    for (uint64_t j = 1; j <= J_ENUM; j++) {
        moment(e, sums, (int)j, outcomes, kn);
        if (exact_moment(rate, s, v, n, j) && !mpq_equal(rate, e))
            fail_msg("%s (%llu, %llu, %llu) n = %llu: E[pi^%llu] enumerated %s, exact form %s", s->name,
                     (unsigned long long)v[0], (unsigned long long)v[1], (unsigned long long)v[2],
                     (unsigned long long)n, (unsigned long long)j, mpq_get_str(NULL, 10, e),
                     mpq_get_str(NULL, 10, rate));
        if (j == 2 && (!strcmp(s->name, "blocked-bloom") || !strcmp(s->name, "counting-blocked"))) {
            assert_int_equal(amq_blocked_bloom_fp_pair_exact(rate, v[0], v[1], v[2], n), AMQ_OK);
            assert_true(mpq_equal(rate, e)); /* the pair form agrees */
        }
        if (j == 1)
            continue;
        assert_int_equal(amq_structure_fp_moment_enclose(lo, hi, 40, s, &p, n, j), AMQ_OK);
        mpfr_set_q(x, e, MPFR_RNDN);
        if (!(mpfr_cmp(lo, x) <= 0 && mpfr_cmp(x, hi) <= 0))
            fail_msg("%s (%llu, %llu, %llu) n = %llu: E[pi^%llu] = %s outside the enclosure", s->name,
                     (unsigned long long)v[0], (unsigned long long)v[1], (unsigned long long)v[2],
                     (unsigned long long)n, (unsigned long long)j, mpq_get_str(NULL, 10, e));
    }
    amq_model_free(mod);
    mpfr_clears(lo, hi, x, (mpfr_ptr)0);
    mpq_clears(e, rate, (mpq_ptr)0);
    return 1;
}

/* Every structure with registered moments: at each of its examples small enough to
 * enumerate, and at the extra cases below (the blocked kernels' digits range over blocks x
 * block size, so their examples are too large), its enclosures hold E[pi^j], j = 2..J_ENUM,
 * enumerated on its real kernel, and its exact forms equal them; each such structure is
 * checked at least once. */
static void test_registered_second_moments(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        uint64_t v[5], n;
    } extra[] = {
        {"blocked-bloom", {2, 2, 1, AMQ_HASH_DEFAULT}, 2}, {"blocked-bloom", {2, 2, 2, AMQ_HASH_DEFAULT}, 2},
        {"blocked-bloom", {3, 2, 1, AMQ_HASH_DEFAULT}, 2}, {"blocked-bloom", {2, 3, 1, AMQ_HASH_DEFAULT}, 3},
        {"blocked-bloom", {1, 4, 2, AMQ_HASH_DEFAULT}, 2},
        /* blocks, counters per block, k, counter width, hash */
        {"counting-blocked", {2, 2, 1, 4, AMQ_HASH_DEFAULT}, 2}, {"counting-blocked", {2, 2, 2, 8, AMQ_HASH_DEFAULT}, 2},
        {"counting-blocked", {3, 2, 1, 4, AMQ_HASH_DEFAULT}, 2},
        /* blocks, words, word bits, parquet 0 (the model's uniform digits) */
        {"split-block", {2, 2, 2, 0, 0}, 2}, {"split-block", {3, 2, 2, 0, 0}, 2}, {"split-block", {2, 1, 3, 0, 0}, 3},
        {"partitioned", {4, 2, AMQ_HASH_DEFAULT}, 3}, {"partitioned", {3, 1, AMQ_HASH_DEFAULT}, 4},
        /* blocks, q, r, slack */
        {"blocked-quotient", {2, 1, 1, 2}, 2}, {"blocked-quotient", {3, 1, 1, 2}, 2},
    };
    mpz_t sums[J_ENUM + 1];
    for (int j = 0; j <= J_ENUM; j++)
        mpz_init(sums[j]);
    int checked = 0;
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        if (!amq_structure_has_fp_moments(s))
            continue;
        int mine = 0;
        for (size_t e = 0; e < s->nexamples; e++)
            mine += check_moments(s, s->examples[e].v, s->examples[e].n, sums);
        for (size_t e = 0; e < sizeof extra / sizeof extra[0]; e++) {
            if (strcmp(extra[e].name, s->name))
                continue;
            uint64_t v[AMQ_PARAMS_MAX] = {0};
            memcpy(v, extra[e].v, sizeof extra[e].v);
            assert_true(check_moments(s, v, extra[e].n, sums));
            mine++;
        }
        if (!mine)
            fail_msg("%s: no example small enough to enumerate its second moment", s->name);
        checked += mine;
    }
    assert_true(checked >= 13);
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    assert_int_equal(amq_structure_fp_moment_enclose(lo, hi, 40, NULL, NULL, 1, 2), AMQ_E_INVALID_ARG);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    for (int j = 0; j <= J_ENUM; j++)
        mpz_clear(sums[j]);
}

/* The moments' cost estimates (lib_internal/moment_cost.h, docs/cost-limits.md): every structure
 * with moments has one; where it says a moment is computable (finite), the moment is
 * computed, and where it says refused (INFINITY), it is refused; the Bloom form refuses a
 * moment over its limit at once (m = 2^40, k = 16, 1024 positions, n = 10^6: 8.4 s of CPU
 * before the limit); the check's estimate grows with Q and the load points, is 0 for Q = 1,
 * and INFINITY when E[pi^2] is refused. */
static void test_moment_work_estimates(void **state)
{
    (void)state;
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        if (!amq_structure_has_fp_moments(s)) {
            assert_true(isnan(amq_structure_fp_moment_work(s, &(amq_params){0}, 10, 2, 40)));
            continue;
        }
        assert_non_null(s->fp_moment_work);
        for (size_t e = 0; e < s->nexamples; e++) {
            amq_params p;
            amq_params_init(&p, s);
            memcpy(p.v, s->examples[e].v, sizeof p.v);
            for (uint64_t j = 2; j <= 4; j++) {
                const double w = amq_structure_fp_moment_work(s, &p, s->examples[e].n, j, 40);
                const amq_status st = amq_structure_fp_moment_enclose(lo, hi, 40, s, &p, s->examples[e].n, j);
                if (w < INFINITY) {
                    assert_true(w >= 0);
                    assert_int_equal(st, AMQ_OK);
                } else
                    assert_int_not_equal(st, AMQ_OK);
            }
        }
    }
    const uint64_t big = UINT64_C(1) << 40;
    assert_false(amq_bloom_fp_query_work(big, 16, 1024, 1000000, 60) < INFINITY);
    assert_int_equal(amq_bloom_fp_query_enclose(lo, hi, 60, big, 16, 1024, 1000000), AMQ_E_TOO_LARGE);
    assert_true(amq_bloom_fp_query_work(10000, 7, 896, 1000, 60) < INFINITY); /* 0.23 s */
    /* the coefficients are counted (issue 26): estimated 1.8e9 units without them, m = 2^63,
     * k_q = 2048 took 3.2 s (their difference table) and m = 2^63 - 1 12 s (their gcds, which
     * follow the odd part of m: 2^20 - 1 is refused where 2^20 is not); and a table of
     * k_q log2(m)-bit numbers may not outgrow 2^28 bits (m = 3, k_q = 2^40: 3^(2^40)) */
    const uint64_t two63 = UINT64_C(1) << 63;
    assert_false(amq_bloom_fp_query_work(two63, 1, 2048, UINT64_MAX, 60) < INFINITY);
    assert_int_equal(amq_bloom_fp_query_enclose(lo, hi, 60, two63 - 1, 1, 2048, UINT64_MAX), AMQ_E_TOO_LARGE);
    assert_false(amq_bloom_fp_query_work(1048575, 1, 2048, 39248127, 60) < INFINITY);
    assert_true(amq_bloom_fp_query_work(1048576, 1, 2048, 39248127, 60) < INFINITY); /* 0.8 s */
    assert_int_equal(amq_bloom_fp_query_enclose(lo, hi, 60, 3, 1, UINT64_C(1) << 40, 10), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "limit 2^28"));
    assert_true(amq_bloom_fp_query_work(1023, 1, 2048, 105, 60) < INFINITY); /* the slowest accepted: 2.2 s */

    const amq_structure *bloom = amq_structure_find("bloom");
    amq_impl_check_config cfg = {.model = bloom, .n = 1000, .loads = 4, .filters = 1, .queries = 1};
    amq_params_init(&cfg.model_params, bloom);
    cfg.model_params.v[amq_structure_param_index(bloom, "m")] = 10000;
    cfg.model_params.v[amq_structure_param_index(bloom, "k")] = 7;
    assert_true(amq_check_moments_work(&cfg) == 0.0);
    cfg.queries = 64;
    const double w64 = amq_check_moments_work(&cfg);
    cfg.queries = 128;
    const double w128 = amq_check_moments_work(&cfg);
    cfg.loads = 8;
    const double w128x8 = amq_check_moments_work(&cfg);
    assert_true(w64 > 0 && w128 > 4 * w64 && w128x8 > 1.5 * w128 && w128x8 < INFINITY);
    cfg.model_params.v[amq_structure_param_index(bloom, "m")] = big;
    cfg.model_params.v[amq_structure_param_index(bloom, "k")] = 1000;
    assert_false(amq_check_moments_work(&cfg) < INFINITY);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bloom_moments_by_enumeration),
        cmocka_unit_test(test_query_form_is_theorem_4),
        cmocka_unit_test(test_enclosure),
        cmocka_unit_test(test_edges_and_limits),
        cmocka_unit_test(test_registered_second_moments),
        cmocka_unit_test(test_moment_work_estimates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
