/* Internal: the key-level quotient filter without allocation or I/O: hash the key, take its
 * p-bit fingerprint, split it into quotient and remainder, then call the proved kernel
 * (lib_internal/quotient_kernel.h).  src/quotient.c's amq_quotient_add, _query, _remove and
 * amq_quotient_fingerprint are these functions plus the NULL-filter check and the messages;
 * its merge, resize and load split fingerprints with the same two functions.
 *
 * A key's fingerprint is the top p = q + r bits of the XXH3-64 of its bytes under the seed
 * (the hash model, acsl/amq/hash_model.h): fp = h >> (64 - p).  Its quotient is the top q bits,
 * fq = fp >> r (a home slot: fq < 2^q <= nslots), its remainder the low r bits,
 * fr = fp & (2^r - 1).  The kernel stores (fq, fr) with multiplicity: two keys with the same
 * (fq, fr) (the same fingerprint) are one element of the table's multiset, so removing one of
 * them removes a copy the other may have put there.  What is proved about that is in the
 * contracts below and proofs/README.md ("Key-level quotient filter").
 *
 * Proved by the unit quotient_key (proofs/units/quotient.txt) against the hash model and the kernel
 * contracts (unit quotient).  The functions take the kernel's ghost arrays rem, meta and gq
 * (C callers do not see them, as for the kernel). */
#ifndef AMQ_INTERNAL_QUOTIENT_KEY_H
#define AMQ_INTERNAL_QUOTIENT_KEY_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash_model.h>
#include <amq/shift_logic.h>
#include <lib_internal/quotient_kernel.h>
#include <amq/quotient_slots_lemmas.h>

/*@ // h >> s has at most 64 - s bits (WP's range tactic proves it one s at a time, the lemma
    // job of proofs/prove.sh; the SMT solvers here have no theory of shifts).
    lemma amq_quotient_shr_bound: \forall integer x, s; 0 <= s <= 63 ==> 0 <= x <= 18446744073709551615 ==>
      0 <= (x >> s) < (1 << (64 - s));

    // The p-bit fingerprint of hash word h, its quotient (top q bits) and remainder (low r bits).
    logic integer amq_quotient_fp_of(integer h, integer p) = h >> (64 - p);
    logic integer amq_quotient_quot(integer fp, integer r) = fp >> r;
    logic integer amq_quotient_rem(integer fp, integer r) = fp & ((1 << r) - 1);

    // The key's fingerprint, quotient and remainder (its bytes read at L).
    logic integer amq_quotient_key_fp{L}(char *key, integer len, uint64_t seed, integer q, integer r) =
      amq_quotient_fp_of(amq_hash_xxh3_64{L}(key, len, seed), q + r);
    logic integer amq_quotient_key_fq{L}(char *key, integer len, uint64_t seed, integer q, integer r) =
      amq_quotient_quot(amq_quotient_key_fp{L}(key, len, seed, q, r), r);
    logic integer amq_quotient_key_fr{L}(char *key, integer len, uint64_t seed, integer q, integer r) =
      amq_quotient_rem(amq_quotient_key_fp{L}(key, len, seed, q, r), r);

    // The key (its bytes read at Lk) is stored in the table at Lt: its (quotient, remainder) is.
    predicate amq_quotient_key_has{Lt, Lk}(amq_qf *qf, uint64_t *rem, uint8_t *meta, uint64_t *gq, integer q, integer r, uint64_t seed,
                                     char *key, integer len) =
      amq_quotient_has{Lt}(qf, rem, meta, gq, amq_quotient_key_fq{Lk}(key, len, seed, q, r), amq_quotient_key_fr{Lk}(key, len, seed, q, r));

    // The same, stored at least twice.
    predicate amq_quotient_key_has2{Lt, Lk}(amq_qf *qf, uint64_t *rem, uint8_t *meta, uint64_t *gq, integer q, integer r, uint64_t seed,
                                      char *key, integer len) =
      amq_quotient_has2{Lt}(qf, rem, meta, gq, amq_quotient_key_fq{Lk}(key, len, seed, q, r), amq_quotient_key_fr{Lk}(key, len, seed, q, r));

    // Two keys (read at L) have the same (quotient, remainder), i.e. the same fingerprint.
    predicate amq_quotient_key_same{L}(integer q, integer r, uint64_t seed, char *x, integer xlen, char *y,
                                 integer ylen) =
      amq_quotient_key_fq{L}(x, xlen, seed, q, r) == amq_quotient_key_fq{L}(y, ylen, seed, q, r) &&
      amq_quotient_key_fr{L}(x, xlen, seed, q, r) == amq_quotient_key_fr{L}(y, ylen, seed, q, r);

    // The table is one a filter can hold: the kernel's preconditions and its parameters
    // (readable, for the query; writable, for add and remove).
    predicate amq_quotient_key_ready{L}(amq_qf *qf, uint64_t *rem, uint8_t *meta, uint64_t *gq) =
      amq_quotient_readable(qf, rem, meta, gq) && amq_quotient_ok(qf, rem, meta, gq) &&
      amq_quotient_params_ok(qf->q, qf->r, qf->nslots) && qf->r <= 8 * qf->slots.rbytes;
    predicate amq_quotient_key_table{L}(amq_qf *qf, uint64_t *rem, uint8_t *meta, uint64_t *gq) =
      amq_quotient_writable(qf, rem, meta, gq) && amq_quotient_key_ready(qf, rem, meta, gq);

    // What every operation keeps: the table's fields, its parameters and its invariant.
    predicate amq_quotient_key_kept{L1, L2}(amq_qf *qf, uint64_t *rem, uint8_t *meta, uint64_t *gq) =
      \at(qf->q, L1) == \at(qf->q, L2) && \at(qf->r, L1) == \at(qf->r, L2) &&
      \at(qf->nslots, L1) == \at(qf->nslots, L2) && amq_quotient_fields_same{L1, L2}(qf) &&
      amq_quotient_key_table{L2}(qf, rem, meta, gq);
*/

