/* Private to the spec/bloom_*.c files (not installed): the edge cases and checks every
 * Bloom rate routine shares, and the size model of the exact form (amq/spec_bloom.h). */
#ifndef AMQ_SPEC_INTERNAL_BLOOM_H
#define AMQ_SPEC_INTERNAL_BLOOM_H
#include <lib_internal/fail.h>
#include <amq/spec_bloom.h>
#include "spec_interval.h"

static inline uint64_t min_u64(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* Edge cases shared by every routine: returns 1 and sets *v (0 or 1) when the value is
 * decided without computation. m == 0 must be rejected by the caller first. */
static inline int bloom_edge(uint64_t m, uint64_t k, uint64_t n, int *v)
{
    if (k == 0) { *v = 1; return 1; } /* empty index vector: always "present" */
    if (n == 0) { *v = 0; return 1; } /* no bit set, k >= 1 */
    if (m == 1) { *v = 1; return 1; } /* the single bit is set by the first key */
    return 0;
}

static inline amq_status bloom_check_m(uint64_t m, const char *who)
{
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: m = 0 (a Bloom filter needs at least one bit)", who);
    return AMQ_OK;
}

/* Size and cost model of amq_bloom_fp_exact (bits): the denominator m^{k(n+1)} has
 * den_bits; cost counts the bits of all big numbers formed. */
static inline void bloom_exact_size(uint64_t m, uint64_t k, uint64_t n, double *den_bits, double *cost)
{
    double L = log2((double)m), K = (double)min_u64(k, m), kd = (double)k, nd = (double)n;
    *den_bits = kd * (nd + 1.0) * L;
    *cost = (K + 1.0) * kd * nd * L + (K + 1.0) * (K + 1.0) / 2.0 * kd * L + *den_bits;
}

#endif
