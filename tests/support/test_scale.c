#include "test_scale.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double amq_test_scale(void)
{
    static double scale = 0; /* 0: not read yet */
    if (scale > 0)
        return scale;
    const char *s = getenv("AMQ_TEST_SCALE");
    if (!s || !*s) {
        scale = 1;
        return scale;
    }
    char *end;
    const double v = strtod(s, &end);
    if (*end || !(v > 0 && v <= 1)) {
        fprintf(stderr, "AMQ_TEST_SCALE=%s: not a fraction in (0, 1]\n", s);
        exit(2);
    }
    /* said once per binary, so that a log shows the size its runs used */
    fprintf(stderr, "AMQ_TEST_SCALE=%s: long statistical runs use this fraction of their size\n", s);
    scale = v;
    return scale;
}

uint64_t amq_test_scaled(uint64_t full, uint64_t least)
{
    const double s = amq_test_scale();
    if (s >= 1)
        return full;
    uint64_t n = (uint64_t)ceil((double)full * s);
    if (n < least)
        n = least;
    return n < full ? n : full;
}
