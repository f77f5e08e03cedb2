/* Hash omissions of a Bloom filter used as a visited set (Dillinger & Manolios,
 * "Bloom filters in probabilistic verification", FMCAD 2004, and "Fast and accurate
 * bitstate verification for SPIN", SPIN 2004; "D&M" below): fingerprinting, expected
 * omissions, probability of no omission, the optimal number of hash functions and the
 * m/n barriers of D&M Table 1, and the state-count estimate of D&M section 3.3.
 *
 * Rates (i = number of keys already inserted, the query key is fresh):
 *   f^BF_{m,k,i}   the exact Bloom rate of amq/spec_bloom.h (Ceramist Theorem 4), model
 *                  AMQ_OMIS_EXACT; or D&M's (1 - (1 - 1/m)^{ik})^k, model AMQ_OMIS_PAPER
 *                  (a "paper approximation": it treats the k query bits as independent;
 *                  it is evaluated exactly / with certified rounding all the same);
 *   f^FP_{s,i}   = 1 - (1 - 1/s)^i, fingerprint collision among s equally likely
 *                  fingerprints (D&M section 4);
 *   f^FPBF_i     = 1 - (1 - f^FP_{s,i})(1 - f^BF_{m,k,i}), fingerprinting Bloom filter
 *                  (no fingerprinting: s = infinity, f^FPBF = f^BF).
 * Omission measures over n distinct insertions, f_i the rate after i insertions:
 *   E  = sum_{i=0}^{n-1} f_i         expected hash omissions (D&M equation 1),
 *   P0 = prod_{i=0}^{n-1} (1 - f_i)  probability of no hash omission (D&M section 3.1;
 *                                    D&M note it ignores that the n additions are
 *                                    themselves non-colliding: it is their definition).
 * Conventions: "exact" = reduced rational; "enclose" = certified lo <= value <= hi by
 * directed rounding (MPFR); "decimal" = correctly rounded, format of amq/certified.h.
 * Edge cases (every routine): k = 0 -> f_i = 1 (empty index vector always present);
 * i = 0 -> f_0 = 0 for k >= 1; m = 1 or s = 1 -> f_i = 1 for i >= 1; m = 0 ->
 * AMQ_E_INVALID_M; s = 0 -> AMQ_E_INVALID_ARG. So n = 0 gives E = 0, P0 = 1, and e.g.
 * k = 0, n >= 1 gives E = n, P0 = 0. Arguments a routine cannot handle give
 * AMQ_E_TOO_LARGE with a message naming the limit, never a wrong number.
 *
 * METHOD for E and P0 (fast for n ~ 1e9 and beyond; any n < 2^64). For i >= 1 every
 * rate above is an exponential sum
 *     f_i = 1 + sum_{j=1}^{J} c_j z_j^i,   0 < z_j < 1,
 * exact model: c_j = (-1)^j C(m,j) A_j / m^k, A_j = sum_l (-1)^l C(j,l) (m-l)^k (exact
 * integers), z_j = sigma (1 - j/m)^k, J = min(k, m-1); paper model: c_j = (-1)^j C(k,j),
 * z_j = sigma (1 - 1/m)^{jk}, J = k; sigma = 1 - 1/s (1 without fingerprinting).
 * (Exact model: this is amq_bloom_fp_exact's inclusion-exclusion with i as a variable.)
 *  - E: geometric series, E = (n-1) + sum_j c_j z_j (1 - z_j^{n-1}) / (1 - z_j): a
 *    closed form with J terms, evaluated in interval arithmetic; the precision is doubled
 *    until the relative width is <= 2^-bits (the alternating c_j cancel; the loop pays
 *    for it). Guarantee: certified enclosure, relative width <= 2^-bits.
 *  - log P0 = sum_i log(1 - f_i), on blocks [a, b) of i (h = b - a terms). For any
 *    exact slope mu, log(1 - f_{a+t}) = log(1 - f_a) + mu t + log(1 - u_t) with
 *    u_t = 1 - (1 - f_{a+t}) e^{-mu t}/(1 - f_a), and
 *      sum_t log(1 - f_{a+t}) = h log(1 - f_a) + mu h(h-1)/2 - sum_{p=1}^{P} T_p/p - R,
 *    T_p = sum_t u_t^p. u_t is again an exponential sum in t, so every T_p is a finite
 *    sum of geometric series, one per multiset of p of the J terms (C(J+p, p) of them):
 *    exact in closed form, no sampling of i. Two choices of mu:
 *      mu = 0: f_i is non-decreasing in i (more keys set more bits), so
 *        0 <= u_t <= U = 1 - (1 - f_{b-1})/(1 - f_a) and 0 <= R <= U^P T_1/((P+1)(1-U));
 *      mu = the secant slope of log(1 - f) over the block (loaded filters, f near 1):
 *        |u_t| <= U (from 33 certified samples of 1 - f and monotonicity, or the
 *        triangle inequality) and |R| <= h U^{P+1}/((P+1)(1-U)).
 *    Short blocks (h <= 4096) may instead be summed term by term when that is cheaper.
 *    Every block is intersected with the monotone bounds [h log(1 - f_{b-1}),
 *    h log(1 - f_a)]. One block [1, n) is used when the series converges fast (f_{n-1}
 *    small: the useful regime); otherwise blocks are halved adaptively (the cheaper mode
 *    and order per block; a block at halving depth d gets 2^-d of the width).
 *    Guarantee: certified enclosure of log P0 of absolute width <= 2^-bits (so P0 has
 *    relative width <= ~2^-bits), or AMQ_E_TOO_LARGE when that needs more than
 *    AMQ_OMIS_LEAF_BUDGET
 *    geometric sums or 4096 blocks (heavily loaded filters with many hash functions,
 *    where P0 is astronomically small; amq_omissions_p0_upper then gives a bound).
 *    Cost: n = 1e9, m = 1e10, k = 7 (E ~ 1.3e6, P0 ~ 2.2e-584598): E in ~1 ms, P0 to
 *    10 digits in ~0.15 s; m = n = 1e6, k = 7 (P0 ~ 6e-830274) to 10 digits in ~2 s.
 *
 * Large-m limit and barriers (D&M section 3.3, Table 1). With E(m,k,n) ~ n I_k(m/n),
 *     I_k(r) = int_0^1 (1 - e^{-k x / r})^k dx = (r/k) sum_{j>k} T^j / j,
 *     T = 1 - e^{-k/r}   (substitute t = 1 - e^{-kx/r}: int_0^T t^k/(1-t) dt),
 * a convergent series of positive terms (tail <= T^J/(J(1-T))), or, for T > 3/4,
 * k/r - sum_{j<=k} T^j/j (-log(1-T) = k/r exactly). E(cm, k, cn) ~ c E(m, k, n): the best k depends on r = m/n
 * only. The barrier b_k solves I_k(b) = I_{k+1}(b), by bisection on exact rationals
 * with certified signs: below b_k, k hash functions omit fewer states than k+1. */
