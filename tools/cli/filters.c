#include "filters.h"
#include "cli.h"
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

static const cli_type types[] = {
    {"counting", AMQ_TYPE_COUNTING, counting_create_for, counting_create, counting_add, counting_query,
     counting_remove, counting_save, counting_load, counting_info, counting_free},
    {"bloom", AMQ_TYPE_BLOOM, bloom_create_for, bloom_create, bloom_add, bloom_query, NULL, bloom_save,
     bloom_load, bloom_info, bloom_free},
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
