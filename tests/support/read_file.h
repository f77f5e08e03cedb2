/* The whole of a file, read by a test (issue 24: the tests had seven copies of this). */
#ifndef AMQ_TEST_READ_FILE_H
#define AMQ_TEST_READ_FILE_H
#include <stddef.h>

/* The bytes of path, malloc'd, followed by a 0 byte and room for 15 more (tests append to
 * copies they corrupt); their count in *len (len may be NULL).  NULL when the file cannot be
 * opened or read. */
unsigned char *read_file(const char *path, size_t *len);
/* The same, or the test fails with a message naming path. */
unsigned char *read_file_checked(const char *path, size_t *len);

#endif
