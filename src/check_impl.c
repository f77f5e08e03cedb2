/* The open checker (amq/check_impl.h): the schedule of operations, its execution on any
 * implementation, and the verdicts (statistics in check_impl_stats.c). */
#include <lib_internal/check_impl.h>
#include <lib_internal/fail.h>
#include <lib_internal/impl.h>
#include <lib_internal/protocol.h>
#include <lib_internal/structure.h>
#include <amq/stats.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 8192u /* keys per batch call */

int amq_accuracy_score(uint64_t negatives, uint64_t queries)
{
    if (queries == 0 || negatives == 0)
        return 0;
    if (negatives >= queries)
        return 100;
    const uint64_t s = (uint64_t)((unsigned __int128)negatives * 100u / queries);
    return s < 1 ? 1 : s > 99 ? 99 : (int)s;
}

uint64_t amq_check_filter_seed(const amq_impl_check_config *cfg, uint64_t f)
{
    uint64_t st = cfg->seed + f * UINT64_C(0x9E3779B97F4A7C15);
    return amq_splitmix64(&st);
}

uint64_t amq_impl_check_keys_per_filter(const amq_impl_check_config *cfg)
{
    if (!cfg)
        return 0;
    return cfg->n + cfg->loads * cfg->queries + (cfg->removals ? cfg->queries : 0);
}

uint64_t amq_check_load(const amq_impl_check_config *cfg, uint64_t l)
{
    return (uint64_t)(((unsigned __int128)l * cfg->n + cfg->loads - 1) / cfg->loads);
}

size_t amq_check_schedule(const amq_impl_check_config *cfg, amq_check_step *steps)
{
    size_t s = 0;
    uint64_t prev = 0, fresh = cfg->n;
    for (uint64_t l = 1; l <= cfg->loads; l++) {
        const uint64_t nl = amq_check_load(cfg, l);
        if (nl > prev)
            steps[s++] = (amq_check_step){AMQ_STEP_ADD, prev, nl - prev, -1};
        steps[s++] = (amq_check_step){AMQ_STEP_QUERY_FRESH, fresh, cfg->queries, (int)(l - 1)};
        fresh += cfg->queries;
        prev = nl;
    }
    steps[s++] = (amq_check_step){AMQ_STEP_QUERY_ADDED, 0, cfg->n, -1};
    if (cfg->removals) {
        steps[s++] = (amq_check_step){AMQ_STEP_REMOVE, 0, cfg->removals, -1};
        if (cfg->removals < cfg->n)
            steps[s++] = (amq_check_step){AMQ_STEP_QUERY_ADDED, cfg->removals, cfg->n - cfg->removals, -1};
        steps[s++] = (amq_check_step){AMQ_STEP_QUERY_FRESH, fresh, cfg->queries, (int)cfg->loads};
    }
    return s;
}

