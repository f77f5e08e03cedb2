/* Hash omissions, fingerprinting, barriers and the state estimate (include/amq/spec_omissions.h):
 * exact rationals against certified enclosures, the fast closed forms against brute force,
 * monotonicity and bounds, D&M Table 1 and Table 3 digit for digit, the CLI. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/cli_run.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <amq/spec_bloom.h>
#include <amq/spec_omissions.h>

static double cpu_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* lo <= q <= hi for an exact rational q */
static int q_in(const mpq_t q, const mpfr_t lo, const mpfr_t hi)
{
    mpq_t a;
    mpq_init(a);
    mpfr_get_q(a, lo);
    int ok = mpq_cmp(a, q) <= 0;
    mpfr_get_q(a, hi);
    ok = ok && mpq_cmp(q, a) <= 0;
    mpq_clear(a);
    return ok;
}

static int overlap(const mpfr_t a, const mpfr_t b, const mpfr_t c, const mpfr_t d)
{
    return mpfr_lessequal_p(a, d) && mpfr_lessequal_p(c, b);
}

/* (hi - lo) <= 2^-bits * |lo| */
static int rel_narrow(const mpfr_t lo, const mpfr_t hi, int bits)
{
    mpfr_t w, l;
    mpfr_inits2(64, w, l, (mpfr_ptr)0);
    mpfr_sub(w, hi, lo, MPFR_RNDU);
    mpfr_abs(l, lo, MPFR_RNDN);
    mpfr_mul_2si(w, w, bits, MPFR_RNDU);
    int ok = mpfr_lessequal_p(w, l);
    mpfr_clears(w, l, (mpfr_ptr)0);
    return ok;
}

/* ---------------------------------------------------------------- fingerprints */

static void fingerprint_exact_vs_enclose(void **state)
{
    (void)state;
    const unsigned long ss[] = {2, 3, 7, 1000, 65537};
    const uint64_t is[] = {0, 1, 2, 5, 100, 1000};
    mpz_t s;
    mpz_init(s);
    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    for (size_t a = 0; a < sizeof ss / sizeof ss[0]; a++)
        for (size_t b = 0; b < sizeof is / sizeof is[0]; b++) {
            mpz_set_ui(s, ss[a]);
            assert_int_equal(amq_fingerprint_fp_exact(q, s, is[b]), AMQ_OK);
            assert_int_equal(amq_fingerprint_fp_enclose(lo, hi, 128, s, is[b]), AMQ_OK);
            assert_true(q_in(q, lo, hi));
            if (is[b] > 0)
                assert_true(rel_narrow(lo, hi, 100));
            char *d1 = NULL, *d2 = NULL;
            assert_int_equal(amq_fingerprint_fp_decimal(&d1, s, is[b], 20, NULL, NULL), AMQ_OK);
            assert_int_equal(amq_mpq_decimal(&d2, q, 20), AMQ_OK);
            assert_string_equal(d1, d2);
            free(d1);
            free(d2);
        }
    /* 1 - (1 - 1/2)^2 = 3/4 */
    mpz_set_ui(s, 2);
    assert_int_equal(amq_fingerprint_fp_exact(q, s, 2), AMQ_OK);
    assert_int_equal(mpq_cmp_ui(q, 3, 4), 0);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(q);
    mpz_clear(s);
}

/* s beyond 2^64 (two-index fingerprints of 64-bit m) and i up to 2^64 - 1:
 * i/s - C(i,2)/s^2 <= f <= i/s. */
static void fingerprint_huge(void **state)
{
    (void)state;
    mpz_t s, t;
    mpz_inits(s, t, NULL);
    mpq_t ub, lb, c;
    mpq_inits(ub, lb, c, NULL);
    mpfr_t lo, hi;
    mpfr_inits2(200, lo, hi, (mpfr_ptr)0);
    uint64_t i = UINT64_MAX;
    for (int which = 0; which < 2; which++) {
        if (which == 0)
            mpz_setbit(s, 128);
        else
            assert_int_equal(amq_fingerprint_space(s, UINT64_MAX, 2, 0), AMQ_OK); /* (2^64-1)^2 */
        assert_int_equal(amq_fingerprint_fp_enclose(lo, hi, 200, s, i), AMQ_OK);
        mpz_set_ui(t, 0);
        mpz_import(t, 1, 1, sizeof i, 0, 0, &i);
        mpq_set_z(ub, t);
        mpq_set_z(c, s);
        mpq_div(ub, ub, c); /* i/s */
        mpz_sub_ui(mpq_numref(c), t, 1);
        mpz_mul(mpq_numref(c), mpq_numref(c), t);
        mpz_tdiv_q_2exp(mpq_numref(c), mpq_numref(c), 1); /* C(i,2) */
        mpz_mul(mpq_denref(c), s, s);
        mpq_canonicalize(c);
        mpq_sub(lb, ub, c);
        mpq_t a;
        mpq_init(a);
        mpfr_get_q(a, lo);
        assert_true(mpq_cmp(a, ub) <= 0);
        mpfr_get_q(a, hi);
        assert_true(mpq_cmp(a, lb) >= 0);
        mpq_clear(a);
        assert_true(rel_narrow(lo, hi, 150));
    }
    /* the exact form for a small i with s > 2^64 */
    mpq_t q;
    mpq_init(q);
    assert_int_equal(amq_fingerprint_fp_exact(q, s, 3), AMQ_OK);
    assert_int_equal(amq_fingerprint_fp_enclose(lo, hi, 200, s, 3), AMQ_OK);
    assert_true(q_in(q, lo, hi));
    mpq_clear(q);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clears(ub, lb, c, NULL);
    mpz_clears(s, t, NULL);
}

