/* Internal: the state of the blocked structures and the kernels' view of a key, for tests
 * and benchmarks (not installed). */
#ifndef AMQ_INTERNAL_BLOCKED_STATE_H
#define AMQ_INTERNAL_BLOCKED_STATE_H
#include <stddef.h>
#include <stdint.h>
#include <amq/blocked_bloom.h>
#include <amq/split_block.h>
#include <amq/partitioned.h>
#include <amq/counting_blocked.h>
#include <amq/blocked_quotient.h>

/* Bit arrays packed as the Bloom kernel packs them: bit p in word p/64 at p%64. */
const uint64_t *amq_blocked_bloom_words(const amq_blocked_bloom *b);
uint64_t amq_blocked_bloom_nwords(const amq_blocked_bloom *b);
const uint64_t *amq_split_block_words(const amq_split_block *f);
uint64_t amq_split_block_nwords(const amq_split_block *f);
/* The bit array of a new split-block filter, for an importer to fill (amq/parquet.h). */
uint64_t *amq_split_block_words_to_fill(amq_split_block *f);
const uint64_t *amq_partitioned_words(const amq_partitioned *p);
uint64_t amq_partitioned_nwords(const amq_partitioned *p);
/* Counter i < amq_counting_blocked_m(c). */
unsigned amq_counting_blocked_counter(const amq_counting_blocked *c, uint64_t i);

/* A key as the kernels see it: its block and in-block indices (idx: room for k). */
void amq_blocked_bloom_locate(const amq_blocked_bloom *b, const void *key, size_t len, uint64_t *block,
                              uint64_t *idx);
/* r[i]: the bit of word i, i < 8. */
void amq_split_block_locate(const amq_split_block *f, const void *key, size_t len, uint64_t *block, uint64_t *r);
/* local[t]: the bit inside partition t, t < k. */
void amq_partitioned_locate(const amq_partitioned *p, const void *key, size_t len, uint64_t *local);
void amq_counting_blocked_locate(const amq_counting_blocked *c, const void *key, size_t len, uint64_t *block,
                                 uint64_t *idx);
/* qr[0]: the quotient, qr[1]: the remainder of the key's fingerprint. */
void amq_blocked_quotient_locate(const amq_blocked_quotient *b, const void *key, size_t len, uint64_t *block,
                                 uint64_t *qr);

/* Distinct (block, fingerprint) pairs stored: the copies of a fingerprint count once. */
uint64_t amq_blocked_quotient_distinct(const amq_blocked_quotient *b);

#endif
