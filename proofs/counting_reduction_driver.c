/* Reduction of the counting Bloom kernel to the Bloom kernel (Ceramist section 4.4),
 * both counter widths.  The map sends counters c to the bit array with bit p set iff
 * counter p > 0 (amq_counting_reflects(c, w, bits, m)).  Not part of the library: WP proves these
 * bodies against both kernels' contracts.
 *
 *   amq_proof_countingN_reduce_add:    Property 5: the map commutes with add.
 *   amq_proof_countingN_reduce_query:  Property 6: query on the image equals query on c.
 *   amq_proof_countingN_reduce_remove: a successful remove(x) leaves the image unchanged
 *                                      iff every counter x names is saturated or exceeds
 *                                      the multiplicity of its index in x
 *                                      (amq_counting_keeps_positive), i.e. iff no counter of x
 *                                      drops to 0.
 *   amq_proof_countingN_reduce_remove_kept: the "if" direction as a precondition: the
 *                                      remove then succeeds and the image is unchanged.
 * No precondition on counter values (saturation included) or on repeated indices. */
#include <lib_internal/counting_kernel.h>
#include <lib_internal/bloom_kernel.h>

/* Both widths from one text (counting_reduction_w.h): 8-bit counters, then 4-bit counters. */
#define AMQ_CW 8
#include "counting_reduction_w.h"
#undef AMQ_CW
#define AMQ_CW 4
#include "counting_reduction_w.h"
#undef AMQ_CW
