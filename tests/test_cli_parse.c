/* The CLI's input parsers (tools/cli/cli.c, tools/cli/keys.c): the strict number grammars
 * with bounded work, and the bounded key-line reader.  The two sources are compiled into
 * this test (they are not in libamq). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "../tools/cli/cli.c"
#include "../tools/cli/keys.c"
#include <stdint.h>

static void accepts(const char *s, uint64_t want)
{
    uint64_t v = 12345;
    const char *why = cli_parse_u64(s, &v);
    if (why || v != want)
        print_message("'%s': %s, got %llu, want %llu\n", s, why ? why : "accepted", (unsigned long long)v,
                      (unsigned long long)want);
    assert_null(why);
    assert_true(v == want);
}

static void refuses(const char *s, const char *reason)
{
    uint64_t v = 12345;
    const char *why = cli_parse_u64(s, &v);
    if (!why || !strstr(why, reason))
        print_message("'%s': %s (want '%s')\n", s, why ? why : "accepted", reason);
    assert_non_null(why);
    assert_non_null(strstr(why, reason));
    assert_true(v == 12345); /* nothing written on refusal */
}

/* Defects 2 and 3, and the grammar around them. */
static void u64_grammar(void **state)
{
    (void)state;
    accepts("0", 0);
    accepts("00012", 12);
    accepts("18446744073709551615", UINT64_MAX);
    accepts("2^63", UINT64_C(1) << 63);
    accepts("2^0", 1);
    accepts("0^0", 1);
    accepts("0^7", 0);
    accepts("3^40", UINT64_C(12157665459056928801));
    accepts("1e3", 1000);
    accepts("7E2", 700);
    accepts("18e18", UINT64_C(18000000000000000000));
    accepts("1e19", UINT64_C(10000000000000000000));
    /* one multiplication from overflow: the largest values each form reaches */
    accepts("18446744073709551615^1", UINT64_MAX);
    accepts("1844674407370955161e1", UINT64_C(18446744073709551610));
    accepts("4294967295^2", UINT64_C(18446744065119617025));
    accepts("255^8", UINT64_C(17878103347812890625));
    refuses("18446744073709551615^2", "exceeds 2^64-1");
    refuses("1844674407370955162e1", "exceeds 2^64-1");
    refuses("4294967296^2", "exceeds 2^64-1");
    /* defect 2: base 0 or 1, or mantissa 0, with huge exponents: exact, no loop */
    accepts("1^18446744073709551615", 1);
    accepts("0^18446744073709551615", 0);
    accepts("0e99999999999999", 0);
    accepts("0e18446744073709551615", 0);
    refuses("2^18446744073709551615", "exceeds 2^64-1");
    refuses("10^18446744073709551615", "exceeds 2^64-1");
    refuses("2^64", "exceeds 2^64-1");
    refuses("1e20", "exceeds 2^64-1");
    refuses("19e18", "exceeds 2^64-1");
    refuses("18446744073709551616", "exceeds 2^64-1");
    refuses("1^18446744073709551616", "exponent exceeds");
    /* defect 3: whitespace and signs anywhere */
    refuses(" -1", "spaces");
    refuses(" -1e0", "spaces");
    refuses("\f-18", "spaces");
    refuses(" 5", "spaces");
    refuses("5 ", "spaces");
    refuses("\t5", "spaces");
    refuses("-1", "negative");
    refuses("+1", "signs");
    refuses("1e-3", "signs");
    refuses("1e+3", "signs");
    refuses("2^-1", "signs");
    /* the rest */
    refuses("", "empty");
    refuses(NULL, "empty");
    refuses("^3", "missing number");
    refuses("2^", "missing exponent");
    refuses("e5", "missing number");
    refuses("1.5", "unexpected character '.'");
    refuses("0x10", "unexpected character 'x'");
    refuses("1e3e2", "unexpected character 'e'");
    refuses("2^3^2", "unexpected character '^'");
    refuses("1\x80", "unexpected byte 0x80");
    refuses("12abc", "position 3");
}

static void double_grammar(void **state)
{
    (void)state;
    const char *good[] = {"0.5", "1e-3", ".5", "5.", "1E-300", "0.000001", "2.5e+1", "0"};
    const double want[] = {0.5, 1e-3, .5, 5., 1e-300, 0.000001, 25, 0};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        double v = -1;
        assert_null(cli_parse_double(good[i], &v));
        assert_true(v == want[i]);
    }
    const char *bad[] = {"", " 0.5", "0.5 ", "-0.5", "+0.5", ".", "e3", "1e", "1e+", "inf", "nan",
                         "0x1p-3", "1,5", "1e999", "1e-400", "0.5.5"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        double v = -1;
        const char *why = cli_parse_double(bad[i], &v);
        if (!why)
            print_message("'%s' accepted\n", bad[i]);
        assert_non_null(why);
        assert_true(v == -1);
    }
    double v;
    assert_non_null(strstr(cli_parse_double("1e999", &v), "too large"));
    assert_non_null(strstr(cli_parse_double("1e-400", &v), "too small"));
    assert_non_null(strstr(cli_parse_double("-0.5", &v), "negative"));
}

