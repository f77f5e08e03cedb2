/* PRNG (SplitMix64 -> xoshiro256**) and exact binomial statistics; see amq/stats.h.
 *
 * Binomial terms use Loader's saddle-point form ("Fast and accurate computation of
 * binomial probabilities", 2000; the algorithm of R's dbinom): each log-term is
 * accurate to a few ulps even for t near 2^64, unlike lgamma differences, which
 * lose about log2(t) bits. A tail is summed only from its small side (x at or
 * beyond the mode, away from the centre), where terms decrease geometrically:
 * a first pass walks outward to the point where terms fall below 2^-60 of the
 * largest, a second pass adds the directly evaluated terms from that far end back
 * to x (smallest first). The other tail is the complement, which is then >= ~1/2
 * and so loses nothing. Cost: O(min(t, sigma * 10)) term evaluations per tail. */
#include <lib_internal/fail.h>
#include <amq/stats.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

/* ---------------- PRNG ---------------- */

uint64_t amq_splitmix64(uint64_t *state)
{
    if (!state)
        return 0;
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

void amq_rng_seed(amq_rng *r, uint64_t seed)
{
    if (!r)
        return;
    uint64_t st = seed;
    /* SplitMix64 is a bijection of its counter: four successive outputs are never
     * all zero, so the xoshiro state is valid. */
    for (int i = 0; i < 4; i++)
        r->s[i] = amq_splitmix64(&st);
}

void amq_rng_set_state(amq_rng *r, uint64_t s0, uint64_t s1, uint64_t s2, uint64_t s3)
{
    if (!r)
        return;
    r->s[0] = s0;
    r->s[1] = s1;
    r->s[2] = s2;
    r->s[3] = s3;
}

static inline uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t amq_rng_next(amq_rng *r)
{
    if (!r)
        return 0;
    uint64_t *s = r->s;
    const uint64_t result = rotl64(s[1] * 5u, 7) * 9u;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return result;
}

/* The state after `steps` steps is a GF(2)-linear function of the state, a polynomial
 * in the transition; the coefficients of that polynomial (bit j of word i) say which of
 * the states passed on the way are summed (xor) into the result. */
static void rng_advance(amq_rng *r, const uint64_t poly[4])
{
    uint64_t acc[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++)
        for (int b = 0; b < 64; b++) {
            if ((poly[i] >> b) & 1u)
                for (int w = 0; w < 4; w++)
                    acc[w] ^= r->s[w];
            (void)amq_rng_next(r);
        }
    memcpy(r->s, acc, sizeof acc);
}

void amq_rng_jump(amq_rng *r)
{
    if (!r)
        return;
    static const uint64_t jump[4] = {UINT64_C(0x180ec6d33cfd0aba), UINT64_C(0xd5a61266f0c9392c),
                                     UINT64_C(0xa9582618e03fc9aa), UINT64_C(0x39abdc4529b1661c)};
    rng_advance(r, jump);
}

void amq_rng_long_jump(amq_rng *r)
{
    if (!r)
        return;
    static const uint64_t long_jump[4] = {UINT64_C(0x76e15d3efefdcbbf), UINT64_C(0xc5004e441c522fb3),
                                          UINT64_C(0x77710069854ee241), UINT64_C(0x39109bb02acbe635)};
    rng_advance(r, long_jump);
}

uint64_t amq_rng_below(amq_rng *r, uint64_t m)
{
    if (!r)
        return 0;
    if (m == 0)
        return 0;
    /* Lemire, "Fast random integer generation in an interval" (2019): the high word
     * of x*m; reject the low words below 2^64 mod m, which makes it exact. */
    unsigned __int128 prod = (unsigned __int128)amq_rng_next(r) * m;
    uint64_t low = (uint64_t)prod;
    if (low < m) {
        uint64_t thresh = (0u - m) % m; /* 2^64 mod m */
        while (low < thresh) {
            prod = (unsigned __int128)amq_rng_next(r) * m;
            low = (uint64_t)prod;
        }
    }
    return (uint64_t)(prod >> 64);
}

/* ---------------- binomial terms (Loader) ---------------- */

static const double LN_2PI = 1.837877066409345483560659472811235279722794947275566825634;
static const double LN2 = 0.693147180559945309417232121458176568075500134360255254120;
static const double LN10 = 2.302585092994045684017991454684364207601101488628772976033;

/* stirlerr(n) = log(n!) - log(sqrt(2 pi n) (n/e)^n), n >= 1. */
static double stirlerr(uint64_t n)
{
    static const double table[16] = {
        0.0, /* n = 0: unused (x = 0 and x = t are handled apart) */
        0.0810614667953272582196702635, 0.0413406959554092940938220814,
        0.0276779256849983391487892927, 0.0207906721037650931115227717,
        0.0166446911898211921631948653, 0.0138761288230707479987457270,
        0.0118967099458917700950557241, 0.0104112652619720964974785671,
        0.0092554621827127329177286366, 0.0083305634333628712564693186,
        0.0075736754879518407949720242, 0.0069428401072095298656641526,
        0.0064089941880042070684396310, 0.0059513701127588477356244160,
        0.0055547335519628013710386899,
    };
    const double S0 = 1.0 / 12, S1 = 1.0 / 360, S2 = 1.0 / 1260, S3 = 1.0 / 1680,
                 S4 = 1.0 / 1188;
    if (n <= 15)
        return table[n];
    double x = (double)n, xx = x * x;
    if (n > 500)
        return (S0 - S1 / xx) / x;
    if (n > 80)
        return (S0 - (S1 - S2 / xx) / xx) / x;
    if (n > 35)
        return (S0 - (S1 - (S2 - S3 / xx) / xx) / xx) / x;
    return (S0 - (S1 - (S2 - (S3 - S4 / xx) / xx) / xx) / xx) / x;
}

/* bd0(x, np) = x log(x/np) + np - x, without cancellation when x ~ np. */
static double bd0(double x, double np)
{
    if (fabs(x - np) < 0.1 * (x + np)) {
        double v = (x - np) / (x + np);
        double s = (x - np) * v;
        double ej = 2 * x * v;
        v = v * v;
        for (int j = 1; j < 1000; j++) {
            ej *= v;
            double s1 = s + ej / (2 * j + 1);
            if (s1 == s)
                return s1;
            s = s1;
        }
        return s;
    }
    return x * log(x / np) + np - x;
}

static int bad_args(uint64_t x, uint64_t t, double p)
{
    return !(p >= 0.0 && p <= 1.0) || x > t;
}

/* log P(X = x) for 0 < p < 1, x <= t. */
static double log_pmf_inner(uint64_t x, uint64_t t, double p, double q)
{
    if (x == 0)
        return (double)t * log1p(-p);
    if (x == t)
        return (double)t * log(p);
    double dt = (double)t, dx = (double)x, dy = (double)(t - x);
    double lc = stirlerr(t) - stirlerr(x) - stirlerr(t - x) - bd0(dx, dt * p) - bd0(dy, dt * q);
    double lf = LN_2PI + log(dx) + log1p(-dx / dt);
    return lc - 0.5 * lf;
}

double amq_binom_log_pmf(uint64_t x, uint64_t t, double p)
{
    if (bad_args(x, t, p))
        return NAN;
    if (p == 0.0)
        return x == 0 ? 0.0 : -INFINITY;
    if (p == 1.0)
        return x == t ? 0.0 : -INFINITY;
    return log_pmf_inner(x, t, p, 1.0 - p);
}

/* log(1 - e^a) for a <= 0 (Maechler's log1mexp). */
static double log1mexp(double a)
{
    if (a == -INFINITY)
        return 0.0;
    return a > -LN2 ? log(-expm1(a)) : log1p(-exp(a));
}

/* log sum of the terms from x outward (up: x..t, else x..0), 0 < p < 1, for x on
 * the side of the mode where outward terms decrease. */
static double log_tail_direct(uint64_t x, uint64_t t, double p, int up)
{
    const double q = 1.0 - p;
    const double lx = log_pmf_inner(x, t, p, q);
    /* Pass 1: find the far end, where terms are below 2^-60 of the largest. */
    double rel = 1.0, top = 1.0;
    uint64_t j = x;
    if (up) {
        while (j < t) {
            rel *= ((double)(t - j) / (double)(j + 1)) * (p / q);
            j++;
            if (rel > top)
                top = rel;
            else if (rel < 0x1p-60 * top)
                break;
        }
    } else {
        while (j > 0) {
            rel *= ((double)j / (double)(t - j + 1)) * (q / p);
            j--;
            if (rel > top)
                top = rel;
            else if (rel < 0x1p-60 * top)
                break;
        }
    }
    /* Pass 2: from the far end back to x, smallest terms first. */
    double s = 0.0;
    for (uint64_t i = j;;) {
        s += exp(log_pmf_inner(i, t, p, q) - lx);
        if (i == x)
            break;
        if (up)
            i--;
        else
            i++;
    }
    return lx + log(s);
}

static uint64_t binom_mode(uint64_t t, double p)
{
    double md = floor(((double)t + 1.0) * p);
    if (!(md >= 0.0))
        return 0;
    if (md >= (double)t)
        return t;
    return (uint64_t)md;
}

double amq_binom_log_cdf(uint64_t x, uint64_t t, double p)
{
    if (bad_args(x, t, p))
        return NAN;
    if (x == t || p == 0.0)
        return 0.0;
    if (p == 1.0)
        return -INFINITY; /* x < t */
    if (x <= binom_mode(t, p))
        return log_tail_direct(x, t, p, 0);
    return log1mexp(log_tail_direct(x + 1, t, p, 1));
}

double amq_binom_log_sf(uint64_t x, uint64_t t, double p)
{
    if (bad_args(x, t, p))
        return NAN;
    if (x == 0 || p == 1.0)
        return 0.0;
    if (p == 0.0)
        return -INFINITY; /* x > 0 */
    if (x >= binom_mode(t, p))
        return log_tail_direct(x, t, p, 1);
    return log1mexp(log_tail_direct(x - 1, t, p, 0));
}

double amq_binom_cdf(uint64_t x, uint64_t t, double p) { return exp(amq_binom_log_cdf(x, t, p)); }
double amq_binom_sf(uint64_t x, uint64_t t, double p) { return exp(amq_binom_log_sf(x, t, p)); }

double amq_binom_log_pvalue(uint64_t x, uint64_t t, double p)
{
    if (bad_args(x, t, p))
        return NAN;
    double lo = amq_binom_log_cdf(x, t, p), hi = amq_binom_log_sf(x, t, p);
    double v = (lo < hi ? lo : hi) + LN2;
    return v > 0.0 ? 0.0 : v;
}

double amq_binom_pvalue(uint64_t x, uint64_t t, double p) { return exp(amq_binom_log_pvalue(x, t, p)); }

/* ---------------- Clopper-Pearson ---------------- */

/* Bisection of a monotone f on [0,1] for f(p) = target, down to adjacent doubles.
 * increasing: f increasing in p. Returns the end of the final bracket that keeps
 * the interval conservative (want_low: the smaller end). */
static double bisect(double (*f)(uint64_t, uint64_t, double), uint64_t x, uint64_t t,
                     double target, int increasing, int want_low)
{
    double lo = 0.0, hi = 1.0;
    for (int it = 0; it < 2200; it++) {
        double mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi)
            break;
        double v = f(x, t, mid);
        int below = increasing ? (v < target) : (v >= target);
        if (below)
            lo = mid;
        else
            hi = mid;
    }
    return want_low ? lo : hi;
}

