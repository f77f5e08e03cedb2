/* Certified numbers: enclosures [lo, hi] computed with directed rounding (MPFR), and
 * decimals correctly rounded from an exact rational or from an enclosure.
 *
 * Decimal format (all routines here): an exact 0 prints "0" and an exact 1 prints "1";
 * every other value prints with exactly D significant digits in C "%.{D-1}e" style,
 * e.g. "6.2500000000000000e-01" (D = 17), "-1.5e+03" (a value that merely rounds to 1
 * prints "1.0000000000000000e+00"); rounding to nearest breaks ties to even on the last
 * kept digit. Examples, the rounding rule and the methods: docs/certified-arithmetic.md. */
#ifndef AMQ_CERTIFIED_H
#define AMQ_CERTIFIED_H
#include <stddef.h>
#include <gmp.h>
#include <mpfr.h>
#include <amq/error.h>

/* Most significant digits any decimal routine accepts (AMQ_E_INVALID_ARG beyond). */
#define AMQ_DECIMAL_MAX_DIGITS 1000
/* amq_certified_decimal starts at 64 + 4*digits bits and doubles the precision up to
 * this many bits (AMQ_E_TOO_LARGE beyond: a value on, or extremely close to, a decimal
 * tie, or a loose enclosure). */
#define AMQ_CERTIFIED_MAX_PREC ((mpfr_prec_t)1 << 18)

typedef enum amq_round_dir {
    AMQ_ROUND_NEAREST = 0, /* to nearest, ties to even */
    AMQ_ROUND_DOWN = -1,   /* toward -infinity (floor) */
    AMQ_ROUND_UP = 1       /* toward +infinity (ceiling) */
} amq_round_dir;

/* An enclosure routine: sets lo <= true value <= hi, working at precision prec
 * (lo and hi are already initialised to prec). */
typedef amq_status (*amq_enclose_fn)(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params);

/* Decimal of the value enclosed by f, correctly rounded (to nearest) to `digits`
 * significant digits: f is called at rising precision until both ends round to the same
 * string. On success *out is a malloc'd string; lo_out and hi_out (may be NULL; else
 * initialised by the caller, any precision) receive the final enclosure rounded outward.
 * An exact value (f returns lo == hi) prints by the exact rule ("0", "1" at once).
 * Errors: AMQ_E_INVALID_ARG (digits outside [1, AMQ_DECIMAL_MAX_DIGITS], NULL, or an
 * invalid interval from f), AMQ_E_TOO_LARGE (no agreement by AMQ_CERTIFIED_MAX_PREC),
 * or whatever f returns. */
AMQ_API amq_status amq_certified_decimal(char **out, amq_enclose_fn f, const void *params, int digits,
                                 mpfr_t lo_out, mpfr_t hi_out);
/* Decimal of an exact rational, correctly rounded to `digits` significant digits.
 * AMQ_E_INVALID_ARG for NULL out or digits outside [1, AMQ_DECIMAL_MAX_DIGITS];
 * AMQ_E_TOO_LARGE for a binary exponent beyond 2^40; AMQ_E_NOMEM. */
AMQ_API amq_status amq_mpq_decimal(char **out, const mpq_t q, int digits);
/* Same with a rounding direction: AMQ_ROUND_DOWN / AMQ_ROUND_UP give the largest decimal
 * <= q / smallest decimal >= q with `digits` significant digits (outward printing of
 * enclosure ends). Exact 0 and 1 still print "0" and "1". */
AMQ_API amq_status amq_mpq_decimal_dir(char **out, const mpq_t q, int digits, amq_round_dir dir);
/* Decimal of an MPFR number (its exact binary value), rounded in direction dir;
 * AMQ_E_INVALID_ARG for NaN or an infinity. */
AMQ_API amq_status amq_mpfr_decimal(char **out, const mpfr_t x, int digits, amq_round_dir dir);

/* Certified relative error of an approximation: rlo <= |approx - v| / v <= rhi for every
 * v in [lo, hi], rounded outward into rlo / rhi at their precision. AMQ_E_INVALID_ARG
 * unless approx, lo, hi are finite and 0 < lo <= hi. */
AMQ_API amq_status amq_relerr_enclose(mpfr_t rlo, mpfr_t rhi, const mpfr_t approx, const mpfr_t lo,
                              const mpfr_t hi);

#endif
