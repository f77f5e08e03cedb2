/* ACSL definitions of what delete does to a quotient table (amq_quotient_del_pos, amq_quotient_deleted,
 * amq_quotient_del_used).  Definitions only. */
#ifndef AMQ_QUOTIENT_DELETE_H
#define AMQ_QUOTIENT_DELETE_H
#include <stdint.h>
#include <amq/quotient_state.h>
/*@
  // ---- delete: the element of slot p goes, the shifted elements of (p, t) move down ----
  axiomatic QfDelete {
    // What delete removes: slot p holds (fq, fr); t is the first slot after p whose element
    // is not shifted (or is free), or n: the elements of (p, t) can move down by one.
    predicate amq_quotient_del_pos{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                                integer fq, integer fr, integer p, integer t) =
      0 <= p < t <= n && amq_quotient_used(meta, p) && gq[p] == fq && rem[p] == fr &&
      (\forall integer k; p < k < t ==> amq_quotient_S(meta, k)) &&
      (t < n ==> !amq_quotient_S(meta, t));

    // Exact effect of delete from L1 to L2.  is_occupied(fq) is cleared iff slot p held the
    // only element of quotient fq; remainder and quotient move down with the element;
    // is_continuation stays with the element except that the successor of a deleted run
    // head becomes the head; is_shifted is recomputed; slot t-1 becomes free.
    predicate amq_quotient_del_occ{L1, L2}(uint8_t *meta, uint64_t *gq, integer n, integer fq, integer p) =
      \forall integer j; 0 <= j < n ==>
        (amq_quotient_O{L2}(meta, j) <==>
          (amq_quotient_O{L1}(meta, j) &&
           (j != fq || (\exists integer k; 0 <= k < n && k != p && amq_quotient_used{L1}(meta, k) &&
                                          \at(gq[k], L1) == fq))));
    predicate amq_quotient_del_frame{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                                       integer p, integer t) =
      \forall integer k; 0 <= k < n ==> (k < p || t <= k) ==>
         \at(rem[k], L2) == \at(rem[k], L1) && \at(gq[k], L2) == \at(gq[k], L1) &&
         (amq_quotient_C{L2}(meta, k) <==> amq_quotient_C{L1}(meta, k)) &&
         (amq_quotient_S{L2}(meta, k) <==> amq_quotient_S{L1}(meta, k));
    predicate amq_quotient_del_moved{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq,
                                       integer p, integer t) =
      \forall integer k; p <= k < t - 1 ==>
         \at(rem[k], L2) == \at(rem[k + 1], L1) && \at(gq[k], L2) == \at(gq[k + 1], L1) &&
         (amq_quotient_S{L2}(meta, k) <==> \at(gq[k + 1], L1) < k) &&
         (amq_quotient_C{L2}(meta, k) <==> (amq_quotient_C{L1}(meta, k + 1) && (p < k || amq_quotient_C{L1}(meta, p))));
    predicate amq_quotient_deleted{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n,
                                     integer fq, integer fr, integer p, integer t) =
      amq_quotient_bytes{L2}(meta, n) && amq_quotient_del_occ{L1, L2}(meta, gq, n, fq, p) &&
      amq_quotient_del_frame{L1, L2}(rem, meta, gq, n, p, t) &&
      amq_quotient_del_moved{L1, L2}(rem, meta, gq, p, t) && \at(meta[t - 1], L2) == 0;

    // Exactly slot t-1 becomes free.
    predicate amq_quotient_del_used{L1, L2}(uint8_t *meta, integer n, integer t) =
      \forall integer k; 0 <= k < n ==>
        (amq_quotient_used{L2}(meta, k) <==> (amq_quotient_used{L1}(meta, k) && k != t - 1));
  }
*/
#endif
