/* Ghost lemmas of block-window arithmetic, shared by the blocked theorem drivers
 * (proofs/blocked_bloom_driver.c, proofs/blocked_counting_driver.c; each unit includes
 * this once).  Ghost functions, proved once per unit and called where needed, rather
 * than ACSL lemmas, which would be hypotheses of every goal (acsl/amq/blocked_logic.h).
 * The hypothesis a != b of amq_blocked_blocks_apart is the statement of the other-block
 * theorems (an operation in *another* block), not an assumption about hash values:
 * the nfn and query_preserved drivers let blocks and indices repeat. */
#ifndef AMQ_BLOCKED_DRIVER_GHOST_H
#define AMQ_BLOCKED_DRIVER_GHOST_H
#include <stdint.h>

/* Ghost lemma: the windows of two distinct blocks of s positions do not overlap. */
/*@ ghost
  /@ requires other_block: a != b;
     assigns \nothing;
     ensures apart: a * s + s <= b * s || b * s + s <= a * s;
  @/
  static void amq_blocked_blocks_apart(uint64_t a, uint64_t b, uint64_t s) { }
*/

/* Ghost lemma: block b < n of s positions ends at or before n * s. */
/*@ ghost
  /@ requires below: b < n;
     assigns \nothing;
     ensures fits: b * s + s <= n * s;
  @/
  static void amq_blocked_block_fits(uint64_t b, uint64_t n, uint64_t s) { }
*/

#endif
