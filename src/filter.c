/* The generic filter interface (amq/filter.h): every call dispatches through the
 * structure's registry entry (lib_internal/structure.h). */
#include <lib_internal/fail.h>
#include <lib_internal/container.h>
#include <lib_internal/impl.h>
#include <lib_internal/structure.h>
#include <amq/hash.h>
#include <stdlib.h>
#include <string.h>

struct amq_filter {
    const amq_structure *s;
    void *obj;
};

/* NULL arguments follow the rule of amq/error.h: no dereference; a status says
 * AMQ_E_INVALID_ARG, a pointer is NULL, a number 0, an index -1, a query -1. */
const char *amq_structure_name(const amq_structure *s) { return s ? s->name : NULL; }
const char *amq_structure_title(const amq_structure *s) { return s ? s->title : NULL; }
uint32_t amq_structure_file_type(const amq_structure *s) { return s ? s->file_type : 0; }
int amq_structure_can_remove(const amq_structure *s) { return s && s->remove != NULL; }
double amq_structure_max_load(const amq_structure *s) { return s && s->create_for_load ? s->max_load : 0.0; }
size_t amq_structure_nparams(const amq_structure *s) { return s ? s->nparams : 0; }

const amq_param_info *amq_structure_param(const amq_structure *s, size_t i)
{
    return s && i < s->nparams ? &s->params[i] : NULL;
}

int amq_structure_param_index(const amq_structure *s, const char *key)
{
    for (size_t i = 0; s && key && i < s->nparams; i++)
        if (!strcmp(s->params[i].key, key))
            return (int)i;
    return -1;
}

amq_status amq_structure_demo(const amq_structure *s, size_t i, amq_params *p, uint64_t *n)
{
    if (!s || !p || !n || i >= s->ndemos)
        return amq_fail(AMQ_E_INVALID_ARG, "no demonstration %zu of this structure", i);
    amq_params_init(p, s);
    memcpy(p->v, s->demos[i].v, sizeof p->v);
    *n = s->demos[i].n;
    return AMQ_OK;
}

void amq_params_init(amq_params *p, const amq_structure *s)
{
    if (!p)
        return;
    memset(p, 0, sizeof *p);
    for (size_t i = 0; s && i < s->nparams; i++)
        p->v[i] = s->params[i].flags & AMQ_PARAM_REQUIRED ? 0
                  : s->params[i].flags & AMQ_PARAM_AUTO   ? AMQ_AUTO
                                                          : s->params[i].def;
}

amq_status amq_params_set(amq_params *p, const amq_structure *s, const char *key, uint64_t value)
{
    if (!p || !s || !key)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_params_set: NULL argument");
    const int i = amq_structure_param_index(s, key);
    if (i < 0)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: no parameter '%s'", s->name, key);
    p->v[i] = value;
    return AMQ_OK;
}

uint64_t amq_params_get(const amq_params *p, const amq_structure *s, const char *key)
{
    const int i = amq_structure_param_index(s, key);
    return i < 0 || !p ? 0 : p->v[i];
}

/* Hash-strategy parameters must name a strategy before any structure sees them. */
static amq_status check_hash_params(const amq_structure *s, const uint64_t *v)
{
    for (size_t i = 0; i < s->nparams; i++)
        if ((s->params[i].flags & AMQ_PARAM_HASH) && (v[i] > INT32_MAX || !amq_hash_valid((int)v[i])))
            return amq_fail(AMQ_E_INVALID_ARG, "%s: unknown hashing strategy %llu", s->name,
                            (unsigned long long)v[i]);
    return AMQ_OK;
}

amq_status amq_filter_wrap(amq_filter **out, const amq_structure *s, void *obj)
{
    amq_filter *f = malloc(sizeof *f);
    if (!f) {
        s->free(obj);
        return amq_fail(AMQ_E_NOMEM, "%s: out of memory", s->name);
    }
    *f = (amq_filter){.s = s, .obj = obj};
    *out = f;
    return AMQ_OK;
}

amq_status amq_structure_check(const amq_structure *s, const amq_params *p)
{
    if (!s || !p)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_structure_check: NULL %s", !s ? "structure" : "parameters");
    amq_status st = check_hash_params(s, p->v);
    if (st != AMQ_OK || s->validate)
        return st != AMQ_OK ? st : s->validate(p->v);
    /* No check of its own: the cross-check model's geometry is built from the same parameters
     * as the filter (no table is allocated), and refuses what create refuses. */
    amq_model_state ms = {0};
    st = s->model(&ms, p->v);
    free(ms.geom);
    return st;
}

