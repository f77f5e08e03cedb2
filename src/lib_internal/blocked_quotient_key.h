/* Internal: the key-level blocked quotient filter's add, query, remove and batch query without
 * allocation or messages (the key's block, lib_internal/blocked_block.h, its quotient and
 * remainder, then the proved kernel, lib_internal/blocked_quotient_kernel.h);
 * src/blocked_quotient.c's amq_blocked_quotient_add, _query, _remove and _query_batch are these
 * functions plus the NULL checks and the messages.  Proved by the unit blocked_quotient_key against the hash model
 * (acsl/amq/hash_model.h), the block choice (unit hash_stream) and the kernel contracts (unit
 * quotient).
 *
 * A key's place, from h = XXH3-64 of its bytes under the seed (the hash model) and the block
 * choice (XXH3-64 under the salted seed, reduced to [0, nblocks)):
 *   quotient   fq = h >> (64 - q)                       the top q bits of h, < 2^q <= nslots;
 *   remainder  fr = (h >> (64 - q - r)) & (2^r - 1)     the r bits below them;
 * that is, the top q + r bits of h split into quotient and remainder.
 *
 * Fingerprints are stored with multiplicity: an add of a (block, quotient, remainder) already
 * stored stores a second copy, and a remove takes one copy.  Keys that share a block and a
 * fingerprint are one key to the filter: removing a key that was never inserted but shares
 * an inserted key's place removes that key's copy, and it may then be lost.  What holds is
 * what the contracts below say: a remove keeps every other (block, fingerprint), and keeps
 * the key's own when it was stored twice (so add(x), add(y), remove(y) keeps x for ANY y).
 *
 * The whole structure is nblocks blocks of nslots slots of one compact store st
 * (amq_blocked_quotient_key_store); rem, meta and gq are the kernel's ghost arrays, the
 * store's slots and their stored quotients (C callers do not see them). */
#ifndef AMQ_INTERNAL_BLOCKED_QUOTIENT_KEY_H
#define AMQ_INTERNAL_BLOCKED_QUOTIENT_KEY_H
#include <stddef.h>
#include <stdint.h>
#include <amq/hash_model.h>
#include <lib_internal/blocked_block.h>
#include <lib_internal/blocked_quotient_kernel.h>

