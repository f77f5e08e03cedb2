/* Sizing on the exact mixture: the smallest size whose certified upper bound of the FP
 * rate reaches the target (amq/spec_blocked.h; soundness of the search: docs/rates-blocked.md). */
#include "spec_internal/blocked.h"
#include <math.h>

#define SIZE_PREC 96

/* Certified upper bound of an FP rate at size x, rounded up to a double. */
typedef amq_status (*ub_fn)(double *ub, uint64_t x, const void *ctx);

static amq_status hi_to_double(double *ub, const mpfr_t hi)
{
    *ub = mpfr_get_d(hi, MPFR_RNDU);
    return AMQ_OK;
}

/* Smallest x in [1, cap] with ub(x) <= fpr (ub nonincreasing in x), searching from
 * `guess`. AMQ_E_TOO_LARGE when ub(cap) > fpr. */
static amq_status min_size(uint64_t *out, ub_fn fn, const void *ctx, uint64_t guess, uint64_t cap, double fpr)
{
    double u;
    amq_status st;
    uint64_t hi = guess < 1 ? 1 : guess > cap ? cap : guess, lo;
    if ((st = fn(&u, hi, ctx)))
        return st;
    if (u > fpr) { /* grow */
        /* the largest size first (ub is nonincreasing): a target no size reaches costs one
         * evaluation, not one per doubling up to the 64-bit limit (amq build -p 1e-300) */
        if (hi < cap) {
            if ((st = fn(&u, cap, ctx)))
                return st;
            if (u > fpr)
                hi = cap;
        }
        for (;;) {
            lo = hi;
            if (hi == cap)
                return amq_fail(AMQ_E_TOO_LARGE,
                                "sizing: no size up to %llu (the 64-bit limit) reaches fpr %g", ULL(cap), fpr);
            hi = hi > cap / 2 ? cap : 2 * hi;
            if ((st = fn(&u, hi, ctx)))
                return st;
            if (u <= fpr)
                break;
        }
    } else { /* shrink until it fails (lo = 0 stands for "fails") */
        lo = hi / 2;
        while (lo >= 1) {
            if ((st = fn(&u, lo, ctx)))
                return st;
            if (u > fpr)
                break;
            hi = lo;
            lo /= 2;
        }
    }
    while (hi - lo > 1) { /* ub(hi) <= fpr, lo fails */
        uint64_t mid = lo + (hi - lo) / 2;
        if ((st = fn(&u, mid, ctx)))
            return st;
        if (u <= fpr)
            hi = mid;
        else
            lo = mid;
    }
    *out = hi;
    return AMQ_OK;
}

static amq_status check_size_args(uint64_t n, double fpr, const void *o1, const void *o2)
{
    if (n == 0)
        return amq_fail(AMQ_E_INVALID_N, "n = 0: sizing needs at least one expected key");
    if (!(fpr > 0.0 && fpr < 1.0))
        return amq_fail(AMQ_E_INVALID_FPR, "target false-positive rate %g is outside (0, 1)", fpr);
    if (!o1 || !o2)
        return amq_fail(AMQ_E_INVALID_ARG, "sizing: NULL output pointer");
    return AMQ_OK;
}

typedef struct { uint64_t n, block_bits, k; } size_ctx;

/* Sizing evaluates many sizes: the closed form (O(k^2) per evaluation instead of per window
 * term) when its enclosure is tight (relative width <= 2^-64), the windowed enclosure
 * otherwise. Both are certified. */
static amq_status ub_mixture(double *ub, const amq_inner_rate *f, uint64_t blocks, uint64_t n)
{
    mpfr_t lo, hi, w;
    mpfr_inits2(SIZE_PREC, lo, hi, w, (mpfr_ptr)0);
    amq_status st = amq_blocked_fp_enclose_pgf(lo, hi, SIZE_PREC, f, blocks, n);
    int tight = 0;
    if (!st && mpfr_sgn(lo) > 0) {
        mpfr_sub(w, hi, lo, MPFR_RNDU);
        mpfr_div(w, w, lo, MPFR_RNDU);
        tight = mpfr_cmp_ui_2exp(w, 1, -64) <= 0;
    }
    if (!tight)
        st = amq_blocked_fp_enclose(lo, hi, SIZE_PREC, f, blocks, n);
    if (!st)
        hi_to_double(ub, hi);
    mpfr_clears(lo, hi, w, (mpfr_ptr)0);
    return st;
}

