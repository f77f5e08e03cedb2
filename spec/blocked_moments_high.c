/* The moments E[pi^j] of a blocked rate, any j (docs/rates-blocked.md, "Higher moments").
 * pi = (1/b) sum over the blocks of r_B, the rate of block B given its state, so pi^j is
 * the chance that j fresh keys are all positive.  Group the j keys by their blocks: a set
 * partition of the keys into r distinct blocks, of type lambda = (c_1 >= ... >= c_r), has
 * N(lambda) = j! / (prod c_t! prod mult!) members, each of probability (b)_r / b^j, and then
 *   M(lambda) = E[prod_t G_{c_t}(i_t)],  G_c(i) = E[r^c | i keys in the block],
 * the blocks' states being independent given their loads (i_1..i_r) (the multinomial).  So
 *   E[pi^j] = sum_lambda N(lambda) (b)_r / b^j M(lambda).
 * M is a nest of binomial mixtures: M_t(m) = sum_i Bin(m, 1/(b - t))(i) G_{c_t}(i) M_{t+1}(m - i),
 * M_r = 1, M(lambda) = M_0(n), each level the mixture routines' literal sum (exact) or
 * certified window (enclosure).  M_t depends on lambda only through its suffix
 * (c_t, .., c_r), which many partitions share: suffixes are interned, and M_t(m) and G_c(i)
 * are memoised across the partitions. */
#include "spec_internal/blocked.h"
#include "spec_internal/blocked_moments.h"
#include <math.h>
#include <stdlib.h>

typedef struct val {
    mpq_t q;
    mpfr_t lo, hi;
} val;

/* Open addressing; values allocated one by one (stable pointers).  Keys: M, (t << 58) |
 * (suffix << 40) | m; G, (c << 40) | i. */
#define KEY_BITS 40
#define SUFFIX_MAX (UINT64_C(1) << 18)
typedef struct memo {
    uint64_t *keys;
    val **vals;
    size_t cap, used;
} memo;

typedef struct mctx {
    const amq_inner_moment *g;
    uint64_t c[AMQ_BLOCKED_MOMENT_MAX_J];
    uint64_t ids[AMQ_BLOCKED_MOMENT_MAX_J + 1]; /* ids[t]: the interned suffix (c_t..) */
    size_t r;
    uint64_t b;
    int exact, bits;  /* bits: relative width asked of every inner enclosure */
    mpfr_prec_t prec; /* precision of the windows */
    memo M, G;
    val one;
} mctx;

static size_t slot_of(const memo *t, uint64_t key)
{
    uint64_t h = key * UINT64_C(0x9e3779b97f4a7c15);
    size_t s = (size_t)(h >> 20) & (t->cap - 1);
    while (t->vals[s] && t->keys[s] != key)
        s = (s + 1) & (t->cap - 1);
    return s;
}

static void val_free(val *v, int exact)
{
    if (!v)
        return;
    if (exact)
        mpq_clear(v->q);
    else
        mpfr_clears(v->lo, v->hi, (mpfr_ptr)0);
    free(v);
}

static void memo_clear(memo *t, int exact)
{
    for (size_t s = 0; s < t->cap; s++)
        val_free(t->vals[s], exact);
    free(t->keys);
    free(t->vals);
    *t = (memo){0};
}

static int memo_grow(memo *t)
{
    memo n = {calloc(t->cap ? 2 * t->cap : 64, sizeof *n.keys), calloc(t->cap ? 2 * t->cap : 64, sizeof *n.vals),
              t->cap ? 2 * t->cap : 64, t->used};
    if (!n.keys || !n.vals) {
        free(n.keys);
        free(n.vals);
        return 0;
    }
    for (size_t s = 0; s < t->cap; s++)
        if (t->vals[s]) {
            size_t d = slot_of(&n, t->keys[s]);
            n.keys[d] = t->keys[s];
            n.vals[d] = t->vals[s];
        }
    free(t->keys);
    free(t->vals);
    *t = n;
    return 1;
}

static val *memo_get(const memo *t, uint64_t key)
{
    return t->cap ? t->vals[slot_of(t, key)] : NULL;
}

