/* Blocked AMQ rates (Ceramist Theorem 10): exact mixtures against brute-force enumeration
 * of the blocked structures and against the literal pmf sum, enclosures against exact
 * values, the large-n target, partitioned Bloom.  Sizing, edge cases, errors and the
 * `amq rate` rows: test_spec_blocked_sizing.c. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdint.h>
#include <amq/spec_blocked.h>
#include <amq/spec_bloom.h>
#include <amq/spec_quotient.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------- brute-force models (independent of Theorem 10) ----------
 * Every key draws a block uniformly and then its inner hash values uniformly; we enumerate
 * all outcomes of n keys and the query as one mixed-radix counter and count the outcomes
 * where the query tests positive. */

enum model { M_BLOOM, M_PART, M_QUOT };

/* FP of the blocked structure by enumeration:
 *   M_BLOOM: b blocks of B bits, k hashes in [0, B) each;
 *   M_PART:  b blocks of k words of w bits (B = k w), one bit per word;
 *   M_QUOT:  b blocks, one p-bit fingerprint (B = 2^p values) per key. */
static void brute(mpq_t rop, enum model md, unsigned b, unsigned B, unsigned k, unsigned n)
{
    unsigned per = md == M_QUOT ? 1 : k; /* hash values per key */
    unsigned radix = md == M_PART ? B / k : B;
    unsigned digits = (n + 1) * (1 + per);
    unsigned d[64] = {0};
    unsigned long long total = 0, pos = 0;
    assert_true(digits <= 64);
    for (;;) {
        /* keys 0..n-1 inserted, key n queried: digit layout [block, h_1..h_per] per key */
        unsigned char bits[4][64];
        memset(bits, 0, sizeof bits);
        for (unsigned key = 0; key < n; key++) {
            unsigned *kd = d + key * (1 + per);
            for (unsigned j = 0; j < per; j++) {
                unsigned pos_in_block = md == M_PART ? j * radix + kd[1 + j] : kd[1 + j];
                bits[kd[0]][pos_in_block] = 1;
            }
        }
        unsigned *qd = d + n * (1 + per);
        int hit = 1;
        for (unsigned j = 0; j < per; j++) {
            unsigned pos_in_block = md == M_PART ? j * radix + qd[1 + j] : qd[1 + j];
            if (!bits[qd[0]][pos_in_block])
                hit = 0;
        }
        total++;
        pos += (unsigned long long)hit;
        unsigned t = 0; /* increment the mixed-radix counter */
        for (; t < digits; t++) {
            unsigned lim = (t % (1 + per)) == 0 ? b : radix;
            if (++d[t] < lim)
                break;
            d[t] = 0;
        }
        if (t == digits)
            break;
    }
    mpq_set_ui(rop, (unsigned long)pos, (unsigned long)total);
    mpq_canonicalize(rop);
}

static void brute_force_blocked_bloom(void **state)
{
    (void)state;
    mpq_t want, got;
    mpq_inits(want, got, (mpq_ptr)0);
    int cases = 0;
    for (unsigned b = 1; b <= 3; b++)
        for (unsigned B = 1; B <= 4; B++)
            for (unsigned k = 1; k <= 3; k++)
                for (unsigned n = 0; n <= 3; n++) {
                    double outcomes = pow((double)b * pow((double)B, (double)k), (double)(n + 1));
                    if (outcomes > 3e5)
                        continue;
                    brute(want, M_BLOOM, b, B, k, n);
                    assert_int_equal(amq_blocked_bloom_fp_exact(got, b, B, k, n), AMQ_OK);
                    assert_true(mpq_equal(got, want));
                    assert_int_equal(amq_counting_blocked_fp_exact(got, b, B, k, n), AMQ_OK);
                    assert_true(mpq_equal(got, want));
                    amq_inner_bloom_params ip = {B, k};
                    amq_inner_rate f = amq_inner_rate_bloom(&ip);
                    assert_int_equal(amq_blocked_fp_exact_sum(got, &f, b, n), AMQ_OK);
                    assert_true(mpq_equal(got, want));
                    cases++;
                }
    assert_true(cases >= 60);
    mpq_clears(want, got, (mpq_ptr)0);
}

