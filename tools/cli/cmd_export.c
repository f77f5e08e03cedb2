/* amq export --parquet: a split-block filter as Parquet's serialized bloom filter, the
 * Thrift BloomFilterHeader then the bitset (amq/parquet.h, docs/parquet.md). */
#include "cli.h"
#include "params.h"
#include <amq/filter.h>
#include <amq/parquet.h>
#include <string.h>

static const char USAGE[] =
    "amq export --parquet FILE.amq OUT.bin\n"
    "  writes the split-block filter FILE.amq as a Parquet bloom filter: the Thrift compact\n"
    "  BloomFilterHeader (numBytes, split-block, XXH64, uncompressed), then the bitset; the\n"
    "  bytes a Parquet writer stores at a column chunk's bloom_filter_offset";

static int on_option(void *ctx, int id, const char *arg)
{
    (void)id; /* --parquet, the only option */
    (void)arg;
    *(int *)ctx = 1;
    return 0;
}

int cmd_export(int argc, char **argv)
{
    static const cli_option opts[] = {{"parquet", 0, 0, 256}};
    int parquet = 0;
    const char *args[2];
    size_t nargs;
    const int rc0 = cli_parse_args("export", USAGE, opts, 1, on_option, &parquet, argc, argv, args, 2, &nargs);
    if (rc0 < 0) {
        puts(USAGE);
        return 0;
    }
    if (rc0)
        return rc0;
    if (!parquet)
        return cli_usage("export", USAGE, "name the format: --parquet (the only one)");
    if (nargs != 2)
        return cli_usage("export", USAGE, "expected FILE.amq and OUT.bin");
    const char *in = args[0], *out = args[1];
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
