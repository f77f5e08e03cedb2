/* The timed operations every structure bench shares (bench.h): n adds, n positive and n
 * negative queries, then n removes where the structure has them; 16-byte keys (a counter
 * and a salt, so the negatives are distinct from the keys). */
#include "bench.h"
#include <amq/filter.h>
#include <string.h>

static void key16(uint8_t key[16], uint64_t i, uint64_t salt)
{
    memcpy(key, &i, 8);
    memcpy(key + 8, &salt, 8);
}

bench_timing bench_run_ops(amq_filter *f, uint64_t n, int can_remove)
{
    uint8_t key[16];
    bench_timing t = {0, 0, 0, -1, 0, 0};
    const double t0 = bench_now();
    for (uint64_t i = 0; i < n; i++) {
        key16(key, i, 0x5eed);
        t.fails += amq_filter_add(f, key, sizeof key) != AMQ_OK;
    }
    const double t1 = bench_now();
    for (uint64_t i = 0; i < n; i++) {
        key16(key, i, 0x5eed);
        t.fails += amq_filter_query(f, key, sizeof key) != 1;
    }
    const double t2 = bench_now();
    for (uint64_t i = 0; i < n; i++) {
        key16(key, i, 0xf7e5);
        t.fps += amq_filter_query(f, key, sizeof key) == 1;
    }
    const double t3 = bench_now();
    if (can_remove) {
        for (uint64_t i = 0; i < n; i++) {
            key16(key, i, 0x5eed);
            t.fails += amq_filter_remove(f, key, sizeof key) != AMQ_OK;
        }
        t.del = 1e9 * (bench_now() - t3) / (double)n;
    }
    t.add = 1e9 * (t1 - t0) / (double)n;
    t.pos = 1e9 * (t2 - t1) / (double)n;
    t.neg = 1e9 * (t3 - t2) / (double)n;
    return t;
}