/* The key's p-bit fingerprint: the top p bits of its XXH3-64 under the seed. */
/*@ requires p_range:   1 <= p <= 64;
    requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    ensures fp:    \result == amq_quotient_fp_of(amq_hash_xxh3_64{Pre}((char *)key, len, seed), p);
    ensures range: \result < (1 << p);
*/
uint64_t amq_quotient_key_fingerprint(uint64_t p, uint64_t seed, const void *key, size_t len);

/* A fingerprint's quotient, its bits above the low r. */
/*@ requires r_range: 1 <= r <= 63;
    assigns \nothing;
    ensures quot: \result == amq_quotient_quot(fp, r);
*/
uint64_t amq_quotient_key_quot(uint64_t fp, uint64_t r);

/* A fingerprint's remainder, its low r bits. */
/*@ requires r_range: 1 <= r <= 63;
    assigns \nothing;
    ensures rem: \result == amq_quotient_rem(fp, r);
*/
uint64_t amq_quotient_key_rem(uint64_t fp, uint64_t r);

/* Adds the key: inserts its (quotient, remainder) into the kernel.  AMQ_OK: it is stored
 * (a second copy if it was there), nothing else was added, everything stored before still
 * is.  AMQ_E_FULL: the kernel found the table full or no free slot at or after the key's
 * quotient; the count and the stored fingerprints are unchanged (so is every query answer).
 * A NULL key with len > 0: AMQ_E_INVALID_ARG, nothing written. */
