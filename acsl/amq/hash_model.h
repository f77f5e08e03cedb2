/* The trusted hash model: the hash functions amqcert calls (libxxhash's XXH3-64, XXH3-128 and
 * XXH64) as uninterpreted logic functions of the key's bytes, its length and the seed.  Nothing
 * is said about their values (no distribution, no axiom): a proof may use only that the same
 * bytes, length and seed give the same result.  The C wrappers of src/lib_internal/hash_model.h
 * are the one place that says "this call returns that function"; see proofs/README.md. */
#ifndef AMQ_HASH_MODEL_LOGIC_H
#define AMQ_HASH_MODEL_LOGIC_H
#include <stdint.h>
/*@ axiomatic AmqHashModel {
      // XXH3_64bits_withSeed(key, len, seed)
      logic uint64_t amq_hash_xxh3_64{L}(char *key, integer len, integer seed)
        reads key[0 .. len - 1];
      // XXH3_128bits_withSeed(key, len, seed): its low64 and high64 words
      logic uint64_t amq_hash_xxh3_128_lo{L}(char *key, integer len, integer seed)
        reads key[0 .. len - 1];
      logic uint64_t amq_hash_xxh3_128_hi{L}(char *key, integer len, integer seed)
        reads key[0 .. len - 1];
      // XXH64(key, len, seed)
      logic uint64_t amq_hash_xxh64{L}(char *key, integer len, integer seed)
        reads key[0 .. len - 1];
    }
*/
#endif
