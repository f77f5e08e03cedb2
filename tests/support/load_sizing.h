/* What the load sizings' tests share (amq_quotient_size_for_load, tests/test_quotient_load.c;
 * amq_blocked_quotient_size_for_load, tests/test_blocked_quotient_load.c): the loads both
 * must refuse, with the text a message names each by, and floor(load * 2^q) computed in
 * integers, apart from the library's floating-point one. */
#ifndef AMQ_TEST_LOAD_SIZING_H
#define AMQ_TEST_LOAD_SIZING_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>

typedef struct amq_test_bad_load {
    double load;
    const char *named; /* "load nan ": as the message must print it */
} amq_test_bad_load;

/* NaN, 0, negative, just above 0.97 (both sizings' most), 1, above 1, the infinities. */
extern const amq_test_bad_load amq_test_bad_loads[];
extern const size_t amq_test_nbad_loads;

/* st is AMQ_E_INVALID_ARG and amq_last_error() calls the value a maximum load and names it. */
void amq_test_assert_load_refused(amq_status st, const amq_test_bad_load *bad);

/* floor(load * 2^q) in integers, for 0 < load < 1 and 1 <= q <= 63. */
uint64_t amq_test_floor_load(double load, unsigned q);

#endif
