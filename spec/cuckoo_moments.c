/* E[pi^j] of the cuckoo filter (amq/spec_cuckoo.h): the chance that j fresh keys all answer
 * "maybe" after n keys, under the model of its rate C(n) (docs/rates-cuckoo.md): every key's
 * pair (first bucket, fingerprint) uniform on the N = nb (2^f - 1) pairs, independently, and
 * all n keys stored (no insert refused; a refusal stores nothing and only lowers the rate).
 *
 * Derivation.  alt(., y) is an involution, so the pairs fall into orbits {(i, y), (alt(i, y), y)}:
 * T orbits of one pair (amq_cuckoo_fixed_pairs) and D = (N - T) / 2 of two.  A table answers
 * like the set of its stored keys: a fresh pair is positive iff some stored key's pair is in its
 * orbit.  So a key, stored or fresh, picks an orbit: a given one-pair orbit with probability 1/N,
 * a given two-pair one with 2/N.  Let the j fresh keys pick s1 distinct one-pair and s2 distinct
 * two-pair orbits.  Choosing which a of the keys go to one-pair orbits (C(j, a) (T/N)^a
 * ((N - T)/N)^(j - a)), then the surjections onto the distinct orbits (S(a, s1) T^(s1) / T^a and
 * S(j - a, s2) D^(s2) / D^(j - a), x^(s) falling factorials), the law is
 *     P(s1, s2) = N^-j sum_a C(j, a) 2^(j - a) S(a, s1) T^(s1) S(j - a, s2) D^(s2)
 * ((N - T) / D = 2).  Given them, all s1 + s2 orbits are hit by the n stored keys with
 * probability, by inclusion-exclusion over the orbits they all miss,
 *     Cov(s1, s2) = sum_{t1 <= s1, t2 <= s2} (-1)^(t1 + t2) C(s1, t1) C(s2, t2) (1 - (t1 + 2 t2)/N)^n,
 * and E[pi^j] = sum_{s1, s2} P(s1, s2) Cov(s1, s2).  j = 1 gives C(n).  The weights are exact
 * integers; Cov alternates, so it is computed on MPFI intervals (every rounding outward, clamped
 * to [0, 1], a probability) with the precision doubled until the sum has relative width 2^-bits;
 * the inner sum over t2 is shared by every s1 (G(t1, s2)), so a pass takes about j^3 / 2
 * interval operations. */
#include "spec_internal/refine.h"
#include "spec_internal/spec_interval.h"
#include <lib_internal/fail.h>
#include <lib_internal/cuckoo_moment_cost.h>
#include <amq/cuckoo.h>
#include <amq/spec_cuckoo.h>
#include <math.h>
#include <mpfi.h>
#include <stdlib.h>

/* The cancellation of Cov at order j: about j (1 + log2(1/p)) bits, p the chance that an orbit
 * of two pairs is hit (double: an estimate). */
static double cancel_bits(uint64_t nb, uint64_t f, uint64_t n, uint64_t j)
{
    const double N = (double)nb * (ldexp(1.0, (int)f) - 1.0);
    const double p = -expm1((double)n * log1p(-2.0 / N));
    return (double)j * (1.0 + (p > 0 && p < 1 ? -log2(p) : 0.0)) + (p > 0 ? 0.0 : 1100.0);
}

static mpfr_prec_t first_prec(int bits, uint64_t j) { return (mpfr_prec_t)bits + 64 + 2 * (mpfr_prec_t)j; }

/* One pass at precision P: the 3j + 1 powers (a log1p and an exp each, about P^1.6 / 4 units
 * as in the Bloom form's cost) and the interval operations of G and Cov, each weighted by
 * the limbs of the precision. */
static double pass_units(uint64_t j, double P)
{
    const double J = (double)j + 1.0;
    return (3.0 * J - 2.0) * pow(P, 1.6) / 4.0 + (J * J * J * (0.5 + 1.0 / 6.0) + 2.0 * J * J) * (1.0 + P / 64.0);
}