#ifndef AMQ_SPEC_OMISSIONS_H
#define AMQ_SPEC_OMISSIONS_H
#include <stdint.h>
#include <amq/certified.h>

/* Most exponential terms J the omission routines accept (exact model min(k, m-1),
 * paper model k). */
#define AMQ_OMIS_MAX_TERMS 1000
/* Exact-model coefficients: (J+1) k log2(m) <= this many bits of big integers. */
#define AMQ_OMIS_MAX_COEF_BITS ((double)(1u << 28))
/* P0: most geometric sums (multiset terms) one call may evaluate. */
#define AMQ_OMIS_LEAF_BUDGET (UINT64_C(1) << 19)
/* Largest `bits` the enclosure routines accept. */
#define AMQ_OMIS_MAX_BITS 4096
/* amq_fingerprint_fp_exact / amq_bloom_fp_paper_exact: denominators of at most this
 * many bits (i log2 s, resp. k^2 i log2 m). */
#define AMQ_OMIS_EXACT_MAX_BITS ((double)(1u << 26))
/* amq_omissions_exact (brute force, exact rationals): n <= this. */
#define AMQ_OMIS_EXACT_MAX_N 2000
/* amq_omissions_brute_enclose (brute force, one certified rate per i): n <= this. */
#define AMQ_OMIS_BRUTE_MAX_N 1000000
/* amq_omis_optimal_k: r = m/n <= this (the certified scan over k grows like r log r). */
#define AMQ_OMIS_OPTK_MAX_R 10000

typedef enum amq_omis_model {
    AMQ_OMIS_EXACT = 0, /* f^BF = exact Bloom rate (Ceramist Theorem 4)              */
    AMQ_OMIS_PAPER = 1  /* f^BF = (1 - (1-1/m)^{ik})^k, D&M section 2 (approximation) */
} amq_omis_model;

/* Parameters of an omission computation. s: number of equally likely fingerprints
 * (GMP integer, any size >= 1: s = m^2 for a two-index fingerprint with m up to 2^64
 * exceeds 2^64), or NULL for no fingerprinting. n is ignored by the per-i rates. */
typedef struct amq_omis_params {
    uint64_t m, k, n;
    mpz_srcptr s;
    amq_omis_model model;
} amq_omis_params;

