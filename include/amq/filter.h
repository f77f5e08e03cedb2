/* One interface to every structure of amqcert, driven by the registry of structures.
 *
 * A structure (amq_structure) names its parameters (amq_param_info: "m", "k", "width", ...),
 * and a filter (amq_filter) of any structure is created, sized, loaded, saved, filled,
 * queried and described through the calls below.  The typed APIs (amq/bloom.h, ...) stay
 * available: amq_filter_object() gives the typed handle.  No GMP here; the rates of a
 * structure are in amq/filter_rate.h.  Every failing call returns a status, leaves a
 * message in amq_last_error(), and changes nothing. */
#ifndef AMQ_FILTER_H
#define AMQ_FILTER_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>

#define AMQ_PARAMS_MAX 8

typedef struct amq_structure amq_structure;
typedef struct amq_filter amq_filter;

/* Parameter flags. */
#define AMQ_PARAM_REQUIRED 1u /* no default: create needs it; sizing (create_for) chooses it */
#define AMQ_PARAM_RATE 2u     /* the false-positive rate depends on it                        */
#define AMQ_PARAM_HASH 4u     /* an amq_hash_strategy, given by name on the command line        */
#define AMQ_PARAM_AUTO 8u     /* default AMQ_AUTO: chosen from the other parameters             */
#define AMQ_AUTO UINT64_MAX

typedef struct amq_param_info {
    const char *key;  /* JSON key and name ("m", "block_bits")                                 */
    char flag;        /* short option, or 0                                                    */
    const char *opt;  /* long option ("bits", "block-bits")                                    */
    const char *meta; /* value in a usage line ("M", "4|8")                                    */
    const char *what; /* one line for help and messages                                        */
    uint64_t def;     /* default of a parameter that is not AMQ_PARAM_REQUIRED                 */
    unsigned flags;
} amq_param_info;

/* Parameter values, in the order of the structure's amq_param_info list, and the hash seed. */
typedef struct amq_params {
    uint64_t v[AMQ_PARAMS_MAX];
    uint64_t seed;
} amq_params;

/* ---- the registry ---- */

AMQ_API size_t amq_structure_count(void);
/* i < amq_structure_count(), else NULL. */
AMQ_API const amq_structure *amq_structure_at(size_t i);
/* NULL when no structure has that name. */
AMQ_API const amq_structure *amq_structure_find(const char *name);
/* The structure whose files have this type number, or NULL. */
AMQ_API const amq_structure *amq_structure_of_file_type(uint32_t file_type);
AMQ_API const char *amq_structure_name(const amq_structure *s);  /* "bloom", "split-block" */
AMQ_API const char *amq_structure_title(const amq_structure *s); /* "Bloom filter"           */
AMQ_API uint32_t amq_structure_file_type(const amq_structure *s);
AMQ_API int amq_structure_can_remove(const amq_structure *s);
/* The most max_load amq_filter_create_for_load takes for s; 0 when its sizing has no load to
 * choose. */
AMQ_API double amq_structure_max_load(const amq_structure *s);
AMQ_API size_t amq_structure_nparams(const amq_structure *s);
/* i < amq_structure_nparams(s), else NULL. */
AMQ_API const amq_param_info *amq_structure_param(const amq_structure *s, size_t i);
/* Index of the parameter with this key, or -1. */
AMQ_API int amq_structure_param_index(const amq_structure *s, const char *key);

/* Demonstration i of the structure: realistic parameters and a number of keys (make certify
 * runs them); AMQ_E_INVALID_ARG beyond the last. */
AMQ_API amq_status amq_structure_demo(const amq_structure *s, size_t i, amq_params *p, uint64_t *n);

/* Every parameter at its default (required ones 0), seed 0. */
AMQ_API void amq_params_init(amq_params *p, const amq_structure *s);
/* Sets parameter `key`; AMQ_E_INVALID_ARG when the structure has no such parameter. */
AMQ_API amq_status amq_params_set(amq_params *p, const amq_structure *s, const char *key, uint64_t value);
/* Value of parameter `key` (0 when the structure has none). */
AMQ_API uint64_t amq_params_get(const amq_params *p, const amq_structure *s, const char *key);
/* AMQ_OK when a filter of s can be built with these parameters, else the error that
 * amq_filter_create would give, without allocating.  The one check of a structure's
 * parameters: filters, rates, bounds and models of s refuse what it refuses. */
AMQ_API amq_status amq_structure_check(const amq_structure *s, const amq_params *p);