/*@ // The top q bits of a 64-bit word are below 2^q (WP's range tactic proves it one q at a
    // time, the lemma job of proofs/prove.sh).  t is 64 - q, named so that a prover can match
    // the shift of the C code as a whole.
    lemma amq_blocked_quotient_key_top_bits: \forall integer x, s, t; 1 <= s <= 63 ==> t == 64 - s ==>
      0 <= x <= 18446744073709551615 ==> 0 <= (x >> t) < (1 << s);

    // The filter's geometry: a quotient of q bits is a home slot of a block.
    predicate amq_blocked_quotient_key_geom(integer q, integer r, integer nslots) =
      1 <= q <= 63 && 1 <= r && q + r <= 64 && (1 << q) <= nslots;

    // Block d is framed from L1 to L2 (its slots and used-slot count unchanged), so it stores
    // the same.  Block d is an argument, not a product d * n inside a term: a quantified frame
    // fact then has a term a prover can match (stated on the window, cvc4 did not).
    axiomatic BqkFrame {
      predicate amq_blocked_quotient_key_same{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer d) =
        amq_blocked_quotient_frame{L1, L2}(rem + d * n, meta + d * n, gq + d * n, n);
      lemma amq_blocked_quotient_key_same_has{L1, L2}:
        \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, d, g, h;
          amq_blocked_quotient_key_same{L1, L2}(rem, meta, gq, n, d) ==>
          (amq_blocked_quotient_has{L1}(rem, meta, gq, n, d, g, h) <==> amq_blocked_quotient_has{L2}(rem, meta, gq, n, d, g, h));
    }

    // The whole structure: a valid table whose every block satisfies the kernel's invariant.
    predicate amq_blocked_quotient_key_state{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, uint64_t *counts,
                               integer nblocks, integer nslots) =
      amq_blocked_quotient_table(rem, meta, gq, counts, nblocks, nslots) &&
      \forall integer c; 0 <= c < nblocks ==> amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, c);

    // The key's quotient and remainder (its bytes read at L).
    logic integer amq_blocked_quotient_key_fq{L}(uint64_t seed, char *key, integer len, integer q) =
      amq_hash_xxh3_64{L}(key, len, seed) >> (64 - q);
    logic integer amq_blocked_quotient_key_fr{L}(uint64_t seed, char *key, integer len, integer q, integer r) =
      (amq_hash_xxh3_64{L}(key, len, seed) >> (64 - (q + r))) & ((1 << r) - 1);

    // The key (its bytes read at Lk) is stored in its block at Lt: at least once, twice.
    predicate amq_blocked_quotient_key_has{Lt, Lk}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer nslots,
                                  integer nblocks, integer q, integer r, uint64_t seed,
                                  char *key, integer len) =
      amq_blocked_quotient_has{Lt}(rem, meta, gq, nslots, amq_blocked_key_block_of{Lk}(seed, key, len, nblocks),
                      amq_blocked_quotient_key_fq{Lk}(seed, key, len, q), amq_blocked_quotient_key_fr{Lk}(seed, key, len, q, r));
    predicate amq_blocked_quotient_key_has2{Lt, Lk}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer nslots,
                                   integer nblocks, integer q, integer r, uint64_t seed,
                                   char *key, integer len) =
      amq_blocked_quotient_has2{Lt}(rem, meta, gq, nslots, amq_blocked_key_block_of{Lk}(seed, key, len, nblocks),
                       amq_blocked_quotient_key_fq{Lk}(seed, key, len, q), amq_blocked_quotient_key_fr{Lk}(seed, key, len, q, r));

    // (b, g, h) is the key's place (its bytes read at L).
    predicate amq_blocked_quotient_key_at{L}(integer b, integer g, integer h, integer nblocks, integer q, integer r,
                            uint64_t seed, char *key, integer len) =
      b == amq_blocked_key_block_of{L}(seed, key, len, nblocks) && g == amq_blocked_quotient_key_fq{L}(seed, key, len, q) &&
      h == amq_blocked_quotient_key_fr{L}(seed, key, len, q, r);

    // The key's place is a place: its block is a block, its quotient a home slot.
    predicate amq_blocked_quotient_key_placed{L}(integer nblocks, integer q, uint64_t seed, char *key, integer len) =
      0 <= amq_blocked_key_block_of{L}(seed, key, len, nblocks) < nblocks &&
      0 <= amq_blocked_quotient_key_fq{L}(seed, key, len, q) < (1 << q);

    // res is the query's answer for the key: 1 if it is stored in its block at Lt (its bytes
    // read at Lk), else 0.
    predicate amq_blocked_quotient_key_answer{Lt, Lk}(integer res, uint64_t *rem, uint8_t *meta, uint64_t *gq,
                                  integer nslots, integer nblocks, integer q, integer r, uint64_t seed,
                                  char *key, integer len) =
      (res == 1 && amq_blocked_quotient_key_has{Lt, Lk}(rem, meta, gq, nslots, nblocks, q, r, seed, key, len)) ||
      (res == 0 && !amq_blocked_quotient_key_has{Lt, Lk}(rem, meta, gq, nslots, nblocks, q, r, seed, key, len));

    // The key's bytes lie outside the structure (an add must not change the key it adds).
    predicate amq_blocked_quotient_key_apart(uint64_t *rem, uint8_t *meta, uint64_t *gq, uint64_t *counts,
                            integer nblocks, integer nslots, char *key, integer len) =
      \separated(key + (0 .. len - 1), rem + (0 .. nblocks * nslots - 1),
                 meta + (0 .. nblocks * nslots - 1), gq + (0 .. nblocks * nslots - 1),
                 counts + (0 .. nblocks - 1));
*/

/* The key's block, quotient and remainder (as above).  For the rates, the checker and the
 * batched query; add, query and remove call it. */
/*@ requires nblocks_pos: nblocks >= 1;
    requires geom_q:      1 <= q <= 63 && 1 <= r && q + r <= 64;
    requires key_valid:   \valid_read((char *)key + (0 .. len - 1));
    requires out_valid:   \valid(block) && \valid(fq) && \valid(fr) && \separated(block, fq, fr);
    requires sep:         \separated(block, (char *)key + (0 .. len - 1)) &&
                          \separated(fq, (char *)key + (0 .. len - 1)) &&
                          \separated(fr, (char *)key + (0 .. len - 1));
    assigns *block, *fq, *fr;
    ensures block: *block == amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks) && *block < nblocks;
    ensures fq:    *fq == amq_blocked_quotient_key_fq{Pre}(seed, (char *)key, len, q) && *fq < (1 << q);
    ensures fr:    *fr == amq_blocked_quotient_key_fr{Pre}(seed, (char *)key, len, q, r) && *fr <= (1 << r) - 1;
*/
void amq_blocked_quotient_key_place(uint64_t nblocks, uint64_t q, uint64_t r, uint64_t seed, const void *key,
                                    size_t len, uint64_t *block, uint64_t *fq, uint64_t *fr);

/* Adds the key to its block.  0: stored (the key is found; a place already stored is stored
 * twice).  1: the block is full; 2: no free slot at or after the quotient in the block; on 1
 * and 2 the block's count is unchanged and it stores exactly what it stored before.  The
 * key's block keeps what it stored; every other block is unchanged (its slots, used-slot count
 * and count); every block keeps the kernel's invariant. */
