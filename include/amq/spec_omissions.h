/* Hash omissions of a Bloom filter used as a visited set (Dillinger & Manolios, FMCAD 2004
 * and SPIN 2004; "D&M" below): fingerprinting, expected omissions, probability of no
 * omission, the optimal number of hash functions and the m/n barriers of D&M Table 1, and
 * the state-count estimate of D&M section 3.3.
 *
 * Rates (i = number of keys already inserted, the query key is fresh): f^BF_{m,k,i} the
 * exact Bloom rate (model AMQ_OMISSIONS_EXACT) or D&M's (1 - (1 - 1/m)^{ik})^k (model
 * AMQ_OMISSIONS_PAPER, a paper approximation evaluated exactly all the same);
 * f^FP_{s,i} = 1 - (1 - 1/s)^i (a collision among s equally likely fingerprints);
 * f_i = 1 - (1 - f^FP)(1 - f^BF) (f^BF without fingerprinting). Over n distinct insertions:
 *   E  = sum_{i=0}^{n-1} f_i         expected hash omissions (D&M equation 1),
 *   P0 = prod_{i=0}^{n-1} (1 - f_i)  probability of no hash omission (D&M section 3.1).
 * Conventions: "exact" = reduced rational; "enclose" = certified lo <= value <= hi by
 * directed rounding (MPFR); "decimal" = correctly rounded, format of amq/certified.h.
 * Edge cases (every routine): k = 0 -> f_i = 1 (empty index vector always present);
 * i = 0 -> f_0 = 0 for k >= 1; m = 1 or s = 1 -> f_i = 1 for i >= 1; m = 0 ->
 * AMQ_E_INVALID_M; s = 0 -> AMQ_E_INVALID_ARG. So n = 0 gives E = 0, P0 = 1, and e.g.
 * k = 0, n >= 1 gives E = n, P0 = 0. Arguments a routine cannot handle give
 * AMQ_E_TOO_LARGE with a message naming the limit, never a wrong number.
 * NULL (the rule of amq/error.h): every pointer argument is required (NULL: AMQ_E_INVALID_ARG,
 * nothing written) except those said to be optional below (the lo/hi of the decimals, k_tie,
 * n_lo/n_hi, n_out, a params' s) and the amq_omissions_eq3_stats of amq_omissions_eq3_stats_clear.
 * Definitions in full, the methods (closed forms for E and P0 valid for any n < 2^64, the
 * large-m limit, barriers), their guarantees and costs: docs/rates-omissions.md. */
#ifndef AMQ_SPEC_OMISSIONS_H
#define AMQ_SPEC_OMISSIONS_H
#include <stdint.h>
#include <amq/certified.h>

/* Most exponential terms J the omission routines accept (exact model min(k, m-1),
 * paper model k). */
#define AMQ_OMISSIONS_MAX_TERMS 1000
/* Exact-model coefficients: (J+1) k log2(m) <= this many bits of big integers. */
#define AMQ_OMISSIONS_MAX_COEF_BITS ((double)(1u << 28))
/* P0: most geometric sums (multiset terms) one call may evaluate. */
#define AMQ_OMISSIONS_LEAF_BUDGET (UINT64_C(1) << 19)
/* Largest `bits` the enclosure routines accept. */
#define AMQ_OMISSIONS_MAX_BITS 4096
/* amq_fingerprint_fp_exact / amq_bloom_fp_paper_exact: denominators of at most this
 * many bits (i log2 s, resp. k^2 i log2 m). */
#define AMQ_OMISSIONS_EXACT_MAX_BITS ((double)(1u << 26))
/* amq_omissions_exact (brute force, exact rationals): n <= this. */
#define AMQ_OMISSIONS_EXACT_MAX_N 2000
/* amq_omissions_brute_enclose (brute force, one certified rate per i): n <= this. */
#define AMQ_OMISSIONS_BRUTE_MAX_N 1000000
/* amq_omissions_optimal_k: r = m/n <= this (the certified scan over k grows like r log r). */
#define AMQ_OMISSIONS_OPTK_MAX_R 10000

