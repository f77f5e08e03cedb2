/* Internal: the key-level cuckoo filter without allocation or I/O: hash the key, then call the
 * proved kernel (lib_internal/cuckoo_kernel.h).  The structure layer allocates the table (nb
 * buckets of b slots of f bits, amq_bloom_words(nb * b * f) words, zeroed) and adds the messages;
 * these functions are all that touches the table for a key.
 *
 * A key's place is one XXH3-128 of its bytes under the seed (the hash model,
 * acsl/amq/hash_model.h), its two words lo and hi:
 *   first bucket  i1 = reduce(lo, nb)               any nb >= 1, not only powers of two;
 *   fingerprint   fp = 1 + reduce(hi, 2^f - 1)      in [1, 2^f - 1], never 0 (0 = empty; a
 *                                                   bit test makes that evident, see below);
 *   kick choices  kick[k] = (s_{k+1} / 2^16) mod b  s_0 = (lo XOR hi) mod 2^32,
 *                                                   s_{k+1} = (1103515245 s_k + 12345) mod 2^32,
 * with reduce(h, m) = (h * m) / 2^64 (amq_reduce).  So the filter is deterministic: the same
 * keys in the same order give the same table.  The fingerprint is uniform on [1, 2^f - 1] up to
 * the multiply-shift rounding (at most 2^(f-64) per value), the rates' model (Fan et al.: zero
 * excluded).  The kicks are drawn only when both of the key's buckets are full: try t (0 <= t <
 * AMQ_CUCKOO_KEY_TRIES) uses kick[t * AMQ_CUCKOO_MAX_KICKS ..], the next refusal the next try
 * (the kernel also refuses a chain that would move a slot twice, which a long chain in a large
 * table often would; another sequence then mostly succeeds).
 *
 * Removing a key that was never inserted: if its fingerprint is in one of its two buckets
 * (another key's copy: same fingerprint, same bucket pair), that copy is removed and AMQ_OK is
 * returned, so that other key may then be lost; otherwise AMQ_E_NOT_PRESENT and nothing changes.
 * Only removes of keys that were inserted (and not removed more often) are safe.
 *
 * Proved by the unit cuckoo_key (proofs/units/cuckoo.txt) against the hash model, amq_reduce (unit
 * hash_stream) and the kernel contracts (unit cuckoo). */
#ifndef AMQ_INTERNAL_CUCKOO_KEY_H
#define AMQ_INTERNAL_CUCKOO_KEY_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash_model.h>
#include <amq/hash_stream_logic.h>
#include <lib_internal/cuckoo_kernel.h>

/* How many kick sequences an add tries (each AMQ_CUCKOO_MAX_KICKS long) before AMQ_E_FULL. */
#define AMQ_CUCKOO_KEY_TRIES 8u

/*@ // 2^f - 1: the largest fingerprint of f bits.
    logic integer amq_cuckoo_fpmax(integer f) = (1 << f) - 1;

    // 2^f for a fingerprint width: 2^f - 1 is at least 3 and fits 32 bits (WP's range
    // tactic proves it one f at a time, the lemma job of proofs/prove.sh).
    lemma amq_cuckoo_shl1_f: \forall integer f; 2 <= f <= 32 ==> 4 <= (1 << f) <= 4294967296;

    // The key's first bucket (its bytes read at L).
    logic integer amq_cuckoo_key_i1{L}(char *key, integer len, uint64_t seed, integer nb) =
      amq_hash_stream_reduce(amq_hash_xxh3_128_lo{L}(key, len, seed), nb);

    // The fingerprint of hash word hi: v = 1 + reduce(hi, 2^f - 1) is in [1, 2^f - 1], so its
    // bits below f are never all 0 (v ^ ((v >> f) << f), v without its bits from f up, is not
    // 0) and the fingerprint is v; the fallback 1 is never taken, it makes the set bit evident
    // to the provers (amq_cuckoo_kernel_low_clear: no bit loop).
    logic integer amq_cuckoo_v(integer hi, integer f) = 1 + amq_hash_stream_reduce(hi, amq_cuckoo_fpmax(f));
    logic integer amq_cuckoo_fp_of(integer hi, integer f) =
      (amq_cuckoo_v(hi, f) ^ ((amq_cuckoo_v(hi, f) >> f) << f)) == 0 ? 1 : amq_cuckoo_v(hi, f);

    // The key's fingerprint (its bytes read at L).
    logic integer amq_cuckoo_key_fp{L}(char *key, integer len, uint64_t seed, integer f) =
      amq_cuckoo_fp_of(amq_hash_xxh3_128_hi{L}(key, len, seed), f);

    // The key's place is a place: its first bucket is a bucket, its fingerprint has a set bit.
    predicate amq_cuckoo_key_ok{L}(integer nb, integer f, char *key, integer len, uint64_t seed) =
      0 <= amq_cuckoo_key_i1{L}(key, len, seed, nb) < nb && amq_cuckoo_fp(amq_cuckoo_key_fp{L}(key, len, seed, f), f);

    // j is one of the key's two buckets (its bytes read at L).
    predicate amq_cuckoo_key_bucket{L}(integer j, integer nb, integer f, char *key, integer len, uint64_t seed) =
      j == amq_cuckoo_key_i1{L}(key, len, seed, nb) ||
      j == amq_cuckoo_alt(amq_cuckoo_key_i1{L}(key, len, seed, nb), amq_cuckoo_key_fp{L}(key, len, seed, f), f, nb);

    // The key is found in the table at Lw (its bytes read at Lk): its fingerprint is in its
    // first bucket or in that bucket's alternate.
    predicate amq_cuckoo_key_has{Lw, Lk}(uint64_t *w, integer nb, integer b, integer f, char *key,
                                     integer len, uint64_t seed) =
      amq_cuckoo_has{Lw}(w, f, b, nb, amq_cuckoo_key_i1{Lk}(key, len, seed, nb),
                     amq_cuckoo_key_fp{Lk}(key, len, seed, f));
*/