static void fingerprint_edges(void **state)
{
    (void)state;
    mpz_t s;
    mpz_init(s);
    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    mpz_set_ui(s, 12345);
    assert_int_equal(amq_fingerprint_fp_exact(q, s, 0), AMQ_OK);
    assert_int_equal(mpq_sgn(q), 0);
    mpz_set_ui(s, 1);
    assert_int_equal(amq_fingerprint_fp_exact(q, s, 9), AMQ_OK);
    assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
    assert_int_equal(amq_fingerprint_fp_enclose(lo, hi, 64, s, 9), AMQ_OK);
    assert_int_equal(mpfr_cmp_ui(lo, 1), 0);
    assert_int_equal(mpfr_cmp_ui(hi, 1), 0);
    mpz_set_ui(s, 0);
    assert_int_equal(amq_fingerprint_fp_exact(q, s, 1), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_fingerprint_fp_enclose(lo, hi, 64, s, 1), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_fingerprint_fp_enclose(lo, hi, 64, NULL, 1), AMQ_E_INVALID_ARG);
    mpz_setbit(s, 1000);
    assert_int_equal(amq_fingerprint_fp_exact(q, s, UINT64_C(1) << 20), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "limit"));
    /* fingerprint spaces */
    assert_int_equal(amq_fingerprint_space(s, UINT64_C(1) << 25, 2, 2), AMQ_OK);
    assert_int_equal(mpz_sizeinbase(s, 2), 49); /* 2^48 */
    assert_int_equal(amq_fingerprint_space(s, 1000, 2, 3), AMQ_OK); /* 10^6 / 8 */
    assert_int_equal(mpz_cmp_ui(s, 125000), 0);
    assert_int_equal(amq_fingerprint_space(s, 1001, 2, 1), AMQ_E_INVALID_ARG); /* odd */
    assert_int_equal(amq_fingerprint_space(s, 4, 1, 3), AMQ_E_INVALID_ARG);    /* 4/8 */
    assert_int_equal(amq_fingerprint_space(s, 4, 1, 2), AMQ_OK);                /* s = 1 */
    assert_int_equal(mpz_cmp_ui(s, 1), 0);
    assert_int_equal(amq_fingerprint_space(s, 0, 2, 0), AMQ_E_INVALID_M);
    assert_int_equal(amq_fingerprint_space(s, 5, 65, 0), AMQ_E_TOO_LARGE);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(q);
    mpz_clear(s);
}

/* ---------------------------------------------------------------- rates */

static void paper_formula(void **state)
{
    (void)state;
    const uint64_t cases[][3] = {{2, 1, 1}, {2, 2, 1}, {10, 3, 4}, {1000, 7, 100}, {64, 5, 30}};
    mpq_t q, r;
    mpq_inits(q, r, NULL);
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        uint64_t m = cases[c][0], k = cases[c][1], i = cases[c][2];
        assert_int_equal(amq_bloom_fp_paper_exact(q, m, k, i), AMQ_OK);
        assert_int_equal(amq_bloom_fp_paper_enclose(lo, hi, 128, m, k, i), AMQ_OK);
        assert_true(q_in(q, lo, hi));
        assert_true(rel_narrow(lo, hi, 90));
        /* (1 - (1-1/m)^{ik})^k from its definition, with mpq */
        mpq_set_ui(r, m - 1, m);
        mpz_pow_ui(mpq_numref(r), mpq_numref(r), (unsigned long)(i * k));
        mpz_pow_ui(mpq_denref(r), mpq_denref(r), (unsigned long)(i * k));
        mpq_canonicalize(r);
        mpq_t one;
        mpq_init(one);
        mpq_set_ui(one, 1, 1);
        mpq_sub(r, one, r);
        mpz_pow_ui(mpq_numref(r), mpq_numref(r), (unsigned long)k);
        mpz_pow_ui(mpq_denref(r), mpq_denref(r), (unsigned long)k);
        mpq_canonicalize(r);
        mpq_clear(one);
        assert_true(mpq_equal(q, r));
    }
    /* m = 2, k = 2, i = 1: (1 - 1/4)^2 = 9/16; the exact Bloom rate is 5/8 */
    assert_int_equal(amq_bloom_fp_paper_exact(q, 2, 2, 1), AMQ_OK);
    assert_int_equal(mpq_cmp_ui(q, 9, 16), 0);
    /* edges */
    assert_int_equal(amq_bloom_fp_paper_exact(q, 10, 0, 5), AMQ_OK);
    assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
    assert_int_equal(amq_bloom_fp_paper_exact(q, 10, 3, 0), AMQ_OK);
    assert_int_equal(mpq_sgn(q), 0);
    assert_int_equal(amq_bloom_fp_paper_exact(q, 1, 3, 2), AMQ_OK);
    assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
    assert_int_equal(amq_bloom_fp_paper_exact(q, 0, 3, 2), AMQ_E_INVALID_M);
    assert_int_equal(amq_bloom_fp_paper_enclose(lo, hi, 128, 1, 3, 0), AMQ_OK);
    assert_int_equal(mpfr_sgn(lo), 0);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clears(q, r, NULL);
}

