/* amq check --plugin LIB | --exec CMD | --impl STRUCTURE, with --model NAME PARAMETERS or
 * --model none: the open checker (amq/check_impl.h) from the command line. */
#include "check_impl_cli.h"
#include "cli.h"
#include "params.h"
#include <lib_internal/check_impl.h>
#include <amq/hash.h>
#include <lib_internal/protocol.h>
#include <lib_internal/structure.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char USAGE[] =
    "amq check (--plugin LIB [--plugin-arg S] | --exec 'CMD' [--timeout SEC] | --impl STRUCTURE [--impl-param K=V]...)\n"
    "          (--model NAME RATE-PARAMETERS | --model none) -n N [--loads L] [--filters F] [--queries Q]\n"
    "          [--remove R] [--seed S] [--key-format K | --key-file FILE] [--alpha A] [--json] [--plot FILE.svg|png]\n"
    "          [--replay FILE] [--max-work W]";

enum {
    OPT_N = 'n',
    OPT_PLUGIN = 300, OPT_PLUGIN_ARG, OPT_EXEC, OPT_TIMEOUT, OPT_IMPL, OPT_IMPL_PARAM, OPT_MODEL, OPT_LOADS,
    OPT_FILTERS, OPT_QUERIES, OPT_REMOVE, OPT_SEED, OPT_ALPHA, OPT_JSON, OPT_PLOT, OPT_REPLAY, OPT_KEYS,
    OPT_KEY_FILE, OPT_MAX_WORK
};

static const cli_option options[] = {
    {"plugin", 0, 1, OPT_PLUGIN}, {"plugin-arg", 0, 1, OPT_PLUGIN_ARG}, {"exec", 0, 1, OPT_EXEC},
    {"timeout", 0, 1, OPT_TIMEOUT}, {"impl", 0, 1, OPT_IMPL}, {"impl-param", 0, 1, OPT_IMPL_PARAM},
    {"model", 0, 1, OPT_MODEL}, {"keys", 'n', 1, OPT_N}, {"loads", 0, 1, OPT_LOADS},
    {"filters", 0, 1, OPT_FILTERS}, {"queries", 0, 1, OPT_QUERIES}, {"remove", 0, 1, OPT_REMOVE},
    {"seed", 0, 1, OPT_SEED}, {"alpha", 0, 1, OPT_ALPHA}, {"json", 0, 0, OPT_JSON},
    {"plot", 0, 1, OPT_PLOT}, {"replay", 0, 1, OPT_REPLAY}, {"key-format", 0, 1, OPT_KEYS},
    {"key-file", 0, 1, OPT_KEY_FILE}, {"max-work", 0, 1, OPT_MAX_WORK},
};

#define MAX_IMPL_PARAMS 8
/* The time of one operation of the check (key made, sent, answered, tallied) outside the
 * structure's indices, in Bloom index operations (about 3.2 ns), measured 2026-11-29 at load
 * 8-12: in process (--impl, --plugin), 19-88 ns per operation for amqcert's ten structures at
 * their demonstrations (Bloom: 23 ns at k = 1, 35 ns at k = 7); through --exec with a C
 * adapter (tests/adapters/planted_adapter.c), 550 ns of both processes' CPU.  A peer's own
 * time beyond that (Node's bloom-filters: about 11 us per operation) is not known here. */
#define IMPL_OP_COST 16.0
#define EXEC_OP_COST 170.0
/* ns of CPU of one Bloom index operation, the unit of --max-work (docs/cost-limits.md): the
 * model's moments, estimated in ns (amq_check_moments_work), are counted in it. */
#define BLOOM_INDEX_NS 3.15

typedef struct opts {
    const char *plugin, *plugin_arg, *exec, *impl, *plot, *replay, *key_file;
    const char *impl_param[MAX_IMPL_PARAMS];
    size_t nimpl_param;
    double timeout, alpha;
    uint64_t n, loads, filters, queries, removals, seed, max_work;
    amq_key_format keys;
    int have_n, have_loads, have_filters, have_queries, have_removals, have_keys, json, ways;
} opts;

