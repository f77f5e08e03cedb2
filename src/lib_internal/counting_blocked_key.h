/* Internal: the key-level counting blocked filter's add, query and remove without allocation
 * or I/O (the key's block, lib_internal/blocked_block.h, its k in-block indices, then the proved
 * counting blocked kernel of width w, 4 or 8); src/counting_blocked.c's
 * amq_counting_blocked_add, _query and _remove are these functions plus the error message.
 * Contracts for the unit counting_blocked_key, against the hash model (acsl/amq/hash_model.h)
 * and the index sequences (acsl/amq/hash_stream_logic.h), over the block choice and the stream
 * (unit hash_stream) and the counting blocked kernel (unit blocked_counting), in the unit
 * counting_blocked_key (proofs/units/counting_blocked.txt, proofs/README.md).  The effects are
 * stated exactly, per counter of the m, in terms of the key's own in-block index sequence
 * (amq_counting_key_occ of lib_internal/counting_key.h, over bsize), so that saturation, repeated indices
 * and keys sharing a block are part of the statement, not excluded. */
#ifndef AMQ_INTERNAL_COUNTING_BLOCKED_KEY_H
#define AMQ_INTERNAL_COUNTING_BLOCKED_KEY_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/limits.h>
#include <lib_internal/blocked_block.h>
#include <lib_internal/blocked_kernel.h>
#include <lib_internal/counting_key.h>
#include <lib_internal/hash_stream.h>

/*@ // how often the key (read at L) names counter p of the m: its in-block indices over bsize,
    // placed in the window that starts at counter base, the key's block times bsize
    logic integer amq_counting_blocked_key_occ{L}(integer base, integer bsize, integer k, integer s, uint64_t seed,
                                 char *key, integer len, integer p) =
      base <= p < base + bsize ? amq_counting_key_occ{L}(s, seed, key, len, bsize, k, p - base) : 0;

    // every counter base + (the key's in-block index t) is nonzero at Lc, t < k, the key read
    // at Lk: the query's "yes" when base is the key's block times bsize
    predicate amq_counting_blocked_key_counted{Lc, Lk}(uint8_t *c, integer w, integer base, integer k, integer s,
                                      uint64_t seed, char *key, integer len, integer bsize) =
      \forall integer t; 0 <= t < k ==>
        amq_counting_cell{Lc}(c, w, base + amq_hash_stream_index{Lk}(s, seed, key, len, bsize, t)) > 0;

    // remove(key) at L succeeds iff this holds: each counter the key names is saturated or
    // holds at least the number of times the key names it
    predicate amq_counting_blocked_key_covered{L}(uint8_t *c, integer w, integer base, integer k, integer s,
                                 uint64_t seed, char *key, integer len, integer bsize) =
      \forall integer t; 0 <= t < k ==>
        amq_counting_cell{L}(c, w, base + amq_hash_stream_index{L}(s, seed, key, len, bsize, t)) == amq_counting_max(w) ||
        amq_counting_cell{L}(c, w, base + amq_hash_stream_index{L}(s, seed, key, len, bsize, t)) >=
          amq_counting_key_occ{L}(s, seed, key, len, bsize, k, amq_hash_stream_index{L}(s, seed, key, len, bsize, t));

    // exact effect of add(key) from L1 to L2 on every counter of the m (the key read at L1):
    // up by the key's multiplicity of it, saturating; 0 outside the key's block
    predicate amq_counting_blocked_key_added{L1, L2}(uint8_t *c, integer w, integer m, integer base, integer bsize,
                                    integer k, integer s, uint64_t seed, char *key, integer len) =
      \forall integer p; 0 <= p < m ==>
        amq_counting_cell{L2}(c, w, p) ==
          amq_counting_sat_add(w, amq_counting_cell{L1}(c, w, p), amq_counting_blocked_key_occ{L1}(base, bsize, k, s, seed, key, len, p));

    // exact effect of a successful remove(key): down by the multiplicity, except that a
    // saturated counter stays saturated
    predicate amq_counting_blocked_key_removed{L1, L2}(uint8_t *c, integer w, integer m, integer base, integer bsize,
                                      integer k, integer s, uint64_t seed, char *key, integer len) =
      \forall integer p; 0 <= p < m ==>
        amq_counting_cell{L2}(c, w, p) ==
          amq_counting_sat_sub(w, amq_counting_cell{L1}(c, w, p), amq_counting_blocked_key_occ{L1}(base, bsize, k, s, seed, key, len, p));

    // the key's block is a window of the m counters (the product block * bsize as a term, so
    // that a caller needs no nonlinear step)
    predicate amq_counting_blocked_key_window{L}(uint64_t seed, char *key, integer len, integer nblocks, integer bsize,
                                integer m) =
      0 <= amq_blocked_key_block_of{L}(seed, key, len, nblocks) * bsize &&
      amq_blocked_key_block_of{L}(seed, key, len, nblocks) * bsize + bsize <= m;

    // r is the query's answer for the key: 1 if every counter it names in its block is nonzero
    // at Lc (the key read at Lk), else 0
    predicate amq_counting_blocked_key_answer{Lc, Lk}(integer r, uint8_t *c, integer w, integer nblocks, integer bsize,
                                                  integer k, integer s, uint64_t seed, char *key, integer len) =
      (r == 1 && amq_counting_blocked_key_counted{Lc, Lk}(c, w, amq_blocked_key_block_of{Lk}(seed, key, len, nblocks) * bsize,
                                                        k, s, seed, key, len, bsize)) ||
      (r == 0 && !amq_counting_blocked_key_counted{Lc, Lk}(c, w, amq_blocked_key_block_of{Lk}(seed, key, len, nblocks) * bsize,
                                                         k, s, seed, key, len, bsize));
*/

