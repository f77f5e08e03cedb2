/* Partitioned rates (amq/spec_blocked.h): blocked partitioned Bloom (any block size),
 * split-block (256-bit blocks of 8 words), and the unblocked partitioned Bloom filter. */
#include "spec_internal/blocked.h"
#include <math.h>

static amq_status check_bpart(uint64_t blocks, uint64_t block_bits, uint64_t k, const char *who)
{
    amq_status st = blocked_check_blocks(blocks, block_bits, who);
    if (st)
        return st;
    if (k != 0 && block_bits % k != 0)
        return amq_fail(AMQ_E_INVALID_M,
                        "%s: block of %llu bits is not a multiple of k = %llu (k words of block_bits/k bits)", who,
                        ULL(block_bits), ULL(k));
    return AMQ_OK;
}

amq_status amq_blocked_partitioned_fp_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                            uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_partitioned_fp_exact: NULL argument");
    amq_status st = check_bpart(blocks, block_bits, k, "exact blocked partitioned rate");
    if (st)
        return st;
    if (k == 0)
        return amq_partitioned_inner_exact(rop, block_bits, k, n); /* 1 */
    amq_inner_partitioned_params p = {block_bits, k};
    amq_inner_rate f = amq_inner_rate_partitioned(&p);
    return amq_blocked_fp_exact(rop, &f, blocks, n);
}

amq_status amq_blocked_partitioned_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                              uint64_t block_bits, uint64_t k, uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_partitioned_fp_enclose: NULL argument");
    amq_status st = check_bpart(blocks, block_bits, k, "blocked partitioned rate enclosure");
    if (st || (st = blocked_check_prec(prec, "blocked partitioned rate enclosure")))
        return st;
    if (k == 0) {
        blocked_set_one(lo, hi);
        return AMQ_OK;
    }
    amq_inner_partitioned_params p = {block_bits, k};
    amq_inner_rate f = amq_inner_rate_partitioned(&p);
    return amq_blocked_fp_enclose(lo, hi, prec, &f, blocks, n);
}

amq_status amq_blocked_partitioned_fp_decimal(char **out, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                              uint64_t n, int digits, mpfr_t lo_out, mpfr_t hi_out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_partitioned_fp_decimal: NULL argument");
    if (out)
        *out = NULL;
    amq_status st = check_bpart(blocks, block_bits, k, "blocked partitioned rate decimal");
    if (st)
        return st;
    if (k == 0) /* f = 1 */
        return amq_blocked_decimal_one(out, digits, lo_out, hi_out);
    amq_inner_partitioned_params p = {block_bits, k};
    amq_inner_rate f = amq_inner_rate_partitioned(&p);
    return amq_blocked_fp_decimal(out, &f, blocks, n, digits, lo_out, hi_out);
}

static amq_status check_split(uint64_t m, const char *who)
{
    if (m == 0 || m % AMQ_SPLIT_BLOCK_BITS != 0)
        return amq_fail(AMQ_E_INVALID_M,
                        "%s: m = %llu bits is not a whole, positive number of 256-bit blocks (split-block "
                        "filters are made of 256-bit blocks; m must be a multiple of 256)",
                        who, ULL(m));
    return AMQ_OK;
}

amq_status amq_split_block_fp_exact(mpq_t rop, uint64_t m, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_split_block_fp_exact: NULL argument");
    amq_status st = check_split(m, "exact split-block rate");
    return st ? st : amq_blocked_partitioned_fp_exact(rop, m / AMQ_SPLIT_BLOCK_BITS, AMQ_SPLIT_BLOCK_BITS,
                                                      AMQ_SPLIT_BLOCK_K, n);
}

amq_status amq_split_block_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_split_block_fp_enclose: NULL argument");
    amq_status st = check_split(m, "split-block rate enclosure");
    return st ? st : amq_blocked_partitioned_fp_enclose(lo, hi, prec, m / AMQ_SPLIT_BLOCK_BITS,
                                                        AMQ_SPLIT_BLOCK_BITS, AMQ_SPLIT_BLOCK_K, n);
}

amq_status amq_split_block_fp_decimal(char **out, uint64_t m, uint64_t n, int digits, mpfr_t lo_out,
                                      mpfr_t hi_out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_split_block_fp_decimal: NULL argument");
    if (out)
        *out = NULL;
    amq_status st = check_split(m, "split-block rate decimal");
    return st ? st : amq_blocked_partitioned_fp_decimal(out, m / AMQ_SPLIT_BLOCK_BITS, AMQ_SPLIT_BLOCK_BITS,
                                                        AMQ_SPLIT_BLOCK_K, n, digits, lo_out, hi_out);
}

amq_status amq_partitioned_fp_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_partitioned_fp_exact: NULL argument");
    return amq_partitioned_inner_exact(rop, m, k, n);
}

amq_status amq_partitioned_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k, uint64_t n)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_partitioned_fp_enclose: NULL argument");
    return amq_partitioned_inner_enclose(lo, hi, prec, m, k, n);
}

typedef struct { uint64_t m, k, n; } part_ctx;

static amq_status part_exact_thunk(mpq_t q, const void *ctx)
{
    const part_ctx *c = ctx;
    return amq_partitioned_inner_exact(q, c->m, c->k, c->n);
}

static amq_status part_enclose_thunk(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *ctx)
{
    const part_ctx *c = ctx;
    return amq_partitioned_inner_enclose(lo, hi, prec, c->m, c->k, c->n);
}

amq_status amq_partitioned_fp_decimal(char **out, uint64_t m, uint64_t k, uint64_t n, int digits, mpfr_t lo_out,
                                      mpfr_t hi_out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_partitioned_fp_decimal: NULL argument");
    if (out)
        *out = NULL;
    uint64_t s;
    amq_status st = amq_blocked_partition_size(&s, m, k, "partitioned rate decimal");
    if (st)
        return st;
    part_ctx c = {m, k, n};
    double bits = (double)k * (double)n * (s > 1 ? log2((double)s) : 0.0);
    return amq_blocked_decimal_policy(out, bits <= 4096.0, part_exact_thunk, part_enclose_thunk, &c, digits,
                                      lo_out, hi_out);
}
