#include <lib_internal/fail.h>
#include <lib_internal/container.h>
#include <lib_internal/container_hooks.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>
#include <amq/filter.h>

static const uint8_t MAGIC[8] = {'A', 'M', 'Q', 'C', 'E', 'R', 'T', 0};
#define CHUNK 4096u

/* The registry's name of a file type (one list of structures: lib_internal/registry.h). */
const char *amq_type_name(uint32_t type)
{
    const amq_structure *s = amq_structure_of_file_type(type);
    return s ? amq_structure_name(s) : "unknown";
}

static void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int (*amq_save_hook)(amq_save_step step, size_t *len) = NULL;

static int hook(amq_save_step step, size_t *len)
{
    size_t dummy = 0;
    return amq_save_hook ? amq_save_hook(step, len ? len : &dummy) : 0;
}

/* A noun for what a non-regular file is, for messages. */
static const char *file_kind(mode_t mode)
{
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISLNK(mode)) return "a symbolic link";
    return "not a regular file";
}

/* "dir" part of a path ("." when there is none, "/" for "/x"); malloc'd. */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, path, n);
        d[n] = 0;
    }
    return d;
}

#define MAX_LINK_HOPS 40 /* as Linux's own limit for path resolution */

/* The file a save of `path` must replace: path itself, or the final target of the chain
 * of symbolic links it names (which need not exist yet).  malloc'd, or NULL with a message. */
static char *save_target(const char *path)
{
    char *cur = strdup(path);
    for (int hops = 0; cur; hops++) {
        struct stat sb;
        if (lstat(cur, &sb) != 0 || !S_ISLNK(sb.st_mode))
            return cur; /* absent, or not a link: this is the file */
        if (hops == MAX_LINK_HOPS) {
            amq_fail(AMQ_E_IO, "save: '%s': more than %d symbolic links in a row", path, MAX_LINK_HOPS);
            free(cur);
            return NULL;
        }
        char link[4096];
        ssize_t n = readlink(cur, link, sizeof link - 1);
        if (n <= 0 || (size_t)n >= sizeof link - 1) {
            amq_fail(AMQ_E_IO, "save: cannot read the symbolic link '%s': %s", cur,
                     n < 0 ? strerror(errno) : "target too long");
            free(cur);
            return NULL;
        }
        link[n] = 0;
        char *next;
        if (link[0] == '/' || !strchr(cur, '/')) {
            next = strdup(link);
        } else { /* relative to the link's own directory */
            char *d = dir_of(cur);
            next = d ? malloc(strlen(d) + (size_t)n + 2) : NULL;
            if (next)
                sprintf(next, "%s/%s", d, link);
            free(d);
        }
        free(cur);
        cur = next;
    }
    amq_fail(AMQ_E_NOMEM, "save: out of memory");
    return NULL;
}

/* Buffered writer of the temporary file: every byte goes through the checksum. */
typedef struct out_file {
    int fd;
    int err; /* errno of the first failure, 0 while all is well */
    XXH3_state_t *st;
    size_t used;
    uint64_t short_at; /* words a word source gave before it ended early; UINT64_MAX if it did not */
    uint8_t buf[CHUNK * 8];
} out_file;

static void out_flush(out_file *o)
{
    size_t done = 0;
    while (!o->err && done < o->used) {
        size_t len = o->used - done;
        int fault = hook(AMQ_SAVE_WRITE, &len);
        if (len == 0 || len > o->used - done) /* the hook may only shorten a write */
            len = o->used - done;
        ssize_t n = fault ? (errno = fault, -1) : write(o->fd, o->buf + done, len);
        if (n > 0)
            done += (size_t)n; /* a short write: write the rest */
        else if (n == 0)
            o->err = EIO;
        else if (errno != EINTR)
            o->err = errno;
    }
    o->used = 0;
}

static void out_put(out_file *o, const void *data, size_t len)
{
    const uint8_t *p = data;
    XXH3_64bits_update(o->st, p, len);
    while (!o->err && len > 0) {
        size_t n = sizeof o->buf - o->used < len ? sizeof o->buf - o->used : len;
        memcpy(o->buf + o->used, p, n);
        o->used += n;
        p += n;
        len -= n;
        if (o->used == sizeof o->buf)
            out_flush(o);
    }
}

