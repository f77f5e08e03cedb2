/* amq rate: exact / certified false-positive rate of a structure from its closed forms.
 *
 * Each structure is one entry of `structures[]` below: its parameters (flag, JSON key),
 * and adapters to the spec/ routines (certified decimal, exact rational, double
 * approximations, certified relative error). Parsing and printing are shared. */
#include <internal/fail.h>
#include "cli.h"
#include <amq/spec_counting.h>
#include <amq/spec_quotient.h>
#include <amq/spec_blocked.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RATE_MAX_PARAMS 8
#define RATE_MAX_APPROX 4
#define RATE_EXACT_MAX_DIGITS 10000 /* --exact prints bit lengths beyond this */

typedef struct rate_param {
    char flag;           /* short option, also the JSON key */
    const char *key;     /* JSON key / display name ("m") */
    const char *longopt; /* long option ("bits") */
} rate_param;

typedef struct rate_approx {
    const char *name; /* JSON key is "approx_<name>" */
    double (*fn)(const uint64_t *p);
} rate_approx;

typedef struct rate_structure {
    const char *name;
    const char *usage;
    size_t nparams;
    rate_param params[RATE_MAX_PARAMS];
    /* correctly rounded decimal; lo/hi receive an enclosure (rounded outward into them) */
    amq_status (*decimal)(char **out, const uint64_t *p, int digits, mpfr_t lo, mpfr_t hi);
    amq_status (*exact)(mpq_t q, const uint64_t *p);
    size_t napprox;
    rate_approx approx[RATE_MAX_APPROX];
    /* certified rlo <= |approx - value| / value <= rhi (used when the value may be 0;
     * otherwise the driver uses the enclosure from `decimal`) */
    amq_status (*relerr)(mpfr_t rlo, mpfr_t rhi, double approx, const uint64_t *p);
    /* explanation of an edge case (value decided without computation), or NULL */
    const char *(*note)(const uint64_t *p);
} rate_structure;

/* ---------- Bloom filter ---------- */

static amq_status bloom_decimal(char **out, const uint64_t *p, int digits, mpfr_t lo, mpfr_t hi)
{
    return amq_bloom_fp_decimal(out, p[0], p[1], p[2], digits, lo, hi);
}
static amq_status bloom_exact(mpq_t q, const uint64_t *p) { return amq_bloom_fp_exact(q, p[0], p[1], p[2]); }
static double bloom_classic(const uint64_t *p) { return amq_bloom_fp_approx_classic(p[0], p[1], p[2]); }
static double bloom_exp(const uint64_t *p) { return amq_bloom_fp_approx_exp(p[0], p[1], p[2]); }
static amq_status bloom_relerr(mpfr_t rlo, mpfr_t rhi, double a, const uint64_t *p)
{
    return amq_bloom_approx_relerr(rlo, rhi, a, p[0], p[1], p[2]);
}
static const char *bloom_note(const uint64_t *p)
{
    if (p[0] == 0)
        return NULL;
    if (p[1] == 0)
        return "k = 0: the empty index vector is always present, so FP = 1 exactly";
    if (p[2] == 0)
        return "n = 0: no bit is set, so FP = 0 exactly";
    if (p[0] == 1)
        return "m = 1: the only bit is set by the first key, so FP = 1 exactly";
    return NULL;
}

/* ---------- counting Bloom filter: the Bloom rate, by reduction (Theorem 8) ---------- */

static amq_status counting_decimal(char **out, const uint64_t *p, int digits, mpfr_t lo, mpfr_t hi)
{
    return amq_counting_fp_decimal(out, p[0], p[1], p[2], digits, lo, hi);
}
static amq_status counting_exact(mpq_t q, const uint64_t *p)
{
    return amq_counting_fp_exact(q, p[0], p[1], p[2]);
}

/* ---------- quotient filter: 1 - (1 - 2^-p)^n (Ceramist Theorem 9) ---------- */

