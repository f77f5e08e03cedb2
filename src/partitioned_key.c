/* The key-level partitioned Bloom filter's pure part (lib_internal/partitioned_key.h): hash over
 * the partition size, then the proved partitioned kernel. */
#include <lib_internal/partitioned_key.h>

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
