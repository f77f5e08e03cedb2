/* Copy counts of the cuckoo filter (issue 23, the sequence theorem; plan and state in
 * proofs/drafts/cuckoo-copy-counts.md).  Theorem drivers over the kernel's contracts (unit
 * cuckoo), logic in acsl/amq/cuckoo_count_logic.h.
 *
 *   amq_proof_cuckoo_remove_count: a remove that finds fp takes exactly one copy from fp's
 *                                  class (bucket pair, low f bits) and no copy from any other.
 *   amq_proof_cuckoo_put_count:    one write of y into slot s changes the count of every class
 *                                  whose pair holds s by s's indicator after minus before, and
 *                                  no other class's (the brick of insert's kick chain).
 *   amq_proof_cuckoo_kick_count:   one kick (y copied from its slot to a free slot of its other
 *                                  bucket, then v written over it): y's class keeps its count,
 *                                  v's class gains one copy, every other class keeps its count.
 *   amq_proof_cuckoo_place_count:  y written into a free slot (insert's free-slot cases and the
 *                                  chain's first write): y's class gains one copy, every other
 *                                  class keeps its count.
 * Every driver starts from ANY state of the array. */
#include <lib_internal/cuckoo_kernel.h>
#include <amq/cuckoo_count_logic.h>

/*@ ghost
  // A slot holds one fingerprint: two values it holds have the same low f bits.
  /@ assigns \nothing;
     ensures two:  \forall integer s, x, y; amq_ck_is(w, f, s, x) && amq_ck_is(w, f, s, y) ==> amq_ck_same(x, y, f);
     ensures same: \forall integer s, x, y; amq_ck_is(w, f, s, y) && amq_ck_same(y, x, f) ==> amq_ck_is(w, f, s, x);
  @/
  static void amq_proof_ck_is_two(const uint64_t *w, uint64_t f) { }
*/

/*@ ghost
  // Product step: the bits of any two distinct slots lie apart.
  /@ requires f >= 1;
     assigns \nothing;
     ensures apart: \forall integer r, s; 0 <= r && 0 <= s && r != s ==> amq_ck_apart(r, s, f);
     ensures pos:   \forall integer s; 0 <= s ==> 0 <= s * f;
  @/
  static void amq_proof_ck_all_apart(uint64_t f) { }
*/

/*@ ghost
  // The count indicator is the slot predicate: amq_ck_one(s, x) is 1 iff slot s holds x, else
  // 0.  One state, so a driver calls it before and after a write; a ghost loop is the
  // induction over the f bits.
  /@ requires f_range: 1 <= f <= 32;
     assigns \nothing;
     ensures linked: amq_ck_linked(w, f);
     ensures empty:  \forall integer s, x; 0 <= s && 0 <= x && amq_ck_fp(x, f) && amq_ck_empty(w, f, s) ==>
                       amq_ck_one(w, f, s, x) == 0;
     ensures held:   \forall integer s, x, y; 0 <= s * f && 0 <= x && amq_ck_is(w, f, s, y) ==>
                       (amq_ck_same(x, y, f) ==> amq_ck_one(w, f, s, x) == 1) &&
                       (!amq_ck_same(x, y, f) ==> amq_ck_one(w, f, s, x) == 0);
  @/
  static void amq_proof_ck_one_is(const uint64_t *w, uint64_t f) {
      /@ loop invariant bounds: 0 <= n <= f;
         loop invariant bool:   \forall integer o, x; amq_ck_eqn(w, o, x, n) == 0 || amq_ck_eqn(w, o, x, n) == 1;
         loop invariant link:   \forall integer o, x; 0 <= o && 0 <= x ==>
                                  (amq_ck_eqn(w, o, x, n) == 1 <==>
                                   \forall integer j; 0 <= j < n ==> (amq_bit_set(w, o + j) <==> amq_ck_bit(x, j)));
         loop assigns n;
         loop variant f - n;
      @/
      for (uint64_t n = 0; n < f; n++) { }
      amq_proof_ck_is_two(w, f);
      /@ assert empty_o: \forall integer s, x; 0 <= s * f && 0 <= x && amq_ck_fp(x, f) && amq_ck_empty(w, f, s) ==>
                           amq_ck_one(w, f, s, x) == 0; @/
      /@ assert held_o:  \forall integer s, x, y; 0 <= s * f && 0 <= x && amq_ck_is(w, f, s, y) ==>
                           (amq_ck_same(x, y, f) ==> amq_ck_one(w, f, s, x) == 1) &&
                           (!amq_ck_same(x, y, f) ==> amq_ck_one(w, f, s, x) == 0); @/
      amq_proof_ck_all_apart(f);
  }
*/