static amq_status quotient_decimal(char **out, const uint64_t *p, int digits, mpfr_t lo, mpfr_t hi)
{
    return amq_quotient_fp_decimal(out, p[0], p[1], digits, lo, hi);
}
static amq_status quotient_exact(mpq_t q, const uint64_t *p) { return amq_quotient_fp_exact(q, p[0], p[1]); }
static double quotient_union(const uint64_t *p) { return amq_quotient_fp_approx_union(p[0], p[1]); }
static double quotient_exp(const uint64_t *p) { return amq_quotient_fp_approx_exp(p[0], p[1]); }
static amq_status quotient_relerr(mpfr_t rlo, mpfr_t rhi, double a, const uint64_t *p)
{
    mpfr_t lo, hi, ap;
    mpfr_inits2(256, lo, hi, ap, (mpfr_ptr)0);
    mpfr_set_d(ap, a, MPFR_RNDN);
    amq_status st = amq_quotient_fp_enclose(lo, hi, 256, p[0], p[1]);
    if (st == AMQ_OK && mpfr_sgn(lo) <= 0) {
        mpfr_set_ui(rlo, a == 0 ? 0 : 1, MPFR_RNDD); /* value 0: any non-zero approximation is wrong */
        if (a == 0)
            mpfr_set_ui(rhi, 0, MPFR_RNDU);
        else
            mpfr_set_inf(rhi, 1);
    } else if (st == AMQ_OK)
        st = amq_relerr_enclose(rlo, rhi, ap, lo, hi);
    mpfr_clears(lo, hi, ap, (mpfr_ptr)0);
    return st;
}
static const char *quotient_note(const uint64_t *p)
{
    if (p[0] > 64)
        return NULL;
    if (p[1] == 0)
        return "n = 0: nothing is stored, so FP = 0 exactly";
    if (p[0] == 0)
        return "p = 0: every fingerprint is equal, so FP = 1 exactly";
    return NULL;
}

/* ---------- blocked structures: binomial mixtures (Ceramist Theorem 10, spec_blocked.h) ---------- */

/* Relative error when the driver has no enclosure with lo > 0 (value 0, or approx not
 * finite): from a 256-bit enclosure; value exactly 0 gives [0, 0] or [inf, inf]. */
static amq_status enclosure_relerr(mpfr_t rlo, mpfr_t rhi, double a, const uint64_t *p,
                                   amq_status (*enc)(mpfr_t lo, mpfr_t hi, const uint64_t *p))
{
    mpfr_t lo, hi, ap;
    mpfr_inits2(256, lo, hi, ap, (mpfr_ptr)0);
    amq_status st = enc(lo, hi, p);
    if (st == AMQ_OK && !isfinite(a))
        st = amq_fail(AMQ_E_INVALID_ARG, "approximation is not finite");
    else if (st == AMQ_OK && mpfr_zero_p(hi)) { /* FP = 0 exactly */
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
    } else if (st == AMQ_OK) {
        st = amq_fail(AMQ_E_TOO_LARGE, "relative error: enclosure [0, hi] too wide at 256 bits");
    }
    mpfr_clears(lo, hi, ap, (mpfr_ptr)0);
    return st;
}

