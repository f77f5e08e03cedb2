/* Key-level blocked AMQs over the proved blocked kernels (amq/blocked_kernel.h):
 * one type, amq_blocked, for every blocked structure, with a constructor per structure
 * and the operations written once.  Each failing call returns a status, leaves a
 * message in amq_last_error(), and changes nothing.  All sizes are 64-bit.
 *
 *   blocked Bloom     nblocks blocks of 512 bits (one 64-byte cache line); a key sets
 *                     k bits inside one block.  Block: XXH3-64 of the key (seed ^ a fixed
 *                     salt) reduced by 64-bit multiply-shift; in-block indices: the chosen
 *                     XXH3 strategy (amq/hash.h) over [0, 512).
 *   split-block       Apache Parquet's split-block Bloom filter, bit-exact: nblocks blocks
 *                     of eight 32-bit words, one bit per word.  hash = XXH64(key, seed;
 *                     seed 0 is Parquet's), block = ((hash >> 32) * nblocks) >> 32,
 *                     key32 = (uint32_t)hash, bit (key32 * salt[i]) >> 27 of word i.
 *                     The 32-bit multiply-shift limits nblocks to 2^32 (128 GiB);
 *                     larger filters are refused (AMQ_E_TOO_LARGE).  The bit array,
 *                     saved little-endian, IS the Parquet bitset.
 *   partitioned       m bits in k partitions of m/k bits (k must divide m); index i of
 *                     the key's XXH3 strategy vector over [0, m/k) sets a bit of
 *                     partition i.
 *   counting blocked  nblocks blocks of 64 bytes of sticky saturating counters (4-bit: 128
 *                     per block, 8-bit: 64), hashed as blocked Bloom; supports remove.
 *   blocked quotient  nblocks quotient filters (amq/quotient_kernel.h) of 2^q home slots
 *                     and r-bit remainders; a key's fingerprint (the top q + r bits of
 *                     its XXH3-64) goes to one block (salted XXH3-64, multiply-shift).
 *
 * False-positive rates and (n, fpr) sizing are the exact binomial mixtures of
 * amq/spec_blocked.h (Ceramist Theorem 10).
 *
 * In-block indices follow the chosen strategy over the block's alphabet, and small
 * power-of-two blocks expose double hashing: with 64 counters per block (8-bit counting
 * blocked), k = 5 and 5.3 keys per block, double hashing measures FP 0.0158 and enhanced
 * double hashing 0.0113 (binomial p-value 5e-7 at 2e5 fresh filters) against the exact
 * 0.0101, while independent and triple hashing match it.  At 512-bit blocks every
 * strategy matches (tests/test_check_blocked.c). */
#ifndef AMQ_BLOCKED_H
#define AMQ_BLOCKED_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/hash.h>

typedef enum amq_blocked_kind {
    AMQ_BLOCKED_BLOOM = 1,
    AMQ_BLOCKED_SPLIT = 2,
    AMQ_BLOCKED_PARTITIONED = 3,
    AMQ_BLOCKED_COUNTING = 4,
    AMQ_BLOCKED_QUOTIENT = 5
} amq_blocked_kind;

#define AMQ_BLOCKED_BLOOM_BLOCK_BITS 512u /* blocked Bloom: one cache line */
#define AMQ_BLOCKED_BLOCK_BYTES 64u       /* counting blocked: one cache line of counters */
#define AMQ_BLOCKED_KEY_MAX_K 64u         /* k limit of the key-level structures */

typedef struct amq_blocked amq_blocked;

/* ---- constructors ---- */

/* nblocks >= 1 blocks of 512 bits, 1 <= k <= AMQ_BLOCKED_KEY_MAX_K. */
amq_status amq_blocked_bloom_create(amq_blocked **out, uint64_t nblocks, uint64_t k,
                                    amq_hash_strategy strategy, uint64_t seed);
/* Sized for n keys at FP <= fpr on the exact mixture (amq_blocked_bloom_size_for). The
 * certified upper bound of the achieved rate goes to *achieved if non-NULL. */
amq_status amq_blocked_bloom_create_for(amq_blocked **out, uint64_t n, double fpr,
                                        amq_hash_strategy strategy, uint64_t seed, double *achieved);

/* 1 <= nblocks <= 2^32 blocks of 256 bits; seed 0 is Parquet's hashing. */
amq_status amq_split_block_create(amq_blocked **out, uint64_t nblocks, uint64_t seed);
amq_status amq_split_block_create_for(amq_blocked **out, uint64_t n, double fpr, uint64_t seed,
                                      double *achieved);

/* m bits, 1 <= k <= AMQ_BLOCKED_KEY_MAX_K, k dividing m. */
amq_status amq_partitioned_create(amq_blocked **out, uint64_t m, uint64_t k,
                                  amq_hash_strategy strategy, uint64_t seed);
amq_status amq_partitioned_create_for(amq_blocked **out, uint64_t n, double fpr,
                                      amq_hash_strategy strategy, uint64_t seed, double *achieved);

