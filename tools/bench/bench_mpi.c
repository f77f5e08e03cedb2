/* The Monte Carlo shared by MPI ranks (build/amq-mpi, docs/mpi.md): wall time of one
 * `amq check` with build/amq, then under mpirun on 1, 2 and 4 ranks (4 oversubscribed when
 * the machine has fewer cores), the speed-up over 1 rank, and whether every run printed
 * the same report (it must).  The times include mpirun's start-up, about half a second
 * here; the CPU time (all processes) shows the work being split rather than repeated,
 * also when other jobs share the cores and the wall time cannot drop.  Figures only: nothing here asserts.  Skipped, saying why, without MPI. */
#include "bench.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* CPU seconds (user + system) of the waited-for children and their descendants. */
static double children_cpu(void)
{
    struct rusage u;
    getrusage(RUSAGE_CHILDREN, &u);
    return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + 1e-6 * (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

/* Runs cmd, its stdout into out; returns the wall time in seconds (-1 on failure) and the
 * CPU time of all its processes in *cpu. */
static double timed(const char *cmd, char *out, size_t len, double *cpu)
{
    const double t0 = bench_now(), c0 = children_cpu();
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    size_t n = fread(out, 1, len - 1, p);
    out[n] = 0;
    const int rc = pclose(p);
    *cpu = children_cpu() - c0;
    return rc == 0 ? bench_now() - t0 : -1;
}

void bench_mpi(void)
{
    const char *build = getenv("AMQ_BUILD") ? getenv("AMQ_BUILD") : "build";
    char amq[512], amq_mpi[512];
    snprintf(amq, sizeof amq, "%s/amq", build);
    snprintf(amq_mpi, sizeof amq_mpi, "%s/amq-mpi", build);
    printf("Monte Carlo over MPI ranks (amq check; same report on every rank count)\n");
    if (access(amq_mpi, X_OK) != 0 || system("command -v mpirun > /dev/null 2>&1") != 0) {
        printf("  skipped: %s\n\n", access(amq_mpi, X_OK) != 0 ? "no build/amq-mpi (needs mpicc: sh tools/deps.sh mpi; make MPI=1)"
                                                             : "mpirun is not on PATH");
        return;
    }
    const int quick = getenv("AMQ_BENCH_QUICK") != NULL;
    char args[256];
    snprintf(args, sizeof args, "check bloom -m 4096 -k 7 -n 400 --trials %s --json", quick ? "200000" : "2000000");
    const char *root = geteuid() == 0 ? "--allow-run-as-root " : "";
    static char ref[8192], out[8192];
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s %s", amq, args);
    double cpu = 0;
    const double plain = timed(cmd, ref, sizeof ref, &cpu);
    printf("  amq %s\n  %ld cores online\n", args, sysconf(_SC_NPROCESSORS_ONLN));
    if (plain < 0) {
        printf("  build/amq failed\n\n");
        return;
    }
    printf("  build/amq          %7.2f s wall %7.2f s CPU\n", plain, cpu);
    double one = 0;
    for (int np = 1; np <= 4; np *= 2) {
        snprintf(cmd, sizeof cmd, "mpirun %s--oversubscribe -np %d %s %s", root, np, amq_mpi, args);
        const double t = timed(cmd, out, sizeof out, &cpu);
        if (t < 0) {
            printf("  mpirun -np %d       failed\n", np);
            continue;
        }
        if (np == 1)
            one = t;
        printf("  mpirun -np %d       %7.2f s wall %7.2f s CPU   speed-up %.2f over 1 rank   report %s\n", np, t, cpu,
               one > 0 ? one / t : 0, strcmp(out, ref) == 0 ? "identical" : "DIFFERS");
    }
    printf("\n");
}
