/* C plugins as implementations under test (amq/impl.h, amq/plugin.h): dlopen, the ABI
 * check, and the plugin's callbacks behind the filter interface. */
#include <lib_internal/fail.h>
#include <lib_internal/impl.h>
#include <amq/plugin.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct plugin_ctx {
    void *dl;
    const amq_plugin *vt;
    char *arg;
    int live;  /* filters alive */
} plugin_ctx;

typedef struct plugin_obj {
    amq_external_obj ext; /* first: the common external header */
    void *handle;
} plugin_obj;

static const amq_plugin *vt_of(const void *o) { return ((plugin_ctx *)((const plugin_obj *)o)->ext.impl->ctx)->vt; }

static const char *why(const plugin_obj *po)
{
    const amq_plugin *vt = vt_of(po);
    const char *e = vt->last_error ? vt->last_error(po->handle) : NULL;
    return e && *e ? e : "no reason given";
}

static void plugin_free(void *o)
{
    plugin_obj *po = o;
    if (!po)
        return;
    vt_of(po)->destroy(po->handle);
    ((plugin_ctx *)po->ext.impl->ctx)->live--;
    free(po);
}

static amq_status plugin_add(void *o, const void *key, size_t len)
{
    plugin_obj *po = o;
    amq_impl *impl = po->ext.impl;
    if (impl->error[0])
        return amq_impl_stopped(impl);
    if (vt_of(po)->add(po->handle, key, len) != 0)
        return amq_impl_stop(impl, AMQ_E_FULL, "plugin '%s' refused an add (%zu-byte key): %s", impl->name, len,
                             why(po));
    return AMQ_OK;
}

static int plugin_query(const void *o, const void *key, size_t len)
{
    const plugin_obj *po = o;
    amq_impl *impl = po->ext.impl;
    if (impl->error[0]) {
        amq_impl_stopped(impl);
        return -1;
    }
    const int r = vt_of(po)->query(po->handle, key, len);
    if (r < 0) {
        amq_impl_stop(impl, AMQ_E_IO, "plugin '%s' failed a query (%zu-byte key): %s", impl->name, len, why(po));
        return -1;
    }
    return r != 0;
}

static amq_status plugin_remove(void *o, const void *key, size_t len)
{
    plugin_obj *po = o;
    amq_impl *impl = po->ext.impl;
    if (impl->error[0])
        return amq_impl_stopped(impl);
    if (!vt_of(po)->remove)
        return amq_fail(AMQ_E_INVALID_ARG, "plugin '%s' cannot remove keys", impl->name);
    if (vt_of(po)->remove(po->handle, key, len) != 0)
        return amq_impl_stop(impl, AMQ_E_NOT_PRESENT, "plugin '%s' refused to remove an inserted key: %s",
                             impl->name, why(po));
    return AMQ_OK;
}

/* A cleared filter is a fresh one with the same seed. */
static void plugin_clear(void *o)
{
    plugin_obj *po = o;
    plugin_ctx *pc = po->ext.impl->ctx;
    char err[256] = "";
    void *h = pc->vt->create(po->ext.seed, pc->arg, err, sizeof err);
    if (!h) {
        amq_impl_stop(po->ext.impl, AMQ_E_IO, "plugin '%s' could not re-create a filter: %s", po->ext.impl->name,
                      err[0] ? err : "no reason given");
        return;
    }
    pc->vt->destroy(po->handle);
    po->handle = h;
}

static const amq_structure plugin_structure = {
    .name = "plugin",
    .title = "C plugin",
    .file_type = 0,
    AMQ_EXTERNAL_STRUCTURE_COMMON,
    .free = plugin_free,
    .add = plugin_add,
    .query = plugin_query,
    .remove = plugin_remove,
    .clear = plugin_clear,
};

static amq_status plugin_new_filter(amq_impl *impl, uint64_t seed, amq_filter **out)
{
    plugin_ctx *pc = impl->ctx;
    plugin_obj *po = calloc(1, sizeof *po);
    if (!po)
        return amq_fail(AMQ_E_NOMEM, "plugin '%s': out of memory", impl->name);
    char err[256] = "";
    po->ext.impl = impl;
    po->ext.seed = seed;
    po->handle = pc->vt->create(seed, pc->arg, err, sizeof err);
    if (!po->handle) {
        free(po);
        err[sizeof err - 1] = 0;
        return amq_impl_stop(impl, AMQ_E_INVALID_ARG, "plugin '%s' could not create a filter: %s", impl->name,
                             err[0] ? err : "no reason given");
    }
    pc->live++;
    return amq_filter_wrap(out, &plugin_structure, po);
}