amq_status amq_impl_check_validate(const amq_impl_check_config *cfg)
{
    if (!cfg)
        return amq_fail(AMQ_E_INVALID_ARG, "check: NULL configuration");
    if (cfg->n == 0)
        return amq_fail(AMQ_E_INVALID_N, "check: n = 0 keys (the check needs at least one)");
    if (cfg->loads == 0 || cfg->loads > AMQ_IMPL_CHECK_MAX_LOADS || cfg->loads > cfg->n)
        return amq_fail(AMQ_E_INVALID_ARG, "check: %llu load points (1..%u, and at most n = %llu)",
                        (unsigned long long)cfg->loads, AMQ_IMPL_CHECK_MAX_LOADS, (unsigned long long)cfg->n);
    if (cfg->filters == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "check: 0 filters (the check needs at least 1)");
    if (cfg->queries == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "check: 0 queries per load point (the check needs at least 1)");
    if (cfg->removals > cfg->n)
        return amq_fail(AMQ_E_INVALID_ARG, "check: %llu removals exceed n = %llu keys",
                        (unsigned long long)cfg->removals, (unsigned long long)cfg->n);
    if (!(cfg->alpha > 0.0 && cfg->alpha < 1.0))
        return amq_fail(AMQ_E_INVALID_ARG, "check: alpha must be in (0, 1) (got %g)", cfg->alpha);
    if ((unsigned)cfg->keys >= AMQ_KEYS_FORMATS)
        return amq_fail(AMQ_E_INVALID_ARG, "check: unknown key format %d", (int)cfg->keys);
    if (cfg->keys == AMQ_KEYS_LIST && !cfg->key_list)
        return amq_fail(AMQ_E_INVALID_ARG, "check: key format 'file' without a key list");
    if (cfg->model && cfg->queries > 1 && !amq_structure_has_fp_moments(cfg->model))
        return amq_fail(AMQ_E_INVALID_ARG,
                        "check: the moments of the %s rate are not known, so %llu queries per filter "
                        "cannot be tested exactly: use one query per filter (Q = 1)",
                        amq_structure_name(cfg->model), (unsigned long long)cfg->queries);
    /* A model that no filter can follow to n keys: its rate there assumes adds that every
     * filter of its parameters refuses (2^q + slack slots of a quotient filter, say), so the
     * run could end only in "no verdict on the rate", after the implementation was started. */
    const uint64_t cap = cfg->model ? amq_structure_capacity(cfg->model, &cfg->model_params) : UINT64_MAX;
    if (cfg->n > cap)
        return amq_fail(AMQ_E_INVALID_ARG,
                        "check: n = %llu keys, but a %s filter of the model's parameters holds at most %llu keys "
                        "(every further add is refused), so its rate at n describes no filter: give the model "
                        "more room, or check without a model (refusals only)",
                        (unsigned long long)cfg->n, amq_structure_name(cfg->model), (unsigned long long)cap);
    /* every key number of the run must fit 64 bits */
    const unsigned __int128 total = (unsigned __int128)cfg->filters * amq_impl_check_keys_per_filter(cfg);
    if (cfg->n > UINT64_MAX / 4 || cfg->queries > UINT64_MAX / 4 / (cfg->loads + 1) || total >> 63)
        return amq_fail(AMQ_E_TOO_LARGE, "check: too many keys for one run");
    if (cfg->keys == AMQ_KEYS_LIST && total > amq_key_list_count(cfg->key_list))
        return amq_fail(AMQ_E_INVALID_ARG,
                        "check: the key list has %llu keys; the run needs %llu (%llu filters x %llu keys each)",
                        (unsigned long long)amq_key_list_count(cfg->key_list), (unsigned long long)total,
                        (unsigned long long)cfg->filters, (unsigned long long)amq_impl_check_keys_per_filter(cfg));
    return AMQ_OK;
}

/* ---- execution ---- */

/* What one operation of a chunk is for: its step and key, its number on the filter, and
 * the bytes of the record through its request. */
typedef struct op_meta {
    const amq_check_step *step;
    uint64_t key_number, op_number;
    int after_removals;
    uint64_t record_end;
} op_meta;

typedef struct run {
    const amq_impl_check_config *cfg;
    amq_impl_check_result *res;
    unsigned char *keys;
    amq_filter_op *ops;
    op_meta *meta;
    int *answers;
    uint64_t *positives, *queried; /* per point: fresh queries answered, and their "yes" */
    uint64_t *hist;                /* per point: filters by their count of "yes" (may be NULL) */
    uint64_t *fpos, *fqueried;     /* per point: the current filter's "yes" and answers */
    uint64_t adds;                 /* adds answered on the current filter */
    int refused;                   /* the current filter refused an add */
    uint64_t record_bytes;         /* written to cfg->record */
} run;

/* One request into the record of the session (cfg->record), if any. */
static void record(run *r, amq_proto_op op, const void *key, size_t len, uint64_t seed)
{
    if (!r->cfg->record)
        return;
    char line[2 * AMQ_IMPL_CHECK_KEY_MAX + 32];
    const size_t w = amq_proto_request(line, sizeof line, op, key, len, seed);
    r->record_bytes += fwrite(line, 1, w, r->cfg->record);
}

/* The implementation failed at operation op_number of filter f: the check ends there, with
 * where it happened in res->error and amq_last_error(). */
static amq_status end_check(run *r, amq_status st, uint64_t f, uint64_t seed, uint64_t op_number,
                            uint64_t record_end, const char *what)
{
    char msg[700];
    snprintf(msg, sizeof msg, "%s", amq_last_error());
    amq_impl_check_result *res = r->res;
    res->ended = 1;
    res->end_filter = f;
    res->end_ops = op_number;
    res->end_adds = r->adds;
    res->end_record_bytes = record_end;
    snprintf(res->error, sizeof res->error, "filter %llu (seed %llu), operation %llu, after %llu adds: %s%s",
             (unsigned long long)f, (unsigned long long)seed, (unsigned long long)op_number,
             (unsigned long long)r->adds, what, msg);
    return amq_fail(st, "%s", res->error);
}

