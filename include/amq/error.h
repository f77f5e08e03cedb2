/* Status codes shared by every amqcert API. Each failing call also leaves a
 * human-readable message, naming the problem, in amq_last_error(). */
#ifndef AMQ_ERROR_H
#define AMQ_ERROR_H

/* Marks the functions the shared library exports; it is built with -fvisibility=hidden,
 * so everything else (kernels, helpers) stays internal. */
#ifndef AMQ_API
#if defined(__GNUC__) && !defined(__FRAMAC__)
#define AMQ_API __attribute__((visibility("default")))
#else
#define AMQ_API
#endif
#endif

typedef enum amq_status {
    AMQ_OK = 0,
    AMQ_E_INVALID_M = 1,     /* m = 0, or m not allowed for the structure  */
    AMQ_E_INVALID_K = 2,     /* k = 0, or k above AMQ_MAX_K (amq/limits.h) */
    AMQ_E_INVALID_FPR = 3,   /* target false-positive rate outside (0,1)    */
    AMQ_E_INVALID_N = 4,     /* expected item count n = 0                   */
    AMQ_E_OVERFLOW = 5,      /* a size computation would overflow           */
    AMQ_E_NOMEM = 6,         /* allocation failed                           */
    AMQ_E_MISMATCH = 7,      /* union/merge of filters whose parameters differ */
    AMQ_E_INVALID_ARG = 8,   /* any other bad argument (NULL, bad enum, ...) */
    AMQ_E_TOO_LARGE = 9,     /* parameters beyond what a routine can compute */
    AMQ_E_IO = 10,           /* open/read/write/rename failed               */
    AMQ_E_TRUNCATED = 11,    /* file shorter than its header says           */
    AMQ_E_BAD_MAGIC = 12,    /* not an amqcert file                         */
    AMQ_E_BAD_VERSION = 13,  /* unsupported format version                  */
    AMQ_E_BAD_PARAMS = 14,   /* impossible parameters stored in a file      */
    AMQ_E_SIZE_MISMATCH = 15,/* payload size does not match the parameters  */
    AMQ_E_CHECKSUM = 16,     /* XXH3 checksum does not match                */
    AMQ_E_BAD_TYPE = 17,     /* file holds another structure type           */
    AMQ_E_NOT_PRESENT = 18,  /* remove of a key the structure does not hold */
    AMQ_E_SATURATED = 19,    /* a counter is saturated: exact count unknown */
    AMQ_E_FULL = 20          /* no room for the key (full table or cluster) */
} amq_status;

/* NULL arguments: the rule of every public function (all of them are held to it).
 *   No public function dereferences a NULL pointer argument.  Where its header gives NULL a
 *   meaning (an optional output such as `achieved` or `done`, a NULL key of length 0 = the
 *   empty key, a NULL `p` for default parameters), it has that meaning; anywhere else NULL
 *   is an invalid argument, and the function answers:
 *     - amq_status: AMQ_E_INVALID_ARG, with a message in amq_last_error();
 *     - a pointer (a structure, a name, an object): NULL;
 *     - a count, size, file type, parameter value or predicate: 0; an index: -1;
 *     - a query (1 maybe present, 0 absent): -1, as for a failed external implementation;
 *       in a batch every result is -1 (no results array: nothing is written);
 *     - void: nothing is done, except that an output struct (amq_params) is zeroed when it
 *       is the only non-NULL argument; freeing NULL does nothing.
 *     - an approximation (a double): NaN.
 *   tests/test_api_null.c calls each function of the headers it lists with NULL in each
 *   pointer argument: amq/error.h, amq/filter.h, amq/filter_rate.h, amq/impl.h,
 *   amq/certified.h and amq/check_impl.h (the generic API and the checker);
 *   tests/test_api_null_spec.c does the same for the rate headers amq/spec_bloom.h,
 *   spec_quotient.h, spec_counting.h, spec_moments.h, spec_cuckoo.h, spec_window.h,
 *   spec_blocked.h and spec_omissions.h; tests/test_api_null_structs.c for the per-structure
 *   headers amq/bloom.h, counting.h, partitioned.h, split_block.h, window.h,
 *   blocked_quotient.h, counting_blocked.h, cuckoo.h, quotient.h and blocked_bloom.h.
 *   tests/test_api_null_misc.c for amq/hash.h, stats.h, parquet.h and check.h.
 *   amq_hash_indices(_from) are proved code whose contracts require their pointers; their
 *   guard lies outside the contract (dead for every call the contract allows; the proofs
 *   stay as they were), so only that test shows it.  amq/check.h's amq_kernel_* are the
 *   checkers' inner loop: they check too (a few compares beside an indirect call). */

/* Short fixed description of a status code. */
AMQ_API const char *amq_strerror(amq_status s);
/* Detailed message of the last failure in this thread ("" if none). */
AMQ_API const char *amq_last_error(void);

#endif
