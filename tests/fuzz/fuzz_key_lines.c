/* Fuzz the CLI's key reader (tools/cli/keys.c) against a reference splitter.  Input: byte 0
 * is the key length limit (0..255, so the fuzzer reaches it), byte 1 the key at which the
 * callback asks to stop (0: never), the rest the text read.  Checks every key's bytes and
 * length, the stop and too-long results, and the reported line number. */
#include "../../tools/cli/cli.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct expect {
    const uint8_t *text;
    size_t len, pos; /* reference cursor into text */
    size_t max_len;
    uint64_t keys, stop_at;
};

/* The reference: the next line from pos (without '\n' and one '\r' before it). */
static int ref_next(struct expect *x, const uint8_t **key, size_t *klen)
{
    if (x->pos >= x->len)
        return 0;
    const uint8_t *start = x->text + x->pos, *nl = memchr(start, '\n', x->len - x->pos);
    size_t l = nl ? (size_t)(nl - start) : x->len - x->pos;
    x->pos += l + (nl ? 1 : 0);
    if (l > 0 && start[l - 1] == '\r')
        l--;
    *key = start;
    *klen = l;
    return 1;
}

static int on_key(void *ctx, const char *key, size_t len)
{
    struct expect *x = ctx;
    const uint8_t *want;
    size_t wlen;
    if (!ref_next(x, &want, &wlen) || wlen != len || wlen > x->max_len || memcmp(want, key, len) != 0)
        abort();
    x->keys++;
    return x->keys == x->stop_at ? 7 : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    if (len < 3)
        return 0;
    struct expect x = {data + 2, len - 2, 0, data[0], 0, data[1]};
    FILE *in = fmemopen((void *)(data + 2), len - 2, "r");
    if (!in)
        abort();
    uint64_t line = 0;
    const int rc = cli_read_keys(in, x.max_len, on_key, &x, &line);
    fclose(in);
    /* what the reference says should have happened after the keys the callback saw */
    const uint8_t *k;
    size_t kl;
    int want_rc = 0;
    uint64_t want_line = x.keys;
    if (x.stop_at && x.keys == x.stop_at)
        want_rc = 7;
    else if (ref_next(&x, &k, &kl)) {
        if (kl <= x.max_len)
            abort(); /* the reader stopped before a line it should have passed on */
        want_rc = CLI_KEYS_TOO_LONG;
        want_line = x.keys + 1;
    }
    if (rc != want_rc || line != want_line)
        abort();
    return 0;
}
