/* The reports of amq check --plugin | --exec | --impl: for people, and as JSON. */
#include "check_impl_cli.h"
#include "cli.h"
#include "params.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A p-value for people: the double, or from its log10 once it underflows. */
static void put_pvalue(FILE *f, double p, double lg)
{
    if (isnan(lg)) {
        fputs("-", f);
        return;
    }
    if (p > 0.0 || !isfinite(lg)) {
        fprintf(f, "%.3g", p);
        return;
    }
    const double e = floor(lg);
    fprintf(f, "%.2fe%.0f", pow(10.0, lg - e), e);
}

static const char *verdict_name(amq_point_verdict v)
{
    switch (v) {
    case AMQ_POINT_PASS: return "pass";
    case AMQ_POINT_ABOVE: return "ABOVE";
    case AMQ_POINT_BELOW: return "BELOW";
    default: return "-";
    }
}

static void model_line(FILE *f, const check_run *c)
{
    const amq_structure *m = c->cfg.model;
    if (!m) {
        fputs("none (measure only)", f);
        return;
    }
    fprintf(f, "%s (", amq_structure_title(m));
    int first = 1;
    for (size_t i = 0; i < amq_structure_nparams(m); i++)
        if (cli_takes(m, CLI_PARAMS_RATE, i)) {
            fprintf(f, "%s%s=", first ? "" : ", ", amq_structure_param(m, i)->key);
            cli_print_param(f, amq_structure_param(m, i), c->cfg.model_params.v[i]);
            first = 0;
        }
    fputs(")", f);
}

/* The first and last operations before a false negative, in protocol form. */
static void print_ops(FILE *f, const check_run *c)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return;
    amq_impl_check_replay(&c->cfg, c->res.fn_filter, c->res.fn_ops, m);
    fclose(m);
    size_t nlines = 0;
    for (size_t i = 0; i < len; i++)
        nlines += buf[i] == '\n';
    size_t line = 0;
    const char *p = buf;
    fprintf(f, "operations  on that filter, in protocol form (--replay FILE writes all %zu):\n", nlines);
    while (p < buf + len) {
        const char *nl = memchr(p, '\n', (size_t)(buf + len - p));
        if (line < 4 || line + 4 >= nlines)
            fprintf(f, "              %.*s%s\n", (int)(nl - p), p, line + 1 == nlines ? "   -> no" : "");
        else if (line == 4)
            fprintf(f, "              ... (%zu operations)\n", nlines - 8);
        line++;
        p = nl + 1;
    }
    free(buf);
}

/* How many points have a dispersion test. */
static size_t dispersion_tests(const amq_impl_check_result *r)
{
    size_t ndisp = 0;
    for (size_t i = 0; i < r->npoints; i++)
        ndisp += r->points[i].disp_verdict != AMQ_POINT_UNTESTED;
    return ndisp;
}

/* The report in parts: what was checked, how it is judged and what was found, the rate
 * table, the dispersion table, the verdict. */
static void text_head(FILE *f, const check_run *c)
{
    const amq_impl_check_config *g = &c->cfg;
    const amq_impl_check_result *r = &c->res;
    fprintf(f, "implementation  %s: %s%s%s", c->how, c->impl ? amq_impl_name(c->impl) : "(not started)",
            r->describe[0] ? " - " : "", r->describe);
    if (amq_impl_protocol(c->impl))
        fprintf(f, " (protocol version %u%s%s)", amq_impl_protocol(c->impl),
                amq_impl_can_remove(c->impl) ? ", remove" : "", amq_impl_can_refuse(c->impl) ? ", full" : "");
    fputc('\n', f);
    fprintf(f, "model           ");
    model_line(f, c);
    fputc('\n', f);
    fprintf(f, "schedule        %llu fresh filters; each gets n = %llu keys in %llu load points, %llu fresh "
               "quer%s per filter at each",
            (unsigned long long)g->filters, (unsigned long long)g->n, (unsigned long long)g->loads,
            (unsigned long long)g->queries, g->queries == 1 ? "y" : "ies");
    if (g->removals)
        fprintf(f, ";\n                then the first %llu key%s removed and %llu fresh quer%s more",
                (unsigned long long)g->removals, g->removals == 1 ? "" : "s", (unsigned long long)g->queries,
                g->queries == 1 ? "y" : "ies");
    fprintf(f, "\nseed            %llu (the same seed gives the same operations)\n", (unsigned long long)g->seed);
    static const char *const KEYS_TEXT[AMQ_KEYS_FORMATS] = {
        "8-byte counters, little-endian", "8-byte counters, big-endian", "8 random-looking bytes",
        "16 random-looking bytes", "decimal text of the counters", "hex text of the counters (16 digits)",
        "8 to 32 bytes (the counter, then a tail of varying length)"};
    if (g->keys == AMQ_KEYS_LIST)
        fprintf(f, "keys            the lines of '%s' (--key-file), in order, distinct across the run\n", c->key_file);
    else
        fprintf(f, "keys            %s (--key-format %s), distinct across the run\n", KEYS_TEXT[g->keys],
                amq_key_format_name(g->keys));
}

