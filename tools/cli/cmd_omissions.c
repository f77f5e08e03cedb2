/* Hash omissions of a Bloom filter as a visited set (Dillinger & Manolios; see
 * include/amq/spec_omissions.h):
 *   amq rate omissions -m M -k K -n N [...]   expected omissions, P(no omission), coverage
 *   amq estimate -m M -k K --set-bits X [--unique N]   state count from the fill (D&M 3.3)
 * (amq optimal-k: cmd_optimal_k.c.)  Every printed number is correctly rounded from an exact
 * value or a certified enclosure. */
#include "cli.h"
#include "params.h"
#include <amq/spec_omissions.h>
#include <stdlib.h>
#include <string.h>

/* malloc'd decimal of x rounded in direction dir, or NULL. */
static char *dec(const mpfr_t x, int digits, amq_round_dir dir)
{
    char *s = NULL;
    if (amq_mpfr_decimal(&s, x, digits, dir) != AMQ_OK)
        return NULL;
    return s;
}

/* ---------- amq rate omissions ---------- */

static const char RATE_USAGE[] =
    "amq rate omissions -m M -k K -n N [--fingerprint-bits B | --fingerprint-indices I\n"
    "       [--minus-bits b]] [--model exact|paper] [--digits D] [--json]";

static void rate_help(void)
{
    printf("usage: %s\n\n", RATE_USAGE);
    fputs("Hash omissions when N distinct states are added to a Bloom filter of M bits and K\n"
          "hash functions used as a visited set (Dillinger & Manolios). f_i is the false-\n"
          "positive rate after i insertions; with a fingerprint of s equally likely values the\n"
          "rate is 1 - (1 - 1/s)^i (1 - f_i) (a fingerprint collision, or a filter collision).\n"
          "  expected_omissions  E = sum_{i<N} f_i                     (D&M equation 1)\n"
          "  p_no_omission       P0 = prod_{i<N} (1 - f_i)             (D&M section 3.1)\n"
          "  coverage            (N - E)/N, hash omissions only\n"
          "  coverage_transitive (N - 2E)/N, D&M's E(o) ~ 2 E(o_H)    (equation 2)\n"
          "Options:\n"
          "  -m, --bits M, -k, --hashes K, -n, --keys N   (numbers accept 2^E and 1eE)\n"
          "  --fingerprint-bits B      s = 2^B (B <= 1024)\n"
          "  --fingerprint-indices I   s = M^I (a two-index fingerprint: I = 2, s = M^2)\n"
          "  --minus-bits b            with --fingerprint-indices: s = M^I / 2^b\n"
          "  --model exact|paper       f^BF = the exact Bloom rate (default), or D&M's\n"
          "                            (1 - (1 - 1/M)^{iK})^K (paper approximation)\n"
          "  --digits D                significant digits (default 10)\n"
          "  --json                    one JSON object; numbers as decimal strings\n"
          "E is a closed form (geometric series); P0 is enclosed by a series on blocks\n"
          "(include/amq/spec_omissions.h). Both are certified; when P0 cannot be had to D digits\n"
          "within the work limit (heavily loaded filters) fewer digits are printed, or only\n"
          "a certified upper bound (p_no_omission_log10_upper_bound).\n",
          stdout);
}

enum { OPT_M = 'm', OPT_K = 'k', OPT_N = 'n', OPT_FPB = 256, OPT_FPI, OPT_MINUS, OPT_MODEL, OPT_DIGITS, OPT_JSON,
       OPT_X, OPT_UNIQUE };

struct omis_opts {
    uint64_t m, k, n, fpb, fpi, minus, digits;
    int have_m, have_k, have_n, have_fpb, have_fpi, have_minus, json;
    amq_omissions_model model;
};

/* A number of option FLAG in [lo, hi], or the usage error of `rate omissions`. */
static int ranged(const char *flag, const char *arg, uint64_t lo, uint64_t hi, uint64_t *v, int *have)
{
    if (!cli_u64("rate", flag, arg, v) || *v < lo || *v > hi)
        return cli_usage("rate", RATE_USAGE, "%s must be an integer in [%llu, %llu]", flag, (unsigned long long)lo,
                         (unsigned long long)hi);
    *have = 1;
    return 0;
}

