/* Executable probability specification of the Bloom filter (Ceramist, CAV 2020).
 * m bits, k hash functions, n distinct keys already inserted; the query key is fresh.
 * Edge cases (all routines): k = 0 -> 1 (an empty index vector is always present);
 * n = 0, k >= 1 -> 0; m = 1, n >= 1, k >= 1 -> 1; m = 0 -> AMQ_E_INVALID_M.
 * (amq_bloom_bit_prob_exact is a different quantity: it is 0 whenever kn = 0.)
 * Arguments a routine cannot handle give AMQ_E_TOO_LARGE, never a wrong number;
 * amq_last_error() then names the limit. Limits: the AMQ_BLOOM_* constants below. */
#ifndef AMQ_SPEC_BLOOM_H
#define AMQ_SPEC_BLOOM_H
#include <stdint.h>
#include <amq/certified.h>

/* amq_bloom_fp_stirling: k*n <= this (the literal sum needs the Stirling row S(kn, .)). */
#define AMQ_BLOOM_STIRLING_MAX_KN 4096
/* amq_bloom_fp_exact: min(k, m) <= AMQ_BLOOM_EXACT_MAX_K; the denominator m^{k(n+1)} has at
 * most AMQ_BLOOM_EXACT_MAX_BITS bits (k(n+1) log2 m <= 2^32, i.e. 512 MiB); and the work
 * estimate (min(k,m)+1) kn log2 m + (min(k,m)+1)^2/2 k log2 m + k(n+1) log2 m (bits of big
 * numbers formed) is at most AMQ_BLOOM_EXACT_MAX_COST = 2^34 (about a minute here;
 * m = 2^20, k = 10, n = 1e5 costs about 2^27.7 and takes under a second). Also used by
 * amq_bloom_bit_prob_exact (kn log2 m <= 2^32). */
#define AMQ_BLOOM_EXACT_MAX_K 1000
#define AMQ_BLOOM_EXACT_MAX_BITS 4294967296.0
#define AMQ_BLOOM_EXACT_MAX_COST 17179869184.0
/* amq_bloom_fp_enclose: min(k, m) <= this (O(min(k,m)^2) interval operations; any
 * m, n < 2^64 and any k < 2^64 with min(k, m) within the limit, e.g. m <= 1000). */
#define AMQ_BLOOM_ENCLOSE_MAX_K 1000
/* amq_bloom_bound_half: k <= this (the bound 2^-k is returned as an exact rational). */
#define AMQ_BLOOM_BOUND_MAX_K (1UL << 24)

/* Parameters for the generic enclosure callback below. */
typedef struct amq_bloom_params { uint64_t m, k, n; } amq_bloom_params;

/* Ceramist Theorem 4, literally:
 * 1/m^{k(n+1)} * sum_{i=1..m} i^k i! C(m,i) S(kn, i). Reference form, slow.
 * Edge cases follow the header rules (k = 0 gives 1: the literal sum, which starts at
 * i = 1, would give 0 there). Sum stops at i = min(m, kn). Result reduced by
 * mpq_canonicalize. AMQ_E_TOO_LARGE when k*n > AMQ_BLOOM_STIRLING_MAX_KN. */
amq_status amq_bloom_fp_stirling(mpq_t rop, uint64_t m, uint64_t k, uint64_t n);
/* Same reduced rational by a fast method (inclusion-exclusion over distinct query positions):
 * FP = m^{-k(n+1)} sum_{j=0..min(k,m)} (-1)^j C(m,j) A_j (m-j)^{kn},
 * A_j = sum_{i=0..j} (-1)^i C(j,i) (m-i)^k  (= sum_d S(k,d) m^(d) C(d,j) / C(m,j)),
 * only min(k,m)+1 big powers. Limits: AMQ_BLOOM_EXACT_* above. */
