/* amq import --parquet: a Parquet bloom filter (a blob, or a column chunk's filter found
 * through a Parquet file's footer) into a split-block filter file (amq/parquet.h). */
#include "cli.h"
#include <amq/filter.h>
#include <amq/filter_rate.h>
#include <amq/parquet.h>
#include <getopt.h>
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
    (void)ctx;
    printf("%-9llu %-6llu %-20s %-8s ", (unsigned long long)c->row_group, (unsigned long long)c->column, c->type,
           c->key_type ? c->key_type : "-");
    c->num_values >= 0 ? printf("%12lld ", (long long)c->num_values) : printf("%12s ", "-");
    c->bloom_offset >= 0 ? printf("%14lld ", (long long)c->bloom_offset) : printf("%14s ", "-");
    c->bloom_length >= 0 ? printf("%12lld ", (long long)c->bloom_length) : printf("%12s ", "-");
    printf("%s\n", c->path);
    return 0;
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

int cmd_import(int argc, char **argv)
{
    static const struct option opts[] = {{"parquet", no_argument, 0, 'p'},    {"column", required_argument, 0, 'c'},
                                         {"row-group", required_argument, 0, 'r'}, {"list", no_argument, 0, 'l'},
                                         {"help", no_argument, 0, 'h'},        {0, 0, 0, 0}};
    int parquet = 0, list = 0, have_group = 0, c;
    const char *column = NULL;
    uint64_t group = 0;
    optind = 0;
    opterr = 0; /* our messages, not getopt's */
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case 'p': parquet = 1; break;
        case 'l': list = 1; break;
        case 'c': column = optarg; break;
        case 'r':
            if (!cli_u64("import", "--row-group", optarg, &group))
                return CLI_EXIT_USAGE;
            have_group = 1;
            break;
        case 'h': puts(USAGE); return 0;
        default: return cli_bad_option("import", USAGE, c, argc, argv);
        }
    }
    if (!parquet)
        return cli_usage("import", USAGE, "name the format: --parquet (the only one)");
    if (list) {
        if (column || have_group || argc - optind != 1)
            return cli_usage("import", USAGE, "--list takes one FILE.parquet and no other option");
        printf("%-9s %-6s %-20s %-8s %12s %14s %12s %s\n", "row_group", "column", "type", "key_type", "values",
               "bloom_offset", "bloom_length", "path");
        return amq_parquet_file_columns(argv[optind], list_column, NULL) == AMQ_OK
                   ? 0
                   : cli_fail("import", "%s", amq_last_error());
    }
    if (have_group && !column)
        return cli_usage("import", USAGE, "--row-group needs --column");
    if (argc - optind != 2)
        return cli_usage("import", USAGE, "expected IN and OUT.amq");
    const char *in = argv[optind], *out = argv[optind + 1];
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
