/* Internal: transparent huge pages for large bit arrays (src/huge_pages.c). */
#ifndef AMQ_INTERNAL_HUGE_PAGES_H
#define AMQ_INTERNAL_HUGE_PAGES_H
#include <stddef.h>

/* Asks the kernel to back the whole 2 MiB pages inside [p, p + bytes) with huge pages, where it
 * offers them (Linux, THP in "madvise" or "always" mode); a hint that changes no byte, and a
 * no-op elsewhere or for arrays under 4 MiB. */
void amq_advise_huge_pages(void *p, size_t bytes);

#endif
