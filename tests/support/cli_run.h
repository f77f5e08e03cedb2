/* Running the amq binary from a test: build/amq (or $AMQ_BIN, or $AMQ_BUILD/amq) in a
 * fresh temporary directory. */
#ifndef AMQ_TEST_CLI_RUN_H
#define AMQ_TEST_CLI_RUN_H
#include "tmp_dir.h"

extern const char *cli_amq;   /* absolute path of the binary */
extern char cli_dir[TMP_DIR_SIZE];/* the test's directory, the commands' working directory */
extern char cli_out[1 << 16]; /* stdout + stderr of the last cli_run */

/* 0 on success (for cmocka group setup/teardown). */
int cli_run_setup(void);
int cli_run_teardown(void);
/* Runs the shell command (printf format) in cli_dir; returns its exit status (124 when
 * `timeout` killed it, 128 when it did not exit normally). */
int cli_run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