static int on_option(void *ctx, int id, const char *arg)
{
    opts *o = ctx;
    switch (id) {
    case OPT_PLUGIN: o->plugin = arg; o->ways++; return 0;
    case OPT_PLUGIN_ARG: o->plugin_arg = arg; return 0;
    case OPT_EXEC: o->exec = arg; o->ways++; return 0;
    case OPT_TIMEOUT: return cli_double_open("check", "--timeout", arg, 0.0, 86400.0, &o->timeout) ? 0 : CLI_EXIT_USAGE;
    case OPT_IMPL: o->impl = arg; o->ways++; return 0;
    case OPT_IMPL_PARAM:
        if (o->nimpl_param == MAX_IMPL_PARAMS)
            return cli_usage("check", USAGE, "at most %d --impl-param options", MAX_IMPL_PARAMS);
        o->impl_param[o->nimpl_param++] = arg;
        return 0;
    case OPT_MODEL: return 0; /* read before parsing */
    case OPT_N: o->have_n = 1; return cli_u64("check", "-n", arg, &o->n) ? 0 : CLI_EXIT_USAGE;
    case OPT_LOADS: o->have_loads = 1; return cli_u64("check", "--loads", arg, &o->loads) ? 0 : CLI_EXIT_USAGE;
    case OPT_FILTERS: o->have_filters = 1; return cli_u64("check", "--filters", arg, &o->filters) ? 0 : CLI_EXIT_USAGE;
    case OPT_QUERIES: o->have_queries = 1; return cli_u64("check", "--queries", arg, &o->queries) ? 0 : CLI_EXIT_USAGE;
    case OPT_REMOVE: o->have_removals = 1; return cli_u64("check", "--remove", arg, &o->removals) ? 0 : CLI_EXIT_USAGE;
    case OPT_SEED: return cli_u64("check", "--seed", arg, &o->seed) ? 0 : CLI_EXIT_USAGE;
    case OPT_ALPHA: return cli_double_open("check", "--alpha", arg, 0.0, 1.0, &o->alpha) ? 0 : CLI_EXIT_USAGE;
    case OPT_JSON: o->json = 1; return 0;
    case OPT_PLOT: o->plot = arg; return 0;
    case OPT_REPLAY: o->replay = arg; return 0;
    case OPT_KEYS:
        o->have_keys = 1;
        return amq_key_format_parse(arg, &o->keys) == AMQ_OK ? 0 : cli_usage("check", USAGE, "--key-format: %s", amq_last_error());
    case OPT_KEY_FILE: o->key_file = arg; return 0;
    case OPT_MAX_WORK:
        if (!cli_u64("check", "--max-work", arg, &o->max_work))
            return CLI_EXIT_USAGE;
        return o->max_work ? 0 : cli_usage("check", USAGE, "--max-work must be at least 1 (got '%s')", arg);
    default: return cli_usage("check", USAGE, "invalid option");
    }
}

