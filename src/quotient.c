/* Key-level quotient filter over the proved kernel (src/quotient_{steps,kernel,insert,delete}.c); see
 * amq/quotient.h.  The kernel does the table work; a key's fingerprint, its split and the kernel
 * call are src/quotient_key.c (unit quotient_key); this file checks arguments, writes the
 * messages, sizes and allocates tables, rebuilds them (merge, resize, load) and saves them. */
#include <lib_internal/huge_pages.h>
#include <lib_internal/fail.h>
#include <lib_internal/container.h>
#include <amq/quotient.h>
#include <lib_internal/quotient_check.h>
#include <lib_internal/quotient_key.h>
#include <lib_internal/quotient_load.h>
#include <amq/spec_quotient.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib_internal/null_rule.h>

struct amq_quotient {
    amq_qf qf; /* q, r, nslots, count and the compact slot store */
    uint64_t slack, seed;
};

#define SLOT_BYTES 9u       /* at most a slot takes: an eight-byte remainder and a nibble, rounded up */
#define QUOTIENT_PARAMS 40u /* q, r, slack, seed, count: u64 each, little-endian */

/* Checks (q, r, slack); *nslots = 2^q + slack. */
static amq_status check_params(uint64_t q, uint64_t r, uint64_t slack, uint64_t *nslots)
{
    if (q < 1 || q > 63)
        return amq_fail(AMQ_E_INVALID_ARG, "quotient filter: q = %llu quotient bits must be in [1, 63]", ULL(q));
    if (r < 1)
        return amq_fail(AMQ_E_INVALID_ARG, "quotient filter: r = 0 remainder bits; at least one is needed");
    if (r > 64 - q)
        return amq_fail(AMQ_E_INVALID_ARG, "quotient filter: p = q + r = %llu + %llu fingerprint bits exceeds 64",
                        ULL(q), ULL(r));
    const uint64_t home = AMQ_QF_HOME_SLOTS(q);
    if (slack > UINT64_MAX - home || home + slack > SIZE_MAX / SLOT_BYTES || home + slack > AMQ_QUOTIENT_SLOTS_MAX)
        return amq_fail(AMQ_E_OVERFLOW, "quotient filter: 2^%llu home + %llu slack slots of up to %u bytes do not "
                                        "fit in the address space", ULL(q), ULL(slack), SLOT_BYTES);
    /* A documented limit, so that a file cannot ask for a table far beyond what its q needs. */
    if (slack > home)
        return amq_fail(AMQ_E_INVALID_ARG, "quotient filter: slack = %llu exceeds the 2^%llu = %llu home slots "
                                           "(the slack may at most double the table)", ULL(slack), ULL(q), ULL(home));
    *nslots = home + slack;
    return AMQ_OK;
}

uint64_t amq_quotient_store_bytes(uint64_t r, uint64_t n)
{
    const uint64_t rb = amq_quotient_slots_rem_bytes(r);
    return amq_quotient_slots_rem16_words(rb, n) * sizeof(uint16_t) +
           amq_quotient_slots_rem32_words(rb, n) * sizeof(uint32_t) +
           amq_quotient_slots_meta_words(n) * sizeof(uint16_t);
}

/* calloc of n words of size bytes, advised onto huge pages; NULL for n = 0 (an unused array). */
static void *words_alloc(uint64_t n, size_t size, int *failed)
{
    if (n == 0)
        return NULL;
    void *a = calloc((size_t)n, size);
    if (!a)
        *failed = 1;
    else
        amq_advise_huge_pages(a, (size_t)n * size);
    return a;
}

/* An empty table: a compact store of nslots slots for r-bit remainders (lib_internal/
 * quotient_slots.h).  calloc's all-zero words are exactly amq_quotient_kernel_clear's
 * post-state (the invariant holds), without touching every page of a large table. */
static amq_status table_alloc(amq_qf *t, uint64_t q, uint64_t r, uint64_t nslots)
{
    const uint64_t rb = amq_quotient_slots_rem_bytes(r);
    int failed = 0;
    amq_quotient_slots st = {.n = nslots, .rbytes = rb};
    st.rem16 = words_alloc(amq_quotient_slots_rem16_words(rb, nslots), sizeof(uint16_t), &failed);
    st.rem32 = words_alloc(amq_quotient_slots_rem32_words(rb, nslots), sizeof(uint32_t), &failed);
    st.meta = words_alloc(amq_quotient_slots_meta_words(nslots), sizeof(uint16_t), &failed);
    if (failed) {
        free(st.rem16);
        free(st.rem32);
        free(st.meta);
        return amq_fail(AMQ_E_NOMEM, "quotient filter: cannot allocate %llu slots (%llu bytes)", ULL(nslots),
                        ULL(amq_quotient_store_bytes(r, nslots)));
    }
    *t = (amq_qf){.q = q, .r = r, .nslots = nslots, .count = 0, .slots = st};
    return AMQ_OK;
}

