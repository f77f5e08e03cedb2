/* The line protocol of `amq check --exec` (lib_internal/protocol.h, docs/protocol.md): request
 * formatting, reply framing and parsing, request parsing, and their limits. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include <lib_internal/protocol.h>

static void test_requests(void **state)
{
    (void)state;
    char out[64];
    const unsigned char key[3] = {0x00, 0xab, 0x7f};
    size_t w = amq_proto_request(out, sizeof out, AMQ_OP_ADD, key, 3, 0);
    assert_int_equal(w, 11);
    assert_memory_equal(out, "add 00ab7f\n", 11);
    w = amq_proto_request(out, sizeof out, AMQ_OP_QUERY, key, 0, 0);
    assert_memory_equal(out, "query \n", w);
    w = amq_proto_request(out, sizeof out, AMQ_OP_NEW, NULL, 0, UINT64_MAX);
    assert_memory_equal(out, "new 18446744073709551615\n", w);
    w = amq_proto_request(out, sizeof out, AMQ_OP_HELLO, NULL, 0, 0); /* the highest version */
    assert_memory_equal(out, "hello 2\n", w);
    w = amq_proto_request(out, sizeof out, AMQ_OP_HELLO, NULL, 0, 1); /* to a version 1 adapter */
    assert_memory_equal(out, "hello 1\n", w);
    w = amq_proto_request(out, sizeof out, AMQ_OP_REMOVE, key, 1, 0);
    assert_memory_equal(out, "remove 00\n", w);
    /* too small a buffer, too long a key: 0, nothing promised about out */
    assert_int_equal(amq_proto_request(out, 10, AMQ_OP_ADD, key, 3, 0), 0);
    static char big[2 * AMQ_PROTO_MAX_REQUEST];
    static unsigned char longkey[AMQ_PROTO_MAX_KEY + 1];
    assert_int_equal(amq_proto_request(big, sizeof big, AMQ_OP_ADD, longkey, AMQ_PROTO_MAX_KEY + 1, 0), 0);
    assert_int_equal(amq_proto_request(big, sizeof big, AMQ_OP_REMOVE, longkey, AMQ_PROTO_MAX_KEY, 0),
                     AMQ_PROTO_MAX_REQUEST);
}

static void test_framing(void **state)
{
    (void)state;
    size_t l, used;
    assert_int_equal(amq_proto_frame("ok\nno\n", 6, &l, &used), 1);
    assert_int_equal(l, 2);
    assert_int_equal(used, 3);
    assert_int_equal(amq_proto_frame("yes\r\n", 5, &l, &used), 1); /* a CR before the newline is dropped */
    assert_int_equal(l, 3);
    assert_int_equal(used, 5);
    assert_int_equal(amq_proto_frame("ye", 2, &l, &used), 0); /* more bytes needed */
    static char buf[AMQ_PROTO_MAX_REPLY + 10];
    memset(buf, 'x', sizeof buf);
    assert_int_equal(amq_proto_frame(buf, AMQ_PROTO_MAX_REPLY - 1, &l, &used), 0);
    assert_int_equal(amq_proto_frame(buf, AMQ_PROTO_MAX_REPLY, &l, &used), -1);
    assert_int_equal(amq_proto_frame(buf, sizeof buf, &l, &used), -1);
    buf[AMQ_PROTO_MAX_REPLY - 1] = '\n'; /* the longest line that is allowed */
    assert_int_equal(amq_proto_frame(buf, sizeof buf, &l, &used), 1);
    assert_int_equal(used, AMQ_PROTO_MAX_REPLY);
}

static amq_reply parse(const char *s)
{
    amq_reply r;
    amq_proto_parse(s, strlen(s), &r);
    return r;
}