static void brute_force_blocked_partitioned_and_quotient(void **state)
{
    (void)state;
    mpq_t want, got;
    mpq_inits(want, got, (mpq_ptr)0);
    int cases = 0;
    for (unsigned b = 1; b <= 3; b++)
        for (unsigned k = 1; k <= 3; k++)
            for (unsigned w = 1; w <= 3; w++)
                for (unsigned n = 0; n <= 2; n++) {
                    if (pow((double)b * pow((double)w, (double)k), (double)(n + 1)) > 3e5)
                        continue;
                    brute(want, M_PART, b, k * w, k, n);
                    assert_int_equal(amq_blocked_partitioned_fp_exact(got, b, k * w, k, n), AMQ_OK);
                    assert_true(mpq_equal(got, want));
                    amq_inner_partitioned_params ip = {k * w, k};
                    amq_inner_rate f = amq_inner_rate_partitioned(&ip);
                    assert_int_equal(amq_blocked_fp_exact_sum(got, &f, b, n), AMQ_OK);
                    assert_true(mpq_equal(got, want));
                    if (b == 1) { /* the plain partitioned filter */
                        assert_int_equal(amq_partitioned_fp_exact(got, k * w, k, n), AMQ_OK);
                        assert_true(mpq_equal(got, want));
                    }
                    cases++;
                }
    for (unsigned b = 1; b <= 3; b++)
        for (unsigned p = 0; p <= 2; p++)
            for (unsigned n = 0; n <= 3; n++) {
                brute(want, M_QUOT, b, 1u << p, 1, n);
                assert_int_equal(amq_blocked_quotient_fp_exact(got, b, p, n), AMQ_OK);
                assert_true(mpq_equal(got, want));
                amq_inner_quotient_params ip = {p};
                amq_inner_rate f = amq_inner_rate_quotient(&ip);
                assert_int_equal(amq_blocked_fp_exact_sum(got, &f, b, n), AMQ_OK);
                assert_true(mpq_equal(got, want));
                cases++;
            }
    assert_true(cases >= 70);
    mpq_clears(want, got, (mpq_ptr)0);
}

/* ---------- literal pmf sum, written out independently ---------- */

static void pmf_sum(mpq_t rop, const amq_inner_rate *f, unsigned b, unsigned n)
{
    mpq_t term, q, r, fi;
    mpq_inits(term, q, r, fi, (mpq_ptr)0);
    mpq_set_ui(rop, 0, 1);
    for (unsigned i = 0; i <= n; i++) {
        mpz_bin_uiui(mpq_numref(term), n, i);
        mpz_set_ui(mpq_denref(term), 1);
        mpq_set_ui(q, 1, b);     /* 1/b */
        mpq_set_ui(r, b - 1, b); /* 1 - 1/b */
        for (unsigned j = 0; j < i; j++)
            mpq_mul(term, term, q);
        for (unsigned j = i; j < n; j++)
            mpq_mul(term, term, r);
        assert_int_equal(f->exact(fi, i, f->params), AMQ_OK);
        mpq_mul(term, term, fi);
        mpq_add(rop, rop, term);
    }
    mpq_clears(term, q, r, fi, (mpq_ptr)0);
}

