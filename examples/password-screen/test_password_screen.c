/* The password screen (pw_screen.h) on real data, Debian's cracklib-small list:
 *  - every listed password answers 0 (no false negative can let one through);
 *  - unlisted passwords answer 1 or 2, and 2 exactly when the filter says "no";
 *  - the fallback rate on distinct unlisted near misses of the list (a listed word with a
 *    digit or a "!" appended, or capitalised) is Binomial(U, state rate) under the
 *    uniform-hash model, tested exactly at false-alarm rate 1e-6;
 *  - the sizing meets the target on the exact (certified) rate;
 *  - planted bugs (a check that skips the fallback, a filter missing the list's last 100
 *    passwords, a filter of 8-byte prefixes) are each caught by one of the checks above;
 *  - list parsing (CR LF, empty lines, duplicates, no final newline), bad input, and the
 *    password-screen program end to end.
 * Built like a user's program (-Iinclude and libamq); the test's scaffolding, its directory and
 * the shell-run helper, is the tests' one (tests/support/cli_run.h, build_dir.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <amq/filter_rate.h>
#include <amq/stats.h>
#include "pw_screen.h"
#include "support/build_dir.h"
#include "support/cli_run.h"

#define LIST "/usr/share/dict/cracklib-small"
#define ALPHA 1e-6

static pw_screen *screen; /* cracklib-small at target 0.01, seed 0 */

/* ---- candidates: distinct unlisted near misses of the list ---- */

typedef struct cand {
    char p[64];
    size_t len;
} cand;

static int cand_order(const void *x, const void *y)
{
    const cand *a = x, *b = y;
    const int c = memcmp(a->p, b->p, a->len < b->len ? a->len : b->len);
    return c ? c : (a->len > b->len) - (a->len < b->len);
}

/* Every listed word w (shorter than 50 bytes) gives w1, w!, w2024 and W (capitalised);
 * kept: the distinct ones the list does not hold.  *count receives their number. */
static cand *near_misses(const pw_screen *s, size_t *count)
{
    const uint64_t n = pw_screen_size(s);
    cand *c = malloc(4 * n * sizeof *c);
    assert_non_null(c);
    size_t k = 0;
    for (uint64_t i = 0; i < n; i++) {
        size_t len;
        const char *w = pw_screen_at(s, i, &len);
        if (len >= 50)
            continue;
        const char *suffix[] = {"1", "!", "2024", NULL};
        for (int j = 0; j < 4; j++) {
            memcpy(c[k].p, w, len);
            c[k].len = len;
            if (suffix[j]) {
                memcpy(c[k].p + len, suffix[j], strlen(suffix[j]));
                c[k].len += strlen(suffix[j]);
            } else if (w[0] >= 'a' && w[0] <= 'z') {
                c[k].p[0] = (char)(w[0] - 'a' + 'A');
            } else {
                continue;
            }
            k++;
        }
    }
    qsort(c, k, sizeof *c, cand_order);
    size_t kept = 0;
    for (size_t i = 0; i < k; i++)
        if ((kept == 0 || cand_order(&c[kept - 1], &c[i]) != 0) && !pw_screen_listed(s, c[i].p, c[i].len))
            c[kept++] = c[i];
    *count = kept;
    return c;
}

/* ---- the checks, over any check function (the real one, or a planted bug) ---- */

typedef int (*check_fn)(void *ctx, const char *pw, size_t len);

static int real_check(void *ctx, const char *pw, size_t len) { return pw_screen_check(ctx, pw, len); }

/* Listed passwords that did not answer 0. */
static uint64_t listed_misses(check_fn check, void *ctx)
{
    uint64_t bad = 0;
    for (uint64_t i = 0; i < pw_screen_size(screen); i++) {
        size_t len;
        const char *w = pw_screen_at(screen, i, &len);
        bad += check(ctx, w, len) != PW_LISTED;
    }
    return bad;
}

/* Unlisted candidates whose answer is not 1 or 2, or is 2 though `filter` says "maybe"
 * (or 1 though it says "no"). */
static uint64_t unlisted_misanswers(check_fn check, void *ctx, const amq_filter *filter, const cand *c, size_t nc)
{
    uint64_t bad = 0;
    for (size_t i = 0; i < nc; i++) {
        const int code = check(ctx, c[i].p, c[i].len);
        const int maybe = amq_filter_query(filter, c[i].p, c[i].len);
        bad += !((code == PW_NOT_LISTED_SLOW && maybe) || (code == PW_NOT_LISTED_FAST && !maybe));
    }
    return bad;
}

