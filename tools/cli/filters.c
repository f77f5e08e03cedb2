#include <internal/fail.h>
#include "filters.h"
#include "cli.h"
#include <internal/container.h>
#include <amq/spec_quotient.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Bloom and counting filters share the "m bits/counters, k hashes" shape of info. */
static void print_bloomlike(const char *name, uint64_t m, uint64_t k, amq_hash_strategy h, uint64_t seed,
                            uint64_t used, double est, int json, const char *extra_json,
                            const char *extra_text)
{
    char *fp = NULL;
    uint64_t n_est = isfinite(est) ? (uint64_t)llround(est) : 0;
    /* FP at the estimated count: the exact rate, correctly rounded from a certified enclosure. */
    int have_fp = isfinite(est) && amq_bloom_fp_decimal(&fp, m, k, n_est, 17, NULL, NULL) == AMQ_OK;
    if (json) {
        printf("{\"structure\": \"%s\", \"m\": %llu, \"k\": %llu, \"hash\": \"%s\", \"seed\": %llu, "
               "\"used\": %llu, \"fill\": %.17g, \"estimated_count\": ",
               name, (unsigned long long)m, (unsigned long long)k, amq_hash_name(h),
               (unsigned long long)seed, (unsigned long long)used, (double)used / (double)m);
        if (isfinite(est))
            printf("%.6f", est);
        else
            fputs("null", stdout);
        fputs(", \"fp_at_estimate\": ", stdout);
        if (have_fp)
            cli_json_str(stdout, fp);
        else
            fputs("null", stdout);
        printf("%s}\n", extra_json);
    } else {
        printf("structure        %s\n", name);
        printf("m                %llu\n", (unsigned long long)m);
        printf("k (hashes)       %llu\n", (unsigned long long)k);
        printf("hashing          %s (seed %llu)\n", amq_hash_name(h), (unsigned long long)seed);
        printf("fill             %llu of %llu set (%.6f)\n", (unsigned long long)used,
               (unsigned long long)m, (double)used / (double)m);
        fputs(extra_text, stdout);
        if (isfinite(est))
            printf("estimated items  %.1f (from the fill ratio, an approximation)\n", est);
        else
            printf("estimated items  unbounded (every position is set)\n");
        if (have_fp)
            printf("FP rate at n=%llu  %s (exact rate, correctly rounded)\n", (unsigned long long)n_est, fp);
        else if (isfinite(est))
            printf("FP rate          not computable here: %s\n", amq_last_error());
        else
            printf("FP rate          1 (saturated)\n");
    }
    free(fp);
}

/* ---- Bloom ---- */
static amq_status bloom_create_for(void **o, uint64_t n, double fpr, const cli_build_opts *b, double *a)
{
    return amq_bloom_create_for((amq_bloom **)o, n, fpr, b->strategy, b->seed, a);
}
static amq_status bloom_create(void **o, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    return amq_bloom_create((amq_bloom **)o, m, k, b->strategy, b->seed);
}
static amq_status bloom_add(void *o, const void *key, size_t len) { return amq_bloom_add(o, key, len); }
static int bloom_query(const void *o, const void *key, size_t len) { return amq_bloom_query(o, key, len); }
static amq_status bloom_save(const void *o, const char *path) { return amq_bloom_save(o, path); }
static amq_status bloom_load(void **o, const char *path) { return amq_bloom_load((amq_bloom **)o, path); }
static void bloom_free(void *o) { amq_bloom_free(o); }
static void bloom_info(const void *o, int json)
{
    const amq_bloom *bf = o;
    print_bloomlike("bloom", amq_bloom_m(bf), amq_bloom_k(bf), amq_bloom_strategy(bf), amq_bloom_seed(bf),
                    amq_bloom_count_bits(bf), amq_bloom_estimate_count(bf), json, "", "");
}

