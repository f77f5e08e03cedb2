/* The blocking layer shared by the key-level blocked structures (lib_internal/blocked_layer.h). */
#include <lib_internal/huge_pages.h>
#include <lib_internal/fail.h>
#include <lib_internal/blocked_layer.h>
#include <lib_internal/blocked_kernel.h>
#include <amq/hash.h>
#include <amq/spec_blocked.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(AMQ_MAX_K <= AMQ_BLOCKED_MAX_K, "every k a structure accepts must reach its kernel");
_Static_assert(AMQ_BLOCKED_SIZE_MAX_K <= AMQ_MAX_K, "sizing must choose a k the structures accept");

amq_status amq_blocked_layer_size(uint64_t *m, uint64_t nblocks, uint64_t bsize, const char *name)
{
    if (bsize != 0 && nblocks > UINT64_MAX / bsize)
        return amq_fail(AMQ_E_OVERFLOW, "%s: %llu blocks of %llu positions overflow 64 bits", name,
                        (unsigned long long)nblocks, (unsigned long long)bsize);
    *m = nblocks * bsize;
    return AMQ_OK;
}

amq_status amq_blocked_layer_bits_alloc(uint64_t **words, uint64_t *nwords, uint64_t m, const char *name)
{
    const uint64_t n = AMQ_BLOOM_WORDS(m);
    if (n > SIZE_MAX / sizeof(uint64_t))
        return amq_fail(AMQ_E_OVERFLOW, "%s: %llu bits do not fit in memory addresses", name,
                        (unsigned long long)m);
    uint64_t *w = calloc((size_t)n, sizeof(uint64_t));
    if (!w)
        return amq_fail(AMQ_E_NOMEM, "%s: cannot allocate %llu bytes", name, (unsigned long long)(n * 8));
    *words = w;
    *nwords = n;
    return AMQ_OK;
}

amq_status amq_blocked_layer_bits_alloc_lines(uint64_t **words, void **base, uint64_t *nwords, uint64_t m,
                                              const char *name)
{
    const uint64_t n = AMQ_BLOOM_WORDS(m);
    if (n > SIZE_MAX / sizeof(uint64_t) - 8)
        return amq_fail(AMQ_E_OVERFLOW, "%s: %llu bits do not fit in memory addresses", name,
                        (unsigned long long)m);
    /* calloc, not an aligned allocation and memset: a large array stays untouched until used */
    uint64_t *w = calloc((size_t)n + 8, sizeof(uint64_t));
    if (!w)
        return amq_fail(AMQ_E_NOMEM, "%s: cannot allocate %llu bytes", name, (unsigned long long)(n * 8));
    amq_advise_huge_pages(w, ((size_t)n + 8) * sizeof(uint64_t));
    *base = w;
    *words = w + (64u - (uintptr_t)w % 64u) % 64u / sizeof(uint64_t);
    *nwords = n;
    return AMQ_OK;
}

uint64_t amq_blocked_layer_popcount(const uint64_t *words, uint64_t nwords)
{
    uint64_t c = 0;
    for (uint64_t i = 0; i < nwords; i++)
        c += (uint64_t)__builtin_popcountll(words[i]);
    return c;
}

int amq_blocked_layer_tail_clean(const uint64_t *words, uint64_t m)
{
    const uint64_t r = m % 64u;
    return r == 0 || (words[AMQ_BLOOM_WORDS(m) - 1] >> r) == 0;
}

double amq_blocked_layer_hit_prob(uint64_t nblocks, uint64_t bsize, uint64_t k)
{
    return -expm1((double)k * log1p(-1.0 / (double)bsize)) / (double)nblocks;
}

double amq_blocked_layer_fill_estimate(uint64_t used, uint64_t m, double q)
{
    if (used == 0)
        return 0.0;
    if (used >= m)
        return INFINITY;
    const double z = (double)(m - used) / (double)m;
    return log(z) / log1p(-q);
}

