/* The split-block Bloom filter's registry entry (lib_internal/structure.h): amq/split_block.h
 * (Apache Parquet's), the mixture of the partitioned rate of a block, and the descriptor. */
#include <lib_internal/fail.h>
#include <lib_internal/blocked_check.h>
#include <lib_internal/blocked_state.h>
#include <lib_internal/moment_cost.h>
#include <lib_internal/structure.h>
#include <lib_internal/container.h>
#include <amq/split_block.h>
#include <amq/spec_blocked.h>
#include <math.h>

enum { P_BLOCKS, P_WORDS, P_WORD_BITS, P_PARQUET, P_ARROW };

static const amq_param_info params[] = {
    {"blocks", 'b', "blocks", "B", "number of blocks (Parquet: 256 bits each)", 0,
     AMQ_PARAM_REQUIRED | AMQ_PARAM_RATE},
    {"words", 0, "words", "K", "words per block, one bit set in each (Parquet: 8)", AMQ_SPLIT_BLOCK_WORDS,
     AMQ_PARAM_RATE},
    {"word_bits", 0, "word-bits", "S", "bits per word (Parquet: 32)", AMQ_SPLIT_BLOCK_WORD_BITS, AMQ_PARAM_RATE},
    {"parquet", 0, "parquet", "1|0",
     "checks: 1 = a key is one 64-bit hash through Parquet's salts (the real hashing), 0 = independent word bits",
     1, 0},
    {"arrow", 0, "arrow", "1|0",
     "1: a size Arrow C++ accepts, 2^j blocks from 32 B to 128 MiB (-n/-p sizing rounds the blocks up to one)", 0,
     0},
};

/* --arrow: 0, or 1 with a block count Arrow accepts (amq_split_block_arrow_accepts). */
static amq_status arrow_size(const uint64_t *v, int sized)
{
    if (v[P_ARROW] > 1)
        return amq_fail(AMQ_E_INVALID_ARG, "split-block: --arrow %llu: must be 0 or 1", (unsigned long long)v[P_ARROW]);
    if (v[P_ARROW] && !sized && !amq_split_block_arrow_accepts(v[P_BLOCKS]))
        return amq_fail(AMQ_E_INVALID_ARG, "split-block: --arrow 1: %llu blocks is not a size Arrow C++ accepts (a power "
                                           "of two from 1 to 2^22 blocks, 32 B to 128 MiB)",
                        (unsigned long long)v[P_BLOCKS]);
    return AMQ_OK;
}

/* The key-level filter is Parquet's; other shapes exist as models only. */
static amq_status parquet_shape(const uint64_t *v)
{
    if (v[P_WORDS] != AMQ_SPLIT_BLOCK_WORDS || v[P_WORD_BITS] != AMQ_SPLIT_BLOCK_WORD_BITS || v[P_PARQUET] != 1)
        return amq_fail(AMQ_E_INVALID_ARG, "split-block: the filter is Parquet's (--words 8 --word-bits 32 --parquet "
                                           "1); other shapes are models for amq rate and amq check only");
    return AMQ_OK;
}

static amq_status create(void **o, const uint64_t *v, uint64_t seed)
{
    amq_status s = parquet_shape(v);
    if (s == AMQ_OK)
        s = arrow_size(v, 0);
    return s != AMQ_OK ? s : amq_split_block_create((amq_split_block **)o, v[P_BLOCKS], seed);
}

static amq_status create_for(void **o, uint64_t n, double fpr, const uint64_t *v, uint64_t seed, double *a)
{
    amq_status s = parquet_shape(v);
    if (s == AMQ_OK)
        s = arrow_size(v, 1);
    if (s != AMQ_OK)
        return s;
    return v[P_ARROW] ? amq_split_block_create_for_arrow((amq_split_block **)o, n, fpr, seed, a)
                      : amq_split_block_create_for((amq_split_block **)o, n, fpr, seed, a);
}

AMQ_ADAPT_INSTANCE(split_block)
AMQ_ADAPT_QUERY_BATCH(split_block)

static amq_status count(const void *o, uint64_t *n, int *exact)
{
    return amq_count_from_estimate(amq_split_block_estimate_count(o), n, exact);
}

static void params_of(const void *o, uint64_t *v, uint64_t *seed)
{
    v[P_BLOCKS] = amq_split_block_nblocks(o);
    v[P_WORDS] = AMQ_SPLIT_BLOCK_WORDS;
    v[P_WORD_BITS] = AMQ_SPLIT_BLOCK_WORD_BITS;
    v[P_PARQUET] = 1;
    v[P_ARROW] = (uint64_t)amq_split_block_arrow_accepts(amq_split_block_nblocks(o));
    *seed = amq_split_block_seed(o);
}

static void describe(const void *o, amq_property_fn emit, void *ctx)
{
    amq_emit_u64(emit, ctx, "m", "bits m", amq_split_block_m(o), "256 per block");
    amq_emit_text(emit, ctx, "hashing", "hashing",
                  amq_split_block_seed(o) == 0 ? "XXH64, seed 0 (Parquet's)" : "XXH64 with the seed", NULL);
    amq_emit_fill(emit, ctx, "set bits", amq_split_block_count_bits(o), amq_split_block_m(o));
}

static uint64_t memory(const void *o) { return amq_split_block_nwords(o) * 8u; }

/* A block of `words` words of `word_bits` bits, one bit per word: the blocked partitioned rate. */
static amq_status block_bits(const uint64_t *v, uint64_t *bits)
{
    if (v[P_WORDS] && v[P_WORD_BITS] > UINT64_MAX / v[P_WORDS])
        return amq_fail(AMQ_E_OVERFLOW, "split-block: --words x --word-bits overflows 64 bits");
    *bits = v[P_WORDS] * v[P_WORD_BITS];
    return AMQ_OK;
}