static int on_rate_option(void *ctx, int id, const char *arg)
{
    struct omis_opts *o = ctx;
    int dummy;
    switch (id) {
    case OPT_M: o->have_m = 1; return cli_u64("rate", "-m", arg, &o->m) ? 0 : CLI_EXIT_USAGE;
    case OPT_K: o->have_k = 1; return cli_u64("rate", "-k", arg, &o->k) ? 0 : CLI_EXIT_USAGE;
    case OPT_N: o->have_n = 1; return cli_u64("rate", "-n", arg, &o->n) ? 0 : CLI_EXIT_USAGE;
    case OPT_FPB: return ranged("--fingerprint-bits", arg, 0, 1024, &o->fpb, &o->have_fpb);
    case OPT_FPI: return ranged("--fingerprint-indices", arg, 1, 64, &o->fpi, &o->have_fpi);
    case OPT_MINUS: return ranged("--minus-bits", arg, 0, 4096, &o->minus, &o->have_minus);
    case OPT_DIGITS: return ranged("--digits", arg, 1, 100, &o->digits, &dummy);
    case OPT_MODEL:
        if (!strcmp(arg, "exact") || !strcmp(arg, "paper")) {
            o->model = arg[0] == 'e' ? AMQ_OMISSIONS_EXACT : AMQ_OMISSIONS_PAPER;
            return 0;
        }
        return cli_usage("rate", RATE_USAGE, "--model must be 'exact' or 'paper' (got '%s')", arg);
    default: o->json = 1; return 0;
    }
}

/* The numbers of `rate omissions`, as decimal strings (NULL: not available). */
struct omis_result {
    char *E, *El, *Eh, *P, *Pl, *Ph, *cov, *cov2, *pub, pnote[256];
    int pdigits;
};

static void omis_result_free(struct omis_result *r)
{
    char **all[] = {&r->E, &r->El, &r->Eh, &r->P, &r->Pl, &r->Ph, &r->cov, &r->cov2, &r->pub};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        free(*all[i]);
}

/* P0 to D digits, else fewer, else only the bound e^-E. */
static int p_no_omission(struct omis_result *r, const amq_omissions_params *p, int D, mpfr_t lo, mpfr_t hi)
{
    for (r->pdigits = D;;) {
        const amq_status st = amq_omissions_p0_decimal(&r->P, p, r->pdigits, lo, hi);
        if (st == AMQ_OK) {
            r->Pl = dec(lo, r->pdigits + 3, AMQ_ROUND_DOWN);
            r->Ph = dec(hi, r->pdigits + 3, AMQ_ROUND_UP);
            if (r->pdigits < D)
                snprintf(r->pnote, sizeof r->pnote, "only %d digits within the work limit", r->pdigits);
            return 0;
        }
        if (st != AMQ_E_TOO_LARGE)
            return cli_fail("rate", "probability of no omission: %s", amq_last_error());
        snprintf(r->pnote, sizeof r->pnote, "%s", amq_last_error());
        if (r->pdigits <= 3 || strstr(r->pnote, "underflows")) {
            mpfr_t b;
            mpfr_init2(b, 64);
            if (amq_omissions_p0_upper(b, p) == AMQ_OK)
                r->pub = dec(b, 6, AMQ_ROUND_UP);
            mpfr_clear(b);
            return 0;
        }
        r->pdigits = r->pdigits > 6 ? 6 : 3;
    }
}

