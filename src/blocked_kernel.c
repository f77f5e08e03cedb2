#include <lib_internal/blocked_kernel.h>

/* ---------------- the shared blocking code ---------------- */

void amq_blocked_kernel_indices(uint64_t *out, uint64_t bsize, uint64_t block, const uint64_t *idx, size_t k)
{
    const uint64_t base = block * bsize;
    /*@ assert base: base == block * bsize; */
    /*@ loop invariant bounds:  0 <= i <= k;
        loop invariant shifted: \forall integer t; 0 <= t < i ==> out[t] == base + idx[t];
        loop assigns i, out[0 .. k - 1];
        loop variant k - i;
    */
    for (size_t i = 0; i < k; i++)
        out[i] = base + idx[i];
#ifndef AMQ_BLOCKED_NO_COUNTING
    /* Occurrence counts carry over (the removal contracts of the counting inner kernel
     * are stated with them): a ghost induction over the prefix length. */
    /*@ ghost
      /@ loop invariant bounds: 0 <= n <= k;
         loop invariant occ: \forall integer j, q; 0 <= j <= n ==>
                               amq_counting_occ(out, j, base + q) == amq_counting_occ(idx, j, q);
         loop invariant occ_idx: \forall integer j, q; 0 <= j <= n ==>
                               amq_counting_occ(idx, j, q) == amq_counting_occ{Pre}(idx, j, q);
         loop assigns n;
         loop variant k - n;
      @/
      for (size_t n = 0; n < k; n++) { }
    */
#endif
}

/* Ghost lemma: partition t < n of s positions ends at or before the end of partition
 * n - 1.  A ghost call states the exact instance the prover needs. */
/*@ ghost
  /@ requires t < n;
     assigns \nothing;
     ensures step: t * s + s <= n * s;
  @/
  static void amq_partitioned_step(uint64_t t, uint64_t n, uint64_t s) { }
*/

void amq_partitioned_kernel_indices(uint64_t *out, uint64_t psize, const uint64_t *local, size_t k)
{
    uint64_t base = 0;
    /*@ loop invariant bounds: 0 <= i <= k;
        loop invariant base:   base == i * psize;
        loop invariant parted: \forall integer t; 0 <= t < i ==> out[t] == t * psize + local[t];
        loop assigns i, base, out[0 .. k - 1];
        loop variant k - i;
    */
    for (size_t i = 0; i < k; i++) {
        //@ ghost amq_partitioned_step(i, k, psize);
        /*@ assert room:  base + psize <= k * psize; */
        out[i] = base + local[i];
        base += psize;
    }
}

#ifndef AMQ_BLOCKED_NO_BLOOM
/* ---------------- blocked Bloom: the Bloom kernel in a window ---------------- */

void amq_blocked_bloom_kernel_add(uint64_t *bits, uint64_t m, uint64_t bsize, uint64_t block,
                           const uint64_t *idx, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_blocked_kernel_indices(g, bsize, block, idx, k);
    amq_bloom_kernel_add(bits, m, g, k);
    /*@ assert set: amq_bloom_all_set(bits, &g[0], k); */
    /*@ assert blk: amq_blocked_all_set(bits, bsize, block, idx, k); */
}

int amq_blocked_bloom_kernel_query(const uint64_t *bits, uint64_t m, uint64_t bsize, uint64_t block,
                            const uint64_t *idx, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_blocked_kernel_indices(g, bsize, block, idx, k);
    return amq_bloom_kernel_query(bits, m, g, k);
}

/* ---------------- split-block: a partitioned vector in a window ---------------- */

void amq_split_block_kernel_add(uint64_t *bits, uint64_t m, uint64_t s, uint64_t block,
                         const uint64_t *r, size_t k)
{
    uint64_t loc[AMQ_BLOCKED_MAX_K];
    /*@ assert nonneg: block * (k * s) >= 0; */
    /*@ assert ks:     k * s <= m; */
    const uint64_t bs = (uint64_t)k * s;
    /*@ assert bs: bs == k * s; */
    amq_partitioned_kernel_indices(loc, s, r, k);
    amq_blocked_bloom_kernel_add(bits, m, bs, block, loc, k);
    /*@ assert blk:    amq_blocked_all_set(bits, k * s, block, &loc[0], k); */
    /*@ assert parted: amq_blocked_parted(&loc[0], r, k, s); */
}

