/* Internal: what each kind of implementation under test provides (amq/impl.h), and the
 * structure entries of external filters (plugins, processes), which are not listed in
 * the registry: they are not kinds of structure but implementations of unknown kind. */
#ifndef AMQ_INTERNAL_IMPL_H
#define AMQ_INTERNAL_IMPL_H
#include <amq/impl.h>
#include <lib_internal/structure.h>

#define AMQ_IMPL_MSG_MAX 1024

struct amq_impl {
    const char *kind;
    char name[128];
    int can_remove;
    unsigned protocol; /* processes: the version the session speaks (else 0) */
    int can_refuse;    /* processes: announced "full" (version 2) */
    /* the first failure that stopped the implementation ("" while it works) */
    char error[AMQ_IMPL_MSG_MAX];
    amq_status (*new_filter)(amq_impl *impl, uint64_t seed, amq_filter **out);
    const char *(*describe)(const amq_impl *impl, const amq_filter *f);
    void (*release)(amq_impl *impl);
    void *ctx;
};

/* A filter of structure s around obj (filter.c); frees obj with s->free on failure. */
amq_status amq_filter_wrap(amq_filter **out, const amq_structure *s, void *obj);

/* Records the failure that stops impl (the first one is kept), leaves it in
 * amq_last_error() and returns st. */
amq_status amq_impl_stop(amq_impl *impl, amq_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* After a stop: the kept failure again in amq_last_error(); returns its status. */
amq_status amq_impl_stopped(const amq_impl *impl);

/* Every external filter object starts with this header. */
typedef struct amq_external_obj {
    amq_impl *impl;
    uint64_t seed;
} amq_external_obj;

/* The callbacks an external filter cannot honour (save, load, count, rates, ...): each
 * fails with a message naming the operation.  external.c. */
#define AMQ_EXTERNAL_STRUCTURE_COMMON                                                                     \
    .params = NULL, .nparams = 0, .create = amq_external_create, .create_for = amq_external_create_for,   \
    .load = amq_external_load, .save = amq_external_save, .count = amq_external_count,                     \
    .params_of = amq_external_params_of, .describe = amq_external_describe, .memory = amq_external_memory, \
    .fp_exact = amq_external_fp_exact, .fp_enclose = amq_external_fp_enclose,                              \
    .fp_decimal = amq_external_fp_decimal, .fp_state = amq_external_fp_state, .model = amq_external_model

amq_status amq_external_create(void **obj, const uint64_t *v, uint64_t seed);
amq_status amq_external_create_for(void **obj, uint64_t n, double fpr, const uint64_t *v, uint64_t seed,
                                   double *achieved);
amq_status amq_external_load(void **obj, const char *path);
amq_status amq_external_save(const void *obj, const char *path);
amq_status amq_external_count(const void *obj, uint64_t *count, int *exact);
void amq_external_params_of(const void *obj, uint64_t *v, uint64_t *seed);
void amq_external_describe(const void *obj, amq_property_fn emit, void *ctx);
uint64_t amq_external_memory(const void *obj);
amq_status amq_external_fp_exact(mpq_t rop, const uint64_t *v, uint64_t n);
amq_status amq_external_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const uint64_t *v, uint64_t n);
amq_status amq_external_fp_decimal(char **out, const uint64_t *v, uint64_t n, int digits, mpfr_t lo, mpfr_t hi);
amq_status amq_external_fp_state(mpq_t rop, const void *obj);
amq_status amq_external_model(amq_model_state *out, const uint64_t *v);

#endif
