/* Theorem drivers for the key-level counting blocked filter (lib_internal/counting_blocked_key.h):
 * the functions that src/counting_blocked.c's amq_counting_blocked_add, _query and _remove run,
 * over the hash model, for both counter widths at once (w is a parameter).  Not part of the
 * library: WP proves these bodies against the contracts that the same run proves on
 * src/counting_blocked_key.c, src/hash_stream.c, src/blocked_block.c and src/blocked_kernel.c.
 *
 *   insert_query     (a) a successful add(x), then query(x) == 1.
 *   query_preserved  (b) query(x) == 1 before add(y) ==> query(x) == 1 after (y any key, in
 *                    any block; the add may also be refused).
 *   nfn              (b) add(x), then any keys (some refused, some equal to x), then
 *                    query(x) == 1 (Ceramist Theorem 7 at the key level, counters saturating).
 *   remove_other     (b) Ceramist Theorem 11 at the key level: add(y), add(x), remove(y) ==>
 *                    the remove succeeds and query(x) == 1.  No precondition on counters or
 *                    blocks: x and y may be equal, share a block or indices, repeat indices,
 *                    saturate counters.
 *   failed_add       (c) a refused add (a NULL key with len > 0) fails and changes no byte.
 * The query is not lazy: it is the kernel's answer on the key's block and k indices.
 * A key must not lie in the filter's own counters (sep_*): an add would change the key it was
 * asked about.  m >= nblocks * bsize (the structure has m == nblocks * bsize). */
#include <lib_internal/counting_blocked_key.h>

int amq_proof_counting_blocked_key_insert_query(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k, unsigned w,
                               amq_hash_strategy s, uint64_t seed, const void *x, size_t xlen);
int amq_proof_counting_blocked_key_query_preserved(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                                  unsigned w, amq_hash_strategy s, uint64_t seed, const void *x, size_t xlen,
                                  const void *y, size_t ylen);
int amq_proof_counting_blocked_key_nfn(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k, unsigned w,
                      amq_hash_strategy s, uint64_t seed, const void *x, size_t xlen, const void *const *keys,
                      const size_t *lens, size_t count);
int amq_proof_counting_blocked_key_remove_other(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k, unsigned w,
                               amq_hash_strategy s, uint64_t seed, const void *x, size_t xlen, const void *y,
                               size_t ylen);
int amq_proof_counting_blocked_key_failed_add(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k, unsigned w,
                             amq_hash_strategy s, uint64_t seed, size_t ylen);

/* Lemma: a key's multiplicities are nonnegative, and each of its own indices occurs at least
 * once (a copy of proofs/counting_key_driver.c's: a static ghost function is proved in its
 * own unit).  Induction over the prefix, hence a ghost function whose loop WP proves. */
/*@ ghost
  /@ assigns \nothing;
     ensures nonneg: \forall integer p; amq_counting_key_occ(s, seed, key, len, m, k, p) >= 0;
     ensures named:  \forall integer t; 0 <= t < k ==>
                       amq_counting_key_occ(s, seed, key, len, m, k, amq_hash_stream_index(s, seed, key, len, m, t)) >= 1;
  @/
  static void occ_bounds(amq_hash_strategy s, uint64_t seed, char *key, size_t len, uint64_t m, uint64_t k)
  {
    /@ loop invariant bounds: 0 <= n <= k;
       loop invariant nonneg: \forall integer p; amq_counting_key_occ(s, seed, key, len, m, n, p) >= 0;
       loop invariant named:  \forall integer t; 0 <= t < n ==>
                                amq_counting_key_occ(s, seed, key, len, m, n, amq_hash_stream_index(s, seed, key, len, m, t)) >= 1;
       loop assigns n;
       loop variant k - n;
    @/
    for (uint64_t n = 0; n < k; n++) { }
  }
*/

/*@ requires width:       amq_counting_width_ok(w);
    requires nblocks_pos: nblocks >= 1;
    requires bsize_pos:   bsize >= 1;
    requires fits:        nblocks * bsize <= m;
    requires k_range:     1 <= k <= AMQ_MAX_K;
    requires strategy:    AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires c_valid:     \valid(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires x_valid:     \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:       \separated(c + (0 .. amq_counting_bytes(w, m) - 1), (char *)x + (0 .. xlen - 1));
    assigns c[0 .. amq_counting_bytes(w, m) - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_counting_blocked_key_insert_query(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k, unsigned w,
                               amq_hash_strategy s, uint64_t seed, const void *x, size_t xlen)
{
    const amq_status added = amq_counting_blocked_key_add(c, m, nblocks, bsize, k, w, s, seed, x, xlen);
    const int found = amq_counting_blocked_key_query(c, m, nblocks, bsize, k, w, s, seed, x, xlen);
    return (added == AMQ_OK) & (found == 1); /* no branch: both are proved, none is dead code */
}

