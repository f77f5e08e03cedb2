#include <internal/blocked_kernel.h>

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
                               amq_occ(out, j, base + q) == amq_occ(idx, j, q);
         loop invariant occ_idx: \forall integer j, q; 0 <= j <= n ==>
                               amq_occ(idx, j, q) == amq_occ{Pre}(idx, j, q);
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
  static void amq_part_step(uint64_t t, uint64_t n, uint64_t s) { }
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
        //@ ghost amq_part_step(i, k, psize);
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
    /*@ assert set: amq_all_set(bits, &g[0], k); */
    /*@ assert blk: amq_blk_all_set(bits, bsize, block, idx, k); */
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
    /*@ assert blk:    amq_blk_all_set(bits, k * s, block, &loc[0], k); */
    /*@ assert parted: amq_parted(&loc[0], r, k, s); */
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
    /*@ assert same: amq_blk_all_set(bits, k * s, block, &loc[0], k) <==>
                     amq_split_all_set(bits, s, block, r, k); */
    /*@ assert same_bs: amq_blk_all_set(bits, bs, block, &loc[0], k) <==>
                        amq_split_all_set(bits, s, block, r, k); */
    const int found = amq_blocked_bloom_kernel_query(bits, m, bs, block, loc, k);
    /*@ assert found: found == 1 <==> amq_split_all_set(bits, s, block, r, k); */
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
                                 r[t] == key32 * amq_parquet_salt(t) % 4294967296 / 134217728;
        loop invariant range:  amq_in_range(r, i, 32);
        loop assigns i, r[0 .. 7];
        loop variant 8 - i;
    */
    for (unsigned i = 0; i < AMQ_SPLIT_WORDS; i++) {
        /*@ assert salt: salt[i] == amq_parquet_salt(i); */
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
    /*@ assert set: amq_all_set(bits, &g[0], k); */
}

int amq_partitioned_kernel_query(const uint64_t *bits, uint64_t psize, const uint64_t *local, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_partitioned_kernel_indices(g, psize, local, k);
    return amq_bloom_kernel_query(bits, (uint64_t)k * psize, g, k);
}
#endif /* AMQ_BLOCKED_NO_BLOOM */

#ifndef AMQ_BLOCKED_NO_COUNTING
/* ---------------- counting blocked: the counting kernel in a window ---------------- */


void amq_counting_blocked_kernel_add8(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t block,
                               const uint64_t *idx, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_blocked_kernel_indices(g, bsize, block, idx, k);
    //@ ghost const uint64_t base = block * bsize;
    /*@ assert base: base == block * bsize; */
    //@ ghost Idx: ;
    /* The translated vector names counter base + q exactly as often as idx names q. */
    /*@ assert occ_g: \forall integer q; 0 <= q < bsize ==>
          amq_occ(&g[0], k, base + q) == amq_occ{Pre}(idx, k, q); */
    /*@ assert cnt_same: \forall integer q; 0 <= q < bsize ==>
          amq_cnt(c, 8, base + q) == amq_cnt{Pre}(c, 8, base + q); */
    amq_counting_kernel_add8(c, m, g, k);
    /*@ assert exact_g: \forall integer q; 0 <= q < bsize ==>
          amq_cnt(c, 8, base + q) ==
            amq_sat_add(8, amq_cnt{Idx}(c, 8, base + q), amq_occ{Idx}(&g[0], k, base + q)); */
    /*@ assert exact: amq_blk_cadded{Pre, Here}(c, 8, base, bsize, idx, k); */
    /*@ assert present: amq_cpresent(c, 8, &g[0], k); */
    /*@ assert shifted: amq_shifted(&g[0], idx, k, bsize, block); */
    /*@ assert blk:     amq_blk_cpresent(c, 8, block * bsize, idx, k); */
    /*@ assert outside: \forall integer p; 0 <= p < m ==> (p < block * bsize || block * bsize + bsize <= p) ==>
          !amq_named(&g[0], k, p); */
}

int amq_counting_blocked_kernel_query8(const uint8_t *c, uint64_t m, uint64_t bsize, uint64_t block,
                                const uint64_t *idx, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_blocked_kernel_indices(g, bsize, block, idx, k);
    /*@ assert same: amq_cpresent(c, 8, &g[0], k) <==> amq_blk_cpresent(c, 8, block * bsize, idx, k); */
    /*@ assert idx_same: \forall integer t; 0 <= t < k ==> idx[t] == \at(idx[t], Pre); */
    /*@ assert cnt_same: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 8, block * bsize + idx[t]) == amq_cnt{Pre}(c, 8, block * bsize + \at(idx[t], Pre)); */
    /*@ assert same_pre: amq_blk_cpresent{Pre}(c, 8, block * bsize, idx, k) <==>
                         amq_blk_cpresent(c, 8, block * bsize, idx, k); */
    return amq_counting_kernel_query8(c, m, g, k);
}

