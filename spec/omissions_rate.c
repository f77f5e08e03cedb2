/* The rate f_i of an omission parameter set (amq/spec_omissions.h): D&M's Bloom formula
 * (a paper approximation, evaluated exactly all the same), the exact Bloom rate, and their
 * combination with fingerprinting, 1 - (1 - f^FP)(1 - f^BF). */
#include <lib_internal/fail.h>
#include "spec_internal/omissions.h"
#include <amq/spec_bloom.h>
#include "spec_internal/cost.h"
#include "spec_internal/reduce.h"
#include <math.h>
#include <stdio.h>

amq_status amq_bloom_fp_paper_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t i)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_fp_paper_exact: NULL argument");
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "exact Bloom rate (the paper's form): m = 0");
    if (k == 0 || i == 0 || m == 1) {
        mpq_set_ui(rop, (k == 0 || m == 1) && (k == 0 || i > 0) ? 1 : 0, 1);
        return AMQ_OK;
    }
    double bits = (double)k * (double)k * (double)i * log2((double)m);
    if (bits > AMQ_OMISSIONS_EXACT_MAX_BITS)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "exact Bloom rate (the paper's form): the denominator m^(i k^2) would have about %.3g bits "
                        "(limit 2^26); use amq_bloom_fp_paper_enclose",
                        bits);
    unsigned long ik = (unsigned long)(i * k);
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    z_set_u64(a, m);
    mpz_sub_ui(b, a, 1);
    mpz_pow_ui(a, a, ik);
    mpz_pow_ui(b, b, ik);
    mpz_sub(b, a, b); /* m^{ik} - (m-1)^{ik}, coprime to m */
    mpz_pow_ui(mpq_numref(rop), b, (unsigned long)k);
    mpz_pow_ui(mpq_denref(rop), a, (unsigned long)k);
    mpz_clears(a, b, NULL);
    return AMQ_OK;
}

amq_status amq_bloom_fp_paper_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k,
                                      uint64_t i)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_bloom_fp_paper_enclose: NULL argument");
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "Bloom rate enclosure (the paper's form): m = 0");
    if (prec < MPFR_PREC_MIN || prec > (mpfr_prec_t)1 << 20)
        return amq_fail(AMQ_E_INVALID_ARG, "Bloom rate enclosure (the paper's form): precision %ld out of range", (long)prec);
    if (k == 0 || i == 0 || m == 1) {
        int v = (k == 0 || m == 1) && (k == 0 || i > 0);
        mpfr_set_ui(lo, (unsigned long)v, MPFR_RNDD);
        mpfr_set_ui(hi, (unsigned long)v, MPFR_RNDU);
        return AMQ_OK;
    }
    mpfr_prec_t wp = prec + 32;
    ivl l, v;
    ivl_init(&l, wp);
    ivl_init(&v, wp);
    ivl_log1m_frac(&l, 1, m, 8); /* log(1 - 1/m) */
    ivl_mul_u64(&l, &l, i);
    ivl_mul_u64(&l, &l, k); /* x = ik log(1-1/m) < 0 */
    /* v = 1 - e^x = -expm1(x) decreases in x; f = v^k increases in v. */
    mpfr_expm1(v.lo, l.hi, MPFR_RNDU);
    mpfr_neg(v.lo, v.lo, MPFR_RNDN);
    mpfr_expm1(v.hi, l.lo, MPFR_RNDD);
    mpfr_neg(v.hi, v.hi, MPFR_RNDN);
    ivl_clamp01(&v);
    mpfr_log(v.lo, v.lo, MPFR_RNDD);
    mpfr_log(v.hi, v.hi, MPFR_RNDU);
    ivl_mul_u64(&v, &v, k);
    mpfr_exp(v.lo, v.lo, MPFR_RNDD);
    mpfr_exp(v.hi, v.hi, MPFR_RNDU);
    ivl_clamp01(&v);
    fr_put_outward(lo, hi, v.lo, v.hi);
    ivl_clear(&l);
    ivl_clear(&v);
    return AMQ_OK;
}

/* Rate edge cases: 1 and sets *v (0 or 1) when f_i is decided without computation. */
static int rate_edge(const amq_omissions_params *p, uint64_t i, int *v)
{
    if (p->k == 0) { *v = 1; return 1; }
    if (i == 0) { *v = 0; return 1; }
    if (p->m == 1 || (p->s && mpz_cmp_ui(p->s, 1) == 0)) { *v = 1; return 1; }
    return 0;
}

/* The combination's own work (issue 26, class 4): with mpq arithmetic it ran gcds of the two
 * big denominators, 31 s of CPU for m = 1000001, k = 1, i = 3300000, s = 2^19 (each rate
 * 0.5 s).  Now three products and amq_spec_reduce_by_small's gcds at the size of m s: the
 * products 4 bits of work per bit formed, the gcds 80 per bit of the odd part of m s (as the
 * cuckoo rate's gcd, docs/cost-limits.md), a few passes.  The two rates bound themselves. */