/* A new value stored under key (NULL: out of memory). */
static val *memo_new(mctx *x, memo *t, uint64_t key)
{
    if (2 * (t->used + 1) > t->cap && !memo_grow(t))
        return NULL;
    val *v = malloc(sizeof *v);
    if (!v)
        return NULL;
    if (x->exact)
        mpq_init(v->q);
    else
        mpfr_inits2(x->prec + 32, v->lo, v->hi, (mpfr_ptr)0);
    size_t s = slot_of(t, key);
    t->keys[s] = key;
    t->vals[s] = v;
    t->used++;
    return v;
}

/* Suffix ids: (c, id of the rest) -> id, 0 the empty suffix.  ~0: out of ids or memory. */
typedef struct intern {
    uint64_t *keys, *ids;
    size_t cap, used;
} intern;

static uint64_t intern_id(intern *t, uint64_t c, uint64_t rest)
{
    const uint64_t key = (c << 32) | rest;
    if (2 * (t->used + 1) > t->cap) {
        intern n = {calloc(t->cap ? 2 * t->cap : 64, 8), calloc(t->cap ? 2 * t->cap : 64, 8),
                    t->cap ? 2 * t->cap : 64, t->used};
        if (!n.keys || !n.ids) {
            free(n.keys);
            free(n.ids);
            return ~UINT64_C(0);
        }
        for (size_t s = 0; s < t->cap; s++)
            if (t->ids[s]) {
                size_t d = (size_t)((t->keys[s] * UINT64_C(0x9e3779b97f4a7c15)) >> 20) & (n.cap - 1);
                while (n.ids[d])
                    d = (d + 1) & (n.cap - 1);
                n.keys[d] = t->keys[s];
                n.ids[d] = t->ids[s];
            }
        free(t->keys);
        free(t->ids);
        *t = n;
    }
    size_t s = (size_t)((key * UINT64_C(0x9e3779b97f4a7c15)) >> 20) & (t->cap - 1);
    while (t->ids[s] && t->keys[s] != key)
        s = (s + 1) & (t->cap - 1);
    if (!t->ids[s]) {
        if (t->used + 1 >= SUFFIX_MAX)
            return ~UINT64_C(0);
        t->keys[s] = key;
        t->ids[s] = ++t->used;
    }
    return t->ids[s];
}

static void intern_clear(intern *t)
{
    free(t->keys);
    free(t->ids);
    *t = (intern){0};
}

/* ids[t] for the parts c[0..r), from the end; 0 when the table is exhausted. */
static int suffix_ids(intern *t, const uint64_t *c, size_t r, uint64_t *ids)
{
    ids[r] = 0;
    for (size_t i = r; i-- > 0;)
        if ((ids[i] = intern_id(t, c[i], ids[i + 1])) == ~UINT64_C(0))
            return 0;
    return 1;
}

static amq_status g_val(mctx *x, uint64_t c, uint64_t i, const val **out)
{
    const uint64_t key = (c << KEY_BITS) | i;
    val *v = memo_get(&x->G, key);
    if (v) {
        *out = v;
        return AMQ_OK;
    }
    if (!(v = memo_new(x, &x->G, key)))
        return amq_fail(AMQ_E_NOMEM, "blocked moment: out of memory");
    amq_status st = x->exact ? x->g->exact(v->q, c, i, x->g->params)
                             : x->g->enclose(v->lo, v->hi, x->bits, c, i, x->g->params);
    *out = v;
    return st;
}

static amq_status m_val(mctx *x, size_t t, uint64_t m, const val **out);

typedef struct hparams {
    mctx *x;
    size_t t;
    uint64_t m;
} hparams;

/* h(i) = G_{c_t}(i) M_{t+1}(m - i): the level-t mixture's inner "rate" (in [0, 1]). */
static amq_status h_exact(mpq_t rop, uint64_t i, const void *params)
{
    const hparams *p = params;
    const val *g, *mv;
    amq_status st = g_val(p->x, p->x->c[p->t], i, &g);
    if (st == AMQ_OK)
        st = m_val(p->x, p->t + 1, p->m - i, &mv);
    if (st == AMQ_OK)
        mpq_mul(rop, g->q, mv->q);
    return st;
}

static amq_status h_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t i, const void *params)
{
    (void)prec; /* the memoised values have the context's own precision */
    const hparams *p = params;
    const val *g, *mv;
    amq_status st = g_val(p->x, p->x->c[p->t], i, &g);
    if (st == AMQ_OK)
        st = m_val(p->x, p->t + 1, p->m - i, &mv);
    if (st == AMQ_OK) { /* both nonnegative: the ends multiply, rounded outward */
        mpfr_mul(lo, g->lo, mv->lo, MPFR_RNDD);
        mpfr_mul(hi, g->hi, mv->hi, MPFR_RNDU);
    }
    return st;
}

