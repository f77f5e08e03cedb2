/* Internal: kernel descriptors of the Bloom and counting kernels for the cross-checks
 * (amq/check.h), with hooks for planted-bug variants, and their shorthands (not installed). */
#ifndef AMQ_INTERNAL_CHECK_KERNELS_H
#define AMQ_INTERNAL_CHECK_KERNELS_H
#include <amq/check.h>

/* Descriptor of a Bloom kernel of m bits and k indices per key. add / query NULL
 * select the real kernel (amq_bloom_kernel_add / amq_bloom_kernel_query); tests
 * pass deliberately broken variants. Needs m >= 1. */
amq_status amq_ops_bloom(amq_ops *out, uint64_t m, size_t k, amq_bloom_add_fn add,
                            amq_bloom_query_fn query);

/* Counting Bloom kernels (lib_internal/counting_kernel.h): counters of `width` bits over
 * uint8_t storage, so they plug in through the contextual form with these ops. */
typedef void (*amq_counting_add_fn)(uint8_t *c, uint64_t m, const uint64_t *idx, size_t k);
typedef int (*amq_counting_query_fn)(const uint8_t *c, uint64_t m, const uint64_t *idx, size_t k);
typedef int (*amq_counting_remove_fn)(uint8_t *c, uint64_t m, const uint64_t *idx, size_t k);
typedef struct amq_counting_ops {
    const char *name;
    amq_counting_add_fn add;       /* required */
    amq_counting_query_fn query;   /* required */
    amq_counting_remove_fn remove; /* NULL: a descriptor without removal */
} amq_counting_ops;

/* The real kernels of width 4 or 8 (amq_counting_kernel_<op>4 / _<op>8); NULL otherwise. */
const amq_counting_ops *amq_counting_ops_real(unsigned width);
/* Descriptor of a counting Bloom kernel of m counters of `width` bits (4: packed two
 * per byte, 8: one per byte) and k indices per key. ops NULL = the real kernel of
 * that width; otherwise tests' variants with the same storage layout (ops must
 * outlive the descriptor: it is kept in kn->ctx). Needs m >= 1, width 4 or 8. */
amq_status amq_ops_counting(amq_ops *out, uint64_t m, size_t k, unsigned width,
                               const amq_counting_ops *ops);

/* Bloom shorthands (add / query NULL = the real kernel).
 * enum_fp: the false-positive rate, to compare with amq_bloom_fp_exact/_stirling.
 * enum_bit: probability that bit `bit` is set after n adds, to compare with
 * amq_bloom_bit_prob_exact; it is the query of the vector (bit, bit, ..., bit),
 * which a correct kernel reports positive exactly when that bit is set. */
amq_status amq_check_bloom_enum_fp(mpq_t rop, uint64_t m, uint64_t k, uint64_t n,
                                   amq_bloom_add_fn add, amq_bloom_query_fn query);
amq_status amq_check_bloom_enum_bit(mpq_t rop, uint64_t m, uint64_t k, uint64_t n, uint64_t bit,
                                    amq_bloom_add_fn add, amq_bloom_query_fn query);
/* Counting shorthand (ops NULL = the real kernel of `width`): the FP rate after n
 * adds and r removals, to compare with amq_counting_fp_after_removals (equal while
 * no counter can saturate, i.e. k*n < 15 resp. 255; see amq/spec_counting.h). */
amq_status amq_check_counting_enum_fp(mpq_t rop, uint64_t m, uint64_t k, unsigned width, uint64_t n,
                                      uint64_t r, const amq_counting_ops *ops);

/* The exact Bloom FP rate rounded to double, from the spec's certified enclosure
 * (amq_bloom_fp_enclose at 128 bits, midpoint). For the statistics only. */
amq_status amq_check_bloom_rate(double *p, uint64_t m, uint64_t k, uint64_t n);

/* Monte Carlo of a Bloom kernel (add / query NULL = the real one) against the exact
 * rate: amq_check_mc, amq_check_bloom_rate, then amq_binom_test at alpha. */
amq_status amq_check_bloom_mc(amq_check_report *rep, uint64_t m, uint64_t k,
                              const amq_mc_config *cfg, double alpha, amq_bloom_add_fn add,
                              amq_bloom_query_fn query);

/* Monte Carlo of a counting kernel (ops NULL = the real one of `width`) with n adds
 * and cfg->removals = r removals per trial, against the Bloom rate for n - r keys
 * (amq_counting_fp_after_removals: exact only while no counter saturates, which at
 * realistic sizes has negligible probability; where it does not, the check fails,
 * as it should: the filter then is NOT at that rate). */
amq_status amq_check_counting_mc(amq_check_report *rep, uint64_t m, uint64_t k, unsigned width,
                                 const amq_mc_config *cfg, double alpha,
                                 const amq_counting_ops *ops);

#endif
