#include "cli.h"
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int parse_plain_u64(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+')
        return 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return 0;
    *out = (uint64_t)v;
    return 1;
}

int cli_u64(const char *cmd, const char *flag, const char *s, uint64_t *out)
{
    uint64_t b, e, v;
    const char *hat = s ? strchr(s, '^') : NULL;
    const char *ex = s ? strpbrk(s, "eE") : NULL;
    int ok = 0;
    if (hat || ex) { /* 2^E or 1eE forms: base^E or M*10^E, exact, no overflow */
        char base[32];
        const char *sep = hat ? hat : ex;
        size_t bl = (size_t)(sep - s);
        if (bl > 0 && bl < sizeof base) {
            memcpy(base, s, bl);
            base[bl] = 0;
            if (parse_plain_u64(base, &b) && parse_plain_u64(sep + 1, &e)) {
                uint64_t mul = hat ? b : 10, acc = hat ? 1 : b;
                ok = 1;
                for (uint64_t i = 0; i < e && ok; i++) {
                    if (mul != 0 && acc > UINT64_MAX / mul)
                        ok = 0;
                    else
                        acc *= mul;
                }
                v = acc;
            }
        }
    } else {
        ok = parse_plain_u64(s, &v);
    }
    if (!ok) {
        fprintf(stderr, "amq %s: invalid value for %s: '%s' (expected an integer in [0, 2^64-1])\n",
                cmd, flag, s ? s : "");
        return 0;
    }
    *out = v;
    return 1;
}

int cli_double_open(const char *cmd, const char *flag, const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = s ? strtod(s, &end) : 0;
    if (!s || !*s || errno || *end || !(v > lo && v < hi)) {
        fprintf(stderr, "amq %s: invalid value for %s: '%s' (expected a number in (%g, %g))\n",
                cmd, flag, s ? s : "", lo, hi);
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

int cli_stderr_tty(void) { return isatty(STDERR_FILENO); }

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void cli_progress_begin(cli_progress *p)
{
    p->start = now_s();
    p->shown = 0;
}

void cli_progress_update(cli_progress *p, const char *what, uint64_t done, uint64_t total)
{
    if (!cli_stderr_tty() || now_s() - p->start < 1.0)
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
