/* Parquet's PLAIN encoding of key values, from C values and from text (amq/parquet.h). */
#include <lib_internal/fail.h>
#include <amq/parquet.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const NAMES[AMQ_PARQUET_KEY_TYPES] = {"bytes", "hex", "int32", "int64", "float", "double"};

const char *amq_parquet_key_type_name(amq_parquet_key_type t)
{
    return (unsigned)t < AMQ_PARQUET_KEY_TYPES ? NAMES[t] : NULL;
}

amq_status amq_parquet_key_type_parse(const char *name, amq_parquet_key_type *t)
{
    if (!name || !t)
        return amq_fail(AMQ_E_INVALID_ARG, "key type: NULL argument");
    for (unsigned i = 0; i < AMQ_PARQUET_KEY_TYPES; i++)
        if (!strcmp(name, NAMES[i])) {
            *t = (amq_parquet_key_type)i;
            return AMQ_OK;
        }
    return amq_fail(AMQ_E_INVALID_ARG, "unknown key type '%.64s' (known: bytes, hex, int32, int64, float, double)",
                    name);
}

static void put_le(uint64_t v, unsigned char *out, unsigned n)
{
    if (!out) /* the NULL rule of amq/error.h: nowhere to write, nothing done */
        return;
    for (unsigned i = 0; i < n; i++)
        out[i] = (unsigned char)(v >> (8 * i));
}

void amq_parquet_plain_int32(int32_t v, unsigned char out[4]) { put_le((uint32_t)v, out, 4); }
void amq_parquet_plain_int64(int64_t v, unsigned char out[8]) { put_le((uint64_t)v, out, 8); }

void amq_parquet_plain_float(float v, unsigned char out[4])
{
    uint32_t u;
    memcpy(&u, &v, 4);
    put_le(u, out, 4);
}

void amq_parquet_plain_double(double v, unsigned char out[8])
{
    uint64_t u;
    memcpy(&u, &v, 8);
    put_le(u, out, 8);
}

/* ['-'] digits in [-2^(bits-1), 2^(bits-1) - 1]; the value's two's-complement bits. */
static amq_status integer(const char *s, size_t len, unsigned bits, uint64_t *out, const char *type)
{
    const int neg = len > 0 && s[0] == '-';
    const uint64_t limit = (UINT64_C(1) << (bits - 1)) - (neg ? 0 : 1); /* largest magnitude */
    uint64_t v = 0;
    size_t i = (size_t)neg;
    if (i == len)
        return amq_fail(AMQ_E_INVALID_ARG, "not an %s: %s", type, len ? "no digits after '-'" : "empty value");
    for (; i < len; i++) {
        const unsigned char c = (unsigned char)s[i];
        if (c < '0' || c > '9')
            return amq_fail(AMQ_E_INVALID_ARG, "not an %s: unexpected %s at position %zu (expected ['-'] digits)",
                            type, c == ' ' || c == '\t' ? "space" : c == '+' ? "'+'" : "character", i + 1);
        const unsigned d = (unsigned)(c - '0');
        if (v > (limit - d) / 10)
            return amq_fail(AMQ_E_INVALID_ARG, "out of range for %s [-2^%u, 2^%u - 1]", type, bits - 1, bits - 1);
        v = v * 10 + d;
    }
    *out = neg ? (uint64_t)0 - v : v;
    return AMQ_OK;
}

