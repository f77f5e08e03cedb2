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

/* The sections that are no structure's own (main.c runs them by name). */
void bench_peers(void);
void bench_filters(void);
void bench_spec(void);
void bench_blocked_spec(void);
void bench_blocked(void);
void bench_checker(void);
void bench_mpi(void);
void bench_same_bits(void);
void bench_quotient_memory(void); /* bench_quotient.c's last row */

/* Peak RSS in KiB of the command cmd (argv form, NULL-terminated, at most 30 words) with stdin from
 * `in` and its output discarded, or -1 if it did not exit 0; *floor_kib: the size of the spawner
 * it ran under, which every figure includes (bench_peak_rss.c says why).  bench_peak_rss_main is
 * that spawner: `bench --peak-rss 3 COMMAND...`. */
long bench_peak_rss_kib(char *const cmd[], const char *in, long *floor_kib);
int bench_peak_rss_main(int argc, char **argv);

/* A structure's own section, if it has one: `void bench_<s>(void)` in tools/bench/bench_<s>.c,
 * <s> as in the registry list (lib_internal/registry.h).  Declared weak for every structure, so
 * that main.c runs the sections that exist, in registry order, and adding a structure's section
 * edits no shared file: an undefined weak function's address is null (ELF, which the Debian
 * platform of the README is). */
#include <lib_internal/registry.h>
#define X(s, TYPE, number) void bench_##s(void) __attribute__((weak));
AMQ_STRUCTURES
#undef X

/* The minimal AVX2 Parquet filter of bench_parquet_avx2.c, the split-block filter's peer. */
#include <stddef.h>
typedef struct bench_parquet bench_parquet;
bench_parquet *bench_parquet_create(uint64_t nblocks); /* NULL: no AVX2 at -march=native */
void bench_parquet_clear(bench_parquet *p);
void bench_parquet_free(bench_parquet *p);
uint64_t bench_parquet_bytes(const bench_parquet *p);
int bench_parquet_add(void *o, const void *key, size_t len);
int bench_parquet_query(const void *o, const void *key, size_t len);
void bench_parquet_batch(const void *o, const void *const *keys, const size_t *lens, size_t count, int *results);
/* 1 when n keys set the same bits in it as in amqcert's split-block filter of the same size */
int bench_parquet_same_bits(uint64_t n);
#endif
