/* Sizing the blocked quotient filter from (n, fpr) (amq/blocked_quotient.h): the default
 * (create_for: blocks of 2^6 home slots sized for 48 keys each) and the sizing for a chosen
 * mean load (size_for_load, create_for_load; docs/blocked.md, "Sizing for a load").  Both take
 * the block count and p from amq_blocked_quotient_size_for (amq/spec_blocked.h), so the rate
 * they report is computed the same way. */
#include <lib_internal/fail.h>
#include <amq/blocked_quotient.h>
#include <amq/spec_blocked.h>
#include <lib_internal/blocked_check.h>
#include <lib_internal/quotient_load.h>
#include <math.h>

/* The blocks and p of amq_blocked_quotient_size_for(n, fpr, keys) for blocks of 2^q home slots;
 * p raised to q + 1 if smaller (a fingerprint needs at least one remainder bit: more bits, a
 * lower rate, whose certified bound then replaces *a). */
static amq_status size_blocks(uint64_t n, double fpr, uint64_t q, uint64_t keys, uint64_t *blocks, uint64_t *p,
                              double *a)
{
    amq_status s = amq_blocked_quotient_size_for(n, fpr, keys, blocks, p, a);
    if (s != AMQ_OK || *p >= q + 1)
        return s;
    *p = q + 1;
    mpfr_t lo, hi;
    mpfr_inits2(96, lo, hi, (mpfr_ptr)0);
    if (amq_blocked_quotient_fp_enclose(lo, hi, 96, *blocks, *p, n) == AMQ_OK)
        *a = mpfr_get_d(hi, MPFR_RNDU);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return AMQ_OK;
}

amq_status amq_blocked_quotient_create_for(amq_blocked_quotient **out, uint64_t n, double fpr, uint64_t seed,
                                           double *achieved)
{
    if (!out) /* before the sizing: a refused call writes nothing, *achieved included */
        return amq_fail(AMQ_E_INVALID_ARG, "create: NULL output pointer");
    const uint64_t q = AMQ_BLOCKED_QUOTIENT_DEFAULT_Q, keys = (UINT64_C(3) << q) / 4; /* 75% of the home slots */
    uint64_t blocks, p;
    double a = 0;
    amq_status s = size_blocks(n, fpr, q, keys, &blocks, &p, &a);
    if (s == AMQ_OK)
        s = amq_blocked_quotient_create(out, blocks, q, p - q, amq_blocked_quotient_default_slack(q), seed);
    if (s == AMQ_OK && achieved)
        *achieved = a;
    return s;
}

/* 1 iff n keys hashed uniformly over `blocks` blocks of 2^q home slots and the default slack
 * make none of them refuse an add but with probability at most 1e-9: n keys cannot overflow a
 * block's spill slots (n <= spill + 1: the overflow is at most n - 1), or, by the union over
 * the blocks of the bound of lib_internal/quotient_load.h, ln blocks + ln P(one block
 * overflows) <= ln 1e-9.  The keys homed in any k home slots of one block are Binomial(n, k /
 * (blocks 2^q)), mean k a with a = n / (blocks 2^q): the mean load. */
static int no_block_overflows(uint64_t n, uint64_t blocks, uint64_t q)
{
    const uint64_t home = UINT64_C(1) << q;
    const uint64_t spill = amq_blocked_quotient_block_slots(q, amq_blocked_quotient_default_slack(q)) - home;
    if (n <= spill + 1)
        return 1;
    const double a = (double)n / ldexp((double)blocks, (int)q);
    return log((double)blocks) + amq_quotient_log_overflow_bound(a, spill) <= log(1e-9);
}

amq_status amq_blocked_quotient_size_for_load(uint64_t n, double fpr, double max_load, uint64_t *nblocks,
                                              uint64_t *q_out, uint64_t *r_out, double *achieved)
{
    amq_status s = amq_quotient_load_args(n, fpr, max_load, AMQ_BLOCKED_QUOTIENT_MAX_LOAD, "blocked quotient sizing",
                                          "the mean share of the blocks' home slots");
    if (s != AMQ_OK)
        return s;
    char text[32];
    if (!nblocks || !q_out || !r_out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_blocked_quotient_size_for_load: NULL output pointer");
    /* Blocks of at least the default's size; larger ones when the default's would overflow:
     * the spill slots grow with the block (half its home slots), the spread of a block's keys
     * about the mean only with their square root. */
    uint64_t q = AMQ_BLOCKED_QUOTIENT_DEFAULT_Q, keys = 0;
    for (; q <= AMQ_BLOCKED_QUOTIENT_MAX_Q; q++) {
        keys = amq_quotient_fill_limit(q, max_load);
        if (keys > 0 && no_block_overflows(n, n / keys + (n % keys != 0), q))
            break;
    }
    if (q > AMQ_BLOCKED_QUOTIENT_MAX_Q)
        return amq_fail(AMQ_E_TOO_LARGE, "n = %llu keys at mean load <= %s: no block of 2^%u to 2^%u home slots takes "
                                         "at least one key without overflowing", ULL(n),
                        amq_quotient_load_text(max_load, text), AMQ_BLOCKED_QUOTIENT_DEFAULT_Q,
                        AMQ_BLOCKED_QUOTIENT_MAX_Q);
    uint64_t blocks, p;
    double a = 0;
    s = size_blocks(n, fpr, q, keys, &blocks, &p, &a);
    if (s != AMQ_OK)
        return s;
    *nblocks = blocks;
    *q_out = q;
    *r_out = p - q;
    if (achieved)
        *achieved = a;
    return AMQ_OK;
}

amq_status amq_blocked_quotient_create_for_load(amq_blocked_quotient **out, uint64_t n, double fpr, double max_load,
                                                uint64_t seed, double *achieved)
{
    if (!out) /* before the sizing: a refused call writes nothing, *achieved included */
        return amq_fail(AMQ_E_INVALID_ARG, "create: NULL output pointer");
    uint64_t blocks, q, r;
    double a;
    amq_status s = amq_blocked_quotient_size_for_load(n, fpr, max_load, &blocks, &q, &r, &a);
    if (s == AMQ_OK)
        s = amq_blocked_quotient_create(out, blocks, q, r, amq_blocked_quotient_default_slack(q), seed);
    if (s == AMQ_OK && achieved)
        *achieved = a;
    return s;
}
