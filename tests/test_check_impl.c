/* The open checker (amq/check_impl.h, amq/impl.h): amqcert's own structures pass through
 * each way in (the filter interface, a plugin, a process); each planted bug fails with its
 * reason; plugins that do not match the ABI and processes that crash, hang, reply wrongly or
 * report an error end the check with a message that says so; the same seed gives the same
 * answers.  Every statistical assertion has a false-alarm rate <= ALPHA. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <amq/check_impl.h>
#include <amq/filter_rate.h>
#include <amq/impl.h>
#include <lib_internal/structure.h> /* a fake model descriptor: a structure without moments */
#include "support/build_dir.h"
#include "support/check_config.h"
#include "support/check_expect.h"

#define ALPHA CHECK_CONFIG_ALPHA

static char path[1024];

static const char *adapter(const char *name) { return amq_test_build_path(path, sizeof path, name); }

/* check_config's configuration against `model` with two named parameters, at n = 100 keys
 * and 500 filters (these tests' sizes since before check_config; its default is 2000). */
static amq_impl_check_config config(const char *model, const char *k1, uint64_t v1, const char *k2, uint64_t v2)
{
    amq_impl_check_config c = check_config_params(model, k1, v1, k2, v2, 100);
    c.filters = 500;
    return c;
}

static amq_impl *plugin(const char *so, const char *arg)
{
    amq_impl *impl;
    if (amq_impl_plugin(&impl, adapter(so), arg) != AMQ_OK)
        fail_msg("plugin %s: %s", so, amq_last_error());
    return impl;
}

/* The check must end (not a verdict) with a message that contains `why`. */
static void expect_error(amq_impl *impl, const amq_impl_check_config *c, const char *why)
{
    amq_impl_check_result r;
    if (amq_impl_check(impl, c, &r) == AMQ_OK)
        fail_msg("%s: expected the check to end with '%s', got a verdict", amq_impl_name(impl), why);
    if (!strstr(amq_last_error(), why))
        fail_msg("expected '%s' in: %s", why, amq_last_error());
    assert_false(r.pass);
    amq_impl_check_result_free(&r);
}

static void test_accuracy_score(void **state)
{
    (void)state;
    assert_int_equal(amq_accuracy_score(0, 100), 0);    /* always "maybe": the worst filter */
    assert_int_equal(amq_accuracy_score(100, 100), 100); /* a set */
    assert_int_equal(amq_accuracy_score(1, 1000), 1);    /* some negatives: never 0 */
    assert_int_equal(amq_accuracy_score(999, 1000), 99); /* some false positives: never 100 */
    assert_int_equal(amq_accuracy_score(995, 1000), 99);
    assert_int_equal(amq_accuracy_score(505, 1000), 50);
    assert_int_equal(amq_accuracy_score(0, 0), 0);
}

static void test_own_structures_pass(void **state)
{
    (void)state;
    amq_impl *impl = check_structure_impl("bloom", "m", 1000, "k", 5);
    amq_impl_check_config c = config("bloom", "m", 1000, "k", 5);
    check_expect_pass(impl, &c);
    amq_impl_free(impl);
    /* counting, with removals, one query per filter (exact binomial) */
    impl = check_structure_impl("counting", "m", 1000, "k", 5);
    assert_true(amq_impl_can_remove(impl));
    c = config("counting", "m", 1000, "k", 5);
    c.queries = 1;
    c.filters = 5000;
    c.removals = 50;
    check_expect_pass(impl, &c);
    amq_impl_free(impl);
    /* quotient: 2^8 slots, 6-bit remainders, n = 100 */
    impl = check_structure_impl("quotient", "q", 8, "r", 6);
    c = config("quotient", "q", 8, "r", 6);
    check_expect_pass(impl, &c);
    c.removals = 30;
    check_expect_pass(impl, &c);
    amq_impl_free(impl);
    /* measure only */
    impl = check_structure_impl("bloom", "m", 1000, "k", 5);
    c = config(NULL, NULL, 0, NULL, 0);
    check_expect_pass(impl, &c);
    amq_impl_free(impl);
}

