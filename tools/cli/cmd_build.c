/* amq build: read keys (one per line) from stdin into a new filter file. */
#include "cli.h"
#include "filters.h"
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char USAGE[] =
    "amq build (-n N -p FPR | -m M -k K) -o FILE [--type T] [--hash STRATEGY] [--seed S]\n"
    "          [--width W] < keys\n"
    "  -n N          expected number of keys (sizing uses the exact FP rate)\n"
    "  -p FPR        target false-positive rate, in (0,1)\n"
    "  -m M -k K     explicit size (bits or counters) and number of hash functions\n"
    "  -o FILE       output file (written atomically; nothing is written on failure)\n"
    "  --type T      structure: bloom (default), counting, blocked-bloom (512-bit blocks),\n"
    "                split-block (Apache Parquet's: 256-bit blocks, k = 8, XXH64 with --seed,\n"
    "                0 = Parquet's), partitioned (k | m), counting-blocked (64-byte blocks)\n"
    "                blocked-quotient (quotient filters of 64 home slots; -m home slots,\n"
    "                -k fingerprint bits) (blocked: -m must be a whole number of blocks)\n"
    "                quotient (-m home slots 2^q, -k fingerprint bits p = q + r; with -n/-p,\n"
    "                p is the smallest with exact rate <= FPR and n <= 3/4 of 2^q; the\n"
    "                fingerprint is the top p bits of XXH3-64, --hash does not apply)\n"
    "  --hash S      independent | double | triple | enhanced (default enhanced)\n"
    "  --seed S      hash seed (default 0)\n"
    "  --width W     counter width in bits for counting[-blocked] filters: 4 or 8 (default 4)\n"
    "Keys are the bytes of each line without its trailing newline (and a CR before it).";

struct adder {
    const cli_type *t;
    void *obj;
    uint64_t keys, expect;
    cli_progress prog;
};

static int add_key(void *ctx, const char *key, size_t len)
{
    struct adder *a = ctx;
    if (a->t->add(a->obj, key, len) != AMQ_OK)
        return 1;
    if ((++a->keys & 0xFFFF) == 0)
        cli_progress_update(&a->prog, "adding keys", a->keys, a->expect);
    return 0;
}

int cmd_build(int argc, char **argv)
{
    static const struct option opts[] = {
        {"hash", required_argument, 0, 'H'}, {"seed", required_argument, 0, 'S'},
        {"type", required_argument, 0, 'T'}, {"width", required_argument, 0, 'W'},
        {"help", no_argument, 0, 'h'},       {0, 0, 0, 0}};
    uint64_t n = 0, m = 0, k = 0, width = 4;
    double fpr = 0;
    int have_n = 0, have_p = 0, have_m = 0, have_k = 0;
    const char *out = NULL;
    cli_build_opts bo = {AMQ_HASH_DEFAULT, 0, 4};
    const cli_type *t = cli_type_by_name("bloom");
    int c;
    optind = 0;
    while ((c = getopt_long(argc, argv, "n:p:m:k:o:h", opts, NULL)) != -1) {
        switch (c) {
        case 'n': if (!cli_u64("build", "-n", optarg, &n)) return CLI_EXIT_USAGE; have_n = 1; break;
        case 'm': if (!cli_u64("build", "-m", optarg, &m)) return CLI_EXIT_USAGE; have_m = 1; break;
        case 'k': if (!cli_u64("build", "-k", optarg, &k)) return CLI_EXIT_USAGE; have_k = 1; break;
        case 'S': if (!cli_u64("build", "--seed", optarg, &bo.seed)) return CLI_EXIT_USAGE; break;
        case 'W':
            if (!cli_u64("build", "--width", optarg, &width)) return CLI_EXIT_USAGE;
            if (width != 4 && width != 8)
                return cli_usage("build", USAGE, "--width %llu: counter width must be 4 or 8",
                                 (unsigned long long)width);
            bo.width = (unsigned)width;
            break;
        case 'p':
            if (!cli_double_open("build", "-p", optarg, 0.0, 1.0, &fpr)) return CLI_EXIT_USAGE;
            have_p = 1;
            break;
        case 'o': out = optarg; break;
        case 'H':
            if (amq_hash_parse(optarg, &bo.strategy) != AMQ_OK)
                return cli_usage("build", USAGE, "%s", amq_last_error());
            break;
        case 'T':
            if (!(t = cli_type_by_name(optarg)))
                return cli_usage("build", USAGE, "unknown --type '%s' (known: %s)", optarg, cli_type_names());
            break;
        case 'h': puts(USAGE); return 0;
        default: return cli_usage("build", USAGE, "invalid option");
        }
    }
    if (optind < argc)
        return cli_usage("build", USAGE, "unexpected argument '%s'", argv[optind]);
    if (!out)
        return cli_usage("build", USAGE, "missing -o FILE");
    if ((have_n || have_p) && (have_m || have_k))
        return cli_usage("build", USAGE, "give either -n/-p or -m/-k, not both");
    if (!(have_n && have_p) && !(have_m && have_k))
        return cli_usage("build", USAGE, "missing size: give -n N -p FPR, or -m M -k K");

    struct adder a = {t, NULL, 0, have_n ? n : 0, {0, 0}};
    double achieved = 0;
    amq_status s = have_n ? t->create_for(&a.obj, n, fpr, &bo, &achieved) : t->create(&a.obj, m, k, &bo);
    if (s != AMQ_OK)
        return cli_fail("build", "%s", amq_last_error());
    cli_progress_begin(&a.prog);
    int rc = cli_each_line(add_key, &a);
    cli_progress_end(&a.prog);
    if (rc != 0) {
        t->free(a.obj);
        return cli_fail("build", "%s", rc < 0 ? "error reading keys from standard input" : amq_last_error());
    }
    if (t->save(a.obj, out) != AMQ_OK) {
        t->free(a.obj);
        return cli_fail("build", "%s", amq_last_error());
    }
    fprintf(stderr, "amq build: %s: %s, %llu keys added", out, t->name, (unsigned long long)a.keys);
    if (have_n)
        fprintf(stderr, "; certified FP at n=%llu <= %.6g (target %g)", (unsigned long long)n, achieved, fpr);
    fputc('\n', stderr);
    t->free(a.obj);
    return 0;
}
