/* amq check STRUCTURE ...: Monte Carlo check of the real compiled kernel against
 * the exact false-positive rate of the spec (amq/check.h, amq/stats.h).
 *
 * Each trial builds a FRESH filter of n keys and makes ONE query with a fresh key,
 * so the trials are independent and the number of positives is Binomial(T, p)
 * when the kernel and the hashing meet the model. Verdict: fail when the two-sided
 * exact binomial p-value is below alpha (default 1e-6: a correct kernel is
 * reported as failing with probability at most alpha).
 *
 * Structures plug in through the `structures` table: their parameters (integers:
 * required short options, or optional long options with a default), which
 * parameter is the number of keys per trial (and which, if any, the number of
 * them removed again before the query), how to build the kernel descriptor, and
 * the exact rate. The options common to every structure (--trials --seed --hash
 * --alpha --json --help) and the whole run/report are shared. */
#include <internal/fail.h>
#include "cli.h"
#include <amq/blocked_quotient.h>
#include <internal/blocked_check.h>
#include <amq/check.h>
#include <amq/spec_bloom.h>
#include <amq/spec_counting.h>
#include <amq/spec_blocked.h>
#include <amq/quotient.h>
#include <internal/quotient_check.h>
#include <amq/spec_quotient.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_MAX_PARAMS 8
#define EXACT_DIGITS 15

typedef struct check_param {
    char flag;        /* required short option, also the JSON key ("m"); 0: optional */
    const char *name; /* optional long option, also the JSON key ("width")           */
    const char *meta; /* its value in the usage ("4|8"); NULL: upper-case initial      */
    const char *what; /* for messages and help: "number of bits m"                    */
    uint64_t def;     /* default of an optional parameter                             */
} check_param;

#define NO_PARAM ((size_t)-1)

typedef struct check_structure {
    const char *name;
    const char *title;
    const check_param *params;
    size_t nparams;
    size_t keys_param;     /* index of the keys-per-trial parameter (n)              */
    size_t removals_param; /* index of the removals-per-trial parameter, or NO_PARAM */
    /* NULL, or a usage error message for parameter values out of the domain. */
    const char *(*invalid)(const uint64_t *v, char *buf, size_t len);
    /* The kernel descriptor for these parameter values. */
    amq_status (*kernel)(amq_kernel *kn, const uint64_t *v);
    /* The exact rate: correctly rounded decimal (malloc'd) and its double. */
    amq_status (*exact)(char **decimal, double *p, const uint64_t *v);
    /* With removals: what the exact rate is, and when it holds (printed). */
    const char *removal_rate;
} check_structure;

/* The JSON key and the printed name of a parameter. */
static const char *param_key(const check_param *q, char buf[2])
{
    if (q->name)
        return q->name;
    buf[0] = q->flag;
    buf[1] = 0;
    return buf;
}

/* Midpoint of the certified enclosure [lo, hi] as a double; clears lo, hi. */
static double midpoint(mpfr_t lo, mpfr_t hi)
{
    mpfr_add(lo, lo, hi, MPFR_RNDN);
    mpfr_div_2ui(lo, lo, 1, MPFR_RNDN);
    double p = mpfr_get_d(lo, MPFR_RNDN);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return p;
}

/* ---------------- Bloom ---------------- */

static const check_param bloom_params[] = {
    {'m', NULL, NULL, "number of bits m", 0},
    {'k', NULL, NULL, "number of hash functions k", 0},
    {'n', NULL, NULL, "number of keys n inserted per trial", 0},
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
    *p = midpoint(lo, hi);
    return st;
}

/* ---------------- counting Bloom ---------------- */

static const check_param counting_params[] = {
    {'m', NULL, NULL, "number of counters m", 0},
    {'k', NULL, NULL, "number of hash functions k", 0},
    {'n', NULL, NULL, "number of keys n inserted per trial", 0},
    {0, "width", "4|8", "counter width in bits: 4 (packed) or 8", 4},
    {0, "removals", "RM", "inserted keys removed again before the query, RM <= n", 0},
};

/* NULL, or the message for r removals of n inserted keys when r > n. */
static const char *removals_invalid(uint64_t n, uint64_t r, char *buf, size_t len)
{
    if (r <= n)
        return NULL;
    snprintf(buf, len, "--removals %llu exceeds n = %llu inserted keys", (unsigned long long)r,
             (unsigned long long)n);
    return buf;
}

