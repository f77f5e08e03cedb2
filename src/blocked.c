/* Key-level blocked AMQs (amq/blocked.h) over the proved kernels (src/blocked_kernel.c).
 * One structure and one set of operations for every kind: a kind only chooses how a
 * key is hashed to (block, in-block indices) and which kernel runs on them. */
#include <internal/fail.h>
#include <amq/blocked.h>
#include <internal/blocked_kernel.h>
#include <internal/blocked_quotient_kernel.h>
#include <internal/container.h>
#include <internal/quotient_kernel.h>
#include <amq/spec_blocked.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

/* Salt of the block hash (XXH3-64 with seed ^ salt): keeps the block choice independent
 * of the in-block indices, which hash with the seed itself (and seed ^ 0x9E37... for the
 * third word of triple hashing). */
#define BLOCK_SALT UINT64_C(0xD6E8FEB86659FD93)

struct amq_blocked {
    amq_blocked_kind kind;
    uint64_t nblocks; /* blocks; partitioned: k partitions                         */
    uint64_t bsize;   /* positions per block (partition)                           */
    uint64_t m;       /* nblocks * bsize positions                                 */
    uint64_t k;       /* positions per key                                         */
    unsigned width;   /* counting: 4 or 8; else 0                                  */
    amq_hash_strategy strategy;
    uint64_t seed;
    uint64_t nwords;  /* bit kinds: words of the bit array                         */
    uint64_t nbytes;  /* counting: bytes of the counter array                      */
    uint64_t *words;  /* bit kinds */
    uint8_t *bytes;   /* counting */
    /* blocked quotient: per block a quotient filter of 2^qbits home slots plus slack,
     * rbits-bit remainders; the tables of all blocks side by side */
    uint64_t qbits, rbits, slack, nslots;
    uint64_t *counts; /* stored fingerprints per block */
    uint64_t *rem;    /* nblocks * nslots remainders */
    uint8_t *meta;    /* nblocks * nslots metadata bytes */
};

static const char *const kind_names[] = {
    "?", "blocked-bloom", "split-block", "partitioned", "counting-blocked", "blocked-quotient",
};

const char *amq_blocked_kind_name(amq_blocked_kind kind)
{
    return kind >= AMQ_BLOCKED_BLOOM && kind <= AMQ_BLOCKED_QUOTIENT ? kind_names[kind] : "unknown";
}

uint32_t amq_blocked_file_type(amq_blocked_kind kind)
{
    switch (kind) {
    case AMQ_BLOCKED_BLOOM: return AMQ_TYPE_BLOCKED_BLOOM;
    case AMQ_BLOCKED_SPLIT: return AMQ_TYPE_SPLIT_BLOCK;
    case AMQ_BLOCKED_PARTITIONED: return AMQ_TYPE_PARTITIONED;
    case AMQ_BLOCKED_COUNTING: return AMQ_TYPE_COUNTING_BLOCKED;
    case AMQ_BLOCKED_QUOTIENT: return AMQ_TYPE_BLOCKED_QUOTIENT;
    }
    return 0;
}

static amq_blocked_kind kind_of_file_type(uint32_t t)
{
    for (int k = AMQ_BLOCKED_BLOOM; k <= AMQ_BLOCKED_QUOTIENT; k++)
        if (amq_blocked_file_type((amq_blocked_kind)k) == t)
            return (amq_blocked_kind)k;
    return (amq_blocked_kind)0;
}

/* ---------------- parameters and allocation ---------------- */

/* Blocked quotient: nblocks >= 1, 1 <= q <= AMQ_BQ_MAX_Q, r >= 1, q + r <= 64,
 * slack <= 2^q (per block); fills bsize (home slots), m, k (1 fingerprint per key) and
 * nslots. */
static amq_status check_quotient(amq_blocked *p)
{
    if (p->nblocks == 0)
        return amq_fail(AMQ_E_INVALID_M, "blocked-quotient: needs at least one block");
    if (p->qbits == 0 || p->qbits > AMQ_BQ_MAX_Q)
        return amq_fail(AMQ_E_INVALID_ARG, "blocked-quotient: q = %llu quotient bits per block must be in "
                                           "[1, %u]", (unsigned long long)p->qbits, AMQ_BQ_MAX_Q);
    if (p->rbits == 0 || p->qbits + p->rbits > 64)
        return amq_fail(AMQ_E_INVALID_ARG, "blocked-quotient: r = %llu remainder bits: need r >= 1 and "
                                           "q + r <= 64 (q = %llu)",
                        (unsigned long long)p->rbits, (unsigned long long)p->qbits);
    const uint64_t home = UINT64_C(1) << p->qbits;
    if (p->slack > home)
        return amq_fail(AMQ_E_INVALID_ARG, "blocked-quotient: slack %llu exceeds the %llu home slots of a block",
                        (unsigned long long)p->slack, (unsigned long long)home);
    p->nslots = home + p->slack;
    if (p->nblocks > (SIZE_MAX / 16) / p->nslots)
        return amq_fail(AMQ_E_OVERFLOW, "blocked-quotient: %llu blocks of %llu slots do not fit in memory",
                        (unsigned long long)p->nblocks, (unsigned long long)p->nslots);
    p->bsize = home;
    p->m = p->nblocks * home;
    p->k = 1;
    p->width = 0;
    p->nwords = p->nbytes = 0;
    if (!amq_hash_valid((int)p->strategy))
        return amq_fail(AMQ_E_INVALID_ARG, "blocked-quotient: unknown hashing strategy %d", (int)p->strategy);
    return AMQ_OK;
}

