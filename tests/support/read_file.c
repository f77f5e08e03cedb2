#include "read_file.h"
#include <stdarg.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>

unsigned char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0, got;
    unsigned char *b = malloc(cap + 16);
    /* read to the end rather than trust ftell: pipes and growing files too */
    while (b && (got = fread(b + n, 1, cap - n, f)) > 0)
        if ((n += got) == cap) {
            unsigned char *nb = realloc(b, (cap *= 2) + 16);
            if (!nb)
                free(b);
            b = nb;
        }
    const int bad = ferror(f);
    fclose(f);
    if (!b || bad) {
        free(b);
        return NULL;
    }
    b[n] = 0;
    if (len)
        *len = n;
    return b;
}

unsigned char *read_file_checked(const char *path, size_t *len)
{
    unsigned char *b = read_file(path, len);
    if (!b)
        fail_msg("cannot read %s (the tests run from the source root)", path);
    return b;
}
