/* Quotient filter kernel: delete (contract on lib_internal/quotient_kernel.h; the steps it is
 * built from on lib_internal/quotient_steps.h). */
#include <lib_internal/quotient_steps.h>

/* ------------------------------------------------------------------------------------ */
/* Delete                                                                                */

/* Slot p holds the only element of its quotient iff it is a run head not followed by a
 * continuation. */
/*@ requires p_range:    p < n;
    requires ctx:        amq_qf_win_ok(st, rem, meta, gq);
    requires n_is:       n == st.n;
    requires hold:       amq_qf_hold(st.s, st.base, rem, meta);
    requires shape:      amq_quotient_shape(meta, gq, n);
    requires at_p:       amq_quotient_used(meta, p) && gq[p] == fq;
    assigns \nothing;
    ensures last: \result <==>
      !(\exists integer k; 0 <= k < n && k != p && amq_quotient_used(meta, k) && gq[k] == fq);
*/
static _Bool qf_is_last(const amq_qf_win st, uint64_t n, uint64_t fq, uint64_t p)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    (void)fq; /* for the contract */
    if (amq_quotient_step_is_continuation(amq_quotient_slots_meta(st.s, st.base + p) /*@ ghost (rem - st.base, meta - st.base) */)) {
        /*@ assert prev: amq_quotient_used(meta, p - 1) && gq[p - 1] == fq; */
        return 0;
    }
    if (p + 1u < n && amq_quotient_step_is_continuation(amq_quotient_slots_meta(st.s, st.base + (p + 1u)) /*@ ghost (rem - st.base, meta - st.base) */)) {
        /*@ assert next: amq_quotient_used(meta, p + 1) && gq[p + 1] == fq; */
        return 0;
    }
    /*@ assert none_before: \forall integer k; 0 <= k < p ==> amq_quotient_used(meta, k) ==> gq[k] != fq; */
    /*@ assert none_after: \forall integer k; p < k < n ==> amq_quotient_used(meta, k) ==> gq[k] != fq; */
    return 1;
}

/* The delete's shift goes on at slot k: k is inside the table and its element is shifted.
 * One call as the loop condition gives the loop a single exit, which the provers need to
 * carry the moved-slot relation past it. */
/*@ requires store:      amq_qf_win_readable(st);
    requires n_is:       n == st.n;
    requires hold:       amq_qf_hold(st.s, st.base, rem, meta);
    requires bytes:      amq_quotient_bytes(meta, n);
    assigns \nothing;
    ensures go: \result <==> (k < n && amq_quotient_S(meta, k));
*/
static _Bool qf_shift_goes_on(const amq_qf_win st, uint64_t n, uint64_t k)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */
{
    return k < n && amq_quotient_step_is_shifted(amq_quotient_slots_meta(st.s, st.base + k) /*@ ghost (rem - st.base, meta - st.base) */);
}

/* Removes the element of slot p, which holds (fq, fr): the shifted elements after it move
 * down one slot, tracking the quotient of each run head they pass so that is_shifted is
 * recomputed; the last slot they leave becomes free; is_occupied(fq) is cleared if p held
 * the only element of fq.  Returns t (see amq_quotient_del_pos). */