static void table_free(amq_qf *t)
{
    free(t->slots.rem16);
    free(t->slots.rem32);
    free(t->slots.meta);
}

/* *dst (allocated for the same q, r, nslots) becomes a copy of src's slots and count. */
static void table_copy(amq_qf *dst, const amq_qf *src)
{
    const amq_quotient_slots *a = &src->slots;
    if (a->rem16)
        memcpy(dst->slots.rem16, a->rem16, (size_t)amq_quotient_slots_rem16_words(a->rbytes, a->n) * sizeof *a->rem16);
    if (a->rem32)
        memcpy(dst->slots.rem32, a->rem32, (size_t)amq_quotient_slots_rem32_words(a->rbytes, a->n) * sizeof *a->rem32);
    memcpy(dst->slots.meta, a->meta, (size_t)amq_quotient_slots_meta_words(a->n) * sizeof *a->meta);
    dst->count = src->count;
}

/* Quotient (top q of the p bits) and remainder (low r bits); r <= 63.  The proved split of
 * lib_internal/quotient_key.h, the one the key-level add, query and remove use. */
static uint64_t quot_of(const amq_qf *t, uint64_t f) { return amq_quotient_key_quot(f, t->r); }
static uint64_t rem_of(const amq_qf *t, uint64_t f) { return amq_quotient_key_rem(f, t->r); }

/* The kernel refused an insert (1: full, 2: no room after fq); it changed nothing. */
static amq_status room_error(const char *who, int st, const amq_qf *t, uint64_t fq)
{
    if (st == 1)
        return amq_fail(AMQ_E_FULL, "%s: the quotient filter is full (all %llu slots used); nothing changed", who,
                        ULL(t->nslots));
    return amq_fail(AMQ_E_FULL, "%s: no free slot at or after home slot %llu: its cluster would run past the "
                                "last of the %llu slack slots (clusters do not wrap around); nothing changed",
                    who, ULL(fq), ULL(t->nslots - AMQ_QF_HOME_SLOTS(t->q)));
}

static amq_status insert_fp(amq_qf *t, uint64_t f, const char *who)
{
    const int st = amq_quotient_kernel_insert(t, quot_of(t, f), rem_of(t, f));
    return st == 0 ? AMQ_OK : room_error(who, st, t, quot_of(t, f));
}

amq_status amq_quotient_check_params(uint64_t q, uint64_t r, uint64_t slack)
{
    uint64_t nslots;
    return check_params(q, r, slack, &nslots);
}

amq_status amq_quotient_create_slack(amq_quotient **out, uint64_t q, uint64_t r, uint64_t slack, uint64_t seed)
{
    uint64_t nslots = 0;
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "quotient filter: NULL output pointer");
    amq_status s = check_params(q, r, slack, &nslots);
    if (s != AMQ_OK)
        return s;
    amq_quotient *f = malloc(sizeof *f);
    if (!f)
        return amq_fail(AMQ_E_NOMEM, "quotient filter: out of memory");
    if ((s = table_alloc(&f->qf, q, r, nslots)) != AMQ_OK) {
        free(f);
        return s;
    }
    f->slack = slack;
    f->seed = seed;
    *out = f;
    return AMQ_OK;
}

amq_status amq_quotient_create(amq_quotient **out, uint64_t q, uint64_t r, uint64_t seed)
{
    return amq_quotient_create_slack(out, q, r, q >= 1 && q <= 63 ? amq_quotient_kernel_default_slack(q) : 0, seed);
}

/* 1 iff 1 - (1 - 2^-p)^n <= fpr is certified; *upper gets an upper bound of the rate.
 * Precision is raised while the enclosure straddles fpr; if it still does, the exact
 * rational decides when it is small, else the answer is a (conservative) no. */
