/* The hot paths may be rewritten for speed, never the filters: for every structure of the
 * registry and every hashing strategy, a filter filled with fixed keys saves to the same
 * bytes, and answers the same queries, as amqcert did before the rewrite (issue 16).  The
 * digests below were taken from the code of commit 86576d5; a digest that changes means
 * that files written by one version load into different answers in the other.  The index
 * strategies are pinned the same way, over sizes where i mod m is taken (m <= k) and
 * where it is not. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "support/tmp_dir.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <amq/filter.h>
#include <amq/hash.h>
#include <xxhash.h>

static char dir[TMP_DIR_SIZE];

static int setup(void **state)
{
    (void)state;
    return tmp_dir_make(dir, "identical");
}

static int teardown(void **state)
{
    (void)state;
    return tmp_dir_remove(dir);
}

/* Key i: up to 16 bytes, its length varying with i, so that every XXH3 length path is met. */
static size_t key_of(unsigned char kb[16], uint64_t i)
{
    for (int b = 0; b < 16; b++)
        kb[b] = (unsigned char)((i * UINT64_C(0x9E3779B97F4A7C15)) >> (8 * (b % 8))) ^ (unsigned char)b;
    return (size_t)(1 + i % 16);
}

static void strategies_pinned(void **state)
{
    (void)state;
    static const uint64_t ms[] = {1, 3, 512, 1000, (1u << 20) + 7, UINT64_C(1) << 40, UINT64_C(0xFFFFFFFFFFFFFFC5)};
    static const uint64_t want[4][7] = {
        {UINT64_C(0x3fe9848773b8dfd0), UINT64_C(0x6e368e042d16c8e2), UINT64_C(0x441f541b7589fef1),
         UINT64_C(0xbae7e7a0c1d0e8ae), UINT64_C(0x939d0c57754e1161), UINT64_C(0x8a21539dda2898ba),
         UINT64_C(0x02be540cd823a174)},
        {UINT64_C(0x3fe9848773b8dfd0), UINT64_C(0xd3eee3318948f40d), UINT64_C(0x067ffd24b862c7d6),
         UINT64_C(0x3301d5ff1253865b), UINT64_C(0x152131e1584f1b9c), UINT64_C(0x98499d1ee32f508b),
         UINT64_C(0x7fbb779f79f5ff5e)},
        {UINT64_C(0x3fe9848773b8dfd0), UINT64_C(0xde723e6ef66db428), UINT64_C(0xc94403bd09719688),
         UINT64_C(0xe90eff091eee077f), UINT64_C(0x3a8e7f840903bc08), UINT64_C(0xe3552b1d69b21ce0),
         UINT64_C(0x963cf4037081972d)},
        {UINT64_C(0x3fe9848773b8dfd0), UINT64_C(0xf3ae5cf7833b22a0), UINT64_C(0x3452911ced9d2be4),
         UINT64_C(0x78eb6b45ec878308), UINT64_C(0x861ad3bb685cd615), UINT64_C(0x8c89be9af60eaa53),
         UINT64_C(0xf06a53f270f9e158)},
    };
    for (int s = AMQ_HASH_INDEPENDENT; s <= AMQ_HASH_ENHANCED; s++)
        for (size_t t = 0; t < sizeof ms / sizeof ms[0]; t++) {
            XXH64_state_t *st = XXH64_createState();
            assert_non_null(st);
            XXH64_reset(st, 0);
            for (uint64_t key = 0; key < 1000; key++) {
                uint64_t idx[12];
                unsigned char kb[16];
                const size_t len = key_of(kb, key);
                amq_hash_indices((amq_hash_strategy)s, 7 + key % 3, kb, len, ms[t], idx, 12);
                XXH64_update(st, idx, sizeof idx);
            }
            const uint64_t got = XXH64_digest(st);
            XXH64_freeState(st);
            if (got != want[s][t])
                fail_msg("strategy %s, m = %llu: digest 0x%016llx, was 0x%016llx", amq_hash_name((amq_hash_strategy)s),
                         (unsigned long long)ms[t], (unsigned long long)got, (unsigned long long)want[s][t]);
        }
}

