/* Quotient filter kernel: insert (contract on lib_internal/quotient_kernel.h; the steps it is
 * built from on lib_internal/quotient_steps.h). */
#include <lib_internal/quotient_steps.h>

/* ------------------------------------------------------------------------------------ */
/* Insert                                                                                */

/* Insertion point of (fq, fr) in the run of fq, which starts at s (or would start there
 * if !had_run): after every element <= (fq, fr), before every element > (fq, fr). */
/*@ requires fq_range:   fq <= s <= e < n;
    requires ctx:        amq_qf_win_ok(st, rem, meta, gq);
    requires n_is:       n == st.n;
    requires hold:       amq_qf_hold(st.s, st.base, rem, meta);
    requires shape:      amq_quotient_shape(meta, gq, n);
    requires rsorted:    amq_quotient_rsorted(rem, meta, gq, n);
    requires free:       meta[e] == 0;
    requires used:       \forall integer k; fq <= k < e ==> amq_quotient_used(meta, k);
    requires before:     \forall integer k; 0 <= k < s ==> amq_quotient_used(meta, k) ==> gq[k] < fq;
    requires after:      \forall integer k; s <= k < n ==> amq_quotient_used(meta, k) ==> gq[k] >= fq;
    requires occ:        had_run <==> amq_quotient_O(meta, fq);
    assigns \nothing;
    ensures range:     s <= \result <= e;
    ensures pos:       amq_quotient_ins_pos(rem, meta, gq, n, fq, fr, \result, e);
    ensures cont_new:  s < \result <==> (0 < \result && amq_quotient_used(meta, \result - 1) && gq[\result - 1] == fq);
    ensures cont_next: \result < e ==>
                         ((amq_quotient_C(meta, \result) || (had_run && \result == s)) <==> gq[\result] == fq);
    ensures head:      had_run && \result == s && \result < e ==> !amq_quotient_C(meta, \result);
    ensures head_pos:  had_run ==> s < e;
*/
static uint64_t qf_run_scan(const amq_qf_win st, uint64_t n, uint64_t fq,
                            uint64_t fr, uint64_t s, uint64_t e, _Bool had_run)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    (void)n; (void)fq; /* for the contract */
    uint64_t p = s;
    if (had_run) {
        /*@ assert witness: \exists integer i; 0 <= i < n && amq_quotient_used(meta, i) && gq[i] == fq; */
        /*@ assert head: s < e && amq_quotient_used(meta, s) && gq[s] == fq; */
        /*@ assert head_c: !amq_quotient_C(meta, s); */
        /*@ loop invariant range: s <= p <= e;
            loop invariant run:   \forall integer j; s <= j < p ==>
                                    amq_quotient_used(meta, j) && gq[j] == fq && rem[j] <= fr;
            loop assigns p;
            loop variant e - p;
        */
        while (p < e && (p == s || amq_quotient_step_is_continuation(amq_quotient_slots_meta(st.s, st.base + p) /*@ ghost (rem - st.base, meta - st.base) */)) && amq_quotient_slots_rem(st.s, st.base + p) /*@ ghost (rem - st.base, meta - st.base) */ <= fr)
            p++;
        /*@ assert stop: p < e ==> (rem[p] > fr && gq[p] == fq) || (s < p && !amq_quotient_C(meta, p)); */
        /*@ assert after_head: p < e ==> gq[p] > fq || (gq[p] == fq && rem[p] > fr); */
        /*@ assert mono: \forall integer j; p < j < e ==> gq[j] >= gq[p] && (gq[j] == gq[p] ==> rem[j] >= rem[p]); */
        /*@ assert after: \forall integer j; p <= j < e ==> gq[j] > fq || (gq[j] == fq && rem[j] > fr); */
    } else {
        /*@ assert no_run: \forall integer j; 0 <= j < n ==> amq_quotient_used(meta, j) ==> gq[j] != fq; */
    }
    return p;
}

/* Moves the elements of slots [p, e) up by one slot: remainder, ghost quotient and
 * is_continuation move, is_occupied stays, every moved element is shifted. */