/* ---- counting Bloom ---- */
static amq_status counting_create_for(void **o, uint64_t n, double fpr, const cli_build_opts *b, double *a)
{
    return amq_counting_create_for((amq_counting **)o, n, fpr, b->width, b->strategy, b->seed, a);
}
static amq_status counting_create(void **o, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    return amq_counting_create((amq_counting **)o, m, k, b->width, b->strategy, b->seed);
}
static amq_status counting_add(void *o, const void *key, size_t len) { return amq_counting_add(o, key, len); }
static int counting_query(const void *o, const void *key, size_t len)
{
    return amq_counting_query(o, key, len);
}
static amq_status counting_remove(void *o, const void *key, size_t len)
{
    return amq_counting_remove(o, key, len);
}
static amq_status counting_save(const void *o, const char *path) { return amq_counting_save(o, path); }
static amq_status counting_load(void **o, const char *path)
{
    return amq_counting_load((amq_counting **)o, path);
}
static void counting_free(void *o) { amq_counting_free(o); }
static void counting_info(const void *o, int json)
{
    const amq_counting *cf = o;
    uint64_t count = 0, sat = amq_counting_saturated(cf);
    int exact = amq_counting_count(cf, &count) == AMQ_OK;
    char ej[160], et[200];
    if (exact) {
        snprintf(ej, sizeof ej, ", \"width\": %u, \"saturated\": 0, \"net_insertions\": %llu",
                 amq_counting_width(cf), (unsigned long long)count);
        snprintf(et, sizeof et, "counter width    %u bits, none saturated\nnet insertions   %llu (exact: "
                                "sum of counters / k)\n", amq_counting_width(cf), (unsigned long long)count);
    } else {
        snprintf(ej, sizeof ej, ", \"width\": %u, \"saturated\": %llu, \"net_insertions\": null",
                 amq_counting_width(cf), (unsigned long long)sat);
        snprintf(et, sizeof et, "counter width    %u bits, %llu saturated (sticky)\nnet insertions   "
                                "unknown (saturated counters)\n", amq_counting_width(cf), (unsigned long long)sat);
    }
    print_bloomlike("counting", amq_counting_m(cf), amq_counting_k(cf), amq_counting_strategy(cf),
                    amq_counting_seed(cf), amq_counting_nonzero(cf), amq_counting_estimate_count(cf), json,
                    ej, et);
}

/* ---- blocked structures (amq/blocked_bloom.h ... amq/blocked_quotient.h) ---- */

/* -m as a total size: a whole number of blocks of bsize positions. */
static amq_status whole_blocks(const char *name, uint64_t m, uint64_t bsize, const char *unit, uint64_t *nblocks)
{
    if (m == 0 || m % bsize != 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: m = %llu %s is not a whole number of blocks of %llu %s", name,
                        (unsigned long long)m, unit, (unsigned long long)bsize, unit);
    *nblocks = m / bsize;
    return AMQ_OK;
}

