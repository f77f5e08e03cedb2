/* The line protocol of `amq check --exec`, pure (lib_internal/protocol.h, docs/protocol.md). */
#include <lib_internal/protocol.h>
#include <string.h>

static const char HEX[] = "0123456789abcdef";

const char *amq_proto_verb(amq_proto_op op)
{
    switch (op) {
    case AMQ_OP_HELLO: return "hello";
    case AMQ_OP_NEW: return "new";
    case AMQ_OP_ADD: return "add";
    case AMQ_OP_QUERY: return "query";
    default: return "remove";
    }
}

/* Decimal of v into out (no NUL); returns the digits written (at most 20). */
static size_t put_u64(char *out, uint64_t v)
{
    char tmp[20];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (size_t i = 0; i < n; i++)
        out[i] = tmp[n - 1 - i];
    return n;
}

size_t amq_proto_request(char *out, size_t cap, amq_proto_op op, const void *key, size_t len, uint64_t seed)
{
    const char *verb = amq_proto_verb(op);
    const size_t vl = strlen(verb);
    const int keyed = op == AMQ_OP_ADD || op == AMQ_OP_QUERY || op == AMQ_OP_REMOVE;
    if (keyed && (len > AMQ_PROTO_MAX_KEY || (len && !key)))
        return 0;
    const size_t need = vl + 1 + (keyed ? 2 * len : 20) + 1;
    if (cap < need)
        return 0;
    memcpy(out, verb, vl);
    size_t w = vl;
    out[w++] = ' ';
    if (keyed) {
        const unsigned char *k = key;
        for (size_t i = 0; i < len; i++) {
            out[w++] = HEX[k[i] >> 4];
            out[w++] = HEX[k[i] & 15];
        }
    } else {
        w += put_u64(out + w, op == AMQ_OP_HELLO && !seed ? AMQ_PROTO_VERSION : seed);
    }
    out[w++] = '\n';
    return w;
}

int amq_proto_frame(const char *buf, size_t len, size_t *line_len, size_t *consumed)
{
    const size_t scan = len < AMQ_PROTO_MAX_REPLY ? len : AMQ_PROTO_MAX_REPLY;
    const char *nl = memchr(buf, '\n', scan);
    if (!nl)
        return len >= AMQ_PROTO_MAX_REPLY ? -1 : 0;
    size_t l = (size_t)(nl - buf);
    *consumed = l + 1;
    if (l && buf[l - 1] == '\r')
        l--;
    *line_len = l;
    return 1;
}

static int is_word(const char *s, size_t len, const char *w)
{
    const size_t wl = strlen(w);
    return len == wl && !memcmp(s, w, wl);
}

static void malformed(amq_reply *r, const char *why)
{
    r->kind = AMQ_REPLY_MALFORMED;
    r->text = why;
    r->text_len = strlen(why);
}

/* hello VERSION NAME [CAPABILITY...] */
static void parse_hello(const char *s, size_t len, amq_reply *r)
{
    size_t i = 0;
    uint64_t v = 0;
    size_t digits = 0;
    while (i < len && s[i] >= '0' && s[i] <= '9') {
        if (++digits > 9)
            {
            malformed(r, "hello: version number too long");
            return;
        }
        v = v * 10 + (uint64_t)(s[i++] - '0');
    }
    if (!digits)
        {
            malformed(r, "hello: expected 'hello VERSION NAME [remove]'");
            return;
        }
    if (i >= len || s[i] != ' ')
        {
            malformed(r, "hello: missing implementation name");
            return;
        }
    i++;
    const size_t name0 = i;
    while (i < len && s[i] != ' ') {
        if ((unsigned char)s[i] <= ' ' || (unsigned char)s[i] >= 127)
            {
            malformed(r, "hello: the name must be printable ASCII without spaces");
            return;
        }
        i++;
    }
    if (i == name0)
        {
            malformed(r, "hello: empty implementation name");
            return;
        }
    if (i - name0 > AMQ_PROTO_MAX_NAME)
        {
            malformed(r, "hello: implementation name longer than 64 characters");
            return;
        }
    r->version = v;
    r->name = s + name0;
    r->name_len = i - name0;
    r->can_remove = r->can_refuse = 0;
    while (i < len) { /* capabilities; unknown ones are ignored (later versions may add some) */
        if (s[i] != ' ')
            {
            malformed(r, "hello: capabilities are separated by single spaces");
            return;
        }
        const size_t c0 = ++i;
        while (i < len && s[i] != ' ')
            i++;
        if (i == c0)
            {
            malformed(r, "hello: empty capability");
            return;
        }
        if (is_word(s + c0, i - c0, "remove"))
            r->can_remove = 1;
        else if (is_word(s + c0, i - c0, "full"))
            r->can_refuse = 1;
    }
    r->kind = AMQ_REPLY_HELLO;
}

