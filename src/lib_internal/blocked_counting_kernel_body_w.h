/* The bodies of the counting blocked kernels of one counter width, AMQ_CW (4 or 8), for
 * src/blocked_kernel.c, which includes this text once per width (lib_internal/counting_widths.h;
 * no include guard, on purpose); the contracts are in lib_internal/blocked_counting_kernel_w.h.
 * Not for any other file: it defines functions. */
#if !defined(AMQ_CW) || (AMQ_CW != 4 && AMQ_CW != 8)
#error "lib_internal/blocked_counting_kernel_body_w.h: define AMQ_CW to 4 or 8"
#endif

void AMQ_CW_FN(amq_counting_blocked_kernel_add)(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t block,
                                                const uint64_t *idx, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_blocked_kernel_indices(g, bsize, block, idx, k);
    //@ ghost const uint64_t base = block * bsize;
    /*@ assert base: base == block * bsize; */
    //@ ghost Idx: ;
    /* The translated vector names counter base + q exactly as often as idx names q. */
    /*@ assert occ_g: \forall integer q; 0 <= q < bsize ==>
          amq_counting_occ(&g[0], k, base + q) == amq_counting_occ{Pre}(idx, k, q); */
    /*@ assert cnt_same: \forall integer q; 0 <= q < bsize ==>
          amq_counting_cell(c, AMQ_CW, base + q) == amq_counting_cell{Pre}(c, AMQ_CW, base + q); */
    AMQ_CW_FN(amq_counting_kernel_add)(c, m, g, k);
    /*@ assert exact_g: \forall integer q; 0 <= q < bsize ==>
          amq_counting_cell(c, AMQ_CW, base + q) ==
            amq_counting_sat_add(AMQ_CW, amq_counting_cell{Idx}(c, AMQ_CW, base + q), amq_counting_occ{Idx}(&g[0], k, base + q)); */
    /*@ assert exact: amq_blocked_counting_added{Pre, Here}(c, AMQ_CW, base, bsize, idx, k); */
    /*@ assert present: amq_counting_present(c, AMQ_CW, &g[0], k); */
    /*@ assert shifted: amq_blocked_shifted(&g[0], idx, k, bsize, block); */
    /*@ assert blk:     amq_blocked_counting_present(c, AMQ_CW, block * bsize, idx, k); */
    /*@ assert outside: \forall integer p; 0 <= p < m ==> (p < block * bsize || block * bsize + bsize <= p) ==>
          !amq_bloom_named(&g[0], k, p); */
}

int AMQ_CW_FN(amq_counting_blocked_kernel_query)(const uint8_t *c, uint64_t m, uint64_t bsize, uint64_t block,
                                                 const uint64_t *idx, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_blocked_kernel_indices(g, bsize, block, idx, k);
    /*@ assert same: amq_counting_present(c, AMQ_CW, &g[0], k) <==> amq_blocked_counting_present(c, AMQ_CW, block * bsize, idx, k); */
    /*@ assert idx_same: \forall integer t; 0 <= t < k ==> idx[t] == \at(idx[t], Pre); */
    /*@ assert cnt_same: \forall integer t; 0 <= t < k ==>
          amq_counting_cell(c, AMQ_CW, block * bsize + idx[t]) == amq_counting_cell{Pre}(c, AMQ_CW, block * bsize + \at(idx[t], Pre)); */
    /*@ assert same_pre: amq_blocked_counting_present{Pre}(c, AMQ_CW, block * bsize, idx, k) <==>
                         amq_blocked_counting_present(c, AMQ_CW, block * bsize, idx, k); */
    return AMQ_CW_FN(amq_counting_kernel_query)(c, m, g, k);
}

int AMQ_CW_FN(amq_counting_blocked_kernel_remove)(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t block,
                                                  const uint64_t *idx, size_t k)
{
    uint64_t g[AMQ_BLOCKED_MAX_K];
    amq_blocked_kernel_indices(g, bsize, block, idx, k);
    //@ ghost const uint64_t base = block * bsize;
    /*@ assert base: base == block * bsize; */
    /* The inner kernel's removal condition on g is the blocked one on idx, in steps. */
    /*@ assert occ:  \forall integer t; 0 <= t < k ==> amq_counting_occ(&g[0], k, g[t]) == amq_counting_occ(idx, k, idx[t]); */
    /*@ assert pos:  \forall integer t; 0 <= t < k ==> g[t] == base + idx[t]; */
    /*@ assert cov_g: \forall integer t; 0 <= t < k ==>
          (amq_counting_covered_at(c, AMQ_CW, &g[0], k, t) <==>
           (amq_counting_cell(c, AMQ_CW, g[t]) == amq_counting_max(AMQ_CW) || amq_counting_cell(c, AMQ_CW, g[t]) >= amq_counting_occ(idx, k, idx[t]))); */
    /*@ assert same_b: amq_counting_covers(c, AMQ_CW, &g[0], k) <==> amq_blocked_counting_covers(c, AMQ_CW, base, idx, k); */
    /*@ assert same: amq_counting_covers(c, AMQ_CW, &g[0], k) <==> amq_blocked_counting_covers(c, AMQ_CW, block * bsize, idx, k); */
    /*@ assert idx_same: \forall integer t; 0 <= t < k ==> idx[t] == \at(idx[t], Pre); */
    /*@ assert occ_same: \forall integer t; 0 <= t < k ==>
          amq_counting_occ(idx, k, idx[t]) == amq_counting_occ{Pre}(idx, k, \at(idx[t], Pre)); */
    /*@ assert cnt_same: \forall integer t; 0 <= t < k ==>
          amq_counting_cell(c, AMQ_CW, base + idx[t]) == amq_counting_cell{Pre}(c, AMQ_CW, base + \at(idx[t], Pre)); */
    /*@ assert same_pre_b: amq_blocked_counting_covers{Pre}(c, AMQ_CW, base, idx, k) <==> amq_blocked_counting_covers(c, AMQ_CW, base, idx, k); */
    /*@ assert same_pre: amq_blocked_counting_covers{Pre}(c, AMQ_CW, block * bsize, idx, k) <==>
                         amq_blocked_counting_covers(c, AMQ_CW, block * bsize, idx, k); */
    /*@ assert outside: \forall integer p; 0 <= p < m ==> (p < block * bsize || block * bsize + bsize <= p) ==>
          !amq_bloom_named(&g[0], k, p); */
    //@ ghost Idx: ;
    /*@ assert occ_g: \forall integer q; 0 <= q < bsize ==>
          amq_counting_occ(&g[0], k, base + q) == amq_counting_occ{Pre}(idx, k, q); */
    /*@ assert cnt_same_w: \forall integer q; 0 <= q < bsize ==>
          amq_counting_cell(c, AMQ_CW, base + q) == amq_counting_cell{Pre}(c, AMQ_CW, base + q); */
    const int refused = AMQ_CW_FN(amq_counting_kernel_remove)(c, m, g, k);
    /*@ assert exact_g: refused == 0 ==> \forall integer q; 0 <= q < bsize ==>
          amq_counting_cell(c, AMQ_CW, base + q) ==
            amq_counting_sat_sub(AMQ_CW, amq_counting_cell{Idx}(c, AMQ_CW, base + q), amq_counting_occ{Idx}(&g[0], k, base + q)); */
    /*@ assert exact: refused == 0 ==> amq_blocked_counting_removed{Pre, Here}(c, AMQ_CW, base, bsize, idx, k); */
    return refused;
}
