/* Lemmas: a write that leaves the slot arrays alone (the count) changes none of the
 * predicates of insert and delete. */
#ifndef AMQ_QUOTIENT_FRAME_LEMMAS_H
#define AMQ_QUOTIENT_FRAME_LEMMAS_H
#include <stdint.h>
#include <amq/quotient_insert.h>
#include <amq/quotient_delete.h>
/*@
  // ---- frame: a write elsewhere (the count) leaves the slot arrays, hence all of the
  // above, unchanged ----
  axiomatic QfFrame {
    predicate amq_quotient_same{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n) =
      \forall integer i; 0 <= i < n ==>
        \at(rem[i], L1) == \at(rem[i], L2) && \at(meta[i], L1) == \at(meta[i], L2) &&
        \at(gq[i], L1) == \at(gq[i], L2);
    lemma amq_quotient_same_member{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, g, h;
        amq_quotient_same{L1, L2}(rem, meta, gq, n) ==>
        (amq_quotient_member{L1}(rem, meta, gq, n, g, h) <==> amq_quotient_member{L2}(rem, meta, gq, n, g, h));
    lemma amq_quotient_same_member2{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, g, h;
        amq_quotient_same{L1, L2}(rem, meta, gq, n) ==>
        (amq_quotient_member2{L1}(rem, meta, gq, n, g, h) <==> amq_quotient_member2{L2}(rem, meta, gq, n, g, h));
    lemma amq_quotient_same_ins_pos{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
        amq_quotient_same{L1, L2}(rem, meta, gq, n) ==> 0 <= e < n ==>
        amq_quotient_ins_pos{L2}(rem, meta, gq, n, fq, fr, p, e) ==> amq_quotient_ins_pos{L1}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_quotient_same_inserted{L1, L2, L3}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, e;
        amq_quotient_same{L1, L2}(rem, meta, gq, n) ==> 0 <= fq <= p <= e < n ==>
        amq_quotient_inserted{L2, L3}(rem, meta, gq, n, fq, fr, p, e) ==>
        amq_quotient_inserted{L1, L3}(rem, meta, gq, n, fq, fr, p, e);
    lemma amq_quotient_same_del_pos{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
        amq_quotient_same{L1, L2}(rem, meta, gq, n) ==> 0 <= p < t <= n ==>
        amq_quotient_del_pos{L2}(rem, meta, gq, n, fq, fr, p, t) ==> amq_quotient_del_pos{L1}(rem, meta, gq, n, fq, fr, p, t);
    lemma amq_quotient_same_deleted{L1, L2, L3}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, fq, fr, p, t;
        amq_quotient_same{L1, L2}(rem, meta, gq, n) ==> 0 <= p < t <= n ==>
        amq_quotient_deleted{L2, L3}(rem, meta, gq, n, fq, fr, p, t) ==>
        amq_quotient_deleted{L1, L3}(rem, meta, gq, n, fq, fr, p, t);
  }
*/
#endif
