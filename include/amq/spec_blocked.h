/* Blocked AMQs (Ceramist, CAV 2020, section 6.2): b independent blocks of an inner AMQ, a
 * meta-hash sending each key to one uniformly random block. After n distinct keys a fresh
 * query is positive with probability (Ceramist Theorem 10)
 *
 *     FP(b, n) = sum_{i=0..n} C(n,i) (1/b)^i (1 - 1/b)^{n-i} f(i),
 *
 * f(i) the inner structure's rate after i keys: a binomial mixture. This header gives the
 * mixture GENERIC over the inner rate (amq_inner_rate below), and its instances: blocked
 * Bloom, counting blocked, blocked partitioned, split-block (B = 256, k = 8: Parquet,
 * Arrow, Kudu/Impala, Velox), blocked quotient, and the (unblocked) partitioned Bloom filter.
 *
 * Conventions (as amq/spec_bloom.h): "exact" = a reduced rational; enclosures are certified
 * by directed rounding (MPFR); decimals are correctly rounded (amq/certified.h); plain
 * double arithmetic only in the routines labelled APPROXIMATION. Edge cases: b = 0 blocks
 * (or m = 0 bits, block_bits = 0) -> AMQ_E_INVALID_M; n = 0 -> f(0) (0 for every built-in
 * inner with k >= 1); b = 1 -> f(n) (the mixture is the inner rate); k = 0 -> 1 (the empty
 * index vector is always present, as for Bloom). Arguments a routine cannot handle give
 * AMQ_E_TOO_LARGE with a message in amq_last_error(), never a wrong number.
 * NULL (the rule of amq/error.h): every pointer argument is required (NULL: AMQ_E_INVALID_ARG,
 * nothing written) except the lo_out/hi_out of the decimals, the `achieved` of the sizing
 * routines and the amq_expsum of amq_expsum_clear, which may be NULL.
 * Methods and proofs: docs/rates-blocked.md; results and tables: docs/blocked.md. */
#ifndef AMQ_SPEC_BLOCKED_H
#define AMQ_SPEC_BLOCKED_H
#include <stddef.h>
#include <stdint.h>
#include <amq/certified.h>

/* ---------------------------------------------------------------------------------------
 * Inner-rate interface
 * ------------------------------------------------------------------------------------- */

/* Exponential-sum form of an inner rate: f(i) = sum_{j < count} a[j] * c[j]^i for every
 * i >= 0 (0^0 = 1), a[j] rational (any sign), c[j] rational in [0, 1]. The mixture then
 * has the closed form FP(b, n) = sum_j a[j] ((b - 1 + c[j]) / b)^n, which the *_pgf
 * routines use. Arrays are malloc'd; release with amq_expsum_clear (NULL is a no-op). */
typedef struct amq_expsum {
    size_t count;
    mpq_t *a;
    mpq_t *c;
} amq_expsum;
AMQ_API void amq_expsum_clear(amq_expsum *e);

/* An inner rate f(i), i = number of keys in the block (0 <= i <= n).
 *   exact     reduced rational f(i) (may return AMQ_E_TOO_LARGE);
 *   enclose   lo <= f(i) <= hi at working precision prec (lo/hi may have other
 *             precisions: results rounded outward into them); must return a subset of [0, 1];
 *   nondecreasing  1 if f(i) <= f(i+1) for all i (true for every built-in inner: more keys
 *             set a superset of bits / store a superset of fingerprints); the lower tail
 *             bound of the windowed enclosure uses it, otherwise it bounds f by 1 there;
 *   expsum    optional (NULL if none): the exponential-sum form above;
 *   params    passed to the callbacks; must outlive every call. */
typedef struct amq_inner_rate {
    const char *name;
    amq_status (*exact)(mpq_t rop, uint64_t i, const void *params);
    amq_status (*enclose)(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t i, const void *params);
    int nondecreasing;
    amq_status (*expsum)(amq_expsum *out, const void *params);
    const void *params;
} amq_inner_rate;

/* Built-in inner rates. The returned struct points at *p, which must outlive it; for a NULL p
 * it has no callbacks, so every mixture routine refuses it (AMQ_E_INVALID_ARG). */
