/* amq optimal-k: the number of hash functions that minimises the expected hash omissions of
 * a Bloom filter with R bits per key, and the barriers between k and k+1 (Dillinger &
 * Manolios, Table 1; include/amq/spec_omissions.h).  Every number is correctly rounded from a
 * certified enclosure.  Nothing is printed before everything is computed: a failure prints
 * no part of a table (issue 26, class 9). */
#include "cli.h"
#include "params.h"
#include <amq/spec_omissions.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Exact rational from "12", "9.6", "1e3", "2.5e-1", "10/3" (no sign, no spaces). */
static int parse_rational(const char *s, mpq_t q)
{
    if (!s || !*s)
        return 0;
    const char *slash = strchr(s, '/');
    if (slash) {
        size_t la = (size_t)(slash - s);
        if (la == 0 || la > 200 || !slash[1] || strlen(slash + 1) > 200)
            return 0;
        char a[256];
        memcpy(a, s, la);
        a[la] = 0;
        for (const char *p = a; *p; p++)
            if (!isdigit((unsigned char)*p))
                return 0;
        for (const char *p = slash + 1; *p; p++)
            if (!isdigit((unsigned char)*p))
                return 0;
        mpz_t n, d;
        mpz_inits(n, d, NULL);
        int ok = mpz_set_str(n, a, 10) == 0 && mpz_set_str(d, slash + 1, 10) == 0 && mpz_sgn(d) > 0;
        if (ok) {
            mpz_set(mpq_numref(q), n);
            mpz_set(mpq_denref(q), d);
            mpq_canonicalize(q);
        }
        mpz_clears(n, d, NULL);
        return ok;
    }
    char digits[512];
    size_t nd = 0;
    long frac = 0, ex = 0;
    int seen_dot = 0, seen_digit = 0;
    const char *p = s;
    for (; *p && *p != 'e' && *p != 'E'; p++) {
        if (*p == '.' && !seen_dot) {
            seen_dot = 1;
        } else if (isdigit((unsigned char)*p) && nd + 1 < sizeof digits) {
            digits[nd++] = *p;
            seen_digit = 1;
            frac += seen_dot;
        } else {
            return 0;
        }
    }
    if (!seen_digit)
        return 0;
    digits[nd] = 0;
    if (*p) { /* exponent */
        p++;
        char *end;
        int neg = *p == '-';
        if (*p == '-' || *p == '+')
            p++;
        if (!isdigit((unsigned char)*p))
            return 0;
        ex = strtol(p, &end, 10);
        if (*end || ex > 400)
            return 0;
        if (neg)
            ex = -ex;
    }
    long e10 = ex - frac;
    mpz_t n, t;
    mpz_inits(n, t, NULL);
    mpz_set_str(n, digits, 10);
    if (e10 >= 0) {
        mpz_ui_pow_ui(t, 10, (unsigned long)e10);
        mpz_mul(mpq_numref(q), n, t);
        mpz_set_ui(mpq_denref(q), 1);
    } else {
        mpz_ui_pow_ui(t, 10, (unsigned long)(-e10));
        mpz_set(mpq_numref(q), n);
        mpz_set(mpq_denref(q), t);
        mpq_canonicalize(q);
    }
    mpz_clears(n, t, NULL);
    return 1;
}

static const char OPTK_USAGE[] = "amq optimal-k --bits-per-key R [--digits D] [--json]\n"
                                 "       amq optimal-k --table [--kmax K | --paper] [--digits D] [--json]";

static void optk_help(void)
{
    printf("usage: %s\n\n", OPTK_USAGE);
    fputs("The number of hash functions k that minimises the expected hash omissions of a\n"
          "Bloom filter with R = m/n bits per state, in the limit of large m and n (then E/n\n"
          "= I_k(R) = int_0^1 (1 - e^{-kx/R})^k dx depends on R only; D&M section 3.3).\n"
          "The barrier b_k between k and k+1 solves I_k(b) = I_{k+1}(b): below it k hash\n"
          "functions omit fewer states than k+1. Barriers are certified (bisection with\n"
          "certified signs) and printed correctly rounded; the optimum is certified over all\n"
          "k >= 1.\n"
          "  --bits-per-key R   R = m/n: an integer, a decimal (9.6, 1e1) or a fraction (10/3),\n"
          "                     taken as that exact rational; 0 < R <= 10000\n"
          "  --table            barriers b_k for k = 1..K (--kmax K: default 100, at most 300),\n"
          "                     with D&M Table 1 as printed beside its rows (\"Computed m/n\"\n"
          "                     and the closed-form estimate of their equation 3)\n"
          "  --paper            only the rows of D&M Table 1\n"
          "  --digits D         significant digits of the barriers (default 6)\n",
          stdout);
}