static void text_findings(FILE *f, const check_run *c)
{
    const amq_impl_check_config *g = &c->cfg;
    const amq_impl_check_result *r = &c->res;
    int exact = 0;
    for (size_t i = 0; i < r->npoints; i++)
        exact |= r->points[i].exact_law;
    if (r->shared && g->model)
        fprintf(f, "statistics      per-filter counts independent in [0, %llu]: %s"
                   "Bernstein's bound with the exact mean and variance (E[pi^2]),\n                and above the "
                   "mean Markov's on the exact factorial moments (E[pi^j] the model gives, j <= %d):\n"
                   "                the least of these bounds; intervals distribution-free (Clopper-Pearson on the "
                   "filters' counts, level by level)\n",
                (unsigned long long)g->queries,
                exact ? "the exact law of their sum (from E[pi^j], j <= Q, certified),\n                " : "",
                g->queries <= AMQ_IMPL_CHECK_MOMENTS ? (int)g->queries : 24);
    else if (r->shared)
        fprintf(f, "statistics      per-filter counts independent in [0, %llu]: intervals distribution-free "
                   "(Clopper-Pearson on the filters' counts, level by level; no model)\n",
                (unsigned long long)g->queries);
    else
        fprintf(f, "statistics      one query per filter and point: positives exactly Binomial(F, p); exact "
                   "binomial test, Clopper-Pearson intervals\n");
    if (r->false_negative) {
        fprintf(f, "FALSE NEGATIVE  %s\n", r->reason);
        if (r->fn_after_refusal) /* not the schedule: the session is in the record */
            fprintf(f, "operations  the add of key %llu refused, then every key added before it queried "
                       "(--replay FILE writes the session)\n",
                    (unsigned long long)r->refusal_key_number);
        else
            print_ops(f, c);
    } else {
        fprintf(f, "no false negative: %llu queries of added keys, every answer \"maybe\"\n",
                (unsigned long long)r->added_queries);
    }
    if (r->refused_filters)
        fprintf(f, "refused adds    %llu of %llu filters refused an add (\"full\") before n = %llu keys; the first: "
                   "filter %llu, key %llu, after %llu adds;\n                each such filter ended there, and the %llu "
                   "keys added before its refusal were queried again\n",
                (unsigned long long)r->refused_filters, (unsigned long long)g->filters, (unsigned long long)g->n,
                (unsigned long long)r->refusal_filter, (unsigned long long)r->refusal_key_number,
                (unsigned long long)r->refusal_adds, (unsigned long long)r->kept_queries);
    if (r->ended && c->unstarted)
        fprintf(f, "ENDED           the implementation failed at %s\n", r->error);
    else if (r->ended)
        fprintf(f, "ENDED           the implementation failed at %s\n                the counts below are those of the "
                   "%llu filters done and the queries answered before\n",
                r->error, (unsigned long long)r->filters_done);
}