/* Counting and counting blocked: v[2] = n, v[3] = width, v[4] = removals. */
static const char *counting_invalid(const uint64_t *v, char *buf, size_t len)
{
    if (v[3] != 4 && v[3] != 8) {
        snprintf(buf, len, "--width %llu: counter width must be 4 or 8", (unsigned long long)v[3]);
        return buf;
    }
    return removals_invalid(v[2], v[4], buf, len);
}

static amq_status counting_kernel(amq_kernel *kn, const uint64_t *v)
{
    if (v[1] == 0)
        return amq_fail(AMQ_E_INVALID_K, "k = 0: a counting filter needs at least one hash function");
    if (v[1] > SIZE_MAX / sizeof(uint64_t))
        return amq_fail(AMQ_E_INVALID_K, "k = %llu is too large", (unsigned long long)v[1]);
    return amq_kernel_counting(kn, v[0], (size_t)v[1], (unsigned)v[3], NULL);
}

/* After n adds and r removals: the Bloom rate for n - r keys (exact while no
 * counter saturates; amq/spec_counting.h). */
static amq_status counting_exact(char **decimal, double *p, const uint64_t *v)
{
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_counting_fp_decimal(decimal, v[0], v[1], v[2] - v[4], EXACT_DIGITS, lo, hi);
    *p = midpoint(lo, hi);
    return st;
}

/* ---------------- blocked structures (internal/blocked_check.h) ----------------
 * The real blocked kernels through their descriptors at the given geometry; the exact
 * rate is the binomial mixture of amq/spec_blocked.h.  The geometry lives in a static:
 * the descriptor points at it for the whole run. */

static amq_blocked_bloom_geom bbloom_geom;
static amq_split_block_geom split_geom;
static amq_partitioned_geom part_geom;
static amq_counting_blocked_geom cblocked_geom;
static amq_blocked_quotient_geom bquot_geom;

static const check_param bbloom_params[] = {
    {'b', NULL, NULL, "number of blocks b", 0},
    {'k', NULL, NULL, "number of hash functions k (inside the key's block)", 0},
    {'n', NULL, NULL, "number of keys n inserted per trial", 0},
    {0, "block-bits", "B", "bits per block", 512},
};

static amq_status bbloom_kernel(amq_kernel *kn, const uint64_t *v)
{
    bbloom_geom = (amq_blocked_bloom_geom){.nblocks = v[0], .block_bits = v[3], .k = v[1]};
    return amq_kernel_blocked_bloom(kn, &bbloom_geom);
}

static amq_status bbloom_exact(char **decimal, double *p, const uint64_t *v)
{
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_blocked_bloom_fp_decimal(decimal, v[0], v[3], v[1], v[2], EXACT_DIGITS, lo, hi);
    *p = midpoint(lo, hi);
    return st;
}

static const check_param split_params[] = {
    {'b', NULL, NULL, "number of 256-bit blocks b", 0},
    {'n', NULL, NULL, "number of keys n inserted per trial", 0},
    {0, "words", "K", "words per block, one bit set in each (Parquet: 8)", 8},
    {0, "word-bits", "S", "bits per word (Parquet: 32)", 32},
    {0, "parquet", "1|0", "1: a key is one hash whose top picks the block and whose low 32 bits go\n"
                          "               through Parquet's salts (the real in-block hashing; needs 8 words\n"
                          "               of 32 bits); 0: independent word digits", 1},
};

static const char *split_invalid(const uint64_t *v, char *buf, size_t len)
{
    if (v[4] > 1)
        snprintf(buf, len, "--parquet %llu: must be 0 or 1", (unsigned long long)v[4]);
    else if (v[4] && (v[2] != 8 || v[3] != 32))
        snprintf(buf, len, "--parquet 1 needs --words 8 --word-bits 32 (give --parquet 0 for other shapes)");
    else
        return NULL;
    return buf;
}

static amq_status split_kernel(amq_kernel *kn, const uint64_t *v)
{
    split_geom = (amq_split_block_geom){.nblocks = v[0], .words = v[2], .word_bits = v[3], .parquet = v[4] != 0};
    return amq_kernel_split_block(kn, &split_geom);
}

