/* make bench, the peers table (issue 16): amqcert's Bloom filters against jvirkki's
 * libbloom 1.6 (Debian libbloom-dev, linked into the bench) and against two memory floors,
 * at n = 1e6 (in cache) and n = 1e8 (AMQ_BENCH_QUICK=1 skips it).  Keys are 16 bytes; each
 * filter is sized for n keys at 1% FP by its own sizing call.  Figures are ns per
 * operation, the least of 3 rounds, each round running every subject once in turn:
 *   add    n keys into a cleared filter;
 *   pos    Q added keys queried, one call each (Q = min(n, 1e7));
 *   neg    Q keys never added, one call each;
 *   b.neg  the same negatives through the structure's batch call, 1024 keys a call;
 *   dep    the dependent floor: one read of a random 64-byte line whose address is the
 *          previous read's value (a random cyclic permutation of the lines);
 *   ind    the independent floor: 1e6 random 64-byte reads whose addresses do not depend
 *          on the data (the faster of a plain loop and prefetched groups of 16);
 * both floors over an array of the filter's size holding random data (zero pages would be
 * shared by the kernel and make a fake floor).  At n = 1e8 the caches are flushed (a
 * 256 MiB buffer is read) before every query pass and every floor run.  Ratios:
 * libbloom / amq (above 1: amq is faster), neg / dep and b.neg / ind; then the goals
 * read against these figures, and the Monte Carlo rate of the checker.  The blocked Bloom and
 * split-block filters run twice, on their AVX2 path and forced onto the scalar one
 * (amq/simd.h), beside a minimal AVX2 Parquet filter written in the bench
 * (bench_parquet_avx2.c, same blocks and bits as amqcert's); issue 27's goals compare them.  The machine's load
 * is printed with each table, and the times are this thread's CPU time, so that the
 * moments another process holds the core are not counted (its use of the shared cache and
 * memory still is).  Figures only: nothing here asserts. */
#include "bench.h"
#include <amq/blocked_bloom.h>
#include <amq/bloom.h>
#include <amq/check.h>
#include <amq/filter.h>
#include <amq/quotient.h>
#include <amq/simd.h>
#include <amq/split_block.h>
#include <lib_internal/check_kernels.h>
#include <bloom.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FPR 0.01
#define REPS 3
#define BATCH 1024u
#define MAX_QUERIES UINT64_C(10000000)
#define FLOOR_READS UINT64_C(1000000)
#define FLUSH_BYTES ((size_t)256 << 20)
#define BIG_N UINT64_C(10000000) /* from here on the caches are flushed before each pass */
#define SALT_IN UINT64_C(0x5eed5eed5eed5eed)
#define SALT_OUT UINT64_C(0xf7e5f7e5f7e5f7e5)

/* ---- the subjects: libbloom, and amqcert's structures by their typed calls ---- */

typedef struct subject {
    const char *name;
    const char *structure; /* registry name; NULL: libbloom */
    int (*add)(void *o, const void *key, size_t len);
    int (*query)(const void *o, const void *key, size_t len);
    void (*batch)(const void *o, const void *const *keys, const size_t *lens, size_t count, int *results);
    int scalar;  /* measured with the scalar path forced (amq_simd_force_scalar) */
    int parquet; /* the bench's minimal AVX2 Parquet filter, sized as amqcert's split-block */
} subject;

