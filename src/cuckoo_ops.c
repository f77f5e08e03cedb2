/* Cuckoo filter operations: query, remove and insert, over the proved slot layer of
 * src/cuckoo_kernel.c (contracts in lib_internal/cuckoo_kernel.h, logic in acsl/amq/cuckoo_logic.h).
 *
 * Proof shape.  Bit loops work on a bit offset o (goals linear in o + j); the slot-level
 * contracts name a slot s (bits s * f ..).  Every product fact (a slot lies in its bucket,
 * distinct slots lie apart, a slot is in one bucket) is a ghost function with an empty body,
 * proved once and called where needed: as lemmas of the logic they would be hypotheses of
 * every goal and lead the solvers' nonlinear search astray (proofs/README.md). */
#include <lib_internal/cuckoo_kernel.h>
#include <lib_internal/cuckoo_count_ghost.h> /* ghost facts; with the copy counts (unit cuckoo_count) their lemmas */

/*@ ghost
  // Extensionality: a value whose bits are all clear is 0.  By halving (z_k = y / 2^k), so
  // that no step needs parity ("bit 0 clear ==> even"), which no prover here finds.
  /@ assigns \nothing;
     ensures zero: (\forall integer k; 0 <= k ==> !amq_cuckoo_bit(y, k)) ==> y == 0;
  @/
  static void amq_cuckoo_step_ext(uint64_t y) {
      uint64_t z = y;
      /@ loop invariant clear: (\forall integer k; 0 <= k ==> !amq_cuckoo_bit(y, k)) ==>
                               (\forall integer j; 0 <= j ==> !amq_cuckoo_bit(z, j));
         loop invariant back:  (\forall integer k; 0 <= k ==> !amq_cuckoo_bit(y, k)) ==> z == 0 ==> y == 0;
         loop assigns z;
         loop variant z;
      @/
      while (z != 0) {
          uint64_t h = z >> 1;
          /@ assert half: h == z / 2; @/
          /@ assert hbits: \forall integer j; 0 <= j ==> (amq_cuckoo_bit(h, j) <==> amq_cuckoo_bit(z, j + 1)); @/
          /@ assert step: !amq_cuckoo_bit(z, 0) ==> h == 0 ==> z == 0; @/
          z = h;
      }
  }
*/

/*@ ghost
  // (d >> f) << f <= d: the unsigned-overflow check of amq_cuckoo_step_low_clear's <<, by two loops
  // over WP's own shift facts (lsl_1, lsr_1, lsl_add, lsr_add) and 2 (q / 2) <= q.
  /@ requires f_range: f <= 32;
     assigns \nothing;
     ensures le: ((d >> f) << f) <= d;
  @/
  static void amq_cuckoo_step_shl_le(uint64_t d, uint64_t f) {
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

/* 1 iff the low f bits of d are clear.  No mask: d ^ ((d >> f) << f) keeps exactly those bits
 * (a mask's bits, "bit k of 2^f - 1 iff k < f", need parity, which no prover here finds). */
/*@ requires f_range: 1 <= f <= 32;
    assigns \nothing;
    ensures low:  \result == 1 <==> (\forall integer k; 0 <= k < f ==> !amq_cuckoo_bit(d, k));
    ensures bool: \result == 0 || \result == 1;
*/
static int amq_cuckoo_step_low_clear(uint64_t d, uint64_t f)
{
    //@ ghost amq_cuckoo_step_shl_le(d, f);
    const uint64_t hi = (d >> f) << f;
    /*@ assert hi_bits: \forall integer k; 0 <= k ==> (amq_cuckoo_bit(hi, k) <==> (k >= f && amq_cuckoo_bit(d, k))); */
    const uint64_t e = d ^ hi;
    /*@ assert e_bits: \forall integer k; 0 <= k ==> (amq_cuckoo_bit(e, k) <==> (k < f && amq_cuckoo_bit(d, k))); */
    /*@ assert zero_bits: \forall integer k; 0 <= k ==> !amq_cuckoo_bit(0, k); */
    //@ ghost amq_cuckoo_step_ext(e);
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
    ensures holds:    \result == 1 <==> amq_cuckoo_is_at(w, f, o, x);
    ensures bool:     \result == 0 || \result == 1;
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
        const int all = amq_cuckoo_step_low_clear(lo, f);
        /*@ assert one: all == 1 <==> amq_cuckoo_is_at(w, f, o, x); */
        return all;
    }
    const uint64_t n = 64u - r; /* 1 <= n < f: the slot's bits in word q */
    if (amq_cuckoo_step_low_clear(lo, n) == 0) {
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
    const int same = amq_cuckoo_step_low_clear(hi, f - n);
    /*@ assert hi_ok: same == 1 <==> \forall integer k; n <= k < f ==> (amq_bloom_bit_set(w, o + k) <==> amq_cuckoo_bit(x, k)); */
    /*@ assert two: same == 1 <==> amq_cuckoo_is_at(w, f, o, x); */
    return same;
}

