/* amq export --parquet: a split-block filter as Parquet's serialized bloom filter, the
 * Thrift BloomFilterHeader then the bitset (amq/parquet.h, docs/parquet.md). */
#include "cli.h"
#include <amq/filter.h>
#include <amq/parquet.h>
#include <getopt.h>
#include <string.h>

static const char USAGE[] =
    "amq export --parquet FILE.amq OUT.bin\n"
    "  writes the split-block filter FILE.amq as a Parquet bloom filter: the Thrift compact\n"
    "  BloomFilterHeader (numBytes, split-block, XXH64, uncompressed), then the bitset; the\n"
    "  bytes a Parquet writer stores at a column chunk's bloom_filter_offset";

int cmd_export(int argc, char **argv)
{
    static const struct option opts[] = {
        {"parquet", no_argument, 0, 'p'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int parquet = 0, c;
    optind = 0;
    opterr = 0; /* our messages, not getopt's */
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        if (c == 'p')
            parquet = 1;
        else if (c == 'h') {
            puts(USAGE);
            return 0;
        } else
            return cli_bad_option("export", USAGE, c, argc, argv);
    }
    if (!parquet)
        return cli_usage("export", USAGE, "name the format: --parquet (the only one)");
    if (argc - optind != 2)
        return cli_usage("export", USAGE, "expected FILE.amq and OUT.bin");
    const char *in = argv[optind], *out = argv[optind + 1];
    amq_filter *f;
    if (amq_filter_load(&f, in) != AMQ_OK)
        return cli_fail("export", "%s", amq_last_error());
    const char *name = amq_structure_name(amq_filter_structure(f));
    int rc = 0;
    cli_lock lk = {-1};
    if (strcmp(name, "split-block") != 0)
        rc = cli_fail("export", "'%s' is a %s filter; Parquet's bloom filters are split-block filters (amq build "
                                "--type split-block)", in, name);
    else if (cli_lock_for_write("export", out, &lk))
        rc = CLI_EXIT_FAIL;
    else if (amq_parquet_export_file(amq_filter_object(f), out) != AMQ_OK)
        rc = cli_fail("export", "%s", amq_last_error());
    else {
        const amq_split_block *sb = amq_filter_object(f);
        const uint64_t blocks = amq_split_block_nblocks(sb);
        fprintf(stderr, "amq export: %s: Parquet bloom filter, %llu blocks: %llu bytes (a %llu-byte header and a "
                        "%llu-byte bitset); Arrow C++ %s this size\n", out, (unsigned long long)blocks,
                (unsigned long long)amq_parquet_blob_size(sb),
                (unsigned long long)(amq_parquet_blob_size(sb) - 32 * blocks), (unsigned long long)(32 * blocks),
                amq_split_block_arrow_accepts(blocks) ? "accepts" : "does not accept (it reads 2^j blocks, 32 B to 128 MiB)");
    }
    cli_unlock(&lk);
    amq_filter_free(f);
    return rc;
}
