#include "build_dir.h"
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

const char *amq_test_build_path(char *out, size_t len, const char *rel)
{
    const char *b = getenv("AMQ_BUILD");
    char cwd[1024];
    if (!b || !*b)
        b = "build";
    if (b[0] == '/' || !getcwd(cwd, sizeof cwd))
        snprintf(out, len, "%s/%s", b, rel);
    else
        snprintf(out, len, "%s/%s/%s", cwd, b, rel);
    return out;
}
