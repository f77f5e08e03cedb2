/* Internal: the index strategies of amq/hash.h as a stream, one index at a time, so that a
 * query can stop at its first absent index without deriving the others (not installed).
 * amq_hash_indices and amq_hash_indices_from (src/hash_stream.c) are this stream run k times:
 * the sequences have one definition, in ACSL in acsl/amq/hash_stream_logic.h, and the proof
 * unit hash_stream proves this code against it.  No division on the way: words are reduced
 * by multiply-shift, sums by one conditional subtraction, and the enhanced strategy's i mod m
 * is taken only when i >= m, where it is needed (the same value either way). */
#ifndef AMQ_INTERNAL_HASH_STREAM_H
#define AMQ_INTERNAL_HASH_STREAM_H
#include <stddef.h>
#include <stdint.h>
#include <amq/hash.h>
#include <amq/hash_stream_logic.h>
#include <lib_internal/hash_model.h>
#include <lib_internal/hash_reduce.h>
#include <amq/bloom_logic.h>

typedef struct amq_hash_stream {
    uint64_t x, y, z, m, i;
    amq_hash_strategy s;
    /* the independent strategy hashes the key again for every index */
    const void *key;
    size_t len;
    uint64_t seed;
} amq_hash_stream;

/*@ // st is the stream of the recurrence s from x0, y0, z, having yielded st->i indices
    predicate amq_hash_stream_at{L}(amq_hash_stream *st, integer s, integer x0, integer y0, integer z,
                               integer m) =
      (s == AMQ_HASH_DOUBLE || s == AMQ_HASH_TRIPLE || s == AMQ_HASH_ENHANCED) &&
      st->s == s && st->m == m && 1 <= m && st->z == z &&
      st->x < m && st->y < m && st->z < m &&
      st->x == amq_hash_stream_x(s, x0, y0, z, m, st->i == 0 ? 0 : st->i - 1) &&
      st->y == amq_hash_stream_y(s, y0, z, m, st->i == 0 ? 0 : st->i - 1);

    // st is the independent stream of the key's len bytes at key
    predicate amq_hash_stream_at_key{L}(amq_hash_stream *st, uint64_t seed, char *key, integer len,
                                integer m) =
      st->s == AMQ_HASH_INDEPENDENT && st->m == m && 1 <= m &&
      st->key == key && st->len == len && st->seed == seed;

    // a stream that amq_hash_stream_next can take (the key readable for the independent one)
    predicate amq_hash_stream_ok{L}(amq_hash_stream *st) =
      1 <= st->m &&
      (st->s == AMQ_HASH_INDEPENDENT ?
         \valid_read((char *)st->key + (0 .. st->len - 1))
       : ((st->s == AMQ_HASH_DOUBLE || st->s == AMQ_HASH_TRIPLE || st->s == AMQ_HASH_ENHANCED) &&
          st->x < st->m && st->y < st->m && st->z < st->m));
*/

/* (x + y) mod m for x, y < m, without overflow even when m is near 2^64. */
/*@ requires x < m && y < m;
    assigns \nothing;
    ensures sum:   \result == amq_hash_stream_addm(x, y, m);
    ensures range: \result < m;
*/
static inline uint64_t amq_hash_add_mod(uint64_t x, uint64_t y, uint64_t m)
{
    return x >= m - y ? x - (m - y) : x + y;
}

/* The stream of strategy s from the raw words a, b, c (amq_hash_indices_from).  Requires
 * m >= 1.  From raw words the independent strategy has no key to hash again: it follows
 * the enhanced recurrence, as amq_hash_indices_from always has. */
/*@ requires st_valid: \valid(st);
    requires m_pos:    m >= 1;
    requires strategy: AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    assigns *st;
    ensures at:    amq_hash_stream_at(st, amq_hash_stream_rec(s), amq_hash_stream_reduce(a, m), amq_hash_stream_y0(s, amq_hash_stream_reduce(b, m), m),
                                 amq_hash_stream_reduce(c, m), m);
    ensures fresh: st->i == 0;
*/
static inline void amq_hash_stream_words(amq_hash_stream *st, amq_hash_strategy s, uint64_t a, uint64_t b,
                                         uint64_t c, uint64_t m)
{
    uint64_t y = amq_reduce(b, m);
    if (s == AMQ_HASH_DOUBLE || s == AMQ_HASH_TRIPLE) {
        /* Section 5.1: the step must be non-zero, and odd when m is a power of two,
         * or the probe sequence collapses to few distinct positions.  (A power of two
         * above 1 is even; saying so lets the prover see y + 1 < m.) */
        if (m > 1 && m % 2u == 0 && (m & (m - 1)) == 0) {
            //@ assert even: m % 2 == 0 && y < m;
            if (y % 2u == 0)
                y += 1u; /* y | 1 */
        } else if (y == 0 && m > 1)
            y = 1;
    }
    //@ assert y0: y == amq_hash_stream_y0(s, amq_hash_stream_reduce(b, m), m);
    *st = (amq_hash_stream){.x = amq_reduce(a, m), .y = y, .z = amq_reduce(c, m), .m = m, .i = 0,
                            .s = s == AMQ_HASH_INDEPENDENT ? AMQ_HASH_ENHANCED : s};
}

/* The stream of the key under strategy s and seed (amq_hash_indices): hashes the key once
 * (XXH3-128, and XXH3-64 for the triple strategy's third word); the independent strategy
 * hashes it at each index instead.  Requires m >= 1. */