/* Creates the temporary file beside `target`, with mode 0666 less the umask (a new file's
 * mode; the caller changes it for an existing file).  malloc'd name in *tmp. */
static int create_temp(const char *target, char **tmp)
{
    static unsigned counter;
    char *d = dir_of(target);
    const char *slash = strrchr(target, '/');
    const char *base = slash ? slash + 1 : target;
    size_t need = (d ? strlen(d) : 0) + 64 + 1;
    *tmp = d ? malloc(need) : NULL;
    int fd = -1;
    for (int attempt = 0; *tmp && fd < 0 && attempt < 100; attempt++) {
        uint64_t salt[3] = {(uint64_t)getpid(), (uint64_t)++counter, (uint64_t)time(NULL)};
        /* ".NAME.tmp-XXXXXXXX": hidden, recognisable, at most 64 bytes whatever NAME's length */
        snprintf(*tmp, need, "%s/.%.32s.tmp-%08llx", d, base,
                 (unsigned long long)(XXH3_64bits(salt, sizeof salt) & 0xffffffffu));
        int fault = hook(AMQ_SAVE_CREATE, NULL);
        fd = fault ? (errno = fault, -1) : open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    free(d);
    return fd;
}

/* "'target'", or "'target' (the target of the symbolic link 'path')", for messages. */
static void name_target(char *buf, size_t size, const char *path, const char *target)
{
    if (strcmp(path, target) != 0)
        snprintf(buf, size, "'%s' (the target of the symbolic link '%s')", target, path);
    else
        snprintf(buf, size, "'%s'", target);
}

/* Checks that `target` may be replaced: absent, or a regular file we may write. */
static amq_status check_target(const char *named, const char *target, struct stat *sb, int *exists)
{
    *exists = 0;
    if (lstat(target, sb) != 0)
        return errno == ENOENT ? AMQ_OK
                               : amq_fail(AMQ_E_IO, "save: cannot write %s: %s", named, strerror(errno));
    if (!S_ISREG(sb->st_mode))
        return amq_fail(AMQ_E_IO, "save: %s is %s: amqcert writes only regular files; nothing was written",
                        named, file_kind(sb->st_mode));
    if (faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) != 0)
        return amq_fail(AMQ_E_IO, "save: %s is not writable (%s); nothing was written", named, strerror(errno));
    *exists = 1;
    return AMQ_OK;
}

/* fsync of the directory holding `target`, so the rename itself survives a crash. */
static int sync_dir(const char *target)
{
    char *d = dir_of(target);
    if (!d)
        return ENOMEM;
    int err = hook(AMQ_SAVE_DIRSYNC, NULL);
    if (!err) {
        int fd = open(d, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0 || fsync(fd) != 0)
            err = errno;
        if (fd >= 0)
            close(fd);
        if (err == EINVAL) /* the file system cannot sync directories: nothing more to do */
            err = 0;
    }
    free(d);
    return err;
}

/* Where the payload's words come from: fill(ctx, out, max) gives the next ones, up to max. */
typedef struct word_source {
    amq_word_fill fill;
    void *ctx;
} word_source;

/* An array as a word source (ctx: array_cursor). */
typedef struct array_cursor {
    const uint64_t *words;
    uint64_t at, len;
} array_cursor;

static uint64_t array_fill(void *ctx, uint64_t *out, uint64_t max)
{
    array_cursor *c = ctx;
    const uint64_t n = c->len - c->at < max ? c->len - c->at : max;
    memcpy(out, c->words + c->at, (size_t)n * sizeof *out);
    c->at += n;
    return n;
}

/* The file's bytes through o: header (framed), params, payload, checksum (framed).  Errors
 * stay in o->err; a word source that ends early sets o->short_at to the words it gave. */
