/* The key-level split-block Bloom filter's pure part (lib_internal/split_block_key.h): XXH64 through
 * the hash model, then the proved kernel functions. */
#include <lib_internal/split_block_key.h>

amq_status amq_split_block_key_add(uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *key, size_t len)
{
    if (!key && len)
        return AMQ_E_INVALID_ARG;
    const uint64_t h = amq_xxh64(key, len, seed);
    uint64_t r[AMQ_SPLIT_WORDS];
    const uint64_t block = amq_split_block_kernel_select(h, nblocks);
    amq_split_block_kernel_mask((uint32_t)(h % 4294967296u), r);
    /*@ assert block: block == amq_split_block_hash_block(nblocks, h); */
    /*@ assert bits:  \forall integer t; 0 <= t < 8 ==> r[t] == amq_split_block_hash_bit(h, t); */
    /*@ assert window: block * (8 * 32) + 8 * 32 <= nblocks * 256; */
    /*@ ghost before: ; */
    amq_split_block_kernel_add(bits, nblocks * 256u, AMQ_SPLIT_WORD_BITS, block, r, AMQ_SPLIT_WORDS);
    /* the kernel writes bits only: r, read by its post-condition, is as it was */
    /*@ assert r_kept: \forall integer t; 0 <= t < 8 ==> r[t] == \at(r[t], before); */
    /*@ assert set: amq_split_block_all_set(bits, 32, block, &r[0], 8); */
    /*@ assert hash_set: amq_split_block_hash_set(bits, nblocks, h); */
    return AMQ_OK;
}

int amq_split_block_key_answer(const uint64_t *bits, uint64_t nblocks, uint64_t h)
{
    uint64_t r[AMQ_SPLIT_WORDS], g[AMQ_SPLIT_WORDS];
    const uint64_t block = amq_split_block_kernel_select(h, nblocks);
    const uint64_t base = block * 256u; /* block < nblocks <= 2^32: no wrap */
    amq_split_block_kernel_mask((uint32_t)(h % 4294967296u), r);
    /*@ assert block: block == amq_split_block_hash_block(nblocks, h); */
    /*@ assert bits:  \forall integer t; 0 <= t < 8 ==> r[t] == amq_split_block_hash_bit(h, t); */
    /* the bit of word t of the block, as an index of the whole array (the Bloom kernel's) */
    /*@ loop invariant bounds: 0 <= t <= 8;
        loop invariant trans:  \forall integer i; 0 <= i < t ==> g[i] == block * 256 + (i * 32 + r[i]);
        loop assigns t, g[0 .. 7];
        loop variant 8 - t;
    */
    for (unsigned t = 0; t < AMQ_SPLIT_WORDS; t++)
        g[t] = base + (t * AMQ_SPLIT_WORD_BITS + r[t]);
    /*@ assert in_range: amq_bloom_in_range(&g[0], 8, nblocks * 256); */
    /* same's step, stated: the indices in the key's terms (same took 421k cvc4 steps without it, 94k with) */
    /*@ assert g_bits: \forall integer i; 0 <= i < 8 ==>
          g[i] == amq_split_block_hash_block(nblocks, h) * 256 + (i * 32 + amq_split_block_hash_bit(h, i)); */
    /*@ assert same: amq_bloom_all_set(bits, &g[0], 8) <==> amq_split_block_hash_set(bits, nblocks, h); */
    return amq_bloom_kernel_query(bits, nblocks * 256u, g, AMQ_SPLIT_WORDS);
}

int amq_split_block_key_query(const uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *key, size_t len)
{
    return amq_split_block_key_answer(bits, nblocks, amq_xxh64(key, len, seed));
}
