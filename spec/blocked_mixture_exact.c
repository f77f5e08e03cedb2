/* The blocked mixture FP(b, n) = sum_i C(n,i) (1/b)^i (1-1/b)^{n-i} f(i) (Ceramist
 * Theorem 10) as an exact reduced rational: the literal sum over integer binomial weights,
 * and the closed form sum_j a_j ((b-1+c_j)/b)^n of an inner rate with an exponential-sum
 * form (amq/spec_blocked.h; derivations in docs/rates-blocked.md). */
#include "spec_internal/blocked.h"
#include "spec_internal/reduce.h"
#include "spec_internal/cost.h"
#include <stdio.h>
#include <math.h>

/* an/ad += tn/td (ad, td > 0; not reduced). */
static void acc_add(mpz_t an, mpz_t ad, const mpz_t tn, const mpz_t td, mpz_t t1, mpz_t t2)
{
    if (mpz_divisible_p(td, ad)) {
        mpz_divexact(t1, td, ad);
        mpz_mul(an, an, t1);
        mpz_add(an, an, tn);
        mpz_set(ad, td);
    } else if (mpz_divisible_p(ad, td)) {
        mpz_divexact(t1, ad, td);
        mpz_addmul(an, tn, t1);
    } else {
        mpz_gcd(t1, ad, td);
        mpz_divexact(t2, ad, t1); /* ad / g */
        mpz_divexact(t1, td, t1); /* td / g */
        mpz_mul(an, an, t1);
        mpz_addmul(an, tn, t2);
        mpz_mul(ad, ad, t1);
    }
}

amq_status amq_blocked_fp_exact_sum(mpq_t rop, const amq_inner_rate *f, uint64_t b, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_fp_exact_sum: NULL argument");
    amq_status st = blocked_check_inner(f, "exact blocked rate (binomial sum)");
    if (st || (st = blocked_check_b(b, "exact blocked rate (binomial sum)")))
        return st;
    if (n == 0 || b == 1) /* the whole mass sits on i = 0, resp. i = n */
        return f->exact(rop, b == 1 ? n : 0, f->params);
    double wbits = (double)n * log2((double)b);
    if (n > AMQ_BLOCKED_EXACT_MAX_N || (double)(n + 1) * wbits > AMQ_BLOCKED_EXACT_SUM_MAX_COST)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "exact blocked rate (binomial sum): n = %llu, b = %llu: the literal sum is limited to n <= %u and "
                        "(n+1) n log2(b) <= %.3g bits; use the closed form or the certified enclosure",
                        ULL(n), ULL(b), AMQ_BLOCKED_EXACT_MAX_N, AMQ_BLOCKED_EXACT_SUM_MAX_COST);
    mpq_t fi;
    mpq_init(fi);
    /* The n + 1 inner rates and their sum (issue 26, class 4): within the limits above the
     * inner rates were not counted, and Bloom blocks of 511 bits, k = 3, b = 3, n = 10300
     * took 8.3 s of CPU.  f(n), the largest term, is made first (within its own limits);
     * each of the n + 1 terms then forms numbers of up to its bits plus the weight's, and
     * the inner rate's work grows with its bits: (n + 1) (n log2 b + bits of f(n)), checked
     * against the shared exact model. */
    if ((st = f->exact(fi, n, f->params))) {
        mpq_clear(fi);
        return st;
    }
    const double fbits = (double)mpz_sizeinbase(mpq_denref(fi), 2) + (double)mpz_sizeinbase(mpq_numref(fi), 2);
    char what[160];
    snprintf(what, sizeof what, "the literal sum over n + 1 block loads (b = %llu, n = %llu, inner rate '%s')", ULL(b),
             ULL(n), f->name ? f->name : "?");
    if ((st = amq_cost_exact("exact blocked rate (binomial sum)", what, wbits + fbits,
                             ((double)n + 1.0) * (wbits + fbits)))) {
        mpq_clear(fi);
        return st;
    }
    mpz_t w, bm1, an, ad, tn, t1, t2;
    mpz_inits(w, bm1, an, ad, tn, t1, t2, (mpz_ptr)0);
    z_set_u64(bm1, b - 1);
    mpz_pow_ui(w, bm1, (unsigned long)n); /* w_0 = (b-1)^n */
    mpz_set_ui(ad, 1);
    for (uint64_t i = 0; i <= n; i++) {
        if ((st = f->exact(fi, i, f->params)))
            break;
        if (mpq_sgn(fi) != 0) {
            mpz_mul(tn, w, mpq_numref(fi));
            acc_add(an, ad, tn, mpq_denref(fi), t1, t2);
        }
        if (i < n) { /* w_{i+1} = w_i (n-i) / ((i+1)(b-1)) */
            mpz_mul_ui(w, w, (unsigned long)(n - i));
            mpz_mul_ui(t1, bm1, (unsigned long)(i + 1));
            mpz_divexact(w, w, t1);
        }
    }
    if (!st) {
        z_set_u64(t1, b);
        mpz_pow_ui(t1, t1, (unsigned long)n);
        mpz_mul(ad, ad, t1);
        mpz_set(mpq_numref(rop), an);
        mpz_set(mpq_denref(rop), ad);
        mpq_canonicalize(rop);
    }
    mpq_clear(fi);
    mpz_clears(w, bm1, an, ad, tn, t1, t2, (mpz_ptr)0);
    return st;
}

