/* Hash omissions of a Bloom filter as a visited set (Dillinger & Manolios; see
 * include/amq/spec_omissions.h):
 *   amq rate omissions -m M -k K -n N [...]   expected omissions, P(no omission), coverage
 *   amq optimal-k --bits-per-key R | --table  best k and the m/n barriers (D&M Table 1)
 *   amq estimate -m M -k K --set-bits X [--unique N]   state count from the fill (D&M 3.3)
 * Every printed number is correctly rounded from an exact value or a certified enclosure. */
#include "cli.h"
#include <amq/spec_omissions.h>
#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* ---------- shared helpers ---------- */

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

/* malloc'd decimal of x rounded in direction dir, or NULL. */
static char *dec(const mpfr_t x, int digits, amq_round_dir dir)
{
    char *s = NULL;
    if (amq_mpfr_decimal(&s, x, digits, dir) != AMQ_OK)
        return NULL;
    return s;
}

static void json_str_or_null(const char *s)
{
    if (s)
        cli_json_str(stdout, s);
    else
        fputs("null", stdout);
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

int cmd_rate_omissions(int argc, char **argv)
{
    enum { OPT_FPB = 256, OPT_FPI, OPT_MINUS, OPT_MODEL, OPT_DIGITS, OPT_JSON };
    static const struct option opts[] = {
        {"bits", required_argument, 0, 'm'},
        {"hashes", required_argument, 0, 'k'},
        {"keys", required_argument, 0, 'n'},
        {"fingerprint-bits", required_argument, 0, OPT_FPB},
        {"fingerprint-indices", required_argument, 0, OPT_FPI},
        {"minus-bits", required_argument, 0, OPT_MINUS},
        {"model", required_argument, 0, OPT_MODEL},
        {"digits", required_argument, 0, OPT_DIGITS},
        {"json", no_argument, 0, OPT_JSON},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    uint64_t m = 0, k = 0, n = 0, fpb = 0, fpi = 0, minus = 0, digits = 10;
    int have_m = 0, have_k = 0, have_n = 0, have_fpb = 0, have_fpi = 0, have_minus = 0, json = 0, c;
    amq_omis_model model = AMQ_OMIS_EXACT;
    optind = 0;
    opterr = 0; /* our messages, not getopt's */
    while ((c = getopt_long(argc, argv, ":m:k:n:h", opts, NULL)) != -1) {
        switch (c) {
        case 'm':
            if (!cli_u64("rate", "-m", optarg, &m))
                return CLI_EXIT_USAGE;
            have_m = 1;
            break;
        case 'k':
            if (!cli_u64("rate", "-k", optarg, &k))
                return CLI_EXIT_USAGE;
            have_k = 1;
            break;
        case 'n':
            if (!cli_u64("rate", "-n", optarg, &n))
                return CLI_EXIT_USAGE;
            have_n = 1;
            break;
        case OPT_FPB:
            if (!cli_u64("rate", "--fingerprint-bits", optarg, &fpb) || fpb > 1024)
                return cli_usage("rate", RATE_USAGE, "--fingerprint-bits must be an integer in [0, 1024]");
            have_fpb = 1;
            break;
        case OPT_FPI:
            if (!cli_u64("rate", "--fingerprint-indices", optarg, &fpi) || fpi < 1 || fpi > 64)
                return cli_usage("rate", RATE_USAGE, "--fingerprint-indices must be an integer in [1, 64]");
            have_fpi = 1;
            break;
        case OPT_MINUS:
            if (!cli_u64("rate", "--minus-bits", optarg, &minus) || minus > 4096)
                return cli_usage("rate", RATE_USAGE, "--minus-bits must be an integer in [0, 4096]");
            have_minus = 1;
            break;
        case OPT_MODEL:
            if (!strcmp(optarg, "exact"))
                model = AMQ_OMIS_EXACT;
            else if (!strcmp(optarg, "paper"))
                model = AMQ_OMIS_PAPER;
            else
                return cli_usage("rate", RATE_USAGE, "--model must be 'exact' or 'paper' (got '%s')", optarg);
            break;
        case OPT_DIGITS:
            if (!cli_u64("rate", "--digits", optarg, &digits) || digits < 1 || digits > 100)
                return cli_usage("rate", RATE_USAGE, "--digits must be an integer in [1, 100]");
            break;
        case OPT_JSON:
            json = 1;
            break;
        case 'h':
            rate_help();
            return 0;
        case ':':
            return cli_usage("rate", RATE_USAGE, "option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage("rate", RATE_USAGE, "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_usage("rate", RATE_USAGE, "unexpected argument '%s'", argv[optind]);
    if (!have_m || !have_k || !have_n)
        return cli_usage("rate", RATE_USAGE, "missing %s",
                         !have_m ? "-m (bits)" : !have_k ? "-k (hashes)" : "-n (keys)");
    if (have_fpb && have_fpi)
        return cli_usage("rate", RATE_USAGE, "--fingerprint-bits and --fingerprint-indices exclude each other");
    if (have_minus && !have_fpi)
        return cli_usage("rate", RATE_USAGE, "--minus-bits needs --fingerprint-indices");
    if (m == 0)
        return cli_usage("rate", RATE_USAGE, "-m must be at least 1");

    mpz_t s;
    mpz_init(s);
    char sdesc[96] = "none";
    if (have_fpb) {
        mpz_setbit(s, (mp_bitcnt_t)fpb);
        snprintf(sdesc, sizeof sdesc, "2^%llu", (unsigned long long)fpb);
    } else if (have_fpi) {
        if (amq_fingerprint_space(s, m, (unsigned)fpi, (unsigned)minus) != AMQ_OK) {
            mpz_clear(s);
            return cli_usage("rate", RATE_USAGE, "%s", amq_last_error());
        }
        if (minus)
            snprintf(sdesc, sizeof sdesc, "m^%llu/2^%llu", (unsigned long long)fpi, (unsigned long long)minus);
        else
            snprintf(sdesc, sizeof sdesc, "m^%llu", (unsigned long long)fpi);
    }
    amq_omis_params p = {m, k, n, (have_fpb || have_fpi) ? s : NULL, model};
    int D = (int)digits, rc = CLI_EXIT_FAIL;
    char *E = NULL, *El = NULL, *Eh = NULL, *P = NULL, *Pl = NULL, *Ph = NULL, *cov = NULL, *cov2 = NULL;
    char *pub = NULL, pnote[256] = "";
    int pdigits = D;
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    if (amq_omissions_expected_decimal(&E, &p, D, lo, hi) != AMQ_OK) {
        cli_fail("rate", "expected omissions: %s", amq_last_error());
        goto out;
    }
    El = dec(lo, D + 3, AMQ_ROUND_DOWN);
    Eh = dec(hi, D + 3, AMQ_ROUND_UP);
    if (amq_omissions_coverage_decimal(&cov, &p, 1, D, NULL, NULL) != AMQ_OK ||
        amq_omissions_coverage_decimal(&cov2, &p, 2, D, NULL, NULL) != AMQ_OK) {
        cli_fail("rate", "coverage: %s", amq_last_error());
        goto out;
    }
    /* P0: D digits, else fewer, else the bound e^-E */
    for (;;) {
        amq_status st = amq_omissions_p0_decimal(&P, &p, pdigits, lo, hi);
        if (st == AMQ_OK) {
            Pl = dec(lo, pdigits + 3, AMQ_ROUND_DOWN);
            Ph = dec(hi, pdigits + 3, AMQ_ROUND_UP);
            if (pdigits < D)
                snprintf(pnote, sizeof pnote, "only %d digits within the work limit", pdigits);
            break;
        }
        if (st != AMQ_E_TOO_LARGE) {
            cli_fail("rate", "probability of no omission: %s", amq_last_error());
            goto out;
        }
        snprintf(pnote, sizeof pnote, "%s", amq_last_error());
        if (pdigits <= 3 || strstr(pnote, "underflows")) {
            mpfr_t b;
            mpfr_init2(b, 64);
            if (amq_omissions_p0_upper(b, &p) == AMQ_OK)
                pub = dec(b, 6, AMQ_ROUND_UP);
            mpfr_clear(b);
            break;
        }
        pdigits = pdigits > 6 ? 6 : 3;
    }
    if (json) {
        printf("{\"structure\": \"omissions\", \"m\": %llu, \"k\": %llu, \"n\": %llu, \"fingerprint_space\": ",
               (unsigned long long)m, (unsigned long long)k, (unsigned long long)n);
        if (p.s) {
            char *sz = mpz_get_str(NULL, 10, s);
            json_str_or_null(sz);
            free(sz);
        } else {
            fputs("null", stdout);
        }
        printf(", \"model\": \"%s\", \"digits\": %d, \"expected_omissions\": ",
               model == AMQ_OMIS_EXACT ? "exact" : "paper", D);
        json_str_or_null(E);
        printf(", \"expected_omissions_lower\": ");
        json_str_or_null(El);
        printf(", \"expected_omissions_upper\": ");
        json_str_or_null(Eh);
        printf(", \"p_no_omission\": ");
        json_str_or_null(P);
        printf(", \"p_no_omission_digits\": %d", P ? pdigits : 0);
        printf(", \"p_no_omission_lower\": ");
        json_str_or_null(Pl);
        printf(", \"p_no_omission_upper\": ");
        json_str_or_null(Ph);
        printf(", \"p_no_omission_log10_upper_bound\": ");
        json_str_or_null(pub);
        printf(", \"p_no_omission_note\": ");
        json_str_or_null(pnote[0] ? pnote : NULL);
        printf(", \"coverage\": ");
        json_str_or_null(cov);
        printf(", \"coverage_transitive\": ");
        json_str_or_null(cov2);
        printf("}\n");
    } else {
        printf("structure      omissions (m = %llu, k = %llu, n = %llu; fingerprint space %s; %s Bloom rate)\n",
               (unsigned long long)m, (unsigned long long)k, (unsigned long long)n, sdesc,
               model == AMQ_OMIS_EXACT ? "exact" : "paper-approximation");
        printf("expected       %s   (expected hash omissions E, %d significant digits)\n", E, D);
        printf("  enclosure    [%s, %s]   (certified)\n", El ? El : "?", Eh ? Eh : "?");
        if (P) {
            printf("p_no_omission  %s   (probability of no omission P0, %d significant digits)\n", P, pdigits);
            printf("  enclosure    [%s, %s]   (certified)\n", Pl ? Pl : "?", Ph ? Ph : "?");
            if (pdigits < D)
                printf("  note         %s\n", pnote);
        } else {
            printf("p_no_omission  <= 10^%s   (certified upper bound only; %s)\n", pub ? pub : "?", pnote);
        }
        printf("coverage       %s   ((n - E)/n, hash omissions only)\n", cov);
        printf("  transitive   %s   ((n - 2E)/n, D&M equation 2: E(o) ~ 2 E(o_H))\n", cov2);
    }
    rc = 0;
out:
    free(E);
    free(El);
    free(Eh);
    free(P);
    free(Pl);
    free(Ph);
    free(cov);
    free(cov2);
    free(pub);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    mpz_clear(s);
    return rc;
}

/* ---------- amq optimal-k ---------- */

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
          "  --table            barriers b_k for k = 1..K (default 100), with D&M Table 1 as\n"
          "                     printed beside its rows (\"Computed m/n\" and the closed-form\n"
          "                     estimate of their equation 3)\n"
          "  --paper            only the rows of D&M Table 1\n"
          "  --digits D         significant digits of the barriers (default 6)\n",
          stdout);
}

/* After the table: equation 3's largest relative error over k = 1..kmax and the share of
 * m/n in [0.5, 150) where it picks another k than the optimum, as certified enclosures;
 * ends the JSON object.  0 on failure (message printed). */
static int print_eq3_summary(uint64_t kmax, int json)
{
    amq_omis_eq3_stats st;
    mpq_t a, b;
    mpq_inits(a, b, NULL);
    mpq_set_ui(a, 1, 2);
    mpq_set_ui(b, 150, 1);
    const amq_status s = amq_omis_eq3_compare(&st, kmax, a, b);
    mpq_clears(a, b, NULL);
    if (s != AMQ_OK) {
        if (json)
            printf("]}\n");
        cli_fail("optimal-k", "equation 3: %s", amq_last_error());
        return 0;
    }
    char *el = NULL, *eh = NULL, *sl = NULL, *sh = NULL;
    amq_mpfr_decimal(&el, st.max_relerr_lo, 4, AMQ_ROUND_DOWN);
    amq_mpfr_decimal(&eh, st.max_relerr_hi, 4, AMQ_ROUND_UP);
    amq_mpfr_decimal(&sl, st.share_lo, 4, AMQ_ROUND_DOWN);
    amq_mpfr_decimal(&sh, st.share_hi, 4, AMQ_ROUND_UP);
    if (json) {
        printf("], \"eq3_max_relative_error\": [\"%s\", \"%s\"], \"eq3_max_at_k\": %llu, "
               "\"eq3_max_at_k_certain\": %s, \"eq3_wrong_k_share\": [\"%s\", \"%s\"], \"eq3_range\": [0.5, 150]}\n",
               el ? el : "?", eh ? eh : "?", (unsigned long long)st.argmax, st.argmax_certain ? "true" : "false",
               sl ? sl : "?", sh ? sh : "?");
    } else {
        printf("\nequation 3, k(r) = ceil(3.8^(1/(r + 4.2)) r ln 2), against the certified barriers:\n");
        printf("  largest relative error of its barriers, k = 1..%llu: in [%s, %s], at k = %llu%s\n",
               (unsigned long long)kmax, el ? el : "?", eh ? eh : "?", (unsigned long long)st.argmax,
               st.argmax_certain ? "" : " (not certainly the only maximum)");
        printf("  share of m/n in [0.5, 150) where it picks another k than the optimum: in [%s, %s]\n",
               sl ? sl : "?", sh ? sh : "?");
    }
    free(el);
    free(eh);
    free(sl);
    free(sh);
    amq_omis_eq3_stats_clear(&st);
    return 1;
}

int cmd_optimal_k(int argc, char **argv)
{
    enum { OPT_R = 256, OPT_TABLE, OPT_KMAX, OPT_PAPER, OPT_DIGITS, OPT_JSON };
    static const struct option opts[] = {
        {"bits-per-key", required_argument, 0, OPT_R},
        {"table", no_argument, 0, OPT_TABLE},
        {"kmax", required_argument, 0, OPT_KMAX},
        {"paper", no_argument, 0, OPT_PAPER},
        {"digits", required_argument, 0, OPT_DIGITS},
        {"json", no_argument, 0, OPT_JSON},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    uint64_t kmax = 100, digits = 6;
    int have_r = 0, table = 0, paper = 0, json = 0, have_kmax = 0, c;
    const char *rstr = NULL;
    mpq_t r;
    mpq_init(r);
    optind = 0;
    opterr = 0; /* our messages, not getopt's */
    int rc = CLI_EXIT_USAGE;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case OPT_R:
            if (!parse_rational(optarg, r) || mpq_sgn(r) <= 0) {
                cli_usage("optimal-k", OPTK_USAGE, "invalid value for --bits-per-key: '%s' (a positive "
                                                   "number such as 10, 9.6, 1e1 or 10/3)", optarg);
                goto out;
            }
            rstr = optarg;
            have_r = 1;
            break;
        case OPT_TABLE:
            table = 1;
            break;
        case OPT_KMAX:
            if (!cli_u64("optimal-k", "--kmax", optarg, &kmax) || kmax < 1 || kmax > 1000) {
                cli_usage("optimal-k", OPTK_USAGE, "--kmax must be an integer in [1, 1000]");
                goto out;
            }
            have_kmax = 1;
            break;
        case OPT_PAPER:
            paper = 1;
            break;
        case OPT_DIGITS:
            if (!cli_u64("optimal-k", "--digits", optarg, &digits) || digits < 1 || digits > 60) {
                cli_usage("optimal-k", OPTK_USAGE, "--digits must be an integer in [1, 60]");
                goto out;
            }
            break;
        case OPT_JSON:
            json = 1;
            break;
        case 'h':
            optk_help();
            rc = 0;
            goto out;
        case ':':
            cli_usage("optimal-k", OPTK_USAGE, "option '%s' needs a value", argv[optind - 1]);
            goto out;
        default:
            cli_usage("optimal-k", OPTK_USAGE, "unknown option '%s'", argv[optind - 1]);
            goto out;
        }
    }
    if (optind < argc) {
        cli_usage("optimal-k", OPTK_USAGE, "unexpected argument '%s'", argv[optind]);
        goto out;
    }
    if (have_r == table) {
        cli_usage("optimal-k", OPTK_USAGE, "give exactly one of --bits-per-key and --table");
        goto out;
    }
    if ((paper || have_kmax) && !table) {
        cli_usage("optimal-k", OPTK_USAGE, "--kmax and --paper go with --table");
        goto out;
    }
    if (paper && have_kmax) {
        cli_usage("optimal-k", OPTK_USAGE, "--kmax and --paper exclude each other");
        goto out;
    }
    int D = (int)digits;
    rc = CLI_EXIT_FAIL;
    if (have_r) {
        uint64_t kb = 0, tie = 0;
        if (amq_omis_optimal_k(&kb, &tie, r) != AMQ_OK) {
            cli_fail("optimal-k", "%s", amq_last_error());
            goto out;
        }
        char *below = NULL, *above = NULL;
        if (kb > 1 && amq_omis_barrier_decimal(&below, kb - 1, D, NULL, NULL) != AMQ_OK) {
            cli_fail("optimal-k", "barrier: %s", amq_last_error());
            goto out;
        }
        if (amq_omis_barrier_decimal(&above, kb, D, NULL, NULL) != AMQ_OK) {
            free(below);
            cli_fail("optimal-k", "barrier: %s", amq_last_error());
            goto out;
        }
        if (json) {
            printf("{\"bits_per_key\": ");
            cli_json_str(stdout, rstr);
            printf(", \"optimal_k\": %llu, \"barrier_below\": ", (unsigned long long)kb);
            json_str_or_null(below);
            printf(", \"barrier_above\": ");
            json_str_or_null(above);
            if (tie)
                printf(", \"tie_with\": %llu}\n", (unsigned long long)tie);
            else
                printf(", \"tie_with\": null}\n");
        } else {
            printf("bits per key   %s\n", rstr);
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
        rc = 0;
        goto out;
    }
    /* table */
    if (json)
        printf("{\"barriers\": [");
    else
        printf("%-12s %-*s  %-12s %-8s %-12s %-*s %s\n", "barrier", D + 7, "m/n (certified)", "D&M computed",
               "same?", "D&M closed-form", D + 7, "eq. 3 (certified)", "same?");
    int first = 1;
    for (uint64_t k = 1; k <= (paper ? 100 : kmax); k++) {
        const amq_dm_table1_row *row = NULL;
        for (size_t i = 0; i < sizeof amq_dm_table1 / sizeof amq_dm_table1[0]; i++)
            if (amq_dm_table1[i].k == k)
                row = &amq_dm_table1[i];
        if (paper && !row)
            continue;
        char *b = NULL;
        if (amq_omis_barrier_decimal(&b, k, D, NULL, NULL) != AMQ_OK) {
            if (json)
                printf("]}\n");
            cli_fail("optimal-k", "barrier %llu|%llu: %s", (unsigned long long)k, (unsigned long long)(k + 1),
                     amq_last_error());
            goto out;
        }
        /* does the barrier, rounded to the digits D&M print, equal their value? */
        const char *same = NULL;
        if (row) {
            int pd = 0;
            for (const char *q = row->computed; *q; q++)
                pd += *q >= '0' && *q <= '9';
            char *bp = NULL;
            mpq_t x, y;
            mpq_inits(x, y, NULL);
            if (amq_omis_barrier_decimal(&bp, k, pd, NULL, NULL) == AMQ_OK && parse_rational(bp, x) &&
                parse_rational(row->computed, y))
                same = mpq_equal(x, y) ? "yes" : "NO";
            mpq_clears(x, y, NULL);
            free(bp);
        }
        /* equation 3's barrier, and whether it rounds to the paper's closed-form digits */
        char *e3 = NULL;
        const char *same3 = NULL;
        if (amq_omis_eq3_barrier_decimal(&e3, k, D) != AMQ_OK) {
            free(b);
            if (json)
                printf("]}\n");
            cli_fail("optimal-k", "equation 3, barrier %llu|%llu: %s", (unsigned long long)k,
                     (unsigned long long)(k + 1), amq_last_error());
            goto out;
        }
        if (row) {
            int pd = 0;
            for (const char *q = row->closed_form; *q; q++)
                pd += *q >= '0' && *q <= '9';
            char *ep = NULL;
            mpq_t x, y;
            mpq_inits(x, y, NULL);
            if (amq_omis_eq3_barrier_decimal(&ep, k, pd) == AMQ_OK && parse_rational(ep, x) &&
                parse_rational(row->closed_form, y))
                same3 = mpq_equal(x, y) ? "yes" : "NO";
            mpq_clears(x, y, NULL);
            free(ep);
        }
        if (json) {
            printf("%s{\"k\": %llu, \"barrier\": ", first ? "" : ", ", (unsigned long long)k);
            cli_json_str(stdout, b);
            printf(", \"paper_computed\": ");
            json_str_or_null(row ? row->computed : NULL);
            printf(", \"paper_digits_match\": %s", same ? (same[0] == 'y' ? "true" : "false") : "null");
            printf(", \"paper_closed_form\": ");
            json_str_or_null(row ? row->closed_form : NULL);
            printf(", \"eq3_barrier\": ");
            cli_json_str(stdout, e3);
            printf(", \"paper_closed_form_digits_match\": %s",
                   same3 ? (same3[0] == 'y' ? "true" : "false") : "null");
            printf("}");
        } else {
            char lab[32];
            snprintf(lab, sizeof lab, "%llu|%llu", (unsigned long long)k, (unsigned long long)(k + 1));
            printf("%-12s %-*s  %-12s %-8s %-12s %-*s %s\n", lab, D + 7, b, row ? row->computed : "",
                   same ? same : "", row ? row->closed_form : "", D + 7, e3, same3 ? same3 : "");
        }
        fflush(stdout);
        first = 0;
        free(b);
        free(e3);
        if (cli_stdout_failed()) { /* the rest would be lost too; main reports the write error */
            rc = CLI_EXIT_FAIL;
            goto out;
        }
    }
    rc = print_eq3_summary(paper ? 100 : kmax, json) ? 0 : CLI_EXIT_FAIL;
out:
    mpq_clear(r);
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

int cmd_estimate(int argc, char **argv)
{
    enum { OPT_X = 256, OPT_N, OPT_DIGITS, OPT_JSON };
    static const struct option opts[] = {
        {"bits", required_argument, 0, 'm'},      {"hashes", required_argument, 0, 'k'},
        {"set-bits", required_argument, 0, OPT_X}, {"unique", required_argument, 0, OPT_N},
        {"digits", required_argument, 0, OPT_DIGITS}, {"json", no_argument, 0, OPT_JSON},
        {"help", no_argument, 0, 'h'},            {0, 0, 0, 0},
    };
    uint64_t m = 0, k = 0, x = 0, N = 0, digits = 10;
    int have_m = 0, have_k = 0, have_x = 0, have_n = 0, json = 0, c;
    optind = 0;
    opterr = 0; /* our messages, not getopt's */
    while ((c = getopt_long(argc, argv, ":m:k:h", opts, NULL)) != -1) {
        switch (c) {
        case 'm':
            if (!cli_u64("estimate", "-m", optarg, &m))
                return CLI_EXIT_USAGE;
            have_m = 1;
            break;
        case 'k':
            if (!cli_u64("estimate", "-k", optarg, &k))
                return CLI_EXIT_USAGE;
            have_k = 1;
            break;
        case OPT_X:
            if (!cli_u64("estimate", "--set-bits", optarg, &x))
                return CLI_EXIT_USAGE;
            have_x = 1;
            break;
        case OPT_N:
            if (!cli_u64("estimate", "--unique", optarg, &N))
                return CLI_EXIT_USAGE;
            have_n = 1;
            break;
        case OPT_DIGITS:
            if (!cli_u64("estimate", "--digits", optarg, &digits) || digits < 1 || digits > 100)
                return cli_usage("estimate", EST_USAGE, "--digits must be an integer in [1, 100]");
            break;
        case OPT_JSON:
            json = 1;
            break;
        case 'h':
            est_help();
            return 0;
        case ':':
            return cli_usage("estimate", EST_USAGE, "option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage("estimate", EST_USAGE, "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_usage("estimate", EST_USAGE, "unexpected argument '%s'", argv[optind]);
    if (!have_m || !have_k || !have_x)
        return cli_usage("estimate", EST_USAGE, "missing %s",
                         !have_m ? "-m (bits)" : !have_k ? "-k (hashes)" : "--set-bits X");
    if (m == 0)
        return cli_usage("estimate", EST_USAGE, "-m must be at least 1");
    if (k == 0)
        return cli_usage("estimate", EST_USAGE, "-k must be at least 1");
    if (x > m)
        return cli_usage("estimate", EST_USAGE, "--set-bits %llu exceeds m = %llu", (unsigned long long)x,
                         (unsigned long long)m);
    if (have_n && N > x)
        return cli_usage("estimate", EST_USAGE,
                         "--unique %llu exceeds --set-bits %llu: each state the search found new set at least "
                         "one bit",
                         (unsigned long long)N, (unsigned long long)x);
    char *is = NULL, *ns = NULL;
    if (amq_state_estimate_decimal(&is, have_n ? &ns : NULL, m, k, x, N, (int)digits) != AMQ_OK)
        return cli_fail("estimate", "%s", amq_last_error());
    if (json) {
        printf("{\"m\": %llu, \"k\": %llu, \"set_bits\": %llu, \"unique\": ", (unsigned long long)m,
               (unsigned long long)k, (unsigned long long)x);
        if (have_n)
            printf("%llu", (unsigned long long)N);
        else
            printf("null");
        printf(", \"attempted\": ");
        cli_json_str(stdout, is);
        printf(", \"estimate\": ");
        json_str_or_null(ns);
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