static amq_status ub_split(double *ub, uint64_t blocks, const void *ctx)
{
    const size_ctx *c = ctx;
    amq_inner_partitioned_params p = {AMQ_SPLIT_BLOCK_BITS, AMQ_SPLIT_BLOCK_K};
    amq_inner_rate f = amq_inner_rate_partitioned(&p);
    return ub_mixture(ub, &f, blocks, c->n);
}

amq_status amq_split_block_size_for(uint64_t n, double fpr, uint64_t *blocks, double *achieved)
{
    amq_status st = check_size_args(n, fpr, blocks, blocks);
    if (st)
        return st;
    size_ctx c = {n, AMQ_SPLIT_BLOCK_BITS, AMQ_SPLIT_BLOCK_K};
    const uint64_t cap = UINT64_MAX / AMQ_SPLIT_BLOCK_BITS;
    double g = ceil(amq_split_block_bits_per_key_classic(fpr) * (double)n / 256.0);
    uint64_t guess = g < 1.0 ? 1 : g >= (double)cap ? cap : (uint64_t)g;
    uint64_t b;
    if ((st = min_size(&b, ub_split, &c, guess, cap, fpr)))
        return st;
    *blocks = b;
    if (achieved)
        st = ub_split(achieved, b, &c);
    return st;
}

static amq_status ub_bbloom(double *ub, uint64_t blocks, const void *ctx)
{
    const size_ctx *c = ctx;
    amq_inner_bloom_params p = {c->block_bits, c->k};
    amq_inner_rate f = amq_inner_rate_bloom(&p);
    return ub_mixture(ub, &f, blocks, c->n);
}

static uint64_t size_kmax(double fpr, uint64_t limit)
{
    double kx = 2.0 * ceil(-log2(fpr)) + 8.0;
    uint64_t k = kx > (double)AMQ_BLOCKED_SIZE_MAX_K ? AMQ_BLOCKED_SIZE_MAX_K : (uint64_t)kx;
    return k < limit ? k : limit;
}

amq_status amq_blocked_bloom_size_for(uint64_t n, double fpr, uint64_t block_bits, uint64_t *blocks, uint64_t *k,
                                      double *achieved)
{
    amq_status st = check_size_args(n, fpr, blocks, k);
    if (st)
        return st;
    if (block_bits == 0)
        return amq_fail(AMQ_E_INVALID_M, "blocked Bloom sizing: block_bits = 0");
    const uint64_t cap = UINT64_MAX / block_bits, kmax = size_kmax(fpr, block_bits);
    /* start at the Bloom-optimal k (rounded down: blocking lowers the optimum) */
    uint64_t k0 = (uint64_t)(-log2(fpr) * 0.8);
    k0 = k0 < 1 ? 1 : k0 > kmax ? kmax : k0;
    uint64_t best_b = 0, best_k = 0;
    for (uint64_t t = 0; t <= kmax; t++) {
        uint64_t kk = t == 0 ? k0 : t;
        if (t == k0)
            continue;
        size_ctx c = {n, block_bits, kk};
        uint64_t bk;
        if (!best_b) {
            double g = ceil(-log(fpr) / (0.4804530139182014 * (double)block_bits) * (double)n);
            uint64_t guess = g < 1.0 ? 1 : g >= (double)cap ? cap : (uint64_t)g;
            st = min_size(&bk, ub_bbloom, &c, guess, cap, fpr);
            if (st == AMQ_E_TOO_LARGE) /* this k cannot reach fpr: try the others */
                continue;
        } else {
            /* to win, kk needs best_b blocks if kk < best_k (ties go to the smaller k), else
             * best_b - 1 */
            uint64_t target = kk < best_k ? best_b : best_b - 1;
            double u;
            if (target == 0)
                continue;
            if ((st = ub_bbloom(&u, target, &c)))
                return st;
            if (u > fpr)
                continue;
            st = min_size(&bk, ub_bbloom, &c, target, target, fpr);
        }
        if (st)
            return st;
        if (!best_b || bk < best_b || (bk == best_b && kk < best_k)) {
            best_b = bk;
            best_k = kk;
        }
    }
    if (!best_b)
        return amq_fail(AMQ_E_TOO_LARGE, "blocked Bloom sizing: no (blocks, k) with k <= %llu reaches fpr %g",
                        ULL(kmax), fpr);
    *blocks = best_b;
    *k = best_k;
    if (achieved) {
        size_ctx c = {n, block_bits, best_k};
        st = ub_bbloom(achieved, best_b, &c);
    }
    return st;
}

