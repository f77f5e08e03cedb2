/* Private to spec/blocked_moments*.c: the moments E[pi^j] of a blocked rate, generic over
 * the block's own moments G_c(i) = E[r^c | i keys in the block] (r: the block's rate given
 * its state), docs/rates-blocked.md "Higher moments". */
#ifndef AMQ_SPEC_INTERNAL_BLOCKED_MOMENTS_H
#define AMQ_SPEC_INTERNAL_BLOCKED_MOMENTS_H
#include <amq/spec_blocked.h>

typedef struct amq_inner_moment {
    const char *name;
    amq_status (*exact)(mpq_t rop, uint64_t c, uint64_t i, const void *params);
    /* relative width about 2^-bits */
    amq_status (*enclose)(mpfr_t lo, mpfr_t hi, int bits, uint64_t c, uint64_t i, const void *params);
    /* the work of one G_c(i), in units of one window term (>= 1) */
    double (*cost)(uint64_t c, const void *params);
    const void *params;
} amq_inner_moment;

/* E[pi^j] for b blocks and n keys (j >= 1, j <= AMQ_BLOCKED_MOMENT_MAX_J); the cost is
 * estimated first and refused (AMQ_E_TOO_LARGE, nothing computed) beyond the limits of
 * amq/spec_blocked.h.  who names the caller in messages. */
amq_status amq_blocked_moment_exact(mpq_t rop, const amq_inner_moment *g, uint64_t b, uint64_t n, uint64_t j,
                                    const char *who);
amq_status amq_blocked_moment_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_moment *g,
                                      uint64_t b, uint64_t n, uint64_t j, const char *who);
/* The window terms amq_blocked_moment_enclose would sum (its cost estimate, nothing
 * computed), INFINITY where it would refuse. */
double amq_blocked_moment_terms(const amq_inner_moment *g, uint64_t b, uint64_t n, uint64_t j, mpfr_prec_t prec);
#endif