/*@ requires geom:      amq_blocked_quotient_key_geom(q, r, nslots);
    requires state:     amq_blocked_quotient_key_state(rem, meta, gq, counts, nblocks, nslots);
    requires store:     amq_blocked_quotient_store_all(st, rem, meta, gq, nblocks, nslots);
    requires hold:      amq_quotient_slots_hold(st, rem, meta);
    requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    requires apart:     amq_blocked_quotient_key_apart(rem, meta, gq, counts, nblocks, nslots, (char *)key, len);
    requires width:     r <= 8 * st.rbytes;
    assigns counts[0 .. nblocks - 1], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. nblocks * nslots - 1], meta[0 .. nblocks * nslots - 1],
            gq[0 .. nblocks * nslots - 1];
    ensures state:     amq_blocked_quotient_key_state(rem, meta, gq, counts, nblocks, nslots);
    ensures hold:      amq_quotient_slots_hold(st, rem, meta);
    ensures status:    \result == 0 || \result == 1 || \result == 2;
    ensures place:     amq_blocked_quotient_key_placed{Pre}(nblocks, q, seed, (char *)key, len);
    ensures others:    \forall integer c; 0 <= c < nblocks ==> c != amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks) ==>
                         amq_blocked_quotient_key_same{Pre, Post}(rem, meta, gq, nslots, c) && counts[c] == \old(counts[c]);
    ensures kept:      \forall integer g, h;
                         amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks), g, h) ==>
                         amq_blocked_quotient_has(rem, meta, gq, nslots, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks), g, h);
    ensures stored:    \result == 0 ==> amq_blocked_quotient_key_has{Post, Pre}(rem, meta, gq, nslots, nblocks, q, r, seed, (char *)key, len);
    ensures only:      \result == 0 ==> \forall integer g, h;
                         amq_blocked_quotient_has(rem, meta, gq, nslots, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks), g, h) ==>
                         amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks), g, h) ||
                         (g == amq_blocked_quotient_key_fq{Pre}(seed, (char *)key, len, q) && h == amq_blocked_quotient_key_fr{Pre}(seed, (char *)key, len, q, r));
    ensures twice:     \result == 0 ==> amq_blocked_quotient_key_has{Pre, Pre}(rem, meta, gq, nslots, nblocks, q, r, seed, (char *)key, len) ==>
                         amq_blocked_quotient_key_has2{Post, Pre}(rem, meta, gq, nslots, nblocks, q, r, seed, (char *)key, len);
    ensures unchanged: \result != 0 ==>
                         counts[amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks)] ==
                           \old(counts[amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks)]) &&
                         \forall integer g, h;
                           amq_blocked_quotient_has(rem, meta, gq, nslots, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks), g, h) ==>
                           amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks), g, h);
*/
int amq_blocked_quotient_key_add(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                                 uint64_t q, uint64_t r, uint64_t seed, const void *key,
                                 size_t len) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* 1 iff the key's fingerprint is stored in its block. */
/*@ requires geom:      amq_blocked_quotient_key_geom(q, r, nslots);
    requires state:     amq_blocked_quotient_key_state(rem, meta, gq, (uint64_t *)counts, nblocks, nslots);
    requires store:     amq_blocked_quotient_store_all(st, rem, meta, gq, nblocks, nslots);
    requires hold:      amq_quotient_slots_hold(st, rem, meta);
    requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    ensures found: \result == 1 <==>
                     amq_blocked_quotient_key_has{Pre, Pre}(rem, meta, gq, nslots, nblocks, q, r, seed, (char *)key, len);
    ensures bool:  \result == 0 || \result == 1;
    ensures place: amq_blocked_quotient_key_placed{Pre}(nblocks, q, seed, (char *)key, len);
*/
int amq_blocked_quotient_key_query(const amq_quotient_slots st, const uint64_t *counts, uint64_t nblocks,
                                   uint64_t nslots, uint64_t q, uint64_t r, uint64_t seed, const void *key,
                                   size_t len) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Removes one copy of the key's fingerprint from its block: 0.  None there: 1, and the block
 * stores what it stored, its count unchanged.  The key's block keeps every other fingerprint,
 * and the key's own when it was stored twice; nothing new is stored; every other block is
 * unchanged; every block keeps the kernel's invariant. */
