/* amq structures: the registry as the CLI sees it (names, parameters, demonstrations), so
 * that scripts such as make certify iterate the registry instead of a list of their own. */
#include "cli.h"
#include "params.h"
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

enum { OPT_DEMOS = 256, OPT_NAMES, OPT_REMOVERS };

struct listing {
    int demos, names, removers;
};

static int on_option(void *ctx, int id, const char *arg)
{
    struct listing *l = ctx;
    (void)arg;
    *(id == OPT_DEMOS ? &l->demos : id == OPT_NAMES ? &l->names : &l->removers) = 1;
    return 0;
}

int cmd_structures(int argc, char **argv)
{
    static const cli_option opts[] = {
        {"demos", 0, 0, OPT_DEMOS}, {"names", 0, 0, OPT_NAMES}, {"removers", 0, 0, OPT_REMOVERS}};
    struct listing l = {0, 0, 0};
    const int rc = cli_parse_args("structures", USAGE, opts, sizeof opts / sizeof opts[0], on_option, &l, argc, argv,
                                  NULL, 0, NULL);
    if (rc < 0) {
        puts(USAGE);
        return 0;
    }
    if (rc)
        return rc;
    const int demos = l.demos, names = l.names, removers = l.removers;
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
