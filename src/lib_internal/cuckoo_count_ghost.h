/* Ghost code of the cuckoo kernel (src/cuckoo_ops.c): the one-state facts its copy-count
 * clauses take (issue 23, step 4; proofs/doc/cuckoo.md: the indicator amq_cuckoo_one is the slot
 * predicate, product facts of the buckets and pairs) with the count lemmas
 * (acsl/amq/cuckoo_count_logic.h), and the ghost facts of insert's `copy`.
 * Included by src/cuckoo_ops.c only.  The count part (between the AMQ_CUCKOO_NO_COUNT guards)
 * is proved by unit cuckoo_count; the rest by unit cuckoo, which compiles without it
 * (lib_internal/cuckoo_kernel.h).  Ignored by C compilers. */
#ifndef AMQ_CUCKOO_COUNT_GHOST_H
#define AMQ_CUCKOO_COUNT_GHOST_H
#include <lib_internal/cuckoo_steps.h>

#ifndef AMQ_CUCKOO_NO_COUNT /* the count ghosts and lemmas: unit cuckoo_count's view only */
#include <amq/cuckoo_count_logic.h>

/*@ ghost
  // A slot holds one fingerprint: two values it holds have the same low f bits.
  /@ assigns \nothing;
     ensures two:  \forall integer s, x, y; amq_cuckoo_is(w, f, s, x) && amq_cuckoo_is(w, f, s, y) ==> amq_cuckoo_same(x, y, f);
     ensures same: \forall integer s, x, y; amq_cuckoo_is(w, f, s, y) && amq_cuckoo_same(y, x, f) ==> amq_cuckoo_is(w, f, s, x);
  @/
  static void amq_cuckoo_step_is_two(const uint64_t *w, uint64_t f) { }
*/

/*@ ghost
  // Product step: the bits of any two distinct slots lie apart.
  /@ requires f >= 1;
     assigns \nothing;
     ensures apart: \forall integer r, s; 0 <= r && 0 <= s && r != s ==> amq_cuckoo_apart(r, s, f);
     ensures pos:   \forall integer s; 0 <= s ==> 0 <= s * f;
  @/
  static void amq_cuckoo_step_all_apart(uint64_t f) { }
*/

/*@ ghost
  // The count indicator is the slot predicate: amq_cuckoo_one(s, x) is 1 iff slot s holds x, else
  // 0.  One state, so a write calls it before and after; the ghost loop is the induction over
  // the f bits.
  /@ requires f_range: 1 <= f <= 32;
     assigns \nothing;
     ensures linked: amq_cuckoo_linked(w, f);
     ensures empty:  \forall integer s, x; 0 <= s && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_empty(w, f, s) ==>
                       amq_cuckoo_one(w, f, s, x) == 0;
     ensures held:   \forall integer s, x, y; 0 <= s * f && 0 <= x && amq_cuckoo_is(w, f, s, y) ==>
                       (amq_cuckoo_same(x, y, f) ==> amq_cuckoo_one(w, f, s, x) == 1) &&
                       (!amq_cuckoo_same(x, y, f) ==> amq_cuckoo_one(w, f, s, x) == 0);
  @/
  static void amq_cuckoo_step_one_is(const uint64_t *w, uint64_t f) {
      /@ loop invariant bounds: 0 <= n <= f;
         loop invariant bool:   \forall integer o, x; amq_cuckoo_eqn(w, o, x, n) == 0 || amq_cuckoo_eqn(w, o, x, n) == 1;
         loop invariant link:   \forall integer o, x; 0 <= o && 0 <= x ==>
                                  (amq_cuckoo_eqn(w, o, x, n) == 1 <==>
                                   \forall integer j; 0 <= j < n ==> (amq_bloom_bit_set(w, o + j) <==> amq_cuckoo_bit(x, j)));
         loop assigns n;
         loop variant f - n;
      @/
      for (uint64_t n = 0; n < f; n++) { }
      amq_cuckoo_step_is_two(w, f);
      /@ assert empty_o: \forall integer s, x; 0 <= s * f && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_empty(w, f, s) ==>
                           amq_cuckoo_one(w, f, s, x) == 0; @/
      /@ assert held_o:  \forall integer s, x, y; 0 <= s * f && 0 <= x && amq_cuckoo_is(w, f, s, y) ==>
                           (amq_cuckoo_same(x, y, f) ==> amq_cuckoo_one(w, f, s, x) == 1) &&
                           (!amq_cuckoo_same(x, y, f) ==> amq_cuckoo_one(w, f, s, x) == 0); @/
      amq_cuckoo_step_all_apart(f);
  }
*/

/*@ ghost
  // Product steps: a bucket's first slot is not negative; two buckets that share a slot are
  // one bucket.
  /@ requires b >= 1;
     assigns \nothing;
     ensures base: amq_cuckoo_base(b);
     ensures one:  amq_cuckoo_disjoint(b);
  @/
  static void amq_cuckoo_step_buckets(uint64_t b) { }
*/

