/* Key-level cuckoo filter (amq/cuckoo.h): the table, its sizing and its files, over the key
 * level of lib_internal/cuckoo_key.h (hashing, then the proved kernel), which alone touches the
 * table for a key.  This file adds the allocation, the count and the messages. */
#include <lib_internal/huge_pages.h>
#include <lib_internal/fail.h>
#include <lib_internal/container.h>
#include <lib_internal/cuckoo_key.h>
#include <amq/cuckoo.h>
#include <amq/spec_cuckoo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct amq_cuckoo {
    uint64_t nb, b, f, seed, nwords, count;
    uint64_t *w;
};

amq_status amq_cuckoo_check_geometry(uint64_t nb, uint64_t b, uint64_t f)
{
    if (nb < 1)
        return amq_fail(AMQ_E_INVALID_ARG, "cuckoo: nb = 0 buckets; a table needs at least one bucket");
    if (b != 2 && b != 4 && b != 8)
        return amq_fail(AMQ_E_INVALID_ARG, "cuckoo: b = %llu slots per bucket; b must be 2, 4 or 8", ULL(b));
    if (f < 2 || f > 32)
        return amq_fail(AMQ_E_INVALID_ARG, "cuckoo: f = %llu fingerprint bits; f must be in [2, 32]", ULL(f));
    if (nb > UINT64_MAX / (b * f))
        return amq_fail(AMQ_E_INVALID_ARG,
                        "cuckoo: nb = %llu buckets of b = %llu slots of f = %llu bits exceed 2^64 - 1 table bits",
                        ULL(nb), ULL(b), ULL(f));
    return AMQ_OK;
}

uint64_t amq_cuckoo_table_words(uint64_t nb, uint64_t b, uint64_t f) { return nb * b * f / 64 + (nb * b * f % 64 != 0); }

amq_status amq_cuckoo_create(amq_cuckoo **out, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "create: NULL output pointer");
    amq_status s = amq_cuckoo_check_geometry(nb, b, f);
    if (s != AMQ_OK)
        return s;
    const uint64_t nwords = amq_cuckoo_table_words(nb, b, f);
    if (nwords > SIZE_MAX / sizeof(uint64_t))
        return amq_fail(AMQ_E_OVERFLOW, "cuckoo: %llu buckets of %llu slots of %llu bits do not fit in memory",
                        ULL(nb), ULL(b), ULL(f));
    amq_cuckoo *cf = malloc(sizeof *cf);
    uint64_t *w = cf ? calloc((size_t)nwords, sizeof *w) : NULL;
    if (!w) {
        free(cf);
        return amq_fail(AMQ_E_NOMEM, "cuckoo: cannot allocate %llu bytes for %llu buckets of %llu slots of %llu bits",
                        ULL(nwords * 8), ULL(nb), ULL(b), ULL(f));
    }
    amq_advise_huge_pages(w, (size_t)nwords * sizeof *w);
    *cf = (amq_cuckoo){.nb = nb, .b = b, .f = f, .seed = seed, .nwords = nwords, .w = w};
    *out = cf;
    return AMQ_OK;
}

/* The first refusal comes at a load that varies from table to table, more for small tables:
 * measured with the key level's kicks (docs/cuckoo.md), b = 4 and 8 first refuse above 95%
 * at a few thousand keys and b = 2 above 84%, lower and more spread out for a few hundred.
 * b = 2 small tables also meet sets of keys that no placement holds (a bucket that is its own
 * alternate for three keys, five keys on one pair): the 40/n term keeps them rare. */
double amq_cuckoo_sizing_load(uint64_t n, uint64_t b)
{
    const double r = (double)n;
    if (b == 2) {
        const double l = 0.75 - 2.0 / sqrt(r) - 40.0 / r;
        return l > 0.15 ? l : 0.15;
    }
    const double l = 0.95 - 1.5 / sqrt(r);
    return l > 0.5 ? l : 0.5;
}

