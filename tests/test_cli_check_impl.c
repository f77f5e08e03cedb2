/* amq check --plugin | --exec | --impl and amq serve, end to end through the CLI: the
 * reports (text, JSON, plots), the replay file, exit statuses and usage errors. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "support/build_dir.h"
#include "support/cli_run.h"
#include "support/test_scale.h"

static char adapters[1024];

/* Both passes run the same uninstrumented build/amq, so the ASan pass (AMQ_TEST_SCALE) repeats
 * its work and sanitizes only this driver: there the slow runs that must pass use fewer load
 * points (blocked Bloom's moments, computed per load point, are most of their time) and fewer
 * filters.  The runs that must fail keep their full size in both passes. */
static unsigned long long scaled(uint64_t full, uint64_t least)
{
    return (unsigned long long)amq_test_scaled(full, least);
}

static void expect(int rc, int want, const char *text)
{
    if (rc != want || (text && !strstr(cli_out, text)))
        fail_msg("exit %d (want %d), want '%s' in:\n%s", rc, want, text ? text : "", cli_out);
}

static int setup(void **state)
{
    (void)state;
    amq_test_build_path(adapters, sizeof adapters, "adapters");
    return cli_run_setup();
}

static void test_reports(void **state)
{
    (void)state;
    expect(cli_run("%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --filters 300", cli_amq), 0, "verdict         pass");
    assert_non_null(strstr(cli_out, "accuracy score  98  (CMU 15-122: 100 x 5937 true negatives / 6000 fresh queries"));
    assert_non_null(strstr(cli_out, "no false negative: 30000 queries of added keys"));
    assert_non_null(strstr(cli_out, "family-wise rate <= 1e-06 over the 4 rate tests and the dispersion tests (Holm)"));
    assert_non_null(strstr(cli_out, "dispersion      pairs of positives within a filter"));
    expect(cli_run("%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --filters 300 --json > a.json && "
               "%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --filters 300 --json > b.json && "
               "cmp a.json b.json && cat a.json", cli_amq, cli_amq),
           0, "\"verdict\": \"pass\"");
    assert_non_null(strstr(cli_out, "\"design\": \"shared\""));
    assert_non_null(strstr(cli_out, "\"correction\": \"holm\""));
    assert_non_null(strstr(cli_out, "\"dispersion\": {\"pairs\": "));
    assert_non_null(strstr(cli_out, "\"accuracy\": {\"score\": 98, \"negatives\": 5937, \"queries\": 6000"));
    /* a rate multiplied per filter by 1/2 or 3/2: the mean passes, the spread does not */
    expect(cli_run("%s check --exec '%s/planted-adapter spread 1000 5' --model counting -m 1000 -k 5 -n 200 "
                   "--filters 2000 --remove 0", cli_amq, adapters),
           1, "verdict         FAIL: FP rate varies between filters beyond the model at load 200 keys: ");
    assert_non_null(strstr(cli_out, "FAIL (spread above the model)"));
    /* counting through amq's own plugin, one query per filter, with removals */
    expect(cli_run("%s check --plugin %s/amq-plugin.so --plugin-arg 'counting m=1000 k=5' --model counting -m 1000 -k 5 "
               "-n 100 --queries 1 --filters 3000 --remove 40", cli_amq, adapters),
           0, "pass (after removals)");
    assert_non_null(strstr(cli_out, "then the first 40 keys removed and 1 fresh query more"));
    assert_non_null(strstr(cli_out, "exact binomial test, Clopper-Pearson intervals"));
    /* blocked Bloom gives E[pi^j] up to a cost limit (spec/blocked_moments_high.c): by default
     * as many queries per filter as it gives moments at n (8 here), on the exact law; more
     * when asked, on the bounds (10 here: the same path as 20, which took 22 s against 7.7),
     * at n only: its points at 25-75 keys would repeat those of the run before on a weaker
     * test, at 2.5 s of moments each */
    expect(cli_run("%s check --impl blocked-bloom --model blocked-bloom -b 16 -k 6 -n 100 --filters 3000 --loads %llu",
                   cli_amq, scaled(4, 1)),
           0, "the exact law of their sum");
    assert_non_null(strstr(cli_out, "8 fresh queries per filter at each"));
    assert_non_null(strstr(cli_out, "verdict         pass"));
    expect(cli_run("%s check --impl blocked-bloom --model blocked-bloom -b 16 -k 6 -n 100 --filters 1000 --queries 10 "
                   "--loads 1",
                   cli_amq),
           0, "Bernstein's bound with the exact mean and variance (E[pi^2])");
    assert_non_null(strstr(cli_out, "10 fresh queries per filter at each"));
    assert_non_null(strstr(cli_out, "verdict         pass"));
    /* the sliding window gives E[pi^j] (spec/window_moments.c): its real kernel, in process and
     * served over the protocol, passes with 4 queries per filter on the exact law, with the
     * dispersion test */
    expect(cli_run("%s check --impl sliding-bloom --model sliding-bloom -m 30000 -k 3 -w 10000 -g 4 -n 10000 "
                   "--queries 4 --filters %llu --seed 7",
                   cli_amq, scaled(1000, 250)),
           0, "the exact law of their sum (from E[pi^j], j <= Q, certified)");
    assert_non_null(strstr(cli_out, "4 fresh queries per filter at each"));
    assert_non_null(strstr(cli_out, "pairs of positives within a filter"));
    assert_non_null(strstr(cli_out, "verdict         pass"));
    expect(cli_run("%s check --exec '%s serve sliding-bloom -m 30000 -k 3 -w 10000 -g 4' --model sliding-bloom "
                   "-m 30000 -k 3 -w 10000 -g 4 -n 10000 --queries 4 --filters %llu --seed 7",
                   cli_amq, cli_amq, scaled(1000, 250)),
           0, "verdict         pass");
    /* the cuckoo model gives every moment to j = 128 (spec/cuckoo_moments.c): 20 queries per
     * filter by default, on the exact law, with the dispersion test; and 4 at a fixed seed */
    expect(cli_run("%s check --impl cuckoo --model cuckoo -B 64 -f 8 -n 100 --filters 3000", cli_amq), 0,
           "the exact law of their sum (from E[pi^j], j <= Q, certified)");
    assert_non_null(strstr(cli_out, "20 fresh queries per filter at each"));
    assert_non_null(strstr(cli_out, "pairs of positives within a filter"));
    assert_non_null(strstr(cli_out, "verdict         pass"));
    expect(cli_run("%s check --impl cuckoo --model cuckoo -B 1001 -f 8 -n 3000 --queries 4 --filters 1000 --seed 7",
                   cli_amq),
           0, "verdict         pass");
    /* an implementation checked against another structure's model: counting vs bloom */
    expect(cli_run("%s check --impl counting --impl-param width=8 --model bloom -m 1000 -k 5 -n 100 --filters 300", cli_amq),
           0, "verdict         pass");
}

