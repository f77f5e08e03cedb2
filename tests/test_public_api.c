/* The public API is only the API: `make install` installs exactly include/amq.h and
 * include/amq/ headers (no kernel, ACSL logic, container reader or test hook), amq.h covers
 * every public header, each header compiles on its own, the filter headers do not pull in
 * GMP, and the shared library exports exactly the functions the headers declare AMQ_API. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/cli_run.h"
#include "support/tmp_dir.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char dir[TMP_DIR_SIZE];
static char build[512];

static int setup(void **state)
{
    (void)state;
    const char *b = getenv("AMQ_BUILD");
    snprintf(build, sizeof build, "%s", b ? b : "build");
    if (tmp_dir_make(dir, "api"))
        return -1;
    return cli_sh("make -s install BUILD='%s' PREFIX=/usr DESTDIR='%s' > '%s/log' 2>&1", build, dir, dir);
}

static int teardown(void **state)
{
    (void)state;
    return tmp_dir_remove(dir);
}

static void installs_only_public_headers(void **state)
{
    (void)state;
    assert_int_equal(cli_sh("cd '%s/usr/include' && find . -type f | sort > '%s/installed'", dir, dir), 0);
    assert_int_equal(cli_sh("cd include && find . -type f | sort > '%s/public'", dir), 0);
    assert_int_equal(cli_sh("cmp -s '%s/installed' '%s/public'", dir, dir), 0);
    /* nothing internal: no kernel contract, ACSL logic, container reader or hook */
    assert_int_equal(cli_sh("grep -l 'lib_internal/\\|_logic.h\\|/\\*@' -r '%s/usr/include' > '%s/leaks'", dir, dir), 1);
}

static void umbrella_covers_everything(void **state)
{
    (void)state;
    assert_int_equal(cli_sh("cd include/amq && for h in *.h; do grep -q \"#include <amq/$h>\" ../amq.h || "
                            "{ echo \"amq.h misses $h\"; exit 1; }; done"),
                     0);
}

static void headers_stand_alone(void **state)
{
    (void)state;
    assert_int_equal(cli_sh("cd '%s/usr/include/amq' && for h in *.h; do printf '#include <amq/%%s>\\n' \"$h\" | "
                            "cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I'%s/usr/include' -x c - || "
                            "{ echo \"$h does not compile alone\"; exit 1; }; done",
                            dir, dir),
                     0);
}

/* The headers of rates, certified arithmetic and checks need GMP; a plain filter user's do not. */
static void filters_do_not_need_gmp(void **state)
{
    (void)state;
    assert_int_equal(cli_sh("cd '%s/usr/include/amq' && for h in *.h; do case $h in spec_*|certified.h|check.h|"
                            "filter_rate.h) continue ;; esac; printf '#include <amq/%%s>\\n' \"$h\" | cc -M -I'%s/usr/include' "
                            "-x c - | grep -q 'gmp.h\\|mpfr.h' && { echo \"$h pulls in GMP\"; exit 1; }; done; exit 0",
                            dir, dir),
                     0);
}

/* Exported symbols == functions declared AMQ_API in the public headers, and every function
 * a public header declares is declared AMQ_API (a declaration starts a line with its type). */
static void exports_only_the_api(void **state)
{
    (void)state;
    assert_int_equal(cli_sh("grep -nE '^[a-z][a-z0-9_ ]*[ *]amq_[a-z0-9_]+ *\\(' include/amq/*.h | "
                            "grep -vE ':(static|typedef|extern|AMQ_API) '"),
                     1);
    assert_int_equal(cli_sh("nm -D --defined-only '%s/libamq.so' | awk '$2 == \"T\" {print $3}' | sort > '%s/exported'",
                            build, dir),
                     0);
    assert_int_equal(cli_sh("cc -E -P -DAMQ_API=__amq_api__ -Iinclude include/amq.h | tr '\\n' ' ' | "
                            "grep -o '__amq_api__[^;]*' | sed -E 's/^[^(]*[^a-z0-9_](amq_[a-z0-9_]+) *\\(.*$/\\1/' | "
                            "sort -u > '%s/declared'",
                            dir),
                     0);
    assert_int_equal(cli_sh("test -s '%s/declared' && test -s '%s/exported'", dir, dir), 0);
    if (cli_sh("cmp -s '%s/exported' '%s/declared'", dir, dir) != 0) {
        cli_sh("diff '%s/declared' '%s/exported' | sed 's/^</declared, not exported:/; s/^>/exported, not declared:/'",
               dir, dir);
        fail();
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(installs_only_public_headers), cmocka_unit_test(umbrella_covers_everything),
        cmocka_unit_test(headers_stand_alone),          cmocka_unit_test(filters_do_not_need_gmp),
        cmocka_unit_test(exports_only_the_api),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
