/* Theorem drivers for the blocked Bloom kernels (lib_internal/blocked_kernel.h): blocked Bloom,
 * split-block and partitioned.  Not part of the library: WP proves these bodies
 * against the kernels' contracts, and the same frama-c run proves those contracts on
 * the compiled src/blocked_kernel.c (on top of the Bloom kernel's, src/bloom_kernel.c).
 *
 *   *_insert_query:    add(x); query(x) == 1.
 *   *_query_preserved: query(j) == 1 before add(x) ==> query(j) == 1 after (any blocks).
 *   *_nfn:             no false negatives (Ceramist Theorem 7 for the blocked AMQ of
 *                      section 6.2): add(x), then any number of further adds (any
 *                      blocks), then query(x) == 1.
 *   *_other_block:     a query depends only on its own block: add(j) into a block
 *                      other than x's leaves every bit of x's block unchanged, hence
 *                      query(x) unchanged (both answers, not only "1 stays 1").
 * Index vectors may repeat indices and may equal each other or x; blocks may repeat.
 *
 * The drivers translate the key's vector into its global positions with the library's
 * own (proved) amq_blocked_kernel_indices / amq_partitioned_kernel_indices and carry the invariants on
 * that translated vector, where the Bloom kernel's logic applies (SMT solvers do not
 * instantiate quantified facts whose bound variable sits under a product t * s). */
#include <lib_internal/blocked_kernel.h>
#include "blocked_driver_ghost.h"

/* ================= blocked Bloom ================= */

int amq_proof_blocked_insert_query(uint64_t *bits, uint64_t m, uint64_t bsize, uint64_t bx,
                                   const uint64_t *x, size_t k);
int amq_proof_blocked_query_preserved(uint64_t *bits, uint64_t m, uint64_t bsize, uint64_t bx,
                                      const uint64_t *x, size_t k, uint64_t bj,
                                      const uint64_t *j, size_t kj);
int amq_proof_blocked_nfn(uint64_t *bits, uint64_t m, uint64_t bsize, uint64_t nblocks,
                          uint64_t bx, const uint64_t *x, size_t k, const uint64_t *blocks,
                          const uint64_t *const *rows, size_t count);
int amq_proof_blocked_other_block(uint64_t *bits, uint64_t m, uint64_t bsize, uint64_t bx,
                                  const uint64_t *x, size_t k, uint64_t bj,
                                  const uint64_t *j, size_t kj);