typedef enum amq_omissions_model {
    AMQ_OMISSIONS_EXACT = 0, /* f^BF = exact Bloom rate (Ceramist Theorem 4)              */
    AMQ_OMISSIONS_PAPER = 1  /* f^BF = (1 - (1-1/m)^{ik})^k, D&M section 2 (approximation) */
} amq_omissions_model;

/* Parameters of an omission computation. s: number of equally likely fingerprints
 * (GMP integer, any size >= 1: s = m^2 for a two-index fingerprint with m up to 2^64
 * exceeds 2^64), or NULL for no fingerprinting. n is ignored by the per-i rates. */
typedef struct amq_omissions_params {
    uint64_t m, k, n;
    mpz_srcptr s;
    amq_omissions_model model;
} amq_omissions_params;

/* ---------- fingerprints (D&M section 4) ---------- */

/* s = m^indices / 2^minus_bits: the fingerprint space of `indices` index values in
 * [0, m), less `minus_bits` bits (D&M Table 3: "Enh. Double minus 2 bits" is
 * indices = 2, minus_bits = 2). AMQ_E_INVALID_ARG when the division is not exact or
 * the result is 0, AMQ_E_INVALID_M for m = 0, AMQ_E_TOO_LARGE for indices > 64. */
AMQ_API amq_status amq_fingerprint_space(mpz_t s, uint64_t m, unsigned indices, unsigned minus_bits);
/* f^FP_{s,i} = 1 - (1 - 1/s)^i = (s^i - (s-1)^i) / s^i, exact (already reduced);
 * AMQ_E_TOO_LARGE when i log2 s > AMQ_OMISSIONS_EXACT_MAX_BITS. */
AMQ_API amq_status amq_fingerprint_fp_exact(mpq_t rop, mpz_srcptr s, uint64_t i);
/* Certified enclosure of f^FP_{s,i}, any s >= 1 and i < 2^64; relative width about
 * 2^-prec (no cancellation). AMQ_E_INVALID_ARG for s < 1 or prec above 2^20. */
AMQ_API amq_status amq_fingerprint_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, mpz_srcptr s, uint64_t i);
/* Correctly rounded decimal of f^FP_{s,i}; lo, hi (may be NULL) receive the enclosure. */
AMQ_API amq_status amq_fingerprint_fp_decimal(char **out, mpz_srcptr s, uint64_t i, int digits, mpfr_t lo,
                                      mpfr_t hi);

/* ---------- D&M's Bloom formula, labelled: paper approximation ---------- */

/* (1 - (1 - 1/m)^{ik})^k exactly (AMQ_E_TOO_LARGE beyond AMQ_OMISSIONS_EXACT_MAX_BITS), and
 * certified for any m, k, i < 2^64 (prec up to 2^20). Edge cases as the exact Bloom
 * rate; AMQ_E_INVALID_M for m = 0. */
AMQ_API amq_status amq_bloom_fp_paper_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t i);
AMQ_API amq_status amq_bloom_fp_paper_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k,
                                      uint64_t i);

/* ---------- the rate f_i of a parameter set (p->n is ignored) ---------- */

/* f^FPBF_i (or f^BF_i when p->s is NULL) of the model, exact: amq_bloom_fp_exact /
 * amq_bloom_fp_paper_exact combined with amq_fingerprint_fp_exact (their limits; the
 * combination's own, the shared exact model of amq/cost.h: AMQ_E_TOO_LARGE beyond). */
AMQ_API amq_status amq_omissions_rate_exact(mpq_t rop, const amq_omissions_params *p, uint64_t i);
/* Certified, from amq_bloom_fp_enclose (limits of amq/spec_bloom.h) or the paper
 * enclosure, and amq_fingerprint_fp_enclose (prec up to 2^20). */