static void rate_exact_vs_enclose(void **state)
{
    (void)state;
    mpz_t s;
    mpz_init(s);
    mpq_t q, a, b, t;
    mpq_inits(q, a, b, t, NULL);
    mpfr_t lo, hi;
    mpfr_inits2(160, lo, hi, (mpfr_ptr)0);
    const uint64_t cases[][3] = {{16, 3, 5}, {100, 4, 20}, {1024, 7, 100}, {3, 10, 2}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int model = 0; model < 2; model++)
            for (int fp = 0; fp < 2; fp++) {
                mpz_set_ui(s, 1000);
                amq_omissions_params p = {cases[c][0], cases[c][1], 0, fp ? s : NULL, (amq_omissions_model)model};
                uint64_t i = cases[c][2];
                assert_int_equal(amq_omissions_rate_exact(q, &p, i), AMQ_OK);
                assert_int_equal(amq_omissions_rate_enclose(lo, hi, 160, &p, i), AMQ_OK);
                assert_true(q_in(q, lo, hi));
                /* 1 - (1 - f^FP)(1 - f^BF) from the parts */
                if (model == 0)
                    assert_int_equal(amq_bloom_fp_exact(a, p.m, p.k, i), AMQ_OK);
                else
                    assert_int_equal(amq_bloom_fp_paper_exact(a, p.m, p.k, i), AMQ_OK);
                if (fp)
                    assert_int_equal(amq_fingerprint_fp_exact(b, s, i), AMQ_OK);
                else
                    mpq_set_ui(b, 0, 1);
                mpq_set_ui(t, 1, 1);
                mpq_sub(a, t, a);
                mpq_sub(b, t, b);
                mpq_mul(a, a, b);
                mpq_sub(a, t, a);
                assert_true(mpq_equal(a, q));
                char *d1 = NULL, *d2 = NULL;
                assert_int_equal(amq_omissions_rate_decimal(&d1, &p, i, 25, NULL, NULL), AMQ_OK);
                assert_int_equal(amq_mpq_decimal(&d2, q, 25), AMQ_OK);
                assert_string_equal(d1, d2);
                free(d1);
                free(d2);
            }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clears(q, a, b, t, NULL);
    mpz_clear(s);
}

/* ---------------------------------------------------------------- E and P0 */

typedef struct omis_case {
    uint64_t m, k, n;
    long s; /* 0: none, > 0: that s, -1: m^2 */
    int model;
} omis_case;

static const omis_case small_cases[] = {
    {2, 1, 5, 0, 0},     {16, 3, 12, 0, 0},    {16, 3, 60, 0, 0},  /* heavily loaded */
    {64, 4, 40, 0, 1},   {100, 2, 150, 0, 0},  {50, 7, 40, 0, 0},  {1000, 5, 120, 0, 0},
    {1000, 5, 120, -1, 0}, {300, 3, 80, 50, 0}, {300, 3, 80, 50, 1}, {40, 12, 30, 0, 1},
    {7, 20, 9, 0, 0},    {3, 2, 200, 0, 0},    {1u << 20, 10, 200, 0, 0},
};

static void set_case(amq_omissions_params *p, mpz_t s, const omis_case *c)
{
    if (c->s > 0)
        mpz_set_ui(s, (unsigned long)c->s);
    else if (c->s < 0)
        assert_int_equal(amq_fingerprint_space(s, c->m, 2, 0), AMQ_OK);
    *p = (amq_omissions_params){c->m, c->k, c->n, c->s ? s : NULL, (amq_omissions_model)c->model};
}

/* The fast enclosures contain the exact rationals (brute-force sums and products of exact
 * rates), are as narrow as asked, and the certified decimals equal the exact ones. */
static void omissions_vs_exact(void **state)
{
    (void)state;
    mpz_t s;
    mpz_init(s);
    mpq_t E, P;
    mpq_inits(E, P, NULL);
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    for (size_t c = 0; c < sizeof small_cases / sizeof small_cases[0]; c++) {
        amq_omissions_params p;
        set_case(&p, s, &small_cases[c]);
        assert_int_equal(amq_omissions_exact(E, P, &p), AMQ_OK);
        assert_int_equal(amq_omissions_expected_enclose(lo, hi, 60, &p), AMQ_OK);
        assert_true(q_in(E, lo, hi));
        assert_true(rel_narrow(lo, hi, 60));
        assert_int_equal(amq_omissions_p0_enclose(lo, hi, 40, &p), AMQ_OK);
        assert_true(q_in(P, lo, hi));
        assert_true(rel_narrow(lo, hi, 39));
        char *d1 = NULL, *d2 = NULL;
        assert_int_equal(amq_omissions_expected_decimal(&d1, &p, 17, NULL, NULL), AMQ_OK);
        assert_int_equal(amq_mpq_decimal(&d2, E, 17), AMQ_OK);
        assert_string_equal(d1, d2);
        free(d1);
        free(d2);
        assert_int_equal(amq_omissions_p0_decimal(&d1, &p, 12, NULL, NULL), AMQ_OK);
        assert_int_equal(amq_mpq_decimal(&d2, P, 12), AMQ_OK);
        assert_string_equal(d1, d2);
        free(d1);
        free(d2);
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clears(E, P, NULL);
    mpz_clear(s);
}

/* Moderate n: the fast method against one certified rate per i (brute force). */
static void omissions_vs_brute(void **state)
{
    (void)state;
    const omis_case cases[] = {
        {2000, 5, 3000, 0, 0},   /* overloaded: P0 ~ 1e-900, blocks with both expansions */
        {100000, 7, 2000, -1, 0}, {4096, 11, 700, 0, 1}, {20000, 3, 2500, 3000000, 0},
    };
    mpz_t s;
    mpz_init(s);
    mpfr_t el, eh, pl, ph, bl, bh, ql, qh;
    mpfr_inits2(64, el, eh, pl, ph, (mpfr_ptr)0);
    mpfr_inits2(192, bl, bh, ql, qh, (mpfr_ptr)0);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        amq_omissions_params p;
        set_case(&p, s, &cases[c]);
        assert_int_equal(amq_omissions_expected_enclose(el, eh, 64, &p), AMQ_OK);
        assert_int_equal(amq_omissions_p0_enclose(pl, ph, 40, &p), AMQ_OK);
        assert_int_equal(amq_omissions_brute_enclose(bl, bh, ql, qh, 128, &p), AMQ_OK);
        assert_true(overlap(el, eh, bl, bh));
        assert_true(overlap(pl, ph, ql, qh));
        /* and the brute force is itself tight, so this is a real comparison */
        assert_true(rel_narrow(bl, bh, 50));
        assert_true(rel_narrow(ql, qh, 30));
    }
    mpfr_clears(el, eh, pl, ph, bl, bh, ql, qh, (mpfr_ptr)0);
    mpz_clear(s);
}

