/* Cost limits of the rate computations, shared by every structure and every command (rate,
 * info, build's sizing, check's model): each computation estimates its cost from its
 * parameters BEFORE it starts and fails with AMQ_E_TOO_LARGE, naming the limit and the
 * alternative, when the estimate is beyond these.  The models: docs/cost-limits.md. */
#ifndef AMQ_COST_H
#define AMQ_COST_H

/* Exact rationals: the largest big number formed (the unreduced denominator) has at most
 * this many bits: 2^26 bits = 8 MiB per number, about 64 MiB of memory at the peak (the
 * numerator, the denominator, a power and GMP's multiplication scratch) and about a second
 * per power on a loaded 2-core machine. */
#define AMQ_COST_EXACT_MAX_BITS 67108864.0
/* Exact rationals: the bits of all big numbers formed (the work) at most 2^30, about 16
 * powers of the largest size. */
#define AMQ_COST_EXACT_MAX_WORK 1073741824.0
/* Certified enclosures by inclusion-exclusion (Bloom, counting, sliding window and the
 * blocked Bloom mixture): arithmetic operations times their working precision at most
 * 2^31, about 2 s of CPU (0.5-0.9 ns per operation-bit measured; it was 2^33, and accepted
 * calls took 5-9 s: issue 26, "no call runs longer than a few seconds"). */
#define AMQ_COST_ENCLOSE_MAX_WORK 2147483648.0 /* 2^31 */
/* The Bloom form of a k_q-index query (amq/spec_moments.h: the moments E[pi^j] of the Bloom,
 * counting, quotient and partitioned rates and the blocked models' block moments): J =
 * min(k_q, m) terms per working precision P, each an exp and a log1p at P bits, with P
 * doubled until the cancellation is covered, J sum P^1.6; and its coefficients, made once
 * (J + 1 numbers of k_q log2(m) bits, a difference table and a gcd each).  At most 2^31
 * units: 0.6-1.3 ns per unit measured (2 cores at load 3-9), so at most about 2-3 s.  It was
 * 2^33 without the coefficients, and accepted calls took up to 12 s (m = 2^63 - 1, k_q =
 * 2048: 1.8e9 units, 11 s of it in the coefficients' gcds; issue 26). */
#define AMQ_COST_MOMENT_MAX_WORK 2147483648.0 /* 2^31 */
/* Its coefficient table, J + 1 numbers of k_q log2(m) bits, at most 2^28 bits (32 MiB; about
 * 128 MiB at the peak with the differences and the reduced fractions). */
#define AMQ_COST_MOMENT_MAX_TABLE_BITS 268435456.0 /* 2^28 */

#endif