static amq_status combine_cost(const amq_omissions_params *p, uint64_t i)
{
    const double L = log2((double)p->m), Ls = (double)mpz_sizeinbase(p->s, 2);
    const double da = p->model == AMQ_OMISSIONS_EXACT ? (double)p->k * ((double)i + 1.0) * L
                                                   : (double)p->k * (double)p->k * (double)i * L;
    const double db = (double)i * Ls, odd = amq_cost_odd_log2(p->m) + Ls - (double)mpz_scan1(p->s, 0);
    char what[200];
    snprintf(what, sizeof what, "the rate with a fingerprint (m = %llu, k = %llu, i = %llu, s of %.0f bits)",
             ULL(p->m), ULL(p->k), ULL(i), Ls);
    return amq_cost_exact("exact omission rate", what, da + db, 4.0 * 3.0 * (da + db) + 4.0 * 80.0 * odd);
}

/* rop = 1 - (1 - a)(1 - b) for reduced a = Na/Da, b = Nb/Db, whose denominators' primes
 * divide m (the Bloom rates, exact or the paper's) and s (the fingerprint's s^i):
 * N / (Da Db) with N = Na Db + Nb Da - Na Nb, reduced by the primes of m s. */
static void combine(mpq_t rop, const mpq_t a, const mpq_t b, const amq_omissions_params *p)
{
    mpz_t N, D, t, P;
    mpz_inits(N, D, t, P, (mpz_ptr)0);
    mpz_mul(N, mpq_numref(a), mpq_denref(b));
    mpz_mul(t, mpq_numref(b), mpq_denref(a));
    mpz_add(N, N, t);
    mpz_mul(t, mpq_numref(a), mpq_numref(b));
    mpz_sub(N, N, t);
    mpz_mul(D, mpq_denref(a), mpq_denref(b));
    z_set_u64(P, p->m);
    mpz_mul(P, P, p->s);
    amq_spec_reduce_by_small(rop, N, D, P);
    mpz_clears(N, D, t, P, (mpz_ptr)0);
}

amq_status amq_omissions_rate_exact(mpq_t rop, const amq_omissions_params *p, uint64_t i)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_rate_exact: NULL argument");
    amq_status st = amq_omissions_check_params(p, "exact omission rate");
    if (st)
        return st;
    int v;
    if (rate_edge(p, i, &v)) {
        mpq_set_ui(rop, (unsigned long)v, 1);
        return AMQ_OK;
    }
    if (p->s && (st = combine_cost(p, i)))
        return st;
    mpq_t a, b;
    mpq_inits(a, b, NULL);
    st = p->model == AMQ_OMISSIONS_EXACT ? amq_bloom_fp_exact(a, p->m, p->k, i)
                                    : amq_bloom_fp_paper_exact(a, p->m, p->k, i);
    if (!st && p->s)
        st = amq_fingerprint_fp_exact(b, p->s, i);
    if (!st && p->s)
        combine(rop, a, b, p);
    else if (!st)
        mpq_set(rop, a);
    mpq_clears(a, b, NULL);
    return st;
}

amq_status amq_omissions_rate_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_omissions_params *p,
                                 uint64_t i)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_rate_enclose: NULL argument");
    amq_status st = amq_omissions_check_params(p, "omission rate enclosure");
    if (st)
        return st;
    if (prec < MPFR_PREC_MIN || prec > (mpfr_prec_t)1 << 20)
        return amq_fail(AMQ_E_INVALID_ARG, "omission rate enclosure: precision %ld out of range", (long)prec);
    int v;
    if (rate_edge(p, i, &v)) {
        mpfr_set_ui(lo, (unsigned long)v, MPFR_RNDD);
        mpfr_set_ui(hi, (unsigned long)v, MPFR_RNDU);
        return AMQ_OK;
    }
    mpfr_prec_t wp = prec + 16;
    ivl a, b;
    ivl_init(&a, wp);
    ivl_init(&b, wp);
    st = p->model == AMQ_OMISSIONS_EXACT ? amq_bloom_fp_enclose(a.lo, a.hi, wp, p->m, p->k, i)
                                    : amq_bloom_fp_paper_enclose(a.lo, a.hi, wp, p->m, p->k, i);
    if (!st && p->s) {
        st = amq_fingerprint_fp_enclose(b.lo, b.hi, wp, p->s, i);
        if (!st) { /* 1 - (1-a)(1-b), increasing in a and in b */
            mpfr_ui_sub(a.lo, 1, a.lo, MPFR_RNDU); /* upper bound of 1 - a */
            mpfr_ui_sub(a.hi, 1, a.hi, MPFR_RNDD);
            mpfr_ui_sub(b.lo, 1, b.lo, MPFR_RNDU);
            mpfr_ui_sub(b.hi, 1, b.hi, MPFR_RNDD);
            mpfr_mul(a.lo, a.lo, b.lo, MPFR_RNDU);
            mpfr_mul(a.hi, a.hi, b.hi, MPFR_RNDD);
            mpfr_ui_sub(a.lo, 1, a.lo, MPFR_RNDD);
            mpfr_ui_sub(a.hi, 1, a.hi, MPFR_RNDU);
        }
    }
    if (!st) {
        ivl_clamp01(&a);
        fr_put_outward(lo, hi, a.lo, a.hi);
    }
    ivl_clear(&a);
    ivl_clear(&b);
    return st;
}
