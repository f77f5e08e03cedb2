/* make bench: the open checker's speed (docs/checker.md section 7).
 *   - the pipe: the trivial C adapter (tools/adapters/adapter_no.c) answering batched
 *     queries and adds through amqcert's process client; the target is >= 1e6 requests/s;
 *   - a plugin check of 1e6 queries (amqcert's Bloom filter as a plugin); target < 1 s.
 * Figures only; nothing asserts. */
#include "bench.h"
#include <amq/check_impl.h>
#include <amq/impl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PIPE_OPS 4000000u
#define BATCH 65536u

static const char *build_path(char *out, size_t len, const char *rel)
{
    const char *b = getenv("AMQ_BUILD");
    snprintf(out, len, "%s/%s", b && *b ? b : "build", rel);
    return out;
}

static void bench_pipe(void)
{
    char cmd[1024];
    amq_impl *impl;
    if (amq_impl_process(&impl, build_path(cmd, sizeof cmd, "adapters/amq-adapter-no"), 10.0) != AMQ_OK) {
        printf("  pipe: %s (run make adapters)\n", amq_last_error());
        return;
    }
    amq_filter *f;
    unsigned char *keys = malloc((size_t)BATCH * 8);
    const void **ptrs = malloc(BATCH * sizeof *ptrs);
    size_t *lens = malloc(BATCH * sizeof *lens);
    int *res = malloc(BATCH * sizeof *res);
    if (!keys || !ptrs || !lens || !res || amq_impl_new_filter(impl, 1, &f) != AMQ_OK) {
        printf("  pipe: setup failed\n");
        free(keys), free(ptrs), free(lens), free(res);
        amq_impl_free(impl);
        return;
    }
    for (size_t i = 0; i < BATCH; i++) {
        for (int b = 0; b < 8; b++)
            keys[i * 8 + b] = (unsigned char)((i * 0x9E3779B97F4A7C15u) >> (8 * b));
        ptrs[i] = keys + i * 8;
        lens[i] = 8;
    }
    for (int kind = 0; kind < 2; kind++) {
        const double t0 = bench_now();
        int ok = 1;
        for (uint64_t done = 0; done < PIPE_OPS && ok; done += BATCH) {
            if (kind == 0) {
                amq_filter_query_batch(f, ptrs, lens, BATCH, res);
                ok = res[0] >= 0;
            } else {
                ok = amq_filter_add_batch(f, ptrs, lens, BATCH, NULL) == AMQ_OK;
            }
        }
        const double dt = bench_now() - t0;
        if (!ok)
            printf("  pipe: %s\n", amq_last_error());
        else
            printf("  pipe, trivial C adapter, batches of %u %s (8-byte keys): %.3g requests/s (%u in %.2f s)\n",
                   BATCH, kind ? "adds" : "queries", PIPE_OPS / dt, PIPE_OPS, dt);
    }
    amq_filter_free(f);
    amq_impl_free(impl);
    free(keys), free(ptrs), free(lens), free(res);
}

/* 1000 filters x (500 added keys queried again + 4 load points x 125 fresh queries). */
static void bench_plugin_check(void)
{
    char so[1024];
    amq_impl *impl;
    if (amq_impl_plugin(&impl, build_path(so, sizeof so, "adapters/amq-plugin.so"), "bloom m=5000 k=5") != AMQ_OK) {
        printf("  plugin check: %s (run make adapters)\n", amq_last_error());
        return;
    }
    amq_impl_check_config c;
    memset(&c, 0, sizeof c);
    c.model = amq_structure_find("bloom");
    amq_params_init(&c.model_params, c.model);
    amq_params_set(&c.model_params, c.model, "m", 5000);
    amq_params_set(&c.model_params, c.model, "k", 5);
    c.n = 500;
    c.loads = 4;
    c.filters = 1000;
    c.queries = 125;
    c.seed = 1;
    c.alpha = 1e-6;
    amq_impl_check_result r;
    const double t0 = bench_now();
    const amq_status st = amq_impl_check(impl, &c, &r);
    const double dt = bench_now() - t0;
    if (st != AMQ_OK)
        printf("  plugin check: %s\n", amq_last_error());
    else
        printf("  plugin check (amq-plugin.so, bloom m=5000 k=5): 1e6 queries (5e5 fresh, 5e5 of added keys) and "
               "5e5 adds in %.3f s, verdict %s\n",
               dt, r.pass ? "pass" : "FAIL");
    if (st == AMQ_OK)
        amq_impl_check_result_free(&r);
    amq_impl_free(impl);
}

void bench_checker(void)
{
    printf("checker (docs/checker.md): targets >= 1e6 requests/s through the pipe, < 1 s for 1e6 plugin queries\n");
    bench_pipe();
    bench_plugin_check();
    printf("\n");
}
