/* The key-level split-block Bloom filter's pure part (lib_internal/split_block_key.h): XXH64 through
 * the hash model, then the proved kernel functions. */
#include <lib_internal/split_block_key.h>
#include <lib_internal/prefetch.h>

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

/* The batch: rounds of up to BATCH keys, as amq_blocked_key_query_batch (src/blocked_key.c):
 * each key of a round hashed once (its block prefetched), then each answered from its hash.
 * Stated at Pre as that batch (bits_kept, lens_kept, at_pre; results indexed absolutely). */
#define BATCH 16u
#define BLOCK_WORDS (AMQ_SPLIT_WORDS * AMQ_SPLIT_WORD_BITS / 64u) /* 64-bit words of a block */

void amq_split_block_key_query_batch(const uint64_t *bits, uint64_t nblocks, uint64_t seed, const void *const *keys,
                                     const size_t *lens, size_t count, int *results)
{
    uint64_t h[BATCH]; /* the round's hashes: key base + j's in h[j] */
    /*@ loop invariant done:      base <= count;
        loop invariant lens_kept: \forall integer j; 0 <= j < count ==> lens[j] == \at(lens[j], Pre);
        loop invariant bits_kept: \forall integer w; bits[w] == \at(bits[w], Pre);
        loop invariant answered:  \forall integer j; 0 <= j < base ==>
          amq_split_block_key_result{Pre, Pre}(results[j], bits, nblocks, seed, (char *)\at(keys[j], Pre),
                                               \at(lens[j], Pre));
        loop assigns base, results[0 .. count - 1], h[0 .. BATCH - 1];
        loop variant count - base;
    */
    for (size_t base = 0; base < count;) {
        size_t n = 0;
        /*@ loop invariant n_range: n <= BATCH && n <= count - base;
            loop invariant hashed:  \forall integer j; 0 <= j < n ==>
              h[j] == amq_hash_xxh64((char *)keys[base + j], lens[base + j], seed);
            loop assigns n, h[0 .. BATCH - 1];
            loop variant BATCH - n;
        */
        while (n < BATCH && n < count - base) {
            h[n] = amq_xxh64(keys[base + n], lens[base + n], seed);
            AMQ_PREFETCH(bits + amq_split_block_kernel_select(h[n], nblocks) * BLOCK_WORDS);
            n++;
        }
        /*@ loop invariant i_range:   i <= n;
            loop invariant lens_kept: \forall integer j; 0 <= j < count ==> lens[j] == \at(lens[j], Pre);
            loop invariant bits_kept: \forall integer w; bits[w] == \at(bits[w], Pre);
            loop invariant answered:  \forall integer j; 0 <= j < base + i ==>
              amq_split_block_key_result{Pre, Pre}(results[j], bits, nblocks, seed, (char *)\at(keys[j], Pre),
                                                   \at(lens[j], Pre));
            loop invariant hashed:    \forall integer j; 0 <= j < n ==>
              h[j] == amq_hash_xxh64((char *)keys[base + j], lens[base + j], seed);
            loop assigns i, results[base .. base + n - 1];
            loop variant n - i;
        */
        for (size_t i = 0; i < n; i++) {
            const int a = amq_split_block_key_answer(bits, nblocks, h[i]);
            /*@ assert at_pre: amq_split_block_key_result{Here, Here}(a, bits, nblocks, seed, (char *)keys[base + i],
                                                                     lens[base + i]) <==>
                               amq_split_block_key_result{Pre, Pre}(a, bits, nblocks, seed, (char *)keys[base + i],
                                                                    lens[base + i]); */
            /* got and kept: answered's step in two (its preservation took cvc4 657k steps without
             * them, 397k with) */
            /*@ assert got: \forall integer j; j == base + i ==>
                  amq_split_block_key_result{Pre, Pre}(a, bits, nblocks, seed, (char *)\at(keys[j], Pre),
                                                       \at(lens[j], Pre)); */
            results[base + i] = a;
            /*@ assert kept: \forall integer j; 0 <= j < base + i ==>
                             results[j] == \at(results[j], LoopCurrent); */
        }
        base += n;
    }
}
