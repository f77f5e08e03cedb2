/* amq check STRUCTURE ...: Monte Carlo check of the real compiled kernel of any structure
 * of the registry against its exact false-positive rate (amq/filter_rate.h, amq/check.h).
 *
 * Each trial builds a FRESH filter of n keys and makes ONE query with a fresh key, so the
 * trials are independent and the number of positives is Binomial(T, p) when the kernel and
 * the hashing meet the model.  Verdict: fail when the two-sided exact binomial p-value is
 * below alpha (default 1e-6: a correct kernel is reported as failing with probability at
 * most alpha). */
#include "cli.h"
#include "params.h"
#include <amq/filter_rate.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EXACT_DIGITS 15
/* The Monte Carlo's work, estimated before it starts (docs/cost-limits.md): index operations
 * trials x ((n + removals + 1) k x the structure's weight + state words), at most
 * CLI_MC_MAX_WORK unless --max-work says more. */

static const char USAGE_HEAD[] = "amq check STRUCTURE PARAMETERS -n N [--removals RM] [--trials T] [--seed S] "
                                 "[--hash random|independent|double|triple|enhanced] [--alpha A] [--max-work W] [--json]\n"
                                 "       amq check --plugin LIB | --exec CMD | --impl STRUCTURE --model ... "
                                 "(amq check --impl bloom --help)";

enum { OPT_N = 'n', OPT_REMOVALS = 256, OPT_TRIALS, OPT_SEED, OPT_HASH, OPT_ALPHA, OPT_JSON, OPT_MAX_WORK };

struct check_opts {
    const char *usage;
    uint64_t n, removals, trials, seed, max_work;
    int have_n, hash, json;
    double alpha;
};

static int on_option(void *ctx, int id, const char *arg)
{
    struct check_opts *o = ctx;
    switch (id) {
    case OPT_N: o->have_n = 1; return cli_u64("check", "-n", arg, &o->n) ? 0 : CLI_EXIT_USAGE;
    case OPT_REMOVALS: return cli_u64("check", "--removals", arg, &o->removals) ? 0 : CLI_EXIT_USAGE;
    case OPT_TRIALS:
        if (!cli_u64("check", "--trials", arg, &o->trials))
            return CLI_EXIT_USAGE;
        return o->trials ? 0 : cli_usage("check", o->usage, "--trials must be at least 1 (got '%s')", arg);
    case OPT_SEED: return cli_u64("check", "--seed", arg, &o->seed) ? 0 : CLI_EXIT_USAGE;
    case OPT_HASH:
        return amq_check_hash_parse(arg, &o->hash) == AMQ_OK ? 0 : cli_usage("check", o->usage, "%s", amq_last_error());
    case OPT_ALPHA: return cli_double_open("check", "--alpha", arg, 0.0, 1.0, &o->alpha) ? 0 : CLI_EXIT_USAGE;
    case OPT_JSON: o->json = 1; return 0;
    case OPT_MAX_WORK:
        if (!cli_u64("check", "--max-work", arg, &o->max_work))
            return CLI_EXIT_USAGE;
        return o->max_work ? 0 : cli_usage("check", o->usage, "--max-work must be at least 1 (got '%s')", arg);
    default: return cli_usage("check", o->usage, "invalid option");
    }
}

static const cli_option options[] = {
    {"keys", 'n', 1, OPT_N},      {"removals", 0, 1, OPT_REMOVALS}, {"trials", 0, 1, OPT_TRIALS},
    {"seed", 0, 1, OPT_SEED},     {"hash", 0, 1, OPT_HASH},         {"alpha", 0, 1, OPT_ALPHA},
    {"json", 0, 0, OPT_JSON},     {"max-work", 0, 1, OPT_MAX_WORK},
};

static void usage_of(char *buf, size_t len, const amq_structure *s)
{
    char pu[256];
    cli_params_usage(pu, sizeof pu, s, CLI_PARAMS_MODEL);
    snprintf(buf, len, "amq check %s%s -n N%s [--trials T] [--seed S] [--hash H] [--alpha A] [--max-work W] [--json]",
             amq_structure_name(s), pu, amq_structure_can_remove(s) ? " [--removals RM]" : "");
}

