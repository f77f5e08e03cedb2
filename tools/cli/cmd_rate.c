/* amq rate: exact / certified false-positive rate of any structure of the registry from its
 * closed form (amq/filter_rate.h).  Parsing and printing are shared; the structures'
 * parameters, rates and approximations come from their registry entries. */
#include "cli.h"
#include "params.h"
#include <internal/fail.h>
#include <amq/filter_rate.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RATE_EXACT_MAX_DIGITS 10000 /* --exact prints bit lengths beyond this */
#define RATE_MAX_APPROX 4

static const char USAGE_HEAD[] =
    "amq rate STRUCTURE (PARAMETERS -n N | --file FILE [-n N]) [--digits D] [--exact] [--json]";

static void general_usage(FILE *f, const amq_structure *only)
{
    fprintf(f, "usage: %s\n", USAGE_HEAD);
    fputs("  Prints the false-positive rate after N distinct keys, correctly rounded to D\n"
          "  significant digits (default 17; ties to even), a certified enclosure [lower, upper]\n"
          "  (ends rounded outward to D+3 digits), and the textbook approximations with a\n"
          "  certified interval for their relative error. --exact adds the reduced fraction (or\n"
          "  its bit lengths beyond 10000 digits). --json prints one JSON object.\n"
          "  --file FILE takes the parameters from a saved filter of the structure (an imported\n"
          "  Parquet filter, say) and adds the exact rate of its bits; without -n, N is the\n"
          "  filter's own count: exact when the structure keeps one, else estimated from the\n"
          "  fill (an approximation, said so): give -n for the real number of distinct keys.\n",
          f);
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        if (only && s != only)
            continue;
        char buf[256];
        cli_params_usage(buf, sizeof buf, s, CLI_PARAMS_RATE);
        fprintf(f, "\namq rate %s%s -n N   (%s)\n", amq_structure_name(s), buf, amq_structure_title(s));
        cli_params_help(f, s, CLI_PARAMS_RATE);
    }
    if (!only)
        fputs("\namq rate omissions -m M -k K -n N [...]   (hash omissions; see amq rate omissions --help)\n", f);
}

/* Exact decimal digit count of |x| > 0 exceeds `limit`? */
static int digits_exceed(const mpz_t x, size_t limit)
{
    size_t d = mpz_sizeinbase(x, 10); /* exact or one too many */
    if (d <= limit)
        return 0;
    if (d > limit + 1)
        return 1;
    mpz_t p;
    mpz_init(p);
    mpz_ui_pow_ui(p, 10, (unsigned long)limit);
    int r = mpz_cmpabs(x, p) >= 0;
    mpz_clear(p);
    return r;
}

static char *dec_or_null(const mpfr_t x, int digits, amq_round_dir dir)
{
    char *s = NULL;
    if (mpfr_inf_p(x) && mpfr_sgn(x) > 0) {
        s = malloc(4);
        if (s)
            strcpy(s, "inf");
        return s;
    }
    if (amq_mpfr_decimal(&s, x, digits, dir) != AMQ_OK)
        return NULL;
    return s;
}

/* Relative error of an approximation when the enclosure has no positive lower end: from a
 * 256-bit enclosure; a value of exactly 0 gives [0, 0] (approximation 0) or [inf, inf]. */
static amq_status zero_relerr(mpfr_t rlo, mpfr_t rhi, double a, const amq_structure *s, const amq_params *p,
                              uint64_t n)
{
    mpfr_t lo, hi, ap;
    mpfr_inits2(256, lo, hi, ap, (mpfr_ptr)0);
    amq_status st = amq_structure_fp_enclose(lo, hi, 256, s, p, n);
    if (st == AMQ_OK && !isfinite(a))
        st = amq_fail(AMQ_E_INVALID_ARG, "approximation is not finite");
    else if (st == AMQ_OK && mpfr_zero_p(hi)) {
        if (a == 0) {
            mpfr_set_zero(rlo, 1);
            mpfr_set_zero(rhi, 1);
        } else {
            mpfr_set_inf(rlo, 1);
            mpfr_set_inf(rhi, 1);
        }
    } else if (st == AMQ_OK && mpfr_sgn(lo) > 0) {
        mpfr_set_d(ap, a, MPFR_RNDN);
        st = amq_relerr_enclose(rlo, rhi, ap, lo, hi);
    } else if (st == AMQ_OK)
        st = amq_fail(AMQ_E_TOO_LARGE, "relative error: enclosure [0, hi] too wide at 256 bits");
    mpfr_clears(lo, hi, ap, (mpfr_ptr)0);
    return st;
}

