/* E[pi^j], any j, of the blocked models and of the partitioned Bloom filter (amq/spec_blocked.h;
 * docs/rates-blocked.md, "Higher moments").  A block's own moments G_c(i), i keys in it:
 *   Bloom block (B bits, k hashes): c fresh keys ask c k uniform positions, all set:
 *     G_c(i) = FP_bloom(B, k, c k, i) (amq/spec_moments.h);
 *   partitioned block (K words of S = B/K bits, one bit per word): the words fill
 *     independently, one position per key, so G_c(i) = FP_bloom(S, 1, c, i)^K;
 *   quotient block (p-bit fingerprints): the stored ones are i uniform draws from 2^p values,
 *     G_c(i) = FP_bloom(2^p, 1, c, i).
 * The unblocked partitioned filter is its own block: E[pi^j] = FP_bloom(m/k, 1, j, n)^k. */
#include "spec_internal/blocked.h"
#include "spec_internal/blocked_moments.h"
#include <amq/spec_moments.h>
#include <lib_internal/moment_cost.h>

typedef struct bloom_block {
    uint64_t bits, k; /* Bloom: bits, k; partitioned: word bits S, words K; quotient: 2^p, 1 */
    int power;        /* partitioned: G = FP(S, 1, c, i)^K */
} bloom_block;

static uint64_t query_positions(const bloom_block *p, uint64_t c) { return p->power ? c : c * p->k; }
static uint64_t insert_positions(const bloom_block *p) { return p->power ? 1 : p->k; }

static amq_status block_exact(mpq_t rop, uint64_t c, uint64_t i, const void *params)
{
    const bloom_block *p = params;
    amq_status st = amq_bloom_fp_query_exact(rop, p->bits, insert_positions(p), query_positions(p, c), i);
    if (st == AMQ_OK && p->power) {
        mpz_pow_ui(mpq_numref(rop), mpq_numref(rop), (unsigned long)p->k);
        mpz_pow_ui(mpq_denref(rop), mpq_denref(rop), (unsigned long)p->k); /* still reduced */
    }
    return st;
}

static amq_status block_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t c, uint64_t i, const void *params)
{
    const bloom_block *p = params;
    /* a K-th power widens the relative width K times: ask log2 K bits more */
    amq_status st = amq_bloom_fp_query_enclose(lo, hi, bits + (p->power ? u64_bitlen(p->k) : 0), p->bits,
                                               insert_positions(p), query_positions(p, c), i);
    if (st == AMQ_OK && p->power) { /* nonnegative ends: each power rounded outward */
        mpfr_pow_ui(lo, lo, (unsigned long)p->k, MPFR_RNDD);
        mpfr_pow_ui(hi, hi, (unsigned long)p->k, MPFR_RNDU);
    }
    return st;
}

/* The Bloom form's work grows with the square of its min(k_q, m) coefficients. */
static double block_cost(uint64_t c, const void *params)
{
    const bloom_block *p = params;
    const double J = (double)(query_positions(p, c) < p->bits ? query_positions(p, c) : p->bits);
    return 1.0 + J * J / 16.0;
}

static amq_inner_moment inner(const bloom_block *p)
{
    return (amq_inner_moment){"block", block_exact, block_enclose, block_cost, p};
}

/* The block's query positions for j keys must stay within the Bloom form's limit. */
static amq_status positions_check(const bloom_block *p, uint64_t j, const char *who)
{
    if (j == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: moment j = 0 (E[pi^0] = 1 needs no routine; j >= 1)", who);
    if (j > AMQ_BLOCKED_MOMENT_MAX_J)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: moment j = %llu (limit %d)", who, ULL(j), AMQ_BLOCKED_MOMENT_MAX_J);
    const uint64_t q = query_positions(p, j), J = q < p->bits ? q : p->bits;
    if (J > AMQ_MOMENTS_MAX_KQ)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: j = %llu keys ask %llu positions of a block (limit %d)", who, ULL(j),
                        ULL(J), AMQ_MOMENTS_MAX_KQ);
    return AMQ_OK;
}

#define NULL_CHECK(cond, msg)                                                                                   \
    if (cond)                                                                                                   \
    return amq_fail(AMQ_E_INVALID_ARG, msg)