AMQ_ADAPT_RATES_WITH(block_bits, amq_blocked_partitioned, v[P_BLOCKS], g[0], v[P_WORDS])

/* E[pi^j]: the blocked partitioned moments, a block's words filling independently
 * (spec/blocked_moments_models.c; AMQ_E_TOO_LARGE beyond their cost limit). */
static amq_status fp_moment(mpfr_t lo, mpfr_t hi, int bits, const uint64_t *v, uint64_t n, uint64_t j)
{
    uint64_t b = 0;
    amq_status st = block_bits(v, &b);
    if (st != AMQ_OK)
        return st;
    if (j == 1)
        return amq_blocked_partitioned_fp_enclose(lo, hi, bits + 8, v[P_BLOCKS], b, v[P_WORDS], n);
    return amq_blocked_partitioned_fp_moment_enclose(lo, hi, bits + 8, v[P_BLOCKS], b, v[P_WORDS], n, j);
}

static double fp_moment_work(const uint64_t *v, uint64_t n, uint64_t j, int bits)
{
    uint64_t b = 0;
    if (block_bits(v, &b) != AMQ_OK)
        return INFINITY;
    if (j == 1) /* the rate, bounded by its own limits (amq/cost.h) */
        return 0.0;
    return amq_blocked_partitioned_fp_moment_work(v[P_BLOCKS], b, v[P_WORDS], n, j, bits + 8);
}

static const char *fp_note(const uint64_t *v, uint64_t n)
{
    if (v[P_BLOCKS] == 0 || v[P_WORD_BITS] == 0)
        return NULL;
    if (v[P_WORDS] == 0)
        return "no words: the empty index vector is always present, so FP = 1 exactly";
    return n == 0 ? "n = 0: no bit is set, so FP = 0 exactly" : NULL;
}

/* A block's chance: the product over its words of (set bits / word bits). */
static amq_status fp_state(mpq_t q, const void *o)
{
    const uint64_t *w = amq_split_block_words(o), nb = amq_split_block_nblocks(o);
    mpz_t num, den, term;
    mpz_inits(num, den, term, (mpz_ptr)0);
    for (uint64_t b = 0; b < nb; b++) {
        uint64_t prod = 1; /* <= 32^8 = 2^40 */
        for (uint64_t i = 0; i < AMQ_SPLIT_BLOCK_WORDS; i++)
            prod *= amq_popcount_range(w, (b * AMQ_SPLIT_BLOCK_WORDS + i) * AMQ_SPLIT_BLOCK_WORD_BITS,
                                       AMQ_SPLIT_BLOCK_WORD_BITS);
        mpz_add_ui(num, num, prod);
    }
    mpz_ui_pow_ui(den, AMQ_SPLIT_BLOCK_WORD_BITS, AMQ_SPLIT_BLOCK_WORDS);
    mpz_mul_ui(den, den, nb);
    mpq_set_num(q, num);
    mpq_set_den(q, den);
    mpq_canonicalize(q);
    mpz_clears(num, den, term, (mpz_ptr)0);
    return AMQ_OK;
}

/* The libraries' formulas (Parquet's shape), or their generalisation to the shape given
 * (the same numbers at Parquet's shape). */
static double approx_classic(const uint64_t *v, uint64_t n)
{
    return amq_split_block_fp_approx_classic_shape(v[P_BLOCKS], v[P_WORDS], v[P_WORD_BITS], n);
}

static double approx_poisson(const uint64_t *v, uint64_t n)
{
    return amq_split_block_fp_approx_poisson_shape(v[P_BLOCKS], v[P_WORDS], v[P_WORD_BITS], n);
}

static amq_status model(amq_model_state *out, const uint64_t *v)
{
    if (v[P_PARQUET] > 1)
        return amq_fail(AMQ_E_INVALID_ARG, "split-block: --parquet %llu: must be 0 or 1", (unsigned long long)v[P_PARQUET]);
    amq_status s = arrow_size(v, 0);
    if (s != AMQ_OK)
        return s;
    const amq_split_block_geom geom = {.nblocks = v[P_BLOCKS], .words = v[P_WORDS], .word_bits = v[P_WORD_BITS],
                                       .parquet = (int)v[P_PARQUET]};
    amq_split_block_geom *g = amq_model_keep(out, &geom, sizeof geom, "split-block");
    return g ? amq_ops_split_block(&out->ops, g) : AMQ_E_NOMEM;
}

const amq_structure amq_structure_split_block = {
    .name = "split-block",
    .title = "split-block Bloom filter (Parquet)",
    .file_type = AMQ_TYPE_SPLIT_BLOCK,
    .query_batch = adapted_query_batch,
    AMQ_ENTRY_INSTANCE,
    AMQ_ENTRY_RATES,
    .fp_moment_enclose = fp_moment,
    .fp_moment_work = fp_moment_work,
    AMQ_APPROXES({"classic", approx_classic}, {"exp", approx_poisson}),
    .fp_note = fp_note,
    .rate_doc = "the binomial mixture over the blocks of (1 - (1 - 1/S)^i)^K (Ceramist Theorem 10); approx_classic "
                "is (1 - e^{-8n/m})^8, the formula Parquet, Arrow, Kudu and Velox size with",
    .model = model,
    /* amq check split-block, 2026-11-29, 2 cores at load 8-12: 19.4 ns per index (-b 64 -n 2000) */
    .work_weight = 6.2,
    AMQ_EXAMPLES({{2, 2, 2, 0}, 2}, {{1, 3, 2, 0}, 3}),
    AMQ_DEMOS({{64, 8, 32, 1}, 2000}, {{3906250, 8, 32, 1}, 100000000}),
};