static void text_points(FILE *f, const amq_impl_check_result *r)
{
    fprintf(f, "\n%10s %10s %10s %12s %22s  %-27s %10s %10s  %s\n", "keys", "queries", "positives", "estimate",
            "exact rate", "interval (simultaneous)", "p-value", "Holm level", "verdict");
    for (size_t i = 0; i < r->npoints; i++) {
        const amq_check_point *pt = &r->points[i];
        char iv[64], lvl[32], p[32];
        snprintf(iv, sizeof iv, "[%.4g, %.4g]", pt->ci_lo, pt->ci_hi);
        FILE *m = fmemopen(p, sizeof p, "w");
        if (m) {
            put_pvalue(m, pt->p_value, pt->log10_p_value);
            fputc(0, m);
            fclose(m);
        }
        snprintf(lvl, sizeof lvl, pt->verdict == AMQ_POINT_UNTESTED ? "-" : "%.3g", pt->level);
        char est[32] = "-"; /* no query at this point (every filter refused an add before it): no estimate */
        if (pt->queries > 0)
            snprintf(est, sizeof est, "%.6g", pt->estimate);
        fprintf(f, "%10llu %10llu %10llu %12s %22s  %-27s %10s %10s  %s%s\n", (unsigned long long)pt->keys,
                (unsigned long long)pt->queries, (unsigned long long)pt->positives, est,
                pt->exact[0] ? pt->exact : "-", iv, p, lvl, verdict_name(pt->verdict),
                pt->after_removals ? " (after removals)" : "");
    }
}

static void text_dispersion(FILE *f, const amq_impl_check_result *r, size_t ndisp)
{
    if (ndisp) {
        fprintf(f, "\ndispersion      pairs of positives within a filter, summed over the filters (sum of C(X_f, 2)), "
                   "against their law\n                under the model (mean F C(Q, 2) E[pi^2]): a rate that varies "
                   "between filters beyond the model fails\n\n%10s %12s %14s %10s %10s  %s\n",
                "keys", "pairs", "expected", "p-value", "Holm level", "verdict");
        for (size_t i = 0; i < r->npoints; i++) {
            const amq_check_point *pt = &r->points[i];
            if (pt->disp_verdict == AMQ_POINT_UNTESTED)
                continue;
            char p[32];
            FILE *m = fmemopen(p, sizeof p, "w");
            if (m) {
                put_pvalue(m, pt->disp_p_value, pt->disp_log10_p_value);
                fputc(0, m);
                fclose(m);
            }
            fprintf(f, "%10llu %12llu %14.6g %10s %10.3g  %s%s\n", (unsigned long long)pt->keys,
                    (unsigned long long)pt->disp_pairs, pt->disp_expected, p, pt->disp_level,
                    pt->disp_verdict == AMQ_POINT_ABOVE ? "FAIL (spread above the model)" : "pass",
                    pt->after_removals ? " (after removals)" : "");
        }
    }
}

static void text_verdict(FILE *f, const check_run *c, size_t ndisp)
{
    const amq_impl_check_config *g = &c->cfg;
    const amq_impl_check_result *r = &c->res;
    if (r->acc_queries == 0) /* a score of 0 from no query would read as all wrong */
        fprintf(f, "\naccuracy score  -  (CMU 15-122: no fresh query at n = %llu keys", (unsigned long long)g->n);
    else
        fprintf(f, "\naccuracy score  %d  (CMU 15-122: 100 x %llu true negatives / %llu fresh queries at n = %llu keys",
                r->accuracy, (unsigned long long)r->acc_negatives, (unsigned long long)r->acc_queries,
                (unsigned long long)g->n);
    if (g->model)
        fprintf(f, "; the model expects %.6g", r->accuracy_model);
    fprintf(f, ")\n");
    if (g->model)
        fprintf(f, "false alarms    family-wise rate <= %g over the %zu rate tests%s (Holm); intervals at "
                   "confidence 1 - %g each (Bonferroni: all hold together with confidence >= 1 - %g)\n",
                g->alpha, r->npoints, ndisp ? (ndisp == 1 ? " and 1 dispersion test" : " and the dispersion tests") : "",
                g->alpha / (double)r->npoints, g->alpha);
    else /* say it plainly: measured, not judged */
        fprintf(f, "false alarms    no rate test: --model none gives no verdict on the rate, only on false negatives;"
                   "\n                intervals at confidence 1 - %g each (Bonferroni: all hold together with "
                   "confidence >= 1 - %g)\n",
                g->alpha / (double)r->npoints, g->alpha);
    fprintf(f, "verdict         %s%s%s%s\n", r->pass ? "pass" : "FAIL", r->pass ? "" : ": ", r->reason,
            r->pass && !g->model ? " (no false negative; no verdict on the rate: --model none)" : "");
}

