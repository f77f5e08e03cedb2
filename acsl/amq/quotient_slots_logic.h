/* ACSL logic of the quotient filter's compact slot store (lib_internal/quotient_slots.h).
 *
 * A store of n slots with remainders of rbytes bytes (1, 2, 4 or 8: the smallest that holds
 * r bits) keeps them in uint16_t words (rbytes 1: slot i in byte i % 2 of word i / 2, the low
 * byte for even i; rbytes 2: word i) or uint32_t words (rbytes 4: word i; rbytes 8: low half
 * in word 2i, high half in word 2i + 1); the unused pointer is null.  Slot i's metadata (the
 * kernel's byte 0 .. 7, acsl/amq/quotient_state.h) is nibble i % 4 of uint16_t word i / 4 of
 * meta.  Bytes and nibbles are read arithmetically (% and / by powers of two), as in
 * counting_logic.h: the provers handle that far better than shifts and masks.
 *
 * The kernel's logic speaks of arrays rem[i] (uint64_t) and meta[i] (uint8_t), one entry per
 * slot.  With the store those are ghost arrays, and amq_quotient_slots_hold ties them to it
 * slot by slot; the store's accessors keep it, so no kernel goal sees a nibble or a width.
 * The store's word types are neither of the ghosts' types, so WP keeps them in other
 * memories and no separation between the two needs stating.
 * Definitions only, and one macro that C code uses too (AMQ_QUOTIENT_SLOTS_MAX); the ACSL is
 * ignored by C compilers. */
#ifndef AMQ_QUOTIENT_SLOTS_LOGIC_H
#define AMQ_QUOTIENT_SLOTS_LOGIC_H
#include <stdint.h>

/* Most slots a store may have: 2^62, so that every word index (2i + 1 for eight-byte
 * remainders) fits a uint64_t.  No real table comes near (2^62 slots would take 2^61 bytes). */
#define AMQ_QUOTIENT_SLOTS_MAX 4611686018427387904u
/* The store's words as locations of an assigns clause: every word of the store, exactly. */
#define AMQ_QUOTIENT_SLOTS_WORDS(s) \
    (s).rem16[0 .. amq_quotient_rem16_words((s).rbytes, (s).n) - 1], \
    (s).rem32[0 .. amq_quotient_rem32_words((s).rbytes, (s).n) - 1], \
    (s).meta[0 .. amq_quotient_meta_words((s).n) - 1]
