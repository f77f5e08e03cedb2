/* amq remove: remove keys (stdin, one per line) from a saved filter that supports it.
 * All or nothing: if any key is refused, the file is left as it was. */
#include "cli.h"
#include <amq/filter.h>
#include <getopt.h>

static const char USAGE[] =
    "amq remove FILE < keys\n"
    "  removes each key; a key that is not present is an error and the file is left unchanged";

struct remover {
    amq_filter *f;
    uint64_t line;
};

static int remove_key(void *ctx, const char *key, size_t len)
{
    struct remover *r = ctx;
    r->line++;
    if (amq_filter_remove(r->f, key, len) != AMQ_OK) {
        fprintf(stderr, "amq remove: line %llu ('", (unsigned long long)r->line);
        cli_put_key_escaped(stderr, key, len);
        fprintf(stderr, "'): %s\n", amq_last_error());
        return 1;
    }
    return 0;
}

int cmd_remove(int argc, char **argv)
{
    static const struct option opts[] = {{"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int c;
    optind = 0;
    opterr = 0; /* our messages, not getopt's */
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
    struct remover r = {NULL, 0};
    if (amq_filter_load(&r.f, path) != AMQ_OK)
        return cli_fail("remove", "%s", amq_last_error());
    const amq_structure *s = amq_filter_structure(r.f);
    if (!amq_structure_can_remove(s)) {
        amq_filter_free(r.f);
        return cli_fail("remove", "'%s' is a %s filter, which does not support removal", path, amq_structure_name(s));
    }
    int rc = cli_each_line(remove_key, &r);
    if (rc == 0 && amq_filter_save(r.f, path) != AMQ_OK)
        rc = cli_fail("remove", "%s", amq_last_error());
    else if (rc < 0) /* the key reader has named the line */
        rc = CLI_EXIT_FAIL;
    else if (rc == 0)
        fprintf(stderr, "amq remove: %s: %llu keys removed\n", path, (unsigned long long)r.line);
    amq_filter_free(r.f);
    return rc ? CLI_EXIT_FAIL : 0;
}