/* E increases and P0 decreases with n; P0 <= 1 - f_{n-1}, 1 - E <= P0 <= e^-E,
 * f_{n-1} <= E <= (n-1) f_{n-1}; the upper bound of amq_omissions_p0_upper holds. */
static void omissions_monotone_bounds(void **state)
{
    (void)state;
    const uint64_t m = 50000, k = 6;
    const uint64_t ns[] = {2, 10, 1000, 5000, 9000, 20000, 60000};
    mpfr_t el, eh, pl, ph, fl, fh, pel, peh, t, u;
    mpfr_inits2(64, el, eh, pl, ph, (mpfr_ptr)0);
    mpfr_inits2(128, fl, fh, pel, peh, t, u, (mpfr_ptr)0);
    mpfr_set_zero(pel, 1);
    mpfr_set_ui(peh, 1, MPFR_RNDN);
    mpfr_t prevE, prevP;
    mpfr_inits2(128, prevE, prevP, (mpfr_ptr)0);
    mpfr_set_inf(prevE, -1);
    mpfr_set_inf(prevP, 1);
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        amq_omissions_params p = {m, k, ns[i], NULL, AMQ_OMISSIONS_EXACT};
        assert_int_equal(amq_omissions_expected_enclose(el, eh, 50, &p), AMQ_OK);
        assert_int_equal(amq_omissions_log_p0_enclose(pl, ph, 40, &p), AMQ_OK);
        assert_int_equal(amq_omissions_rate_enclose(fl, fh, 128, &p, ns[i] - 1), AMQ_OK);
        assert_true(mpfr_greater_p(el, prevE)); /* E(n) > E(n') for n > n' */
        assert_true(mpfr_less_p(ph, prevP));    /* log P0 decreases */
        mpfr_set(prevE, eh, MPFR_RNDU);
        mpfr_set(prevP, pl, MPFR_RNDD);
        /* log P0 <= log(1 - f_{n-1}) */
        mpfr_ui_sub(t, 1, fl, MPFR_RNDU);
        mpfr_log(t, t, MPFR_RNDU);
        assert_true(mpfr_lessequal_p(pl, t));
        /* log P0 <= -E */
        mpfr_neg(t, el, MPFR_RNDU);
        assert_true(mpfr_lessequal_p(pl, t));
        /* P0 >= 1 - E (union bound): exp(hi) >= 1 - E_hi */
        mpfr_exp(t, ph, MPFR_RNDU);
        mpfr_ui_sub(u, 1, eh, MPFR_RNDD);
        assert_true(mpfr_greaterequal_p(t, u));
        /* f_{n-1} <= E <= (n-1) f_{n-1} */
        assert_true(mpfr_lessequal_p(fl, eh));
        mpfr_mul_ui(t, fh, (unsigned long)(ns[i] - 1), MPFR_RNDU);
        assert_true(mpfr_lessequal_p(el, t));
        /* the cheap upper bound */
        assert_int_equal(amq_omissions_p0_upper(t, &p), AMQ_OK); /* >= log10 P0 >= pl / ln 10 */
        mpfr_log_ui(u, 10, MPFR_RNDD);
        mpfr_div(u, pl, u, MPFR_RNDD);
        assert_true(mpfr_greaterequal_p(t, u));
    }
    mpfr_clears(el, eh, pl, ph, fl, fh, pel, peh, t, u, prevE, prevP, (mpfr_ptr)0);
}

