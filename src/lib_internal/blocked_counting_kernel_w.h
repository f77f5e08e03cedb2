/* The counting blocked kernels of one counter width, AMQ_CW (4 or 8), with their contracts:
 * lib_internal/blocked_kernel.h includes this text once per width (lib_internal/counting_widths.h;
 * no include guard, on purpose), as lib_internal/counting_kernel.h does with
 * lib_internal/counting_kernel_w.h, where AMQ_CW_FN is defined.  The padding clauses hold for
 * both widths (vacuous for 8-bit counters). */
#if !defined(AMQ_CW) || (AMQ_CW != 4 && AMQ_CW != 8)
#error "lib_internal/blocked_counting_kernel_w.h: define AMQ_CW to 4 or 8"
#endif

/*@ requires k_max:     k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window:    block * bsize + bsize <= m;
    requires c_valid:   \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_bloom_in_range(idx, k, bsize);
    requires separated: \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), idx + (0 .. k - 1));
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures inserted:   amq_blocked_counting_present(c, AMQ_CW, block * bsize, idx, k);
    ensures monotone:   amq_counting_grows{Pre, Post}(c, AMQ_CW, m);
    ensures own_block:  amq_blocked_counting_window_frame{Pre, Post}(c, AMQ_CW, m, block * bsize, block * bsize + bsize);
    ensures exact:      amq_blocked_counting_added{Pre, Post}(c, AMQ_CW, block * bsize, bsize, idx, k);
    ensures padding:    amq_counting_pad_same{Pre, Post}(c, AMQ_CW, m);
*/
void AMQ_CW_FN(amq_counting_blocked_kernel_add)(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t block,
                                                const uint64_t *idx, size_t k);

/*@ requires k_max:     k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window:    block * bsize + bsize <= m;
    requires c_valid:   \valid_read(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_bloom_in_range(idx, k, bsize);
    assigns \nothing;
    behavior present:
      assumes amq_blocked_counting_present(c, AMQ_CW, block * bsize, idx, k);
      ensures \result == 1;
    behavior absent:
      assumes !amq_blocked_counting_present(c, AMQ_CW, block * bsize, idx, k);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int AMQ_CW_FN(amq_counting_blocked_kernel_query)(const uint8_t *c, uint64_t m, uint64_t bsize, uint64_t block,
                                                 const uint64_t *idx, size_t k);

/*@ requires k_max:     k <= AMQ_BLOCKED_MAX_K;
    requires bsize_pos: bsize >= 1;
    requires window:    block * bsize + bsize <= m;
    requires c_valid:   \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires idx_valid: \valid_read(idx + (0 .. k - 1));
    requires idx_range: amq_bloom_in_range(idx, k, bsize);
    requires separated: \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), idx + (0 .. k - 1));
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures padding:   amq_counting_pad_same{Pre, Post}(c, AMQ_CW, m);
    behavior removed:
      assumes amq_blocked_counting_covers(c, AMQ_CW, block * bsize, idx, k);
      ensures result:    \result == 0;
      ensures shrinks:   amq_counting_shrinks{Pre, Post}(c, AMQ_CW, m);
      ensures own_block: amq_blocked_counting_window_frame{Pre, Post}(c, AMQ_CW, m, block * bsize, block * bsize + bsize);
      ensures exact:     amq_blocked_counting_removed{Pre, Post}(c, AMQ_CW, block * bsize, bsize, idx, k);
    behavior refused:
      assumes !amq_blocked_counting_covers(c, AMQ_CW, block * bsize, idx, k);
      ensures unchanged: amq_counting_bytes_same{Pre, Post}(c, AMQ_CW, m);
      ensures result:    \result == 1;
    complete behaviors;
    disjoint behaviors;
*/
int AMQ_CW_FN(amq_counting_blocked_kernel_remove)(uint8_t *c, uint64_t m, uint64_t bsize, uint64_t block,
                                                  const uint64_t *idx, size_t k);
