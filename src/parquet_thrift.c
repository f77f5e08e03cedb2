/* The Thrift compact protocol for Parquet's bloom-filter header and footer
 * (lib_internal/parquet_thrift.h): a bounded reader over a byte buffer, the header's encoder and
 * decoder, and the walk over a FileMetaData that finds the column chunks' filters. */
#include <lib_internal/fail.h>
#include <lib_internal/parquet_thrift.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Compact-protocol types (field headers; list elements use the same numbers, bool as 1 or 2). */
enum {
    T_STOP = 0, T_TRUE = 1, T_FALSE = 2, T_I8 = 3, T_I16 = 4, T_I32 = 5, T_I64 = 6,
    T_DOUBLE = 7, T_BINARY = 8, T_LIST = 9, T_SET = 10, T_MAP = 11, T_STRUCT = 12, T_UUID = 13
};

static const char *wire_name(int type)
{
    static const char *const names[] = {"stop", "bool", "bool", "i8", "i16", "i32", "i64",
                                        "double", "binary", "list", "set", "map", "struct", "uuid"};
    return type >= 0 && type <= T_UUID ? names[type] : "unknown";
}

typedef struct tc {
    const uint8_t *start, *p, *end;
    const char *src; /* names the input in messages */
    unsigned depth;
} tc;

