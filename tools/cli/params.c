#include "params.h"
#include "cli.h"
#include <amq/hash.h>
#include <stdlib.h>
#include <string.h>

#define OPT_PARAM 1000 /* getopt value of parameter i: OPT_PARAM + i */
#define MAX_OPTIONS 32

int cli_takes(const amq_structure *s, cli_param_set set, size_t i)
{
    const amq_param_info *q = amq_structure_param(s, i);
    switch (set) {
    case CLI_PARAMS_RATE: return (q->flags & AMQ_PARAM_RATE) != 0;
    case CLI_PARAMS_MODEL: return (q->flags & AMQ_PARAM_HASH) == 0;
    default: return 1;
    }
}

static int parse_value(const char *cmd, const char *opt, const amq_param_info *q, const char *arg, uint64_t *v)
{
    if (q->flags & AMQ_PARAM_HASH) {
        amq_hash_strategy h;
        if (amq_hash_parse(arg, &h) != AMQ_OK) {
            fprintf(stderr, "amq %s: invalid value for %s: %s\n", cmd, opt, amq_last_error());
            return 0;
        }
        *v = (uint64_t)h;
        return 1;
    }
    if ((q->flags & AMQ_PARAM_AUTO) && !strcmp(arg, "auto")) {
        *v = AMQ_AUTO;
        return 1;
    }
    return cli_u64(cmd, opt, arg, v);
}

/* The "--name" or "--name=value" token getopt_long just consumed (its value, when separate,
 * is the argument after it). */
static const char *option_token(char **argv, int optind_after, int has_arg, const char *arg)
{
    const int separate = has_arg && arg && optind_after >= 2 && argv[optind_after - 1] == arg;
    return argv[optind_after - 1 - separate];
}

/* GNU getopt_long accepts unambiguous prefixes ("--hash" for "--hashes"); we do not. */
static int exact_long_option(char **argv, int optind_after, const char *name)
{
    for (int back = 1; back <= 2 && optind_after - back >= 1; back++) {
        const char *t = argv[optind_after - back];
        if (t[0] != '-' || t[1] != '-')
            continue;
        const size_t len = strcspn(t + 2, "=");
        return len == strlen(name) && !strncmp(t + 2, name, len);
    }
    return 1;
}

/* What one parse is about: the command, its structure's parameters (s may be NULL) and its
 * own options, and where positional arguments go (args NULL: none are taken). */
struct parse_spec {
    const char *cmd, *usage;
    const amq_structure *s;
    cli_param_set set;
    const cli_option *own;
    size_t nown;
    cli_option_fn fn;
    void *ctx;
    amq_params *p;
    int *given;
    const char **args;
    size_t max_args, *nargs;
};

/* The getopt tables of a spec; 0, or an exit status. */
static int build_tables(const struct parse_spec *sp, struct option *longopts, char *shortopts)
{
    size_t nl = 0, ns = 1;
    const size_t np = sp->s ? amq_structure_nparams(sp->s) : 0;
    if (np + sp->nown + 1 > MAX_OPTIONS)
        return cli_fail(sp->cmd, "too many options (internal limit %d)", MAX_OPTIONS);
    shortopts[0] = ':';
    for (size_t i = 0; i < np; i++) {
        sp->given[i] = 0;
        if (!cli_takes(sp->s, sp->set, i))
            continue;
        const amq_param_info *q = amq_structure_param(sp->s, i);
        longopts[nl++] = (struct option){q->opt, required_argument, NULL, OPT_PARAM + (int)i};
        if (q->flag) {
            shortopts[ns++] = q->flag;
            shortopts[ns++] = ':';
        }
    }
    for (size_t j = 0; j < sp->nown; j++) {
        const cli_option *o = &sp->own[j];
        longopts[nl++] = (struct option){o->name, o->has_arg ? required_argument : no_argument, NULL, o->id};
        if (o->flag) {
            shortopts[ns++] = o->flag;
            if (o->has_arg)
                shortopts[ns++] = ':';
        }
    }
    longopts[nl++] = (struct option){"help", no_argument, NULL, 'h'};
    longopts[nl] = (struct option){NULL, 0, NULL, 0};
    shortopts[ns++] = 'h';
    shortopts[ns] = 0;
    return 0;
}

/* getopt_long returned '?': an unknown option, or "--flag=value" for a flag that takes no
 * value (GNU getopt then sets optopt to the flag's id; 0 for an unknown long option). */
