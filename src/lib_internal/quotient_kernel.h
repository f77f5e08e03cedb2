/* Quotient filter kernel over fingerprints (Bender et al., "Don't thrash: how to cache
 * your hash on flash", PVLDB 2012).  No hashing here: a p-bit fingerprint f (p = q + r,
 * 1 <= q, 1 <= r, p <= 64) is passed as its quotient fq = f >> r (top q bits) and its
 * remainder fr = f & (2^r - 1).
 *
 * Layout.  nslots slots in a compact store (lib_internal/quotient_slots.h): slot i's
 * remainder in the narrowest of one, two, four or eight bytes that holds r bits, its metadata
 * (bit 0 is_occupied, bit 1 is_continuation, bit 2 is_shifted; a slot is free iff all three
 * are 0) in a nibble, all in uint16_t and uint32_t words.  12 bits a slot for r <= 8.
 *
 * No wraparound.  Quotients address the 2^q home slots 0 .. 2^q - 1; runs are kept sorted
 * and shifted right within clusters as in the paper, but a cluster never wraps from the
 * last slot to slot 0: it may spill into nslots - 2^q slack slots after the home slots
 * (the design of Pandey et al.'s RSQF/CQF, SIGMOD 2017).  This keeps every index relation
 * linear, which is what lets WP prove the kernel.  Consequence: insert fails not only when
 * the table is full (count == nslots, status 1) but also when no slot at or after fq is
 * free (status 2: the cluster would run off the end).  amq_quotient_kernel_default_slack(q) gives a
 * slack for which status 2 is vanishingly rare below ~95% load.
 *
 * Multiset semantics: inserting f twice stores two copies, delete removes one.  A failed
 * insert or delete changes nothing.
 *
 * Proofs.  The contracts below are what `make prove` checks (unit `quotient`).  They speak
 * of the slots as three ghost arrays (ghost parameters, one entry per slot): rem (the
 * remainders, uint64_t), meta (the metadata bits, a byte) and gq (the stored quotients,
 * which are not in memory at all).  The table's store is a whole store and the table its slots
 * base .. base + nslots - 1 (base 0 for a filter of its own, b * nslots for block b of a
 * blocked filter); rem[i] and meta[i] are slot base + i, and amq_qf_hold ties them to the
 * store over the whole store (through the whole store's arrays rem - base and meta - base):
 * the accessors are called at slot base + i, so their hold is the whole store's and no
 * caller has the other slots' frame to prove.  The kernel updates all three in ghost code.  C callers do not see them; Frama-C
 * callers pass them: `amq_quotient_kernel_insert(qf, fq, fr) /@ ghost (rem, meta, gq) @/`.
 * amq_quotient_inv (acsl/amq/quotient_logic.h) ties gq to the metadata; every state reached
 * from amq_quotient_kernel_clear through the kernel's operations satisfies it (clear establishes it for
 * every gq, the operations preserve it).  amq_quotient_kernel_check_invariant is its executable twin
 * (it decodes the quotients itself). */
#ifndef AMQ_QUOTIENT_KERNEL_H
#define AMQ_QUOTIENT_KERNEL_H
#include <stdint.h>
#include <amq/quotient_logic.h>
#include <lib_internal/quotient_slots.h>

typedef struct amq_qf {
    uint64_t q;      /* quotient bits, 1 <= q <= 63 */
    uint64_t r;      /* remainder bits, 1 <= r, q + r <= 64 */
    uint64_t nslots; /* 2^q home slots + slack, nslots >= 2^q */
    uint64_t count;  /* stored fingerprints (with multiplicity) */
    amq_quotient_slots slots; /* the whole store: the table is its slots base .. base + nslots - 1 */
    uint64_t base;   /* the table's first slot in the store (0 for a filter of its own) */
} amq_qf;

/* The table's window of the store as the steps (lib_internal/quotient_steps.h) take it, by
 * value: the whole store s and the window's first slot and size.  The steps call the store's
 * accessors at slot base + i, so the store's hold (below) is over the whole store. */
typedef struct amq_qf_win {
    amq_quotient_slots s; /* the whole store */
    uint64_t base;        /* the window's first slot */
    uint64_t n;           /* the window's slots */
} amq_qf_win;

/* Iteration state: slot to look at next, quotient of the element before it. */
typedef struct amq_qf_iter {
    uint64_t slot;
    uint64_t quot;
} amq_qf_iter;

/* Metadata bits. */
#define AMQ_QF_OCCUPIED     1u
#define AMQ_QF_CONTINUATION 2u
#define AMQ_QF_SHIFTED      4u

