/* The theorem drivers of proofs/blocked_counting_driver.c for one counter width, AMQ_CW
 * (4 or 8): that file includes this text once per width (no include guard, on purpose). */
#if !defined(AMQ_CW) || (AMQ_CW != 4 && AMQ_CW != 8)
#error "proofs/blocked_counting_w.h: define AMQ_CW to 4 or 8"
#endif

int AMQ_CW_FN2(amq_proof_counting_blocked, _insert_query)(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                                  const uint64_t *x, size_t k);
int AMQ_CW_FN2(amq_proof_counting_blocked, _nfn)(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t nblocks, uint64_t bx,
                                         const uint64_t *x, size_t k, const uint64_t *blocks,
                                         const uint64_t *const *rows, size_t count);
int AMQ_CW_FN2(amq_proof_counting_blocked, _query_preserved)(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                                     const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j,
                                                     size_t kj);
int AMQ_CW_FN2(amq_proof_counting_blocked, _other_block)(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                                 const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j,
                                                 size_t kj);

/*@ requires k_max:     k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window:    bx * bsize + bsize <= m;
    requires c_valid:   \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires x_valid:   \valid_read(x + (0 .. k - 1));
    requires x_range:   amq_bloom_in_range(x, k, bsize);
    requires sep_x:     \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), x + (0 .. k - 1));
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures inserted_found: \result == 1;
*/
int AMQ_CW_FN2(amq_proof_counting_blocked, _insert_query)(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                                  const uint64_t *x, size_t k)
{
    AMQ_CW_FN(amq_counting_blocked_kernel_add)(c, m, bsize, bx, x, k);
    return AMQ_CW_FN(amq_counting_blocked_kernel_query)(c, m, bsize, bx, x, k);
}

/*@ requires k_max:       k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos:   bsize >= 1;
    requires blocks_fit:  nblocks * bsize <= m;
    requires bx_range:    bx < nblocks;
    requires c_valid:     \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires x_valid:     \valid_read(x + (0 .. k - 1));
    requires x_range:     amq_bloom_in_range(x, k, bsize);
    requires blocks_valid: \valid_read(blocks + (0 .. count - 1));
    requires blocks_range: amq_bloom_in_range(blocks, count, nblocks);
    requires rows_valid:  \valid_read(rows + (0 .. count - 1));
    requires row_valid:   \forall integer r; 0 <= r < count ==> \valid_read(rows[r] + (0 .. k - 1));
    requires row_range:   \forall integer r; 0 <= r < count ==> amq_bloom_in_range(rows[r], k, bsize);
    requires sep_x:       \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), x + (0 .. k - 1));
    requires sep_blocks:  \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), blocks + (0 .. count - 1));
    requires sep_rows:    \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), rows + (0 .. count - 1));
    requires sep_row:     \forall integer r; 0 <= r < count ==>
                            \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), rows[r] + (0 .. k - 1));
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures no_false_negative: \result == 1;
*/
int AMQ_CW_FN2(amq_proof_counting_blocked, _nfn)(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t nblocks, uint64_t bx,
                                         const uint64_t *x, size_t k, const uint64_t *blocks,
                                         const uint64_t *const *rows, size_t count)
{
    uint64_t gx[AMQ_BLOCKED_MAX_K];
    (void)nblocks; /* bounds the blocks: for the contract */
    //@ ghost amq_blocked_block_fits(bx, nblocks, bsize);
    amq_blocked_kernel_indices(gx, bsize, bx, x, k);
    AMQ_CW_FN(amq_counting_blocked_kernel_add)(c, m, bsize, bx, x, k);
    /*@ assert shifted0: amq_blocked_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert x_set0:   amq_counting_present(c, AMQ_CW, &gx[0], k); */
    /*@ loop invariant bounds: 0 <= r <= count;
        loop invariant x_set:  amq_counting_present(c, AMQ_CW, &gx[0], k);
        loop assigns r, c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++) {
        const uint64_t b = blocks[r];
        //@ ghost amq_blocked_block_fits(b, nblocks, bsize);
        AMQ_CW_FN(amq_counting_blocked_kernel_add)(c, m, bsize, b, rows[r], k);
    }
    /*@ assert shifted: amq_blocked_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert x_blk:   amq_blocked_counting_present(c, AMQ_CW, bx * bsize, x, k); */
    return AMQ_CW_FN(amq_counting_blocked_kernel_query)(c, m, bsize, bx, x, k);
}

