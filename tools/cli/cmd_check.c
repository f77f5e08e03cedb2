/* amq check STRUCTURE ...: Monte Carlo check of the real compiled kernel against
 * the exact false-positive rate of the spec (amq/check.h, amq/stats.h).
 *
 * Each trial builds a FRESH filter of n keys and makes ONE query with a fresh key,
 * so the trials are independent and the number of positives is Binomial(T, p)
 * when the kernel and the hashing meet the model. Verdict: fail when the two-sided
 * exact binomial p-value is below alpha (default 1e-6: a correct kernel is
 * reported as failing with probability at most alpha).
 *
 * Structures plug in through the `structures` table: their parameters (short
 * options, all required integers), which parameter is the number of keys per
 * trial, how to build the kernel descriptor, and the exact rate. The options
 * common to every structure (--trials --seed --hash --alpha --json --help) and
 * the whole run/report are shared. */
#include "cli.h"
#include <amq/check.h>
#include <amq/spec_bloom.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_MAX_PARAMS 8
#define EXACT_DIGITS 15

typedef struct check_param {
    char flag;         /* short option, also the JSON key ("m") */
    const char *what;  /* for messages: "number of bits" */
} check_param;

typedef struct check_structure {
    const char *name;
    const char *title;
    const check_param *params;
    size_t nparams;
    size_t keys_param; /* index of the keys-per-trial parameter (n) */
    /* The kernel descriptor for these parameter values. */
    amq_status (*kernel)(amq_kernel *kn, const uint64_t *v);
    /* The exact rate: correctly rounded decimal (malloc'd) and its double. */
    amq_status (*exact)(char **decimal, double *p, const uint64_t *v);
} check_structure;

/* ---------------- Bloom ---------------- */

static const check_param bloom_params[] = {
    {'m', "number of bits m"},
    {'k', "number of hash functions k"},
    {'n', "number of keys n inserted per trial"},
};

static amq_status bloom_kernel(amq_kernel *kn, const uint64_t *v)
{
    if (v[1] == 0)
        return amq_fail(AMQ_E_INVALID_K, "k = 0: a Bloom filter needs at least one hash function");
    if (v[1] > SIZE_MAX / sizeof(uint64_t))
        return amq_fail(AMQ_E_INVALID_K, "k = %llu is too large", (unsigned long long)v[1]);
    return amq_kernel_bloom(kn, v[0], (size_t)v[1], NULL, NULL);
}

static amq_status bloom_exact(char **decimal, double *p, const uint64_t *v)
{
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_bloom_fp_decimal(decimal, v[0], v[1], v[2], EXACT_DIGITS, lo, hi);
    if (st == AMQ_OK) {
        mpfr_add(lo, lo, hi, MPFR_RNDN);
        mpfr_div_2ui(lo, lo, 1, MPFR_RNDN);
        *p = mpfr_get_d(lo, MPFR_RNDN);
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}

/* ---------------- the table ---------------- */

static const check_structure structures[] = {
    {"bloom", "Bloom filter", bloom_params, sizeof bloom_params / sizeof bloom_params[0], 2,
     bloom_kernel, bloom_exact},
};
#define NSTRUCTURES (sizeof structures / sizeof structures[0])

static const char *const common_usage =
    "[--trials T] [--seed S] [--hash random|independent|double|triple|enhanced] [--alpha A] [--json]";

static void print_help(FILE *f, const check_structure *only)
{
    fputs("usage:\n", f);
    for (size_t i = 0; i < NSTRUCTURES; i++) {
        const check_structure *s = &structures[i];
        if (only && only != s)
            continue;
        fprintf(f, "  amq check %s", s->name);
        for (size_t j = 0; j < s->nparams; j++)
            fprintf(f, " -%c %c", s->params[j].flag, s->params[j].flag - 'a' + 'A');
        fprintf(f, " %s\n", common_usage);
    }
    fprintf(f,
            "\nMonte Carlo check of the real compiled kernel against the exact false-positive\n"
            "rate. Each trial builds a fresh filter of n keys and makes ONE query with a fresh\n"
            "key, so trials are independent and the positives are Binomial(T, p), p the exact\n"
            "rate. Reports the estimate, the exact rate (correctly rounded), the Clopper-Pearson\n"
            "interval at confidence 1 - alpha, the two-sided exact binomial p-value and the\n"
            "verdict: fail when p-value < alpha.\n\n"
            "  --trials T   independent trials (default %llu)\n"
            "  --seed S     seed of the run's xoshiro256** generator, seeded by SplitMix64\n"
            "               (default %llu: fixed, so runs are reproducible)\n"
            "  --hash H     random: every index uniform from the generator (random oracle);\n"
            "               independent|double|triple|enhanced: real XXH3 hashing of distinct\n"
            "               8-byte keys, a fresh hash seed per trial (default random)\n"
            "  --alpha A    significance level = false-alarm rate, 0 < A < 1 (default 1e-6)\n"
            "  --json       machine-readable output\n\n"
            "exit status: 0 pass, 1 fail (or an error), 2 usage error\n",
            (unsigned long long)AMQ_CHECK_DEFAULT_TRIALS, (unsigned long long)AMQ_CHECK_DEFAULT_SEED);
}

/* "amq check bloom -m M -k K -n N [--trials T] ..." for every structure. */
static const char *usage_line(void)
{
    static char buf[1024];
    size_t len = 0;
    for (size_t i = 0; i < NSTRUCTURES && len < sizeof buf; i++) {
        const check_structure *s = &structures[i];
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%samq check %s", i ? "\n       " : "",
                                s->name);
        for (size_t j = 0; j < s->nparams && len < sizeof buf; j++)
            len += (size_t)snprintf(buf + len, sizeof buf - len, " -%c %c", s->params[j].flag,
                                    s->params[j].flag - 'a' + 'A');
        if (len < sizeof buf)
            len += (size_t)snprintf(buf + len, sizeof buf - len, " %s", common_usage);
    }
    return buf;
}

