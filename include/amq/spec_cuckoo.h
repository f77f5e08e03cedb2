/* Cuckoo filter rates (partial-key cuckoo hashing, Fan et al., CoNEXT 2014), on the kernel's
 * own alternate-bucket map.  Geometry: nb >= 1 buckets of b in {2, 4, 8} slots, f-bit
 * fingerprints, 2 <= f <= 32, M = 2^f - 1 nonzero fingerprint values, N = nb M.
 *
 * Model: a key's first bucket is uniform on nb and its fingerprint uniform on the M nonzero
 * values, independently.  A fresh key (j, y) answers "maybe" iff y is in bucket j or in
 * alt(j, y); alt(., y) is an involution, so its orbits ({j, alt(j, y)}, one or two buckets)
 * partition the buckets, and a stored key with fingerprint y sits somewhere in its orbit
 * whatever the kicks did.  So the state's rate is that of the set of stored keys, and after
 * n keys, every one stored (no insert refused), it is exactly
 *
 *   C(n) = 1 - [T (1 - 1/N)^n + (N - T) (1 - 2/N)^n] / N,
 *
 * T the pairs (j, y) with alt(j, y) = j: M for odd nb, 2^f - 2 for even nb (the kernel's
 * hash has the parity of y's bit count).  It does not depend on b: b sets the capacity
 * nb b.  A refused insert stores nothing, so refusals only lower the rate.  Derivation,
 * the bound and the load model: docs/rates-cuckoo.md. */
#ifndef AMQ_SPEC_CUCKOO_H
#define AMQ_SPEC_CUCKOO_H
#include <stddef.h>
#include <stdint.h>
#include <amq/certified.h>
#include <amq/cuckoo.h>

/* Every routine here checks the geometry with amq_cuckoo_check_geometry (amq/cuckoo.h). */
/* T above: pairs (bucket j, fingerprint y) with alt(j, y) = j (geometry unchecked; f <= 32). */
AMQ_API uint64_t amq_cuckoo_fixed_pairs(uint64_t nb, uint64_t f);

/* C(n), a reduced rational.  Edge case n = 0 -> 0.  AMQ_E_TOO_LARGE beyond the exact-fraction
 * limit of amq/cost.h (the denominator N^(n+1)). */
AMQ_API amq_status amq_cuckoo_fp_exact(mpq_t rop, uint64_t nb, uint64_t b, uint64_t f, uint64_t n);
/* Certified enclosure of C(n) for every n < 2^64 (no cancellation: relative width about
 * 2^-prec).  AMQ_E_INVALID_ARG for prec out of MPFR's range. */
AMQ_API amq_status amq_cuckoo_fp_enclose(mpfr_t lo, mpfr_t hi, mpfr_prec_t prec, uint64_t nb, uint64_t b, uint64_t f,
                                         uint64_t n);
/* Correctly rounded decimal of C(n) (format: amq/certified.h). */
AMQ_API amq_status amq_cuckoo_fp_decimal(char **out, uint64_t nb, uint64_t b, uint64_t f, uint64_t n, int digits,
                                         mpfr_t lo_out, mpfr_t hi_out);

/* Fan et al.'s bound, zero excluded: 1 - (1 - 1/M)^(2b), exact and reduced.  C(n) is at
 * most this for every n <= nb b (a table holds at most nb b keys); beyond, AMQ_E_INVALID_ARG. */
AMQ_API amq_status amq_cuckoo_fp_bound_fan(mpq_t rop, uint64_t nb, uint64_t b, uint64_t f, uint64_t n);
/* The load model: at load a = n / (nb b), each of the 2b slots of a fresh key's two buckets
 * holds, independently, a uniform nonzero fingerprint with probability a:
 * 1 - (1 - a/M)^(2b), exact and reduced, for n <= nb b (AMQ_E_INVALID_ARG beyond). */
AMQ_API amq_status amq_cuckoo_fp_load_model(mpq_t rop, uint64_t nb, uint64_t b, uint64_t f, uint64_t n);
/* APPROXIMATIONS (double, labelled): the load model, and 1 - e^(-2n/N). */
AMQ_API double amq_cuckoo_fp_approx_load(uint64_t nb, uint64_t b, uint64_t f, uint64_t n);
AMQ_API double amq_cuckoo_fp_approx_exp(uint64_t nb, uint64_t b, uint64_t f, uint64_t n);

