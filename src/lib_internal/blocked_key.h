/* Internal: the key-level blocked Bloom filter's add and query without allocation or I/O (the
 * key's block, lib_internal/blocked_block.h, its in-block indices, then the proved kernels);
 * src/blocked_bloom.c's amq_blocked_bloom_add and amq_blocked_bloom_query are these functions
 * plus the error message.  Proved by the unit blocked_key against the hash model
 * (acsl/amq/hash_model.h) and the index sequences (acsl/amq/hash_stream_logic.h), over the block
 * choice and the stream (unit hash_stream) and the blocked Bloom kernel (unit blocked). */
#ifndef AMQ_INTERNAL_BLOCKED_KEY_H
#define AMQ_INTERNAL_BLOCKED_KEY_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/limits.h>
#include <lib_internal/blocked_block.h>
#include <lib_internal/blocked_kernel.h>
#include <lib_internal/hash_stream.h>

/*@
    // bit base + (the key's index t over w) is set at Lb for every t < k, the key read at Lk; a
    // key is in its block when this holds with base = amq_blocked_key_block_of(..) * bsize (the base is
    // an argument, so that a prover sees the C variable holding the block in its place)
    predicate amq_blocked_key_set_at{Lb, Lk}(uint64_t *bits, integer base, integer k, integer s, uint64_t seed,
                                     char *key, integer len, integer w) =
      \forall integer t; 0 <= t < k ==>
        amq_bloom_bit_set{Lb}(bits, base + amq_hash_stream_index{Lk}(s, seed, key, len, w, t));

    // the key's block is a window of the m bits: stated with the product block * bsize as a
    // term, so that a caller needs no nonlinear step
    predicate amq_blocked_key_window{L}(uint64_t seed, char *key, integer len, integer nblocks,
                                    integer bsize, integer m) =
      0 <= amq_blocked_key_block_of{L}(seed, key, len, nblocks) * bsize &&
      amq_blocked_key_block_of{L}(seed, key, len, nblocks) * bsize + bsize <= m;

    // r is the query's answer for the key: 1 if it is set in its block at Lb (the key read at
    // Lk), else 0
    predicate amq_blocked_key_answer{Lb, Lk}(integer r, uint64_t *bits, integer nblocks, integer bsize, integer k,
                                         integer s, uint64_t seed, char *key, integer len) =
      (r == 1 && amq_blocked_key_set_at{Lb, Lk}(bits, amq_blocked_key_block_of{Lk}(seed, key, len, nblocks) * bsize,
                                             k, s, seed, key, len, bsize)) ||
      (r == 0 && !amq_blocked_key_set_at{Lb, Lk}(bits, amq_blocked_key_block_of{Lk}(seed, key, len, nblocks) * bsize,
                                              k, s, seed, key, len, bsize));
*/

/* Add the key: its k indices over bsize into its block.  Refuses a NULL key with len > 0
 * (AMQ_E_INVALID_ARG) and then writes nothing; that is the only way it fails. */
/*@ requires nblocks_pos: nblocks >= 1;
    requires bsize_pos:   bsize >= 1;
    requires fits:        nblocks * bsize <= m;
    requires k_range:     1 <= k <= AMQ_MAX_K;
    requires strategy:    AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid:  \valid(bits + (0 .. amq_bloom_words(m) - 1));
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
      ensures status:    \result == AMQ_OK;
      ensures inserted:  amq_blocked_key_set_at{Post, Pre}(bits, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks) * bsize,
                                                k, s, seed, (char *)key, len, bsize);
      ensures window:    amq_blocked_key_window{Pre}(seed, (char *)key, len, nblocks, bsize, m);
      ensures range:     amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, bsize);
      ensures monotone:  amq_bloom_monotone{Pre, Post}(bits, amq_bloom_words(m));
      ensures own_block: amq_blocked_window_frame{Pre, Post}(bits, amq_bloom_words(m),
                           amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks) * bsize,
                           amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks) * bsize + bsize);
    complete behaviors;
    disjoint behaviors;
*/
amq_status amq_blocked_key_add(uint64_t *bits, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                               amq_hash_strategy s, uint64_t seed, const void *key, size_t len);

