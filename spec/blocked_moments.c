/* The second moment E[pi^2] of the blocked Bloom rate (amq/spec_blocked.h; derivation in
 * docs/rates-blocked.md, "The second moment"): two fresh keys fall in the same block with
 * probability 1/b, and are then both positive iff the 2k query positions in that block are
 * all set; in two different blocks otherwise, whose loads (i, i') are those of the
 * multinomial: given i keys in the first, the n - i others spread over the b - 1 others.
 *
 *   E[pi^2] = (1/b) sum_i B(i) g(i) + (1 - 1/b) sum_i B(i) f(i) FP(b - 1, n - i),
 *
 * B(i) = C(n, i) (1/b)^i (1 - 1/b)^(n - i), f(i) = FP_bloom(B, k, k, i) (the block's rate),
 * g(i) = FP_bloom(B, k, 2k, i) (amq/spec_moments.h), FP(b', n') the blocked Bloom rate.  Both
 * sums are binomial mixtures over inner "rates" g and h(i) = f(i) FP(b - 1, n - i), so the
 * mixture routines give them exactly and as certified enclosures (h is not monotone: the
 * window's tails are bounded by 1). */
#include "spec_internal/blocked.h"
#include <amq/spec_moments.h>
#include <lib_internal/moment_cost.h>

typedef struct pair_params {
    uint64_t blocks, bits, k, n;
} pair_params;

static amq_status g_exact(mpq_t rop, uint64_t i, const void *params)
{
    const pair_params *p = params;
    return amq_bloom_fp_query_exact(rop, p->bits, p->k, 2 * p->k, i);
}

static amq_status g_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t i, const void *params)
{
    const pair_params *p = params;
    return amq_bloom_fp_query_enclose(lo, hi, (int)prec, p->bits, p->k, 2 * p->k, i);
}

static amq_status h_exact(mpq_t rop, uint64_t i, const void *params)
{
    const pair_params *p = params;
    mpq_t other;
    mpq_init(other);
    amq_status st = amq_bloom_fp_query_exact(rop, p->bits, p->k, p->k, i);
    if (st == AMQ_OK)
        st = amq_blocked_bloom_fp_exact(other, p->blocks - 1, p->bits, p->k, p->n - i);
    if (st == AMQ_OK)
        mpq_mul(rop, rop, other);
    mpq_clear(other);
    return st;
}

static amq_status h_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t i, const void *params)
{
    const pair_params *p = params;
    mpfr_t flo, fhi;
    mpfr_inits2(prec + 8, flo, fhi, (mpfr_ptr)0);
    amq_status st = amq_bloom_fp_query_enclose(flo, fhi, (int)prec, p->bits, p->k, p->k, i);
    if (st == AMQ_OK)
        st = amq_blocked_bloom_fp_enclose(lo, hi, prec, p->blocks - 1, p->bits, p->k, p->n - i);
    if (st == AMQ_OK) { /* both are nonnegative: the ends multiply, rounded outward */
        mpfr_mul(lo, lo, flo, MPFR_RNDD);
        mpfr_mul(hi, hi, fhi, MPFR_RNDU);
    }
    mpfr_clears(flo, fhi, (mpfr_ptr)0);
    return st;
}

static amq_status pair_check(uint64_t blocks, uint64_t block_bits, uint64_t k, const char *who)
{
    amq_status st = blocked_check_blocks(blocks, block_bits, who);
    if (st == AMQ_OK && k > AMQ_MOMENTS_MAX_KQ / 2)
        st = amq_fail(AMQ_E_TOO_LARGE, "%s: k = %llu needs %llu query positions (limit %d)", who,
                      (unsigned long long)k, (unsigned long long)(2 * k), AMQ_MOMENTS_MAX_KQ);
    return st;
}

