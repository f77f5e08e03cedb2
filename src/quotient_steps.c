/* The quotient kernel's steps: metadata accessors, single-slot updates, searches.  The
 * contracts are on the declarations (lib_internal/quotient_steps.h). */
#include <lib_internal/quotient_steps.h>

/* ------------------------------------------------------------------------------------ */
/* Metadata accessors                                                                    */
_Bool amq_quotient_step_is_occupied(uint8_t m)
{
    return m % 2u == 1u;
}

_Bool amq_quotient_step_is_continuation(uint8_t m)
{
    return m / 2u % 2u == 1u;
}

_Bool amq_quotient_step_is_shifted(uint8_t m)
{
    return m / 4u == 1u;
}

uint8_t amq_quotient_step_meta_byte(_Bool o, _Bool c, _Bool s)
{
    return (uint8_t)((o ? AMQ_QF_OCCUPIED : 0u) + (c ? AMQ_QF_CONTINUATION : 0u) +
                     (s ? AMQ_QF_SHIFTED : 0u));
}

/* ------------------------------------------------------------------------------------ */
/* Single-slot updates                                                                   */

/* Every update: the store's reads first, then the ghost write of gq with the hint that hold
 * survives it, then the store's writes. */
void amq_quotient_step_move_up(const amq_qf_win st, uint64_t k)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const uint8_t mk = amq_quotient_slots_meta(st.s, st.base + k) /*@ ghost (rem - st.base, meta - st.base) */;
    const uint8_t mp = amq_quotient_slots_meta(st.s, st.base + (k - 1u)) /*@ ghost (rem - st.base, meta - st.base) */;
    const uint64_t v = amq_quotient_slots_rem(st.s, st.base + (k - 1u)) /*@ ghost (rem - st.base, meta - st.base) */;
    const uint8_t b = amq_quotient_step_meta_byte(amq_quotient_step_is_occupied(mk),
                                                  amq_quotient_step_is_continuation(mp), 1);
    /*@ ghost gq[k] = gq[k - 1u]; */
    /*@ assert hold_gq: \forall integer j; 0 <= j < st.s.n ==>
          amq_quotient_slot_ok{Pre}(st.s, rem - st.base, meta - st.base, j) ==> amq_quotient_slot_ok(st.s, rem - st.base, meta - st.base, j); */
    amq_quotient_slots_set_rem(st.s, st.base + k, v) /*@ ghost (rem - st.base, meta - st.base) */;
    amq_quotient_slots_set_meta(st.s, st.base + k, b) /*@ ghost (rem - st.base, meta - st.base) */;
}

void amq_quotient_step_move_down(const amq_qf_win st, uint64_t k, _Bool c, _Bool sh)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const uint8_t mk = amq_quotient_slots_meta(st.s, st.base + k) /*@ ghost (rem - st.base, meta - st.base) */;
    const uint64_t v = amq_quotient_slots_rem(st.s, st.base + (k + 1u)) /*@ ghost (rem - st.base, meta - st.base) */;
    const uint8_t b = amq_quotient_step_meta_byte(amq_quotient_step_is_occupied(mk), c, sh);
    /*@ ghost gq[k] = gq[k + 1u]; */
    /*@ assert hold_gq: \forall integer j; 0 <= j < st.s.n ==>
          amq_quotient_slot_ok{Pre}(st.s, rem - st.base, meta - st.base, j) ==> amq_quotient_slot_ok(st.s, rem - st.base, meta - st.base, j); */
    amq_quotient_slots_set_rem(st.s, st.base + k, v) /*@ ghost (rem - st.base, meta - st.base) */;
    amq_quotient_slots_set_meta(st.s, st.base + k, b) /*@ ghost (rem - st.base, meta - st.base) */;
}

void amq_quotient_step_put(const amq_qf_win st, uint64_t k, uint64_t q, uint64_t fr, _Bool c, _Bool sh)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    (void)q; /* q is the ghost quotient */
    const uint8_t mk = amq_quotient_slots_meta(st.s, st.base + k) /*@ ghost (rem - st.base, meta - st.base) */;
    const uint8_t b = amq_quotient_step_meta_byte(amq_quotient_step_is_occupied(mk), c, sh);
    /*@ ghost gq[k] = q; */
    /*@ assert hold_gq: \forall integer j; 0 <= j < st.s.n ==>
          amq_quotient_slot_ok{Pre}(st.s, rem - st.base, meta - st.base, j) ==> amq_quotient_slot_ok(st.s, rem - st.base, meta - st.base, j); */
    amq_quotient_slots_set_rem(st.s, st.base + k, fr) /*@ ghost (rem - st.base, meta - st.base) */;
    amq_quotient_slots_set_meta(st.s, st.base + k, b) /*@ ghost (rem - st.base, meta - st.base) */;
}

