/* Differential fuzzing of the CLI number parsers (tools/cli/cli.c) against reference
 * implementations written differently: the grammar as a POSIX regular expression, the
 * value with GMP's exact integers (u64) or strtod on the matched text (double).  Both
 * must accept the same strings and give the same values; -timeout catches unbounded work. */
#include "../../tools/cli/cli.h"
#include <gmp.h>
#include <regex.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

static regex_t u64_re, dbl_re;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (regcomp(&u64_re, "^([0-9]+)(([eE^])([0-9]+))?$", REG_EXTENDED) != 0 ||
        regcomp(&dbl_re, "^([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][-+]?[0-9]+)?$", REG_EXTENDED | REG_NOSUB) != 0)
        abort();
    return 0;
}

/* Reference u64: 1 and *out if s is in the grammar and its value fits in 64 bits. */
static int ref_u64(const char *s, uint64_t *out)
{
    regmatch_t m[5];
    if (regexec(&u64_re, s, 5, m, 0) != 0)
        return 0;
    mpz_t a, e, v, max;
    mpz_inits(a, e, v, max, (mpz_ptr)0);
    char *part = strndup(s + m[1].rm_so, (size_t)(m[1].rm_eo - m[1].rm_so));
    mpz_set_str(a, part, 10);
    free(part);
    mpz_ui_pow_ui(max, 2, 64);
    mpz_sub_ui(max, max, 1);
    int ok = mpz_cmp(a, max) <= 0;
    if (ok && m[2].rm_so >= 0) {
        const char op = s[m[3].rm_so];
        part = strndup(s + m[4].rm_so, (size_t)(m[4].rm_eo - m[4].rm_so));
        mpz_set_str(e, part, 10);
        free(part);
        ok = mpz_cmp(e, max) <= 0;
        mpz_t base;
        mpz_init_set_ui(base, op == '^' ? 0 : 10);
        if (op == '^')
            mpz_set(base, a);
        /* |base| >= 2 with an exponent >= 64 exceeds 2^64 - 1: decided without computing */
        if (ok && mpz_cmp_ui(base, 2) >= 0 && mpz_cmp_ui(e, 64) >= 0 && !(op != '^' && mpz_sgn(a) == 0))
            ok = 0;
        else if (ok) {
            const unsigned long ex = mpz_cmp_ui(e, 64) >= 0 ? 64 : mpz_get_ui(e); /* base 0 or 1, or a = 0 */
            mpz_pow_ui(v, base, ex);
            if (op != '^')
                mpz_mul(v, v, a);
            ok = mpz_cmp(v, max) <= 0;
        }
        mpz_clear(base);
    } else {
        mpz_set(v, a);
    }
    if (ok)
        *out = (uint64_t)mpz_get_ui(v); /* unsigned long is 64 bits here */
    mpz_clears(a, e, v, max, (mpz_ptr)0);
    return ok;
}

/* Reference double: in the grammar and finite, not below the smallest normal double. */
static int ref_double(const char *s, double *out)
{
    if (regexec(&dbl_re, s, 0, NULL, 0) != 0)
        return 0;
    errno = 0;
    const double v = strtod(s, NULL);
    if (errno == ERANGE)
        return 0;
    *out = v;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    if (len > 4096)
        return 0;
    char *s = malloc(len + 1);
    memcpy(s, data, len);
    s[len] = 0; /* a NUL inside ends the string, as in argv */
    uint64_t got = 0, want = 0;
    const char *why = cli_parse_u64(s, &got);
    const int ref = ref_u64(s, &want);
    if ((why == NULL) != ref || (ref && got != want) || (why && !*why))
        abort();
    double dg = 0, dw = 0;
    why = cli_parse_double(s, &dg);
    const int dref = ref_double(s, &dw);
    if ((why == NULL) != dref || (dref && dg != dw) || (why && !*why))
        abort();
    free(s);
    return 0;
}
