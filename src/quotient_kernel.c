#include <amq/quotient_kernel.h>

/* Metadata bits, read arithmetically (the logic uses the same forms: amq_qf_occ, ...). */
#define QF_OCC(m)  ((unsigned)(m) % 2u)
#define QF_CONT(m) ((unsigned)(m) / 2u % 2u)
#define QF_SHFT(m) ((unsigned)(m) / 4u % 2u)

/* Smallest j' in (j, lim] whose is_occupied bit is set, or lim if none below lim. */
/*@ requires lim_range: j < lim < n;
    requires meta_valid: \valid_read(meta + (0 .. n - 1));
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
    while (x < lim && QF_OCC(meta[x]) == 0u)
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
    while (b > 0u && QF_SHFT(meta[b]) == 1u) {
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
        while (s < n && QF_CONT(meta[s]) == 1u)
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

int amq_qf_query(const amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *gq) */
{
    const uint8_t *meta = qf->meta;
    const uint64_t *rem = qf->rem;
    uint64_t n = qf->nslots;
    if (QF_OCC(meta[fq]) == 0u) {
        /*@ assert not_occ: !amq_qf_has(qf, gq, fq, fr); */
        return 0;
    }
    uint64_t k = qf_find_run(meta, n, fq) /*@ ghost (gq) */;
    /*@ assert witness: \exists integer i; 0 <= i < n && amq_qf_used(meta, i) && gq[i] == fq; */
    /*@ assert head: k < n && amq_qf_used(meta, k) && gq[k] == fq; */
    /*@ ghost uint64_t s = k; */
    /*@ loop invariant range: s <= k < n;
        loop invariant run:   \forall integer j; s <= j <= k ==> amq_qf_used(meta, j) && gq[j] == fq;
        loop invariant below: \forall integer j; s <= j < k ==> rem[j] < fr;
        loop assigns k;
        loop variant n - k;
    */
    for (;;) {
        if (rem[k] == fr)
            return 1;
        if (rem[k] > fr) {
            /*@ assert later: \forall integer j; k < j < n ==> amq_qf_used(meta, j) ==> gq[j] == fq ==>
                                rem[j] > fr; */
            /*@ assert not_found: !amq_qf_has(qf, gq, fq, fr); */
            return 0;
        }
        k++;
        if (k == n || QF_CONT(meta[k]) == 0u) {
            /*@ assert next_head: k < n ==> amq_qf_used(meta, k) ==> gq[k] > fq; */
            /*@ assert next_used: \forall integer j; k <= j < n ==> amq_qf_used(meta, j) ==> gq[j] == fq ==>
                                    amq_qf_used(meta, k); */
            /*@ assert run_end: \forall integer j; k <= j < n ==> amq_qf_used(meta, j) ==> gq[j] > fq; */
            /*@ assert not_found: !amq_qf_has(qf, gq, fq, fr); */
            return 0;
        }
    }
}

/* Insertion point of (fq, fr) in the run of fq, which starts at s (or would start there
 * if had_run == 0): after every element <= (fq, fr), before every element > (fq, fr). */
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
    requires had_run:    had_run == 0 || had_run == 1;
    requires occ:        had_run == 1 <==> amq_qf_O(meta, fq);
    assigns \nothing;
    ensures range:     s <= \result <= e;
    ensures pos:       amq_qf_ins_pos(rem, meta, gq, n, fq, fr, \result, e);
    ensures cont_new:  s < \result <==> (0 < \result && amq_qf_used(meta, \result - 1) && gq[\result - 1] == fq);
    ensures cont_next: \result < e ==>
                         ((amq_qf_C(meta, \result) || (had_run == 1 && \result == s)) <==> gq[\result] == fq);
    ensures head:      had_run == 1 && \result == s && \result < e ==> !amq_qf_C(meta, \result);
