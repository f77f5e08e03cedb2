/* E[pi^j] of the sliding-window Bloom filter (amq/spec_window.h): the chance that j fresh keys
 * all test positive after N insertions, under the model of its rate (amq_window_fp_exact):
 * every key's k indices uniform on [0, m) and independent, the SAME vector in every
 * generation, generation i holding n_i keys (the structure's loads after N insertions: some
 * full ones of c keys and the current one; empty ones cover nothing).
 *
 * Derivation.  Let Q_1 .. Q_j be the sets of distinct positions of the j queries' vectors
 * and B_i the set bits of generation i.  pi^j is the chance that every query is covered by
 * some generation: E[pi^j] = P(for all l, some i has Q_l in B_i).  Given the queries, the
 * generations are independent (they hold different keys), so with T_i = {l : Q_l in B_i},
 * inclusion-exclusion over the set A of queries left uncovered gives
 *     P(all covered | Q) = sum_{A in [j]} (-1)^|A| prod_i P(T_i misses A | Q),
 *     P(T_i misses A | Q) = sum_{L in A} (-1)^|L| P(U(L) in B_i),   U(L) = union of Q_l, l in L,
 * and P(U in B_i) = P_u(n_i) = sum_t (-1)^t C(u, t) (1 - t/m)^{k n_i}, u = |U| (u fixed bits
 * all set by k n_i uniform indices: the Bloom coverage of the rate, P_0 = 1).  So the
 * conditional value depends on the queries only through the sizes |U(L)|, and these through
 * the Venn counts x_S (S a nonempty subset of [j]) = the number of positions hit by exactly
 * the queries of S: |U(L)| = D - sum_{S in [j] \ L} x_S, D = sum_S x_S.  The law of the Venn
 * counts: the j k indices are j functions [k] -> [m]; those with counts x number
 *     m^(D) / prod_S x_S!  *  prod_l d_l! S(k, d_l),   d_l = sum_{S containing l} x_S
 * (choose the D positions with their types, then each query's surjection onto its d_l), out of
 * m^{jk}.  Hence
 *     E[pi^j] = m^{-jk} sum_x [m^(D) prod_l d_l! S(k, d_l) / prod_S x_S!] Phi(x),
 *     Phi(x) = sum_A (-1)^|A| prod_{distinct loads n} h_n(A)^{mult(n)},
 *     h_n(A) = sum_{L in A} (-1)^|L| P_{|U(L)|}(n)            (a subset-sum transform).
 * j = 1 gives the rate: x = (d), Phi = 1 - prod_n (1 - P_d(n))^{mult}.  Phi is a probability
 * and every weight is positive, so only Phi and P_u cancel; both are intervals (MPFI, every
 * rounding outward, each h and Phi clamped to [0, 1]) and the precision is doubled until the
 * sum has relative width 2^-bits.  The work grows with the number of Venn vectors (j = 2:
 * about k^3 / 6; j = 4, k = 3: 10232), which the cost model counts before anything is
 * computed. */
#include <lib_internal/fail.h>
#include <lib_internal/window_moment_cost.h>
#include <lib_internal/window_kernel.h>
#include <amq/spec_window.h>
#include <amq/spec_moments.h>
#include <limits.h>
#include <math.h>
#include <mpfi.h>
#include "spec_internal/cost.h"
#include "spec_internal/refine.h"
#include <stdio.h>
#include <stdlib.h>

#define MAXJ AMQ_WINDOW_MOMENT_MAX_J
#define NSETS (1u << MAXJ)

typedef struct wm_load {
    uint64_t load, mult;
} wm_load;

/* The walk over the Venn vectors x (x[S], S = 1 .. 2^j - 1), d[l] <= K, D <= m. */
typedef struct wm_walk {
    unsigned j;
    uint64_t K, m, D, cap, leaves;
    uint64_t x[NSETS], d[MAXJ];
    int stop;
    void (*leaf)(struct wm_walk *w);
    void *arith;
} wm_walk;