/* A correct filter of other parameters than the declared model: the rate is off (the
 * shared design needs F p >> log(1/alpha) / 3 to see a 2-fold deviation: F = 5000). */
static void test_wrong_model_fails(void **state)
{
    (void)state;
    amq_impl *impl = check_structure_impl("bloom", "m", 1000, "k", 5);
    amq_impl_check_config c = config("bloom", "m", 800, "k", 5);
    c.filters = 5000;
    check_expect_fail(impl, &c, "FP rate below the model", NULL);
    c = config("bloom", "m", 1300, "k", 5);
    c.filters = 5000;
    check_expect_fail(impl, &c, "FP rate above the model", NULL);
    amq_impl_free(impl);
}

static void test_plugins_pass(void **state)
{
    (void)state;
    amq_impl *impl = plugin("adapters/amq-plugin.so", "bloom m=1000 k=5 hash=independent");
    assert_string_equal(amq_impl_kind(impl), "plugin");
    assert_false(amq_impl_can_remove(impl)); /* the plugin's can_remove: a Bloom filter does not delete */
    amq_impl_check_config c = config("bloom", "m", 1000, "k", 5);
    check_expect_pass(impl, &c);
    amq_impl_free(impl);
    impl = plugin("adapters/amq-plugin.so", "counting m=1000 k=5");
    assert_true(amq_impl_can_remove(impl));
    c = config("counting", "m", 1000, "k", 5);
    c.removals = 50;
    check_expect_pass(impl, &c);
    amq_impl_free(impl);
    impl = plugin("adapters/planted-none.so", "m=1000 k=6");
    c = config("bloom", "m", 1000, "k", 6);
    check_expect_pass(impl, &c);
    amq_impl_free(impl);
}

static void test_planted_bugs_fail(void **state)
{
    (void)state;
    amq_impl_check_config c = config("bloom", "m", 1000, "k", 6);
    amq_impl *impl = plugin("adapters/planted-false-negative.so", "m=1000 k=6");
    amq_impl_check_result r;
    check_expect_fail(impl, &c, "false negative: key ", &r);
    assert_true(r.false_negative);
    /* the replay ends with the query that was answered "no" */
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    assert_int_equal(amq_impl_check_replay(&c, r.fn_filter, r.fn_ops, m), AMQ_OK);
    fclose(m);
    size_t lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += buf[i] == '\n';
    assert_int_equal(lines, r.fn_ops);
    char want[64] = "query ";
    for (unsigned i = 0; i < AMQ_IMPL_CHECK_KEY_BYTES; i++)
        sprintf(want + 6 + 2 * i, "%02x", r.fn_key[i]);
    strcat(want, "\n");
    assert_true(len > strlen(want) && !strcmp(buf + len - strlen(want), want));
    assert_memory_equal(buf, "new ", 4);
    free(buf);
    amq_impl_check_result_free(&r);
    amq_impl_free(impl);

    impl = plugin("adapters/planted-biased-hash.so", "m=1000 k=6");
    check_expect_fail(impl, &c, "FP rate above the model at load", NULL);
    amq_impl_free(impl);
    impl = plugin("adapters/planted-wrong-k.so", "m=1000 k=6");
    c.filters = 5000;
    check_expect_fail(impl, &c, "FP rate above the model at load", NULL);
    c.queries = 1; /* also caught by the exact binomial design */
    c.filters = 20000;
    check_expect_fail(impl, &c, "FP rate above the model at load", NULL);
    amq_impl_free(impl);
}

