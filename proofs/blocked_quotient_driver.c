/* Theorem drivers for the blocked quotient filter kernel (amq/blocked_quotient_kernel.h).
 * Not part of the library: WP proves these bodies against the blocked kernel's contracts,
 * and the same frama-c run proves those contracts on the compiled
 * src/blocked_quotient_kernel.c against the quotient kernel's contracts (proved in unit
 * `quotient`).  Each driver returns 1 iff its property held on this run; WP proves
 * \result == 1.  The structure is nblocks blocks of nslots slots (amq_bqf_table); gq is
 * the ghost quotient array of the whole structure.  Blocks and fingerprints may repeat;
 * a full block, or one without room after the quotient, refuses an insert.
 *
 *   amq_proof_bqf_insert_query:    insert(b, f) succeeds ==> query(b, f) == 1.
 *   amq_proof_bqf_query_preserved: query(b, g) == 1 before an insert(b, f) ==> after too.
 *   amq_proof_bqf_other_block:     a query depends only on its own block: an insert AND a
 *                                  delete (each successful or not) in a block other than
 *                                  x's leave query(x) unchanged, both answers.
 * (No nfn driver yet: carrying "every block keeps its invariant" through inserts in
 * arbitrary blocks needs the frame of a quantified set of windows, not proved so far.)
 * Frame facts are carried for the blocks involved only: a ghost loop shows that the
 * used-slot count of an untouched block is unchanged (amq_qf_nused is recursive), and
 * amq_bqf_frame's lemmas carry the invariant and the content across. */
#include <stddef.h>
#include <amq/blocked_quotient_kernel.h>

/* Ghost lemma: block b < nblocks of the table is a valid, separated window that fits. */
/*@ ghost
  /@ requires table:   amq_bqf_table(rem, meta, gq, counts, nblocks, nslots);
     requires b_range: b < nblocks;
     assigns \nothing;
     ensures fits: b * nslots + nslots <= nblocks * nslots;
     ensures mem:  amq_bqf_writable(rem, meta, gq, counts, nslots, b);
  @/
  static void amq_bqf_block_of(uint64_t *rem, uint8_t *meta, uint64_t \ghost *gq, uint64_t *counts,
                               uint64_t nblocks, uint64_t nslots, uint64_t b)
  {
    /@ assert before: amq_bqf_before(b, nblocks, nslots); @/
  }
*/

/* Ghost lemma: two distinct blocks a, b of the table: every part of block a is separated
 * from every part of block b that an operation on b assigns. */
/*@ ghost
  /@ requires table:   amq_bqf_table(rem, meta, gq, counts, nblocks, nslots);
     requires range:   a < nblocks && b < nblocks && a != b;
     assigns \nothing;
     ensures sep_cnt:  \separated(counts + a, counts + b, rem + (b * nslots .. b * nslots + nslots - 1),
                                  gq + (b * nslots .. b * nslots + nslots - 1));
     ensures sep_rem:  \separated(rem + (a * nslots .. a * nslots + nslots - 1), counts + b,
                                  rem + (b * nslots .. b * nslots + nslots - 1),
                                  gq + (b * nslots .. b * nslots + nslots - 1));
     ensures sep_gq:   \separated(gq + (a * nslots .. a * nslots + nslots - 1), counts + b,
                                  rem + (b * nslots .. b * nslots + nslots - 1),
                                  gq + (b * nslots .. b * nslots + nslots - 1));
     ensures sep_meta: \separated(meta + (a * nslots .. a * nslots + nslots - 1),
                                  meta + (b * nslots .. b * nslots + nslots - 1));
  @/
  static void amq_bqf_two_blocks(uint64_t *rem, uint8_t *meta, uint64_t \ghost *gq, uint64_t *counts,
                                 uint64_t nblocks, uint64_t nslots, uint64_t a, uint64_t b)
  {
    amq_bqf_block_of(rem, meta, gq, counts, nblocks, nslots, a);
    amq_bqf_block_of(rem, meta, gq, counts, nblocks, nslots, b);
    /@ assert apart: amq_bqf_before(a, b, nslots) || amq_bqf_before(b, a, nslots); @/
  }
*/