static amq_status bbloom_create(void **o, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    uint64_t nb = 0;
    amq_status s = whole_blocks("blocked-bloom", m, AMQ_BLOCKED_BLOOM_BLOCK_BITS, "bits", &nb);
    return s != AMQ_OK ? s
                       : amq_blocked_bloom_create((amq_blocked_bloom **)o, nb, AMQ_BLOCKED_BLOOM_BLOCK_BITS, k,
                                                  b->strategy, b->seed);
}
static amq_status split_create(void **o, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    uint64_t nb = 0;
    amq_status s = whole_blocks("split-block", m, AMQ_SPLIT_BLOCK_WORDS * AMQ_SPLIT_BLOCK_WORD_BITS, "bits", &nb);
    if (s == AMQ_OK && k != AMQ_SPLIT_BLOCK_WORDS)
        s = amq_fail(AMQ_E_INVALID_K, "split-block: k = %llu, but a split-block filter sets exactly %u bits per "
                                      "key (one per 32-bit word)", (unsigned long long)k, AMQ_SPLIT_BLOCK_WORDS);
    return s != AMQ_OK ? s : amq_split_block_create((amq_split_block **)o, nb, b->seed);
}
static amq_status part_create(void **o, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    return amq_partitioned_create((amq_partitioned **)o, m, k, b->strategy, b->seed);
}
static amq_status cblocked_create(void **o, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    if (b->width != 4 && b->width != 8)
        return amq_fail(AMQ_E_INVALID_ARG, "counting-blocked: counter width %u: supported widths are 4 and 8",
                        b->width);
    const uint64_t line = AMQ_COUNTING_BLOCKED_LINE_COUNTERS(b->width);
    uint64_t nb = 0;
    amq_status s = whole_blocks("counting-blocked", m, line, "counters", &nb);
    return s != AMQ_OK ? s
                       : amq_counting_blocked_create((amq_counting_blocked **)o, nb, line, k, b->width, b->strategy,
                                                     b->seed);
}
/* As for quotient: -m counts home slots (blocks of 2^AMQ_BLOCKED_QUOTIENT_DEFAULT_Q), -k is
 * the fingerprint width p = q + r. */
static amq_status bquot_create(void **o, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    const uint64_t q = AMQ_BLOCKED_QUOTIENT_DEFAULT_Q;
    uint64_t nb = 0;
    amq_status s = whole_blocks("blocked-quotient", m, UINT64_C(1) << q, "home slots", &nb);
    if (s == AMQ_OK && (k <= q || k > 64))
        s = amq_fail(AMQ_E_INVALID_K, "blocked-quotient: k = %llu fingerprint bits must be in [%llu, 64] (%llu "
                                      "quotient bits and at least one remainder bit)",
                     (unsigned long long)k, (unsigned long long)(q + 1), (unsigned long long)q);
    return s != AMQ_OK ? s
                       : amq_blocked_quotient_create((amq_blocked_quotient **)o, nb, q, k - q,
                                                     amq_blocked_quotient_default_slack(q), b->seed);
}
static amq_status bbloom_create_for(void **o, uint64_t n, double fpr, const cli_build_opts *b, double *a)
{
    return amq_blocked_bloom_create_for((amq_blocked_bloom **)o, n, fpr, b->strategy, b->seed, a);
}
static amq_status split_create_for(void **o, uint64_t n, double fpr, const cli_build_opts *b, double *a)
{
    return amq_split_block_create_for((amq_split_block **)o, n, fpr, b->seed, a);
}
static amq_status part_create_for(void **o, uint64_t n, double fpr, const cli_build_opts *b, double *a)
{
    return amq_partitioned_create_for((amq_partitioned **)o, n, fpr, b->strategy, b->seed, a);
}
static amq_status cblocked_create_for(void **o, uint64_t n, double fpr, const cli_build_opts *b, double *a)
{
    return amq_counting_blocked_create_for((amq_counting_blocked **)o, n, fpr, b->width, b->strategy, b->seed, a);
}
static amq_status bquot_create_for(void **o, uint64_t n, double fpr, const cli_build_opts *b, double *a)
{
    return amq_blocked_quotient_create_for((amq_blocked_quotient **)o, n, fpr, b->seed, a);
}

