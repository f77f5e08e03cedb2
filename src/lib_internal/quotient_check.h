/* Internal: the quotient filter's cross-check descriptor and test hooks (not installed). */
#ifndef AMQ_INTERNAL_QUOTIENT_CHECK_H
#define AMQ_INTERNAL_QUOTIENT_CHECK_H
#include <amq/check.h>
#include <amq/quotient.h>
#include <lib_internal/quotient_kernel.h>

/* The kernel's view of the table (for amq_quotient_kernel_check_invariant and tests). */
const amq_qf *amq_quotient_table(const amq_quotient *f);

/* Bytes of the compact slot store (lib_internal/quotient_slots.h) of n slots with r-bit
 * remainders (1 <= r <= 64, n <= AMQ_QUOTIENT_SLOTS_MAX): its remainder and metadata words. */
uint64_t amq_quotient_store_bytes(uint64_t r, uint64_t n);

/* ---- kernel descriptor for the cross-checks (amq/check.h) ----
 * The real kernel on one table of 2^q home slots + slack, r-bit remainders (q + r <= 63).
 * A key is ONE digit over 2^p: its fingerprint (quotient, then remainder).  With the
 * checks' real hashing (amq_check_mc, hash = AMQ_HASH_INDEPENDENT) that digit is the top
 * p bits of XXH3-64 of the key: exactly amq_quotient_fingerprint.  Adds the kernel refuses
 * are counted in g->failed (the rate is exact only while it stays 0; slack >= n - 1
 * guarantees that).  query / insert / remove NULL select the kernel's functions; tests
 * plant broken ones.  The descriptor keeps a pointer to *g (kn->ctx): g must outlive it. */
typedef int (*amq_qf_query_fn)(const amq_qf *qf, uint64_t fq, uint64_t fr);
typedef int (*amq_qf_update_fn)(amq_qf *qf, uint64_t fq, uint64_t fr);
typedef struct amq_quotient_geom {
    uint64_t q, r, slack;
    amq_qf_query_fn query;
    amq_qf_update_fn insert, remove;
    const char *name; /* NULL: "quotient" */
    uint64_t failed;  /* out: refused adds since amq_ops_quotient */
} amq_quotient_geom;
amq_status amq_ops_quotient(amq_ops *out, amq_quotient_geom *g);

/* Exhaustive enumeration: the FP rate after n adds and `removals` removals (of the first
 * inserted fingerprints) over all (2^p)^(n+1) outcomes, to compare with
 * amq_quotient_fp_exact(p, n - removals).  g->failed counts refused adds. */
amq_status amq_check_quotient_enum_fp(mpq_t rop, amq_quotient_geom *g, uint64_t n, uint64_t removals);
/* Monte Carlo against 1 - (1 - 2^-p)^(n - removals) (amq_check_mc, amq_binom_test).
 * rep->m is 2^p, rep->k 1. */
amq_status amq_check_quotient_mc(amq_check_report *rep, amq_quotient_geom *g, const amq_mc_config *cfg,
                                 double alpha);

#endif