enum { OPT_N = 'n', OPT_DIGITS = 256, OPT_EXACT, OPT_JSON, OPT_FILE };

struct rate_opts {
    uint64_t n, digits;
    int have_n, exact, json;
    const char *file;
};

static int on_option(void *ctx, int id, const char *arg)
{
    struct rate_opts *o = ctx;
    switch (id) {
    case OPT_N: o->have_n = 1; return cli_u64("rate", "-n", arg, &o->n) ? 0 : CLI_EXIT_USAGE;
    case OPT_DIGITS:
        if (!cli_u64("rate", "--digits", arg, &o->digits) || o->digits < 1 || o->digits > AMQ_DECIMAL_MAX_DIGITS)
            return cli_usage("rate", USAGE_HEAD, "--digits must be an integer in [1, %d]", AMQ_DECIMAL_MAX_DIGITS);
        return 0;
    case OPT_EXACT: o->exact = 1; return 0;
    case OPT_JSON: o->json = 1; return 0;
    case OPT_FILE: o->file = arg; return 0;
    default: return cli_usage("rate", USAGE_HEAD, "invalid option");
    }
}

static const cli_option options[] = {
    {"keys", 'n', 1, OPT_N},        {"digits", 0, 1, OPT_DIGITS}, {"exact", 0, 0, OPT_EXACT},
    {"json", 0, 0, OPT_JSON},       {"file", 0, 1, OPT_FILE},
};

/* The reduced fraction as text, or a note on why it is not printed. */
static char *exact_text(const amq_structure *s, const amq_params *p, uint64_t n, char *note, size_t len,
                        const char *from)
{
    mpq_t q;
    mpq_init(q);
    char *out = NULL;
    if (amq_structure_fp_exact(q, s, p, n) != AMQ_OK)
        snprintf(note, len, "not computed: %s (%s)", amq_last_error(), from);
    else if (digits_exceed(mpq_numref(q), RATE_EXACT_MAX_DIGITS) || digits_exceed(mpq_denref(q), RATE_EXACT_MAX_DIGITS))
        snprintf(note, len, "numerator %zu bits, denominator %zu bits (longer than %d digits; not printed)",
                 mpz_sizeinbase(mpq_numref(q), 2), mpz_sizeinbase(mpq_denref(q), 2), RATE_EXACT_MAX_DIGITS);
    else {
        char *a = mpz_get_str(NULL, 10, mpq_numref(q)), *b = mpz_get_str(NULL, 10, mpq_denref(q));
        if (a && b && (out = malloc(strlen(a) + strlen(b) + 2)))
            sprintf(out, "%s/%s", a, b);
        else
            snprintf(note, len, "out of memory");
        free(a);
        free(b);
    }
    mpq_clear(q);
    return out;
}

/* Each bound of the structure: "1/128 = 7.8125000000000000e-03" and whether the certified
 * enclosure [lo, hi] of the rate lies below it; NULL text when the hypothesis fails. */
typedef struct rate_bound {
    char *text;
    const char *verdict;
} rate_bound;

static rate_bound bound_of(const amq_structure *s, size_t i, const amq_params *p, uint64_t n, const mpfr_t lo,
                           const mpfr_t hi, int digits)
{
    rate_bound b = {NULL, NULL};
    mpq_t q;
    mpq_init(q);
    char *dec = NULL, *frac = NULL;
    if (amq_structure_fp_bound(q, s, i, p, n) == AMQ_OK && amq_mpq_decimal(&dec, q, digits) == AMQ_OK &&
        (frac = mpq_get_str(NULL, 10, q)) && (b.text = malloc(strlen(frac) + strlen(dec) + 4))) {
        sprintf(b.text, "%s = %s", frac, dec);
        b.verdict = mpfr_cmp_q(hi, q) <= 0 ? "the rate is below it (certified)"
                    : mpfr_cmp_q(lo, q) > 0 ? "VIOLATED: the rate is above it"
                                            : "undecided at this precision";
    }
    free(dec);
    free(frac);
    mpq_clear(q);
    return b;
}

