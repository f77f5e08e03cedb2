/* Parquet bloom filters written by a real writer: DuckDB (tests/parquet/write_parquet.mjs,
 * installed from its lock file by tests/parquet/install.sh) writes 100,000 rows of a string,
 * an INT32, an INT64, a DOUBLE and a FLOAT column in 3 row groups with bloom filters, and the
 * distinct values of each column chunk as it reads them back from the data pages.  Here:
 *   - every filter is found through the file's footer (amqcert's own Thrift decoder) and
 *     imported; amqcert's filter built from the same values (same block count, seed 0, the
 *     values in Parquet's PLAIN encoding through --key-type's conversion) is identical to
 *     the writer's, bit for bit, and its exported blob is byte for byte what the file holds
 *     at bloom_filter_offset, header included;
 *   - every value of the chunk is found in the imported filter;
 *   - on 100,000 fresh values per filter (distinct, none of the chunk's) the number of
 *     positives passes the exact two-sided binomial test against the exact rate of the
 *     imported bits (amq_filter_fp_state) at false-alarm rate 1e-6 per filter (15 filters:
 *     at most 1.5e-5 in all, Bonferroni);
 *   - planted bugs show each check can fail: another seed (not identical), the values'
 *     text instead of their plain encoding (values missed), a query that skips one of the
 *     eight words (the binomial test fails on every filter);
 *   - the same through the amq binary: import, build, cmp, export, query, rate --file.
 * Without node/npm or the npm registry the tests are skipped, saying why (SKIP: lines). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/cli_run.h"
#include "support/read_file.h"
#include <lib_internal/blocked_state.h>
#include <amq/filter.h>
#include <amq/filter_rate.h>
#include <amq/parquet.h>
#include <amq/stats.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FRESH 100000u
#define ALPHA 1e-6
#define COLUMNS 5 /* s, v, b, d, f */

static char data[512], parquet[640], status[700];

static int setup(void **state)
{
    (void)state;
    const char *b = getenv("AMQ_BUILD");
    char cwd[256] = ".";
    if (!b)
        b = "build";
    if (b[0] != '/' && !getcwd(cwd, sizeof cwd)) /* absolute: the CLI runs in its own directory */
        return -1;
    if (b[0] == '/')
        snprintf(data, sizeof data, "%s/parquet", b);
    else
        snprintf(data, sizeof data, "%.250s/%.200s/parquet", cwd, b);
    snprintf(parquet, sizeof parquet, "%s/out/duckdb.parquet", data);
    char path[600];
    snprintf(path, sizeof path, "%s/status", data);
    FILE *f = fopen(path, "r");
    if (!f)
        snprintf(status, sizeof status, "skipped: no DuckDB data in %s: make check writes it (tests/parquet/install.sh)",
                 data);
    else {
        if (!fgets(status, sizeof status, f))
            status[0] = 0;
        status[strcspn(status, "\n")] = 0;
        fclose(f);
    }
    return cli_run_setup();
}

/* Skips (saying why) unless DuckDB wrote its file; a failed writer fails the test. */
static void need_data(void)
{
    if (!strcmp(status, "ok"))
        return;
    if (!strncmp(status, "failed", 6))
        fail_msg("DuckDB: %s", status);
    print_message("SKIP: %s\n", status);
    skip();
}

/* ---- a column chunk's values ---- */

typedef struct key {
    unsigned char *p;
    size_t len;
} key;

typedef struct chunk {
    char path[64], key_type[16];
    uint64_t row_group;
    int64_t offset, length;
    key *keys; /* plain encodings, sorted */
    size_t n;
    char *text; /* the values file */
    size_t text_len;
} chunk;

static chunk chunks[16];
static size_t nchunks;

