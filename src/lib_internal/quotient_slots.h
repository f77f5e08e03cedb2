/* The quotient filter's compact slot store: slot i's remainder in an element of the
 * narrowest of uint8_t, uint16_t, uint32_t, uint64_t that holds r bits, and its three
 * metadata bits in a nibble, two slots a byte.  For r <= 8 a slot takes 12 bits where the
 * kernel's table (lib_internal/quotient_kernel.h) takes 72.  Not part of the API.
 *
 * The accessors carry the kernel's view along as ghost arrays rem and meta (one uint64_t and
 * one uint8_t per slot, as in the 9-byte table) and keep amq_quotient_slots_hold
 * (acsl/amq/quotient_slots_logic.h): a read returns the ghost entry, a write updates it and
 * the store together.  So a kernel written over the store keeps its logic over plain arrays.
 * C callers do not see the ghost parameters; Frama-C callers pass them:
 * `amq_quotient_slots_set_rem(s, i, v) /@ ghost (rem, meta) @/`.  Proved in unit
 * `quotient_slots` (src/quotient_slots.c).
 *
 * Two choices let a kernel's loops over the store prove (without them its shift loop did
 * not; with them its goals still take cvc4 a few times longer than over plain arrays:
 * proofs/doc/quotient.md, "The kernel on the compact store"):
 * - the store is passed by value, so its fields are values in a proof, not memory that each
 *   write to a remainder or ghost array (the same WP memory chunks) might have changed;
 * - amq_quotient_slots_hold quantifies over amq_quotient_slot_ok, so its instances are made
 *   only where a goal names amq_quotient_slot_ok, that is in these accessors (the asserts
 *   `ok` and `kept`), never in a kernel goal that merely reads a ghost entry. */
#ifndef AMQ_QUOTIENT_SLOTS_H
#define AMQ_QUOTIENT_SLOTS_H
#include <stdint.h>

typedef struct amq_quotient_slots {
    uint64_t n;       /* slots, >= 1 */
    uint64_t rbytes;  /* bytes per remainder: 1, 2, 4 or 8 */
    uint8_t *rem8;    /* the remainder array of width rbytes; the other three are null */
    uint16_t *rem16;
    uint32_t *rem32;
    uint64_t *rem64;
    uint8_t *meta;    /* n / 2 + n % 2 bytes: slot i in nibble i % 2 of byte i / 2 */
} amq_quotient_slots;

#include <amq/quotient_slots_logic.h>

/* Bytes per remainder of r bits (1 <= r <= 64): 1, 2, 4 or 8. */
/*@ requires r_range: 1 <= r <= 64;
    assigns \nothing;
    ensures width: amq_quotient_rbytes_ok(\result);
    ensures fits:  r <= 8 * \result;
    ensures least: \result == 1 || r > 4 * \result;
*/
uint64_t amq_quotient_slots_rem_bytes(uint64_t r);

/* Bytes of metadata for n slots. */
/*@ assigns \nothing;
    ensures bytes: \result == amq_quotient_meta_bytes(n);
*/
uint64_t amq_quotient_slots_meta_bytes(uint64_t n);

/* Slot i's remainder. */
/*@ requires store: amq_quotient_slots_readable(s);
    requires slot:  i < s.n;
    requires hold:  amq_quotient_slots_hold(s, rem, meta);
    assigns \nothing;
    ensures value:  \result == rem[i];
    ensures fits:   \result <= amq_quotient_rem_max(s.rbytes);
*/
static inline uint64_t amq_quotient_slots_rem(const amq_quotient_slots s, uint64_t i)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */
{
    /*@ assert ok: amq_quotient_slot_ok(s, rem, meta, i); */ // hold's instance at i
    switch (s.rbytes) {
    case 1: return s.rem8[i];
    case 2: return s.rem16[i];
    case 4: return s.rem32[i];
    default: return s.rem64[i];
    }
}

