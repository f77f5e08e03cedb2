/* Internal: the key-level split-block Bloom filter (Parquet's) without allocation or I/O: the
 * key's XXH64 through the hash model (amq_xxh64), then the proved kernel functions (block
 * choice, salt mask, add; the Bloom kernel's lazy query on the translated bits).
 * src/split_block.c's amq_split_block_add / _query / _query_batch are these functions plus the
 * error message on the scalar path (the AVX2 path, src/simd/, is held to them bit for bit by
 * the tests).  The filter is nblocks blocks of 8 words of 32 bits (bits of nblocks * 256).
 * Proved by the unit split_block_key against the hash model (acsl/amq/hash_model.h), over the
 * kernels of units blocked and bloom. */
#ifndef AMQ_INTERNAL_SPLIT_BLOCK_KEY_H
#define AMQ_INTERNAL_SPLIT_BLOCK_KEY_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <lib_internal/blocked_kernel.h>
#include <lib_internal/hash_model.h>

/*@ // Parquet's block of the 64-bit hash h: ((h >> 32) * nblocks) >> 32.
    logic integer amq_split_block_hash_block(integer nblocks, integer h) =
      h / 4294967296 * nblocks / 4294967296;

    // Parquet's bit in word t of the block: ((uint32_t)h * salt[t], 32-bit product) >> 27.
    logic integer amq_split_block_hash_bit(integer h, integer t) =
      h % 4294967296 * amq_split_block_salt(t) % 4294967296 / 134217728;

    // Bit 32 t + (the bit of word t) of the hash's block is set at L for every t < 8.
    predicate amq_split_block_hash_set{L}(uint64_t *bits, integer nblocks, integer h) =
      \forall integer t; 0 <= t < 8 ==>
        amq_bloom_bit_set{L}(bits, amq_split_block_hash_block(nblocks, h) * 256 + (t * 32 + amq_split_block_hash_bit(h, t)));

    // The same for the key's hash, its bytes read at Lk.
    predicate amq_split_block_key_set{Lb, Lk}(uint64_t *bits, integer nblocks, uint64_t seed, char *key,
                                        integer len) =
      amq_split_block_hash_set{Lb}(bits, nblocks, amq_hash_xxh64{Lk}(key, len, seed));

    // r is the single query's answer for the key (bits read at Lb, its bytes at Lk).
    predicate amq_split_block_key_result{Lb, Lk}(integer r, uint64_t *bits, integer nblocks, uint64_t seed, char *key,
                                                 integer len) =
      (r == 1 && amq_split_block_key_set{Lb, Lk}(bits, nblocks, seed, key, len)) ||
      (r == 0 && !amq_split_block_key_set{Lb, Lk}(bits, nblocks, seed, key, len));
*/

/* Add the key: its 8 mask bits in its block.  Refuses a NULL key with len > 0
 * (AMQ_E_INVALID_ARG) and then writes nothing; that is the only way it fails. */
/*@ requires nblocks_range: 1 <= nblocks <= 4294967296;
    requires bits_valid:    \valid(bits + (0 .. amq_bloom_words(nblocks * 256) - 1));
    assigns bits[0 .. amq_bloom_words(nblocks * 256) - 1];
    behavior refused:
      assumes key == \null && len > 0;
      assigns \nothing;
      ensures status:    \result == AMQ_E_INVALID_ARG;
      ensures unchanged: \forall integer w; 0 <= w < amq_bloom_words(nblocks * 256) ==> bits[w] == \old(bits[w]);
    behavior added:
      assumes !(key == \null && len > 0);
      requires key_valid: \valid_read((char *)key + (0 .. len - 1));
      assigns bits[0 .. amq_bloom_words(nblocks * 256) - 1];
      ensures status:   \result == AMQ_OK;
      ensures inserted: amq_split_block_key_set{Post, Pre}(bits, nblocks, seed, (char *)key, len);
      ensures monotone: amq_bloom_monotone{Pre, Post}(bits, amq_bloom_words(nblocks * 256));
      ensures frame:    \forall integer p; 0 <= p < 64 * amq_bloom_words(nblocks * 256) ==>
                          (\forall integer t; 0 <= t < 8 ==>
                             p != amq_split_block_hash_block(nblocks, amq_hash_xxh64{Pre}((char *)key, len, seed)) * 256 +
                                    (t * 32 + amq_split_block_hash_bit(amq_hash_xxh64{Pre}((char *)key, len, seed), t))) ==>
                          (amq_bloom_bit_set{Post}(bits, p) <==> amq_bloom_bit_set{Pre}(bits, p));
    complete behaviors;
    disjoint behaviors;
*/
amq_status amq_split_block_key_add(uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *key, size_t len);

