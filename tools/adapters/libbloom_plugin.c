/* jvirkki's libbloom (Debian libbloom-dev) as a C plugin (amq/plugin.h):
 *
 *     amq check --plugin build/adapters/libbloom-plugin.so --plugin-arg 'entries=1000 error=0.01' \
 *               --model bloom -m 9585 -k 7 -n 1000
 *
 * libbloom sizes itself from (entries, error): bits = entries * ln(1/error) / ln(2)^2 and
 * hashes = ceil(ln(2) * bits per entry); describe() reports them, and they are the model's
 * m and k.  It has no seed (murmurhash2 with a fixed seed): amqcert's keys differ across
 * filters, which makes the filters independent under the uniform-hash model all the same.
 * Its add/check take an int length and it refuses entries < 1000. */
#include <amq/plugin.h>
#include <bloom.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct handle {
    struct bloom b;
    char line[160];
} handle;

static void *create(uint64_t seed, const char *arg, char *err, size_t errlen)
{
    (void)seed; /* libbloom hashes with a fixed seed */
    long entries = 0;
    double error = 0;
    if (!arg || sscanf(arg, "entries=%ld error=%lf", &entries, &error) != 2) {
        snprintf(err, errlen, "--plugin-arg must be 'entries=N error=P' (got '%s')", arg ? arg : "");
        return NULL;
    }
    if (entries < 1000 || entries > 0x7fffffffL || !(error > 0 && error < 1)) {
        snprintf(err, errlen, "libbloom needs 1000 <= entries < 2^31 and 0 < error < 1");
        return NULL;
    }
    handle *h = calloc(1, sizeof *h);
    if (!h || bloom_init(&h->b, (int)entries, error) != 0) {
        snprintf(err, errlen, "bloom_init(%ld, %g) failed", entries, error);
        free(h);
        return NULL;
    }
    snprintf(h->line, sizeof h->line, "m=%d k=%d (libbloom %s, murmurhash2 double hashing)", h->b.bits, h->b.hashes,
             bloom_version());
    return h;
}

static int add(void *o, const void *key, size_t len)
{
    return len > 0x7fffffff || bloom_add(&((handle *)o)->b, key, (int)len) < 0 ? -1 : 0;
}

static int query(void *o, const void *key, size_t len)
{
    return len > 0x7fffffff ? -1 : bloom_check(&((handle *)o)->b, key, (int)len);
}

static void destroy(void *o)
{
    handle *h = o;
    bloom_free(&h->b);
    free(h);
}

static const char *describe(void *o) { return ((handle *)o)->line; }

static const amq_plugin plugin = {
    AMQ_PLUGIN_ABI_VERSION, sizeof(amq_plugin), "libbloom", create, add, query, NULL, destroy, describe, NULL, NULL,
};

AMQ_PLUGIN_EXPORT const amq_plugin *amq_plugin_entry(void) { return &plugin; }
