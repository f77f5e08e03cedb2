/* The NULL-rule tests' coverage check (amq/error.h): every function a public header declares
 * (a line starting "AMQ_API ") is called in the test's own source. */
#ifndef AMQ_TEST_API_COVERAGE_H
#define AMQ_TEST_API_COVERAGE_H
#include <stddef.h>
#include <amq/error.h>

/* Reads the test source `self` and the headers; prints "HEADER: NAME is not called by this
 * test" for each declared function that `self` does not call and returns how many; *seen
 * gets the number of declarations.  -1 when a file cannot be read. */
int api_uncovered(const char *self, const char *const *headers, size_t nheaders, int *seen);

/* The cmocka check both NULL tests run: no function uncovered, at least min_seen declared. */
void api_assert_covered(const char *self, const char *const *headers, size_t nheaders, int min_seen);

/* The NULL rule's refusal: AMQ_E_INVALID_ARG with a message (amq_last_error non-empty). */
void api_assert_refused(amq_status st);

/* A valid call succeeds (so the refusals beside it are about the NULL alone); prints the
 * message when it does not. */
void api_assert_ok(amq_status st);

#endif
