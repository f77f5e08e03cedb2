/* Executable probability specification of the sliding-window Bloom filter (design:
 * docs/sliding-window.md; the proved kernel: src/window_kernel.c).
 *
 * Structure as built: g >= 2 generations of m bits; a key's k indices (uniform on [0, m),
 * independent) are the SAME in every generation; a generation takes c = ceil(W / (g - 1))
 * keys, and the insertion that fills it rotates at once (the oldest generation is cleared
 * and becomes current).  After N insertions the generations hold (newest first)
 *     r = N mod c  keys (the current one),  c keys  (each of the min(floor(N / c), g - 1)
 *     previous ones),  0  (the rest);
 * periodic in N with period c from N >= (g - 1) c on (steady state).
 *
 * Rate of a fresh key (never inserted) when the generations hold n_1 .. n_g distinct keys:
 * condition on the number d of distinct positions among the query's k indices,
 * P(d) = S(k, d) m^(d) / m^k; given the query vector, generation i covers it with
 * probability P_d(n_i) = sum_{j=0..d} (-1)^j C(d, j) (1 - j/m)^{k n_i} (Bloom theory:
 * d fixed bits all set by k n_i uniform indices), independently of the other generations
 * (they hold other keys), so
 *     FP = sum_{d=1..min(k,m)} P(d) [1 - prod_i (1 - P_d(n_i))].
 * With one generation this is Ceramist Theorem 4 (amq_bloom_fp_exact); with k = 1 it is the
 * Bloom rate of the n_1 + ... + n_g keys together.
 *
 * Conventions (as amq/spec_bloom.h): "exact" = a reduced GMP rational; enclosures are
 * certified by directed rounding (MPFR); decimals are correctly rounded (amq/certified.h).
 * Edge cases: m = 0 -> AMQ_E_INVALID_M; W = 0, g < 2 (g = 0 for the load routines) ->
 * AMQ_E_INVALID_ARG; k = 0 -> 1 (the empty index vector is present in every generation);
 * otherwise no key held (N = 0, or all loads 0) -> 0; m = 1 with some key held -> 1.
 * Arguments a routine cannot handle give AMQ_E_TOO_LARGE, never a wrong number;
 * amq_last_error() names the limit. */
#ifndef AMQ_SPEC_WINDOW_H
#define AMQ_SPEC_WINDOW_H
#include <stddef.h>
#include <stdint.h>
#include <amq/certified.h>
#include <amq/cost.h>

/* Largest k any rate routine accepts (k = 0 aside): the Stirling row S(k, .) is formed. */
#define AMQ_WINDOW_RATE_MAX_K 1024u
/* Largest min(k, m): the O(min(k,m)^2) inclusion-exclusion per distinct load. */
#define AMQ_WINDOW_RATE_MAX_KM 1024u
/* Exact rationals: the denominator m^{k(T+1)} (T = keys held) has at most this many bits,
 * and the work (the min(k,m)^2/2 products per distinct load, plus min(k, m) products of the
 * denominator's size) at most AMQ_WINDOW_EXACT_MAX_COST: the shared limits of amq/cost.h.
 * Enclosures: the cost model of amq/cost.h (inclusion-exclusion per distinct load). */
#define AMQ_WINDOW_EXACT_MAX_BITS AMQ_COST_EXACT_MAX_BITS
#define AMQ_WINDOW_EXACT_MAX_COST AMQ_COST_EXACT_MAX_WORK

/* Generation capacity c = ceil(W / (g - 1)), the smallest c with (g - 1) c >= W.
 * AMQ_E_INVALID_ARG for W = 0 or g < 2. */
AMQ_API amq_status amq_window_capacity(uint64_t *cap, uint64_t W, uint64_t g);

/* The loads after N insertions, newest first: loads[0] = N mod c (the current generation),
 * loads[1 .. g-1] = c for the min(floor(N / c), g - 1) previous generations, then 0.
 * loads has g entries. */
AMQ_API amq_status amq_window_loads(uint64_t *loads, uint64_t W, uint64_t g, uint64_t N);

/* Keys the ring holds after N insertions: N while N < (g - 1) c, else (g - 1) c + N mod c.
 * The last (g - 1) c >= W insertions are always among them. */
