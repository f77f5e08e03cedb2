/* The large-m limit of expected omissions, I_k(r) = int_0^1 (1 - e^{-kx/r})^k dx (D&M
 * section 3.3): its certified value, the optimal k for r = m/n, and the barriers b_k of
 * D&M Table 1 (amq/spec_omissions.h; series and bounds: docs/rates-omissions.md). */
#include <lib_internal/fail.h>
#include "spec_internal/spec_interval.h"
#include <amq/spec_omissions.h>
#include <stdlib.h>

const amq_dm_table1_row amq_dm_table1[7] = {
    {1, "1.1346", "1.1227"}, {2, "2.3481", "2.3536"},  {3, "3.6441", "3.6513"},
    {5, "6.3529", "6.3566"}, {10, "13.370", "13.372"}, {50, "70.849", "70.863"},
    {100, "142.95", "142.97"},
};

/* S(a) = sum_{j>k} T^j / j with T = 1 - e^{-a}, at an exact a > 0, rounded in direction
 * rnd (MPFR_RNDD: a lower bound, MPFR_RNDU: an upper bound) at precision wp. Both forms
 * below are increasing in T. For T <= 3/4 the positive series with its tail bound
 * T^{J+1}/((J+1)(1-T)); otherwise S = -log(1-T) - sum_{j<=k} T^j/j = a - sum_{j<=k} T^j/j
 * (exact: -log(1-T) = a), whose subtracted sum is rounded the other way. */
static void series_S(mpfr_t out, const mpfr_t a, uint64_t k, mpfr_prec_t wp, mpfr_rnd_t rnd)
{
    mpfr_rnd_t oth = rnd == MPFR_RNDD ? MPFR_RNDU : MPFR_RNDD;
    mpfr_t T, pw, term, sum, tail;
    mpfr_inits2(wp, T, pw, term, sum, tail, (mpfr_ptr)0);
    mpfr_neg(T, a, MPFR_RNDN);
    mpfr_expm1(T, T, oth); /* T = -expm1(-a) rounded in direction rnd */
    mpfr_neg(T, T, MPFR_RNDN);
    mpfr_set_zero(sum, 1);
    if (mpfr_cmp_d(T, 0.75) <= 0) {
        mpfr_pow_ui(pw, T, (unsigned long)(k + 1), rnd);
        for (uint64_t j = k + 1;; j++) {
            mpfr_div_ui(term, pw, (unsigned long)j, rnd);
            mpfr_add(sum, sum, term, rnd);
            mpfr_mul(pw, pw, T, rnd);
            /* stop when the remaining tail is below 2^-(wp+6) of the sum */
            mpfr_div_ui(tail, pw, (unsigned long)(j + 1), MPFR_RNDU);
            mpfr_mul_2si(tail, tail, (long)wp + 6, MPFR_RNDU);
            if (mpfr_cmp(tail, sum) < 0)
                break;
        }
        if (rnd == MPFR_RNDU) { /* the tail after the last term: <= pw / (1 - T) */
            mpfr_ui_sub(term, 1, T, MPFR_RNDD);
            mpfr_div(tail, pw, term, MPFR_RNDU);
            mpfr_add(sum, sum, tail, MPFR_RNDU);
        }
    } else {
        mpfr_neg(T, a, MPFR_RNDN); /* T rounded the other way for the subtracted sum */
        mpfr_expm1(T, T, rnd);
        mpfr_neg(T, T, MPFR_RNDN);
        mpfr_set(pw, T, oth);
        for (uint64_t j = 1; j <= k; j++) {
            mpfr_div_ui(term, pw, (unsigned long)j, oth);
            mpfr_add(sum, sum, term, oth);
            mpfr_mul(pw, pw, T, oth);
        }
        mpfr_sub(sum, a, sum, rnd);
        if (mpfr_sgn(sum) < 0)
            mpfr_set_zero(sum, 1);
    }
    mpfr_set(out, sum, rnd);
    mpfr_clears(T, pw, term, sum, tail, (mpfr_ptr)0);
}

/* a = k/r exactly. */
static void k_over_r(mpq_t a, uint64_t k, const mpq_t r)
{
    mpz_t kz;
    mpz_init(kz);
    z_set_u64(kz, k);
    mpq_set_z(a, kz);
    mpq_div(a, a, r);
    mpz_clear(kz);
}

/* I_k(r) = S(a)/a, a = k/r, at working precision wp (no width check). I increases in a
 * (it decreases in r), so [S(a_lo)/a_lo, S(a_hi)/a_hi] with a_lo <= a <= a_hi. */
