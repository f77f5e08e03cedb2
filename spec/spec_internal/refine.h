/* Private (not installed): an enclosure refined to a relative width, by doubling the working
 * precision of a pass that encloses the value (spec/refine.c). */
#ifndef AMQ_SPEC_INTERNAL_REFINE_H
#define AMQ_SPEC_INTERNAL_REFINE_H
#include <amq/error.h>
#include <mpfr.h>

/* One pass at precision prec: [a, b] encloses the value (outward rounding); a and b already
 * have precision prec.  AMQ_OK, or AMQ_E_NOMEM. */
typedef amq_status (*amq_refine_pass)(mpfr_t a, mpfr_t b, mpfr_prec_t prec, void *ctx);

/* Runs pass at first, 2 first, ... up to AMQ_CERTIFIED_MAX_PREC until a > 0 and
 * b - a <= 2^-bits a (both rounded up), then [lo, hi] = [a, b] rounded outward.  Returns
 * AMQ_OK, AMQ_E_NOMEM (a pass ran out of memory) or AMQ_E_TOO_LARGE (no such width within the
 * precision limit); it sets no message: the caller names what it computed. */
amq_status amq_refine_relative(mpfr_t lo, mpfr_t hi, int bits, mpfr_prec_t first, amq_refine_pass pass, void *ctx);

#endif
