/* Monte Carlo check of a kernel against the exact rate; see amq/check.h.
 * One trial = clear a fresh state, add n keys, remove the first r of them again
 * (usually r = 0), query ONE fresh key.  Trials run in blocks of AMQ_MC_BLOCK_TRIALS, each
 * from its own jump of the run's generator, so that a team of processes can share them. */
#include <lib_internal/fail.h>
#include <amq/check.h>
#include <amq/spec_bloom.h>
#include <lib_internal/check_kernels.h>
#include <stdlib.h>
#include <string.h>

const char *amq_check_hash_name(int hash)
{
    if (hash == AMQ_CHECK_RANDOM_ORACLE)
        return "random";
    return amq_hash_valid(hash) ? amq_hash_name((amq_hash_strategy)hash) : "unknown";
}

amq_status amq_check_hash_parse(const char *name, int *out)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, "amq_check_hash_parse: NULL output");
    if (name && strcmp(name, "random") == 0) {
        *out = AMQ_CHECK_RANDOM_ORACLE;
        return AMQ_OK;
    }
    amq_hash_strategy s;
    if (name && amq_hash_parse(name, &s) == AMQ_OK) {
        *out = (int)s;
        return AMQ_OK;
    }
    return amq_fail(AMQ_E_INVALID_ARG,
                    "unknown hash mode '%s' (expected random, independent, double, triple or enhanced)",
                    name ? name : "(null)");
}

/* The k indices of one key. Random oracle: k uniform draws. Real hashing: the
 * next key of the run (8-byte little-endian counter) under the trial's seed. */
static void next_indices(const amq_ops *kn, int hash, amq_rng *rng, uint64_t trial_seed,
                         uint64_t *key_counter, uint64_t *idx)
{
    if (hash == AMQ_CHECK_RANDOM_ORACLE) {
        for (size_t j = 0; j < kn->k; j++)
            idx[j] = amq_rng_below(rng, kn->m);
        return;
    }
    unsigned char key[8];
    uint64_t c = (*key_counter)++;
    for (int b = 0; b < 8; b++)
        key[b] = (unsigned char)(c >> (8 * b));
    amq_hash_indices((amq_hash_strategy)hash, trial_seed, key, sizeof key, kn->m, idx, kn->k);
}

/* The process's team (amq_check_mc_set_team); size 1 and no combine: alone. */
static amq_mc_team mc_team = {0, 1, NULL, NULL};

amq_status amq_check_mc_set_team(const amq_mc_team *team)
{
    if (!team) {
        mc_team = (amq_mc_team){0, 1, NULL, NULL};
        return AMQ_OK;
    }
    if (team->size == 0 || team->rank >= team->size || !team->combine)
        return amq_fail(AMQ_E_INVALID_ARG, "Monte Carlo team: needs size >= 1, rank < size and a combine "
                                           "callback (got rank %llu of %llu%s)",
                        (unsigned long long)team->rank, (unsigned long long)team->size,
                        team->combine ? "" : ", no combine");
    mc_team = *team;
    return AMQ_OK;
}

/* One run's progress: this member's trials done, reported in the run's units (scaled from
 * its share when a team splits the run), about every `batch` trials. */
typedef struct mc_progress {
    const amq_mc_config *cfg;
    uint64_t share, done, batch;
} mc_progress;

static void progress_report(const mc_progress *p, uint64_t done)
{
    if (!p->cfg->progress)
        return;
    const uint64_t total = p->cfg->trials;
    const uint64_t scaled =
        p->share == total ? done : (uint64_t)((unsigned __int128)done * total / (p->share ? p->share : 1));
    p->cfg->progress(p->cfg->progress_ctx, scaled, total);
}

static void progress_step(mc_progress *p)
{
    if (++p->done % p->batch == 0)
        progress_report(p, p->done);
}

/* Trials [t0, t1) of one block, drawing from rng; adds the positives to *count.  On a
 * refused removal, *fail_at is the trial. */