/* Slot i's metadata (0 .. 15; the kernel keeps 0 .. 7). */
/*@ requires store: amq_quotient_slots_readable(s);
    requires slot:  i < s.n;
    requires hold:  amq_quotient_slots_hold(s, rem, meta);
    assigns \nothing;
    ensures value:  \result == meta[i];
*/
static inline uint8_t amq_quotient_slots_meta(const amq_quotient_slots s, uint64_t i)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */
{
    /*@ assert ok: amq_quotient_slot_ok(s, rem, meta, i); */ // hold's instance at i
    /* Arithmetic nibble select, one operation a statement (as in src/counting_kernel.c):
     * the slot's parity is unpredictable in a scan, a branch on it is not. */
    const unsigned odd = (unsigned)(i % 2u), even = 1u - odd;
    const unsigned byte = s.meta[i / 2u];
    const unsigned lo = byte % 16u, hi = byte / 16u;
    const unsigned lo_part = lo * even, hi_part = hi * odd;
    /*@ assert parts: lo_part == (i % 2 == 0 ? lo : 0) && hi_part == (i % 2 == 1 ? hi : 0); */
    return (uint8_t)(lo_part + hi_part);
}

/* Slot i's remainder becomes v (v fits the store's width). */
/*@ requires store:  amq_quotient_slots_writable(s);
    requires ghosts: amq_quotient_slots_ghosts(s, rem, meta);
    requires slot:   i < s.n;
    requires fits:   v <= amq_quotient_rem_max(s.rbytes);
    requires hold:   amq_quotient_slots_hold(s, rem, meta);
    assigns s.rem8[i], s.rem16[i], s.rem32[i], s.rem64[i], rem[i];
    ensures value:   rem[i] == v;
    ensures hold:    amq_quotient_slots_hold(s, rem, meta);
*/
static inline void amq_quotient_slots_set_rem(const amq_quotient_slots s, uint64_t i, uint64_t v)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */
{
    switch (s.rbytes) {
    case 1: s.rem8[i] = (uint8_t)v; break;
    case 2: s.rem16[i] = (uint16_t)v; break;
    case 4: s.rem32[i] = (uint32_t)v; break;
    default: s.rem64[i] = v; break;
    }
    /*@ ghost rem[i] = v; */
    // hold again: slot i is the new one, every other slot as it was (the instance of hold
    // at Pre that each needs is named in kept's premise).
    /*@ assert ok_new: amq_quotient_slot_ok(s, rem, meta, i); */
    /*@ assert kept: \forall integer j; 0 <= j < s.n ==> j != i ==>
          amq_quotient_slot_ok{Pre}(s, rem, meta, j) ==> amq_quotient_slot_ok(s, rem, meta, j); */
}

/* Slot i's metadata becomes v (v <= 15); the other slot of its byte and the padding nibble
 * keep theirs. */
/*@ requires store:  amq_quotient_slots_writable(s);
    requires ghosts: amq_quotient_slots_ghosts(s, rem, meta);
    requires slot:   i < s.n;
    requires nibble: v <= 15;
    requires hold:   amq_quotient_slots_hold(s, rem, meta);
    assigns s.meta[i / 2], meta[i];
    ensures value:   meta[i] == v;
    ensures hold:    amq_quotient_slots_hold(s, rem, meta);
    ensures padding: amq_quotient_slots_pad_same{Pre, Post}(s);
*/
static inline void amq_quotient_slots_set_meta(const amq_quotient_slots s, uint64_t i, uint8_t v)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */
{
    const unsigned odd = (unsigned)(i % 2u), even = 1u - odd;
    const unsigned byte = s.meta[i / 2u];
    const unsigned lo = byte % 16u, hi = byte / 16u;
    /* The new low nibble is v for even i, else the old one; the high one the other way. */
    const unsigned new_lo = v * even + lo * odd, new_hi = hi * even + v * odd;
    /*@ assert nibbles: new_lo == (i % 2 == 0 ? v : lo) && new_hi == (i % 2 == 1 ? v : hi); */
    s.meta[i / 2u] = (uint8_t)(new_lo + 16u * new_hi);
    /*@ assert lo: s.meta[i / 2] % 16 == new_lo; */
    /*@ assert hi: s.meta[i / 2] / 16 == new_hi; */
    /*@ assert slot: amq_quotient_slot_meta(s, i) == v; */
    /*@ ghost meta[i] = v; */
    // hold again, as in amq_quotient_slots_set_rem.
    /*@ assert ok_new: amq_quotient_slot_ok(s, rem, meta, i); */
    /*@ assert kept: \forall integer j; 0 <= j < s.n ==> j != i ==>
          amq_quotient_slot_ok{Pre}(s, rem, meta, j) ==> amq_quotient_slot_ok(s, rem, meta, j); */
}

#endif
