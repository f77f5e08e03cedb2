/* A screen over a list of compromised passwords, after CMU 15-122 Homework 7, Task 7
 * (pwDB_new / pwDB_check), written on amqcert's public API only.
 *
 * A Bloom filter of the listed passwords answers first.  When it says "no", the password
 * is certainly not listed (no false negatives).  When it says "maybe", the fallback runs:
 * an exact search of the list (kept sorted in memory; binary search).  The fallback runs
 * for every listed password and for the unlisted ones the filter lets through (its false
 * positives).
 *
 * Sizing target: the fallback rate for UNLISTED passwords, i.e. the probability that a
 * password not on the list still needs the exact search.  The filter is sized with
 * amq_filter_create_for (amq_bloom_create_for): its exact false-positive rate after the
 * list's n distinct passwords, the mean over the hash seed, has a certified upper bound
 * <= the target.  Once built, the filter's own state gives the exact rate for any fresh
 * password: (set bits / m)^k (amq_filter_fp_state). */
#ifndef PW_SCREEN_H
#define PW_SCREEN_H
#include <stddef.h>
#include <stdint.h>
#include <amq/filter.h>

/* pw_screen_check's answers (the CMU interface's return values). */
#define PW_LISTED 0         /* on the list: compromised                          */
#define PW_NOT_LISTED_SLOW 1 /* not listed, but the list had to be searched       */
#define PW_NOT_LISTED_FAST 2 /* not listed, and the filter alone proves it        */

typedef struct pw_screen pw_screen;

/* Counts since pw_screen_open. */
typedef struct pw_screen_counts {
    uint64_t checks;   /* pw_screen_check calls                                     */
    uint64_t listed;   /* answered 0 (the fallback ran and found the password)      */
    uint64_t slow;     /* answered 1 (the fallback ran: a false positive)           */
    uint64_t fast;     /* answered 2 (the fallback did not run)                     */
} pw_screen_counts;

/* Reads the list at `path`: one password per line, the bytes of the line (a CR before
 * the newline dropped; empty lines skipped; duplicates kept once), and sizes and fills
 * the filter for fallback rate <= target (0 < target < 1) on unlisted passwords; `seed`
 * is the filter's hash seed.  0 on success; -1 with a message naming the problem in err
 * (err_len bytes), and *out untouched. */
int pw_screen_open(pw_screen **out, const char *path, double target, uint64_t seed, char *err, size_t err_len);
void pw_screen_free(pw_screen *s);

/* PW_NOT_LISTED_FAST, PW_NOT_LISTED_SLOW or PW_LISTED for the password pw[0 .. len-1]. */
int pw_screen_check(pw_screen *s, const char *pw, size_t len);

/* The exact search alone: 1 listed, 0 not. */
int pw_screen_listed(const pw_screen *s, const char *pw, size_t len);

/* The list's distinct passwords, n of them, in sorted order (i < n). */
uint64_t pw_screen_size(const pw_screen *s);
const char *pw_screen_at(const pw_screen *s, uint64_t i, size_t *len);
/* Lines read from the file (empty ones and duplicates included). */
uint64_t pw_screen_lines(const pw_screen *s);

const amq_filter *pw_screen_filter(const pw_screen *s);
double pw_screen_target(const pw_screen *s);
void pw_screen_counts_get(const pw_screen *s, pw_screen_counts *c);

#endif
