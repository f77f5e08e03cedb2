/* External processes as implementations under test (amq/impl.h): the client side of the
 * line protocol of docs/protocol.md.
 *
 * Requests are pipelined: a batch is formatted into an output buffer and written while the
 * replies are read, both pipes non-blocking under one poll(), so a full pipe on either side
 * never deadlocks.  Every wait is bounded by the timeout (no progress for that long: the
 * process is hung and killed); end of file means it died, and waitpid says how (after a
 * broken pipe, the replies written before it are read first: none is lost).  Buffers and lines are bounded (lib_internal/protocol.h).  The session speaks version 2
 * when the process answers "hello 2" with it, version 1 when it answers "hello 1 ..." (or
 * answers "hello 2" with an error: it is then started again and greeted with "hello 1").  The process runs in its own
 * process group, which is killed at the end, so a shell's children go with it. */
#include <lib_internal/fail.h>
#include <lib_internal/impl.h>
#include <lib_internal/protocol.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define OUT_CAP (256u * 1024u)
#define IN_CAP (256u * 1024u)

typedef struct proc_ctx {
    pid_t pid;
    int to_fd, from_fd; /* our ends: the process's stdin and stdout */
    double timeout;
    int live; /* a filter of the process is alive */
    int hello_error; /* the process answered hello with "error" */
    size_t first_full; /* the first add answered "full" in the last exchange (else SIZE_MAX) */
    char *out;
    size_t out_len, out_pos;
    char *in;
    size_t in_len;
} proc_ctx;