/*@ requires table: amq_quotient_key_table(qf, rem, meta, gq);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1],
            gq[0 .. qf->nslots - 1];
    ensures kept:  amq_quotient_key_kept{Pre, Post}(qf, rem, meta, gq);
    ensures keeps: \forall integer g, h; amq_quotient_has{Pre}(qf, rem, meta, gq, g, h) ==> amq_quotient_has(qf, rem, meta, gq, g, h);
    behavior refused:
      assumes key == \null && len > 0;
      assigns \nothing;
      ensures status:    \result == AMQ_E_INVALID_ARG;
      ensures unchanged: qf->count == \old(qf->count) && amq_quotient_same{Pre, Post}(rem, meta, gq, qf->nslots);
    behavior keyed:
      assumes !(key == \null && len > 0);
      requires key_valid: \valid_read((char *)key + (0 .. len - 1));
      ensures status:   \result == AMQ_OK || \result == AMQ_E_FULL;
      ensures place:    amq_quotient_key_fq{Pre}((char *)key, len, seed, \old(qf->q), \old(qf->r)) < (1 << \old(qf->q));
      ensures full:     \result == AMQ_E_FULL <==>
                          (\old(qf->count) >= qf->nslots ||
                           !amq_quotient_room{Pre}(meta, qf->nslots,
                                             amq_quotient_key_fq{Pre}((char *)key, len, seed, \old(qf->q), \old(qf->r))));
      ensures inserted: \result == AMQ_OK ==> amq_quotient_key_has{Post, Pre}(qf, rem, meta, gq, \old(qf->q), \old(qf->r), seed, (char *)key, len);
      ensures count:    \result == AMQ_OK ==> qf->count == \old(qf->count) + 1;
      ensures only:     \result == AMQ_OK ==> \forall integer g, h; amq_quotient_has(qf, rem, meta, gq, g, h) ==>
                          amq_quotient_has{Pre}(qf, rem, meta, gq, g, h) ||
                          (g == amq_quotient_key_fq{Pre}((char *)key, len, seed, \old(qf->q), \old(qf->r)) &&
                           h == amq_quotient_key_fr{Pre}((char *)key, len, seed, \old(qf->q), \old(qf->r)));
      ensures twice:    \result == AMQ_OK ==> amq_quotient_key_has{Pre, Pre}(qf, rem, meta, gq, \old(qf->q), \old(qf->r), seed, (char *)key, len) ==>
                          amq_quotient_key_has2{Post, Pre}(qf, rem, meta, gq, \old(qf->q), \old(qf->r), seed, (char *)key, len);
      ensures same:     \result != AMQ_OK ==> qf->count == \old(qf->count) &&
                          \forall integer g, h; amq_quotient_has(qf, rem, meta, gq, g, h) ==> amq_quotient_has{Pre}(qf, rem, meta, gq, g, h);
    complete behaviors;
    disjoint behaviors;
*/
amq_status amq_quotient_key_add(amq_qf *qf, uint64_t seed, const void *key, size_t len)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* 1 iff the key's (quotient, remainder) is stored; else 0. */
/*@ requires table:     amq_quotient_key_ready(qf, rem, meta, gq);
    requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    ensures found: \result == 1 <==> amq_quotient_key_has{Pre, Pre}(qf, rem, meta, gq, qf->q, qf->r, seed, (char *)key, len);
    ensures bool:  \result == 0 || \result == 1;
*/
int amq_quotient_key_query(const amq_qf *qf, uint64_t seed, const void *key, size_t len)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Removes one copy of the key's (quotient, remainder): AMQ_OK iff it was stored.  Every other
 * stored fingerprint stays; the key's own stays iff it was stored twice or more (`twice`).
 * So a key that was never added but shares an added key's fingerprint removes that key's
 * copy.  Not stored: AMQ_E_NOT_PRESENT, count and content unchanged.  A NULL key with
 * len > 0: AMQ_E_INVALID_ARG, nothing written. */
/*@ requires table: amq_quotient_key_table(qf, rem, meta, gq);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1],
            gq[0 .. qf->nslots - 1];
    ensures kept:  amq_quotient_key_kept{Pre, Post}(qf, rem, meta, gq);
    ensures only:  \forall integer g, h; amq_quotient_has(qf, rem, meta, gq, g, h) ==> amq_quotient_has{Pre}(qf, rem, meta, gq, g, h);
    behavior refused:
      assumes key == \null && len > 0;
      assigns \nothing;
      ensures status:    \result == AMQ_E_INVALID_ARG;
      ensures unchanged: qf->count == \old(qf->count) && amq_quotient_same{Pre, Post}(rem, meta, gq, qf->nslots);
    behavior keyed:
      assumes !(key == \null && len > 0);
      requires key_valid: \valid_read((char *)key + (0 .. len - 1));
      ensures status: \result == AMQ_OK || \result == AMQ_E_NOT_PRESENT;
      ensures iff:    \result == AMQ_OK <==> amq_quotient_key_has{Pre, Pre}(qf, rem, meta, gq, \old(qf->q), \old(qf->r), seed, (char *)key, len);
      ensures others: \forall integer g, h; amq_quotient_has{Pre}(qf, rem, meta, gq, g, h) ==>
                        (g != amq_quotient_key_fq{Pre}((char *)key, len, seed, \old(qf->q), \old(qf->r)) ||
                         h != amq_quotient_key_fr{Pre}((char *)key, len, seed, \old(qf->q), \old(qf->r))) ==>
                        amq_quotient_has(qf, rem, meta, gq, g, h);
      ensures twice:  \result == AMQ_OK ==> amq_quotient_key_has2{Pre, Pre}(qf, rem, meta, gq, \old(qf->q), \old(qf->r), seed, (char *)key, len) ==>
                        amq_quotient_key_has{Post, Pre}(qf, rem, meta, gq, \old(qf->q), \old(qf->r), seed, (char *)key, len);
      ensures count:  \result == AMQ_OK ==> qf->count == \old(qf->count) - 1;
      ensures same:   \result != AMQ_OK ==> qf->count == \old(qf->count) &&
                        \forall integer g, h; amq_quotient_has{Pre}(qf, rem, meta, gq, g, h) ==> amq_quotient_has(qf, rem, meta, gq, g, h);
    complete behaviors;
    disjoint behaviors;
*/
amq_status amq_quotient_key_remove(amq_qf *qf, uint64_t seed, const void *key, size_t len)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

#endif
