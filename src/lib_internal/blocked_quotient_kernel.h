/* Blocked quotient filter kernel: nblocks quotient filters (lib_internal/quotient_kernel.h) of
 * nslots slots each, in one compact store st (lib_internal/quotient_slots.h).
 * Block b's table is slots [b*nslots, (b+1)*nslots) of st; its count is counts[b].  The blocking code is written
 * once: amq_blocked_quotient_kernel_view makes block b's table a quotient filter (the whole store,
 * base b*nslots), and amq_blocked_quotient_kernel_insert / _query / _delete run the proved quotient
 * kernel on that table and write the count back (amq_blocked_quotient_kernel_commit).
 * src/blocked_quotient.c calls these functions.
 *
 * Proofs.  The contracts below lift the quotient kernel's to block b (predicates in
 * acsl/amq/blocked_quotient_logic.h: amq_blocked_quotient_ok is amq_quotient_inv on the block's slots,
 * amq_blocked_quotient_has membership in the block) and frame every change to block b: its slots, its
 * ghost quotients and counts[b].  As for the quotient kernel, the slots are named by ghost
 * arrays rem, meta and gq, here one entry per slot of the whole structure (block b's are
 * [b*nslots .. (b+1)*nslots - 1]), which amq_quotient_slots_hold ties to st; C callers do
 * not see them.  The kernel's table carries the whole store and its ghost arrays are block b's
 * (rem + b*nslots, ...), so its post `hold` (amq_qf_hold) is the whole store's: no frame of
 * the other blocks' slots is left to prove here.  Unit `quotient`
 * (proofs/units/quotient.txt) proves these contracts, the quotient kernel's, and the theorems of
 * proofs/blocked_quotient_driver.c in one run (proofs/README.md, "Blocked quotient"). */
#ifndef AMQ_BLOCKED_QUOTIENT_KERNEL_H
#define AMQ_BLOCKED_QUOTIENT_KERNEL_H
#include <stdint.h>
#include <lib_internal/quotient_kernel.h>
#include <amq/blocked_quotient_logic.h>
#include <amq/quotient_slots_lemmas.h>

/*@ // The whole store st and its ghost arrays (amq_quotient_store_ok), block b's slots
    // inside it, counts[b] apart from the ghost arrays (the store's words are other C types).
    // (Blocks need not start at a multiple of 4 slots: the kernel reads the store at base + i.)
    predicate amq_blocked_quotient_store{L}(amq_quotient_slots st, uint64_t *rem, uint8_t *meta, uint64_t *gq,
                                           uint64_t *counts, integer nslots, integer b) =
      amq_quotient_store_ok(st, rem, meta, gq) && 1 <= nslots && 0 <= b &&
      b * nslots + nslots <= st.n &&
      \separated(counts + b, rem + (0 .. st.n - 1), meta + (0 .. st.n - 1), gq + (0 .. st.n - 1));
    // The whole structure's store: nblocks blocks of nslots slots (nslots a multiple of 4).
    predicate amq_blocked_quotient_store_all{L}(amq_quotient_slots st, uint64_t *rem, uint8_t *meta, uint64_t *gq,
                                               integer nblocks, integer nslots) =
      amq_quotient_store_ok(st, rem, meta, gq) && st.n == nblocks * nslots && nslots % 4 == 0;
*/

/*@ // The same store, field by field, carries the same hold and the same context (the
    // blocked kernel's view holds the store st by value: it is a copy).
    lemma amq_quotient_slots_copy_hold{L}: \forall amq_quotient_slots s, t, uint64_t *rem, uint8_t *meta;
      s.n == t.n ==> s.rbytes == t.rbytes ==> s.rem16 == t.rem16 ==> s.rem32 == t.rem32 ==> s.meta == t.meta ==>
      amq_quotient_slots_hold(s, rem, meta) ==> amq_quotient_slots_hold(t, rem, meta);
    lemma amq_quotient_slots_copy_store{L}: \forall amq_quotient_slots s, t, uint64_t *rem, uint8_t *meta, uint64_t *gq;
      s.n == t.n ==> s.rbytes == t.rbytes ==> s.rem16 == t.rem16 ==> s.rem32 == t.rem32 ==> s.meta == t.meta ==>
      amq_quotient_store_ok(s, rem, meta, gq) ==> amq_quotient_store_ok(t, rem, meta, gq);
    // The kernel's hold on block b's ghost arrays (rem + b, base b) is the store's hold.
    lemma amq_qf_hold_block{L}: \forall amq_quotient_slots s, integer b, uint64_t *rem, uint8_t *meta;
      amq_qf_hold(s, b, rem + b, meta + b) ==> amq_quotient_slots_hold(s, rem, meta);
*/

