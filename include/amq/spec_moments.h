/* Second moments of the false-positive rate, for checks that make many queries against
 * one filter (amq/check_impl.h, docs/checker.md).
 *
 * A filter's state decides the chance pi that a fresh key tests positive; its mean over the
 * hashing is the FP rate p.  Two fresh keys are both positive with probability E[pi^2],
 * so a filter queried with Q fresh keys has positives X with E[X] = Q p and
 * Var[X] = Q p + Q(Q-1) E[pi^2] - Q^2 p^2.  For the Bloom filter (uniform independent
 * indices), E[pi^2] is the Bloom rate with the 2k indices of both keys as one query: the
 * probability that k_q independent uniform query positions are all set after n keys of
 * k_ins positions each,
 *   FP(m, k_ins, k_q, n) = m^{-k_q} sum_{d} S(k_q, d) m^(d) P(d given positions all set)
 *                        = sum_{j=0..min(k_q,m)} (-1)^j C(m,j) (A_j / m^{k_q}) (1 - j/m)^{k_ins n},
 *   A_j = sum_{i=0..j} (-1)^i C(j,i) (m-i)^{k_q},
 * which for k_q = k_ins = k is Ceramist's Theorem 4 (amq/spec_bloom.h), and for k_q = 2k is
 * E[pi^2].  Edge cases: k_q = 0 -> 1; n = 0 or k_ins = 0 (k_q >= 1) -> 0; m = 1 -> 1;
 * m = 0 -> AMQ_E_INVALID_M.  The derivation is in docs/checker.md; tests/test_spec_moments.c
 * checks it against exhaustive enumeration of the real Bloom kernel. */
#ifndef AMQ_SPEC_MOMENTS_H
#define AMQ_SPEC_MOMENTS_H
#include <stdint.h>
#include <amq/certified.h>

/* Limits: min(k_q, m) <= this (both routines). */
#define AMQ_MOMENTS_MAX_KQ 2048
/* amq_bloom_fp_query_exact: the denominator m^{k_q + k_ins n} has at most this many bits. */
#define AMQ_MOMENTS_EXACT_MAX_BITS 268435456.0

/* FP(m, k_ins, k_q, n) as a reduced rational.  AMQ_E_TOO_LARGE beyond the limits. */
AMQ_API amq_status amq_bloom_fp_query_exact(mpq_t rop, uint64_t m, uint64_t k_ins, uint64_t k_q, uint64_t n);
/* Certified enclosure lo <= FP(m, k_ins, k_q, n) <= hi, by interval arithmetic (MPFI),
 * with relative width at most 2^-bits (the working precision is raised until it is, up to
 * AMQ_CERTIFIED_MAX_PREC; AMQ_E_TOO_LARGE beyond).  Any m, n, k_ins < 2^64 with
 * min(k_q, m) <= AMQ_MOMENTS_MAX_KQ whose estimated work is within AMQ_COST_MOMENT_MAX_WORK
 * and whose coefficient table is within AMQ_COST_MOMENT_MAX_TABLE_BITS (amq/cost.h: refused
 * at once beyond, before any big-number work).  Rounded outward into lo
 * and hi. */
AMQ_API amq_status amq_bloom_fp_query_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t m, uint64_t k_ins,
                                              uint64_t k_q, uint64_t n);
/* E[pi^2] of a Bloom filter of m bits, k hashes, n keys: FP(m, k, 2k, n). */
AMQ_API amq_status amq_bloom_fp_pair_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n);
AMQ_API amq_status amq_bloom_fp_pair_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t m, uint64_t k, uint64_t n);

#endif