amq_status amq_blocked_bloom_fp_pair_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n)
{
    const char *who = "exact second moment of the blocked Bloom rate";
    if (!rop) /* API misuse: named by the public function */
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_bloom_fp_pair_exact: NULL argument");
    amq_status st = pair_check(blocks, block_bits, k, who);
    if (st)
        return st;
    const pair_params p = {blocks, block_bits, k, n};
    const amq_inner_rate g = {"bloom, 2k query positions", g_exact, g_enclose, 1, NULL, &p};
    const amq_inner_rate h = {"bloom times the other blocks", h_exact, h_enclose, 0, NULL, &p};
    mpq_t other;
    mpq_init(other);
    st = amq_blocked_fp_exact_sum(rop, &g, blocks, n);
    if (st == AMQ_OK && blocks > 1)
        st = amq_blocked_fp_exact_sum(other, &h, blocks, n);
    if (st == AMQ_OK && blocks > 1) { /* (g + (b - 1) h) / b */
        mpz_mul_ui(mpq_numref(other), mpq_numref(other), blocks - 1);
        mpq_canonicalize(other);
        mpq_add(rop, rop, other);
        mpz_mul_ui(mpq_denref(rop), mpq_denref(rop), blocks);
        mpq_canonicalize(rop);
    }
    mpq_clear(other);
    return st;
}

amq_status amq_blocked_bloom_fp_pair_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                             uint64_t block_bits, uint64_t k, uint64_t n)
{
    const char *who = "second moment of the blocked Bloom rate";
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_bloom_fp_pair_enclose: NULL argument");
    amq_status st = pair_check(blocks, block_bits, k, who);
    if (st || (st = blocked_check_prec(prec, who)))
        return st;
    /* every term of the outer window is a mixture itself: keep the product of the windows
     * within what one mixture may sum */
    const double terms = blocks == 1 ? 1.0 : amq_blocked_window_terms(blocks, n, prec);
    if (terms * terms > (double)AMQ_BLOCKED_MAX_WINDOW)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "%s: %llu keys in %llu blocks need about %.0f x %.0f terms (limit %u in all)", who,
                        (unsigned long long)n, (unsigned long long)blocks, terms, terms, AMQ_BLOCKED_MAX_WINDOW);
    const pair_params p = {blocks, block_bits, k, n};
    const amq_inner_rate g = {"bloom, 2k query positions", g_exact, g_enclose, 1, NULL, &p};
    const amq_inner_rate h = {"bloom times the other blocks", h_exact, h_enclose, 0, NULL, &p};
    mpfr_t glo, ghi, hlo, hhi;
    mpfr_inits2(prec + 16, glo, ghi, hlo, hhi, (mpfr_ptr)0);
    st = amq_blocked_fp_enclose_window(glo, ghi, prec + 8, &g, blocks, n);
    if (st == AMQ_OK && blocks > 1)
        st = amq_blocked_fp_enclose_window(hlo, hhi, prec + 8, &h, blocks, n);
    if (st == AMQ_OK) {
        if (blocks > 1) { /* (g + (b - 1) h) / b, each end rounded outward */
            mpfr_mul_ui(hlo, hlo, blocks - 1, MPFR_RNDD);
            mpfr_mul_ui(hhi, hhi, blocks - 1, MPFR_RNDU);
            mpfr_add(glo, glo, hlo, MPFR_RNDD);
            mpfr_add(ghi, ghi, hhi, MPFR_RNDU);
            mpfr_div_ui(glo, glo, blocks, MPFR_RNDD);
            mpfr_div_ui(ghi, ghi, blocks, MPFR_RNDU);
        }
        mpfr_set(lo, glo, MPFR_RNDD);
        mpfr_set(hi, ghi, MPFR_RNDU);
    }
    mpfr_clears(glo, ghi, hlo, hhi, (mpfr_ptr)0);
    return st;
}

/* Its cost estimate (lib_internal/moment_cost.h): W window terms of g (the Bloom form at 2k
 * positions) and, over more than one block, W terms of h, each a Bloom form at k positions
 * times a blocked Bloom rate of W terms; the Bloom forms at the window's centre, n / b keys. */
double amq_blocked_bloom_fp_pair_work(uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n, mpfr_prec_t prec)
{
    const char *who = "second moment of the blocked Bloom rate";
    if (pair_check(blocks, block_bits, k, who) || blocked_check_prec(prec, who))
        return INFINITY;
    const double W = blocks == 1 ? 1.0 : amq_blocked_window_terms(blocks, n, prec);
    if (W * W > (double)AMQ_BLOCKED_MAX_WINDOW)
        return INFINITY;
    const uint64_t i = blocks > n ? 1 : n / blocks;
    const double g = amq_bloom_fp_query_work(block_bits, k, 2 * k, i, (int)prec);
    const double f = amq_bloom_fp_query_work(block_bits, k, k, i, (int)prec);
    return W * g + (blocks > 1 ? W * (f + W * (f + AMQ_BLOCKED_NS_PER_TERM)) : 0.0);
}