/*@ // ... and back: the store's hold is the window's (the provers do not undo the window's
    // shift by themselves).  In a block keyed by its own predicate, so that WP hands the lemma
    // only to the goals that name it (amq_blocked_quotient_kernel_view's `hold_w`): as a global
    // lemma, with a twin for amq_quotient_readable, it was a hypothesis of every goal of unit
    // quotient, and qf_del_write's sorted_prev took cvc4 1.26M steps instead of 252k.  The
    // twin is gone: even in this block WP gave it (and the struct load it reads) to other
    // goals (qf_ins_place's cs_out: 620k -> 1.55M steps); the view's `mem` proves without it.
    axiomatic BqfWindow {
      predicate amq_blocked_quotient_window_hold{L}(amq_quotient_slots s, integer b, uint64_t *rem, uint8_t *meta) =
        amq_qf_hold(s, b, rem + b, meta + b);
      lemma amq_qf_hold_window{L}: \forall amq_quotient_slots s, integer b, uint64_t *rem, uint8_t *meta;
        amq_quotient_slots_hold(s, rem, meta) ==> amq_blocked_quotient_window_hold(s, b, rem, meta);
    }
*/

/* *view = block `block`'s table: q, r, nslots, count counts[block], the whole store st and
 * the block's first slot block * nslots as its base (the kernel reads and writes the store
 * at base + i, so its hold is the whole store's).  The contract also gives what a call of the
 * quotient kernel on the view needs (mem, ok) and what it tells of the block (has, has2),
 * proved once here for the three callers; writing *view changes no slot (same). */
/*@ requires view_valid:  \valid(view);
    requires count_valid: \valid_read(counts + block);
    requires window:      block * nslots + nslots <= st.n && 1 <= nslots;
    requires fits:        block * nslots + nslots <= 18446744073709551615;
    requires sep:         \separated(view, counts + block);
    requires store:       amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, block);
    requires view_apart:  \separated(view, rem + (0 .. st.n - 1), meta + (0 .. st.n - 1), gq + (0 .. st.n - 1));
    requires hold:        amq_quotient_slots_hold(st, rem, meta);
    assigns *view;
    ensures fields: view->q == q && view->r == r && view->nslots == nslots &&
                    view->count == counts[block] && view->base == block * nslots;
    ensures store:  view->slots.n == st.n && view->slots.rbytes == st.rbytes &&
                    view->slots.rem16 == st.rem16 && view->slots.rem32 == st.rem32 &&
                    view->slots.meta == st.meta;
    ensures same:   amq_blocked_quotient_frame{Pre, Post}(rem + block * nslots, meta + block * nslots,
                                                        gq + block * nslots, nslots);
    ensures mem:    amq_quotient_readable(view, rem + block * nslots, meta + block * nslots, gq + block * nslots);
    ensures ok:     amq_blocked_quotient_ok{Pre}(rem, meta, gq, counts, nslots, block) ==>
                      amq_quotient_ok(view, rem + block * nslots, meta + block * nslots, gq + block * nslots);
    ensures has:    \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h) <==>
                      amq_quotient_has(view, rem + block * nslots, meta + block * nslots, gq + block * nslots, g, h);
    ensures has2:   \forall integer g, h; amq_blocked_quotient_has2{Pre}(rem, meta, gq, nslots, block, g, h) <==>
                      amq_quotient_has2(view, rem + block * nslots, meta + block * nslots, gq + block * nslots, g, h);
*/
void amq_blocked_quotient_kernel_view(amq_qf *view, const amq_quotient_slots st, const uint64_t *counts,
                                      uint64_t nslots, uint64_t q, uint64_t r, uint64_t block)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* counts[block] = view->count, after the quotient kernel changed the view's table: the
 * block's invariant, hold and content are then the view's (proved once here for insert
 * and delete; the write changes no slot). */
