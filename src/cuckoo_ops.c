/* Cuckoo filter operations: query, remove and insert, over the proved slot layer of
 * src/cuckoo_kernel.c (contracts in lib_internal/cuckoo_kernel.h, logic in acsl/amq/cuckoo_logic.h);
 * insert's kick chain is src/cuckoo_kick.c, and the steps the two files share have their
 * contracts in lib_internal/cuckoo_steps.h.
 *
 * Proof shape.  Bit loops work on a bit offset o (goals linear in o + j); the slot-level
 * contracts name a slot s (bits s * f ..).  Every product fact (a slot lies in its bucket,
 * distinct slots lie apart, a slot is in one bucket) is a ghost function with an empty body,
 * proved once and called where needed: as lemmas of the logic they would be hypotheses of
 * every goal and lead the solvers' nonlinear search astray (proofs/README.md). */
#include <lib_internal/cuckoo_steps.h>
#include <lib_internal/prefetch.h>
#include <lib_internal/cuckoo_count_ghost.h> /* ghost facts; with the copy counts (unit cuckoo_count) their lemmas */

/*@ ghost
  // Halving (WP's lsr_1 and bit extraction; no parity): y >> 1 is y / 2, its bits are y's
  // shifted down by one, and a y whose bit 0 is clear and whose half is 0 is 0.
  /@ assigns \nothing;
     ensures half:  \forall integer d; 0 <= d ==> (d >> 1) == d / 2;
     ensures hbits: \forall integer d, j; 0 <= d && 0 <= j ==> (amq_cuckoo_bit(d >> 1, j) <==> amq_cuckoo_bit(d, j + 1));
     ensures base:  \forall integer d; 0 <= d && !amq_cuckoo_bit(d, 0) && d / 2 == 0 ==> d == 0;
  @/
  static void amq_cuckoo_step_halving(void) { }
*/

/*@ ghost
  // Extensionality for every 64-bit value at once: one whose bits are all clear is 0.  By
  // induction on a bound B (B, 2B, ... past 2^64): a d < 2B with every bit clear has d / 2 < B
  // with every bit clear, so d / 2 == 0, and then d == 0 (amq_cuckoo_step_halving's `base`).
  /@ assigns \nothing;
     ensures zero: \forall integer d; 0 <= d <= 18446744073709551615 && amq_cuckoo_clear(d) ==> d == 0;
  @/
  static void amq_cuckoo_step_zero_ext(void) {
      amq_cuckoo_step_halving();
      uint64_t B = 1;
      /@ loop invariant pos: 1 <= B <= 9223372036854775808;
         loop invariant all: \forall integer d; 0 <= d < B && amq_cuckoo_clear(d) ==> d == 0;
         loop assigns B;
         loop variant 9223372036854775808 - B;
      @/
      while (B <= 4611686018427387904u) {
          /@ assert step: \forall integer d; 0 <= d < 2 * B && amq_cuckoo_clear(d) ==> amq_cuckoo_clear(d / 2) && d / 2 < B; @/
          /@ assert ih:   \forall integer d; 0 <= d < 2 * B && amq_cuckoo_clear(d) ==> d / 2 == 0; @/
          /@ assert b0:   \forall integer d; 0 <= d < 2 * B && amq_cuckoo_clear(d) ==> !amq_cuckoo_bit(d, 0); @/
          /@ assert nb:   \forall integer d; 0 <= d < 2 * B && amq_cuckoo_clear(d) ==> d == 0; @/
          B = 2 * B;
      }
      /@ assert b2:  \forall integer d; 0 <= d < 2 * B && amq_cuckoo_clear(d) ==> amq_cuckoo_clear(d / 2) && d / 2 < B; @/
      /@ assert ih2: \forall integer d; 0 <= d < 2 * B && amq_cuckoo_clear(d) ==> d / 2 == 0; @/
      /@ assert p2:  \forall integer d; 0 <= d < 2 * B && amq_cuckoo_clear(d) ==> d == 0; @/
      /@ assert b4:  \forall integer d; 0 <= d < 4 * B && amq_cuckoo_clear(d) ==> amq_cuckoo_clear(d / 2) && d / 2 < 2 * B; @/
      /@ assert ih4: \forall integer d; 0 <= d < 4 * B && amq_cuckoo_clear(d) ==> d / 2 == 0; @/
      /@ assert p4:  \forall integer d; 0 <= d < 4 * B && amq_cuckoo_clear(d) ==> d == 0; @/
  }
*/


/*@ ghost
  void amq_cuckoo_step_shl_le(uint64_t d, uint64_t f) {
      uint64_t q = d;
      /@ loop invariant bounds: 0 <= k <= f;
         loop invariant q_is:   q == (d >> k);
         loop invariant p_pos:  1 <= (1 << k);
         loop invariant under:  q * (1 << k) <= d;
         loop assigns k, q;
         loop variant f - k;
      @/
      for (uint64_t k = 0; k < f; k++) {
          /@ assert q1: (q >> 1) == q / 2 && ((d >> k) >> 1) == (d >> (k + 1)); @/
          /@ assert p1: ((1 << k) << 1) == (1 << (k + 1)) && ((1 << k) << 1) == 2 * (1 << k); @/
          /@ assert two: 2 * (q / 2) <= q; @/
          /@ assert mul: (1 << k) * q - (1 << k) * (2 * (q / 2)) == (1 << k) * (q - 2 * (q / 2)); @/
          /@ assert mul: 0 <= (1 << k) * (q - 2 * (q / 2)); @/
          /@ assert mul: (1 << k) * (2 * (q / 2)) <= (1 << k) * q; @/
          q = q >> 1;
      }
      uint64_t x = q;
      /@ loop invariant bounds: 0 <= j <= f;
         loop invariant shl:    (x << j) == x * (1 << j);
         loop assigns j;
         loop variant f - j;
      @/
      for (uint64_t j = 0; j < f; j++) {
          /@ assert s1: ((x << j) << 1) == (x << (j + 1)) && ((x << j) << 1) == 2 * (x << j); @/
          /@ assert p1: ((1 << j) << 1) == (1 << (j + 1)) && ((1 << j) << 1) == 2 * (1 << j); @/
      }
  }
*/

/* d ^ ((d >> f) << f) keeps exactly the low f bits: for one test as cheap as making the mask
 * (amq_cuckoo_step_mask, whose bits need the range-tactic lemma amq_cuckoo_ones_bits), which
 * only the slot loop, testing b slots, makes.  Contract: lib_internal/cuckoo_kernel.h. */