static void print_help(void)
{
    printf("usage: %s\n\n", USAGE);
    printf(
        "Checks an implementation of an AMQ structure against the exact theory of a declared model:\n"
        "F fresh filters (one seed each), keys distinct across the run; at each of L load points up to n\n"
        "keys, Q fresh queries per filter; then every added key is queried (one \"no\" is a false\n"
        "negative: the check fails and names the key and the operations); with --remove R, the first R\n"
        "keys are removed, the others queried again and Q fresh keys queried against the model's rate\n"
        "for n - R keys.  Family-wise false-alarm rate <= alpha over the rate tests (Holm).  A refused add\n"
        "(protocol version 2 \"full\", a full quotient table) ends that filter: the keys added before it are\n"
        "queried again (a \"no\" is a false negative); a model's rate then gets no verdict.\n"
        "Statistics: docs/checker.md; the process protocol: docs/protocol.md; the plugin ABI: amq/plugin.h.\n\n"
        "the implementation (one of):\n"
        "  --plugin LIB        a C plugin (amq/plugin.h); --plugin-arg S is given to its create\n"
        "  --exec 'CMD'        a process speaking the line protocol (run by /bin/sh -c); --timeout SEC:\n"
        "                      seconds without a reply before it counts as hung (default %g)\n"
        "  --impl STRUCTURE    amqcert's own structure; its parameters are the model's where the names\n"
        "                      match, others with --impl-param KEY=VALUE (e.g. hash=double, width=8)\n"
        "the model:\n"
        "  --model NAME        a structure of the registry with its rate parameters, as `amq rate NAME`:\n",
        AMQ_IMPL_DEFAULT_TIMEOUT);
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        char pu[256];
        cli_params_usage(pu, sizeof pu, s, CLI_PARAMS_RATE);
        printf("                        --model %s%s%s\n", amq_structure_name(s), pu,
               amq_structure_has_fp_moments(s) ? "" : "   (no second moment: --queries 1)");
    }
    printf("  --model none        measure only: no verdict on the rate (false negatives still fail)\n"
           "the check:\n"
           "  -n N                keys added to each filter (the declared load)\n"
           "  --loads L           load points ceil(l N / L), l = 1..L (default 4, at most N)\n"
           "  --filters F         fresh filters (default 5000 when Q > 1, else 20000)\n"
           "  --queries Q         fresh queries per filter and load point (default: the largest Q <= 20\n"
           "                      for which the model gives E[pi^Q] at -n, else 1); Q = 1: exact binomial test,\n"
           "                      Clopper-Pearson intervals; Q > 1: the exact law of the counts (Q <= 128)\n"
           "                      or bounds from the exact moments, distribution-free intervals;\n"
           "                      and the dispersion of the rate between filters (pairs of positives)\n"
           "  --remove R          keys removed after the last load (default N/2 when the implementation\n"
           "                      removes, else 0)\n"
           "  --seed S            seed of every filter and key of the run (default 1)\n"
           "  --key-format K      how keys are written, all distinct: le (8-byte counters, little-endian;\n"
           "                      the default), be (big-endian), random8, random16 (random-looking bytes),\n"
           "                      decimal, hex (the counters as text), varlen (8 to 32 bytes)\n"
           "  --key-file FILE     the keys of the run from FILE, one per line (1 to %u bytes, all distinct),\n"
           "                      used in order: filter f takes the next n + L Q (+ Q with --remove) lines\n"
           "  --alpha A           family-wise false-alarm rate, 0 < A < 1 (default 1e-6)\n"
           "  --json              the report as JSON\n"
           "  --plot FILE         draw the FP rate against the load with gnuplot (.svg or .png)\n"
           "  --replay FILE       write the whole session in protocol form, from hello, every filter in\n"
           "                      order, through the request that found the problem (the query answered\n"
           "                      \"no\", the request that failed), else to the end: `cat FILE | CMD` replays it\n"
           "  --max-work W        refuse a check estimated at more than W Bloom index operations of time\n"
           "                      (about 3 ns each) before the implementation starts: F x (operations x\n"
           "                      (%g in process, %g through --exec, + the model's indices per key) + its\n"
           "                      state words) + the model's moments E[pi^j], j <= Q, at every load point\n"
           "                      (default 2^33; docs/cost-limits.md)\n"
           "exit status: 0 pass, 1 fail or a failure of the implementation, 2 usage error\n",
           AMQ_IMPL_CHECK_KEY_MAX, IMPL_OP_COST, EXEC_OP_COST);
}

/* The value of --model in argv (also --model=NAME), or NULL. */
static const char *find_model(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--model"))
            return i + 1 < argc ? argv[i + 1] : NULL;
        if (!strncmp(argv[i], "--model=", 8))
            return argv[i] + 8;
    }
    return NULL;
}

/* --impl STRUCTURE: the structure's parameters from the model's (same keys), then the
 * --impl-param KEY=VALUE options. */
