/* Key-level sliding-window Bloom filter: it keeps the last W insertions (design, proofs and
 * rates: docs/sliding-window.md, amq/spec_window.h).
 *
 * A ring of g >= 2 generations of m bits each over the proved window kernel. A key's k
 * indices (XXH3, amq/hash.h) are the same in every generation; a generation takes
 * c = ceil(W / (g - 1)) insertions, and the insertion that fills it rotates: the oldest
 * generation is cleared and becomes current. Guarantees: a key added within the last
 * (g - 1) c >= W insertions is always found (proved on the kernel, Frama-C unit `window`);
 * a key's own bits are gone after at least (g - 1) c and at most g c - 1 further insertions,
 * after which it tests positive only as a fresh key does (at the filter's false-positive
 * rate). Every failing call returns a status, leaves a message in amq_last_error(), and
 * changes nothing.
 *
 * NULL arguments follow the rule of amq/error.h (AMQ_E_INVALID_ARG, -1 for a query, 0 for a
 * getter or count, NaN for an estimate, nothing for clear and free); optional: achieved. */
#ifndef AMQ_WINDOW_H
#define AMQ_WINDOW_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/limits.h>

/* Most generations (the kernel's generation table lives on the stack). */
#define AMQ_WINDOW_MAX_G 64u

typedef struct amq_window amq_window;

/* m bits per generation (>= 1), k indices per key (1 .. AMQ_MAX_K), window W >= 1,
 * g generations (2 .. AMQ_WINDOW_MAX_G). */
AMQ_API amq_status amq_window_create(amq_window **out, uint64_t m, uint64_t k, uint64_t W, uint64_t g,
                                     amq_hash_strategy strategy, uint64_t seed);
/* The parameter check of amq_window_create, without allocating: AMQ_OK exactly when it would
 * accept (m, k, W, g, strategy) (it may still fail to allocate). */
AMQ_API amq_status amq_window_check_params(uint64_t m, uint64_t k, uint64_t W, uint64_t g,
                                           amq_hash_strategy strategy);
/* Sizing for a window of W keys with g generations: the (m, k) of least m whose certified
 * largest steady-state false-positive rate (the current generation one key short of
 * full, amq_window_fp_steady_range) is <= fpr; its certified upper bound goes to
 * *achieved if non-NULL. */
AMQ_API amq_status amq_window_size_for(uint64_t W, double fpr, uint64_t g, uint64_t *m, uint64_t *k,
                                       double *achieved);
AMQ_API amq_status amq_window_create_for(amq_window **out, uint64_t W, double fpr, uint64_t g,
                                         amq_hash_strategy strategy, uint64_t seed, double *achieved);
AMQ_API void amq_window_free(amq_window *w);
AMQ_API amq_status amq_window_add(amq_window *w, const void *key, size_t len);
/* 1: added within the window (always) or a false positive; 0: not added within the window. */
AMQ_API int amq_window_query(const amq_window *w, const void *key, size_t len);
/* Forgets everything: the state of a new filter (insertion count included). */
AMQ_API void amq_window_clear(amq_window *w);
/* Insertions the generations hold now (duplicates counted): the sum of their loads. */
AMQ_API uint64_t amq_window_count(const amq_window *w);
/* Insertions since creation or the last clear (saturates at UINT64_MAX). */
AMQ_API uint64_t amq_window_insertions(const amq_window *w);
/* Insertions held by generation `age` (0 = current, 1 = the one before, ...); 0 for age >= g. */
AMQ_API uint64_t amq_window_generation_load(const amq_window *w, uint64_t age);
AMQ_API uint64_t amq_window_m(const amq_window *w);
AMQ_API uint64_t amq_window_k(const amq_window *w);
/* The window W. */
AMQ_API uint64_t amq_window_length(const amq_window *w);
AMQ_API uint64_t amq_window_g(const amq_window *w);
/* Insertions per generation, c = ceil(W / (g - 1)). */
AMQ_API uint64_t amq_window_cap(const amq_window *w);
AMQ_API amq_hash_strategy amq_window_strategy(const amq_window *w);
AMQ_API uint64_t amq_window_seed(const amq_window *w);
/* Persistence through the common container (docs/files.md). */
AMQ_API amq_status amq_window_save(const amq_window *w, const char *path);
AMQ_API amq_status amq_window_load(amq_window **out, const char *path);
#endif
