/* Key-level sliding-window Bloom filter: add and query are the proved src/window_key.c (hash, then
 * the window kernel of src/window_kernel.c). */
#include <lib_internal/fail.h>
#include <lib_internal/container.h>
#include <lib_internal/window_check.h>
#include <lib_internal/window_kernel.h>
#include <lib_internal/window_key.h>
#include <lib_internal/window_state.h>
#include <amq/spec_window.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib_internal/null_rule.h>

#define LN2 0.693147180559945309417232121458176568

/* The state is one block of words laid out as the check descriptor's
 * (lib_internal/window_check.h): [cur][count 0 .. g-1][generation 0] .. [generation g-1]. */
struct amq_window {
    amq_window_geom geo;
    amq_hash_strategy strategy;
    uint64_t seed;
    uint64_t insertions; /* since creation or clear, saturating */
    uint64_t nstate;     /* words of state */
    uint64_t *state;
    uint64_t *gen[AMQ_WINDOW_MAX_G];
};

static uint64_t *cur_of(const amq_window *w) { return w->state; }
static uint64_t *counts_of(const amq_window *w) { return w->state + 1; }

static amq_status make(amq_window **out, const amq_window_geom *geo, amq_hash_strategy strategy, uint64_t seed)
{
    amq_window *w = malloc(sizeof *w);
    const uint64_t nstate = amq_window_state_words(geo);
    uint64_t *state = w ? calloc((size_t)nstate, sizeof(uint64_t)) : NULL;
    if (!state) {
        free(w);
        return amq_fail(AMQ_E_NOMEM, "window: cannot allocate %llu bytes for %llu generations of m = %llu bits",
                        ULL(nstate * 8), ULL(geo->g), ULL(geo->m));
    }
    *w = (amq_window){.geo = *geo, .strategy = strategy, .seed = seed, .nstate = nstate, .state = state};
    const uint64_t wpg = AMQ_BLOOM_WORDS(geo->m);
    for (uint64_t i = 0; i < geo->g; i++)
        w->gen[i] = state + 1 + geo->g + i * wpg;
    amq_window_kernel_init(w->gen, counts_of(w), cur_of(w), geo->g, geo->m);
    *out = w;
    return AMQ_OK;
}

static amq_status check_params(amq_window_geom *geo, uint64_t m, uint64_t k, uint64_t W, uint64_t g, int strategy)
{
    if (k == 0)
        return amq_fail(AMQ_E_INVALID_K, "window: k = 0: a key needs at least one index");
    if (!amq_hash_valid(strategy))
        return amq_fail(AMQ_E_INVALID_ARG, "window: unknown hashing strategy %d", strategy);
    return amq_window_geom_make(geo, m, k, W, g);
}

amq_status amq_window_check_params(uint64_t m, uint64_t k, uint64_t W, uint64_t g, amq_hash_strategy strategy)
{
    amq_window_geom geo;
    return check_params(&geo, m, k, W, g, (int)strategy);
}

amq_status amq_window_create(amq_window **out, uint64_t m, uint64_t k, uint64_t W, uint64_t g,
                             amq_hash_strategy strategy, uint64_t seed)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "window: NULL output pointer");
    amq_window_geom geo;
    amq_status s = check_params(&geo, m, k, W, g, (int)strategy);
    return s != AMQ_OK ? s : make(out, &geo, strategy, seed);
}

/* Certified upper bound of the largest steady-state rate (g c - 1 insertions: g - 1 full
 * generations and the current one a key short), or +inf if it cannot be computed. */
static double steady_upper(uint64_t m, uint64_t k, uint64_t W, uint64_t g, uint64_t cap)
{
    mpfr_t lo, hi;
    mpfr_inits2(192, lo, hi, (mpfr_ptr)0);
    double r = INFINITY;
    if (amq_window_fp_enclose(lo, hi, 192, m, k, W, g, g * cap - 1) == AMQ_OK)
        r = mpfr_get_d(hi, MPFR_RNDU);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return r;
}

