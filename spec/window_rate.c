/* Executable probability specification of the sliding-window Bloom filter (see
 * amq/spec_window.h for the model and the formula).
 *
 * Derivation (shared index vector, the structure as built). Let Q be the set of distinct
 * positions among the fresh query key's k indices, d = |Q|; P(d) = S(k,d) m^(d) / m^k
 * (surjections of the k indices onto d of the m positions). Generation i holds n_i keys
 * whose indices are independent of Q and of the other generations' keys. Given Q, the
 * query is positive iff some generation has every bit of Q set; generation i has them all
 * with probability P_d(n_i) = sum_j (-1)^j C(d,j) (1 - j/m)^{k n_i} (inclusion-exclusion
 * over the positions of Q left unset by its k n_i indices) - the same for every Q of size
 * d - and these events are independent given Q. Hence
 *     FP = sum_d P(d) U_d,   U_d = 1 - prod_i (1 - P_d(n_i)).
 *
 * Exact form: with T = sum n_i and N_d(n) = sum_j (-1)^j C(d,j) (m-j)^{kn} (so P_d(n) =
 * N_d(n) / m^{kn}),
 *     FP = sum_d S(k,d) m^(d) [m^{kT} - prod_i (m^{k n_i} - N_d(n_i))] / m^{k(T+1)}.
 * Equal loads are grouped (load, multiplicity): the structure's loads take two values.
 *
 * Enclosure: P_d(n) by the alternating sum over intervals (directed rounding), then
 * U_d = -expm1(sum_i mult_i log1p(-P_d(n_i))), which is increasing in every P_d(n_i): the
 * lower end uses the lower P's with every rounding downward, the upper end the upper P's
 * rounded upward; no cancellation beyond that of P_d itself. */
#include <lib_internal/fail.h>
#include "spec_internal/cost.h"
#include "spec_internal/reduce.h"
#include <lib_internal/window_kernel.h>
#include <amq/spec_window.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* A load value held by `mult` generations. */
typedef struct wload {
    uint64_t load, mult;
} wload;

/* The structure's loads after N insertions: at most two distinct nonzero values. */
typedef struct wloads {
    wload p[2];
    size_t count;
} wloads;

static void z_from_u64(mpz_t z, uint64_t v)
{
#if ULONG_MAX >= UINT64_MAX
    mpz_set_ui(z, (unsigned long)v);
#else
    mpz_import(z, 1, 1, sizeof v, 0, 0, &v);
#endif
}

static amq_status check_geometry(uint64_t W, uint64_t g, const char *who)
{
    if (W == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: window W = 0 (a window keeps at least the last insertion)", who);
    if (g < 2)
        return amq_fail(AMQ_E_INVALID_ARG,
                        "%s: g = %llu generations (a sliding window needs g >= 2: one fills while the others "
                        "keep the window)",
                        who, ULL(g));
    return AMQ_OK;
}

/* The checks every geometry routine makes (non-NULL output, W >= 1, g >= 2), then *c = the
 * capacity (the proved kernel function). */
static amq_status checked_capacity(uint64_t *c, const void *out, uint64_t W, uint64_t g, const char *who)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: NULL output", who);
    amq_status st = check_geometry(W, g, who);
    if (!st)
        *c = amq_window_kernel_capacity(W, g);
    return st;
}

amq_status amq_window_capacity(uint64_t *cap, uint64_t W, uint64_t g)
{
    if (!cap)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_window_capacity: NULL argument");
    uint64_t c = 0;
    amq_status st = checked_capacity(&c, cap, W, g, "sliding-window capacity");
    if (!st)
        *cap = c;
    return st;
}

/* Loads after N insertions (W, g already checked). */
static wloads structure_loads(uint64_t W, uint64_t g, uint64_t N)
{
    const uint64_t c = amq_window_kernel_capacity(W, g), full = N / c, r = N % c;
    wloads L = {{{0, 0}, {0, 0}}, 0};
    const uint64_t a = full < g - 1 ? full : g - 1;
    if (a > 0)
        L.p[L.count++] = (wload){c, a};
    if (r > 0)
        L.p[L.count++] = (wload){r, 1};
    return L;
}

