/* Sliding-window Bloom kernel: contracts in lib_internal/window_kernel.h, design and guarantees in
 * docs/sliding-window.md. The assertions spell out frame steps the solvers do not find alone. */
#include <lib_internal/window_kernel.h>

uint64_t amq_window_kernel_capacity(uint64_t W, uint64_t g)
{
    const uint64_t q = W / (g - 1u), r = W % (g - 1u);
    /*@ assert euclid: W == (g - 1) * q + r && 0 <= r < g - 1; */
    /* r != 0 needs g - 1 >= 2, so q <= W / 2 and q + 1 does not overflow */
    return r != 0 ? q + 1u : q;
}

void amq_window_kernel_clear_gen(uint64_t *bits, uint64_t m)
{
    const uint64_t words = AMQ_BLOOM_WORDS(m);
    /*@ loop invariant bounds: 0 <= i <= words;
        loop invariant zero:   amq_window_gen_empty(bits, i);
        loop assigns i, bits[0 .. amq_bloom_words(m) - 1];
        loop variant words - i;
    */
    for (uint64_t i = 0; i < words; i++)
        bits[i] = 0;
}

void amq_window_kernel_init(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g, uint64_t m)
    /*@ ghost (uint64_t *area, uint64_t n) */
{
    /*@ loop invariant bounds: 0 <= i <= g;
        loop invariant zero:   \forall integer j; 0 <= j < i ==> count[j] == 0;
        loop invariant empty:  \forall integer j; 0 <= j < i ==> amq_window_gen_empty(gen[j], amq_bloom_words(m));
        loop assigns i, count[0 .. g - 1], area[0 .. n - 1];
        loop variant g - i;
    */
    for (uint64_t i = 0; i < g; i++) {
        /* The frame steps are spelled out: the solvers do not find these instances alone. */
        /*@ assert sep: \forall integer j; 0 <= j < i ==>
                          \separated(gen[j] + (0 .. amq_bloom_words(m) - 1), gen[i] + (0 .. amq_bloom_words(m) - 1)); */
        amq_window_kernel_clear_gen(gen[i], m);
        count[i] = 0;
        /*@ assert kept: \forall integer j, t; 0 <= j < i && 0 <= t < amq_bloom_words(m) ==>
                           gen[j][t] == \at(gen[j][t], LoopCurrent); */
    }
    *cur = 0;
}

/* Ghost lemma: an all-zero generation has no bit set. */
/*@ ghost
  /@ requires empty: amq_window_gen_empty(bits, w);
     assigns \nothing;
     ensures clear:  \forall integer p; 0 <= p < 64 * w ==> !amq_bloom_bit_set(bits, p);
  @/
  static void amq_window_empty_no_bit(uint64_t *bits, uint64_t w) {
      /@ assert word: \forall integer p; 0 <= p < 64 * w ==> 0 <= p / 64 < w; @/
      /@ assert zero: \forall integer p; 0 <= p < 64 * w ==> bits[p / 64] == 0; @/
  }
*/

void amq_window_kernel_add(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g, uint64_t cap,
                           uint64_t m, const uint64_t *idx, size_t k) /*@ ghost (uint64_t *area, uint64_t n) */
{
    /* The bookkeeping first, the key's bits last: then the facts about generation c are the
     * Bloom kernel's postconditions as they stand, and the frame steps below (spelled out:
     * the solvers do not find these instances alone) are word equalities. */
    const uint64_t c = *cur;
    /*@ ghost Start: ; */
    count[c] += 1u;
    if (count[c] == cap) { /* full: the oldest generation is cleared and becomes current */
        const uint64_t next = c + 1u == g ? 0 : c + 1u;
        /*@ assert ring_next: amq_window_ring_next(c, g, next); */
        /*@ assert sep_next: \forall integer j; 0 <= j < g && j != next ==>
                               \separated(gen[j] + (0 .. amq_bloom_words(m) - 1), gen[next] + (0 .. amq_bloom_words(m) - 1)); */
        amq_window_kernel_clear_gen(gen[next], m);
        /*@ assert cleared_others: \forall integer j, t; 0 <= j < g && j != next && 0 <= t < amq_bloom_words(m) ==>
                                     gen[j][t] == \at(gen[j][t], Pre); */
        count[next] = 0;
        *cur = next;
        /*@ assert full: count[c] == cap; */
        /*@ assert next_empty: amq_window_gen_empty(gen[next], amq_bloom_words(m)); */
    }
    /*@ ghost Counted: ; */
    /*@ assert gens_kept: \forall integer j, t; 0 <= j < g && (j != *cur || *cur == c) && 0 <= t < amq_bloom_words(m) ==>
                            gen[j][t] == \at(gen[j][t], Pre); */
    /*@ assert counts_kept: \forall integer j; 0 <= j < g && j != c && (j != *cur || *cur == c) ==>
                              count[j] == \at(count[j], Pre); */
    /*@ assert sep_c: \forall integer j; 0 <= j < g && j != c ==>
                        \separated(gen[j] + (0 .. amq_bloom_words(m) - 1), gen[c] + (0 .. amq_bloom_words(m) - 1)); */
    /*@ assert sep_idx: \separated(gen[c] + (0 .. amq_bloom_words(m) - 1), idx + (0 .. k - 1)); */
    /*@ assert c_same: \forall integer t; 0 <= t < amq_bloom_words(m) ==> gen[c][t] == \at(gen[c][t], Start); */
    /*@ assert idx_same: \forall integer t; 0 <= t < k ==> idx[t] == \at(idx[t], Pre); */
    amq_bloom_kernel_add(gen[c], m, idx, k); /* the key goes into generation c either way */
    /*@ assert others: \forall integer j, t; 0 <= j < g && j != c && 0 <= t < amq_bloom_words(m) ==>
                          gen[j][t] == \at(gen[j][t], Counted); */
    /*@ assert meta: *cur == \at(*cur, Counted) && \forall integer j; 0 <= j < g ==> count[j] == \at(count[j], Counted); */
    /*@ assert still_empty: *cur != c ==> amq_window_gen_empty(gen[*cur], amq_bloom_words(m)); */
    //@ ghost if (*cur != c) amq_window_empty_no_bit(gen[*cur], (m - 1u) / 64u + 1u);
    /*@ assert others_bits: \forall integer j, p; 0 <= j < g && j != c && (j != *cur || *cur == c) &&
                              0 <= p < 64 * amq_bloom_words(m) ==> (amq_bloom_bit_set(gen[j], p) <==> amq_bloom_bit_set{Pre}(gen[j], p)); */
}

int amq_window_kernel_query(uint64_t *const *gen, uint64_t g, uint64_t m, const uint64_t *idx, size_t k)
{
    /*@ loop invariant bounds: 0 <= i <= g;
        loop invariant none:   \forall integer j; 0 <= j < i ==> !amq_bloom_all_set(gen[j], idx, k);
        loop assigns i;
        loop variant g - i;
    */
    for (uint64_t i = 0; i < g; i++)
        if (amq_bloom_kernel_query(gen[i], m, idx, k) == 1)
            return 1;
    return 0;
}
