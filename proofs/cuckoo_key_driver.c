/* Theorem drivers for the key-level cuckoo filter (lib_internal/cuckoo_key.h): the functions the
 * structure layer runs for a key, over the hash model.  Not part of the library: WP proves
 * these bodies against the contracts that unit cuckoo_key proves on src/cuckoo_key.c (and
 * unit cuckoo on the kernel, unit hash_stream on amq_reduce).
 *
 *   insert_query      (a) a successful add(x), then query(x) == 1.
 *   query_preserved   (b) query(x) == 1 before add(y) ==> query(x) == 1 after (y any key, the
 *                     add may fail).
 *   failed_unchanged  (c) a failed add (AMQ_E_FULL) changes no word, so no query answer.
 *   nfn               no false negatives: add(x), then any keys (any add may fail, some may be
 *                     x again), then query(x) == 1.
 *   remove_other      (b) through a remove: query(x) == 1 before remove(y) ==> after, for a key
 *                     y whose fingerprint differs from x's (y need not have been added).
 *   remove_added      (b) through the remove of an added key: query(x) == 1, then a successful
 *                     add(y), then remove(y): query(x) == 1, for ANY y: y may be x, or share x's
 *                     fingerprint and buckets (the add wrote a second copy, add's `copy`, and the
 *                     remove takes one).  One add and one remove; a whole sequence of adds and
 *                     removes (remove(y) valid while y's adds outnumber its removes) needs copy
 *                     counts: not proved yet.
 * Every driver starts from ANY state of the table.  A key must not lie in the table's own
 * words (sep_*): an add would change the key. */
#include <lib_internal/cuckoo_key.h>

int amq_proof_cuckoo_key_insert_query(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed,
                                      const void *x, size_t xlen);
int amq_proof_cuckoo_key_query_preserved(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed,
                                         const void *x, size_t xlen, const void *y, size_t ylen);
int amq_proof_cuckoo_key_failed_unchanged(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed,
                                          const void *y, size_t ylen, const void *z, size_t zlen);
int amq_proof_cuckoo_key_nfn(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed, const void *x,
                             size_t xlen, const void *const *keys, const size_t *lens, size_t count);
int amq_proof_cuckoo_key_remove_other(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed,
                                      const void *x, size_t xlen, const void *y, size_t ylen);
int amq_proof_cuckoo_key_remove_added(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed,
                                      const void *x, size_t xlen, const void *y, size_t ylen);

