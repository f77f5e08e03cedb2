/* Ghost lemmas on the blocked quotient table's blocks, for the code that operates on one block
 * and frames the others: the theorem drivers (proofs/blocked_quotient_driver.c, unit quotient)
 * and the key level (src/blocked_quotient_key.c, unit blocked_quotient_key).  Static, so each
 * unit proves the copy it calls.  Ignored by C compilers. */
#ifndef AMQ_BLOCKED_QUOTIENT_GHOST_H
#define AMQ_BLOCKED_QUOTIENT_GHOST_H
#include <lib_internal/blocked_quotient_kernel.h>

/* Block b < nblocks of the table is a valid, separated window that fits. */
/*@ ghost
  /@ requires table:   amq_blocked_quotient_table(rem, meta, gq, counts, nblocks, nslots);
     requires b_range: b < nblocks;
     assigns \nothing;
     ensures lo:   0 <= b * nslots;
     ensures fits: b * nslots + nslots <= nblocks * nslots;
     ensures mem:  amq_blocked_quotient_writable(rem, meta, gq, counts, nslots, b);
  @/
  static void amq_blocked_quotient_block_of(uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq, uint64_t *counts,
                               uint64_t nblocks, uint64_t nslots, uint64_t b)
  {
    /@ assert before: amq_blocked_quotient_before(b, nblocks, nslots); @/
  }
*/

/* Two distinct blocks a, b of the table: every part of block a is separated from every part
 * of block b that an operation on b assigns. */
/*@ ghost
  /@ requires table:   amq_blocked_quotient_table(rem, meta, gq, counts, nblocks, nslots);
     requires range:   a < nblocks && b < nblocks && a != b;
     assigns \nothing;
     ensures sep_cnt:  \separated(counts + a, counts + b, rem + (b * nslots .. b * nslots + nslots - 1),
                                  gq + (b * nslots .. b * nslots + nslots - 1));
     ensures sep_rem:  \separated(rem + (a * nslots .. a * nslots + nslots - 1), counts + b,
                                  rem + (b * nslots .. b * nslots + nslots - 1),
                                  gq + (b * nslots .. b * nslots + nslots - 1));
     ensures sep_gq:   \separated(gq + (a * nslots .. a * nslots + nslots - 1), counts + b,
                                  rem + (b * nslots .. b * nslots + nslots - 1),
                                  gq + (b * nslots .. b * nslots + nslots - 1));
     ensures sep_meta: \separated(meta + (a * nslots .. a * nslots + nslots - 1),
                                  meta + (b * nslots .. b * nslots + nslots - 1));
  @/
  static void amq_blocked_quotient_two_blocks(uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq, uint64_t *counts,
                                 uint64_t nblocks, uint64_t nslots, uint64_t a, uint64_t b)
  {
    amq_blocked_quotient_block_of(rem, meta, gq, counts, nblocks, nslots, a);
    amq_blocked_quotient_block_of(rem, meta, gq, counts, nblocks, nslots, b);
    /@ assert apart: amq_blocked_quotient_before(a, b, nslots) || amq_blocked_quotient_before(b, a, nslots); @/
  }
*/

#endif
