/* Key-level cuckoo filter (partial-key cuckoo hashing, Fan et al., CoNEXT 2014) over the
 * proved kernel (what is proved: docs/cuckoo.md).  Every failing call returns a status,
 * leaves a message in amq_last_error(), and changes nothing.  All sizes and counts are 64-bit.
 *
 * Table.  nb >= 1 buckets (any count, not only powers of two) of b in {2, 4, 8} slots, each an
 * f-bit fingerprint, 2 <= f <= 32, packed at f bits a slot; 0 marks an empty slot and a key's
 * fingerprint is never 0.  A key's first bucket, fingerprint and kick choices come from one
 * XXH3-128 of the key under the seed; its second bucket is the alternate of the first for its
 * fingerprint (an involution for every nb).
 *
 * Add puts the fingerprint in a free slot of one of the key's two buckets, or moves stored
 * fingerprints to their other buckets along a bounded kick chain; when no chain ends in a
 * free slot it fails with AMQ_E_FULL and the table is exactly as before, so no key is ever
 * lost.  Query answers 1 ("maybe") iff the key's fingerprint is in one of its two buckets.
 *
 * Remove deletes one copy of the key's fingerprint from one of its two buckets.  If every
 * removed key was added, and not removed more often than added, no added key is lost.
 * Removing a key that was never added but whose fingerprint is in one of its buckets (a
 * false positive) deletes another key's copy, and that key may then answer "no".
 *
 * Rates (amq/spec_cuckoo.h): after n stored keys the rate is C(n), about 2n / (nb (2^f - 1)),
 * at most Fan et al.'s 1 - (1 - 1/(2^f - 1))^(2b).
 *
 * NULL arguments follow the rule of amq/error.h (AMQ_E_INVALID_ARG, -1 for a query, 0 for a
 * getter, nothing for clear and free). */
#ifndef AMQ_CUCKOO_H
#define AMQ_CUCKOO_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>

typedef struct amq_cuckoo amq_cuckoo;

/* The load amq_cuckoo_size_for sizes n keys for, at most: 0.95 - 1.5/sqrt(n) for b = 4 and 8
 * (at least 0.5), 0.75 - 2/sqrt(n) - 40/n for b = 2 (at least 0.15), below where adds start to
 * be refused (b = 2 holds much less: 2 slots a bucket leave kicks little room).  Adds can still
 * be refused, rarely (a refused add changes nothing and says so): the measured rates, about 1e-5
 * of builds or fewer, are in docs/cuckoo.md. */
AMQ_API double amq_cuckoo_sizing_load(uint64_t n, uint64_t b);

/* The parameter check every command shares: nb >= 1, b in {2, 4, 8}, 2 <= f <= 32 and nb b f
 * table bits within 2^64 - 1 (AMQ_E_INVALID_ARG naming the value); it does not allocate. */
AMQ_API amq_status amq_cuckoo_check_geometry(uint64_t nb, uint64_t b, uint64_t f);
/* A table of nb buckets of b slots of f bits, empty.  AMQ_E_OVERFLOW beyond the address
 * space, AMQ_E_NOMEM when it cannot be allocated. */
AMQ_API amq_status amq_cuckoo_create(amq_cuckoo **out, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed);
/* Sizing for n keys at FP <= fpr with b slots per bucket: f is the smallest width whose Fan
 * bound 1 - (1 - 1/(2^f - 1))^(2b) is at most fpr (exact comparison), nb = ceil(n / (l b))
 * made odd (plus one if even) with l = amq_cuckoo_sizing_load(n, b).  That bound goes to *achieved (rounded up) if
 * non-NULL.  AMQ_E_INVALID_N for n = 0, AMQ_E_INVALID_FPR outside (0, 1), AMQ_E_TOO_LARGE
 * when even f = 32 is above fpr or the table would exceed 2^64 - 1 bits. */
AMQ_API amq_status amq_cuckoo_size_for(uint64_t n, double fpr, uint64_t b, uint64_t *nb, uint64_t *f,
                                       double *achieved);
AMQ_API amq_status amq_cuckoo_create_for(amq_cuckoo **out, uint64_t n, double fpr, uint64_t b, uint64_t seed,
                                         double *achieved);
AMQ_API void amq_cuckoo_free(amq_cuckoo *cf);

/* AMQ_E_FULL (nothing changed) when no kick chain ends in a free slot. */
AMQ_API amq_status amq_cuckoo_add(amq_cuckoo *cf, const void *key, size_t len);
/* 1: maybe present, 0: definitely absent; -1 for a NULL filter, or a NULL key with len > 0. */
AMQ_API int amq_cuckoo_query(const amq_cuckoo *cf, const void *key, size_t len);
/* Deletes one copy of the key's fingerprint; AMQ_E_NOT_PRESENT (nothing changed) if none. */
AMQ_API amq_status amq_cuckoo_remove(amq_cuckoo *cf, const void *key, size_t len);
AMQ_API void amq_cuckoo_clear(amq_cuckoo *cf);

/* Stored fingerprints, copies included (exact). */
AMQ_API uint64_t amq_cuckoo_count(const amq_cuckoo *cf);
/* count / (nb b). */
AMQ_API double amq_cuckoo_load_factor(const amq_cuckoo *cf);
AMQ_API uint64_t amq_cuckoo_buckets(const amq_cuckoo *cf);
AMQ_API uint64_t amq_cuckoo_slots_per_bucket(const amq_cuckoo *cf);
AMQ_API uint64_t amq_cuckoo_fingerprint_bits(const amq_cuckoo *cf);
AMQ_API uint64_t amq_cuckoo_seed(const amq_cuckoo *cf);
/* The packed table (layout: amq/spec_cuckoo.h, amq_cuckoo_fp_state_table) and its words. */
AMQ_API const uint64_t *amq_cuckoo_table(const amq_cuckoo *cf);
AMQ_API uint64_t amq_cuckoo_table_words(uint64_t nb, uint64_t b, uint64_t f);

/* Persistence (docs/files.md): parameters nb, b, f, seed, layout (2); payload the table's words.
 * A file of layout 1 (the first alternate-bucket hash) is refused with AMQ_E_BAD_VERSION.
 * Loading checks the parameters like create, the payload length before allocating, and
 * that no bit beyond the nb b f table bits is set; the count is recounted. */
AMQ_API amq_status amq_cuckoo_save(const amq_cuckoo *cf, const char *path);
AMQ_API amq_status amq_cuckoo_load(amq_cuckoo **out, const char *path);

#endif
