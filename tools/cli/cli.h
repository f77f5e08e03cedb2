/* Shared helpers of the `amq` CLI. Exit codes: 0 ok, 1 failure/verdict fail,
 * 2 usage error (unknown flag, bad value). */
#ifndef AMQ_CLI_H
#define AMQ_CLI_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <amq/parquet.h>

/* The Monte Carlo runs of check and strategies estimate their work (index operations)
 * before they start and refuse more than this unless --max-work says more: about 30 s on one
 * idle core here, a few minutes under load (docs/cost-limits.md). */
#define CLI_MC_MAX_WORK 8589934592.0

#define CLI_EXIT_FAIL 1
#define CLI_EXIT_USAGE 2

/* Numbers on the command line, strict grammars, bounded work (docs/files.md):
 *   u64    := digits | digits '^' digits | digits ('e'|'E') digits
 *             (B^E = B to the power E, MeE = M * 10^E; exact; every part and the value
 *             in [0, 2^64-1]; 0^0 = 1; no sign, space, '.', hex or other character)
 *   double := (digits ['.' [digits]] | '.' digits) [('e'|'E') ['+'|'-'] digits]
 *             (no leading sign or space, no inf/nan/hex; correctly rounded by strtod)
 * The parsers return NULL and set *out, or return why the text is refused. */
const char *cli_parse_u64(const char *s, uint64_t *out);
const char *cli_parse_double(const char *s, double *out);
/* The same for option FLAG of command CMD: on error prints
 * "amq CMD: invalid value for FLAG: 'S': <why> (...)" and returns 0. */
