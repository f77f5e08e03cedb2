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
 * The ACSL contracts below are what `make prove` checks on the compiled code; the logic
 * (amq_cnt, amq_occ, amq_csum, ...) is in acsl/amq/counting_logic.h.  With 4-bit counters
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

/* --- 8-bit counters (maximum 255) --- */

/* Increments the counter of each idx[i] that is below 255. */
/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires idx_valid:  \valid_read(idx + (0 .. k - 1));
    requires idx_range:  amq_in_range(idx, k, m);
    requires separated:  \separated(c + (0 .. amq_cbytes(8, m) - 1), idx + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(8, m) - 1];
    ensures inserted:    amq_cpresent(c, 8, idx, k);
    ensures incremented: amq_cincremented{Pre, Post}(c, 8, idx, k);
    ensures monotone:    amq_cgrows{Pre, Post}(c, 8, m);
    ensures frame:       amq_cframe{Pre, Post}(c, 8, m, idx, k);
    ensures exact:       amq_cadded{Pre, Post}(c, 8, m, idx, k);
    behavior no_overflow:
      assumes amq_cfits(c, 8, idx, k);
      ensures sum: amq_csum(c, 8, m) == amq_csum{Pre}(c, 8, m) + k;
*/
void amq_counting_kernel_add8(uint8_t *c, uint64_t m, const uint64_t *idx, size_t k);

/* 1 iff every counter named by idx is nonzero. */
/*@ requires m_pos:     m >= 1;
    requires c_valid:   \valid_read(c + (0 .. amq_cbytes(8, m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_in_range(idx, k, m);
    assigns \nothing;
    behavior present:
      assumes amq_cpresent(c, 8, idx, k);
      ensures \result == 1;
    behavior absent:
      assumes !amq_cpresent(c, 8, idx, k);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_counting_kernel_query8(const uint8_t *c, uint64_t m, const uint64_t *idx, size_t k);

/* 0: decremented the counter of each idx[i] that is below 255.  1: refused, nothing changed. */
/*@ requires m_pos:     m >= 1;
    requires c_valid:   \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_in_range(idx, k, m);
    requires separated: \separated(c + (0 .. amq_cbytes(8, m) - 1), idx + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(8, m) - 1];
    behavior removed:
      assumes amq_ccovers(c, 8, idx, k);
      assigns c[0 .. amq_cbytes(8, m) - 1];
      ensures result:      \result == 0;
      ensures decremented: amq_cdecremented{Pre, Post}(c, 8, idx, k);
      ensures shrinks:     amq_cshrinks{Pre, Post}(c, 8, m);
      ensures frame:       amq_cframe{Pre, Post}(c, 8, m, idx, k);
      ensures exact:       amq_cremoved{Pre, Post}(c, 8, m, idx, k);
    behavior refused:
      assumes !amq_ccovers(c, 8, idx, k);
      ensures unchanged:   amq_cbytes_same{Pre, Post}(c, 8, m);
      ensures result:      \result == 1;
    behavior exact_sum:
      assumes amq_cunsaturated_cover(c, 8, idx, k);
      ensures result:      \result == 0;
      ensures sum:         amq_csum(c, 8, m) == amq_csum{Pre}(c, 8, m) - k;
    complete behaviors removed, refused;
    disjoint behaviors removed, refused;
*/
int amq_counting_kernel_remove8(uint8_t *c, uint64_t m, const uint64_t *idx, size_t k);

/* --- 4-bit counters (maximum 15) --- */

/* Increments the counter of each idx[i] that is below 15. */
/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires idx_valid:  \valid_read(idx + (0 .. k - 1));
    requires idx_range:  amq_in_range(idx, k, m);
    requires separated:  \separated(c + (0 .. amq_cbytes(4, m) - 1), idx + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures inserted:    amq_cpresent(c, 4, idx, k);
    ensures incremented: amq_cincremented{Pre, Post}(c, 4, idx, k);
    ensures monotone:    amq_cgrows{Pre, Post}(c, 4, m);
    ensures frame:       amq_cframe{Pre, Post}(c, 4, m, idx, k);
    ensures exact:       amq_cadded{Pre, Post}(c, 4, m, idx, k);
    ensures padding:     amq_cpad_same{Pre, Post}(c, 4, m);
    behavior no_overflow:
      assumes amq_cfits(c, 4, idx, k);
      ensures sum: amq_csum(c, 4, m) == amq_csum{Pre}(c, 4, m) + k;
*/
void amq_counting_kernel_add4(uint8_t *c, uint64_t m, const uint64_t *idx, size_t k);

/* 1 iff every counter named by idx is nonzero. */
/*@ requires m_pos:     m >= 1;
    requires c_valid:   \valid_read(c + (0 .. amq_cbytes(4, m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_in_range(idx, k, m);
    assigns \nothing;
    behavior present:
      assumes amq_cpresent(c, 4, idx, k);
      ensures \result == 1;
    behavior absent:
      assumes !amq_cpresent(c, 4, idx, k);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_counting_kernel_query4(const uint8_t *c, uint64_t m, const uint64_t *idx, size_t k);

/* 0: decremented the counter of each idx[i] that is below 15.  1: refused, nothing changed. */
/*@ requires m_pos:     m >= 1;
    requires c_valid:   \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_in_range(idx, k, m);
    requires separated: \separated(c + (0 .. amq_cbytes(4, m) - 1), idx + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures padding:     amq_cpad_same{Pre, Post}(c, 4, m);
    behavior removed:
      assumes amq_ccovers(c, 4, idx, k);
      assigns c[0 .. amq_cbytes(4, m) - 1];
      ensures result:      \result == 0;
      ensures decremented: amq_cdecremented{Pre, Post}(c, 4, idx, k);
      ensures shrinks:     amq_cshrinks{Pre, Post}(c, 4, m);
      ensures frame:       amq_cframe{Pre, Post}(c, 4, m, idx, k);
      ensures exact:       amq_cremoved{Pre, Post}(c, 4, m, idx, k);
    behavior refused:
      assumes !amq_ccovers(c, 4, idx, k);
      ensures unchanged:   amq_cbytes_same{Pre, Post}(c, 4, m);
      ensures result:      \result == 1;
    behavior exact_sum:
      assumes amq_cunsaturated_cover(c, 4, idx, k);
      ensures result:      \result == 0;
      ensures sum:         amq_csum(c, 4, m) == amq_csum{Pre}(c, 4, m) - k;
    complete behaviors removed, refused;
    disjoint behaviors removed, refused;
*/
int amq_counting_kernel_remove4(uint8_t *c, uint64_t m, const uint64_t *idx, size_t k);

#endif