/*@ requires p_range:    p < n;
    requires ctx:        amq_qf_win_ok(st, rem, meta, gq);
    requires n_is:       n == st.n;
    requires hold:       amq_qf_hold(st.s, st.base, rem, meta);
    requires shape:      amq_quotient_shape(meta, gq, n);
    requires at_p:       amq_quotient_used(meta, p) && gq[p] == fq && rem[p] == fr;
    requires last:       last <==>
      !(\exists integer k; 0 <= k < n && k != p && amq_quotient_used(meta, k) && gq[k] == fq);
    assigns AMQ_QUOTIENT_SLOTS_WORDS(st.s),
            rem[p .. n - 1], meta[0 .. n - 1], gq[p .. n - 1];
    ensures hold: amq_qf_hold(st.s, st.base, rem, meta);
    ensures range:   p < \result <= n;
    ensures pos:     amq_quotient_del_pos{Pre}(rem, meta, gq, n, fq, fr, p, \result);
    ensures deleted: amq_quotient_deleted{Pre, Post}(rem, meta, gq, n, fq, fr, p, \result);
    ensures used:    amq_quotient_del_used{Pre, Post}(meta, n, \result);
    ensures count:   amq_quotient_nused(meta, n) == amq_quotient_nused{Pre}(meta, n) - 1;
    ensures count_pos: amq_quotient_nused{Pre}(meta, n) >= 1;
*/
static uint64_t qf_del_write(const amq_qf_win st, uint64_t n, uint64_t fq, uint64_t fr,
                             uint64_t p, _Bool last)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    (void)fr; /* for the contract */
    _Bool cp = amq_quotient_step_is_continuation(amq_quotient_slots_meta(st.s, st.base + p) /*@ ghost (rem - st.base, meta - st.base) */);
    uint64_t k = p + 1u;
    uint64_t cq = fq;
    /*@ loop invariant range:      p < k <= n;
        loop invariant shifted:    \forall integer j; p < j < k ==> amq_quotient_S{Pre}(meta, j);
        loop invariant moved_rem:  \forall integer j; p <= j < k - 1 ==> rem[j] == \at(rem[j + 1], Pre);
        loop invariant moved_gq:   \forall integer j; p <= j < k - 1 ==> gq[j] == \at(gq[j + 1], Pre);
        loop invariant moved_byte: \forall integer j; p <= j < k - 1 ==> meta[j] <= 7;
        loop invariant moved_S:    \forall integer j; p <= j < k - 1 ==>
                                     (amq_quotient_S(meta, j) <==> \at(gq[j + 1], Pre) < j);
        loop invariant moved_C:    \forall integer j; p <= j < k - 1 ==>
                                     (amq_quotient_C(meta, j) <==> (amq_quotient_C{Pre}(meta, j + 1) && (p < j || cp)));
        loop invariant occ_same:   \forall integer j; 0 <= j < n ==> (amq_quotient_O(meta, j) <==> amq_quotient_O{Pre}(meta, j));
        loop invariant same_rem:   \forall integer j; 0 <= j < n ==> (j < p || k - 1 <= j) ==>
                                     rem[j] == \at(rem[j], Pre);
        loop invariant same_gq:    \forall integer j; 0 <= j < n ==> (j < p || k - 1 <= j) ==>
                                     gq[j] == \at(gq[j], Pre);
        loop invariant same_meta:  \forall integer j; 0 <= j < n ==> (j < p || k - 1 <= j) ==>
                                     meta[j] == \at(meta[j], Pre);
        loop invariant quot:       cq == amq_quotient_gq{Pre}(gq, k - 1);
        loop invariant cp:         cp <==> amq_quotient_C{Pre}(meta, p);
        loop invariant hold: amq_qf_hold(st.s, st.base, rem, meta);
        loop assigns k, cq, AMQ_QUOTIENT_SLOTS_WORDS(st.s),
            rem[p .. n - 1], meta[p .. n - 1], gq[p .. n - 1];
        loop variant n - k;
    */
    while (qf_shift_goes_on(st, n, k) /*@ ghost (rem, meta) */) {
        /*@ assert bytes: amq_quotient_bytes(meta, n); */
        /*@ assert moving: amq_quotient_used{Pre}(meta, k) && amq_quotient_gq{Pre}(gq, k) < k; */
        /*@ assert prev_used: amq_quotient_used{Pre}(meta, k - 1); */
        _Bool c = amq_quotient_step_is_continuation(amq_quotient_slots_meta(st.s, st.base + k) /*@ ghost (rem - st.base, meta - st.base) */);
        if (!c) {
            /*@ assert new_run: amq_quotient_gq{Pre}(gq, k) > cq; */
            /*@ assert sorted_prev: \forall integer m; 0 <= m < k - 1 ==> amq_quotient_used{Pre}(meta, m) ==>
                                amq_quotient_gq{Pre}(gq, m) <= amq_quotient_gq{Pre}(gq, k - 1); */
            /*@ assert above: \forall integer m; 0 <= m < n ==> amq_quotient_used{Pre}(meta, m) ==>
                                amq_quotient_gq{Pre}(gq, m) > cq ==> m >= k; */
            /*@ assert below: \forall integer m; 0 <= m < n ==> amq_quotient_used{Pre}(meta, m) ==>
                                amq_quotient_gq{Pre}(gq, m) < amq_quotient_gq{Pre}(gq, k) ==> m < k; */
            /*@ assert between: \forall integer x; cq < x < amq_quotient_gq{Pre}(gq, k) ==> !amq_quotient_O{Pre}(meta, x); */
            /*@ assert occ_k: amq_quotient_O(meta, amq_quotient_gq{Pre}(gq, k)); */
            cq = amq_quotient_step_next_occupied(st, cq, k - 1u) /*@ ghost (rem, meta) */;
        } else {
            /*@ assert same_run: amq_quotient_gq{Pre}(gq, k) == cq; */
        }
        /*@ assert quot_k: cq == amq_quotient_gq{Pre}(gq, k); */
        amq_quotient_step_move_down(st, k - 1u, c && (k > p + 1u || cp), cq != k - 1u) /*@ ghost (rem, meta, gq) */;
        /*@ assert new_C: amq_quotient_C(meta, k - 1) <==> (amq_quotient_C{Pre}(meta, k) && (p < k - 1 || cp)); */
        /*@ assert kept_below: \forall integer j; p <= j < k - 1 ==>
              rem[j] == \at(rem[j], LoopCurrent) && (amq_quotient_C(meta, j) <==> amq_quotient_C{LoopCurrent}(meta, j)); */
        /*@ assert moved_C_next: \forall integer j; p <= j < k ==>
              (amq_quotient_C(meta, j) <==> (amq_quotient_C{Pre}(meta, j + 1) && (p < j || cp))); */
        /*@ assert new_rem: \forall integer j; p <= j < k ==> k - 1 <= j ==> rem[j] == \at(rem[j + 1], Pre); */
        /*@ assert moved_rem_lo: \forall integer j; p <= j < k ==> j < k - 1 ==> rem[j] == \at(rem[j + 1], Pre); */
        /*@ assert moved_rem_next: \forall integer j; p <= j < k ==> rem[j] == \at(rem[j + 1], Pre); */
        k++;
    }
    /*@ assert frame_loop: amq_quotient_del_frame{Pre, Here}(rem, meta, gq, n, p, k); */
    /*@ assert t_stop: k < n ==> !amq_quotient_S{Pre}(meta, k); */
    /*@ assert stop: k < n ==> amq_quotient_del_stop_hyp{Pre}(meta, gq, n, k); */
    /*@ assert moved_loop: amq_quotient_del_moved{Pre, Here}(rem, meta, gq, p, k); */
    /*@ assert pos: amq_quotient_del_pos{Pre}(rem, meta, gq, n, fq, fr, p, k); */
    /*@ assert t_after: k < n ==> \forall integer m; k <= m < n ==> amq_quotient_used{Pre}(meta, m) ==>
                          amq_quotient_gq{Pre}(gq, m) >= k; */
    /*@ assert freed_home: amq_quotient_O{Pre}(meta, k - 1) ==>
                             amq_quotient_used{Pre}(meta, k - 1) && amq_quotient_gq{Pre}(gq, k - 1) == k - 1; */
    /*@ assert freed_p: amq_quotient_O{Pre}(meta, k - 1) ==> k - 1 == p && p == fq; */
    /*@ assert freed_occ: amq_quotient_O{Pre}(meta, k - 1) ==> k - 1 == fq && last; */
    amq_quotient_step_vacate(st, k - 1u) /*@ ghost (rem, meta, gq) */;
    /*@ ghost Vacated: ; */
    /*@ assert moved_vacated: amq_quotient_del_moved{Pre, Here}(rem, meta, gq, p, k); */
    /*@ assert frame_vacated: amq_quotient_del_frame{Pre, Here}(rem, meta, gq, n, p, k); */
    if (last)
        amq_quotient_step_set_bit(st, fq, 1u, 0) /*@ ghost (rem, meta, gq) */;
    /* r_frame in two steps (the loop's frame, then the O bit): at once, cvc4 took 500k steps */
    /*@ assert cs_kept: \forall integer j; 0 <= j < n ==>
          (amq_quotient_C(meta, j) <==> amq_quotient_C{Vacated}(meta, j)) &&
          (amq_quotient_S(meta, j) <==> amq_quotient_S{Vacated}(meta, j)); */
    /*@ assert others: \forall integer j; 0 <= j < n ==> j != fq ==> meta[j] == \at(meta[j], Vacated); */
    /*@ assert r_bytes: amq_quotient_bytes(meta, n); */
    /*@ assert r_occ:   amq_quotient_del_occ{Pre, Here}(meta, gq, n, fq, p); */
    /*@ assert r_frame: amq_quotient_del_frame{Pre, Here}(rem, meta, gq, n, p, k); */
    /*@ assert r_moved: amq_quotient_del_moved{Pre, Here}(rem, meta, gq, p, k); */
    /*@ assert r_freed: meta[k - 1] == 0; */
    /*@ assert deleted: amq_quotient_deleted{Pre, Here}(rem, meta, gq, n, fq, fr, p, k); */
    /*@ assert h_used:  amq_quotient_del_used_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, k); */
    /*@ assert used:    amq_quotient_del_used{Pre, Here}(meta, n, k); */
    /*@ ghost
      /@ loop invariant range: 0 <= j <= n;
         loop invariant count: amq_quotient_nused(meta, j) == amq_quotient_nused{Pre}(meta, j) - (k - 1 < j ? 1 : 0);
         loop invariant nonneg: amq_quotient_nused(meta, j) >= 0;
         loop assigns j;
         loop variant n - j;
      @/
      for (uint64_t j = 0; j < n; j++) { }
    */
    return k;
}