static amq_status bbloom_add(void *o, const void *key, size_t len) { return amq_blocked_bloom_add(o, key, len); }
static int bbloom_query(const void *o, const void *key, size_t len) { return amq_blocked_bloom_query(o, key, len); }
static amq_status bbloom_save(const void *o, const char *p) { return amq_blocked_bloom_save(o, p); }
static amq_status bbloom_load(void **o, const char *p) { return amq_blocked_bloom_load((amq_blocked_bloom **)o, p); }
static void bbloom_free(void *o) { amq_blocked_bloom_free(o); }
static amq_status split_add(void *o, const void *key, size_t len) { return amq_split_block_add(o, key, len); }
static int split_query(const void *o, const void *key, size_t len) { return amq_split_block_query(o, key, len); }
static amq_status split_save(const void *o, const char *p) { return amq_split_block_save(o, p); }
static amq_status split_load(void **o, const char *p) { return amq_split_block_load((amq_split_block **)o, p); }
static void split_free(void *o) { amq_split_block_free(o); }
static amq_status part_add(void *o, const void *key, size_t len) { return amq_partitioned_add(o, key, len); }
static int part_query(const void *o, const void *key, size_t len) { return amq_partitioned_query(o, key, len); }
static amq_status part_save(const void *o, const char *p) { return amq_partitioned_save(o, p); }
static amq_status part_load(void **o, const char *p) { return amq_partitioned_load((amq_partitioned **)o, p); }
static void part_free(void *o) { amq_partitioned_free(o); }
static amq_status cblocked_add(void *o, const void *key, size_t len)
{
    return amq_counting_blocked_add(o, key, len);
}
static int cblocked_query(const void *o, const void *key, size_t len)
{
    return amq_counting_blocked_query(o, key, len);
}
static amq_status cblocked_remove(void *o, const void *key, size_t len)
{
    return amq_counting_blocked_remove(o, key, len);
}
static amq_status cblocked_save(const void *o, const char *p) { return amq_counting_blocked_save(o, p); }
static amq_status cblocked_load(void **o, const char *p)
{
    return amq_counting_blocked_load((amq_counting_blocked **)o, p);
}
static void cblocked_free(void *o) { amq_counting_blocked_free(o); }
static amq_status bquot_add(void *o, const void *key, size_t len) { return amq_blocked_quotient_add(o, key, len); }
static int bquot_query(const void *o, const void *key, size_t len)
{
    return amq_blocked_quotient_query(o, key, len);
}
static amq_status bquot_remove(void *o, const void *key, size_t len)
{
    return amq_blocked_quotient_remove(o, key, len);
}
static amq_status bquot_save(const void *o, const char *p) { return amq_blocked_quotient_save(o, p); }
static amq_status bquot_load(void **o, const char *p)
{
    return amq_blocked_quotient_load((amq_blocked_quotient **)o, p);
}
static void bquot_free(void *o) { amq_blocked_quotient_free(o); }

/* What `amq info` prints of a blocked filter; each structure fills in its values. */
typedef struct blocked_view {
    const char *name;
    uint64_t m, nblocks, block_size, k, used;
    double est;
    char hashing[96];
    int parts, counting, quotient; /* partitions instead of blocks; counters; blocked quotient */
    unsigned width;                /* counting */
    uint64_t saturated, net;       /* counting: saturated counters, net insertions (if exact) */
    int exact;
    uint64_t q, r, slack; /* blocked quotient */
    int have_fp;          /* fp: the exact rate at the estimate, correctly rounded */
    char *fp;
} blocked_view;

static void strategy_hashing(blocked_view *v, amq_hash_strategy h, uint64_t seed)
{
    snprintf(v->hashing, sizeof v->hashing, "%s (seed %llu)", amq_hash_name(h), (unsigned long long)seed);
}

static uint64_t estimate_n(double est) { return isfinite(est) ? (uint64_t)llround(est) : 0; }

