/* The CLI's option parser (tools/cli/params.c, cli_parse) on any argument vector, for any
 * structure and each parameter set (build, rate, check's model), with a command's own
 * options beside (-n N, --digits D, --exact).  Input: a structure byte, a set byte, then
 * arguments separated by NUL bytes (at most 16).  Oracles: no crash or UB; the status is
 * 0, -1 (help) or 2 (usage error); on 0 every long option token was spelled exactly (no
 * abbreviations), every value came from cli_parse_u64 or the named forms (a hash strategy,
 * "auto"), and the parsed parameters written back as "--opt value" parse to the same
 * parameters (a round trip). */
#include "../../tools/cli/cli.h"
#include "../../tools/cli/params.h"
#include <amq/hash.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 16

static const cli_option own[] = {{"keys", 'n', 1, 'n'}, {"digits", 0, 1, 300}, {"exact", 0, 0, 301}};

static int on_own(void *ctx, int id, const char *arg)
{
    uint64_t v;
    (void)ctx;
    if (id == 301)
        return arg ? 99 : 0; /* a flag never has a value */
    return cli_u64("fuzz", id == 'n' ? "-n" : "--digits", arg, &v) ? 0 : CLI_EXIT_USAGE;
}

/* Is t a long option spelled exactly ("--name" or "--name=...")? */
static int exact_name(const char *t, const amq_structure *s, cli_param_set set)
{
    const size_t len = strcspn(t + 2, "=");
    const char *names[AMQ_PARAMS_MAX + 4] = {"keys", "digits", "exact", "help"};
    size_t nn = 4;
    for (size_t i = 0; i < amq_structure_nparams(s); i++)
        if (cli_takes(s, set, i))
            names[nn++] = amq_structure_param(s, i)->opt;
    for (size_t i = 0; i < nn; i++)
        if (strlen(names[i]) == len && !strncmp(t + 2, names[i], len))
            return 1;
    return 0;
}

static void fail(const char *what, int argc, char **argv)
{
    fprintf(stderr, "fuzz_cli_options: %s:", what);
    for (int i = 0; i < argc; i++)
        fprintf(stderr, " '%s'", argv[i]);
    fputc('\n', stderr);
    abort();
}

/* The parameters given, written back as "--opt value", parsed again. */
static void round_trip(const amq_structure *s, cli_param_set set, const amq_params *p, const int *given, int argc,
                       char **argv)
{
    static char buf[AMQ_PARAMS_MAX][2][64];
    char *av[2 * AMQ_PARAMS_MAX + 1] = {"rate"};
    int ac = 1;
    for (size_t i = 0; i < amq_structure_nparams(s); i++) {
        if (!given[i])
            continue;
        const amq_param_info *q = amq_structure_param(s, i);
        snprintf(buf[i][0], sizeof buf[i][0], "--%s", q->opt);
        if (q->flags & AMQ_PARAM_HASH)
            snprintf(buf[i][1], sizeof buf[i][1], "%s", amq_hash_name((amq_hash_strategy)p->v[i]));
        else if ((q->flags & AMQ_PARAM_AUTO) && p->v[i] == AMQ_AUTO)
            snprintf(buf[i][1], sizeof buf[i][1], "auto");
        else
            snprintf(buf[i][1], sizeof buf[i][1], "%llu", (unsigned long long)p->v[i]);
        av[ac++] = buf[i][0];
        av[ac++] = buf[i][1];
    }
    amq_params p2;
    amq_params_init(&p2, s);
    int given2[AMQ_PARAMS_MAX];
    if (cli_parse("fuzz", "usage", s, set, own, 3, on_own, NULL, ac, av, &p2, given2) != 0)
        fail("the parsed parameters, written back, do not parse", argc, argv);
    for (size_t i = 0; i < amq_structure_nparams(s); i++)
        if (given2[i] != given[i] || (given[i] && p2.v[i] != p->v[i]))
            fail("the parsed parameters, written back, parse to others", argc, argv);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (!freopen("/dev/null", "w", stdout)) /* help texts */
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > 1024)
        return 0;
    const amq_structure *s = amq_structure_at(data[0] % amq_structure_count());
    const cli_param_set set = (cli_param_set)(data[1] % 3);
    char *copy = malloc(size - 1), *argv[MAX_ARGS + 2] = {"rate"};
    memcpy(copy, data + 2, size - 2);
    copy[size - 2] = 0;
    int argc = 1;
    for (size_t at = 0; at < size - 1 && argc <= MAX_ARGS; at += strlen(copy + at) + 1)
        argv[argc++] = copy + at;
    argv[argc] = NULL;
    char *saved[MAX_ARGS + 2];
    memcpy(saved, argv, sizeof saved); /* getopt permutes argv */
    amq_params p;
    amq_params_init(&p, s);
    int given[AMQ_PARAMS_MAX];
    FILE *err = stderr;
    stderr = fopen("/dev/null", "w"); /* the parser's messages, not libFuzzer's reports */
    const int rc = cli_parse("fuzz", "usage", s, set, own, 3, on_own, NULL, argc, argv, &p, given);
    fclose(stderr);
    stderr = err;
    if (rc != 0 && rc != -1 && rc != CLI_EXIT_USAGE)
        fail("a status other than 0, -1 and 2", argc, saved);
    if (rc == 0) {
        for (int i = 1; i < argc; i++)
            if (!strcmp(saved[i], "--"))
                break;
            else if (!strncmp(saved[i], "--", 2) && !exact_name(saved[i], s, set)) /* no value starts "--" */
                fail("an abbreviated or unknown long option was accepted", argc, saved);
        round_trip(s, set, &p, given, argc, saved);
    }
    free(copy);
    return 0;
}
