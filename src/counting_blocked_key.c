/* The key-level counting blocked filter's pure part (lib_internal/counting_blocked_key.h): the
 * key's block (lib_internal/blocked_block.h), its in-block indices from the stream, then the proved
 * counting blocked kernel of width w.  The kernel states its exact effect in the block's window
 * on an index array (amq_counting_occ) and its frame outside; the key-level contracts state it on every
 * counter in terms of the key's own index sequence (amq_counting_blocked_key_occ), so each operation carries the
 * kernel's window facts to the whole array (the asserts in_window, at_p, ex_in, ex_out). */
#include <lib_internal/counting_blocked_key.h>
#include <lib_internal/prefetch.h>

/* Ghost lemma: block b < n of s counters ends at or before n * s (a product fact, proved once
 * here and called where needed: SMT solvers do not instantiate lemmas on products). */
/*@ ghost
  /@ requires below: b < n;
     assigns \nothing;
     ensures fits: 0 <= b * s && b * s + s <= n * s;
  @/
  static void block_fits(uint64_t b, uint64_t n, uint64_t s) { }
*/

/* Ghost lemma (a copy of src/counting_key.c's: a static ghost function is proved in its own
 * unit): the array's occurrence counts are the key's once the array holds its indices. */
/*@ ghost
  /@ requires idx_valid: \valid_read(idx + (0 .. k - 1));
     requires indices:   amq_hash_stream_indices(idx, k, s, seed, key, len, m);
     assigns \nothing;
     ensures same_occ:   \forall integer p; amq_counting_occ(idx, k, p) == amq_counting_key_occ(s, seed, key, len, m, k, p);
  @/
  static void occ_lemma(const uint64_t *idx, size_t k, amq_hash_strategy s, uint64_t seed,
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

/*@ // the array idx holds the key's k in-block indices, with their multiplicities, and the
    // counter each names in the window at base: remove's link between the key and the kernel,
    // stated on the array pointer (not as idx[t] in an assert): with both forms of the same
    // cells in one goal (WP writes idx[t] from the array and &idx[0] + t from the pointer),
    // cvc4 ran the remove's asserts to_kernel and in_window to the 300 s guard
    predicate amq_counting_blocked_key_at{L}(uint8_t *c, integer w, integer base, uint64_t *idx, integer k, integer s,
                            uint64_t seed, char *key, integer len, integer bsize) =
      \forall integer t; 0 <= t < k ==>
        idx[t] == amq_hash_stream_index(s, seed, key, len, bsize, t) &&
        amq_counting_occ(idx, k, idx[t]) == amq_counting_key_occ(s, seed, key, len, bsize, k, amq_hash_stream_index(s, seed, key, len, bsize, t)) &&
        amq_counting_cell(c, w, base + idx[t]) == amq_counting_cell(c, w, base + amq_hash_stream_index(s, seed, key, len, bsize, t));
*/

/* Ghost lemma: remove's condition on the key (amq_counting_blocked_key_covered) is the kernel's on the array
 * (amq_blocked_counting_covers) once amq_counting_blocked_key_at holds, both ways.  Proved here, in a context of these two
 * facts only: in remove's (the stream's and occ_lemma's quantified facts) cvc4 needed 570k
 * steps for to_kernel. */
/*@ ghost
  /@ requires at: amq_counting_blocked_key_at(c, w, block * bsize, idx, k, s, seed, key, len, bsize);
     assigns \nothing;
     ensures to_kernel: amq_counting_blocked_key_covered(c, w, block * bsize, k, s, seed, key, len, bsize) ==>
                          amq_blocked_counting_covers(c, w, block * bsize, idx, k);
     ensures to_key:    amq_blocked_counting_covers(c, w, block * bsize, idx, k) ==>
                          amq_counting_blocked_key_covered(c, w, block * bsize, k, s, seed, key, len, bsize);
  @/
  static void cover_lemma(uint8_t *c, unsigned w, uint64_t block, uint64_t bsize, const uint64_t *idx,
                          size_t k, amq_hash_strategy s, uint64_t seed, char *key, size_t len) { }
*/