static void blocked_info(blocked_view *v, int json)
{
    const uint64_t m = v->m, used = v->used, n_est = estimate_n(v->est);
    const double est = v->est;
    if (json) {
        printf("{\"structure\": \"%s\", \"m\": %llu, \"%s\": %llu, \"block_size\": %llu, \"k\": %llu, \"hashing\": ",
               v->name, (unsigned long long)m, v->parts ? "partitions" : "blocks", (unsigned long long)v->nblocks,
               (unsigned long long)v->block_size, (unsigned long long)v->k);
        cli_json_str(stdout, v->hashing);
        printf(", \"used\": %llu, \"fill\": %.17g, \"estimated_count\": ", (unsigned long long)used,
               (double)used / (double)m);
        if (isfinite(est))
            printf("%.6f", est);
        else
            fputs("null", stdout);
        fputs(", \"fp_at_estimate\": ", stdout);
        if (v->have_fp)
            cli_json_str(stdout, v->fp);
        else
            fputs("null", stdout);
        if (v->quotient)
            printf(", \"q\": %llu, \"r\": %llu, \"slack\": %llu, \"stored\": %llu", (unsigned long long)v->q,
                   (unsigned long long)v->r, (unsigned long long)v->slack, (unsigned long long)used);
        if (v->counting) {
            printf(", \"width\": %u, \"saturated\": %llu, \"net_insertions\": ", v->width,
                   (unsigned long long)v->saturated);
            if (v->exact)
                printf("%llu", (unsigned long long)v->net);
            else
                fputs("null", stdout);
        }
        puts("}");
    } else {
        printf("structure        %s\n", v->name);
        if (v->quotient) {
            printf("blocks           %llu quotient filters of 2^%llu home + %llu slack slots\n",
                   (unsigned long long)v->nblocks, (unsigned long long)v->q, (unsigned long long)v->slack);
            printf("fingerprint      %llu bits (q = %llu quotient, r = %llu remainder)\n",
                   (unsigned long long)(v->q + v->r), (unsigned long long)v->q, (unsigned long long)v->r);
            printf("hashing          %s\n", v->hashing);
            printf("stored           %llu fingerprints (exact)\n", (unsigned long long)used);
            if (v->have_fp)
                printf("FP rate at n=%llu  %s (exact rate, correctly rounded)\n", (unsigned long long)n_est, v->fp);
            else
                printf("FP rate          not computable here: %s\n", amq_last_error());
            free(v->fp);
            return;
        }
        printf("m                %llu %s\n", (unsigned long long)m, v->counting ? "counters" : "bits");
        printf("%s       %llu of %llu %s\n", v->parts ? "partitions" : "blocks    ", (unsigned long long)v->nblocks,
               (unsigned long long)v->block_size, v->counting ? "counters" : "bits");
        printf("k (per key)      %llu\n", (unsigned long long)v->k);
        printf("hashing          %s\n", v->hashing);
        printf("fill             %llu of %llu set (%.6f)\n", (unsigned long long)used, (unsigned long long)m,
               (double)used / (double)m);
        if (v->counting) {
            printf("counter width    %u bits, %llu saturated\n", v->width, (unsigned long long)v->saturated);
            if (v->exact)
                printf("net insertions   %llu (exact: sum of counters / k)\n", (unsigned long long)v->net);
            else
                printf("net insertions   unknown (saturated counters)\n");
        }
        if (isfinite(est))
            printf("estimated items  %.1f (from the fill ratio, an approximation)\n", est);
        else
            printf("estimated items  unbounded (every position is set)\n");
        if (v->have_fp)
            printf("FP rate at n=%llu  %s (exact rate, correctly rounded)\n", (unsigned long long)n_est, v->fp);
        else if (isfinite(est))
            printf("FP rate          not computable here: %s\n", amq_last_error());
        else
            printf("FP rate          1 (saturated)\n");
    }
    free(v->fp);
}

static void bbloom_info(const void *o, int json)
{
    const amq_blocked_bloom *b = o;
    blocked_view v = {.name = "blocked-bloom", .m = amq_blocked_bloom_m(b), .nblocks = amq_blocked_bloom_nblocks(b),
                      .block_size = amq_blocked_bloom_block_bits(b), .k = amq_blocked_bloom_k(b),
                      .used = amq_blocked_bloom_count_bits(b), .est = amq_blocked_bloom_estimate_count(b)};
    strategy_hashing(&v, amq_blocked_bloom_strategy(b), amq_blocked_bloom_seed(b));
    v.have_fp = isfinite(v.est) && amq_blocked_bloom_fp_decimal(&v.fp, v.nblocks, v.block_size, v.k,
                                                                estimate_n(v.est), 17, NULL, NULL) == AMQ_OK;
    blocked_info(&v, json);
}

