/* Theorem drivers for the key-level Bloom filter (lib_internal/bloom_key.h): the functions that
 * src/bloom.c's amq_bloom_add and amq_bloom_query run, over the hash model.  Not part of the
 * library: WP proves these bodies against the contracts that the same run proves on
 * src/bloom_key.c, src/hash_stream.c and src/bloom_kernel.c.
 *
 *   insert_query     (a) a successful add(x), then query(x) == 1.
 *   query_preserved  (b) query(x) == 1 before add(y) ==> query(x) == 1 after (y any key; the
 *                    add may also be refused).
 *   nfn              (b) over any number of adds: add(x), then any keys (some may be refused,
 *                    some equal to x), then query(x) == 1 (Ceramist Theorem 7 at the key level).
 *   failed_add       (c) a refused add (a NULL key with len > 0) fails and changes no bit.
 *   same_answer      the query, which reads the bits itself, equals the kernel's answer on the
 *                    key's k indices.
 * Keys may be equal, overlap each other or be empty; indices may repeat.  A key must not lie
 * in the filter's own bit array (sep_*): add would change the key it was asked about. */
#include <lib_internal/bloom_key.h>

int amq_proof_bloom_key_insert_query(uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s,
                                     uint64_t seed, const void *x, size_t xlen);
int amq_proof_bloom_key_query_preserved(uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s,
                                        uint64_t seed, const void *x, size_t xlen, const void *y,
                                        size_t ylen);
int amq_proof_bloom_key_nfn(uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed,
                            const void *x, size_t xlen, const void *const *keys, const size_t *lens,
                            size_t count);
int amq_proof_bloom_key_failed_add(uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s,
                                   uint64_t seed, size_t ylen);
int amq_proof_bloom_key_same_answer(const uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s,
                                    uint64_t seed, const void *x, size_t xlen);

/*@ requires m_pos:      m >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(m) - 1), (char *)x + (0 .. xlen - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_bloom_key_insert_query(uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s,
                                     uint64_t seed, const void *x, size_t xlen)
{
    const amq_status added = amq_bloom_key_add(bits, m, k, s, seed, x, xlen);
    const int found = amq_bloom_key_query(bits, m, k, s, seed, x, xlen);
    return (added == AMQ_OK) & (found == 1); /* no branch: both are proved, none is dead code */
}

/*@ requires m_pos:      m >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    requires y_valid:    (y == \null && ylen > 0) || \valid_read((char *)y + (0 .. ylen - 1));
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(m) - 1), (char *)x + (0 .. xlen - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures preserved: \result == 1;
*/
int amq_proof_bloom_key_query_preserved(uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s,
                                        uint64_t seed, const void *x, size_t xlen, const void *y,
                                        size_t ylen)
{
    int before = amq_bloom_key_query(bits, m, k, s, seed, x, xlen);
    (void)amq_bloom_key_add(bits, m, k, s, seed, y, ylen);
    int after = amq_bloom_key_query(bits, m, k, s, seed, x, xlen);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires m_pos:      m >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(m) - 1), (char *)x + (0 .. xlen - 1));
    requires rows_valid: \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1));
    requires row_valid:  \forall integer r; 0 <= r < count ==>
                           (keys[r] == \null && lens[r] > 0) ||
                           \valid_read((char *)keys[r] + (0 .. lens[r] - 1));
    requires sep_rows:   \separated(bits + (0 .. amq_bloom_words(m) - 1), keys + (0 .. count - 1), lens + (0 .. count - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_bloom_key_nfn(uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed,
                            const void *x, size_t xlen, const void *const *keys, const size_t *lens,
                            size_t count)
{
    const amq_status added = amq_bloom_key_add(bits, m, k, s, seed, x, xlen);
    /*@ loop invariant bounds: 0 <= r <= count;
        loop invariant x_set:  amq_bloom_key_set{Here, Here}(bits, k, s, seed, (char *)x, xlen, m);
        loop invariant x_in:   amq_hash_stream_in_range(k, s, seed, (char *)x, xlen, m);
        loop assigns r, bits[0 .. amq_bloom_words(m) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++)
        (void)amq_bloom_key_add(bits, m, k, s, seed, keys[r], lens[r]);
    const int found = amq_bloom_key_query(bits, m, k, s, seed, x, xlen);
    return (added == AMQ_OK) & (found == 1);
}

/*@ requires m_pos:      m >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires len_pos:    ylen > 0;
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures failed:    \result == 1;
    ensures unchanged: \forall integer w; 0 <= w < amq_bloom_words(m) ==> bits[w] == \old(bits[w]);
*/
int amq_proof_bloom_key_failed_add(uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s,
                                   uint64_t seed, size_t ylen)
{
    return amq_bloom_key_add(bits, m, k, s, seed, NULL, ylen) != AMQ_OK;
}

/*@ requires m_pos:      m >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires bits_valid: \valid_read(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    assigns \nothing;
    ensures same_answer: \result == 1;
*/
int amq_proof_bloom_key_same_answer(const uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s,
                                    uint64_t seed, const void *x, size_t xlen)
{
    uint64_t idx[AMQ_MAX_K];
    amq_hash_indices(s, seed, x, xlen, m, idx, (size_t)k);
    return amq_bloom_kernel_query(bits, m, idx, (size_t)k) == amq_bloom_key_query(bits, m, k, s, seed, x, xlen);
}
