/* The reduction drivers of proofs/counting_reduction_driver.c for one counter width, AMQ_CW (4 or 8):
 * that file includes this text once per width (no include guard, on purpose), as
 * lib_internal/counting_kernel.h does with the kernels' contracts. */
#if !defined(AMQ_CW) || (AMQ_CW != 4 && AMQ_CW != 8)
#error "proofs/counting_reduction_w.h: define AMQ_CW to 4 or 8"
#endif

void AMQ_CW_FN2(amq_proof_counting, _reduce_add)(uint8_t *c, uint64_t *bits, uint64_t m,
                                                 const uint64_t *x, size_t k);
int AMQ_CW_FN2(amq_proof_counting, _reduce_query)(const uint8_t *c, const uint64_t *bits, uint64_t m,
                                                  const uint64_t *x, size_t k);
int AMQ_CW_FN2(amq_proof_counting, _reduce_remove)(uint8_t *c, const uint64_t *bits, uint64_t m,
                                                   const uint64_t *x, size_t k);
int AMQ_CW_FN2(amq_proof_counting, _reduce_remove_kept)(uint8_t *c, const uint64_t *bits, uint64_t m,
                                                        const uint64_t *x, size_t k);

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires bits_valid: \valid(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, m);
    requires sep_c:      \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), x + (0 .. k - 1),
                                    bits + (0 .. amq_bloom_words(m) - 1));
    requires sep_bits:   \separated(bits + (0 .. amq_bloom_words(m) - 1), x + (0 .. k - 1));
    requires related:    amq_counting_reflects(c, AMQ_CW, bits, m);
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1], bits[0 .. amq_bloom_words(m) - 1];
    ensures related:     amq_counting_reflects(c, AMQ_CW, bits, m);
*/
void AMQ_CW_FN2(amq_proof_counting, _reduce_add)(uint8_t *c, uint64_t *bits, uint64_t m,
                                                 const uint64_t *x, size_t k)
{
    AMQ_CW_FN(amq_counting_kernel_add)(c, m, x, k);
    amq_bloom_kernel_add(bits, m, x, k);
    /* x lives in the same memory as bits but is separated from it: unchanged. */
    /*@ assert x_same: \forall integer t; 0 <= t < k ==> x[t] == \at(x[t], Pre); */
    /*@ assert named_same: \forall integer p; amq_bloom_named(x, k, p) <==> amq_bloom_named{Pre}(x, k, p); */
    /* Named positions: counter positive and bit set.  Others: both unchanged. */
    /*@ assert named: \forall integer t; 0 <= t < k ==>
          amq_counting_cell(c, AMQ_CW, x[t]) > 0 && amq_bloom_bit_set(bits, x[t]); */
    /*@ assert in_words: m <= 64 * amq_bloom_words(m); */
    /*@ assert unnamed_bits: \forall integer p; 0 <= p < m ==> !amq_bloom_named(x, k, p) ==>
          (amq_bloom_bit_set(bits, p) <==> amq_bloom_bit_set{Pre}(bits, p)); */
    /*@ assert unnamed_counters: \forall integer p; 0 <= p < m ==> !amq_bloom_named(x, k, p) ==>
          amq_counting_cell(c, AMQ_CW, p) == amq_counting_cell{Pre}(c, AMQ_CW, p); */
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid_read(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires bits_valid: \valid_read(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, m);
    requires related:    amq_counting_reflects(c, AMQ_CW, bits, m);
    assigns \nothing;
    ensures same_answer: \result == 1;
*/
int AMQ_CW_FN2(amq_proof_counting, _reduce_query)(const uint8_t *c, const uint64_t *bits, uint64_t m,
                                                  const uint64_t *x, size_t k)
{
    int counted = AMQ_CW_FN(amq_counting_kernel_query)(c, m, x, k);
    int bloomed = amq_bloom_kernel_query(bits, m, x, k);
    return counted == bloomed;
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires bits_valid: \valid_read(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, m);
    requires sep_c:      \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), x + (0 .. k - 1),
                                    bits + (0 .. amq_bloom_words(m) - 1));
    requires related:    amq_counting_reflects(c, AMQ_CW, bits, m);
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures image_kept_iff: \result == 0 ==>
              (amq_counting_reflects(c, AMQ_CW, bits, m) <==> \at(amq_counting_keeps_positive(c, AMQ_CW, x, k), Pre));
*/
int AMQ_CW_FN2(amq_proof_counting, _reduce_remove)(uint8_t *c, const uint64_t *bits, uint64_t m,
                                                   const uint64_t *x, size_t k)
{
    (void)bits; /* the image of c before the remove; the contract relates it to c after */
    int refused = AMQ_CW_FN(amq_counting_kernel_remove)(c, m, x, k);
    /* if: a named counter that stays positive was positive; unnamed ones are unchanged. */
    /*@ assert if_dir: refused == 0 ==> \at(amq_counting_keeps_positive(c, AMQ_CW, x, k), Pre) ==>
                         amq_counting_reflects(c, AMQ_CW, bits, m); */
    /* only if: a named counter, not saturated and not above its multiplicity, was covered,
     * so equalled it, was positive (its bit is set) and drops to exactly 0. */
    /*@ assert dropped: refused == 0 ==> \forall integer t; 0 <= t < k ==>
          amq_counting_cell{Pre}(c, AMQ_CW, x[t]) != amq_counting_max(AMQ_CW) ==>
          amq_counting_cell{Pre}(c, AMQ_CW, x[t]) <= amq_counting_occ(x, k, x[t]) ==>
          amq_bloom_bit_set(bits, x[t]) && amq_counting_cell(c, AMQ_CW, x[t]) == 0; */
    /*@ assert only_if: refused == 0 ==> amq_counting_reflects(c, AMQ_CW, bits, m) ==>
                         \at(amq_counting_keeps_positive(c, AMQ_CW, x, k), Pre); */
    return refused;
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires bits_valid: \valid_read(bits + (0 .. amq_bloom_words(m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, m);
    requires sep_c:      \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), x + (0 .. k - 1),
                                    bits + (0 .. amq_bloom_words(m) - 1));
    requires related:    amq_counting_reflects(c, AMQ_CW, bits, m);
    requires kept:       amq_counting_keeps_positive(c, AMQ_CW, x, k);
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures removed:     \result == 0;
    ensures related:     amq_counting_reflects(c, AMQ_CW, bits, m);
*/
int AMQ_CW_FN2(amq_proof_counting, _reduce_remove_kept)(uint8_t *c, const uint64_t *bits, uint64_t m,
                                                        const uint64_t *x, size_t k)
{
    (void)bits; /* the image of c before the remove; the contract relates it to c after */
    /*@ assert covers: amq_counting_covers(c, AMQ_CW, x, k); */
    int refused = AMQ_CW_FN(amq_counting_kernel_remove)(c, m, x, k);
    /* Named counters stay positive (and were positive); the others are unchanged. */
    /*@ assert named_after: \forall integer t; 0 <= t < k ==> amq_counting_cell(c, AMQ_CW, x[t]) > 0; */
    /*@ assert named_before: \forall integer t; 0 <= t < k ==> amq_counting_cell{Pre}(c, AMQ_CW, x[t]) > 0; */
    /*@ assert unnamed: \forall integer p; 0 <= p < m ==> !amq_bloom_named(x, k, p) ==>
          amq_counting_cell(c, AMQ_CW, p) == amq_counting_cell{Pre}(c, AMQ_CW, p); */
    return refused;
}