static void put_params(uint8_t out[AMQ_BLOCKED_LAYER_PARAMS], const amq_blocked_layer_params *p)
{
    amq_put_u64(out, p->nblocks);
    amq_put_u64(out + 8, p->block_size);
    amq_put_u64(out + 16, p->k);
    amq_put_u64(out + 24, p->strategy);
    amq_put_u64(out + 32, p->seed);
    amq_put_u64(out + 40, p->width);
}

amq_status amq_blocked_layer_save_words(const char *path, uint32_t type, const amq_blocked_layer_params *p,
                                        const uint64_t *words, uint64_t nwords)
{
    uint8_t buf[AMQ_BLOCKED_LAYER_PARAMS];
    put_params(buf, p);
    return amq_container_save(path, type, buf, sizeof buf, words, nwords);
}

amq_status amq_blocked_layer_save_bytes(const char *path, uint32_t type, const amq_blocked_layer_params *p,
                                        const uint8_t *bytes, uint64_t nbytes)
{
    uint8_t buf[AMQ_BLOCKED_LAYER_PARAMS];
    put_params(buf, p);
    return amq_container_save_bytes(path, type, buf, sizeof buf, bytes, nbytes);
}

amq_status amq_blocked_layer_open(amq_reader *r, const char *path, uint32_t type, amq_blocked_layer_params *p)
{
    amq_status s = amq_reader_open_as(r, path, type, AMQ_BLOCKED_LAYER_PARAMS);
    if (s != AMQ_OK)
        return s;
    *p = (amq_blocked_layer_params){.nblocks = amq_get_u64(r->params),
                                    .block_size = amq_get_u64(r->params + 8),
                                    .k = amq_get_u64(r->params + 16),
                                    .strategy = amq_get_u64(r->params + 24),
                                    .seed = amq_get_u64(r->params + 32),
                                    .width = amq_get_u64(r->params + 40)};
    return AMQ_OK;
}

amq_status amq_blocked_layer_impossible(const char *path)
{
    char why[256]; /* a copy: the new message is written over the old one */
    snprintf(why, sizeof why, "%s", amq_last_error());
    return amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible parameters: %s", path, why);
}

amq_status amq_blocked_layer_payload_is(const amq_reader *r, const char *path, uint64_t bytes)
{
    if (r->payload_len != bytes)
        return amq_fail(AMQ_E_SIZE_MISMATCH, "load: '%s': payload is %llu bytes, the parameters need %llu", path,
                        (unsigned long long)r->payload_len, (unsigned long long)bytes);
    return AMQ_OK;
}

amq_status amq_blocked_layer_read_bits(amq_reader *r, const char *path, uint64_t *words, uint64_t nwords,
                                       uint64_t m)
{
    amq_status s = amq_reader_words(r, words, nwords);
    if (s == AMQ_OK && !amq_blocked_layer_tail_clean(words, m))
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': bits set beyond the last position", path);
    return s;
}

uint64_t amq_blocked_layer_decode(const uint64_t *d, uint64_t a, size_t k, uint64_t *idx)
{
    for (size_t t = 0; t < k; t++)
        idx[t] = d[1 + t] % a;
    return d[0] / a;
}

amq_status amq_blocked_layer_digits(uint64_t *m, uint64_t *alphabet, uint64_t nblocks, uint64_t bsize, uint64_t a,
                                    const char *name)
{
    const uint64_t lim = UINT64_C(1) << 62;
    if (nblocks > lim / bsize)
        return amq_fail(AMQ_E_OVERFLOW, "%s kernel: %llu blocks of %llu positions are too many", name,
                        (unsigned long long)nblocks, (unsigned long long)bsize);
    if (nblocks > lim / a)
        return amq_fail(AMQ_E_OVERFLOW, "%s kernel: %llu x %llu digits overflow", name,
                        (unsigned long long)nblocks, (unsigned long long)a);
    *m = nblocks * bsize;
    *alphabet = nblocks * a;
    return AMQ_OK;
}
