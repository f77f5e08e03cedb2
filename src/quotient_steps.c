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
void amq_quotient_step_move_up(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t k)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)n; /* for the contract */
    uint8_t b = amq_quotient_step_meta_byte(amq_quotient_step_is_occupied(meta[k]),
                                            amq_quotient_step_is_continuation(meta[k - 1u]), 1);
    rem[k] = rem[k - 1u];
    meta[k] = b;
    /*@ ghost gq[k] = gq[k - 1u]; */
}

void amq_quotient_step_move_down(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t k, _Bool c, _Bool sh)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)n; /* for the contract */
    uint8_t b = amq_quotient_step_meta_byte(amq_quotient_step_is_occupied(meta[k]), c, sh);
    rem[k] = rem[k + 1u];
    meta[k] = b;
    /*@ ghost gq[k] = gq[k + 1u]; */
}

void amq_quotient_step_put(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t k, uint64_t q, uint64_t fr,
                           _Bool c, _Bool sh)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)n; (void)q; /* q is the ghost quotient */
    uint8_t b = amq_quotient_step_meta_byte(amq_quotient_step_is_occupied(meta[k]), c, sh);
    rem[k] = fr;
    meta[k] = b;
    /*@ ghost gq[k] = q; */
}

void amq_quotient_step_vacate(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t k)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)n; /* for the contract */
    uint8_t b = amq_quotient_step_meta_byte(amq_quotient_step_is_occupied(meta[k]), 0, 0);
    rem[k] = 0;
    meta[k] = b;
}

void amq_quotient_step_set_bit(uint8_t *meta, uint64_t n, uint64_t k, unsigned bit, _Bool on)
{
    (void)n; /* for the contract */
    uint8_t m = meta[k];
    meta[k] = amq_quotient_step_meta_byte(bit == 1u ? on : amq_quotient_step_is_occupied(m),
                                          bit == 2u ? on : amq_quotient_step_is_continuation(m),
                                          amq_quotient_step_is_shifted(m));
}

/* ------------------------------------------------------------------------------------ */
/* Searches                                                                              */
uint64_t amq_quotient_step_next_occupied(const uint8_t *meta, uint64_t n, uint64_t j, uint64_t lim)
{
    (void)n; /* bounds lim, for the contract */
    uint64_t x = j + 1u;
    /*@ loop invariant range:   j < x <= lim;
        loop invariant skipped: \forall integer y; j < y < x ==> !amq_quotient_O(meta, y);
        loop assigns x;
        loop variant lim - x;
    */
    while (x < lim && !amq_quotient_step_is_occupied(meta[x]))
        x++;
    return x;
}

uint64_t amq_quotient_step_first_free(const uint8_t *meta, uint64_t n, uint64_t from)
{
    uint64_t k = from;
    /*@ loop invariant range: from <= k <= n;
        loop invariant used:  \forall integer x; from <= x < k ==> amq_quotient_used(meta, x);
        loop assigns k;
        loop variant n - k;
    */
    while (k < n && meta[k] != 0u)
        k++;
    return k;
}

uint64_t amq_quotient_step_first_used(const uint8_t *meta, uint64_t n, uint64_t from)
{
    uint64_t k = from;
    /*@ loop invariant range: from <= k <= n;
        loop invariant free:  \forall integer x; from <= x < k ==> !amq_quotient_used(meta, x);
        loop assigns k;
        loop variant n - k;
    */
    while (k < n && meta[k] == 0u)
        k++;
    return k;
}

uint64_t amq_quotient_step_first_occupied_from(const uint8_t *meta, uint64_t n, uint64_t from)
{
    uint64_t k = from;
    /*@ loop invariant range: from <= k <= n;
        loop invariant none:  \forall integer x; from <= x < k ==> !amq_quotient_O(meta, x);
        loop assigns k;
        loop variant n - k;
    */
    while (k < n && !amq_quotient_step_is_occupied(meta[k]))
        k++;
    return k;
}

uint64_t amq_quotient_step_find_run(const uint8_t *meta, uint64_t n, uint64_t fq)
    /*@ ghost (uint64_t \ghost *gq) */
{
    uint64_t b = fq;
    /*@ loop invariant range: 0 <= b <= fq;
        loop invariant used:  \forall integer k; b <= k < fq ==> amq_quotient_used(meta, k);
        loop assigns b;
        loop variant b;
    */
    while (b > 0u && amq_quotient_step_is_shifted(meta[b])) {
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
        while (s < n && amq_quotient_step_is_continuation(meta[s]))
            s++;
        /*@ assert next_head: s < n ==> amq_quotient_used(meta, s) ==> gq[s] > cq; */
        /*@ assert next_used: \forall integer k; s <= k < n ==> amq_quotient_used(meta, k) ==> gq[k] == cq ==>
                                amq_quotient_used(meta, s); */
        /*@ assert run_end: \forall integer k; s <= k < n ==> amq_quotient_used(meta, k) ==> gq[k] > cq; */
        /*@ assert later_occ: \forall integer k; s <= k < n ==> amq_quotient_used(meta, k) ==>
                                amq_quotient_O(meta, gq[k]); */
        uint64_t c1 = amq_quotient_step_next_occupied(meta, n, cq, fq);
        /*@ assert after1: \forall integer k; s <= k < n ==> amq_quotient_used(meta, k) ==> gq[k] >= c1; */
        /*@ assert order: c1 <= s; */
        cq = c1;
    }
    return s;
}

uint64_t amq_quotient_step_run_find(const uint8_t *meta, const uint64_t *rem, uint64_t n, uint64_t fq,
                                    uint64_t fr, uint64_t s)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)fq; /* for the contract */
    uint64_t k = s;
    /*@ loop invariant range: s <= k < n;
        loop invariant run:   \forall integer j; s <= j <= k ==> amq_quotient_used(meta, j) && gq[j] == fq;
        loop invariant below: \forall integer j; s <= j < k ==> rem[j] < fr;
        loop assigns k;
        loop variant n - k;
    */
    for (;;) {
        if (rem[k] == fr)
            return k;
        if (rem[k] > fr) {
            /*@ assert later: \forall integer j; k < j < n ==> amq_quotient_used(meta, j) ==> gq[j] == fq ==>
                                rem[j] > fr; */
            /*@ assert not_found: !amq_quotient_member(rem, meta, gq, n, fq, fr); */
            return n;
        }
        k++;
        if (k == n || !amq_quotient_step_is_continuation(meta[k])) {
            /*@ assert next_head: k < n ==> amq_quotient_used(meta, k) ==> gq[k] > fq; */
            /*@ assert next_used: \forall integer j; k <= j < n ==> amq_quotient_used(meta, j) ==> gq[j] == fq ==>
                                    amq_quotient_used(meta, k); */
            /*@ assert run_end: \forall integer j; k <= j < n ==> amq_quotient_used(meta, j) ==> gq[j] > fq; */
            /*@ assert not_found: !amq_quotient_member(rem, meta, gq, n, fq, fr); */
            return n;
        }
    }
}
