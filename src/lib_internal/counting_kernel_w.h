/* The counting kernels of one counter width, AMQ_CW (4 or 8), with their contracts:
 * lib_internal/counting_kernel.h includes this text once per width (lib_internal/counting_widths.h),
 * so that both widths have one text; the behaviours are described there.  No include guard,
 * on purpose.  AMQ_CW_FN(name) pastes the width onto a name: amq_counting_kernel_add4,
 * amq_counting_kernel_add8.  WP reads the preprocessed text, so each width's contract is
 * proved as if written out; the properties keep this file's lines and their names, under
 * the function of their width.  The padding clauses hold for both widths (with 8-bit
 * counters no nibble pads: amq_counting_pad_same is then true by definition).
 * src/counting_kernel.c includes it a third time with AMQ_CW_GENERIC set and AMQ_CW defined
 * to the parameter w: that declares the one body per operation (amq_counting_kernel_addw,
 * static inline, the width a parameter) with this same contract and one more clause, requires
 * width (the three macros below: a #if cannot sit inside an annotation, a macro can). */
#if defined(AMQ_CW_GENERIC)
#define AMQ_CW_LINKAGE static inline
#define AMQ_CW_PARAM unsigned w,
#define AMQ_CW_REQUIRES_WIDTH requires width: amq_counting_width_ok(w);
#elif !defined(AMQ_CW) || (AMQ_CW != 4 && AMQ_CW != 8)
#error "lib_internal/counting_kernel_w.h: define AMQ_CW to 4 or 8 (include lib_internal/counting_kernel.h)"
#else
#define AMQ_CW_LINKAGE
#define AMQ_CW_PARAM
#define AMQ_CW_REQUIRES_WIDTH
#endif

/* Increments the counter of each idx[i] that is below its maximum (amq_counting_max(AMQ_CW)). */
/*@ AMQ_CW_REQUIRES_WIDTH
    requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires idx_valid:  \valid_read(idx + (0 .. k - 1));
    requires idx_range:  amq_bloom_in_range(idx, k, m);
    requires separated:  \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), idx + (0 .. k - 1));
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures inserted:    amq_counting_present(c, AMQ_CW, idx, k);
    ensures incremented: amq_counting_incremented{Pre, Post}(c, AMQ_CW, idx, k);
    ensures monotone:    amq_counting_grows{Pre, Post}(c, AMQ_CW, m);
    ensures frame:       amq_counting_frame{Pre, Post}(c, AMQ_CW, m, idx, k);
    ensures exact:       amq_counting_added{Pre, Post}(c, AMQ_CW, m, idx, k);
    ensures padding:     amq_counting_pad_same{Pre, Post}(c, AMQ_CW, m);
    behavior no_overflow:
      assumes amq_counting_fits(c, AMQ_CW, idx, k);
      ensures sum: amq_counting_sum(c, AMQ_CW, m) == amq_counting_sum{Pre}(c, AMQ_CW, m) + k;
*/
AMQ_CW_LINKAGE void AMQ_CW_FN(amq_counting_kernel_add)(uint8_t *c, AMQ_CW_PARAM uint64_t m, const uint64_t *idx, size_t k);

/* 1 iff every counter named by idx is nonzero. */
/*@ AMQ_CW_REQUIRES_WIDTH
    requires m_pos:     m >= 1;
    requires c_valid:   \valid_read(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_bloom_in_range(idx, k, m);
    assigns \nothing;
    behavior present:
      assumes amq_counting_present(c, AMQ_CW, idx, k);
      ensures \result == 1;
    behavior absent:
      assumes !amq_counting_present(c, AMQ_CW, idx, k);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
AMQ_CW_LINKAGE int AMQ_CW_FN(amq_counting_kernel_query)(const uint8_t *c, AMQ_CW_PARAM uint64_t m, const uint64_t *idx, size_t k);

/* 0: decremented the counter of each idx[i] that is below its maximum.  1: refused, nothing
 * changed. */
/*@ AMQ_CW_REQUIRES_WIDTH
    requires m_pos:     m >= 1;
    requires c_valid:   \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_bloom_in_range(idx, k, m);
    requires separated: \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), idx + (0 .. k - 1));
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures padding:     amq_counting_pad_same{Pre, Post}(c, AMQ_CW, m);
    behavior removed:
      assumes amq_counting_covers(c, AMQ_CW, idx, k);
      assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
      ensures result:      \result == 0;
      ensures decremented: amq_counting_decremented{Pre, Post}(c, AMQ_CW, idx, k);
      ensures shrinks:     amq_counting_shrinks{Pre, Post}(c, AMQ_CW, m);
      ensures frame:       amq_counting_frame{Pre, Post}(c, AMQ_CW, m, idx, k);
      ensures exact:       amq_counting_removed{Pre, Post}(c, AMQ_CW, m, idx, k);
    behavior refused:
      assumes !amq_counting_covers(c, AMQ_CW, idx, k);
      ensures unchanged:   amq_counting_bytes_same{Pre, Post}(c, AMQ_CW, m);
      ensures result:      \result == 1;
    behavior exact_sum:
      assumes amq_counting_unsaturated_cover(c, AMQ_CW, idx, k);
      ensures result:      \result == 0;
      ensures sum:         amq_counting_sum(c, AMQ_CW, m) == amq_counting_sum{Pre}(c, AMQ_CW, m) - k;
    complete behaviors removed, refused;
    disjoint behaviors removed, refused;
*/
AMQ_CW_LINKAGE int AMQ_CW_FN(amq_counting_kernel_remove)(uint8_t *c, AMQ_CW_PARAM uint64_t m, const uint64_t *idx, size_t k);

#undef AMQ_CW_LINKAGE
#undef AMQ_CW_PARAM
#undef AMQ_CW_REQUIRES_WIDTH