#define OPTK_KMAX 300 /* the largest --kmax */

struct optk_opts {
    mpq_t r;
    const char *rstr;
    uint64_t kmax, digits;
    int have_r, table, paper, json, have_kmax;
};

enum { OPT_R = 256, OPT_TABLE, OPT_KMAX, OPT_PAPER, OPT_DIGITS, OPT_JSON };

static int on_option(void *ctx, int id, const char *arg)
{
    struct optk_opts *o = ctx;
    switch (id) {
    case OPT_R:
        if (!parse_rational(arg, o->r) || mpq_sgn(o->r) <= 0)
            return cli_usage("optimal-k", OPTK_USAGE, "invalid value for --bits-per-key: '%s' (a positive "
                                                      "number such as 10, 9.6, 1e1 or 10/3)", arg);
        o->rstr = arg;
        o->have_r = 1;
        return 0;
    case OPT_KMAX:
        /* the table's cost grows with K, about 12 ms of CPU per k here (K = 1000 took 12 s of
         * CPU): 300 keeps it to a few seconds (issue 26, class 4; docs/cost-limits.md) */
        if (!cli_u64("optimal-k", "--kmax", arg, &o->kmax) || o->kmax < 1 || o->kmax > OPTK_KMAX)
            return cli_usage("optimal-k", OPTK_USAGE,
                             "--kmax must be an integer in [1, %d] (got '%s'; each k costs about 12 ms of CPU, "
                             "so the limit keeps the table to a few seconds)", OPTK_KMAX, arg);
        o->have_kmax = 1;
        return 0;
    case OPT_DIGITS:
        if (!cli_u64("optimal-k", "--digits", arg, &o->digits) || o->digits < 1 || o->digits > 60)
            return cli_usage("optimal-k", OPTK_USAGE, "--digits must be an integer in [1, 60]");
        return 0;
    case OPT_TABLE: o->table = 1; return 0;
    case OPT_PAPER: o->paper = 1; return 0;
    default: o->json = 1; return 0;
    }
}

/* The best k for R bits per key and the barriers around it. */
static int print_optimal(const struct optk_opts *o)
{
    uint64_t kb = 0, tie = 0;
    const int D = (int)o->digits;
    if (amq_omissions_optimal_k(&kb, &tie, o->r) != AMQ_OK)
        return cli_fail("optimal-k", "%s", amq_last_error());
    char *below = NULL, *above = NULL;
    if ((kb > 1 && amq_omissions_barrier_decimal(&below, kb - 1, D, NULL, NULL) != AMQ_OK) ||
        amq_omissions_barrier_decimal(&above, kb, D, NULL, NULL) != AMQ_OK) {
        free(below);
        return cli_fail("optimal-k", "barrier: %s", amq_last_error());
    }
    if (o->json) {
        printf("{\"bits_per_key\": ");
        cli_json_str(stdout, o->rstr);
        printf(", \"optimal_k\": %llu, \"barrier_below\": ", (unsigned long long)kb);
        cli_json_str_or_null(stdout, below);
        printf(", \"barrier_above\": ");
        cli_json_str_or_null(stdout, above);
        if (tie)
            printf(", \"tie_with\": %llu}\n", (unsigned long long)tie);
        else
            printf(", \"tie_with\": null}\n");
    } else {
        printf("bits per key   %s\n", o->rstr);
        printf("optimal k      %llu   (minimises the expected hash omissions, large-m limit)\n",
               (unsigned long long)kb);
        if (below)
            printf("best for       %s <= m/n <= %s   (barriers b_%llu and b_%llu)\n", below, above,
                   (unsigned long long)(kb - 1), (unsigned long long)kb);
        else
            printf("best for       m/n <= %s   (barrier b_1)\n", above);
        if (tie)
            printf("tie            k = %llu cannot be told apart (m/n on, or extremely near, a barrier)\n",
                   (unsigned long long)tie);
    }
    free(below);
    free(above);
    return 0;
}

/* One row of the table: the certified barrier, equation 3's, and whether each rounds to the
 * digits D&M print (NULL: the paper has no such row). */
struct barrier_row {
    uint64_t k;
    const amq_dm_table1_row *paper;
    char *b, *e3;
    const char *same, *same3;
};

