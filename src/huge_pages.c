/* Transparent huge pages for large bit arrays (lib_internal/huge_pages.h).  A query of a
 * filter far larger than the caches reads k random words, each on its own page: with 4 KiB
 * pages each read also misses the TLB and walks the page table, and the walks, not the reads,
 * set the pace.  2 MiB pages cover a 120 MB filter with 60 TLB entries. */
#define _DEFAULT_SOURCE /* madvise and MADV_HUGEPAGE: Linux, not POSIX */
#include <lib_internal/huge_pages.h>
#include <stdint.h>
#include <sys/mman.h>

#define HUGE_PAGE ((uintptr_t)2 << 20)

void amq_advise_huge_pages(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    if (!p || bytes < 2 * HUGE_PAGE)
        return;
    const uintptr_t start = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    const uintptr_t end = ((uintptr_t)p + bytes) & ~(HUGE_PAGE - 1);
    if (end > start)
        (void)madvise((void *)start, end - start, MADV_HUGEPAGE); /* a hint: refused, nothing changes */
#else
    (void)p, (void)bytes;
#endif
}
