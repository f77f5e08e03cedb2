/* Quotient filter kernel (see internal/quotient_kernel.h for the design and the contracts).
 *
 * Proof structure.  All metadata bit arithmetic lives in the accessors qf_o, qf_c, qf_s,
 * qf_byte: their contracts state the bits as the logic predicates amq_qf_occ/cont/shft,
 * so no other goal contains a div/mod term (such terms swamp the provers).  Operations are
 * split into small functions (search, single-slot update, shift loop, relation), each
 * with a contract; the invariant is re-established from the exact relation between the
 * states before and after (amq_qf_inserted / amq_qf_deleted) by lemmas of
 * acsl/amq/quotient_logic.h, which the code invokes by asserting their key predicates. */
#include <internal/quotient_kernel.h>

/* ------------------------------------------------------------------------------------ */
/* Metadata accessors                                                                    */

/*@ requires byte: m <= 7;
    assigns \nothing;
    ensures bit: \result <==> amq_qf_occ(m);
*/
static _Bool qf_o(uint8_t m)
{
    return m % 2u == 1u;
}

/*@ requires byte: m <= 7;
    assigns \nothing;
    ensures bit: \result <==> amq_qf_cont(m);
*/
static _Bool qf_c(uint8_t m)
{
    return m / 2u % 2u == 1u;
}

/*@ requires byte: m <= 7;
    assigns \nothing;
    ensures bit: \result <==> amq_qf_shft(m);
*/
static _Bool qf_s(uint8_t m)
{
    return m / 4u == 1u;
}

/*@ assigns \nothing;
    ensures byte: \result <= 7;
    ensures O:    amq_qf_occ(\result) <==> o;
    ensures C:    amq_qf_cont(\result) <==> c;
    ensures S:    amq_qf_shft(\result) <==> s;
    ensures free: \result == 0 <==> (!o && !c && !s);
*/
static uint8_t qf_byte(_Bool o, _Bool c, _Bool s)
{
    return (uint8_t)((o ? AMQ_QF_OCCUPIED : 0u) + (c ? AMQ_QF_CONTINUATION : 0u) +
                     (s ? AMQ_QF_SHIFTED : 0u));
}

/* ------------------------------------------------------------------------------------ */
/* Single-slot updates                                                                   */

/* Slot k takes the element of slot k-1 (remainder, ghost quotient, is_continuation);
 * slot k keeps its is_occupied bit; the element is shifted. */
/*@ requires k_range:    1 <= k < n;
    requires meta_valid: \valid(meta + (0 .. n - 1));
    requires rem_valid:  \valid(rem + (0 .. n - 1));
    requires gq_valid:   \valid(gq + (0 .. n - 1));
    requires sep:        \separated(meta + (0 .. n - 1), rem + (0 .. n - 1), gq + (0 .. n - 1));
    requires bytes:      meta[k] <= 7 && meta[k - 1] <= 7;
    assigns rem[k], meta[k], gq[k];
    ensures rem:  rem[k] == \old(rem[k - 1]);
    ensures gq:   gq[k] == \old(gq[k - 1]);
    ensures byte: meta[k] <= 7;
    ensures O:    amq_qf_O(meta, k) <==> amq_qf_O{Pre}(meta, k);
    ensures C:    amq_qf_C(meta, k) <==> amq_qf_C{Pre}(meta, k - 1);
    ensures S:    amq_qf_S(meta, k);
    ensures frame: \forall integer j; 0 <= j < n ==> j != k ==>
                     rem[j] == \old(rem[j]) && meta[j] == \old(meta[j]) && gq[j] == \old(gq[j]);
*/
static void qf_move_up(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t k)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)n; /* for the contract */
    uint8_t b = qf_byte(qf_o(meta[k]), qf_c(meta[k - 1u]), 1);
    rem[k] = rem[k - 1u];
    meta[k] = b;
    /*@ ghost gq[k] = gq[k - 1u]; */
}

/* Slot k takes the element of slot k+1 (remainder, ghost quotient) with is_continuation
 * c and is_shifted sh; slot k keeps its is_occupied bit. */
/*@ requires k_range:    k + 1 < n;
    requires meta_valid: \valid(meta + (0 .. n - 1));
    requires rem_valid:  \valid(rem + (0 .. n - 1));
    requires gq_valid:   \valid(gq + (0 .. n - 1));
    requires sep:        \separated(meta + (0 .. n - 1), rem + (0 .. n - 1), gq + (0 .. n - 1));
    requires byte:       meta[k] <= 7;
    assigns rem[k], meta[k], gq[k];
    ensures rem:  rem[k] == \old(rem[k + 1]);
    ensures gq:   gq[k] == \old(gq[k + 1]);
    ensures byte: meta[k] <= 7;
    ensures O:    amq_qf_O(meta, k) <==> amq_qf_O{Pre}(meta, k);
    ensures C:    amq_qf_C(meta, k) <==> c;
    ensures S:    amq_qf_S(meta, k) <==> sh;
    ensures frame: \forall integer j; 0 <= j < n ==> j != k ==>
                     rem[j] == \old(rem[j]) && meta[j] == \old(meta[j]) && gq[j] == \old(gq[j]);
*/
static void qf_move_down(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t k, _Bool c, _Bool sh)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)n; /* for the contract */
    uint8_t b = qf_byte(qf_o(meta[k]), c, sh);
    rem[k] = rem[k + 1u];
    meta[k] = b;
    /*@ ghost gq[k] = gq[k + 1u]; */
}

/* Slot k holds (q, fr) with is_continuation c and is_shifted sh; it keeps is_occupied. */
/*@ requires k_range:    k < n;
    requires meta_valid: \valid(meta + (0 .. n - 1));
    requires rem_valid:  \valid(rem + (0 .. n - 1));
    requires gq_valid:   \valid(gq + (0 .. n - 1));
    requires sep:        \separated(meta + (0 .. n - 1), rem + (0 .. n - 1), gq + (0 .. n - 1));
    requires byte:       meta[k] <= 7;
    assigns rem[k], meta[k], gq[k];
    ensures rem:  rem[k] == fr;
    ensures gq:   gq[k] == q;
    ensures byte: meta[k] <= 7;
    ensures O:    amq_qf_O(meta, k) <==> amq_qf_O{Pre}(meta, k);
    ensures C:    amq_qf_C(meta, k) <==> c;
    ensures S:    amq_qf_S(meta, k) <==> sh;
    ensures frame: \forall integer j; 0 <= j < n ==> j != k ==>
                     rem[j] == \old(rem[j]) && meta[j] == \old(meta[j]) && gq[j] == \old(gq[j]);
*/
static void qf_put(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t k, uint64_t q, uint64_t fr,
                   _Bool c, _Bool sh)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)n; (void)q; /* q is the ghost quotient */
    uint8_t b = qf_byte(qf_o(meta[k]), c, sh);
    rem[k] = fr;
    meta[k] = b;
    /*@ ghost gq[k] = q; */
}

/* Slot k becomes free but keeps its is_occupied bit. */
/*@ requires k_range:    k < n;
    requires meta_valid: \valid(meta + (0 .. n - 1));
    requires rem_valid:  \valid(rem + (0 .. n - 1));
    requires gq_valid:   \valid(gq + (0 .. n - 1));
    requires sep:        \separated(meta + (0 .. n - 1), rem + (0 .. n - 1), gq + (0 .. n - 1));
    requires byte:       meta[k] <= 7;
    assigns rem[k], meta[k];
    ensures rem:  rem[k] == 0;
    ensures byte: meta[k] <= 7;
    ensures O:    amq_qf_O(meta, k) <==> amq_qf_O{Pre}(meta, k);
    ensures free: meta[k] == 0 <==> !amq_qf_O{Pre}(meta, k);
    ensures C:    !amq_qf_C(meta, k);
    ensures S:    !amq_qf_S(meta, k);
*/
static void qf_vacate(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t k)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)n; /* for the contract */
    uint8_t b = qf_byte(qf_o(meta[k]), 0, 0);
    rem[k] = 0;
    meta[k] = b;
}