/* Does the decimal dec(k, digits of paper) equal the paper's printed value? */
static const char *same_digits(const char *paper, uint64_t k, int eq3)
{
    int pd = 0;
    for (const char *q = paper; *q; q++)
        pd += *q >= '0' && *q <= '9';
    char *v = NULL;
    const char *same = NULL;
    mpq_t x, y;
    mpq_inits(x, y, NULL);
    const amq_status st = eq3 ? amq_omissions_eq3_barrier_decimal(&v, k, pd) : amq_omissions_barrier_decimal(&v, k, pd, NULL, NULL);
    if (st == AMQ_OK && parse_rational(v, x) && parse_rational(paper, y))
        same = mpq_equal(x, y) ? "yes" : "NO";
    mpq_clears(x, y, NULL);
    free(v);
    return same;
}

static const amq_dm_table1_row *paper_row(uint64_t k)
{
    for (size_t i = 0; i < sizeof amq_dm_table1 / sizeof amq_dm_table1[0]; i++)
        if (amq_dm_table1[i].k == k)
            return &amq_dm_table1[i];
    return NULL;
}

static int compute_row(struct barrier_row *row, uint64_t k, int D)
{
    row->k = k;
    row->paper = paper_row(k);
    if (amq_omissions_barrier_decimal(&row->b, k, D, NULL, NULL) != AMQ_OK)
        return cli_fail("optimal-k", "barrier %llu|%llu: %s", (unsigned long long)k, (unsigned long long)(k + 1),
                        amq_last_error());
    if (amq_omissions_eq3_barrier_decimal(&row->e3, k, D) != AMQ_OK)
        return cli_fail("optimal-k", "equation 3, barrier %llu|%llu: %s", (unsigned long long)k,
                        (unsigned long long)(k + 1), amq_last_error());
    row->same = row->paper ? same_digits(row->paper->computed, k, 0) : NULL;
    row->same3 = row->paper ? same_digits(row->paper->closed_form, k, 1) : NULL;
    return 0;
}

static void print_row(const struct barrier_row *row, int D, int json, int first)
{
    const amq_dm_table1_row *p = row->paper;
    if (json) {
        printf("%s{\"k\": %llu, \"barrier\": ", first ? "" : ", ", (unsigned long long)row->k);
        cli_json_str(stdout, row->b);
        printf(", \"paper_computed\": ");
        cli_json_str_or_null(stdout, p ? p->computed : NULL);
        printf(", \"paper_digits_match\": %s", row->same ? (row->same[0] == 'y' ? "true" : "false") : "null");
        printf(", \"paper_closed_form\": ");
        cli_json_str_or_null(stdout, p ? p->closed_form : NULL);
        printf(", \"eq3_barrier\": ");
        cli_json_str(stdout, row->e3);
        printf(", \"paper_closed_form_digits_match\": %s}",
               row->same3 ? (row->same3[0] == 'y' ? "true" : "false") : "null");
        return;
    }
    char lab[48];
    snprintf(lab, sizeof lab, "%llu|%llu", (unsigned long long)row->k, (unsigned long long)(row->k + 1));
    printf("%-12s %-*s  %-12s %-8s %-12s %-*s %s\n", lab, D + 7, row->b, p ? p->computed : "",
           row->same ? row->same : "", p ? p->closed_form : "", D + 7, row->e3, row->same3 ? row->same3 : "");
}

/* Equation 3's largest relative error over k = 1..kmax and the share of m/n in [0.5, 150)
 * where it picks another k than the optimum, as certified enclosures: computed before the
 * table is printed, printed after it (ending the JSON object).  0 on failure (message
 * printed). */
static int eq3_summary(amq_omissions_eq3_stats *st, uint64_t kmax)
{
    mpq_t a, b;
    mpq_inits(a, b, NULL);
    mpq_set_ui(a, 1, 2);
    mpq_set_ui(b, 150, 1);
    const amq_status s = amq_omissions_eq3_compare(st, kmax, a, b);
    mpq_clears(a, b, NULL);
    if (s != AMQ_OK)
        cli_fail("optimal-k", "equation 3: %s", amq_last_error());
    return s == AMQ_OK;
}

