/* Private (not installed): the cost estimates of the rate moments E[pi^j] (spec/), for
 * the work estimate of a check before it starts (amq check --impl/--plugin/--exec,
 * docs/cost-limits.md).  Each returns the estimated CPU time in ns of the computation it
 * names, computing nothing, and INFINITY where that computation would be refused
 * (AMQ_E_TOO_LARGE or a bad argument).  These are the Bloom and blocked-mixture moments, which
 * several structures share; a structure with moments of its own declares their cost in its own
 * lib_internal/<s>_moment_cost.h (window, cuckoo), so that adding one edits no shared file.  The constants were measured on 2026-11-29 on 2
 * cores at load 3 (the slowest ratio of each set, so the estimates lean high). */
#ifndef AMQ_INTERNAL_MOMENT_COST_H
#define AMQ_INTERNAL_MOMENT_COST_H
#include <math.h>
#include <mpfr.h>
#include <stdint.h>

/* ns of CPU per unit of amq_cost_bloom_query (J sum P^1.6): 0.2-1.3 over 13 cases of
 * amq_bloom_fp_query_enclose from 0.016 s to 146 s. */
#define AMQ_BLOOM_QUERY_NS_PER_UNIT 1.3

/* ns of CPU per window term of a blocked mixture (the terms of amq_blocked_moment_terms, which
 * weigh a block moment by its Bloom form's size). */
#define AMQ_BLOCKED_NS_PER_TERM 2000.0

/* amq_bloom_fp_query_enclose(m, k_ins, k_q, n) at relative width 2^-bits. */
double amq_bloom_fp_query_work(uint64_t m, uint64_t k_ins, uint64_t k_q, uint64_t n, int bits);
/* The moments of spec/blocked_moments_models.c and spec/blocked_moments.c, same arguments. */
double amq_partitioned_fp_moment_work(uint64_t m, uint64_t k, uint64_t n, uint64_t j, mpfr_prec_t prec);
double amq_blocked_bloom_fp_moment_work(uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n, uint64_t j,
                                        mpfr_prec_t prec);
double amq_blocked_partitioned_fp_moment_work(uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n,
                                              uint64_t j, mpfr_prec_t prec);
double amq_blocked_quotient_fp_moment_work(uint64_t blocks, uint64_t p, uint64_t n, uint64_t j, mpfr_prec_t prec);
double amq_blocked_bloom_fp_pair_work(uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n, mpfr_prec_t prec);

#endif
