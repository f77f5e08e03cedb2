/* password-screen: check candidate passwords (stdin, one per line) against a list of
 * compromised ones through pw_screen.h; print each one's answer, or with --report how
 * often the fallback ran against the exact rate the filter predicts.  A program on the
 * public API only: built with -Iinclude against libamq. */
#include "pw_screen.h"
#include <amq/certified.h>
#include <amq/filter_rate.h>
#include <amq/hash.h>
#include <amq/stats.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXIT_VERDICT 1
#define EXIT_USAGE 2
#define DIGITS 6

static const char USAGE[] =
    "usage: password-screen [--list FILE] [--target RATE] [--seed S] [--report [--json] [--alpha A]] < candidates\n";

static const char HELP[] =
    "\nReads candidate passwords from standard input, one per line, and checks each against\n"
    "a list of compromised passwords: a Bloom filter first, the list itself (an exact\n"
    "search) only when the filter says \"maybe\".  Prints each candidate as CODE<TAB>password:\n"
    "  2  not listed, proved by the Bloom filter alone\n"
    "  1  not listed, but the list had to be searched (the fallback ran)\n"
    "  0  listed: compromised\n"
    "  --list FILE    the list, one password per line (default /usr/share/dict/cracklib-small)\n"
    "  --target RATE  fallback rate on unlisted passwords the filter is sized for: its exact\n"
    "                 false-positive rate after the list's n distinct passwords (default 0.01)\n"
    "  --seed S       the filter's hash seed (default 0)\n"
    "  --report       instead of one line per candidate: the counts, the exact design and state\n"
    "                 rates, and the fallback rate on the DISTINCT unlisted candidates tested\n"
    "                 against the state rate (exact binomial test; fail when p-value < alpha)\n"
    "  --json         the report as one JSON object\n"
    "  --alpha A      false-alarm rate of the test, 0 < A < 1 (default 1e-6)\n"
    "exit status: 0 success, 1 failure (or a failed test with --report), 2 usage error\n";

static int usage_error(const char *fmt, const char *arg)
{
    fputs("password-screen: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n", stderr);
    fputs(USAGE, stderr);
    return EXIT_USAGE;
}

/* An unlisted candidate and its answer, for the distinct count. */
typedef struct seen {
    char *p;
    size_t len;
    int code;
} seen;

static int seen_order(const void *x, const void *y)
{
    const seen *a = x, *b = y;
    const int c = memcmp(a->p, b->p, a->len < b->len ? a->len : b->len);
    return c ? c : (a->len > b->len) - (a->len < b->len);
}

typedef struct run {
    seen *unlisted;
    size_t count, cap;
} run;

static int remember(run *r, const char *p, size_t len, int code)
{
    if (r->count == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 1024;
        seen *bigger = realloc(r->unlisted, cap * sizeof *bigger);
        if (!bigger)
            return -1;
        r->unlisted = bigger;
        r->cap = cap;
    }
    char *copy = malloc(len ? len : 1);
    if (!copy)
        return -1;
    memcpy(copy, p, len);
    r->unlisted[r->count++] = (seen){copy, len, code};
    return 0;
}

/* Distinct unlisted candidates, and how many of them needed the fallback. */
static void distinct(run *r, uint64_t *total, uint64_t *slow)
{
    *total = *slow = 0;
    if (r->count == 0)
        return;
    qsort(r->unlisted, r->count, sizeof *r->unlisted, seen_order);
    for (size_t i = 0; i < r->count; i++)
        if (i == 0 || seen_order(&r->unlisted[i - 1], &r->unlisted[i]) != 0) {
            ++*total;
            *slow += r->unlisted[i].code == PW_NOT_LISTED_SLOW;
        }
}

static void on_property(void *ctx, const amq_property *p)
{
    if (!strcmp(p->key, "used") && p->type == AMQ_PROPERTY_U64)
        *(uint64_t *)ctx = p->u;
}

static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            printf("\\u%04x", *s);
        else
            putchar(*s);
    }
    putchar('"');
}

/* Shortest %.15g .. %.17g that reads back as x. */
static void put_double(double x)
{
    char buf[64];
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    fputs(buf, stdout);
}

typedef struct report {
    const char *list;
    uint64_t lines, n, m, k, seed, used, unlisted, unlisted_slow;
    const char *hash;
    double target, alpha;
    char *design, *state, *state_exact;
    pw_screen_counts c;
    int tested;
    amq_binom_test_result t;
} report;

