/* ACSL lemmas of copy counts in the cuckoo filter (issue 23, the sequence theorem; plan in
 * proofs/drafts/cuckoo-copy-counts.md); the definitions they are about (amq_cuckoo_one, _cnt,
 * _bcnt, _pcnt and the predicates) are in cuckoo_count_defs.h, which the kernel header
 * includes.  Only WP-proved lemmas; no axioms.  Ignored by C compilers. */
#ifndef AMQ_CUCKOO_COUNT_LOGIC_H
#define AMQ_CUCKOO_COUNT_LOGIC_H
#include <amq/cuckoo_count_defs.h>
/*@
  // Only slot s's bits changed: every slot apart from it holds what it held, both ways (the
  // apart facts are products; the kernel's ghost amq_cuckoo_step_all_apart gives them).
  lemma amq_cuckoo_only_sym{L1, L2}: \forall uint64_t *w, integer f, s;
    amq_cuckoo_only{L1, L2}(w, f, s) ==> amq_cuckoo_only{L2, L1}(w, f, s);
  lemma amq_cuckoo_only_kept{L1, L2}: \forall uint64_t *w, integer f, s, r, y;
    0 <= r && amq_cuckoo_apart(r, s, f) && amq_cuckoo_only{L1, L2}(w, f, s) ==>
    (amq_cuckoo_is{L1}(w, f, r, y) <==> amq_cuckoo_is{L2}(w, f, r, y));
  lemma amq_cuckoo_only_frame{L1, L2}: \forall uint64_t *w, integer f, s;
    amq_cuckoo_only{L1, L2}(w, f, s) && (\forall integer r; 0 <= r && r != s ==> amq_cuckoo_apart(r, s, f)) ==>
    amq_cuckoo_frame{L1, L2}(w, f, s);

  // A slot the write did not touch counts the same at L1 and L2.
  lemma amq_cuckoo_frame_one{L1, L2}: \forall uint64_t *w, integer f, s, r, x;
    amq_cuckoo_linked{L1}(w, f) && amq_cuckoo_linked{L2}(w, f) && amq_cuckoo_frame{L1, L2}(w, f, s) &&
    0 <= r && r != s && 0 <= r * f && 0 <= x ==>
    amq_cuckoo_one{L1}(w, f, r, x) == amq_cuckoo_one{L2}(w, f, r, x);
*/
/*@
  // A slot of y's pair for bucket i lies in neither bucket of y's pair for any other bucket j
  // (alt is an involution, so the pairs {i, alt(i)} and {j, alt(j)} are equal or disjoint).
  lemma amq_cuckoo_pair_apart: \forall integer s, i, j, y, f, b, nb;
    nb >= 1 && 0 <= i < nb && 0 <= j < nb && amq_cuckoo_disjoint(b) &&
    amq_cuckoo_pair_slot(s, i, y, f, b, nb) && j != i && j != amq_cuckoo_alt(i, y, f, nb) ==>
    !amq_cuckoo_slot_of(s, j, b) && !amq_cuckoo_slot_of(s, amq_cuckoo_alt(j, y, f, nb), b);

  // The same with x for y: every x with y's low f bits has y's alternate buckets.
  lemma amq_cuckoo_pair_apart_x: \forall integer s, i, j, x, y, f, b, nb;
    nb >= 1 && 0 <= i < nb && 0 <= j < nb && amq_cuckoo_disjoint(b) && amq_cuckoo_alt_same(y, f, nb) &&
    amq_cuckoo_same(x, y, f) && amq_cuckoo_pair_slot(s, i, y, f, b, nb) && j != i && j != amq_cuckoo_alt(i, y, f, nb) ==>
    !amq_cuckoo_slot_of(s, j, b) && !amq_cuckoo_slot_of(s, amq_cuckoo_alt(j, x, f, nb), b);

  lemma amq_cuckoo_write_in{L1, L2}: \forall uint64_t *w, integer f, b, s, k, x;
    amq_cuckoo_write_effect{L1, L2}(w, f, b, s) && 0 <= k * b && amq_cuckoo_slot_of(s, k, b) && 0 <= x && amq_cuckoo_fp(x, f) ==>
    amq_cuckoo_bcnt{L2}(w, f, b, k, x) == amq_cuckoo_bcnt{L1}(w, f, b, k, x) + amq_cuckoo_one{L2}(w, f, s, x) - amq_cuckoo_one{L1}(w, f, s, x);
  lemma amq_cuckoo_write_out{L1, L2}: \forall uint64_t *w, integer f, b, s, k, x;
    amq_cuckoo_write_effect{L1, L2}(w, f, b, s) && 0 <= k * b && !amq_cuckoo_slot_of(s, k, b) && 0 <= x && amq_cuckoo_fp(x, f) ==>
    amq_cuckoo_bcnt{L2}(w, f, b, k, x) == amq_cuckoo_bcnt{L1}(w, f, b, k, x);

  // The class of x for bucket i whose pair holds the written slot s changes by s's indicator
  // of x (the pair's two buckets share no slot unless they are one); a class whose pair does
  // not hold s keeps its count.
  lemma amq_cuckoo_write_pair{L1, L2}: \forall uint64_t *w, integer f, b, nb, s, i, x;
    amq_cuckoo_write_effect{L1, L2}(w, f, b, s) && 0 <= x && amq_cuckoo_fp(x, f) &&
    amq_cuckoo_pair_slot(s, i, x, f, b, nb) && 0 <= i * b && 0 <= amq_cuckoo_alt(i, x, f, nb) * b &&
    (amq_cuckoo_slot_of(s, i, b) && amq_cuckoo_slot_of(s, amq_cuckoo_alt(i, x, f, nb), b) ==> i == amq_cuckoo_alt(i, x, f, nb)) ==>
    amq_cuckoo_pcnt{L2}(w, f, b, nb, i, x) ==
      amq_cuckoo_pcnt{L1}(w, f, b, nb, i, x) + amq_cuckoo_one{L2}(w, f, s, x) - amq_cuckoo_one{L1}(w, f, s, x);
  lemma amq_cuckoo_write_apart{L1, L2}: \forall uint64_t *w, integer f, b, nb, s, j, x;
    amq_cuckoo_write_effect{L1, L2}(w, f, b, s) && 0 <= x && amq_cuckoo_fp(x, f) &&
    0 <= j * b && 0 <= amq_cuckoo_alt(j, x, f, nb) * b &&
    !amq_cuckoo_slot_of(s, j, b) && !amq_cuckoo_slot_of(s, amq_cuckoo_alt(j, x, f, nb), b) ==>
    amq_cuckoo_pcnt{L2}(w, f, b, nb, j, x) == amq_cuckoo_pcnt{L1}(w, f, b, nb, j, x);
  // A write that leaves s's indicator of x as it was keeps every class count of x.
  lemma amq_cuckoo_write_same{L1, L2}: \forall uint64_t *w, integer f, b, nb, s, j, x;
    amq_cuckoo_write_effect{L1, L2}(w, f, b, s) && 0 <= x && amq_cuckoo_fp(x, f) &&
    amq_cuckoo_one{L2}(w, f, s, x) == amq_cuckoo_one{L1}(w, f, s, x) &&
    0 <= j * b && 0 <= amq_cuckoo_alt(j, x, f, nb) * b ==>
    amq_cuckoo_pcnt{L2}(w, f, b, nb, j, x) == amq_cuckoo_pcnt{L1}(w, f, b, nb, j, x);
*/
#endif