static void split_info(const void *o, int json)
{
    const amq_split_block *f = o;
    blocked_view v = {.name = "split-block", .m = amq_split_block_m(f), .nblocks = amq_split_block_nblocks(f),
                      .block_size = AMQ_SPLIT_BLOCK_WORDS * AMQ_SPLIT_BLOCK_WORD_BITS, .k = AMQ_SPLIT_BLOCK_WORDS,
                      .used = amq_split_block_count_bits(f), .est = amq_split_block_estimate_count(f)};
    snprintf(v.hashing, sizeof v.hashing, "XXH64 seed %llu%s", (unsigned long long)amq_split_block_seed(f),
             amq_split_block_seed(f) == 0 ? " (Parquet)" : "");
    v.have_fp = isfinite(v.est) &&
                amq_split_block_fp_decimal(&v.fp, v.m, estimate_n(v.est), 17, NULL, NULL) == AMQ_OK;
    blocked_info(&v, json);
}

static void part_info(const void *o, int json)
{
    const amq_partitioned *p = o;
    blocked_view v = {.name = "partitioned", .m = amq_partitioned_m(p), .nblocks = amq_partitioned_k(p),
                      .block_size = amq_partitioned_partition_bits(p), .k = amq_partitioned_k(p),
                      .used = amq_partitioned_count_bits(p), .est = amq_partitioned_estimate_count(p), .parts = 1};
    strategy_hashing(&v, amq_partitioned_strategy(p), amq_partitioned_seed(p));
    v.have_fp = isfinite(v.est) &&
                amq_partitioned_fp_decimal(&v.fp, v.m, v.k, estimate_n(v.est), 17, NULL, NULL) == AMQ_OK;
    blocked_info(&v, json);
}

static void cblocked_info(const void *o, int json)
{
    const amq_counting_blocked *c = o;
    blocked_view v = {.name = "counting-blocked", .m = amq_counting_blocked_m(c),
                      .nblocks = amq_counting_blocked_nblocks(c), .block_size = amq_counting_blocked_block_counters(c),
                      .k = amq_counting_blocked_k(c), .used = amq_counting_blocked_nonzero(c),
                      .est = amq_counting_blocked_estimate_count(c), .counting = 1,
                      .width = amq_counting_blocked_width(c), .saturated = amq_counting_blocked_saturated(c)};
    strategy_hashing(&v, amq_counting_blocked_strategy(c), amq_counting_blocked_seed(c));
    v.have_fp = isfinite(v.est) && amq_counting_blocked_fp_decimal(&v.fp, v.nblocks, v.block_size, v.k,
                                                                   estimate_n(v.est), 17, NULL, NULL) == AMQ_OK;
    v.exact = amq_counting_blocked_count(c, &v.net) == AMQ_OK;
    blocked_info(&v, json);
}

static void bquot_info(const void *o, int json)
{
    const amq_blocked_quotient *b = o;
    blocked_view v = {.name = "blocked-quotient", .nblocks = amq_blocked_quotient_nblocks(b),
                      .k = 1, .used = amq_blocked_quotient_count(b), .quotient = 1,
                      .q = amq_blocked_quotient_q(b), .r = amq_blocked_quotient_r(b),
                      .slack = amq_blocked_quotient_slack(b)};
    v.block_size = UINT64_C(1) << v.q;
    v.m = v.nblocks * v.block_size;
    v.est = (double)v.used; /* the stored fingerprints, duplicates included: exact */
    snprintf(v.hashing, sizeof v.hashing, "top %llu bits of XXH3-64, salted XXH3-64 block (seed %llu)",
             (unsigned long long)(v.q + v.r), (unsigned long long)amq_blocked_quotient_seed(b));
    v.have_fp = amq_blocked_quotient_fp_decimal(&v.fp, v.nblocks, v.q + v.r, v.used, 17, NULL, NULL) == AMQ_OK;
    blocked_info(&v, json);
}

