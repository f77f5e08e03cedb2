/* Blocked quotient filter kernel: the quotient kernel on one block's slots of the
 * whole store, from slot block * nslots on (see
 * lib_internal/blocked_quotient_kernel.h for the layout and the contracts). */
#include <lib_internal/blocked_quotient_kernel.h>
#include <stddef.h>

void amq_blocked_quotient_kernel_view(amq_qf *view, const amq_quotient_slots st, const uint64_t *counts,
                                      uint64_t nslots, uint64_t q, uint64_t r, uint64_t block)
{
    view->q = q;
    view->r = r;
    view->nslots = nslots;
    view->count = counts[block];
    view->slots = st;
    view->base = block * nslots;
}

int amq_blocked_quotient_kernel_query(const amq_quotient_slots st, const uint64_t *counts, uint64_t nslots,
                  uint64_t q, uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    amq_qf view;
    /*@ assert base_lo: 0 <= block * nslots; */
    /*@ assert base: block * nslots + nslots <= 18446744073709551615; */
    amq_blocked_quotient_kernel_view(&view, st, counts, nslots, q, r, block);
    /*@ assert same: amq_blocked_quotient_frame{Pre, Here}(rem + block * nslots, meta + block * nslots,
                                            gq + block * nslots, nslots); */
    /*@ assert view_base: view.base == block * nslots; */
    /*@ assert view_st: view.slots.n == st.n && view.slots.rbytes == st.rbytes && view.slots.rem16 == st.rem16 &&
                        view.slots.rem32 == st.rem32 && view.slots.meta == st.meta; */
    /*@ assert hold_viewed: \forall integer j; 0 <= j < st.n ==>
          amq_quotient_slot_ok{Pre}(st, rem, meta, j) ==> amq_quotient_slot_ok(st, rem, meta, j); */
    /*@ assert hold_st: amq_quotient_slots_hold(st, rem, meta); */
    /*@ assert view_hold0: amq_quotient_slots_hold(view.slots, rem, meta); */
    /*@ assert view_hold: amq_qf_hold(view.slots, view.base, rem + block * nslots, meta + block * nslots); */
    /*@ assert view_store: amq_quotient_store_ok(view.slots, rem, meta, gq); */
    /*@ assert view_mem: amq_quotient_readable(&view, rem + block * nslots, meta + block * nslots, gq + block * nslots); */
    /*@ assert ok:   amq_quotient_ok(&view, rem + block * nslots, meta + block * nslots, gq + block * nslots); */
    /*@ assert has:  \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h) <==>
                       amq_quotient_has(&view, rem + block * nslots, meta + block * nslots, gq + block * nslots, g, h); */
    return amq_quotient_kernel_query(&view, fq, fr)
        /*@ ghost (rem + block * nslots, meta + block * nslots, gq + block * nslots) */;
}

int amq_blocked_quotient_kernel_insert(const amq_quotient_slots st, uint64_t *counts, uint64_t nslots, uint64_t q,
                   uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    amq_qf view;
    /*@ assert base_lo: 0 <= block * nslots; */
    /*@ assert base: block * nslots + nslots <= 18446744073709551615; */
    amq_blocked_quotient_kernel_view(&view, st, counts, nslots, q, r, block);
    /*@ assert same: amq_blocked_quotient_frame{Pre, Here}(rem + block * nslots, meta + block * nslots,
                                            gq + block * nslots, nslots); */
    /*@ assert view_base: view.base == block * nslots; */
    /*@ assert view_st: view.slots.n == st.n && view.slots.rbytes == st.rbytes && view.slots.rem16 == st.rem16 &&
                        view.slots.rem32 == st.rem32 && view.slots.meta == st.meta; */
    /*@ assert hold_viewed: \forall integer j; 0 <= j < st.n ==>
          amq_quotient_slot_ok{Pre}(st, rem, meta, j) ==> amq_quotient_slot_ok(st, rem, meta, j); */
    /*@ assert hold_st: amq_quotient_slots_hold(st, rem, meta); */
    /*@ assert view_hold0: amq_quotient_slots_hold(view.slots, rem, meta); */
    /*@ assert view_hold: amq_qf_hold(view.slots, view.base, rem + block * nslots, meta + block * nslots); */
    /*@ assert view_store: amq_quotient_store_ok(view.slots, rem, meta, gq); */
    /*@ assert view_mem: amq_quotient_writable(&view, rem + block * nslots, meta + block * nslots, gq + block * nslots); */
    /*@ assert ok:   amq_quotient_ok(&view, rem + block * nslots, meta + block * nslots, gq + block * nslots); */
    /*@ assert has:  \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h) <==>
                       amq_quotient_has(&view, rem + block * nslots, meta + block * nslots, gq + block * nslots, g, h); */
    const int status = amq_quotient_kernel_insert(&view, fq, fr)
        /*@ ghost (rem + block * nslots, meta + block * nslots, gq + block * nslots) */;
    /*@ ghost Called: ; */
    /*@ assert hold_qf: amq_qf_hold(view.slots, view.base, rem + block * nslots, meta + block * nslots); */
    /*@ assert store_called: view.slots.n == st.n && view.slots.rbytes == st.rbytes &&
          view.slots.rem16 == st.rem16 && view.slots.rem32 == st.rem32 && view.slots.meta == st.meta &&
          view.base == block * nslots; */
    /*@ assert hold_bn: amq_qf_hold(view.slots, block * nslots, rem + block * nslots, meta + block * nslots); */
    /*@ assert hold_view: amq_quotient_slots_hold(view.slots, rem, meta); */
    /*@ assert hold_called: amq_quotient_slots_hold(st, rem, meta); */
    counts[block] = view.count;
    /*@ assert hold_count: \forall integer j; 0 <= j < st.n ==>
          amq_quotient_slot_ok{Called}(st, rem, meta, j) ==> amq_quotient_slot_ok(st, rem, meta, j); */
    /*@ assert hold: amq_quotient_slots_hold(st, rem, meta); */
    /*@ assert same: amq_blocked_quotient_frame{Called, Here}(rem + block * nslots, meta + block * nslots,
                                               gq + block * nslots, nslots); */
    /*@ assert inv:  amq_quotient_inv(rem + block * nslots, meta + block * nslots, gq + block * nslots,
                                nslots, counts[block]); */
    /*@ assert has:  \forall integer g, h; amq_quotient_has{Called}(&view, rem + block * nslots, meta + block * nslots,
                       gq + block * nslots, g, h) <==> amq_blocked_quotient_has(rem, meta, gq, nslots, block, g, h); */
    /*@ assert has2: \forall integer g, h; amq_quotient_has2{Called}(&view, rem + block * nslots, meta + block * nslots,
                       gq + block * nslots, g, h) <==> amq_blocked_quotient_has2(rem, meta, gq, nslots, block, g, h); */
    return status;
}

