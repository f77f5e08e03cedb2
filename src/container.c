#include <internal/fail.h>
#include <internal/container.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

static const uint8_t MAGIC[8] = {'A', 'M', 'Q', 'C', 'E', 'R', 'T', 0};
#define CHUNK 4096u

const char *amq_type_name(uint32_t type)
{
    switch (type) {
    case AMQ_TYPE_BLOOM: return "bloom";
    case AMQ_TYPE_COUNTING: return "counting";
    case AMQ_TYPE_QUOTIENT: return "quotient";
    case AMQ_TYPE_BLOCKED_BLOOM: return "blocked-bloom";
    case AMQ_TYPE_SPLIT_BLOCK: return "split-block";
    case AMQ_TYPE_PARTITIONED: return "partitioned";
    case AMQ_TYPE_COUNTING_BLOCKED: return "counting-blocked";
    case AMQ_TYPE_BLOCKED_QUOTIENT: return "blocked-quotient";
    }
    return "unknown";
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

static int write_hashed(FILE *f, XXH3_state_t *st, const void *buf, size_t len)
{
    XXH3_64bits_update(st, buf, len);
    return fwrite(buf, 1, len, f) == len;
}

/* Exactly one of words / bytes is used; len counts its elements. */
static amq_status save(const char *path, uint32_t type, const uint8_t *params, uint64_t params_len,
                       const uint64_t *words, const uint8_t *bytes, uint64_t len)
{
    if (!path || (!params && params_len) || (!words && !bytes && len) || params_len > AMQ_MAX_PARAMS)
        return amq_fail(AMQ_E_INVALID_ARG, "save: invalid arguments");
    if (words && len > UINT64_MAX / 8)
        return amq_fail(AMQ_E_OVERFLOW, "save: payload of %llu words overflows",
                        (unsigned long long)len);
    uint64_t payload_len = words ? len * 8 : len;
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 16);
    if (!tmp)
        return amq_fail(AMQ_E_NOMEM, "save: out of memory");
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmp.XXXXXX", 12);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        amq_status s = amq_fail(AMQ_E_IO, "save: cannot create temporary file for '%s': %s", path,
                                strerror(errno));
        free(tmp);
        return s;
    }
    FILE *f = fdopen(fd, "wb");
    XXH3_state_t *st = XXH3_createState();
    int ok = f && st && XXH3_64bits_reset(st) == XXH_OK;
    uint8_t hdr[AMQ_HEADER_SIZE];
    memcpy(hdr, MAGIC, 8);
    put_u32(hdr + 8, AMQ_FORMAT_VERSION);
    put_u32(hdr + 12, type);
    amq_put_u64(hdr + 16, params_len);
    amq_put_u64(hdr + 24, payload_len);
    ok = ok && write_hashed(f, st, hdr, sizeof hdr) && write_hashed(f, st, params, (size_t)params_len);
    uint8_t buf[CHUNK * 8];
    for (uint64_t i = 0; ok && words && i < len; i += CHUNK) {
        uint64_t n = len - i < CHUNK ? len - i : CHUNK;
        for (uint64_t j = 0; j < n; j++)
            amq_put_u64(buf + 8 * j, words[i + j]);
        ok = write_hashed(f, st, buf, (size_t)(8 * n));
    }
    for (uint64_t i = 0; ok && bytes && i < len; i += sizeof buf) {
        uint64_t n = len - i < sizeof buf ? len - i : sizeof buf;
        ok = write_hashed(f, st, bytes + i, (size_t)n);
    }
    if (ok) {
        uint8_t sum[8];
        amq_put_u64(sum, XXH3_64bits_digest(st));
        ok = fwrite(sum, 1, 8, f) == 8 && fflush(f) == 0 && fsync(fileno(f)) == 0;
    }
    int saved_errno = errno;
    if (f)
        ok = (fclose(f) == 0) && ok;
    else
        close(fd);
    XXH3_freeState(st);
    if (ok && rename(tmp, path) != 0) {
        saved_errno = errno;
        ok = 0;
    }
    amq_status s = AMQ_OK;
    if (!ok) {
        unlink(tmp);
        s = amq_fail(AMQ_E_IO, "save: writing '%s' failed: %s", path, strerror(saved_errno));
    }
    free(tmp);
    return s;
}