int cli_u64(const char *cmd, const char *flag, const char *s, uint64_t *out);
/* A double in (lo, hi) exclusive. */
int cli_double_open(const char *cmd, const char *flag, const char *s, double lo, double hi, double *out);
/* Print "amq CMD: <msg>" then "usage: <usage>" to stderr and return CLI_EXIT_USAGE. */
int cli_usage(const char *cmd, const char *usage, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Print "amq CMD: <msg>" to stderr and return CLI_EXIT_FAIL. */
int cli_fail(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* True when stderr is a terminal (progress bars go there only then). */
int cli_stderr_tty(void);
/* Progress bar on stderr, only on a TTY and only after ~1 s has elapsed since start. */
typedef struct cli_progress { double start, after; int shown; } cli_progress;
void cli_progress_begin(cli_progress *p);
void cli_progress_update(cli_progress *p, const char *what, uint64_t done, uint64_t total);
void cli_progress_end(cli_progress *p);
/* Standard output is checked once for every command, by main after the command returns
 * (fflush, ferror, fclose: exit 1 and "write error: standard output: ..." on a failure).  A
 * command with much output asks cli_stdout_failed() as it goes, to stop early: true once a
 * write to stdout has failed; the errno of that failure is kept for main's message. */
int cli_stdout_failed(void);
int cli_stdout_errno(void);
/* An exclusive lock for writing the file at path (lock.c), held from before a command reads
 * the file to after it has renamed the new one over it: concurrent writers wait for each
 * other, none loses another's update.  Returns 0 (l->fd is -1 when there is nothing to lock:
 * path is not a regular file, which the writer then refuses by name), or prints
 * "amq CMD: cannot lock ..." and returns CLI_EXIT_FAIL. */
typedef struct cli_lock { int fd; } cli_lock;
int cli_lock_for_write(const char *cmd, const char *path, cli_lock *l);
void cli_unlock(cli_lock *l);
/* A path the user named for a command to write (--replay, --plot): it must be a regular file
 * (links followed), or absent in a directory that takes new files; anything else (a FIFO, a
 * device, a directory, a missing or read-only directory) is refused
 * before the command runs: "amq CMD: FLAG: 'PATH' is a FIFO (named pipe): only a regular
 * file is written; nothing was written", and CLI_EXIT_FAIL; else 0. */
int cli_output_path(const char *cmd, const char *flag, const char *path);
/* Opens such a path for writing (created, or truncated), refusing again anything but a
 * regular file: it is opened without blocking and looked at before it is truncated, since
 * it may have changed since cli_output_path.  NULL after printing why. */
FILE *cli_open_output(const char *cmd, const char *flag, const char *path);
/* JSON string escaper for output. */
void cli_json_str(FILE *f, const char *s);
/* The same, or null for NULL. */
void cli_json_str_or_null(FILE *f, const char *s);
/* A double as JSON: the shortest %.Ng (N = 15..17) that reads back as x; null when x is
 * not finite. */
void cli_json_double(FILE *f, double x);

/* Keys on standard input (keys.c): one key per line, the line's bytes without its '\n'
 * and one '\r' before it; NUL bytes are part of the key.  A key longer than
 * CLI_MAX_KEY_BYTES is an error naming its line; the reader's memory is bounded by that. */
#define CLI_MAX_KEY_BYTES ((size_t)1 << 20)
#define CLI_KEYS_READ_ERROR (-1)
#define CLI_KEYS_TOO_LONG (-2)
/* Reads `in` to its end, calling fn(ctx, key, len) per key (key is not NUL-terminated).
 * Returns 0 at the end of the input, fn's first non-zero return, CLI_KEYS_TOO_LONG when a
 * key exceeds max_len bytes, or CLI_KEYS_READ_ERROR on a read error or out of memory;
 * *line (if non-NULL) gets the number of the last line read (1-based).  Prints nothing. */
int cli_read_keys(FILE *in, size_t max_len, int (*fn)(void *ctx, const char *key, size_t len), void *ctx,
                  uint64_t *line);
/* The CLI's key reader: cli_read_keys(stdin, CLI_MAX_KEY_BYTES, ...).  On a read error or a
 * too-long key it prints "amq: standard input, line N: <problem>" and returns -1. */
int cli_each_line(int (*fn)(void *ctx, const char *key, size_t len), void *ctx);
/* Typed keys (--key-type, amq/parquet.h, docs/parquet.md): each line is converted to its
 * Parquet PLAIN encoding before fn sees it (bytes: the line itself); fn also gets the line
 * as read, for output.  A line that is not a value of the type stops the reading with
 * "amq: standard input, line N: '<line>': <why>" and -1; otherwise as cli_each_line. */
typedef int (*cli_key_fn)(void *ctx, const char *key, size_t len, const char *line, size_t line_len);
int cli_each_key(amq_parquet_key_type type, cli_key_fn fn, void *ctx);
/* --key-type NAME of command CMD: 1 and *t, or 0 after printing the known types. */
int cli_key_type(const char *cmd, const char *name, amq_parquet_key_type *t);
#define CLI_KEY_TYPE_HELP                                                                     \
    "  --key-type T     how a line becomes a key: bytes (default: the line itself), hex, int32,\n" \
    "                   int64, float, double (Parquet's PLAIN encoding; docs/parquet.md)\n"
/* A key as it was read (raw bytes, NUL included): for output that echoes keys. */
void cli_put_key_raw(FILE *f, const char *key, size_t len);
/* A key escaped for messages: printable ASCII as is, '\\' doubled, \t \r \n, other bytes
 * \xHH; at most 200 bytes of the key, then "...". */
void cli_put_key_escaped(FILE *f, const char *key, size_t len);

/* The process's Monte Carlo team (amq/check.h).  build/amq (team.c): alone.  build/amq-mpi
 * (mpi/team_mpi.c): MPI starts, and `check` / `strategies` share their trials over the
 * ranks.  cli_team_begin returns 0 when this process has nothing to run (a rank other than
 * 0, for another command); cli_team_end returns the exit status to use. */
int cli_team_begin(int *argc, char ***argv);
int cli_team_end(int rc);

/* Subcommands (one file each). */
int cmd_build(int argc, char **argv);
int cmd_query(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_remove(int argc, char **argv);
int cmd_rate(int argc, char **argv);
int cmd_check(int argc, char **argv);
/* cmd_check_impl.c: amq check --plugin | --exec | --impl (dispatched by cmd_check). */
int cmd_check_impl(int argc, char **argv);
/* cmd_serve.c: amqcert's structures as a line-protocol process. */
int cmd_serve(int argc, char **argv);
int cmd_structures(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_import(int argc, char **argv);
/* cmd_omissions.c, cmd_optimal_k.c, cmd_strategies.c (hash omissions, D&M) */
int cmd_rate_omissions(int argc, char **argv);
int cmd_optimal_k(int argc, char **argv);
int cmd_estimate(int argc, char **argv);
int cmd_strategies(int argc, char **argv);

/* GMP/MPFR allocation failures end the process with a message naming the command and
 * status 1, not SIGABRT (oom.c). Called first by main. */
void cli_oom_install(int argc, char **argv);

#endif