/* Sets (on) or clears (!on) is_occupied (bit == 1) or is_continuation (bit == 2) of slot k. */
/*@ requires k_range:    k < n;
    requires meta_valid: \valid(meta + (0 .. n - 1));
    requires byte:       meta[k] <= 7;
    requires bit:        bit == 1 || bit == 2;
    assigns meta[k];
    ensures byte: meta[k] <= 7;
    ensures O:    amq_qf_O(meta, k) <==> (bit == 1 ? on : amq_qf_O{Pre}(meta, k));
    ensures C:    amq_qf_C(meta, k) <==> (bit == 2 ? on : amq_qf_C{Pre}(meta, k));
    ensures S:    amq_qf_S(meta, k) <==> amq_qf_S{Pre}(meta, k);
    ensures frame: \forall integer j; 0 <= j < n ==> j != k ==> meta[j] == \old(meta[j]);
*/
static void qf_set_bit(uint8_t *meta, uint64_t n, uint64_t k, unsigned bit, _Bool on)
{
    (void)n; /* for the contract */
    uint8_t m = meta[k];
    meta[k] = qf_byte(bit == 1u ? on : qf_o(m), bit == 2u ? on : qf_c(m), qf_s(m));
}

/* ------------------------------------------------------------------------------------ */
/* Searches                                                                              */

/* Smallest j' in (j, lim] whose is_occupied bit is set, or lim if none below lim. */
/*@ requires lim_range:  j < lim < n;
    requires meta_valid: \valid_read(meta + (0 .. n - 1));
    requires bytes:      amq_qf_bytes(meta, n);
    assigns \nothing;
    ensures range:   j < \result <= lim;
    ensures skipped: \forall integer x; j < x < \result ==> !amq_qf_O(meta, x);
    ensures found:   \result < lim ==> amq_qf_O(meta, \result);
*/
static uint64_t qf_next_occ(const uint8_t *meta, uint64_t n, uint64_t j, uint64_t lim)
{
    (void)n; /* bounds lim, for the contract */
    uint64_t x = j + 1u;
    /*@ loop invariant range:   j < x <= lim;
        loop invariant skipped: \forall integer y; j < y < x ==> !amq_qf_O(meta, y);
        loop assigns x;
        loop variant lim - x;
    */
    while (x < lim && !qf_o(meta[x]))
        x++;
    return x;
}

/* First free slot in [from, n), or n. */
/*@ requires from_range: from < n;
    requires meta_valid: \valid_read(meta + (0 .. n - 1));
    assigns \nothing;
    ensures range: from <= \result <= n;
    ensures used:  \forall integer k; from <= k < \result ==> amq_qf_used(meta, k);
    ensures free:  \result < n ==> !amq_qf_used(meta, \result);
*/
static uint64_t qf_first_free(const uint8_t *meta, uint64_t n, uint64_t from)
{
    uint64_t k = from;
    /*@ loop invariant range: from <= k <= n;
        loop invariant used:  \forall integer x; from <= x < k ==> amq_qf_used(meta, x);
        loop assigns k;
        loop variant n - k;
    */
    while (k < n && meta[k] != 0u)
        k++;
    return k;
}

/* First used slot in [from, n), or n. */
/*@ requires from_range: from <= n;
    requires meta_valid: \valid_read(meta + (0 .. n - 1));
    assigns \nothing;
    ensures range: from <= \result <= n;
    ensures free:  \forall integer k; from <= k < \result ==> !amq_qf_used(meta, k);
    ensures used:  \result < n ==> amq_qf_used(meta, \result);
*/
static uint64_t qf_first_used(const uint8_t *meta, uint64_t n, uint64_t from)
{
    uint64_t k = from;
    /*@ loop invariant range: from <= k <= n;
        loop invariant free:  \forall integer x; from <= x < k ==> !amq_qf_used(meta, x);
        loop assigns k;
        loop variant n - k;
    */
    while (k < n && meta[k] == 0u)
        k++;
    return k;
}

/* First slot in [from, n) whose is_occupied bit is set, or n. */
/*@ requires from_range: from <= n;
    requires meta_valid: \valid_read(meta + (0 .. n - 1));
    requires bytes:      amq_qf_bytes(meta, n);
    assigns \nothing;
    ensures range: from <= \result <= n;
    ensures none:  \forall integer k; from <= k < \result ==> !amq_qf_O(meta, k);
    ensures occ:   \result < n ==> amq_qf_O(meta, \result);
*/
static uint64_t qf_first_occ_from(const uint8_t *meta, uint64_t n, uint64_t from)
{
    uint64_t k = from;
    /*@ loop invariant range: from <= k <= n;
        loop invariant none:  \forall integer x; from <= x < k ==> !amq_qf_O(meta, x);
        loop assigns k;
        loop variant n - k;
    */
    while (k < n && !qf_o(meta[k]))
        k++;
    return k;
}

/* Slot where the run of quotient fq starts (if is_occupied(fq)) or would start: walk back
 * from fq to the start of its cluster (an unshifted element), then forward run by run,
 * pairing the k-th run of the cluster with the k-th occupied quotient. */
/*@ requires fq_range:   fq < n;
    requires meta_valid: \valid_read(meta + (0 .. n - 1));
    requires gq_valid:   \valid_read(gq + (0 .. n - 1));
    requires shape:      amq_qf_shape(meta, gq, n);
    assigns \nothing;
    ensures range:  fq <= \result <= n;
    ensures used:   \forall integer k; fq <= k < \result ==> amq_qf_used(meta, k);
    ensures before: \forall integer k; 0 <= k < \result ==> amq_qf_used(meta, k) ==> gq[k] < fq;
    ensures after:  \forall integer k; \result <= k < n ==> amq_qf_used(meta, k) ==> gq[k] >= fq;
*/
static uint64_t qf_find_run(const uint8_t *meta, uint64_t n, uint64_t fq)
    /*@ ghost (uint64_t \ghost *gq) */
{
    uint64_t b = fq;
    /*@ loop invariant range: 0 <= b <= fq;
        loop invariant used:  \forall integer k; b <= k < fq ==> amq_qf_used(meta, k);
        loop assigns b;
        loop variant b;
    */
    while (b > 0u && qf_s(meta[b])) {
        /*@ assert used_b: amq_qf_used(meta, b) && gq[b] < b; */
        /*@ assert used_prev: amq_qf_used(meta, b - 1); */
        b--;
    }
    /*@ assert unshifted: !amq_qf_S(meta, b); */
    /*@ assert start: amq_qf_used(meta, b) ==> gq[b] == b; */
    /*@ assert start_after: \forall integer k; b <= k < n ==> amq_qf_used(meta, k) ==> gq[k] >= b; */
    uint64_t s = b, cq = b;
    /*@ loop invariant range:  b <= cq <= fq && cq <= s <= n;
        loop invariant prefix: \forall integer k; b <= k < fq ==> amq_qf_used(meta, k);
        loop invariant used:   \forall integer k; b <= k < s ==> amq_qf_used(meta, k);
        loop invariant before: \forall integer k; 0 <= k < s ==> amq_qf_used(meta, k) ==> gq[k] < cq;
        loop invariant after:  \forall integer k; s <= k < n ==> amq_qf_used(meta, k) ==> gq[k] >= cq;
        loop invariant occ:    cq < fq ==> amq_qf_O(meta, cq);
        loop assigns s, cq;
        loop variant fq - cq;
    */
    while (cq < fq) {
        /*@ assert witness: \exists integer i; 0 <= i < n && amq_qf_used(meta, i) && gq[i] == cq; */
        /*@ assert head: s < n && amq_qf_used(meta, s) && gq[s] == cq; */
        /*@ ghost uint64_t s0 = s; */
        s++;
        /*@ loop invariant range: s0 < s <= n;
            loop invariant run:   \forall integer k; s0 <= k < s ==> amq_qf_used(meta, k) && gq[k] == cq;
            loop assigns s;
            loop variant n - s;
        */
        while (s < n && qf_c(meta[s]))
            s++;
        /*@ assert next_head: s < n ==> amq_qf_used(meta, s) ==> gq[s] > cq; */
        /*@ assert next_used: \forall integer k; s <= k < n ==> amq_qf_used(meta, k) ==> gq[k] == cq ==>
                                amq_qf_used(meta, s); */
        /*@ assert run_end: \forall integer k; s <= k < n ==> amq_qf_used(meta, k) ==> gq[k] > cq; */
        /*@ assert later_occ: \forall integer k; s <= k < n ==> amq_qf_used(meta, k) ==>
                                amq_qf_O(meta, gq[k]); */
        uint64_t c1 = qf_next_occ(meta, n, cq, fq);
        /*@ assert after1: \forall integer k; s <= k < n ==> amq_qf_used(meta, k) ==> gq[k] >= c1; */
        /*@ assert order: c1 <= s; */
        cq = c1;
    }
    return s;
}

