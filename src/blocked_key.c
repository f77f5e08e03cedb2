/* The key-level blocked Bloom filter's pure part (lib_internal/blocked_key.h): the block
 * (lib_internal/blocked_block.h), the in-block indices from the stream, then the proved kernels. */
#include <lib_internal/blocked_key.h>
#include <lib_internal/prefetch.h>

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
        if (!bit_set(bits, m, base + i)) {
            /*@ assert absent: !amq_blocked_key_set_at{Pre, Pre}(bits, base, k, s, seed, (char *)key, len, bsize); */
            return 0;
        }
    }
    return 1;
}

/* The batch: rounds of up to BATCH keys, as amq_partitioned_key_query_batch
 * (src/partitioned_key.c).  Each key of a round is hashed once (locate: its block, prefetched,
 * and its k in-block indices into the round's idx), then answered by the blocked kernel on
 * them (answer).  The located facts are the block and the indices apart, never their product:
 * with block * bsize inside the round's predicate, the invariant carrying the other keys'
 * facts across a locate timed out.  Stated at Pre as the partitioned batch (bits_kept,
 * lens_kept, at_pre; results indexed absolutely). */
#define BATCH 16u

/* *blk = the key's block (its first word prefetched), idx[t] = the key's in-block index t. */
/*@ requires nblocks_pos: nblocks >= 1;
    requires bsize_pos:   bsize >= 1;
    requires fits:        nblocks * bsize <= m;
    requires k_range:     1 <= k <= AMQ_MAX_K;
    requires strategy:    AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires key_valid:   \valid_read((char *)key + (0 .. len - 1));
    requires blk_valid:   \valid(blk);
    requires idx_valid:   \valid(idx + (0 .. k - 1));
    requires sep:         \separated(blk, idx + (0 .. k - 1));
    assigns *blk, idx[0 .. k - 1];
    ensures block:   *blk == amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks) && *blk < nblocks;
    ensures located: amq_hash_stream_indices{Post}(idx, k, s, seed, (char *)key, len, bsize);
    ensures range:   amq_bloom_in_range(idx, k, bsize);
*/
static void locate(const uint64_t *bits, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                   amq_hash_strategy s, uint64_t seed, const void *key, size_t len, uint64_t *blk, uint64_t *idx)
{
    (void)m;
    const uint64_t block = amq_blocked_key_block(seed, key, len, nblocks);
    //@ ghost block_fits(block, nblocks, bsize);
    AMQ_PREFETCH(bits + block * bsize / 64u);
    amq_hash_indices(s, seed, key, len, bsize, idx, (size_t)k);
    *blk = block;
}

/* The answer's one step, as a ghost lemma function (as located_set in src/partitioned_key.c):
 * the kernel's predicate on the located block and indices is the key's. */
/*@ ghost
  /@ requires block:   block == amq_blocked_key_block_of(seed, key, len, nblocks);
     requires located: amq_hash_stream_indices(idx, k, s, seed, key, len, bsize);
     assigns \nothing;
     ensures to_key:   amq_blocked_all_set(bits, bsize, block, idx, k) ==>
                         amq_blocked_key_set_at{Here, Here}(bits, amq_blocked_key_block_of(seed, key, len, nblocks) * bsize,
                                                         k, s, seed, key, len, bsize);
     ensures from_key: amq_blocked_key_set_at{Here, Here}(bits, amq_blocked_key_block_of(seed, key, len, nblocks) * bsize,
                                                       k, s, seed, key, len, bsize) ==>
                         amq_blocked_all_set(bits, bsize, block, idx, k);
  @/
  static void located_set(const uint64_t *bits, uint64_t block, const uint64_t *idx, uint64_t nblocks,
                          uint64_t bsize, uint64_t k, amq_hash_strategy s, uint64_t seed, char *key, size_t len)
  {
    /@ assert same: \forall integer t; 0 <= t < k ==>
         (amq_bloom_bit_set(bits, block * bsize + idx[t]) <==>
          amq_bloom_bit_set(bits, amq_blocked_key_block_of(seed, key, len, nblocks) * bsize +
                                  amq_hash_stream_index(s, seed, key, len, bsize, t))); @/
  }
*/

/* The key's answer from its located block and indices; the key itself is ghost (only the
 * contract names it). */
/*@ requires nblocks_pos: nblocks >= 1;
    requires bsize_pos:   bsize >= 1;
    requires fits:        nblocks * bsize <= m;
    requires k_range:     1 <= k <= AMQ_MAX_K;
    requires bits_valid:  \valid_read(bits + (0 .. amq_bloom_words(m) - 1));
    requires idx_valid:   \valid_read(idx + (0 .. k - 1));
    requires block:       block == amq_blocked_key_block_of(seed, key, len, nblocks) && block < nblocks;
    requires located:     amq_hash_stream_indices(idx, k, s, seed, key, len, bsize);
    requires range:       amq_bloom_in_range(idx, k, bsize);
    assigns \nothing;
    ensures answer: amq_blocked_key_answer{Pre, Pre}(\result, bits, nblocks, bsize, k, s, seed, key, len);
*/
static int answer(const uint64_t *bits, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k, uint64_t block,
                  const uint64_t *idx)
    /*@ ghost (amq_hash_strategy s, uint64_t seed, char *key, size_t len) */
{
    (void)nblocks;
    //@ ghost block_fits(block, nblocks, bsize);
    //@ ghost located_set(bits, block, idx, nblocks, bsize, k, s, seed, key, len);
    return amq_blocked_bloom_kernel_query(bits, m, bsize, block, idx, (size_t)k);
}