/* The kernel of width w (8: a byte a counter, 4: packed): one call whose contract is the
 * kernel's with w for the width, so that the key-level functions reason about one state after
 * it, not a case split over the two widths (cvc4 did not make that split on quantified facts;
 * cvc5 did).  ins_at, the kernel's "inserted" spelt out, is stated per width for the same
 * reason: derived from the width-generic predicate it was left to cvc5. */
/*@ requires width:     amq_counting_width_ok(w);
    requires k_max:     k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window:    block * bsize + bsize <= m;
    requires c_valid:   \valid(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_bloom_in_range(idx, k, bsize);
    requires separated: \separated(c + (0 .. amq_counting_bytes(w, m) - 1), idx + (0 .. k - 1));
    assigns c[0 .. amq_counting_bytes(w, m) - 1];
    ensures inserted:   amq_blocked_counting_present(c, w, block * bsize, idx, k);
    ensures monotone:   amq_counting_grows{Pre, Post}(c, w, m);
    ensures own_block:  amq_blocked_counting_window_frame{Pre, Post}(c, w, m, block * bsize, block * bsize + bsize);
    ensures exact:      amq_blocked_counting_added{Pre, Post}(c, w, block * bsize, bsize, idx, k);
    ensures padding:    amq_counting_pad_same{Pre, Post}(c, w, m);
    behavior w8:
      assumes w == 8;
      ensures ins_at: \forall integer t; 0 <= t < k ==> amq_counting_cell(c, w, block * bsize + idx[t]) > 0;
    behavior w4:
      assumes w == 4;
      ensures ins_at: \forall integer t; 0 <= t < k ==> amq_counting_cell(c, w, block * bsize + idx[t]) > 0;
    complete behaviors;
    disjoint behaviors;
*/
static void kernel_add(uint8_t *c, uint64_t m, unsigned w, uint64_t bsize, uint64_t block, const uint64_t *idx,
                       size_t k)
{
    if (w == 8u)
        amq_counting_blocked_kernel_add8(c, m, bsize, block, idx, k);
    else
        amq_counting_blocked_kernel_add4(c, m, bsize, block, idx, k);
}

/* The same for remove: 0 and the kernel's effect iff covered, else 1 and nothing changed.
 * "Covered" is the kernel's predicate on the array pointer (amq_blocked_counting_covers), one clause for
 * both widths: spelt out with idx[t] in four per-width behaviours, it put the mixed forms of
 * amq_counting_blocked_key_at's comment into remove's in_window goal, which cvc4 then ran to the 300 s guard. */
/*@ requires width:     amq_counting_width_ok(w);
    requires k_max:     k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window:    block * bsize + bsize <= m;
    requires c_valid:   \valid(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_bloom_in_range(idx, k, bsize);
    requires separated: \separated(c + (0 .. amq_counting_bytes(w, m) - 1), idx + (0 .. k - 1));
    assigns c[0 .. amq_counting_bytes(w, m) - 1];
    ensures padding:    amq_counting_pad_same{Pre, Post}(c, w, m);
    ensures result:     \result == 0 || \result == 1;
    ensures done:       \result == 0 ==> amq_blocked_counting_removed{Pre, Post}(c, w, block * bsize, bsize, idx, k) &&
                          amq_blocked_counting_window_frame{Pre, Post}(c, w, m, block * bsize, block * bsize + bsize);
    ensures kept:       \result != 0 ==> amq_counting_bytes_same{Pre, Post}(c, w, m);
    ensures iff:        \result == 0 <==> amq_blocked_counting_covers{Pre}(c, w, block * bsize, idx, k);
*/
static int kernel_remove(uint8_t *c, uint64_t m, unsigned w, uint64_t bsize, uint64_t block, const uint64_t *idx,
                         size_t k)
{
    return w == 8u ? amq_counting_blocked_kernel_remove8(c, m, bsize, block, idx, k)
                   : amq_counting_blocked_kernel_remove4(c, m, bsize, block, idx, k);
}

