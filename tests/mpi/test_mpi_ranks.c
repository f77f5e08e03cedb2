/* build/amq-mpi under mpirun prints exactly what build/amq prints, with the same exit
 * status, on 1, 2 and 4 ranks (4 oversubscribed on a small machine): JSON and text
 * reports, real hashing, removals, refused adds, a failing verdict, `strategies`, a usage
 * error (printed once) and a command that is not shared (run by rank 0 alone).
 * Skipped, saying why, when build/amq-mpi or mpirun is missing (MPI is optional). */
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

static char dir[TMP_DIR_SIZE], amq[1024], amq_mpi[1040], mpirun_opts[128];
static const char *skip_reason;

/* The whole of a file (at most 64 KiB) in buf. */
static void slurp(const char *name, char *buf, size_t len)
{
    char p[256];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "r");
    size_t n = f ? fread(buf, 1, len - 1, f) : 0;
    buf[n] = 0;
    if (f)
        fclose(f);
}

/* Runs `prog args` in dir (np = 0: directly, else under mpirun -np np), stdout to
 * out.txt and stderr to err.txt; returns the exit status.  A run that hangs is killed
 * after 300 s (a collective call missed by a rank would hang, not fail). */
static int run(int np, const char *args)
{
    if (np == 0)
        return cli_sh("cd '%s' && timeout 300 '%s' %s > out.txt 2> err.txt", dir, amq, args);
    return cli_sh("cd '%s' && timeout 300 mpirun %s -np %d '%s' %s > out.txt 2> err.txt", dir, mpirun_opts, np,
                  amq_mpi, args);
}

static size_t count_of(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* build/amq's stdout and status, then amq-mpi's on 1, 2 and 4 ranks: all equal.
 * Returns the status; the single-process stdout stays in `alone`. */
static char alone[65536], shared[65536];
static int same_everywhere(const char *args)
{
    if (skip_reason) {
        print_message("SKIP: %s\n", skip_reason);
        skip();
    }
    const int want = run(0, args);
    slurp("out.txt", alone, sizeof alone);
    assert_true(alone[0] != 0 || want != 0);
    const int nps[] = {1, 2, 4};
    for (size_t i = 0; i < 3; i++) {
        const int rc = run(nps[i], args);
        slurp("out.txt", shared, sizeof shared);
        if (rc != want || strcmp(shared, alone) != 0) {
            char err[4096];
            slurp("err.txt", err, sizeof err);
            print_error("amq %s\n-np %d: status %d (alone %d)\n%s\n-- alone:\n%s\n-- stderr:\n%s\n", args, nps[i], rc,
                        want, shared, alone, err);
        }
        assert_int_equal(rc, want);
        assert_string_equal(shared, alone);
    }
    return want;
}

static int setup(void **state)
{
    (void)state;
    const char *b = getenv("AMQ_BUILD");
    char cwd[512];
    b = b ? b : "build";
    if (b[0] == '/')
        snprintf(amq, sizeof amq, "%s/amq", b);
    else if (getcwd(cwd, sizeof cwd))
        snprintf(amq, sizeof amq, "%s/%s/amq", cwd, b);
    else
        return -1;
    snprintf(amq_mpi, sizeof amq_mpi, "%s-mpi", amq);
    if (access(amq_mpi, X_OK) != 0)
        skip_reason = "no build/amq-mpi: MPI is optional and mpicc was not found when building "
                      "(sh tools/deps.sh mpi, then make MPI=1)";
    else if (system("command -v mpirun > /dev/null 2>&1") != 0)
        skip_reason = "build/amq-mpi exists but mpirun is not on PATH (sh tools/deps.sh mpi)";
    /* Open MPI refuses root without the flag; 4 ranks need --oversubscribe on 2 cores. */
    snprintf(mpirun_opts, sizeof mpirun_opts, "%s--oversubscribe", geteuid() == 0 ? "--allow-run-as-root " : "");
    return tmp_dir_make(dir, "mpi");
}

static int teardown(void **state)
{
    (void)state;
    return tmp_dir_remove(dir);
}

/* Five whole blocks of 2^16 trials and a short one. */
static void json_random_oracle(void **state)
{
    (void)state;
    assert_int_equal(same_everywhere("check bloom -m 64 -k 3 -n 8 --trials 340000 --json"), 0);
    assert_non_null(strstr(alone, "\"verdict\": \"pass\""));
}

static void text_real_hashing_and_removals(void **state)
{
    (void)state;
    assert_int_equal(same_everywhere("check bloom -m 256 -k 4 -n 30 --hash enhanced --trials 200000"), 0);
    assert_non_null(strstr(alone, "positives"));
    assert_int_equal(
        same_everywhere("check counting -m 128 -k 3 -n 20 --removals 10 --hash independent --trials 150000"), 0);
}

/* A table too small for n: the refused adds of every rank are summed. */
static void refused_adds_are_summed(void **state)
{
    (void)state;
    same_everywhere("check quotient -q 3 -r 4 --slack 1 -n 12 --trials 140000 --json");
    assert_null(strstr(alone, "\"refused_adds\": 0,"));
    assert_non_null(strstr(alone, "\"refused_adds\": "));
}

/* alpha near 1: the verdict fails, with status 1, on every rank count. */
static void failing_verdict(void **state)
{
    (void)state;
    assert_int_equal(same_everywhere("check bloom -m 64 -k 3 -n 8 --trials 70000 --alpha 0.999999"), 1);
    assert_non_null(strstr(alone, "verdict     FAIL"));
}

static void strategies_shared(void **state)
{
    (void)state;
    assert_int_equal(same_everywhere("strategies -m 64 -k 3 -n 8 --trials 140000 --json"), 0);
}

/* A usage error is detected by every rank alike, and printed once. */
static void usage_error_printed_once(void **state)
{
    (void)state;
    assert_int_equal(same_everywhere("check bloom -m 64 -n 8"), 2);
    char err[8192];
    for (int np = 2; np <= 4; np += 2) {
        assert_int_equal(run(np, "check bloom -m 64 -n 8"), 2);
        slurp("err.txt", err, sizeof err);
        assert_int_equal(count_of(err, "amq check: missing"), 1);
    }
}

/* Other commands run on rank 0 alone. */
static void other_commands_once(void **state)
{
    (void)state;
    assert_int_equal(same_everywhere("rate bloom -m 1000 -k 7 -n 100"), 0);
    assert_int_equal(run(4, "rate bloom -m 1000 -k 7 -n 100"), 0);
    slurp("out.txt", shared, sizeof shared);
    assert_true(count_of(shared, "\n") == count_of(alone, "\n"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(json_random_oracle),     cmocka_unit_test(text_real_hashing_and_removals),
        cmocka_unit_test(refused_adds_are_summed), cmocka_unit_test(failing_verdict),
        cmocka_unit_test(strategies_shared),      cmocka_unit_test(usage_error_printed_once),
        cmocka_unit_test(other_commands_once),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