amq_status amq_bloom_fp_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n);
/* Certified enclosure lo <= FP <= hi at precision prec, for any m, k, n < 2^64 the
 * routine accepts (see its documentation for the limits).
 * Method: for k <= 2m, FP = sum_d [S(k,d) m^(d)/m^k] P_d with exact Stirling numbers and
 * P_d = sum_j (-1)^j C(d,j) (1-j/m)^{kn}; for k > 2m (then m <= 1000),
 * FP = sum_j (-1)^j C(m,j) g_j (1-j/m)^{kn}, g_j = sum_i (-1)^i C(j,i) (1-i/m)^k.
 * Powers are exp(e log1p(-j/m)) with kn as an mpz (kn may exceed 2^64). All roundings are
 * directed; [lo, hi] is always a valid enclosure but the alternating sums cancel, so its
 * width may be far above 2^-prec (callers raise prec; see amq_bloom_fp_enclose_rel).
 * lo and hi may have any precision: results are rounded outward into them.
 * Errors: AMQ_E_INVALID_M (m = 0), AMQ_E_INVALID_ARG (prec out of range),
 * AMQ_E_TOO_LARGE (min(k, m) > AMQ_BLOOM_ENCLOSE_MAX_K). m = 1 gives 1 for any k, n >= 1.
 * Cost: O(min(k,m)^2) operations at the precision the cancellation demands, roughly
 * log2(1/FP) + min(k,m) extra bits: m = 2^40, k = 20, n = 2^34 to 53 bits takes ~0.3 ms;
 * m = 2^40, k = 1000, n = 2^20 (FP ~ 1.6e-3021) needs ~21760 bits and ~20 s. */
amq_status amq_bloom_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec,
                                uint64_t m, uint64_t k, uint64_t n);
/* amq_enclose_fn wrapper of amq_bloom_fp_enclose; params points to an amq_bloom_params. */
amq_status amq_bloom_fp_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params);
/* Enclosure with relative width (hi - lo) <= 2^-bits * lo (or lo == hi), raising the
 * precision from bits + 32 by doubling up to AMQ_CERTIFIED_MAX_PREC (AMQ_E_TOO_LARGE
 * beyond). lo and hi (initialised by the caller) are re-set to the final precision. */
amq_status amq_bloom_fp_enclose_rel(mpfr_t lo, mpfr_t hi, int bits, uint64_t m, uint64_t k, uint64_t n);
/* Correctly rounded decimal of the FP rate, `digits` significant digits (format and tie
 * rule: see amq/certified.h). Uses the exact rational for edge cases and cheap parameters,
 * otherwise amq_certified_decimal over amq_bloom_fp_enclose (falling back to the exact
 * rational if the enclosure cannot decide, e.g. on an exact tie). lo_out / hi_out (may be
 * NULL) receive an enclosure of the value, rounded outward into their precision. */
amq_status amq_bloom_fp_decimal(char **out, uint64_t m, uint64_t k, uint64_t n, int digits,
                                mpfr_t lo_out, mpfr_t hi_out);
/* Ceramist Lemma 2: probability a given bit is set, 1 - (1 - 1/m)^{kn}, exact.
 * 0 when kn = 0 (k = 0 or n = 0), 1 when m = 1 (kn >= 1); AMQ_E_TOO_LARGE when
 * kn log2 m > 2^32. Already reduced (no gcd needed). */
amq_status amq_bloom_bit_prob_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n);

/* APPROXIMATIONS (plain double, labelled as such): Bloom's classic
 * (1 - (1-1/m)^{kn})^k and the exponential (1 - e^{-kn/m})^k. */
double amq_bloom_fp_approx_classic(uint64_t m, uint64_t k, uint64_t n);
double amq_bloom_fp_approx_exp(uint64_t m, uint64_t k, uint64_t n);
/* (Both: NaN for m = 0; 1 for k = 0; 0 for n = 0; classic gives 1 for m = 1, the
 * exponential form stays an approximation there.) */

/* Certified relative error of an approximation (e.g. one of the two above):
 * rlo <= |approx - FP| / FP <= rhi, from an enclosure of FP of relative width <= 2^-64
 * (amq_bloom_fp_enclose_rel), rounded outward into rlo / rhi. When FP = 0 exactly
 * (n = 0, k >= 1): [0, 0] if approx == 0, else [+inf, +inf]. AMQ_E_INVALID_ARG for a
 * non-finite approx; enclosure errors pass through. */
amq_status amq_bloom_approx_relerr(mpfr_t rlo, mpfr_t rhi, double approx,
                                   uint64_t m, uint64_t k, uint64_t n);

/* Lecture bounds, exact rationals: naive one-hash filter with m = k*n bits has
 * FP <= 1/k; a k-hash filter with m >= 2kn has FP <= 2^-k. Return AMQ_E_INVALID_ARG
 * when the bound's hypothesis does not hold. */
/* bound_naive: AMQ_E_INVALID_ARG for k = 0. bound_half: AMQ_E_INVALID_M for m = 0,
 * AMQ_E_TOO_LARGE for k > AMQ_BLOOM_BOUND_MAX_K. */
amq_status amq_bloom_bound_naive(mpq_t rop, uint64_t k);
amq_status amq_bloom_bound_half(mpq_t rop, uint64_t m, uint64_t k, uint64_t n);

#endif
