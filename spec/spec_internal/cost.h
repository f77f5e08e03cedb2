/* Private (not installed): the cost models of the rate computations, one function per model,
 * each called before the work it bounds.  Limits: amq/cost.h; models: docs/cost-limits.md. */
#ifndef AMQ_SPEC_INTERNAL_COST_H
#define AMQ_SPEC_INTERNAL_COST_H
#include <stdint.h>
#include <amq/cost.h>
#include <amq/error.h>
#include <mpfr.h>

/* Exact rationals: den_bits = bits of the largest big number formed, work = bits of all big
 * numbers formed (the caller's model, in its comment).  AMQ_E_TOO_LARGE with a message
 * "<who>: <what> would have about X bits (limit ...); <alternative>" beyond the limits of
 * amq/cost.h.  what: e.g. "the denominator m^(k(n+1)) (m = 1000, k = 3, n = 100000000)". */
amq_status amq_cost_exact(const char *who, const char *what, double den_bits, double work);

/* log2 of the odd part of x (x / 2^v, 2^v the largest power of two dividing it; 0 for x = 0):
 * GMP's gcd strips the common factors of 2 first, so a gcd's cost follows the odd part. */
double amq_cost_odd_log2(uint64_t x);

/* Inclusion-exclusion over K = min(k, m) positions, sum_j (-1)^j C(d,j) (1 - j/m)^e for
 * d <= K with e <= kn_max: the terms reach 2^K while the value is about p^K, p = 1 - (1 -
 * 1/m)^kn_max the probability that one bit is set, so about K (1 + log2(1/p)) bits cancel.
 * Returns that estimate (bits). */
double amq_cost_ie_cancel_bits(uint64_t m, uint64_t k, double kn_max);

/* One enclosure by that inclusion-exclusion at precision prec, `copies` times (loads,
 * window terms): (K+1)(K+2)/2 operations per copy at prec.  AMQ_E_TOO_LARGE beyond
 * AMQ_COST_ENCLOSE_MAX_WORK, the message naming m, k and the limit. */
amq_status amq_cost_ie_enclose(const char *who, uint64_t m, uint64_t k, double kn_max, double copies,
                               mpfr_prec_t prec);

/* The correctly rounded decimal of such a value (amq_certified_decimal raises prec until the
 * cancellation is covered): the same operations at precisions adding up to about
 * 2 (cancellation + 64 + 4 digits).  Called before the first enclosure. */
amq_status amq_cost_ie_decimal(const char *who, uint64_t m, uint64_t k, double kn_max, double copies, int digits);

/* The Bloom form of a k_q-index query at relative width 2^-bits
 * (amq_bloom_fp_query_enclose): J = min(k_q, m) terms per pass, an exp and a log1p each at
 * the pass's precision P, P from bits + 64 + J doubled until it covers the cancellation
 * amq_cost_ie_cancel_bits(m, k_q, k_ins n) (or reaches AMQ_CERTIFIED_MAX_PREC): J sum P^1.6
 * (MPFR's exp and log at P bits); plus its coefficients, made once: (J+1)(J+2)/2 limb
 * operations on numbers of k_q log2(m) bits, and J + 1 gcds, 0.08 Bo^1.5 each, Bo = k_q
 * log2(odd part of m).  About 1 ns of CPU per unit (0.2-1.3 ns measured; docs/cost-limits.md).
 * Compared with AMQ_COST_MOMENT_MAX_WORK. */
double amq_cost_bloom_query(uint64_t m, uint64_t k_ins, uint64_t k_q, uint64_t n, int bits);
/* Its coefficients alone (the part made once), with `reductions` gcds per coefficient: the
 * blocked Bloom expsum (spec/blocked_inner.c) makes the same numbers and reduces two. */
double amq_cost_bloom_coef(uint64_t m, uint64_t k_q, int reductions);

#endif
