/* The removal drivers of proofs/counting_remove_driver.c for one counter width, AMQ_CW (4 or 8):
 * that file includes this text once per width (no include guard, on purpose), as
 * lib_internal/counting_kernel.h does with the kernels' contracts. */
#if !defined(AMQ_CW) || (AMQ_CW != 4 && AMQ_CW != 8)
#error "proofs/counting_remove_w.h: define AMQ_CW to 4 or 8"
#endif

int AMQ_CW_FN2(amq_proof_counting, _remove)(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                                            const uint64_t *xr, size_t kr);
int AMQ_CW_FN2(amq_proof_counting, _undo)(uint8_t *c, uint64_t m, const uint64_t *x, size_t k);
int AMQ_CW_FN2(amq_proof_counting, _undo_exact)(uint8_t *c, uint64_t m, const uint64_t *x, size_t k);

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, m);
    requires xr_valid:   \valid_read(xr + (0 .. kr - 1));
    requires xr_range:   amq_bloom_in_range(xr, kr, m);
    requires sep_x:      \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), x + (0 .. k - 1));
    requires sep_xr:     \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), xr + (0 .. kr - 1));
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures removed_and_found: \result == 2;
*/
int AMQ_CW_FN2(amq_proof_counting, _remove)(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                                            const uint64_t *xr, size_t kr)
{
    /*@ assert range: amq_counting_range(c, AMQ_CW, m); */
    AMQ_CW_FN(amq_counting_kernel_add)(c, m, xr, kr);
    //@ ghost Added1: ;
    AMQ_CW_FN(amq_counting_kernel_add)(c, m, x, k);
    //@ ghost Added2: ;
    /* Each counter xr names is saturated, or still holds its xr increments. */
    /*@ assert covers: \forall integer t; 0 <= t < kr ==>
          amq_counting_cell(c, AMQ_CW, xr[t]) == amq_counting_max(AMQ_CW) ||
          amq_counting_cell(c, AMQ_CW, xr[t]) >= amq_counting_occ(xr, kr, xr[t]); */
    int refused = AMQ_CW_FN(amq_counting_kernel_remove)(c, m, xr, kr);
    /* Each counter x names is saturated, or was incremented by add(x) from a value that
     * already included the xr increments that remove(xr) takes back. */
    /*@ assert kept: \forall integer t; 0 <= t < k ==>
          amq_counting_cell{Added2}(c, AMQ_CW, x[t]) == amq_counting_max(AMQ_CW) ||
          amq_counting_cell{Added2}(c, AMQ_CW, x[t]) > amq_counting_cell{Added1}(c, AMQ_CW, x[t]); */
    /*@ assert kept2: \forall integer t; 0 <= t < k ==>
          amq_counting_cell{Added2}(c, AMQ_CW, x[t]) == amq_counting_max(AMQ_CW) ||
          amq_counting_cell{Added1}(c, AMQ_CW, x[t]) == amq_counting_cell{Pre}(c, AMQ_CW, x[t]) + amq_counting_occ(xr, kr, x[t]); */
    /*@ assert removed: refused == 0; */
    /*@ assert taken_back: \forall integer t; 0 <= t < k ==>
          amq_counting_cell(c, AMQ_CW, x[t]) == amq_counting_sat_sub(AMQ_CW, amq_counting_cell{Added2}(c, AMQ_CW, x[t]), amq_counting_occ(xr, kr, x[t])); */
    /*@ assert was_nonneg: \forall integer t; 0 <= t < k ==> amq_counting_cell{Pre}(c, AMQ_CW, x[t]) >= 0; */
    /*@ assert present: \forall integer t; 0 <= t < k ==> amq_counting_cell(c, AMQ_CW, x[t]) > 0; */
    int found = AMQ_CW_FN(amq_counting_kernel_query)(c, m, x, k);
    return (refused == 0) + (found == 1); /* 2 iff both hold; no branch, so no dead code */
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, m);
    requires sep_x:      \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), x + (0 .. k - 1));
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures removed:     \result == 0;
    ensures restored_iff: amq_counting_same{Pre, Post}(c, AMQ_CW, m) <==> \at(amq_counting_no_new_saturation(c, AMQ_CW, x, k), Pre);