static amq_status m_val(mctx *x, size_t t, uint64_t m, const val **out)
{
    if (t == x->r) {
        *out = &x->one;
        return AMQ_OK;
    }
    const uint64_t key = ((uint64_t)t << 58) | (x->ids[t] << KEY_BITS) | m;
    val *v = memo_get(&x->M, key);
    if (v) {
        *out = v;
        return AMQ_OK;
    }
    const hparams hp = {x, t, m};
    const amq_inner_rate h = {"a block's moment times the other blocks'", h_exact, h_enclose, 0, NULL, &hp};
    /* computed into a local value first: the recursion may grow the table */
    val tmp;
    amq_status st;
    if (x->exact) {
        mpq_init(tmp.q);
        st = amq_blocked_fp_exact_sum(tmp.q, &h, x->b - t, m);
    } else {
        mpfr_inits2(x->prec + 32, tmp.lo, tmp.hi, (mpfr_ptr)0);
        st = amq_blocked_fp_enclose_window(tmp.lo, tmp.hi, x->prec, &h, x->b - t, m);
    }
    if (st == AMQ_OK && !(v = memo_new(x, &x->M, key)))
        st = amq_fail(AMQ_E_NOMEM, "blocked moment: out of memory");
    if (st == AMQ_OK) {
        if (x->exact)
            mpq_swap(v->q, tmp.q);
        else {
            mpfr_swap(v->lo, tmp.lo);
            mpfr_swap(v->hi, tmp.hi);
        }
        *out = v;
    }
    if (x->exact)
        mpq_clear(tmp.q);
    else
        mpfr_clears(tmp.lo, tmp.hi, (mpfr_ptr)0);
    return st;
}

/* ---- the sum over the partitions of j ---- */

typedef amq_status (*part_fn)(const uint64_t *c, size_t r, void *ctx);

/* Every partition of j (parts nonincreasing) to fn, until fn returns non-zero. */
static amq_status partitions(uint64_t *c, size_t r, uint64_t left, uint64_t top, part_fn fn, void *ctx)
{
    if (left == 0)
        return fn(c, r, ctx);
    for (uint64_t p = left < top ? left : top; p >= 1; p--) {
        c[r] = p;
        amq_status st = partitions(c, r + 1, left - p, p, fn, ctx);
        if (st)
            return st;
    }
    return AMQ_OK;
}

/* The work, in window terms, before anything is computed: level t of a partition sums about
 * W_t terms for each of at most D_t distinct key counts m (the first t loads each move m
 * within a window W_0); the block moments G_c(i) are memoised over the partitions. */
typedef struct cost_ctx {
    uint64_t b, n;
    mpfr_prec_t prec;
    int exact;
    double total, limit;
    intern suffixes, seen; /* seen: the (level, suffix) pairs counted */
} cost_ctx;

static amq_status cost_one(const uint64_t *c, size_t r, void *ctx)
{
    cost_ctx *k = ctx;
    if (r > k->b)
        return AMQ_OK; /* (b)_r = 0: no term */
    const double n1 = (double)k->n + 1.0;
    uint64_t ids[AMQ_BLOCKED_MOMENT_MAX_J + 1];
    if (!suffix_ids(&k->suffixes, c, r, ids))
        return AMQ_E_TOO_LARGE;
    for (size_t t = 0; t < r; t++) {
        const uint64_t before = k->seen.used;
        if (intern_id(&k->seen, t, ids[t]) == ~UINT64_C(0))
            return AMQ_E_TOO_LARGE;
        if (k->seen.used == before)
            continue; /* this level of this suffix is computed once */
        if (k->exact)
            k->total += n1 * n1;
        else {
            const double W0 = fmin(n1, amq_blocked_window_terms(k->b, k->n, k->prec));
            k->total += fmin(n1, 1.0 + (double)t * W0) * fmin(n1, amq_blocked_window_terms(k->b - t, k->n, k->prec));
        }
    }
    return k->total > k->limit ? AMQ_E_TOO_LARGE : AMQ_OK;
}

