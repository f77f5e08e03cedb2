/* Deterministic blocked AMQ kernels over hash outputs (Ceramist section 6.2).
 *
 * A blocked structure keeps nblocks blocks of bsize positions (bits or counters) in
 * one flat array of m >= nblocks * bsize positions: position p of block b is the
 * global position b * bsize + p.  The blocking code is written once:
 * amq_blocked_kernel_indices translates an in-block index vector (indices in [0, bsize)) into
 * the window of block b, and the INNER kernel - the proved Bloom kernel
 * (lib_internal/bloom_kernel.h) or counting kernel (lib_internal/counting_kernel.h) - then runs,
 * unchanged, on the flat array.  Its frame property confines every change to the
 * window, so a query depends only on its own block.
 * Partitioning is the same translation with one window per index
 * (amq_partitioned_kernel_indices: index t goes to partition t, global t * psize + local[t]).
 *
 *   blocked Bloom      amq_blocked_bloom_*    window of bsize bits (512 = one cache line
 *                                             at key level), k indices in the block;
 *   split-block Bloom  amq_split_block_*      blocks of k words of s bits, one bit per
 *                                             word (the in-block vector is partitioned):
 *                                             Parquet's is k = 8, s = 32 (256-bit blocks),
 *                                             with amq_split_block_kernel_mask / _select below;
 *   partitioned Bloom  amq_partitioned_*      k partitions of psize bits, one bit each;
 *   counting blocked   amq_blocked_countingW_* windows of bsize counters of W bits.
 *
 * Bits are packed as in the Bloom kernel (bit p in word p/64 at position p%64), so a
 * 256-bit block at a 256-bit boundary is four little-endian words: eight 32-bit words
 * w[i] = bits 32i .. 32i+31, exactly Parquet's split-block layout.
 * Index vectors may repeat indices, as real hashing produces them.  The ACSL contracts
 * below are what `make prove` checks on the compiled code; the logic is in
 * acsl/amq/blocked_logic.h.  Proof units: `blocked` proves the Bloom-based kernels and
 * `blocked_counting` the counting ones; each compiles this header and
 * src/blocked_kernel.c with the other half switched off (AMQ_BLOCKED_NO_COUNTING /
 * AMQ_BLOCKED_NO_BLOOM, see proofs/units/blocked_bloom.txt and proofs/units/counting_blocked.txt),
 * so that a unit never has to assume the contracts of an inner kernel it does not prove.  C
 * builds define neither. */
#ifndef AMQ_BLOCKED_KERNEL_H
#define AMQ_BLOCKED_KERNEL_H
#include <stddef.h>
#include <stdint.h>
#include <amq/blocked_logic.h>
#ifndef AMQ_BLOCKED_NO_BLOOM
#include <lib_internal/bloom_kernel.h>
#endif
#ifndef AMQ_BLOCKED_NO_COUNTING
#include <lib_internal/counting_kernel.h>
#endif

/* Largest number of indices per key the blocked kernels accept (their translated
 * vector lives on the stack); equal to AMQ_BLOOM_MAX_K. */
#define AMQ_BLOCKED_MAX_K 1024u

/* Parquet split-block geometry: 8 words of 32 bits per 256-bit block (spec_blocked.h's
 * AMQ_SPLIT_BLOCK_BITS); the block index is a 32-bit multiply-shift, so at most 2^32
 * blocks (128 GiB). */
#define AMQ_SPLIT_WORDS 8u
#define AMQ_SPLIT_WORD_BITS 32u
#define AMQ_SPLIT_MAX_BLOCKS (UINT64_C(1) << 32)

/* ---------------- the shared blocking code ---------------- */

/* out[t] = block * bsize + idx[t]: idx (in-block indices) translated into block's window. */
/*@ requires k_max:     k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires fits:      block * bsize + bsize <= 18446744073709551615;
    requires out_valid: \valid(out + (0 .. k - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_bloom_in_range(idx, k, bsize);
    requires separated: \separated(out + (0 .. k - 1), idx + (0 .. k - 1));
    assigns out[0 .. k - 1];
    ensures shifted:    amq_blocked_shifted(out, idx, k, bsize, block);
    ensures in_window:  \forall integer t; 0 <= t < k ==>
                          block * bsize <= out[t] < block * bsize + bsize;
    ensures nonneg:     0 <= block * bsize;
#ifndef AMQ_BLOCKED_NO_COUNTING
    ensures occ_shift:  \forall integer n, q; 0 <= n <= k ==>
                          amq_counting_occ(out, n, block * bsize + q) == amq_counting_occ(idx, n, q);
    ensures occ_idx:    \forall integer n, q; 0 <= n <= k ==>
                          amq_counting_occ(idx, n, q) == amq_counting_occ{Pre}(idx, n, q);
#endif
*/
void amq_blocked_kernel_indices(uint64_t *out, uint64_t bsize, uint64_t block, const uint64_t *idx, size_t k);