/* blocked Bloom / counting blocked: p = {blocks, block_bits, k, n} */
static amq_status bbloom_decimal(char **out, const uint64_t *p, int digits, mpfr_t lo, mpfr_t hi)
{
    return amq_blocked_bloom_fp_decimal(out, p[0], p[1], p[2], p[3], digits, lo, hi);
}
static amq_status bbloom_exact(mpq_t q, const uint64_t *p) { return amq_blocked_bloom_fp_exact(q, p[0], p[1], p[2], p[3]); }
static amq_status cblocked_decimal(char **out, const uint64_t *p, int digits, mpfr_t lo, mpfr_t hi)
{
    return amq_counting_blocked_fp_decimal(out, p[0], p[1], p[2], p[3], digits, lo, hi);
}
static amq_status cblocked_exact(mpq_t q, const uint64_t *p)
{
    return amq_counting_blocked_fp_exact(q, p[0], p[1], p[2], p[3]);
}
static double bbloom_classic(const uint64_t *p) { return amq_blocked_bloom_fp_approx_classic(p[0], p[1], p[2], p[3]); }
static double bbloom_poisson(const uint64_t *p) { return amq_blocked_bloom_fp_approx_poisson(p[0], p[1], p[2], p[3]); }
static amq_status bbloom_enc(mpfr_t lo, mpfr_t hi, const uint64_t *p)
{
    return amq_blocked_bloom_fp_enclose(lo, hi, 256, p[0], p[1], p[2], p[3]);
}
static amq_status bbloom_relerr(mpfr_t rlo, mpfr_t rhi, double a, const uint64_t *p)
{
    return enclosure_relerr(rlo, rhi, a, p, bbloom_enc);
}
static const char *bbloom_note(const uint64_t *p)
{
    if (p[0] == 0 || p[1] == 0)
        return NULL;
    if (p[2] == 0)
        return "k = 0: the empty index vector is always present, so FP = 1 exactly";
    if (p[3] == 0)
        return "n = 0: no bit is set, so FP = 0 exactly";
    return NULL;
}

/* split-block: p = {m, n} */
static amq_status split_decimal(char **out, const uint64_t *p, int digits, mpfr_t lo, mpfr_t hi)
{
    return amq_split_block_fp_decimal(out, p[0], p[1], digits, lo, hi);
}
static amq_status split_exact(mpq_t q, const uint64_t *p) { return amq_split_block_fp_exact(q, p[0], p[1]); }
static double split_classic(const uint64_t *p) { return amq_split_block_fp_approx_classic(p[0], p[1]); }
static double split_poisson(const uint64_t *p) { return amq_split_block_fp_approx_poisson(p[0], p[1]); }
static amq_status split_enc(mpfr_t lo, mpfr_t hi, const uint64_t *p)
{
    return amq_split_block_fp_enclose(lo, hi, 256, p[0], p[1]);
}
static amq_status split_relerr(mpfr_t rlo, mpfr_t rhi, double a, const uint64_t *p)
{
    return enclosure_relerr(rlo, rhi, a, p, split_enc);
}
static const char *split_note(const uint64_t *p)
{
    if (p[0] == 0 || p[0] % 256 != 0)
        return NULL;
    return p[1] == 0 ? "n = 0: no bit is set, so FP = 0 exactly" : NULL;
}

/* blocked quotient: p = {blocks, p, n} */
static amq_status bquot_decimal(char **out, const uint64_t *p, int digits, mpfr_t lo, mpfr_t hi)
{
    return amq_blocked_quotient_fp_decimal(out, p[0], p[1], p[2], digits, lo, hi);
}
static amq_status bquot_exact(mpq_t q, const uint64_t *p) { return amq_blocked_quotient_fp_exact(q, p[0], p[1], p[2]); }
static double bquot_union(const uint64_t *p) { return amq_blocked_quotient_fp_approx_union(p[0], p[1], p[2]); }
static double bquot_exp(const uint64_t *p) { return amq_blocked_quotient_fp_approx_exp(p[0], p[1], p[2]); }
static amq_status bquot_enc(mpfr_t lo, mpfr_t hi, const uint64_t *p)
{
    return amq_blocked_quotient_fp_enclose(lo, hi, 256, p[0], p[1], p[2]);
}
static amq_status bquot_relerr(mpfr_t rlo, mpfr_t rhi, double a, const uint64_t *p)
{
    return enclosure_relerr(rlo, rhi, a, p, bquot_enc);
}
static const char *bquot_note(const uint64_t *p)
{
    if (p[0] == 0 || p[1] > 64)
        return NULL;
    if (p[2] == 0)
        return "n = 0: nothing is stored, so FP = 0 exactly";
    if (p[0] == 1 && p[1] == 0)
        return "one block, p = 0: every fingerprint is equal, so FP = 1 exactly";
    return NULL;
}