/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires x_valid: \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:   \separated((char *)x + (0 .. xlen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_cuckoo_key_insert_query(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed,
                                      const void *x, size_t xlen)
{
    const amq_status added = amq_cuckoo_key_add(w, nb, b, f, seed, x, xlen);
    const int found = amq_cuckoo_key_query(w, nb, b, f, seed, x, xlen);
    return (added != AMQ_OK) | (found == 1); /* no branch: both are proved, none is dead code */
}

/* add(y) for any key y, with what the drivers use of it: a failed add leaves every bucket's
 * content as it was (from the words up, one level a step: in one step cvc4 runs away), a
 * successful one keeps every fingerprint found before. */
/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires y_valid: (y == \null && ylen > 0) || \valid_read((char *)y + (0 .. ylen - 1));
    requires sep_y:   \separated((char *)y + (0 .. ylen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures failed:   \result != AMQ_OK ==>
                        \forall integer i, z; amq_cuckoo_in(w, f, b, i, z) <==> amq_cuckoo_in{Pre}(w, f, b, i, z);
    ensures kept:     \forall integer j, v; 0 <= j < nb && amq_cuckoo_fp(v, f) &&
                        amq_cuckoo_has{Pre}(w, f, b, nb, j, v) ==> amq_cuckoo_has(w, f, b, nb, j, v);
*/
static amq_status amq_proof_cuckoo_key_add(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed,
                                       const void *y, size_t ylen)
{
    const amq_status rc = amq_cuckoo_key_add(w, nb, b, f, seed, y, ylen);
    if (rc != AMQ_OK) {
        /*@ assert words_in: amq_cuckoo_words_same{Pre, Here}(w, amq_bloom_words(nb * b * f)); */
        /*@ assert words: \forall integer k; w[k] == \at(w[k], Pre); */
        /*@ assert bits: \forall integer p; amq_bloom_bit_set(w, p) <==> amq_bloom_bit_set{Pre}(w, p); */
        /*@ assert slots: \forall integer s, z; amq_cuckoo_is(w, f, s, z) <==> amq_cuckoo_is{Pre}(w, f, s, z); */
        /*@ assert buckets: \forall integer i, z; amq_cuckoo_in(w, f, b, i, z) <==> amq_cuckoo_in{Pre}(w, f, b, i, z); */
    }
    return rc;
}

/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires x_valid: \valid_read((char *)x + (0 .. xlen - 1));
    requires y_valid: (y == \null && ylen > 0) || \valid_read((char *)y + (0 .. ylen - 1));
    requires sep_x:   \separated((char *)x + (0 .. xlen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    requires sep_y:   \separated((char *)y + (0 .. ylen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures preserved: \result == 1;
*/
int amq_proof_cuckoo_key_query_preserved(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed,
                                         const void *x, size_t xlen, const void *y, size_t ylen)
{
    const int before = amq_cuckoo_key_query(w, nb, b, f, seed, x, xlen);
    (void)amq_proof_cuckoo_key_add(w, nb, b, f, seed, y, ylen);
    const int after = amq_cuckoo_key_query(w, nb, b, f, seed, x, xlen);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires y_valid: (y == \null && ylen > 0) || \valid_read((char *)y + (0 .. ylen - 1));
    requires z_valid: \valid_read((char *)z + (0 .. zlen - 1));
    requires sep_y:   \separated((char *)y + (0 .. ylen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    requires sep_z:   \separated((char *)z + (0 .. zlen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures same:     \result == 1;
*/
int amq_proof_cuckoo_key_failed_unchanged(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed,
                                          const void *y, size_t ylen, const void *z, size_t zlen)
{
    const int before = amq_cuckoo_key_query(w, nb, b, f, seed, z, zlen);
    if (amq_proof_cuckoo_key_add(w, nb, b, f, seed, y, ylen) == AMQ_OK)
        return 1; /* nothing to show: the add succeeded */
    const int after = amq_cuckoo_key_query(w, nb, b, f, seed, z, zlen);
    return before == after;
}

/*@ requires geom:       amq_cuckoo_geom(w, nb, b, f);
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:      \separated((char *)x + (0 .. xlen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    requires rows_valid: \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1));
    requires row_valid:  \forall integer r; 0 <= r < count ==>
                           (keys[r] == \null && lens[r] > 0) ||
                           \valid_read((char *)keys[r] + (0 .. lens[r] - 1));
    requires sep_rows:   \separated(w + (0 .. amq_bloom_words(nb * b * f) - 1), keys + (0 .. count - 1),
                                    lens + (0 .. count - 1));
    requires sep_keys:   \forall integer r; 0 <= r < count ==>
                           \separated((char *)keys[r] + (0 .. lens[r] - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_cuckoo_key_nfn(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed, const void *x,
                             size_t xlen, const void *const *keys, const size_t *lens, size_t count)
{
    if (amq_cuckoo_key_add(w, nb, b, f, seed, x, xlen) != AMQ_OK)
        return 1; /* x was not added: nothing to show */
    /*@ loop invariant bounds: 0 <= r <= count;
        loop invariant has:    amq_cuckoo_key_has{Here, Pre}(w, nb, b, f, (char *)x, xlen, seed);
        loop invariant place:  amq_cuckoo_key_ok{Pre}(nb, f, (char *)x, xlen, seed);
        loop assigns r, w[0 .. amq_bloom_words(nb * b * f) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++)
        (void)amq_proof_cuckoo_key_add(w, nb, b, f, seed, keys[r], lens[r]);
    return amq_cuckoo_key_query(w, nb, b, f, seed, x, xlen);
}

/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires x_valid: \valid_read((char *)x + (0 .. xlen - 1));
    requires y_valid: (y == \null && ylen > 0) || \valid_read((char *)y + (0 .. ylen - 1));
    requires sep_x:   \separated((char *)x + (0 .. xlen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    requires sep_y:   \separated((char *)y + (0 .. ylen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    requires other:   (y == \null && ylen > 0) ||
                      !amq_cuckoo_same(amq_cuckoo_key_fp((char *)y, ylen, seed, f), amq_cuckoo_key_fp((char *)x, xlen, seed, f), f);
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures kept:     \result == 1;
*/
int amq_proof_cuckoo_key_remove_other(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed,
                                      const void *x, size_t xlen, const void *y, size_t ylen)
{
    const int before = amq_cuckoo_key_query(w, nb, b, f, seed, x, xlen);
    if (amq_cuckoo_key_remove(w, nb, b, f, seed, y, ylen) == AMQ_OK) {
        /*@ assert one: amq_cuckoo_removed_one{Pre, Here}(w, f, b, nb, amq_cuckoo_key_i1((char *)y, ylen, seed, nb),
                                                    amq_cuckoo_key_fp((char *)y, ylen, seed, f)); */
        /*@ assert apart: \forall integer s; amq_cuckoo_is{Pre}(w, f, s, amq_cuckoo_key_fp((char *)x, xlen, seed, f)) ==>
                            !amq_cuckoo_is{Pre}(w, f, s, amq_cuckoo_key_fp((char *)y, ylen, seed, f)); */
        /*@ assert slots: \forall integer s; 0 <= s && amq_cuckoo_is{Pre}(w, f, s, amq_cuckoo_key_fp((char *)x, xlen, seed, f)) ==>
                            amq_cuckoo_is(w, f, s, amq_cuckoo_key_fp((char *)x, xlen, seed, f)); */
    } else {
        /*@ assert words_in: amq_cuckoo_words_same{Pre, Here}(w, amq_bloom_words(nb * b * f)); */
        /*@ assert words: \forall integer k; w[k] == \at(w[k], Pre); */
        /*@ assert bits: \forall integer p; amq_bloom_bit_set(w, p) <==> amq_bloom_bit_set{Pre}(w, p); */
        /*@ assert slots: \forall integer s, z; amq_cuckoo_is(w, f, s, z) <==> amq_cuckoo_is{Pre}(w, f, s, z); */
    }
    const int after = amq_cuckoo_key_query(w, nb, b, f, seed, x, xlen);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ ghost
  // Product step: two buckets whose slot ranges share a slot are one bucket.
  /@ requires b >= 1;
     assigns \nothing;
     ensures one: \forall integer s, k, j; 0 <= k && 0 <= j && amq_cuckoo_slot_of(s, k, b) && amq_cuckoo_slot_of(s, j, b) ==>
                    k == j;
  @/
  static void amq_proof_cuckoo_same_bucket(uint64_t b) { }
*/

/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires x_valid: \valid_read((char *)x + (0 .. xlen - 1));
    requires y_valid: (y == \null && ylen > 0) || \valid_read((char *)y + (0 .. ylen - 1));
    requires sep_x:   \separated((char *)x + (0 .. xlen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    requires sep_y:   \separated((char *)y + (0 .. ylen - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures kept:     \result == 1;
*/
int amq_proof_cuckoo_key_remove_added(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed,
                                      const void *x, size_t xlen, const void *y, size_t ylen)
{
    if (amq_cuckoo_key_query(w, nb, b, f, seed, x, xlen) != 1)
        return 1; /* x not found: nothing to show */
    if (amq_cuckoo_key_add(w, nb, b, f, seed, y, ylen) != AMQ_OK)
        return 1; /* y not added: nothing to show */
    //@ ghost Added: ;
    uint64_t ix, fx, iy, fy;
    amq_cuckoo_key_place(nb, f, seed, x, xlen, &ix, &fx);
    amq_cuckoo_key_place(nb, f, seed, y, ylen, &iy, &fy);
    /*@ assert x_added: amq_cuckoo_has(w, f, b, nb, ix, fx) && amq_cuckoo_has{Pre}(w, f, b, nb, ix, fx); */
    if (amq_cuckoo_key_remove(w, nb, b, f, seed, y, ylen) == AMQ_OK) {
        /*@ assert one: amq_cuckoo_removed_one{Added, Here}(w, f, b, nb, iy, fy); */
        /*@ assert one_p: \exists integer s; amq_cuckoo_pair_slot(s, iy, fy, f, b, nb) &&
                            amq_cuckoo_removed{Added, Here}(w, f, s, fy); */
        /*@ assert x_slot: \exists integer r; 0 <= r && amq_cuckoo_pair_slot(r, ix, fx, f, b, nb) && amq_cuckoo_is{Added}(w, f, r, fx); */
        //@ ghost amq_proof_cuckoo_same_bucket(b);
        /* x's copy survives unless the removed slot s held it; then fx and fy have the same
         * bits, s's bucket k is in both pairs, x was found for k before add(y), so add(y) left
         * two copies for k, and one of them is not s. */
        /*@ assert same: \forall integer s; amq_cuckoo_is{Added}(w, f, s, fx) && amq_cuckoo_is{Added}(w, f, s, fy) ==>
                           amq_cuckoo_same(fx, fy, f); */
        /*@ assert alt_x: 0 <= amq_cuckoo_alt(ix, fx, f, nb) < nb && 0 <= amq_cuckoo_alt(iy, fy, f, nb) < nb; */
        /*@ assert has0: \forall integer k; k == ix || k == amq_cuckoo_alt(ix, fx, f, nb) ==> amq_cuckoo_has{Pre}(w, f, b, nb, k, fx); */
        /*@ assert two: \forall integer k; 0 <= k < nb && (k == iy || k == amq_cuckoo_alt(iy, fy, f, nb)) &&
                          amq_cuckoo_same(fx, fy, f) && amq_cuckoo_has{Pre}(w, f, b, nb, k, fx) ==> amq_cuckoo_has2{Added}(w, f, b, nb, k, fx); */
        /*@ assert left: \forall integer k, s; amq_cuckoo_has2{Added}(w, f, b, nb, k, fx) && amq_cuckoo_removed{Added, Here}(w, f, s, fy) ==>
                           amq_cuckoo_has(w, f, b, nb, k, fx); */
        /*@ assert back: \forall integer k; (k == ix || k == amq_cuckoo_alt(ix, fx, f, nb)) && amq_cuckoo_has(w, f, b, nb, k, fx) ==>
                           amq_cuckoo_has(w, f, b, nb, ix, fx); */
        /*@ assert other: \forall integer s, r; 0 <= r && r != s && amq_cuckoo_removed{Added, Here}(w, f, s, fy) &&
                            amq_cuckoo_pair_slot(r, ix, fx, f, b, nb) && amq_cuckoo_is{Added}(w, f, r, fx) ==> amq_cuckoo_has(w, f, b, nb, ix, fx); */
        /*@ assert at_i1: \forall integer s; amq_cuckoo_slot_of(s, iy, b) && amq_cuckoo_pair_slot(s, ix, fx, f, b, nb) ==>
                            iy == ix || iy == amq_cuckoo_alt(ix, fx, f, nb); */
        /*@ assert at_i2: amq_cuckoo_same(fx, fy, f) && (iy == ix || iy == amq_cuckoo_alt(ix, fx, f, nb)) ==>
                            amq_cuckoo_has2{Added}(w, f, b, nb, iy, fx); */
        /*@ assert at_i: \forall integer s; amq_cuckoo_slot_of(s, iy, b) && amq_cuckoo_removed{Added, Here}(w, f, s, fy) &&
                           amq_cuckoo_pair_slot(s, ix, fx, f, b, nb) && amq_cuckoo_is{Added}(w, f, s, fx) ==> amq_cuckoo_has(w, f, b, nb, ix, fx); */
        /*@ assert at_a1: \forall integer s; amq_cuckoo_slot_of(s, amq_cuckoo_alt(iy, fy, f, nb), b) &&
                            amq_cuckoo_pair_slot(s, ix, fx, f, b, nb) ==>
                            amq_cuckoo_alt(iy, fy, f, nb) == ix || amq_cuckoo_alt(iy, fy, f, nb) == amq_cuckoo_alt(ix, fx, f, nb); */
        /*@ assert at_a2: amq_cuckoo_same(fx, fy, f) &&
                            (amq_cuckoo_alt(iy, fy, f, nb) == ix || amq_cuckoo_alt(iy, fy, f, nb) == amq_cuckoo_alt(ix, fx, f, nb)) ==>
                            amq_cuckoo_has2{Added}(w, f, b, nb, amq_cuckoo_alt(iy, fy, f, nb), fx); */
        /*@ assert at_alt: \forall integer s; amq_cuckoo_slot_of(s, amq_cuckoo_alt(iy, fy, f, nb), b) &&
                             amq_cuckoo_removed{Added, Here}(w, f, s, fy) &&
                             amq_cuckoo_pair_slot(s, ix, fx, f, b, nb) && amq_cuckoo_is{Added}(w, f, s, fx) ==> amq_cuckoo_has(w, f, b, nb, ix, fx); */
        /*@ assert kept: amq_cuckoo_has(w, f, b, nb, ix, fx); */
    } else {
        /*@ assert words_in: amq_cuckoo_words_same{Added, Here}(w, amq_bloom_words(nb * b * f)); */
        /*@ assert words: \forall integer k; w[k] == \at(w[k], Added); */
        /*@ assert bits: \forall integer p; amq_bloom_bit_set(w, p) <==> amq_bloom_bit_set{Added}(w, p); */
        /*@ assert slots: \forall integer s, z; amq_cuckoo_is(w, f, s, z) <==> amq_cuckoo_is{Added}(w, f, s, z); */
    }
    return amq_cuckoo_key_query(w, nb, b, f, seed, x, xlen);
}