amq_status amq_window_loads(uint64_t *loads, uint64_t W, uint64_t g, uint64_t N)
{
    if (!loads)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_window_loads: NULL argument");
    uint64_t c = 0;
    amq_status st = checked_capacity(&c, loads, W, g, "sliding-window loads");
    if (st)
        return st;
    const uint64_t full = N / c;
    loads[0] = N % c;
    for (uint64_t i = 1; i < g; i++)
        loads[i] = i <= full ? c : 0;
    return AMQ_OK;
}

amq_status amq_window_held(uint64_t *held, uint64_t W, uint64_t g, uint64_t N)
{
    if (!held)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_window_held: NULL argument");
    uint64_t c = 0;
    amq_status st = checked_capacity(&c, held, W, g, "sliding-window generations");
    if (st)
        return st;
    /* (g - 1) c may exceed 2^64 - 1; then it exceeds N as well */
    if (g - 1 > UINT64_MAX / c || N < (g - 1) * c)
        *held = N;
    else
        *held = (g - 1) * c + N % c;
    return AMQ_OK;
}

/* Group the nonzero entries of an array of loads (at most g distinct values). */
static amq_status group_loads(wload **out, size_t *count, const uint64_t *loads, size_t g, const char *who)
{
    if (!loads)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: NULL loads", who);
    if (g == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: no generation (g = 0)", who);
    wload *p = malloc(g * sizeof *p);
    if (!p)
        return amq_fail(AMQ_E_NOMEM, "%s: out of memory", who);
    size_t n = 0;
    for (size_t i = 0; i < g; i++) {
        if (loads[i] == 0)
            continue;
        size_t j = 0;
        while (j < n && p[j].load != loads[i])
            j++;
        if (j == n)
            p[n++] = (wload){loads[i], 0};
        p[j].mult++;
    }
    *out = p;
    *count = n;
    return AMQ_OK;
}

/* Edge cases (np = number of nonzero loads): returns 1 and sets *v (0 or 1) when the rate is
 * decided without computing. */
static int window_edge(uint64_t m, uint64_t k, size_t np, int *v)
{
    if (k == 0) { /* the empty vector is present in every generation */
        *v = 1;
        return 1;
    }
    if (np == 0) { /* no key held */
        *v = 0;
        return 1;
    }
    if (m == 1) { /* a generation holding a key has its only bit set */
        *v = 1;
        return 1;
    }
    return 0;
}

/* T = keys held, as a double (for the size limits; it may exceed 2^64). */
static double held_keys(const wload *p, size_t np)
{
    double T = 0;
    for (size_t i = 0; i < np; i++)
        T += (double)p[i].load * (double)p[i].mult;
    return T;
}

static amq_status check_common(uint64_t m, uint64_t k, const char *who)
{
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: m = 0 (a generation needs at least one bit)", who);
    if (k > AMQ_WINDOW_RATE_MAX_K)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: k = %llu exceeds the limit %u of the rate routines", who, ULL(k),
                        AMQ_WINDOW_RATE_MAX_K);
    return AMQ_OK;
}

/* Row k of the Stirling triangle (second kind), entries 0 .. K (K <= k). */
static void stirling_row(mpz_t *S, uint64_t k, uint64_t K)
{
    mpz_set_ui(S[0], 1);
    for (uint64_t d = 1; d <= K; d++)
        mpz_set_ui(S[d], 0);
    for (uint64_t r = 1; r <= k; r++) {
        for (uint64_t d = r < K ? r : K; d >= 1; d--) { /* S(r,d) = d S(r-1,d) + S(r-1,d-1) */
            mpz_mul_ui(S[d], S[d], (unsigned long)d);
            mpz_add(S[d], S[d], S[d - 1]);
        }
        mpz_set_ui(S[0], 0);
    }
}

/* Allocate and initialise n mpz_t (NULL when out of memory). */
static mpz_t *zvec_new(size_t n)
{
    mpz_t *v = malloc(n * sizeof *v);
    for (size_t i = 0; v && i < n; i++)
        mpz_init(v[i]);
    return v;
}
static void zvec_free(mpz_t *v, size_t n)
{
    for (size_t i = 0; v && i < n; i++)
        mpz_clear(v[i]);
    free(v);
}