static int rate_meets(uint64_t p, uint64_t n, double fpr, double *upper)
{
    int verdict = -1;
    for (mpfr_prec_t prec = 128; verdict < 0 && prec <= 4096; prec *= 4) {
        mpfr_t lo, hi;
        mpfr_inits2(prec, lo, hi, (mpfr_ptr)0);
        if (amq_quotient_fp_enclose(lo, hi, prec, p, n) != AMQ_OK)
            verdict = 0;
        else if (mpfr_cmp_d(hi, fpr) <= 0)
            verdict = 1;
        else if (mpfr_cmp_d(lo, fpr) > 0)
            verdict = 0;
        *upper = mpfr_get_d(hi, MPFR_RNDU);
        mpfr_clears(lo, hi, (mpfr_ptr)0);
    }
    if (verdict < 0 && n <= (UINT64_C(1) << 16) / p) {
        mpq_t e, t;
        mpq_inits(e, t, (mpq_ptr)0);
        mpq_set_d(t, fpr); /* exact */
        verdict = amq_quotient_fp_exact(e, p, n) == AMQ_OK && mpq_cmp(e, t) <= 0;
        if (verdict)
            *upper = fpr;
        mpq_clears(e, t, (mpq_ptr)0);
    }
    return verdict == 1;
}

/* The sizing's condition on the default slack: n keys cannot overflow it (n <= slack + 1, the
 * overflow is at most n - 1), or do so with probability at most 1e-9 by the bound of
 * lib_internal/quotient_load.h (a = n / 2^q). */
static int slack_holds(uint64_t n, uint64_t q)
{
    const uint64_t slack = amq_quotient_kernel_default_slack(q);
    return n <= slack + 1 || amq_quotient_log_overflow_bound(ldexp((double)n, -(int)q), slack) <= log(1e-9);
}

amq_status amq_quotient_size_for_load(uint64_t n, double fpr, double max_load, uint64_t *q_out, uint64_t *r_out,
                                      double *achieved)
{
    amq_status s = amq_quotient_load_args(n, fpr, max_load, AMQ_QUOTIENT_MAX_LOAD, "quotient sizing",
                                          "the share of the home slots");
    if (s != AMQ_OK)
        return s;
    char text[32];
    if (!q_out || !r_out)
        return amq_fail(AMQ_E_INVALID_ARG, "quotient size_for: NULL output pointer");
    uint64_t q = 1, p = 1;
    while (q <= 63 && (n > amq_quotient_fill_limit(q, max_load) || !slack_holds(n, q)))
        q++;
    if (q > 63)
        return amq_fail(AMQ_E_TOO_LARGE, "n = %llu keys need more than 2^63 home slots at load <= %s", ULL(n),
                        amq_quotient_load_text(max_load, text));
    double upper = 1.0;
    while (p <= 64 && !rate_meets(p, n, fpr, &upper)) /* the rate falls as p grows */
        p++;
    if (p > 64)
        return amq_fail(AMQ_E_TOO_LARGE, "n = %llu keys at FP <= %g need more than 64 fingerprint bits "
                                         "(the exact rate at p = 64 is about %.3g)", ULL(n), fpr, upper);
    if (p < q + 1) { /* at least one remainder bit; the rate only drops */
        p = q + 1;
        (void)rate_meets(p, n, fpr, &upper);
    }
    *q_out = q;
    *r_out = p - q;
    if (achieved)
        *achieved = upper;
    return AMQ_OK;
}

amq_status amq_quotient_size_for(uint64_t n, double fpr, uint64_t *q_out, uint64_t *r_out, double *achieved)
{
    return amq_quotient_size_for_load(n, fpr, 0.75, q_out, r_out, achieved);
}

amq_status amq_quotient_create_for_load(amq_quotient **out, uint64_t n, double fpr, double max_load, uint64_t seed,
                                        double *achieved)
{
    if (!out) /* before the sizing: a refused call writes nothing, *achieved included */
        return amq_fail(AMQ_E_INVALID_ARG, "create: NULL output pointer");
    uint64_t q, r;
    double upper;
    amq_status s = amq_quotient_size_for_load(n, fpr, max_load, &q, &r, &upper);
    if (s == AMQ_OK && (s = amq_quotient_create(out, q, r, seed)) == AMQ_OK && achieved)
        *achieved = upper;
    return s;
}

amq_status amq_quotient_create_for(amq_quotient **out, uint64_t n, double fpr, uint64_t seed, double *achieved)
{
    return amq_quotient_create_for_load(out, n, fpr, 0.75, seed, achieved);
}

void amq_quotient_free(amq_quotient *f)
{
    if (f) {
        table_free(&f->qf);
        free(f);
    }
}

