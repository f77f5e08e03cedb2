/* The rates and the cross-check models of every structure, through the registry
 * (amq/filter.h).  "Exact" is a reduced rational, an enclosure is certified by directed
 * rounding, a decimal is correctly rounded from one of them; the approximations are plain
 * doubles and labelled so.  Parameters that the rate does not depend on (those without
 * AMQ_PARAM_RATE) are ignored. */
#ifndef AMQ_FILTER_RATE_H
#define AMQ_FILTER_RATE_H
#include <amq/certified.h>
#include <amq/check.h>
#include <amq/filter.h>

/* False-positive rate after n distinct keys: exact, enclosed at precision prec, or as a
 * correctly rounded decimal of `digits` significant digits (lo/hi, may be NULL, receive an
 * enclosure rounded outward).  AMQ_E_TOO_LARGE beyond what the structure's routine can
 * compute, with the limit in amq_last_error(). */
AMQ_API amq_status amq_structure_fp_exact(mpq_t rop, const amq_structure *s, const amq_params *p, uint64_t n);
AMQ_API amq_status amq_structure_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, const amq_structure *s,
                                            const amq_params *p, uint64_t n);
AMQ_API amq_status amq_structure_fp_decimal(char **out, const amq_structure *s, const amq_params *p, uint64_t n,
                                            int digits, mpfr_t lo, mpfr_t hi);
/* The moments E[pi^j] of the rate after n keys (pi: the chance that a fresh key tests
 * positive in a filter's state): the probability that j fresh keys all test positive
 * (amq/spec_moments.h), j >= 1, enclosed with relative width at most 2^-bits; j = 1 is
 * the rate itself.  AMQ_E_INVALID_ARG when the structure's moments are not known
 * (amq_structure_has_fp_moments() = 0), AMQ_E_TOO_LARGE beyond the routine's limits. */
AMQ_API int amq_structure_has_fp_moments(const amq_structure *s);
AMQ_API amq_status amq_structure_fp_moment_enclose(mpfr_t lo, mpfr_t hi, int bits, const amq_structure *s,
                                                   const amq_params *p, uint64_t n, uint64_t j);
/* The textbook approximations of the structure (plain double, APPROXIMATIONS). */
AMQ_API size_t amq_structure_napprox(const amq_structure *s);
AMQ_API const char *amq_structure_approx_name(const amq_structure *s, size_t i);
AMQ_API double amq_structure_fp_approx(const amq_structure *s, size_t i, const amq_params *p, uint64_t n);
/* Exact upper bounds from the literature, each with its hypothesis: rop receives the bound
 * (a reduced rational) when the hypothesis holds for p and n, AMQ_E_INVALID_ARG otherwise. */
AMQ_API size_t amq_structure_nbounds(const amq_structure *s);
AMQ_API const char *amq_structure_bound_name(const amq_structure *s, size_t i);
AMQ_API const char *amq_structure_bound_hypothesis(const amq_structure *s, size_t i);
AMQ_API amq_status amq_structure_fp_bound(mpq_t rop, const amq_structure *s, size_t i, const amq_params *p, uint64_t n);
/* A sentence explaining an edge case whose value is known without computing it (k = 0,
 * n = 0, m = 1, ...), or that n is beyond the keys any filter of the parameters holds (the
 * structure's capacity: its adds beyond are refused), or NULL.  The text stays valid until
 * the next call in the same thread. */
AMQ_API const char *amq_structure_fp_note(const amq_structure *s, const amq_params *p, uint64_t n);
/* What the rate is after n adds and r removals, and when it holds (NULL: no removals). */
AMQ_API const char *amq_structure_removal_note(const amq_structure *s);

/* The probability that a fresh key is reported present by this filter as it is now (its
 * set bits, counters or stored fingerprints), under the uniform-hash model: exact. */
AMQ_API amq_status amq_filter_fp_state(mpq_t rop, const amq_filter *f);

/* The structure's real compiled kernel as a cross-check descriptor (amq/check.h) at the
 * given parameters: for exhaustive enumeration and Monte Carlo. */
typedef struct amq_model amq_model;
AMQ_API amq_status amq_model_create(amq_model **out, const amq_structure *s, const amq_params *p);
AMQ_API const amq_ops *amq_model_ops(const amq_model *m);
/* Adds the kernel refused since the model was created (table structures; 0 otherwise): the
 * rate is exact only while this is 0. */
AMQ_API uint64_t amq_model_refused(const amq_model *m);
AMQ_API void amq_model_free(amq_model *m);
/* The CPU time of one index operation of s's model kernel in a Monte Carlo run, relative to
 * the Bloom kernel's (1.0; about 3 ns here): measured per structure, for the work estimates
 * that refuse long runs before they start (docs/cost-limits.md).  0 for NULL. */
AMQ_API double amq_structure_work_weight(const amq_structure *s);

/* The names before issue 24 (docs/naming.md), kept so that code written against them
 * still compiles.  New code uses the amq_model_ops names. */
#define amq_model_kernel amq_model_ops

#endif
