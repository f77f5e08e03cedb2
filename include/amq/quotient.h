/* Key-level quotient filter (Bender et al., "Don't thrash", PVLDB 2012) over the proved
 * kernel (contract and proof: proofs/doc/quotient.md).  Every failing call returns a status, leaves a message
 * in amq_last_error(), and changes nothing.  All sizes and counts are 64-bit.
 *
 * Fingerprint.  f = the top p = q + r bits of XXH3-64(key, seed); its top q bits are the
 * quotient (the home slot), the low r bits the remainder.  The filter stores the multiset
 * of fingerprints exactly, so a query says "maybe" iff the key's fingerprint is stored and
 * the FP rate after n keys is 1 - (1 - 2^-p)^n (amq/spec_quotient.h), while no add failed.
 *
 * Table.  2^q home slots plus `slack` spill slots (amq_quotient_default_slack(q) unless
 * given), each an r-bit remainder in 1, 2, 4 or 8 bytes and 4 bits of metadata (12 bits for
 * r <= 8).  Clusters never wrap around; an add fails with AMQ_E_FULL, changing
 * nothing, when the table is full or when no slot at or after the key's home slot is free
 * (its cluster would run off the end of the slack).  With the default slack the latter is
 * vanishingly rare below ~95% load.
 *
 * Remove deletes one copy of the key's fingerprint: remove only keys you added.  Removing
 * a key that was never added but whose fingerprint is stored (a false positive) deletes
 * another key's copy, and that key then answers "no".
 *
 * NULL arguments follow the rule of amq/error.h (AMQ_E_INVALID_ARG, -1 for a query, 0 for a
 * getter or count, NaN for an estimate, nothing for clear and free); optional: achieved; amq_quotient_next needs f, it and fingerprint (0 otherwise). */
#ifndef AMQ_QUOTIENT_H
#define AMQ_QUOTIENT_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>

typedef struct amq_quotient amq_quotient;

/* The default slack: min(2^q, 10 * 2^ceil(q/2)) spill slots (1 <= q <= 63). */
AMQ_API uint64_t amq_quotient_default_slack(uint64_t q);
/* 1 <= q <= 63, r >= 1, q + r <= 64; slack amq_quotient_default_slack(q).  Tables beyond the
 * address space give AMQ_E_OVERFLOW, allocation failures AMQ_E_NOMEM. */
AMQ_API amq_status amq_quotient_create(amq_quotient **out, uint64_t q, uint64_t r, uint64_t seed);
/* The same with an explicit slack, 0 <= slack <= 2^q (at most doubling the table, so that
 * a saved file cannot announce a table beyond what its q needs; AMQ_E_INVALID_ARG above). */
AMQ_API amq_status amq_quotient_create_slack(amq_quotient **out, uint64_t q, uint64_t r, uint64_t slack,
                                     uint64_t seed);
/* The parameter check of amq_quotient_create_slack, without allocating: AMQ_OK exactly when
 * it would accept (q, r, slack) (it may still fail to allocate). */
AMQ_API amq_status amq_quotient_check_params(uint64_t q, uint64_t r, uint64_t slack);
/* Sizing for n keys at FP <= fpr: p is the smallest number of fingerprint bits whose exact
 * rate 1 - (1 - 2^-p)^n is <= fpr (certified MPFR upper bound, amq/spec_quotient.h); q is
 * the smallest with n <= 3/4 * 2^q (so the load is in (3/8, 3/4]: runs stay short, since
 * their cost grows like 1/(1 - load)^2, and there is room to grow towards the ~95% where
 * the default slack starts to run out); then p is raised to q + 1 if smaller (at least
 * one remainder bit; the rate only drops).  The certified upper bound of the rate at the
 * chosen p goes to *achieved if non-NULL.  AMQ_E_TOO_LARGE when p > 64 or q > 63 would be
 * needed.  The same as amq_quotient_size_for_load(n, fpr, 0.75, ...). */
AMQ_API amq_status amq_quotient_size_for(uint64_t n, double fpr, uint64_t *q, uint64_t *r, double *achieved);
/* The most max_load the sizing takes: a query scans ~1/(2 (1 - load)^2) slots (8 at 3/4, 200
 * at 0.95, over 550 at 0.97), and n keys at 0.97 leave next to no room to grow
 * (docs/quotient.md, "Sizing"). */
#define AMQ_QUOTIENT_MAX_LOAD 0.97
/* The same sizing for a load the caller chooses (0 < max_load <= AMQ_QUOTIENT_MAX_LOAD, else
 * AMQ_E_INVALID_ARG naming it): q is the smallest with n <= floor(max_load * 2^q) (exact for
 * every q) whose default slack n uniformly hashed keys overflow (an add refused with
 * AMQ_E_FULL) with probability at most 1e-9 by a Chernoff bound computed in double
 * (docs/quotient.md): never binding at 3/4; at 0.96 it moves q = 8, 9, 10 up by one.  A
 * policy for a build of n keys: more keys than n raise the load beyond max_load. */
