/* The quotient filter's compact slot store: slot i's remainder in the narrowest of one
 * byte, two, four or eight that holds r bits, and its three metadata bits in a nibble.  For
 * r <= 8 a slot takes 12 bits where the kernel's table (lib_internal/quotient_kernel.h) takes
 * 72.  Not part of the API.
 *
 * The store is made of uint16_t and uint32_t words only: one-byte remainders two to a
 * uint16_t, two-byte ones one to a uint16_t, four-byte ones one to a uint32_t, eight-byte
 * ones in two uint32_t (low half first), the metadata four nibbles to a uint16_t.  Why not
 * bytes and uint64_t: WP's typed memory model keeps one memory per C integer type, and the
 * kernel's ghost view (below) is uint8_t and uint64_t; a store of those types shares their
 * memory, so every kernel goal that reads a ghost entry after a store write must first show
 * the two apart, which made the kernel's goals several times slower (proofs/doc/quotient.md,
 * "The store's word types").
 *
 * The accessors carry the kernel's view along as ghost arrays rem and meta (one uint64_t and
 * one uint8_t per slot, as in the 9-byte table) and keep amq_quotient_slots_hold
 * (acsl/amq/quotient_slots_logic.h): a read returns the ghost entry, a write updates it and
 * the store together.  So a kernel written over the store keeps its logic over plain arrays.
 * C callers do not see the ghost parameters; Frama-C callers pass them:
 * `amq_quotient_slots_set_rem(s, i, v) /@ ghost (rem, meta) @/`.  Proved in unit
 * `quotient_slots` (src/quotient_slots.c).
 *
 * Two more choices let a kernel's loops over the store prove:
 * - the store is passed by value, so its fields are values in a proof, not memory that each
 *   write might have changed;
 * - amq_quotient_slots_hold quantifies over amq_quotient_slot_ok, so its instances are made
 *   only where a goal names amq_quotient_slot_ok, that is in these accessors (the asserts
 *   `ok` and `kept`), never in a kernel goal that merely reads a ghost entry. */
#ifndef AMQ_QUOTIENT_SLOTS_H
#define AMQ_QUOTIENT_SLOTS_H
#include <stdint.h>

typedef struct amq_quotient_slots {
    uint64_t n;       /* slots, >= 1 */
    uint64_t rbytes;  /* bytes per remainder: 1, 2, 4 or 8 */
    uint16_t *rem16;  /* rbytes 1: slot i in byte i % 2 of word i / 2; rbytes 2: word i; else null */
    uint32_t *rem32;  /* rbytes 4: word i; rbytes 8: words 2i (low half) and 2i + 1; else null */
    uint16_t *meta;   /* slot i in nibble i % 4 of word i / 4, the lowest nibble for i % 4 == 0 */
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

/* Words of each of the store's arrays for n slots with remainders of rbytes bytes (0: the
 * array is not used, its pointer null). */
/*@ requires width: amq_quotient_rbytes_ok(rbytes);
    requires n_max: n <= AMQ_QUOTIENT_SLOTS_MAX;
    assigns \nothing;
    ensures words: \result == amq_quotient_rem16_words(rbytes, n);
*/
uint64_t amq_quotient_slots_rem16_words(uint64_t rbytes, uint64_t n);
/*@ requires width: amq_quotient_rbytes_ok(rbytes);
    requires n_max: n <= AMQ_QUOTIENT_SLOTS_MAX;
    assigns \nothing;
    ensures words: \result == amq_quotient_rem32_words(rbytes, n);
*/
uint64_t amq_quotient_slots_rem32_words(uint64_t rbytes, uint64_t n);
/*@ assigns \nothing;
    ensures words: \result == amq_quotient_meta_words(n);
*/
uint64_t amq_quotient_slots_meta_words(uint64_t n);

/* The largest remainder an element of rbytes bytes holds. */
/*@ requires width: amq_quotient_rbytes_ok(rbytes);
    assigns \nothing;
    ensures max: \result == amq_quotient_rem_max(rbytes);
*/
static inline uint64_t amq_quotient_slots_rem_max(uint64_t rbytes)
{
    return rbytes == 1u ? 255u : rbytes == 2u ? 65535u : rbytes == 4u ? 4294967295u : UINT64_MAX;
}

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
    case 1: {
        /* Arithmetic byte select, one operation a statement (as in src/counting_kernel.c):
         * the slot's parity is unpredictable in a scan, a branch on it is not. */
        const uint64_t odd = i % 2u, even = 1u - odd;
        const uint64_t word = s.rem16[i / 2u];
        const uint64_t lo = word % 256u, hi = word / 256u;
        const uint64_t lo_part = lo * even, hi_part = hi * odd;
        /*@ assert parts: lo_part == (i % 2 == 0 ? lo : 0) && hi_part == (i % 2 == 1 ? hi : 0); */
        return lo_part + hi_part;
    }
    case 2: return s.rem16[i];
    case 4: return s.rem32[i];
    default: {
        const uint64_t lo = s.rem32[2u * i], hi = s.rem32[2u * i + 1u];
        return lo + hi * 4294967296u;
    }
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
    /* Byte i % 4 / 2 of the word, then nibble i % 2 of the byte, each chosen arithmetically
     * (see amq_quotient_slots_rem). */
    const unsigned word = s.meta[i / 4u];
    const unsigned upper = (unsigned)(i / 2u % 2u), lower = 1u - upper;
    const unsigned byte = word % 256u * lower + word / 256u * upper;
    /*@ assert byte: byte == (i % 4 < 2 ? word % 256 : word / 256); */
    const unsigned odd = (unsigned)(i % 2u), even = 1u - odd;
    const unsigned lo_part = byte % 16u * even, hi_part = byte / 16u * odd;
    /*@ assert parts: lo_part == (i % 2 == 0 ? byte % 16 : 0) && hi_part == (i % 2 == 1 ? byte / 16 : 0); */
    return (uint8_t)(lo_part + hi_part);
}