static int make_structure_impl(const opts *o, const amq_structure *model, const amq_params *mp, amq_impl **out)
{
    const amq_structure *s = amq_structure_find(o->impl);
    if (!s)
        return cli_usage("check", USAGE, "--impl: unknown structure '%s' (one of: %s)", o->impl,
                         cli_structure_names());
    amq_params p;
    amq_params_init(&p, s);
    int set[AMQ_PARAMS_MAX] = {0};
    for (size_t i = 0; i < amq_structure_nparams(s); i++) {
        const int j = model ? amq_structure_param_index(model, amq_structure_param(s, i)->key) : -1;
        if (j >= 0 && (amq_structure_param(model, (size_t)j)->flags & AMQ_PARAM_RATE)) {
            p.v[i] = mp->v[j];
            set[i] = 1;
        }
    }
    for (size_t k = 0; k < o->nimpl_param; k++) {
        char key[64];
        const char *eq = strchr(o->impl_param[k], '=');
        if (!eq || eq == o->impl_param[k] || (size_t)(eq - o->impl_param[k]) >= sizeof key)
            return cli_usage("check", USAGE, "--impl-param: expected KEY=VALUE (got '%s')", o->impl_param[k]);
        memcpy(key, o->impl_param[k], (size_t)(eq - o->impl_param[k]));
        key[eq - o->impl_param[k]] = 0;
        const int i = amq_structure_param_index(s, key);
        if (i < 0)
            return cli_usage("check", USAGE, "--impl-param: %s has no parameter '%s'", amq_structure_name(s), key);
        const amq_param_info *q = amq_structure_param(s, (size_t)i);
        if (q->flags & AMQ_PARAM_HASH) {
            amq_hash_strategy h;
            if (amq_hash_parse(eq + 1, &h) != AMQ_OK)
                return cli_usage("check", USAGE, "--impl-param %s: %s", key, amq_last_error());
            p.v[i] = (uint64_t)h;
        } else if ((q->flags & AMQ_PARAM_AUTO) && !strcmp(eq + 1, "auto")) {
            p.v[i] = AMQ_AUTO;
        } else if (!cli_u64("check", "--impl-param", eq + 1, &p.v[i])) {
            return CLI_EXIT_USAGE;
        }
        set[i] = 1;
    }
    for (size_t i = 0; i < amq_structure_nparams(s); i++)
        if ((amq_structure_param(s, i)->flags & AMQ_PARAM_REQUIRED) && !set[i])
            return cli_usage("check", USAGE, "--impl %s needs %s: give it with the model or --impl-param %s=VALUE",
                             amq_structure_name(s), amq_structure_param(s, i)->what, amq_structure_param(s, i)->key);
    if (amq_impl_structure(out, s, &p) != AMQ_OK)
        return cli_fail("check", "--impl %s: %s", amq_structure_name(s), amq_last_error());
    return 0;
}

/* About a thousand updates per check at most (each filter reports). */
static void on_progress(void *ctx, uint64_t done, uint64_t total)
{
    const uint64_t step = total / 1000 ? total / 1000 : 1;
    if (done % step == 0 || done == total)
        cli_progress_update(ctx, "check", done, total);
}

/* --replay FILE: the record of the session, cut after the request that found the problem
 * (a regular file only: a pipe or device keeps all that was written). */