/*@ requires st_valid:  \valid(st);
    requires m_pos:     m >= 1;
    requires strategy:  AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    assigns *st;
    ensures fresh: st->i == 0;
    ensures ok:    amq_hash_stream_ok(st);
    behavior independent:
      assumes s == AMQ_HASH_INDEPENDENT;
      ensures key: amq_hash_stream_at_key(st, seed, (char *)key, len, m);
    behavior recurrence:
      assumes s != AMQ_HASH_INDEPENDENT;
      ensures at: amq_hash_stream_at(st, s,
                    amq_hash_stream_reduce(amq_hash_xxh3_128_lo{Pre}((char *)key, len, seed), m),
                    amq_hash_stream_y0(s, amq_hash_stream_reduce(amq_hash_xxh3_128_hi{Pre}((char *)key, len, seed), m), m),
                    amq_hash_stream_reduce(amq_hash_stream_c{Pre}(s, seed, (char *)key, len), m), m);
    complete behaviors;
    disjoint behaviors;
*/
void amq_hash_stream_key(amq_hash_stream *st, amq_hash_strategy s, uint64_t seed, const void *key, size_t len,
                         uint64_t m);

/* Index i of the independent strategy: XXH3-64 of the key with seed + i, reduced. */
/*@ requires st_valid:  \valid_read(st);
    requires m_pos:     st->m >= 1;
    requires key_valid: \valid_read((char *)st->key + (0 .. st->len - 1));
    assigns \nothing;
    ensures index: \result == amq_hash_stream_indep_index(st->seed, (char *)st->key, st->len, st->m, i);
    ensures range: \result < st->m;
*/
uint64_t amq_hash_independent_index(const amq_hash_stream *st, uint64_t i);

/* The next index, in [0, m): index 0, 1, 2, ... of the strategy's sequence (`seq`: index
 * st->i of the recurrence the stream is at; `independent`: of the key's hash with seed + i). */
/*@ requires st_valid: \valid(st);
    requires ok:       amq_hash_stream_ok(st);
    requires count:    st->i < 18446744073709551615;
    assigns st->i, st->x, st->y;
    ensures count: st->i == \old(st->i) + 1;
    ensures ok:    amq_hash_stream_ok(st);
    ensures range: \result < st->m;
    behavior independent:
      assumes st->s == AMQ_HASH_INDEPENDENT;
      ensures index: \result == amq_hash_stream_indep_index{Pre}(st->seed, (char *)st->key, st->len, st->m, \old(st->i));
    behavior first:
      assumes st->s != AMQ_HASH_INDEPENDENT && st->i == 0;
      ensures index: \result == st->x && st->x == \old(st->x) && st->y == \old(st->y);
    behavior step:
      assumes st->s != AMQ_HASH_INDEPENDENT && st->i > 0;
      ensures index: \result == st->x && st->x == amq_hash_stream_addm(\old(st->x), \old(st->y), st->m);
      ensures y:     st->y == ((st->s == AMQ_HASH_TRIPLE || st->s == AMQ_HASH_ENHANCED) ?
                                 amq_hash_stream_addm(\old(st->y), amq_hash_stream_inc(st->s, st->z, st->m, \old(st->i)), st->m)
                               : \old(st->y));
    complete behaviors;
    disjoint behaviors;
*/
static inline uint64_t amq_hash_stream_next(amq_hash_stream *st)
{
    const uint64_t i = st->i++;
    if (st->s == AMQ_HASH_INDEPENDENT)
        return amq_hash_independent_index(st, i);
    if (i > 0) {
        const uint64_t m = st->m;
        st->x = amq_hash_add_mod(st->x, st->y, m);
        if (st->s == AMQ_HASH_TRIPLE)
            st->y = amq_hash_add_mod(st->y, st->z, m);
        else if (st->s == AMQ_HASH_ENHANCED) /* y += i (mod m); i may exceed m */
            st->y = amq_hash_add_mod(st->y, i < m ? i : i % m, m);
    }
    return st->x;
}

/* The contracts of amq/hash.h's index functions (a public header carries no ACSL): the stream
 * run k times yields the strategy's first k indices, each in [0, m). */
/*@ requires m_pos:     m >= 1;
    requires strategy:  AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    requires idx_valid: \valid(idx + (0 .. k - 1));
    assigns idx[0 .. k - 1];
    ensures indices: amq_hash_stream_indices{Post}(idx, k, s, seed, (char *)key, len, m);
    ensures range:   amq_bloom_in_range(idx, k, m);
*/
void amq_hash_indices(amq_hash_strategy s, uint64_t seed, const void *key, size_t len, uint64_t m,
                      uint64_t *idx, size_t k);

/*@ requires m_pos:     m >= 1;
    requires strategy:  AMQ_HASH_INDEPENDENT <= s <= AMQ_HASH_ENHANCED;
    requires idx_valid: \valid(idx + (0 .. k - 1));
    assigns idx[0 .. k - 1];
    ensures indices: \forall integer t; 0 <= t < k ==> idx[t] == amq_hash_stream_words_index(s, a, b, c, m, t);
    ensures range:   amq_bloom_in_range(idx, k, m);
*/
void amq_hash_indices_from(amq_hash_strategy s, uint64_t a, uint64_t b, uint64_t c, uint64_t m,
                           uint64_t *idx, size_t k);

#endif