/* The exact rate of a table: the share of the N pairs (j, y) whose y is in bucket j or
 * alt(j, y).  words: the packed table (slot s = j b + t at bits s f .. s f + f - 1, bit p in
 * word p / 64; 0 = empty), amq_cuckoo_table_words(nb, b, f) words.  Linear in the table,
 * no allocation. */
AMQ_API amq_status amq_cuckoo_fp_state_table(mpq_t rop, const uint64_t *words, uint64_t nb, uint64_t b, uint64_t f);

/* E[pi^j], the chance that j fresh keys all answer "maybe" after n keys (pi: the rate of one
 * random table of the model; j = 1 is C(n)), under the model of C(n): every key's pair uniform
 * and independent, all n stored.  The keys pick orbits (T of one pair, (N - T)/2 of two); with
 * s1, s2 the distinct ones of each kind the j fresh keys pick, whose law is counted exactly,
 * all of them are hit by the n stored keys with a probability by inclusion-exclusion over the
 * orbits missed (derivation: spec/cuckoo_moments.c, docs/rates-cuckoo.md).  Enclosed with
 * relative width 2^-bits (MPFI, outward rounding, the precision raised until it is).  Every
 * geometry, n < 2^64 and j <= AMQ_CUCKOO_MOMENT_MAX_J whose estimated CPU time (about j^3
 * interval operations; docs/cost-limits.md) is within AMQ_CUCKOO_MOMENT_MAX_NS ns (4 s; it was 8
 * s, and j = 128 at nb = 2^40 - 1, f = 32, n = 10^6 took 3.6 s of CPU: issue 26);
 * AMQ_E_TOO_LARGE beyond, before any big-number work.  n = 0 -> 0. */
#define AMQ_CUCKOO_MOMENT_MAX_J 128
#define AMQ_CUCKOO_MOMENT_MAX_NS 4e9
AMQ_API amq_status amq_cuckoo_fp_moment_enclose(mpfr_t lo, mpfr_t hi, int bits, uint64_t nb, uint64_t b, uint64_t f,
                                                uint64_t n, uint64_t j);

/* ---- Exhaustive enumeration of the kernel (tiny parameters) ----
 * Every outcome of n keys: first bucket, fingerprint and `kicks` kick choices (each < b) per
 * key, (nb M b^kicks)^n outcomes, inserted in order into an empty table.  For each outcome:
 * R_state, the rate of the table by the kernel's query over all N pairs; R_stored, the rate
 * of the set of keys whose insert succeeded (from their hashes alone); R_all, that of all n
 * keys.  The kernel's theorems make R_state = R_stored for every outcome; E[R_all] = C(n) is
 * algebra.  So E[R_state] + E[R_all - R_stored] = C(n) exactly, and E[R_state] = C(n) where
 * no insert can be refused (n <= b). */
typedef int (*amq_cuckoo_insert_fn)(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp,
                                    const uint64_t *kicks, size_t nk);
typedef struct amq_cuckoo_enum_result {
    uint64_t outcomes;   /* (nb M b^kicks)^n */
    uint64_t refused;    /* outcomes in which an insert returned nonzero (refused) */
    uint64_t kicked;     /* outcomes in which an insert found both buckets full and succeeded */
    uint64_t mismatched; /* outcomes whose table answers some pair unlike the stored keys */
} amq_cuckoo_enum_result;
/* At most this many outcomes times (N + n) pair tests (AMQ_E_TOO_LARGE beyond, before any work). */
#define AMQ_CUCKOO_ENUM_MAX_WORK ((uint64_t)1 << 28)
/* state = E[R_state], loss = E[R_all - R_stored] (reduced; initialised by the caller).
 * insert: the kernel's insert when NULL, or a stand-in with its signature (planted bugs).
 * AMQ_E_INVALID_ARG for a bad geometry or kicks > 500. */
AMQ_API amq_status amq_cuckoo_enum_fp(amq_cuckoo_enum_result *res, mpq_t state, mpq_t loss, uint64_t nb, uint64_t b,
                                      uint64_t f, uint64_t kicks, uint64_t n, amq_cuckoo_insert_fn insert);

#endif