/* Add the key: its k in-block indices over bsize into its block, the counting blocked kernel
 * of width w.  Refuses a NULL key with len > 0 (AMQ_E_INVALID_ARG) and then writes nothing;
 * that is its only failure: a saturated counter stays saturated and the add still succeeds. */
/*@ requires width:       amq_counting_width_ok(w);
    requires nblocks_pos: nblocks >= 1;
    requires bsize_pos:   bsize >= 1;
    requires fits:        nblocks * bsize <= m;
    requires k_range:     1 <= k <= AMQ_MAX_K;
    requires strategy:    AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires c_valid:     \valid(c + (0 .. amq_counting_bytes(w, m) - 1));
    assigns c[0 .. amq_counting_bytes(w, m) - 1];
    behavior refused:
      assumes key == \null && len > 0;
      assigns \nothing;
      ensures status:    \result == AMQ_E_INVALID_ARG;
      ensures unchanged: amq_counting_bytes_same{Pre, Post}(c, w, m);
    behavior added:
      assumes !(key == \null && len > 0);
      requires key_valid: \valid_read((char *)key + (0 .. len - 1));
      ensures status:   \result == AMQ_OK;
      ensures exact:    amq_counting_blocked_key_added{Pre, Post}(c, w, m, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks) * bsize,
                                                bsize, k, s, seed, (char *)key, len);
      ensures inserted: amq_counting_blocked_key_counted{Post, Pre}(c, w, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks) * bsize,
                                                  k, s, seed, (char *)key, len, bsize);
      ensures window:   amq_counting_blocked_key_window{Pre}(seed, (char *)key, len, nblocks, bsize, m);
      ensures range:    amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, bsize);
      ensures monotone: amq_counting_grows{Pre, Post}(c, w, m);
      ensures padding:  amq_counting_pad_same{Pre, Post}(c, w, m);
    complete behaviors;
    disjoint behaviors;
*/
amq_status amq_counting_blocked_key_add(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                                        unsigned w, amq_hash_strategy s, uint64_t seed, const void *key,
                                        size_t len);

/* Query the key: its block and its k in-block indices, then the kernel of width w on them; 1
 * iff every counter the key names is nonzero.  Not lazy (as amq_counting_key_query). */
/*@ requires width:       amq_counting_width_ok(w);
    requires nblocks_pos: nblocks >= 1;
    requires bsize_pos:   bsize >= 1;
    requires fits:        nblocks * bsize <= m;
    requires k_range:     1 <= k <= AMQ_MAX_K;
    requires strategy:    AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires c_valid:     \valid_read(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires key_valid:   \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    ensures window: amq_counting_blocked_key_window{Pre}(seed, (char *)key, len, nblocks, bsize, m);
    ensures range:  amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, bsize);
    behavior present:
      assumes amq_counting_blocked_key_counted{Here, Here}(c, w, amq_blocked_key_block_of(seed, (char *)key, len, nblocks) * bsize, k, s,
                                          seed, (char *)key, len, bsize);
      ensures found: \result == 1;
    behavior absent:
      assumes !amq_counting_blocked_key_counted{Here, Here}(c, w, amq_blocked_key_block_of(seed, (char *)key, len, nblocks) * bsize, k, s,
                                           seed, (char *)key, len, bsize);
      ensures not_found: \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_counting_blocked_key_query(const uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                                   unsigned w, amq_hash_strategy s, uint64_t seed, const void *key, size_t len);

/* Remove the key: succeeds (AMQ_OK) iff every counter it names is saturated or holds at
 * least its multiplicity, and then takes that multiplicity off each unsaturated one;
 * otherwise AMQ_E_NOT_PRESENT and nothing changes.  A NULL key with len > 0 is refused
 * (AMQ_E_INVALID_ARG) and changes nothing.  (The condition is in ensures clauses, not two
 * behaviours, as in lib_internal/counting_key.h.) */
