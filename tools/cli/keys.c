/* Reading keys from standard input, one per line, with a bounded line length. */
#include "cli.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cli_read_keys(FILE *in, size_t max_len, int (*fn)(void *ctx, const char *key, size_t len), void *ctx,
                  uint64_t *line)
{
    /* A line holds the key and possibly one '\r' before its '\n': max_len + 1 bytes at most. */
    const size_t limit = max_len + 1;
    size_t cap = limit < 64 ? limit : 64, len = 0;
    char *buf = malloc(cap ? cap : 1);
    uint64_t n = 0;
    int rc = buf ? 0 : CLI_KEYS_READ_ERROR, c = 0, pending = 0;
    flockfile(in);
    while (rc == 0) {
        c = getc_unlocked(in);
        if (c != EOF && !pending) {
            pending = 1; /* a line has started */
            n++;
        }
        if (c == EOF || c == '\n') {
            if (!pending)
                break; /* end of input after a complete line (or empty input) */
            if (len > 0 && buf[len - 1] == '\r')
                len--;
            if (len > max_len)
                rc = CLI_KEYS_TOO_LONG;
            else
                rc = fn(ctx, buf, len);
            len = 0;
            pending = 0;
            if (c == EOF)
                break;
            continue;
        }
        if (len == limit) {
            rc = CLI_KEYS_TOO_LONG;
            break;
        }
        if (len == cap) {
            size_t grown = cap > limit / 2 ? limit : 2 * cap;
            char *b = realloc(buf, grown);
            if (!b) {
                rc = CLI_KEYS_READ_ERROR;
                break;
            }
            buf = b;
            cap = grown;
        }
        buf[len++] = (char)c;
    }
    if (rc == 0 && ferror(in))
        rc = CLI_KEYS_READ_ERROR;
    funlockfile(in);
    free(buf);
    if (line)
        *line = n;
    return rc;
}

int cli_each_line(int (*fn)(void *ctx, const char *key, size_t len), void *ctx)
{
    uint64_t line = 0;
    errno = 0;
    int rc = cli_read_keys(stdin, CLI_MAX_KEY_BYTES, fn, ctx, &line);
    if (rc == CLI_KEYS_TOO_LONG)
        fprintf(stderr, "amq: standard input, line %llu: the key is longer than the limit of %zu bytes\n",
                (unsigned long long)line, CLI_MAX_KEY_BYTES);
    else if (rc == CLI_KEYS_READ_ERROR)
        fprintf(stderr, "amq: standard input, line %llu: %s\n", (unsigned long long)line,
                errno ? strerror(errno) : "read error");
    return rc == CLI_KEYS_TOO_LONG || rc == CLI_KEYS_READ_ERROR ? -1 : rc;
}

/* The typed layer over cli_each_line: converts, then calls the command's function.  A bad
 * value stops the reading with BAD_VALUE (not cli_each_line's -1, which means a read error). */
#define BAD_VALUE (-3)
struct typed_keys {
    amq_parquet_key_type type;
    cli_key_fn fn;
    void *ctx;
    uint64_t line;
    unsigned char *buf; /* the plain encoding (hex: at most half a line) */
    size_t cap;
};

static int typed_key(void *ctx, const char *line, size_t len)
{
    struct typed_keys *t = ctx;
    t->line++;
    if (t->type == AMQ_PARQUET_KEY_BYTES)
        return t->fn(t->ctx, line, len, line, len);
    size_t n;
    if (amq_parquet_key_encode(t->type, line, len, t->buf, t->cap, &n) != AMQ_OK) {
        fprintf(stderr, "amq: standard input, line %llu: '", (unsigned long long)t->line);
        cli_put_key_escaped(stderr, line, len);
        fprintf(stderr, "': %s (--key-type %s)\n", amq_last_error(), amq_parquet_key_type_name(t->type));
        return BAD_VALUE;
    }
    return t->fn(t->ctx, (const char *)t->buf, n, line, len);
}

int cli_each_key(amq_parquet_key_type type, cli_key_fn fn, void *ctx)
{
    struct typed_keys t = {type, fn, ctx, 0, NULL, type == AMQ_PARQUET_KEY_HEX ? CLI_MAX_KEY_BYTES / 2 : 8};
    if (type != AMQ_PARQUET_KEY_BYTES && !(t.buf = malloc(t.cap))) {
        fputs("amq: out of memory\n", stderr);
        return -1;
    }
    const int rc = cli_each_line(typed_key, &t);
    free(t.buf);
    return rc == BAD_VALUE ? -1 : rc;
}

int cli_key_type(const char *cmd, const char *name, amq_parquet_key_type *t)
{
    if (amq_parquet_key_type_parse(name, t) == AMQ_OK)
        return 1;
    fprintf(stderr, "amq %s: invalid value for --key-type: %s\n", cmd, amq_last_error());
    return 0;
}

void cli_put_key_raw(FILE *f, const char *key, size_t len) { fwrite(key, 1, len, f); }

void cli_put_key_escaped(FILE *f, const char *key, size_t len)
{
    const size_t shown = len > 200 ? 200 : len;
    for (size_t i = 0; i < shown; i++) {
        const unsigned char c = (unsigned char)key[i];
        if (c == '\\')
            fputs("\\\\", f);
        else if (c == '\t')
            fputs("\\t", f);
        else if (c == '\r')
            fputs("\\r", f);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c >= 0x20 && c < 0x7f)
            fputc(c, f);
        else
            fprintf(f, "\\x%02x", c);
    }
    if (shown < len)
        fputs("...", f);
}
