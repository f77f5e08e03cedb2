/* Quotient filter rate (Ceramist Theorem 9): after n distinct keys with random-oracle
 * p-bit fingerprints and no overflow, FP = 1 - (1 - 2^-p)^n (exact for the real Bender et
 * al. filter; why, and the methods: docs/rates-quotient.md).
 * Edge cases: n = 0 -> 0; p = 0 (one possible fingerprint) with n >= 1 -> 1.
 * p > 64 -> AMQ_E_INVALID_ARG. Double arithmetic loses this rate (1 - 2^-64 == 1 in
 * double), so everything here is exact or certified. */
#ifndef AMQ_SPEC_QUOTIENT_H
#define AMQ_SPEC_QUOTIENT_H
#include <stdint.h>
#include <amq/certified.h>

/* Exact limit: the denominator 2^{p n} has at most this many bits (AMQ_COST_EXACT_MAX_BITS,
 * the shared limit of amq/cost.h; the work, 3 p n, at most AMQ_COST_EXACT_MAX_WORK). */
#define AMQ_QUOTIENT_EXACT_MAX_BITS ((uint64_t)1 << 26)

typedef struct amq_quotient_params { uint64_t p, n; } amq_quotient_params;

/* Exact reduced rational (2^{pn} - (2^p - 1)^n) / 2^{pn}; AMQ_E_TOO_LARGE when p*n
 * exceeds AMQ_QUOTIENT_EXACT_MAX_BITS. */
AMQ_API amq_status amq_quotient_fp_exact(mpq_t rop, uint64_t p, uint64_t n);
/* Certified enclosure for any p <= 64 and n < 2^64, relative width about 2^-prec (no
 * cancellation). AMQ_E_INVALID_ARG for prec out of MPFR's range. */
AMQ_API amq_status amq_quotient_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t p, uint64_t n);
/* amq_enclose_fn wrapper; params points to an amq_quotient_params (NULL: AMQ_E_INVALID_ARG). */
AMQ_API amq_status amq_quotient_fp_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params);
/* Correctly rounded decimal (format: amq/certified.h); lo_out / hi_out (may be NULL)
 * receive the final enclosure. Errors of amq_certified_decimal. */
AMQ_API amq_status amq_quotient_fp_decimal(char **out, uint64_t p, uint64_t n, int digits, mpfr_t lo_out,
                                   mpfr_t hi_out);
/* APPROXIMATIONS (double, labelled): the union bound n 2^-p (capped at 1), and
 * 1 - e^{-n/2^p}; p above 64 counts as 64. */
AMQ_API double amq_quotient_fp_approx_union(uint64_t p, uint64_t n);
AMQ_API double amq_quotient_fp_approx_exp(uint64_t p, uint64_t n);

#endif
