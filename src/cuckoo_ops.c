/* Cuckoo filter operations: query and remove, over the proved slot layer of src/cuckoo_kernel.c (contracts in internal/cuckoo_kernel.h, logic in
 * acsl/amq/cuckoo_logic.h).
 *
 * Proof shape.  Bit loops work on a bit offset o (goals linear in o + j); the slot-level
 * contracts name a slot s (bits s * f ..).  Every product fact (a slot lies in its bucket,
 * distinct slots lie apart, a slot is in one bucket) is a ghost function with an empty body,
 * proved once and called where needed: as lemmas of the logic they would be hypotheses of
 * every goal and lead the solvers' nonlinear search astray (proofs/README.md).
 * Insert (a bounded kick chain) is a draft: proofs/drafts/cuckoo/README.md. */
#include <internal/cuckoo_kernel.h>

/* 1 iff the f bits at bit offset o hold the low f bits of x (x = 0: the bits are empty). */
/*@ requires f_range: 1 <= f <= 32;
    requires bits:    o + f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures holds:    \result == 1 <==> amq_ck_is_at(w, f, o, x);
    ensures bool:     \result == 0 || \result == 1;
*/
static int amq_ck_bits_is(const uint64_t *w, uint64_t nbits, uint64_t f, uint64_t o, uint64_t x)
{
    (void)nbits;
    /*@ loop invariant bounds: 0 <= j <= f;
        loop invariant equal:  \forall integer k; 0 <= k < j ==> (amq_bit_set(w, o + k) <==> AMQ_CK_BIT(x, k));
        loop assigns j;
        loop variant f - j;
    */
    for (uint64_t j = 0; j < f; j++) {
        const uint64_t p = o + j;
        /*@ assert pos: p < 64 * amq_words(nbits); */
        if (((w[p / 64u] >> (p % 64u)) & 1u) != ((x >> j) & 1u))
            return 0;
    }
    /*@ assert all: amq_ck_is_at(w, f, o, x); */
    return 1;
}

/*@ ghost
  // Product step: bit offset o of slot s (o == s * f) holds x iff slot s does.
  /@ requires o == s * f;
     assigns \nothing;
     ensures is:    amq_ck_is_at(w, f, o, x) <==> amq_ck_is(w, f, s, x);
  @/
  static void amq_ck_at_slot(const uint64_t *w, uint64_t f, uint64_t s, uint64_t o, uint64_t x) { }
*/

/*@ ghost
  // Product step: slot s of bucket i (i * b <= s < i * b + b) lies inside the bits.
  /@ requires i * b <= s < i * b + b && (i * b + b) * f <= nbits && f >= 1;
     assigns \nothing;
     ensures end:  s * f + f <= nbits;
     ensures fits: s <= s * f;
  @/
  static void amq_ck_slot_fits(uint64_t s, uint64_t i, uint64_t b, uint64_t f, uint64_t nbits) { }
*/

/*@ ghost
  // Product step: bucket i < nb lies inside the nb * b * f bits.
  /@ requires i < nb && b >= 1 && f >= 1;
     assigns \nothing;
     ensures in:   (i * b + b) * f <= nb * b * f;
     ensures base: i * b + b <= nb * b;
  @/
  static void amq_ck_bucket_in(uint64_t i, uint64_t nb, uint64_t b, uint64_t f) { }
*/

/*@ ghost
  // Product step: nb * b fits wherever nb * b * f does.
  /@ requires nb >= 1 && b >= 1 && f >= 1;
     assigns \nothing;
     ensures nb * b <= nb * b * f;
  @/
  static void amq_ck_geom_bounds(uint64_t nb, uint64_t b, uint64_t f) { }
*/

/*@ ghost
  // Product step: the bits of any other slot r lie apart from those of slot s.
  /@ requires f >= 1;
     assigns \nothing;
     ensures apart: \forall integer r; 0 <= r && r != s ==> 0 <= r * f && (r * f + f <= s * f || s * f + f <= r * f);
  @/
  static void amq_ck_slots_apart(uint64_t s, uint64_t f) { }
*/

/* 1 iff slot s of bucket i holds x. */
/*@ requires f_range: 1 <= f <= 32;
    requires slot:    i * b <= s < i * b + b && (i * b + b) * f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures holds:    \result == 1 <==> amq_ck_is(w, f, s, x);
    ensures bool:     \result == 0 || \result == 1;
*/
static int amq_ck_slot_is(const uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t i, uint64_t s,
                          uint64_t x)
{
    (void)b;
    (void)i;
    //@ ghost amq_ck_slot_fits(s, i, b, f, nbits);
    const uint64_t o = s * f;
    //@ ghost amq_ck_at_slot(w, f, s, o, x);
    return amq_ck_bits_is(w, nbits, f, o, x);
}

