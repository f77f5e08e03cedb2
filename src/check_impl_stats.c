/* The statistics of the open checker (amq/check_impl.h; derivations in docs/checker.md):
 * the model's exact rates and moments at the load points, the per-point tests (exact
 * binomial; or, for several queries per filter, the least of the exact law of the sum
 * (check_impl_exact.c), Bernstein's bound with the exact mean and variance, and above the
 * mean Markov's inequality on the exact factorial moments of the sum), the simultaneous
 * intervals (distribution-free for several queries per filter), Holm's procedure and the
 * accuracy score. */
#include <lib_internal/check_impl.h>
#include <lib_internal/fail.h>
#include <lib_internal/structure.h>
#include <amq/filter_rate.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RATE_DIGITS 15
#define MOMENT_BITS 30 /* relative width of the moments' enclosures for the bounds */
#define LAW_BITS AMQ_IMPL_CHECK_LAW_BITS /* and for the exact law, whose sums alternate */
#define W (AMQ_CHECK_MOMENTS + 1)
#define SLOTS AMQ_CHECK_MOMENT_SLOTS

amq_status amq_check_model_rates(const amq_impl_check_config *cfg, amq_impl_check_result *res, double *moments)
{
    mpfr_t lo, hi; /* (a model without moments and Q > 1 is refused by amq_impl_check_validate) */
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = AMQ_OK;
    for (size_t i = 0; i < res->npoints * SLOTS; i++)
        moments[i] = NAN;
    for (size_t i = 0; i < res->npoints && st == AMQ_OK; i++) {
        amq_check_point *pt = &res->points[i];
        pt->after_removals = i == cfg->loads;
        pt->keys = pt->after_removals ? cfg->n - cfg->removals : amq_check_load(cfg, i + 1);
        pt->rate = pt->rate_lo = pt->rate_hi = pt->pair = NAN;
        if (!cfg->model)
            continue;
        char *dec = NULL;
        st = amq_structure_fp_decimal(&dec, cfg->model, &cfg->model_params, pt->keys, RATE_DIGITS, lo, hi);
        if (st != AMQ_OK)
            break;
        snprintf(pt->exact, sizeof pt->exact, "%s", dec);
        free(dec);
        pt->rate_lo = mpfr_get_d(lo, MPFR_RNDD);
        pt->rate_hi = mpfr_get_d(hi, MPFR_RNDU);
        mpfr_add(lo, lo, hi, MPFR_RNDN);
        mpfr_div_2ui(lo, lo, 1, MPFR_RNDN);
        pt->rate = mpfr_get_d(lo, MPFR_RNDN);
        if (cfg->queries > 1) {
            double *mo = moments + i * SLOTS;
            mo[1] = pt->rate_hi;
            mo[W + 1] = pt->rate_lo;
            /* every moment up to Q for the exact law; above its limit, 24 for the bounds (the
             * Bloom form's work grows with j^2 k^2) */
            const uint64_t top = cfg->queries <= AMQ_CHECK_MOMENTS ? cfg->queries : 24;
            const int bits = cfg->queries <= AMQ_CHECK_MOMENTS ? LAW_BITS : MOMENT_BITS;
            for (uint64_t j = 2; j <= top && st == AMQ_OK; j++) {
                st = amq_structure_fp_moment_enclose(lo, hi, bits, cfg->model, &cfg->model_params, pt->keys, j);
                if (st == AMQ_E_TOO_LARGE && j > 2) { /* fewer moments: a weaker bound, still valid */
                    st = AMQ_OK;
                    break;
                }
                if (st == AMQ_OK) {
                    mo[j] = mpfr_get_d(hi, MPFR_RNDU);
                    mo[W + j] = mpfr_get_d(lo, MPFR_RNDD);
                }
            }
            pt->pair = mo[2];
        }
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    if (st != AMQ_OK) {
        char msg[600];
        snprintf(msg, sizeof msg, "%s", amq_last_error());
        return amq_fail(st, "the model's rate: %s", msg);
    }
    return AMQ_OK;
}

double amq_check_moments_work(const amq_impl_check_config *cfg)
{
    if (!cfg->model || cfg->queries < 2 || !amq_structure_has_fp_moments(cfg->model))
        return 0.0;
    /* the orders and widths of amq_check_model_rates */
    const uint64_t top = cfg->queries <= AMQ_CHECK_MOMENTS ? cfg->queries : 24;
    const int bits = cfg->queries <= AMQ_CHECK_MOMENTS ? LAW_BITS : MOMENT_BITS;
    const uint64_t points = cfg->loads + (cfg->removals ? 1 : 0);
    double work = 0.0;
    for (uint64_t i = 0; i < points; i++) {
        const uint64_t keys = i == cfg->loads ? cfg->n - cfg->removals : amq_check_load(cfg, i + 1);
        for (uint64_t j = 2; j <= top; j++) {
            const double w = amq_structure_fp_moment_work(cfg->model, &cfg->model_params, keys, j, bits);
            if (!(w < INFINITY)) {
                if (j == 2)
                    return INFINITY; /* E[pi^2] refused: the check would end there */
                break;               /* refused at once: no more orders at this point */
            }
            work += w;
        }
    }
    return work;
}

/* One-sided Bernstein threshold: the t with exp(-t^2 / (2 (V + b t / 3))) = a. */
static double bernstein_t(double V, double b, double a)
{
    const double L = log(1.0 / a), c = b * L / 3.0;
    return c + sqrt(c * c + 2.0 * V * L);
}

/* The shared design at one point: the variance of the sum over F filters, an upper bound
 * from the enclosures of p and E[pi^2], and the one-sided range bounds of one filter's
 * deviation: X - E[X] <= Q (1 - p) above, E[X] - X <= Q p below. */
static void shared_moments(const amq_check_point *pt, double F, double Q, double *V, double *b_up, double *b_down)
{
    double v1 = Q * pt->rate_hi + Q * (Q - 1.0) * pt->pair - Q * Q * pt->rate_lo * pt->rate_lo;
    if (!(v1 > 0.0))
        v1 = 0.0;
    *V = F * v1 * (1.0 + 0x1p-40); /* a little above the double rounding of the bound */
    *b_up = Q * (1.0 - pt->rate_lo);
    *b_down = Q * pt->rate_hi;
}

/* log10 of an upper bound of P(S >= s) for S the sum of F independent per-filter counts X
 * in [0, Q], from their factorial moments: E[C(X, j)] = C(Q, j) E[pi^j] (X is binomial
 * given the filter's state), so E[(1+t)^S] = A(t)^F with A(t) = sum_j C(Q, j) E[pi^j] t^j,
 * and Markov's inequality on C(S, r), nondecreasing in S: P(S >= s) <= [t^r] A^F / C(s, r),
 * minimised over r = 1..R.  Every coefficient is positive, so rounding up keeps it a bound.
 * +inf when no moment is known. */
static double factorial_bound_log10(const double *mo, uint64_t filters, uint64_t Q, uint64_t s)
{
    size_t R = 0;
    while (R < AMQ_CHECK_MOMENTS && R < Q && !isnan(mo[R + 1]))
        R++;
    if (R > s)
        R = (size_t)s;
    if (R == 0)
        return INFINITY;
    mpfr_t a[W], acc[W], tmp[W], t, c;
    for (size_t j = 0; j <= R; j++)
        mpfr_inits2(128, a[j], acc[j], tmp[j], (mpfr_ptr)0);
    mpfr_inits2(128, t, c, (mpfr_ptr)0);
    /* a_j = C(Q, j) E[pi^j] (upper bounds), acc = 1 */
    mpfr_set_ui(a[0], 1, MPFR_RNDU);
    mpfr_set_ui(c, 1, MPFR_RNDU);
    for (size_t j = 1; j <= R; j++) {
        mpfr_mul_ui(c, c, (unsigned long)(Q - j + 1), MPFR_RNDU);
        mpfr_div_ui(c, c, (unsigned long)j, MPFR_RNDU);
        mpfr_mul_d(a[j], c, mo[j], MPFR_RNDU);
    }
    for (size_t j = 0; j <= R; j++)
        mpfr_set_ui(acc[j], j == 0, MPFR_RNDU);
    /* acc = A^F mod t^(R+1), by squaring */
    for (uint64_t e = filters;;) {
        if (e & 1) {
            for (size_t r = 0; r <= R; r++) {
                mpfr_set_ui(tmp[r], 0, MPFR_RNDU);
                for (size_t j = 0; j <= r; j++) {
                    mpfr_mul(t, acc[j], a[r - j], MPFR_RNDU);
                    mpfr_add(tmp[r], tmp[r], t, MPFR_RNDU);
                }
            }
            for (size_t r = 0; r <= R; r++)
                mpfr_set(acc[r], tmp[r], MPFR_RNDU);
        }
        e >>= 1;
        if (!e)
            break;
        for (size_t r = 0; r <= R; r++) {
            mpfr_set_ui(tmp[r], 0, MPFR_RNDU);
            for (size_t j = 0; j <= r; j++) {
                mpfr_mul(t, a[j], a[r - j], MPFR_RNDU);
                mpfr_add(tmp[r], tmp[r], t, MPFR_RNDU);
            }
        }
        for (size_t r = 0; r <= R; r++)
            mpfr_set(a[r], tmp[r], MPFR_RNDU);
    }
    /* min over r of acc[r] / C(s, r), C(s, r) rounded down */
    double best = INFINITY;
    mpfr_set_ui(c, 1, MPFR_RNDD);
    for (size_t r = 1; r <= R; r++) {
        mpfr_mul_ui(c, c, (unsigned long)(s - r + 1), MPFR_RNDD);
        mpfr_div_ui(c, c, (unsigned long)r, MPFR_RNDD);
        mpfr_div(t, acc[r], c, MPFR_RNDU);
        mpfr_log10(t, t, MPFR_RNDU);
        const double l = mpfr_get_d(t, MPFR_RNDU);
        if (l < best)
            best = l;
    }
    for (size_t j = 0; j <= R; j++)
        mpfr_clears(a[j], acc[j], tmp[j], (mpfr_ptr)0);
    mpfr_clears(t, c, (mpfr_ptr)0);
    return best;
}

/* A distribution-free interval for the mean rate E[X] / Q from the histogram h[0..Q] of the
 * F filters' counts: E[X] = sum_{j=1..Q} P(X >= j), and each P(X >= j) lies in the
 * Clopper-Pearson interval of N_j = #{f : X_f >= j} ~ Binomial(F, P(X >= j)) at level a / Q,
 * so that all Q hold together with confidence >= 1 - a, whatever the law of X (the filters
 * are independent).  The upper ends are made nonincreasing in j, as P(X >= j) is. */
static void level_interval(const uint64_t *h, uint64_t Q, double a, double *lo, double *hi)
{
    uint64_t F = 0;
    for (uint64_t x = 0; x <= Q; x++)
        F += h[x];
    double slo = 0.0, shi = 0.0, cap = 1.0, l = 0.0, u = 1.0;
    uint64_t N = F, last = UINT64_MAX;
    for (uint64_t j = 1; j <= Q; j++) {
        N -= h[j - 1];
        if (N != last) /* runs of equal counts (zeros above the largest) cost one interval */
            amq_clopper_pearson(N, F, a / (double)Q, &l, &u);
        last = N;
        cap = fmin(cap, u);
        slo += l;
        shi += cap;
    }
    *lo = nextafter(slo / (double)Q, 0.0) > 0.0 ? nextafter(slo / (double)Q, 0.0) : 0.0;
    *hi = fmin(1.0, nextafter(shi / (double)Q, 2.0));
}

/* The exact law of the counts at a point (the model gives every moment up to Q): an upper
 * bound of the two-sided p-value 2 min(P(S >= s), P(S <= s)), or NaN. */
static double exact_log10_p(const amq_impl_check_config *cfg, const double *mo, uint64_t filters, uint64_t s)
{
    double plo[W], phi[W], up, down;
    if (!amq_check_count_law(mo + W, mo, cfg->queries, plo, phi) ||
        !amq_check_sum_tails(plo, cfg->queries, filters, s, &up, &down))
        return NAN;
    return log10(2.0 * fmin(up, down));
}

/* pt->queries fresh queries answered at the point: F Q when every filter ran, fewer when
 * the check stopped early (then the point is shown, not judged: F is what was answered).
 * h: the histogram of the filters' counts at the point, or NULL. */
static void test_point(const amq_impl_check_config *cfg, amq_check_point *pt, double a_ci, int shared,
                       const double *mo, const uint64_t *h)
{
    const uint64_t filters = pt->queries / cfg->queries;
    const double F = (double)filters, Q = (double)cfg->queries, T = (double)pt->queries;
    pt->estimate = pt->queries ? (double)pt->positives / T : NAN;
    pt->p_value = pt->log10_p_value = NAN;
    pt->exact_law = 0;
    pt->verdict = cfg->model ? AMQ_POINT_PASS : AMQ_POINT_UNTESTED;
    if (filters == 0) { /* nothing answered at this point */
        pt->ci_lo = 0.0;
        pt->ci_hi = 1.0;
        pt->verdict = AMQ_POINT_UNTESTED;
        return;
    }
    if (!shared) {
        amq_clopper_pearson(pt->positives, pt->queries, a_ci, &pt->ci_lo, &pt->ci_hi);
        if (cfg->model) {
            amq_binom_test_result r;
            if (amq_binom_test(pt->positives, pt->queries, pt->rate, cfg->alpha, &r) == AMQ_OK) {
                pt->p_value = r.p_value;
                pt->log10_p_value = r.log10_p_value;
            }
        }
        return;
    }
    double t_up, t_down;
    if (cfg->model) {
        /* Two one-sided Bernstein bounds, each at half the level: the p-value is twice the
         * bound in the direction observed. */
        double V, b_up, b_down;
        shared_moments(pt, F, Q, &V, &b_up, &b_down);
        t_up = bernstein_t(V, b_up, a_ci / 2.0);
        t_down = bernstein_t(V, b_down, a_ci / 2.0);
        const double dev = (double)pt->positives - T * pt->rate, b = dev > 0 ? b_up : b_down;
        /* the deviation, less what the enclosure of p leaves open */
        double D = fabs(dev) - T * (pt->rate_hi - pt->rate_lo) / 2.0;
        if (D < 0.0)
            D = 0.0;
        double lg = log(2.0) / log(10.0) - D * D / (2.0 * (V + b * D / 3.0)) / log(10.0);
        if (!(V + b * D > 0.0))
            lg = 0.0;
        if (dev > 0) /* above the mean: also the factorial-moment bound, whichever is smaller */
            lg = fmin(lg, log10(2.0) + factorial_bound_log10(mo, filters, cfg->queries, pt->positives));
        /* and the exact law of the sum, when the model gives it: each is an upper bound of the
         * same tail, nonincreasing in the deviation, so their least is one too */
        const double ex = exact_log10_p(cfg, mo, filters, pt->positives);
        if (ex < lg) {
            lg = ex;
            pt->exact_law = 1;
        }
        pt->log10_p_value = fmin(0.0, lg);
        pt->p_value = pow(10.0, pt->log10_p_value);
    } else {
        t_up = t_down = Q * sqrt(F * log(2.0 / a_ci) / 2.0); /* Hoeffding: each count in [0, Q] */
    }
    if (h) { /* distribution-free, from the filters' counts */
        level_interval(h, cfg->queries, a_ci, &pt->ci_lo, &pt->ci_hi);
        return;
    }
    /* the rates r the test would not reject: S - t_up <= T r <= S + t_down */
    pt->ci_lo = fmax(0.0, ((double)pt->positives - t_up) / T);
    pt->ci_hi = fmin(1.0, ((double)pt->positives + t_down) / T);
}

/* One test in Holm's family: a rate test or a dispersion test of a point. */
typedef struct test_ref {
    double lg;                 /* log10 of its p-value                      */
    double *level;
    amq_point_verdict *verdict;
    amq_point_verdict reject;  /* the verdict when rejected                 */
} test_ref;

static int by_p(const void *a, const void *b)
{
    const test_ref *x = a, *y = b;
    return x->lg < y->lg ? -1 : x->lg > y->lg;
}

/* Holm's step-down procedure at family-wise level alpha over the tested points' rate and
 * dispersion tests; returns the number of tests. */
static size_t holm(amq_impl_check_result *res, double alpha)
{
    test_ref *order = malloc(2 * res->npoints * sizeof *order);
    if (!order)
        return 0;
    size_t m = 0;
    for (size_t i = 0; i < res->npoints; i++) {
        amq_check_point *pt = &res->points[i];
        if (pt->verdict != AMQ_POINT_UNTESTED)
            order[m++] = (test_ref){pt->log10_p_value, &pt->level, &pt->verdict,
                                    pt->estimate > pt->rate ? AMQ_POINT_ABOVE : AMQ_POINT_BELOW};
        if (pt->disp_verdict != AMQ_POINT_UNTESTED)
            order[m++] = (test_ref){pt->disp_log10_p_value, &pt->disp_level, &pt->disp_verdict, AMQ_POINT_ABOVE};
    }
    qsort(order, m, sizeof *order, by_p);
    int rejecting = 1;
    for (size_t i = 0; i < m; i++) {
        *order[i].level = alpha / (double)(m - i);
        rejecting = rejecting && order[i].lg <= log10(*order[i].level);
        if (rejecting)
            *order[i].verdict = order[i].reject;
    }
    free(order);
    return m;
}

static void hex_of(char *out, const unsigned char *key, size_t len)
{
    for (size_t i = 0; i < len; i++)
        sprintf(out + 2 * i, "%02x", key[i]);
}

/* The check stopped at a false negative or an error: the rates of the queries so far are
 * shown, not judged, and the reason names the key (and the refusal before it) or the error. */
static void verdict_stopped(amq_impl_check_result *res)
{
    for (size_t i = 0; i < res->npoints; i++)
        res->points[i].verdict = res->points[i].disp_verdict = AMQ_POINT_UNTESTED;
    size_t used = 0;
    if (res->false_negative) {
        char hex[2 * AMQ_IMPL_CHECK_KEY_MAX + 1];
        hex_of(hex, res->fn_key, res->fn_key_len);
        char refusal[160] = "";
        if (res->fn_after_refusal)
            /* "found missing after", not "lost at": the keys added before a refusal are
             * queried after it, so the loss may come from any add before it */
            snprintf(refusal, sizeof refusal,
                     ", found missing after a refused insert (the add of key %llu refused after %llu adds)",
                     (unsigned long long)res->refusal_key_number, (unsigned long long)res->refusal_adds);
        used = (size_t)snprintf(res->reason, sizeof res->reason,
                                "false negative%s: key %s (key %llu added to filter %llu, seed %llu) answered \"no\" "
                                "after %llu operations on that filter%s%s",
                                res->fn_after_refusal ? " after a refused insert" : "", hex,
                                (unsigned long long)res->fn_key_number, (unsigned long long)res->fn_filter,
                                (unsigned long long)res->fn_seed, (unsigned long long)res->fn_ops,
                                res->fn_after_removals ? ", after the removals" : "", refusal);
    }
    if (res->ended && used < sizeof res->reason)
        snprintf(res->reason + used, sizeof res->reason - used, "%sthe check ended at %s",
                 used ? "; then " : "", res->error);
    res->pass = 0;
}

/* Some filter refused an add before n keys under a model: the model's rate assumes every add
 * is done, so there is nothing to compare with; the keys added before were all found. */
static void verdict_refused(const amq_impl_check_config *cfg, amq_impl_check_result *res)
{
    for (size_t i = 0; i < res->npoints; i++)
        res->points[i].verdict = res->points[i].disp_verdict = AMQ_POINT_UNTESTED;
    snprintf(res->reason, sizeof res->reason,
             "no verdict on the rate: %llu of %llu filters refused an add before n = %llu keys (the first: "
             "filter %llu, key %llu, after %llu adds), and the model assumes every add is done; every key "
             "added before a refusal was found (%llu queries): --model none checks only that",
             (unsigned long long)res->refused_filters, (unsigned long long)cfg->filters,
             (unsigned long long)cfg->n, (unsigned long long)res->refusal_filter,
             (unsigned long long)res->refusal_key_number, (unsigned long long)res->refusal_adds,
             (unsigned long long)res->kept_queries);
    res->pass = 0;
}

amq_status amq_check_verdicts(const amq_impl_check_config *cfg, amq_impl_check_result *res,
                              const uint64_t *positives, const uint64_t *queried, const double *moments,
                              const uint64_t *hist)
{
    const int shared = cfg->queries > 1;
    const double a_ci = cfg->alpha / (double)res->npoints; /* simultaneous intervals */
    for (size_t i = 0; i < res->npoints; i++) {
        amq_check_point *pt = &res->points[i];
        pt->positives = positives[i];
        pt->queries = queried[i];
        const uint64_t *h = hist ? hist + i * (cfg->queries + 1) : NULL;
        uint64_t hf = 0;
        for (uint64_t x = 0; h && x <= cfg->queries; x++)
            hf += h[x];
        /* the histogram holds the filters that answered all Q queries at the point */
        const uint64_t *whole = h && hf == pt->queries / cfg->queries && hf ? h : NULL;
        test_point(cfg, pt, a_ci, shared, moments + i * SLOTS, whole);
        amq_check_dispersion(cfg, pt, moments + i * SLOTS, whole);
    }
    const amq_check_point *at_n = &res->points[cfg->loads - 1];
    res->acc_queries = at_n->queries;
    res->acc_negatives = at_n->queries - at_n->positives;
    res->accuracy = amq_accuracy_score(res->acc_negatives, res->acc_queries);
    res->accuracy_model = cfg->model ? 100.0 * (1.0 - at_n->rate) : NAN;
    if (res->false_negative || res->ended) {
        verdict_stopped(res);
        return AMQ_OK;
    }
    if (res->refused_filters && cfg->model) {
        verdict_refused(cfg, res);
        return AMQ_OK;
    }
    res->tests = holm(res, cfg->alpha);
    res->pass = 1;
    size_t used = 0, failed = 0;
    for (size_t i = 0; i < res->npoints; i++) {
        const amq_check_point *pt = &res->points[i];
        if (pt->verdict != AMQ_POINT_ABOVE && pt->verdict != AMQ_POINT_BELOW)
            continue;
        res->pass = 0;
        if (failed++ == 0)
            used += (size_t)snprintf(res->reason + used, sizeof res->reason - used,
                                     "FP rate %s the model at load %llu keys%s: %.6g measured vs %s exact "
                                     "(p-value %.3g <= Holm level %.3g)",
                                     pt->verdict == AMQ_POINT_ABOVE ? "above" : "below",
                                     (unsigned long long)pt->keys, pt->after_removals ? " after removals" : "",
                                     pt->estimate, pt->exact, pt->p_value, pt->level);
    }
    if (failed > 1 && used < sizeof res->reason)
        used += (size_t)snprintf(res->reason + used, sizeof res->reason - used, "; %zu of %zu points off the model",
                                 failed, res->npoints);
    size_t spread = 0;
    for (size_t i = 0; i < res->npoints && used < sizeof res->reason; i++) {
        const amq_check_point *pt = &res->points[i];
        if (pt->disp_verdict != AMQ_POINT_ABOVE)
            continue;
        res->pass = 0;
        if (spread++ == 0)
            used += (size_t)snprintf(res->reason + used, sizeof res->reason - used,
                                     "%sFP rate varies between filters beyond the model at load %llu keys%s: %llu "
                                     "pairs of positives within a filter vs %.6g expected (p-value %.3g <= Holm "
                                     "level %.3g)",
                                     used ? "; " : "", (unsigned long long)pt->keys,
                                     pt->after_removals ? " after removals" : "", (unsigned long long)pt->disp_pairs,
                                     pt->disp_expected, pt->disp_p_value, pt->disp_level);
    }
    if (spread > 1 && used < sizeof res->reason)
        snprintf(res->reason + used, sizeof res->reason - used, "; %zu of %zu points too dispersed", spread,
                 res->npoints);
    return AMQ_OK;
}