/*@ requires count_valid: \valid(counts + block);
    requires view_valid:  \valid_read(view);
    requires sep:         \separated(view, counts + block);
    requires store:       amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, block);
    requires view_n:      view->nslots == nslots;
    requires view_base:   view->base == block * nslots;
    requires view_store:  view->slots.n == st.n && view->slots.rbytes == st.rbytes &&
                          view->slots.rem16 == st.rem16 && view->slots.rem32 == st.rem32 &&
                          view->slots.meta == st.meta;
    requires ok:          amq_quotient_ok(view, rem + block * nslots, meta + block * nslots, gq + block * nslots);
    assigns counts[block];
    ensures count: counts[block] == view->count;
    ensures hold:  amq_quotient_slots_hold(st, rem, meta);
    ensures inv:   amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, block);
    ensures has:   \forall integer g, h; amq_quotient_has{Pre}(view, rem + block * nslots, meta + block * nslots,
                     gq + block * nslots, g, h) <==> amq_blocked_quotient_has(rem, meta, gq, nslots, block, g, h);
    ensures has2:  \forall integer g, h; amq_quotient_has2{Pre}(view, rem + block * nslots, meta + block * nslots,
                     gq + block * nslots, g, h) <==> amq_blocked_quotient_has2(rem, meta, gq, nslots, block, g, h);
*/
void amq_blocked_quotient_kernel_commit(uint64_t *counts, uint64_t block, const amq_qf *view)
    /*@ ghost (amq_quotient_slots st, uint64_t nslots, uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* 1: (fq, fr) may be present in block `block` (it is stored there); 0: absent. */
/*@ requires mem:      amq_blocked_quotient_readable(rem, meta, gq, counts, nslots, block);
    requires fits:     block * nslots + nslots <= 18446744073709551615;
    requires store:    amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, block);
    requires hold:     amq_quotient_slots_hold(st, rem, meta);
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
int amq_blocked_quotient_kernel_query(const amq_quotient_slots st, const uint64_t *counts, uint64_t nslots,
                  uint64_t q, uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Inserts (fq, fr) into block `block`.  0: stored.  1: the block is full.  2: no free slot
 * at or after fq in the block.  On 1 and 2 the count and the content are unchanged.
 * Only the block's slots, its ghost quotients and counts[block] are assigned. */
/*@ requires mem:      amq_blocked_quotient_writable(rem, meta, gq, counts, nslots, block);
    requires fits:     block * nslots + nslots <= 18446744073709551615;
    requires store:    amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, block);
    requires hold:     amq_quotient_slots_hold(st, rem, meta);
    requires inv:      amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, block);
    requires fq_range: fq < nslots;
    requires fr_fits:  fr <= amq_quotient_rem_max(st.rbytes);
    assigns counts[block], AMQ_QUOTIENT_SLOTS_WORDS(st),
            rem[block * nslots .. block * nslots + nslots - 1],
            meta[block * nslots .. block * nslots + nslots - 1],
            gq[block * nslots .. block * nslots + nslots - 1];
    ensures hold:  amq_quotient_slots_hold(st, rem, meta);
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
int amq_blocked_quotient_kernel_insert(const amq_quotient_slots st, uint64_t *counts, uint64_t nslots, uint64_t q,
                   uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Removes one copy of (fq, fr) from block `block`.  0: removed.  1: not present there; the
 * count and the content are unchanged.  Only the block's slots, its ghost quotients and
 * counts[block] are assigned. */
/*@ requires mem:      amq_blocked_quotient_writable(rem, meta, gq, counts, nslots, block);
    requires fits:     block * nslots + nslots <= 18446744073709551615;
    requires store:    amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, block);
    requires hold:     amq_quotient_slots_hold(st, rem, meta);
    requires inv:      amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, block);
    requires fq_range: fq < nslots;
    assigns counts[block], AMQ_QUOTIENT_SLOTS_WORDS(st),
            rem[block * nslots .. block * nslots + nslots - 1],
            meta[block * nslots .. block * nslots + nslots - 1],
            gq[block * nslots .. block * nslots + nslots - 1];
    ensures hold:  amq_quotient_slots_hold(st, rem, meta);
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
int amq_blocked_quotient_kernel_delete(const amq_quotient_slots st, uint64_t *counts, uint64_t nslots, uint64_t q,
                   uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

#endif
