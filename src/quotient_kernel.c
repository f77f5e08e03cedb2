/* Quotient filter kernel: query, iteration, clear, count, parameters and the executable
 * invariant (see lib_internal/quotient_kernel.h for the design and the contracts).  Insert and
 * delete are in quotient_insert.c and quotient_delete.c, the steps all three are built from
 * in quotient_steps.c.
 *
 * Proof structure.  Operations are split into small functions (search, single-slot update,
 * shift loop, relation), each with a contract; the invariant is re-established from the
 * exact relation between the states before and after (amq_quotient_inserted / amq_quotient_deleted) by
 * lemmas of acsl/amq/quotient_*.h, which the code invokes by asserting their key
 * predicates. */
#include <lib_internal/quotient_steps.h>

/* ------------------------------------------------------------------------------------ */
/* Query                                                                                 */

int amq_quotient_kernel_query(const amq_qf *qf, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const amq_qf_win st = {qf->slots, qf->base, qf->nslots};
    uint64_t n = qf->nslots;
    if (!amq_quotient_step_is_occupied(amq_quotient_slots_meta(st.s, st.base + fq) /*@ ghost (rem - st.base, meta - st.base) */)) {
        /*@ assert not_occ: !amq_quotient_member(rem, meta, gq, n, fq, fr); */
        return 0;
    }
    uint64_t s = amq_quotient_step_find_run(st, fq) /*@ ghost (rem, meta, gq) */;
    /*@ assert witness: \exists integer i; 0 <= i < n && amq_quotient_used(meta, i) && gq[i] == fq; */
    /*@ assert head: s < n && amq_quotient_used(meta, s) && gq[s] == fq; */
    uint64_t p = amq_quotient_step_run_find(st, fq, fr, s) /*@ ghost (rem, meta, gq) */;
    return p < n;
}

/* ------------------------------------------------------------------------------------ */
/* Iteration, clear, count, parameters                                                   */

void amq_quotient_kernel_iter_init(amq_qf_iter *it)
{
    it->slot = 0;
    it->quot = 0;
}

int amq_quotient_kernel_next(const amq_qf *qf, amq_qf_iter *it, uint64_t *fq, uint64_t *fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const amq_qf_win st = {qf->slots, qf->base, qf->nslots};
    uint64_t n = qf->nslots;
    uint64_t i = amq_quotient_step_first_used(st, it->slot) /*@ ghost (rem, meta) */;
    if (i == n) {
        it->slot = n;
        return 0;
    }
    uint64_t q;
    uint8_t m = amq_quotient_slots_meta(st.s, st.base + i) /*@ ghost (rem - st.base, meta - st.base) */;
    if (!amq_quotient_step_is_shifted(m)) {
        /*@ assert home: gq[i] == i; */
        q = i;
    } else {
        /*@ assert prev: 0 < i && amq_quotient_used(meta, i - 1) && i == it->slot && it->quot == gq[i - 1]; */
        if (amq_quotient_step_is_continuation(m)) {
            q = it->quot;
        } else {
            /*@ assert new_run: gq[i] > it->quot && gq[i] <= i - 1; */
            /*@ assert lo: \forall integer j; 0 <= j < i ==> amq_quotient_used(meta, j) ==> gq[j] <= it->quot; */
            /*@ assert hi: \forall integer j; i <= j < n ==> amq_quotient_used(meta, j) ==> gq[j] >= gq[i]; */
            /*@ assert between: \forall integer x; it->quot < x < gq[i] ==> !amq_quotient_O(meta, x); */
            /*@ assert occ: amq_quotient_O(meta, gq[i]); */
            q = amq_quotient_step_next_occupied(st, it->quot, i - 1u) /*@ ghost (rem, meta) */;
        }
    }
    /*@ assert quot: q == gq[i]; */
    /* read before the writes below (the hold of the store is then the precondition's) */
    const uint64_t v = amq_quotient_slots_rem(st.s, st.base + i) /*@ ghost (rem - st.base, meta - st.base) */;
    it->slot = i + 1u;
    it->quot = q;
    *fq = q;
    *fr = v;
    return 1;
}

