/* Issue 17 end to end through the amq binary: the CLI never hangs on its input, never
 * destroys what it was not asked to write, and refuses bad numbers and keys with a clear
 * message.  Every command that might hang runs under `timeout 60`: exit status 124 means
 * it hung (a hang detector; the commands finish in milliseconds). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/cli_run.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int setup(void **state)
{
    (void)state;
    if (cli_run_setup() != 0)
        return -1;
    return cli_run("seq 1 500 > keys.txt && mkfifo pipe") == 0 ? 0 : -1;
}

static int exists(const char *name)
{
    char p[160];
    snprintf(p, sizeof p, "%s/%s", cli_dir, name);
    struct stat sb;
    return lstat(p, &sb) == 0;
}

static mode_t mode_of(const char *name)
{
    char p[160];
    snprintf(p, sizeof p, "%s/%s", cli_dir, name);
    struct stat sb;
    assert_int_equal(lstat(p, &sb), 0);
    return sb.st_mode;
}

/* Defect 1: `amq info/query/remove` on a FIFO blocked for ever. */
static void fifo_input_does_not_hang(void **state)
{
    (void)state;
    const char *cmds[] = {"info", "query", "remove"};
    for (int i = 0; i < 3; i++) {
        const int rc = cli_run("timeout 60 '%s' %s pipe < /dev/null", cli_amq, cmds[i]);
        assert_int_not_equal(rc, 124);
        assert_int_equal(rc, 1);
        assert_non_null(strstr(cli_out, "FIFO"));
        assert_non_null(strstr(cli_out, "pipe"));
    }
    assert_true(S_ISFIFO(mode_of("pipe")));
}

/* Defect 2: the exponent loop ran once per unit of the exponent. */
static void number_parser_does_not_hang(void **state)
{
    (void)state;
    int rc = cli_run("timeout 60 '%s' build -m '1^18446744073709551615' -k 3 -o one.amq < /dev/null", cli_amq);
    assert_int_not_equal(rc, 124);
    assert_int_equal(rc, 0); /* 1^E = 1: a one-bit filter */
    assert_int_equal(cli_run("'%s' info one.amq | grep -c '^m  *1 '", cli_amq), 0);
    rc = cli_run("timeout 60 '%s' build -m 0e99999999999999 -k 3 -o zero.amq < /dev/null", cli_amq);
    assert_int_not_equal(rc, 124);
    assert_int_equal(rc, 1); /* 0eE = 0, which a Bloom filter refuses */
    assert_non_null(strstr(cli_out, "m = 0"));
    assert_false(exists("zero.amq"));
}

/* Defect 3: whitespace then a minus sign wrapped to 2^64 - 1. */
static void signs_and_spaces_are_refused(void **state)
{
    (void)state;
    const char *bad[] = {" -1", " -1e0", "\f-18", "-1", "+5", "5 ", ""};
    const char *why[] = {"spaces", "spaces", "spaces", "negative", "signs", "spaces", "empty"};
    for (int i = 0; i < 7; i++) {
        assert_int_equal(cli_run("timeout 60 '%s' build -m '%s' -k 3 -o x.amq < /dev/null", cli_amq, bad[i]), 2);
        assert_non_null(strstr(cli_out, "invalid value for -m"));
        assert_non_null(strstr(cli_out, why[i]));
        assert_false(exists("x.amq"));
    }
    assert_int_equal(cli_run("'%s' build -n 10 -p ' 0.5' -o x.amq < /dev/null", cli_amq), 2);
    assert_non_null(strstr(cli_out, "invalid value for -p"));
    assert_int_equal(cli_run("'%s' build -n 10 -p 1e-3 -o x.amq < /dev/null", cli_amq), 0);
}