/* Slot i's remainder becomes v (v fits the store's width); the other byte of its word (one-
 * byte remainders) keeps its value, the padding byte of the last word too. */
/*@ requires store:  amq_quotient_slots_writable(s);
    requires ghosts: amq_quotient_slots_ghosts(s, rem, meta);
    requires slot:   i < s.n;
    requires fits:   v <= amq_quotient_rem_max(s.rbytes);
    requires hold:   amq_quotient_slots_hold(s, rem, meta);
    assigns s.rem16[0 .. amq_quotient_rem16_words(s.rbytes, s.n) - 1],
            s.rem32[0 .. amq_quotient_rem32_words(s.rbytes, s.n) - 1], rem[i];
    ensures value:   rem[i] == v;
    ensures hold:    amq_quotient_slots_hold(s, rem, meta);
    ensures padding: amq_quotient_slots_rem_pad_same{Pre, Post}(s);
*/
static inline void amq_quotient_slots_set_rem(const amq_quotient_slots s, uint64_t i, uint64_t v)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */
{
    switch (s.rbytes) {
    case 1: {
        const uint64_t odd = i % 2u, even = 1u - odd;
        const uint64_t word = s.rem16[i / 2u];
        const uint64_t lo = word % 256u, hi = word / 256u;
        /* The new low byte is v for even i, else the old one; the high one the other way. */
        const uint64_t new_lo = v * even + lo * odd, new_hi = hi * even + v * odd;
        /*@ assert bytes: new_lo == (i % 2 == 0 ? v : lo) && new_hi == (i % 2 == 1 ? v : hi); */
        s.rem16[i / 2u] = (uint16_t)(new_lo + 256u * new_hi);
        /*@ assert lo: s.rem16[i / 2] % 256 == new_lo; */
        /*@ assert hi: s.rem16[i / 2] / 256 == new_hi; */
        break;
    }
    case 2: s.rem16[i] = (uint16_t)v; break;
    case 4: s.rem32[i] = (uint32_t)v; break;
    default:
        s.rem32[2u * i] = (uint32_t)(v % 4294967296u);
        s.rem32[2u * i + 1u] = (uint32_t)(v / 4294967296u);
        break;
    }
    /*@ assert slot: amq_quotient_slot_rem(s, i) == v; */
    /*@ ghost rem[i] = v; */
    // hold again: slot i is the new one, every other slot as it was (the instance of hold
    // at Pre that each needs is named in kept's premise).
    /*@ assert ok_new: amq_quotient_slot_ok(s, rem, meta, i); */
    /*@ assert kept: \forall integer j; 0 <= j < s.n ==> j != i ==>
          amq_quotient_slot_ok{Pre}(s, rem, meta, j) ==> amq_quotient_slot_ok(s, rem, meta, j); */
}

/* Slot i's metadata becomes v (v <= 15); the other three nibbles of its word keep theirs,
 * the padding nibbles of the last word too. */
/*@ requires store:  amq_quotient_slots_writable(s);
    requires ghosts: amq_quotient_slots_ghosts(s, rem, meta);
    requires slot:   i < s.n;
    requires nibble: v <= 15;
    requires hold:   amq_quotient_slots_hold(s, rem, meta);
    assigns s.meta[i / 4], meta[i];
    ensures value:   meta[i] == v;
    ensures hold:    amq_quotient_slots_hold(s, rem, meta);
    ensures padding: amq_quotient_slots_pad_same{Pre, Post}(s);
*/
static inline void amq_quotient_slots_set_meta(const amq_quotient_slots s, uint64_t i, uint8_t v)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */
{
    const unsigned word = s.meta[i / 4u];
    const unsigned n0 = word % 16u, n1 = word / 16u % 16u, n2 = word / 256u % 16u, n3 = word / 4096u;
    const unsigned at = (unsigned)(i % 4u);
    const unsigned s0 = at == 0u, s1 = at == 1u, s2 = at == 2u, s3 = at == 3u;
    /* Nibble k becomes v where k is i % 4, else keeps its value (arithmetic select). */
    const unsigned m0 = v * s0 + n0 * (1u - s0), m1 = v * s1 + n1 * (1u - s1);
    const unsigned m2 = v * s2 + n2 * (1u - s2), m3 = v * s3 + n3 * (1u - s3);
    /*@ assert nibbles: m0 == (i % 4 == 0 ? v : n0) && m1 == (i % 4 == 1 ? v : n1) &&
                        m2 == (i % 4 == 2 ? v : n2) && m3 == (i % 4 == 3 ? v : n3); */
    s.meta[i / 4u] = (uint16_t)(m0 + 16u * m1 + 256u * m2 + 4096u * m3);
    /*@ assert split: amq_quotient_nibble(s.meta[i / 4], 0) == m0 && amq_quotient_nibble(s.meta[i / 4], 1) == m1 &&
                      amq_quotient_nibble(s.meta[i / 4], 2) == m2 && amq_quotient_nibble(s.meta[i / 4], 3) == m3; */
    /*@ assert slot: amq_quotient_slot_meta(s, i) == v; */
    /*@ ghost meta[i] = v; */
    // hold again, as in amq_quotient_slots_set_rem.
    /*@ assert ok_new: amq_quotient_slot_ok(s, rem, meta, i); */
    /*@ assert kept: \forall integer j; 0 <= j < s.n ==> j != i ==>
          amq_quotient_slot_ok{Pre}(s, rem, meta, j) ==> amq_quotient_slot_ok(s, rem, meta, j); */
}

#endif
