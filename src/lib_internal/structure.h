/* Internal: what a structure provides to the registry (amq/filter.h, amq/filter_rate.h).
 *
 * One constant amq_structure per structure, defined in src/<structure>_structure.c, listed
 * once in lib_internal/registry.h.  Instance callbacks take the structure's own handle as void *;
 * parameter values come in the order of `params`.  Optional callbacks are NULL. */
#ifndef AMQ_INTERNAL_STRUCTURE_H
#define AMQ_INTERNAL_STRUCTURE_H
#include <amq/filter.h>
#include <amq/filter_rate.h>

#define AMQ_APPROX_MAX 3
#define AMQ_EXAMPLES_MAX 4

/* One operation of a mixed batch (amq_filter_run_ops). */
typedef enum amq_filter_op_kind { AMQ_FOP_ADD, AMQ_FOP_QUERY, AMQ_FOP_REMOVE } amq_filter_op_kind;
typedef struct amq_filter_op {
    amq_filter_op_kind kind;
    const void *key;
    size_t len;
} amq_filter_op;
/* An exact upper bound of the rate with its hypothesis; fn fails (AMQ_E_INVALID_ARG) when the
 * hypothesis does not hold for these parameters. */
typedef struct amq_bound {
    const char *name;
    const char *hypothesis; /* when it holds, and where it comes from */
    amq_status (*fn)(mpq_t rop, const uint64_t *v, uint64_t n);
} amq_bound;

typedef struct amq_approx {
    const char *name;
    double (*fn)(const uint64_t *v, uint64_t n);
} amq_approx;

/* A model's kernel descriptor and the storage it points to. */
typedef struct amq_model_state {
    amq_ops ops;
    void *geom;                              /* malloc'd geometry the descriptor points to    */
    uint64_t (*refused)(const void *geom);   /* NULL: the kernel never refuses an add          */
} amq_model_state;

/* Parameters small enough for exhaustive enumeration in the generic tests: values, n keys. */
typedef struct amq_example {
    uint64_t v[AMQ_PARAMS_MAX];
    uint64_t n;
} amq_example;

struct amq_structure {
    const char *name;
    const char *title;
    uint32_t file_type;
    const amq_param_info *params;
    size_t nparams;

    /* instances */
    amq_status (*create)(void **obj, const uint64_t *v, uint64_t seed);
    /* the parameters the structure can be built with, checked by every command before a
     * filter, a rate or a model is made of them (amq_structure_check); NULL: all that the
     * parameter table admits */
    amq_status (*validate)(const uint64_t *v);
    /* fills the required parameters of v (the others are given) and creates */
    amq_status (*create_for)(void **obj, uint64_t n, double fpr, const uint64_t *v, uint64_t seed,
                             double *achieved);
    /* optional: create_for with the most of its table the n keys may fill, 0 < max_load <=
     * .max_load (it refuses, naming it, any other); NULL: the structure has no load to choose */
    amq_status (*create_for_load)(void **obj, uint64_t n, double fpr, double max_load, const uint64_t *v,
                                  uint64_t seed, double *achieved);
    double max_load;
    amq_status (*load)(void **obj, const char *path);
    amq_status (*save)(const void *obj, const char *path);
    void (*free)(void *obj);
    amq_status (*add)(void *obj, const void *key, size_t len);
    int (*query)(const void *obj, const void *key, size_t len);
    amq_status (*remove)(void *obj, const void *key, size_t len); /* NULL: no removal */
    void (*clear)(void *obj);
    /* optional batches (NULL: one call per key) */
    amq_status (*add_batch)(void *obj, const void *const *keys, const size_t *lens, size_t count, size_t *done);
    void (*query_batch)(const void *obj, const void *const *keys, const size_t *lens, size_t count, int *results);
    /* optional mixed batch, in order (an external process pipelines it whole) */
    amq_status (*run_ops)(void *obj, const amq_filter_op *ops, size_t count, int *results, size_t *done);
    amq_status (*count)(const void *obj, uint64_t *count, int *exact);
    void (*params_of)(const void *obj, uint64_t *v, uint64_t *seed);
    void (*describe)(const void *obj, amq_property_fn emit, void *ctx);
    uint64_t (*memory)(const void *obj); /* bytes of the table (bits, counters, slots) */