/* partitioned Bloom: p = {m, k, n} */
static amq_status part_decimal(char **out, const uint64_t *p, int digits, mpfr_t lo, mpfr_t hi)
{
    return amq_partitioned_fp_decimal(out, p[0], p[1], p[2], digits, lo, hi);
}
static amq_status part_exact(mpq_t q, const uint64_t *p) { return amq_partitioned_fp_exact(q, p[0], p[1], p[2]); }
static amq_status part_enc(mpfr_t lo, mpfr_t hi, const uint64_t *p)
{
    return amq_partitioned_fp_enclose(lo, hi, 256, p[0], p[1], p[2]);
}
static amq_status part_relerr(mpfr_t rlo, mpfr_t rhi, double a, const uint64_t *p)
{
    return enclosure_relerr(rlo, rhi, a, p, part_enc);
}
static const char *part_note(const uint64_t *p)
{
    if (p[0] == 0 || (p[1] != 0 && p[0] % p[1] != 0))
        return NULL;
    if (p[1] == 0)
        return "k = 0: the empty index vector is always present, so FP = 1 exactly";
    if (p[2] == 0)
        return "n = 0: no bit is set, so FP = 0 exactly";
    if (p[0] == p[1])
        return "one-bit partitions (m = k): the first key sets every bit, so FP = 1 exactly";
    return NULL;
}

