/* The key-level sliding-window Bloom filter's pure part (lib_internal/window_key.h): the key's k
 * indices from the stream, then the proved window kernel. */
#include <lib_internal/window_key.h>

amq_status amq_window_key_add(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g, uint64_t cap,
                              uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed, const void *key,
                              size_t len) /*@ ghost (uint64_t *area, uint64_t n) */
{
    if (!key && len)
        return AMQ_E_INVALID_ARG;
    uint64_t idx[AMQ_MAX_K];
    amq_hash_indices(s, seed, key, len, m, idx, (size_t)k);
    /* The steps are spelled out: in the kernel's large context the solvers do not find them. */
    /*@ assert range: amq_hash_stream_in_range(k, s, seed, (char *)key, len, m); */
    /*@ assert sep_idx: \separated(idx + (0 .. k - 1), area + (0 .. n - 1), count + (0 .. g - 1), cur); */
    /*@ assert meta_same: *cur == \at(*cur, Pre) && \forall integer i; 0 <= i < g ==> count[i] == \at(count[i], Pre); */
    /*@ assert gens_same: \forall integer i, t; 0 <= i < g && 0 <= t < amq_bloom_words(m) ==> gen[i][t] == \at(gen[i][t], Pre); */
    /*@ assert bits_same: \forall integer i, p; 0 <= i < g && 0 <= p < 64 * amq_bloom_words(m) ==>
                            (amq_bloom_bit_set(gen[i], p) <==> amq_bloom_bit_set{Pre}(gen[i], p)); */
    /*@ ghost Hashed: ; */
    amq_window_kernel_add(gen, count, cur, g, cap, m, idx, (size_t)k) /*@ ghost (area, n) */;
    /*@ assert idx_same: \forall integer t; 0 <= t < k ==> idx[t] == \at(idx[t], Hashed); */
    /* The untouched generations (fill and rotate), from the kernel's state to the key's: the
     * behaviours' `others` at once took cvc4 500k and 300k steps. */
    /*@ assert others_kernel: \forall integer i; 0 <= i < g && i != \at(*cur, Pre) && i != *cur ==>
          count[i] == \at(count[i], Hashed) && amq_window_gen_same{Hashed, Here}(gen[i], amq_bloom_words(m)); */
    /*@ assert others_key: \forall integer i; 0 <= i < g && i != \at(*cur, Pre) && i != *cur ==>
          count[i] == \at(count[i], Pre) && amq_window_gen_same{Pre, Here}(gen[i], amq_bloom_words(m)); */
    /*@ assert inserted: amq_window_key_set{Here, Pre}(gen[\at(*cur, Pre)], k, s, seed, (char *)key, len, m); */
    return AMQ_OK;
}

int amq_window_key_query(uint64_t *const *gen, uint64_t g, uint64_t m, uint64_t k, amq_hash_strategy s,
                         uint64_t seed, const void *key, size_t len)
{
    uint64_t idx[AMQ_MAX_K];
    amq_hash_indices(s, seed, key, len, m, idx, (size_t)k);
    return amq_window_kernel_query(gen, g, m, idx, (size_t)k);
}