/* The fallbacks among the distinct unlisted candidates against the state rate of filter:
 * the exact binomial test at ALPHA. */
static int fallback_rate_matches(check_fn check, void *ctx, const amq_filter *filter, const cand *c, size_t nc,
                                 const char *what)
{
    uint64_t slow = 0;
    for (size_t i = 0; i < nc; i++)
        slow += check(ctx, c[i].p, c[i].len) == PW_NOT_LISTED_SLOW;
    mpq_t q;
    mpq_init(q);
    assert_int_equal(amq_filter_fp_state(q, filter), AMQ_OK);
    const double rate = mpq_get_d(q);
    mpq_clear(q);
    amq_binom_test_result r;
    assert_int_equal(amq_binom_test(slow, nc, rate, ALPHA, &r), AMQ_OK);
    print_message("%-28s %llu of %zu distinct unlisted needed the fallback: %.5f, state rate %.5f, p-value %.3g\n",
                  what, (unsigned long long)slow, nc, r.estimate, rate, r.p_value);
    return r.pass;
}

/* ---- planted bugs ---- */

/* The filter's "maybe" taken for "listed": no fallback at all. */
static int skip_fallback(void *ctx, const char *pw, size_t len)
{
    return amq_filter_query(pw_screen_filter(ctx), pw, len) ? PW_LISTED : PW_NOT_LISTED_FAST;
}

/* A screen over its own filter (built by the test), with the real exact search. */
typedef struct variant {
    amq_filter *f;
    size_t prefix; /* keys cut to this many bytes (0: whole) */
} variant;

static size_t cut(const variant *v, size_t len) { return v->prefix && len > v->prefix ? v->prefix : len; }

static int variant_check(void *ctx, const char *pw, size_t len)
{
    const variant *v = ctx;
    if (!amq_filter_query(v->f, pw, cut(v, len)))
        return PW_NOT_LISTED_FAST;
    return pw_screen_listed(screen, pw, len) ? PW_LISTED : PW_NOT_LISTED_SLOW;
}

/* A filter sized like the screen's, filled with the list's first `count` passwords cut to
 * `prefix` bytes. */
static void variant_build(variant *v, uint64_t count, size_t prefix)
{
    const amq_structure *bloom = amq_structure_find("bloom");
    assert_int_equal(amq_filter_create_for(&v->f, bloom, pw_screen_size(screen), 0.01, NULL, NULL), AMQ_OK);
    v->prefix = prefix;
    for (uint64_t i = 0; i < count; i++) {
        size_t len;
        const char *w = pw_screen_at(screen, i, &len);
        assert_int_equal(amq_filter_add(v->f, w, cut(v, len)), AMQ_OK);
    }
}

/* ---- tests ---- */

static int setup(void **state)
{
    (void)state;
    char err[512];
    if (pw_screen_open(&screen, LIST, 0.01, 0, err, sizeof err) != 0) {
        fprintf(stderr, "%s (the list comes with Debian's cracklib-runtime: sh tools/deps.sh build)\n", err);
        return -1;
    }
    return cli_run_setup(); /* the test's directory, cli_dir */
}

static int teardown(void **state)
{
    (void)state;
    pw_screen_free(screen);
    return cli_run_teardown();
}

static void every_listed_password_is_caught(void **state)
{
    (void)state;
    assert_true(pw_screen_size(screen) == 54763); /* cracklib-small: 54763 distinct lines */
    pw_screen_counts before, after;
    pw_screen_counts_get(screen, &before);
    assert_true(listed_misses(real_check, screen) == 0);
    pw_screen_counts_get(screen, &after);
    assert_true(after.checks - before.checks == pw_screen_size(screen));
    assert_true(after.listed - before.listed == pw_screen_size(screen));
}

static void unlisted_answers_and_fallback_rate(void **state)
{
    (void)state;
    size_t nc;
    cand *c = near_misses(screen, &nc);
    assert_true(nc > 150000);
    assert_true(unlisted_misanswers(real_check, screen, pw_screen_filter(screen), c, nc) == 0);
    assert_true(fallback_rate_matches(real_check, screen, pw_screen_filter(screen), c, nc, "real screen"));
    free(c);
}