int amq_proof_bqf_insert_query(uint64_t *rem, uint8_t *meta, uint64_t *counts, uint64_t nslots,
                               uint64_t q, uint64_t r, uint64_t b, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *gq) */;
int amq_proof_bqf_query_preserved(uint64_t *rem, uint8_t *meta, uint64_t *counts, uint64_t nslots,
                                  uint64_t q, uint64_t r, uint64_t b, uint64_t fq, uint64_t fr,
                                  uint64_t gq_, uint64_t gr) /*@ ghost (uint64_t \ghost *gq) */;
int amq_proof_bqf_other_block(uint64_t *rem, uint8_t *meta, uint64_t *counts, uint64_t nblocks,
                              uint64_t nslots, uint64_t q, uint64_t r, uint64_t bx, uint64_t xq,
                              uint64_t xr, uint64_t bj, uint64_t jq, uint64_t jr, uint64_t dq,
                              uint64_t dr) /*@ ghost (uint64_t \ghost *gq) */;

/*@ requires mem:      amq_bqf_writable(rem, meta, gq, counts, nslots, b);
    requires fits:     b * nslots + nslots <= 18446744073709551615;
    requires inv:      amq_bqf_ok(rem, meta, gq, counts, nslots, b);
    requires fq_range: fq < nslots;
    assigns counts[b], rem[b * nslots .. b * nslots + nslots - 1],
            meta[b * nslots .. b * nslots + nslots - 1], gq[b * nslots .. b * nslots + nslots - 1];
    ensures found: \result == 1;
*/
int amq_proof_bqf_insert_query(uint64_t *rem, uint8_t *meta, uint64_t *counts, uint64_t nslots,
                               uint64_t q, uint64_t r, uint64_t b, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *gq) */
{
    if (amq_bqf_insert(rem, meta, counts, nslots, q, r, b, fq, fr) /*@ ghost (gq) */ != 0)
        return 1; /* refused: nothing to show */
    return amq_bqf_query(rem, meta, counts, nslots, q, r, b, fq, fr) /*@ ghost (gq) */;
}

