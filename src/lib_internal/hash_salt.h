/* Internal: the seed salt of the triple strategy's third hash, named once for the C that
 * computes it (src/hash_stream.c, proved; src/simd/blocked_bloom_avx2.c, held to it bit for bit
 * by tests/test_simd*.c).  acsl/amq/hash_stream_logic.h states the same value as the
 * specification the proof ties src/hash_stream.c to. */
#ifndef AMQ_INTERNAL_HASH_SALT_H
#define AMQ_INTERNAL_HASH_SALT_H

#define AMQ_HASH_TRIPLE_SALT 0x9E3779B97F4A7C15ull

#endif
