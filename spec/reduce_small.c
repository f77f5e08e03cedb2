/* A fraction N / D put in lowest terms through gcds with a small P that every prime of D
 * divides (spec_internal/reduce.h): the exact blocked mixtures and omission rates. */
#include "spec_internal/reduce.h"

/* spec_internal/reduce.h.  Each pass takes h = gcd(N, P, D) and divides the largest common
 * power of h out of N and D; when h = 1, a common prime q would divide D, hence P, hence h:
 * N and D are coprime. */
void amq_spec_reduce_by_small(mpq_t rop, mpz_t N, mpz_t D, const mpz_t P)
{
    if (mpz_sgn(N) == 0) {
        mpq_set_ui(rop, 0, 1);
        return;
    }
    mpz_t h, r, n1, d1;
    mpz_inits(h, r, n1, d1, (mpz_ptr)0);
    mp_bitcnt_t v = mpz_scan1(N, 0), w = mpz_scan1(D, 0); /* the prime 2 by shifts */
    v = v < w ? v : w;
    mpz_tdiv_q_2exp(N, N, v);
    mpz_tdiv_q_2exp(D, D, v);
    for (;;) {
        mpz_tdiv_r(r, N, P); /* gcd(N, P) = gcd(N mod P, P) */
        mpz_gcd(h, r, P);
        if (mpz_cmp_ui(h, 1) == 0)
            break;
        mpz_tdiv_r(r, D, h);
        mpz_gcd(h, r, h);
        if (mpz_cmp_ui(h, 1) == 0)
            break;
        unsigned long c1 = (unsigned long)mpz_remove(n1, N, h), c2 = (unsigned long)mpz_remove(d1, D, h);
        unsigned long c = c1 < c2 ? c1 : c2;
        /* N = n1 h^c1, D = d1 h^c2: divide both by h^c */
        mpz_pow_ui(r, h, c1 - c);
        mpz_mul(N, n1, r);
        mpz_pow_ui(r, h, c2 - c);
        mpz_mul(D, d1, r);
    }
    mpz_swap(mpq_numref(rop), N); /* coprime and D > 0: canonical without a gcd */
    mpz_swap(mpq_denref(rop), D);
    mpz_clears(h, r, n1, d1, (mpz_ptr)0);
}
