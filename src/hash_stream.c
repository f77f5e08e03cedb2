/* The index strategies (amq/hash.h) over the stream of lib_internal/hash_stream.h: the pure part of
 * hashing, proved by the unit hash_stream against acsl/amq/hash_stream_logic.h; the hash calls
 * go through the trusted model's wrappers (lib_internal/hash_model.h, defined in src/hash.c). */
#include <amq/hash.h>
#include <lib_internal/hash_stream.h>
#include <lib_internal/hash_salt.h>

/* amq_reduce (contract: lib_internal/hash_reduce.h) as four 32-bit partial products, two when m
 * < 2^32 (amq_reduce_small: every filter below 512 MB; a Bloom filter's negative query 182.4 ->
 * 166.9 instructions): portable C that Frama-C reads (it has no __int128).  The ghost functions
 * are proof steps (ACSL comments, nothing is compiled): facts about products that CVC4 needs
 * stated once. */
/*@ ghost
  /@ requires 0 <= a <= 4294967295 && 0 <= b <= 4294967295;
     assigns \nothing;
     ensures 0 <= a * b <= 18446744065119617025; @/
  static void amq_hash_stream_reduce_mul32(uint64_t a, uint64_t b) { }
*/
/*@ ghost
  /@ assigns \nothing;
     ensures h * m == ((h / 4294967296) * (m / 4294967296)) * 18446744073709551616
       + ((h / 4294967296) * (m % 4294967296) + (h % 4294967296) * (m / 4294967296)) * 4294967296
       + (h % 4294967296) * (m % 4294967296); @/
  static void amq_hash_stream_reduce_split(uint64_t h, uint64_t m) { }
*/
/*@ ghost
  /@ requires m >= 1;
     assigns \nothing;
     ensures (h * m) / 18446744073709551616 < m; @/
  static void amq_hash_stream_reduce_below(uint64_t h, uint64_t m) { }
*/
/* amq_reduce for m < 2^32 (contract: lib_internal/hash_reduce.h): m's high half is 0, so two of
 * the four partial products are, and h * m is h1 m 2^32 + h0 m; t = h1 m + floor(h0 m / 2^32)
 * < 2^64 as in amq_reduce. */
uint64_t amq_reduce_small(uint64_t h, uint64_t m)
{
    const uint64_t h1 = h / 4294967296u, h0 = h % 4294967296u;
    //@ ghost amq_hash_stream_reduce_mul32(h0, m);
    //@ ghost amq_hash_stream_reduce_mul32(h1, m);
    //@ ghost amq_hash_stream_reduce_below(h, m);
    const uint64_t a = h0 * m;
    const uint64_t t = h1 * m + a / 4294967296u;
    /*@ assert expand:   h * m == (h1 * m) * 4294967296 + a; */
    /*@ assert carry_t:  h * m == t * 4294967296 + a % 4294967296; */
    /*@ assert quotient: h * m == (t / 4294967296) * 18446744073709551616 + (t % 4294967296) * 4294967296
                                  + a % 4294967296; */
    return t / 4294967296u;
}

uint64_t amq_reduce(uint64_t h, uint64_t m)
{
    if (m <= 4294967295u)
        return amq_reduce_small(h, m);
    const uint64_t h1 = h / 4294967296u, h0 = h % 4294967296u, m1 = m / 4294967296u, m0 = m % 4294967296u;
    //@ ghost amq_hash_stream_reduce_mul32(h0, m0);
    //@ ghost amq_hash_stream_reduce_mul32(h1, m0);
    //@ ghost amq_hash_stream_reduce_mul32(h0, m1);
    //@ ghost amq_hash_stream_reduce_mul32(h1, m1);
    //@ ghost amq_hash_stream_reduce_split(h, m);
    //@ ghost amq_hash_stream_reduce_below(h, m);
    const uint64_t a = h0 * m0;
    const uint64_t t = h1 * m0 + a / 4294967296u; /* < 2^64: (2^32-1)^2 + 2^32-1 */
    const uint64_t w = t % 4294967296u + h0 * m1;
    const uint64_t r = h1 * m1 + t / 4294967296u + w / 4294967296u;
    /*@ assert expand: h * m == (h1 * m1) * 18446744073709551616 + (h1 * m0 + h0 * m1) * 4294967296 + a; */
    /*@ assert carry_t:  h * m == (h1 * m1) * 18446744073709551616 + (t + h0 * m1) * 4294967296 + a % 4294967296; */
    /*@ assert carry_w:  h * m == (h1 * m1 + t / 4294967296) * 18446744073709551616 + w * 4294967296
                                  + a % 4294967296; */
    /*@ assert quotient: h * m == r * 18446744073709551616 + (w % 4294967296) * 4294967296 + a % 4294967296;
    */
    return r;
}

/* seed + i mod 2^64 without an unsigned wrap (which the proofs reject as unintended). */
/*@ assigns \nothing;
    ensures \result == (seed + i) % 18446744073709551616;
*/
static uint64_t seed_plus(uint64_t seed, uint64_t i)
{
    return i <= UINT64_MAX - seed ? seed + i : i - (UINT64_MAX - seed) - 1u;
}

