/* Deterministic counting Bloom kernel over hash outputs (Ceramist's cf_add_int /
 * cf_query_int, plus removal).  Two counter widths, fixed at creation:
 *   amq_counting_kernel_*8: one 8-bit counter per byte, counter p in c[p]   (AMQ_COUNTING8_BYTES(m) bytes);
 *   amq_counting_kernel_*4: two 4-bit counters per byte, counter p in byte p/2, low nibble for even p
 *                    (AMQ_COUNTING4_BYTES(m) = ceil(m/2) bytes).
 * idx: k indices in [0, m); repeats are allowed (a repeated index counts once per repeat).
 * Saturation is sticky: a counter that reaches its maximum (255 or 15) stays there; add
 * does not increment it and remove does not decrement it.  Overflow can thus cost
 * accuracy (a saturated counter never returns to 0) but never causes a false negative.
 * remove(idx) succeeds (returns 0) iff every counter it names is saturated or holds at
 * least the multiplicity of its index in idx; otherwise it returns 1 and changes nothing.
 * The ACSL contracts (lib_internal/counting_kernel_w.h, one text for both widths) are what
 * `make prove` checks on the compiled code; the logic
 * (amq_counting_cell, amq_counting_occ, amq_counting_sum, ...) is in acsl/amq/counting_logic.h.  With 4-bit counters
 * and m odd, the high nibble of the last byte holds no counter; add and remove leave it
 * as it was (ensures padding). */
#ifndef AMQ_COUNTING_KERNEL_H
#define AMQ_COUNTING_KERNEL_H
#include <stddef.h>
#include <stdint.h>
#include <amq/counting_logic.h>

/* Bytes that hold m counters (no overflow for any uint64_t m). */
#define AMQ_COUNTING8_BYTES(m) ((uint64_t)(m))
#define AMQ_COUNTING4_BYTES(m) (((uint64_t)(m)) / 2u + ((uint64_t)(m)) % 2u)

/* Names of one width's functions: while AMQ_CW is 4, AMQ_CW_FN(amq_counting_kernel_add) is
 * amq_counting_kernel_add4 and AMQ_CW_FN2(amq_proof_counting, _nfn) is amq_proof_counting4_nfn.
 * Two steps, so that AMQ_CW expands before the paste. */
#define AMQ_CW_PASTE(pre, w, post) pre##w##post
#define AMQ_CW_CAT(pre, w, post) AMQ_CW_PASTE(pre, w, post)
#define AMQ_CW_FN(name) AMQ_CW_CAT(name, AMQ_CW, )
#define AMQ_CW_FN2(pre, post) AMQ_CW_CAT(pre, AMQ_CW, post)

/* The kernels and their contracts, written once for a width AMQ_CW (counting_kernel_w.h):
 * 8-bit counters (maximum 255), then 4-bit counters (maximum 15). */
#define AMQ_CW_TEMPLATE <lib_internal/counting_kernel_w.h>
#include <lib_internal/counting_widths.h>

#endif