/*@ ghost
  // Product step: bit offset o of slot s (o == s * f) holds x iff slot s does.
  /@ requires o == s * f;
     assigns \nothing;
     ensures is:    amq_cuckoo_is_at(w, f, o, x) <==> amq_cuckoo_is(w, f, s, x);
  @/
  static void amq_cuckoo_step_at_slot(const uint64_t *w, uint64_t f, uint64_t s, uint64_t o, uint64_t x) { }
*/

/*@ ghost
  // Product step: slot s of bucket i (i * b <= s < i * b + b) lies inside the bits.
  /@ requires i * b <= s < i * b + b && (i * b + b) * f <= nbits && f >= 1;
     assigns \nothing;
     ensures end:  s * f + f <= nbits;
     ensures fits: s <= s * f;
  @/
  static void amq_cuckoo_step_slot_fits(uint64_t s, uint64_t i, uint64_t b, uint64_t f, uint64_t nbits) { }
*/

/*@ ghost
  // Product step: bucket i < nb lies inside the nb * b * f bits.
  /@ requires i < nb && b >= 1 && f >= 1;
     assigns \nothing;
     ensures in:   (i * b + b) * f <= nb * b * f;
     ensures base: i * b + b <= nb * b;
  @/
  static void amq_cuckoo_step_bucket_in(uint64_t i, uint64_t nb, uint64_t b, uint64_t f) { }
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

/* The first slot of bucket i that holds x (its place t < b), or b when none does; x = 0: the
 * first empty slot (amq_cuckoo_empty is "holds 0"). */
/*@ requires f_range: 1 <= f <= 32;
    requires b_pos:   b >= 1;
    requires bucket:  (i * b + b) * f <= nbits && i * b + b <= 18446744073709551615;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_bloom_words(nbits) - 1));
    assigns \nothing;
    ensures range:    \result <= b;
    ensures found:    \result < b ==> amq_cuckoo_is(w, f, i * b + \result, x);
    ensures none:     \result == b ==> !amq_cuckoo_in(w, f, b, i, x);
    ensures some:     \result < b ==> amq_cuckoo_in(w, f, b, i, x);
*/
static uint64_t amq_cuckoo_step_find(const uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t i, uint64_t x)
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

/* amq_cuckoo_step_find on bucket i < nb of the nb * b * f bits (the product facts stay here). */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i < nb;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_bloom_words(nbits) - 1));
    assigns \nothing;
    ensures range:    \result <= b;
    ensures found:    \result < b ==> amq_cuckoo_is(w, f, i * b + \result, x) && amq_cuckoo_in(w, f, b, i, x);
    ensures none:     \result == b ==> !amq_cuckoo_in(w, f, b, i, x);
*/
static uint64_t amq_cuckoo_step_lookup(const uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i,
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
    if (amq_cuckoo_step_lookup(w, nbits, nb, b, f, i1, fp) < b)
        return 1;
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    return amq_cuckoo_step_lookup(w, nbits, nb, b, f, i2, fp) < b;
}

/* Slot t of bucket i < nb (the product facts stay here). */
/*@ requires geom:  nb >= 1 && b >= 1 && f >= 1 && nb * b * f == nbits && i < nb && t < b;
    assigns \nothing;
    ensures slot:   \result == i * b + t && i * b <= \result < i * b + b;
    ensures of:     0 <= \result && amq_cuckoo_slot_of(\result, i, b);
    ensures bucket: (i * b + b) * f <= nbits;
*/
static uint64_t amq_cuckoo_step_slot(uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i, uint64_t t)
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


