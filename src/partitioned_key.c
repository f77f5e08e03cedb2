/* The key-level partitioned Bloom filter's pure part (lib_internal/partitioned_key.h): hash over
 * the partition size, then the proved partitioned kernel. */
#include <lib_internal/partitioned_key.h>
#include <lib_internal/bloom_kernel.h>
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

/* The batch: rounds of up to BATCH keys.  Each key of a round is hashed once (locate: its k
 * bit positions into the round's pos, their words prefetched), then answered from those
 * positions (answer: the Bloom kernel's query, unit bloom).  A round holds at most AMQ_MAX_K
 * positions, so with k > AMQ_MAX_K / BATCH it has fewer keys.  Stated at Pre as before
 * (proofs/doc/blocked.md): bits_kept and lens_kept carry the frame that results' writes leave
 * to a prover, at_pre one answer from the call's state to Pre; results is indexed absolutely. */
#define BATCH 16u

/* pos[t] = t * psize + the key's index t, for t < k; the words of those bits prefetched. */
/*@ requires psize_pos: psize >= 1;
    requires k_range:   1 <= k <= AMQ_MAX_K;
    requires fits:      k * psize <= 18446744073709551615;
    requires strategy:  AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    requires pos_valid: \valid(pos + (0 .. k - 1));
    assigns pos[0 .. k - 1];
    ensures located: amq_partitioned_key_located{Post, Pre}(pos, psize, k, s, seed, (char *)key, len);
    ensures range:   amq_bloom_in_range(pos, k, k * psize);
*/
static void locate(const uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s, uint64_t seed,
                   const void *key, size_t len, uint64_t *pos)
{
    uint64_t local[AMQ_MAX_K];
    amq_hash_indices(s, seed, key, len, psize, local, (size_t)k);
    amq_partitioned_kernel_indices(pos, psize, local, (size_t)k);
    /*@ loop invariant t <= k;
        loop assigns t;
        loop variant k - t;
    */
    for (uint64_t t = 0; t < k; t++)
        AMQ_PREFETCH(bits + pos[t] / 64u);
}

/* The answer's one step, as a ghost lemma function: the assert same (each position's bit is
 * the key's) and then each direction, cvc4 0.1 s (33k steps) each.  Without same, cvc4 ran to
 * the guard on to_key in the unit (0.1 s alone: the unit's lemmas change its search); inline
 * beside the kernel call (the single query's all_set on a located pointer), to the 300 s guard
 * (proofs/doc/blocked.md).  An ACSL lemma proves alone in 0.2 s, but the unit's lemma job
 * generates no goal under its -wp-skip-fct option. */
/*@ ghost
  /@ requires located: amq_partitioned_key_located{Here, Here}(pos, psize, k, s, seed, key, len);
     assigns \nothing;
     ensures to_key:   amq_bloom_all_set(bits, pos, k) ==>
                         amq_partitioned_key_set{Here, Here}(bits, psize, k, s, seed, key, len);
     ensures from_key: amq_partitioned_key_set{Here, Here}(bits, psize, k, s, seed, key, len) ==>
                         amq_bloom_all_set(bits, pos, k);
  @/
  static void located_set(const uint64_t *bits, const uint64_t *pos, uint64_t psize, uint64_t k,
                          amq_hash_strategy s, uint64_t seed, char *key, size_t len)
  {
    /@ assert same: \forall integer t; 0 <= t < k ==>
         (amq_bloom_bit_set(bits, pos[t]) <==> amq_bloom_bit_set(bits, t * psize + amq_hash_stream_index(s, seed, key, len, psize, t))); @/
  }
*/

/* The key's answer from its located positions; the key itself is ghost (only the contract
 * names it). */
/*@ requires psize_pos:  psize >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires m_is:       m == k * psize;
    requires bits_valid: \valid_read(bits + (0 .. amq_bloom_words(m) - 1));
    requires pos_valid:  \valid_read(pos + (0 .. k - 1));
    requires located:    amq_partitioned_key_located{Here, Here}(pos, psize, k, s, seed, key, len);
    requires range:      amq_bloom_in_range(pos, k, m);
    assigns \nothing;
    ensures answer: amq_partitioned_key_answer{Pre, Pre}(\result, bits, psize, k, s, seed, key, len);
*/
static int answer(const uint64_t *bits, uint64_t m, uint64_t k, const uint64_t *pos)
    /*@ ghost (uint64_t psize, amq_hash_strategy s, uint64_t seed, char *key, size_t len) */
{
    //@ ghost located_set(bits, pos, psize, k, s, seed, key, len);
    return amq_bloom_kernel_query(bits, m, pos, (size_t)k);
}

