/* Shared helpers of the `amq` CLI. Exit codes: 0 ok, 1 failure/verdict fail,
 * 2 usage error (unknown flag, bad value). */
#ifndef AMQ_CLI_H
#define AMQ_CLI_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CLI_EXIT_FAIL 1
#define CLI_EXIT_USAGE 2

/* Parse a whole decimal uint64 (also accepts 2^E and 1eE forms, exact only).
 * On error prints "amq CMD: invalid value for FLAG: 'S' (...)" and returns 0. */
int cli_u64(const char *cmd, const char *flag, const char *s, uint64_t *out);
/* Parse a double in (lo, hi) exclusive; prints error and returns 0 when out of range. */
int cli_double_open(const char *cmd, const char *flag, const char *s, double lo, double hi, double *out);
/* Print "amq CMD: <msg>" then "usage: <usage>" to stderr and return CLI_EXIT_USAGE. */
int cli_usage(const char *cmd, const char *usage, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Print "amq CMD: <msg>" to stderr and return CLI_EXIT_FAIL. */
int cli_fail(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* True when stderr is a terminal (progress bars go there only then). */
int cli_stderr_tty(void);
/* Progress bar on stderr, only on a TTY and only after ~1 s has elapsed since start. */
typedef struct cli_progress { double start; int shown; } cli_progress;
void cli_progress_begin(cli_progress *p);
void cli_progress_update(cli_progress *p, const char *what, uint64_t done, uint64_t total);
void cli_progress_end(cli_progress *p);
/* JSON string escaper for output. */
void cli_json_str(FILE *f, const char *s);
/* A double as JSON: the shortest %.Ng (N = 15..17) that reads back as x; null when x is
 * not finite. */
void cli_json_double(FILE *f, double x);

/* Read stdin line by line (newline and a CR before it stripped), calling fn per key;
 * stops at the first non-zero return of fn and returns it, or -1 on a read error. */
int cli_each_line(int (*fn)(void *ctx, const char *key, size_t len), void *ctx);

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
/* cmd_omissions.c, cmd_strategies.c (hash omissions, D&M) */
int cmd_rate_omissions(int argc, char **argv);
int cmd_optimal_k(int argc, char **argv);
int cmd_estimate(int argc, char **argv);
int cmd_strategies(int argc, char **argv);

#endif
