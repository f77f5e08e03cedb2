/* Theorem drivers for the counting blocked kernels (internal/blocked_kernel.h), both counter
 * widths.  Not part of the library: WP proves these bodies against the kernels'
 * contracts, and the same frama-c run proves those contracts on the compiled
 * src/blocked_kernel.c on top of the counting kernel's (src/counting_kernel.c).
 *
 *   *_insert_query:  add(x); query(x) == 1.
 *   *_query_preserved: query(bx, x) == 1 before an add in any block bj (bj == bx, and
 *                    j == x, allowed) ==> query(bx, x) == 1 after (Ceramist Property 4).
 *   *_nfn:           no false negatives (Ceramist Theorem 7 for the counting blocked AMQ):
 *                    add(x), then any number of further adds (any blocks), then
 *                    query(x) == 1.  No precondition on counter values: saturation is
 *                    sticky.
 *   *_other_block:   a query depends only on its own block: an add AND a remove (refused
 *                    or not) in another block leave query(x) unchanged.
 * Index vectors may repeat indices and may equal each other or x; blocks may repeat.
 * As in proofs/blocked_bloom_driver.c, invariants are carried on the key's translated
 * vector (amq_blocked_kernel_indices), where the counting kernel's logic applies. */
#include <internal/blocked_kernel.h>
#include "blocked_driver_ghost.h"

/* ================= 8-bit counters ================= */

int amq_proof_cblocked8_insert_query(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                     const uint64_t *x, size_t k);
int amq_proof_cblocked8_nfn(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t nblocks, uint64_t bx,
                            const uint64_t *x, size_t k, const uint64_t *blocks,
                            const uint64_t *const *rows, size_t count);
int amq_proof_cblocked8_query_preserved(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                        const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j,
                                        size_t kj);
int amq_proof_cblocked8_other_block(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                    const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j,
                                    size_t kj);

/*@ requires k_max:     k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window:    bx * bsize + bsize <= m;
    requires c_valid:   \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires x_valid:   \valid_read(x + (0 .. k - 1));
    requires x_range:   amq_in_range(x, k, bsize);
    requires sep_x:     \separated(c + (0 .. amq_cbytes(8, m) - 1), x + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(8, m) - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_cblocked8_insert_query(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                     const uint64_t *x, size_t k)
{
    amq_counting_blocked_kernel_add8(c, m, bsize, bx, x, k);
    return amq_counting_blocked_kernel_query8(c, m, bsize, bx, x, k);
}

/*@ requires k_max:       k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos:   bsize >= 1;
    requires blocks_fit:  nblocks * bsize <= m;
    requires bx_range:    bx < nblocks;
    requires c_valid:     \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires x_valid:     \valid_read(x + (0 .. k - 1));
    requires x_range:     amq_in_range(x, k, bsize);
    requires blocks_valid: \valid_read(blocks + (0 .. count - 1));
    requires blocks_range: amq_in_range(blocks, count, nblocks);
    requires rows_valid:  \valid_read(rows + (0 .. count - 1));
    requires row_valid:   \forall integer r; 0 <= r < count ==> \valid_read(rows[r] + (0 .. k - 1));
    requires row_range:   \forall integer r; 0 <= r < count ==> amq_in_range(rows[r], k, bsize);
    requires sep_x:       \separated(c + (0 .. amq_cbytes(8, m) - 1), x + (0 .. k - 1));
    requires sep_blocks:  \separated(c + (0 .. amq_cbytes(8, m) - 1), blocks + (0 .. count - 1));
    requires sep_rows:    \separated(c + (0 .. amq_cbytes(8, m) - 1), rows + (0 .. count - 1));
    requires sep_row:     \forall integer r; 0 <= r < count ==>
                            \separated(c + (0 .. amq_cbytes(8, m) - 1), rows[r] + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(8, m) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_cblocked8_nfn(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t nblocks, uint64_t bx,
                            const uint64_t *x, size_t k, const uint64_t *blocks,
                            const uint64_t *const *rows, size_t count)
{
    uint64_t gx[AMQ_BLOCKED_MAX_K];
    (void)nblocks; /* bounds the blocks: for the contract */
    //@ ghost amq_block_fits(bx, nblocks, bsize);
    amq_blocked_kernel_indices(gx, bsize, bx, x, k);
    amq_counting_blocked_kernel_add8(c, m, bsize, bx, x, k);
    /*@ assert shifted0: amq_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert x_set0:   amq_cpresent(c, 8, &gx[0], k); */
    /*@ loop invariant bounds: 0 <= r <= count;
        loop invariant x_set:  amq_cpresent(c, 8, &gx[0], k);
        loop assigns r, c[0 .. amq_cbytes(8, m) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++) {
        const uint64_t b = blocks[r];
        //@ ghost amq_block_fits(b, nblocks, bsize);
        amq_counting_blocked_kernel_add8(c, m, bsize, b, rows[r], k);
    }
    /*@ assert shifted: amq_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert x_blk:   amq_blk_cpresent(c, 8, bx * bsize, x, k); */
    return amq_counting_blocked_kernel_query8(c, m, bsize, bx, x, k);
}