static int lb_add(void *o, const void *key, size_t len) { return bloom_add(o, key, (int)len) < 0; }
static int lb_query(const void *o, const void *key, size_t len)
{
    return bloom_check((struct bloom *)(uintptr_t)o, key, (int)len); /* libbloom's check is not const */
}
static int bf_add(void *o, const void *key, size_t len) { return amq_bloom_add(o, key, len) != AMQ_OK; }
static int bf_query(const void *o, const void *key, size_t len) { return amq_bloom_query(o, key, len); }
static int bb_add(void *o, const void *key, size_t len) { return amq_blocked_bloom_add(o, key, len) != AMQ_OK; }
static int bb_query(const void *o, const void *key, size_t len) { return amq_blocked_bloom_query(o, key, len); }
static void bb_batch(const void *o, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    amq_blocked_bloom_query_batch(o, keys, lens, count, results);
}
static int sb_add(void *o, const void *key, size_t len) { return amq_split_block_add(o, key, len) != AMQ_OK; }
static int sb_query(const void *o, const void *key, size_t len) { return amq_split_block_query(o, key, len); }
static void sb_batch(const void *o, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    amq_split_block_query_batch(o, keys, lens, count, results);
}
/* The minimal Parquet filter behind the same adapters as amqcert's rows (a call to a function
 * of another file, its status tested), so that neither side pays a call the other does not:
 * called directly, its add skipped the call that sb_add makes to amqcert's add (split-block /
 * Parquet add at n = 1e6, 2026-12-01: 1.29 that way, 1.16-1.20 this way). */
static int pq_add(void *o, const void *key, size_t len) { return bench_parquet_add(o, key, len) != 0; }
static int pq_query(const void *o, const void *key, size_t len) { return bench_parquet_query(o, key, len); }
static void pq_batch(const void *o, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    bench_parquet_batch(o, keys, lens, count, results);
}
static int qf_add(void *o, const void *key, size_t len) { return amq_quotient_add(o, key, len) != AMQ_OK; }
static int qf_query(const void *o, const void *key, size_t len) { return amq_quotient_query(o, key, len); }

enum { LIBBLOOM, BLOOM, BLOCKED, BLOCKED_SCALAR, SPLIT, SPLIT_SCALAR, PARQUET, QUOTIENT, NSUBJECTS };
static const subject subjects[NSUBJECTS] = {
    {"libbloom 1.6 (Debian)", NULL, lb_add, lb_query, NULL, 0, 0},
    {"amq Bloom, enhanced", "bloom", bf_add, bf_query, NULL, 0, 0},
    {"amq blocked Bloom 512, AVX2", "blocked-bloom", bb_add, bb_query, bb_batch, 0, 0},
    {"amq blocked Bloom 512, scalar", "blocked-bloom", bb_add, bb_query, bb_batch, 1, 0},
    {"amq split-block, AVX2", "split-block", sb_add, sb_query, sb_batch, 0, 0},
    {"amq split-block, scalar", "split-block", sb_add, sb_query, sb_batch, 1, 0},
    {"Parquet AVX2 (minimal, bench)", "split-block", pq_add, pq_query, pq_batch, 0, 1},
    {"amq quotient", "quotient", qf_add, qf_query, NULL, 0, 0},
};

/* A subject's filter: libbloom's struct, or an amqcert filter and its typed handle. */
typedef struct instance {
    const subject *s;
    struct bloom lb;
    amq_filter *f;
    bench_parquet *pq;
    void *obj;
    uint64_t bytes;
} instance;

static int open_instance(instance *in, const subject *s, uint64_t n)
{
    memset(in, 0, sizeof *in);
    in->s = s;
    if (!s->structure) {
        if (n > 0x7fffffff || bloom_init(&in->lb, (int)n, FPR) != 0) {
            printf("  %-28s skipped: bloom_init(%llu, %g) failed\n", s->name, (unsigned long long)n, FPR);
            return 0;
        }
        in->obj = &in->lb;
        in->bytes = (uint64_t)in->lb.bytes;
        return 1;
    }
    if (amq_filter_create_for(&in->f, amq_structure_find(s->structure), n, FPR, NULL, NULL) != AMQ_OK) {
        printf("  %-28s skipped: %s\n", s->name, amq_last_error());
        return 0;
    }
    in->obj = amq_filter_object(in->f);
    in->bytes = amq_filter_memory(in->f);
    if (s->parquet) { /* amqcert's split-block gave the size; the bench's own filter replaces it */
        in->pq = bench_parquet_create(amq_split_block_nblocks(in->obj));
        amq_filter_free(in->f);
        in->f = NULL;
        if (!in->pq) {
            printf("  %-28s skipped: no AVX2 at -march=native, or out of memory\n", s->name);
            return 0;
        }
        in->obj = in->pq;
        in->bytes = bench_parquet_bytes(in->pq);
    }
    return 1;
}

