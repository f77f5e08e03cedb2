/* amq remove: remove keys (stdin, one per line) from a saved filter that supports it.
 * All or nothing: if any key is refused, the file is left as it was. */
#include "cli.h"
#include <amq/filter.h>
#include <getopt.h>

static const char USAGE[] =
    "amq remove FILE [--key-type T] < keys\n"
    "  removes each key; a key that is not present is an error and the file is left unchanged\n" CLI_KEY_TYPE_HELP;

struct remover {
    amq_filter *f;
    uint64_t line;
};

static int remove_key(void *ctx, const char *key, size_t len, const char *line, size_t line_len)
{
    struct remover *r = ctx;
    r->line++;
    if (amq_filter_remove(r->f, key, len) != AMQ_OK) {
        fprintf(stderr, "amq remove: line %llu ('", (unsigned long long)r->line);
        cli_put_key_escaped(stderr, line, line_len);
        fprintf(stderr, "'): %s\n", amq_last_error());
        return 1;
    }
    return 0;
}

int cmd_remove(int argc, char **argv)
{
    static const struct option opts[] = {
        {"key-type", required_argument, 0, 'k'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    amq_parquet_key_type kt = AMQ_PARQUET_KEY_BYTES;
    int c;
    optind = 0;
    opterr = 0; /* our messages, not getopt's */
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        if (c == 'h') {
            puts(USAGE);
            return 0;
        }
        if (c == 'k' && cli_key_type("remove", optarg, &kt))
            continue;
        return c == 'k' ? CLI_EXIT_USAGE : cli_bad_option("remove", USAGE, c, argc, argv);
    }
    if (argc - optind != 1)
        return cli_usage("remove", USAGE, "expected exactly one FILE");
    const char *path = argv[optind];
    struct remover r = {NULL, 0};
    cli_lock lk; /* from the load to the rename: a concurrent remove waits, and sees our result */
    if (cli_lock_for_write("remove", path, &lk))
        return CLI_EXIT_FAIL;
    if (amq_filter_load(&r.f, path) != AMQ_OK) {
        cli_unlock(&lk);
        return cli_fail("remove", "%s", amq_last_error());
    }
    const amq_structure *s = amq_filter_structure(r.f);
    if (!amq_structure_can_remove(s)) {
        amq_filter_free(r.f);
        cli_unlock(&lk);
        return cli_fail("remove", "'%s' is a %s filter, which does not support removal", path, amq_structure_name(s));
    }
    int rc = cli_each_key(kt, remove_key, &r);
    if (rc == 0 && amq_filter_save(r.f, path) != AMQ_OK)
        rc = cli_fail("remove", "%s", amq_last_error());
    else if (rc < 0) /* the key reader has named the line */
        rc = CLI_EXIT_FAIL;
    else if (rc == 0)
        fprintf(stderr, "amq remove: %s: %llu removals (one per line)\n", path, (unsigned long long)r.line);
    amq_filter_free(r.f);
    cli_unlock(&lk);
    return rc ? CLI_EXIT_FAIL : 0;
}