static amq_status ub_part(double *ub, uint64_t s, const void *ctx)
{
    const size_ctx *c = ctx;
    mpfr_t lo, hi;
    mpfr_inits2(SIZE_PREC, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_partitioned_inner_enclose(lo, hi, SIZE_PREC, s * c->k, c->k, c->n);
    if (!st)
        hi_to_double(ub, hi);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}

amq_status amq_partitioned_size_for(uint64_t n, double fpr, uint64_t *m, uint64_t *k, double *achieved)
{
    amq_status st = check_size_args(n, fpr, m, k);
    if (st)
        return st;
    const uint64_t kmax = size_kmax(fpr, AMQ_BLOCKED_SIZE_MAX_K);
    uint64_t best_m = 0, best_k = 0;
    for (uint64_t kk = 1; kk <= kmax; kk++) {
        size_ctx c = {n, 0, kk};
        const uint64_t cap = UINT64_MAX / kk;
        /* (1 - e^{-n/s})^k = fpr  ->  s = -n / ln(1 - fpr^(1/k)) */
        double g = ceil(-(double)n / log1p(-pow(fpr, 1.0 / (double)kk)));
        uint64_t guess = g < 1.0 ? 1 : g >= (double)cap ? cap : (uint64_t)g, s;
        st = min_size(&s, ub_part, &c, guess, cap, fpr);
        if (st == AMQ_E_TOO_LARGE)
            continue;
        if (st)
            return st;
        if (!best_m || s * kk < best_m) {
            best_m = s * kk;
            best_k = kk;
        }
    }
    if (!best_m)
        return amq_fail(AMQ_E_TOO_LARGE, "partitioned sizing: no (m, k) below 2^64 bits reaches fpr %g", fpr);
    *m = best_m;
    *k = best_k;
    if (achieved) {
        size_ctx c = {n, 0, best_k};
        st = ub_part(achieved, best_m / best_k, &c);
    }
    return st;
}

amq_status amq_blocked_quotient_size_for(uint64_t n, double fpr, uint64_t keys_per_block, uint64_t *blocks,
                                         uint64_t *p, double *achieved)
{
    amq_status st = check_size_args(n, fpr, blocks, p);
    if (st)
        return st;
    if (keys_per_block == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "blocked quotient sizing: keys_per_block = 0");
    uint64_t b = n / keys_per_block + (n % keys_per_block != 0);
    mpfr_t lo, hi;
    mpfr_inits2(SIZE_PREC, lo, hi, (mpfr_ptr)0);
    uint64_t pp = 0;
    double u = 1.0;
    for (; pp <= 64; pp++) { /* the rate decreases in p: the first p that reaches fpr */
        st = amq_blocked_quotient_fp_enclose(lo, hi, SIZE_PREC, b, pp, n);
        if (st)
            break;
        u = mpfr_get_d(hi, MPFR_RNDU);
        if (u <= fpr)
            break;
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    if (st)
        return st;
    if (pp > 64) /* the message only on failure: a success leaves amq_last_error() as it was */
        return amq_fail(AMQ_E_TOO_LARGE,
                        "blocked quotient sizing: even 64-bit fingerprints in %llu blocks miss fpr %g for n = %llu",
                        ULL(b), fpr, ULL(n));
    *blocks = b;
    *p = pp;
    if (achieved)
        *achieved = u;
    return AMQ_OK;
}
