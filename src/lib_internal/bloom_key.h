/* Internal: the key-level Bloom filter's add and query without allocation or I/O (hash, then
 * the proved kernel); src/bloom.c's amq_bloom_add and amq_bloom_query are these functions plus
 * the error message.  Proved by the unit bloom_key against the hash model
 * (acsl/amq/hash_model.h) and the index sequences (acsl/amq/hash_stream_logic.h). */
#ifndef AMQ_INTERNAL_BLOOM_KEY_H
#define AMQ_INTERNAL_BLOOM_KEY_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/limits.h>
#include <lib_internal/bloom_kernel.h>
#include <lib_internal/hash_stream.h>

/* The query's one early test: after three bits a negative (about half of a filter's bits set)
 * has ended seven times in eight, so the branch is predictable in a run of negatives, and a
 * negative reads three words, not k.  An exit after each bit costs a mispredicted branch
 * (where it ends is random), more than the reads; out of cache the three reads miss in
 * parallel.  n = 1e6, 1%, k = 7 (a scratch harness, 2026-12-01, make check running beside
 * it): a negative 22.8 -> 16.7-17.2 ns (2 bits: 18.4-19.5, 4: 16.9-20.2), a positive
 * unchanged (22-24 ns).  Filters larger than the caches (a scratch harness, 2026-12-02, caches
 * flushed before each pass of 1e7 queries, the least of 4-8 passes): n = 1e7 (12 MB) a
 * negative 101.8 ns stopping at the first clear bit against 74.5 after three, a positive
 * 114.5 against 94.8; n = 1e8 (120 MB) 182.7-196.6 against 146.0-180.6, a positive 211.7-224.8
 * against 211.7-229.6; so the one test is used at every size.  A run that mixes positives
 * and negatives at random pays a mispredicted branch on some of its queries instead. */
#define AMQ_BLOOM_KEY_FIRST 3u

/*@ // every one of the key's k indices, the key's bytes read at Lk, has its bit set at Lb
    predicate amq_bloom_key_set{Lb, Lk}(uint64_t *bits, integer k, integer s, uint64_t seed, char *key,
                                  integer len, integer m) =
      \forall integer t; 0 <= t < k ==>
        amq_bloom_bit_set{Lb}(bits, amq_hash_stream_index{Lk}(s, seed, key, len, m, t));
*/

/* Add the key: its k indices (amq_hash_indices) to the kernel.  Refuses a NULL key with len > 0
 * (AMQ_E_INVALID_ARG) and then writes nothing; that is the only way it fails. */
/*@ requires m_pos:      m >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    behavior refused:
      assumes key == \null && len > 0;
      assigns \nothing;
      ensures status:    \result == AMQ_E_INVALID_ARG;
      ensures unchanged: \forall integer w; 0 <= w < amq_bloom_words(m) ==> bits[w] == \old(bits[w]);
    behavior added:
      assumes !(key == \null && len > 0);
      requires key_valid: \valid_read((char *)key + (0 .. len - 1));
      assigns bits[0 .. amq_bloom_words(m) - 1];
      ensures status:   \result == AMQ_OK;
      ensures inserted: amq_bloom_key_set{Post, Pre}(bits, k, s, seed, (char *)key, len, m);
      ensures range:    amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, m);
      ensures monotone: amq_bloom_monotone{Pre, Post}(bits, amq_bloom_words(m));
      ensures frame:    \forall integer p; 0 <= p < 64 * amq_bloom_words(m) ==>
                          (\forall integer t; 0 <= t < k ==>
                             amq_hash_stream_index{Pre}(s, seed, (char *)key, len, m, t) != p) ==>
                          (amq_bloom_bit_set{Post}(bits, p) <==> amq_bloom_bit_set{Pre}(bits, p));
    complete behaviors;
    disjoint behaviors;
*/
amq_status amq_bloom_key_add(uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed,
                             const void *key, size_t len);

/* Query the key: one index at a time from the stream, its bit read as the kernel reads it,
 * tested once after AMQ_BLOOM_KEY_FIRST bits and at the end; the answer is the kernel's on all
 * k indices (unit bloom_key). */
/*@ requires m_pos:      m >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid: \valid_read(bits + (0 .. amq_bloom_words(m) - 1));
    requires key_valid:  \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    behavior present:
      assumes amq_bloom_key_set{Here, Here}(bits, k, s, seed, (char *)key, len, m);
      ensures found: \result == 1;
      ensures range: amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, m);
    behavior absent:
      assumes !amq_bloom_key_set{Here, Here}(bits, k, s, seed, (char *)key, len, m);
      ensures not_found: \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_bloom_key_query(const uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed,
                        const void *key, size_t len);

#endif
