/* Theorem drivers for the key-level sliding-window Bloom filter (lib_internal/window_key.h): the
 * functions that src/window.c's amq_window_add and amq_window_query run, over the hash model.
 * Not part of the library: WP proves these bodies against the contracts that the same run
 * proves on src/window_key.c (unit window_key), resting on units window, bloom and hash_stream.
 *
 *   insert_query  (a) a successful add(x), then query(x) == 1.
 *   nfn           (b) the window guarantee at the key level: add(x), then any nrows <
 *                 (g-1)*cap further adds of any keys (refused ones, x again), rotations
 *                 included, then query(x) == 1.
 *   failed_add    (c) a refused add (a NULL key with len > 0) fails and changes nothing: not
 *                 the current generation, not a count, not a word of the generations.
 *   kernel        the query is the kernel's answer on the key's k indices (amq_hash_indices).
 * Every driver starts from ANY state the kernel can be in (amq_window_ring_ok); keys may be equal,
 * overlap or be empty; indices may repeat.  The keys and the length array lie outside the
 * filter's state (sep_*), as in the library. */
#include <stddef.h>
#include <lib_internal/window_key.h>

/* Ghost lemmas: SMT solvers do not instantiate lemmas on arithmetic terms; a ghost call states
 * the exact instance of a product fact the loop of amq_proof_window_key_nfn needs (the same
 * facts as in proofs/window_driver.c, which is in another unit). */
/*@ ghost
  /@ requires life: r + c - cnt >= a0 * c;
     requires fill: cnt < c;
     requires next: (cnt + 1 == c ==> a1 == a0 + 1) && (cnt + 1 < c ==> a1 == a0);
     assigns \nothing;
     ensures rotated: cnt + 1 == c ==> r + 1 + c >= a1 * c;
     ensures filled:  cnt + 1 < c ==> r + 1 + c - (cnt + 1) >= a1 * c;
  @/
  static void amq_window_key_life_next(uint64_t a0, uint64_t a1, uint64_t c, uint64_t cnt, uint64_t r) { }
*/
/*@ ghost
  /@ assigns \nothing;
     ensures last: a + 1 == g ==> a * c == (g - 1) * c;
  @/
  static void amq_window_key_mul_last(uint64_t a, uint64_t g, uint64_t c) { }
*/

/*@ // Ring distance from x's generation gx forward to the current generation c is a: the
    // number of rotations since x was added.
    predicate amq_window_key_age(integer c, integer gx, integer g, integer a) =
      (c >= gx ==> c - gx == a) && (c < gx ==> c + g - gx == a);
*/

int amq_proof_window_key_insert_query(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                      uint64_t cap, uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed,
                                      const void *x, size_t xlen) /*@ ghost (uint64_t *area, uint64_t n) */;
int amq_proof_window_key_nfn(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g, uint64_t cap,
                             uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed, const void *x,
                             size_t xlen, const void *const *keys, const size_t *lens, size_t nrows)
    /*@ ghost (uint64_t *area, uint64_t n) */;
int amq_proof_window_key_failed_add(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                    uint64_t cap, uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed,
                                    size_t ylen) /*@ ghost (uint64_t *area, uint64_t n) */;
int amq_proof_window_key_kernel(uint64_t *const *gen, uint64_t g, uint64_t m, uint64_t k, amq_hash_strategy s,
                                uint64_t seed, const void *x, size_t xlen);

/*@ requires g_min:    g >= 2;
    requires m_pos:    m >= 1;
    requires k_range:  1 <= k <= AMQ_MAX_K;
    requires strategy: AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires ring:     amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:       amq_window_ring_ok(count, cur, g, cap);
    requires x_valid:  \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:    \separated((char *)x + (0 .. xlen - 1), area + (0 .. n - 1), count + (0 .. g - 1), cur);
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_window_key_insert_query(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                      uint64_t cap, uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed,
                                      const void *x, size_t xlen) /*@ ghost (uint64_t *area, uint64_t n) */
{
    const amq_status added = amq_window_key_add(gen, count, cur, g, cap, m, k, s, seed, x, xlen) /*@ ghost (area, n) */;
    const int found = amq_window_key_query(gen, g, m, k, s, seed, x, xlen);
    return (added == AMQ_OK) & (found == 1); /* no branch: both are proved, none is dead code */
}

/* One add of amq_proof_window_key_nfn's loop, r adds after x, nrows in all (ghost: nrows, x,
 * xlen, gx).  x's generation gx is cleared only by a rotation at age g - 1, which `life` rules
 * out: every rotation since x needed cap adds.  Ghost a0 / a1: the rotations since x before /
 * after this add (the caller knows a1 in advance: the add rotates iff it is not refused and
 * the current generation has one place left). */