/*@ requires range:      p <= e < n;
    requires ctx:        amq_qf_win_ok(st, rem, meta, gq);
    requires n_is:       n == st.n;
    requires hold:       amq_qf_hold(st.s, st.base, rem, meta);
    requires bytes:      amq_quotient_bytes(meta, n);
    assigns AMQ_QUOTIENT_SLOTS_WORDS(st.s),
            rem[p + 1 .. e], meta[p + 1 .. e], gq[p + 1 .. e];
    ensures hold: amq_qf_hold(st.s, st.base, rem, meta);
    ensures moved_rem:  \forall integer j; p < j <= e ==> rem[j] == \old(rem[j - 1]);
    ensures moved_gq:   \forall integer j; p < j <= e ==> gq[j] == \old(gq[j - 1]);
    ensures moved_byte: \forall integer j; p < j <= e ==> meta[j] <= 7;
    ensures moved_O:    \forall integer j; p < j <= e ==> (amq_quotient_O(meta, j) <==> amq_quotient_O{Pre}(meta, j));
    ensures moved_C:    \forall integer j; p < j <= e ==> (amq_quotient_C(meta, j) <==> amq_quotient_C{Pre}(meta, j - 1));
    ensures moved_S:    \forall integer j; p < j <= e ==> amq_quotient_S(meta, j);
    ensures same_rem:   \forall integer j; 0 <= j < n ==> (j <= p || e < j) ==> rem[j] == \old(rem[j]);
    ensures same_gq:    \forall integer j; 0 <= j < n ==> (j <= p || e < j) ==> gq[j] == \old(gq[j]);
    ensures same_meta:  \forall integer j; 0 <= j < n ==> (j <= p || e < j) ==> meta[j] == \old(meta[j]);
*/
static void qf_shift_up(const amq_qf_win st, uint64_t n, uint64_t p, uint64_t e)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    (void)n; /* for the contract */
    uint64_t k = e;
    /*@ loop invariant range: p <= k <= e;
        loop invariant moved_rem:  \forall integer j; k < j <= e ==> rem[j] == \at(rem[j - 1], Pre);
        loop invariant moved_gq:   \forall integer j; k < j <= e ==> gq[j] == \at(gq[j - 1], Pre);
        loop invariant moved_byte: \forall integer j; k < j <= e ==> meta[j] <= 7;
        loop invariant moved_O:    \forall integer j; k < j <= e ==>
                                     (amq_quotient_O(meta, j) <==> amq_quotient_O{Pre}(meta, j));
        loop invariant moved_C:    \forall integer j; k < j <= e ==>
                                     (amq_quotient_C(meta, j) <==> amq_quotient_C{Pre}(meta, j - 1));
        loop invariant moved_S:    \forall integer j; k < j <= e ==> amq_quotient_S(meta, j);
        loop invariant same_rem:   \forall integer j; 0 <= j < n ==> (j <= k || e < j) ==>
                                     rem[j] == \at(rem[j], Pre);
        loop invariant same_gq:    \forall integer j; 0 <= j < n ==> (j <= k || e < j) ==>
                                     gq[j] == \at(gq[j], Pre);
        loop invariant same_meta:  \forall integer j; 0 <= j < n ==> (j <= k || e < j) ==>
                                     meta[j] == \at(meta[j], Pre);
        loop invariant hold: amq_qf_hold(st.s, st.base, rem, meta);
        loop assigns k, AMQ_QUOTIENT_SLOTS_WORDS(st.s),
            rem[p + 1 .. e], meta[p + 1 .. e], gq[p + 1 .. e];
        loop variant k - p;
    */
    while (k > p) {
        /*@ assert prev: \forall integer j; j == k - 1 ==> rem[j] == \at(rem[j], Pre) &&
                           gq[j] == \at(gq[j], Pre) && meta[j] == \at(meta[j], Pre); */
        amq_quotient_step_move_up(st, k) /*@ ghost (rem, meta, gq) */;
        k--;
    }
    /*@ assert at_p: k == p; */ /* Qed substitutes p for k: the ensures become the invariants */
}

/* Inserts (fq, fr) at slot p: shifts [p, e) up, writes the new element, sets
 * is_occupied(fq).  cont_new: the new element continues a run; cont_next: the element
 * that was at p (the old head of the run of fq) now continues the new element. */