static int key_cmp(const void *a, const void *b)
{
    const key *x = a, *y = b;
    const size_t n = x->len < y->len ? x->len : y->len;
    const int c = n ? memcmp(x->p, y->p, n) : 0;
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* The chunk's values, one per line, each through the --key-type conversion. */
static void load_values(chunk *c)
{
    char path[700];
    snprintf(path, sizeof path, "%s/out/values/%s.%llu.txt", data, c->path, (unsigned long long)c->row_group);
    c->text = (char *)read_file_checked(path, &c->text_len);
    amq_parquet_key_type kt;
    assert_int_equal(amq_parquet_key_type_parse(c->key_type, &kt), AMQ_OK);
    c->keys = calloc(c->text_len + 1, sizeof *c->keys);
    c->n = 0;
    for (size_t at = 0; at < c->text_len;) {
        const char *nl = memchr(c->text + at, '\n', c->text_len - at);
        assert_non_null(nl);
        const size_t len = (size_t)(nl - (c->text + at));
        key *k = &c->keys[c->n++];
        k->p = malloc(len > 8 ? len : 8);
        if (amq_parquet_key_encode(kt, c->text + at, len, k->p, len > 8 ? len : 8, &k->len) != AMQ_OK)
            fail_msg("%s: value '%.*s': %s", path, (int)len, c->text + at, amq_last_error());
        at += len + 1;
    }
    qsort(c->keys, c->n, sizeof *c->keys, key_cmp);
    for (size_t i = 1; i < c->n; i++) /* DuckDB wrote distinct values */
        assert_int_not_equal(key_cmp(&c->keys[i - 1], &c->keys[i]), 0);
}

static int collect(void *ctx, const amq_parquet_column *col)
{
    (void)ctx;
    if (col->bloom_offset < 0)
        return 0;
    assert_true(nchunks < sizeof chunks / sizeof chunks[0]);
    chunk *c = &chunks[nchunks++];
    memset(c, 0, sizeof *c);
    snprintf(c->path, sizeof c->path, "%s", col->path);
    snprintf(c->key_type, sizeof c->key_type, "%s", col->key_type ? col->key_type : "?");
    c->row_group = col->row_group;
    c->offset = col->bloom_offset;
    c->length = col->bloom_length;
    return 0;
}

/* Every filter of the file through its footer: 3 row groups x 5 columns, each typed. */
static void find_chunks(void)
{
    if (nchunks)
        return;
    assert_int_equal(amq_parquet_file_columns(parquet, collect, NULL), AMQ_OK);
    assert_int_equal(nchunks, 3 * COLUMNS);
    static const char *const want[COLUMNS][2] = {
        {"s", "bytes"}, {"v", "int32"}, {"b", "int64"}, {"d", "double"}, {"f", "float"}};
    for (size_t i = 0; i < nchunks; i++) {
        assert_int_equal(chunks[i].row_group, i / COLUMNS);
        assert_string_equal(chunks[i].path, want[i % COLUMNS][0]);
        assert_string_equal(chunks[i].key_type, want[i % COLUMNS][1]);
        assert_true(chunks[i].length > 0);
        load_values(&chunks[i]);
        assert_true(chunks[i].n > 1000);
    }
}

static unsigned char *file_bytes(int64_t offset, int64_t length)
{
    FILE *f = fopen(parquet, "rb");
    assert_non_null(f);
    unsigned char *b = malloc((size_t)length);
    assert_int_equal(fseek(f, (long)offset, SEEK_SET), 0);
    assert_int_equal(fread(b, 1, (size_t)length, f), (size_t)length);
    fclose(f);
    return b;
}

static amq_split_block *imported(const chunk *c)
{
    amq_split_block *f;
    if (amq_parquet_import_column(&f, parquet, c->path, c->row_group) != AMQ_OK)
        fail_msg("%s row group %llu: %s", c->path, (unsigned long long)c->row_group, amq_last_error());
    return f;
}

static amq_split_block *built(const chunk *c, uint64_t nblocks, uint64_t seed)
{
    amq_split_block *f;
    assert_int_equal(amq_split_block_create(&f, nblocks, seed), AMQ_OK);
    for (size_t i = 0; i < c->n; i++)
        assert_int_equal(amq_split_block_add(f, c->keys[i].p, c->keys[i].len), AMQ_OK);
    return f;
}

static unsigned char *blob_of(const amq_split_block *f, size_t *len)
{
    const size_t cap = (size_t)amq_parquet_blob_size(f);
    unsigned char *b = malloc(cap);
    assert_int_equal(amq_parquet_export(f, b, cap, len), AMQ_OK);
    return b;
}

static void bit_identical(void **state)
{
    (void)state;
    need_data();
    find_chunks();
    for (size_t i = 0; i < nchunks; i++) {
        const chunk *c = &chunks[i];
        amq_split_block *theirs = imported(c);
        const uint64_t blocks = amq_split_block_nblocks(theirs);
        assert_true(amq_split_block_arrow_accepts(blocks)); /* DuckDB sizes in powers of two */
        amq_split_block *ours = built(c, blocks, 0), *planted = built(c, blocks, 1);
        size_t lt, lo;
        unsigned char *bt = blob_of(theirs, &lt), *bo = blob_of(ours, &lo), *file = file_bytes(c->offset, c->length);
        assert_int_equal(lo, (size_t)c->length);
        assert_memory_equal(bo, file, lo); /* header and bitset, byte for byte */
        assert_int_equal(lt, lo);
        assert_memory_equal(bt, bo, lo);
        /* planted bug: another seed is another filter */
        const uint64_t *wp = amq_split_block_words(planted), *wo = amq_split_block_words(ours);
        assert_memory_not_equal(wp, wo, amq_split_block_nwords(ours) * 8);
        print_message("%s row group %llu: %zu %s values, %llu blocks: identical to DuckDB's %lld-byte filter\n",
                      c->path, (unsigned long long)c->row_group, c->n, c->key_type, (unsigned long long)blocks,
                      (long long)c->length);
        free(bt);
        free(bo);
        free(file);
        amq_split_block_free(theirs);
        amq_split_block_free(ours);
        amq_split_block_free(planted);
    }
}

static void every_value_found(void **state)
{
    (void)state;
    need_data();
    find_chunks();
    for (size_t i = 0; i < nchunks; i++) {
        const chunk *c = &chunks[i];
        amq_split_block *f = imported(c);
        for (size_t j = 0; j < c->n; j++)
            assert_int_equal(amq_split_block_query(f, c->keys[j].p, c->keys[j].len), 1);
        if (strcmp(c->key_type, "bytes") != 0) { /* planted bug: the text, not the plain encoding */
            size_t missed = 0;
            for (size_t at = 0, j = 0; at < c->text_len; j++) {
                const size_t len = (size_t)((char *)memchr(c->text + at, '\n', c->text_len - at) - (c->text + at));
                missed += !amq_split_block_query(f, c->text + at, len);
                at += len + 1;
            }
            assert_true(missed > c->n / 2);
        }
        amq_split_block_free(f);
    }
}

/* The exact rate of a filter's bits, through the generic interface. */
static double state_rate(const amq_split_block *f, uint64_t n, char **at_n)
{
    char tmp[128];
    snprintf(tmp, sizeof tmp, "%s/state.amq", cli_dir);
    assert_int_equal(amq_split_block_save(f, tmp), AMQ_OK);
    amq_filter *g;
    assert_int_equal(amq_filter_load(&g, tmp), AMQ_OK);
    mpq_t q;
    mpq_init(q);
    assert_int_equal(amq_filter_fp_state(q, g), AMQ_OK);
    const double p = mpq_get_d(q);
    amq_params params;
    amq_filter_params(g, &params);
    assert_int_equal(amq_structure_fp_decimal(at_n, amq_filter_structure(g), &params, n, 6, NULL, NULL), AMQ_OK);
    mpq_clear(q);
    amq_filter_free(g);
    return p;
}

/* A query that looks at 7 of the 8 words: a planted bug the rate test must catch. */
static int query_seven_words(const amq_split_block *f, const void *k, size_t len)
{
    uint64_t block, r[AMQ_SPLIT_BLOCK_WORDS];
    amq_split_block_locate(f, k, len, &block, r);
    const uint64_t *w = amq_split_block_words(f);
    for (unsigned i = 0; i + 1 < AMQ_SPLIT_BLOCK_WORDS; i++) {
        const uint64_t bit = block * 256 + i * 32 + r[i];
        if (!((w[bit / 64] >> (bit % 64)) & 1))
            return 0;
    }
    return 1;
}

/* Candidate j of the chunk's type: distinct for distinct j (an odd multiplier is a bijection
 * of the word); the caller skips the candidates that are values of the chunk. */
static size_t fresh(const chunk *c, uint64_t j, unsigned char *out)
{
    if (!strcmp(c->key_type, "bytes"))
        return (size_t)snprintf((char *)out, 32, "fresh-%llu", (unsigned long long)j);
    const uint64_t x = j * UINT64_C(0x9E3779B97F4A7C15) + UINT64_C(0x1234567);
    const int wide = !strcmp(c->key_type, "int64") || !strcmp(c->key_type, "double");
    for (unsigned i = 0; i < (wide ? 8u : 4u); i++) /* 4 bytes: the low word, a bijection too */
        out[i] = (unsigned char)(x >> (8 * i));
    return wide ? 8 : 4;
}

static void fp_rate_matches_exact(void **state)
{
    (void)state;
    need_data();
    find_chunks();
    unsigned char buf[32];
    for (size_t i = 0; i < nchunks; i++) {
        const chunk *c = &chunks[i];
        amq_split_block *f = imported(c);
        uint64_t x = 0, planted = 0, taken = 0;
        for (uint64_t j = 0; taken < FRESH; j++) {
            key k = {buf, fresh(c, j, buf)};
            if (bsearch(&k, c->keys, c->n, sizeof *c->keys, key_cmp))
                continue; /* a value of the chunk: not fresh */
            taken++;
            x += (uint64_t)amq_split_block_query(f, buf, k.len);
            planted += (uint64_t)query_seven_words(f, buf, k.len);
        }
        char *at_n = NULL;
        const double p = state_rate(f, c->n, &at_n);
        amq_binom_test_result t, tp;
        assert_int_equal(amq_binom_test(x, FRESH, p, ALPHA, &t), AMQ_OK);
        assert_int_equal(amq_binom_test(planted, FRESH, p, ALPHA, &tp), AMQ_OK);
        print_message("%s row group %llu: %llu of %u fresh values positive (%.3e), exact rate of the bits %.6e, "
                      "p-value %.3g; exact rate at n = %zu: %s; 7-word query: %llu, p-value %.3g\n",
                      c->path, (unsigned long long)c->row_group, (unsigned long long)x, FRESH, t.estimate, p,
                      t.p_value, c->n, at_n, (unsigned long long)planted, tp.p_value);
        assert_true(t.pass);
        assert_false(tp.pass);
        free(at_n);
        amq_split_block_free(f);
    }
}

/* The same path through the amq binary, for row group 1's string and INT32 columns. */
static void through_the_cli(void **state)
{
    (void)state;
    need_data();
    find_chunks();
    for (size_t i = COLUMNS; i < COLUMNS + 2; i++) {
        const chunk *c = &chunks[i];
        amq_split_block *f = imported(c);
        const unsigned long long blocks = (unsigned long long)amq_split_block_nblocks(f);
        amq_split_block_free(f);
        char values[700];
        snprintf(values, sizeof values, "%s/out/values/%s.1.txt", data, c->path);
        assert_int_equal(cli_run("'%s' import --parquet '%s' --column %s --row-group 1 theirs.amq", cli_amq,
                                 parquet, c->path), 0);
        assert_int_equal(cli_run("'%s' build --type split-block -b %llu --key-type %s -o ours.amq < '%s'", cli_amq,
                                 blocks, c->key_type, values), 0);
        assert_int_equal(cli_run("cmp theirs.amq ours.amq"), 0);
        assert_int_equal(cli_run("'%s' export --parquet ours.amq ours.bin", cli_amq), 0);
        assert_int_equal(cli_run("dd if='%s' of=theirs.bin bs=1 skip=%lld count=%lld 2>/dev/null && cmp theirs.bin "
                                 "ours.bin", parquet, (long long)c->offset, (long long)c->length), 0);
        assert_int_equal(cli_run("'%s' import --parquet ours.bin again.amq && cmp again.amq ours.amq", cli_amq), 0);
        assert_int_equal(cli_run("'%s' query theirs.amq --count --key-type %s < '%s'", cli_amq, c->key_type, values),
                         0);
        char want[64];
        snprintf(want, sizeof want, "maybe %zu\nno 0\n", c->n);
        assert_string_equal(cli_out, want);
        /* the rate at the writer's real n, and the n the fill suggests, labelled so */
        assert_int_equal(cli_run("'%s' rate split-block --file theirs.amq -n %zu --digits 10", cli_amq, c->n), 0);
        assert_non_null(strstr(cli_out, "(given with -n)"));
        char *value = NULL;
        amq_params p;
        const amq_structure *s = amq_structure_find("split-block");
        amq_params_init(&p, s);
        amq_params_set(&p, s, "blocks", blocks);
        assert_int_equal(amq_structure_fp_decimal(&value, s, &p, c->n, 10, NULL, NULL), AMQ_OK);
        assert_non_null(strstr(cli_out, value));
        free(value);
        assert_int_equal(cli_run("'%s' rate split-block --file theirs.amq", cli_amq), 0);
        assert_non_null(strstr(cli_out, "estimated from the filter's fill ratio: an approximation"));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bit_identical),
        cmocka_unit_test(every_value_found),
        cmocka_unit_test(fp_rate_matches_exact),
        cmocka_unit_test(through_the_cli),
    };
    return cmocka_run_group_tests(tests, setup, cli_run_group_teardown);
}
