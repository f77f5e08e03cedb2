/* Private (not installed): an exact rate N / m^E put in lowest terms without a gcd of the two
 * big numbers (the exact Bloom and sliding-window rates). */
#ifndef AMQ_SPEC_INTERNAL_REDUCE_H
#define AMQ_SPEC_INTERNAL_REDUCE_H
#include <stdint.h>
#include <gmp.h>

/* rop = N / m^E reduced, N >= 0, m >= 2, E >= 1 (E small enough to hold m^E).  Only the
 * primes of m can be common to N and m^E, so they are divided out through gcds with the
 * 64-bit m: mpq_canonicalize's gcd of N with m^E follows the odd part of m^E and was most of
 * an exact rate's time (issue 26: 15 s of CPU for a sliding window at m = 2^20 - 1 and 6.6e7
 * bits, 0.2 s at m = 2^20). */
void amq_spec_reduce_by_power(mpq_t rop, mpz_t N, uint64_t m, unsigned long E);

/* rop = N / D reduced, D > 0, when every prime factor of D divides P (small next to D: the
 * gcds run at P's size, not D's, far cheaper than mpq_canonicalize's gcd of the two big
 * numbers).  Destroys N and D. */
void amq_spec_reduce_by_small(mpq_t rop, mpz_t N, mpz_t D, const mpz_t P);

#endif
