/* The registry list: every structure amqcert knows, once, with its file type number.
 * Adding a structure is one line here (and its own files: docs/adding-a-structure.md).
 *
 * X(s, TYPE, number): the entry `amq_structure_<s>` is defined in src/<s>_structure.c; its
 * files carry `number` in the container header (lib_internal/container.h), named AMQ_TYPE_<TYPE>
 * in C.  The numbers are on disk: never change or reuse one (tests/data/files/ holds a file
 * of every structure, and tests/test_container.c loads them).  The order is the one the CLI
 * lists them in. */
#ifndef AMQ_INTERNAL_REGISTRY_H
#define AMQ_INTERNAL_REGISTRY_H

#define AMQ_STRUCTURES                              \
    X(bloom, BLOOM, 1)                              \
    X(counting, COUNTING, 2)                        \
    X(quotient, QUOTIENT, 3)                        \
    X(blocked_bloom, BLOCKED_BLOOM, 16)             \
    X(split_block, SPLIT_BLOCK, 17)                 \
    X(partitioned, PARTITIONED, 18)                 \
    X(counting_blocked, COUNTING_BLOCKED, 19)       \
    X(blocked_quotient, BLOCKED_QUOTIENT, 20)       \
    X(window, SLIDING_BLOOM, 5)                     \
    X(cuckoo, CUCKOO, 6)

#endif