/* The answer for a key of hash h: 1 iff its 8 mask bits are set in its block (the Bloom
 * kernel's lazy query on the 8 translated bits, which stops at the first clear one). */
/*@ requires nblocks_range: 1 <= nblocks <= 4294967296;
    requires bits_valid:    \valid_read(bits + (0 .. amq_bloom_words(nblocks * 256) - 1));
    assigns \nothing;
    behavior present:
      assumes amq_split_block_hash_set(bits, nblocks, h);
      ensures found: \result == 1;
    behavior absent:
      assumes !amq_split_block_hash_set(bits, nblocks, h);
      ensures not_found: \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_split_block_key_answer(const uint64_t *bits, uint64_t nblocks, uint64_t h);

/* Query the key: 1 iff its 8 mask bits are set in its block. */
/*@ requires nblocks_range: 1 <= nblocks <= 4294967296;
    requires bits_valid:    \valid_read(bits + (0 .. amq_bloom_words(nblocks * 256) - 1));
    requires key_valid:     \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    behavior present:
      assumes amq_split_block_key_set{Here, Here}(bits, nblocks, seed, (char *)key, len);
      ensures found: \result == 1;
    behavior absent:
      assumes !amq_split_block_key_set{Here, Here}(bits, nblocks, seed, (char *)key, len);
      ensures not_found: \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_split_block_key_query(const uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *key,
                              size_t len);

/* Query count keys: results[i] is amq_split_block_key_query's answer for keys[i], nothing else
 * written.  Rounds of up to 16 keys: each key of a round is hashed once and its block
 * prefetched, then each is answered by amq_split_block_key_answer.  The caller refuses NULL
 * arguments (src/split_block.c) and takes the AVX2 path where it can.  results lies outside the
 * bit array's allocation (apart: the library allocates the bits). */
/*@ requires nblocks_range: 1 <= nblocks <= 4294967296;
    requires bits_valid:    \valid_read(bits + (0 .. amq_bloom_words(nblocks * 256) - 1));
    requires arrays_valid:  \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1));
    requires keys_valid:    \forall integer i; 0 <= i < count ==> \valid_read((char *)keys[i] + (0 .. lens[i] - 1));
    requires results_valid: \valid(results + (0 .. count - 1));
    requires sep:           \separated(results + (0 .. count - 1), keys + (0 .. count - 1), lens + (0 .. count - 1));
    requires apart:         \base_addr(results) != \base_addr(bits);
    requires sep_keys:      \forall integer i; 0 <= i < count ==>
                              \separated(results + (0 .. count - 1), (char *)keys[i] + (0 .. lens[i] - 1));
    assigns results[0 .. count - 1];
    ensures answers: \forall integer i; 0 <= i < count ==>
      amq_split_block_key_result{Pre, Pre}(results[i], bits, nblocks, seed, (char *)\at(keys[i], Pre),
                                           \at(lens[i], Pre));
*/
void amq_split_block_key_query_batch(const uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *const *keys,
                                     const size_t *lens, size_t count, int *results);

#endif