void amq_quotient_kernel_clear(amq_qf *qf) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */
{
    const amq_quotient_slots st = qf->slots;
    const uint64_t base = qf->base;
    uint64_t n = qf->nslots;
    /*@ assert fields_apart: \separated(&qf->q, &qf->r, &qf->nslots, &qf->count, &qf->slots.n,
                                       &qf->slots.rbytes, &qf->base, (rem - base) + (0 .. st.n - 1)); */
    qf->count = 0;
    /*@ assert hold_count: \forall integer j; 0 <= j < st.n ==>
          amq_quotient_slot_ok{Pre}(st, rem - base, meta - base, j) ==> amq_quotient_slot_ok(st, rem - base, meta - base, j); */
    /*@ loop invariant range: 0 <= i <= n;
        loop invariant hold:  amq_qf_hold(st, base, rem, meta);
        loop invariant free:  \forall integer j; 0 <= j < i ==> meta[j] == 0 && rem[j] == 0;
        loop assigns i, AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. n - 1], meta[0 .. n - 1];
        loop variant n - i;
    */
    for (uint64_t i = 0; i < n; i++) {
        amq_quotient_slots_set_rem(st, base + i, 0) /*@ ghost (rem - base, meta - base) */;
        amq_quotient_slots_set_meta(st, base + i, 0) /*@ ghost (rem - base, meta - base) */;
    }
    /*@ ghost
      /@ loop invariant range: 0 <= j <= n;
         loop invariant none:  amq_quotient_nused(meta, j) == 0;
         loop assigns j;
         loop variant n - j;
      @/
      for (uint64_t j = 0; j < n; j++) { }
    */
    /* The table's fields, one assert each (together cvc4 did not frame them in 30 s). */
    /*@ assert f_nslots: qf->nslots == \at(qf->nslots, Pre); */
    /*@ assert f_q:      qf->q == \at(qf->q, Pre); */
    /*@ assert f_r:      qf->r == \at(qf->r, Pre); */
    /*@ assert f_n:      qf->slots.n == \at(qf->slots.n, Pre); */
    /*@ assert f_rbytes: qf->slots.rbytes == \at(qf->slots.rbytes, Pre); */
    /*@ assert f_base:   qf->base == \at(qf->base, Pre); */
    /*@ assert fields:   amq_quotient_fields_same{Pre, Here}(qf); */
    /* every slot clear, then the count: inv follows without unfolding the shapes at once */
    /*@ assert unused:   \forall integer i; 0 <= i < qf->nslots ==>
          meta[i] <= 7 && !amq_quotient_used(meta, i) && !amq_quotient_C(meta, i) && !amq_quotient_O(meta, i); */
    /*@ assert nused_0:  qf->count == amq_quotient_nused(meta, qf->nslots); */
}

uint64_t amq_quotient_kernel_count(const amq_qf *qf)
{
    return qf->count;
}

int amq_quotient_kernel_params_ok(uint64_t q, uint64_t r, uint64_t nslots)
{
    if (q < 1u || r < 1u || q > 63u || r > 64u - q)
        return 0;
    return nslots >= AMQ_QF_HOME_SLOTS(q);
}

uint64_t amq_quotient_kernel_default_slack(uint64_t q)
{
    /* min(2^q, 10 * 2^ceil(q/2)): about 10 sqrt(2^q), as in the RSQF/CQF, but never more
     * than doubling a tiny table.  q <= 63, so 2^q + slack <= 2^64 - 1. */
    uint64_t home = AMQ_QF_HOME_SLOTS(q);
    uint64_t half = q / 2u + q % 2u;
    uint64_t root10 = (uint64_t)10u << half;
    return root10 < home ? root10 : home;
}

/* ------------------------------------------------------------------------------------ */
/* Executable invariant check (amq_quotient_inv, with the quotients decoded from the metadata). */