int amq_cuckoo_kernel_low_clear(uint64_t d, uint64_t f)
{
    //@ ghost amq_cuckoo_step_shl_le(d, f);
    const uint64_t hi = (d >> f) << f;
    /*@ assert hi_bits: \forall integer k; 0 <= k ==> (amq_cuckoo_bit(hi, k) <==> (k >= f && amq_cuckoo_bit(d, k))); */
    const uint64_t e = d ^ hi;
    /*@ assert e_bits: \forall integer k; 0 <= k ==> (amq_cuckoo_bit(e, k) <==> (k < f && amq_cuckoo_bit(d, k))); */
    /*@ assert zero_bits: \forall integer k; 0 <= k ==> !amq_cuckoo_bit(0, k); */
    //@ ghost amq_cuckoo_step_zero_ext();
    /*@ assert clear_e: (\forall integer k; 0 <= k < f ==> !amq_cuckoo_bit(d, k)) ==> amq_cuckoo_clear(e); */
    return e == 0;
}

/* The mask of the low f bits, 2^f - 1, from the all-ones word (its bits: lemma
 * amq_cuckoo_ones_bits), made once per bucket so that each slot test is one and (find_window). */
/*@ requires f_range: 1 <= f <= 32;
    assigns \nothing;
    ensures mask:     amq_cuckoo_mask(\result, f);
*/
static uint64_t amq_cuckoo_step_mask(uint64_t f)
{
    const uint64_t ones = ~(uint64_t)0;
    /*@ assert ones_lo: \forall integer k; 0 <= k < 64 ==> amq_cuckoo_bit(ones, k); */
    //@ ghost amq_cuckoo_step_shl_le(ones, f);
    const uint64_t hi = (ones >> f) << f;
    /*@ assert hi_bits: \forall integer k; 0 <= k ==> (amq_cuckoo_bit(hi, k) <==> (k >= f && amq_cuckoo_bit(ones, k))); */
    const uint64_t m = ones ^ hi;
    /*@ assert m_bits: \forall integer k; 0 <= k ==> (amq_cuckoo_bit(m, k) <==> !(amq_cuckoo_bit(ones, k) <==> amq_cuckoo_bit(hi, k))); */
    return m;
}

/* amq_cuckoo_kernel_low_clear with the mask of f bits given: one and, one test. */
/*@ requires f_range: 1 <= f <= 32;
    requires mask:    amq_cuckoo_mask(m, f);
    assigns \nothing;
    ensures low:      \result == 1 <==> (\forall integer k; 0 <= k < f ==> !amq_cuckoo_bit(d, k));
*/
static int amq_cuckoo_step_low_clear_masked(uint64_t d, uint64_t f, uint64_t m)
{
    (void)f;
    const uint64_t e = d & m;
    /*@ assert and_bits: \forall integer k; 0 <= k ==> (amq_cuckoo_bit(e, k) <==> (amq_cuckoo_bit(d, k) && amq_cuckoo_bit(m, k))); */
    /*@ assert e_bits: \forall integer k; 0 <= k ==> (amq_cuckoo_bit(e, k) <==> (k < f && amq_cuckoo_bit(d, k))); */
    /*@ assert zero_bits: \forall integer k; 0 <= k ==> !amq_cuckoo_bit(0, k); */
    //@ ghost amq_cuckoo_step_zero_ext();
    /*@ assert clear_e: (\forall integer k; 0 <= k < f ==> !amq_cuckoo_bit(d, k)) ==> amq_cuckoo_clear(e); */
    return e == 0;
}

/* 1 iff the f bits at bit offset o hold the low f bits of x (x = 0: the bits are empty).
 * Whole fields: the slot's bits in word o / 64, shifted down, xor x, then the low-bits test;
 * a slot that straddles two words is tested in two parts (a shift left to join them would
 * overflow, and the unsigned checks refuse it). */
/*@ requires f_range: 1 <= f <= 32;
    requires bits:    o + f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_bloom_words(nbits) - 1));
    assigns \nothing;
    ensures bits_holds: \result == 1 <==> amq_cuckoo_is_at(w, f, o, x);
    ensures bool:       \result == 0 || \result == 1;
*/
static int amq_cuckoo_step_bits_is(const uint64_t *w, uint64_t nbits, uint64_t f, uint64_t o, uint64_t x)
{
    (void)nbits;
    const uint64_t q = o / 64u;
    const uint64_t r = o % 64u;
    /*@ assert pos: q < amq_bloom_words(nbits) && o == 64 * q + r; */
    /*@ assert at: \forall integer k; 0 <= k && r + k < 64 ==> (o + k) / 64 == q && (o + k) % 64 == r + k; */
    /*@ assert shr: \forall integer k; 0 <= k ==> ((w[q] >> r) >> k) == (w[q] >> (r + k)); */
    /*@ assert word: \forall integer k; 0 <= k && r + k < 64 ==>
                       (amq_cuckoo_bit(w[q] >> r, k) <==> amq_bloom_bit_set(w, o + k)); */
    const uint64_t lo = (w[q] >> r) ^ x;
    /*@ assert lo_bits: \forall integer k; 0 <= k && r + k < 64 ==>
                          (amq_cuckoo_bit(lo, k) <==> !(amq_bloom_bit_set(w, o + k) <==> amq_cuckoo_bit(x, k))); */
    if (r + f <= 64u) {
        const int all = amq_cuckoo_kernel_low_clear(lo, f);
        /*@ assert one: all == 1 <==> amq_cuckoo_is_at(w, f, o, x); */
        return all;
    }
    const uint64_t n = 64u - r; /* 1 <= n < f: the slot's bits in word q */
    if (amq_cuckoo_kernel_low_clear(lo, n) == 0) {
        /*@ assert differ: !amq_cuckoo_is_at(w, f, o, x); */
        return 0;
    }
    /*@ assert lo_ok: \forall integer k; 0 <= k < n ==> (amq_bloom_bit_set(w, o + k) <==> amq_cuckoo_bit(x, k)); */
    /*@ assert pos2: q + 1 < amq_bloom_words(nbits) && o + n == 64 * (q + 1); */
    /*@ assert at2: \forall integer k; n <= k < f ==> (o + k) / 64 == q + 1 && (o + k) % 64 == k - n; */
    /*@ assert xbits: \forall integer k; n <= k ==> (amq_cuckoo_bit(x >> n, k - n) <==> amq_cuckoo_bit(x, k)); */
    const uint64_t hi = w[q + 1u] ^ (x >> n);
    /*@ assert hi_bits: \forall integer k; n <= k < f ==>
                          (amq_cuckoo_bit(hi, k - n) <==> !(amq_bloom_bit_set(w, o + k) <==> amq_cuckoo_bit(x, k))); */
    /*@ assert hi_bits2: \forall integer j; 0 <= j < f - n ==>
                           (amq_cuckoo_bit(hi, j) <==> !(amq_bloom_bit_set(w, o + (j + n)) <==> amq_cuckoo_bit(x, j + n))); */
    const int same = amq_cuckoo_kernel_low_clear(hi, f - n);
    /*@ assert hi_ok: same == 1 <==> \forall integer k; n <= k < f ==> (amq_bloom_bit_set(w, o + k) <==> amq_cuckoo_bit(x, k)); */
    /*@ assert two: same == 1 <==> amq_cuckoo_is_at(w, f, o, x); */
    return same;
}

