/* Blocked quotient filter: nblocks quotient filters of 2^q home slots plus `slack` spill
 * slots each, r-bit remainders.  A key's fingerprint is the top q + r bits of its XXH3-64
 * (quotient, then remainder); its block comes from a salted XXH3-64.  Runs the proved
 * blocked quotient kernel.  The FP rate is 1 - (1 - 2^-(q+r) / nblocks)^n as long as no
 * add failed (amq_blocked_quotient_fp_*, amq/spec_blocked.h).  Every failing call returns
 * a status, leaves a message in amq_last_error(), and changes nothing.
 *
 * NULL arguments follow the rule of amq/error.h (AMQ_E_INVALID_ARG, -1 for a query and for
 * each result of a batch, 0 for a getter or count, NaN for an estimate, nothing for clear
 * and free); optional: achieved. */
#ifndef AMQ_BLOCKED_QUOTIENT_H
#define AMQ_BLOCKED_QUOTIENT_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>

#define AMQ_BLOCKED_QUOTIENT_MAX_Q 24u
#define AMQ_BLOCKED_QUOTIENT_DEFAULT_Q 6u /* create_for: 64 home slots per block, 48 keys (75%) */

typedef struct amq_blocked_quotient amq_blocked_quotient;

/* nblocks >= 1, 1 <= q <= AMQ_BLOCKED_QUOTIENT_MAX_Q, r >= 1, q + r <= 64,
 * slack <= 2^q. */
AMQ_API amq_status amq_blocked_quotient_create(amq_blocked_quotient **out, uint64_t nblocks, uint64_t q, uint64_t r,
                                       uint64_t slack, uint64_t seed);
/* The slack create_for uses: half the home slots, at least min(16, 2^q). */
AMQ_API uint64_t amq_blocked_quotient_default_slack(uint64_t q);
/* q = AMQ_BLOCKED_QUOTIENT_DEFAULT_Q; nblocks and p = q + r from
 * amq_blocked_quotient_size_for(n, fpr, 48), p raised to q + 1 if smaller.  The certified
 * upper bound of the FP rate after n keys goes to *achieved if non-NULL.  Its blocks are not
 * held to the overflow bound of amq_blocked_quotient_size_for_load: a block the keys overfill
 * refuses an add, rarely at 3/4 (docs/blocked.md, "Sizing for a load"). */
AMQ_API amq_status amq_blocked_quotient_create_for(amq_blocked_quotient **out, uint64_t n, double fpr, uint64_t seed,
                                           double *achieved);
/* The most max_load the load sizing takes, as the quotient filter's (AMQ_QUOTIENT_MAX_LOAD): a
 * query scans its cluster, ~1/(2 (1 - load)^2) slots (8 at 3/4, 200 at 0.95, over 550 at 0.97). */
#define AMQ_BLOCKED_QUOTIENT_MAX_LOAD 0.97
/* Sizing for n keys at FP <= fpr with a MEAN load of at most max_load (0 < max_load <=
 * AMQ_BLOCKED_QUOTIENT_MAX_LOAD, else AMQ_E_INVALID_ARG naming it).  The load is the mean over
 * all home slots, n / (nblocks 2^q), the load factor `amq info` prints; the default slack adds
 * half as many spill slots again, not counted.  Keys fall into blocks at random, so the
 * fullest block is above the mean, and a block that cannot place a key refuses it
 * (AMQ_E_FULL, nothing changed).  So q is the smallest in [AMQ_BLOCKED_QUOTIENT_DEFAULT_Q,
 * AMQ_BLOCKED_QUOTIENT_MAX_Q] for which, in nblocks = ceil(n / floor(max_load 2^q)) blocks of
 * the default slack, some block refuses one of n uniformly hashed keys with probability at
 * most 1e-9 (a Chernoff bound in double, summed over the blocks: a policy, not a certified
 * figure; docs/blocked.md); nblocks and p = q + r are those of amq_blocked_quotient_size_for(n, fpr,
 * floor(max_load 2^q)), p raised to q + 1 if smaller, and *achieved (if non-NULL) the
 * certified bound create_for reports.  A policy for a build of n keys: more keys raise the
 * load.  AMQ_E_TOO_LARGE when no q fits (a load below 2^-24). */
AMQ_API amq_status amq_blocked_quotient_size_for_load(uint64_t n, double fpr, double max_load, uint64_t *nblocks,
                                                      uint64_t *q, uint64_t *r, double *achieved);
/* amq_blocked_quotient_create with the sizing above and the default slack; *achieved is
 * written only on success. */
AMQ_API amq_status amq_blocked_quotient_create_for_load(amq_blocked_quotient **out, uint64_t n, double fpr,
                                                        double max_load, uint64_t seed, double *achieved);
AMQ_API void amq_blocked_quotient_free(amq_blocked_quotient *b);

/* AMQ_E_FULL, changing nothing, when the key's block has no room for it. */
AMQ_API amq_status amq_blocked_quotient_add(amq_blocked_quotient *b, const void *key, size_t len);
/* 1: maybe present, 0: definitely absent; -1 for a NULL filter, or a NULL key with len > 0. */
AMQ_API int amq_blocked_quotient_query(const amq_blocked_quotient *b, const void *key, size_t len);
/* results[i] = amq_blocked_quotient_query(b, keys[i], lens[i]), hashing a batch of keys and
 * prefetching before answering. */
AMQ_API void amq_blocked_quotient_query_batch(const amq_blocked_quotient *b, const void *const *keys, const size_t *lens,
                                      size_t count, int *results);
/* Deletes one copy of the key's fingerprint from its block; AMQ_E_NOT_PRESENT, changing
 * nothing, if none is stored.  Remove only keys you added: removing a false positive
 * deletes another key's copy. */
AMQ_API amq_status amq_blocked_quotient_remove(amq_blocked_quotient *b, const void *key, size_t len);
AMQ_API void amq_blocked_quotient_clear(amq_blocked_quotient *b);

/* Stored fingerprints, duplicates included: exact. */
AMQ_API uint64_t amq_blocked_quotient_count(const amq_blocked_quotient *b);

AMQ_API uint64_t amq_blocked_quotient_nblocks(const amq_blocked_quotient *b);
AMQ_API uint64_t amq_blocked_quotient_q(const amq_blocked_quotient *b);
AMQ_API uint64_t amq_blocked_quotient_r(const amq_blocked_quotient *b);
AMQ_API uint64_t amq_blocked_quotient_slack(const amq_blocked_quotient *b);
AMQ_API uint64_t amq_blocked_quotient_seed(const amq_blocked_quotient *b);

/* Persistence through the common container: the stored fingerprints, re-inserted on load
 * through the kernel. */
AMQ_API amq_status amq_blocked_quotient_save(const amq_blocked_quotient *b, const char *path);
AMQ_API amq_status amq_blocked_quotient_load(amq_blocked_quotient **out, const char *path);

#endif
