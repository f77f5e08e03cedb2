/* Theorem drivers for the counting Bloom kernel (lib_internal/counting_kernel.h), both counter
 * widths.  Not part of the library: WP proves these bodies against the kernel's contracts,
 * and the same frama-c run proves those contracts on the compiled src/counting_kernel.c.
 *
 *   amq_proof_countingN_insert_query:    Ceramist Property 3: add(x); query(x) == 1.
 *   amq_proof_countingN_query_preserved: Property 4: query(j) == 1 before add(x)
 *                                        ==> query(j) == 1 after.
 *   amq_proof_countingN_nfn:             no false negatives, Theorem 7: add(x), then add
 *                                        any number of further index vectors, then
 *                                        query(x) == 1.
 * No precondition on counter values: counters may be saturated, index vectors may repeat
 * indices and may equal each other or x. */
#include <lib_internal/counting_kernel.h>

/* Both widths from one text (counting_nfn_w.h): 8-bit counters, then 4-bit counters. */
#define AMQ_CW 8
#include "counting_nfn_w.h"
#undef AMQ_CW
#define AMQ_CW 4
#include "counting_nfn_w.h"
#undef AMQ_CW