static void test_plugin_refusals(void **state)
{
    (void)state;
    amq_impl *impl = NULL;
    assert_int_equal(amq_impl_plugin(&impl, adapter("adapters/planted-wrong-abi.so"), "m=10 k=1"), AMQ_E_BAD_VERSION);
    assert_non_null(strstr(amq_last_error(), "built for plugin ABI version 2, but this amqcert speaks version 1"));
    assert_int_equal(amq_impl_plugin(&impl, "libxxhash.so.0", NULL), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "is not an amqcert plugin: it exports no 'amq_plugin_entry'"));
    assert_int_equal(amq_impl_plugin(&impl, adapter("adapters/no-such-plugin.so"), NULL), AMQ_E_IO);
    assert_non_null(strstr(amq_last_error(), "cannot be loaded"));
    assert_null(impl);
    /* a plugin that refuses its argument: the check ends with the plugin's words */
    impl = plugin("adapters/planted-none.so", "m=oops");
    amq_impl_check_config c = config("bloom", "m", 1000, "k", 6);
    expect_error(impl, &c, "could not create a filter: --plugin-arg must be 'm=M k=K'");
    amq_filter *f;
    assert_int_not_equal(amq_impl_new_filter(impl, 1, &f), AMQ_OK); /* it stays stopped */
    amq_impl_free(impl);
    /* removals asked of an implementation that cannot remove */
    impl = plugin("adapters/planted-none.so", "m=1000 k=6");
    c.removals = 10;
    expect_error(impl, &c, "cannot remove keys");
    amq_impl_free(impl);
}

static void test_processes_pass(void **state)
{
    (void)state;
    char cmd[1200];
    amq_impl *impl;
    snprintf(cmd, sizeof cmd, "'%s' serve bloom -m 1000 -k 5", adapter("amq"));
    assert_int_equal(amq_impl_process(&impl, cmd, AMQ_IMPL_DEFAULT_TIMEOUT), AMQ_OK);
    assert_string_equal(amq_impl_name(impl), "amq-bloom");
    assert_false(amq_impl_can_remove(impl));
    amq_impl_check_config c = config("bloom", "m", 1000, "k", 5);
    c.filters = 200;
    check_expect_pass(impl, &c);
    /* a key above the protocol's limit is refused before anything is sent; the process goes on */
    amq_filter *f;
    assert_int_equal(amq_impl_new_filter(impl, 7, &f), AMQ_OK);
    static unsigned char big[2000];
    assert_int_equal(amq_filter_add(f, big, sizeof big), AMQ_E_TOO_LARGE);
    assert_int_equal(amq_filter_add(f, big, 1024), AMQ_OK);
    assert_int_equal(amq_filter_query(f, big, 1024), 1);
    assert_int_equal(amq_filter_add(f, "", 0), AMQ_OK); /* the empty key */
    assert_int_equal(amq_filter_query(f, "", 0), 1);
    assert_null(amq_impl_error(impl));
    amq_filter_free(f);
    amq_impl_free(impl);
    snprintf(cmd, sizeof cmd, "'%s' serve counting -m 1000 -k 5", adapter("amq"));
    assert_int_equal(amq_impl_process(&impl, cmd, AMQ_IMPL_DEFAULT_TIMEOUT), AMQ_OK);
    assert_true(amq_impl_can_remove(impl));
    c = config("counting", "m", 1000, "k", 5);
    c.filters = 200;
    c.removals = 50;
    check_expect_pass(impl, &c);
    amq_impl_free(impl);
    /* the complete Python example of docs/protocol.md */
    if (system("command -v python3 >/dev/null 2>&1") != 0) {
        print_message("SKIP: python3 is not installed, so the Python example adapter is not run\n");
        skip();
    }
    assert_int_equal(amq_impl_process(&impl, "python3 tools/adapters/example_adapter.py 1000 5", 30.0), AMQ_OK);
    c = config("bloom", "m", 1000, "k", 5);
    c.filters = 100;
    check_expect_pass(impl, &c);
    amq_impl_free(impl);
}

static void test_trivial_adapter_is_caught(void **state)
{
    (void)state;
    amq_impl *impl;
    assert_int_equal(amq_impl_process(&impl, adapter("adapters/amq-adapter-no"), 5.0), AMQ_OK);
    amq_impl_check_config c = config("bloom", "m", 1000, "k", 5);
    amq_impl_check_result r;
    check_expect_fail(impl, &c, "false negative: key", &r);
    assert_int_equal(r.fn_filter, 0);
    assert_int_equal(r.fn_key_number, 0); /* the first added key */
    amq_impl_check_result_free(&r);
    amq_impl_free(impl);
}