static void omissions_edges(void **state)
{
    (void)state;
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    mpz_t s;
    mpz_init_set_ui(s, 1);
    struct { amq_omissions_params p; long E; int P0; } cases[] = {
        {{100, 3, 0, NULL, AMQ_OMISSIONS_EXACT}, 0, 1},   /* n = 0 */
        {{100, 3, 1, NULL, AMQ_OMISSIONS_EXACT}, 0, 1},   /* f_0 = 0 */
        {{100, 0, 7, NULL, AMQ_OMISSIONS_EXACT}, 7, 0},   /* k = 0: every query positive */
        {{1, 3, 7, NULL, AMQ_OMISSIONS_EXACT}, 6, 0},     /* m = 1 */
        {{1, 3, 1, NULL, AMQ_OMISSIONS_PAPER}, 0, 1},
        {{100, 3, 9, s, AMQ_OMISSIONS_EXACT}, 8, 0},      /* s = 1 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(amq_omissions_expected_enclose(lo, hi, 30, &cases[i].p), AMQ_OK);
        assert_int_equal(mpfr_cmp_si(lo, cases[i].E), 0);
        assert_int_equal(mpfr_cmp_si(hi, cases[i].E), 0);
        assert_int_equal(amq_omissions_p0_enclose(lo, hi, 30, &cases[i].p), AMQ_OK);
        assert_int_equal(mpfr_cmp_si(lo, cases[i].P0), 0);
        assert_int_equal(mpfr_cmp_si(hi, cases[i].P0), 0);
        char *d = NULL;
        assert_int_equal(amq_omissions_p0_decimal(&d, &cases[i].p, 5, NULL, NULL), AMQ_OK);
        assert_string_equal(d, cases[i].P0 ? "1" : "0");
        free(d);
    }
    amq_omissions_params p = {0, 3, 5, NULL, AMQ_OMISSIONS_EXACT};
    assert_int_equal(amq_omissions_expected_enclose(lo, hi, 30, &p), AMQ_E_INVALID_M);
    assert_int_equal(amq_omissions_p0_enclose(lo, hi, 30, &p), AMQ_E_INVALID_M);
    p.m = 100;
    assert_int_equal(amq_omissions_expected_enclose(lo, hi, 0, &p), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_omissions_expected_enclose(lo, hi, 30, NULL), AMQ_E_INVALID_ARG);
    mpz_set_ui(s, 0);
    p.s = s;
    assert_int_equal(amq_omissions_expected_enclose(lo, hi, 30, &p), AMQ_E_INVALID_ARG);
    p.s = NULL;
    p.model = AMQ_OMISSIONS_PAPER; /* J = k > AMQ_OMISSIONS_MAX_TERMS */
    p.k = AMQ_OMISSIONS_MAX_TERMS + 1;
    assert_int_equal(amq_omissions_expected_enclose(lo, hi, 30, &p), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "exceed the limit"));
    p.model = AMQ_OMISSIONS_EXACT; /* K = 2 terms, but k log2 m bits too many */
    p.m = 3;
    p.k = UINT64_C(1) << 40;
    assert_int_equal(amq_omissions_expected_enclose(lo, hi, 30, &p), AMQ_E_TOO_LARGE);
    p = (amq_omissions_params){100, 3, AMQ_OMISSIONS_EXACT_MAX_N + 1, NULL, AMQ_OMISSIONS_EXACT};
    mpq_t E, P;
    mpq_inits(E, P, NULL);
    assert_int_equal(amq_omissions_exact(E, P, &p), AMQ_E_TOO_LARGE);
    /* The shared exact model (issue 26): under n <= 2000 alone these took 57 s and 12.7 s of
     * CPU (the running product's reductions), and the fingerprint rate 31 s (gcds of the two
     * big denominators); now refused before they start. */
    p = (amq_omissions_params){1000001, 14, 500, NULL, AMQ_OMISSIONS_EXACT};
    assert_int_equal(amq_omissions_exact(E, P, &p), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "bits of big-number work (limit 2^30)"));
    p = (amq_omissions_params){100, 3, 1000, NULL, AMQ_OMISSIONS_EXACT};
    assert_int_equal(amq_omissions_exact(E, P, &p), AMQ_E_TOO_LARGE);
    mpz_set_ui(s, 0);
    mpz_setbit(s, 19);
    p = (amq_omissions_params){1000001, 1, 0, s, AMQ_OMISSIONS_EXACT};
    assert_int_equal(amq_omissions_rate_exact(E, &p, 3300000), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "limit 2^26 bits"));
    /* accepted just inside: the same fraction as the mpq arithmetic gives */
    assert_int_equal(amq_omissions_rate_exact(E, &p, 4000), AMQ_OK);
    mpq_t a, b;
    mpq_inits(a, b, NULL);
    assert_int_equal(amq_bloom_fp_exact(a, 1000001, 1, 4000), AMQ_OK);
    assert_int_equal(amq_fingerprint_fp_exact(b, s, 4000), AMQ_OK);
    mpq_mul(P, a, b);
    mpq_add(a, a, b);
    mpq_sub(a, a, P);
    assert_true(mpq_equal(a, E));
    mpq_clears(a, b, NULL);
    mpq_clears(E, P, NULL);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpz_clear(s);
}

/* Coverage (n - tE)/n, correctly rounded, from E's exact value. */
static void coverage(void **state)
{
    (void)state;
    amq_omissions_params p = {1000, 5, 120, NULL, AMQ_OMISSIONS_EXACT};
    mpq_t E, P, c, n;
    mpq_inits(E, P, c, n, NULL);
    assert_int_equal(amq_omissions_exact(E, P, &p), AMQ_OK);
    for (unsigned t = 1; t <= 2; t++) {
        mpq_set_ui(n, 120, 1);
        mpq_set_ui(c, t, 1);
        mpq_mul(c, c, E);
        mpq_sub(c, n, c);
        mpq_div(c, c, n);
        char *d1 = NULL, *d2 = NULL;
        assert_int_equal(amq_omissions_coverage_decimal(&d1, &p, t, 15, NULL, NULL), AMQ_OK);
        assert_int_equal(amq_mpq_decimal(&d2, c, 15), AMQ_OK);
        assert_string_equal(d1, d2);
        free(d1);
        free(d2);
    }
    char *d = NULL;
    p.n = 0;
    assert_int_equal(amq_omissions_coverage_decimal(&d, &p, 1, 5, NULL, NULL), AMQ_OK);
    assert_string_equal(d, "1");
    free(d);
    assert_int_equal(amq_omissions_coverage_decimal(&d, &p, 3, 5, NULL, NULL), AMQ_E_INVALID_ARG);
    mpq_clears(E, P, c, n, NULL);
}

/* The target size: n = 1e9, m = 1e10, k = 7. E must also agree with the large-m limit
 * n I_7(10) (a different formula and code path) to ~1e-9 relative. */