/* Delete of the element of slot p, which holds (fq, fr): everything but the count. */
/*@ requires p_range:    fq <= p < n;
    requires ctx:        amq_qf_win_ok(st, rem, meta, gq);
    requires n_is:       n == st.n;
    requires hold:       amq_qf_hold(st.s, st.base, rem, meta);
    requires bytes:      amq_quotient_bytes(meta, n);
    requires home:       amq_quotient_home(meta, gq, n);
    requires shifted:    amq_quotient_shifted(meta, gq, n);
    requires nogap:      amq_quotient_nogap(meta, gq, n);
    requires qsorted:    amq_quotient_qsorted(meta, gq, n);
    requires runs:       amq_quotient_runs(meta, gq, n);
    requires occupied:   amq_quotient_occupied(meta, gq, n);
    requires rsorted:    amq_quotient_rsorted(rem, meta, gq, n);
    requires at_p:       amq_quotient_used(meta, p) && gq[p] == fq && rem[p] == fr;
    assigns AMQ_QUOTIENT_SLOTS_WORDS(st.s),
            rem[0 .. n - 1], meta[0 .. n - 1], gq[0 .. n - 1];
    ensures hold: amq_qf_hold(st.s, st.base, rem, meta);
    ensures shape:   amq_quotient_shape(meta, gq, n);
    ensures rsorted: amq_quotient_rsorted(rem, meta, gq, n);
    ensures count:   amq_quotient_nused(meta, n) == amq_quotient_nused{Pre}(meta, n) - 1;
    ensures count_pos: amq_quotient_nused{Pre}(meta, n) >= 1;
    ensures kept:    \forall integer g, h; amq_quotient_member{Pre}(rem, meta, gq, n, g, h) ==>
                       (g != fq || h != fr) ==> amq_quotient_member(rem, meta, gq, n, g, h);
    ensures only:    \forall integer g, h; amq_quotient_member(rem, meta, gq, n, g, h) ==>
                       amq_quotient_member{Pre}(rem, meta, gq, n, g, h);
    ensures twice:   amq_quotient_member2{Pre}(rem, meta, gq, n, fq, fr) ==> amq_quotient_member(rem, meta, gq, n, fq, fr);
    ensures exact:   \exists integer t; amq_quotient_del_pos{Pre}(rem, meta, gq, n, fq, fr, p, t) &&
                       amq_quotient_deleted{Pre, Post}(rem, meta, gq, n, fq, fr, p, t);
*/
static void qf_delete_at(const amq_qf_win st, uint64_t n, uint64_t fq, uint64_t fr, uint64_t p)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    _Bool last = qf_is_last(st, n, fq, p) /*@ ghost (rem, meta, gq) */;
    uint64_t t = qf_del_write(st, n, fq, fr, p, last) /*@ ghost (rem, meta, gq) */;
    (void)t; /* named in the proof only */
    /*@ assert h_home:  amq_quotient_del_home_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, t); */
    /*@ assert home:    amq_quotient_home(meta, gq, n) && amq_quotient_shifted(meta, gq, n) && amq_quotient_nogap(meta, gq, n); */
    /*@ assert h_qs:    amq_quotient_del_qs_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, t); */
    /*@ assert qsorted: amq_quotient_qsorted(meta, gq, n); */
    /*@ assert h_rs:    amq_quotient_del_rs_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, t); */
    /*@ assert rsorted: amq_quotient_rsorted(rem, meta, gq, n); */
    /*@ assert h_runs:  amq_quotient_del_runs_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, t); */
    /*@ assert runs:    amq_quotient_runs(meta, gq, n); */
    /*@ assert h_occ:   amq_quotient_del_occ_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, t); */
    /*@ assert occupied: amq_quotient_occupied(meta, gq, n); */
    /*@ assert kept:    \forall integer g, h; amq_quotient_member{Pre}(rem, meta, gq, n, g, h) ==>
                          (g != fq || h != fr) ==> amq_quotient_member(rem, meta, gq, n, g, h); */
    /*@ assert only:    \forall integer g, h; amq_quotient_member(rem, meta, gq, n, g, h) ==>
                          amq_quotient_member{Pre}(rem, meta, gq, n, g, h); */
    /*@ assert twice:   amq_quotient_member2{Pre}(rem, meta, gq, n, fq, fr) ==>
                          amq_quotient_member(rem, meta, gq, n, fq, fr); */
}