/* Adapters that misbehave: the process ends the check with a clear message. */
static void test_process_failures(void **state)
{
    (void)state;
    static const struct {
        const char *script, *why;
    } cases[] = {
        {"read l; echo 'hello 1 crasher'; read l; echo ok; read l; kill -SEGV $$", "was killed by signal 11"},
        {"read l; echo 'hello 1 quitter'; exit 3", "exited with status 3"},
        {"read l; echo 'hello 1 sleeper'; read l; sleep 30", "sent nothing for 1 s (hung?)"},
        {"read l; echo 'hello 1 liar'; read l; echo ok; read l; echo maybe", "sent a malformed reply to 'add "},
        {"read l; echo 'hello 1 grumpy'; read l; echo 'error out of cheese'", "reported an error in reply to 'new "},
        {"read l; echo 'hello 1 confused'; read l; echo yes", "not an answer to that request"},
        {"read l; echo 'hello 1 chatty'; read l; printf 'ok\\nok\\n'; sleep 1", "sent a reply to no request"},
        {"read l; echo 'hello 1 flood'; read l; head -c 10000 /dev/zero | tr '\\\\0' x; sleep 1",
         "longer than 4096 bytes"},
        {"exec 2>/dev/null; /nonexistent/adapter", "exited with status 127"},
        {"read l; echo 'hello 3 future'", "speaks protocol version 3, this amqcert speaks versions 1 to 2"},
        {"read l; echo 'hello 1 old'; read l; echo ok; read l; echo full", "(a reply of protocol version 2; this "
                                                                          "session speaks version 1)"},
        {"true", "exited with status 0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amq_impl *impl = NULL;
        /* a generous timeout, but for the case that must hang: a loaded machine is slow */
        const double timeout = strstr(cases[i].script, "sleep 30") ? 1.0 : 20.0;
        amq_status st = amq_impl_process(&impl, cases[i].script, timeout);
        if (st == AMQ_OK) {
            amq_impl_check_config c = config("bloom", "m", 1000, "k", 5);
            expect_error(impl, &c, cases[i].why);
            assert_non_null(amq_impl_error(impl));
            amq_filter *f;
            assert_int_not_equal(amq_impl_new_filter(impl, 1, &f), AMQ_OK); /* it stays stopped */
            amq_impl_free(impl);
        } else if (!strstr(amq_last_error(), cases[i].why)) {
            fail_msg("case %zu: expected '%s' in: %s", i, cases[i].why, amq_last_error());
        }
    }
    amq_impl *impl;
    assert_int_equal(amq_impl_process(&impl, "cat", 0.0), AMQ_E_INVALID_ARG);
}

/* The same seed gives the same answers; another seed other keys. */
static void test_determinism(void **state)
{
    (void)state;
    amq_impl *impl = plugin("adapters/amq-plugin.so", "bloom m=500 k=4");
    amq_impl_check_config c = config("bloom", "m", 500, "k", 4);
    c.filters = 200;
    amq_impl_check_result a, b;
    assert_int_equal(amq_impl_check(impl, &c, &a), AMQ_OK);
    assert_int_equal(amq_impl_check(impl, &c, &b), AMQ_OK);
    assert_int_equal(a.npoints, b.npoints);
    for (size_t i = 0; i < a.npoints; i++)
        assert_int_equal(a.points[i].positives, b.points[i].positives);
    assert_int_equal(a.accuracy, b.accuracy);
    amq_impl_check_result_free(&b);
    c.seed = 2;
    assert_int_equal(amq_impl_check(impl, &c, &b), AMQ_OK);
    int differ = 0;
    for (size_t i = 0; i < a.npoints; i++)
        differ |= a.points[i].positives != b.points[i].positives;
    assert_true(differ);
    amq_impl_check_result_free(&a);
    amq_impl_check_result_free(&b);
    amq_impl_free(impl);
}

static void test_config_refusals(void **state)
{
    (void)state;
    amq_impl *impl = check_structure_impl("bloom", "m", 1000, "k", 5);
    amq_impl_check_result r;
    amq_impl_check_config c = config("bloom", "m", 1000, "k", 5);
    c.n = 0;
    assert_int_equal(amq_impl_check(impl, &c, &r), AMQ_E_INVALID_N);
    c = config("bloom", "m", 1000, "k", 5);
    c.loads = 101;
    assert_int_equal(amq_impl_check(impl, &c, &r), AMQ_E_INVALID_ARG);
    c = config("bloom", "m", 1000, "k", 5);
    c.alpha = 1.0;
    assert_int_equal(amq_impl_check(impl, &c, &r), AMQ_E_INVALID_ARG);
    c = config("bloom", "m", 1000, "k", 5);
    c.removals = 101;
    assert_int_equal(amq_impl_check(impl, &c, &r), AMQ_E_INVALID_ARG);
    c = config("bloom", "m", 1000, "k", 5);
    c.filters = 0;
    assert_int_equal(amq_impl_check(impl, &c, &r), AMQ_E_INVALID_ARG);
    assert_null(r.points); /* refused: nothing ran, and freeing it is safe */
    amq_impl_check_result_free(&r);
    c = config("bloom", "m", 1000, "k", 5);
    c.queries = 0;
    assert_int_equal(amq_impl_check_validate(&c), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "0 queries"));
    c = config("cuckoo", "nb", 1000, "f", 8); /* its moments (spec/cuckoo_moments.c): Q > 1 */
    assert_int_equal(amq_impl_check_validate(&c), AMQ_OK);
    c.queries = 1;
    assert_int_equal(amq_impl_check_validate(&c), AMQ_OK);
    /* a model that no filter can follow to n keys (issue 25: 2^4 + 16 slots at n = 100 ran) */
    c = config("quotient", "q", 4, "r", 6);
    c.n = c.loads = 32;
    assert_int_equal(amq_impl_check_validate(&c), AMQ_OK);
    c.n = 33;
    assert_int_equal(amq_impl_check_validate(&c), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "a quotient filter of the model's parameters holds at most 32"));
    c = config("cuckoo", "nb", 4, "f", 8);
    c.queries = 1;
    c.n = 17;
    assert_int_equal(amq_impl_check_validate(&c), AMQ_E_INVALID_ARG);
    amq_impl_free(impl);
}

