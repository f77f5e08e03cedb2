/* Parquet bloom-filter blobs and Parquet files (amq/parquet.h): the split-block filter's
 * words are the bitset; the Thrift header and footer come from lib_internal/parquet_thrift.h. */
#include <lib_internal/fail.h>
#include <lib_internal/blocked_state.h>
#include <lib_internal/container.h>
#include <lib_internal/parquet_thrift.h>
#include <amq/parquet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_BYTES 32u
#define HEADER_WINDOW 65536u          /* bytes read to decode a header of unknown length */
#define FOOTER_MAX (UINT64_C(1) << 28) /* a larger footer is refused rather than read */
#define CHUNK_BYTES 65536u

/* ---- blobs ---- */

uint64_t amq_parquet_blob_size(const amq_split_block *f)
{
    if (!f)
        return 0;
    uint8_t h[AMQ_PARQUET_HEADER_MAX];
    const uint64_t bytes = amq_split_block_nblocks(f) * BLOCK_BYTES;
    return amq_parquet_header_encode((uint32_t)bytes, h) + bytes;
}

static amq_status exportable(const amq_split_block *f)
{
    if (!f)
        return amq_fail(AMQ_E_INVALID_ARG, "parquet export: NULL filter");
    if (amq_split_block_seed(f) != 0)
        return amq_fail(AMQ_E_INVALID_ARG, "parquet export: the filter hashes with seed %llu, but Parquet's filters "
                                           "hash with XXH64 seed 0, so Parquet readers would answer wrongly for it; "
                                           "build it with seed 0",
                        (unsigned long long)amq_split_block_seed(f));
    return AMQ_OK; /* nblocks <= AMQ_SPLIT_BLOCK_MAX_BLOCKS: numBytes fits an i32 */
}

amq_status amq_parquet_export(const amq_split_block *f, void *buf, size_t cap, size_t *len)
{
    amq_status s = exportable(f);
    if (s != AMQ_OK)
        return s;
    if (!buf || !len)
        return amq_fail(AMQ_E_INVALID_ARG, "parquet export: NULL buffer or length");
    const uint64_t size = amq_parquet_blob_size(f);
    if (cap < size)
        return amq_fail(AMQ_E_INVALID_ARG, "parquet export: the buffer holds %zu bytes, the blob needs %llu", cap,
                        (unsigned long long)size);
    uint8_t *o = buf;
    const size_t h = amq_parquet_header_encode((uint32_t)(amq_split_block_nblocks(f) * BLOCK_BYTES), o);
    const uint64_t *w = amq_split_block_words(f), n = amq_split_block_nwords(f);
    for (uint64_t i = 0; i < n; i++)
        amq_put_u64(o + h + 8 * i, w[i]);
    *len = (size_t)size;
    return AMQ_OK;
}

amq_status amq_parquet_export_file(const amq_split_block *f, const char *path)
{
    amq_status s = exportable(f);
    if (s != AMQ_OK)
        return s;
    uint8_t h[AMQ_PARQUET_HEADER_MAX];
    const size_t hlen = amq_parquet_header_encode((uint32_t)(amq_split_block_nblocks(f) * BLOCK_BYTES), h);
    return amq_raw_save(path, h, hlen, amq_split_block_words(f), amq_split_block_nwords(f));
}

/* A new filter of num_bytes / 32 blocks, seed 0, its words from the little-endian bitset. */
static amq_status from_bitset(amq_split_block **out, uint32_t num_bytes, const uint8_t *bitset)
{
    amq_split_block *f;
    amq_status s = amq_split_block_create(&f, num_bytes / BLOCK_BYTES, 0);
    if (s != AMQ_OK)
        return s;
    uint64_t *w = amq_split_block_words_to_fill(f);
    for (uint64_t i = 0; i < num_bytes / 8u; i++)
        w[i] = amq_get_u64(bitset + 8 * i);
    *out = f;
    return AMQ_OK;
}

amq_status amq_parquet_import(amq_split_block **out, const void *blob, size_t len, size_t *used)
{
    if (!out || (!blob && len))
        return amq_fail(AMQ_E_INVALID_ARG, "parquet import: NULL argument");
    const char *src = "Parquet bloom filter";
    uint32_t nb;
    size_t h;
    amq_status s = amq_parquet_header_decode(blob, len, src, &nb, &h);
    if (s != AMQ_OK)
        return s;
    if (len - h < nb)
        return amq_fail(AMQ_E_TRUNCATED, "%s: the header announces a bitset of %lu bytes (%lu blocks), but only %zu "
                                         "bytes follow it",
                        src, (unsigned long)nb, (unsigned long)(nb / BLOCK_BYTES), len - h);
    amq_split_block *f;
    if ((s = from_bitset(&f, nb, (const uint8_t *)blob + h)) != AMQ_OK)
        return s;
    if (used)
        *used = h + nb;
    *out = f;
    return AMQ_OK;
}

