/* Rates and cross-check models through the registry (amq/filter_rate.h). */
#include <math.h>
#include <lib_internal/fail.h>
#include <lib_internal/structure.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

amq_status amq_structure_fp_exact(mpq_t rop, const amq_structure *s, const amq_params *p, uint64_t n)
{
    if (!rop || !s || !p)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_structure_fp_exact: NULL argument");
    amq_status st = amq_structure_check(s, p);
    return st != AMQ_OK ? st : s->fp_exact(rop, p->v, n);
}

amq_status amq_structure_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_structure *s,
                                    const amq_params *p, uint64_t n)
{
    if (!lo || !hi || !s || !p)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_structure_fp_enclose: NULL argument");
    amq_status st = amq_structure_check(s, p);
    return st != AMQ_OK ? st : s->fp_enclose(lo, hi, prec, p->v, n);
}

amq_status amq_structure_fp_decimal(char **out, const amq_structure *s, const amq_params *p, uint64_t n,
                                    int digits, mpfr_t lo, mpfr_t hi)
{
    if (!out || !s || !p)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_structure_fp_decimal: NULL argument");
    amq_status st = amq_structure_check(s, p);
    return st != AMQ_OK ? st : s->fp_decimal(out, p->v, n, digits, lo, hi);
}

uint64_t amq_structure_capacity(const amq_structure *s, const amq_params *p)
{
    if (!s || !p || !s->capacity || amq_structure_check(s, p) != AMQ_OK)
        return UINT64_MAX;
    return s->capacity(p->v);
}

int amq_structure_has_fp_moments(const amq_structure *s) { return s && s->fp_moment_enclose != NULL; }