/* Checks a complete parameter set; fills the derived sizes. */
static amq_status check_params(amq_blocked *p)
{
    const char *name = amq_blocked_kind_name(p->kind);
    if (p->kind < AMQ_BLOCKED_BLOOM || p->kind > AMQ_BLOCKED_QUOTIENT)
        return amq_fail(AMQ_E_INVALID_ARG, "unknown blocked structure kind %d", (int)p->kind);
    if (p->kind == AMQ_BLOCKED_QUOTIENT)
        return check_quotient(p);
    if (p->nblocks == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: needs at least one %s", name,
                        p->kind == AMQ_BLOCKED_PARTITIONED ? "partition" : "block");
    if (p->k == 0 || p->k > AMQ_BLOCKED_KEY_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, "%s: k = %llu: the number of hash functions must be in [1, %u]",
                        name, (unsigned long long)p->k, AMQ_BLOCKED_KEY_MAX_K);
    if (p->kind == AMQ_BLOCKED_SPLIT && p->k != AMQ_SPLIT_WORDS)
        return amq_fail(AMQ_E_INVALID_K, "split-block: k = %llu, but a split-block filter sets exactly "
                                         "%u bits per key (one per 32-bit word)",
                        (unsigned long long)p->k, AMQ_SPLIT_WORDS);
    if (p->kind == AMQ_BLOCKED_SPLIT && p->nblocks > AMQ_SPLIT_MAX_BLOCKS)
        return amq_fail(AMQ_E_TOO_LARGE, "split-block: %llu blocks exceed the 2^32 that Parquet's "
                                         "32-bit multiply-shift block index can address",
                        (unsigned long long)p->nblocks);
    if (p->kind == AMQ_BLOCKED_COUNTING && p->width != 4 && p->width != 8)
        return amq_fail(AMQ_E_INVALID_ARG, "counting-blocked: counter width %u: supported widths are 4 and 8",
                        p->width);
    if (p->kind != AMQ_BLOCKED_COUNTING)
        p->width = 0;
    if (p->kind != AMQ_BLOCKED_SPLIT && !amq_hash_valid((int)p->strategy))
        return amq_fail(AMQ_E_INVALID_ARG, "%s: unknown hashing strategy %d", name, (int)p->strategy);
    if (p->kind == AMQ_BLOCKED_SPLIT)
        p->strategy = AMQ_HASH_INDEPENDENT; /* not used: split-block hashes with XXH64 */
    if (p->bsize == 0 || p->nblocks > UINT64_MAX / p->bsize)
        return amq_fail(AMQ_E_OVERFLOW, "%s: %llu blocks of %llu positions overflow 64 bits", name,
                        (unsigned long long)p->nblocks, (unsigned long long)p->bsize);
    p->m = p->nblocks * p->bsize;
    if (p->kind == AMQ_BLOCKED_COUNTING) {
        p->nbytes = p->width == 8 ? AMQ_COUNTING8_BYTES(p->m) : AMQ_COUNTING4_BYTES(p->m);
        p->nwords = 0;
        if (p->nbytes > SIZE_MAX)
            return amq_fail(AMQ_E_OVERFLOW, "%s: %llu counters do not fit in memory addresses", name,
                            (unsigned long long)p->m);
    } else {
        p->nwords = AMQ_BLOOM_WORDS(p->m);
        p->nbytes = 0;
        if (p->nwords > SIZE_MAX / sizeof(uint64_t))
            return amq_fail(AMQ_E_OVERFLOW, "%s: %llu bits do not fit in memory addresses", name,
                            (unsigned long long)p->m);
    }
    return AMQ_OK;
}

static amq_status create(amq_blocked **out, amq_blocked p)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "create: NULL output pointer");
    amq_status s = check_params(&p);
    if (s != AMQ_OK)
        return s;
    amq_blocked *b = malloc(sizeof *b);
    void *mem = NULL;
    if (b && p.kind == AMQ_BLOCKED_QUOTIENT) {
        p.counts = calloc((size_t)p.nblocks, sizeof(uint64_t));
        p.rem = calloc((size_t)(p.nblocks * p.nslots), sizeof(uint64_t));
        p.meta = calloc((size_t)(p.nblocks * p.nslots), 1);
        if (p.counts && p.rem && p.meta) {
            *b = p;
            *out = b;
            return AMQ_OK;
        }
        free(p.counts);
        free(p.rem);
        free(p.meta);
        free(b);
        return amq_fail(AMQ_E_NOMEM, "blocked-quotient: cannot allocate %llu blocks of %llu slots",
                        (unsigned long long)p.nblocks, (unsigned long long)p.nslots);
    }
    if (b)
        mem = p.nwords ? calloc((size_t)p.nwords, sizeof(uint64_t)) : calloc((size_t)p.nbytes, 1);
    if (!mem) {
        free(b);
        return amq_fail(AMQ_E_NOMEM, "%s: cannot allocate %llu bytes", amq_blocked_kind_name(p.kind),
                        (unsigned long long)(p.nwords ? p.nwords * 8 : p.nbytes));
    }
    *b = p;
    if (p.nwords)
        b->words = mem;
    else
        b->bytes = mem;
    *out = b;
    return AMQ_OK;
}

amq_status amq_blocked_bloom_create(amq_blocked **out, uint64_t nblocks, uint64_t k,
                                    amq_hash_strategy strategy, uint64_t seed)
{
    return create(out, (amq_blocked){.kind = AMQ_BLOCKED_BLOOM, .nblocks = nblocks,
                                     .bsize = AMQ_BLOCKED_BLOOM_BLOCK_BITS, .k = k,
                                     .strategy = strategy, .seed = seed});
}

amq_status amq_split_block_create(amq_blocked **out, uint64_t nblocks, uint64_t seed)
{
    return create(out, (amq_blocked){.kind = AMQ_BLOCKED_SPLIT, .nblocks = nblocks,
                                     .bsize = AMQ_SPLIT_WORDS * AMQ_SPLIT_WORD_BITS,
                                     .k = AMQ_SPLIT_WORDS, .seed = seed});
}

amq_status amq_partitioned_create(amq_blocked **out, uint64_t m, uint64_t k,
                                  amq_hash_strategy strategy, uint64_t seed)
{
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "partitioned: m = 0: needs at least one bit per partition");
    if (k == 0 || k > AMQ_BLOCKED_KEY_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, "partitioned: k = %llu: the number of hash functions must be in "
                                         "[1, %u]", (unsigned long long)k, AMQ_BLOCKED_KEY_MAX_K);
    if (m % k != 0)
        return amq_fail(AMQ_E_INVALID_M, "partitioned: k = %llu does not divide m = %llu: the k "
                                         "partitions must have equal size",
                        (unsigned long long)k, (unsigned long long)m);
    return create(out, (amq_blocked){.kind = AMQ_BLOCKED_PARTITIONED, .nblocks = k, .bsize = m / k,
                                     .k = k, .strategy = strategy, .seed = seed});
}

static uint64_t counters_per_block(unsigned width)
{
    return width == 8 ? AMQ_BLOCKED_BLOCK_BYTES : 2u * AMQ_BLOCKED_BLOCK_BYTES;
}

amq_status amq_counting_blocked_create(amq_blocked **out, uint64_t nblocks, uint64_t k,
                                       unsigned width, amq_hash_strategy strategy, uint64_t seed)
{
    return create(out, (amq_blocked){.kind = AMQ_BLOCKED_COUNTING, .nblocks = nblocks,
                                     .bsize = counters_per_block(width), .k = k, .width = width,
                                     .strategy = strategy, .seed = seed});
}

