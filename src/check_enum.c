/* Exhaustive enumeration of a kernel's hash outcomes; see amq/check.h.
 *
 * The outcomes are the digit strings d[0 .. (n+1)k - 1] over [0, m): vector v
 * (v < n inserted, v = n the query) is d[vk .. vk + k - 1], passed to the kernel
 * in place. They are visited by an odometer, last digit fastest:
 *  - the query vector is the innermost m^k loop, all against the same state;
 *  - state v+1 (after adding vectors 0..v) is kept as a snapshot, so when the
 *    odometer carries into vector c only vectors c..n-1 are re-added (from the
 *    snapshot of state c); usually that is just the last one.
 * Every outcome is still one query call of the real kernel on the state built by
 * the real add calls from a cleared state: snapshots only avoid redoing identical
 * prefixes (they assume the state is plain data, as the descriptor requires).
 * With r removals, a work copy of state n has vectors 0..r-1 removed again before
 * the queries; removals depend on the whole insert sequence, so they are redone
 * for every insert configuration. */
#include <lib_internal/fail.h>
#include <lib_internal/bloom_kernel.h>
#include <amq/check.h>
#include <lib_internal/counting_kernel.h>
#include <lib_internal/check_kernels.h>
#include <lib_internal/null_rule.h>
#include <stdlib.h>
#include <string.h>

/* ---------------- Bloom descriptor ---------------- */

amq_status amq_ops_bloom(amq_ops *out, uint64_t m, size_t k, amq_bloom_add_fn add,
                            amq_bloom_query_fn query)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "Bloom check model: NULL descriptor");
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "Bloom kernel needs m >= 1 bits (got m = 0)");
    uint64_t words = AMQ_BLOOM_WORDS(m);
    if (words > SIZE_MAX / sizeof(uint64_t))
        return amq_fail(AMQ_E_OVERFLOW, "Bloom kernel of m = %llu bits does not fit in memory",
                        (unsigned long long)m);
    memset(out, 0, sizeof *out);
    out->name = (add || query) ? "bloom (custom add/query)" : "bloom";
    out->m = m;
    out->k = k;
    out->state_words = (size_t)words;
    out->add = add ? add : amq_bloom_kernel_add;
    out->query = query ? query : amq_bloom_kernel_query;
    return AMQ_OK;
}

/* ---------------- counting descriptor ---------------- */

static const amq_counting_ops counting_real[2] = {
    {"counting4", amq_counting_kernel_add4, amq_counting_kernel_query4, amq_counting_kernel_remove4},
    {"counting8", amq_counting_kernel_add8, amq_counting_kernel_query8, amq_counting_kernel_remove8},
};

const amq_counting_ops *amq_counting_ops_real(unsigned width)
{
    return width == 4 ? &counting_real[0] : width == 8 ? &counting_real[1] : NULL;
}

/* The counters live in the first bytes of the state words (uint8_t may alias them). */
static void counting_add(const amq_ops *kn, uint64_t *st, const uint64_t *idx)
{
    ((const amq_counting_ops *)kn->ctx)->add((uint8_t *)st, kn->m, idx, kn->k);
}
static int counting_query(const amq_ops *kn, const uint64_t *st, const uint64_t *idx)
{
    return ((const amq_counting_ops *)kn->ctx)->query((const uint8_t *)st, kn->m, idx, kn->k);
}
static int counting_remove(const amq_ops *kn, uint64_t *st, const uint64_t *idx)
{
    return ((const amq_counting_ops *)kn->ctx)->remove((uint8_t *)st, kn->m, idx, kn->k);
}

amq_status amq_ops_counting(amq_ops *out, uint64_t m, size_t k, unsigned width,
                               const amq_counting_ops *ops)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "counting check model: NULL descriptor");
    if (width != 4 && width != 8)
        return amq_fail(AMQ_E_INVALID_ARG, "counting kernel width must be 4 or 8 bits (got %u)", width);
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "counting kernel needs m >= 1 counters (got m = 0)");
    if (ops && (!ops->add || !ops->query))
        return amq_fail(AMQ_E_INVALID_ARG, "counting check model: ops without add or query");
    uint64_t bytes = width == 4 ? AMQ_COUNTING4_BYTES(m) : AMQ_COUNTING8_BYTES(m);
    uint64_t words = bytes / 8 + (bytes % 8 != 0);
    if (words > SIZE_MAX / sizeof(uint64_t))
        return amq_fail(AMQ_E_OVERFLOW, "counting kernel of m = %llu counters does not fit in memory",
                        (unsigned long long)m);
    if (!ops)
        ops = amq_counting_ops_real(width);
    memset(out, 0, sizeof *out);
    out->name = ops->name ? ops->name : "counting (custom ops)";
    out->m = m;
    out->k = k;
    out->state_words = (size_t)words;
    out->add_ctx = counting_add;
    out->query_ctx = counting_query;
    out->remove_ctx = ops->remove ? counting_remove : NULL;
    out->ctx = ops;
    return AMQ_OK;
}