static void clear_instance(instance *in)
{
    if (in->f)
        amq_filter_clear(in->f);
    else if (in->pq)
        bench_parquet_clear(in->pq);
    else
        bloom_reset(&in->lb);
}

static void close_instance(instance *in)
{
    if (in->f)
        amq_filter_free(in->f);
    else if (in->pq)
        bench_parquet_free(in->pq);
    else if (in->obj)
        bloom_free(&in->lb);
}

/* ---- keys, caches, the least of a few passes ---- */

static void key16(unsigned char key[16], uint64_t i, uint64_t salt)
{
    memcpy(key, &i, 8);
    memcpy(key + 8, &salt, 8);
}

/* This thread's CPU seconds. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static volatile uint64_t sink; /* keeps the reads that the timings are made of */

static uint64_t xorshift(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Evicts the filter from every cache level by reading a buffer far larger than them. */
static void flush_caches(void)
{
    static uint64_t *buf;
    if (!buf) {
        buf = malloc(FLUSH_BYTES);
        if (!buf)
            return;
        uint64_t x = 88172645463325252u;
        for (size_t i = 0; i < FLUSH_BYTES / 8; i++)
            buf[i] = xorshift(&x);
    }
    uint64_t s = 0;
    for (size_t i = 0; i < FLUSH_BYTES / 8; i += 8)
        s += buf[i];
    sink += s;
}

/* The least of n figures: noise (another process on the core, a neighbour on the host) only
 * ever adds time, so the fastest pass is the nearest to what the code costs.  On the 2-core
 * VMs this runs on, one subject's median of 3 moved by up to 1.6x between two runs minutes
 * apart (2026-12-01), enough to flip a goal. */
static double least(const double *v, int n)
{
    double m = v[0];
    for (int i = 1; i < n; i++)
        m = v[i] < m ? v[i] : m;
    return m;
}

/* ---- the timed passes ---- */

static double pass_add(instance *in, uint64_t n, uint64_t *failed)
{
    unsigned char key[16];
    uint64_t bad = 0;
    clear_instance(in);
    if (n >= BIG_N)
        flush_caches();
    const double t0 = cpu_now();
    for (uint64_t i = 0; i < n; i++) {
        key16(key, i, SALT_IN);
        bad += (uint64_t)in->s->add(in->obj, key, sizeof key);
    }
    const double t = cpu_now() - t0;
    *failed += bad;
    return 1e9 * t / (double)n;
}

static double pass_query(const instance *in, uint64_t n, uint64_t q, uint64_t salt, uint64_t *hits)
{
    unsigned char key[16];
    uint64_t h = 0;
    if (n >= BIG_N)
        flush_caches();
    const double t0 = cpu_now();
    for (uint64_t i = 0; i < q; i++) {
        key16(key, i, salt);
        h += (uint64_t)in->s->query(in->obj, key, sizeof key);
    }
    const double t = cpu_now() - t0;
    *hits = h;
    return 1e9 * t / (double)q;
}

static double pass_batch(const instance *in, uint64_t n, uint64_t q, uint64_t salt, uint64_t *hits)
{
    static unsigned char keys[BATCH][16];
    static const void *ptrs[BATCH];
    static size_t lens[BATCH];
    static int res[BATCH];
    for (unsigned i = 0; i < BATCH; i++) {
        ptrs[i] = keys[i];
        lens[i] = 16;
    }
    uint64_t h = 0;
    if (n >= BIG_N)
        flush_caches();
    const double t0 = cpu_now();
    for (uint64_t base = 0; base < q; base += BATCH) {
        const size_t cnt = q - base < BATCH ? (size_t)(q - base) : BATCH;
        for (size_t i = 0; i < cnt; i++)
            key16(keys[i], base + i, salt);
        in->s->batch(in->obj, ptrs, lens, cnt, res);
        for (size_t i = 0; i < cnt; i++)
            h += (uint64_t)res[i];
    }
    const double t = cpu_now() - t0;
    *hits = h;
    return 1e9 * t / (double)q;
}

/* ---- the floors, over `bytes` of random data ---- */

typedef struct floors {
    double dep, ind;
} floors;

static double floor_dependent(const uint64_t *mem, int flush)
{
    if (flush)
        flush_caches();
    uint64_t p = 0;
    const double t0 = cpu_now();
    for (uint64_t r = 0; r < FLOOR_READS; r++)
        p = mem[8 * p];
    const double t = cpu_now() - t0;
    sink += p;
    return 1e9 * t / (double)FLOOR_READS;
}

static double floor_independent(const uint64_t *mem, uint64_t lines, int flush, int prefetch)
{
    if (flush)
        flush_caches();
    uint64_t x = UINT64_C(0x243F6A8885A308D3), s = 0, at[16];
    const double t0 = cpu_now();
    if (prefetch)
        for (uint64_t r = 0; r < FLOOR_READS; r += 16) {
            for (unsigned i = 0; i < 16; i++) {
                at[i] = 8 * amq_reduce(xorshift(&x), lines);
                __builtin_prefetch(mem + at[i], 0, 0);
            }
            for (unsigned i = 0; i < 16; i++)
                s += mem[at[i]];
        }
    else
        for (uint64_t r = 0; r < FLOOR_READS; r++)
            s += mem[8 * amq_reduce(xorshift(&x), lines)];
    const double t = cpu_now() - t0;
    sink += s;
    return 1e9 * t / (double)FLOOR_READS;
}

static int measure_floors(uint64_t bytes, int flush, floors *out)
{
    const uint64_t lines = bytes / 64 ? bytes / 64 : 1;
    uint64_t *mem = NULL;
    if (posix_memalign((void **)&mem, 64, (size_t)lines * 64) != 0)
        return 0;
    uint64_t x = UINT64_C(0x9E3779B97F4A7C15);
    for (uint64_t i = 0; i < lines * 8; i++)
        mem[i] = xorshift(&x);
    /* word 0 of line i: the next line; Sattolo's shuffle makes it one cycle over all lines */
    for (uint64_t i = 0; i < lines; i++)
        mem[8 * i] = i;
    for (uint64_t i = lines - 1; i > 0; i--) {
        const uint64_t j = amq_reduce(xorshift(&x), i), t = mem[8 * i];
        mem[8 * i] = mem[8 * j];
        mem[8 * j] = t;
    }
    double d[REPS], a[REPS], b[REPS];
    for (int r = 0; r < REPS; r++) {
        d[r] = floor_dependent(mem, flush);
        a[r] = floor_independent(mem, lines, flush, 0);
        b[r] = floor_independent(mem, lines, flush, 1);
    }
    free(mem);
    const double plain = least(a, REPS), pre = least(b, REPS);
    out->dep = least(d, REPS);
    out->ind = plain < pre ? plain : pre;
    return 1;
}

/* ---- one table ---- */

typedef struct row {
    int ok;
    double add, pos, neg, bneg, bits, fp;
    uint64_t k; /* the Bloom filter's indices a key, its k (others: 0) */
    floors fl;
    int have_floor, have_batch;
} row;

/* One subject's filter and passes while the table is measured. */
typedef struct trial {
    instance in;
    int open;
    uint64_t failed, missed, fps;
    double add[REPS], pos[REPS], neg[REPS], bneg[REPS];
} trial;

/* One subject's passes of round r (the SIMD switch set for it). */
static void run_round(trial *t, const subject *s, uint64_t n, int r)
{
    const uint64_t q = n < MAX_QUERIES ? n : MAX_QUERIES;
    uint64_t hits = 0;
    amq_simd_force_scalar(s->scalar);
    t->add[r] = pass_add(&t->in, n, &t->failed);
    t->pos[r] = pass_query(&t->in, n, q, SALT_IN, &hits);
    t->missed += q - hits;
    t->neg[r] = pass_query(&t->in, n, q, SALT_OUT, &t->fps);
    if (s->batch) {
        uint64_t bh;
        t->bneg[r] = pass_batch(&t->in, n, q, SALT_OUT, &bh);
        if (bh != t->fps)
            printf("  %s: the batch call answered %llu negatives positive, single calls %llu\n", s->name,
                   (unsigned long long)bh, (unsigned long long)t->fps);
    }
    amq_simd_force_scalar(0);
}

/* Every subject's row.  The rounds interleave the subjects (round r runs each subject once),
 * so that a slow spell of the machine falls on all of them, not on one subject's passes. */
static void measure_all(row rows[NSUBJECTS], uint64_t n)
{
    static trial tr[NSUBJECTS];
    const uint64_t q = n < MAX_QUERIES ? n : MAX_QUERIES;
    for (int i = 0; i < NSUBJECTS; i++) {
        memset(&rows[i], 0, sizeof rows[i]);
        memset(&tr[i], 0, sizeof tr[i]);
        tr[i].open = open_instance(&tr[i].in, &subjects[i], n);
    }
    for (int r = 0; r < REPS; r++)
        for (int i = 0; i < NSUBJECTS; i++)
            if (tr[i].open)
                run_round(&tr[i], &subjects[i], n, r);
    for (int i = 0; i < NSUBJECTS; i++) {
        const subject *s = &subjects[i];
        trial *t = &tr[i];
        row *rw = &rows[i];
        if (!t->open)
            continue;
        if (t->failed || t->missed)
            printf("  %s: %llu refused adds, %llu false negatives\n", s->name, (unsigned long long)t->failed,
                   (unsigned long long)t->missed);
        rw->ok = 1;
        rw->add = least(t->add, REPS);
        rw->pos = least(t->pos, REPS);
        rw->neg = least(t->neg, REPS);
        rw->have_batch = s->batch != NULL;
        if (rw->have_batch)
            rw->bneg = least(t->bneg, REPS);
        rw->bits = 8.0 * (double)t->in.bytes / (double)n;
        rw->fp = (double)t->fps / (double)q;
        if (s == &subjects[BLOOM])
            rw->k = amq_bloom_k(t->in.obj);
        const uint64_t bytes = t->in.bytes;
        close_instance(&t->in);
        /* the quotient filter's slots are not read as one line per query: no floor for it */
        if (s != &subjects[QUOTIENT])
            rw->have_floor = measure_floors(bytes, n >= BIG_N, &rw->fl);
    }
}

static void print_load(void)
{
    FILE *f = fopen("/proc/loadavg", "r");
    char line[128] = "unknown";
    if (f) {
        if (!fgets(line, sizeof line, f))
            snprintf(line, sizeof line, "unknown");
        fclose(f);
    }
    line[strcspn(line, "\n")] = 0;
    printf("  load average (1, 5, 15 min; running/threads; last pid): %s\n", line);
}

static void cell(double v, int have)
{
    if (have)
        printf(" %7.1f", v);
    else
        printf(" %7s", "-");
}

static void ratio(double v, int have)
{
    if (have)
        printf(" %7.2f", v);
    else
        printf(" %7s", "-");
}

/* "holds" or by how much the figure misses the bound. */
static void goal(const char *what, double got, double bound, int at_least)
{
    const int ok = at_least ? got >= bound : got <= bound;
    printf("    %-66s %8.2f (%s %.2f)  %s", what, got, at_least ? ">=" : "<=", bound, ok ? "holds" : "MISSES");
    if (!ok)
        printf(" by %.0f%%", at_least ? 100.0 * (bound / got - 1.0) : 100.0 * (got / bound - 1.0));
    printf("\n");
}

static void table(uint64_t n, row rows[NSUBJECTS])
{
    printf("n = %llu: ns/op, least of %d interleaved rounds; 16-byte keys; 1%% target FP; %s\n",
           (unsigned long long)n, REPS,
           n >= BIG_N ? "caches flushed before each query pass and floor run" : "no flush (in cache)");
    print_load();
    printf("  %-30s %7s %7s %7s %7s | %7s %7s | %8s %7s\n", "", "add", "pos", "neg", "b.neg", "dep", "ind",
           "bits/key", "FP");
    measure_all(rows, n);
    for (int i = 0; i < NSUBJECTS; i++) {
        const row *r = &rows[i];
        if (!r->ok)
            continue;
        printf("  %-30s", subjects[i].name);
        cell(r->add, 1);
        cell(r->pos, 1);
        cell(r->neg, 1);
        cell(r->bneg, r->have_batch);
        printf(" |");
        cell(r->fl.dep, r->have_floor);
        cell(r->fl.ind, r->have_floor);
        printf(" | %8.2f %7.4f\n", r->bits, r->fp);
    }
    const row *lb = &rows[LIBBLOOM];
    printf("  ratios                         lib/add lib/pos lib/neg lib/bng | neg/dep bng/ind\n");
    for (int i = 0; i < NSUBJECTS; i++) {
        const row *r = &rows[i];
        if (!r->ok || i == LIBBLOOM)
            continue;
        printf("  %-30s", subjects[i].name);
        ratio(lb->add / r->add, lb->ok);
        ratio(lb->pos / r->pos, lb->ok);
        ratio(lb->neg / r->neg, lb->ok);
        ratio(lb->neg / r->bneg, lb->ok && r->have_batch);
        printf(" |");
        ratio(r->neg / r->fl.dep, r->have_floor);
        ratio(r->bneg / r->fl.ind, r->have_floor && r->have_batch);
        printf("\n");
    }
    printf("\n");
}

/* ---- the checker's Monte Carlo: index operations per second on one core ---- */

static double mc_rate(int hash)
{
    amq_ops kn;
    const uint64_t m = 9586, k = 7; /* 1% at n = 1000 */
    if (amq_ops_bloom(&kn, m, (size_t)k, NULL, NULL) != AMQ_OK)
        return 0;
    amq_mc_config cfg = {.n = 1000, .trials = 20000, .seed = 1, .hash = hash};
    double sec[REPS];
    for (int i = 0; i < REPS; i++) {
        uint64_t pos;
        const double t0 = cpu_now();
        if (amq_check_mc(&kn, &cfg, &pos) != AMQ_OK)
            return 0;
        sec[i] = cpu_now() - t0;
    }
    return (double)cfg.trials * (double)(cfg.n + 1) * (double)k / least(sec, REPS);
}

/* Issue 27's goals for the AVX2 paths, and their speed-ups over the scalar paths. */
static void goals_simd(const row *small, const row *big, int quick)
{
    printf("  goals (issue 27), read from the figures above; amq's AVX2 rows %s; minimal Parquet sets the "
           "same bits as amq split-block: %s\n",
           amq_simd_active() ? "took the AVX2 path" : "ran the scalar path (no AVX2 on this CPU, or AMQ_SIMD=scalar)",
           bench_parquet_same_bits(100000) ? "yes" : "NO");
    const row *sets[2] = {small, big};
    const char *nn[2] = {"1e6", "1e8"};
    char what[128];
    for (int t = 0; t < (quick ? 1 : 2); t++) {
        const row *r = sets[t];
        for (int i = BLOCKED; i <= SPLIT; i += SPLIT - BLOCKED) {
            const row *v = &r[i], *sc = &r[i + 1];
            if (!v->ok)
                continue;
            if (t == 0) {
                snprintf(what, sizeof what, "%s negative query, n = 1e6, ns", subjects[i].name);
                goal(what, v->neg, 12.0, 0);
            }
            if (sc->ok)
                printf("    %-66s %8.2f add, %.2f pos, %.2f neg, %.2f batched neg (speed-up, no goal)\n",
                       i == BLOCKED ? "blocked Bloom 512, scalar / AVX2" : "split-block, scalar / AVX2",
                       sc->add / v->add, sc->pos / v->pos, sc->neg / v->neg, sc->bneg / v->bneg);
            if (t == 1 && v->have_floor) {
                snprintf(what, sizeof what, "%s negative query / dependent floor, n = 1e8", subjects[i].name);
                goal(what, v->neg / v->fl.dep, 1.3, 0);
                snprintf(what, sizeof what, "%s batched negative / independent floor, n = 1e8", subjects[i].name);
                goal(what, v->bneg / v->fl.ind, 2.0, 0);
            }
        }
        const row *sb = &r[SPLIT], *pq = &r[PARQUET];
        if (!sb->ok || !pq->ok)
            continue;
        const char *op[4] = {"add", "positive query", "negative query", "batched negative"};
        const double mine[4] = {sb->add, sb->pos, sb->neg, sb->bneg}, peer[4] = {pq->add, pq->pos, pq->neg, pq->bneg};
        for (int o = 0; o < 4; o++) {
            snprintf(what, sizeof what, "split-block AVX2 / minimal AVX2 Parquet, %s, n = %s", op[o], nn[t]);
            goal(what, mine[o] / peer[o], 1.2, 0);
        }
    }
}

void bench_peers(void)
{
    printf("Peers and floors (issue 16): amqcert against libbloom and one random line read\n");
    const int quick = getenv("AMQ_BENCH_QUICK") != NULL;
    static row small[NSUBJECTS], big[NSUBJECTS];
    table(1000000, small);
    if (quick)
        printf("n = 100000000: skipped (AMQ_BENCH_QUICK=1)\n\n");
    else
        table(100000000, big);
    const double mc_random = mc_rate(AMQ_CHECK_RANDOM_ORACLE), mc_real = mc_rate(AMQ_HASH_ENHANCED);
    printf("Monte Carlo (amq_check_mc, Bloom kernel m = 9586, k = 7, n = 1000, 20000 trials, one core): %.3g index "
           "operations/s with the random oracle, %.3g with enhanced hashing\n\n", mc_random, mc_real);

    printf("  goals (issue 16), read from the figures above:\n");
    const row *sets[2] = {small, big};
    const char *nn[2] = {"1e6", "1e8"};
    for (int t = 0; t < (quick ? 1 : 2); t++) {
        const row *lb = &sets[t][LIBBLOOM], *bf = &sets[t][BLOOM];
        char what[128];
        if (!lb->ok || !bf->ok)
            continue;
        snprintf(what, sizeof what, "Bloom add, libbloom / amq, n = %s", nn[t]);
        goal(what, lb->add / bf->add, 1.5, 1);
        snprintf(what, sizeof what, "Bloom positive query, libbloom / amq, n = %s", nn[t]);
        goal(what, lb->pos / bf->pos, 1.5, 1);
        /* A positive reads the key's k words, wherever they lie: k independent line reads bound
         * any Bloom filter's positive query from below, libbloom's and amq's alike. */
        if (bf->have_floor && bf->k > 0) {
            snprintf(what, sizeof what, "Bloom positive query, libbloom / (k x ind), n = %s", nn[t]);
            printf("    %-66s %8.2f (the most any query reading k = %llu lines can reach)\n", what,
                   lb->pos / ((double)bf->k * bf->fl.ind), (unsigned long long)bf->k);
        }
        snprintf(what, sizeof what, "Bloom negative query, libbloom / amq, n = %s", nn[t]);
        goal(what, lb->neg / bf->neg, 1.5, 1);
    }
    for (int i = BLOCKED; i <= SPLIT; i += SPLIT - BLOCKED) {
        const row *s = &small[i];
        char what[128];
        if (s->ok) {
            snprintf(what, sizeof what, "%s negative query, n = 1e6, ns", subjects[i].name);
            goal(what, s->neg, 15.0, 0);
        }
        const row *b = &big[i], *lb = &big[LIBBLOOM];
        if (quick || !b->ok)
            continue;
        if (lb->ok) {
            snprintf(what, sizeof what, "%s negative query, libbloom / amq, n = 1e8", subjects[i].name);
            goal(what, lb->neg / b->neg, 3.0, 1);
        }
        if (b->have_floor) {
            snprintf(what, sizeof what, "%s negative query / dependent floor, n = 1e8", subjects[i].name);
            goal(what, b->neg / b->fl.dep, 1.5, 0);
            snprintf(what, sizeof what, "%s batched negative / independent floor, n = 1e8", subjects[i].name);
            goal(what, b->bneg / b->fl.ind, 2.0, 0);
        }
    }
    goal("Monte Carlo, random oracle, index operations/s on one core (x 1e8)", mc_random / 1e8, 1.5, 1);
    goals_simd(small, big, quick);
    printf("\n");
}
