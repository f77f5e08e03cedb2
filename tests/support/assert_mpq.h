/* An exact rational against a hand-known value, for the tests (one copy: issue 24). */
#ifndef AMQ_TEST_ASSERT_MPQ_H
#define AMQ_TEST_ASSERT_MPQ_H
#include <gmp.h>

/* Fails the test, printing both values, unless q == num/den (den > 0). */
void assert_mpq_ui(const mpq_t q, unsigned long num, unsigned long den);

#endif