static void print_help(FILE *f, const amq_structure *only)
{
    fprintf(f, "usage: %s\n", USAGE_HEAD);
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        if (only && s != only)
            continue;
        char buf[512];
        usage_of(buf, sizeof buf, s);
        fprintf(f, "\n%s   (%s)\n", buf, amq_structure_title(s));
        cli_params_help(f, s, CLI_PARAMS_MODEL);
        if (amq_structure_removal_note(s))
            fprintf(f, "  with --removals RM: %s\n", amq_structure_removal_note(s));
    }
    fprintf(f,
            "\nMonte Carlo check of the real compiled kernel against the exact false-positive\n"
            "rate. Each trial builds a fresh filter of n keys (removing the first RM again, where\n"
            "asked) and makes ONE query with a fresh key, so trials are independent and the\n"
            "positives are Binomial(T, p), p the exact rate. Reports the estimate, the exact rate\n"
            "(correctly rounded), the Clopper-Pearson interval at confidence 1 - alpha, the\n"
            "two-sided exact binomial p-value and the verdict: fail when p-value < alpha.\n"
            "  -n N         keys inserted per trial\n"
            "  --trials T   independent trials (default %llu)\n"
            "  --seed S     seed of the run's xoshiro256** generator, seeded by SplitMix64\n"
            "               (default %llu: fixed, so runs are reproducible)\n"
            "  --hash H     random: every index uniform from the generator (random oracle);\n"
            "               independent|double|triple|enhanced: real XXH3 hashing of distinct\n"
            "               8-byte keys, a fresh hash seed per trial (default random)\n"
            "  --alpha A    significance level = false-alarm rate, 0 < A < 1 (default 1e-6)\n"
            "  --max-work W refuse a run estimated at more than W Bloom index operations of time,\n"
            "               T x ((n + RM + 1) k x the structure's weight + state words), before\n"
            "               it starts (default 2^33, about 30 s of one idle core)\n"
            "  --json       machine-readable output\n"
            "exit status: 0 pass, 1 fail (or an error), 2 usage error\n",
            (unsigned long long)AMQ_CHECK_DEFAULT_TRIALS, (unsigned long long)AMQ_CHECK_DEFAULT_SEED);
}

static void on_progress(void *ctx, uint64_t done, uint64_t total) { cli_progress_update(ctx, "check", done, total); }

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

/* The exact rate after n keys: correctly rounded decimal, and the midpoint of its
 * certified enclosure as the double the test uses. */
static amq_status exact_rate(const amq_structure *s, const amq_params *p, uint64_t n, char **dec, double *rate)
{
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_structure_fp_decimal(dec, s, p, n, EXACT_DIGITS, lo, hi);
    mpfr_add(lo, lo, hi, MPFR_RNDN);
    mpfr_div_2ui(lo, lo, 1, MPFR_RNDN);
    *rate = mpfr_get_d(lo, MPFR_RNDN);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}

static void report_json(const amq_structure *s, const amq_params *p, const struct check_opts *o,
                        const amq_binom_test_result *r, const char *exact, uint64_t refused)
{
    printf("{\"structure\": ");
    cli_json_str(stdout, amq_structure_name(s));
    for (size_t i = 0; i < amq_structure_nparams(s); i++)
        if (cli_takes(s, CLI_PARAMS_MODEL, i)) {
            printf(", \"%s\": ", amq_structure_param(s, i)->key);
            cli_json_param(stdout, amq_structure_param(s, i), p->v[i]);
        }
    printf(", \"n\": %llu, \"removals\": %llu, \"trials\": %llu, \"seed\": %llu, \"hash\": ",
           (unsigned long long)o->n, (unsigned long long)o->removals, (unsigned long long)o->trials,
           (unsigned long long)o->seed);
    cli_json_str(stdout, amq_check_hash_name(o->hash));
    printf(", \"positives\": %llu, \"estimate\": ", (unsigned long long)r->positives);
    cli_json_double(stdout, r->estimate);
    printf(", \"exact\": ");
    cli_json_str(stdout, exact);
    printf(", \"ci_lower\": ");
    cli_json_double(stdout, r->ci_lower);
    printf(", \"ci_upper\": ");
    cli_json_double(stdout, r->ci_upper);
    printf(", \"p_value\": ");
    cli_json_double(stdout, r->p_value);
    printf(", \"log10_p_value\": ");
    if (isfinite(r->log10_p_value))
        cli_json_double(stdout, r->log10_p_value);
    else
        printf("null");
    printf(", \"alpha\": ");
    cli_json_double(stdout, o->alpha);
    /* refused adds: the filters were not the model's (n keys in each), so no rate verdict */
    printf(", \"refused_adds\": %llu, \"verdict\": \"%s\"}\n", (unsigned long long)refused,
           refused ? "not applicable" : r->pass ? "pass" : "fail");
}