/* Sends the chunk ops[0..c) to the filter (one pipelined exchange for a process) and reads
 * its answers: fresh queries count for their point, a "no" to an added key is recorded as a
 * false negative.  Every operation answered before a failure counts, so a false negative
 * is kept whatever comes after it in the chunk. */
static amq_status flush_chunk(run *r, amq_impl *impl, amq_filter *flt, uint64_t f, uint64_t seed, size_t c)
{
    size_t done = 0;
    amq_status st = amq_filter_run_ops(flt, r->ops, c, r->answers, &done);
    if (st == AMQ_OK || done > c)
        done = c;
    amq_impl_check_result *res = r->res;
    /* a full table of one of amqcert's own structures: a refused add, like "full" */
    if (st == AMQ_E_FULL && !amq_impl_error(impl) && done < c && r->ops[done].kind == AMQ_FOP_ADD) {
        r->answers[done++] = 0;
        st = AMQ_OK;
    }
    for (size_t i = 0; i < done; i++) {
        const op_meta *m = &r->meta[i];
        if (m->step->kind == AMQ_STEP_ADD && !r->answers[i]) {
            /* refused: the filter ends here; the answers after it (already sent) do not count */
            r->refused = 1;
            if (res->refused_filters++ == 0) {
                res->refusal_filter = f;
                res->refusal_key_number = m->key_number;
                res->refusal_adds = r->adds;
            }
            break;
        }
        if (m->step->kind == AMQ_STEP_ADD) {
            r->adds++;
        } else if (m->step->kind == AMQ_STEP_QUERY_FRESH) {
            r->positives[m->step->point] += (uint64_t)r->answers[i];
            r->queried[m->step->point]++;
            r->fpos[m->step->point] += (uint64_t)r->answers[i];
            r->fqueried[m->step->point]++;
        } else if (m->step->kind == AMQ_STEP_QUERY_ADDED || m->step->kind == AMQ_STEP_QUERY_KEPT) {
            if (m->step->kind == AMQ_STEP_QUERY_KEPT)
                res->kept_queries++;
            else
                res->added_queries++;
            if (!r->answers[i] && !res->false_negative) {
                res->fn_after_refusal = m->step->kind == AMQ_STEP_QUERY_KEPT;
                res->false_negative = 1;
                res->fn_filter = f;
                res->fn_seed = seed;
                res->fn_key_number = m->key_number;
                res->fn_after_removals = m->after_removals;
                res->fn_ops = m->op_number;
                res->fn_record_bytes = m->record_end;
                res->fn_key_len = r->ops[i].len;
                memcpy(res->fn_key, r->ops[i].key, r->ops[i].len);
            }
        }
    }
    if (st == AMQ_OK)
        return AMQ_OK;
    const size_t at = done < c ? done : c - 1;
    char what[96] = "";
    if (!amq_impl_error(impl) && done < c && r->ops[done].kind != AMQ_FOP_QUERY) /* one of amqcert's own */
        snprintf(what, sizeof what, "%s of key %llu refused: ", r->ops[done].kind == AMQ_FOP_ADD ? "the add" : "the remove",
                 (unsigned long long)r->meta[done].key_number);
    return end_check(r, st, f, seed, r->meta[at].op_number, r->meta[at].record_end, what);
}

/* One filter's schedule, in chunks of up to CHUNK operations that may span steps (a
 * process gets each chunk as one pipelined batch); returns AMQ_OK also when it found a
 * false negative (recorded). */
