/* libFuzzer harness for the line protocol's pure parts (src/protocol.c): the reply framer
 * and parser that `amq check --exec` runs on whatever an adapter writes, and the request
 * parser of `amq serve`.  Any input must be framed and parsed without reading out of bounds,
 * and the invariants below must hold.
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude -Isrc tests/fuzz/fuzz_protocol.c src/protocol.c */
#include <lib_internal/protocol.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data;
    size_t pos = 0, line_len, used;
    int fr;
    /* every line of the input, as the process client frames it */
    while (pos < size && (fr = amq_proto_frame(buf + pos, size - pos, &line_len, &used)) == 1) {
        if (used == 0 || used > size - pos || line_len >= used || used > AMQ_PROTO_MAX_REPLY)
            abort();
        amq_reply r;
        amq_proto_parse(buf + pos, line_len, &r);
        if (r.kind == AMQ_REPLY_HELLO && (r.name_len == 0 || r.name_len > AMQ_PROTO_MAX_NAME ||
                                          r.name < buf + pos || r.name + r.name_len > buf + pos + line_len))
            abort();
        if ((r.kind == AMQ_REPLY_ERROR) && (r.text < buf + pos || r.text + r.text_len > buf + pos + line_len))
            abort();
        if (r.kind == AMQ_REPLY_MALFORMED && !r.text)
            abort();
        /* the same line as a request (amq serve), and a request formatted back must parse */
        unsigned char key[AMQ_PROTO_MAX_KEY];
        size_t klen = 0;
        uint64_t value = 0;
        amq_proto_op op;
        const char *why = NULL;
        if (amq_proto_parse_request(buf + pos, line_len, &op, key, sizeof key, &klen, &value, &why)) {
            static char again[AMQ_PROTO_MAX_REQUEST];
            const size_t w = amq_proto_request(again, sizeof again, op, key, klen, value);
            unsigned char key2[AMQ_PROTO_MAX_KEY];
            size_t klen2 = 0;
            uint64_t value2 = 0;
            amq_proto_op op2;
            if (!w || !amq_proto_parse_request(again, w - 1, &op2, key2, sizeof key2, &klen2, &value2, &why) ||
                op2 != op || klen2 != klen || memcmp(key, key2, klen) ||
                ((op == AMQ_OP_NEW) && value2 != value))
                abort();
        } else if (!why) {
            abort();
        }
        pos += used;
    }
    return 0;
}
