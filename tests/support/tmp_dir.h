/* A test's own temporary directory: made fresh under /tmp, removed with all it holds.  One
 * copy for every test (issue 24: the mkdtemp/rm -rf pair was written out in 12 files). */
#ifndef AMQ_TEST_TMP_DIR_H
#define AMQ_TEST_TMP_DIR_H
#include <stddef.h>

#define TMP_DIR_SIZE 64 /* enough for "/tmp/amq-<tag>-XXXXXX" with a tag of up to 40 bytes */

/* Makes /tmp/amq-<tag>-XXXXXX and writes its path to dir (TMP_DIR_SIZE bytes).  0 on
 * success, -1 (dir empty) when the tag is too long or mkdtemp fails. */
int tmp_dir_make(char dir[TMP_DIR_SIZE], const char *tag);

/* Removes dir and everything below it, without a shell and without following links.  0 on
 * success (an empty dir, never made, is a success: teardown after a failed setup). */
int tmp_dir_remove(const char *dir);

/* The group fixture of the file tests (cmocka setup/teardown): tmp_dir is made for the
 * group and removed after it; tmp_path names the file f.amq in it. */
extern char tmp_dir[TMP_DIR_SIZE];
extern char tmp_path[TMP_DIR_SIZE + 8];
int tmp_dir_group_setup(void **state);
int tmp_dir_group_teardown(void **state);

#endif
