/* Theorem drivers for the quotient filter kernel (lib_internal/quotient_kernel.h).  Not part of the
 * library: WP proves these bodies against the kernel's contracts, and the same frama-c run
 * proves those contracts on the compiled src/quotient_{steps,kernel,insert,delete}.c.
 *
 * Every driver starts from any table satisfying the invariant (amq_quotient_ok) and calls only
 * the kernel; gq is the ghost quotient array the kernel maintains.  Each returns 1 iff its
 * property holds on this run, and WP proves \result == 1.
 *
 *   amq_proof_quotient_insert_query:     insert(f) succeeds ==> query(f) == 1.
 *   amq_proof_quotient_query_preserved:  query(g) == 1 before an insert(f) ==> query(g) == 1 after.
 *   amq_proof_quotient_delete_keeps:     f stored ==> delete(f) succeeds, and every other stored g
 *                                  still answers query(g) == 1.
 *   amq_proof_quotient_delete_inserted:  insert(f) succeeds ==> delete(f) succeeds.
 *   amq_proof_quotient_multiset:         insert(f) twice (both succeed), delete(f) once ==>
 *                                  query(f) == 1.
 *   amq_proof_quotient_full:             count == nslots ==> insert returns 1, and count and content
 *                                  are unchanged.
 *   amq_proof_quotient_nfn:              no false negatives: insert(f), then any number of further
 *                                  inserts (successful or not), then query(f) == 1.
 *   amq_proof_quotient_nfn_mixed:        the same through any sequence of inserts and deletes, as
 *                                  long as none deletes f itself. */
#include <stddef.h>
#include <lib_internal/quotient_kernel.h>

