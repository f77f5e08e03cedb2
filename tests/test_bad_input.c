/* Runs the bad-input table (docs/bad-input.md) through tests/test_bad_input.sh against the
 * amq binary under test (build/amq, $AMQ_BUILD/amq or $AMQ_BIN). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/cli_run.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void bad_input_table(void **state)
{
    (void)state;
    char here[1024];
    assert_non_null(getcwd(here, sizeof here)); /* the repository root (make check runs there) */
    const int rc = cli_run("sh '%s/tests/test_bad_input.sh' '%s' '%s/docs/bad-input.md'", here, cli_amq, here);
    print_message("%s", cli_out);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(cli_out, " 0 failed"));
}

static int setup(void **state)
{
    (void)state;
    return cli_run_setup();
}

static int teardown(void **state)
{
    (void)state;
    return cli_run_teardown();
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(bad_input_table)};
    return cmocka_run_group_tests(tests, setup, teardown);
}
