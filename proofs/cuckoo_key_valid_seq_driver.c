/* The per-key deletion theorem of the key-level cuckoo filter (issue 23): "if every removed key
 * had been inserted, and was not removed more often than it was inserted, no inserted key is
 * lost", over the class driver's steps (proofs/cuckoo_key_seq_steps.h, proved in unit
 * cuckoo_key_seq) and the per-key counts of acsl/amq/cuckoo_net_defs.h.  Not part of the library.
 *
 *   valid sequence   from ANY table state: any sequence of adds (each successful) and removes
 *                    of keys, where every remove's key was added more often than removed
 *                    before it (valid); if x was added more often than removed, query(x) == 1.
 *
 * Rows as in the class driver (keys[r], lens[r], kinds[r]), plus the key's identity ids[r] < K:
 * net(id, n) is id's adds minus removes over rows 0 .. n - 1.  The class is per key, icls[id]
 * (precondition cls: every row's class is its key's flag; the same key has the same hash, so the
 * same class: a caller that gives one id to the same key always can meet it, one that gives an
 * id to keys of two classes cannot).  x's rows are x itself (x_rows).  Proof: valid removes keep
 * every net >= 0, so the class's adds minus removes d = sum over the class's ids of their nets
 * >= net(xid) >= 1, the class theorem's premise, whose loop this one repeats with d. */
#include "cuckoo_key_seq_steps.h"
#include <amq/cuckoo_net_defs.h>

/*@ ghost
  // Valid removes keep every net >= 0: an induction over the rows.
  /@ requires valid: \forall integer r; 0 <= r < n && kinds[r] != 0 ==> amq_cuckoo_net(kinds, ids, ids[r], r) >= 1;
     assigns \nothing;
     ensures pos: \forall integer id, m; 0 <= m <= n ==> amq_cuckoo_net(kinds, ids, id, m) >= 0;
  @/
  static void amq_proof_cuckoo_net_pos(const int *kinds, const size_t *ids, size_t n) {
      /@ loop invariant rows: 0 <= m <= n;
         loop invariant pos:  \forall integer id, j; 0 <= j <= m ==> amq_cuckoo_net(kinds, ids, id, j) >= 0;
         loop assigns m;
         loop variant n - m;
      @/
      for (size_t m = 0; m < n; m++) { }
  }
*/

/*@ ghost
  // Before any row the class sum is 0: an induction over ids.
  /@ assigns \nothing;
     ensures zero: amq_cuckoo_csum(kinds, ids, icls, 0, k) == 0;
  @/
  static void amq_proof_cuckoo_csum_zero(const int *kinds, const size_t *ids, const int *icls, size_t k) {
      /@ loop invariant ids:  0 <= j <= k;
         loop invariant zero: amq_cuckoo_csum(kinds, ids, icls, 0, j) == 0;
         loop assigns j;
         loop variant k - j;
      @/
      for (size_t j = 0; j < k; j++) { }
  }
*/

/*@ ghost
  // Row n changes the class sum by its sign if its key is of the class: an induction over ids.
  /@ requires id: ids[n] < k;
     assigns \nothing;
     ensures step: amq_cuckoo_csum(kinds, ids, icls, n + 1, k) ==
                     amq_cuckoo_csum(kinds, ids, icls, n, k) + (icls[ids[n]] != 0 ? amq_cuckoo_sgn(kinds, n) : 0);
  @/
  static void amq_proof_cuckoo_csum_step(const int *kinds, const size_t *ids, const int *icls, size_t n, size_t k) {
      /@ loop invariant ids:  0 <= j <= k;
         loop invariant step: amq_cuckoo_csum(kinds, ids, icls, n + 1, j) == amq_cuckoo_csum(kinds, ids, icls, n, j) +
                                (ids[n] < j && icls[ids[n]] != 0 ? amq_cuckoo_sgn(kinds, n) : 0);
         loop assigns j;
         loop variant k - j;
      @/
      for (size_t j = 0; j < k; j++) { }
  }
*/

/*@ ghost
  // The step at every row.
  /@ requires ids: \forall integer r; 0 <= r < n ==> ids[r] < k;
     assigns \nothing;
     ensures steps: \forall integer r; 0 <= r < n ==> amq_cuckoo_csum(kinds, ids, icls, r + 1, k) ==
                      amq_cuckoo_csum(kinds, ids, icls, r, k) + (icls[ids[r]] != 0 ? amq_cuckoo_sgn(kinds, r) : 0);
  @/
  static void amq_proof_cuckoo_csum_steps(const int *kinds, const size_t *ids, const int *icls, size_t n, size_t k) {
      /@ loop invariant rows:  0 <= m <= n;
         loop invariant steps: \forall integer r; 0 <= r < m ==> amq_cuckoo_csum(kinds, ids, icls, r + 1, k) ==
                                 amq_cuckoo_csum(kinds, ids, icls, r, k) + (icls[ids[r]] != 0 ? amq_cuckoo_sgn(kinds, r) : 0);
         loop assigns m;
         loop variant n - m;
      @/
      for (size_t m = 0; m < n; m++) amq_proof_cuckoo_csum_step(kinds, ids, icls, m, k);
  }
*/