static void exact_sum_and_closed_form_vs_pmf(void **state)
{
    (void)state;
    amq_inner_bloom_params b1 = {16, 3}, b2 = {64, 8}, b3 = {1, 2}, b4 = {512, 8};
    amq_inner_partitioned_params p1 = {32, 4}, p2 = {256, 8}, p3 = {6, 6};
    amq_inner_quotient_params q1 = {5}, q2 = {0};
    amq_inner_rate fs[] = {amq_inner_rate_bloom(&b1),       amq_inner_rate_bloom(&b2),
                           amq_inner_rate_bloom(&b3),       amq_inner_rate_bloom(&b4),
                           amq_inner_rate_partitioned(&p1), amq_inner_rate_partitioned(&p2),
                           amq_inner_rate_partitioned(&p3), amq_inner_rate_quotient(&q1),
                           amq_inner_rate_quotient(&q2),    amq_inner_rate_counting(&b1)};
    const unsigned bs[] = {1, 2, 3, 7, 64};
    const unsigned ns[] = {0, 1, 2, 5, 17, 40};
    mpq_t want, got;
    mpq_inits(want, got, (mpq_ptr)0);
    for (size_t a = 0; a < sizeof fs / sizeof fs[0]; a++)
        for (size_t c = 0; c < sizeof bs / sizeof bs[0]; c++)
            for (size_t d = 0; d < sizeof ns / sizeof ns[0]; d++) {
                pmf_sum(want, &fs[a], bs[c], ns[d]);
                assert_int_equal(amq_blocked_fp_exact_sum(got, &fs[a], bs[c], ns[d]), AMQ_OK);
                assert_true(mpq_equal(got, want));
                assert_int_equal(amq_blocked_fp_exact_pgf(got, &fs[a], bs[c], ns[d]), AMQ_OK);
                assert_true(mpq_equal(got, want));
                /* the results are reduced */
                mpq_set(want, got);
                mpq_canonicalize(want);
                assert_int_equal(mpz_cmp(mpq_denref(want), mpq_denref(got)), 0);
            }
    mpq_clears(want, got, (mpq_ptr)0);
}

/* Blocked quotient closed form 1 - (1 - 2^-p/b)^n equals the generic mixture. */
static void blocked_quotient_closed_form(void **state)
{
    (void)state;
    mpq_t a, c;
    mpq_inits(a, c, (mpq_ptr)0);
    for (unsigned p = 0; p <= 12; p += 3)
        for (unsigned b = 1; b <= 9; b += 4)
            for (unsigned n = 0; n <= 300; n += 50) {
                amq_inner_quotient_params ip = {p};
                amq_inner_rate f = amq_inner_rate_quotient(&ip);
                assert_int_equal(amq_blocked_quotient_fp_exact(a, b, p, n), AMQ_OK);
                assert_int_equal(amq_blocked_fp_exact_sum(c, &f, b, n), AMQ_OK);
                assert_true(mpq_equal(a, c));
            }
    mpq_clears(a, c, (mpq_ptr)0);
}

/* With one block the mixture is the inner rate at n. */
static void one_block_is_inner_rate(void **state)
{
    (void)state;
    mpq_t a, c;
    mpq_inits(a, c, (mpq_ptr)0);
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    for (uint64_t n = 0; n <= 200; n += 40) {
        assert_int_equal(amq_blocked_bloom_fp_exact(a, 1, 512, 8, n), AMQ_OK);
        assert_int_equal(amq_bloom_fp_exact(c, 512, 8, n), AMQ_OK);
        assert_true(mpq_equal(a, c));
        assert_int_equal(amq_blocked_bloom_fp_enclose(lo, hi, 128, 1, 512, 8, n), AMQ_OK);
        assert_true(mpfr_cmp_q(lo, c) <= 0 && mpfr_cmp_q(hi, c) >= 0);
        assert_int_equal(amq_blocked_quotient_fp_exact(a, 1, 10, n), AMQ_OK);
        assert_int_equal(amq_quotient_fp_exact(c, 10, n), AMQ_OK);
        assert_true(mpq_equal(a, c));
        assert_int_equal(amq_split_block_fp_exact(a, 256, n), AMQ_OK);
        assert_int_equal(amq_partitioned_fp_exact(c, 256, 8, n), AMQ_OK);
        assert_true(mpq_equal(a, c));
        assert_int_equal(amq_split_block_fp_enclose(lo, hi, 128, 256, n), AMQ_OK);
        assert_true(mpfr_cmp_q(lo, c) <= 0 && mpfr_cmp_q(hi, c) >= 0);
    }
    /* b = 1 at a huge n: the enclosure is the inner enclosure */
    mpfr_t l2, h2;
    mpfr_inits2(128, l2, h2, (mpfr_ptr)0);
    assert_int_equal(amq_blocked_bloom_fp_enclose(lo, hi, 128, 1, 1u << 20, 10, UINT64_C(1) << 40), AMQ_OK);
    assert_int_equal(amq_bloom_fp_enclose(l2, h2, 128, 1u << 20, 10, UINT64_C(1) << 40), AMQ_OK);
    assert_true(mpfr_equal_p(lo, l2) && mpfr_equal_p(hi, h2));
    mpfr_clears(lo, hi, l2, h2, (mpfr_ptr)0);
    mpq_clears(a, c, (mpq_ptr)0);
}

