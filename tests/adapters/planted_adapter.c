/* Planted-bug process adapters for the checker's own tests (docs/protocol.md): a counting
 * Bloom filter of M 8-bit counters and K seeded XXH3 positions that removes keys, with one
 * bug each, chosen by the first argument.  Each bug is one the checker once missed or
 * could not express (issue 25); tests/test_check_impl.c and tests/test_cli_check_impl.c
 * show that it is caught now.
 *
 *   planted-adapter MODE M K [C]
 *   none           a correct filter (protocol version 1, "remove"): it must pass
 *   no-then-error  in filter 2, answers "no" to the first query of the first key added, then
 *                  "error" to the next remove: the false negative must not hide behind it
 *   no-then-exit   in filter 0, answers "no" to the first query of the first key added, and
 *                  at once closes its input (unread requests left in it), writes its replies
 *                  through that "no" and exits with status 3: the checker, still writing,
 *                  sees a broken pipe first, and must read the replies before it
 *   global         a "no" to the 250th query of an added key counted over the whole process,
 *                  whatever filter it falls in: only a replay of the whole session, every
 *                  filter in order, reproduces it
 *   full           protocol version 2: refuses (`full`) every add beyond C keys in a filter,
 *                  and loses nothing: it must pass under --model none
 *   lose-at-full   the same, but at the first refusal of each filter it loses the first key
 *                  added (as a cuckoo filter that gives up in the middle of its kicks)
 *   prefix-hash    hashes only the first 4 bytes of a key: right on little-endian counters,
 *                  whose first bytes vary, a collapse on big-endian ones (--key-format be)
 *   spread         a rate multiplier drawn per filter, 1/2 or 3/2: a fresh key's answer is
 *                  the filter's, kept with probability 1/2, or the filter's or'ed with a coin
 *                  of probability pi / (2 (1 - pi)), pi = (set counters / M)^K the filter's
 *                  exact rate; the added keys are remembered, so none is lost.  The mean rate
 *                  is the model's, the spread between filters is not: the mean test passes,
 *                  the dispersion test fails
 *
 * Like every adapter it answers each whole line of an input chunk, then writes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

enum { NONE, NO_THEN_ERROR, GLOBAL, FULL, LOSE_AT_FULL, PREFIX_HASH, SPREAD, NO_THEN_EXIT, NMODES };
static const char *const MODES[] = {"none",        "no-then-error", "global", "full", "lose-at-full",
                                    "prefix-hash", "spread",        "no-then-exit"};

static int mode;
static uint64_t m, k, cap, seed, adds, filters, added_queries;
static int refused, lied, quit, version = 1;
static unsigned char *counters, first_key[1024];
static size_t first_len;
static char in[1 << 16], out[1 << 18];
static uint64_t nonzero, *added_hashes, nadded, added_cap; /* spread: set counters, the added keys' hashes */

static uint64_t position(const unsigned char *key, size_t len, uint64_t i)
{
    if (mode == PREFIX_HASH && len > 4)
        len = 4; /* the planted bias */
    const uint64_t x = XXH3_64bits_withSeed(key, len, seed + 0x9E3779B97F4A7C15u * (i + 1));
    return (uint64_t)(((unsigned __int128)x * m) >> 64);
}

static void update(const unsigned char *key, size_t len, int delta)
{
    for (uint64_t i = 0; i < k; i++) {
        unsigned char *c = &counters[position(key, len, i)];
        if (delta > 0 && *c < 255)
            nonzero += (*c)++ == 0;
        else if (delta < 0 && *c > 0 && *c < 255)
            nonzero -= --(*c) == 0;
    }
}

static int present(const unsigned char *key, size_t len)
{
    for (uint64_t i = 0; i < k; i++)
        if (!counters[position(key, len, i)])
            return 0;
    return 1;
}

static size_t unhex(const char *s, size_t l, unsigned char *key)
{
    size_t n = 0;
    for (size_t i = 0; i + 1 < l && n < 1024; i += 2) {
        unsigned v;
        sscanf(s + i, "%2x", &v);
        key[n++] = (unsigned char)v;
    }
    return n;
}

static uint64_t key_hash(const unsigned char *key, size_t len, uint64_t salt)
{
    return XXH3_64bits_withSeed(key, len, seed ^ salt);
}

/* spread: is the key one of the filter's added keys (a linear scan: filters are small) */
static int was_added(uint64_t h)
{
    for (uint64_t i = 0; i < nadded; i++)
        if (added_hashes[i] == h)
            return 1;
    return 0;
}

static int spread_answer(const unsigned char *key, size_t len)
{
    if (was_added(key_hash(key, len, 0x5EED)))
        return 1;
    const double u = (double)(key_hash(key, len, 0xC01) >> 11) * 0x1p-53;
    double pi = 1.0; /* the filter's rate: K independent positions all on set counters */
    for (uint64_t i = 0; i < k; i++)
        pi *= (double)nonzero / (double)m;
    if (XXH3_64bits_withSeed(&seed, sizeof seed, 0xF1A6) & 1) /* multiplier 3/2 */
        return present(key, len) || u < 0.5 * pi / (1.0 - pi);
    return present(key, len) && u < 0.5; /* multiplier 1/2 */
}