amq_status amq_blocked_create_sized(amq_blocked **out, amq_blocked_kind kind, uint64_t m,
                                    uint64_t k, unsigned width, amq_hash_strategy strategy,
                                    uint64_t seed)
{
    uint64_t bsize;
    const char *unit = "bits";
    switch (kind) {
    case AMQ_BLOCKED_BLOOM: bsize = AMQ_BLOCKED_BLOOM_BLOCK_BITS; break;
    case AMQ_BLOCKED_SPLIT: bsize = AMQ_SPLIT_WORDS * AMQ_SPLIT_WORD_BITS; break;
    case AMQ_BLOCKED_PARTITIONED: return amq_partitioned_create(out, m, k, strategy, seed);
    case AMQ_BLOCKED_COUNTING:
        if (width != 4 && width != 8)
            return amq_fail(AMQ_E_INVALID_ARG, "counting-blocked: counter width %u: supported widths are "
                                               "4 and 8", width);
        bsize = counters_per_block(width);
        unit = "counters";
        break;
    case AMQ_BLOCKED_QUOTIENT: {
        const uint64_t home = UINT64_C(1) << AMQ_BQ_DEFAULT_Q;
        if (m == 0 || m % home != 0)
            return amq_fail(AMQ_E_INVALID_M, "blocked-quotient: m = %llu home slots is not a whole number of "
                                             "blocks of %llu", (unsigned long long)m, (unsigned long long)home);
        if (k <= AMQ_BQ_DEFAULT_Q || k > 64)
            return amq_fail(AMQ_E_INVALID_K, "blocked-quotient: k = %llu fingerprint bits must be in [%u, 64] "
                                             "(%u quotient bits and at least one remainder bit)",
                            (unsigned long long)k, AMQ_BQ_DEFAULT_Q + 1, AMQ_BQ_DEFAULT_Q);
        return amq_blocked_quotient_create(out, m / home, AMQ_BQ_DEFAULT_Q, k - AMQ_BQ_DEFAULT_Q,
                                           amq_blocked_quotient_default_slack(AMQ_BQ_DEFAULT_Q), seed);
    }
    default: return amq_fail(AMQ_E_INVALID_ARG, "%s: cannot be created from a size",
                             amq_blocked_kind_name(kind));
    }
    if (m == 0 || m % bsize != 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: m = %llu %s is not a whole number of blocks of %llu %s",
                        amq_blocked_kind_name(kind), (unsigned long long)m, unit,
                        (unsigned long long)bsize, unit);
    if (kind == AMQ_BLOCKED_SPLIT && k != AMQ_SPLIT_WORDS)
        return amq_fail(AMQ_E_INVALID_K, "split-block: k = %llu, but a split-block filter sets exactly "
                                         "%u bits per key (one per 32-bit word)",
                        (unsigned long long)k, AMQ_SPLIT_WORDS);
    return create(out, (amq_blocked){.kind = kind, .nblocks = m / bsize, .bsize = bsize, .k = k,
                                     .width = width, .strategy = strategy, .seed = seed});
}

amq_status amq_blocked_bloom_create_for(amq_blocked **out, uint64_t n, double fpr,
                                        amq_hash_strategy strategy, uint64_t seed, double *achieved)
{
    uint64_t blocks, k;
    amq_status s = amq_blocked_bloom_size_for(n, fpr, AMQ_BLOCKED_BLOOM_BLOCK_BITS, &blocks, &k, achieved);
    if (s == AMQ_OK && k > AMQ_BLOCKED_KEY_MAX_K)
        s = amq_fail(AMQ_E_TOO_LARGE, "blocked-bloom: sizing chose k = %llu above %u",
                     (unsigned long long)k, AMQ_BLOCKED_KEY_MAX_K);
    return s != AMQ_OK ? s : amq_blocked_bloom_create(out, blocks, k, strategy, seed);
}

amq_status amq_split_block_create_for(amq_blocked **out, uint64_t n, double fpr, uint64_t seed,
                                      double *achieved)
{
    uint64_t blocks;
    amq_status s = amq_split_block_size_for(n, fpr, &blocks, achieved);
    if (s == AMQ_OK && blocks > AMQ_SPLIT_MAX_BLOCKS)
        s = amq_fail(AMQ_E_TOO_LARGE, "split-block: n = %llu at fpr %g needs %llu blocks, above the 2^32 "
                                      "that Parquet's 32-bit block index can address",
                     (unsigned long long)n, fpr, (unsigned long long)blocks);
    return s != AMQ_OK ? s : amq_split_block_create(out, blocks, seed);
}

amq_status amq_partitioned_create_for(amq_blocked **out, uint64_t n, double fpr,
                                      amq_hash_strategy strategy, uint64_t seed, double *achieved)
{
    uint64_t m, k;
    amq_status s = amq_partitioned_size_for(n, fpr, &m, &k, achieved);
    return s != AMQ_OK ? s : amq_partitioned_create(out, m, k, strategy, seed);
}

amq_status amq_counting_blocked_create_for(amq_blocked **out, uint64_t n, double fpr, unsigned width,
                                           amq_hash_strategy strategy, uint64_t seed,
                                           double *achieved)
{
    if (width != 4 && width != 8)
        return amq_fail(AMQ_E_INVALID_ARG, "counting-blocked: counter width %u: supported widths are 4 and 8",
                        width);
    uint64_t blocks, k;
    /* Counting blocked has the blocked Bloom rate with blocks of that many counters. */
    amq_status s = amq_blocked_bloom_size_for(n, fpr, counters_per_block(width), &blocks, &k, achieved);
    if (s == AMQ_OK && k > AMQ_BLOCKED_KEY_MAX_K)
        s = amq_fail(AMQ_E_TOO_LARGE, "counting-blocked: sizing chose k = %llu above %u",
                     (unsigned long long)k, AMQ_BLOCKED_KEY_MAX_K);
    return s != AMQ_OK ? s : amq_counting_blocked_create(out, blocks, k, width, strategy, seed);
}

amq_status amq_blocked_quotient_create(amq_blocked **out, uint64_t nblocks, uint64_t q, uint64_t r,
                                       uint64_t slack, uint64_t seed)
{
    return create(out, (amq_blocked){.kind = AMQ_BLOCKED_QUOTIENT, .nblocks = nblocks, .qbits = q, .rbits = r,
                                     .slack = slack, .strategy = AMQ_HASH_DEFAULT, .seed = seed});
}

uint64_t amq_blocked_quotient_default_slack(uint64_t q)
{
    const uint64_t home = q >= 1 && q <= AMQ_BQ_MAX_Q ? UINT64_C(1) << q : 2;
    return home / 2 > 16 ? home / 2 : (home < 16 ? home : 16);
}

amq_status amq_blocked_quotient_create_for(amq_blocked **out, uint64_t n, double fpr, uint64_t seed,
                                           double *achieved)
{
    const uint64_t q = AMQ_BQ_DEFAULT_Q, keys = (UINT64_C(3) << q) / 4; /* 75% of the home slots */
    uint64_t blocks, p;
    double a = 0;
    amq_status s = amq_blocked_quotient_size_for(n, fpr, keys, &blocks, &p, &a);
    if (s != AMQ_OK)
        return s;
    if (p < q + 1) { /* a fingerprint needs at least one remainder bit: more bits, lower rate */
        p = q + 1;
        mpfr_t lo, hi;
        mpfr_inits2(96, lo, hi, (mpfr_ptr)0);
        if (amq_blocked_quotient_fp_enclose(lo, hi, 96, blocks, p, n) == AMQ_OK)
            a = mpfr_get_d(hi, MPFR_RNDU);
        mpfr_clears(lo, hi, (mpfr_ptr)0);
    }
    s = amq_blocked_quotient_create(out, blocks, q, p - q, amq_blocked_quotient_default_slack(q), seed);
    if (s == AMQ_OK && achieved)
        *achieved = a;
    return s;
}

uint64_t amq_blocked_quotient_q(const amq_blocked *b) { return b->qbits; }
uint64_t amq_blocked_quotient_r(const amq_blocked *b) { return b->rbits; }
uint64_t amq_blocked_quotient_slack(const amq_blocked *b) { return b->slack; }