amq_status amq_counting_blocked_key_add(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                                        unsigned w, amq_hash_strategy s, uint64_t seed, const void *key,
                                        size_t len)
{
    if (!key && len)
        return AMQ_E_INVALID_ARG;
    const uint64_t block = amq_blocked_key_block(seed, key, len, nblocks);
    //@ ghost block_fits(block, nblocks, bsize);
    //@ assert window: amq_counting_blocked_key_window(seed, (char *)key, len, nblocks, bsize, m);
    //@ assert pre_range: amq_counting_range(c, w, m);
    uint64_t idx[AMQ_MAX_K];
    amq_hash_indices(s, seed, key, len, bsize, idx, (size_t)k);
    //@ assert range: amq_hash_stream_in_range(k, s, seed, (char *)key, len, bsize);
    kernel_add(c, m, w, bsize, block, idx, (size_t)k);
    //@ assert kept: amq_hash_stream_indices(&idx[0], k, s, seed, (char *)key, len, bsize);
    /*@ assert at_t: \forall integer t; 0 <= t < k ==>
          amq_counting_cell(c, w, block * bsize + amq_hash_stream_index(s, seed, (char *)key, len, bsize, t)) ==
            amq_counting_cell(c, w, block * bsize + idx[t]); */
    /*@ assert inserted: amq_counting_blocked_key_counted{Here, Here}(c, w, block * bsize, k, s, seed, (char *)key, len, bsize); */
    //@ ghost occ_lemma(idx, k, s, seed, (char *)key, len, bsize);
    //@ assert base: block * bsize == amq_blocked_key_block_of(seed, (char *)key, len, nblocks) * bsize;
    /*@ assert in_window: \forall integer q; 0 <= q < bsize ==>
          amq_counting_cell(c, w, block * bsize + q) ==
            amq_counting_sat_add(w, amq_counting_cell{Pre}(c, w, block * bsize + q), amq_counting_key_occ(s, seed, (char *)key, len, bsize, k, q)); */
    /*@ assert at_p: \forall integer p; block * bsize <= p < block * bsize + bsize ==>
          amq_counting_cell(c, w, p) ==
            amq_counting_sat_add(w, amq_counting_cell{Pre}(c, w, p), amq_counting_key_occ(s, seed, (char *)key, len, bsize, k, p - block * bsize)); */
    /*@ assert ex_in: \forall integer p; block * bsize <= p < block * bsize + bsize ==>
          amq_counting_cell(c, w, p) ==
            amq_counting_sat_add(w, amq_counting_cell{Pre}(c, w, p), amq_counting_blocked_key_occ{Pre}(block * bsize, bsize, k, s, seed, (char *)key, len, p)); */
    /*@ assert ex_out: \forall integer p; 0 <= p < m ==> (p < block * bsize || block * bsize + bsize <= p) ==>
          amq_counting_cell(c, w, p) ==
            amq_counting_sat_add(w, amq_counting_cell{Pre}(c, w, p), amq_counting_blocked_key_occ{Pre}(block * bsize, bsize, k, s, seed, (char *)key, len, p)); */
    /*@ assert exact: amq_counting_blocked_key_added{Pre, Here}(c, w, m, block * bsize, bsize, k, s, seed, (char *)key, len); */
    return AMQ_OK;
}

/* The kernel's query of width w on the key's k in-block indices, its answer stated per width:
 * the width-generic predicate, unfolded, was a step cvc4 did not make (as for kernel_add). */
/*@ requires width:     amq_counting_width_ok(w);
    requires k_max:     k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window:    block * bsize + bsize <= m;
    requires c_valid:   \valid_read(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_bloom_in_range(idx, k, bsize);
    assigns \nothing;
    behavior present8:
      assumes w == 8 && \forall integer t; 0 <= t < k ==> amq_counting_cell(c, w, block * bsize + idx[t]) > 0;
      ensures found: \result == 1;
    behavior absent8:
      assumes w == 8 && !(\forall integer t; 0 <= t < k ==> amq_counting_cell(c, w, block * bsize + idx[t]) > 0);
      ensures not_found: \result == 0;
    behavior present4:
      assumes w == 4 && \forall integer t; 0 <= t < k ==> amq_counting_cell(c, w, block * bsize + idx[t]) > 0;
      ensures found: \result == 1;
    behavior absent4:
      assumes w == 4 && !(\forall integer t; 0 <= t < k ==> amq_counting_cell(c, w, block * bsize + idx[t]) > 0);
      ensures not_found: \result == 0;
    disjoint behaviors;
*/
static int kernel_query(const uint8_t *c, uint64_t m, unsigned w, uint64_t bsize, uint64_t block,
                        const uint64_t *idx, size_t k)
{
    return w == 8u ? amq_counting_blocked_kernel_query8(c, m, bsize, block, idx, k)
                   : amq_counting_blocked_kernel_query4(c, m, bsize, block, idx, k);
}