/* out[t] = t * psize + local[t]: entry t of local translated into partition t. */
/*@ requires k_max:       k <= AMQ_BLOCKED_MAX_K;
    requires psize_pos:   psize >= 1;
    requires fits:        k * psize <= 18446744073709551615;
    requires out_valid:   \valid(out + (0 .. k - 1));
    requires local_valid: \valid_read(local + (0 .. k - 1));
    requires local_range: amq_bloom_in_range(local, k, psize);
    requires separated:   \separated(out + (0 .. k - 1), local + (0 .. k - 1));
    assigns out[0 .. k - 1];
    ensures parted:       amq_blocked_parted(out, local, k, psize);
    ensures in_part:      \forall integer t; 0 <= t < k ==> t * psize <= out[t] < t * psize + psize;
    ensures in_range:     amq_bloom_in_range(out, k, k * psize);
*/
void amq_partitioned_kernel_indices(uint64_t *out, uint64_t psize, const uint64_t *local, size_t k);

#ifndef AMQ_BLOCKED_NO_BLOOM
/* ---------------- blocked Bloom ---------------- */

/* Sets bit idx[t] of block `block` (global bit block*bsize + idx[t]) for every t < k. */
/*@ requires k_max:      k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos:  bsize >= 1;
    requires window:     block * bsize + bsize <= m;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires idx_valid:  \valid_read(idx + (0 .. k - 1));
    requires idx_range:  amq_bloom_in_range(idx, k, bsize);
    requires separated:  \separated(bits + (0 .. amq_bloom_words(m) - 1), idx + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures inserted:    amq_blocked_all_set(bits, bsize, block, idx, k);
    ensures monotone:    amq_bloom_monotone{Pre, Post}(bits, amq_bloom_words(m));
    ensures frame:       \forall integer p; 0 <= p < 64 * amq_bloom_words(m) ==>
                           (\forall integer t; 0 <= t < k ==> p != block * bsize + idx[t]) ==>
                           (amq_bloom_bit_set{Post}(bits, p) <==> amq_bloom_bit_set{Pre}(bits, p));
    ensures own_block:   amq_blocked_window_frame{Pre, Post}(bits, amq_bloom_words(m), block * bsize,
                                                     block * bsize + bsize);
*/
void amq_blocked_bloom_kernel_add(uint64_t *bits, uint64_t m, uint64_t bsize, uint64_t block,
                           const uint64_t *idx, size_t k);

/* 1 iff bit idx[t] of block `block` is set for every t < k. */
/*@ requires k_max:      k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos:  bsize >= 1;
    requires window:     block * bsize + bsize <= m;
    requires bits_valid: \valid_read(bits + (0 .. amq_bloom_words(m) - 1));
    requires idx_valid:  \valid_read(idx + (0 .. k - 1));
    requires idx_range:  amq_bloom_in_range(idx, k, bsize);
    assigns \nothing;
    behavior present:
      assumes amq_blocked_all_set(bits, bsize, block, idx, k);
      ensures \result == 1;
    behavior absent:
      assumes !amq_blocked_all_set(bits, bsize, block, idx, k);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_blocked_bloom_kernel_query(const uint64_t *bits, uint64_t m, uint64_t bsize, uint64_t block,
                            const uint64_t *idx, size_t k);

/* ---------------- split-block Bloom ---------------- */

/* Block `block` holds k words of s bits (k*s bits); sets bit r[t] of word t, t < k. */
/*@ requires k_pos:      1 <= k <= AMQ_BLOCKED_MAX_K;
    requires s_pos:      s >= 1;
    requires window:     block * (k * s) + k * s <= m;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires r_valid:    \valid_read(r + (0 .. k - 1));
    requires r_range:    amq_bloom_in_range(r, k, s);
    requires separated:  \separated(bits + (0 .. amq_bloom_words(m) - 1), r + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures inserted:    amq_split_block_all_set(bits, s, block, r, k);
    ensures monotone:    amq_bloom_monotone{Pre, Post}(bits, amq_bloom_words(m));
    ensures frame:       \forall integer p; 0 <= p < 64 * amq_bloom_words(m) ==>
                           (\forall integer t; 0 <= t < k ==> p != block * (k * s) + (t * s + r[t])) ==>
                           (amq_bloom_bit_set{Post}(bits, p) <==> amq_bloom_bit_set{Pre}(bits, p));
    ensures own_block:   amq_blocked_window_frame{Pre, Post}(bits, amq_bloom_words(m), block * (k * s),
                                                     block * (k * s) + k * s);
*/
void amq_split_block_kernel_add(uint64_t *bits, uint64_t m, uint64_t s, uint64_t block,
                         const uint64_t *r, size_t k);

