/* Counting Bloom filter rates. By Ceramist's Theorem 8 (proved on the C kernels in
 * proofs/) the FP rate of a counting filter with m counters and k hashes after n distinct
 * insertions IS the Bloom rate: these names expose it, with the same edge cases, limits
 * and errors as amq/spec_bloom.h. Why, and what saturation changes: docs/rates-bloom.md. */
#ifndef AMQ_SPEC_COUNTING_H
#define AMQ_SPEC_COUNTING_H
#include <amq/spec_bloom.h>

/* = amq_bloom_fp_exact, amq_bloom_fp_enclose, amq_bloom_fp_decimal with m counters. */
AMQ_API amq_status amq_counting_fp_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n);
AMQ_API amq_status amq_counting_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k,
                                   uint64_t n);
AMQ_API amq_status amq_counting_fp_decimal(char **out, uint64_t m, uint64_t k, uint64_t n, int digits,
                                   mpfr_t lo_out, mpfr_t hi_out);
/* Rate after n insertions and r <= n removals of inserted keys, exact, when no counter
 * saturated: the Bloom rate for n - r keys (with saturation the true rate can only be
 * higher). AMQ_E_INVALID_ARG when r > n; otherwise as amq_bloom_fp_exact. */
AMQ_API amq_status amq_counting_fp_after_removals(mpq_t rop, uint64_t m, uint64_t k, uint64_t n, uint64_t r);

#endif
