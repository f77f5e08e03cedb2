/* Theorem drivers for the blocked quotient filter kernel (lib_internal/blocked_quotient_kernel.h).
 * Not part of the library: WP proves these bodies against the blocked kernel's contracts,
 * and the same frama-c run (unit `quotient`) proves those contracts on the compiled
 * src/blocked_quotient_kernel.c, and the quotient kernel's on src/quotient_{steps,kernel,insert,delete}.c.  Each driver returns 1 iff its property held on this run; WP proves
 * \result == 1.  The structure is nblocks blocks of nslots slots (amq_blocked_quotient_table); gq is
 * the ghost quotient array of the whole structure.  Blocks and fingerprints may repeat;
 * a full block, or one without room after the quotient, refuses an insert.
 *
 *   amq_proof_blocked_quotient_insert_query:    insert(b, f) succeeds ==> query(b, f) == 1.
 *   amq_proof_blocked_quotient_query_preserved: query(b, g) == 1 before an insert(b, f) ==> after too.
 *   amq_proof_blocked_quotient_other_block:     a query depends only on its own block: an insert AND a
 *                                  delete (each successful or not) in a block other than
 *                                  x's leave query(x) unchanged, both answers.
 *   amq_proof_blocked_quotient_nfn:             no false negatives: insert x into its block bx, then
 *                                  any sequence of inserts and deletes in any blocks
 *                                  (blocks and fingerprints may repeat; refused operations
 *                                  included; deletes of anything but x itself in block bx),
 *                                  then query(bx, x) == 1.  Every block's invariant is
 *                                  carried through the whole sequence.
 * Frame facts: for an untouched block, a ghost loop shows that its used-slot count is
 * unchanged (amq_quotient_nused is recursive), and amq_blocked_quotient_frame's lemmas carry the invariant
 * and the content across.  For "every other block" (amq_proof_blocked_quotient_nfn_step), an outer
 * ghost loop over the blocks does this one concrete block at a time, so that no prover
 * has to frame a quantified set of windows c * nslots. */
#include <stddef.h>
#include <lib_internal/blocked_quotient_kernel.h>
#include <lib_internal/blocked_quotient_ghost.h>

/* Every block of the table keeps the invariant.  A predicate, not the quantifier written
 * out, so that the loop of amq_proof_blocked_quotient_nfn carries it from the step's postcondition by
 * congruence: written out, cvc4 spent 1.9M steps (60 s) merging the loop body's paths. */
/*@ predicate amq_blocked_quotient_all_ok{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, uint64_t *counts,
                               integer nblocks, integer nslots) =
      \forall integer c; 0 <= c < nblocks ==> amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, c);
*/

