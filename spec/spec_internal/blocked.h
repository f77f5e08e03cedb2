/* Private to the spec/blocked_*.c files (not installed): argument checks shared by the
 * binomial-mixture routines and their instances, and the decimal policy of the blocked
 * rates (amq/spec_blocked.h; methods in docs/rates-blocked.md). */
#ifndef AMQ_SPEC_INTERNAL_BLOCKED_H
#define AMQ_SPEC_INTERNAL_BLOCKED_H
#include <lib_internal/fail.h>
#include <amq/spec_blocked.h>
#include "spec_interval.h"

static inline amq_status blocked_check_prec(mpfr_prec_t prec, const char *who)
{
    if (prec < MPFR_PREC_MIN || prec > AMQ_CERTIFIED_MAX_PREC * 4)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: precision %ld outside [%d, %ld]", who, (long)prec,
                        (int)MPFR_PREC_MIN, (long)(AMQ_CERTIFIED_MAX_PREC * 4));
    return AMQ_OK;
}

static inline amq_status blocked_check_inner(const amq_inner_rate *f, const char *who)
{
    if (!f || !f->exact || !f->enclose)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: NULL inner rate or callback", who);
    return AMQ_OK;
}

static inline amq_status blocked_check_b(uint64_t b, const char *who)
{
    if (b == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: b = 0 blocks (a blocked filter needs at least one block)", who);
    return AMQ_OK;
}

static inline amq_status blocked_check_blocks(uint64_t blocks, uint64_t block_bits, const char *who)
{
    if (blocks == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: blocks = 0 (a blocked filter needs at least one block)", who);
    if (block_bits == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: block_bits = 0 (a block needs at least one bit)", who);
    return AMQ_OK;
}

/* [lo, hi] = [1, 1]: the rate of an inner structure that is 1 for every i (k = 0). */
static inline void blocked_set_one(mpfr_t lo, mpfr_t hi)
{
    mpfr_set_ui(lo, 1, MPFR_RNDD);
    mpfr_set_ui(hi, 1, MPFR_RNDU);
}

/* Number of bits of x (0 for 0): the guard bits a count n costs. */
static inline int u64_bitlen(uint64_t x)
{
    int b = 0;
    while (x) {
        b++;
        x >>= 1;
    }
    return b;
}

/* *s = bits / k, the partition size of a partitioned block (0 for k = 0);
 * AMQ_E_INVALID_M for bits = 0 or k not dividing bits. */
/* Rough number of terms of the windowed enclosure at precision prec (used to choose a method
 * and by the cost models; the window itself is decided rigorously). */
double amq_blocked_window_terms(uint64_t b, uint64_t n, mpfr_prec_t prec);

amq_status amq_blocked_partition_size(uint64_t *s, uint64_t bits, uint64_t k, const char *who);

/* The decimal of exactly 1 (an inner rate that is 1 for every i, k = 0). */
amq_status amq_blocked_decimal_one(char **out, int digits, mpfr_ptr lo, mpfr_ptr hi);

/* The decimal policy of every blocked rate: the exact rational first when `exact_first`;
 * otherwise the certified decimal over `enc`, and the exact rational when the enclosure
 * cannot decide (a tie). */
typedef amq_status (*amq_blocked_exact_fn)(mpq_t q, const void *ctx);
amq_status amq_blocked_decimal_policy(char **out, int exact_first, amq_blocked_exact_fn ex, amq_enclose_fn enc,
                                      const void *ctx, int digits, mpfr_t lo_out, mpfr_t hi_out);

#endif