void check_report_text(FILE *f, const check_run *c)
{
    const size_t ndisp = dispersion_tests(&c->res);
    text_head(f, c);
    text_findings(f, c);
    if (c->unstarted) { /* nothing was counted: no table, no tests */
        fprintf(f, "verdict         FAIL: %s\n", c->res.reason);
        return;
    }
    text_points(f, &c->res);
    text_dispersion(f, &c->res, ndisp);
    text_verdict(f, c, ndisp);
}

static void json_head(FILE *f, const check_run *c)
{
    const amq_impl_check_config *g = &c->cfg;
    const amq_impl_check_result *r = &c->res;
    fprintf(f, "{\"implementation\": {\"kind\": ");
    cli_json_str(f, c->unstarted ? "process" : amq_impl_kind(c->impl));
    fprintf(f, ", \"protocol\": %u", amq_impl_protocol(c->impl));
    fprintf(f, ", \"name\": ");
    cli_json_str_or_null(f, amq_impl_name(c->impl));
    fprintf(f, ", \"describe\": ");
    cli_json_str(f, r->describe);
    fprintf(f, "}, \"model\": ");
    if (g->model) {
        fprintf(f, "{\"structure\": ");
        cli_json_str(f, amq_structure_name(g->model));
        for (size_t i = 0; i < amq_structure_nparams(g->model); i++)
            if (cli_takes(g->model, CLI_PARAMS_RATE, i)) {
                fprintf(f, ", \"%s\": ", amq_structure_param(g->model, i)->key);
                cli_json_param(f, amq_structure_param(g->model, i), g->model_params.v[i]);
            }
        fputc('}', f);
    } else
        fputs("null", f);
    fprintf(f, ", \"n\": %llu, \"loads\": %llu, \"filters\": %llu, \"queries\": %llu, \"removals\": %llu, "
               "\"seed\": %llu, \"keys\": \"%s\", \"alpha\": ",
            (unsigned long long)g->n, (unsigned long long)g->loads, (unsigned long long)g->filters,
            (unsigned long long)g->queries, (unsigned long long)g->removals, (unsigned long long)g->seed,
            amq_key_format_name(g->keys));
    cli_json_double(f, g->alpha);
    if (g->keys == AMQ_KEYS_LIST) {
        fputs(", \"key_file\": ", f);
        cli_json_str(f, c->key_file);
    }
}

/* false_negative, refused_adds, ended, filters_done, added_key_queries. */
static void json_findings(FILE *f, const check_run *c)
{
    const amq_impl_check_result *r = &c->res;
    fprintf(f, ", \"design\": \"%s\", \"correction\": \"holm\", \"false_negative\": ", r->shared ? "shared" : "fresh");
    if (r->false_negative) {
        char hex[2 * AMQ_IMPL_CHECK_KEY_MAX + 1] = "";
        for (size_t i = 0; i < r->fn_key_len; i++)
            sprintf(hex + 2 * i, "%02x", r->fn_key[i]);
        fprintf(f, "{\"key\": \"%s\", \"filter\": %llu, \"seed\": %llu, \"key_number\": %llu, \"operations\": %llu, "
                   "\"after_removals\": %s, \"after_refused_add\": %s}",
                hex, (unsigned long long)r->fn_filter, (unsigned long long)r->fn_seed,
                (unsigned long long)r->fn_key_number, (unsigned long long)r->fn_ops,
                r->fn_after_removals ? "true" : "false", r->fn_after_refusal ? "true" : "false");
    } else
        fputs("null", f);
    fprintf(f, ", \"refused_adds\": ");
    if (r->refused_filters)
        fprintf(f, "{\"filters\": %llu, \"first_filter\": %llu, \"first_key_number\": %llu, \"adds_before\": %llu, "
                   "\"kept_key_queries\": %llu}",
                (unsigned long long)r->refused_filters, (unsigned long long)r->refusal_filter,
                (unsigned long long)r->refusal_key_number, (unsigned long long)r->refusal_adds,
                (unsigned long long)r->kept_queries);
    else
        fputs("null", f);
    fprintf(f, ", \"ended\": ");
    if (r->ended && c->unstarted) {
        fputs("{\"filter\": null, \"operation\": 0, \"adds_before\": 0, \"error\": ", f);
        cli_json_str(f, r->error);
        fputc('}', f);
    } else if (r->ended) {
        fprintf(f, "{\"filter\": %llu, \"operation\": %llu, \"adds_before\": %llu, \"error\": ",
                (unsigned long long)r->end_filter, (unsigned long long)r->end_ops, (unsigned long long)r->end_adds);
        cli_json_str(f, r->error);
        fputc('}', f);
    } else
        fputs("null", f);
    fprintf(f, ", \"filters_done\": %llu, \"added_key_queries\": %llu, \"points\": [",
            (unsigned long long)r->filters_done, (unsigned long long)r->added_queries);
}

