#include <lib_internal/fail.h>
#include <amq/hash.h>
#include <lib_internal/hash_model.h>
#include <string.h>
/* XXH3 inlined from libxxhash's header (its documented XXH_INLINE_ALL mode): the same
 * functions as the shared library's, compiled into the hot paths. */
#define XXH_INLINE_ALL
#include <xxhash.h>

static const char *const names[] = {"independent", "double", "triple", "enhanced"};

int amq_hash_valid(int s) { return s >= AMQ_HASH_INDEPENDENT && s <= AMQ_HASH_ENHANCED; }

const char *amq_hash_name(amq_hash_strategy s)
{
    return amq_hash_valid((int)s) ? names[s] : "unknown";
}

amq_status amq_hash_parse(const char *name, amq_hash_strategy *out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_hash_parse: NULL argument");
    for (int i = 0; i < 4; i++)
        if (name && strcmp(name, names[i]) == 0) {
            *out = (amq_hash_strategy)i;
            return AMQ_OK;
        }
    return amq_fail(AMQ_E_INVALID_ARG,
                    "unknown hashing strategy '%s' (expected independent, double, triple or enhanced)",
                    name ? name : "(null)");
}

/* The wrappers of lib_internal/hash_model.h: the hash model's C side, trusted (not proved). */
uint64_t amq_xxh3_64(const void *key, size_t len, uint64_t seed)
{
    return XXH3_64bits_withSeed(key, len, seed);
}

void amq_xxh3_128(const void *key, size_t len, uint64_t seed, uint64_t *lo, uint64_t *hi)
{
    const XXH128_hash_t h = XXH3_128bits_withSeed(key, len, seed);
    *lo = h.low64;
    *hi = h.high64;
}

uint64_t amq_xxh64(const void *key, size_t len, uint64_t seed)
{
    return XXH64(key, len, seed);
}

uint64_t amq_hash_fingerprint(uint64_t seed, const void *key, size_t len, unsigned p)
{
    if (!key && len)
        return 0;
    return amq_xxh3_64(key, len, seed) >> (64u - p);
}