static amq_status run_block(const amq_ops *kn, const amq_mc_config *cfg, amq_rng rng, uint64_t t0, uint64_t t1,
                            uint64_t *state, uint64_t *idx, uint64_t *count, uint64_t *fail_at, mc_progress *prog)
{
    uint64_t key_counter = t0 * (cfg->n + 1); /* each trial takes n + 1 keys; mod 2^64, as one long run */
    for (uint64_t t = t0; t < t1; t++) {
        uint64_t trial_seed = cfg->hash == AMQ_CHECK_RANDOM_ORACLE ? 0 : amq_rng_next(&rng);
        /* The removed keys are the first r: replaying the generator (or the key
         * counter) from here gives their indices again, without storing them. */
        amq_rng replay = rng;
        uint64_t replay_counter = key_counter;
        amq_ops_clear(kn, state);
        for (uint64_t i = 0; i < cfg->n; i++) {
            next_indices(kn, cfg->hash, &rng, trial_seed, &key_counter, idx);
            amq_ops_add(kn, state, idx);
        }
        for (uint64_t i = 0; i < cfg->removals; i++) {
            next_indices(kn, cfg->hash, &replay, trial_seed, &replay_counter, idx);
            if (amq_ops_remove(kn, state, idx) != 0) {
                *fail_at = t;
                return amq_fail(AMQ_E_NOT_PRESENT,
                                "Monte Carlo: kernel '%s' refused to remove inserted key %llu of trial %llu",
                                kn->name ? kn->name : "?", (unsigned long long)i, (unsigned long long)t);
            }
        }
        next_indices(kn, cfg->hash, &rng, trial_seed, &key_counter, idx);
        *count += (uint64_t)(amq_ops_query(kn, state, idx) != 0);
        progress_step(prog);
    }
    return AMQ_OK;
}

/* This member's blocks, in increasing order: block b starts from the seeded generator
 * advanced by b jumps. */
static amq_status run_share(const amq_ops *kn, const amq_mc_config *cfg, const amq_mc_team *team,
                            uint64_t *state, uint64_t *idx, uint64_t *count, uint64_t *fail_at, mc_progress *prog)
{
    const uint64_t B = AMQ_MC_BLOCK_TRIALS;
    const uint64_t blocks = cfg->trials / B + (cfg->trials % B != 0);
    amq_rng base;
    amq_rng_seed(&base, cfg->seed);
    uint64_t at = 0; /* base = the seeded generator advanced by `at` jumps */
    for (uint64_t b = team->rank; b < blocks; b += team->size) {
        for (; at < b; at++)
            amq_rng_jump(&base);
        const uint64_t t0 = b * B, t1 = cfg->trials - t0 > B ? t0 + B : cfg->trials;
        amq_status st = run_block(kn, cfg, base, t0, t1, state, idx, count, fail_at, prog);
        if (st != AMQ_OK)
            return st;
    }
    return AMQ_OK;
}

/* Trials of this member's blocks. */
static uint64_t share_of(uint64_t trials, const amq_mc_team *team)
{
    const uint64_t B = AMQ_MC_BLOCK_TRIALS;
    const uint64_t blocks = trials / B + (trials % B != 0);
    if (team->rank >= blocks)
        return 0;
    uint64_t mine = (blocks - 1 - team->rank) / team->size + 1; /* blocks rank, rank + size, ... */
    uint64_t share = mine * B;
    if ((blocks - 1) % team->size == team->rank && trials % B != 0) /* the short last block is ours */
        share -= B - trials % B;
    return share;
}