/* The exact rate after n keys, certified: its upper end is <= the target. */
static void sized_for_the_target(void **state)
{
    (void)state;
    const amq_filter *f = pw_screen_filter(screen);
    amq_params p;
    amq_filter_params(f, &p);
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    char *dec = NULL;
    assert_int_equal(
        amq_structure_fp_decimal(&dec, amq_filter_structure(f), &p, pw_screen_size(screen), 6, lo, hi), AMQ_OK);
    assert_true(mpfr_cmp_d(hi, pw_screen_target(screen)) <= 0);
    assert_true(mpfr_cmp_d(lo, 0.9 * pw_screen_target(screen)) > 0); /* not oversized either */
    free(dec);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

static void planted_bugs_are_caught(void **state)
{
    (void)state;
    size_t nc;
    cand *c = near_misses(screen, &nc);
    /* 1. no fallback: unlisted false positives answer 0 */
    const uint64_t wrong = unlisted_misanswers(skip_fallback, screen, pw_screen_filter(screen), c, nc);
    print_message("skip the fallback: %llu unlisted candidates reported listed\n", (unsigned long long)wrong);
    assert_true(wrong > 0);
    /* 2. the list's last 100 passwords left out of the filter (a reader that stops early):
     * those the filter then rejects answer 2 */
    variant v;
    variant_build(&v, pw_screen_size(screen) - 100, 0);
    assert_true(listed_misses(variant_check, &v) > 0);
    amq_filter_free(v.f);
    /* 3. keys cut to 8 bytes: near misses of long words always need the fallback */
    variant_build(&v, pw_screen_size(screen), 8);
    assert_false(fallback_rate_matches(variant_check, &v, v.f, c, nc, "8-byte prefixes (planted)"));
    amq_filter_free(v.f);
    free(c);
}

static void write_file(const char *name, const char *text, size_t len)
{
    char p[128];
    snprintf(p, sizeof p, "%s/%s", cli_dir, name);
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    assert_true(fwrite(text, 1, len, f) == len);
    assert_int_equal(fclose(f), 0);
}

static void list_parsing(void **state)
{
    (void)state;
    /* CR LF, an empty line, a duplicate, inner blanks and a tab, no final newline */
    static const char text[] = "hunter2\r\n\nletmein\nhunter2\ncorrect horse\ta b\nlast";
    write_file("small.txt", text, sizeof text - 1);
    char p[128], err[512];
    snprintf(p, sizeof p, "%s/small.txt", cli_dir);
    pw_screen *s;
    assert_int_equal(pw_screen_open(&s, p, 0.05, 7, err, sizeof err), 0);
    assert_true(pw_screen_lines(s) == 6 && pw_screen_size(s) == 4);
    assert_int_equal(pw_screen_check(s, "hunter2", 7), PW_LISTED);
    assert_int_equal(pw_screen_check(s, "letmein", 7), PW_LISTED);
    assert_int_equal(pw_screen_check(s, "correct horse\ta b", 17), PW_LISTED);
    assert_int_equal(pw_screen_check(s, "last", 4), PW_LISTED);
    const char *unlisted[] = {"hunter2\r", "hunter", "", "lastx", "correct horse"};
    for (int i = 0; i < 5; i++) {
        const int code = pw_screen_check(s, unlisted[i], strlen(unlisted[i]));
        assert_true(code == PW_NOT_LISTED_SLOW || code == PW_NOT_LISTED_FAST);
    }
    pw_screen_counts c;
    pw_screen_counts_get(s, &c);
    assert_true(c.checks == 9 && c.listed == 4 && c.slow + c.fast == 5);
    pw_screen_free(s);
}

static void bad_input_is_refused(void **state)
{
    (void)state;
    pw_screen *s = NULL;
    char err[512], p[128];
    assert_int_equal(pw_screen_open(&s, "/nonexistent/list.txt", 0.01, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot open the password list '/nonexistent/list.txt'"));
    assert_int_equal(pw_screen_open(&s, cli_dir, 0.01, 0, err, sizeof err), -1); /* a directory */
    assert_non_null(strstr(err, "cannot read the password list"));
    write_file("empty.txt", "", 0);
    snprintf(p, sizeof p, "%s/empty.txt", cli_dir);
    assert_int_equal(pw_screen_open(&s, p, 0.01, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "is empty"));
    write_file("blank.txt", "\n\r\n\n", 4);
    snprintf(p, sizeof p, "%s/blank.txt", cli_dir);
    assert_int_equal(pw_screen_open(&s, p, 0.01, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "holds no password (its 3 lines are empty)"));
    const double targets[] = {0.0, 1.0, -0.5, NAN};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(pw_screen_open(&s, LIST, targets[i], 0, err, sizeof err), -1);
        assert_non_null(strstr(err, "strictly between 0 and 1"));
    }
    assert_null(s); /* untouched */
}

/* ---- the program ---- */

static void program_end_to_end(void **state)
{
    (void)state;
    char prog[1024];
    amq_test_build_path(prog, sizeof prog, "examples/password-screen");
    assert_int_equal(access(prog, X_OK), 0);
    assert_int_equal(cli_run("printf 'password\\nqwerty\\n' | %s", prog), 0);
    assert_string_equal(cli_out, "0\tpassword\n0\tqwerty\n");
    /* a list of its own; 1 or 2 for the unlisted one, by what the filter says */
    write_file("l.txt", "alpha\nbeta\n", 11);
    assert_int_equal(cli_run("printf 'beta\\ngamma\\n' | %s --list l.txt --target 0.2", prog), 0);
    assert_true(!strncmp(cli_out, "0\tbeta\n", 7) &&
                (!strcmp(cli_out + 7, "1\tgamma\n") || !strcmp(cli_out + 7, "2\tgamma\n")));
    /* the report on real data: the listed words of the distinct candidates, JSON */
    assert_int_equal(cli_run("(printf 'password\\npassword\\n'; seq 1000 1999 | sed 's/^/zq/') | %s --report --json", prog),
                     0);
    assert_non_null(strstr(cli_out, "\"n\": 54763, "));
    assert_non_null(strstr(cli_out, "\"checks\": 1002, \"listed\": 2, "));
    assert_non_null(strstr(cli_out, "\"unlisted_distinct\": 1000, "));
    assert_non_null(strstr(cli_out, "\"target\": 0.01, \"design_rate\": \"9.99998e-03\""));
    assert_non_null(strstr(cli_out, "\"verdict\": \"pass\"}"));
    assert_int_equal(cli_run("%s --report < /dev/null", prog), 0);
    assert_non_null(strstr(cli_out, "none among the candidates: no rate to compare"));
    assert_int_equal(cli_run("seq 1 100 | %s --report", prog), 0);
    assert_non_null(strstr(cli_out, "state rate   "));
    assert_non_null(strstr(cli_out, "verdict      pass"));
    /* bad input: a message naming the problem, status 2 (usage) or 1 */
    assert_int_equal(cli_run("%s --target 2 < /dev/null", prog), 2);
    assert_non_null(strstr(cli_out, "invalid value for --target: '2'"));
    assert_int_equal(cli_run("%s --seed -1 < /dev/null", prog), 2);
    assert_non_null(strstr(cli_out, "invalid value for --seed"));
    assert_int_equal(cli_run("%s --json < /dev/null", prog), 2);
    assert_non_null(strstr(cli_out, "--json goes with --report"));
    assert_int_equal(cli_run("%s extra < /dev/null", prog), 2);
    assert_int_equal(cli_run("%s --list missing.txt < /dev/null", prog), 1);
    assert_non_null(strstr(cli_out, "cannot open the password list 'missing.txt'"));
    assert_int_equal(cli_run("%s --help", prog), 0);
    assert_non_null(strstr(cli_out, "2  not listed, proved by the Bloom filter alone"));
    /* a failed write of the answers, the report or the help is status 1 with a message
     * (issue 26, class 1: each exited 0) */
    assert_int_equal(cli_run("seq 1 3000 | %s > /dev/full", prog), 1);
    assert_non_null(strstr(cli_out, "password-screen: write error: standard output: No space left on device"));
    assert_int_equal(cli_run("printf 'password\\n' | %s > /dev/full", prog), 1);
    assert_non_null(strstr(cli_out, "write error: standard output: No space left on device"));
    assert_int_equal(cli_run("seq 1 100 | %s --report > /dev/full", prog), 1);
    assert_non_null(strstr(cli_out, "write error: standard output"));
    assert_int_equal(cli_run("%s --help > /dev/full", prog), 1);
    assert_non_null(strstr(cli_out, "write error: standard output"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_listed_password_is_caught),
        cmocka_unit_test(unlisted_answers_and_fallback_rate),
        cmocka_unit_test(sized_for_the_target),
        cmocka_unit_test(planted_bugs_are_caught),
        cmocka_unit_test(list_parsing),
        cmocka_unit_test(bad_input_is_refused),
        cmocka_unit_test(program_end_to_end),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
