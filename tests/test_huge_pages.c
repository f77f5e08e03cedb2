/* Large bit arrays are advised onto transparent huge pages (src/huge_pages.c): the mapping that
 * holds a Bloom or blocked Bloom filter of 8 MiB or more carries the kernel's "hg" flag
 * (MADV_HUGEPAGE) in /proc/self/smaps, whatever the machine has free, so the test does not
 * depend on huge pages being available; the hint changes no byte.  Skipped where Linux's
 * /proc/self/smaps or THP is absent, or smaps shows no VmFlags. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <amq/blocked_bloom.h>
#include <amq/bloom.h>
#include <lib_internal/blocked_state.h>
#include <lib_internal/bloom_state.h>
#include <lib_internal/huge_pages.h>

#define BIG_BITS (UINT64_C(1) << 26) /* 8 MiB */

static int have_thp(void)
{
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
    FILE *g = fopen("/proc/self/smaps", "r");
    const int ok = f && g;
    if (f)
        fclose(f);
    if (g)
        fclose(g);
    return ok;
}

/* 1 if the mapping holding address p has "hg" among its VmFlags, 0 if not; -1 if smaps shows
 * no VmFlags at all (kernels before 3.8, some sandboxes: the test is skipped), -2 if no mapping
 * holds p. */
static int advised(const void *p)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    assert_non_null(f);
    char line[512];
    int inside = 0, found = 0, flags = 0, result = -2;
    const uintptr_t a = (uintptr_t)p;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' ')) {
            inside = a >= lo && a < hi;
            found |= inside;
            continue;
        }
        if (strncmp(line, "VmFlags:", 8) == 0) {
            flags = 1;
            if (inside) {
                result = strstr(line, " hg") != NULL;
                break;
            }
        }
    }
    fclose(f);
    return result >= 0 ? result : found && !flags ? -1 : result;
}

/* The advice read for a filter's array, judged after the filter is freed (a skip leaves the
 * test at once). */
static void judge(int a)
{
    if (a == -1)
        skip();
    assert_int_equal(a, 1);
}

static void bloom_array_is_advised(void **state)
{
    (void)state;
    if (!have_thp())
        skip();
    amq_bloom *bf;
    assert_int_equal(amq_bloom_create(&bf, BIG_BITS, 7, AMQ_HASH_ENHANCED, 1), AMQ_OK);
    /* the middle of the array: its first bytes may share a 2 MiB page with other data */
    const int a = advised(amq_bloom_bits(bf) + BIG_BITS / 128u);
    const int added = amq_bloom_add(bf, "key", 3), found = amq_bloom_query(bf, "key", 3);
    amq_bloom_free(bf);
    assert_int_equal(added, AMQ_OK);
    assert_int_equal(found, 1);
    judge(a);
}

static void blocked_array_is_advised(void **state)
{
    (void)state;
    if (!have_thp())
        skip();
    amq_blocked_bloom *b;
    assert_int_equal(amq_blocked_bloom_create(&b, BIG_BITS / 512u, 512, 7, AMQ_HASH_ENHANCED, 1), AMQ_OK);
    const int a = advised(amq_blocked_bloom_words(b) + BIG_BITS / 128u);
    amq_blocked_bloom_free(b);
    judge(a);
}

/* The hint on what it must leave alone: NULL, small arrays, a region with no whole 2 MiB page;
 * the bytes of an advised array are unchanged. */
static void hint_changes_no_byte(void **state)
{
    (void)state;
    amq_advise_huge_pages(NULL, 1u << 30);
    unsigned char small[64] = {1};
    amq_advise_huge_pages(small, sizeof small);
    assert_int_equal(small[0], 1);
    const size_t n = (size_t)5 << 20;
    unsigned char *big = malloc(n);
    assert_non_null(big);
    for (size_t i = 0; i < n; i++)
        big[i] = (unsigned char)(i * 131u);
    amq_advise_huge_pages(big + 1, n - 1);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(big[i], (unsigned char)(i * 131u));
    free(big);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bloom_array_is_advised),
        cmocka_unit_test(blocked_array_is_advised),
        cmocka_unit_test(hint_changes_no_byte),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