/* The first slot of bucket i that holds x (its place t < b), or b when none does; x = 0: the
 * first empty slot (amq_ck_empty is "holds 0"). */
/*@ requires f_range: 1 <= f <= 32;
    requires b_pos:   b >= 1;
    requires bucket:  (i * b + b) * f <= nbits && i * b + b <= 18446744073709551615;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures range:    \result <= b;
    ensures found:    \result < b ==> amq_ck_is(w, f, i * b + \result, x);
    ensures none:     \result == b ==> !amq_ck_in(w, f, b, i, x);
    ensures some:     \result < b ==> amq_ck_in(w, f, b, i, x);
*/
static uint64_t amq_ck_find(const uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t i, uint64_t x)
{
    /*@ loop invariant bounds: 0 <= t <= b;
        loop invariant other:  \forall integer s; i * b <= s < i * b + t ==> !amq_ck_is(w, f, s, x);
        loop assigns t;
        loop variant b - t;
    */
    for (uint64_t t = 0; t < b; t++) {
        const uint64_t s = i * b + t;
        /*@ assert s: s == i * b + t; */
        if (amq_ck_slot_is(w, nbits, b, f, i, s, x) == 1)
            return t;
    }
    return b;
}

/* amq_ck_find on bucket i < nb of the nb * b * f bits (the product facts stay here). */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i < nb;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures range:    \result <= b;
    ensures found:    \result < b ==> amq_ck_is(w, f, i * b + \result, x) && amq_ck_in(w, f, b, i, x);
    ensures none:     \result == b ==> !amq_ck_in(w, f, b, i, x);
*/
static uint64_t amq_ck_lookup(const uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i,
                              uint64_t x)
{
    (void)nb;
    //@ ghost amq_ck_bucket_in(i, nb, b, f);
    //@ ghost amq_ck_geom_bounds(nb, b, f);
    return amq_ck_find(w, nbits, b, f, i, x);
}

int amq_cuckoo_kernel_query(const uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp)
{
    //@ ghost amq_ck_geom_bounds(nb, b, f);
    const uint64_t nbits = nb * b * f;
    if (amq_ck_lookup(w, nbits, nb, b, f, i1, fp) < b)
        return 1;
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    return amq_ck_lookup(w, nbits, nb, b, f, i2, fp) < b;
}

/* Empties slot t of bucket i < nb (the slot of a found copy of fp). */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i < nb && t < b;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_words(nbits) - 1));
    assigns w[0 .. amq_words(nbits) - 1];
    ensures empty:    amq_ck_empty(w, f, i * b + t);
    ensures only:     amq_ck_only{Pre, Post}(w, f, i * b + t);
    ensures slot:     i * b <= i * b + t < i * b + b;
    ensures others:   \forall integer r, x; 0 <= r && r != i * b + t && amq_ck_is{Pre}(w, f, r, x) ==>
                        amq_ck_is(w, f, r, x);
*/
static void amq_ck_clear(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i, uint64_t t)
{
    (void)nb;
    //@ ghost amq_ck_geom_bounds(nb, b, f);
    //@ ghost amq_ck_bucket_in(i, nb, b, f);
    const uint64_t s = i * b + t;
    //@ ghost amq_ck_slot_fits(s, i, b, f, nbits);
    amq_cuckoo_kernel_put(w, nbits, f, s, 0);
    //@ ghost amq_ck_slots_apart(s, f);
}

int amq_cuckoo_kernel_remove(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp)
{
    //@ ghost amq_ck_geom_bounds(nb, b, f);
    const uint64_t nbits = nb * b * f;
    const uint64_t t1 = amq_ck_lookup(w, nbits, nb, b, f, i1, fp);
    if (t1 < b) {
        amq_ck_clear(w, nbits, nb, b, f, i1, t1);
        /*@ assert one: i1 * b <= i1 * b + t1 < i1 * b + b && amq_ck_removed{Pre, Here}(w, f, i1 * b + t1, fp); */
        /*@ assert one_slot: amq_ck_removed_one{Pre, Here}(w, f, b, nb, i1, fp); */
        return AMQ_CUCKOO_OK;
    }
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    const uint64_t t2 = amq_ck_lookup(w, nbits, nb, b, f, i2, fp);
    if (t2 < b) {
        amq_ck_clear(w, nbits, nb, b, f, i2, t2);
        /*@ assert one: i2 * b <= i2 * b + t2 < i2 * b + b && amq_ck_removed{Pre, Here}(w, f, i2 * b + t2, fp); */
        /*@ assert one_slot: amq_ck_removed_one{Pre, Here}(w, f, b, nb, i1, fp); */
        return AMQ_CUCKOO_OK;
    }
    return AMQ_CUCKOO_ABSENT;
}