/*@ ghost
  // A 64-bit value whose bits from r up are clear is below 2^r (its r-fold halving is 0, and
  // halving k times keeps d < (q + 1) 2^k), so shifted up by 64 - r it stays below 2^64:
  // the window's join (amq_cuckoo_step_window) does not wrap.
  /@ requires r_range: 1 <= r <= 63;
     requires high:    \forall integer k; r <= k ==> !amq_cuckoo_bit(d, k);
     assigns \nothing;
     ensures fits:     (d << (64 - r)) <= 18446744073709551615;
  @/
  static void amq_cuckoo_step_shl_fits(uint64_t d, uint64_t r) {
      uint64_t q = d;
      /@ loop invariant bounds: 0 <= k <= r;
         loop invariant q_is:   q == (d >> k) && q <= d;
         loop invariant p_pos:  1 <= (1 << k);
         loop invariant over:   d < (1 << k) * (q + 1);
         loop assigns k, q;
         loop variant r - k;
      @/
      for (uint64_t k = 0; k < r; k++) {
          /@ assert q1: (q >> 1) == q / 2 && ((d >> k) >> 1) == (d >> (k + 1)); @/
          /@ assert p1: ((1 << k) << 1) == (1 << (k + 1)) && ((1 << k) << 1) == 2 * (1 << k); @/
          /@ assert two: q + 1 <= 2 * (q / 2 + 1); @/
          const uint64_t e = 2u * (q / 2u) + 1u - q;
          /@ assert two: e == 0 || e == 1; @/
          /@ assert mul: (1 << k) * (2 * (q / 2) + 2) - (1 << k) * (q + 1) == (1 << k) * e; @/
          /@ assert e0: e == 0 ==> (1 << k) * e == 0; @/
          /@ assert e1: e == 1 ==> (1 << k) * e == (1 << k); @/
          /@ assert mul: 0 <= (1 << k) * e; @/
          /@ assert mul: (1 << k) * (q + 1) <= (1 << k) * (2 * (q / 2) + 2); @/
          /@ assert mul: (1 << k) * (2 * (q / 2) + 2) == (1 << (k + 1)) * (q / 2 + 1); @/
          q = q >> 1;
      }
      amq_cuckoo_step_zero_ext();
      /@ assert hbits: \forall integer k; 0 <= k ==> (amq_cuckoo_bit(d >> r, k) <==> amq_cuckoo_bit(d, k + r)); @/
      /@ assert top: amq_cuckoo_clear(q) && 0 <= q <= 18446744073709551615; @/
      /@ assert zero: q == 0; @/
      /@ assert below: d < (1 << r); @/
      uint64_t j = 0;
      /@ loop invariant bounds: 0 <= j <= 64 - r;
         loop invariant below:  (d << j) < (1 << (r + j));
         loop assigns j;
         loop variant 64 - r - j;
      @/
      for (; j < 64 - r; j++) {
          /@ assert s1: ((d << j) << 1) == (d << (j + 1)) && ((d << j) << 1) == 2 * (d << j); @/
          /@ assert p1: ((1 << (r + j)) << 1) == (1 << (r + j + 1)) && ((1 << (r + j)) << 1) == 2 * (1 << (r + j)); @/
      }
      /@ assert j64: r + j == 64 && j == 64 - r; @/
      /@ assert end: (d << j) < 18446744073709551616; @/
  }
*/

/* The n <= 64 bits at bit offset o as one value: bit k of the result (k < n) is bit o + k.
 * A window that crosses into word q + 1 takes that word's low r bits (kept by the shift pair
 * of amq_cuckoo_kernel_low_clear: r is not f, so no slot mask serves) above the first word's;
 * those r bits shifted up by 64 - r fit, so the << does not wrap. */
/*@ requires n_range: 1 <= n <= 64;
    requires bits:    o + n <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_bloom_words(nbits) - 1));
    assigns \nothing;
    ensures window:   \forall integer k; 0 <= k < n ==> (amq_cuckoo_bit(\result, k) <==> amq_bloom_bit_set(w, o + k));
*/
static uint64_t amq_cuckoo_step_window(const uint64_t *w, uint64_t nbits, uint64_t o, uint64_t n)
{
    (void)nbits;
    const uint64_t q = o / 64u;
    const uint64_t r = o % 64u;
    /*@ assert pos: q < amq_bloom_words(nbits) && o == 64 * q + r; */
    /*@ assert at: \forall integer k; 0 <= k && r + k < 64 ==> (o + k) / 64 == q && (o + k) % 64 == r + k; */
    /*@ assert shr: \forall integer k; 0 <= k ==> ((w[q] >> r) >> k) == (w[q] >> (r + k)); */
    const uint64_t lo = w[q] >> r;
    /*@ assert lo_bits: \forall integer k; 0 <= k && r + k < 64 ==> (amq_cuckoo_bit(lo, k) <==> amq_bloom_bit_set(w, o + k)); */
    if (r + n <= 64u)
        return lo;
    /*@ assert lo_high: \forall integer k; 64 - r <= k ==> !amq_cuckoo_bit(lo, k); */
    const uint64_t v = w[q + 1u];
    //@ ghost amq_cuckoo_step_shl_le(v, r);
    const uint64_t keep = v ^ ((v >> r) << r); /* v's low r bits */
    /*@ assert keep_bits: \forall integer k; 0 <= k ==> (amq_cuckoo_bit(keep, k) <==> (k < r && amq_cuckoo_bit(v, k))); */
    //@ ghost amq_cuckoo_step_shl_fits(keep, r);
    const uint64_t up = keep << (64u - r);
    /*@ assert up_bits: \forall integer k; 0 <= k < 64 ==> (amq_cuckoo_bit(up, k) <==> (64 - r <= k && amq_cuckoo_bit(v, k - (64 - r)))); */
    /*@ assert pos2: q + 1 < amq_bloom_words(nbits); */
    /*@ assert at2: \forall integer k; 64 - r <= k < n ==> (o + k) / 64 == q + 1 && (o + k) % 64 == k - (64 - r); */
    const uint64_t win = lo | up;
    /*@ assert or_bits: \forall integer k; 0 <= k ==> (amq_cuckoo_bit(win, k) <==> (amq_cuckoo_bit(lo, k) || amq_cuckoo_bit(up, k))); */
    /*@ assert win_lo: \forall integer k; 0 <= k < 64 - r ==> (amq_cuckoo_bit(win, k) <==> amq_bloom_bit_set(w, o + k)); */
    /*@ assert win_hi: \forall integer k; 64 - r <= k < n ==> (amq_cuckoo_bit(win, k) <==> amq_bloom_bit_set(w, o + k)); */
    return win;
}

/*@ ghost
  // Product step: bit offset o of slot s (o == s * f) holds x iff slot s does.
  /@ requires o == s * f;
     assigns \nothing;
     ensures is:    amq_cuckoo_is_at(w, f, o, x) <==> amq_cuckoo_is(w, f, s, x);
  @/
  static void amq_cuckoo_step_at_slot(const uint64_t *w, uint64_t f, uint64_t s, uint64_t o, uint64_t x) { }
*/