/*@ requires width:       amq_counting_width_ok(w);
    requires nblocks_pos: nblocks >= 1;
    requires bsize_pos:   bsize >= 1;
    requires fits:        nblocks * bsize <= m;
    requires k_range:     1 <= k <= AMQ_MAX_K;
    requires strategy:    AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires c_valid:     \valid(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires x_valid:     \valid_read((char *)x + (0 .. xlen - 1));
    requires y_valid:     (y == \null && ylen > 0) || \valid_read((char *)y + (0 .. ylen - 1));
    requires sep_x:       \separated(c + (0 .. amq_counting_bytes(w, m) - 1), (char *)x + (0 .. xlen - 1));
    assigns c[0 .. amq_counting_bytes(w, m) - 1];
    ensures preserved: \result == 1;
*/
int amq_proof_counting_blocked_key_query_preserved(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                                  unsigned w, amq_hash_strategy s, uint64_t seed, const void *x, size_t xlen,
                                  const void *y, size_t ylen)
{
    const int before = amq_counting_blocked_key_query(c, m, nblocks, bsize, k, w, s, seed, x, xlen);
    (void)amq_counting_blocked_key_add(c, m, nblocks, bsize, k, w, s, seed, y, ylen);
    const int after = amq_counting_blocked_key_query(c, m, nblocks, bsize, k, w, s, seed, x, xlen);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires width:       amq_counting_width_ok(w);
    requires nblocks_pos: nblocks >= 1;
    requires bsize_pos:   bsize >= 1;
    requires fits:        nblocks * bsize <= m;
    requires k_range:     1 <= k <= AMQ_MAX_K;
    requires strategy:    AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires c_valid:     \valid(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires x_valid:     \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:       \separated(c + (0 .. amq_counting_bytes(w, m) - 1), (char *)x + (0 .. xlen - 1));
    requires rows_valid:  \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1));
    requires row_valid:   \forall integer r; 0 <= r < count ==>
                            (keys[r] == \null && lens[r] > 0) ||
                            \valid_read((char *)keys[r] + (0 .. lens[r] - 1));
    requires sep_rows:    \separated(c + (0 .. amq_counting_bytes(w, m) - 1), keys + (0 .. count - 1),
                                     lens + (0 .. count - 1));
    assigns c[0 .. amq_counting_bytes(w, m) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_counting_blocked_key_nfn(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k, unsigned w,
                      amq_hash_strategy s, uint64_t seed, const void *x, size_t xlen, const void *const *keys,
                      const size_t *lens, size_t count)
{
    const amq_status added = amq_counting_blocked_key_add(c, m, nblocks, bsize, k, w, s, seed, x, xlen);
    /*@ loop invariant bounds:  0 <= r <= count;
        loop invariant counted: amq_counting_blocked_key_counted{Here, Here}(c, w, amq_blocked_key_block_of(seed, (char *)x, xlen, nblocks) * bsize,
                                                            k, s, seed, (char *)x, xlen, bsize);
        loop invariant x_in:    amq_hash_stream_in_range(k, s, seed, (char *)x, xlen, bsize);
        loop invariant x_win:   amq_counting_blocked_key_window(seed, (char *)x, xlen, nblocks, bsize, m);
        loop assigns r, c[0 .. amq_counting_bytes(w, m) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++)
        (void)amq_counting_blocked_key_add(c, m, nblocks, bsize, k, w, s, seed, keys[r], lens[r]);
    const int found = amq_counting_blocked_key_query(c, m, nblocks, bsize, k, w, s, seed, x, xlen);
    return (added == AMQ_OK) & (found == 1);
}

/*@ requires width:       amq_counting_width_ok(w);
    requires nblocks_pos: nblocks >= 1;
    requires bsize_pos:   bsize >= 1;
    requires fits:        nblocks * bsize <= m;
    requires k_range:     1 <= k <= AMQ_MAX_K;
    requires strategy:    AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires c_valid:     \valid(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires x_valid:     \valid_read((char *)x + (0 .. xlen - 1));
    requires y_valid:     \valid_read((char *)y + (0 .. ylen - 1));
    requires sep_x:       \separated(c + (0 .. amq_counting_bytes(w, m) - 1), (char *)x + (0 .. xlen - 1));
    requires sep_y:       \separated(c + (0 .. amq_counting_bytes(w, m) - 1), (char *)y + (0 .. ylen - 1));
    assigns c[0 .. amq_counting_bytes(w, m) - 1];
    ensures removed_and_found: \result == 1;
*/
int amq_proof_counting_blocked_key_remove_other(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k, unsigned w,
                               amq_hash_strategy s, uint64_t seed, const void *x, size_t xlen, const void *y,
                               size_t ylen)
{
    //@ ghost occ_bounds(s, seed, (char *)x, xlen, bsize, k);
    //@ ghost occ_bounds(s, seed, (char *)y, ylen, bsize, k);
    /*@ assert range: amq_counting_range(c, w, m); */
    const amq_status ay = amq_counting_blocked_key_add(c, m, nblocks, bsize, k, w, s, seed, y, ylen);
    //@ ghost AddedY: ;
    /*@ assert range_y: amq_counting_range(c, w, m); */
    const amq_status ax = amq_counting_blocked_key_add(c, m, nblocks, bsize, k, w, s, seed, x, xlen);
    //@ ghost AddedX: ;
    /*@ assert range_x: amq_counting_range(c, w, m); */
    /* Each counter y names is saturated, or still holds y's increments: add(x) only adds. */
    /*@ assert covers: \forall integer t; 0 <= t < k ==>
          amq_counting_cell(c, w, amq_blocked_key_block_of(seed, (char *)y, ylen, nblocks) * bsize +
                        amq_hash_stream_index(s, seed, (char *)y, ylen, bsize, t)) == amq_counting_max(w) ||
          amq_counting_cell(c, w, amq_blocked_key_block_of(seed, (char *)y, ylen, nblocks) * bsize +
                        amq_hash_stream_index(s, seed, (char *)y, ylen, bsize, t)) >=
            amq_counting_key_occ(s, seed, (char *)y, ylen, bsize, k, amq_hash_stream_index(s, seed, (char *)y, ylen, bsize, t)); */
    const amq_status ry = amq_counting_blocked_key_remove(c, m, nblocks, bsize, k, w, s, seed, y, ylen);
    /* Each counter x names is saturated, or took x's increments on top of y's, and the
     * remove took back only y's. */
    /*@ assert kept: \forall integer t; 0 <= t < k ==>
          amq_counting_cell{AddedX}(c, w, amq_blocked_key_block_of(seed, (char *)x, xlen, nblocks) * bsize +
                                amq_hash_stream_index(s, seed, (char *)x, xlen, bsize, t)) == amq_counting_max(w) ||
          amq_counting_cell{AddedX}(c, w, amq_blocked_key_block_of(seed, (char *)x, xlen, nblocks) * bsize +
                                amq_hash_stream_index(s, seed, (char *)x, xlen, bsize, t)) ==
            amq_counting_cell{Pre}(c, w, amq_blocked_key_block_of(seed, (char *)x, xlen, nblocks) * bsize +
                               amq_hash_stream_index(s, seed, (char *)x, xlen, bsize, t)) +
            amq_counting_blocked_key_occ(amq_blocked_key_block_of(seed, (char *)y, ylen, nblocks) * bsize, bsize, k, s, seed, (char *)y, ylen,
                        amq_blocked_key_block_of(seed, (char *)x, xlen, nblocks) * bsize +
                          amq_hash_stream_index(s, seed, (char *)x, xlen, bsize, t)) +
            amq_counting_key_occ(s, seed, (char *)x, xlen, bsize, k, amq_hash_stream_index(s, seed, (char *)x, xlen, bsize, t)); */
    /*@ assert present: amq_counting_blocked_key_counted{Here, Here}(c, w, amq_blocked_key_block_of(seed, (char *)x, xlen, nblocks) * bsize,
                                                   k, s, seed, (char *)x, xlen, bsize); */
    const int found = amq_counting_blocked_key_query(c, m, nblocks, bsize, k, w, s, seed, x, xlen);
    return (ay == AMQ_OK) & (ax == AMQ_OK) & (ry == AMQ_OK) & (found == 1);
}

/*@ requires width:       amq_counting_width_ok(w);
    requires nblocks_pos: nblocks >= 1;
    requires bsize_pos:   bsize >= 1;
    requires fits:        nblocks * bsize <= m;
    requires k_range:     1 <= k <= AMQ_MAX_K;
    requires strategy:    AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires c_valid:     \valid(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires len_pos:     ylen > 0;
    assigns c[0 .. amq_counting_bytes(w, m) - 1];
    ensures failed:    \result == 1;
    ensures unchanged: amq_counting_bytes_same{Pre, Post}(c, w, m);
*/
int amq_proof_counting_blocked_key_failed_add(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k, unsigned w,
                             amq_hash_strategy s, uint64_t seed, size_t ylen)
{
    return amq_counting_blocked_key_add(c, m, nblocks, bsize, k, w, s, seed, NULL, ylen) != AMQ_OK;
}