static void walk(wm_walk *w, unsigned S)
{
    if (w->stop)
        return;
    if (S == (1u << w->j)) {
        for (unsigned l = 0; l < w->j; l++)
            if (w->d[l] == 0) /* every query has k >= 1 indices, so one position at least */
                return;
        if (++w->leaves > w->cap) {
            w->stop = 1;
            return;
        }
        if (w->leaf)
            w->leaf(w);
        return;
    }
    uint64_t x = 0;
    for (;;) {
        w->x[S] = x;
        walk(w, S + 1);
        int room = w->D < w->m;
        for (unsigned l = 0; l < w->j && room; l++)
            room = !((S >> l) & 1u) || w->d[l] < w->K;
        if (!room || w->stop)
            break;
        for (unsigned l = 0; l < w->j; l++)
            w->d[l] += (S >> l) & 1u;
        w->D++;
        x++;
    }
    for (unsigned l = 0; l < w->j; l++)
        w->d[l] -= ((S >> l) & 1u) * x;
    w->D -= x;
    w->x[S] = 0;
}

/* The number of Venn vectors, or cap + 1 when there are more.  The walk over up to cap of them
 * takes some 10 ms, and a check asks at every load point and order: the last few counts are
 * kept per thread (they depend on j, K and m only). */
static uint64_t count_vectors(unsigned j, uint64_t K, uint64_t m, uint64_t cap)
{
    enum { KEEP = 16 };
    static _Thread_local struct {
        uint64_t j, K, m, cap, n;
    } kept[KEEP];
    static _Thread_local unsigned next;
    for (unsigned i = 0; i < KEEP; i++)
        if (kept[i].j == j && kept[i].K == K && kept[i].m == m && kept[i].cap == cap)
            return kept[i].n;
    /* each query alone on 1 .. K positions: K^j vectors at least */
    if (pow((double)K, (double)j) > (double)cap)
        return cap + 1;
    wm_walk *w = calloc(1, sizeof *w);
    if (!w)
        return cap + 1;
    *w = (wm_walk){.j = j, .K = K, .m = m, .cap = cap};
    walk(w, 1);
    const uint64_t n = w->leaves;
    free(w);
    kept[next].j = j, kept[next].K = K, kept[next].m = m, kept[next].cap = cap, kept[next].n = n;
    next = (next + 1) % KEEP;
    return n;
}

/* ---- the arithmetic of one pass at precision prec ---- */
typedef struct wm_arith {
    size_t np;
    wm_load p[2];
    uint64_t U;      /* largest |U(L)|: min(j K, m) */
    mpfi_t *P;       /* P[i * (U + 1) + u] = P_u(n_i) */
    mpz_t *mm;       /* m^(D), D = 0 .. U */
    mpz_t *surj;     /* d! S(k, d), d = 0 .. K */
    mpz_t *fact;     /* x!, x = 0 .. U */
    mpfi_t *h;       /* h[i * 2^j + A] */
    mpfi_t sum, phi, t;
    mpfr_t a, b;
    mpz_t cnt;
} wm_arith;