    /* rates (v: parameter values, n: keys) */
    amq_status (*fp_exact)(mpq_t rop, const uint64_t *v, uint64_t n);
    amq_status (*fp_enclose)(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const uint64_t *v, uint64_t n);
    amq_status (*fp_decimal)(char **out, const uint64_t *v, uint64_t n, int digits, mpfr_t lo, mpfr_t hi);
    const char *(*fp_note)(const uint64_t *v, uint64_t n);
    amq_status (*fp_state)(mpq_t rop, const void *obj);
    /* E[pi^j], the chance that j fresh keys all test positive after n keys (enclosed,
     * relative width 2^-bits; amq/spec_moments.h); NULL when not known */
    amq_status (*fp_moment_enclose)(mpfr_t lo, mpfr_t hi, int bits, const uint64_t *v, uint64_t n, uint64_t j);
    /* its estimated CPU time in ns, nothing computed; INFINITY where it would be refused
     * (lib_internal/moment_cost.h); required with fp_moment_enclose */
    double (*fp_moment_work)(const uint64_t *v, uint64_t n, uint64_t j, int bits);
    size_t napprox;
    amq_approx approx[AMQ_APPROX_MAX];
    size_t nbounds;
    amq_bound bounds[AMQ_APPROX_MAX];
    const char *rate_doc;     /* what the rate is, for help                          */
    const char *removal_note; /* the rate after removals; NULL when no removal        */
    /* the most keys a filter of these (valid) parameters can hold: every add beyond it is
     * refused, so the rate at more keys describes no filter (its slots, say); NULL: no such
     * limit (amq_structure_capacity) */
    uint64_t (*capacity)(const uint64_t *v);

    /* cross-checks */
    amq_status (*model)(amq_model_state *out, const uint64_t *v);
    /* the CPU time of one index operation of the model's kernel in a Monte Carlo run, in
     * Bloom index operations (bloom: 1): the work estimates count index operations, and
     * this makes their limit one of time (amq_structure_work_weight, docs/cost-limits.md);
     * each entry states its measurement */
    double work_weight;
    size_t nexamples;
    amq_example examples[AMQ_EXAMPLES_MAX];
    /* realistic parameter sets, shown by `amq structures --demos` and run by make certify */
    size_t ndemos;
    amq_example demos[AMQ_EXAMPLES_MAX];
};

/* ---- The generic adapter: what every entry would otherwise write out the same way ----
 *
 * The typed API of a structure (amq/<s>.h) takes its own handle, `amq_<s> *`; the entry's
 * callbacks take void *.  These macros write the forwarding functions once, at file scope in
 * src/<s>_structure.c:
 *
 *   AMQ_ADAPT_INSTANCE(s)       adapted_load, _save, _free, _add, _query and _clear, over
 *                               amq_<s>_load ... amq_<s>_clear
 *   AMQ_ADAPT_REMOVE(s)         adapted_remove over amq_<s>_remove (structures that remove)
 *   AMQ_ADAPT_QUERY_BATCH(s)    adapted_query_batch over amq_<s>_query_batch
 *   AMQ_ADAPT_RATES(spec, ...)  adapted_fp_exact, _fp_enclose and _fp_decimal over
 *                               <spec>_fp_exact ... (amq/spec_*.h), called with the rate's own
 *                               arguments, expressions of the parameter values v, then n
 *   AMQ_ADAPT_RATES_WITH(prep, spec, ...)  the same, after prep(v, g) has checked v and
 *                               computed g[] (a geometry the arguments may use); its failure
 *                               is returned as it is
 *
 * and the entry names them, with the structure's own parameter table `params` and functions
 * of the fixed names create, create_for, count, params_of, describe, memory and fp_state, by
 * AMQ_ENTRY_INSTANCE and AMQ_ENTRY_RATES.  What differs between structures stays written out in its file. */