/*@ requires range:      fq <= p <= e < n;
    requires ctx:        amq_qf_win_ok(st, rem, meta, gq);
    requires n_is:       n == st.n;
    requires hold:       amq_qf_hold(st.s, st.base, rem, meta);
    requires fits:       fr <= amq_quotient_rem_max(st.s.rbytes);
    requires bytes:      amq_quotient_bytes(meta, n);
    requires pos:        amq_quotient_ins_pos(rem, meta, gq, n, fq, fr, p, e);
    requires cont_new:   cont_new <==> (0 < p && amq_quotient_used(meta, p - 1) && gq[p - 1] == fq);
    requires cont_next:  p < e ==> ((amq_quotient_C(meta, p) || cont_next) <==> gq[p] == fq);
    requires head:       cont_next ==> p < e && !amq_quotient_C(meta, p);
    assigns AMQ_QUOTIENT_SLOTS_WORDS(st.s),
            rem[p .. e], meta[fq .. e], gq[p .. e];
    ensures hold: amq_qf_hold(st.s, st.base, rem, meta);
    ensures inserted: amq_quotient_inserted{Pre, Post}(rem, meta, gq, n, fq, fr, p, e);
*/
static void qf_ins_place(const amq_qf_win st, uint64_t n, uint64_t fq, uint64_t fr,
                         uint64_t p, uint64_t e, _Bool cont_new, _Bool cont_next)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    qf_shift_up(st, n, p, e) /*@ ghost (rem, meta, gq) */;
    /*@ ghost Shifted: ; */
    /* the frame outside [p, e] against Pre after each write (out_*): cs_out and r_frame then
     * follow from the last one (issue 22: 620k and cvc4-unprovable before) */
    /*@ assert out_shifted: \forall integer k; 0 <= k < n ==> (k < p || e < k) ==>
          meta[k] == \at(meta[k], Pre) && rem[k] == \at(rem[k], Pre) && gq[k] == \at(gq[k], Pre); */
    if (cont_next) {
        amq_quotient_step_set_bit(st, p + 1u, 2u, 1) /*@ ghost (rem, meta, gq) */;
        /*@ assert link_on: amq_quotient_C(meta, p + 1) && \at(gq[p], Pre) == fq; */
    } else {
        /*@ assert link_off: p < e ==> (amq_quotient_C(meta, p + 1) <==> \at(gq[p], Pre) == fq); */
    }
    /*@ ghost Linked: ; */
    /*@ assert linked_same: \forall integer j; 0 <= j < n ==> j != p + 1 ==>
          meta[j] == \at(meta[j], Shifted); */
    /*@ assert out_linked: \forall integer k; 0 <= k < n ==> (k < p || e < k) ==>
          meta[k] == \at(meta[k], Pre) && rem[k] == \at(rem[k], Pre) && gq[k] == \at(gq[k], Pre); */
    /*@ assert next_O: p < e ==> (amq_quotient_O(meta, p + 1) <==> amq_quotient_O{Pre}(meta, p + 1)); */
    /*@ assert next_C: p < e ==> (amq_quotient_C(meta, p + 1) <==> \at(gq[p], Pre) == fq); */
    /*@ assert next_S: p < e ==> meta[p + 1] <= 7 && amq_quotient_S(meta, p + 1); */
    /*@ assert next: p < e ==> meta[p + 1] <= 7 &&
          (amq_quotient_O(meta, p + 1) <==> amq_quotient_O{Pre}(meta, p + 1)) &&
          (amq_quotient_C(meta, p + 1) <==> \at(gq[p], Pre) == fq) && amq_quotient_S(meta, p + 1); */
    amq_quotient_step_put(st, p, fq, fr, cont_new, p > fq) /*@ ghost (rem, meta, gq) */;
    /*@ ghost Written: ; */
    /*@ assert put_same: \forall integer j; 0 <= j < n ==> j != p ==>
          meta[j] == \at(meta[j], Linked) && rem[j] == \at(rem[j], Linked) && gq[j] == \at(gq[j], Linked); */
    /*@ assert out_written: \forall integer k; 0 <= k < n ==> (k < p || e < k) ==>
          meta[k] == \at(meta[k], Pre) && rem[k] == \at(rem[k], Pre) && gq[k] == \at(gq[k], Pre); */
    amq_quotient_step_set_bit(st, fq, 1u, 1) /*@ ghost (rem, meta, gq) */;
    /*@ assert others: \forall integer j; 0 <= j < n ==> j != fq ==> meta[j] == \at(meta[j], Written); */
    /*@ assert rem_gq: \forall integer j; 0 <= j < n ==> rem[j] == \at(rem[j], Written) && gq[j] == \at(gq[j], Written); */
    /*@ assert fq_bits: (amq_quotient_C(meta, fq) <==> amq_quotient_C{Written}(meta, fq)) &&
                        (amq_quotient_S(meta, fq) <==> amq_quotient_S{Written}(meta, fq)) && amq_quotient_O(meta, fq); */
    /*@ assert occ_shifted: \forall integer k; 0 <= k < n ==> (amq_quotient_O{Shifted}(meta, k) <==> amq_quotient_O{Pre}(meta, k)); */
    /*@ assert occ_linked: \forall integer k; 0 <= k < n ==> (amq_quotient_O{Linked}(meta, k) <==> amq_quotient_O{Pre}(meta, k)); */
    /*@ assert occ_written: \forall integer k; 0 <= k < n ==> (amq_quotient_O{Written}(meta, k) <==> amq_quotient_O{Pre}(meta, k)); */
    /*@ assert cs_out: \forall integer k; 0 <= k < n ==> (k < p || e < k) ==>
          (amq_quotient_C(meta, k) <==> amq_quotient_C{Pre}(meta, k)) && (amq_quotient_S(meta, k) <==> amq_quotient_S{Pre}(meta, k)); */
    /*@ assert cs_mid: \forall integer k; p + 1 < k <= e ==>
          (amq_quotient_C(meta, k) <==> amq_quotient_C{Pre}(meta, k - 1)) && amq_quotient_S(meta, k); */
    /*@ assert r_bytes: amq_quotient_bytes(meta, n); */
    /* the O bits against Written first: occ_other is then a chain of two equivalences */
    /*@ assert occ_other_w: \forall integer k; 0 <= k < n ==> k != fq ==>
          (amq_quotient_O(meta, k) <==> amq_quotient_O{Written}(meta, k)); */
    /*@ assert occ_other: \forall integer k; 0 <= k < n ==> k != fq ==>
          (amq_quotient_O(meta, k) <==> amq_quotient_O{Pre}(meta, k)); */
    /*@ assert r_occ:   amq_quotient_ins_occ{Pre, Here}(meta, n, fq); */
    /*@ assert r_frame: amq_quotient_ins_frame{Pre, Here}(rem, meta, gq, n, p, e); */
    /*@ assert r_new:   amq_quotient_ins_new{Pre, Here}(rem, meta, gq, fq, fr, p); */
    /*@ assert rm_data: \forall integer k; p < k <= e ==>
          rem[k] == \at(rem[k - 1], Pre) && gq[k] == \at(gq[k - 1], Pre); */
    /*@ assert rm_S: \forall integer k; p < k <= e ==> amq_quotient_S(meta, k); */
    /*@ assert rm_C: \forall integer k; p < k <= e ==>
          (amq_quotient_C(meta, k) <==> (k == p + 1 ? \at(gq[p], Pre) == fq : amq_quotient_C{Pre}(meta, k - 1))); */
    /*@ assert r_moved: amq_quotient_ins_moved{Pre, Here}(rem, meta, gq, fq, p, e); */
    /*@ assert inserted: amq_quotient_inserted{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
}

/* qf_ins_place, plus the count of used slots (an induction: a ghost loop). */
/*@ requires range:      fq <= p <= e < n;
    requires ctx:        amq_qf_win_ok(st, rem, meta, gq);
    requires n_is:       n == st.n;
    requires hold:       amq_qf_hold(st.s, st.base, rem, meta);
    requires fits:       fr <= amq_quotient_rem_max(st.s.rbytes);
    requires bytes:      amq_quotient_bytes(meta, n);
    requires pos:        amq_quotient_ins_pos(rem, meta, gq, n, fq, fr, p, e);
    requires cont_new:   cont_new <==> (0 < p && amq_quotient_used(meta, p - 1) && gq[p - 1] == fq);
    requires cont_next:  p < e ==> ((amq_quotient_C(meta, p) || cont_next) <==> gq[p] == fq);
    requires head:       cont_next ==> p < e && !amq_quotient_C(meta, p);
    assigns AMQ_QUOTIENT_SLOTS_WORDS(st.s),
            rem[p .. e], meta[fq .. e], gq[p .. e];
    ensures hold: amq_qf_hold(st.s, st.base, rem, meta);
    ensures inserted: amq_quotient_inserted{Pre, Post}(rem, meta, gq, n, fq, fr, p, e);
    ensures count:    amq_quotient_nused(meta, n) == amq_quotient_nused{Pre}(meta, n) + 1;
*/
static void qf_ins_write(const amq_qf_win st, uint64_t n, uint64_t fq, uint64_t fr,
                         uint64_t p, uint64_t e, _Bool cont_new, _Bool cont_next)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    qf_ins_place(st, n, fq, fr, p, e, cont_new, cont_next) /*@ ghost (rem, meta, gq) */;
    /*@ assert used_exact: \forall integer j; 0 <= j < n ==>
          (amq_quotient_used(meta, j) <==> (amq_quotient_used{Pre}(meta, j) || j == e)); */
    /*@ ghost
      /@ loop invariant range: 0 <= j <= n;
         loop invariant count: amq_quotient_nused(meta, j) == amq_quotient_nused{Pre}(meta, j) + (e < j ? 1 : 0);
         loop assigns j;
         loop variant n - j;
      @/
      for (uint64_t j = 0; j < n; j++) { }
    */
}