int amq_proof_blocked_quotient_insert_query(const amq_quotient_slots st, uint64_t *counts, uint64_t nslots,
                               uint64_t q, uint64_t r, uint64_t b, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_blocked_quotient_query_preserved(const amq_quotient_slots st, uint64_t *counts, uint64_t nslots,
                                  uint64_t q, uint64_t r, uint64_t b, uint64_t fq, uint64_t fr,
                                  uint64_t gq_, uint64_t gr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_blocked_quotient_other_block(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks,
                              uint64_t nslots, uint64_t q, uint64_t r, uint64_t bx, uint64_t xq,
                              uint64_t xr, uint64_t bj, uint64_t jq, uint64_t jr, uint64_t dq,
                              uint64_t dr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_blocked_quotient_nfn(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks,
                      uint64_t nslots, uint64_t q, uint64_t r, uint64_t bx, uint64_t xq, uint64_t xr,
                      const uint64_t *blocks, const uint64_t *fqs, const uint64_t *frs,
                      const int *dels, size_t count) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/*@ requires mem:      amq_blocked_quotient_writable(rem, meta, gq, counts, nslots, b);
    requires fits:     b * nslots + nslots <= 18446744073709551615;
    requires store:    amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, b);
    requires hold:     amq_quotient_slots_hold(st, rem, meta);
    requires inv:      amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, b);
    requires fq_range: fq < nslots;
    requires fr_fits:  fr <= amq_quotient_rem_max(st.rbytes);
    assigns counts[b], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[b * nslots .. b * nslots + nslots - 1],
            meta[b * nslots .. b * nslots + nslots - 1], gq[b * nslots .. b * nslots + nslots - 1];
    ensures found: \result == 1;
*/
int amq_proof_blocked_quotient_insert_query(const amq_quotient_slots st, uint64_t *counts, uint64_t nslots,
                               uint64_t q, uint64_t r, uint64_t b, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    if (amq_blocked_quotient_kernel_insert(st, counts, nslots, q, r, b, fq, fr) /*@ ghost (rem, meta, gq) */ != 0)
        return 1; /* refused: nothing to show */
    return amq_blocked_quotient_kernel_query(st, counts, nslots, q, r, b, fq, fr) /*@ ghost (rem, meta, gq) */;
}

/*@ requires mem:      amq_blocked_quotient_writable(rem, meta, gq, counts, nslots, b);
    requires fits:     b * nslots + nslots <= 18446744073709551615;
    requires store:    amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, b);
    requires hold:     amq_quotient_slots_hold(st, rem, meta);
    requires inv:      amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, b);
    requires fq_range: fq < nslots && gq_ < nslots;
    requires fr_fits:  fr <= amq_quotient_rem_max(st.rbytes);
    assigns counts[b], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[b * nslots .. b * nslots + nslots - 1],
            meta[b * nslots .. b * nslots + nslots - 1], gq[b * nslots .. b * nslots + nslots - 1];
    ensures preserved: \result == 1;
*/
int amq_proof_blocked_quotient_query_preserved(const amq_quotient_slots st, uint64_t *counts, uint64_t nslots,
                                  uint64_t q, uint64_t r, uint64_t b, uint64_t fq, uint64_t fr,
                                  uint64_t gq_, uint64_t gr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    int before = amq_blocked_quotient_kernel_query(st, counts, nslots, q, r, b, gq_, gr) /*@ ghost (rem, meta, gq) */;
    (void)amq_blocked_quotient_kernel_insert(st, counts, nslots, q, r, b, fq, fr) /*@ ghost (rem, meta, gq) */;
    int after = amq_blocked_quotient_kernel_query(st, counts, nslots, q, r, b, gq_, gr) /*@ ghost (rem, meta, gq) */;
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires table:    amq_blocked_quotient_table(rem, meta, gq, counts, nblocks, nslots);
    requires store:    amq_blocked_quotient_store_all(st, rem, meta, gq, nblocks, nslots);
    requires hold:     amq_quotient_slots_hold(st, rem, meta);
    requires blocks:   bx < nblocks && bj < nblocks && bj != bx;
    requires inv:      amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, bx) &&
                       amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, bj);
    requires fq_range: xq < nslots && jq < nslots && dq < nslots;
    requires fr_fits:  jr <= amq_quotient_rem_max(st.rbytes);
    assigns counts[bj], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[bj * nslots .. bj * nslots + nslots - 1],
            meta[bj * nslots .. bj * nslots + nslots - 1], gq[bj * nslots .. bj * nslots + nslots - 1];
    ensures block_kept: amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, bx) && counts[bx] == \old(counts[bx]) &&
                        amq_blocked_quotient_frame{Pre, Post}(rem + bx * nslots, meta + bx * nslots,
                                                 gq + bx * nslots, nslots);
    ensures same_answer: \result == 1;
*/
int amq_proof_blocked_quotient_other_block(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks,
                              uint64_t nslots, uint64_t q, uint64_t r, uint64_t bx, uint64_t xq,
                              uint64_t xr, uint64_t bj, uint64_t jq, uint64_t jr, uint64_t dq,
                              uint64_t dr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    (void)nblocks; /* read by the contract and the ghost code only */
    //@ ghost amq_blocked_quotient_block_of(rem, meta, gq, counts, nblocks, nslots, bx);
    //@ ghost amq_blocked_quotient_block_of(rem, meta, gq, counts, nblocks, nslots, bj);
    //@ ghost amq_blocked_quotient_two_blocks(rem, meta, gq, counts, nblocks, nslots, bx, bj);
    /*@ assert store_x: amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, bx); */
    /*@ assert store_j: amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, bj); */
    int before = amq_blocked_quotient_kernel_query(st, counts, nslots, q, r, bx, xq, xr) /*@ ghost (rem, meta, gq) */;
    (void)amq_blocked_quotient_kernel_insert(st, counts, nslots, q, r, bj, jq, jr) /*@ ghost (rem, meta, gq) */;
    /*@ assert same1: amq_quotient_same{Pre, Here}(rem + bx * nslots, meta + bx * nslots,
                                             gq + bx * nslots, nslots); */
    /*@ assert cnt1:  counts[bx] == \at(counts[bx], Pre); */
    /*@ ghost Inserted: ; */
    (void)amq_blocked_quotient_kernel_delete(st, counts, nslots, q, r, bj, dq, dr) /*@ ghost (rem, meta, gq) */;
    /*@ assert same2: amq_quotient_same{Inserted, Here}(rem + bx * nslots, meta + bx * nslots,
                                                  gq + bx * nslots, nslots); */
    /*@ assert cnt2:  counts[bx] == \at(counts[bx], Pre); */
    /*@ assert same:  amq_quotient_same{Pre, Here}(rem + bx * nslots, meta + bx * nslots,
                                             gq + bx * nslots, nslots); */
    /*@ ghost
      /@ loop invariant range: 0 <= i <= nslots;
         loop invariant count: amq_quotient_nused(meta + bx * nslots, i) ==
                               amq_quotient_nused{Pre}(meta + bx * nslots, i);
         loop assigns i;
         loop variant nslots - i;
      @/
      for (uint64_t i = 0; i < nslots; i++) { }
    */
    /*@ assert frame: amq_blocked_quotient_frame{Pre, Here}(rem + bx * nslots, meta + bx * nslots,
                                               gq + bx * nslots, nslots); */
    /*@ assert inv_x: amq_quotient_inv(rem + bx * nslots, meta + bx * nslots, gq + bx * nslots, nslots,
                                 \at(counts[bx], Pre)); */
    /*@ assert ok:    amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, bx); */
    /*@ assert has:   amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, bx, xq, xr) <==>
                        amq_blocked_quotient_has(rem, meta, gq, nslots, bx, xq, xr); */
    int after = amq_blocked_quotient_kernel_query(st, counts, nslots, q, r, bx, xq, xr) /*@ ghost (rem, meta, gq) */;
    return before == after;
}

/* Insert (del == 0) or delete (fq, fr) in block b, as one call with one contract: the
 * step below then frames a single call. */
/*@ requires mem:      amq_blocked_quotient_writable(rem, meta, gq, counts, nslots, b);
    requires fits:     b * nslots + nslots <= 18446744073709551615;
    requires store:    amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, b);
    requires hold:     amq_quotient_slots_hold(st, rem, meta);
    requires inv:      amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, b);
    requires fq_range: fq < nslots;
    requires fr_fits:  del == 0 ==> fr <= amq_quotient_rem_max(st.rbytes);
    assigns counts[b], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[b * nslots .. b * nslots + nslots - 1],
            meta[b * nslots .. b * nslots + nslots - 1], gq[b * nslots .. b * nslots + nslots - 1];
    ensures hold:  amq_quotient_slots_hold(st, rem, meta);
    behavior insert:
      assumes del == 0;
      ensures inv:   amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, b);
      ensures kept:  \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, g, h) ==>
                       amq_blocked_quotient_has(rem, meta, gq, nslots, b, g, h);
      ensures found: \result == 0 ==> amq_blocked_quotient_has(rem, meta, gq, nslots, b, fq, fr);
    behavior delete:
      assumes del != 0;
      ensures inv:   amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, b);
      ensures kept:  \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, g, h) ==>
                       (g != fq || h != fr) ==> amq_blocked_quotient_has(rem, meta, gq, nslots, b, g, h);
    complete behaviors;
    disjoint behaviors;
*/
static int amq_proof_blocked_quotient_apply(const amq_quotient_slots st, uint64_t *counts, uint64_t nslots,
                               uint64_t q, uint64_t r, int del, uint64_t b, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    if (del)
        return amq_blocked_quotient_kernel_delete(st, counts, nslots, q, r, b, fq, fr) /*@ ghost (rem, meta, gq) */;
    return amq_blocked_quotient_kernel_insert(st, counts, nslots, q, r, b, fq, fr) /*@ ghost (rem, meta, gq) */;
}

/* One step of amq_proof_blocked_quotient_nfn: insert (del == 0) or delete (fq, fr) in any block b.
 * Every block keeps the invariant, x stays stored in block bx if it was (a delete must not
 * name x in block bx), and a successful insert stores (fq, fr) in block b.  Returns the
 * kernel's status. */
/*@ requires table:  amq_blocked_quotient_table(rem, meta, gq, counts, nblocks, nslots);
    requires store:  amq_blocked_quotient_store_all(st, rem, meta, gq, nblocks, nslots);
    requires hold:   amq_quotient_slots_hold(st, rem, meta);
    requires blocks: bx < nblocks && b < nblocks;
    requires inv:    amq_blocked_quotient_all_ok(rem, meta, gq, counts, nblocks, nslots);
    requires fq:     fq < nslots;
    requires not_x:  del != 0 ==> (b != bx || fq != xq || fr != xr);
    requires fr_fits: del == 0 ==> fr <= amq_quotient_rem_max(st.rbytes);
    assigns counts[b], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[b * nslots .. b * nslots + nslots - 1],
            meta[b * nslots .. b * nslots + nslots - 1], gq[b * nslots .. b * nslots + nslots - 1];
    ensures hold:   amq_quotient_slots_hold(st, rem, meta);
    ensures inv:    amq_blocked_quotient_all_ok(rem, meta, gq, counts, nblocks, nslots);
    ensures kept:   amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, bx, xq, xr) ==>
                      amq_blocked_quotient_has(rem, meta, gq, nslots, bx, xq, xr);
    ensures found:  del == 0 ==> \result == 0 ==> amq_blocked_quotient_has(rem, meta, gq, nslots, b, fq, fr);
*/
static int amq_proof_blocked_quotient_nfn_step(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks,
                                  uint64_t nslots, uint64_t q, uint64_t r, uint64_t bx, uint64_t xq,
                                  uint64_t xr, int del, uint64_t b, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    (void)nblocks, (void)bx, (void)xq, (void)xr; /* read by the contract and the ghost code only */
    //@ ghost amq_blocked_quotient_block_of(rem, meta, gq, counts, nblocks, nslots, b);
    /*@ assert store_b: amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, b); */
    const int status = amq_proof_blocked_quotient_apply(st, counts, nslots, q, r, del, b, fq, fr) /*@ ghost (rem, meta, gq) */;
    /*@ ghost
      /@ loop invariant range:  0 <= c <= nblocks;
         loop invariant ok:     \forall integer d; 0 <= d < c ==>
                                  amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, d);
         loop invariant x_kept: bx < c ==> bx != b ==>
                                  amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, bx, xq, xr) ==>
                                  amq_blocked_quotient_has(rem, meta, gq, nslots, bx, xq, xr);
         loop assigns c;
         loop variant nblocks - c;
      @/
      for (uint64_t c = 0; c < nblocks; c++) {
        if (c != b) {
          amq_blocked_quotient_two_blocks(rem, meta, gq, counts, nblocks, nslots, c, b);
          /@ assert cnt:  \forall integer d; d == c ==> counts[d] == \at(counts[d], Pre); @/
          /@ assert same: amq_quotient_same{Pre, Here}(rem + c * nslots, meta + c * nslots,
                                                 gq + c * nslots, nslots); @/
          /@ loop invariant range: 0 <= i <= nslots;
             loop invariant count: amq_quotient_nused(meta + c * nslots, i) ==
                                   amq_quotient_nused{Pre}(meta + c * nslots, i);
             loop assigns i;
             loop variant nslots - i;
          @/
          for (uint64_t i = 0; i < nslots; i++) { }
          /@ assert frame: amq_blocked_quotient_frame{Pre, Here}(rem + c * nslots, meta + c * nslots,
                                                   gq + c * nslots, nslots); @/
          /@ assert pre:   amq_blocked_quotient_ok{Pre}(rem, meta, gq, counts, nslots, c); @/
          /@ assert ok:    amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, c); @/
          /@ assert has:   amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, c, xq, xr) ==>
                             amq_blocked_quotient_has(rem, meta, gq, nslots, c, xq, xr); @/
        }
      }
    */
    return status;
}

/*@ requires table:    amq_blocked_quotient_table(rem, meta, gq, counts, nblocks, nslots);
    requires store:    amq_blocked_quotient_store_all(st, rem, meta, gq, nblocks, nslots);
    requires hold:     amq_quotient_slots_hold(st, rem, meta);
    requires bx_range: bx < nblocks;
    requires inv:      \forall integer c; 0 <= c < nblocks ==> amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, c);
    requires xq_range: xq < nslots;
    requires xr_fits:  xr <= amq_quotient_rem_max(st.rbytes);
    requires arrays:   \valid_read(blocks + (0 .. count - 1)) && \valid_read(fqs + (0 .. count - 1)) &&
                       \valid_read(frs + (0 .. count - 1)) && \valid_read(dels + (0 .. count - 1));
    requires sep:      \separated(blocks + (0 .. count - 1), rem + (0 .. nblocks * nslots - 1),
                                  meta + (0 .. nblocks * nslots - 1), gq + (0 .. nblocks * nslots - 1),
                                  counts + (0 .. nblocks - 1)) &&
                       \separated(fqs + (0 .. count - 1), rem + (0 .. nblocks * nslots - 1),
                                  meta + (0 .. nblocks * nslots - 1), gq + (0 .. nblocks * nslots - 1),
                                  counts + (0 .. nblocks - 1)) &&
                       \separated(frs + (0 .. count - 1), rem + (0 .. nblocks * nslots - 1),
                                  meta + (0 .. nblocks * nslots - 1), gq + (0 .. nblocks * nslots - 1),
                                  counts + (0 .. nblocks - 1)) &&
                       \separated(dels + (0 .. count - 1), rem + (0 .. nblocks * nslots - 1),
                                  meta + (0 .. nblocks * nslots - 1), gq + (0 .. nblocks * nslots - 1),
                                  counts + (0 .. nblocks - 1));
    assigns counts[0 .. nblocks - 1], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. nblocks * nslots - 1], meta[0 .. nblocks * nslots - 1],
            gq[0 .. nblocks * nslots - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_blocked_quotient_nfn(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks,
                      uint64_t nslots, uint64_t q, uint64_t r, uint64_t bx, uint64_t xq, uint64_t xr,
                      const uint64_t *blocks, const uint64_t *fqs, const uint64_t *frs,
                      const int *dels, size_t count) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    //@ ghost amq_blocked_quotient_block_of(rem, meta, gq, counts, nblocks, nslots, bx);
    if (amq_proof_blocked_quotient_nfn_step(st, counts, nblocks, nslots, q, r, bx, xq, xr, 0, bx, xq, xr)
            /*@ ghost (rem, meta, gq) */ != 0)
        return 1; /* refused: nothing to show */
    /*@ loop invariant bounds: 0 <= i <= count;
        loop invariant inv:    amq_blocked_quotient_all_ok(rem, meta, gq, counts, nblocks, nslots);
        loop invariant hold:   amq_quotient_slots_hold(st, rem, meta);
        loop invariant stored: amq_blocked_quotient_has(rem, meta, gq, nslots, bx, xq, xr);
        loop assigns i, counts[0 .. nblocks - 1], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. nblocks * nslots - 1],
                     meta[0 .. nblocks * nslots - 1], gq[0 .. nblocks * nslots - 1];
        loop variant count - i;
    */
    for (size_t i = 0; i < count; i++) {
        const uint64_t b = blocks[i], fq = fqs[i], fr = frs[i];
        const int del = dels[i] != 0;
        const int is_x = (b == bx) & (fq == xq) & (fr == xr); /* one path for WP, not six */
        /* the kernel's preconditions (a remainder that fits the store), and x is never the one
         * deleted; others are skipped */
        if (b < nblocks && fq < nslots && fr <= amq_quotient_slots_rem_max(st.rbytes) && !(del & is_x)) {
            //@ ghost amq_blocked_quotient_block_of(rem, meta, gq, counts, nblocks, nslots, b);
            (void)amq_proof_blocked_quotient_nfn_step(st, counts, nblocks, nslots, q, r, bx, xq, xr, del, b,
                                         fq, fr) /*@ ghost (rem, meta, gq) */;
        }
    }
    //@ ghost amq_blocked_quotient_block_of(rem, meta, gq, counts, nblocks, nslots, bx);
    /*@ assert store_x: amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, bx); */
    return amq_blocked_quotient_kernel_query(st, counts, nslots, q, r, bx, xq, xr) /*@ ghost (rem, meta, gq) */;
}
