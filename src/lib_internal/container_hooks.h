/* Internal test hook of the container's save (not installed, not API): lets the tests
 * inject faults into the real save path (short writes, ENOSPC, a failed fsync) and stop
 * a child process at any step to simulate a crash between write and rename. */
#ifndef AMQ_CONTAINER_HOOKS_H
#define AMQ_CONTAINER_HOOKS_H
#include <stddef.h>

/* The system calls of one save, in the order they run. */
typedef enum amq_save_step {
    AMQ_SAVE_CREATE = 0,  /* open(O_CREAT | O_EXCL) of the temporary file            */
    AMQ_SAVE_WRITE = 1,   /* each write(2) of the temporary file (several per save)  */
    AMQ_SAVE_FSYNC = 2,   /* fsync of the temporary file                             */
    AMQ_SAVE_CLOSE = 3,   /* close of the temporary file                             */
    AMQ_SAVE_RENAME = 4,  /* rename of the temporary file over the target            */
    AMQ_SAVE_DIRSYNC = 5, /* fsync of the target's directory                         */
    AMQ_SAVE_NSTEPS = 6
} amq_save_step;

/* When non-NULL, called before each of those calls.  Returns 0 to let the call run, or an
 * errno value that the call then fails with, without running.  For AMQ_SAVE_WRITE, *len
 * (the bytes about to be written, >= 1) may be lowered to make that write short.  NULL in
 * normal use; only the tests set it (single-threaded). */
extern int (*amq_save_hook)(amq_save_step step, size_t *len);

#endif