/* The terms of E[pi^j] in *total; AMQ_E_TOO_LARGE (no message) beyond the limit. */
static amq_status count_terms(const amq_inner_moment *g, uint64_t b, uint64_t n, uint64_t j, mpfr_prec_t prec,
                              int exact, double *total)
{
    cost_ctx k = {b, n, prec, exact, 0.0, exact ? AMQ_BLOCKED_MOMENT_EXACT_MAX_TERMS : AMQ_BLOCKED_MOMENT_MAX_TERMS,
                  {0}, {0}};
    const double n1 = (double)n + 1.0, W0 = fmin(n1, exact ? n1 : 3.0 * amq_blocked_window_terms(b, n, prec));
    for (uint64_t c = 1; c <= j; c++)
        k.total += W0 * (g->cost ? g->cost(c, g->params) : 1.0);
    uint64_t parts[AMQ_BLOCKED_MOMENT_MAX_J];
    amq_status st = k.total > k.limit ? AMQ_E_TOO_LARGE : partitions(parts, 0, j, j, cost_one, &k);
    intern_clear(&k.suffixes);
    intern_clear(&k.seen);
    *total = k.total;
    return st;
}

static amq_status check_cost(const amq_inner_moment *g, uint64_t b, uint64_t n, uint64_t j, mpfr_prec_t prec,
                             int exact, const char *who)
{
    if (j == 0 || j > AMQ_BLOCKED_MOMENT_MAX_J)
        return amq_fail(j ? AMQ_E_TOO_LARGE : AMQ_E_INVALID_ARG, "%s: moment j = %llu outside [1, %d]", who, ULL(j),
                        AMQ_BLOCKED_MOMENT_MAX_J);
    if (n >> KEY_BITS)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: n = %llu keys (limit 2^%d)", who, ULL(n), KEY_BITS);
    if (exact && n > AMQ_BLOCKED_EXACT_MAX_N)
        return amq_fail(AMQ_E_TOO_LARGE, "%s: n = %llu keys (the exact sums are limited to n <= %u)", who, ULL(n),
                        AMQ_BLOCKED_EXACT_MAX_N);
    double total = 0.0;
    if (count_terms(g, b, n, j, prec, exact, &total))
        return amq_fail(AMQ_E_TOO_LARGE,
                        "%s: E[pi^%llu] over %llu blocks at n = %llu needs more than %.3g terms (limit %.3g%s)", who,
                        ULL(j), ULL(b), ULL(n), total,
                        exact ? AMQ_BLOCKED_MOMENT_EXACT_MAX_TERMS : AMQ_BLOCKED_MOMENT_MAX_TERMS,
                        exact ? "; use the certified enclosure" : "; a smaller j, or fewer keys per block");
    return AMQ_OK;
}

double amq_blocked_moment_terms(const amq_inner_moment *g, uint64_t b, uint64_t n, uint64_t j, mpfr_prec_t prec)
{
    double total = 0.0;
    if (j == 0 || j > AMQ_BLOCKED_MOMENT_MAX_J || (n >> KEY_BITS) || count_terms(g, b, n, j, prec, 0, &total))
        return INFINITY;
    return total;
}

/* N(lambda) (b)_r / b^j, exactly. */
static void coefficient(mpq_t coef, const uint64_t *c, size_t r, uint64_t b, uint64_t j)
{
    mpz_t num, den, f, bz;
    mpz_inits(num, den, f, bz, (mpz_ptr)0);
    mpz_fac_ui(num, (unsigned long)j);
    mpz_set_ui(den, 1);
    for (size_t t = 0, run = 0; t < r; t++) {
        mpz_fac_ui(f, (unsigned long)c[t]);
        mpz_mul(den, den, f);
        run = t > 0 && c[t] == c[t - 1] ? run + 1 : 1;
        mpz_mul_ui(den, den, (unsigned long)run); /* mult! built up one factor at a time */
        z_set_u64(bz, b - t);
        mpz_mul(num, num, bz);
    }
    z_set_u64(bz, b);
    mpz_pow_ui(bz, bz, (unsigned long)j);
    mpz_mul(den, den, bz);
    mpq_set_num(coef, num);
    mpq_set_den(coef, den);
    mpq_canonicalize(coef);
    mpz_clears(num, den, f, bz, (mpz_ptr)0);
}

typedef struct sum_ctx {
    mctx *x;
    intern suffixes;
    uint64_t n, j;
    mpq_t acc, coef;
    mpfr_t lo, hi, cl, ch, t;
} sum_ctx;