int amq_counting_blocked_kernel_remove8(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t block,
                                 const uint64_t *idx, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_blocked_kernel_indices(g, bsize, block, idx, k);
    //@ ghost const uint64_t base = block * bsize;
    /*@ assert base: base == block * bsize; */
    /* The inner kernel's removal condition on g is the blocked one on idx, in steps. */
    /*@ assert occ:  \forall integer t; 0 <= t < k ==> amq_occ(&g[0], k, g[t]) == amq_occ(idx, k, idx[t]); */
    /*@ assert pos:  \forall integer t; 0 <= t < k ==> g[t] == base + idx[t]; */
    /*@ assert cov_g: \forall integer t; 0 <= t < k ==>
          (amq_ccovered_at(c, 8, &g[0], k, t) <==>
           (amq_cnt(c, 8, g[t]) == amq_cmax(8) || amq_cnt(c, 8, g[t]) >= amq_occ(idx, k, idx[t]))); */
    /*@ assert same_b: amq_ccovers(c, 8, &g[0], k) <==> amq_blk_ccovers(c, 8, base, idx, k); */
    /*@ assert same: amq_ccovers(c, 8, &g[0], k) <==> amq_blk_ccovers(c, 8, block * bsize, idx, k); */
    /*@ assert idx_same: \forall integer t; 0 <= t < k ==> idx[t] == \at(idx[t], Pre); */
    /*@ assert occ_same: \forall integer t; 0 <= t < k ==>
          amq_occ(idx, k, idx[t]) == amq_occ{Pre}(idx, k, \at(idx[t], Pre)); */
    /*@ assert cnt_same: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 8, base + idx[t]) == amq_cnt{Pre}(c, 8, base + \at(idx[t], Pre)); */
    /*@ assert same_pre_b: amq_blk_ccovers{Pre}(c, 8, base, idx, k) <==> amq_blk_ccovers(c, 8, base, idx, k); */
    /*@ assert same_pre: amq_blk_ccovers{Pre}(c, 8, block * bsize, idx, k) <==>
                         amq_blk_ccovers(c, 8, block * bsize, idx, k); */
    /*@ assert outside: \forall integer p; 0 <= p < m ==> (p < block * bsize || block * bsize + bsize <= p) ==>
          !amq_named(&g[0], k, p); */
    //@ ghost Idx: ;
    /*@ assert occ_g: \forall integer q; 0 <= q < bsize ==>
          amq_occ(&g[0], k, base + q) == amq_occ{Pre}(idx, k, q); */
    /*@ assert cnt_same_w: \forall integer q; 0 <= q < bsize ==>
          amq_cnt(c, 8, base + q) == amq_cnt{Pre}(c, 8, base + q); */
    const int refused = amq_counting_kernel_remove8(c, m, g, k);
    /*@ assert exact_g: refused == 0 ==> \forall integer q; 0 <= q < bsize ==>
          amq_cnt(c, 8, base + q) ==
            amq_sat_sub(8, amq_cnt{Idx}(c, 8, base + q), amq_occ{Idx}(&g[0], k, base + q)); */
    /*@ assert exact: refused == 0 ==> amq_blk_cremoved{Pre, Here}(c, 8, base, bsize, idx, k); */
    return refused;
}

void amq_counting_blocked_kernel_add4(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t block,
                               const uint64_t *idx, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_blocked_kernel_indices(g, bsize, block, idx, k);
    //@ ghost const uint64_t base = block * bsize;
    /*@ assert base: base == block * bsize; */
    //@ ghost Idx: ;
    /* The translated vector names counter base + q exactly as often as idx names q. */
    /*@ assert occ_g: \forall integer q; 0 <= q < bsize ==>
          amq_occ(&g[0], k, base + q) == amq_occ{Pre}(idx, k, q); */
    /*@ assert cnt_same: \forall integer q; 0 <= q < bsize ==>
          amq_cnt(c, 4, base + q) == amq_cnt{Pre}(c, 4, base + q); */
    amq_counting_kernel_add4(c, m, g, k);
    /*@ assert exact_g: \forall integer q; 0 <= q < bsize ==>
          amq_cnt(c, 4, base + q) ==
            amq_sat_add(4, amq_cnt{Idx}(c, 4, base + q), amq_occ{Idx}(&g[0], k, base + q)); */
    /*@ assert exact: amq_blk_cadded{Pre, Here}(c, 4, base, bsize, idx, k); */
    /*@ assert present: amq_cpresent(c, 4, &g[0], k); */
    /*@ assert shifted: amq_shifted(&g[0], idx, k, bsize, block); */
    /*@ assert blk:     amq_blk_cpresent(c, 4, block * bsize, idx, k); */
    /*@ assert outside: \forall integer p; 0 <= p < m ==> (p < block * bsize || block * bsize + bsize <= p) ==>
          !amq_named(&g[0], k, p); */
}

