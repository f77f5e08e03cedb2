/* `make install` into a staging DESTDIR, then the README's C example is compiled
 * against the installed headers and amq.pc, and run (shared and static). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/cli_run.h"
#include "support/tmp_dir.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[TMP_DIR_SIZE];

static void install_and_use(void **state)
{
    (void)state;
    const char *b = getenv("AMQ_BUILD");
    char build[1024], cwd[512];
    assert_non_null(getcwd(cwd, sizeof cwd));
    snprintf(build, sizeof build, "%s", b ? b : "build");
    assert_int_equal(tmp_dir_make(dir, "install"), 0);
    assert_int_equal(cli_sh("make -s install BUILD='%s' PREFIX=/usr DESTDIR='%s' > '%s/log' 2>&1", build, dir, dir), 0);
    assert_int_equal(cli_sh("test -f %s/usr/include/amq.h && test -f %s/usr/lib/libamq.a && test -f %s/usr/lib/libamq.so.1"
                            " && test -x %s/usr/bin/amq && test -f %s/usr/lib/pkgconfig/amq.pc",
                            dir, dir, dir, dir, dir), 0);
    /* the first C block of the README is the example */
    assert_int_equal(cli_sh("awk '/^```c$/{f=1;next} /^```$/{if(f)exit} f' README.md > %s/example.c", dir), 0);
    assert_int_equal(cli_sh("grep -q amq_bloom_create_for %s/example.c", dir), 0);
    const char *pc = "PKG_CONFIG_PATH=%s/usr/lib/pkgconfig pkg-config --define-variable=prefix=%s/usr";
    char pkg[512];
    snprintf(pkg, sizeof pkg, pc, dir, dir);
    assert_int_equal(cli_sh("cc -std=c11 -Wall -Wextra -Werror %s/example.c $(%s --cflags --libs amq) -o %s/ex && "
                            "LD_LIBRARY_PATH=%s/usr/lib %s/ex > %s/out && grep -q 'alice: maybe' %s/out",
                            dir, pkg, dir, dir, dir, dir, dir), 0);
    assert_int_equal(cli_sh("cc -std=c11 %s/example.c $(%s --cflags amq) %s/usr/lib/libamq.a "
                            "$(%s --static --libs-only-l amq | sed 's/-lamq//') -o %s/exs && %s/exs > /dev/null",
                            dir, pkg, dir, pkg, dir, dir), 0);
    assert_int_equal(cli_sh("%s/usr/bin/amq rate bloom -m 2 -k 2 -n 1 --exact | grep -q 5/8", dir), 0);
    assert_int_equal(tmp_dir_remove(dir), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(install_and_use)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