static void integral_at(ivl *I, uint64_t k, const mpq_t r, mpfr_prec_t wp)
{
    mpq_t a;
    mpq_init(a);
    k_over_r(a, k, r);
    ivl A;
    ivl_init(&A, wp);
    mpfr_set_q(A.lo, a, MPFR_RNDD);
    mpfr_set_q(A.hi, a, MPFR_RNDU);
    ivl_set_prec(I, wp);
    series_S(I->lo, A.lo, k, wp, MPFR_RNDD);
    series_S(I->hi, A.hi, k, wp, MPFR_RNDU);
    mpfr_div(I->lo, I->lo, A.lo, MPFR_RNDD);
    mpfr_div(I->hi, I->hi, A.hi, MPFR_RNDU);
    if (mpfr_cmp_ui(I->hi, 1) > 0) /* the integrand is below 1 */
        mpfr_set_ui(I->hi, 1, MPFR_RNDU);
    ivl_clear(&A);
    mpq_clear(a);
}

/* I_k(r) to relative width 2^-bits (raising the precision; a valid enclosure anyway). */
static void integral_rel(ivl *I, uint64_t k, const mpq_t r, int bits)
{
    for (mpfr_prec_t wp = bits + 32;; wp *= 2) {
        integral_at(I, k, r, wp);
        if (fr_rel_width_ok(I->lo, I->hi, bits) || wp > ((mpfr_prec_t)1 << 16))
            break;
    }
}

static amq_status check_r(const mpq_t r, const char *who)
{
    if (mpq_sgn(r) <= 0)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: r = m/n must be positive", who);
    return AMQ_OK;
}

amq_status amq_omissions_integral_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t k, const mpq_t r)
{
    if (!lo || !hi || !r)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_integral_enclose: NULL argument");
    const char *who = "omission integral";
    amq_status st = check_r(r, who);
    if (st)
        return st;
    if (k == 0 || k > 100000000)
        return amq_fail(AMQ_E_INVALID_K, "%s: k = %llu outside [1, 1e8]", who, ULL(k));
    if (prec < MPFR_PREC_MIN || prec > (mpfr_prec_t)1 << 16)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: precision %ld out of range", who, (long)prec);
    ivl I;
    ivl_init(&I, 64);
    integral_rel(&I, k, r, (int)prec - 2); /* (a valid enclosure even if the width is missed) */
    fr_put_outward(lo, hi, I.lo, I.hi);
    ivl_clear(&I);
    return AMQ_OK;
}

/* Sign of I_k(r) - I_{k+1}(r), certified (0: undecided up to precision 2^14). */
static int barrier_sign(uint64_t k, const mpq_t r, mpfr_prec_t prec)
{
    ivl a, b;
    ivl_init(&a, 64);
    ivl_init(&b, 64);
    int s = 0;
    for (mpfr_prec_t wp = prec; wp <= ((mpfr_prec_t)1 << 14); wp *= 2) {
        integral_at(&a, k, r, wp);
        integral_at(&b, k + 1, r, wp);
        if (mpfr_cmp(a.hi, b.lo) < 0) {
            s = -1;
            break;
        }
        if (mpfr_cmp(a.lo, b.hi) > 0) {
            s = 1;
            break;
        }
    }
    ivl_clear(&a);
    ivl_clear(&b);
    return s;
}

amq_status amq_omissions_barrier_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t k)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_barrier_enclose: NULL argument");
    const char *who = "barrier";
    if (k == 0 || k > 100000)
        return amq_fail(AMQ_E_INVALID_K, "%s: k = %llu outside [1, 100000]", who, ULL(k));
    if (bits < 1 || bits > 1000)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: bits = %d outside [1, 1000]", who, bits);
    mpq_t a, b, mid, w, t;
    mpq_inits(a, b, mid, w, t, NULL);
    mpq_set_ui(a, (unsigned long)k, 2);             /* k/2: fewer hashes better (sign -1) */
    mpq_set_ui(b, (unsigned long)(2 * (k + 1)), 1); /* 2(k+1): more hashes better (+1)    */
    amq_status st = AMQ_OK;
    mpfr_prec_t prec = bits + 64;
    if (barrier_sign(k, a, prec) != -1 || barrier_sign(k, b, prec) != 1) {
        st = amq_fail(AMQ_E_TOO_LARGE, "%s: no certified sign change of I_k - I_{k+1} on [k/2, 2(k+1)] "
                                       "for k = %llu", who, ULL(k));
        goto out;
    }
    for (;;) {
        mpq_sub(w, b, a);
        mpq_set(t, a);
        mpz_mul_2exp(mpq_denref(t), mpq_denref(t), (mp_bitcnt_t)bits); /* a 2^-bits */
        mpq_canonicalize(t);
        if (mpq_cmp(w, t) <= 0)
            break;
        mpq_add(mid, a, b);
        mpz_mul_2exp(mpq_denref(mid), mpq_denref(mid), 1);
        mpq_canonicalize(mid);
        int s = barrier_sign(k, mid, prec);
        if (s == 0) { /* mid is (numerically) the root: try the point a third of the way */
            mpq_set_ui(t, 1, 3);
            mpq_mul(t, t, w);
            mpq_add(mid, a, t);
            s = barrier_sign(k, mid, prec);
            if (s == 0) {
                st = amq_fail(AMQ_E_TOO_LARGE, "%s: sign of I_k - I_{k+1} undecidable near the root", who);
                goto out;
            }
        }
        if (s < 0)
            mpq_set(a, mid);
        else
            mpq_set(b, mid);
    }
    mpfr_set_prec(lo, bits + 32);
    mpfr_set_prec(hi, bits + 32);
    mpfr_set_q(lo, a, MPFR_RNDD);
    mpfr_set_q(hi, b, MPFR_RNDU);