/* Slot holding (fq, fr) in the run of fq, which starts at s; n if there is none. */
/*@ requires fq_range:   fq <= s < n;
    requires meta_valid: \valid_read(meta + (0 .. n - 1));
    requires rem_valid:  \valid_read(rem + (0 .. n - 1));
    requires gq_valid:   \valid_read(gq + (0 .. n - 1));
    requires shape:      amq_qf_shape(meta, gq, n);
    requires rsorted:    amq_qf_rsorted(rem, meta, gq, n);
    requires head:       amq_qf_used(meta, s) && gq[s] == fq;
    requires before:     \forall integer k; 0 <= k < s ==> amq_qf_used(meta, k) ==> gq[k] < fq;
    assigns \nothing;
    ensures range:  s <= \result <= n;
    ensures found:  \result < n ==> amq_qf_used(meta, \result) && gq[\result] == fq && rem[\result] == fr;
    ensures absent: \result == n ==> !amq_qf_member(rem, meta, gq, n, fq, fr);
*/
static uint64_t qf_run_find(const uint8_t *meta, const uint64_t *rem, uint64_t n, uint64_t fq,
                            uint64_t fr, uint64_t s)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)fq; /* for the contract */
    uint64_t k = s;
    /*@ loop invariant range: s <= k < n;
        loop invariant run:   \forall integer j; s <= j <= k ==> amq_qf_used(meta, j) && gq[j] == fq;
        loop invariant below: \forall integer j; s <= j < k ==> rem[j] < fr;
        loop assigns k;
        loop variant n - k;
    */
    for (;;) {
        if (rem[k] == fr)
            return k;
        if (rem[k] > fr) {
            /*@ assert later: \forall integer j; k < j < n ==> amq_qf_used(meta, j) ==> gq[j] == fq ==>
                                rem[j] > fr; */
            /*@ assert not_found: !amq_qf_member(rem, meta, gq, n, fq, fr); */
            return n;
        }
        k++;
        if (k == n || !qf_c(meta[k])) {
            /*@ assert next_head: k < n ==> amq_qf_used(meta, k) ==> gq[k] > fq; */
            /*@ assert next_used: \forall integer j; k <= j < n ==> amq_qf_used(meta, j) ==> gq[j] == fq ==>
                                    amq_qf_used(meta, k); */
            /*@ assert run_end: \forall integer j; k <= j < n ==> amq_qf_used(meta, j) ==> gq[j] > fq; */
            /*@ assert not_found: !amq_qf_member(rem, meta, gq, n, fq, fr); */
            return n;
        }
    }
}

/* ------------------------------------------------------------------------------------ */
/* Query                                                                                 */

int amq_quotient_kernel_query(const amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *gq) */
{
    const uint8_t *meta = qf->meta;
    const uint64_t *rem = qf->rem;
    uint64_t n = qf->nslots;
    if (!qf_o(meta[fq])) {
        /*@ assert not_occ: !amq_qf_member(rem, meta, gq, n, fq, fr); */
        return 0;
    }
    uint64_t s = qf_find_run(meta, n, fq) /*@ ghost (gq) */;
    /*@ assert witness: \exists integer i; 0 <= i < n && amq_qf_used(meta, i) && gq[i] == fq; */
    /*@ assert head: s < n && amq_qf_used(meta, s) && gq[s] == fq; */
    uint64_t p = qf_run_find(meta, rem, n, fq, fr, s) /*@ ghost (gq) */;
    return p < n;
}

/* ------------------------------------------------------------------------------------ */
/* Insert                                                                                */

/* Insertion point of (fq, fr) in the run of fq, which starts at s (or would start there
 * if !had_run): after every element <= (fq, fr), before every element > (fq, fr). */
/*@ requires fq_range:   fq <= s <= e < n;
    requires meta_valid: \valid_read(meta + (0 .. n - 1));
    requires rem_valid:  \valid_read(rem + (0 .. n - 1));
    requires gq_valid:   \valid_read(gq + (0 .. n - 1));
    requires shape:      amq_qf_shape(meta, gq, n);
    requires rsorted:    amq_qf_rsorted(rem, meta, gq, n);
    requires free:       meta[e] == 0;
    requires used:       \forall integer k; fq <= k < e ==> amq_qf_used(meta, k);
    requires before:     \forall integer k; 0 <= k < s ==> amq_qf_used(meta, k) ==> gq[k] < fq;
    requires after:      \forall integer k; s <= k < n ==> amq_qf_used(meta, k) ==> gq[k] >= fq;
    requires occ:        had_run <==> amq_qf_O(meta, fq);
    assigns \nothing;
    ensures range:     s <= \result <= e;
    ensures pos:       amq_qf_ins_pos(rem, meta, gq, n, fq, fr, \result, e);
    ensures cont_new:  s < \result <==> (0 < \result && amq_qf_used(meta, \result - 1) && gq[\result - 1] == fq);
    ensures cont_next: \result < e ==>
                         ((amq_qf_C(meta, \result) || (had_run && \result == s)) <==> gq[\result] == fq);
    ensures head:      had_run && \result == s && \result < e ==> !amq_qf_C(meta, \result);
    ensures head_pos:  had_run ==> s < e;
*/
static uint64_t qf_run_scan(const uint8_t *meta, const uint64_t *rem, uint64_t n, uint64_t fq,
                            uint64_t fr, uint64_t s, uint64_t e, _Bool had_run)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)n; (void)fq; /* for the contract */
    uint64_t p = s;
    if (had_run) {
        /*@ assert witness: \exists integer i; 0 <= i < n && amq_qf_used(meta, i) && gq[i] == fq; */
        /*@ assert head: s < e && amq_qf_used(meta, s) && gq[s] == fq; */
        /*@ assert head_c: !amq_qf_C(meta, s); */
        /*@ loop invariant range: s <= p <= e;
            loop invariant run:   \forall integer j; s <= j < p ==>
                                    amq_qf_used(meta, j) && gq[j] == fq && rem[j] <= fr;
            loop assigns p;
            loop variant e - p;
        */
        while (p < e && (p == s || qf_c(meta[p])) && rem[p] <= fr)
            p++;
        /*@ assert stop: p < e ==> (rem[p] > fr && gq[p] == fq) || (s < p && !amq_qf_C(meta, p)); */
        /*@ assert after_head: p < e ==> gq[p] > fq || (gq[p] == fq && rem[p] > fr); */
        /*@ assert mono: \forall integer j; p < j < e ==> gq[j] >= gq[p] && (gq[j] == gq[p] ==> rem[j] >= rem[p]); */
        /*@ assert after: \forall integer j; p <= j < e ==> gq[j] > fq || (gq[j] == fq && rem[j] > fr); */
    } else {
        /*@ assert no_run: \forall integer j; 0 <= j < n ==> amq_qf_used(meta, j) ==> gq[j] != fq; */
    }
    return p;
}

/* Moves the elements of slots [p, e) up by one slot: remainder, ghost quotient and
 * is_continuation move, is_occupied stays, every moved element is shifted. */
