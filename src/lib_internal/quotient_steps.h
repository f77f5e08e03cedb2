/* The steps the quotient kernel's operations are built from (src/quotient_steps.c): the
 * metadata accessors, the single-slot updates and the searches, with their contracts.  The
 * operations live in src/quotient_kernel.c (query, iteration, parameters, the executable
 * invariant), src/quotient_insert.c and src/quotient_delete.c; all of them are proved in
 * unit `quotient`.  Not part of the API.
 *
 * They work on the compact store (lib_internal/quotient_slots.h), passed by value, through
 * its accessors; the contracts speak of the ghost arrays rem, meta and gq, which
 * amq_quotient_slots_hold ties to the store.  Each update reads the store first, then
 * writes the ghost quotient with an assert (hold_gq) that the store still holds the ghost
 * arrays (gq shares WP's uint64_t memory with the 64-bit remainders), then the store.
 *
 * All metadata bit arithmetic lives in the accessors: their contracts state the bits as the
 * logic predicates amq_quotient_occ/cont/shft, so no other goal contains a div/mod term (such
 * terms swamp the provers). */
#ifndef AMQ_QUOTIENT_STEPS_H
#define AMQ_QUOTIENT_STEPS_H
#include <lib_internal/quotient_kernel.h>

/* ------------------------------------------------------------------------------------ */
/* Metadata accessors                                                                    */

/*@ requires byte: m <= 7;
    assigns \nothing;
    ensures bit: \result <==> amq_quotient_occ(m);
*/
_Bool amq_quotient_step_is_occupied(uint8_t m);

/*@ requires byte: m <= 7;
    assigns \nothing;
    ensures bit: \result <==> amq_quotient_cont(m);
*/
_Bool amq_quotient_step_is_continuation(uint8_t m);

/*@ requires byte: m <= 7;
    assigns \nothing;
    ensures bit: \result <==> amq_quotient_shft(m);
*/
_Bool amq_quotient_step_is_shifted(uint8_t m);

/*@ assigns \nothing;
    ensures byte: \result <= 7;
    ensures O:    amq_quotient_occ(\result) <==> o;
    ensures C:    amq_quotient_cont(\result) <==> c;
    ensures S:    amq_quotient_shft(\result) <==> s;
    ensures free: \result == 0 <==> (!o && !c && !s);
*/
uint8_t amq_quotient_step_meta_byte(_Bool o, _Bool c, _Bool s);

/* ------------------------------------------------------------------------------------ */
/* Single-slot updates                                                                   */

/* Slot k takes the element of slot k-1 (remainder, ghost quotient, is_continuation);
 * slot k keeps its is_occupied bit; the element is shifted. */
/*@ requires ctx:     amq_qf_win_ok(st, rem, meta, gq);
    requires hold:    amq_qf_hold(st.s, st.base, rem, meta);
    requires k_range: 1 <= k < st.n;
    requires bytes:   meta[k] <= 7 && meta[k - 1] <= 7;
    assigns AMQ_QUOTIENT_SLOTS_WORDS(st.s),
            rem[k], meta[k], gq[k];
    ensures hold:  amq_qf_hold(st.s, st.base, rem, meta);
    ensures rem:   rem[k] == \old(rem[k - 1]);
    ensures gq:    gq[k] == \old(gq[k - 1]);
    ensures byte:  meta[k] <= 7;
    ensures O:     amq_quotient_O(meta, k) <==> amq_quotient_O{Pre}(meta, k);
    ensures C:     amq_quotient_C(meta, k) <==> amq_quotient_C{Pre}(meta, k - 1);
    ensures S:     amq_quotient_S(meta, k);
    ensures frame_rem:  \forall integer j; 0 <= j < st.n ==> j != k ==> rem[j] == \old(rem[j]);
    ensures frame_meta: \forall integer j; 0 <= j < st.n ==> j != k ==> meta[j] == \old(meta[j]);
    ensures frame_gq:   \forall integer j; 0 <= j < st.n ==> j != k ==> gq[j] == \old(gq[j]);
*/
void amq_quotient_step_move_up(const amq_qf_win st, uint64_t k)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Slot k takes the element of slot k+1 (remainder, ghost quotient) with is_continuation
 * c and is_shifted sh; slot k keeps its is_occupied bit. */
