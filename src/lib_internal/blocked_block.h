/* Internal: the block of a key in every blocked structure (blocked Bloom, counting blocked,
 * blocked quotient), through the hash model (not installed).  Apart from lib_internal/blocked_key.h
 * so that the unit that proves it (hash_stream, beside the stream) reads amq_reduce's contract
 * from lib_internal/hash_reduce.h and has every call of amq_reduce in its own files: a unit that
 * also skips the stream's static inline functions would leave amq_reduce's precondition
 * unproved at their call. */
#ifndef AMQ_INTERNAL_BLOCKED_BLOCK_H
#define AMQ_INTERNAL_BLOCKED_BLOCK_H
#include <stddef.h>
#include <stdint.h>
#include <amq/hash_stream_logic.h>
#include <lib_internal/hash_model.h>
#include <lib_internal/hash_reduce.h>

/* The block's hash is XXH3-64 of the key with the seed salted: the salt keeps the block
 * independent of the in-block indices, which hash with the seed itself. */
#define AMQ_BLOCKED_KEY_SALT UINT64_C(0xD6E8FEB86659FD93)

/*@ // the key's block among nblocks (its bytes read at L)
    logic integer amq_blocked_key_block_of{L}(uint64_t seed, char *key, integer len, integer nblocks) =
      amq_hash_stream_reduce(amq_hash_xxh3_64{L}(key, len, seed ^ 0xD6E8FEB86659FD93), nblocks);
*/

/* The key's block: XXH3-64 of the salted seed, reduced to [0, nblocks) by multiply-shift. */
/*@ requires nblocks_pos: nblocks >= 1;
    requires key_valid:   \valid_read((char *)key + (0 .. len - 1));
    assigns \nothing;
    ensures block: \result == amq_blocked_key_block_of{Pre}(seed, (char *)key, len, nblocks);
    ensures range: \result < nblocks;
*/
uint64_t amq_blocked_key_block(uint64_t seed, const void *key, size_t len, uint64_t nblocks);

#endif
