/* Theorem drivers for the key-level split-block Bloom filter (lib_internal/split_block_key.h): the
 * functions that src/split_block.c's amq_split_block_add and amq_split_block_query run, over
 * the hash model.  Not part of the library: WP proves these bodies against the contracts that
 * the same run proves on src/split_block_key.c and src/blocked_kernel.c.
 *
 *   insert_query     (a) a successful add(x), then query(x) == 1.
 *   query_preserved  (b) query(x) == 1 before add(y) ==> query(x) == 1 after (y any key; the
 *                    add may also be refused).
 *   nfn              (b) over any number of adds: add(x), then any keys (some may be refused,
 *                    some equal to x), then query(x) == 1.
 *   failed_add       (c) a refused add (a NULL key with len > 0) fails and changes no bit.
 *   batch_query      the batch query's result for keys[j] is query(keys[j]), any j < count.
 *   batch_nfn        (a) through the batch: a successful add(x), then the batch query answers 1
 *                    for every entry i with keys[i] == x.
 * Keys may be equal, overlap each other or be empty.  A key must not lie in the filter's own
 * bit array (sep_*): add would change the key it was asked about. */
#include <lib_internal/split_block_key.h>

int amq_proof_split_block_key_insert_query(uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *x, size_t xlen);
int amq_proof_split_block_key_query_preserved(uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *x,
                                        size_t xlen, const void *y, size_t ylen);
int amq_proof_split_block_key_nfn(uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *x, size_t xlen,
                            const void *const *keys, const size_t *lens, size_t count);
int amq_proof_split_block_key_failed_add(uint64_t *bits, uint64_t nblocks, uint64_t seed, size_t ylen);
int amq_proof_split_block_key_batch_query(const uint64_t *bits, uint64_t nblocks, uint64_t seed,
                                          const void *const *keys, const size_t *lens, size_t count, int *results,
                                          size_t j);
int amq_proof_split_block_key_batch_nfn(uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *x, size_t xlen,
                                        const void *const *keys, const size_t *lens, size_t count, int *results,
                                        size_t i);

/*@ // the 8 bit positions of the hash h lie in the nblocks * 256 bits
    predicate amq_split_block_in_bits(integer nblocks, integer h) =
      \forall integer t; 0 <= t < 8 ==>
        0 <= amq_split_block_hash_block(nblocks, h) * 256 + (t * 32 + amq_split_block_hash_bit(h, t)) <
             64 * amq_bloom_words(nblocks * 256);
*/

/* The key's 8 bit positions lie in the nblocks * 256 bits: what the preservation step needs
 * (monotone speaks of the bits of the array), from the kernel's block choice (< nblocks) and
 * mask (< 32), so that no prover has to bound a product itself. */
/*@ requires nblocks_range: 1 <= nblocks <= 4294967296;
    requires x_valid:       \valid_read((char *)x + (0 .. xlen - 1));
    assigns \nothing;
    ensures in_range: amq_split_block_in_bits(nblocks, amq_hash_xxh64((char *)x, xlen, seed));
*/
static void located(uint64_t nblocks, uint64_t seed, const void *x, size_t xlen)
{
    uint64_t r[AMQ_SPLIT_WORDS];
    const uint64_t h = amq_xxh64(x, xlen, seed);
    const uint64_t block = amq_split_block_kernel_select(h, nblocks);
    amq_split_block_kernel_mask((uint32_t)(h % 4294967296u), r);
    /*@ assert block: block == amq_split_block_hash_block(nblocks, h) && block + 1 <= nblocks; */
    /*@ assert bits:  \forall integer t; 0 <= t < 8 ==> r[t] == amq_split_block_hash_bit(h, t) && r[t] < 32; */
    /*@ assert words: nblocks * 256 == 64 * amq_bloom_words(nblocks * 256); */
    (void)block; /* read only by the asserts */
}

/*@ requires nblocks_range: 1 <= nblocks <= 4294967296;
    requires bits_valid:    \valid(bits + (0 .. amq_bloom_words(nblocks * 256) - 1));
    requires x_valid:       \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:         \separated(bits + (0 .. amq_bloom_words(nblocks * 256) - 1), (char *)x + (0 .. xlen - 1));
    assigns bits[0 .. amq_bloom_words(nblocks * 256) - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_split_block_key_insert_query(uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *x, size_t xlen)
{
    const amq_status added = amq_split_block_key_add(bits, nblocks, seed, x, xlen);
    const int found = amq_split_block_key_query(bits, nblocks, seed, x, xlen);
    return (added == AMQ_OK) & (found == 1); /* no branch: both are proved, none is dead code */
}

