/* The steps of the cuckoo filter's sequence theorems (issue 23): the class predicate, the ghost
 * count facts and the remove with its class effect, shared by the class driver
 * (proofs/cuckoo_key_seq_driver.c, unit cuckoo_key_seq, which proves them) and the per-key driver
 * (proofs/cuckoo_key_valid_seq_driver.c, unit cuckoo_key_valid_seq, which skips them and rests on
 * that proof).  Not part of the library. */
#ifndef AMQ_PROOF_CUCKOO_KEY_SEQ_STEPS_H
#define AMQ_PROOF_CUCKOO_KEY_SEQ_STEPS_H
#include <lib_internal/cuckoo_key.h>

/*@ // Row y is in x's class: x's first bucket is one of y's two buckets and the two
    // fingerprints have the same f bits (the premise of add's `up` and remove's `down` at
    // x's bucket and fingerprint; its negation, that of their `other`).
    predicate amq_proof_cuckoo_class{L}(integer nb, integer f, uint64_t seed, char *y, integer ylen,
                                        char *x, integer xlen) =
      amq_cuckoo_key_bucket{L}(amq_cuckoo_key_i1{L}(x, xlen, seed, nb), nb, f, y, ylen, seed) &&
      amq_cuckoo_same(amq_cuckoo_key_fp{L}(x, xlen, seed, f), amq_cuckoo_key_fp{L}(y, ylen, seed, f), f);
*/

/*@ ghost
  // A count is a sum of 0/1 indicators, so it is not negative: an induction over an
  // indicator's f bits, then over a range's slots.
  /@ requires f_range: 1 <= f <= 32;
     assigns \nothing;
     ensures pos: \forall integer lo, y; 0 <= amq_cuckoo_cnt(w, f, lo, b, y);
  @/
  static void amq_proof_cuckoo_cnt_pos(const uint64_t *w, uint64_t f, uint64_t b) {
      /@ loop invariant bits: 0 <= n <= f;
         loop invariant bool: \forall integer o, y; amq_cuckoo_eqn(w, o, y, n) == 0 || amq_cuckoo_eqn(w, o, y, n) == 1;
         loop assigns n;
         loop variant f - n;
      @/
      for (uint64_t n = 0; n < f; n++) { }
      /@ loop invariant slots: 0 <= n <= b;
         loop invariant sum:   \forall integer lo, y; 0 <= amq_cuckoo_cnt(w, f, lo, n, y);
         loop assigns n;
         loop variant b - n;
      @/
      for (uint64_t n = 0; n < b; n++) { }
  }
*/

/*@ ghost
  // A bucket that counts y at least once holds y: the induction over its slots finds the
  // slot, whose indicator 1 says that its f bits are y's (an induction over the bits).
  /@ requires f_range: 1 <= f <= 32;
     assigns \nothing;
     ensures in:       amq_cuckoo_bcnt(w, f, b, k, y) >= 1 ==> amq_cuckoo_in(w, f, b, k, y);
  @/
  static void amq_proof_cuckoo_cnt_in(const uint64_t *w, uint64_t f, uint64_t b, uint64_t k, uint64_t y) {
      /@ loop invariant bits: 0 <= n <= f;
         loop invariant bool: \forall integer o; amq_cuckoo_eqn(w, o, y, n) == 0 || amq_cuckoo_eqn(w, o, y, n) == 1;
         loop invariant link: \forall integer o; amq_cuckoo_eqn(w, o, y, n) == 1 ==>
                                \forall integer j; 0 <= j < n ==> (amq_bloom_bit_set(w, o + j) <==> amq_cuckoo_bit(y, j));
         loop assigns n;
         loop variant f - n;
      @/
      for (uint64_t n = 0; n < f; n++) { }
      /@ assert base: 0 <= k * b; @/
      /@ loop invariant slots: 0 <= n <= b;
         loop invariant found: amq_cuckoo_cnt(w, f, k * b, n, y) >= 1 ==> amq_cuckoo_in(w, f, b, k, y);
         loop assigns n;
         loop variant b - n;
      @/
      for (uint64_t n = 0; n < b; n++) {
          /@ assert at: amq_cuckoo_eqn(w, (k * b + n) * f, y, f) == 1 ==> amq_cuckoo_is(w, f, k * b + n, y); @/
      }
  }
*/

/* remove(y), with its effect on the count of the class (i1, fp) that the driver follows:
 * minus one if y is in the class and the remove found y, else none.  A remove that finds
 * nothing changes no word, so no count: the counts are recursive, so an induction over a
 * slot's f bits, then over a range's b slots. */
/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires y_valid: \valid_read((char *)y + (0 .. ylen - 1));
    requires sep_y:   \separated((char *)y + (0 .. ylen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    requires class:   i1 < nb && amq_cuckoo_fp(fp, f);
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures down:     \result == AMQ_OK && amq_cuckoo_key_bucket{Pre}(i1, nb, f, (char *)y, ylen, seed) &&
                        amq_cuckoo_same(fp, amq_cuckoo_key_fp{Pre}((char *)y, ylen, seed, f), f) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, i1, fp) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, i1, fp) - 1;
    ensures other:    \result == AMQ_OK && !(amq_cuckoo_key_bucket{Pre}(i1, nb, f, (char *)y, ylen, seed) &&
                                             amq_cuckoo_same(fp, amq_cuckoo_key_fp{Pre}((char *)y, ylen, seed, f), f)) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, i1, fp) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, i1, fp);
    ensures kept:     \result != AMQ_OK ==> amq_cuckoo_pcnt(w, f, b, nb, i1, fp) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, i1, fp);
*/
static amq_status amq_proof_cuckoo_key_remove(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed,
                                              const void *y, size_t ylen, uint64_t i1, uint64_t fp)
{
    (void)i1; /* the class followed: the contract's only */
    (void)fp;
    const amq_status rc = amq_cuckoo_key_remove(w, nb, b, f, seed, y, ylen);
    if (rc != AMQ_OK) {
        /*@ assert words: \forall integer k; w[k] == \at(w[k], Pre); */
        /*@ assert c_wb: \forall integer p; amq_cuckoo_wb(w, p) == amq_cuckoo_wb{Pre}(w, p); */
        /*@ ghost
          /@ loop invariant c_bits: 0 <= n <= f;
             loop invariant c_eqn:  \forall integer o, z; amq_cuckoo_eqn(w, o, z, n) == amq_cuckoo_eqn{Pre}(w, o, z, n);
             loop assigns n;
             loop variant f - n;
          @/
          for (uint64_t n = 0; n < f; n++) { }
        */
        /*@ ghost
          /@ loop invariant c_slots: 0 <= n <= b;
             loop invariant c_cnt:   \forall integer lo, z; amq_cuckoo_cnt(w, f, lo, n, z) == amq_cuckoo_cnt{Pre}(w, f, lo, n, z);
             loop assigns n;
             loop variant b - n;
          @/
          for (uint64_t n = 0; n < b; n++) { }
        */
    }
    return rc;
}

#endif