/* 1 iff bit r[t] of word t of block `block` is set for every t < k. */
/*@ requires k_pos:      1 <= k <= AMQ_BLOCKED_MAX_K;
    requires s_pos:      s >= 1;
    requires window:     block * (k * s) + k * s <= m;
    requires bits_valid: \valid_read(bits + (0 .. amq_bloom_words(m) - 1));
    requires r_valid:    \valid_read(r + (0 .. k - 1));
    requires r_range:    amq_bloom_in_range(r, k, s);
    assigns \nothing;
    behavior present:
      assumes amq_split_block_all_set(bits, s, block, r, k);
      ensures \result == 1;
    behavior absent:
      assumes !amq_split_block_all_set(bits, s, block, r, k);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_split_block_kernel_query(const uint64_t *bits, uint64_t m, uint64_t s, uint64_t block,
                          const uint64_t *r, size_t k);

/*@ logic integer amq_split_block_salt(integer i) =
      i == 0 ? 0x47b6137b : i == 1 ? 0x44974d91 : i == 2 ? 0x8824ad5b : i == 3 ? 0xa2b7289d :
      i == 4 ? 0x705495c7 : i == 5 ? 0x2df1424b : i == 6 ? 0x9efc4947 : 0x5c6bfb31;
*/

/* Parquet's mask: r[i] = (key32 * salt[i]) >> 27 with a 32-bit product (it wraps: the low 32
 * bits of the exact product, `% 4294967296` below), the bit of word i. */
/*@ requires r_valid: \valid(r + (0 .. 7));
    assigns r[0 .. 7];
    ensures range: amq_bloom_in_range(r, 8, 32);
    ensures value: \forall integer i; 0 <= i < 8 ==>
                     r[i] == key32 * amq_split_block_salt(i) % 4294967296 / 134217728;
*/
void amq_split_block_kernel_mask(uint32_t key32, uint64_t *r);

/* Parquet's block index: ((hash >> 32) * nblocks) >> 32, for 1 <= nblocks <= 2^32. */
/*@ requires nblocks_range: 1 <= nblocks <= 4294967296;
    assigns \nothing;
    ensures range: \result < nblocks;
    ensures value: \result == ((hash / 4294967296) * nblocks) / 4294967296;
*/
uint64_t amq_split_block_kernel_select(uint64_t hash, uint64_t nblocks);

/* ---------------- partitioned Bloom ---------------- */

/* k partitions of psize bits (m = k * psize); sets bit local[t] of partition t, t < k. */
/*@ requires k_pos:      1 <= k <= AMQ_BLOCKED_MAX_K;
    requires psize_pos:  psize >= 1;
    requires fits:       k * psize <= 18446744073709551615;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(k * psize) - 1));
    requires loc_valid:  \valid_read(local + (0 .. k - 1));
    requires loc_range:  amq_bloom_in_range(local, k, psize);
    requires separated:  \separated(bits + (0 .. amq_bloom_words(k * psize) - 1), local + (0 .. k - 1));
    assigns bits[0 .. amq_bloom_words(k * psize) - 1];
    ensures inserted:    amq_partitioned_all_set(bits, psize, local, k);
    ensures monotone:    amq_bloom_monotone{Pre, Post}(bits, amq_bloom_words(k * psize));
    ensures frame:       \forall integer p; 0 <= p < 64 * amq_bloom_words(k * psize) ==>
                           (\forall integer t; 0 <= t < k ==> p != t * psize + local[t]) ==>
                           (amq_bloom_bit_set{Post}(bits, p) <==> amq_bloom_bit_set{Pre}(bits, p));
*/
void amq_partitioned_kernel_add(uint64_t *bits, uint64_t psize, const uint64_t *local, size_t k);

/* 1 iff bit local[t] of partition t is set for every t < k. */
/*@ requires k_pos:      1 <= k <= AMQ_BLOCKED_MAX_K;
    requires psize_pos:  psize >= 1;
    requires fits:       k * psize <= 18446744073709551615;
    requires bits_valid: \valid_read(bits + (0 .. amq_bloom_words(k * psize) - 1));
    requires loc_valid:  \valid_read(local + (0 .. k - 1));
    requires loc_range:  amq_bloom_in_range(local, k, psize);
    assigns \nothing;
    behavior present:
      assumes amq_partitioned_all_set(bits, psize, local, k);
      ensures \result == 1;
    behavior absent:
      assumes !amq_partitioned_all_set(bits, psize, local, k);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_partitioned_kernel_query(const uint64_t *bits, uint64_t psize, const uint64_t *local, size_t k);
#endif /* AMQ_BLOCKED_NO_BLOOM */

#ifndef AMQ_BLOCKED_NO_COUNTING
/* ---------------- counting blocked: the counting kernel in a window ----------------
 * Counters of width W in {4, 8} as in lib_internal/counting_kernel.h (m counters in all, packed
 * two per byte for W = 4); the window of block b is counters b*bsize .. b*bsize+bsize-1.
 * Sticky saturation and the refuse-or-remove rule are the inner kernel's.  add and a
 * successful remove state their exact effect in the window (ensures exact: each counter
 * of the block becomes what one inner add / remove of the translated vector gives) and
 * the frame outside it (own_block; for W = 4 also the padding nibble). */

/* Both widths from one text (lib_internal/blocked_counting_kernel_w.h): 8 bits, then 4 bits. */
#define AMQ_CW_TEMPLATE <lib_internal/blocked_counting_kernel_w.h>
#include <lib_internal/counting_widths.h>
#endif /* AMQ_BLOCKED_NO_COUNTING */

#endif