*/
static uint64_t qf_run_scan(const uint8_t *meta, const uint64_t *rem, uint64_t n, uint64_t fq,
                            uint64_t fr, uint64_t s, uint64_t e, unsigned had_run)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)n; (void)fq; /* for the contract */
    uint64_t p = s;
    if (had_run == 1u) {
        /*@ assert witness: \exists integer i; 0 <= i < n && amq_qf_used(meta, i) && gq[i] == fq; */
        /*@ assert head: s < e && amq_qf_used(meta, s) && gq[s] == fq; */
        /*@ assert head_c: !amq_qf_C(meta, s); */
        /*@ loop invariant range: s <= p <= e;
            loop invariant run:   \forall integer j; s <= j < p ==>
                                    amq_qf_used(meta, j) && gq[j] == fq && rem[j] <= fr;
            loop assigns p;
            loop variant e - p;
        */
        while (p < e && (p == s || QF_CONT(meta[p]) == 1u) && rem[p] <= fr)
            p++;
        /*@ assert stop: p < e ==> (rem[p] > fr && gq[p] == fq) || (s < p && !amq_qf_C(meta, p)); */
        /*@ assert after_head: p < e ==> gq[p] > fq || (gq[p] == fq && rem[p] > fr); */
        /*@ assert after: \forall integer j; p <= j < e ==> gq[j] > fq || (gq[j] == fq && rem[j] > fr); */
    } else {
        /*@ assert no_run: \forall integer j; 0 <= j < n ==> amq_qf_used(meta, j) ==> gq[j] != fq; */
    }
    return p;
}

/* Single-slot metadata updates.  All bit arithmetic lives in these four functions; their
 * callers reason on the is_occupied / is_continuation / is_shifted predicates only. */

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
*/
static void qf_move_up(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t k)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)n; /* for the contract */
    rem[k] = rem[k - 1u];
    meta[k] = (uint8_t)(QF_OCC(meta[k]) + QF_CONT(meta[k - 1u]) * 2u + 4u);
    /*@ ghost gq[k] = gq[k - 1u]; */
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
*/
static void qf_put(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t k, uint64_t q, uint64_t fr,
                   _Bool c, _Bool sh)
    /*@ ghost (uint64_t \ghost *gq) */
{
    (void)n; (void)q; /* for the contract (q is the ghost quotient) */
    rem[k] = fr;
    meta[k] = (uint8_t)(QF_OCC(meta[k]) + (c ? 2u : 0u) + (sh ? 4u : 0u));
    /*@ ghost gq[k] = q; */
}