/* ---- filters ---- */

/* A filter with these parameters (every one, required ones included). */
AMQ_API amq_status amq_filter_create(amq_filter **out, const amq_structure *s, const amq_params *p);
/* Sized for n keys at false-positive rate <= fpr on the structure's exact rate; the required
 * parameters are chosen, the others (hash, counter width, seed...) are taken from p (NULL:
 * defaults).  The certified upper bound of the rate at n goes to *achieved if non-NULL. */
AMQ_API amq_status amq_filter_create_for(amq_filter **out, const amq_structure *s, uint64_t n, double fpr,
                                         const amq_params *p, double *achieved);
/* The same, filling at most max_load of the table (the quotient filter's home slots:
 * amq_quotient_size_for_load; the blocked quotient filter's, all blocks together:
 * amq_blocked_quotient_size_for_load), 0 < max_load <= amq_structure_max_load(s); AMQ_E_INVALID_ARG,
 * naming it, for a load outside that range or a structure without one. */
AMQ_API amq_status amq_filter_create_for_load(amq_filter **out, const amq_structure *s, uint64_t n, double fpr,
                                              double max_load, const amq_params *p, double *achieved);
/* Any amqcert file: its type picks the structure. */
AMQ_API amq_status amq_filter_load(amq_filter **out, const char *path);
AMQ_API amq_status amq_filter_save(const amq_filter *f, const char *path);
AMQ_API void amq_filter_free(amq_filter *f);

AMQ_API amq_status amq_filter_add(amq_filter *f, const void *key, size_t len);
/* 1: maybe present, 0: definitely absent.  -1 for a NULL f, or a NULL key with len > 0
 * (the NULL rule of amq/error.h; a NULL key of length 0 is the empty key), or an external
 * implementation that failed (amq/impl.h); amq_last_error() says why. */
AMQ_API int amq_filter_query(const amq_filter *f, const void *key, size_t len);
/* AMQ_E_INVALID_ARG when the structure cannot remove keys. */
AMQ_API amq_status amq_filter_remove(amq_filter *f, const void *key, size_t len);
AMQ_API void amq_filter_clear(amq_filter *f);
/* count keys at once (keys[i] of lens[i] bytes): the same results as one call each, in
 * order; structures and external implementations may overlap the work (prefetching,
 * pipelining).  add_batch stops at the first failure and returns its status, with the
 * number of keys added in *done (may be NULL). */
AMQ_API amq_status amq_filter_add_batch(amq_filter *f, const void *const *keys, const size_t *lens, size_t count,
                                        size_t *done);
/* results[i] as amq_filter_query (so -1 when an external implementation failed). */
AMQ_API void amq_filter_query_batch(const amq_filter *f, const void *const *keys, const size_t *lens, size_t count,
                                    int *results);

/* Keys in the filter: *exact = 1 when the structure knows the count exactly (stored
 * fingerprints, unsaturated counters), 0 for an estimate from the fill (an approximation).
 * AMQ_E_SATURATED when no finite estimate exists (every position set). */
AMQ_API amq_status amq_filter_count(const amq_filter *f, uint64_t *count, int *exact);
AMQ_API const amq_structure *amq_filter_structure(const amq_filter *f);
/* The filter's parameters (and seed). */
AMQ_API void amq_filter_params(const amq_filter *f, amq_params *p);
/* Bytes of the filter's table in memory (bits, counters or slots; not the small header). */
AMQ_API uint64_t amq_filter_memory(const amq_filter *f);
/* The structure's own handle (amq_bloom *, amq_quotient *, ...). */
AMQ_API void *amq_filter_object(const amq_filter *f);

/* A fact about a filter's state, for display (amq info): fill, saturation, load, ... */
typedef enum amq_property_type { AMQ_PROPERTY_U64, AMQ_PROPERTY_DOUBLE, AMQ_PROPERTY_TEXT } amq_property_type;
typedef struct amq_property {
    const char *key;   /* JSON key ("used", "load_factor")  */
    const char *label; /* text label ("set positions")      */
    amq_property_type type;
    uint64_t u;
    double d;
    const char *text;
    const char *note; /* NULL, or how the value is known ("exact", "an approximation") */
} amq_property;
typedef void (*amq_property_fn)(void *ctx, const amq_property *p);
/* Calls emit once per property of the filter's state. */
AMQ_API void amq_filter_describe(const amq_filter *f, amq_property_fn emit, void *ctx);

#endif