static void write_contents(out_file *o, uint32_t type, const uint8_t *params, uint64_t params_len,
                           const word_source *words, const uint8_t *bytes, uint64_t len, int framed)
{
    uint8_t hdr[AMQ_HEADER_SIZE];
    memcpy(hdr, MAGIC, 8);
    put_u32(hdr + 8, AMQ_FORMAT_VERSION);
    put_u32(hdr + 12, type);
    amq_put_u64(hdr + 16, params_len);
    amq_put_u64(hdr + 24, words ? len * 8 : len);
    if (!o->err && framed)
        out_put(o, hdr, sizeof hdr);
    if (params_len)
        out_put(o, params, (size_t)params_len);
    uint64_t w[64];
    uint8_t le[8 * 64];
    for (uint64_t i = 0; words && !o->err && i < len;) {
        const uint64_t want = len - i < 64 ? len - i : 64, n = words->fill(words->ctx, w, want);
        if (n == 0 || n > want) { /* broke off (or gave more than asked): no file */
            o->short_at = i;
            o->err = EIO;
            break;
        }
        for (uint64_t j = 0; j < n; j++)
            amq_put_u64(le + 8 * j, w[j]);
        out_put(o, le, (size_t)(8 * n));
        i += n;
    }
    for (uint64_t i = 0; bytes && !o->err && i < len; i += CHUNK * 8) {
        uint64_t n = len - i < CHUNK * 8 ? len - i : CHUNK * 8;
        out_put(o, bytes + i, (size_t)n);
    }
    if (!o->err && framed) {
        uint8_t sum[8];
        amq_put_u64(sum, XXH3_64bits_digest(o->st));
        out_put(o, sum, 8);
    }
    if (!o->err)
        out_flush(o);
}

/* Sync and close the temporary file, then rename it over target unless target stopped being a
 * regular file meanwhile.  On failure o->err is set and the step that failed is returned. */
static const char *commit_temp(out_file *o, int fd, const char *tmp, const char *target)
{
    const char *failed = "writing";
    if (!o->err) {
        int fault = hook(AMQ_SAVE_FSYNC, NULL);
        if (fault || fsync(fd) != 0) {
            o->err = fault ? fault : errno;
            failed = "syncing";
        }
    }
    int fault = hook(AMQ_SAVE_CLOSE, NULL);
    if (fault)
        close(fd);
    if ((fault || close(fd) != 0) && !o->err) {
        o->err = fault ? fault : errno;
        failed = "closing";
    }
    /* the target may have been replaced by something else meanwhile: look again */
    struct stat now;
    if (!o->err && lstat(target, &now) == 0 && !S_ISREG(now.st_mode)) {
        o->err = EEXIST;
        failed = "replacing (it is no longer a regular file)";
    }
    if (!o->err) {
        fault = hook(AMQ_SAVE_RENAME, NULL);
        if (fault || rename(tmp, target) != 0) {
            o->err = fault ? fault : errno;
            failed = "renaming the temporary file over";
        }
    }
    return failed;
}

/* Exactly one of words / bytes is used; len counts its elements.  framed = 0 writes params
 * and payload only: no container header, no checksum (foreign formats, amq_raw_save). */
