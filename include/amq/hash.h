/* Index strategies: turn a key into k indices in [0, m) with XXH3 (libxxhash).
 * Every strategy reaches every position of [0, m) for any m in [1, 2^64-1]:
 * hashes are reduced by multiply-shift ((h * m) >> 64), which is onto. */
#ifndef AMQ_HASH_H
#define AMQ_HASH_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>

typedef enum amq_hash_strategy {
    AMQ_HASH_INDEPENDENT = 0, /* k seeded XXH3 calls, one per index                     */
    AMQ_HASH_DOUBLE = 1,      /* f[i] = a + i*b (mod m), Dillinger-Manolios eq. (4)      */
    AMQ_HASH_TRIPLE = 2,      /* f[i] = a + i*b + i(i-1)/2*c (mod m), eq. (5), Alg. 1    */
    AMQ_HASH_ENHANCED = 3     /* enhanced double hashing, Algorithm 2 / eq. (6); default */
} amq_hash_strategy;

#define AMQ_HASH_DEFAULT AMQ_HASH_ENHANCED

/* Fill idx[0..k-1] with the key's indices in [0, m). Requires m >= 1. */
AMQ_API void amq_hash_indices(amq_hash_strategy s, uint64_t seed, const void *key, size_t len,
                      uint64_t m, uint64_t *idx, size_t k);
/* Same, from the raw hash words a, b, c (each uniform on 64 bits); used by tests
 * and Monte Carlo to drive a strategy from a random oracle. */
AMQ_API void amq_hash_indices_from(amq_hash_strategy s, uint64_t a, uint64_t b, uint64_t c,
                           uint64_t m, uint64_t *idx, size_t k);
/* Map a uniform 64-bit word onto [0, m) (multiply-shift; onto for every m >= 1): the high 64
 * bits of the 128-bit product h * m, from four 32-bit partial products (portable C that
 * Frama-C reads; the proof gate proves it equal to (h * m) / 2^64).  The ghost functions are
 * proof steps (ACSL comments, nothing is compiled). */
/*@ ghost
  /@ requires 0 <= a <= 4294967295 && 0 <= b <= 4294967295;
     assigns \nothing;
     ensures 0 <= a * b <= 18446744065119617025; @/
  static inline void amq_reduce_mul32(uint64_t a, uint64_t b) { }
*/
/*@ ghost
  /@ assigns \nothing;
     ensures h * m == ((h / 4294967296) * (m / 4294967296)) * 18446744073709551616
       + ((h / 4294967296) * (m % 4294967296) + (h % 4294967296) * (m / 4294967296)) * 4294967296
       + (h % 4294967296) * (m % 4294967296); @/
  static inline void amq_reduce_split(uint64_t h, uint64_t m) { }
*/
/*@ ghost
  /@ requires m >= 1;
     assigns \nothing;
     ensures (h * m) / 18446744073709551616 < m; @/
  static inline void amq_reduce_below(uint64_t h, uint64_t m) { }
*/
/*@ requires m_pos: m >= 1;
    assigns \nothing;
    ensures product:  \result == (h * m) / 18446744073709551616;
    ensures in_range: \result < m;
*/
static inline uint64_t amq_reduce(uint64_t h, uint64_t m)
{
    const uint64_t h1 = h / 4294967296u, h0 = h % 4294967296u, m1 = m / 4294967296u, m0 = m % 4294967296u;
    //@ ghost amq_reduce_mul32(h0, m0);
    //@ ghost amq_reduce_mul32(h1, m0);
    //@ ghost amq_reduce_mul32(h0, m1);
    //@ ghost amq_reduce_mul32(h1, m1);
    //@ ghost amq_reduce_split(h, m);
    //@ ghost amq_reduce_below(h, m);
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
/* The top p bits (1 <= p <= 64) of XXH3-64(key, seed): the fingerprint of the quotient
 * filters (equal to amq_reduce(XXH3-64, 2^p), i.e. the independent strategy with k = 1). */
AMQ_API uint64_t amq_hash_fingerprint(uint64_t seed, const void *key, size_t len, unsigned p);
AMQ_API const char *amq_hash_name(amq_hash_strategy s);
/* Parse "independent", "double", "triple", "enhanced". */
AMQ_API amq_status amq_hash_parse(const char *name, amq_hash_strategy *out);
AMQ_API int amq_hash_valid(int s);

#endif