static void print_json(const report *r)
{
    printf("{\"list\": ");
    json_str(r->list);
    printf(", \"lines\": %llu, \"n\": %llu, \"m\": %llu, \"k\": %llu, \"hash\": \"%s\", \"seed\": %llu, \"target\": ",
           (unsigned long long)r->lines, (unsigned long long)r->n, (unsigned long long)r->m,
           (unsigned long long)r->k, r->hash, (unsigned long long)r->seed);
    put_double(r->target);
    printf(", \"design_rate\": \"%s\", \"bits_set\": %llu, \"state_rate\": \"%s\", \"state_rate_exact\": \"%s\", "
           "\"checks\": %llu, \"listed\": %llu, \"fallback_unlisted\": %llu, \"filter_alone\": %llu, "
           "\"fallbacks\": %llu, \"unlisted_distinct\": %llu, \"fallback_unlisted_distinct\": %llu",
           r->design, (unsigned long long)r->used, r->state, r->state_exact, (unsigned long long)r->c.checks,
           (unsigned long long)r->c.listed, (unsigned long long)r->c.slow, (unsigned long long)r->c.fast,
           (unsigned long long)(r->c.listed + r->c.slow), (unsigned long long)r->unlisted,
           (unsigned long long)r->unlisted_slow);
    const double fields[] = {r->t.estimate, r->t.ci_lower, r->t.ci_upper, r->t.p_value, r->t.log10_p_value};
    const char *names[] = {"estimate", "ci_lower", "ci_upper", "p_value", "log10_p_value"};
    for (int i = 0; i < 5; i++) {
        printf(", \"%s\": ", names[i]);
        if (r->tested && isfinite(fields[i]))
            put_double(fields[i]);
        else
            printf("null");
    }
    printf(", \"alpha\": ");
    put_double(r->alpha);
    printf(", \"verdict\": %s}\n", !r->tested ? "null" : r->t.pass ? "\"pass\"" : "\"fail\"");
}

static void print_text(const report *r)
{
    printf("list         %s: %llu lines, n = %llu distinct passwords\n", r->list, (unsigned long long)r->lines,
           (unsigned long long)r->n);
    printf("filter       Bloom filter, m = %llu bits, k = %llu, %s hashing, seed %llu (%.1f KiB)\n",
           (unsigned long long)r->m, (unsigned long long)r->k, r->hash, (unsigned long long)r->seed,
           (double)r->m / 8192.0);
    printf("target       fallback rate on unlisted passwords <= %g\n", r->target);
    printf("design rate  %s (exact FP rate after n keys, the mean over hash seeds; correctly rounded)\n", r->design);
    printf("state rate   %s (exact for this filter: (%llu / m)^k, %llu bits set; correctly rounded)\n", r->state,
           (unsigned long long)r->used, (unsigned long long)r->used);
    printf("checked      %llu passwords: %llu listed (0), %llu fallback, not listed (1), %llu filter alone (2)\n",
           (unsigned long long)r->c.checks, (unsigned long long)r->c.listed, (unsigned long long)r->c.slow,
           (unsigned long long)r->c.fast);
    printf("fallback     ran %llu times: for every listed password and %llu unlisted ones\n",
           (unsigned long long)(r->c.listed + r->c.slow), (unsigned long long)r->c.slow);
    if (!r->tested) {
        printf("unlisted     none among the candidates: no rate to compare\n");
        return;
    }
    printf("unlisted     %llu distinct, %llu needed the fallback: %.6g (state rate %s)\n",
           (unsigned long long)r->unlisted, (unsigned long long)r->unlisted_slow, r->t.estimate, r->state);
    printf("interval     [%.6g, %.6g] (Clopper-Pearson, confidence 1 - %g)\n", r->t.ci_lower, r->t.ci_upper, r->alpha);
    printf("p-value      %.3g (two-sided exact binomial test against the state rate)\n", r->t.p_value);
    printf("verdict      %s (fail when p-value < alpha = %g, the false-alarm rate)\n", r->t.pass ? "pass" : "FAIL",
           r->alpha);
}

