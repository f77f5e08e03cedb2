/* amq check --plugin | --exec | --impl: what the command, its report and its plot share. */
#ifndef AMQ_CLI_CHECK_IMPL_H
#define AMQ_CLI_CHECK_IMPL_H
#include <amq/check_impl.h>
#include <amq/filter_rate.h>
#include <stdio.h>

typedef struct check_run {
    amq_impl *impl;
    const char *how;         /* "--plugin ./x.so", "--exec 'cmd'", "--impl bloom" */
    const char *key_file;    /* --key-file, or NULL                             */
    amq_impl_check_config cfg;
    amq_impl_check_result res;
    int unstarted;           /* the process failed before its first filter (impl NULL) */
} check_run;

/* The human report and the JSON object on f. */
void check_report_text(FILE *f, const check_run *c);
void check_report_json(FILE *f, const check_run *c);
/* Draws the FP rate against the load with gnuplot into path (.svg or .png), replaced only
 * once drawn; 0, or an exit status after printing why.  check_plot_possible: whether gnuplot
 * is there, asked before the check runs (the same answer and message). */
int check_plot(const check_run *c, const char *path);
int check_plot_possible(void);

#endif