void amq_blocked_free(amq_blocked *b)
{
    if (b) {
        free(b->words);
        free(b->bytes);
        free(b->counts);
        free(b->rem);
        free(b->meta);
        free(b);
    }
}

/* ---------------- hashing: key -> (block, in-block indices) ---------------- */

void amq_blocked_locate(const amq_blocked *b, const void *key, size_t len, uint64_t *block,
                        uint64_t *idx)
{
    switch (b->kind) {
    case AMQ_BLOCKED_SPLIT: {
        const uint64_t h = XXH64(key, len, b->seed);
        *block = amq_split_block_kernel_select(h, b->nblocks);
        amq_split_block_kernel_mask((uint32_t)h, idx);
        break;
    }
    case AMQ_BLOCKED_PARTITIONED:
        *block = 0;
        amq_hash_indices(b->strategy, b->seed, key, len, b->bsize, idx, (size_t)b->k);
        break;
    case AMQ_BLOCKED_QUOTIENT: {
        /* the top q + r bits of the key's hash: quotient (top q), then remainder */
        const uint64_t f = amq_hash_fingerprint(b->seed, key, len, (unsigned)(b->qbits + b->rbits));
        *block = amq_reduce(XXH3_64bits_withSeed(key, len, b->seed ^ BLOCK_SALT), b->nblocks);
        idx[0] = f >> b->rbits;
        idx[1] = b->rbits == 64 ? f : f & ((UINT64_C(1) << b->rbits) - 1);
        break;
    }
    default:
        *block = amq_reduce(XXH3_64bits_withSeed(key, len, b->seed ^ BLOCK_SALT), b->nblocks);
        amq_hash_indices(b->strategy, b->seed, key, len, b->bsize, idx, (size_t)b->k);
        break;
    }
}

/* ---------------- operations ---------------- */

/* The proved blocked quotient kernel on flat arrays (op as for apply below); the
 * key-level filter and the cross-check descriptor both call it. */
static int bq_op(uint64_t *rem, uint8_t *meta, uint64_t *counts, uint64_t nslots, uint64_t q,
                 uint64_t r, int op, uint64_t block, uint64_t fq, uint64_t fr)
{
    if (op == 1)
        return amq_blocked_quotient_kernel_query(rem, meta, counts, nslots, q, r, block, fq, fr);
    /* insert: 0 stored, 1 full, 2 no room; delete: 0 removed, 1 absent */
    return op == 0 ? amq_blocked_quotient_kernel_insert(rem, meta, counts, nslots, q, r, block, fq, fr)
                   : amq_blocked_quotient_kernel_delete(rem, meta, counts, nslots, q, r, block, fq, fr);
}

/* The kernel operation for one located key.  op: 0 add, 1 query, 2 remove. */
static int apply(amq_blocked *mb, const amq_blocked *b, int op, uint64_t block, const uint64_t *idx)
{
    const size_t k = (size_t)b->k;
    switch (b->kind) {
    case AMQ_BLOCKED_BLOOM:
        if (op == 0)
            amq_blocked_bloom_kernel_add(mb->words, b->m, b->bsize, block, idx, k);
        return op == 0 ? 0 : amq_blocked_bloom_kernel_query(b->words, b->m, b->bsize, block, idx, k);
    case AMQ_BLOCKED_SPLIT:
        if (op == 0)
            amq_split_block_kernel_add(mb->words, b->m, AMQ_SPLIT_WORD_BITS, block, idx, k);
        return op == 0 ? 0 : amq_split_block_kernel_query(b->words, b->m, AMQ_SPLIT_WORD_BITS, block, idx, k);
    case AMQ_BLOCKED_PARTITIONED:
        if (op == 0)
            amq_partitioned_kernel_add(mb->words, b->bsize, idx, k);
        return op == 0 ? 0 : amq_partitioned_kernel_query(b->words, b->bsize, idx, k);
    case AMQ_BLOCKED_COUNTING:
        if (b->width == 8) {
            if (op == 0)
                amq_counting_blocked_kernel_add8(mb->bytes, b->m, b->bsize, block, idx, k);
            else if (op == 2)
                return amq_counting_blocked_kernel_remove8(mb->bytes, b->m, b->bsize, block, idx, k);
            return op == 0 ? 0 : amq_counting_blocked_kernel_query8(b->bytes, b->m, b->bsize, block, idx, k);
        }
        if (op == 0)
            amq_counting_blocked_kernel_add4(mb->bytes, b->m, b->bsize, block, idx, k);
        else if (op == 2)
            return amq_counting_blocked_kernel_remove4(mb->bytes, b->m, b->bsize, block, idx, k);
        return op == 0 ? 0 : amq_counting_blocked_kernel_query4(b->bytes, b->m, b->bsize, block, idx, k);
    case AMQ_BLOCKED_QUOTIENT: {
        const amq_blocked *t = op == 1 ? b : mb; /* a query writes nothing */
        return bq_op(t->rem, t->meta, t->counts, b->nslots, b->qbits, b->rbits, op, block, idx[0], idx[1]);
    }
    }
    return 0;
}

amq_status amq_blocked_add(amq_blocked *b, const void *key, size_t len)
{
    if (!b || (!key && len))
        return amq_fail(AMQ_E_INVALID_ARG, "add: NULL filter or key");
    uint64_t block, idx[AMQ_BLOCKED_KEY_MAX_K];
    amq_blocked_locate(b, key, len, &block, idx);
    const int st = apply(b, b, 0, block, idx);
    if (st != 0) /* blocked quotient only; the kernel changed nothing */
        return amq_fail(AMQ_E_FULL, "add: block %llu of the blocked quotient filter is %s; nothing "
                                         "changed", (unsigned long long)block,
                        st == 1 ? "full" : "out of slack slots after the key's quotient");
    return AMQ_OK;
}

int amq_blocked_query(const amq_blocked *b, const void *key, size_t len)
{
    uint64_t block, idx[AMQ_BLOCKED_KEY_MAX_K];
    amq_blocked_locate(b, key, len, &block, idx);
    return apply(NULL, b, 1, block, idx);
}

amq_status amq_blocked_remove(amq_blocked *b, const void *key, size_t len)
{
    if (!b || (!key && len))
        return amq_fail(AMQ_E_INVALID_ARG, "remove: NULL filter or key");
    if (b->kind != AMQ_BLOCKED_COUNTING && b->kind != AMQ_BLOCKED_QUOTIENT)
        return amq_fail(AMQ_E_INVALID_ARG, "remove: a %s filter cannot remove keys",
                        amq_blocked_kind_name(b->kind));
    uint64_t block, idx[AMQ_BLOCKED_KEY_MAX_K];
    amq_blocked_locate(b, key, len, &block, idx);
    if (apply(b, b, 2, block, idx) != 0)
        return amq_fail(AMQ_E_NOT_PRESENT, b->kind == AMQ_BLOCKED_QUOTIENT
                                               ? "remove: key not present (its fingerprint is not stored in "
                                                 "its block); nothing changed"
                                               : "remove: key not present (one of its counters is below its "
                                                 "multiplicity); nothing changed");
    return AMQ_OK;
}

