#include "cli.h"
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* digits := [0-9]+ whose value fits in 64 bits; *s advances past them.  NULL or why not. */
static const char *parse_digits(const char **s, uint64_t *out, const char *what)
{
    static char why[64];
    const char *p = *s;
    uint64_t v = 0;
    if (*p < '0' || *p > '9') {
        snprintf(why, sizeof why, "missing %s", what);
        return why;
    }
    for (; *p >= '0' && *p <= '9'; p++) {
        const unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10) {
            snprintf(why, sizeof why, "the %s exceeds 2^64-1", what);
            return why;
        }
        v = v * 10 + d;
    }
    *s = p;
    *out = v;
    return NULL;
}

/* A character the grammar does not allow: name the usual mistakes. */
static const char *bad_char(const char *s, const char *p)
{
    static char why[96];
    const unsigned char c = (unsigned char)*p;
    if (c == '-' && p == s)
        return "negative values are not allowed";
    if (c == '+' || c == '-')
        return "signs are not allowed";
    if (c == ' ' || (c >= '\t' && c <= '\r'))
        return "spaces are not allowed";
    if (c >= 0x21 && c < 0x7f)
        snprintf(why, sizeof why, "unexpected character '%c' at position %zu", c, (size_t)(p - s) + 1);
    else
        snprintf(why, sizeof why, "unexpected byte 0x%02x at position %zu", c, (size_t)(p - s) + 1);
    return why;
}

const char *cli_parse_u64(const char *s, uint64_t *out)
{
    uint64_t a, e;
    const char *p = s, *why;
    if (!s || !*s)
        return "empty value";
    if ((why = parse_digits(&p, &a, "number")))
        return *p && (*p < '0' || *p > '9') && *p != '^' && *p != 'e' && *p != 'E' ? bad_char(s, p) : why;
    if (!*p) {
        *out = a;
        return NULL;
    }
    const char op = *p;
    if (op != '^' && op != 'e' && op != 'E')
        return bad_char(s, p);
    p++;
    if ((why = parse_digits(&p, &e, "exponent")))
        return *p && (*p < '0' || *p > '9') ? bad_char(s, p) : why;
    if (*p)
        return bad_char(s, p);
    /* B^E = B*...*B and MeE = M*10^E, exactly.  Bounded work: 0 and 1 are settled without a
     * loop, and a factor >= 2 overflows within 64 steps. */
    uint64_t base = op == '^' ? a : 10, v = op == '^' ? 1 : a;
    if (e == 0 || v == 0 || base == 1) {
        *out = v; /* B^0 = 1 (0^0 = 1 too), 0eE = 0, 1^E = 1 */
        return NULL;
    }
    if (base == 0) {
        *out = 0; /* 0^E = 0 for E >= 1 */
        return NULL;
    }
    for (uint64_t i = 0; i < e; i++) {
        if (v > UINT64_MAX / base)
            return "the value exceeds 2^64-1";
        v *= base;
    }
    *out = v;
    return NULL;
}

int cli_u64(const char *cmd, const char *flag, const char *s, uint64_t *out)
{
    uint64_t v;
    const char *why = cli_parse_u64(s, &v);
    if (why) {
        fprintf(stderr, "amq %s: invalid value for %s: '", cmd, flag);
        cli_put_key_escaped(stderr, s ? s : "", s ? strlen(s) : 0);
        fprintf(stderr, "': %s (expected an integer in [0, 2^64-1]: digits, B^E or MeE)\n", why);
        return 0;
    }
    *out = v;
    return 1;
}

const char *cli_parse_double(const char *s, double *out)
{
    /* number := (digits ['.' [digits]] | '.' digits) [('e'|'E') ['+'|'-'] digits] */
    const char *p = s;
    if (!s || !*s)
        return "empty value";
    size_t mant = 0;
    for (; *p >= '0' && *p <= '9'; p++)
        mant++;
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++)
            mant++;
    if (mant == 0)
        return *p ? bad_char(s, p) : "missing digits";
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (*p < '0' || *p > '9')
            return *p ? bad_char(s, p) : "missing exponent";
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (*p)
        return bad_char(s, p);
    char *end;
    errno = 0;
    const double v = strtod(s, &end); /* correctly rounded; the grammar leaves no locale or hex forms */
    if (errno == ERANGE)
        return v < 1 ? "too small (below the smallest normal double)" : "too large";
    *out = v;
    return NULL;
}

int cli_double_open(const char *cmd, const char *flag, const char *s, double lo, double hi, double *out)
{
    double v = 0;
    const char *why = cli_parse_double(s, &v);
    if (!why && !(v > lo && v < hi))
        why = "out of range";
    if (why) {
        fprintf(stderr, "amq %s: invalid value for %s: '", cmd, flag);
        cli_put_key_escaped(stderr, s ? s : "", s ? strlen(s) : 0);
        fprintf(stderr, "': %s (expected a decimal number in (%g, %g))\n", why, lo, hi);
        return 0;
    }
    *out = v;
    return 1;
}

int cli_usage(const char *cmd, const char *usage, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "amq %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nusage: %s\n", usage);
    return CLI_EXIT_USAGE;
}

int cli_fail(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "amq %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return CLI_EXIT_FAIL;
}