/* ---------------- descriptor helpers ---------------- */

int amq_ops_valid(const amq_ops *kn)
{
    return kn && (kn->add || kn->add_ctx) && (kn->query || kn->query_ctx);
}

int amq_ops_can_remove(const amq_ops *kn)
{
    return amq_ops_valid(kn) && (kn->remove || kn->remove_ctx);
}

/* The NULL rule (amq/error.h) here too, though these are the checkers' inner loop: a few
 * well-predicted compares beside an indirect call.  A descriptor without the callback
 * asked for counts as NULL. */
void amq_ops_clear(const amq_ops *kn, uint64_t *state)
{
    if (!kn || !state)
        return;
    if (kn->clear)
        kn->clear(kn, state);
    else
        memset(state, 0, kn->state_words * sizeof *state);
}

void amq_ops_add(const amq_ops *kn, uint64_t *state, const uint64_t *idx)
{
    if (!kn || !state || !idx)
        return;
    if (kn->add)
        kn->add(state, kn->m, idx, kn->k);
    else if (kn->add_ctx)
        kn->add_ctx(kn, state, idx);
}

int amq_ops_query(const amq_ops *kn, const uint64_t *state, const uint64_t *idx)
{
    if (!kn || !state || !idx || (!kn->query && !kn->query_ctx))
        return amq_query_refused("amq_ops_query");
    return kn->query ? kn->query(state, kn->m, idx, kn->k) : kn->query_ctx(kn, state, idx);
}

int amq_ops_remove(const amq_ops *kn, uint64_t *state, const uint64_t *idx)
{
    if (!kn || !state || !idx || (!kn->remove && !kn->remove_ctx)) {
        amq_fail(AMQ_E_INVALID_ARG, "amq_ops_remove: NULL kernel, state or index vector, or no remove callback");
        return -1; /* refused */
    }
    return kn->remove ? kn->remove(state, kn->m, idx, kn->k) : kn->remove_ctx(kn, state, idx);
}

/* ---------------- enumeration ---------------- */

static void mpz_set_u64(mpz_t z, uint64_t v)
{
    mpz_set_ui(z, (unsigned long)(v >> 32));
    mpz_mul_2exp(z, z, 32);
    mpz_add_ui(z, z, (unsigned long)(v & 0xFFFFFFFFu));
}

/* m^e, or 0 when it exceeds AMQ_CHECK_ENUM_MAX. */
static uint64_t pow_capped(uint64_t m, uint64_t e)
{
    uint64_t r = 1;
    if (m <= 1)
        return 1;
    for (uint64_t i = 0; i < e; i++) {
        if (r > AMQ_CHECK_ENUM_MAX / m)
            return 0;
        r *= m;
    }
    return r;
}

amq_status amq_check_enum_size(uint64_t m, uint64_t k, uint64_t vectors, uint64_t *outcomes)
{
    if (m == 0)
        return amq_fail(AMQ_E_INVALID_M, "enumeration needs m >= 1 (got m = 0)");
    if (vectors > AMQ_CHECK_ENUM_MAX_DIGITS || (vectors > 0 && k > AMQ_CHECK_ENUM_MAX_DIGITS / vectors))
        return amq_fail(AMQ_E_TOO_LARGE,
                        "enumeration of %llu vectors of k = %llu indices: more than %u digits",
                        (unsigned long long)vectors, (unsigned long long)k, AMQ_CHECK_ENUM_MAX_DIGITS);
    uint64_t r = pow_capped(m, k * vectors);
    if (r == 0)
        return amq_fail(AMQ_E_TOO_LARGE, "enumeration of m^(k*%llu) = %llu^%llu outcomes exceeds 2^32",
                        (unsigned long long)vectors, (unsigned long long)m,
                        (unsigned long long)(k * vectors));
    if (outcomes)
        *outcomes = r;
    return AMQ_OK;
}

