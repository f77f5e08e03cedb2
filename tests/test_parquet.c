/* Parquet bloom filters (amq/parquet.h, lib_internal/parquet_thrift.h): the header's exact bytes,
 * the decoder's acceptance (field order, long field ids, unknown fields) and its refusals
 * (each with its message, at every truncation), blobs and files in and out, the footer walk
 * over a hand-made FileMetaData and Parquet file, typed keys, Parquet's and Arrow's sizes.
 * The filters of a real writer: tests/test_parquet_duckdb.c. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/cli_run.h"
#include <lib_internal/parquet_thrift.h>
#include <amq/filter.h>
#include <amq/parquet.h>
#include <amq/spec_blocked.h>
#include <amq/stats.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- a tiny compact-protocol writer for hand-made inputs ---- */

typedef struct wbuf {
    uint8_t b[4096];
    size_t n;
} wbuf;

static void put(wbuf *o, uint8_t x) { o->b[o->n++] = x; }
static void varint(wbuf *o, uint64_t v)
{
    do {
        put(o, (uint8_t)((v & 0x7f) | (v >= 0x80 ? 0x80 : 0)));
        v >>= 7;
    } while (v);
}
static void zz(wbuf *o, int64_t v) { varint(o, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63)); }
/* field header, long form (any id) when delta is 0 */
static void field(wbuf *o, int delta, int type, int id)
{
    put(o, (uint8_t)(delta << 4 | type));
    if (!delta)
        zz(o, id);
}
static void binary(wbuf *o, const char *s)
{
    varint(o, strlen(s));
    memcpy(o->b + o->n, s, strlen(s));
    o->n += strlen(s);
}
static void list(wbuf *o, int elem, uint64_t count)
{
    if (count < 15)
        put(o, (uint8_t)(count << 4 | (uint64_t)elem));
    else {
        put(o, (uint8_t)(0xf0 | elem));
        varint(o, count);
    }
}

static amq_status decode(const wbuf *o, uint32_t *nb, size_t *h)
{
    return amq_parquet_header_decode(o->b, o->n, "test", nb, h);
}

#define HAS(text) assert_non_null(strstr(amq_last_error(), text))

/* ---- the header ---- */

static void header_bytes(void **state)
{
    (void)state;
    static const uint8_t h32[] = {0x15, 0x40, 0x1c, 0x1c, 0, 0, 0x1c, 0x1c, 0, 0, 0x1c, 0x1c, 0, 0, 0};
    uint8_t b[AMQ_PARQUET_HEADER_MAX];
    assert_int_equal(amq_parquet_header_encode(32, b), sizeof h32);
    assert_memory_equal(b, h32, sizeof h32);
    assert_int_equal(amq_parquet_header_encode(2048, b), 16); /* zigzag 4096 = 80 20 */
    assert_int_equal(b[1], 0x80);
    assert_int_equal(b[2], 0x20);
    const uint32_t sizes[] = {32, 64, 4096, 1u << 20, 128u << 20, INT32_MAX - 31};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        const size_t len = amq_parquet_header_encode(sizes[i], b);
        assert_true(len >= 15 && len <= AMQ_PARQUET_HEADER_MAX);
        uint32_t nb;
        size_t h;
        assert_int_equal(amq_parquet_header_decode(b, len, "t", &nb, &h), AMQ_OK);
        assert_int_equal(nb, sizes[i]);
        assert_int_equal(h, len);
    }
}

/* What a Thrift writer may do differently: field order, long-form ids, unknown fields. */
static void header_variants(void **state)
{
    (void)state;
    uint32_t nb;
    size_t h;
    wbuf o = {{0}, 0};
    /* compression, hash, algorithm, then numBytes, all in long form, an unknown field 9
     * holding a list of structs and a map between them */
    field(&o, 0, 12, 4), field(&o, 0, 12, 1), put(&o, 0), put(&o, 0);
    field(&o, 0, 12, 3), field(&o, 1, 12, 0), put(&o, 0), put(&o, 0);
    field(&o, 0, 9, 9), list(&o, 12, 2), field(&o, 1, 8, 0), binary(&o, "x"), put(&o, 0), put(&o, 0);
    field(&o, 0, 11, 10), varint(&o, 1), put(&o, 0x85), binary(&o, "k"), zz(&o, -7);
    field(&o, 0, 12, 2), field(&o, 1, 12, 0), put(&o, 0), put(&o, 0);
    field(&o, 0, 5, 1), zz(&o, 96);
    field(&o, 0, 1, 20); /* a bool field: no bytes */
    put(&o, 0);
    o.b[o.n++] = 0xAB; /* the bitset would follow */
    assert_int_equal(decode(&o, &nb, &h), AMQ_OK);
    assert_int_equal(nb, 96);
    assert_int_equal(h, o.n - 1);
}