/*@ ghost
  // What a slot holding y counts, with y named (the one-state facts the class steps take from
  // the state before a remove): 1 for y's bits, 0 for any other bits.
  /@ requires f_range: 1 <= f <= 32;
     assigns \nothing;
     ensures held_y: \forall integer s; 0 <= s && amq_ck_is(w, f, s, y) ==> amq_ck_one(w, f, s, y) == 1;
     ensures held_x: \forall integer s, x; 0 <= s && 0 <= x && amq_ck_is(w, f, s, y) && !amq_ck_same(x, y, f) ==>
                       amq_ck_one(w, f, s, x) == 0;
  @/
  static void amq_proof_ck_held(const uint64_t *w, uint64_t f, uint64_t y) {
      amq_proof_ck_one_is(w, f);
      amq_proof_ck_all_apart(f);
      /@ assert own: amq_ck_same(y, y, f); @/
  }
*/

/*@ ghost
  // Two integers with the same low f bits have the same alternate buckets (the hash reads
  // only those bits); a ghost loop does the induction over the bits.  (The kernel's
  // amq_ck_alt_bits of src/cuckoo_ops.c is static there.)
  /@ requires f_range: 1 <= f <= 32;
     assigns \nothing;
     ensures same_alt: amq_ck_alt_same(y, f, nb);
  @/
  static void amq_proof_ck_alt_bits(uint64_t y, uint64_t f, uint64_t nb) {
      /@ loop invariant 0 <= n <= f;
         loop invariant \forall integer x; amq_ck_same(x, y, f) ==> amq_ck_h(x, n) == amq_ck_h(y, n);
         loop assigns n;
         loop variant f - n;
      @/
      for (uint64_t n = 0; n < f; n++) {
          /@ assert \forall integer x; amq_ck_same(x, y, f) ==> amq_ck_xb(x, n) == amq_ck_xb(y, n); @/
      }
  }
*/

/*@ ghost
  // Product steps: a bucket's first slot is not negative; two buckets that share a slot are
  // one bucket.
  /@ requires b >= 1;
     assigns \nothing;
     ensures base: amq_ck_base(b);
     ensures one:  amq_ck_disjoint(b);
  @/
  static void amq_proof_ck_buckets(uint64_t b) { }
*/

/*@ ghost
  // The products of bucket i's pair for y, and of every pair, as the atoms the class lemmas
  // take (the driver's context is too large for the provers to find them there).
  /@ requires b >= 1 && nb >= 1 && i < nb;
     assigns \nothing;
     ensures base_i:   0 <= i * b;
     ensures base_alt: 0 <= amq_ck_alt(i, y, f, nb) * b;
     ensures share:    \forall integer s; amq_ck_slot_of(s, i, b) && amq_ck_slot_of(s, amq_ck_alt(i, y, f, nb), b) ==>
                         i == amq_ck_alt(i, y, f, nb);
     ensures base_all: \forall integer j, x; 0 <= j < nb ==> 0 <= j * b && 0 <= amq_ck_alt(j, x, f, nb) * b;
  @/
  static void amq_proof_ck_pair_base(uint64_t b, uint64_t nb, uint64_t f, uint64_t i, uint64_t y) {
      amq_proof_ck_buckets(b);
      /@ assert alt_in:  0 <= amq_ck_alt(i, y, f, nb) < nb; @/
      /@ assert alt_all: \forall integer j, x; 0 <= j < nb ==> 0 <= amq_ck_alt(j, x, f, nb) < nb; @/
  }
*/

/* A remove that finds fp empties one slot s of fp's two buckets that held it (`one`), and the
 * count of every range of b slots (a bucket) and fingerprint x changes only by that slot: it
 * loses s's copy of x if the range holds s, and nothing else (`slot`).  In classes: fp's class
 * (the pair i1, alt(i1, fp) and fp's low f bits) loses exactly one copy (`down`), every other
 * class keeps its count (`other`). */