/* ---------- enclosures ---------- */

static void check_contains(const mpfr_t lo, const mpfr_t hi, const mpq_t q, int rel_bits)
{
    assert_true(mpfr_cmp_q(lo, q) <= 0);
    assert_true(mpfr_cmp_q(hi, q) >= 0);
    if (rel_bits > 0 && mpq_sgn(q) > 0) {
        mpfr_t w;
        mpfr_init2(w, 64);
        mpfr_sub(w, hi, lo, MPFR_RNDU);
        mpfr_div_q(w, w, q, MPFR_RNDU);
        assert_true(mpfr_cmp_ui_2exp(w, 1, -rel_bits) <= 0);
        mpfr_clear(w);
    }
}

static void enclosures_contain_exact(void **state)
{
    (void)state;
    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    const uint64_t bs[] = {2, 10, 100, 1000, 40000};
    const uint64_t ns[] = {1, 7, 100, 1000, 5000};
    amq_inner_partitioned_params sp = {256, 8};
    amq_inner_bloom_params bp = {512, 8};
    amq_inner_quotient_params qp = {12};
    amq_inner_rate fs[] = {amq_inner_rate_partitioned(&sp), amq_inner_rate_bloom(&bp), amq_inner_rate_quotient(&qp)};
    int checked = 0;
    for (size_t a = 0; a < 3; a++)
        for (size_t i = 0; i < sizeof bs / sizeof bs[0]; i++)
            for (size_t j = 0; j < sizeof ns / sizeof ns[0]; j++) {
                if (a == 1 && ns[j] > 1000) /* keep the Bloom exact cheap */
                    continue;
                assert_int_equal(amq_blocked_fp_exact(q, &fs[a], bs[i], ns[j]), AMQ_OK);
                assert_int_equal(amq_blocked_fp_enclose_window(lo, hi, 128, &fs[a], bs[i], ns[j]), AMQ_OK);
                check_contains(lo, hi, q, 100);
                assert_int_equal(amq_blocked_fp_enclose_pgf(lo, hi, 128, &fs[a], bs[i], ns[j]), AMQ_OK);
                check_contains(lo, hi, q, 0); /* valid; the closed form may be wide */
                assert_int_equal(amq_blocked_fp_enclose(lo, hi, 128, &fs[a], bs[i], ns[j]), AMQ_OK);
                check_contains(lo, hi, q, 0);
                /* the decimal is the exact value correctly rounded */
                char *d1, *d2;
                assert_int_equal(amq_blocked_fp_decimal(&d1, &fs[a], bs[i], ns[j], 17, NULL, NULL), AMQ_OK);
                assert_int_equal(amq_mpq_decimal(&d2, q, 17), AMQ_OK);
                assert_string_equal(d1, d2);
                free(d1);
                free(d2);
                checked++;
            }
    assert_true(checked >= 65);
    /* at low precision the tail bounds are a visible part of the enclosure: it must still
     * contain the exact value */
    for (size_t a = 0; a < 3; a++)
        for (uint64_t b = 2; b <= 50; b += 12)
            for (uint64_t n = 1; n <= 400; n = 3 * n + 1) {
                assert_int_equal(amq_blocked_fp_exact(q, &fs[a], b, n), AMQ_OK);
                for (mpfr_prec_t prec = 2; prec <= 32; prec *= 2) {
                    mpfr_t l, h;
                    mpfr_inits2(prec, l, h, (mpfr_ptr)0);
                    assert_int_equal(amq_blocked_fp_enclose_window(l, h, prec, &fs[a], b, n), AMQ_OK);
                    check_contains(l, h, q, 0);
                    assert_int_equal(amq_blocked_fp_enclose_pgf(l, h, prec, &fs[a], b, n), AMQ_OK);
                    check_contains(l, h, q, 0);
                    mpfr_clears(l, h, (mpfr_ptr)0);
                }
            }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(q);
}