amq_status amq_clopper_pearson(uint64_t x, uint64_t t, double alpha, double *lo, double *hi)
{
    if (t == 0 || x > t)
        return amq_fail(AMQ_E_INVALID_ARG, "Clopper-Pearson needs 1 <= trials and positives <= trials "
                                           "(got %llu of %llu)",
                        (unsigned long long)x, (unsigned long long)t);
    if (!(alpha > 0.0 && alpha < 1.0))
        return amq_fail(AMQ_E_INVALID_ARG, "Clopper-Pearson needs 0 < alpha < 1 (got %g)", alpha);
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "Clopper-Pearson: NULL output");
    const double target = log(alpha / 2);
    /* lower: P(X >= x; p) is increasing in p; upper: P(X <= x; p) is decreasing. */
    *lo = x == 0 ? 0.0 : bisect(amq_binom_log_sf, x, t, target, 1, 1);
    *hi = x == t ? 1.0 : bisect(amq_binom_log_cdf, x, t, target, 0, 0);
    return AMQ_OK;
}

amq_status amq_binom_test(uint64_t x, uint64_t t, double p, double alpha,
                          amq_binom_test_result *out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "binomial test: NULL result");
    if (!(p >= 0.0 && p <= 1.0))
        return amq_fail(AMQ_E_INVALID_ARG, "binomial test: rate %g outside [0, 1]", p);
    amq_binom_test_result r;
    amq_status st = amq_clopper_pearson(x, t, alpha, &r.ci_lower, &r.ci_upper);
    if (st != AMQ_OK)
        return st;
    r.positives = x;
    r.trials = t;
    r.expected = p;
    r.estimate = (double)x / (double)t;
    double lp = amq_binom_log_pvalue(x, t, p);
    r.p_value = exp(lp);
    r.log10_p_value = lp / LN10;
    r.alpha = alpha;
    r.pass = !(lp < log(alpha)); /* p_value may underflow; decide in log space */
    *out = r;
    return AMQ_OK;
}
