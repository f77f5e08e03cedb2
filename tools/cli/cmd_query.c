/* amq query: test keys from stdin against a saved filter of any structure. */
#include "cli.h"
#include "params.h"
#include <amq/filter.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char USAGE[] =
    "amq query FILE [--count] [--key-type T] < keys\n"
    "  prints each key (its line as read), a tab, and \"maybe\" or \"no\"; with --count prints\n"
    "  only the counts.  Nothing is printed unless every line is a key: the answers are held\n"
    "  (in memory up to 1 MiB, then in an unlinked file in $TMPDIR) until the input ends\n" CLI_KEY_TYPE_HELP;

/* Answers held back until the whole input has been read, so that a bad line anywhere
 * fails the command before any answer is printed (issue 26, class 9).  Memory is bounded:
 * past HOLD_MEM bytes they go to an anonymous temporary file. */
#define HOLD_MEM ((size_t)1 << 20)

struct held {
    char *mem;
    size_t len;
    FILE *spill; /* NULL until mem is full */
    int failed;  /* a message has been printed */
};

/* An unlinked temporary file in $TMPDIR (or /tmp): it disappears with the process. */
static FILE *anonymous_file(void)
{
    const char *tmp = getenv("TMPDIR");
    const int from_env = tmp && *tmp;
    char path[4096];
    snprintf(path, sizeof path, "%s/amq-query-XXXXXX", from_env ? tmp : "/tmp");
    const int fd = mkstemp(path);
    if (fd < 0) {
        cli_fail("query", "cannot hold the answers until the input ends: no temporary file can be made in '%s'%s: "
                          "%s; nothing was printed",
                 from_env ? tmp : "/tmp", from_env ? " ($TMPDIR)" : "", strerror(errno));
        return NULL;
    }
    unlink(path);
    FILE *f = fdopen(fd, "w+");
    if (!f) {
        cli_fail("query", "cannot hold the answers: %s; nothing was printed", strerror(errno));
        close(fd);
    }
    return f;
}

/* Appends to the temporary file; a short write (a full $TMPDIR) fails the command. */
static int spill(struct held *h, const char *data, size_t n)
{
    if (fwrite(data, 1, n, h->spill) == n)
        return 0;
    cli_fail("query", "cannot hold the answers in a temporary file: %s; nothing was printed", strerror(errno));
    return h->failed = 1;
}

static int hold(struct held *h, const char *data, size_t n)
{
    if (!h->spill && h->len + n > HOLD_MEM) {
        if (!(h->spill = anonymous_file()))
            return h->failed = 1;
        if (spill(h, h->mem, h->len))
            return 1;
        h->len = 0;
    }
    if (h->spill)
        return spill(h, data, n);
    if (!h->mem && !(h->mem = malloc(HOLD_MEM))) {
        cli_fail("query", "out of memory holding the answers; nothing was printed");
        return h->failed = 1;
    }
    memcpy(h->mem + h->len, data, n);
    h->len += n;
    return 0;
}

/* Every line was a key: the held answers go to standard output (main checks the writes). */
static int release(struct held *h)
{
    if (!h->spill) {
        fwrite(h->mem, 1, h->len, stdout);
        cli_stdout_failed(); /* keeps the errno of a failed write for main's message */
        return 0;
    }
    if (fflush(h->spill) != 0 || fseek(h->spill, 0, SEEK_SET) != 0)
        return cli_fail("query", "cannot read back the held answers: %s; nothing was printed", strerror(errno));
    char buf[1 << 16];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, h->spill)) > 0) {
        fwrite(buf, 1, got, stdout);
        if (cli_stdout_failed()) /* output lost: stop; main reports the write error */
            return 0;
    }
    if (ferror(h->spill))
        return cli_fail("query", "cannot read back the held answers: %s; the output is incomplete",
                        strerror(errno));
    return 0;
}

struct querier {
    amq_filter *f;
    int count_only;
    uint64_t maybe, no;
    struct held out;
};

static int query_key(void *ctx, const char *key, size_t len, const char *line, size_t line_len)
{
    struct querier *q = ctx;
    int r = amq_filter_query(q->f, key, len);
    r ? q->maybe++ : q->no++;
    if (q->count_only)
        return 0;
    /* the key's line as read, NUL bytes included */
    return hold(&q->out, line, line_len) || hold(&q->out, r ? "\tmaybe\n" : "\tno\n", r ? 7 : 4);
}

enum { OPT_COUNT = 256, OPT_KEY_TYPE };

struct query_opts {
    struct querier *q;
    amq_parquet_key_type kt;
};

static int on_option(void *ctx, int id, const char *arg)
{
    struct query_opts *o = ctx;
    if (id == OPT_COUNT)
        o->q->count_only = 1;
    else if (!cli_key_type("query", arg, &o->kt))
        return CLI_EXIT_USAGE;
    return 0;
}

int cmd_query(int argc, char **argv)
{
    static const cli_option opts[] = {{"count", 0, 0, OPT_COUNT}, {"key-type", 0, 1, OPT_KEY_TYPE}};
    struct querier q = {0};
    struct query_opts o = {&q, AMQ_PARQUET_KEY_BYTES};
    const char *file;
    size_t nargs;
    int rc = cli_parse_args("query", USAGE, opts, sizeof opts / sizeof opts[0], on_option, &o, argc, argv, &file, 1,
                            &nargs);
    if (rc < 0) {
        puts(USAGE);
        return 0;
    }
    if (rc)
        return rc;
    if (nargs != 1)
        return cli_usage("query", USAGE, "expected exactly one FILE");
    if (amq_filter_load(&q.f, file) != AMQ_OK)
        return cli_fail("query", "%s", amq_last_error());
    rc = cli_each_key(o.kt, query_key, &q);
    amq_filter_free(q.f);
    if (rc == 0 && !q.count_only)
        rc = release(&q.out);
    free(q.out.mem);
    if (q.out.spill)
        fclose(q.out.spill);
    if (rc != 0) /* the key reader or hold has named the problem; nothing was printed */
        return CLI_EXIT_FAIL;
    if (q.count_only)
        printf("maybe %llu\nno %llu\n", (unsigned long long)q.maybe, (unsigned long long)q.no);
    return 0;
}