/*@ requires k_max:      k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos:  bsize >= 1;
    requires window:     bx * bsize + bsize <= m;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, bsize);
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(m) - 1), x + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_blocked_insert_query(uint64_t *bits, uint64_t m, uint64_t bsize, uint64_t bx,
                                   const uint64_t *x, size_t k)
{
    amq_blocked_bloom_kernel_add(bits, m, bsize, bx, x, k);
    return amq_blocked_bloom_kernel_query(bits, m, bsize, bx, x, k);
}

/*@ requires k_max:      k <= AMQ_BLOCKED_MAX_K && kj <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos:  bsize >= 1;
    requires window_x:   bx * bsize + bsize <= m;
    requires window_j:   bj * bsize + bsize <= m;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, bsize);
    requires j_valid:    \valid_read(j + (0 .. kj - 1));
    requires j_range:    amq_bloom_in_range(j, kj, bsize);
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(m) - 1), x + (0 .. k - 1));
    requires sep_j:      \separated(bits + (0 .. amq_bloom_words(m) - 1), j + (0 .. kj - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures preserved:   \result == 1;
*/
int amq_proof_blocked_query_preserved(uint64_t *bits, uint64_t m, uint64_t bsize, uint64_t bx,
                                      const uint64_t *x, size_t k, uint64_t bj,
                                      const uint64_t *j, size_t kj)
{
    uint64_t gj[AMQ_BLOCKED_MAX_K];
    amq_blocked_kernel_indices(gj, bsize, bj, j, kj);
    /*@ assert cover: m <= 64 * amq_bloom_words(m); */
    int before = amq_blocked_bloom_kernel_query(bits, m, bsize, bj, j, kj);
    /*@ assert before: before == 1 ==> amq_bloom_all_set(bits, &gj[0], kj); */
    amq_blocked_bloom_kernel_add(bits, m, bsize, bx, x, k);
    /*@ assert kept: before == 1 ==> amq_bloom_all_set(bits, &gj[0], kj); */
    /*@ assert shifted: amq_blocked_shifted(&gj[0], j, kj, bsize, bj); */
    /*@ assert kept2: before == 1 ==> amq_blocked_all_set(bits, bsize, bj, j, kj); */
    int after = amq_blocked_bloom_kernel_query(bits, m, bsize, bj, j, kj);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires k_max:       k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos:   bsize >= 1;
    requires blocks_fit:  nblocks * bsize <= m;
    requires bx_range:    bx < nblocks;
    requires bits_valid:  \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:     \valid_read(x + (0 .. k - 1));
    requires x_range:     amq_bloom_in_range(x, k, bsize);
    requires blocks_valid: \valid_read(blocks + (0 .. count - 1));
    requires blocks_range: amq_bloom_in_range(blocks, count, nblocks);
    requires rows_valid:  \valid_read(rows + (0 .. count - 1));
    requires row_valid:   \forall integer r; 0 <= r < count ==> \valid_read(rows[r] + (0 .. k - 1));
    requires row_range:   \forall integer r; 0 <= r < count ==> amq_bloom_in_range(rows[r], k, bsize);
    requires sep_x:       \separated(bits + (0 .. amq_bloom_words(m) - 1), x + (0 .. k - 1));
    requires sep_blocks:  \separated(bits + (0 .. amq_bloom_words(m) - 1), blocks + (0 .. count - 1));
    requires sep_rows:    \separated(bits + (0 .. amq_bloom_words(m) - 1), rows + (0 .. count - 1));
    requires sep_row:     \forall integer r; 0 <= r < count ==>
                            \separated(bits + (0 .. amq_bloom_words(m) - 1), rows[r] + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_blocked_nfn(uint64_t *bits, uint64_t m, uint64_t bsize, uint64_t nblocks,
                          uint64_t bx, const uint64_t *x, size_t k, const uint64_t *blocks,
                          const uint64_t *const *rows, size_t count)
{
    uint64_t gx[AMQ_BLOCKED_MAX_K];
    (void)nblocks; /* bounds the blocks: for the contract */
    //@ ghost amq_blocked_block_fits(bx, nblocks, bsize);
    /*@ assert cover: m <= 64 * amq_bloom_words(m); */
    amq_blocked_kernel_indices(gx, bsize, bx, x, k);
    amq_blocked_bloom_kernel_add(bits, m, bsize, bx, x, k);
    /*@ assert shifted0: amq_blocked_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert x_set0:   amq_bloom_all_set(bits, &gx[0], k); */
    /*@ loop invariant bounds: 0 <= r <= count;
        loop invariant x_set:  amq_bloom_all_set(bits, &gx[0], k);
        loop assigns r, bits[0 .. amq_bloom_words(m) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++) {
        const uint64_t b = blocks[r];
        //@ ghost amq_blocked_block_fits(b, nblocks, bsize);
        amq_blocked_bloom_kernel_add(bits, m, bsize, b, rows[r], k);
    }
    /*@ assert shifted: amq_blocked_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert x_blk:   amq_blocked_all_set(bits, bsize, bx, x, k); */
    return amq_blocked_bloom_kernel_query(bits, m, bsize, bx, x, k);
}

/*@ requires k_max:      k <= AMQ_BLOCKED_MAX_K && kj <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos:  bsize >= 1;
    requires window_x:   bx * bsize + bsize <= m;
    requires window_j:   bj * bsize + bsize <= m;
    requires other:      bj != bx;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, bsize);
    requires j_valid:    \valid_read(j + (0 .. kj - 1));
    requires j_range:    amq_bloom_in_range(j, kj, bsize);
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(m) - 1), x + (0 .. k - 1));
    requires sep_j:      \separated(bits + (0 .. amq_bloom_words(m) - 1), j + (0 .. kj - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures block_kept:  \forall integer q; 0 <= q < bsize ==>
                           (amq_bloom_bit_set{Post}(bits, bx * bsize + q) <==>
                            amq_bloom_bit_set{Pre}(bits, bx * bsize + q));
    ensures same_answer: \result == 1;
*/
int amq_proof_blocked_other_block(uint64_t *bits, uint64_t m, uint64_t bsize, uint64_t bx,
                                  const uint64_t *x, size_t k, uint64_t bj,
                                  const uint64_t *j, size_t kj)
{
    uint64_t gx[AMQ_BLOCKED_MAX_K];
    //@ ghost amq_blocked_blocks_apart(bx, bj, bsize);
    /*@ assert cover:  m <= 64 * amq_bloom_words(m); */
    /*@ assert nonneg: bx * bsize >= 0; */
    amq_blocked_kernel_indices(gx, bsize, bx, x, k);
    int before = amq_blocked_bloom_kernel_query(bits, m, bsize, bx, x, k);
    /*@ assert before: before == 1 <==> amq_bloom_all_set(bits, &gx[0], k); */
    //@ ghost Before: ;
    amq_blocked_bloom_kernel_add(bits, m, bsize, bj, j, kj);
    /*@ assert kept: \forall integer p; bx * bsize <= p < bx * bsize + bsize ==>
          (amq_bloom_bit_set(bits, p) <==> amq_bloom_bit_set{Before}(bits, p)); */
    /*@ assert same: amq_bloom_all_set{Before}(bits, &gx[0], k) <==> amq_bloom_all_set(bits, &gx[0], k); */
    /*@ assert shifted: amq_blocked_shifted(&gx[0], x, k, bsize, bx); */
    /*@ assert after: amq_bloom_all_set(bits, &gx[0], k) <==> amq_blocked_all_set(bits, bsize, bx, x, k); */
    int after = amq_blocked_bloom_kernel_query(bits, m, bsize, bx, x, k);
    return before == after;
}

/* ================= split-block (k words of s bits per block) ================= */

int amq_proof_split_block_insert_query(uint64_t *bits, uint64_t m, uint64_t s, uint64_t bx,
                                 const uint64_t *x, size_t k);
int amq_proof_split_block_query_preserved(uint64_t *bits, uint64_t m, uint64_t s, uint64_t bx,
                                    const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j);
int amq_proof_split_block_nfn(uint64_t *bits, uint64_t m, uint64_t s, uint64_t nblocks, uint64_t bx,
                        const uint64_t *x, size_t k, const uint64_t *blocks,
                        const uint64_t *const *rows, size_t count);
int amq_proof_split_block_other_block(uint64_t *bits, uint64_t m, uint64_t s, uint64_t bx,
                                const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j);

/*@ requires k_pos:      1 <= k <= AMQ_BLOCKED_MAX_K;
    requires s_pos:      s >= 1;
    requires window:     bx * (k * s) + k * s <= m;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, s);
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(m) - 1), x + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_split_block_insert_query(uint64_t *bits, uint64_t m, uint64_t s, uint64_t bx,
                                 const uint64_t *x, size_t k)
{
    amq_split_block_kernel_add(bits, m, s, bx, x, k);
    return amq_split_block_kernel_query(bits, m, s, bx, x, k);
}

/*@ requires k_pos:      1 <= k <= AMQ_BLOCKED_MAX_K;
    requires s_pos:      s >= 1;
    requires window_x:   bx * (k * s) + k * s <= m;
    requires window_j:   bj * (k * s) + k * s <= m;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, s);
    requires j_valid:    \valid_read(j + (0 .. k - 1));
    requires j_range:    amq_bloom_in_range(j, k, s);
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(m) - 1), x + (0 .. k - 1));
    requires sep_j:      \separated(bits + (0 .. amq_bloom_words(m) - 1), j + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures preserved:   \result == 1;
*/
int amq_proof_split_block_query_preserved(uint64_t *bits, uint64_t m, uint64_t s, uint64_t bx,
                                    const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j)
{
    uint64_t loc[AMQ_BLOCKED_MAX_K], gj[AMQ_BLOCKED_MAX_K];
    /*@ assert cover: m <= 64 * amq_bloom_words(m); */
    /*@ assert nonneg: bj * (k * s) >= 0; */
    const uint64_t bs = (uint64_t)k * s;
    /*@ assert bs: bs == k * s; */
    amq_partitioned_kernel_indices(loc, s, j, k);
    amq_blocked_kernel_indices(gj, bs, bj, loc, k);
    int before = amq_split_block_kernel_query(bits, m, s, bj, j, k);
    /*@ assert parted0: amq_blocked_parted(&loc[0], j, k, s); */
    /*@ assert before0: before == 1 ==> amq_blocked_all_set(bits, k * s, bj, &loc[0], k); */
    /*@ assert before:  before == 1 ==> amq_bloom_all_set(bits, &gj[0], k); */
    amq_split_block_kernel_add(bits, m, s, bx, x, k);
    /*@ assert kept:    before == 1 ==> amq_bloom_all_set(bits, &gj[0], k); */
    /*@ assert shifted: amq_blocked_shifted(&gj[0], &loc[0], k, bs, bj); */
    /*@ assert kept2:   before == 1 ==> amq_blocked_all_set(bits, k * s, bj, &loc[0], k); */
    /*@ assert parted:  amq_blocked_parted(&loc[0], j, k, s); */
    /*@ assert kept3:   before == 1 ==> amq_split_block_all_set(bits, s, bj, j, k); */
    int after = amq_split_block_kernel_query(bits, m, s, bj, j, k);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires k_pos:       1 <= k <= AMQ_BLOCKED_MAX_K;
    requires s_pos:       s >= 1;
    requires blocks_fit:  nblocks * (k * s) <= m;
    requires bx_range:    bx < nblocks;
    requires bits_valid:  \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:     \valid_read(x + (0 .. k - 1));
    requires x_range:     amq_bloom_in_range(x, k, s);
    requires blocks_valid: \valid_read(blocks + (0 .. count - 1));
    requires blocks_range: amq_bloom_in_range(blocks, count, nblocks);
    requires rows_valid:  \valid_read(rows + (0 .. count - 1));
    requires row_valid:   \forall integer r; 0 <= r < count ==> \valid_read(rows[r] + (0 .. k - 1));
    requires row_range:   \forall integer r; 0 <= r < count ==> amq_bloom_in_range(rows[r], k, s);
    requires sep_x:       \separated(bits + (0 .. amq_bloom_words(m) - 1), x + (0 .. k - 1));
    requires sep_blocks:  \separated(bits + (0 .. amq_bloom_words(m) - 1), blocks + (0 .. count - 1));
    requires sep_rows:    \separated(bits + (0 .. amq_bloom_words(m) - 1), rows + (0 .. count - 1));
    requires sep_row:     \forall integer r; 0 <= r < count ==>
                            \separated(bits + (0 .. amq_bloom_words(m) - 1), rows[r] + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_split_block_nfn(uint64_t *bits, uint64_t m, uint64_t s, uint64_t nblocks, uint64_t bx,
                        const uint64_t *x, size_t k, const uint64_t *blocks,
                        const uint64_t *const *rows, size_t count)
{
    uint64_t loc[AMQ_BLOCKED_MAX_K], gx[AMQ_BLOCKED_MAX_K];
    (void)nblocks; /* bounds the blocks: for the contract */
    //@ ghost amq_blocked_block_fits(bx, nblocks, (uint64_t)(k * s));
    /*@ assert cover: m <= 64 * amq_bloom_words(m); */
    /*@ assert nonneg: bx * (k * s) >= 0; */
    const uint64_t bs = (uint64_t)k * s;
    /*@ assert bs: bs == k * s; */
    amq_partitioned_kernel_indices(loc, s, x, k);
    amq_blocked_kernel_indices(gx, bs, bx, loc, k);
    amq_split_block_kernel_add(bits, m, s, bx, x, k);
    /*@ assert parted0:  amq_blocked_parted(&loc[0], x, k, s); */
    /*@ assert x_blk:    amq_blocked_all_set(bits, k * s, bx, &loc[0], k); */
    /*@ assert shifted0: amq_blocked_shifted(&gx[0], &loc[0], k, bs, bx); */
    /*@ assert x_set0:   amq_bloom_all_set(bits, &gx[0], k); */
    /*@ loop invariant bounds: 0 <= r <= count;
        loop invariant x_set:  amq_bloom_all_set(bits, &gx[0], k);
        loop assigns r, bits[0 .. amq_bloom_words(m) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++) {
        const uint64_t b = blocks[r];
        //@ ghost amq_blocked_block_fits(b, nblocks, bs);
        amq_split_block_kernel_add(bits, m, s, b, rows[r], k);
    }
    /*@ assert shifted: amq_blocked_shifted(&gx[0], &loc[0], k, bs, bx); */
    /*@ assert x_blk2:  amq_blocked_all_set(bits, k * s, bx, &loc[0], k); */
    /*@ assert parted:  amq_blocked_parted(&loc[0], x, k, s); */
    /*@ assert x_split: amq_split_block_all_set(bits, s, bx, x, k); */
    return amq_split_block_kernel_query(bits, m, s, bx, x, k);
}

/*@ requires k_pos:      1 <= k <= AMQ_BLOCKED_MAX_K;
    requires s_pos:      s >= 1;
    requires window_x:   bx * (k * s) + k * s <= m;
    requires window_j:   bj * (k * s) + k * s <= m;
    requires other:      bj != bx;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, s);
    requires j_valid:    \valid_read(j + (0 .. k - 1));
    requires j_range:    amq_bloom_in_range(j, k, s);
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(m) - 1), x + (0 .. k - 1));
    requires sep_j:      \separated(bits + (0 .. amq_bloom_words(m) - 1), j + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures block_kept:  \forall integer q; 0 <= q < k * s ==>
                           (amq_bloom_bit_set{Post}(bits, bx * (k * s) + q) <==>
                            amq_bloom_bit_set{Pre}(bits, bx * (k * s) + q));
    ensures same_answer: \result == 1;
*/
int amq_proof_split_block_other_block(uint64_t *bits, uint64_t m, uint64_t s, uint64_t bx,
                                const uint64_t *x, size_t k, uint64_t bj, const uint64_t *j)
{
    uint64_t loc[AMQ_BLOCKED_MAX_K], gx[AMQ_BLOCKED_MAX_K];
    /*@ assert cover: m <= 64 * amq_bloom_words(m); */
    /*@ assert nonneg: bx * (k * s) >= 0; */
    const uint64_t bs = (uint64_t)k * s;
    /*@ assert bs: bs == k * s; */
    //@ ghost amq_blocked_blocks_apart(bx, bj, bs);
    amq_partitioned_kernel_indices(loc, s, x, k);
    amq_blocked_kernel_indices(gx, bs, bx, loc, k);
    int before = amq_split_block_kernel_query(bits, m, s, bx, x, k);
    /*@ assert parted0:  amq_blocked_parted(&loc[0], x, k, s); */
    /*@ assert before0: before == 1 <==> amq_blocked_all_set(bits, k * s, bx, &loc[0], k); */
    /*@ assert before: before == 1 <==> amq_bloom_all_set(bits, &gx[0], k); */
    //@ ghost Before: ;
    amq_split_block_kernel_add(bits, m, s, bj, j, k);
    /*@ assert kept: \forall integer p; bx * bs <= p < bx * bs + bs ==>
          (amq_bloom_bit_set(bits, p) <==> amq_bloom_bit_set{Before}(bits, p)); */
    /*@ assert same: amq_bloom_all_set{Before}(bits, &gx[0], k) <==> amq_bloom_all_set(bits, &gx[0], k); */
    /*@ assert shifted: amq_blocked_shifted(&gx[0], &loc[0], k, bs, bx); */
    /*@ assert after: amq_bloom_all_set(bits, &gx[0], k) <==> amq_blocked_all_set(bits, k * s, bx, &loc[0], k); */
    /*@ assert parted:  amq_blocked_parted(&loc[0], x, k, s); */
    /*@ assert after2: amq_bloom_all_set(bits, &gx[0], k) <==> amq_split_block_all_set(bits, s, bx, x, k); */
    int after = amq_split_block_kernel_query(bits, m, s, bx, x, k);
    return before == after;
}

/* ================= partitioned Bloom ================= */

int amq_proof_partitioned_insert_query(uint64_t *bits, uint64_t psize, const uint64_t *x, size_t k);
int amq_proof_partitioned_query_preserved(uint64_t *bits, uint64_t psize, const uint64_t *x,
                                          size_t k, const uint64_t *j);
int amq_proof_partitioned_nfn(uint64_t *bits, uint64_t psize, const uint64_t *x, size_t k,
                              const uint64_t *const *rows, size_t count);

/*@ requires k_pos:      1 <= k <= AMQ_BLOCKED_MAX_K;
    requires psize_pos:  psize >= 1;
    requires fits:       k * psize <= 18446744073709551615;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(k * psize) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, psize);
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(k * psize) - 1), x + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(k * psize) - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_partitioned_insert_query(uint64_t *bits, uint64_t psize, const uint64_t *x, size_t k)
{
    amq_partitioned_kernel_add(bits, psize, x, k);
    return amq_partitioned_kernel_query(bits, psize, x, k);
}

/*@ requires k_pos:      1 <= k <= AMQ_BLOCKED_MAX_K;
    requires psize_pos:  psize >= 1;
    requires fits:       k * psize <= 18446744073709551615;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(k * psize) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, psize);
    requires j_valid:    \valid_read(j + (0 .. k - 1));
    requires j_range:    amq_bloom_in_range(j, k, psize);
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(k * psize) - 1), x + (0 .. k - 1));
    requires sep_j:      \separated(bits + (0 .. amq_bloom_words(k * psize) - 1), j + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(k * psize) - 1];
    ensures preserved:   \result == 1;
*/
int amq_proof_partitioned_query_preserved(uint64_t *bits, uint64_t psize, const uint64_t *x,
                                          size_t k, const uint64_t *j)
{
    uint64_t gj[AMQ_BLOCKED_MAX_K];
    /*@ assert cover: k * psize <= 64 * amq_bloom_words(k * psize); */
    amq_partitioned_kernel_indices(gj, psize, j, k);
    int before = amq_partitioned_kernel_query(bits, psize, j, k);
    /*@ assert before: before == 1 ==> amq_bloom_all_set(bits, &gj[0], k); */
    amq_partitioned_kernel_add(bits, psize, x, k);
    /*@ assert kept: before == 1 ==> amq_bloom_all_set(bits, &gj[0], k); */
    /*@ assert parted: amq_blocked_parted(&gj[0], j, k, psize); */
    /*@ assert kept2: before == 1 ==> amq_partitioned_all_set(bits, psize, j, k); */
    int after = amq_partitioned_kernel_query(bits, psize, j, k);
    return before <= after;
}

/*@ requires k_pos:      1 <= k <= AMQ_BLOCKED_MAX_K;
    requires psize_pos:  psize >= 1;
    requires fits:       k * psize <= 18446744073709551615;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(k * psize) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, psize);
    requires rows_valid: \valid_read(rows + (0 .. count - 1));
    requires row_valid:  \forall integer r; 0 <= r < count ==> \valid_read(rows[r] + (0 .. k - 1));
    requires row_range:  \forall integer r; 0 <= r < count ==> amq_bloom_in_range(rows[r], k, psize);
    requires sep_x:      \separated(bits + (0 .. amq_bloom_words(k * psize) - 1), x + (0 .. k - 1));
    requires sep_rows:   \separated(bits + (0 .. amq_bloom_words(k * psize) - 1), rows + (0 .. count - 1));
    requires sep_row:    \forall integer r; 0 <= r < count ==>
                           \separated(bits + (0 .. amq_bloom_words(k * psize) - 1), rows[r] + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(k * psize) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_partitioned_nfn(uint64_t *bits, uint64_t psize, const uint64_t *x, size_t k,
                              const uint64_t *const *rows, size_t count)
{
    uint64_t gx[AMQ_BLOCKED_MAX_K];
    /*@ assert cover: k * psize <= 64 * amq_bloom_words(k * psize); */
    amq_partitioned_kernel_indices(gx, psize, x, k);
    amq_partitioned_kernel_add(bits, psize, x, k);
    /*@ assert parted0: amq_blocked_parted(&gx[0], x, k, psize); */
    /*@ assert x_set0:  amq_bloom_all_set(bits, &gx[0], k); */
    /*@ loop invariant bounds: 0 <= r <= count;
        loop invariant x_set:  amq_bloom_all_set(bits, &gx[0], k);
        loop assigns r, bits[0 .. amq_bloom_words(k * psize) - 1];
        loop variant count - r;
    */
    for (size_t r = 0; r < count; r++)
        amq_partitioned_kernel_add(bits, psize, rows[r], k);
    /*@ assert parted: amq_blocked_parted(&gx[0], x, k, psize); */
    /*@ assert x_part: amq_partitioned_all_set(bits, psize, x, k); */
    return amq_partitioned_kernel_query(bits, psize, x, k);
}
