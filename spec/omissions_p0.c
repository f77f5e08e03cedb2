/* Probability of no hash omission, P0 = prod_{i<n} (1 - f_i) (D&M section 3.1), through
 * log P0 = sum_i log(1 - f_i) enclosed on blocks [a, b) of i: one block [1, n) when the
 * series converges fast, halved adaptively otherwise, a block at halving depth d getting
 * 2^-d of the width (amq/spec_omissions.h; method: docs/rates-omissions.md). */
#include <lib_internal/fail.h>
#include "spec_internal/omissions_p0.h"
#include <math.h>
#include <string.h>

#define P0_MAX_BLOCKS 4096 /* most blocks */

typedef struct p0_run {
    amq_omissions_expo *e;
    int bits;
    uint64_t leaves;
    uint64_t blocks;
    ivl acc; /* sum of the blocks' enclosures */
    const char *who;
} p0_run;

/* Enclose the block [a, b) to absolute width <= 2^-(bits + depth) and add it to acc. */
static amq_status p0_block(p0_run *R, uint64_t a, uint64_t b, int depth)
{
    double log2_share = -(double)(R->bits + depth);
    mpfr_prec_t wp = R->bits + depth + 64 + (mpfr_prec_t)log2((double)(b - a) + 1.0) +
                     (mpfr_prec_t)(R->e->log2_csum > 0 ? R->e->log2_csum : 0);
    int Pforce = 0, mode = -1;
    ivl L;
    ivl_init(&L, wp);
    amq_status st = AMQ_OK;
    if (++R->blocks > P0_MAX_BLOCKS) {
        st = amq_fail(AMQ_E_TOO_LARGE,
                      "%s: log P0 to an absolute width of 2^-%d needs more than %d blocks (m = %llu, "
                      "k = %llu; a heavily loaded filter? P0 <= e^-E is then tiny)",
                      R->who, R->bits - 1, P0_MAX_BLOCKS, ULL(R->e->m), ULL(R->e->k));
        goto out;
    }
    for (int attempt = 0;; attempt++) {
        amq_omissions_p0_result res;
        uint64_t room = AMQ_OMISSIONS_LEAF_BUDGET > R->leaves ? AMQ_OMISSIONS_LEAF_BUDGET - R->leaves : 0;
        st = amq_omissions_p0_block_eval(&L, &res, R->e, a, b, log2_share - 1.0, Pforce, mode, room, wp);
        if (st)
            break;
        R->leaves += res.leaves;
        if (R->leaves > AMQ_OMISSIONS_LEAF_BUDGET) {
            st = amq_fail(AMQ_E_TOO_LARGE,
                          "%s: log P0 to an absolute width of 2^-%d needs more than %llu geometric sums "
                          "(m = %llu, k = %llu; a heavily loaded filter? P0 <= e^-E is then tiny)",
                          R->who, R->bits - 1, ULL(AMQ_OMISSIONS_LEAF_BUDGET), ULL(R->e->m), ULL(R->e->k));
            break;
        }
        if (attempt >= 16 || wp >= AMQ_CERTIFIED_MAX_PREC) {
            st = amq_fail(AMQ_E_TOO_LARGE, "%s: block [%llu, %llu) not enclosed to 2^%g at precision %ld",
                          R->who, ULL(a), ULL(b), log2_share, (long)wp);
            break;
        }
        if (res.want_wp > 0) {
            wp = res.want_wp > AMQ_CERTIFIED_MAX_PREC ? AMQ_CERTIFIED_MAX_PREC : res.want_wp;
            continue;
        }
        if (res.need_split) {
            if (b - a < 2) {
                st = amq_fail(AMQ_E_TOO_LARGE, "%s: a single rate is too close to 1", R->who);
                break;
            }
            uint64_t mid = a + (b - a) / 2;
            ivl_clear(&L);
            if ((st = p0_block(R, a, mid, depth + 1)) != AMQ_OK)
                return st;
            return p0_block(R, mid, b, depth + 1);
        }
        mpfr_t w;
        mpfr_init2(w, 64);
        mpfr_sub(w, L.hi, L.lo, MPFR_RNDU);
        double l2w = fr_log2(w);
        mpfr_clear(w);
        if (l2w <= log2_share) {
            mpfr_add(R->acc.lo, R->acc.lo, L.lo, MPFR_RNDD);
            mpfr_add(R->acc.hi, R->acc.hi, L.hi, MPFR_RNDU);
            break;
        }
        if (res.P > 0 && res.log2_trunc > log2_share - 1.0 && res.P < P0_MAX_ORDER) {
            Pforce = res.P + 1; /* truncation: one more order, same expansion */
            mode = res.mode;
        } else {
            wp *= 2; /* rounding: more precision */
        }
    }
out:
    ivl_clear(&L);
    return st;
}

