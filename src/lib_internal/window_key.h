/* Internal: the key-level sliding-window Bloom filter's add and query without allocation or I/O
 * (the key's k indices from the stream, then the proved window kernel, rotation included);
 * src/window.c's amq_window_add and amq_window_query are these functions plus the NULL-filter
 * check, the message and the insertion count.  Proved by the unit window_key against the hash
 * model (acsl/amq/hash_model.h), the index sequences (acsl/amq/hash_stream_logic.h, unit
 * hash_stream) and the kernel's contracts (unit window).  Add takes the kernel's two ghost
 * parameters (the area of n words that holds every generation; invisible to C). */
#ifndef AMQ_INTERNAL_WINDOW_KEY_H
#define AMQ_INTERNAL_WINDOW_KEY_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/limits.h>
#include <lib_internal/hash_stream.h>
#include <lib_internal/window_kernel.h>

/*@ // every one of the key's k indices, the key's bytes read at Lk, has its bit set at Lb
    predicate amq_window_key_set{Lb, Lk}(uint64_t *bits, integer k, integer s, uint64_t seed, char *key,
                                         integer len, integer m) =
      \forall integer t; 0 <= t < k ==>
        amq_bloom_bit_set{Lb}(bits, amq_hash_stream_index{Lk}(s, seed, key, len, m, t));

    // the query's "yes" at L: some generation has every one of the key's bits set
    predicate amq_window_key_has{L}(uint64_t **gen, integer g, integer k, integer s, uint64_t seed,
                                    char *key, integer len, integer m) =
      \exists integer i; 0 <= i < g && amq_window_key_set{L, L}(\at(gen[i], L), k, s, seed, key, len, m);
*/

/* Add the key: its k indices (amq_hash_indices) to the current generation, rotating when it is
 * full (the kernel's add).  Refuses a NULL key with len > 0 (AMQ_E_INVALID_ARG) and then writes
 * nothing; that is the only way it fails.  The state clauses are the kernel's (fill: nothing
 * else changes; rotate: the next generation is cleared and becomes current). */
/*@ requires g_min:    g >= 2;
    requires m_pos:    m >= 1;
    requires k_range:  1 <= k <= AMQ_MAX_K;
    requires strategy: AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires ring:     amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:       amq_window_ring_ok(count, cur, g, cap);
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures ok:        amq_window_ring_ok(count, cur, g, cap);
    ensures monotone:  \forall integer i; 0 <= i < g ==> (*cur == \old(*cur) || i != *cur) ==>
                         amq_bloom_monotone{Pre, Post}(gen[i], amq_bloom_words(m));
    behavior refused:
      assumes key == \null && len > 0;
      ensures status:    \result == AMQ_E_INVALID_ARG;
      ensures unchanged: *cur == \old(*cur) &&
                         (\forall integer i; 0 <= i < g ==> count[i] == \old(count[i])) &&
                         (\forall integer w; 0 <= w < n ==> area[w] == \old(area[w]));
    behavior fill:
      assumes !(key == \null && len > 0) && count[*cur] + 1 < cap;
      requires key_valid: \valid_read((char *)key + (0 .. len - 1));
      ensures status:   \result == AMQ_OK;
      ensures inserted: amq_window_key_set{Post, Pre}(gen[\old(*cur)], k, s, seed, (char *)key, len, m);
      ensures range:    amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, m);
      ensures same_cur: *cur == \old(*cur);
      ensures counted:  count[*cur] == \old(count[*cur]) + 1;
      ensures others:   \forall integer i; 0 <= i < g && i != *cur ==>
                          count[i] == \old(count[i]) && amq_window_gen_same{Pre, Post}(gen[i], amq_bloom_words(m));
    behavior rotate:
      assumes !(key == \null && len > 0) && count[*cur] + 1 == cap;
      requires key_valid: \valid_read((char *)key + (0 .. len - 1));
      ensures status:   \result == AMQ_OK;
      ensures inserted: amq_window_key_set{Post, Pre}(gen[\old(*cur)], k, s, seed, (char *)key, len, m);
      ensures range:    amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, m);
      ensures next:     amq_window_ring_next(\old(*cur), g, *cur);
      ensures full:     count[\old(*cur)] == cap;
      ensures cleared:  count[*cur] == 0 && amq_window_gen_empty(gen[*cur], amq_bloom_words(m));
      ensures others:   \forall integer i; 0 <= i < g && i != \old(*cur) && i != *cur ==>
                          count[i] == \old(count[i]) && amq_window_gen_same{Pre, Post}(gen[i], amq_bloom_words(m));
    complete behaviors;
    disjoint behaviors;
*/
amq_status amq_window_key_add(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g, uint64_t cap,
                              uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed, const void *key,
                              size_t len) /*@ ghost (uint64_t *area, uint64_t n) */;

/* Query the key: 1 iff some generation has all of its k bits set (the kernel's answer on the
 * key's k indices; not lazy). */
/*@ requires g_pos:     g >= 1;
    requires m_pos:     m >= 1;
    requires k_range:   1 <= k <= AMQ_MAX_K;
    requires strategy:  AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires gen_valid: \valid_read(gen + (0 .. g - 1));
    requires gens:      \forall integer i; 0 <= i < g ==> \valid_read(gen[i] + (0 .. amq_bloom_words(m) - 1));
    requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    behavior present:
      assumes amq_window_key_has{Here}(gen, g, k, s, seed, (char *)key, len, m);
      ensures found: \result == 1;
      ensures range: amq_hash_stream_in_range{Pre}(k, s, seed, (char *)key, len, m);
    behavior absent:
      assumes !amq_window_key_has{Here}(gen, g, k, s, seed, (char *)key, len, m);
      ensures not_found: \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_window_key_query(uint64_t *const *gen, uint64_t g, uint64_t m, uint64_t k, amq_hash_strategy s,
                         uint64_t seed, const void *key, size_t len);

#endif
