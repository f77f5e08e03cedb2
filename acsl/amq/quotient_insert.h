/* ACSL definitions of what insert does to a quotient table (amq_quotient_ins_pos, amq_quotient_inserted)
 * and the one lemma that comes with them (which slots are used afterwards). */
#ifndef AMQ_QUOTIENT_INSERT_H
#define AMQ_QUOTIENT_INSERT_H
#include <stdint.h>
#include <amq/quotient_state.h>
/*@
  // ---- insert: (fq, fr) goes to slot p, the elements of slots [p, e) move up by one ----
  // Each group of lemmas (quotient_insert_lemmas.h) sits in its own axiomatic block, keyed by a hypothesis
  // predicate (amq_qf_ins_*_hyp): WP only hands a block's lemmas to goals that mention one
  // of its symbols, which keeps every prover context small.  The kernel asserts the key
  // predicate, then the conclusion.  The blocks hold definitions and lemmas only.
  axiomatic QfInsert {
    // Where insert puts (fq, fr): e is the first free slot at or after fq, p is after every
    // element <= (fq, fr) and before every element > (fq, fr) (so after equal copies).
    predicate amq_quotient_ins_pos{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                                integer fq, integer fr, integer p, integer e) =
      0 <= fq <= p <= e < n && meta[e] == 0 &&
      (\forall integer k; fq <= k < e ==> amq_quotient_used(meta, k)) &&
      (\forall integer k; 0 <= k < p ==> amq_quotient_used(meta, k) ==>
         gq[k] < fq || (gq[k] == fq && rem[k] <= fr)) &&
      (\forall integer k; p <= k < e ==> gq[k] > fq || (gq[k] == fq && rem[k] > fr));

    // Exact effect of insert from L1 to L2.  is_occupied stays with the slot; remainder,
    // quotient and is_continuation move with the element; moved elements are shifted.
    // Slots outside [p, e] keep their element:
    predicate amq_quotient_ins_frame{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                                       integer p, integer e) =
      \forall integer k; 0 <= k < n ==> (k < p || e < k) ==>
         \at(rem[k], L2) == \at(rem[k], L1) && \at(gq[k], L2) == \at(gq[k], L1) &&
         (amq_quotient_C{L2}(meta, k) <==> amq_quotient_C{L1}(meta, k)) &&
         (amq_quotient_S{L2}(meta, k) <==> amq_quotient_S{L1}(meta, k));
    // slot p holds the new element:
    predicate amq_quotient_ins_new{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq,
                                     integer fq, integer fr, integer p) =
      \at(rem[p], L2) == fr && \at(gq[p], L2) == fq &&
      (amq_quotient_S{L2}(meta, p) <==> fq < p) &&
      (amq_quotient_C{L2}(meta, p) <==>
         (0 < p && amq_quotient_used{L1}(meta, p - 1) && \at(gq[p - 1], L1) == fq));
    // the elements of [p, e) moved to (p, e]:
    predicate amq_quotient_ins_moved{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq,
                                       integer fq, integer p, integer e) =
      \forall integer k; p < k <= e ==>
         \at(rem[k], L2) == \at(rem[k - 1], L1) && \at(gq[k], L2) == \at(gq[k - 1], L1) &&
         amq_quotient_S{L2}(meta, k) &&
         (amq_quotient_C{L2}(meta, k) <==>
            (k == p + 1 ? \at(gq[p], L1) == fq : amq_quotient_C{L1}(meta, k - 1)));
    // is_occupied(fq) is set:
    predicate amq_quotient_ins_occ{L1, L2}(uint8_t *meta, integer n, integer fq) =
      \forall integer k; 0 <= k < n ==>
         (amq_quotient_O{L2}(meta, k) <==> (amq_quotient_O{L1}(meta, k) || k == fq));
    predicate amq_quotient_inserted{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                                      integer fq, integer fr, integer p, integer e) =
      amq_quotient_bytes{L2}(meta, n) && amq_quotient_ins_occ{L1, L2}(meta, n, fq) &&
      amq_quotient_ins_frame{L1, L2}(rem, meta, gq, n, p, e) &&
      amq_quotient_ins_new{L1, L2}(rem, meta, gq, fq, fr, p) &&
      amq_quotient_ins_moved{L1, L2}(rem, meta, gq, fq, p, e);

    // Exactly slot e becomes used.
    lemma amq_quotient_ins_used{L1, L2}: \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
      amq_quotient_bytes{L1}(meta, n) ==> amq_quotient_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e) ==>
      amq_quotient_inserted{L1, L2}(rem, meta, gq, n, fq, fr, p, e) ==>
      \forall integer k; 0 <= k < n ==>
        (amq_quotient_used{L2}(meta, k) <==> (amq_quotient_used{L1}(meta, k) || k == e));
  }
*/
#endif
