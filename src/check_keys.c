/* The open checker's keys (amq/check_impl.h): the formats a key number is written in, and
 * key lists read from a file.  Every format is one-to-one, and a list is refused if a key
 * repeats, so the keys of a run are distinct whatever their source. */
#include <lib_internal/check_impl.h>
#include <lib_internal/fail.h>
#include <amq/stats.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

static const char *const KEY_FORMATS[AMQ_KEYS_FORMATS] = {"le",     "be",  "random8", "random16",
                                                         "decimal", "hex", "varlen",  "file"};

const char *amq_key_format_name(amq_key_format k) { return k < AMQ_KEYS_FORMATS ? KEY_FORMATS[k] : "?"; }

amq_status amq_key_format_parse(const char *name, amq_key_format *out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_key_format_parse: NULL output");
    for (int k = 0; name && k < AMQ_KEYS_FORMATS; k++)
        if (!strcmp(name, KEY_FORMATS[k])) {
            *out = (amq_key_format)k;
            return AMQ_OK;
        }
    return amq_fail(AMQ_E_INVALID_ARG,
                    "unknown key format '%s' (one of: le, be, random8, random16, decimal, hex, varlen, file)",
                    name ? name : "(null)");
}

/* SplitMix64's finaliser: a bijection of 64-bit words, so distinct counters stay distinct. */
static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static void put_le(unsigned char *out, uint64_t v)
{
    for (unsigned i = 0; i < 8; i++)
        out[i] = (unsigned char)(v >> (8 * i));
}

/* ---- key lists ---- */

struct amq_key_list {
    uint64_t count;
    unsigned char *bytes; /* the keys one after another                 */
    uint64_t *start;      /* key i is bytes[start[i] .. start[i + 1])    */
};

uint64_t amq_key_list_count(const amq_key_list *l) { return l ? l->count : 0; }

void amq_key_list_free(amq_key_list *l)
{
    if (l) {
        free(l->bytes);
        free(l->start);
        free(l);
    }
}

static int key_equal(const amq_key_list *l, uint64_t a, uint64_t b)
{
    const uint64_t la = l->start[a + 1] - l->start[a], lb = l->start[b + 1] - l->start[b];
    return la == lb && !memcmp(l->bytes + l->start[a], l->bytes + l->start[b], la);
}

/* The first repeated key, as line numbers (1-based) of its two copies: 0 if none.  An open
 * hash table of key numbers, twice the keys' count: expected O(1) probes per key. */
static amq_status find_repeat(const amq_key_list *l, uint64_t *first, uint64_t *again)
{
    *first = *again = 0;
    if (l->count > (UINT64_MAX >> 4) / sizeof(uint64_t))
        return amq_fail(AMQ_E_TOO_LARGE, "key list: %llu keys are too many", (unsigned long long)l->count);
    uint64_t size = 16;
    while (size < 2 * l->count)
        size *= 2;
    uint64_t *slot = malloc(size * sizeof *slot); /* key number + 1; 0 = empty */
    if (!slot)
        return amq_fail(AMQ_E_NOMEM, "key list: out of memory for %llu keys", (unsigned long long)l->count);
    memset(slot, 0, size * sizeof *slot);
    for (uint64_t i = 0; i < l->count && !*again; i++) {
        uint64_t h = XXH3_64bits(l->bytes + l->start[i], l->start[i + 1] - l->start[i]) & (size - 1);
        for (; slot[h]; h = (h + 1) & (size - 1))
            if (key_equal(l, slot[h] - 1, i)) {
                *first = slot[h];
                *again = i + 1;
                break;
            }
        if (!*again)
            slot[h] = i + 1;
    }
    free(slot);
    return AMQ_OK;
}

/* buf grown to hold need units (doubling: at most twice what is read): the buffer to use,
 * or NULL when out of memory (buf is then still valid, and still the caller's). */
static void *grow(void *buf, uint64_t *cap, uint64_t need, size_t unit)
{
    if (need <= *cap)
        return buf;
    uint64_t c = *cap ? 2 * *cap : 4096;
    while (c < need)
        c *= 2;
    void *b = c <= SIZE_MAX / unit ? realloc(buf, (size_t)(c * unit)) : NULL;
    if (b)
        *cap = c;
    return b;
}

/* One line: its bytes appended, its end recorded.  0, or an error with the line's number. */
static amq_status end_line(amq_key_list *l, uint64_t *starts_cap, uint64_t *len, const char *name)
{
    const uint64_t line = l->count + 1;
    if (*len > 0 && l->bytes[l->start[l->count] + *len - 1] == '\r')
        --*len; /* CRLF files: the CR is not part of the key */
    if (*len == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "key list '%s': line %llu is empty (a key has at least one byte)", name,
                        (unsigned long long)line);
    if (*len > AMQ_IMPL_CHECK_KEY_MAX)
        return amq_fail(AMQ_E_INVALID_ARG, "key list '%s': line %llu is longer than %u bytes", name,
                        (unsigned long long)line, AMQ_IMPL_CHECK_KEY_MAX);
    uint64_t *start = grow(l->start, starts_cap, l->count + 2, sizeof *l->start);
    if (!start)
        return amq_fail(AMQ_E_NOMEM, "key list '%s': out of memory at line %llu", name, (unsigned long long)line);
    l->start = start;
    l->start[l->count + 1] = l->start[l->count] + *len;
    l->count++;
    *len = 0;
    return AMQ_OK;
}