/* Closed form over one common denominator: with A = lcm of the den(a_j), V = lcm of the
 * den(c_j), (b-1+c_j)/b = ((b-1) den(c_j) + num(c_j)) (V/den(c_j)) / (b V), so
 *     FP = [ sum_j num(a_j) (A/den(a_j)) (((b-1) dc_j + nc_j) V/dc_j)^n ] / (A (b V)^n),
 * one big power per term and no gcd until the end (every prime of the denominator divides
 * A b V). */
amq_status amq_blocked_fp_exact_pgf(mpq_t rop, const amq_inner_rate *f, uint64_t b, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_fp_exact_pgf: NULL argument");
    amq_status st = blocked_check_inner(f, "exact blocked rate (exponential-sum form)");
    if (st || (st = blocked_check_b(b, "exact blocked rate (exponential-sum form)")))
        return st;
    if (!f->expsum)
        return amq_fail(AMQ_E_INVALID_ARG, "exact blocked rate (exponential-sum form): inner rate '%s' has no exponential-sum form",
                        f->name ? f->name : "?");
    amq_expsum e = {0, NULL, NULL};
    if ((st = f->expsum(&e, f->params)))
        return st;
    mpz_t A, V, bz, base, N, D, t, P;
    mpz_inits(A, V, bz, base, N, D, t, P, (mpz_ptr)0);
    mpz_set_ui(A, 1);
    mpz_set_ui(V, 1);
    for (size_t j = 0; j < e.count; j++) {
        mpz_lcm(A, A, mpq_denref(e.a[j]));
        mpz_lcm(V, V, mpq_denref(e.c[j]));
    }
    z_set_u64(bz, b);
    mpz_mul(P, bz, V); /* b V */
    /* count + 1 powers of pbits each (issue 26: on the shared exact model, whose bits per
     * number are 2^26, not this form's old 2^28: 158 MB at b = 2, k = 1, n = 24403223; the
     * work, 2^30, was already this sum, and its largest accepted took 2.9 s of CPU) */
    double pbits = (double)n * (double)mpz_sizeinbase(P, 2);
    double total = pbits * (double)(e.count + 1);
    char what[160];
    snprintf(what, sizeof what, "the powers ((b-1+c)/b)^n (b = %llu, n = %llu, %zu of them)", ULL(b), ULL(n),
             e.count + 1);
    if ((st = amq_cost_exact("exact blocked rate (exponential-sum form)", what, pbits, total)))
        goto done;
    if (n > ULONG_MAX) {
        st = amq_fail(AMQ_E_TOO_LARGE, "exact blocked rate (exponential-sum form): n = %llu does not fit unsigned long",
                      ULL(n));
        goto done;
    }
    for (size_t j = 0; j < e.count; j++) {
        if (mpq_sgn(e.a[j]) == 0)
            continue;
        /* base = ((b-1) dc + nc) (V / dc) */
        mpz_sub_ui(t, bz, 1);
        mpz_mul(base, t, mpq_denref(e.c[j]));
        mpz_add(base, base, mpq_numref(e.c[j]));
        mpz_divexact(t, V, mpq_denref(e.c[j]));
        mpz_mul(base, base, t);
        mpz_pow_ui(base, base, (unsigned long)n);
        mpz_divexact(t, A, mpq_denref(e.a[j]));
        mpz_mul(t, t, mpq_numref(e.a[j]));
        mpz_addmul(N, base, t);
    }
    mpz_pow_ui(D, P, (unsigned long)n);
    mpz_mul(D, D, A);
    mpz_mul(P, P, A); /* every prime of D divides A b V */
    amq_spec_reduce_by_small(rop, N, D, P);
done:
    mpz_clears(A, V, bz, base, N, D, t, P, (mpz_ptr)0);
    amq_expsum_clear(&e);
    return st;
}

amq_status amq_blocked_fp_exact(mpq_t rop, const amq_inner_rate *f, uint64_t b, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_fp_exact: NULL argument");
    amq_status st = blocked_check_inner(f, "exact blocked rate");
    if (st)
        return st;
    if (f->expsum && b > 1 && n > 0)
        return amq_blocked_fp_exact_pgf(rop, f, b, n);
    return amq_blocked_fp_exact_sum(rop, f, b, n);
}