/* ---- quotient filter (amq/quotient.h) ---- */
static amq_status quot_create_for(void **o, uint64_t n, double fpr, const cli_build_opts *b, double *a)
{
    return amq_quotient_create_for((amq_quotient **)o, n, fpr, b->seed, a);
}
/* As for blocked-quotient: -m counts home slots (2^q), -k is the fingerprint width p = q + r. */
static amq_status quot_create(void **o, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    if (m < 2 || (m & (m - 1)) != 0)
        return amq_fail(AMQ_E_INVALID_M, "quotient: -m %llu home slots must be a power of two 2^q, q >= 1",
                        (unsigned long long)m);
    uint64_t q = 0;
    while ((m >> q) > 1)
        q++;
    if (k <= q || k > 64)
        return amq_fail(AMQ_E_INVALID_K, "quotient: -k %llu fingerprint bits must be in [%llu, 64] (q = %llu "
                                         "quotient bits and at least one remainder bit)",
                        (unsigned long long)k, (unsigned long long)(q + 1), (unsigned long long)q);
    return amq_quotient_create((amq_quotient **)o, q, k - q, b->seed);
}
static amq_status quot_add(void *o, const void *key, size_t len) { return amq_quotient_add(o, key, len); }
static int quot_query(const void *o, const void *key, size_t len) { return amq_quotient_query(o, key, len); }
static amq_status quot_remove(void *o, const void *key, size_t len) { return amq_quotient_remove(o, key, len); }
static amq_status quot_save(const void *o, const char *path) { return amq_quotient_save(o, path); }
static amq_status quot_load(void **o, const char *path) { return amq_quotient_load((amq_quotient **)o, path); }
static void quot_free(void *o) { amq_quotient_free(o); }
static void quot_info(const void *o, int json)
{
    const amq_quotient *f = o;
    const uint64_t q = amq_quotient_q(f), r = amq_quotient_r(f), p = q + r, n = amq_quotient_count(f);
    char *fp = NULL;
    /* the exact rate at the stored count, correctly rounded from a certified enclosure */
    const int have_fp = amq_quotient_fp_decimal(&fp, p, n, 17, NULL, NULL) == AMQ_OK;
    if (json) {
        printf("{\"structure\": \"quotient\", \"q\": %llu, \"r\": %llu, \"p\": %llu, \"home_slots\": %llu, "
               "\"slack\": %llu, \"slots\": %llu, \"seed\": %llu, \"count\": %llu, \"load_factor\": %.17g, "
               "\"fp_at_count\": ", (unsigned long long)q, (unsigned long long)r, (unsigned long long)p,
               (unsigned long long)(amq_quotient_nslots(f) - amq_quotient_slack(f)),
               (unsigned long long)amq_quotient_slack(f), (unsigned long long)amq_quotient_nslots(f),
               (unsigned long long)amq_quotient_seed(f), (unsigned long long)n, amq_quotient_load_factor(f));
        if (have_fp)
            cli_json_str(stdout, fp);
        else
            fputs("null", stdout);
        puts("}");
    } else {
        printf("structure        quotient\n");
        printf("fingerprint      p = %llu bits: q = %llu quotient, r = %llu remainder\n", (unsigned long long)p,
               (unsigned long long)q, (unsigned long long)r);
        printf("slots            2^%llu home + %llu slack = %llu (9 bytes each)\n", (unsigned long long)q,
               (unsigned long long)amq_quotient_slack(f), (unsigned long long)amq_quotient_nslots(f));
        printf("hashing          top %llu bits of XXH3-64 (seed %llu)\n", (unsigned long long)p,
               (unsigned long long)amq_quotient_seed(f));
        printf("stored           %llu fingerprints (exact)\n", (unsigned long long)n);
        printf("load factor      %.6f (stored / home slots)\n", amq_quotient_load_factor(f));
        if (have_fp)
            printf("FP rate at n=%llu  %s (exact rate 1-(1-2^-p)^n, correctly rounded)\n",
                   (unsigned long long)n, fp);
        else
            printf("FP rate          not computable here: %s\n", amq_last_error());
    }
    free(fp);
}

