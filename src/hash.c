#include <internal/fail.h>
#include <amq/hash.h>
#include <internal/hash_stream.h>
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
    for (int i = 0; i < 4; i++)
        if (name && strcmp(name, names[i]) == 0) {
            *out = (amq_hash_strategy)i;
            return AMQ_OK;
        }
    return amq_fail(AMQ_E_INVALID_ARG,
                    "unknown hashing strategy '%s' (expected independent, double, triple or enhanced)",
                    name ? name : "(null)");
}

void amq_hash_indices_from(amq_hash_strategy s, uint64_t a, uint64_t b, uint64_t c,
                           uint64_t m, uint64_t *idx, size_t k)
{
    amq_hash_stream st;
    amq_hash_stream_words(&st, s, a, b, c, m);
    for (size_t i = 0; i < k; i++)
        idx[i] = amq_hash_stream_next(&st);
}

void amq_hash_stream_key(amq_hash_stream *st, amq_hash_strategy s, uint64_t seed, const void *key, size_t len,
                         uint64_t m)
{
    if (s == AMQ_HASH_INDEPENDENT) {
        *st = (amq_hash_stream){.m = m, .s = s, .key = key, .len = len, .seed = seed};
        return;
    }
    const XXH128_hash_t h = XXH3_128bits_withSeed(key, len, seed);
    uint64_t c = 0;
    if (s == AMQ_HASH_TRIPLE) /* a third independent word for the third index */
        c = XXH3_64bits_withSeed(key, len, seed ^ 0x9E3779B97F4A7C15ull);
    amq_hash_stream_words(st, s, h.low64, h.high64, c, m);
}

uint64_t amq_hash_independent_index(const amq_hash_stream *st, uint64_t i)
{
    return amq_reduce(XXH3_64bits_withSeed(st->key, st->len, st->seed + i), st->m);
}

void amq_hash_indices(amq_hash_strategy s, uint64_t seed, const void *key, size_t len,
                      uint64_t m, uint64_t *idx, size_t k)
{
    amq_hash_stream st;
    amq_hash_stream_key(&st, s, seed, key, len, m);
    for (size_t i = 0; i < k; i++)
        idx[i] = amq_hash_stream_next(&st);
}

uint64_t amq_hash_fingerprint(uint64_t seed, const void *key, size_t len, unsigned p)
{
    return XXH3_64bits_withSeed(key, len, seed) >> (64u - p);
}