static amq_status split_exact(char **decimal, double *p, const uint64_t *v)
{
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = v[3] > UINT64_MAX / (v[2] ? v[2] : 1)
                        ? amq_fail(AMQ_E_OVERFLOW, "block size --words x --word-bits overflows")
                        : amq_blocked_partitioned_fp_decimal(decimal, v[0], v[2] * v[3], v[2], v[1],
                                                             EXACT_DIGITS, lo, hi);
    *p = midpoint(lo, hi);
    return st;
}

static const check_param part_params[] = {
    {'m', NULL, NULL, "number of bits m (k partitions of m/k bits)", 0},
    {'k', NULL, NULL, "number of hash functions = partitions k", 0},
    {'n', NULL, NULL, "number of keys n inserted per trial", 0},
};

static const char *part_invalid(const uint64_t *v, char *buf, size_t len)
{
    if (v[1] != 0 && v[0] % v[1] != 0) {
        snprintf(buf, len, "k = %llu does not divide m = %llu (the partitions must have equal size)",
                 (unsigned long long)v[1], (unsigned long long)v[0]);
        return buf;
    }
    return NULL;
}

static amq_status part_kernel(amq_kernel *kn, const uint64_t *v)
{
    if (v[1] == 0)
        return amq_fail(AMQ_E_INVALID_K, "k = 0: a partitioned filter needs at least one partition");
    part_geom = (amq_partitioned_geom){.k = v[1], .part_bits = v[0] / v[1]};
    return amq_kernel_partitioned(kn, &part_geom);
}

static amq_status part_exact(char **decimal, double *p, const uint64_t *v)
{
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_partitioned_fp_decimal(decimal, v[0], v[1], v[2], EXACT_DIGITS, lo, hi);
    *p = midpoint(lo, hi);
    return st;
}

static const check_param cblocked_params[] = {
    {'b', NULL, NULL, "number of blocks b", 0},
    {'k', NULL, NULL, "number of hash functions k (inside the key's block)", 0},
    {'n', NULL, NULL, "number of keys n inserted per trial", 0},
    {0, "width", "4|8", "counter width in bits: 4 (packed) or 8", 4},
    {0, "removals", "RM", "inserted keys removed again before the query, RM <= n", 0},
    {0, "block-counters", "C", "counters per block (0: one 64-byte line, 512/width)", 0},
};

static uint64_t cblocked_counters(const uint64_t *v) { return v[5] ? v[5] : 512 / v[3]; }

static amq_status cblocked_kernel(amq_kernel *kn, const uint64_t *v)
{
    cblocked_geom = (amq_counting_blocked_geom){.nblocks = v[0], .block_counters = cblocked_counters(v), .k = v[1],
                                                .width = (unsigned)v[3]};
    return amq_kernel_counting_blocked(kn, &cblocked_geom);
}

/* After n adds and r removals: the blocked Bloom rate for n - r keys (exact while no
 * counter saturates, as for the counting filter). */
static amq_status cblocked_exact(char **decimal, double *p, const uint64_t *v)
{
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_counting_blocked_fp_decimal(decimal, v[0], cblocked_counters(v), v[1], v[2] - v[4],
                                                    EXACT_DIGITS, lo, hi);
    *p = midpoint(lo, hi);
    return st;
}

static const check_param bquot_params[] = {
    {'b', NULL, NULL, "number of blocks (quotient filters) b", 0},
    {'q', NULL, NULL, "quotient bits q per block (2^q home slots)", 0},
    {'r', NULL, NULL, "remainder bits r (fingerprints of q + r bits)", 0},
    {'n', NULL, NULL, "number of keys n inserted per trial", 0},
    {0, "slack", "S", "spill slots per block after the home slots (0: half the home slots, >= 16)", 0},
    {0, "removals", "RM", "inserted keys removed again before the query, RM <= n", 0},
};

static const char *bquot_invalid(const uint64_t *v, char *buf, size_t len)
{
    return removals_invalid(v[3], v[5], buf, len);
}

static amq_status bquot_kernel(amq_kernel *kn, const uint64_t *v)
{
    bquot_geom = (amq_blocked_quotient_geom){.nblocks = v[0], .q = v[1], .r = v[2],
                                             .slack = v[4] ? v[4] : amq_blocked_quotient_default_slack(v[1])};
    return amq_kernel_blocked_quotient(kn, &bquot_geom);
}

