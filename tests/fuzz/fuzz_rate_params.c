/* The rate of any structure of the registry at any parameters (what `amq rate` computes):
 * the structure's check, the correctly rounded decimal with its enclosure, the exact
 * fraction and the approximations, on parameters drawn from the input with a bias to the
 * extremes (0, 1, 2^j, 2^j +- 1, 2^64 - 1).  Oracles: no crash, leak or UB; every call
 * returns within libFuzzer's -timeout (20 s, tests/fuzz/rate_params.timeout: the cost limits
 * of amq/cost.h allow about 15 s on a loaded 2-core machine, and are checked before the
 * work, so an unbounded computation is a hang) and -rss_limit_mb; a refusal leaves a
 * message; an accepted value has 0 <= lo <= hi <= 1 and its decimal lies in [lo, hi] up to
 * the rounding of its digits; an approximation is never NaN where the rate is defined. */
#include <amq/filter.h>
#include <amq/filter_rate.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
    const uint8_t *p;
    size_t left;
} reader;

static uint8_t byte(reader *r)
{
    if (!r->left)
        return 0;
    r->left--;
    return *r->p++;
}

/* A value biased to the extremes: the top bits of the first byte choose the form. */
static uint64_t value(reader *r)
{
    const uint8_t c = byte(r), j = byte(r) & 63;
    const uint64_t p2 = UINT64_C(1) << j;
    switch (c >> 5) {
    case 0: return c & 31;
    case 1: return p2;
    case 2: return p2 - 1;
    case 3: return p2 + 1;
    case 4: return UINT64_MAX - (c & 31);
    case 5: return (uint64_t)byte(r) << 8 | byte(r);
    default: {
        uint64_t v = 0;
        for (int i = 0; i < 8; i++)
            v = v << 8 | byte(r);
        return v;
    }
    }
}

/* |d - x| <= 10^(1 - digits) |x| + tiny for some x in [lo, hi]: the decimal is the value
 * rounded to `digits` significant digits. */
static int decimal_in(const char *dec, const mpfr_t lo, const mpfr_t hi, int digits)
{
    mpfr_t d, w, a, b;
    mpfr_inits2(mpfr_get_prec(lo) + 64, d, w, a, b, (mpfr_ptr)0);
    char *end;
    mpfr_strtofr(d, dec, &end, 10, MPFR_RNDN); /* within 2^-(prec+64): far below the digits */
    int ok = *dec && !*end;
    mpfr_set_ui(w, 10, MPFR_RNDN);
    mpfr_pow_si(w, w, 1 - digits, MPFR_RNDU);
    mpfr_mul(a, lo, w, MPFR_RNDU);
    mpfr_sub(a, lo, a, MPFR_RNDD); /* lo (1 - 10^(1-digits)) */
    mpfr_mul(b, hi, w, MPFR_RNDU);
    mpfr_add(b, hi, b, MPFR_RNDU); /* hi (1 + 10^(1-digits)) */
    ok = ok && mpfr_number_p(d) && mpfr_cmp(d, a) >= 0 && mpfr_cmp(d, b) <= 0;
    mpfr_clears(d, w, a, b, (mpfr_ptr)0);
    return ok;
}

static void fail(const char *what, const amq_structure *s, const amq_params *p, uint64_t n)
{
    fprintf(stderr, "fuzz_rate_params: %s: %s", what, amq_structure_name(s));
    for (size_t i = 0; i < amq_structure_nparams(s); i++)
        fprintf(stderr, " %s=%llu", amq_structure_param(s, i)->key, (unsigned long long)p->v[i]);
    fprintf(stderr, " n=%llu (%s)\n", (unsigned long long)n, amq_last_error());
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    const amq_structure *s = amq_structure_at(byte(&r) % amq_structure_count());
    amq_params p;
    amq_params_init(&p, s);
    for (size_t i = 0; i < amq_structure_nparams(s); i++) {
        const uint8_t keep = byte(&r); /* a quarter of the parameters keep their default */
        if ((keep & 3) || (amq_structure_param(s, i)->flags & AMQ_PARAM_REQUIRED))
            p.v[i] = value(&r);
    }
    const uint64_t n = value(&r);
    const int digits = 1 + byte(&r) % 40, exact = byte(&r) & 1;
    if (amq_structure_check(s, &p) != AMQ_OK) {
        if (!amq_last_error()[0])
            fail("a refusal without a message", s, &p, n);
        return 0;
    }
    mpfr_t lo, hi;
    mpfr_inits2(4 * (mpfr_prec_t)digits + 128, lo, hi, (mpfr_ptr)0);
    char *dec = NULL;
    const amq_status st = amq_structure_fp_decimal(&dec, s, &p, n, digits, lo, hi);
    if (st != AMQ_OK && (!amq_last_error()[0] || dec))
        fail("a refusal without a message, or with a value", s, &p, n);
    if (st == AMQ_OK) {
        if (!dec || mpfr_sgn(lo) < 0 || mpfr_cmp(lo, hi) > 0 || mpfr_cmp_ui(hi, 1) > 0)
            fail("an enclosure outside [0, 1] or inverted", s, &p, n);
        if (!decimal_in(dec, lo, hi, digits))
            fail("the decimal lies outside its enclosure", s, &p, n);
        for (size_t i = 0; i < amq_structure_napprox(s); i++)
            if (isnan(amq_structure_fp_approx(s, i, &p, n)))
                fail(amq_structure_approx_name(s, i), s, &p, n);
    }
    if (exact) {
        mpq_t q;
        mpq_init(q);
        const amq_status e = amq_structure_fp_exact(q, s, &p, n);
        if (e == AMQ_OK && (mpq_sgn(q) < 0 || mpq_cmp_ui(q, 1, 1) > 0))
            fail("an exact rate outside [0, 1]", s, &p, n);
        if (e == AMQ_OK && st == AMQ_OK && (mpfr_cmp_q(lo, q) > 0 || mpfr_cmp_q(hi, q) < 0))
            fail("the enclosure misses the exact rate", s, &p, n);
        if (e != AMQ_OK && !amq_last_error()[0])
            fail("an exact refusal without a message", s, &p, n);
        mpq_clear(q);
    }
    free(dec);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return 0;
}