uint64_t amq_quotient_fingerprint(const amq_quotient *f, const void *key, size_t len)
{
    if (!f || (!key && len))
        return 0;
    return amq_quotient_key_fingerprint(f->qf.q + f->qf.r, f->seed, key, len);
}

amq_status amq_quotient_add(amq_quotient *f, const void *key, size_t len)
{
    /* the proved add (lib_internal/quotient_key.h) refuses a NULL key with len > 0 itself */
    const amq_status s = f ? amq_quotient_key_add(&f->qf, f->seed, key, len) : AMQ_E_INVALID_ARG;
    if (s == AMQ_E_INVALID_ARG)
        return amq_fail(AMQ_E_INVALID_ARG, "add: NULL filter or key");
    if (s != AMQ_OK) /* AMQ_E_FULL: the kernel's status 1 iff the table is full, else 2 */
        return room_error("add", f->qf.count >= f->qf.nslots ? 1 : 2, &f->qf,
                          quot_of(&f->qf, amq_quotient_fingerprint(f, key, len)));
    return AMQ_OK;
}

int amq_quotient_query(const amq_quotient *f, const void *key, size_t len)
{
    if (!f || (!key && len))
        return amq_query_refused("amq_quotient_query");
    return amq_quotient_key_query(&f->qf, f->seed, key, len);
}

amq_status amq_quotient_remove(amq_quotient *f, const void *key, size_t len)
{
    /* the proved remove refuses a NULL key with len > 0 itself */
    const amq_status s = f ? amq_quotient_key_remove(&f->qf, f->seed, key, len) : AMQ_E_INVALID_ARG;
    if (s == AMQ_E_INVALID_ARG)
        return amq_fail(AMQ_E_INVALID_ARG, "remove: NULL filter or key");
    if (s != AMQ_OK)
        return amq_fail(AMQ_E_NOT_PRESENT, "remove: the key's fingerprint is not stored (key not present); "
                                           "nothing changed");
    return AMQ_OK;
}

void amq_quotient_clear(amq_quotient *f)
{
    if (!f)
        return;
    amq_quotient_kernel_clear(&f->qf);
}

uint64_t amq_quotient_count(const amq_quotient *f) { return f ? amq_quotient_kernel_count(&f->qf) : 0; }
double amq_quotient_load_factor(const amq_quotient *f)
{
    if (!f)
        return 0.0;
    return (double)f->qf.count / (double)AMQ_QF_HOME_SLOTS(f->qf.q);
}
uint64_t amq_quotient_q(const amq_quotient *f) { return f ? f->qf.q : 0; }
uint64_t amq_quotient_r(const amq_quotient *f) { return f ? f->qf.r : 0; }
uint64_t amq_quotient_p(const amq_quotient *f) { return f ? f->qf.q + f->qf.r : 0; }
uint64_t amq_quotient_slack(const amq_quotient *f) { return f ? f->slack : 0; }
uint64_t amq_quotient_nslots(const amq_quotient *f) { return f ? f->qf.nslots : 0; }
uint64_t amq_quotient_seed(const amq_quotient *f) { return f ? f->seed : 0; }
uint64_t amq_quotient_default_slack(uint64_t q) { return amq_quotient_kernel_default_slack(q); }
const amq_qf *amq_quotient_table(const amq_quotient *f) { return &f->qf; }

void amq_quotient_iter_init(amq_quotient_iter *it)
{
    if (!it)
        return;
    amq_qf_iter k;
    amq_quotient_kernel_iter_init(&k);
    *it = (amq_quotient_iter){.slot = k.slot, .quot = k.quot};
}

int amq_quotient_next(const amq_quotient *f, amq_quotient_iter *it, uint64_t *fingerprint)
{
    if (!f || !it || !fingerprint)
        return 0;
    uint64_t fq, fr;
    amq_qf_iter k = {.slot = it->slot, .quot = it->quot};
    const int more = amq_quotient_kernel_next(&f->qf, &k, &fq, &fr);
    *it = (amq_quotient_iter){.slot = k.slot, .quot = k.quot};
    if (!more)
        return 0;
    *fingerprint = fq << f->qf.r | fr;
    return 1;
}

/* Inserts every fingerprint of src into t, re-split for t's (q, r). */
static amq_status insert_all(amq_qf *t, const amq_quotient *src, const char *who)
{
    amq_quotient_iter it;
    amq_quotient_iter_init(&it);
    uint64_t fp;
    amq_status s = AMQ_OK;
    while (s == AMQ_OK && amq_quotient_next(src, &it, &fp))
        s = insert_fp(t, fp, who);
    return s;
}