/*@ requires ctx:     amq_qf_win_ok(st, rem, meta, gq);
    requires hold:    amq_qf_hold(st.s, st.base, rem, meta);
    requires k_range: k + 1 < st.n;
    requires byte:    meta[k] <= 7;
    assigns AMQ_QUOTIENT_SLOTS_WORDS(st.s),
            rem[k], meta[k], gq[k];
    ensures hold:  amq_qf_hold(st.s, st.base, rem, meta);
    ensures rem:   rem[k] == \old(rem[k + 1]);
    ensures gq:    gq[k] == \old(gq[k + 1]);
    ensures byte:  meta[k] <= 7;
    ensures O:     amq_quotient_O(meta, k) <==> amq_quotient_O{Pre}(meta, k);
    ensures C:     amq_quotient_C(meta, k) <==> c;
    ensures S:     amq_quotient_S(meta, k) <==> sh;
    ensures frame_rem:  \forall integer j; 0 <= j < st.n ==> j != k ==> rem[j] == \old(rem[j]);
    ensures frame_meta: \forall integer j; 0 <= j < st.n ==> j != k ==> meta[j] == \old(meta[j]);
    ensures frame_gq:   \forall integer j; 0 <= j < st.n ==> j != k ==> gq[j] == \old(gq[j]);
*/
void amq_quotient_step_move_down(const amq_qf_win st, uint64_t k, _Bool c, _Bool sh)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Slot k holds (q, fr) with is_continuation c and is_shifted sh; it keeps is_occupied. */
/*@ requires ctx:     amq_qf_win_ok(st, rem, meta, gq);
    requires hold:    amq_qf_hold(st.s, st.base, rem, meta);
    requires k_range: k < st.n;
    requires byte:    meta[k] <= 7;
    requires fits:    fr <= amq_quotient_rem_max(st.s.rbytes);
    assigns AMQ_QUOTIENT_SLOTS_WORDS(st.s),
            rem[k], meta[k], gq[k];
    ensures hold:  amq_qf_hold(st.s, st.base, rem, meta);
    ensures rem:   rem[k] == fr;
    ensures gq:    gq[k] == q;
    ensures byte:  meta[k] <= 7;
    ensures O:     amq_quotient_O(meta, k) <==> amq_quotient_O{Pre}(meta, k);
    ensures C:     amq_quotient_C(meta, k) <==> c;
    ensures S:     amq_quotient_S(meta, k) <==> sh;
    ensures frame_rem:  \forall integer j; 0 <= j < st.n ==> j != k ==> rem[j] == \old(rem[j]);
    ensures frame_meta: \forall integer j; 0 <= j < st.n ==> j != k ==> meta[j] == \old(meta[j]);
    ensures frame_gq:   \forall integer j; 0 <= j < st.n ==> j != k ==> gq[j] == \old(gq[j]);
*/
void amq_quotient_step_put(const amq_qf_win st, uint64_t k, uint64_t q, uint64_t fr, _Bool c, _Bool sh)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Slot k becomes free but keeps its is_occupied bit. */
/*@ requires ctx:     amq_qf_win_ok(st, rem, meta, gq);
    requires hold:    amq_qf_hold(st.s, st.base, rem, meta);
    requires k_range: k < st.n;
    requires byte:    meta[k] <= 7;
    assigns AMQ_QUOTIENT_SLOTS_WORDS(st.s),
            rem[k], meta[k];
    ensures hold:  amq_qf_hold(st.s, st.base, rem, meta);
    ensures rem:   rem[k] == 0;
    ensures byte:  meta[k] <= 7;
    ensures O:     amq_quotient_O(meta, k) <==> amq_quotient_O{Pre}(meta, k);
    ensures free:  meta[k] == 0 <==> !amq_quotient_O{Pre}(meta, k);
    ensures C:     !amq_quotient_C(meta, k);
    ensures S:     !amq_quotient_S(meta, k);
    ensures frame_rem:  \forall integer j; 0 <= j < st.n ==> j != k ==> rem[j] == \old(rem[j]);
    ensures frame_meta: \forall integer j; 0 <= j < st.n ==> j != k ==> meta[j] == \old(meta[j]);
*/
void amq_quotient_step_vacate(const amq_qf_win st, uint64_t k)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Sets (on) or clears (!on) is_occupied (bit == 1) or is_continuation (bit == 2) of slot k. */
/*@ requires ctx:     amq_qf_win_ok(st, rem, meta, gq);
    requires hold:    amq_qf_hold(st.s, st.base, rem, meta);
    requires k_range: k < st.n;
    requires byte:    meta[k] <= 7;
    requires bit:     bit == 1 || bit == 2;
    assigns st.s.meta[0 .. amq_quotient_meta_words(st.s.n) - 1], meta[k];
    ensures hold:  amq_qf_hold(st.s, st.base, rem, meta);
    ensures byte:  meta[k] <= 7;
    ensures O:     amq_quotient_O(meta, k) <==> (bit == 1 ? on : amq_quotient_O{Pre}(meta, k));
    ensures C:     amq_quotient_C(meta, k) <==> (bit == 2 ? on : amq_quotient_C{Pre}(meta, k));
    ensures S:     amq_quotient_S(meta, k) <==> amq_quotient_S{Pre}(meta, k);
    ensures frame: \forall integer j; 0 <= j < st.n ==> j != k ==> meta[j] == \old(meta[j]);
*/
void amq_quotient_step_set_bit(const amq_qf_win st, uint64_t k, unsigned bit, _Bool on)
    /* ------------------------------------------------------------------------------------ */
/* Searches                                                                              */