/* One filter: the structure, its parameters by key, the digest of its file and of its answers. */
typedef struct pinned {
    const char *structure;
    const char *keys[4];
    uint64_t values[4];
    uint64_t file, answers;
} pinned;

static const pinned filters[] = {
    {"bloom", {"m", "k", "hash"}, {5000, 7, 0}, UINT64_C(0x8d936d05c74a1eec), UINT64_C(0x62c26e5c9a519429)},
    {"bloom", {"m", "k", "hash"}, {5000, 7, 1}, UINT64_C(0xb3fd59da3e233c81), UINT64_C(0x960b8128534b9a3f)},
    {"bloom", {"m", "k", "hash"}, {5000, 7, 2}, UINT64_C(0x7f926db84d46f4c6), UINT64_C(0x89a4a1f669346588)},
    {"bloom", {"m", "k", "hash"}, {5000, 7, 3}, UINT64_C(0x3205fded468eae64), UINT64_C(0xdc45d19013217750)},
    {"bloom", {"m", "k", "hash"}, {4, 9, 3}, UINT64_C(0x944c777888deff17), UINT64_C(0xc82d3934cb847d18)},
    {"bloom", {"m", "k", "hash"}, {4, 9, 1}, UINT64_C(0xd94b1ddab3e4c0e8), UINT64_C(0xc82d3934cb847d18)},
    {"bloom", {"m", "k", "hash"}, {1048583, 5, 3}, UINT64_C(0xdc3e19daddaecb86), UINT64_C(0x98ed4dd877239aa6)},
    {"counting", {"m", "k", "width", "hash"}, {3000, 5, 4, 3}, UINT64_C(0x71bf8b5534f388ac), UINT64_C(0xfb76a6a08c343753)},
    {"counting", {"m", "k", "width", "hash"}, {3000, 5, 8, 0}, UINT64_C(0x2963de7031f706a4), UINT64_C(0x5f0efafb2bce1595)},
    {"counting", {"m", "k", "width", "hash"}, {3000, 5, 8, 2}, UINT64_C(0xb93f9fa71329e904), UINT64_C(0x4842ac7e6fedd319)},
    {"quotient", {"q", "r"}, {11, 4}, UINT64_C(0xfe3b06f396e5eab9), UINT64_C(0x8ac8449adf2b1401)},
    {"blocked-bloom", {"blocks", "block_bits", "k", "hash"}, {8, 512, 7, 0}, UINT64_C(0xf9de626c5558d969), UINT64_C(0x3a287e720fd86f19)},
    {"blocked-bloom", {"blocks", "block_bits", "k", "hash"}, {8, 512, 7, 1}, UINT64_C(0xa2f1cc87ce1b8358), UINT64_C(0x4662b803a201cbce)},
    {"blocked-bloom", {"blocks", "block_bits", "k", "hash"}, {8, 512, 7, 2}, UINT64_C(0x76f28d6c72f11965), UINT64_C(0xc1960b5680f3e6bc)},
    {"blocked-bloom", {"blocks", "block_bits", "k", "hash"}, {8, 512, 7, 3}, UINT64_C(0x45f63de85962b326), UINT64_C(0xfe31fab5a51a712f)},
    {"blocked-bloom", {"blocks", "block_bits", "k", "hash"}, {6, 300, 5, 3}, UINT64_C(0x5551ef0227423191), UINT64_C(0x0489b7b4ab2c40e8)},
    {"blocked-bloom", {"blocks", "block_bits", "k", "hash"}, {10, 5, 9, 3}, UINT64_C(0xabc771c32d1a6f7e), UINT64_C(0xc82d3934cb847d18)},
    {"split-block", {"blocks"}, {16}, UINT64_C(0xc11c34d7d7347930), UINT64_C(0xf92e5e21440d816b)},
    {"split-block", {"blocks"}, {3}, UINT64_C(0xda7e0f6ea5e4cc7d), UINT64_C(0xc82d3934cb847d18)},
    {"partitioned", {"m", "k", "hash"}, {7000, 7, 3}, UINT64_C(0x651e55944932d97b), UINT64_C(0xab174bab8d3cec41)},
    {"partitioned", {"m", "k", "hash"}, {7000, 7, 0}, UINT64_C(0xfbcb8c4735eb76cf), UINT64_C(0x5d895822dbf2ed40)},
    {"counting-blocked", {"blocks", "k", "width", "hash"}, {16, 7, 4, 3}, UINT64_C(0x3b563641b72e5ae2), UINT64_C(0xbf1af7d8dbd55bbf)},
    {"counting-blocked", {"blocks", "k", "width", "hash"}, {24, 7, 8, 1}, UINT64_C(0xda74825d429021dd), UINT64_C(0xc5b004e7740df1a9)},
    {"blocked-quotient", {"blocks", "q", "r"}, {8, 8, 4}, UINT64_C(0x5504b7812aa74218), UINT64_C(0x75e6e8bef458b80b)},
};