/* nblocks >= 1 blocks of 64 bytes of `width`-bit counters (4 or 8). */
amq_status amq_counting_blocked_create(amq_blocked **out, uint64_t nblocks, uint64_t k,
                                       unsigned width, amq_hash_strategy strategy, uint64_t seed);
amq_status amq_counting_blocked_create_for(amq_blocked **out, uint64_t n, double fpr, unsigned width,
                                           amq_hash_strategy strategy, uint64_t seed,
                                           double *achieved);

/* Blocked quotient: nblocks >= 1 quotient filters of 2^q home slots (1 <= q <=
 * AMQ_BQ_MAX_Q) plus `slack` spill slots (<= 2^q), r-bit remainders (r >= 1,
 * q + r <= 64): fingerprints of p = q + r bits.  The FP rate is
 * 1 - (1 - 2^-p / nblocks)^n (amq_blocked_quotient_fp_*) as long as no add failed; an
 * add to a block with no room fails with AMQ_E_TOO_LARGE and changes nothing.
 * amq_blocked_count_bits / _estimate_count give the stored fingerprints (exact).
 * amq_blocked_remove deletes one copy of the key's fingerprint from its block (remove only
 * keys you added: removing a false positive deletes another key's copy). */
#define AMQ_BQ_MAX_Q 24u
#define AMQ_BQ_DEFAULT_Q 6u /* 64 home slots per block, sized for 48 keys (75%) */
amq_status amq_blocked_quotient_create(amq_blocked **out, uint64_t nblocks, uint64_t q, uint64_t r,
                                       uint64_t slack, uint64_t seed);
/* Slack used by create_for and the CLI: half the home slots, at least min(16, 2^q). */
uint64_t amq_blocked_quotient_default_slack(uint64_t q);
/* q = AMQ_BQ_DEFAULT_Q, blocks and p from amq_blocked_quotient_size_for(n, fpr, 48, ...)
 * (p raised to q + 1 if smaller: at least one remainder bit). */
amq_status amq_blocked_quotient_create_for(amq_blocked **out, uint64_t n, double fpr, uint64_t seed,
                                           double *achieved);
uint64_t amq_blocked_quotient_q(const amq_blocked *b);
uint64_t amq_blocked_quotient_r(const amq_blocked *b);
uint64_t amq_blocked_quotient_slack(const amq_blocked *b);

/* From a total size in positions (bits, or counters for counting blocked): the size
 * must be a whole number of blocks (AMQ_E_INVALID_M otherwise, with a message naming the
 * block size).  For split-block k must be 8.  For blocked quotient m counts home slots
 * (blocks of 2^AMQ_BQ_DEFAULT_Q) and k is the fingerprint width p = q + r. */
amq_status amq_blocked_create_sized(amq_blocked **out, amq_blocked_kind kind, uint64_t m,
                                    uint64_t k, unsigned width, amq_hash_strategy strategy,
                                    uint64_t seed);

void amq_blocked_free(amq_blocked *b);

/* ---- operations (every kind) ---- */

amq_status amq_blocked_add(amq_blocked *b, const void *key, size_t len);
/* 1: maybe present, 0: definitely absent.  b and key must be non-NULL (len may be 0). */
int amq_blocked_query(const amq_blocked *b, const void *key, size_t len);
/* Queries count keys, writing 0/1 to results[i]: hashes all of them first and prefetches
 * their blocks, then answers (for throughput on filters larger than the caches). */
void amq_blocked_query_batch(const amq_blocked *b, const void *const *keys, const size_t *lens,
                             size_t count, int *results);
/* Counting blocked and blocked quotient only (AMQ_E_INVALID_ARG otherwise).  Refused with
 * AMQ_E_NOT_PRESENT, changing nothing, when the key's counters do not cover it (counting)
 * or its fingerprint is not stored (quotient). */
amq_status amq_blocked_remove(amq_blocked *b, const void *key, size_t len);
void amq_blocked_clear(amq_blocked *b);

/* Set bits (bit kinds), non-zero counters (counting blocked). */
uint64_t amq_blocked_count_bits(const amq_blocked *b);
/* Distinct keys estimated from the fraction z of zero positions: the expected z after n
 * keys is (1 - q)^n, q the probability that one key sets a given position (blocked Bloom
 * and counting: (1 - (1 - 1/B)^k) / nblocks; split-block: 1 / (32 nblocks); partitioned:
 * k / m), so n = ln z / ln(1 - q).  An approximation (double); +infinity when every
 * position is set. */
double amq_blocked_estimate_count(const amq_blocked *b);
/* Counting blocked: net insertions, exact (sum of counters / k) while no counter is
 * saturated, else AMQ_E_SATURATED.  Other kinds: AMQ_E_INVALID_ARG. */
amq_status amq_blocked_count(const amq_blocked *b, uint64_t *count);
/* Counting blocked: number of saturated counters (0 for other kinds). */
uint64_t amq_blocked_saturated(const amq_blocked *b);

/* ---- parameters ---- */

