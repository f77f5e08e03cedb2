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

/* ---- blocked structures (amq/blocked.h): one set of adapters, a row per kind ---- */
static amq_status blocked_sized(void **o, amq_blocked_kind kind, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    return amq_blocked_create_sized((amq_blocked **)o, kind, m, k, b->width, b->strategy, b->seed);
}
static amq_status bbloom_create(void **o, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    return blocked_sized(o, AMQ_BLOCKED_BLOOM, m, k, b);
}
static amq_status split_create(void **o, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    return blocked_sized(o, AMQ_BLOCKED_SPLIT, m, k, b);
}
static amq_status part_create(void **o, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    return blocked_sized(o, AMQ_BLOCKED_PARTITIONED, m, k, b);
}
static amq_status cblocked_create(void **o, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    return blocked_sized(o, AMQ_BLOCKED_COUNTING, m, k, b);
}
static amq_status bquot_create(void **o, uint64_t m, uint64_t k, const cli_build_opts *b)
{
    return blocked_sized(o, AMQ_BLOCKED_QUOTIENT, m, k, b);
}
static amq_status bquot_create_for(void **o, uint64_t n, double fpr, const cli_build_opts *b, double *a)
{
    return amq_blocked_quotient_create_for((amq_blocked **)o, n, fpr, b->seed, a);
}
static amq_status bquot_load(void **o, const char *p)
{
    return amq_blocked_load_kind((amq_blocked **)o, p, AMQ_BLOCKED_QUOTIENT);
}
static amq_status bbloom_create_for(void **o, uint64_t n, double fpr, const cli_build_opts *b, double *a)
{
    return amq_blocked_bloom_create_for((amq_blocked **)o, n, fpr, b->strategy, b->seed, a);
}
static amq_status split_create_for(void **o, uint64_t n, double fpr, const cli_build_opts *b, double *a)
{
    return amq_split_block_create_for((amq_blocked **)o, n, fpr, b->seed, a);
}
static amq_status part_create_for(void **o, uint64_t n, double fpr, const cli_build_opts *b, double *a)
{
    return amq_partitioned_create_for((amq_blocked **)o, n, fpr, b->strategy, b->seed, a);
}
static amq_status cblocked_create_for(void **o, uint64_t n, double fpr, const cli_build_opts *b, double *a)
{
    return amq_counting_blocked_create_for((amq_blocked **)o, n, fpr, b->width, b->strategy, b->seed, a);
}
static amq_status blocked_add(void *o, const void *key, size_t len) { return amq_blocked_add(o, key, len); }
static int blocked_query(const void *o, const void *key, size_t len) { return amq_blocked_query(o, key, len); }
static amq_status blocked_remove(void *o, const void *key, size_t len) { return amq_blocked_remove(o, key, len); }
static amq_status blocked_save(const void *o, const char *path) { return amq_blocked_save(o, path); }
static amq_status bbloom_load(void **o, const char *p)
{
    return amq_blocked_load_kind((amq_blocked **)o, p, AMQ_BLOCKED_BLOOM);
}
static amq_status split_load(void **o, const char *p)
{
    return amq_blocked_load_kind((amq_blocked **)o, p, AMQ_BLOCKED_SPLIT);
}
static amq_status part_load(void **o, const char *p)
{
    return amq_blocked_load_kind((amq_blocked **)o, p, AMQ_BLOCKED_PARTITIONED);
}
static amq_status cblocked_load(void **o, const char *p)
{
    return amq_blocked_load_kind((amq_blocked **)o, p, AMQ_BLOCKED_COUNTING);
}
static void blocked_free(void *o) { amq_blocked_free(o); }

