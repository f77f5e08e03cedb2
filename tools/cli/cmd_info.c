/* amq info: parameters, fill, estimated item count and FP rate of a saved filter. */
#include "cli.h"
#include "filters.h"
#include <getopt.h>

static const char USAGE[] = "amq info FILE [--json]";

int cmd_info(int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", no_argument, 0, 'j'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int json = 0, c;
    optind = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'j')
            json = 1;
        else if (c == 'h') {
            puts(USAGE);
            return 0;
        } else
            return cli_usage("info", USAGE, "invalid option");
    }
    if (argc - optind != 1)
        return cli_usage("info", USAGE, "expected exactly one FILE");
    const cli_type *t;
    void *obj;
    if (cli_load_any(argv[optind], &t, &obj) != AMQ_OK)
        return cli_fail("info", "%s", amq_last_error());
    t->info(obj, json);
    t->free(obj);
    return 0;
}
