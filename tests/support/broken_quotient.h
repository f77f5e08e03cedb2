/* Deliberately broken quotient filter operations, built only into the tests, to show
 * that the cross-checks have power on the quotient filter.  Same signatures as the
 * kernel's (lib_internal/quotient_kernel.h), so they plug into amq_quotient_geom. */
#ifndef AMQ_TEST_BROKEN_QUOTIENT_H
#define AMQ_TEST_BROKEN_QUOTIENT_H
#include <stdint.h>
#include <lib_internal/quotient_kernel.h>

/* Query that ignores the lowest remainder bit (compares fr >> 1): fr and fr ^ 1 answer
 * alike, so the FP rate is about that of p - 1 bits.  No false negatives. */
int broken_qf_query_low_bit(const amq_qf *qf, uint64_t fq, uint64_t fr);

/* Query that runs on into the next quotient's run (an off-by-one at the end of a run):
 * fr stored under fq + 1 answers for fq too, about doubling the FP rate.  No false
 * negatives. */
int broken_qf_query_next_run(const amq_qf *qf, uint64_t fq, uint64_t fr);

/* Delete that matches remainders without their lowest bit: it removes the first of
 * fr & ~1, fr | 1 that is stored, which may be another key's copy.  Seen only by the
 * removal checks. */
int broken_qf_delete_low_bit(amq_qf *qf, uint64_t fq, uint64_t fr);

#endif
