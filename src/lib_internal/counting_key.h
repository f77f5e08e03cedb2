/* Internal: the key-level counting Bloom filter's add, query and remove without allocation or
 * I/O (hash, then the proved kernel of the counter width w, 4 or 8); src/counting.c's
 * amq_counting_add, _query and _remove are these functions plus the error message.  Proved
 * by the unit counting_key against the hash model (acsl/amq/hash_model.h), the index
 * sequences (acsl/amq/hash_stream_logic.h) and the kernel contracts (unit counting).  The
 * effects are stated exactly, per counter, in terms of the key's own index sequence, so
 * that saturation and repeated indices are part of the statement, not excluded. */
#ifndef AMQ_INTERNAL_COUNTING_KEY_H
#define AMQ_INTERNAL_COUNTING_KEY_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/limits.h>
#include <lib_internal/counting_kernel.h>
#include <lib_internal/hash_stream.h>

/*@ // how often p occurs among the key's first k indices (its bytes read at L)
    logic integer amq_counting_key_occ{L}(integer s, uint64_t seed, char *key, integer len, integer m,
                                 integer k, integer p) =
      k <= 0 ? 0 : amq_counting_key_occ{L}(s, seed, key, len, m, k - 1, p) +
                   (amq_hash_stream_index{L}(s, seed, key, len, m, k - 1) == p ? 1 : 0);

    // every counter the key names (its bytes read at Lk) is nonzero at Lc: the query's "yes"
    predicate amq_counting_key_counted{Lc, Lk}(uint8_t *c, integer w, integer k, integer s, uint64_t seed,
                                      char *key, integer len, integer m) =
      \forall integer t; 0 <= t < k ==>
        amq_counting_cell{Lc}(c, w, amq_hash_stream_index{Lk}(s, seed, key, len, m, t)) > 0;

    // remove(key) at L succeeds iff this holds: each counter the key names is saturated or
    // holds at least the number of times the key names it
    predicate amq_counting_key_covered{L}(uint8_t *c, integer w, integer k, integer s, uint64_t seed,
                                 char *key, integer len, integer m) =
      \forall integer t; 0 <= t < k ==>
        amq_counting_cell{L}(c, w, amq_hash_stream_index{L}(s, seed, key, len, m, t)) == amq_counting_max(w) ||
        amq_counting_cell{L}(c, w, amq_hash_stream_index{L}(s, seed, key, len, m, t)) >=
          amq_counting_key_occ{L}(s, seed, key, len, m, k, amq_hash_stream_index{L}(s, seed, key, len, m, t));

    // exact effect of add(key) from L1 to L2 (the key read at L1): counter p went up by the
    // key's multiplicity of p, saturating at the maximum
    predicate amq_counting_key_added{L1, L2}(uint8_t *c, integer w, integer m, integer k, integer s,
                                    uint64_t seed, char *key, integer len) =
      \forall integer p; 0 <= p < m ==>
        amq_counting_cell{L2}(c, w, p) ==
          amq_counting_sat_add(w, amq_counting_cell{L1}(c, w, p), amq_counting_key_occ{L1}(s, seed, key, len, m, k, p));

    // exact effect of a successful remove(key) from L1 to L2: down by the multiplicity,
    // except that a saturated counter stays saturated
    predicate amq_counting_key_removed{L1, L2}(uint8_t *c, integer w, integer m, integer k, integer s,
                                      uint64_t seed, char *key, integer len) =
      \forall integer p; 0 <= p < m ==>
        amq_counting_cell{L2}(c, w, p) ==
          amq_counting_sat_sub(w, amq_counting_cell{L1}(c, w, p), amq_counting_key_occ{L1}(s, seed, key, len, m, k, p));
*/

/* Add the key: its k indices (amq_hash_indices) to the kernel of width w.  Refuses a NULL
 * key with len > 0 (AMQ_E_INVALID_ARG) and then writes nothing; that is its only failure:
 * a saturated counter stays saturated and the add still succeeds. */
/*@ requires width:      amq_counting_width_ok(w);
    requires m_pos:      m >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires c_valid:    \valid(c + (0 .. amq_counting_bytes(w, m) - 1));
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
      ensures exact:    amq_counting_key_added{Pre, Post}(c, w, m, k, s, seed, (char *)key, len);
      ensures inserted: amq_counting_key_counted{Post, Pre}(c, w, k, s, seed, (char *)key, len, m);
      ensures range:    amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, m);
      ensures monotone: amq_counting_grows{Pre, Post}(c, w, m);
      ensures padding:  amq_counting_pad_same{Pre, Post}(c, w, m);
    complete behaviors;
    disjoint behaviors;
*/
amq_status amq_counting_key_add(uint8_t *c, uint64_t m, uint64_t k, unsigned w, amq_hash_strategy s,
                                uint64_t seed, const void *key, size_t len);

/* Query the key: 1 iff every counter it names is nonzero. */
/*@ requires width:      amq_counting_width_ok(w);
    requires m_pos:      m >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires c_valid:    \valid_read(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires key_valid:  \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    ensures range: amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, m);
    behavior present:
      assumes amq_counting_key_counted{Here, Here}(c, w, k, s, seed, (char *)key, len, m);
      ensures found: \result == 1;
    behavior absent:
      assumes !amq_counting_key_counted{Here, Here}(c, w, k, s, seed, (char *)key, len, m);
      ensures not_found: \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_counting_key_query(const uint8_t *c, uint64_t m, uint64_t k, unsigned w, amq_hash_strategy s,
                           uint64_t seed, const void *key, size_t len);

/* Remove the key: succeeds (AMQ_OK) iff every counter it names is saturated or holds at
 * least its multiplicity, and then takes that multiplicity off each unsaturated one;
 * otherwise AMQ_E_NOT_PRESENT and nothing changes.  A NULL key with len > 0 is refused
 * (AMQ_E_INVALID_ARG) and changes nothing.  (The condition is stated in the ensures clauses,
 * not as two behaviours: Frama-C 25's WP fails with an internal LabelError on a call to a
 * function whose `assumes` reads the hash model.) */
/*@ requires width:      amq_counting_width_ok(w);
    requires m_pos:      m >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires c_valid:    \valid(c + (0 .. amq_counting_bytes(w, m) - 1));
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
                           amq_counting_key_covered{Pre}(c, w, k, s, seed, (char *)key, len, m);
      ensures exact:     \result == AMQ_OK ==>
                           amq_counting_key_removed{Pre, Post}(c, w, m, k, s, seed, (char *)key, len);
      ensures unchanged: \result != AMQ_OK ==> amq_counting_bytes_same{Pre, Post}(c, w, m);
      ensures range:     amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, m);
      ensures padding:   amq_counting_pad_same{Pre, Post}(c, w, m);
    complete behaviors;
    disjoint behaviors;
*/
amq_status amq_counting_key_remove(uint8_t *c, uint64_t m, uint64_t k, unsigned w, amq_hash_strategy s,
                                   uint64_t seed, const void *key, size_t len);

#endif