/* Home slots 2^q (q <= 63). */
#define AMQ_QF_HOME_SLOTS(q) ((uint64_t)1 << (q))

/* amq_quotient_kernel_check_invariant results: 0, or the first violated property found. */
enum {
    AMQ_QF_BAD_PARAMS = 1,       /* q, r, nslots out of range (amq_quotient_kernel_params_ok)            */
    AMQ_QF_BAD_BYTE = 2,         /* a metadata byte has bits other than the three        */
    AMQ_QF_BAD_OCCUPIED = 3,     /* is_occupied bits do not match the runs one to one      */
    AMQ_QF_BAD_SHIFTED = 4,      /* is_shifted wrong, or an element before its home slot   */
    AMQ_QF_BAD_CONTINUATION = 5, /* is_continuation without a predecessor in its run        */
    AMQ_QF_BAD_CLUSTER = 6,      /* a shifted element right after a free slot              */
    AMQ_QF_BAD_ORDER = 7,        /* a run not sorted by remainder                          */
    AMQ_QF_BAD_REMAINDER = 8,    /* a stored remainder >= 2^r                              */
    AMQ_QF_BAD_COUNT = 9         /* count != number of used slots                          */
};

/*@ // The kernel's context over a store st: st writable, the ghost arrays rem, meta and gq
    // valid, gq apart from rem (the store's words are other C types: WP keeps them in
    // other memories, so nothing needs stating apart from them).
    predicate amq_quotient_store_ok{L}(amq_quotient_slots st, uint64_t *rem, uint8_t *meta, uint64_t *gq) =
      amq_quotient_slots_writable(st) && amq_quotient_slots_ghosts(st, rem, meta) &&
      \valid(gq + (0 .. st.n - 1)) && \separated(gq + (0 .. st.n - 1), rem + (0 .. st.n - 1));

    // The kernel's ghost arrays rem and meta are a window's: rem[i] is slot base + i of the
    // store s.  They are the store's slots: amq_quotient_slots_hold over the whole store,
    // against the whole store's ghost arrays rem - base and meta - base.
    predicate amq_qf_hold{L}(amq_quotient_slots s, integer base, uint64_t *rem, uint8_t *meta) =
      amq_quotient_slots_hold(s, rem - base, meta - base);

    // A window w of the store and the window's ghost arrays: the window inside the store,
    // the store's context over the whole store's ghost arrays (rem - base, ...).
    // Slots base .. base + n - 1 are the store s's (a predicate on the store's value, so that
    // Qed, which names a copy of the store by the copy, keeps it tied to the bound).
    predicate amq_qf_fits(amq_quotient_slots s, integer base, integer n) = base + n <= s.n;
    predicate amq_qf_win_readable{L}(amq_qf_win w) =
      1 <= w.n && w.base + w.n <= w.s.n && amq_quotient_slots_readable(w.s);
    predicate amq_qf_win_ok{L}(amq_qf_win w, uint64_t *rem, uint8_t *meta, uint64_t *gq) =
      amq_qf_win_readable(w) && amq_quotient_store_ok(w.s, rem - w.base, meta - w.base, gq - w.base);
*/

/*@ // The table's store and the ghost arrays: the store readable, the ghosts valid and apart
    // from it and from each other, the table struct apart from all of them.
    predicate amq_quotient_readable{L}(amq_qf *qf, uint64_t *rem, uint8_t *meta, uint64_t *gq) =
      \valid_read(qf) && 1 <= qf->nslots && qf->base + qf->nslots <= qf->slots.n &&
      amq_quotient_store_ok(qf->slots, rem - qf->base, meta - qf->base, gq - qf->base) &&
      \separated(qf, (rem - qf->base) + (0 .. qf->slots.n - 1), (meta - qf->base) + (0 .. qf->slots.n - 1),
                 (gq - qf->base) + (0 .. qf->slots.n - 1));
    predicate amq_quotient_writable{L}(amq_qf *qf, uint64_t *rem, uint8_t *meta, uint64_t *gq) =
      amq_quotient_readable(qf, rem, meta, gq) && \valid(qf);
    // The invariant, and the ghost arrays are the store's slots.
    predicate amq_quotient_ok{L}(amq_qf *qf, uint64_t *rem, uint8_t *meta, uint64_t *gq) =
      amq_qf_hold(qf->slots, qf->base, rem, meta) &&
      amq_quotient_inv(rem, meta, gq, qf->nslots, qf->count);
    predicate amq_quotient_has{L}(amq_qf *qf, uint64_t *rem, uint8_t *meta, uint64_t *gq, integer fq, integer fr) =
      amq_quotient_member(rem, meta, gq, qf->nslots, fq, fr);
    predicate amq_quotient_has2{L}(amq_qf *qf, uint64_t *rem, uint8_t *meta, uint64_t *gq, integer fq, integer fr) =
      amq_quotient_member2(rem, meta, gq, qf->nslots, fq, fr);
    // The table's fields (all but the count) are the same at A and B.
    predicate amq_quotient_fields_same{A, B}(amq_qf *qf) =
      \at(qf->nslots, A) == \at(qf->nslots, B) && \at(qf->q, A) == \at(qf->q, B) &&
      \at(qf->r, A) == \at(qf->r, B) && \at(qf->base, A) == \at(qf->base, B) &&
      \at(qf->slots.n, A) == \at(qf->slots.n, B) && \at(qf->slots.rbytes, A) == \at(qf->slots.rbytes, B) &&
      \at(qf->slots.rem16, A) == \at(qf->slots.rem16, B) && \at(qf->slots.rem32, A) == \at(qf->slots.rem32, B) &&
      \at(qf->slots.meta, A) == \at(qf->slots.meta, B);
*/