void amq_quotient_step_vacate(const amq_qf_win st, uint64_t k)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const uint8_t mk = amq_quotient_slots_meta(st.s, st.base + k) /*@ ghost (rem - st.base, meta - st.base) */;
    const uint8_t b = amq_quotient_step_meta_byte(amq_quotient_step_is_occupied(mk), 0, 0);
    amq_quotient_slots_set_rem(st.s, st.base + k, 0) /*@ ghost (rem - st.base, meta - st.base) */;
    amq_quotient_slots_set_meta(st.s, st.base + k, b) /*@ ghost (rem - st.base, meta - st.base) */;
}

void amq_quotient_step_set_bit(const amq_qf_win st, uint64_t k, unsigned bit, _Bool on)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const uint8_t m = amq_quotient_slots_meta(st.s, st.base + k) /*@ ghost (rem - st.base, meta - st.base) */;
    amq_quotient_slots_set_meta(st.s, st.base + k,
                                amq_quotient_step_meta_byte(bit == 1u ? on : amq_quotient_step_is_occupied(m),
                                                            bit == 2u ? on : amq_quotient_step_is_continuation(m),
                                                            amq_quotient_step_is_shifted(m)))
        /*@ ghost (rem - st.base, meta - st.base) */;
}

/* ------------------------------------------------------------------------------------ */
/* Searches                                                                              */
uint64_t amq_quotient_step_next_occupied(const amq_qf_win st, uint64_t j, uint64_t lim)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */
{
    uint64_t x = j + 1u;
    /*@ loop invariant range:   j < x <= lim;
        loop invariant skipped: \forall integer y; j < y < x ==> !amq_quotient_O(meta, y);
        loop assigns x;
        loop variant lim - x;
    */
    while (x < lim && !amq_quotient_step_is_occupied(amq_quotient_slots_meta(st.s, st.base + x) /*@ ghost (rem - st.base, meta - st.base) */))
        x++;
    return x;
}

uint64_t amq_quotient_step_first_free(const amq_qf_win st, uint64_t from)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */
{
    uint64_t k = from;
    /*@ loop invariant range: from <= k <= st.n;
        loop invariant used:  \forall integer x; from <= x < k ==> amq_quotient_used(meta, x);
        loop assigns k;
        loop variant st.n - k;
    */
    while (k < st.n && amq_quotient_slots_meta(st.s, st.base + k) /*@ ghost (rem - st.base, meta - st.base) */ != 0u)
        k++;
    return k;
}

uint64_t amq_quotient_step_first_used(const amq_qf_win st, uint64_t from)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */
{
    uint64_t k = from;
    /*@ loop invariant range: from <= k <= st.n;
        loop invariant free:  \forall integer x; from <= x < k ==> !amq_quotient_used(meta, x);
        loop assigns k;
        loop variant st.n - k;
    */
    while (k < st.n && amq_quotient_slots_meta(st.s, st.base + k) /*@ ghost (rem - st.base, meta - st.base) */ == 0u)
        k++;
    return k;
}

