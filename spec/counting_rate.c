/* Counting Bloom rates by reduction to Bloom (Ceramist Theorem 8). */
#include <lib_internal/fail.h>
#include <amq/spec_counting.h>

amq_status amq_counting_fp_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_counting_fp_exact: NULL argument");
    return amq_bloom_fp_exact(rop, m, k, n);
}

amq_status amq_counting_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k, uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_counting_fp_enclose: NULL argument");
    return amq_bloom_fp_enclose(lo, hi, prec, m, k, n);
}

amq_status amq_counting_fp_decimal(char **out, uint64_t m, uint64_t k, uint64_t n, int digits, mpfr_t lo_out,
                                   mpfr_t hi_out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_counting_fp_decimal: NULL argument");
    return amq_bloom_fp_decimal(out, m, k, n, digits, lo_out, hi_out);
}

amq_status amq_counting_fp_after_removals(mpq_t rop, uint64_t m, uint64_t k, uint64_t n, uint64_t r)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_counting_fp_after_removals: NULL argument");
    if (r > n)
        return amq_fail(AMQ_E_INVALID_ARG, "r = %llu removals exceed n = %llu insertions",
                        (unsigned long long)r, (unsigned long long)n);
    return amq_bloom_fp_exact(rop, m, k, n - r);
}
