/* The theorem drivers of proofs/counting_nfn_driver.c for one counter width, AMQ_CW (4 or 8):
 * that file includes this text once per width (no include guard, on purpose), as
 * lib_internal/counting_kernel.h does with the kernels' contracts. */
#if !defined(AMQ_CW) || (AMQ_CW != 4 && AMQ_CW != 8)
#error "proofs/counting_nfn_w.h: define AMQ_CW to 4 or 8"
#endif

int AMQ_CW_FN2(amq_proof_counting, _insert_query)(uint8_t *c, uint64_t m, const uint64_t *x, size_t k);
int AMQ_CW_FN2(amq_proof_counting, _query_preserved)(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                                                     const uint64_t *j, size_t kj);
int AMQ_CW_FN2(amq_proof_counting, _nfn)(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                                         const uint64_t *const *rows, size_t count);

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, m);
    requires sep_x:      \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), x + (0 .. k - 1));
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures inserted_found: \result == 1;
*/
int AMQ_CW_FN2(amq_proof_counting, _insert_query)(uint8_t *c, uint64_t m, const uint64_t *x, size_t k)
{
    AMQ_CW_FN(amq_counting_kernel_add)(c, m, x, k);
    return AMQ_CW_FN(amq_counting_kernel_query)(c, m, x, k);
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, m);
    requires j_valid:    \valid_read(j + (0 .. kj - 1));
    requires j_range:    amq_bloom_in_range(j, kj, m);
    requires sep_x:      \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), x + (0 .. k - 1));
    requires sep_j:      \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), j + (0 .. kj - 1));
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures preserved:   \result == 1;
*/
int AMQ_CW_FN2(amq_proof_counting, _query_preserved)(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                                                     const uint64_t *j, size_t kj)
{
    int before = AMQ_CW_FN(amq_counting_kernel_query)(c, m, j, kj);
    AMQ_CW_FN(amq_counting_kernel_add)(c, m, x, k);
    int after = AMQ_CW_FN(amq_counting_kernel_query)(c, m, j, kj);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, m);
    requires rows_valid: \valid_read(rows + (0 .. count - 1));
    requires row_valid:  \forall integer r; 0 <= r < count ==> \valid_read(rows[r] + (0 .. k - 1));
    requires row_range:  \forall integer r; 0 <= r < count ==> amq_bloom_in_range(rows[r], k, m);
    requires sep_x:      \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), x + (0 .. k - 1));
    requires sep_rows:   \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), rows + (0 .. count - 1));
    requires sep_row:    \forall integer r; 0 <= r < count ==>
                           \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), rows[r] + (0 .. k - 1));
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures no_false_negative: \result == 1;
*/
int AMQ_CW_FN2(amq_proof_counting, _nfn)(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                                         const uint64_t *const *rows, size_t count)
{
    AMQ_CW_FN(amq_counting_kernel_add)(c, m, x, k);
    /*@ loop invariant bounds:    0 <= r <= count;
        loop invariant x_present: amq_counting_present(c, AMQ_CW, x, k);
        loop assigns r, c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++) {
        //@ ghost Before: ;
        AMQ_CW_FN(amq_counting_kernel_add)(c, m, rows[r], k);
        /*@ assert grown: \forall integer t; 0 <= t < k ==>
              amq_counting_cell(c, AMQ_CW, x[t]) >= amq_counting_cell{Before}(c, AMQ_CW, x[t]); */
    }
    return AMQ_CW_FN(amq_counting_kernel_query)(c, m, x, k);
}
