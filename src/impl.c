/* Implementations under test (amq/impl.h): the generic calls, and amqcert's own
 * structures as an implementation (a registry entry at fixed parameters, a new seed per
 * filter). */
#include <lib_internal/fail.h>
#include <lib_internal/impl.h>
#include <amq/hash.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void amq_impl_free(amq_impl *impl)
{
    if (impl) {
        if (impl->release)
            impl->release(impl);
        free(impl);
    }
}

amq_status amq_impl_new_filter(amq_impl *impl, uint64_t seed, amq_filter **out)
{
    if (!impl || !out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_impl_new_filter: NULL argument");
    if (impl->error[0])
        return amq_impl_stopped(impl);
    return impl->new_filter(impl, seed, out);
}

const char *amq_impl_kind(const amq_impl *impl) { return impl ? impl->kind : NULL; }
const char *amq_impl_name(const amq_impl *impl) { return impl ? impl->name : NULL; }
int amq_impl_can_remove(const amq_impl *impl) { return impl ? impl->can_remove : 0; }
unsigned amq_impl_protocol(const amq_impl *impl) { return impl ? impl->protocol : 0; }
int amq_impl_can_refuse(const amq_impl *impl) { return impl ? impl->can_refuse : 0; }
const char *amq_impl_error(const amq_impl *impl) { return impl && impl->error[0] ? impl->error : NULL; }

const char *amq_impl_describe(const amq_impl *impl, const amq_filter *f)
{
    return impl && impl->describe && f ? impl->describe(impl, f) : "";
}

/* ---- amqcert's own structures ---- */

typedef struct structure_impl {
    const amq_structure *s;
    amq_params p;
    char line[256];
} structure_impl;

static amq_status structure_new_filter(amq_impl *impl, uint64_t seed, amq_filter **out)
{
    structure_impl *si = impl->ctx;
    amq_params p = si->p;
    p.seed = seed;
    return amq_filter_create(out, si->s, &p);
}

static const char *structure_describe(const amq_impl *impl, const amq_filter *f)
{
    structure_impl *si = impl->ctx;
    amq_params p;
    amq_filter_params(f, &p);
    size_t used = 0;
    si->line[0] = 0;
    for (size_t i = 0; i < si->s->nparams && used < sizeof si->line; i++) {
        const amq_param_info *q = &si->s->params[i];
        char v[32];
        if (q->flags & AMQ_PARAM_HASH)
            snprintf(v, sizeof v, "%s", amq_hash_name((amq_hash_strategy)p.v[i]));
        else if ((q->flags & AMQ_PARAM_AUTO) && p.v[i] == AMQ_AUTO)
            snprintf(v, sizeof v, "auto");
        else
            snprintf(v, sizeof v, "%llu", (unsigned long long)p.v[i]);
        used += (size_t)snprintf(si->line + used, sizeof si->line - used, "%s%s=%s", i ? " " : "", q->key, v);
    }
    return si->line;
}

static void structure_release(amq_impl *impl) { free(impl->ctx); }

amq_status amq_impl_structure(amq_impl **out, const amq_structure *s, const amq_params *p)
{
    if (!out || !s || !p)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_impl_structure: NULL argument");
    /* A first filter validates the parameters now, not in the middle of a check. */
    amq_filter *probe;
    amq_status st = amq_filter_create(&probe, s, p);
    if (st != AMQ_OK)
        return st;
    amq_filter_free(probe);
    amq_impl *impl = calloc(1, sizeof *impl);
    structure_impl *si = calloc(1, sizeof *si);
    if (!impl || !si) {
        free(impl);
        free(si);
        return amq_fail(AMQ_E_NOMEM, "%s implementation: out of memory", s->name);
    }
    si->s = s;
    si->p = *p;
    impl->kind = "structure";
    snprintf(impl->name, sizeof impl->name, "%s", s->name);
    impl->can_remove = s->remove != NULL;
    impl->new_filter = structure_new_filter;
    impl->describe = structure_describe;
    impl->release = structure_release;
    impl->ctx = si;
    *out = impl;
    return AMQ_OK;
}
