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
 *              often than removed answers 1 (proved: proofs/cuckoo_key_valid_seq_driver.c, over
 *              this driver's steps, proofs/cuckoo_key_seq_steps.h); query preservation is the
 *              case of a sequence with x's count >= 1 before it and no remove of x's class.
 *
 * Keys are rows (keys[r], lens[r]); kinds[r] == 0 adds row r, else removes it.  cls[r] says
 * whether row r is in x's class (precondition cls: Frama-C takes no predicate as a term, so the
 * class enters as an input; any caller can compute it from the keys' places).  The invariant
 * is x's class count (amq_cuckoo_pcnt) >= its count at Pre + d. */
#include "cuckoo_key_seq_steps.h"

int amq_proof_cuckoo_key_sequence(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed, const void *x,
                                  size_t xlen, const void *const *keys, const size_t *lens, const int *kinds,
                                  const int *cls, size_t count);

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