static void omissions_target_size(void **state)
{
    (void)state;
    amq_omissions_params p = {UINT64_C(10000000000), 7, UINT64_C(1000000000), NULL, AMQ_OMISSIONS_EXACT};
    double t0 = cpu_s();
    char *E = NULL, *P = NULL;
    assert_int_equal(amq_omissions_expected_decimal(&E, &p, 10, NULL, NULL), AMQ_OK);
    double t1 = cpu_s();
    assert_int_equal(amq_omissions_p0_decimal(&P, &p, 6, NULL, NULL), AMQ_OK);
    double t2 = cpu_s();
    print_message("n = 1e9, m = 1e10, k = 7: E = %s (%.3f s), P0 = %s (%.3f s)\n", E, t1 - t0, P, t2 - t1);
    assert_string_equal(E, "1.343017532e+06");
    assert_string_equal(P, "2.19863e-584598");
    assert_true(t2 - t0 < 60.0); /* about 0.2 s here; generous for sanitizers and load */
    free(E);
    free(P);
    mpfr_t el, eh, il, ih;
    mpfr_inits2(64, el, eh, il, ih, (mpfr_ptr)0);
    assert_int_equal(amq_omissions_expected_enclose(el, eh, 60, &p), AMQ_OK);
    mpq_t r;
    mpq_init(r);
    mpq_set_ui(r, 10, 1);
    assert_int_equal(amq_omissions_integral_enclose(il, ih, 80, 7, r), AMQ_OK);
    mpfr_mul_ui(il, il, 1000000000ul, MPFR_RNDN);
    mpfr_sub(il, il, el, MPFR_RNDN);
    mpfr_div(il, il, el, MPFR_RNDN);
    assert_true(fabs(mpfr_get_d(il, MPFR_RNDN)) < 1e-8);
    mpq_clear(r);
    mpfr_clears(el, eh, il, ih, (mpfr_ptr)0);
}

/* D&M Table 3, "theoretical" row: P(full coverage) for a 914,859-state model, a 4 MB
 * (2^25-bit) filter, 27 index functions, for a fingerprint of m^2/4 (enhanced double
 * minus 2 bits), m^2/2 (minus 1 bit), m^2 (enhanced double), m^3 (triple; also m^3/2,
 * the odd-b space) and none (independent, no fingerprint). */
static void dm_table3(void **state)
{
    (void)state;
    const uint64_t m = UINT64_C(1) << 25, k = 27, n = 914859;
    struct { unsigned idx, minus; const char *printed; } rows[] = {
        {2, 2, "9.9746e-01"}, {2, 1, "9.9820e-01"}, {2, 0, "9.9857e-01"},
        {3, 0, "9.9894e-01"}, {3, 1, "9.9894e-01"}, {0, 0, "9.9894e-01"},
    };
    mpz_t s;
    mpz_init(s);
    for (int model = 0; model < 2; model++)
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            if (rows[i].idx)
                assert_int_equal(amq_fingerprint_space(s, m, rows[i].idx, rows[i].minus), AMQ_OK);
            amq_omissions_params p = {m, k, n, rows[i].idx ? s : NULL, (amq_omissions_model)model};
            char *d = NULL;
            assert_int_equal(amq_omissions_p0_decimal(&d, &p, 5, NULL, NULL), AMQ_OK);
            assert_string_equal(d, rows[i].printed);
            free(d);
        }
    mpz_clear(s);
}

/* ---------------------------------------------------------------- barriers, optimal k */

/* D&M Table 1, "Computed m/n", digit for digit, and the two barriers in the text. */
static void dm_table1(void **state)
{
    (void)state;
    struct { uint64_t k; int digits; const char *ours, *paper; } rows[] = {
        {1, 5, "1.1346e+00", "1.1346"},   {2, 5, "2.3481e+00", "2.3481"},
        {3, 5, "3.6441e+00", "3.6441"},   {5, 5, "6.3529e+00", "6.3529"},
        {10, 5, "1.3370e+01", "13.370"},  {50, 5, "7.0849e+01", "70.849"},
        {100, 5, "1.4295e+02", "142.95"}, {6, 6, "7.73819e+00", NULL}, /* "m/n ~ 7.73819" */
        {7, 6, "9.13545e+00", NULL},                                   /* "about 9.13545" */
    };
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char *d = NULL;
        assert_int_equal(amq_omissions_barrier_decimal(&d, rows[i].k, rows[i].digits, lo, hi), AMQ_OK);
        assert_string_equal(d, rows[i].ours);
        free(d);
        if (rows[i].paper) { /* the table the CLI prints beside */
            size_t j = 0;
            while (j < 7 && amq_dm_table1[j].k != rows[i].k)
                j++;
            assert_true(j < 7);
            assert_string_equal(amq_dm_table1[j].computed, rows[i].paper);
        }
        /* the barrier really separates: I_k < I_{k+1} just below, > just above */
        mpq_t r;
        mpq_init(r);
        mpfr_t a, b, c, e;
        mpfr_inits2(128, a, b, c, e, (mpfr_ptr)0);
        for (int side = 0; side < 2; side++) {
            mpfr_get_q(r, side ? hi : lo);
            mpq_t f;
            mpq_init(f);
            mpq_set_ui(f, side ? 1000001 : 999999, 1000000);
            mpq_mul(r, r, f);
            mpq_clear(f);
            assert_int_equal(amq_omissions_integral_enclose(a, b, 128, rows[i].k, r), AMQ_OK);
            assert_int_equal(amq_omissions_integral_enclose(c, e, 128, rows[i].k + 1, r), AMQ_OK);
            if (side)
                assert_true(mpfr_greater_p(a, e)); /* above: k+1 better */
            else
                assert_true(mpfr_less_p(b, c)); /* below: k better */
        }
        mpfr_clears(a, b, c, e, (mpfr_ptr)0);
        mpq_clear(r);
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

/* The large-m barrier against the exact closed form E at a large finite m = 2^40:
 * 1% below the barrier k beats k+1, 1% above k+1 beats k. */
static void barrier_vs_finite_m(void **state)
{
    (void)state;
    const uint64_t m = UINT64_C(1) << 40, ks[] = {1, 3, 10};
    mpfr_t lo, hi, a, b, c, d;
    mpfr_inits2(64, lo, hi, a, b, c, d, (mpfr_ptr)0);
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        assert_int_equal(amq_omissions_barrier_enclose(lo, hi, 40, ks[i]), AMQ_OK);
        for (int side = 0; side < 2; side++) {
            double r = mpfr_get_d(lo, MPFR_RNDN) * (side ? 1.01 : 0.99);
            uint64_t n = (uint64_t)((double)m / r);
            amq_omissions_params p = {m, ks[i], n, NULL, AMQ_OMISSIONS_EXACT};
            assert_int_equal(amq_omissions_expected_enclose(a, b, 30, &p), AMQ_OK);
            p.k = ks[i] + 1;
            assert_int_equal(amq_omissions_expected_enclose(c, d, 30, &p), AMQ_OK);
            if (side) /* m/n above the barrier: k+1 is better */
                assert_true(mpfr_less_p(d, a));
            else /* m/n below: k is better */
                assert_true(mpfr_less_p(b, c));
        }
    }
    mpfr_clears(lo, hi, a, b, c, d, (mpfr_ptr)0);
}

