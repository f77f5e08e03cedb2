/* The open checker (amq/check_impl.h): the schedule of operations, its execution on any
 * implementation, and the verdicts (statistics in check_impl_stats.c). */
#include <internal/check_impl.h>
#include <internal/fail.h>
#include <internal/impl.h>
#include <internal/protocol.h>
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

uint64_t amq_check_keys_per_filter(const amq_impl_check_config *cfg)
{
    return cfg->n + cfg->loads * cfg->queries + (cfg->removals ? cfg->queries : 0);
}

void amq_check_key(const amq_impl_check_config *cfg, uint64_t f, uint64_t rel, unsigned char *out)
{
    uint64_t st = cfg->seed ^ UINT64_C(0x6b65797362617365); /* "keysbase" */
    const uint64_t v = amq_splitmix64(&st) + f * amq_check_keys_per_filter(cfg) + rel;
    for (unsigned i = 0; i < AMQ_IMPL_CHECK_KEY_BYTES; i++)
        out[i] = (unsigned char)(v >> (8 * i));
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
    if (cfg->filters == 0 || cfg->queries == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "check: needs at least 1 filter and 1 query per load point");
    if (cfg->removals > cfg->n)
        return amq_fail(AMQ_E_INVALID_ARG, "check: %llu removals exceed n = %llu keys",
                        (unsigned long long)cfg->removals, (unsigned long long)cfg->n);
    if (!(cfg->alpha > 0.0 && cfg->alpha < 1.0))
        return amq_fail(AMQ_E_INVALID_ARG, "check: alpha must be in (0, 1) (got %g)", cfg->alpha);
    /* every key number of the run must fit 64 bits */
    const unsigned __int128 total = (unsigned __int128)cfg->filters * amq_check_keys_per_filter(cfg);
    if (cfg->n > UINT64_MAX / 4 || cfg->queries > UINT64_MAX / 4 / (cfg->loads + 1) || total >> 63)
        return amq_fail(AMQ_E_TOO_LARGE, "check: too many keys for one run");
    return AMQ_OK;
}

/* ---- execution ---- */

/* What one operation of a chunk is for: its step and key, and its number on the filter. */
typedef struct op_meta {
    const amq_check_step *step;
    uint64_t key_number, op_number;
    int after_removals;
} op_meta;

typedef struct run {
    const amq_impl_check_config *cfg;
    amq_impl_check_result *res;
    unsigned char *keys;
    amq_filter_op *ops;
    op_meta *meta;
    int *answers;
    uint64_t *positives; /* per point */
} run;

/* Sends the chunk ops[0..c) to the filter (one pipelined exchange for a process) and reads
 * its answers: fresh queries count for their point, a "no" to an added key is recorded as a
 * false negative. */
static amq_status flush_chunk(run *r, amq_impl *impl, amq_filter *flt, uint64_t f, uint64_t seed, size_t c)
{
    size_t done = 0;
    amq_status st = amq_filter_run_ops(flt, r->ops, c, r->answers, &done);
    if (st != AMQ_OK && !amq_impl_error(impl) && done < c && r->ops[done].kind != AMQ_FOP_QUERY) {
        /* a refusal by one of amqcert's own structures (full table, saturated counter) */
        char msg[600];
        snprintf(msg, sizeof msg, "%s", amq_last_error());
        return amq_fail(st, "filter %llu (seed %llu): %s of key %llu refused: %s", (unsigned long long)f,
                        (unsigned long long)seed, r->ops[done].kind == AMQ_FOP_ADD ? "the add" : "the remove",
                        (unsigned long long)r->meta[done].key_number, msg);
    }
    for (size_t i = 0; i < done; i++) {
        const op_meta *m = &r->meta[i];
        if (m->step->kind == AMQ_STEP_QUERY_FRESH) {
            r->positives[m->step->point] += (uint64_t)r->answers[i];
        } else if (m->step->kind == AMQ_STEP_QUERY_ADDED && !r->answers[i]) {
            amq_impl_check_result *res = r->res;
            res->false_negative = 1;
            res->fn_filter = f;
            res->fn_seed = seed;
            res->fn_key_number = m->key_number;
            res->fn_after_removals = m->after_removals;
            res->fn_ops = m->op_number;
            memcpy(res->fn_key, r->keys + i * AMQ_IMPL_CHECK_KEY_BYTES, AMQ_IMPL_CHECK_KEY_BYTES);
            break;
        }
    }
    return st;
}

/* One filter's schedule, in chunks of up to CHUNK operations that may span steps (a
 * process gets each chunk as one pipelined batch); returns AMQ_OK also when it found a
 * false negative (recorded). */