/*@ requires geom:    amq_ck_geom(w, nb, b, f);
    requires i_range: i1 < nb;
    assigns w[0 .. amq_words(nb * b * f) - 1];
    ensures status:   \result == AMQ_CUCKOO_OK || \result == AMQ_CUCKOO_ABSENT;
    ensures one:      \result == AMQ_CUCKOO_OK ==> amq_ck_removed_one{Pre, Post}(w, f, b, nb, i1, fp);
    ensures slot:     \result == AMQ_CUCKOO_OK ==>
                        \forall integer s; 0 <= s && amq_ck_removed{Pre, Post}(w, f, s, fp) ==>
                          \forall integer lo, x; 0 <= lo && 0 <= x && amq_ck_fp(x, f) ==>
                            amq_ck_cnt(w, f, lo, b, x) ==
                              amq_ck_cnt{Pre}(w, f, lo, b, x) - (lo <= s < lo + b ? amq_ck_one{Pre}(w, f, s, x) : 0);
    ensures down:     \result == AMQ_CUCKOO_OK && amq_ck_fp(fp, f) ==>
                        amq_ck_pcnt(w, f, b, nb, i1, fp) == amq_ck_pcnt{Pre}(w, f, b, nb, i1, fp) - 1;
    ensures other:    \result == AMQ_CUCKOO_OK && amq_ck_fp(fp, f) ==>
                        \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) &&
                          !(amq_ck_same(x, fp, f) && (j == i1 || j == amq_ck_alt(i1, fp, f, nb))) ==>
                          amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x);
    ensures absent:   \result == AMQ_CUCKOO_ABSENT ==> amq_ck_words_same{Pre, Post}(w, amq_words(nb * b * f));
*/
int amq_proof_cuckoo_remove_count(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp)
{
    //@ ghost amq_proof_ck_one_is(w, f);
    //@ ghost amq_proof_ck_held(w, f, fp);
    const int st = amq_cuckoo_kernel_remove(w, nb, b, f, i1, fp);
    if (st != AMQ_CUCKOO_OK)
        return st;
    //@ ghost amq_proof_ck_one_is(w, f);
    //@ ghost amq_proof_ck_all_apart(f);
    /*@ assert frame:     \forall integer s; 0 <= s && amq_ck_removed{Pre, Here}(w, f, s, fp) ==>
                            amq_ck_frame{Pre, Here}(w, f, s); */
    /* The one-write count step, by induction over the n slots of a range from lo. */
    /*@ ghost
      /@ loop invariant bounds: 0 <= n <= b;
         loop invariant write:  \forall integer s, lo, x; 0 <= s && 0 <= lo && 0 <= x && amq_ck_frame{Pre, Here}(w, f, s) ==>
                                  amq_ck_cnt(w, f, lo, n, x) == amq_ck_cnt{Pre}(w, f, lo, n, x) +
                                    (lo <= s < lo + n ? amq_ck_one(w, f, s, x) - amq_ck_one{Pre}(w, f, s, x) : 0);
         loop assigns n;
         loop variant b - n;
      @/
      for (uint64_t n = 0; n < b; n++) {
          /@ assert step: \forall integer s, r, x; 0 <= s && 0 <= r && r != s && 0 <= x && amq_ck_frame{Pre, Here}(w, f, s) ==>
                            amq_ck_one(w, f, r, x) == amq_ck_one{Pre}(w, f, r, x); @/
      }
    */
    /*@ assert emptied:   \forall integer s; 0 <= s && amq_ck_removed{Pre, Here}(w, f, s, fp) ==> amq_ck_empty(w, f, s); */
    /*@ assert gone:      \forall integer s, x; 0 <= s && 0 <= x && amq_ck_fp(x, f) && amq_ck_removed{Pre, Here}(w, f, s, fp) ==>
                            amq_ck_one(w, f, s, x) == 0; */
    /*@ assert slot:      \forall integer s; 0 <= s && amq_ck_removed{Pre, Here}(w, f, s, fp) ==>
                            \forall integer lo, x; 0 <= lo && 0 <= x && amq_ck_fp(x, f) ==>
                              amq_ck_cnt(w, f, lo, b, x) ==
                                amq_ck_cnt{Pre}(w, f, lo, b, x) - (lo <= s < lo + b ? amq_ck_one{Pre}(w, f, s, x) : 0); */
    /*@ assert effect:    \forall integer s; 0 <= s && amq_ck_removed{Pre, Here}(w, f, s, fp) ==>
                            amq_ck_slot_effect{Pre, Here}(w, f, b, s); */
    //@ ghost amq_proof_ck_buckets(b);
    //@ ghost amq_proof_ck_alt_bits(fp, f, nb);
    //@ ghost amq_proof_ck_pair_base(b, nb, f, i1, fp);
    /*@ assert one:       amq_ck_removed_one{Pre, Here}(w, f, b, nb, i1, fp); */
    /*@ assert pair:      \forall integer s; 0 <= s && ((i1 * b <= s < i1 * b + b) ||
                            (amq_ck_alt(i1, fp, f, nb) * b <= s < amq_ck_alt(i1, fp, f, nb) * b + b)) ==>
                            amq_ck_pair_slot(s, i1, fp, f, b, nb); */
    /* The class steps for the witness slot s: instances of the two-label lemmas
       amq_ck_effect_down, _other (held_x: s held fp only) and _apart (amq_ck_pair_apart_x). */
    /*@ assert down_s:    \forall integer s; 0 <= s && amq_ck_removed{Pre, Here}(w, f, s, fp) &&
                            amq_ck_pair_slot(s, i1, fp, f, b, nb) && amq_ck_fp(fp, f) ==>
                            amq_ck_pcnt(w, f, b, nb, i1, fp) == amq_ck_pcnt{Pre}(w, f, b, nb, i1, fp) - 1; */
    /*@ assert bits_s:    \forall integer s; 0 <= s && amq_ck_removed{Pre, Here}(w, f, s, fp) ==>
                            \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && !amq_ck_same(x, fp, f) ==>
                              amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x); */
    /*@ assert pair_s:    \forall integer s; 0 <= s && amq_ck_removed{Pre, Here}(w, f, s, fp) &&
                            amq_ck_pair_slot(s, i1, fp, f, b, nb) ==>
                            \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && amq_ck_same(x, fp, f) &&
                              j != i1 && j != amq_ck_alt(i1, fp, f, nb) ==>
                              amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x); */
    return st;
}