static void print_params(const amq_structure *s, const amq_params *p, uint64_t n, int json)
{
    int first = 1;
    for (size_t i = 0; i < amq_structure_nparams(s); i++) {
        if (!cli_takes(s, CLI_PARAMS_RATE, i))
            continue;
        const amq_param_info *q = amq_structure_param(s, i);
        if (json) {
            printf(", \"%s\": ", q->key);
            cli_json_param(stdout, q, p->v[i]);
        } else {
            printf("%s%s = ", first ? "" : ", ", q->key);
            cli_print_param(stdout, q, p->v[i]);
        }
        first = 0;
    }
    if (json)
        printf(", \"n\": %llu", (unsigned long long)n);
    else
        printf("%sn = %llu", first ? "" : ", ", (unsigned long long)n);
}

/* --file: a saved filter's parameters into *p, n from its count unless -n was given (where
 * n comes from goes to n_from), and the exact rate of its state (malloc'd decimal) to
 * *state.  Prints the problem and returns non-zero when the file cannot serve. */
static int from_file(const amq_structure *s, struct rate_opts *o, const int *given, amq_params *p,
                     const char *usage, char *n_from, size_t len, char **state)
{
    for (size_t i = 0; i < amq_structure_nparams(s); i++)
        if (given[i])
            return cli_usage("rate", usage, "give the parameters or --file, not both");
    amq_filter *f;
    if (amq_filter_load(&f, o->file) != AMQ_OK)
        return cli_fail("rate", "%s", amq_last_error());
    const amq_structure *fs = amq_filter_structure(f);
    int rc = 0;
    uint64_t count;
    int exact;
    if (fs != s)
        rc = cli_fail("rate", "'%s' holds a %s filter, not a %s one", o->file, amq_structure_name(fs),
                      amq_structure_name(s));
    else if (o->have_n)
        snprintf(n_from, len, "given with -n");
    else if (amq_filter_count(f, &count, &exact) != AMQ_OK)
        rc = cli_fail("rate", "'%s': no count of its keys (%s): give -n", o->file, amq_last_error());
    else {
        o->n = count;
        snprintf(n_from, len, exact ? "the filter's exact count of insertions (a key added twice counts twice)"
                                    : "estimated from the filter's fill ratio: an approximation, so the rate is exact "
                                      "for this n, not for the real one; give -n with the real number of distinct "
                                      "keys");
    }
    if (rc == 0) {
        amq_filter_params(f, p);
        mpq_t q;
        mpq_init(q);
        if (amq_filter_fp_state(q, f) != AMQ_OK || amq_mpq_decimal(state, q, (int)o->digits) != AMQ_OK)
            *state = NULL;
        mpq_clear(q);
    }
    amq_filter_free(f);
    return rc;
}

