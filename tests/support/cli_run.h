/* Running the amq binary from a test: build/amq (or $AMQ_BIN, or $AMQ_BUILD/amq) in a
 * fresh temporary directory. */
#ifndef AMQ_TEST_CLI_RUN_H
#define AMQ_TEST_CLI_RUN_H
#include "tmp_dir.h"

extern const char *cli_amq;   /* absolute path of the binary */
extern char cli_dir[TMP_DIR_SIZE];/* the test's directory, the commands' working directory */
extern char cli_out[1 << 16]; /* stdout + stderr of the last cli_run */
extern char cli_root[1024];    /* the working directory at setup: the repository root under make check */

/* 0 on success (for cmocka group setup/teardown). */
int cli_run_setup(void);
int cli_run_teardown(void);
/* Runs the shell command (printf format) in cli_dir; returns its exit status (124 when
 * `timeout` killed it, 128 when it did not exit normally). */
int cli_run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Runs the shell command (printf format, up to 8 KiB) where the test runs, output not
 * captured; returns its exit status as cli_run does.  The one copy of the tests' shell
 * helper (issue 24). */
int cli_sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* cli_run_setup / cli_run_teardown as a cmocka group fixture. */
int cli_run_group_setup(void **state);
int cli_run_group_teardown(void **state);

#endif