/* The smallest f whose Fan bound is at most fpr (exact comparison with the double), 0 if none. */
static uint64_t width_for(double fpr, uint64_t b, double *bound)
{
    mpq_t q, t;
    mpq_inits(q, t, (mpq_ptr)0);
    mpq_set_d(t, fpr);
    uint64_t f = 2;
    for (; f <= 32; f++) {
        if (amq_cuckoo_fp_bound_fan(q, 1, b, f, 0) == AMQ_OK && mpq_cmp(q, t) <= 0)
            break;
    }
    if (f <= 32 && bound) {
        mpfr_t up;
        mpfr_init2(up, 53);
        mpfr_set_q(up, q, MPFR_RNDU);
        *bound = mpfr_get_d(up, MPFR_RNDU);
        mpfr_clear(up);
    }
    mpq_clears(q, t, (mpq_ptr)0);
    return f <= 32 ? f : 0;
}

amq_status amq_cuckoo_size_for(uint64_t n, double fpr, uint64_t b, uint64_t *nb_out, uint64_t *f_out,
                               double *achieved)
{
    if (n == 0)
        return amq_fail(AMQ_E_INVALID_N, "cuckoo sizing: n = 0 keys; n must be at least 1");
    if (!(fpr > 0.0 && fpr < 1.0))
        return amq_fail(AMQ_E_INVALID_FPR, "cuckoo sizing: target rate %g must be in (0, 1)", fpr);
    if (!nb_out || !f_out)
        return amq_fail(AMQ_E_INVALID_ARG, "cuckoo sizing: NULL output");
    amq_status s = amq_cuckoo_check_geometry(1, b, 2);
    if (s != AMQ_OK)
        return s;
    double bound = 1.0;
    const uint64_t f = width_for(fpr, b, &bound);
    if (f == 0)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "cuckoo sizing: target rate %g is below Fan's bound at f = 32 bits with b = %llu (about "
                        "%.3g); a smaller b gets lower",
                        fpr, ULL(b), 2.0 * (double)b / 4294967295.0);
    const double load = amq_cuckoo_sizing_load(n, b), want = ceil((double)n / (load * (double)b));
    /* An odd count, as layout 1 needed (its c = h(fp) mod nb gathered on few values when nb was
     * a multiple of 16: docs/cuckoo.md).  Layout 2 takes the hash's high bits and has no such
     * count; the odd count stays so that an (n, p) is sized as before. */
    if (!(want < (double)(UINT64_MAX / (b * f))))
        return amq_fail(AMQ_E_TOO_LARGE, "cuckoo sizing: n = %llu keys at f = %llu bits need more than 2^64 - 1 "
                                         "table bits", ULL(n), ULL(f));
    const uint64_t nb = (uint64_t)want | 1u;
    *nb_out = nb;
    *f_out = f;
    if (achieved)
        *achieved = bound;
    return AMQ_OK;
}

amq_status amq_cuckoo_create_for(amq_cuckoo **out, uint64_t n, double fpr, uint64_t b, uint64_t seed,
                                 double *achieved)
{
    if (!out) /* before the sizing: a refused call writes nothing, *achieved included */
        return amq_fail(AMQ_E_INVALID_ARG, "create: NULL output pointer");
    uint64_t nb, f;
    double a;
    amq_status s = amq_cuckoo_size_for(n, fpr, b, &nb, &f, &a);
    if (s == AMQ_OK && (s = amq_cuckoo_create(out, nb, b, f, seed)) == AMQ_OK && achieved)
        *achieved = a;
    return s;
}

void amq_cuckoo_free(amq_cuckoo *cf)
{
    if (cf) {
        free(cf->w);
        free(cf);
    }
}

amq_status amq_cuckoo_add(amq_cuckoo *cf, const void *key, size_t len)
{
    if (!cf)
        return amq_fail(AMQ_E_INVALID_ARG, "add: NULL filter");
    const amq_status s = amq_cuckoo_key_add(cf->w, cf->nb, cf->b, cf->f, cf->seed, key, len);
    if (s == AMQ_E_FULL)
        return amq_fail(AMQ_E_FULL,
                        "add: no kick chain of the cuckoo filter ends in a free slot (%llu of %llu slots used, "
                        "load %.4f); nothing changed",
                        ULL(cf->count), ULL(cf->nb * cf->b), amq_cuckoo_load_factor(cf));
    if (s != AMQ_OK)
        return amq_fail(s, "add: NULL key with length %zu", len);
    cf->count++;
    return AMQ_OK;
}