static int bad_option(const struct parse_spec *sp, const struct option *longopts, char **argv)
{
    const char *tok = argv[optind - 1];
    if (strncmp(tok, "--", 2) != 0 && optopt > 0 && optopt < 256) /* a short option, maybe in a cluster */
        return cli_usage(sp->cmd, sp->usage, "unknown option '-%c'", optopt);
    const size_t len = strcspn(tok + 2, "=");
    for (const struct option *o = longopts; optopt && tok[len + 2] == '=' && o->name; o++)
        if (o->val == optopt && o->has_arg == no_argument)
            return strlen(o->name) == len && !strncmp(tok + 2, o->name, len)
                       ? cli_usage(sp->cmd, sp->usage, "option '--%s' takes no value (got '%s')", o->name, tok)
                       : cli_usage(sp->cmd, sp->usage,
                                   "unknown option '%s' (did you mean --%s? options are not abbreviated)", tok,
                                   o->name);
    return cli_usage(sp->cmd, sp->usage, "unknown option '%s'", tok);
}

/* One parameter of the structure: its value into p->v[i]. */
static int param_option(const struct parse_spec *sp, size_t i, int c, const char *arg)
{
    const amq_param_info *q = amq_structure_param(sp->s, i);
    char opt[40];
    if (q->flag && c == q->flag)
        snprintf(opt, sizeof opt, "-%c", q->flag);
    else
        snprintf(opt, sizeof opt, "--%s", q->opt);
    if (!parse_value(sp->cmd, opt, q, arg, &sp->p->v[i]))
        return CLI_EXIT_USAGE;
    sp->given[i] = 1;
    return 0;
}

/* The parameter getopt's c stands for, or np when c is one of the command's own options. */
static size_t param_of(const struct parse_spec *sp, int c, size_t np)
{
    if (c >= OPT_PARAM && c < OPT_PARAM + (int)np)
        return (size_t)(c - OPT_PARAM);
    for (size_t j = 0; j < np; j++)
        if (amq_structure_param(sp->s, j)->flag == c && cli_takes(sp->s, sp->set, j))
            return j;
    return np;
}

/* The one option parser of the CLI (issue 24): every command goes through it. */
static int parse(const struct parse_spec *sp, int argc, char **argv)
{
    struct option longopts[MAX_OPTIONS + 1];
    char shortopts[2 * MAX_OPTIONS + 3];
    int rc = build_tables(sp, longopts, shortopts);
    if (rc)
        return rc;
    const size_t np = sp->s ? amq_structure_nparams(sp->s) : 0;
    optind = 0; /* GNU getopt: full re-initialisation */
    opterr = 0; /* our messages, not getopt's */
    int c, li = -1;
    while ((li = -1, c = getopt_long(argc, argv, shortopts, longopts, &li)) != -1) {
        if (li >= 0 && !exact_long_option(argv, optind, longopts[li].name))
            return cli_usage(sp->cmd, sp->usage,
                             "unknown option '%s' (did you mean --%s? options are not abbreviated)",
                             option_token(argv, optind, longopts[li].has_arg != no_argument, optarg),
                             longopts[li].name);
        if (c == 'h')
            return -1;
        if (c == ':')
            return cli_usage(sp->cmd, sp->usage, "option '%s' needs a value", argv[optind - 1]);
        if (c == '?')
            return bad_option(sp, longopts, argv);
        const size_t i = param_of(sp, c, np);
        rc = i < np ? param_option(sp, i, c, optarg) : sp->fn ? sp->fn(sp->ctx, c, optarg) : CLI_EXIT_USAGE;
        if (rc)
            return rc;
    }
    size_t n = 0;
    for (; optind < argc; optind++) {
        if (!sp->args)
            return cli_usage(sp->cmd, sp->usage, "unexpected argument '%s'", argv[optind]);
        if (n < sp->max_args)
            sp->args[n] = argv[optind];
        n++; /* counted beyond max_args too: the command says how many it takes */
    }
    if (sp->nargs)
        *sp->nargs = n;
    return 0;
}

int cli_parse(const char *cmd, const char *usage, const amq_structure *s, cli_param_set set,
              const cli_option *own, size_t nown, cli_option_fn fn, void *ctx, int argc, char **argv,
              amq_params *p, int *given)
{
    const struct parse_spec sp = {cmd, usage, s, set, own, nown, fn, ctx, p, given, NULL, 0, NULL};
    return parse(&sp, argc, argv);
}

int cli_parse_args(const char *cmd, const char *usage, const cli_option *own, size_t nown, cli_option_fn fn,
                   void *ctx, int argc, char **argv, const char **args, size_t max_args, size_t *nargs)
{
    const struct parse_spec sp = {cmd, usage, NULL, CLI_PARAMS_BUILD, own, nown, fn, ctx, NULL, NULL,
                                  args, max_args, nargs};
    return parse(&sp, argc, argv);
}