static void report_text(const amq_structure *s, const amq_params *p, const struct check_opts *o,
                        const amq_binom_test_result *r, const char *exact, uint64_t refused)
{
    printf("structure   %s (", amq_structure_title(s));
    for (size_t i = 0; i < amq_structure_nparams(s); i++)
        if (cli_takes(s, CLI_PARAMS_MODEL, i)) {
            printf("%s=", amq_structure_param(s, i)->key);
            cli_print_param(stdout, amq_structure_param(s, i), p->v[i]);
            printf(", ");
        }
    printf("n=%llu)\n", (unsigned long long)o->n);
    if (o->hash == AMQ_CHECK_RANDOM_ORACLE)
        printf("hashing     random oracle (uniform indices, xoshiro256** seeded %llu)\n", (unsigned long long)o->seed);
    else
        printf("hashing     %s (XXH3, distinct keys, fresh hash seed per trial; run seed %llu)\n",
               amq_check_hash_name(o->hash), (unsigned long long)o->seed);
    if (o->removals)
        printf("trials      %llu fresh filters, %llu keys added and the first %llu removed again,\n"
               "            one fresh query each\n",
               (unsigned long long)o->trials, (unsigned long long)o->n, (unsigned long long)o->removals);
    else
        printf("trials      %llu fresh filters, one fresh query each\n", (unsigned long long)o->trials);
    printf("positives   %llu\n", (unsigned long long)r->positives);
    printf("estimate    %.6g\n", r->estimate);
    printf("exact       %s (correctly rounded, %d digits)\n", exact, EXACT_DIGITS);
    if (o->removals)
        printf("            = %s; n - RM = %llu\n", amq_structure_removal_note(s),
               (unsigned long long)(o->n - o->removals));
    if (refused)
        printf("refused     %llu adds were refused by the kernel (full table): the rate above assumes none\n",
               (unsigned long long)refused);
    if (refused) { /* the filters held fewer keys than the model's n: its rate does not apply */
        printf("verdict     none: the model does not apply (%llu adds refused); exit status 1\n",
               (unsigned long long)refused);
        return;
    }
    printf("interval    [%.6g, %.6g] (Clopper-Pearson, confidence 1 - %g)\n", r->ci_lower, r->ci_upper, o->alpha);
    printf("p-value     ");
    put_pvalue(stdout, r);
    printf(" (two-sided exact binomial test against the exact rate)\n");
    printf("verdict     %s (fail when p-value < alpha = %g, the false-alarm rate)\n", r->pass ? "pass" : "FAIL",
           o->alpha);
}

/* The run's work estimated before it starts: refused (usage error) beyond --max-work. */
static int mc_too_long(const amq_structure *s, const amq_params *p, const int *given, const struct check_opts *o,
                       const amq_ops *kn)
{
    /* index operations at the structure's time per index (amq_structure_work_weight: a cuckoo
     * add costs about 260 Bloom index operations), so that the limit is one of time */
    const double weight = amq_structure_work_weight(s);
    const double per_trial =
        ((double)o->n + (double)o->removals + 1.0) * (double)kn->k * weight + (double)kn->state_words;
    const double work = (double)o->trials * per_trial;
    if (work <= (double)o->max_work)
        return 0;
    char opts[128];
    snprintf(opts, sizeof opts, "-n %llu, %s%.0llu%s--trials %llu", (unsigned long long)o->n,
             o->removals ? "--removals " : "", (unsigned long long)o->removals, o->removals ? ", " : "",
             (unsigned long long)o->trials);
    cli_usage("check", o->usage,
              "the Monte Carlo would take about %.3g index operations, --trials %llu x ((n%s + 1) keys x %zu "
              "indices x %g (the time of a %s index in Bloom ones) + %zu state words), over --max-work %llu (%s; "
              "docs/cost-limits.md): give fewer --trials or a smaller -n, or a larger --max-work",
              work, (unsigned long long)o->trials, o->removals ? " + RM" : "", kn->k, weight, amq_structure_name(s),
              kn->state_words,
              (unsigned long long)o->max_work,
              cli_params_given(s, CLI_PARAMS_MODEL, p, given, opts));
    return 1;
}

