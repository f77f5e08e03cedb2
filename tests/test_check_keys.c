/* The open checker's keys (issue 25, point 8; src/check_keys.c): the formats written from key
 * numbers and key lists read from a file.  Every key of a run is distinct, whatever its
 * format, and the same seed gives the same keys; a hash that depends on the keys' form passes
 * on one format and fails on another. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <amq/check_impl.h>
#include <amq/impl.h>
#include "support/build_dir.h"
#include "support/check_config.h"
#include "support/check_expect.h"

static char path[1024];

static const char *adapter(const char *name) { return amq_test_build_path(path, sizeof path, name); }

/* check_config's configuration at n = 100 keys (4 loads of 20 queries: 180 keys a filter). */
static amq_impl_check_config config(const char *model, const char *k1, uint64_t v1, const char *k2, uint64_t v2)
{
    return check_config_params(model, k1, v1, k2, v2, 100);
}

/* A key as the record shows it: its length, its bytes (the formats written from numbers
 * have at most 32), and whether it was an add (not compared). */
#define KEY_W 32
typedef struct rec_key {
    unsigned char len, bytes[KEY_W], add;
} rec_key;

static int by_key(const void *a, const void *b) { return memcmp(a, b, 1 + KEY_W); }

/* The keys of the adds and queries of a record (queries of fresh keys and of added ones). */
static size_t record_keys(char *buf, rec_key *keys, size_t cap, size_t *shortest, size_t *longest)
{
    size_t nk = 0;
    *shortest = SIZE_MAX;
    *longest = 0;
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        const int add = !strncmp(line, "add ", 4);
        if (!add && strncmp(line, "query ", 6))
            continue;
        const char *hex = line + (add ? 4 : 6);
        const size_t len = strlen(hex) / 2;
        assert_true(len <= KEY_W && nk < cap);
        memset(&keys[nk], 0, sizeof keys[nk]);
        keys[nk].len = (unsigned char)len;
        keys[nk].add = (unsigned char)add;
        for (size_t i = 0; i < len; i++) {
            unsigned v;
            assert_int_equal(sscanf(hex + 2 * i, "%2x", &v), 1);
            keys[nk].bytes[i] = (unsigned char)v;
        }
        *shortest = len < *shortest ? len : *shortest;
        *longest = len > *longest ? len : *longest;
        nk++;
    }
    return nk;
}

/* The run's record (every request, in order) in *buf, checked to pass. */
typedef struct record {
    char *buf;
    size_t len;
} record;

static void run_recorded(amq_impl *impl, amq_impl_check_config *c, record *r)
{
    r->buf = NULL;
    c->record = open_memstream(&r->buf, &r->len);
    check_expect_pass(impl, c);
    fclose(c->record);
    c->record = NULL;
}

/* One format: every add's key differs from every other key of the run, and the run asks
 * about exactly F x K distinct keys (K = n + L Q a filter: a fresh query key that repeats an
 * add of another filter, or another fresh key, makes fewer); lengths as stated; the same seed
 * gives the same record, another seed other keys. */
static void check_format(amq_impl *impl, amq_key_format k, size_t lo, size_t hi)
{
    const char *name = amq_key_format_name(k);
    amq_impl_check_config c = config("bloom", "m", 1000, "k", 5);
    c.keys = k;
    c.filters = 20;
    record one, again, other;
    run_recorded(impl, &c, &one);
    run_recorded(impl, &c, &again);
    if (one.len != again.len || memcmp(one.buf, again.buf, one.len))
        fail_msg("--key-format %s: the same seed gave another record", name);
    c.seed = 2;
    run_recorded(impl, &c, &other);
    const char *add1 = strstr(one.buf, "\nadd "), *add2 = strstr(other.buf, "\nadd ");
    assert_true(add1 && add2);
    if (!strncmp(add1, add2, strcspn(add1 + 1, "\n") + 1))
        fail_msg("--key-format %s: seeds 1 and 2 gave the same first key", name);
    const size_t cap = c.filters * (2 * c.n + c.loads * c.queries);
    rec_key *keys = calloc(cap, sizeof *keys);
    size_t shortest, longest, adds = 0, distinct = 0;
    const size_t nk = record_keys(one.buf, keys, cap, &shortest, &longest);
    assert_int_equal(nk, cap);
    qsort(keys, nk, sizeof *keys, by_key);
    for (size_t i = 0; i < nk; i++) {
        adds += keys[i].add;
        if (i == 0 || by_key(&keys[i - 1], &keys[i])) {
            distinct++;
        } else if (keys[i - 1].add && keys[i].add) {
            fail_msg("--key-format %s: two adds of one key", name);
        }
    }
    assert_int_equal(adds, c.filters * c.n);
    if (distinct != c.filters * amq_impl_check_keys_per_filter(&c))
        fail_msg("--key-format %s: %zu distinct keys in the run, not %llu filters x %llu", name, distinct,
                 (unsigned long long)c.filters, (unsigned long long)amq_impl_check_keys_per_filter(&c));
    if (shortest < lo || longest > hi)
        fail_msg("--key-format %s: keys of %zu to %zu bytes, not %zu to %zu", name, shortest, longest, lo, hi);
    if (k == AMQ_KEYS_VARLEN)
        assert_true(longest > shortest);
    free(keys);
    free(other.buf);
    free(again.buf);
    free(one.buf);
}

/* Every format written from key numbers, through amqcert's Bloom filter (which passes on
 * each); a hash that reads only the first 4 bytes of a key passes on little-endian counters
 * and fails on big-endian ones (the old checker had only the former). */