void amq_partitioned_key_query_batch(const uint64_t *bits, uint64_t psize, uint64_t k, amq_hash_strategy s,
                                     uint64_t seed, const void *const *keys, const size_t *lens, size_t count,
                                     int *results)
{
    uint64_t pos[AMQ_MAX_K]; /* a round's bit positions: key j's k of them from pos[start[j]] */
    size_t start[BATCH];
    const uint64_t m = k * psize;
    /*@ loop invariant done:      base <= count;
        loop invariant lens_kept: \forall integer j; 0 <= j < count ==> lens[j] == \at(lens[j], Pre);
        loop invariant bits_kept: \forall integer w; bits[w] == \at(bits[w], Pre);
        loop invariant answered:  \forall integer j; 0 <= j < base ==>
          amq_partitioned_key_answer{Pre, Pre}(results[j], bits, psize, k, s, seed, (char *)\at(keys[j], Pre), \at(lens[j], Pre));
        loop assigns base, results[0 .. count - 1], pos[0 .. AMQ_MAX_K - 1], start[0 .. BATCH - 1];
        loop variant count - base;
    */
    for (size_t base = 0; base < count;) {
        size_t n = 0, off = 0;
        /*@ loop invariant n_range:   n <= BATCH && n <= count - base;
            loop invariant off_range: off <= AMQ_MAX_K;
            loop invariant first:     n == 0 ==> off == 0;
            loop invariant starts:    \forall integer j; 0 <= j < n ==> start[j] + k <= off;
            loop invariant located:   \forall integer j; 0 <= j < n ==>
              amq_partitioned_key_located{Here, Here}(pos + start[j], psize, k, s, seed, (char *)keys[base + j], lens[base + j]);
            loop invariant range:     \forall integer j; 0 <= j < n ==> amq_bloom_in_range(pos + start[j], k, m);
            loop assigns n, off, start[0 .. BATCH - 1], pos[0 .. AMQ_MAX_K - 1];
            loop variant BATCH - n;
        */
        while (n < BATCH && n < count - base && off <= AMQ_MAX_K - k) {
            start[n] = off;
            locate(bits, psize, k, s, seed, keys[base + n], lens[base + n], pos + off);
            off += k;
            n++;
        }
        //@ assert some: n >= 1;
        /*@ loop invariant i_range:   i <= n;
            loop invariant lens_kept: \forall integer j; 0 <= j < count ==> lens[j] == \at(lens[j], Pre);
            loop invariant bits_kept: \forall integer w; bits[w] == \at(bits[w], Pre);
            loop invariant answered:  \forall integer j; 0 <= j < base + i ==>
              amq_partitioned_key_answer{Pre, Pre}(results[j], bits, psize, k, s, seed, (char *)\at(keys[j], Pre), \at(lens[j], Pre));
            loop invariant located:   \forall integer j; 0 <= j < n ==>
              amq_partitioned_key_located{Here, Here}(pos + start[j], psize, k, s, seed, (char *)keys[base + j], lens[base + j]);
            loop invariant range:     \forall integer j; 0 <= j < n ==> amq_bloom_in_range(pos + start[j], k, m);
            loop assigns i, results[base .. base + n - 1];
            loop variant n - i;
        */
        for (size_t i = 0; i < n; i++) {
            const int r = answer(bits, m, k, pos + start[i]) /*@ ghost (psize, s, seed, (char *)keys[base + i], lens[base + i]) */;
            /*@ assert at_pre: amq_partitioned_key_set{Here, Here}(bits, psize, k, s, seed, (char *)keys[base + i], lens[base + i]) <==>
                  amq_partitioned_key_set{Pre, Pre}(bits, psize, k, s, seed, (char *)keys[base + i], lens[base + i]); */
            results[base + i] = r;
        }
        base += n;
    }
}