/* A model whose rate has no known moments (no registry structure is one today, so a copy of
 * the Bloom entry without them stands in): Q > 1 queries per filter are refused with a
 * message naming the structure and the way out, Q = 1 is accepted, and the moment API
 * refuses it too. */
static void test_model_without_moments(void **state)
{
    (void)state;
    amq_impl_check_config c = config("bloom", "m", 1000, "k", 5);
    amq_structure fake = *c.model;
    fake.fp_moment_enclose = NULL;
    fake.fp_moment_work = NULL;
    c.model = &fake;
    c.queries = 3;
    assert_false(amq_structure_has_fp_moments(&fake));
    assert_int_equal(amq_impl_check_validate(&c), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "the moments of the bloom rate are not known, so 3 queries per filter"));
    assert_non_null(strstr(amq_last_error(), "use one query per filter (Q = 1)"));
    c.queries = 1;
    assert_int_equal(amq_impl_check_validate(&c), AMQ_OK);
    mpfr_t lo, hi;
    mpfr_inits2(64, lo, hi, (mpfr_ptr)0);
    assert_int_equal(amq_structure_fp_moment_enclose(lo, hi, 64, &fake, &c.model_params, 100, 2), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "bloom: the moments of the rate are not known"));
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

/* Issue 25, point 7: protocol version 2, "full" to an add.  A filter that refuses adds and
 * loses nothing passes under no model, and gets no verdict on the rate under one; a filter
 * that loses a key at its first refusal fails with a false negative of that kind (the old
 * checker took "full" for a malformed reply and ended the check without a finding). */