amq_status amq_quotient_merge(amq_quotient *dst, const amq_quotient *src)
{
    if (!dst || !src)
        return amq_fail(AMQ_E_INVALID_ARG, "merge: NULL filter");
    if (amq_quotient_p(dst) != amq_quotient_p(src) || dst->seed != src->seed)
        return amq_fail(AMQ_E_MISMATCH, "merge: fingerprints of p = %llu bits (seed %llu) and p = %llu bits "
                                        "(seed %llu) are not comparable; p and the seed must be equal",
                        ULL(amq_quotient_p(dst)), ULL(dst->seed), ULL(amq_quotient_p(src)), ULL(src->seed));
    if (src->qf.count > dst->qf.nslots - dst->qf.count)
        return amq_fail(AMQ_E_FULL, "merge: %llu + %llu fingerprints exceed the %llu slots; nothing changed",
                        ULL(dst->qf.count), ULL(src->qf.count), ULL(dst->qf.nslots));
    /* into a copy of dst, so that a refused insert leaves dst as it was */
    amq_qf t;
    amq_status s = table_alloc(&t, dst->qf.q, dst->qf.r, dst->qf.nslots);
    if (s != AMQ_OK)
        return s;
    table_copy(&t, &dst->qf);
    if ((s = insert_all(&t, src, "merge")) != AMQ_OK) {
        table_free(&t);
        return s;
    }
    table_free(&dst->qf);
    dst->qf = t;
    return AMQ_OK;
}

amq_status amq_quotient_resize(amq_quotient *f)
{
    if (!f)
        return amq_fail(AMQ_E_INVALID_ARG, "resize: NULL filter");
    if (f->qf.r == 1)
        return amq_fail(AMQ_E_INVALID_ARG, "resize: r = 1: no remainder bit is left to move into the quotient "
                                           "(resize keeps p = q + r); rebuild from the keys with a larger p");
    const uint64_t q = f->qf.q + 1, r = f->qf.r - 1, def = amq_quotient_kernel_default_slack(q);
    const uint64_t slack = f->slack > def ? f->slack : def;
    uint64_t nslots;
    amq_qf t;
    amq_status s = check_params(q, r, slack, &nslots);
    if (s == AMQ_OK)
        s = table_alloc(&t, q, r, nslots);
    if (s != AMQ_OK)
        return s;
    if ((s = insert_all(&t, f, "resize")) != AMQ_OK) {
        table_free(&t);
        return s;
    }
    table_free(&f->qf);
    f->qf = t;
    f->slack = slack;
    return AMQ_OK;
}

/* The fingerprints, in increasing order, straight from the iteration into the file: a copy
 * of them would take 64 bits a key on top of the table while the file is written. */
typedef struct save_cursor {
    const amq_quotient *f;
    amq_quotient_iter it;
} save_cursor;

static uint64_t next_fingerprints(void *ctx, uint64_t *out, uint64_t max)
{
    save_cursor *c = ctx;
    uint64_t n = 0;
    while (n < max && amq_quotient_next(c->f, &c->it, &out[n]))
        n++;
    return n;
}

amq_status amq_quotient_save(const amq_quotient *f, const char *path)
{
    if (!f)
        return amq_fail(AMQ_E_INVALID_ARG, "save: NULL filter");
    const uint64_t n = f->qf.count; /* <= nslots: n * 8 cannot overflow */
    uint8_t p[QUOTIENT_PARAMS];
    amq_put_u64(p, f->qf.q);
    amq_put_u64(p + 8, f->qf.r);
    amq_put_u64(p + 16, f->slack);
    amq_put_u64(p + 24, f->seed);
    amq_put_u64(p + 32, n);
    save_cursor c = {.f = f};
    amq_quotient_iter_init(&c.it);
    return amq_container_save_stream(path, AMQ_TYPE_QUOTIENT, p, sizeof p, next_fingerprints, &c, n);
}

/* Lays the n fingerprints of a file out in f's empty table in one pass, in O(n): saved in
 * increasing order, each goes to its home slot or right after the element before it,
 * whichever is later, which is where the kernel's insert would put it.  (Re-inserting
 * through the kernel would cost the length of the cluster for each fingerprint: quadratic
 * for a file whose fingerprints share one long cluster.)  The table is then checked with
 * the kernel's executable invariant and read back through the kernel's iteration, so f
 * holds exactly the file's multiset in a valid layout, or the load fails. */
