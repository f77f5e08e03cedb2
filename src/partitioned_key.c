/* The key-level partitioned Bloom filter's pure part (lib_internal/partitioned_key.h): hash over
 * the partition size, then the proved partitioned kernel. */
#include <lib_internal/partitioned_key.h>
#include <lib_internal/prefetch.h>

amq_status amq_partitioned_key_add(uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s,
                                   uint64_t seed, const void *key, size_t len)
{
    if (!key && len)
        return AMQ_E_INVALID_ARG;
    uint64_t local[AMQ_MAX_K];
    amq_hash_indices(s, seed, key, len, psize, local, (size_t)k);
    amq_partitioned_kernel_add(bits, psize, local, (size_t)k);
    return AMQ_OK;
}

int amq_partitioned_key_query(const uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s,
                              uint64_t seed, const void *key, size_t len)
{
    uint64_t local[AMQ_MAX_K];
    amq_hash_indices(s, seed, key, len, psize, local, (size_t)k);
    /* absent's step, stated: cvc4 took 520k steps to find it from the contracts alone; and
     * all_set's, the index array as the key's sequence (319k steps without it, 102k with) */
    /*@ assert idx: \forall integer t; 0 <= t < k ==>
          local[t] == amq_hash_stream_index(s, seed, (char *)key, len, psize, t); */
    /*@ assert all_set: amq_partitioned_all_set(bits, psize, &local[0], k) ==>
                          amq_partitioned_key_set{Here, Here}(bits, psize, k, s, seed, (char *)key, len); */
    return amq_partitioned_kernel_query(bits, psize, local, (size_t)k);
}

/* Keys per round of the batch: the words of their k bits prefetched together, then each
 * answered by the single query (which hashes it again: a proof of the answer on the indices
 * located here did not go through, proofs/doc/blocked.md).  The answers are stated at Pre: bits_kept and lens_kept say that the bits and
 * the lengths stay (results, bits and lens are all integer memory to WP: a prover must see
 * the frame), and at_pre carries one answer from the call's state to Pre; the answered
 * invariants index results absolutely (j < base + i), so that no prover has to find j - base. */
#define BATCH 16u

void amq_partitioned_key_query_batch(const uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s,
                                     uint64_t seed, const void *const *keys, const size_t *lens, size_t count,
                                     int *results)
{
    uint64_t local[AMQ_MAX_K], pos[AMQ_MAX_K]; /* a key's indices, and its k bit positions */
    /*@ loop invariant done:      base <= count;
        loop invariant lens_kept: \forall integer j; 0 <= j < count ==> lens[j] == \at(lens[j], Pre);
        loop invariant bits_kept: \forall integer w; bits[w] == \at(bits[w], Pre);
        loop invariant answered:  \forall integer j; 0 <= j < base ==>
          amq_partitioned_key_answer{Pre, Pre}(results[j], bits, psize, k, s, seed, (char *)\at(keys[j], Pre), \at(lens[j], Pre));
        loop assigns base, results[0 .. count - 1], local[0 .. AMQ_MAX_K - 1], pos[0 .. AMQ_MAX_K - 1];
        loop variant count - base;
    */
    for (size_t base = 0; base < count;) {
        const size_t n = count - base < BATCH ? count - base : BATCH;
        /*@ loop invariant i <= n;
            loop invariant bits_kept: \forall integer w; bits[w] == \at(bits[w], Pre);
            loop invariant answered:  \forall integer j; 0 <= j < base ==>
              amq_partitioned_key_answer{Pre, Pre}(results[j], bits, psize, k, s, seed, (char *)\at(keys[j], Pre), \at(lens[j], Pre));
            loop assigns i, local[0 .. AMQ_MAX_K - 1], pos[0 .. AMQ_MAX_K - 1];
            loop variant n - i;
        */
        for (size_t i = 0; i < n; i++) {
            amq_hash_indices(s, seed, keys[base + i], lens[base + i], psize, local, (size_t)k);
            amq_partitioned_kernel_indices(pos, psize, local, (size_t)k);
            /*@ loop invariant t <= k;
                loop assigns t;
                loop variant k - t;
            */
            for (uint64_t t = 0; t < k; t++)
                AMQ_PREFETCH(bits + pos[t] / 64u);
        }
        /*@ loop invariant i_range:   i <= n;
            loop invariant lens_kept: \forall integer j; 0 <= j < count ==> lens[j] == \at(lens[j], Pre);
            loop invariant bits_kept: \forall integer w; bits[w] == \at(bits[w], Pre);
            loop invariant answered:  \forall integer j; 0 <= j < base + i ==>
              amq_partitioned_key_answer{Pre, Pre}(results[j], bits, psize, k, s, seed, (char *)\at(keys[j], Pre), \at(lens[j], Pre));
            loop assigns i, results[base .. base + n - 1];
            loop variant n - i;
        */
        for (size_t i = 0; i < n; i++) {
            const int r = amq_partitioned_key_query(bits, psize, k, s, seed, keys[base + i], lens[base + i]);
            /*@ assert at_pre: amq_partitioned_key_set{Here, Here}(bits, psize, k, s, seed, (char *)keys[base + i], lens[base + i]) <==>
                  amq_partitioned_key_set{Pre, Pre}(bits, psize, k, s, seed, (char *)keys[base + i], lens[base + i]); */
            results[base + i] = r;
        }
        base += n;
    }
}