/* ---- files ---- */

static amq_status read_at(FILE *in, const char *src, uint64_t offset, void *buf, size_t len)
{
    if (offset > (uint64_t)INT64_MAX || fseeko(in, (off_t)offset, SEEK_SET) != 0)
        return amq_fail(AMQ_E_IO, "%s: cannot seek to byte %llu: %s", src, (unsigned long long)offset,
                        strerror(errno));
    if (len && fread(buf, 1, len, in) != len)
        return amq_fail(ferror(in) ? AMQ_E_IO : AMQ_E_TRUNCATED, "%s: cannot read %zu bytes at byte %llu%s", src, len,
                        (unsigned long long)offset, ferror(in) ? "" : ": the file is shorter");
    return AMQ_OK;
}

/* The blob at `offset` of an open file, inside a window of `window` bytes; exact: the blob
 * must fill the window.  The bitset is read in chunks straight into the new filter. */
static amq_status read_blob(amq_split_block **out, FILE *in, const char *src, uint64_t offset, uint64_t window,
                            int exact)
{
    const size_t hw = window < HEADER_WINDOW ? (size_t)window : HEADER_WINDOW;
    uint8_t *head = malloc(hw ? hw : 1);
    uint32_t nb = 0;
    size_t h = 0;
    amq_status s = head ? read_at(in, src, offset, head, hw) : amq_fail(AMQ_E_NOMEM, "%s: out of memory", src);
    if (s == AMQ_OK)
        s = amq_parquet_header_decode(head, hw, src, &nb, &h);
    free(head);
    if (s != AMQ_OK)
        return s;
    if (window - h < nb)
        return amq_fail(AMQ_E_TRUNCATED, "%s: the header announces a bitset of %lu bytes, but only %llu bytes follow "
                                         "it", src, (unsigned long)nb, (unsigned long long)(window - h));
    if (exact && window - h > nb)
        return amq_fail(AMQ_E_SIZE_MISMATCH, "%s: %llu bytes follow the %lu-byte bitset the header announces", src,
                        (unsigned long long)(window - h - nb), (unsigned long)nb);
    amq_split_block *f;
    if ((s = amq_split_block_create(&f, nb / BLOCK_BYTES, 0)) != AMQ_OK)
        return s;
    uint64_t *w = amq_split_block_words_to_fill(f);
    uint8_t *chunk = malloc(CHUNK_BYTES);
    if (!chunk)
        s = amq_fail(AMQ_E_NOMEM, "%s: out of memory", src);
    else
        s = read_at(in, src, offset + h, NULL, 0);
    for (uint64_t done = 0; s == AMQ_OK && done < nb; done += CHUNK_BYTES) {
        const size_t n = nb - done < CHUNK_BYTES ? (size_t)(nb - done) : CHUNK_BYTES;
        if (fread(chunk, 1, n, in) != n)
            s = amq_fail(AMQ_E_TRUNCATED, "%s: the bitset ends early (read error or the file shrank)", src);
        for (size_t i = 0; s == AMQ_OK && i < n; i += 8)
            w[(done + i) / 8] = amq_get_u64(chunk + i);
    }
    free(chunk);
    if (s != AMQ_OK) {
        amq_split_block_free(f);
        return s;
    }
    *out = f;
    return AMQ_OK;
}

amq_status amq_parquet_import_file(amq_split_block **out, const char *path)
{
    if (!out || !path)
        return amq_fail(AMQ_E_INVALID_ARG, "parquet import: NULL argument");
    uint64_t size;
    FILE *in = amq_open_regular(path, &size);
    if (!in)
        return AMQ_E_IO;
    char src[512];
    snprintf(src, sizeof src, "'%s'", path);
    uint8_t magic[4] = {0};
    amq_status s = size >= 4 ? read_at(in, src, 0, magic, 4) : AMQ_OK;
    if (s == AMQ_OK && !memcmp(magic, "PAR1", 4)) /* no blob starts so: 'P' is no Thrift field header */
        s = amq_fail(AMQ_E_BAD_TYPE, "%s is a Parquet file, not a bloom filter blob: import one column's filter "
                                     "(amq_parquet_import_column; amq import --column)", src);
    if (s == AMQ_OK)
        s = read_blob(out, in, src, 0, size, 1);
    fclose(in);
    return s;
}