static void leaf(wm_walk *w)
{
    wm_arith *r = w->arith;
    const unsigned j = w->j, n = 1u << j, full = n - 1;
    uint64_t y[NSETS]; /* y[M] = sum of x_S over nonempty S in M */
    y[0] = 0;
    for (unsigned S = 1; S < n; S++)
        y[S] = w->x[S];
    for (unsigned b = 0; b < j; b++)
        for (unsigned M = 0; M < n; M++)
            if ((M >> b) & 1u)
                y[M] += y[M ^ (1u << b)];
    mpfi_set_ui(r->phi, 0);
    for (size_t i = 0; i < r->np; i++) {
        mpfi_t *h = r->h + i * n;
        for (unsigned L = 0; L < n; L++) { /* (-1)^|L| P_{|U(L)|}(n_i) */
            const uint64_t u = w->D - y[full ^ L];
            if (__builtin_popcount(L) & 1)
                mpfi_neg(h[L], r->P[i * (r->U + 1) + u]);
            else
                mpfi_set(h[L], r->P[i * (r->U + 1) + u]);
        }
        for (unsigned b = 0; b < j; b++)
            for (unsigned A = 0; A < n; A++)
                if ((A >> b) & 1u)
                    mpfi_add(h[A], h[A], h[A ^ (1u << b)]);
    }
    for (unsigned A = 0; A < n; A++) { /* (-1)^|A| prod_i h_i(A)^mult_i, each h in [0, 1] */
        mpfi_set_ui(r->t, 1);
        for (size_t i = 0; i < r->np; i++) {
            mpfi_get_left(r->a, r->h[i * n + A]);
            mpfi_get_right(r->b, r->h[i * n + A]);
            if (mpfr_sgn(r->a) < 0)
                mpfr_set_zero(r->a, 1);
            if (mpfr_cmp_ui(r->b, 1) > 0)
                mpfr_set_ui(r->b, 1, MPFR_RNDU);
            if (mpfr_cmp(r->a, r->b) > 0) /* an enclosure of a probability that left [0, 1] */
                mpfr_set(r->a, r->b, MPFR_RNDD);
            mpfr_pow_ui(r->a, r->a, (unsigned long)r->p[i].mult, MPFR_RNDD);
            mpfr_pow_ui(r->b, r->b, (unsigned long)r->p[i].mult, MPFR_RNDU);
            mpfi_interv_fr(r->h[i * n + A], r->a, r->b);
            mpfi_mul(r->t, r->t, r->h[i * n + A]);
        }
        if (__builtin_popcount(A) & 1)
            mpfi_sub(r->phi, r->phi, r->t);
        else
            mpfi_add(r->phi, r->phi, r->t);
    }
    mpfi_get_left(r->a, r->phi); /* Phi is a probability */
    mpfi_get_right(r->b, r->phi);
    if (mpfr_sgn(r->a) < 0)
        mpfr_set_zero(r->a, 1);
    if (mpfr_cmp_ui(r->b, 1) > 0)
        mpfr_set_ui(r->b, 1, MPFR_RNDU);
    if (mpfr_cmp(r->a, r->b) > 0)
        mpfr_set(r->a, r->b, MPFR_RNDD);
    mpfi_interv_fr(r->phi, r->a, r->b);
    /* the count of index vectors with these Venn counts (an integer) */
    mpz_set(r->cnt, r->mm[w->D]);
    for (unsigned l = 0; l < j; l++)
        mpz_mul(r->cnt, r->cnt, r->surj[w->d[l]]);
    for (unsigned S = 1; S < n; S++)
        if (w->x[S] > 1)
            mpz_divexact(r->cnt, r->cnt, r->fact[w->x[S]]);
    mpfi_mul_z(r->phi, r->phi, r->cnt);
    mpfi_add(r->sum, r->sum, r->phi);
}

/* P_u(n) = sum_t (-1)^t C(u, t) (1 - t/m)^{kn}, u = 0 .. U, as intervals (q, C: U + 1 each,
 * initialised). */
static void coverage(mpfi_t *P, mpfi_t *q, mpz_t *C, uint64_t U, uint64_t m, uint64_t k, uint64_t n)
{
    mpz_t mz, e;
    mpfi_t term;
    mpz_inits(mz, e, (mpz_ptr)0);
    mpfi_init2(term, mpfi_get_prec(P[0]));
    mpz_import(mz, 1, 1, sizeof m, 0, 0, &m);
    mpz_import(e, 1, 1, sizeof n, 0, 0, &n);
    mpz_mul_ui(e, e, (unsigned long)k);
    for (uint64_t t = 0; t <= U; t++) { /* q_t = (1 - t/m)^{kn} = exp(kn log1p(-t/m)); 0 at t = m */
        if (t == 0)
            mpfi_set_ui(q[t], 1);
        else if (t >= m)
            mpfi_set_ui(q[t], 0);
        else {
            mpfi_set_ui(q[t], (unsigned long)t);
            mpfi_div_z(q[t], q[t], mz);
            mpfi_neg(q[t], q[t]);
            mpfi_log1p(q[t], q[t]);
            mpfi_mul_z(q[t], q[t], e);
            mpfi_exp(q[t], q[t]);
        }
        mpz_set_ui(C[t], t == 0);
    }
    for (uint64_t u = 0; u <= U; u++) {
        for (uint64_t t = u; t >= 1; t--) /* Pascal: row u of C(u, t) */
            mpz_add(C[t], C[t], C[t - 1]);
        mpfi_set_ui(P[u], 0);
        for (uint64_t t = 0; t <= u; t++) {
            mpfi_mul_z(term, q[t], C[t]);
            if (t & 1)
                mpfi_sub(P[u], P[u], term);
            else
                mpfi_add(P[u], P[u], term);
        }
    }
    mpfi_clear(term);
    mpz_clears(mz, e, (mpz_ptr)0);
}

/* ---- the parameters: checks, loads, edge cases ---- */
typedef struct wm_params {
    uint64_t m, k, K, U, j;
    size_t np;
    wm_load p[2];
    int decided; /* -1: to compute; 0 or 1: the moment's value */
} wm_params;

