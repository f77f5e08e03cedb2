/* The stale-path check (tools/check-comment-paths.py): the tree's comments name only files
 * that exist, and a planted stale path in a scratch tree is found and named. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/cli_run.h"
#include <stdio.h>
#include <string.h>

static void tree_has_no_stale_path(void **state)
{
    (void)state;
    const int rc = cli_run("python3 '%s/tools/check-comment-paths.py' '%s'", cli_root, cli_root);
    print_message("%s", cli_out);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(cli_out, "0 stale path(s)"));
}

/* A scratch tree: one comment names a file that exists, through an include directory and
 * from the repository root; the planted one names a file that does not. */
static void planted_stale_path_is_found(void **state)
{
    (void)state;
    assert_int_equal(cli_run("mkdir -p t/src/lib_internal t/acsl/amq t/proofs && "
                             "touch t/src/lib_internal/k.h t/acsl/amq/l.h && "
                             "printf '/* see lib_internal/k.h and acsl/amq/l.h */\\nint x;\\n' > t/src/ok.c && "
                             "printf 'int y; // moved: amq/k.h\\n' > t/src/stale.c"),
                     0);
    int rc = cli_run("python3 '%s/tools/check-comment-paths.py' t", cli_root);
    print_message("%s", cli_out);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(cli_out, "src/stale.c:1: 'amq/k.h' names no file"));
    assert_null(strstr(cli_out, "ok.c"));
    assert_non_null(strstr(cli_out, "1 stale path(s)"));
    /* a path inside a string literal is code, not a comment */
    assert_int_equal(cli_run("printf 'const char *p = \"amq/k.h\";\\n' > t/src/stale.c"), 0);
    rc = cli_run("python3 '%s/tools/check-comment-paths.py' t", cli_root);
    assert_int_equal(rc, 0);
}

static void not_a_tree_is_refused(void **state)
{
    (void)state;
    const int rc = cli_run("python3 '%s/tools/check-comment-paths.py' nowhere", cli_root);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(cli_out, "'nowhere' is not the repository root"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(tree_has_no_stale_path),
                                       cmocka_unit_test(planted_stale_path_is_found),
                                       cmocka_unit_test(not_a_tree_is_refused)};
    return cmocka_run_group_tests(tests, cli_run_group_setup, cli_run_group_teardown);
}
