/* Blocked quotient filter kernel: nblocks quotient filters (lib_internal/quotient_kernel.h) of
 * nslots slots each, in flat arrays.  Block b's table is slots [b*nslots, (b+1)*nslots) of
 * rem (uint64_t) and meta (uint8_t); its count is counts[b].  The blocking code is written
 * once: amq_blocked_quotient_kernel_view makes block b's table a quotient filter (a view on its slots), and
 * amq_blocked_quotient_kernel_insert / _query / _delete run the proved quotient kernel on that view and write
 * the count back.  src/blocked_quotient.c calls these functions.
 *
 * Proofs.  The contracts below lift the quotient kernel's to block b (predicates in
 * acsl/amq/blocked_quotient_logic.h: amq_blocked_quotient_ok is amq_quotient_inv on the block's window,
 * amq_blocked_quotient_has membership in the block) and frame every change to block b: its slots, its
 * ghost quotients and counts[b].  As for the quotient kernel, stored quotients are named
 * by a ghost array gq, here one entry per slot of the whole structure (block b's are
 * gq[b*nslots .. (b+1)*nslots - 1]); C callers do not see it.  Unit `quotient`
 * (proofs/units/quotient.txt) proves these contracts, the quotient kernel's, and the theorems of
 * proofs/blocked_quotient_driver.c in one run (proofs/README.md, "Blocked quotient"). */
#ifndef AMQ_BLOCKED_QUOTIENT_KERNEL_H
#define AMQ_BLOCKED_QUOTIENT_KERNEL_H
#include <stdint.h>
#include <lib_internal/quotient_kernel.h>
#include <amq/blocked_quotient_logic.h>

/* *view = block `block`'s table: q, r, nslots, count counts[block], rem and meta at the
 * block's first slot. */
/*@ requires view_valid:  \valid(view);
    requires count_valid: \valid_read(counts + block);
    requires fits:        block * nslots + nslots <= 18446744073709551615;
    requires sep:         \separated(view, counts + block);
    assigns *view;
    ensures fields: view->q == q && view->r == r && view->nslots == nslots &&
                    view->count == counts[block];
    ensures window: view->rem == rem + block * nslots && view->meta == meta + block * nslots;
*/
void amq_blocked_quotient_kernel_view(amq_qf *view, uint64_t *rem, uint8_t *meta, const uint64_t *counts,
                  uint64_t nslots, uint64_t q, uint64_t r, uint64_t block);

/* 1: (fq, fr) may be present in block `block` (it is stored there); 0: absent. */
/*@ requires mem:      amq_blocked_quotient_readable(rem, meta, gq, counts, nslots, block);
    requires fits:     block * nslots + nslots <= 18446744073709551615;
    requires inv:      amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, block);
    requires fq_range: fq < nslots;
    assigns \nothing;
    behavior present:
      assumes amq_blocked_quotient_has(rem, meta, gq, nslots, block, fq, fr);
      ensures \result == 1;
    behavior absent:
      assumes !amq_blocked_quotient_has(rem, meta, gq, nslots, block, fq, fr);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_blocked_quotient_kernel_query(const uint64_t *rem, const uint8_t *meta, const uint64_t *counts, uint64_t nslots,
                  uint64_t q, uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *gq) */;

/* Inserts (fq, fr) into block `block`.  0: stored.  1: the block is full.  2: no free slot
 * at or after fq in the block.  On 1 and 2 the count and the content are unchanged.
 * Only the block's slots, its ghost quotients and counts[block] are assigned. */
/*@ requires mem:      amq_blocked_quotient_writable(rem, meta, gq, counts, nslots, block);
    requires fits:     block * nslots + nslots <= 18446744073709551615;
    requires inv:      amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, block);
    requires fq_range: fq < nslots;
    assigns counts[block], rem[block * nslots .. block * nslots + nslots - 1],
            meta[block * nslots .. block * nslots + nslots - 1],
            gq[block * nslots .. block * nslots + nslots - 1];
    ensures inv:   amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, block);
    ensures kept:  \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h) ==>
                     amq_blocked_quotient_has(rem, meta, gq, nslots, block, g, h);
    behavior full:
      assumes counts[block] >= nslots;
      ensures result: \result == 1;
      ensures same:   counts[block] == \old(counts[block]) &&
                      (\forall integer g, h; amq_blocked_quotient_has(rem, meta, gq, nslots, block, g, h) ==>
                         amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h));
    behavior no_room:
      assumes counts[block] < nslots && !amq_blocked_quotient_room(meta, nslots, block, fq);
      ensures result: \result == 2;
      ensures same:   counts[block] == \old(counts[block]) &&
                      (\forall integer g, h; amq_blocked_quotient_has(rem, meta, gq, nslots, block, g, h) ==>
                         amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h));
    behavior stored:
      assumes counts[block] < nslots && amq_blocked_quotient_room(meta, nslots, block, fq);
      ensures result: \result == 0;
      ensures count:  counts[block] == \old(counts[block]) + 1;
      ensures found:  amq_blocked_quotient_has(rem, meta, gq, nslots, block, fq, fr);
      ensures only:   \forall integer g, h; amq_blocked_quotient_has(rem, meta, gq, nslots, block, g, h) ==>
                        amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h) || (g == fq && h == fr);
      ensures twice:  amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, fq, fr) ==>
                        amq_blocked_quotient_has2(rem, meta, gq, nslots, block, fq, fr);
    complete behaviors;
    disjoint behaviors;
*/
int amq_blocked_quotient_kernel_insert(uint64_t *rem, uint8_t *meta, uint64_t *counts, uint64_t nslots, uint64_t q,
                   uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *gq) */;

/* Removes one copy of (fq, fr) from block `block`.  0: removed.  1: not present there; the
 * count and the content are unchanged.  Only the block's slots, its ghost quotients and
 * counts[block] are assigned. */
/*@ requires mem:      amq_blocked_quotient_writable(rem, meta, gq, counts, nslots, block);
    requires fits:     block * nslots + nslots <= 18446744073709551615;
    requires inv:      amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, block);
    requires fq_range: fq < nslots;
    assigns counts[block], rem[block * nslots .. block * nslots + nslots - 1],
            meta[block * nslots .. block * nslots + nslots - 1],
            gq[block * nslots .. block * nslots + nslots - 1];
    ensures inv:   amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, block);
    ensures kept:  \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h) ==>
                     (g != fq || h != fr) ==> amq_blocked_quotient_has(rem, meta, gq, nslots, block, g, h);
    ensures only:  \forall integer g, h; amq_blocked_quotient_has(rem, meta, gq, nslots, block, g, h) ==>
                     amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h);
    behavior absent:
      assumes !amq_blocked_quotient_has(rem, meta, gq, nslots, block, fq, fr);
      ensures result: \result == 1;
      ensures same:   counts[block] == \old(counts[block]) &&
                      (\forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h) ==>
                         amq_blocked_quotient_has(rem, meta, gq, nslots, block, g, h));
    behavior removed:
      assumes amq_blocked_quotient_has(rem, meta, gq, nslots, block, fq, fr);
      ensures result: \result == 0;
      ensures count:  counts[block] == \old(counts[block]) - 1;
      ensures twice:  amq_blocked_quotient_has2{Pre}(rem, meta, gq, nslots, block, fq, fr) ==>
                        amq_blocked_quotient_has(rem, meta, gq, nslots, block, fq, fr);
    complete behaviors;
    disjoint behaviors;
*/
int amq_blocked_quotient_kernel_delete(uint64_t *rem, uint8_t *meta, uint64_t *counts, uint64_t nslots, uint64_t q,
                   uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *gq) */;

#endif