/*@ requires k_max:     k <= AMQ_BLOCKED_MAX_K && kj <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window_x:  bx * bsize + bsize <= m;
    requires window_j:  bj * bsize + bsize <= m;
    requires c_valid:   \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires x_valid:   \valid_read(x + (0 .. k - 1));
    requires x_range:   amq_bloom_in_range(x, k, bsize);
    requires j_valid:   \valid_read(j + (0 .. kj - 1));
    requires j_range:   amq_bloom_in_range(j, kj, bsize);
    requires sep_x:     \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), x + (0 .. k - 1));
    requires sep_j:     \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), j + (0 .. kj - 1));
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures preserved: \result == 1;
*/
int AMQ_CW_FN2(amq_proof_counting_blocked, _query_preserved)(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                                     const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j,
                                                     size_t kj)
{
    uint64_t gx[AMQ_BLOCKED_MAX_K];
    /*@ assert nonneg: bx * bsize >= 0; */
    amq_blocked_kernel_indices(gx, bsize, bx, x, k);
    int before = AMQ_CW_FN(amq_counting_blocked_kernel_query)(c, m, bsize, bx, x, k);
    /*@ assert shifted0: amq_blocked_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert before0: before == 1 <==> amq_blocked_counting_present(c, AMQ_CW, bx * bsize, x, k); */
    /*@ assert before: before == 1 <==> amq_counting_present(c, AMQ_CW, &gx[0], k); */
    AMQ_CW_FN(amq_counting_blocked_kernel_add)(c, m, bsize, bj, j, kj);
    /*@ assert kept: before == 1 ==> amq_counting_present(c, AMQ_CW, &gx[0], k); */
    /*@ assert shifted: amq_blocked_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert after: amq_counting_present(c, AMQ_CW, &gx[0], k) ==> amq_blocked_counting_present(c, AMQ_CW, bx * bsize, x, k); */
    int after = AMQ_CW_FN(amq_counting_blocked_kernel_query)(c, m, bsize, bx, x, k);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires k_max:     k <= AMQ_BLOCKED_MAX_K && kj <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window_x:  bx * bsize + bsize <= m;
    requires window_j:  bj * bsize + bsize <= m;
    requires other:     bj != bx;
    requires c_valid:   \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires x_valid:   \valid_read(x + (0 .. k - 1));
    requires x_range:   amq_bloom_in_range(x, k, bsize);
    requires j_valid:   \valid_read(j + (0 .. kj - 1));
    requires j_range:   amq_bloom_in_range(j, kj, bsize);
    requires sep_x:     \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), x + (0 .. k - 1));
    requires sep_j:     \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), j + (0 .. kj - 1));
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures block_kept: \forall integer q; 0 <= q < bsize ==>
                          amq_counting_cell{Post}(c, AMQ_CW, bx * bsize + q) == amq_counting_cell{Pre}(c, AMQ_CW, bx * bsize + q);
    ensures same_answer: \result == 1;
*/
int AMQ_CW_FN2(amq_proof_counting_blocked, _other_block)(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                                 const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j,
                                                 size_t kj)
{
    uint64_t gx[AMQ_BLOCKED_MAX_K];
    //@ ghost amq_blocked_blocks_apart(bx, bj, bsize);
    /*@ assert nonneg: bx * bsize >= 0; */
    amq_blocked_kernel_indices(gx, bsize, bx, x, k);
    int before = AMQ_CW_FN(amq_counting_blocked_kernel_query)(c, m, bsize, bx, x, k);
    /*@ assert shifted0: amq_blocked_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert before0: before == 1 <==> amq_blocked_counting_present(c, AMQ_CW, bx * bsize, x, k); */
    /*@ assert before: before == 1 <==> amq_counting_present(c, AMQ_CW, &gx[0], k); */
    //@ ghost Before: ;
    AMQ_CW_FN(amq_counting_blocked_kernel_add)(c, m, bsize, bj, j, kj);
    (void)AMQ_CW_FN(amq_counting_blocked_kernel_remove)(c, m, bsize, bj, j, kj);
    /*@ assert kept: \forall integer p; bx * bsize <= p < bx * bsize + bsize ==>
          amq_counting_cell(c, AMQ_CW, p) == amq_counting_cell{Before}(c, AMQ_CW, p); */
    /*@ assert same: amq_counting_present{Before}(c, AMQ_CW, &gx[0], k) <==> amq_counting_present(c, AMQ_CW, &gx[0], k); */
    /*@ assert shifted: amq_blocked_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert after: amq_counting_present(c, AMQ_CW, &gx[0], k) <==> amq_blocked_counting_present(c, AMQ_CW, bx * bsize, x, k); */
    int after = AMQ_CW_FN(amq_counting_blocked_kernel_query)(c, m, bsize, bx, x, k);
    return before == after;
}
