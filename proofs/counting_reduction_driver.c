/* Reduction of the counting Bloom kernel to the Bloom kernel (Ceramist section 4.4),
 * both counter widths.  The map sends counters c to the bit array with bit p set iff
 * counter p > 0 (amq_creflects(c, w, bits, m)).  Not part of the library: WP proves these
 * bodies against both kernels' contracts.
 *
 *   amq_proof_countingN_reduce_add:    Property 5: the map commutes with add.
 *   amq_proof_countingN_reduce_query:  Property 6: query on the image equals query on c.
 *   amq_proof_countingN_reduce_remove: a successful remove(x) leaves the image unchanged
 *                                      iff every counter x names is saturated or exceeds
 *                                      the multiplicity of its index in x
 *                                      (amq_ckeeps_positive), i.e. iff no counter of x
 *                                      drops to 0.
 *   amq_proof_countingN_reduce_remove_kept: the "if" direction as a precondition: the
 *                                      remove then succeeds and the image is unchanged.
 * No precondition on counter values (saturation included) or on repeated indices. */
#include <internal/counting_kernel.h>
#include <internal/bloom_kernel.h>

/* ---- 8-bit counters ---- */

void amq_proof_counting8_reduce_add(uint8_t *c, uint64_t *bits, uint64_t m,
                                    const uint64_t *x, size_t k);
int amq_proof_counting8_reduce_query(const uint8_t *c, const uint64_t *bits, uint64_t m,
                                     const uint64_t *x, size_t k);
int amq_proof_counting8_reduce_remove(uint8_t *c, const uint64_t *bits, uint64_t m,
                                      const uint64_t *x, size_t k);