typedef struct proc_obj {
    amq_external_obj ext;
} proc_obj;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Kills the process group and reaps the process; *status gets its wait status (or -1). */
static void reap(proc_ctx *pc, int *status, double grace)
{
    int st = -1;
    if (pc->pid > 0) {
        const double end = now() + grace;
        pid_t r;
        while ((r = waitpid(pc->pid, &st, WNOHANG)) == 0 && now() < end) {
            struct timespec ts = {0, 5 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
        kill(-pc->pid, SIGKILL); /* the group: also whatever the shell started */
        if (r == 0)
            waitpid(pc->pid, &st, 0);
        else if (r < 0)
            st = -1;
        pc->pid = -1;
    }
    if (status)
        *status = st;
}

static void close_fds(proc_ctx *pc)
{
    if (pc->to_fd >= 0)
        close(pc->to_fd);
    if (pc->from_fd >= 0)
        close(pc->from_fd);
    pc->to_fd = pc->from_fd = -1;
}

/* "exited with status 3", "was killed by signal 11 (Segmentation fault)". */
static void describe_status(char *buf, size_t len, int st)
{
    if (st == -1)
        snprintf(buf, len, "ended (status unknown)");
    else if (WIFEXITED(st))
        snprintf(buf, len, "exited with status %d", WEXITSTATUS(st));
    else if (WIFSIGNALED(st))
        snprintf(buf, len, "was killed by signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
    else
        snprintf(buf, len, "ended with wait status %d", st);
}

/* The request for messages, its key cut to 16 bytes. */
static void request_text(char *buf, size_t len, amq_proto_op op, const void *key, size_t klen, uint64_t seed)
{
    char line[2 * 16 + 32];
    const size_t shown = klen > 16 ? 16 : klen;
    size_t w = amq_proto_request(line, sizeof line, op, key, shown, seed);
    if (w)
        line[w - 1] = 0; /* the newline */
    else
        snprintf(line, sizeof line, "%s", amq_proto_verb(op));
    snprintf(buf, len, "'%s%s'", line, shown < klen ? "..." : "");
}

/* A reply line for messages: printable ASCII, cut at 80 characters. */
static void quote_line(char *buf, size_t len, const char *line, size_t l)
{
    size_t w = 0;
    for (size_t i = 0; i < l && i < 80 && w + 5 < len; i++) {
        const unsigned char c = (unsigned char)line[i];
        w += (size_t)snprintf(buf + w, len - w, c >= 32 && c < 127 ? "%c" : "\\x%02x", c);
    }
    snprintf(buf + w, len - w, "%s", l > 80 ? "..." : "");
}

/* Writes what it can of the output buffer; returns 0, or -1 on a broken pipe.  SIGPIPE is
 * blocked for the write and a pending one consumed, so a dead reader cannot kill us. */
static int write_some(proc_ctx *pc)
{
    sigset_t pipe_set, old, pending;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    sigpending(&pending);
    const int was_pending = sigismember(&pending, SIGPIPE);
    ssize_t w = write(pc->to_fd, pc->out + pc->out_pos, pc->out_len - pc->out_pos);
    const int err = errno;
    if (w < 0 && err == EPIPE && !was_pending) {
        struct timespec zero = {0, 0};
        sigtimedwait(&pipe_set, NULL, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (w < 0)
        return err == EAGAIN || err == EWOULDBLOCK || err == EINTR ? 0 : -1;
    pc->out_pos += (size_t)w;
    if (pc->out_pos == pc->out_len)
        pc->out_pos = pc->out_len = 0;
    return 0;
}

/* The process is dead or must die: stop the implementation with msg and the reason. */
static amq_status died(amq_impl *impl, const char *during)
{
    proc_ctx *pc = impl->ctx;
    int st;
    close_fds(pc);
    reap(pc, &st, pc->timeout < 2.0 ? pc->timeout : 2.0);
    char how[128];
    describe_status(how, sizeof how, st);
    return amq_impl_stop(impl, AMQ_E_IO, "process '%s' %s %s", impl->name, how, during);
}

/* A batch of requests: count of one op (keys[i]/lens[i] for add/query/remove, seed for new
 * and hello), or the mixed operations fops[i]. */
typedef struct requests {
    amq_proto_op op;
    const void *const *keys;
    const size_t *lens;
    uint64_t seed;
    const amq_filter_op *fops;
} requests;

static amq_proto_op op_at(const requests *q, size_t i)
{
    if (!q->fops)
        return q->op;
    return q->fops[i].kind == AMQ_FOP_ADD ? AMQ_OP_ADD : q->fops[i].kind == AMQ_FOP_QUERY ? AMQ_OP_QUERY : AMQ_OP_REMOVE;
}

static const void *key_at(const requests *q, size_t i) { return q->fops ? q->fops[i].key : q->keys ? q->keys[i] : NULL; }
static size_t len_at(const requests *q, size_t i) { return q->fops ? q->fops[i].len : q->lens ? q->lens[i] : 0; }

/* One reply line, the answer to request got of q (formatted of count sent so far): checked
 * against the request, its answer stored in results, a hello taken.  A reply that answers
 * nothing, an error reply or a malformed one stops the process with a message quoting it. */
static amq_status take_reply(amq_impl *impl, const requests *q, const char *line, size_t line_len, size_t got,
                             size_t formatted, size_t count, int *results)
{
    proc_ctx *pc = impl->ctx;
    char req[96], quoted[400];
    if (got == count || got == formatted) {
        quote_line(quoted, sizeof quoted, line, line_len);
        return amq_impl_stop(impl, AMQ_E_IO, "process '%s' sent a reply to no request: '%s'", impl->name, quoted);
    }
    amq_reply rep;
    amq_proto_parse(line, line_len, &rep);
    const amq_proto_op op = op_at(q, got);
    request_text(req, sizeof req, op, key_at(q, got), len_at(q, got), q->seed);
    if (rep.kind == AMQ_REPLY_ERROR) {
        pc->hello_error = op == AMQ_OP_HELLO;
        quote_line(quoted, sizeof quoted, rep.text, rep.text_len);
        return amq_impl_stop(impl, AMQ_E_IO, "process '%s' reported an error in reply to %s: %s", impl->name,
                             req, quoted);
    }
    if (rep.kind == AMQ_REPLY_MALFORMED || !amq_proto_answers(op, rep.kind)) {
        quote_line(quoted, sizeof quoted, line, line_len);
        return amq_impl_stop(impl, AMQ_E_IO, "process '%s' sent a malformed reply to %s: '%s' (%s)",
                             impl->name, req, quoted,
                             rep.kind == AMQ_REPLY_MALFORMED ? rep.text : "not an answer to that request");
    }
    if (rep.kind == AMQ_REPLY_FULL && impl->protocol < 2) {
        quote_line(quoted, sizeof quoted, line, line_len);
        return amq_impl_stop(impl, AMQ_E_IO,
                             "process '%s' sent a malformed reply to %s: '%s' (a reply of protocol version 2; "
                             "this session speaks version %u)",
                             impl->name, req, quoted, impl->protocol);
    }
    if (rep.kind == AMQ_REPLY_HELLO) {
        /* the version asked, or an earlier one (amqcert speaks them all) */
        if (rep.version < AMQ_PROTO_VERSION_MIN || rep.version > q->seed)
            return amq_impl_stop(impl, AMQ_E_BAD_VERSION,
                                 "process speaks protocol version %llu, this amqcert speaks versions %u to %u",
                                 (unsigned long long)rep.version, AMQ_PROTO_VERSION_MIN, AMQ_PROTO_VERSION);
        snprintf(impl->name, sizeof impl->name, "%.*s", (int)rep.name_len, rep.name);
        impl->protocol = (unsigned)rep.version;
        impl->can_remove = rep.can_remove;
        impl->can_refuse = rep.version >= 2 && rep.can_refuse;
    }
    if (rep.kind == AMQ_REPLY_FULL && pc->first_full == SIZE_MAX)
        pc->first_full = got;
    if (results && op == AMQ_OP_QUERY)
        results[got] = rep.kind == AMQ_REPLY_YES;
    else if (results && op == AMQ_OP_ADD) /* 1 done, 0 refused (full) */
        results[got] = rep.kind == AMQ_REPLY_OK;
    return AMQ_OK;
}

/* Sends the count requests of q, pipelined, and reads their replies; results[i] = 1 yes /
 * 0 no for the queries (may be NULL when there are none); *answered (may be NULL): the
 * requests answered before a failure (all of them on success).  A hello reply sets the
 * implementation's name and capabilities. */
static amq_status exchange(amq_impl *impl, const requests *q, size_t count, int *results, size_t *answered)
{
    proc_ctx *pc = impl->ctx;
    size_t got_here = 0, *got = answered ? answered : &got_here;
    *got = 0;
    pc->first_full = SIZE_MAX;
    if (impl->error[0])
        return amq_impl_stopped(impl);
    for (size_t i = 0; i < count; i++) { /* refuse before anything is sent */
        if (len_at(q, i) > AMQ_PROTO_MAX_KEY)
            return amq_fail(AMQ_E_TOO_LARGE, "process '%s': a key of %zu bytes exceeds the protocol's %u",
                            impl->name, len_at(q, i), AMQ_PROTO_MAX_KEY);
        if (op_at(q, i) == AMQ_OP_REMOVE && !impl->can_remove)
            return amq_fail(AMQ_E_INVALID_ARG, "process '%s' did not announce 'remove'", impl->name);
    }
    size_t formatted = 0;
    char during[256];
    int broken = 0; /* the process closed its input: nothing more is written */
    while (*got < count) {
        while (!broken && formatted < count && pc->out_len + AMQ_PROTO_MAX_REQUEST <= OUT_CAP) {
            const size_t w = amq_proto_request(pc->out + pc->out_len, OUT_CAP - pc->out_len, op_at(q, formatted),
                                               key_at(q, formatted), len_at(q, formatted), q->seed);
            if (!w) /* cannot happen: keys are checked above and the buffer has room */
                return amq_impl_stop(impl, AMQ_E_INVALID_ARG, "process '%s': a request could not be formatted",
                                     impl->name);
            pc->out_len += w;
            formatted++;
        }
        struct pollfd fds[2] = {{.fd = pc->from_fd, .events = POLLIN}, {.fd = pc->to_fd, .events = POLLOUT}};
        const nfds_t nf = !broken && pc->out_len > pc->out_pos ? 2 : 1;
        const int r = poll(fds, nf, (int)(pc->timeout * 1000.0 + 0.5));
        if (r < 0 && errno == EINTR)
            continue;
        snprintf(during, sizeof during, "after %zu of %zu replies to a batch of requests (the next: %s)", *got, count,
                 amq_proto_verb(op_at(q, *got < count ? *got : count - 1)));
        if (r < 0)
            return amq_impl_stop(impl, AMQ_E_IO, "process '%s': poll failed: %s", impl->name, strerror(errno));
        if (r == 0) {
            char msg[320];
            snprintf(msg, sizeof msg, "sent nothing for %g s (hung?) %s; killed it", pc->timeout, during);
            close_fds(pc);
            reap(pc, NULL, 0.0);
            return amq_impl_stop(impl, AMQ_E_IO, "process '%s' %s", impl->name, msg);
        }
        /* A broken pipe is not the end yet: the replies the process wrote before it closed
         * its input (a "no" among them) are read first, up to its end of output. */
        if (nf == 2 && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP)) && write_some(pc) < 0) {
            broken = 1;
            pc->out_len = pc->out_pos = 0;
        }
        if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        const ssize_t n = read(pc->from_fd, pc->in + pc->in_len, IN_CAP - pc->in_len);
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
            continue;
        if (n <= 0)
            return died(impl, during);
        pc->in_len += (size_t)n;
        size_t pos = 0, line_len, used;
        int fr;
        while ((fr = amq_proto_frame(pc->in + pos, pc->in_len - pos, &line_len, &used)) == 1) {
            const char *line = pc->in + pos;
            pos += used;
            const amq_status st = take_reply(impl, q, line, line_len, *got, formatted, count, results);
            if (st != AMQ_OK)
                return st;
            (*got)++;
        }
        if (fr < 0)
            return amq_impl_stop(impl, AMQ_E_IO, "process '%s' sent a reply line longer than %u bytes (malformed)",
                                 impl->name, AMQ_PROTO_MAX_REPLY);
        memmove(pc->in, pc->in + pos, pc->in_len - pos);
        pc->in_len -= pos;
    }
    return AMQ_OK;
}

static void proc_free(void *o)
{
    proc_obj *po = o;
    if (po)
        ((proc_ctx *)po->ext.impl->ctx)->live = 0;
    free(po);
}

/* A "full" among the adds of the last exchange: AMQ_E_FULL (the process goes on). */
static amq_status refused(amq_impl *impl, size_t *done)
{
    const size_t i = ((proc_ctx *)impl->ctx)->first_full;
    if (done)
        *done = i;
    return amq_fail(AMQ_E_FULL, "process '%s' refused an add: the filter is full", impl->name);
}

static amq_status proc_add(void *o, const void *key, size_t len)
{
    const size_t lens[1] = {len};
    const void *keys[1] = {key};
    const requests q = {.op = AMQ_OP_ADD, .keys = keys, .lens = lens};
    amq_impl *impl = ((proc_obj *)o)->ext.impl;
    amq_status st = exchange(impl, &q, 1, NULL, NULL);
    return st == AMQ_OK && ((proc_ctx *)impl->ctx)->first_full != SIZE_MAX ? refused(impl, NULL) : st;
}

/* After a failure, *done is the adds answered before it; after a "full", the adds before the
 * first one (the adds after it in the batch were answered too, and may have been done). */
static amq_status proc_add_batch(void *o, const void *const *keys, const size_t *lens, size_t count, size_t *done)
{
    const requests q = {.op = AMQ_OP_ADD, .keys = keys, .lens = lens};
    amq_impl *impl = ((proc_obj *)o)->ext.impl;
    amq_status st = exchange(impl, &q, count, NULL, done);
    return st == AMQ_OK && ((proc_ctx *)impl->ctx)->first_full != SIZE_MAX ? refused(impl, done) : st;
}

static void proc_query_batch(const void *o, const void *const *keys, const size_t *lens, size_t count, int *results)
{
    const requests q = {.op = AMQ_OP_QUERY, .keys = keys, .lens = lens};
    if (exchange(((const proc_obj *)o)->ext.impl, &q, count, results, NULL) != AMQ_OK)
        for (size_t i = 0; i < count; i++)
            results[i] = -1;
}

/* A whole mixed batch in one pipelined exchange: what the checker sends a filter. */
static amq_status proc_run_ops(void *o, const amq_filter_op *ops, size_t count, int *results, size_t *done)
{
    const requests q = {.fops = ops};
    return exchange(((proc_obj *)o)->ext.impl, &q, count, results, done); /* replies come in order */
}

static int proc_query(const void *o, const void *key, size_t len)
{
    int r;
    const size_t lens[1] = {len};
    const void *keys[1] = {key};
    proc_query_batch(o, keys, lens, 1, &r);
    return r;
}

static amq_status proc_remove(void *o, const void *key, size_t len)
{
    const size_t lens[1] = {len};
    const void *keys[1] = {key};
    const requests q = {.op = AMQ_OP_REMOVE, .keys = keys, .lens = lens};
    return exchange(((proc_obj *)o)->ext.impl, &q, 1, NULL, NULL);
}

static void proc_clear(void *o)
{
    proc_obj *po = o;
    const requests q = {.op = AMQ_OP_NEW, .seed = po->ext.seed};
    exchange(po->ext.impl, &q, 1, NULL, NULL);
}

static const amq_structure process_structure = {
    .name = "process",
    .title = "external process",
    .file_type = 0,
    AMQ_EXTERNAL_STRUCTURE_COMMON,
    .free = proc_free,
    .add = proc_add,
    .query = proc_query,
    .remove = proc_remove,
    .clear = proc_clear,
    .add_batch = proc_add_batch,
    .query_batch = proc_query_batch,
    .run_ops = proc_run_ops,
};

static amq_status proc_new_filter(amq_impl *impl, uint64_t seed, amq_filter **out)
{
    proc_ctx *pc = impl->ctx;
    if (pc->live)
        return amq_fail(AMQ_E_INVALID_ARG, "process '%s' holds one filter at a time: free the previous one first",
                        impl->name);
    const requests q = {.op = AMQ_OP_NEW, .seed = seed};
    amq_status st = exchange(impl, &q, 1, NULL, NULL);
    if (st != AMQ_OK)
        return st;
    proc_obj *po = calloc(1, sizeof *po);
    if (!po)
        return amq_fail(AMQ_E_NOMEM, "process '%s': out of memory", impl->name);
    po->ext.impl = impl;
    po->ext.seed = seed;
    pc->live = 1;
    return amq_filter_wrap(out, &process_structure, po);
}

static void proc_release(amq_impl *impl)
{
    proc_ctx *pc = impl->ctx;
    if (!pc)
        return;
    close_fds(pc); /* end of input: a well-behaved adapter exits */
    reap(pc, NULL, pc->timeout < 2.0 ? pc->timeout : 2.0);
    free(pc->out);
    free(pc->in);
    free(pc);
}

/* pipe() with both ends close-on-exec (the child gets its two ends by dup2 only). */
static int pipe_cloexec(int fd[2])
{
    if (pipe(fd) != 0)
        return -1;
    fcntl(fd[0], F_SETFD, FD_CLOEXEC);
    fcntl(fd[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

static amq_status spawn(proc_ctx *pc, const char *command)
{
    int to[2] = {-1, -1}, from[2] = {-1, -1};
    if (pipe_cloexec(to) != 0 || pipe_cloexec(from) != 0) {
        const int e = errno;
        if (to[0] >= 0) {
            close(to[0]);
            close(to[1]);
        }
        return amq_fail(AMQ_E_IO, "cannot make pipes for '%s': %s", command, strerror(e));
    }
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, to[0], 0);
    posix_spawn_file_actions_adddup2(&fa, from[1], 1);
    posix_spawnattr_init(&at);
    sigset_t none, def;
    sigemptyset(&none);
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE);
    posix_spawnattr_setsigmask(&at, &none);
    posix_spawnattr_setsigdefault(&at, &def);
    posix_spawnattr_setpgroup(&at, 0);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    char *argv[] = {"/bin/sh", "-c", (char *)command, NULL};
    const int e = posix_spawn(&pc->pid, "/bin/sh", &fa, &at, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    close(to[0]);
    close(from[1]);
    pc->to_fd = to[1];
    pc->from_fd = from[0];
    if (e != 0) {
        pc->pid = -1;
        close_fds(pc);
        return amq_fail(AMQ_E_IO, "cannot start '%s': %s", command, strerror(e));
    }
    fcntl(pc->to_fd, F_SETFL, fcntl(pc->to_fd, F_GETFL) | O_NONBLOCK);
    fcntl(pc->from_fd, F_SETFL, fcntl(pc->from_fd, F_GETFL) | O_NONBLOCK);
    return AMQ_OK;
}

amq_status amq_impl_process(amq_impl **out, const char *command, double timeout)
{
    if (!out || !command)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_impl_process: NULL argument");
    if (!(timeout > 0.0 && timeout <= 86400.0))
        return amq_fail(AMQ_E_INVALID_ARG, "process timeout must be in (0, 86400] seconds (got %g)", timeout);
    amq_impl *impl = calloc(1, sizeof *impl);
    proc_ctx *pc = calloc(1, sizeof *pc);
    char *ob = malloc(OUT_CAP), *ib = malloc(IN_CAP);
    if (!impl || !pc || !ob || !ib) {
        free(impl);
        free(pc);
        free(ob);
        free(ib);
        return amq_fail(AMQ_E_NOMEM, "process '%s': out of memory", command);
    }
    *pc = (proc_ctx){.pid = -1, .to_fd = -1, .from_fd = -1, .timeout = timeout, .out = ob, .in = ib};
    impl->kind = "process";
    snprintf(impl->name, sizeof impl->name, "%s", command);
    impl->new_filter = proc_new_filter;
    impl->release = proc_release;
    impl->ctx = pc;
    amq_status st = spawn(pc, command);
    const requests hello = {.op = AMQ_OP_HELLO, .seed = AMQ_PROTO_VERSION};
    if (st == AMQ_OK)
        st = exchange(impl, &hello, 1, NULL, NULL);
    if (st != AMQ_OK && pc->hello_error) {
        /* an adapter of version 1 that refuses "hello 2": again, in version 1 */
        close_fds(pc);
        reap(pc, NULL, 0.0);
        impl->error[0] = 0;
        pc->hello_error = 0;
        pc->in_len = pc->out_len = pc->out_pos = 0;
        const requests hello1 = {.op = AMQ_OP_HELLO, .seed = 1};
        st = spawn(pc, command);
        if (st == AMQ_OK)
            st = exchange(impl, &hello1, 1, NULL, NULL);
    }
    if (st != AMQ_OK) {
        amq_impl_free(impl);
        return st;
    }
    *out = impl;
    return AMQ_OK;
}
