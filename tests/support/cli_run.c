#include "cli_run.h"
#include "tmp_dir.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

const char *cli_amq;
char cli_dir[TMP_DIR_SIZE];
char cli_out[1 << 16];
char cli_root[1024];

int cli_run_setup(void)
{
    static char bin[1024];
    const char *env = getenv("AMQ_BIN"), *b = getenv("AMQ_BUILD");
    char cwd[512];
    if (!getcwd(cli_root, sizeof cli_root))
        return -1;
    if (env)
        snprintf(bin, sizeof bin, "%s", env);
    else if (b && b[0] == '/')
        snprintf(bin, sizeof bin, "%s/amq", b);
    else if (getcwd(cwd, sizeof cwd))
        snprintf(bin, sizeof bin, "%s/%s/amq", cwd, b ? b : "build");
    else
        return -1;
    cli_amq = bin;
    return tmp_dir_make(cli_dir, "cli");
}

int cli_run_teardown(void) { return tmp_dir_remove(cli_dir); }

int cli_run_group_setup(void **state)
{
    (void)state;
    return cli_run_setup();
}

int cli_run_group_teardown(void **state)
{
    (void)state;
    return cli_run_teardown();
}

/* system()'s status as a shell reports it: the exit code, or 128 for a signal. */
static int exit_status(int rc) { return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128; }

int cli_sh(const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    return exit_status(system(cmd));
}

int cli_run(const char *fmt, ...)
{
    char cmd[4096], full[4400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    snprintf(full, sizeof full, "cd '%s' && (%s) > out.txt 2>&1", cli_dir, cmd);
    int rc = system(full);
    char p[128];
    snprintf(p, sizeof p, "%s/out.txt", cli_dir);
    FILE *f = fopen(p, "r");
    size_t n = f ? fread(cli_out, 1, sizeof cli_out - 1, f) : 0;
    cli_out[n] = 0;
    if (f)
        fclose(f);
    return exit_status(rc);
}