/* A failure at the reader's position. */
static amq_status bad(const tc *t, amq_status s, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static amq_status bad(const tc *t, amq_status s, const char *fmt, ...)
{
    char why[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return amq_fail(s, "%s, byte %zu: %s", t->src, (size_t)(t->p - t->start), why);
}

static size_t left(const tc *t) { return (size_t)(t->end - t->p); }

static amq_status skip_bytes(tc *t, uint64_t n, const char *what)
{
    if (n > left(t))
        return bad(t, AMQ_E_TRUNCATED, "the input ends inside %s (%llu bytes needed, %zu left)", what,
                   (unsigned long long)n, left(t));
    t->p += n;
    return AMQ_OK;
}

static amq_status byte(tc *t, uint8_t *b, const char *what)
{
    if (!left(t))
        return bad(t, AMQ_E_TRUNCATED, "the input ends before %s", what);
    *b = *t->p++;
    return AMQ_OK;
}

/* Unsigned LEB128, at most 64 bits (10 bytes). */
static amq_status varint(tc *t, uint64_t *v, const char *what)
{
    uint64_t x = 0;
    for (unsigned shift = 0;; shift += 7) {
        uint8_t b = 0;
        amq_status s = byte(t, &b, what);
        if (s != AMQ_OK)
            return s;
        if (shift == 63 && (b & 0xfe))
            return bad(t, AMQ_E_BAD_PARAMS, "%s: a variable-length integer longer than 64 bits", what);
        x |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            break;
    }
    *v = x;
    return AMQ_OK;
}

/* A zigzag varint that must fit a signed integer of `bits` bits. */
static amq_status zigzag(tc *t, unsigned bits, int64_t *v, const char *what)
{
    uint64_t u;
    amq_status s = varint(t, &u, what);
    if (s != AMQ_OK)
        return s;
    if (bits < 64 && (u >> bits))
        return bad(t, AMQ_E_BAD_PARAMS, "%s: the encoded value %llu does not fit an i%u", what, (unsigned long long)u,
                   bits);
    *v = (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
    return AMQ_OK;
}

/* The next field header of a struct; *type = T_STOP at the struct's end.  *last holds the
 * previous field id (the short form encodes the difference). */
static amq_status field(tc *t, int16_t *last, int *type, int16_t *id)
{
    uint8_t b = 0;
    amq_status s = byte(t, &b, "the end of a struct (its stop byte)");
    if (s != AMQ_OK)
        return s;
    *type = b & 0x0f;
    if (b == 0)
        return AMQ_OK;
    if (*type == T_STOP || *type > T_UUID)
        return bad(t, AMQ_E_BAD_PARAMS, "field header 0x%02x: %d is not a compact-protocol type", b, *type);
    const int delta = b >> 4;
    if (delta) {
        if (*last > INT16_MAX - delta)
            return bad(t, AMQ_E_BAD_PARAMS, "field id %d + %d overflows 16 bits", *last, delta);
        *id = (int16_t)(*last + delta);
    } else {
        int64_t v;
        if ((s = zigzag(t, 16, &v, "a field id")) != AMQ_OK)
            return s;
        *id = (int16_t)v;
    }
    *last = *id;
    return AMQ_OK;
}

static amq_status typed(const tc *t, int got, int want, const char *what)
{
    if (got == want)
        return AMQ_OK;
    return bad(t, AMQ_E_BAD_PARAMS, "%s has wire type %s, expected %s", what, wire_name(got), wire_name(want));
}

static amq_status deeper(tc *t)
{
    if (++t->depth > AMQ_THRIFT_MAX_DEPTH)
        return bad(t, AMQ_E_BAD_PARAMS, "structures nested more than %u deep", AMQ_THRIFT_MAX_DEPTH);
    return AMQ_OK;
}

/* A list or set header: element type and count; every element takes at least one byte, so
 * a count beyond the bytes left is refused before any loop. */
static amq_status list_header(tc *t, int *elem, uint64_t *count, const char *what)
{
    uint8_t b = 0;
    amq_status s = byte(t, &b, what);
    if (s != AMQ_OK)
        return s;
    *elem = b & 0x0f;
    *count = b >> 4;
    if (*count == 15 && (s = varint(t, count, what)) != AMQ_OK)
        return s;
    if (*elem == T_STOP || *elem > T_UUID)
        return bad(t, AMQ_E_BAD_PARAMS, "%s: %d is not a compact-protocol element type", what, *elem);
    if (*count > left(t))
        return bad(t, AMQ_E_TRUNCATED, "%s of %llu elements, but only %zu bytes are left", what,
                   (unsigned long long)*count, left(t));
    return AMQ_OK;
}

static amq_status skip(tc *t, int type, int element);

static amq_status skip_struct(tc *t)
{
    amq_status s = deeper(t);
    int16_t last = 0, id;
    int type;
    while (s == AMQ_OK && (s = field(t, &last, &type, &id)) == AMQ_OK && type != T_STOP)
        s = skip(t, type, 0);
    t->depth--;
    return s;
}

/* Skips one value; `element`: inside a list, set or map (a bool is then one byte). */
static amq_status skip(tc *t, int type, int element)
{
    uint64_t n = 0;
    int e, k;
    amq_status s = AMQ_OK;
    switch (type) {
    case T_TRUE:
    case T_FALSE: return element ? skip_bytes(t, 1, "a bool") : AMQ_OK;
    case T_I8: return skip_bytes(t, 1, "an i8");
    case T_I16:
    case T_I32:
    case T_I64: return varint(t, &n, "an integer");
    case T_DOUBLE: return skip_bytes(t, 8, "a double");
    case T_UUID: return skip_bytes(t, 16, "a uuid");
    case T_BINARY:
        if ((s = varint(t, &n, "a binary length")) != AMQ_OK)
            return s;
        return skip_bytes(t, n, "a binary value");
    case T_STRUCT: return skip_struct(t);
    case T_LIST:
    case T_SET:
        if ((s = list_header(t, &e, &n, "a list")) != AMQ_OK || (s = deeper(t)) != AMQ_OK)
            return s;
        for (uint64_t i = 0; i < n && s == AMQ_OK; i++)
            s = skip(t, e, 1);
        t->depth--;
        return s;
    case T_MAP:
        if ((s = varint(t, &n, "a map size")) != AMQ_OK || n == 0)
            return s;
        uint8_t kv = 0;
        if ((s = byte(t, &kv, "a map's types")) != AMQ_OK)
            return s;
        k = kv >> 4;
        e = kv & 0x0f;
        if (k == T_STOP || k > T_UUID || e == T_STOP || e > T_UUID)
            return bad(t, AMQ_E_BAD_PARAMS, "map types 0x%02x: not compact-protocol element types", kv);
        if (n > left(t) / 2)
            return bad(t, AMQ_E_TRUNCATED, "a map of %llu entries, but only %zu bytes are left",
                       (unsigned long long)n, left(t));
        if ((s = deeper(t)) != AMQ_OK)
            return s;
        for (uint64_t i = 0; i < n && s == AMQ_OK; i++)
            if ((s = skip(t, k, 1)) == AMQ_OK)
                s = skip(t, e, 1);
        t->depth--;
        return s;
    }
    return bad(t, AMQ_E_BAD_PARAMS, "wire type %d is not a compact-protocol type", type);
}

/* ---- BloomFilterHeader ---- */

size_t amq_parquet_header_encode(uint32_t num_bytes, uint8_t out[AMQ_PARQUET_HEADER_MAX])
{
    size_t i = 0;
    out[i++] = 0x15;                      /* field 1 (id delta 1), i32 */
    uint64_t z = (uint64_t)num_bytes << 1; /* zigzag of a non-negative value */
    do {
        const uint8_t b = z & 0x7f;
        z >>= 7;
        out[i++] = (uint8_t)(b | (z ? 0x80 : 0));
    } while (z);
    for (int f = 0; f < 3; f++) { /* fields 2, 3, 4: a union holding member 1, an empty struct */
        out[i++] = 0x1c;
        out[i++] = 0x1c;
        out[i++] = 0x00;
        out[i++] = 0x00;
    }
    out[i++] = 0x00;
    return i;
}

/* An empty struct (SplitBlockAlgorithm, XxHash, Uncompressed): a field in one could change
 * what the filter means, so it is refused rather than skipped. */
static amq_status empty_struct(tc *t, const char *what)
{
    int16_t last = 0, id;
    int type;
    amq_status s = field(t, &last, &type, &id);
    if (s == AMQ_OK && type != T_STOP)
        s = bad(t, AMQ_E_BAD_PARAMS, "%s holds a field %d (%s); in the Parquet format amqcert reads it is empty", what,
                id, wire_name(type));
    return s;
}

/* A union of which amqcert knows one member, field 1, an empty struct. */
static amq_status one_member(tc *t, const char *what, const char *member)
{
    int16_t last = 0, id;
    int type, members = 0;
    amq_status s = deeper(t);
    while (s == AMQ_OK && (s = field(t, &last, &type, &id)) == AMQ_OK && type != T_STOP) {
        if (id != 1)
            s = bad(t, AMQ_E_BAD_PARAMS, "%s is member %d, which amqcert does not know (it reads 1: %s)", what, id,
                    member);
        else if (members++)
            s = bad(t, AMQ_E_BAD_PARAMS, "%s has more than one member (a union has exactly one)", what);
        else if ((s = typed(t, type, T_STRUCT, member)) == AMQ_OK)
            s = empty_struct(t, member);
    }
    if (s == AMQ_OK && !members)
        s = bad(t, AMQ_E_BAD_PARAMS, "%s has no member (a union has exactly one; amqcert reads 1: %s)", what, member);
    t->depth--;
    return s;
}

amq_status amq_parquet_header_decode(const uint8_t *buf, size_t len, const char *src, uint32_t *num_bytes,
                                     size_t *header_len)
{
    if ((!buf && len) || !num_bytes || !header_len)
        return amq_fail(AMQ_E_INVALID_ARG, "parquet header: NULL argument");
    static const char *const names[] = {NULL, "numBytes (field 1)", "algorithm (field 2)", "hash (field 3)",
                                        "compression (field 4)"};
    static const char *const members[] = {NULL, NULL, "BLOCK, the split-block algorithm", "XXHASH, XXH64",
                                          "UNCOMPRESSED"};
    tc t = {buf, buf, buf + len, src ? src : "bloom filter header", 0};
    int16_t last = 0, id;
    int type, seen[5] = {0};
    int64_t nb = 0;
    amq_status s;
    while ((s = field(&t, &last, &type, &id)) == AMQ_OK && type != T_STOP) {
        if (id < 1 || id > 4)
            s = skip(&t, type, 0); /* a field a later format may add */
        else if (seen[id]++)
            s = bad(&t, AMQ_E_BAD_PARAMS, "%s appears twice", names[id]);
        else if (id == 1 && (s = typed(&t, type, T_I32, names[1])) == AMQ_OK)
            s = zigzag(&t, 32, &nb, names[1]);
        else if (id > 1 && (s = typed(&t, type, T_STRUCT, names[id])) == AMQ_OK)
            s = one_member(&t, names[id], members[id]);
        if (s != AMQ_OK)
            return s;
    }
    if (s != AMQ_OK)
        return s;
    for (int i = 1; i <= 4; i++)
        if (!seen[i])
            return bad(&t, AMQ_E_BAD_PARAMS, "the header has no %s, a required field", names[i]);
    if (nb <= 0 || nb % 32 != 0)
        return amq_fail(AMQ_E_BAD_PARAMS, "%s: numBytes = %lld: a split-block bitset is a positive whole number of "
                                          "32-byte blocks",
                        t.src, (long long)nb);
    *num_bytes = (uint32_t)nb;
    *header_len = (size_t)(t.p - buf);
    return AMQ_OK;
}

/* ---- FileMetaData ---- */

const char *amq_parquet_type_name(int32_t type)
{
    static const char *const names[] = {"BOOLEAN", "INT32", "INT64", "INT96", "FLOAT", "DOUBLE", "BYTE_ARRAY",
                                        "FIXED_LEN_BYTE_ARRAY"};
    return type >= 0 && type <= AMQ_PARQUET_FIXED_LEN_BYTE_ARRAY ? names[type] : "unknown";
}

typedef struct walk {
    tc t;
    const amq_parquet_visitor *v;
    amq_parquet_chunk c;
    int stopped;
} walk;

/* The status that unwinds the walk after a callback asked to stop (no message: not a failure). */
#define STOP AMQ_E_INVALID_ARG

static amq_status integer(tc *t, int type, int want, unsigned bits, int64_t *v, const char *what)
{
    amq_status s = typed(t, type, want, what);
    return s != AMQ_OK ? s : zigzag(t, bits, v, what);
}

/* path_in_schema: a list of strings, joined with '.'. */
static amq_status path(walk *w, int type)
{
    tc *t = &w->t;
    int e;
    uint64_t n = 0, len;
    size_t used = 0;
    amq_status s = typed(t, type, T_LIST, "path_in_schema");
    if (s == AMQ_OK)
        s = list_header(t, &e, &n, "path_in_schema");
    if (s == AMQ_OK && e != T_BINARY)
        s = bad(t, AMQ_E_BAD_PARAMS, "path_in_schema holds %s elements, expected binary", wire_name(e));
    for (uint64_t i = 0; i < n && s == AMQ_OK; i++) {
        if ((s = varint(t, &len, "a path_in_schema name")) != AMQ_OK)
            break;
        const uint8_t *name = t->p;
        if ((s = skip_bytes(t, len, "a path_in_schema name")) != AMQ_OK)
            break;
        if (memchr(name, 0, (size_t)len))
            s = bad(t, AMQ_E_BAD_PARAMS, "a path_in_schema name holds a NUL byte");
        else if (used + (i > 0) + len >= sizeof w->c.path)
            s = bad(t, AMQ_E_TOO_LARGE, "the column path is longer than %u bytes", AMQ_PARQUET_PATH_MAX - 1);
        else {
            if (i > 0)
                w->c.path[used++] = '.';
            memcpy(w->c.path + used, name, (size_t)len);
            used += (size_t)len;
        }
    }
    w->c.path[used] = 0;
    return s;
}

static amq_status column_meta(walk *w)
{
    tc *t = &w->t;
    int16_t last = 0, id;
    int type;
    int64_t v;
    amq_status s = deeper(t);
    while (s == AMQ_OK && (s = field(t, &last, &type, &id)) == AMQ_OK && type != T_STOP) {
        switch (id) {
        case 1:
            if ((s = integer(t, type, T_I32, 32, &v, "ColumnMetaData.type")) == AMQ_OK)
                w->c.type = (int32_t)v;
            break;
        case 3: s = path(w, type); break;
        case 5: s = integer(t, type, T_I64, 64, &w->c.num_values, "ColumnMetaData.num_values"); break;
        case 14: s = integer(t, type, T_I64, 64, &w->c.bloom_offset, "bloom_filter_offset"); break;
        case 15: s = integer(t, type, T_I32, 32, &w->c.bloom_length, "bloom_filter_length"); break;
        default: s = skip(t, type, 0);
        }
    }
    t->depth--;
    if (s == AMQ_OK && (w->c.bloom_offset < -1 || w->c.bloom_length < -1))
        s = bad(t, AMQ_E_BAD_PARAMS, "column '%s': negative bloom_filter_offset or bloom_filter_length", w->c.path);
    return s;
}

static amq_status column_chunk(walk *w)
{
    tc *t = &w->t;
    int16_t last = 0, id;
    int type;
    w->c.has_meta = 0;
    w->c.path[0] = 0;
    w->c.type = -1;
    w->c.num_values = w->c.bloom_offset = w->c.bloom_length = -1;
    amq_status s = deeper(t);
    while (s == AMQ_OK && (s = field(t, &last, &type, &id)) == AMQ_OK && type != T_STOP) {
        if (id == 3 && (s = typed(t, type, T_STRUCT, "ColumnChunk.meta_data")) == AMQ_OK) {
            w->c.has_meta = 1;
            s = column_meta(w);
        } else if (id != 3)
            s = skip(t, type, 0);
    }
    t->depth--;
    if (s == AMQ_OK && w->v->chunk && (w->stopped = w->v->chunk(w->v->ctx, &w->c)) != 0)
        s = STOP;
    return s;
}

static amq_status row_group(walk *w)
{
    tc *t = &w->t;
    int16_t last = 0, id;
    int type, e;
    int64_t rows = -1;
    uint64_t n = 0;
    amq_status s = deeper(t);
    w->c.column = 0;
    while (s == AMQ_OK && (s = field(t, &last, &type, &id)) == AMQ_OK && type != T_STOP) {
        if (id == 1) {
            if ((s = typed(t, type, T_LIST, "RowGroup.columns")) == AMQ_OK &&
                (s = list_header(t, &e, &n, "RowGroup.columns")) == AMQ_OK && e != T_STRUCT)
                s = bad(t, AMQ_E_BAD_PARAMS, "RowGroup.columns holds %s elements, expected struct", wire_name(e));
            for (uint64_t i = 0; i < n && s == AMQ_OK; i++, w->c.column++)
                s = column_chunk(w);
        } else if (id == 3)
            s = integer(t, type, T_I64, 64, &rows, "RowGroup.num_rows");
        else
            s = skip(t, type, 0);
    }
    t->depth--;
    if (s == AMQ_OK && rows < 0)
        s = bad(t, AMQ_E_BAD_PARAMS, "row group %llu has no num_rows (a required field)",
                (unsigned long long)w->c.row_group);
    if (s == AMQ_OK && w->v->row_group && (w->stopped = w->v->row_group(w->v->ctx, w->c.row_group, rows)) != 0)
        s = STOP;
    return s;
}

amq_status amq_parquet_footer_walk(const uint8_t *buf, size_t len, const char *src, const amq_parquet_visitor *v,
                                   int *stopped)
{
    if ((!buf && len) || !v)
        return amq_fail(AMQ_E_INVALID_ARG, "parquet footer: NULL argument");
    walk w = {{buf, buf, buf + len, src ? src : "parquet footer", 0}, v, {0}, 0};
    tc *t = &w.t;
    int16_t last = 0, id;
    int type, e, groups = 0;
    uint64_t n = 0;
    amq_status s;
    while ((s = field(t, &last, &type, &id)) == AMQ_OK && type != T_STOP) {
        if (id != 4) {
            s = skip(t, type, 0);
        } else if (groups++) {
            s = bad(t, AMQ_E_BAD_PARAMS, "FileMetaData.row_groups appears twice");
        } else if ((s = typed(t, type, T_LIST, "FileMetaData.row_groups")) == AMQ_OK &&
                   (s = list_header(t, &e, &n, "FileMetaData.row_groups")) == AMQ_OK) {
            if (e != T_STRUCT)
                s = bad(t, AMQ_E_BAD_PARAMS, "FileMetaData.row_groups holds %s elements, expected struct",
                        wire_name(e));
            for (w.c.row_group = 0; w.c.row_group < n && s == AMQ_OK; w.c.row_group++)
                s = row_group(&w);
        }
        if (s != AMQ_OK)
            break;
    }
    if (stopped)
        *stopped = w.stopped;
    if (w.stopped)
        return AMQ_OK;
    if (s == AMQ_OK && !groups)
        s = bad(t, AMQ_E_BAD_PARAMS, "the footer has no row_groups (a required field)");
    return s;
}
