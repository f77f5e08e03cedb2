/* amq info: a saved filter's parameters, state, key count and false-positive rates, for any
 * structure: what the registry entry says about itself (amq/filter.h). */
#include "cli.h"
#include "params.h"
#include <amq/filter_rate.h>
#include <stdlib.h>

static const char USAGE[] = "amq info FILE [--json]";

#define DIGITS 17

struct printer {
    int json;
};

static void put_property(void *ctx, const amq_property *p)
{
    const struct printer *pr = ctx;
    if (pr->json) {
        printf(", \"%s\": ", p->key);
        switch (p->type) {
        case AMQ_PROPERTY_U64: printf("%llu", (unsigned long long)p->u); break;
        case AMQ_PROPERTY_DOUBLE: printf("%.17g", p->d); break;
        case AMQ_PROPERTY_TEXT: cli_json_str(stdout, p->text); break;
        }
        return;
    }
    printf("%-22s ", p->label);
    switch (p->type) {
    case AMQ_PROPERTY_U64: printf("%llu", (unsigned long long)p->u); break;
    case AMQ_PROPERTY_DOUBLE: printf("%.6g", p->d); break;
    case AMQ_PROPERTY_TEXT: fputs(p->text, stdout); break;
    }
    if (p->note)
        printf("   (%s)", p->note);
    putchar('\n');
}

/* Correctly rounded decimal of an exact rational, or NULL (message in amq_last_error()). */
static char *decimal_of(const mpq_t q)
{
    char *s = NULL;
    return amq_mpq_decimal(&s, q, DIGITS) == AMQ_OK ? s : NULL;
}

static void print_info(const amq_filter *f, int json)
{
    const amq_structure *s = amq_filter_structure(f);
    amq_params p;
    amq_filter_params(f, &p);
    struct printer pr = {json};
    uint64_t count = 0;
    int exact = 0;
    const int have_count = amq_filter_count(f, &count, &exact) == AMQ_OK;
    char *at_count = NULL, *now = NULL;
    if (have_count && amq_structure_fp_decimal(&at_count, s, &p, count, DIGITS, NULL, NULL) != AMQ_OK)
        at_count = NULL;
    mpq_t q;
    mpq_init(q);
    if (amq_filter_fp_state(q, f) == AMQ_OK)
        now = decimal_of(q);
    mpq_clear(q);

    if (json) {
        printf("{\"structure\": ");
        cli_json_str(stdout, amq_structure_name(s));
        for (size_t i = 0; i < amq_structure_nparams(s); i++) {
            const amq_param_info *pi = amq_structure_param(s, i);
            printf(", \"%s\": ", pi->key);
            cli_json_param(stdout, pi, p.v[i]);
        }
        printf(", \"seed\": %llu", (unsigned long long)p.seed);
        amq_filter_describe(f, put_property, &pr);
        if (have_count)
            printf(", \"count\": %llu, \"count_exact\": %s", (unsigned long long)count, exact ? "true" : "false");
        else
            printf(", \"count\": null, \"count_exact\": false");
        printf(", \"fp_now\": ");
        now ? cli_json_str(stdout, now) : (void)fputs("null", stdout);
        printf(", \"fp_at_count\": ");
        at_count ? cli_json_str(stdout, at_count) : (void)fputs("null", stdout);
        puts("}");
    } else {
        printf("%-22s %s (%s)\n", "structure", amq_structure_name(s), amq_structure_title(s));
        for (size_t i = 0; i < amq_structure_nparams(s); i++) {
            const amq_param_info *pi = amq_structure_param(s, i);
            printf("%-22s ", pi->key);
            cli_print_param(stdout, pi, p.v[i]);
            printf("   (%s)\n", pi->what);
        }
        printf("%-22s %llu\n", "seed", (unsigned long long)p.seed);
        amq_filter_describe(f, put_property, &pr);
        /* an exact count is of insertions (a key added twice counts twice); the fill ratio
         * estimates distinct keys (issue 26, class 9: insertions are not called keys) */
        if (have_count && exact)
            printf("%-22s %llu   (exact; a key added twice counts twice)\n", "insertions", (unsigned long long)count);
        else if (have_count)
            printf("%-22s %llu   (distinct keys estimated from the fill ratio: an approximation)\n", "keys",
                   (unsigned long long)count);
        else
            printf("%-22s unknown: %s\n", "keys", amq_last_error());
        if (now)
            printf("%-22s %s   (exact for this state under the uniform-hash model, correctly rounded)\n",
                   "FP rate now", now);
        if (at_count)
            printf("FP rate at n=%-9llu %s   (exact rate after n distinct keys, correctly rounded)\n",
                   (unsigned long long)count, at_count);
        else if (have_count)
            printf("%-22s not computable here: %s\n", "FP rate at n", amq_last_error());
    }
    free(now);
    free(at_count);
}

static int on_option(void *ctx, int id, const char *arg)
{
    (void)id;
    (void)arg;
    *(int *)ctx = 1; /* --json, the only option */
    return 0;
}

int cmd_info(int argc, char **argv)
{
    static const cli_option opts[] = {{"json", 0, 0, 256}};
    int json = 0;
    const char *file;
    size_t nargs;
    const int rc = cli_parse_args("info", USAGE, opts, 1, on_option, &json, argc, argv, &file, 1, &nargs);
    if (rc < 0) {
        puts(USAGE);
        return 0;
    }
    if (rc)
        return rc;
    if (nargs != 1)
        return cli_usage("info", USAGE, "expected exactly one FILE");
    amq_filter *f;
    if (amq_filter_load(&f, file) != AMQ_OK)
        return cli_fail("info", "%s", amq_last_error());
    print_info(f, json);
    amq_filter_free(f);
    return 0;
}
