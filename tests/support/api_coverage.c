#include "api_coverage.h"
#include "read_file.h"
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_name_char(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

int api_uncovered(const char *self, const char *const *headers, size_t nheaders, int *seen)
{
    char *me = (char *)read_file(self, NULL);
    if (!me)
        return -1;
    int missing = 0;
    *seen = 0;
    for (size_t h = 0; h < nheaders; h++) {
        FILE *f = fopen(headers[h], "r");
        if (!f) {
            free(me);
            return -1;
        }
        char line[512];
        while (fgets(line, sizeof line, f)) {
            char *paren = strchr(line, '('), *name = paren;
            if (strncmp(line, "AMQ_API ", 8) != 0 || !paren)
                continue;
            while (name > line && is_name_char(name[-1]))
                name--;
            *paren = 0;
            char call[520];
            snprintf(call, sizeof call, "%s(", name); /* the test has no declarations: a call */
            if (!strstr(me, call)) {
                printf("%s: %s is not called by this test\n", headers[h], name);
                missing++;
            }
            (*seen)++;
        }
        fclose(f);
    }
    free(me);
    return missing;
}

void api_assert_covered(const char *self, const char *const *headers, size_t nheaders, int min_seen)
{
    int seen = 0;
    const int missing = api_uncovered(self, headers, nheaders, &seen);
    assert_true(seen >= min_seen);
    assert_int_equal(missing, 0);
}

void api_assert_refused(amq_status st)
{
    assert_int_equal(st, AMQ_E_INVALID_ARG);
    assert_true(strlen(amq_last_error()) > 0);
}

void api_assert_ok(amq_status st)
{
    if (st != AMQ_OK)
        print_error("%s\n", amq_last_error());
    assert_int_equal(st, AMQ_OK);
}
