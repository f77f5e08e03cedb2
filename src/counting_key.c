/* The key-level counting Bloom filter's pure part (lib_internal/counting_key.h): hash, then the
 * proved kernel of width w.  The kernel's contracts speak of an index array (amq_counting_occ); the
 * key-level contracts speak of the key's index sequence (amq_counting_key_occ).  The ghost function
 * below proves, by induction over the prefix, that the two counts agree once the array holds
 * the sequence; each operation then passes the kernel's exact effect through. */
#include <lib_internal/counting_key.h>

/*@ ghost
  /@ requires idx_valid: \valid_read(idx + (0 .. k - 1));
     requires indices:   amq_hash_stream_indices(idx, k, s, seed, key, len, m);
     assigns \nothing;
     ensures same_occ:   \forall integer p; amq_counting_occ(idx, k, p) == amq_counting_key_occ(s, seed, key, len, m, k, p);
  @/
  static void amq_counting_key_occ_lemma(const uint64_t *idx, size_t k, amq_hash_strategy s, uint64_t seed,
                                char *key, size_t len, uint64_t m)
  {
    /@ loop invariant bounds:   0 <= n <= k;
       loop invariant same_occ: \forall integer p; amq_counting_occ(idx, n, p) == amq_counting_key_occ(s, seed, key, len, m, n, p);
       loop assigns n;
       loop variant k - n;
    @/
    for (size_t n = 0; n < k; n++) { }
  }
*/

amq_status amq_counting_key_add(uint8_t *c, uint64_t m, uint64_t k, unsigned w, amq_hash_strategy s,
                                uint64_t seed, const void *key, size_t len)
{
    if (!key && len)
        return AMQ_E_INVALID_ARG;
    uint64_t idx[AMQ_MAX_K];
    amq_hash_indices(s, seed, key, len, m, idx, (size_t)k);
    /*@ assert range: amq_hash_stream_in_range(k, s, seed, (char *)key, len, m); */
    if (w == 8u)
        amq_counting_kernel_add8(c, m, idx, (size_t)k);
    else
        amq_counting_kernel_add4(c, m, idx, (size_t)k);
    /*@ assert inserted: amq_counting_key_counted{Here, Here}(c, w, k, s, seed, (char *)key, len, m); */
    //@ ghost amq_counting_key_occ_lemma(idx, k, s, seed, (char *)key, len, m);
    return AMQ_OK;
}

int amq_counting_key_query(const uint8_t *c, uint64_t m, uint64_t k, unsigned w, amq_hash_strategy s,
                           uint64_t seed, const void *key, size_t len)
{
    uint64_t idx[AMQ_MAX_K];
    amq_hash_indices(s, seed, key, len, m, idx, (size_t)k);
    return w == 8u ? amq_counting_kernel_query8(c, m, idx, (size_t)k)
                   : amq_counting_kernel_query4(c, m, idx, (size_t)k);
}

amq_status amq_counting_key_remove(uint8_t *c, uint64_t m, uint64_t k, unsigned w, amq_hash_strategy s,
                                   uint64_t seed, const void *key, size_t len)
{
    if (!key && len)
        return AMQ_E_INVALID_ARG;
    uint64_t idx[AMQ_MAX_K];
    amq_hash_indices(s, seed, key, len, m, idx, (size_t)k);
    /*@ assert range: amq_hash_stream_in_range(k, s, seed, (char *)key, len, m); */
    //@ ghost amq_counting_key_occ_lemma(idx, k, s, seed, (char *)key, len, m);
    /*@ assert at_t: \forall integer t; 0 <= t < k ==>
          idx[t] == amq_hash_stream_index{Pre}(s, seed, (char *)key, len, m, t) &&
          amq_counting_cell(c, w, idx[t]) == amq_counting_cell{Pre}(c, w, amq_hash_stream_index{Pre}(s, seed, (char *)key, len, m, t)) &&
          amq_counting_occ(&idx[0], k, idx[t]) ==
            amq_counting_key_occ{Pre}(s, seed, (char *)key, len, m, k, amq_hash_stream_index{Pre}(s, seed, (char *)key, len, m, t)); */
    /*@ assert to_kernel: amq_counting_key_covered{Pre}(c, w, k, s, seed, (char *)key, len, m) ==>
                          amq_counting_covers(c, w, &idx[0], k); */
    /*@ assert cov_at: \forall integer t; 0 <= t < k ==> amq_counting_covered_at(c, w, &idx[0], k, t) ==>
          amq_counting_cell{Pre}(c, w, amq_hash_stream_index{Pre}(s, seed, (char *)key, len, m, t)) == amq_counting_max(w) ||
          amq_counting_cell{Pre}(c, w, amq_hash_stream_index{Pre}(s, seed, (char *)key, len, m, t)) >=
            amq_counting_key_occ{Pre}(s, seed, (char *)key, len, m, k, amq_hash_stream_index{Pre}(s, seed, (char *)key, len, m, t)); */
    /*@ assert to_key_at: amq_counting_covers(c, w, &idx[0], k) ==> \forall integer t; 0 <= t < k ==>
          amq_counting_cell{Pre}(c, w, amq_hash_stream_index{Pre}(s, seed, (char *)key, len, m, t)) == amq_counting_max(w) ||
          amq_counting_cell{Pre}(c, w, amq_hash_stream_index{Pre}(s, seed, (char *)key, len, m, t)) >=
            amq_counting_key_occ{Pre}(s, seed, (char *)key, len, m, k, amq_hash_stream_index{Pre}(s, seed, (char *)key, len, m, t)); */
    /*@ assert to_key:    amq_counting_covers(c, w, &idx[0], k) ==>
                          amq_counting_key_covered{Pre}(c, w, k, s, seed, (char *)key, len, m); */
    const int refused = w == 8u ? amq_counting_kernel_remove8(c, m, idx, (size_t)k)
                                : amq_counting_kernel_remove4(c, m, idx, (size_t)k);
    return refused ? AMQ_E_NOT_PRESENT : AMQ_OK;
}