/*@ ghost
  // What slot s counts, from its content (one state, the slot named: in the context of a
  // kernel function cvc4 does not find these instances of amq_cuckoo_step_one_is itself).
  /@ requires f_range: 1 <= f <= 32;
     requires s_pos:   0 <= s;
     assigns \nothing;
     ensures empty:    amq_cuckoo_empty(w, f, s) ==> \forall integer x; 0 <= x && amq_cuckoo_fp(x, f) ==> amq_cuckoo_one(w, f, s, x) == 0;
     ensures held:     amq_cuckoo_is(w, f, s, y) ==> \forall integer x; 0 <= x && amq_cuckoo_same(x, y, f) ==> amq_cuckoo_one(w, f, s, x) == 1;
     ensures other:    amq_cuckoo_is(w, f, s, y) ==> \forall integer x; 0 <= x && !amq_cuckoo_same(x, y, f) ==> amq_cuckoo_one(w, f, s, x) == 0;
  @/
  static void amq_cuckoo_step_one_at(const uint64_t *w, uint64_t f, uint64_t s, uint64_t y) {
      amq_cuckoo_step_one_is(w, f);
      amq_cuckoo_step_all_apart(f);
      /@ assert pos: 0 <= s * f; @/
  }
*/

/*@ ghost
  // The products and pair facts the class lemmas (amq_cuckoo_write_pair, _apart) take, as atoms:
  // every bucket and its alternate start at a non-negative slot, and slot d lies in both
  // buckets of a pair only when the pair is one bucket.
  /@ requires geom: b >= 1 && nb >= 1;
     assigns \nothing;
     ensures alt_all:  \forall integer j, x; 0 <= j < nb ==> 0 <= amq_cuckoo_alt(j, x, f, nb) < nb;
     ensures base_all: \forall integer j, x; 0 <= j < nb ==> 0 <= j * b && 0 <= amq_cuckoo_alt(j, x, f, nb) * b;
     ensures share:    \forall integer j, x; 0 <= j < nb && amq_cuckoo_slot_of(d, j, b) &&
                         amq_cuckoo_slot_of(d, amq_cuckoo_alt(j, x, f, nb), b) ==> j == amq_cuckoo_alt(j, x, f, nb);
  @/
  static void amq_cuckoo_step_class_facts(uint64_t d, uint64_t b, uint64_t nb, uint64_t f) {
      amq_cuckoo_step_buckets(b);
      /@ assert alt_in:   \forall integer j, x; 0 <= j < nb ==> 0 <= amq_cuckoo_alt(j, x, f, nb) < nb; @/
      /@ assert base_j:   \forall integer j; 0 <= j ==> 0 <= j * b; @/
      /@ assert base_alt: \forall integer j, x; 0 <= j < nb ==> 0 <= amq_cuckoo_alt(j, x, f, nb) * b; @/
  }
*/

#endif /* AMQ_CUCKOO_NO_COUNT */


#ifndef AMQ_CUCKOO_NO_COUNT
/*@ ghost
  // The pair of a slot: slot d of bucket k < nb lies in the pair of bucket j < nb for x (x
  // with y's low f bits) iff j is k or its alternate for y (the involution; two buckets that
  // share a slot are one).
  /@ requires f_range: 1 <= f <= 32;
     requires geom:    nb >= 1 && b >= 1 && k < nb && amq_cuckoo_slot_of(d, k, b);
     assigns \nothing;
     ensures pair: \forall integer j, x; 0 <= j < nb && amq_cuckoo_same(x, y, f) ==>
                     (amq_cuckoo_pair_slot(d, j, x, f, b, nb) <==> (j == k || j == amq_cuckoo_alt(k, y, f, nb)));
  @/
  static void amq_cuckoo_step_pair_of(uint64_t d, uint64_t k, uint64_t y, uint64_t f, uint64_t b, uint64_t nb) {
      amq_cuckoo_step_buckets(b);
      amq_cuckoo_step_alt_bits(y, f, nb);
      /@ assert alt_all: \forall integer j; 0 <= j < nb ==> 0 <= amq_cuckoo_alt(j, y, f, nb) < nb; @/
      /@ assert back:    \forall integer j; 0 <= j < nb && amq_cuckoo_alt(j, y, f, nb) == k ==> j == amq_cuckoo_alt(k, y, f, nb); @/
      /@ assert to:      \forall integer j; 0 <= j < nb && j == amq_cuckoo_alt(k, y, f, nb) ==> amq_cuckoo_alt(j, y, f, nb) == k; @/
      /@ assert pair_y:  \forall integer j; 0 <= j < nb ==>
                           (amq_cuckoo_pair_slot(d, j, y, f, b, nb) <==> (j == k || j == amq_cuckoo_alt(k, y, f, nb))); @/
  }
*/
#endif /* AMQ_CUCKOO_NO_COUNT */

/* Ghost facts of insert's `copy` (the kick chain's own: src/cuckoo_kick.c). */

/*@ ghost
  // Product step: slot s of bucket i lies in no other bucket.
  /@ requires b >= 1 && i * b <= s < i * b + b;
     assigns \nothing;
     ensures one: \forall integer j; 0 <= j && amq_cuckoo_slot_of(s, j, b) ==> j == i;
  @/
  static void amq_cuckoo_step_one_bucket(uint64_t s, uint64_t i, uint64_t b) { }
*/