void amq_hash_indices_from(amq_hash_strategy s, uint64_t a, uint64_t b, uint64_t c,
                           uint64_t m, uint64_t *idx, size_t k)
{
    if (!idx) /* the NULL rule (amq/error.h); the contract's idx_valid rules it out for k >= 1 */
        return;
    amq_hash_stream st;
    amq_hash_stream_words(&st, s, a, b, c, m);
    /*@ loop invariant bounds: 0 <= i <= k && st.i == i;
        loop invariant at:     amq_hash_stream_at(&st, amq_hash_stream_rec(s), amq_hash_stream_reduce(a, m),
                                             amq_hash_stream_y0(s, amq_hash_stream_reduce(b, m), m), amq_hash_stream_reduce(c, m), m);
        loop invariant seq:    \forall integer t; 0 <= t < i ==>
                                 idx[t] == amq_hash_stream_words_index(s, a, b, c, m, t) && idx[t] < m;
        loop assigns i, st, idx[0 .. k - 1];
        loop variant k - i;
    */
    for (size_t i = 0; i < k; i++) {
        const uint64_t v = amq_hash_stream_next(&st);
        /*@ assert next: v == st.x && v < m && st.i == i + 1 &&
                         amq_hash_stream_at(&st, amq_hash_stream_rec(s), amq_hash_stream_reduce(a, m),
                                       amq_hash_stream_y0(s, amq_hash_stream_reduce(b, m), m), amq_hash_stream_reduce(c, m), m); */
        idx[i] = v;
    }
}

/* The key's raw words for the recurrences: XXH3-128, and XXH3-64 with a salted seed for the
 * triple strategy's third word (0 otherwise). */
/*@ requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    requires out_valid: \valid(a) && \valid(b) && \valid(c) && \separated(a, b, c);
    assigns *a, *b, *c;
    ensures a: *a == amq_hash_xxh3_128_lo{Pre}((char *)key, len, seed);
    ensures b: *b == amq_hash_xxh3_128_hi{Pre}((char *)key, len, seed);
    ensures c: *c == amq_hash_stream_c{Pre}(s, seed, (char *)key, len);
*/
static void key_words(amq_hash_strategy s, uint64_t seed, const void *key, size_t len, uint64_t *a,
                      uint64_t *b, uint64_t *c)
{
    amq_xxh3_128(key, len, seed, a, b);
    *c = s == AMQ_HASH_TRIPLE ? amq_xxh3_64(key, len, seed ^ AMQ_HASH_TRIPLE_SALT) : 0;
}

void amq_hash_stream_key(amq_hash_stream *st, amq_hash_strategy s, uint64_t seed, const void *key, size_t len,
                         uint64_t m)
{
    if (s == AMQ_HASH_INDEPENDENT) {
        *st = (amq_hash_stream){.m = m, .s = s, .key = key, .len = len, .seed = seed};
        return;
    }
    uint64_t a, b, c;
    key_words(s, seed, key, len, &a, &b, &c);
    amq_hash_stream_words(st, s, a, b, c, m);
}

uint64_t amq_hash_independent_index(const amq_hash_stream *st, uint64_t i)
{
    return amq_reduce(amq_xxh3_64(st->key, st->len, seed_plus(st->seed, i)), st->m);
}

/* The stream run k times: for the recurrences the stream of the key's words (the same indices as
 * amq_hash_stream_key's stream), for the independent strategy one hash per index. */
void amq_hash_indices(amq_hash_strategy s, uint64_t seed, const void *key, size_t len,
                      uint64_t m, uint64_t *idx, size_t k)
{
    if (!idx || (!key && len)) /* the NULL rule (amq/error.h); key_valid and idx_valid rule it out */
        return;
    amq_hash_stream st;
    if (s != AMQ_HASH_INDEPENDENT) {
        uint64_t a, b, c;
        key_words(s, seed, key, len, &a, &b, &c);
        amq_hash_indices_from(s, a, b, c, m, idx, k);
        return;
    }
    amq_hash_stream_key(&st, s, seed, key, len, m);
    /*@ loop invariant bounds: 0 <= i <= k && st.i == i;
        loop invariant indep:  amq_hash_stream_at_key(&st, seed, (char *)key, len, m);
        loop invariant ok:     amq_hash_stream_ok(&st);
        loop invariant seq:    \forall integer t; 0 <= t < i ==>
                                 idx[t] == amq_hash_stream_indep_index(seed, (char *)key, len, m, t) && idx[t] < m;
        loop assigns i, st, idx[0 .. k - 1];
        loop variant k - i;
    */
    for (size_t i = 0; i < k; i++) {
        const uint64_t v = amq_hash_stream_next(&st);
        /*@ assert next: v == amq_hash_stream_indep_index(seed, (char *)key, len, m, i) && v < m && st.i == i + 1; */
        idx[i] = v;
    }
}
