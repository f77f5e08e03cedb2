/* Peak resident memory of one command, measured so that the bench's own memory does not count.
 *
 * Linux gives a process, as its ru_maxrss, at least the high-water mark of the memory it held when
 * it called exec (exec_mmap -> setmax_mm_hiwater_rss of the old mm).  A child forked from the
 * bench holds a copy of the bench (hundreds of MiB after the large sections), so whatever it execs
 * reads that figure; vfork and posix_spawn record the bench's own mm, so they do not help.  Hence
 * two steps: the bench's child executes the bench binary again as a small spawner (`bench
 * --peak-rss FD COMMAND ARG...`), and the spawner, a fresh image, forks and execs the command and
 * writes the command's ru_maxrss to FD, with its own resident high-water mark (VmHWM) when it
 * forked: the floor that the command's figure includes whatever the command does.  A figure at
 * that floor measured nothing. */
#define _GNU_SOURCE /* wait4: the one child's rusage; pipe2 */
#include "bench.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define RESULT_FD 3
#define MAX_ARGS 30

/* This process's resident high-water mark in KiB, from /proc/self/status (-1 if unreadable). */
static long own_vmhwm_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib;
}

int bench_peak_rss_main(int argc, char **argv)
{
    char *end = NULL;
    const long fd = argc > 3 ? strtol(argv[2], &end, 10) : -1;
    if (argc < 4 || *end || fd != RESULT_FD) {
        fprintf(stderr, "bench --peak-rss: the bench runs this itself: bench --peak-rss %d COMMAND [ARG...]; "
                        "given %d argument(s)\n", RESULT_FD, argc - 1);
        return 2;
    }
    const long floor_kib = own_vmhwm_kib();
    const pid_t pid = fork();
    if (pid < 0)
        return 127;
    if (pid == 0) {
        close(RESULT_FD);
        execv(argv[3], argv + 3);
        _exit(127);
    }
    int st;
    struct rusage ru;
    if (wait4(pid, &st, 0, &ru) != pid)
        return 127;
    if (dprintf(RESULT_FD, "%ld %ld\n", ru.ru_maxrss, floor_kib) < 0)
        return 127;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* In the bench's child: stdin from `in`, stdout and stderr to /dev/null, the pipe's write end as
 * RESULT_FD, then the bench binary again as the spawner of `cmd`.  Returns only on failure. */
static void exec_spawner(char *const cmd[], const char *in, int result_write)
{
    char fd_arg[] = {'0' + RESULT_FD, '\0'}, self[] = "/proc/self/exe", mode[] = "--peak-rss";
    char *argv[MAX_ARGS + 4] = {self, mode, fd_arg};
    int n = 0;
    while (cmd[n] && n < MAX_ARGS) {
        argv[3 + n] = cmd[n];
        n++;
    }
    argv[3 + n] = NULL;
    const int input = open(in, O_RDONLY | O_CLOEXEC), null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    const int w = fcntl(result_write, F_DUPFD_CLOEXEC, 10); /* out of the way of 0-3 */
    if (cmd[n] || input < 0 || null < 0 || w < 0 || dup2(input, 0) < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0 ||
        dup2(w, RESULT_FD) < 0)
        return;
    execv(self, argv);
}

long bench_peak_rss_kib(char *const cmd[], const char *in, long *floor_kib)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0)
        return -1;
    const pid_t pid = fork();
    if (pid == 0) {
        exec_spawner(cmd, in, p[1]);
        _exit(127);
    }
    close(p[1]);
    int st = 0;
    const int waited = pid > 0 && waitpid(pid, &st, 0) == pid;
    char buf[64] = {0};
    ssize_t got;
    do
        got = read(p[0], buf, sizeof buf - 1);
    while (got < 0 && errno == EINTR);
    close(p[0]);
    long peak = -1, floor = -1;
    if (!waited || !WIFEXITED(st) || WEXITSTATUS(st) != 0 || got <= 0 || sscanf(buf, "%ld %ld", &peak, &floor) != 2)
        return -1;
    *floor_kib = floor;
    return peak; /* KiB on Linux */
}
