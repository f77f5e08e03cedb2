/* amq query: test keys from stdin against a saved filter of any structure. */
#include "cli.h"
#include <amq/filter.h>
#include <getopt.h>

static const char USAGE[] =
    "amq query FILE [--count] [--key-type T] < keys\n"
    "  prints each key (its line as read), a tab, and \"maybe\" or \"no\"; with --count prints\n"
    "  only the counts\n" CLI_KEY_TYPE_HELP;

struct querier {
    amq_filter *f;
    int count_only;
    uint64_t maybe, no;
};

static int query_key(void *ctx, const char *key, size_t len, const char *line, size_t line_len)
{
    struct querier *q = ctx;
    int r = amq_filter_query(q->f, key, len);
    r ? q->maybe++ : q->no++;
    if (!q->count_only) { /* the key's line as read, NUL bytes included */
        cli_put_key_raw(stdout, line, line_len);
        printf("\t%s\n", r ? "maybe" : "no");
        if (cli_stdout_failed())
            return 1; /* output lost: stop reading; main reports the write error */
    }
    return 0;
}

int cmd_query(int argc, char **argv)
{
    static const struct option opts[] = {
        {"count", no_argument, 0, 'c'}, {"key-type", required_argument, 0, 'k'}, {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    struct querier q = {0};
    amq_parquet_key_type kt = AMQ_PARQUET_KEY_BYTES;
    int c;
    optind = 0;
    opterr = 0; /* our messages, not getopt's */
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        if (c == 'c')
            q.count_only = 1;
        else if (c == 'k') {
            if (!cli_key_type("query", optarg, &kt))
                return CLI_EXIT_USAGE;
        } else if (c == 'h') {
            puts(USAGE);
            return 0;
        } else
            return cli_bad_option("query", USAGE, c, argc, argv);
    }
    if (argc - optind != 1)
        return cli_usage("query", USAGE, "expected exactly one FILE");
    if (amq_filter_load(&q.f, argv[optind]) != AMQ_OK)
        return cli_fail("query", "%s", amq_last_error());
    int rc = cli_each_key(kt, query_key, &q);
    amq_filter_free(q.f);
    if (rc != 0) /* the key reader has named the line, or main names the write error */
        return CLI_EXIT_FAIL;
    if (q.count_only)
        printf("maybe %llu\nno %llu\n", (unsigned long long)q.maybe, (unsigned long long)q.no);
    return 0;
}