/*@ requires g_min:     g >= 2;
    requires m_pos:     m >= 1;
    requires k_range:   1 <= k <= AMQ_MAX_K;
    requires strategy:  AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires ring:      amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:        amq_window_ring_ok(count, cur, g, cap);
    requires rows:      \valid_read(keys + (0 .. nrows - 1)) && \valid_read(lens + (0 .. nrows - 1));
    requires sep_lens:  \separated(lens + (0 .. nrows - 1), area + (0 .. n - 1), count + (0 .. g - 1), cur);
    requires row:       r < nrows &&
                        ((keys[r] == \null && lens[r] > 0) || \valid_read((char *)keys[r] + (0 .. lens[r] - 1)));
    requires gx:        gx < g;
    requires x_set:     amq_window_key_set{Here, Here}(gen[gx], k, s, seed, (char *)x, xlen, m);
    requires x_in:      amq_hash_stream_in_range(k, s, seed, (char *)x, xlen, m);
    requires age:       a0 <= g - 1 && amq_window_key_age(*cur, gx, g, a0);
    requires next:      (keys[r] == \null && lens[r] > 0 ==> a1 == a0) &&
                        (!(keys[r] == \null && lens[r] > 0) && count[*cur] + 1 == cap ==> a1 == a0 + 1) &&
                        (!(keys[r] == \null && lens[r] > 0) && count[*cur] + 1 < cap ==> a1 == a0);
    requires within:    nrows < (g - 1) * cap;
    requires life:      r + cap - count[*cur] >= a0 * cap;
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures ok:         amq_window_ring_ok(count, cur, g, cap);
    ensures lens_kept:  \forall integer q; 0 <= q < nrows ==> lens[q] == \old(lens[q]);
    ensures x_set:      amq_window_key_set{Here, Here}(gen[gx], k, s, seed, (char *)x, xlen, m);
    ensures age:        a1 <= g - 1 && amq_window_key_age(*cur, gx, g, a1);
    ensures life:       r + 1 + cap - count[*cur] >= a1 * cap;
*/
static void amq_proof_window_key_step(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                      uint64_t cap, uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed,
                                      const void *const *keys, const size_t *lens, size_t r)
    /*@ ghost (uint64_t *area, uint64_t n, size_t nrows, const void *x, size_t xlen, uint64_t gx, uint64_t a0,
               uint64_t a1) */
{
    //@ ghost amq_window_key_mul_last(a0, g, cap);
    //@ ghost if (!(keys[r] == NULL && lens[r] > 0)) amq_window_key_life_next(a0, a1, cap, count[*cur], r);
    /*@ assert young: !(keys[r] == \null && lens[r] > 0) && count[*cur] + 1 == cap ==> a0 < g - 1; */
    (void)amq_window_key_add(gen, count, cur, g, cap, m, k, s, seed, keys[r], lens[r]) /*@ ghost (area, n) */;
    /*@ assert refused: \at(keys[r] == \null && lens[r] > 0, Pre) ==>
                          *cur == \at(*cur, Pre) && count[*cur] == \at(count[*cur], Pre) && a1 == a0; */
    /*@ assert life_refused: \at(keys[r] == \null && lens[r] > 0, Pre) ==> r + 1 + cap - count[*cur] >= a1 * cap; */
    /*@ assert life_added:   !\at(keys[r] == \null && lens[r] > 0, Pre) ==> r + 1 + cap - count[*cur] >= a1 * cap; */
    /*@ assert x_mono: amq_bloom_monotone{Pre, Here}(gen[gx], amq_bloom_words(m)); */
    /*@ assert x_in:   \forall integer t; 0 <= t < k ==>
                         0 <= amq_hash_stream_index(s, seed, (char *)x, xlen, m, t) < 64 * amq_bloom_words(m); */
}