/*@ requires nblocks_range: 1 <= nblocks <= 4294967296;
    requires bits_valid:    \valid(bits + (0 .. amq_bloom_words(nblocks * 256) - 1));
    requires x_valid:       \valid_read((char *)x + (0 .. xlen - 1));
    requires y_valid:       (y == \null && ylen > 0) || \valid_read((char *)y + (0 .. ylen - 1));
    requires sep_x:         \separated(bits + (0 .. amq_bloom_words(nblocks * 256) - 1), (char *)x + (0 .. xlen - 1));
    assigns bits[0 .. amq_bloom_words(nblocks * 256) - 1];
    ensures preserved: \result == 1;
*/
int amq_proof_split_block_key_query_preserved(uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *x,
                                        size_t xlen, const void *y, size_t ylen)
{
    located(nblocks, seed, x, xlen);
    int before = amq_split_block_key_query(bits, nblocks, seed, x, xlen);
    (void)amq_split_block_key_add(bits, nblocks, seed, y, ylen);
    int after = amq_split_block_key_query(bits, nblocks, seed, x, xlen);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires nblocks_range: 1 <= nblocks <= 4294967296;
    requires bits_valid:    \valid(bits + (0 .. amq_bloom_words(nblocks * 256) - 1));
    requires x_valid:       \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:         \separated(bits + (0 .. amq_bloom_words(nblocks * 256) - 1), (char *)x + (0 .. xlen - 1));
    requires rows_valid:    \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1));
    requires row_valid:     \forall integer r; 0 <= r < count ==>
                              (keys[r] == \null && lens[r] > 0) ||
                              \valid_read((char *)keys[r] + (0 .. lens[r] - 1));
    requires sep_rows:      \separated(bits + (0 .. amq_bloom_words(nblocks * 256) - 1), keys + (0 .. count - 1),
                                       lens + (0 .. count - 1));
    assigns bits[0 .. amq_bloom_words(nblocks * 256) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_split_block_key_nfn(uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *x, size_t xlen,
                            const void *const *keys, const size_t *lens, size_t count)
{
    located(nblocks, seed, x, xlen);
    const amq_status added = amq_split_block_key_add(bits, nblocks, seed, x, xlen);
    /*@ loop invariant bounds: 0 <= r <= count;
        loop invariant x_set:  amq_split_block_key_set{Here, Here}(bits, nblocks, seed, (char *)x, xlen);
        loop invariant x_in:   amq_split_block_in_bits(nblocks, amq_hash_xxh64((char *)x, xlen, seed));
        loop assigns r, bits[0 .. amq_bloom_words(nblocks * 256) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++)
        (void)amq_split_block_key_add(bits, nblocks, seed, keys[r], lens[r]);
    const int found = amq_split_block_key_query(bits, nblocks, seed, x, xlen);
    return (added == AMQ_OK) & (found == 1);
}

/*@ requires nblocks_range: 1 <= nblocks <= 4294967296;
    requires bits_valid:    \valid(bits + (0 .. amq_bloom_words(nblocks * 256) - 1));
    requires len_pos:       ylen > 0;
    assigns bits[0 .. amq_bloom_words(nblocks * 256) - 1];
    ensures failed:    \result == 1;
    ensures unchanged: \forall integer w; 0 <= w < amq_bloom_words(nblocks * 256) ==> bits[w] == \old(bits[w]);
*/
int amq_proof_split_block_key_failed_add(uint64_t *bits, uint64_t nblocks, uint64_t seed, size_t ylen)
{
    return amq_split_block_key_add(bits, nblocks, seed, NULL, ylen) != AMQ_OK;
}

/* The batch's hypotheses (lib_internal/split_block_key.h), shared by the two drivers below. */
#define SBK_BATCH_ARGS                                                                                               \
    \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1)) &&                                   \
        (\forall integer t; 0 <= t < count ==> \valid_read((char *)keys[t] + (0 .. lens[t] - 1))) &&                 \
        \valid(results + (0 .. count - 1)) &&                                                                         \
        \separated(results + (0 .. count - 1), keys + (0 .. count - 1), lens + (0 .. count - 1)) &&                   \
        \base_addr(results) != \base_addr(bits) &&                                                                    \
        (\forall integer t; 0 <= t < count ==>                                                                        \
           \separated(results + (0 .. count - 1), (char *)keys[t] + (0 .. lens[t] - 1)))

/*@ requires nblocks_range: 1 <= nblocks <= 4294967296;
    requires bits_valid:    \valid_read(bits + (0 .. amq_bloom_words(nblocks * 256) - 1));
    requires batch:         SBK_BATCH_ARGS;
    requires j_range:       j < count;
    assigns results[0 .. count - 1];
    ensures same_answer: \result == 1;
*/
int amq_proof_split_block_key_batch_query(const uint64_t *bits, uint64_t nblocks, uint64_t seed,
                                          const void *const *keys, const size_t *lens, size_t count, int *results,
                                          size_t j)
{
    amq_split_block_key_query_batch(bits, nblocks, seed, keys, lens, count, results);
    const int one = amq_split_block_key_query(bits, nblocks, seed, keys[j], lens[j]);
    return results[j] == one;
}

/*@ requires nblocks_range: 1 <= nblocks <= 4294967296;
    requires bits_valid:    \valid(bits + (0 .. amq_bloom_words(nblocks * 256) - 1));
    requires x_valid:       \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:         \separated(bits + (0 .. amq_bloom_words(nblocks * 256) - 1), (char *)x + (0 .. xlen - 1));
    requires batch:         SBK_BATCH_ARGS;
    requires sep_rows:      \separated(bits + (0 .. amq_bloom_words(nblocks * 256) - 1), keys + (0 .. count - 1),
                                       lens + (0 .. count - 1));
    requires i_range:       i < count;
    requires is_x:          keys[i] == x && lens[i] == xlen;
    assigns bits[0 .. amq_bloom_words(nblocks * 256) - 1], results[0 .. count - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_split_block_key_batch_nfn(uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *x, size_t xlen,
                                        const void *const *keys, const size_t *lens, size_t count, int *results,
                                        size_t i)
{
    const amq_status added = amq_split_block_key_add(bits, nblocks, seed, x, xlen);
    amq_split_block_key_query_batch(bits, nblocks, seed, keys, lens, count, results);
    return (added == AMQ_OK) & (results[i] == 1); /* no branch: both calls are proved, none is dead code */
}
