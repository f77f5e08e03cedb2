/* amqcert's own structures as a C plugin (amq/plugin.h), so that `amq check --plugin`
 * checks them through the same path as any third-party library:
 *
 *     amq check --plugin build/adapters/amq-plugin.so --plugin-arg 'bloom m=1000 k=5' \
 *               --model bloom -m 1000 -k 5 -n 100
 *
 * --plugin-arg: a structure of the registry, then its parameters as KEY=VALUE (a hash
 * strategy by name).  Built against libamq's position-independent objects into one
 * self-contained library that exports only amq_plugin_entry. */
#include <amq/filter.h>
#include <amq/hash.h>
#include <amq/plugin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct handle {
    amq_filter *f;
    char error[256];
    char line[256];
} handle;

/* "bloom m=1000 k=5 hash=double" into a structure and its parameters. */
static int parse_arg(const char *arg, const amq_structure **s, amq_params *p, char *err, size_t errlen)
{
    char buf[512];
    if (!arg || !*arg) {
        snprintf(err, errlen, "--plugin-arg must name a structure and its parameters, e.g. 'bloom m=1000 k=5'");
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", arg);
    char *save = NULL, *tok = strtok_r(buf, " ", &save);
    if (!tok || !(*s = amq_structure_find(tok))) {
        snprintf(err, errlen, "unknown structure '%s'", tok ? tok : "");
        return -1;
    }
    amq_params_init(p, *s);
    while ((tok = strtok_r(NULL, " ", &save))) {
        char *eq = strchr(tok, '=');
        if (!eq) {
            snprintf(err, errlen, "expected KEY=VALUE, got '%s'", tok);
            return -1;
        }
        *eq = 0;
        const int i = amq_structure_param_index(*s, tok);
        if (i < 0) {
            snprintf(err, errlen, "%s has no parameter '%s'", amq_structure_name(*s), tok);
            return -1;
        }
        amq_hash_strategy h;
        if (amq_structure_param(*s, (size_t)i)->flags & AMQ_PARAM_HASH) {
            if (amq_hash_parse(eq + 1, &h) != AMQ_OK) {
                snprintf(err, errlen, "%s", amq_last_error());
                return -1;
            }
            p->v[i] = (uint64_t)h;
        } else {
            char *end;
            p->v[i] = strtoull(eq + 1, &end, 10);
            if (*end || end == eq + 1) {
                snprintf(err, errlen, "'%s' is not a number", eq + 1);
                return -1;
            }
        }
    }
    return 0;
}

static void *create(uint64_t seed, const char *arg, char *err, size_t errlen)
{
    const amq_structure *s;
    amq_params p;
    if (parse_arg(arg, &s, &p, err, errlen))
        return NULL;
    p.seed = seed;
    handle *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (amq_filter_create(&h->f, s, &p) != AMQ_OK) {
        snprintf(err, errlen, "%s", amq_last_error());
        free(h);
        return NULL;
    }
    snprintf(h->line, sizeof h->line, "amqcert %s (%s)", amq_structure_name(s), arg);
    return h;
}

static int add(void *o, const void *key, size_t len)
{
    handle *h = o;
    if (amq_filter_add(h->f, key, len) == AMQ_OK)
        return 0;
    snprintf(h->error, sizeof h->error, "%s", amq_last_error());
    return -1;
}

static int query(void *o, const void *key, size_t len) { return amq_filter_query(((handle *)o)->f, key, len); }

static int remove_key(void *o, const void *key, size_t len)
{
    handle *h = o;
    if (amq_filter_remove(h->f, key, len) == AMQ_OK)
        return 0;
    snprintf(h->error, sizeof h->error, "%s", amq_last_error());
    return -1;
}

static void destroy(void *o)
{
    handle *h = o;
    amq_filter_free(h->f);
    free(h);
}

static const char *describe(void *o) { return ((handle *)o)->line; }

/* Only the structures that delete (counting, quotient) accept remove. */
static int can_remove(const char *arg)
{
    const amq_structure *s;
    amq_params p;
    char err[256];
    return parse_arg(arg, &s, &p, err, sizeof err) == 0 && amq_structure_can_remove(s);
}
static const char *last_error(void *o) { return ((handle *)o)->error; }

static const amq_plugin plugin = {
    AMQ_PLUGIN_ABI_VERSION, sizeof(amq_plugin), "amqcert", create, add, query, remove_key, destroy, describe,
    last_error, can_remove,
};

AMQ_PLUGIN_EXPORT const amq_plugin *amq_plugin_entry(void) { return &plugin; }
