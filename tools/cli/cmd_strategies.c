/* amq strategies: Monte Carlo of the real Bloom kernel with each index strategy (real
 * XXH3 hashing, amq_check_mc), judged against the independent-hash model (the exact
 * Bloom rate) and against the fingerprinting theory of Dillinger & Manolios section 4
 * for that strategy's fingerprint space s (the rate 1 - (1 - 1/s)^n (1 - f^BF)):
 *   independent  k hashes: the model itself;
 *   double       (a, b odd) when m is a power of two: m^2/2 pairs, and the reversed
 *                sequence (a + (k-1)b, -b) gives the same set: s = m^2/4 (D&M 5.2);
 *   triple       (a, b odd, c): s = m^3/2 (power-of-two m);
 *   enhanced     (a, b): s = m^2 (any m).
 * D&M's claims: enhanced double hashing keeps the accuracy of a two-index fingerprint;
 * double hashing does worse than even its reduced space predicts ("approximate
 * fingerprint collisions"). Exit status 0 when the run completed (the verdicts are in
 * the report), 1 on errors, 2 on usage errors. */
#include "cli.h"
#include "params.h"
#include <amq/check.h>
#include <amq/spec_bloom.h>
#include <amq/spec_omissions.h>
#include <lib_internal/check_kernels.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char USAGE[] = "amq strategies -m M -k K -n N [--trials T] [--seed S] [--alpha A] [--max-work W] [--json]";

static void help(void)
{
    printf("usage: %s\n\n", USAGE);
    fputs("Monte Carlo of the real Bloom kernel for each hashing strategy (independent,\n"
          "double, triple, enhanced; XXH3 on distinct keys, a fresh seed per trial; each\n"
          "trial: a fresh filter, N keys, one fresh query). The positives are tested\n"
          "(two-sided exact binomial test, fail when p-value < alpha) against\n"
          "  bloom   the exact Bloom rate (independent, uniform hash functions), and\n"
          "  theory  the fingerprinting rate 1 - (1 - 1/s)^N (1 - f^BF) of D&M section 4 for\n"
          "          the strategy's fingerprint space s: double m^2/4, triple m^3/2 (m a power\n"
          "          of two; otherwise not given), enhanced m^2.\n"
          "D&M: double hashing deviates (approximate fingerprint collisions), enhanced double\n"
          "and triple hashing match their theory. Deviations show for small m, many keys and\n"
          "large k, e.g. -m 1024 -k 11 -n 64 --trials 120000.\n"
          "  --trials T (default 100000)  --seed S (default 1)  --alpha A (default 1e-6)\n"
          "  --max-work W  refuse runs estimated at more than W index operations (default 2^33;\n"
          "                docs/cost-limits.md)\n",
          stdout);
}