static amq_status load_fps(amq_quotient *f, const uint64_t *fps, uint64_t n, const char *path)
{
    amq_qf *t = &f->qf;
    const uint64_t p = amq_quotient_p(f);
    uint64_t last = 0; /* slot of the previous fingerprint (i > 0) */
    for (uint64_t i = 0; i < n; i++) {
        if (p < 64 && fps[i] >> p != 0)
            return amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': fingerprint %llu (0x%llx) has more than p = %llu bits",
                            path, ULL(i), ULL(fps[i]), ULL(p));
        if (i > 0 && fps[i] < fps[i - 1])
            return amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': fingerprint %llu is out of order (they are saved in "
                                              "increasing order)", path, ULL(i));
        const uint64_t fq = quot_of(t, fps[i]);
        const uint64_t at = i == 0 || last < fq ? fq : last + 1;
        if (at >= t->nslots)
            return amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': fingerprint %llu does not fit: %s", path, ULL(i),
                            i == t->nslots ? "the table is full" : "its cluster runs past the slack slots");
        const int continuation = i > 0 && quot_of(t, fps[i - 1]) == fq;
        const amq_quotient_slots st = t->slots;
        amq_quotient_slots_set_meta(st, fq, (uint8_t)(amq_quotient_slots_meta(st, fq) | AMQ_QF_OCCUPIED));
        amq_quotient_slots_set_meta(st, at, (uint8_t)(amq_quotient_slots_meta(st, at) |
                                                      (continuation ? AMQ_QF_CONTINUATION : 0u) |
                                                      (at != fq ? AMQ_QF_SHIFTED : 0u)));
        amq_quotient_slots_set_rem(st, at, rem_of(t, fps[i])); /* < 2^r: fits the store's width */
        last = at;
    }
    t->count = n;
    const int bad = amq_quotient_kernel_check_invariant(t);
    if (bad != 0)
        return amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': rebuilt table fails its invariant (code %d)", path, bad);
    amq_quotient_iter it;
    amq_quotient_iter_init(&it);
    uint64_t fp = 0, i = 0;
    while (i < n && amq_quotient_next(f, &it, &fp) && fp == fps[i])
        i++;
    if (i != n || amq_quotient_next(f, &it, &fp))
        return amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': the rebuilt table does not read back fingerprint %llu",
                        path, ULL(i));
    return AMQ_OK;
}

amq_status amq_quotient_load(amq_quotient **out, const char *path)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "load: NULL output pointer");
    amq_reader rd;
    amq_status s = amq_reader_open_as(&rd, path, AMQ_TYPE_QUOTIENT, QUOTIENT_PARAMS);
    if (s != AMQ_OK)
        return s;
    const uint64_t q = amq_get_u64(rd.params), r = amq_get_u64(rd.params + 8), slack = amq_get_u64(rd.params + 16);
    const uint64_t seed = amq_get_u64(rd.params + 24), n = amq_get_u64(rd.params + 32);
    uint64_t nslots = 0, *fps = NULL;
    amq_quotient *f = NULL;
    char why[256];
    if (check_params(q, r, slack, &nslots) != AMQ_OK) {
        snprintf(why, sizeof why, "%s", amq_last_error());
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible parameters: %s", path, why);
    } else if (n > nslots)
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': %llu fingerprints cannot fit in %llu slots", path, ULL(n),
                     ULL(nslots));
    else if (rd.payload_len != n * 8)
        s = amq_fail(AMQ_E_SIZE_MISMATCH, "load: '%s': payload is %llu bytes, %llu fingerprints need %llu", path,
                     ULL(rd.payload_len), ULL(n), ULL(n * 8));
    else if (!(fps = malloc((size_t)(n ? n : 1) * sizeof *fps)))
        s = amq_fail(AMQ_E_NOMEM, "load: out of memory for %llu fingerprints", ULL(n));
    /* the checksum is verified before the table is allocated */
    else if ((s = amq_reader_words(&rd, fps, n)) == AMQ_OK &&
             (s = amq_quotient_create_slack(&f, q, r, slack, seed)) == AMQ_OK)
        s = load_fps(f, fps, n, path);
    amq_reader_close(&rd);
    free(fps);
    if (s != AMQ_OK) {
        amq_quotient_free(f);
        return s;
    }
    *out = f;
    return AMQ_OK;
}