static amq_status read_lines(FILE *in, const char *name, amq_key_list *l)
{
    uint64_t cap = 0, starts_cap = 0, len = 0;
    if (!(l->start = grow(NULL, &starts_cap, 1, sizeof *l->start)))
        return amq_fail(AMQ_E_NOMEM, "key list '%s': out of memory", name);
    l->start[0] = 0;
    errno = 0;
    for (int c; (c = getc(in)) != EOF;) {
        if (c == '\n') {
            const amq_status st = end_line(l, &starts_cap, &len, name);
            if (st != AMQ_OK)
                return st;
            continue;
        }
        if (len == AMQ_IMPL_CHECK_KEY_MAX + 1u) /* room for one CR after the longest key */
            return amq_fail(AMQ_E_INVALID_ARG, "key list '%s': line %llu is longer than %u bytes", name,
                            (unsigned long long)l->count + 1, AMQ_IMPL_CHECK_KEY_MAX);
        const uint64_t at = l->start[l->count] + len;
        unsigned char *bytes = grow(l->bytes, &cap, at + 1, 1);
        if (!bytes)
            return amq_fail(AMQ_E_NOMEM, "key list '%s': out of memory at line %llu", name,
                            (unsigned long long)l->count + 1);
        l->bytes = bytes;
        l->bytes[at] = (unsigned char)c;
        len++;
    }
    if (ferror(in)) /* say why: a directory opens for reading, then fails with EISDIR */
        return amq_fail(AMQ_E_IO, "key list '%s': read error after %llu keys: %s", name, (unsigned long long)l->count,
                        strerror(errno ? errno : EIO));
    if (len > 0) { /* a last line without its newline */
        const amq_status st = end_line(l, &starts_cap, &len, name);
        if (st != AMQ_OK)
            return st;
    }
    return AMQ_OK;
}

amq_status amq_key_list_read(FILE *in, const char *name, amq_key_list **out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "key list: NULL argument");
    *out = NULL;
    if (!in)
        return amq_fail(AMQ_E_INVALID_ARG, "key list: NULL argument");
    if (!name)
        name = "(stream)";
    amq_key_list *l = calloc(1, sizeof *l);
    if (!l)
        return amq_fail(AMQ_E_NOMEM, "key list '%s': out of memory", name);
    amq_status st = read_lines(in, name, l);
    if (st == AMQ_OK && l->count == 0)
        st = amq_fail(AMQ_E_INVALID_ARG, "key list '%s': no keys", name);
    uint64_t first = 0, again = 0;
    if (st == AMQ_OK)
        st = find_repeat(l, &first, &again);
    if (st == AMQ_OK && again)
        st = amq_fail(AMQ_E_INVALID_ARG, "key list '%s': line %llu repeats the key of line %llu (keys must be distinct)",
                      name, (unsigned long long)again, (unsigned long long)first);
    if (st != AMQ_OK) {
        amq_key_list_free(l);
        return st;
    }
    *out = l;
    return AMQ_OK;
}

/* ---- one key of the run ---- */

const unsigned char *amq_check_key(const amq_impl_check_config *cfg, uint64_t f, uint64_t rel, unsigned char *scratch,
                                   size_t *len)
{
    const uint64_t number = f * amq_impl_check_keys_per_filter(cfg) + rel;
    if (cfg->keys == AMQ_KEYS_LIST) { /* validated: number < the list's count */
        const amq_key_list *l = cfg->key_list;
        *len = (size_t)(l->start[number + 1] - l->start[number]);
        return l->bytes + l->start[number];
    }
    uint64_t st = cfg->seed ^ UINT64_C(0x6b65797362617365); /* "keysbase" */
    const uint64_t v = amq_splitmix64(&st) + number;
    char text[24];
    *len = 8;
    switch (cfg->keys) {
    case AMQ_KEYS_BE:
        for (unsigned i = 0; i < 8; i++)
            scratch[i] = (unsigned char)(v >> (56 - 8 * i));
        break;
    case AMQ_KEYS_RANDOM8: put_le(scratch, mix(v)); break;
    case AMQ_KEYS_RANDOM16:
        put_le(scratch, mix(v));
        put_le(scratch + 8, mix(v ^ UINT64_C(0x5bd1e9955bd1e995)));
        *len = 16;
        break;
    case AMQ_KEYS_DECIMAL:
    case AMQ_KEYS_HEX:
        *len = (size_t)snprintf(text, sizeof text, cfg->keys == AMQ_KEYS_HEX ? "%016llx" : "%llu", (unsigned long long)v);
        memcpy(scratch, text, *len);
        break;
    case AMQ_KEYS_VARLEN: {
        /* the counter first: distinct whatever the tail; the tail's bytes and length vary */
        const uint64_t t = mix(v ^ UINT64_C(0x7661726c656e6774)); /* "varlengt" */
        put_le(scratch, v);
        *len = 8 + (size_t)(t % 25);
        for (size_t i = 8; i < *len; i++)
            scratch[i] = (unsigned char)(mix(t + i) >> 56);
        break;
    }
    default: put_le(scratch, v); break;
    }
    return scratch;
}