/* The footer of a Parquet file: [data] footer, its length (u32 LE), "PAR1". */
typedef struct parquet_file {
    FILE *in;
    uint64_t size, data_end; /* the footer starts at data_end */
    uint8_t *footer;
    size_t footer_len;
    char src[512];
} parquet_file;

static void file_close(parquet_file *p)
{
    if (p->in)
        fclose(p->in);
    free(p->footer);
}

static amq_status file_open(parquet_file *p, const char *path)
{
    memset(p, 0, sizeof *p);
    if (!path)
        return amq_fail(AMQ_E_INVALID_ARG, "parquet: NULL path");
    snprintf(p->src, sizeof p->src, "'%s'", path);
    if (!(p->in = amq_open_regular(path, &p->size)))
        return AMQ_E_IO;
    uint8_t tail[8], head[4];
    amq_status s = p->size < 12 ? amq_fail(AMQ_E_BAD_MAGIC, "%s is not a Parquet file: %llu bytes, fewer than the "
                                                            "12 of the smallest one", p->src,
                                           (unsigned long long)p->size)
                                : read_at(p->in, p->src, 0, head, 4);
    if (s == AMQ_OK)
        s = read_at(p->in, p->src, p->size - 8, tail, 8);
    if (s == AMQ_OK && !memcmp(tail + 4, "PARE", 4))
        s = amq_fail(AMQ_E_BAD_TYPE, "%s has an encrypted footer (PARE), which amqcert does not read", p->src);
    else if (s == AMQ_OK && (memcmp(tail + 4, "PAR1", 4) || memcmp(head, "PAR1", 4)))
        s = amq_fail(AMQ_E_BAD_MAGIC, "%s is not a Parquet file (it does not start and end with PAR1)", p->src);
    if (s == AMQ_OK) {
        const uint64_t flen = (uint64_t)tail[0] | (uint64_t)tail[1] << 8 | (uint64_t)tail[2] << 16 |
                              (uint64_t)tail[3] << 24;
        if (flen > p->size - 12)
            s = amq_fail(AMQ_E_TRUNCATED, "%s: the footer length %llu exceeds the file's %llu bytes", p->src,
                         (unsigned long long)flen, (unsigned long long)p->size);
        else if (flen > FOOTER_MAX)
            s = amq_fail(AMQ_E_TOO_LARGE, "%s: a footer of %llu bytes, above the %llu amqcert reads", p->src,
                         (unsigned long long)flen, (unsigned long long)FOOTER_MAX);
        else if (!(p->footer = malloc(flen ? (size_t)flen : 1)))
            s = amq_fail(AMQ_E_NOMEM, "%s: out of memory for a %llu-byte footer", p->src, (unsigned long long)flen);
        else {
            p->footer_len = (size_t)flen;
            p->data_end = p->size - 8 - flen;
            s = read_at(p->in, p->src, p->data_end, p->footer, p->footer_len);
        }
    }
    if (s != AMQ_OK)
        file_close(p);
    return s;
}

static const char *key_type_of(int32_t type)
{
    switch (type) {
    case AMQ_PARQUET_INT32: return amq_parquet_key_type_name(AMQ_PARQUET_KEY_INT32);
    case AMQ_PARQUET_INT64: return amq_parquet_key_type_name(AMQ_PARQUET_KEY_INT64);
    case AMQ_PARQUET_FLOAT: return amq_parquet_key_type_name(AMQ_PARQUET_KEY_FLOAT);
    case AMQ_PARQUET_DOUBLE: return amq_parquet_key_type_name(AMQ_PARQUET_KEY_DOUBLE);
    case AMQ_PARQUET_BYTE_ARRAY:
    case AMQ_PARQUET_FIXED_LEN_BYTE_ARRAY: return amq_parquet_key_type_name(AMQ_PARQUET_KEY_BYTES);
    case AMQ_PARQUET_INT96: return amq_parquet_key_type_name(AMQ_PARQUET_KEY_HEX);
    }
    return NULL;
}

typedef struct lister {
    int (*fn)(void *ctx, const amq_parquet_column *c);
    void *ctx;
} lister;

static int list_chunk(void *ctx, const amq_parquet_chunk *c)
{
    const lister *l = ctx;
    const amq_parquet_column col = {c->row_group, c->column, c->has_meta ? c->path : "(encrypted)",
                                    c->has_meta ? amq_parquet_type_name(c->type) : "unknown",
                                    c->has_meta ? key_type_of(c->type) : NULL, c->num_values, c->bloom_offset,
                                    c->bloom_length};
    return l->fn(l->ctx, &col);
}

