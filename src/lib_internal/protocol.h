/* Internal: the line protocol of `amq check --exec` (docs/protocol.md), as pure
 * functions over bytes: request formatting, reply framing and reply parsing.  No I/O and
 * no allocation, so that a fuzzer drives them directly (tests/fuzz/fuzz_protocol.c). */
#ifndef AMQ_INTERNAL_PROTOCOL_H
#define AMQ_INTERNAL_PROTOCOL_H
#include <stddef.h>
#include <stdint.h>

/* The highest protocol version amqcert speaks, and the lowest it still accepts. */
#define AMQ_PROTO_VERSION 2u
#define AMQ_PROTO_VERSION_MIN 1u
/* Longest key a request carries (bytes; 2 hex digits each on the line). */
#define AMQ_PROTO_MAX_KEY 1024u
/* Longest request line: "remove " + 2 * AMQ_PROTO_MAX_KEY hex digits + newline. */
#define AMQ_PROTO_MAX_REQUEST (7u + 2u * AMQ_PROTO_MAX_KEY + 1u)
/* Longest reply line, newline included; a longer one is malformed. */
#define AMQ_PROTO_MAX_REPLY 4096u
/* Longest implementation name in a hello reply. */
#define AMQ_PROTO_MAX_NAME 64u

typedef enum amq_proto_op { AMQ_OP_HELLO, AMQ_OP_NEW, AMQ_OP_ADD, AMQ_OP_QUERY, AMQ_OP_REMOVE } amq_proto_op;

typedef enum amq_reply_kind {
    AMQ_REPLY_MALFORMED = 0,
    AMQ_REPLY_OK,
    AMQ_REPLY_YES,
    AMQ_REPLY_NO,
    AMQ_REPLY_HELLO,
    AMQ_REPLY_ERROR,
    AMQ_REPLY_FULL /* version 2: a refused add (the filter is full), not an error */
} amq_reply_kind;

typedef struct amq_reply {
    amq_reply_kind kind;
    /* HELLO: the protocol version, the name (into the line, not NUL-terminated), and
     * whether the implementation announced "remove" and "full". */
    uint64_t version;
    const char *name;
    size_t name_len;
    int can_remove, can_refuse;
    /* ERROR: the text after "error " (into the line); MALFORMED: what is wrong (static). */
    const char *text;
    size_t text_len;
} amq_reply;

/* The request's verb ("add"). */
const char *amq_proto_verb(amq_proto_op op);
/* Writes the request line (newline included) for op into out, which has room for cap
 * bytes; key/len for add, query, remove; seed for new; for hello, seed is the version
 * (0: AMQ_PROTO_VERSION).
 * Returns the bytes written, or 0 when out is too small or len > AMQ_PROTO_MAX_KEY. */
size_t amq_proto_request(char *out, size_t cap, amq_proto_op op, const void *key, size_t len, uint64_t seed);

/* Frames the next reply in buf[0..len): returns 1 and sets *line_len (without the newline
 * and a CR before it) and *consumed (with them) when a whole line is there; 0 when more
 * bytes are needed; -1 when no newline comes within AMQ_PROTO_MAX_REPLY bytes. */
int amq_proto_frame(const char *buf, size_t len, size_t *line_len, size_t *consumed);

/* Parses one reply line (without its newline).  Never reads past line[len - 1]. */
void amq_proto_parse(const char *line, size_t len, amq_reply *out);

/* Parses one request line (without its newline), for adapters written in C (amq serve):
 * *op, the key decoded into key[0..cap) with its length in *klen (add, query, remove),
 * the number in *value (hello: version, new: seed).  Returns 1, or 0 with *why set when
 * the line is malformed (unknown verb, odd or non-hex digits, a key above cap bytes, a
 * number above 2^64 - 1). */
int amq_proto_parse_request(const char *line, size_t len, amq_proto_op *op, unsigned char *key, size_t cap,
                            size_t *klen, uint64_t *value, const char **why);

/* Whether a reply of this kind answers a request of op (ERROR answers any; FULL answers an
 * add, in a session of version 2: the caller checks the version). */
int amq_proto_answers(amq_proto_op op, amq_reply_kind kind);

#endif
