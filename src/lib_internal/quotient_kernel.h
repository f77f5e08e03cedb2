/* Quotient filter kernel over fingerprints (Bender et al., "Don't thrash: how to cache
 * your hash on flash", PVLDB 2012).  No hashing here: a p-bit fingerprint f (p = q + r,
 * 1 <= q, 1 <= r, p <= 64) is passed as its quotient fq = f >> r (top q bits) and its
 * remainder fr = f & (2^r - 1).
 *
 * Layout.  nslots slots; slot i holds rem[i] (one uint64_t) and meta[i] (one byte: bit 0
 * is_occupied, bit 1 is_continuation, bit 2 is_shifted; a slot is free iff its byte is 0).
 * Memory: 9 bytes per slot (a packed r+3-bit layout is a later optimisation).
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
 * Proofs.  The contracts below are what `make prove` checks (unit `quotient`).  Stored
 * quotients are not in memory; the contracts name them through a ghost array gq (ghost
 * parameter, one uint64_t per slot) that the kernel updates in ghost code.  C callers do
 * not see it; Frama-C callers pass a ghost array: `amq_quotient_kernel_insert(qf, fq, fr) /@ ghost (gq) @/`.
 * amq_quotient_inv (acsl/amq/quotient_logic.h) ties gq to the metadata; every state reached
 * from amq_quotient_kernel_clear through the kernel's operations satisfies it (clear establishes it for
 * every gq, the operations preserve it).  amq_quotient_kernel_check_invariant is its executable twin
 * (it decodes the quotients itself). */
#ifndef AMQ_QUOTIENT_KERNEL_H
#define AMQ_QUOTIENT_KERNEL_H
#include <stdint.h>
#include <amq/quotient_logic.h>

typedef struct amq_qf {
    uint64_t q;      /* quotient bits, 1 <= q <= 63 */
    uint64_t r;      /* remainder bits, 1 <= r, q + r <= 64 */
    uint64_t nslots; /* 2^q home slots + slack, nslots >= 2^q */
    uint64_t count;  /* stored fingerprints (with multiplicity) */
    uint64_t *rem;   /* nslots remainders */
    uint8_t *meta;   /* nslots metadata bytes */
} amq_qf;

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

/*@ predicate amq_quotient_readable{L}(amq_qf *qf, uint64_t *gq) =
      \valid_read(qf) && 1 <= qf->nslots &&
      \valid_read(qf->rem + (0 .. qf->nslots - 1)) &&
      \valid_read(qf->meta + (0 .. qf->nslots - 1)) &&
      \valid_read(gq + (0 .. qf->nslots - 1)) &&
      \separated(qf, qf->rem + (0 .. qf->nslots - 1), qf->meta + (0 .. qf->nslots - 1),
                 gq + (0 .. qf->nslots - 1));
    predicate amq_quotient_writable{L}(amq_qf *qf, uint64_t *gq) =
      amq_quotient_readable(qf, gq) && \valid(qf) &&
      \valid(qf->rem + (0 .. qf->nslots - 1)) && \valid(qf->meta + (0 .. qf->nslots - 1)) &&
      \valid(gq + (0 .. qf->nslots - 1));
    predicate amq_quotient_ok{L}(amq_qf *qf, uint64_t *gq) =
      amq_quotient_inv(qf->rem, qf->meta, gq, qf->nslots, qf->count);
    predicate amq_quotient_has{L}(amq_qf *qf, uint64_t *gq, integer fq, integer fr) =
      amq_quotient_member(qf->rem, qf->meta, gq, qf->nslots, fq, fr);
    predicate amq_quotient_has2{L}(amq_qf *qf, uint64_t *gq, integer fq, integer fr) =
      amq_quotient_member2(qf->rem, qf->meta, gq, qf->nslots, fq, fr);
*/

/* 1: (fq, fr) may be present (it is stored: no false negatives, and no other
 * fingerprint answers for it); 0: absent. */
/*@ requires mem:      amq_quotient_readable(qf, gq);
    requires inv:      amq_quotient_ok(qf, gq);
    requires fq_range: fq < qf->nslots;
    assigns \nothing;
    behavior present:
      assumes amq_quotient_has(qf, gq, fq, fr);
      ensures \result == 1;
    behavior absent:
      assumes !amq_quotient_has(qf, gq, fq, fr);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_quotient_kernel_query(const amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *gq) */;

/* Inserts (fq, fr) after any equal copies.  0: stored.  1: table full (count == nslots).
 * 2: no free slot at or after fq (the cluster would run off the end of the table).
 * On 1 and 2 nothing changes.  WP applies only the top-level assigns clause at a call site,
 * so the contract also states for every outcome what a caller's proof needs (table fields
 * unchanged, invariant kept, no element lost), and for 1 and 2 that count and content are
 * unchanged. */