/*@ requires g_min:      g >= 2;
    requires m_pos:      m >= 1;
    requires k_range:    1 <= k <= AMQ_MAX_K;
    requires strategy:   AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires ring:       amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:         amq_window_ring_ok(count, cur, g, cap);
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:      \separated((char *)x + (0 .. xlen - 1), area + (0 .. n - 1), count + (0 .. g - 1), cur);
    requires rows_valid: \valid_read(keys + (0 .. nrows - 1)) && \valid_read(lens + (0 .. nrows - 1));
    requires row_valid:  \forall integer r; 0 <= r < nrows ==>
                           (keys[r] == \null && lens[r] > 0) ||
                           \valid_read((char *)keys[r] + (0 .. lens[r] - 1));
    requires sep_rows:   \separated(keys + (0 .. nrows - 1), area + (0 .. n - 1), count + (0 .. g - 1), cur) &&
                         \separated(lens + (0 .. nrows - 1), area + (0 .. n - 1), count + (0 .. g - 1), cur);
    requires within:     nrows < (g - 1) * cap;
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_window_key_nfn(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g, uint64_t cap,
                             uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed, const void *x,
                             size_t xlen, const void *const *keys, const size_t *lens, size_t nrows)
    /*@ ghost (uint64_t *area, uint64_t n) */
{
    /* gx (ghost): x's generation */
    //@ ghost const uint64_t gx = *cur;
    const amq_status added = amq_window_key_add(gen, count, cur, g, cap, m, k, s, seed, x, xlen) /*@ ghost (area, n) */;
    /* age (ghost) = rotations since x's add = the ring distance from gx to *cur. */
    //@ ghost uint64_t age = *cur == gx ? 0u : 1u;
    /*@ loop invariant bounds:    0 <= r <= nrows;
        loop invariant ok:        amq_window_ring_ok(count, cur, g, cap);
        loop invariant lens_kept: \forall integer q; 0 <= q < nrows ==> lens[q] == \at(lens[q], Pre);
        loop invariant x_set:     amq_window_key_set{Here, Here}(gen[gx], k, s, seed, (char *)x, xlen, m);
        loop invariant x_in:      amq_hash_stream_in_range(k, s, seed, (char *)x, xlen, m);
        loop invariant age:       age <= g - 1 && amq_window_key_age(*cur, gx, g, age);
        loop invariant life:      r + cap - count[*cur] >= age * cap;
        loop assigns r, age, *cur, count[0 .. g - 1], area[0 .. n - 1];
        loop variant nrows - r;
    */
    for (size_t r = 0; r < nrows; r++) {
        //@ ghost uint64_t next_age = !(keys[r] == NULL && lens[r] > 0) && count[*cur] + 1u == cap ? age + 1u : age;
        amq_proof_window_key_step(gen, count, cur, g, cap, m, k, s, seed, keys, lens, r)
            /*@ ghost (area, n, nrows, x, xlen, gx, age, next_age) */;
        //@ ghost age = next_age;
    }
    const int found = amq_window_key_query(gen, g, m, k, s, seed, x, xlen);
    return (added == AMQ_OK) & (found == 1);
}

/*@ requires g_min:    g >= 2;
    requires m_pos:    m >= 1;
    requires k_range:  1 <= k <= AMQ_MAX_K;
    requires strategy: AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires ring:     amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:       amq_window_ring_ok(count, cur, g, cap);
    requires len_pos:  ylen > 0;
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures failed:    \result == 1;
    ensures unchanged: *cur == \old(*cur) &&
                       (\forall integer i; 0 <= i < g ==> count[i] == \old(count[i])) &&
                       (\forall integer w; 0 <= w < n ==> area[w] == \old(area[w]));
*/
int amq_proof_window_key_failed_add(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                    uint64_t cap, uint64_t m, uint64_t k, amq_hash_strategy s, uint64_t seed,
                                    size_t ylen) /*@ ghost (uint64_t *area, uint64_t n) */
{
    return amq_window_key_add(gen, count, cur, g, cap, m, k, s, seed, NULL, ylen) /*@ ghost (area, n) */ != AMQ_OK;
}

/*@ requires g_pos:     g >= 1;
    requires m_pos:     m >= 1;
    requires k_range:   1 <= k <= AMQ_MAX_K;
    requires strategy:  AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires gen_valid: \valid_read(gen + (0 .. g - 1));
    requires gens:      \forall integer i; 0 <= i < g ==> \valid_read(gen[i] + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:   \valid_read((char *)x + (0 .. xlen - 1));
    assigns \nothing;
    ensures same_answer: \result == 1;
*/
int amq_proof_window_key_kernel(uint64_t *const *gen, uint64_t g, uint64_t m, uint64_t k, amq_hash_strategy s,
                                uint64_t seed, const void *x, size_t xlen)
{
    uint64_t idx[AMQ_MAX_K];
    amq_hash_indices(s, seed, x, xlen, m, idx, (size_t)k);
    return amq_window_kernel_query(gen, g, m, idx, (size_t)k) == amq_window_key_query(gen, g, m, k, s, seed, x, xlen);
}