int amq_blocked_quotient_kernel_delete(const amq_quotient_slots st, uint64_t *counts, uint64_t nslots, uint64_t q,
                   uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    amq_qf view;
    /*@ assert base_lo: 0 <= block * nslots; */
    /*@ assert base: block * nslots + nslots <= 18446744073709551615; */
    amq_blocked_quotient_kernel_view(&view, st, counts, nslots, q, r, block);
    /*@ assert same: amq_blocked_quotient_frame{Pre, Here}(rem + block * nslots, meta + block * nslots,
                                            gq + block * nslots, nslots); */
    /*@ assert view_base: view.base == block * nslots; */
    /*@ assert view_st: view.slots.n == st.n && view.slots.rbytes == st.rbytes && view.slots.rem16 == st.rem16 &&
                        view.slots.rem32 == st.rem32 && view.slots.meta == st.meta; */
    /*@ assert hold_viewed: \forall integer j; 0 <= j < st.n ==>
          amq_quotient_slot_ok{Pre}(st, rem, meta, j) ==> amq_quotient_slot_ok(st, rem, meta, j); */
    /*@ assert hold_st: amq_quotient_slots_hold(st, rem, meta); */
    /*@ assert view_hold0: amq_quotient_slots_hold(view.slots, rem, meta); */
    /*@ assert view_hold: amq_qf_hold(view.slots, view.base, rem + block * nslots, meta + block * nslots); */
    /*@ assert view_store: amq_quotient_store_ok(view.slots, rem, meta, gq); */
    /*@ assert view_mem: amq_quotient_writable(&view, rem + block * nslots, meta + block * nslots, gq + block * nslots); */
    /*@ assert ok:   amq_quotient_ok(&view, rem + block * nslots, meta + block * nslots, gq + block * nslots); */
    /*@ assert has:  \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h) <==>
                       amq_quotient_has(&view, rem + block * nslots, meta + block * nslots, gq + block * nslots, g, h); */
    const int status = amq_quotient_kernel_delete(&view, fq, fr)
        /*@ ghost (rem + block * nslots, meta + block * nslots, gq + block * nslots) */;
    /*@ ghost Called: ; */
    /*@ assert hold_qf: amq_qf_hold(view.slots, view.base, rem + block * nslots, meta + block * nslots); */
    /*@ assert store_called: view.slots.n == st.n && view.slots.rbytes == st.rbytes &&
          view.slots.rem16 == st.rem16 && view.slots.rem32 == st.rem32 && view.slots.meta == st.meta &&
          view.base == block * nslots; */
    /*@ assert hold_bn: amq_qf_hold(view.slots, block * nslots, rem + block * nslots, meta + block * nslots); */
    /*@ assert hold_view: amq_quotient_slots_hold(view.slots, rem, meta); */
    /*@ assert hold_called: amq_quotient_slots_hold(st, rem, meta); */
    counts[block] = view.count;
    /*@ assert hold_count: \forall integer j; 0 <= j < st.n ==>
          amq_quotient_slot_ok{Called}(st, rem, meta, j) ==> amq_quotient_slot_ok(st, rem, meta, j); */
    /*@ assert hold: amq_quotient_slots_hold(st, rem, meta); */
    /*@ assert same: amq_blocked_quotient_frame{Called, Here}(rem + block * nslots, meta + block * nslots,
                                               gq + block * nslots, nslots); */
    /*@ assert inv:  amq_quotient_inv(rem + block * nslots, meta + block * nslots, gq + block * nslots,
                                nslots, counts[block]); */
    /*@ assert has:  \forall integer g, h; amq_quotient_has{Called}(&view, rem + block * nslots, meta + block * nslots,
                       gq + block * nslots, g, h) <==> amq_blocked_quotient_has(rem, meta, gq, nslots, block, g, h); */
    /*@ assert has2: \forall integer g, h; amq_quotient_has2{Called}(&view, rem + block * nslots, meta + block * nslots,
                       gq + block * nslots, g, h) <==> amq_blocked_quotient_has2(rem, meta, gq, nslots, block, g, h); */
    return status;
}