void amq_blocked_key_query_batch(const uint64_t *bits, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                                 amq_hash_strategy s, uint64_t seed, const void *const *keys, const size_t *lens,
                                 size_t count, int *results)
{
    uint64_t idx[AMQ_MAX_K]; /* a round's in-block indices: key j's k of them from idx[start[j]] */
    uint64_t blk[BATCH];     /* key j's block */
    size_t start[BATCH];
    /*@ loop invariant done:      base <= count;
        loop invariant lens_kept: \forall integer j; 0 <= j < count ==> lens[j] == \at(lens[j], Pre);
        loop invariant bits_kept: \forall integer w; bits[w] == \at(bits[w], Pre);
        loop invariant answered:  \forall integer j; 0 <= j < base ==>
          amq_blocked_key_answer{Pre, Pre}(results[j], bits, nblocks, bsize, k, s, seed, (char *)\at(keys[j], Pre),
                                           \at(lens[j], Pre));
        loop assigns base, results[0 .. count - 1], idx[0 .. AMQ_MAX_K - 1], blk[0 .. BATCH - 1],
                     start[0 .. BATCH - 1];
        loop variant count - base;
    */
    for (size_t base = 0; base < count;) {
        size_t n = 0, off = 0;
        /*@ loop invariant n_range:   n <= BATCH && n <= count - base;
            loop invariant off_range: off <= AMQ_MAX_K;
            loop invariant first:     n == 0 ==> off == 0;
            loop invariant starts:    \forall integer j; 0 <= j < n ==> start[j] + k <= off;
            loop invariant blocks:    \forall integer j; 0 <= j < n ==>
              blk[j] == amq_blocked_key_block_of(seed, (char *)keys[base + j], lens[base + j], nblocks) && blk[j] < nblocks;
            loop invariant located:   \forall integer j; 0 <= j < n ==>
              amq_hash_stream_indices(&idx[start[j]], k, s, seed, (char *)keys[base + j], lens[base + j], bsize);
            loop invariant range:     \forall integer j; 0 <= j < n ==> amq_bloom_in_range(&idx[start[j]], k, bsize);
            loop assigns n, off, start[0 .. BATCH - 1], blk[0 .. BATCH - 1], idx[0 .. AMQ_MAX_K - 1];
            loop variant BATCH - n;
        */
        while (n < BATCH && n < count - base && off <= AMQ_MAX_K - k) {
            start[n] = off;
            locate(bits, m, nblocks, bsize, k, s, seed, keys[base + n], lens[base + n], &blk[n], &idx[off]);
            off += k;
            n++;
        }
        //@ assert some: n >= 1;
        /*@ loop invariant i_range:   i <= n;
            loop invariant lens_kept: \forall integer j; 0 <= j < count ==> lens[j] == \at(lens[j], Pre);
            loop invariant bits_kept: \forall integer w; bits[w] == \at(bits[w], Pre);
            loop invariant answered:  \forall integer j; 0 <= j < base + i ==>
              amq_blocked_key_answer{Pre, Pre}(results[j], bits, nblocks, bsize, k, s, seed, (char *)\at(keys[j], Pre),
                                               \at(lens[j], Pre));
            loop invariant blocks:    \forall integer j; 0 <= j < n ==>
              blk[j] == amq_blocked_key_block_of(seed, (char *)keys[base + j], lens[base + j], nblocks) && blk[j] < nblocks;
            loop invariant located:   \forall integer j; 0 <= j < n ==>
              amq_hash_stream_indices(&idx[start[j]], k, s, seed, (char *)keys[base + j], lens[base + j], bsize);
            loop invariant range:     \forall integer j; 0 <= j < n ==> amq_bloom_in_range(&idx[start[j]], k, bsize);
            loop assigns i, results[base .. base + n - 1];
            loop variant n - i;
        */
        for (size_t i = 0; i < n; i++) {
            const int r = answer(bits, m, nblocks, bsize, k, blk[i], &idx[start[i]])
                /*@ ghost (s, seed, (char *)keys[base + i], lens[base + i]) */;
            /*@ assert at_pre: amq_blocked_key_answer{Here, Here}(r, bits, nblocks, bsize, k, s, seed,
                                 (char *)keys[base + i], lens[base + i]) <==>
                               amq_blocked_key_answer{Pre, Pre}(r, bits, nblocks, bsize, k, s, seed,
                                 (char *)keys[base + i], lens[base + i]); */
            results[base + i] = r;
        }
        base += n;
    }
}