/* ---------- exact ---------- */

static amq_status exact_pairs(mpq_t rop, uint64_t m, uint64_t k, const wload *p, size_t np, const char *who)
{
    int v;
    if (window_edge(m, k, np, &v)) {
        mpq_set_ui(rop, (unsigned long)v, 1);
        return AMQ_OK;
    }
    const uint64_t K = k < m ? k : m;
    const double T = held_keys(p, np);
    /* Cost model (amq_cost_exact): the denominator m^{k(T+1)}; the work is the K^2/2 products
     * C(d, j) (m - j)^{k n_i} per distinct load plus K products of the denominator's size. */
    const double den_bits = (double)k * (T + 1.0) * log2((double)m);
    double top = 0;
    for (size_t i = 0; i < np; i++)
        top = fmax(top, (double)p[i].load);
    const double work =
        ((double)K + 1.0) * ((double)K + 2.0) / 2.0 * (double)np * (double)k * top * log2((double)m) +
        4.0 * (double)K * den_bits;
    char what[200];
    snprintf(what, sizeof what, "the denominator m^(k(T+1)) (m = %llu, k = %llu, T = %.0f keys held)", ULL(m), ULL(k),
             T);
    amq_status st = amq_cost_exact(who, what, den_bits, work);
    if (st)
        return st;
    /* Now k (T + 1) < 2^26: every exponent below fits an unsigned long. */
    const size_t cnt = (size_t)K + 1;
    mpz_t *S = zvec_new(cnt), *C = zvec_new(cnt), *pw = zvec_new(np * cnt);
    if (!S || !C || !pw) {
        zvec_free(S, S ? cnt : 0);
        zvec_free(C, C ? cnt : 0);
        zvec_free(pw, pw ? np * cnt : 0);
        return amq_fail(AMQ_E_NOMEM, "%s: out of memory", who);
    }
    mpz_t mz, base, mkT, num, prod, Nd, q, ff, t;
    mpz_inits(mz, base, mkT, num, prod, Nd, q, ff, t, NULL);
    z_from_u64(mz, m);
    stirling_row(S, k, K);
    unsigned long kT = 0;
    for (size_t i = 0; i < np; i++) { /* pw[i][j] = (m - j)^{k n_i}; 0 for j = m */
        const unsigned long e = (unsigned long)(k * p[i].load);
        kT += e * (unsigned long)p[i].mult;
        for (uint64_t j = 0; j < cnt; j++) {
            mpz_sub_ui(base, mz, (unsigned long)j);
            mpz_pow_ui(pw[i * cnt + j], base, e);
        }
    }
    mpz_pow_ui(mkT, mz, kT);
    mpz_set_ui(ff, 1);
    mpz_set_ui(C[0], 1);
    for (uint64_t d = 1; d <= K; d++) {
        mpz_sub_ui(base, mz, (unsigned long)(d - 1));
        mpz_mul(ff, ff, base);              /* m^(d) = m (m-1) ... (m-d+1) */
        for (uint64_t j = d; j >= 1; j--) /* Pascal: row d of C(d, j) */
            mpz_add(C[j], C[j], C[j - 1]);
        mpz_set_ui(prod, 1);
        for (size_t i = 0; i < np; i++) {
            mpz_set_ui(Nd, 0);
            for (uint64_t j = 0; j <= d; j++) { /* N_d(n_i) */
                mpz_mul(t, C[j], pw[i * cnt + j]);
                if (j & 1)
                    mpz_sub(Nd, Nd, t);
                else
                    mpz_add(Nd, Nd, t);
            }
            mpz_sub(q, pw[i * cnt], Nd); /* m^{k n_i} - N_d(n_i) */
            mpz_pow_ui(q, q, (unsigned long)p[i].mult);
            mpz_mul(prod, prod, q);
        }
        mpz_sub(t, mkT, prod);
        mpz_mul(t, t, S[d]);
        mpz_mul(t, t, ff);
        mpz_add(num, num, t);
    }
    /* num / m^{k(T+1)} in lowest terms, by the primes of m (not a gcd with the power) */
    amq_spec_reduce_by_power(rop, num, m, (unsigned long)k + kT);
    mpz_clears(mz, base, mkT, num, prod, Nd, q, ff, t, NULL);
    zvec_free(S, cnt);
    zvec_free(C, cnt);
    zvec_free(pw, np * cnt);
    return AMQ_OK;
}

