/* The key's block in every blocked structure (lib_internal/blocked_block.h; unit hash_stream). */
#include <lib_internal/blocked_block.h>

uint64_t amq_blocked_key_block(uint64_t seed, const void *key, size_t len, uint64_t nblocks)
{
    return amq_reduce(amq_xxh3_64(key, len, seed ^ AMQ_BLOCKED_KEY_SALT), nblocks);
}
