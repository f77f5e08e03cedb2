/* The blocked Bloom filter's registry entry (lib_internal/structure.h): amq/blocked_bloom.h, the
 * binomial mixture of the Bloom rate (Ceramist Theorem 10) and the kernel's descriptor. */
#include <lib_internal/fail.h>
#include <lib_internal/blocked_check.h>
#include <lib_internal/blocked_state.h>
#include <lib_internal/moment_cost.h>
#include <lib_internal/structure.h>
#include <lib_internal/container.h>
#include <amq/blocked_bloom.h>
#include <amq/spec_blocked.h>

enum { P_BLOCKS, P_BITS, P_K, P_HASH };

static const amq_param_info params[] = {
    {"blocks", 'b', "blocks", "B", "number of blocks", 0, AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"block_bits", 0, "block-bits", "M", "bits per block (512: one cache line)", AMQ_BLOCKED_BLOOM_BLOCK_BITS,
     AMQ_PARAM_RATE},
    {"k", 'k', "hashes", "K", "number of hash functions k, inside the key's block", 0,
     AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"hash", 0, "hash", "H", "in-block index strategy: independent|double|triple|enhanced", AMQ_HASH_DEFAULT,
     AMQ_PARAM_HASH},
};

static amq_status create(void **o, const uint64_t *v, uint64_t seed)
{
    return amq_blocked_bloom_create((amq_blocked_bloom **)o, v[P_BLOCKS], v[P_BITS], v[P_K],
                                    (amq_hash_strategy)v[P_HASH], seed);
}

static amq_status create_for(void **o, uint64_t n, double fpr, const uint64_t *v, uint64_t seed, double *a)
{
    if (v[P_BITS] != AMQ_BLOCKED_BLOOM_BLOCK_BITS)
        return amq_fail(AMQ_E_INVALID_ARG, "blocked-bloom: sizing from n and a target rate uses %u-bit blocks; "
                                           "give the size (-b, -k) for --block-bits %llu",
                        AMQ_BLOCKED_BLOOM_BLOCK_BITS, (unsigned long long)v[P_BITS]);
    return amq_blocked_bloom_create_for((amq_blocked_bloom **)o, n, fpr, (amq_hash_strategy)v[P_HASH], seed, a);
}

AMQ_ADAPT_INSTANCE(blocked_bloom)
AMQ_ADAPT_QUERY_BATCH(blocked_bloom)

static amq_status count(const void *o, uint64_t *n, int *exact)
{
    return amq_count_from_estimate(amq_blocked_bloom_estimate_count(o), n, exact);
}

static void params_of(const void *o, uint64_t *v, uint64_t *seed)
{
    v[P_BLOCKS] = amq_blocked_bloom_nblocks(o);
    v[P_BITS] = amq_blocked_bloom_block_bits(o);
    v[P_K] = amq_blocked_bloom_k(o);
    v[P_HASH] = (uint64_t)amq_blocked_bloom_strategy(o);
    *seed = amq_blocked_bloom_seed(o);
}

static void describe(const void *o, amq_property_fn emit, void *ctx)
{
    amq_emit_u64(emit, ctx, "m", "bits m", amq_blocked_bloom_m(o), "blocks x block bits");
    amq_emit_fill(emit, ctx, "set bits", amq_blocked_bloom_count_bits(o), amq_blocked_bloom_m(o));
}

static uint64_t memory(const void *o) { return amq_blocked_bloom_nwords(o) * 8u; }

AMQ_ADAPT_RATES(amq_blocked_bloom, v[P_BLOCKS], v[P_BITS], v[P_K])

/* E[pi], E[pi^2] (spec/blocked_moments.c) and E[pi^j], j >= 3 (spec/blocked_moments_high.c,
 * within its cost limit: beyond, AMQ_E_TOO_LARGE and the checker uses fewer). */
