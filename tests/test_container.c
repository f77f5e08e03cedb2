/* File container: round trips, exact layout, and every corrupt-file case. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/tmp_dir.h"
#include "support/read_file.h"
#include <amq/bloom.h>
#include <amq/filter.h>
#include <lib_internal/bloom_state.h>
#include <lib_internal/container.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

static void spit(const char *p, const unsigned char *b, size_t len)
{
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, len, f), len);
    fclose(f);
}

/* Recompute the trailing checksum so a test isolates the check it targets. */
static void reseal(unsigned char *b, size_t len)
{
    amq_put_u64(b + len - 8, XXH3_64bits(b, len - 8));
}

static amq_bloom *sample(uint64_t m)
{
    amq_bloom *bf;
    assert_int_equal(amq_bloom_create(&bf, m, 5, AMQ_HASH_TRIPLE, 77), AMQ_OK);
    for (uint64_t i = 0; i < m / 10; i++)
        assert_int_equal(amq_bloom_add(bf, &i, sizeof i), AMQ_OK);
    return bf;
}

static void round_trip(void **state)
{
    (void)state;
    const uint64_t ms[] = {1, 63, 64, 65, 1000, 100003};
    for (size_t t = 0; t < sizeof ms / sizeof ms[0]; t++) {
        amq_bloom *a = sample(ms[t]), *b = NULL;
        assert_int_equal(amq_bloom_save(a, tmp_path), AMQ_OK);
        assert_int_equal(amq_bloom_load(&b, tmp_path), AMQ_OK);
        assert_int_equal(amq_bloom_m(b), ms[t]);
        assert_int_equal(amq_bloom_k(b), 5);
        assert_int_equal(amq_bloom_strategy(b), AMQ_HASH_TRIPLE);
        assert_int_equal(amq_bloom_seed(b), 77);
        assert_memory_equal(amq_bloom_bits(a), amq_bloom_bits(b), AMQ_BLOOM_WORDS(ms[t]) * 8);
        for (uint64_t i = 0; i < ms[t] / 10; i++)
            assert_true(amq_bloom_query(b, &i, sizeof i));
        amq_bloom_free(a);
        amq_bloom_free(b);
    }
}

static void layout_is_little_endian(void **state)
{
    (void)state;
    amq_bloom *a = sample(130);
    assert_int_equal(amq_bloom_save(a, tmp_path), AMQ_OK);
    size_t len;
    unsigned char *b = read_file_checked(tmp_path, &len);
    assert_int_equal(len, 32 + 32 + 3 * 8 + 8);
    assert_memory_equal(b, "AMQCERT\0", 8);
    assert_int_equal(b[8], AMQ_FORMAT_VERSION);
    assert_int_equal(b[12], AMQ_TYPE_BLOOM);
    assert_int_equal(amq_get_u64(b + 16), 32);
    assert_int_equal(amq_get_u64(b + 24), 24);
    assert_int_equal(amq_get_u64(b + 32), 130);
    assert_int_equal(amq_get_u64(b + 40), 5);
    assert_int_equal(amq_get_u64(b + 48), AMQ_HASH_TRIPLE);
    assert_int_equal(amq_get_u64(b + 56), 77);
    assert_int_equal(amq_get_u64(b + 64), amq_bloom_bits(a)[0]);
    assert_int_equal(amq_get_u64(b + len - 8), XXH3_64bits(b, len - 8));
    free(b);
    amq_bloom_free(a);
}

static void expect_load(amq_status want)
{
    amq_bloom *b = (amq_bloom *)0x1;
    assert_int_equal(amq_bloom_load(&b, tmp_path), want);
    assert_ptr_equal(b, (amq_bloom *)0x1);
    assert_true(strlen(amq_last_error()) > 10);
}