/*@ requires range:      p <= e < n;
    requires meta_valid: \valid(meta + (0 .. n - 1));
    requires rem_valid:  \valid(rem + (0 .. n - 1));
    requires gq_valid:   \valid(gq + (0 .. n - 1));
    requires sep:        \separated(meta + (0 .. n - 1), rem + (0 .. n - 1), gq + (0 .. n - 1));
    requires bytes:      amq_qf_bytes(meta, n);
    assigns rem[p + 1 .. e], meta[p + 1 .. e], gq[p + 1 .. e];
    ensures moved_rem:  \forall integer j; p < j <= e ==> rem[j] == \old(rem[j - 1]);
    ensures moved_gq:   \forall integer j; p < j <= e ==> gq[j] == \old(gq[j - 1]);
    ensures moved_byte: \forall integer j; p < j <= e ==> meta[j] <= 7;
    ensures moved_O:    \forall integer j; p < j <= e ==> (amq_qf_O(meta, j) <==> amq_qf_O{Pre}(meta, j));
    ensures moved_C:    \forall integer j; p < j <= e ==> (amq_qf_C(meta, j) <==> amq_qf_C{Pre}(meta, j - 1));
    ensures moved_S:    \forall integer j; p < j <= e ==> amq_qf_S(meta, j);
    ensures same_rem:   \forall integer j; 0 <= j < n ==> (j <= p || e < j) ==> rem[j] == \old(rem[j]);
    ensures same_gq:    \forall integer j; 0 <= j < n ==> (j <= p || e < j) ==> gq[j] == \old(gq[j]);
    ensures same_meta:  \forall integer j; 0 <= j < n ==> (j <= p || e < j) ==> meta[j] == \old(meta[j]);
*/
static void qf_shift_up(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t p, uint64_t e)
    /*@ ghost (uint64_t \ghost *gq) */
{
    uint64_t k = e;
    /*@ loop invariant range: p <= k <= e;
        loop invariant moved_rem:  \forall integer j; k < j <= e ==> rem[j] == \at(rem[j - 1], Pre);
        loop invariant moved_gq:   \forall integer j; k < j <= e ==> gq[j] == \at(gq[j - 1], Pre);
        loop invariant moved_byte: \forall integer j; k < j <= e ==> meta[j] <= 7;
        loop invariant moved_O:    \forall integer j; k < j <= e ==>
                                     (amq_qf_O(meta, j) <==> amq_qf_O{Pre}(meta, j));
        loop invariant moved_C:    \forall integer j; k < j <= e ==>
                                     (amq_qf_C(meta, j) <==> amq_qf_C{Pre}(meta, j - 1));
        loop invariant moved_S:    \forall integer j; k < j <= e ==> amq_qf_S(meta, j);
        loop invariant same_rem:   \forall integer j; 0 <= j < n ==> (j <= k || e < j) ==>
                                     rem[j] == \at(rem[j], Pre);
        loop invariant same_gq:    \forall integer j; 0 <= j < n ==> (j <= k || e < j) ==>
                                     gq[j] == \at(gq[j], Pre);
        loop invariant same_meta:  \forall integer j; 0 <= j < n ==> (j <= k || e < j) ==>
                                     meta[j] == \at(meta[j], Pre);
        loop assigns k, rem[p + 1 .. e], meta[p + 1 .. e], gq[p + 1 .. e];
        loop variant k - p;
    */
    while (k > p) {
        /*@ assert prev: \forall integer j; j == k - 1 ==> rem[j] == \at(rem[j], Pre) &&
                           gq[j] == \at(gq[j], Pre) && meta[j] == \at(meta[j], Pre); */
        qf_move_up(rem, meta, n, k) /*@ ghost (gq) */;
        k--;
    }
}

/* Inserts (fq, fr) at slot p: shifts [p, e) up, writes the new element, sets
 * is_occupied(fq).  cont_new: the new element continues a run; cont_next: the element
 * that was at p (the old head of the run of fq) now continues the new element. */