amq_status amq_check_mc(const amq_ops *kn, const amq_mc_config *cfg, uint64_t *positives)
{
    if (!amq_ops_valid(kn) || !cfg || !positives)
        return amq_fail(AMQ_E_INVALID_ARG,
                        "Monte Carlo: NULL kernel, config or output, or missing add/query callback");
    if (kn->m == 0)
        return amq_fail(AMQ_E_INVALID_M, "Monte Carlo: kernel alphabet m = 0");
    if (kn->state_words == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "Monte Carlo: kernel state of 0 words");
    if (cfg->trials == 0)
        return amq_fail(AMQ_E_INVALID_ARG, "Monte Carlo needs at least 1 trial");
    if (cfg->hash != AMQ_CHECK_RANDOM_ORACLE && !amq_hash_valid(cfg->hash))
        return amq_fail(AMQ_E_INVALID_ARG, "Monte Carlo: unknown hash mode %d", cfg->hash);
    if (kn->k > SIZE_MAX / sizeof(uint64_t) - 1)
        return amq_fail(AMQ_E_OVERFLOW, "Monte Carlo: k = %zu indices overflow", kn->k);
    if (cfg->removals > cfg->n)
        return amq_fail(AMQ_E_INVALID_ARG, "Monte Carlo: r = %llu removals exceed n = %llu keys",
                        (unsigned long long)cfg->removals, (unsigned long long)cfg->n);
    if (cfg->removals > 0 && !amq_ops_can_remove(kn))
        return amq_fail(AMQ_E_INVALID_ARG, "Monte Carlo with removals: kernel '%s' has no remove callback",
                        kn->name ? kn->name : "?");

    /* Past the argument checks, a team member must reach combine whatever happens. */
    const amq_mc_team team = mc_team;
    const uint64_t refused_before = kn->refused ? *kn->refused : 0;
    uint64_t count = 0, fail_at = UINT64_MAX;
    amq_status st = AMQ_OK;
    uint64_t *state = malloc(kn->state_words * sizeof *state);
    uint64_t *idx = malloc((kn->k ? kn->k : 1) * sizeof *idx);
    /* Report about every 2^22 index computations, at least once per trial. */
    const uint64_t quantum = UINT64_C(1) << 22;
    uint64_t kk = kn->k ? (uint64_t)kn->k : 1, batch = 1;
    if (cfg->n < quantum && kk < quantum && (cfg->n + 1) * kk < quantum)
        batch = quantum / ((cfg->n + 1) * kk);
    mc_progress prog = {cfg, share_of(cfg->trials, &team), 0, batch};
    if (!state || !idx) {
        fail_at = 0;
        st = amq_fail(AMQ_E_NOMEM, "Monte Carlo: out of memory for a state of %zu words", kn->state_words);
    } else {
        st = run_share(kn, cfg, &team, state, idx, &count, &fail_at, &prog);
    }
    free(state);
    free(idx);
    if (team.combine) {
        uint64_t sums[2] = {count, kn->refused ? *kn->refused - refused_before : 0};
        char msg[512] = "";
        amq_status tst = team.combine(team.ctx, sums, 2, st, fail_at, msg, sizeof msg);
        if (tst != AMQ_OK)
            return amq_fail(tst, "%s", msg[0] ? msg : amq_strerror(tst));
        count = sums[0];
        if (kn->refused)
            *kn->refused = refused_before + sums[1];
    } else if (st != AMQ_OK) {
        return st;
    }
    if (cfg->progress && (prog.done % batch != 0 || team.size > 1))
        cfg->progress(cfg->progress_ctx, cfg->trials, cfg->trials);
    *positives = count;
    return AMQ_OK;
}