static int finish_replay(const check_run *c, FILE *f, const char *path)
{
    const amq_impl_check_result *r = &c->res;
    const uint64_t cut = r->ended ? r->end_record_bytes : r->false_negative ? r->fn_record_bytes : 0;
    int bad = fflush(f) != 0 || ferror(f), e = errno; /* a failed write leaves the flag, and its errno */
    struct stat sb;
    if (!bad && cut && fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) && ftruncate(fileno(f), (off_t)cut) != 0) {
        bad = 1;
        e = errno;
    }
    if (fclose(f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    if (bad)
        return cli_fail("check", "--replay: write error: '%s': %s", path, e ? strerror(e) : "a write failed");
    return 0;
}

/* A process that failed at its start (it exited, hung or answered its hello wrongly): the
 * check ended before its first filter, and is reported all the same, text or JSON with
 * nothing counted; the replay file holds the hello it was sent. */
static int report_unstarted(const opts *o, check_run *c, const char *how, FILE *replay)
{
    amq_impl_check_result *r = &c->res;
    char why[sizeof r->error - 64];
    snprintf(why, sizeof why, "%s", amq_last_error());
    memset(r, 0, sizeof *r);
    c->unstarted = 1;
    c->how = how;
    c->impl = NULL;
    r->ended = 1;
    r->shared = c->cfg.queries > 1;
    r->accuracy_model = NAN; /* no queries: nothing to compare */
    snprintf(r->error, sizeof r->error, "its start, before filter 0: %s", why);
    snprintf(r->reason, sizeof r->reason, "the check ended at the start of the implementation, before filter 0: %s",
             why);
    if (replay) {
        char line[32];
        const size_t w = amq_proto_request(line, sizeof line, AMQ_OP_HELLO, NULL, 0, AMQ_PROTO_VERSION);
        fwrite(line, 1, w, replay);
        const int rc = finish_replay(c, replay, o->replay);
        if (rc)
            return rc;
    }
    (o->json ? check_report_json : check_report_text)(stdout, c);
    if (fflush(stdout) != 0)
        cli_stdout_failed();
    return CLI_EXIT_FAIL;
}

/* The settings the check would refuse, named by their options: found before the
 * implementation is started (a usage error, exit status 2). */
static int refuse_settings(const amq_structure *model, const amq_impl_check_config *cfg)
{
    if (cfg->n == 0)
        return cli_usage("check", USAGE, "-n: at least 1 key per filter (got 0)");
    if (cfg->loads == 0 || cfg->loads > AMQ_IMPL_CHECK_MAX_LOADS || cfg->loads > cfg->n)
        return cli_usage("check", USAGE, "--loads: 1 to %u load points, and at most -n %llu (got %llu)",
                         AMQ_IMPL_CHECK_MAX_LOADS, (unsigned long long)cfg->n, (unsigned long long)cfg->loads);
    if (cfg->filters == 0)
        return cli_usage("check", USAGE, "--filters: at least 1 filter (got 0)");
    if (cfg->queries == 0)
        return cli_usage("check", USAGE, "--queries: at least 1 query per filter and load point (got 0)");
    if (cfg->removals > cfg->n)
        return cli_usage("check", USAGE, "--remove %llu: more removals than the %llu keys of a filter (-n)",
                         (unsigned long long)cfg->removals, (unsigned long long)cfg->n);
    if (model && cfg->queries > 1 && !amq_structure_has_fp_moments(model))
        return cli_usage("check", USAGE,
                         "--queries %llu: the moments of the %s rate are not known, so several queries per filter "
                         "cannot be tested exactly: use --queries 1",
                         (unsigned long long)cfg->queries, amq_structure_name(model));
    const uint64_t cap = model ? amq_structure_capacity(model, &cfg->model_params) : UINT64_MAX;
    if (cfg->n > cap)
        return cli_usage("check", USAGE,
                         "-n %llu: a %s filter of the model's parameters holds at most %llu keys (every further add "
                         "is refused), so the model's rate at n keys describes no filter: give the model more room, "
                         "or use --model none to check only that refusals lose no key",
                         (unsigned long long)cfg->n, amq_structure_name(model), (unsigned long long)cap);
    if (amq_impl_check_validate(cfg) != AMQ_OK) /* what is left: sizes too large for one run */
        return cli_usage("check", USAGE, "%s", amq_last_error());
    return 0;
}

/* --remove R for an implementation that cannot remove: a usage error, found as soon as the
 * implementation is known (a process says it in its hello), before any filter is made. */
static int refuse_removals(const opts *o, const amq_impl *impl)
{
    if (!o->have_removals || !o->removals || amq_impl_can_remove(impl))
        return 0;
    return cli_usage("check", USAGE, "--remove %llu: '%s' cannot remove keys (%s)", (unsigned long long)o->removals,
                     amq_impl_name(impl),
                     o->exec     ? "its hello announced no 'remove'"
                     : o->plugin ? "the plugin has no remove callback for this argument"
                                 : "the structure has no remove");
}

/* The check's settings from the options, with their defaults (model parameters aside). */
/* The default Q under a model: the largest Q <= 20 for which the model gives E[pi^Q] at the
 * check's n (the largest load; the moments' cost grows with j and n/blocks, so it gives every
 * lower one too), so that Q queries per filter are tested on the exact law of the counts; 1
 * when it gives none beyond E[pi] (the exact binomial test: the shared design's bounds from
 * fewer moments than Q miss rare-event excesses that it sees).  The blocked models' moments
 * are refused beyond a cost estimate before any work.  The search asks that estimate, it does
 * not compute (issue 26, class 4: it computed the first moment given, up to the moments' limit
 * of several seconds, which the check then computed again). */
static uint64_t model_default_queries(const amq_structure *model, const amq_params *p, uint64_t n)
{
    if (!model || !amq_structure_has_fp_moments(model))
        return 1;
    uint64_t q = 20;
    while (q > 1 && !(amq_structure_fp_moment_work(model, p, n, q, AMQ_IMPL_CHECK_LAW_BITS) < INFINITY))
        q--;
    return q;
}

static void settings(const opts *o, const amq_structure *model, amq_impl_check_config *cfg)
{
    cfg->model = model;
    cfg->n = o->n;
    cfg->loads = o->have_loads ? o->loads : (o->n < 4 ? o->n : 4);
    cfg->queries = o->have_queries ? o->queries : model ? model_default_queries(model, &cfg->model_params, o->n) : 1;
    cfg->filters = o->have_filters ? o->filters : cfg->queries > 1 ? 5000 : 20000;
    cfg->removals = o->have_removals ? o->removals : 0; /* the default needs the implementation */
    cfg->seed = o->seed;
    cfg->keys = o->keys;
    cfg->alpha = o->alpha;
}

/* The implementation under test (a plugin is loaded, a process started and greeted), and
 * how the report names it in how; 0, or the exit status after saying why. */
static int open_impl(const opts *o, const amq_structure *model, const amq_params *mp, char *how, size_t hl,
                     amq_impl **impl)
{
    int rc = 0;
    if (o->plugin) {
        snprintf(how, hl, "plugin %s", o->plugin);
        if (amq_impl_plugin(impl, o->plugin, o->plugin_arg) != AMQ_OK)
            rc = cli_fail("check", "%s", amq_last_error());
    } else if (o->exec) {
        snprintf(how, hl, "process `%s`", o->exec);
        if (amq_impl_process(impl, o->exec, o->timeout) != AMQ_OK)
            rc = cli_fail("check", "%s", amq_last_error());
    } else {
        snprintf(how, hl, "amqcert structure %s", o->impl);
        rc = make_structure_impl(o, model, mp, impl);
    }
    if (!rc && (rc = refuse_removals(o, *impl)))
        amq_impl_free(*impl);
    return rc;
}

/* --key-file FILE: the list read before anything starts (a bad list is a usage error;
 * a file that cannot be read, a failure).  --key-format other than file cannot go with it. */
static int read_key_file(opts *o, amq_key_list **list)
{
    *list = NULL;
    if (!o->key_file) {
        if (o->keys == AMQ_KEYS_LIST)
            return cli_usage("check", USAGE, "--key-format file needs --key-file FILE");
        return 0;
    }
    if (o->have_keys && o->keys != AMQ_KEYS_LIST)
        return cli_usage("check", USAGE, "--key-file '%s' and --key-format %s: give one of them", o->key_file,
                         amq_key_format_name(o->keys));
    o->keys = AMQ_KEYS_LIST;
    FILE *f = fopen(o->key_file, "r");
    if (!f)
        return cli_fail("check", "--key-file '%s': %s", o->key_file, strerror(errno));
    const amq_status st = amq_key_list_read(f, o->key_file, list);
    fclose(f);
    if (st == AMQ_E_IO || st == AMQ_E_NOMEM)
        return cli_fail("check", "--key-file: %s", amq_last_error());
    return st == AMQ_OK ? 0 : cli_usage("check", USAGE, "--key-file: %s", amq_last_error());
}

/* A key list shorter than the run: named by its option, before anything starts. */
static int refuse_short_list(const opts *o, const amq_impl_check_config *cfg)
{
    /* removals unset: the implementation decides (one that removes gets n/2): count them */
    amq_impl_check_config worst = *cfg;
    worst.removals = o->have_removals ? cfg->removals : 1;
    const uint64_t per = amq_impl_check_keys_per_filter(&worst), have = amq_key_list_count(cfg->key_list);
    if (per == 0 || cfg->filters <= have / per) /* per = 0: -n 0, refused next */
        return 0;
    return cli_usage("check", USAGE,
                     "--key-file '%s': %llu keys, but %llu filter%s of %llu keys each (n + L Q%s) need %s%llu%s: "
                     "give more keys, or fewer --filters",
                     o->key_file, (unsigned long long)have, (unsigned long long)cfg->filters,
                     cfg->filters == 1 ? "" : "s", (unsigned long long)per,
                     worst.removals ? " + Q" : "", o->have_removals ? "" : "up to ", (unsigned long long)(cfg->filters * per),
                     cfg->filters > UINT64_MAX / per ? " or more" : "");
}

/* The run's work, estimated before the implementation starts (class 4 of issue 26;
 * docs/cost-limits.md), in the Monte Carlo's unit: F filters x (their operations x (the
 * interface's cost + the model's indices per key) + the model's state words), plus the
 * model's moments for Q > 1 (computed once per point, growing about as Q^3).  Operations per
 * filter: n adds, L Q fresh queries and n queries of added keys; with removals (counted unless
 * --remove 0: the default depends on the implementation) R removes, n - R queries and Q fresh
 * ones.  Beyond --max-work: a usage error, naming the options. */
static int refuse_work(const opts *o, const amq_structure *model, const amq_impl_check_config *cfg)
{
    double indices = 1.0, words = 0.0; /* without a model, a key's indices are not known: one */
    amq_model *m = NULL;
    if (model && amq_model_create(&m, model, &cfg->model_params) == AMQ_OK) {
        indices = (double)amq_model_ops(m)->k;
        words = (double)amq_model_ops(m)->state_words;
    }
    amq_model_free(m);
    const int removes = o->have_removals ? cfg->removals > 0 : 1;
    const double n = (double)cfg->n, lq = (double)cfg->loads * (double)cfg->queries;
    const double ops = 2.0 * n + lq + (removes ? n + (double)cfg->queries : 0.0);
    const double per_op = (o->exec ? EXEC_OP_COST : IMPL_OP_COST) + indices;
    /* the model's moments E[pi^j], j <= Q, once per load point (and after the removals:
     * the default R is n/2 for an implementation that removes) */
    amq_impl_check_config at = *cfg;
    if (!o->have_removals)
        at.removals = cfg->n / 2;
    const double moments = amq_check_moments_work(&at) / BLOOM_INDEX_NS;
    if (!(moments < INFINITY))
        return cli_usage("check", USAGE,
                         "--queries %llu: the model's second moment E[pi^2] at these parameters is beyond its cost "
                         "limit (docs/cost-limits.md), so several queries per filter cannot be tested: use --queries 1",
                         (unsigned long long)cfg->queries);
    const double work = (double)cfg->filters * (ops * per_op + words) + moments;
    if (work <= (double)o->max_work)
        return 0;
    if (moments > (double)o->max_work) /* the moments alone: named, with what lowers them */
        return cli_usage("check", USAGE,
                         "the model's moments E[pi^j], j = 2..%llu, at %llu load point%s%s would take about %.3g index "
                         "operations of time (%.3g s of CPU) before the first test, over --max-work %llu "
                         "(docs/cost-limits.md): give a smaller --queries or fewer --loads, or a larger --max-work",
                         (unsigned long long)(cfg->queries <= AMQ_IMPL_CHECK_MOMENTS ? cfg->queries : 24),
                         (unsigned long long)cfg->loads, cfg->loads == 1 ? "" : "s", at.removals ? " and after the removals" : "", moments,
                         moments * BLOOM_INDEX_NS * 1e-9, (unsigned long long)o->max_work);
    char mo[96] = "";
    if (moments > 0)
        snprintf(mo, sizeof mo, " + %.3g for the model's moments E[pi^j] (j <= Q, at each load point)", moments);
    return cli_usage("check", USAGE,
                     "the check would take about %.3g index operations of time: --filters %llu x (%.3g operations "
                     "(n adds, L Q fresh queries, n queries of added keys%s) x (%g per operation %s + %g indices) + "
                     "%g state words)%s, over --max-work %llu (docs/cost-limits.md): give fewer --filters, --queries "
                     "or --loads, a smaller -n, or a larger --max-work",
                     work, (unsigned long long)cfg->filters, ops, removes ? ", removes and their queries" : "",
                     per_op - indices, o->exec ? "through --exec" : "in process", indices, words, mo,
                     (unsigned long long)o->max_work);
}

/* The check itself, from the parsed options on: settings refused before anything starts,
 * the implementation opened, run, reported. */
static int check_with(const opts *o, const amq_structure *model, check_run *c)
{
    int rc;
    settings(o, model, &c->cfg);
    if (o->key_file && (rc = refuse_short_list(o, &c->cfg)))
        return rc;
    if ((rc = refuse_settings(model, &c->cfg)) || (rc = refuse_work(o, model, &c->cfg)))
        return rc;
    /* output paths are refused before anything runs: a FIFO or a device would block or
     * swallow the output (gnuplot writes the plot; the replay file is opened here) */
    if (o->plot && (cli_output_path("check", "--plot", o->plot) || check_plot_possible()))
        return CLI_EXIT_FAIL;
    FILE *replay = NULL;
    if (o->replay && !(replay = cli_open_output("check", "--replay", o->replay)))
        return CLI_EXIT_FAIL;

    char how[600];
    if ((rc = open_impl(o, model, &c->cfg.model_params, how, sizeof how, &c->impl))) {
        if (o->exec && rc == CLI_EXIT_FAIL) /* not a usage error: the process failed at its start */
            rc = report_unstarted(o, c, how, replay);
        else if (replay)
            fclose(replay);
        return rc;
    }
    c->how = how;
    if (!o->have_removals)
        c->cfg.removals = amq_impl_can_remove(c->impl) ? o->n / 2 : 0;
    c->cfg.record = replay;
    cli_progress bar;
    cli_progress_begin(&bar);
    c->cfg.progress = on_progress;
    c->cfg.progress_ctx = &bar;
    amq_status st = amq_impl_check(c->impl, &c->cfg, &c->res);
    cli_progress_end(&bar);
    if (st != AMQ_OK && !c->res.points) { /* refused before it ran: nothing to report */
        rc = cli_fail("check", "the check ended: %s", amq_last_error());
        if (replay)
            fclose(replay);
        amq_impl_free(c->impl);
        return rc;
    }
    /* a verdict, or the implementation failed: the report of what was answered either way,
     * printed only once the plot and the replay file are written (a failure of either
     * prints no report: issue 26, class 9) */
    char ended[sizeof c->res.error + 16];
    snprintf(ended, sizeof ended, "%s", st != AMQ_OK ? amq_last_error() : "");
    rc = replay ? finish_replay(c, replay, o->replay) : 0;
    if (!rc && o->plot)
        rc = check_plot(c, o->plot);
    if (!rc) {
        (o->json ? check_report_json : check_report_text)(stdout, c);
        if (fflush(stdout) != 0)
            cli_stdout_failed(); /* keeps the errno for main's "write error" */
        rc = c->res.pass ? 0 : CLI_EXIT_FAIL;
        if (st != AMQ_OK)
            cli_fail("check", "the check ended: %s", ended);
    }
    amq_impl_check_result_free(&c->res);
    amq_impl_free(c->impl);
    return rc;
}
int cmd_check_impl(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            print_help();
            return 0;
        }
    const char *model_name = find_model(argc, argv);
    if (!model_name)
        return cli_usage("check", USAGE, "missing --model NAME (a structure: %s; or --model none)",
                         cli_structure_names());
    const amq_structure *model = NULL;
    if (strcmp(model_name, "none") && !(model = amq_structure_find(model_name)))
        return cli_usage("check", USAGE, "--model: unknown structure '%s' (one of: %s; or none)", model_name,
                         cli_structure_names());
    check_run c;
    memset(&c, 0, sizeof c);
    if (model)
        amq_params_init(&c.cfg.model_params, model);
    opts o = {.timeout = AMQ_IMPL_DEFAULT_TIMEOUT, .alpha = AMQ_CHECK_ALPHA_DEFAULT, .seed = 1,
              .max_work = (uint64_t)CLI_MC_MAX_WORK};
    int given[AMQ_PARAMS_MAX];
    int rc = cli_parse("check", USAGE, model, CLI_PARAMS_RATE, options, sizeof options / sizeof options[0], on_option,
                       &o, argc, argv, &c.cfg.model_params, given);
    if (rc)
        return rc < 0 ? (print_help(), 0) : rc;
    for (size_t i = 0; model && i < amq_structure_nparams(model); i++) {
        const amq_param_info *q = amq_structure_param(model, i);
        if (cli_takes(model, CLI_PARAMS_RATE, i) && (q->flags & AMQ_PARAM_REQUIRED) && !given[i])
            return q->flag ? cli_usage("check", USAGE, "--model %s: missing %s (-%c)", model_name, q->what, q->flag)
                           : cli_usage("check", USAGE, "--model %s: missing %s (--%s)", model_name, q->what, q->opt);
    }
    /* the model's parameters under the structure's one check, before the implementation starts: a
     * usage error (issue 26, class 7), naming the options (class 9) */
    if (model && amq_structure_check(model, &c.cfg.model_params) != AMQ_OK)
        return cli_usage("check", USAGE, "--model %s: %s (%s)", model_name, amq_last_error(),
                         cli_params_given(model, CLI_PARAMS_RATE, &c.cfg.model_params, given, NULL));
    if (o.ways != 1)
        return cli_usage("check", USAGE, "give exactly one implementation: --plugin, --exec or --impl");
    if (!o.have_n)
        return cli_usage("check", USAGE, "missing the number of keys per filter (-n N)");
    if (o.plugin_arg && !o.plugin)
        return cli_usage("check", USAGE, "--plugin-arg needs --plugin");
    if (o.nimpl_param && !o.impl)
        return cli_usage("check", USAGE, "--impl-param needs --impl");
    if (o.plot) {
        const size_t l = strlen(o.plot);
        if (l < 5 || (strcmp(o.plot + l - 4, ".svg") && strcmp(o.plot + l - 4, ".png")))
            return cli_usage("check", USAGE, "--plot: the file must end in .svg or .png (got '%s')", o.plot);
    }
    amq_key_list *list = NULL;
    if ((rc = read_key_file(&o, &list)))
        return rc;
    c.cfg.key_list = list;
    c.key_file = o.key_file;
    rc = check_with(&o, model, &c);
    amq_key_list_free(list);
    return rc;
}
