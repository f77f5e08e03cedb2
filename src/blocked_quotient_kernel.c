/* Blocked quotient filter kernel: the quotient kernel on one block's slots of the
 * whole store, from slot block * nslots on (see
 * lib_internal/blocked_quotient_kernel.h for the layout and the contracts). */
#include <lib_internal/blocked_quotient_kernel.h>
#include <stddef.h>

void amq_blocked_quotient_kernel_view(amq_qf *view, const amq_quotient_slots st, const uint64_t *counts,
                                      uint64_t nslots, uint64_t q, uint64_t r, uint64_t block)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    /*@ assert base_lo: 0 <= block * nslots; */ // a product's sign: z3 (proofs/z3-first.txt)
    view->q = q;
    view->r = r;
    view->nslots = nslots;
    view->count = counts[block];
    view->slots = st;
    view->base = block * nslots;
    /*@ assert base: view->base == block * nslots; */
    /*@ assert same: amq_blocked_quotient_frame{Pre, Here}(rem + block * nslots, meta + block * nslots,
                                            gq + block * nslots, nslots); */
    /*@ assert rem_kept: \forall integer j; 0 <= j < st.n ==> rem[j] == \at(rem[j], Pre); */
    /*@ assert hold_kept: \forall integer j; 0 <= j < st.n ==>
          amq_quotient_slot_ok{Pre}(st, rem, meta, j) ==> amq_quotient_slot_ok(st, rem, meta, j); */
    /*@ assert hold_st: amq_quotient_slots_hold(st, rem, meta); */
    /*@ assert hold_view: amq_quotient_slots_hold(view->slots, rem, meta); */
    /*@ assert hold_w: amq_blocked_quotient_window_hold(view->slots, block * nslots, rem, meta); */
    /*@ assert hold: amq_qf_hold(view->slots, view->base, rem + block * nslots, meta + block * nslots); */
    /*@ assert store: amq_quotient_store_ok(view->slots, rem, meta, gq); */
}

void amq_blocked_quotient_kernel_commit(uint64_t *counts, uint64_t block, const amq_qf *view)
    /*@ ghost (amq_quotient_slots st, uint64_t nslots, uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    /*@ assert hold_view: amq_quotient_slots_hold(view->slots, rem, meta); */
    /*@ assert hold_pre: amq_quotient_slots_hold(st, rem, meta); */
    counts[block] = view->count;
    /*@ assert rem_kept: \forall integer j; 0 <= j < st.n ==> rem[j] == \at(rem[j], Pre); */
    /*@ assert hold_kept: \forall integer j; 0 <= j < st.n ==>
          amq_quotient_slot_ok{Pre}(st, rem, meta, j) ==> amq_quotient_slot_ok(st, rem, meta, j); */
    /*@ assert hold: amq_quotient_slots_hold(st, rem, meta); */
    /*@ assert same: amq_blocked_quotient_frame{Pre, Here}(rem + block * nslots, meta + block * nslots,
                                               gq + block * nslots, nslots); */
}

int amq_blocked_quotient_kernel_query(const amq_quotient_slots st, const uint64_t *counts, uint64_t nslots,
                  uint64_t q, uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    amq_qf view;
    /*@ assert base_lo: 0 <= block * nslots; */
    amq_blocked_quotient_kernel_view(&view, st, counts, nslots, q, r, block) /*@ ghost (rem, meta, gq) */;
    return amq_quotient_kernel_query(&view, fq, fr) /*@ ghost (rem + block * nslots, meta + block * nslots, gq + block * nslots) */;
}

int amq_blocked_quotient_kernel_insert(const amq_quotient_slots st, uint64_t *counts, uint64_t nslots, uint64_t q,
                   uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    amq_qf view;
    /*@ assert base_lo: 0 <= block * nslots; */
    amq_blocked_quotient_kernel_view(&view, st, counts, nslots, q, r, block) /*@ ghost (rem, meta, gq) */;
    const int status = amq_quotient_kernel_insert(&view, fq, fr) /*@ ghost (rem + block * nslots, meta + block * nslots, gq + block * nslots) */;
    amq_blocked_quotient_kernel_commit(counts, block, &view) /*@ ghost (st, nslots, rem, meta, gq) */;
    return status;
}

int amq_blocked_quotient_kernel_delete(const amq_quotient_slots st, uint64_t *counts, uint64_t nslots, uint64_t q,
                   uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    amq_qf view;
    /*@ assert base_lo: 0 <= block * nslots; */
    amq_blocked_quotient_kernel_view(&view, st, counts, nslots, q, r, block) /*@ ghost (rem, meta, gq) */;
    const int status = amq_quotient_kernel_delete(&view, fq, fr) /*@ ghost (rem + block * nslots, meta + block * nslots, gq + block * nslots) */;
    amq_blocked_quotient_kernel_commit(counts, block, &view) /*@ ghost (st, nslots, rem, meta, gq) */;
    return status;
}
