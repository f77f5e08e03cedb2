/* AVX2 paths of the blocked Bloom and split-block (Parquet) filters.  Their add and query
 * (single and batched) take an AVX2 path when the CPU has AVX2, checked once at run time, and
 * the proved scalar path otherwise; both set the same bits and give the same answers
 * (tests/test_simd.c).  The scalar path can be forced: by this call, or by the environment
 * variable AMQ_SIMD=scalar, read once, at the first add or query. */
#ifndef AMQ_SIMD_H
#define AMQ_SIMD_H
#include <amq/error.h>

/* force != 0: every later add and query takes the scalar path; 0: the AVX2 path again where
 * the CPU has it (and AMQ_SIMD does not say scalar).  Takes effect for calls that start after
 * it; a filter may be filled on one path and queried on the other. */
AMQ_API void amq_simd_force_scalar(int force);

/* 1 when adds and queries take the AVX2 path, 0 when the scalar one. */
AMQ_API int amq_simd_active(void);

#endif
