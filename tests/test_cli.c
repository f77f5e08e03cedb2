/* The amq CLI end to end (runs build/amq, or $AMQ_BIN). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/cli_run.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int setup(void **state)
{
    (void)state;
    if (cli_run_setup())
        return -1;
    return cli_run("seq 1 2000 > keys.txt && seq 100001 110000 > other.txt") == 0 ? 0 : -1;
}

static void build_query_info(void **state)
{
    (void)state;
    assert_int_equal(cli_run("'%s' build -n 2000 -p 0.01 -o f.amq < keys.txt", cli_amq), 0);
    assert_non_null(strstr(cli_out, "2000 insertions (one per line)"));
    assert_int_equal(cli_run("'%s' query f.amq < keys.txt | grep -c 'maybe$'", cli_amq), 0);
    assert_int_equal(atoi(cli_out), 2000); /* no false negatives */
    assert_int_equal(cli_run("'%s' query f.amq --count < keys.txt", cli_amq), 0);
    assert_string_equal(cli_out, "maybe 2000\nno 0\n");
    assert_int_equal(cli_run("'%s' query f.amq --count < other.txt", cli_amq), 0);
    unsigned long maybe = 0, no = 0;
    assert_int_equal(sscanf(cli_out, "maybe %lu\nno %lu", &maybe, &no), 2);
    assert_int_equal(maybe + no, 10000);
    assert_true(maybe < 250); /* target 1%: 100 expected, 250 is > 10 sd away */
    assert_int_equal(cli_run("printf 'a\\nb\\n' | '%s' query f.amq", cli_amq), 0);
    assert_true(strstr(cli_out, "a\t") == cli_out);
    assert_int_equal(cli_run("'%s' info f.amq", cli_amq), 0);
    assert_non_null(strstr(cli_out, "bloom (Bloom filter)"));
    assert_non_null(strstr(cli_out, "estimated from the fill ratio"));
    assert_non_null(strstr(cli_out, "FP rate at n="));
    assert_non_null(strstr(cli_out, "FP rate now"));
    assert_int_equal(cli_run("'%s' info f.amq --json", cli_amq), 0);
    const char *e = strstr(cli_out, "\"count\": ");
    assert_non_null(e);
    double est = atof(e + 9);
    assert_true(est > 1900 && est < 2100);
    assert_non_null(strstr(cli_out, "\"count_exact\": false"));
    /* explicit m/k and a strategy */
    assert_int_equal(cli_run("'%s' build -m 30000 -k 5 --hash double --seed 9 -o g.amq < keys.txt && '%s' info g.amq",
                         cli_amq, cli_amq), 0);
    assert_non_null(strstr(cli_out, "double"));
    assert_non_null(strstr(cli_out, "seed                   9"));
}

