/* Key-level counting Bloom filter over the proved counting kernels
 * (contract and proof: proofs/doc/counting.md): counters of 4 bits (packed) or 8 bits, saturating and
 * sticky, so overflow can cost accuracy but never cause a false negative.
 * Its FP rate is the Bloom rate (Ceramist Theorem 8, by reduction).
 *
 * NULL arguments follow the rule of amq/error.h (AMQ_E_INVALID_ARG, -1 for a query, 0 for a
 * getter or count, NaN for an estimate, nothing for clear and free); optional: achieved. */
#ifndef AMQ_COUNTING_H
#define AMQ_COUNTING_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/limits.h>

typedef struct amq_counting amq_counting;

/* m counters of `width` bits (4 or 8), k hash functions (1 <= k <= AMQ_MAX_K). */
AMQ_API amq_status amq_counting_create(amq_counting **out, uint64_t m, uint64_t k, unsigned width,
                               amq_hash_strategy strategy, uint64_t seed);
/* Sized like a Bloom filter for n keys at FP <= fpr (exact rate, Theorem 8). */
AMQ_API amq_status amq_counting_create_for(amq_counting **out, uint64_t n, double fpr, unsigned width,
                                   amq_hash_strategy strategy, uint64_t seed, double *achieved);
AMQ_API void amq_counting_free(amq_counting *cf);

AMQ_API amq_status amq_counting_add(amq_counting *cf, const void *key, size_t len);
AMQ_API int amq_counting_query(const amq_counting *cf, const void *key, size_t len);
/* Refused with AMQ_E_NOT_PRESENT, changing nothing, when the key's counters do not
 * cover it (some counter of the key is below its multiplicity and not saturated). */
AMQ_API amq_status amq_counting_remove(amq_counting *cf, const void *key, size_t len);
AMQ_API void amq_counting_clear(amq_counting *cf);

/* Net number of insertions (adds minus removes, duplicates counted), exact by
 * Theorem 12 (sum of counters / k) while no counter has saturated; otherwise
 * AMQ_E_SATURATED. */
AMQ_API amq_status amq_counting_count(const amq_counting *cf, uint64_t *count);
/* Distinct keys estimated from the fraction of non-zero counters (as for Bloom). */
AMQ_API double amq_counting_estimate_count(const amq_counting *cf);
AMQ_API uint64_t amq_counting_nonzero(const amq_counting *cf);
AMQ_API uint64_t amq_counting_saturated(const amq_counting *cf);
/* Value of counter i (i < m); 0 for i >= m (no counter there) or a NULL filter. */
AMQ_API unsigned amq_counting_get(const amq_counting *cf, uint64_t i);

AMQ_API uint64_t amq_counting_m(const amq_counting *cf);
AMQ_API uint64_t amq_counting_k(const amq_counting *cf);
AMQ_API unsigned amq_counting_width(const amq_counting *cf);
AMQ_API amq_hash_strategy amq_counting_strategy(const amq_counting *cf);
AMQ_API uint64_t amq_counting_seed(const amq_counting *cf);

AMQ_API amq_status amq_counting_save(const amq_counting *cf, const char *path);
AMQ_API amq_status amq_counting_load(amq_counting **out, const char *path);

#endif