/*@ ghost
  // With every net >= 0, the class sum is at least the net of any key of the class:
  // an induction over ids.
  /@ requires pos:  \forall integer id; amq_cuckoo_net(kinds, ids, id, n) >= 0;
     requires xid:  xid < k;
     assigns \nothing;
     ensures low:   amq_cuckoo_csum(kinds, ids, icls, n, k) >= (icls[xid] != 0 ? amq_cuckoo_net(kinds, ids, xid, n) : 0);
  @/
  static void amq_proof_cuckoo_csum_low(const int *kinds, const size_t *ids, const int *icls, size_t n, size_t k,
                                        size_t xid) {
      /@ loop invariant ids: 0 <= j <= k;
         loop invariant low: amq_cuckoo_csum(kinds, ids, icls, n, j) >= (xid < j && icls[xid] != 0 ? amq_cuckoo_net(kinds, ids, xid, n) : 0);
         loop assigns j;
         loop variant k - j;
      @/
      for (size_t j = 0; j < k; j++) { }
  }
*/

/*@ requires geom:       amq_cuckoo_geom(w, nb, b, f);
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:      \separated((char *)x + (0 .. xlen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    requires rows_valid: \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1)) &&
                         \valid_read(kinds + (0 .. count - 1)) && \valid_read(ids + (0 .. count - 1)) &&
                         \valid_read(icls + (0 .. nk - 1));
    requires row_valid:  \forall integer r; 0 <= r < count ==> \valid_read((char *)keys[r] + (0 .. lens[r] - 1));
    requires sep_rows:   \separated(w + (0 .. amq_bloom_words(nb * b * f) - 1), keys + (0 .. count - 1),
                                    lens + (0 .. count - 1), kinds + (0 .. count - 1), ids + (0 .. count - 1),
                                    icls + (0 .. nk - 1));
    requires sep_keys:   \forall integer r; 0 <= r < count ==>
                           \separated((char *)keys[r] + (0 .. lens[r] - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    requires ids:        xid < nk && \forall integer r; 0 <= r < count ==> ids[r] < nk;
    requires cls:        \forall integer r; 0 <= r < count ==>
                           (icls[ids[r]] != 0 <==> amq_proof_cuckoo_class(nb, f, seed, (char *)keys[r], lens[r], (char *)x, xlen));
    requires x_rows:     \forall integer r; 0 <= r < count && ids[r] == xid ==> keys[r] == x && lens[r] == xlen;
    requires valid:      \forall integer r; 0 <= r < count && kinds[r] != 0 ==> amq_cuckoo_net(kinds, ids, ids[r], r) >= 1;
    requires x_added:    amq_cuckoo_net(kinds, ids, xid, count) >= 1;
    requires count_max:  count <= 2147483647;
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_cuckoo_key_valid_sequence(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed,
                                        const void *x, size_t xlen, const void *const *keys, const size_t *lens,
                                        const int *kinds, const size_t *ids, const int *icls, size_t nk, size_t xid,
                                        size_t count)
{
    (void)nk; /* the ids' range and x's id: the contract's and the ghost steps' only */
    (void)xid;
    //@ ghost amq_proof_cuckoo_net_pos(kinds, ids, count);
    //@ ghost amq_proof_cuckoo_csum_zero(kinds, ids, icls, nk);
    //@ ghost amq_proof_cuckoo_csum_steps(kinds, ids, icls, count, nk);
    //@ ghost amq_proof_cuckoo_csum_low(kinds, ids, icls, count, nk, xid);
    //@ ghost amq_proof_cuckoo_cnt_pos(w, f, b);
    uint64_t i1, fp;
    amq_cuckoo_key_place(nb, f, seed, x, xlen, &i1, &fp);
    /*@ assert pre_pos: 0 <= amq_cuckoo_pcnt{Pre}(w, f, b, nb, i1, fp); */
    int64_t d = 0; /* x's class: adds minus removes so far */
    /*@ loop invariant bounds: 0 <= r <= count && -r <= d <= r;
        loop invariant cnt:    amq_cuckoo_pcnt(w, f, b, nb, i1, fp) >= amq_cuckoo_pcnt{Pre}(w, f, b, nb, i1, fp) + d;
        loop invariant sum:    d == amq_cuckoo_csum{Pre}(kinds, ids, icls, r, nk);
        loop invariant x_in:   amq_cuckoo_net{Pre}(kinds, ids, xid, r) != 0 ==> icls[xid] != 0;
        loop assigns r, d, w[0 .. amq_bloom_words(nb * b * f) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++) {
        if (kinds[r] == 0) {
            if (amq_cuckoo_key_add(w, nb, b, f, seed, keys[r], lens[r]) != AMQ_OK)
                return 1; /* the theorem is about successful adds */
            if (icls[ids[r]] != 0)
                d++;
            continue;
        }
        (void)amq_proof_cuckoo_key_remove(w, nb, b, f, seed, keys[r], lens[r], i1, fp);
        if (icls[ids[r]] != 0)
            d--;
    }
    /*@ assert d_pos: d >= 1; */
    const int found = amq_cuckoo_key_query(w, nb, b, f, seed, x, xlen);
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp); /* for the ghost step only */
    (void)i2;
    //@ ghost amq_proof_cuckoo_cnt_in(w, f, b, i1, fp);
    //@ ghost amq_proof_cuckoo_cnt_in(w, f, b, i2, fp);
    /*@ assert has: amq_cuckoo_has(w, f, b, nb, i1, fp); */
    return found;
}
