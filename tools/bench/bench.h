/* `make bench`: speed figures only; nothing here asserts. */
#ifndef AMQ_BENCH_H
#define AMQ_BENCH_H
#include <time.h>
static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
void bench_peers(void);
void bench_filters(void);
void bench_bloom(void);
void bench_spec(void);
void bench_blocked_spec(void);
void bench_blocked(void);
void bench_quotient(void);
void bench_checker(void);
void bench_mpi(void);
void bench_same_bits(void);
#endif