/* Three ghost facts the kick chain (src/cuckoo_kick.c) uses too: contracts in
 * lib_internal/cuckoo_steps.h.  (No // comment may end a ghost line: Frama-C 25 then loses the
 * line break, and the two views' line numbers, which the gate matches, drift apart.) */
/*@ ghost
  void amq_cuckoo_step_slot_fits(uint64_t s, uint64_t i, uint64_t b, uint64_t f, uint64_t nbits) { }
*/

/*@ ghost
  void amq_cuckoo_step_bucket_in(uint64_t i, uint64_t nb, uint64_t b, uint64_t f) { }
*/

/*@ ghost
  // Extensionality through the 64-bit cast: an integer whose cast has every bit clear casts
  // to 0 (the cast is a 64-bit value, amq_cuckoo_step_zero_ext).
  /@ assigns \nothing;
     ensures zero_cast: \forall integer d; amq_cuckoo_clear((uint64_t)d) ==> (uint64_t)d == 0;
  @/
  static void amq_cuckoo_step_zero_cast(void) {
      amq_cuckoo_step_zero_ext();
      /@ assert in: \forall integer d; 0 <= (uint64_t)d <= 18446744073709551615; @/
  }
*/

/*@ ghost
  // amq_cuckoo_step_zero_cast for the xor of two low values (the instance, stated for every x).
  /@ assigns \nothing;
     ensures zero_xor: \forall integer x; amq_cuckoo_clear((uint64_t)(amq_cuckoo_low(x, f) ^ amq_cuckoo_low(y, f))) ==>
                         (uint64_t)(amq_cuckoo_low(x, f) ^ amq_cuckoo_low(y, f)) == 0;
  @/
  static void amq_cuckoo_step_zero_xor(uint64_t y, uint64_t f) {
      amq_cuckoo_step_zero_cast();
  }
*/

/*@ ghost
  // Every integer x with y's low f bits has y's low value: the two low values have the same
  // bits (below 64 those of x and y below f, from 64 up none), so their xor, a 64-bit value
  // with every bit clear, is 0.  Each step is stated for every x (the callers quantify x),
  // and the last two as implications, so that Qed closes them from the instances.
  /@ requires f_range: 1 <= f <= 32;
     assigns \nothing;
     ensures same_low: \forall integer x; amq_cuckoo_same(x, y, f) ==> amq_cuckoo_low(x, f) == amq_cuckoo_low(y, f);
  @/
  static void amq_cuckoo_step_same_low(uint64_t y, uint64_t f) {
      amq_cuckoo_step_zero_xor(y, f);
      /@ assert low_range: \forall integer x; 0 <= amq_cuckoo_low(x, f) <= 18446744073709551615; @/
      /@ assert low_e: \forall integer x, k; 0 <= k ==> (amq_cuckoo_bit(x ^ ((x >> f) << f), k) <==> (k < f && amq_cuckoo_bit(x, k))); @/
      /@ assert low_l: \forall integer x, k; 0 <= k < 64 ==> (amq_cuckoo_bit(amq_cuckoo_low(x, f), k) <==> (k < f && amq_cuckoo_bit(x, k))); @/
      /@ assert low_h: \forall integer x, k; 64 <= k ==> !amq_cuckoo_bit(amq_cuckoo_low(x, f), k); @/
      /@ assert low_x: \forall integer x; (uint64_t)(amq_cuckoo_low(x, f) ^ amq_cuckoo_low(y, f)) == (amq_cuckoo_low(x, f) ^ amq_cuckoo_low(y, f)); @/
      /@ assert low_b: \forall integer x, j; amq_cuckoo_same(x, y, f) && 0 <= j ==>
                         (amq_cuckoo_bit(amq_cuckoo_low(x, f), j) <==> amq_cuckoo_bit(amq_cuckoo_low(y, f), j)); @/
      /@ assert low_xb: \forall integer x, j; 0 <= j ==> (amq_cuckoo_bit(amq_cuckoo_low(x, f) ^ amq_cuckoo_low(y, f), j) <==>
                          !(amq_cuckoo_bit(amq_cuckoo_low(x, f), j) <==> amq_cuckoo_bit(amq_cuckoo_low(y, f), j))); @/
      /@ assert low_d: \forall integer x; amq_cuckoo_same(x, y, f) ==> amq_cuckoo_clear(amq_cuckoo_low(x, f) ^ amq_cuckoo_low(y, f)); @/
      /@ assert low_all: \forall integer x; amq_cuckoo_same(x, y, f) ==> amq_cuckoo_clear(amq_cuckoo_low(x, f) ^ amq_cuckoo_low(y, f)) ==>
                           (uint64_t)(amq_cuckoo_low(x, f) ^ amq_cuckoo_low(y, f)) == (amq_cuckoo_low(x, f) ^ amq_cuckoo_low(y, f)) ==>
                           (amq_cuckoo_clear((uint64_t)(amq_cuckoo_low(x, f) ^ amq_cuckoo_low(y, f))) ==>
                            (uint64_t)(amq_cuckoo_low(x, f) ^ amq_cuckoo_low(y, f)) == 0) ==>
                           amq_cuckoo_low(x, f) == amq_cuckoo_low(y, f); @/
  }
*/

/*@ ghost
  void amq_cuckoo_step_alt_bits(uint64_t y, uint64_t f, uint64_t nb) {
      amq_cuckoo_step_same_low(y, f);
  }
*/

/*@ ghost
  // Product step: nb * b fits wherever nb * b * f does.
  /@ requires nb >= 1 && b >= 1 && f >= 1;
     assigns \nothing;
     ensures nb * b <= nb * b * f;
  @/
  static void amq_cuckoo_step_geom_bounds(uint64_t nb, uint64_t b, uint64_t f) { }
*/

/*@ ghost
  // Product step: the bits of any other slot r lie apart from those of slot s.
  /@ requires f >= 1;
     assigns \nothing;
     ensures apart: \forall integer r; 0 <= r && r != s ==> amq_cuckoo_apart(r, s, f);
  @/
  static void amq_cuckoo_step_slots_apart(uint64_t s, uint64_t f) { }
*/

/* 1 iff slot s of bucket i holds x. */
/*@ requires f_range: 1 <= f <= 32;
    requires slot:    i * b <= s < i * b + b && (i * b + b) * f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_bloom_words(nbits) - 1));
    assigns \nothing;
    ensures holds:    \result == 1 <==> amq_cuckoo_is(w, f, s, x);
    ensures bool:     \result == 0 || \result == 1;
*/
static int amq_cuckoo_step_slot_is(const uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t i, uint64_t s,
                          uint64_t x)
{
    (void)b;
    (void)i;
    //@ ghost amq_cuckoo_step_slot_fits(s, i, b, f, nbits);
    const uint64_t o = s * f;
    //@ ghost amq_cuckoo_step_at_slot(w, f, s, o, x);
    return amq_cuckoo_step_bits_is(w, nbits, f, o, x);
}