/* Writes y into slot d of bucket di, whose content is spare: d is empty, or its z has a copy in
 * slot r of z's other bucket rb.  Every fingerprint found before is found after (a lost copy
 * of z is found at r), every other slot keeps its content, and y is in bucket di. */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && di < nb && (di * b + b) * f <= nbits;
    requires slot:    di * b <= d < di * b + b;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_bloom_words(nbits) - 1));
    requires spare:   amq_cuckoo_empty(w, f, d) ||
                      (amq_cuckoo_is(w, f, d, z) && 0 <= r && r != d && rb == amq_cuckoo_alt(di, z, f, nb) &&
                       rb * b <= r < rb * b + b && amq_cuckoo_is(w, f, r, z));
    assigns w[0 .. amq_bloom_words(nbits) - 1];
    ensures holds:    amq_cuckoo_is(w, f, d, y);
    ensures in:       amq_cuckoo_in(w, f, b, di, y);
    ensures others:   \forall integer s, x; 0 <= s && s != d && amq_cuckoo_is{Pre}(w, f, s, x) ==> amq_cuckoo_is(w, f, s, x);
    ensures kept:     \forall integer j, x; 0 <= j < nb && amq_cuckoo_fp(x, f) &&
                        amq_cuckoo_has{Pre}(w, f, b, nb, j, x) ==> amq_cuckoo_has(w, f, b, nb, j, x);
    AMQ_CUCKOO_COUNT(ensures count:    amq_cuckoo_write_effect{Pre, Post}(w, f, b, d);
    ensures up:       \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, y, f) &&
                        (j == di || j == amq_cuckoo_alt(di, y, f, nb)) && !(amq_cuckoo_is{Pre}(w, f, d, z) && amq_cuckoo_same(x, z, f)) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1;
    ensures down:     \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && !amq_cuckoo_same(x, y, f) &&
                        amq_cuckoo_is{Pre}(w, f, d, z) && amq_cuckoo_same(x, z, f) && (j == di || j == amq_cuckoo_alt(di, z, f, nb)) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) - 1;
    ensures keep:     \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, y, f) &&
                        amq_cuckoo_is{Pre}(w, f, d, z) && amq_cuckoo_same(x, z, f) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);
    ensures other:    \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                        !(amq_cuckoo_same(x, y, f) && (j == di || j == amq_cuckoo_alt(di, y, f, nb))) &&
                        !(amq_cuckoo_is{Pre}(w, f, d, z) && amq_cuckoo_same(x, z, f) && (j == di || j == amq_cuckoo_alt(di, z, f, nb))) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);)
*/
static void amq_cuckoo_step_move(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t di, uint64_t d,
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


/* Inserts fp for bucket i1 by a kick chain whose choices are kicks[0 .. nk-1].  Planned first,
 * without writing: slots path[q] (holding ys[q]) of buckets pb[q], each ys[q] bound for its
 * other bucket pb[q + 1], until pb[K] has a free slot e.  A chain that runs out of kicks, or
 * would evict a slot it has already chosen, is refused before any write.  Then committed from
 * the end: ys[K-1] is copied into e, ys[K-2] into path[K-1], ..., fp into path[0]; before each
 * write the overwritten fingerprint already has its copy in its other bucket, so every state
 * in between finds every fingerprint.  path, pb and ys are local arrays whose address is never
 * taken: WP keeps them out of the memory model, so writing them disturbs no fact about w. */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i1 < nb && nb * b <= nbits;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_bloom_words(nbits) - 1));
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_bloom_words(nbits) - 1));
    assigns w[0 .. amq_bloom_words(nbits) - 1];
    ensures status:    \result == AMQ_CUCKOO_OK || \result == AMQ_CUCKOO_FULL;
    ensures inserted:  \result == AMQ_CUCKOO_OK ==> amq_cuckoo_in(w, f, b, i1, fp);
    ensures preserved: \result == AMQ_CUCKOO_OK ==>
                         \forall integer j, x; 0 <= j < nb && amq_cuckoo_fp(x, f) &&
                           amq_cuckoo_has{Pre}(w, f, b, nb, j, x) ==> amq_cuckoo_has(w, f, b, nb, j, x);
    ensures unchanged: \result == AMQ_CUCKOO_FULL ==> amq_cuckoo_words_same{Pre, Post}(w, amq_bloom_words(nbits));
    ensures two:       \result == AMQ_CUCKOO_OK && amq_cuckoo_fp(fp, f) && amq_cuckoo_has{Pre}(w, f, b, nb, i1, fp) ==>
                         amq_cuckoo_has2(w, f, b, nb, i1, fp);
    AMQ_CUCKOO_COUNT(ensures up:        \result == AMQ_CUCKOO_OK ==>
                         \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) &&
                           (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1;
    ensures other:     \result == AMQ_CUCKOO_OK ==>
                         \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                           !(amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb))) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);)
