/* Internal: the index strategies of amq/hash.h as a stream, one index at a time, so that a
 * query can stop at its first absent index without deriving the others (not installed).
 * amq_hash_indices and amq_hash_indices_from (src/hash.c) are this stream run k times: the
 * sequences have one definition.  No division on the way: words are reduced by
 * multiply-shift, sums by one conditional subtraction, and the enhanced strategy's
 * i mod m is taken only when i >= m, where it is needed (the same value either way). */
#ifndef AMQ_INTERNAL_HASH_STREAM_H
#define AMQ_INTERNAL_HASH_STREAM_H
#include <stddef.h>
#include <stdint.h>
#include <amq/hash.h>

typedef struct amq_hash_stream {
    uint64_t x, y, z, m, i;
    amq_hash_strategy s;
    /* the independent strategy hashes the key again for every index */
    const void *key;
    size_t len;
    uint64_t seed;
} amq_hash_stream;

/* (x + y) mod m for x, y < m, without overflow even when m is near 2^64. */
static inline uint64_t amq_hash_add_mod(uint64_t x, uint64_t y, uint64_t m)
{
    return x >= m - y ? x - (m - y) : x + y;
}

/* The stream of strategy s from the raw words a, b, c (amq_hash_indices_from).  Requires
 * m >= 1.  From raw words the independent strategy has no key to hash again: it follows
 * the enhanced recurrence, as amq_hash_indices_from always has. */
static inline void amq_hash_stream_words(amq_hash_stream *st, amq_hash_strategy s, uint64_t a, uint64_t b,
                                         uint64_t c, uint64_t m)
{
    uint64_t y = amq_reduce(b, m);
    if (s == AMQ_HASH_DOUBLE || s == AMQ_HASH_TRIPLE) {
        /* Section 5.1: the step must be non-zero, and odd when m is a power of two,
         * or the probe sequence collapses to few distinct positions. */
        if (m > 1 && (m & (m - 1)) == 0)
            y |= 1u;
        else if (y == 0 && m > 1)
            y = 1;
    }
    *st = (amq_hash_stream){.x = amq_reduce(a, m), .y = y, .z = amq_reduce(c, m), .m = m, .i = 0,
                            .s = s == AMQ_HASH_INDEPENDENT ? AMQ_HASH_ENHANCED : s};
}

/* The stream of the key under strategy s and seed (amq_hash_indices): hashes the key once
 * (XXH3-128, and XXH3-64 for the triple strategy's third word); the independent strategy
 * hashes it at each index instead.  Requires m >= 1. */
void amq_hash_stream_key(amq_hash_stream *st, amq_hash_strategy s, uint64_t seed, const void *key, size_t len,
                         uint64_t m);
/* Index i of the independent strategy: XXH3-64 of the key with seed + i, reduced. */
uint64_t amq_hash_independent_index(const amq_hash_stream *st, uint64_t i);

/* The next index, in [0, m): index 0, 1, 2, ... of the strategy's sequence. */
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

#endif