/*@ requires mem:      amq_quotient_writable(qf, gq);
    requires inv:      amq_quotient_ok(qf, gq);
    requires fq_range: fq < qf->nslots;
    assigns qf->count, qf->rem[0 .. qf->nslots - 1], qf->meta[0 .. qf->nslots - 1],
            gq[0 .. qf->nslots - 1];
    ensures frame: qf->nslots == \old(qf->nslots) && qf->rem == \old(qf->rem) &&
                   qf->meta == \old(qf->meta);
    ensures inv:   amq_quotient_ok(qf, gq);
    ensures kept:  \forall integer g, h; amq_quotient_has{Pre}(qf, gq, g, h) ==> amq_quotient_has(qf, gq, g, h);
    behavior full:
      assumes qf->count >= qf->nslots;
      assigns \nothing;
      ensures result: \result == 1;
      ensures same:   qf->count == \old(qf->count) &&
                      (\forall integer g, h; amq_quotient_has(qf, gq, g, h) ==> amq_quotient_has{Pre}(qf, gq, g, h));
    behavior no_room:
      assumes qf->count < qf->nslots && !amq_quotient_room(qf->meta, qf->nslots, fq);
      assigns \nothing;
      ensures result: \result == 2;
      ensures same:   qf->count == \old(qf->count) &&
                      (\forall integer g, h; amq_quotient_has(qf, gq, g, h) ==> amq_quotient_has{Pre}(qf, gq, g, h));
    behavior stored:
      assumes qf->count < qf->nslots && amq_quotient_room(qf->meta, qf->nslots, fq);
      ensures result: \result == 0;
      ensures count:  qf->count == \old(qf->count) + 1;
      ensures found:  amq_quotient_has(qf, gq, fq, fr);
      ensures only:   \forall integer g, h; amq_quotient_has(qf, gq, g, h) ==>
                        amq_quotient_has{Pre}(qf, gq, g, h) || (g == fq && h == fr);
      ensures twice:  amq_quotient_has{Pre}(qf, gq, fq, fr) ==> amq_quotient_has2(qf, gq, fq, fr);
      ensures exact:  \exists integer p, e;
                        amq_quotient_ins_pos{Pre}(qf->rem, qf->meta, gq, qf->nslots, fq, fr, p, e) &&
                        amq_quotient_inserted{Pre, Post}(qf->rem, qf->meta, gq, qf->nslots, fq, fr, p, e);
    complete behaviors;
    disjoint behaviors;
*/
int amq_quotient_kernel_insert(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *gq) */;

/* Removes one copy of (fq, fr).  0: removed.  1: not present, nothing changed (as for
 * insert, the outcome-independent facts are stated at the top level of the contract). */
/*@ requires mem:      amq_quotient_writable(qf, gq);
    requires inv:      amq_quotient_ok(qf, gq);
    requires fq_range: fq < qf->nslots;
    assigns qf->count, qf->rem[0 .. qf->nslots - 1], qf->meta[0 .. qf->nslots - 1],
            gq[0 .. qf->nslots - 1];
    ensures frame: qf->nslots == \old(qf->nslots) && qf->rem == \old(qf->rem) &&
                   qf->meta == \old(qf->meta);
    ensures inv:   amq_quotient_ok(qf, gq);
    ensures kept:  \forall integer g, h; amq_quotient_has{Pre}(qf, gq, g, h) ==> (g != fq || h != fr) ==>
                     amq_quotient_has(qf, gq, g, h);
    ensures only:  \forall integer g, h; amq_quotient_has(qf, gq, g, h) ==> amq_quotient_has{Pre}(qf, gq, g, h);
    behavior absent:
      assumes !amq_quotient_has(qf, gq, fq, fr);
      assigns \nothing;
      ensures result: \result == 1;
      ensures same:   qf->count == \old(qf->count) &&
                      (\forall integer g, h; amq_quotient_has{Pre}(qf, gq, g, h) ==> amq_quotient_has(qf, gq, g, h));
    behavior removed:
      assumes amq_quotient_has(qf, gq, fq, fr);
      ensures result: \result == 0;
      ensures count:  qf->count == \old(qf->count) - 1;
      ensures twice:  amq_quotient_has2{Pre}(qf, gq, fq, fr) ==> amq_quotient_has(qf, gq, fq, fr);
      ensures exact:  \exists integer p, t;
                        amq_quotient_del_pos{Pre}(qf->rem, qf->meta, gq, qf->nslots, fq, fr, p, t) &&
                        amq_quotient_deleted{Pre, Post}(qf->rem, qf->meta, gq, qf->nslots, fq, fr, p, t);
    complete behaviors;
    disjoint behaviors;
*/
int amq_quotient_kernel_delete(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *gq) */;

