/* Blocked Bloom and counting blocked Bloom rates: the binomial mixture over a Bloom block
 * of block_bits bits and k hashes (amq/spec_blocked.h). */
#include "spec_internal/blocked.h"
#include "spec_internal/cost.h"

/* The cost model of the windowed enclosure over Bloom blocks (amq_cost_ie_enclose): one
 * inclusion-exclusion per window term, at the terms' inner precision (prec + 48 + bits of n
 * + 32, blocked_mixture_window.c), cancelling most at the window's top load.  The
 * exponential-sum method (many keys per block) is not this model. */
static amq_status bloom_window_cost(uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n, mpfr_prec_t prec,
                                    int digits, const char *who)
{
    if (n == 0 || k == 0)
        return AMQ_OK;
    const double terms = blocks == 1 ? 1.0 : amq_blocked_window_terms(blocks, n, prec);
    if (blocks > 1 && terms > (double)AMQ_BLOCKED_WINDOW_PREFER)
        return AMQ_OK;
    const double top = (double)n / (double)blocks + terms / 2.0;
    const double kn = (double)k * (top < (double)n ? top : (double)n);
    if (digits) /* the inner precision is about 100 bits above the decimal's */
        return amq_cost_ie_decimal(who, block_bits, k, kn, terms, digits + 25);
    return amq_cost_ie_enclose(who, block_bits, k, kn, terms, prec + 80 + u64_bitlen(n));
}

amq_status amq_blocked_bloom_fp_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_bloom_fp_exact: NULL argument");
    amq_status st = blocked_check_blocks(blocks, block_bits, "exact blocked Bloom rate");
    if (st)
        return st;
    if (k == 0) {
        mpq_set_ui(rop, 1, 1);
        return AMQ_OK;
    }
    amq_inner_bloom_params p = {block_bits, k};
    amq_inner_rate f = amq_inner_rate_bloom(&p);
    return amq_blocked_fp_exact(rop, &f, blocks, n);
}

amq_status amq_blocked_bloom_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                        uint64_t block_bits, uint64_t k, uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_bloom_fp_enclose: NULL argument");
    amq_status st = blocked_check_blocks(blocks, block_bits, "blocked Bloom rate enclosure");
    if (st || (st = blocked_check_prec(prec, "blocked Bloom rate enclosure")))
        return st;
    if (k == 0) {
        blocked_set_one(lo, hi);
        return AMQ_OK;
    }
    if ((st = bloom_window_cost(blocks, block_bits, k, n, prec, 0, "blocked Bloom rate enclosure")))
        return st;
    amq_inner_bloom_params p = {block_bits, k};
    amq_inner_rate f = amq_inner_rate_bloom(&p);
    return amq_blocked_fp_enclose(lo, hi, prec, &f, blocks, n);
}

amq_status amq_blocked_bloom_fp_decimal(char **out, uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n,
                                        int digits, mpfr_t lo_out, mpfr_t hi_out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_bloom_fp_decimal: NULL argument");
    if (out)
        *out = NULL;
    amq_status st = blocked_check_blocks(blocks, block_bits, "blocked Bloom rate decimal");
    if (st)
        return st;
    if (k == 0) /* f = 1 */
        return amq_blocked_decimal_one(out, digits, lo_out, hi_out);
    /* the first precision of amq_certified_decimal; digits are checked there */
    if (n > 64 && digits > 0 &&
        (st = bloom_window_cost(blocks, block_bits, k, n, 64 + 4 * (mpfr_prec_t)digits, digits, "blocked Bloom rate decimal")))
        return st;
    amq_inner_bloom_params p = {block_bits, k};
    amq_inner_rate f = amq_inner_rate_bloom(&p);
    return amq_blocked_fp_decimal(out, &f, blocks, n, digits, lo_out, hi_out);
}

amq_status amq_counting_blocked_fp_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_counting_blocked_fp_exact: NULL argument");
    return amq_blocked_bloom_fp_exact(rop, blocks, block_bits, k, n);
}

amq_status amq_counting_blocked_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                           uint64_t block_bits, uint64_t k, uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_counting_blocked_fp_enclose: NULL argument");
    return amq_blocked_bloom_fp_enclose(lo, hi, prec, blocks, block_bits, k, n);
}

amq_status amq_counting_blocked_fp_decimal(char **out, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                           uint64_t n, int digits, mpfr_t lo_out, mpfr_t hi_out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_counting_blocked_fp_decimal: NULL argument");
    return amq_blocked_bloom_fp_decimal(out, blocks, block_bits, k, n, digits, lo_out, hi_out);
}