static void test_refused_adds(void **state)
{
    (void)state;
    char cmd[1200];
    amq_impl *impl;
    amq_impl_check_result r;
    snprintf(cmd, sizeof cmd, "'%s' full 1000 5 60", adapter("adapters/planted-adapter"));
    assert_int_equal(amq_impl_process(&impl, cmd, 20.0), AMQ_OK);
    assert_int_equal(amq_impl_protocol(impl), 2);
    assert_true(amq_impl_can_refuse(impl));
    amq_impl_check_config c = config(NULL, NULL, 0, NULL, 0);
    c.filters = 50;
    assert_int_equal(amq_impl_check(impl, &c, &r), AMQ_OK);
    assert_true(r.pass);
    assert_false(r.false_negative);
    assert_int_equal(r.refused_filters, 50);
    assert_int_equal(r.refusal_filter, 0);
    assert_int_equal(r.refusal_key_number, 60);
    assert_int_equal(r.refusal_adds, 60);
    assert_int_equal(r.kept_queries, 50 * 60);
    assert_int_equal(r.points[3].queries, 0); /* the last load point (100 keys) is never reached */
    amq_impl_check_result_free(&r);
    c = config("counting", "m", 1000, "k", 5);
    c.filters = 50;
    check_expect_fail(impl, &c, "no verdict on the rate: 50 of 50 filters refused an add", NULL);
    amq_impl_free(impl);

    snprintf(cmd, sizeof cmd, "'%s' lose-at-full 1000 5 60", adapter("adapters/planted-adapter"));
    assert_int_equal(amq_impl_process(&impl, cmd, 20.0), AMQ_OK);
    c = config(NULL, NULL, 0, NULL, 0);
    c.filters = 50;
    check_expect_fail(impl, &c, "false negative after a refused insert: key ", &r);
    assert_true(r.fn_after_refusal);
    assert_int_equal(r.fn_filter, 0);
    assert_int_equal(r.fn_key_number, 0); /* the key it dropped */
    assert_non_null(strstr(r.reason, "found missing after a refused insert (the add of key 60 refused after 60 adds)"));
    amq_impl_check_result_free(&r);
    amq_impl_free(impl);

    /* amqcert's quotient filter refuses when its 64 + 64 (slack) slots are used, and loses
     * nothing: through the filter interface and as a version 2 process */
    impl = check_structure_impl("quotient", "q", 6, "r", 8);
    c = config(NULL, NULL, 0, NULL, 0);
    c.n = 200;
    c.filters = 50;
    c.queries = 5;
    assert_int_equal(amq_impl_check(impl, &c, &r), AMQ_OK);
    assert_true(r.pass);
    assert_int_equal(r.refused_filters, 50);
    assert_true(r.refusal_adds > 64 && r.refusal_adds <= 128);
    assert_true(r.kept_queries > 50 * 64);
    const uint64_t kept = r.kept_queries;
    amq_impl_check_result_free(&r);
    amq_impl_free(impl);
    snprintf(cmd, sizeof cmd, "'%s' serve quotient -q 6 -r 8", adapter("amq"));
    assert_int_equal(amq_impl_process(&impl, cmd, 20.0), AMQ_OK);
    assert_int_equal(amq_impl_protocol(impl), 2);
    assert_int_equal(amq_impl_check(impl, &c, &r), AMQ_OK);
    assert_true(r.pass);
    assert_int_equal(r.refused_filters, 50);
    assert_int_equal(r.kept_queries, kept); /* the same filters, the same refusals */
    amq_impl_check_result_free(&r);
    amq_impl_free(impl);
}

/* A version 1 adapter that accepts only "hello 1" is started again and spoken to in
 * version 1: old adapters work unchanged. */
