/* Executable probability specification of the Bloom filter (Ceramist, CAV 2020).
 * m bits, k hash functions, n distinct keys already inserted; the query key is fresh.
 * Edge cases (all routines): k = 0 -> 1 (an empty index vector is always present);
 * n = 0, k >= 1 -> 0; m = 1, n >= 1, k >= 1 -> 1; m = 0 -> AMQ_E_INVALID_M.
 * (amq_bloom_bit_prob_exact is a different quantity: it is 0 whenever kn = 0.)
 * Arguments a routine cannot handle give AMQ_E_TOO_LARGE, never a wrong number;
 * amq_last_error() then names the limit. Limits: the AMQ_BLOOM_* constants below.
 * Formulas, methods, costs: docs/rates-bloom.md. */
#ifndef AMQ_SPEC_BLOOM_H
#define AMQ_SPEC_BLOOM_H
#include <stdint.h>
#include <amq/certified.h>
#include <amq/cost.h>

/* amq_bloom_fp_stirling: k*n <= this (the literal sum needs the Stirling row S(kn, .)). */
#define AMQ_BLOOM_STIRLING_MAX_KN 4096
/* amq_bloom_fp_exact: min(k, m) <= AMQ_BLOOM_EXACT_MAX_K; the denominator m^{k(n+1)} has at
 * most AMQ_BLOOM_EXACT_MAX_BITS bits (2^26, 8 MiB); the work estimate (bits of big numbers
 * formed, docs/rates-bloom.md) is at most AMQ_BLOOM_EXACT_MAX_COST = 2^30 (the shared limits
 * of amq/cost.h, docs/cost-limits.md).
 * amq_bloom_bit_prob_exact: kn log2 m <= AMQ_BLOOM_EXACT_MAX_BITS. */
#define AMQ_BLOOM_EXACT_MAX_K 1000
#define AMQ_BLOOM_EXACT_MAX_BITS AMQ_COST_EXACT_MAX_BITS
#define AMQ_BLOOM_EXACT_MAX_COST AMQ_COST_EXACT_MAX_WORK
/* amq_bloom_fp_enclose: min(k, m) <= this (any m, n, k < 2^64 within it, e.g. m <= 1000). */
#define AMQ_BLOOM_ENCLOSE_MAX_K 1000
/* amq_bloom_bound_half: k <= this (the bound 2^-k is returned as an exact rational). */
#define AMQ_BLOOM_BOUND_MAX_K (1UL << 24)

/* Parameters for the generic enclosure callback below. */
typedef struct amq_bloom_params { uint64_t m, k, n; } amq_bloom_params;

/* Ceramist Theorem 4, literally: 1/m^{k(n+1)} sum_{i=1..m} i^k i! C(m,i) S(kn, i), reduced.
 * Reference form, slow. AMQ_E_TOO_LARGE when k*n > AMQ_BLOOM_STIRLING_MAX_KN. */
AMQ_API amq_status amq_bloom_fp_stirling(mpq_t rop, uint64_t m, uint64_t k, uint64_t n);
/* The same reduced rational by inclusion-exclusion over the distinct query positions
 * (min(k,m)+1 big powers). AMQ_E_TOO_LARGE beyond the AMQ_BLOOM_EXACT_* limits. */
AMQ_API amq_status amq_bloom_fp_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n);
/* Certified enclosure lo <= FP <= hi, working at precision prec (lo and hi may have any
 * precision: results are rounded outward into them). Always valid, but the alternating
 * sums cancel, so the width may be far above 2^-prec (see amq_bloom_fp_enclose_rel).
 * Errors: AMQ_E_INVALID_M (m = 0), AMQ_E_INVALID_ARG (prec outside
 * [MPFR_PREC_MIN, 4 AMQ_CERTIFIED_MAX_PREC]), AMQ_E_TOO_LARGE (min(k, m) >
 * AMQ_BLOOM_ENCLOSE_MAX_K, or the cost model of amq/cost.h: about min(k,m)^2/2 operations at
 * prec plus the cancellation, min(k,m) (1 + log2(1/p)) bits, p = 1 - (1 - 1/m)^{kn}). */