*/
static int amq_cuckoo_step_kick(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1,
                       uint64_t fp, const uint64_t *kicks, size_t nk)
{
    uint64_t path[AMQ_CUCKOO_MAX_KICKS];
    uint64_t ys[AMQ_CUCKOO_MAX_KICKS];
    uint64_t pb[AMQ_CUCKOO_MAX_KICKS + 1];
    size_t K = 0;
    uint64_t t;
    pb[0] = i1;
    /*@ assert has_slot: amq_cuckoo_has(w, f, b, nb, i1, fp) ==>
                           \exists integer s; 0 <= s && amq_cuckoo_pair_slot(s, i1, fp, f, b, nb) && amq_cuckoo_is(w, f, s, fp); */
    /*@ loop invariant bounds: 0 <= K <= nk && pb[0] == i1;
        loop invariant pbs:    \forall integer q; 0 <= q <= K ==> pb[q] < nb;
        loop invariant slots:  \forall integer q; 0 <= q < K ==> amq_cuckoo_slot_of(path[q], pb[q], b);
        loop invariant holds:  \forall integer q; 0 <= q < K ==> amq_cuckoo_is(w, f, path[q], ys[q]);
        loop invariant taken:  \forall integer q; 0 <= q < K ==> !amq_cuckoo_empty(w, f, path[q]);
        loop invariant apart:  \forall integer q, u; 0 <= q < u < K ==> path[q] != path[u];
        loop invariant next:   \forall integer q; 0 <= q < K ==> pb[q + 1] == amq_cuckoo_alt(pb[q], ys[q], f, nb);
        loop assigns K, t, path[0 .. AMQ_CUCKOO_MAX_KICKS - 1], ys[0 .. AMQ_CUCKOO_MAX_KICKS - 1],
                     pb[1 .. AMQ_CUCKOO_MAX_KICKS];
        loop variant nk - K;
    */
    for (;;) {
        t = amq_cuckoo_step_lookup(w, nbits, nb, b, f, pb[K], 0);
        if (t < b)
            break;
        /*@ assert none: \forall integer s; 0 <= s && amq_cuckoo_slot_of(s, pb[K], b) ==> !amq_cuckoo_is(w, f, s, 0); */
        if (K == nk)
            return AMQ_CUCKOO_FULL; /* out of kicks: nothing was written */
        const uint64_t s = amq_cuckoo_step_slot(nbits, nb, b, f, pb[K], kicks[K]);
        /*@ assert of: 0 <= s && amq_cuckoo_slot_of(s, pb[K], b); */
        /*@ assert not0: !amq_cuckoo_is(w, f, s, 0); */
        /*@ assert taken: !amq_cuckoo_empty(w, f, s); */
        size_t q = 0;
        /*@ loop invariant 0 <= q <= K && \forall integer u; 0 <= u < q ==> path[u] != s;
            loop assigns q;
            loop variant K - q;
        */
        while (q < K && path[q] != s)
            q++;
        if (q < K)
            return AMQ_CUCKOO_FULL; /* the chain would move a slot twice: refused, nothing written */
        //@ ghost amq_cuckoo_step_slot_fits(s, pb[K], b, f, nbits);
        path[K] = s;
        ys[K] = amq_cuckoo_kernel_get(w, nbits, f, s);
        pb[K + 1] = amq_cuckoo_kernel_alt(nb, f, pb[K], ys[K]);
        /*@ assert step: amq_cuckoo_slot_of(path[K], pb[K], b) && amq_cuckoo_is(w, f, path[K], ys[K]) &&
                         !amq_cuckoo_empty(w, f, path[K]) && pb[K + 1] < nb &&
                         pb[K + 1] == amq_cuckoo_alt(pb[K], ys[K], f, nb); */
        K++;
    }
    uint64_t d = amq_cuckoo_step_slot(nbits, nb, b, f, pb[K], t), di = pb[K];
    //@ ghost uint64_t e = d;
    /* The ghosts r, z, rb: the fingerprint z in slot d (bucket di) has its copy in slot r of
     * its other bucket rb, so d is spare (amq_cuckoo_step_move); none of them reads the plan arrays,
     * so the last move's precondition needs no fact about an index. */
    //@ ghost uint64_t r = d;
    //@ ghost uint64_t z = 0;
    //@ ghost uint64_t rb = 0;
    /*@ assert e_out: amq_cuckoo_empty(w, f, e) && \forall integer q; 0 <= q < K ==> path[q] != e; */
    /*@ assert e_in: pb[K] * b <= e < pb[K] * b + b && amq_cuckoo_slot_of(e, pb[K], b); */
    /* For `two`, here where the context is small: the free slot e held no copy of fp. */
    /*@ assert two_e: amq_cuckoo_fp(fp, f) ==> !amq_cuckoo_is{Pre}(w, f, e, fp); */
    /* For `two`, planned against the Pre words (nothing written yet): a copy of fp in a chain
     * slot path[q] means ys[q] is fp, and its buckets are fp's pair. */
    //@ ghost amq_cuckoo_step_alt_bits(fp, f, nb);
    //@ ghost amq_cuckoo_step_same_bucket(b);
    /*@ assert q_same: \forall integer q; 0 <= q < K && amq_cuckoo_is(w, f, path[q], fp) ==> amq_cuckoo_same(ys[q], fp, f); */
    /*@ assert alt_i1: 0 <= amq_cuckoo_alt(i1, fp, f, nb) < nb; */
    /*@ assert q_bucket: \forall integer q; 0 <= q < K && amq_cuckoo_pair_slot(path[q], i1, fp, f, b, nb) ==>
                           pb[q] == i1 || pb[q] == amq_cuckoo_alt(i1, fp, f, nb); */
    /*@ assert q_next: \forall integer q; 0 <= q < K && amq_cuckoo_same(ys[q], fp, f) ==>
                         pb[q + 1] == amq_cuckoo_alt(pb[q], fp, f, nb); */
    /*@ assert q_pair: \forall integer q; 0 <= q < K && (pb[q] == i1 || pb[q] == amq_cuckoo_alt(i1, fp, f, nb)) ==>
                         amq_cuckoo_alt(pb[q], fp, f, nb) == i1 || amq_cuckoo_alt(pb[q], fp, f, nb) == amq_cuckoo_alt(i1, fp, f, nb); */
    /*@ assert q_at: \forall integer q; 0 <= q && q + 1 < K && amq_cuckoo_pair_slot(path[q], i1, fp, f, b, nb) &&
                       amq_cuckoo_is(w, f, path[q], fp) ==>
                       0 <= path[q + 1] && amq_cuckoo_pair_slot(path[q + 1], i1, fp, f, b, nb) && amq_cuckoo_same(ys[q], fp, f); */
    /* For `two`, where each planned fingerprint went: ys[q] from path[q] to path[q + 1] (e for
     * the last), every other slot kept (moved_*, untouched), against the Pre state (pre). */
    /*@ loop invariant bounds: 0 <= c <= K;
        loop invariant at:     di == pb[c] && pb[c] * b <= d < pb[c] * b + b;
        loop invariant end:    c == K ==> d == e && amq_cuckoo_empty(w, f, d) && z == 0;
        loop invariant mid:    c < K ==> d == path[c] && z == ys[c] && 0 <= r && r != d &&
                                 rb == amq_cuckoo_alt(di, z, f, nb) && rb * b <= r < rb * b + b &&
                                 amq_cuckoo_is(w, f, d, z) && amq_cuckoo_is(w, f, r, z);
        loop invariant rest:   \forall integer q; 0 <= q < c ==> amq_cuckoo_is(w, f, path[q], ys[q]);
        loop invariant plan:   (\forall integer q; 0 <= q <= K ==> pb[q] < nb) &&
                               (\forall integer q; 0 <= q < K ==> pb[q] * b <= path[q] < pb[q] * b + b &&
                                  path[q] != e && pb[q + 1] == amq_cuckoo_alt(pb[q], ys[q], f, nb)) &&
                               (\forall integer q, u; 0 <= q < u < K ==> path[q] != path[u]);
        loop invariant kept:   \forall integer j, x; 0 <= j < nb && amq_cuckoo_fp(x, f) &&
                                 amq_cuckoo_has{Pre}(w, f, b, nb, j, x) ==> amq_cuckoo_has(w, f, b, nb, j, x);
        loop invariant pre:    pb[0] == i1 && amq_cuckoo_empty{Pre}(w, f, e) && pb[K] * b <= e < pb[K] * b + b &&
                               \forall integer q; 0 <= q < K ==> amq_cuckoo_is{Pre}(w, f, path[q], ys[q]);
        loop invariant moved_e: c < K ==> amq_cuckoo_is(w, f, e, ys[K - 1]);
        loop invariant moved_p: \forall integer u; c < u < K ==> amq_cuckoo_is(w, f, path[u], ys[u - 1]);
        loop invariant untouched: \forall integer s, x; 0 <= s && s != e && (\forall integer q; 0 <= q < K ==> s != path[q]) &&
                                    amq_cuckoo_is{Pre}(w, f, s, x) ==> amq_cuckoo_is(w, f, s, x);
        AMQ_CUCKOO_COUNT(loop invariant cnt_k:  c == K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) ==>
                                 amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);
        loop invariant cnt_up: c < K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                                 amq_cuckoo_same(x, z, f) && (j == di || j == amq_cuckoo_alt(di, z, f, nb)) ==>
                                 amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1;
        loop invariant cnt_eq: c < K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                                 !(amq_cuckoo_same(x, z, f) && (j == di || j == amq_cuckoo_alt(di, z, f, nb))) ==>
                                 amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);)
        loop assigns c, d, di, r, z, rb, w[0 .. amq_bloom_words(nbits) - 1];
        loop variant c;
    */
    for (size_t c = K; c != 0; c--) { /* != 0, not > 0: on exit WP then knows c == 0 outright */
        //@ ghost amq_cuckoo_step_bucket_in(di, nb, b, f);
        amq_cuckoo_step_move(w, nbits, nb, b, f, di, d, ys[c - 1]) /*@ ghost (z, r, rb) */;
        /*@ assert e_first: c == K ==> amq_cuckoo_is(w, f, e, ys[K - 1]); */
        /*@ assert e_kept: c < K ==> d != e && amq_cuckoo_is(w, f, e, ys[K - 1]); */
        /*@ assert p_first: c < K ==> amq_cuckoo_is(w, f, path[c], ys[c - 1]); */
        /*@ assert p_kept: \forall integer u; c < u < K ==> path[u] != d && amq_cuckoo_is(w, f, path[u], ys[u - 1]); */
        /* The case u == c apart, written c <= u <= c: stated with u == c, Qed substitutes c for u
         * and cvc4 never relates path[c] to the goal's path[u] (it ran to the 300 s guard); so
         * written, p_c's instance at u is the goal's own atom, and p_all is case arithmetic. */
        /*@ assert p_c: \forall integer u; c <= u <= c && u < K ==> amq_cuckoo_is(w, f, path[u], ys[u - 1]); */
        /*@ assert p_all: \forall integer u; c <= u < K ==> amq_cuckoo_is(w, f, path[u], ys[u - 1]); */
#ifndef AMQ_CUCKOO_NO_COUNT
        /* The counts: ys[c - 1] now has its extra copy (its pair is pb[c - 1] / pb[c]); the
         * overwritten z = ys[c] lost the one it had (none when c == K: e was empty). */
        /*@ assert c_pair: amq_cuckoo_alt(pb[c - 1], ys[c - 1], f, nb) == di && amq_cuckoo_alt(di, ys[c - 1], f, nb) == pb[c - 1]; */
        //@ ghost amq_cuckoo_step_alt_bits(ys[c - 1], f, nb);
        //@ ghost amq_cuckoo_step_alt_bits(z, f, nb);
        /* One assert per case: in kick's context cvc4 did not split them (60 s timeouts). */
        /*@ assert k_up: c == K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, ys[c - 1], f) &&
                           (j == pb[c - 1] || j == di) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
        /*@ assert k_eq: c == K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                           !(amq_cuckoo_same(x, ys[c - 1], f) && (j == pb[c - 1] || j == di)) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
        /*@ assert m_up1: c < K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, ys[c - 1], f) &&
                           (j == pb[c - 1] || j == di) && amq_cuckoo_same(x, z, f) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
        /*@ assert m_up2: c < K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, ys[c - 1], f) &&
                           (j == pb[c - 1] || j == di) && !amq_cuckoo_same(x, z, f) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
        /*@ assert m_dn: c < K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                           !(amq_cuckoo_same(x, ys[c - 1], f) && (j == pb[c - 1] || j == di)) &&
                           amq_cuckoo_same(x, z, f) && (j == di || j == amq_cuckoo_alt(di, z, f, nb)) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
        /*@ assert m_eq: c < K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                           !(amq_cuckoo_same(x, ys[c - 1], f) && (j == pb[c - 1] || j == di)) &&
                           !(amq_cuckoo_same(x, z, f) && (j == di || j == amq_cuckoo_alt(di, z, f, nb))) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
        /*@ assert c_up: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, ys[c - 1], f) &&
                           (j == pb[c - 1] || j == di) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
        /*@ assert c_eq: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                           !(amq_cuckoo_same(x, ys[c - 1], f) && (j == pb[c - 1] || j == di)) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
#endif
        //@ ghost r = d;
        //@ ghost z = ys[c - 1];
        //@ ghost rb = di;
        d = path[c - 1];
        di = pb[c - 1];
    }
    /* `two`, before the last write: a copy of fp in a chain slot path[q] has moved to the next
     * chain slot, in fp's pair too. */
    /*@ assert q_last: K > 0 && amq_cuckoo_same(ys[K - 1], fp, f) ==> amq_cuckoo_is(w, f, e, fp); */
    /*@ assert moved_q: \forall integer q; 0 <= q && q + 1 < K ==> amq_cuckoo_is(w, f, path[q + 1], ys[q]); */
    //@ ghost amq_cuckoo_step_is_same(w, f);
    /*@ assert q_mid: \forall integer q; 0 <= q && q + 1 < K && amq_cuckoo_same(ys[q], fp, f) ==> amq_cuckoo_is(w, f, path[q + 1], fp); */
    /*@ assert d_at: di == i1 && (K > 0 ==> d == path[0]) && (K == 0 ==> d == e); */
    //@ ghost amq_cuckoo_step_bucket_in(di, nb, b, f);
    amq_cuckoo_step_move(w, nbits, nb, b, f, di, d, fp) /*@ ghost (z, r, rb) */;
#ifndef AMQ_CUCKOO_NO_COUNT
    /* The counts: fp's class gains its copy; the overwritten z = ys[0] lost its extra one
     * (K == 0: the free slot e is written, it counted nothing).  One assert per case. */
    //@ ghost amq_cuckoo_step_alt_bits(z, f, nb);
    /*@ assert f_k_up: K == 0 ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) ==>
                         amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
    /*@ assert f_k_eq: K == 0 ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && !(amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb))) ==>
                         amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
    /*@ assert f_m_up1: K > 0 ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) &&
                          amq_cuckoo_same(x, z, f) ==> amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
    /*@ assert f_m_up2: K > 0 ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) &&
                          !amq_cuckoo_same(x, z, f) ==> amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
    /*@ assert f_m_dn: K > 0 ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && !(amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb))) &&
                         amq_cuckoo_same(x, z, f) && (j == i1 || j == amq_cuckoo_alt(i1, z, f, nb)) ==> amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
    /*@ assert f_m_eq: K > 0 ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && !(amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb))) &&
                         !(amq_cuckoo_same(x, z, f) && (j == i1 || j == amq_cuckoo_alt(i1, z, f, nb))) ==> amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
    /*@ assert f_up: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) &&
                       (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) ==>
                       amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
    /*@ assert f_eq: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                       !(amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb))) ==>
                       amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
#endif
    /*@ assert d_fp: amq_cuckoo_is(w, f, d, fp) && i1 * b <= d < i1 * b + b && amq_cuckoo_slot_of(d, i1, b); */
    /*@ assert d_pair: 0 <= d && amq_cuckoo_pair_slot(d, i1, fp, f, b, nb); */
    /*@ assert kept_e: K > 0 && amq_cuckoo_same(ys[K - 1], fp, f) ==> amq_cuckoo_is(w, f, e, fp) && e != d; */
    /*@ assert kept_p: \forall integer q; 0 <= q && q + 1 < K && amq_cuckoo_same(ys[q], fp, f) ==>
                         amq_cuckoo_is(w, f, path[q + 1], fp) && path[q + 1] != d; */
    /*@ assert kept_u: \forall integer s; 0 <= s && s != e && (\forall integer q; 0 <= q < K ==> s != path[q]) &&
                         amq_cuckoo_is{Pre}(w, f, s, fp) ==> amq_cuckoo_is(w, f, s, fp) && s != d; */
    /*@ assert two_u: \forall integer s; 0 <= s && s != e && (\forall integer q; 0 <= q < K ==> s != path[q]) &&
                        amq_cuckoo_pair_slot(s, i1, fp, f, b, nb) && amq_cuckoo_is{Pre}(w, f, s, fp) ==>
                        amq_cuckoo_has2(w, f, b, nb, i1, fp); */
    /*@ assert qm_at: \forall integer q; 0 <= q && q + 1 < K && amq_cuckoo_pair_slot(path[q], i1, fp, f, b, nb) &&
                        amq_cuckoo_is{Pre}(w, f, path[q], fp) ==>
                        0 <= path[q + 1] && amq_cuckoo_pair_slot(path[q + 1], i1, fp, f, b, nb) &&
                        amq_cuckoo_is(w, f, path[q + 1], fp) && path[q + 1] != d; */
    /*@ assert two_qm: \forall integer q; 0 <= q && q + 1 < K && amq_cuckoo_pair_slot(path[q], i1, fp, f, b, nb) &&
                         amq_cuckoo_is{Pre}(w, f, path[q], fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
    /* The witnesses of has2 as atoms (d_pair, qe_at): cvc4 instantiates has2's existential
     * with the slots of such atoms (two_qe took 500k steps without them, 50k with). */
    /*@ assert qe_at: K > 0 && amq_cuckoo_pair_slot(path[K - 1], i1, fp, f, b, nb) && amq_cuckoo_is{Pre}(w, f, path[K - 1], fp) ==>
                        0 <= e && amq_cuckoo_pair_slot(e, i1, fp, f, b, nb) && amq_cuckoo_is(w, f, e, fp) && e != d &&
                        0 <= d && amq_cuckoo_pair_slot(d, i1, fp, f, b, nb) && amq_cuckoo_is(w, f, d, fp); */
    /*@ assert two_qe: K > 0 && amq_cuckoo_pair_slot(path[K - 1], i1, fp, f, b, nb) &&
                         amq_cuckoo_is{Pre}(w, f, path[K - 1], fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
    /* two_q's case q == K - 1 apart, as a range (see p_c): with == Qed substitutes it into
     * two_qe, and cvc4 did not meet path[K - 1] with two_q's path[q] (300 s guard). */
    /*@ assert two_qk: \forall integer q; K - 1 <= q <= K - 1 && 0 <= q && amq_cuckoo_pair_slot(path[q], i1, fp, f, b, nb) &&
                        amq_cuckoo_is{Pre}(w, f, path[q], fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
    /*@ assert two_q: \forall integer q; 0 <= q < K && amq_cuckoo_pair_slot(path[q], i1, fp, f, b, nb) &&
                        amq_cuckoo_is{Pre}(w, f, path[q], fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
    /*@ assert two_all: amq_cuckoo_fp(fp, f) ==> \forall integer s; 0 <= s && amq_cuckoo_pair_slot(s, i1, fp, f, b, nb) &&
                          amq_cuckoo_is{Pre}(w, f, s, fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
    return AMQ_CUCKOO_OK;
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