/* Defect 4: -o a FIFO, a character device or a symbolic link replaced the node. */
static void outputs_are_not_replaced_blindly(void **state)
{
    (void)state;
    assert_int_equal(cli_run("timeout 60 '%s' build -m 100 -k 3 -o pipe < keys.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "FIFO"));
    assert_true(S_ISFIFO(mode_of("pipe")));
    if (cli_run("mknod dev c 1 7") == 0) { /* /dev/full's numbers, made here */
        assert_int_equal(cli_run("'%s' build -m 100 -k 3 -o dev < keys.txt", cli_amq), 1);
        assert_non_null(strstr(cli_out, "character device"));
        assert_true(S_ISCHR(mode_of("dev")));
        assert_int_equal(cli_run("ln -s dev to-dev && '%s' build -m 100 -k 3 -o to-dev < keys.txt", cli_amq), 1);
        assert_true(S_ISLNK(mode_of("to-dev")));
    }
    /* a symbolic link to a filter: the filter is rewritten, the link stays */
    assert_int_equal(cli_run("'%s' build -m 100 -k 3 -o real.amq < keys.txt && ln -s real.amq link.amq", cli_amq), 0);
    assert_int_equal(cli_run("'%s' build -m 200 -k 3 -o link.amq < keys.txt", cli_amq), 0);
    assert_true(S_ISLNK(mode_of("link.amq")));
    assert_int_equal(cli_run("'%s' info real.amq | grep -c '^m  *200 '", cli_amq), 0);
    /* a directory */
    assert_int_equal(cli_run("mkdir -p d && '%s' build -m 100 -k 3 -o d < keys.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "directory"));
}

/* Defect 5: outputs were 0600 whatever the umask; `amq remove` made a 0644 file 0600. */
static void output_modes(void **state)
{
    (void)state;
    assert_int_equal(cli_run("umask 022 && '%s' build --type counting -m 1000 -k 3 -o c.amq < keys.txt", cli_amq), 0);
    assert_int_equal(mode_of("c.amq") & 0777, 0644);
    assert_int_equal(cli_run("umask 077 && seq 1 10 | '%s' remove c.amq", cli_amq), 0);
    assert_int_equal(mode_of("c.amq") & 0777, 0644);
    assert_int_equal(cli_run("chmod 0640 c.amq && seq 11 20 | '%s' remove c.amq", cli_amq), 0);
    assert_int_equal(mode_of("c.amq") & 0777, 0640);
}

/* The checksum error names the file (defect 7, library half). */
static void checksum_error_names_the_file(void **state)
{
    (void)state;
    assert_int_equal(cli_run("'%s' build -m 1000 -k 3 -o sum.amq < keys.txt && "
                             "printf '\\377' | dd of=sum.amq bs=1 seek=80 conv=notrunc 2>/dev/null",
                             cli_amq),
                     0);
    assert_int_equal(cli_run("'%s' info sum.amq", cli_amq), 1);
    assert_non_null(strstr(cli_out, "checksum"));
    assert_non_null(strstr(cli_out, "sum.amq"));
}

/* Key lines are bounded: a key over the limit (1 MiB) is an error naming its line, and
 * nothing is written. */
static void long_keys_are_refused(void **state)
{
    (void)state;
    assert_int_equal(cli_run("{ echo short; head -c 1048577 /dev/zero | tr '\\0' k; echo; } | "
                             "timeout 60 '%s' build -m 1000 -k 3 -o long.amq",
                             cli_amq),
                     1);
    assert_non_null(strstr(cli_out, "line 2"));
    assert_non_null(strstr(cli_out, "1048576 bytes"));
    assert_false(exists("long.amq"));
    /* exactly the limit is fine */
    assert_int_equal(cli_run("head -c 1048576 /dev/zero | tr '\\0' k | '%s' build -m 1000 -k 3 -o ok.amq", cli_amq), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fifo_input_does_not_hang),
        cmocka_unit_test(number_parser_does_not_hang),
        cmocka_unit_test(signs_and_spaces_are_refused),
        cmocka_unit_test(outputs_are_not_replaced_blindly),
        cmocka_unit_test(output_modes),
        cmocka_unit_test(checksum_error_names_the_file),
        cmocka_unit_test(long_keys_are_refused),
    };
    return cmocka_run_group_tests(tests, setup, cli_run_group_teardown);
}