/* Midpoint of a certified enclosure of the theory rate (for the statistics only). */
static amq_status theory_rate(double *p, uint64_t m, uint64_t k, uint64_t n, mpz_srcptr s)
{
    amq_omissions_params q = {m, k, n, s, AMQ_OMISSIONS_EXACT};
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_omissions_rate_enclose(lo, hi, 128, &q, n);
    if (!st) {
        mpfr_add(lo, lo, hi, MPFR_RNDN);
        mpfr_div_2ui(lo, lo, 1, MPFR_RNDN);
        *p = mpfr_get_d(lo, MPFR_RNDN);
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}

enum { OPT_M = 'm', OPT_K = 'k', OPT_N = 'n', OPT_TRIALS = 256, OPT_SEED, OPT_ALPHA, OPT_JSON, OPT_MAX_WORK };

struct strat_opts {
    uint64_t m, k, n, trials, seed, max_work;
    double alpha;
    int have_m, have_k, have_n, json;
};

static int on_option(void *ctx, int id, const char *arg)
{
    struct strat_opts *o = ctx;
    switch (id) {
    case OPT_M: o->have_m = 1; return cli_u64("strategies", "-m", arg, &o->m) ? 0 : CLI_EXIT_USAGE;
    case OPT_K: o->have_k = 1; return cli_u64("strategies", "-k", arg, &o->k) ? 0 : CLI_EXIT_USAGE;
    case OPT_N: o->have_n = 1; return cli_u64("strategies", "-n", arg, &o->n) ? 0 : CLI_EXIT_USAGE;
    case OPT_TRIALS:
        if (!cli_u64("strategies", "--trials", arg, &o->trials) || o->trials == 0)
            return cli_usage("strategies", USAGE, "--trials must be at least 1");
        return 0;
    case OPT_SEED: return cli_u64("strategies", "--seed", arg, &o->seed) ? 0 : CLI_EXIT_USAGE;
    case OPT_ALPHA: return cli_double_open("strategies", "--alpha", arg, 0.0, 1.0, &o->alpha) ? 0 : CLI_EXIT_USAGE;
    case OPT_MAX_WORK:
        if (!cli_u64("strategies", "--max-work", arg, &o->max_work) || o->max_work == 0)
            return cli_usage("strategies", USAGE, "--max-work must be at least 1 (got '%s')", arg);
        return 0;
    default: o->json = 1; return 0;
    }
}

/* Options that go together, and the Monte Carlo's work (four runs of T trials of (n + 1)
 * keys x k indices and m/64 words cleared; docs/cost-limits.md): 0 or a usage error. */
static int options_valid(const struct strat_opts *o)
{
    if (!o->have_m || !o->have_k || !o->have_n)
        return cli_usage("strategies", USAGE, "missing %s",
                         !o->have_m ? "-m (bits)" : !o->have_k ? "-k (hashes)" : "-n (keys per trial)");
    if (o->m == 0 || o->k == 0 || o->k > 4096)
        return cli_usage("strategies", USAGE, "need m >= 1 and 1 <= k <= 4096");
    const double work = 4.0 * (double)o->trials * (((double)o->n + 1.0) * (double)o->k + (double)o->m / 64.0);
    if (work > (double)o->max_work)
        return cli_usage("strategies", USAGE,
                         "the Monte Carlo would take about %.3g index operations, 4 strategies x --trials %llu x "
                         "((n + 1) keys x k + m/64 words), over --max-work %llu (from -m %llu, -k %llu, -n %llu, "
                         "--trials %llu; docs/cost-limits.md): give fewer --trials or a smaller -n, or a larger "
                         "--max-work",
                         work, (unsigned long long)o->trials, (unsigned long long)o->max_work,
                         (unsigned long long)o->m, (unsigned long long)o->k, (unsigned long long)o->n,
                         (unsigned long long)o->trials);
    return 0;
}

/* One strategy's run and its two tests (sname NULL: no theory for this m). */
struct strat_row {
    int hash;
    const char *sname;
    double pt;
    uint64_t x;
    amq_binom_test_result rb, rt;
};

static int run_strategy(struct strat_row *r, const struct strat_opts *o, double pb)
{
    const uint64_t m = o->m;
    const int pow2 = (m & (m - 1)) == 0, h = r->hash;
    mpz_t s;
    mpz_init(s);
    r->sname = NULL;
    if (h == AMQ_HASH_ENHANCED && amq_fingerprint_space(s, m, 2, 0) == AMQ_OK)
        r->sname = "m^2";
    else if (h == AMQ_HASH_DOUBLE && pow2 && m >= 4 && amq_fingerprint_space(s, m, 2, 2) == AMQ_OK)
        r->sname = "m^2/4";
    else if (h == AMQ_HASH_TRIPLE && pow2 && m >= 2 && amq_fingerprint_space(s, m, 3, 1) == AMQ_OK)
        r->sname = "m^3/2";
    const amq_status st = r->sname ? theory_rate(&r->pt, m, o->k, o->n, s) : AMQ_OK;
    mpz_clear(s);
    if (st != AMQ_OK)
        return cli_fail("strategies", "theory rate: %s", amq_last_error());
    amq_ops kn;
    amq_mc_config cfg = {.n = o->n, .trials = o->trials, .seed = o->seed, .hash = h};
    if (amq_ops_bloom(&kn, m, (size_t)o->k, NULL, NULL) != AMQ_OK || amq_check_mc(&kn, &cfg, &r->x) != AMQ_OK ||
        amq_binom_test(r->x, o->trials, pb, o->alpha, &r->rb) != AMQ_OK ||
        (r->sname && amq_binom_test(r->x, o->trials, r->pt, o->alpha, &r->rt) != AMQ_OK))
        return cli_fail("strategies", "%s", amq_last_error());
    return 0;
}

static void print_row(const struct strat_row *r, int json)
{
    const char *name = amq_hash_name((amq_hash_strategy)r->hash);
    if (json) {
        printf("%s{\"hash\": \"%s\", \"positives\": %llu, \"estimate\": %.10g, \"p_value_bloom\": %.6g, "
               "\"log10_p_value_bloom\": %.6g, \"verdict_bloom\": \"%s\", \"fingerprint_space\": ",
               r->hash ? ", " : "", name, (unsigned long long)r->x, r->rb.estimate, r->rb.p_value,
               r->rb.log10_p_value, r->rb.pass ? "pass" : "fail");
        if (r->sname)
            printf("\"%s\", \"theory_rate\": %.10g, \"p_value_theory\": %.6g, \"log10_p_value_theory\": "
                   "%.6g, \"verdict_theory\": \"%s\"}",
                   r->sname, r->pt, r->rt.p_value, r->rt.log10_p_value, r->rt.pass ? "pass" : "fail");
        else
            printf("null, \"theory_rate\": null, \"p_value_theory\": null, \"log10_p_value_theory\": null, "
                   "\"verdict_theory\": null}");
        return;
    }
    printf("%-12s %-9llu %-12.6g %-10.3g %-6s", name, (unsigned long long)r->x, r->rb.estimate, r->rb.p_value,
           r->rb.pass ? "pass" : "FAIL");
    if (r->sname)
        printf("  %-11s %-12.6g %-10.3g %s\n", r->sname, r->pt, r->rt.p_value, r->rt.pass ? "pass" : "FAIL");
    else
        printf("  %-11s %-12s %-10s %s\n", "-", "(model)", "-", "-");
}

static void print_head(const struct strat_opts *o, const char *pbs)
{
    if (o->json)
        printf("{\"m\": %llu, \"k\": %llu, \"n\": %llu, \"trials\": %llu, \"seed\": %llu, \"alpha\": %g, "
               "\"bloom_rate\": \"%s\", \"strategies\": [",
               (unsigned long long)o->m, (unsigned long long)o->k, (unsigned long long)o->n,
               (unsigned long long)o->trials, (unsigned long long)o->seed, o->alpha, pbs);
    else
        printf("Bloom filter m = %llu, k = %llu, n = %llu keys per trial, %llu trials per strategy,\n"
               "seed %llu, alpha %g; exact Bloom rate %s\n\n"
               "%-12s %-9s %-12s %-10s %-6s  %-11s %-12s %-10s %s\n",
               (unsigned long long)o->m, (unsigned long long)o->k, (unsigned long long)o->n,
               (unsigned long long)o->trials, (unsigned long long)o->seed, o->alpha, pbs, "strategy", "positives",
               "estimate", "p(bloom)", "bloom", "s", "theory", "p(theory)", "theory");
}

/* Every strategy is run before anything is printed: an error prints no part of the table
 * (issue 26, class 9). */
int cmd_strategies(int argc, char **argv)
{
    static const cli_option opts[] = {
        {"bits", 'm', 1, OPT_M},          {"hashes", 'k', 1, OPT_K},    {"keys", 'n', 1, OPT_N},
        {"trials", 0, 1, OPT_TRIALS},     {"seed", 0, 1, OPT_SEED},     {"alpha", 0, 1, OPT_ALPHA},
        {"json", 0, 0, OPT_JSON},         {"max-work", 0, 1, OPT_MAX_WORK},
    };
    struct strat_opts o = {.trials = AMQ_CHECK_DEFAULT_TRIALS, .seed = AMQ_CHECK_DEFAULT_SEED,
                           .max_work = (uint64_t)CLI_MC_MAX_WORK, .alpha = AMQ_CHECK_ALPHA_DEFAULT};
    int rc = cli_parse_args("strategies", USAGE, opts, sizeof opts / sizeof opts[0], on_option, &o, argc, argv, NULL,
                            0, NULL);
    if (rc < 0) {
        help();
        return 0;
    }
    if (rc || (rc = options_valid(&o)))
        return rc;
    double pb;
    if (amq_check_bloom_rate(&pb, o.m, o.k, o.n) != AMQ_OK)
        return cli_fail("strategies", "exact Bloom rate: %s", amq_last_error());
    char *pbs = NULL;
    if (amq_bloom_fp_decimal(&pbs, o.m, o.k, o.n, 10, NULL, NULL) != AMQ_OK)
        return cli_fail("strategies", "exact Bloom rate: %s", amq_last_error());
    struct strat_row rows[AMQ_HASH_ENHANCED + 1];
    for (int h = AMQ_HASH_INDEPENDENT; h <= AMQ_HASH_ENHANCED && !rc; h++) {
        rows[h].hash = h;
        rc = run_strategy(&rows[h], &o, pb);
    }
    if (!rc) {
        print_head(&o, pbs);
        for (int h = AMQ_HASH_INDEPENDENT; h <= AMQ_HASH_ENHANCED; h++)
            print_row(&rows[h], o.json);
        if (o.json)
            printf("]}\n");
    }
    free(pbs);
    return rc;
}