#define usage_error(...) cli_usage("check", usage_line(), __VA_ARGS__)

static void on_progress(void *ctx, uint64_t done, uint64_t total)
{
    cli_progress_update(ctx, "check", done, total);
}

/* Shortest %.Ng (N = 15..17) that reads back as x. */
static void put_double(FILE *f, double x)
{
    char buf[64];
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    fputs(buf, f);
}

/* A p-value for people: the double, or from its log10 once it underflows. */
static void put_pvalue(FILE *f, const amq_binom_test_result *r)
{
    if (r->p_value > 0.0 || !isfinite(r->log10_p_value)) {
        fprintf(f, "%.3g", r->p_value);
        return;
    }
    double e = floor(r->log10_p_value), mant = pow(10.0, r->log10_p_value - e);
    fprintf(f, "%.2fe%.0f", mant, e);
}

static int run(const check_structure *s, int argc, char **argv)
{
    enum { OPT_TRIALS = 256, OPT_SEED, OPT_HASH, OPT_ALPHA, OPT_JSON, OPT_HELP };
    static const struct option longopts[] = {
        {"trials", required_argument, NULL, OPT_TRIALS},
        {"seed", required_argument, NULL, OPT_SEED},
        {"hash", required_argument, NULL, OPT_HASH},
        {"alpha", required_argument, NULL, OPT_ALPHA},
        {"json", no_argument, NULL, OPT_JSON},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0},
    };
    char shortopts[3 * CHECK_MAX_PARAMS + 4] = ":h";
    size_t sl = strlen(shortopts);
    for (size_t j = 0; j < s->nparams && j < CHECK_MAX_PARAMS; j++) {
        shortopts[sl++] = s->params[j].flag;
        shortopts[sl++] = ':';
    }
    shortopts[sl] = 0;

    uint64_t v[CHECK_MAX_PARAMS] = {0};
    int have[CHECK_MAX_PARAMS] = {0};
    uint64_t trials = AMQ_CHECK_DEFAULT_TRIALS, seed = AMQ_CHECK_DEFAULT_SEED;
    int hash = AMQ_CHECK_RANDOM_ORACLE, json = 0;
    double alpha = AMQ_CHECK_ALPHA_DEFAULT;
    char flagname[3] = "-?";

    optind = 0; /* reinitialise GNU getopt */
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        switch (c) {
        case OPT_TRIALS:
            if (!cli_u64("check", "--trials", optarg, &trials))
                return CLI_EXIT_USAGE;
            if (trials == 0)
                return usage_error("--trials must be at least 1 (got '%s')", optarg);
            break;
        case OPT_SEED:
            if (!cli_u64("check", "--seed", optarg, &seed))
                return CLI_EXIT_USAGE;
            break;
        case OPT_HASH:
            if (amq_check_hash_parse(optarg, &hash) != AMQ_OK)
                return usage_error("%s", amq_last_error());
            break;
        case OPT_ALPHA:
            if (!cli_double_open("check", "--alpha", optarg, 0.0, 1.0, &alpha))
                return CLI_EXIT_USAGE;
            break;
        case OPT_JSON:
            json = 1;
            break;
        case 'h':
        case OPT_HELP:
            print_help(stdout, s);
            return 0;
        case ':':
            return usage_error("option '%s' needs a value", argv[optind - 1]);
        case '?':
            if (optopt) {
                flagname[1] = (char)optopt;
                return usage_error("unknown option '%s'", flagname);
            }
            return usage_error("unknown option '%s'", argv[optind - 1]);
        default: {
            size_t j = 0;
            while (j < s->nparams && s->params[j].flag != c)
                j++;
            if (j == s->nparams) /* not reached: getopt returns only listed options */
                return usage_error("unknown option '-%c'", c);
            flagname[1] = (char)c;
            if (!cli_u64("check", flagname, optarg, &v[j]))
                return CLI_EXIT_USAGE;
            have[j] = 1;
        }
        }
    }
    if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    for (size_t j = 0; j < s->nparams; j++)
        if (!have[j]) {
            flagname[1] = s->params[j].flag;
            return usage_error("missing %s (-%c)", s->params[j].what, s->params[j].flag);
        }

    amq_kernel kn;
    amq_status st = s->kernel(&kn, v);
    if (st != AMQ_OK)
        return cli_fail("check", "%s", amq_last_error());
    char *exact = NULL;
    double p = 0;
    if ((st = s->exact(&exact, &p, v)) != AMQ_OK)
        return cli_fail("check", "exact rate: %s", amq_last_error());

    cli_progress bar;
    cli_progress_begin(&bar);
    amq_mc_config cfg = {.n = v[s->keys_param], .trials = trials, .seed = seed, .hash = hash,
                         .progress = on_progress, .progress_ctx = &bar};
    uint64_t x = 0;
    st = amq_check_mc(&kn, &cfg, &x);
    cli_progress_end(&bar);
    amq_binom_test_result r;
    if (st == AMQ_OK)
        st = amq_binom_test(x, trials, p, alpha, &r);
    if (st != AMQ_OK) {
        free(exact);
        return cli_fail("check", "%s", amq_last_error());
    }

    if (json) {
        printf("{\"structure\": ");
        cli_json_str(stdout, s->name);
        for (size_t j = 0; j < s->nparams; j++)
            printf(", \"%c\": %llu", s->params[j].flag, (unsigned long long)v[j]);
        printf(", \"trials\": %llu, \"seed\": %llu, \"hash\": ", (unsigned long long)trials,
               (unsigned long long)seed);
        cli_json_str(stdout, amq_check_hash_name(hash));
        printf(", \"positives\": %llu, \"estimate\": ", (unsigned long long)x);
        put_double(stdout, r.estimate);
        printf(", \"exact\": ");
        cli_json_str(stdout, exact);
        printf(", \"ci_lower\": ");
        put_double(stdout, r.ci_lower);
        printf(", \"ci_upper\": ");
        put_double(stdout, r.ci_upper);
        printf(", \"p_value\": ");
        put_double(stdout, r.p_value);
        printf(", \"log10_p_value\": ");
        if (isfinite(r.log10_p_value))
            put_double(stdout, r.log10_p_value);
        else
            printf("null");
        printf(", \"alpha\": ");
        put_double(stdout, alpha);
        printf(", \"verdict\": \"%s\"}\n", r.pass ? "pass" : "fail");
    } else {
        printf("structure   %s (", s->title);
        for (size_t j = 0; j < s->nparams; j++)
            printf("%s%c=%llu", j ? ", " : "", s->params[j].flag, (unsigned long long)v[j]);
        printf(")\n");
        if (hash == AMQ_CHECK_RANDOM_ORACLE)
            printf("hashing     random oracle (uniform indices, xoshiro256** seeded %llu)\n",
                   (unsigned long long)seed);
        else
            printf("hashing     %s (XXH3, distinct keys, fresh hash seed per trial; run seed %llu)\n",
                   amq_check_hash_name(hash), (unsigned long long)seed);
        printf("trials      %llu fresh filters, one fresh query each\n", (unsigned long long)trials);
        printf("positives   %llu\n", (unsigned long long)x);
        printf("estimate    %.6g\n", r.estimate);
        printf("exact       %s (correctly rounded, %d digits)\n", exact, EXACT_DIGITS);
        printf("interval    [%.6g, %.6g] (Clopper-Pearson, confidence 1 - %g)\n", r.ci_lower,
               r.ci_upper, alpha);
        printf("p-value     ");
        put_pvalue(stdout, &r);
        printf(" (two-sided exact binomial test against the exact rate)\n");
        printf("verdict     %s (fail when p-value < alpha = %g, the false-alarm rate)\n",
               r.pass ? "pass" : "FAIL", alpha);
    }
    free(exact);
    return r.pass ? 0 : CLI_EXIT_FAIL;
}

int cmd_check(int argc, char **argv)
{
    if (argc < 2) {
        char names[256] = "";
        for (size_t i = 0; i < NSTRUCTURES; i++) {
            if (i)
                strncat(names, ", ", sizeof names - strlen(names) - 1);
            strncat(names, structures[i].name, sizeof names - strlen(names) - 1);
        }
        return usage_error("missing structure (one of: %s)", names);
    }
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
        print_help(stdout, NULL);
        return 0;
    }
    if (name[0] == '-')
        return usage_error("unknown option '%s' (the structure comes first)", name);
    for (size_t i = 0; i < NSTRUCTURES; i++)
        if (!strcmp(name, structures[i].name))
            return run(&structures[i], argc - 1, argv + 1);
    return usage_error("unknown structure '%s'", name);
}