amq_status amq_blocked_bloom_fp_moment_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                             uint64_t n, uint64_t j)
{
    NULL_CHECK(!rop, "amq_blocked_bloom_fp_moment_exact: NULL argument");
    const char *who = "exact moment of the blocked Bloom rate";
    const bloom_block p = {block_bits, k, 0};
    amq_status st = blocked_check_blocks(blocks, block_bits, who);
    if (st || (st = positions_check(&p, j, who)))
        return st;
    const amq_inner_moment g = inner(&p);
    return amq_blocked_moment_exact(rop, &g, blocks, n, j, who);
}

amq_status amq_blocked_bloom_fp_moment_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                               uint64_t block_bits, uint64_t k, uint64_t n, uint64_t j)
{
    NULL_CHECK(!lo || !hi, "amq_blocked_bloom_fp_moment_enclose: NULL argument");
    const char *who = "moment of the blocked Bloom rate";
    const bloom_block p = {block_bits, k, 0};
    amq_status st = blocked_check_blocks(blocks, block_bits, who);
    if (st || (st = positions_check(&p, j, who)))
        return st;
    const amq_inner_moment g = inner(&p);
    return amq_blocked_moment_enclose(lo, hi, prec, &g, blocks, n, j, who);
}

/* K words of S bits (K = 0: every moment is 1). */
static amq_status words_of(bloom_block *p, uint64_t blocks, uint64_t block_bits, uint64_t k, const char *who)
{
    amq_status st = blocked_check_blocks(blocks, block_bits, who);
    if (st == AMQ_OK && k != 0 && block_bits % k != 0)
        st = amq_fail(AMQ_E_INVALID_M, "%s: block of %llu bits is not a multiple of k = %llu", who, ULL(block_bits),
                      ULL(k));
    *p = (bloom_block){k ? block_bits / k : 1, k, 1};
    return st;
}

amq_status amq_blocked_partitioned_fp_moment_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                                   uint64_t n, uint64_t j)
{
    NULL_CHECK(!rop, "amq_blocked_partitioned_fp_moment_exact: NULL argument");
    const char *who = "exact moment of the blocked partitioned rate";
    bloom_block p;
    amq_status st = words_of(&p, blocks, block_bits, k, who);
    if (st || (st = positions_check(&p, j, who)))
        return st;
    const amq_inner_moment g = inner(&p);
    return amq_blocked_moment_exact(rop, &g, blocks, n, j, who);
}

amq_status amq_blocked_partitioned_fp_moment_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                                     uint64_t block_bits, uint64_t k, uint64_t n, uint64_t j)
{
    NULL_CHECK(!lo || !hi, "amq_blocked_partitioned_fp_moment_enclose: NULL argument");
    const char *who = "moment of the blocked partitioned rate";
    bloom_block p;
    amq_status st = words_of(&p, blocks, block_bits, k, who);
    if (st || (st = positions_check(&p, j, who)))
        return st;
    const amq_inner_moment g = inner(&p);
    return amq_blocked_moment_enclose(lo, hi, prec, &g, blocks, n, j, who);
}

amq_status amq_blocked_quotient_fp_moment_exact(mpq_t rop, uint64_t blocks, uint64_t p, uint64_t n, uint64_t j)
{
    NULL_CHECK(!rop, "amq_blocked_quotient_fp_moment_exact: NULL argument");
    const char *who = "exact moment of the blocked quotient rate";
    if (p >= 64)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: p = %llu fingerprint bits (the moments need p < 64)", who, ULL(p));
    const bloom_block b = {UINT64_C(1) << p, 1, 0};
    amq_status st = blocked_check_b(blocks, who);
    if (st || (st = positions_check(&b, j, who)))
        return st;
    const amq_inner_moment g = inner(&b);
    return amq_blocked_moment_exact(rop, &g, blocks, n, j, who);
}

