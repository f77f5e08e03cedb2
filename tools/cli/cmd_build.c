/* amq build: read keys (one per line) from stdin into a new filter file, for any structure
 * of the registry (amq/filter.h). */
#include "cli.h"
#include "params.h"
#include <stdlib.h>
#include <string.h>

static const char USAGE[] = "amq build [--type T] (-n N -p FPR [--max-load L] | STRUCTURE PARAMETERS) [OPTIONS] "
                            "[--seed S] [--key-type T] -o FILE < keys";

enum { OPT_N = 'n', OPT_P = 'p', OPT_OUT = 'o', OPT_SEED = 256, OPT_TYPE, OPT_KEY_TYPE, OPT_MAX_LOAD };

struct build {
    const amq_structure *s;
    uint64_t n, seed;
    double fpr, max_load;
    int have_n, have_p, have_max_load;
    const char *out, *max_load_arg; /* --max-load as given, for messages */
    amq_parquet_key_type key_type;
};

/* "quotient: 0 < L <= 0.97": the structures whose sizing has a load to choose, and its range. */
static const char *load_structures(void)
{
    static char names[256];
    size_t len = 0;
    names[0] = '\0';
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *t = amq_structure_at(i);
        if (amq_structure_max_load(t) > 0.0 && len < sizeof names)
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s: 0 < L <= %g", len ? "; " : "",
                                    amq_structure_name(t), amq_structure_max_load(t));
    }
    return names;
}

/* --max-load L: a decimal in (0, the structure's most]; 0, or the usage error naming what was given. */
static int max_load_value(struct build *b, const char *arg)
{
    const double most = amq_structure_max_load(b->s);
    if (most == 0.0)
        return cli_usage("build", USAGE, "--max-load %s: --type %s has no load to choose (--max-load applies to %s)",
                         arg, amq_structure_name(b->s), load_structures());
    double v = 0;
    const char *why = cli_parse_double(arg, &v);
    if (!why && !(v > 0.0 && v <= most))
        why = "out of range";
    if (!why) {
        b->have_max_load = 1;
        b->max_load = v;
        b->max_load_arg = arg;
        return 0;
    }
    fprintf(stderr, "amq build: invalid value for --max-load: '");
    cli_put_key_escaped(stderr, arg, strlen(arg));
    fprintf(stderr, "': %s (expected a decimal number in (0, %g]: the most of the %s's home slots the n keys "
                    "may fill)\n", why, most, amq_structure_title(b->s));
    return CLI_EXIT_USAGE;
}

static int on_option(void *ctx, int id, const char *arg)
{
    struct build *b = ctx;
    switch (id) {
    case OPT_N:
        b->have_n = 1;
        return cli_u64("build", "-n", arg, &b->n) ? 0 : CLI_EXIT_USAGE;
    case OPT_P:
        b->have_p = 1;
        return cli_double_open("build", "-p", arg, 0.0, 1.0, &b->fpr) ? 0 : CLI_EXIT_USAGE;
    case OPT_OUT: b->out = arg; return 0;
    case OPT_SEED: return cli_u64("build", "--seed", arg, &b->seed) ? 0 : CLI_EXIT_USAGE;
    case OPT_MAX_LOAD: return max_load_value(b, arg);
    case OPT_TYPE: return 0; /* read before parsing */
    case OPT_KEY_TYPE: return cli_key_type("build", arg, &b->key_type) ? 0 : CLI_EXIT_USAGE;
    default: return cli_usage("build", USAGE, "invalid option");
    }
}

static const cli_option options[] = {
    {"keys", 'n', 1, OPT_N},  {"fpr", 'p', 1, OPT_P},   {"output", 'o', 1, OPT_OUT},
    {"seed", 0, 1, OPT_SEED}, {"type", 0, 1, OPT_TYPE}, {"key-type", 0, 1, OPT_KEY_TYPE},
    {"max-load", 0, 1, OPT_MAX_LOAD},
};

static void help(const amq_structure *only)
{
    printf("usage: %s\n"
           "  -n N, -p FPR     size for N expected keys at false-positive rate <= FPR, on the\n"
           "                   structure's exact rate (certified upper bound), or give the\n"
           "                   structure's parameters (below) instead\n"
           "  --max-load L     with -n/-p: the most of the home slots the N keys may fill (a\n"
           "                   blocked quotient filter's: of all its blocks together, in blocks\n"
           "                   sized so that none overflows but with probability <= 1e-9), for\n"
           "                   the structures whose sizing has a load to choose:\n"
           "                   %s\n"
           "  -o FILE          output file (written atomically; nothing is written on failure)\n"
           "  --type T         structure (default bloom): %s\n"
           "  --seed S         hash seed (default 0)\n" CLI_KEY_TYPE_HELP
           "Keys are the bytes of each line without its trailing newline (and a CR before it),\n"
           "converted as --key-type says.\n",
           USAGE, load_structures(), cli_structure_names());
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        if (only && s != only)
            continue;
        char buf[256];
        cli_params_usage(buf, sizeof buf, s, CLI_PARAMS_BUILD);
        printf("\n--type %s (%s):%s\n", amq_structure_name(s), amq_structure_title(s), buf);
        cli_params_help(stdout, s, CLI_PARAMS_BUILD);
    }
}

/* The value of --type (also --type=T), or "bloom". */
static const char *type_name(int argc, char **argv)
{
    const char *name = "bloom";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--"))
            break;
        if (!strcmp(argv[i], "--type") && i + 1 < argc)
            name = argv[++i];
        else if (!strncmp(argv[i], "--type=", 7))
            name = argv[i] + 7;
    }
    return name;
}