/* Prints and clears *st. */
static void print_eq3_summary(amq_omissions_eq3_stats *st, uint64_t kmax, int json)
{
    char *el = NULL, *eh = NULL, *sl = NULL, *sh = NULL;
    amq_mpfr_decimal(&el, st->max_relerr_lo, 4, AMQ_ROUND_DOWN);
    amq_mpfr_decimal(&eh, st->max_relerr_hi, 4, AMQ_ROUND_UP);
    amq_mpfr_decimal(&sl, st->share_lo, 4, AMQ_ROUND_DOWN);
    amq_mpfr_decimal(&sh, st->share_hi, 4, AMQ_ROUND_UP);
    if (json) {
        printf("], \"eq3_max_relative_error\": [\"%s\", \"%s\"], \"eq3_max_at_k\": %llu, "
               "\"eq3_max_at_k_certain\": %s, \"eq3_wrong_k_share\": [\"%s\", \"%s\"], \"eq3_range\": [0.5, 150]}\n",
               el ? el : "?", eh ? eh : "?", (unsigned long long)st->argmax, st->argmax_certain ? "true" : "false",
               sl ? sl : "?", sh ? sh : "?");
    } else {
        printf("\nequation 3, k(r) = ceil(3.8^(1/(r + 4.2)) r ln 2), against the certified barriers:\n");
        printf("  largest relative error of its barriers, k = 1..%llu: in [%s, %s], at k = %llu%s\n",
               (unsigned long long)kmax, el ? el : "?", eh ? eh : "?", (unsigned long long)st->argmax,
               st->argmax_certain ? "" : " (not certainly the only maximum)");
        printf("  share of m/n in [0.5, 150) where it picks another k than the optimum: in [%s, %s]\n",
               sl ? sl : "?", sh ? sh : "?");
    }
    free(el);
    free(eh);
    free(sl);
    free(sh);
    amq_omissions_eq3_stats_clear(st);
}

/* The barriers b_k for k = 1..kmax (or the paper's rows), all computed before any is printed. */
static int print_table(const struct optk_opts *o)
{
    const int D = (int)o->digits;
    const uint64_t kmax = o->paper ? 100 : o->kmax;
    struct barrier_row *rows = calloc(kmax, sizeof *rows);
    size_t nrows = 0;
    amq_omissions_eq3_stats st;
    int rc = rows ? 0 : cli_fail("optimal-k", "out of memory");
    for (uint64_t k = 1; k <= kmax && !rc; k++)
        if (!o->paper || paper_row(k))
            rc = compute_row(&rows[nrows++], k, D);
    if (!rc && eq3_summary(&st, kmax)) {
        if (o->json)
            printf("{\"barriers\": [");
        else
            printf("%-12s %-*s  %-12s %-8s %-12s %-*s %s\n", "barrier", D + 7, "m/n (certified)", "D&M computed",
                   "same?", "D&M closed-form", D + 7, "eq. 3 (certified)", "same?");
        for (size_t i = 0; i < nrows && !cli_stdout_failed(); i++)
            print_row(&rows[i], D, o->json, i == 0);
        print_eq3_summary(&st, kmax, o->json);
    } else
        rc = CLI_EXIT_FAIL;
    for (size_t i = 0; i < nrows; i++) {
        free(rows[i].b);
        free(rows[i].e3);
    }
    free(rows);
    return rc ? CLI_EXIT_FAIL : 0;
}

int cmd_optimal_k(int argc, char **argv)
{
    static const cli_option opts[] = {
        {"bits-per-key", 0, 1, OPT_R}, {"table", 0, 0, OPT_TABLE},   {"kmax", 0, 1, OPT_KMAX},
        {"paper", 0, 0, OPT_PAPER},    {"digits", 0, 1, OPT_DIGITS}, {"json", 0, 0, OPT_JSON},
    };
    struct optk_opts o = {.kmax = 100, .digits = 6};
    mpq_init(o.r);
    int rc = cli_parse_args("optimal-k", OPTK_USAGE, opts, sizeof opts / sizeof opts[0], on_option, &o, argc, argv,
                            NULL, 0, NULL);
    if (rc < 0) {
        optk_help();
        rc = 0;
    } else if (rc)
        ;
    else if (o.have_r == o.table)
        rc = cli_usage("optimal-k", OPTK_USAGE, "give exactly one of --bits-per-key and --table");
    else if ((o.paper || o.have_kmax) && !o.table)
        rc = cli_usage("optimal-k", OPTK_USAGE, "--kmax and --paper go with --table");
    else if (o.paper && o.have_kmax)
        rc = cli_usage("optimal-k", OPTK_USAGE, "--kmax and --paper exclude each other");
    else
        rc = o.have_r ? print_optimal(&o) : print_table(&o);
    mpq_clear(o.r);
    return rc;
}
