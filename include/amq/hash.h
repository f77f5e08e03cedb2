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

/* Fill idx[0..k-1] with the key's indices in [0, m). Requires m >= 1 (proved code, unit
 * hash_stream).  A NULL idx, or a NULL key with len > 0: nothing is done (the NULL rule). */
AMQ_API void amq_hash_indices(amq_hash_strategy s, uint64_t seed, const void *key, size_t len,
                      uint64_t m, uint64_t *idx, size_t k);
/* Same, from the raw hash words a, b, c (each uniform on 64 bits); used by tests
 * and Monte Carlo to drive a strategy from a random oracle.  NULL idx: nothing is done. */
AMQ_API void amq_hash_indices_from(amq_hash_strategy s, uint64_t a, uint64_t b, uint64_t c,
                           uint64_t m, uint64_t *idx, size_t k);
/* Map a uniform 64-bit word onto [0, m) (multiply-shift; onto for every m >= 1): the high 64
 * bits of the 128-bit product h * m.  Requires m >= 1. */
AMQ_API uint64_t amq_reduce(uint64_t h, uint64_t m);
/* The top p bits (1 <= p <= 64) of XXH3-64(key, seed): the fingerprint of the quotient
 * filters (equal to amq_reduce(XXH3-64, 2^p), i.e. the independent strategy with k = 1).
 * 0 for a NULL key with len > 0 (the NULL rule of amq/error.h). */
AMQ_API uint64_t amq_hash_fingerprint(uint64_t seed, const void *key, size_t len, unsigned p);
AMQ_API const char *amq_hash_name(amq_hash_strategy s);
/* Parse "independent", "double", "triple", "enhanced".  NULL name or out: AMQ_E_INVALID_ARG. */
AMQ_API amq_status amq_hash_parse(const char *name, amq_hash_strategy *out);
AMQ_API int amq_hash_valid(int s);

#endif