AMQ_API amq_status amq_omissions_rate_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_omissions_params *p,
                                 uint64_t i);
/* Correctly rounded decimal of f_i; lo, hi (may be NULL) receive the enclosure. */
AMQ_API amq_status amq_omissions_rate_decimal(char **out, const amq_omissions_params *p, uint64_t i, int digits, mpfr_t lo,
                                 mpfr_t hi);

/* ---------- expected omissions and probability of no omission ---------- */

/* Enclosure of E with relative width <= 2^-bits (1 <= bits <= AMQ_OMISSIONS_MAX_BITS, else
 * AMQ_E_INVALID_ARG); lo, hi are re-set to the working precision. Limits: J <=
 * AMQ_OMISSIONS_MAX_TERMS and AMQ_OMISSIONS_MAX_COEF_BITS (AMQ_E_TOO_LARGE beyond). */
AMQ_API amq_status amq_omissions_expected_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_omissions_params *p);
/* Enclosure of log P0 (<= 0) of absolute width <= 2^-bits; -infinity when P0 = 0
 * exactly (edge cases). AMQ_E_TOO_LARGE beyond AMQ_OMISSIONS_LEAF_BUDGET geometric sums or 4096
 * blocks (heavily loaded filters; amq_omissions_p0_upper then gives a bound). */
AMQ_API amq_status amq_omissions_log_p0_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_omissions_params *p);
/* Enclosure of P0 = exp(log P0), relative width <= ~2^-bits. AMQ_E_TOO_LARGE also when
 * P0 underflows MPFR's exponent range (log P0 < about -7.4e8). */
AMQ_API amq_status amq_omissions_p0_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_omissions_params *p);
/* Cheap certified upper bound of P0, as log10 in log10_hi (an MPFR: it may be far
 * below the double range): the smaller of exp(-E) and a monotone bound over 256 blocks.
 * -infinity when P0 = 0. Errors of amq_omissions_expected_enclose. */
AMQ_API amq_status amq_omissions_p0_upper(mpfr_t log10_hi, const amq_omissions_params *p);
/* Correctly rounded decimals; lo/hi (may be NULL) receive the final enclosure. */
AMQ_API amq_status amq_omissions_expected_decimal(char **out, const amq_omissions_params *p, int digits, mpfr_t lo,
                                          mpfr_t hi);
AMQ_API amq_status amq_omissions_p0_decimal(char **out, const amq_omissions_params *p, int digits, mpfr_t lo,
                                    mpfr_t hi);
/* Coverage estimate (n - t E)/n (D&M section 3.2), t = 1 (hash omissions only) or t = 2
 * (D&M equation 2, transitive omissions); other t: AMQ_E_INVALID_ARG. n = 0 gives 1
 * (nothing to cover). May be negative for t = 2 (the rough rule then says nothing). */
AMQ_API amq_status amq_omissions_coverage_decimal(char **out, const amq_omissions_params *p, unsigned t, int digits,
                                          mpfr_t lo, mpfr_t hi);

/* Brute force, for cross-checks. Exact rationals E and P0 (n <= AMQ_OMISSIONS_EXACT_MAX_N;
 * each rate by amq_omissions_rate_exact, so its limits apply too; and the whole sum and
 * product, estimated before it starts, within the shared exact model of amq/cost.h). */
AMQ_API amq_status amq_omissions_exact(mpq_t E, mpq_t P0, const amq_omissions_params *p);
/* One certified rate per i (amq_omissions_rate_enclose at precision prec <= 2^16), summed and
 * multiplied with directed rounding; n <= AMQ_OMISSIONS_BRUTE_MAX_N (AMQ_E_TOO_LARGE beyond). */
AMQ_API amq_status amq_omissions_brute_enclose(mpfr_t e_lo, mpfr_t e_hi, mpfr_t p0_lo, mpfr_t p0_hi,
                                       mpfr_prec_t prec, const amq_omissions_params *p);

/* ---------- optimal k and barriers (large-m limit) ---------- */