/* The exact mixture rate of this filter after n keys, correctly rounded. */
static amq_status blocked_fp_decimal(const amq_blocked *b, uint64_t n, char **fp)
{
    const uint64_t nb = amq_blocked_nblocks(b), bs = amq_blocked_block_size(b), k = amq_blocked_k(b);
    switch (amq_blocked_kind_of(b)) {
    case AMQ_BLOCKED_BLOOM: return amq_blocked_bloom_fp_decimal(fp, nb, bs, k, n, 17, NULL, NULL);
    case AMQ_BLOCKED_SPLIT: return amq_split_block_fp_decimal(fp, amq_blocked_m(b), n, 17, NULL, NULL);
    case AMQ_BLOCKED_PARTITIONED: return amq_partitioned_fp_decimal(fp, amq_blocked_m(b), k, n, 17, NULL, NULL);
    case AMQ_BLOCKED_COUNTING: return amq_counting_blocked_fp_decimal(fp, nb, bs, k, n, 17, NULL, NULL);
    case AMQ_BLOCKED_QUOTIENT:
        return amq_blocked_quotient_fp_decimal(fp, nb, amq_blocked_quotient_q(b) + amq_blocked_quotient_r(b), n, 17,
                                               NULL, NULL);
    default: return amq_fail(AMQ_E_INVALID_ARG, "no rate for this structure");
    }
}