/* The report's exact rates and test; 0 or -1 (message printed). */
static int make_report(report *r, const pw_screen *s, run *seen_run)
{
    const amq_filter *f = pw_screen_filter(s);
    const amq_structure *st = amq_filter_structure(f);
    amq_params p;
    amq_filter_params(f, &p);
    r->n = pw_screen_size(s);
    r->lines = pw_screen_lines(s);
    r->m = amq_params_get(&p, st, "m");
    r->k = amq_params_get(&p, st, "k");
    r->hash = amq_hash_name((amq_hash_strategy)amq_params_get(&p, st, "hash"));
    r->seed = p.seed;
    r->target = pw_screen_target(s);
    amq_filter_describe(f, on_property, &r->used);
    pw_screen_counts_get(s, &r->c);
    distinct(seen_run, &r->unlisted, &r->unlisted_slow);

    mpq_t q;
    mpq_init(q);
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    int ok = amq_structure_fp_decimal(&r->design, st, &p, r->n, DIGITS, lo, hi) == AMQ_OK &&
             amq_filter_fp_state(q, f) == AMQ_OK && amq_mpq_decimal(&r->state, q, DIGITS) == AMQ_OK;
    if (ok) {
        r->state_exact = mpq_get_str(NULL, 10, q);
        r->tested = r->unlisted > 0;
        /* the test's rate as a double: statistics, not a printed value */
        if (r->tested)
            ok = amq_binom_test(r->unlisted_slow, r->unlisted, mpq_get_d(q), r->alpha, &r->t) == AMQ_OK;
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpq_clear(q);
    if (!ok)
        fprintf(stderr, "password-screen: %s\n", amq_last_error());
    return ok ? 0 : -1;
}

static int out_errno; /* the errno of the first failed write of an answer */

static int screen(int argc, char **argv)
{
    static const struct option opts[] = {
        {"list", required_argument, 0, 'l'}, {"target", required_argument, 0, 't'},
        {"seed", required_argument, 0, 's'}, {"report", no_argument, 0, 'r'},
        {"json", no_argument, 0, 'j'},       {"alpha", required_argument, 0, 'a'},
        {"help", no_argument, 0, 'h'},       {0, 0, 0, 0}};
    const char *list = "/usr/share/dict/cracklib-small";
    double target = 0.01, alpha = AMQ_CHECK_ALPHA_DEFAULT;
    unsigned long long seed = 0;
    int want_report = 0, json = 0, c;
    char *end;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'l': list = optarg; break;
        case 't':
        case 'a': {
            errno = 0;
            double v = strtod(optarg, &end);
            if (errno || end == optarg || *end || !(v > 0.0 && v < 1.0))
                return usage_error(c == 't' ? "invalid value for --target: '%s' (expected a number in (0, 1))"
                                            : "invalid value for --alpha: '%s' (expected a number in (0, 1))",
                                   optarg);
            *(c == 't' ? &target : &alpha) = v;
            break;
        }
        case 's':
            errno = 0;
            seed = strtoull(optarg, &end, 10);
            if (errno || end == optarg || *end || optarg[0] == '-' || optarg[0] == '+')
                return usage_error("invalid value for --seed: '%s' (expected an integer in [0, 2^64-1])", optarg);
            break;
        case 'r': want_report = 1; break;
        case 'j': json = 1; break;
        case 'h': fputs(USAGE, stdout); fputs(HELP, stdout); return 0;
        default: fputs(USAGE, stderr); return EXIT_USAGE;
        }
    }
    if (optind < argc)
        return usage_error("unexpected argument '%s' (candidates come from standard input)", argv[optind]);
    if (json && !want_report)
        return usage_error("%s", "--json goes with --report");

    pw_screen *s;
    char err[1024];
    if (pw_screen_open(&s, list, target, (uint64_t)seed, err, sizeof err) != 0) {
        fprintf(stderr, "password-screen: %s\n", err);
        return EXIT_FAILURE;
    }
    run seen_run = {NULL, 0, 0};
    int rc = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    while ((got = getline(&line, &cap, stdin)) > 0) {
        size_t len = (size_t)got;
        if (line[len - 1] == '\n')
            len--;
        if (len > 0 && line[len - 1] == '\r')
            len--;
        const int code = pw_screen_check(s, line, len);
        if (!want_report) {
            printf("%d\t%.*s\n", code, (int)len, line);
            if (ferror(stdout)) { /* the answers are lost: stop; main says why */
                out_errno = errno;
                break;
            }
        } else if (code != PW_LISTED && remember(&seen_run, line, len, code) != 0) {
            fprintf(stderr, "password-screen: out of memory keeping the candidates for the report\n");
            rc = EXIT_FAILURE;
            break;
        }
    }
    if (rc == 0 && ferror(stdin)) {
        fprintf(stderr, "password-screen: error reading the candidates from standard input\n");
        rc = EXIT_FAILURE;
    }
    free(line);
    if (rc == 0 && want_report) {
        report r = {.list = list, .alpha = alpha};
        if (make_report(&r, s, &seen_run) != 0)
            rc = EXIT_FAILURE;
        else {
            (json ? print_json : print_text)(&r);
            rc = r.tested && !r.t.pass ? EXIT_VERDICT : 0;
        }
        free(r.design);
        free(r.state);
        if (r.state_exact) { /* GMP's allocator made it */
            void (*gmp_free)(void *, size_t);
            mp_get_memory_functions(NULL, NULL, &gmp_free);
            gmp_free(r.state_exact, strlen(r.state_exact) + 1);
        }
    }
    for (size_t i = 0; i < seen_run.count; i++)
        free(seen_run.unlisted[i].p);
    free(seen_run.unlisted);
    pw_screen_free(s);
    return rc;
}

/* Standard output checked once, at the end (issue 26, class 1): a full disk or /dev/full
 * must not end in status 0 with answers lost.  A closed standard output that was never
 * written to is no loss (EBADF from fclose alone). */
int main(int argc, char **argv)
{
    const int rc = screen(argc, argv), flagged = ferror(stdout);
    int err = out_errno;
    if (fflush(stdout) != 0 && !err)
        err = errno;
    if (fclose(stdout) != 0 && !err && errno != EBADF)
        err = errno;
    if (!err && !flagged)
        return rc;
    fprintf(stderr, "password-screen: write error: standard output: %s; the output is incomplete\n",
            err ? strerror(err) : "a write failed");
    return rc ? rc : EXIT_FAILURE;
}
