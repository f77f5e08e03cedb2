/* amq structures: the registry as the CLI sees it (names, parameters, demonstrations), so
 * that scripts such as make certify iterate the registry instead of a list of their own. */
#include "cli.h"
#include "params.h"
#include <getopt.h>
#include <string.h>

static const char USAGE[] = "amq structures [--demos | --names | --removers]\n"
                            "  lists every structure with its parameters; --names prints only the names,\n"
                            "  --removers only those of the structures that remove keys;\n"
                            "  --demos prints one line per demonstration: STRUCTURE PARAMETERS -n N\n"
                            "  (ready for `amq rate` and `amq check`)";

/* " -m 10000 -k 7": the parameters the rate depends on (amq rate and amq check take them). */
static void print_demo_args(const amq_structure *s, const amq_params *p)
{
    for (size_t i = 0; i < amq_structure_nparams(s); i++) {
        if (!cli_takes(s, CLI_PARAMS_RATE, i))
            continue;
        const amq_param_info *q = amq_structure_param(s, i);
        if (q->flag)
            printf(" -%c ", q->flag);
        else
            printf(" --%s ", q->opt);
        cli_print_param(stdout, q, p->v[i]);
    }
}

int cmd_structures(int argc, char **argv)
{
    static const struct option opts[] = {
        {"demos", no_argument, 0, 'd'}, {"names", no_argument, 0, 'n'}, {"removers", no_argument, 0, 'r'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int demos = 0, names = 0, removers = 0, c;
    optind = 0;
    opterr = 0; /* our messages, not getopt's */
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        if (c == 'd')
            demos = 1;
        else if (c == 'n')
            names = 1;
        else if (c == 'r')
            removers = 1;
        else if (c == 'h') {
            puts(USAGE);
            return 0;
        } else
            return cli_bad_option("structures", USAGE, c, argc, argv);
    }
    if (optind < argc)
        return cli_usage("structures", USAGE, "unexpected argument '%s'", argv[optind]);
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        if (removers) {
            if (amq_structure_can_remove(s))
                puts(amq_structure_name(s));
            continue;
        }
        if (names) {
            puts(amq_structure_name(s));
            continue;
        }
        if (demos) {
            amq_params p;
            uint64_t n;
            for (size_t d = 0; amq_structure_demo(s, d, &p, &n) == AMQ_OK; d++) {
                printf("%s", amq_structure_name(s));
                print_demo_args(s, &p);
                printf(" -n %llu\n", (unsigned long long)n);
            }
            continue;
        }
        char buf[256];
        cli_params_usage(buf, sizeof buf, s, CLI_PARAMS_BUILD);
        printf("%s (%s): file type %u, %s\n  parameters:%s\n", amq_structure_name(s), amq_structure_title(s),
               amq_structure_file_type(s), amq_structure_can_remove(s) ? "removes keys" : "no removal", buf);
        cli_params_help(stdout, s, CLI_PARAMS_BUILD);
    }
    return 0;
}