static const char *kind_of(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO (named pipe)" : S_ISCHR(m) ? "a character device"
         : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

static int refuse_output(const char *cmd, const char *flag, const char *path, mode_t m)
{
    return cli_fail(cmd, "%s: '%s' is %s: only a regular file is written; nothing was written", flag, path,
                    kind_of(m));
}

/* A file to be created at path: its directory must exist and take new files, or the
 * failure would come only after the work (gnuplot draws the plot at the very end). */
static int check_new_file_dir(const char *cmd, const char *flag, const char *path)
{
    const char *slash = strrchr(path, '/');
    const size_t l = !slash ? 1 : slash == path ? 1 : (size_t)(slash - path);
    char *dir = malloc(l + 1);
    if (!dir)
        return cli_fail(cmd, "%s: out of memory", flag);
    memcpy(dir, slash ? path : ".", l);
    dir[l] = 0;
    struct stat sb;
    int rc = 0;
    if (stat(dir, &sb) != 0)
        rc = cli_fail(cmd, "%s: cannot write '%s': its directory '%s': %s; nothing was written", flag, path, dir,
                      strerror(errno));
    else if (!S_ISDIR(sb.st_mode))
        rc = cli_fail(cmd, "%s: cannot write '%s': '%s' is not a directory; nothing was written", flag, path, dir);
    else if (access(dir, W_OK | X_OK) != 0)
        rc = cli_fail(cmd, "%s: cannot write '%s': no new file can be made in '%s': %s; nothing was written", flag,
                      path, dir, strerror(errno));
    free(dir);
    return rc;
}

int cli_output_path(const char *cmd, const char *flag, const char *path)
{
    struct stat sb;
    if (stat(path, &sb) == 0)
        return S_ISREG(sb.st_mode) ? 0 : refuse_output(cmd, flag, path, sb.st_mode);
    const int e = errno;
    if (e == ENOENT && lstat(path, &sb) == 0)
        return 0; /* a dangling link: its target is created when it is written */
    if (e == ENOENT)
        return check_new_file_dir(cmd, flag, path);
    return cli_fail(cmd, "%s: cannot write '%s': %s; nothing was written", flag, path, strerror(e));
}

FILE *cli_open_output(const char *cmd, const char *flag, const char *path)
{
    if (cli_output_path(cmd, flag, path))
        return NULL;
    /* O_NONBLOCK: a FIFO put there meanwhile fails (ENXIO) or is refused below, never waited on */
    int fd = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0666);
    struct stat sb;
    if (fd < 0) {
        cli_fail(cmd, "%s: cannot write '%s': %s; nothing was written", flag, path, strerror(errno));
        return NULL;
    }
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        close(fd);
        refuse_output(cmd, flag, path, sb.st_mode);
        return NULL;
    }
    FILE *f = NULL;
    if (ftruncate(fd, 0) != 0 || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 || !(f = fdopen(fd, "w"))) {
        cli_fail(cmd, "%s: cannot write '%s': %s", flag, path, strerror(errno));
        close(fd);
    }
    return f;
}

static int stdout_errno;

int cli_stdout_failed(void)
{
    if (!ferror(stdout))
        return 0;
    if (!stdout_errno) /* right after the failed call: its errno */
        stdout_errno = errno ? errno : EIO;
    return 1;
}

int cli_stdout_errno(void) { return stdout_errno; }

int cli_stderr_tty(void) { return isatty(STDERR_FILENO); }

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Seconds before a bar appears: 1, or AMQ_PROGRESS_AFTER (>= 0; the tests set 0 so that
 * whether a bar shows does not depend on how fast the machine is). */
static double progress_after(void)
{
    const char *v = getenv("AMQ_PROGRESS_AFTER");
    if (!v || !*v)
        return 1.0;
    char *end;
    const double s = strtod(v, &end);
    if (*end != '\0' || !(s >= 0.0 && s <= 86400.0)) {
        fprintf(stderr, "amq: ignoring AMQ_PROGRESS_AFTER='%s' (want seconds, 0 to 86400)\n", v);
        return 1.0;
    }
    return s;
}

void cli_progress_begin(cli_progress *p)
{
    p->start = now_s();
    p->after = progress_after();
    p->shown = 0;
}

void cli_progress_update(cli_progress *p, const char *what, uint64_t done, uint64_t total)
{
    if (!cli_stderr_tty() || now_s() - p->start < p->after)
        return;
    int width = 40, fill = total ? (int)((double)done / (double)total * width) : 0;
    fprintf(stderr, "\r%s [", what);
    for (int i = 0; i < width; i++)
        fputc(i < fill ? '#' : '.', stderr);
    if (total)
        fprintf(stderr, "] %llu/%llu", (unsigned long long)done, (unsigned long long)total);
    else
        fprintf(stderr, "] %llu", (unsigned long long)done);
    p->shown = 1;
}

void cli_progress_end(cli_progress *p)
{
    if (p->shown)
        fputs("\r\033[K", stderr);
}

void cli_json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

void cli_json_str_or_null(FILE *f, const char *s)
{
    if (s)
        cli_json_str(f, s);
    else
        fputs("null", f);
}

void cli_json_double(FILE *f, double x)
{
    if (!isfinite(x)) {
        fputs("null", f);
        return;
    }
    char buf[64];
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    fputs(buf, f);
}