static const rate_structure structures[] = {
    {"bloom",
     "amq rate bloom -m M -k K -n N [--digits D] [--exact] [--json]\n"
     "  Bloom filter with M bits and K hash functions after N distinct insertions;\n"
     "  P(a fresh key tests positive). Long forms: --bits, --hashes, --keys.",
     3,
     {{'m', "m", "bits"}, {'k', "k", "hashes"}, {'n', "n", "keys"}},
     bloom_decimal,
     bloom_exact,
     2,
     {{"classic", bloom_classic}, {"exp", bloom_exp}},
     bloom_relerr,
     bloom_note},
    {"counting",
     "amq rate counting -m M -k K -n N [--digits D] [--exact] [--json]\n"
     "  counting Bloom filter with M counters and K hash functions after N distinct\n"
     "  insertions: its FP rate is the Bloom rate (Ceramist Theorem 8, by reduction).",
     3,
     {{'m', "m", "counters"}, {'k', "k", "hashes"}, {'n', "n", "keys"}},
     counting_decimal,
     counting_exact,
     2,
     {{"classic", bloom_classic}, {"exp", bloom_exp}},
     bloom_relerr,
     bloom_note},
    {"quotient",
     "amq rate quotient -p P -n N [--digits D] [--exact] [--json]\n"
     "  quotient filter with P-bit fingerprints (P = q + r <= 64) after N distinct keys,\n"
     "  no overflow: 1 - (1 - 2^-P)^N (Ceramist Theorem 9). approx_classic is the union\n"
     "  bound N 2^-P. Long forms: --fingerprint-bits, --keys.",
     2,
     {{'p', "p", "fingerprint-bits"}, {'n', "n", "keys"}},
     quotient_decimal,
     quotient_exact,
     2,
     {{"classic", quotient_union}, {"exp", quotient_exp}},
     quotient_relerr,
     quotient_note},
    {"blocked-bloom",
     "amq rate blocked-bloom --blocks B --block-bits M -k K -n N [--digits D] [--exact] [--json]\n"
     "  blocked Bloom filter: B blocks of M bits, K hashes inside the key's block, N keys:\n"
     "  the binomial mixture of the Bloom rate (Ceramist Theorem 10). approx_classic is the\n"
     "  unblocked (1 - e^{-KN/(BM)})^K, approx_exp the Poisson mixture of Putze et al.\n"
     "  JSON adds \"m\" = B*M. Short forms: -b, -m.",
     4,
     {{'b', "blocks", "blocks"}, {'m', "block_bits", "block-bits"}, {'k', "k", "hashes"}, {'n', "n", "keys"}},
     bbloom_decimal,
     bbloom_exact,
     2,
     {{"classic", bbloom_classic}, {"exp", bbloom_poisson}},
     bbloom_relerr,
     bbloom_note},
    {"counting-blocked",
     "amq rate counting-blocked --blocks B --block-bits M -k K -n N [--digits D] [--exact] [--json]\n"
     "  counting blocked Bloom filter (B blocks of M counters): the blocked Bloom rate, by\n"
     "  reduction (Ceramist Theorem 8). Approximations as for blocked-bloom.",
     4,
     {{'b', "blocks", "blocks"}, {'m', "block_bits", "block-bits"}, {'k', "k", "hashes"}, {'n', "n", "keys"}},
     cblocked_decimal,
     cblocked_exact,
     2,
     {{"classic", bbloom_classic}, {"exp", bbloom_poisson}},
     bbloom_relerr,
     bbloom_note},
    {"split-block",
     "amq rate split-block --bits M -n N [--digits D] [--exact] [--json]\n"
     "  split-block Bloom filter (Parquet, Arrow, Kudu/Impala, Velox) of M bits: M/256 blocks\n"
     "  of 8 32-bit words, one bit per word; M must be a multiple of 256. approx_classic is\n"
     "  (1 - e^{-8N/M})^8, the formula those libraries size with; approx_exp the Poisson\n"
     "  mixture. JSON adds \"blocks\" = M/256. Short form: -m.",
     2,
     {{'m', "m", "bits"}, {'n', "n", "keys"}},
     split_decimal,
     split_exact,
     2,
     {{"classic", split_classic}, {"exp", split_poisson}},
     split_relerr,
     split_note},
    {"blocked-quotient",
     "amq rate blocked-quotient --blocks B -p P -n N [--digits D] [--exact] [--json]\n"
     "  B quotient filters with P-bit fingerprints (P <= 64), N keys: the mixture equals\n"
     "  1 - (1 - 2^-P/B)^N. approx_classic is the union bound N 2^-P / B, approx_exp\n"
     "  1 - e^{-N 2^-P / B}. Short form: -b.",
     3,
     {{'b', "blocks", "blocks"}, {'p', "p", "fingerprint-bits"}, {'n', "n", "keys"}},
     bquot_decimal,
     bquot_exact,
     2,
     {{"classic", bquot_union}, {"exp", bquot_exp}},
     bquot_relerr,
     bquot_note},
    {"partitioned",
     "amq rate partitioned -m M -k K -n N [--digits D] [--exact] [--json]\n"
     "  partitioned Bloom filter: K partitions of M/K bits, one bit per partition, N keys:\n"
     "  exactly (1 - (1 - K/M)^N)^K; K must divide M. approx_classic / approx_exp are Bloom's\n"
     "  (1 - (1-1/M)^{KN})^K and (1 - e^{-KN/M})^K, the unpartitioned formulas.",
     3,
     {{'m', "m", "bits"}, {'k', "k", "hashes"}, {'n', "n", "keys"}},
     part_decimal,
     part_exact,
     2,
     {{"classic", bloom_classic}, {"exp", bloom_exp}},
     part_relerr,
     part_note},
};
#define NSTRUCTURES (sizeof structures / sizeof structures[0])

/* Derived parameters, printed after a structure's own (JSON key and text): kept apart from
 * structures[] so that rows need no extra field. fn returns 0 when undefined (overflow). */
typedef struct rate_derived {
    const char *structure, *key;
    int (*fn)(uint64_t *v, const uint64_t *p);
} rate_derived;
static int derived_total_bits(uint64_t *v, const uint64_t *p) /* blocks * block_bits */
{
    if (p[0] && p[1] > UINT64_MAX / p[0])
        return 0;
    *v = p[0] * p[1];
    return 1;
}
static int derived_split_blocks(uint64_t *v, const uint64_t *p)
{
    *v = p[0] / 256;
    return p[0] % 256 == 0;
}
static const rate_derived derived[] = {
    {"blocked-bloom", "m", derived_total_bits},
    {"counting-blocked", "m", derived_total_bits},
    {"split-block", "blocks", derived_split_blocks},
};
#define NDERIVED (sizeof derived / sizeof derived[0])