static int omis_compute(struct omis_result *r, const amq_omissions_params *p, int D)
{
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    int rc = 0;
    if (amq_omissions_expected_decimal(&r->E, p, D, lo, hi) != AMQ_OK)
        rc = cli_fail("rate", "expected omissions: %s", amq_last_error());
    else {
        r->El = dec(lo, D + 3, AMQ_ROUND_DOWN);
        r->Eh = dec(hi, D + 3, AMQ_ROUND_UP);
        if (amq_omissions_coverage_decimal(&r->cov, p, 1, D, NULL, NULL) != AMQ_OK ||
            amq_omissions_coverage_decimal(&r->cov2, p, 2, D, NULL, NULL) != AMQ_OK)
            rc = cli_fail("rate", "coverage: %s", amq_last_error());
        else
            rc = p_no_omission(r, p, D, lo, hi);
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return rc;
}

static void omis_json(const struct omis_opts *o, const amq_omissions_params *p, const struct omis_result *r)
{
    printf("{\"structure\": \"omissions\", \"m\": %llu, \"k\": %llu, \"n\": %llu, \"fingerprint_space\": ",
           (unsigned long long)o->m, (unsigned long long)o->k, (unsigned long long)o->n);
    char *sz = p->s ? mpz_get_str(NULL, 10, p->s) : NULL;
    cli_json_str_or_null(stdout, sz);
    free(sz);
    printf(", \"model\": \"%s\", \"digits\": %d, \"expected_omissions\": ",
           o->model == AMQ_OMISSIONS_EXACT ? "exact" : "paper", (int)o->digits);
    const char *names[] = {"expected_omissions_lower", "expected_omissions_upper", "p_no_omission"};
    const char *values[] = {r->El, r->Eh, r->P};
    cli_json_str_or_null(stdout, r->E);
    for (size_t i = 0; i < 3; i++) {
        printf(", \"%s\": ", names[i]);
        cli_json_str_or_null(stdout, values[i]);
    }
    printf(", \"p_no_omission_digits\": %d", r->P ? r->pdigits : 0);
    const char *names2[] = {"p_no_omission_lower", "p_no_omission_upper", "p_no_omission_log10_upper_bound",
                            "p_no_omission_note", "coverage", "coverage_transitive"};
    const char *values2[] = {r->Pl, r->Ph, r->pub, r->pnote[0] ? r->pnote : NULL, r->cov, r->cov2};
    for (size_t i = 0; i < 6; i++) {
        printf(", \"%s\": ", names2[i]);
        cli_json_str_or_null(stdout, values2[i]);
    }
    printf("}\n");
}

static void omis_text(const struct omis_opts *o, const char *sdesc, const struct omis_result *r)
{
    const int D = (int)o->digits;
    printf("structure      omissions (m = %llu, k = %llu, n = %llu; fingerprint space %s; %s Bloom rate)\n",
           (unsigned long long)o->m, (unsigned long long)o->k, (unsigned long long)o->n, sdesc,
           o->model == AMQ_OMISSIONS_EXACT ? "exact" : "paper-approximation");
    printf("expected       %s   (expected hash omissions E, %d significant digits)\n", r->E, D);
    printf("  enclosure    [%s, %s]   (certified)\n", r->El ? r->El : "?", r->Eh ? r->Eh : "?");
    if (r->P) {
        printf("p_no_omission  %s   (probability of no omission P0, %d significant digits)\n", r->P, r->pdigits);
        printf("  enclosure    [%s, %s]   (certified)\n", r->Pl ? r->Pl : "?", r->Ph ? r->Ph : "?");
        if (r->pdigits < D)
            printf("  note         %s\n", r->pnote);
    } else {
        printf("p_no_omission  <= 10^%s   (certified upper bound only; %s)\n", r->pub ? r->pub : "?", r->pnote);
    }
    printf("coverage       %s   ((n - E)/n, hash omissions only)\n", r->cov);
    printf("  transitive   %s   ((n - 2E)/n, D&M equation 2: E(o) ~ 2 E(o_H))\n", r->cov2);
}

/* The fingerprint space s and its description; 0, or a usage error. */
static int fingerprint_space(const struct omis_opts *o, mpz_t s, char *sdesc, size_t len)
{
    snprintf(sdesc, len, "none");
    if (o->have_fpb) {
        mpz_setbit(s, (mp_bitcnt_t)o->fpb);
        snprintf(sdesc, len, "2^%llu", (unsigned long long)o->fpb);
    } else if (o->have_fpi) {
        if (amq_fingerprint_space(s, o->m, (unsigned)o->fpi, (unsigned)o->minus) != AMQ_OK)
            return cli_usage("rate", RATE_USAGE, "%s", amq_last_error());
        if (o->minus)
            snprintf(sdesc, len, "m^%llu/2^%llu", (unsigned long long)o->fpi, (unsigned long long)o->minus);
        else
            snprintf(sdesc, len, "m^%llu", (unsigned long long)o->fpi);
    }
    return 0;
}

/* Options that go together, before any work: 0 or a usage error. */
static int rate_options_valid(const struct omis_opts *o)
{
    if (!o->have_m || !o->have_k || !o->have_n)
        return cli_usage("rate", RATE_USAGE, "missing %s",
                         !o->have_m ? "-m (bits)" : !o->have_k ? "-k (hashes)" : "-n (keys)");
    if (o->have_fpb && o->have_fpi)
        return cli_usage("rate", RATE_USAGE, "--fingerprint-bits and --fingerprint-indices exclude each other");
    if (o->have_minus && !o->have_fpi)
        return cli_usage("rate", RATE_USAGE, "--minus-bits needs --fingerprint-indices");
    if (o->m == 0)
        return cli_usage("rate", RATE_USAGE, "-m must be at least 1");
    return 0;
}

int cmd_rate_omissions(int argc, char **argv)
{
    static const cli_option opts[] = {
        {"bits", 'm', 1, OPT_M},
        {"hashes", 'k', 1, OPT_K},
        {"keys", 'n', 1, OPT_N},
        {"fingerprint-bits", 0, 1, OPT_FPB},
        {"fingerprint-indices", 0, 1, OPT_FPI},
        {"minus-bits", 0, 1, OPT_MINUS},
        {"model", 0, 1, OPT_MODEL},
        {"digits", 0, 1, OPT_DIGITS},
        {"json", 0, 0, OPT_JSON},
    };
    struct omis_opts o = {.digits = 10, .model = AMQ_OMISSIONS_EXACT};
    int rc = cli_parse_args("rate", RATE_USAGE, opts, sizeof opts / sizeof opts[0], on_rate_option, &o, argc, argv,
                            NULL, 0, NULL);
    if (rc < 0) {
        rate_help();
        return 0;
    }
    if (rc || (rc = rate_options_valid(&o)))
        return rc;
    mpz_t s;
    mpz_init(s);
    char sdesc[96];
    if ((rc = fingerprint_space(&o, s, sdesc, sizeof sdesc)) == 0) {
        const amq_omissions_params p = {o.m, o.k, o.n, (o.have_fpb || o.have_fpi) ? s : NULL, o.model};
        struct omis_result r = {0};
        rc = omis_compute(&r, &p, (int)o.digits) ? CLI_EXIT_FAIL : 0;
        if (!rc)
            o.json ? omis_json(&o, &p, &r) : omis_text(&o, sdesc, &r);
        omis_result_free(&r);
    }
    mpz_clear(s);
    return rc;
}

/* ---------- amq estimate ---------- */

static const char EST_USAGE[] = "amq estimate -m M -k K --set-bits X [--unique N] [--digits D] [--json]";

static void est_help(void)
{
    printf("usage: %s\n\n", EST_USAGE);
    fputs("State-space size from the fill of a Bloom filter after a bitstate search (D&M\n"
          "section 3.3), exactly as the paper writes it. With p = (M - X)/M the proportion\n"
          "of 0 bits,\n"
          "  i = (1/K) log_{(M-1)/M} p      distinct states the search tried to add\n"
          "and, with N the states identified as unique (--unique),\n"
          "  n ~ i + 2 (i - N)              using E(o) ~ 2 (i - N) (D&M equation 2).\n"
          "Both are printed correctly rounded from certified enclosures.\n"
          "  -m, --bits M  -k, --hashes K  --set-bits X (bits equal to 1)  --unique N\n"
          "  --digits D (default 10)  --json\n",
          stdout);
}

struct est_opts {
    uint64_t m, k, x, N, digits;
    int have_m, have_k, have_x, have_n, json;
};

static int on_est_option(void *ctx, int id, const char *arg)
{
    struct est_opts *o = ctx;
    static const char *const flags[] = {"-m", "-k", "--set-bits", "--unique"};
    uint64_t *const v[] = {&o->m, &o->k, &o->x, &o->N};
    int *const have[] = {&o->have_m, &o->have_k, &o->have_x, &o->have_n};
    const int i = id == OPT_M ? 0 : id == OPT_K ? 1 : id == OPT_X ? 2 : id == OPT_UNIQUE ? 3 : -1;
    if (i >= 0) {
        *have[i] = 1;
        return cli_u64("estimate", flags[i], arg, v[i]) ? 0 : CLI_EXIT_USAGE;
    }
    if (id == OPT_DIGITS && (!cli_u64("estimate", "--digits", arg, &o->digits) || o->digits < 1 || o->digits > 100))
        return cli_usage("estimate", EST_USAGE, "--digits must be an integer in [1, 100]");
    o->json |= id == OPT_JSON;
    return 0;
}

/* Options that go together, before any work: 0 or a usage error. */
static int est_options_valid(const struct est_opts *o)
{
    if (!o->have_m || !o->have_k || !o->have_x)
        return cli_usage("estimate", EST_USAGE, "missing %s",
                         !o->have_m ? "-m (bits)" : !o->have_k ? "-k (hashes)" : "--set-bits X");
    if (o->m == 0)
        return cli_usage("estimate", EST_USAGE, "-m must be at least 1");
    if (o->k == 0)
        return cli_usage("estimate", EST_USAGE, "-k must be at least 1");
    if (o->x > o->m)
        return cli_usage("estimate", EST_USAGE, "--set-bits %llu exceeds m = %llu", (unsigned long long)o->x,
                         (unsigned long long)o->m);
    if (o->have_n && o->N > o->x)
        return cli_usage("estimate", EST_USAGE,
                         "--unique %llu exceeds --set-bits %llu: each state the search found new set at least "
                         "one bit",
                         (unsigned long long)o->N, (unsigned long long)o->x);
    return 0;
}

int cmd_estimate(int argc, char **argv)
{
    static const cli_option opts[] = {
        {"bits", 'm', 1, OPT_M},          {"hashes", 'k', 1, OPT_K},       {"set-bits", 0, 1, OPT_X},
        {"unique", 0, 1, OPT_UNIQUE}, {"digits", 0, 1, OPT_DIGITS}, {"json", 0, 0, OPT_JSON},
    };
    struct est_opts o = {.digits = 10};
    int rc = cli_parse_args("estimate", EST_USAGE, opts, sizeof opts / sizeof opts[0], on_est_option, &o, argc,
                            argv, NULL, 0, NULL);
    if (rc < 0) {
        est_help();
        return 0;
    }
    if (rc || (rc = est_options_valid(&o)))
        return rc;
    const uint64_t m = o.m, k = o.k, x = o.x, N = o.N;
    char *is = NULL, *ns = NULL;
    if (amq_state_estimate_decimal(&is, o.have_n ? &ns : NULL, m, k, x, N, (int)o.digits) != AMQ_OK)
        return cli_fail("estimate", "%s", amq_last_error());
    if (o.json) {
        printf("{\"m\": %llu, \"k\": %llu, \"set_bits\": %llu, \"unique\": ", (unsigned long long)m,
               (unsigned long long)k, (unsigned long long)x);
        if (o.have_n)
            printf("%llu", (unsigned long long)N);
        else
            printf("null");
        printf(", \"attempted\": ");
        cli_json_str(stdout, is);
        printf(", \"estimate\": ");
        cli_json_str_or_null(stdout, ns);
        printf("}\n");
    } else {
        printf("filter     m = %llu bits, k = %llu, %llu bits set (p = %llu/%llu zeros)\n", (unsigned long long)m,
               (unsigned long long)k, (unsigned long long)x, (unsigned long long)(m - x), (unsigned long long)m);
        printf("attempted  %s   (i = (1/k) log_{(m-1)/m} p: distinct states the search tried to add)\n", is);
        if (ns)
            printf("estimate   %s   (n ~ max(N, i + 2(i - N)), N = %llu unique; D&M section 3.3)\n", ns,
                   (unsigned long long)N);
    }
    free(is);
    free(ns);
    return 0;
}