static void test_version_1_adapter(void **state)
{
    (void)state;
    char cmd[1400];
    snprintf(cmd, sizeof cmd,
             "read l; if [ \"$l\" = 'hello 1' ]; then echo 'hello 1 strict-v1 remove'; exec '%s' none 1000 5; "
             "else echo 'error protocol 1 only'; fi",
             adapter("adapters/planted-adapter"));
    amq_impl *impl;
    if (amq_impl_process(&impl, cmd, 20.0) != AMQ_OK)
        fail_msg("%s", amq_last_error());
    assert_string_equal(amq_impl_name(impl), "strict-v1");
    assert_int_equal(amq_impl_protocol(impl), 1);
    assert_true(amq_impl_can_remove(impl));
    assert_false(amq_impl_can_refuse(impl));
    amq_impl_check_config c = config("counting", "m", 1000, "k", 5);
    c.filters = 100;
    c.removals = 50;
    check_expect_pass(impl, &c);
    amq_impl_free(impl);
}

/* Issue 25, point 1 and 2: an adapter answers "no" to an added key, then "error" to a
 * remove in the same batch.  The false negative is the finding: it stays in the verdict
 * with its key, filter and position, and the check still reports what it counted, and
 * where the error came (filter, operation, adds before it). */
static void test_false_negative_then_error(void **state)
{
    (void)state;
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "'%s' no-then-error 1000 5", adapter("adapters/planted-adapter"));
    amq_impl *impl;
    assert_int_equal(amq_impl_process(&impl, cmd, 20.0), AMQ_OK);
    amq_impl_check_config c = config("counting", "m", 1000, "k", 5);
    c.filters = 20;
    c.removals = 50;
    amq_impl_check_result r;
    assert_int_equal(amq_impl_check(impl, &c, &r), AMQ_E_IO);
    assert_non_null(strstr(amq_last_error(), "filter 2 (seed "));
    assert_non_null(strstr(amq_last_error(), "operation 282, after 100 adds: process 'planted-no-then-error' "
                                             "reported an error in reply to 'remove "));
    assert_true(r.false_negative);
    assert_int_equal(r.fn_filter, 2);
    assert_int_equal(r.fn_key_number, 0);
    assert_int_equal(r.fn_ops, 182); /* new, 100 adds, 4 x 20 fresh queries, then the first added key */
    assert_true(r.ended);
    assert_int_equal(r.end_filter, 2);
    assert_int_equal(r.end_adds, 100);
    assert_false(r.pass);
    assert_non_null(strstr(r.reason, "false negative: key "));
    assert_non_null(strstr(r.reason, "; then the check ended at filter 2"));
    /* the counts so far: two whole filters, and the fresh queries of the third */
    assert_int_equal(r.filters_done, 2);
    assert_int_equal(r.npoints, 5);
    assert_int_equal(r.points[0].queries, 3 * 20);
    assert_int_equal(r.points[4].queries, 2 * 20);
    for (size_t i = 0; i < r.npoints; i++)
        assert_int_equal(r.points[i].verdict, AMQ_POINT_UNTESTED);
    amq_impl_check_result_free(&r);
    amq_impl_free(impl);
}

/* Issue 25, point 1: an adapter answers "no" to an added key, then closes its input with
 * requests unread, writes its replies through the "no" and exits.  The checker is still
 * writing that batch, so it sees the broken pipe before the replies: it must read them, and
 * the false negative stays the finding.  The batch is made so that the checker cannot have
 * written it all: n = 9192 keys, L = 1, Q = 1, no removals; the second batch of 8192
 * requests holds the last 1000 adds, one fresh query, then the queries of added keys from
 * key 0 (the "no", its 1002nd request); the 7190 queries after it (23 bytes each, 165 KB)
 * exceed what the adapter may have read (a 64 KiB chunk) plus a pipe's 64 KiB. */