/*@ ghost
  // Product step: slot s of bucket k < nb lies inside the nb * b * f bits.
  /@ requires b >= 1 && f >= 1 && k < nb && amq_ck_slot_of(s, k, b);
     assigns \nothing;
     ensures in:  s * f + f <= nb * b * f;
     ensures pos: 0 <= k * b && 0 <= s * f;
  @/
  static void amq_proof_ck_slot_in(uint64_t s, uint64_t k, uint64_t nb, uint64_t b, uint64_t f) {
      /@ assert bucket: (k * b + b) * f <= nb * b * f; @/
      /@ assert fits:   s * f + f <= (k * b + b) * f; @/
  }
*/

/* One write of y into slot s of bucket k (the kernel's amq_cuckoo_kernel_put): every range of
 * b slots (lo >= 0) and fingerprint x, the range's count after is its count before plus s's
 * indicator of x after minus before if the range holds s (`write`).  In classes: the class of
 * x for bucket j whose pair holds s changes by the same difference (`pair`), every class whose
 * pair does not hold s keeps its count (`apart`).  What each write of insert's kick chain does
 * (proofs/drafts/cuckoo-copy-counts.md, step 4). */
/*@ requires geom:    amq_ck_geom(w, nb, b, f);
    requires k_range: k < nb;
    requires slot:    amq_ck_slot_of(s, k, b);
    assigns w[0 .. amq_words(nb * b * f) - 1];
    ensures holds:    amq_ck_is(w, f, s, y);
    ensures frame:    amq_ck_frame{Pre, Post}(w, f, s);
    ensures write:    amq_ck_write_effect{Pre, Post}(w, f, b, s);
    ensures pair:     \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && amq_ck_pair_slot(s, j, x, f, b, nb) ==>
                        amq_ck_pcnt(w, f, b, nb, j, x) ==
                          amq_ck_pcnt{Pre}(w, f, b, nb, j, x) + amq_ck_one(w, f, s, x) - amq_ck_one{Pre}(w, f, s, x);
    ensures apart:    \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) &&
                        !amq_ck_slot_of(s, j, b) && !amq_ck_slot_of(s, amq_ck_alt(j, x, f, nb), b) ==>
                        amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x);
*/
void amq_proof_cuckoo_put_count(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t k, uint64_t s, uint64_t y)
{
    (void)k; /* k is used by the contract and the ghost code only */
    //@ ghost amq_proof_ck_slot_in(s, k, nb, b, f);
    //@ ghost amq_proof_ck_one_is(w, f);
    amq_cuckoo_kernel_put(w, nb * b * f, f, s, y);
    //@ ghost amq_proof_ck_one_is(w, f);
    //@ ghost amq_proof_ck_all_apart(f);
    /*@ assert frame: amq_ck_frame{Pre, Here}(w, f, s); */
    /* The one-write count step, by induction over the n slots of a range from lo. */
    /*@ ghost
      /@ loop invariant bounds: 0 <= n <= b;
         loop invariant put:    \forall integer lo, x; 0 <= lo && 0 <= x ==>
                                  amq_ck_cnt(w, f, lo, n, x) == amq_ck_cnt{Pre}(w, f, lo, n, x) +
                                    (lo <= s < lo + n ? amq_ck_one(w, f, s, x) - amq_ck_one{Pre}(w, f, s, x) : 0);
         loop assigns n;
         loop variant b - n;
      @/
      for (uint64_t n = 0; n < b; n++) {
          /@ assert step: \forall integer r, x; 0 <= r && r != s && 0 <= x ==>
                            amq_ck_one(w, f, r, x) == amq_ck_one{Pre}(w, f, r, x); @/
      }
    */
    /*@ assert effect: amq_ck_write_effect{Pre, Here}(w, f, b, s); */
    //@ ghost amq_proof_ck_buckets(b);
    /* The class steps: instances of the two-label lemmas amq_ck_write_pair and _apart, with
       the products and "two buckets sharing a slot are one" as atoms (amq_ck_base, _disjoint). */
    /*@ assert alt_all: \forall integer j, x; 0 <= j < nb ==> 0 <= amq_ck_alt(j, x, f, nb) < nb; */
    /*@ assert base_all: \forall integer j, x; 0 <= j < nb ==> 0 <= j * b && 0 <= amq_ck_alt(j, x, f, nb) * b; */
    /*@ assert share:   \forall integer j, x; 0 <= j < nb && amq_ck_slot_of(s, j, b) &&
                          amq_ck_slot_of(s, amq_ck_alt(j, x, f, nb), b) ==> j == amq_ck_alt(j, x, f, nb); */
}