/* One refused header: the status and a word of the message. */
static void refused(const wbuf *o, amq_status want, const char *text)
{
    uint32_t nb = 7;
    size_t h = 7;
    const amq_status got = decode(o, &nb, &h);
    if (got != want || !strstr(amq_last_error(), text))
        fail_msg("expected status %d and '%s', got %d: %s", want, text, got, amq_last_error());
    assert_int_equal(nb, 7); /* nothing written */
    assert_int_equal(h, 7);
}

static void std_unions(wbuf *o, int skip)
{
    for (int f = 2; f <= 4; f++)
        if (f != skip)
            field(o, 0, 12, f), field(o, 1, 12, 0), put(o, 0), put(o, 0);
}

static void header_refusals(void **state)
{
    (void)state;
    wbuf o;
    /* every truncation of a good header */
    uint8_t good[AMQ_PARQUET_HEADER_MAX];
    const size_t len = amq_parquet_header_encode(1u << 20, good);
    for (size_t cut = 0; cut < len; cut++) {
        memcpy(o.b, good, cut);
        o.n = cut;
        refused(&o, AMQ_E_TRUNCATED, "ends");
    }
    /* each required field missing */
    const char *names[] = {"numBytes", "algorithm", "hash", "compression"};
    for (int f = 1; f <= 4; f++) {
        o.n = 0;
        if (f != 1)
            field(&o, 0, 5, 1), zz(&o, 64);
        std_unions(&o, f);
        put(&o, 0);
        refused(&o, AMQ_E_BAD_PARAMS, names[f - 1]);
    }
    /* numBytes: twice; as an i64; 0, negative, not whole blocks */
    o.n = 0, field(&o, 1, 5, 0), zz(&o, 64), field(&o, 0, 5, 1), zz(&o, 64), std_unions(&o, 0), put(&o, 0);
    refused(&o, AMQ_E_BAD_PARAMS, "twice");
    o.n = 0, field(&o, 1, 6, 0), zz(&o, 64), std_unions(&o, 0), put(&o, 0);
    refused(&o, AMQ_E_BAD_PARAMS, "wire type i64, expected i32");
    const int64_t bad_sizes[] = {0, -32, 33, 100};
    for (size_t i = 0; i < 4; i++) {
        o.n = 0, field(&o, 1, 5, 0), zz(&o, bad_sizes[i]), std_unions(&o, 0), put(&o, 0);
        refused(&o, AMQ_E_BAD_PARAMS, "32-byte blocks");
    }
    /* an i32 beyond 32 bits; a varint beyond 64 bits */
    o.n = 0, field(&o, 1, 5, 0), varint(&o, UINT64_C(1) << 33), std_unions(&o, 0), put(&o, 0);
    refused(&o, AMQ_E_BAD_PARAMS, "does not fit an i32");
    o.n = 0, field(&o, 1, 5, 0);
    for (int i = 0; i < 10; i++)
        put(&o, 0xff);
    put(&o, 1);
    refused(&o, AMQ_E_BAD_PARAMS, "longer than 64 bits");
    /* unions: another algorithm, none, two members, a field in the empty struct */
    o.n = 0, field(&o, 1, 5, 0), zz(&o, 64), field(&o, 1, 12, 0), field(&o, 2, 12, 0), put(&o, 0), put(&o, 0);
    refused(&o, AMQ_E_BAD_PARAMS, "member 2, which amqcert does not know");
    o.n = 0, field(&o, 1, 5, 0), zz(&o, 64), field(&o, 0, 12, 3), put(&o, 0);
    refused(&o, AMQ_E_BAD_PARAMS, "hash (field 3) has no member");
    o.n = 0, field(&o, 1, 5, 0), zz(&o, 64), field(&o, 0, 12, 4), field(&o, 1, 12, 0), put(&o, 0);
    field(&o, 0, 12, 1), put(&o, 0), put(&o, 0);
    refused(&o, AMQ_E_BAD_PARAMS, "more than one member");
    o.n = 0, field(&o, 1, 5, 0), zz(&o, 64), field(&o, 1, 12, 0), field(&o, 1, 12, 0), field(&o, 1, 5, 0);
    zz(&o, 3), put(&o, 0), put(&o, 0);
    refused(&o, AMQ_E_BAD_PARAMS, "holds a field 1");
    o.n = 0, field(&o, 1, 5, 0), zz(&o, 64), field(&o, 1, 8, 0), binary(&o, "x");
    refused(&o, AMQ_E_BAD_PARAMS, "wire type binary, expected struct");
    /* malformed Thrift: type 14, a type-0 field with an id, nesting 100 deep, a list
     * announcing more elements than bytes */
    o.n = 0, put(&o, 0x1e);
    refused(&o, AMQ_E_BAD_PARAMS, "not a compact-protocol type");
    o.n = 0, put(&o, 0x10);
    refused(&o, AMQ_E_BAD_PARAMS, "not a compact-protocol type");
    o.n = 0, field(&o, 0, 12, 9);
    for (int i = 0; i < 100; i++)
        field(&o, 1, 12, 0);
    refused(&o, AMQ_E_BAD_PARAMS, "nested more than 64 deep");
    o.n = 0, field(&o, 0, 9, 9), list(&o, 5, 1000000);
    refused(&o, AMQ_E_TRUNCATED, "1000000 elements");
    o.n = 0, field(&o, 0, 8, 9), varint(&o, UINT64_MAX);
    refused(&o, AMQ_E_TRUNCATED, "binary value");
}