static amq_status add_one(const uint64_t *c, size_t r, void *ctx)
{
    sum_ctx *s = ctx;
    mctx *x = s->x;
    if (r > x->b)
        return AMQ_OK;
    for (size_t t = 0; t < r; t++)
        x->c[t] = c[t];
    x->r = r;
    if (!suffix_ids(&s->suffixes, c, r, x->ids)) /* the estimate interned them all: memory */
        return amq_fail(AMQ_E_NOMEM, "blocked moment: out of memory");
    const val *mv;
    amq_status st = m_val(x, 0, s->n, &mv);
    if (st)
        return st;
    coefficient(s->coef, c, r, x->b, s->j);
    if (x->exact) {
        mpq_mul(s->coef, s->coef, mv->q);
        mpq_add(s->acc, s->acc, s->coef);
    } else {
        mpfr_set_q(s->cl, s->coef, MPFR_RNDD);
        mpfr_set_q(s->ch, s->coef, MPFR_RNDU);
        mpfr_mul(s->t, s->cl, mv->lo, MPFR_RNDD);
        mpfr_add(s->lo, s->lo, s->t, MPFR_RNDD);
        mpfr_mul(s->t, s->ch, mv->hi, MPFR_RNDU);
        mpfr_add(s->hi, s->hi, s->t, MPFR_RNDU);
    }
    return AMQ_OK;
}

static amq_status moment(mpq_t rop, mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_moment *g, uint64_t b,
                         uint64_t n, uint64_t j, const char *who)
{
    const int exact = rop != NULL;
    amq_status st = (!g || !g->exact || !g->enclose) ? amq_fail(AMQ_E_INVALID_ARG, "%s: NULL inner moment", who)
                                                      : blocked_check_b(b, who);
    if (st == AMQ_OK && !exact)
        st = blocked_check_prec(prec, who);
    if (st == AMQ_OK)
        st = check_cost(g, b, n, j, prec, exact, who);
    if (st)
        return st;
    mctx x = {.g = g, .b = b, .exact = exact};
    x.bits = (int)prec + 8 + u64_bitlen(j); /* r <= j nested levels each widen by about 2^-bits */
    x.prec = x.bits;
    sum_ctx s = {.x = &x, .n = n, .j = j};
    mpq_inits(x.one.q, s.acc, s.coef, (mpq_ptr)0);
    mpq_set_ui(x.one.q, 1, 1);
    mpfr_inits2(x.prec + 32, x.one.lo, x.one.hi, s.lo, s.hi, s.cl, s.ch, s.t, (mpfr_ptr)0);
    mpfr_set_ui(x.one.lo, 1, MPFR_RNDD);
    mpfr_set_ui(x.one.hi, 1, MPFR_RNDU);
    mpfr_set_zero(s.lo, 1);
    mpfr_set_zero(s.hi, 1);
    uint64_t parts[AMQ_BLOCKED_MOMENT_MAX_J];
    st = partitions(parts, 0, j, j, add_one, &s);
    if (st == AMQ_OK && exact)
        mpq_set(rop, s.acc);
    if (st == AMQ_OK && !exact) {
        if (mpfr_cmp_ui(s.hi, 1) > 0) /* a probability */
            mpfr_set_ui(s.hi, 1, MPFR_RNDU);
        mpfr_set(lo, s.lo, MPFR_RNDD);
        mpfr_set(hi, s.hi, MPFR_RNDU);
    }
    memo_clear(&x.M, exact);
    memo_clear(&x.G, exact);
    intern_clear(&s.suffixes);
    mpq_clears(x.one.q, s.acc, s.coef, (mpq_ptr)0);
    mpfr_clears(x.one.lo, x.one.hi, s.lo, s.hi, s.cl, s.ch, s.t, (mpfr_ptr)0);
    return st;
}

amq_status amq_blocked_moment_exact(mpq_t rop, const amq_inner_moment *g, uint64_t b, uint64_t n, uint64_t j,
                                    const char *who)
{
    return moment(rop, NULL, NULL, 0, g, b, n, j, who);
}

amq_status amq_blocked_moment_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_inner_moment *g,
                                      uint64_t b, uint64_t n, uint64_t j, const char *who)
{
    return moment(NULL, lo, hi, prec, g, b, n, j, who);
}