static amq_status save(const char *path, uint32_t type, const uint8_t *params, uint64_t params_len,
                       const word_source *words, const uint8_t *bytes, uint64_t len, int framed)
{
    if (!path || !*path || (!params && params_len) || (!words && !bytes && len) || params_len > AMQ_MAX_PARAMS)
        return amq_fail(AMQ_E_INVALID_ARG, "save: invalid arguments");
    if (words && len > UINT64_MAX / 8)
        return amq_fail(AMQ_E_OVERFLOW, "save: payload of %llu words overflows", (unsigned long long)len);
    char *target = save_target(path), *tmp = NULL;
    if (!target)
        return AMQ_E_IO;
    struct stat old;
    int exists;
    char named[1024];
    name_target(named, sizeof named, path, target);
    amq_status s = check_target(named, target, &old, &exists);
    if (s != AMQ_OK) {
        free(target);
        return s;
    }
    out_file *o = malloc(sizeof *o);
    int fd = o ? create_temp(target, &tmp) : -1;
    if (fd < 0) {
        s = o ? amq_fail(AMQ_E_IO, "save: cannot create a temporary file beside %s: %s", named, strerror(errno))
              : amq_fail(AMQ_E_NOMEM, "save: out of memory");
        free(o);
        free(tmp);
        free(target);
        return s;
    }
    o->fd = fd;
    o->err = 0;
    o->used = 0;
    o->short_at = UINT64_MAX;
    o->st = XXH3_createState();
    if (!o->st || XXH3_64bits_reset(o->st) != XXH_OK)
        o->err = ENOMEM;
    /* an existing file keeps its permission bits (and owner and group when we may set them) */
    if (!o->err && exists && fchmod(fd, old.st_mode & 0777) != 0)
        o->err = errno;
    if (!o->err && exists && (old.st_uid != geteuid() || old.st_gid != getegid()) &&
        fchown(fd, old.st_uid, old.st_gid) != 0 && fchown(fd, (uid_t)-1, old.st_gid) != 0) {
        /* best effort: an ordinary user may not give a file away; the mode is kept regardless */
    }

    write_contents(o, type, params, params_len, words, bytes, len, framed);
    const char *failed = commit_temp(o, fd, tmp, target);
    if (o->err && o->short_at != UINT64_MAX) {
        unlink(tmp);
        s = amq_fail(AMQ_E_IO, "save: the payload for %s broke off after %llu of its %llu words; it is unchanged",
                     named, (unsigned long long)o->short_at, (unsigned long long)len);
    } else if (o->err) {
        unlink(tmp);
        s = amq_fail(AMQ_E_IO, "save: %s %s failed: %s; it is unchanged", failed, named, strerror(o->err));
    } else if ((o->err = sync_dir(target)) != 0) {
        s = amq_fail(AMQ_E_IO, "save: %s was written, but syncing its directory failed: %s; the new file may "
                               "not survive a system crash", named, strerror(o->err));
    }
    XXH3_freeState(o->st);
    free(o);
    free(tmp);
    free(target);
    return s;
}
amq_status amq_container_save(const char *path, uint32_t type, const uint8_t *params,
                              uint64_t params_len, const uint64_t *words, uint64_t nwords)
{
    if (!words && nwords)
        return amq_fail(AMQ_E_INVALID_ARG, "save: NULL payload");
    array_cursor c = {words, 0, nwords};
    const word_source src = {array_fill, &c};
    return save(path, type, params, params_len, &src, NULL, nwords, 1);
}

amq_status amq_container_save_stream(const char *path, uint32_t type, const uint8_t *params,
                                     uint64_t params_len, amq_word_fill fill, void *ctx, uint64_t nwords)
{
    if (!fill)
        return amq_fail(AMQ_E_INVALID_ARG, "save: NULL payload source");
    const word_source src = {fill, ctx};
    return save(path, type, params, params_len, &src, NULL, nwords, 1);
}

amq_status amq_container_save_bytes(const char *path, uint32_t type, const uint8_t *params,
                                    uint64_t params_len, const uint8_t *bytes, uint64_t nbytes)
{
    static const uint8_t none[1];
    if (!bytes && nbytes)
        return amq_fail(AMQ_E_INVALID_ARG, "save: NULL payload");
    return save(path, type, params, params_len, NULL, bytes ? bytes : none, nbytes, 1);
}

amq_status amq_raw_save(const char *path, const uint8_t *head, uint64_t head_len, const uint64_t *words,
                        uint64_t nwords)
{
    if (!words && nwords)
        return amq_fail(AMQ_E_INVALID_ARG, "save: NULL payload");
    array_cursor c = {words, 0, nwords};
    const word_source src = {array_fill, &c};
    return save(path, 0, head, head_len, &src, NULL, nwords, 0);
}

static int read_hashed(amq_reader *r, void *buf, size_t len)
{
    if (fread(buf, 1, len, r->f) != len)
        return 0;
    XXH3_64bits_update((XXH3_state_t *)r->xxh, buf, len);
    return 1;
}

