/* amq remove: remove keys (stdin, one per line) from a saved filter that supports it.
 * All or nothing: if any key is refused, the file is left as it was. */
#include "cli.h"
#include "params.h"
#include <amq/filter.h>

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

static int on_option(void *ctx, int id, const char *arg)
{
    (void)id; /* --key-type, the only option */
    return cli_key_type("remove", arg, ctx) ? 0 : CLI_EXIT_USAGE;
}

int cmd_remove(int argc, char **argv)
{
    static const cli_option opts[] = {{"key-type", 0, 1, 256}};
    amq_parquet_key_type kt = AMQ_PARQUET_KEY_BYTES;
    const char *path;
    size_t nargs;
    const int prc = cli_parse_args("remove", USAGE, opts, 1, on_option, &kt, argc, argv, &path, 1, &nargs);
    if (prc < 0) {
        puts(USAGE);
        return 0;
    }
    if (prc)
        return prc;
    if (nargs != 1)
        return cli_usage("remove", USAGE, "expected exactly one FILE");
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