/* A non-monotone inner rate without a closed form exercises the generic path with the
 * lower tail bounded by 1: f(i) = 1 for even i, 0 for odd i, so FP = P(X even) =
 * (1 + (1 - 2/b)^n) / 2. */
static amq_status parity_exact(mpq_t rop, uint64_t i, const void *params)
{
    (void)params;
    mpq_set_ui(rop, (i & 1) ? 0 : 1, 1);
    return AMQ_OK;
}
static amq_status parity_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t i, const void *params)
{
    (void)params;
    (void)prec;
    mpfr_set_ui(lo, (i & 1) ? 0 : 1, MPFR_RNDD);
    mpfr_set_ui(hi, (i & 1) ? 0 : 1, MPFR_RNDU);
    return AMQ_OK;
}

static amq_status bad_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t i, const void *params)
{
    (void)params;
    (void)prec;
    (void)i;
    mpfr_set_ui(lo, 1, MPFR_RNDD); /* lo > hi: an invalid enclosure */
    mpfr_set_ui(hi, 0, MPFR_RNDU);
    return AMQ_OK;
}

static void generic_non_monotone_inner(void **state)
{
    (void)state;
    amq_inner_rate f = {"parity", parity_exact, parity_enclose, 0, NULL, NULL};
    mpq_t want, got, t;
    mpq_inits(want, got, t, (mpq_ptr)0);
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    const unsigned bs[] = {3, 5, 16, 1000};
    const unsigned ns[] = {1, 2, 30, 500, 3000};
    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < 5; j++) {
            mpq_set_ui(t, bs[i] - 2, bs[i]);
            mpq_set_ui(want, 1, 1);
            for (unsigned r = 0; r < ns[j]; r++)
                mpq_mul(want, want, t);
            mpq_set_ui(t, 1, 1);
            mpq_add(want, want, t);
            mpq_set_ui(t, 1, 2);
            mpq_mul(want, want, t);
            assert_int_equal(amq_blocked_fp_exact_sum(got, &f, bs[i], ns[j]), AMQ_OK);
            assert_true(mpq_equal(got, want));
            assert_int_equal(amq_blocked_fp_enclose(lo, hi, 128, &f, bs[i], ns[j]), AMQ_OK);
            check_contains(lo, hi, want, 100);
            for (mpfr_prec_t prec = 2; prec <= 32; prec *= 2) { /* tails visible */
                mpfr_t l, h;
                mpfr_inits2(prec, l, h, (mpfr_ptr)0);
                assert_int_equal(amq_blocked_fp_enclose_window(l, h, prec, &f, bs[i], ns[j]), AMQ_OK);
                check_contains(l, h, want, 0);
                mpfr_clears(l, h, (mpfr_ptr)0);
            }
        }
    /* no closed form: exact_pgf refuses; a window beyond the cap fails fast */
    assert_int_equal(amq_blocked_fp_exact_pgf(got, &f, 3, 3), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "parity"));
    assert_int_equal(amq_blocked_fp_enclose(lo, hi, 128, &f, 2, UINT64_C(1) << 40), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "window"));
    /* an invalid inner enclosure is reported, not masked */
    amq_inner_rate bad = {"bad", parity_exact, bad_enclose, 1, NULL, NULL};
    assert_int_equal(amq_blocked_fp_enclose(lo, hi, 64, &bad, 10, 100), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "'bad'"));
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clears(want, got, t, (mpq_ptr)0);
}