static void corrupt_files(void **state)
{
    (void)state;
    amq_bloom *a = sample(1000);
    assert_int_equal(amq_bloom_save(a, tmp_path), AMQ_OK);
    amq_bloom_free(a);
    size_t len;
    unsigned char *good = read_file_checked(tmp_path, &len), *b = malloc(len + 16);

    /* truncation at every length */
    for (size_t cut = 0; cut < len; cut++) {
        spit(tmp_path, good, cut);
        expect_load(AMQ_E_TRUNCATED);
    }
    /* trailing garbage */
    memcpy(b, good, len);
    b[len] = 0;
    spit(tmp_path, b, len + 1);
    expect_load(AMQ_E_SIZE_MISMATCH);
    /* bad magic, bad version, other type */
    memcpy(b, good, len); b[0] = 'X'; spit(tmp_path, b, len); expect_load(AMQ_E_BAD_MAGIC);
    memcpy(b, good, len); b[8] = 99; reseal(b, len); spit(tmp_path, b, len); expect_load(AMQ_E_BAD_VERSION);
    memcpy(b, good, len); b[12] = 42; reseal(b, len); spit(tmp_path, b, len); expect_load(AMQ_E_BAD_TYPE);
    /* impossible parameters: m = 0, k = 0, k too big, unknown strategy, params length */
    const size_t field[] = {32, 40, 40, 48};
    const uint64_t value[] = {0, 0, AMQ_MAX_K + 1, 4};
    for (int t = 0; t < 4; t++) {
        memcpy(b, good, len);
        amq_put_u64(b + field[t], value[t]);
        reseal(b, len);
        spit(tmp_path, b, len);
        expect_load(AMQ_E_BAD_PARAMS);
    }
    memcpy(b, good, len); amq_put_u64(b + 16, 1000); reseal(b, len); spit(tmp_path, b, len);
    expect_load(AMQ_E_BAD_PARAMS);
    /* size mismatch: m says more words than the payload holds (lengths still consistent) */
    memcpy(b, good, len); amq_put_u64(b + 32, 5000); reseal(b, len); spit(tmp_path, b, len);
    expect_load(AMQ_E_SIZE_MISMATCH);
    /* a single flipped payload bit, and a flipped checksum bit */
    memcpy(b, good, len); b[70] ^= 4; spit(tmp_path, b, len); expect_load(AMQ_E_CHECKSUM);
    memcpy(b, good, len); b[len - 1] ^= 1; spit(tmp_path, b, len); expect_load(AMQ_E_CHECKSUM);
    /* a bit beyond m set, checksum valid */
    memcpy(b, good, len); b[64 + 125] |= 0x80; reseal(b, len); spit(tmp_path, b, len);
    expect_load(AMQ_E_BAD_PARAMS);
    /* untouched file still loads */
    spit(tmp_path, good, len);
    amq_bloom *ok = NULL;
    assert_int_equal(amq_bloom_load(&ok, tmp_path), AMQ_OK);
    amq_bloom_free(ok);
    /* missing file, directory */
    amq_bloom *x = NULL;
    assert_int_equal(amq_bloom_load(&x, "/nonexistent/amq/file"), AMQ_E_IO);
    assert_int_equal(amq_bloom_load(&x, tmp_dir), AMQ_E_IO);
    free(good);
    free(b);
}

static void save_is_atomic(void **state)
{
    (void)state;
    amq_bloom *a = sample(500), *b = sample(700);
    assert_int_equal(amq_bloom_save(a, tmp_path), AMQ_OK);
    char bad[160];
    snprintf(bad, sizeof bad, "%s/no/such/dir/f.amq", tmp_dir);
    assert_int_equal(amq_bloom_save(b, bad), AMQ_E_IO);
    /* overwrite succeeds, and leaves no temporary files behind */
    assert_int_equal(amq_bloom_save(b, tmp_path), AMQ_OK);
    DIR *d = opendir(tmp_dir);
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.')
            files++;
    closedir(d);
    assert_int_equal(files, 1);
    amq_bloom *c;
    assert_int_equal(amq_bloom_load(&c, tmp_path), AMQ_OK);
    assert_int_equal(amq_bloom_m(c), 700);
    amq_bloom_free(a);
    amq_bloom_free(b);
    amq_bloom_free(c);
}

/* Files written by an earlier build (tests/data/files/README.md): every structure of the
 * registry has one, named by its CLI name; it must load as that structure, find its 200 keys
 * and save back to the same bytes.  So a changed type number (lib_internal/registry.h), parameter
 * block or payload layout fails here, and a new structure must bring its file. */
static void old_files_load_the_same(void **state)
{
    (void)state;
    for (size_t i = 0; i < amq_structure_count(); i++) {
        const amq_structure *s = amq_structure_at(i);
        char path[128];
        snprintf(path, sizeof path, "tests/data/files/%s.amq", amq_structure_name(s));
        print_message("%s\n", path);
        size_t len, len2;
        unsigned char *want = read_file_checked(path, &len);
        amq_filter *f = NULL;
        assert_int_equal(amq_filter_load(&f, path), AMQ_OK);
        assert_ptr_equal(amq_filter_structure(f), s);
        for (int k = 1; k <= 200; k++) {
            char key[16];
            assert_true(amq_filter_query(f, key, (size_t)sprintf(key, "%d", k)));
        }
        assert_int_equal(amq_filter_save(f, tmp_path), AMQ_OK);
        unsigned char *got = read_file_checked(tmp_path, &len2);
        assert_int_equal(len2, len);
        assert_memory_equal(got, want, len);
        free(want);
        free(got);
        amq_filter_free(f);
    }
}

/* The one file of an earlier layout (tests/data/files/README.md): a cuckoo filter whose
 * fingerprints sit where layout 1's alternate-bucket map put them is refused, saying why. */
static void old_cuckoo_layout_refused(void **state)
{
    (void)state;
    amq_filter *f = (amq_filter *)0x1;
    assert_int_equal(amq_filter_load(&f, "tests/data/files/cuckoo-layout1.amq"), AMQ_E_BAD_VERSION);
    assert_true(f == (amq_filter *)0x1);
    assert_non_null(strstr(amq_last_error(), "cuckoo-layout1.amq"));
    assert_non_null(strstr(amq_last_error(), "layout 1"));
    assert_non_null(strstr(amq_last_error(), "rebuild it from its keys"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(layout_is_little_endian),
        cmocka_unit_test(corrupt_files),
        cmocka_unit_test(save_is_atomic),
        cmocka_unit_test(old_files_load_the_same),
        cmocka_unit_test(old_cuckoo_layout_refused),
    };
    return cmocka_run_group_tests(tests, tmp_dir_group_setup, tmp_dir_group_teardown);
}