/* Opens `path` for reading only if it is a regular file: it is looked at before it is
 * opened (opening a FIFO blocks until a writer comes; a device may act on open), and
 * opened without blocking, then checked again on the descriptor (it may have changed). */
static FILE *open_regular(const char *path, struct stat *sb);

FILE *amq_open_regular(const char *path, uint64_t *size)
{
    struct stat sb;
    FILE *f = open_regular(path, &sb);
    if (f)
        *size = (uint64_t)sb.st_size;
    return f;
}

static FILE *open_regular(const char *path, struct stat *sb)
{
    if (stat(path, sb) != 0) {
        amq_fail(AMQ_E_IO, "load: cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    if (!S_ISREG(sb->st_mode)) {
        amq_fail(AMQ_E_IO, "load: '%s' is %s, not a regular file", path, file_kind(sb->st_mode));
        return NULL;
    }
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        amq_fail(AMQ_E_IO, "load: cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    FILE *f = NULL;
    if (fstat(fd, sb) != 0 || !S_ISREG(sb->st_mode))
        amq_fail(AMQ_E_IO, "load: '%s' is not a regular file", path);
    else if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 || !(f = fdopen(fd, "rb")))
        amq_fail(AMQ_E_IO, "load: cannot open '%s': %s", path, strerror(errno));
    if (!f)
        close(fd);
    return f;
}

amq_status amq_reader_open(amq_reader *r, const char *path)
{
    memset(r, 0, sizeof *r);
    if (!path)
        return amq_fail(AMQ_E_INVALID_ARG, "load: no path given");
    struct stat sb;
    r->path = path;
    if (!(r->f = open_regular(path, &sb)))
        return AMQ_E_IO;
    uint64_t size = (uint64_t)sb.st_size;
    r->file_size = size;
    r->xxh = XXH3_createState();
    if (!r->xxh || XXH3_64bits_reset(r->xxh) != XXH_OK) {
        amq_reader_close(r);
        return amq_fail(AMQ_E_NOMEM, "load: out of memory");
    }
    uint8_t hdr[AMQ_HEADER_SIZE] = {0};
    size_t got = fread(hdr, 1, sizeof hdr, r->f);
    XXH3_64bits_update((XXH3_state_t *)r->xxh, hdr, got);
    amq_status s = AMQ_OK;
    if (got >= 8 && memcmp(hdr, MAGIC, 8) != 0) {
        s = amq_fail(AMQ_E_BAD_MAGIC, "load: '%s' is not an amqcert file (bad magic)", path);
    } else if (got < sizeof hdr) {
        s = amq_fail(AMQ_E_TRUNCATED, "load: '%s' is truncated: %llu bytes, the header needs %u",
                     path, (unsigned long long)size, AMQ_HEADER_SIZE);
    } else if (get_u32(hdr + 8) != AMQ_FORMAT_VERSION) {
        s = amq_fail(AMQ_E_BAD_VERSION, "load: '%s' has format version %u; this build reads version %u",
                     path, get_u32(hdr + 8), AMQ_FORMAT_VERSION);
    } else {
        r->type = get_u32(hdr + 12);
        r->params_len = amq_get_u64(hdr + 16);
        r->payload_len = amq_get_u64(hdr + 24);
        uint64_t avail = size - AMQ_HEADER_SIZE;
        if (r->params_len > AMQ_MAX_PARAMS)
            s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s' declares %llu parameter bytes (max %u)", path,
                         (unsigned long long)r->params_len, AMQ_MAX_PARAMS);
        else if (r->payload_len > avail || avail - r->payload_len < r->params_len + 8)
            s = amq_fail(AMQ_E_TRUNCATED, "load: '%s' is truncated: %llu bytes after the header, "
                                          "%llu+%llu+8 declared",
                         path, (unsigned long long)avail, (unsigned long long)r->params_len,
                         (unsigned long long)r->payload_len);
        else if (avail - r->payload_len - r->params_len > 8)
            s = amq_fail(AMQ_E_SIZE_MISMATCH, "load: '%s' has %llu unexpected trailing bytes", path,
                         (unsigned long long)(avail - r->payload_len - r->params_len - 8));
        else if (!read_hashed(r, r->params, (size_t)r->params_len))
            s = amq_fail(AMQ_E_TRUNCATED, "load: '%s': cannot read parameters", path);
    }
    if (s != AMQ_OK)
        amq_reader_close(r);
    return s;
}

