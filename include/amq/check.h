/* Cross-checks of compiled kernels against the exact theory, over a generic kernel
 * descriptor: exhaustive enumeration (the exact rational probability that a query is
 * positive, over every hash outcome) and Monte Carlo with a fresh filter per trial (positives
 * exactly Binomial(T, p) under the model), judged by the exact binomial test of amq/stats.h.
 * The method, the index sources and the statistics: docs/checks.md. */
#ifndef AMQ_CHECK_H
#define AMQ_CHECK_H
#include <stddef.h>
#include <stdint.h>
#include <gmp.h>
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/stats.h>

/* ---- The descriptor of a filter's index operations (amq_ops) ----
 * What the checks drive: add, query and remove on vectors of k indices, with the state
 * they act on.  A compiled kernel plugs in here, and so does anyone's filter; the
 * descriptor itself proves nothing (amq_ops, not amq_kernel: docs/naming.md). */

/* Kernel functions of the Bloom kernel's shape: state words, alphabet m, k indices. */
typedef void (*amq_ops_add_fn)(uint64_t *state, uint64_t m, const uint64_t *idx, size_t k);
typedef int (*amq_ops_query_fn)(const uint64_t *state, uint64_t m, const uint64_t *idx, size_t k);
/* Remove one vector: 0 removed, nonzero refused (state unchanged). */
typedef int (*amq_ops_remove_fn)(uint64_t *state, uint64_t m, const uint64_t *idx, size_t k);
typedef amq_ops_add_fn amq_bloom_add_fn;
typedef amq_ops_query_fn amq_bloom_query_fn;

typedef struct amq_ops amq_ops;
struct amq_ops {
    const char *name;
    uint64_t m;         /* alphabet: every index is in [0, m)                        */
    size_t k;           /* indices per vector (one vector per key)                     */
    size_t state_words; /* state: this many uint64_t words, copyable with memcpy      */
    /* Reset the state to "empty"; NULL means: set every word to 0. */
    void (*clear)(const amq_ops *kn, uint64_t *state);
    /* Insert / query one vector of k indices; query returns nonzero for "maybe".
     * Either the direct form, called as add(state, m, idx, k) - kernels of the
     * Bloom kernel's shape plug in as they are, with no wrapper in the hot loop -
     */
    amq_ops_add_fn add;
    amq_ops_query_fn query;
    /* - or, when add / query are NULL, the contextual form, for kernels that need
     * more than m and k (counter width, block size, remainder bits, ...): */
    void (*add_ctx)(const amq_ops *kn, uint64_t *state, const uint64_t *idx);
    int (*query_ctx)(const amq_ops *kn, const uint64_t *state, const uint64_t *idx);
    const void *ctx; /* structure-specific data for the contextual callbacks */
    /* Optional removal (only the removal checks need it), in either form; both
     * NULL = the structure cannot remove. 0 removed, nonzero refused. */
    amq_ops_remove_fn remove;
    int (*remove_ctx)(const amq_ops *kn, uint64_t *state, const uint64_t *idx);
    /* Optional (NULL: the add never refuses): the counter an add callback increments when
     * it refuses a vector (a full table).  A Monte Carlo split across a team of processes
     * adds the other processes' refusals to it, so it reads as after one process. */
    uint64_t *refused;
};


/* Nonzero when kn is non-NULL and has an add and a query callback (either form). */
AMQ_API int amq_ops_valid(const amq_ops *kn);
/* Nonzero when kn is valid and also has a remove callback. */
AMQ_API int amq_ops_can_remove(const amq_ops *kn);
/* One operation through whichever form the descriptor provides.  Under the NULL rule
 * (amq/error.h) a NULL kn, state or idx, or a descriptor without the callback, does nothing
 * (clear, add), answers -1 (query) or refuses (remove: -1). */
AMQ_API void amq_ops_clear(const amq_ops *kn, uint64_t *state);
AMQ_API void amq_ops_add(const amq_ops *kn, uint64_t *state, const uint64_t *idx);
AMQ_API int amq_ops_query(const amq_ops *kn, const uint64_t *state, const uint64_t *idx);
/* remove: only when amq_ops_can_remove(kn). */
AMQ_API int amq_ops_remove(const amq_ops *kn, uint64_t *state, const uint64_t *idx);