typedef struct amq_inner_bloom_params {
    uint64_t bits, k; /* Bloom block of `bits` bits, k hashes (amq/spec_bloom.h rules) */
} amq_inner_bloom_params;
typedef struct amq_inner_partitioned_params {
    uint64_t bits, k; /* k partitions of bits/k bits each; k must divide bits (k = 0: f = 1) */
} amq_inner_partitioned_params;
typedef struct amq_inner_quotient_params {
    uint64_t p; /* fingerprint bits, p <= 64 (amq/spec_quotient.h) */
} amq_inner_quotient_params;
AMQ_API amq_inner_rate amq_inner_rate_bloom(const amq_inner_bloom_params *p);
AMQ_API amq_inner_rate amq_inner_rate_counting(const amq_inner_bloom_params *p); /* = Bloom (Thm 8) */
AMQ_API amq_inner_rate amq_inner_rate_partitioned(const amq_inner_partitioned_params *p);
AMQ_API amq_inner_rate amq_inner_rate_quotient(const amq_inner_quotient_params *p);

/* Exact and certified values of the partitioned inner rate (also the rate of a plain
 * partitioned Bloom filter with m = bits): (1 - (1 - 1/s)^i)^k, s = bits/k. Enclose:
 * AMQ_E_INVALID_ARG for prec outside [MPFR_PREC_MIN, 4 AMQ_CERTIFIED_MAX_PREC].
 * AMQ_E_INVALID_M for bits = 0 or k not dividing bits; k = 0 -> 1; i = 0 (k >= 1) -> 0;
 * s = 1, i >= 1 -> 1. Exact: AMQ_E_TOO_LARGE beyond the shared exact model of amq/cost.h
 * (k i log2(s) > 2^26 bits). */
AMQ_API amq_status amq_partitioned_inner_exact(mpq_t rop, uint64_t bits, uint64_t k, uint64_t i);
AMQ_API amq_status amq_partitioned_inner_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t bits,
                                         uint64_t k, uint64_t i);

/* ---------------------------------------------------------------------------------------
 * The mixture, generic over the inner rate
 * ------------------------------------------------------------------------------------- */

/* Literal sum (amq_blocked_fp_exact_sum): n <= AMQ_BLOCKED_EXACT_MAX_N and the cost
 * (n+1) n log2(b) <= AMQ_BLOCKED_EXACT_SUM_MAX_COST; the inner exact routine has its own
 * limits, and (n + 1) (n log2 b + the bits of f(n)) is within the shared exact model of
 * amq/cost.h. Closed form (amq_blocked_fp_exact_pgf): the common denominator (b V)^n (V =
 * lcm of the denominators of the c_j) and (count + 1) times its bits, within the shared
 * exact model (2^26 bits, 2^30 of work; issue 26: it was AMQ_BLOCKED_EXACT_MAX_BITS and
 * _MAX_COST below, kept for programs that name them, no longer the limit). */
#define AMQ_BLOCKED_EXACT_MAX_N 100000u
#define AMQ_BLOCKED_EXACT_SUM_MAX_COST 268435456.0 /* 2^28 */
#define AMQ_BLOCKED_EXACT_MAX_BITS 268435456.0     /* 2^28 bits = 32 MiB per number */
#define AMQ_BLOCKED_EXACT_MAX_COST 1073741824.0    /* 2^30 bits */
/* Windowed enclosure: at most AMQ_BLOCKED_MAX_WINDOW terms (i values) are summed.
 * amq_blocked_fp_enclose prefers the closed form when the inner rate has one and the window
 * is estimated above AMQ_BLOCKED_WINDOW_PREFER terms (many keys per block). */
#define AMQ_BLOCKED_MAX_WINDOW (1u << 22)
#define AMQ_BLOCKED_WINDOW_PREFER 4096u

/* Theorem 10 literally, reduced: sum_i C(n,i) (b-1)^{n-i} / b^n f(i) with the exact f(i).
 * b = 0 -> AMQ_E_INVALID_M; b = 1 -> f(n); n = 0 -> f(0); AMQ_E_INVALID_ARG for a NULL
 * rate or callback; AMQ_E_TOO_LARGE beyond the limits above. */
AMQ_API amq_status amq_blocked_fp_exact_sum(mpq_t rop, const amq_inner_rate *f, uint64_t b, uint64_t n);
/* The same reduced rational from the closed form (needs f->expsum; AMQ_E_INVALID_ARG
 * otherwise). */
