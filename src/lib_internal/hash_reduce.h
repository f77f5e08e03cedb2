/* Internal: the contract of amq/hash.h's amq_reduce (defined in src/hash_stream.c and proved by
 * the unit hash_stream; a public header carries no ACSL), apart from the index stream, so that
 * a unit that calls amq_reduce but not the stream's static inline functions
 * (lib_internal/hash_stream.h) does not read them. */
#ifndef AMQ_INTERNAL_HASH_REDUCE_H
#define AMQ_INTERNAL_HASH_REDUCE_H
#include <stdint.h>
#include <amq/hash.h>

/*@ requires m_pos: m >= 1;
    assigns \nothing;
    ensures product:  \result == (h * m) / 18446744073709551616;
    ensures in_range: \result < m;
*/
uint64_t amq_reduce(uint64_t h, uint64_t m);

/* amq_reduce for a modulus below 2^32 (a cuckoo fingerprint's 2^f - 1), with two products. */
/*@ requires m_range: 1 <= m <= 4294967295;
    assigns \nothing;
    ensures product:  \result == (h * m) / 18446744073709551616;
    ensures in_range: \result < m;
*/
uint64_t amq_reduce_small(uint64_t h, uint64_t m);

#endif