static void test_plots(void **state)
{
    (void)state;
    expect(cli_run("%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --filters 300 --plot p.svg && "
               "grep -c '<svg' p.svg", cli_amq),
           0, "1");
    expect(cli_run("%s check --impl quotient --model quotient -q 8 -r 6 -n 100 --filters 300 --plot p.png && "
               "head -c 4 p.png | od -c | head -1", cli_amq),
           0, "P   N   G");
    /* no gnuplot: asked before the check runs, a clear message, status 1 and no report
     * (issue 26, class 9: it printed the report, then failed) */
    expect(cli_run("PATH=/nonexistent %s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --filters 30 --plot q.svg", cli_amq),
           1, "--plot needs gnuplot, which is not on the PATH (Debian: apt-get install gnuplot-nox); nothing was run");
    assert_null(strstr(cli_out, "verdict"));
}

static void test_failures(void **state)
{
    (void)state;
    expect(cli_run("%s check --plugin %s/planted-false-negative.so --plugin-arg 'm=1000 k=6' --model bloom -m 1000 -k 6 "
               "-n 100 --replay ops.txt", cli_amq, adapters),
           1, "FALSE NEGATIVE  false negative: key ");
    assert_non_null(strstr(cli_out, "-> no"));
    /* the replay file is the session from hello; its last request the query answered "no" */
    expect(cli_run("head -1 ops.txt; sed -n 2p ops.txt | cut -c1-4; tail -1 ops.txt | cut -c1-6"), 0,
           "hello 2\nnew \nquery \n");
    expect(cli_run("%s check --plugin %s/planted-biased-hash.so --plugin-arg 'm=1000 k=6' --model bloom -m 1000 -k 6 "
               "-n 100", cli_amq, adapters),
           1, "verdict         FAIL: FP rate above the model at load");
    expect(cli_run("%s check --exec 'read l; echo hello 1 x; exit 3' --model bloom -m 1000 -k 6 -n 100", cli_amq), 1,
           "the check ended: filter 0 (seed ");
    assert_non_null(strstr(cli_out, "operation 1, after 0 adds: process 'x' exited with status 3"));
    expect(cli_run("%s check --plugin %s/planted-wrong-abi.so --model none -n 10", cli_amq, adapters), 1,
           "built for plugin ABI version 2");
}

