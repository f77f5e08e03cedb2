/* The statistics of the open checker (amq/check_impl.h; derivations in docs/checker.md):
 * the model's exact rates and second moments at the load points, the per-point tests
 * (exact binomial, or Bernstein's bound with the exact mean and variance), the
 * simultaneous intervals, Holm's procedure and the accuracy score. */
#include <internal/check_impl.h>
#include <internal/fail.h>
#include <amq/filter_rate.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RATE_DIGITS 15
#define PAIR_BITS 30 /* relative width of the second moment's enclosure */

amq_status amq_check_model_rates(const amq_impl_check_config *cfg, amq_impl_check_result *res)
{
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = AMQ_OK;
    if (cfg->model && cfg->queries > 1 && !amq_structure_has_fp_pair(cfg->model))
        st = amq_fail(AMQ_E_INVALID_ARG,
                      "check: the second moment of the %s rate is not known, so several queries per filter "
                      "cannot be tested exactly: use one query per filter (Q = 1)",
                      amq_structure_name(cfg->model));
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
            st = amq_structure_fp_pair_enclose(lo, hi, PAIR_BITS, cfg->model, &cfg->model_params, pt->keys);
            pt->pair = mpfr_get_d(hi, MPFR_RNDU);
        }
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    if (st != AMQ_OK) {
        char msg[600];
        snprintf(msg, sizeof msg, "%s", amq_last_error());
        return amq_fail(st, "check: the model's rate: %s", msg);
    }
    return AMQ_OK;
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

static void test_point(const amq_impl_check_config *cfg, amq_check_point *pt, uint64_t filters, double a_ci,
                       int shared)
{
    const double F = (double)filters, Q = (double)cfg->queries, T = (double)pt->queries;
    pt->estimate = pt->queries ? (double)pt->positives / T : NAN;
    pt->p_value = pt->log10_p_value = NAN;
    pt->verdict = cfg->model ? AMQ_POINT_PASS : AMQ_POINT_UNTESTED;
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
        const double lp = log(2.0) - D * D / (2.0 * (V + b * D / 3.0));
        pt->log10_p_value = lp >= 0.0 || !(V + b * D > 0.0) ? 0.0 : lp / log(10.0);
        pt->p_value = pow(10.0, pt->log10_p_value);
    } else {
        t_up = t_down = Q * sqrt(F * log(2.0 / a_ci) / 2.0); /* Hoeffding: each count in [0, Q] */
    }
    /* the rates r the test would not reject: S - t_up <= T r <= S + t_down */
    pt->ci_lo = fmax(0.0, ((double)pt->positives - t_up) / T);
    pt->ci_hi = fmin(1.0, ((double)pt->positives + t_down) / T);
}

static int by_p(const void *a, const void *b)
{
    const amq_check_point *x = *(amq_check_point *const *)a, *y = *(amq_check_point *const *)b;
    return x->log10_p_value < y->log10_p_value ? -1 : x->log10_p_value > y->log10_p_value;
}

/* Holm's step-down procedure at family-wise level alpha over the tested points. */
static void holm(amq_impl_check_result *res, double alpha)
{
    amq_check_point *order[AMQ_IMPL_CHECK_MAX_LOADS + 1];
    size_t m = 0;
    for (size_t i = 0; i < res->npoints; i++)
        if (res->points[i].verdict != AMQ_POINT_UNTESTED)
            order[m++] = &res->points[i];
    qsort(order, m, sizeof *order, by_p);
    int rejecting = 1;
    for (size_t i = 0; i < m; i++) {
        amq_check_point *pt = order[i];
        pt->level = alpha / (double)(m - i);
        rejecting = rejecting && pt->log10_p_value <= log10(pt->level);
        if (rejecting)
            pt->verdict = pt->estimate > pt->rate ? AMQ_POINT_ABOVE : AMQ_POINT_BELOW;
    }
}

static void hex_of(char *out, const unsigned char *key, size_t len)
{
    for (size_t i = 0; i < len; i++)
        sprintf(out + 2 * i, "%02x", key[i]);
}

amq_status amq_check_verdicts(const amq_impl_check_config *cfg, amq_impl_check_result *res,
                              const uint64_t *positives, uint64_t filters)
{
    const int shared = cfg->queries > 1;
    const double a_ci = cfg->alpha / (double)res->npoints; /* simultaneous intervals */
    for (size_t i = 0; i < res->npoints; i++) {
        amq_check_point *pt = &res->points[i];
        pt->positives = positives[i];
        pt->queries = filters * cfg->queries;
        test_point(cfg, pt, filters, a_ci, shared);
    }
    const amq_check_point *at_n = &res->points[cfg->loads - 1];
    res->acc_queries = at_n->queries;
    res->acc_negatives = at_n->queries - at_n->positives;
    res->accuracy = amq_accuracy_score(res->acc_negatives, res->acc_queries);
    res->accuracy_model = cfg->model ? 100.0 * (1.0 - at_n->rate) : NAN;
    if (res->false_negative) {
        /* the check stopped at it: the rates of the filters so far are shown, not judged */
        for (size_t i = 0; i < res->npoints; i++)
            res->points[i].verdict = AMQ_POINT_UNTESTED;
        char hex[2 * AMQ_IMPL_CHECK_KEY_BYTES + 1];
        hex_of(hex, res->fn_key, AMQ_IMPL_CHECK_KEY_BYTES);
        snprintf(res->reason, sizeof res->reason,
                 "false negative: key %s (key %llu added to filter %llu, seed %llu) answered \"no\" after %llu "
                 "operations on that filter%s",
                 hex, (unsigned long long)res->fn_key_number, (unsigned long long)res->fn_filter,
                 (unsigned long long)res->fn_seed, (unsigned long long)res->fn_ops,
                 res->fn_after_removals ? ", after the removals" : "");
        res->pass = 0;
        return AMQ_OK;
    }
    holm(res, cfg->alpha);
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
        snprintf(res->reason + used, sizeof res->reason - used, "; %zu of %zu points off the model", failed,
                 res->npoints);
    return AMQ_OK;
}