static void print_derived(const rate_structure *s, const uint64_t *p, int json)
{
    uint64_t v;
    for (size_t i = 0; i < NDERIVED; i++)
        if (!strcmp(derived[i].structure, s->name) && derived[i].fn(&v, p))
            printf(json ? ", \"%s\": %llu" : ", %s = %llu", derived[i].key, (unsigned long long)v);
}

/* ---------- shared driver ---------- */

static const char GENERAL_USAGE_HEAD[] = "amq rate STRUCTURE PARAMETERS [--digits D] [--exact] [--json]";

static void general_usage(FILE *f)
{
    fprintf(f, "usage: %s\n", GENERAL_USAGE_HEAD);
    fputs("  Prints the false-positive rate correctly rounded to D significant digits\n"
          "  (default 17; ties to even), a certified enclosure [lower, upper] (ends rounded\n"
          "  outward to D+3 digits), and the textbook approximations with a certified\n"
          "  interval for their relative error. --exact adds the reduced fraction (or its\n"
          "  bit lengths beyond 10000 digits). --json prints one JSON object.\nstructures:\n",
          f);
    for (size_t i = 0; i < NSTRUCTURES; i++)
        fprintf(f, "  %s\n", structures[i].usage);
    fputs("  amq rate omissions -m M -k K -n N [...]   (hash omissions; see amq rate omissions --help)\n", f);
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

static int run_structure(const rate_structure *s, int argc, char **argv)
{
    /* options: the structure's parameters, then the shared ones */
    enum { OPT_DIGITS = 256, OPT_EXACT, OPT_JSON };
    struct option opts[RATE_MAX_PARAMS + 5];
    char shortopts[2 * RATE_MAX_PARAMS + 2];
    size_t o = 0, so = 0;
    for (size_t i = 0; i < s->nparams; i++) {
        opts[o++] = (struct option){s->params[i].longopt, required_argument, 0, s->params[i].flag};
        shortopts[so++] = s->params[i].flag;
        shortopts[so++] = ':';
    }
    shortopts[so++] = 'h';
    shortopts[so] = 0;
    opts[o++] = (struct option){"digits", required_argument, 0, OPT_DIGITS};
    opts[o++] = (struct option){"exact", no_argument, 0, OPT_EXACT};
    opts[o++] = (struct option){"json", no_argument, 0, OPT_JSON};
    opts[o++] = (struct option){"help", no_argument, 0, 'h'};
    opts[o] = (struct option){0, 0, 0, 0};

    uint64_t p[RATE_MAX_PARAMS] = {0}, digits64 = 17;
    int have[RATE_MAX_PARAMS] = {0}, want_exact = 0, json = 0, c;
    optind = 0; /* GNU: full re-initialisation (main or earlier code may have used getopt) */
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        size_t i;
        for (i = 0; i < s->nparams && c != s->params[i].flag; i++)
            ;
        if (i < s->nparams) {
            char flag[3] = {'-', s->params[i].flag, 0};
            if (!cli_u64("rate", flag, optarg, &p[i])) {
                fprintf(stderr, "usage: %s\n", s->usage);
                return CLI_EXIT_USAGE;
            }
            have[i] = 1;
        } else if (c == OPT_DIGITS) {
            if (!cli_u64("rate", "--digits", optarg, &digits64) || digits64 < 1 ||
                digits64 > AMQ_DECIMAL_MAX_DIGITS)
                return cli_usage("rate", s->usage, "--digits must be an integer in [1, %d]",
                                 AMQ_DECIMAL_MAX_DIGITS);
        } else if (c == OPT_EXACT) {
            want_exact = 1;
        } else if (c == OPT_JSON) {
            json = 1;
        } else if (c == 'h') {
            printf("usage: %s\n", s->usage);
            return 0;
        } else {
            return cli_usage("rate", s->usage, "invalid option");
        }
    }
    if (optind < argc)
        return cli_usage("rate", s->usage, "unexpected argument '%s'", argv[optind]);
    for (size_t i = 0; i < s->nparams; i++)
        if (!have[i])
            return cli_usage("rate", s->usage, "missing -%c (%s)", s->params[i].flag, s->params[i].longopt);
    int digits = (int)digits64, bdigits = digits + 3 > AMQ_DECIMAL_MAX_DIGITS ? AMQ_DECIMAL_MAX_DIGITS : digits + 3;

    int rc = CLI_EXIT_FAIL;
    char *value = NULL, *lower = NULL, *upper = NULL, *exact_str = NULL;
    char *rel_lo[RATE_MAX_APPROX] = {0}, *rel_hi[RATE_MAX_APPROX] = {0};
    char rel_err[RATE_MAX_APPROX][200] = {{0}};
    char exact_note[160] = "";
    double approx[RATE_MAX_APPROX];
    mpfr_t lo, hi, rlo, rhi;
    mpfr_inits2(4 * (mpfr_prec_t)digits + 128, lo, hi, (mpfr_ptr)0);
    mpfr_inits2(64, rlo, rhi, (mpfr_ptr)0);
    mpq_t q;
    mpq_init(q);

    if (s->decimal(&value, p, digits, lo, hi) != AMQ_OK) {
        cli_fail("rate", "%s", amq_last_error());
        goto out;
    }
    lower = dec_or_null(lo, bdigits, AMQ_ROUND_DOWN);
    upper = dec_or_null(hi, bdigits, AMQ_ROUND_UP);
    if (!lower || !upper) {
        cli_fail("rate", "cannot print the enclosure: %s", amq_last_error());
        goto out;
    }
    if (want_exact) {
        if (s->exact(q, p) != AMQ_OK) {
            snprintf(exact_note, sizeof exact_note, "not computed: %s", amq_last_error());
            if (json) /* "exact" is null; say why on stderr */
                fprintf(stderr, "amq rate: exact fraction %s\n", exact_note);
        } else if (digits_exceed(mpq_numref(q), RATE_EXACT_MAX_DIGITS) ||
                   digits_exceed(mpq_denref(q), RATE_EXACT_MAX_DIGITS)) {
            snprintf(exact_note, sizeof exact_note,
                     "numerator %zu bits, denominator %zu bits (longer than %d digits; not printed)",
                     mpz_sizeinbase(mpq_numref(q), 2), mpz_sizeinbase(mpq_denref(q), 2),
                     RATE_EXACT_MAX_DIGITS);
        } else {
            char *n = mpz_get_str(NULL, 10, mpq_numref(q)), *d = mpz_get_str(NULL, 10, mpq_denref(q));
            if (n && d && (exact_str = malloc(strlen(n) + strlen(d) + 2)))
                sprintf(exact_str, "%s/%s", n, d);
            free(n);
            free(d);
            if (!exact_str) {
                cli_fail("rate", "out of memory");
                goto out;
            }
        }
    }
    for (size_t i = 0; i < s->napprox; i++) {
        approx[i] = s->approx[i].fn(p);
        amq_status rst;
        if (mpfr_sgn(lo) > 0 && isfinite(approx[i])) { /* reuse the enclosure already computed */
            mpfr_t a;
            mpfr_init2(a, 64);
            mpfr_set_d(a, approx[i], MPFR_RNDN); /* exact */
            rst = amq_relerr_enclose(rlo, rhi, a, lo, hi);
            mpfr_clear(a);
        } else { /* value 0 (or no usable enclosure): the structure's own rule */
            rst = s->relerr(rlo, rhi, approx[i], p);
        }
        if (rst != AMQ_OK) {
            snprintf(rel_err[i], sizeof rel_err[i], "%s", amq_last_error());
            continue;
        }
        rel_lo[i] = dec_or_null(rlo, 3, AMQ_ROUND_DOWN);
        rel_hi[i] = dec_or_null(rhi, 3, AMQ_ROUND_UP);
    }

    if (json) {
        printf("{\"structure\": ");
        cli_json_str(stdout, s->name);
        for (size_t i = 0; i < s->nparams; i++)
            printf(", \"%s\": %llu", s->params[i].key, (unsigned long long)p[i]);
        print_derived(s, p, 1);
        printf(", \"exact\": ");
        if (exact_str)
            cli_json_str(stdout, exact_str);
        else
            printf("null");
        printf(", \"value\": ");
        cli_json_str(stdout, value);
        printf(", \"lower\": ");
        cli_json_str(stdout, lower);
        printf(", \"upper\": ");
        cli_json_str(stdout, upper);
        for (size_t i = 0; i < s->napprox; i++) {
            if (isfinite(approx[i]))
                printf(", \"approx_%s\": %.17g", s->approx[i].name, approx[i]);
            else
                printf(", \"approx_%s\": null", s->approx[i].name);
        }
        printf("}\n");
    } else {
        printf("structure  %s (", s->name);
        for (size_t i = 0; i < s->nparams; i++)
            printf("%s%s = %llu", i ? ", " : "", s->params[i].key, (unsigned long long)p[i]);
        print_derived(s, p, 0);
        printf(")\n");
        const char *note = s->note ? s->note(p) : NULL;
        if (note)
            printf("note       %s\n", note);
        if (!strcmp(value, "0") || !strcmp(value, "1")) /* printed so only when exact */
            printf("value      %s   (false-positive rate, exact)\n", value);
        else
            printf("value      %s   (false-positive rate, correctly rounded to %d significant digits)\n",
                   value, digits);
        printf("enclosure  [%s, %s]   (certified; ends rounded outward)\n", lower, upper);
        if (want_exact)
            printf("exact      %s\n", exact_str ? exact_str : exact_note);
        for (size_t i = 0; i < s->napprox; i++) {
            printf("approx_%-8s %.17g   (approximation)", s->approx[i].name, approx[i]);
            if (rel_lo[i] && rel_hi[i])
                printf("   relative error in [%s, %s]\n", rel_lo[i], rel_hi[i]);
            else
                printf("   relative error not available: %s\n", rel_err[i][0] ? rel_err[i] : "out of memory");
        }
    }
    rc = 0;
out:
    for (size_t i = 0; i < RATE_MAX_APPROX; i++) {
        free(rel_lo[i]);
        free(rel_hi[i]);
    }
    free(value);
    free(lower);
    free(upper);
    free(exact_str);
    mpq_clear(q);
    mpfr_clears(lo, hi, rlo, rhi, (mpfr_ptr)0);
    return rc;
}

static const char *structure_list(void)
{
    static char buf[256];
    size_t o = 0;
    buf[0] = 0;
    for (size_t i = 0; i < NSTRUCTURES && o < sizeof buf; i++)
        o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s", i ? ", " : "", structures[i].name);
    return buf;
}

int cmd_rate(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage("rate", GENERAL_USAGE_HEAD, "missing STRUCTURE (one of: %s)", structure_list());
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        general_usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "omissions")) /* several numbers, not one rate: cmd_omissions.c */
        return cmd_rate_omissions(argc - 1, argv + 1);
    for (size_t i = 0; i < NSTRUCTURES; i++)
        if (!strcmp(argv[1], structures[i].name))
            return run_structure(&structures[i], argc - 1, argv + 1);
    if (argv[1][0] == '-')
        return cli_usage("rate", GENERAL_USAGE_HEAD, "invalid option '%s' (the STRUCTURE comes first)", argv[1]);
    return cli_usage("rate", GENERAL_USAGE_HEAD, "unknown structure '%s' (one of: %s)", argv[1],
                     structure_list());
}
