/* Internal: the library's only calls into libxxhash for keys, as functions (src/hash.c) whose
 * contracts say only "the result is that hash of these bytes" (acsl/amq/hash_model.h).  These
 * are the one body-less contract the proof gate accepts (proofs/report.py names them). */
#ifndef AMQ_INTERNAL_HASH_MODEL_H
#define AMQ_INTERNAL_HASH_MODEL_H
#include <stddef.h>
#include <stdint.h>
#include <amq/hash_model.h>

/*@ requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    ensures model: \result == amq_hash_xxh3_64{Pre}((char *)key, len, seed);
*/
uint64_t amq_xxh3_64(const void *key, size_t len, uint64_t seed);

/*@ requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    requires out_valid: \valid(lo) && \valid(hi) && \separated(lo, hi);
    assigns *lo, *hi;
    ensures model_lo: *lo == amq_hash_xxh3_128_lo{Pre}((char *)key, len, seed);
    ensures model_hi: *hi == amq_hash_xxh3_128_hi{Pre}((char *)key, len, seed);
*/
void amq_xxh3_128(const void *key, size_t len, uint64_t seed, uint64_t *lo, uint64_t *hi);

/*@ requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    ensures model: \result == amq_hash_xxh64{Pre}((char *)key, len, seed);
*/
uint64_t amq_xxh64(const void *key, size_t len, uint64_t seed);

#endif
