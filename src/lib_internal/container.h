/* The common amqcert file container (portable, little-endian, fixed-width):
 *
 *   offset  size  field
 *   0       8     magic "AMQCERT\0"
 *   8       4     format version (AMQ_FORMAT_VERSION)
 *   12      4     structure type (amq_type)
 *   16      8     params length P (<= AMQ_MAX_PARAMS)
 *   24      8     payload length L
 *   32      P     structure parameters (structure-specific, little-endian)
 *   32+P    L     payload (structure-specific, little-endian)
 *   32+P+L  8     XXH3-64 (seed 0) of bytes [0, 32+P+L)
 *
 * Saving (docs/files.md) writes a temporary file beside the target, fsyncs it, renames
 * it over the target and fsyncs the directory, so a crash leaves the old file or the new
 * one, never a mix.  Only regular files are written: a FIFO, device, socket or directory
 * target is refused; a symbolic link is followed (its final target is replaced, beside
 * itself); an existing file keeps its permission bits, a new one gets 0666 less the umask;
 * a file without write permission is refused.
 *
 * Loading is two-stage so the structure can validate its parameters before anything
 * large is allocated.  amq_reader_open refuses anything but a regular file without
 * opening it (a FIFO would block) and checks that the declared lengths are exactly the
 * file's real length; the loader then checks that its parameters imply exactly the
 * declared payload (amq_reader_expect_payload) and that they are within its documented
 * limits, and only then allocates.  So the memory a file makes amqcert reserve is the
 * payload it really holds, or what its documented parameters need (quotient tables). */
#ifndef AMQ_CONTAINER_H
#define AMQ_CONTAINER_H
#include <stdint.h>
#include <stdio.h>
#include <amq/error.h>
#include <lib_internal/registry.h>

#define AMQ_FORMAT_VERSION 1u
#define AMQ_MAX_PARAMS 256u
#define AMQ_HEADER_SIZE 32u

/* The structure types, one per line of the registry list (lib_internal/registry.h, where the
 * numbers are written). */
typedef enum amq_type {
#define X(s, TYPE, number) AMQ_TYPE_##TYPE = number,
    AMQ_STRUCTURES
#undef X
} amq_type;

const char *amq_type_name(uint32_t type);

/* Payload given as 64-bit words, written little-endian. */
amq_status amq_container_save(const char *path, uint32_t type, const uint8_t *params,
                              uint64_t params_len, const uint64_t *words, uint64_t nwords);
/* Payload of nwords 64-bit words written little-endian as fill makes them, for a payload
 * too large to copy first (a quotient filter's fingerprints, from its iteration):
 * fill(ctx, out, max) writes the next 1 .. max (<= 64) words to out and returns how many.  A
 * fill that returns 0 (or more than max) before nwords fails the save with a message, the
 * target unchanged. */
typedef uint64_t (*amq_word_fill)(void *ctx, uint64_t *out, uint64_t max);
amq_status amq_container_save_stream(const char *path, uint32_t type, const uint8_t *params,
                                     uint64_t params_len, amq_word_fill fill, void *ctx, uint64_t nwords);
/* Payload given as bytes, written as they are. */
amq_status amq_container_save_bytes(const char *path, uint32_t type, const uint8_t *params,
                                    uint64_t params_len, const uint8_t *bytes, uint64_t nbytes);

/* Files of foreign formats (Parquet blobs, amq/parquet.h), read and written with the same
 * care: amq_raw_save writes head then words little-endian through the same temporary file,
 * sync and rename as amq_container_save, without the container's header or checksum
 * (head_len <= AMQ_MAX_PARAMS).  amq_open_regular opens `path` for reading only if it is a
 * regular file (looked at first: opening a FIFO would block) and gives its length; NULL
 * with a message ("load: ...") otherwise. */
amq_status amq_raw_save(const char *path, const uint8_t *head, uint64_t head_len, const uint64_t *words,
                        uint64_t nwords);
FILE *amq_open_regular(const char *path, uint64_t *size);

typedef struct amq_reader {
    FILE *f;
    const char *path;   /* the caller's path, for messages (valid while the reader is) */
    uint64_t file_size; /* the file's real length */
    uint32_t type;
    uint64_t params_len;
    uint64_t payload_len;
    uint8_t params[AMQ_MAX_PARAMS];
    void *xxh; /* XXH3 streaming state over everything read so far */
} amq_reader;

/* Reads and checks the header and parameters: magic, version, lengths against
 * the real file size (truncation / trailing bytes). */
amq_status amq_reader_open(amq_reader *r, const char *path);
/* amq_reader_open, then checks that the file holds structure `type` with a parameter
 * block of exactly params_len bytes (AMQ_E_BAD_TYPE / AMQ_E_BAD_PARAMS otherwise; the
 * reader is closed on any failure). The structure's loaders start with this. */
amq_status amq_reader_open_as(amq_reader *r, const char *path, uint32_t type, uint64_t params_len);
/* The check of amq_reader_open_as on a reader already open (for a loader that looks at the
 * parameters first, as the cuckoo filter's does for its layout); closes it on failure. */
amq_status amq_reader_expect(amq_reader *r, uint32_t type, uint64_t params_len);
/* The generic part of a loader's validation, to call before allocating: the parameters
 * imply a payload of `count` elements of `elem_size` bytes, and the file must declare
 * exactly that many bytes (amq_reader_open already checked that the declared payload is
 * really in the file, so count * elem_size <= the file's length).  AMQ_E_SIZE_MISMATCH
 * naming the file, `what` (a plural noun phrase such as "m = 1000 bits", NULL for "the
 * parameters") and both lengths otherwise; the reader stays open either way. */
amq_status amq_reader_expect_payload(const amq_reader *r, uint64_t count, uint64_t elem_size,
                                     const char *what);
/* Reads the payload as nwords little-endian words (the payload length must be
 * exactly 8*nwords), then checks the checksum. */
amq_status amq_reader_words(amq_reader *r, uint64_t *words, uint64_t nwords);
/* Reads the payload as nbytes raw bytes, then checks the checksum. */
amq_status amq_reader_bytes(amq_reader *r, uint8_t *bytes, uint64_t nbytes);
void amq_reader_close(amq_reader *r);

/* Little-endian field helpers for parameter blocks. */
static inline void amq_put_u64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static inline uint64_t amq_get_u64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

#endif
