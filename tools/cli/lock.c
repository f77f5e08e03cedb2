/* Exclusive locks for the commands that write a file (issue 26, class 2): without them,
 * eight `amq remove` run at once each load the same file, and the last rename wins.
 *
 * The lock is flock(2) on the file that is there now, kept until the command has renamed its
 * new file over it.  The save replaces the inode (write a temporary file, rename it), so a
 * process that waited may hold the lock of a file that is gone: after locking, it checks that
 * the path still names the inode it locked, and locks again if not.  An absent file has no
 * inode: its directory is locked instead, and the path looked at again once locked.  Nothing
 * is created beside the file, so a refused command leaves the directory as it was. */
#define _DEFAULT_SOURCE /* flock(2): BSD and Linux, not in POSIX */
#include "cli.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* Blocks until fd is locked; says so on a terminal when it has to wait. */
static int lock_fd(const char *cmd, const char *path, int fd)
{
    if (flock(fd, LOCK_EX | LOCK_NB) == 0)
        return 0;
    if (errno == EWOULDBLOCK && cli_stderr_tty())
        fprintf(stderr, "amq %s: waiting for another process writing '%s'\n", cmd, path);
    while (flock(fd, LOCK_EX) != 0)
        if (errno != EINTR)
            return -1;
    return 0;
}

/* The directory that holds path: "." when path has no '/'. */
static int open_dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    size_t len = slash == path ? 1 : (size_t)(slash - path);
    char *d = malloc(len + 1);
    if (!d)
        return -1;
    memcpy(d, path, len);
    d[len] = 0;
    int fd = open(d, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    free(d);
    return fd;
}

static int same_file(const char *path, const struct stat *locked)
{
    struct stat now;
    return stat(path, &now) == 0 && now.st_dev == locked->st_dev && now.st_ino == locked->st_ino;
}

int cli_lock_for_write(const char *cmd, const char *path, cli_lock *l)
{
    l->fd = -1;
    for (int attempt = 0; attempt < 1000; attempt++) {
        struct stat sb;
        int fd = -1, by_dir = 0;
        if (stat(path, &sb) == 0) {
            if (!S_ISREG(sb.st_mode))
                return 0; /* not a file we write: the writer refuses it and names what it is */
            /* O_NONBLOCK: if it became a FIFO meanwhile, opening it must not wait for a writer */
            fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
            if (fd < 0 && errno == ENOENT)
                continue; /* removed meanwhile: look again */
            if (fd < 0 && errno != EACCES)
                return 0; /* the writer meets the same error and names it */
            if (fd >= 0 && (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode))) {
                close(fd);
                return 0;
            }
            by_dir = fd < 0; /* a file we may not read (mode 0200): its directory stands for it */
        } else if (errno == ENOENT) {
            by_dir = 1; /* absent, or a dangling link: nothing to lock but the directory */
        } else {
            return 0; /* a loop of links, a search permission: the writer names it */
        }
        if (by_dir && (fd = open_dir_of(path)) < 0)
            return 0; /* an unreadable directory cannot be locked (docs/files.md) */
        if (lock_fd(cmd, path, fd) != 0) {
            const int e = errno;
            close(fd);
            return cli_fail(cmd, "cannot lock '%s' for writing: %s; nothing was written", path, strerror(e));
        }
        struct stat now;
        const int still = by_dir ? (stat(path, &now) != 0 ? errno == ENOENT : access(path, R_OK) != 0)
                                 : same_file(path, &sb);
        if (still) {
            l->fd = fd;
            return 0;
        }
        close(fd); /* replaced, created or removed while we waited: lock what is there now */
    }
    return cli_fail(cmd, "cannot lock '%s' for writing: it keeps being replaced; nothing was written", path);
}

void cli_unlock(cli_lock *l)
{
    if (l->fd >= 0)
        close(l->fd); /* closing the only descriptor releases the flock */
    l->fd = -1;
}