static double estimate(uint64_t nb, uint64_t f, uint64_t n, uint64_t j, int bits)
{
    const double need = cancel_bits(nb, f, n, j) + bits + 64.0;
    double units = 0.0;
    for (double P = (double)first_prec(bits, j);; P *= 2.0) {
        units += pass_units(j, P);
        if (P >= need || P >= (double)AMQ_CERTIFIED_MAX_PREC)
            break;
    }
    /* the weights: j^3 / 2 products of integers of about j (log2 N + log2 j) bits, once */
    const double wbits = (double)j * ((double)f + log2((double)nb) + log2((double)j + 1.0));
    units += (double)j * (double)j * (double)j / 2.0 * (1.0 + wbits / 64.0);
    return units * AMQ_CUCKOO_MOMENT_NS_PER_UNIT + AMQ_CUCKOO_MOMENT_NS_PER_CALL;
}

static amq_status check_args(uint64_t nb, uint64_t b, uint64_t f, uint64_t j, int bits, const char *who)
{
    amq_status st = amq_cuckoo_check_geometry(nb, b, f);
    if (st)
        return st;
    if (j == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: moment j = 0 (E[pi^0] = 1 needs no routine; j >= 1)", who);
    if (bits < 1 || bits > 4096)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: bits = %d outside [1, 4096]", who, bits);
    if (j > AMQ_CUCKOO_MOMENT_MAX_J)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: moment j = %llu (limit %d)", who, ULL(j), AMQ_CUCKOO_MOMENT_MAX_J);
    return AMQ_OK;
}

double amq_cuckoo_fp_moment_work(uint64_t nb, uint64_t b, uint64_t f, uint64_t n, uint64_t j, int bits)
{
    if (check_args(nb, b, f, j, bits, "moment of the cuckoo rate") != AMQ_OK)
        return INFINITY;
    if (n == 0)
        return 0.0;
    const double ns = estimate(nb, f, n, j, bits);
    return ns > AMQ_CUCKOO_MOMENT_MAX_NS ? INFINITY : ns;
}

/* w[s1 * (j + 1) + s2] = sum_a C(j, a) 2^(j - a) S(a, s1) T^(s1) S(j - a, s2) D^(s2), exactly. */
static amq_status weights(mpz_t *w, uint64_t j, const mpz_t T, const mpz_t D)
{
    const uint64_t J = j + 1;
    mpz_t *S = malloc(J * J * sizeof *S), *fT = malloc(J * sizeof *fT), *fD = malloc(J * sizeof *fD), t, c;
    if (!S || !fT || !fD) {
        free(S), free(fT), free(fD);
        return AMQ_E_NOMEM;
    }
    mpz_inits(t, c, (mpz_ptr)0);
    for (uint64_t i = 0; i < J * J; i++)
        mpz_init(S[i]);
    mpz_set_ui(S[0], 1); /* S[r * J + s] = S(r, s) */
    for (uint64_t r = 1; r <= j; r++)
        for (uint64_t s = 1; s <= r; s++) {
            mpz_mul_ui(S[r * J + s], S[(r - 1) * J + s], (unsigned long)s);
            mpz_add(S[r * J + s], S[r * J + s], S[(r - 1) * J + s - 1]);
        }
    for (uint64_t s = 0; s <= j; s++) { /* falling factorials T^(s), D^(s) (0 past T, D) */
        mpz_init(fT[s]);
        mpz_init(fD[s]);
        if (s == 0) {
            mpz_set_ui(fT[0], 1);
            mpz_set_ui(fD[0], 1);
            continue;
        }
        mpz_sub_ui(t, T, (unsigned long)(s - 1));
        mpz_mul(fT[s], fT[s - 1], mpz_sgn(t) > 0 ? t : c); /* c = 0 */
        mpz_sub_ui(t, D, (unsigned long)(s - 1));
        mpz_mul(fD[s], fD[s - 1], mpz_sgn(t) > 0 ? t : c);
    }
    for (uint64_t s1 = 0; s1 <= j; s1++)
        for (uint64_t s2 = 0; s1 + s2 <= j; s2++) {
            mpz_ptr o = w[s1 * J + s2];
            mpz_set_ui(o, 0);
            for (uint64_t a = s1; a + s2 <= j; a++) {
                if (mpz_sgn(S[a * J + s1]) == 0 || mpz_sgn(S[(j - a) * J + s2]) == 0)
                    continue;
                mpz_bin_uiui(t, (unsigned long)j, (unsigned long)a);
                mpz_mul_2exp(t, t, (mp_bitcnt_t)(j - a));
                mpz_mul(t, t, S[a * J + s1]);
                mpz_addmul(o, t, S[(j - a) * J + s2]);
            }
            mpz_mul(o, o, fT[s1]);
            mpz_mul(o, o, fD[s2]);
        }
    for (uint64_t i = 0; i < J * J; i++)
        mpz_clear(S[i]);
    for (uint64_t s = 0; s <= j; s++) {
        mpz_clear(fT[s]);
        mpz_clear(fD[s]);
    }
    free(S), free(fT), free(fD);
    mpz_clears(t, c, (mpz_ptr)0);
    return AMQ_OK;
}

/* One pass at precision prec: sum of w(s1, s2) Cov(s1, s2), over N^j, into [a, b]. */
static amq_status one_pass(mpfr_t a, mpfr_t b, mpfr_prec_t prec, mpz_t *w, uint64_t j, const mpz_t N, uint64_t n)
{
    const uint64_t J = j + 1, U = 3 * j + 1;
    mpfi_t *q = malloc(U * sizeof *q), *G = malloc(J * J * sizeof *G), cov, term, sum;
    if (!q || !G) {
        free(q), free(G);
        return AMQ_E_NOMEM;
    }
    mpz_t e, C;
    mpz_inits(e, C, (mpz_ptr)0);
    z_set_u64(e, n);
    mpfi_init2(cov, prec);
    mpfi_init2(term, prec);
    mpfi_init2(sum, prec);
    for (uint64_t u = 0; u < U; u++) { /* q_u = (1 - u/N)^n = exp(n log1p(-u/N)); 0 at u = N */
        mpfi_init2(q[u], prec);
        if (u == 0 || mpz_cmp_ui(N, (unsigned long)u) <= 0) {
            mpfi_set_ui(q[u], u == 0);
            continue;
        }
        mpfi_set_ui(q[u], (unsigned long)u);
        mpfi_div_z(q[u], q[u], N);
        mpfi_neg(q[u], q[u]);
        mpfi_log1p(q[u], q[u]);
        mpfi_mul_z(q[u], q[u], e);
        mpfi_exp(q[u], q[u]);
    }
    for (uint64_t t1 = 0; t1 <= j; t1++) /* G(t1, s2) = sum_t2 (-1)^t2 C(s2, t2) q_{t1 + 2 t2} */
        for (uint64_t s2 = 0; t1 + s2 <= j; s2++) {
            mpfi_ptr g = G[t1 * J + s2];
            mpfi_init2(g, prec);
            mpfi_set_ui(g, 0);
            for (uint64_t t2 = 0; t2 <= s2; t2++) {
                mpz_bin_uiui(C, (unsigned long)s2, (unsigned long)t2);
                mpfi_mul_z(term, q[t1 + 2 * t2], C);
                if (t2 & 1)
                    mpfi_sub(g, g, term);
                else
                    mpfi_add(g, g, term);
            }
        }
    mpfi_set_ui(sum, 0);
    for (uint64_t s1 = 0; s1 <= j; s1++)
        for (uint64_t s2 = 0; s1 + s2 <= j; s2++) {
            if (mpz_sgn(w[s1 * J + s2]) == 0)
                continue;
            mpfi_set_ui(cov, 0);
            for (uint64_t t1 = 0; t1 <= s1; t1++) {
                mpz_bin_uiui(C, (unsigned long)s1, (unsigned long)t1);
                mpfi_mul_z(term, G[t1 * J + s2], C);
                if (t1 & 1)
                    mpfi_sub(cov, cov, term);
                else
                    mpfi_add(cov, cov, term);
            }
            mpfi_get_left(a, cov); /* a probability */
            mpfi_get_right(b, cov);
            if (mpfr_sgn(a) < 0)
                mpfr_set_zero(a, 1);
            if (mpfr_cmp_ui(b, 1) > 0)
                mpfr_set_ui(b, 1, MPFR_RNDU);
            if (mpfr_cmp(a, b) > 0)
                mpfr_set(a, b, MPFR_RNDD);
            mpfi_interv_fr(cov, a, b);
            mpfi_mul_z(cov, cov, w[s1 * J + s2]);
            mpfi_add(sum, sum, cov);
        }
    mpz_pow_ui(C, N, (unsigned long)j);
    mpfi_div_z(sum, sum, C);
    mpfi_get_left(a, sum);
    mpfi_get_right(b, sum);
    if (mpfr_sgn(a) < 0)
        mpfr_set_zero(a, 1);
    if (mpfr_cmp_ui(b, 1) > 0)
        mpfr_set_ui(b, 1, MPFR_RNDU);
    for (uint64_t u = 0; u < U; u++)
        mpfi_clear(q[u]);
    for (uint64_t t1 = 0; t1 <= j; t1++)
        for (uint64_t s2 = 0; t1 + s2 <= j; s2++)
            mpfi_clear(G[t1 * J + s2]);
    free(q), free(G);
    mpfi_clear(cov);
    mpfi_clear(term);
    mpfi_clear(sum);
    mpz_clears(e, C, (mpz_ptr)0);
    return AMQ_OK;
}

/* one_pass's arguments, for amq_refine_relative */
typedef struct cm_pass_ctx {
    mpz_t *w;
    uint64_t j;
    mpz_srcptr N;
    uint64_t n;
} cm_pass_ctx;

static amq_status refine_pass(mpfr_t a, mpfr_t b, mpfr_prec_t prec, void *ctx)
{
    const cm_pass_ctx *c = ctx;
    return one_pass(a, b, prec, c->w, c->j, c->N, c->n);
}

amq_status amq_cuckoo_fp_moment_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t nb, uint64_t b, uint64_t f,
                                        uint64_t n, uint64_t j)
{
    const char *who = "moment of the cuckoo rate";
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_cuckoo_fp_moment_enclose: NULL argument");
    amq_status st = check_args(nb, b, f, j, bits, who);
    if (st)
        return st;
    if (n == 0) { /* no key: nothing answers "maybe" */
        mpfr_set_zero(lo, 1);
        mpfr_set_zero(hi, 1);
        return AMQ_OK;
    }
    const double ns = estimate(nb, f, n, j, bits);
    if (ns > AMQ_CUCKOO_MOMENT_MAX_NS)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "%s: nb = %llu, f = %llu, n = %llu, j = %llu at 2^-%d would take about %.3g s of CPU "
                        "(limit %.0f s)",
                        who, ULL(nb), ULL(f), ULL(n), ULL(j), bits, ns * 1e-9, AMQ_CUCKOO_MOMENT_MAX_NS * 1e-9);
    const uint64_t J = j + 1;
    mpz_t N, T, D, *w = malloc(J * J * sizeof *w);
    if (!w)
        return amq_fail(AMQ_E_NOMEM, "%s: out of memory", who);
    mpz_inits(N, T, D, (mpz_ptr)0);
    z_set_u64(N, nb);
    mpz_mul_ui(N, N, (unsigned long)((UINT64_C(1) << f) - 1));
    z_set_u64(T, amq_cuckoo_fixed_pairs(nb, f));
    mpz_sub(D, N, T);
    mpz_fdiv_q_2exp(D, D, 1);
    for (uint64_t i = 0; i < J * J; i++)
        mpz_init(w[i]);
    st = weights(w, j, T, D) == AMQ_OK ? AMQ_OK : AMQ_E_NOMEM;
    if (st == AMQ_OK) {
        cm_pass_ctx c = {w, j, N, n};
        st = amq_refine_relative(lo, hi, bits, first_prec(bits, j), refine_pass, &c);
    }
    if (st == AMQ_E_NOMEM)
        amq_fail(st, "%s: out of memory", who);
    else if (st != AMQ_OK)
        amq_fail(st, "%s: no enclosure of relative width 2^-%d within %ld bits (nb = %llu, f = %llu, n = %llu, j = %llu)",
                 who, bits, (long)AMQ_CERTIFIED_MAX_PREC, ULL(nb), ULL(f), ULL(n), ULL(j));
    for (uint64_t i = 0; i < J * J; i++)
        mpz_clear(w[i]);
    free(w);
    mpz_clears(N, T, D, (mpz_ptr)0);
    return st;
}
