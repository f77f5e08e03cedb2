/* Partitioned Bloom filter: m bits in k partitions of m/k bits; index t of the key's XXH3
 * strategy vector (amq/hash.h) over [0, m/k) sets a bit of partition t.  Runs the proved
 * partitioned kernel.  FP rate (exactly (1 - (1 - k/m)^n)^k) and sizing:
 * amq_partitioned_fp_* and amq_partitioned_size_for (amq/spec_blocked.h).  Every failing
 * call returns a status, leaves a message in amq_last_error(), and changes nothing.
 *
 * NULL arguments follow the rule of amq/error.h (AMQ_E_INVALID_ARG, -1 for a query and for
 * each result of a batch, 0 for a getter or count, NaN for an estimate, nothing for clear
 * and free); optional: achieved. */
#ifndef AMQ_PARTITIONED_H
#define AMQ_PARTITIONED_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/limits.h>

typedef struct amq_partitioned amq_partitioned;

/* m >= 1 bits, 1 <= k <= AMQ_MAX_K partitions (bits per key), k dividing m. */
AMQ_API amq_status amq_partitioned_create(amq_partitioned **out, uint64_t m, uint64_t k, amq_hash_strategy strategy,
                                  uint64_t seed);
/* (m, k) from amq_partitioned_size_for(n, fpr): certified FP <= fpr after n keys; that
 * certified bound goes to *achieved if non-NULL. */
AMQ_API amq_status amq_partitioned_create_for(amq_partitioned **out, uint64_t n, double fpr, amq_hash_strategy strategy,
                                      uint64_t seed, double *achieved);
AMQ_API void amq_partitioned_free(amq_partitioned *p);

AMQ_API amq_status amq_partitioned_add(amq_partitioned *p, const void *key, size_t len);
/* 1: maybe present, 0: definitely absent; -1 for a NULL filter, or a NULL key with len > 0. */
AMQ_API int amq_partitioned_query(const amq_partitioned *p, const void *key, size_t len);
/* results[i] = amq_partitioned_query(p, keys[i], lens[i]), hashing a batch of keys and
 * prefetching before answering. */
AMQ_API void amq_partitioned_query_batch(const amq_partitioned *p, const void *const *keys, const size_t *lens,
                                 size_t count, int *results);
AMQ_API void amq_partitioned_clear(amq_partitioned *p);

AMQ_API uint64_t amq_partitioned_count_bits(const amq_partitioned *p);
/* Distinct keys estimated from the fill ratio; an approximation (double), +infinity when
 * every bit is set. */
AMQ_API double amq_partitioned_estimate_count(const amq_partitioned *p);

AMQ_API uint64_t amq_partitioned_m(const amq_partitioned *p);
AMQ_API uint64_t amq_partitioned_k(const amq_partitioned *p);
AMQ_API uint64_t amq_partitioned_partition_bits(const amq_partitioned *p); /* m / k */
AMQ_API amq_hash_strategy amq_partitioned_strategy(const amq_partitioned *p);
AMQ_API uint64_t amq_partitioned_seed(const amq_partitioned *p);

/* Persistence through the common container. */
AMQ_API amq_status amq_partitioned_save(const amq_partitioned *p, const char *path);
AMQ_API amq_status amq_partitioned_load(amq_partitioned **out, const char *path);

#endif
