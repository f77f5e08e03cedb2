/* The key-level blocked structures behind one set of void-pointer operations, so that the
 * tests of what they share (adding, querying, batches, persistence, corrupt files) run over
 * a table.  Each row is one small filter of one structure (counting blocked twice: 4- and
 * 8-bit counters). */
#ifndef AMQ_TEST_BLOCKED_TABLE_H
#define AMQ_TEST_BLOCKED_TABLE_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>

typedef struct blocked_structure {
    const char *name;     /* the structure's name, as its messages and files say            */
    unsigned width;       /* counting blocked: counter width, else 0                         */
    void *(*make)(void);  /* the row's small filter (parameters: blocked_table.c)            */
    amq_status (*add)(void *f, const void *key, size_t len);
    int (*query)(const void *f, const void *key, size_t len);
    void (*batch)(const void *f, const void *const *keys, const size_t *lens, size_t count, int *results);
    void (*clear)(void *f);
    uint64_t (*used)(const void *f);      /* set bits, non-zero counters, stored fingerprints */
    double (*estimate)(const void *f);    /* NULL: the stored count is exact                  */
    uint64_t (*positions)(const void *f); /* bits, counters or home slots                     */
    int (*count)(const void *f, uint64_t *c); /* counting blocked: 1 exact, 0 saturated; else NULL */
    /* sized for (n, fpr) with seed 4 (and the enhanced strategy where there is one) */
    amq_status (*create_for)(void **f, uint64_t n, double fpr, double *achieved);
    amq_status (*save)(const void *f, const char *path);
    amq_status (*load)(void **f, const char *path);
    void (*free)(void *f);
} blocked_structure;

/* Rows: blocked Bloom, split-block, partitioned, counting blocked 4-bit and 8-bit,
 * blocked quotient. */
enum { BLOCKED_BLOOM_ROW, SPLIT_BLOCK_ROW, PARTITIONED_ROW, COUNTING4_ROW, COUNTING8_ROW, QUOTIENT_ROW,
       BLOCKED_ROWS };
extern const blocked_structure blocked_structures[BLOCKED_ROWS];

#endif
