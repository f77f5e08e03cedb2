/* The open checker: any implementation (amq/impl.h: amqcert's own structures, a C plugin,
 * an external process) checked against the exact theory of a declared model, a registry
 * structure at its rate parameters (amq/filter_rate.h), or against none (measure only).
 * The statistics are derived in docs/checker.md.
 *
 * The check makes F fresh filters (seed s_f each) and, for each, the same schedule of
 * operations on keys that are distinct across the whole run:
 *   for each load point l = 1..L (n_l = ceil(l n / L) keys):
 *       add the keys up to n_l, then query Q fresh keys (never added);
 *   query every added key: a single "no" is a false negative, the check fails and reports
 *       the key, its filter and its position (amq_impl_check_replay writes the operations);
 *   with R > 0 removals (implementations that delete): remove the first R keys, query the
 *       other n - R (a "no" is a false negative), and query Q fresh keys.
 * A refused add (a process of protocol version 2 answering "full", or a full table of
 * amqcert's own structures) is not an error: the filter's schedule ends there, every key
 * added before the refusal is queried, and a "no" is a false negative of the refused-insert
 * kind.  With a model, a refusal leaves the rate without a verdict (the model assumes every
 * add is done): the check does not pass.
 * False-positive rate at each point (and after the removals, against the model's rate for
 * n - R keys), with a family-wise false-alarm rate <= alpha by Holm's procedure:
 *   - Q = 1 ("fresh" design): the positives at a point are exactly Binomial(F, p), tested
 *     by the exact two-sided binomial test (amq/stats.h); intervals are Clopper-Pearson;
 *   - Q > 1 ("shared" design): the per-filter counts are independent, in [0, Q], with mean
 *     Q p and variance Q p + Q(Q-1) E[pi^2] - Q^2 p^2 from the model's second moment
 *     (amq/spec_moments.h); the p-value is the least of certified upper bounds of its tail:
 *     the exact law of the sum (when the model gives E[pi^j] for every j <= Q <= 128),
 *     Bernstein's bound, and Markov's on the factorial moments; intervals are
 *     distribution-free (Clopper-Pearson on the filters' counts, level by level), with a
 *     model or without (Hoeffding's only when the histogram of counts would be too large).
 * Dispersion (Q > 1, a model with moments): at each point, the pairs of positives within a
 * filter, summed over the filters, against their law under the model (from E[pi^j]): a
 * rate that varies between filters beyond the model fails, one-sided.  The dispersion
 * tests join the rate tests in Holm's procedure.
 * The accuracy score of the CMU 15-122 Bloom filter assignment is measured at n keys:
 * 100 x (negatives among the fresh queries) / (fresh queries), see amq_accuracy_score.
 * The same configuration gives the same operations, so the same answers from a
 * deterministic implementation. */
#ifndef AMQ_CHECK_IMPL_H
#define AMQ_CHECK_IMPL_H
#include <stdint.h>
#include <stdio.h>
#include <amq/filter.h>
#include <amq/impl.h>

/* Keys are numbered key_base + number, distinct across the run, and written in one of
 * these formats (each one-to-one, so the keys stay distinct); the default is 8 bytes, the
 * little-endian counter.  The model does not change with the format, but a hash that
 * depends on the keys' form shows. */
typedef enum amq_key_format {
    AMQ_KEYS_LE = 0,   /* 8 bytes, the counter little-endian                       */
    AMQ_KEYS_BE,       /* 8 bytes, the counter big-endian                           */
    AMQ_KEYS_RANDOM8,  /* 8 random-looking bytes (a bijective mix of the counter)   */
    AMQ_KEYS_RANDOM16, /* 16: that mix, then a second one                           */
    AMQ_KEYS_DECIMAL,  /* the counter in decimal ASCII digits (1..20 bytes)         */
    AMQ_KEYS_HEX,      /* the counter in 16 lowercase hex ASCII digits              */
    AMQ_KEYS_VARLEN,   /* 8..32 bytes: the little-endian counter and a tail of mixed
                        * bytes whose length (0..24) depends on the counter         */
    AMQ_KEYS_LIST,     /* key number i is line i + 1 of cfg->key_list (a file)      */
    AMQ_KEYS_FORMATS
} amq_key_format;
#define AMQ_IMPL_CHECK_KEY_BYTES 8u   /* the size of the default format               */
#define AMQ_IMPL_CHECK_KEY_MAX 1024u  /* the longest key: a list's (the protocol's limit) */