/*@ ghost
  // Product step: bucket i's b * f bits start at i * b * f and end inside the bits.
  /@ requires b >= 1 && f >= 1 && (i * b + b) * f <= nbits;
     assigns \nothing;
     ensures start: i * b * f + b * f == (i * b + b) * f && i * b * f + b * f <= nbits;
  @/
  static void amq_cuckoo_step_bucket_bits(uint64_t i, uint64_t b, uint64_t f, uint64_t nbits) { }
*/

/* The answer of amq_cuckoo_step_find, and of its path for a bucket of at most 64 bits. */
#define AMQ_CUCKOO_FIND_ANSWER                                                         \
    assigns \nothing;                                                                  \
    ensures range:    \result <= b;                                                    \
    ensures found:    \result < b ==> amq_cuckoo_is(w, f, i * b + \result, x);         \
    ensures none:     \result == b ==> !amq_cuckoo_in(w, f, b, i, x);                  \
    ensures some:     \result < b ==> amq_cuckoo_in(w, f, b, i, x);

/* amq_cuckoo_step_find for a bucket of at most 64 bits: the bucket read once, as one value,
 * then each slot's f bits tested in it (b = 4 with f <= 16, b = 2 with any f, b = 8 with
 * f <= 8). */
/*@ requires f_range: 1 <= f <= 32;
    requires b_pos:   b >= 1 && b * f <= 64;
    requires bucket:  (i * b + b) * f <= nbits && i * b + b <= 18446744073709551615;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_bloom_words(nbits) - 1));
    AMQ_CUCKOO_FIND_ANSWER
*/
static uint64_t amq_cuckoo_step_find_window(const uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t i,
                                            uint64_t x)
{
    //@ ghost amq_cuckoo_step_bucket_bits(i, b, f, nbits);
    const uint64_t n = b * f;
    const uint64_t o = i * b * f;
    const uint64_t win = amq_cuckoo_step_window(w, nbits, o, n);
    const uint64_t m = amq_cuckoo_step_mask(f);
    //@ ghost uint64_t u = 0;
    uint64_t cur = win; /* the window from slot t on (bit u of win on): shifted down f bits a
                         * slot, so that every shift of the loop is by f */
#pragma GCC unroll 8 /* all of a bucket's slots: no counter, no back branch */
    /*@ loop invariant bounds: 0 <= t <= b && u == t * f && u <= n;
        loop invariant cur:    \forall integer k; 0 <= k ==> (amq_cuckoo_bit(cur, k) <==> amq_cuckoo_bit(win, u + k));
        loop invariant other:  \forall integer s; i * b <= s < i * b + t ==> !amq_cuckoo_is(w, f, s, x);
        loop assigns t, u, cur;
        loop variant b - t;
    */
    for (uint64_t t = 0; t < b; t++) {
        /*@ assert at: (i * b + t) * f == o + u && u + f <= n; */
        /*@ assert bits: \forall integer j; 0 <= j < f ==> (amq_cuckoo_bit(cur, j) <==> amq_bloom_bit_set(w, o + u + j)); */
        /*@ assert slot: amq_cuckoo_is(w, f, i * b + t, x) <==> amq_cuckoo_is_at(w, f, o + u, x); */
        const uint64_t y = cur ^ x;
        /*@ assert y_bits: \forall integer j; 0 <= j ==> (amq_cuckoo_bit(y, j) <==> !(amq_cuckoo_bit(cur, j) <==> amq_cuckoo_bit(x, j))); */
        /*@ assert is: amq_cuckoo_is(w, f, i * b + t, x) <==> (\forall integer j; 0 <= j < f ==> !amq_cuckoo_bit(y, j)); */
        if (amq_cuckoo_step_low_clear_masked(y, f, m) == 1)
            return t;
        /*@ assert next: \forall integer k; 0 <= k ==> (amq_cuckoo_bit(cur >> f, k) <==> amq_cuckoo_bit(cur, k + f)); */
        cur >>= f;
        //@ ghost u += f;
    }
    return b;
}

/* amq_cuckoo_step_find_window for the default b = 4, passed as the constant 4, so that the
 * compiler unrolls the slot loop (no counter, no back branch). */
/*@ requires f_range: 1 <= f <= 16;
    requires b_four:  b == 4;
    requires bucket:  (i * b + b) * f <= nbits && i * b + b <= 18446744073709551615;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_bloom_words(nbits) - 1));
    AMQ_CUCKOO_FIND_ANSWER
*/
static uint64_t amq_cuckoo_step_find4(const uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t i, uint64_t x)
{
    (void)b;
    return amq_cuckoo_step_find_window(w, nbits, 4u, f, i, x);
}

/* amq_cuckoo_step_find for a bucket of more than 64 bits: slot by slot. */
/*@ requires f_range: 1 <= f <= 32;
    requires b_pos:   b >= 1;
    requires bucket:  (i * b + b) * f <= nbits && i * b + b <= 18446744073709551615;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_bloom_words(nbits) - 1));
    AMQ_CUCKOO_FIND_ANSWER
*/
static uint64_t amq_cuckoo_step_find_slots(const uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t i,
                                           uint64_t x)
{
    /*@ loop invariant bounds: 0 <= t <= b;
        loop invariant other:  \forall integer s; i * b <= s < i * b + t ==> !amq_cuckoo_is(w, f, s, x);
        loop assigns t;
        loop variant b - t;
    */
    for (uint64_t t = 0; t < b; t++) {
        const uint64_t s = i * b + t;
        /*@ assert s: s == i * b + t; */
        if (amq_cuckoo_step_slot_is(w, nbits, b, f, i, s, x) == 1)
            return t;
    }
    return b;
}

/* The first slot of bucket i that holds x (its place t < b), or b when none does; x = 0: the
 * first empty slot (amq_cuckoo_empty is "holds 0"). */
/*@ requires f_range: 1 <= f <= 32;
    requires b_pos:   b >= 1;
    requires bucket:  (i * b + b) * f <= nbits && i * b + b <= 18446744073709551615;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_bloom_words(nbits) - 1));
    AMQ_CUCKOO_FIND_ANSWER
*/
static uint64_t amq_cuckoo_step_find(const uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t i, uint64_t x)
{
    if (b == 4u && f <= 16u)
        return amq_cuckoo_step_find4(w, nbits, b, f, i, x);
    if (b <= 64u && b * f <= 64u)
        return amq_cuckoo_step_find_window(w, nbits, b, f, i, x);
    return amq_cuckoo_step_find_slots(w, nbits, b, f, i, x);
}

uint64_t amq_cuckoo_step_lookup(const uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i,
                                uint64_t x)
{
    (void)nb;
    //@ ghost amq_cuckoo_step_bucket_in(i, nb, b, f);
    //@ ghost amq_cuckoo_step_geom_bounds(nb, b, f);
    return amq_cuckoo_step_find(w, nbits, b, f, i, x);
}

