/* Theorem drivers for the Bloom kernel (lib_internal/bloom_kernel.h). Not part of the
 * library: WP proves these bodies against the kernel's contracts, and the same
 * frama-c run proves those contracts on the compiled src/bloom_kernel.c.
 *
 *   amq_proof_bloom_insert_query:   add(x); query(x) == 1.
 *   amq_proof_bloom_query_preserved: query(j) == 1 before add(x) ==> query(j) == 1 after.
 *   amq_proof_bloom_nfn:            no false negatives, Ceramist Theorem 3/7:
 *                                   add(x), then add any number of further index
 *                                   vectors, then query(x) == 1.
 * Index vectors may repeat indices and may equal each other or x. */
#include <lib_internal/bloom_kernel.h>

int amq_proof_bloom_insert_query(uint64_t *bits, uint64_t m, const uint64_t *x, size_t k);
int amq_proof_bloom_query_preserved(uint64_t *bits, uint64_t m, const uint64_t *x, size_t k,
                                    const uint64_t *j, size_t kj);
int amq_proof_bloom_nfn(uint64_t *bits, uint64_t m, const uint64_t *x, size_t k,
                        const uint64_t *const *rows, size_t count);

/*@ requires m_pos:      m >= 1;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, m);
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(m) - 1), x + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_bloom_insert_query(uint64_t *bits, uint64_t m, const uint64_t *x, size_t k)
{
    amq_bloom_kernel_add(bits, m, x, k);
    return amq_bloom_kernel_query(bits, m, x, k);
}

/*@ requires m_pos:      m >= 1;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, m);
    requires j_valid:    \valid_read(j + (0 .. kj - 1));
    requires j_range:    amq_bloom_in_range(j, kj, m);
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(m) - 1), x + (0 .. k - 1));
    requires sep_j:      \separated(bits + (0 .. amq_bloom_words(m) - 1), j + (0 .. kj - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures preserved:   \result == 1;
*/
int amq_proof_bloom_query_preserved(uint64_t *bits, uint64_t m, const uint64_t *x, size_t k,
                                    const uint64_t *j, size_t kj)
{
    int before = amq_bloom_kernel_query(bits, m, j, kj);
    amq_bloom_kernel_add(bits, m, x, k);
    int after = amq_bloom_kernel_query(bits, m, j, kj);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 (no branch) */
}

/*@ requires m_pos:       m >= 1;
    requires bits_valid:  \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:     \valid_read(x + (0 .. k - 1));
    requires x_range:     amq_bloom_in_range(x, k, m);
    requires rows_valid:  \valid_read(rows + (0 .. count - 1));
    requires row_valid:   \forall integer r; 0 <= r < count ==> \valid_read(rows[r] + (0 .. k - 1));
    requires row_range:   \forall integer r; 0 <= r < count ==> amq_bloom_in_range(rows[r], k, m);
    requires sep_x:       \separated(bits + (0 .. amq_bloom_words(m) - 1), x + (0 .. k - 1));
    requires sep_rows:    \separated(bits + (0 .. amq_bloom_words(m) - 1), rows + (0 .. count - 1));
    requires sep_row:     \forall integer r; 0 <= r < count ==>
                            \separated(bits + (0 .. amq_bloom_words(m) - 1), rows[r] + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_bloom_nfn(uint64_t *bits, uint64_t m, const uint64_t *x, size_t k,
                        const uint64_t *const *rows, size_t count)
{
    amq_bloom_kernel_add(bits, m, x, k);
    /*@ loop invariant bounds: 0 <= r <= count;
        loop invariant x_set:  amq_bloom_all_set(bits, x, k);
        loop assigns r, bits[0 .. amq_bloom_words(m) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++)
        amq_bloom_kernel_add(bits, m, rows[r], k);
    return amq_bloom_kernel_query(bits, m, x, k);
}