/*@ ghost
  // fp's pair seen from either of its buckets, through any x with fp's low f bits, is the same
  // pair of buckets (the alternate reads only those bits, and is an involution): `copy` of
  // insert for every such j and x, from the case j = i1, x = fp.
  /@ requires f_range: 1 <= f <= 32;
     requires geom:    nb >= 1 && i1 < nb;
     assigns \nothing;
     ensures has:      \forall integer j, x; (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) && amq_cuckoo_same(x, fp, f) &&
                         amq_cuckoo_has(w, f, b, nb, j, x) ==> amq_cuckoo_has(w, f, b, nb, i1, fp);
     ensures has2:     \forall integer j, x; (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) && amq_cuckoo_same(x, fp, f) &&
                         amq_cuckoo_has2(w, f, b, nb, i1, fp) ==> amq_cuckoo_has2(w, f, b, nb, j, x);
  @/
  static void amq_cuckoo_step_pair_same(const uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp) {
      amq_cuckoo_step_alt_bits(fp, f, nb);
      /@ assert is: \forall integer s, x; amq_cuckoo_same(x, fp, f) ==> (amq_cuckoo_is(w, f, s, x) <==> amq_cuckoo_is(w, f, s, fp)); @/
      /@ assert in_to: \forall integer i, x; amq_cuckoo_same(x, fp, f) && amq_cuckoo_in(w, f, b, i, x) ==> amq_cuckoo_in(w, f, b, i, fp); @/
      /@ assert back: amq_cuckoo_alt(amq_cuckoo_alt(i1, fp, f, nb), fp, f, nb) == i1; @/
      /@ assert has_i1: \forall integer x; amq_cuckoo_same(x, fp, f) && amq_cuckoo_has(w, f, b, nb, i1, x) ==>
                          amq_cuckoo_has(w, f, b, nb, i1, fp); @/
      /@ assert has_alt: \forall integer x; amq_cuckoo_same(x, fp, f) && amq_cuckoo_has(w, f, b, nb, amq_cuckoo_alt(i1, fp, f, nb), x) ==>
                           amq_cuckoo_has(w, f, b, nb, i1, fp); @/
      /@ assert pair: \forall integer s, j, x; (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) && amq_cuckoo_same(x, fp, f) ==>
                        (amq_cuckoo_pair_slot(s, j, x, f, b, nb) <==> amq_cuckoo_pair_slot(s, i1, fp, f, b, nb)); @/
      /@ // has2 for any x with fp's bits, with has2's two slots spelled out in the conclusion:
         // cvc4 instantiates has2's existential by matching amq_cuckoo_is(w, f, s, x), a term
         // that otherwise occurs only with fp (it ran to the 300 s guard on has2).
         assert w2: \forall integer s1, s2, x; amq_cuckoo_same(x, fp, f) && 0 <= s1 && 0 <= s2 && s1 != s2 &&
                      amq_cuckoo_pair_slot(s1, i1, fp, f, b, nb) && amq_cuckoo_pair_slot(s2, i1, fp, f, b, nb) &&
                      amq_cuckoo_is(w, f, s1, fp) && amq_cuckoo_is(w, f, s2, fp) ==>
                      amq_cuckoo_pair_slot(s1, i1, x, f, b, nb) && amq_cuckoo_pair_slot(s2, i1, x, f, b, nb) &&
                      amq_cuckoo_is(w, f, s1, x) && amq_cuckoo_is(w, f, s2, x) && amq_cuckoo_has2(w, f, b, nb, i1, x); @/
      /@ assert w2a: \forall integer s1, s2, x; amq_cuckoo_same(x, fp, f) && 0 <= s1 && 0 <= s2 && s1 != s2 &&
                      amq_cuckoo_pair_slot(s1, i1, fp, f, b, nb) && amq_cuckoo_pair_slot(s2, i1, fp, f, b, nb) &&
                      amq_cuckoo_is(w, f, s1, fp) && amq_cuckoo_is(w, f, s2, fp) ==>
                      amq_cuckoo_pair_slot(s1, amq_cuckoo_alt(i1, fp, f, nb), x, f, b, nb) &&
                      amq_cuckoo_pair_slot(s2, amq_cuckoo_alt(i1, fp, f, nb), x, f, b, nb) &&
                      amq_cuckoo_is(w, f, s1, x) && amq_cuckoo_is(w, f, s2, x) && amq_cuckoo_has2(w, f, b, nb, amq_cuckoo_alt(i1, fp, f, nb), x); @/
      /@ assert h_i1: \forall integer x; amq_cuckoo_same(x, fp, f) && amq_cuckoo_has2(w, f, b, nb, i1, fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, x); @/
      /@ assert h_alt: \forall integer x; amq_cuckoo_same(x, fp, f) && amq_cuckoo_has2(w, f, b, nb, i1, fp) ==>
                         amq_cuckoo_has2(w, f, b, nb, amq_cuckoo_alt(i1, fp, f, nb), x); @/
  }
*/
#endif