static amq_status window_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params)
{
    const amq_blocked_params *p = params;
    return amq_blocked_fp_enclose_window(lo, hi, prec, p->inner, p->b, p->n);
}
static amq_status pgf_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params)
{
    const amq_blocked_params *p = params;
    return amq_blocked_fp_enclose_pgf(lo, hi, prec, p->inner, p->b, p->n);
}

/* 30 digits by the window and by the closed form, separately: they must agree. */
static void both_methods(const amq_inner_rate *f, uint64_t b, uint64_t n, const char *want)
{
    amq_blocked_params pp = {f, b, n};
    char *s1, *s2;
    assert_int_equal(amq_certified_decimal(&s1, window_cb, &pp, 30, NULL, NULL), AMQ_OK);
    assert_int_equal(amq_certified_decimal(&s2, pgf_cb, &pp, 30, NULL, NULL), AMQ_OK);
    assert_string_equal(s1, s2);
    assert_string_equal(s1, want);
    free(s1);
    free(s2);
}

/* The target: split-block, m = 1e9 bits (3906250 blocks), n = 1e8, 17 digits; the windowed
 * sum and the closed form agree to 30 digits. No timing asserts here (make check must not
 * depend on load): the cost is bounded before it starts (AMQ_E_TOO_LARGE above), and speed
 * is make bench's. */
static void large_n_tight(void **state)
{
    (void)state;
    char *s;
    mpfr_t lo, hi, w;
    mpfr_inits2(256, lo, hi, w, (mpfr_ptr)0);
    assert_int_equal(amq_split_block_fp_decimal(&s, 1000000000, 100000000, 17, lo, hi), AMQ_OK);
    assert_string_equal(s, "1.2648450630043493e-02");
    free(s);
    mpfr_sub(w, hi, lo, MPFR_RNDU);
    mpfr_div(w, w, lo, MPFR_RNDU);
    assert_true(mpfr_cmp_ui_2exp(w, 1, -100) <= 0); /* far tighter than 17 digits */
    amq_inner_partitioned_params sp = {256, 8};
    amq_inner_rate f = amq_inner_rate_partitioned(&sp);
    both_methods(&f, 3906250, 100000000, "1.26484506300434926531222150459e-02");
    /* blocked Bloom, 512-bit blocks, k = 8, same size */
    assert_int_equal(amq_blocked_bloom_fp_decimal(&s, 1953125, 512, 8, 100000000, 17, NULL, NULL), AMQ_OK);
    assert_string_equal(s, "1.0283994134091770e-02");
    free(s);
    amq_inner_bloom_params bp = {512, 8};
    amq_inner_rate g = amq_inner_rate_bloom(&bp);
    both_methods(&g, 1953125, 100000000, "1.02839941340917695903330214492e-02");
    /* extreme sizes: n = 2^64 - 1 keys in 2^40 blocks (closed form, many keys per block),
     * and 2^50 keys in 2^50 blocks (window) */
    assert_int_equal(amq_split_block_fp_decimal(&s, UINT64_C(1) << 48, UINT64_MAX, 17, NULL, NULL), AMQ_OK);
    assert_string_equal(s, "1.0000000000000000e+00");
    free(s);
    assert_int_equal(amq_split_block_fp_decimal(&s, UINT64_C(256) << 50, UINT64_C(1) << 50, 17, NULL, NULL), AMQ_OK);
    free(s);
    mpfr_clears(lo, hi, w, (mpfr_ptr)0);
}

