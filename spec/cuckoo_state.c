/* The exact rate of a cuckoo table, and the exhaustive enumeration of the kernel on tiny
 * parameters (amq/spec_cuckoo.h): both on the kernel's own slot reads, query and alternate
 * bucket map, so that what they measure is the compiled kernel. */
#include "spec_internal/spec_interval.h"
#include <lib_internal/cuckoo_kernel.h>
#include <lib_internal/fail.h>
#include <amq/spec_cuckoo.h>
#include <stdlib.h>
#include <string.h>

/* 1 iff bucket j holds x in one of its slots before place `upto`. */
static int bucket_has(const uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t j, uint64_t upto,
                      uint64_t x)
{
    for (uint64_t t = 0; t < upto; t++)
        if (amq_cuckoo_kernel_get(w, nbits, f, j * b + t) == x)
            return 1;
    return 0;
}

/* For each fingerprint x the pairs (j, x) that answer "maybe" are the orbits {j, alt(j, x)}
 * meeting the buckets that hold x: each such orbit is counted once, from each bucket j that
 * holds x (first copy in the bucket only) with weight |orbit|, except that a two-bucket orbit
 * holding x in both buckets is counted from the smaller one. */
amq_status amq_cuckoo_fp_state_table(mpq_t rop, const uint64_t *words, uint64_t nb, uint64_t b, uint64_t f)
{
    if (!rop || !words)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_cuckoo_fp_state_table: NULL argument");
    amq_status st = amq_cuckoo_check_geometry(nb, b, f);
    if (st)
        return st;
    if (!words)
        return amq_fail(AMQ_E_INVALID_ARG, "cuckoo state rate: NULL table");
    const uint64_t nbits = nb * b * f;
    uint64_t ones = 0, twos = 0;
    for (uint64_t j = 0; j < nb; j++)
        for (uint64_t t = 0; t < b; t++) {
            const uint64_t x = amq_cuckoo_kernel_get(words, nbits, f, j * b + t);
            if (x == 0 || bucket_has(words, nbits, b, f, j, t, x))
                continue;
            const uint64_t a = amq_cuckoo_kernel_alt(nb, f, j, x);
            if (a == j)
                ones++;
            else if (j < a || !bucket_has(words, nbits, b, f, a, b, x))
                twos++;
        }
    mpz_t z;
    mpz_init(z);
    z_set_u64(mpq_numref(rop), twos);
    mpz_mul_2exp(mpq_numref(rop), mpq_numref(rop), 1);
    z_set_u64(z, ones);
    mpz_add(mpq_numref(rop), mpq_numref(rop), z);
    z_set_u64(mpq_denref(rop), nb);
    mpz_mul_ui(mpq_denref(rop), mpq_denref(rop), (unsigned long)((UINT64_C(1) << f) - 1));
    mpq_canonicalize(rop);
    mpz_clear(z);
    return AMQ_OK;
}

/* ---------------- enumeration ---------------- */

typedef struct enum_ctx {
    uint64_t nb, b, f, m, kicks, n, words;
    amq_cuckoo_insert_fn insert;
    uint64_t *tables;             /* (n + 1) tables: the state after d keys at d * words   */
    uint64_t *i1, *fp, *ok, *kk;  /* key d's first bucket, fingerprint, insert succeeded, by kicks */
    uint64_t kick[AMQ_CUCKOO_MAX_KICKS];
    unsigned char *all, *stored;  /* marks of the N pairs (j, y) at index j m + y - 1     */
    uint64_t state_pos, loss_pos; /* sums over the outcomes                               */
    amq_cuckoo_enum_result *res;
} enum_ctx;

/* Marks the pairs answered "maybe" by the keys 0 .. n-1 (those stored only, or all). */
static void mark(enum_ctx *c, unsigned char *marks, int stored_only)
{
    memset(marks, 0, c->nb * c->m);
    for (uint64_t k = 0; k < c->n; k++) {
        if (stored_only && !c->ok[k])
            continue;
        const uint64_t a = amq_cuckoo_kernel_alt(c->nb, c->f, c->i1[k], c->fp[k]);
        marks[c->i1[k] * c->m + c->fp[k] - 1] = 1;
        marks[a * c->m + c->fp[k] - 1] = 1;
    }
}

static void leaf(enum_ctx *c)
{
    const uint64_t *w = c->tables + c->n * c->words;
    mark(c, c->all, 0);
    mark(c, c->stored, 1);
    int refused = 0, differs = 0, kicked = 0;
    for (uint64_t k = 0; k < c->n; k++) {
        refused |= !c->ok[k];
        kicked |= c->ok[k] && c->kk[k];
    }
    for (uint64_t j = 0; j < c->nb; j++)
        for (uint64_t y = 1; y <= c->m; y++) {
            const uint64_t at = j * c->m + y - 1;
            const int q = amq_cuckoo_kernel_query(w, c->nb, c->b, c->f, j, y) != 0;
            c->state_pos += (uint64_t)q;
            c->loss_pos += (uint64_t)c->all[at] - (uint64_t)c->stored[at];
            differs |= q != c->stored[at];
        }
    c->res->outcomes++;
    c->res->refused += (uint64_t)refused;
    c->res->kicked += (uint64_t)kicked;
    c->res->mismatched += (uint64_t)differs;
}

/* Every kick choice string of key d from place p on, then the key's insert and the rest. */
static void kicks_from(enum_ctx *c, uint64_t d, uint64_t p);

