#include "bench.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : NULL;
    printf("amqcert bench (figures, not tests; set AMQ_BENCH_QUICK=1 to skip n = 1e8)\n\n");
    if (!only || !strcmp(only, "peers"))
        bench_peers();
    if (!only || !strcmp(only, "filters"))
        bench_filters();
    if (!only || !strcmp(only, "same-bits"))
        bench_same_bits();
    if (!only || !strcmp(only, "cuckoo"))
        bench_cuckoo();
    if (!only || !strcmp(only, "bloom"))
        bench_bloom();
    if (!only || !strcmp(only, "blocked")) {
        bench_blocked_spec();
        bench_blocked();
    }
    if (!only || !strcmp(only, "quotient"))
        bench_quotient();
    if (!only || !strcmp(only, "checker"))
        bench_checker();
    if (!only || !strcmp(only, "spec"))
        bench_spec();
    if (!only || !strcmp(only, "mpi")) bench_mpi();
    return 0;
}