amq_blocked_kind amq_blocked_kind_of(const amq_blocked *b);
/* "blocked-bloom", "split-block", "partitioned", "counting-blocked", "blocked-quotient". */
const char *amq_blocked_kind_name(amq_blocked_kind kind);
uint64_t amq_blocked_nblocks(const amq_blocked *b); /* partitioned: k (its partitions) */
uint64_t amq_blocked_block_size(const amq_blocked *b); /* positions per block (partition) */
uint64_t amq_blocked_m(const amq_blocked *b);          /* total positions */
uint64_t amq_blocked_k(const amq_blocked *b);          /* positions set per key */
unsigned amq_blocked_width(const amq_blocked *b);      /* counter width; 0 for bit kinds */
amq_hash_strategy amq_blocked_strategy(const amq_blocked *b);
uint64_t amq_blocked_seed(const amq_blocked *b);
/* Bit kinds: the packed bit array (bit p in word p/64 at p%64); NULL otherwise. */
const uint64_t *amq_blocked_words(const amq_blocked *b);
uint64_t amq_blocked_nwords(const amq_blocked *b);
/* Counting blocked: counter i (i < m). */
unsigned amq_blocked_counter(const amq_blocked *b, uint64_t i);
/* The key's block and in-block indices as the kernels see them (tests, benchmarks):
 * *block, and idx[0 .. amq_blocked_k(b) - 1] (split-block: the bit r[i] of word i;
 * partitioned: the index inside partition i). idx needs room for k entries. */
void amq_blocked_locate(const amq_blocked *b, const void *key, size_t len, uint64_t *block,
                        uint64_t *idx);

/* ---- persistence (amq/container.h) ---- */

amq_status amq_blocked_save(const amq_blocked *b, const char *path);
/* Loads any blocked kind. */
amq_status amq_blocked_load(amq_blocked **out, const char *path);
/* Loads only files of this kind (AMQ_E_BAD_TYPE otherwise). */
amq_status amq_blocked_load_kind(amq_blocked **out, const char *path, amq_blocked_kind kind);
/* The container type (amq_type) of a kind. */
uint32_t amq_blocked_file_type(amq_blocked_kind kind);

/* ---- kernel descriptors for the cross-checks (amq/check.h) ----
 * The real compiled blocked kernels, at any geometry (tiny blocks for exhaustive
 * enumeration, realistic ones for Monte Carlo).  A hash outcome is the block choice
 * times the in-block indices; the checks draw vectors of equal digits, so a key's vector
 * is 1 + k digits over the alphabet A = nblocks * a, a the in-block alphabet: digit 0
 * div a is the block, digit 1 + t mod a the in-block index t.  Uniform digits give a
 * uniform block and uniform, independent in-block indices (the model of
 * amq/spec_blocked.h).  With real hashing (amq_check_mc's strategies) the block comes
 * from the top of the first digit and the in-block indices are the strategy's sequence
 * mod a, so the two stay independent.  Partitioned filters have no block digit: k digits
 * over the partition size (exactly the key-level hashing).  Geometries:
 *   AMQ_BLOCKED_BLOOM        nblocks blocks of `inner` bits, k indices per key (a = inner);
 *   AMQ_BLOCKED_SPLIT        nblocks blocks of k words of `inner` bits, one bit per word
 *                            (Parquet: inner = 32, k = 8) (a = inner);
 *   AMQ_BLOCKED_PARTITIONED  k partitions of `inner` bits (nblocks ignored);
 *   AMQ_BLOCKED_COUNTING     nblocks blocks of `inner` counters of `width` bits (4 or 8).
 * With `parquet` set (split-block only, inner = 32, k = 8, nblocks <= 2^30) a key is ONE
 * digit over nblocks * 2^32, as Parquet's 64-bit hash: its top is the block, its low 32
 * bits the key32 that Parquet's salts turn into the 8 word bits (amq_split_block_kernel_mask).
 * Monte Carlo then exercises the real in-block hashing; the rate it is judged against is
 * the model's (independent word bits), which the salted mask meets to within far less
 * than any affordable test can see.
 *   AMQ_BLOCKED_QUOTIENT     nblocks quotient filters of 2^inner home slots plus `slack`
 *                            slots, k-bit remainders: a key is ONE digit over
 *                            nblocks * 2^(inner + k), its top the block, its low inner + k
 *                            bits the fingerprint (quotient, then remainder).  The rate is
 *                            exact only while no insert fails: slack >= n guarantees that.
 * The descriptor keeps a pointer to *g in kn->ctx: g must outlive it. */
#include <amq/check.h>
typedef struct amq_blocked_geom {
    amq_blocked_kind kind;
    uint64_t nblocks, inner, k;
    unsigned width;
    int parquet;
    uint64_t slack; /* blocked quotient only */
    uint64_t alphabet, m; /* filled in: the digit alphabet A, the positions of the state */
} amq_blocked_geom;
amq_status amq_kernel_blocked(amq_kernel *out, amq_blocked_geom *g);

#endif