/*@ requires range:      fq <= p <= e < n;
    requires meta_valid: \valid(meta + (0 .. n - 1));
    requires rem_valid:  \valid(rem + (0 .. n - 1));
    requires gq_valid:   \valid(gq + (0 .. n - 1));
    requires sep:        \separated(meta + (0 .. n - 1), rem + (0 .. n - 1), gq + (0 .. n - 1));
    requires bytes:      amq_qf_bytes(meta, n);
    requires pos:        amq_qf_ins_pos(rem, meta, gq, n, fq, fr, p, e);
    requires cont_new:   cont_new <==> (0 < p && amq_qf_used(meta, p - 1) && gq[p - 1] == fq);
    requires cont_next:  p < e ==> ((amq_qf_C(meta, p) || cont_next) <==> gq[p] == fq);
    requires head:       cont_next ==> p < e && !amq_qf_C(meta, p);
    assigns rem[p .. e], meta[fq .. e], gq[p .. e];
    ensures inserted: amq_qf_inserted{Pre, Post}(rem, meta, gq, n, fq, fr, p, e);
*/
static void qf_ins_place(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t fq, uint64_t fr,
                         uint64_t p, uint64_t e, _Bool cont_new, _Bool cont_next)
    /*@ ghost (uint64_t \ghost *gq) */
{
    qf_shift_up(rem, meta, n, p, e) /*@ ghost (gq) */;
    /*@ ghost Shifted: ; */
    if (cont_next) {
        qf_set_bit(meta, n, p + 1u, 2u, 1);
        /*@ assert link_on: amq_qf_C(meta, p + 1) && \at(gq[p], Pre) == fq; */
    } else {
        /*@ assert link_off: p < e ==> (amq_qf_C(meta, p + 1) <==> \at(gq[p], Pre) == fq); */
    }
    /*@ ghost Linked: ; */
    /*@ assert linked_same: \forall integer j; 0 <= j < n ==> j != p + 1 ==>
          meta[j] == \at(meta[j], Shifted); */
    /*@ assert next_O: p < e ==> (amq_qf_O(meta, p + 1) <==> amq_qf_O{Pre}(meta, p + 1)); */
    /*@ assert next_C: p < e ==> (amq_qf_C(meta, p + 1) <==> \at(gq[p], Pre) == fq); */
    /*@ assert next_S: p < e ==> meta[p + 1] <= 7 && amq_qf_S(meta, p + 1); */
    /*@ assert next: p < e ==> meta[p + 1] <= 7 &&
          (amq_qf_O(meta, p + 1) <==> amq_qf_O{Pre}(meta, p + 1)) &&
          (amq_qf_C(meta, p + 1) <==> \at(gq[p], Pre) == fq) && amq_qf_S(meta, p + 1); */
    qf_put(rem, meta, n, p, fq, fr, cont_new, p > fq) /*@ ghost (gq) */;
    /*@ ghost Written: ; */
    /*@ assert put_same: \forall integer j; 0 <= j < n ==> j != p ==>
          meta[j] == \at(meta[j], Linked) && rem[j] == \at(rem[j], Linked) && gq[j] == \at(gq[j], Linked); */
    qf_set_bit(meta, n, fq, 1u, 1);
    /*@ assert others: \forall integer j; 0 <= j < n ==> j != fq ==> meta[j] == \at(meta[j], Written); */
    /*@ assert rem_gq: \forall integer j; 0 <= j < n ==> rem[j] == \at(rem[j], Written) && gq[j] == \at(gq[j], Written); */
    /*@ assert fq_bits: (amq_qf_C(meta, fq) <==> amq_qf_C{Written}(meta, fq)) &&
                        (amq_qf_S(meta, fq) <==> amq_qf_S{Written}(meta, fq)) && amq_qf_O(meta, fq); */
    /*@ assert occ_shifted: \forall integer k; 0 <= k < n ==> (amq_qf_O{Shifted}(meta, k) <==> amq_qf_O{Pre}(meta, k)); */
    /*@ assert occ_linked: \forall integer k; 0 <= k < n ==> (amq_qf_O{Linked}(meta, k) <==> amq_qf_O{Pre}(meta, k)); */
    /*@ assert occ_written: \forall integer k; 0 <= k < n ==> (amq_qf_O{Written}(meta, k) <==> amq_qf_O{Pre}(meta, k)); */
    /*@ assert cs_out: \forall integer k; 0 <= k < n ==> (k < p || e < k) ==>
          (amq_qf_C(meta, k) <==> amq_qf_C{Pre}(meta, k)) && (amq_qf_S(meta, k) <==> amq_qf_S{Pre}(meta, k)); */
    /*@ assert cs_mid: \forall integer k; p + 1 < k <= e ==>
          (amq_qf_C(meta, k) <==> amq_qf_C{Pre}(meta, k - 1)) && amq_qf_S(meta, k); */
    /*@ assert r_bytes: amq_qf_bytes(meta, n); */
    /*@ assert occ_other: \forall integer k; 0 <= k < n ==> k != fq ==>
          (amq_qf_O(meta, k) <==> amq_qf_O{Pre}(meta, k)); */
    /*@ assert r_occ:   amq_qf_ins_occ{Pre, Here}(meta, n, fq); */
    /*@ assert r_frame: amq_qf_ins_frame{Pre, Here}(rem, meta, gq, n, p, e); */
    /*@ assert r_new:   amq_qf_ins_new{Pre, Here}(rem, meta, gq, fq, fr, p); */
    /*@ assert r_moved: amq_qf_ins_moved{Pre, Here}(rem, meta, gq, fq, p, e); */
    /*@ assert inserted: amq_qf_inserted{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
}

/* qf_ins_place, plus the count of used slots (an induction: a ghost loop). */
/*@ requires range:      fq <= p <= e < n;
    requires meta_valid: \valid(meta + (0 .. n - 1));
    requires rem_valid:  \valid(rem + (0 .. n - 1));
    requires gq_valid:   \valid(gq + (0 .. n - 1));
    requires sep:        \separated(meta + (0 .. n - 1), rem + (0 .. n - 1), gq + (0 .. n - 1));
    requires bytes:      amq_qf_bytes(meta, n);
    requires pos:        amq_qf_ins_pos(rem, meta, gq, n, fq, fr, p, e);
    requires cont_new:   cont_new <==> (0 < p && amq_qf_used(meta, p - 1) && gq[p - 1] == fq);
    requires cont_next:  p < e ==> ((amq_qf_C(meta, p) || cont_next) <==> gq[p] == fq);
    requires head:       cont_next ==> p < e && !amq_qf_C(meta, p);
    assigns rem[p .. e], meta[fq .. e], gq[p .. e];
    ensures inserted: amq_qf_inserted{Pre, Post}(rem, meta, gq, n, fq, fr, p, e);
    ensures count:    amq_qf_nused(meta, n) == amq_qf_nused{Pre}(meta, n) + 1;
*/
static void qf_ins_write(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t fq, uint64_t fr,
                         uint64_t p, uint64_t e, _Bool cont_new, _Bool cont_next)
    /*@ ghost (uint64_t \ghost *gq) */
{
    qf_ins_place(rem, meta, n, fq, fr, p, e, cont_new, cont_next) /*@ ghost (gq) */;
    /*@ assert used_exact: \forall integer j; 0 <= j < n ==>
          (amq_qf_used(meta, j) <==> (amq_qf_used{Pre}(meta, j) || j == e)); */
    /*@ ghost
      /@ loop invariant range: 0 <= j <= n;
         loop invariant count: amq_qf_nused(meta, j) == amq_qf_nused{Pre}(meta, j) + (e < j ? 1 : 0);
         loop assigns j;
         loop variant n - j;
      @/
      for (uint64_t j = 0; j < n; j++) { }
    */
}

/* Insert of (fq, fr) when e, the first free slot at or after fq, exists: everything but
 * the count.  Re-establishes the invariant through the lemma blocks of quotient_logic.h. */
/*@ requires range:      fq <= e < n;
    requires meta_valid: \valid(meta + (0 .. n - 1));
    requires rem_valid:  \valid(rem + (0 .. n - 1));
    requires gq_valid:   \valid(gq + (0 .. n - 1));
    requires sep:        \separated(meta + (0 .. n - 1), rem + (0 .. n - 1), gq + (0 .. n - 1));
    requires bytes:      amq_qf_bytes(meta, n);
    requires home:       amq_qf_home(meta, gq, n);
    requires shifted:    amq_qf_shifted(meta, gq, n);
    requires nogap:      amq_qf_nogap(meta, gq, n);
    requires qsorted:    amq_qf_qsorted(meta, gq, n);
    requires runs:       amq_qf_runs(meta, gq, n);
    requires occupied:   amq_qf_occupied(meta, gq, n);
    requires rsorted:    amq_qf_rsorted(rem, meta, gq, n);
    requires free:       meta[e] == 0;
    requires used:       \forall integer k; fq <= k < e ==> amq_qf_used(meta, k);
    assigns rem[0 .. n - 1], meta[0 .. n - 1], gq[0 .. n - 1];
    ensures shape:   amq_qf_shape(meta, gq, n);
    ensures rsorted: amq_qf_rsorted(rem, meta, gq, n);
    ensures count:   amq_qf_nused(meta, n) == amq_qf_nused{Pre}(meta, n) + 1;
    ensures found:   amq_qf_member(rem, meta, gq, n, fq, fr);
    ensures kept:    \forall integer g, h; amq_qf_member{Pre}(rem, meta, gq, n, g, h) ==>
                       amq_qf_member(rem, meta, gq, n, g, h);
    ensures only:    \forall integer g, h; amq_qf_member(rem, meta, gq, n, g, h) ==>
                       amq_qf_member{Pre}(rem, meta, gq, n, g, h) || (g == fq && h == fr);
    ensures twice:   amq_qf_member{Pre}(rem, meta, gq, n, fq, fr) ==> amq_qf_member2(rem, meta, gq, n, fq, fr);
    ensures exact:   \exists integer p; amq_qf_ins_pos{Pre}(rem, meta, gq, n, fq, fr, p, e) &&
                       amq_qf_inserted{Pre, Post}(rem, meta, gq, n, fq, fr, p, e);
*/
static void qf_insert_at(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t fq, uint64_t fr, uint64_t e)
    /*@ ghost (uint64_t \ghost *gq) */
{
    _Bool had_run = qf_o(meta[fq]);
    uint64_t s = qf_find_run(meta, n, fq) /*@ ghost (gq) */;
    /*@ assert s_le_e: s <= e; */
    uint64_t p = qf_run_scan(meta, rem, n, fq, fr, s, e, had_run) /*@ ghost (gq) */;
    qf_ins_write(rem, meta, n, fq, fr, p, e, p > s, had_run && p == s) /*@ ghost (gq) */;
    /*@ assert h_home:  amq_qf_ins_home_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert home:    amq_qf_home(meta, gq, n) && amq_qf_shifted(meta, gq, n); */
    /*@ assert h_nogap: amq_qf_ins_nogap_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert nogap:   amq_qf_nogap(meta, gq, n); */
    /*@ assert h_qs:    amq_qf_ins_qs_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert qsorted: amq_qf_qsorted(meta, gq, n); */
    /*@ assert h_rs:    amq_qf_ins_rs_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert rsorted: amq_qf_rsorted(rem, meta, gq, n); */
    /*@ assert h_runs:  amq_qf_ins_runs_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert runs:    amq_qf_runs(meta, gq, n); */
    /*@ assert h_occ:   amq_qf_ins_occ_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert occupied: amq_qf_occupied(meta, gq, n); */
    /*@ assert found:   amq_qf_member(rem, meta, gq, n, fq, fr); */
    /*@ assert kept:    \forall integer g, h; amq_qf_member{Pre}(rem, meta, gq, n, g, h) ==>
                          amq_qf_member(rem, meta, gq, n, g, h); */
    /*@ assert only:    \forall integer g, h; amq_qf_member(rem, meta, gq, n, g, h) ==>
                          amq_qf_member{Pre}(rem, meta, gq, n, g, h) || (g == fq && h == fr); */
    /*@ assert twice:   amq_qf_member{Pre}(rem, meta, gq, n, fq, fr) ==>
                          amq_qf_member2(rem, meta, gq, n, fq, fr); */
}

int amq_quotient_kernel_insert(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *gq) */
{
    uint8_t *meta = qf->meta;
    uint64_t *rem = qf->rem;
    uint64_t n = qf->nslots;
    /*@ assert sep: \separated(qf, rem + (0 .. n - 1), meta + (0 .. n - 1), gq + (0 .. n - 1)); */
    if (qf->count >= n)
        return 1;
    uint64_t e = qf_first_free(meta, n, fq);
    if (e == n) {
        /*@ assert no_room: !amq_qf_room(meta, n, fq); */
        return 2;
    }
    /*@ assert room: amq_qf_room(meta, n, fq); */
    /* The count first: the proof-heavy part below then never meets a write to qf. */
    qf->count = qf->count + 1u;
    /*@ assert same: amq_qf_same{Pre, Here}(rem, meta, gq, n); */
    /*@ ghost Counted: ; */
    qf_insert_at(rem, meta, n, fq, fr, e) /*@ ghost (gq) */;
    /*@ assert count: qf->count == \at(qf->count, Pre) + 1; */
    /*@ assert kept:  \forall integer g, h; amq_qf_member{Pre}(rem, meta, gq, n, g, h) ==>
                        amq_qf_member(rem, meta, gq, n, g, h); */
    /*@ assert only:  \forall integer g, h; amq_qf_member(rem, meta, gq, n, g, h) ==>
                        amq_qf_member{Pre}(rem, meta, gq, n, g, h) || (g == fq && h == fr); */
    /*@ assert exact: \exists integer p; amq_qf_ins_pos{Pre}(rem, meta, gq, n, fq, fr, p, e) &&
                        amq_qf_inserted{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert fields: qf->nslots == n && qf->rem == rem && qf->meta == meta; */
    /*@ assert e_inv:   amq_qf_ok(qf, gq); */
    /*@ assert e_found: amq_qf_has(qf, gq, fq, fr); */
    return 0;
}

/* ------------------------------------------------------------------------------------ */
/* Delete                                                                                */

/* Slot p holds the only element of its quotient iff it is a run head not followed by a
 * continuation. */
/*@ requires p_range:    p < n;
    requires meta_valid: \valid_read(meta + (0 .. n - 1));
    requires gq_valid:   \valid_read(gq + (0 .. n - 1));
    requires shape:      amq_qf_shape(meta, gq, n);
    requires at_p:       amq_qf_used(meta, p) && gq[p] == fq;
    assigns \nothing;
    ensures last: \result <==>
      !(\exists integer k; 0 <= k < n && k != p && amq_qf_used(meta, k) && gq[k] == fq);
*/
static _Bool qf_is_last(const uint8_t *meta, uint64_t n, uint64_t fq, uint64_t p)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)fq; /* for the contract */
    if (qf_c(meta[p])) {
        /*@ assert prev: amq_qf_used(meta, p - 1) && gq[p - 1] == fq; */
        return 0;
    }
    if (p + 1u < n && qf_c(meta[p + 1u])) {
        /*@ assert next: amq_qf_used(meta, p + 1) && gq[p + 1] == fq; */
        return 0;
    }
    /*@ assert none_before: \forall integer k; 0 <= k < p ==> amq_qf_used(meta, k) ==> gq[k] != fq; */
    /*@ assert none_after: \forall integer k; p < k < n ==> amq_qf_used(meta, k) ==> gq[k] != fq; */
    return 1;
}

