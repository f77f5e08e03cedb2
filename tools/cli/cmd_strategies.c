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
#include <amq/check.h>
#include <amq/spec_bloom.h>
#include <amq/spec_omissions.h>
#include <internal/check_kernels.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char USAGE[] = "amq strategies -m M -k K -n N [--trials T] [--seed S] [--alpha A] [--json]";

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
          "  --trials T (default 100000)  --seed S (default 1)  --alpha A (default 1e-6)\n",
          stdout);
}

/* Midpoint of a certified enclosure of the theory rate (for the statistics only). */
static amq_status theory_rate(double *p, uint64_t m, uint64_t k, uint64_t n, mpz_srcptr s)
{
    amq_omis_params q = {m, k, n, s, AMQ_OMIS_EXACT};
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_omis_rate_enclose(lo, hi, 128, &q, n);
    if (!st) {
        mpfr_add(lo, lo, hi, MPFR_RNDN);
        mpfr_div_2ui(lo, lo, 1, MPFR_RNDN);
        *p = mpfr_get_d(lo, MPFR_RNDN);
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}

int cmd_strategies(int argc, char **argv)
{
    enum { OPT_TRIALS = 256, OPT_SEED, OPT_ALPHA, OPT_JSON };
    static const struct option opts[] = {
        {"trials", required_argument, 0, OPT_TRIALS}, {"seed", required_argument, 0, OPT_SEED},
        {"alpha", required_argument, 0, OPT_ALPHA},   {"json", no_argument, 0, OPT_JSON},
        {"help", no_argument, 0, 'h'},                {0, 0, 0, 0},
    };
    uint64_t m = 0, k = 0, n = 0, trials = AMQ_CHECK_DEFAULT_TRIALS, seed = AMQ_CHECK_DEFAULT_SEED;
    double alpha = AMQ_CHECK_ALPHA_DEFAULT;
    int have_m = 0, have_k = 0, have_n = 0, json = 0, c;
    optind = 0;
    opterr = 0; /* our messages, not getopt's */
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":m:k:n:h", opts, NULL)) != -1) {
        switch (c) {
        case 'm':
            if (!cli_u64("strategies", "-m", optarg, &m))
                return CLI_EXIT_USAGE;
            have_m = 1;
            break;
        case 'k':
            if (!cli_u64("strategies", "-k", optarg, &k))
                return CLI_EXIT_USAGE;
            have_k = 1;
            break;
        case 'n':
            if (!cli_u64("strategies", "-n", optarg, &n))
                return CLI_EXIT_USAGE;
            have_n = 1;
            break;
        case OPT_TRIALS:
            if (!cli_u64("strategies", "--trials", optarg, &trials) || trials == 0)
                return cli_usage("strategies", USAGE, "--trials must be at least 1");
            break;
        case OPT_SEED:
            if (!cli_u64("strategies", "--seed", optarg, &seed))
                return CLI_EXIT_USAGE;
            break;
        case OPT_ALPHA:
            if (!cli_double_open("strategies", "--alpha", optarg, 0.0, 1.0, &alpha))
                return CLI_EXIT_USAGE;
            break;
        case OPT_JSON:
            json = 1;
            break;
        case 'h':
            help();
            return 0;
        case ':':
            return cli_usage("strategies", USAGE, "option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage("strategies", USAGE, "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_usage("strategies", USAGE, "unexpected argument '%s'", argv[optind]);
    if (!have_m || !have_k || !have_n)
        return cli_usage("strategies", USAGE, "missing %s",
                         !have_m ? "-m (bits)" : !have_k ? "-k (hashes)" : "-n (keys per trial)");
    if (m == 0 || k == 0 || k > 4096)
        return cli_usage("strategies", USAGE, "need m >= 1 and 1 <= k <= 4096");

    double pb;
    if (amq_check_bloom_rate(&pb, m, k, n) != AMQ_OK)
        return cli_fail("strategies", "exact Bloom rate: %s", amq_last_error());
    char *pbs = NULL;
    if (amq_bloom_fp_decimal(&pbs, m, k, n, 10, NULL, NULL) != AMQ_OK)
        return cli_fail("strategies", "exact Bloom rate: %s", amq_last_error());
    int pow2 = (m & (m - 1)) == 0;
    if (json)
        printf("{\"m\": %llu, \"k\": %llu, \"n\": %llu, \"trials\": %llu, \"seed\": %llu, \"alpha\": %g, "
               "\"bloom_rate\": \"%s\", \"strategies\": [",
               (unsigned long long)m, (unsigned long long)k, (unsigned long long)n,
               (unsigned long long)trials, (unsigned long long)seed, alpha, pbs);
    else
        printf("Bloom filter m = %llu, k = %llu, n = %llu keys per trial, %llu trials per strategy,\n"
               "seed %llu, alpha %g; exact Bloom rate %s\n\n"
               "%-12s %-9s %-12s %-10s %-6s  %-11s %-12s %-10s %s\n",
               (unsigned long long)m, (unsigned long long)k, (unsigned long long)n,
               (unsigned long long)trials, (unsigned long long)seed, alpha, pbs, "strategy", "positives",
               "estimate", "p(bloom)", "bloom", "s", "theory", "p(theory)", "theory");
    int rc = 0;
    for (int h = AMQ_HASH_INDEPENDENT; h <= AMQ_HASH_ENHANCED; h++) {
        mpz_t s;
        mpz_init(s);
        const char *sname = NULL;
        if (h == AMQ_HASH_ENHANCED && amq_fingerprint_space(s, m, 2, 0) == AMQ_OK)
            sname = "m^2";
        else if (h == AMQ_HASH_DOUBLE && pow2 && m >= 4 && amq_fingerprint_space(s, m, 2, 2) == AMQ_OK)
            sname = "m^2/4";
        else if (h == AMQ_HASH_TRIPLE && pow2 && m >= 2 && amq_fingerprint_space(s, m, 3, 1) == AMQ_OK)
            sname = "m^3/2";
        double pt = 0;
        if (sname && theory_rate(&pt, m, k, n, s) != AMQ_OK) {
            mpz_clear(s);
            rc = cli_fail("strategies", "theory rate: %s", amq_last_error());
            break;
        }
        mpz_clear(s);
        amq_kernel kn;
        uint64_t x = 0;
        amq_mc_config cfg = {.n = n, .trials = trials, .seed = seed, .hash = h};
        amq_binom_test_result rb, rt;
        if (amq_kernel_bloom(&kn, m, (size_t)k, NULL, NULL) != AMQ_OK || amq_check_mc(&kn, &cfg, &x) != AMQ_OK ||
            amq_binom_test(x, trials, pb, alpha, &rb) != AMQ_OK ||
            (sname && amq_binom_test(x, trials, pt, alpha, &rt) != AMQ_OK)) {
            rc = cli_fail("strategies", "%s", amq_last_error());
            break;
        }
        const char *name = amq_hash_name((amq_hash_strategy)h);
        if (json) {
            printf("%s{\"hash\": \"%s\", \"positives\": %llu, \"estimate\": %.10g, \"p_value_bloom\": %.6g, "
                   "\"log10_p_value_bloom\": %.6g, \"verdict_bloom\": \"%s\", \"fingerprint_space\": ",
                   h ? ", " : "", name, (unsigned long long)x, rb.estimate, rb.p_value, rb.log10_p_value,
                   rb.pass ? "pass" : "fail");
            if (sname)
                printf("\"%s\", \"theory_rate\": %.10g, \"p_value_theory\": %.6g, \"log10_p_value_theory\": "
                       "%.6g, \"verdict_theory\": \"%s\"}",
                       sname, pt, rt.p_value, rt.log10_p_value, rt.pass ? "pass" : "fail");
            else
                printf("null, \"theory_rate\": null, \"p_value_theory\": null, \"log10_p_value_theory\": null, "
                       "\"verdict_theory\": null}");
        } else {
            printf("%-12s %-9llu %-12.6g %-10.3g %-6s", name, (unsigned long long)x, rb.estimate, rb.p_value,
                   rb.pass ? "pass" : "FAIL");
            if (sname)
                printf("  %-11s %-12.6g %-10.3g %s\n", sname, pt, rt.p_value, rt.pass ? "pass" : "FAIL");
            else
                printf("  %-11s %-12s %-10s %s\n", "-", "(model)", "-", "-");
        }
        fflush(stdout);
        if (cli_stdout_failed()) { /* the rest would be lost too; main reports the write error */
            rc = CLI_EXIT_FAIL;
            break;
        }
    }
    if (json && rc == 0)
        printf("]}\n");
    free(pbs);
    return rc;
}
