/* The Bloom filter as the library compiles it: its proved kernel and key level and the
 * public functions over them, included unchanged, in one translation unit.  Compiled apart,
 * the lazy query called across files into the kernel once per index (no LTO), and a
 * positive query took about 1.5 times libbloom's time (make bench, peers).  Here gcc can
 * inline the kernel into the key-level loop.  The text compiled is the text the units
 * `bloom` and `bloom_key` prove (proofs/units/bloom.txt); the Makefile leaves these files out of
 * its own list so that each is compiled once, here. */
#include "../bloom_kernel.c"
#include "../bloom_key.c"
#include "../bloom.c"
