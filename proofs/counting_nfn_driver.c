/* Theorem drivers for the counting Bloom kernel (internal/counting_kernel.h), both counter
 * widths.  Not part of the library: WP proves these bodies against the kernel's contracts,
 * and the same frama-c run proves those contracts on the compiled src/counting_kernel.c.
 *
 *   amq_proof_countingN_insert_query:    Ceramist Property 3: add(x); query(x) == 1.
 *   amq_proof_countingN_query_preserved: Property 4: query(j) == 1 before add(x)
 *                                        ==> query(j) == 1 after.
 *   amq_proof_countingN_nfn:             no false negatives, Theorem 7: add(x), then add
 *                                        any number of further index vectors, then
 *                                        query(x) == 1.
 * No precondition on counter values: counters may be saturated, index vectors may repeat
 * indices and may equal each other or x. */
#include <internal/counting_kernel.h>

/* ---- 8-bit counters ---- */

int amq_proof_counting8_insert_query(uint8_t *c, uint64_t m, const uint64_t *x, size_t k);
int amq_proof_counting8_query_preserved(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                                        const uint64_t *j, size_t kj);
int amq_proof_counting8_nfn(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                            const uint64_t *const *rows, size_t count);

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires sep_x:      \separated(c + (0 .. amq_cbytes(8, m) - 1), x + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(8, m) - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_counting8_insert_query(uint8_t *c, uint64_t m, const uint64_t *x, size_t k)
{
    amq_counting_kernel_add8(c, m, x, k);
    return amq_counting_kernel_query8(c, m, x, k);
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires j_valid:    \valid_read(j + (0 .. kj - 1));
    requires j_range:    amq_in_range(j, kj, m);
    requires sep_x:      \separated(c + (0 .. amq_cbytes(8, m) - 1), x + (0 .. k - 1));
    requires sep_j:      \separated(c + (0 .. amq_cbytes(8, m) - 1), j + (0 .. kj - 1));
    assigns c[0 .. amq_cbytes(8, m) - 1];
    ensures preserved:   \result == 1;
*/
int amq_proof_counting8_query_preserved(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                                        const uint64_t *j, size_t kj)
{
    int before = amq_counting_kernel_query8(c, m, j, kj);
    amq_counting_kernel_add8(c, m, x, k);
    int after = amq_counting_kernel_query8(c, m, j, kj);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires rows_valid: \valid_read(rows + (0 .. count - 1));
    requires row_valid:  \forall integer r; 0 <= r < count ==> \valid_read(rows[r] + (0 .. k - 1));
    requires row_range:  \forall integer r; 0 <= r < count ==> amq_in_range(rows[r], k, m);
    requires sep_x:      \separated(c + (0 .. amq_cbytes(8, m) - 1), x + (0 .. k - 1));
    requires sep_rows:   \separated(c + (0 .. amq_cbytes(8, m) - 1), rows + (0 .. count - 1));
    requires sep_row:    \forall integer r; 0 <= r < count ==>
                           \separated(c + (0 .. amq_cbytes(8, m) - 1), rows[r] + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(8, m) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_counting8_nfn(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                            const uint64_t *const *rows, size_t count)
{
    amq_counting_kernel_add8(c, m, x, k);
    /*@ loop invariant bounds:    0 <= r <= count;
        loop invariant x_present: amq_cpresent(c, 8, x, k);
        loop assigns r, c[0 .. amq_cbytes(8, m) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++) {
        //@ ghost Before: ;
        amq_counting_kernel_add8(c, m, rows[r], k);
        /*@ assert grown: \forall integer t; 0 <= t < k ==>
              amq_cnt(c, 8, x[t]) >= amq_cnt{Before}(c, 8, x[t]); */
    }
    return amq_counting_kernel_query8(c, m, x, k);
}

/* ---- 4-bit counters ---- */

int amq_proof_counting4_insert_query(uint8_t *c, uint64_t m, const uint64_t *x, size_t k);
int amq_proof_counting4_query_preserved(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                                        const uint64_t *j, size_t kj);
int amq_proof_counting4_nfn(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                            const uint64_t *const *rows, size_t count);

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires sep_x:      \separated(c + (0 .. amq_cbytes(4, m) - 1), x + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_counting4_insert_query(uint8_t *c, uint64_t m, const uint64_t *x, size_t k)
{
    amq_counting_kernel_add4(c, m, x, k);
    return amq_counting_kernel_query4(c, m, x, k);
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires j_valid:    \valid_read(j + (0 .. kj - 1));
    requires j_range:    amq_in_range(j, kj, m);
    requires sep_x:      \separated(c + (0 .. amq_cbytes(4, m) - 1), x + (0 .. k - 1));
    requires sep_j:      \separated(c + (0 .. amq_cbytes(4, m) - 1), j + (0 .. kj - 1));
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures preserved:   \result == 1;
*/
int amq_proof_counting4_query_preserved(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                                        const uint64_t *j, size_t kj)
{
    int before = amq_counting_kernel_query4(c, m, j, kj);
    amq_counting_kernel_add4(c, m, x, k);
    int after = amq_counting_kernel_query4(c, m, j, kj);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires rows_valid: \valid_read(rows + (0 .. count - 1));
    requires row_valid:  \forall integer r; 0 <= r < count ==> \valid_read(rows[r] + (0 .. k - 1));
    requires row_range:  \forall integer r; 0 <= r < count ==> amq_in_range(rows[r], k, m);
    requires sep_x:      \separated(c + (0 .. amq_cbytes(4, m) - 1), x + (0 .. k - 1));
    requires sep_rows:   \separated(c + (0 .. amq_cbytes(4, m) - 1), rows + (0 .. count - 1));
    requires sep_row:    \forall integer r; 0 <= r < count ==>
                           \separated(c + (0 .. amq_cbytes(4, m) - 1), rows[r] + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_counting4_nfn(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                            const uint64_t *const *rows, size_t count)
{
    amq_counting_kernel_add4(c, m, x, k);
    /*@ loop invariant bounds:    0 <= r <= count;
        loop invariant x_present: amq_cpresent(c, 4, x, k);
        loop assigns r, c[0 .. amq_cbytes(4, m) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++) {
        //@ ghost Before: ;
        amq_counting_kernel_add4(c, m, rows[r], k);
        /*@ assert grown: \forall integer t; 0 <= t < k ==>
              amq_cnt(c, 4, x[t]) >= amq_cnt{Before}(c, 4, x[t]); */
    }
    return amq_counting_kernel_query4(c, m, x, k);
}
