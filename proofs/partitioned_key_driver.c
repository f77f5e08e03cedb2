/* Theorem drivers for the key-level partitioned Bloom filter (lib_internal/partitioned_key.h): the
 * functions that src/partitioned.c's amq_partitioned_add and amq_partitioned_query run, over
 * the hash model.  Not part of the library: WP proves these bodies against the contracts that
 * the same run proves on src/partitioned_key.c, src/hash_stream.c and src/blocked_kernel.c.
 *
 *   insert_query     (a) a successful add(x), then query(x) == 1.
 *   query_preserved  (b) query(x) == 1 before add(y) ==> query(x) == 1 after (y any key; the
 *                    add may also be refused).
 *   nfn              (b) over any number of adds: add(x), then any keys (some may be refused,
 *                    some equal to x), then query(x) == 1.
 *   failed_add       (c) a refused add (a NULL key with len > 0) fails and changes no bit.
 * The query is not lazy: it is the kernel's answer on the key's k indices by its contract.
 * Keys may be equal, overlap each other or be empty; indices may repeat.  A key must not lie
 * in the filter's own bit array (sep_*): add would change the key it was asked about. */
#include <lib_internal/partitioned_key.h>

int amq_proof_partitioned_key_insert_query(uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s,
                                    uint64_t seed, const void *x, size_t xlen);
int amq_proof_partitioned_key_query_preserved(uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s,
                                       uint64_t seed, const void *x, size_t xlen, const void *y, size_t ylen);
int amq_proof_partitioned_key_nfn(uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s, uint64_t seed,
                           const void *x, size_t xlen, const void *const *keys, const size_t *lens,
                           size_t count);
int amq_proof_partitioned_key_failed_add(uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s,
                                  uint64_t seed, size_t ylen);

/* The key's k bit positions (its indices over psize translated into the partitions, in g) lie
 * in the k * psize bits (in_range): what the preservation step needs, in memory, so that no
 * prover step multiplies (the theorem drivers of unit blocked do the same). */
/*@ requires psize_pos:  psize >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires fits:       k * psize <= 18446744073709551615;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    requires out_valid:  \valid(local + (0 .. k - 1)) && \valid(g + (0 .. k - 1));
    requires sep:        \separated(local + (0 .. k - 1), g + (0 .. k - 1), (char *)x + (0 .. xlen - 1));
    assigns local[0 .. k - 1], g[0 .. k - 1];
    ensures indices:     amq_hash_stream_indices(local, k, s, seed, (char *)x, xlen, psize);
    ensures parted:      amq_blocked_parted(g, local, k, psize);
    ensures in_range:    amq_bloom_in_range(g, k, k * psize);
    ensures words:       k * psize <= 64 * amq_bloom_words(k * psize);
*/
static void places(uint64_t psize, uint64_t k, amq_hash_strategy s, uint64_t seed, const void *x, size_t xlen,
                   uint64_t *local, uint64_t *g)
{
    amq_hash_indices(s, seed, x, xlen, psize, local, (size_t)k);
    amq_partitioned_kernel_indices(g, psize, local, (size_t)k);
}

/*@ requires psize_pos:  psize >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires fits:       k * psize <= 18446744073709551615;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(k * psize) - 1));
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(k * psize) - 1), (char *)x + (0 .. xlen - 1));
    assigns bits[0 .. amq_bloom_words(k * psize) - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_partitioned_key_insert_query(uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s,
                                    uint64_t seed, const void *x, size_t xlen)
{
    const amq_status added = amq_partitioned_key_add(bits, psize, k, s, seed, x, xlen);
    const int found = amq_partitioned_key_query(bits, psize, k, s, seed, x, xlen);
    return (added == AMQ_OK) & (found == 1); /* no branch: both are proved, none is dead code */
}

/*@ requires psize_pos:  psize >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires fits:       k * psize <= 18446744073709551615;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(k * psize) - 1));
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    requires y_valid:    (y == \null && ylen > 0) || \valid_read((char *)y + (0 .. ylen - 1));
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(k * psize) - 1), (char *)x + (0 .. xlen - 1));
    assigns bits[0 .. amq_bloom_words(k * psize) - 1];
    ensures preserved: \result == 1;
*/
int amq_proof_partitioned_key_query_preserved(uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s,
                                       uint64_t seed, const void *x, size_t xlen, const void *y, size_t ylen)
{
    uint64_t local[AMQ_MAX_K], g[AMQ_MAX_K];
    places(psize, k, s, seed, x, xlen, local, g);
    int before = amq_partitioned_key_query(bits, psize, k, s, seed, x, xlen);
    (void)amq_partitioned_key_add(bits, psize, k, s, seed, y, ylen);
    int after = amq_partitioned_key_query(bits, psize, k, s, seed, x, xlen);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires psize_pos:  psize >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires fits:       k * psize <= 18446744073709551615;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(k * psize) - 1));
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(k * psize) - 1), (char *)x + (0 .. xlen - 1));
    requires rows_valid: \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1));
    requires row_valid:  \forall integer r; 0 <= r < count ==>
                           (keys[r] == \null && lens[r] > 0) ||
                           \valid_read((char *)keys[r] + (0 .. lens[r] - 1));
    requires sep_rows:   \separated(bits + (0 .. amq_bloom_words(k * psize) - 1), keys + (0 .. count - 1),
                                    lens + (0 .. count - 1));
    assigns bits[0 .. amq_bloom_words(k * psize) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_partitioned_key_nfn(uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s, uint64_t seed,
                           const void *x, size_t xlen, const void *const *keys, const size_t *lens,
                           size_t count)
{
    uint64_t local[AMQ_MAX_K], g[AMQ_MAX_K];
    places(psize, k, s, seed, x, xlen, local, g);
    const amq_status added = amq_partitioned_key_add(bits, psize, k, s, seed, x, xlen);
    /*@ loop invariant bounds: 0 <= r <= count;
        loop invariant x_set:  amq_partitioned_key_set{Here, Here}(bits, psize, k, s, seed, (char *)x, xlen);
        loop invariant x_in:   amq_hash_stream_in_range(k, s, seed, (char *)x, xlen, psize);
        loop assigns r, bits[0 .. amq_bloom_words(k * psize) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++)
        (void)amq_partitioned_key_add(bits, psize, k, s, seed, keys[r], lens[r]);
    const int found = amq_partitioned_key_query(bits, psize, k, s, seed, x, xlen);
    return (added == AMQ_OK) & (found == 1);
}

/*@ requires psize_pos:  psize >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires fits:       k * psize <= 18446744073709551615;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(k * psize) - 1));
    requires len_pos:    ylen > 0;
    assigns bits[0 .. amq_bloom_words(k * psize) - 1];
    ensures failed:    \result == 1;
    ensures unchanged: \forall integer w; 0 <= w < amq_bloom_words(k * psize) ==> bits[w] == \old(bits[w]);
*/
int amq_proof_partitioned_key_failed_add(uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s,
                                  uint64_t seed, size_t ylen)
{
    return amq_partitioned_key_add(bits, psize, k, s, seed, NULL, ylen) != AMQ_OK;
}
