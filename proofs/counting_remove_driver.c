/* Removal drivers for the counting Bloom kernel (lib_internal/counting_kernel.h), both widths.
 * Not part of the library: WP proves these bodies against the kernel's contracts.
 *
 *   amq_proof_countingN_remove:   Ceramist Theorem 11: add(x'), add(x), remove(x') ==>
 *                                 the remove succeeds and query(x) == 1.  No precondition on
 *                                 counters: sticky saturation makes it hold even when
 *                                 counters saturate; x and x' may overlap, repeat indices,
 *                                 or be the same vector.
 *   amq_proof_countingN_undo:     remove(add(s)) succeeds, and restores every counter iff
 *                                 each counter x names is already saturated or stays below
 *                                 the maximum after the add (amq_counting_no_new_saturation).
 *                                 In particular, with no saturation at all
 *                                 (amq_counting_fits_strictly), remove(add(s)) == s. */
#include <lib_internal/counting_kernel.h>

/* Both widths from one text (counting_remove_w.h): 8-bit counters, then 4-bit counters. */
#define AMQ_CW 8
#include "counting_remove_w.h"
#undef AMQ_CW
#define AMQ_CW 4
#include "counting_remove_w.h"
#undef AMQ_CW
