/* Dillinger & Manolios omission analyses: validation of amq_omissions_params and the edge cases
 * of E and P0 that are decided without computation (amq/spec_omissions.h). */
#include <lib_internal/fail.h>
#include "spec_internal/omissions.h"

amq_status amq_omissions_check_params(const amq_omissions_params *p, const char *who)
{
    if (!p)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: NULL parameters", who);
    if (p->m == 0)
        return amq_fail(AMQ_E_INVALID_M, "%s: m = 0 (a Bloom filter needs at least one bit)", who);
    if (p->model != AMQ_OMISSIONS_EXACT && p->model != AMQ_OMISSIONS_PAPER)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: unknown model %d", who, (int)p->model);
    if (p->s && mpz_sgn(p->s) <= 0)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: fingerprint space s must be >= 1", who);
    return AMQ_OK;
}

amq_status amq_omissions_check_params_bits(const amq_omissions_params *p, int bits, const char *who)
{
    amq_status st = amq_omissions_check_params(p, who);
    if (st)
        return st;
    if (bits < 1 || bits > AMQ_OMISSIONS_MAX_BITS)
        return amq_fail(AMQ_E_INVALID_ARG, "%s: bits = %d outside [1, %d]", who, bits, AMQ_OMISSIONS_MAX_BITS);
    return AMQ_OK;
}

/* Edge cases of E and P0: returns 1 with the exact values when decided. */
int amq_omissions_edge(const amq_omissions_params *p, uint64_t *E, int *P0)
{
    uint64_t n = p->n;
    if (n == 0) { *E = 0; *P0 = 1; return 1; }
    if (p->k == 0) { *E = n; *P0 = 0; return 1; } /* every f_i = 1 */
    if (n == 1) { *E = 0; *P0 = 1; return 1; }   /* only f_0 = 0 */
    if (p->m == 1 || (p->s && mpz_cmp_ui(p->s, 1) == 0)) { /* f_i = 1 for i >= 1 */
        *E = n - 1;
        *P0 = 0;
        return 1;
    }
    return 0;
}