amq_status amq_window_size_for(uint64_t W, double fpr, uint64_t g, uint64_t *m_out, uint64_t *k_out,
                               double *achieved)
{
    if (W == 0)
        return amq_fail(AMQ_E_INVALID_N, "window: W = 0: sizing needs a window of at least one key");
    if (!(fpr > 0.0 && fpr < 1.0))
        return amq_fail(AMQ_E_INVALID_FPR, "window: target false-positive rate %g is outside (0, 1)", fpr);
    if (!m_out || !k_out)
        return amq_fail(AMQ_E_INVALID_ARG, "window: size_for: NULL output pointer");
    amq_window_geom geo;
    amq_status s = amq_window_geom_make(&geo, 1, 1, W, g);
    if (s != AMQ_OK)
        return s;
    const uint64_t cap = geo.cap;
    if (cap > (UINT64_MAX - 1) / g)
        return amq_fail(AMQ_E_TOO_LARGE, "window: W = %llu is too large to size", ULL(W));
    /* Each of the g generations holds at most c keys and a fresh key is positive when any
     * of them covers it: about g times one generation's rate. That seeds the search only;
     * the choice is made on the certified rate of the structure as built. */
    const double per_gen = fpr / (double)g;
    const double bits_per_key = -log(per_gen) / (LN2 * LN2);
    const double m_guess = ceil(bits_per_key * (double)cap);
    if (!(m_guess < 0x1p56))
        return amq_fail(AMQ_E_OVERFLOW, "window: W = %llu at fpr %g needs about %.3g bits per generation",
                        ULL(W), fpr, m_guess);
    const uint64_t top = (uint64_t)(4.0 * m_guess) + 64;
    const uint64_t kopt = (uint64_t)(bits_per_key * LN2 + 0.5);
    uint64_t k_lo = kopt > 3 ? kopt - 3 : 1, k_hi = kopt + 3 > AMQ_MAX_K ? AMQ_MAX_K : kopt + 3;
    uint64_t best_m = 0, best_k = 0;
    for (uint64_t k = k_lo; k <= k_hi; k++) {
        uint64_t hi = best_m ? best_m : top;
        if (steady_upper(hi, k, W, g, cap) > fpr)
            continue;
        uint64_t lo = 1; /* invariant: the rate at hi is certified <= fpr */
        while (lo < hi) {
            uint64_t mid = lo + (hi - lo) / 2;
            if (steady_upper(mid, k, W, g, cap) <= fpr)
                hi = mid;
            else
                lo = mid + 1;
        }
        if (!best_m || hi < best_m) {
            best_m = hi;
            best_k = k;
        }
    }
    if (!best_m)
        return amq_fail(AMQ_E_TOO_LARGE, "window: no (m, k) found for W = %llu, g = %llu at fpr %g", ULL(W),
                        ULL(g), fpr);
    *m_out = best_m;
    *k_out = best_k;
    if (achieved)
        *achieved = steady_upper(best_m, best_k, W, g, cap);
    return AMQ_OK;
}

amq_status amq_window_create_for(amq_window **out, uint64_t W, double fpr, uint64_t g,
                                 amq_hash_strategy strategy, uint64_t seed, double *achieved)
{
    uint64_t m, k;
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "window: NULL output pointer");
    if (!amq_hash_valid((int)strategy))
        return amq_fail(AMQ_E_INVALID_ARG, "window: unknown hashing strategy %d", (int)strategy);
    amq_status s = amq_window_size_for(W, fpr, g, &m, &k, achieved);
    return s != AMQ_OK ? s : amq_window_create(out, m, k, W, g, strategy, seed);
}

void amq_window_free(amq_window *w)
{
    if (w) {
        free(w->state);
        free(w);
    }
}

amq_status amq_window_add(amq_window *w, const void *key, size_t len)
{
    /* the proved add (lib_internal/window_key.h) refuses a NULL key with len > 0 itself */
    if (!w || amq_window_key_add(w->gen, counts_of(w), cur_of(w), w->geo.g, w->geo.cap, w->geo.m, w->geo.k,
                                 w->strategy, w->seed, key, len) != AMQ_OK)
        return amq_fail(AMQ_E_INVALID_ARG, "window: add: NULL filter or key");
    w->insertions += w->insertions != UINT64_MAX;
    return AMQ_OK;
}

/* The proved query (lib_internal/window_key.h): the key's k indices, then the kernel. */
int amq_window_query(const amq_window *w, const void *key, size_t len)
{
    if (!w || (!key && len))
        return amq_query_refused("amq_window_query");
    return amq_window_key_query(w->gen, w->geo.g, w->geo.m, w->geo.k, w->strategy, w->seed, key, len);
}

void amq_window_clear(amq_window *w)
{
    if (!w)
        return;
    amq_window_kernel_init(w->gen, counts_of(w), cur_of(w), w->geo.g, w->geo.m);
    w->insertions = 0;
}

uint64_t amq_window_count(const amq_window *w)
{
    if (!w)
        return 0;
    uint64_t held = 0;
    for (uint64_t i = 0; i < w->geo.g; i++)
        held += counts_of(w)[i];
    return held;
}

uint64_t amq_window_generation_load(const amq_window *w, uint64_t age)
{
    if (!w)
        return 0;
    if (age >= w->geo.g)
        return 0;
    const uint64_t g = w->geo.g, cur = *cur_of(w);
    return counts_of(w)[(cur + g - age) % g];
}