int amq_cuckoo_kernel_query(const uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp)
{
    //@ ghost amq_cuckoo_step_geom_bounds(nb, b, f);
    const uint64_t nbits = nb * b * f;
    /* Both buckets' first words asked for before either is read: a negative query reads both,
     * and the second miss then overlaps the first (38.6-41.3 -> 33.5-34.6 ns at 1e6 keys);
     * kept in every cache level, as later queries read the table again (docs/cuckoo.md). */
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    const uint64_t s1 = amq_cuckoo_step_slot(nbits, nb, b, f, i1, 0u);
    const uint64_t s2 = amq_cuckoo_step_slot(nbits, nb, b, f, i2, 0u);
    //@ ghost amq_cuckoo_step_slot_fits(s1, i1, b, f, nbits);
    //@ ghost amq_cuckoo_step_slot_fits(s2, i2, b, f, nbits);
    AMQ_PREFETCH_KEEP(w + s1 * f / 64u);
    AMQ_PREFETCH_KEEP(w + s2 * f / 64u);
    if (amq_cuckoo_step_lookup(w, nbits, nb, b, f, i1, fp) < b)
        return 1;
    return amq_cuckoo_step_lookup(w, nbits, nb, b, f, i2, fp) < b;
}

uint64_t amq_cuckoo_step_slot(uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i, uint64_t t)
{
    (void)nbits;
    (void)nb;
    (void)f;
    //@ ghost amq_cuckoo_step_geom_bounds(nb, b, f);
    //@ ghost amq_cuckoo_step_bucket_in(i, nb, b, f);
    return i * b + t;
}

/* Writes y into slot d of bucket di: every other slot keeps its content, so whatever a bucket
 * held before it holds after, except what was in d. */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    b >= 1 && (di * b + b) * f <= nbits;
    requires slot:    di * b <= d < di * b + b;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_bloom_words(nbits) - 1));
    assigns w[0 .. amq_bloom_words(nbits) - 1];
    ensures holds:    amq_cuckoo_is(w, f, d, y);
    ensures only:     amq_cuckoo_only{Pre, Post}(w, f, d);
    ensures in:       amq_cuckoo_in(w, f, b, di, y);
    ensures others:   \forall integer s, x; 0 <= s && s != d && amq_cuckoo_is{Pre}(w, f, s, x) ==> amq_cuckoo_is(w, f, s, x);
    ensures in_split: \forall integer k, x; 0 <= k && amq_cuckoo_in{Pre}(w, f, b, k, x) ==>
                        amq_cuckoo_in(w, f, b, k, x) || (amq_cuckoo_slot_of(d, k, b) && amq_cuckoo_is{Pre}(w, f, d, x));
    AMQ_CUCKOO_COUNT(ensures count:    amq_cuckoo_write_effect{Pre, Post}(w, f, b, d);)
*/
static void amq_cuckoo_step_write_slot(uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t di, uint64_t d,
                              uint64_t y)
{
    (void)b; /* b and di are used by the contract only */
    (void)di;
    //@ ghost amq_cuckoo_step_slot_fits(d, di, b, f, nbits);
#ifndef AMQ_CUCKOO_NO_COUNT
    //@ ghost amq_cuckoo_step_one_is(w, f);
#endif
    amq_cuckoo_kernel_put(w, nbits, f, d, y);
    //@ ghost amq_cuckoo_step_slots_apart(d, f);
    /*@ assert others: \forall integer s, x; 0 <= s && s != d && amq_cuckoo_is{Pre}(w, f, s, x) ==> amq_cuckoo_is(w, f, s, x); */
    /*@ assert moved_in: \forall integer k, s, x; 0 <= k && 0 <= s && k * b <= s < k * b + b && s != d &&
                           amq_cuckoo_is{Pre}(w, f, s, x) ==> amq_cuckoo_in(w, f, b, k, x); */
#ifndef AMQ_CUCKOO_NO_COUNT
    /* The count effect (issue 23): the indicator linked in both states, the slot frame both
     * ways (lemma amq_cuckoo_only_frame), then the induction over the n slots of a range. */
    //@ ghost amq_cuckoo_step_one_is(w, f);
    //@ ghost amq_cuckoo_step_all_apart(f);
    /*@ assert frame: amq_cuckoo_frame{Pre, Here}(w, f, d); */
    /*@ ghost
      /@ loop invariant bounds: 0 <= n <= b;
         loop invariant put:    \forall integer lo, x; 0 <= lo && 0 <= x ==>
                                  amq_cuckoo_cnt(w, f, lo, n, x) == amq_cuckoo_cnt{Pre}(w, f, lo, n, x) +
                                    (lo <= d < lo + n ? amq_cuckoo_one(w, f, d, x) - amq_cuckoo_one{Pre}(w, f, d, x) : 0);
         loop assigns n;
         loop variant b - n;
      @/
      for (uint64_t n = 0; n < b; n++) {
          /@ assert step: \forall integer r, x; 0 <= r && r != d && 0 <= x ==>
                            amq_cuckoo_one(w, f, r, x) == amq_cuckoo_one{Pre}(w, f, r, x); @/
      }
    */
#endif
}

/* Empties slot t of bucket i < nb (the slot of a found copy of fp; the ghost y is that copy,
 * for the counts: y's class, the pair i / alt(i, y) with y's low f bits, loses one copy). */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i < nb && t < b;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_bloom_words(nbits) - 1));
    AMQ_CUCKOO_COUNT(requires held: amq_cuckoo_is(w, f, i * b + t, y);)
    assigns w[0 .. amq_bloom_words(nbits) - 1];
    ensures empty:    amq_cuckoo_empty(w, f, i * b + t);
    ensures only:     amq_cuckoo_only{Pre, Post}(w, f, i * b + t);
    ensures slot:     i * b <= i * b + t < i * b + b;
    ensures others:   \forall integer r, x; 0 <= r && r != i * b + t && amq_cuckoo_is{Pre}(w, f, r, x) ==>
                        amq_cuckoo_is(w, f, r, x);
    AMQ_CUCKOO_COUNT(ensures down: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, y, f) &&
                        (j == i || j == amq_cuckoo_alt(i, y, f, nb)) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) - 1;
    ensures other:    \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                        !(amq_cuckoo_same(x, y, f) && (j == i || j == amq_cuckoo_alt(i, y, f, nb))) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);)
