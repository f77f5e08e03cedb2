/* Copy counts of the cuckoo filter (issue 23, the sequence theorem; plan and state in
 * proofs/drafts/cuckoo-copy-counts.md).  Theorem drivers over the kernel's contracts (unit
 * cuckoo), logic in acsl/amq/cuckoo_count_logic.h.
 *
 *   amq_proof_cuckoo_remove_count: a remove that finds fp takes exactly one copy from fp's
 *                                  class (bucket pair, low f bits) and no copy from any other.
 * Every driver starts from ANY state of the array. */
#include <internal/cuckoo_kernel.h>
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



/* A remove that finds fp empties one slot s of fp's two buckets that held it (`one`), and the
 * count of every range of b slots (a bucket) and fingerprint x changes only by that slot: it
 * loses s's copy of x if the range holds s, and nothing else (`slot`). */
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
    ensures absent:   \result == AMQ_CUCKOO_ABSENT ==> amq_ck_words_same{Pre, Post}(w, amq_words(nb * b * f));
*/
int amq_proof_cuckoo_remove_count(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp)
{
    //@ ghost amq_proof_ck_one_is(w, f);
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
    return st;
}
