/* The generic-layer check (tools/check-generic-layer.py, docs/adding-a-structure.md): the
 * shared code names no structure, every registry entry has the files the recipe requires, and
 * a planted structure name or a missing file in a scratch tree is found and named. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/cli_run.h"
#include <string.h>

static void tree_names_no_structure_in_shared_code(void **state)
{
    (void)state;
    const int rc = cli_run("python3 '%s/tools/check-generic-layer.py' '%s'", cli_root, cli_root);
    print_message("%s", cli_out);
    assert_int_equal(rc, 0);
    /* every registry entry read: as many structures as X( entries in the list */
    assert_int_equal(cli_run("n=$(sed -n '/#define AMQ_STRUCTURES/,$p' '%s/src/lib_internal/registry.h' | grep -c 'X(') && "
                             "python3 '%s/tools/check-generic-layer.py' '%s' | grep -q \"^0 finding(s) over $n structures\"",
                             cli_root, cli_root, cli_root),
                     0);
}

/* A scratch tree with one structure, foo, added by the recipe: clean; then the generic
 * layer names it, then its header is left out of the umbrella. */
static void planted_findings_are_named(void **state)
{
    (void)state;
    assert_int_equal(cli_run("mkdir -p t/src/lib_internal t/include/amq && "
                             "printf '#define AMQ_STRUCTURES X(foo, FOO, 7)\\n' > t/src/lib_internal/registry.h && "
                             "printf '#include <amq/foo.h>\\n' > t/include/amq.h && touch t/include/amq/foo.h && "
                             "printf 'const amq_structure amq_structure_foo = {0};\\n' > t/src/foo_structure.c && "
                             "printf 'int amq_filter_add(void) { return 0; }\\n' > t/src/filter.c"),
                     0);
    int rc = cli_run("python3 '%s/tools/check-generic-layer.py' t", cli_root);
    print_message("%s", cli_out);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(cli_out, "0 finding(s) over 1 structures"));

    assert_int_equal(cli_run("printf 'int x(void) { return amq_foo_add() + AMQ_TYPE_FOO; }\\n' >> t/src/filter.c"), 0);
    rc = cli_run("python3 '%s/tools/check-generic-layer.py' t", cli_root);
    print_message("%s", cli_out);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(cli_out, "src/filter.c:2: names the structure symbol 'amq_foo_add'"));
    assert_non_null(strstr(cli_out, "src/filter.c:2: names the structure symbol 'AMQ_TYPE_FOO'"));

    assert_int_equal(cli_run("printf 'int amq_filter_add(void) { return 0; }\\n' > t/src/filter.c && "
                             "printf '\\n' > t/include/amq.h"),
                     0);
    rc = cli_run("python3 '%s/tools/check-generic-layer.py' t", cli_root);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(cli_out, "include/amq.h:1: does not include <amq/foo.h>"));
    assert_non_null(strstr(cli_out, "1 finding(s)"));
}

static void not_a_tree_is_refused(void **state)
{
    (void)state;
    const int rc = cli_run("python3 '%s/tools/check-generic-layer.py' nowhere", cli_root);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(cli_out, "'nowhere' is not the repository root"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(tree_names_no_structure_in_shared_code),
                                       cmocka_unit_test(planted_findings_are_named),
                                       cmocka_unit_test(not_a_tree_is_refused)};
    return cmocka_run_group_tests(tests, cli_run_group_setup, cli_run_group_teardown);
}