/* Removes the element of slot p, which holds (fq, fr): the shifted elements after it move
 * down one slot, tracking the quotient of each run head they pass so that is_shifted is
 * recomputed; the last slot they leave becomes free; is_occupied(fq) is cleared if p held
 * the only element of fq.  Returns t (see amq_qf_del_pos). */
/*@ requires p_range:    p < n;
    requires meta_valid: \valid(meta + (0 .. n - 1));
    requires rem_valid:  \valid(rem + (0 .. n - 1));
    requires gq_valid:   \valid(gq + (0 .. n - 1));
    requires sep:        \separated(meta + (0 .. n - 1), rem + (0 .. n - 1), gq + (0 .. n - 1));
    requires shape:      amq_qf_shape(meta, gq, n);
    requires at_p:       amq_qf_used(meta, p) && gq[p] == fq && rem[p] == fr;
    requires last:       last <==>
      !(\exists integer k; 0 <= k < n && k != p && amq_qf_used(meta, k) && gq[k] == fq);
    assigns rem[p .. n - 1], meta[0 .. n - 1], gq[p .. n - 1];
    ensures range:   p < \result <= n;
    ensures pos:     amq_qf_del_pos{Pre}(rem, meta, gq, n, fq, fr, p, \result);
    ensures deleted: amq_qf_deleted{Pre, Post}(rem, meta, gq, n, fq, fr, p, \result);
    ensures used:    amq_qf_del_used{Pre, Post}(meta, n, \result);
    ensures count:   amq_qf_nused(meta, n) == amq_qf_nused{Pre}(meta, n) - 1;
    ensures count_pos: amq_qf_nused{Pre}(meta, n) >= 1;
*/
static uint64_t qf_del_write(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t fq, uint64_t fr,
                             uint64_t p, _Bool last)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)fr; /* for the contract */
    _Bool cp = qf_c(meta[p]);
    uint64_t k = p + 1u;
    uint64_t cq = fq;
    /*@ loop invariant range:      p < k <= n;
        loop invariant shifted:    \forall integer j; p < j < k ==> amq_qf_S{Pre}(meta, j);
        loop invariant moved_rem:  \forall integer j; p <= j < k - 1 ==> rem[j] == \at(rem[j + 1], Pre);
        loop invariant moved_gq:   \forall integer j; p <= j < k - 1 ==> gq[j] == \at(gq[j + 1], Pre);
        loop invariant moved_byte: \forall integer j; p <= j < k - 1 ==> meta[j] <= 7;
        loop invariant moved_S:    \forall integer j; p <= j < k - 1 ==>
                                     (amq_qf_S(meta, j) <==> \at(gq[j + 1], Pre) < j);
        loop invariant moved_C:    \forall integer j; p <= j < k - 1 ==>
                                     (amq_qf_C(meta, j) <==> (amq_qf_C{Pre}(meta, j + 1) && (p < j || cp)));
        loop invariant occ_same:   \forall integer j; 0 <= j < n ==> (amq_qf_O(meta, j) <==> amq_qf_O{Pre}(meta, j));
        loop invariant same_rem:   \forall integer j; 0 <= j < n ==> (j < p || k - 1 <= j) ==>
                                     rem[j] == \at(rem[j], Pre);
        loop invariant same_gq:    \forall integer j; 0 <= j < n ==> (j < p || k - 1 <= j) ==>
                                     gq[j] == \at(gq[j], Pre);
        loop invariant same_meta:  \forall integer j; 0 <= j < n ==> (j < p || k - 1 <= j) ==>
                                     meta[j] == \at(meta[j], Pre);
        loop invariant quot:       cq == amq_qf_gq{Pre}(gq, k - 1);
        loop invariant cp:         cp <==> amq_qf_C{Pre}(meta, p);
        loop assigns k, cq, rem[p .. n - 1], meta[p .. n - 1], gq[p .. n - 1];
        loop variant n - k;
    */
    while (k < n && qf_s(meta[k])) {
        /*@ assert bytes: amq_qf_bytes(meta, n); */
        /*@ assert moving: amq_qf_used{Pre}(meta, k) && amq_qf_gq{Pre}(gq, k) < k; */
        /*@ assert prev_used: amq_qf_used{Pre}(meta, k - 1); */
        _Bool c = qf_c(meta[k]);
        if (!c) {
            /*@ assert new_run: amq_qf_gq{Pre}(gq, k) > cq; */
            /*@ assert above: \forall integer m; 0 <= m < n ==> amq_qf_used{Pre}(meta, m) ==>
                                amq_qf_gq{Pre}(gq, m) > cq ==> m >= k; */
            /*@ assert below: \forall integer m; 0 <= m < n ==> amq_qf_used{Pre}(meta, m) ==>
                                amq_qf_gq{Pre}(gq, m) < amq_qf_gq{Pre}(gq, k) ==> m < k; */
            /*@ assert between: \forall integer x; cq < x < amq_qf_gq{Pre}(gq, k) ==> !amq_qf_O{Pre}(meta, x); */
            /*@ assert occ_k: amq_qf_O(meta, amq_qf_gq{Pre}(gq, k)); */
            cq = qf_next_occ(meta, n, cq, k - 1u);
        } else {
            /*@ assert same_run: amq_qf_gq{Pre}(gq, k) == cq; */
        }
        /*@ assert quot_k: cq == amq_qf_gq{Pre}(gq, k); */
        qf_move_down(rem, meta, n, k - 1u, c && (k > p + 1u || cp), cq != k - 1u) /*@ ghost (gq) */;
        /*@ assert new_C: amq_qf_C(meta, k - 1) <==> (amq_qf_C{Pre}(meta, k) && (p < k - 1 || cp)); */
        k++;
    }
    /*@ assert t_stop: k < n ==> !amq_qf_S{Pre}(meta, k); */
    /*@ assert pos: amq_qf_del_pos{Pre}(rem, meta, gq, n, fq, fr, p, k); */
    /*@ assert t_after: k < n ==> \forall integer m; k <= m < n ==> amq_qf_used{Pre}(meta, m) ==>
                          amq_qf_gq{Pre}(gq, m) >= k; */
    /*@ assert freed_home: amq_qf_O{Pre}(meta, k - 1) ==>
                             amq_qf_used{Pre}(meta, k - 1) && amq_qf_gq{Pre}(gq, k - 1) == k - 1; */
    /*@ assert freed_p: amq_qf_O{Pre}(meta, k - 1) ==> k - 1 == p && p == fq; */
    /*@ assert freed_occ: amq_qf_O{Pre}(meta, k - 1) ==> k - 1 == fq && last; */
    qf_vacate(rem, meta, n, k - 1u) /*@ ghost (gq) */;
    /*@ ghost Vacated: ; */
    if (last)
        qf_set_bit(meta, n, fq, 1u, 0);
    /*@ assert others: \forall integer j; 0 <= j < n ==> j != fq ==> meta[j] == \at(meta[j], Vacated); */
    /*@ assert r_bytes: amq_qf_bytes(meta, n); */
    /*@ assert r_occ:   amq_qf_del_occ{Pre, Here}(meta, gq, n, fq, p); */
    /*@ assert r_frame: amq_qf_del_frame{Pre, Here}(rem, meta, gq, n, p, k); */
    /*@ assert r_moved: amq_qf_del_moved{Pre, Here}(rem, meta, gq, p, k); */
    /*@ assert r_freed: meta[k - 1] == 0; */
    /*@ assert deleted: amq_qf_deleted{Pre, Here}(rem, meta, gq, n, fq, fr, p, k); */
    /*@ assert h_used:  amq_qf_del_used_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, k); */
    /*@ assert used:    amq_qf_del_used{Pre, Here}(meta, n, k); */
    /*@ ghost
      /@ loop invariant range: 0 <= j <= n;
         loop invariant count: amq_qf_nused(meta, j) == amq_qf_nused{Pre}(meta, j) - (k - 1 < j ? 1 : 0);
         loop invariant nonneg: amq_qf_nused(meta, j) >= 0;
         loop assigns j;
         loop variant n - j;
      @/
      for (uint64_t j = 0; j < n; j++) { }
    */
    return k;
}