amq_status amq_omissions_log_p0_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_omissions_params *p)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_log_p0_enclose: NULL argument");
    const char *who = "omission probability P0";
    amq_status st = amq_omissions_check_params_bits(p, bits, who);
    if (st)
        return st;
    uint64_t E;
    int P0;
    if (amq_omissions_edge(p, &E, &P0)) {
        mpfr_set_prec(lo, 64);
        mpfr_set_prec(hi, 64);
        if (P0) {
            mpfr_set_zero(lo, 1);
            mpfr_set_zero(hi, 1);
        } else {
            mpfr_set_inf(lo, -1);
            mpfr_set_inf(hi, -1);
        }
        return AMQ_OK;
    }
    amq_omissions_expo e;
    if ((st = amq_omissions_expo_build(&e, p, who)) != AMQ_OK)
        return st;
    p0_run R;
    memset(&R, 0, sizeof R);
    R.e = &e;
    R.bits = bits + 1; /* the blocks' shares sum to 2^-(bits+1) * sum 2^-depth <= 2^-bits / 2 */
    R.who = who;
    mpfr_prec_t ap = bits + 128 + 64;
    ivl_init(&R.acc, ap);
    ivl_set_ui(&R.acc, 0);
    st = p0_block(&R, 1, p->n, 0);
    if (!st) {
        if (mpfr_sgn(R.acc.hi) > 0)
            mpfr_set_zero(R.acc.hi, 1);
        mpfr_set_prec(lo, ap);
        mpfr_set_prec(hi, ap);
        fr_put_outward(lo, hi, R.acc.lo, R.acc.hi);
    }
    ivl_clear(&R.acc);
    amq_omissions_expo_free(&e);
    return st;
}

/* Cheap certified upper bound of log P0 (no edge case): on 256 blocks [a, b) of i,
 * log(1 - f_i) <= log(1 - f_a) since f is non-decreasing. */
static amq_status log_p0_coarse_upper(mpfr_t out, const amq_omissions_params *p)
{
    amq_omissions_expo e;
    amq_status st = amq_omissions_expo_build(&e, p, "omission probability P0");
    if (st)
        return st;
    amq_omissions_expo_set_prec(&e, 64);
    ivl om;
    ivl_init(&om, 64);
    mpfr_t acc, t, hf;
    mpfr_inits2(64, acc, t, (mpfr_ptr)0);
    mpfr_set_zero(acc, 1);
    uint64_t N = p->n - 1, G = N < 256 ? N : 256, a = 1;
    for (uint64_t g = 1; g <= G; g++) {
        uint64_t b = g == G ? p->n : 1 + (uint64_t)((double)N * (double)g / (double)G);
        if (b <= a)
            continue;
        amq_omissions_expo_one_minus(&om, &e, a);
        if (mpfr_sgn(om.hi) > 0) {
            mpfr_log(t, om.hi, MPFR_RNDU);
            fr_init_u64(hf, b - a);
            mpfr_mul(t, t, hf, MPFR_RNDU);
            mpfr_add(acc, acc, t, MPFR_RNDU);
            mpfr_clear(hf);
        }
        a = b;
    }
    mpfr_set(out, acc, MPFR_RNDU);
    mpfr_clears(acc, t, (mpfr_ptr)0);
    ivl_clear(&om);
    amq_omissions_expo_free(&e);
    return AMQ_OK;
}

