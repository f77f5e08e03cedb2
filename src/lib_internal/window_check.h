/* Internal: the sliding-window Bloom filter's geometry and its kernel descriptor for the
 * cross-checks (design and guarantees: docs/sliding-window.md; rates: amq/spec_window.h;
 * the key-level filter: amq/window.h).
 *
 * g >= 2 generations of m bits each; a key's k indices are the same in every generation;
 * a generation takes c = ceil(W / (g - 1)) keys and the insertion that fills it rotates:
 * the oldest generation is cleared and becomes current.  Guarantees (the first proved by
 * Frama-C WP on the kernel, unit `window`): every key among the last (g - 1) c >= W
 * insertions is found; a key's own bits are cleared after at least (g - 1) c and at most
 * g c - 1 further insertions. */
#ifndef AMQ_INTERNAL_WINDOW_CHECK_H
#define AMQ_INTERNAL_WINDOW_CHECK_H
#include <stddef.h>
#include <stdint.h>
#include <amq/check.h>
#include <amq/window.h>


typedef struct amq_window_geom {
    uint64_t m;   /* bits per generation, >= 1                                  */
    uint64_t k;   /* indices per key, <= AMQ_MAX_K                        */
    uint64_t W;   /* window: the last W insertions are always found, >= 1        */
    uint64_t g;   /* generations, 2 .. AMQ_WINDOW_MAX_G                          */
    uint64_t cap; /* keys per generation, ceil(W / (g - 1)): set by amq_window_geom_make */
} amq_window_geom;

/* Validates the parameters and fills *out (cap included). AMQ_E_INVALID_M for m = 0,
 * AMQ_E_INVALID_K for k > AMQ_MAX_K, AMQ_E_INVALID_ARG for W = 0 or g outside
 * [2, AMQ_WINDOW_MAX_G], AMQ_E_OVERFLOW when the state does not fit in memory. */
amq_status amq_window_geom_make(amq_window_geom *out, uint64_t m, uint64_t k, uint64_t W, uint64_t g);

/* State words of the descriptor's plain-data state: [cur][count 0..g-1][generation 0]..[g-1],
 * each generation AMQ_BLOOM_WORDS(m) words. */
uint64_t amq_window_state_words(const amq_window_geom *geo);

/* Kernel functions of the window kernel's shape (lib_internal/window_kernel.h): generation
 * table, counts, current generation, g, cap, m, one index vector of k entries. */
typedef void (*amq_window_add_fn)(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                  uint64_t cap, uint64_t m, const uint64_t *idx, size_t k);
typedef int (*amq_window_query_fn)(uint64_t *const *gen, uint64_t g, uint64_t m, const uint64_t *idx,
                                   size_t k);
typedef struct amq_window_ops {
    const char *name;
    amq_window_add_fn add;     /* required */
    amq_window_query_fn query; /* required */
} amq_window_ops;

/* The real (proved) kernel: amq_window_kernel_add / amq_window_kernel_query. */
const amq_window_ops *amq_window_ops_real(void);

/* A window kernel to check: geometry (from amq_window_geom_make) and kernel functions
 * (ops NULL = the real kernel; tests pass deliberately broken variants). */
typedef struct amq_window_desc {
    amq_window_geom geo;
    const amq_window_ops *ops;
} amq_window_desc;

/* Descriptor (amq/check.h) of the window kernel *desc for amq_check_enum_fp / amq_check_mc:
 * a hash outcome is one index vector of k indices per key; clear is the proved
 * amq_window_kernel_init; the n inserted vectors go through add in order, so rotations
 * happen inside the checks exactly as in use. *desc (and its ops) must outlive the
 * descriptor: it is kept in out->ctx. */
amq_status amq_ops_window(amq_ops *out, const amq_window_desc *desc);

/* The exact rate after N insertions rounded to a double, from a certified enclosure of
 * relative width <= 2^-64 (so within one unit in the last place). For the statistics of
 * amq_check_ops_mc only. */
amq_status amq_check_window_rate(double *p, const amq_window_geom *geo, uint64_t N);

#endif