/* Progress goes to stderr only when it is a terminal (and the check lasts over a second). */
static void test_progress(void **state)
{
    (void)state;
    expect(cli_run("%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --queries 1 --filters 100000 2> err.txt "
               ">/dev/null; wc -c < err.txt", cli_amq),
           0, "0\n");
    if (cli_run("command -v script") != 0) {
        print_message("SKIP: no `script` (bsdutils) to give the check a terminal\n");
        skip();
    }
    /* AMQ_PROGRESS_AFTER=0: the bar from the start, so the test does not depend on the run
     * lasting the default second (it failed once on a fast, quiet machine) */
    expect(cli_run("AMQ_PROGRESS_AFTER=0 script -qec \"%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 "
               "--queries 1 --filters 20000 >/dev/null\" /dev/null", cli_amq),
           0, "check [");
    expect(cli_run("AMQ_PROGRESS_AFTER=soon %s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --queries 1 "
               "--filters 100 >/dev/null", cli_amq),
           0, "ignoring AMQ_PROGRESS_AFTER='soon'");
}

static void test_usage_errors(void **state)
{
    (void)state;
    expect(cli_run("%s check --impl bloom -n 10", cli_amq), 2, "missing --model NAME");
    expect(cli_run("%s check --impl bloom --model nosuch -n 10", cli_amq), 2, "--model: unknown structure 'nosuch'");
    expect(cli_run("%s check --impl bloom --exec cat --model none -n 10", cli_amq), 2, "exactly one implementation");
    expect(cli_run("%s check --impl bloom --model bloom -m 10 -k 2", cli_amq), 2, "missing the number of keys");
    expect(cli_run("%s check --impl bloom --model bloom -m 10 -n 5", cli_amq), 2, "--model bloom: missing number of hash");
    expect(cli_run("%s check --impl counting --model none -n 5", cli_amq), 2, "--impl counting needs number of counters");
    expect(cli_run("%s check --impl bloom --model bloom -m 10 -k 2 -n 5 --plot x.pdf", cli_amq), 2, "must end in .svg or .png");
    expect(cli_run("%s check --exec cat --plugin-arg x --model none -n 5", cli_amq), 2, "--plugin-arg needs --plugin");
    expect(cli_run("%s check --impl bloom --model bloom -m 10 -k 2 -n 5 --loads 9", cli_amq), 2, "--loads: 1 to 1000");
    expect(cli_run("%s check --impl bloom --help", cli_amq), 0, "--model NAME");
}

/* Issue 25 point 8: --key-file.  Keys that share their first bytes, as identifiers do, fail
 * a hash of a key's first 4 bytes; a bad list is a usage error found before the adapter
 * starts (it would leave a file behind), and names the file and the line. */
