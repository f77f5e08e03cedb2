#define _XOPEN_SOURCE 700 /* nftw */
#include "tmp_dir.h"
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>

int tmp_dir_make(char dir[TMP_DIR_SIZE], const char *tag)
{
    const int n = snprintf(dir, TMP_DIR_SIZE, "/tmp/amq-%s-XXXXXX", tag);
    if (n < 0 || n >= TMP_DIR_SIZE || !mkdtemp(dir)) {
        dir[0] = 0;
        return -1;
    }
    return 0;
}

static int remove_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path) == 0 ? 0 : -1;
}

int tmp_dir_remove(const char *dir)
{
    if (!dir || !dir[0])
        return 0;
    /* children first (FTW_DEPTH), links removed as links (FTW_PHYS) */
    return nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS) == 0 ? 0 : -1;
}

char tmp_dir[TMP_DIR_SIZE];
char tmp_path[TMP_DIR_SIZE + 8];

int tmp_dir_group_setup(void **state)
{
    (void)state;
    if (tmp_dir_make(tmp_dir, "test"))
        return -1;
    snprintf(tmp_path, sizeof tmp_path, "%s/f.amq", tmp_dir);
    return 0;
}

int tmp_dir_group_teardown(void **state)
{
    (void)state;
    return tmp_dir_remove(tmp_dir);
}