/*@ requires mem:      amq_bqf_writable(rem, meta, gq, counts, nslots, b);
    requires fits:     b * nslots + nslots <= 18446744073709551615;
    requires inv:      amq_bqf_ok(rem, meta, gq, counts, nslots, b);
    requires fq_range: fq < nslots && gq_ < nslots;
    assigns counts[b], rem[b * nslots .. b * nslots + nslots - 1],
            meta[b * nslots .. b * nslots + nslots - 1], gq[b * nslots .. b * nslots + nslots - 1];
    ensures preserved: \result == 1;
*/
int amq_proof_bqf_query_preserved(uint64_t *rem, uint8_t *meta, uint64_t *counts, uint64_t nslots,
                                  uint64_t q, uint64_t r, uint64_t b, uint64_t fq, uint64_t fr,
                                  uint64_t gq_, uint64_t gr) /*@ ghost (uint64_t \ghost *gq) */
{
    int before = amq_bqf_query(rem, meta, counts, nslots, q, r, b, gq_, gr) /*@ ghost (gq) */;
    (void)amq_bqf_insert(rem, meta, counts, nslots, q, r, b, fq, fr) /*@ ghost (gq) */;
    int after = amq_bqf_query(rem, meta, counts, nslots, q, r, b, gq_, gr) /*@ ghost (gq) */;
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires table:    amq_bqf_table(rem, meta, gq, counts, nblocks, nslots);
    requires blocks:   bx < nblocks && bj < nblocks && bj != bx;
    requires inv:      amq_bqf_ok(rem, meta, gq, counts, nslots, bx) &&
                       amq_bqf_ok(rem, meta, gq, counts, nslots, bj);
    requires fq_range: xq < nslots && jq < nslots && dq < nslots;
    assigns counts[bj], rem[bj * nslots .. bj * nslots + nslots - 1],
            meta[bj * nslots .. bj * nslots + nslots - 1], gq[bj * nslots .. bj * nslots + nslots - 1];
    ensures block_kept: amq_bqf_ok(rem, meta, gq, counts, nslots, bx) && counts[bx] == \old(counts[bx]) &&
                        amq_bqf_frame{Pre, Post}(rem + bx * nslots, meta + bx * nslots,
                                                 gq + bx * nslots, nslots);
    ensures same_answer: \result == 1;
*/
int amq_proof_bqf_other_block(uint64_t *rem, uint8_t *meta, uint64_t *counts, uint64_t nblocks,
                              uint64_t nslots, uint64_t q, uint64_t r, uint64_t bx, uint64_t xq,
                              uint64_t xr, uint64_t bj, uint64_t jq, uint64_t jr, uint64_t dq,
                              uint64_t dr) /*@ ghost (uint64_t \ghost *gq) */
{
    //@ ghost amq_bqf_block_of(rem, meta, gq, counts, nblocks, nslots, bx);
    //@ ghost amq_bqf_block_of(rem, meta, gq, counts, nblocks, nslots, bj);
    //@ ghost amq_bqf_two_blocks(rem, meta, gq, counts, nblocks, nslots, bx, bj);
    int before = amq_bqf_query(rem, meta, counts, nslots, q, r, bx, xq, xr) /*@ ghost (gq) */;
    (void)amq_bqf_insert(rem, meta, counts, nslots, q, r, bj, jq, jr) /*@ ghost (gq) */;
    /*@ assert same1: amq_qf_same{Pre, Here}(rem + bx * nslots, meta + bx * nslots,
                                             gq + bx * nslots, nslots); */
    /*@ assert cnt1:  counts[bx] == \at(counts[bx], Pre); */
    /*@ ghost Inserted: ; */
    (void)amq_bqf_delete(rem, meta, counts, nslots, q, r, bj, dq, dr) /*@ ghost (gq) */;
    /*@ assert same2: amq_qf_same{Inserted, Here}(rem + bx * nslots, meta + bx * nslots,
                                                  gq + bx * nslots, nslots); */
    /*@ assert cnt2:  counts[bx] == \at(counts[bx], Pre); */
    /*@ assert same:  amq_qf_same{Pre, Here}(rem + bx * nslots, meta + bx * nslots,
                                             gq + bx * nslots, nslots); */
    /*@ ghost
      /@ loop invariant range: 0 <= i <= nslots;
         loop invariant count: amq_qf_nused(meta + bx * nslots, i) ==
                               amq_qf_nused{Pre}(meta + bx * nslots, i);
         loop assigns i;
         loop variant nslots - i;
      @/
      for (uint64_t i = 0; i < nslots; i++) { }
    */
    /*@ assert frame: amq_bqf_frame{Pre, Here}(rem + bx * nslots, meta + bx * nslots,
                                               gq + bx * nslots, nslots); */
    /*@ assert inv_x: amq_qf_inv(rem + bx * nslots, meta + bx * nslots, gq + bx * nslots, nslots,
                                 \at(counts[bx], Pre)); */
    /*@ assert ok:    amq_bqf_ok(rem, meta, gq, counts, nslots, bx); */
    /*@ assert has:   amq_bqf_has{Pre}(rem, meta, gq, nslots, bx, xq, xr) <==>
                        amq_bqf_has(rem, meta, gq, nslots, bx, xq, xr); */
    int after = amq_bqf_query(rem, meta, counts, nslots, q, r, bx, xq, xr) /*@ ghost (gq) */;
    return before == after;
}
