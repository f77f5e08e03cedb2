/* GMP and MPFR allocation failures: GMP's manual (Custom Allocation) says the allocation
 * functions must not return on failure (GMP has no error path for it) and that leaving by
 * longjmp is unsafe; its default prints "Cannot allocate memory" and aborts (SIGABRT, exit
 * 134).  These functions instead print which computation ran out of memory and end the
 * process with status 1 (_exit: no half-written standard output is flushed; the commands
 * that write files write a temporary and rename it, so no file is left half-written).  The
 * computations are bounded before they start (amq/cost.h); this is the residual case, e.g.
 * under `ulimit -v`. */
#include "cli.h"
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char oom_what[160] = "amq";

static void oom_exit(size_t size)
{
    char msg[320];
    int len = snprintf(msg, sizeof msg,
                       "%s: out of memory: the big-number arithmetic (GMP/MPFR) could not allocate %zu bytes; "
                       "nothing was written\n",
                       oom_what, size);
    if (len > 0)
        (void)!write(2, msg, (size_t)len < sizeof msg ? (size_t)len : sizeof msg - 1);
    _exit(CLI_EXIT_FAIL);
}

static void *oom_alloc(size_t size)
{
    void *p = malloc(size);
    if (!p && size)
        oom_exit(size);
    return p;
}

static void *oom_realloc(void *ptr, size_t old, size_t size)
{
    (void)old;
    void *p = realloc(ptr, size);
    if (!p && size)
        oom_exit(size);
    return p;
}

static void oom_free(void *ptr, size_t size)
{
    (void)size;
    free(ptr);
}

void cli_oom_install(int argc, char **argv)
{
    /* "amq rate bloom": the command and its first argument name the computation */
    snprintf(oom_what, sizeof oom_what, "amq%s%s%s%s", argc > 1 ? " " : "", argc > 1 ? argv[1] : "",
             argc > 2 && argv[2][0] != '-' ? " " : "", argc > 2 && argv[2][0] != '-' ? argv[2] : "");
    mp_set_memory_functions(oom_alloc, oom_realloc, oom_free);
}