/* strtod / strtof over the whole text: decimal or hex floats, inf, nan (fixed bits). */
#define NUMBER_TEXT_MAX 1100 /* the exact decimal of any double has fewer than 800 digits */
static amq_status real(const char *s, size_t len, int is_float, unsigned char *out)
{
    const char *type = is_float ? "float" : "double";
    char buf[NUMBER_TEXT_MAX + 1];
    if (len == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "not a %s: empty value", type);
    if (len > NUMBER_TEXT_MAX)
        return amq_fail(AMQ_E_INVALID_ARG, "not a %s: %zu characters, longer than any number amqcert reads (%d)",
                        type, len, NUMBER_TEXT_MAX);
    memcpy(buf, s, len);
    buf[len] = 0;
    const unsigned char c0 = (unsigned char)buf[0];
    if (memchr(buf, 0, len) || c0 == ' ' || (c0 >= '\t' && c0 <= '\r'))
        return amq_fail(AMQ_E_INVALID_ARG, "not a %s: leading space or NUL byte", type);
    const char *body = buf + (buf[0] == '-' || buf[0] == '+');
    if (!strcmp(body, "nan") || !strcmp(body, "NaN") || !strcmp(body, "NAN")) { /* fixed bits, sign kept */
        const uint64_t sign = buf[0] == '-';
        if (is_float)
            put_le(sign << 31 | UINT32_C(0x7FC00000), out, 4);
        else
            put_le(sign << 63 | UINT64_C(0x7FF8000000000000), out, 8);
        return AMQ_OK;
    }
    if (!strncmp(body, "nan", 3) || !strncmp(body, "NaN", 3) || !strncmp(body, "NAN", 3))
        return amq_fail(AMQ_E_INVALID_ARG, "not a %s: NaN payloads are not read; give the bytes with --key-type hex",
                        type);
    char *end = buf;
    errno = 0;
    double d = 0;
    float f = 0;
    if (is_float)
        f = strtof(buf, &end);
    else
        d = strtod(buf, &end);
    if (end != buf + len)
        return amq_fail(AMQ_E_INVALID_ARG, "not a %s: unexpected character at position %zu", type,
                        (size_t)(end - buf) + 1);
    if (errno == ERANGE && (is_float ? isinf(f) : isinf(d)))
        return amq_fail(AMQ_E_INVALID_ARG, "out of range for a %s (its magnitude exceeds the largest finite one)",
                        type);
    if (is_float) /* an underflow is still the correctly rounded value */
        amq_parquet_plain_float(f, out);
    else
        amq_parquet_plain_double(d, out);
    return AMQ_OK;
}

static int hex_digit(unsigned char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

amq_status amq_parquet_key_encode(amq_parquet_key_type t, const char *text, size_t len, void *out, size_t cap,
                                  size_t *out_len)
{
    if ((!text && len) || !out || !out_len)
        return amq_fail(AMQ_E_INVALID_ARG, "key encode: NULL argument");
    static const size_t fixed[AMQ_PARQUET_KEY_TYPES] = {0, 0, 4, 8, 4, 8};
    if ((unsigned)t >= AMQ_PARQUET_KEY_TYPES)
        return amq_fail(AMQ_E_INVALID_ARG, "key encode: unknown key type %d", (int)t);
    const size_t need = t == AMQ_PARQUET_KEY_BYTES ? len : t == AMQ_PARQUET_KEY_HEX ? len / 2 : fixed[t];
    if (cap < need)
        return amq_fail(AMQ_E_INVALID_ARG, "key encode: the output holds %zu bytes, the value needs %zu", cap, need);
    unsigned char *o = out;
    uint64_t v = 0;
    amq_status s = AMQ_OK;
    switch (t) {
    case AMQ_PARQUET_KEY_BYTES:
        if (len)
            memcpy(o, text, len);
        break;
    case AMQ_PARQUET_KEY_HEX:
        if (len % 2)
            return amq_fail(AMQ_E_INVALID_ARG, "not hex: %zu digits, an odd number (two per byte)", len);
        for (size_t i = 0; i < len; i++) /* all checked before anything is written */
            if (hex_digit((unsigned char)text[i]) < 0)
                return amq_fail(AMQ_E_INVALID_ARG, "not hex: unexpected character at position %zu (expected 0-9, "
                                                   "a-f, A-F)", i + 1);
        for (size_t i = 0; i < len; i += 2)
            o[i / 2] = (unsigned char)(hex_digit((unsigned char)text[i]) << 4 | hex_digit((unsigned char)text[i + 1]));
        break;
    case AMQ_PARQUET_KEY_INT32:
        if ((s = integer(text, len, 32, &v, "int32")) == AMQ_OK)
            put_le(v, o, 4);
        break;
    case AMQ_PARQUET_KEY_INT64:
        if ((s = integer(text, len, 64, &v, "int64")) == AMQ_OK)
            put_le(v, o, 8);
        break;
    case AMQ_PARQUET_KEY_FLOAT: s = real(text, len, 1, o); break;
    case AMQ_PARQUET_KEY_DOUBLE: s = real(text, len, 0, o); break;
    }
    if (s == AMQ_OK)
        *out_len = need;
    return s;
}