/* Keys read from a file, one per line (LF; a CR before it is dropped), each 1 to
 * AMQ_IMPL_CHECK_KEY_MAX bytes, all distinct: a repeated key, an empty or too long line is
 * refused with its line number.  Keys are used in order: filter f's key number rel is line
 * f * (keys per filter) + rel + 1, where a filter uses n + L Q (+ Q with removals) keys;
 * the check refuses a list shorter than the run needs.  The name is for messages. */
typedef struct amq_key_list amq_key_list;
AMQ_API amq_status amq_key_list_read(FILE *in, const char *name, amq_key_list **out);
AMQ_API uint64_t amq_key_list_count(const amq_key_list *list);
AMQ_API void amq_key_list_free(amq_key_list *list);
/* The largest Q whose counts are tested on their exact law (from E[pi^j], j <= Q); above it,
 * the bounds use E[pi^j] up to j = 24 only. */
#define AMQ_IMPL_CHECK_MOMENTS 128
/* The relative width 2^-bits of the moments' enclosures the exact law is computed from (the
 * blocked models' cost limit depends on it). */
#define AMQ_IMPL_CHECK_LAW_BITS 60
/* At most this many load points. */
#define AMQ_IMPL_CHECK_MAX_LOADS 1000u

typedef struct amq_impl_check_config {
    const amq_structure *model; /* NULL: measure only (no verdict on the rate)            */
    amq_params model_params;    /* its parameters (those with AMQ_PARAM_RATE count)         */
    uint64_t n;                 /* declared keys per filter, >= 1                           */
    uint64_t loads;             /* load points L, 1..AMQ_IMPL_CHECK_MAX_LOADS, <= n          */
    uint64_t filters;           /* fresh filters F >= 1                                     */
    uint64_t queries;           /* fresh queries Q >= 1 per filter and load point           */
    uint64_t removals;          /* R <= n keys removed after the last load (0: none)         */
    uint64_t seed;              /* seeds every filter and key of the run                     */
    amq_key_format keys;        /* how keys are written (0: 8-byte little-endian counters)   */
    const amq_key_list *key_list; /* the keys of format AMQ_KEYS_LIST (else unused)        */
    double alpha;               /* family-wise false-alarm rate, 0 < alpha < 1              */
    /* may be NULL: every request the check sends, in the request form of the line protocol
     * (docs/protocol.md), from "hello" on, written before it is sent: the whole session */
    FILE *record;
    /* may be NULL: called with filters done (an amq_progress_fn of amq/check.h) */
    void (*progress)(void *ctx, uint64_t done, uint64_t total);
    void *progress_ctx;
} amq_impl_check_config;

typedef enum amq_point_verdict {
    AMQ_POINT_PASS,
    AMQ_POINT_ABOVE,   /* the rate is above the model's (rejected) */
    AMQ_POINT_BELOW,   /* the rate is below the model's (rejected) */
    AMQ_POINT_UNTESTED /* no model                                  */
} amq_point_verdict;

typedef struct amq_check_point {
    uint64_t keys;       /* keys in the filter when it was queried                          */
    int after_removals;  /* the point after the delete phase                                */
    uint64_t queries;    /* F Q fresh queries                                               */
    uint64_t positives;
    double estimate;     /* positives / queries                                             */
    char exact[32];      /* the model's rate, correctly rounded to 15 digits ("" without)    */
    double rate;         /* the model's rate (nearest double), NaN without a model           */
    double rate_lo, rate_hi; /* an enclosure of it in doubles (rounded outward)             */
    double pair;         /* E[pi^2] (upper bound) used by the shared design, else NaN         */
    double ci_lo, ci_hi; /* simultaneous interval for the rate (confidence 1 - alpha/points) */
    double p_value, log10_p_value; /* NaN without a model                                  */
    int exact_law;       /* the p-value came from the exact law of the counts (shared design) */
    double level;        /* the Holm level the p-value was compared with                    */
    amq_point_verdict verdict;
    /* The dispersion test (Q > 1 and a model with moments): D = sum over the filters of
     * C(X_f, 2), the pairs of positives within a filter, whose mean F C(Q, 2) E[pi^2] says how
     * much the rate varies between filters; one-sided, above the model's law of D.
     * disp_verdict is AMQ_POINT_UNTESTED when there is no such test. */
    uint64_t disp_pairs;
    double disp_expected;             /* F C(Q, 2) E[pi^2] (the midpoint of its enclosure)  */
    double disp_p_value, disp_log10_p_value, disp_level;
    int disp_exact_law;               /* from the exact law of D, else Bernstein's bound    */
    amq_point_verdict disp_verdict;   /* PASS, ABOVE or UNTESTED                             */
} amq_check_point;