/*@ requires k_max:     k <= AMQ_BLOCKED_MAX_K && kj <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window_x:  bx * bsize + bsize <= m;
    requires window_j:  bj * bsize + bsize <= m;
    requires c_valid:   \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires x_valid:   \valid_read(x + (0 .. k - 1));
    requires x_range:   amq_in_range(x, k, bsize);
    requires j_valid:   \valid_read(j + (0 .. kj - 1));
    requires j_range:   amq_in_range(j, kj, bsize);
    requires sep_x:     \separated(c + (0 .. amq_cbytes(8, m) - 1), x + (0 .. k - 1));
    requires sep_j:     \separated(c + (0 .. amq_cbytes(8, m) - 1), j + (0 .. kj - 1));
    assigns c[0 .. amq_cbytes(8, m) - 1];
    ensures preserved: \result == 1;
*/
int amq_proof_cblocked8_query_preserved(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                        const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j,
                                        size_t kj)
{
    uint64_t gx[AMQ_BLOCKED_MAX_K];
    /*@ assert nonneg: bx * bsize >= 0; */
    amq_blocked_kernel_indices(gx, bsize, bx, x, k);
    int before = amq_counting_blocked_kernel_query8(c, m, bsize, bx, x, k);
    /*@ assert shifted0: amq_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert before0: before == 1 <==> amq_blk_cpresent(c, 8, bx * bsize, x, k); */
    /*@ assert before: before == 1 <==> amq_cpresent(c, 8, &gx[0], k); */
    amq_counting_blocked_kernel_add8(c, m, bsize, bj, j, kj);
    /*@ assert kept: before == 1 ==> amq_cpresent(c, 8, &gx[0], k); */
    /*@ assert shifted: amq_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert after: amq_cpresent(c, 8, &gx[0], k) ==> amq_blk_cpresent(c, 8, bx * bsize, x, k); */
    int after = amq_counting_blocked_kernel_query8(c, m, bsize, bx, x, k);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires k_max:     k <= AMQ_BLOCKED_MAX_K && kj <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window_x:  bx * bsize + bsize <= m;
    requires window_j:  bj * bsize + bsize <= m;
    requires other:     bj != bx;
    requires c_valid:   \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires x_valid:   \valid_read(x + (0 .. k - 1));
    requires x_range:   amq_in_range(x, k, bsize);
    requires j_valid:   \valid_read(j + (0 .. kj - 1));
    requires j_range:   amq_in_range(j, kj, bsize);
    requires sep_x:     \separated(c + (0 .. amq_cbytes(8, m) - 1), x + (0 .. k - 1));
    requires sep_j:     \separated(c + (0 .. amq_cbytes(8, m) - 1), j + (0 .. kj - 1));
    assigns c[0 .. amq_cbytes(8, m) - 1];
    ensures block_kept: \forall integer q; 0 <= q < bsize ==>
                          amq_cnt{Post}(c, 8, bx * bsize + q) == amq_cnt{Pre}(c, 8, bx * bsize + q);
    ensures same_answer: \result == 1;
*/
int amq_proof_cblocked8_other_block(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                    const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j,
                                    size_t kj)
{
    uint64_t gx[AMQ_BLOCKED_MAX_K];
    //@ ghost amq_blocks_apart(bx, bj, bsize);
    /*@ assert nonneg: bx * bsize >= 0; */
    amq_blocked_kernel_indices(gx, bsize, bx, x, k);
    int before = amq_counting_blocked_kernel_query8(c, m, bsize, bx, x, k);
    /*@ assert shifted0: amq_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert before0: before == 1 <==> amq_blk_cpresent(c, 8, bx * bsize, x, k); */
    /*@ assert before: before == 1 <==> amq_cpresent(c, 8, &gx[0], k); */
    //@ ghost Before: ;
    amq_counting_blocked_kernel_add8(c, m, bsize, bj, j, kj);
    (void)amq_counting_blocked_kernel_remove8(c, m, bsize, bj, j, kj);
    /*@ assert kept: \forall integer p; bx * bsize <= p < bx * bsize + bsize ==>
          amq_cnt(c, 8, p) == amq_cnt{Before}(c, 8, p); */
    /*@ assert same: amq_cpresent{Before}(c, 8, &gx[0], k) <==> amq_cpresent(c, 8, &gx[0], k); */
    /*@ assert shifted: amq_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert after: amq_cpresent(c, 8, &gx[0], k) <==> amq_blk_cpresent(c, 8, bx * bsize, x, k); */
    int after = amq_counting_blocked_kernel_query8(c, m, bsize, bx, x, k);
    return before == after;
}

/* ================= 4-bit counters ================= */

int amq_proof_cblocked4_insert_query(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                     const uint64_t *x, size_t k);
int amq_proof_cblocked4_nfn(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t nblocks, uint64_t bx,
                            const uint64_t *x, size_t k, const uint64_t *blocks,
                            const uint64_t *const *rows, size_t count);
int amq_proof_cblocked4_query_preserved(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                        const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j,
                                        size_t kj);
int amq_proof_cblocked4_other_block(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                    const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j,
                                    size_t kj);

/*@ requires k_max:     k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window:    bx * bsize + bsize <= m;
    requires c_valid:   \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires x_valid:   \valid_read(x + (0 .. k - 1));
    requires x_range:   amq_in_range(x, k, bsize);
    requires sep_x:     \separated(c + (0 .. amq_cbytes(4, m) - 1), x + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_cblocked4_insert_query(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                     const uint64_t *x, size_t k)
{
    amq_counting_blocked_kernel_add4(c, m, bsize, bx, x, k);
    return amq_counting_blocked_kernel_query4(c, m, bsize, bx, x, k);
}

/*@ requires k_max:       k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos:   bsize >= 1;
    requires blocks_fit:  nblocks * bsize <= m;
    requires bx_range:    bx < nblocks;
    requires c_valid:     \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires x_valid:     \valid_read(x + (0 .. k - 1));
    requires x_range:     amq_in_range(x, k, bsize);
    requires blocks_valid: \valid_read(blocks + (0 .. count - 1));
    requires blocks_range: amq_in_range(blocks, count, nblocks);
    requires rows_valid:  \valid_read(rows + (0 .. count - 1));
    requires row_valid:   \forall integer r; 0 <= r < count ==> \valid_read(rows[r] + (0 .. k - 1));
    requires row_range:   \forall integer r; 0 <= r < count ==> amq_in_range(rows[r], k, bsize);
    requires sep_x:       \separated(c + (0 .. amq_cbytes(4, m) - 1), x + (0 .. k - 1));
    requires sep_blocks:  \separated(c + (0 .. amq_cbytes(4, m) - 1), blocks + (0 .. count - 1));
    requires sep_rows:    \separated(c + (0 .. amq_cbytes(4, m) - 1), rows + (0 .. count - 1));
    requires sep_row:     \forall integer r; 0 <= r < count ==>
                            \separated(c + (0 .. amq_cbytes(4, m) - 1), rows[r] + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_cblocked4_nfn(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t nblocks, uint64_t bx,
                            const uint64_t *x, size_t k, const uint64_t *blocks,
                            const uint64_t *const *rows, size_t count)
{
    uint64_t gx[AMQ_BLOCKED_MAX_K];
    (void)nblocks; /* bounds the blocks: for the contract */
    //@ ghost amq_block_fits(bx, nblocks, bsize);
    amq_blocked_kernel_indices(gx, bsize, bx, x, k);
    amq_counting_blocked_kernel_add4(c, m, bsize, bx, x, k);
    /*@ assert shifted0: amq_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert x_set0:   amq_cpresent(c, 4, &gx[0], k); */
    /*@ loop invariant bounds: 0 <= r <= count;
        loop invariant x_set:  amq_cpresent(c, 4, &gx[0], k);
        loop assigns r, c[0 .. amq_cbytes(4, m) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++) {
        const uint64_t b = blocks[r];
        //@ ghost amq_block_fits(b, nblocks, bsize);
        amq_counting_blocked_kernel_add4(c, m, bsize, b, rows[r], k);
    }
    /*@ assert shifted: amq_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert x_blk:   amq_blk_cpresent(c, 4, bx * bsize, x, k); */
    return amq_counting_blocked_kernel_query4(c, m, bsize, bx, x, k);
}

