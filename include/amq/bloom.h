/* Key-level Bloom filter: XXH3 index strategies over the proved kernel
 * (contract and proof: proofs/doc/bloom.md). All sizes and counts are 64-bit. Every failing call
 * returns a status, leaves a message in amq_last_error(), and changes nothing.
 *
 * NULL arguments follow the rule of amq/error.h (AMQ_E_INVALID_ARG, -1 for a query, 0 for a
 * getter or count, NaN for an estimate, nothing for clear and free); optional: achieved. */
#ifndef AMQ_BLOOM_H
#define AMQ_BLOOM_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/limits.h>

typedef struct amq_bloom amq_bloom;

/* A filter of m bits (1 <= m <= 2^64-1) and k hash functions (1 <= k <= AMQ_MAX_K). */
AMQ_API amq_status amq_bloom_create(amq_bloom **out, uint64_t m, uint64_t k,
                            amq_hash_strategy strategy, uint64_t seed);
/* Size a filter for n expected keys at false-positive rate <= fpr, using the exact
 * (certified) rate: smallest m, then k, whose certified upper bound is <= fpr.
 * The achieved rate's certified upper bound is written to *achieved if non-NULL. */
AMQ_API amq_status amq_bloom_create_for(amq_bloom **out, uint64_t n, double fpr,
                                amq_hash_strategy strategy, uint64_t seed, double *achieved);
/* Pure sizing, as above, without allocating. */
AMQ_API amq_status amq_bloom_size_for(uint64_t n, double fpr, uint64_t *m, uint64_t *k, double *achieved);
AMQ_API void amq_bloom_free(amq_bloom *bf);

AMQ_API amq_status amq_bloom_add(amq_bloom *bf, const void *key, size_t len);
/* 1: maybe present, 0: definitely absent; -1 for a NULL filter, or a NULL key with len > 0. */
AMQ_API int amq_bloom_query(const amq_bloom *bf, const void *key, size_t len);
AMQ_API void amq_bloom_clear(amq_bloom *bf);
/* dst |= src; both must have equal m, k, strategy and seed. */
AMQ_API amq_status amq_bloom_union(amq_bloom *dst, const amq_bloom *src);

AMQ_API uint64_t amq_bloom_count_bits(const amq_bloom *bf);
/* Estimated number of distinct keys inserted, from the fill ratio (Dillinger &
 * Manolios section 3.3): i = ln(p0) / (k ln(1 - 1/m)), p0 the fraction of zero bits.
 * An approximation (double). Returns +infinity when every bit is set. */
AMQ_API double amq_bloom_estimate_count(const amq_bloom *bf);

/* The same estimate from raw figures: `used` of m positions set, k hashes. Shared by
 * every structure whose set positions follow the Bloom occupancy law. */
AMQ_API double amq_fill_estimate(uint64_t used, uint64_t m, uint64_t k);

AMQ_API uint64_t amq_bloom_m(const amq_bloom *bf);
AMQ_API uint64_t amq_bloom_k(const amq_bloom *bf);
AMQ_API amq_hash_strategy amq_bloom_strategy(const amq_bloom *bf);
AMQ_API uint64_t amq_bloom_seed(const amq_bloom *bf);

/* Persistence through the common container (docs/files.md). */
AMQ_API amq_status amq_bloom_save(const amq_bloom *bf, const char *path);
AMQ_API amq_status amq_bloom_load(amq_bloom **out, const char *path);

#endif