/* 1 - (1 - 2^-p / b)^n, exact while no insert fails (a full block refuses the key).  After
 * n inserts and r deletes of inserted keys the stored fingerprints are those of n - r keys. */
static amq_status bquot_exact(char **decimal, double *p, const uint64_t *v)
{
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_blocked_quotient_fp_decimal(decimal, v[0], v[1] + v[2], v[3] - v[5], EXACT_DIGITS,
                                                    lo, hi);
    *p = midpoint(lo, hi);
    return st;
}

/* ---------------- quotient filter (amq/quotient.h) ----------------
 * The real kernel on one table; a key is one fingerprint digit over 2^p (--hash
 * independent: the top p bits of XXH3-64, as the key-level filter). */

static const check_param quot_params[] = {
    {'q', NULL, NULL, "quotient bits q (2^q home slots)", 0},
    {'r', NULL, NULL, "remainder bits r (fingerprints of p = q + r <= 63 bits)", 0},
    {'n', NULL, NULL, "number of keys n inserted per trial", 0},
    {0, "slack", "S", "slots after the home slots (0: min(2^q, 10 * 2^ceil(q/2))); the rate\n"
                      "               holds while no insert is refused, certain when n <= S + 1", 0},
    {0, "removals", "RM", "inserted keys removed again before the query, RM <= n", 0},
};

static const char *quot_invalid(const uint64_t *v, char *buf, size_t len)
{
    return removals_invalid(v[2], v[4], buf, len);
}

static amq_quotient_geom quot_geom;

static amq_status quot_kernel(amq_kernel *kn, const uint64_t *v)
{
    quot_geom = (amq_quotient_geom){.q = v[0], .r = v[1], .slack = v[3]};
    if (v[3] == 0 && v[0] >= 1 && v[0] <= 63)
        quot_geom.slack = amq_quotient_kernel_default_slack(v[0]);
    return amq_kernel_quotient(kn, &quot_geom);
}

/* 1 - (1 - 2^-p)^n (amq/spec_quotient.h); q + r <= 63 is checked by quot_kernel first.
 * After n inserts and r deletes of inserted keys: the rate for n - r keys. */
static amq_status quot_exact(char **decimal, double *p, const uint64_t *v)
{
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_quotient_fp_decimal(decimal, v[0] + v[1], v[2] - v[4], EXACT_DIGITS, lo, hi);
    *p = midpoint(lo, hi);
    return st;
}

/* ---------------- the table ---------------- */

#define SATURATION "(holds while no counter saturates)"
#define REFUSAL "(holds while no insert is refused)"
static const check_structure structures[] = {
    {"bloom", "Bloom filter", bloom_params, sizeof bloom_params / sizeof bloom_params[0], 2,
     NO_PARAM, NULL, bloom_kernel, bloom_exact, NULL},
    {"quotient", "quotient filter", quot_params, sizeof quot_params / sizeof quot_params[0], 2, 4, quot_invalid,
     quot_kernel, quot_exact, "quotient filter rate for n - RM keys " REFUSAL},
    {"counting", "counting Bloom filter", counting_params,
     sizeof counting_params / sizeof counting_params[0], 2, 4, counting_invalid, counting_kernel,
     counting_exact, "Bloom rate for n - RM keys " SATURATION},
    {"blocked-bloom", "blocked Bloom filter", bbloom_params, sizeof bbloom_params / sizeof bbloom_params[0], 2,
     NO_PARAM, NULL, bbloom_kernel, bbloom_exact, NULL},
    {"split-block", "split-block Bloom filter", split_params, sizeof split_params / sizeof split_params[0], 1,
     NO_PARAM, split_invalid, split_kernel, split_exact, NULL},
    {"partitioned", "partitioned Bloom filter", part_params, sizeof part_params / sizeof part_params[0], 2,
     NO_PARAM, part_invalid, part_kernel, part_exact, NULL},
    {"counting-blocked", "counting blocked Bloom filter", cblocked_params,
     sizeof cblocked_params / sizeof cblocked_params[0], 2, 4, counting_invalid, cblocked_kernel,
     cblocked_exact, "blocked Bloom rate for n - RM keys " SATURATION},
    {"blocked-quotient", "blocked quotient filter", bquot_params, sizeof bquot_params / sizeof bquot_params[0], 3,
     5, bquot_invalid, bquot_kernel, bquot_exact, "blocked quotient rate for n - RM keys " REFUSAL},
};
#define NSTRUCTURES (sizeof structures / sizeof structures[0])