*/
static void amq_cuckoo_step_clear(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i, uint64_t t)
    /*@ ghost (uint64_t y) */
{
#ifndef AMQ_CUCKOO_NO_COUNT
    //@ ghost amq_cuckoo_step_geom_bounds(nb, b, f);
    //@ ghost amq_cuckoo_step_bucket_in(i, nb, b, f);
    //@ ghost uint64_t d = i * b + t;
    //@ ghost amq_cuckoo_step_one_at(w, f, d, y);
#endif
    /* Through amq_cuckoo_step_slot and amq_cuckoo_step_write_slot: with the slot spelled i * b + t in the frame
     * step, cvc4 ran to the 300 s guard on `others` (z3 took 0.2 s). */
    amq_cuckoo_step_write_slot(w, nbits, b, f, i, amq_cuckoo_step_slot(nbits, nb, b, f, i, t), 0);
#ifndef AMQ_CUCKOO_NO_COUNT
    /* The counts, as amq_cuckoo_step_place's with the signs turned: slot d counted y's bits, now none. */
    /*@ assert d_was: \forall integer x; 0 <= x && amq_cuckoo_same(x, y, f) ==> amq_cuckoo_one{Pre}(w, f, d, x) == 1; */
    /*@ assert d_wasn: \forall integer x; 0 <= x && !amq_cuckoo_same(x, y, f) ==> amq_cuckoo_one{Pre}(w, f, d, x) == 0; */
    //@ ghost amq_cuckoo_step_one_at(w, f, d, 0);
    /*@ assert d_now: \forall integer x; 0 <= x && amq_cuckoo_fp(x, f) ==> amq_cuckoo_one(w, f, d, x) == 0; */
    //@ ghost amq_cuckoo_step_class_facts(d, b, nb, f);
    /*@ assert v1: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, y, f) &&
                     amq_cuckoo_pair_slot(d, j, x, f, b, nb) ==>
                     amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) - 1; */
    /*@ assert v2: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && !amq_cuckoo_same(x, y, f) ==>
                     amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
    /*@ assert v3: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && !amq_cuckoo_pair_slot(d, j, x, f, b, nb) ==>
                     amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
    //@ ghost amq_cuckoo_step_pair_of(d, i, y, f, b, nb);
#endif
}

int amq_cuckoo_kernel_remove(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp)
{
    //@ ghost amq_cuckoo_step_geom_bounds(nb, b, f);
    const uint64_t nbits = nb * b * f;
    const uint64_t t1 = amq_cuckoo_step_lookup(w, nbits, nb, b, f, i1, fp);
    if (t1 < b) {
        amq_cuckoo_step_clear(w, nbits, nb, b, f, i1, t1) /*@ ghost (fp) */;
        /*@ assert one: i1 * b <= i1 * b + t1 < i1 * b + b && amq_cuckoo_removed{Pre, Here}(w, f, i1 * b + t1, fp); */
        /*@ assert one_slot: amq_cuckoo_removed_one{Pre, Here}(w, f, b, nb, i1, fp); */
        return AMQ_CUCKOO_OK;
    }
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    const uint64_t t2 = amq_cuckoo_step_lookup(w, nbits, nb, b, f, i2, fp);
    if (t2 < b) {
        amq_cuckoo_step_clear(w, nbits, nb, b, f, i2, t2) /*@ ghost (fp) */;
        /*@ assert one: i2 * b <= i2 * b + t2 < i2 * b + b && amq_cuckoo_removed{Pre, Here}(w, f, i2 * b + t2, fp); */
        /*@ assert one_slot: amq_cuckoo_removed_one{Pre, Here}(w, f, b, nb, i1, fp); */
#ifndef AMQ_CUCKOO_NO_COUNT
        /*@ assert c_back: amq_cuckoo_alt(i2, fp, f, nb) == i1; */
#endif
        return AMQ_CUCKOO_OK;
    }
    return AMQ_CUCKOO_ABSENT;
}

void amq_cuckoo_step_move(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t di, uint64_t d,
                          uint64_t y) /*@ ghost (uint64_t z, uint64_t r, uint64_t rb) */
{
    (void)nb; /* nb is used by the contract only */
#ifndef AMQ_CUCKOO_NO_COUNT
    //@ ghost amq_cuckoo_step_one_at(w, f, d, z);
#endif
    amq_cuckoo_step_write_slot(w, nbits, b, f, di, d, y);
    //@ ghost amq_cuckoo_step_one_bucket(d, di, b);
    /*@ assert in_kept: \forall integer k, x; 0 <= k && amq_cuckoo_in{Pre}(w, f, b, k, x) ==>
                          amq_cuckoo_in(w, f, b, k, x) || (k == di && amq_cuckoo_is{Pre}(w, f, d, x)); */
    //@ ghost amq_cuckoo_step_alt_bits(z, f, nb);
    /*@ assert lost_z: \forall integer x; amq_cuckoo_fp(x, f) && amq_cuckoo_is{Pre}(w, f, d, x) ==>
                         amq_cuckoo_same(x, z, f) && amq_cuckoo_is{Pre}(w, f, r, z) && r != d && 0 <= r &&
                         rb == amq_cuckoo_alt(di, z, f, nb) && rb * b <= r < rb * b + b; */
    /*@ assert lost_alt: \forall integer x; amq_cuckoo_same(x, z, f) ==> amq_cuckoo_alt(di, x, f, nb) == amq_cuckoo_alt(di, z, f, nb); */
    /*@ assert lost: \forall integer x; amq_cuckoo_fp(x, f) && amq_cuckoo_is{Pre}(w, f, d, x) ==>
                       amq_cuckoo_same(x, z, f) && amq_cuckoo_is(w, f, r, x) && rb == amq_cuckoo_alt(di, x, f, nb) &&
                       0 <= r && rb * b <= r < rb * b + b; */
    /*@ assert lost_rb: \forall integer x; amq_cuckoo_fp(x, f) && amq_cuckoo_is{Pre}(w, f, d, x) ==> amq_cuckoo_in(w, f, b, rb, x); */
    /*@ assert lost_in: \forall integer x; amq_cuckoo_fp(x, f) && amq_cuckoo_is{Pre}(w, f, d, x) ==>
                       amq_cuckoo_in(w, f, b, amq_cuckoo_alt(di, x, f, nb), x); */
#ifndef AMQ_CUCKOO_NO_COUNT
    /* The class counts: d's indicator before (0, or z's bits) and after (y's bits), the class
     * steps (instances of the lemmas amq_cuckoo_write_pair, _apart), then d's pair for y and z. */
    //@ ghost amq_cuckoo_step_one_at(w, f, d, y);
    //@ ghost amq_cuckoo_step_class_facts(d, b, nb, f);
    /*@ assert c_pair: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_pair_slot(d, j, x, f, b, nb) ==>
                         amq_cuckoo_pcnt(w, f, b, nb, j, x) ==
                           amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + amq_cuckoo_one(w, f, d, x) - amq_cuckoo_one{Pre}(w, f, d, x); */
    /*@ assert c_apart: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && !amq_cuckoo_pair_slot(d, j, x, f, b, nb) ==>
                          amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
    //@ ghost amq_cuckoo_step_pair_of(d, di, y, f, b, nb);
    //@ ghost amq_cuckoo_step_pair_of(d, di, z, f, b, nb);
#endif
}

/* 1 iff bucket i < nb has a free slot.  A truth value, not lookup's place: when insert falls
 * through to the kick chain, WP then knows no place == b, so it does not write b as a place
 * (it did, and the product facts of the geometry then no longer matched: cvc4 stopped at its
 * budget on kick's precondition `geom`). */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i < nb;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_bloom_words(nbits) - 1));
    assigns \nothing;
    ensures free:     \result == 1 <==> amq_cuckoo_in(w, f, b, i, 0);
    ensures bool:     \result == 0 || \result == 1;