static amq_status run_filter(run *r, amq_impl *impl, uint64_t f, const amq_check_step *steps, size_t nsteps)
{
    static const amq_filter_op_kind KIND[] = {[AMQ_STEP_ADD] = AMQ_FOP_ADD, [AMQ_STEP_QUERY_FRESH] = AMQ_FOP_QUERY,
                                              [AMQ_STEP_QUERY_ADDED] = AMQ_FOP_QUERY,
                                              [AMQ_STEP_REMOVE] = AMQ_FOP_REMOVE};
    const uint64_t seed = amq_check_filter_seed(r->cfg, f);
    amq_filter *flt;
    amq_status st = amq_impl_new_filter(impl, seed, &flt);
    if (st != AMQ_OK)
        return st;
    if (f == 0)
        snprintf(r->res->describe, sizeof r->res->describe, "%s", amq_impl_describe(impl, flt));
    uint64_t op_number = 1; /* "new" */
    int removed = 0;
    size_t c = 0;
    for (size_t s = 0; s < nsteps && st == AMQ_OK && !r->res->false_negative; s++) {
        const amq_check_step *sp = &steps[s];
        for (uint64_t i = 0; i < sp->count && st == AMQ_OK && !r->res->false_negative; i++) {
            unsigned char *key = r->keys + c * AMQ_IMPL_CHECK_KEY_BYTES;
            amq_check_key(r->cfg, f, sp->first + i, key);
            r->ops[c] = (amq_filter_op){KIND[sp->kind], key, AMQ_IMPL_CHECK_KEY_BYTES};
            r->meta[c] = (op_meta){sp, sp->first + i, ++op_number, removed};
            if (++c == CHUNK) {
                st = flush_chunk(r, impl, flt, f, seed, c);
                c = 0;
            }
        }
        removed |= sp->kind == AMQ_STEP_REMOVE;
    }
    if (c && st == AMQ_OK && !r->res->false_negative)
        st = flush_chunk(r, impl, flt, f, seed, c);
    amq_filter_free(flt);
    return st;
}

amq_status amq_impl_check(amq_impl *impl, const amq_impl_check_config *cfg, amq_impl_check_result *res)
{
    if (!impl || !res)
        return amq_fail(AMQ_E_INVALID_ARG, "check: NULL argument");
    amq_status st = amq_impl_check_validate(cfg);
    if (st != AMQ_OK)
        return st;
    if (cfg->removals && !amq_impl_can_remove(impl))
        return amq_fail(AMQ_E_INVALID_ARG, "check: %llu removals asked, but '%s' cannot remove keys",
                        (unsigned long long)cfg->removals, amq_impl_name(impl));
    memset(res, 0, sizeof *res);
    res->npoints = (size_t)cfg->loads + (cfg->removals ? 1 : 0);
    res->shared = cfg->queries > 1;
    res->points = calloc(res->npoints, sizeof *res->points);
    amq_check_step *steps = malloc((2 * (size_t)cfg->loads + 4) * sizeof *steps);
    run r = {.cfg = cfg, .res = res};
    r.keys = malloc(CHUNK * AMQ_IMPL_CHECK_KEY_BYTES);
    r.ops = malloc(CHUNK * sizeof *r.ops);
    r.meta = malloc(CHUNK * sizeof *r.meta);
    r.answers = malloc(CHUNK * sizeof *r.answers);
    r.positives = calloc(res->npoints, sizeof *r.positives);
    double *moments = malloc(res->npoints * (AMQ_CHECK_MOMENTS + 1) * sizeof *moments);
    if (!res->points || !steps || !r.keys || !r.ops || !r.meta || !r.answers || !r.positives || !moments)
        st = amq_fail(AMQ_E_NOMEM, "check: out of memory");
    /* The model's rates first: a model that cannot be computed stops before any work. */
    if (st == AMQ_OK)
        st = amq_check_model_rates(cfg, res, moments);
    if (st == AMQ_OK) {
        const size_t nsteps = amq_check_schedule(cfg, steps);
        uint64_t f = 0;
        for (; f < cfg->filters && st == AMQ_OK && !res->false_negative; f++) {
            st = run_filter(&r, impl, f, steps, nsteps);
            if (cfg->progress)
                cfg->progress(cfg->progress_ctx, f + 1, cfg->filters);
        }
        if (st == AMQ_OK)
            st = amq_check_verdicts(cfg, res, r.positives, f, moments);
    }
    free(moments);
    free(steps);
    free(r.keys);
    free(r.ops);
    free(r.meta);
    free(r.answers);
    free(r.positives);
    if (st != AMQ_OK) {
        amq_impl_check_result_free(res);
        return st;
    }
    return AMQ_OK;
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
    char line[64];
    size_t w = amq_proto_request(line, sizeof line, AMQ_OP_NEW, NULL, 0, amq_check_filter_seed(cfg, f));
    fwrite(line, 1, w, out);
    uint64_t ops = 1;
    for (size_t s = 0; s < nsteps && (!upto || ops < upto); s++) {
        const amq_proto_op op = steps[s].kind == AMQ_STEP_ADD      ? AMQ_OP_ADD
                                : steps[s].kind == AMQ_STEP_REMOVE ? AMQ_OP_REMOVE
                                                                   : AMQ_OP_QUERY;
        for (uint64_t i = 0; i < steps[s].count && (!upto || ops < upto); i++, ops++) {
            unsigned char key[AMQ_IMPL_CHECK_KEY_BYTES];
            amq_check_key(cfg, f, steps[s].first + i, key);
            w = amq_proto_request(line, sizeof line, op, key, sizeof key, 0);
            fwrite(line, 1, w, out);
        }
    }
    free(steps);
    if (ferror(out))
        return amq_fail(AMQ_E_IO, "replay: write error");
    return AMQ_OK;
}