AMQ_API amq_status amq_quotient_size_for_load(uint64_t n, double fpr, double max_load, uint64_t *q, uint64_t *r,
                                              double *achieved);
/* amq_quotient_create(out, q, r, seed) with the (q, r) of amq_quotient_size_for; *achieved is
 * written only on success. */
AMQ_API amq_status amq_quotient_create_for(amq_quotient **out, uint64_t n, double fpr, uint64_t seed,
                                   double *achieved);
/* The same with the (q, r) of amq_quotient_size_for_load. */
AMQ_API amq_status amq_quotient_create_for_load(amq_quotient **out, uint64_t n, double fpr, double max_load,
                                                uint64_t seed, double *achieved);
AMQ_API void amq_quotient_free(amq_quotient *f);

/* AMQ_E_FULL (nothing changed) when there is no room for the key (see above). */
AMQ_API amq_status amq_quotient_add(amq_quotient *f, const void *key, size_t len);
/* 1: maybe present, 0: definitely absent; -1 for a NULL filter, or a NULL key with len > 0. */
AMQ_API int amq_quotient_query(const amq_quotient *f, const void *key, size_t len);
/* Deletes one copy of the key's fingerprint; AMQ_E_NOT_PRESENT (nothing changed) if none. */
AMQ_API amq_status amq_quotient_remove(amq_quotient *f, const void *key, size_t len);
AMQ_API void amq_quotient_clear(amq_quotient *f);

/* The key's fingerprint (top p bits of XXH3-64 with the seed). */
AMQ_API uint64_t amq_quotient_fingerprint(const amq_quotient *f, const void *key, size_t len);
/* Stored fingerprints, copies included (exact). */
AMQ_API uint64_t amq_quotient_count(const amq_quotient *f);
/* count / 2^q (the slack is not counted: it can exceed 1 only by spilling into it). */
AMQ_API double amq_quotient_load_factor(const amq_quotient *f);
AMQ_API uint64_t amq_quotient_q(const amq_quotient *f);
AMQ_API uint64_t amq_quotient_r(const amq_quotient *f);
AMQ_API uint64_t amq_quotient_p(const amq_quotient *f);      /* q + r */
AMQ_API uint64_t amq_quotient_slack(const amq_quotient *f);
AMQ_API uint64_t amq_quotient_nslots(const amq_quotient *f); /* 2^q + slack */
AMQ_API uint64_t amq_quotient_seed(const amq_quotient *f);

/* Iteration over the stored fingerprints in increasing order, copies included:
 *   amq_quotient_iter it; amq_quotient_iter_init(&it);
 *   while (amq_quotient_next(f, &it, &fp)) ...
 * The filter must not change during an iteration. */
typedef struct amq_quotient_iter {
    uint64_t slot, quot; /* next slot to look at; quotient of the element before it */
} amq_quotient_iter;
AMQ_API void amq_quotient_iter_init(amq_quotient_iter *it);
AMQ_API int amq_quotient_next(const amq_quotient *f, amq_quotient_iter *it, uint64_t *fingerprint);

/* dst += src (multiset union).  Needs equal p and seed (AMQ_E_MISMATCH); q may differ
 * (fingerprints are re-split for dst).  Atomic: src's fingerprints go into a copy of
 * dst's table that replaces it only if all fit; otherwise AMQ_E_FULL and dst unchanged. */
AMQ_API amq_status amq_quotient_merge(amq_quotient *dst, const amq_quotient *src);
/* Doubles the home slots keeping p: q + 1, r - 1 (each fingerprint's top remainder bit
 * moves into its quotient), slack max(slack, amq_quotient_default_slack(q + 1)).  The stored
 * fingerprints, hence every answer and the rate 1 - (1 - 2^-p)^n, are unchanged; the
 * load factor halves.  Refused (AMQ_E_INVALID_ARG) when r = 1.  Atomic like merge.
 * Growing while keeping r (q + 1, p + 1) is NOT possible: the extra fingerprint bit of
 * each stored key is not in the table, only in the original keys, so rebuild from them. */
AMQ_API amq_status amq_quotient_resize(amq_quotient *f);

/* Persistence (docs/files.md, type AMQ_TYPE_QUOTIENT): parameters q, r, slack, seed,
 * count; payload the count stored fingerprints in increasing order (u64 each).  Loading
 * validates the parameters (slack <= 2^q) before allocating, lays the fingerprints out in
 * one linear pass, checks the table invariant and reads the table back through the
 * kernel's iteration; a corrupt file is refused with a message naming the problem. */
AMQ_API amq_status amq_quotient_save(const amq_quotient *f, const char *path);
AMQ_API amq_status amq_quotient_load(amq_quotient **out, const char *path);

#endif