/* Window and closed form agree across regimes (both certified: their enclosures overlap). */
static void window_and_closed_form_agree(void **state)
{
    (void)state;
    mpfr_t a, b, c, d;
    mpfr_inits2(160, a, b, c, d, (mpfr_ptr)0);
    const uint64_t cases[][2] = {{3906250, 100000000}, {1000, 1000000}, {2, 100000}, {7, 12345},
                                 {100000, 1000}, {1u << 20, UINT64_C(1) << 30}};
    amq_inner_partitioned_params sp = {256, 8};
    amq_inner_bloom_params bp = {512, 6};
    amq_inner_rate fs[] = {amq_inner_rate_partitioned(&sp), amq_inner_rate_bloom(&bp)};
    for (size_t i = 0; i < 2; i++)
        for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++) {
            assert_int_equal(amq_blocked_fp_enclose_window(a, b, 160, &fs[i], cases[j][0], cases[j][1]), AMQ_OK);
            assert_int_equal(amq_blocked_fp_enclose_pgf(c, d, 160, &fs[i], cases[j][0], cases[j][1]), AMQ_OK);
            assert_true(mpfr_lessequal_p(a, d) && mpfr_lessequal_p(c, b));
            assert_true(mpfr_lessequal_p(a, b) && mpfr_sgn(a) >= 0 && mpfr_cmp_ui(b, 1) <= 0);
        }
    mpfr_clears(a, b, c, d, (mpfr_ptr)0);
}

/* ---------- partitioned Bloom ---------- */

static void partitioned_exact_formula(void **state)
{
    (void)state;
    mpq_t q, want, t;
    mpq_inits(q, want, t, (mpq_ptr)0);
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    /* (1 - (1 - k/m)^n)^k with m = 1000, k = 8, n = 100: s = 125 */
    for (unsigned k = 1; k <= 10; k++)
        for (unsigned s = 1; s <= 40; s += 13)
            for (unsigned n = 0; n <= 60; n += 20) {
                mpq_set_ui(t, s - 1, s);
                mpq_set_ui(want, 1, 1);
                for (unsigned i = 0; i < n; i++)
                    mpq_mul(want, want, t);
                mpq_set_ui(t, 1, 1);
                mpq_sub(want, t, want);
                mpq_set(t, want);
                mpq_set_ui(want, 1, 1);
                for (unsigned i = 0; i < k; i++)
                    mpq_mul(want, want, t);
                assert_int_equal(amq_partitioned_fp_exact(q, (uint64_t)k * s, k, n), AMQ_OK);
                assert_true(mpq_equal(q, want));
                assert_int_equal(amq_partitioned_fp_enclose(lo, hi, 128, (uint64_t)k * s, k, n), AMQ_OK);
                check_contains(lo, hi, want, 110);
            }
    char *s;
    assert_int_equal(amq_partitioned_fp_decimal(&s, 1000, 8, 100, 17, NULL, NULL), AMQ_OK);
    assert_string_equal(s, "8.6343936271741495e-03");
    free(s);
    /* edge cases: k = 0 -> 1, n = 0 -> 0, one-bit partitions -> 1 */
    assert_int_equal(amq_partitioned_fp_exact(q, 10, 0, 5), AMQ_OK);
    assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
    assert_int_equal(amq_partitioned_fp_exact(q, 10, 5, 0), AMQ_OK);
    assert_int_equal(mpq_sgn(q), 0);
    assert_int_equal(amq_partitioned_fp_exact(q, 7, 7, 1), AMQ_OK);
    assert_int_equal(mpq_cmp_ui(q, 1, 1), 0);
    assert_int_equal(amq_partitioned_fp_decimal(&s, 7, 7, 3, 17, NULL, NULL), AMQ_OK);
    assert_string_equal(s, "1");
    free(s);
    /* k must divide m */
    assert_int_equal(amq_partitioned_fp_exact(q, 1000, 3, 5), AMQ_E_INVALID_M);
    assert_non_null(strstr(amq_last_error(), "multiple of k = 3"));
    assert_int_equal(amq_partitioned_fp_enclose(lo, hi, 64, 1000, 3, 5), AMQ_E_INVALID_M);
    assert_int_equal(amq_partitioned_fp_decimal(&s, 1000, 3, 5, 17, NULL, NULL), AMQ_E_INVALID_M);
    assert_null(s);
    assert_int_equal(amq_partitioned_fp_exact(q, 0, 1, 5), AMQ_E_INVALID_M);
    /* huge: exact refuses, enclosure works */
    assert_int_equal(amq_partitioned_fp_exact(q, UINT64_C(1) << 40, 8, UINT64_C(1) << 36), AMQ_E_TOO_LARGE);
    assert_int_equal(amq_partitioned_fp_decimal(&s, UINT64_C(1) << 40, 8, UINT64_C(1) << 36, 17, NULL, NULL),
                     AMQ_OK);
    free(s);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clears(q, want, t, (mpq_ptr)0);
}