amq_status amq_filter_create(amq_filter **out, const amq_structure *s, const amq_params *p)
{
    if (!out || !s || !p)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_filter_create: NULL argument");
    void *obj = NULL;
    /* create makes the structure's own check (its messages name the filter's terms);
     * test_registry holds amq_structure_check to the same verdicts */
    amq_status st = check_hash_params(s, p->v);
    if (st == AMQ_OK)
        st = s->create(&obj, p->v, p->seed);
    return st != AMQ_OK ? st : amq_filter_wrap(out, s, obj);
}

/* create_for, or create_for_load at max_load when `at_load` (out and s not NULL). */
static amq_status create_sized(amq_filter **out, const amq_structure *s, uint64_t n, double fpr, int at_load,
                               double max_load, const amq_params *p, double *achieved)
{
    amq_params given;
    if (p)
        given = *p;
    else
        amq_params_init(&given, s);
    void *obj = NULL;
    amq_status st = check_hash_params(s, given.v);
    if (st == AMQ_OK && at_load)
        st = s->create_for_load(&obj, n, fpr, max_load, given.v, given.seed, achieved);
    else if (st == AMQ_OK)
        st = s->create_for(&obj, n, fpr, given.v, given.seed, achieved);
    return st != AMQ_OK ? st : amq_filter_wrap(out, s, obj);
}

amq_status amq_filter_create_for(amq_filter **out, const amq_structure *s, uint64_t n, double fpr,
                                 const amq_params *p, double *achieved)
{
    if (!out || !s)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_filter_create_for: NULL argument");
    return create_sized(out, s, n, fpr, 0, 0.0, p, achieved);
}

amq_status amq_filter_create_for_load(amq_filter **out, const amq_structure *s, uint64_t n, double fpr,
                                      double max_load, const amq_params *p, double *achieved)
{
    if (!out || !s)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_filter_create_for_load: NULL argument");
    if (!s->create_for_load)
        return amq_fail(AMQ_E_INVALID_ARG, "the %s has no load to choose: its sizing fills its table itself",
                        s->title);
    return create_sized(out, s, n, fpr, 1, max_load, p, achieved);
}

amq_status amq_filter_load(amq_filter **out, const char *path)
{
    if (!out || !path)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_filter_load: NULL argument");
    amq_reader r;
    amq_status st = amq_reader_open(&r, path);
    if (st != AMQ_OK)
        return st;
    const uint32_t type = r.type;
    amq_reader_close(&r);
    const amq_structure *s = amq_structure_of_file_type(type);
    if (!s)
        return amq_fail(AMQ_E_BAD_TYPE, "'%s' holds structure type %u, which this build does not know", path,
                        type);
    void *obj = NULL;
    st = s->load(&obj, path);
    return st != AMQ_OK ? st : amq_filter_wrap(out, s, obj);
}

amq_status amq_filter_save(const amq_filter *f, const char *path)
{
    if (!f || !path)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_filter_save: NULL argument");
    return f->s->save(f->obj, path);
}

void amq_filter_free(amq_filter *f)
{
    if (f) {
        f->s->free(f->obj);
        free(f);
    }
}

amq_status amq_filter_add(amq_filter *f, const void *key, size_t len)
{
    if (!f || (!key && len))
        return amq_fail(AMQ_E_INVALID_ARG, "add: NULL filter or key");
    return f->s->add(f->obj, key, len);
}

int amq_filter_query(const amq_filter *f, const void *key, size_t len)
{
    if (!f || (!key && len)) {
        amq_fail(AMQ_E_INVALID_ARG, "query: NULL filter or key");
        return -1;
    }
    return f->s->query(f->obj, key, len);
}

amq_status amq_filter_remove(amq_filter *f, const void *key, size_t len)
{
    if (!f || (!key && len))
        return amq_fail(AMQ_E_INVALID_ARG, "remove: NULL filter or key");
    if (!f->s->remove)
        return amq_fail(AMQ_E_INVALID_ARG, "remove: a %s filter cannot remove keys", f->s->name);
    return f->s->remove(f->obj, key, len);
}

void amq_filter_clear(amq_filter *f)
{
    if (f)
        f->s->clear(f->obj);
}

amq_status amq_filter_add_batch(amq_filter *f, const void *const *keys, const size_t *lens, size_t count,
                                size_t *done)
{
    size_t ok = 0;
    amq_status st = AMQ_OK;
    if (!f || (count && (!keys || !lens)))
        st = amq_fail(AMQ_E_INVALID_ARG, "amq_filter_add_batch: NULL argument");
    else if (f->s->add_batch)
        st = f->s->add_batch(f->obj, keys, lens, count, &ok);
    else
        while (ok < count && (st = amq_filter_add(f, keys[ok], lens[ok])) == AMQ_OK)
            ok++;
    if (done)
        *done = ok;
    return st;
}