static void usage_errors(void **state)
{
    (void)state;
    assert_int_equal(cli_run("'%s'", cli_amq), 2);
    assert_int_equal(cli_run("'%s' frobnicate", cli_amq), 2);
    assert_int_equal(cli_run("'%s' --help", cli_amq), 0);
    assert_non_null(strstr(cli_out, "build"));
    const char *subs[] = {"build", "query", "info", "rate", "check", "remove"};
    for (int i = 0; i < 6; i++) {
        assert_int_equal(cli_run("'%s' %s --help", cli_amq, subs[i]), 0);
        assert_int_equal(cli_run("'%s' %s --no-such-flag", cli_amq, subs[i]), 2);
        assert_non_null(strstr(cli_out, "usage:"));
    }
    assert_int_equal(cli_run("'%s' build -n 0 -p 0.01 -o x.amq < keys.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "n = 0"));
    assert_int_equal(cli_run("'%s' build -n 10 -p 1.5 -o x.amq < keys.txt", cli_amq), 2);
    assert_non_null(strstr(cli_out, "-p"));
    assert_int_equal(cli_run("'%s' build -n ten -p 0.1 -o x.amq < keys.txt", cli_amq), 2);
    assert_int_equal(cli_run("'%s' build -m 0 -k 3 -o x.amq < keys.txt", cli_amq), 1);
    assert_int_equal(cli_run("'%s' build -n 10 -p 0.1 < keys.txt", cli_amq), 2);
    assert_int_equal(cli_run("'%s' build -n 10 -p 0.1 --hash quadruple -o x.amq < keys.txt", cli_amq), 2);
    assert_int_equal(cli_run("'%s' build -n 10 -p 0.1 --type no-such-type -o x.amq < keys.txt", cli_amq), 2);
    assert_int_equal(cli_run("test -e x.amq"), 1); /* failed builds write nothing */
    assert_int_equal(cli_run("'%s' build -m 100 -k 2 -o b.amq < keys.txt && '%s' remove b.amq < keys.txt", cli_amq, cli_amq), 1);
    assert_non_null(strstr(cli_out, "does not support removal"));
}

static void corrupt_file_is_reported(void **state)
{
    (void)state;
    assert_int_equal(cli_run("'%s' build -m 1000 -k 3 -o c.amq < keys.txt", cli_amq), 0);
    assert_int_equal(cli_run("printf 'X' | dd of=c.amq bs=1 seek=100 conv=notrunc 2>/dev/null; '%s' info c.amq", cli_amq), 1);
    assert_non_null(strstr(cli_out, "checksum"));
    assert_int_equal(cli_run("head -c 20 c.amq > t.amq; '%s' query t.amq < keys.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "truncated"));
    assert_int_equal(cli_run("'%s' info keys.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "not an amqcert file"));
    assert_int_equal(cli_run("'%s' info missing.amq", cli_amq), 1);
}

static void rate_and_check(void **state)
{
    (void)state;
    assert_int_equal(cli_run("'%s' rate bloom -m 2 -k 2 -n 1 --exact", cli_amq), 0);
    assert_non_null(strstr(cli_out, "5/8"));
    assert_int_equal(cli_run("'%s' rate bloom -m 2 -k 2 -n 1 --exact --json", cli_amq), 0);
    const char *keys[] = {"\"structure\"", "\"m\"", "\"k\"", "\"n\"", "\"exact\"", "\"value\"",
                          "\"lower\"", "\"upper\"", "\"approx_classic\"", "\"approx_exp\""};
    for (int i = 0; i < 10; i++)
        assert_non_null(strstr(cli_out, keys[i]));
    assert_non_null(strstr(cli_out, "\"5/8\""));
    assert_int_equal(cli_run("'%s' rate bloom -m 0 -k 2 -n 1", cli_amq), 1);
    assert_int_equal(cli_run("'%s' rate bloom -k 2 -n 1", cli_amq), 2);
    assert_int_equal(cli_run("'%s' check bloom -m 64 -k 2 -n 8 --trials 20000 --seed 3", cli_amq), 0);
    assert_non_null(strstr(cli_out, "pass"));
}

static void counting_build_remove(void **state)
{
    (void)state;
    assert_int_equal(cli_run("'%s' build --type counting --width 8 -n 2000 -p 0.01 -o c8.amq < keys.txt", cli_amq), 0);
    assert_int_equal(cli_run("'%s' info c8.amq", cli_amq), 0);
    assert_non_null(strstr(cli_out, "counting (counting Bloom filter)"));
    assert_non_null(strstr(cli_out, "insertions             2000   (exact; a key added twice counts twice)"));
    /* remove the first half; the rest must still be found */
    assert_int_equal(cli_run("head -n 1000 keys.txt | '%s' remove c8.amq", cli_amq), 0);
    assert_int_equal(cli_run("tail -n 1000 keys.txt | '%s' query c8.amq --count", cli_amq), 0);
    assert_string_equal(cli_out, "maybe 1000\nno 0\n");
    assert_int_equal(cli_run("'%s' info c8.amq --json", cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"count\": 1000, \"count_exact\": true"));
    assert_non_null(strstr(cli_out, "\"width\": 8"));
    /* removing keys that are not there: refused, and the file is unchanged */
    assert_int_equal(cli_run("cp c8.amq before.amq && '%s' remove c8.amq < other.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "not present"));
    assert_int_equal(cli_run("cmp c8.amq before.amq"), 0);
    assert_int_equal(cli_run("'%s' build --type counting --width 5 -m 100 -k 2 -o w.amq < keys.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "width 5"));
    /* Monte Carlo of the counting kernel with removals; saturation breaks the identity */
    assert_int_equal(cli_run("'%s' check counting -m 64 -k 2 -n 8 --width 8 --removals 2 --trials 20000 --json", cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"removals\": 2"));
    assert_int_equal(cli_run("'%s' check counting -m 1 -k 4 -n 4 --removals 4 --trials 100", cli_amq), 1);
    assert_int_equal(cli_run("'%s' check counting -m 1 -k 4 -n 4 --width 8 --removals 4 --trials 100", cli_amq), 0);
}

static void quotient_rate(void **state)
{
    (void)state;
    assert_int_equal(cli_run("'%s' rate quotient -q 1 -r 2 -n 3 --exact --json", cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"169/512\""));
    assert_int_equal(cli_run("'%s' rate quotient -q 32 -r 32 -n 18446744073709551615", cli_amq), 0);
    assert_non_null(strstr(cli_out, "6.3212055882855768e-01"));
    assert_int_equal(cli_run("'%s' rate quotient -q 33 -r 32 -n 3", cli_amq), 1);
    assert_int_equal(cli_run("'%s' rate counting -m 2 -k 2 -n 1 --exact", cli_amq), 0);
    assert_non_null(strstr(cli_out, "5/8"));
}

static void quotient_build_remove_check(void **state)
{
    (void)state;
    /* n = 2000 at 1%: q = 12 (2000 <= 3072), p = 18 (exact rate 0.00760) */
    assert_int_equal(cli_run("'%s' build --type quotient -n 2000 -p 0.01 -o q.amq < keys.txt", cli_amq), 0);
    assert_int_equal(cli_run("'%s' info q.amq", cli_amq), 0);
    assert_non_null(strstr(cli_out, "quotient (quotient filter)"));
    assert_non_null(strstr(cli_out, "q                      12 "));
    assert_non_null(strstr(cli_out, "r                      6 "));
    assert_non_null(strstr(cli_out, "fingerprint bits p     18 "));
    assert_non_null(strstr(cli_out, "stored fingerprints    2000 "));
    assert_non_null(strstr(cli_out, "FP rate at n=2000      7.6003790160565433e-03"));
    assert_int_equal(cli_run("'%s' query q.amq --count < keys.txt", cli_amq), 0);
    assert_string_equal(cli_out, "maybe 2000\nno 0\n");
    assert_int_equal(cli_run("head -n 1500 keys.txt | '%s' remove q.amq", cli_amq), 0);
    assert_int_equal(cli_run("tail -n 500 keys.txt | '%s' query q.amq --count", cli_amq), 0);
    assert_string_equal(cli_out, "maybe 500\nno 0\n");
    assert_int_equal(cli_run("'%s' info q.amq --json", cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"count\": 500"));
    assert_non_null(strstr(cli_out, "\"load_factor\": 0.1220703125"));
    /* removing a key that is not there: refused, file unchanged */
    assert_int_equal(cli_run("cp q.amq qb.amq && head -n 1 keys.txt | '%s' remove q.amq", cli_amq), 1);
    assert_non_null(strstr(cli_out, "not present"));
    assert_int_equal(cli_run("cmp q.amq qb.amq"), 0);
    /* explicit size: -q quotient bits, -r remainder bits; a full table fails */
    assert_int_equal(cli_run("'%s' build --type quotient -q 12 -r 8 -o e.amq < keys.txt && '%s' info e.amq --json", cli_amq, cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"q\": 12, \"r\": 8"));
    assert_int_equal(cli_run("'%s' build --type quotient -q 0 -r 20 -o x.amq < keys.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "q = 0"));
    assert_int_equal(cli_run("'%s' build --type quotient -m 1024 -k 16 -o x.amq < keys.txt", cli_amq), 2);
    assert_int_equal(cli_run("'%s' build --type quotient -q 10 -r 6 -o x.amq < other.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "no free slot"));
    assert_int_equal(cli_run("test -e x.amq"), 1);
    /* Monte Carlo of the kernel, real XXH3 fingerprints */
    assert_int_equal(cli_run("'%s' check quotient -q 10 -r 4 -n 768 --trials 20000 --hash independent --json", cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"exact\": \"4.57946990889648e-02\""));
    assert_non_null(strstr(cli_out, "\"verdict\": \"pass\""));
    assert_int_equal(cli_run("'%s' check quotient -q 40 -r 24 -n 3", cli_amq), 1);
    assert_non_null(strstr(cli_out, "p = q + r <= 63"));
    /* with removals: half the keys deleted again, against the rate for n - RM = 384 keys */
    assert_int_equal(cli_run("'%s' check quotient -q 10 -r 4 -n 768 --removals 384 --trials 20000 --hash independent "
                         "--json", cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"removals\": 384"));
    assert_non_null(strstr(cli_out, "\"exact\": \"2.31656737649750e-02\""));
    assert_non_null(strstr(cli_out, "\"verdict\": \"pass\""));
    assert_int_equal(cli_run("'%s' check quotient -q 3 -r 2 -n 2 --removals 3", cli_amq), 2);
    assert_non_null(strstr(cli_out, "--removals 3 exceeds n = 2"));
    /* blocked quotient: deletes through the proved blocked layer; rate for 32 keys */
    assert_int_equal(cli_run("'%s' check blocked-quotient -b 8 -q 4 -r 3 -n 64 --removals 32 --trials 20000 "
                         "--hash enhanced --json", cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"exact\": \"3.07815643716778e-02\""));
    assert_non_null(strstr(cli_out, "\"verdict\": \"pass\""));
    assert_int_equal(cli_run("'%s' check blocked-quotient -b 8 -q 4 -r 3 -n 4 --removals 5", cli_amq), 2);
}

/* `amq build --type T -n 1900 -p 0.01 --max-load 0.96` of 1900 keys: its info has `params` and
 * `load`, and every key answers maybe; then 0.99 is refused, naming it, and nothing written. */
static void build_at_load_096(const char *type, const char *params, const char *load)
{
    assert_int_equal(cli_run("head -n 1900 keys.txt | '%s' build --type %s -n 1900 -p 0.01 --max-load 0.96 "
                             "-o ml.amq && '%s' info ml.amq --json", cli_amq, type, cli_amq), 0);
    assert_non_null(strstr(cli_out, params));
    assert_non_null(strstr(cli_out, load));
    assert_int_equal(cli_run("head -n 1900 keys.txt | '%s' query ml.amq --count", cli_amq), 0);
    assert_string_equal(cli_out, "maybe 1900\nno 0\n");
    assert_int_equal(cli_run("'%s' build --type %s -n 1900 -p 0.01 --max-load 0.99 -o x.amq < keys.txt", cli_amq,
                             type), 2);
    assert_non_null(strstr(cli_out, "invalid value for --max-load: '0.99': out of range"));
    assert_int_equal(cli_run("test -e x.amq"), 1);
}

/* --max-load: the quotient filter sized for a load the user chooses (issue 27); 1900 keys at
 * 0.96 fit 2^11 home slots (1966 at most), load 0.93, where the default 3/4 takes 2^12. */
static void quotient_max_load(void **state)
{
    (void)state;
    build_at_load_096("quotient", "\"q\": 11, \"r\": 7", "\"load_factor\": 0.927734375");
    assert_int_equal(cli_run("'%s' build --type quotient -n 1900 -p 0.01 --max-load=0.75 -o d.amq < /dev/null && "
                             "'%s' info d.amq --json", cli_amq, cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"q\": 12, \"r\": 6"));
    /* refused, naming what was given; nothing written (docs/bad-input.md has the others) */
    assert_int_equal(cli_run("'%s' build --type cuckoo -n 1900 -p 0.01 --max-load 0.9 -o x.amq < keys.txt", cli_amq),
                     2);
    assert_non_null(strstr(cli_out, "--max-load 0.9: --type cuckoo has no load to choose"));
    assert_int_equal(cli_run("test -e x.amq"), 1);
}

/* The blocked quotient filter's --max-load (issue 27): the mean load over all its home slots;
 * 1900 keys at 0.96 take 4 blocks of 2^9 home slots (491 keys each at most), mean load 0.93,
 * blocks large enough that none overflows but with probability <= 1e-9.  A given slack is
 * refused: the sizing chooses it. */
static void blocked_quotient_max_load(void **state)
{
    (void)state;
    build_at_load_096("blocked-quotient", "\"blocks\": 4, \"q\": 9, \"r\": 7, \"slack\": 256",
                      "\"load_factor\": 0.927734375");
    assert_int_equal(cli_run("'%s' build --type blocked-quotient -n 1900 -p 0.01 --max-load 0.96 --slack 8 -o x.amq "
                             "< keys.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "sizing from n and a target rate chooses the slack"));
    assert_int_equal(cli_run("test -e x.amq"), 1);
}

/* Blocked structures from -m -k: the CLI turns a total size into each structure's own
 * parameters; -m must be a whole number of blocks, and nothing is written on failure. */
/* Each structure takes its own parameters, with one meaning each; out-of-domain values are
 * refused with a message naming the parameter, and nothing is written. */
static void blocked_explicit_sizes(void **state)
{
    (void)state;
    assert_int_equal(cli_run("'%s' build --type split-block -m 1024 -k 8 -o x.amq < keys.txt", cli_amq), 2);
    assert_non_null(strstr(cli_out, "unknown option"));
    assert_int_equal(cli_run("'%s' build --type split-block -b 4 --words 7 -o x.amq < keys.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "Parquet's"));
    assert_int_equal(cli_run("'%s' build --type blocked-bloom -b 0 -k 4 -o x.amq < keys.txt", cli_amq), 1);
    assert_int_equal(cli_run("'%s' build --type counting-blocked -b 4 -k 4 --width 6 -o x.amq < keys.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "width 6"));
    assert_int_equal(cli_run("'%s' build --type partitioned -m 100 -k 3 -o x.amq < keys.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "does not divide"));
    assert_int_equal(cli_run("'%s' build --type blocked-quotient -b 2 -q 6 -r 0 -o x.amq < keys.txt", cli_amq), 1);
    assert_non_null(strstr(cli_out, "r = 0"));
    assert_int_equal(cli_run("'%s' build --type blocked-quotient -b 2 -q 6 -o x.amq < keys.txt", cli_amq), 2);
    assert_non_null(strstr(cli_out, "missing size"));
    assert_int_equal(cli_run("test -e x.amq"), 1);
    assert_int_equal(cli_run("'%s' build --type split-block -b 4 -o s.amq < keys.txt && '%s' info s.amq --json", cli_amq,
                         cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"blocks\": 4, \"words\": 8, \"word_bits\": 32"));
    assert_non_null(strstr(cli_out, "\"m\": 1024"));
    assert_int_equal(cli_run("'%s' build --type counting-blocked --width 8 -b 4 -k 3 -o c.amq < keys.txt && "
                         "'%s' info c.amq --json", cli_amq, cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"blocks\": 4, \"block_counters\": 64, \"k\": 3, \"width\": 8"));
    assert_int_equal(cli_run("'%s' build --type partitioned -m 1001 -k 7 -o p.amq < keys.txt && '%s' info p.amq --json",
                         cli_amq, cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"partition_bits\": 143"));
    assert_int_equal(cli_run("'%s' build --type blocked-quotient -b 64 -q 6 -r 6 -o q.amq < keys.txt && "
                         "'%s' info q.amq --json", cli_amq, cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"blocks\": 64, \"q\": 6, \"r\": 6, \"slack\": 32"));
    assert_non_null(strstr(cli_out, "\"stored\": 2000"));
    /* the same parameters drive rate and check */
    assert_int_equal(cli_run("'%s' rate blocked-bloom -b 2 --block-bits 4 -k 2 -n 2 --exact --json", cli_amq), 0);
    assert_non_null(strstr(cli_out, "\"block_bits\": 4"));
    assert_int_equal(cli_run("'%s' rate split-block -b 4 -n 100 --json", cli_amq), 0);
    assert_int_equal(cli_run("'%s' check split-block -b 64 -n 200 --trials 20000 --hash independent", cli_amq), 0);
    assert_non_null(strstr(cli_out, "pass"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(build_query_info),
        cmocka_unit_test(usage_errors),
        cmocka_unit_test(corrupt_file_is_reported),
        cmocka_unit_test(rate_and_check),
        cmocka_unit_test(counting_build_remove),
        cmocka_unit_test(quotient_rate),
        cmocka_unit_test(quotient_build_remove_check),
        cmocka_unit_test(quotient_max_load),
        cmocka_unit_test(blocked_quotient_max_load),
        cmocka_unit_test(blocked_explicit_sizes),
    };
    return cmocka_run_group_tests(tests, setup, cli_run_group_teardown);
}