/* Address of the first byte of a block (for prefetching). */
static const void *block_addr(const amq_blocked *b, uint64_t block, const uint64_t *idx)
{
    switch (b->kind) {
    case AMQ_BLOCKED_PARTITIONED: return b->words + idx[0] / 64u;
    case AMQ_BLOCKED_COUNTING: return b->bytes + (b->width == 8 ? block * b->bsize : block * b->bsize / 2u);
    case AMQ_BLOCKED_QUOTIENT: return b->meta + block * b->nslots + idx[0];
    default: return b->words + block * b->bsize / 64u;
    }
}

#define BATCH 16u

void amq_blocked_query_batch(const amq_blocked *b, const void *const *keys, const size_t *lens,
                             size_t count, int *results)
{
    uint64_t block[BATCH], idx[BATCH][AMQ_BLOCKED_KEY_MAX_K];
    for (size_t base = 0; base < count; base += BATCH) {
        const size_t n = count - base < BATCH ? count - base : BATCH;
        for (size_t i = 0; i < n; i++) {
            amq_blocked_locate(b, keys[base + i], lens[base + i], &block[i], idx[i]);
            __builtin_prefetch(block_addr(b, block[i], idx[i]), 0, 0);
        }
        for (size_t i = 0; i < n; i++)
            results[base + i] = apply(NULL, b, 1, block[i], idx[i]);
    }
}

void amq_blocked_clear(amq_blocked *b)
{
    if (b->words)
        memset(b->words, 0, (size_t)b->nwords * sizeof(uint64_t));
    if (b->bytes)
        memset(b->bytes, 0, (size_t)b->nbytes);
    if (b->kind == AMQ_BLOCKED_QUOTIENT) {
        memset(b->counts, 0, (size_t)b->nblocks * sizeof(uint64_t));
        memset(b->meta, 0, (size_t)(b->nblocks * b->nslots));
    }
}

unsigned amq_blocked_counter(const amq_blocked *b, uint64_t i)
{
    if (b->kind != AMQ_BLOCKED_COUNTING || i >= b->m)
        return 0;
    if (b->width == 8)
        return b->bytes[i];
    return (b->bytes[i / 2] >> (4 * (i % 2))) & 0xFu;
}

/* Counting: sum, non-zero and saturated counters in one pass. */
static void scan(const amq_blocked *b, uint64_t *sum, uint64_t *nonzero, uint64_t *sat)
{
    const unsigned max = b->width == 8 ? 255u : 15u;
    uint64_t s = 0, nz = 0, st = 0;
    for (uint64_t i = 0; i < b->m; i++) {
        unsigned v = amq_blocked_counter(b, i);
        s += v;
        nz += v != 0;
        st += v == max;
    }
    if (sum) *sum = s;
    if (nonzero) *nonzero = nz;
    if (sat) *sat = st;
}

uint64_t amq_blocked_count_bits(const amq_blocked *b)
{
    if (b->kind == AMQ_BLOCKED_QUOTIENT) { /* occupied slots = stored fingerprints */
        uint64_t c = 0;
        for (uint64_t i = 0; i < b->nblocks; i++)
            c += b->counts[i];
        return c;
    }
    if (b->kind == AMQ_BLOCKED_COUNTING) {
        uint64_t nz;
        scan(b, NULL, &nz, NULL);
        return nz;
    }
    uint64_t c = 0;
    for (uint64_t i = 0; i < b->nwords; i++)
        c += (uint64_t)__builtin_popcountll(b->words[i]);
    return c;
}

uint64_t amq_blocked_saturated(const amq_blocked *b)
{
    if (b->kind != AMQ_BLOCKED_COUNTING)
        return 0;
    uint64_t st;
    scan(b, NULL, NULL, &st);
    return st;
}

amq_status amq_blocked_count(const amq_blocked *b, uint64_t *count)
{
    if (!b || !count)
        return amq_fail(AMQ_E_INVALID_ARG, "count: NULL filter or output");
    if (b->kind != AMQ_BLOCKED_COUNTING)
        return amq_fail(AMQ_E_INVALID_ARG, "count: a %s filter does not count insertions",
                        amq_blocked_kind_name(b->kind));
    uint64_t sum, sat;
    scan(b, &sum, NULL, &sat);
    if (sat)
        return amq_fail(AMQ_E_SATURATED, "count: %llu counters are saturated, the exact count is lost",
                        (unsigned long long)sat);
    *count = sum / b->k;
    return AMQ_OK;
}

double amq_blocked_estimate_count(const amq_blocked *b)
{
    const uint64_t used = amq_blocked_count_bits(b);
    if (b->kind == AMQ_BLOCKED_QUOTIENT) /* the stored fingerprints, duplicates included: exact */
        return (double)used;
    if (used == 0)
        return 0.0;
    if (used >= b->m)
        return INFINITY;
    /* q: probability that one key sets a given position. */
    double q;
    if (b->kind == AMQ_BLOCKED_SPLIT)
        q = 1.0 / ((double)AMQ_SPLIT_WORD_BITS * (double)b->nblocks);
    else if (b->kind == AMQ_BLOCKED_PARTITIONED)
        q = 1.0 / (double)b->bsize;
    else
        q = -expm1((double)b->k * log1p(-1.0 / (double)b->bsize)) / (double)b->nblocks;
    const double z = (double)(b->m - used) / (double)b->m;
    return log(z) / log1p(-q);
}

amq_blocked_kind amq_blocked_kind_of(const amq_blocked *b) { return b->kind; }
uint64_t amq_blocked_nblocks(const amq_blocked *b) { return b->nblocks; }
uint64_t amq_blocked_block_size(const amq_blocked *b) { return b->bsize; }
uint64_t amq_blocked_m(const amq_blocked *b) { return b->m; }
uint64_t amq_blocked_k(const amq_blocked *b) { return b->k; }
unsigned amq_blocked_width(const amq_blocked *b) { return b->width; }
amq_hash_strategy amq_blocked_strategy(const amq_blocked *b) { return b->strategy; }
uint64_t amq_blocked_seed(const amq_blocked *b) { return b->seed; }
const uint64_t *amq_blocked_words(const amq_blocked *b) { return b->words; }
uint64_t amq_blocked_nwords(const amq_blocked *b) { return b->nwords; }

/* ---------------- persistence ---------------- */

/* Parameter block, u64 little-endian each: nblocks, block size, k, strategy, seed, width. */
#define BLOCKED_PARAMS 48u

/* Blocked quotient payload: the stored fingerprints, not the tables: u64 count N, then N
 * records (u64 block, u64 quotient, u64 remainder), little-endian, blocks in order and
 * each block in slot order.  Loading re-inserts them through the proved kernel, so a
 * loaded table is always one the kernel built (its invariant holds whatever the file
 * says), and the format does not depend on the table layout. */
#define BQ_RECORD 24u

