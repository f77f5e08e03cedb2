/* Counting blocked Bloom filter: nblocks blocks of block_counters counters of `width` bits
 * (4: packed two per byte, or 8), sticky and saturating; a key adds 1 to k counters of one
 * block, hashed as the blocked Bloom filter (amq/blocked_bloom.h).  Runs the proved counting
 * blocked kernels: overflow can cost accuracy, never a false negative.  Its FP rate is the
 * blocked Bloom rate with blocks of block_counters positions (amq_counting_blocked_fp_*,
 * amq/spec_blocked.h).  Every failing call returns a status, leaves a message in
 * amq_last_error(), and changes nothing.
 *
 * NULL arguments follow the rule of amq/error.h (AMQ_E_INVALID_ARG, -1 for a query and for
 * each result of a batch, 0 for a getter or count, NaN for an estimate, nothing for clear
 * and free); optional: achieved. */
#ifndef AMQ_COUNTING_BLOCKED_H
#define AMQ_COUNTING_BLOCKED_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/limits.h>

/* Counters in one 64-byte cache line: 128 of 4 bits, 64 of 8 bits. */
#define AMQ_COUNTING_BLOCKED_LINE_COUNTERS(width) (512u / (width))
#define AMQ_COUNTING_BLOCKED_MAX_BLOCK_COUNTERS (UINT64_C(1) << 32)

typedef struct amq_counting_blocked amq_counting_blocked;

/* nblocks >= 1 blocks of block_counters counters (1 <= block_counters <=
 * AMQ_COUNTING_BLOCKED_MAX_BLOCK_COUNTERS), k counters per key (1 <= k <= AMQ_MAX_K),
 * width 4 or 8. */
AMQ_API amq_status amq_counting_blocked_create(amq_counting_blocked **out, uint64_t nblocks, uint64_t block_counters,
                                       uint64_t k, unsigned width, amq_hash_strategy strategy, uint64_t seed);
/* Blocks of one cache line (AMQ_COUNTING_BLOCKED_LINE_COUNTERS(width)), (nblocks, k) from
 * amq_blocked_bloom_size_for(n, fpr) at that block size: certified FP <= fpr after n keys;
 * that certified bound goes to *achieved if non-NULL. */
AMQ_API amq_status amq_counting_blocked_create_for(amq_counting_blocked **out, uint64_t n, double fpr, unsigned width,
                                           amq_hash_strategy strategy, uint64_t seed, double *achieved);
AMQ_API void amq_counting_blocked_free(amq_counting_blocked *c);

AMQ_API amq_status amq_counting_blocked_add(amq_counting_blocked *c, const void *key, size_t len);
/* 1: maybe present, 0: definitely absent; -1 for a NULL filter, or a NULL key with len > 0. */
AMQ_API int amq_counting_blocked_query(const amq_counting_blocked *c, const void *key, size_t len);
/* results[i] = amq_counting_blocked_query(c, keys[i], lens[i]), hashing a batch of keys
 * and prefetching their blocks before answering. */
AMQ_API void amq_counting_blocked_query_batch(const amq_counting_blocked *c, const void *const *keys, const size_t *lens,
                                      size_t count, int *results);
/* Refused with AMQ_E_NOT_PRESENT, changing nothing, when one of the key's counters is
 * below the key's multiplicity among its indices.  Remove only keys you added. */
AMQ_API amq_status amq_counting_blocked_remove(amq_counting_blocked *c, const void *key, size_t len);
AMQ_API void amq_counting_blocked_clear(amq_counting_blocked *c);

/* Net insertions (sum of counters / k), exact while no counter is saturated;
 * AMQ_E_SATURATED otherwise. */
AMQ_API amq_status amq_counting_blocked_count(const amq_counting_blocked *c, uint64_t *count);
AMQ_API uint64_t amq_counting_blocked_nonzero(const amq_counting_blocked *c);
AMQ_API uint64_t amq_counting_blocked_saturated(const amq_counting_blocked *c);
/* Distinct keys estimated from the fraction of zero counters; an approximation (double),
 * +infinity when no counter is zero. */
AMQ_API double amq_counting_blocked_estimate_count(const amq_counting_blocked *c);

AMQ_API uint64_t amq_counting_blocked_nblocks(const amq_counting_blocked *c);
AMQ_API uint64_t amq_counting_blocked_block_counters(const amq_counting_blocked *c);
AMQ_API uint64_t amq_counting_blocked_m(const amq_counting_blocked *c); /* counters: nblocks * block_counters */
AMQ_API uint64_t amq_counting_blocked_k(const amq_counting_blocked *c);
AMQ_API unsigned amq_counting_blocked_width(const amq_counting_blocked *c);
AMQ_API amq_hash_strategy amq_counting_blocked_strategy(const amq_counting_blocked *c);
AMQ_API uint64_t amq_counting_blocked_seed(const amq_counting_blocked *c);

/* Persistence through the common container. */
AMQ_API amq_status amq_counting_blocked_save(const amq_counting_blocked *c, const char *path);
AMQ_API amq_status amq_counting_blocked_load(amq_counting_blocked **out, const char *path);

#endif
