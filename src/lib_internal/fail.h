/* Internal: recording a failure (every public call that fails leaves its message for
 * amq_last_error(); see amq/error.h). */
#ifndef AMQ_INTERNAL_FAIL_H
#define AMQ_INTERNAL_FAIL_H
#include <amq/error.h>

/* Record a failure message for this thread and return s (for `return amq_fail(...)`). */
amq_status amq_fail(amq_status s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A 64-bit count as the argument of a %llu in a message (one definition for every file). */
#define ULL(x) ((unsigned long long)(x))

#endif