/* Appends the fingerprints of one block (a table the kernel built) to out. */
static uint8_t *bq_decode_block(const amq_blocked *b, uint64_t blk, uint8_t *out, uint64_t *queue)
{
    const uint8_t *meta = b->meta + blk * b->nslots;
    const uint64_t *rem = b->rem + blk * b->nslots;
    uint64_t head = 0, tail = 0, quot = 0;
    for (uint64_t i = 0; i < b->nslots; i++) {
        if (meta[i] == 0) { /* between clusters */
            head = tail = 0;
            continue;
        }
        if (meta[i] & AMQ_QF_OCCUPIED) /* quotient i has a run, in quotient order */
            queue[tail++] = i;
        if (!(meta[i] & AMQ_QF_CONTINUATION) && head < tail) /* a run starts here */
            quot = queue[head++];
        amq_put_u64(out, blk);
        amq_put_u64(out + 8, quot);
        amq_put_u64(out + 16, rem[i]);
        out += BQ_RECORD;
    }
    return out;
}

static amq_status bq_save(const amq_blocked *b, const char *path, const uint8_t *params)
{
    const uint64_t n = amq_blocked_count_bits(b);
    uint8_t *buf = malloc((size_t)(8 + n * BQ_RECORD));
    uint64_t *queue = malloc((size_t)b->nslots * sizeof *queue);
    if (!buf || !queue) {
        free(buf);
        free(queue);
        return amq_fail(AMQ_E_NOMEM, "save: out of memory for %llu fingerprints", (unsigned long long)n);
    }
    amq_put_u64(buf, n);
    uint8_t *end = buf + 8;
    for (uint64_t blk = 0; blk < b->nblocks; blk++)
        end = bq_decode_block(b, blk, end, queue);
    amq_status s = amq_container_save_bytes(path, AMQ_TYPE_BLOCKED_QUOTIENT, params, BLOCKED_PARAMS, buf,
                                            (uint64_t)(end - buf));
    free(buf);
    free(queue);
    return s;
}

/* Reads and re-inserts the fingerprints of a blocked quotient file into b (empty). */
static amq_status bq_load(amq_blocked *b, amq_reader *r, const char *path)
{
    if (r->payload_len < 8 || (r->payload_len - 8) % BQ_RECORD != 0)
        return amq_fail(AMQ_E_SIZE_MISMATCH, "load: '%s': a blocked quotient payload is 8 + %u n bytes, "
                                             "not %llu", path, BQ_RECORD, (unsigned long long)r->payload_len);
    uint8_t *buf = malloc((size_t)r->payload_len);
    if (!buf)
        return amq_fail(AMQ_E_NOMEM, "load: out of memory");
    amq_status s = amq_reader_bytes(r, buf, r->payload_len);
    const uint64_t n = s == AMQ_OK ? amq_get_u64(buf) : 0;
    if (s == AMQ_OK && n != (r->payload_len - 8) / BQ_RECORD)
        s = amq_fail(AMQ_E_SIZE_MISMATCH, "load: '%s': %llu fingerprints announced, %llu stored", path,
                     (unsigned long long)n, (unsigned long long)((r->payload_len - 8) / BQ_RECORD));
    for (uint64_t i = 0; s == AMQ_OK && i < n; i++) {
        const uint8_t *rec = buf + 8 + i * BQ_RECORD;
        const uint64_t blk = amq_get_u64(rec), idx[2] = {amq_get_u64(rec + 8), amq_get_u64(rec + 16)};
        if (blk >= b->nblocks || idx[0] >= (UINT64_C(1) << b->qbits) ||
            (b->rbits < 64 && idx[1] >> b->rbits != 0))
            s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': fingerprint %llu (block %llu, quotient %llu) is "
                                           "out of range", path, (unsigned long long)i,
                         (unsigned long long)blk, (unsigned long long)idx[0]);
        else if (apply(b, b, 0, blk, idx) != 0)
            s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': block %llu cannot hold its stored fingerprints", path,
                         (unsigned long long)blk);
    }
    free(buf);
    return s;
}

amq_status amq_blocked_save(const amq_blocked *b, const char *path)
{
    if (!b)
        return amq_fail(AMQ_E_INVALID_ARG, "save: NULL filter");
    uint8_t p[BLOCKED_PARAMS];
    amq_put_u64(p, b->nblocks);
    amq_put_u64(p + 8, b->bsize);
    amq_put_u64(p + 16, b->k);
    amq_put_u64(p + 24, (uint64_t)b->strategy);
    amq_put_u64(p + 32, b->seed);
    amq_put_u64(p + 40, b->width);
    if (b->kind == AMQ_BLOCKED_QUOTIENT) { /* k and width fields hold r and the slack */
        amq_put_u64(p + 16, b->rbits);
        amq_put_u64(p + 40, b->slack);
        return bq_save(b, path, p);
    }
    const uint32_t type = amq_blocked_file_type(b->kind);
    if (b->kind == AMQ_BLOCKED_COUNTING)
        return amq_container_save_bytes(path, type, p, sizeof p, b->bytes, b->nbytes);
    return amq_container_save(path, type, p, sizeof p, b->words, b->nwords);
}

/* Expected block size of a kind (0: any, partitioned). */
static uint64_t fixed_bsize(amq_blocked_kind kind, unsigned width)
{
    switch (kind) {
    case AMQ_BLOCKED_BLOOM: return AMQ_BLOCKED_BLOOM_BLOCK_BITS;
    case AMQ_BLOCKED_SPLIT: return AMQ_SPLIT_WORDS * AMQ_SPLIT_WORD_BITS;
    case AMQ_BLOCKED_COUNTING: return width == 4 || width == 8 ? counters_per_block(width) : 1;
    default: return 0;
    }
}

/* Bits at positions >= m must be zero: the kernels never set them. */
static int tail_dirty(const amq_blocked *b)
{
    if (b->kind == AMQ_BLOCKED_COUNTING)
        return b->width == 4 && b->m % 2 != 0 && (b->bytes[b->nbytes - 1] >> 4) != 0;
    const uint64_t r = b->m % 64u;
    return r != 0 && (b->words[b->nwords - 1] >> r) != 0;
}

