/* The hashes and the Bloom and cuckoo filters as the library compiles them: the hash
 * wrappers (XXH3 inlined, src/hash.c), amq_reduce and the index stream, each structure's proved
 * kernel and key level and the public functions over them, included unchanged, in one
 * translation unit.  Compiled apart (no LTO), a query called across files for every hash,
 * every reduction and every kernel step: a Bloom positive query took about 1.5 times
 * libbloom's time (make bench, peers), and a cuckoo negative query ran 524.5 instructions, 456.5
 * here (make bench-instructions; docs/cuckoo.md).  The text compiled is the text the units
 * prove (hash_stream, bloom, bloom_key, cuckoo, cuckoo_count, cuckoo_key; proofs/units/); the
 * Makefile leaves these files out of its own list so that each is compiled once, here. */
#include "../hash.c"
#include "../hash_stream.c"
#include "../bloom_kernel.c"
#include "../bloom_key.c"
#include "../bloom.c"
#include "../cuckoo_kernel.c"
#include "../cuckoo_ops.c"
#include "../cuckoo_kick.c"
#include "../cuckoo_key.c"
#include "../cuckoo.c"