/*@ ghost
  // The pair of a slot: slot d of bucket k < nb lies in the pair of bucket j < nb for x (x
  // with y's low f bits) iff j is k or its alternate for y (the involution; two buckets that
  // share a slot are one).
  /@ requires f_range: 1 <= f <= 32;
     requires geom:    nb >= 1 && b >= 1 && k < nb && amq_ck_slot_of(d, k, b);
     assigns \nothing;
     ensures pair: \forall integer j, x; 0 <= j < nb && amq_ck_same(x, y, f) ==>
                     (amq_ck_pair_slot(d, j, x, f, b, nb) <==> (j == k || j == amq_ck_alt(k, y, f, nb)));
  @/
  static void amq_proof_ck_pair_of(uint64_t d, uint64_t k, uint64_t y, uint64_t f, uint64_t b, uint64_t nb) {
      amq_proof_ck_buckets(b);
      amq_proof_ck_alt_bits(y, f, nb);
      /@ assert alt_all: \forall integer j; 0 <= j < nb ==> 0 <= amq_ck_alt(j, y, f, nb) < nb; @/
      /@ assert back:    \forall integer j; 0 <= j < nb && amq_ck_alt(j, y, f, nb) == k ==> j == amq_ck_alt(k, y, f, nb); @/
      /@ assert to:      \forall integer j; 0 <= j < nb && j == amq_ck_alt(k, y, f, nb) ==> amq_ck_alt(j, y, f, nb) == k; @/
      /@ assert pair_y:  \forall integer j; 0 <= j < nb ==>
                           (amq_ck_pair_slot(d, j, y, f, b, nb) <==> (j == k || j == amq_ck_alt(k, y, f, nb))); @/
  }
*/

