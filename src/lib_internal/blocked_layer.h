/* The blocking layer shared by the key-level blocked structures (amq/blocked_bloom.h,
 * amq/split_block.h, amq/partitioned.h, amq/counting_blocked.h, amq/blocked_quotient.h):
 * block selection, bit-array helpers, the fill-ratio estimate, the 48-byte parameter
 * block of the bit and counting files, and the digit
 * decoding of the cross-check descriptors.  It knows no structure: each structure's file
 * calls it with its own values. */
#ifndef AMQ_BLOCKED_LAYER_H
#define AMQ_BLOCKED_LAYER_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/limits.h>
#include <lib_internal/container.h>

/* ---- hashing ----
 * The key's block is amq_blocked_key_block (lib_internal/blocked_key.h, proved by unit blocked_key). */

/* ---- sizes and bit arrays ---- */

/* *m = nblocks * bsize, or AMQ_E_OVERFLOW (message names `name`) beyond 64 bits. */
amq_status amq_blocked_layer_size(uint64_t *m, uint64_t nblocks, uint64_t bsize, const char *name);
/* A zeroed array of m >= 1 bits packed as the Bloom kernel packs them (bit p in word p/64
 * at p%64); *nwords its words.  AMQ_E_OVERFLOW / AMQ_E_NOMEM otherwise. */
amq_status amq_blocked_layer_bits_alloc(uint64_t **words, uint64_t *nwords, uint64_t m, const char *name);
/* The same, its first word on a 64-byte boundary, so that a block of 256 or 512 bits is one
 * cache line (calloc's large arrays start 16 bytes past a page); *base is what to free. */
amq_status amq_blocked_layer_bits_alloc_lines(uint64_t **words, void **base, uint64_t *nwords, uint64_t m,
                                              const char *name);
uint64_t amq_blocked_layer_popcount(const uint64_t *words, uint64_t nwords);
/* 1 iff no bit at a position >= m is set: the kernels never set one, a file might. */
int amq_blocked_layer_tail_clean(const uint64_t *words, uint64_t m);

/* Probability that one key sets a given position of nblocks blocks of bsize positions
 * when it sets k uniform positions of one uniform block: (1 - (1 - 1/bsize)^k) / nblocks.
 * APPROXIMATION (double). */
double amq_blocked_layer_hit_prob(uint64_t nblocks, uint64_t bsize, uint64_t k);
/* Distinct keys estimated from `used` of m positions set, q the probability that one key
 * sets a given position: the expected zero fraction after n keys is (1 - q)^n, so
 * n = ln z / ln(1 - q).  APPROXIMATION (double): 0 when used = 0, +infinity when every
 * position is set. */
double amq_blocked_layer_fill_estimate(uint64_t used, uint64_t m, double q);

/* ---- files (lib_internal/container.h) ----
 * Parameter block of the bit and counting blocked files: six u64 little-endian, in this
 * order.  Each structure says what it stores in them (its file comment). */
#define AMQ_BLOCKED_LAYER_PARAMS 48u
typedef struct amq_blocked_layer_params {
    uint64_t nblocks, block_size, k, strategy, seed, width;
} amq_blocked_layer_params;

/* Payload: the bit array as little-endian words / the counter bytes as they are. */
amq_status amq_blocked_layer_save_words(const char *path, uint32_t type, const amq_blocked_layer_params *p,
                                        const uint64_t *words, uint64_t nwords);
amq_status amq_blocked_layer_save_bytes(const char *path, uint32_t type, const amq_blocked_layer_params *p,
                                        const uint8_t *bytes, uint64_t nbytes);
/* Opens a file that must hold structure `type` with the 48-byte block, into *p.  On
 * success *r is open (the caller closes it); on failure it is closed. */
amq_status amq_blocked_layer_open(amq_reader *r, const char *path, uint32_t type, amq_blocked_layer_params *p);
/* After a failed parameter check: AMQ_E_BAD_PARAMS, "load: 'path': impossible parameters: "
 * followed by the check's own message. */
amq_status amq_blocked_layer_impossible(const char *path);
/* AMQ_OK iff the payload is `bytes` long, AMQ_E_SIZE_MISMATCH naming both otherwise. */
amq_status amq_blocked_layer_payload_is(const amq_reader *r, const char *path, uint64_t bytes);
/* Reads a bit payload of nwords words holding m bits, then checks that no bit beyond m is
 * set (AMQ_E_BAD_PARAMS). */
amq_status amq_blocked_layer_read_bits(amq_reader *r, const char *path, uint64_t *words, uint64_t nwords,
                                       uint64_t m);

/* ---- cross-check descriptors (lib_internal/blocked_check.h) ---- */

/* A key's 1 + k digits over nblocks * a: the block is d[0] div a, in-block index t is
 * d[1 + t] mod a (t < k).  Returns the block, writes idx[0 .. k-1]. */
uint64_t amq_blocked_layer_decode(const uint64_t *d, uint64_t a, size_t k, uint64_t *idx);
/* Descriptor geometry: nblocks blocks of bsize positions and a digit alphabet of nblocks
 * * a, both at most 2^62 (AMQ_E_OVERFLOW otherwise); fills *m and *alphabet. */
amq_status amq_blocked_layer_digits(uint64_t *m, uint64_t *alphabet, uint64_t nblocks, uint64_t bsize, uint64_t a,
                                    const char *name);

#endif
