/* Random numbers and exact binomial statistics for the Monte Carlo checks
 * (amq/check.h). This is statistics code, not specification: it works in plain
 * double, carefully (log space, Loader's saddle-point binomial terms, tails summed
 * from their far end), but nothing here is certified.
 *
 * PRNG: xoshiro256** 1.0 (Blackman & Vigna, "Scrambled linear pseudorandom number
 * generators", 2018/2021), its 256-bit state seeded by four successive outputs of
 * SplitMix64 (Steele, Lea & Flood 2014; Vigna's splitmix64.c) started at the
 * 64-bit seed. The generator is fixed by this header: the same seed gives the same
 * stream on every platform, so seeded checks are reproducible. Test vectors are in
 * tests/test_stats.c.  NULL arguments follow the rule of amq/error.h: a NULL generator or
 * state gives 0 and changes nothing, a NULL output AMQ_E_INVALID_ARG. */
#ifndef AMQ_STATS_H
#define AMQ_STATS_H
#include <stdint.h>
#include <amq/error.h>

/* ---- PRNG ---- */
typedef struct amq_rng {
    uint64_t s[4];
} amq_rng;

/* One SplitMix64 step: advances *state by the golden gamma and returns the mix. */
AMQ_API uint64_t amq_splitmix64(uint64_t *state);
/* s[0..3] = four successive amq_splitmix64 outputs from state = seed (never all 0). */
AMQ_API void amq_rng_seed(amq_rng *r, uint64_t seed);
/* Set the raw xoshiro256** state (not all zero; for test vectors). */
AMQ_API void amq_rng_set_state(amq_rng *r, uint64_t s0, uint64_t s1, uint64_t s2, uint64_t s3);
/* Next xoshiro256** output, uniform on 64 bits. */
AMQ_API uint64_t amq_rng_next(amq_rng *r);
/* Advance the generator by 2^128 steps: xoshiro256**'s jump() with Blackman & Vigna's
 * published jump polynomial.  Starting from one state, the streams 0, 1, 2, ... jumps
 * apart never overlap within 2^128 outputs each (the Monte Carlo gives one to each block
 * of trials, amq/check.h). */
AMQ_API void amq_rng_jump(amq_rng *r);
/* Advance by 2^192 steps: long_jump(), the published long-jump polynomial. */
AMQ_API void amq_rng_long_jump(amq_rng *r);
/* Exactly uniform on [0, m) for m >= 1 (Lemire's multiply-shift with rejection,
 * so no modulo bias at all); m = 0 returns 0. */
AMQ_API uint64_t amq_rng_below(amq_rng *r, uint64_t m);

/* ---- Binomial distribution X ~ Binomial(t, p), 0 <= p <= 1, 0 <= x <= t ----
 * Logs are natural; -INFINITY stands for probability 0. p outside [0,1] or NaN,
 * or x > t, give NaN. */
AMQ_API double amq_binom_log_pmf(uint64_t x, uint64_t t, double p);
AMQ_API double amq_binom_log_cdf(uint64_t x, uint64_t t, double p); /* log P(X <= x) */
AMQ_API double amq_binom_log_sf(uint64_t x, uint64_t t, double p);  /* log P(X >= x), inclusive */
AMQ_API double amq_binom_cdf(uint64_t x, uint64_t t, double p);
AMQ_API double amq_binom_sf(uint64_t x, uint64_t t, double p);
/* Two-sided exact p-value of observing x under p:
 * P = min(1, 2 min(P(X <= x), P(X >= x))). With p = 0 or 1 any x != t*p gives 0. */
AMQ_API double amq_binom_log_pvalue(uint64_t x, uint64_t t, double p);
AMQ_API double amq_binom_pvalue(uint64_t x, uint64_t t, double p);

/* Clopper-Pearson exact interval at confidence 1 - alpha for x successes in t:
 * lo solves P(X >= x; lo) = alpha/2 (lo = 0 when x = 0), hi solves
 * P(X <= x; hi) = alpha/2 (hi = 1 when x = t). Solved by bisection to the last
 * representable double. Needs t >= 1, x <= t, 0 < alpha < 1. */
AMQ_API amq_status amq_clopper_pearson(uint64_t x, uint64_t t, double alpha, double *lo, double *hi);

/* Default significance level of the checks: the probability that a correct kernel
 * is reported FAIL (false alarm) is at most this. */
#define AMQ_CHECK_ALPHA_DEFAULT 1e-6

/* Exact binomial test of "x positives in t independent trials" against rate p.
 * Verdict: fail when p_value < alpha. Because the Clopper-Pearson interval at level
 * 1 - alpha is exactly the set of rates whose doubled-tail p-value is >= alpha,
 * pass <=> p lies in [ci_lower, ci_upper] (up to rounding at the ends). */
typedef struct amq_binom_test_result {
    uint64_t positives, trials;
    double expected;      /* p, the rate under test                              */
    double estimate;      /* positives / trials                                  */
    double ci_lower, ci_upper; /* Clopper-Pearson at confidence 1 - alpha        */
    double p_value;       /* two-sided, as amq_binom_pvalue (may underflow to 0) */
    double log10_p_value; /* same, base-10 log (finite far below 1e-308)         */
    double alpha;
    int pass;             /* 1 pass, 0 fail                                      */
} amq_binom_test_result;

AMQ_API amq_status amq_binom_test(uint64_t x, uint64_t t, double p, double alpha,
                          amq_binom_test_result *out);

#endif