/* Progress hook: done out of total units of work (outcomes, or trials). */
typedef void (*amq_progress_fn)(void *ctx, uint64_t done, uint64_t total);

/* ---- 1. Exhaustive enumeration ---- */

/* Largest number of outcomes the enumeration accepts (m^{k(n+1)} <= 2^32). */
#define AMQ_CHECK_ENUM_MAX (UINT64_C(1) << 32)
/* Also refused: k(n+1) > AMQ_CHECK_ENUM_MAX_DIGITS (only reachable with m = 1). */
#define AMQ_CHECK_ENUM_MAX_DIGITS 4096u

/* Number of outcomes m^{k * vectors} in *outcomes (optional: NULL only checks); AMQ_E_TOO_LARGE when it exceeds
 * AMQ_CHECK_ENUM_MAX or k * vectors exceeds AMQ_CHECK_ENUM_MAX_DIGITS, AMQ_E_INVALID_M
 * when m = 0. (The FP enumeration has vectors = n + 1, the fixed-query one n.) */
AMQ_API amq_status amq_check_enum_size(uint64_t m, uint64_t k, uint64_t vectors, uint64_t *outcomes);
/* Probability that a uniformly drawn query vector is reported positive after n
 * uniformly drawn vectors were added: positives / m^{k(n+1)}, reduced, in rop
 * (initialised by the caller). AMQ_E_TOO_LARGE when m^{k(n+1)} > 2^32.
 * progress may be NULL. */
AMQ_API amq_status amq_check_enum_fp(mpq_t rop, const amq_ops *kn, uint64_t n,
                             amq_progress_fn progress, void *ctx);
/* The same with removals: add the n vectors, remove the first r <= n of them again
 * (in order; each must succeed, else AMQ_E_NOT_PRESENT naming the outcome), then
 * query. r = 0 is amq_check_enum_fp; r > 0 needs a remove callback. */
AMQ_API amq_status amq_check_enum_fp_removals(mpq_t rop, const amq_ops *kn, uint64_t n, uint64_t r,
                                      amq_progress_fn progress, void *ctx);
/* Probability that the FIXED query vector q (k indices < m, non-NULL) is reported
 * positive after n uniformly drawn vectors were added: positives / m^{kn}. */
AMQ_API amq_status amq_check_enum_fixed(mpq_t rop, const amq_ops *kn, uint64_t n, const uint64_t *q,
                                amq_progress_fn progress, void *ctx);

/* The same for nq fixed query vectors at once (vector i is qs[i*k .. i*k+k-1]):
 * positives[i] of the *outcomes = m^{kn} insert outcomes report vector i positive.
 * outcomes may be NULL. */
AMQ_API amq_status amq_check_enum_fixed_counts(uint64_t *positives, uint64_t *outcomes,
                                       const amq_ops *kn, uint64_t n, const uint64_t *qs,
                                       size_t nq, amq_progress_fn progress, void *ctx);


/* ---- 2. Monte Carlo ---- */

/* Index source: AMQ_CHECK_RANDOM_ORACLE, or an amq_hash_strategy (0..3). */
#define AMQ_CHECK_RANDOM_ORACLE (-1)
/* Defaults of `amq check`: the seed is fixed so that runs are reproducible. */
#define AMQ_CHECK_DEFAULT_SEED UINT64_C(1)
#define AMQ_CHECK_DEFAULT_TRIALS UINT64_C(100000)

typedef struct amq_mc_config {
    uint64_t n;      /* keys inserted into each fresh filter               */
    uint64_t trials; /* independent trials, >= 1                           */
    uint64_t seed;   /* seeds the amq_rng of the run                       */
    int hash;        /* AMQ_CHECK_RANDOM_ORACLE or an amq_hash_strategy    */
    amq_progress_fn progress; /* may be NULL; called with trials done      */
    void *progress_ctx;
    uint64_t removals; /* r <= n: keys removed again before the query; r > 0
                          needs a remove callback, and a refused removal is
                          an error (AMQ_E_NOT_PRESENT)                         */
} amq_mc_config;

