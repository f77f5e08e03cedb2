/* Shared helpers of the libFuzzer harnesses (tests/fuzz/README.md). */
#ifndef AMQ_FUZZ_SUPPORT_H
#define AMQ_FUZZ_SUPPORT_H
#include <lib_internal/container.h>
#include <amq/error.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

static char fuzz_paths[4][128];

static void fuzz_cleanup(void)
{
    for (int i = 0; i < 4; i++)
        if (fuzz_paths[i][0])
            unlink(fuzz_paths[i]);
}

/* A per-process scratch file in /dev/shm (RAM; falls back to /tmp) named `tag`, removed
 * at exit. */
static inline const char *fuzz_path(const char *tag)
{
    char (*paths)[128] = fuzz_paths;
    static const char *tags[4];
    if (!tags[0])
        atexit(fuzz_cleanup);
    for (int i = 0; i < 4; i++) {
        if (tags[i] && !strcmp(tags[i], tag))
            return paths[i];
        if (!tags[i]) {
            const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
            snprintf(paths[i], sizeof paths[i], "%s/amq-fuzz-%ld-%s", dir, (long)getpid(), tag);
            tags[i] = tag;
            return paths[i];
        }
    }
    abort();
}

/* Writes data to the scratch file `tag` (replacing its content); returns its path. */
static inline const char *fuzz_file(const char *tag, const uint8_t *data, size_t len)
{
    const char *p = fuzz_path(tag);
    int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || (len && write(fd, data, len) != (ssize_t)len) || close(fd) != 0)
        abort();
    return p;
}

/* The input with its trailing XXH3 checksum recomputed (so the fuzzer gets past the
 * checksum to the parameter and payload validation); malloc'd, NULL if too short. */
static inline uint8_t *fuzz_resealed(const uint8_t *data, size_t len)
{
    if (len < 8)
        return NULL;
    uint8_t *b = malloc(len);
    if (!b)
        abort();
    memcpy(b, data, len);
    amq_put_u64(b + len - 8, XXH3_64bits(b, len - 8));
    return b;
}

/* 1 iff the file at `path` holds exactly these bytes. */
static inline int fuzz_same_bytes(const char *path, const uint8_t *data, size_t len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    int same = 1;
    for (size_t i = 0; same && i < len; i++)
        same = getc(f) == data[i];
    same = same && getc(f) == EOF;
    fclose(f);
    return same;
}

/* The loader harness: load the input as a file, then the input with its checksum
 * recomputed.  A failed load must leave no object and a message; a successful one must
 * pass `check` (NULL: none) and save back to exactly the input's bytes (every format has
 * one encoding).  The adapters take and give the structure as void *. */
typedef struct fuzz_loader {
    amq_status (*load)(void **obj, const char *path);
    amq_status (*save)(const void *obj, const char *path);
    void (*free)(void *obj);
    int (*check)(const void *obj); /* 1: fine */
} fuzz_loader;

static inline void fuzz_load_once(const fuzz_loader *l, const uint8_t *data, size_t len)
{
    void *obj = NULL;
    if (l->load(&obj, fuzz_file("in", data, len)) != AMQ_OK) {
        if (obj || !*amq_last_error())
            abort();
        return;
    }
    const char *out = fuzz_path("out");
    if ((l->check && !l->check(obj)) || l->save(obj, out) != AMQ_OK || !fuzz_same_bytes(out, data, len))
        abort();
    l->free(obj);
}

static inline void fuzz_load(const fuzz_loader *l, const uint8_t *data, size_t len)
{
    fuzz_load_once(l, data, len);
    uint8_t *sealed = fuzz_resealed(data, len);
    if (sealed)
        fuzz_load_once(l, sealed, len);
    free(sealed);
}

#endif