typedef struct amq_impl_check_result {
    int shared;               /* design: 0 fresh (Q = 1), 1 shared (Q > 1)                  */
    size_t tests;             /* rate and dispersion tests in Holm's family                */
    size_t npoints;
    amq_check_point *points;  /* L load points, then the point after removals if R > 0      */
    /* the first false negative, if any */
    int false_negative;
    uint64_t fn_filter, fn_seed, fn_key_number, fn_ops;
    int fn_after_removals;
    unsigned char fn_key[AMQ_IMPL_CHECK_KEY_MAX];
    size_t fn_key_len;
    uint64_t fn_record_bytes; /* the record (cfg->record) through the query answered "no"  */
    int fn_after_refusal;     /* the key was added before a refused add, and lost there    */
    /* refused adds: filters whose schedule ended at one, the first of them (its filter, the
     * key refused, the adds done before it), and the queries of keys added before refusals */
    uint64_t refused_filters, refusal_filter, refusal_key_number, refusal_adds, kept_queries;
    /* the implementation failed (crash, hang, malformed reply, error, refused add or remove):
     * the check ended there, and everything above counts what was answered before */
    int ended;
    uint64_t end_filter, end_ops, end_adds; /* its filter, operation number on it, adds before */
    uint64_t end_record_bytes;               /* the record through the request that failed   */
    char error[1024];                        /* the failure, with its filter and adds          */
    uint64_t filters_done;    /* filters whose whole schedule ran                           */
    uint64_t added_queries;   /* queries of added keys answered                             */
    /* accuracy score at n keys (CMU 15-122) */
    uint64_t acc_negatives, acc_queries;
    int accuracy;             /* 0..100                                                     */
    double accuracy_model;    /* 100 (1 - p), NaN without a model                           */
    int pass;
    char reason[2048];        /* why it failed ("" when it passed)                          */
    char describe[256];       /* one line about the implementation's first filter          */
} amq_impl_check_result;

/* Runs the check.  A false negative or a rate off the model is a verdict (res->pass = 0,
 * res->reason), not an error.  A failure of the implementation itself (crash, hang,
 * malformed reply, refused add or remove) ends the check with that status and message (in
 * res->error too, naming the filter and the adds before it); res then still holds a
 * complete report of what was answered before: the counts so far, a false negative found
 * before the failure (which stays in res->reason, first), res->ended = 1, res->pass = 0.
 * res is always initialised (points NULL when the configuration was refused): free it with
 * amq_impl_check_result_free in every case. */
AMQ_API amq_status amq_impl_check(amq_impl *impl, const amq_impl_check_config *cfg, amq_impl_check_result *res);
AMQ_API void amq_impl_check_result_free(amq_impl_check_result *res);
/* Refuses a configuration the check cannot run (AMQ_E_INVALID_N, AMQ_E_INVALID_ARG,
 * AMQ_E_TOO_LARGE, with a message naming the setting): what amq_impl_check refuses before
 * it sends anything, so a caller can refuse it before it starts an implementation.  The
 * removals are checked against n only (not against the implementation). */
AMQ_API amq_status amq_impl_check_validate(const amq_impl_check_config *cfg);
/* The keys one filter of the run uses: n + L Q, plus Q with removals (a key list must hold
 * F times as many). */
AMQ_API uint64_t amq_impl_check_keys_per_filter(const amq_impl_check_config *cfg);

/* The operations the check sends to filter number f (0-based), in the request form of the
 * line protocol (docs/protocol.md), one per line, through operation number upto (1-based;
 * 0: all of them): "new SEED", "add HEX", "query HEX", "remove HEX". */
AMQ_API amq_status amq_impl_check_replay(const amq_impl_check_config *cfg, uint64_t f, uint64_t upto, FILE *out);

/* The name of a key format ("le", "be", "random8", "random16", "decimal", "hex", "varlen"),
 * and the format of a name (AMQ_E_INVALID_ARG, naming the formats, when there is none). */
AMQ_API const char *amq_key_format_name(amq_key_format k);
AMQ_API amq_status amq_key_format_parse(const char *name, amq_key_format *out);

/* The accuracy score of the CMU 15-122 assignment from `negatives` true negatives among
 * `queries` fresh queries: 0 when every answer is "maybe" (negatives = 0), 100 when every
 * answer is right (negatives = queries), otherwise floor(100 negatives / queries) kept
 * within 1..99.  queries = 0 gives 0. */
AMQ_API int amq_accuracy_score(uint64_t negatives, uint64_t queries);

#endif
