/* Internal: the pieces of the open checker (amq/check_impl.h) shared by its files: the
 * schedule (check_impl.c), the keys (check_keys.c) and the statistics (check_impl_stats.c). */
#ifndef AMQ_INTERNAL_CHECK_IMPL_H
#define AMQ_INTERNAL_CHECK_IMPL_H
#include <amq/check_impl.h>

/* QUERY_KEPT: after a refused add, the keys added before it (not in the schedule). */
typedef enum amq_step_kind {
    AMQ_STEP_ADD,
    AMQ_STEP_QUERY_FRESH,
    AMQ_STEP_QUERY_ADDED,
    AMQ_STEP_REMOVE,
    AMQ_STEP_QUERY_KEPT
} amq_step_kind;

/* count keys numbered first.. (numbers relative to the filter); point: the statistic a
 * fresh query counts for (load point l - 1, or L for the point after removals). */
typedef struct amq_check_step {
    amq_step_kind kind;
    uint64_t first, count;
    int point;
} amq_check_step;

/* The schedule of one filter (the same for all): at most 2 L + 4 steps. */
size_t amq_check_schedule(const amq_impl_check_config *cfg, amq_check_step *steps);
/* Keys in the filter at load point l (1..L): ceil(l n / L). */
uint64_t amq_check_load(const amq_impl_check_config *cfg, uint64_t l);
uint64_t amq_check_filter_seed(const amq_impl_check_config *cfg, uint64_t f);
/* The longest key of the formats written from a key number (not AMQ_KEYS_LIST). */
#define AMQ_CHECK_WRITTEN_KEY_MAX 32u
/* Key number rel of filter f in cfg->keys format, its length in *len: written into
 * scratch[0 .. AMQ_CHECK_WRITTEN_KEY_MAX) and returned, or for AMQ_KEYS_LIST a pointer into
 * the list (valid while it is).  The configuration must have passed the validation. */
const unsigned char *amq_check_key(const amq_impl_check_config *cfg, uint64_t f, uint64_t rel, unsigned char *scratch,
                                   size_t *len);

/* The highest factorial moment the shared design's upper-tail bound uses. */
#define AMQ_CHECK_MOMENTS AMQ_IMPL_CHECK_MOMENTS

/* Fills the points' keys and the model's rates (exact decimal, double), and for the
 * shared design moments[i * AMQ_CHECK_MOMENT_SLOTS + j] = an upper bound of E[pi^j] at
 * point i and moments[i * AMQ_CHECK_MOMENT_SLOTS + AMQ_CHECK_MOMENTS + 1 + j] a lower bound
 * (j = 1..AMQ_CHECK_MOMENTS; NaN past the last one the model can give). */
#define AMQ_CHECK_MOMENT_SLOTS (2 * (AMQ_CHECK_MOMENTS + 1))
amq_status amq_check_model_rates(const amq_impl_check_config *cfg, amq_impl_check_result *res, double *moments);
/* The estimated CPU time in ns of the moments amq_check_model_rates computes for cfg (Q > 1,
 * a model with moments; else 0), before anything runs: the structure's fp_moment_work
 * at every point and order it would compute, stopping where it would stop (a refused
 * order).  Points: the L loads, and n - R keys when cfg->removals > 0.  INFINITY when
 * E[pi^2] would be refused at a point (the check would end there). */
double amq_check_moments_work(const amq_impl_check_config *cfg);
/* From the positives among the fresh queries answered at each point: estimates, intervals,
 * p-values, Holm's verdicts, the accuracy score and the reason of a failure (a false
 * negative or the end of the check leave every point untested).  hist (may be NULL):
 * hist[i * (Q + 1) + x] = the filters with x positives among their Q fresh queries at point
 * i (filters that answered all Q). */
amq_status amq_check_verdicts(const amq_impl_check_config *cfg, amq_impl_check_result *res,
                              const uint64_t *positives, const uint64_t *queried, const double *moments,
                              const uint64_t *hist);
/* The per-filter histogram is kept while points x (Q + 1) is at most this. */
#define AMQ_CHECK_HIST_MAX (1u << 22)

/* The law of one filter's count X in [0, Q] from enclosures [mlo[j], mhi[j]] of E[pi^j],
 * j = 1..Q (check_impl_exact.c): plo[x] <= P(X = x) <= phi[x].  0 when Q exceeds
 * AMQ_CHECK_MOMENTS, a moment is missing, or the enclosures are not those of a law. */
int amq_check_count_law(const double *mlo, const double *mhi, uint64_t Q, double *plo, double *phi);
/* Certified upper bounds *up >= P(S >= s) and *down >= P(S <= s) for S the sum of F
 * independent counts whose law is at least plo[0..Q] pointwise.  0 (nothing written) when
 * the law of S would need a window wider than AMQ_CHECK_LAW_MAX values. */
#define AMQ_CHECK_LAW_MAX 4096u
int amq_check_sum_tails(const double *plo, uint64_t Q, uint64_t F, uint64_t s, double *up, double *down);
/* The dispersion test of a point (check_impl_exact.c): mo, its moments (layout above), h the
 * histogram of its F filters' counts (NULL: untested).  Fills pt->disp_*. */
void amq_check_dispersion(const amq_impl_check_config *cfg, amq_check_point *pt, const double *mo,
                          const uint64_t *h);

#endif
