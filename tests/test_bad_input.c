/* Runs the bad-input table (docs/bad-input.md) through tests/test_bad_input.sh against the
 * amq binary under test (build/amq, $AMQ_BUILD/amq or $AMQ_BIN). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/cli_run.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The ASan+UBSan build of this test runs the table against the CLI built the same way
 * (BUILD/asan/amq, beside BUILD/amq), so that the rows' runs are sanitized too. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

static const char *binary_under_test(void)
{
#ifdef UNDER_ASAN
    static char bin[1100];
    const char *slash = strrchr(cli_amq, '/');
    if (getenv("AMQ_BIN") || !slash) /* a binary named by the user is the one tested */
        return cli_amq;
    snprintf(bin, sizeof bin, "%.*s/asan/amq", (int)(slash - cli_amq), cli_amq);
    assert_int_equal(access(bin, X_OK), 0); /* make check builds it */
    return bin;
#else
    return cli_amq;
#endif
}

static void bad_input_table(void **state)
{
    (void)state;
    char here[1024];
    assert_non_null(getcwd(here, sizeof here)); /* the repository root (make check runs there) */
    const char *amq = binary_under_test();
    print_message("binary under test: %s\n", amq);
    const int rc = cli_run("sh '%s/tests/test_bad_input.sh' '%s' '%s/docs/bad-input.md'", here, amq, here);
    print_message("%s", cli_out);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(cli_out, " 0 failed"));
}

/* The runner's power: each planted row of tests/data/bad-input/planted.md changes the
 * directory in one way (content, mode, a symlink's target, a new file, a byte overwritten in
 * place) and must be reported; the row that changes nothing must pass. */
static void planted_changes_are_caught(void **state)
{
    (void)state;
    char here[1024];
    assert_non_null(getcwd(here, sizeof here));
    const int rc = cli_run("sh '%s/tests/test_bad_input.sh' '%s' '%s/tests/data/bad-input/planted.md'", here,
                           binary_under_test(), here);
    print_message("%s", cli_out);
    assert_int_not_equal(rc, 0);
    for (int row = 1; row <= 5; row++) {
        char want[64];
        snprintf(want, sizeof want, "FAIL row %d: ", row);
        assert_non_null(strstr(cli_out, want));
    }
    assert_null(strstr(cli_out, "FAIL row 6: "));
    assert_non_null(strstr(cli_out, "bad input: 6 rows, 1 passed, 5 failed"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(planted_changes_are_caught),
                                       cmocka_unit_test(bad_input_table)};
    return cmocka_run_group_tests(tests, cli_run_group_setup, cli_run_group_teardown);
}
