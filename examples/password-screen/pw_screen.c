/* The password screen (pw_screen.h): a Bloom filter in front of an exact search. */
#include "pw_screen.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pw_entry {
    const char *p;
    size_t len;
} pw_entry;

struct pw_screen {
    char *text;       /* the file's bytes; entries point into it */
    pw_entry *list;   /* distinct passwords, sorted              */
    uint64_t n, lines;
    amq_filter *filter;
    double target;
    pw_screen_counts counts;
};

/* Byte order, then the shorter first. */
static int entry_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
    const int c = memcmp(a, b, alen < blen ? alen : blen);
    if (c != 0)
        return c;
    return (alen > blen) - (alen < blen);
}

static int entry_order(const void *x, const void *y)
{
    const pw_entry *a = x, *b = y;
    return entry_cmp(a->p, a->len, b->p, b->len);
}

static int fail(char *err, size_t err_len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t err_len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && err_len)
        vsnprintf(err, err_len, fmt, ap);
    va_end(ap);
    return -1;
}

/* The whole file in a malloc'd buffer, its length in *len. */
static char *read_all(const char *path, size_t *len, char *err, size_t err_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail(err, err_len, "cannot open the password list '%s': %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - 1 - n, f);
        if (n < cap - 1)
            break;
        char *bigger = cap < SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    const int bad = ferror(f);
    const int saved = errno;
    fclose(f);
    if (!buf) {
        fail(err, err_len, "out of memory reading the password list '%s'", path);
        return NULL;
    }
    if (bad) {
        free(buf);
        fail(err, err_len, "cannot read the password list '%s': %s", path, strerror(saved));
        return NULL;
    }
    *len = n;
    return buf;
}

/* Split text into lines (a CR before the newline dropped), skip the empty ones, sort and
 * drop duplicates. */
static int split_lines(pw_screen *s, size_t len, char *err, size_t err_len)
{
    uint64_t cap = 1;
    for (size_t i = 0; i < len; i++)
        cap += s->text[i] == '\n';
    s->list = malloc(cap * sizeof *s->list);
    if (!s->list)
        return fail(err, err_len, "out of memory for %llu list entries", (unsigned long long)cap);
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && s->text[i] != '\n')
            continue;
        if (i == len && start == len) /* the file ends with a newline: no further line */
            break;
        size_t end = i;
        if (end > start && s->text[end - 1] == '\r')
            end--;
        s->lines++;
        if (end > start)
            s->list[s->n++] = (pw_entry){s->text + start, end - start};
        start = i + 1;
    }
    qsort(s->list, s->n, sizeof *s->list, entry_order);
    uint64_t kept = 0;
    for (uint64_t i = 0; i < s->n; i++)
        if (kept == 0 || entry_order(&s->list[kept - 1], &s->list[i]) != 0)
            s->list[kept++] = s->list[i];
    s->n = kept;
    return 0;
}

int pw_screen_open(pw_screen **out, const char *path, double target, uint64_t seed, char *err, size_t err_len)
{
    if (!out || !path)
        return fail(err, err_len, "pw_screen_open: NULL argument");
    if (!(target > 0.0 && target < 1.0))
        return fail(err, err_len, "the target fallback rate must lie strictly between 0 and 1 (got %g)", target);
    const amq_structure *bloom = amq_structure_find("bloom");
    if (!bloom)
        return fail(err, err_len, "this amqcert has no Bloom filter");
    pw_screen *s = calloc(1, sizeof *s);
    if (!s)
        return fail(err, err_len, "out of memory");
    size_t len = 0;
    s->text = read_all(path, &len, err, err_len);
    if (!s->text || split_lines(s, len, err, err_len) != 0) {
        pw_screen_free(s);
        return -1;
    }
    if (s->n == 0) {
        if (s->lines == 0)
            fail(err, err_len, "the password list '%s' is empty", path);
        else
            fail(err, err_len, "the password list '%s' holds no password (its %llu lines are empty)", path,
                 (unsigned long long)s->lines);
        pw_screen_free(s);
        return -1;
    }
    amq_params p;
    amq_params_init(&p, bloom);
    p.seed = seed;
    double achieved = 0;
    if (amq_filter_create_for(&s->filter, bloom, s->n, target, &p, &achieved) != AMQ_OK) {
        fail(err, err_len, "cannot size a Bloom filter for %llu passwords at fallback rate %g: %s",
             (unsigned long long)s->n, target, amq_last_error());
        s->filter = NULL;
        pw_screen_free(s);
        return -1;
    }
    for (uint64_t i = 0; i < s->n; i++)
        if (amq_filter_add(s->filter, s->list[i].p, s->list[i].len) != AMQ_OK) {
            fail(err, err_len, "adding password %llu to the filter: %s", (unsigned long long)i, amq_last_error());
            pw_screen_free(s);
            return -1;
        }
    s->target = target;
    *out = s;
    return 0;
}

void pw_screen_free(pw_screen *s)
{
    if (!s)
        return;
    amq_filter_free(s->filter);
    free(s->list);
    free(s->text);
    free(s);
}

int pw_screen_listed(const pw_screen *s, const char *pw, size_t len)
{
    uint64_t lo = 0, hi = s->n; /* the password, if listed, is in list[lo .. hi) */
    while (lo < hi) {
        const uint64_t mid = lo + (hi - lo) / 2;
        const int c = entry_cmp(pw, len, s->list[mid].p, s->list[mid].len);
        if (c == 0)
            return 1;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return 0;
}

int pw_screen_check(pw_screen *s, const char *pw, size_t len)
{
    s->counts.checks++;
    if (!amq_filter_query(s->filter, pw, len)) {
        s->counts.fast++;
        return PW_NOT_LISTED_FAST;
    }
    if (pw_screen_listed(s, pw, len)) {
        s->counts.listed++;
        return PW_LISTED;
    }
    s->counts.slow++;
    return PW_NOT_LISTED_SLOW;
}

uint64_t pw_screen_size(const pw_screen *s) { return s->n; }
uint64_t pw_screen_lines(const pw_screen *s) { return s->lines; }

const char *pw_screen_at(const pw_screen *s, uint64_t i, size_t *len)
{
    *len = s->list[i].len;
    return s->list[i].p;
}

const amq_filter *pw_screen_filter(const pw_screen *s) { return s->filter; }
double pw_screen_target(const pw_screen *s) { return s->target; }
void pw_screen_counts_get(const pw_screen *s, pw_screen_counts *c) { *c = s->counts; }