struct adder {
    amq_filter *f;
    const char *out;
    uint64_t keys, expect;
    cli_progress prog;
};

/* A refused add names its line and key: the user finds what the structure could not take
 * (a full quotient or cuckoo filter, say).  Each call is one line of the input. */
static int add_key(void *ctx, const char *key, size_t len, const char *line, size_t line_len)
{
    struct adder *a = ctx;
    if (amq_filter_add(a->f, key, len) != AMQ_OK) {
        fprintf(stderr, "amq build: standard input, line %llu ('", (unsigned long long)a->keys + 1);
        cli_put_key_escaped(stderr, line, line_len);
        fprintf(stderr, "'): %s; '%s' was not written\n", amq_last_error(), a->out);
        return 1;
    }
    if ((++a->keys & 0xFFFF) == 0)
        cli_progress_update(&a->prog, "adding keys", a->keys, a->expect);
    return 0;
}

/* The filter of -n/-p (at --max-load if given) or of the structure's parameters; *achieved:
 * the certified rate at n of a sized filter. */
static amq_status create_filter(const amq_structure *s, const struct build *b, amq_params *p, amq_filter **f,
                                double *achieved)
{
    if (!b->have_n)
        return amq_filter_create(f, s, p);
    if (!b->have_max_load)
        return amq_filter_create_for(f, s, b->n, b->fpr, p, achieved);
    return amq_filter_create_for_load(f, s, b->n, b->fpr, b->max_load, p, achieved);
}

int cmd_build(int argc, char **argv)
{
    const char *name = type_name(argc, argv);
    const amq_structure *s = amq_structure_find(name);
    if (!s)
        return cli_usage("build", USAGE, "unknown --type '%s' (known: %s)", name, cli_structure_names());
    amq_params p;
    amq_params_init(&p, s);
    int given[AMQ_PARAMS_MAX];
    struct build b = {.s = s};
    int rc = cli_parse("build", USAGE, s, CLI_PARAMS_BUILD, options, sizeof options / sizeof options[0],
                       on_option, &b, argc, argv, &p, given);
    if (rc < 0) {
        help(s);
        return 0;
    }
    if (rc)
        return rc;
    if (!b.out)
        return cli_usage("build", USAGE, "missing -o FILE");
    int any_required = 0, all_required = 1;
    for (size_t i = 0; i < amq_structure_nparams(s); i++)
        if (amq_structure_param(s, i)->flags & AMQ_PARAM_REQUIRED) {
            any_required |= given[i];
            all_required &= given[i];
        }
    if ((b.have_n || b.have_p) && any_required)
        return cli_usage("build", USAGE, "give either -n/-p or the %s parameters, not both", name);
    if (!(b.have_n && b.have_p) && !all_required) {
        char want[256];
        cli_params_usage(want, sizeof want, s, CLI_PARAMS_BUILD);
        return cli_usage("build", USAGE, "missing size: give -n N -p FPR, or%s", want);
    }
    if (b.have_max_load && !b.have_n) /* parameters given: their load is theirs */
        return cli_usage("build", USAGE, "--max-load %s applies to the sizing from -n and -p, not to given "
                                         "parameters (%s)", b.max_load_arg,
                         cli_params_given(s, CLI_PARAMS_BUILD, &p, given, NULL));
    p.seed = b.seed;

    struct adder a = {NULL, b.out, 0, b.have_n ? b.n : 0, {0, 0, 0}};
    double achieved = 0;
    amq_status st = create_filter(s, &b, &p, &a.f, &achieved);
    if (st != AMQ_OK && !b.have_n) /* the options behind the library's words (issue 26, class 9) */
        return cli_fail("build", "%s (%s)", amq_last_error(), cli_params_given(s, CLI_PARAMS_BUILD, &p, given, NULL));
    if (st != AMQ_OK && b.have_max_load)
        return cli_fail("build", "%s (from -n %llu, -p %g, --max-load %s)", amq_last_error(), (unsigned long long)b.n,
                        b.fpr, b.max_load_arg);
    if (st != AMQ_OK)
        return cli_fail("build", "%s (from -n %llu, -p %g)", amq_last_error(), (unsigned long long)b.n, b.fpr);
    cli_progress_begin(&a.prog);
    rc = cli_each_key(b.key_type, add_key, &a);
    cli_progress_end(&a.prog);
    if (rc != 0) {
        amq_filter_free(a.f);
        /* the key reader or add_key has named the line */
        return CLI_EXIT_FAIL;
    }
    /* locked for the save only: a remove of the same file holds the lock from its load to its
     * rename, so this file cannot land between them and be lost */
    cli_lock lk;
    if (cli_lock_for_write("build", b.out, &lk)) {
        amq_filter_free(a.f);
        return CLI_EXIT_FAIL;
    }
    const amq_status saved = amq_filter_save(a.f, b.out);
    cli_unlock(&lk);
    if (saved != AMQ_OK) {
        amq_filter_free(a.f);
        return cli_fail("build", "%s", amq_last_error());
    }
    fprintf(stderr, "amq build: %s: %s, %llu insertions (one per line)", b.out, name, (unsigned long long)a.keys);
    if (b.have_n)
        fprintf(stderr, "; certified FP at n=%llu <= %.6g under the uniform-hash model (target %g)",
                (unsigned long long)b.n, achieved, b.fpr);
    fputc('\n', stderr);
    amq_filter_free(a.f);
    return 0;
}