/* I_k(r) = int_0^1 (1 - e^{-kx/r})^k dx, the expected hash omissions per key in the
 * limit m, n -> infinity with m/n = r (exact positive rational), certified; relative
 * width about 2^-prec (prec <= 2^16). 1 <= k <= 1e8 (else AMQ_E_INVALID_K); r <= 0:
 * AMQ_E_INVALID_ARG. */
AMQ_API amq_status amq_omissions_integral_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t k, const mpq_t r);
/* The barrier b_k between k and k+1 (I_k(b) = I_{k+1}(b)), relative width <= 2^-bits
 * (1 <= bits <= 1000, else AMQ_E_INVALID_ARG). 1 <= k <= 100000 (else AMQ_E_INVALID_K);
 * AMQ_E_TOO_LARGE if no sign change can be certified. The decimal: at most 250 digits. */
AMQ_API amq_status amq_omissions_barrier_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t k);
AMQ_API amq_status amq_omissions_barrier_decimal(char **out, uint64_t k, int digits, mpfr_t lo, mpfr_t hi);
/* argmin_{k >= 1} I_k(r), certified over ALL k >= 1. *k_best receives the minimiser;
 * *k_tie (may be NULL) receives 0, or a second k whose value could not be told apart
 * from the best even at 8 times the working precision (r on, or within ~2^-500 of, a
 * barrier). 0 < r <= AMQ_OMISSIONS_OPTK_MAX_R (r <= 0: AMQ_E_INVALID_ARG; r above the limit
 * or below ~2^-3900: AMQ_E_TOO_LARGE); NULL k_best: AMQ_E_INVALID_ARG. */
AMQ_API amq_status amq_omissions_optimal_k(uint64_t *k_best, uint64_t *k_tie, const mpq_t r);

/* D&M Table 1 as printed: barrier between k and k+1, "Computed m/n", "Closed-form
 * estimate" (the strings exactly as in the paper). */
typedef struct amq_dm_table1_row {
    unsigned k;
    const char *computed, *closed_form;
} amq_dm_table1_row;
extern const amq_dm_table1_row amq_dm_table1[7];

/* ---------- equation 3: the closed-form k of D&M ---------- */

/* k(r) = ceil(3.8^(1/(r + 4.2)) r ln 2), r = m/n > 0, certified (AMQ_E_TOO_LARGE when r is
 * within 2^-4000 of one of its barriers; r <= 0: AMQ_E_INVALID_ARG). */
AMQ_API amq_status amq_omissions_eq3_k(uint64_t *k, const mpq_t r);
/* Equation 3's barrier between k and k+1: the r where the expression inside the ceiling
 * equals k (D&M Table 1's "closed-form estimate" row), relative width <= 2^-bits. */
AMQ_API amq_status amq_omissions_eq3_barrier_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t k);
/* The same correctly rounded to `digits` (1..250) significant digits; *out is malloc'd and
 * must be NULL on entry. */
AMQ_API amq_status amq_omissions_eq3_barrier_decimal(char **out, uint64_t k, int digits);
/* Equation 3 against equation 1's certified barriers: the largest relative error of its
 * barriers over k = 1..kmax (argmax: the k of the largest lower end; argmax_certain: no other
 * k can exceed it), and the share of m/n in [from, to) where it picks another k than the
 * optimum.  Enclosures at 128 bits, initialised here; release with amq_omissions_eq3_stats_clear. */
typedef struct amq_omissions_eq3_stats {
    mpfr_t max_relerr_lo, max_relerr_hi;
    uint64_t argmax;
    int argmax_certain;
    mpfr_t share_lo, share_hi;
} amq_omissions_eq3_stats;
AMQ_API amq_status amq_omissions_eq3_compare(amq_omissions_eq3_stats *st, uint64_t kmax, const mpq_t from, const mpq_t to);
AMQ_API void amq_omissions_eq3_stats_clear(amq_omissions_eq3_stats *st);