amq_status amq_reader_expect(amq_reader *r, uint32_t type, uint64_t params_len)
{
    amq_status s = AMQ_OK;
    if (r->type != type)
        s = amq_fail(AMQ_E_BAD_TYPE, "load: '%s' holds a %s structure, not a %s", r->path,
                     amq_type_name(r->type), amq_type_name(type));
    else if (r->params_len != params_len)
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': %s parameters are %llu bytes, the file has %llu", r->path,
                     amq_type_name(type), (unsigned long long)params_len, (unsigned long long)r->params_len);
    if (s != AMQ_OK)
        amq_reader_close(r);
    return s;
}

amq_status amq_reader_open_as(amq_reader *r, const char *path, uint32_t type, uint64_t params_len)
{
    amq_status s = amq_reader_open(r, path);
    return s != AMQ_OK ? s : amq_reader_expect(r, type, params_len);
}

static amq_status check_sum(amq_reader *r);

amq_status amq_reader_expect_payload(const amq_reader *r, uint64_t count, uint64_t elem_size, const char *what)
{
    if (elem_size == 0 || count > UINT64_MAX / elem_size || r->payload_len != count * elem_size)
        return amq_fail(AMQ_E_SIZE_MISMATCH,
                        "load: '%s': the payload is %llu bytes, but %s need %llu x %llu bytes", r->path,
                        (unsigned long long)r->payload_len, what ? what : "the parameters",
                        (unsigned long long)count, (unsigned long long)elem_size);
    return AMQ_OK;
}

amq_status amq_reader_words(amq_reader *r, uint64_t *words, uint64_t nwords)
{
    amq_status s = amq_reader_expect_payload(r, nwords, 8, NULL);
    if (s != AMQ_OK)
        return s;
    uint8_t buf[CHUNK * 8];
    for (uint64_t i = 0; i < nwords; i += CHUNK) {
        uint64_t n = nwords - i < CHUNK ? nwords - i : CHUNK;
        if (!read_hashed(r, buf, (size_t)(8 * n)))
            return amq_fail(AMQ_E_TRUNCATED, "load: '%s': payload truncated while reading", r->path);
        for (uint64_t j = 0; j < n; j++)
            words[i + j] = amq_get_u64(buf + 8 * j);
    }
    return check_sum(r);
}

amq_status amq_reader_bytes(amq_reader *r, uint8_t *bytes, uint64_t nbytes)
{
    amq_status s = amq_reader_expect_payload(r, nbytes, 1, NULL);
    if (s != AMQ_OK)
        return s;
    for (uint64_t i = 0; i < nbytes; i += CHUNK * 8) {
        uint64_t n = nbytes - i < CHUNK * 8 ? nbytes - i : CHUNK * 8;
        if (!read_hashed(r, bytes + i, (size_t)n))
            return amq_fail(AMQ_E_TRUNCATED, "load: '%s': payload truncated while reading", r->path);
    }
    return check_sum(r);
}

static amq_status check_sum(amq_reader *r)
{
    uint8_t sum[8];
    if (fread(sum, 1, 8, r->f) != 8)
        return amq_fail(AMQ_E_TRUNCATED, "load: '%s': checksum missing (file truncated)", r->path);
    if (amq_get_u64(sum) != XXH3_64bits_digest((XXH3_state_t *)r->xxh))
        return amq_fail(AMQ_E_CHECKSUM, "load: '%s': checksum mismatch: the file is corrupt", r->path);
    return AMQ_OK;
}

void amq_reader_close(amq_reader *r)
{
    if (r->f)
        fclose(r->f);
    if (r->xxh)
        XXH3_freeState((XXH3_state_t *)r->xxh);
    r->f = NULL;
    r->xxh = NULL;
}