static void test_replies(void **state)
{
    (void)state;
    assert_int_equal(parse("ok").kind, AMQ_REPLY_OK);
    assert_int_equal(parse("yes").kind, AMQ_REPLY_YES);
    assert_int_equal(parse("no").kind, AMQ_REPLY_NO);
    amq_reply r = parse("error disk full");
    assert_int_equal(r.kind, AMQ_REPLY_ERROR);
    assert_int_equal(r.text_len, 9);
    assert_memory_equal(r.text, "disk full", 9);
    assert_int_equal(parse("error").kind, AMQ_REPLY_ERROR);
    r = parse("hello 1 my-filter remove");
    assert_int_equal(r.kind, AMQ_REPLY_HELLO);
    assert_int_equal(r.version, 1);
    assert_int_equal(r.name_len, 9);
    assert_memory_equal(r.name, "my-filter", 9);
    assert_true(r.can_remove);
    assert_false(r.can_refuse);
    r = parse("hello 2 x future-capability full");
    assert_int_equal(r.kind, AMQ_REPLY_HELLO);
    assert_int_equal(r.version, 2);
    assert_false(r.can_remove);
    assert_true(r.can_refuse);
    assert_int_equal(parse("full").kind, AMQ_REPLY_FULL); /* version 2: a refused add */
    assert_int_equal(parse("full ").kind, AMQ_REPLY_MALFORMED);
    static const char *const bad[] = {"", "OK", "ok ", " ok", "yes please", "maybe", "hello", "hello 1",
                                      "hello x name", "hello 1 ", "hello 1 a  remove", "hello 1 a\tb",
                                      "hello 12345678901 a", "errors", "nope"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r = parse(bad[i]);
        assert_int_equal(r.kind, AMQ_REPLY_MALFORMED);
        assert_non_null(r.text);
    }
    char longname[100];
    memset(longname, 'n', sizeof longname);
    memcpy(longname, "hello 1 ", 8);
    longname[8 + AMQ_PROTO_MAX_NAME + 1] = 0;
    assert_int_equal(parse(longname).kind, AMQ_REPLY_MALFORMED);
    longname[8 + AMQ_PROTO_MAX_NAME] = 0;
    assert_int_equal(parse(longname).kind, AMQ_REPLY_HELLO);
    /* which replies answer which requests */
    assert_true(amq_proto_answers(AMQ_OP_QUERY, AMQ_REPLY_NO));
    assert_false(amq_proto_answers(AMQ_OP_QUERY, AMQ_REPLY_OK));
    assert_false(amq_proto_answers(AMQ_OP_ADD, AMQ_REPLY_YES));
    assert_true(amq_proto_answers(AMQ_OP_REMOVE, AMQ_REPLY_ERROR));
    assert_false(amq_proto_answers(AMQ_OP_NEW, AMQ_REPLY_HELLO));
    assert_true(amq_proto_answers(AMQ_OP_ADD, AMQ_REPLY_FULL));
    assert_false(amq_proto_answers(AMQ_OP_QUERY, AMQ_REPLY_FULL));
    assert_false(amq_proto_answers(AMQ_OP_REMOVE, AMQ_REPLY_FULL));
    assert_false(amq_proto_answers(AMQ_OP_NEW, AMQ_REPLY_FULL));
}

/* A request formatted by amqcert parses back to itself. */
static void test_request_round_trip(void **state)
{
    (void)state;
    unsigned char key[AMQ_PROTO_MAX_KEY], back[AMQ_PROTO_MAX_KEY];
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (unsigned char)(i * 37 + 11);
    static char line[AMQ_PROTO_MAX_REQUEST];
    const amq_proto_op ops[] = {AMQ_OP_ADD, AMQ_OP_QUERY, AMQ_OP_REMOVE};
    for (size_t o = 0; o < 3; o++)
        for (size_t len = 0; len <= sizeof key; len += 257) {
            size_t w = amq_proto_request(line, sizeof line, ops[o], key, len, 0), klen = 99;
            amq_proto_op op;
            uint64_t v;
            const char *why;
            assert_int_equal(amq_proto_parse_request(line, w - 1, &op, back, sizeof back, &klen, &v, &why), 1);
            assert_int_equal(op, ops[o]);
            assert_int_equal(klen, len);
            assert_memory_equal(back, key, len);
        }
    size_t w = amq_proto_request(line, sizeof line, AMQ_OP_NEW, NULL, 0, 1234567890123ULL), klen;
    amq_proto_op op;
    uint64_t v;
    const char *why;
    assert_int_equal(amq_proto_parse_request(line, w - 1, &op, back, sizeof back, &klen, &v, &why), 1);
    assert_int_equal(op, AMQ_OP_NEW);
    assert_int_equal(v, 1234567890123ULL);
    static const char *const bad[] = {"add", "add 0", "add 0g", "query zz", "new", "new -1", "new 18446744073709551616",
                                      "new 1x", "frobnicate 00", "hello ", "ADD 00"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why = NULL;
        assert_int_equal(amq_proto_parse_request(bad[i], strlen(bad[i]), &op, back, sizeof back, &klen, &v, &why), 0);
        assert_non_null(why);
    }
    assert_int_equal(amq_proto_parse_request("add 0011", 8, &op, back, 1, &klen, &v, &why), 0); /* above cap */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_requests),
        cmocka_unit_test(test_framing),
        cmocka_unit_test(test_replies),
        cmocka_unit_test(test_request_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
