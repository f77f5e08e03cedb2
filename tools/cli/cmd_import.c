/* amq import --parquet: a Parquet bloom filter (a blob, or a column chunk's filter found
 * through a Parquet file's footer) into a split-block filter file (amq/parquet.h). */
#include "cli.h"
#include "params.h"
#include <amq/filter.h>
#include <amq/filter_rate.h>
#include <amq/parquet.h>
#include <stdlib.h>

static const char USAGE[] =
    "amq import --parquet IN.bin OUT.amq\n"
    "       amq import --parquet FILE.parquet --column PATH [--row-group I] OUT.amq\n"
    "       amq import --parquet FILE.parquet --list\n"
    "  IN.bin: a serialized Parquet bloom filter (Thrift BloomFilterHeader, then the bitset),\n"
    "  validated; FILE.parquet: the filter of column PATH (dotted, as --list prints it) in\n"
    "  row group I (default 0).  OUT.amq is a split-block filter with seed 0; query it with\n"
    "  the column's --key-type.  The file does not say how many values the writer inserted:\n"
    "  amq info OUT.amq gives the exact rate of its bits, amq rate split-block --file OUT.amq\n"
    "  -n N the rate after N values (docs/parquet.md)";

static int list_column(void *ctx, const amq_parquet_column *c)
{
    FILE *f = ctx;
    fprintf(f, "%-9llu %-6llu %-20s %-8s ", (unsigned long long)c->row_group, (unsigned long long)c->column,
            c->type, c->key_type ? c->key_type : "-");
    c->num_values >= 0 ? fprintf(f, "%12lld ", (long long)c->num_values) : fprintf(f, "%12s ", "-");
    c->bloom_offset >= 0 ? fprintf(f, "%14lld ", (long long)c->bloom_offset) : fprintf(f, "%14s ", "-");
    c->bloom_length >= 0 ? fprintf(f, "%12lld ", (long long)c->bloom_length) : fprintf(f, "%12s ", "-");
    fprintf(f, "%s\n", c->path);
    return 0;
}

/* --list: the table is made in memory and printed only when the whole footer was read, so
 * that a bad file prints no part of it (issue 26, class 9). */
static int list_columns(const char *path)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return cli_fail("import", "out of memory");
    fprintf(m, "%-9s %-6s %-20s %-8s %12s %14s %12s %s\n", "row_group", "column", "type", "key_type", "values",
            "bloom_offset", "bloom_length", "path");
    const amq_status st = amq_parquet_file_columns(path, list_column, m);
    const int lost = fclose(m) != 0;
    if (st == AMQ_OK && !lost)
        fwrite(buf, 1, len, stdout);
    free(buf);
    if (st != AMQ_OK)
        return cli_fail("import", "%s", amq_last_error());
    return lost ? cli_fail("import", "out of memory listing the columns") : 0;
}

/* What the new file holds: blocks, fill, the state's exact rate, the fill's estimate of n. */
static void summary(const char *out)
{
    amq_filter *f;
    if (amq_filter_load(&f, out) != AMQ_OK) {
        fprintf(stderr, "amq import: %s was written, but reading it back failed: %s\n", out, amq_last_error());
        return;
    }
    const amq_split_block *sb = amq_filter_object(f);
    fprintf(stderr, "amq import: %s: split-block, %llu blocks, %llu of %llu bits set", out,
            (unsigned long long)amq_split_block_nblocks(sb), (unsigned long long)amq_split_block_count_bits(sb),
            (unsigned long long)amq_split_block_m(sb));
    mpq_t q;
    mpq_init(q);
    char *now = NULL;
    if (amq_filter_fp_state(q, f) == AMQ_OK && amq_mpq_decimal(&now, q, 6) == AMQ_OK)
        fprintf(stderr, "; FP rate of these bits %s (exact, rounded to 6 digits)", now);
    free(now);
    mpq_clear(q);
    uint64_t n;
    int exact;
    if (amq_filter_count(f, &n, &exact) == AMQ_OK)
        fprintf(stderr, "; about %llu distinct values (estimated from the fill: an approximation)",
                (unsigned long long)n);
    fputc('\n', stderr);
    amq_filter_free(f);
}

enum { OPT_PARQUET = 256, OPT_COLUMN, OPT_ROW_GROUP, OPT_LIST };

struct import_opts {
    int parquet, list, have_group;
    const char *column;
    uint64_t group;
};

static int on_option(void *ctx, int id, const char *arg)
{
    struct import_opts *o = ctx;
    switch (id) {
    case OPT_PARQUET: o->parquet = 1; return 0;
    case OPT_LIST: o->list = 1; return 0;
    case OPT_COLUMN: o->column = arg; return 0;
    default:
        o->have_group = 1;
        return cli_u64("import", "--row-group", arg, &o->group) ? 0 : CLI_EXIT_USAGE;
    }
}

int cmd_import(int argc, char **argv)
{
    static const cli_option opts[] = {{"parquet", 0, 0, OPT_PARQUET},
                                      {"column", 0, 1, OPT_COLUMN},
                                      {"row-group", 0, 1, OPT_ROW_GROUP},
                                      {"list", 0, 0, OPT_LIST}};
    struct import_opts o = {0, 0, 0, NULL, 0};
    const char *args[2];
    size_t nargs;
    const int rc = cli_parse_args("import", USAGE, opts, sizeof opts / sizeof opts[0], on_option, &o, argc, argv,
                                  args, 2, &nargs);
    if (rc < 0) {
        puts(USAGE);
        return 0;
    }
    if (rc)
        return rc;
    if (!o.parquet)
        return cli_usage("import", USAGE, "name the format: --parquet (the only one)");
    if (o.list) {
        if (o.column || o.have_group || nargs != 1)
            return cli_usage("import", USAGE, "--list takes one FILE.parquet and no other option");
        return list_columns(args[0]);
    }
    if (o.have_group && !o.column)
        return cli_usage("import", USAGE, "--row-group needs --column");
    if (nargs != 2)
        return cli_usage("import", USAGE, "expected IN and OUT.amq");
    const char *in = args[0], *out = args[1];
    const char *column = o.column;
    const uint64_t group = o.group;
    amq_split_block *f;
    if ((column ? amq_parquet_import_column(&f, in, column, group) : amq_parquet_import_file(&f, in)) != AMQ_OK)
        return cli_fail("import", "%s", amq_last_error());
    cli_lock lk; /* as build: the save cannot land inside another writer's read-modify-write */
    if (cli_lock_for_write("import", out, &lk)) {
        amq_split_block_free(f);
        return CLI_EXIT_FAIL;
    }
    const amq_status s = amq_split_block_save(f, out);
    amq_split_block_free(f);
    if (s != AMQ_OK) {
        cli_unlock(&lk);
        return cli_fail("import", "%s", amq_last_error());
    }
    summary(out); /* still locked: the summary is of the file this import wrote */
    cli_unlock(&lk);
    return 0;
}