/* Query the key lazily: its block, then one in-block index at a time from the stream, each
 * asked of the Bloom kernel at its global position, stopping at the first clear bit; 1 iff every
 * one of its k in-block indices has its bit set in its block (the blocked kernel's answer on
 * them: proved by the driver amq_proof_blocked_key_kernel). */
/*@ requires nblocks_pos: nblocks >= 1;
    requires bsize_pos:   bsize >= 1;
    requires fits:        nblocks * bsize <= m;
    requires k_range:     1 <= k <= AMQ_MAX_K;
    requires strategy:    AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid:  \valid_read(bits + (0 .. amq_bloom_words(m) - 1));
    requires key_valid:   \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    behavior present:
      assumes amq_blocked_key_set_at{Here, Here}(bits, amq_blocked_key_block_of(seed, (char *)key, len, nblocks) * bsize, k, s,
                                         seed, (char *)key, len, bsize);
      ensures found: \result == 1;
      ensures found_range: amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, bsize);
      ensures window: amq_blocked_key_window{Pre}(seed, (char *)key, len, nblocks, bsize, m);
    behavior absent:
      assumes !amq_blocked_key_set_at{Here, Here}(bits, amq_blocked_key_block_of(seed, (char *)key, len, nblocks) * bsize, k, s,
                                          seed, (char *)key, len, bsize);
      ensures not_found: \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_blocked_key_query(const uint64_t *bits, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                          amq_hash_strategy s, uint64_t seed, const void *key, size_t len);

/* Query count keys: results[i] is amq_blocked_key_query's answer for keys[i] (1 iff the key's
 * bits are set in its block, else 0), nothing else written.  Rounds of up to 16 keys (fewer
 * when k > 64: a round's indices fit in 1024 entries): each key's block is found and
 * prefetched and its k in-block indices derived, then each key is answered by the blocked
 * kernel on them (hashed once).  The caller refuses NULL arguments (src/blocked_bloom.c) and
 * takes the AVX2 path where it fits.  results lies outside the bit array's allocation (apart:
 * the library allocates the bits), as for amq_partitioned_key_query_batch. */
/*@ requires nblocks_pos:   nblocks >= 1;
    requires bsize_pos:     bsize >= 1;
    requires fits:          nblocks * bsize <= m;
    requires k_range:       1 <= k <= AMQ_MAX_K;
    requires strategy:      AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid:    \valid_read(bits + (0 .. amq_bloom_words(m) - 1));
    requires arrays_valid:  \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1));
    requires keys_valid:    \forall integer i; 0 <= i < count ==> \valid_read((char *)keys[i] + (0 .. lens[i] - 1));
    requires results_valid: \valid(results + (0 .. count - 1));
    requires sep:           \separated(results + (0 .. count - 1), keys + (0 .. count - 1), lens + (0 .. count - 1));
    requires apart:         \base_addr(results) != \base_addr(bits);
    requires sep_keys:      \forall integer i; 0 <= i < count ==>
                              \separated(results + (0 .. count - 1), (char *)keys[i] + (0 .. lens[i] - 1));
    assigns results[0 .. count - 1];
    ensures answers: \forall integer i; 0 <= i < count ==>
      amq_blocked_key_answer{Pre, Pre}(results[i], bits, nblocks, bsize, k, s, seed, (char *)\at(keys[i], Pre),
                                       \at(lens[i], Pre));
*/
void amq_blocked_key_query_batch(const uint64_t *bits, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                                 amq_hash_strategy s, uint64_t seed, const void *const *keys, const size_t *lens,
                                 size_t count, int *results);

#endif