int amq_counting_blocked_kernel_query4(const uint8_t *c, uint64_t m, uint64_t bsize, uint64_t block,
                                const uint64_t *idx, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_blocked_kernel_indices(g, bsize, block, idx, k);
    /*@ assert same: amq_cpresent(c, 4, &g[0], k) <==> amq_blk_cpresent(c, 4, block * bsize, idx, k); */
    /*@ assert idx_same: \forall integer t; 0 <= t < k ==> idx[t] == \at(idx[t], Pre); */
    /*@ assert cnt_same: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 4, block * bsize + idx[t]) == amq_cnt{Pre}(c, 4, block * bsize + \at(idx[t], Pre)); */
    /*@ assert same_pre: amq_blk_cpresent{Pre}(c, 4, block * bsize, idx, k) <==>
                         amq_blk_cpresent(c, 4, block * bsize, idx, k); */
    return amq_counting_kernel_query4(c, m, g, k);
}

int amq_counting_blocked_kernel_remove4(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t block,
                                 const uint64_t *idx, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_blocked_kernel_indices(g, bsize, block, idx, k);
    //@ ghost const uint64_t base = block * bsize;
    /*@ assert base: base == block * bsize; */
    /* The inner kernel's removal condition on g is the blocked one on idx, in steps. */
    /*@ assert occ:  \forall integer t; 0 <= t < k ==> amq_occ(&g[0], k, g[t]) == amq_occ(idx, k, idx[t]); */
    /*@ assert pos:  \forall integer t; 0 <= t < k ==> g[t] == base + idx[t]; */
    /*@ assert cov_g: \forall integer t; 0 <= t < k ==>
          (amq_ccovered_at(c, 4, &g[0], k, t) <==>
           (amq_cnt(c, 4, g[t]) == amq_cmax(4) || amq_cnt(c, 4, g[t]) >= amq_occ(idx, k, idx[t]))); */
    /*@ assert same_b: amq_ccovers(c, 4, &g[0], k) <==> amq_blk_ccovers(c, 4, base, idx, k); */
    /*@ assert same: amq_ccovers(c, 4, &g[0], k) <==> amq_blk_ccovers(c, 4, block * bsize, idx, k); */
    /*@ assert idx_same: \forall integer t; 0 <= t < k ==> idx[t] == \at(idx[t], Pre); */
    /*@ assert occ_same: \forall integer t; 0 <= t < k ==>
          amq_occ(idx, k, idx[t]) == amq_occ{Pre}(idx, k, \at(idx[t], Pre)); */
    /*@ assert cnt_same: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 4, base + idx[t]) == amq_cnt{Pre}(c, 4, base + \at(idx[t], Pre)); */
    /*@ assert same_pre_b: amq_blk_ccovers{Pre}(c, 4, base, idx, k) <==> amq_blk_ccovers(c, 4, base, idx, k); */
    /*@ assert same_pre: amq_blk_ccovers{Pre}(c, 4, block * bsize, idx, k) <==>
                         amq_blk_ccovers(c, 4, block * bsize, idx, k); */
    /*@ assert outside: \forall integer p; 0 <= p < m ==> (p < block * bsize || block * bsize + bsize <= p) ==>
          !amq_named(&g[0], k, p); */
    //@ ghost Idx: ;
    /*@ assert occ_g: \forall integer q; 0 <= q < bsize ==>
          amq_occ(&g[0], k, base + q) == amq_occ{Pre}(idx, k, q); */
    /*@ assert cnt_same_w: \forall integer q; 0 <= q < bsize ==>
          amq_cnt(c, 4, base + q) == amq_cnt{Pre}(c, 4, base + q); */
    const int refused = amq_counting_kernel_remove4(c, m, g, k);
    /*@ assert exact_g: refused == 0 ==> \forall integer q; 0 <= q < bsize ==>
          amq_cnt(c, 4, base + q) ==
            amq_sat_sub(4, amq_cnt{Idx}(c, 4, base + q), amq_occ{Idx}(&g[0], k, base + q)); */
    /*@ assert exact: refused == 0 ==> amq_blk_cremoved{Pre, Here}(c, 4, base, bsize, idx, k); */
    return refused;
}
#endif /* AMQ_BLOCKED_NO_COUNTING */