/* ---- blobs ---- */

static amq_split_block *filled(uint64_t blocks, uint64_t seed, int keys)
{
    amq_split_block *f;
    assert_int_equal(amq_split_block_create(&f, blocks, seed), AMQ_OK);
    char k[32];
    for (int i = 0; i < keys; i++)
        assert_int_equal(amq_split_block_add(f, k, (size_t)snprintf(k, sizeof k, "key %d", i)), AMQ_OK);
    return f;
}

static void blobs(void **state)
{
    (void)state;
    amq_split_block *f = filled(3, 0, 50), *g = (amq_split_block *)0x1;
    uint8_t b[200];
    size_t len = 0, used = 0;
    assert_int_equal(amq_parquet_blob_size(f), 16 + 96);
    assert_int_equal(amq_parquet_export(f, b, sizeof b, &len), AMQ_OK);
    assert_int_equal(len, 112);
    assert_int_equal(b[1], 0xC0); /* numBytes 96: zigzag 192, two varint bytes */
    assert_int_equal(b[2], 0x01);
    /* bytes after the blob are not read; too few are refused and change nothing */
    b[112] = 0xEE;
    assert_int_equal(amq_parquet_import(&g, b, 113, &used), AMQ_OK);
    assert_int_equal(used, 112);
    uint8_t again[200];
    size_t len2;
    assert_int_equal(amq_parquet_export(g, again, sizeof again, &len2), AMQ_OK);
    assert_memory_equal(again, b, len);
    assert_int_equal(amq_split_block_seed(g), 0);
    amq_split_block_free(g);
    g = (amq_split_block *)0x1;
    assert_int_equal(amq_parquet_import(&g, b, 111, &used), AMQ_E_TRUNCATED);
    HAS("96 bytes (3 blocks), but only 95");
    assert_ptr_equal(g, (amq_split_block *)0x1);
    assert_int_equal(used, 112);
    /* too small a buffer; a seed that is not Parquet's */
    assert_int_equal(amq_parquet_export(f, b, 111, &len), AMQ_E_INVALID_ARG);
    HAS("needs 112");
    amq_split_block *s = filled(2, 5, 10);
    assert_int_equal(amq_parquet_export(s, b, sizeof b, &len), AMQ_E_INVALID_ARG);
    HAS("seed 5");
    amq_split_block_free(s);
    amq_split_block_free(f);
}

static void blob_files(void **state)
{
    (void)state;
    char a[160], b[160];
    snprintf(a, sizeof a, "%s/f.bin", cli_dir);
    snprintf(b, sizeof b, "%s/g.bin", cli_dir);
    amq_split_block *f = filled(8, 0, 100), *g = (amq_split_block *)0x1;
    assert_int_equal(amq_parquet_export_file(f, a), AMQ_OK);
    assert_int_equal(amq_parquet_import_file(&g, a), AMQ_OK);
    assert_int_equal(amq_parquet_export_file(g, b), AMQ_OK);
    assert_int_equal(cli_run("cmp f.bin g.bin && test $(wc -c < f.bin) = %d", 16 + 256), 0);
    amq_split_block_free(g);
    g = (amq_split_block *)0x1;
    assert_int_equal(cli_run("cp f.bin t.bin && printf x >> t.bin && head -c 100 f.bin > s.bin && mkfifo p.bin"), 0);
    snprintf(b, sizeof b, "%s/t.bin", cli_dir);
    assert_int_equal(amq_parquet_import_file(&g, b), AMQ_E_SIZE_MISMATCH);
    HAS("1 bytes follow the 256-byte bitset");
    snprintf(b, sizeof b, "%s/s.bin", cli_dir);
    assert_int_equal(amq_parquet_import_file(&g, b), AMQ_E_TRUNCATED);
    snprintf(b, sizeof b, "%s/p.bin", cli_dir);
    assert_int_equal(amq_parquet_import_file(&g, b), AMQ_E_IO);
    HAS("FIFO");
    assert_ptr_equal(g, (amq_split_block *)0x1);
    amq_split_block *s = filled(2, 1, 3);
    assert_int_equal(amq_parquet_export_file(s, a), AMQ_E_INVALID_ARG);
    assert_int_equal(cli_run("test $(wc -c < f.bin) = %d", 16 + 256), 0); /* unchanged */
    amq_split_block_free(s);
    amq_split_block_free(f);
}

