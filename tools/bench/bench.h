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
#include <stdint.h>

/* ns per add, per positive and per negative query and per remove of one filter, n 16-byte
 * keys (bench_ops.c); del < 0: no remove.  fails: refused adds, false negatives, refused
 * removes; fps: the negatives answered "maybe". */
typedef struct bench_timing {
    double add, pos, neg, del;
    uint64_t fails, fps;
} bench_timing;
struct amq_filter;
bench_timing bench_run_ops(struct amq_filter *f, uint64_t n, int can_remove);

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
void bench_cuckoo(void);
#endif
