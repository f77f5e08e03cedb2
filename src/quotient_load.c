/* Sizing a quotient table for a chosen load (lib_internal/quotient_load.h). */
#include <lib_internal/quotient_load.h>
#include <lib_internal/fail.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

uint64_t amq_quotient_fill_limit(uint64_t q, double max_load) { return (uint64_t)floor(ldexp(max_load, (int)q)); }

/* The log of the bound is convex in t: ternary search over (0, t*). */
double amq_quotient_log_overflow_bound(double a, uint64_t slack)
{
    const double s1 = (double)slack + 1.0;
    if (!(a > 0.0 && a < 1.0))
        return 0.0; /* no t* (or nothing homed): P <= 1 */
    double lo = 0.0, hi = 1.0;
    while (a * expm1(hi) < hi && hi < 1024.0) /* a < 1: t* exists, below 2 ln(1/a) + 2 */
        hi *= 2.0;
    for (int i = 0; i < 100; i++) { /* t*, by bisection */
        const double m = 0.5 * (lo + hi);
        if (a * expm1(m) < m)
            lo = m;
        else
            hi = m;
    }
    double l = 0.0, h = lo, best = 0.0; /* 0: the trivial bound, P <= 1 */
    for (int i = 0; i < 200; i++) {
        const double t1 = l + (h - l) / 3.0, t2 = h - (h - l) / 3.0;
        const double g1 = a * expm1(t1) - t1, g2 = a * expm1(t2) - t2; /* ln g < 0 */
        const double v1 = -t1 * s1 + g1 - log(-expm1(g1)), v2 = -t2 * s1 + g2 - log(-expm1(g2));
        best = fmin(best, fmin(v1, v2));
        if (!(v1 >= v2)) /* a NaN (rounding next to t*) counts as +inf */
            h = t2;
        else
            l = t1;
    }
    return best;
}

const char *amq_quotient_load_text(double x, char buf[32])
{
    snprintf(buf, 32, "%.15g", x);
    if (strtod(buf, NULL) != x)
        snprintf(buf, 32, "%.17g", x);
    return buf;
}

amq_status amq_quotient_load_args(uint64_t n, double fpr, double max_load, double max, const char *who,
                                  const char *share)
{
    if (n == 0)
        return amq_fail(AMQ_E_INVALID_N, "n = 0: sizing needs at least one expected key");
    if (!(fpr > 0.0 && fpr < 1.0))
        return amq_fail(AMQ_E_INVALID_FPR, "target false-positive rate %g is outside (0, 1)", fpr);
    char text[32];
    if (!(max_load > 0.0 && max_load <= max))
        return amq_fail(AMQ_E_INVALID_ARG, "%s: maximum load %s is outside (0, %g] (%s the keys may fill)", who,
                        amq_quotient_load_text(max_load, text), max, share);
    return AMQ_OK;
}
