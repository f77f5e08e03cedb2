/* Kernel descriptors (amq/check.h) of the blocked structures: the real compiled blocked
 * kernels at any geometry (tiny blocks for exhaustive enumeration, realistic ones for Monte
 * Carlo), one constructor per structure.  Each keeps a pointer to *g in kn->ctx (g must
 * outlive the descriptor) and fills in g->alphabet (the digit alphabet, = kn->m) and g->m
 * (the positions of the state).
 *
 * Digits.  A hash outcome is the block choice times the in-block indices; the checks draw
 * vectors of equal digits, so a key is 1 + k digits over A = nblocks * a, a the in-block
 * alphabet: digit 0 div a is the block, digit 1 + t mod a the in-block index t.  Uniform
 * digits give a uniform block and uniform, independent in-block indices (the model of
 * amq/spec_blocked.h).  With real hashing (amq_check_mc's strategies) the block comes from
 * the top of the first digit and the in-block indices are the strategy's sequence mod a,
 * so the two stay independent.  Exceptions, below: partitioned filters (no block digit),
 * Parquet split-block hashing and the blocked quotient filter (one digit per key). */
#ifndef AMQ_BLOCKED_CHECK_H
#define AMQ_BLOCKED_CHECK_H
#include <stdint.h>
#include <amq/check.h>

/* nblocks blocks of block_bits bits, k indices per key (a = block_bits). */
typedef struct amq_blocked_bloom_geom {
    uint64_t nblocks, block_bits, k;
    uint64_t alphabet, m; /* filled in */
} amq_blocked_bloom_geom;
amq_status amq_ops_blocked_bloom(amq_ops *out, amq_blocked_bloom_geom *g);

/* nblocks blocks of `words` words of word_bits bits, one bit per word (a = word_bits).
 * With parquet set (words = 8, word_bits = 32, nblocks <= 2^30) a key is ONE digit over
 * nblocks * 2^32, as Parquet's 64-bit hash: its top is the block, its low 32 bits the key32
 * that Parquet's salts turn into the 8 word bits (amq_split_block_kernel_mask).  Monte Carlo
 * then exercises the real in-block hashing; the rate it is judged against is the model's
 * (independent word bits), which the salted mask meets to within far less than any
 * affordable test can see. */
typedef struct amq_split_block_geom {
    uint64_t nblocks, words, word_bits;
    int parquet;
    uint64_t alphabet, m; /* filled in */
} amq_split_block_geom;
amq_status amq_ops_split_block(amq_ops *out, amq_split_block_geom *g);

/* k partitions of part_bits bits: k digits over part_bits, no block digit (exactly the
 * key-level hashing). */
typedef struct amq_partitioned_geom {
    uint64_t k, part_bits;
    uint64_t alphabet, m; /* filled in */
} amq_partitioned_geom;
amq_status amq_ops_partitioned(amq_ops *out, amq_partitioned_geom *g);

/* nblocks blocks of block_counters counters of `width` bits (4 or 8), k per key
 * (a = block_counters); with removal. */
typedef struct amq_counting_blocked_geom {
    uint64_t nblocks, block_counters, k;
    unsigned width;
    uint64_t alphabet, m; /* filled in */
} amq_counting_blocked_geom;
amq_status amq_ops_counting_blocked(amq_ops *out, amq_counting_blocked_geom *g);

/* nblocks quotient filters of 2^q home slots plus `slack` slots, r-bit remainders: a key is
 * ONE digit over nblocks * 2^(q + r), its top the block, its low q + r bits the
 * fingerprint (quotient, then remainder); with removal.  The operations are the proved
 * blocked quotient kernel's.  The rate is exact only while no insert fails: slack >= n
 * guarantees that. */
typedef struct amq_blocked_quotient_geom {
    uint64_t nblocks, q, r, slack;
    uint64_t alphabet, m; /* filled in (m: home slots) */
} amq_blocked_quotient_geom;
amq_status amq_ops_blocked_quotient(amq_ops *out, amq_blocked_quotient_geom *g);
/* Slots of a block: 2^q + slack rounded up to a multiple of 4 (each block then starts a
 * metadata word of the compact store; the kernel no longer needs it); at most 3
 * more spill slots than asked for, and the same rate.  1 <= q <= 24, slack <= 2^q. */
uint64_t amq_blocked_quotient_block_slots(uint64_t q, uint64_t slack);

#endif
