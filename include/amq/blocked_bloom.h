/* Blocked Bloom filter: nblocks blocks of block_bits bits; a key sets k bits inside one
 * block, chosen by a salted XXH3-64 of the key, with in-block indices from the chosen
 * XXH3 strategy (amq/hash.h).  Runs the proved blocked Bloom kernel.  FP rate and sizing:
 * amq_blocked_bloom_fp_* and amq_blocked_bloom_size_for (amq/spec_blocked.h); method:
 * docs/blocked.md.  Every failing call returns a status, leaves a message in
 * amq_last_error(), and changes nothing. */
#ifndef AMQ_BLOCKED_BLOOM_H
#define AMQ_BLOCKED_BLOOM_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/limits.h>

#define AMQ_BLOCKED_BLOOM_BLOCK_BITS 512u                      /* one 64-byte cache line */
#define AMQ_BLOCKED_BLOOM_MAX_BLOCK_BITS (UINT64_C(1) << 32)

typedef struct amq_blocked_bloom amq_blocked_bloom;

/* nblocks >= 1 blocks of block_bits bits (1 <= block_bits <= AMQ_BLOCKED_BLOOM_MAX_BLOCK_BITS),
 * k bits per key (1 <= k <= AMQ_MAX_K). */
AMQ_API amq_status amq_blocked_bloom_create(amq_blocked_bloom **out, uint64_t nblocks, uint64_t block_bits, uint64_t k,
                                    amq_hash_strategy strategy, uint64_t seed);
/* Blocks of AMQ_BLOCKED_BLOOM_BLOCK_BITS, (nblocks, k) from amq_blocked_bloom_size_for(n, fpr):
 * certified FP <= fpr after n keys; that certified bound goes to *achieved if non-NULL. */
AMQ_API amq_status amq_blocked_bloom_create_for(amq_blocked_bloom **out, uint64_t n, double fpr,
                                        amq_hash_strategy strategy, uint64_t seed, double *achieved);
AMQ_API void amq_blocked_bloom_free(amq_blocked_bloom *b);

AMQ_API amq_status amq_blocked_bloom_add(amq_blocked_bloom *b, const void *key, size_t len);
/* 1: maybe present, 0: definitely absent; -1 for a NULL filter, or a NULL key with len > 0. */
AMQ_API int amq_blocked_bloom_query(const amq_blocked_bloom *b, const void *key, size_t len);
/* results[i] = amq_blocked_bloom_query(b, keys[i], lens[i]), hashing a batch of keys and
 * prefetching their blocks before answering (for filters larger than the caches). */
AMQ_API void amq_blocked_bloom_query_batch(const amq_blocked_bloom *b, const void *const *keys, const size_t *lens,
                                   size_t count, int *results);
AMQ_API void amq_blocked_bloom_clear(amq_blocked_bloom *b);

AMQ_API uint64_t amq_blocked_bloom_count_bits(const amq_blocked_bloom *b);
/* Distinct keys estimated from the fill ratio; an approximation (double), +infinity when
 * every bit is set. */
AMQ_API double amq_blocked_bloom_estimate_count(const amq_blocked_bloom *b);

AMQ_API uint64_t amq_blocked_bloom_nblocks(const amq_blocked_bloom *b);
AMQ_API uint64_t amq_blocked_bloom_block_bits(const amq_blocked_bloom *b);
AMQ_API uint64_t amq_blocked_bloom_m(const amq_blocked_bloom *b); /* nblocks * block_bits */
AMQ_API uint64_t amq_blocked_bloom_k(const amq_blocked_bloom *b);
AMQ_API amq_hash_strategy amq_blocked_bloom_strategy(const amq_blocked_bloom *b);
AMQ_API uint64_t amq_blocked_bloom_seed(const amq_blocked_bloom *b);

/* Persistence through the common container. */
AMQ_API amq_status amq_blocked_bloom_save(const amq_blocked_bloom *b, const char *path);
AMQ_API amq_status amq_blocked_bloom_load(amq_blocked_bloom **out, const char *path);

#endif