/* Not lazy (as amq_counting_key_query): the key's block and its k indices, then the kernel's
 * answer on them. */
int amq_counting_blocked_key_query(const uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                                   unsigned w, amq_hash_strategy s, uint64_t seed, const void *key, size_t len)
{
    const uint64_t block = amq_blocked_key_block(seed, key, len, nblocks);
    //@ ghost block_fits(block, nblocks, bsize);
    //@ assert window: amq_counting_blocked_key_window(seed, (char *)key, len, nblocks, bsize, m);
    uint64_t idx[AMQ_MAX_K];
    amq_hash_indices(s, seed, key, len, bsize, idx, (size_t)k);
    //@ assert range: amq_hash_stream_in_range(k, s, seed, (char *)key, len, bsize);
    //@ assert base: block * bsize == amq_blocked_key_block_of(seed, (char *)key, len, nblocks) * bsize;
    /*@ assert at_t: \forall integer t; 0 <= t < k ==>
          amq_counting_cell(c, w, block * bsize + amq_hash_stream_index(s, seed, (char *)key, len, bsize, t)) ==
            amq_counting_cell(c, w, block * bsize + idx[t]); */
    /*@ assert same: (\forall integer t; 0 <= t < k ==> amq_counting_cell(c, w, block * bsize + idx[t]) > 0) <==>
          amq_counting_blocked_key_counted{Here, Here}(c, w, block * bsize, k, s, seed, (char *)key, len, bsize); */
    return kernel_query(c, m, w, bsize, block, idx, (size_t)k);
}

amq_status amq_counting_blocked_key_remove(uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                                           unsigned w, amq_hash_strategy s, uint64_t seed, const void *key,
                                           size_t len)
{
    if (!key && len)
        return AMQ_E_INVALID_ARG;
    const uint64_t block = amq_blocked_key_block(seed, key, len, nblocks);
    //@ ghost block_fits(block, nblocks, bsize);
    //@ assert window: amq_counting_blocked_key_window(seed, (char *)key, len, nblocks, bsize, m);
    uint64_t idx[AMQ_MAX_K];
    amq_hash_indices(s, seed, key, len, bsize, idx, (size_t)k);
    //@ assert range: amq_hash_stream_in_range(k, s, seed, (char *)key, len, bsize);
    //@ ghost occ_lemma(idx, k, s, seed, (char *)key, len, bsize);
    //@ assert base: block * bsize == amq_blocked_key_block_of(seed, (char *)key, len, nblocks) * bsize;
    /*@ assert at_t: amq_counting_blocked_key_at(c, w, block * bsize, &idx[0], k, s, seed, (char *)key, len, bsize); */
    //@ ghost cover_lemma(c, w, block, bsize, idx, k, s, seed, (char *)key, len);
    /*@ assert to_kernel: amq_counting_blocked_key_covered{Pre}(c, w, block * bsize, k, s, seed, (char *)key, len, bsize) ==>
                          amq_blocked_counting_covers(c, w, block * bsize, &idx[0], k); */
    /*@ assert to_key:    amq_blocked_counting_covers(c, w, block * bsize, &idx[0], k) ==>
                          amq_counting_blocked_key_covered{Pre}(c, w, block * bsize, k, s, seed, (char *)key, len, bsize); */
    const int refused = kernel_remove(c, m, w, bsize, block, idx, (size_t)k);
    /*@ assert in_window: refused == 0 ==> \forall integer q; 0 <= q < bsize ==>
          amq_counting_cell(c, w, block * bsize + q) ==
            amq_counting_sat_sub(w, amq_counting_cell{Pre}(c, w, block * bsize + q), amq_counting_key_occ(s, seed, (char *)key, len, bsize, k, q)); */
    /*@ assert at_p: refused == 0 ==> \forall integer p; block * bsize <= p < block * bsize + bsize ==>
          amq_counting_cell(c, w, p) ==
            amq_counting_sat_sub(w, amq_counting_cell{Pre}(c, w, p), amq_counting_key_occ(s, seed, (char *)key, len, bsize, k, p - block * bsize)); */
    /*@ assert ex_in: refused == 0 ==> \forall integer p; block * bsize <= p < block * bsize + bsize ==>
          amq_counting_cell(c, w, p) ==
            amq_counting_sat_sub(w, amq_counting_cell{Pre}(c, w, p), amq_counting_blocked_key_occ{Pre}(block * bsize, bsize, k, s, seed, (char *)key, len, p)); */
    /*@ assert ex_out: refused == 0 ==> \forall integer p; 0 <= p < m ==> (p < block * bsize || block * bsize + bsize <= p) ==>
          amq_counting_cell(c, w, p) ==
            amq_counting_sat_sub(w, amq_counting_cell{Pre}(c, w, p), amq_counting_blocked_key_occ{Pre}(block * bsize, bsize, k, s, seed, (char *)key, len, p)); */
    /*@ assert exact: refused == 0 ==> amq_counting_blocked_key_removed{Pre, Here}(c, w, m, block * bsize, bsize, k, s, seed, (char *)key, len); */
    return refused ? AMQ_E_NOT_PRESENT : AMQ_OK;
}

