/* amq serve STRUCTURE PARAMETERS: amqcert's own structures as an external process that
 * speaks the line protocol of docs/protocol.md on stdin/stdout, so that `amq check --exec`
 * checks them through exactly the path an adapter in another language takes.
 *
 * Input is read in large chunks; every whole request in a chunk is answered into one
 * output buffer, written before the next read: replies are never held back while this
 * process waits for input, so a pipelining client cannot deadlock it. */
#include "cli.h"
#include "params.h"
#include <lib_internal/protocol.h>
#include <amq/filter.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define IN_CAP (1u << 16)

typedef struct server {
    const amq_structure *s;
    amq_params p;
    amq_filter *f;
    unsigned version; /* of the session: 2 says "full" for a refused add */
    char *out;
    size_t out_len, out_cap;
} server;

static int put(server *sv, const char *text, size_t len)
{
    if (sv->out_len + len > sv->out_cap) {
        size_t cap = sv->out_cap ? sv->out_cap : 1u << 16;
        while (cap < sv->out_len + len)
            cap *= 2;
        char *b = realloc(sv->out, cap);
        if (!b)
            return -1;
        sv->out = b;
        sv->out_cap = cap;
    }
    memcpy(sv->out + sv->out_len, text, len);
    sv->out_len += len;
    return 0;
}

static int put_str(server *sv, const char *text) { return put(sv, text, strlen(text)); }

/* "error <message>\n", the message on one line. */
static int put_error(server *sv, const char *msg)
{
    char line[512];
    snprintf(line, sizeof line, "error %s", msg);
    for (char *c = line; *c; c++)
        if (*c == '\n' || *c == '\r')
            *c = ' ';
    return put_str(sv, line) || put_str(sv, "\n");
}

static int answer(server *sv, const char *line, size_t len)
{
    amq_proto_op op;
    unsigned char key[AMQ_PROTO_MAX_KEY];
    size_t klen = 0;
    uint64_t value = 0;
    const char *why;
    if (!amq_proto_parse_request(line, len, &op, key, sizeof key, &klen, &value, &why))
        return put_error(sv, why);
    if (op == AMQ_OP_HELLO) { /* the version asked, or the highest below it that it speaks */
        if (value < AMQ_PROTO_VERSION_MIN)
            return put_error(sv, "amq serve speaks protocol versions 1 and 2");
        sv->version = value < AMQ_PROTO_VERSION ? (unsigned)value : AMQ_PROTO_VERSION;
        char h[128];
        snprintf(h, sizeof h, "hello %u amq-%s%s%s\n", sv->version, amq_structure_name(sv->s),
                 amq_structure_can_remove(sv->s) ? " remove" : "", sv->version >= 2 ? " full" : "");
        return put_str(sv, h);
    }
    if (op == AMQ_OP_NEW) {
        amq_filter_free(sv->f);
        sv->f = NULL;
        amq_params p = sv->p;
        p.seed = value;
        return amq_filter_create(&sv->f, sv->s, &p) == AMQ_OK ? put_str(sv, "ok\n") : put_error(sv, amq_last_error());
    }
    if (!sv->f)
        return put_error(sv, "no filter yet: send 'new SEED' first");
    if (op == AMQ_OP_QUERY)
        return put_str(sv, amq_filter_query(sv->f, key, klen) ? "yes\n" : "no\n");
    const amq_status st = op == AMQ_OP_ADD ? amq_filter_add(sv->f, key, klen) : amq_filter_remove(sv->f, key, klen);
    if (st == AMQ_E_FULL && op == AMQ_OP_ADD && sv->version >= 2)
        return put_str(sv, "full\n"); /* a refused add: the filter is full, nothing changed */
    return st == AMQ_OK ? put_str(sv, "ok\n") : put_error(sv, amq_last_error());
}

static int write_all(const char *b, size_t len)
{
    while (len) {
        ssize_t w = write(STDOUT_FILENO, b, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        b += w;
        len -= (size_t)w;
    }
    return 0;
}

static int serve(server *sv)
{
    char *in = malloc(IN_CAP);
    if (!in)
        return cli_fail("serve", "out of memory");
    size_t have = 0;
    int rc = 0;
    for (;;) {
        ssize_t r = read(STDIN_FILENO, in + have, IN_CAP - have);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            rc = cli_fail("serve", "read error: %s", strerror(errno));
            break;
        }
        if (r == 0)
            break; /* end of input: the client is done */
        have += (size_t)r;
        size_t pos = 0;
        for (char *nl; (nl = memchr(in + pos, '\n', have - pos)) != NULL;) {
            size_t l = (size_t)(nl - (in + pos));
            if (l && in[pos + l - 1] == '\r')
                l--;
            if (answer(sv, in + pos, l)) {
                free(in);
                return cli_fail("serve", "out of memory");
            }
            pos = (size_t)(nl - in) + 1;
        }
        memmove(in, in + pos, have - pos);
        have -= pos;
        if (have == IN_CAP) { /* no newline in a whole buffer: no request is that long */
            put_error(sv, "request line too long");
            write_all(sv->out, sv->out_len);
            rc = cli_fail("serve", "request line longer than %u bytes", IN_CAP);
            break;
        }
        if (write_all(sv->out, sv->out_len)) {
            rc = cli_fail("serve", "write error: standard output: %s", errno ? strerror(errno) : "nothing was written");
            break;
        }
        sv->out_len = 0;
    }
    free(in);
    return rc;
}

int cmd_serve(int argc, char **argv)
{
    static const char USAGE[] = "amq serve STRUCTURE PARAMETERS   (the line protocol of docs/protocol.md)";
    if (argc < 2)
        return cli_usage("serve", USAGE, "missing structure (one of: %s)", cli_structure_names());
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        printf("usage: %s\n\nServes fresh filters of a structure over stdin/stdout: each 'new SEED' request\n"
               "makes one with that seed.  For `amq check --exec 'amq serve ...'`.\n",
               USAGE);
        for (size_t i = 0; i < amq_structure_count(); i++) {
            const amq_structure *s = amq_structure_at(i);
            char pu[256];
            cli_params_usage(pu, sizeof pu, s, CLI_PARAMS_BUILD);
            printf("\namq serve %s%s\n", amq_structure_name(s), pu);
            cli_params_help(stdout, s, CLI_PARAMS_BUILD);
        }
        return 0;
    }
    server sv = {.s = amq_structure_find(argv[1])};
    if (!sv.s)
        return cli_usage("serve", USAGE, "unknown structure '%s' (one of: %s)", argv[1], cli_structure_names());
    amq_params_init(&sv.p, sv.s);
    int given[AMQ_PARAMS_MAX];
    int rc = cli_parse("serve", USAGE, sv.s, CLI_PARAMS_BUILD, NULL, 0, NULL, NULL, argc - 1, argv + 1, &sv.p, given);
    if (rc)
        return rc < 0 ? 0 : rc;
    for (size_t i = 0; i < amq_structure_nparams(sv.s); i++) {
        const amq_param_info *q = amq_structure_param(sv.s, i);
        if ((q->flags & AMQ_PARAM_REQUIRED) && !given[i])
            return cli_usage("serve", USAGE, "missing %s (--%s)", q->what, q->opt);
    }
    amq_filter *probe; /* bad parameters are refused now, not at the first 'new' */
    if (amq_filter_create(&probe, sv.s, &sv.p) != AMQ_OK)
        return cli_fail("serve", "%s", amq_last_error());
    amq_filter_free(probe);
    rc = serve(&sv);
    amq_filter_free(sv.f);
    free(sv.out);
    return rc;
}