static int run(const amq_structure *s, int argc, char **argv)
{
    char usage[512];
    usage_of(usage, sizeof usage, s);
    amq_params p;
    amq_params_init(&p, s);
    int given[AMQ_PARAMS_MAX];
    struct check_opts o = {.usage = usage, .trials = AMQ_CHECK_DEFAULT_TRIALS, .seed = AMQ_CHECK_DEFAULT_SEED,
                           .hash = AMQ_CHECK_RANDOM_ORACLE, .alpha = AMQ_CHECK_ALPHA_DEFAULT,
                           .max_work = (uint64_t)CLI_MC_MAX_WORK};
    const size_t nown = sizeof options / sizeof options[0];
    int rc = cli_parse("check", usage, s, CLI_PARAMS_MODEL, options, nown, on_option, &o, argc, argv, &p, given);
    if (rc < 0) {
        print_help(stdout, s);
        return 0;
    }
    if (rc)
        return rc;
    for (size_t i = 0; i < amq_structure_nparams(s); i++) {
        const amq_param_info *q = amq_structure_param(s, i);
        if (cli_takes(s, CLI_PARAMS_MODEL, i) && (q->flags & AMQ_PARAM_REQUIRED) && !given[i])
            return q->flag ? cli_usage("check", usage, "missing %s (-%c)", q->what, q->flag)
                           : cli_usage("check", usage, "missing %s (--%s)", q->what, q->opt);
    }
    if (!o.have_n)
        return cli_usage("check", usage, "missing number of keys n inserted per trial (-n)");
    if (o.removals && !amq_structure_can_remove(s))
        return cli_usage("check", usage, "--removals: a %s cannot remove keys", amq_structure_title(s));
    if (o.removals > o.n)
        return cli_usage("check", usage, "--removals %llu exceeds n = %llu inserted keys",
                         (unsigned long long)o.removals, (unsigned long long)o.n);
    for (size_t i = 0; i < amq_structure_nparams(s); i++) /* --hash names the strategy of the real hashing */
        if ((amq_structure_param(s, i)->flags & AMQ_PARAM_HASH) && o.hash != AMQ_CHECK_RANDOM_ORACLE)
            p.v[i] = (uint64_t)o.hash;

    char nopt[40]; /* the options behind a refusal in the library's words (issue 26, class 9) */
    snprintf(nopt, sizeof nopt, "-n %llu", (unsigned long long)o.n);
    amq_model *m;
    if (amq_model_create(&m, s, &p) != AMQ_OK)
        return cli_fail("check", "%s (%s)", amq_last_error(), cli_params_given(s, CLI_PARAMS_MODEL, &p, given, nopt));
    char *exact = NULL;
    double rate = 0;
    if (exact_rate(s, &p, o.n - o.removals, &exact, &rate) != AMQ_OK) {
        amq_model_free(m);
        return cli_fail("check", "exact rate: %s (%s)", amq_last_error(),
                        cli_params_given(s, CLI_PARAMS_MODEL, &p, given, nopt));
    }
    if (mc_too_long(s, &p, given, &o, amq_model_ops(m))) { /* after the rate's own, quicker, limits */
        amq_model_free(m);
        free(exact);
        return CLI_EXIT_USAGE;
    }
    cli_progress bar;
    cli_progress_begin(&bar);
    amq_mc_config cfg = {.n = o.n, .trials = o.trials, .seed = o.seed, .hash = o.hash, .progress = on_progress,
                         .progress_ctx = &bar, .removals = o.removals};
    uint64_t x = 0;
    amq_status st = amq_check_mc(amq_model_ops(m), &cfg, &x);
    cli_progress_end(&bar);
    const uint64_t refused = amq_model_refused(m);
    amq_model_free(m);
    amq_binom_test_result r;
    if (st == AMQ_OK)
        st = amq_binom_test(x, o.trials, rate, o.alpha, &r);
    if (st != AMQ_OK) {
        free(exact);
        return cli_fail("check", "%s", amq_last_error());
    }
    (o.json ? report_json : report_text)(s, &p, &o, &r, exact, refused);
    free(exact);
    return r.pass && !refused ? 0 : CLI_EXIT_FAIL;
}

int cmd_check(int argc, char **argv)
{
    /* An implementation to check (plugin, process, structure through the filter interface)
     * instead of a kernel: the open checker. */
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--plugin") || !strcmp(argv[i], "--exec") || !strcmp(argv[i], "--impl") ||
            !strncmp(argv[i], "--plugin=", 9) || !strncmp(argv[i], "--exec=", 7) || !strncmp(argv[i], "--impl=", 7))
            return cmd_check_impl(argc, argv);
    if (argc < 2)
        return cli_usage("check", USAGE_HEAD, "missing structure (one of: %s)", cli_structure_names());
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
        print_help(stdout, NULL);
        return 0;
    }
    if (name[0] == '-')
        return cli_usage("check", USAGE_HEAD, "unknown option '%s' (the structure comes first)", name);
    const amq_structure *s = amq_structure_find(name);
    if (!s)
        return cli_usage("check", USAGE_HEAD, "unknown structure '%s' (one of: %s)", name, cli_structure_names());
    return run(s, argc - 1, argv + 1);
}
