/* Blocked quotient filter kernel: the quotient kernel on one block's window (see
 * lib_internal/blocked_quotient_kernel.h for the layout and the contracts). */
#include <lib_internal/blocked_quotient_kernel.h>

void amq_blocked_quotient_kernel_view(amq_qf *view, uint64_t *rem, uint8_t *meta, const uint64_t *counts,
                  uint64_t nslots, uint64_t q, uint64_t r, uint64_t block)
{
    view->q = q;
    view->r = r;
    view->nslots = nslots;
    view->count = counts[block];
    view->rem = rem + block * nslots;
    view->meta = meta + block * nslots;
}

int amq_blocked_quotient_kernel_query(const uint64_t *rem, const uint8_t *meta, const uint64_t *counts, uint64_t nslots,
                  uint64_t q, uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *gq) */
{
    amq_qf view;
    /*@ assert base: 0 <= block * nslots && block * nslots + nslots <= 18446744073709551615; */
    /* the kernel only reads through a const view */
    amq_blocked_quotient_kernel_view(&view, (uint64_t *)rem, (uint8_t *)meta, counts, nslots, q, r, block);
    /*@ assert same: amq_blocked_quotient_frame{Pre, Here}(rem + block * nslots, meta + block * nslots,
                                            gq + block * nslots, nslots); */
    /*@ assert ok:   amq_quotient_inv(rem + block * nslots, meta + block * nslots, gq + block * nslots,
                                nslots, view.count); */
    /*@ assert has:  \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h) <==>
                       amq_quotient_has(&view, gq + block * nslots, g, h); */
    return amq_quotient_kernel_query(&view, fq, fr) /*@ ghost (gq + block * nslots) */;
}

int amq_blocked_quotient_kernel_insert(uint64_t *rem, uint8_t *meta, uint64_t *counts, uint64_t nslots, uint64_t q,
                   uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *gq) */
{
    amq_qf view;
    /*@ assert base: 0 <= block * nslots && block * nslots + nslots <= 18446744073709551615; */
    amq_blocked_quotient_kernel_view(&view, rem, meta, counts, nslots, q, r, block);
    /*@ assert same: amq_blocked_quotient_frame{Pre, Here}(rem + block * nslots, meta + block * nslots,
                                            gq + block * nslots, nslots); */
    /*@ assert ok:   amq_quotient_ok(&view, gq + block * nslots); */
    /*@ assert has:  \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h) <==>
                       amq_quotient_has(&view, gq + block * nslots, g, h); */
    /*@ ghost Viewed: ; */
    const int st = amq_quotient_kernel_insert(&view, fq, fr) /*@ ghost (gq + block * nslots) */;
    /*@ ghost Called: ; */
    counts[block] = view.count;
    /*@ assert same: amq_blocked_quotient_frame{Called, Here}(rem + block * nslots, meta + block * nslots,
                                               gq + block * nslots, nslots); */
    /*@ assert inv:  amq_quotient_inv(rem + block * nslots, meta + block * nslots, gq + block * nslots,
                                nslots, counts[block]); */
    /*@ assert has:  \forall integer g, h; amq_quotient_has{Called}(&view, gq + block * nslots, g, h) <==>
                       amq_blocked_quotient_has(rem, meta, gq, nslots, block, g, h); */
    /*@ assert has2: \forall integer g, h; amq_quotient_has2{Called}(&view, gq + block * nslots, g, h) <==>
                       amq_blocked_quotient_has2(rem, meta, gq, nslots, block, g, h); */
    return st;
}

int amq_blocked_quotient_kernel_delete(uint64_t *rem, uint8_t *meta, uint64_t *counts, uint64_t nslots, uint64_t q,
                   uint64_t r, uint64_t block, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *gq) */
{
    amq_qf view;
    /*@ assert base: 0 <= block * nslots && block * nslots + nslots <= 18446744073709551615; */
    amq_blocked_quotient_kernel_view(&view, rem, meta, counts, nslots, q, r, block);
    /*@ assert same: amq_blocked_quotient_frame{Pre, Here}(rem + block * nslots, meta + block * nslots,
                                            gq + block * nslots, nslots); */
    /*@ assert ok:   amq_quotient_ok(&view, gq + block * nslots); */
    /*@ assert has:  \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, block, g, h) <==>
                       amq_quotient_has(&view, gq + block * nslots, g, h); */
    /*@ ghost Viewed: ; */
    const int st = amq_quotient_kernel_delete(&view, fq, fr) /*@ ghost (gq + block * nslots) */;
    /*@ ghost Called: ; */
    counts[block] = view.count;
    /*@ assert same: amq_blocked_quotient_frame{Called, Here}(rem + block * nslots, meta + block * nslots,
                                               gq + block * nslots, nslots); */
    /*@ assert inv:  amq_quotient_inv(rem + block * nslots, meta + block * nslots, gq + block * nslots,
                                nslots, counts[block]); */
    /*@ assert has:  \forall integer g, h; amq_quotient_has{Called}(&view, gq + block * nslots, g, h) <==>
                       amq_blocked_quotient_has(rem, meta, gq, nslots, block, g, h); */
    /*@ assert has2: \forall integer g, h; amq_quotient_has2{Called}(&view, gq + block * nslots, g, h) <==>
                       amq_blocked_quotient_has2(rem, meta, gq, nslots, block, g, h); */
    return st;
}