amq_status amq_window_fp_exact(mpq_t rop, uint64_t m, uint64_t k, uint64_t W, uint64_t g, uint64_t N)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_window_fp_exact: NULL argument");
    amq_status st = check_common(m, k, "exact sliding-window rate");
    if (!st)
        st = check_geometry(W, g, "exact sliding-window rate");
    if (st)
        return st;
    const wloads L = structure_loads(W, g, N);
    return exact_pairs(rop, m, k, L.p, L.count, "exact sliding-window rate");
}

amq_status amq_window_fp_exact_loads(mpq_t rop, uint64_t m, uint64_t k, const uint64_t *loads, size_t g)
{
    if (!rop || !loads)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_window_fp_exact_loads: NULL argument");
    amq_status st = check_common(m, k, "exact sliding-window rate");
    if (st)
        return st;
    wload *p;
    size_t np;
    st = group_loads(&p, &np, loads, g, "exact sliding-window rate");
    if (st)
        return st;
    st = exact_pairs(rop, m, k, p, np, "exact sliding-window rate");
    free(p);
    return st;
}

amq_status amq_window_fp_steady_range(mpq_t least, mpq_t largest, uint64_t m, uint64_t k, uint64_t W, uint64_t g)
{
    if (!least || !largest)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_window_fp_steady_range: NULL argument");
    amq_status st = check_common(m, k, "sliding-window steady-state range");
    if (!st)
        st = check_geometry(W, g, "sliding-window steady-state range");
    if (st)
        return st;
    const uint64_t c = amq_window_kernel_capacity(W, g);
    wload p[2] = {{c, g - 1}, {c - 1, 1}}; /* N mod c = 0, and N mod c = c - 1 */
    st = exact_pairs(least, m, k, p, 1, "sliding-window steady-state range");
    if (!st)
        st = exact_pairs(largest, m, k, p, c > 1 ? 2 : 1, "sliding-window steady-state range");
    return st;
}

/* ---------- certified enclosure ---------- */

/* [lo, hi] ∋ (1 - j/m)^e for 1 <= j < m, e >= 1 (an mpz), as exp(e log1p(-j/m)), every step
 * rounded outward. (For j/m near 1 the logarithm loses up to log2(m) bits; that happens only
 * when m <= min(k, m) <= 1024, and the guard bits cover it.) */
static void pow_frac(mpfr_t lo, mpfr_t hi, uint64_t j, const mpz_t mz, const mpz_t e)
{
    mpfr_t u;
    mpfr_init2(u, mpfr_get_prec(lo));
    mpfr_set_ui(u, (unsigned long)j, MPFR_RNDN); /* j <= 1024: exact */
    mpfr_div_z(lo, u, mz, MPFR_RNDU); /* j/m rounded up: the lower result */
    mpfr_div_z(hi, u, mz, MPFR_RNDD);
    mpfr_neg(lo, lo, MPFR_RNDN);
    mpfr_neg(hi, hi, MPFR_RNDN);
    mpfr_log1p(lo, lo, MPFR_RNDD);
    mpfr_log1p(hi, hi, MPFR_RNDU);
    mpfr_mul_z(lo, lo, e, MPFR_RNDD); /* both logs <= 0, e > 0 */
    mpfr_mul_z(hi, hi, e, MPFR_RNDU);
    mpfr_exp(lo, lo, MPFR_RNDD);
    mpfr_exp(hi, hi, MPFR_RNDU);
    mpfr_clear(u);
}

/* Clamp [lo, hi] into [0, 1] (for quantities known to be probabilities). */
static void clamp01(mpfr_t lo, mpfr_t hi)
{
    if (mpfr_sgn(lo) < 0)
        mpfr_set_zero(lo, 1);
    if (mpfr_cmp_ui(hi, 1) > 0)
        mpfr_set_ui(hi, 1, MPFR_RNDU);
    if (mpfr_cmp_ui(lo, 1) > 0)
        mpfr_set_ui(lo, 1, MPFR_RNDD);
    if (mpfr_sgn(hi) < 0)
        mpfr_set_zero(hi, 1);
}

