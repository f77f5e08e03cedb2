/* ACSL logic of the quotient filter's compact slot store (lib_internal/quotient_slots.h).
 *
 * A store of n slots keeps slot i's remainder in element i of one array whose elements have
 * rbytes bytes (1, 2, 4 or 8: the smallest that holds r bits; the other three pointers are
 * null), and slot i's metadata (the kernel's byte 0 .. 7, acsl/amq/quotient_state.h) in
 * nibble i % 2 of byte i / 2 of meta, the low nibble for even i.  Nibbles are read
 * arithmetically (% 16, / 16), as in counting_logic.h: the provers handle that far better
 * than shifts and masks.
 *
 * The kernel's logic speaks of arrays rem[i] (uint64_t) and meta[i] (uint8_t), one entry per
 * slot.  With the store those are ghost arrays, and amq_quotient_slots_hold ties them to it
 * slot by slot; the store's accessors keep it, so no kernel goal sees a nibble or a width.
 * Definitions only.  Ignored by C compilers. */
#ifndef AMQ_QUOTIENT_SLOTS_LOGIC_H
#define AMQ_QUOTIENT_SLOTS_LOGIC_H
#include <stdint.h>
/*@
  predicate amq_quotient_rbytes_ok(integer b) = b == 1 || b == 2 || b == 4 || b == 8;

  // Largest remainder an element of b bytes holds.
  logic integer amq_quotient_rem_max(integer b) =
    b == 1 ? 255 : b == 2 ? 65535 : b == 4 ? 4294967295 : 18446744073709551615;

  // Bytes of metadata for n slots (two slots a byte).
  logic integer amq_quotient_meta_bytes(integer n) = n / 2 + n % 2;

  // Slot i's remainder and metadata at L.
  logic integer amq_quotient_slot_rem{L}(amq_quotient_slots s, integer i) =
    s.rbytes == 1 ? s.rem8[i] : s.rbytes == 2 ? s.rem16[i] :
    s.rbytes == 4 ? s.rem32[i] : s.rem64[i];
  logic integer amq_quotient_slot_meta{L}(amq_quotient_slots s, integer i) =
    i % 2 == 0 ? s.meta[i / 2] % 16 : s.meta[i / 2] / 16;

  // The store is readable: its one remainder array and its metadata bytes, the others null.
  predicate amq_quotient_slots_readable{L}(amq_quotient_slots s) =
    amq_quotient_rbytes_ok(s.rbytes) && 1 <= s.n &&
    \valid_read(s.meta + (0 .. amq_quotient_meta_bytes(s.n) - 1)) &&
    (s.rbytes == 1 ? \valid_read(s.rem8 + (0 .. s.n - 1)) : s.rem8 == \null) &&
    (s.rbytes == 2 ? \valid_read(s.rem16 + (0 .. s.n - 1)) : s.rem16 == \null) &&
    (s.rbytes == 4 ? \valid_read(s.rem32 + (0 .. s.n - 1)) : s.rem32 == \null) &&
    (s.rbytes == 8 ? \valid_read(s.rem64 + (0 .. s.n - 1)) : s.rem64 == \null);

  // ... and writable, its remainder array apart from its metadata bytes.
  predicate amq_quotient_slots_writable{L}(amq_quotient_slots s) =
    amq_quotient_slots_readable(s) &&
    \valid(s.meta + (0 .. amq_quotient_meta_bytes(s.n) - 1)) &&
    (s.rbytes == 1 ==> \valid(s.rem8 + (0 .. s.n - 1)) &&
       \separated(s.rem8 + (0 .. s.n - 1), s.meta + (0 .. amq_quotient_meta_bytes(s.n) - 1))) &&
    (s.rbytes == 2 ==> \valid(s.rem16 + (0 .. s.n - 1)) &&
       \separated(s.rem16 + (0 .. s.n - 1), s.meta + (0 .. amq_quotient_meta_bytes(s.n) - 1))) &&
    (s.rbytes == 4 ==> \valid(s.rem32 + (0 .. s.n - 1)) &&
       \separated(s.rem32 + (0 .. s.n - 1), s.meta + (0 .. amq_quotient_meta_bytes(s.n) - 1))) &&
    (s.rbytes == 8 ==> \valid(s.rem64 + (0 .. s.n - 1)) &&
       \separated(s.rem64 + (0 .. s.n - 1), s.meta + (0 .. amq_quotient_meta_bytes(s.n) - 1)));

  // Slot i of the store holds the ghost entries rem[i] and meta[i].
  predicate amq_quotient_slot_ok{L}(amq_quotient_slots s, uint64_t *rem, uint8_t *meta, integer i) =
    amq_quotient_slot_rem(s, i) == rem[i] && amq_quotient_slot_meta(s, i) == meta[i];
  // The ghost arrays rem and meta (n entries) are the store's slots.  Stated through
  // amq_quotient_slot_ok so that a prover instantiates it only where a goal names that
  // predicate (the store's accessors), not at every ghost entry a kernel goal reads.
  predicate amq_quotient_slots_hold{L}(amq_quotient_slots s, uint64_t *rem, uint8_t *meta) =
    \forall integer i; 0 <= i < s.n ==> amq_quotient_slot_ok(s, rem, meta, i);

  // The ghost arrays rem and meta (n entries each) are valid and apart from each of the
  // store's arrays, the null ones too (a null range is apart from every valid one), so that
  // no frame goal splits cases on rbytes.  Pairwise with each array: two null ranges are
  // not apart from each other.
  predicate amq_quotient_slots_ghosts{L}(amq_quotient_slots s, uint64_t *rem, uint8_t *meta) =
    \valid(rem + (0 .. s.n - 1)) && \valid(meta + (0 .. s.n - 1)) &&
    \separated(rem + (0 .. s.n - 1), meta + (0 .. s.n - 1), s.meta + (0 .. amq_quotient_meta_bytes(s.n) - 1)) &&
    \separated(rem + (0 .. s.n - 1), meta + (0 .. s.n - 1), s.rem8 + (0 .. s.n - 1)) &&
    \separated(rem + (0 .. s.n - 1), meta + (0 .. s.n - 1), s.rem16 + (0 .. s.n - 1)) &&
    \separated(rem + (0 .. s.n - 1), meta + (0 .. s.n - 1), s.rem32 + (0 .. s.n - 1)) &&
    \separated(rem + (0 .. s.n - 1), meta + (0 .. s.n - 1), s.rem64 + (0 .. s.n - 1));

  // The padding nibble (n odd: the high nibble of the last byte) is unchanged from A to B.
  predicate amq_quotient_slots_pad_same{A, B}(amq_quotient_slots s) =
    \at(s.n, A) % 2 == 1 ==>
      \at(s.meta[s.n / 2], B) / 16 == \at(s.meta[s.n / 2], A) / 16;
*/
#endif