/* The batch: rounds of up to BATCH keys, as amq_blocked_key_query_batch (src/blocked_key.c):
 * locate (the key's block, its first counter's byte prefetched, and its k in-block indices
 * into the round's idx), then answer (kernel_query on them).  The located facts are the block
 * and the indices apart, never their product; stated at Pre (bytes_kept, lens_kept, at_pre). */
#define BATCH 16u

/* *blk = the key's block (the byte of its first counter prefetched), idx[t] = its in-block
 * index t. */
/*@ requires width:       amq_counting_width_ok(w);
    requires nblocks_pos: nblocks >= 1;
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
static void locate(const uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k, unsigned w,
                   amq_hash_strategy s, uint64_t seed, const void *key, size_t len, uint64_t *blk, uint64_t *idx)
{
    (void)m;
    const uint64_t block = amq_blocked_key_block(seed, key, len, nblocks);
    //@ ghost block_fits(block, nblocks, bsize);
    const uint64_t first = block * bsize;
    AMQ_PREFETCH(c + (w == 8u ? first : first / 2u));
    amq_hash_indices(s, seed, key, len, bsize, idx, (size_t)k);
    *blk = block;
}

/* The answer's one step, as a ghost lemma function (as located_set in src/blocked_key.c): the
 * kernel's condition on the located block and indices is the key's. */
/*@ ghost
  /@ requires block:   block == amq_blocked_key_block_of(seed, key, len, nblocks);
     requires located: amq_hash_stream_indices(idx, k, s, seed, key, len, bsize);
     assigns \nothing;
     ensures to_key:   (\forall integer t; 0 <= t < k ==> amq_counting_cell(c, w, block * bsize + idx[t]) > 0) ==>
                         amq_counting_blocked_key_counted{Here, Here}(c, w, amq_blocked_key_block_of(seed, key, len, nblocks) * bsize,
                                                                   k, s, seed, key, len, bsize);
     ensures from_key: amq_counting_blocked_key_counted{Here, Here}(c, w, amq_blocked_key_block_of(seed, key, len, nblocks) * bsize,
                                                                 k, s, seed, key, len, bsize) ==>
                         (\forall integer t; 0 <= t < k ==> amq_counting_cell(c, w, block * bsize + idx[t]) > 0);
  @/
  static void located_set(const uint8_t *c, unsigned w, uint64_t block, const uint64_t *idx, uint64_t nblocks,
                          uint64_t bsize, uint64_t k, amq_hash_strategy s, uint64_t seed, char *key, size_t len)
  {
    /@ assert same: \forall integer t; 0 <= t < k ==>
         amq_counting_cell(c, w, block * bsize + idx[t]) ==
         amq_counting_cell(c, w, amq_blocked_key_block_of(seed, key, len, nblocks) * bsize +
                                 amq_hash_stream_index(s, seed, key, len, bsize, t)); @/
  }
*/

