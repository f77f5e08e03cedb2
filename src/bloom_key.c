/* The key-level Bloom filter's pure part (lib_internal/bloom_key.h): the add hashes, then calls
 * the proved kernel; the query reads the bits itself, as the kernel reads them. */
#include <lib_internal/bloom_key.h>

amq_status amq_bloom_key_add(uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed,
                             const void *key, size_t len)
{
    if (!key && len)
        return AMQ_E_INVALID_ARG;
    uint64_t idx[AMQ_MAX_K];
    amq_hash_indices(s, seed, key, len, m, idx, (size_t)k);
    amq_bloom_kernel_add(bits, m, idx, (size_t)k);
    return AMQ_OK;
}

/* The k bits of the key's stream ANDed into bit 0 of `all`, tested once after
 * AMQ_BLOOM_KEY_FIRST bits and at the end (lib_internal/bloom_key.h says why). */
int amq_bloom_key_query(const uint64_t *bits, uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed,
                        const void *key, size_t len)
{
    amq_hash_stream st;
    amq_hash_stream_key(&st, s, seed, key, len, m);
    uint64_t all = 1; /* bit 0: the conjunction so far */
    //@ ghost uint64_t x0 = st.x;
    //@ ghost uint64_t y0 = st.y;
    //@ ghost uint64_t z = st.z;
    /*@ assert words: s != AMQ_HASH_INDEPENDENT ==>
          x0 == amq_hash_stream_reduce(amq_hash_xxh3_128_lo((char *)key, len, seed), m) &&
          y0 == amq_hash_stream_y0(s, amq_hash_stream_reduce(amq_hash_xxh3_128_hi((char *)key, len, seed), m), m) &&
          z == amq_hash_stream_reduce(amq_hash_stream_c(s, seed, (char *)key, len), m) &&
          amq_hash_stream_at(&st, s, x0, y0, z, m);
    */
    /*@ loop invariant bounds: 0 <= t <= k && st.i == t;
        loop invariant ok:     amq_hash_stream_ok(&st);
        loop invariant indep:  s == AMQ_HASH_INDEPENDENT ==>
                                 amq_hash_stream_at_key(&st, seed, (char *)key, len, m);
        loop invariant at:     s != AMQ_HASH_INDEPENDENT ==> amq_hash_stream_at(&st, s, x0, y0, z, m);
        loop invariant set:    (all & 1) == 1 <==> amq_bloom_key_set{Here, Here}(bits, t, s, seed, (char *)key, len, m);
        loop invariant range:  amq_hash_stream_in_range(t, s, seed, (char *)key, len, m);
        loop assigns t, st, all;
        loop variant k - t;
    */
    for (uint64_t t = 0; t < k; t++) {
        const uint64_t i = amq_hash_stream_next(&st);
        /*@ assert step: s != AMQ_HASH_INDEPENDENT ==> i == st.x && st.i == t + 1 &&
              st.x == amq_hash_stream_x(s, x0, y0, z, m, t) && st.y == amq_hash_stream_y(s, y0, z, m, t); */
        /*@ assert at_next: s != AMQ_HASH_INDEPENDENT ==> amq_hash_stream_at(&st, s, x0, y0, z, m); */
        /*@ assert rec: s != AMQ_HASH_INDEPENDENT ==> i == amq_hash_stream_x(s, x0, y0, z, m, t); */
        /*@ assert next: i == amq_hash_stream_index(s, seed, (char *)key, len, m, t) && i < m; */
        all &= bits[i / 64u] >> (i % 64u);
        if (t + 1 == AMQ_BLOOM_KEY_FIRST && (all & 1u) == 0)
            return 0;
    }
    return (int)(all & 1u);
}