/* The cost model of enclose_pairs (amq_cost_ie_enclose): one inclusion-exclusion per
 * distinct load, cancelling most at the largest. */
static amq_status pairs_cost(uint64_t m, uint64_t k, const wload *p, size_t np, mpfr_prec_t prec, int digits,
                             const char *who)
{
    uint64_t top = 0;
    for (size_t i = 0; i < np; i++)
        if (p[i].load > top)
            top = p[i].load;
    if (digits)
        return amq_cost_ie_decimal(who, m, k, (double)k * (double)top, (double)np, digits);
    return amq_cost_ie_enclose(who, m, k, (double)k * (double)top, (double)np, prec);
}

/* The table f_j(n_i) = (1 - j/m)^{k n_i} for the np loads and j = 0 .. cnt - 1, enclosed in
 * [flo, fhi] at precision wp (initialised here; the caller clears them). */
static void power_table(mpfr_t *flo, mpfr_t *fhi, const wload *p, size_t np, uint64_t m, uint64_t k, size_t cnt,
                        mpfr_prec_t wp)
{
    mpz_t e, mz;
    mpz_inits(e, mz, NULL);
    z_from_u64(mz, m);
    for (size_t i = 0; i < np; i++) {
        z_from_u64(e, p[i].load);
        mpz_mul_ui(e, e, (unsigned long)k);
        for (uint64_t j = 0; j < cnt; j++) {
            mpfr_ptr fl = flo[i * cnt + j], fh = fhi[i * cnt + j];
            mpfr_inits2(wp, fl, fh, (mpfr_ptr)0);
            if (j == 0) {
                mpfr_set_ui(fl, 1, MPFR_RNDD);
                mpfr_set_ui(fh, 1, MPFR_RNDU);
            } else if (j >= m) {
                mpfr_set_zero(fl, 1);
                mpfr_set_zero(fh, 1);
            } else {
                pow_frac(fl, fh, j, mz, e);
            }
        }
    }
    mpz_clears(e, mz, NULL);
}

/* [Plo, Phi] encloses sum_{j=0..d} (-1)^j C[j] f_j from the enclosures [fl[j], fh[j]]: each
 * term rounded outward, a subtracted term from the opposite bound.  t is scratch. */
static void enclose_alternating(mpfr_t Plo, mpfr_t Phi, mpfr_t t, mpfr_t *fl, mpfr_t *fh, mpz_t *C, uint64_t d)
{
    mpfr_set_zero(Plo, 1);
    mpfr_set_zero(Phi, 1);
    for (uint64_t j = 0; j <= d; j++) {
        if (j & 1) {
            mpfr_mul_z(t, fh[j], C[j], MPFR_RNDU);
            mpfr_sub(Plo, Plo, t, MPFR_RNDD);
            mpfr_mul_z(t, fl[j], C[j], MPFR_RNDD);
            mpfr_sub(Phi, Phi, t, MPFR_RNDU);
        } else {
            mpfr_mul_z(t, fl[j], C[j], MPFR_RNDD);
            mpfr_add(Plo, Plo, t, MPFR_RNDD);
            mpfr_mul_z(t, fh[j], C[j], MPFR_RNDU);
            mpfr_add(Phi, Phi, t, MPFR_RNDU);
        }
    }
}