/* The key's answer from its located block and indices; the key itself is ghost. */
/*@ requires width:       amq_counting_width_ok(w);
    requires nblocks_pos: nblocks >= 1;
    requires bsize_pos:   bsize >= 1;
    requires fits:        nblocks * bsize <= m;
    requires k_range:     1 <= k <= AMQ_MAX_K;
    requires c_valid:     \valid_read(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires idx_valid:   \valid_read(idx + (0 .. k - 1));
    requires block:       b == amq_blocked_key_block_of(seed, key, len, nblocks) && b < nblocks;
    requires located:     amq_hash_stream_indices(idx, k, s, seed, key, len, bsize);
    requires range:       amq_bloom_in_range(idx, k, bsize);
    assigns \nothing;
    ensures answer: amq_counting_blocked_key_answer{Pre, Pre}(\result, c, w, nblocks, bsize, k, s, seed, key, len);
*/
static int answer(const uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k, unsigned w,
                  uint64_t b, const uint64_t *idx)
    /*@ ghost (amq_hash_strategy s, uint64_t seed, char *key, size_t len) */
{
    (void)nblocks;
    //@ ghost block_fits(b, nblocks, bsize);
    //@ ghost located_set(c, w, b, idx, nblocks, bsize, k, s, seed, key, len);
    return kernel_query(c, m, w, bsize, b, idx, (size_t)k);
}

void amq_counting_blocked_key_query_batch(const uint8_t *c, uint64_t m, uint64_t nblocks, uint64_t bsize, uint64_t k,
                                          unsigned w, amq_hash_strategy s, uint64_t seed, const void *const *keys,
                                          const size_t *lens, size_t count, int *results)
{
    uint64_t idx[AMQ_MAX_K]; /* a round's in-block indices: key j's k of them from idx[start[j]] */
    uint64_t blk[BATCH];     /* key j's block */
    size_t start[BATCH];
    /*@ loop invariant done:       base <= count;
        loop invariant lens_kept:  \forall integer j; 0 <= j < count ==> lens[j] == \at(lens[j], Pre);
        loop invariant bytes_kept: \forall integer p; c[p] == \at(c[p], Pre);
        loop invariant answered:   \forall integer j; 0 <= j < base ==>
          amq_counting_blocked_key_answer{Pre, Pre}(results[j], c, w, nblocks, bsize, k, s, seed, (char *)\at(keys[j], Pre),
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
            locate(c, m, nblocks, bsize, k, w, s, seed, keys[base + n], lens[base + n], &blk[n], &idx[off]);
            off += k;
            n++;
        }
        //@ assert some: n >= 1;
        /*@ loop invariant i_range:    i <= n;
            loop invariant lens_kept:  \forall integer j; 0 <= j < count ==> lens[j] == \at(lens[j], Pre);
            loop invariant bytes_kept: \forall integer p; c[p] == \at(c[p], Pre);
            loop invariant answered:   \forall integer j; 0 <= j < base + i ==>
              amq_counting_blocked_key_answer{Pre, Pre}(results[j], c, w, nblocks, bsize, k, s, seed, (char *)\at(keys[j], Pre),
                                                        \at(lens[j], Pre));
            loop invariant blocks:     \forall integer j; 0 <= j < n ==>
              blk[j] == amq_blocked_key_block_of(seed, (char *)keys[base + j], lens[base + j], nblocks) && blk[j] < nblocks;
            loop invariant located:    \forall integer j; 0 <= j < n ==>
              amq_hash_stream_indices(&idx[start[j]], k, s, seed, (char *)keys[base + j], lens[base + j], bsize);
            loop invariant range:      \forall integer j; 0 <= j < n ==> amq_bloom_in_range(&idx[start[j]], k, bsize);
            loop assigns i, results[base .. base + n - 1];
            loop variant n - i;
        */
        for (size_t i = 0; i < n; i++) {
            const int r = answer(c, m, nblocks, bsize, k, w, blk[i], &idx[start[i]])
                /*@ ghost (s, seed, (char *)keys[base + i], lens[base + i]) */;
            /*@ assert at_pre: amq_counting_blocked_key_answer{Here, Here}(r, c, w, nblocks, bsize, k, s, seed,
                                 (char *)keys[base + i], lens[base + i]) <==>
                               amq_counting_blocked_key_answer{Pre, Pre}(r, c, w, nblocks, bsize, k, s, seed,
                                 (char *)keys[base + i], lens[base + i]); */
            results[base + i] = r;
        }
        base += n;
    }
}