#define AMQ_ADAPT_INSTANCE(s)                                                                       \
    static amq_status adapted_load(void **o, const char *path)                                       \
    {                                                                                                \
        return amq_##s##_load((amq_##s **)o, path);                                                  \
    }                                                                                                \
    static amq_status adapted_save(const void *o, const char *path) { return amq_##s##_save(o, path); } \
    static void adapted_free(void *o) { amq_##s##_free(o); }                                         \
    static amq_status adapted_add(void *o, const void *key, size_t len)                              \
    {                                                                                                \
        return amq_##s##_add(o, key, len);                                                           \
    }                                                                                                \
    static int adapted_query(const void *o, const void *key, size_t len)                             \
    {                                                                                                \
        return amq_##s##_query(o, key, len);                                                         \
    }                                                                                                \
    static void adapted_clear(void *o) { amq_##s##_clear(o); }

#define AMQ_ADAPT_REMOVE(s)                                                                          \
    static amq_status adapted_remove(void *o, const void *key, size_t len)                           \
    {                                                                                                \
        return amq_##s##_remove(o, key, len);                                                        \
    }

#define AMQ_ADAPT_QUERY_BATCH(s)                                                                     \
    static void adapted_query_batch(const void *o, const void *const *keys, const size_t *lens,     \
                                    size_t count, int *results)                                      \
    {                                                                                                \
        amq_##s##_query_batch(o, keys, lens, count, results);                                        \
    }

/* prep for AMQ_ADAPT_RATES: the arguments need no geometry. */
static inline amq_status amq_rate_args_given(const uint64_t *v, uint64_t *g)
{
    (void)v;
    (void)g;
    return AMQ_OK;
}

#define AMQ_ADAPT_RATES(spec, ...) AMQ_ADAPT_RATES_WITH(amq_rate_args_given, spec, __VA_ARGS__)

#define AMQ_ADAPT_RATES_WITH(prep, spec, ...)                                                        \
    static amq_status adapted_fp_exact(mpq_t rop, const uint64_t *v, uint64_t n)                     \
    {                                                                                                \
        uint64_t g[AMQ_PARAMS_MAX] = {0};                                                            \
        amq_status st = prep(v, g);                                                                  \
        return st != AMQ_OK ? st : spec##_fp_exact(rop, __VA_ARGS__, n);                             \
    }                                                                                                \
    static amq_status adapted_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const uint64_t *v,  \
                                         uint64_t n)                                                 \
    {                                                                                                \
        uint64_t g[AMQ_PARAMS_MAX] = {0};                                                            \
        amq_status st = prep(v, g);                                                                  \
        return st != AMQ_OK ? st : spec##_fp_enclose(lo, hi, prec, __VA_ARGS__, n);                  \
    }                                                                                                \
    static amq_status adapted_fp_decimal(char **out, const uint64_t *v, uint64_t n, int digits,      \
                                         mpfr_t lo, mpfr_t hi)                                       \
    {                                                                                                \
        uint64_t g[AMQ_PARAMS_MAX] = {0};                                                            \
        amq_status st = prep(v, g);                                                                  \
        return st != AMQ_OK ? st : spec##_fp_decimal(out, __VA_ARGS__, n, digits, lo, hi);           \
    }

#define AMQ_ENTRY_INSTANCE                                                                           \
    .params = params, .nparams = sizeof params / sizeof params[0], .create = create,                 \
    .create_for = create_for, .load = adapted_load, .save = adapted_save, .free = adapted_free,      \
    .add = adapted_add, .query = adapted_query, .clear = adapted_clear, .count = count,              \
    .params_of = params_of, .describe = describe, .memory = memory

#define AMQ_ENTRY_RATES                                                                              \
    .fp_exact = adapted_fp_exact, .fp_enclose = adapted_fp_enclose,                                  \
    .fp_decimal = adapted_fp_decimal, .fp_state = fp_state

/* The entry's lists, each with its count derived from it (not written beside it):
 * AMQ_APPROXES({"classic", approx_classic}, {"exp", approx_exp}) sets napprox = 2 and approx. */
#define AMQ_COUNTED(type, ...) (sizeof((type[]){__VA_ARGS__}) / sizeof(type))
#define AMQ_APPROXES(...) .napprox = AMQ_COUNTED(amq_approx, __VA_ARGS__), .approx = {__VA_ARGS__}
#define AMQ_BOUNDS(...) .nbounds = AMQ_COUNTED(amq_bound, __VA_ARGS__), .bounds = {__VA_ARGS__}
#define AMQ_EXAMPLES(...) .nexamples = AMQ_COUNTED(amq_example, __VA_ARGS__), .examples = {__VA_ARGS__}
#define AMQ_DEMOS(...) .ndemos = AMQ_COUNTED(amq_example, __VA_ARGS__), .demos = {__VA_ARGS__}

/* A model's geometry: out->geom = a malloc'd copy of geom[0..size), returned for the kernel
 * descriptor to point to (amq_model_free frees it); NULL with "<who> model: out of memory". */
void *amq_model_keep(amq_model_state *out, const void *geom, size_t size, const char *who);

/* ops[0..count) in order on f: results[i] = 1 / 0 for the queries (other entries are left
 * alone); AMQ_OK with *done = count, or the first failure with *done = the operations done
 * before it (filter.c; through s->run_ops when the structure has it). */
amq_status amq_filter_run_ops(amq_filter *f, const amq_filter_op *ops, size_t count, int *results, size_t *done);

/* Shared by the structure files. */
void amq_emit_u64(amq_property_fn emit, void *ctx, const char *key, const char *label, uint64_t u,
                  const char *note);
void amq_emit_double(amq_property_fn emit, void *ctx, const char *key, const char *label, double d,
                     const char *note);
void amq_emit_text(amq_property_fn emit, void *ctx, const char *key, const char *label, const char *text,
                   const char *note);
/* "used" = used positions (label: what a position is) and "fill" = used / total. */
void amq_emit_fill(amq_property_fn emit, void *ctx, const char *label, uint64_t used, uint64_t total);
/* The Bloom edge cases and moments (bloom_structure.c; v = {m, k, ...}), shared by the
 * structures with its rate. */
const char *amq_bloom_fp_note(const uint64_t *v, uint64_t n);
amq_status amq_bloom_fp_moment(mpfr_t lo, mpfr_t hi, int bits, const uint64_t *v, uint64_t n, uint64_t j);
double amq_bloom_fp_moment_work(const uint64_t *v, uint64_t n, uint64_t j, int bits);
/* The estimated CPU time in ns of amq_structure_fp_moment_enclose with these arguments, before
 * it runs (the structure's fp_moment_work); INFINITY where it would be refused, NAN when the
 * structure has no moments. */
double amq_structure_fp_moment_work(const amq_structure *s, const amq_params *p, uint64_t n, uint64_t j, int bits);
/* The blocked Bloom edge cases (blocked_bloom_structure.c): v = {blocks, block size, k}. */
const char *amq_blocked_fp_note(const uint64_t *v, uint64_t n);
/* Count from a fill estimate (double; +inf when saturated). */
amq_status amq_count_from_estimate(double est, uint64_t *count, int *exact);
/* rop = (sum over the blocks of x_b^k) / (blocks * size^k) for the histogram hist[x] =
 * number of blocks with x of `size` positions set, x = 0..size: the chance that k
 * independent uniform positions of a uniformly chosen block are all set. */
amq_status amq_fp_state_histogram(mpq_t rop, const uint64_t *hist, uint64_t size, uint64_t blocks, uint64_t k);

/* Set positions of bits [from, from + len) of a packed bit array (bit p in word p/64). */
uint64_t amq_popcount_range(const uint64_t *words, uint64_t from, uint64_t len);
/* The state rate of a blocked bit array: nblocks blocks of block_bits bits, k uniform
 * positions in a uniform block: (sum_b x_b^k) / (nblocks * block_bits^k). */
amq_status amq_fp_state_blocks(mpq_t rop, const uint64_t *words, uint64_t nblocks, uint64_t block_bits, uint64_t k);
/* rop = (x / size)^k: k independent uniform positions of `size` are all among x set ones. */
amq_status amq_fp_state_power(mpq_t rop, uint64_t x, uint64_t size, uint64_t k);

/* The structure's capacity for parameters p (struct amq_structure's capacity), UINT64_MAX when
 * it has none or p is not valid (then the rate's own checks report it). */
uint64_t amq_structure_capacity(const amq_structure *s, const amq_params *p);

#endif