int amq_proof_quotient_insert_query(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_query_preserved(amq_qf *qf, uint64_t fq, uint64_t fr, uint64_t gq_, uint64_t gr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_delete_keeps(amq_qf *qf, uint64_t fq, uint64_t fr, uint64_t gq_, uint64_t gr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_delete_inserted(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_multiset(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_full(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_nfn(amq_qf *qf, uint64_t fq, uint64_t fr, const uint64_t *fqs, const uint64_t *frs,
                     size_t count) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_nfn_mixed(amq_qf *qf, uint64_t fq, uint64_t fr, const unsigned char *ops,
                           const uint64_t *fqs, const uint64_t *frs, size_t count)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/*@ requires mem:      amq_quotient_writable(qf, rem, meta, gq);
    requires inv:      amq_quotient_ok(qf, rem, meta, gq);
    requires fq_range: fq < qf->nslots;
    requires fr_fits:    fr <= amq_quotient_rem_max(qf->slots.rbytes);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1],
            gq[0 .. qf->nslots - 1];
    ensures found: \result == 1;
*/
int amq_proof_quotient_insert_query(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    if (amq_quotient_kernel_insert(qf, fq, fr) /*@ ghost (rem, meta, gq) */ != 0)
        return 1; /* refused: nothing to show */
    /* writable after the insert (129k): the query's readable then follows at once (325k alone) */
    /*@ assert mem_w: amq_quotient_writable(qf, rem, meta, gq); */
    return amq_quotient_kernel_query(qf, fq, fr) /*@ ghost (rem, meta, gq) */;
}

/*@ requires mem:      amq_quotient_writable(qf, rem, meta, gq);
    requires inv:      amq_quotient_ok(qf, rem, meta, gq);
    requires fq_range: fq < qf->nslots && gq_ < qf->nslots;
    requires fr_fits:    fr <= amq_quotient_rem_max(qf->slots.rbytes);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1],
            gq[0 .. qf->nslots - 1];
    ensures preserved: \result == 1;
*/
int amq_proof_quotient_query_preserved(amq_qf *qf, uint64_t fq, uint64_t fr, uint64_t gq_, uint64_t gr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    int before = amq_quotient_kernel_query(qf, gq_, gr) /*@ ghost (rem, meta, gq) */;
    (void)amq_quotient_kernel_insert(qf, fq, fr) /*@ ghost (rem, meta, gq) */;
    int after = amq_quotient_kernel_query(qf, gq_, gr) /*@ ghost (rem, meta, gq) */;
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires mem:      amq_quotient_writable(qf, rem, meta, gq);
    requires inv:      amq_quotient_ok(qf, rem, meta, gq);
    requires fq_range: fq < qf->nslots && gq_ < qf->nslots;
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1],
            gq[0 .. qf->nslots - 1];
    ensures kept: \result == 1;
*/
int amq_proof_quotient_delete_keeps(amq_qf *qf, uint64_t fq, uint64_t fr, uint64_t gq_, uint64_t gr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    if (amq_quotient_kernel_query(qf, fq, fr) /*@ ghost (rem, meta, gq) */ == 0)
        return 1; /* f not stored: nothing to show */
    int before = amq_quotient_kernel_query(qf, gq_, gr) /*@ ghost (rem, meta, gq) */;
    int rc = amq_quotient_kernel_delete(qf, fq, fr) /*@ ghost (rem, meta, gq) */;
    int after = amq_quotient_kernel_query(qf, gq_, gr) /*@ ghost (rem, meta, gq) */;
    /* Bitwise, not &&/||: a short-circuit branch that can never run is dead code, which
     * the smoke tests (rightly) reject. */
    return (rc == 0) & (((gq_ == fq) & (gr == fr)) | (before <= after));
}

/*@ requires mem:      amq_quotient_writable(qf, rem, meta, gq);
    requires inv:      amq_quotient_ok(qf, rem, meta, gq);
    requires fq_range: fq < qf->nslots;
    requires fr_fits:    fr <= amq_quotient_rem_max(qf->slots.rbytes);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1],
            gq[0 .. qf->nslots - 1];
    ensures deleted: \result == 1;
*/
int amq_proof_quotient_delete_inserted(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    if (amq_quotient_kernel_insert(qf, fq, fr) /*@ ghost (rem, meta, gq) */ != 0)
        return 1;
    return amq_quotient_kernel_delete(qf, fq, fr) /*@ ghost (rem, meta, gq) */ == 0;
}

/* The second insert, the delete and the query of amq_proof_quotient_multiset, (fq, fr) stored
 * once already: a function of its own, so that no goal carries three kernel calls' contracts
 * (the query's `mem` after three calls ran cvc4 to 120 s; after two it takes 0.8M steps). */
/*@ requires mem:      amq_quotient_writable(qf, rem, meta, gq);
    requires inv:      amq_quotient_ok(qf, rem, meta, gq);
    requires fq_range: fq < qf->nslots;
    requires fr_fits:  fr <= amq_quotient_rem_max(qf->slots.rbytes);
    requires stored:   amq_quotient_has(qf, rem, meta, gq, fq, fr);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1],
            gq[0 .. qf->nslots - 1];
    ensures copy_left: \result == 1;
*/
static int amq_proof_quotient_multiset_tail(amq_qf *qf, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    if (amq_quotient_kernel_insert(qf, fq, fr) /*@ ghost (rem, meta, gq) */ != 0)
        return 1;
    int rc = amq_quotient_kernel_delete(qf, fq, fr) /*@ ghost (rem, meta, gq) */;
    int left = amq_quotient_kernel_query(qf, fq, fr) /*@ ghost (rem, meta, gq) */;
    return (rc == 0) & left; /* bitwise: rc != 0 never happens (no dead branch) */
}

/*@ requires mem:      amq_quotient_writable(qf, rem, meta, gq);
    requires inv:      amq_quotient_ok(qf, rem, meta, gq);
    requires fq_range: fq < qf->nslots;
    requires fr_fits:    fr <= amq_quotient_rem_max(qf->slots.rbytes);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1],
            gq[0 .. qf->nslots - 1];
    ensures copy_left: \result == 1;
*/
int amq_proof_quotient_multiset(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    if (amq_quotient_kernel_insert(qf, fq, fr) /*@ ghost (rem, meta, gq) */ != 0)
        return 1;
    return amq_proof_quotient_multiset_tail(qf, fq, fr) /*@ ghost (rem, meta, gq) */;
}

/*@ requires mem:      amq_quotient_writable(qf, rem, meta, gq);
    requires inv:      amq_quotient_ok(qf, rem, meta, gq);
    requires fq_range: fq < qf->nslots;
    requires fr_fits:    fr <= amq_quotient_rem_max(qf->slots.rbytes);
    requires full:     qf->count == qf->nslots;
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1],
            gq[0 .. qf->nslots - 1];
    ensures refused: \result == 1;
    ensures same:    qf->count == \old(qf->count) &&
                     \forall integer g, h; amq_quotient_has(qf, rem, meta, gq, g, h) <==> amq_quotient_has{Pre}(qf, rem, meta, gq, g, h);
*/
int amq_proof_quotient_full(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    return amq_quotient_kernel_insert(qf, fq, fr) /*@ ghost (rem, meta, gq) */ == 1;
}

/* Steps of the no-false-negative loops: one operation each, with a contract that says
 * only what the loops need ((fq, fr) stays stored, the table stays valid).  Each body has
 * one path through a kernel call (WP joins paths by renaming memories, which the provers
 * find hard to see through, so the drivers keep joins out of the kernel calls' contexts). */
/*@ requires mem:    amq_quotient_writable(qf, rem, meta, gq);
    requires inv:    amq_quotient_ok(qf, rem, meta, gq);
    requires stored: amq_quotient_has(qf, rem, meta, gq, fq, fr);
    requires n:      n == qf->nslots;
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. n - 1], meta[0 .. n - 1], gq[0 .. n - 1];
    ensures frame:  qf->nslots == n && amq_quotient_fields_same{Pre, Post}(qf);
    ensures mem:    amq_quotient_writable(qf, rem, meta, gq);
    ensures inv:    amq_quotient_ok(qf, rem, meta, gq);
    ensures stored: amq_quotient_has(qf, rem, meta, gq, fq, fr);
*/
static void amq_proof_quotient_ins_step(amq_qf *qf, uint64_t n, uint64_t fq, uint64_t fr, uint64_t q,
                                  uint64_t r) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    (void)fq; (void)fr; /* for the contract */
    /* the kernel's preconditions; other quotients and remainders are skipped */
    if ((q < n) & (r <= amq_quotient_slots_rem_max(qf->slots.rbytes)))
        (void)amq_quotient_kernel_insert(qf, q, r) /*@ ghost (rem, meta, gq) */;
}

/* Deletes (q, r) unless it is (fq, fr) or q is out of range. */
/*@ requires mem:    amq_quotient_writable(qf, rem, meta, gq);
    requires inv:    amq_quotient_ok(qf, rem, meta, gq);
    requires stored: amq_quotient_has(qf, rem, meta, gq, fq, fr);
    requires n:      n == qf->nslots;
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. n - 1], meta[0 .. n - 1], gq[0 .. n - 1];
    ensures frame:  qf->nslots == n && amq_quotient_fields_same{Pre, Post}(qf);
    ensures mem:    amq_quotient_writable(qf, rem, meta, gq);
    ensures inv:    amq_quotient_ok(qf, rem, meta, gq);
    ensures stored: amq_quotient_has(qf, rem, meta, gq, fq, fr);
*/
static void amq_proof_quotient_del_step(amq_qf *qf, uint64_t n, uint64_t fq, uint64_t fr, uint64_t q,
                                  uint64_t r) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    int go = (q < n) & ((q != fq) | (r != fr)); /* bitwise: one branch below */
    if (go)
        (void)amq_quotient_kernel_delete(qf, q, r) /*@ ghost (rem, meta, gq) */;
    /* the table's fields that mem reads, against Pre, for the ensures mem after the join */
    /*@ assert mem_f: qf->slots == \at(qf->slots, Pre) && qf->base == \at(qf->base, Pre) &&
                      qf->nslots == \at(qf->nslots, Pre); */
}

/*@ requires mem:        amq_quotient_writable(qf, rem, meta, gq);
    requires inv:        amq_quotient_ok(qf, rem, meta, gq);
    requires fq_range:   fq < qf->nslots;
    requires fr_fits:    fr <= amq_quotient_rem_max(qf->slots.rbytes);
    requires arrays:     \valid_read(fqs + (0 .. count - 1)) && \valid_read(frs + (0 .. count - 1));
    requires sep:        \separated(fqs + (0 .. count - 1), qf, rem + (0 .. qf->nslots - 1),
                                    meta + (0 .. qf->nslots - 1), gq + (0 .. qf->nslots - 1)) &&
                         \separated(frs + (0 .. count - 1), qf, rem + (0 .. qf->nslots - 1),
                                    meta + (0 .. qf->nslots - 1), gq + (0 .. qf->nslots - 1));
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1],
            gq[0 .. qf->nslots - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_quotient_nfn(amq_qf *qf, uint64_t fq, uint64_t fr, const uint64_t *fqs, const uint64_t *frs,
                     size_t count) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    uint64_t n = qf->nslots;
    if (amq_quotient_kernel_insert(qf, fq, fr) /*@ ghost (rem, meta, gq) */ != 0)
        return 1;
    /*@ loop invariant bounds: 0 <= i <= count;
        loop invariant frame:  qf->nslots == n && amq_quotient_fields_same{Pre, Here}(qf);
        loop invariant mem:    amq_quotient_writable(qf, rem, meta, gq);
        loop invariant inv:    amq_quotient_ok(qf, rem, meta, gq);
        loop invariant stored: amq_quotient_has(qf, rem, meta, gq, fq, fr);
        loop assigns i, qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. n - 1], meta[0 .. n - 1], gq[0 .. n - 1];
        loop variant count - i;
    */
    for (size_t i = 0; i < count; i++)
        amq_proof_quotient_ins_step(qf, n, fq, fr, fqs[i], frs[i]) /*@ ghost (rem, meta, gq) */;
    return amq_quotient_kernel_query(qf, fq, fr) /*@ ghost (rem, meta, gq) */;
}

/*@ requires mem:        amq_quotient_writable(qf, rem, meta, gq);
    requires inv:        amq_quotient_ok(qf, rem, meta, gq);
    requires fq_range:   fq < qf->nslots;
    requires fr_fits:    fr <= amq_quotient_rem_max(qf->slots.rbytes);
    requires arrays:     \valid_read(ops + (0 .. count - 1)) &&
                         \valid_read(fqs + (0 .. count - 1)) && \valid_read(frs + (0 .. count - 1));
    requires sep:        \separated(ops + (0 .. count - 1), qf, rem + (0 .. qf->nslots - 1),
                                    meta + (0 .. qf->nslots - 1), gq + (0 .. qf->nslots - 1)) &&
                         \separated(fqs + (0 .. count - 1), qf, rem + (0 .. qf->nslots - 1),
                                    meta + (0 .. qf->nslots - 1), gq + (0 .. qf->nslots - 1)) &&
                         \separated(frs + (0 .. count - 1), qf, rem + (0 .. qf->nslots - 1),
                                    meta + (0 .. qf->nslots - 1), gq + (0 .. qf->nslots - 1));
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1],
            gq[0 .. qf->nslots - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_quotient_nfn_mixed(amq_qf *qf, uint64_t fq, uint64_t fr, const unsigned char *ops,
                           const uint64_t *fqs, const uint64_t *frs, size_t count)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    uint64_t n = qf->nslots;
    if (amq_quotient_kernel_insert(qf, fq, fr) /*@ ghost (rem, meta, gq) */ != 0)
        return 1;
    /*@ loop invariant bounds: 0 <= i <= count;
        loop invariant frame:  qf->nslots == n && amq_quotient_fields_same{Pre, Here}(qf);
        loop invariant mem:    amq_quotient_writable(qf, rem, meta, gq);
        loop invariant inv:    amq_quotient_ok(qf, rem, meta, gq);
        loop invariant stored: amq_quotient_has(qf, rem, meta, gq, fq, fr);
        loop assigns i, qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. n - 1], meta[0 .. n - 1], gq[0 .. n - 1];
        loop variant count - i;
    */
    for (size_t i = 0; i < count; i++) {
        if (ops[i] == 0u)
            amq_proof_quotient_ins_step(qf, n, fq, fr, fqs[i], frs[i]) /*@ ghost (rem, meta, gq) */;
        else
            amq_proof_quotient_del_step(qf, n, fq, fr, fqs[i], frs[i]) /*@ ghost (rem, meta, gq) */;
    }
    return amq_quotient_kernel_query(qf, fq, fr) /*@ ghost (rem, meta, gq) */;
}