AMQ_API amq_status amq_blocked_fp_exact_pgf(mpq_t rop, const amq_inner_rate *f, uint64_t b, uint64_t n);
/* Closed form when f has an expsum, literal sum otherwise. */
AMQ_API amq_status amq_blocked_fp_exact(mpq_t rop, const amq_inner_rate *f, uint64_t b, uint64_t n);

/* Certified enclosure of the mixture by a window of terms around the binomial mode plus
 * rigorous geometric tail bounds (relative width about 2^-prec). Any b, n < 2^64 whose
 * window needs at most AMQ_BLOCKED_MAX_WINDOW terms (about 30 standard deviations
 * sqrt(n/b) at 17 digits): beyond, AMQ_E_TOO_LARGE. AMQ_E_INVALID_ARG for a NULL rate,
 * prec outside [MPFR_PREC_MIN, 4 AMQ_CERTIFIED_MAX_PREC], or an inconsistent inner
 * enclosure; errors of f->enclose pass through. */
AMQ_API amq_status amq_blocked_fp_enclose_window(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec,
                                         const amq_inner_rate *f, uint64_t b, uint64_t n);
/* Certified enclosure from the closed form (needs f->expsum; AMQ_E_INVALID_ARG otherwise,
 * or when the form is not a probability). Any b, n < 2^64 in O(count) operations; always
 * valid, but the signed sum cancels, so the width can be far above 2^-prec: callers raise
 * prec (amq_certified_decimal does). */
AMQ_API amq_status amq_blocked_fp_enclose_pgf(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec,
                                      const amq_inner_rate *f, uint64_t b, uint64_t n);
/* The windowed enclosure; the closed-form enclosure instead when f has an expsum and the
 * window is estimated above AMQ_BLOCKED_WINDOW_PREFER terms, or turns out to exceed
 * AMQ_BLOCKED_MAX_WINDOW. */
AMQ_API amq_status amq_blocked_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_rate *f,
                                  uint64_t b, uint64_t n);
/* amq_enclose_fn wrapper: params points to an amq_blocked_params (NULL: AMQ_E_INVALID_ARG). */
typedef struct amq_blocked_params {
    const amq_inner_rate *inner;
    uint64_t b, n;
} amq_blocked_params;
AMQ_API amq_status amq_blocked_fp_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params);
/* Correctly rounded decimal (format: amq/certified.h), from the exact rational (n <= 64,
 * or a decimal tie) or the certified enclosure. lo_out/hi_out (may be NULL) receive an
 * enclosure, rounded outward into their precision. AMQ_E_INVALID_ARG for NULL out or
 * digits out of range. */
AMQ_API amq_status amq_blocked_fp_decimal(char **out, const amq_inner_rate *f, uint64_t b, uint64_t n,
                                  int digits, mpfr_t lo_out, mpfr_t hi_out);

/* ---------------------------------------------------------------------------------------
 * Instances. Each has _exact (reduced rational), _enclose (certified, any precision) and
 * _decimal (correctly rounded) with the rules above, plus double APPROXIMATIONS.
 * ------------------------------------------------------------------------------------- */

/* Blocked Bloom: `blocks` blocks of block_bits bits, k hashes inside the key's block. */
AMQ_API amq_status amq_blocked_bloom_fp_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                      uint64_t n);
AMQ_API amq_status amq_blocked_bloom_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                        uint64_t block_bits, uint64_t k, uint64_t n);
AMQ_API amq_status amq_blocked_bloom_fp_decimal(char **out, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                        uint64_t n, int digits, mpfr_t lo_out, mpfr_t hi_out);
/* APPROXIMATIONS (double). classic: the unblocked exponential Bloom formula at the total
 * size M = blocks * block_bits, (1 - e^{-kn/M})^k, which blocked filters are commonly sized
 * with. poisson: Putze, Sanders, Singler (2007): sum_i Pois(n/blocks; i) (1-(1-1/B)^{ki})^k.
 * Both: NaN for blocks = 0 or block_bits = 0, 1 for k = 0, 0 for n = 0. */
AMQ_API double amq_blocked_bloom_fp_approx_classic(uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n);
AMQ_API double amq_blocked_bloom_fp_approx_poisson(uint64_t blocks, uint64_t block_bits, uint64_t k, uint64_t n);