/* flatten: the hash, the fingerprint's split, the alternate bucket and both buckets' tests are
 * inlined into this one function (each is the proved text, src/unity/keyed_all.c; only calls
 * go): 401 -> 296 instructions a negative query (make bench-instructions, docs/cuckoo.md). */
__attribute__((flatten)) int amq_cuckoo_query(const amq_cuckoo *cf, const void *key, size_t len)
{
    if (!cf || (!key && len))
        return -1; /* the NULL rule of amq/error.h */
    return amq_cuckoo_key_query(cf->w, cf->nb, cf->b, cf->f, cf->seed, key, len);
}

amq_status amq_cuckoo_remove(amq_cuckoo *cf, const void *key, size_t len)
{
    if (!cf)
        return amq_fail(AMQ_E_INVALID_ARG, "remove: NULL filter");
    const amq_status s = amq_cuckoo_key_remove(cf->w, cf->nb, cf->b, cf->f, cf->seed, key, len);
    if (s == AMQ_E_NOT_PRESENT)
        return amq_fail(s, "remove: the key's fingerprint is in neither of its two buckets; nothing changed");
    if (s != AMQ_OK)
        return amq_fail(s, "remove: NULL key with length %zu", len);
    cf->count--;
    return AMQ_OK;
}

void amq_cuckoo_clear(amq_cuckoo *cf)
{
    if (!cf)
        return;
    memset(cf->w, 0, (size_t)cf->nwords * sizeof *cf->w);
    cf->count = 0;
}

/* NULL: 0 (the NULL rule of amq/error.h). */
uint64_t amq_cuckoo_count(const amq_cuckoo *cf) { return cf ? cf->count : 0; }
double amq_cuckoo_load_factor(const amq_cuckoo *cf)
{
    return cf ? (double)cf->count / ((double)cf->nb * (double)cf->b) : 0.0;
}
uint64_t amq_cuckoo_buckets(const amq_cuckoo *cf) { return cf ? cf->nb : 0; }
uint64_t amq_cuckoo_slots_per_bucket(const amq_cuckoo *cf) { return cf ? cf->b : 0; }
uint64_t amq_cuckoo_fingerprint_bits(const amq_cuckoo *cf) { return cf ? cf->f : 0; }
uint64_t amq_cuckoo_seed(const amq_cuckoo *cf) { return cf ? cf->seed : 0; }
const uint64_t *amq_cuckoo_table(const amq_cuckoo *cf) { return cf ? cf->w : NULL; }

/* Parameter block: nb, b, f, seed, layout (u64 each, little-endian).  The layout names the
 * alternate-bucket map, which decides where a fingerprint sits: 2 hashes the fingerprint's low
 * f bits as one value (acsl/amq/cuckoo_logic.h); the first files (32 parameter bytes, no layout
 * word) hashed them bit by bit, so their fingerprints sit elsewhere and are refused. */
#define CUCKOO_PARAMS 40u
#define CUCKOO_PARAMS_V1 32u
#define CUCKOO_LAYOUT 2u

amq_status amq_cuckoo_save(const amq_cuckoo *cf, const char *path)
{
    if (!cf || !path)
        return amq_fail(AMQ_E_INVALID_ARG, "save: NULL %s", cf ? "path" : "filter");
    uint8_t p[CUCKOO_PARAMS];
    amq_put_u64(p, cf->nb);
    amq_put_u64(p + 8, cf->b);
    amq_put_u64(p + 16, cf->f);
    amq_put_u64(p + 24, cf->seed);
    amq_put_u64(p + 32, CUCKOO_LAYOUT);
    return amq_container_save(path, AMQ_TYPE_CUCKOO, p, sizeof p, cf->w, cf->nwords);
}

/* The table's invariants after reading: no bit beyond the nb b f table bits; the count is the
 * number of nonzero slots (any fingerprint in any bucket is a state the kernel can reach). */