static amq_status fp_moment(mpfr_t lo, mpfr_t hi, int bits, const uint64_t *v, uint64_t n, uint64_t j)
{
    if (j == 1)
        return amq_blocked_bloom_fp_enclose(lo, hi, bits + 8, v[P_BLOCKS], v[P_BITS], v[P_K], n);
    if (j == 2)
        return amq_blocked_bloom_fp_pair_enclose(lo, hi, bits + 8, v[P_BLOCKS], v[P_BITS], v[P_K], n);
    return amq_blocked_bloom_fp_moment_enclose(lo, hi, bits + 8, v[P_BLOCKS], v[P_BITS], v[P_K], n, j);
}

static double fp_moment_work(const uint64_t *v, uint64_t n, uint64_t j, int bits)
{
    if (j == 1) /* the rate, bounded by its own limits (amq/cost.h) */
        return 0.0;
    if (j == 2)
        return amq_blocked_bloom_fp_pair_work(v[P_BLOCKS], v[P_BITS], v[P_K], n, bits + 8);
    return amq_blocked_bloom_fp_moment_work(v[P_BLOCKS], v[P_BITS], v[P_K], n, j, bits + 8);
}

/* Shared with counting blocked (the same parameter positions: blocks, block size, k). */
const char *amq_blocked_fp_note(const uint64_t *v, uint64_t n)
{
    if (v[0] == 0 || v[1] == 0)
        return NULL;
    if (v[2] == 0)
        return "k = 0: the empty index vector is always present, so FP = 1 exactly";
    if (n == 0)
        return "n = 0: no position is set, so FP = 0 exactly";
    return NULL;
}

static amq_status fp_state(mpq_t q, const void *o)
{
    return amq_fp_state_blocks(q, amq_blocked_bloom_words(o), amq_blocked_bloom_nblocks(o),
                               amq_blocked_bloom_block_bits(o), amq_blocked_bloom_k(o));
}

static double approx_classic(const uint64_t *v, uint64_t n)
{
    return amq_blocked_bloom_fp_approx_classic(v[P_BLOCKS], v[P_BITS], v[P_K], n);
}

static double approx_poisson(const uint64_t *v, uint64_t n)
{
    return amq_blocked_bloom_fp_approx_poisson(v[P_BLOCKS], v[P_BITS], v[P_K], n);
}

static amq_status model(amq_model_state *out, const uint64_t *v)
{
    const amq_blocked_bloom_geom geom = {.nblocks = v[P_BLOCKS], .block_bits = v[P_BITS], .k = v[P_K]};
    amq_blocked_bloom_geom *g = amq_model_keep(out, &geom, sizeof geom, "blocked-bloom");
    return g ? amq_ops_blocked_bloom(&out->ops, g) : AMQ_E_NOMEM;
}

const amq_structure amq_structure_blocked_bloom = {
    .name = "blocked-bloom",
    .title = "blocked Bloom filter",
    .file_type = AMQ_TYPE_BLOCKED_BLOOM,
    .query_batch = adapted_query_batch,
    AMQ_ENTRY_INSTANCE,
    AMQ_ENTRY_RATES,
    .fp_moment_enclose = fp_moment,
    .fp_moment_work = fp_moment_work,
    AMQ_APPROXES({"classic", approx_classic}, {"exp", approx_poisson}),
    .fp_note = amq_blocked_fp_note,
    .rate_doc = "the binomial mixture of the Bloom rate of one block (Ceramist Theorem 10); approx_classic is "
                "the unblocked (1 - e^{-kn/(BM)})^k, approx_exp the Poisson mixture of Putze et al.",
    .model = model,
    /* amq check blocked-bloom, 2026-11-29, 2 cores at load 8-12: 4.95 ns per index (-b 64 --block-bits 512
     * -k 7 -n 3000) */
    .work_weight = 1.6,
    AMQ_EXAMPLES({{2, 4, 2, AMQ_HASH_DEFAULT}, 2}, {{3, 3, 1, AMQ_HASH_DEFAULT}, 3}),
    AMQ_DEMOS({{64, 512, 7, AMQ_HASH_DEFAULT}, 3000}, {{2000000, 512, 7, AMQ_HASH_DEFAULT}, 100000000}),
};