/* Smallest j' in (j, lim] whose is_occupied bit is set, or lim if none below lim. */
/*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Smallest j' in (j, lim] whose is_occupied bit is set, or lim if none below lim. */
/*@ requires lim_range: j < lim < st.n;
    requires store:     amq_qf_win_readable(st);
    requires hold:      amq_qf_hold(st.s, st.base, rem, meta);
    requires bytes:     amq_quotient_bytes(meta, st.n);
    assigns \nothing;
    ensures range:   j < \result <= lim;
    ensures skipped: \forall integer x; j < x < \result ==> !amq_quotient_O(meta, x);
    ensures found:   \result < lim ==> amq_quotient_O(meta, \result);
*/
uint64_t amq_quotient_step_next_occupied(const amq_qf_win st, uint64_t j, uint64_t lim)
    /* First free slot in [from, n), or n. */
/*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */;

/* First free slot in [from, n), or n. */
/*@ requires from_range: from < st.n;
    requires store:      amq_qf_win_readable(st);
    requires hold:       amq_qf_hold(st.s, st.base, rem, meta);
    assigns \nothing;
    ensures range: from <= \result <= st.n;
    ensures used:  \forall integer k; from <= k < \result ==> amq_quotient_used(meta, k);
    ensures free:  \result < st.n ==> !amq_quotient_used(meta, \result);
*/
uint64_t amq_quotient_step_first_free(const amq_qf_win st, uint64_t from)
    /* First used slot in [from, n), or n. */
/*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */;

/* First used slot in [from, n), or n. */
/*@ requires from_range: from <= st.n;
    requires store:      amq_qf_win_readable(st);
    requires hold:       amq_qf_hold(st.s, st.base, rem, meta);
    assigns \nothing;
    ensures range: from <= \result <= st.n;
    ensures free:  \forall integer k; from <= k < \result ==> !amq_quotient_used(meta, k);
    ensures used:  \result < st.n ==> amq_quotient_used(meta, \result);
*/
uint64_t amq_quotient_step_first_used(const amq_qf_win st, uint64_t from)
    /* First slot in [from, n) whose is_occupied bit is set, or n. */
/*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */;

/* First slot in [from, n) whose is_occupied bit is set, or n. */
/*@ requires from_range: from <= st.n;
    requires store:      amq_qf_win_readable(st);
    requires hold:       amq_qf_hold(st.s, st.base, rem, meta);
    requires bytes:      amq_quotient_bytes(meta, st.n);
    assigns \nothing;
    ensures range: from <= \result <= st.n;
    ensures none:  \forall integer k; from <= k < \result ==> !amq_quotient_O(meta, k);
    ensures occ:   \result < st.n ==> amq_quotient_O(meta, \result);
*/
uint64_t amq_quotient_step_first_occupied_from(const amq_qf_win st, uint64_t from)
    /* Slot where the run of quotient fq starts (if is_occupied(fq)) or would start: walk back
 * from fq to the start of its cluster (an unshifted element), then forward run by run,
 * pairing the k-th run of the cluster with the k-th occupied quotient. */
/*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta) */;

/* Slot where the run of quotient fq starts (if is_occupied(fq)) or would start: walk back
 * from fq to the start of its cluster (an unshifted element), then forward run by run,
 * pairing the k-th run of the cluster with the k-th occupied quotient. */
/*@ requires fq_range: fq < st.n;
    requires store:    amq_qf_win_readable(st);
    requires hold:     amq_qf_hold(st.s, st.base, rem, meta);
    requires shape:    amq_quotient_shape(meta, gq, st.n);
    assigns \nothing;
    ensures range:  fq <= \result <= st.n;
    ensures used:   \forall integer k; fq <= k < \result ==> amq_quotient_used(meta, k);
    ensures before: \forall integer k; 0 <= k < \result ==> amq_quotient_used(meta, k) ==> gq[k] < fq;
    ensures after:  \forall integer k; \result <= k < st.n ==> amq_quotient_used(meta, k) ==> gq[k] >= fq;
*/
uint64_t amq_quotient_step_find_run(const amq_qf_win st, uint64_t fq)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* Slot holding (fq, fr) in the run of fq, which starts at s; n if there is none. */
/*@ requires fq_range: fq <= s < st.n;
    requires store:    amq_qf_win_readable(st);
    requires hold:     amq_qf_hold(st.s, st.base, rem, meta);
    requires shape:    amq_quotient_shape(meta, gq, st.n);
    requires rsorted:  amq_quotient_rsorted(rem, meta, gq, st.n);
    requires head:     amq_quotient_used(meta, s) && gq[s] == fq;
    requires before:   \forall integer k; 0 <= k < s ==> amq_quotient_used(meta, k) ==> gq[k] < fq;
    assigns \nothing;
    ensures range:  s <= \result <= st.n;
    ensures found:  \result < st.n ==> amq_quotient_used(meta, \result) && gq[\result] == fq && rem[\result] == fr;
    ensures absent: \result == st.n ==> !amq_quotient_member(rem, meta, gq, st.n, fq, fr);
*/
uint64_t amq_quotient_step_run_find(const amq_qf_win st, uint64_t fq, uint64_t fr, uint64_t s)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

#endif