/*@ requires width:       amq_counting_width_ok(w);
    requires nblocks_pos: nblocks >= 1;
    requires bsize_pos:   bsize >= 1;
    requires fits:        nblocks * bsize <= m;
    requires k_range:     1 <= k <= AMQ_MAX_K;
    requires strategy:    AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires c_valid:     \valid(c + (0 .. amq_counting_bytes(w, m) - 1));
    assigns c[0 .. amq_counting_bytes(w, m) - 1];
    behavior refused:
      assumes key == \null && len > 0;
      assigns \nothing;
      ensures status:    \result == AMQ_E_INVALID_ARG;
      ensures unchanged: amq_counting_bytes_same{Pre, Post}(c, w, m);
    behavior keyed:
      assumes !(key == \null && len > 0);
      requires key_valid: \valid_read((char *)key + (0 .. len - 1));
      ensures status:    \result == AMQ_OK || \result == AMQ_E_NOT_PRESENT;
      ensures iff:       \result == AMQ_OK <==>
                           amq_counting_blocked_key_covered{Pre}(c, w, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks) * bsize,
                                                k, s, seed, (char *)key, len, bsize);
      ensures exact:     \result == AMQ_OK ==>
                           amq_counting_blocked_key_removed{Pre, Post}(c, w, m,
                             amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks) * bsize, bsize, k, s, seed,
                             (char *)key, len);
      ensures unchanged: \result != AMQ_OK ==> amq_counting_bytes_same{Pre, Post}(c, w, m);
      ensures window:    amq_counting_blocked_key_window{Pre}(seed, (char *)key, len, nblocks, bsize, m);
      ensures range:     amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, bsize);
      ensures padding:   amq_counting_pad_same{Pre, Post}(c, w, m);
    complete behaviors;
    disjoint behaviors;
*/
amq_status amq_counting_blocked_key_remove(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                                           unsigned w, amq_hash_strategy s, uint64_t seed, const void *key,
                                           size_t len);

/* Query count keys: results[i] is amq_counting_blocked_key_query's answer for keys[i], nothing
 * else written.  Rounds of up to 16 keys (fewer when k > 64), as amq_blocked_key_query_batch
 * (lib_internal/blocked_key.h): each key's block is found and prefetched and its k in-block
 * indices derived, then each key is answered by the kernel of width w on them (hashed once).
 * The caller refuses NULL arguments (src/counting_blocked.c).  results lies outside the
 * counters' allocation (apart: the library allocates the counters). */
/*@ requires width:         amq_counting_width_ok(w);
    requires nblocks_pos:   nblocks >= 1;
    requires bsize_pos:     bsize >= 1;
    requires fits:          nblocks * bsize <= m;
    requires k_range:       1 <= k <= AMQ_MAX_K;
    requires strategy:      AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires c_valid:       \valid_read(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires arrays_valid:  \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1));
    requires keys_valid:    \forall integer i; 0 <= i < count ==> \valid_read((char *)keys[i] + (0 .. lens[i] - 1));
    requires results_valid: \valid(results + (0 .. count - 1));
    requires sep:           \separated(results + (0 .. count - 1), keys + (0 .. count - 1), lens + (0 .. count - 1));
    requires apart:         \base_addr(results) != \base_addr(c);
    requires sep_keys:      \forall integer i; 0 <= i < count ==>
                              \separated(results + (0 .. count - 1), (char *)keys[i] + (0 .. lens[i] - 1));
    assigns results[0 .. count - 1];
    ensures answers: \forall integer i; 0 <= i < count ==>
      amq_counting_blocked_key_answer{Pre, Pre}(results[i], c, w, nblocks, bsize, k, s, seed, (char *)\at(keys[i], Pre),
                                                \at(lens[i], Pre));
*/
void amq_counting_blocked_key_query_batch(const uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                                          unsigned w, amq_hash_strategy s, uint64_t seed, const void *const *keys,
                                          const size_t *lens, size_t count, int *results);

#endif