amq_status amq_container_save(const char *path, uint32_t type, const uint8_t *params,
                              uint64_t params_len, const uint64_t *words, uint64_t nwords)
{
    static const uint64_t none[1];
    if (!words && nwords)
        return amq_fail(AMQ_E_INVALID_ARG, "save: NULL payload");
    return save(path, type, params, params_len, words ? words : none, NULL, nwords);
}

amq_status amq_container_save_bytes(const char *path, uint32_t type, const uint8_t *params,
                                    uint64_t params_len, const uint8_t *bytes, uint64_t nbytes)
{
    static const uint8_t none[1];
    if (!bytes && nbytes)
        return amq_fail(AMQ_E_INVALID_ARG, "save: NULL payload");
    return save(path, type, params, params_len, NULL, bytes ? bytes : none, nbytes);
}

static int read_hashed(amq_reader *r, void *buf, size_t len)
{
    if (fread(buf, 1, len, r->f) != len)
        return 0;
    XXH3_64bits_update((XXH3_state_t *)r->xxh, buf, len);
    return 1;
}

amq_status amq_reader_open(amq_reader *r, const char *path)
{
    memset(r, 0, sizeof *r);
    if (!path)
        return amq_fail(AMQ_E_INVALID_ARG, "load: no path given");
    r->f = fopen(path, "rb");
    if (!r->f)
        return amq_fail(AMQ_E_IO, "load: cannot open '%s': %s", path, strerror(errno));
    struct stat sb;
    if (fstat(fileno(r->f), &sb) != 0 || !S_ISREG(sb.st_mode)) {
        amq_reader_close(r);
        return amq_fail(AMQ_E_IO, "load: '%s' is not a regular file", path);
    }
    uint64_t size = (uint64_t)sb.st_size;
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

amq_status amq_reader_open_as(amq_reader *r, const char *path, uint32_t type, uint64_t params_len)
{
    amq_status s = amq_reader_open(r, path);
    if (s != AMQ_OK)
        return s;
    if (r->type != type)
        s = amq_fail(AMQ_E_BAD_TYPE, "load: '%s' holds a %s structure, not a %s", path,
                     amq_type_name(r->type), amq_type_name(type));
    else if (r->params_len != params_len)
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': %s parameters are %llu bytes, the file has %llu", path,
                     amq_type_name(type), (unsigned long long)params_len, (unsigned long long)r->params_len);
    if (s != AMQ_OK)
        amq_reader_close(r);
    return s;
}

static amq_status check_sum(amq_reader *r);

amq_status amq_reader_words(amq_reader *r, uint64_t *words, uint64_t nwords)
{
    if (nwords > UINT64_MAX / 8 || r->payload_len != nwords * 8)
        return amq_fail(AMQ_E_SIZE_MISMATCH,
                        "load: payload is %llu bytes but the parameters imply %llu words",
                        (unsigned long long)r->payload_len, (unsigned long long)nwords);
    uint8_t buf[CHUNK * 8];
    for (uint64_t i = 0; i < nwords; i += CHUNK) {
        uint64_t n = nwords - i < CHUNK ? nwords - i : CHUNK;
        if (!read_hashed(r, buf, (size_t)(8 * n)))
            return amq_fail(AMQ_E_TRUNCATED, "load: payload truncated");
        for (uint64_t j = 0; j < n; j++)
            words[i + j] = amq_get_u64(buf + 8 * j);
    }
    return check_sum(r);
}

amq_status amq_reader_bytes(amq_reader *r, uint8_t *bytes, uint64_t nbytes)
{
    if (r->payload_len != nbytes)
        return amq_fail(AMQ_E_SIZE_MISMATCH,
                        "load: payload is %llu bytes but the parameters imply %llu",
                        (unsigned long long)r->payload_len, (unsigned long long)nbytes);
    for (uint64_t i = 0; i < nbytes; i += CHUNK * 8) {
        uint64_t n = nbytes - i < CHUNK * 8 ? nbytes - i : CHUNK * 8;
        if (!read_hashed(r, bytes + i, (size_t)n))
            return amq_fail(AMQ_E_TRUNCATED, "load: payload truncated");
    }
    return check_sum(r);
}

static amq_status check_sum(amq_reader *r)
{
    uint8_t sum[8];
    if (fread(sum, 1, 8, r->f) != 8)
        return amq_fail(AMQ_E_TRUNCATED, "load: checksum missing (file truncated)");
    if (amq_get_u64(sum) != XXH3_64bits_digest((XXH3_state_t *)r->xxh))
        return amq_fail(AMQ_E_CHECKSUM, "load: checksum mismatch: the file is corrupt");
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
