/* amq check --plugin | --exec | --impl and amq serve, end to end through the CLI: the
 * reports (text, JSON, plots), the replay file, exit statuses and usage errors. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "support/build_dir.h"

static char dir[64], out[1 << 16];
static char amq[1024], adapters[1024];

/* Runs `cmd` in the scratch directory; stdout+stderr into out; returns the exit status. */
static int run(const char *fmt, ...)
{
    char cmd[4096], full[4600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    snprintf(full, sizeof full, "cd '%s' && (%s) > out.txt 2>&1", dir, cmd);
    const int rc = system(full);
    char p[128];
    snprintf(p, sizeof p, "%s/out.txt", dir);
    FILE *f = fopen(p, "r");
    const size_t n = f ? fread(out, 1, sizeof out - 1, f) : 0;
    out[n] = 0;
    if (f)
        fclose(f);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128;
}

static void expect(int rc, int want, const char *text)
{
    if (rc != want || (text && !strstr(out, text)))
        fail_msg("exit %d (want %d), want '%s' in:\n%s", rc, want, text ? text : "", out);
}

static int setup(void **state)
{
    (void)state;
    amq_test_build_path(amq, sizeof amq, "amq");
    amq_test_build_path(adapters, sizeof adapters, "adapters");
    strcpy(dir, "/tmp/amq-check-impl-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void test_reports(void **state)
{
    (void)state;
    expect(run("%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --filters 300", amq), 0, "verdict         pass");
    assert_non_null(strstr(out, "accuracy score  98  (CMU 15-122: 100 x 5937 true negatives / 6000 fresh queries"));
    assert_non_null(strstr(out, "no false negative: 30000 queries of added keys"));
    assert_non_null(strstr(out, "family-wise rate <= 1e-06 over the 4 rate tests (Holm)"));
    expect(run("%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --filters 300 --json > a.json && "
               "%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --filters 300 --json > b.json && "
               "cmp a.json b.json && cat a.json",
               amq, amq),
           0, "\"verdict\": \"pass\"");
    assert_non_null(strstr(out, "\"design\": \"shared\""));
    assert_non_null(strstr(out, "\"correction\": \"holm\""));
    assert_non_null(strstr(out, "\"accuracy\": {\"score\": 98, \"negatives\": 5937, \"queries\": 6000"));
    /* counting through amq's own plugin, one query per filter, with removals */
    expect(run("%s check --plugin %s/amq-plugin.so --plugin-arg 'counting m=1000 k=5' --model counting -m 1000 -k 5 "
               "-n 100 --queries 1 --filters 3000 --remove 40",
               amq, adapters),
           0, "pass (after removals)");
    assert_non_null(strstr(out, "exact binomial test, Clopper-Pearson intervals"));
    /* a model without registered moments: one query per filter by default, refused with more */
    expect(run("%s check --impl blocked-bloom --model blocked-bloom -b 16 -k 6 -n 100 --filters 3000", amq), 0,
           "exact binomial test, Clopper-Pearson intervals");
    assert_non_null(strstr(out, "verdict         pass"));
    expect(run("%s check --impl partitioned --model partitioned -m 1000 -k 5 -n 100 --queries 20", amq), 1,
           "the moments of the partitioned rate are not known");
    /* an implementation checked against another structure's model: counting vs bloom */
    expect(run("%s check --impl counting --impl-param width=8 --model bloom -m 1000 -k 5 -n 100 --filters 300", amq),
           0, "verdict         pass");
}

static void test_plots(void **state)
{
    (void)state;
    expect(run("%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --filters 300 --plot p.svg && "
               "grep -c '<svg' p.svg",
               amq),
           0, "1");
    expect(run("%s check --impl quotient --model quotient -q 8 -r 6 -n 100 --filters 300 --plot p.png && "
               "head -c 4 p.png | od -c | head -1",
               amq),
           0, "P   N   G");
    /* no gnuplot: the report, then a clear message and status 1 */
    expect(run("PATH=/nonexistent %s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --filters 30 --plot q.svg",
               amq),
           1, "--plot needs gnuplot, which is not on the PATH");
    assert_non_null(strstr(out, "verdict         pass"));
}

static void test_failures(void **state)
{
    (void)state;
    expect(run("%s check --plugin %s/planted-false-negative.so --plugin-arg 'm=1000 k=6' --model bloom -m 1000 -k 6 "
               "-n 100 --replay ops.txt",
               amq, adapters),
           1, "FALSE NEGATIVE  false negative: key ");
    assert_non_null(strstr(out, "-> no"));
    /* the replay file is the filter's operations; its last one the query answered "no" */
    expect(run("head -1 ops.txt; tail -1 ops.txt | cut -c1-6; wc -l < ops.txt"), 0, "new ");
    assert_non_null(strstr(out, "query "));
    expect(run("%s check --plugin %s/planted-biased-hash.so --plugin-arg 'm=1000 k=6' --model bloom -m 1000 -k 6 "
               "-n 100",
               amq, adapters),
           1, "verdict         FAIL: FP rate above the model at load");
    expect(run("%s check --exec 'read l; echo hello 1 x; exit 3' --model bloom -m 1000 -k 6 -n 100", amq), 1,
           "the check ended: process 'x' exited with status 3");
    expect(run("%s check --plugin %s/planted-wrong-abi.so --model none -n 10", amq, adapters), 1,
           "built for plugin ABI version 2");
}

/* Progress goes to stderr only when it is a terminal (and the check lasts over a second). */
static void test_progress(void **state)
{
    (void)state;
    expect(run("%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --queries 1 --filters 100000 2> err.txt "
               ">/dev/null; wc -c < err.txt",
               amq),
           0, "0\n");
    if (run("command -v script") != 0) {
        print_message("SKIP: no `script` (bsdutils) to give the check a terminal\n");
        skip();
    }
    expect(run("script -qec \"%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --queries 1 --filters 200000 "
               ">/dev/null\" /dev/null",
               amq),
           0, "check [");
}

static void test_usage_errors(void **state)
{
    (void)state;
    expect(run("%s check --impl bloom -n 10", amq), 2, "missing --model NAME");
    expect(run("%s check --impl bloom --model nosuch -n 10", amq), 2, "--model: unknown structure 'nosuch'");
    expect(run("%s check --impl bloom --exec cat --model none -n 10", amq), 2, "exactly one implementation");
    expect(run("%s check --impl bloom --model bloom -m 10 -k 2", amq), 2, "missing the number of keys");
    expect(run("%s check --impl bloom --model bloom -m 10 -n 5", amq), 2, "--model bloom: missing number of hash");
    expect(run("%s check --impl counting --model none -n 5", amq), 2, "--impl counting needs number of counters");
    expect(run("%s check --impl bloom --model bloom -m 10 -k 2 -n 5 --plot x.pdf", amq), 2, "must end in .svg or .png");
    expect(run("%s check --exec cat --plugin-arg x --model none -n 5", amq), 2, "--plugin-arg needs --plugin");
    expect(run("%s check --impl bloom --model bloom -m 10 -k 2 -n 5 --loads 9", amq), 1, "load points");
    expect(run("%s check --impl bloom --help", amq), 0, "--model NAME");
}

static void test_serve(void **state)
{
    (void)state;
    expect(run("printf 'hello 1\\nquery 00\\nnew 5\\nadd 00ff\\nquery 00ff\\nremove 00ff\\nfoo 1\\nadd 0\\nhello 2\\n' | "
               "%s serve bloom -m 100 -k 3",
               amq),
           0, "hello 1 amq-bloom\nerror no filter yet: send 'new SEED' first\nok\nok\nyes\nerror remove: a bloom filter "
              "cannot remove keys\nerror unknown request (hello, new, add, query, remove)\nerror odd number of hex "
              "digits\nerror amq serve speaks protocol version 1\n");
    expect(run("printf 'hello 1\\n' | %s serve counting -m 100 -k 3", amq), 0, "hello 1 amq-counting remove\n");
    expect(run("%s serve bloom -m 0 -k 3 < /dev/null", amq), 1, "amq serve:");
    expect(run("%s serve nosuch", amq), 2, "unknown structure 'nosuch'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reports),      cmocka_unit_test(test_plots), cmocka_unit_test(test_failures),
        cmocka_unit_test(test_usage_errors), cmocka_unit_test(test_serve), cmocka_unit_test(test_progress),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
