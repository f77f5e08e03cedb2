/* ACSL definitions of per-key counts over a sequence of adds and removes (issue 23, the
 * per-key deletion theorem, proofs/cuckoo_key_valid_seq_driver.c).  Row r of the sequence adds
 * (kinds[r] == 0) or removes the key whose identity is ids[r]; icls[id] != 0 says that key id is
 * in the queried key's class.  Only definitions; the facts the theorem needs (nets stay >= 0
 * under valid removes, the class sum's step and lower bound) are proved by ghost loops in the
 * driver.  Ignored by C compilers. */
#ifndef AMQ_CUCKOO_NET_DEFS_H
#define AMQ_CUCKOO_NET_DEFS_H
#include <stddef.h>
/*@
  // +1 for an add at row r, -1 for a remove.
  logic integer amq_cuckoo_sgn{L}(int *kinds, integer r) = kinds[r] == 0 ? 1 : -1;

  // Adds minus removes of key id over rows 0 .. n - 1.
  logic integer amq_cuckoo_net{L}(int *kinds, size_t *ids, integer id, integer n) =
    n <= 0 ? 0 : amq_cuckoo_net{L}(kinds, ids, id, n - 1) + (ids[n - 1] == id ? amq_cuckoo_sgn{L}(kinds, n - 1) : 0);

  // The nets over rows 0 .. n - 1 of the keys id < k of the class.
  logic integer amq_cuckoo_csum{L}(int *kinds, size_t *ids, int *icls, integer n, integer k) =
    k <= 0 ? 0 : amq_cuckoo_csum{L}(kinds, ids, icls, n, k - 1) +
                 (icls[k - 1] != 0 ? amq_cuckoo_net{L}(kinds, ids, k - 1, n) : 0);
*/
#endif
