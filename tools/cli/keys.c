/* Keys on standard input, one per line. */
#include "cli.h"
#include <stdlib.h>

int cli_each_line(int (*fn)(void *ctx, const char *key, size_t len), void *ctx)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int rc = 0;
    while (rc == 0 && (len = getline(&line, &cap, stdin)) >= 0) {
        if (len > 0 && line[len - 1] == '\n')
            len--;
        if (len > 0 && line[len - 1] == '\r')
            len--;
        rc = fn(ctx, line, (size_t)len);
    }
    if (rc == 0 && ferror(stdin))
        rc = -1;
    free(line);
    return rc;
}
