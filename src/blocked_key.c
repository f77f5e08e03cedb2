/* The key-level blocked Bloom filter's pure part (lib_internal/blocked_key.h): the block
 * (lib_internal/blocked_block.h), the in-block indices from the stream, then the proved kernels. */
#include <lib_internal/blocked_key.h>

/* Ghost lemma: block b < n of s bits ends at or before n * s (a product fact, proved once here
 * and called where needed: SMT solvers do not instantiate lemmas on products). */
/*@ ghost
  /@ requires below: b < n;
     assigns \nothing;
     ensures fits: 0 <= b * s && b * s + s <= n * s;
  @/
  static void block_fits(uint64_t b, uint64_t n, uint64_t s) { }
*/

amq_status amq_blocked_key_add(uint64_t *bits, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                               amq_hash_strategy s, uint64_t seed, const void *key, size_t len)
{
    if (!key && len)
        return AMQ_E_INVALID_ARG;
    const uint64_t block = amq_blocked_key_block(seed, key, len, nblocks);
    //@ ghost block_fits(block, nblocks, bsize);
    //@ assert window: amq_blocked_key_window(seed, (char *)key, len, nblocks, bsize, m);
    uint64_t idx[AMQ_MAX_K];
    amq_hash_indices(s, seed, key, len, bsize, idx, (size_t)k);
    amq_blocked_bloom_kernel_add(bits, m, bsize, block, idx, (size_t)k);
    //@ assert kept: amq_hash_stream_indices(&idx[0], k, s, seed, (char *)key, len, bsize);
    //@ assert set: \forall integer t; 0 <= t < k ==> amq_bloom_bit_set(bits, block * bsize + idx[t]);
    //@ assert base: block * bsize == amq_blocked_key_block_of(seed, (char *)key, len, nblocks) * bsize;
    //@ assert inserted: amq_blocked_key_set_at{Here, Here}(bits, block * bsize, k, s, seed, (char *)key, len, bsize);
    return AMQ_OK;
}

/* Whether bit i is set: the proved kernel asked about the one index i (as in src/bloom_key.c). */
/*@ requires m_pos:      m >= 1;
    requires bits_valid: \valid_read(bits + (0 .. amq_bloom_words(m) - 1));
    requires i_range:    i < m;
    assigns \nothing;
    behavior set:
      assumes amq_bloom_bit_set(bits, i);
      ensures found: \result == 1;
    behavior clear:
      assumes !amq_bloom_bit_set(bits, i);
      ensures not_found: \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
static int bit_set(const uint64_t *bits, uint64_t m, uint64_t i)
{
    const uint64_t one[1] = {i};
    //@ assert one: amq_bloom_all_set(bits, &one[0], 1) <==> amq_bloom_bit_set(bits, i);
    return amq_bloom_kernel_query(bits, m, one, 1);
}

/* Lazy, as amq_bloom_key_query: the blocked kernel's answer on k indices is the conjunction of
 * the Bloom kernel's answers on each translated one, base + idx[t], so one index at a time from
 * the stream, stopping at the first "no", gives it without deriving the indices after that one.
 * The ghost words x0, y0, z are the stream's start, so that the loop invariant names them. */
int amq_blocked_key_query(const uint64_t *bits, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                          amq_hash_strategy s, uint64_t seed, const void *key, size_t len)
{
    const uint64_t block = amq_blocked_key_block(seed, key, len, nblocks);
    //@ ghost block_fits(block, nblocks, bsize);
    const uint64_t base = block * bsize;
    //@ assert base: base == amq_blocked_key_block_of(seed, (char *)key, len, nblocks) * bsize && base + bsize <= m;
    amq_hash_stream st;
    amq_hash_stream_key(&st, s, seed, key, len, bsize);
    //@ ghost uint64_t x0 = st.x;
    //@ ghost uint64_t y0 = st.y;
    //@ ghost uint64_t z = st.z;
    /*@ assert words: s != AMQ_HASH_INDEPENDENT ==>
          x0 == amq_hash_stream_reduce(amq_hash_xxh3_128_lo((char *)key, len, seed), bsize) &&
          y0 == amq_hash_stream_y0(s, amq_hash_stream_reduce(amq_hash_xxh3_128_hi((char *)key, len, seed), bsize), bsize) &&
          z == amq_hash_stream_reduce(amq_hash_stream_c(s, seed, (char *)key, len), bsize) &&
          amq_hash_stream_at(&st, s, x0, y0, z, bsize);
    */
    /*@ loop invariant bounds: 0 <= t <= k && st.i == t;
        loop invariant ok:     amq_hash_stream_ok(&st);
        loop invariant indep:  s == AMQ_HASH_INDEPENDENT ==>
                                 amq_hash_stream_at_key(&st, seed, (char *)key, len, bsize);
        loop invariant at:     s != AMQ_HASH_INDEPENDENT ==> amq_hash_stream_at(&st, s, x0, y0, z, bsize);
        loop invariant set:    amq_blocked_key_set_at{Here, Here}(bits, base, t, s, seed, (char *)key, len, bsize);
        loop invariant range:  amq_hash_stream_in_range(t, s, seed, (char *)key, len, bsize);
        loop assigns t, st;
        loop variant k - t;
    */
    for (uint64_t t = 0; t < k; t++) {
        const uint64_t i = amq_hash_stream_next(&st);
        /*@ assert step: s != AMQ_HASH_INDEPENDENT ==> i == st.x && st.i == t + 1 &&
              st.x == amq_hash_stream_x(s, x0, y0, z, bsize, t) && st.y == amq_hash_stream_y(s, y0, z, bsize, t); */
        /*@ assert at_next: s != AMQ_HASH_INDEPENDENT ==> amq_hash_stream_at(&st, s, x0, y0, z, bsize); */
        /*@ assert rec: s != AMQ_HASH_INDEPENDENT ==> i == amq_hash_stream_x(s, x0, y0, z, bsize, t); */
        /*@ assert next: i == amq_hash_stream_index(s, seed, (char *)key, len, bsize, t) && i < bsize; */
        if (!bit_set(bits, m, base + i))
            return 0;
    }
    return 1;
}