int amq_proof_counting8_reduce_remove_kept(uint8_t *c, const uint64_t *bits, uint64_t m,
                                           const uint64_t *x, size_t k);

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires bits_valid: \valid(bits + (0 .. amq_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires sep_c:      \separated(c + (0 .. amq_cbytes(8, m) - 1), x + (0 .. k - 1),
                                    bits + (0 .. amq_words(m) - 1));
    requires sep_bits:   \separated(bits + (0 .. amq_words(m) - 1), x + (0 .. k - 1));
    requires related:    amq_creflects(c, 8, bits, m);
    assigns c[0 .. amq_cbytes(8, m) - 1], bits[0 .. amq_words(m) - 1];
    ensures related:     amq_creflects(c, 8, bits, m);
*/
void amq_proof_counting8_reduce_add(uint8_t *c, uint64_t *bits, uint64_t m,
                                    const uint64_t *x, size_t k)
{
    amq_counting_kernel_add8(c, m, x, k);
    amq_bloom_kernel_add(bits, m, x, k);
    /* x lives in the same memory as bits but is separated from it: unchanged. */
    /*@ assert x_same: \forall integer t; 0 <= t < k ==> x[t] == \at(x[t], Pre); */
    /*@ assert named_same: \forall integer p; amq_named(x, k, p) <==> amq_named{Pre}(x, k, p); */
    /* Named positions: counter positive and bit set.  Others: both unchanged. */
    /*@ assert named: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 8, x[t]) > 0 && amq_bit_set(bits, x[t]); */
    /*@ assert in_words: m <= 64 * amq_words(m); */
    /*@ assert unnamed_bits: \forall integer p; 0 <= p < m ==> !amq_named(x, k, p) ==>
          (amq_bit_set(bits, p) <==> amq_bit_set{Pre}(bits, p)); */
    /*@ assert unnamed_counters: \forall integer p; 0 <= p < m ==> !amq_named(x, k, p) ==>
          amq_cnt(c, 8, p) == amq_cnt{Pre}(c, 8, p); */
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid_read(c + (0 .. amq_cbytes(8, m) - 1));
    requires bits_valid: \valid_read(bits + (0 .. amq_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires related:    amq_creflects(c, 8, bits, m);
    assigns \nothing;
    ensures same_answer: \result == 1;
*/
int amq_proof_counting8_reduce_query(const uint8_t *c, const uint64_t *bits, uint64_t m,
                                     const uint64_t *x, size_t k)
{
    int counted = amq_counting_kernel_query8(c, m, x, k);
    int bloomed = amq_bloom_kernel_query(bits, m, x, k);
    return counted == bloomed;
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires bits_valid: \valid_read(bits + (0 .. amq_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires sep_c:      \separated(c + (0 .. amq_cbytes(8, m) - 1), x + (0 .. k - 1),
                                    bits + (0 .. amq_words(m) - 1));
    requires related:    amq_creflects(c, 8, bits, m);
    assigns c[0 .. amq_cbytes(8, m) - 1];
    ensures image_kept_iff: \result == 0 ==>
              (amq_creflects(c, 8, bits, m) <==> \at(amq_ckeeps_positive(c, 8, x, k), Pre));
*/
int amq_proof_counting8_reduce_remove(uint8_t *c, const uint64_t *bits, uint64_t m,
                                      const uint64_t *x, size_t k)
{
    (void)bits; /* the image of c before the remove; the contract relates it to c after */
    int refused = amq_counting_kernel_remove8(c, m, x, k);
    /* if: a named counter that stays positive was positive; unnamed ones are unchanged. */
    /*@ assert if_dir: refused == 0 ==> \at(amq_ckeeps_positive(c, 8, x, k), Pre) ==>
                         amq_creflects(c, 8, bits, m); */
    /* only if: a named counter, not saturated and not above its multiplicity, was covered,
     * so equalled it, was positive (its bit is set) and drops to exactly 0. */
    /*@ assert dropped: refused == 0 ==> \forall integer t; 0 <= t < k ==>
          amq_cnt{Pre}(c, 8, x[t]) != amq_cmax(8) ==>
          amq_cnt{Pre}(c, 8, x[t]) <= amq_occ(x, k, x[t]) ==>
          amq_bit_set(bits, x[t]) && amq_cnt(c, 8, x[t]) == 0; */
    /*@ assert only_if: refused == 0 ==> amq_creflects(c, 8, bits, m) ==>
                         \at(amq_ckeeps_positive(c, 8, x, k), Pre); */
    return refused;
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires bits_valid: \valid_read(bits + (0 .. amq_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires sep_c:      \separated(c + (0 .. amq_cbytes(8, m) - 1), x + (0 .. k - 1),
                                    bits + (0 .. amq_words(m) - 1));
    requires related:    amq_creflects(c, 8, bits, m);
    requires kept:       amq_ckeeps_positive(c, 8, x, k);
    assigns c[0 .. amq_cbytes(8, m) - 1];
    ensures removed:     \result == 0;
    ensures related:     amq_creflects(c, 8, bits, m);
*/
int amq_proof_counting8_reduce_remove_kept(uint8_t *c, const uint64_t *bits, uint64_t m,
                                           const uint64_t *x, size_t k)
{
    (void)bits; /* the image of c before the remove; the contract relates it to c after */
    /*@ assert covers: amq_ccovers(c, 8, x, k); */
    int refused = amq_counting_kernel_remove8(c, m, x, k);
    /* Named counters stay positive (and were positive); the others are unchanged. */
    /*@ assert named_after: \forall integer t; 0 <= t < k ==> amq_cnt(c, 8, x[t]) > 0; */
    /*@ assert named_before: \forall integer t; 0 <= t < k ==> amq_cnt{Pre}(c, 8, x[t]) > 0; */
    /*@ assert unnamed: \forall integer p; 0 <= p < m ==> !amq_named(x, k, p) ==>
          amq_cnt(c, 8, p) == amq_cnt{Pre}(c, 8, p); */
    return refused;
}

/* ---- 4-bit counters ---- */

void amq_proof_counting4_reduce_add(uint8_t *c, uint64_t *bits, uint64_t m,
                                    const uint64_t *x, size_t k);
int amq_proof_counting4_reduce_query(const uint8_t *c, const uint64_t *bits, uint64_t m,
                                     const uint64_t *x, size_t k);
int amq_proof_counting4_reduce_remove(uint8_t *c, const uint64_t *bits, uint64_t m,
                                      const uint64_t *x, size_t k);
int amq_proof_counting4_reduce_remove_kept(uint8_t *c, const uint64_t *bits, uint64_t m,
                                           const uint64_t *x, size_t k);

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires bits_valid: \valid(bits + (0 .. amq_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires sep_c:      \separated(c + (0 .. amq_cbytes(4, m) - 1), x + (0 .. k - 1),
                                    bits + (0 .. amq_words(m) - 1));
    requires sep_bits:   \separated(bits + (0 .. amq_words(m) - 1), x + (0 .. k - 1));
    requires related:    amq_creflects(c, 4, bits, m);
    assigns c[0 .. amq_cbytes(4, m) - 1], bits[0 .. amq_words(m) - 1];
    ensures related:     amq_creflects(c, 4, bits, m);
*/
void amq_proof_counting4_reduce_add(uint8_t *c, uint64_t *bits, uint64_t m,
                                    const uint64_t *x, size_t k)
{
    amq_counting_kernel_add4(c, m, x, k);
    amq_bloom_kernel_add(bits, m, x, k);
    /* x lives in the same memory as bits but is separated from it: unchanged. */
    /*@ assert x_same: \forall integer t; 0 <= t < k ==> x[t] == \at(x[t], Pre); */
    /*@ assert named_same: \forall integer p; amq_named(x, k, p) <==> amq_named{Pre}(x, k, p); */
    /* Named positions: counter positive and bit set.  Others: both unchanged. */
    /*@ assert named: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 4, x[t]) > 0 && amq_bit_set(bits, x[t]); */
    /*@ assert in_words: m <= 64 * amq_words(m); */
    /*@ assert unnamed_bits: \forall integer p; 0 <= p < m ==> !amq_named(x, k, p) ==>
          (amq_bit_set(bits, p) <==> amq_bit_set{Pre}(bits, p)); */
    /*@ assert unnamed_counters: \forall integer p; 0 <= p < m ==> !amq_named(x, k, p) ==>
          amq_cnt(c, 4, p) == amq_cnt{Pre}(c, 4, p); */
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid_read(c + (0 .. amq_cbytes(4, m) - 1));
    requires bits_valid: \valid_read(bits + (0 .. amq_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires related:    amq_creflects(c, 4, bits, m);
    assigns \nothing;
    ensures same_answer: \result == 1;
*/
int amq_proof_counting4_reduce_query(const uint8_t *c, const uint64_t *bits, uint64_t m,
                                     const uint64_t *x, size_t k)
{
    int counted = amq_counting_kernel_query4(c, m, x, k);
    int bloomed = amq_bloom_kernel_query(bits, m, x, k);
    return counted == bloomed;
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires bits_valid: \valid_read(bits + (0 .. amq_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires sep_c:      \separated(c + (0 .. amq_cbytes(4, m) - 1), x + (0 .. k - 1),
                                    bits + (0 .. amq_words(m) - 1));
    requires related:    amq_creflects(c, 4, bits, m);
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures image_kept_iff: \result == 0 ==>
              (amq_creflects(c, 4, bits, m) <==> \at(amq_ckeeps_positive(c, 4, x, k), Pre));
*/
int amq_proof_counting4_reduce_remove(uint8_t *c, const uint64_t *bits, uint64_t m,
                                      const uint64_t *x, size_t k)
{
    (void)bits; /* the image of c before the remove; the contract relates it to c after */
    int refused = amq_counting_kernel_remove4(c, m, x, k);
    /* if: a named counter that stays positive was positive; unnamed ones are unchanged. */
    /*@ assert if_dir: refused == 0 ==> \at(amq_ckeeps_positive(c, 4, x, k), Pre) ==>
                         amq_creflects(c, 4, bits, m); */
    /* only if: a named counter, not saturated and not above its multiplicity, was covered,
     * so equalled it, was positive (its bit is set) and drops to exactly 0. */
    /*@ assert dropped: refused == 0 ==> \forall integer t; 0 <= t < k ==>
          amq_cnt{Pre}(c, 4, x[t]) != amq_cmax(4) ==>
          amq_cnt{Pre}(c, 4, x[t]) <= amq_occ(x, k, x[t]) ==>
          amq_bit_set(bits, x[t]) && amq_cnt(c, 4, x[t]) == 0; */
    /*@ assert only_if: refused == 0 ==> amq_creflects(c, 4, bits, m) ==>
                         \at(amq_ckeeps_positive(c, 4, x, k), Pre); */
    return refused;
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires bits_valid: \valid_read(bits + (0 .. amq_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires sep_c:      \separated(c + (0 .. amq_cbytes(4, m) - 1), x + (0 .. k - 1),
                                    bits + (0 .. amq_words(m) - 1));
    requires related:    amq_creflects(c, 4, bits, m);
    requires kept:       amq_ckeeps_positive(c, 4, x, k);
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures removed:     \result == 0;
    ensures related:     amq_creflects(c, 4, bits, m);
*/
int amq_proof_counting4_reduce_remove_kept(uint8_t *c, const uint64_t *bits, uint64_t m,
                                           const uint64_t *x, size_t k)
{
    (void)bits; /* the image of c before the remove; the contract relates it to c after */
    /*@ assert covers: amq_ccovers(c, 4, x, k); */
    int refused = amq_counting_kernel_remove4(c, m, x, k);
    /* Named counters stay positive (and were positive); the others are unchanged. */
    /*@ assert named_after: \forall integer t; 0 <= t < k ==> amq_cnt(c, 4, x[t]) > 0; */
    /*@ assert named_before: \forall integer t; 0 <= t < k ==> amq_cnt{Pre}(c, 4, x[t]) > 0; */
    /*@ assert unnamed: \forall integer p; 0 <= p < m ==> !amq_named(x, k, p) ==>
          amq_cnt(c, 4, p) == amq_cnt{Pre}(c, 4, p); */
    return refused;
}
