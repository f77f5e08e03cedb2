/* APPROXIMATIONS (plain double, labelled as such) of the blocked and partitioned rates:
 * the formulas production code sizes filters with, and Poisson mixtures
 * (amq/spec_blocked.h). Their certified relative error comes from the exact rates. */
#include <amq/spec_blocked.h>
#include <amq/spec_bloom.h>
#include <math.h>

static double poisson_mix(double lambda, double (*fn)(double i, const void *ctx), const void *ctx)
{
    /* APPROXIMATION (double): sum_i e^-lambda lambda^i / i! fn(i), from the mode outward,
     * until the Poisson terms drop below 1e-20; beyond lambda = 1e9 keys per block, fn at
     * the mean. */
    if (!(lambda > 0.0))
        return fn(0.0, ctx);
    if (lambda > 1e9)
        return fn(lambda, ctx);
    double i0 = floor(lambda), lp0 = -lambda + i0 * log(lambda) - lgamma(i0 + 1.0), sum = 0.0;
    double lp = lp0;
    for (double i = i0;; i += 1.0) {
        double p = exp(lp);
        sum += p * fn(i, ctx);
        if (p < 1e-20)
            break;
        lp += log(lambda / (i + 1.0));
    }
    lp = lp0;
    for (double i = i0; i > 0.0; i -= 1.0) {
        lp += log(i / lambda);
        double p = exp(lp);
        sum += p * fn(i - 1.0, ctx);
        if (p < 1e-20)
            break;
    }
    return sum;
}

typedef struct { double B, k; } bloom_ctx;

static double putze_inner(double i, const void *ctx)
{
    const bloom_ctx *c = ctx;
    if (i <= 0.0)
        return 0.0;
    if (c->B <= 1.0)
        return 1.0;
    /* (1 - (1 - 1/B)^{k i})^k */
    return pow(-expm1(c->k * i * log1p(-1.0 / c->B)), c->k);
}

double amq_blocked_bloom_fp_approx_classic(uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n)
{
    if (blocks == 0 || block_bits == 0)
        return NAN;
    if (k == 0)
        return 1.0;
    if (n == 0)
        return 0.0;
    /* APPROXIMATION: (1 - e^{-kn/M})^k at the total size M = blocks * block_bits */
    double M = (double)blocks * (double)block_bits;
    return pow(-expm1(-(double)k * (double)n / M), (double)k);
}

double amq_blocked_bloom_fp_approx_poisson(uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n)
{
    if (blocks == 0 || block_bits == 0)
        return NAN;
    if (k == 0)
        return 1.0;
    if (n == 0)
        return 0.0;
    bloom_ctx c = {(double)block_bits, (double)k};
    return poisson_mix((double)n / (double)blocks, putze_inner, &c);
}

typedef struct { bloom_ctx word; double words; } shape_ctx;

static double shape_inner(double i, const void *ctx)
{
    const shape_ctx *c = ctx;
    return pow(putze_inner(i, &c->word), c->words);
}

double amq_split_block_fp_approx_classic(uint64_t m, uint64_t n)
{
    if (m == 0)
        return NAN;
    /* APPROXIMATION: (1 - e^{-8n/m})^8, the production sizing formula */
    return pow(-expm1(-8.0 * (double)n / (double)m), 8.0);
}

static double split_inner(double i, const void *ctx)
{
    (void)ctx;
    return pow(-expm1(i * log1p(-1.0 / 32.0)), 8.0);
}

double amq_split_block_fp_approx_poisson(uint64_t m, uint64_t n)
{
    if (m == 0)
        return NAN;
    return poisson_mix(256.0 * (double)n / (double)m, split_inner, NULL);
}

double amq_split_block_fp_approx_classic_shape(uint64_t blocks, uint64_t words, uint64_t word_bits, uint64_t n)
{
    if (blocks == 0 || word_bits == 0)
        return NAN;
    if (words == 0)
        return 1.0;
    if (n == 0)
        return 0.0;
    /* APPROXIMATION: each word's bits as an unblocked one-hash filter of blocks * word_bits bits */
    return pow(-expm1(-(double)n / ((double)blocks * (double)word_bits)), (double)words);
}

double amq_split_block_fp_approx_poisson_shape(uint64_t blocks, uint64_t words, uint64_t word_bits, uint64_t n)
{
    if (blocks == 0 || word_bits == 0)
        return NAN;
    if (words == 0)
        return 1.0;
    if (n == 0)
        return 0.0;
    /* a word of S bits with one bit per key is a one-hash Bloom block: putze_inner, k = 1,
     * raised to the number of words */
    bloom_ctx c = {(double)word_bits, 1.0};
    const double w = (double)words;
    return poisson_mix((double)n / (double)blocks, shape_inner, &(shape_ctx){c, w});
}

double amq_split_block_bits_per_key_classic(double fpr)
{
    /* APPROXIMATION: inverse of the classic formula, m/n = -8 / ln(1 - fpr^(1/8)) */
    return -8.0 / log1p(-pow(fpr, 1.0 / 8.0));
}

double amq_blocked_quotient_fp_approx_union(uint64_t blocks, uint64_t p, uint64_t n)
{
    if (blocks == 0)
        return NAN;
    double v = ldexp((double)n, -(int)(p > 64 ? 64 : p)) / (double)blocks;
    return v < 1.0 ? v : 1.0;
}

double amq_blocked_quotient_fp_approx_exp(uint64_t blocks, uint64_t p, uint64_t n)
{
    if (blocks == 0)
        return NAN;
    return -expm1(-ldexp((double)n, -(int)(p > 64 ? 64 : p)) / (double)blocks);
}

double amq_partitioned_fp_approx_classic(uint64_t m, uint64_t k, uint64_t n)
{
    return amq_bloom_fp_approx_classic(m, k, n);
}

double amq_partitioned_fp_approx_exp(uint64_t m, uint64_t k, uint64_t n)
{
    return amq_bloom_fp_approx_exp(m, k, n);
}