/*@
  predicate amq_quotient_rbytes_ok(integer b) = b == 1 || b == 2 || b == 4 || b == 8;

  // Largest remainder an element of b bytes holds.
  logic integer amq_quotient_rem_max(integer b) =
    b == 1 ? 255 : b == 2 ? 65535 : b == 4 ? 4294967295 : 18446744073709551615;

  // Words of each array for n slots (0: the array is not used).
  logic integer amq_quotient_rem16_words(integer b, integer n) =
    b == 1 ? n / 2 + n % 2 : b == 2 ? n : 0;
  logic integer amq_quotient_rem32_words(integer b, integer n) =
    b == 4 ? n : b == 8 ? 2 * n : 0;
  logic integer amq_quotient_meta_words(integer n) = n / 4 + (n % 4 == 0 ? 0 : 1);

  // Nibble k (0 .. 3, the lowest first) of a 16-bit word w.
  logic integer amq_quotient_nibble(integer w, integer k) =
    k == 0 ? w % 16 : k == 1 ? w / 16 % 16 : k == 2 ? w / 256 % 16 : w / 4096;

  // Slot i's remainder and metadata at L.
  logic integer amq_quotient_slot_rem{L}(amq_quotient_slots s, integer i) =
    s.rbytes == 1 ? (i % 2 == 0 ? s.rem16[i / 2] % 256 : s.rem16[i / 2] / 256) :
    s.rbytes == 2 ? s.rem16[i] :
    s.rbytes == 4 ? s.rem32[i] : s.rem32[2 * i] + 4294967296 * s.rem32[2 * i + 1];
  logic integer amq_quotient_slot_meta{L}(amq_quotient_slots s, integer i) =
    amq_quotient_nibble(s.meta[i / 4], i % 4);

  // The store is readable: its remainder words and its metadata words, the unused pointer null.
  predicate amq_quotient_slots_readable{L}(amq_quotient_slots s) =
    amq_quotient_rbytes_ok(s.rbytes) && 1 <= s.n <= AMQ_QUOTIENT_SLOTS_MAX &&
    \valid_read(s.meta + (0 .. amq_quotient_meta_words(s.n) - 1)) &&
    (s.rbytes <= 2 ? \valid_read(s.rem16 + (0 .. amq_quotient_rem16_words(s.rbytes, s.n) - 1)) : s.rem16 == \null) &&
    (s.rbytes >= 4 ? \valid_read(s.rem32 + (0 .. amq_quotient_rem32_words(s.rbytes, s.n) - 1)) : s.rem32 == \null);

  // ... and writable, its uint16_t remainder words apart from its metadata words (the
  // uint32_t ones are another memory in WP's model).
  predicate amq_quotient_slots_writable{L}(amq_quotient_slots s) =
    amq_quotient_slots_readable(s) &&
    \valid(s.meta + (0 .. amq_quotient_meta_words(s.n) - 1)) &&
    (s.rbytes <= 2 ==> \valid(s.rem16 + (0 .. amq_quotient_rem16_words(s.rbytes, s.n) - 1)) &&
       \separated(s.rem16 + (0 .. amq_quotient_rem16_words(s.rbytes, s.n) - 1),
                  s.meta + (0 .. amq_quotient_meta_words(s.n) - 1))) &&
    (s.rbytes >= 4 ==> \valid(s.rem32 + (0 .. amq_quotient_rem32_words(s.rbytes, s.n) - 1)));

  // Slot i of the store holds the ghost entries rem[i] and meta[i].
  predicate amq_quotient_slot_ok{L}(amq_quotient_slots s, uint64_t *rem, uint8_t *meta, integer i) =
    amq_quotient_slot_rem(s, i) == rem[i] && amq_quotient_slot_meta(s, i) == meta[i];
  // The ghost arrays rem and meta (n entries) are the store's slots.  Stated through
  // amq_quotient_slot_ok so that a prover instantiates it only where a goal names that
  // predicate (the store's accessors), not at every ghost entry a kernel goal reads.
  predicate amq_quotient_slots_hold{L}(amq_quotient_slots s, uint64_t *rem, uint8_t *meta) =
    \forall integer i; 0 <= i < s.n ==> amq_quotient_slot_ok(s, rem, meta, i);

  // The ghost arrays rem and meta (n entries each) are valid.  They need no separation
  // from the store: other C types, other memories in WP's model.
  predicate amq_quotient_slots_ghosts{L}(amq_quotient_slots s, uint64_t *rem, uint8_t *meta) =
    \valid(rem + (0 .. s.n - 1)) && \valid(meta + (0 .. s.n - 1));

  // The padding nibbles (slots n .. of the last metadata word) are unchanged from A to B.
  predicate amq_quotient_slots_pad_same{A, B}(amq_quotient_slots s) =
    \forall integer k; s.n <= k < 4 * amq_quotient_meta_words(s.n) ==>
      amq_quotient_nibble(\at(s.meta[k / 4], B), k % 4) == amq_quotient_nibble(\at(s.meta[k / 4], A), k % 4);
  // ... and the padding byte of the last remainder word (one-byte remainders, n odd).
  predicate amq_quotient_slots_rem_pad_same{A, B}(amq_quotient_slots s) =
    s.rbytes == 1 && s.n % 2 == 1 ==>
      \at(s.rem16[s.n / 2], B) / 256 == \at(s.rem16[s.n / 2], A) / 256;
*/
#endif