/* The key's first bucket and fingerprint (as above).  For the rates and the checker; add,
 * query and remove call it. */
/*@ requires nb_pos:    nb >= 1;
    requires f_range:   2 <= f <= 32;
    requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    requires out_valid: \valid(i1) && \valid(fp) && \separated(i1, fp);
    requires sep:       \separated(i1, (char *)key + (0 .. len - 1)) && \separated(fp, (char *)key + (0 .. len - 1));
    assigns *i1, *fp;
    ensures i1:       *i1 == amq_cuckoo_key_i1{Pre}((char *)key, len, seed, nb) && *i1 < nb;
    ensures fp:       *fp == amq_cuckoo_key_fp{Pre}((char *)key, len, seed, f) && 1 <= *fp <= amq_cuckoo_fpmax(f);
    ensures fp_bits:  amq_cuckoo_fp(*fp, f);
*/
void amq_cuckoo_key_place(uint64_t nb, uint64_t f, uint64_t seed, const void *key, size_t len, uint64_t *i1,
                          uint64_t *fp);

/* Adds the key.  AMQ_OK: the key is found, and every fingerprint found before still is; a
 * fingerprint with the key's f bits that was already found for the key's buckets has two
 * copies there (`copy`: a new copy was written, see amq_cuckoo_kernel_insert).  With the copy
 * counts (unit cuckoo_key_count): the key's class (its bucket pair, its fingerprint's f bits)
 * gains exactly one copy and no other class's count changes (`up`, `other`).
 * AMQ_E_FULL: no try found a free slot; not a word of w changed.  A NULL
 * key with len > 0: AMQ_E_INVALID_ARG, nothing changed. */