/* One kick of insert's chain, in classes: y, held in slot d of bucket k (y a fingerprint), is
 * copied into a free slot e of its other bucket alt(k, y), then v is written over d.  y moved
 * between the two buckets of its own class, so y's class keeps its count; v's class (the pair
 * k/alt(k, v), v's low f bits) gains one copy (`up`), every other class keeps its count
 * (`other`, y's class included unless v has y's bits).  Two writes, each the brick
 * amq_proof_cuckoo_put_count. */
/*@ requires geom:    amq_ck_geom(w, nb, b, f);
    requires k_range: k < nb;
    requires d_slot:  amq_ck_slot_of(d, k, b) && amq_ck_is(w, f, d, y) && amq_ck_fp(y, f);
    requires e_slot:  amq_ck_slot_of(e, amq_ck_alt(k, y, f, nb), b) && amq_ck_empty(w, f, e);
    assigns w[0 .. amq_words(nb * b * f) - 1];
    ensures up:       \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && amq_ck_same(x, v, f) &&
                        (j == k || j == amq_ck_alt(k, v, f, nb)) ==>
                        amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x) + 1;
    ensures other:    \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) &&
                        !(amq_ck_same(x, v, f) && (j == k || j == amq_ck_alt(k, v, f, nb))) ==>
                        amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x);
*/
void amq_proof_cuckoo_kick_count(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t k, uint64_t d,
                                 uint64_t e, uint64_t y, uint64_t v)
{
    const uint64_t k2 = amq_cuckoo_kernel_alt(nb, f, k, y);
    //@ ghost amq_proof_ck_slot_in(e, k2, nb, b, f);
    //@ ghost amq_proof_ck_slot_in(d, k, nb, b, f);
    //@ ghost amq_proof_ck_one_is(w, f);
    /*@ assert e_pre: \forall integer x; 0 <= x && amq_ck_fp(x, f) ==> amq_ck_one(w, f, e, x) == 0; */
    /*@ assert d_ne:  d != e; */
    amq_proof_cuckoo_put_count(w, nb, b, f, k2, e, y);
    //@ ghost Mid: ;
    //@ ghost amq_proof_ck_one_is(w, f);
    /*@ assert d_mid: amq_ck_is(w, f, d, y); */
    /*@ assert e_y:   \forall integer x; 0 <= x && amq_ck_same(x, y, f) ==> amq_ck_one(w, f, e, x) == 1; */
    /*@ assert e_n:   \forall integer x; 0 <= x && !amq_ck_same(x, y, f) ==> amq_ck_one(w, f, e, x) == 0; */
    /*@ assert d_y:   \forall integer x; 0 <= x && amq_ck_same(x, y, f) ==> amq_ck_one(w, f, d, x) == 1; */
    /*@ assert d_n:   \forall integer x; 0 <= x && !amq_ck_same(x, y, f) ==> amq_ck_one(w, f, d, x) == 0; */
    /* The first write's class steps (its `pair` and `apart` for each case). */
    /*@ assert s1: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && amq_ck_same(x, y, f) &&
                     amq_ck_pair_slot(e, j, x, f, b, nb) ==>
                     amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
    /*@ assert s2: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && !amq_ck_same(x, y, f) ==>
                     amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x); */
    /*@ assert s3: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && !amq_ck_pair_slot(e, j, x, f, b, nb) ==>
                     amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x); */
    amq_proof_cuckoo_put_count(w, nb, b, f, k, d, v);
    //@ ghost amq_proof_ck_one_is(w, f);
    /*@ assert d_v:  \forall integer x; 0 <= x && amq_ck_same(x, v, f) ==> amq_ck_one(w, f, d, x) == 1; */
    /*@ assert d_nv: \forall integer x; 0 <= x && !amq_ck_same(x, v, f) ==> amq_ck_one(w, f, d, x) == 0; */
    /* The second write's class steps. */
    /*@ assert t1: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && amq_ck_pair_slot(d, j, x, f, b, nb) &&
                     amq_ck_same(x, v, f) && amq_ck_same(x, y, f) ==>
                     amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Mid}(w, f, b, nb, j, x); */
    /*@ assert t2: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && amq_ck_pair_slot(d, j, x, f, b, nb) &&
                     amq_ck_same(x, v, f) && !amq_ck_same(x, y, f) ==>
                     amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Mid}(w, f, b, nb, j, x) + 1; */
    /*@ assert t3: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && amq_ck_pair_slot(d, j, x, f, b, nb) &&
                     !amq_ck_same(x, v, f) && amq_ck_same(x, y, f) ==>
                     amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Mid}(w, f, b, nb, j, x) - 1; */
    /*@ assert t4: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) &&
                     !amq_ck_same(x, v, f) && !amq_ck_same(x, y, f) ==>
                     amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Mid}(w, f, b, nb, j, x); */
    /*@ assert t5: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && !amq_ck_pair_slot(d, j, x, f, b, nb) ==>
                     amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Mid}(w, f, b, nb, j, x); */
    /* Where the two slots lie: d and e are in the same pairs for y's bits, d in v's pair. */
    //@ ghost amq_proof_ck_pair_of(d, k, y, f, b, nb);
    //@ ghost amq_proof_ck_pair_of(e, k2, y, f, b, nb);
    //@ ghost amq_proof_ck_pair_of(d, k, v, f, b, nb);
    /*@ assert back: amq_ck_alt(k2, y, f, nb) == k; */
    /*@ assert g1: \forall integer j, x; 0 <= j < nb && amq_ck_same(x, y, f) ==>
                     (amq_ck_pair_slot(e, j, x, f, b, nb) <==> amq_ck_pair_slot(d, j, x, f, b, nb)); */
}