static void test_key_formats(void **state)
{
    (void)state;
    static const size_t lo[AMQ_KEYS_FORMATS] = {8, 8, 8, 16, 1, 16, 8}, hi[AMQ_KEYS_FORMATS] = {8, 8, 8, 16, 20, 16, 32};
    amq_impl *impl = check_structure_impl("bloom", "m", 1000, "k", 5);
    for (int k = 0; k < AMQ_KEYS_LIST; k++) {
        amq_key_format back;
        assert_int_equal(amq_key_format_parse(amq_key_format_name((amq_key_format)k), &back), AMQ_OK);
        assert_int_equal(back, k);
        check_format(impl, (amq_key_format)k, lo[k], hi[k]);
    }
    amq_impl_free(impl);
    amq_key_format k;
    assert_int_equal(amq_key_format_parse("big", &k), AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "unknown key format 'big' (one of: le, be,"));

    char cmd[1200];
    snprintf(cmd, sizeof cmd, "'%s' prefix-hash 1000 5", adapter("adapters/planted-adapter"));
    assert_int_equal(amq_impl_process(&impl, cmd, 20.0), AMQ_OK);
    amq_impl_check_config c = config("counting", "m", 1000, "k", 5);
    c.filters = 200;
    check_expect_pass(impl, &c);
    c.keys = AMQ_KEYS_BE;
    check_expect_fail(impl, &c, "FP rate above the model at load", NULL);
    amq_impl_free(impl);
}

/* Issue 25, point 8: keys from a file.  A list is read line by line (a CR before the LF
 * dropped, the last line's LF optional), and refused with the line's number when a key
 * repeats, a line is empty or too long; the check uses its lines in order (filter f's key
 * rel is line f * per + rel + 1) and refuses a list shorter than the run.  Keys that share
 * their first 4 bytes, as real identifiers do, fail a hash of those 4 bytes only, which
 * passes on the default counters. */
static amq_key_list *list_of(const char *text, amq_status want)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    amq_key_list *l = (amq_key_list *)1;
    assert_int_equal(amq_key_list_read(in, "t.txt", &l), want);
    fclose(in);
    if (want != AMQ_OK)
        assert_null(l);
    return l;
}

static void test_key_list(void **state)
{
    (void)state;
    amq_key_list *l = list_of("alpha\r\nbeta\ngamma", AMQ_OK);
    assert_int_equal(amq_key_list_count(l), 3);
    amq_key_list_free(l);
    list_of("a\nb\nc\nb\n", AMQ_E_INVALID_ARG);
    assert_string_equal(amq_last_error(), "key list 't.txt': line 4 repeats the key of line 2 (keys must be distinct)");
    list_of("a\n\nb\n", AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "line 2 is empty"));
    list_of("", AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "no keys"));
    char *longest = malloc(AMQ_IMPL_CHECK_KEY_MAX + 3);
    memset(longest, 'x', AMQ_IMPL_CHECK_KEY_MAX);
    strcpy(longest + AMQ_IMPL_CHECK_KEY_MAX, "\r\n");
    amq_key_list_free(list_of(longest, AMQ_OK)); /* 1024 bytes and a CR: accepted */
    strcpy(longest + AMQ_IMPL_CHECK_KEY_MAX, "y\n");
    list_of(longest, AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "line 1 is longer than 1024 bytes"));
    free(longest);

    /* 200 filters of n = 100 (4 loads of 20 queries): 180 keys each, 36000 in all */
    const size_t nkeys = 36000;
    char *text = malloc(nkeys * 24 + 1), *w = text;
    for (size_t i = 0; i < nkeys; i++)
        w += sprintf(w, "user%07zu@example.org\n", i);
    l = list_of(text, AMQ_OK);
    amq_impl_check_config c = config("counting", "m", 1000, "k", 5);
    c.filters = 200;
    c.keys = AMQ_KEYS_LIST;
    c.key_list = l;
    assert_int_equal(amq_impl_check_keys_per_filter(&c), 180);
    char *buf = NULL;
    size_t len = 0;
    c.record = open_memstream(&buf, &len);
    amq_impl *impl = check_structure_impl("counting", "m", 1000, "k", 5);
    check_expect_pass(impl, &c);
    fclose(c.record);
    c.record = NULL;
    /* filter 1's first add is line 181: "user0000180@example.org" */
    const char *second = strstr(strstr(buf, "\nnew ") + 1, "\nnew ");
    assert_non_null(second);
    assert_memory_equal(strchr(second + 1, '\n') + 1, "add 7573657230303030313830406578616d706c652e6f7267\n", 51);
    free(buf);
    amq_impl_free(impl);

    char cmd[1200];
    snprintf(cmd, sizeof cmd, "'%s' prefix-hash 1000 5", adapter("adapters/planted-adapter"));
    assert_int_equal(amq_impl_process(&impl, cmd, 20.0), AMQ_OK);
    c.keys = AMQ_KEYS_LE;
    check_expect_pass(impl, &c);
    c.keys = AMQ_KEYS_LIST;
    check_expect_fail(impl, &c, "FP rate above the model at load", NULL);
    c.filters = 201; /* one filter more than the list holds */
    assert_int_equal(amq_impl_check_validate(&c), AMQ_E_INVALID_ARG);
    assert_string_equal(amq_last_error(),
                        "check: the key list has 36000 keys; the run needs 36180 (201 filters x 180 keys each)");
    c.key_list = NULL;
    assert_int_equal(amq_impl_check_validate(&c), AMQ_E_INVALID_ARG);
    amq_impl_free(impl);
    amq_key_list_free(l);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_key_formats),
        cmocka_unit_test(test_key_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