/* "random", or the strategy's name. */
AMQ_API const char *amq_check_hash_name(int hash);
/* Parse "random", "independent", "double", "triple", "enhanced". */
AMQ_API amq_status amq_check_hash_parse(const char *name, int *out);

/* Run the trials; *positives = number of trials whose query was positive.
 *
 * The trials are cut into blocks of AMQ_MC_BLOCK_TRIALS consecutive trials.  Block b draws
 * from the run's generator (seeded with cfg->seed) advanced by b jumps (amq_rng_jump,
 * 2^128 steps each: no block can reach the next one's numbers), and its real-hashing keys
 * continue the run's key counter from trial b * AMQ_MC_BLOCK_TRIALS.  So the outcome of a
 * block does not depend on who runs it, and a run shared by a team of processes (below)
 * counts exactly what one process counts.  (Runs of at most AMQ_MC_BLOCK_TRIALS trials are
 * one block: the plain stream of the seed.) */
#define AMQ_MC_BLOCK_TRIALS (UINT64_C(1) << 16)
AMQ_API amq_status amq_check_mc(const amq_ops *kn, const amq_mc_config *cfg, uint64_t *positives);

/* ---- Monte Carlo over a team of processes (MPI ranks, say) ----
 * A member runs the blocks b with b mod size = rank, then calls combine, which is
 * collective: every member calls it once per amq_check_mc that got past its argument
 * checks (those fail alike everywhere), in the same order.  combine replaces sums[0 ..
 * count-1] with their totals over the team, and returns the team's status: AMQ_OK when
 * every member succeeded, else the failure at the smallest fail_at (the first trial a
 * member failed at, 0 for a failure before any trial, UINT64_MAX for none; the lowest
 * rank among equals), whose amq_last_error() text it copies into msg (msg_len bytes): the
 * failure one process would have met first.  cfg->progress reports the member's own share,
 * scaled to the run's trials.  The library links no MPI; the program does (build/amq-mpi,
 * docs/mpi.md). */
typedef struct amq_mc_team {
    uint64_t rank, size; /* 0 <= rank < size                        */
    amq_status (*combine)(void *ctx, uint64_t *sums, size_t count, amq_status local, uint64_t fail_at,
                          char *msg, size_t msg_len);
    void *ctx;
} amq_mc_team;

/* Every later amq_check_mc of this process runs as this member of the team (copied); NULL:
 * alone again (the default).  Process-wide, like the rank it stands for; set it before
 * starting threads that run checks.  AMQ_E_INVALID_ARG for size 0, rank >= size or no
 * combine. */
AMQ_API amq_status amq_check_mc_set_team(const amq_mc_team *team);


typedef struct amq_check_report {
    uint64_t m, k, n, trials, seed;
    int hash;
    amq_binom_test_result test; /* positives, estimate, CI, p-value, verdict */
    uint64_t removals;          /* cfg->removals                              */
    unsigned width;             /* counter width; 0 for Bloom                 */
} amq_check_report;

/* Monte Carlo of any descriptor against the rate p: amq_check_mc, then amq_binom_test at
 * alpha (rep->width = 0).  The structure shorthands below are this with their own rate. */
AMQ_API amq_status amq_check_ops_mc(amq_check_report *rep, const amq_ops *kn, const amq_mc_config *cfg,
                               double alpha, double p);

/* The names before issue 24 (docs/naming.md), kept so that code written against them
 * still compiles.  New code uses the amq_ops names. */
#define amq_kernel            amq_ops
#define amq_kernel_add_fn     amq_ops_add_fn
#define amq_kernel_query_fn   amq_ops_query_fn
#define amq_kernel_remove_fn  amq_ops_remove_fn
#define amq_kernel_valid      amq_ops_valid
#define amq_kernel_can_remove amq_ops_can_remove
#define amq_kernel_clear      amq_ops_clear
#define amq_kernel_add        amq_ops_add
#define amq_kernel_query      amq_ops_query
#define amq_kernel_remove     amq_ops_remove
#define amq_check_kernel_mc   amq_check_ops_mc

#endif