/* y written into a free slot s of bucket k (insert's free-slot cases, amq_ck_place, and the
 * chain's write into its free slot e): y's class (the pair k/alt(k, y), y's low f bits) gains
 * exactly one copy (`up`), every other class keeps its count (`other`): the empty slot counted
 * no fingerprint. */
/*@ requires geom:    amq_ck_geom(w, nb, b, f);
    requires k_range: k < nb;
    requires s_slot:  amq_ck_slot_of(s, k, b) && amq_ck_empty(w, f, s);
    assigns w[0 .. amq_words(nb * b * f) - 1];
    ensures up:       \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && amq_ck_same(x, y, f) &&
                        (j == k || j == amq_ck_alt(k, y, f, nb)) ==>
                        amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x) + 1;
    ensures other:    \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) &&
                        !(amq_ck_same(x, y, f) && (j == k || j == amq_ck_alt(k, y, f, nb))) ==>
                        amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x);
*/
void amq_proof_cuckoo_place_count(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t k, uint64_t s, uint64_t y)
{
    //@ ghost amq_proof_ck_slot_in(s, k, nb, b, f);
    //@ ghost amq_proof_ck_one_is(w, f);
    /*@ assert s_pre: \forall integer x; 0 <= x && amq_ck_fp(x, f) ==> amq_ck_one(w, f, s, x) == 0; */
    amq_proof_cuckoo_put_count(w, nb, b, f, k, s, y);
    //@ ghost amq_proof_ck_one_is(w, f);
    /*@ assert s_y: \forall integer x; 0 <= x && amq_ck_same(x, y, f) ==> amq_ck_one(w, f, s, x) == 1; */
    /*@ assert s_n: \forall integer x; 0 <= x && !amq_ck_same(x, y, f) ==> amq_ck_one(w, f, s, x) == 0; */
    /*@ assert u1: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && amq_ck_same(x, y, f) &&
                     amq_ck_pair_slot(s, j, x, f, b, nb) ==>
                     amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
    /*@ assert u2: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && !amq_ck_same(x, y, f) ==>
                     amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x); */
    /*@ assert u3: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_ck_fp(x, f) && !amq_ck_pair_slot(s, j, x, f, b, nb) ==>
                     amq_ck_pcnt(w, f, b, nb, j, x) == amq_ck_pcnt{Pre}(w, f, b, nb, j, x); */
    //@ ghost amq_proof_ck_pair_of(s, k, y, f, b, nb);
}