/* The arguments' checks of enumerate(), each refusal naming what was given. */
static amq_status enum_args_refused(const amq_ops *kn, uint64_t n, uint64_t r, const uint64_t *qs, size_t nq)
{
    if (!amq_ops_valid(kn))
        return amq_fail(AMQ_E_INVALID_ARG, "enumeration: NULL kernel or missing add/query callback");
    if (r > n)
        return amq_fail(AMQ_E_INVALID_ARG, "enumeration: r = %llu removals exceed n = %llu insertions",
                        (unsigned long long)r, (unsigned long long)n);
    if (r > 0 && !amq_ops_can_remove(kn))
        return amq_fail(AMQ_E_INVALID_ARG, "enumeration with removals: kernel '%s' has no remove callback",
                        kn->name ? kn->name : "?");
    if (kn->m == 0)
        return amq_fail(AMQ_E_INVALID_M, "enumeration: kernel alphabet m = 0");
    if (kn->state_words == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "enumeration: kernel state of 0 words");
    const size_t k = kn->k, W = kn->state_words;
    /* Digit count (n + 1 vectors are stored), within the limit. */
    if (n >= AMQ_CHECK_ENUM_MAX_DIGITS || (uint64_t)k > AMQ_CHECK_ENUM_MAX_DIGITS / (n + 1))
        return amq_fail(AMQ_E_TOO_LARGE,
                        "enumeration of %llu vectors of k = %zu indices: more than %u digits",
                        (unsigned long long)n + 1, k, AMQ_CHECK_ENUM_MAX_DIGITS);
    /* n + 1 snapshots, plus the work copy for removals */
    if ((size_t)n + 2 > SIZE_MAX / sizeof(uint64_t) / W)
        return amq_fail(AMQ_E_OVERFLOW, "enumeration: %llu snapshots of %zu words overflow",
                        (unsigned long long)n + 2, W);
    if (qs && k && nq > SIZE_MAX / k)
        return amq_fail(AMQ_E_OVERFLOW, "enumeration: %zu fixed queries overflow", nq);
    for (size_t j = 0; qs && j < nq * k; j++)
        if (qs[j] >= kn->m)
            return amq_fail(AMQ_E_INVALID_ARG,
                            "enumeration: fixed query %zu has index %llu, not below m = %llu",
                            j / (k ? k : 1), (unsigned long long)qs[j], (unsigned long long)kn->m);
    return AMQ_OK;
}

/* Positives of one state over all m^k query vectors: an odometer over qd (zero on entry and
 * exit).  The direct form is called without any wrapper: this is the enumeration's inner loop. */
static uint64_t enum_state_positives(const amq_ops *kn, const uint64_t *state, uint64_t *qd)
{
    const uint64_t m = kn->m;
    const size_t k = kn->k;
    const amq_ops_query_fn qf = kn->query;
    uint64_t p = 0;
    for (;;) {
        p += (uint64_t)((qf ? qf(state, m, qd, k) : kn->query_ctx(kn, state, qd)) != 0);
        size_t j = k;
        while (j > 0 && ++qd[j - 1] == m)
            qd[--j] = 0;
        if (j == 0)
            return p;
    }
}

/* The state after the n adds with vectors 0 .. r-1 removed again, in work; the index of the
 * vector the kernel refused to remove, or r when every remove succeeded. */
static size_t enum_remove_prefix(const amq_ops *kn, uint64_t *work, const uint64_t *state, const uint64_t *d,
                                 uint64_t r)
{
    memcpy(work, state, kn->state_words * sizeof *work); /* bytes: see below */
    for (size_t v = 0; v < (size_t)r; v++)
        if (amq_ops_remove(kn, work, d + v * kn->k) != 0)
            return v;
    return (size_t)r;
}

/* qs == NULL: the query vector is enumerated too, pos[0] counts the positives
 * over m^{k(n+1)} outcomes. Else qs holds nq fixed query vectors (k indices each)
 * and pos[i] counts the outcomes of the n inserted vectors, m^{kn} of them, for
 * which vector i is reported positive. The queries see the state after the n adds
 * and the removal of vectors 0..r-1. */
