/* Private to the spec/omissions_*.c files (not installed): parameter checks, edge cases
 * and the exponential-sum form of the rate, f_i = 1 + sum_j c_j z_j^i, shared by the
 * expected omissions E and the probability of no omission P0. The method is described
 * in docs/rates-omissions.md. */
#ifndef AMQ_SPEC_INTERNAL_OMISSIONS_H
#define AMQ_SPEC_INTERNAL_OMISSIONS_H
#include <stddef.h>
#include <stdint.h>
#include <amq/spec_omissions.h>
#include "spec_interval.h"

/* AMQ_OK, or the error for NULL parameters, m = 0, an unknown model or s < 1 (the
 * message starts with `who`). */
amq_status amq_omissions_check_params(const amq_omissions_params *p, const char *who);
/* The same, then AMQ_E_INVALID_ARG unless 1 <= bits <= AMQ_OMISSIONS_MAX_BITS. */
amq_status amq_omissions_check_params_bits(const amq_omissions_params *p, int bits, const char *who);
/* Edge cases of E and P0 (n = 0 or 1, k = 0, m = 1, s = 1): returns 1 and sets the
 * exact values *E and *P0 (0 or 1) when decided without computation, else 0. */
int amq_omissions_edge(const amq_omissions_params *p, uint64_t *E, int *P0);

/* f_i = 1 + sum_{j < J} sg_j |c_j| z_j^i for i >= 1, lambda_j = log z_j < 0. */
typedef struct amq_omissions_expo {
    size_t J;
    int *sg;          /* sign of c_j: (-1)^j                                     */
    mpz_t *num;       /* |c_j| = num_j / den, exactly                            */
    mpz_t den;
    double log2_csum; /* log2 sum_j |c_j| (double estimate, for precision choices) */
    uint64_t m, k;
    amq_omissions_model model;
    mpz_srcptr s;
    mpfr_prec_t wp;   /* precision of c and lam below (0: not set)               */
    ivl *c;           /* |c_j|                                                    */
    ivl *lam;         /* lambda_j                                                 */
} amq_omissions_expo;

/* Exact coefficients of p's rate. Call only when no edge case applies (k >= 1, m >= 2,
 * s absent or >= 2). AMQ_E_TOO_LARGE beyond AMQ_OMISSIONS_MAX_TERMS / AMQ_OMISSIONS_MAX_COEF_BITS. */
amq_status amq_omissions_expo_build(amq_omissions_expo *e, const amq_omissions_params *p, const char *who);
void amq_omissions_expo_free(amq_omissions_expo *e);
/* Intervals of |c_j| and lambda_j at precision wp (nothing to do if already there). */
void amq_omissions_expo_set_prec(amq_omissions_expo *e, mpfr_prec_t wp);
/* out = 1 - f_i = -sum_j c_j z_j^i (i >= 1), summed directly: no cancellation against
 * the constant 1, so it keeps its relative accuracy when f_i is close to 1. */
void amq_omissions_expo_one_minus(ivl *out, const amq_omissions_expo *e, uint64_t i);
/* out = sum_{t=0}^{h-1} e^{L t} for an interval L and an exact h >= 1 (hf). t1, t2 are
 * scratch numbers at the working precision. */
void amq_omissions_geo_sum(ivl *out, const ivl *L, const mpfr_t hf, mpfr_t t1, mpfr_t t2);

#endif