/* The second moment E[pi^2] of the blocked Bloom rate (pi: the chance that a fresh key is
 * positive, given the filter's state), the probability that two fresh keys both are:
 * (1/b) sum_i B(i) FP_bloom(B, k, 2k, i) + (1 - 1/b) sum_i B(i) f(i) FP_blocked(b - 1, n - i),
 * B(i) the binomial load of a block, f(i) its rate (docs/rates-blocked.md).  Exact: the literal
 * sums (limits as amq_blocked_fp_exact_sum).  Enclose: certified (windows of windows);
 * AMQ_E_TOO_LARGE when the outer window times the inner one would exceed
 * AMQ_BLOCKED_MAX_WINDOW terms, or 2k > AMQ_MOMENTS_MAX_KQ.  AMQ_E_INVALID_ARG for a NULL
 * rop, lo or hi. */
AMQ_API amq_status amq_blocked_bloom_fp_pair_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                                   uint64_t n);
AMQ_API amq_status amq_blocked_bloom_fp_pair_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                                     uint64_t block_bits, uint64_t k, uint64_t n);

/* The moments E[pi^j], j >= 1, of the blocked rates and of the partitioned Bloom filter: the
 * chance that j fresh keys are all positive, given nothing about the state.  Sum over the
 * ways the j keys share blocks (the partitions of j), each a nest of binomial mixtures of a
 * block's own moments (docs/rates-blocked.md, "Higher moments"); j = 1 is the rate, j = 2
 * the pair moment above.  Blocked Bloom (block of block_bits bits, k hashes), blocked
 * partitioned (k words of block_bits/k bits; split-block is 256 bits, k = 8), blocked
 * quotient (p-bit fingerprints, p < 64, while no add was refused), partitioned (one block of
 * m bits: FP_bloom(m/k, 1, j, n)^k, no mixture).  The work is estimated before anything is
 * computed: exact, at most AMQ_BLOCKED_MOMENT_EXACT_MAX_TERMS rational terms (and n <=
 * AMQ_BLOCKED_EXACT_MAX_N); enclose, at most AMQ_BLOCKED_MOMENT_MAX_TERMS window terms; j <=
 * AMQ_BLOCKED_MOMENT_MAX_J and the j keys' positions in a block <= AMQ_MOMENTS_MAX_KQ; beyond:
 * AMQ_E_TOO_LARGE, with the estimate in the message.  j = 0: AMQ_E_INVALID_ARG; other edge
 * cases as the rates.  Enclose: certified, relative width about 2^-prec. */
#define AMQ_BLOCKED_MOMENT_MAX_J 64
#define AMQ_BLOCKED_MOMENT_EXACT_MAX_TERMS 1048576.0 /* 2^20 */
#define AMQ_BLOCKED_MOMENT_MAX_TERMS 524288.0        /* 2^19: under a second */
AMQ_API amq_status amq_blocked_bloom_fp_moment_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                                     uint64_t n, uint64_t j);
AMQ_API amq_status amq_blocked_bloom_fp_moment_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                                       uint64_t block_bits, uint64_t k, uint64_t n, uint64_t j);
AMQ_API amq_status amq_blocked_partitioned_fp_moment_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits,
                                                           uint64_t k, uint64_t n, uint64_t j);
AMQ_API amq_status amq_blocked_partitioned_fp_moment_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                                             uint64_t block_bits, uint64_t k, uint64_t n, uint64_t j);
AMQ_API amq_status amq_blocked_quotient_fp_moment_exact(mpq_t rop, uint64_t blocks, uint64_t p, uint64_t n,
                                                        uint64_t j);
AMQ_API amq_status amq_blocked_quotient_fp_moment_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                                          uint64_t p, uint64_t n, uint64_t j);
AMQ_API amq_status amq_partitioned_fp_moment_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n, uint64_t j);
AMQ_API amq_status amq_partitioned_fp_moment_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k,
                                                     uint64_t n, uint64_t j);

