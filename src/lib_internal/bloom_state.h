/* Internal: the Bloom filter's bit array, for tests (not installed). */
#ifndef AMQ_INTERNAL_BLOOM_STATE_H
#define AMQ_INTERNAL_BLOOM_STATE_H
#include <amq/bloom.h>
#include <lib_internal/bloom_kernel.h>

/* The packed bit array (AMQ_BLOOM_WORDS(m) words). */
const uint64_t *amq_bloom_bits(const amq_bloom *bf);

#endif
