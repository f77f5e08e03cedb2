/* The index sequences of the strategies of amq/hash.h, defined once in ACSL (definitions only,
 * no axiom).  src/lib_internal/hash_stream.h proves that amq_hash_stream_next yields them and
 * src/hash_stream.c that amq_hash_indices and amq_hash_indices_from do.  Index i of a key:
 *   independent  reduce(XXH3-64(key, seed + i mod 2^64), m)
 *   double       x_i = x_{i-1} + y            (mod m)   Dillinger-Manolios eq. (4)
 *   triple       x_i = x_{i-1} + y_{i-1}, y_i = y_{i-1} + z      eq. (5), Algorithm 1
 *   enhanced     x_i = x_{i-1} + y_{i-1}, y_i = y_{i-1} + i      Algorithm 2 / eq. (6)
 * with x_0 = reduce(a, m), y_0 = reduce(b, m) (for double and triple made non-zero, and odd
 * when m is a power of two), z = reduce(c, m); a, b = XXH3-128(key, seed), c = XXH3-64(key,
 * seed ^ 0x9E3779B97F4A7C15) for triple and 0 otherwise. */
#ifndef AMQ_HASH_STREAM_LOGIC_H
#define AMQ_HASH_STREAM_LOGIC_H
#include <stdint.h>
#include <amq/hash.h>
#include <amq/hash_model.h>
/*@
  // multiply-shift: the high word of h * m (amq_reduce)
  logic integer amq_hash_stream_reduce(integer h, integer m) = (h * m) / 18446744073709551616;

  // (a + b) mod m for a, b in [0, m): one conditional subtraction (amq_hash_add_mod)
  logic integer amq_hash_stream_addm(integer a, integer b, integer m) = a + b < m ? a + b : a + b - m;

  // the first step: for double and triple non-zero when m > 1, odd when m is a power of two
  logic integer amq_hash_stream_y0(integer s, integer y, integer m) =
    (s == AMQ_HASH_DOUBLE || s == AMQ_HASH_TRIPLE) ?
      ((m > 1 && m % 2 == 0 && (m & (m - 1)) == 0) ? (y % 2 == 0 ? y + 1 : y)
       : ((y == 0 && m > 1) ? 1 : y))
    : y;

  // what the step grows by at index i: z (triple), i mod m (enhanced)
  logic integer amq_hash_stream_inc(integer s, integer z, integer m, integer i) =
    s == AMQ_HASH_TRIPLE ? z : (i < m ? i : i % m);

  // the step after index i (constant for double)
  logic integer amq_hash_stream_y(integer s, integer y0, integer z, integer m, integer i) =
    (i <= 0 || (s != AMQ_HASH_TRIPLE && s != AMQ_HASH_ENHANCED)) ? y0
    : amq_hash_stream_addm(amq_hash_stream_y(s, y0, z, m, i - 1), amq_hash_stream_inc(s, z, m, i), m);

  // index i of the recurrence of strategy s (double, triple or enhanced)
  logic integer amq_hash_stream_x(integer s, integer x0, integer y0, integer z, integer m, integer i) =
    i <= 0 ? x0 : amq_hash_stream_addm(amq_hash_stream_x(s, x0, y0, z, m, i - 1), amq_hash_stream_y(s, y0, z, m, i - 1), m);

  // the recurrence that strategy s follows from raw words (independent: enhanced)
  logic integer amq_hash_stream_rec(integer s) = s == AMQ_HASH_INDEPENDENT ? AMQ_HASH_ENHANCED : s;

  // index i of strategy s from the raw words a, b, c (amq_hash_indices_from)
  logic integer amq_hash_stream_words_index(integer s, integer a, integer b, integer c, integer m, integer i) =
    amq_hash_stream_x(amq_hash_stream_rec(s), amq_hash_stream_reduce(a, m), amq_hash_stream_y0(s, amq_hash_stream_reduce(b, m), m), amq_hash_stream_reduce(c, m), m, i);

  // the third word of the triple strategy
  logic integer amq_hash_stream_c{L}(integer s, uint64_t seed, char *key, integer len) =
    s == AMQ_HASH_TRIPLE ? amq_hash_xxh3_64{L}(key, len, seed ^ 0x9E3779B97F4A7C15) : 0;

  // index i of the independent strategy: the key hashed with seed + i (mod 2^64)
  logic integer amq_hash_stream_indep_index{L}(uint64_t seed, char *key, integer len, integer m, integer i) =
    amq_hash_stream_reduce(amq_hash_xxh3_64{L}(key, len, (seed + i) % 18446744073709551616), m);

  // index i of the key (its len bytes at key, read at L) under strategy s, seed and m
  logic integer amq_hash_stream_index{L}(integer s, uint64_t seed, char *key, integer len,
                                 integer m, integer i) =
    s == AMQ_HASH_INDEPENDENT ? amq_hash_stream_indep_index{L}(seed, key, len, m, i)
    : amq_hash_stream_words_index(s, amq_hash_xxh3_128_lo{L}(key, len, seed), amq_hash_xxh3_128_hi{L}(key, len, seed),
                      amq_hash_stream_c{L}(s, seed, key, len), m, i);

  // idx[0 .. k-1] is the key's index sequence
  predicate amq_hash_stream_indices{L}(uint64_t *idx, integer k, integer s, uint64_t seed, char *key,
                               integer len, integer m) =
    \forall integer t; 0 <= t < k ==> \at(idx[t], L) == amq_hash_stream_index{L}(s, seed, key, len, m, t);

  // the key's first k indices (its bytes read at L) are in [0, m)
  predicate amq_hash_stream_in_range{L}(integer k, integer s, uint64_t seed, char *key, integer len,
                                integer m) =
    \forall integer t; 0 <= t < k ==> 0 <= amq_hash_stream_index{L}(s, seed, key, len, m, t) < m;
*/
#endif
