/* The sequence theorem of the key-level cuckoo filter (issue 23 step 6), over the copy counts:
 * the key functions' count clauses (lib_internal/cuckoo_key.h, unit cuckoo_key_count) and the
 * count definitions (acsl/amq/cuckoo_count_defs.h).  Not part of the library.
 *
 *   sequence   from ANY table state: any sequence of adds (each successful) and removes (each
 *              found or not) of any keys; if the keys of x's class (its fingerprint's f bits,
 *              x's first bucket one of their two buckets) were added more often than removed
 *              (d >= 1), query(x) == 1 at the end.  No premise on the removes: a remove that
 *              finds nothing changes nothing.  With valid removes (each removed key added more
 *              often than removed before), d >= adds(x) - removes(x), so every key added more
 *              often than removed answers 1; query preservation is the case of a sequence with
 *              x's count >= 1 before it and no remove of x's class.
 *
 * Keys are rows (keys[r], lens[r]); kinds[r] == 0 adds row r, else removes it.  cls[r] says
 * whether row r is in x's class (precondition cls: Frama-C takes no predicate as a term, so the
 * class enters as an input; any caller can compute it from the keys' places).  The invariant
 * is x's class count (amq_cuckoo_pcnt) >= its count at Pre + d. */
#include <lib_internal/cuckoo_key.h>

/*@ // Row y is in x's class: x's first bucket is one of y's two buckets and the two
    // fingerprints have the same f bits (the premise of add's `up` and remove's `down` at
    // x's bucket and fingerprint; its negation, that of their `other`).
    predicate amq_proof_cuckoo_class{L}(integer nb, integer f, uint64_t seed, char *y, integer ylen,
                                        char *x, integer xlen) =
      amq_cuckoo_key_bucket{L}(amq_cuckoo_key_i1{L}(x, xlen, seed, nb), nb, f, y, ylen, seed) &&
      amq_cuckoo_same(amq_cuckoo_key_fp{L}(x, xlen, seed, f), amq_cuckoo_key_fp{L}(y, ylen, seed, f), f);
*/

int amq_proof_cuckoo_key_sequence(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed, const void *x,
                                  size_t xlen, const void *const *keys, const size_t *lens, const int *kinds,
                                  const int *cls, size_t count);

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

/*@ requires geom:       amq_cuckoo_geom(w, nb, b, f);
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:      \separated((char *)x + (0 .. xlen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    requires rows_valid: \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1)) &&
                         \valid_read(kinds + (0 .. count - 1)) && \valid_read(cls + (0 .. count - 1));
    requires row_valid:  \forall integer r; 0 <= r < count ==> \valid_read((char *)keys[r] + (0 .. lens[r] - 1));
    requires sep_rows:   \separated(w + (0 .. amq_bloom_words(nb * b * f) - 1), keys + (0 .. count - 1),
                                    lens + (0 .. count - 1), kinds + (0 .. count - 1), cls + (0 .. count - 1));
    requires sep_keys:   \forall integer r; 0 <= r < count ==>
                           \separated((char *)keys[r] + (0 .. lens[r] - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    requires cls:        \forall integer r; 0 <= r < count ==>
                           (cls[r] != 0 <==> amq_proof_cuckoo_class(nb, f, seed, (char *)keys[r], lens[r], (char *)x, xlen));
    requires count_max:  count <= 2147483647;
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_cuckoo_key_sequence(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed, const void *x,
                                  size_t xlen, const void *const *keys, const size_t *lens, const int *kinds,
                                  const int *cls, size_t count)
{
    //@ ghost amq_proof_cuckoo_cnt_pos(w, f, b);
    uint64_t i1, fp;
    amq_cuckoo_key_place(nb, f, seed, x, xlen, &i1, &fp);
    /*@ assert pre_pos: 0 <= amq_cuckoo_pcnt{Pre}(w, f, b, nb, i1, fp); */
    int64_t d = 0; /* x's class: adds minus removes so far */
    /*@ loop invariant bounds: 0 <= r <= count && -r <= d <= r;
        loop invariant cnt:    amq_cuckoo_pcnt(w, f, b, nb, i1, fp) >= amq_cuckoo_pcnt{Pre}(w, f, b, nb, i1, fp) + d;
        loop assigns r, d, w[0 .. amq_bloom_words(nb * b * f) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++) {
        if (kinds[r] == 0) {
            if (amq_cuckoo_key_add(w, nb, b, f, seed, keys[r], lens[r]) != AMQ_OK)
                return 1; /* the theorem is about successful adds */
            if (cls[r] != 0)
                d++;
            continue;
        }
        (void)amq_proof_cuckoo_key_remove(w, nb, b, f, seed, keys[r], lens[r], i1, fp);
        if (cls[r] != 0)
            d--;
    }
    const int found = amq_cuckoo_key_query(w, nb, b, f, seed, x, xlen);
    if (d <= 0)
        return 1; /* x's class was not added more often than removed: nothing to show */
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp); /* for the ghost step only */
    (void)i2;
    //@ ghost amq_proof_cuckoo_cnt_in(w, f, b, i1, fp);
    //@ ghost amq_proof_cuckoo_cnt_in(w, f, b, i2, fp);
    /*@ assert has: amq_cuckoo_has(w, f, b, nb, i1, fp); */
    return found;
}