static void optimal_k(void **state)
{
    (void)state;
    struct { unsigned long num, den; uint64_t k; } cases[] = {
        {1, 1, 1}, {12, 10, 2}, {77, 10, 6}, {10, 1, 8}, {96, 10, 8}, {1, 100, 1}, {1429, 10, 100}, {143, 1, 101},
        {1, 1000000, 1},
    };
    mpq_t r;
    mpq_init(r);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t kb = 0, tie = 99;
        mpq_set_ui(r, cases[i].num, cases[i].den);
        mpq_canonicalize(r);
        assert_int_equal(amq_omissions_optimal_k(&kb, &tie, r), AMQ_OK);
        assert_int_equal(kb, cases[i].k);
        assert_int_equal(tie, 0);
    }
    /* on both sides of the barriers b_1..b_12 */
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    for (uint64_t k = 1; k <= 12; k++) {
        assert_int_equal(amq_omissions_barrier_enclose(lo, hi, 40, k), AMQ_OK);
        for (int side = 0; side < 2; side++) {
            mpfr_get_q(r, side ? hi : lo);
            mpq_t f;
            mpq_init(f);
            mpq_set_ui(f, side ? 100001 : 99999, 100000);
            mpq_mul(r, r, f);
            mpq_clear(f);
            uint64_t kb = 0;
            assert_int_equal(amq_omissions_optimal_k(&kb, NULL, r), AMQ_OK);
            assert_int_equal(kb, side ? k + 1 : k);
        }
    }
    mpq_set_ui(r, 0, 1);
    uint64_t kb;
    assert_int_equal(amq_omissions_optimal_k(&kb, NULL, r), AMQ_E_INVALID_ARG);
    mpq_set_ui(r, AMQ_OMISSIONS_OPTK_MAX_R + 1, 1);
    assert_int_equal(amq_omissions_optimal_k(&kb, NULL, r), AMQ_E_TOO_LARGE);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(r);
}

/* ---------------------------------------------------------------- state estimate */

static void state_estimate(void **state)
{
    (void)state;
    mpfr_t il, ih, nl, nh;
    mpfr_inits2(128, il, ih, nl, nh, (mpfr_ptr)0);
    /* i = ln(0.6) / (7 ln(1 - 1e-6)); n = 3i - 2N */
    assert_int_equal(amq_state_estimate_enclose(il, ih, nl, nh, 100, 1000000, 7, 400000, 70000), AMQ_OK);
    double i = log(0.6) / (7.0 * log1p(-1e-6));
    assert_true(fabs(mpfr_get_d(il, MPFR_RNDN) / i - 1.0) < 1e-9);
    assert_true(fabs(mpfr_get_d(nl, MPFR_RNDN) / (3.0 * i - 140000.0) - 1.0) < 1e-9);
    assert_true(rel_narrow(il, ih, 90));
    char *is = NULL, *ns = NULL;
    assert_int_equal(amq_state_estimate_decimal(&is, &ns, 1000000, 7, 400000, 70000, 10), AMQ_OK);
    assert_string_equal(is, "7.297505262e+04");
    assert_string_equal(ns, "7.892515787e+04");
    free(is);
    free(ns);
    /* a filter of one key: X = k distinct bits of m; i ~ 1 for large m */
    assert_int_equal(amq_state_estimate_enclose(il, ih, NULL, NULL, 64, UINT64_C(1) << 40, 3, 3, 0), AMQ_OK);
    assert_true(fabs(mpfr_get_d(il, MPFR_RNDN) - 1.0) < 1e-11);
    /* edges */
    assert_int_equal(amq_state_estimate_enclose(il, ih, nl, nh, 64, 100, 3, 0, 0), AMQ_OK);
    assert_int_equal(mpfr_sgn(il), 0);
    assert_int_equal(mpfr_sgn(ih), 0);
    assert_int_equal(mpfr_sgn(nl), 0);
    assert_int_equal(mpfr_sgn(nh), 0);
    /* more unique states than set bits cannot come from this filter (was n = -10) */
    assert_int_equal(amq_state_estimate_enclose(il, ih, nl, nh, 64, 100, 3, 0, 5), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "5 unique states but only 0 set bits"));
    assert_int_equal(amq_state_estimate_enclose(il, ih, NULL, NULL, 64, 100, 3, 0, 5), AMQ_OK); /* i alone */
    /* 3i - 2N < N (k = 7: i ~ X/7 < N = X): the estimate is N, the states found */
    assert_int_equal(amq_state_estimate_enclose(il, ih, nl, nh, 100, 1000000, 7, 70000, 70000), AMQ_OK);
    assert_true(mpfr_cmp_ui(ih, 70000) < 0);
    assert_int_equal(mpfr_cmp_ui(nl, 70000), 0);
    assert_int_equal(mpfr_cmp_ui(nh, 70000), 0);
    assert_int_equal(amq_state_estimate_enclose(il, ih, NULL, NULL, 64, 1, 3, 0, 0), AMQ_OK);
    assert_int_equal(amq_state_estimate_enclose(il, ih, NULL, NULL, 64, 1, 3, 1, 0), AMQ_E_TOO_LARGE);
    assert_int_equal(amq_state_estimate_enclose(il, ih, NULL, NULL, 64, 100, 3, 100, 0), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "unbounded"));
    assert_int_equal(amq_state_estimate_enclose(il, ih, NULL, NULL, 64, 100, 3, 101, 0), AMQ_E_INVALID_ARG);
    assert_int_equal(amq_state_estimate_enclose(il, ih, NULL, NULL, 64, 100, 0, 10, 0), AMQ_E_INVALID_K);
    assert_int_equal(amq_state_estimate_enclose(il, ih, NULL, NULL, 64, 0, 3, 0, 0), AMQ_E_INVALID_M);
    mpfr_clears(il, ih, nl, nh, (mpfr_ptr)0);
}