/* ---- a hand-made Parquet file ---- */

/* ColumnChunk { 2: file_offset, 3: meta_data { 1: type, 3: path, 5: num_values,
 * 14: bloom_filter_offset, 15: bloom_filter_length } }; offset < 0: no filter. */
static void column_chunk(wbuf *o, int type, const char *a, const char *b, int64_t off, int64_t len)
{
    field(o, 2, 6, 0), zz(o, 4);
    field(o, 1, 12, 0);
    field(o, 1, 5, 0), zz(o, type);
    field(o, 1, 9, 0), list(o, 5, 0); /* encodings: an empty list of i32 */
    field(o, 1, 9, 0), list(o, 8, b ? 2 : 1), binary(o, a);
    if (b)
        binary(o, b);
    field(o, 2, 6, 0), zz(o, 1000);
    if (off >= 0)
        field(o, 0, 6, 14), zz(o, off);
    if (off >= 0 && len >= 0) /* older writers leave the length out */
        field(o, 1, 5, 0), zz(o, len);
    put(o, 0);
    put(o, 0);
}

/* FileMetaData with a schema and key-value metadata to skip and two row groups: columns
 * "id" (INT64, the filter at `off`) and "a.b" (BYTE_ARRAY, no filter). */
static void file_meta(wbuf *o, int64_t off, int64_t len)
{
    field(o, 1, 5, 0), zz(o, 2);
    field(o, 1, 9, 0), list(o, 12, 1), field(o, 4, 8, 0), binary(o, "schema"), put(o, 0);
    field(o, 1, 6, 0), zz(o, 2000);
    field(o, 1, 9, 0), list(o, 12, 2);
    for (int g = 0; g < 2; g++) {
        field(o, 1, 9, 0), list(o, 12, 2);
        column_chunk(o, AMQ_PARQUET_INT64, "id", NULL, g ? -1 : off, len);
        column_chunk(o, AMQ_PARQUET_BYTE_ARRAY, "a", "b", -1, 0);
        field(o, 1, 6, 0), zz(o, 1000), field(o, 1, 6, 0), zz(o, 1000), put(o, 0);
    }
    field(o, 1, 9, 0), list(o, 12, 1), field(o, 1, 8, 0), binary(o, "k"), put(o, 0);
    field(o, 1, 8, 0), binary(o, "amqcert test");
    put(o, 0);
}

typedef struct seen {
    amq_parquet_chunk c[8];
    int64_t rows[4];
    int n, groups, stop_after;
} seen;

static int on_chunk(void *ctx, const amq_parquet_chunk *c)
{
    seen *s = ctx;
    s->c[s->n++] = *c;
    return s->n == s->stop_after ? 42 : 0;
}
static int on_group(void *ctx, uint64_t g, int64_t rows)
{
    seen *s = ctx;
    assert_int_equal(g, (uint64_t)s->groups);
    s->rows[s->groups++] = rows;
    return 0;
}

static void footer_walk(void **state)
{
    (void)state;
    wbuf o = {{0}, 0};
    file_meta(&o, 4, 111);
    seen s = {.n = 0};
    const amq_parquet_visitor v = {on_chunk, on_group, &s};
    int stopped = -1;
    assert_int_equal(amq_parquet_footer_walk(o.b, o.n, "t", &v, &stopped), AMQ_OK);
    assert_int_equal(stopped, 0);
    assert_int_equal(s.n, 4);
    assert_int_equal(s.groups, 2);
    assert_int_equal(s.rows[1], 1000);
    assert_string_equal(s.c[0].path, "id");
    assert_string_equal(s.c[1].path, "a.b");
    assert_int_equal(s.c[0].type, AMQ_PARQUET_INT64);
    assert_int_equal(s.c[0].bloom_offset, 4);
    assert_int_equal(s.c[0].bloom_length, 111);
    assert_int_equal(s.c[1].bloom_offset, -1);
    assert_int_equal(s.c[2].row_group, 1);
    assert_int_equal(s.c[3].column, 1);
    assert_int_equal(s.c[3].num_values, 1000);
    seen t = {.stop_after = 3};
    const amq_parquet_visitor w = {on_chunk, NULL, &t};
    assert_int_equal(amq_parquet_footer_walk(o.b, o.n, "t", &w, &stopped), AMQ_OK);
    assert_int_equal(stopped, 42);
    assert_int_equal(t.n, 3);
    /* every truncation fails with a message and no crash */
    for (size_t cut = 0; cut < o.n; cut++) {
        seen u = {.n = 0};
        const amq_parquet_visitor x = {on_chunk, NULL, &u};
        assert_int_not_equal(amq_parquet_footer_walk(o.b, cut, "t", &x, NULL), AMQ_OK);
        assert_true(strlen(amq_last_error()) > 10);
    }
    wbuf e = {{0}, 0};
    field(&e, 1, 5, 0), zz(&e, 2), put(&e, 0);
    assert_int_equal(amq_parquet_footer_walk(e.b, e.n, "t", &v, NULL), AMQ_E_BAD_PARAMS);
    HAS("no row_groups");
}