out:
    mpq_clears(a, b, mid, w, t, NULL);
    return st;
}

/* Certified lower bound of I_k(r) from the first term of the series:
 * I_k(r) >= (r/k) T^{k+1}/(k+1). */
static void integral_first_term(mpfr_t out, uint64_t k, const mpq_t r, mpfr_prec_t wp)
{
    mpq_t a;
    mpq_init(a);
    k_over_r(a, k, r);
    mpfr_t A, T;
    mpfr_inits2(wp, A, T, (mpfr_ptr)0);
    mpfr_set_q(A, a, MPFR_RNDD); /* T lower bound from a lower bound of a */
    mpfr_neg(T, A, MPFR_RNDN);
    mpfr_expm1(T, T, MPFR_RNDU);
    mpfr_neg(T, T, MPFR_RNDN);
    mpfr_pow_ui(T, T, (unsigned long)(k + 1), MPFR_RNDD);
    mpfr_div_ui(T, T, (unsigned long)(k + 1), MPFR_RNDD);
    mpfr_set_q(A, a, MPFR_RNDU);
    mpfr_div(out, T, A, MPFR_RNDD);
    mpfr_clears(A, T, (mpfr_ptr)0);
    mpq_clear(a);
}

/* Certified lower bound 1 - r (ln k + 1)/k of I_k(r), valid when k >= r ln k (else -inf):
 * (1 - e^{-kx/r})^k >= 1 - k e^{-kx/r}, integrated over [r ln k / k, 1]. */
static void integral_tail_bound(mpfr_t out, uint64_t k, const mpq_t r, mpfr_prec_t wp)
{
    mpfr_t lk, rr, t;
    mpfr_inits2(wp, lk, rr, t, (mpfr_ptr)0);
    mpfr_set_ui(lk, (unsigned long)k, MPFR_RNDN);
    mpfr_log(lk, lk, MPFR_RNDU);
    mpfr_set_q(rr, r, MPFR_RNDU);
    mpfr_mul(t, rr, lk, MPFR_RNDU); /* r ln k, upper */
    if (mpfr_cmp_ui(t, (unsigned long)k) > 0) {
        mpfr_set_inf(out, -1);
    } else {
        mpfr_add_ui(lk, lk, 1, MPFR_RNDU);
        mpfr_mul(t, rr, lk, MPFR_RNDU);
        mpfr_div_ui(t, t, (unsigned long)k, MPFR_RNDU);
        mpfr_ui_sub(out, 1, t, MPFR_RNDD);
    }
    mpfr_clears(lk, rr, t, (mpfr_ptr)0);
}

/* The candidates of the scan over k, each with a certified enclosure of I_k(r), and the
 * index of the one with the smallest upper end. */
typedef struct optk_cands {
    size_t cnt, cap, best;
    uint64_t *ks;
    ivl *Is;
} optk_cands;

/* Scan k = 1, 2, ...: stop at the first k whose tail bound 1 - r(ln k + 1)/k exceeds the
 * best upper end (the bound grows with k, so every larger k is worse too); skip a k whose
 * first-term lower bound alone exceeds it. */