static amq_status prepare(wm_params *q, uint64_t m, uint64_t k, uint64_t W, uint64_t g, uint64_t N, uint64_t j,
                          const char *who)
{
    uint64_t c = 0;
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: m = 0 (a generation needs at least one bit)", who);
    if (k > AMQ_WINDOW_RATE_MAX_K)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: k = %llu exceeds the limit %u of the rate routines", who, ULL(k),
                        AMQ_WINDOW_RATE_MAX_K);
    if (j == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: moment j = 0 (E[pi^0] = 1 needs no routine; j >= 1)", who);
    if (W == 0 || g < 2) {
        amq_window_capacity(&c, W, g); /* its message names W or g */
        char msg[300];
        snprintf(msg, sizeof msg, "%s", amq_last_error());
        return amq_fail(AMQ_E_INVALID_ARG, "%s: %s", who, msg);
    }
    if (j > MAXJ)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: moment j = %llu (limit %d: 2^j sets of queries per Venn vector)", who,
                        ULL(j), MAXJ);
    c = amq_window_kernel_capacity(W, g);
    /* the loads after N insertions (amq_window_loads): min(N / c, g - 1) full, N mod c current */
    const uint64_t full = N / c < g - 1 ? N / c : g - 1;
    *q = (wm_params){m, k, k < m ? k : m, 0, j, 0, {{0, 0}, {0, 0}}, -1};
    if (full > 0)
        q->p[q->np++] = (wm_load){c, full};
    if (N % c > 0)
        q->p[q->np++] = (wm_load){N % c, 1};
    q->U = j * q->K < m ? j * q->K : m;
    if (k == 0) /* the empty vector is present in every generation */
        q->decided = 1;
    else if (q->np == 0) /* no key held */
        q->decided = 0;
    else if (m == 1) /* a generation holding a key has its only bit set */
        q->decided = 1;
    else if (q->U > AMQ_MOMENTS_MAX_KQ)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: j = %llu keys of k = %llu ask %llu positions (limit %d)", who, ULL(j),
                        ULL(k), ULL(q->U), AMQ_MOMENTS_MAX_KQ);
    return AMQ_OK;
}

/* The work of one pass at precision P (units of AMQ_WINDOW_MOMENT_NS_PER_UNIT): per Venn vector
 * j + 4 interval operations per set of queries and load, and the coverage table; each
 * operation costs about 1 + P/64 limb steps. */
static double pass_units(const wm_params *q, double vectors, double P)
{
    const double sets = (double)(1u << q->j), np = (double)q->np, U = (double)q->U;
    return (vectors * (sets * np * ((double)q->j + 4.0) + 4.0 * (double)q->j) + np * (U + 1.0) * (U + 4.0) / 2.0) *
           (1.0 + P / 64.0);
}

/* The precisions of the passes: from bits + 64 + U, doubled until they cover the cancellation
 * of P_u (amq_cost_ie_cancel_bits, at the largest load) and of Phi (about as many bits again:
 * E[pi^j] against terms of order 1). */
static mpfr_prec_t first_prec(const wm_params *q, int bits) { return (mpfr_prec_t)bits + 64 + (mpfr_prec_t)q->U; }

static double estimate(const wm_params *q, int bits, uint64_t *vectors)
{
    *vectors = count_vectors((unsigned)q->j, q->K, q->m, AMQ_WINDOW_MOMENT_MAX_VECTORS);
    if (*vectors > AMQ_WINDOW_MOMENT_MAX_VECTORS)
        return INFINITY;
    const double kn = (double)q->k * (double)q->p[0].load;
    const double cancel = 2.0 * amq_cost_ie_cancel_bits(q->m, q->U, kn);
    double units = 0.0;
    for (double P = (double)first_prec(q, bits);; P *= 2.0) {
        units += pass_units(q, (double)*vectors, P);
        if (P >= cancel + bits + 64.0 || P >= (double)AMQ_CERTIFIED_MAX_PREC)
            break;
    }
    return units * AMQ_WINDOW_MOMENT_NS_PER_UNIT + AMQ_WINDOW_MOMENT_NS_PER_CALL;
}

double amq_window_fp_moment_work(uint64_t m, uint64_t k, uint64_t W, uint64_t g, uint64_t N, uint64_t j, int bits)
{
    wm_params q;
    uint64_t vectors;
    if (bits < 1 || bits > 4096 || prepare(&q, m, k, W, g, N, j, "moment of the sliding-window rate") != AMQ_OK)
        return INFINITY;
    if (q.decided >= 0)
        return 0.0;
    const double ns = estimate(&q, bits, &vectors);
    return ns > AMQ_WINDOW_MOMENT_MAX_NS ? INFINITY : ns;
}

