/* Writes the fuzzers' seed corpus: valid files of every structure the loader harnesses
 * read, and sample inputs for the CLI harnesses.  usage: make_seeds DIR
 * (DIR/<harness>/<name> for harness tests/fuzz/fuzz_<harness>.c). */
#include <amq/bloom.h>
#include <amq/counting.h>
#include <amq/parquet.h>
#include <amq/quotient.h>
#include <amq/filter.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *root;

static const char *seed_path(const char *harness, const char *name)
{
    static char p[4096];
    snprintf(p, sizeof p, "%s/%s", root, harness);
    if (mkdir(p, 0777) != 0 && errno != EEXIST) {
        perror(p);
        exit(1);
    }
    snprintf(p, sizeof p, "%s/%s/%s", root, harness, name);
    return p;
}

static void check(amq_status s, const char *what)
{
    if (s != AMQ_OK) {
        fprintf(stderr, "make_seeds: %s: %s\n", what, amq_last_error());
        exit(1);
    }
}

static void text(const char *harness, const char *name, const char *bytes, size_t len)
{
    FILE *f = fopen(seed_path(harness, name), "wb");
    if (!f || fwrite(bytes, 1, len, f) != len || fclose(f) != 0) {
        perror(name);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: make_seeds DIR\n", stderr);
        return 2;
    }
    root = argv[1];
    if (mkdir(root, 0777) != 0 && errno != EEXIST) {
        perror(root);
        return 1;
    }
    char name[64];
    /* Bloom: small m (odd tails), every strategy, a few keys */
    const uint64_t bm[] = {1, 63, 64, 100, 1000}, bk[] = {1, 3, 7, 2, 5};
    for (int i = 0; i < 5; i++) {
        amq_bloom *b;
        check(amq_bloom_create(&b, bm[i], bk[i], (amq_hash_strategy)(i % 4), (uint64_t)i), "bloom");
        for (uint64_t key = 0; key < (uint64_t)i * 7; key++)
            check(amq_bloom_add(b, &key, sizeof key), "bloom add");
        snprintf(name, sizeof name, "bloom-m%llu-k%llu", (unsigned long long)bm[i], (unsigned long long)bk[i]);
        check(amq_bloom_save(b, seed_path("load_bloom", name)), "bloom save");
        amq_bloom_free(b);
    }
    /* counting: widths 4 and 8, odd m (spare nibble), a saturated counter */
    const uint64_t cm[] = {1, 7, 64, 301};
    for (int i = 0; i < 8; i++) {
        amq_counting *c;
        const unsigned width = i % 2 ? 8 : 4;
        check(amq_counting_create(&c, cm[i / 2], 1 + (uint64_t)i % 3, width, (amq_hash_strategy)(i % 4), 9), "counting");
        for (uint64_t key = 0; key < (uint64_t)i * 5; key++)
            check(amq_counting_add(c, &key, sizeof key), "counting add");
        for (uint64_t j = 0; i == 7 && j < 300; j++) {
            const uint64_t key = 1;
            amq_counting_add(c, &key, sizeof key); /* saturates: AMQ_E_SATURATED is expected */
        }
        snprintf(name, sizeof name, "counting-m%llu-w%u-%d", (unsigned long long)cm[i / 2], width, i);
        check(amq_counting_save(c, seed_path("load_counting", name)), "counting save");
        amq_counting_free(c);
    }
    /* quotient: tiny tables, slack 0 and full slack, copies, long clusters, r up to 63 */
    const uint64_t qq[] = {1, 2, 4, 6, 8, 3}, qr[] = {1, 3, 8, 10, 56, 61}, qs[] = {0, 4, 16, 8, 0, 8};
    const uint64_t qn[] = {2, 5, 20, 60, 100, 12};
    for (int i = 0; i < 6; i++) {
        amq_quotient *q;
        check(amq_quotient_create_slack(&q, qq[i], qr[i], qs[i], 5), "quotient");
        for (uint64_t key = 0; key < qn[i]; key++) {
            const uint64_t k2 = key % (qn[i] / 2 + 1); /* copies */
            if (amq_quotient_add(q, &k2, sizeof k2) != AMQ_OK)
                break; /* full: keep what fits */
        }
        snprintf(name, sizeof name, "quotient-q%llu-r%llu-s%llu", (unsigned long long)qq[i],
                 (unsigned long long)qr[i], (unsigned long long)qs[i]);
        check(amq_quotient_save(q, seed_path("load_quotient", name)), "quotient save");
        amq_quotient_free(q);
    }
    /* every structure of the registry, sized for a few keys, for the generic loader */
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        for (uint64_t n = 1; n <= 100; n *= 10) {
            amq_filter *f;
            check(amq_filter_create_for(&f, s, n, 0.1, NULL, NULL), amq_structure_name(s));
            for (uint64_t key = 0; key < n; key++)
                check(amq_filter_add(f, &key, sizeof key), "add");
            snprintf(name, sizeof name, "%s-n%llu", amq_structure_name(s), (unsigned long long)n);
            check(amq_filter_save(f, seed_path("load_any", name)), "save");
            amq_filter_free(f);
        }
    }
    /* Parquet blobs: 1, 2 and 3 blocks (one- and two-byte numBytes varints); footers are
     * kept seeds (tests/fuzz/seeds/parquet_import) */
    for (uint64_t blocks = 1; blocks <= 3; blocks++) {
        amq_split_block *f;
        check(amq_split_block_create(&f, blocks, 0), "split-block");
        for (uint64_t key = 0; key < blocks * 9; key++)
            check(amq_split_block_add(f, &key, sizeof key), "split-block add");
        uint8_t blob[128];
        size_t len;
        check(amq_parquet_export(f, blob, sizeof blob, &len), "parquet export");
        snprintf(name, sizeof name, "blob-%llu-blocks", (unsigned long long)blocks);
        text("parquet_import", name, (const char *)blob, len);
        amq_split_block_free(f);
    }
    static const char numbers32[] = "-2147483648";
    text("parquet_import", "int32-min", numbers32, sizeof numbers32 - 1);
    /* CLI numbers and key lines */
    static const char *numbers[] = {"0", "18446744073709551615", "2^64", "2^63", "1^18446744073709551615",
                                    "0e99999999999999", "10e18", "1e3", " -1", "0.5", "1e-3", ".5e+2", "7.",
                                    "3^40", "0^0", "1E19", "00012", "0.000000000000000000001",
                                    /* exactly at the 64-bit boundary: one step from overflow */
                                    "18446744073709551615^1", "1844674407370955161e1", "4294967295^2",
                                    "2^64", "18446744073709551616", "255^8", "1e19", "1e20"};
    for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++) {
        snprintf(name, sizeof name, "number-%zu", i);
        text("cli_numbers", name, numbers[i], strlen(numbers[i]));
    }
    /* byte 0: the key limit, byte 1: the key to stop at (0: never), then the text */
    static const char lines0[] = "\x10\x00" "alpha\nbeta\r\n\r\n\ngamma";
    static const char lines1[] = "\x04\x00" "abcd\r\nabcde\nnever";
    static const char lines2[] = "\xff\x02" "one\ntwo\nthree\n" "\x00zero\n";
    text("key_lines", "mixed", lines0, sizeof lines0 - 1);
    text("key_lines", "too-long", lines1, sizeof lines1 - 1);
    text("key_lines", "stop", lines2, sizeof lines2 - 1);
    /* the line protocol of amq check --exec: what adapters reply, and requests (amq serve) */
    static const char replies[] = "hello 1 my-filter remove\nok\nyes\nno\r\nerror out of memory\nmaybe\n";
    static const char requests[] = "hello 1\nnew 18446744073709551615\nadd 00ff7f\nquery \nremove 0a0b\nadd 0g\n";
    text("protocol", "replies", replies, sizeof replies - 1);
    text("protocol", "requests", requests, sizeof requests - 1);
    return 0;
}