*/
static int amq_cuckoo_step_free(const uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i)
{
    return amq_cuckoo_step_lookup(w, nbits, nb, b, f, i, 0) < b;
}

/* Writes fp into a free slot of bucket i < nb (the product facts stay here). */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i < nb;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_bloom_words(nbits) - 1));
    requires free:    amq_cuckoo_in(w, f, b, i, 0);
    assigns w[0 .. amq_bloom_words(nbits) - 1];
    ensures in:       amq_cuckoo_in(w, f, b, i, fp);
    ensures kept:     \forall integer j, x; 0 <= j < nb && amq_cuckoo_fp(x, f) &&
                        amq_cuckoo_has{Pre}(w, f, b, nb, j, x) ==> amq_cuckoo_has(w, f, b, nb, j, x);
    ensures two:      amq_cuckoo_fp(fp, f) ==> \forall integer s; 0 <= s && amq_cuckoo_is{Pre}(w, f, s, fp) ==>
                        amq_cuckoo_is(w, f, s, fp) &&
                        \exists integer d; 0 <= d && amq_cuckoo_slot_of(d, i, b) && d != s && amq_cuckoo_is(w, f, d, fp);
    AMQ_CUCKOO_COUNT(ensures up:       \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) &&
                        (j == i || j == amq_cuckoo_alt(i, fp, f, nb)) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1;
    ensures other:    \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                        !(amq_cuckoo_same(x, fp, f) && (j == i || j == amq_cuckoo_alt(i, fp, f, nb))) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);)
*/
static void amq_cuckoo_step_place(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i, uint64_t fp)
{
    const uint64_t t = amq_cuckoo_step_lookup(w, nbits, nb, b, f, i, 0);
    //@ ghost amq_cuckoo_step_geom_bounds(nb, b, f);
    //@ ghost amq_cuckoo_step_bucket_in(i, nb, b, f);
    const uint64_t d = i * b + t;
    /*@ assert free: t < b && amq_cuckoo_is(w, f, d, 0) && 0 <= d && amq_cuckoo_slot_of(d, i, b); */
#ifndef AMQ_CUCKOO_NO_COUNT
    //@ ghost amq_cuckoo_step_one_at(w, f, d, 0);
    /*@ assert d_pre: \forall integer x; 0 <= x && amq_cuckoo_fp(x, f) ==> amq_cuckoo_one(w, f, d, x) == 0; */
#endif
    amq_cuckoo_step_move(w, nbits, nb, b, f, i, d, fp) /*@ ghost (0, 0, 0) */;
    /* The free slot held no fingerprint, so a copy of fp found before was elsewhere. */
    /*@ assert apart: amq_cuckoo_fp(fp, f) ==> \forall integer s; amq_cuckoo_is{Pre}(w, f, s, fp) ==> s != d; */
    /*@ assert d_fp: amq_cuckoo_is(w, f, d, fp); */
    /*@ assert kept_s: amq_cuckoo_fp(fp, f) ==> \forall integer s; 0 <= s && amq_cuckoo_is{Pre}(w, f, s, fp) ==> amq_cuckoo_is(w, f, s, fp); */
#ifndef AMQ_CUCKOO_NO_COUNT
    /* The counts: the empty slot counted no fingerprint, now it counts fp's bits; the class
     * steps are instances of the lemmas amq_cuckoo_write_pair, _apart (products as atoms). */
    //@ ghost amq_cuckoo_step_one_at(w, f, d, fp);
    /*@ assert d_y: \forall integer x; 0 <= x && amq_cuckoo_same(x, fp, f) ==> amq_cuckoo_one(w, f, d, x) == 1; */
    /*@ assert d_n: \forall integer x; 0 <= x && !amq_cuckoo_same(x, fp, f) ==> amq_cuckoo_one(w, f, d, x) == 0; */
    //@ ghost amq_cuckoo_step_class_facts(d, b, nb, f);
    /*@ assert u1: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) &&
                     amq_cuckoo_pair_slot(d, j, x, f, b, nb) ==>
                     amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
    /*@ assert u2: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && !amq_cuckoo_same(x, fp, f) ==>
                     amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
    /*@ assert u3: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && !amq_cuckoo_pair_slot(d, j, x, f, b, nb) ==>
                     amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
    //@ ghost amq_cuckoo_step_pair_of(d, i, fp, f, b, nb);
#endif
}

int amq_cuckoo_kernel_insert(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp,
                             const uint64_t *kicks, size_t nk)
{
    //@ ghost amq_cuckoo_step_geom_bounds(nb, b, f);
    const uint64_t nbits = nb * b * f;
    //@ ghost amq_cuckoo_step_pair_same(w, nb, b, f, i1, fp);
    /*@ assert has_slot: amq_cuckoo_has(w, f, b, nb, i1, fp) ==>
                           \exists integer s; 0 <= s && amq_cuckoo_pair_slot(s, i1, fp, f, b, nb) && amq_cuckoo_is(w, f, s, fp); */
    if (amq_cuckoo_step_free(w, nbits, nb, b, f, i1)) {
        amq_cuckoo_step_place(w, nbits, nb, b, f, i1, fp);
        /*@ assert two_s: amq_cuckoo_fp(fp, f) ==> \forall integer s; 0 <= s && amq_cuckoo_pair_slot(s, i1, fp, f, b, nb) &&
                            amq_cuckoo_is{Pre}(w, f, s, fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
        /*@ assert two: amq_cuckoo_fp(fp, f) && amq_cuckoo_has{Pre}(w, f, b, nb, i1, fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
        //@ ghost amq_cuckoo_step_pair_same(w, nb, b, f, i1, fp);
        return AMQ_CUCKOO_OK;
    }
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    if (amq_cuckoo_step_free(w, nbits, nb, b, f, i2)) {
        amq_cuckoo_step_place(w, nbits, nb, b, f, i2, fp);
        /*@ assert back: amq_cuckoo_alt(i2, fp, f, nb) == i1; */
        /*@ assert two_s: amq_cuckoo_fp(fp, f) ==> \forall integer s; 0 <= s && amq_cuckoo_pair_slot(s, i1, fp, f, b, nb) &&
                            amq_cuckoo_is{Pre}(w, f, s, fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
        /*@ assert two: amq_cuckoo_fp(fp, f) && amq_cuckoo_has{Pre}(w, f, b, nb, i1, fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
        //@ ghost amq_cuckoo_step_pair_same(w, nb, b, f, i1, fp);
        return AMQ_CUCKOO_OK;
    }
    const int rc = amq_cuckoo_step_kick(w, nbits, nb, b, f, i1, fp, kicks, nk);
    //@ ghost amq_cuckoo_step_pair_same(w, nb, b, f, i1, fp);
    return rc;
}