static amq_status load(amq_blocked **out, const char *path, amq_blocked_kind want)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "load: NULL output pointer");
    amq_reader r;
    amq_status s = amq_reader_open(&r, path);
    if (s != AMQ_OK)
        return s;
    const uint32_t type = r.type;
    const amq_blocked_kind kind = kind_of_file_type(type);
    amq_reader_close(&r);
    if (kind == 0 || (want != 0 && kind != want))
        return amq_fail(AMQ_E_BAD_TYPE, "load: '%s' holds a %s structure, not a %s", path,
                        amq_type_name(type), want ? amq_blocked_kind_name(want) : "blocked filter");
    if ((s = amq_reader_open_as(&r, path, type, BLOCKED_PARAMS)) != AMQ_OK)
        return s;
    amq_blocked p = {.kind = kind,
                     .nblocks = amq_get_u64(r.params),
                     .bsize = amq_get_u64(r.params + 8),
                     .k = amq_get_u64(r.params + 16),
                     .seed = amq_get_u64(r.params + 32)};
    const uint64_t strat = amq_get_u64(r.params + 24), width = amq_get_u64(r.params + 40);
    amq_blocked *b = NULL;
    if (kind == AMQ_BLOCKED_QUOTIENT) {
        /* bsize = 2^q home slots, the k field r, the width field the slack */
        uint64_t q = 0;
        while (q < 64 && (UINT64_C(1) << q) < p.bsize)
            q++;
        amq_blocked qp = {.kind = kind, .nblocks = p.nblocks, .qbits = q, .rbits = p.k, .slack = width,
                          .strategy = (amq_hash_strategy)(strat <= AMQ_HASH_ENHANCED ? strat : 0), .seed = p.seed};
        amq_blocked tmp = qp;
        if (p.bsize == 0 || q >= 64 || (UINT64_C(1) << q) != p.bsize || strat > AMQ_HASH_ENHANCED)
            s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible blocked quotient parameters (block of %llu "
                                           "home slots, hash %llu)", path, (unsigned long long)p.bsize,
                         (unsigned long long)strat);
        else if ((s = check_params(&tmp)) != AMQ_OK)
            s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible parameters: %s", path, amq_last_error());
        else if ((s = create(&b, qp)) == AMQ_OK)
            s = bq_load(b, &r, path);
        amq_reader_close(&r);
        if (s != AMQ_OK) {
            amq_blocked_free(b);
            return s;
        }
        *out = b;
        return AMQ_OK;
    }
    const uint64_t want_bsize = fixed_bsize(kind, (unsigned)(width <= 8 ? width : 0));
    if (strat > AMQ_HASH_ENHANCED || width > 8 || (want_bsize != 0 && p.bsize != want_bsize) ||
        (kind == AMQ_BLOCKED_PARTITIONED && p.nblocks != p.k) ||
        (kind == AMQ_BLOCKED_SPLIT && (strat != AMQ_HASH_INDEPENDENT || width != 0)) ||
        (kind != AMQ_BLOCKED_COUNTING && width != 0))
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible %s parameters (blocks %llu, block size "
                                       "%llu, k %llu, hash %llu, width %llu)",
                     path, amq_blocked_kind_name(kind), (unsigned long long)p.nblocks,
                     (unsigned long long)p.bsize, (unsigned long long)p.k, (unsigned long long)strat,
                     (unsigned long long)width);
    else {
        p.strategy = (amq_hash_strategy)strat;
        p.width = (unsigned)width;
        amq_blocked q = p;
        if ((s = check_params(&q)) != AMQ_OK)
            s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible parameters: %s", path, amq_last_error());
        else if (r.payload_len != (q.nwords ? q.nwords * 8 : q.nbytes))
            s = amq_fail(AMQ_E_SIZE_MISMATCH, "load: '%s': payload is %llu bytes, the parameters need %llu",
                         path, (unsigned long long)r.payload_len,
                         (unsigned long long)(q.nwords ? q.nwords * 8 : q.nbytes));
        else if ((s = create(&b, p)) == AMQ_OK)
            s = b->words ? amq_reader_words(&r, b->words, b->nwords) : amq_reader_bytes(&r, b->bytes, b->nbytes);
    }
    if (s == AMQ_OK && tail_dirty(b))
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': bits set beyond the last position", path);
    amq_reader_close(&r);
    if (s != AMQ_OK) {
        amq_blocked_free(b);
        return s;
    }
    *out = b;
    return AMQ_OK;
}

amq_status amq_blocked_load(amq_blocked **out, const char *path) { return load(out, path, 0); }

amq_status amq_blocked_load_kind(amq_blocked **out, const char *path, amq_blocked_kind kind)
{
    return load(out, path, kind);
}

/* ---------------- kernel descriptors (amq/check.h) ---------------- */

/* Decodes the 1 + k digits of a key into (block, in-block indices). */
static uint64_t desc_decode(const amq_blocked_geom *g, const uint64_t *d, uint64_t *idx)
{
    if (g->parquet) {
        amq_split_block_kernel_mask((uint32_t)d[0], idx);
        return d[0] >> 32;
    }
    for (uint64_t t = 0; t < g->k; t++)
        idx[t] = d[1 + t] % g->inner;
    return d[0] / g->inner;
}

/* Blocked quotient state, the layout of the key-level filter: nblocks count words, then
 * nblocks * nslots remainder words, then nblocks * nslots metadata bytes rounded up to
 * words.  The operations go through the proved blocked layer (amq/blocked_quotient_kernel.h),
 * so enumeration and Monte Carlo test the code WP proves. */
static uint64_t bq_nslots(const amq_blocked_geom *g) { return (UINT64_C(1) << g->inner) + g->slack; }

/* bq_op on a descriptor state; op: 0 add, 1 query, 2 remove, as for apply. */
static int bq_desc_op(const amq_blocked_geom *g, uint64_t *st, uint64_t d, int op)
{
    const uint64_t p = g->inner + g->k, nslots = bq_nslots(g);
    const uint64_t block = d >> p, f = d & ((UINT64_C(1) << p) - 1);
    const uint64_t fq = f >> g->k, fr = f & ((UINT64_C(1) << g->k) - 1);
    uint64_t *counts = st, *rem = st + g->nblocks;
    uint8_t *meta = (uint8_t *)(rem + g->nblocks * nslots);
    return bq_op(rem, meta, counts, nslots, g->inner, g->k, op, block, fq, fr);
}

static void desc_add(const amq_kernel *kn, uint64_t *st, const uint64_t *d)
{
    const amq_blocked_geom *g = kn->ctx;
    uint64_t idx[AMQ_BLOCKED_MAX_K];
    const size_t k = (size_t)g->k;
    if (g->kind == AMQ_BLOCKED_PARTITIONED) {
        amq_partitioned_kernel_add(st, g->inner, d, k);
        return;
    }
    if (g->kind == AMQ_BLOCKED_QUOTIENT) {
        (void)bq_desc_op(g, st, d[0], 0); /* a refusal leaves the state as it was */
        return;
    }
    const uint64_t block = desc_decode(g, d, idx);
    switch (g->kind) {
    case AMQ_BLOCKED_BLOOM: amq_blocked_bloom_kernel_add(st, g->m, g->inner, block, idx, k); break;
    case AMQ_BLOCKED_SPLIT: amq_split_block_kernel_add(st, g->m, g->inner, block, idx, k); break;
    case AMQ_BLOCKED_COUNTING:
        if (g->width == 8)
            amq_counting_blocked_kernel_add8((uint8_t *)st, g->m, g->inner, block, idx, k);
        else
            amq_counting_blocked_kernel_add4((uint8_t *)st, g->m, g->inner, block, idx, k);
        break;
    default: break;
    }
}

static int desc_query(const amq_kernel *kn, const uint64_t *st, const uint64_t *d)
{
    const amq_blocked_geom *g = kn->ctx;
    uint64_t idx[AMQ_BLOCKED_MAX_K];
    const size_t k = (size_t)g->k;
    if (g->kind == AMQ_BLOCKED_PARTITIONED)
        return amq_partitioned_kernel_query(st, g->inner, d, k);
    if (g->kind == AMQ_BLOCKED_QUOTIENT)
        return bq_desc_op(g, (uint64_t *)st, d[0], 1); /* a query writes nothing */
    const uint64_t block = desc_decode(g, d, idx);
    switch (g->kind) {
    case AMQ_BLOCKED_BLOOM: return amq_blocked_bloom_kernel_query(st, g->m, g->inner, block, idx, k);
    case AMQ_BLOCKED_SPLIT: return amq_split_block_kernel_query(st, g->m, g->inner, block, idx, k);
    case AMQ_BLOCKED_COUNTING:
        return g->width == 8 ? amq_counting_blocked_kernel_query8((const uint8_t *)st, g->m, g->inner, block, idx, k)
                             : amq_counting_blocked_kernel_query4((const uint8_t *)st, g->m, g->inner, block, idx, k);
    default: return 0;
    }
}

