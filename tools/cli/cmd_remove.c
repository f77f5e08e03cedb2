/* amq remove: remove keys (stdin, one per line) from a saved filter that supports it.
 * All or nothing: if any key is refused, the file is left as it was. */
#include "cli.h"
#include "filters.h"
#include <getopt.h>

static const char USAGE[] =
    "amq remove FILE < keys\n"
    "  removes each key; a key that is not present is an error and the file is left unchanged";

struct remover {
    const cli_type *t;
    void *obj;
    uint64_t line;
};

static int remove_key(void *ctx, const char *key, size_t len)
{
    struct remover *r = ctx;
    r->line++;
    if (r->t->remove(r->obj, key, len) != AMQ_OK) {
        fprintf(stderr, "amq remove: line %llu ('%.*s'): %s\n", (unsigned long long)r->line, (int)len, key,
                amq_last_error());
        return 1;
    }
    return 0;
}

int cmd_remove(int argc, char **argv)
{
    static const struct option opts[] = {{"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int c;
    optind = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'h') {
            puts(USAGE);
            return 0;
        }
        return cli_usage("remove", USAGE, "invalid option");
    }
    if (argc - optind != 1)
        return cli_usage("remove", USAGE, "expected exactly one FILE");
    const char *path = argv[optind];
    struct remover r = {NULL, NULL, 0};
    if (cli_load_any(path, &r.t, &r.obj) != AMQ_OK)
        return cli_fail("remove", "%s", amq_last_error());
    if (!r.t->remove) {
        r.t->free(r.obj);
        return cli_fail("remove", "'%s' is a %s filter, which does not support removal", path, r.t->name);
    }
    int rc = cli_each_line(remove_key, &r);
    if (rc == 0 && r.t->save(r.obj, path) != AMQ_OK)
        rc = cli_fail("remove", "%s", amq_last_error());
    else if (rc < 0)
        rc = cli_fail("remove", "error reading keys from standard input");
    else if (rc == 0)
        fprintf(stderr, "amq remove: %s: %llu keys removed\n", path, (unsigned long long)r.line);
    r.t->free(r.obj);
    return rc ? CLI_EXIT_FAIL : 0;
}