/* Insert of (fq, fr) when e, the first free slot at or after fq, exists: everything but
 * the count.  Re-establishes the invariant through the lemma blocks of quotient_logic.h. */
/*@ requires range:      fq <= e < n;
    requires ctx:        amq_qf_win_ok(st, rem, meta, gq);
    requires n_is:       n == st.n;
    requires hold:       amq_qf_hold(st.s, st.base, rem, meta);
    requires fits:       fr <= amq_quotient_rem_max(st.s.rbytes);
    requires bytes:      amq_quotient_bytes(meta, n);
    requires home:       amq_quotient_home(meta, gq, n);
    requires shifted:    amq_quotient_shifted(meta, gq, n);
    requires nogap:      amq_quotient_nogap(meta, gq, n);
    requires qsorted:    amq_quotient_qsorted(meta, gq, n);
    requires runs:       amq_quotient_runs(meta, gq, n);
    requires occupied:   amq_quotient_occupied(meta, gq, n);
    requires rsorted:    amq_quotient_rsorted(rem, meta, gq, n);
    requires free:       meta[e] == 0;
    requires used:       \forall integer k; fq <= k < e ==> amq_quotient_used(meta, k);
    assigns AMQ_QUOTIENT_SLOTS_WORDS(st.s),
            rem[0 .. n - 1], meta[0 .. n - 1], gq[0 .. n - 1];
    ensures hold: amq_qf_hold(st.s, st.base, rem, meta);
    ensures shape:   amq_quotient_shape(meta, gq, n);
    ensures rsorted: amq_quotient_rsorted(rem, meta, gq, n);
    ensures count:   amq_quotient_nused(meta, n) == amq_quotient_nused{Pre}(meta, n) + 1;
    ensures found:   amq_quotient_member(rem, meta, gq, n, fq, fr);
    ensures kept:    \forall integer g, h; amq_quotient_member{Pre}(rem, meta, gq, n, g, h) ==>
                       amq_quotient_member(rem, meta, gq, n, g, h);
    ensures only:    \forall integer g, h; amq_quotient_member(rem, meta, gq, n, g, h) ==>
                       amq_quotient_member{Pre}(rem, meta, gq, n, g, h) || (g == fq && h == fr);
    ensures twice:   amq_quotient_member{Pre}(rem, meta, gq, n, fq, fr) ==> amq_quotient_member2(rem, meta, gq, n, fq, fr);
    ensures exact:   \exists integer p; amq_quotient_ins_pos{Pre}(rem, meta, gq, n, fq, fr, p, e) &&
                       amq_quotient_inserted{Pre, Post}(rem, meta, gq, n, fq, fr, p, e);
*/
static void qf_insert_at(const amq_qf_win st, uint64_t n, uint64_t fq, uint64_t fr, uint64_t e)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    _Bool had_run = amq_quotient_step_is_occupied(amq_quotient_slots_meta(st.s, st.base + fq) /*@ ghost (rem - st.base, meta - st.base) */);
    uint64_t s = amq_quotient_step_find_run(st, fq) /*@ ghost (rem, meta, gq) */;
    /*@ assert s_le_e: s <= e; */
    uint64_t p = qf_run_scan(st, n, fq, fr, s, e, had_run) /*@ ghost (rem, meta, gq) */;
    qf_ins_write(st, n, fq, fr, p, e, p > s, had_run && p == s) /*@ ghost (rem, meta, gq) */;
    /*@ assert h_home:  amq_quotient_ins_home_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert home:    amq_quotient_home(meta, gq, n) && amq_quotient_shifted(meta, gq, n); */
    /*@ assert h_nogap: amq_quotient_ins_nogap_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert nogap:   amq_quotient_nogap(meta, gq, n); */
    /*@ assert h_qs:    amq_quotient_ins_qs_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert qsorted: amq_quotient_qsorted(meta, gq, n); */
    /*@ assert h_rs:    amq_quotient_ins_rs_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert rsorted: amq_quotient_rsorted(rem, meta, gq, n); */
    /*@ assert h_runs:  amq_quotient_ins_runs_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert runs:    amq_quotient_runs(meta, gq, n); */
    /*@ assert h_occ:   amq_quotient_ins_occ_hyp{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
    /*@ assert occupied: amq_quotient_occupied(meta, gq, n); */
    /*@ assert found:   amq_quotient_member(rem, meta, gq, n, fq, fr); */
    /*@ assert kept:    \forall integer g, h; amq_quotient_member{Pre}(rem, meta, gq, n, g, h) ==>
                          amq_quotient_member(rem, meta, gq, n, g, h); */
    /*@ assert only:    \forall integer g, h; amq_quotient_member(rem, meta, gq, n, g, h) ==>
                          amq_quotient_member{Pre}(rem, meta, gq, n, g, h) || (g == fq && h == fr); */
    /*@ assert twice:   amq_quotient_member{Pre}(rem, meta, gq, n, fq, fr) ==>
                          amq_quotient_member2(rem, meta, gq, n, fq, fr); */
}