static amq_status enumerate(uint64_t *pos, uint64_t *outcomes_out, const amq_ops *kn, uint64_t n,
                            uint64_t r, const uint64_t *qs, size_t nq, amq_progress_fn progress,
                            void *ctx)
{
    amq_status st = enum_args_refused(kn, n, r, qs, nq);
    if (st != AMQ_OK)
        return st;
    const uint64_t m = kn->m;
    const size_t k = kn->k, W = kn->state_words;
    uint64_t outcomes;
    st = amq_check_enum_size(m, (uint64_t)k, qs ? n : n + 1, &outcomes);
    if (st != AMQ_OK)
        return st;
    const size_t ndig = (size_t)n * k + k; /* digit storage (query last) */
    const uint64_t qcount = qs ? 1 : pow_capped(m, (uint64_t)k); /* queries per state */
    uint64_t *snap = malloc(((size_t)n + 2) * W * sizeof *snap);
    uint64_t *d = calloc(ndig ? ndig : 1, sizeof *d);
    if (!snap || !d) {
        free(snap);
        free(d);
        return amq_fail(AMQ_E_NOMEM, "enumeration: out of memory for %llu states of %zu words",
                        (unsigned long long)n + 1, W);
    }
    uint64_t *const qd = d + (size_t)n * k; /* enumerated query digits */
    for (size_t i = 0; i < (qs ? nq : 1); i++)
        pos[i] = 0;
    amq_ops_clear(kn, snap);
    size_t first = 0; /* first insert vector whose digits changed */
    uint64_t done = 0, next_report = UINT64_C(1) << 22;
    const size_t ins_digits = (size_t)n * k;
    for (;;) {
        /* Rebuild states first+1 .. n from snapshot `first`. */
        for (size_t v = first; v < (size_t)n; v++) {
            uint64_t *dst = snap + (v + 1) * W;
            const uint64_t *src = snap + v * W;
            /* memcpy, not a loop of uint64_t reads: a kernel may keep narrower words in the
             * state (the quotient filter's store: uint16_t, uint32_t), which C lets only a
             * byte copy read as anything but their own type */
            memcpy(dst, src, W * sizeof *dst);
            amq_ops_add(kn, dst, d + v * k);
        }
        const uint64_t *state = snap + (size_t)n * W;
        if (r > 0) {
            uint64_t *work = snap + ((size_t)n + 1) * W;
            const size_t v = enum_remove_prefix(kn, work, state, d, r);
            if (v < (size_t)r) {
                free(snap);
                free(d);
                return amq_fail(AMQ_E_NOT_PRESENT,
                                "enumeration: kernel '%s' refused to remove inserted vector %zu "
                                "(m = %llu, k = %zu, n = %llu, r = %llu, %llu outcomes done)",
                                kn->name ? kn->name : "?", v, (unsigned long long)m, k,
                                (unsigned long long)n, (unsigned long long)r, (unsigned long long)done);
            }
            state = work;
        }
        if (qs) {
            for (size_t i = 0; i < nq; i++)
                pos[i] += (uint64_t)(amq_ops_query(kn, state, qs + i * k) != 0);
        } else {
            pos[0] += enum_state_positives(kn, state, qd);
        }
        done += qcount;
        if (progress && done >= next_report) {
            progress(ctx, done, outcomes);
            next_report = done + (UINT64_C(1) << 22);
        }
        /* Advance the insert odometer; stop after the last configuration. */
        size_t j = ins_digits;
        while (j > 0 && ++d[j - 1] == m)
            d[--j] = 0;
        if (j == 0)
            break;
        first = (j - 1) / k;
    }
    if (progress)
        progress(ctx, done, outcomes);
    free(snap);
    free(d);
    if (outcomes_out)
        *outcomes_out = outcomes;
    return AMQ_OK;
}

static void set_ratio(mpq_t rop, uint64_t num, uint64_t den)
{
    mpz_set_u64(mpq_numref(rop), num);
    mpz_set_u64(mpq_denref(rop), den);
    mpq_canonicalize(rop);
}