/* ---- the key reader ---- */

struct seen {
    char keys[16][64];
    size_t lens[16];
    int n, stop_at;
};

static int collect(void *ctx, const char *key, size_t len)
{
    struct seen *s = ctx;
    if (s->n < 16 && len <= 64) {
        memcpy(s->keys[s->n], key, len);
        s->lens[s->n] = len;
    }
    s->n++;
    return s->n == s->stop_at ? 9 : 0;
}

static int read_text(const char *text, size_t len, size_t max, struct seen *s, uint64_t *line)
{
    FILE *in = fmemopen((void *)text, len, "r");
    assert_non_null(in);
    const int rc = cli_read_keys(in, max, collect, s, line);
    fclose(in);
    return rc;
}

static void key_lines(void **state)
{
    (void)state;
    /* newline, CRLF, empty lines, a NUL inside a key, a last line without newline */
    static const char text[] = "alpha\nbe\0ta\r\n\n\r\nlast";
    struct seen s = {0};
    uint64_t line = 0;
    assert_int_equal(read_text(text, sizeof text - 1, 100, &s, &line), 0);
    assert_int_equal(s.n, 5);
    assert_int_equal(line, 5);
    assert_true(s.lens[0] == 5 && !memcmp(s.keys[0], "alpha", 5));
    assert_true(s.lens[1] == 5 && !memcmp(s.keys[1], "be\0ta", 5)); /* the NUL is kept */
    assert_true(s.lens[2] == 0 && s.lens[3] == 0);
    assert_true(s.lens[4] == 4 && !memcmp(s.keys[4], "last", 4));
    /* a trailing newline does not make an extra empty key; an empty input has no keys */
    memset(&s, 0, sizeof s);
    assert_int_equal(read_text("a\n", 2, 100, &s, &line), 0);
    assert_true(s.n == 1 && line == 1);
    /* the callback's stop is passed on */
    memset(&s, 0, sizeof s);
    s.stop_at = 2;
    assert_int_equal(read_text("a\nb\nc\n", 6, 100, &s, &line), 9);
    assert_true(s.n == 2 && line == 2);
}

/* The key limit: exactly max bytes pass (also with a CR before the newline); max + 1 is an
 * error naming the line, and no later line is read. */
static void key_length_limit(void **state)
{
    (void)state;
    struct seen s = {0};
    uint64_t line = 0;
    assert_int_equal(read_text("abcd\nabcd\r\nxyz", 15, 4, &s, &line), 0);
    assert_true(s.n == 3 && line == 3);
    memset(&s, 0, sizeof s);
    assert_int_equal(read_text("abcd\nok\nabcde\nnext\n", 19, 4, &s, &line), CLI_KEYS_TOO_LONG);
    assert_true(s.n == 2 && line == 3);
    memset(&s, 0, sizeof s);
    assert_int_equal(read_text("abcde", 5, 4, &s, &line), CLI_KEYS_TOO_LONG); /* last line, no newline */
    assert_true(s.n == 0 && line == 1);
    memset(&s, 0, sizeof s);
    assert_int_equal(read_text("abcd\r\r\n", 7, 4, &s, &line), CLI_KEYS_TOO_LONG); /* one CR is stripped */
    memset(&s, 0, sizeof s);
    assert_int_equal(read_text("\n", 1, 0, &s, &line), 0); /* max 0: only empty keys */
    assert_true(s.n == 1);
    assert_int_equal(read_text("x", 1, 0, &s, &line), CLI_KEYS_TOO_LONG);
    /* the CLI limit: a key of CLI_MAX_KEY_BYTES passes, one byte more does not */
    const size_t big = CLI_MAX_KEY_BYTES + 2;
    char *t = malloc(big);
    memset(t, 'k', big);
    t[CLI_MAX_KEY_BYTES] = '\n';
    memset(&s, 0, sizeof s);
    assert_int_equal(read_text(t, CLI_MAX_KEY_BYTES + 1, CLI_MAX_KEY_BYTES, &s, &line), 0);
    assert_int_equal(s.n, 1);
    t[CLI_MAX_KEY_BYTES] = 'k';
    assert_int_equal(read_text(t, big, CLI_MAX_KEY_BYTES, &s, &line), CLI_KEYS_TOO_LONG);
    free(t);
}

static void key_writers(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cli_put_key_raw(f, "a\0b", 3);
    fputc('|', f);
    cli_put_key_escaped(f, "a\0b\\\t\xff\"", 7);
    fclose(f);
    assert_int_equal(len, 3 + 1 + 15);
    assert_memory_equal(buf, "a\0b|a\\x00b\\\\\\t\\xff\"", len);
    free(buf);
    /* long keys are cut in messages */
    char key[300];
    memset(key, 'x', sizeof key);
    f = open_memstream(&buf, &len);
    cli_put_key_escaped(f, key, sizeof key);
    fclose(f);
    assert_int_equal(len, 203);
    assert_memory_equal(buf + 200, "...", 3);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(u64_grammar),      cmocka_unit_test(double_grammar),
        cmocka_unit_test(key_lines),        cmocka_unit_test(key_length_limit),
        cmocka_unit_test(key_writers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