void amq_proto_parse(const char *line, size_t len, amq_reply *out)
{
    memset(out, 0, sizeof *out);
    if (is_word(line, len, "ok"))
        out->kind = AMQ_REPLY_OK;
    else if (is_word(line, len, "yes"))
        out->kind = AMQ_REPLY_YES;
    else if (is_word(line, len, "no"))
        out->kind = AMQ_REPLY_NO;
    else if (is_word(line, len, "full"))
        out->kind = AMQ_REPLY_FULL;
    else if (is_word(line, len, "error")) {
        out->kind = AMQ_REPLY_ERROR;
        out->text = line + len;
    } else if (len > 6 && !memcmp(line, "error ", 6)) {
        out->kind = AMQ_REPLY_ERROR;
        out->text = line + 6;
        out->text_len = len - 6;
    } else if (len > 6 && !memcmp(line, "hello ", 6))
        parse_hello(line + 6, len - 6, out);
    else
        malformed(out, "not one of: ok, yes, no, full, hello ..., error ...");
}

int amq_proto_answers(amq_proto_op op, amq_reply_kind kind)
{
    if (kind == AMQ_REPLY_ERROR)
        return 1;
    switch (op) {
    case AMQ_OP_HELLO: return kind == AMQ_REPLY_HELLO;
    case AMQ_OP_QUERY: return kind == AMQ_REPLY_YES || kind == AMQ_REPLY_NO;
    case AMQ_OP_ADD: return kind == AMQ_REPLY_OK || kind == AMQ_REPLY_FULL;
    default: return kind == AMQ_REPLY_OK;
    }
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

int amq_proto_parse_request(const char *line, size_t len, amq_proto_op *op, unsigned char *key, size_t cap,
                            size_t *klen, uint64_t *value, const char **why)
{
    static const amq_proto_op ops[] = {AMQ_OP_HELLO, AMQ_OP_NEW, AMQ_OP_ADD, AMQ_OP_QUERY, AMQ_OP_REMOVE};
    size_t sp = 0;
    while (sp < len && line[sp] != ' ')
        sp++;
    if (sp == len) {
        *why = "expected 'VERB ARGUMENT'";
        return 0;
    }
    size_t i = 0;
    for (; i < sizeof ops / sizeof ops[0]; i++)
        if (is_word(line, sp, amq_proto_verb(ops[i])))
            break;
    if (i == sizeof ops / sizeof ops[0]) {
        *why = "unknown request (hello, new, add, query, remove)";
        return 0;
    }
    *op = ops[i];
    const char *a = line + sp + 1;
    const size_t al = len - sp - 1;
    if (*op == AMQ_OP_HELLO || *op == AMQ_OP_NEW) {
        uint64_t v = 0;
        if (al == 0 || al > 20) {
            *why = "expected a decimal number";
            return 0;
        }
        for (size_t j = 0; j < al; j++) {
            if (a[j] < '0' || a[j] > '9' || v > (UINT64_MAX - (uint64_t)(a[j] - '0')) / 10) {
                *why = "expected a decimal number below 2^64";
                return 0;
            }
            v = v * 10 + (uint64_t)(a[j] - '0');
        }
        *value = v;
        return 1;
    }
    if (al % 2) {
        *why = "odd number of hex digits";
        return 0;
    }
    if (al / 2 > cap) {
        *why = "key too long";
        return 0;
    }
    for (size_t j = 0; j < al; j += 2) {
        const int hi = hex_digit(a[j]), lo = hex_digit(a[j + 1]);
        if (hi < 0 || lo < 0) {
            *why = "not a hex digit";
            return 0;
        }
        key[j / 2] = (unsigned char)(hi << 4 | lo);
    }
    *klen = al / 2;
    return 1;
}