amq_status amq_check_bloom_rate(double *p, uint64_t m, uint64_t k, uint64_t n)
{
    if (!p)
        return amq_fail(AMQ_E_INVALID_ARG, "Bloom rate for the check: NULL output");
    mpfr_t lo, hi;
    mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
    amq_status st = amq_bloom_fp_enclose(lo, hi, 128, m, k, n);
    if (st == AMQ_OK) {
        mpfr_add(lo, lo, hi, MPFR_RNDN);
        mpfr_div_2ui(lo, lo, 1, MPFR_RNDN);
        *p = mpfr_get_d(lo, MPFR_RNDN);
        if (!(*p >= 0.0 && *p <= 1.0))
            st = amq_fail(AMQ_E_INVALID_ARG, "exact Bloom rate for m=%llu k=%llu n=%llu is not in [0,1]",
                          (unsigned long long)m, (unsigned long long)k, (unsigned long long)n);
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}

/* Arguments common to the structure-specific Monte Carlo runs. */
static amq_status mc_args(const char *what, const amq_check_report *rep, uint64_t k,
                          const amq_mc_config *cfg, double alpha)
{
    if (!rep || !cfg)
        return amq_fail(AMQ_E_INVALID_ARG, "%s Monte Carlo: NULL report or config", what);
    if (!(alpha > 0.0 && alpha < 1.0)) /* before the run, not after it */
        return amq_fail(AMQ_E_INVALID_ARG, "%s Monte Carlo needs 0 < alpha < 1 (got %g)", what, alpha);
    if (k == 0)
        return amq_fail(AMQ_E_INVALID_K, "%s Monte Carlo needs k >= 1 (got k = 0)", what);
    if (k > SIZE_MAX / sizeof(uint64_t))
        return amq_fail(AMQ_E_INVALID_K, "%s Monte Carlo: k = %llu is too large", what,
                        (unsigned long long)k);
    if (cfg->removals > cfg->n)
        return amq_fail(AMQ_E_INVALID_ARG, "%s Monte Carlo: r = %llu removals exceed n = %llu keys",
                        what, (unsigned long long)cfg->removals, (unsigned long long)cfg->n);
    return AMQ_OK;
}

/* Run kn and test the count against rate p; fills *rep only on success. */
static amq_status mc_report(amq_check_report *rep, const amq_ops *kn, unsigned width,
                            const amq_mc_config *cfg, double alpha, double p)
{
    uint64_t x;
    amq_status st = amq_check_mc(kn, cfg, &x);
    if (st != AMQ_OK)
        return st;
    amq_check_report r;
    memset(&r, 0, sizeof r);
    r.m = kn->m;
    r.k = (uint64_t)kn->k;
    r.n = cfg->n;
    r.trials = cfg->trials;
    r.seed = cfg->seed;
    r.hash = cfg->hash;
    r.removals = cfg->removals;
    r.width = width;
    if ((st = amq_binom_test(x, cfg->trials, p, alpha, &r.test)) != AMQ_OK)
        return st;
    *rep = r;
    return AMQ_OK;
}

amq_status amq_check_ops_mc(amq_check_report *rep, const amq_ops *kn, const amq_mc_config *cfg,
                               double alpha, double p)
{
    if (!amq_ops_valid(kn))
        return amq_fail(AMQ_E_INVALID_ARG, "Monte Carlo: NULL kernel, or missing add/query callback");
    amq_status st = mc_args(kn->name ? kn->name : "kernel", rep, (uint64_t)kn->k, cfg, alpha);
    return st != AMQ_OK ? st : mc_report(rep, kn, 0, cfg, alpha, p);
}

amq_status amq_check_bloom_mc(amq_check_report *rep, uint64_t m, uint64_t k,
                              const amq_mc_config *cfg, double alpha, amq_bloom_add_fn add,
                              amq_bloom_query_fn query)
{
    amq_status st = mc_args("Bloom", rep, k, cfg, alpha);
    if (st != AMQ_OK)
        return st;
    amq_ops kn;
    if ((st = amq_ops_bloom(&kn, m, (size_t)k, add, query)) != AMQ_OK)
        return st;
    double p;
    if ((st = amq_check_bloom_rate(&p, m, k, cfg->n)) != AMQ_OK)
        return st;
    return mc_report(rep, &kn, 0, cfg, alpha, p);
}

amq_status amq_check_counting_mc(amq_check_report *rep, uint64_t m, uint64_t k, unsigned width,
                                 const amq_mc_config *cfg, double alpha,
                                 const amq_counting_ops *ops)
{
    amq_status st = mc_args("counting", rep, k, cfg, alpha);
    if (st != AMQ_OK)
        return st;
    amq_ops kn;
    if ((st = amq_ops_counting(&kn, m, (size_t)k, width, ops)) != AMQ_OK)
        return st;
    /* amq_counting_fp_after_removals = the Bloom rate for n - r keys */
    double p;
    if ((st = amq_check_bloom_rate(&p, m, k, cfg->n - cfg->removals)) != AMQ_OK)
        return st;
    return mc_report(rep, &kn, width, cfg, alpha, p);
}