amq_status amq_parquet_file_columns(const char *path, int (*fn)(void *ctx, const amq_parquet_column *c), void *ctx)
{
    if (!fn)
        return amq_fail(AMQ_E_INVALID_ARG, "parquet: NULL callback");
    parquet_file p;
    amq_status s = file_open(&p, path);
    if (s != AMQ_OK)
        return s;
    lister l = {fn, ctx};
    const amq_parquet_visitor v = {list_chunk, NULL, &l};
    s = amq_parquet_footer_walk(p.footer, p.footer_len, p.src, &v, NULL);
    file_close(&p);
    return s;
}

/* The search for one column chunk, and what to say when it is not there. */
typedef struct finder {
    const char *column;
    uint64_t row_group, groups;
    amq_parquet_chunk found;
    int hit;
    char names[400]; /* the row group's columns, for the message */
} finder;

static int find_chunk(void *ctx, const amq_parquet_chunk *c)
{
    finder *f = ctx;
    if (c->row_group != f->row_group)
        return 0;
    /* "'a', 'b', ...", cut to fit */
    const size_t used = strlen(f->names), room = sizeof f->names - 1 - used, plen = strlen(c->path);
    if (room >= plen + 4) {
        char *o = f->names + used;
        if (used)
            *o++ = ',', *o++ = ' ';
        *o++ = '\'';
        memcpy(o, c->path, plen);
        o[plen] = '\'';
        o[plen + 1] = 0;
    }
    if (c->has_meta && !strcmp(c->path, f->column)) {
        f->found = *c;
        f->hit = 1;
        return 1;
    }
    return 0;
}

static int count_group(void *ctx, uint64_t row_group, int64_t rows)
{
    (void)rows;
    ((finder *)ctx)->groups = row_group + 1;
    return 0;
}

amq_status amq_parquet_import_column(amq_split_block **out, const char *path, const char *column,
                                     uint64_t row_group)
{
    if (!out || !column)
        return amq_fail(AMQ_E_INVALID_ARG, "parquet import: NULL argument");
    parquet_file p;
    amq_status s = file_open(&p, path);
    if (s != AMQ_OK)
        return s;
    finder *f = calloc(1, sizeof *f);
    if (!f) {
        file_close(&p);
        return amq_fail(AMQ_E_NOMEM, "parquet import: out of memory");
    }
    f->column = column;
    f->row_group = row_group;
    const amq_parquet_visitor v = {find_chunk, count_group, f};
    s = amq_parquet_footer_walk(p.footer, p.footer_len, p.src, &v, NULL);
    const amq_parquet_chunk *c = &f->found;
    if (s != AMQ_OK) {
        /* the walk's message */
    } else if (!f->hit && row_group >= f->groups)
        s = amq_fail(AMQ_E_INVALID_ARG, "%s has %llu row groups (0 to %lld); there is no row group %llu", p.src,
                     (unsigned long long)f->groups, (long long)f->groups - 1, (unsigned long long)row_group);
    else if (!f->hit)
        s = amq_fail(AMQ_E_INVALID_ARG, "%s: row group %llu has no column '%.200s' (its columns: %s)", p.src,
                     (unsigned long long)row_group, column, f->names);
    else if (c->bloom_offset < 0)
        s = amq_fail(AMQ_E_INVALID_ARG, "%s: column '%.200s' of row group %llu has no bloom filter (the writer wrote "
                                        "none)", p.src, column, (unsigned long long)row_group);
    else if (c->bloom_offset < 4 || (uint64_t)c->bloom_offset >= p.data_end)
        s = amq_fail(AMQ_E_BAD_PARAMS, "%s: column '%.200s' of row group %llu: bloom_filter_offset %lld is outside "
                                       "the file's data (bytes 4 to %llu)", p.src, column,
                     (unsigned long long)row_group, (long long)c->bloom_offset, (unsigned long long)p.data_end);
    else {
        const uint64_t avail = p.data_end - (uint64_t)c->bloom_offset;
        char src[800];
        snprintf(src, sizeof src, "%s, column '%.200s' of row group %llu", p.src, column,
                 (unsigned long long)row_group);
        if (c->bloom_length >= 0 && (uint64_t)c->bloom_length > avail)
            s = amq_fail(AMQ_E_BAD_PARAMS, "%s: bloom_filter_length %lld reaches past the file's data (%llu bytes "
                                           "left before the footer)", src, (long long)c->bloom_length,
                         (unsigned long long)avail);
        else
            s = read_blob(out, p.in, src, (uint64_t)c->bloom_offset,
                          c->bloom_length >= 0 ? (uint64_t)c->bloom_length : avail, c->bloom_length >= 0);
    }
    free(f);
    file_close(&p);
    return s;
}