static const cli_type types[] = {
    {"counting", AMQ_TYPE_COUNTING, counting_create_for, counting_create, counting_add, counting_query,
     counting_remove, counting_save, counting_load, counting_info, counting_free},
    {"bloom", AMQ_TYPE_BLOOM, bloom_create_for, bloom_create, bloom_add, bloom_query, NULL, bloom_save,
     bloom_load, bloom_info, bloom_free},
    {"quotient", AMQ_TYPE_QUOTIENT, quot_create_for, quot_create, quot_add, quot_query, quot_remove, quot_save,
     quot_load, quot_info, quot_free},
    {"blocked-bloom", AMQ_TYPE_BLOCKED_BLOOM, bbloom_create_for, bbloom_create, bbloom_add, bbloom_query, NULL,
     bbloom_save, bbloom_load, bbloom_info, bbloom_free},
    {"split-block", AMQ_TYPE_SPLIT_BLOCK, split_create_for, split_create, split_add, split_query, NULL, split_save,
     split_load, split_info, split_free},
    {"partitioned", AMQ_TYPE_PARTITIONED, part_create_for, part_create, part_add, part_query, NULL, part_save,
     part_load, part_info, part_free},
    {"counting-blocked", AMQ_TYPE_COUNTING_BLOCKED, cblocked_create_for, cblocked_create, cblocked_add,
     cblocked_query, cblocked_remove, cblocked_save, cblocked_load, cblocked_info, cblocked_free},
    {"blocked-quotient", AMQ_TYPE_BLOCKED_QUOTIENT, bquot_create_for, bquot_create, bquot_add, bquot_query,
     bquot_remove, bquot_save, bquot_load, bquot_info, bquot_free},
};
#define NTYPES (sizeof types / sizeof types[0])

const cli_type *cli_type_by_name(const char *name)
{
    for (size_t i = 0; i < NTYPES; i++)
        if (!strcmp(types[i].name, name))
            return &types[i];
    return NULL;
}

const char *cli_type_names(void)
{
    static char buf[256];
    buf[0] = 0;
    for (size_t i = 0; i < NTYPES; i++) {
        if (i)
            strcat(buf, ", ");
        strcat(buf, types[i].name);
    }
    return buf;
}

amq_status cli_load_any(const char *path, const cli_type **type, void **obj)
{
    amq_reader r;
    amq_status s = amq_reader_open(&r, path);
    if (s != AMQ_OK)
        return s;
    uint32_t t = r.type;
    amq_reader_close(&r);
    for (size_t i = 0; i < NTYPES; i++)
        if (types[i].file_type == t) {
            *type = &types[i];
            return types[i].load(obj, path);
        }
    return amq_fail(AMQ_E_BAD_TYPE, "'%s' holds structure type %u, which this build does not know", path, t);
}

int cli_each_line(int (*fn)(void *ctx, const char *key, size_t len), void *ctx)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int rc = 0;
    while (rc == 0 && (len = getline(&line, &cap, stdin)) >= 0) {
        if (len > 0 && line[len - 1] == '\n')
            len--;
        if (len > 0 && line[len - 1] == '\r')
            len--;
        rc = fn(ctx, line, (size_t)len);
    }
    if (rc == 0 && ferror(stdin))
        rc = -1;
    free(line);
    return rc;
}
