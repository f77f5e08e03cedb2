/* Crash safety of saving: faults injected into the real save path through the internal
 * hook (lib_internal/container_hooks.h).  Short writes must still produce the whole file;
 * ENOSPC, a failed fsync, close or rename must fail cleanly with the old file intact and
 * no temporary file left; a process killed at any step leaves the old file or the new one,
 * complete, never a mix. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/tmp_dir.h"
#include "support/read_file.h"
#include <amq/bloom.h>
#include <amq/counting.h>
#include <lib_internal/container.h>
#include <lib_internal/container_hooks.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Files in dir other than f.amq (temporaries left behind). */
static int stray_files(void)
{
    DIR *d = opendir(tmp_dir);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, "f.amq"))
            n++;
    closedir(d);
    return n;
}

/* A counting filter: large enough (m = 300000 counters, 150 kB) for many write calls. */
static amq_counting *sample(uint64_t nkeys)
{
    amq_counting *c;
    assert_int_equal(amq_counting_create(&c, 300000, 4, 4, AMQ_HASH_DEFAULT, 3), AMQ_OK);
    for (uint64_t i = 0; i < nkeys; i++)
        assert_int_equal(amq_counting_add(c, &i, sizeof i), AMQ_OK);
    return c;
}

/* The file contents of the old and the new filter, for comparison. */
static unsigned char *old_bytes, *new_bytes;
static size_t old_len, new_len;

static void make_reference_files(void)
{
    if (old_bytes)
        return;
    amq_counting *a = sample(1000), *b = sample(5000);
    assert_int_equal(amq_counting_save(b, tmp_path), AMQ_OK);
    new_bytes = read_file(tmp_path, &new_len);
    assert_int_equal(amq_counting_save(a, tmp_path), AMQ_OK);
    old_bytes = read_file(tmp_path, &old_len);
    assert_true(old_len == new_len && memcmp(old_bytes, new_bytes, old_len) != 0);
    amq_counting_free(a);
    amq_counting_free(b);
}

static void put_old_file(void)
{
    make_reference_files();
    FILE *f = fopen(tmp_path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(old_bytes, 1, old_len, f), old_len);
    assert_int_equal(fclose(f), 0);
}

static int is_old(void)
{
    size_t len = 0;
    unsigned char *b = read_file(tmp_path, &len);
    int same = b && len == old_len && !memcmp(b, old_bytes, len);
    free(b);
    return same;
}

static int is_new(void)
{
    size_t len = 0;
    unsigned char *b = read_file(tmp_path, &len);
    int same = b && len == new_len && !memcmp(b, new_bytes, len);
    free(b);
    return same;
}

/* ---- the hook under test control ---- */
static long calls, fail_at; /* fail_at: index of the call that fails (-1: none) */
static int fail_errno, short_writes, kill_at_step;
static int steps_seen[AMQ_SAVE_NSTEPS];

static int hook(amq_save_step step, size_t *len)
{
    steps_seen[step]++;
    const long i = calls++;
    if (kill_at_step && i == fail_at)
        raise(SIGKILL); /* a crash exactly here: nothing after this call runs */
    if (step == AMQ_SAVE_WRITE && short_writes && *len > 1 + (size_t)(i % 7))
        *len = 1 + (size_t)(i % 7); /* 1..7 bytes per write */
    return i == fail_at ? fail_errno : 0;
}

static void reset_hook(void)
{
    calls = 0;
    fail_at = -1;
    fail_errno = 0;
    short_writes = 0;
    kill_at_step = 0;
    memset(steps_seen, 0, sizeof steps_seen);
    amq_save_hook = hook;
}

static amq_status save_new(void)
{
    amq_counting *b = sample(5000);
    amq_status s = amq_counting_save(b, tmp_path);
    amq_counting_free(b);
    return s;
}

/* Short writes (1..7 bytes each, over 20000 write calls) still give the complete file. */
static void short_writes_complete_the_file(void **state)
{
    (void)state;
    put_old_file();
    reset_hook();
    short_writes = 1;
    assert_int_equal(save_new(), AMQ_OK);
    amq_save_hook = NULL;
    assert_true(steps_seen[AMQ_SAVE_WRITE] > 20000);
    assert_true(is_new());
    assert_int_equal(stray_files(), 0);
}

