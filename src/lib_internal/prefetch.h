/* Internal: the queries' prefetch (the proved batch queries', the cuckoo filter's single
 * query), the one place the proved code and the compiled code differ.  GCC documents
 * __builtin_prefetch as a hint with no effect on the program's behaviour (it never faults, even
 * on an invalid address); Frama-C 25 has no specification for it.  So under Frama-C
 * (__FRAMAC__) the macro evaluates the address expression and discards it: the proofs read the
 * same expression, only the hint is missing (proofs/README.md, what is trusted). */
#ifndef AMQ_INTERNAL_PREFETCH_H
#define AMQ_INTERNAL_PREFETCH_H

#ifdef __FRAMAC__
#define AMQ_PREFETCH(addr) ((void)(addr))
#define AMQ_PREFETCH_KEEP(addr) ((void)(addr))
#else
#define AMQ_PREFETCH(addr) __builtin_prefetch((addr), 0, 0)
/* For a line that later queries read again (a table that fits in the caches): locality 3 keeps
 * it in every level, where AMQ_PREFETCH's locality 0 (prefetchnta on x86-64) may leave it out
 * of L2 (the cuckoo filter's query, n = 1e6: 33.7-36.5 -> 29.8-32.1 ns, docs/cuckoo.md). */
#define AMQ_PREFETCH_KEEP(addr) __builtin_prefetch((addr), 0, 3)
#endif

#endif
