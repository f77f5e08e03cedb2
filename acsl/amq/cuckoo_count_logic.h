/* ACSL logic of copy counts in the cuckoo filter (issue 23, the sequence theorem; plan in
 * proofs/drafts/cuckoo-copy-counts.md): how many slots of a range hold a fingerprint.
 *
 * Frama-C takes no predicate (amq_ck_is) as the condition of ? : or as the body of \numof,
 * so the per-slot indicator is a term built from bit terms (amq_ck_eqn), and the ghost
 * amq_proof_ck_one_is of proofs/cuckoo_count_driver.c links it to amq_ck_is.  Only
 * definitions and WP-proved lemmas; no axioms.  Ignored by C compilers. */
#ifndef AMQ_CUCKOO_COUNT_LOGIC_H
#define AMQ_CUCKOO_COUNT_LOGIC_H
#include <amq/cuckoo_logic.h>
/*@
  // Bit p of the packed array, as 0 or 1.
  logic integer amq_ck_wb{L}(uint64_t *w, integer p) = amq_ck_xb(\at(w[p / 64], L), p % 64);

  // 1 if the n bits at offset o hold the low n bits of x, else 0.
  logic integer amq_ck_eqn{L}(uint64_t *w, integer o, integer x, integer n) =
    n <= 0 ? 1 : (amq_ck_wb{L}(w, o + n - 1) == amq_ck_xb(x, n - 1) ? amq_ck_eqn{L}(w, o, x, n - 1) : 0);

  // 1 if slot s holds x, else 0.
  logic integer amq_ck_one{L}(uint64_t *w, integer f, integer s, integer x) = amq_ck_eqn{L}(w, s * f, x, f);

  // How many of the n slots lo .. lo + n - 1 hold x.
  logic integer amq_ck_cnt{L}(uint64_t *w, integer f, integer lo, integer n, integer x) =
    n <= 0 ? 0 : amq_ck_cnt{L}(w, f, lo, n - 1, x) + amq_ck_one{L}(w, f, lo + n - 1, x);

  // Copies of x in bucket k.
  logic integer amq_ck_bcnt{L}(uint64_t *w, integer f, integer b, integer k, integer x) =
    amq_ck_cnt{L}(w, f, k * b, b, x);

  // Copies of x for bucket i: in bucket i and in its alternate (counted once when the
  // alternate is i itself).  Keys with x's low f bits and either bucket of the pair share it.
  logic integer amq_ck_pcnt{L}(uint64_t *w, integer f, integer b, integer nb, integer i, integer x) =
    amq_ck_bcnt{L}(w, f, b, i, x) +
    (amq_ck_alt(i, x, f, nb) != i ? amq_ck_bcnt{L}(w, f, b, amq_ck_alt(i, x, f, nb), x) : 0);

  // At L the indicator is 0 or 1, and 1 exactly where amq_ck_is holds (the ghost
  // amq_proof_ck_one_is of proofs/cuckoo_count_driver.c proves it of any state).
  predicate amq_ck_linked{L}(uint64_t *w, integer f) =
    (\forall integer s, x; amq_ck_one{L}(w, f, s, x) == 0 || amq_ck_one{L}(w, f, s, x) == 1) &&
    (\forall integer s, x; 0 <= s * f && 0 <= x ==> (amq_ck_one{L}(w, f, s, x) == 1 <==> amq_ck_is{L}(w, f, s, x)));

  // From L1 to L2 every slot but s holds what it held (the slot frame of one write).
  predicate amq_ck_frame{L1, L2}(uint64_t *w, integer f, integer s) =
    \forall integer r, y; 0 <= r && r != s ==> (amq_ck_is{L1}(w, f, r, y) <==> amq_ck_is{L2}(w, f, r, y));

  // Only slot s's bits changed: every slot apart from it holds what it held, both ways (the
  // apart facts are products; the driver's ghost amq_proof_ck_all_apart gives them).
  lemma amq_ck_only_sym{L1, L2}: \forall uint64_t *w, integer f, s;
    amq_ck_only{L1, L2}(w, f, s) ==> amq_ck_only{L2, L1}(w, f, s);
  lemma amq_ck_only_kept{L1, L2}: \forall uint64_t *w, integer f, s, r, y;
    0 <= r && amq_ck_apart(r, s, f) && amq_ck_only{L1, L2}(w, f, s) ==>
    (amq_ck_is{L1}(w, f, r, y) <==> amq_ck_is{L2}(w, f, r, y));
  lemma amq_ck_only_frame{L1, L2}: \forall uint64_t *w, integer f, s;
    amq_ck_only{L1, L2}(w, f, s) && (\forall integer r; 0 <= r && r != s ==> amq_ck_apart(r, s, f)) ==>
    amq_ck_frame{L1, L2}(w, f, s);

  // A slot the write did not touch counts the same at L1 and L2.
  lemma amq_ck_frame_one{L1, L2}: \forall uint64_t *w, integer f, s, r, x;
    amq_ck_linked{L1}(w, f) && amq_ck_linked{L2}(w, f) && amq_ck_frame{L1, L2}(w, f, s) &&
    0 <= r && r != s && 0 <= r * f && 0 <= x ==>
    amq_ck_one{L1}(w, f, r, x) == amq_ck_one{L2}(w, f, r, x);
*/
#endif
