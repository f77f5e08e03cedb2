#include <internal/fail.h>
#include <amq/hash.h>
#include <string.h>
#include <xxhash.h>

static const char *const names[] = {"independent", "double", "triple", "enhanced"};

int amq_hash_valid(int s) { return s >= AMQ_HASH_INDEPENDENT && s <= AMQ_HASH_ENHANCED; }

const char *amq_hash_name(amq_hash_strategy s)
{
    return amq_hash_valid((int)s) ? names[s] : "unknown";
}

amq_status amq_hash_parse(const char *name, amq_hash_strategy *out)
{
    for (int i = 0; i < 4; i++)
        if (name && strcmp(name, names[i]) == 0) {
            *out = (amq_hash_strategy)i;
            return AMQ_OK;
        }
    return amq_fail(AMQ_E_INVALID_ARG,
                    "unknown hashing strategy '%s' (expected independent, double, triple or enhanced)",
                    name ? name : "(null)");
}

/* (x + y) mod m for x, y < m, without overflow even when m is near 2^64. */
static inline uint64_t add_mod(uint64_t x, uint64_t y, uint64_t m)
{
    return x >= m - y ? x - (m - y) : x + y;
}

void amq_hash_indices_from(amq_hash_strategy s, uint64_t a, uint64_t b, uint64_t c,
                           uint64_t m, uint64_t *idx, size_t k)
{
    if (k == 0)
        return;
    uint64_t x = amq_reduce(a, m), y = amq_reduce(b, m), z = amq_reduce(c, m);
    if (s == AMQ_HASH_DOUBLE || s == AMQ_HASH_TRIPLE) {
        /* Section 5.1: the step must be non-zero, and odd when m is a power of two,
         * or the probe sequence collapses to few distinct positions. */
        if (m > 1 && (m & (m - 1)) == 0)
            y |= 1u;
        else if (y == 0 && m > 1)
            y = 1;
    }
    idx[0] = x;
    for (size_t i = 1; i < k; i++) {
        x = add_mod(x, y, m);
        if (s == AMQ_HASH_TRIPLE)
            y = add_mod(y, z, m);
        else if (s != AMQ_HASH_DOUBLE) /* enhanced: y += i (mod m); i may exceed m */
            y = add_mod(y, (uint64_t)(i % m), m);
        idx[i] = x;
    }
}

void amq_hash_indices(amq_hash_strategy s, uint64_t seed, const void *key, size_t len,
                      uint64_t m, uint64_t *idx, size_t k)
{
    if (s == AMQ_HASH_INDEPENDENT) {
        for (size_t i = 0; i < k; i++)
            idx[i] = amq_reduce(XXH3_64bits_withSeed(key, len, seed + (uint64_t)i), m);
        return;
    }
    XXH128_hash_t h = XXH3_128bits_withSeed(key, len, seed);
    uint64_t c = 0;
    if (s == AMQ_HASH_TRIPLE) /* a third independent word for the third index */
        c = XXH3_64bits_withSeed(key, len, seed ^ 0x9E3779B97F4A7C15ull);
    amq_hash_indices_from(s, h.low64, h.high64, c, m, idx, k);
}

uint64_t amq_hash_fingerprint(uint64_t seed, const void *key, size_t len, unsigned p)
{
    return XXH3_64bits_withSeed(key, len, seed) >> (64u - p);
}