uint64_t amq_quotient_step_first_occupied_from(const amq_qf_win st, uint64_t from)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */
{
    uint64_t k = from;
    /*@ loop invariant range: from <= k <= st.n;
        loop invariant none:  \forall integer x; from <= x < k ==> !amq_quotient_O(meta, x);
        loop assigns k;
        loop variant st.n - k;
    */
    while (k < st.n && !amq_quotient_step_is_occupied(amq_quotient_slots_meta(st.s, st.base + k) /*@ ghost (rem - st.base, meta - st.base) */))
        k++;
    return k;
}
uint64_t amq_quotient_step_find_run(const amq_qf_win st, uint64_t fq)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const uint64_t n = st.n;
    uint64_t b = fq;
    /*@ loop invariant range: 0 <= b <= fq;
        loop invariant used:  \forall integer k; b <= k < fq ==> amq_quotient_used(meta, k);
        loop assigns b;
        loop variant b;
    */
    while (b > 0u && amq_quotient_step_is_shifted(amq_quotient_slots_meta(st.s, st.base + b) /*@ ghost (rem - st.base, meta - st.base) */)) {
        /*@ assert used_b: amq_quotient_used(meta, b) && gq[b] < b; */
        /*@ assert used_prev: amq_quotient_used(meta, b - 1); */
        b--;
    }
    /*@ assert unshifted: !amq_quotient_S(meta, b); */
    /*@ assert start: amq_quotient_used(meta, b) ==> gq[b] == b; */
    /*@ assert start_after: \forall integer k; b <= k < n ==> amq_quotient_used(meta, k) ==> gq[k] >= b; */
    uint64_t s = b, cq = b;
    /*@ loop invariant range:  b <= cq <= fq && cq <= s <= n;
        loop invariant prefix: \forall integer k; b <= k < fq ==> amq_quotient_used(meta, k);
        loop invariant used:   \forall integer k; b <= k < s ==> amq_quotient_used(meta, k);
        loop invariant before: \forall integer k; 0 <= k < s ==> amq_quotient_used(meta, k) ==> gq[k] < cq;
        loop invariant after:  \forall integer k; s <= k < n ==> amq_quotient_used(meta, k) ==> gq[k] >= cq;
        loop invariant occ:    cq < fq ==> amq_quotient_O(meta, cq);
        loop assigns s, cq;
        loop variant fq - cq;
    */
    while (cq < fq) {
        /*@ assert witness: \exists integer i; 0 <= i < n && amq_quotient_used(meta, i) && gq[i] == cq; */
        /*@ assert head: s < n && amq_quotient_used(meta, s) && gq[s] == cq; */
        /*@ ghost uint64_t s0 = s; */
        s++;
        /*@ loop invariant range: s0 < s <= n;
            loop invariant run:   \forall integer k; s0 <= k < s ==> amq_quotient_used(meta, k) && gq[k] == cq;
            loop assigns s;
            loop variant n - s;
        */
        while (s < n && amq_quotient_step_is_continuation(amq_quotient_slots_meta(st.s, st.base + s) /*@ ghost (rem - st.base, meta - st.base) */))
            s++;
        /*@ assert next_head: s < n ==> amq_quotient_used(meta, s) ==> gq[s] > cq; */
        /*@ assert next_used: \forall integer k; s <= k < n ==> amq_quotient_used(meta, k) ==> gq[k] == cq ==>
                                amq_quotient_used(meta, s); */
        /*@ assert run_end: \forall integer k; s <= k < n ==> amq_quotient_used(meta, k) ==> gq[k] > cq; */
        /*@ assert later_occ: \forall integer k; s <= k < n ==> amq_quotient_used(meta, k) ==>
                                amq_quotient_O(meta, gq[k]); */
        uint64_t c1 = amq_quotient_step_next_occupied(st, cq, fq) /*@ ghost (rem, meta) */;
        /*@ assert after1: \forall integer k; s <= k < n ==> amq_quotient_used(meta, k) ==> gq[k] >= c1; */
        /*@ assert order: c1 <= s; */
        cq = c1;
    }
    return s;
}

uint64_t amq_quotient_step_run_find(const amq_qf_win st, uint64_t fq, uint64_t fr, uint64_t s)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    (void)fq; /* for the contract */
    const uint64_t n = st.n;
    uint64_t k = s;
    /*@ loop invariant range: s <= k < n;
        loop invariant run:   \forall integer j; s <= j <= k ==> amq_quotient_used(meta, j) && gq[j] == fq;
        loop invariant below: \forall integer j; s <= j < k ==> rem[j] < fr;
        loop assigns k;
        loop variant n - k;
    */
    for (;;) {
        const uint64_t rk = amq_quotient_slots_rem(st.s, st.base + k) /*@ ghost (rem - st.base, meta - st.base) */;
        if (rk == fr)
            return k;
        if (rk > fr) {
            /*@ assert later: \forall integer j; k < j < n ==> amq_quotient_used(meta, j) ==> gq[j] == fq ==>
                                rem[j] > fr; */
            /*@ assert not_found: !amq_quotient_member(rem, meta, gq, n, fq, fr); */
            return n;
        }
        k++;
        if (k == n || !amq_quotient_step_is_continuation(amq_quotient_slots_meta(st.s, st.base + k) /*@ ghost (rem - st.base, meta - st.base) */)) {
            /*@ assert next_head: k < n ==> amq_quotient_used(meta, k) ==> gq[k] > fq; */
            /*@ assert next_used: \forall integer j; k <= j < n ==> amq_quotient_used(meta, j) ==> gq[j] == fq ==>
                                    amq_quotient_used(meta, k); */
            /*@ assert run_end: \forall integer j; k <= j < n ==> amq_quotient_used(meta, j) ==> gq[j] > fq; */
            /*@ assert not_found: !amq_quotient_member(rem, meta, gq, n, fq, fr); */
            return n;
        }
    }
}