static const char *plugin_describe(const amq_impl *impl, const amq_filter *f)
{
    const plugin_ctx *pc = impl->ctx;
    const plugin_obj *po = amq_filter_object(f);
    const char *d = pc->vt->describe ? pc->vt->describe(po->handle) : NULL;
    return d ? d : "";
}

static void plugin_release(amq_impl *impl)
{
    plugin_ctx *pc = impl->ctx;
    if (!pc)
        return;
    /* A filter still alive keeps the code it runs: then the library stays loaded. */
    if (pc->dl && pc->live == 0)
        dlclose(pc->dl);
    free(pc->arg);
    free(pc);
}

amq_status amq_impl_plugin(amq_impl **out, const char *path, const char *arg)
{
    if (!out || !path)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_impl_plugin: NULL argument");
    void *dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!dl) {
        const char *e = dlerror();
        return amq_fail(AMQ_E_IO, "plugin '%s' cannot be loaded: %s", path, e ? e : "unknown dlopen error");
    }
    void *sym = dlsym(dl, AMQ_PLUGIN_ENTRY_NAME);
    if (!sym) {
        dlclose(dl);
        return amq_fail(AMQ_E_INVALID_ARG, "'%s' is not an amqcert plugin: it exports no '%s' function", path,
                        AMQ_PLUGIN_ENTRY_NAME);
    }
    amq_plugin_entry_fn entry;
    memcpy(&entry, &sym, sizeof entry); /* object pointer to function pointer, as POSIX allows */
    const amq_plugin *vt = entry();
    amq_status st = AMQ_OK;
    if (!vt)
        st = amq_fail(AMQ_E_INVALID_ARG, "plugin '%s': %s() returned NULL", path, AMQ_PLUGIN_ENTRY_NAME);
    else if (vt->abi_version != AMQ_PLUGIN_ABI_VERSION)
        st = amq_fail(AMQ_E_BAD_VERSION,
                      "plugin '%s' was built for plugin ABI version %u, but this amqcert speaks version %u: "
                      "rebuild it against this amq/plugin.h",
                      path, vt->abi_version, AMQ_PLUGIN_ABI_VERSION);
    else if (vt->struct_size < sizeof(amq_plugin))
        st = amq_fail(AMQ_E_BAD_VERSION,
                      "plugin '%s' declares a %u-byte table, smaller than the %zu bytes of ABI version %u", path,
                      vt->struct_size, sizeof(amq_plugin), AMQ_PLUGIN_ABI_VERSION);
    else if (!vt->create || !vt->add || !vt->query || !vt->destroy)
        st = amq_fail(AMQ_E_INVALID_ARG, "plugin '%s' lacks a required callback (%s%s%s%s)", path,
                      vt->create ? "" : "create ", vt->add ? "" : "add ", vt->query ? "" : "query ",
                      vt->destroy ? "" : "destroy");
    amq_impl *impl = NULL;
    plugin_ctx *pc = NULL;
    if (st == AMQ_OK) {
        impl = calloc(1, sizeof *impl);
        pc = calloc(1, sizeof *pc);
        if (!impl || !pc || (arg && !(pc->arg = strdup(arg))))
            st = amq_fail(AMQ_E_NOMEM, "plugin '%s': out of memory", path);
    }
    if (st != AMQ_OK) {
        if (pc)
            free(pc->arg);
        free(pc);
        free(impl);
        dlclose(dl);
        return st;
    }
    pc->dl = dl;
    pc->vt = vt;
    impl->kind = "plugin";
    snprintf(impl->name, sizeof impl->name, "%s", vt->name && *vt->name ? vt->name : path);
    impl->can_remove = vt->remove != NULL && (!vt->can_remove || vt->can_remove(arg));
    impl->new_filter = plugin_new_filter;
    impl->describe = plugin_describe;
    impl->release = plugin_release;
    impl->ctx = pc;
    *out = impl;
    return AMQ_OK;
}