static amq_status check_table(amq_cuckoo *cf, const char *path)
{
    const uint64_t bits = cf->nb * cf->b * cf->f, r = bits % 64;
    if (r != 0 && (cf->w[cf->nwords - 1] >> r) != 0)
        return amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': bits set beyond the %llu table bits", path, ULL(bits));
    uint64_t n = 0;
    const uint64_t slots = cf->nb * cf->b;
    for (uint64_t s = 0; s < slots; s++) {
        uint64_t x = 0;
        for (uint64_t j = 0; j < cf->f; j++) {
            const uint64_t p = s * cf->f + j;
            x |= (cf->w[p / 64] >> (p % 64)) & 1u;
        }
        n += x;
    }
    cf->count = n;
    return AMQ_OK;
}

/* The reader, once the file is a cuckoo filter of this build's layout; a file of the first
 * layout is refused with what to do, as the fingerprints cannot be moved without their keys. */
static amq_status open_layout(amq_reader *r, const char *path)
{
    amq_status s = amq_reader_open(r, path);
    if (s != AMQ_OK || r->type != AMQ_TYPE_CUCKOO) /* not a cuckoo file: amq_reader_expect says so */
        return s != AMQ_OK ? s : amq_reader_expect(r, AMQ_TYPE_CUCKOO, CUCKOO_PARAMS);
    const uint64_t layout = r->params_len == CUCKOO_PARAMS_V1 ? 1u
                            : r->params_len == CUCKOO_PARAMS  ? amq_get_u64(r->params + 32)
                                                              : CUCKOO_LAYOUT; /* the length check below */
    if (layout == 1u)
        s = amq_fail(AMQ_E_BAD_VERSION,
                     "load: '%s' is a cuckoo filter of layout 1 (alternate bucket hashed bit by bit); this build "
                     "reads layout %u only, where fingerprints sit in other buckets: rebuild it from its keys",
                     path, CUCKOO_LAYOUT);
    else if (layout != CUCKOO_LAYOUT)
        s = amq_fail(AMQ_E_BAD_VERSION, "load: '%s' is a cuckoo filter of layout %llu; this build reads layout %u",
                     path, ULL(layout), CUCKOO_LAYOUT);
    if (s != AMQ_OK) {
        amq_reader_close(r);
        return s;
    }
    return amq_reader_expect(r, AMQ_TYPE_CUCKOO, CUCKOO_PARAMS);
}

amq_status amq_cuckoo_load(amq_cuckoo **out, const char *path)
{
    if (!out || !path)
        return amq_fail(AMQ_E_INVALID_ARG, "load: NULL %s", out ? "path" : "output pointer");
    amq_reader r;
    amq_status s = open_layout(&r, path);
    if (s != AMQ_OK)
        return s;
    amq_cuckoo *cf = NULL;
    const uint64_t nb = amq_get_u64(r.params), b = amq_get_u64(r.params + 8), f = amq_get_u64(r.params + 16);
    const uint64_t seed = amq_get_u64(r.params + 24);
    char what[96];
    snprintf(what, sizeof what, "table words (nb = %llu, b = %llu, f = %llu)", ULL(nb), ULL(b), ULL(f));
    if (amq_cuckoo_check_geometry(nb, b, f) != AMQ_OK)
        s = amq_fail(AMQ_E_BAD_PARAMS,
                     "load: '%s': impossible parameters nb = %llu, b = %llu, f = %llu (nb >= 1, b in {2, 4, 8}, f in "
                     "[2, 32], at most 2^64 - 1 table bits)",
                     path, ULL(nb), ULL(b), ULL(f));
    else if ((s = amq_reader_expect_payload(&r, amq_cuckoo_table_words(nb, b, f), 8, what)) == AMQ_OK &&
             (s = amq_cuckoo_create(&cf, nb, b, f, seed)) == AMQ_OK &&
             (s = amq_reader_words(&r, cf->w, cf->nwords)) == AMQ_OK)
        s = check_table(cf, path);
    amq_reader_close(&r);
    if (s != AMQ_OK) {
        amq_cuckoo_free(cf);
        return s;
    }
    *out = cf;
    return AMQ_OK;
}