static amq_status arith_init(wm_arith *r, const wm_params *q, mpfr_prec_t prec)
{
    const uint64_t U = q->U, K = q->K, sets = (uint64_t)1 << q->j;
    *r = (wm_arith){.np = q->np, .p = {q->p[0], q->p[1]}, .U = U};
    r->P = malloc(q->np * (U + 1) * sizeof *r->P);
    r->h = malloc(q->np * sets * sizeof *r->h);
    r->mm = malloc((U + 1) * sizeof *r->mm);
    r->fact = malloc((U + 1) * sizeof *r->fact);
    r->surj = malloc((K + 1) * sizeof *r->surj);
    mpfi_t *qt = malloc((U + 1) * sizeof *qt);
    mpz_t *C = malloc((U + 1) * sizeof *C);
    if (!r->P || !r->h || !r->mm || !r->fact || !r->surj || !qt || !C) {
        free(r->P), free(r->h), free(r->mm), free(r->fact), free(r->surj), free(qt), free(C);
        *r = (wm_arith){0};
        return AMQ_E_NOMEM;
    }
    for (uint64_t i = 0; i < q->np * (U + 1); i++)
        mpfi_init2(r->P[i], prec);
    for (uint64_t i = 0; i < q->np * sets; i++)
        mpfi_init2(r->h[i], prec);
    for (uint64_t u = 0; u <= U; u++) {
        mpfi_init2(qt[u], prec);
        mpz_init(C[u]);
        mpz_init(r->mm[u]);
        mpz_init(r->fact[u]);
    }
    for (size_t i = 0; i < q->np; i++)
        coverage(r->P + i * (U + 1), qt, C, U, q->m, q->k, q->p[i].load);
    for (uint64_t u = 0; u <= U; u++) {
        mpfi_clear(qt[u]);
        mpz_clear(C[u]);
    }
    free(qt);
    free(C);
    mpz_t mz;
    mpz_init(mz);
    mpz_import(mz, 1, 1, sizeof q->m, 0, 0, &q->m);
    mpz_set_ui(r->mm[0], 1);
    mpz_set_ui(r->fact[0], 1);
    for (uint64_t u = 1; u <= U; u++) { /* m^(u) = m (m - 1) .. (m - u + 1); u! */
        mpz_sub_ui(mz, mz, u > 1);
        mpz_mul(r->mm[u], r->mm[u - 1], mz);
        mpz_mul_ui(r->fact[u], r->fact[u - 1], (unsigned long)u);
    }
    mpz_clear(mz);
    /* d! S(k, d), d = 0 .. K: surjections of k indices onto d positions, by the recurrence
     * Surj(r, d) = d (Surj(r - 1, d) + Surj(r - 1, d - 1)) over r = 1 .. k */
    for (uint64_t d = 0; d <= K; d++)
        mpz_init_set_ui(r->surj[d], d == 0);
    for (uint64_t row = 1; row <= q->k; row++) {
        for (uint64_t d = row < K ? row : K; d >= 1; d--) {
            mpz_add(r->surj[d], r->surj[d], r->surj[d - 1]);
            mpz_mul_ui(r->surj[d], r->surj[d], (unsigned long)d);
        }
        mpz_set_ui(r->surj[0], 0);
    }
    mpfi_init2(r->sum, prec);
    mpfi_init2(r->phi, prec);
    mpfi_init2(r->t, prec);
    mpfr_inits2(prec, r->a, r->b, (mpfr_ptr)0);
    mpz_init(r->cnt);
    mpfi_set_ui(r->sum, 0);
    return AMQ_OK;
}

static void arith_clear(wm_arith *r, const wm_params *q)
{
    const uint64_t sets = (uint64_t)1 << q->j;
    for (uint64_t i = 0; i < q->np * (q->U + 1); i++)
        mpfi_clear(r->P[i]);
    for (uint64_t i = 0; i < q->np * sets; i++)
        mpfi_clear(r->h[i]);
    for (uint64_t u = 0; u <= q->U; u++) {
        mpz_clear(r->mm[u]);
        mpz_clear(r->fact[u]);
    }
    for (uint64_t d = 0; d <= q->K; d++)
        mpz_clear(r->surj[d]);
    free(r->P), free(r->h), free(r->mm), free(r->fact), free(r->surj);
    mpfi_clear(r->sum);
    mpfi_clear(r->phi);
    mpfi_clear(r->t);
    mpfr_clears(r->a, r->b, (mpfr_ptr)0);
    mpz_clear(r->cnt);
}

