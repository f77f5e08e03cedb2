/* build/amq-mpi: the CLI with its Monte Carlo shared by the MPI ranks (docs/mpi.md).
 *
 * `check` and `strategies` run on every rank as one team (amq_check_mc_set_team): each
 * rank runs its blocks of trials, and combine sums the counts over MPI_COMM_WORLD, so
 * every rank ends with the totals one process would have, and the same verdict and exit
 * status.  Only rank 0 prints: the others write to /dev/null.  Any other command runs on
 * rank 0 alone (they would only repeat it, and race on the files it writes). */
#include "../cli.h"
#include <amq/check.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int rank, size;

/* MPI's default error handler aborts the job on a communication failure, so the calls
 * below do not return errors. */
static amq_status combine(void *ctx, uint64_t *sums, size_t count, amq_status local, uint64_t fail_at, char *msg,
                          size_t msg_len)
{
    (void)ctx;
    MPI_Allreduce(MPI_IN_PLACE, sums, (int)count, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    /* The failure one process would meet first: the smallest trial, then the lowest rank. */
    uint64_t mine = UINT64_MAX, first;
    if (local != AMQ_OK)
        mine = fail_at == UINT64_MAX ? UINT64_MAX - 1 : fail_at;
    MPI_Allreduce(&mine, &first, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    if (first == UINT64_MAX)
        return AMQ_OK;
    int candidate = mine == first ? rank : size, who;
    MPI_Allreduce(&candidate, &who, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    int st = (int)local;
    char text[512] = "";
    if (rank == who)
        snprintf(text, sizeof text, "%s", amq_last_error());
    MPI_Bcast(&st, 1, MPI_INT, who, MPI_COMM_WORLD);
    MPI_Bcast(text, (int)sizeof text, MPI_CHAR, who, MPI_COMM_WORLD);
    snprintf(msg, msg_len, "%s", text);
    return (amq_status)st;
}

int cli_team_begin(int *argc, char ***argv)
{
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank != 0 && (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)))
        MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_FAIL);
    const char *cmd = *argc > 1 ? (*argv)[1] : "";
    if (strcmp(cmd, "check") != 0 && strcmp(cmd, "strategies") != 0)
        return rank == 0;
    const amq_mc_team team = {(uint64_t)rank, (uint64_t)size, combine, NULL};
    if (amq_check_mc_set_team(&team) != AMQ_OK) {
        fprintf(stderr, "amq-mpi: %s\n", amq_last_error());
        MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_FAIL);
    }
    return 1;
}

int cli_team_end(int rc)
{
    MPI_Finalize();
    return rc;
}
