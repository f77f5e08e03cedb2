#include "load_sizing.h"
#include <stdarg.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

const amq_test_bad_load amq_test_bad_loads[] = {
    {NAN, "load nan "}, {0.0, "load 0 "},     {-0.5, "load -0.5 "},    {0.9700001, "load 0.9700001 "},
    {1.0, "load 1 "},   {1.5, "load 1.5 "},   {INFINITY, "load inf "}, {-INFINITY, "load -inf "},
};
const size_t amq_test_nbad_loads = sizeof amq_test_bad_loads / sizeof amq_test_bad_loads[0];

void amq_test_assert_load_refused(amq_status st, const amq_test_bad_load *bad)
{
    assert_int_equal(st, AMQ_E_INVALID_ARG);
    assert_non_null(strstr(amq_last_error(), "maximum load"));
    if (!strstr(amq_last_error(), bad->named))
        fail_msg("'%s' does not name the value as '%s'", amq_last_error(), bad->named);
}

/* load = m * 2^(e - 53) with m < 2^53 an integer. */
uint64_t amq_test_floor_load(double load, unsigned q)
{
    int e;
    const uint64_t m = (uint64_t)ldexp(frexp(load, &e), 53);
    const int shift = 53 - e - (int)q; /* load < 1: e <= 0, so shift >= -10 */
    return shift >= 64 ? 0 : shift >= 0 ? m >> shift : m << -shift;
}