static void blocked_info(const void *o, int json)
{
    const amq_blocked *b = o;
    const amq_blocked_kind kind = amq_blocked_kind_of(b);
    const char *name = amq_blocked_kind_name(kind);
    const uint64_t m = amq_blocked_m(b), used = amq_blocked_count_bits(b);
    const double est = amq_blocked_estimate_count(b);
    const int parts = kind == AMQ_BLOCKED_PARTITIONED;
    char *fp = NULL, hashing[96];
    uint64_t n_est = isfinite(est) ? (uint64_t)llround(est) : 0;
    int have_fp = isfinite(est) && blocked_fp_decimal(b, n_est, &fp) == AMQ_OK;
    if (kind == AMQ_BLOCKED_SPLIT)
        snprintf(hashing, sizeof hashing, "XXH64 seed %llu%s", (unsigned long long)amq_blocked_seed(b),
                 amq_blocked_seed(b) == 0 ? " (Parquet)" : "");
    else
        snprintf(hashing, sizeof hashing, "%s (seed %llu)", amq_hash_name(amq_blocked_strategy(b)),
                 (unsigned long long)amq_blocked_seed(b));
    uint64_t net = 0;
    const int counting = kind == AMQ_BLOCKED_COUNTING, exact = counting && amq_blocked_count(b, &net) == AMQ_OK;
    if (json) {
        printf("{\"structure\": \"%s\", \"m\": %llu, \"%s\": %llu, \"block_size\": %llu, \"k\": %llu, \"hashing\": ",
               name, (unsigned long long)m, parts ? "partitions" : "blocks",
               (unsigned long long)amq_blocked_nblocks(b), (unsigned long long)amq_blocked_block_size(b),
               (unsigned long long)amq_blocked_k(b));
        cli_json_str(stdout, hashing);
        printf(", \"used\": %llu, \"fill\": %.17g, \"estimated_count\": ", (unsigned long long)used,
               (double)used / (double)m);
        if (isfinite(est))
            printf("%.6f", est);
        else
            fputs("null", stdout);
        fputs(", \"fp_at_estimate\": ", stdout);
        if (have_fp)
            cli_json_str(stdout, fp);
        else
            fputs("null", stdout);
        if (kind == AMQ_BLOCKED_QUOTIENT)
            printf(", \"q\": %llu, \"r\": %llu, \"slack\": %llu, \"stored\": %llu",
                   (unsigned long long)amq_blocked_quotient_q(b), (unsigned long long)amq_blocked_quotient_r(b),
                   (unsigned long long)amq_blocked_quotient_slack(b), (unsigned long long)used);
        if (counting) {
            printf(", \"width\": %u, \"saturated\": %llu, \"net_insertions\": ", amq_blocked_width(b),
                   (unsigned long long)amq_blocked_saturated(b));
            if (exact)
                printf("%llu", (unsigned long long)net);
            else
                fputs("null", stdout);
        }
        puts("}");
    } else {
        printf("structure        %s\n", name);
        if (kind == AMQ_BLOCKED_QUOTIENT) {
            printf("blocks           %llu quotient filters of 2^%llu home + %llu slack slots\n",
                   (unsigned long long)amq_blocked_nblocks(b), (unsigned long long)amq_blocked_quotient_q(b),
                   (unsigned long long)amq_blocked_quotient_slack(b));
            printf("fingerprint      %llu bits (q = %llu quotient, r = %llu remainder)\n",
                   (unsigned long long)(amq_blocked_quotient_q(b) + amq_blocked_quotient_r(b)),
                   (unsigned long long)amq_blocked_quotient_q(b), (unsigned long long)amq_blocked_quotient_r(b));
            printf("hashing          %s\n", hashing);
            printf("stored           %llu fingerprints (exact)\n", (unsigned long long)used);
            if (have_fp)
                printf("FP rate at n=%llu  %s (exact rate, correctly rounded)\n", (unsigned long long)n_est, fp);
            else
                printf("FP rate          not computable here: %s\n", amq_last_error());
            free(fp);
            return;
        }
        printf("m                %llu %s\n", (unsigned long long)m, counting ? "counters" : "bits");
        printf("%s       %llu of %llu %s\n", parts ? "partitions" : "blocks    ",
               (unsigned long long)amq_blocked_nblocks(b), (unsigned long long)amq_blocked_block_size(b),
               counting ? "counters" : "bits");
        printf("k (per key)      %llu\n", (unsigned long long)amq_blocked_k(b));
        printf("hashing          %s\n", hashing);
        printf("fill             %llu of %llu set (%.6f)\n", (unsigned long long)used, (unsigned long long)m,
               (double)used / (double)m);
        if (counting) {
            printf("counter width    %u bits, %llu saturated\n", amq_blocked_width(b),
                   (unsigned long long)amq_blocked_saturated(b));
            if (exact)
                printf("net insertions   %llu (exact: sum of counters / k)\n", (unsigned long long)net);
            else
                printf("net insertions   unknown (saturated counters)\n");
        }
        if (isfinite(est))
            printf("estimated items  %.1f (from the fill ratio, an approximation)\n", est);
        else
            printf("estimated items  unbounded (every position is set)\n");
        if (have_fp)
            printf("FP rate at n=%llu  %s (exact rate, correctly rounded)\n",
                   (unsigned long long)n_est, fp);
        else if (isfinite(est))
            printf("FP rate          not computable here: %s\n", amq_last_error());
        else
            printf("FP rate          1 (saturated)\n");
    }
    free(fp);
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
    {"blocked-bloom", AMQ_TYPE_BLOCKED_BLOOM, bbloom_create_for, bbloom_create, blocked_add, blocked_query,
     NULL, blocked_save, bbloom_load, blocked_info, blocked_free},
    {"split-block", AMQ_TYPE_SPLIT_BLOCK, split_create_for, split_create, blocked_add, blocked_query, NULL,
     blocked_save, split_load, blocked_info, blocked_free},
    {"partitioned", AMQ_TYPE_PARTITIONED, part_create_for, part_create, blocked_add, blocked_query, NULL,
     blocked_save, part_load, blocked_info, blocked_free},
    {"counting-blocked", AMQ_TYPE_COUNTING_BLOCKED, cblocked_create_for, cblocked_create, blocked_add,
     blocked_query, blocked_remove, blocked_save, cblocked_load, blocked_info, blocked_free},
    {"blocked-quotient", AMQ_TYPE_BLOCKED_QUOTIENT, bquot_create_for, bquot_create, blocked_add, blocked_query,
     blocked_remove, blocked_save, bquot_load, blocked_info, blocked_free},
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