/* Empties the table (every byte and remainder 0, count 0).  The invariant then holds for
 * every ghost array. */
/*@ requires mem: \valid(qf) && 1 <= qf->nslots &&
                  \valid(qf->rem + (0 .. qf->nslots - 1)) && \valid(qf->meta + (0 .. qf->nslots - 1)) &&
                  \separated(qf, qf->rem + (0 .. qf->nslots - 1), qf->meta + (0 .. qf->nslots - 1));
    assigns qf->count, qf->rem[0 .. qf->nslots - 1], qf->meta[0 .. qf->nslots - 1];
    ensures empty: qf->count == 0 && amq_quotient_all_free(qf->meta, qf->nslots) &&
                   (\forall integer i; 0 <= i < qf->nslots ==> qf->rem[i] == 0);
    ensures inv:   \forall uint64_t *g; amq_quotient_inv(qf->rem, qf->meta, g, qf->nslots, qf->count);
*/
void amq_quotient_kernel_clear(amq_qf *qf);

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
/*@ predicate amq_quotient_iter_ok{L}(amq_qf_iter *it, amq_qf *qf, uint64_t *gq) =
      it->slot <= qf->nslots &&
      (0 < it->slot && amq_quotient_used(qf->meta, it->slot - 1) ==> it->quot == gq[it->slot - 1]);
*/
/*@ requires \valid(it);
    assigns it->slot, it->quot;
    ensures it->slot == 0;
*/
void amq_quotient_kernel_iter_init(amq_qf_iter *it);

/* 1: (*fq, *fr) is the next stored fingerprint (the element of the next used slot);
 * 0: no more. */
/*@ requires mem:   amq_quotient_readable(qf, gq);
    requires inv:   amq_quotient_ok(qf, gq);
    requires out:   \valid(it) && \valid(fq) && \valid(fr);
    requires sep:   \separated(it, fq, fr, qf, qf->rem + (0 .. qf->nslots - 1),
                               qf->meta + (0 .. qf->nslots - 1), gq + (0 .. qf->nslots - 1));
    requires state: amq_quotient_iter_ok(it, qf, gq);
    assigns it->slot, it->quot, *fq, *fr;
    behavior done:
      assumes \forall integer i; it->slot <= i < qf->nslots ==> !amq_quotient_used(qf->meta, i);
      assigns it->slot;
      ensures result: \result == 0 && it->slot == qf->nslots;
    behavior next:
      assumes \exists integer i; it->slot <= i < qf->nslots && amq_quotient_used(qf->meta, i);
      ensures result:  \result == 1;
      ensures slot:    \old(it->slot) < it->slot <= qf->nslots;
      ensures skipped: \forall integer i; \old(it->slot) <= i < it->slot - 1 ==> !amq_quotient_used(qf->meta, i);
      ensures element: amq_quotient_used(qf->meta, it->slot - 1) &&
                       *fq == gq[it->slot - 1] && *fr == qf->rem[it->slot - 1];
      ensures state:   amq_quotient_iter_ok(it, qf, gq);
    complete behaviors;
    disjoint behaviors;
*/
int amq_quotient_kernel_next(const amq_qf *qf, amq_qf_iter *it, uint64_t *fq, uint64_t *fr)
    /*@ ghost (uint64_t \ghost *gq) */;

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
    requires \valid_read(qf->rem + (0 .. qf->nslots - 1)) && \valid_read(qf->meta + (0 .. qf->nslots - 1));
    assigns \nothing;
    ensures codes:     0 <= \result <= AMQ_QF_BAD_COUNT;
    ensures params:    \result == AMQ_QF_BAD_PARAMS <==> !amq_quotient_params_ok(qf->q, qf->r, qf->nslots);
    ensures ok_params: \result == 0 ==> amq_quotient_params_ok(qf->q, qf->r, qf->nslots);
    ensures ok_bytes:  \result == 0 ==> amq_quotient_bytes(qf->meta, qf->nslots);
    ensures ok_rem:    \result == 0 ==> \forall integer i; 0 <= i < qf->nslots ==>
                         amq_quotient_used(qf->meta, i) ==> qf->rem[i] < (1 << qf->r);
    ensures ok_count:  \result == 0 ==> qf->count == amq_quotient_nused(qf->meta, qf->nslots);
*/
int amq_quotient_kernel_check_invariant(const amq_qf *qf);

#endif