static amq_status run_filter(run *r, amq_impl *impl, uint64_t f, const amq_check_step *steps, size_t nsteps)
{
    static const amq_filter_op_kind KIND[] = {[AMQ_STEP_ADD] = AMQ_FOP_ADD, [AMQ_STEP_QUERY_FRESH] = AMQ_FOP_QUERY,
                                              [AMQ_STEP_QUERY_ADDED] = AMQ_FOP_QUERY,
                                              [AMQ_STEP_REMOVE] = AMQ_FOP_REMOVE,
                                              [AMQ_STEP_QUERY_KEPT] = AMQ_FOP_QUERY};
    static const amq_proto_op PROTO[] = {[AMQ_FOP_ADD] = AMQ_OP_ADD, [AMQ_FOP_QUERY] = AMQ_OP_QUERY,
                                         [AMQ_FOP_REMOVE] = AMQ_OP_REMOVE};
    const uint64_t seed = amq_check_filter_seed(r->cfg, f);
    r->adds = 0;
    r->refused = 0;
    memset(r->fpos, 0, r->res->npoints * sizeof *r->fpos);
    memset(r->fqueried, 0, r->res->npoints * sizeof *r->fqueried);
    record(r, AMQ_OP_NEW, NULL, 0, seed);
    amq_filter *flt;
    amq_status st = amq_impl_new_filter(impl, seed, &flt);
    if (st != AMQ_OK)
        return end_check(r, st, f, seed, 1, r->record_bytes, "");
    if (f == 0)
        snprintf(r->res->describe, sizeof r->res->describe, "%s", amq_impl_describe(impl, flt));
    uint64_t op_number = 1; /* "new" */
    int removed = 0;
    size_t c = 0;
    for (int sweep = 0; sweep < 2; sweep++) {
        /* the schedule; after a refused add, the keys added before it */
        const amq_check_step kept = {AMQ_STEP_QUERY_KEPT, 0, r->adds, -1};
        const amq_check_step *list = sweep ? &kept : steps;
        removed &= !sweep; /* removes queued after a refusal were not sent, or not executed */
        const size_t nlist = sweep ? (r->refused && st == AMQ_OK && !r->res->false_negative) : nsteps;
        for (size_t s = 0; s < nlist && st == AMQ_OK && !r->res->false_negative && r->refused == sweep; s++) {
            const amq_check_step *sp = &list[s];
            for (uint64_t i = 0; i < sp->count && st == AMQ_OK && !r->res->false_negative && r->refused == sweep; i++) {
                size_t klen;
                const unsigned char *key =
                    amq_check_key(r->cfg, f, sp->first + i, r->keys + c * AMQ_CHECK_WRITTEN_KEY_MAX, &klen);
                r->ops[c] = (amq_filter_op){KIND[sp->kind], key, klen};
                r->answers[c] = 1; /* an add is done unless refused */
                record(r, PROTO[KIND[sp->kind]], key, klen, 0);
                r->meta[c] = (op_meta){sp, sp->first + i, ++op_number, removed, r->record_bytes};
                if (++c == CHUNK) {
                    st = flush_chunk(r, impl, flt, f, seed, c);
                    c = 0;
                }
            }
            /* A process of version 2 may refuse an add: its batch ends with the add step, so
             * that what follows a refusal (removes) is never sent along with it. */
            if (sp->kind == AMQ_STEP_ADD && c && amq_impl_protocol(impl) >= 2 && st == AMQ_OK && !r->res->false_negative) {
                st = flush_chunk(r, impl, flt, f, seed, c);
                c = 0;
            }
            removed |= sp->kind == AMQ_STEP_REMOVE;
        }
        if (c && st == AMQ_OK && !r->res->false_negative)
            st = flush_chunk(r, impl, flt, f, seed, c);
        c = 0;
    }
    amq_filter_free(flt);
    if (st == AMQ_OK && !r->res->false_negative && !r->refused)
        r->res->filters_done++;
    /* the filter's count at each point it answered in full: the law between filters */
    for (size_t i = 0; r->hist && i < r->res->npoints; i++)
        if (r->fqueried[i] == r->cfg->queries)
            r->hist[i * (r->cfg->queries + 1) + r->fpos[i]]++;
    return st;
}