uint64_t amq_window_insertions(const amq_window *w) { return w ? w->insertions : 0; }
uint64_t amq_window_m(const amq_window *w) { return w ? w->geo.m : 0; }
uint64_t amq_window_k(const amq_window *w) { return w ? w->geo.k : 0; }
uint64_t amq_window_length(const amq_window *w) { return w ? w->geo.W : 0; }
uint64_t amq_window_g(const amq_window *w) { return w ? w->geo.g : 0; }
uint64_t amq_window_cap(const amq_window *w) { return w ? w->geo.cap : 0; }
amq_hash_strategy amq_window_strategy(const amq_window *w) { return w ? w->strategy : 0; }
uint64_t amq_window_seed(const amq_window *w) { return w ? w->seed : 0; }
const uint64_t *const *amq_window_generations(const amq_window *w) { return (const uint64_t *const *)w->gen; }

/* Parameter block: m, k, W, g, strategy, seed, insertions (u64 each, little-endian).
 * Payload: the state words (cur, counts, generations). */
#define WINDOW_PARAMS 56u

amq_status amq_window_save(const amq_window *w, const char *path)
{
    if (!w)
        return amq_fail(AMQ_E_INVALID_ARG, "window: save: NULL filter");
    uint8_t p[WINDOW_PARAMS];
    const uint64_t fields[] = {w->geo.m, w->geo.k, w->geo.W, w->geo.g, (uint64_t)w->strategy, w->seed,
                               w->insertions};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        amq_put_u64(p + 8 * i, fields[i]);
    return amq_container_save(path, AMQ_TYPE_SLIDING_BLOOM, p, sizeof p, w->state, w->nstate);
}

/* What the kernel can reach from a new filter: the current generation below capacity;
 * every other generation empty or full; an empty generation without a bit set; no bit at
 * positions >= m; at most `insertions` held. */
static const char *bad_state(const amq_window *w)
{
    const uint64_t g = w->geo.g, cap = w->geo.cap, wpg = AMQ_BLOOM_WORDS(w->geo.m), r = w->geo.m % 64u;
    const uint64_t cur = *cur_of(w);
    if (cur >= g)
        return "the current generation is not one of the g generations";
    if (counts_of(w)[cur] >= cap)
        return "the current generation is at or above its capacity";
    for (uint64_t i = 0; i < g; i++) {
        const uint64_t c = counts_of(w)[i];
        if (i != cur && c != 0 && c != cap)
            return "a previous generation is neither empty nor full";
        if (r != 0 && (w->gen[i][wpg - 1] >> r) != 0)
            return "bits set beyond position m-1";
        if (c == 0)
            for (uint64_t j = 0; j < wpg; j++)
                if (w->gen[i][j])
                    return "an empty generation has bits set";
    }
    if (amq_window_count(w) > w->insertions)
        return "the generations hold more insertions than were made";
    return NULL;
}

amq_status amq_window_load(amq_window **out, const char *path)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "window: load: NULL output pointer");
    amq_reader r;
    amq_status s = amq_reader_open_as(&r, path, AMQ_TYPE_SLIDING_BLOOM, WINDOW_PARAMS);
    if (s != AMQ_OK)
        return s;
    uint64_t v[7];
    for (size_t i = 0; i < 7; i++)
        v[i] = amq_get_u64(r.params + 8 * i);
    amq_window *w = NULL;
    amq_window_geom geo;
    char what[96];
    /* the state is allocated only once the file is known to hold all of it */
    if (v[1] == 0 || v[4] > AMQ_HASH_ENHANCED || check_params(&geo, v[0], v[1], v[2], v[3], (int)v[4]) != AMQ_OK)
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible parameters m=%llu k=%llu W=%llu g=%llu hash=%llu",
                     path, ULL(v[0]), ULL(v[1]), ULL(v[2]), ULL(v[3]), ULL(v[4]));
    else {
        snprintf(what, sizeof what, "%llu generations of m = %llu bits", ULL(geo.g), ULL(geo.m));
        if ((s = amq_reader_expect_payload(&r, amq_window_state_words(&geo), 8, what)) == AMQ_OK &&
            (s = make(&w, &geo, (amq_hash_strategy)v[4], v[5])) == AMQ_OK &&
            (s = amq_reader_words(&r, w->state, w->nstate)) == AMQ_OK) {
            w->insertions = v[6];
            const char *why = bad_state(w);
            if (why)
                s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible window state: %s", path, why);
        }
    }
    amq_reader_close(&r);
    if (s != AMQ_OK) {
        amq_window_free(w);
        return s;
    }
    *out = w;
    return AMQ_OK;
}
