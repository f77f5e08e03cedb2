/* The parts of the filter interface that an external implementation (plugin, process)
 * cannot honour: each fails with a message naming the operation, so a caller that treats
 * such a filter like a registry one gets an error, never a crash (lib_internal/impl.h). */
#include <lib_internal/fail.h>
#include <lib_internal/impl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

amq_status amq_impl_stop(amq_impl *impl, amq_status st, const char *fmt, ...)
{
    char msg[AMQ_IMPL_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!impl->error[0])
        snprintf(impl->error, sizeof impl->error, "%s", msg);
    return amq_fail(st, "%s", impl->error);
}

amq_status amq_impl_stopped(const amq_impl *impl) { return amq_fail(AMQ_E_IO, "%s", impl->error); }

static amq_status cannot(const char *what)
{
    return amq_fail(AMQ_E_INVALID_ARG, "%s: not available for an external implementation (plugin or process)",
                    what);
}

amq_status amq_external_create(void **obj, const uint64_t *v, uint64_t seed)
{
    (void)obj, (void)v, (void)seed;
    return cannot("create from parameters (use amq_impl_new_filter)");
}

amq_status amq_external_create_for(void **obj, uint64_t n, double fpr, const uint64_t *v, uint64_t seed,
                                   double *achieved)
{
    (void)obj, (void)n, (void)fpr, (void)v, (void)seed, (void)achieved;
    return cannot("sizing");
}

amq_status amq_external_load(void **obj, const char *path)
{
    (void)obj, (void)path;
    return cannot("load");
}

amq_status amq_external_save(const void *obj, const char *path)
{
    (void)obj, (void)path;
    return cannot("save");
}

amq_status amq_external_count(const void *obj, uint64_t *count, int *exact)
{
    (void)obj, (void)count, (void)exact;
    return cannot("count");
}

void amq_external_params_of(const void *obj, uint64_t *v, uint64_t *seed)
{
    (void)v;
    *seed = ((const amq_external_obj *)obj)->seed;
}

void amq_external_describe(const void *obj, amq_property_fn emit, void *ctx)
{
    const amq_external_obj *e = obj;
    amq_emit_text(emit, ctx, "implementation", "implementation", e->impl->name, amq_impl_kind(e->impl));
    amq_emit_u64(emit, ctx, "seed", "seed", e->seed, NULL);
}

uint64_t amq_external_memory(const void *obj)
{
    (void)obj;
    return 0;
}

amq_status amq_external_fp_exact(mpq_t rop, const uint64_t *v, uint64_t n)
{
    (void)rop, (void)v, (void)n;
    return cannot("exact rate (declare a model)");
}

amq_status amq_external_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const uint64_t *v, uint64_t n)
{
    (void)lo, (void)hi, (void)prec, (void)v, (void)n;
    return cannot("rate enclosure (declare a model)");
}

amq_status amq_external_fp_decimal(char **out, const uint64_t *v, uint64_t n, int digits, mpfr_t lo, mpfr_t hi)
{
    (void)out, (void)v, (void)n, (void)digits, (void)lo, (void)hi;
    return cannot("rate (declare a model)");
}

amq_status amq_external_fp_state(mpq_t rop, const void *obj)
{
    (void)rop, (void)obj;
    return cannot("rate of the state");
}

amq_status amq_external_model(amq_model_state *out, const uint64_t *v)
{
    (void)out, (void)v;
    return cannot("kernel model");
}
