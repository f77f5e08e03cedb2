/* Internal: the batch queries' prefetch, the one place the proved code and the compiled code
 * differ.  GCC documents __builtin_prefetch as a hint with no effect on the program's behaviour
 * (it never faults, even on an invalid address); Frama-C 25 has no specification for it.  So
 * under Frama-C (__FRAMAC__) the macro evaluates the address expression and discards it: the
 * proofs read the same expression, only the hint is missing (proofs/README.md, what is trusted). */
#ifndef AMQ_INTERNAL_PREFETCH_H
#define AMQ_INTERNAL_PREFETCH_H

#ifdef __FRAMAC__
#define AMQ_PREFETCH(addr) ((void)(addr))
#else
#define AMQ_PREFETCH(addr) __builtin_prefetch((addr), 0, 0)
#endif

#endif