/* ---------- fingerprints (D&M section 4) ---------- */

/* s = m^indices / 2^minus_bits: the fingerprint space of `indices` index values in
 * [0, m), less `minus_bits` bits (D&M Table 3: "Enh. Double minus 2 bits" is
 * indices = 2, minus_bits = 2). AMQ_E_INVALID_ARG when the division is not exact or
 * the result is 0, AMQ_E_INVALID_M for m = 0, AMQ_E_TOO_LARGE for indices > 64. */
amq_status amq_fingerprint_space(mpz_t s, uint64_t m, unsigned indices, unsigned minus_bits);
/* f^FP_{s,i} = 1 - (1 - 1/s)^i = (s^i - (s-1)^i) / s^i, exact (already reduced);
 * AMQ_E_TOO_LARGE when i log2 s > AMQ_OMIS_EXACT_MAX_BITS. */
amq_status amq_fingerprint_fp_exact(mpq_t rop, mpz_srcptr s, uint64_t i);
/* Certified enclosure -expm1(i log1p(-1/s)), any s >= 1 and i < 2^64; relative width
 * about 2^-prec (no cancellation). */
amq_status amq_fingerprint_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, mpz_srcptr s, uint64_t i);
amq_status amq_fingerprint_fp_decimal(char **out, mpz_srcptr s, uint64_t i, int digits, mpfr_t lo,
                                      mpfr_t hi);

/* ---------- D&M's Bloom formula, labelled: paper approximation ---------- */

/* (1 - (1 - 1/m)^{ik})^k exactly (AMQ_E_TOO_LARGE beyond AMQ_OMIS_EXACT_MAX_BITS), and
 * certified for any m, k, i < 2^64. Edge cases as the exact Bloom rate. */
amq_status amq_bloom_fp_paper_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t i);
amq_status amq_bloom_fp_paper_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k,
                                      uint64_t i);

/* ---------- the rate f_i of a parameter set (p->n is ignored) ---------- */

/* f^FPBF_i (or f^BF_i when p->s is NULL) of the model, exact: amq_bloom_fp_exact /
 * amq_bloom_fp_paper_exact combined with amq_fingerprint_fp_exact (their limits). */
amq_status amq_omis_rate_exact(mpq_t rop, const amq_omis_params *p, uint64_t i);
/* Certified, from amq_bloom_fp_enclose (limits of amq/spec_bloom.h) or the paper
 * enclosure and amq_fingerprint_fp_enclose: 1 - (1-a)(1-b) is increasing in a and b. */
amq_status amq_omis_rate_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_omis_params *p,
                                 uint64_t i);
/* Correctly rounded decimal of f_i. */
amq_status amq_omis_rate_decimal(char **out, const amq_omis_params *p, uint64_t i, int digits, mpfr_t lo,
                                 mpfr_t hi);

/* ---------- expected omissions and probability of no omission ---------- */

/* Enclosure of E with relative width <= 2^-bits (1 <= bits <= AMQ_OMIS_MAX_BITS);
 * lo, hi are re-set to the working precision. Limits: J <= AMQ_OMIS_MAX_TERMS and
 * AMQ_OMIS_MAX_COEF_BITS (AMQ_E_TOO_LARGE beyond). */
amq_status amq_omissions_expected_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_omis_params *p);
/* Enclosure of log P0 (<= 0) of absolute width <= 2^-bits; -infinity when P0 = 0
 * exactly (edge cases). AMQ_E_TOO_LARGE beyond AMQ_OMIS_LEAF_BUDGET (see METHOD). */
amq_status amq_omissions_log_p0_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_omis_params *p);
/* Enclosure of P0 = exp(log P0), relative width <= ~2^-bits. AMQ_E_TOO_LARGE also when
 * P0 underflows MPFR's exponent range (log P0 < about -7.4e8). */
amq_status amq_omissions_p0_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_omis_params *p);
/* Cheap certified upper bound of P0, as log10 in log10_hi (an MPFR: it may be far
 * below the double range): the smaller of exp(-E) (log(1-f) <= -f) and the monotone
 * bound prod over 256 blocks [a, b) of (1 - f_a)^{b-a}. -infinity when P0 = 0. */
amq_status amq_omissions_p0_upper(mpfr_t log10_hi, const amq_omis_params *p);
/* Correctly rounded decimals; lo/hi (may be NULL) receive the final enclosure. */
amq_status amq_omissions_expected_decimal(char **out, const amq_omis_params *p, int digits, mpfr_t lo,
                                          mpfr_t hi);