AMQ_API amq_status amq_bloom_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec,
                                uint64_t m, uint64_t k, uint64_t n);
/* amq_enclose_fn wrapper of amq_bloom_fp_enclose; params points to an amq_bloom_params
 * (NULL: AMQ_E_INVALID_ARG). */
AMQ_API amq_status amq_bloom_fp_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params);
/* Enclosure with relative width (hi - lo) <= 2^-bits * lo (or lo == hi), 1 <= bits <=
 * 100000 (else AMQ_E_INVALID_ARG); AMQ_E_TOO_LARGE when AMQ_CERTIFIED_MAX_PREC is not
 * enough. lo and hi (initialised by the caller) are re-set to the final precision. */
AMQ_API amq_status amq_bloom_fp_enclose_rel(mpfr_t lo, mpfr_t hi, int bits, uint64_t m, uint64_t k, uint64_t n);
/* Correctly rounded decimal of the FP rate, `digits` significant digits (format:
 * amq/certified.h), from the exact rational or a certified enclosure. lo_out / hi_out
 * (may be NULL) receive an enclosure of the value, rounded outward into their precision.
 * AMQ_E_INVALID_ARG for NULL out or digits out of range. */
AMQ_API amq_status amq_bloom_fp_decimal(char **out, uint64_t m, uint64_t k, uint64_t n, int digits,
                                mpfr_t lo_out, mpfr_t hi_out);
/* Ceramist Lemma 2: probability a given bit is set, 1 - (1 - 1/m)^{kn}, exact and reduced.
 * 0 when kn = 0 (k = 0 or n = 0), 1 when m = 1 (kn >= 1); AMQ_E_TOO_LARGE when
 * kn log2 m > 2^26. */
AMQ_API amq_status amq_bloom_bit_prob_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n);

/* APPROXIMATIONS (plain double, labelled as such): Bloom's classic
 * (1 - (1-1/m)^{kn})^k and the exponential (1 - e^{-kn/m})^k. Both: NaN for m = 0; 1 for
 * k = 0; 0 for n = 0; classic gives 1 for m = 1, the exponential form stays an
 * approximation there. */
AMQ_API double amq_bloom_fp_approx_classic(uint64_t m, uint64_t k, uint64_t n);
AMQ_API double amq_bloom_fp_approx_exp(uint64_t m, uint64_t k, uint64_t n);

/* Certified relative error of an approximation (e.g. one of the two above):
 * rlo <= |approx - FP| / FP <= rhi, rounded outward into rlo / rhi. When FP = 0 exactly
 * (n = 0, k >= 1): [0, 0] if approx == 0, else [+inf, +inf]. AMQ_E_INVALID_ARG for a
 * non-finite approx; enclosure errors pass through. */
AMQ_API amq_status amq_bloom_approx_relerr(mpfr_t rlo, mpfr_t rhi, double approx,
                                   uint64_t m, uint64_t k, uint64_t n);

/* Lecture bounds, exact rationals: a naive one-hash filter with m = k*n bits has
 * FP <= 1/k (bound_naive; AMQ_E_INVALID_ARG for k = 0); a k-hash filter with m >= 2kn has
 * FP <= 2^-k (bound_half; AMQ_E_INVALID_ARG when m < 2kn, AMQ_E_INVALID_M for m = 0,
 * AMQ_E_TOO_LARGE for k > AMQ_BLOOM_BOUND_MAX_K). */
AMQ_API amq_status amq_bloom_bound_naive(mpq_t rop, uint64_t k);
AMQ_API amq_status amq_bloom_bound_half(mpq_t rop, uint64_t m, uint64_t k, uint64_t n);

#endif