static amq_status enclose_pairs(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k, const wload *p,
                                size_t np, const char *who)
{
    if (prec < MPFR_PREC_MIN || prec > AMQ_CERTIFIED_MAX_PREC * 4)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: precision %ld outside [%d, %ld]", who, (long)prec,
                        (int)MPFR_PREC_MIN, (long)(AMQ_CERTIFIED_MAX_PREC * 4));
    int v;
    if (window_edge(m, k, np, &v)) {
        mpfr_set_ui(lo, (unsigned long)v, MPFR_RNDD);
        mpfr_set_ui(hi, (unsigned long)v, MPFR_RNDU);
        return AMQ_OK;
    }
    amq_status st = pairs_cost(m, k, p, np, prec, 0, who);
    if (st)
        return st;
    const uint64_t K = k < m ? k : m;
    const size_t cnt = (size_t)K + 1;
    mpfr_prec_t wp = prec + 24;
    for (uint64_t x = K; x; x >>= 1)
        wp += 2;
    mpz_t *S = zvec_new(cnt), *C = zvec_new(cnt);
    mpfr_t *flo = malloc(np * cnt * sizeof *flo), *fhi = malloc(np * cnt * sizeof *fhi);
    if (!S || !C || !flo || !fhi) {
        zvec_free(S, S ? cnt : 0);
        zvec_free(C, C ? cnt : 0);
        free(flo);
        free(fhi);
        return amq_fail(AMQ_E_NOMEM, "%s: out of memory", who);
    }
    mpz_t w, mk, mz, ff, mult;
    mpz_inits(w, mk, mz, ff, mult, NULL);
    z_from_u64(mz, m);
    power_table(flo, fhi, p, np, m, k, cnt, wp);
    stirling_row(S, k, K);
    mpz_pow_ui(mk, mz, (unsigned long)k); /* m^k, k <= 1024 */
    mpfr_t Plo, Phi, Slo, Shi, t, wlo, whi, Ulo, Uhi, Flo, Fhi;
    mpfr_inits2(wp, Plo, Phi, Slo, Shi, t, wlo, whi, Ulo, Uhi, Flo, Fhi, (mpfr_ptr)0);
    mpfr_set_zero(Flo, 1);
    mpfr_set_zero(Fhi, 1);
    mpz_set_ui(C[0], 1);
    mpz_set_ui(ff, 1);
    for (uint64_t d = 1; d <= K; d++) {
        mpz_sub_ui(w, mz, (unsigned long)(d - 1));
        mpz_mul(ff, ff, w); /* m^(d) = m (m-1) ... (m-d+1) */
        for (uint64_t j = d; j >= 1; j--)
            mpz_add(C[j], C[j], C[j - 1]);
        mpfr_set_zero(Slo, 1); /* sum of mult * log1p(-P_d(n_i)): Slo from the upper P's */
        mpfr_set_zero(Shi, 1);
        for (size_t i = 0; i < np; i++) {
            enclose_alternating(Plo, Phi, t, flo + i * cnt, fhi + i * cnt, C, d);
            clamp01(Plo, Phi);
            z_from_u64(mult, p[i].mult);
            mpfr_neg(t, Plo, MPFR_RNDN);
            mpfr_log1p(t, t, MPFR_RNDU); /* log1p(-P) is decreasing in P */
            mpfr_mul_z(t, t, mult, MPFR_RNDU);
            mpfr_add(Shi, Shi, t, MPFR_RNDU);
            mpfr_neg(t, Phi, MPFR_RNDN);
            mpfr_log1p(t, t, MPFR_RNDD); /* -inf when P = 1: then U = 1 */
            mpfr_mul_z(t, t, mult, MPFR_RNDD);
            mpfr_add(Slo, Slo, t, MPFR_RNDD);
        }
        mpfr_expm1(Ulo, Shi, MPFR_RNDU); /* U = -expm1(S), decreasing in S */
        mpfr_neg(Ulo, Ulo, MPFR_RNDN);
        mpfr_expm1(Uhi, Slo, MPFR_RNDD);
        mpfr_neg(Uhi, Uhi, MPFR_RNDN);
        clamp01(Ulo, Uhi);
        mpz_mul(w, S[d], ff); /* weight S(k,d) m^(d) / m^k */
        mpfr_set_z(t, w, MPFR_RNDD);
        mpfr_div_z(wlo, t, mk, MPFR_RNDD);
        mpfr_set_z(t, w, MPFR_RNDU);
        mpfr_div_z(whi, t, mk, MPFR_RNDU);
        mpfr_mul(t, wlo, Ulo, MPFR_RNDD);
        mpfr_add(Flo, Flo, t, MPFR_RNDD);
        mpfr_mul(t, whi, Uhi, MPFR_RNDU);
        mpfr_add(Fhi, Fhi, t, MPFR_RNDU);
    }
    clamp01(Flo, Fhi);
    mpfr_set(lo, Flo, MPFR_RNDD);
    mpfr_set(hi, Fhi, MPFR_RNDU);
    mpfr_clears(Plo, Phi, Slo, Shi, t, wlo, whi, Ulo, Uhi, Flo, Fhi, (mpfr_ptr)0);
    for (size_t i = 0; i < np * cnt; i++) {
        mpfr_clear(flo[i]);
        mpfr_clear(fhi[i]);
    }
    free(flo);
    free(fhi);
    zvec_free(S, cnt);
    zvec_free(C, cnt);
    mpz_clears(w, mk, mz, ff, mult, NULL);
    return AMQ_OK;
}