/*@ requires k_max:     k <= AMQ_BLOCKED_MAX_K && kj <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window_x:  bx * bsize + bsize <= m;
    requires window_j:  bj * bsize + bsize <= m;
    requires c_valid:   \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires x_valid:   \valid_read(x + (0 .. k - 1));
    requires x_range:   amq_in_range(x, k, bsize);
    requires j_valid:   \valid_read(j + (0 .. kj - 1));
    requires j_range:   amq_in_range(j, kj, bsize);
    requires sep_x:     \separated(c + (0 .. amq_cbytes(4, m) - 1), x + (0 .. k - 1));
    requires sep_j:     \separated(c + (0 .. amq_cbytes(4, m) - 1), j + (0 .. kj - 1));
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures preserved: \result == 1;
*/
int amq_proof_cblocked4_query_preserved(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                        const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j,
                                        size_t kj)
{
    uint64_t gx[AMQ_BLOCKED_MAX_K];
    /*@ assert nonneg: bx * bsize >= 0; */
    amq_blocked_kernel_indices(gx, bsize, bx, x, k);
    int before = amq_counting_blocked_kernel_query4(c, m, bsize, bx, x, k);
    /*@ assert shifted0: amq_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert before0: before == 1 <==> amq_blk_cpresent(c, 4, bx * bsize, x, k); */
    /*@ assert before: before == 1 <==> amq_cpresent(c, 4, &gx[0], k); */
    amq_counting_blocked_kernel_add4(c, m, bsize, bj, j, kj);
    /*@ assert kept: before == 1 ==> amq_cpresent(c, 4, &gx[0], k); */
    /*@ assert shifted: amq_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert after: amq_cpresent(c, 4, &gx[0], k) ==> amq_blk_cpresent(c, 4, bx * bsize, x, k); */
    int after = amq_counting_blocked_kernel_query4(c, m, bsize, bx, x, k);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires k_max:     k <= AMQ_BLOCKED_MAX_K && kj <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window_x:  bx * bsize + bsize <= m;
    requires window_j:  bj * bsize + bsize <= m;
    requires other:     bj != bx;
    requires c_valid:   \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires x_valid:   \valid_read(x + (0 .. k - 1));
    requires x_range:   amq_in_range(x, k, bsize);
    requires j_valid:   \valid_read(j + (0 .. kj - 1));
    requires j_range:   amq_in_range(j, kj, bsize);
    requires sep_x:     \separated(c + (0 .. amq_cbytes(4, m) - 1), x + (0 .. k - 1));
    requires sep_j:     \separated(c + (0 .. amq_cbytes(4, m) - 1), j + (0 .. kj - 1));
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures block_kept: \forall integer q; 0 <= q < bsize ==>
                          amq_cnt{Post}(c, 4, bx * bsize + q) == amq_cnt{Pre}(c, 4, bx * bsize + q);
    ensures same_answer: \result == 1;
*/
int amq_proof_cblocked4_other_block(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t bx,
                                    const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j,
                                    size_t kj)
{
    uint64_t gx[AMQ_BLOCKED_MAX_K];
    //@ ghost amq_blocks_apart(bx, bj, bsize);
    /*@ assert nonneg: bx * bsize >= 0; */
    amq_blocked_kernel_indices(gx, bsize, bx, x, k);
    int before = amq_counting_blocked_kernel_query4(c, m, bsize, bx, x, k);
    /*@ assert shifted0: amq_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert before0: before == 1 <==> amq_blk_cpresent(c, 4, bx * bsize, x, k); */
    /*@ assert before: before == 1 <==> amq_cpresent(c, 4, &gx[0], k); */
    //@ ghost Before: ;
    amq_counting_blocked_kernel_add4(c, m, bsize, bj, j, kj);
    (void)amq_counting_blocked_kernel_remove4(c, m, bsize, bj, j, kj);
    /*@ assert kept: \forall integer p; bx * bsize <= p < bx * bsize + bsize ==>
          amq_cnt(c, 4, p) == amq_cnt{Before}(c, 4, p); */
    /*@ assert same: amq_cpresent{Before}(c, 4, &gx[0], k) <==> amq_cpresent(c, 4, &gx[0], k); */
    /*@ assert shifted: amq_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert after: amq_cpresent(c, 4, &gx[0], k) <==> amq_blk_cpresent(c, 4, bx * bsize, x, k); */
    int after = amq_counting_blocked_kernel_query4(c, m, bsize, bx, x, k);
    return before == after;
}
