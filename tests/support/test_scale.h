/* Size of the long statistical runs of a test binary.  tools/run-tests.sh sets
 * AMQ_TEST_SCALE for the ASan pass (the plain pass runs every test at full size): a
 * fraction in (0, 1] of the trials (filters, samples) that those runs use.  Only the
 * number of samples shrinks, never the logic under test; each call site keeps a floor at
 * which its check, and its planted-bug counterpart, can still fail. */
#ifndef AMQ_TEST_SCALE_H
#define AMQ_TEST_SCALE_H
#include <stdint.h>

/* The fraction from AMQ_TEST_SCALE, 1 when unset; a malformed value (not a number in
 * (0, 1]) stops the binary with a message and status 2, as a test must not pass on it. */
double amq_test_scale(void);

/* ceil(full * scale), but at least `least` (and at most full): the size of one run. */
uint64_t amq_test_scaled(uint64_t full, uint64_t least);

#endif