amq_status amq_impl_check(amq_impl *impl, const amq_impl_check_config *cfg, amq_impl_check_result *res)
{
    if (!res)
        return amq_fail(AMQ_E_INVALID_ARG, "check: NULL argument");
    memset(res, 0, sizeof *res);
    if (!impl)
        return amq_fail(AMQ_E_INVALID_ARG, "check: NULL argument");
    amq_status st = amq_impl_check_validate(cfg);
    if (st != AMQ_OK)
        return st;
    if (cfg->removals && !amq_impl_can_remove(impl))
        return amq_fail(AMQ_E_INVALID_ARG, "check: %llu removals asked, but '%s' cannot remove keys",
                        (unsigned long long)cfg->removals, amq_impl_name(impl));
    res->npoints = (size_t)cfg->loads + (cfg->removals ? 1 : 0);
    res->shared = cfg->queries > 1;
    res->points = calloc(res->npoints, sizeof *res->points);
    amq_check_step *steps = malloc((2 * (size_t)cfg->loads + 4) * sizeof *steps);
    run r = {.cfg = cfg, .res = res};
    r.keys = malloc(CHUNK * AMQ_CHECK_WRITTEN_KEY_MAX);
    r.ops = malloc(CHUNK * sizeof *r.ops);
    r.meta = malloc(CHUNK * sizeof *r.meta);
    r.answers = malloc(CHUNK * sizeof *r.answers);
    r.positives = calloc(res->npoints, sizeof *r.positives);
    r.queried = calloc(res->npoints, sizeof *r.queried);
    r.fpos = calloc(res->npoints, sizeof *r.fpos);
    r.fqueried = calloc(res->npoints, sizeof *r.fqueried);
    /* the histogram of per-filter counts, unless it would be too large (then intervals of
     * the shared design are Hoeffding's, and there is no dispersion test) */
    if (cfg->queries <= AMQ_CHECK_HIST_MAX / res->npoints - 1)
        r.hist = calloc(res->npoints * (cfg->queries + 1), sizeof *r.hist);
    double *moments = malloc(res->npoints * AMQ_CHECK_MOMENT_SLOTS * sizeof *moments);
    if (!res->points || !steps || !r.keys || !r.ops || !r.meta || !r.answers || !r.positives || !r.queried ||
        !r.fpos || !r.fqueried || !moments || (!r.hist && cfg->queries <= AMQ_CHECK_HIST_MAX / res->npoints - 1))
        st = amq_fail(AMQ_E_NOMEM, "check: out of memory");
    /* The model's rates first: a model that cannot be computed stops before any work. */
    if (st == AMQ_OK)
        st = amq_check_model_rates(cfg, res, moments);
    amq_status ran = AMQ_OK;
    if (st == AMQ_OK) {
        const size_t nsteps = amq_check_schedule(cfg, steps);
        record(&r, AMQ_OP_HELLO, NULL, 0, amq_impl_protocol(impl)); /* the session's version */
        for (uint64_t f = 0; f < cfg->filters && ran == AMQ_OK && !res->false_negative; f++) {
            ran = run_filter(&r, impl, f, steps, nsteps);
            if (cfg->progress)
                cfg->progress(cfg->progress_ctx, f + 1, cfg->filters);
        }
        char msg[AMQ_IMPL_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", amq_last_error());
        st = amq_check_verdicts(cfg, res, r.positives, r.queried, moments, r.hist);
        if (st == AMQ_OK && ran != AMQ_OK)
            amq_fail(ran, "%s", msg); /* the report is complete; the failure is the status */
    }
    free(moments);
    free(steps);
    free(r.keys);
    free(r.ops);
    free(r.meta);
    free(r.answers);
    free(r.positives);
    free(r.queried);
    free(r.fpos);
    free(r.fqueried);
    free(r.hist);
    if (st != AMQ_OK) {
        amq_impl_check_result_free(res);
        return st;
    }
    return ran;
}
void amq_impl_check_result_free(amq_impl_check_result *res)
{
    if (res) {
        free(res->points);
        res->points = NULL;
        res->npoints = 0;
    }
}

amq_status amq_impl_check_replay(const amq_impl_check_config *cfg, uint64_t f, uint64_t upto, FILE *out)
{
    amq_status st = amq_impl_check_validate(cfg);
    if (st != AMQ_OK)
        return st;
    if (!out || f >= cfg->filters)
        return amq_fail(AMQ_E_INVALID_ARG, "replay: no filter %llu in a check of %llu", (unsigned long long)f,
                        (unsigned long long)cfg->filters);
    amq_check_step *steps = malloc((2 * (size_t)cfg->loads + 4) * sizeof *steps);
    if (!steps)
        return amq_fail(AMQ_E_NOMEM, "replay: out of memory");
    const size_t nsteps = amq_check_schedule(cfg, steps);
    char line[2 * AMQ_IMPL_CHECK_KEY_MAX + 32];
    size_t w = amq_proto_request(line, sizeof line, AMQ_OP_NEW, NULL, 0, amq_check_filter_seed(cfg, f));
    fwrite(line, 1, w, out);
    uint64_t ops = 1;
    for (size_t s = 0; s < nsteps && (!upto || ops < upto); s++) {
        const amq_proto_op op = steps[s].kind == AMQ_STEP_ADD      ? AMQ_OP_ADD
                                : steps[s].kind == AMQ_STEP_REMOVE ? AMQ_OP_REMOVE
                                                                   : AMQ_OP_QUERY;
        for (uint64_t i = 0; i < steps[s].count && (!upto || ops < upto); i++, ops++) {
            unsigned char scratch[AMQ_CHECK_WRITTEN_KEY_MAX];
            size_t klen;
            const unsigned char *key = amq_check_key(cfg, f, steps[s].first + i, scratch, &klen);
            w = amq_proto_request(line, sizeof line, op, key, klen, 0);
            fwrite(line, 1, w, out);
        }
    }
    free(steps);
    if (ferror(out))
        return amq_fail(AMQ_E_IO, "replay: write error");
    return AMQ_OK;
}
