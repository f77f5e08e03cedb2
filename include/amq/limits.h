/* Limits shared by every key-level structure. */
#ifndef AMQ_LIMITS_H
#define AMQ_LIMITS_H

/* Most positions a key sets (hash functions k) in any key-level structure: Bloom,
 * counting, blocked Bloom, partitioned, counting blocked (split-block always sets 8).
 * Equal to the kernels' own limit, so every k a structure accepts reaches its kernel.
 * Sizing from (n, fpr) searches a smaller range: amq/spec_blocked.h's
 * AMQ_BLOCKED_SIZE_MAX_K, a limit of the search, not of the structures. */
#define AMQ_MAX_K 1024u

#endif