/* "PAR1", a blob, the footer, its length, "PAR1". */
static void write_parquet(const char *name, const uint8_t *blob, size_t blob_len, int64_t off, int64_t len,
                          const char *magic)
{
    wbuf o = {{0}, 0};
    file_meta(&o, off, len);
    char path[160];
    snprintf(path, sizeof path, "%s/%s", cli_dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    const uint8_t n[4] = {(uint8_t)o.n, (uint8_t)(o.n >> 8), 0, 0};
    fwrite("PAR1", 1, 4, f);
    fwrite(blob, 1, blob_len, f);
    fwrite(o.b, 1, o.n, f);
    fwrite(n, 1, 4, f);
    fwrite(magic, 1, 4, f);
    fclose(f);
}

static void parquet_files(void **state)
{
    (void)state;
    amq_split_block *f = filled(3, 0, 40), *g = (amq_split_block *)0x1;
    uint8_t blob[200];
    size_t len;
    assert_int_equal(amq_parquet_export(f, blob, sizeof blob, &len), AMQ_OK);
    char p[160];
    snprintf(p, sizeof p, "%s/x.parquet", cli_dir);
    write_parquet("x.parquet", blob, len, 4, (int64_t)len, "PAR1");
    assert_int_equal(amq_parquet_import_column(&g, p, "id", 0), AMQ_OK);
    uint8_t again[200];
    size_t len2;
    assert_int_equal(amq_parquet_export(g, again, sizeof again, &len2), AMQ_OK);
    assert_memory_equal(again, blob, len);
    amq_split_block_free(g);
    g = (amq_split_block *)0x1;
    /* without bloom_filter_length the header says how long the blob is (other data follows) */
    uint8_t padded[300];
    memcpy(padded, blob, len);
    memset(padded + len, 0xAB, 40);
    write_parquet("n.parquet", padded, len + 40, 4, -1, "PAR1");
    snprintf(p, sizeof p, "%s/n.parquet", cli_dir);
    assert_int_equal(amq_parquet_import_column(&g, p, "id", 0), AMQ_OK);
    assert_int_equal(amq_parquet_export(g, again, sizeof again, &len2), AMQ_OK);
    assert_memory_equal(again, blob, len);
    amq_split_block_free(g);
    g = (amq_split_block *)0x1;
    snprintf(p, sizeof p, "%s/x.parquet", cli_dir);
    /* the blob file importer sees a Parquet file and says so */
    assert_int_equal(amq_parquet_import_file(&g, p), AMQ_E_BAD_TYPE);
    HAS("is a Parquet file");
    /* what is not there */
    assert_int_equal(amq_parquet_import_column(&g, p, "nope", 0), AMQ_E_INVALID_ARG);
    HAS("its columns: 'id', 'a.b'");
    assert_int_equal(amq_parquet_import_column(&g, p, "id", 2), AMQ_E_INVALID_ARG);
    HAS("has 2 row groups");
    assert_int_equal(amq_parquet_import_column(&g, p, "a.b", 0), AMQ_E_INVALID_ARG);
    HAS("has no bloom filter");
    assert_int_equal(amq_parquet_import_column(&g, p, "id", 1), AMQ_E_INVALID_ARG);
    /* a length that disagrees, an offset outside the data, an encrypted footer, no magic */
    write_parquet("y.parquet", blob, len, 4, (int64_t)len - 32, "PAR1");
    snprintf(p, sizeof p, "%s/y.parquet", cli_dir);
    assert_int_equal(amq_parquet_import_column(&g, p, "id", 0), AMQ_E_TRUNCATED);
    HAS("column 'id' of row group 0: the header announces a bitset of 96 bytes, but only 64");
    write_parquet("z.parquet", blob, len, 4, (int64_t)len + 1, "PAR1");
    snprintf(p, sizeof p, "%s/z.parquet", cli_dir);
    assert_int_equal(amq_parquet_import_column(&g, p, "id", 0), AMQ_E_BAD_PARAMS);
    HAS("reaches past");
    write_parquet("w.parquet", blob, len, 9999, (int64_t)len, "PAR1");
    snprintf(p, sizeof p, "%s/w.parquet", cli_dir);
    assert_int_equal(amq_parquet_import_column(&g, p, "id", 0), AMQ_E_BAD_PARAMS);
    HAS("outside the file's data");
    write_parquet("e.parquet", blob, len, 4, (int64_t)len, "PARE");
    snprintf(p, sizeof p, "%s/e.parquet", cli_dir);
    assert_int_equal(amq_parquet_import_column(&g, p, "id", 0), AMQ_E_BAD_TYPE);
    HAS("encrypted");
    snprintf(p, sizeof p, "%s/f.bin", cli_dir);
    assert_int_equal(cli_run("printf 'not a parquet file' > f.bin"), 0);
    assert_int_equal(amq_parquet_import_column(&g, p, "id", 0), AMQ_E_BAD_MAGIC);
    assert_ptr_equal(g, (amq_split_block *)0x1);
    amq_split_block_free(f);
}

/* ---- typed keys ---- */

static void key_is(amq_parquet_key_type t, const char *text, const char *hex)
{
    unsigned char out[64], want[64];
    size_t n = 0, w = strlen(hex) / 2;
    for (size_t i = 0; i < w; i++)
        sscanf(hex + 2 * i, "%2hhx", &want[i]);
    if (amq_parquet_key_encode(t, text, strlen(text), out, sizeof out, &n) != AMQ_OK)
        fail_msg("'%s': %s", text, amq_last_error());
    assert_int_equal(n, w);
    assert_memory_equal(out, want, w);
}

static void key_refused(amq_parquet_key_type t, const char *text, const char *why)
{
    unsigned char out[64] = {0}, zero[64] = {0};
    size_t n = 99;
    assert_int_equal(amq_parquet_key_encode(t, text, strlen(text), out, sizeof out, &n), AMQ_E_INVALID_ARG);
    if (!strstr(amq_last_error(), why))
        fail_msg("'%s': expected '%s' in: %s", text, why, amq_last_error());
    assert_int_equal(n, 99);
    assert_memory_equal(out, zero, sizeof out); /* nothing written */
}

static void typed_keys(void **state)
{
    (void)state;
    const amq_parquet_key_type B = AMQ_PARQUET_KEY_BYTES, H = AMQ_PARQUET_KEY_HEX, I = AMQ_PARQUET_KEY_INT32,
                               L = AMQ_PARQUET_KEY_INT64, F = AMQ_PARQUET_KEY_FLOAT, D = AMQ_PARQUET_KEY_DOUBLE;
    key_is(B, "ab", "6162");
    key_is(B, "", "");
    key_is(H, "00fFa0", "00ffa0");
    key_is(H, "", "");
    key_refused(H, "abc", "odd");
    key_refused(H, "0g", "position 2");
    key_is(I, "1", "01000000");
    key_is(I, "-1", "ffffffff");
    key_is(I, "-0", "00000000");
    key_is(I, "007", "07000000");
    key_is(I, "2147483647", "ffffff7f");
    key_is(I, "-2147483648", "00000080");
    key_refused(I, "2147483648", "out of range");
    key_refused(I, "-2147483649", "out of range");
    key_refused(I, "", "empty");
    key_refused(I, "-", "no digits");
    key_refused(I, "+5", "'+'");
    key_refused(I, " 5", "space");
    key_refused(I, "5 ", "space");
    key_refused(I, "1.0", "position 2");
    key_is(L, "-9223372036854775808", "0000000000000080");
    key_is(L, "9223372036854775807", "ffffffffffffff7f");
    key_is(L, "1000003", "43420f0000000000");
    key_refused(L, "9223372036854775808", "out of range");
    key_refused(L, "18446744073709551616", "out of range");
    key_is(D, "0.1", "9a9999999999b93f");
    key_is(D, "-0", "0000000000000080");
    key_is(D, "1e300", "9c7500883ce4377e");
    key_is(D, "5e-324", "0100000000000000");
    key_is(D, "0x1p-1074", "0100000000000000");
    key_is(D, "inf", "000000000000f07f");
    key_is(D, "-inf", "000000000000f0ff");
    key_is(D, "nan", "000000000000f87f");
    key_is(D, "-nan", "000000000000f8ff");
    key_refused(D, "nan(1)", "payloads");
    key_refused(D, "1e400", "out of range");
    key_refused(D, " 1", "leading space");
    key_refused(D, "1 ", "position 2");
    key_refused(D, "", "empty");
    key_refused(D, "0.1x", "position 4");
    key_is(F, "0.1", "cdcccc3d");
    key_is(F, "3.4028235e38", "ffff7f7f");
    key_is(F, "nan", "0000c07f");
    key_is(F, "1e-45", "01000000");
    key_refused(F, "3.5e38", "out of range");
    /* a double printed with 17 digits reads back to the same bits; so does a float with 9 */
    amq_rng r;
    amq_rng_seed(&r, 18);
    for (int i = 0; i < 100000; i++) {
        uint64_t bits = amq_rng_next(&r);
        double d;
        memcpy(&d, &bits, 8);
        if (!isfinite(d))
            continue;
        char text[40];
        unsigned char out[8], want[8];
        size_t n;
        amq_parquet_plain_double(d, want);
        assert_int_equal(amq_parquet_key_encode(D, text, (size_t)snprintf(text, sizeof text, "%.17g", d), out, 8, &n),
                         AMQ_OK);
        assert_memory_equal(out, want, 8);
        float f;
        const uint32_t fb = (uint32_t)bits;
        memcpy(&f, &fb, 4);
        if (!isfinite(f))
            continue;
        amq_parquet_plain_float(f, want);
        assert_int_equal(amq_parquet_key_encode(F, text, (size_t)snprintf(text, sizeof text, "%.9g", (double)f), out,
                                                4, &n),
                         AMQ_OK);
        assert_memory_equal(out, want, 4);
    }
    unsigned char small[3];
    size_t n;
    assert_int_equal(amq_parquet_key_encode(I, "1", 1, small, 3, &n), AMQ_E_INVALID_ARG);
    amq_parquet_key_type t;
    assert_int_equal(amq_parquet_key_type_parse("int64", &t), AMQ_OK);
    assert_int_equal(t, L);
    assert_int_equal(amq_parquet_key_type_parse("string", &t), AMQ_E_INVALID_ARG);
    HAS("bytes, hex, int32, int64, float, double");
    assert_string_equal(amq_parquet_key_type_name(D), "double");
    assert_null(amq_parquet_key_type_name((amq_parquet_key_type)99));
}

/* ---- sizes: Parquet's limit, Arrow's sizes ---- */

static void arrow_sizes(void **state)
{
    (void)state;
    assert_false(amq_split_block_arrow_accepts(0));
    assert_true(amq_split_block_arrow_accepts(1));
    assert_false(amq_split_block_arrow_accepts(3));
    assert_true(amq_split_block_arrow_accepts(UINT64_C(1) << 22));
    assert_false(amq_split_block_arrow_accepts((UINT64_C(1) << 22) + 1));
    assert_false(amq_split_block_arrow_accepts(UINT64_C(1) << 23));
    const uint64_t ns[] = {1, 1000, 123457, 10000000};
    const double fprs[] = {0.5, 0.01, 1e-4};
    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < 3; j++) {
            uint64_t b, a;
            double got, want;
            assert_int_equal(amq_split_block_size_for(ns[i], fprs[j], &b, &want), AMQ_OK);
            const amq_status s = amq_split_block_size_for_arrow(ns[i], fprs[j], &a, &got);
            if (b > (UINT64_C(1) << 22)) {
                assert_int_equal(s, AMQ_E_TOO_LARGE);
                HAS("Arrow's limit");
                continue;
            }
            assert_int_equal(s, AMQ_OK);
            assert_true(amq_split_block_arrow_accepts(a));
            assert_true(a >= b && (a == 1 || a / 2 < b)); /* the next power of two */
            assert_true(got > 0 && got <= fprs[j] && (a != b || got <= want * (1 + 1e-12)));
        }
    /* the registry: --arrow sizes, refuses other block counts, reports the size */
    const amq_structure *s = amq_structure_find("split-block");
    amq_params p;
    amq_params_init(&p, s);
    assert_int_equal(amq_params_set(&p, s, "arrow", 1), AMQ_OK);
    amq_filter *f = NULL;
    double achieved;
    assert_int_equal(amq_filter_create_for(&f, s, 1000, 0.01, &p, &achieved), AMQ_OK);
    amq_params q;
    amq_filter_params(f, &q);
    assert_int_equal(amq_params_get(&q, s, "blocks"), 64);
    assert_int_equal(amq_params_get(&q, s, "arrow"), 1);
    amq_filter_free(f);
    assert_int_equal(amq_params_set(&p, s, "blocks", 48), AMQ_OK);
    assert_int_equal(amq_filter_create(&f, s, &p), AMQ_E_INVALID_ARG);
    HAS("48 blocks is not a size Arrow C++ accepts");
    assert_int_equal(amq_params_set(&p, s, "arrow", 0), AMQ_OK);
    assert_int_equal(amq_filter_create(&f, s, &p), AMQ_OK);
    amq_filter_params(f, &q);
    assert_int_equal(amq_params_get(&q, s, "arrow"), 0);
    amq_filter_free(f);
    /* Parquet's own limit, through sizing */
    uint64_t b;
    assert_int_equal(amq_split_block_size_for(UINT64_C(5000000000), 1e-6, &b, NULL), AMQ_OK);
    assert_true(b > AMQ_SPLIT_BLOCK_MAX_BLOCKS);
    amq_split_block *sb = (amq_split_block *)0x1;
    assert_int_equal(amq_split_block_create_for(&sb, UINT64_C(5000000000), 1e-6, 0, NULL), AMQ_E_TOO_LARGE);
    HAS("numBytes");
    assert_ptr_equal(sb, (amq_split_block *)0x1);
}