static void test_key_file(void **state)
{
    (void)state;
    expect(cli_run("seq -f 'user%%07g@example.org' 1 40000 > ids.txt; %s check --exec '%s/planted-adapter prefix-hash "
                   "1000 5' --model counting -m 1000 -k 5 -n 100 --filters 200 --key-file ids.txt",
                   cli_amq, adapters),
           1, "verdict         FAIL: FP rate above the model at load");
    assert_non_null(strstr(cli_out, "keys            the lines of 'ids.txt' (--key-file), in order, distinct"));
    expect(cli_run("%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --filters 200 --key-file ids.txt --json",
                   cli_amq),
           0, "\"keys\": \"file\", \"alpha\": 1e-06, \"key_file\": \"ids.txt\"");
    static const struct {
        const char *make, *args, *why;
    } cases[] = {
        {"printf 'a\\nb\\na\\n' > k.txt", "--key-file k.txt",
         "--key-file: key list 'k.txt': line 3 repeats the key of line 1 (keys must be distinct)"},
        {"printf 'a\\n\\nb\\n' > k.txt", "--key-file k.txt", "key list 'k.txt': line 2 is empty"},
        {"seq 1 100 > k.txt", "--key-file k.txt",
         "--key-file 'k.txt': 100 keys, but 50 filters of 200 keys each (n + L Q + Q) need up to 10000"},
        {"seq 1 100 > k.txt", "--key-file k.txt --key-format be", "--key-file 'k.txt' and --key-format be: give one"},
        {"true", "--key-format file", "--key-format file needs --key-file FILE"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        expect(cli_run("rm -f started; %s; %s check --exec 'touch started; exec %s/planted-adapter none 1000 5' "
                       "--model counting -m 1000 -k 5 -n 100 --filters 50 %s; rc=$?; test -e started && "
                       "echo ADAPTER STARTED; exit $rc",
                       cases[i].make, cli_amq, adapters, cases[i].args),
               2, cases[i].why);
        if (strstr(cli_out, "ADAPTER STARTED"))
            fail_msg("case %zu: the adapter was started:\n%s", i, cli_out);
    }
    expect(cli_run("%s check --impl bloom --model bloom -m 1000 -k 5 -n 10 --key-file nosuch.txt", cli_amq), 1,
           "--key-file 'nosuch.txt': No such file or directory");
}

/* Issue 25 point 3 (issue 26 class 7): settings the check cannot run are usage errors, found
 * before the implementation starts: the adapter here would leave a file behind. */
static void test_settings_before_start(void **state)
{
    (void)state;
    static const struct {
        const char *args, *why;
    } cases[] = {
        {"--model counting -m 1000 -k 5 -n 100 --filters 0", "--filters: at least 1 filter (got 0)"},
        {"--model counting -m 1000 -k 5 -n 100 --queries 0", "--queries: at least 1 query"},
        {"--model counting -m 1000 -k 5 -n 100 --loads 0", "--loads: 1 to 1000 load points"},
        {"--model counting -m 1000 -k 5 -n 100 --loads 101", "at most -n 100 (got 101)"},
        {"--model counting -m 1000 -k 5 -n 0", "-n: at least 1 key"},
        {"--model counting -m 1000 -k 5 -n 100 --remove 101", "--remove 101: more removals than the 100 keys"},
        {"--model sliding-bloom -m 1048576 -k 300 -w 50 -n 100 --queries 2",
         "--queries 2: the model's second moment E[pi^2] at these parameters is beyond its cost limit"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        expect(cli_run("rm -f started; %s check --exec 'touch started; exec %s/planted-adapter none 1000 5' %s; "
                       "rc=$?; test -e started && echo ADAPTER STARTED; exit $rc",
                       cli_amq, adapters, cases[i].args),
               2, cases[i].why);
        if (strstr(cli_out, "ADAPTER STARTED"))
            fail_msg("case %zu: the adapter was started:\n%s", i, cli_out);
    }
    /* an output file in a directory that does not exist: found before, not after the run */
    static const char *const outputs[][2] = {
        {"--plot nodir/p.svg", "--plot: cannot write 'nodir/p.svg': its directory 'nodir': No such file or directory"},
        {"--replay nodir/r.txt", "--replay: cannot write 'nodir/r.txt': its directory 'nodir': No such file"},
    };
    for (size_t i = 0; i < sizeof outputs / sizeof outputs[0]; i++) {
        expect(cli_run("rm -f started; %s check --exec 'touch started; exec %s/planted-adapter none 1000 5' --model "
                       "counting -m 1000 -k 5 -n 100 --filters 50 %s; rc=$?; test -e started && echo ADAPTER STARTED; "
                       "exit $rc",
                       cli_amq, adapters, outputs[i][0]),
               1, outputs[i][1]);
        if (strstr(cli_out, "ADAPTER STARTED"))
            fail_msg("%s: the adapter was started:\n%s", outputs[i][0], cli_out);
    }
    /* removals from an adapter that announced no "remove": known from its hello, a usage error */
    expect(cli_run("%s check --exec '%s/planted-adapter full 1000 5 60' --model none -n 100 --filters 5 --remove 10",
                   cli_amq, adapters),
           2, "--remove 10: 'planted-full' cannot remove keys (its hello announced no 'remove')");
    /* the same adapter runs when the settings are right */
    expect(cli_run("rm -f started; %s check --exec 'touch started; exec %s/planted-adapter none 1000 5' --model counting "
                   "-m 1000 -k 5 -n 100 --filters 50 >/dev/null && test -e started && echo STARTED", cli_amq, adapters),
           0, "STARTED");
}

/* Issue 25 points 1, 2, 5 and 6: an adapter answers "no" to an added key, then "error" to a
 * remove: the report is complete (text and JSON, with the false negative and the counts so
 * far), the error names its filter and the adds before it, and --replay is written. */
static void test_error_report(void **state)
{
    (void)state;
    expect(cli_run("%s check --exec '%s/planted-adapter no-then-error 1000 5' --model counting -m 1000 -k 5 -n 100 "
                   "--filters 20 --replay err.txt",
                   cli_amq, adapters),
           1, "FALSE NEGATIVE  false negative: key ");
    assert_non_null(strstr(cli_out, "(key 0 added to filter 2, seed "));
    assert_non_null(strstr(cli_out, "ENDED           the implementation failed at filter 2 (seed "));
    assert_non_null(strstr(cli_out, "after 100 adds: process 'planted-no-then-error' reported an error in reply to "
                                    "'remove "));
    assert_non_null(strstr(cli_out, "amq check: the check ended: filter 2"));
    assert_non_null(strstr(cli_out, "verdict         FAIL: false negative: key "));
    /* the replay: hello, two whole filters (401 requests each), filter 2 through the remove */
    expect(cli_run("head -1 err.txt; grep -c '^new ' err.txt; wc -l < err.txt; tail -1 err.txt | cut -c1-7"), 0,
           "hello 1\n3\n1085\nremove \n");
    expect(cli_run("%s check --exec '%s/planted-adapter no-then-error 1000 5' --model counting -m 1000 -k 5 -n 100 "
                   "--filters 20 --json 2>/dev/null",
                   cli_amq, adapters),
           1, "\"false_negative\": {\"key\": ");
    assert_non_null(strstr(cli_out, "\"ended\": {\"filter\": 2, \"operation\": 282, \"adds_before\": 100, "));
    assert_non_null(strstr(cli_out, "\"filters_done\": 2, "));
    assert_non_null(strstr(cli_out, "\"verdict\": \"fail\""));
}

/* Issue 25 point 2: a process that fails at its start (here it exits before its hello) still
 * gets its report, text and JSON, nothing counted, and the replay file holds its hello. */
static void test_start_failure(void **state)
{
    (void)state;
    expect(cli_run("rm -f start.txt; %s check --exec 'exit 3' --model counting -m 1000 -k 5 -n 100 --replay start.txt",
                   cli_amq),
           1, "ENDED           the implementation failed at its start, before filter 0: process 'exit 3' exited with "
              "status 3 after 0 of 1 replies to a batch of requests (the next: hello)");
    assert_non_null(strstr(cli_out, "verdict         FAIL: the check ended at the start of the implementation, before "
                                    "filter 0: process 'exit 3' exited with status 3"));
    expect(cli_run("cat start.txt"), 0, "hello 2\n");
    expect(cli_run("%s check --exec 'exit 3' --model counting -m 1000 -k 5 -n 100 --json 2>/dev/null", cli_amq), 1,
           "\"ended\": {\"filter\": null, \"operation\": 0, \"adds_before\": 0, \"error\": \"its start, before filter 0: "
           "process 'exit 3' exited with status 3");
    assert_non_null(strstr(cli_out, "\"filters_done\": 0, \"added_key_queries\": 0, \"points\": [], "));
    assert_non_null(strstr(cli_out, "\"model\": null}, \"rate_verdict\": true, \"verdict\": \"fail\""));
}

/* Issue 25 point 7: refused adds through the CLI. */
static void test_refused_adds(void **state)
{
    (void)state;
    expect(cli_run("%s check --exec '%s/planted-adapter lose-at-full 1000 5 60' --model none -n 100 --filters 50", cli_amq,
                   adapters),
           1, "FALSE NEGATIVE  false negative after a refused insert: key ");
    assert_non_null(strstr(cli_out, "(protocol version 2, full)"));
    expect(cli_run("%s check --exec '%s/planted-adapter full 1000 5 60' --model none -n 100 --filters 50", cli_amq,
                   adapters),
           0, "refused adds    50 of 50 filters refused an add (\"full\") before n = 100 keys; the first: filter 0, "
              "key 60, after 60 adds;");
    assert_non_null(strstr(cli_out, "verdict         pass (no false negative; no verdict on the rate: --model none)"));
    assert_non_null(strstr(cli_out, "false alarms    no rate test: --model none gives no verdict on the rate"));
    assert_null(strstr(cli_out, "over the 0 rate tests"));
    /* every filter stopped at key 60 of 100: no fresh query at n = 100, so no estimate, no score */
    assert_non_null(strstr(cli_out, "       100          0          0            -                      -  [0, 1]"));
    assert_non_null(strstr(cli_out, "accuracy score  -  (CMU 15-122: no fresh query at n = 100 keys)"));
    assert_null(strstr(cli_out, "nan"));
    expect(cli_run("%s check --exec '%s/planted-adapter full 1000 5 60' --model counting -m 1000 -k 5 -n 100 --filters 50 "
                   "--json", cli_amq, adapters),
           1, "\"refused_adds\": {\"filters\": 50, \"first_filter\": 0, \"first_key_number\": 60, \"adds_before\": 60, "
              "\"kept_key_queries\": 3000}");
    assert_non_null(strstr(cli_out, "no verdict on the rate"));
}

/* Issue 25 point 8: --key-format; a hash of the first 4 bytes only is caught on big-endian keys. */
static void test_key_format(void **state)
{
    (void)state;
    expect(cli_run("%s check --exec '%s/planted-adapter prefix-hash 1000 5' --model counting -m 1000 -k 5 -n 100 "
                   "--filters 200", cli_amq, adapters),
           0, "keys            8-byte counters, little-endian (--key-format le), distinct across the run");
    expect(cli_run("%s check --exec '%s/planted-adapter prefix-hash 1000 5' --model counting -m 1000 -k 5 -n 100 "
                   "--filters 200 --key-format be", cli_amq, adapters),
           1, "verdict         FAIL: FP rate above the model at load");
    assert_non_null(strstr(cli_out, "(--key-format be)"));
    expect(cli_run("%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --filters 300 --key-format varlen --json",
                   cli_amq),
           0, "\"keys\": \"varlen\"");
    expect(cli_run("%s check --impl bloom --model bloom -m 1000 -k 5 -n 100 --key-format big", cli_amq), 2,
           "--key-format: unknown key format 'big'");
}

static void test_serve(void **state)
{
    (void)state;
    expect(cli_run("printf 'hello 1\\nquery 00\\nnew 5\\nadd 00ff\\nquery 00ff\\nremove 00ff\\nfoo 1\\nadd 0\\nhello 0\\n' | "
               "%s serve bloom -m 100 -k 3", cli_amq),
           0, "hello 1 amq-bloom\nerror no filter yet: send 'new SEED' first\nok\nok\nyes\nerror remove: a bloom filter "
              "cannot remove keys\nerror unknown request (hello, new, add, query, remove)\nerror odd number of hex "
              "digits\nerror amq serve speaks protocol versions 1 and 2\n");
    /* version 2: a full quotient table answers "full" (version 1: an error) */
    expect(cli_run("printf 'hello 2\\nnew 1\\nadd 01\\nadd 02\\nadd 03\\nadd 04\\nadd 05\\nquery 01\\n' | "
                   "%s serve quotient -q 1 -r 4", cli_amq),
           0, "hello 2 amq-quotient remove full\nok\nok\nok\nok\nok\nfull\nyes\n");
    expect(cli_run("printf 'hello 1\\nnew 1\\nadd 01\\nadd 02\\nadd 03\\nadd 04\\nadd 05\\n' | "
                   "%s serve quotient -q 1 -r 4", cli_amq),
           0, "hello 1 amq-quotient remove\nok\nok\nok\nok\nok\nerror ");
    expect(cli_run("printf 'hello 1\\n' | %s serve counting -m 100 -k 3", cli_amq), 0, "hello 1 amq-counting remove\n");
    expect(cli_run("%s serve bloom -m 0 -k 3 < /dev/null", cli_amq), 1, "amq serve:");
    expect(cli_run("%s serve nosuch", cli_amq), 2, "unknown structure 'nosuch'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reports),      cmocka_unit_test(test_plots), cmocka_unit_test(test_failures),
        cmocka_unit_test(test_usage_errors), cmocka_unit_test(test_serve), cmocka_unit_test(test_progress),
        cmocka_unit_test(test_settings_before_start), cmocka_unit_test(test_error_report),
        cmocka_unit_test(test_refused_adds),          cmocka_unit_test(test_key_format),
        cmocka_unit_test(test_key_file),             cmocka_unit_test(test_start_failure),
    };
    return cmocka_run_group_tests(tests, setup, cli_run_group_teardown);
}