AMQ_API amq_status amq_window_held(uint64_t *held, uint64_t W, uint64_t g, uint64_t N);

/* Exact FP rate of the structure after N insertions (reduced). */
AMQ_API amq_status amq_window_fp_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t W, uint64_t g, uint64_t N);
/* Exact FP rate when the g >= 1 generations hold loads[0 .. g-1] keys (any loads, any order). */
AMQ_API amq_status amq_window_fp_exact_loads(mpq_t rop, uint64_t m, uint64_t k, const uint64_t *loads, size_t g);

/* Certified enclosure lo <= FP <= hi at working precision prec (lo, hi may have any
 * precision: rounded outward into them). Any N < 2^64 (the loads take two values). The
 * inclusion-exclusion for P_d cancels (about log2(1 / P_d) + d bits), so the width may be
 * far above 2^-prec when the rate is small: callers raise prec (amq_window_fp_decimal and
 * amq_certified_decimal do). The union 1 - prod (1 - P_d(n_i)) = -expm1(sum log1p(-P_d(n_i)))
 * adds no cancellation. */
AMQ_API amq_status amq_window_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k,
                                 uint64_t W, uint64_t g, uint64_t N);
AMQ_API amq_status amq_window_fp_enclose_loads(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k,
                                       const uint64_t *loads, size_t g);

/* Parameters for the generic enclosure callback (amq_enclose_fn). */
typedef struct amq_window_params { uint64_t m, k, W, g, N; } amq_window_params;
AMQ_API amq_status amq_window_fp_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params);

/* Correctly rounded decimal (format: amq/certified.h): from the exact rational when it is
 * cheap (denominator <= 2^16 bits), otherwise amq_certified_decimal over the enclosure (the
 * exact rational again if the enclosure cannot decide, e.g. on a decimal tie, while
 * affordable). lo_out / hi_out (may be NULL) receive an enclosure, rounded outward. */
AMQ_API amq_status amq_window_fp_decimal(char **out, uint64_t m, uint64_t k, uint64_t W, uint64_t g, uint64_t N,
                                 int digits, mpfr_t lo_out, mpfr_t hi_out);

/* E[pi^j], the chance that j fresh keys all test positive after N insertions (pi: the rate of
 * a random filter of the model; the j = 1 moment is the rate), enclosed with relative width
 * 2^-bits (MPFI, every rounding outward; the precision is raised until it is).  Derivation in
 * spec/window_moments.c: inclusion-exclusion over the queries left uncovered, given the Venn
 * counts of the queries' positions, summed over every Venn pattern.  Limits: j <=
 * AMQ_WINDOW_MOMENT_MAX_J, at most AMQ_WINDOW_MOMENT_MAX_VECTORS patterns, and an estimated CPU
 * time (docs/cost-limits.md) of at most AMQ_WINDOW_MOMENT_MAX_NS ns; AMQ_E_TOO_LARGE beyond,
 * before any big-number work.  At m = 2^20, N = 5000, W = 1000, g = 3 and 2^-60 that accepts
 * k <= 84 for j = 2, k <= 10 for j = 3, k <= 4 for j = 4, k <= 2 for j = 5 and k = 1 for
 * j = 6 .. 8 (the limit was 8 s, and accepted calls took up to 4.7 s of CPU: issue 26).  Edge cases as the rate's:
 * k = 0 -> 1, no key held -> 0, m = 1 -> 1. */
#define AMQ_WINDOW_MOMENT_MAX_J 8
#define AMQ_WINDOW_MOMENT_MAX_VECTORS 1000000
#define AMQ_WINDOW_MOMENT_MAX_NS 4e9
AMQ_API amq_status amq_window_fp_moment_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t m, uint64_t k, uint64_t W,
                                                uint64_t g, uint64_t N, uint64_t j);

/* The rate as a function of N in steady state (N >= (g - 1) c): periodic with period c,
 * nondecreasing within a period (the current generation fills), so over all N >= (g - 1) c
 * its least value is at N mod c = 0 (the g - 1 full generations alone) and its largest at
 * N mod c = c - 1. Exact, reduced. */
AMQ_API amq_status amq_window_fp_steady_range(mpq_t least, mpq_t largest, uint64_t m, uint64_t k, uint64_t W,
                                      uint64_t g);

#endif
