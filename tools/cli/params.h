/* Command-line options: one parser for every command (getopt_long underneath, no
 * abbreviations, messages naming what the user typed), and from a structure's parameter list
 * (amq/filter.h) one usage text and one help text for build, rate and check. */
#ifndef AMQ_CLI_PARAMS_H
#define AMQ_CLI_PARAMS_H
#include <amq/filter.h>
#include <getopt.h>
#include <stdio.h>

/* Which of a structure's parameters a command takes. */
typedef enum cli_param_set {
    CLI_PARAMS_BUILD, /* every parameter                                        */
    CLI_PARAMS_RATE,  /* those the rate depends on (AMQ_PARAM_RATE)              */
    CLI_PARAMS_MODEL  /* every parameter but the hash strategy (check's --hash) */
} cli_param_set;

/* An option of the command itself (-n, --trials, ...). id is returned to the handler. */
typedef struct cli_option {
    const char *name; /* long name */
    char flag;        /* short flag, or 0 */
    int has_arg;
    int id;
} cli_option;

/* Called for each of the command's own options; returns 0 to go on, or an exit status. */
typedef int (*cli_option_fn)(void *ctx, int id, const char *arg);

/* Parses argv (argv[0] is the command or structure name) into *p, which the caller has
 * initialised (amq_params_init).  given[i] is set to 1 for every parameter given.  Prints
 * the problem and the usage, and returns CLI_EXIT_USAGE, on a bad option or value; returns
 * -1 after printing the help for -h/--help; 0 otherwise. */
int cli_parse(const char *cmd, const char *usage, const amq_structure *s, cli_param_set set,
              const cli_option *own, size_t nown, cli_option_fn fn, void *ctx, int argc, char **argv,
              amq_params *p, int *given);

/* The same parser for a command without a structure: its own options, then up to max_args
 * positional arguments in args (*nargs is how many were given, maybe more than max_args:
 * the command checks the count).  Returns as cli_parse (-1: print the help). */
int cli_parse_args(const char *cmd, const char *usage, const cli_option *own, size_t nown, cli_option_fn fn,
                   void *ctx, int argc, char **argv, const char **args, size_t max_args, size_t *nargs);

/* Whether the command takes parameter i of s. */
int cli_takes(const amq_structure *s, cli_param_set set, size_t i);
/* " -m M -k K [--hash H]": the structure's parameters for a usage line. */
void cli_params_usage(char *buf, size_t len, const amq_structure *s, cli_param_set set);
/* One line per parameter: option, meaning, default. */
void cli_params_help(FILE *f, const amq_structure *s, cli_param_set set);
/* "bloom, counting, ...": every structure's name. */
const char *cli_structure_names(void);
/* Prints a parameter's value (a hash strategy by name, AMQ_AUTO as "auto"). */
void cli_print_param(FILE *f, const amq_param_info *q, uint64_t v);

/* "from -b 10, -k 1000, -n 10000 (and by default --block-bits 512)": the options behind a
 * refusal whose words are the library's ("m = 512" for a block of 512 bits), so that the
 * message names what the user gave (issue 26, class 9).  extra (may be NULL) is the
 * command's own option, such as "-n 10000".  A static buffer, overwritten by the next call. */
const char *cli_params_given(const amq_structure *s, cli_param_set set, const amq_params *p, const int *given,
                             const char *extra);

/* The same as a JSON value (names and "auto" quoted). */
void cli_json_param(FILE *f, const amq_param_info *q, uint64_t v);

#endif