/* One pass at precision prec: [a, b] encloses E[pi^j]. */
static amq_status one_pass(mpfr_t a, mpfr_t b, const wm_params *q, mpfr_prec_t prec)
{
    wm_arith r;
    wm_walk *w = calloc(1, sizeof *w);
    if (!w || arith_init(&r, q, prec) != AMQ_OK) {
        free(w);
        return AMQ_E_NOMEM;
    }
    *w = (wm_walk){.j = (unsigned)q->j, .K = q->K, .m = q->m, .cap = UINT64_MAX, .leaf = leaf, .arith = &r};
    walk(w, 1);
    mpz_t den;
    mpz_init(den);
    mpz_import(den, 1, 1, sizeof q->m, 0, 0, &q->m);
    mpz_pow_ui(den, den, (unsigned long)(q->j * q->k)); /* m^{jk} */
    mpfi_div_z(r.sum, r.sum, den);
    mpz_clear(den);
    mpfr_set_prec(a, prec);
    mpfr_set_prec(b, prec);
    mpfi_get_left(a, r.sum);
    mpfi_get_right(b, r.sum);
    if (mpfr_sgn(a) < 0) /* a probability */
        mpfr_set_zero(a, 1);
    if (mpfr_cmp_ui(b, 1) > 0)
        mpfr_set_ui(b, 1, MPFR_RNDU);
    arith_clear(&r, q);
    free(w);
    return AMQ_OK;
}

static amq_status refine_pass(mpfr_t a, mpfr_t b, mpfr_prec_t prec, void *q)
{
    return one_pass(a, b, q, prec);
}

amq_status amq_window_fp_moment_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t m, uint64_t k, uint64_t W,
                                        uint64_t g, uint64_t N, uint64_t j)
{
    const char *who = "moment of the sliding-window rate";
    if (!lo || !hi)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_window_fp_moment_enclose: NULL argument");
    if (bits < 1 || bits > 4096)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: bits = %d outside [1, 4096]", who, bits);
    wm_params q;
    amq_status st = prepare(&q, m, k, W, g, N, j, who);
    if (st != AMQ_OK)
        return st;
    if (q.decided >= 0) {
        mpfr_set_ui(lo, (unsigned long)q.decided, MPFR_RNDD);
        mpfr_set_ui(hi, (unsigned long)q.decided, MPFR_RNDU);
        return AMQ_OK;
    }
    uint64_t vectors;
    const double ns = estimate(&q, bits, &vectors);
    if (ns > AMQ_WINDOW_MOMENT_MAX_NS) {
        if (vectors > AMQ_WINDOW_MOMENT_MAX_VECTORS)
            return amq_fail(AMQ_E_TOO_LARGE,
                            "%s: j = %llu keys of k = %llu indices meet in more than %d Venn patterns (the limit; "
                            "m = %llu, N = %llu)",
                            who, ULL(j), ULL(k), AMQ_WINDOW_MOMENT_MAX_VECTORS, ULL(m), ULL(N));
        return amq_fail(AMQ_E_TOO_LARGE,
                        "%s: m = %llu, k = %llu, N = %llu, j = %llu at 2^-%d would take about %.3g s of CPU (%llu Venn "
                        "patterns; limit %.0f s)",
                        who, ULL(m), ULL(k), ULL(N), ULL(j), bits, ns * 1e-9, ULL(vectors),
                        AMQ_WINDOW_MOMENT_MAX_NS * 1e-9);
    }
    st = amq_refine_relative(lo, hi, bits, first_prec(&q, bits), refine_pass, &q);
    if (st == AMQ_E_NOMEM)
        amq_fail(st, "%s: out of memory", who);
    else if (st != AMQ_OK)
        amq_fail(st, "%s: no enclosure of relative width 2^-%d within %ld bits (m = %llu, k = %llu, N = %llu, j = %llu)",
                 who, bits, (long)AMQ_CERTIFIED_MAX_PREC, ULL(m), ULL(k), ULL(N), ULL(j));
    return st;
}
