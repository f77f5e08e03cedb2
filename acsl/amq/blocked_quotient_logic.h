/* ACSL logic for the blocked quotient filter kernel (lib_internal/blocked_quotient_kernel.h).
 *
 * A blocked quotient filter keeps nblocks quotient filters (lib_internal/quotient_kernel.h) of n
 * slots each in flat arrays: block b's table is slots [b*n, (b+1)*n) of rem and meta (and
 * of the ghost quotient array gq), and its count is counts[b].  The predicates below are
 * the quotient kernel's (acsl/amq/quotient_logic.h) read on block b's window.
 * Only definitions and lemmas that WP proves; no axioms.  Ignored by C compilers. */
#ifndef AMQ_BLOCKED_QUOTIENT_LOGIC_H
#define AMQ_BLOCKED_QUOTIENT_LOGIC_H
#include <stdint.h>
#include <amq/quotient_logic.h>
/*@
  // Block b's window is valid and its four parts (slots of rem, meta, gq; counts[b]) are
  // pairwise separated.
  predicate amq_blocked_quotient_readable{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, uint64_t *counts,
                                integer n, integer b) =
    1 <= n && 0 <= b &&
    \valid_read(rem + (b * n .. b * n + n - 1)) && \valid_read(meta + (b * n .. b * n + n - 1)) &&
    \valid_read(gq + (b * n .. b * n + n - 1)) && \valid_read(counts + b) &&
    \separated(rem + (b * n .. b * n + n - 1), meta + (b * n .. b * n + n - 1),
               gq + (b * n .. b * n + n - 1), counts + b);
  predicate amq_blocked_quotient_writable{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, uint64_t *counts,
                                integer n, integer b) =
    amq_blocked_quotient_readable(rem, meta, gq, counts, n, b) &&
    \valid(rem + (b * n .. b * n + n - 1)) && \valid(meta + (b * n .. b * n + n - 1)) &&
    \valid(gq + (b * n .. b * n + n - 1)) && \valid(counts + b);

  // Block b satisfies the quotient filter invariant (with count counts[b]).
  predicate amq_blocked_quotient_ok{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, uint64_t *counts,
                          integer n, integer b) =
    amq_quotient_inv(rem + b * n, meta + b * n, gq + b * n, n, counts[b]);
  // (fq, fr) is stored in block b: at least once, at least twice.
  predicate amq_blocked_quotient_has{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer b,
                           integer fq, integer fr) =
    amq_quotient_member(rem + b * n, meta + b * n, gq + b * n, n, fq, fr);
  predicate amq_blocked_quotient_has2{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, integer b,
                            integer fq, integer fr) =
    amq_quotient_member2(rem + b * n, meta + b * n, gq + b * n, n, fq, fr);
  // Block b has a free slot at or after fq.
  predicate amq_blocked_quotient_room{L}(uint8_t *meta, integer n, integer b, integer fq) =
    amq_quotient_room(meta + b * n, n, fq);

  // The whole structure: nblocks blocks of n slots, valid and separated.
  predicate amq_blocked_quotient_table{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, uint64_t *counts,
                             integer nblocks, integer n) =
    1 <= n && 1 <= nblocks && nblocks * n <= 18446744073709551615 &&
    \valid(rem + (0 .. nblocks * n - 1)) && \valid(meta + (0 .. nblocks * n - 1)) &&
    \valid(gq + (0 .. nblocks * n - 1)) && \valid(counts + (0 .. nblocks - 1)) &&
    \separated(rem + (0 .. nblocks * n - 1), meta + (0 .. nblocks * n - 1),
               gq + (0 .. nblocks * n - 1), counts + (0 .. nblocks - 1));

  // Lemmas sit in axiomatic blocks keyed by a predicate of the block, so that WP hands
  // them only to goals that mention it (and never to the quotient kernel's lemmas).

  // Windows of distinct blocks do not overlap: block a ends at or before block b starts.
  axiomatic BqfApart {
    predicate amq_blocked_quotient_before(integer a, integer b, integer s) = a * s + s <= b * s;
    lemma amq_blocked_quotient_apart: \forall integer a, b, s; 0 <= s ==> a < b ==> amq_blocked_quotient_before(a, b, s);
  }

  // A window from one state to another: its slots are unchanged and so is its used-slot
  // count (amq_quotient_nused is recursive: callers establish its equality, by a ghost loop when
  // the memory of the bytes changed).  Then the invariant and the content are unchanged.
  axiomatic BqfFrame {
    predicate amq_blocked_quotient_frame{L1, L2}(uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n) =
      amq_quotient_same{L1, L2}(rem, meta, gq, n) &&
      amq_quotient_nused{L1}(meta, n) == amq_quotient_nused{L2}(meta, n);
    lemma amq_blocked_quotient_frame_bytes{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n;
        amq_blocked_quotient_frame{L1, L2}(rem, meta, gq, n) ==> amq_quotient_bytes{L1}(meta, n) ==> amq_quotient_bytes{L2}(meta, n);
    lemma amq_blocked_quotient_frame_home{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n;
        amq_blocked_quotient_frame{L1, L2}(rem, meta, gq, n) ==> amq_quotient_home{L1}(meta, gq, n) ==> amq_quotient_home{L2}(meta, gq, n);
    lemma amq_blocked_quotient_frame_shifted{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n;
        amq_blocked_quotient_frame{L1, L2}(rem, meta, gq, n) ==> amq_quotient_shifted{L1}(meta, gq, n) ==> amq_quotient_shifted{L2}(meta, gq, n);
    lemma amq_blocked_quotient_frame_nogap{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n;
        amq_blocked_quotient_frame{L1, L2}(rem, meta, gq, n) ==> amq_quotient_nogap{L1}(meta, gq, n) ==> amq_quotient_nogap{L2}(meta, gq, n);
    lemma amq_blocked_quotient_frame_qsorted{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n;
        amq_blocked_quotient_frame{L1, L2}(rem, meta, gq, n) ==> amq_quotient_qsorted{L1}(meta, gq, n) ==> amq_quotient_qsorted{L2}(meta, gq, n);
    lemma amq_blocked_quotient_frame_rsorted{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n;
        amq_blocked_quotient_frame{L1, L2}(rem, meta, gq, n) ==> amq_quotient_rsorted{L1}(rem, meta, gq, n) ==> amq_quotient_rsorted{L2}(rem, meta, gq, n);
    lemma amq_blocked_quotient_frame_runs{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n;
        amq_blocked_quotient_frame{L1, L2}(rem, meta, gq, n) ==> amq_quotient_runs{L1}(meta, gq, n) ==> amq_quotient_runs{L2}(meta, gq, n);
    lemma amq_blocked_quotient_frame_occupied{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n;
        amq_blocked_quotient_frame{L1, L2}(rem, meta, gq, n) ==> amq_quotient_occupied{L1}(meta, gq, n) ==> amq_quotient_occupied{L2}(meta, gq, n);
    lemma amq_blocked_quotient_frame_shape{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n;
        amq_blocked_quotient_frame{L1, L2}(rem, meta, gq, n) ==> amq_quotient_shape{L1}(meta, gq, n) ==> amq_quotient_shape{L2}(meta, gq, n);
    lemma amq_blocked_quotient_frame_inv{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, c;
        amq_blocked_quotient_frame{L1, L2}(rem, meta, gq, n) ==> amq_quotient_inv{L1}(rem, meta, gq, n, c) ==> amq_quotient_inv{L2}(rem, meta, gq, n, c);
    lemma amq_blocked_quotient_frame_member{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, g, h;
        amq_blocked_quotient_frame{L1, L2}(rem, meta, gq, n) ==> (amq_quotient_member{L1}(rem, meta, gq, n, g, h) <==> amq_quotient_member{L2}(rem, meta, gq, n, g, h));
    lemma amq_blocked_quotient_frame_member2{L1, L2}:
      \forall uint64_t *rem, uint8_t *meta, uint64_t *gq, integer n, g, h;
        amq_blocked_quotient_frame{L1, L2}(rem, meta, gq, n) ==> (amq_quotient_member2{L1}(rem, meta, gq, n, g, h) <==> amq_quotient_member2{L2}(rem, meta, gq, n, g, h));
  }
*/
#endif