/* ---------- state-space estimate (D&M section 3.3) ---------- */

/* From X = set_bits of m bits set after verification, k hashes and N = unique states:
 *     i = ln((m - X)/m) / (k ln((m-1)/m))   distinct states the search attempted to add,
 *     n ~ max(N, i + 2 (i - N))            D&M's estimate of the state-space size; never
 *                                           below N, the states the search did find.
 * Enclosures of i and n (n_lo/n_hi may be NULL), working at prec (<= 2^16). Edge cases:
 * X = 0 -> i = 0 exactly; X > m -> AMQ_E_INVALID_ARG; N > X with n asked for ->
 * AMQ_E_INVALID_ARG (each state found new set at least one bit); X = m (no 0 bit left; includes
 * m = 1, X = 1) -> AMQ_E_TOO_LARGE (the estimate is unbounded); k = 0 -> AMQ_E_INVALID_K;
 * m = 0 -> AMQ_E_INVALID_M. */
AMQ_API amq_status amq_state_estimate_enclose(mpfr_t i_lo, mpfr_t i_hi, mpfr_t n_lo, mpfr_t n_hi, mpfr_prec_t prec,
                                      uint64_t m, uint64_t k, uint64_t set_bits, uint64_t unique);
/* Correctly rounded decimals of i and (if n_out != NULL) of n. */
AMQ_API amq_status amq_state_estimate_decimal(char **i_out, char **n_out, uint64_t m, uint64_t k,
                                      uint64_t set_bits, uint64_t unique, int digits);

/* The names before issue 24 (one prefix per spec area, docs/naming.md), kept so that code
 * written against them still compiles.  New code uses the amq_omissions_ names. */
#define AMQ_OMIS_BRUTE_MAX_N         AMQ_OMISSIONS_BRUTE_MAX_N
#define AMQ_OMIS_EXACT               AMQ_OMISSIONS_EXACT
#define AMQ_OMIS_EXACT_MAX_BITS      AMQ_OMISSIONS_EXACT_MAX_BITS
#define AMQ_OMIS_EXACT_MAX_N         AMQ_OMISSIONS_EXACT_MAX_N
#define AMQ_OMIS_LEAF_BUDGET         AMQ_OMISSIONS_LEAF_BUDGET
#define AMQ_OMIS_MAX_BITS            AMQ_OMISSIONS_MAX_BITS
#define AMQ_OMIS_MAX_COEF_BITS       AMQ_OMISSIONS_MAX_COEF_BITS
#define AMQ_OMIS_MAX_TERMS           AMQ_OMISSIONS_MAX_TERMS
#define AMQ_OMIS_OPTK_MAX_R          AMQ_OMISSIONS_OPTK_MAX_R
#define AMQ_OMIS_PAPER               AMQ_OMISSIONS_PAPER
#define amq_omis_barrier_decimal     amq_omissions_barrier_decimal
#define amq_omis_barrier_enclose     amq_omissions_barrier_enclose
#define amq_omis_eq3_barrier_decimal amq_omissions_eq3_barrier_decimal
#define amq_omis_eq3_barrier_enclose amq_omissions_eq3_barrier_enclose
#define amq_omis_eq3_compare         amq_omissions_eq3_compare
#define amq_omis_eq3_k               amq_omissions_eq3_k
#define amq_omis_eq3_stats           amq_omissions_eq3_stats
#define amq_omis_eq3_stats_clear     amq_omissions_eq3_stats_clear
#define amq_omis_integral_enclose    amq_omissions_integral_enclose
#define amq_omis_model               amq_omissions_model
#define amq_omis_optimal_k           amq_omissions_optimal_k
#define amq_omis_params              amq_omissions_params
#define amq_omis_rate_decimal        amq_omissions_rate_decimal
#define amq_omis_rate_enclose        amq_omissions_rate_enclose
#define amq_omis_rate_exact          amq_omissions_rate_exact

#endif