/* ---------------------------------------------------------------- CLI smoke */

static void cli_smoke(void **state)
{
    (void)state;
    assert_int_equal(cli_run_setup(), 0);
    if (access(cli_amq, X_OK) != 0) {
        print_message("no amq binary at %s: CLI smoke skipped\n", cli_amq);
        cli_run_teardown();
        skip();
    }
    assert_int_equal(cli_run("'%s' rate omissions -m 2^25 -k 27 -n 914859 --fingerprint-indices 2 --digits 5 --json",
                         cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"p_no_omission\": \"9.9857e-01\""));
    assert_non_null(strstr(cli_out, "\"expected_omissions\": \"1.4285e-03\""));
    assert_non_null(strstr(cli_out, "\"m\": 33554432"));
    assert_non_null(strstr(cli_out, "\"coverage\": "));
    assert_int_equal(cli_run("'%s' rate omissions -m 1e10 -k 7 -n 1e9 --digits 6", cli_amq), 0);
    assert_non_null(strstr(cli_out, "1.34302e+06"));
    assert_non_null(strstr(cli_out, "2.19863e-584598"));
    assert_int_equal(cli_run("'%s' optimal-k --bits-per-key 10", cli_amq), 0);
    assert_non_null(strstr(cli_out, "optimal k      8"));
    assert_int_equal(cli_run("'%s' optimal-k --table --paper --json", cli_amq), 0);
    int matches = 0;
    for (const char *q = cli_out; (q = strstr(q, "\"paper_digits_match\": true")); q++)
        matches++;
    assert_int_equal(matches, 7);
    assert_int_equal(cli_run("'%s' estimate -m 1000000 -k 7 --set-bits 400000 --unique 70000 --json", cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"estimate\": \"7.892515787e+04\""));
    /* conventions: --help 0, bad flag or value 2 */
    assert_int_equal(cli_run("'%s' rate omissions --help", cli_amq), 0);
    assert_int_equal(cli_run("'%s' optimal-k --help", cli_amq), 0);
    assert_int_equal(cli_run("'%s' estimate --help", cli_amq), 0);
    assert_int_equal(cli_run("'%s' rate omissions -m 100 -k 3", cli_amq), 2);
    assert_int_equal(cli_run("'%s' rate omissions -m 100 -k 3 -n 5 --bogus", cli_amq), 2);
    assert_int_equal(cli_run("'%s' rate omissions -m 100 -k 3 -n 5 --model wrong", cli_amq), 2);
    assert_int_equal(cli_run("'%s' optimal-k --bits-per-key -3", cli_amq), 2);
    assert_int_equal(cli_run("'%s' optimal-k", cli_amq), 2);
    assert_int_equal(cli_run("'%s' estimate -m 100 -k 3 --set-bits 200", cli_amq), 2);
    assert_int_equal(cli_run("'%s' estimate -m 100 -k 3 --set-bits 100", cli_amq), 1); /* unbounded */
    assert_int_equal(cli_run_teardown(), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fingerprint_exact_vs_enclose),
        cmocka_unit_test(fingerprint_huge),
        cmocka_unit_test(fingerprint_edges),
        cmocka_unit_test(paper_formula),
        cmocka_unit_test(rate_exact_vs_enclose),
        cmocka_unit_test(omissions_vs_exact),
        cmocka_unit_test(omissions_vs_brute),
        cmocka_unit_test(omissions_monotone_bounds),
        cmocka_unit_test(omissions_edges),
        cmocka_unit_test(coverage),
        cmocka_unit_test(omissions_target_size),
        cmocka_unit_test(dm_table3),
        cmocka_unit_test(dm_table1),
        cmocka_unit_test(barrier_vs_finite_m),
        cmocka_unit_test(optimal_k),
        cmocka_unit_test(state_estimate),
        cmocka_unit_test(cli_smoke),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