/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures failed:   \result != AMQ_OK ==> amq_cuckoo_words_same{Pre, Post}(w, amq_bloom_words(nb * b * f));
    behavior refused:
      assumes key == \null && len > 0;
      assigns \nothing;
      ensures status: \result == AMQ_E_INVALID_ARG;
    behavior keyed:
      assumes !(key == \null && len > 0);
      requires key_valid: \valid_read((char *)key + (0 .. len - 1));
      requires sep:       \separated((char *)key + (0 .. len - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
      ensures status:     \result == AMQ_OK || \result == AMQ_E_FULL;
      ensures place:      amq_cuckoo_key_ok{Pre}(nb, f, (char *)key, len, seed);
      ensures inserted:   \result == AMQ_OK ==> amq_cuckoo_key_has{Post, Pre}(w, nb, b, f, (char *)key, len, seed);
      ensures preserved:  \result == AMQ_OK ==>
                            \forall integer j, x; 0 <= j < nb && amq_cuckoo_fp(x, f) &&
                              amq_cuckoo_has{Pre}(w, f, b, nb, j, x) ==> amq_cuckoo_has(w, f, b, nb, j, x);
      ensures unchanged:  \result == AMQ_E_FULL ==> amq_cuckoo_words_same{Pre, Post}(w, amq_bloom_words(nb * b * f));
      ensures copy:       \result == AMQ_OK ==>
                            \forall integer j, x; 0 <= j < nb && amq_cuckoo_key_bucket{Pre}(j, nb, f, (char *)key, len, seed) &&
                              amq_cuckoo_same(x, amq_cuckoo_key_fp{Pre}((char *)key, len, seed, f), f) &&
                              amq_cuckoo_has{Pre}(w, f, b, nb, j, x) ==> amq_cuckoo_has2(w, f, b, nb, j, x);
      AMQ_CUCKOO_COUNT(
      ensures up:         \result == AMQ_OK ==>
                            \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                              amq_cuckoo_key_bucket{Pre}(j, nb, f, (char *)key, len, seed) &&
                              amq_cuckoo_same(x, amq_cuckoo_key_fp{Pre}((char *)key, len, seed, f), f) ==>
                              amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1;
      ensures other:      \result == AMQ_OK ==>
                            \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                              !(amq_cuckoo_key_bucket{Pre}(j, nb, f, (char *)key, len, seed) &&
                                amq_cuckoo_same(x, amq_cuckoo_key_fp{Pre}((char *)key, len, seed, f), f)) ==>
                              amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);)
    complete behaviors;
    disjoint behaviors;
*/
amq_status amq_cuckoo_key_add(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed, const void *key,
                              size_t len);

/* 1 iff the key's fingerprint is in one of its two buckets. */
/*@ requires geom:      amq_cuckoo_geom(w, nb, b, f);
    requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    ensures found: \result == 1 <==> amq_cuckoo_key_has{Pre, Pre}(w, nb, b, f, (char *)key, len, seed);
    ensures bool:  \result == 0 || \result == 1;
    ensures place: amq_cuckoo_key_ok{Pre}(nb, f, (char *)key, len, seed);
*/
int amq_cuckoo_key_query(const uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed, const void *key,
                         size_t len);

/* Removes one copy of the key's fingerprint from one of its two buckets (its first bucket
 * first): AMQ_OK; with the copy counts, the key's class loses exactly one copy and no other
 * class's count changes (`down`, `other`).  None there: AMQ_E_NOT_PRESENT, nothing changed.
 * A NULL key with len > 0: AMQ_E_INVALID_ARG, nothing changed.  (See above for a key that was
 * never inserted.) */
/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures failed:   \result != AMQ_OK ==> amq_cuckoo_words_same{Pre, Post}(w, amq_bloom_words(nb * b * f));
    behavior refused:
      assumes key == \null && len > 0;
      assigns \nothing;
      ensures status: \result == AMQ_E_INVALID_ARG;
    behavior keyed:
      assumes !(key == \null && len > 0);
      requires key_valid: \valid_read((char *)key + (0 .. len - 1));
      requires sep:       \separated((char *)key + (0 .. len - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
      ensures status:     \result == AMQ_OK || \result == AMQ_E_NOT_PRESENT;
      ensures place:      amq_cuckoo_key_ok{Pre}(nb, f, (char *)key, len, seed);
      ensures iff:        \result == AMQ_OK <==> amq_cuckoo_key_has{Pre, Pre}(w, nb, b, f, (char *)key, len, seed);
      ensures one:        \result == AMQ_OK ==>
                            amq_cuckoo_removed_one{Pre, Post}(w, f, b, nb, amq_cuckoo_key_i1{Pre}((char *)key, len, seed, nb),
                                                          amq_cuckoo_key_fp{Pre}((char *)key, len, seed, f));
      ensures unchanged:  \result != AMQ_OK ==> amq_cuckoo_words_same{Pre, Post}(w, amq_bloom_words(nb * b * f));
      AMQ_CUCKOO_COUNT(
      ensures down:       \result == AMQ_OK ==>
                            \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                              amq_cuckoo_key_bucket{Pre}(j, nb, f, (char *)key, len, seed) &&
                              amq_cuckoo_same(x, amq_cuckoo_key_fp{Pre}((char *)key, len, seed, f), f) ==>
                              amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) - 1;
      ensures other:      \result == AMQ_OK ==>
                            \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                              !(amq_cuckoo_key_bucket{Pre}(j, nb, f, (char *)key, len, seed) &&
                                amq_cuckoo_same(x, amq_cuckoo_key_fp{Pre}((char *)key, len, seed, f), f)) ==>
                              amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);)
    complete behaviors;
    disjoint behaviors;
*/
amq_status amq_cuckoo_key_remove(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed, const void *key,
                                 size_t len);

#endif
