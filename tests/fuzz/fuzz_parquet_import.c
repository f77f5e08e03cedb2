/* Fuzz the Parquet importer (amq/parquet.h, lib_internal/parquet_thrift.h) on any bytes:
 *   - amq_parquet_import: a refused blob leaves no filter and a message; an imported one
 *     used h + numBytes bytes, its bitset is those last numBytes bytes (its export ends with
 *     them), and its export imports back to the same bytes;
 *   - amq_parquet_footer_walk: every reported path is NUL-terminated within its buffer, the
 *     row groups are reported in order, and a refusal leaves a message;
 *   - amq_parquet_key_encode: int32 and int64 against a reference (['-'] digits, strtoll,
 *     the range), hex against a reference decoder; float and double for crashes only. */
#include <lib_internal/parquet_thrift.h>
#include <amq/parquet.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void import_blob(const uint8_t *data, size_t len)
{
    amq_split_block *f = (amq_split_block *)0x1;
    size_t used = 0;
    if (amq_parquet_import(&f, data, len, &used) != AMQ_OK) {
        if (f != (amq_split_block *)0x1 || !*amq_last_error())
            abort();
        return;
    }
    const uint64_t nb = amq_split_block_nblocks(f) * 32;
    if (used > len || used < nb + 15)
        abort();
    const size_t size = (size_t)amq_parquet_blob_size(f);
    uint8_t *a = malloc(size), *b = malloc(size);
    size_t la, lb, used2;
    amq_split_block *g;
    if (!a || !b || amq_parquet_export(f, a, size, &la) != AMQ_OK || la != size ||
        memcmp(a + size - nb, data + used - nb, (size_t)nb) != 0 || amq_parquet_import(&g, a, la, &used2) != AMQ_OK ||
        used2 != la || amq_parquet_export(g, b, size, &lb) != AMQ_OK || lb != la || memcmp(a, b, la) != 0)
        abort();
    amq_split_block_free(g);
    amq_split_block_free(f);
    free(a);
    free(b);
}

typedef struct walk_state {
    uint64_t groups;
} walk_state;

static int on_chunk(void *ctx, const amq_parquet_chunk *c)
{
    const walk_state *w = ctx;
    if (!memchr(c->path, 0, sizeof c->path) || c->row_group != w->groups)
        abort();
    return 0;
}

static int on_group(void *ctx, uint64_t row_group, int64_t rows)
{
    walk_state *w = ctx;
    if (row_group != w->groups++ || rows < 0)
        abort();
    return 0;
}

static void walk_footer(const uint8_t *data, size_t len)
{
    walk_state w = {0};
    const amq_parquet_visitor v = {on_chunk, on_group, &w};
    int stopped = 1;
    if (amq_parquet_footer_walk(data, len, "fuzz", &v, &stopped) != AMQ_OK && !*amq_last_error())
        abort();
    if (stopped)
        abort(); /* the callbacks never ask to stop */
}

/* The reference integer grammar: ['-'] digits, the value in [-2^(bits-1), 2^(bits-1) - 1]. */
static int ref_integer(const uint8_t *s, size_t len, unsigned bits, int64_t *v)
{
    size_t i = len && s[0] == '-';
    if (i == len)
        return 0;
    for (size_t j = i; j < len; j++)
        if (s[j] < '0' || s[j] > '9')
            return 0;
    char buf[32];
    size_t k = 0, j = i;
    if (i)
        buf[k++] = '-';
    while (j + 1 < len && s[j] == '0') /* leading zeros: any number of them */
        j++;
    if (len - j > 19)
        return 0; /* 10^19 > 2^63 */
    memcpy(buf + k, s + j, len - j);
    buf[k + len - j] = 0;
    errno = 0;
    const long long x = strtoll(buf, NULL, 10);
    if (errno == ERANGE)
        return 0;
    if (bits == 32 && (x < INT32_MIN || x > INT32_MAX))
        return 0;
    *v = x;
    return 1;
}

static int hex_value(uint8_t c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static void keys(const uint8_t *data, size_t len)
{
    unsigned char out[8];
    size_t n;
    for (int t = AMQ_PARQUET_KEY_INT32; t <= AMQ_PARQUET_KEY_INT64; t++) {
        const unsigned bits = t == AMQ_PARQUET_KEY_INT32 ? 32 : 64;
        int64_t want = 0;
        const int ok = amq_parquet_key_encode((amq_parquet_key_type)t, (const char *)data, len, out, 8, &n) == AMQ_OK;
        if (ok != ref_integer(data, len, bits, &want))
            abort();
        uint64_t got = 0;
        for (unsigned i = 0; ok && i < bits / 8; i++)
            got |= (uint64_t)out[i] << (8 * i);
        if (ok && (n != bits / 8 || got != ((uint64_t)want & (bits == 32 ? 0xffffffffu : UINT64_MAX))))
            abort();
    }
    unsigned char *h = malloc(len / 2 + 1);
    if (!h)
        abort();
    int ref = len % 2 == 0;
    for (size_t i = 0; i < len; i++)
        ref = ref && hex_value(data[i]) >= 0;
    const int ok = amq_parquet_key_encode(AMQ_PARQUET_KEY_HEX, (const char *)data, len, h, len / 2, &n) == AMQ_OK;
    if (ok != ref || (ok && n != len / 2))
        abort();
    for (size_t i = 0; ok && i < n; i++)
        if (h[i] != (hex_value(data[2 * i]) << 4 | hex_value(data[2 * i + 1])))
            abort();
    free(h);
    amq_parquet_key_encode(AMQ_PARQUET_KEY_FLOAT, (const char *)data, len, out, 8, &n);
    amq_parquet_key_encode(AMQ_PARQUET_KEY_DOUBLE, (const char *)data, len, out, 8, &n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    import_blob(data, len);
    walk_footer(data, len);
    keys(data, len);
    return 0;
}