static int run(const amq_structure *s, int argc, char **argv)
{
    char usage[512], pu[256];
    cli_params_usage(pu, sizeof pu, s, CLI_PARAMS_RATE);
    snprintf(usage, sizeof usage, "amq rate %s (%s -n N | --file FILE [-n N]) [--digits D] [--exact] [--json]",
             amq_structure_name(s), pu + (pu[0] == ' '));
    amq_params p;
    amq_params_init(&p, s);
    int given[AMQ_PARAMS_MAX];
    struct rate_opts o = {.digits = 17};
    int rc = cli_parse("rate", usage, s, CLI_PARAMS_RATE, options, sizeof options / sizeof options[0], on_option, &o,
                       argc, argv, &p, given);
    if (rc < 0) {
        general_usage(stdout, s);
        return 0;
    }
    if (rc)
        return rc;
    char n_from[256] = "", *state = NULL;
    if (o.file && (rc = from_file(s, &o, given, &p, usage, n_from, sizeof n_from, &state)) != 0)
        return rc;
    for (size_t i = 0; i < amq_structure_nparams(s) && !o.file; i++) {
        const amq_param_info *q = amq_structure_param(s, i);
        if (cli_takes(s, CLI_PARAMS_RATE, i) && (q->flags & AMQ_PARAM_REQUIRED) && !given[i])
            return q->flag ? cli_usage("rate", usage, "missing -%c (%s)", q->flag, q->what)
                           : cli_usage("rate", usage, "missing --%s (%s)", q->opt, q->what);
    }
    if (!o.have_n && !o.file)
        return cli_usage("rate", usage, "missing -n (number of keys)");
    const int digits = (int)o.digits;
    const int bdigits = digits + 3 > AMQ_DECIMAL_MAX_DIGITS ? AMQ_DECIMAL_MAX_DIGITS : digits + 3;
    const size_t napprox = amq_structure_napprox(s) < RATE_MAX_APPROX ? amq_structure_napprox(s) : RATE_MAX_APPROX;

    rc = CLI_EXIT_FAIL;
    char *value = NULL, *lower = NULL, *upper = NULL, *exact = NULL;
    char *rel_lo[RATE_MAX_APPROX] = {0}, *rel_hi[RATE_MAX_APPROX] = {0};
    char rel_err[RATE_MAX_APPROX][200] = {{0}}, exact_note[1280] = "";
    double approx[RATE_MAX_APPROX];
    mpfr_t lo, hi, rlo, rhi;
    mpfr_inits2(4 * (mpfr_prec_t)digits + 128, lo, hi, (mpfr_ptr)0);
    mpfr_inits2(64, rlo, rhi, (mpfr_ptr)0);
    /* the options behind a refusal in the library's words (issue 26, class 9) */
    char from[600], nopt[40];
    snprintf(nopt, sizeof nopt, "-n %llu", (unsigned long long)o.n);
    if (o.file)
        snprintf(from, sizeof from, "from the parameters of '%s'%s%s", o.file, o.have_n ? " and " : "",
                 o.have_n ? nopt : "");
    else
        snprintf(from, sizeof from, "%s", cli_params_given(s, CLI_PARAMS_RATE, &p, given, nopt));
    if (amq_structure_fp_decimal(&value, s, &p, o.n, digits, lo, hi) != AMQ_OK) {
        cli_fail("rate", "%s (%s)", amq_last_error(), from);
        goto out;
    }
    lower = dec_or_null(lo, bdigits, AMQ_ROUND_DOWN);
    upper = dec_or_null(hi, bdigits, AMQ_ROUND_UP);
    if (!lower || !upper) {
        cli_fail("rate", "cannot print the enclosure: %s", amq_last_error());
        goto out;
    }
    if (o.exact && !(exact = exact_text(s, &p, o.n, exact_note, sizeof exact_note, from)) && o.json)
        fprintf(stderr, "amq rate: exact fraction %s\n", exact_note); /* "exact" is null: say why */
    for (size_t i = 0; i < napprox; i++) {
        approx[i] = amq_structure_fp_approx(s, i, &p, o.n);
        amq_status rst;
        if (mpfr_sgn(lo) > 0 && isfinite(approx[i])) { /* reuse the enclosure already computed */
            mpfr_t a;
            mpfr_init2(a, 64);
            mpfr_set_d(a, approx[i], MPFR_RNDN); /* exact */
            rst = amq_relerr_enclose(rlo, rhi, a, lo, hi);
            mpfr_clear(a);
        } else
            rst = zero_relerr(rlo, rhi, approx[i], s, &p, o.n);
        if (rst != AMQ_OK) {
            snprintf(rel_err[i], sizeof rel_err[i], "%s", amq_last_error());
            continue;
        }
        rel_lo[i] = dec_or_null(rlo, 3, AMQ_ROUND_DOWN);
        rel_hi[i] = dec_or_null(rhi, 3, AMQ_ROUND_UP);
    }

    rate_bound bounds[RATE_MAX_APPROX] = {{0}};
    const size_t nbounds = amq_structure_nbounds(s) < RATE_MAX_APPROX ? amq_structure_nbounds(s) : RATE_MAX_APPROX;
    for (size_t i = 0; i < nbounds; i++)
        bounds[i] = bound_of(s, i, &p, o.n, lo, hi, digits);

    if (o.json) {
        printf("{\"structure\": ");
        cli_json_str(stdout, amq_structure_name(s));
        print_params(s, &p, o.n, 1);
        if (o.file) {
            printf(", \"file\": ");
            cli_json_str(stdout, o.file);
            printf(", \"n_from\": ");
            cli_json_str(stdout, n_from);
            printf(", \"state\": ");
            state ? cli_json_str(stdout, state) : (void)printf("null");
        }
        printf(", \"exact\": ");
        exact ? cli_json_str(stdout, exact) : (void)printf("null");
        printf(", \"value\": ");
        cli_json_str(stdout, value);
        printf(", \"lower\": ");
        cli_json_str(stdout, lower);
        printf(", \"upper\": ");
        cli_json_str(stdout, upper);
        for (size_t i = 0; i < napprox; i++) {
            if (isfinite(approx[i]))
                printf(", \"approx_%s\": %.17g", amq_structure_approx_name(s, i), approx[i]);
            else
                printf(", \"approx_%s\": null", amq_structure_approx_name(s, i));
        }
        for (size_t i = 0; i < nbounds; i++) {
            printf(", \"bound_%s\": ", amq_structure_bound_name(s, i));
            bounds[i].text ? cli_json_str(stdout, bounds[i].text) : (void)printf("null");
        }
        printf("}\n");
    } else {
        printf("structure  %s (", amq_structure_name(s));
        print_params(s, &p, o.n, 0);
        printf(")\n");
        if (o.file) {
            printf("n          %llu   (%s)\n", (unsigned long long)o.n, n_from);
            if (state)
                printf("state      %s   (exact rate of the bits in %s, correctly rounded to %d significant digits)\n",
                       state, o.file, digits);
        }
        const char *note = amq_structure_fp_note(s, &p, o.n);
        if (note)
            printf("note       %s\n", note);
        if (!strcmp(value, "0") || !strcmp(value, "1")) /* printed so only when exact */
            printf("value      %s   (false-positive rate, exact)\n", value);
        else
            printf("value      %s   (false-positive rate, correctly rounded to %d significant digits)\n", value,
                   digits);
        printf("enclosure  [%s, %s]   (certified; ends rounded outward)\n", lower, upper);
        if (o.exact)
            printf("exact      %s\n", exact ? exact : exact_note);
        for (size_t i = 0; i < napprox; i++) {
            printf("approx_%-8s %.17g   (approximation)", amq_structure_approx_name(s, i), approx[i]);
            if (rel_lo[i] && rel_hi[i])
                printf("   relative error in [%s, %s]\n", rel_lo[i], rel_hi[i]);
            else
                printf("   relative error not available: %s\n", rel_err[i][0] ? rel_err[i] : "out of memory");
        }
        for (size_t i = 0; i < nbounds; i++) {
            if (bounds[i].text)
                printf("bound_%-9s %s   (%s; %s)\n", amq_structure_bound_name(s, i), bounds[i].text,
                       amq_structure_bound_hypothesis(s, i), bounds[i].verdict);
            else
                printf("bound_%-9s does not apply   (%s)\n", amq_structure_bound_name(s, i),
                       amq_structure_bound_hypothesis(s, i));
        }
    }
    for (size_t i = 0; i < nbounds; i++)
        free(bounds[i].text);
    rc = 0;
out:
    for (size_t i = 0; i < RATE_MAX_APPROX; i++) {
        free(rel_lo[i]);
        free(rel_hi[i]);
    }
    free(state);
    free(value);
    free(lower);
    free(upper);
    free(exact);
    mpfr_clears(lo, hi, rlo, rhi, (mpfr_ptr)0);
    return rc;
}

int cmd_rate(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage("rate", USAGE_HEAD, "missing STRUCTURE (one of: %s)", cli_structure_names());
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        general_usage(stdout, NULL);
        return 0;
    }
    if (!strcmp(argv[1], "omissions")) /* several numbers, not one rate: cmd_omissions.c */
        return cmd_rate_omissions(argc - 1, argv + 1);
    const amq_structure *s = amq_structure_find(argv[1]);
    if (s)
        return run(s, argc - 1, argv + 1);
    if (argv[1][0] == '-')
        return cli_usage("rate", USAGE_HEAD, "invalid option '%s' (the STRUCTURE comes first)", argv[1]);
    return cli_usage("rate", USAGE_HEAD, "unknown structure '%s' (one of: %s)", argv[1], cli_structure_names());
}