/* Delete of the element of slot p, which holds (fq, fr): everything but the count. */
/*@ requires p_range:    fq <= p < n;
    requires meta_valid: \valid(meta + (0 .. n - 1));
    requires rem_valid:  \valid(rem + (0 .. n - 1));
    requires gq_valid:   \valid(gq + (0 .. n - 1));
    requires sep:        \separated(meta + (0 .. n - 1), rem + (0 .. n - 1), gq + (0 .. n - 1));
    requires bytes:      amq_qf_bytes(meta, n);
    requires home:       amq_qf_home(meta, gq, n);
    requires shifted:    amq_qf_shifted(meta, gq, n);
    requires nogap:      amq_qf_nogap(meta, gq, n);
    requires qsorted:    amq_qf_qsorted(meta, gq, n);
    requires runs:       amq_qf_runs(meta, gq, n);
    requires occupied:   amq_qf_occupied(meta, gq, n);
    requires rsorted:    amq_qf_rsorted(rem, meta, gq, n);
    requires at_p:       amq_qf_used(meta, p) && gq[p] == fq && rem[p] == fr;
    assigns rem[0 .. n - 1], meta[0 .. n - 1], gq[0 .. n - 1];
    ensures shape:   amq_qf_shape(meta, gq, n);
    ensures rsorted: amq_qf_rsorted(rem, meta, gq, n);
    ensures count:   amq_qf_nused(meta, n) == amq_qf_nused{Pre}(meta, n) - 1;
    ensures count_pos: amq_qf_nused{Pre}(meta, n) >= 1;
    ensures kept:    \forall integer g, h; amq_qf_member{Pre}(rem, meta, gq, n, g, h) ==>
                       (g != fq || h != fr) ==> amq_qf_member(rem, meta, gq, n, g, h);
    ensures only:    \forall integer g, h; amq_qf_member(rem, meta, gq, n, g, h) ==>
                       amq_qf_member{Pre}(rem, meta, gq, n, g, h);
    ensures twice:   amq_qf_member2{Pre}(rem, meta, gq, n, fq, fr) ==> amq_qf_member(rem, meta, gq, n, fq, fr);
    ensures exact:   \exists integer t; amq_qf_del_pos{Pre}(rem, meta, gq, n, fq, fr, p, t) &&
                       amq_qf_deleted{Pre, Post}(rem, meta, gq, n, fq, fr, p, t);
*/
static void qf_delete_at(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t fq, uint64_t fr, uint64_t p)
    /*@ ghost (uint64_t \ghost *gq) */
{
    _Bool last = qf_is_last(meta, n, fq, p) /*@ ghost (gq) */;
    uint64_t t = qf_del_write(rem, meta, n, fq, fr, p, last) /*@ ghost (gq) */;
    (void)t; /* named in the proof only */
    /*@ assert h_home:  amq_qf_del_home_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, t); */
    /*@ assert home:    amq_qf_home(meta, gq, n) && amq_qf_shifted(meta, gq, n) && amq_qf_nogap(meta, gq, n); */
    /*@ assert h_qs:    amq_qf_del_qs_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, t); */
    /*@ assert qsorted: amq_qf_qsorted(meta, gq, n); */
    /*@ assert h_rs:    amq_qf_del_rs_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, t); */
    /*@ assert rsorted: amq_qf_rsorted(rem, meta, gq, n); */
    /*@ assert h_runs:  amq_qf_del_runs_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, t); */
    /*@ assert runs:    amq_qf_runs(meta, gq, n); */
    /*@ assert h_occ:   amq_qf_del_occ_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, t); */
    /*@ assert occupied: amq_qf_occupied(meta, gq, n); */
    /*@ assert kept:    \forall integer g, h; amq_qf_member{Pre}(rem, meta, gq, n, g, h) ==>
                          (g != fq || h != fr) ==> amq_qf_member(rem, meta, gq, n, g, h); */
    /*@ assert only:    \forall integer g, h; amq_qf_member(rem, meta, gq, n, g, h) ==>
                          amq_qf_member{Pre}(rem, meta, gq, n, g, h); */
    /*@ assert twice:   amq_qf_member2{Pre}(rem, meta, gq, n, fq, fr) ==>
                          amq_qf_member(rem, meta, gq, n, fq, fr); */
}

