/* Private to spec/omissions_p0*.c (not installed): log P0 = sum_i log(1 - f_i) enclosed
 * on blocks [a, b) of i. On a block, with h = b - a and an exact slope mu,
 *     log(1 - f_{a+t}) = log(1 - f_a) + mu t + log(1 - u_t),
 *     u_t = 1 - (1 - f_{a+t}) e^{-mu t} / (1 - f_a) = 1 + sum_j C_j e^{(lam_j - mu) t},
 *     C_j = c_j z_j^a / (1 - f_a),
 * and log(1 - u) = -sum_{p<=P} u^p/p - R. Mode 0 takes mu = 0, mode 1 the secant slope.
 * The method and its bounds: docs/rates-omissions.md. */
#ifndef AMQ_SPEC_INTERNAL_OMISSIONS_P0_H
#define AMQ_SPEC_INTERNAL_OMISSIONS_P0_H
#include "omissions.h"

#define P0_MAX_ORDER 60                     /* largest series order P on one block */
#define P0_BLOCK_LEAVES (UINT64_C(1) << 18) /* most multiset terms on one block    */

/* Bounds of a block [a, b), h = b - a >= 2, at the precision of the expo. */
typedef struct amq_omissions_p0_bounds {
    ivl oa, oe; /* 1 - f_a, 1 - f_{b-1}                            */
    ivl *C;     /* |C_j| = |c_j| z_j^a / (1 - f_a)                 */
    mpfr_t U0;  /* mode 0: 0 <= u_t <= U0                          */
    mpfr_t U1;  /* mode 1: |u_t| <= U1                             */
    mpfr_t mu;  /* mode 1: the exact slope                         */
    int ok;     /* 0: 1 - f not resolved at this precision         */
} amq_omissions_p0_bounds;

/* Computes B (release with amq_omissions_p0_bounds_clear, also when B->ok = 0);
 * AMQ_E_NOMEM only. */
amq_status amq_omissions_p0_bounds_compute(amq_omissions_p0_bounds *B, const amq_omissions_expo *e, uint64_t a,
                                      uint64_t b);
void amq_omissions_p0_bounds_clear(amq_omissions_p0_bounds *B, size_t J);
/* The cheaper mode and its order for the target 2^log2_tau of the truncation part, and
 * the number of multiset terms that costs (*mode = -1, *cost = UINT64_MAX: neither
 * expansion converges). */
void amq_omissions_p0_bounds_plan(const amq_omissions_p0_bounds *B, size_t J, uint64_t h, double log2_tau,
                             int *mode, int *P, uint64_t *cost);
/* Estimated cost of the two halves of [a, b), each with half the target. */
uint64_t amq_omissions_p0_split_cost(const amq_omissions_expo *e, uint64_t a, uint64_t b, double log2_tau);
/* C(J+P, P) - 1 = number of multisets of size 1..P of J terms (saturating). */
uint64_t amq_omissions_p0_leaf_count(size_t J, int P);

/* Result of one block. */
typedef struct amq_omissions_p0_result {
    int need_split;      /* neither expansion converges here: halve the block */
    mpfr_prec_t want_wp; /* > 0: redo at this precision (nothing computed)    */
    int P;               /* order used (0: monotone bounds only)               */
    int mode;            /* 0: around f_a; 1: around the secant slope; 2: sum  */
    uint64_t leaves;     /* multiset terms evaluated                           */
    double log2_trunc;   /* log2 of the truncation bound (-inf when none)     */
} amq_omissions_p0_result;

/* Enclose sum_{i=a}^{b-1} log(1 - f_i) into L (1 <= a < b) at precision wp. log2_tau:
 * target for the truncation part; Pforce > 0 forces the order and mode_force >= 0 the
 * mode (after a failed attempt); leaf_room: multiset terms left in the budget. The
 * result is intersected with the monotone bounds [h log(1 - f_{b-1}), h log(1 - f_a)]. */
amq_status amq_omissions_p0_block_eval(ivl *L, amq_omissions_p0_result *res, amq_omissions_expo *e, uint64_t a,
                                  uint64_t b, double log2_tau, int Pforce, int mode_force,
                                  uint64_t leaf_room, mpfr_prec_t wp);

#endif