static int desc_remove(const amq_kernel *kn, uint64_t *st, const uint64_t *d)
{
    const amq_blocked_geom *g = kn->ctx;
    if (g->kind == AMQ_BLOCKED_QUOTIENT)
        return bq_desc_op(g, st, d[0], 2);
    uint64_t idx[AMQ_BLOCKED_MAX_K];
    const uint64_t block = desc_decode(g, d, idx);
    return g->width == 8 ? amq_counting_blocked_kernel_remove8((uint8_t *)st, g->m, g->inner, block, idx, (size_t)g->k)
                         : amq_counting_blocked_kernel_remove4((uint8_t *)st, g->m, g->inner, block, idx, (size_t)g->k);
}

amq_status amq_kernel_blocked(amq_kernel *out, amq_blocked_geom *g)
{
    if (!out || !g)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_kernel_blocked: NULL descriptor or geometry");
    const char *name = amq_blocked_kind_name(g->kind);
    if (g->kind == AMQ_BLOCKED_QUOTIENT) {
        if (g->nblocks == 0 || g->inner == 0 || g->inner > AMQ_BQ_MAX_Q || g->k == 0 || g->inner + g->k > 62 ||
            g->slack > (UINT64_C(1) << g->inner))
            return amq_fail(AMQ_E_INVALID_ARG, "%s kernel: needs blocks >= 1, 1 <= q <= %u, r >= 1, q + r <= 62, "
                                               "slack <= 2^q", name, AMQ_BQ_MAX_Q);
        if (g->nblocks > (UINT64_C(1) << (62 - g->inner - g->k)))
            return amq_fail(AMQ_E_OVERFLOW, "%s kernel: %llu blocks x 2^%llu fingerprints overflow the digits",
                            name, (unsigned long long)g->nblocks, (unsigned long long)(g->inner + g->k));
        /* words = nblocks * (1 + nslots) + ceil(nblocks * nslots / 8); nslots <= 2^(q+1) */
        const uint64_t nslots = bq_nslots(g), limit = SIZE_MAX / sizeof(uint64_t) / 2;
        if (g->nblocks > limit / (1 + nslots))
            return amq_fail(AMQ_E_OVERFLOW, "%s kernel: state does not fit in memory", name);
        const uint64_t words = g->nblocks * (1 + nslots) + (g->nblocks * nslots + 7) / 8;
        g->alphabet = g->nblocks << (g->inner + g->k);
        g->m = g->nblocks << g->inner;
        memset(out, 0, sizeof *out);
        out->name = name;
        out->m = g->alphabet;
        out->k = 1;
        out->state_words = (size_t)words;
        out->add_ctx = desc_add;
        out->query_ctx = desc_query;
        out->remove_ctx = desc_remove;
        out->ctx = g;
        return AMQ_OK;
    }
    if (g->kind != AMQ_BLOCKED_BLOOM && g->kind != AMQ_BLOCKED_SPLIT &&
        g->kind != AMQ_BLOCKED_PARTITIONED && g->kind != AMQ_BLOCKED_COUNTING)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_kernel_blocked: no kernel descriptor for %s", name);
    if (g->inner == 0 || (g->kind != AMQ_BLOCKED_PARTITIONED && g->nblocks == 0))
        return amq_fail(AMQ_E_INVALID_M, "%s kernel: needs at least one block of at least one position", name);
    if (g->k == 0 || g->k > AMQ_BLOCKED_MAX_K)
        return amq_fail(AMQ_E_INVALID_K, "%s kernel: k = %llu must be in [1, %u]", name,
                        (unsigned long long)g->k, AMQ_BLOCKED_MAX_K);
    if (g->kind == AMQ_BLOCKED_COUNTING && g->width != 4 && g->width != 8)
        return amq_fail(AMQ_E_INVALID_ARG, "%s kernel: counter width %u must be 4 or 8", name, g->width);
    if (g->parquet && (g->kind != AMQ_BLOCKED_SPLIT || g->k != AMQ_SPLIT_WORDS ||
                       g->inner != AMQ_SPLIT_WORD_BITS || g->nblocks > (UINT64_C(1) << 30)))
        return amq_fail(AMQ_E_INVALID_ARG, "%s kernel: Parquet hashing needs a split-block filter of "
                                           "8 words of 32 bits and at most 2^30 blocks", name);
    uint64_t blocks = g->kind == AMQ_BLOCKED_PARTITIONED ? 1 : g->nblocks;
    uint64_t bsize = g->inner;
    if (g->kind == AMQ_BLOCKED_SPLIT || g->kind == AMQ_BLOCKED_PARTITIONED) {
        if (g->inner > UINT64_MAX / g->k)
            return amq_fail(AMQ_E_OVERFLOW, "%s kernel: block size overflows", name);
        bsize = g->k * g->inner;
    }
    if (blocks > (UINT64_C(1) << 62) / bsize)
        return amq_fail(AMQ_E_OVERFLOW, "%s kernel: %llu blocks of %llu positions are too many", name,
                        (unsigned long long)blocks, (unsigned long long)bsize);
    g->m = blocks * bsize;
    if (g->kind == AMQ_BLOCKED_PARTITIONED)
        g->alphabet = g->inner;
    else if (g->parquet)
        g->alphabet = g->nblocks << 32;
    else {
        if (g->nblocks > (UINT64_C(1) << 62) / g->inner)
            return amq_fail(AMQ_E_OVERFLOW, "%s kernel: %llu x %llu digits overflow", name,
                            (unsigned long long)g->nblocks, (unsigned long long)g->inner);
        g->alphabet = g->nblocks * g->inner;
    }
    uint64_t words;
    if (g->kind == AMQ_BLOCKED_COUNTING) {
        const uint64_t bytes = g->width == 8 ? AMQ_COUNTING8_BYTES(g->m) : AMQ_COUNTING4_BYTES(g->m);
        words = bytes / 8 + (bytes % 8 != 0);
    } else
        words = AMQ_BLOOM_WORDS(g->m);
    if (words > SIZE_MAX / sizeof(uint64_t))
        return amq_fail(AMQ_E_OVERFLOW, "%s kernel: state does not fit in memory", name);
    memset(out, 0, sizeof *out);
    out->name = name;
    out->m = g->alphabet;
    out->k = (size_t)(g->parquet ? 1 : g->kind == AMQ_BLOCKED_PARTITIONED ? g->k : g->k + 1);
    out->state_words = (size_t)words;
    out->add_ctx = desc_add;
    out->query_ctx = desc_query;
    out->remove_ctx = g->kind == AMQ_BLOCKED_COUNTING ? desc_remove : NULL;
    out->ctx = g;
    return AMQ_OK;
}
