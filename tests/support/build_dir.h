/* Paths into the build tree for tests that run amqcert's programs and adapters:
 * $AMQ_BUILD (set by tools/run-tests.sh) or "build", made absolute. */
#ifndef AMQ_TEST_BUILD_DIR_H
#define AMQ_TEST_BUILD_DIR_H
#include <stddef.h>

/* out = "<absolute build dir>/<rel>"; returns out. */
const char *amq_test_build_path(char *out, size_t len, const char *rel);

#endif