void amq_filter_query_batch(const amq_filter *f, const void *const *keys, const size_t *lens, size_t count,
                            int *results)
{
    if (!results)
        return; /* nowhere to answer */
    int bad = !f || (count && (!keys || !lens));
    for (size_t i = 0; !bad && i < count; i++)
        bad = !keys[i] && lens[i];
    if (bad) { /* every answer is the error answer of amq_filter_query */
        amq_fail(AMQ_E_INVALID_ARG, "amq_filter_query_batch: NULL filter, key array, length array or key");
        for (size_t i = 0; i < count; i++)
            results[i] = -1;
        return;
    }
    if (f->s->query_batch) {
        f->s->query_batch(f->obj, keys, lens, count, results);
        return;
    }
    for (size_t i = 0; i < count; i++)
        results[i] = f->s->query(f->obj, keys[i], lens[i]);
}

amq_status amq_filter_run_ops(amq_filter *f, const amq_filter_op *ops, size_t count, int *results, size_t *done)
{
    if (f->s->run_ops)
        return f->s->run_ops(f->obj, ops, count, results, done);
    amq_status st = AMQ_OK;
    size_t i = 0;
    for (; i < count && st == AMQ_OK; i++) {
        if (ops[i].kind == AMQ_FOP_ADD)
            st = amq_filter_add(f, ops[i].key, ops[i].len);
        else if (ops[i].kind == AMQ_FOP_REMOVE)
            st = amq_filter_remove(f, ops[i].key, ops[i].len);
        else if ((results[i] = f->s->query(f->obj, ops[i].key, ops[i].len)) < 0)
            st = AMQ_E_IO; /* an external implementation stopped; amq_last_error() says why */
        if (st != AMQ_OK)
            break;
    }
    *done = i;
    return st;
}

amq_status amq_filter_count(const amq_filter *f, uint64_t *count, int *exact)
{
    if (!f || !count || !exact)
        return amq_fail(AMQ_E_INVALID_ARG, "count: NULL argument");
    return f->s->count(f->obj, count, exact);
}

const amq_structure *amq_filter_structure(const amq_filter *f) { return f ? f->s : NULL; }

void amq_filter_params(const amq_filter *f, amq_params *p)
{
    if (!p)
        return;
    memset(p, 0, sizeof *p);
    if (f)
        f->s->params_of(f->obj, p->v, &p->seed);
}

void *amq_filter_object(const amq_filter *f) { return f ? f->obj : NULL; }

uint64_t amq_filter_memory(const amq_filter *f) { return f ? f->s->memory(f->obj) : 0; }

void amq_filter_describe(const amq_filter *f, amq_property_fn emit, void *ctx)
{
    if (f && emit)
        f->s->describe(f->obj, emit, ctx);
}

/* ---- helpers for the structure files ---- */

void amq_emit_u64(amq_property_fn emit, void *ctx, const char *key, const char *label, uint64_t u,
                  const char *note)
{
    emit(ctx, &(amq_property){.key = key, .label = label, .type = AMQ_PROPERTY_U64, .u = u, .note = note});
}

void amq_emit_double(amq_property_fn emit, void *ctx, const char *key, const char *label, double d,
                     const char *note)
{
    emit(ctx, &(amq_property){.key = key, .label = label, .type = AMQ_PROPERTY_DOUBLE, .d = d, .note = note});
}

void amq_emit_text(amq_property_fn emit, void *ctx, const char *key, const char *label, const char *text,
                   const char *note)
{
    emit(ctx, &(amq_property){.key = key, .label = label, .type = AMQ_PROPERTY_TEXT, .text = text, .note = note});
}

void amq_emit_fill(amq_property_fn emit, void *ctx, const char *label, uint64_t used, uint64_t total)
{
    amq_emit_u64(emit, ctx, "used", label, used, NULL);
    amq_emit_double(emit, ctx, "fill", "fill", (double)used / (double)total, NULL);
}

amq_status amq_count_from_estimate(double est, uint64_t *count, int *exact)
{
    if (!(est < 0x1p64))
        return amq_fail(AMQ_E_SATURATED, "count: every position is set; the fill gives no finite estimate");
    *count = (uint64_t)(est + 0.5);
    *exact = 0;
    return AMQ_OK;
}