*/
int AMQ_CW_FN2(amq_proof_counting, _undo)(uint8_t *c, uint64_t m, const uint64_t *x, size_t k)
{
    AMQ_CW_FN(amq_counting_kernel_add)(c, m, x, k);
    //@ ghost Added: ;
    /*@ assert added: \forall integer t; 0 <= t < k ==>
          amq_counting_cell(c, AMQ_CW, x[t]) == amq_counting_sat_add(AMQ_CW, amq_counting_cell{Pre}(c, AMQ_CW, x[t]), amq_counting_occ(x, k, x[t])) &&
          amq_counting_cell(c, AMQ_CW, x[t]) >= amq_counting_cell{Pre}(c, AMQ_CW, x[t]); */
    /*@ assert covers: amq_counting_covers(c, AMQ_CW, x, k); */
    int refused = AMQ_CW_FN(amq_counting_kernel_remove)(c, m, x, k);
    /*@ assert removed: \forall integer t; 0 <= t < k ==>
          amq_counting_cell(c, AMQ_CW, x[t]) == amq_counting_sat_sub(AMQ_CW, amq_counting_cell{Added}(c, AMQ_CW, x[t]), amq_counting_occ(x, k, x[t])); */
    /* A counter x names comes back iff it was saturated already (it stays so) or the add
     * left it below the maximum (the remove takes back exactly what the add put in). */
    /*@ assert named: \forall integer t; 0 <= t < k ==>
          (amq_counting_cell(c, AMQ_CW, x[t]) == amq_counting_cell{Pre}(c, AMQ_CW, x[t]) <==>
           amq_counting_cell{Pre}(c, AMQ_CW, x[t]) == amq_counting_max(AMQ_CW) ||
           amq_counting_cell{Pre}(c, AMQ_CW, x[t]) + amq_counting_occ(x, k, x[t]) < amq_counting_max(AMQ_CW)); */
    /*@ assert if_dir: \at(amq_counting_no_new_saturation(c, AMQ_CW, x, k), Pre) ==> amq_counting_same{Pre, Here}(c, AMQ_CW, m); */
    /*@ assert only_if: amq_counting_same{Pre, Here}(c, AMQ_CW, m) ==> \at(amq_counting_no_new_saturation(c, AMQ_CW, x, k), Pre); */
    return refused;
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_bloom_in_range(x, k, m);
    requires sep_x:      \separated(c + (0 .. amq_counting_bytes(AMQ_CW, m) - 1), x + (0 .. k - 1));
    requires no_sat:     amq_counting_fits_strictly(c, AMQ_CW, x, k);
    assigns c[0 .. amq_counting_bytes(AMQ_CW, m) - 1];
    ensures removed:     \result == 0;
    ensures restored:    amq_counting_same{Pre, Post}(c, AMQ_CW, m);
    ensures sum:         amq_counting_sum(c, AMQ_CW, m) == amq_counting_sum{Pre}(c, AMQ_CW, m);
*/
int AMQ_CW_FN2(amq_proof_counting, _undo_exact)(uint8_t *c, uint64_t m, const uint64_t *x, size_t k)
{
    AMQ_CW_FN(amq_counting_kernel_add)(c, m, x, k);
    /* Nothing saturated: each counter x names went up by its multiplicity, stays below
     * the maximum, so remove succeeds exactly (amq_counting_unsaturated_cover) and undoes it. */
    /*@ assert added: \forall integer t; 0 <= t < k ==>
          amq_counting_cell(c, AMQ_CW, x[t]) == amq_counting_cell{Pre}(c, AMQ_CW, x[t]) + amq_counting_occ(x, k, x[t]) &&
          amq_counting_cell(c, AMQ_CW, x[t]) < amq_counting_max(AMQ_CW); */
    /*@ assert exact: amq_counting_unsaturated_cover(c, AMQ_CW, x, k); */
    //@ ghost Added: ;
    int refused = AMQ_CW_FN(amq_counting_kernel_remove)(c, m, x, k);
    /*@ assert named: \forall integer t; 0 <= t < k ==>
          amq_counting_cell(c, AMQ_CW, x[t]) == amq_counting_cell{Added}(c, AMQ_CW, x[t]) - amq_counting_occ(x, k, x[t]); */
    /*@ assert unnamed: \forall integer p; 0 <= p < m ==> !amq_bloom_named(x, k, p) ==>
          amq_counting_cell(c, AMQ_CW, p) == amq_counting_cell{Pre}(c, AMQ_CW, p); */
    return refused;
}
