/* Counting Bloom filter rates. By Ceramist's Theorem 8 (reduction through the map
 * "counter > 0 -> bit", Properties 5 and 6, proved on the C kernels in proofs/), the FP
 * rate of a counting filter with m counters and k hashes after n distinct insertions IS
 * the Bloom rate: these names expose it, with the same edge cases and limits as
 * amq/spec_bloom.h.
 *
 * After n distinct insertions and r removals of inserted keys, the state equals the state
 * of n - r insertions as long as no counter saturated on the way (then remove undoes add
 * exactly), so the rate is the Bloom rate for n - r keys. With saturation the identity
 * fails: a saturated counter is never decremented, so its bit stays set and the rate can
 * only be higher (never a false negative). The width matters only through saturation. */
#ifndef AMQ_SPEC_COUNTING_H
#define AMQ_SPEC_COUNTING_H
#include <amq/spec_bloom.h>

amq_status amq_counting_fp_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n);
amq_status amq_counting_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k,
                                   uint64_t n);
amq_status amq_counting_fp_decimal(char **out, uint64_t m, uint64_t k, uint64_t n, int digits,
                                   mpfr_t lo_out, mpfr_t hi_out);
/* Rate after n insertions and r <= n removals of inserted keys, no saturation:
 * the Bloom rate for n - r keys. AMQ_E_INVALID_ARG when r > n. */
amq_status amq_counting_fp_after_removals(mpq_t rop, uint64_t m, uint64_t k, uint64_t n, uint64_t r);

#endif
