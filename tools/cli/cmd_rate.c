/* amq rate: exact / certified false-positive rate of any structure of the registry from its
 * closed form (amq/filter_rate.h).  Parsing and printing are shared; the structures'
 * parameters, rates and approximations come from their registry entries. */
#include "cli.h"
#include "params.h"
#include <lib_internal/fail.h>
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

/* Everything `rate` prints, computed before anything is printed. */
struct rate_result {
    const amq_structure *s;
    amq_params p;
    char *value, *lower, *upper, *exact, exact_note[1280];
    size_t napprox, nbounds;
    double approx[RATE_MAX_APPROX];
    char *rel_lo[RATE_MAX_APPROX], *rel_hi[RATE_MAX_APPROX], rel_err[RATE_MAX_APPROX][200];
    rate_bound bounds[RATE_MAX_APPROX];
    char *state, n_from[256];
};

static void rate_result_free(struct rate_result *r)
{
    for (size_t i = 0; i < RATE_MAX_APPROX; i++) {
        free(r->rel_lo[i]);
        free(r->rel_hi[i]);
        free(r->bounds[i].text);
    }
    free(r->state);
    free(r->value);
    free(r->lower);
    free(r->upper);
    free(r->exact);
}

/* Approximation i and a certified interval for its relative error (or why there is none),
 * from the enclosure [lo, hi] already computed when its lower end is positive. */
static void approximation(struct rate_result *r, size_t i, uint64_t n, const mpfr_t lo, const mpfr_t hi)
{
    mpfr_t rlo, rhi;
    mpfr_inits2(64, rlo, rhi, (mpfr_ptr)0);
    r->approx[i] = amq_structure_fp_approx(r->s, i, &r->p, n);
    amq_status rst;
    if (mpfr_sgn(lo) > 0 && isfinite(r->approx[i])) {
        mpfr_t a;
        mpfr_init2(a, 64);
        mpfr_set_d(a, r->approx[i], MPFR_RNDN); /* exact */
        rst = amq_relerr_enclose(rlo, rhi, a, lo, hi);
        mpfr_clear(a);
    } else
        rst = zero_relerr(rlo, rhi, r->approx[i], r->s, &r->p, n);
    if (rst != AMQ_OK)
        snprintf(r->rel_err[i], sizeof r->rel_err[i], "%s", amq_last_error());
    else {
        r->rel_lo[i] = dec_or_null(rlo, 3, AMQ_ROUND_DOWN);
        r->rel_hi[i] = dec_or_null(rhi, 3, AMQ_ROUND_UP);
    }
    mpfr_clears(rlo, rhi, (mpfr_ptr)0);
}

/* The rate, its enclosure, the exact fraction (--exact), approximations and bounds.  from
 * names the options behind a refusal in the library's words (issue 26, class 9). */
static int rate_compute(struct rate_result *r, const struct rate_opts *o, const char *from)
{
    const int digits = (int)o->digits;
    const int bdigits = digits + 3 > AMQ_DECIMAL_MAX_DIGITS ? AMQ_DECIMAL_MAX_DIGITS : digits + 3;
    mpfr_t lo, hi;
    mpfr_inits2(4 * (mpfr_prec_t)digits + 128, lo, hi, (mpfr_ptr)0);
    int rc = 0;
    if (amq_structure_fp_decimal(&r->value, r->s, &r->p, o->n, digits, lo, hi) != AMQ_OK)
        rc = cli_fail("rate", "%s (%s)", amq_last_error(), from);
    else if (!(r->lower = dec_or_null(lo, bdigits, AMQ_ROUND_DOWN)) ||
             !(r->upper = dec_or_null(hi, bdigits, AMQ_ROUND_UP)))
        rc = cli_fail("rate", "cannot print the enclosure: %s", amq_last_error());
    if (!rc && o->exact &&
        !(r->exact = exact_text(r->s, &r->p, o->n, r->exact_note, sizeof r->exact_note, from)) && o->json)
        fprintf(stderr, "amq rate: exact fraction %s\n", r->exact_note); /* "exact" is null: say why */
    r->napprox = amq_structure_napprox(r->s) < RATE_MAX_APPROX ? amq_structure_napprox(r->s) : RATE_MAX_APPROX;
    r->nbounds = amq_structure_nbounds(r->s) < RATE_MAX_APPROX ? amq_structure_nbounds(r->s) : RATE_MAX_APPROX;
    for (size_t i = 0; i < r->napprox && !rc; i++)
        approximation(r, i, o->n, lo, hi);
    for (size_t i = 0; i < r->nbounds && !rc; i++)
        r->bounds[i] = bound_of(r->s, i, &r->p, o->n, lo, hi, digits);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return rc;
}

static void rate_json(const struct rate_result *r, const struct rate_opts *o)
{
    printf("{\"structure\": ");
    cli_json_str(stdout, amq_structure_name(r->s));
    print_params(r->s, &r->p, o->n, 1);
    if (o->file) {
        printf(", \"file\": ");
        cli_json_str(stdout, o->file);
        printf(", \"n_from\": ");
        cli_json_str(stdout, r->n_from);
        printf(", \"state\": ");
        cli_json_str_or_null(stdout, r->state);
    }
    const char *names[] = {"exact", "value", "lower", "upper"};
    const char *values[] = {r->exact, r->value, r->lower, r->upper};
    for (size_t i = 0; i < 4; i++) {
        printf(", \"%s\": ", names[i]);
        cli_json_str_or_null(stdout, values[i]);
    }
    for (size_t i = 0; i < r->napprox; i++) {
        if (isfinite(r->approx[i]))
            printf(", \"approx_%s\": %.17g", amq_structure_approx_name(r->s, i), r->approx[i]);
        else
            printf(", \"approx_%s\": null", amq_structure_approx_name(r->s, i));
    }
    for (size_t i = 0; i < r->nbounds; i++) {
        printf(", \"bound_%s\": ", amq_structure_bound_name(r->s, i));
        cli_json_str_or_null(stdout, r->bounds[i].text);
    }
    printf(", \"note\": "); /* the text's note line: an edge case, or n beyond the capacity */
    cli_json_str_or_null(stdout, amq_structure_fp_note(r->s, &r->p, o->n));
    printf("}\n");
}

