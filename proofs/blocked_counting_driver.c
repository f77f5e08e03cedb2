/* Theorem drivers for the counting blocked kernels (lib_internal/blocked_kernel.h), both counter
 * widths.  Not part of the library: WP proves these bodies against the kernels'
 * contracts, and the same frama-c run proves those contracts on the compiled
 * src/blocked_kernel.c on top of the counting kernel's (src/counting_kernel.c).
 *
 *   *_insert_query:  add(x); query(x) == 1.
 *   *_query_preserved: query(bx, x) == 1 before an add in any block bj (bj == bx, and
 *                    j == x, allowed) ==> query(bx, x) == 1 after (Ceramist Property 4).
 *   *_nfn:           no false negatives (Ceramist Theorem 7 for the counting blocked AMQ):
 *                    add(x), then any number of further adds (any blocks), then
 *                    query(x) == 1.  No precondition on counter values: saturation is
 *                    sticky.
 *   *_other_block:   a query depends only on its own block: an add AND a remove (refused
 *                    or not) in another block leave query(x) unchanged.
 * Index vectors may repeat indices and may equal each other or x; blocks may repeat.
 * As in proofs/blocked_bloom_driver.c, invariants are carried on the key's translated
 * vector (amq_blocked_kernel_indices), where the counting kernel's logic applies. */
#include <lib_internal/blocked_kernel.h>
#include "blocked_driver_ghost.h"

/* Both widths from one text (blocked_counting_w.h): 8-bit counters, then 4-bit counters. */
#define AMQ_CW 8
#include "blocked_counting_w.h"
#undef AMQ_CW
#define AMQ_CW 4
#include "blocked_counting_w.h"
#undef AMQ_CW
