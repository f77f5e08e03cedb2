/* Writes the blocked-filter fixtures of tests/data/blocked/ with the one-type amq_blocked
 * API of include/amq/blocked.h (main at 45f2a82), before the split into one type per
 * structure.  Kept in the commit that adds the fixtures, removed with that API; the
 * fixtures themselves stay, so tests/test_blocked_files.c can check that files written by
 * that version load and answer identically.
 *
 * Build and run (from the worktree root, after `make all`):
 *   cc -std=c11 -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -Iacsl -o /tmp/mkfix \
 *      tests/data/blocked/make_fixtures.c build/libamq.a -lmpfr -lgmp -lxxhash -lm
 *   /tmp/mkfix tests/data/blocked
 *
 * Each fixture NAME gets NAME.amq (the saved filter) and NAME.answers: "used U" (set
 * bits, non-zero counters, or stored fingerprints), "count C" (counting blocked: net
 * insertions, or "saturated"), then "answers " and one 0/1 per query key k0 .. k1999,
 * then "extra" and the answers for "hot" and "dup". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <amq/blocked.h>

#define NQUERY 2000

static size_t key_of(char *buf, unsigned long i) { return (size_t)sprintf(buf, "k%lu", i); }

static void die(const char *what)
{
    fprintf(stderr, "%s: %s\n", what, amq_last_error());
    exit(1);
}

static void add_range(amq_blocked *b, unsigned long lo, unsigned long hi)
{
    char key[32];
    for (unsigned long i = lo; i < hi; i++)
        if (amq_blocked_add(b, key, key_of(key, i)) != AMQ_OK)
            die("add");
}

static void remove_range(amq_blocked *b, unsigned long lo, unsigned long hi)
{
    char key[32];
    for (unsigned long i = lo; i < hi; i++)
        if (amq_blocked_remove(b, key, key_of(key, i)) != AMQ_OK)
            die("remove");
}

static void repeat(amq_blocked *b, const char *key, int times)
{
    for (int i = 0; i < times; i++)
        amq_blocked_add(b, key, strlen(key)); /* 4-bit counters saturate: still AMQ_OK */
}

static void write_out(const char *dir, const char *name, amq_blocked *b)
{
    char path[512], key[32];
    snprintf(path, sizeof path, "%s/%s.amq", dir, name);
    if (amq_blocked_save(b, path) != AMQ_OK)
        die("save");
    snprintf(path, sizeof path, "%s/%s.answers", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        die(path);
    fprintf(f, "used %llu\n", (unsigned long long)amq_blocked_count_bits(b));
    if (amq_blocked_kind_of(b) == AMQ_BLOCKED_COUNTING) {
        uint64_t c;
        if (amq_blocked_count(b, &c) == AMQ_OK)
            fprintf(f, "count %llu\n", (unsigned long long)c);
        else
            fprintf(f, "count saturated\n");
    }
    fputs("answers ", f);
    for (unsigned long i = 0; i < NQUERY; i++)
        fputc('0' + amq_blocked_query(b, key, key_of(key, i)), f);
    fprintf(f, "\nextra %d%d\n", amq_blocked_query(b, "hot", 3), amq_blocked_query(b, "dup", 3));
    fclose(f);
    amq_blocked_free(b);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    amq_blocked *b;

    if (amq_blocked_bloom_create(&b, 37, 6, AMQ_HASH_ENHANCED, 11) != AMQ_OK)
        die("blocked bloom");
    add_range(b, 0, 300);
    write_out(dir, "blocked_bloom", b);

    if (amq_split_block_create(&b, 53, 0) != AMQ_OK)
        die("split-block");
    add_range(b, 0, 300);
    write_out(dir, "split_block", b);

    if (amq_split_block_create(&b, 20, 77) != AMQ_OK)
        die("split-block seeded");
    add_range(b, 0, 100);
    write_out(dir, "split_block_seed77", b);

    if (amq_partitioned_create(&b, 7007, 7, AMQ_HASH_DOUBLE, 3) != AMQ_OK)
        die("partitioned");
    add_range(b, 0, 300);
    write_out(dir, "partitioned", b);

    if (amq_counting_blocked_create(&b, 41, 5, 4, AMQ_HASH_TRIPLE, 5) != AMQ_OK)
        die("counting blocked 4");
    add_range(b, 0, 300);
    remove_range(b, 0, 100);
    repeat(b, "hot", 20);
    write_out(dir, "counting_blocked4", b);

    if (amq_counting_blocked_create(&b, 41, 5, 8, AMQ_HASH_INDEPENDENT, 5) != AMQ_OK)
        die("counting blocked 8");
    add_range(b, 0, 300);
    remove_range(b, 0, 100);
    write_out(dir, "counting_blocked8", b);

    if (amq_blocked_quotient_create(&b, 43, 6, 9, 32, 5) != AMQ_OK)
        die("blocked quotient");
    add_range(b, 0, 300);
    repeat(b, "dup", 3);
    remove_range(b, 0, 50);
    write_out(dir, "blocked_quotient", b);
    return 0;
}
