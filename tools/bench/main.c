#include "bench.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs a section when it is the one asked for, or when none was; counts what it ran. */
static int wanted(const char *only, const char *name, int *ran)
{
    if (only && strcmp(only, name))
        return 0;
    ++*ran;
    return 1;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--peak-rss")) /* the bench re-executed as a spawner */
        return bench_peak_rss_main(argc, argv);
    const char *only = argc > 1 ? argv[1] : NULL;
    int ran = 0;
    printf("amqcert bench (figures, not tests; set AMQ_BENCH_QUICK=1 to skip n = 1e8)\n\n");
    if (wanted(only, "peers", &ran))
        bench_peers();
    if (wanted(only, "filters", &ran))
        bench_filters();
    if (wanted(only, "same-bits", &ran))
        bench_same_bits();
    if (wanted(only, "blocked", &ran)) {
        bench_blocked_spec();
        bench_blocked();
    }
    /* The structures' own sections (bench.h), named as in the registry. */
#define X(s, TYPE, number)                         \
    if (bench_##s && wanted(only, #s, &ran)) \
        bench_##s();
    AMQ_STRUCTURES
#undef X
    if (wanted(only, "checker", &ran))
        bench_checker();
    if (wanted(only, "spec", &ran))
        bench_spec();
    if (wanted(only, "mpi", &ran))
        bench_mpi();
    if (!ran) {
        fprintf(stderr, "bench: no section named '%s'; the sections: peers filters same-bits blocked", only);
#define X(s, TYPE, number) \
    if (bench_##s)         \
        fprintf(stderr, " %s", #s);
        AMQ_STRUCTURES
#undef X
        fprintf(stderr, " checker spec mpi\n");
        return 2;
    }
    return 0;
}