amq_status amq_structure_fp_moment_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_structure *s,
                                           const amq_params *p, uint64_t n, uint64_t j)
{
    if (!lo || !hi || !s || !p || j == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_structure_fp_moment_enclose: NULL argument or order 0");
    if (!s->fp_moment_enclose)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: the moments of the rate are not known", s->name);
    amq_status st = amq_structure_check(s, p);
    return st != AMQ_OK ? st : s->fp_moment_enclose(lo, hi, bits, p->v, n, j);
}

double amq_structure_fp_moment_work(const amq_structure *s, const amq_params *p, uint64_t n, uint64_t j, int bits)
{
    if (!s || !p || !s->fp_moment_enclose)
        return NAN;
    if (j == 0 || !s->fp_moment_work || amq_structure_check(s, p) != AMQ_OK)
        return INFINITY;
    return s->fp_moment_work(p->v, n, j, bits);
}

size_t amq_structure_napprox(const amq_structure *s) { return s ? s->napprox : 0; }

const char *amq_structure_approx_name(const amq_structure *s, size_t i)
{
    return s && i < s->napprox ? s->approx[i].name : NULL;
}

double amq_structure_fp_approx(const amq_structure *s, size_t i, const amq_params *p, uint64_t n)
{
    return s && p && i < s->napprox ? s->approx[i].fn(p->v, n) : 0.0 / 0.0;
}

size_t amq_structure_nbounds(const amq_structure *s) { return s ? s->nbounds : 0; }

const char *amq_structure_bound_name(const amq_structure *s, size_t i)
{
    return s && i < s->nbounds ? s->bounds[i].name : NULL;
}

const char *amq_structure_bound_hypothesis(const amq_structure *s, size_t i)
{
    return s && i < s->nbounds ? s->bounds[i].hypothesis : NULL;
}

amq_status amq_structure_fp_bound(mpq_t rop, const amq_structure *s, size_t i, const amq_params *p, uint64_t n)
{
    if (!rop || !s || !p)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_structure_fp_bound: NULL argument");
    if (i >= s->nbounds)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_structure_fp_bound: no bound %zu", i);
    amq_status st = amq_structure_check(s, p);
    return st != AMQ_OK ? st : s->bounds[i].fn(rop, p->v, n);
}

const char *amq_structure_fp_note(const amq_structure *s, const amq_params *p, uint64_t n)
{
    if (!s || !p)
        return NULL;
    const char *own = s->fp_note ? s->fp_note(p->v, n) : NULL;
    const uint64_t cap = amq_structure_capacity(s, p);
    if (n <= cap)
        return own;
    /* Beyond its capacity a structure's rate describes no filter (issue 26): every structure
     * with a capacity says so here, in the same words, not each in its own note. */
    static _Thread_local char note[640];
    snprintf(note, sizeof note,
             "no %s filter of these parameters holds n = %llu keys (at most %llu: every further add is refused "
             "and stores nothing); this is the rate of n keys all stored, and a filter's rate is lower%s%s",
             s->name, (unsigned long long)n, (unsigned long long)cap, own ? "; " : "", own ? own : "");
    return note;
}

const char *amq_structure_removal_note(const amq_structure *s) { return s ? s->removal_note : NULL; }

amq_status amq_filter_fp_state(mpq_t rop, const amq_filter *f)
{
    if (!rop || !f)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_filter_fp_state: NULL argument");
    const amq_structure *s = amq_filter_structure(f);
    return s->fp_state(rop, amq_filter_object(f));
}

struct amq_model {
    amq_model_state st;
};

amq_status amq_model_create(amq_model **out, const amq_structure *s, const amq_params *p)
{
    if (!out || !s || !p)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_model_create: NULL argument");
    amq_status st = amq_structure_check(s, p);
    if (st != AMQ_OK)
        return st;
    amq_model *m = calloc(1, sizeof *m);
    if (!m)
        return amq_fail(AMQ_E_NOMEM, "%s model: out of memory", s->name);
    st = s->model(&m->st, p->v);
    if (st != AMQ_OK) {
        free(m->st.geom);
        free(m);
        return st;
    }
    *out = m;
    return AMQ_OK;
}

const amq_ops *amq_model_ops(const amq_model *m) { return m ? &m->st.ops : NULL; }

uint64_t amq_model_refused(const amq_model *m) { return m && m->st.refused ? m->st.refused(m->st.geom) : 0; }

double amq_structure_work_weight(const amq_structure *s) { return s ? s->work_weight : 0.0; }

void amq_model_free(amq_model *m)
{
    if (m) {
        free(m->st.geom);
        free(m);
    }
}

void *amq_model_keep(amq_model_state *out, const void *geom, size_t size, const char *who)
{
    void *kept = malloc(size);
    if (!kept) {
        amq_fail(AMQ_E_NOMEM, "%s model: out of memory", who);
        return NULL;
    }
    memcpy(kept, geom, size);
    out->geom = kept;
    return kept;
}

amq_status amq_fp_state_histogram(mpq_t rop, const uint64_t *hist, uint64_t size, uint64_t blocks, uint64_t k)
{
    if (blocks == 0 || size == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "rate of the filter's state: empty filter geometry");
    if (k > UINT32_MAX)
        return amq_fail(AMQ_E_TOO_LARGE, "rate of the filter's state: k = %llu is too large", (unsigned long long)k);
    mpz_t num, term;
    mpz_inits(num, term, (mpz_ptr)0);
    for (uint64_t x = 1; x <= size; x++) {
        if (!hist[x])
            continue;
        mpz_set_ui(term, x);
        mpz_pow_ui(term, term, (unsigned long)k);
        mpz_mul_ui(term, term, hist[x]);
        mpz_add(num, num, term);
    }
    if (k == 0) /* the empty vector is always present */
        mpz_set_ui(num, blocks);
    mpz_set_ui(term, size);
    mpz_pow_ui(term, term, (unsigned long)k);
    mpz_mul_ui(term, term, blocks);
    mpq_set_num(rop, num);
    mpq_set_den(rop, term);
    mpq_canonicalize(rop);
    mpz_clears(num, term, (mpz_ptr)0);
    return AMQ_OK;
}

amq_status amq_fp_state_power(mpq_t rop, uint64_t x, uint64_t size, uint64_t k)
{
    if (size == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "rate of the filter's state: empty filter geometry");
    if (k > UINT32_MAX)
        return amq_fail(AMQ_E_TOO_LARGE, "rate of the filter's state: k = %llu is too large", (unsigned long long)k);
    mpz_t num, den;
    mpz_inits(num, den, (mpz_ptr)0);
    mpz_ui_pow_ui(num, x, (unsigned long)k);
    mpz_ui_pow_ui(den, size, (unsigned long)k);
    mpq_set_num(rop, num);
    mpq_set_den(rop, den);
    mpq_canonicalize(rop);
    mpz_clears(num, den, (mpz_ptr)0);
    return AMQ_OK;
}

uint64_t amq_popcount_range(const uint64_t *words, uint64_t from, uint64_t len)
{
    uint64_t c = 0, p = from;
    const uint64_t end = from + len;
    while (p < end && p % 64 != 0) /* head bits up to a word boundary */
        c += (words[p / 64] >> (p % 64)) & 1u, p++;
    for (; p + 64 <= end; p += 64)
        c += (uint64_t)__builtin_popcountll(words[p / 64]);
    for (; p < end; p++)
        c += (words[p / 64] >> (p % 64)) & 1u;
    return c;
}

/* Blocks up to this size go through a histogram of their fill; larger ones are summed one by one. */
#define HISTOGRAM_MAX 65536u

amq_status amq_fp_state_blocks(mpq_t rop, const uint64_t *words, uint64_t nblocks, uint64_t block_bits, uint64_t k)
{
    if (block_bits <= HISTOGRAM_MAX) {
        uint64_t *hist = calloc((size_t)block_bits + 1, sizeof *hist);
        if (!hist)
            return amq_fail(AMQ_E_NOMEM, "rate of the filter's state: out of memory");
        for (uint64_t b = 0; b < nblocks; b++)
            hist[amq_popcount_range(words, b * block_bits, block_bits)]++;
        amq_status st = amq_fp_state_histogram(rop, hist, block_bits, nblocks, k);
        free(hist);
        return st;
    }
    if (k > UINT32_MAX)
        return amq_fail(AMQ_E_TOO_LARGE, "rate of the filter's state: k = %llu is too large", (unsigned long long)k);
    mpz_t num, term;
    mpz_inits(num, term, (mpz_ptr)0);
    for (uint64_t b = 0; b < nblocks; b++) {
        mpz_ui_pow_ui(term, amq_popcount_range(words, b * block_bits, block_bits), (unsigned long)k);
        mpz_add(num, num, term);
    }
    mpz_ui_pow_ui(term, block_bits, (unsigned long)k);
    mpz_mul_ui(term, term, nblocks);
    mpq_set_num(rop, num);
    mpq_set_den(rop, term);
    mpq_canonicalize(rop);
    mpz_clears(num, term, (mpz_ptr)0);
    return AMQ_OK;
}