static const char *const common_usage =
    "[--trials T] [--seed S] [--hash random|independent|double|triple|enhanced] [--alpha A] [--json]";

/* " -m M -k K -n N [--width 4|8] ..." of one structure, into buf. */
static size_t params_usage(char *buf, size_t len, const check_structure *s)
{
    size_t used = 0;
    for (size_t j = 0; j < s->nparams && used < len; j++) {
        const check_param *q = &s->params[j];
        if (q->flag)
            used += (size_t)snprintf(buf + used, len - used, " -%c %c", q->flag, q->flag - 'a' + 'A');
        else if (q->meta)
            used += (size_t)snprintf(buf + used, len - used, " [--%s %s]", q->name, q->meta);
        else
            used += (size_t)snprintf(buf + used, len - used, " [--%s %c]", q->name, q->name[0] - 'a' + 'A');
    }
    return used;
}

static void print_help(FILE *f, const check_structure *only)
{
    char buf[256];
    fputs("usage:\n", f);
    for (size_t i = 0; i < NSTRUCTURES; i++) {
        const check_structure *s = &structures[i];
        if (only && only != s)
            continue;
        params_usage(buf, sizeof buf, s);
        fprintf(f, "  amq check %s%s %s\n", s->name, buf, common_usage);
    }
    fprintf(f,
            "\nMonte Carlo check of the real compiled kernel against the exact false-positive\n"
            "rate. Each trial builds a fresh filter of n keys and makes ONE query with a fresh\n"
            "key, so trials are independent and the positives are Binomial(T, p), p the exact\n"
            "rate. Reports the estimate, the exact rate (correctly rounded), the Clopper-Pearson\n"
            "interval at confidence 1 - alpha, the two-sided exact binomial p-value and the\n"
            "verdict: fail when p-value < alpha.\n\n");
    int removals = 0;
    for (size_t i = 0; i < NSTRUCTURES; i++) {
        const check_structure *s = &structures[i];
        if (only && only != s)
            continue;
        removals |= s->removals_param != NO_PARAM;
        for (size_t j = 0; j < s->nparams; j++) {
            const check_param *q = &s->params[j];
            if (q->flag)
                continue;
            char opt[32];
            snprintf(opt, sizeof opt, "--%s %s", q->name, q->meta ? q->meta : "R");
            fprintf(f, "  %-12s %s%s%s (default %llu)\n", opt, only ? "" : s->name, only ? "" : ": ",
                    q->what, (unsigned long long)q->def);
        }
    }
    fprintf(f,
            "  --trials T   independent trials (default %llu)\n"
            "  --seed S     seed of the run's xoshiro256** generator, seeded by SplitMix64\n"
            "               (default %llu: fixed, so runs are reproducible)\n"
            "  --hash H     random: every index uniform from the generator (random oracle);\n"
            "               independent|double|triple|enhanced: real XXH3 hashing of distinct\n"
            "               8-byte keys, a fresh hash seed per trial (default random)\n"
            "  --alpha A    significance level = false-alarm rate, 0 < A < 1 (default 1e-6)\n"
            "  --json       machine-readable output\n\n",
            (unsigned long long)AMQ_CHECK_DEFAULT_TRIALS, (unsigned long long)AMQ_CHECK_DEFAULT_SEED);
    if (removals)
        fputs("With --removals RM each trial removes the first RM of its n keys again before the\n"
              "query; the exact rate is then the structure's rate for n - RM keys. Counting\n"
              "filters: that holds only while no counter saturates (4 bits: at 15; a stuck\n"
              "counter is never decremented, so the rate can only be higher): negligible at\n"
              "realistic sizes, but the check FAILS, rightly, on tiny filters where it is not\n"
              "(e.g. counting -m 1 -k 4 -n 4 --removals 4). Quotient filters: a delete removes\n"
              "one stored copy of the key's fingerprint, so it holds while no insert is refused;\n"
              "a refused delete of an inserted key is reported as an error.\n\n",
              f);
    fputs("exit status: 0 pass, 1 fail (or an error), 2 usage error\n", f);
}