int amq_quotient_kernel_delete(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const amq_qf_win st = {qf->slots, qf->base, qf->nslots};
    uint64_t n = qf->nslots;
    /*@ assert sep: \separated(qf, rem + (0 .. n - 1), meta + (0 .. n - 1), gq + (0 .. n - 1)); */
    /* The table's uint64_t fields share WP's memory with the ghost remainders and quotients
     * (one memory in WP): each named apart from them, so the calls below frame them at once. */
    /*@ assert fields_apart: \separated(&qf->q, &qf->r, &qf->nslots, &qf->count, &qf->slots.n,
                                       &qf->slots.rbytes, &qf->base, rem + (0 .. n - 1), gq + (0 .. n - 1)); */
    if (!amq_quotient_step_is_occupied(amq_quotient_slots_meta(st.s, st.base + fq) /*@ ghost (rem - st.base, meta - st.base) */)) {
        /*@ assert not_occ: !amq_quotient_member(rem, meta, gq, n, fq, fr); */
        return 1;
    }
    uint64_t s = amq_quotient_step_find_run(st, fq) /*@ ghost (rem, meta, gq) */;
    /*@ assert witness: \exists integer i; 0 <= i < n && amq_quotient_used(meta, i) && gq[i] == fq; */
    /*@ assert head: s < n && amq_quotient_used(meta, s) && gq[s] == fq; */
    uint64_t p = amq_quotient_step_run_find(st, fq, fr, s) /*@ ghost (rem, meta, gq) */;
    if (p == n)
        return 1;
    /*@ assert present: amq_quotient_member(rem, meta, gq, n, fq, fr); */
    /*@ assert inv_count: qf->count == amq_quotient_nused(meta, n); */
    /*@ ghost
      /@ loop invariant range: 0 <= j <= n;
         loop invariant some:  amq_quotient_nused(meta, j) >= (p < j ? 1 : 0);
         loop assigns j;
         loop variant n - j;
      @/
      for (uint64_t j = 0; j < n; j++) { }
    */
    /*@ assert c_pos: qf->count >= 1; */
    /* qf_delete_at's occupied and qsorted in the memory of Pre, before the count's write */
    /*@ assert occ_pre: amq_quotient_occupied(meta, gq, n); */
    /*@ assert qs_pre:  amq_quotient_qsorted(meta, gq, n); */
    qf->count = qf->count - 1u;
    /*@ assert same: amq_quotient_same{Pre, Here}(rem, meta, gq, n); */
    /*@ assert hold_count: \forall integer j; 0 <= j < st.s.n ==>
          amq_quotient_slot_ok{Pre}(st.s, rem - st.base, meta - st.base, j) ==> amq_quotient_slot_ok(st.s, rem - st.base, meta - st.base, j); */
    /*@ assert cnt_sep: \separated(&qf->count, rem + (0 .. n - 1), gq + (0 .. n - 1)); */
    /*@ assert cnt: qf->count == \at(qf->count, Pre) - 1; */
    qf_delete_at(st, n, fq, fr, p) /*@ ghost (rem, meta, gq) */;
    /*@ assert count: qf->count == \at(qf->count, Pre) - 1; */
    /*@ assert kept:  \forall integer g, h; amq_quotient_member{Pre}(rem, meta, gq, n, g, h) ==>
                        (g != fq || h != fr) ==> amq_quotient_member(rem, meta, gq, n, g, h); */
    /*@ assert only:  \forall integer g, h; amq_quotient_member(rem, meta, gq, n, g, h) ==>
                        amq_quotient_member{Pre}(rem, meta, gq, n, g, h); */
    /*@ assert twice: amq_quotient_member2{Pre}(rem, meta, gq, n, fq, fr) ==> amq_quotient_member(rem, meta, gq, n, fq, fr); */
    /*@ assert exact: \exists integer t; amq_quotient_del_pos{Pre}(rem, meta, gq, n, fq, fr, p, t) &&
                        amq_quotient_deleted{Pre, Here}(rem, meta, gq, n, fq, fr, p, t); */
    /* The table's fields, one assert each (together cvc4 did not frame them in 30 s). */
    /*@ assert f_nslots: qf->nslots == \at(qf->nslots, Pre); */
    /*@ assert f_q:      qf->q == \at(qf->q, Pre); */
    /*@ assert f_r:      qf->r == \at(qf->r, Pre); */
    /*@ assert f_n:      qf->slots.n == \at(qf->slots.n, Pre); */
    /*@ assert f_rbytes: qf->slots.rbytes == \at(qf->slots.rbytes, Pre); */
    /*@ assert f_base:   qf->base == \at(qf->base, Pre); */
    /*@ assert fields:   amq_quotient_fields_same{Pre, Here}(qf); */
    /*@ assert e_hold: amq_qf_hold(qf->slots, qf->base, rem, meta); */
    /*@ assert e_inv:   amq_quotient_ok(qf, rem, meta, gq); */
    return 0;
}