amq_status amq_check_enum_fp_removals(mpq_t rop, const amq_ops *kn, uint64_t n, uint64_t r,
                                      amq_progress_fn progress, void *ctx)
{
    if (!rop) /* before the enumeration, not after it */
        return amq_fail(AMQ_E_INVALID_ARG, "amq_check_enum_fp: NULL result");
    uint64_t pos, outcomes;
    amq_status st = enumerate(&pos, &outcomes, kn, n, r, NULL, 0, progress, ctx);
    if (st == AMQ_OK)
        set_ratio(rop, pos, outcomes);
    return st;
}

amq_status amq_check_enum_fp(mpq_t rop, const amq_ops *kn, uint64_t n,
                             amq_progress_fn progress, void *ctx)
{
    return amq_check_enum_fp_removals(rop, kn, n, 0, progress, ctx);
}

amq_status amq_check_enum_fixed_counts(uint64_t *positives, uint64_t *outcomes,
                                       const amq_ops *kn, uint64_t n, const uint64_t *qs,
                                       size_t nq, amq_progress_fn progress, void *ctx)
{
    if (!positives || !qs || nq == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "enumeration: NULL counts or no fixed query vector");
    return enumerate(positives, outcomes, kn, n, 0, qs, nq, progress, ctx);
}

amq_status amq_check_enum_fixed(mpq_t rop, const amq_ops *kn, uint64_t n, const uint64_t *q,
                                amq_progress_fn progress, void *ctx)
{
    if (!rop)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_check_enum_fixed: NULL result");
    uint64_t pos, outcomes;
    amq_status st = amq_check_enum_fixed_counts(&pos, &outcomes, kn, n, q, 1, progress, ctx);
    if (st == AMQ_OK)
        set_ratio(rop, pos, outcomes);
    return st;
}

/* k is uint64_t in the spec API; the kernel takes size_t. */
static amq_status bloom_desc(amq_ops *kn, uint64_t m, uint64_t k, amq_bloom_add_fn add,
                             amq_bloom_query_fn query)
{
    if (k > AMQ_CHECK_ENUM_MAX_DIGITS)
        return amq_fail(AMQ_E_TOO_LARGE, "enumeration of k = %llu indices per key: more than %u",
                        (unsigned long long)k, AMQ_CHECK_ENUM_MAX_DIGITS);
    return amq_ops_bloom(kn, m, (size_t)k, add, query);
}

amq_status amq_check_bloom_enum_fp(mpq_t rop, uint64_t m, uint64_t k, uint64_t n,
                                   amq_bloom_add_fn add, amq_bloom_query_fn query)
{
    amq_ops kn;
    amq_status st = bloom_desc(&kn, m, k, add, query);
    return st != AMQ_OK ? st : amq_check_enum_fp(rop, &kn, n, NULL, NULL);
}

amq_status amq_check_bloom_enum_bit(mpq_t rop, uint64_t m, uint64_t k, uint64_t n, uint64_t bit,
                                    amq_bloom_add_fn add, amq_bloom_query_fn query)
{
    amq_ops kn;
    amq_status st = bloom_desc(&kn, m, k, add, query);
    if (st != AMQ_OK)
        return st;
    if (bit >= m)
        return amq_fail(AMQ_E_INVALID_ARG, "enumeration: bit %llu is not below m = %llu",
                        (unsigned long long)bit, (unsigned long long)m);
    if (k == 0)
        return amq_fail(AMQ_E_INVALID_K, "bit-set enumeration needs k >= 1");
    uint64_t *q = malloc((size_t)k * sizeof *q);
    if (!q)
        return amq_fail(AMQ_E_NOMEM, "enumeration: out of memory");
    for (uint64_t j = 0; j < k; j++)
        q[j] = bit;
    st = amq_check_enum_fixed(rop, &kn, n, q, NULL, NULL);
    free(q);
    return st;
}

amq_status amq_check_counting_enum_fp(mpq_t rop, uint64_t m, uint64_t k, unsigned width, uint64_t n,
                                      uint64_t r, const amq_counting_ops *ops)
{
    if (k > AMQ_CHECK_ENUM_MAX_DIGITS)
        return amq_fail(AMQ_E_TOO_LARGE, "enumeration of k = %llu indices per key: more than %u",
                        (unsigned long long)k, AMQ_CHECK_ENUM_MAX_DIGITS);
    amq_ops kn;
    amq_status st = amq_ops_counting(&kn, m, (size_t)k, width, ops);
    return st != AMQ_OK ? st : amq_check_enum_fp_removals(rop, &kn, n, r, NULL, NULL);
}