/* "amq check bloom -m M -k K -n N [--trials T] ..." for every structure. */
static const char *usage_line(void)
{
    static char buf[4096];
    size_t len = 0;
    for (size_t i = 0; i < NSTRUCTURES && len < sizeof buf; i++) {
        const check_structure *s = &structures[i];
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%samq check %s", i ? "\n       " : "",
                                s->name);
        if (len < sizeof buf)
            len += params_usage(buf + len, sizeof buf - len, s);
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
    /* OPT_PARAM + j: the optional (long) parameter j of the structure */
    enum { OPT_TRIALS = 256, OPT_SEED, OPT_HASH, OPT_ALPHA, OPT_JSON, OPT_HELP, OPT_PARAM = 512 };
    struct option longopts[7 + CHECK_MAX_PARAMS] = {
        {"trials", required_argument, NULL, OPT_TRIALS},
        {"seed", required_argument, NULL, OPT_SEED},
        {"hash", required_argument, NULL, OPT_HASH},
        {"alpha", required_argument, NULL, OPT_ALPHA},
        {"json", no_argument, NULL, OPT_JSON},
        {"help", no_argument, NULL, OPT_HELP},
    };
    size_t nl = 6;
    char shortopts[3 * CHECK_MAX_PARAMS + 4] = ":h";
    size_t sl = strlen(shortopts);
    uint64_t v[CHECK_MAX_PARAMS] = {0};
    int have[CHECK_MAX_PARAMS] = {0};
    for (size_t j = 0; j < s->nparams && j < CHECK_MAX_PARAMS; j++) {
        const check_param *q = &s->params[j];
        if (q->flag) {
            shortopts[sl++] = q->flag;
            shortopts[sl++] = ':';
        } else {
            longopts[nl++] = (struct option){q->name, required_argument, NULL, OPT_PARAM + (int)j};
            v[j] = q->def;
            have[j] = 1;
        }
    }
    shortopts[sl] = 0;
    longopts[nl] = (struct option){NULL, 0, NULL, 0};

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
            char longname[40];
            const char *opt = flagname;
            if (c >= OPT_PARAM) {
                j = (size_t)(c - OPT_PARAM);
                snprintf(longname, sizeof longname, "--%s", s->params[j].name);
                opt = longname;
            } else {
                while (j < s->nparams && s->params[j].flag != c)
                    j++;
                if (j == s->nparams) /* not reached: getopt returns only listed options */
                    return usage_error("unknown option '-%c'", c);
                flagname[1] = (char)c;
            }
            if (!cli_u64("check", opt, optarg, &v[j]))
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
    char msg[160];
    if (s->invalid && s->invalid(v, msg, sizeof msg))
        return usage_error("%s", msg);
    const uint64_t removals = s->removals_param == NO_PARAM ? 0 : v[s->removals_param];

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
                         .progress = on_progress, .progress_ctx = &bar, .removals = removals};
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
        char key[2];
        for (size_t j = 0; j < s->nparams; j++)
            printf(", \"%s\": %llu", param_key(&s->params[j], key), (unsigned long long)v[j]);
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
        char key[2];
        for (size_t j = 0; j < s->nparams; j++)
            printf("%s%s=%llu", j ? ", " : "", param_key(&s->params[j], key), (unsigned long long)v[j]);
        printf(")\n");
        if (hash == AMQ_CHECK_RANDOM_ORACLE)
            printf("hashing     random oracle (uniform indices, xoshiro256** seeded %llu)\n",
                   (unsigned long long)seed);
        else
            printf("hashing     %s (XXH3, distinct keys, fresh hash seed per trial; run seed %llu)\n",
                   amq_check_hash_name(hash), (unsigned long long)seed);
        if (removals)
            printf("trials      %llu fresh filters, %llu keys added and the first %llu removed again,\n"
                   "            one fresh query each\n", (unsigned long long)trials,
                   (unsigned long long)v[s->keys_param], (unsigned long long)removals);
        else
            printf("trials      %llu fresh filters, one fresh query each\n", (unsigned long long)trials);
        printf("positives   %llu\n", (unsigned long long)x);
        printf("estimate    %.6g\n", r.estimate);
        printf("exact       %s (correctly rounded, %d digits)\n", exact, EXACT_DIGITS);
        if (removals)
            printf("            = %s, n - RM = %llu\n", s->removal_rate,
                   (unsigned long long)(v[s->keys_param] - removals));
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