static void filters_pinned(void **state)
{
    (void)state;
    int bad = 0;
    for (size_t i = 0; i < sizeof filters / sizeof filters[0]; i++) {
        const pinned *p = &filters[i];
        const amq_structure *s = amq_structure_find(p->structure);
        assert_non_null(s);
        amq_params pr;
        amq_params_init(&pr, s);
        pr.seed = 11;
        for (int j = 0; j < 4 && p->keys[j]; j++)
            assert_int_equal(amq_params_set(&pr, s, p->keys[j], p->values[j]), AMQ_OK);
        amq_filter *f;
        assert_int_equal(amq_filter_create(&f, s, &pr), AMQ_OK);
        unsigned char kb[16];
        for (uint64_t k = 0; k < 1500; k++)
            assert_int_equal(amq_filter_add(f, kb, key_of(kb, k)), AMQ_OK);
        /* every answer, one call each and batched: the 1500 keys added (and 36 more), then 1984
         * others; the filters are small, so that many of those are false positives */
        XXH64_state_t *st = XXH64_createState();
        assert_non_null(st);
        XXH64_reset(st, 0);
        unsigned char many[64][16];
        const void *ptrs[64];
        size_t lens[64];
        for (uint64_t base = 0; base < 3520; base += 64) {
            int one[64], batch[64];
            for (int j = 0; j < 64; j++) {
                lens[j] = key_of(many[j], base + (uint64_t)j + (base >= 1536 ? 1000000 : 0));
                ptrs[j] = many[j];
                one[j] = amq_filter_query(f, ptrs[j], lens[j]);
            }
            amq_filter_query_batch(f, ptrs, lens, 64, batch);
            assert_memory_equal(one, batch, sizeof one);
            XXH64_update(st, one, sizeof one);
        }
        const uint64_t answers = XXH64_digest(st);
        XXH64_freeState(st);
        char path[128];
        snprintf(path, sizeof path, "%s/f%zu.amq", dir, i);
        assert_int_equal(amq_filter_save(f, path), AMQ_OK);
        amq_filter_free(f);
        FILE *fp = fopen(path, "rb");
        assert_non_null(fp);
        XXH64_state_t *fs = XXH64_createState();
        XXH64_reset(fs, 0);
        unsigned char buf[4096];
        size_t got;
        while ((got = fread(buf, 1, sizeof buf, fp)) > 0)
            XXH64_update(fs, buf, got);
        fclose(fp);
        const uint64_t file = XXH64_digest(fs);
        XXH64_freeState(fs);
        if (file != p->file || answers != p->answers) {
            print_error("%s #%zu: file 0x%016llx (was 0x%016llx), answers 0x%016llx (were 0x%016llx)\n",
                        p->structure, i, (unsigned long long)file, (unsigned long long)p->file,
                        (unsigned long long)answers, (unsigned long long)p->answers);
            bad++;
        }
    }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strategies_pinned),
        cmocka_unit_test_setup_teardown(filters_pinned, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
