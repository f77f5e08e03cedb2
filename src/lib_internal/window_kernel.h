/* Deterministic sliding-window Bloom kernel over hash outputs (design: docs/sliding-window.md).
 *
 * A ring of g >= 2 generations, each a Bloom bit array of m bits (AMQ_BLOOM_WORDS(m) words,
 * layout of lib_internal/bloom_kernel.h) at gen[i]; count[i] = insertions into generation i;
 * *cur = the generation that takes insertions.  A key's index vector (k indices in [0, m),
 * repeats allowed) is the SAME in every generation: the key is hashed once.
 *
 *   add:    set the key's bits in generation *cur (amq_bloom_kernel_add), count it; when the
 *           generation now holds cap keys, rotate: the next generation in the ring (the
 *           oldest) is cleared and becomes current.  So a generation holds at most cap keys,
 *           the current one fewer than cap (amq_window_ring_ok), and the ring holds the last
 *           (g - 1) * cap + count[*cur] insertions (all of them while fewer were made).
 *   query:  1 iff some generation has all k bits set (amq_bloom_kernel_query on each).
 *
 * With cap = amq_window_kernel_capacity(W, g) = ceil(W / (g - 1)), every key among the last
 * (g - 1) * cap >= W insertions is found (proved: proofs/window_driver.c), and a key's own
 * bits are gone after at most g * cap - 1 further insertions (at least (g - 1) * cap).
 *
 * The generation table is an array of g pointers (a container lays the generations out
 * contiguously, but the kernel never multiplies a generation number by a size: that keeps
 * the proofs linear).  For the proofs, add and init take two ghost parameters (invisible to
 * C): the area of n words that holds every generation.  Their writes are framed by it, so a
 * caller's other data is kept by one separation, not one per generation.  The ACSL contracts below are what `make prove` checks on the compiled
 * code (unit `window`); the logic is in acsl/amq/window_logic.h. */
#ifndef AMQ_WINDOW_KERNEL_H
#define AMQ_WINDOW_KERNEL_H
#include <stddef.h>
#include <stdint.h>
#include <lib_internal/bloom_kernel.h>
#include <amq/window_logic.h>

/* Generation capacity ceil(W / (g - 1)): the smallest cap with (g - 1) * cap >= W. */
/*@ requires W_pos: W >= 1;
    requires g_min: g >= 2;
    assigns \nothing;
    ensures pos:    \result >= 1;
    ensures covers: (g - 1) * \result >= W;
    ensures least:  (g - 1) * (\result - 1) < W;
*/
uint64_t amq_window_kernel_capacity(uint64_t W, uint64_t g);

/* Clears one generation of m bits. */
/*@ requires m_pos:      m >= 1;
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    assigns bits[0 .. amq_bloom_words(m) - 1];
    ensures empty:       amq_window_gen_empty(bits, amq_bloom_words(m));
*/
void amq_window_kernel_clear_gen(uint64_t *bits, uint64_t m);

/* The empty ring: every generation cleared, every count 0, generation 0 current. */
/*@ requires g_pos: g >= 1;
    requires m_pos: m >= 1;
    requires ring:  amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures cur:    *cur == 0;
    ensures empty:  \forall integer i; 0 <= i < g ==>
                      count[i] == 0 && amq_window_gen_empty(gen[i], amq_bloom_words(m));
    ensures ok:     \forall integer cap; cap >= 1 ==> amq_window_ring_ok(count, cur, g, cap);
*/
void amq_window_kernel_init(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g, uint64_t m)
    /*@ ghost (uint64_t *area, uint64_t n) */;

/* Inserts one index vector; rotates when the current generation becomes full. */
/*@ requires g_min:     g >= 2;
    requires m_pos:     m >= 1;
    requires ring:      amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:        amq_window_ring_ok(count, cur, g, cap);
    requires idx:       amq_window_ring_vec(count, cur, g, area, n, idx, k);
    requires idx_range: amq_bloom_in_range(idx, k, m);
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures ok:         amq_window_ring_ok(count, cur, g, cap);
    ensures inserted:   amq_bloom_all_set(gen[\old(*cur)], idx, k);
    ensures monotone:   \forall integer i; 0 <= i < g ==> (*cur == \old(*cur) || i != *cur) ==>
                          amq_bloom_monotone{Pre, Post}(gen[i], amq_bloom_words(m));
    ensures fresh:      \forall integer i, p; 0 <= i < g && 0 <= p < 64 * amq_bloom_words(m) && !amq_bloom_named(idx, k, p) ==>
                          amq_bloom_bit_set(gen[i], p) ==> amq_bloom_bit_set{Pre}(gen[i], p);
    behavior fill:
      assumes count[*cur] + 1 < cap;
      ensures same_cur: *cur == \old(*cur);
      ensures counted:  count[*cur] == \old(count[*cur]) + 1;
      ensures others:   \forall integer i; 0 <= i < g && i != *cur ==>
                          count[i] == \old(count[i]) && amq_window_gen_same{Pre, Post}(gen[i], amq_bloom_words(m));
    behavior rotate:
      assumes count[*cur] + 1 == cap;
      ensures next:     amq_window_ring_next(\old(*cur), g, *cur);
      ensures full:     count[\old(*cur)] == cap;
      ensures cleared:  count[*cur] == 0 && amq_window_gen_empty(gen[*cur], amq_bloom_words(m));
      ensures no_bit:   \forall integer p; 0 <= p < 64 * amq_bloom_words(m) ==> !amq_bloom_bit_set(gen[*cur], p);
      ensures others:   \forall integer i; 0 <= i < g && i != \old(*cur) && i != *cur ==>
                          count[i] == \old(count[i]) && amq_window_gen_same{Pre, Post}(gen[i], amq_bloom_words(m));
    complete behaviors;
    disjoint behaviors;
*/
void amq_window_kernel_add(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g, uint64_t cap,
                           uint64_t m, const uint64_t *idx, size_t k) /*@ ghost (uint64_t *area, uint64_t n) */;

/* 1 iff some generation has every index of idx set. */
/*@ requires g_pos:     g >= 1;
    requires m_pos:     m >= 1;
    requires gen_valid: \valid_read(gen + (0 .. g - 1));
    requires gens:      \forall integer i; 0 <= i < g ==> \valid_read(gen[i] + (0 .. amq_bloom_words(m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_bloom_in_range(idx, k, m);
    assigns \nothing;
    behavior present:
      assumes amq_window_ring_has(gen, g, idx, k);
      ensures \result == 1;
    behavior absent:
      assumes !amq_window_ring_has(gen, g, idx, k);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_window_kernel_query(uint64_t *const *gen, uint64_t g, uint64_t m, const uint64_t *idx, size_t k);

#endif