static amq_status optk_scan(optk_cands *c, const mpq_t r, mpfr_prec_t prec, const char *who)
{
    amq_status st = AMQ_OK;
    mpfr_t lb, best_hi;
    mpfr_inits2(prec, lb, best_hi, (mpfr_ptr)0);
    mpfr_set_inf(best_hi, 1);
    for (uint64_t k = 1;; k++) {
        integral_tail_bound(lb, k, r, prec);
        if (c->cnt && mpfr_cmp(lb, best_hi) > 0)
            break; /* this k and every larger one are worse */
        integral_first_term(lb, k, r, prec);
        if (c->cnt && mpfr_cmp(lb, best_hi) > 0)
            continue; /* this k alone is worse */
        if (c->cnt == c->cap) {
            c->cap *= 2;
            uint64_t *nk = realloc(c->ks, c->cap * sizeof *c->ks);
            if (nk)
                c->ks = nk;
            ivl *ni = nk ? realloc(c->Is, c->cap * sizeof *c->Is) : NULL;
            if (!nk || !ni) {
                st = amq_fail(AMQ_E_NOMEM, "%s: out of memory", who);
                break;
            }
            c->Is = ni;
        }
        c->ks[c->cnt] = k;
        ivl_init(&c->Is[c->cnt], prec);
        integral_rel(&c->Is[c->cnt], k, r, (int)prec - 32);
        if (mpfr_cmp(c->Is[c->cnt].hi, best_hi) < 0) {
            mpfr_set(best_hi, c->Is[c->cnt].hi, MPFR_RNDU);
            c->best = c->cnt;
        }
        c->cnt++;
    }
    mpfr_clears(lb, best_hi, (mpfr_ptr)0);
    return st;
}

/* Every other candidate must lie strictly above the best: overlaps are refined at up to
 * 8 times the precision, and a candidate found better becomes the best (the check then
 * restarts). Returns a k still not told apart from the best, or 0. */
static uint64_t optk_confirm(optk_cands *c, const mpq_t r, mpfr_prec_t prec)
{
    uint64_t tie = 0;
    ivl *Is = c->Is;
    for (size_t i = 0; i < c->cnt; i++) {
        if (i == c->best)
            continue;
        ivl a, b;
        ivl_init(&a, 64);
        ivl_init(&b, 64);
        int separated = mpfr_cmp(Is[i].lo, Is[c->best].hi) > 0;
        for (mpfr_prec_t wp = 2 * prec; !separated && wp <= 8 * prec; wp *= 2) {
            integral_at(&a, c->ks[c->best], r, wp);
            integral_at(&b, c->ks[i], r, wp);
            if (mpfr_cmp(b.hi, a.lo) < 0) { /* the candidate is in fact better */
                ivl_set_prec(&Is[c->best], wp);
                ivl_set_prec(&Is[i], wp);
                mpfr_set(Is[c->best].lo, a.lo, MPFR_RNDD);
                mpfr_set(Is[c->best].hi, a.hi, MPFR_RNDU);
                mpfr_set(Is[i].lo, b.lo, MPFR_RNDD);
                mpfr_set(Is[i].hi, b.hi, MPFR_RNDU);
                c->best = i;
                i = (size_t)-1; /* restart the check against the new best */
                separated = 1;
                tie = 0;
            } else if (mpfr_cmp(b.lo, a.hi) > 0) {
                separated = 1;
            }
        }
        ivl_clear(&a);
        ivl_clear(&b);
        if (!separated && i != (size_t)-1)
            tie = c->ks[i];
    }
    return tie;
}

amq_status amq_omissions_optimal_k(uint64_t *k_best, uint64_t *k_tie, const mpq_t r)
{
    if (!k_best || !r)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_omissions_optimal_k: NULL argument");
    const char *who = "optimum k";
    amq_status st = check_r(r, who);
    if (st)
        return st;
    if (mpq_cmp_ui(r, AMQ_OMISSIONS_OPTK_MAX_R, 1) > 0)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: r = m/n above %d (the certified scan over k grows like "
                                         "r log r)", who, AMQ_OMISSIONS_OPTK_MAX_R);
    /* for small r, 1 - I_1(r) ~ r must be resolved: 128 bits plus log2(1/r) */
    mpfr_prec_t prec = 128;
    if (mpq_cmp_ui(r, 1, 1) < 0)
        prec += (mpfr_prec_t)(mpz_sizeinbase(mpq_denref(r), 2) - mpz_sizeinbase(mpq_numref(r), 2) + 2);
    if (prec > 4096)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: r = m/n below about 2^-3900", who);
    optk_cands c = {0, 64, 0, NULL, NULL};
    c.ks = malloc(c.cap * sizeof *c.ks);
    c.Is = malloc(c.cap * sizeof *c.Is);
    if (!c.ks || !c.Is) {
        free(c.ks);
        free(c.Is);
        return amq_fail(AMQ_E_NOMEM, "%s: out of memory", who);
    }
    st = optk_scan(&c, r, prec, who);
    if (!st) {
        uint64_t tie = optk_confirm(&c, r, prec);
        *k_best = c.ks[c.best];
        if (k_tie)
            *k_tie = tie;
    }
    for (size_t i = 0; i < c.cnt; i++)
        ivl_clear(&c.Is[i]);
    free(c.ks);
    free(c.Is);
    return st;
}
