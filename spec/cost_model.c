/* The cost models of the rate computations (spec/spec_internal/cost.h, amq/cost.h): the one place
 * where a computation's size is estimated and refused before it starts. */
#include "spec_internal/cost.h"
#include <lib_internal/fail.h>
#include <amq/certified.h>
#include <math.h>

amq_status amq_cost_exact(const char *who, const char *what, double den_bits, double work)
{
    if (den_bits > AMQ_COST_EXACT_MAX_BITS)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "%s: %s would have about %.3g bits (limit 2^26 bits, 8 MiB, for an exact fraction); "
                        "the certified enclosure gives the value instead (the *_fp_enclose functions; amq rate without --exact)",
                        who, what, den_bits);
    if (work > AMQ_COST_EXACT_MAX_WORK)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "%s: %s: the exact fraction needs about %.3g bits of big-number work (limit 2^30); "
                        "the certified enclosure gives the value instead (the *_fp_enclose functions; amq rate without --exact)",
                        who, what, work);
    return AMQ_OK;
}

double amq_cost_odd_log2(uint64_t x)
{
    return x == 0 ? 0.0 : log2((double)(x >> __builtin_ctzll(x)));
}

double amq_cost_ie_cancel_bits(uint64_t m, uint64_t k, double kn_max)
{
    const double K = (double)(k < m ? k : m);
    if (m <= 1 || kn_max <= 0)
        return K;
    /* p = 1 - (1 - 1/m)^kn in double: relative accuracy is enough for an estimate */
    const double p = -expm1(kn_max * log1p(-1.0 / (double)m));
    if (!(p > 0))
        return K * 1100.0; /* below the double range: certainly beyond any limit */
    return K * (1.0 + (p < 1 ? -log2(p) : 0.0));
}

static amq_status ie_refuse(const char *who, uint64_t m, uint64_t k, double cancel, double work, const char *how)
{
    return amq_fail(AMQ_E_TOO_LARGE,
                    "%s: m = %llu, k = %llu: %s would cancel about %.0f bits and take about %.3g "
                    "operation-bits (limit 2^31, about 2 s); a smaller k, or fewer bits per key, is within "
                    "it (the approximations are not certified)",
                    who, (unsigned long long)m, (unsigned long long)k, how, cancel, work);
}

amq_status amq_cost_ie_enclose(const char *who, uint64_t m, uint64_t k, double kn_max, double copies,
                               mpfr_prec_t prec)
{
    const double K = (double)(k < m ? k : m);
    const double work = (K + 1.0) * (K + 2.0) / 2.0 * copies * (double)prec;
    if (work > AMQ_COST_ENCLOSE_MAX_WORK)
        return ie_refuse(who, m, k, amq_cost_ie_cancel_bits(m, k, kn_max), work,
                         "an enclosure at this precision");
    return AMQ_OK;
}

amq_status amq_cost_ie_decimal(const char *who, uint64_t m, uint64_t k, double kn_max, double copies, int digits)
{
    const double K = (double)(k < m ? k : m);
    const double cancel = amq_cost_ie_cancel_bits(m, k, kn_max);
    /* amq_certified_decimal doubles prec from 64 + 4 digits until the cancellation is
     * covered: the precisions add up to about twice (cancellation + 64 + 4 digits) */
    const double work = (K + 1.0) * (K + 2.0) / 2.0 * copies * 2.0 * (cancel + 64.0 + 4.0 * (double)digits);
    if (work > AMQ_COST_ENCLOSE_MAX_WORK)
        return ie_refuse(who, m, k, cancel, work, "the certified value");
    return AMQ_OK;
}

double amq_cost_bloom_query(uint64_t m, uint64_t k_ins, uint64_t k_q, uint64_t n, int bits)
{
    const double J = (double)(k_q < m ? k_q : m);
    const double cancel = amq_cost_ie_cancel_bits(m, k_q, (double)k_ins * (double)n);
    double work = 0.0;
    /* the passes of amq_bloom_fp_query_enclose: prec doubled from bits + 64 + J while the
     * enclosure is too wide (about while prec < cancellation + bits + 64) */
    for (double P = (double)bits + 64.0 + J; P <= (double)AMQ_CERTIFIED_MAX_PREC; P *= 2.0) {
        work += J * pow(P, 1.6);
        if (P >= cancel + (double)bits + 64.0)
            break;
    }
    /* Its coefficients, made once before the passes (issue 26: they were not counted, and
     * for m near 2^63 and k_q = 2048 they took 3-11 s of an 1.8e9-unit estimate): the J + 1
     * powers (m - i)^k_q of B = k_q log2(m) bits and their difference table, (J+1)(J+2)/2
     * subtractions of B/64 limbs, 0.6 units per limb (0.33-0.4 ns measured while the table
     * fits the cache, 0.8-1.0 ns for tables of 32-128 MiB); then each
     * coefficient is reduced over m^k_q, a gcd that GMP runs on the odd parts (it strips the
     * common factors of 2 first): 0.08 units per Bo^1.5, Bo = k_q log2(odd part of m) (72-82
     * ps measured from 2.4e4 to 1e6 bits).  A unit is 0.4-1.5 ns of CPU (docs/cost-limits.md). */
    return work + amq_cost_bloom_coef(m, k_q, 1);
}

double amq_cost_bloom_coef(uint64_t m, uint64_t k_q, int reductions)
{
    const double J = (double)(k_q < m ? k_q : m);
    const double B = (double)k_q * log2((double)m), Bo = (double)k_q * amq_cost_odd_log2(m);
    return (J + 1.0) * (J + 2.0) / 2.0 * 0.6 * (B / 64.0 + 1.0) + (J + 1.0) * reductions * 0.08 * pow(Bo, 1.5);
}