/* 1: (fq, fr) may be present (it is stored: no false negatives, and no other
 * fingerprint answers for it); 0: absent. */
/*@ requires mem:      amq_quotient_readable(qf, rem, meta, gq);
    requires inv:      amq_quotient_ok(qf, rem, meta, gq);
    requires fq_range: fq < qf->nslots;
    assigns \nothing;
    behavior present:
      assumes amq_quotient_has(qf, rem, meta, gq, fq, fr);
      ensures \result == 1;
    behavior absent:
      assumes !amq_quotient_has(qf, rem, meta, gq, fq, fr);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_quotient_kernel_query(const amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Inserts (fq, fr) after any equal copies.  0: stored.  1: table full (count == nslots).
 * 2: no free slot at or after fq (the cluster would run off the end of the table).
 * On 1 and 2 nothing changes.  WP applies only the top-level assigns clause at a call site,
 * so the contract also states for every outcome what a caller's proof needs (table fields
 * unchanged, invariant kept, no element lost), and for 1 and 2 that count and content are
 * unchanged. */
/*@ requires mem:      amq_quotient_writable(qf, rem, meta, gq);
    requires inv:      amq_quotient_ok(qf, rem, meta, gq);
    requires fq_range: fq < qf->nslots;
    requires fr_fits:  fr <= amq_quotient_rem_max(qf->slots.rbytes);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots),
            rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1], gq[0 .. qf->nslots - 1];
    ensures frame: amq_quotient_fields_same{Pre, Post}(qf);
    ensures inv:   amq_quotient_ok(qf, rem, meta, gq);
    ensures kept:  \forall integer g, h; amq_quotient_has{Pre}(qf, rem, meta, gq, g, h) ==> amq_quotient_has(qf, rem, meta, gq, g, h);
    behavior full:
      assumes qf->count >= qf->nslots;
      assigns \nothing;
      ensures result: \result == 1;
      ensures same:   qf->count == \old(qf->count) &&
                      (\forall integer g, h; amq_quotient_has(qf, rem, meta, gq, g, h) ==> amq_quotient_has{Pre}(qf, rem, meta, gq, g, h));
    behavior no_room:
      assumes qf->count < qf->nslots && !amq_quotient_room(meta, qf->nslots, fq);
      assigns \nothing;
      ensures result: \result == 2;
      ensures same:   qf->count == \old(qf->count) &&
                      (\forall integer g, h; amq_quotient_has(qf, rem, meta, gq, g, h) ==> amq_quotient_has{Pre}(qf, rem, meta, gq, g, h));
    behavior stored:
      assumes qf->count < qf->nslots && amq_quotient_room(meta, qf->nslots, fq);
      ensures result: \result == 0;
      ensures count:  qf->count == \old(qf->count) + 1;
      ensures found:  amq_quotient_has(qf, rem, meta, gq, fq, fr);
      ensures only:   \forall integer g, h; amq_quotient_has(qf, rem, meta, gq, g, h) ==>
                        amq_quotient_has{Pre}(qf, rem, meta, gq, g, h) || (g == fq && h == fr);
      ensures twice:  amq_quotient_has{Pre}(qf, rem, meta, gq, fq, fr) ==> amq_quotient_has2(qf, rem, meta, gq, fq, fr);
      ensures exact:  \exists integer p, e;
                        amq_quotient_ins_pos{Pre}(rem, meta, gq, qf->nslots, fq, fr, p, e) &&
                        amq_quotient_inserted{Pre, Post}(rem, meta, gq, qf->nslots, fq, fr, p, e);
    complete behaviors;
    disjoint behaviors;
*/
int amq_quotient_kernel_insert(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Removes one copy of (fq, fr).  0: removed.  1: not present, nothing changed (as for
 * insert, the outcome-independent facts are stated at the top level of the contract). */
/*@ requires mem:      amq_quotient_writable(qf, rem, meta, gq);
    requires inv:      amq_quotient_ok(qf, rem, meta, gq);
    requires fq_range: fq < qf->nslots;
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots),
            rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1], gq[0 .. qf->nslots - 1];
    ensures frame: amq_quotient_fields_same{Pre, Post}(qf);
    ensures inv:   amq_quotient_ok(qf, rem, meta, gq);
    ensures kept:  \forall integer g, h; amq_quotient_has{Pre}(qf, rem, meta, gq, g, h) ==> (g != fq || h != fr) ==>
                     amq_quotient_has(qf, rem, meta, gq, g, h);
    ensures only:  \forall integer g, h; amq_quotient_has(qf, rem, meta, gq, g, h) ==> amq_quotient_has{Pre}(qf, rem, meta, gq, g, h);
    behavior absent:
      assumes !amq_quotient_has(qf, rem, meta, gq, fq, fr);
      assigns \nothing;
      ensures result: \result == 1;
      ensures same:   qf->count == \old(qf->count) &&
                      (\forall integer g, h; amq_quotient_has{Pre}(qf, rem, meta, gq, g, h) ==> amq_quotient_has(qf, rem, meta, gq, g, h));
    behavior removed:
      assumes amq_quotient_has(qf, rem, meta, gq, fq, fr);
      ensures result: \result == 0;
      ensures count:  qf->count == \old(qf->count) - 1;
      ensures twice:  amq_quotient_has2{Pre}(qf, rem, meta, gq, fq, fr) ==> amq_quotient_has(qf, rem, meta, gq, fq, fr);
      ensures exact:  \exists integer p, t;
                        amq_quotient_del_pos{Pre}(rem, meta, gq, qf->nslots, fq, fr, p, t) &&
                        amq_quotient_deleted{Pre, Post}(rem, meta, gq, qf->nslots, fq, fr, p, t);
    complete behaviors;
    disjoint behaviors;
*/
int amq_quotient_kernel_delete(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Empties the table (every slot's remainder and metadata 0, count 0).  The invariant then
 * holds for every ghost quotient array. */
/*@ requires mem:    \valid(qf) && 1 <= qf->nslots && qf->base + qf->nslots <= qf->slots.n &&
                     amq_quotient_slots_writable(qf->slots) &&
                     amq_quotient_slots_ghosts(qf->slots, rem - qf->base, meta - qf->base);
    requires apart:  \separated(qf, (rem - qf->base) + (0 .. qf->slots.n - 1), (meta - qf->base) + (0 .. qf->slots.n - 1));
    requires hold:   amq_qf_hold(qf->slots, qf->base, rem, meta);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots),
            rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1];
    ensures frame: amq_quotient_fields_same{Pre, Post}(qf);
    ensures hold:  amq_qf_hold(qf->slots, qf->base, rem, meta);
    ensures empty: qf->count == 0 && amq_quotient_all_free(meta, qf->nslots) &&
                   (\forall integer i; 0 <= i < qf->nslots ==> rem[i] == 0);
    ensures inv:   \forall uint64_t *g; amq_quotient_inv(rem, meta, g, qf->nslots, qf->count);
*/
void amq_quotient_kernel_clear(amq_qf *qf) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */;

/* Number of stored fingerprints (with multiplicity). */
/*@ requires \valid_read(qf);
    assigns \nothing;
    ensures \result == qf->count;
*/
uint64_t amq_quotient_kernel_count(const amq_qf *qf);

/* Iteration over the stored fingerprints in increasing (fq, fr) order, copies included:
 *   amq_qf_iter it; amq_quotient_kernel_iter_init(&it);
 *   while (amq_quotient_kernel_next(qf, &it, &fq, &fr)) ...
 * The table must not change during an iteration. */
/*@ predicate amq_quotient_iter_ok{L}(amq_qf_iter *it, amq_qf *qf, uint8_t *meta, uint64_t *gq) =
      it->slot <= qf->nslots &&
      (0 < it->slot && amq_quotient_used(meta, it->slot - 1) ==> it->quot == gq[it->slot - 1]);
*/
/*@ requires \valid(it);
    assigns it->slot, it->quot;
    ensures it->slot == 0;
*/
void amq_quotient_kernel_iter_init(amq_qf_iter *it);

/* 1: (*fq, *fr) is the next stored fingerprint (the element of the next used slot);
 * 0: no more. */
/*@ requires mem:   amq_quotient_readable(qf, rem, meta, gq);
    requires inv:   amq_quotient_ok(qf, rem, meta, gq);
    requires out:   \valid(it) && \valid(fq) && \valid(fr);
    requires sep:   \separated(it, fq, fr, qf, rem + (0 .. qf->nslots - 1),
                               meta + (0 .. qf->nslots - 1), gq + (0 .. qf->nslots - 1));
    requires state: amq_quotient_iter_ok(it, qf, meta, gq);
    assigns it->slot, it->quot, *fq, *fr;
    behavior done:
      assumes \forall integer i; it->slot <= i < qf->nslots ==> !amq_quotient_used(meta, i);
      assigns it->slot;
      ensures result: \result == 0 && it->slot == qf->nslots;
    behavior next:
      assumes \exists integer i; it->slot <= i < qf->nslots && amq_quotient_used(meta, i);
      ensures result:  \result == 1;
      ensures slot:    \old(it->slot) < it->slot <= qf->nslots;
      ensures skipped: \forall integer i; \old(it->slot) <= i < it->slot - 1 ==> !amq_quotient_used(meta, i);
      ensures element: amq_quotient_used(meta, it->slot - 1) &&
                       *fq == gq[it->slot - 1] && *fr == rem[it->slot - 1];
      ensures state:   amq_quotient_iter_ok(it, qf, meta, gq);
    complete behaviors;
    disjoint behaviors;
*/
int amq_quotient_kernel_next(const amq_qf *qf, amq_qf_iter *it, uint64_t *fq, uint64_t *fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/*@ // The table parameters amq_quotient_kernel_params_ok accepts.
    predicate amq_quotient_params_ok(integer q, integer r, integer nslots) =
      1 <= q <= 63 && 1 <= r && q + r <= 64 && nslots >= (1 << q);
*/

/* 1 iff 1 <= q, 1 <= r, q + r <= 64 and nslots >= 2^q; else 0. */
/*@ assigns \nothing;
    ensures ok:   \result != 0 <==> amq_quotient_params_ok(q, r, nslots);
    ensures bool: \result == 0 || \result == 1;
*/
int amq_quotient_kernel_params_ok(uint64_t q, uint64_t r, uint64_t nslots);

/* Suggested slack (nslots = 2^q + slack): min(2^q, 10 * 2^ceil(q/2)).  q <= 63. */
/*@ requires q <= 63;
    assigns \nothing;
    ensures \result <= (1 << q);
*/
uint64_t amq_quotient_kernel_default_slack(uint64_t q);

/* 0 iff the table satisfies the metadata invariant (amq_quotient_inv, quotients decoded from
 * the metadata): bytes hold only the three bits, runs sorted, is_shifted consistent with
 * the canonical slot, clusters contiguous, is_occupied bits one to one with the runs,
 * remainders below 2^r, count == used slots; else an AMQ_QF_BAD_* code.
 * Proved (see proofs/README.md): the result is 0 or a code; AMQ_QF_BAD_PARAMS exactly
 * when the parameters are bad; a 0 implies parameters ok, bytes below 8, every used
 * slot's remainder below 2^r and count == the number of used slots.  Not proved: that
 * a 0 implies the rest of amq_quotient_inv (the decoded quotients), nor the converse. */
/*@ requires \valid_read(qf) && 1 <= qf->nslots;
    requires store: amq_quotient_slots_readable(qf->slots) && amq_qf_fits(qf->slots, qf->base, qf->nslots);
    requires hold:  amq_qf_hold(qf->slots, qf->base, rem, meta);
    assigns \nothing;
    ensures codes:     0 <= \result <= AMQ_QF_BAD_COUNT;
    ensures params:    \result == AMQ_QF_BAD_PARAMS <==> !amq_quotient_params_ok(qf->q, qf->r, qf->nslots);
    ensures ok_params: \result == 0 ==> amq_quotient_params_ok(qf->q, qf->r, qf->nslots);
    ensures ok_bytes:  \result == 0 ==> amq_quotient_bytes(meta, qf->nslots);
    ensures ok_rem:    \result == 0 ==> \forall integer i; 0 <= i < qf->nslots ==>
                         amq_quotient_used(meta, i) ==> rem[i] < (1 << qf->r);
    ensures ok_count:  \result == 0 ==> qf->count == amq_quotient_nused(meta, qf->nslots);
*/
int amq_quotient_kernel_check_invariant(const amq_qf *qf) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */;

#endif
