/* What loading and saving do with the file system (docs/files.md): only regular files are
 * read (a FIFO must not block); saving refuses FIFOs, devices, sockets and directories,
 * follows symbolic links, keeps an existing file's mode and gives a new one 0666 less the
 * umask; messages name the file.  Each case names the defect of issue 17 it guards. */
#define _XOPEN_SOURCE 700 /* mknod, S_IFCHR */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/tmp_dir.h"
#include <amq/bloom.h>
#include <amq/counting.h>
#include <amq/quotient.h>
#include <lib_internal/container.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

static const char *at(const char *name)
{
    static char p[4][160];
    static int i;
    i = (i + 1) % 4;
    snprintf(p[i], sizeof p[i], "%s/%s", tmp_dir, name);
    return p[i];
}

static amq_bloom *sample(uint64_t m)
{
    amq_bloom *bf;
    assert_int_equal(amq_bloom_create(&bf, m, 3, AMQ_HASH_DEFAULT, 1), AMQ_OK);
    for (uint64_t i = 0; i < m / 8; i++)
        assert_int_equal(amq_bloom_add(bf, &i, sizeof i), AMQ_OK);
    return bf;
}

static void write_text(const char *p, const char *text)
{
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static int has_text(const char *p, const char *text)
{
    char buf[256] = {0};
    FILE *f = fopen(p, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    return n == strlen(text) && !memcmp(buf, text, n);
}

/* Runs fn(arg) in a child; 1 if it exits with status 0 within `seconds`, 0 if it fails,
 * -1 if it is still running then (it is killed): a hang detector, not a timing check. */
static int in_child(void (*fn)(const void *), const void *arg, int seconds)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        fn(arg);
        _exit(0);
    }
    int status = 0;
    for (int i = 0; i < seconds * 20; i++) {
        if (waitpid(pid, &status, WNOHANG) == pid)
            return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 1 : 0;
        struct timespec ts = {0, 50 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    return -1;
}

static void load_fifo_child(const void *arg)
{
    amq_bloom *b = NULL;
    amq_counting *c = NULL;
    amq_quotient *q = NULL;
    const char *p = arg;
    if (amq_bloom_load(&b, p) != AMQ_E_IO || !strstr(amq_last_error(), "FIFO") || !strstr(amq_last_error(), p))
        _exit(1);
    if (amq_counting_load(&c, p) != AMQ_E_IO || amq_quotient_load(&q, p) != AMQ_E_IO)
        _exit(1);
}

/* Defect 1: loading a FIFO opened it first and blocked for ever. */
static void load_refuses_fifo_without_blocking(void **state)
{
    (void)state;
    const char *p = at("pipe");
    assert_int_equal(mkfifo(p, 0600), 0);
    assert_int_equal(in_child(load_fifo_child, p, 30), 1);
    struct stat sb;
    assert_int_equal(stat(p, &sb), 0);
    assert_true(S_ISFIFO(sb.st_mode));
}

/* Loading a directory and a socket: refused, named. */
static void load_refuses_other_non_regular(void **state)
{
    (void)state;
    amq_bloom *b = NULL;
    assert_int_equal(amq_bloom_load(&b, tmp_dir), AMQ_E_IO);
    assert_non_null(strstr(amq_last_error(), "directory"));
    assert_int_equal(amq_bloom_load(&b, "/dev/null"), AMQ_E_IO);
    assert_non_null(strstr(amq_last_error(), "character device"));
    assert_null(b);
}

/* Defect 7 (library half): the checksum error names the file. */
static void checksum_error_names_the_file(void **state)
{
    (void)state;
    const char *p = at("sum.amq");
    amq_bloom *a = sample(500), *b = NULL;
    assert_int_equal(amq_bloom_save(a, p), AMQ_OK);
    FILE *f = fopen(p, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, 70, SEEK_SET), 0);
    int c = getc(f);
    assert_int_equal(fseek(f, 70, SEEK_SET), 0);
    putc(c ^ 1, f);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(amq_bloom_load(&b, p), AMQ_E_CHECKSUM);
    assert_non_null(strstr(amq_last_error(), p));
    amq_bloom_free(a);
}

/* Defect 4: saving over a FIFO replaced the node with a regular file. */
static void save_refuses_fifo(void **state)
{
    (void)state;
    const char *p = at("out-pipe");
    assert_int_equal(mkfifo(p, 0600), 0);
    amq_bloom *a = sample(100);
    assert_int_equal(amq_bloom_save(a, p), AMQ_E_IO);
    assert_non_null(strstr(amq_last_error(), "FIFO"));
    struct stat sb;
    assert_int_equal(lstat(p, &sb), 0);
    assert_true(S_ISFIFO(sb.st_mode));
    amq_bloom_free(a);
}

/* Defect 4: a character device (made here, never a real one) and a socket. */
static void save_refuses_device_and_socket(void **state)
{
    (void)state;
    amq_bloom *a = sample(100);
    const char *dev = at("full-dev");
    if (mknod(dev, S_IFCHR | 0600, makedev(1, 7)) == 0) { /* /dev/full's numbers */
        assert_int_equal(amq_bloom_save(a, dev), AMQ_E_IO);
        assert_non_null(strstr(amq_last_error(), "character device"));
        struct stat sb;
        assert_int_equal(lstat(dev, &sb), 0);
        assert_true(S_ISCHR(sb.st_mode));
        /* through a symbolic link (the report's /dev/full case, on a node made here) */
        assert_int_equal(symlink("full-dev", at("to-dev")), 0);
        assert_int_equal(amq_bloom_save(a, at("to-dev")), AMQ_E_IO);
        assert_non_null(strstr(amq_last_error(), "character device"));
        assert_int_equal(lstat(at("to-dev"), &sb), 0);
        assert_true(S_ISLNK(sb.st_mode));
    } else {
        print_message("mknod not permitted (%s): device case not run here\n", strerror(errno));
    }
    const char *sock = at("sock");
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", sock);
    assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    assert_int_equal(amq_bloom_save(a, sock), AMQ_E_IO);
    assert_non_null(strstr(amq_last_error(), "socket"));
    close(fd);
    assert_int_equal(amq_bloom_save(a, tmp_dir), AMQ_E_IO);
    assert_non_null(strstr(amq_last_error(), "directory"));
    amq_bloom_free(a);
}

/* Defect 4: a symbolic link was replaced by a regular file and its target left stale.  Now
 * the link is followed: the target gets the new filter, the link stays a link. */
static void save_follows_symlinks(void **state)
{
    (void)state;
    amq_bloom *a = sample(300), *b = NULL;
    write_text(at("target.amq"), "old content");
    assert_int_equal(symlink("target.amq", at("link.amq")), 0); /* relative */
    assert_int_equal(amq_bloom_save(a, at("link.amq")), AMQ_OK);
    struct stat sb;
    assert_int_equal(lstat(at("link.amq"), &sb), 0);
    assert_true(S_ISLNK(sb.st_mode));
    assert_int_equal(amq_bloom_load(&b, at("target.amq")), AMQ_OK);
    assert_int_equal(amq_bloom_m(b), 300);
    amq_bloom_free(b);
    /* a chain of two links, the last dangling: the file is created where it points */
    assert_int_equal(symlink(at("new.amq"), at("link2.amq")), 0); /* absolute */
    assert_int_equal(symlink("link2.amq", at("link1.amq")), 0);
    assert_int_equal(amq_bloom_save(a, at("link1.amq")), AMQ_OK);
    assert_int_equal(amq_bloom_load(&b, at("new.amq")), AMQ_OK);
    amq_bloom_free(b);
    /* a link to a FIFO (or /dev/full): refused, nothing changed, the message names both */
    assert_int_equal(mkfifo(at("p2"), 0600), 0);
    assert_int_equal(symlink("p2", at("to-pipe")), 0);
    assert_int_equal(amq_bloom_save(a, at("to-pipe")), AMQ_E_IO);
    assert_non_null(strstr(amq_last_error(), "FIFO"));
    assert_non_null(strstr(amq_last_error(), "to-pipe"));
    assert_int_equal(lstat(at("to-pipe"), &sb), 0);
    assert_true(S_ISLNK(sb.st_mode));
    /* a loop of links */
    assert_int_equal(symlink("loop-b", at("loop-a")), 0);
    assert_int_equal(symlink("loop-a", at("loop-b")), 0);
    assert_int_equal(amq_bloom_save(a, at("loop-a")), AMQ_E_IO);
    assert_non_null(strstr(amq_last_error(), "symbolic links"));
    amq_bloom_free(a);
}

static mode_t mode_of(const char *p)
{
    struct stat sb;
    assert_int_equal(stat(p, &sb), 0);
    return sb.st_mode & 07777;
}

/* Defect 5: output files were 0600 whatever the umask, and rewriting a 0644 file made it
 * 0600.  A new file gets 0666 less the umask, an existing one keeps its mode. */
static void save_modes(void **state)
{
    (void)state;
    amq_bloom *a = sample(100);
    const mode_t old = umask(022);
    assert_int_equal(amq_bloom_save(a, at("m1.amq")), AMQ_OK);
    assert_int_equal(mode_of(at("m1.amq")), 0644);
    umask(027);
    assert_int_equal(amq_bloom_save(a, at("m2.amq")), AMQ_OK);
    assert_int_equal(mode_of(at("m2.amq")), 0640);
    /* existing files keep their mode whatever the umask */
    umask(077);
    assert_int_equal(amq_bloom_save(a, at("m1.amq")), AMQ_OK);
    assert_int_equal(mode_of(at("m1.amq")), 0644);
    assert_int_equal(chmod(at("m2.amq"), 0664), 0);
    assert_int_equal(amq_bloom_save(a, at("m2.amq")), AMQ_OK);
    assert_int_equal(mode_of(at("m2.amq")), 0664);
    umask(old);
    amq_bloom_free(a);
}

static void read_only_child(const void *arg)
{
    (void)arg;
    /* as root, become an ordinary user first: root may write anything */
    if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
        _exit(2);
    amq_bloom *a = sample(100);
    if (amq_bloom_save(a, at("ro.amq")) != AMQ_E_IO || !strstr(amq_last_error(), "not writable"))
        _exit(1);
    amq_bloom_free(a);
}

/* A file without write permission is not replaced (the directory is writable, so a rename
 * over it would succeed: the save must ask). */
static void save_refuses_read_only_file(void **state)
{
    (void)state;
    write_text(at("ro.amq"), "keep me");
    assert_int_equal(chmod(at("ro.amq"), 0444), 0);
    assert_int_equal(chmod(tmp_dir, 0777), 0);
    const int r = in_child(read_only_child, NULL, 60);
    assert_int_equal(chmod(tmp_dir, 0700), 0);
    assert_int_equal(r, 1);
    assert_true(has_text(at("ro.amq"), "keep me"));
}

/* Failed saves leave the target as it was and no temporary file. */
static void failed_save_changes_nothing(void **state)
{
    (void)state;
    amq_bloom *a = sample(100);
    write_text(at("keep.amq"), "precious");
    assert_int_equal(amq_bloom_save(a, at("no/such/dir/x.amq")), AMQ_E_IO);
    assert_int_equal(amq_bloom_save(a, ""), AMQ_E_INVALID_ARG);
    assert_true(has_text(at("keep.amq"), "precious"));
    amq_bloom_free(a);
}

/* A word source for amq_container_save_stream: words 0, 1, 2, ... (times a constant), ending
 * after `stop` words; `greedy` makes it return one more than it was asked for. */
typedef struct counter_source {
    uint64_t next, stop;
    int greedy;
} counter_source;

static uint64_t counter_fill(void *ctx, uint64_t *out, uint64_t max)
{
    counter_source *c = ctx;
    uint64_t n = 0;
    while (n < max && c->next < c->stop)
        out[n++] = UINT64_C(0x9E3779B97F4A7C15) * c->next++;
    return c->greedy && n > 0 ? max + 1 : n;
}

static int same_bytes(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int same = fa && fb, ca, cb;
    while (same && ((ca = fgetc(fa)) != EOF) | ((cb = fgetc(fb)) != EOF))
        same = ca == cb;
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

/* A streamed payload makes the same file as the same words from an array (across several
 * 64-word rounds and a partial one); a source that ends early, or gives more than it was
 * asked for, fails the save with a message that says so, and the target keeps its bytes. */
static void save_stream(void **state)
{
    (void)state;
    const uint8_t params[3] = {1, 2, 3};
    enum { N = 200 };
    uint64_t words[N];
    counter_source all = {0, N, 0};
    assert_int_equal(counter_fill(&all, words, N), N);
    assert_int_equal(amq_container_save(at("array.amq"), AMQ_TYPE_BLOOM, params, 3, words, N), AMQ_OK);
    counter_source c = {0, N, 0};
    assert_int_equal(amq_container_save_stream(at("stream.amq"), AMQ_TYPE_BLOOM, params, 3, counter_fill, &c, N),
                     AMQ_OK);
    assert_true(same_bytes(at("array.amq"), at("stream.amq")));

    write_text(at("kept.amq"), "precious");
    counter_source early = {0, N - 1, 0};
    assert_int_equal(amq_container_save_stream(at("kept.amq"), AMQ_TYPE_BLOOM, params, 3, counter_fill, &early, N),
                     AMQ_E_IO);
    assert_non_null(strstr(amq_last_error(), "broke off after 199 of its 200 words"));
    assert_true(has_text(at("kept.amq"), "precious"));
    counter_source greedy = {0, N, 1};
    assert_int_equal(amq_container_save_stream(at("kept.amq"), AMQ_TYPE_BLOOM, params, 3, counter_fill, &greedy, N),
                     AMQ_E_IO);
    assert_non_null(strstr(amq_last_error(), "broke off after 0 of its 200 words"));
    assert_true(has_text(at("kept.amq"), "precious"));
    assert_int_equal(amq_container_save_stream(at("kept.amq"), AMQ_TYPE_BLOOM, params, 3, NULL, NULL, N),
                     AMQ_E_INVALID_ARG);
    assert_true(has_text(at("kept.amq"), "precious"));
}

/* Defect 6: a quotient file with a huge slack made the loader reserve 19 GB.  The slack is
 * now limited to 2^q (documented) and checked before anything is allocated. */
static void quotient_slack_is_bounded(void **state)
{
    (void)state;
    uint8_t p[40];
    amq_put_u64(p, 4);                    /* q */
    amq_put_u64(p + 8, 8);                /* r */
    amq_put_u64(p + 16, UINT64_C(1) << 31); /* slack */
    amq_put_u64(p + 24, 0);               /* seed */
    amq_put_u64(p + 32, 5);               /* count */
    const uint64_t fps[5] = {1, 2, 3, 4, 5};
    assert_int_equal(amq_container_save(at("slack.amq"), AMQ_TYPE_QUOTIENT, p, sizeof p, fps, 5), AMQ_OK);
    struct stat sb;
    assert_int_equal(stat(at("slack.amq"), &sb), 0);
    assert_int_equal(sb.st_size, 120); /* the 120-byte file of the report */
    amq_quotient *f = NULL;
    assert_int_equal(amq_quotient_load(&f, at("slack.amq")), AMQ_E_BAD_PARAMS);
    assert_non_null(strstr(amq_last_error(), "slack"));
    assert_null(f);
    /* the limit itself: 2^q slack loads, 2^q + 1 does not; creation agrees with loading */
    assert_int_equal(amq_quotient_create_slack(&f, 4, 8, 16, 0), AMQ_OK);
    amq_quotient_free(f);
    assert_int_equal(amq_quotient_create_slack(&f, 4, 8, 17, 0), AMQ_E_INVALID_ARG);
    amq_put_u64(p + 16, 16);
    assert_int_equal(amq_container_save(at("slack.amq"), AMQ_TYPE_QUOTIENT, p, sizeof p, fps, 5), AMQ_OK);
    assert_int_equal(amq_quotient_load(&f, at("slack.amq")), AMQ_OK);
    amq_quotient_free(f);
}

static void long_cluster_child(const void *arg)
{
    (void)arg;
    /* 2^18 fingerprints that all have quotient 0: one cluster over the whole table.  Saved
     * in increasing order, as amq_quotient_save writes them. */
    const uint64_t q = 18, r = 40, n = UINT64_C(1) << 18;
    uint64_t *fps = malloc(n * sizeof *fps);
    for (uint64_t i = 0; i < n; i++)
        fps[i] = i;
    uint8_t p[40];
    amq_put_u64(p, q);
    amq_put_u64(p + 8, r);
    amq_put_u64(p + 16, 0);
    amq_put_u64(p + 24, 0);
    amq_put_u64(p + 32, n);
    amq_quotient *f = NULL;
    if (amq_container_save(at("cluster.amq"), AMQ_TYPE_QUOTIENT, p, sizeof p, fps, n) != AMQ_OK ||
        amq_quotient_load(&f, at("cluster.amq")) != AMQ_OK || amq_quotient_count(f) != n)
        _exit(1);
    uint64_t fp = 0;
    amq_quotient_iter it;
    amq_quotient_iter_init(&it);
    for (uint64_t i = 0; i < n; i++)
        if (!amq_quotient_next(f, &it, &fp) || fp != fps[i])
            _exit(1);
    amq_quotient_free(f);
    free(fps);
}

/* Found while bounding the loaders: re-inserting a file's sorted fingerprints through the
 * kernel cost the cluster length per fingerprint, quadratic for one long cluster (2^18
 * fingerprints: minutes).  The linear loader does it in milliseconds; the 120 s watchdog
 * only tells a hang from a finish. */
static void quotient_load_is_linear(void **state)
{
    (void)state;
    assert_int_equal(in_child(long_cluster_child, NULL, 120), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(load_refuses_fifo_without_blocking),
        cmocka_unit_test(load_refuses_other_non_regular),
        cmocka_unit_test(checksum_error_names_the_file),
        cmocka_unit_test(save_refuses_fifo),
        cmocka_unit_test(save_refuses_device_and_socket),
        cmocka_unit_test(save_follows_symlinks),
        cmocka_unit_test(save_modes),
        cmocka_unit_test(save_refuses_read_only_file),
        cmocka_unit_test(failed_save_changes_nothing),
        cmocka_unit_test(save_stream),
        cmocka_unit_test(quotient_slack_is_bounded),
        cmocka_unit_test(quotient_load_is_linear),
    };
    return cmocka_run_group_tests(tests, tmp_dir_group_setup, tmp_dir_group_teardown);
}