/* Counting blocked Bloom: the blocked Bloom rate (reduction, Ceramist Theorem 8). */
AMQ_API amq_status amq_counting_blocked_fp_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                         uint64_t n);
AMQ_API amq_status amq_counting_blocked_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                           uint64_t block_bits, uint64_t k, uint64_t n);
AMQ_API amq_status amq_counting_blocked_fp_decimal(char **out, uint64_t blocks, uint64_t block_bits, uint64_t k,
                                           uint64_t n, int digits, mpfr_t lo_out, mpfr_t hi_out);

/* Blocked partitioned (any block size): blocks of block_bits bits, k words of block_bits/k
 * bits, one bit per word. AMQ_E_INVALID_M when k does not divide block_bits (k >= 1). */
AMQ_API amq_status amq_blocked_partitioned_fp_exact(mpq_t rop, uint64_t blocks, uint64_t block_bits,
                                            uint64_t k, uint64_t n);
AMQ_API amq_status amq_blocked_partitioned_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                              uint64_t block_bits, uint64_t k, uint64_t n);
AMQ_API amq_status amq_blocked_partitioned_fp_decimal(char **out, uint64_t blocks, uint64_t block_bits,
                                              uint64_t k, uint64_t n, int digits, mpfr_t lo_out,
                                              mpfr_t hi_out);

/* Split-block Bloom filter of m bits: m/256 blocks of 8 32-bit words. AMQ_E_INVALID_M when
 * m = 0 or m is not a whole number of 256-bit blocks. */
#define AMQ_SPLIT_BLOCK_BITS 256u
#define AMQ_SPLIT_BLOCK_K 8u
AMQ_API amq_status amq_split_block_fp_exact(mpq_t rop, uint64_t m, uint64_t n);
AMQ_API amq_status amq_split_block_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t n);
AMQ_API amq_status amq_split_block_fp_decimal(char **out, uint64_t m, uint64_t n, int digits, mpfr_t lo_out,
                                      mpfr_t hi_out);
/* APPROXIMATIONS (double). classic: (1 - e^{-8n/m})^8, the formula Parquet, Arrow, Kudu/
 * Impala and Velox size with (it treats the filter as an unblocked 8-hash Bloom filter).
 * poisson: sum_i Pois(256n/m; i) (1 - (31/32)^i)^8 (the mixture with Poisson block loads). */
AMQ_API double amq_split_block_fp_approx_classic(uint64_t m, uint64_t n);
AMQ_API double amq_split_block_fp_approx_poisson(uint64_t m, uint64_t n);
/* The same two for any shape: blocks of `words` words of `word_bits` bits, a key setting one
 * bit in each word of its block: classic (1 - e^{-n/(blocks word_bits)})^words, poisson
 * sum_i Pois(n/blocks; i) (1 - (1 - 1/word_bits)^i)^words.  Parquet's shape (8 words of 32
 * bits, m = 256 blocks) gives the two above.  NaN for blocks = 0 or word_bits = 0; 1 for
 * words = 0; 0 for n = 0. */
AMQ_API double amq_split_block_fp_approx_classic_shape(uint64_t blocks, uint64_t words, uint64_t word_bits,
                                                       uint64_t n);
AMQ_API double amq_split_block_fp_approx_poisson_shape(uint64_t blocks, uint64_t words, uint64_t word_bits,
                                                       uint64_t n);
/* APPROXIMATION: bits per key the classic formula asks for at target fpr:
 * m/n = -8 / ln(1 - fpr^(1/8)). */
AMQ_API double amq_split_block_bits_per_key_classic(double fpr);

/* Blocked quotient: `blocks` quotient filters with p-bit fingerprints. The mixture equals
 * 1 - (1 - 2^-p / blocks)^n exactly and is computed from that closed form, for any
 * blocks, n < 2^64. AMQ_E_INVALID_M for blocks = 0, AMQ_E_INVALID_ARG for p > 64; exact:
 * AMQ_E_TOO_LARGE beyond the shared exact model of amq/cost.h (n (p + log2 blocks) > 2^26
 * bits). */
AMQ_API amq_status amq_blocked_quotient_fp_exact(mpq_t rop, uint64_t blocks, uint64_t p, uint64_t n);
AMQ_API amq_status amq_blocked_quotient_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t blocks,
                                           uint64_t p, uint64_t n);
AMQ_API amq_status amq_blocked_quotient_fp_decimal(char **out, uint64_t blocks, uint64_t p, uint64_t n, int digits,
                                           mpfr_t lo_out, mpfr_t hi_out);