/*@ requires geom:      amq_blocked_quotient_key_geom(q, r, nslots);
    requires state:     amq_blocked_quotient_key_state(rem, meta, gq, counts, nblocks, nslots);
    requires store:     amq_blocked_quotient_store_all(st, rem, meta, gq, nblocks, nslots);
    requires hold:      amq_quotient_slots_hold(st, rem, meta);
    requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    requires apart:     amq_blocked_quotient_key_apart(rem, meta, gq, counts, nblocks, nslots, (char *)key, len);
    requires width:     r <= 8 * st.rbytes;
    assigns counts[0 .. nblocks - 1], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. nblocks * nslots - 1], meta[0 .. nblocks * nslots - 1],
            gq[0 .. nblocks * nslots - 1];
    ensures state:     amq_blocked_quotient_key_state(rem, meta, gq, counts, nblocks, nslots);
    ensures hold:      amq_quotient_slots_hold(st, rem, meta);
    ensures status:    \result == 0 || \result == 1;
    ensures place:     amq_blocked_quotient_key_placed{Pre}(nblocks, q, seed, (char *)key, len);
    ensures iff:       \result == 0 <==> amq_blocked_quotient_key_has{Pre, Pre}(rem, meta, gq, nslots, nblocks, q, r, seed, (char *)key, len);
    ensures others:    \forall integer c; 0 <= c < nblocks ==> c != amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks) ==>
                         amq_blocked_quotient_key_same{Pre, Post}(rem, meta, gq, nslots, c) && counts[c] == \old(counts[c]);
    ensures kept:      \forall integer g, h;
                         amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks), g, h) ==>
                         (g != amq_blocked_quotient_key_fq{Pre}(seed, (char *)key, len, q) || h != amq_blocked_quotient_key_fr{Pre}(seed, (char *)key, len, q, r)) ==>
                         amq_blocked_quotient_has(rem, meta, gq, nslots, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks), g, h);
    ensures only:      \forall integer g, h;
                         amq_blocked_quotient_has(rem, meta, gq, nslots, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks), g, h) ==>
                         amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks), g, h);
    ensures twice:     amq_blocked_quotient_key_has2{Pre, Pre}(rem, meta, gq, nslots, nblocks, q, r, seed, (char *)key, len) ==>
                         amq_blocked_quotient_key_has{Post, Pre}(rem, meta, gq, nslots, nblocks, q, r, seed, (char *)key, len);
    ensures unchanged: \result != 0 ==>
                         counts[amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks)] ==
                           \old(counts[amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks)]) &&
                         \forall integer g, h;
                           amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks), g, h) ==>
                           amq_blocked_quotient_has(rem, meta, gq, nslots, amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks), g, h);
*/
int amq_blocked_quotient_key_remove(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                                    uint64_t q, uint64_t r, uint64_t seed, const void *key,
                                    size_t len) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Query count keys: results[i] is amq_blocked_quotient_key_query's answer for keys[i], nothing
 * else written.  Rounds of up to 16 keys: each key's place is found and the metadata byte of
 * its home slot prefetched, then each key is answered by the kernel (hashed once).  The caller
 * refuses NULL arguments (src/blocked_quotient.c).  results lies outside the structure's
 * allocations (apart: the library allocates them; gq is ghost). */
/*@ requires geom:          amq_blocked_quotient_key_geom(q, r, nslots);
    requires state:         amq_blocked_quotient_key_state(rem, meta, gq, (uint64_t *)counts, nblocks, nslots);
    requires store:         amq_blocked_quotient_store_all(st, rem, meta, gq, nblocks, nslots);
    requires hold:          amq_quotient_slots_hold(st, rem, meta);
    requires arrays_valid:  \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1));
    requires keys_valid:    \forall integer i; 0 <= i < count ==> \valid_read((char *)keys[i] + (0 .. lens[i] - 1));
    requires results_valid: \valid(results + (0 .. count - 1));
    requires sep:           \separated(results + (0 .. count - 1), keys + (0 .. count - 1), lens + (0 .. count - 1));
    requires apart:         \base_addr(results) != \base_addr(rem) && \base_addr(results) != \base_addr(meta) &&
                            \base_addr(results) != \base_addr(counts) && \base_addr(results) != \base_addr(gq);
    requires sep_keys:      \forall integer i; 0 <= i < count ==>
                              \separated(results + (0 .. count - 1), (char *)keys[i] + (0 .. lens[i] - 1));
    assigns results[0 .. count - 1];
    ensures answers: \forall integer i; 0 <= i < count ==>
      amq_blocked_quotient_key_answer{Pre, Pre}(results[i], rem, meta, gq, nslots, nblocks, q, r, seed,
                                                (char *)\at(keys[i], Pre), \at(lens[i], Pre));
*/
void amq_blocked_quotient_key_query_batch(const amq_quotient_slots st, const uint64_t *counts,
                                          uint64_t nblocks, uint64_t nslots, uint64_t q, uint64_t r, uint64_t seed,
                                          const void *const *keys, const size_t *lens, size_t count,
                                          int *results) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

#endif