int amq_quotient_kernel_delete(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *gq) */
{
    uint8_t *meta = qf->meta;
    uint64_t *rem = qf->rem;
    uint64_t n = qf->nslots;
    /*@ assert sep: \separated(qf, rem + (0 .. n - 1), meta + (0 .. n - 1), gq + (0 .. n - 1)); */
    if (!qf_o(meta[fq])) {
        /*@ assert not_occ: !amq_qf_member(rem, meta, gq, n, fq, fr); */
        return 1;
    }
    uint64_t s = qf_find_run(meta, n, fq) /*@ ghost (gq) */;
    /*@ assert witness: \exists integer i; 0 <= i < n && amq_qf_used(meta, i) && gq[i] == fq; */
    /*@ assert head: s < n && amq_qf_used(meta, s) && gq[s] == fq; */
    uint64_t p = qf_run_find(meta, rem, n, fq, fr, s) /*@ ghost (gq) */;
    if (p == n)
        return 1;
    /*@ assert present: amq_qf_member(rem, meta, gq, n, fq, fr); */
    /*@ assert inv_count: qf->count == amq_qf_nused(meta, n); */
    /*@ ghost
      /@ loop invariant range: 0 <= j <= n;
         loop invariant some:  amq_qf_nused(meta, j) >= (p < j ? 1 : 0);
         loop assigns j;
         loop variant n - j;
      @/
      for (uint64_t j = 0; j < n; j++) { }
    */
    /*@ assert c_pos: qf->count >= 1; */
    qf->count = qf->count - 1u;
    /*@ assert same: amq_qf_same{Pre, Here}(rem, meta, gq, n); */
    /*@ assert cnt_sep: \separated(&qf->count, rem + (0 .. n - 1), gq + (0 .. n - 1)); */
    /*@ assert cnt: qf->count == \at(qf->count, Pre) - 1; */
    qf_delete_at(rem, meta, n, fq, fr, p) /*@ ghost (gq) */;
    /*@ assert count: qf->count == \at(qf->count, Pre) - 1; */
    /*@ assert kept:  \forall integer g, h; amq_qf_member{Pre}(rem, meta, gq, n, g, h) ==>
                        (g != fq || h != fr) ==> amq_qf_member(rem, meta, gq, n, g, h); */
    /*@ assert only:  \forall integer g, h; amq_qf_member(rem, meta, gq, n, g, h) ==>
                        amq_qf_member{Pre}(rem, meta, gq, n, g, h); */
    /*@ assert twice: amq_qf_member2{Pre}(rem, meta, gq, n, fq, fr) ==> amq_qf_member(rem, meta, gq, n, fq, fr); */
    /*@ assert exact: \exists integer t; amq_qf_del_pos{Pre}(rem, meta, gq, n, fq, fr, p, t) &&
                        amq_qf_deleted{Pre, Here}(rem, meta, gq, n, fq, fr, p, t); */
    /*@ assert fields: qf->nslots == n && qf->rem == rem && qf->meta == meta; */
    /*@ assert e_inv:   amq_qf_ok(qf, gq); */
    return 0;
}

/* ------------------------------------------------------------------------------------ */
/* Iteration, clear, count, parameters                                                   */

void amq_quotient_kernel_iter_init(amq_qf_iter *it)
{
    it->slot = 0;
    it->quot = 0;
}

int amq_quotient_kernel_next(const amq_qf *qf, amq_qf_iter *it, uint64_t *fq, uint64_t *fr)
    /*@ ghost (uint64_t \ghost *gq) */
{
    const uint8_t *meta = qf->meta;
    uint64_t n = qf->nslots;
    uint64_t i = qf_first_used(meta, n, it->slot);
    if (i == n) {
        it->slot = n;
        return 0;
    }
    uint64_t q;
    uint8_t m = meta[i];
    if (!qf_s(m)) {
        /*@ assert home: gq[i] == i; */
        q = i;
    } else {
        /*@ assert prev: 0 < i && amq_qf_used(meta, i - 1) && i == it->slot && it->quot == gq[i - 1]; */
        if (qf_c(m)) {
            q = it->quot;
        } else {
            /*@ assert new_run: gq[i] > it->quot && gq[i] <= i - 1; */
            /*@ assert lo: \forall integer j; 0 <= j < i ==> amq_qf_used(meta, j) ==> gq[j] <= it->quot; */
            /*@ assert hi: \forall integer j; i <= j < n ==> amq_qf_used(meta, j) ==> gq[j] >= gq[i]; */
            /*@ assert between: \forall integer x; it->quot < x < gq[i] ==> !amq_qf_O(meta, x); */
            /*@ assert occ: amq_qf_O(meta, gq[i]); */
            q = qf_next_occ(meta, n, it->quot, i - 1u);
        }
    }
    /*@ assert quot: q == gq[i]; */
    it->slot = i + 1u;
    it->quot = q;
    *fq = q;
    *fr = qf->rem[i];
    return 1;
}

void amq_quotient_kernel_clear(amq_qf *qf)
{
    uint64_t n = qf->nslots;
    qf->count = 0;
    /*@ loop invariant range: 0 <= i <= n;
        loop invariant free:  \forall integer j; 0 <= j < i ==> qf->meta[j] == 0 && qf->rem[j] == 0;
        loop assigns i, qf->meta[0 .. n - 1], qf->rem[0 .. n - 1];
        loop variant n - i;
    */
    for (uint64_t i = 0; i < n; i++) {
        qf->meta[i] = 0;
        qf->rem[i] = 0;
    }
    /*@ ghost
      /@ loop invariant range: 0 <= j <= n;
         loop invariant none:  amq_qf_nused(qf->meta, j) == 0;
         loop assigns j;
         loop variant n - j;
      @/
      for (uint64_t j = 0; j < n; j++) { }
    */
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
/* Executable invariant check (amq_qf_inv, with the quotients decoded from the metadata). */

int amq_quotient_kernel_check_invariant(const amq_qf *qf)
{
    uint64_t n = qf->nslots;
    if (!amq_quotient_kernel_params_ok(qf->q, qf->r, n))
        return AMQ_QF_BAD_PARAMS;
    uint64_t home = AMQ_QF_HOME_SLOTS(qf->q);
    uint64_t rlim = ((uint64_t)1 << qf->r) - 1u; /* r <= 63: q >= 1 and q + r <= 64 */
    const uint8_t *meta = qf->meta;
    const uint64_t *rem = qf->rem;
    /*@ loop invariant range: 0 <= i <= n;
        loop invariant bytes: \forall integer j; 0 <= j < i ==> meta[j] <= 7;
        loop assigns i;
        loop variant n - i;
    */
    for (uint64_t i = 0; i < n; i++) {
        if (meta[i] > 7u)
            return AMQ_QF_BAD_BYTE;
        if (i >= home && qf_o(meta[i]))
            return AMQ_QF_BAD_OCCUPIED;
    }
    /* Decode: run heads take the occupied quotients in increasing order (next_o is the
     * smallest occupied slot not yet taken); continuations take their predecessor's. */
    uint64_t next_o = qf_first_occ_from(meta, n, 0);
    uint64_t used = 0, q = 0;
    /*@ assert rlim: rlim == (1 << qf->r) - 1; */
    /*@ loop invariant range:  0 <= i <= n;
        loop invariant bytes:  amq_qf_bytes(meta, n);
        loop invariant next:   next_o <= n;
        loop invariant used:   used <= i;
        loop invariant nused:  used == amq_qf_nused(meta, i);
        loop invariant rem:    \forall integer j; 0 <= j < i ==> meta[j] != 0 ==> rem[j] <= rlim;
        loop assigns i, next_o, used, q;
        loop variant n - i;
    */
    for (uint64_t i = 0; i < n; i++) {
        uint8_t m = meta[i];
        if (m == 0u)
            continue;
        used++;
        _Bool c = qf_c(m), sh = qf_s(m);
        _Bool prev_used = i > 0u && meta[i - 1u] != 0u;
        if (c) {
            if (!prev_used || !sh)
                return AMQ_QF_BAD_CONTINUATION;
            if (rem[i - 1u] > rem[i])
                return AMQ_QF_BAD_ORDER;
        } else {
            if (next_o >= n)
                return AMQ_QF_BAD_OCCUPIED; /* a run head with no quotient left */
            q = next_o;
            next_o = qf_first_occ_from(meta, n, next_o + 1u);
            if (q > i)
                return AMQ_QF_BAD_SHIFTED; /* before its canonical slot */
            if (sh != (q < i))
                return AMQ_QF_BAD_SHIFTED;
            if (sh && !prev_used)
                return AMQ_QF_BAD_CLUSTER;
        }
        if (rem[i] > rlim)
            return AMQ_QF_BAD_REMAINDER;
    }
    if (next_o != n)
        return AMQ_QF_BAD_OCCUPIED; /* an occupied quotient without a run */
    if (used != qf->count)
        return AMQ_QF_BAD_COUNT;
    return 0;
}