/* APPROXIMATIONS (double): union bound n 2^-p / blocks (capped at 1), 1 - e^{-n 2^-p/blocks}. */
AMQ_API double amq_blocked_quotient_fp_approx_union(uint64_t blocks, uint64_t p, uint64_t n);
AMQ_API double amq_blocked_quotient_fp_approx_exp(uint64_t blocks, uint64_t p, uint64_t n);

/* Partitioned Bloom filter (not blocked): m bits in k partitions of m/k bits, one bit per
 * partition: exactly (1 - (1 - k/m)^n)^k. AMQ_E_INVALID_M for m = 0 or k not dividing m
 * (k >= 1); k = 0 -> 1; n = 0 -> 0. */
AMQ_API amq_status amq_partitioned_fp_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t n);
AMQ_API amq_status amq_partitioned_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k,
                                      uint64_t n);
AMQ_API amq_status amq_partitioned_fp_decimal(char **out, uint64_t m, uint64_t k, uint64_t n, int digits,
                                      mpfr_t lo_out, mpfr_t hi_out);
/* APPROXIMATIONS (double): Bloom's classic (1 - (1-1/m)^{kn})^k and (1 - e^{-kn/m})^k,
 * the unpartitioned formulas commonly applied to partitioned filters. */
AMQ_API double amq_partitioned_fp_approx_classic(uint64_t m, uint64_t k, uint64_t n);
AMQ_API double amq_partitioned_fp_approx_exp(uint64_t m, uint64_t k, uint64_t n);

/* ---------------------------------------------------------------------------------------
 * Sizing on the exact mixture. Each returns the smallest size whose CERTIFIED UPPER BOUND
 * of the FP rate after n keys is <= fpr, and writes that upper bound (rounded up to a
 * double, so *achieved <= fpr) to *achieved if non-NULL. Minimal unless the exact FP one
 * size smaller lies within 2^-64 (relative) above fpr; why the search is sound:
 * docs/rates-blocked.md. Errors: AMQ_E_INVALID_N (n = 0), AMQ_E_INVALID_FPR (fpr not in
 * (0, 1), NaN), AMQ_E_INVALID_ARG (NULL output), AMQ_E_TOO_LARGE (no size below 2^64 bits
 * reaches fpr).
 * ------------------------------------------------------------------------------------- */

/* Split-block: smallest number of 256-bit blocks (the filter has 256 * blocks bits). */
AMQ_API amq_status amq_split_block_size_for(uint64_t n, double fpr, uint64_t *blocks, double *achieved);
/* Blocked Bloom with blocks of block_bits bits (512: one cache line): the (blocks, k)
 * with the fewest blocks, k the smallest among those; k ranges over
 * [1, min(block_bits, 2 ceil(log2(1/fpr)) + 8, AMQ_BLOCKED_SIZE_MAX_K)]. */
#define AMQ_BLOCKED_SIZE_MAX_K 64u /* a limit of this search; the structures take k <= AMQ_MAX_K */
AMQ_API amq_status amq_blocked_bloom_size_for(uint64_t n, double fpr, uint64_t block_bits, uint64_t *blocks,
                                      uint64_t *k, double *achieved);
/* Partitioned Bloom: the smallest m (a multiple of k) over k in
 * [1, min(2 ceil(log2(1/fpr)) + 8, AMQ_BLOCKED_SIZE_MAX_K)], k the smallest among ties. */
AMQ_API amq_status amq_partitioned_size_for(uint64_t n, double fpr, uint64_t *m, uint64_t *k, double *achieved);
/* Blocked quotient: the block count is fixed by the capacity, blocks = ceil(n /
 * keys_per_block) (the fewest blocks whose mean load is <= keys_per_block, >= 1); then p
 * is the smallest fingerprint width in [0, 64] meeting fpr (AMQ_E_TOO_LARGE if none).
 * The rate depends on blocks * 2^p only, so more blocks can only save log2 bits of p.
 * AMQ_E_INVALID_ARG for keys_per_block = 0. */
AMQ_API amq_status amq_blocked_quotient_size_for(uint64_t n, double fpr, uint64_t keys_per_block,
                                         uint64_t *blocks, uint64_t *p, double *achieved);

#endif