amq_status amq_omissions_p0_decimal(char **out, const amq_omis_params *p, int digits, mpfr_t lo,
                                    mpfr_t hi);
/* Coverage estimate (n - t E)/n, t = 1 (hash omissions only) or t = 2 (D&M's
 * E(o) ~ 2 E(o_H), equation 2, counting transitive omissions; D&M section 3.2 define
 * coverage as (n - E(o))/n). n = 0 gives 1 (nothing to cover). May be negative for
 * t = 2 (the rough rule then says nothing). */
amq_status amq_omissions_coverage_decimal(char **out, const amq_omis_params *p, unsigned t, int digits,
                                          mpfr_t lo, mpfr_t hi);

/* Brute force, for cross-checks. Exact rationals E and P0 (n <= AMQ_OMIS_EXACT_MAX_N;
 * each rate by amq_omis_rate_exact, so its limits apply too). */
amq_status amq_omissions_exact(mpq_t E, mpq_t P0, const amq_omis_params *p);
/* One certified rate per i (amq_omis_rate_enclose at precision prec), summed and
 * multiplied with directed rounding; n <= AMQ_OMIS_BRUTE_MAX_N. Shares no code with
 * the fast method except amq_bloom_fp_enclose. */
amq_status amq_omissions_brute_enclose(mpfr_t e_lo, mpfr_t e_hi, mpfr_t p0_lo, mpfr_t p0_hi,
                                       mpfr_prec_t prec, const amq_omis_params *p);

/* ---------- optimal k and barriers (large-m limit) ---------- */

/* I_k(r) = int_0^1 (1 - e^{-kx/r})^k dx, the expected hash omissions per key in the
 * limit m, n -> infinity with m/n = r (exact positive rational), certified; relative
 * width about 2^-prec. k >= 1. */
amq_status amq_omis_integral_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t k, const mpq_t r);
/* The barrier b_k between k and k+1 (I_k(b) = I_{k+1}(b)), relative width <= 2^-bits
 * (bits <= 1000). 1 <= k <= 100000. */
amq_status amq_omis_barrier_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t k);
amq_status amq_omis_barrier_decimal(char **out, uint64_t k, int digits, mpfr_t lo, mpfr_t hi);
/* argmin_{k >= 1} I_k(r), certified over ALL k >= 1 (k beyond the scan are excluded by
 * I_k(r) >= 1 - r (ln k + 1)/k, valid once k >= r ln k). *k_best receives the minimiser;
 * *k_tie (may be NULL) receives 0, or a second k whose value could not be told apart
 * from the best even at 8 times the working precision (r on, or within ~2^-500 of, a
 * barrier). 0 < r <= AMQ_OMIS_OPTK_MAX_R (r below ~2^-3900: AMQ_E_TOO_LARGE). */
amq_status amq_omis_optimal_k(uint64_t *k_best, uint64_t *k_tie, const mpq_t r);

/* D&M Table 1 as printed: barrier between k and k+1, "Computed m/n", "Closed-form
 * estimate" (the strings exactly as in the paper). */
typedef struct amq_dm_table1_row {
    unsigned k;
    const char *computed, *closed_form;
} amq_dm_table1_row;
extern const amq_dm_table1_row amq_dm_table1[7];

/* ---------- state-space estimate (D&M section 3.3) ---------- */

/* With p = (m - X)/m the proportion of 0 bits after verification (X bits set):
 *     i = (1/k) log_{(m-1)/m} p = ln((m - X)/m) / (k ln((m-1)/m))
 * distinct states the search attempted to add, and, with N the states identified as
 * unique, D&M's estimate of the state-space size using E(o) ~ 2(i - N) (equation 2):
 *     n ~ i + 2 (i - N).
 * Enclosures of i and n (n_lo/n_hi may be NULL). Edge cases: X = 0 -> i = 0 exactly;
 * X > m -> AMQ_E_INVALID_ARG; X = m (no 0 bit left; includes m = 1, X = 1) ->
 * AMQ_E_TOO_LARGE (the estimate is unbounded); k = 0 -> AMQ_E_INVALID_K. */
amq_status amq_state_estimate_enclose(mpfr_t i_lo, mpfr_t i_hi, mpfr_t n_lo, mpfr_t n_hi, mpfr_prec_t prec,
                                      uint64_t m, uint64_t k, uint64_t set_bits, uint64_t unique);
/* Correctly rounded decimals of i and (if n_out != NULL) of n. */
amq_status amq_state_estimate_decimal(char **i_out, char **n_out, uint64_t m, uint64_t k,
                                      uint64_t set_bits, uint64_t unique, int digits);

#endif