amq_status amq_omissions_p0_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_omissions_params *p)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_p0_enclose: NULL argument");
    mpfr_t l, h;
    mpfr_inits2(64, l, h, (mpfr_ptr)0);
    amq_status st = amq_omissions_check_params(p, "omission probability P0");
    uint64_t E0;
    int P00;
    if (!st && !amq_omissions_edge(p, &E0, &P00)) {
        /* fail fast when a cheap upper bound of log P0 already underflows */
        mpfr_t b;
        mpfr_init2(b, 64);
        st = log_p0_coarse_upper(b, p);
        if (!st && mpfr_cmp_d(b, ((double)mpfr_get_emin() + 4.0) * 0.69314718) < 0) /* below 2^emin */
            st = amq_fail(AMQ_E_TOO_LARGE,
                          "omission probability P0: P0 <= exp(%.6g) underflows the MPFR exponent range; use "
                          "amq_omissions_log_p0_enclose or amq_omissions_p0_upper",
                          mpfr_get_d(b, MPFR_RNDN));
        mpfr_clear(b);
    }
    if (!st)
        st = amq_omissions_log_p0_enclose(l, h, bits, p);
    if (!st) {
        if (mpfr_inf_p(h)) { /* P0 = 0 exactly */
            mpfr_set_prec(lo, 64);
            mpfr_set_prec(hi, 64);
            mpfr_set_zero(lo, 1);
            mpfr_set_zero(hi, 1);
        } else {
            /* exp must not underflow: log P0 > (emin - 1) ln 2 */
            mpfr_t lim;
            mpfr_init2(lim, 64);
            mpfr_const_log2(lim, MPFR_RNDD);
            mpfr_mul_si(lim, lim, (long)mpfr_get_emin() + 2, MPFR_RNDD);
            if (mpfr_cmp(l, lim) <= 0) {
                st = amq_fail(AMQ_E_TOO_LARGE,
                              "omission probability P0: P0 = exp(%.6g) underflows the MPFR exponent range; use "
                              "omission probability P0 enclosure",
                              mpfr_get_d(l, MPFR_RNDN));
            } else {
                mpfr_set_prec(lo, bits + 32);
                mpfr_set_prec(hi, bits + 32);
                mpfr_exp(lo, l, MPFR_RNDD);
                mpfr_exp(hi, h, MPFR_RNDU);
                if (mpfr_cmp_ui(hi, 1) > 0)
                    mpfr_set_ui(hi, 1, MPFR_RNDU);
            }
            mpfr_clear(lim);
        }
    }
    mpfr_clears(l, h, (mpfr_ptr)0);
    return st;
}

amq_status amq_omissions_p0_upper(mpfr_t log10_hi, const amq_omissions_params *p)
{
    if (!log10_hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_p0_upper: NULL argument");
    mpfr_t lo, hi, c;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_omissions_expected_enclose(lo, hi, 32, p);
    if (!st) {
        uint64_t E;
        int P0;
        if (amq_omissions_edge(p, &E, &P0) && !P0) {
            mpfr_set_inf(log10_hi, -1);
        } else {
            /* log P0 <= min(-E, coarse monotone bound); log10 = that / ln 10, rounded up */
            mpfr_init2(c, mpfr_get_prec(lo) + 16);
            mpfr_neg(hi, lo, MPFR_RNDU);
            if (log_p0_coarse_upper(c, p) == AMQ_OK && mpfr_cmp(c, hi) < 0)
                mpfr_set(hi, c, MPFR_RNDU);
            mpfr_log_ui(c, 10, MPFR_RNDU);
            mpfr_div(log10_hi, hi, c, MPFR_RNDU); /* hi <= 0: divide by an upper bound of ln 10 */
            mpfr_clear(c);
        }
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}
