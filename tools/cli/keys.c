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
