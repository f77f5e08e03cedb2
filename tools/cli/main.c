/* amq: command-line front end of amqcert. */
#include "cli.h"
#include <errno.h>
#include <string.h>

static const struct {
    const char *name;
    int (*run)(int, char **);
    const char *summary;
} commands[] = {
    {"build", cmd_build, "build a filter from keys on stdin (one per line)"},
    {"query", cmd_query, "query keys on stdin against a saved filter"},
    {"remove", cmd_remove, "remove keys on stdin from a saved filter (counting filters)"},
    {"info", cmd_info, "show a saved filter's parameters, fill, estimated count and FP rate"},
    {"rate", cmd_rate, "exact / certified false-positive rate from the closed forms"},
    {"check", cmd_check, "Monte Carlo check of the real filter against the exact rate"},
    {"serve", cmd_serve, "serve fresh filters over stdin/stdout (the protocol of `check --exec`)"},
    {"structures", cmd_structures, "the structures amqcert knows, their parameters and demonstrations"},
    {"export", cmd_export, "write a split-block filter as a Parquet bloom filter (--parquet)"},
    {"import", cmd_import, "read a Parquet bloom filter (a blob, or a column's in a Parquet file)"},
    {"optimal-k", cmd_optimal_k, "best number of hash functions for m/n, and the barriers (D&M Table 1)"},
    {"estimate", cmd_estimate, "state-space size from a filter's fill (D&M section 3.3)"},
    {"strategies", cmd_strategies, "Monte Carlo of the hashing strategies vs the fingerprint theory"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    fputs("usage: amq COMMAND [OPTIONS]   (amq COMMAND --help for details)\n\ncommands:\n", f);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-11s %s\n", commands[i].name, commands[i].summary);
    fputs("\nexit status: 0 success, 1 failure (or a failed check), 2 usage error\n", f);
}

static int run_command(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "amq: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return CLI_EXIT_USAGE;
}

/* Standard output is checked once, here, for every command: a full disk or /dev/full must
 * not end in status 0 with part of the output lost.  fflush reports the error of the last
 * buffer; ferror one of an earlier write (stdio keeps the flag, not the errno: a command
 * that stopped on it has kept the errno, cli_stdout_failed).  A closed standard output
 * (>&-) that was never written to is no loss: EBADF from fclose alone. */
static int finish_output(const char *cmd, int rc)
{
    const int kept = cli_stdout_errno(), flagged = ferror(stdout);
    int err = 0;
    if (fflush(stdout) != 0)
        err = errno;
    if (fclose(stdout) != 0 && !err && errno != EBADF)
        err = errno;
    if (!err && !flagged && !kept)
        return rc;
    fprintf(stderr, "amq%s%s: write error: standard output: %s; the output is incomplete\n", cmd ? " " : "",
            cmd ? cmd : "", kept ? strerror(kept) : err ? strerror(err) : "a write failed");
    return rc ? rc : CLI_EXIT_FAIL;
}

int main(int argc, char **argv)
{
    if (!cli_team_begin(&argc, &argv)) /* build/amq-mpi: a rank with nothing to run */
        return cli_team_end(0);
    cli_oom_install(argc, argv);
    const char *cmd = NULL;
    for (size_t i = 0; argc > 1 && i < NCOMMANDS; i++)
        if (!strcmp(argv[1], commands[i].name))
            cmd = commands[i].name;
    const int rc = run_command(argc, argv);
    return cli_team_end(finish_output(cmd, rc));
}