/* The exact blocked forms on the shared exact model (issue 26, class 4): each case below was
 * accepted by the form's own limits and took seconds to minutes (CPU at load 12-15), or
 * formed numbers of 2^28 bits; now refused before any big number is formed, naming the
 * limit and the certified enclosure. */
static void exact_forms_bounded(void **state)
{
    (void)state;
    mpq_t q;
    mpq_init(q);
    /* bloom expsum: the coefficients (B = 1000, k = 10000: 4.4 s; k = 100000: over 60 s) */
    assert_int_equal(amq_blocked_bloom_fp_exact(q, 2, 1000, 10000, 1), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "coefficients"));
    assert_non_null(strstr(amq_last_error(), "certified enclosure"));
    /* the literal sum: 511-bit Bloom blocks, k = 3, b = 3, n = 10300: 8.3 s */
    const amq_inner_bloom_params ip = {511, 3};
    const amq_inner_rate f = amq_inner_rate_bloom(&ip);
    assert_int_equal(amq_blocked_fp_exact_sum(q, &f, 3, 10300), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "bits of big-number work (limit 2^30)"));
    assert_int_equal(amq_blocked_fp_exact_sum(q, &f, 3, 2000), AMQ_OK); /* 0.17 s */
    /* the closed form, the partitioned and the blocked quotient rates: 2^28-bit numbers
     * (158 MB, 175 MB) */
    assert_int_equal(amq_blocked_bloom_fp_exact(q, 2, 512, 1, 24403223), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "limit 2^26 bits"));
    assert_int_equal(amq_partitioned_fp_exact(q, 1000002, 2, 7000000), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "limit 2^26 bits"));
    assert_int_equal(amq_blocked_quotient_fp_exact(q, 2, 30, 8000000), AMQ_E_TOO_LARGE);
    assert_non_null(strstr(amq_last_error(), "limit 2^26 bits"));
    mpq_clear(q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(brute_force_blocked_bloom),
        cmocka_unit_test(brute_force_blocked_partitioned_and_quotient),
        cmocka_unit_test(exact_sum_and_closed_form_vs_pmf),
        cmocka_unit_test(blocked_quotient_closed_form),
        cmocka_unit_test(one_block_is_inner_rate),
        cmocka_unit_test(enclosures_contain_exact),
        cmocka_unit_test(generic_non_monotone_inner),
        cmocka_unit_test(large_n_tight),
        cmocka_unit_test(window_and_closed_form_agree),
        cmocka_unit_test(partitioned_exact_formula),
        cmocka_unit_test(exact_forms_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