static void keys_from(enum_ctx *c, uint64_t d)
{
    if (d == c->n) {
        leaf(c);
        return;
    }
    for (uint64_t i = 0; i < c->nb; i++)
        for (uint64_t x = 1; x <= c->m; x++) {
            c->i1[d] = i;
            c->fp[d] = x;
            kicks_from(c, d, 0);
        }
}

static void kicks_from(enum_ctx *c, uint64_t d, uint64_t p)
{
    if (p < c->kicks) {
        for (uint64_t t = 0; t < c->b; t++) {
            c->kick[p] = t;
            kicks_from(c, d, p + 1);
        }
        return;
    }
    uint64_t *next = c->tables + (d + 1) * c->words;
    memcpy(next, c->tables + d * c->words, c->words * sizeof *next);
    const uint64_t nbits = c->nb * c->b * c->f, i2 = amq_cuckoo_kernel_alt(c->nb, c->f, c->i1[d], c->fp[d]);
    c->kk[d] = bucket_has(next, nbits, c->b, c->f, c->i1[d], c->b, 0) == 0 &&
               bucket_has(next, nbits, c->b, c->f, i2, c->b, 0) == 0;
    c->ok[d] = c->insert(next, c->nb, c->b, c->f, c->i1[d], c->fp[d], c->kick, (size_t)c->kicks) == 0;
    keys_from(c, d + 1);
}

/* outcomes (nb m b^kicks)^n and work outcomes (N + n), or 0 when beyond the limit. */
static uint64_t enum_work(uint64_t nb, uint64_t b, uint64_t m, uint64_t kicks, uint64_t n, uint64_t *outcomes)
{
    const uint64_t lim = AMQ_CUCKOO_ENUM_MAX_WORK;
    if (nb > lim || m > lim / nb)
        return 0;
    uint64_t a = nb * m, r = 1;
    for (uint64_t k = 0; k < kicks; k++) {
        if (a > lim / b)
            return 0;
        a *= b;
    }
    for (uint64_t k = 0; k < n; k++) {
        if (r > lim / a)
            return 0;
        r *= a;
    }
    const uint64_t per = nb * m + n;
    if (r > lim / per)
        return 0;
    *outcomes = r;
    return r * per;
}

static void set_share(mpq_t q, uint64_t count, uint64_t outcomes, uint64_t pairs)
{
    z_set_u64(mpq_numref(q), count);
    z_set_u64(mpq_denref(q), outcomes);
    mpz_t z;
    mpz_init(z);
    z_set_u64(z, pairs);
    mpz_mul(mpq_denref(q), mpq_denref(q), z);
    mpz_clear(z);
    mpq_canonicalize(q);
}

amq_status amq_cuckoo_enum_fp(amq_cuckoo_enum_result *res, mpq_t state, mpq_t loss, uint64_t nb, uint64_t b,
                              uint64_t f, uint64_t kicks, uint64_t n, amq_cuckoo_insert_fn insert)
{
    if (!res || !state || !loss)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_cuckoo_enum_fp: NULL argument");
    amq_status st = amq_cuckoo_check_geometry(nb, b, f);
    if (st)
        return st;
    if (!res)
        return amq_fail(AMQ_E_INVALID_ARG, "cuckoo enumeration: NULL result");
    if (kicks > AMQ_CUCKOO_MAX_KICKS)
        return amq_fail(AMQ_E_INVALID_ARG, "cuckoo enumeration: kicks = %llu choices per key; at most %u", ULL(kicks),
                        AMQ_CUCKOO_MAX_KICKS);
    const uint64_t m = (UINT64_C(1) << f) - 1;
    uint64_t outcomes = 0;
    if (enum_work(nb, b, m, kicks, n, &outcomes) == 0)
        return amq_fail(AMQ_E_TOO_LARGE,
                        "cuckoo enumeration: nb = %llu, b = %llu, f = %llu, kicks = %llu, n = %llu: the (nb (2^f - 1) "
                        "b^kicks)^n outcomes times nb (2^f - 1) + n pair tests exceed 2^28; fewer keys or kicks, or a "
                        "smaller f, are within it",
                        ULL(nb), ULL(b), ULL(f), ULL(kicks), ULL(n));
    enum_ctx c = {.nb = nb, .b = b, .f = f, .m = m, .kicks = kicks, .n = n, .words = amq_cuckoo_table_words(nb, b, f),
                  .insert = insert ? insert : amq_cuckoo_kernel_insert, .res = res};
    c.tables = calloc((n + 1) * c.words, sizeof *c.tables);
    c.i1 = calloc(4 * (n + 1), sizeof *c.i1);
    c.all = calloc(2 * nb * m, 1);
    if (!c.tables || !c.i1 || !c.all) {
        free(c.tables);
        free(c.i1);
        free(c.all);
        return amq_fail(AMQ_E_NOMEM, "cuckoo enumeration: out of memory");
    }
    c.fp = c.i1 + (n + 1);
    c.ok = c.fp + (n + 1);
    c.kk = c.ok + (n + 1);
    c.stored = c.all + nb * m;
    *res = (amq_cuckoo_enum_result){0};
    keys_from(&c, 0);
    set_share(state, c.state_pos, res->outcomes, nb * m);
    set_share(loss, c.loss_pos, res->outcomes, nb * m);
    free(c.tables);
    free(c.i1);
    free(c.all);
    return AMQ_OK;
}
