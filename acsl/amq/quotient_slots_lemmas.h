/* Lemmas of the compact slot store (acsl/amq/quotient_slots_logic.h): an r-bit remainder fits
 * the store's width.  Proved by WP;
 * no axioms. */
#ifndef AMQ_QUOTIENT_SLOTS_LEMMAS_H
#define AMQ_QUOTIENT_SLOTS_LEMMAS_H
#include <amq/quotient_slots_logic.h>
/*@
  // 2^r - 1, the largest r-bit remainder, fits an element of b bytes when r <= 8b (the range
  // tactic proves it one r at a time).
  lemma amq_quotient_rem_mask_fits: \forall integer r, b; amq_quotient_rbytes_ok(b) ==> 1 <= r <= 63 ==>
    r <= 8 * b ==> (1 << r) - 1 <= amq_quotient_rem_max(b);
  // x & (2^r - 1), an r-bit remainder, is at most 2^r - 1: WP's range tactic takes one r at a
  // time (eight r a lemma: the tactic's default width of ten pending goals), the bit-range
  // tactic each constant mask; the SMT solvers here have neither theory.
  lemma amq_quotient_mask_low_1_8: \forall integer x, r; 0 <= x <= 18446744073709551615 ==> 1 <= r <= 8 ==>
    0 <= (x & ((1 << r) - 1)) <= (1 << r) - 1;
  lemma amq_quotient_mask_low_9_16: \forall integer x, r; 0 <= x <= 18446744073709551615 ==> 9 <= r <= 16 ==>
    0 <= (x & ((1 << r) - 1)) <= (1 << r) - 1;
  lemma amq_quotient_mask_low_17_24: \forall integer x, r; 0 <= x <= 18446744073709551615 ==> 17 <= r <= 24 ==>
    0 <= (x & ((1 << r) - 1)) <= (1 << r) - 1;
  lemma amq_quotient_mask_low_25_32: \forall integer x, r; 0 <= x <= 18446744073709551615 ==> 25 <= r <= 32 ==>
    0 <= (x & ((1 << r) - 1)) <= (1 << r) - 1;
  lemma amq_quotient_mask_low_33_40: \forall integer x, r; 0 <= x <= 18446744073709551615 ==> 33 <= r <= 40 ==>
    0 <= (x & ((1 << r) - 1)) <= (1 << r) - 1;
  lemma amq_quotient_mask_low_41_48: \forall integer x, r; 0 <= x <= 18446744073709551615 ==> 41 <= r <= 48 ==>
    0 <= (x & ((1 << r) - 1)) <= (1 << r) - 1;
  lemma amq_quotient_mask_low_49_56: \forall integer x, r; 0 <= x <= 18446744073709551615 ==> 49 <= r <= 56 ==>
    0 <= (x & ((1 << r) - 1)) <= (1 << r) - 1;
  lemma amq_quotient_mask_low_57_63: \forall integer x, r; 0 <= x <= 18446744073709551615 ==> 57 <= r <= 63 ==>
    0 <= (x & ((1 << r) - 1)) <= (1 << r) - 1;
  lemma amq_quotient_mask_low: \forall integer x, r; 0 <= x <= 18446744073709551615 ==> 1 <= r <= 63 ==>
    0 <= (x & ((1 << r) - 1)) <= (1 << r) - 1;
*/
#endif