static void spread_add(const unsigned char *key, size_t len, int remove)
{
    const uint64_t h = key_hash(key, len, 0x5EED);
    if (remove) {
        for (uint64_t i = 0; i < nadded; i++)
            if (added_hashes[i] == h) {
                added_hashes[i] = added_hashes[--nadded];
                break;
            }
        return;
    }
    if (nadded == added_cap) {
        uint64_t *g = realloc(added_hashes, (added_cap = 2 * added_cap + 64) * sizeof *added_hashes);
        if (!g)
            exit(1);
        added_hashes = g;
    }
    added_hashes[nadded++] = h;
}

static const char *answer(char *line, size_t l)
{
    static char hello[128];
    unsigned char key[1024];
    line[l] = 0;
    const char *arg = strchr(line, ' ');
    const size_t klen = arg ? unhex(arg + 1, l - (size_t)(arg + 1 - line), key) : 0;
    if (!strncmp(line, "hello ", 6)) {
        const int v2 = mode == FULL || mode == LOSE_AT_FULL;
        if (v2 && atoi(line + 6) < 2)
            return "error this adapter speaks protocol version 2\n";
        version = v2 ? 2 : 1;
        snprintf(hello, sizeof hello, "hello %d planted-%s%s\n", version, MODES[mode], v2 ? " full" : " remove");
        return hello;
    }
    if (!strncmp(line, "new ", 4)) {
        seed = strtoull(line + 4, NULL, 10);
        memset(counters, 0, m);
        adds = refused = 0;
        nonzero = nadded = 0;
        filters++;
        return "ok\n";
    }
    if (!strncmp(line, "add ", 4)) {
        if ((mode == FULL || mode == LOSE_AT_FULL) && adds >= cap) {
            if (mode == LOSE_AT_FULL && !refused)
                update(first_key, first_len, -1); /* the planted loss */
            refused = 1;
            return "full\n";
        }
        if (adds++ == 0) {
            memcpy(first_key, key, klen);
            first_len = klen;
        }
        update(key, klen, 1);
        if (mode == SPREAD)
            spread_add(key, klen, 0);
        return "ok\n";
    }
    if (!strncmp(line, "query ", 6)) {
        if (mode == SPREAD)
            return spread_answer(key, klen) ? "yes\n" : "no\n";
        const int yes = present(key, klen);
        const int added = klen == first_len && !memcmp(key, first_key, klen);
        if (yes && mode == GLOBAL && ++added_queries == 250)
            return "no\n";
        if (mode == NO_THEN_ERROR && filters == 3 && added && !lied) {
            lied = 1;
            return "no\n";
        }
        if (mode == NO_THEN_EXIT && filters == 1 && added) {
            quit = 1;
            return "no\n";
        }
        return yes ? "yes\n" : "no\n";
    }
    if (!strncmp(line, "remove ", 7)) {
        if (mode == NO_THEN_ERROR && lied == 1) {
            lied = 2;
            return "error remove: key not found\n";
        }
        update(key, klen, -1);
        if (mode == SPREAD)
            spread_add(key, klen, 1);
        return "ok\n";
    }
    return "error unknown request\n";
}

int main(int argc, char **argv)
{
    for (mode = 0; argc > 1 && mode < NMODES && strcmp(argv[1], MODES[mode]); mode++)
        ;
    if (argc < 4 || mode == NMODES || !(m = strtoull(argv[2], NULL, 10)) || !(k = strtoull(argv[3], NULL, 10))) {
        fprintf(stderr, "usage: planted-adapter none|no-then-error|no-then-exit|global|full|lose-at-full|prefix-hash|spread M K [C]\n");
        return 2;
    }
    cap = argc > 4 ? strtoull(argv[4], NULL, 10) : UINT64_MAX;
    if (!(counters = calloc(m, 1)))
        return 1;
    size_t have = 0;
    for (;;) {
        const ssize_t r = read(0, in + have, sizeof in - have - 1);
        if (r <= 0)
            return 0;
        have += (size_t)r;
        size_t pos = 0, o = 0;
        for (char *nl; (nl = memchr(in + pos, '\n', have - pos));) {
            const char *rep = answer(in + pos, (size_t)(nl - in) - pos);
            memcpy(out + o, rep, strlen(rep));
            o += strlen(rep);
            pos = (size_t)(nl - in) + 1;
            if (quit) { /* no-then-exit: the input closed before the replies are written */
                close(0);
                if (fwrite(out, 1, o, stdout) != o || fflush(stdout) != 0)
                    return 1;
                return 3;
            }
        }
        memmove(in, in + pos, have - pos);
        have -= pos;
        if (fwrite(out, 1, o, stdout) != o || fflush(stdout) != 0)
            return 1;
    }
}