amq_status amq_blocked_quotient_fp_moment_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks, uint64_t p,
                                                  uint64_t n, uint64_t j)
{
    NULL_CHECK(!lo || !hi, "amq_blocked_quotient_fp_moment_enclose: NULL argument");
    const char *who = "moment of the blocked quotient rate";
    if (p >= 64)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: p = %llu fingerprint bits (the moments need p < 64)", who, ULL(p));
    const bloom_block b = {UINT64_C(1) << p, 1, 0};
    amq_status st = blocked_check_b(blocks, who);
    if (st || (st = positions_check(&b, j, who)))
        return st;
    const amq_inner_moment g = inner(&b);
    return amq_blocked_moment_enclose(lo, hi, prec, &g, blocks, n, j, who);
}

/* The partitioned filter: one block, so no mixture: G_j(n) itself. */
amq_status amq_partitioned_fp_moment_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n, uint64_t j)
{
    NULL_CHECK(!rop, "amq_partitioned_fp_moment_exact: NULL argument");
    const char *who = "exact moment of the partitioned rate";
    bloom_block p;
    amq_status st = words_of(&p, 1, m, k, who);
    if (st || (st = positions_check(&p, j, who)))
        return st;
    return k == 0 ? (mpq_set_ui(rop, 1, 1), AMQ_OK) : block_exact(rop, j, n, &p);
}

amq_status amq_partitioned_fp_moment_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k,
                                             uint64_t n, uint64_t j)
{
    NULL_CHECK(!lo || !hi, "amq_partitioned_fp_moment_enclose: NULL argument");
    const char *who = "moment of the partitioned rate";
    bloom_block p;
    amq_status st = words_of(&p, 1, m, k, who);
    if (st || (st = positions_check(&p, j, who)) || (st = blocked_check_prec(prec, who)))
        return st;
    if (k == 0) {
        blocked_set_one(lo, hi);
        return AMQ_OK;
    }
    return block_enclose(lo, hi, (int)(prec > 4000 ? 4000 : prec), j, n, &p);
}

/* The cost estimates (lib_internal/moment_cost.h): the checks above, then the window terms of
 * the mixture (AMQ_BLOCKED_NS_PER_TERM each) or the Bloom form's own work. */
double amq_partitioned_fp_moment_work(uint64_t m, uint64_t k, uint64_t n, uint64_t j, mpfr_prec_t prec)
{
    bloom_block p;
    const char *who = "moment of the partitioned rate";
    if (words_of(&p, 1, m, k, who) || positions_check(&p, j, who) || blocked_check_prec(prec, who))
        return INFINITY;
    if (k == 0)
        return 0.0;
    const int bits = (int)(prec > 4000 ? 4000 : prec) + u64_bitlen(p.k);
    return amq_bloom_fp_query_work(p.bits, 1, j, n, bits);
}

static double mixture_work(const bloom_block *p, uint64_t blocks, uint64_t n, uint64_t j, mpfr_prec_t prec,
                           const char *who)
{
    if (positions_check(p, j, who) || blocked_check_b(blocks, who) || blocked_check_prec(prec, who))
        return INFINITY;
    const amq_inner_moment g = inner(p);
    return amq_blocked_moment_terms(&g, blocks, n, j, prec) * AMQ_BLOCKED_NS_PER_TERM;
}

double amq_blocked_bloom_fp_moment_work(uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n, uint64_t j,
                                        mpfr_prec_t prec)
{
    const char *who = "moment of the blocked Bloom rate";
    const bloom_block p = {block_bits, k, 0};
    return blocked_check_blocks(blocks, block_bits, who) ? INFINITY : mixture_work(&p, blocks, n, j, prec, who);
}

double amq_blocked_partitioned_fp_moment_work(uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n,
                                              uint64_t j, mpfr_prec_t prec)
{
    const char *who = "moment of the blocked partitioned rate";
    bloom_block p;
    return words_of(&p, blocks, block_bits, k, who) ? INFINITY : mixture_work(&p, blocks, n, j, prec, who);
}

double amq_blocked_quotient_fp_moment_work(uint64_t blocks, uint64_t p, uint64_t n, uint64_t j, mpfr_prec_t prec)
{
    if (p >= 64)
        return INFINITY;
    const bloom_block b = {UINT64_C(1) << p, 1, 0};
    return mixture_work(&b, blocks, n, j, prec, "moment of the blocked quotient rate");
}