int amq_quotient_kernel_insert(amq_qf *qf, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const amq_qf_win st = {qf->slots, qf->base, qf->nslots};
    uint64_t n = qf->nslots;
    /*@ assert sep: \separated(qf, rem + (0 .. n - 1), meta + (0 .. n - 1), gq + (0 .. n - 1)); */
    /* The table's uint64_t fields share WP's memory with the ghost remainders and quotients
     * (one memory in WP): each named apart from them, so the calls below frame them at once. */
    /*@ assert fields_apart: \separated(&qf->q, &qf->r, &qf->nslots, &qf->count, &qf->slots.n,
                                       &qf->slots.rbytes, &qf->base, rem + (0 .. n - 1), gq + (0 .. n - 1)); */
    if (qf->count >= n)
        return 1;
    uint64_t e = amq_quotient_step_first_free(st, fq) /*@ ghost (rem, meta) */;
    if (e == n) {
        /*@ assert no_room: !amq_quotient_room(meta, n, fq); */
        return 2;
    }
    /*@ assert room: amq_quotient_room(meta, n, fq); */
    /* The count first: the proof-heavy part below then never meets a write to qf. */
    qf->count = qf->count + 1u;
    /*@ assert same: amq_quotient_same{Pre, Here}(rem, meta, gq, n); */
    /*@ assert hold_count: \forall integer j; 0 <= j < st.s.n ==>
          amq_quotient_slot_ok{Pre}(st.s, rem - st.base, meta - st.base, j) ==> amq_quotient_slot_ok(st.s, rem - st.base, meta - st.base, j); */
    /*@ ghost Counted: ; */
    qf_insert_at(st, n, fq, fr, e) /*@ ghost (rem, meta, gq) */;
    /*@ assert count: qf->count == \at(qf->count, Pre) + 1; */
    /*@ assert kept:  \forall integer g, h; amq_quotient_member{Pre}(rem, meta, gq, n, g, h) ==>
                        amq_quotient_member(rem, meta, gq, n, g, h); */
    /*@ assert only:  \forall integer g, h; amq_quotient_member(rem, meta, gq, n, g, h) ==>
                        amq_quotient_member{Pre}(rem, meta, gq, n, g, h) || (g == fq && h == fr); */
    /*@ assert exact: \exists integer p; amq_quotient_ins_pos{Pre}(rem, meta, gq, n, fq, fr, p, e) &&
                        amq_quotient_inserted{Pre, Here}(rem, meta, gq, n, fq, fr, p, e); */
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
    /*@ assert e_found: amq_quotient_has(qf, rem, meta, gq, fq, fr); */
    return 0;
}