static void rate_text(const struct rate_result *r, const struct rate_opts *o)
{
    const amq_structure *s = r->s;
    const int digits = (int)o->digits;
    printf("structure  %s (", amq_structure_name(s));
    print_params(s, &r->p, o->n, 0);
    printf(")\n");
    if (o->file) {
        printf("n          %llu   (%s)\n", (unsigned long long)o->n, r->n_from);
        if (r->state)
            printf("state      %s   (exact rate of the bits in %s, correctly rounded to %d significant digits)\n",
                   r->state, o->file, digits);
    }
    const char *note = amq_structure_fp_note(s, &r->p, o->n);
    if (note)
        printf("note       %s\n", note);
    if (!strcmp(r->value, "0") || !strcmp(r->value, "1")) /* printed so only when exact */
        printf("value      %s   (false-positive rate, exact)\n", r->value);
    else
        printf("value      %s   (false-positive rate, correctly rounded to %d significant digits)\n", r->value,
               digits);
    printf("enclosure  [%s, %s]   (certified; ends rounded outward)\n", r->lower, r->upper);
    if (o->exact)
        printf("exact      %s\n", r->exact ? r->exact : r->exact_note);
    for (size_t i = 0; i < r->napprox; i++) {
        printf("approx_%-8s %.17g   (approximation)", amq_structure_approx_name(s, i), r->approx[i]);
        if (r->rel_lo[i] && r->rel_hi[i])
            printf("   relative error in [%s, %s]\n", r->rel_lo[i], r->rel_hi[i]);
        else
            printf("   relative error not available: %s\n", r->rel_err[i][0] ? r->rel_err[i] : "out of memory");
    }
    for (size_t i = 0; i < r->nbounds; i++) {
        if (r->bounds[i].text)
            printf("bound_%-9s %s   (%s; %s)\n", amq_structure_bound_name(s, i), r->bounds[i].text,
                   amq_structure_bound_hypothesis(s, i), r->bounds[i].verdict);
        else
            printf("bound_%-9s does not apply   (%s)\n", amq_structure_bound_name(s, i),
                   amq_structure_bound_hypothesis(s, i));
    }
}

/* The options: parameters (or --file) and n into *r and *o; 0, -1 after the help, or an
 * exit status. */
static int rate_args(struct rate_result *r, struct rate_opts *o, int *given, const char *usage, int argc,
                     char **argv)
{
    const amq_structure *s = r->s;
    amq_params_init(&r->p, s);
    int rc = cli_parse("rate", usage, s, CLI_PARAMS_RATE, options, sizeof options / sizeof options[0], on_option, o,
                       argc, argv, &r->p, given);
    if (rc < 0)
        general_usage(stdout, s);
    if (rc)
        return rc;
    if (o->file)
        return from_file(s, o, given, &r->p, usage, r->n_from, sizeof r->n_from, &r->state);
    for (size_t i = 0; i < amq_structure_nparams(s); i++) {
        const amq_param_info *q = amq_structure_param(s, i);
        if (cli_takes(s, CLI_PARAMS_RATE, i) && (q->flags & AMQ_PARAM_REQUIRED) && !given[i])
            return q->flag ? cli_usage("rate", usage, "missing -%c (%s)", q->flag, q->what)
                           : cli_usage("rate", usage, "missing --%s (%s)", q->opt, q->what);
    }
    return o->have_n ? 0 : cli_usage("rate", usage, "missing -n (number of keys)");
}

static int run(const amq_structure *s, int argc, char **argv)
{
    char usage[512], pu[256];
    cli_params_usage(pu, sizeof pu, s, CLI_PARAMS_RATE);
    snprintf(usage, sizeof usage, "amq rate %s (%s -n N | --file FILE [-n N]) [--digits D] [--exact] [--json]",
             amq_structure_name(s), pu + (pu[0] == ' '));
    int given[AMQ_PARAMS_MAX];
    struct rate_opts o = {.digits = 17};
    struct rate_result r = {.s = s};
    int rc = rate_args(&r, &o, given, usage, argc, argv);
    if (rc == 0) {
        /* the options behind a refusal in the library's words (issue 26, class 9) */
        char from[600], nopt[40];
        snprintf(nopt, sizeof nopt, "-n %llu", (unsigned long long)o.n);
        if (o.file)
            snprintf(from, sizeof from, "from the parameters of '%s'%s%s", o.file, o.have_n ? " and " : "",
                     o.have_n ? nopt : "");
        else
            snprintf(from, sizeof from, "%s", cli_params_given(s, CLI_PARAMS_RATE, &r.p, given, nopt));
        rc = rate_compute(&r, &o, from);
        if (rc == 0)
            o.json ? rate_json(&r, &o) : rate_text(&r, &o);
    }
    rate_result_free(&r);
    return rc < 0 ? 0 : rc;
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
