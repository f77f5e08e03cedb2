/* Messages name what the user gave, never an internal function (issue 26, class 9): the
 * tree passes tools/check-messages.py, a planted internal name in a scratch tree is found,
 * and the refusals of `amq rate` read in words, whole. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/cli_run.h"
#include <regex.h>
#include <stdio.h>
#include <string.h>

static void tree_names_no_internal_function(void **state)
{
    (void)state;
    const int rc = cli_run("python3 '%s/tools/check-messages.py' '%s'", cli_root, cli_root);
    print_message("%s", cli_out);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(cli_out, "0 message(s) naming an internal function"));
}

/* A scratch tree: a public function's name in a NULL message passes; an internal prefix in
 * src/ and a bare `who` identifier in spec/ are found; neither in a comment counts. */
static void planted_internal_names_are_found(void **state)
{
    (void)state;
    assert_int_equal(cli_run("mkdir -p t/include/amq t/src t/spec t/tools && "
                             "printf 'int amq_pub(int x);\\n' > t/include/amq/a.h && "
                             "printf 'const char *a = \"amq_pub: NULL output\";\\n"
                             "/* \"fp_state: in a comment\" */\\n' > t/src/ok.c && "
                             "printf 'const char *b = \"words first\";\\n"
                             "const char *c = \"fp_state: k is too large\";\\n' > t/src/bad.c && "
                             "printf 'int f(const char *);\\nint g(void) { return f(\"bloom_fp_exact\"); }\\n' "
                             "> t/spec/who.c"),
                     0);
    const int rc = cli_run("python3 '%s/tools/check-messages.py' t", cli_root);
    print_message("%s", cli_out);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(cli_out, "src/bad.c:2: \"fp_state: k is too large\""));
    assert_non_null(strstr(cli_out, "spec/who.c:2: \"bloom_fp_exact\""));
    assert_null(strstr(cli_out, "ok.c"));
    assert_non_null(strstr(cli_out, "2 message(s)"));
}

static void not_a_tree_is_refused(void **state)
{
    (void)state;
    const int rc = cli_run("python3 '%s/tools/check-messages.py' nowhere", cli_root);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(cli_out, "'nowhere' is not the repository root"));
}

/* No token of the form name_with_underscore followed by ':' or '(' in the output. */
static void assert_no_identifier(const char *out)
{
    regex_t re;
    assert_int_equal(regcomp(&re, "[a-z][a-z0-9]*_[a-z0-9_]+[:(]", REG_EXTENDED | REG_NOSUB), 0);
    const int found = regexec(&re, out, 0, NULL, 0) == 0;
    regfree(&re);
    if (found)
        print_message("identifier in: %s\n", out);
    assert_false(found);
}

/* Refusals of the rate computations, one per cost model and family, as a user meets them:
 * each is in words and whole (the exact note was cut at 200 characters before), and ends
 * with the options it came from. */
static void rate_refusals_read_in_words(void **state)
{
    (void)state;
    assert_int_equal(cli_run("'%s' rate bloom -m 1000 -k 3 -n 100000000 --exact", cli_amq), 0);
    assert_non_null(strstr(cli_out, "not computed: exact Bloom rate: the denominator"));
    assert_non_null(strstr(cli_out, "instead (the *_fp_enclose functions; amq rate without --exact) (from -m 1000, -k 3, -n 100000000)\n"));
    assert_no_identifier(cli_out);

    assert_int_equal(cli_run("'%s' rate quotient -q 40 -r 20 -n 100000000 --exact", cli_amq), 0);
    assert_non_null(strstr(cli_out, "not computed: exact quotient rate:"));
    assert_no_identifier(cli_out);

    assert_int_equal(cli_run("'%s' rate sliding-bloom -m 18446744073709551615 -k 1024 -w 10 -n 100", cli_amq), 1);
    assert_non_null(strstr(cli_out, "amq rate: sliding-window rate decimal: m = 18446744073709551615"));
    assert_no_identifier(cli_out);

    assert_int_equal(cli_run("'%s' rate blocked-bloom -b 10 -k 1000 -n 10000", cli_amq), 1);
    assert_non_null(strstr(cli_out, "amq rate: blocked Bloom rate decimal:"));
    /* its "m = 512" is the block: the message names the options behind it (issue 26, class 9) */
    assert_non_null(strstr(cli_out, "(from -b 10, -k 1000, -n 10000 (and by default --block-bits 512))\n"));
    assert_no_identifier(cli_out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tree_names_no_internal_function), cmocka_unit_test(planted_internal_names_are_found),
        cmocka_unit_test(not_a_tree_is_refused), cmocka_unit_test(rate_refusals_read_in_words)};
    return cmocka_run_group_tests(tests, cli_run_group_setup, cli_run_group_teardown);
}