/* ---- the commands' refusals (the real writer's path: test_parquet_duckdb) ---- */

static void commands(void **state)
{
    (void)state;
    const char *A = cli_amq;
    assert_int_equal(cli_run("printf '1\\n-2\\n30\\n' | '%s' build --type split-block -b 4 --key-type int32 -o i.amq",
                             A), 0);
    assert_int_equal(cli_run("printf '1\\n7\\n' | '%s' query i.amq --key-type int32", A), 0);
    assert_string_equal(cli_out, "1\tmaybe\n7\tno\n");
    /* the same values as text are other keys */
    assert_int_equal(cli_run("printf '1\\n' | '%s' query i.amq --count", A), 0);
    assert_string_equal(cli_out, "maybe 0\nno 1\n");
    assert_int_equal(cli_run("printf '1\\nx2\\n' | '%s' build --type split-block -b 4 --key-type int32 -o j.amq",
                             A), 1);
    assert_non_null(strstr(cli_out, "line 2: 'x2': not an int32"));
    assert_int_equal(cli_run("test -e j.amq"), 1); /* nothing written */
    assert_int_equal(cli_run("'%s' query i.amq --key-type text < /dev/null", A), 2);
    assert_non_null(strstr(cli_out, "unknown key type 'text'"));
    assert_int_equal(cli_run("seq 10 | '%s' build --type bloom -m 64 -k 2 -o b.amq && '%s' export --parquet b.amq "
                             "b.bin", A, A), 1);
    assert_non_null(strstr(cli_out, "is a bloom filter"));
    assert_int_equal(cli_run("'%s' export i.amq i.bin", A), 2);
    assert_non_null(strstr(cli_out, "--parquet"));
    assert_int_equal(cli_run("seq 10 | '%s' build --type split-block -b 4 --seed 3 -o sd.amq && '%s' export --parquet "
                             "sd.amq sd.bin", A, A), 1);
    assert_non_null(strstr(cli_out, "seed 3"));
    assert_int_equal(cli_run("test -e sd.bin"), 1);
    assert_int_equal(cli_run("printf '\\025\\100\\034\\034\\000\\000' > h.bin && '%s' import --parquet h.bin h.amq",
                             A), 1);
    assert_non_null(strstr(cli_out, "h.bin', byte 6: the input ends"));
    assert_int_equal(cli_run("test -e h.amq"), 1);
    assert_int_equal(cli_run("'%s' export --parquet i.amq i.bin && '%s' import --parquet i.bin k.amq && cmp i.amq "
                             "k.amq", A, A), 0);
    assert_int_equal(cli_run("'%s' import --parquet i.bin --row-group 1 k.amq", A), 2);
    assert_int_equal(cli_run("seq 100 | '%s' build --type split-block -n 100 -p 0.01 --arrow 1 -o a.amq && '%s' "
                             "export --parquet a.amq a.bin", A, A), 0);
    assert_non_null(strstr(cli_out, "Arrow C++ accepts this size"));
    assert_int_equal(cli_run("'%s' rate bloom --file i.amq -n 3", A), 1);
    assert_non_null(strstr(cli_out, "holds a split-block filter, not a bloom one"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(header_bytes), cmocka_unit_test(header_variants), cmocka_unit_test(header_refusals),
        cmocka_unit_test(blobs),        cmocka_unit_test(blob_files),      cmocka_unit_test(footer_walk),
        cmocka_unit_test(parquet_files), cmocka_unit_test(typed_keys),     cmocka_unit_test(arrow_sizes),
        cmocka_unit_test(commands),
    };
    return cmocka_run_group_tests(tests, cli_run_group_setup, cli_run_group_teardown);
}