/* Every step's failure (ENOSPC on the first, a middle and the last write; EIO on fsync and
 * close; EXDEV on rename; EMFILE on create): an error naming the problem, old file intact,
 * no temporary left. */
static void each_failure_keeps_the_old_file(void **state)
{
    (void)state;
    put_old_file();
    reset_hook();
    assert_int_equal(save_new(), AMQ_OK); /* count the calls of a normal save */
    const long total = calls;
    long write_calls[3] = {-1, -1, -1}, i = 0;
    assert_true(steps_seen[AMQ_SAVE_WRITE] >= 3);
    for (int s = 0; s < AMQ_SAVE_NSTEPS; s++)
        assert_true(steps_seen[s] >= 1);
    /* the calls are CREATE, WRITE x w, FSYNC, CLOSE, RENAME, DIRSYNC */
    const long w = steps_seen[AMQ_SAVE_WRITE];
    assert_int_equal(total, w + 5);
    write_calls[0] = 1;
    write_calls[1] = 1 + w / 2;
    write_calls[2] = w;
    struct {
        long at;
        int err;
        const char *msg;
    } cases[] = {
        {0, EMFILE, "temporary file"},
        {write_calls[0], ENOSPC, "No space left"},
        {write_calls[1], ENOSPC, "No space left"},
        {write_calls[2], ENOSPC, "No space left"},
        {w + 1, EIO, "syncing"},
        {w + 2, EIO, "closing"},
        {w + 3, EXDEV, "renaming"},
    };
    for (i = 0; i < (long)(sizeof cases / sizeof cases[0]); i++) {
        put_old_file();
        reset_hook();
        fail_at = cases[i].at;
        fail_errno = cases[i].err;
        assert_int_equal(save_new(), AMQ_E_IO);
        amq_save_hook = NULL;
        if (!strstr(amq_last_error(), cases[i].msg) || !strstr(amq_last_error(), tmp_path))
            print_message("case %ld: '%s'\n", i, amq_last_error());
        assert_non_null(strstr(amq_last_error(), cases[i].msg));
        assert_non_null(strstr(amq_last_error(), tmp_path));
        assert_true(is_old());
        assert_int_equal(stray_files(), 0);
    }
    /* the directory sync fails after the rename: reported, and the new file is complete */
    put_old_file();
    reset_hook();
    fail_at = w + 4;
    fail_errno = EIO;
    assert_int_equal(save_new(), AMQ_E_IO);
    amq_save_hook = NULL;
    assert_non_null(strstr(amq_last_error(), "directory"));
    assert_true(is_new());
    assert_int_equal(stray_files(), 0);
}

/* A crash at every step of the save (the child is killed right before call N): the target
 * is always exactly the old file or exactly the new one.  A killed save may leave its
 * temporary file (.f.amq.tmp-*), which nothing reads; it is removed here between runs. */
static void crash_at_every_step(void **state)
{
    (void)state;
    put_old_file();
    reset_hook();
    assert_int_equal(save_new(), AMQ_OK);
    amq_save_hook = NULL;
    const long total = calls;
    int saw_old = 0, saw_new = 0;
    for (long n = 0; n <= total; n++) {
        put_old_file();
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            reset_hook();
            fail_at = n; /* n == total: no kill, the save completes */
            kill_at_step = 1;
            _exit(save_new() == AMQ_OK ? 0 : 1);
        }
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        const int killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
        assert_true(killed || (n == total && WIFEXITED(status) && WEXITSTATUS(status) == 0));
        const int o = is_old(), nw = is_new();
        if (!(o || nw))
            print_message("killed before call %ld of %ld: the file is neither old nor new\n", n, total);
        assert_true(o || nw);
        /* before the rename the old file must be there; from the rename on, the new one */
        assert_true(n <= total - 2 ? o : nw);
        saw_old += o;
        saw_new += nw;
        char cmd[200];
        snprintf(cmd, sizeof cmd, "rm -f '%s'/.f.amq.tmp-*", tmp_dir);
        assert_int_equal(system(cmd), 0);
    }
    assert_true(saw_old > 0 && saw_new > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(short_writes_complete_the_file),
        cmocka_unit_test(each_failure_keeps_the_old_file),
        cmocka_unit_test(crash_at_every_step),
    };
    int rc = cmocka_run_group_tests(tests, tmp_dir_group_setup, tmp_dir_group_teardown);
    free(old_bytes);
    free(new_bytes);
    return rc;
}