static void json_point(FILE *f, const amq_check_point *pt, int first)
{
    fprintf(f, "%s{\"keys\": %llu, \"after_removals\": %s, \"queries\": %llu, \"positives\": %llu, \"estimate\": ",
            first ? "" : ", ", (unsigned long long)pt->keys, pt->after_removals ? "true" : "false",
            (unsigned long long)pt->queries, (unsigned long long)pt->positives);
    cli_json_double(f, pt->estimate);
    fprintf(f, ", \"exact\": ");
    if (pt->exact[0])
        cli_json_str(f, pt->exact);
    else
        fputs("null", f);
    fprintf(f, ", \"second_moment\": ");
    cli_json_double(f, pt->pair);
    fprintf(f, ", \"ci_lower\": ");
    cli_json_double(f, pt->ci_lo);
    fprintf(f, ", \"ci_upper\": ");
    cli_json_double(f, pt->ci_hi);
    fprintf(f, ", \"p_value\": ");
    cli_json_double(f, pt->p_value);
    fprintf(f, ", \"log10_p_value\": ");
    cli_json_double(f, pt->log10_p_value);
    fprintf(f, ", \"exact_law\": %s", pt->exact_law ? "true" : "false");
    fprintf(f, ", \"holm_level\": ");
    cli_json_double(f, pt->verdict == AMQ_POINT_UNTESTED ? NAN : pt->level);
    fprintf(f, ", \"dispersion\": ");
    if (pt->disp_verdict == AMQ_POINT_UNTESTED) {
        fputs("null", f);
    } else {
        fprintf(f, "{\"pairs\": %llu, \"expected\": ", (unsigned long long)pt->disp_pairs);
        cli_json_double(f, pt->disp_expected);
        fprintf(f, ", \"p_value\": ");
        cli_json_double(f, pt->disp_p_value);
        fprintf(f, ", \"log10_p_value\": ");
        cli_json_double(f, pt->disp_log10_p_value);
        fprintf(f, ", \"exact_law\": %s, \"holm_level\": ", pt->disp_exact_law ? "true" : "false");
        cli_json_double(f, pt->disp_level);
        fprintf(f, ", \"verdict\": \"%s\"}", pt->disp_verdict == AMQ_POINT_ABOVE ? "above" : "pass");
    }
    fprintf(f, ", \"verdict\": \"%s\"}", pt->verdict == AMQ_POINT_PASS    ? "pass"
                                         : pt->verdict == AMQ_POINT_ABOVE ? "above"
                                         : pt->verdict == AMQ_POINT_BELOW ? "below"
                                                                          : "untested");
}

void check_report_json(FILE *f, const check_run *c)
{
    const amq_impl_check_config *g = &c->cfg;
    const amq_impl_check_result *r = &c->res;
    json_head(f, c);
    json_findings(f, c);
    for (size_t i = 0; i < r->npoints; i++)
        json_point(f, &r->points[i], i == 0);
    fputs("], \"accuracy\": {\"score\": ", f);
    if (r->acc_queries == 0)
        fputs("null", f); /* no fresh query: no score */
    else
        fprintf(f, "%d", r->accuracy);
    fprintf(f, ", \"negatives\": %llu, \"queries\": %llu, \"model\": ", (unsigned long long)r->acc_negatives,
            (unsigned long long)r->acc_queries);
    cli_json_double(f, r->accuracy_model);
    fprintf(f, "}, \"rate_verdict\": %s, \"verdict\": \"%s\", \"reason\": ", g->model ? "true" : "false",
            r->pass ? "pass" : "fail");
    cli_json_str(f, r->reason);
    fprintf(f, "}\n");
}
