/* Internal: the key-level partitioned Bloom filter's add and query without allocation or I/O
 * (hash, then the proved kernel); src/partitioned.c's amq_partitioned_add and
 * amq_partitioned_query are these functions plus the error message.  The key's k indices are
 * the stream's over psize (amq_hash_indices), index t in partition t.  Proved by the unit
 * partitioned_key against the hash model (acsl/amq/hash_model.h) and the index sequences
 * (acsl/amq/hash_stream_logic.h), over the partitioned kernel (unit blocked). */
#ifndef AMQ_INTERNAL_PARTITIONED_KEY_H
#define AMQ_INTERNAL_PARTITIONED_KEY_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/limits.h>
#include <lib_internal/blocked_kernel.h>
#include <lib_internal/hash_stream.h>

/*@ // bit t * psize + (the key's index t) is set at Lb for every t < k, the key's bytes read at Lk
    predicate amq_partitioned_key_set{Lb, Lk}(uint64_t *bits, integer psize, integer k, integer s,
                                       uint64_t seed, char *key, integer len) =
      \forall integer t; 0 <= t < k ==>
        amq_bloom_bit_set{Lb}(bits, t * psize + amq_hash_stream_index{Lk}(s, seed, key, len, psize, t));

    // r is the query's answer for the key: 1 if its bits are set at Lb (the key read at Lk), else 0
    predicate amq_partitioned_key_answer{Lb, Lk}(integer r, uint64_t *bits, integer psize, integer k, integer s,
                                          uint64_t seed, char *key, integer len) =
      (r == 1 && amq_partitioned_key_set{Lb, Lk}(bits, psize, k, s, seed, key, len)) ||
      (r == 0 && !amq_partitioned_key_set{Lb, Lk}(bits, psize, k, s, seed, key, len));

    // pos (read at Lp) holds the key's k bit positions, t * psize + its index t (the key read at Lk)
    predicate amq_partitioned_key_located{Lp, Lk}(uint64_t *pos, integer psize, integer k, integer s,
                                           uint64_t seed, char *key, integer len) =
      \forall integer t; 0 <= t < k ==>
        \at(pos[t], Lp) == t * psize + amq_hash_stream_index{Lk}(s, seed, key, len, psize, t);

*/

/* Add the key: index t of its k indices over psize to partition t.  Refuses a NULL key with
 * len > 0 (AMQ_E_INVALID_ARG) and then writes nothing; that is the only way it fails. */
/*@ requires psize_pos:  psize >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires fits:       k * psize <= 18446744073709551615;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(k * psize) - 1));
    assigns bits[0 .. amq_bloom_words(k * psize) - 1];
    behavior refused:
      assumes key == \null && len > 0;
      assigns \nothing;
      ensures status:    \result == AMQ_E_INVALID_ARG;
      ensures unchanged: \forall integer w; 0 <= w < amq_bloom_words(k * psize) ==> bits[w] == \old(bits[w]);
    behavior added:
      assumes !(key == \null && len > 0);
      requires key_valid: \valid_read((char *)key + (0 .. len - 1));
      assigns bits[0 .. amq_bloom_words(k * psize) - 1];
      ensures status:   \result == AMQ_OK;
      ensures inserted: amq_partitioned_key_set{Post, Pre}(bits, psize, k, s, seed, (char *)key, len);
      ensures range:    amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, psize);
      ensures monotone: amq_bloom_monotone{Pre, Post}(bits, amq_bloom_words(k * psize));
      ensures frame:    \forall integer p; 0 <= p < 64 * amq_bloom_words(k * psize) ==>
                          (\forall integer t; 0 <= t < k ==>
                             t * psize + amq_hash_stream_index{Pre}(s, seed, (char *)key, len, psize, t) != p) ==>
                          (amq_bloom_bit_set{Post}(bits, p) <==> amq_bloom_bit_set{Pre}(bits, p));
    complete behaviors;
    disjoint behaviors;
*/
amq_status amq_partitioned_key_add(uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s,
                                   uint64_t seed, const void *key, size_t len);

/* Query the key: 1 iff the bit of each of its k partitions is set (the kernel's answer on the
 * key's k indices; not lazy). */
/*@ requires psize_pos:  psize >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires fits:       k * psize <= 18446744073709551615;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid: \valid_read(bits + (0 .. amq_bloom_words(k * psize) - 1));
    requires key_valid:  \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    behavior present:
      assumes amq_partitioned_key_set{Here, Here}(bits, psize, k, s, seed, (char *)key, len);
      ensures found: \result == 1;
      ensures range: amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, psize);
    behavior absent:
      assumes !amq_partitioned_key_set{Here, Here}(bits, psize, k, s, seed, (char *)key, len);
      ensures not_found: \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_partitioned_key_query(const uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s,
                              uint64_t seed, const void *key, size_t len);

/* Query count keys: results[i] is amq_partitioned_key_query's answer for keys[i] (1 iff the
 * key's bits are set, else 0), nothing else written.  Rounds of up to 16 keys (fewer when
 * k > 64: a round's positions fit in 1024 entries): each key's k bit positions are located
 * and their words prefetched, then each key is answered from its positions (hashed once).
 * The caller refuses NULL arguments (src/partitioned.c).  results lies outside the bit
 * array's allocation (apart: the library allocates the bits; stated on the bounds instead, a
 * prover would need each bit's word below amq_bloom_words(k * psize), a product fact, to see a
 * result write miss it). */
/*@ requires psize_pos:     psize >= 1;
    requires k_range:       1 <= k <= AMQ_MAX_K;
    requires fits:          k * psize <= 18446744073709551615;
    requires strategy:      AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid:    \valid_read(bits + (0 .. amq_bloom_words(k * psize) - 1));
    requires arrays_valid:  \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1));
    requires keys_valid:    \forall integer i; 0 <= i < count ==> \valid_read((char *)keys[i] + (0 .. lens[i] - 1));
    requires results_valid: \valid(results + (0 .. count - 1));
    requires sep:           \separated(results + (0 .. count - 1), keys + (0 .. count - 1), lens + (0 .. count - 1));
    requires apart:         \base_addr(results) != \base_addr(bits);
    requires sep_keys:      \forall integer i; 0 <= i < count ==>
                              \separated(results + (0 .. count - 1), (char *)keys[i] + (0 .. lens[i] - 1));
    assigns results[0 .. count - 1];
    ensures answers: \forall integer i; 0 <= i < count ==>
      amq_partitioned_key_answer{Pre, Pre}(results[i], bits, psize, k, s, seed, (char *)\at(keys[i], Pre), \at(lens[i], Pre));
*/
void amq_partitioned_key_query_batch(const uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s,
                                     uint64_t seed, const void *const *keys, const size_t *lens, size_t count,
                                     int *results);

#endif