void cli_params_usage(char *buf, size_t len, const amq_structure *s, cli_param_set set)
{
    size_t used = 0;
    buf[0] = 0;
    for (size_t i = 0; i < amq_structure_nparams(s) && used < len; i++) {
        if (!cli_takes(s, set, i))
            continue;
        const amq_param_info *q = amq_structure_param(s, i);
        const int req = (q->flags & AMQ_PARAM_REQUIRED) != 0;
        if (q->flag)
            used += (size_t)snprintf(buf + used, len - used, req ? " -%c %s" : " [-%c %s]", q->flag, q->meta);
        else
            used += (size_t)snprintf(buf + used, len - used, req ? " --%s %s" : " [--%s %s]", q->opt, q->meta);
    }
}

void cli_print_param(FILE *f, const amq_param_info *q, uint64_t v)
{
    if (q->flags & AMQ_PARAM_HASH)
        fputs(amq_hash_name((amq_hash_strategy)v), f);
    else if ((q->flags & AMQ_PARAM_AUTO) && v == AMQ_AUTO)
        fputs("auto", f);
    else
        fprintf(f, "%llu", (unsigned long long)v);
}

static size_t param_text(char *buf, size_t len, const amq_param_info *q, uint64_t v)
{
    if (q->flags & AMQ_PARAM_HASH)
        return (size_t)snprintf(buf, len, "%s", amq_hash_name((amq_hash_strategy)v));
    if ((q->flags & AMQ_PARAM_AUTO) && v == AMQ_AUTO)
        return (size_t)snprintf(buf, len, "auto");
    return (size_t)snprintf(buf, len, "%llu", (unsigned long long)v);
}

/* Appends "SEP-f V" (or "SEP--opt V") for each parameter of s the command takes that is (or,
 * with want_given 0, is not) given. */
static size_t list_params(char *buf, size_t len, size_t used, const amq_structure *s, cli_param_set set,
                          const amq_params *p, const int *given, int want_given, int *first)
{
    for (size_t i = 0; i < amq_structure_nparams(s) && used < len; i++) {
        if (!cli_takes(s, set, i) || !given[i] != !want_given)
            continue;
        const amq_param_info *q = amq_structure_param(s, i);
        used += q->flag ? (size_t)snprintf(buf + used, len - used, "%s-%c ", *first ? "" : ", ", q->flag)
                        : (size_t)snprintf(buf + used, len - used, "%s--%s ", *first ? "" : ", ", q->opt);
        if (used < len)
            used += param_text(buf + used, len - used, q, p->v[i]);
        *first = 0;
    }
    return used;
}

const char *cli_params_given(const amq_structure *s, cli_param_set set, const amq_params *p, const int *given,
                             const char *extra)
{
    static char buf[512];
    int first = 1, first_default = 1;
    size_t used = (size_t)snprintf(buf, sizeof buf, "from ");
    used = list_params(buf, sizeof buf, used, s, set, p, given, 1, &first);
    if (extra && used < sizeof buf) {
        used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s", first ? "" : ", ", extra);
        first = 0;
    }
    if (used < sizeof buf) {
        const size_t mark = used;
        used += (size_t)snprintf(buf + used, sizeof buf - used, "%sby default ", first ? "" : " (and ");
        const size_t before = used;
        used = list_params(buf, sizeof buf, used, s, set, p, given, 0, &first_default);
        if (used == before) /* no default in play */
            buf[mark] = 0;
        else if (!first && used < sizeof buf)
            snprintf(buf + used, sizeof buf - used, ")");
    }
    return buf;
}

void cli_params_help(FILE *f, const amq_structure *s, cli_param_set set)
{
    for (size_t i = 0; i < amq_structure_nparams(s); i++) {
        if (!cli_takes(s, set, i))
            continue;
        const amq_param_info *q = amq_structure_param(s, i);
        char opt[48];
        if (q->flag)
            snprintf(opt, sizeof opt, "-%c, --%s %s", q->flag, q->opt, q->meta);
        else
            snprintf(opt, sizeof opt, "--%s %s", q->opt, q->meta);
        fprintf(f, "  %-26s %s", opt, q->what);
        if (!(q->flags & AMQ_PARAM_REQUIRED)) {
            fputs(" (default ", f);
            cli_print_param(f, q, (q->flags & AMQ_PARAM_AUTO) ? AMQ_AUTO : q->def);
            fputc(')', f);
        }
        fputc('\n', f);
    }
}

const char *cli_structure_names(void)
{
    static char buf[512];
    size_t used = 0;
    buf[0] = 0;
    for (size_t i = 0; i < amq_structure_count() && used < sizeof buf; i++)
        used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s", i ? ", " : "",
                                 amq_structure_name(amq_structure_at(i)));
    return buf;
}

void cli_json_param(FILE *f, const amq_param_info *q, uint64_t v)
{
    const int quoted = (q->flags & AMQ_PARAM_HASH) || ((q->flags & AMQ_PARAM_AUTO) && v == AMQ_AUTO);
    if (quoted)
        fputc('"', f);
    cli_print_param(f, q, v);
    if (quoted)
        fputc('"', f);
}
