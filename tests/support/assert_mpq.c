#include "assert_mpq.h"
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>

void assert_mpq_ui(const mpq_t q, unsigned long num, unsigned long den)
{
    mpq_t e;
    mpq_init(e);
    mpq_set_ui(e, num, den);
    mpq_canonicalize(e);
    const int same = mpq_equal(q, e);
    if (!same)
        gmp_printf("got %Qd, expected %Qd\n", q, e);
    mpq_clear(e);
    assert_true(same);
}