amq_status amq_window_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k, uint64_t W,
                                 uint64_t g, uint64_t N)
{
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_window_fp_enclose: NULL argument");
    amq_status st = check_common(m, k, "sliding-window rate enclosure");
    if (!st)
        st = check_geometry(W, g, "sliding-window rate enclosure");
    if (st)
        return st;
    const wloads L = structure_loads(W, g, N);
    return enclose_pairs(lo, hi, prec, m, k, L.p, L.count, "sliding-window rate enclosure");
}

amq_status amq_window_fp_enclose_loads(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t m, uint64_t k,
                                       const uint64_t *loads, size_t g)
{
    if (!lo || !hi || !loads)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_window_fp_enclose_loads: NULL argument");
    amq_status st = check_common(m, k, "sliding-window rate enclosure");
    if (st)
        return st;
    wload *p;
    size_t np;
    st = group_loads(&p, &np, loads, g, "sliding-window rate enclosure");
    if (st)
        return st;
    st = enclose_pairs(lo, hi, prec, m, k, p, np, "sliding-window rate enclosure");
    free(p);
    return st;
}

amq_status amq_window_fp_enclose_cb(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const void *params)
{
    if (!lo || !hi || !params)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_window_fp_enclose_cb: NULL argument");
    const amq_window_params *p = params;
    return amq_window_fp_enclose(lo, hi, prec, p->m, p->k, p->W, p->g, p->N);
}

/* ---------- decimal ---------- */

amq_status amq_window_fp_decimal(char **out, uint64_t m, uint64_t k, uint64_t W, uint64_t g, uint64_t N,
                                 int digits, mpfr_t lo_out, mpfr_t hi_out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_window_fp_decimal: NULL output pointer");
    *out = NULL;
    amq_status st = check_common(m, k, "sliding-window rate decimal");
    if (!st)
        st = check_geometry(W, g, "sliding-window rate decimal");
    if (st)
        return st;
    const wloads L = structure_loads(W, g, N);
    const double bits = (double)k * (held_keys(L.p, L.count) + 1.0) * log2((double)m);
    char why[512] = "";
    int v;
    if (!window_edge(m, k, L.count, &v) && bits > 65536.0) {
        amq_window_params prm = {m, k, W, g, N};
        st = pairs_cost(m, k, L.p, L.count, 0, digits > 0 ? digits : 1, "sliding-window rate decimal");
        if (!st)
            st = amq_certified_decimal(out, amq_window_fp_enclose_cb, &prm, digits, lo_out, hi_out);
        if (st != AMQ_E_TOO_LARGE || bits > AMQ_WINDOW_EXACT_MAX_BITS)
            return st;
        /* no agreement (a decimal tie?) or beyond the enclosure's cost: the exact rational if
         * it is affordable, else the enclosure's refusal */
        snprintf(why, sizeof why, "%s", amq_last_error());
    }
    mpq_t q;
    mpq_init(q);
    st = exact_pairs(q, m, k, L.p, L.count, "sliding-window rate decimal");
    if (st == AMQ_E_TOO_LARGE && why[0])
        st = amq_fail(AMQ_E_TOO_LARGE, "%s", why);
    if (!st)
        st = amq_mpq_decimal(out, q, digits);
    if (!st && lo_out)
        mpfr_set_q(lo_out, q, MPFR_RNDD);
    if (!st && hi_out)
        mpfr_set_q(hi_out, q, MPFR_RNDU);
    mpq_clear(q);
    return st;
}