int amq_quotient_kernel_check_invariant(const amq_qf *qf) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */
{
    uint64_t n = qf->nslots;
    if (!amq_quotient_kernel_params_ok(qf->q, qf->r, n))
        return AMQ_QF_BAD_PARAMS;
    uint64_t home = AMQ_QF_HOME_SLOTS(qf->q);
    uint64_t rlim = ((uint64_t)1 << qf->r) - 1u; /* r <= 63: q >= 1 and q + r <= 64 */
    const amq_qf_win st = {qf->slots, qf->base, qf->nslots};
    /*@ loop invariant range: 0 <= i <= n;
        loop invariant bytes: \forall integer j; 0 <= j < i ==> meta[j] <= 7;
        loop assigns i;
        loop variant n - i;
    */
    for (uint64_t i = 0; i < n; i++) {
        const uint8_t m = amq_quotient_slots_meta(st.s, st.base + i) /*@ ghost (rem - st.base, meta - st.base) */;
        if (m > 7u)
            return AMQ_QF_BAD_BYTE;
        if (i >= home && amq_quotient_step_is_occupied(m))
            return AMQ_QF_BAD_OCCUPIED;
    }
    /* Decode: run heads take the occupied quotients in increasing order (next_o is the
     * smallest occupied slot not yet taken); continuations take their predecessor's. */
    uint64_t next_o = amq_quotient_step_first_occupied_from(st, 0) /*@ ghost (rem, meta) */;
    uint64_t used = 0, q = 0;
    /*@ assert rlim: rlim == (1 << qf->r) - 1; */
    /*@ loop invariant range:  0 <= i <= n;
        loop invariant bytes:  amq_quotient_bytes(meta, n);
        loop invariant next:   next_o <= n;
        loop invariant used:   used <= i;
        loop invariant nused:  used == amq_quotient_nused(meta, i);
        loop invariant rem:    \forall integer j; 0 <= j < i ==> meta[j] != 0 ==> rem[j] <= rlim;
        loop assigns i, next_o, used, q;
        loop variant n - i;
    */
    for (uint64_t i = 0; i < n; i++) {
        uint8_t m = amq_quotient_slots_meta(st.s, st.base + i) /*@ ghost (rem - st.base, meta - st.base) */;
        if (m == 0u)
            continue;
        used++;
        _Bool c = amq_quotient_step_is_continuation(m), sh = amq_quotient_step_is_shifted(m);
        _Bool prev_used = i > 0u && amq_quotient_slots_meta(st.s, st.base + (i - 1u)) /*@ ghost (rem - st.base, meta - st.base) */ != 0u;
        if (c) {
            if (!prev_used || !sh)
                return AMQ_QF_BAD_CONTINUATION;
            if (amq_quotient_slots_rem(st.s, st.base + (i - 1u)) /*@ ghost (rem - st.base, meta - st.base) */ >
                amq_quotient_slots_rem(st.s, st.base + i) /*@ ghost (rem - st.base, meta - st.base) */)
                return AMQ_QF_BAD_ORDER;
        } else {
            if (next_o >= n)
                return AMQ_QF_BAD_OCCUPIED; /* a run head with no quotient left */
            q = next_o;
            next_o = amq_quotient_step_first_occupied_from(st, next_o + 1u) /*@ ghost (rem, meta) */;
            if (q > i)
                return AMQ_QF_BAD_SHIFTED; /* before its canonical slot */
            if (sh != (q < i))
                return AMQ_QF_BAD_SHIFTED;
            if (sh && !prev_used)
                return AMQ_QF_BAD_CLUSTER;
        }
        if (amq_quotient_slots_rem(st.s, st.base + i) /*@ ghost (rem - st.base, meta - st.base) */ > rlim)
            return AMQ_QF_BAD_REMAINDER;
    }
    if (next_o != n)
        return AMQ_QF_BAD_OCCUPIED; /* an occupied quotient without a run */
    if (used != qf->count)
        return AMQ_QF_BAD_COUNT;
    return 0;
}