/* Sets or clears one metadata bit of slot k (bit: 1 occupied, 2 continuation). */
/*@ requires k_range:    k < n;
    requires meta_valid: \valid(meta + (0 .. n - 1));
    requires byte:       meta[k] <= 7;
    requires bit:        bit == 1 || bit == 2;
    assigns meta[k];
    ensures byte: meta[k] <= 7;
    ensures O:    amq_qf_O(meta, k) <==> (bit == 1 ? on : amq_qf_O{Pre}(meta, k));
    ensures C:    amq_qf_C(meta, k) <==> (bit == 2 ? on : amq_qf_C{Pre}(meta, k));
    ensures S:    amq_qf_S(meta, k) <==> amq_qf_S{Pre}(meta, k);
*/
static void qf_set_bit(uint8_t *meta, uint64_t n, uint64_t k, unsigned bit, _Bool on)
{
    (void)n; /* for the contract */
    unsigned m = meta[k];
    unsigned has = bit == 1u ? m % 2u : m / 2u % 2u;
    if (on && has == 0u)
        meta[k] = (uint8_t)(m + bit);
    else if (!on && has == 1u)
        meta[k] = (uint8_t)(m - bit);
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
    ensures count:    amq_qf_nused(meta, n) == amq_qf_nused{Pre}(meta, n) + 1;
*/
static void qf_ins_write(uint64_t *rem, uint8_t *meta, uint64_t n, uint64_t fq, uint64_t fr,
                         uint64_t p, uint64_t e, _Bool cont_new, _Bool cont_next)
    /*@ ghost (uint64_t \ghost *gq) */
{
    qf_shift_up(rem, meta, n, p, e) /*@ ghost (gq) */;
    if (cont_next)
        qf_set_bit(meta, n, p + 1u, 2u, 1);
    /*@ assert next: p < e ==> meta[p + 1] <= 7 &&
          (amq_qf_O(meta, p + 1) <==> amq_qf_O{Pre}(meta, p + 1)) &&
          (amq_qf_C(meta, p + 1) <==> \at(gq[p], Pre) == fq) && amq_qf_S(meta, p + 1); */
    qf_put(rem, meta, n, p, fq, fr, cont_new, p > fq) /*@ ghost (gq) */;
    /*@ ghost Written: ; */
    qf_set_bit(meta, n, fq, 1u, 1);
    /*@ assert others: \forall integer j; 0 <= j < n ==> j != fq ==> meta[j] == \at(meta[j], Written); */
    /*@ assert r_bytes: amq_qf_bytes(meta, n); */
    /*@ assert r_occ:   amq_qf_ins_occ{Pre, Here}(meta, n, fq); */
    /*@ assert r_frame: amq_qf_ins_frame{Pre, Here}(rem, meta, gq, n, p, e); */
    /*@ assert r_new:   amq_qf_ins_new{Pre, Here}(rem, meta, gq, fq, fr, p); */
    /*@ assert r_moved: amq_qf_ins_moved{Pre, Here}(rem, meta, gq, fq, p, e); */
    /*@ assert inserted: amq_qf_inserted{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
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

int amq_qf_insert(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *gq) */
{
    uint8_t *meta = qf->meta;
    uint64_t *rem = qf->rem;
    uint64_t n = qf->nslots;
    if (qf->count >= n)
        return 1;
    uint64_t e = qf_first_free(meta, n, fq);
    if (e == n)
        return 2;
    unsigned had_run = QF_OCC(meta[fq]);
    uint64_t s = qf_find_run(meta, n, fq) /*@ ghost (gq) */;
    /*@ assert s_le_e: s <= e; */
    uint64_t p = qf_run_scan(meta, rem, n, fq, fr, s, e, had_run) /*@ ghost (gq) */;
    /*@ ghost Start: ; */
    qf_ins_write(rem, meta, n, fq, fr, p, e, p > s, had_run == 1u && p == s)
        /*@ ghost (gq) */;
    /*@ assert h_home:  amq_qf_ins_home_hyp{Start, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert home:    amq_qf_home(meta, gq, n) && amq_qf_shifted(meta, gq, n); */
    /*@ assert h_nogap: amq_qf_ins_nogap_hyp{Start, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert nogap:   amq_qf_nogap(meta, gq, n); */
    /*@ assert h_qs:    amq_qf_ins_qs_hyp{Start, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert qsorted: amq_qf_qsorted(meta, gq, n); */
    /*@ assert h_rs:    amq_qf_ins_rs_hyp{Start, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert rsorted: amq_qf_rsorted(rem, meta, gq, n); */
    /*@ assert h_runs:  amq_qf_ins_runs_hyp{Start, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert runs:    amq_qf_runs(meta, gq, n); */
    /*@ assert h_occ:   amq_qf_ins_occ_hyp{Start, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert occupied: amq_qf_occupied(meta, gq, n); */
    /*@ assert found:   amq_qf_member(rem, meta, gq, n, fq, fr); */
    /*@ assert kept:    \forall integer g, h; amq_qf_member{Start}(rem, meta, gq, n, g, h) ==>
                          amq_qf_member(rem, meta, gq, n, g, h); */
    /*@ assert only:    \forall integer g, h; amq_qf_member(rem, meta, gq, n, g, h) ==>
                          amq_qf_member{Start}(rem, meta, gq, n, g, h) || (g == fq && h == fr); */
    /*@ assert twice:   amq_qf_member{Start}(rem, meta, gq, n, fq, fr) ==>
                          amq_qf_member2(rem, meta, gq, n, fq, fr); */
    qf->count = qf->count + 1u;
    return 0;
}