int amq_split_block_kernel_query(const uint64_t *bits, uint64_t m, uint64_t s, uint64_t block,
                          const uint64_t *r, size_t k)
{
    uint64_t loc[AMQ_BLOCKED_MAX_K];
    /*@ assert nonneg: block * (k * s) >= 0; */
    /*@ assert ks:     k * s <= m; */
    const uint64_t bs = (uint64_t)k * s;
    /*@ assert bs: bs == k * s; */
    amq_partitioned_kernel_indices(loc, s, r, k);
    /*@ assert same: amq_blocked_all_set(bits, k * s, block, &loc[0], k) <==>
                     amq_split_block_all_set(bits, s, block, r, k); */
    /*@ assert same_bs: amq_blocked_all_set(bits, bs, block, &loc[0], k) <==>
                        amq_split_block_all_set(bits, s, block, r, k); */
    const int found = amq_blocked_bloom_kernel_query(bits, m, bs, block, loc, k);
    /*@ assert found: found == 1 <==> amq_split_block_all_set(bits, s, block, r, k); */
    /*@ assert bool:  found == 0 || found == 1; */
    return found;
}

void amq_split_block_kernel_mask(uint32_t key32, uint64_t *r)
{
    const uint32_t salt[AMQ_SPLIT_WORDS] = {
        0x47b6137bU, 0x44974d91U, 0x8824ad5bU, 0xa2b7289dU,
        0x705495c7U, 0x2df1424bU, 0x9efc4947U, 0x5c6bfb31U,
    };
    /*@ loop invariant bounds: 0 <= i <= 8;
        loop invariant value:  \forall integer t; 0 <= t < i ==>
                                 r[t] == key32 * amq_split_block_salt(t) % 4294967296 / 134217728;
        loop invariant range:  amq_bloom_in_range(r, i, 32);
        loop assigns i, r[0 .. 7];
        loop variant 8 - i;
    */
    for (unsigned i = 0; i < AMQ_SPLIT_WORDS; i++) {
        /*@ assert salt: salt[i] == amq_split_block_salt(i); */
        /* Parquet's 32-bit product wraps on purpose. The 64-bit product cannot wrap, and
         * its low 32 bits are the wrapped product: written out, so the intent is visible
         * (and the unsigned-overflow check has nothing to flag). */
        const uint64_t product = (uint64_t)key32 * salt[i];
        r[i] = (uint32_t)(product % 4294967296u) / 134217728u; /* >> 27 */
    }
}

uint64_t amq_split_block_kernel_select(uint64_t hash, uint64_t nblocks)
{
    /* (hash >> 32) * nblocks < 2^32 * nblocks <= 2^64: no wrap for nblocks <= 2^32. */
    const uint64_t hi = hash / 4294967296u;
    /*@ assert hi_range: hi < 4294967296; */
    /*@ assert product: hi * nblocks < 4294967296 * nblocks; */
    return hi * nblocks / 4294967296u;
}

/* ---------------- partitioned Bloom: a partitioned vector, no blocks ---------------- */

void amq_partitioned_kernel_add(uint64_t *bits, uint64_t psize, const uint64_t *local, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_partitioned_kernel_indices(g, psize, local, k);
    amq_bloom_kernel_add(bits, (uint64_t)k * psize, g, k);
    /*@ assert set: amq_bloom_all_set(bits, &g[0], k); */
}

int amq_partitioned_kernel_query(const uint64_t *bits, uint64_t psize, const uint64_t *local, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_partitioned_kernel_indices(g, psize, local, k);
    return amq_bloom_kernel_query(bits, (uint64_t)k * psize, g, k);
}
#endif /* AMQ_BLOCKED_NO_BLOOM */

#ifndef AMQ_BLOCKED_NO_COUNTING
/* ---------------- counting blocked: the counting kernel in a window ----------------
 * Both widths from one text (lib_internal/blocked_counting_kernel_body_w.h): 8 bits, then 4. */
#define AMQ_CW_TEMPLATE <lib_internal/blocked_counting_kernel_body_w.h>
#include <lib_internal/counting_widths.h>
#endif /* AMQ_BLOCKED_NO_COUNTING */