static void test_false_negative_then_exit(void **state)
{
    (void)state;
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "exec '%s' no-then-exit 100000 5", adapter("adapters/planted-adapter"));
    amq_impl *impl;
    assert_int_equal(amq_impl_process(&impl, cmd, 20.0), AMQ_OK);
    amq_impl_check_config c = config("counting", "m", 100000, "k", 5);
    c.n = 9192;
    c.loads = 1;
    c.queries = 1;
    c.filters = 2;
    amq_impl_check_result r;
    assert_int_equal(amq_impl_check(impl, &c, &r), AMQ_E_IO);
    assert_non_null(strstr(amq_last_error(), "filter 0 (seed "));
    assert_non_null(strstr(amq_last_error(), "after 9192 adds: process 'planted-no-then-exit' exited with status 3 "
                                             "after 1002 of 8192 replies to a batch of requests"));
    assert_true(r.false_negative);
    assert_int_equal(r.fn_filter, 0);
    assert_int_equal(r.fn_key_number, 0);
    assert_int_equal(r.fn_ops, 9195); /* new, 9192 adds, a fresh query, then key 0 */
    assert_true(r.ended);
    assert_int_equal(r.end_filter, 0);
    assert_false(r.pass);
    assert_non_null(strstr(r.reason, "false negative: key "));
    assert_non_null(strstr(r.reason, "; then the check ended at filter 0"));
    amq_impl_check_result_free(&r);
    amq_impl_free(impl);
}

/* Issue 25, point 5: the record is the whole session, every filter in order, cut after the
 * query answered "no"; piped into a fresh adapter whose bug depends on process-wide state
 * (a count of queries over all filters), it gives the same "no" on its last line. */
static void test_session_record(void **state)
{
    (void)state;
    char cmd[1200], rec[] = "/tmp/amq-record-XXXXXX";
    const int fd = mkstemp(rec);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w+");
    snprintf(cmd, sizeof cmd, "'%s' global 1000 5", adapter("adapters/planted-adapter"));
    amq_impl *impl;
    assert_int_equal(amq_impl_process(&impl, cmd, 20.0), AMQ_OK);
    amq_impl_check_config c = config("counting", "m", 1000, "k", 5);
    c.filters = 20;
    c.removals = 50;
    c.record = f;
    amq_impl_check_result r;
    check_expect_fail(impl, &c, "false negative: key ", &r);
    assert_true(r.fn_filter >= 1); /* not in the first filter: the state is the process's */
    assert_int_equal(fflush(f), 0);
    assert_int_equal(ftruncate(fd, (off_t)r.fn_record_bytes), 0);
    rewind(f);
    char line[128];
    uint64_t news = 0, lines = 0;
    while (fgets(line, sizeof line, f)) {
        if (lines++ == 0)
            assert_string_equal(line, "hello 1\n");
        news += !strncmp(line, "new ", 4);
    }
    assert_int_equal(news, r.fn_filter + 1);
    fclose(f);
    char sh[2600], reply[16] = "";
    snprintf(sh, sizeof sh, "%s < %s | tail -1", cmd, rec);
    FILE *p = popen(sh, "r");
    assert_non_null(p);
    assert_non_null(fgets(reply, sizeof reply, p));
    pclose(p);
    assert_string_equal(reply, "no\n");
    unlink(rec);
    amq_impl_check_result_free(&r);
    amq_impl_free(impl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accuracy_score),       cmocka_unit_test(test_own_structures_pass),
        cmocka_unit_test(test_wrong_model_fails),    cmocka_unit_test(test_plugins_pass),
        cmocka_unit_test(test_planted_bugs_fail),    cmocka_unit_test(test_plugin_refusals),
        cmocka_unit_test(test_trivial_adapter_is_caught), cmocka_unit_test(test_process_failures),
        cmocka_unit_test(test_determinism),          cmocka_unit_test(test_config_refusals),
        cmocka_unit_test(test_processes_pass),       cmocka_unit_test(test_false_negative_then_error),
        cmocka_unit_test(test_false_negative_then_exit),
        cmocka_unit_test(test_session_record),       cmocka_unit_test(test_refused_adds),
        cmocka_unit_test(test_version_1_adapter),   cmocka_unit_test(test_model_without_moments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
