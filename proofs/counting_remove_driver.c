/* Removal drivers for the counting Bloom kernel (internal/counting_kernel.h), both widths.
 * Not part of the library: WP proves these bodies against the kernel's contracts.
 *
 *   amq_proof_countingN_remove:   Ceramist Theorem 11: add(x'), add(x), remove(x') ==>
 *                                 the remove succeeds and query(x) == 1.  No precondition on
 *                                 counters: sticky saturation makes it hold even when
 *                                 counters saturate; x and x' may overlap, repeat indices,
 *                                 or be the same vector.
 *   amq_proof_countingN_undo:     remove(add(s)) succeeds, and restores every counter iff
 *                                 each counter x names is already saturated or stays below
 *                                 the maximum after the add (amq_cno_new_saturation).
 *                                 In particular, with no saturation at all
 *                                 (amq_cfits_strictly), remove(add(s)) == s. */
#include <internal/counting_kernel.h>

/* ---- 8-bit counters ---- */

int amq_proof_counting8_remove(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                               const uint64_t *xr, size_t kr);
int amq_proof_counting8_undo(uint8_t *c, uint64_t m, const uint64_t *x, size_t k);
int amq_proof_counting8_undo_exact(uint8_t *c, uint64_t m, const uint64_t *x, size_t k);

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires xr_valid:   \valid_read(xr + (0 .. kr - 1));
    requires xr_range:   amq_in_range(xr, kr, m);
    requires sep_x:      \separated(c + (0 .. amq_cbytes(8, m) - 1), x + (0 .. k - 1));
    requires sep_xr:     \separated(c + (0 .. amq_cbytes(8, m) - 1), xr + (0 .. kr - 1));
    assigns c[0 .. amq_cbytes(8, m) - 1];
    ensures removed_and_found: \result == 2;
*/
int amq_proof_counting8_remove(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                               const uint64_t *xr, size_t kr)
{
    /*@ assert range: amq_crange(c, 8, m); */
    amq_counting_kernel_add8(c, m, xr, kr);
    //@ ghost Added1: ;
    amq_counting_kernel_add8(c, m, x, k);
    //@ ghost Added2: ;
    /* Each counter xr names is saturated, or still holds its xr increments. */
    /*@ assert covers: \forall integer t; 0 <= t < kr ==>
          amq_cnt(c, 8, xr[t]) == amq_cmax(8) ||
          amq_cnt(c, 8, xr[t]) >= amq_occ(xr, kr, xr[t]); */
    int refused = amq_counting_kernel_remove8(c, m, xr, kr);
    /* Each counter x names is saturated, or was incremented by add(x) from a value that
     * already included the xr increments that remove(xr) takes back. */
    /*@ assert kept: \forall integer t; 0 <= t < k ==>
          amq_cnt{Added2}(c, 8, x[t]) == amq_cmax(8) ||
          amq_cnt{Added2}(c, 8, x[t]) > amq_cnt{Added1}(c, 8, x[t]); */
    /*@ assert kept2: \forall integer t; 0 <= t < k ==>
          amq_cnt{Added2}(c, 8, x[t]) == amq_cmax(8) ||
          amq_cnt{Added1}(c, 8, x[t]) == amq_cnt{Pre}(c, 8, x[t]) + amq_occ(xr, kr, x[t]); */
    /*@ assert removed: refused == 0; */
    /*@ assert taken_back: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 8, x[t]) == amq_sat_sub(8, amq_cnt{Added2}(c, 8, x[t]), amq_occ(xr, kr, x[t])); */
    /*@ assert was_nonneg: \forall integer t; 0 <= t < k ==> amq_cnt{Pre}(c, 8, x[t]) >= 0; */
    /*@ assert present: \forall integer t; 0 <= t < k ==> amq_cnt(c, 8, x[t]) > 0; */
    int found = amq_counting_kernel_query8(c, m, x, k);
    return (refused == 0) + (found == 1); /* 2 iff both hold; no branch, so no dead code */
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires sep_x:      \separated(c + (0 .. amq_cbytes(8, m) - 1), x + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(8, m) - 1];
    ensures removed:     \result == 0;
    ensures restored_iff: amq_csame{Pre, Post}(c, 8, m) <==> \at(amq_cno_new_saturation(c, 8, x, k), Pre);
*/
int amq_proof_counting8_undo(uint8_t *c, uint64_t m, const uint64_t *x, size_t k)
{
    amq_counting_kernel_add8(c, m, x, k);
    //@ ghost Added: ;
    /*@ assert added: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 8, x[t]) == amq_sat_add(8, amq_cnt{Pre}(c, 8, x[t]), amq_occ(x, k, x[t])) &&
          amq_cnt(c, 8, x[t]) >= amq_cnt{Pre}(c, 8, x[t]); */
    /*@ assert covers: amq_ccovers(c, 8, x, k); */
    int refused = amq_counting_kernel_remove8(c, m, x, k);
    /*@ assert removed: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 8, x[t]) == amq_sat_sub(8, amq_cnt{Added}(c, 8, x[t]), amq_occ(x, k, x[t])); */
    /* A counter x names comes back iff it was saturated already (it stays so) or the add
     * left it below the maximum (the remove takes back exactly what the add put in). */
    /*@ assert named: \forall integer t; 0 <= t < k ==>
          (amq_cnt(c, 8, x[t]) == amq_cnt{Pre}(c, 8, x[t]) <==>
           amq_cnt{Pre}(c, 8, x[t]) == amq_cmax(8) ||
           amq_cnt{Pre}(c, 8, x[t]) + amq_occ(x, k, x[t]) < amq_cmax(8)); */
    /*@ assert if_dir: \at(amq_cno_new_saturation(c, 8, x, k), Pre) ==> amq_csame{Pre, Here}(c, 8, m); */
    /*@ assert only_if: amq_csame{Pre, Here}(c, 8, m) ==> \at(amq_cno_new_saturation(c, 8, x, k), Pre); */
    return refused;
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(8, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires sep_x:      \separated(c + (0 .. amq_cbytes(8, m) - 1), x + (0 .. k - 1));
    requires no_sat:     amq_cfits_strictly(c, 8, x, k);
    assigns c[0 .. amq_cbytes(8, m) - 1];
    ensures removed:     \result == 0;
    ensures restored:    amq_csame{Pre, Post}(c, 8, m);
    ensures sum:         amq_csum(c, 8, m) == amq_csum{Pre}(c, 8, m);
*/
int amq_proof_counting8_undo_exact(uint8_t *c, uint64_t m, const uint64_t *x, size_t k)
{
    amq_counting_kernel_add8(c, m, x, k);
    /* Nothing saturated: each counter x names went up by its multiplicity, stays below
     * the maximum, so remove succeeds exactly (amq_cunsaturated_cover) and undoes it. */
    /*@ assert added: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 8, x[t]) == amq_cnt{Pre}(c, 8, x[t]) + amq_occ(x, k, x[t]) &&
          amq_cnt(c, 8, x[t]) < amq_cmax(8); */
    /*@ assert exact: amq_cunsaturated_cover(c, 8, x, k); */
    //@ ghost Added: ;
    int refused = amq_counting_kernel_remove8(c, m, x, k);
    /*@ assert named: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 8, x[t]) == amq_cnt{Added}(c, 8, x[t]) - amq_occ(x, k, x[t]); */
    /*@ assert unnamed: \forall integer p; 0 <= p < m ==> !amq_named(x, k, p) ==>
          amq_cnt(c, 8, p) == amq_cnt{Pre}(c, 8, p); */
    return refused;
}

/* ---- 4-bit counters ---- */

int amq_proof_counting4_remove(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                               const uint64_t *xr, size_t kr);
int amq_proof_counting4_undo(uint8_t *c, uint64_t m, const uint64_t *x, size_t k);
int amq_proof_counting4_undo_exact(uint8_t *c, uint64_t m, const uint64_t *x, size_t k);

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires xr_valid:   \valid_read(xr + (0 .. kr - 1));
    requires xr_range:   amq_in_range(xr, kr, m);
    requires sep_x:      \separated(c + (0 .. amq_cbytes(4, m) - 1), x + (0 .. k - 1));
    requires sep_xr:     \separated(c + (0 .. amq_cbytes(4, m) - 1), xr + (0 .. kr - 1));
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures removed_and_found: \result == 2;
*/
int amq_proof_counting4_remove(uint8_t *c, uint64_t m, const uint64_t *x, size_t k,
                               const uint64_t *xr, size_t kr)
{
    /*@ assert range: amq_crange(c, 4, m); */
    amq_counting_kernel_add4(c, m, xr, kr);
    //@ ghost Added1: ;
    amq_counting_kernel_add4(c, m, x, k);
    //@ ghost Added2: ;
    /* Each counter xr names is saturated, or still holds its xr increments. */
    /*@ assert covers: \forall integer t; 0 <= t < kr ==>
          amq_cnt(c, 4, xr[t]) == amq_cmax(4) ||
          amq_cnt(c, 4, xr[t]) >= amq_occ(xr, kr, xr[t]); */
    int refused = amq_counting_kernel_remove4(c, m, xr, kr);
    /* Each counter x names is saturated, or was incremented by add(x) from a value that
     * already included the xr increments that remove(xr) takes back. */
    /*@ assert kept: \forall integer t; 0 <= t < k ==>
          amq_cnt{Added2}(c, 4, x[t]) == amq_cmax(4) ||
          amq_cnt{Added2}(c, 4, x[t]) > amq_cnt{Added1}(c, 4, x[t]); */
    /*@ assert kept2: \forall integer t; 0 <= t < k ==>
          amq_cnt{Added2}(c, 4, x[t]) == amq_cmax(4) ||
          amq_cnt{Added1}(c, 4, x[t]) == amq_cnt{Pre}(c, 4, x[t]) + amq_occ(xr, kr, x[t]); */
    /*@ assert removed: refused == 0; */
    /*@ assert taken_back: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 4, x[t]) == amq_sat_sub(4, amq_cnt{Added2}(c, 4, x[t]), amq_occ(xr, kr, x[t])); */
    /*@ assert was_nonneg: \forall integer t; 0 <= t < k ==> amq_cnt{Pre}(c, 4, x[t]) >= 0; */
    /*@ assert present: \forall integer t; 0 <= t < k ==> amq_cnt(c, 4, x[t]) > 0; */
    int found = amq_counting_kernel_query4(c, m, x, k);
    return (refused == 0) + (found == 1); /* 2 iff both hold; no branch, so no dead code */
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires sep_x:      \separated(c + (0 .. amq_cbytes(4, m) - 1), x + (0 .. k - 1));
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures removed:     \result == 0;
    ensures restored_iff: amq_csame{Pre, Post}(c, 4, m) <==> \at(amq_cno_new_saturation(c, 4, x, k), Pre);
*/
int amq_proof_counting4_undo(uint8_t *c, uint64_t m, const uint64_t *x, size_t k)
{
    amq_counting_kernel_add4(c, m, x, k);
    //@ ghost Added: ;
    /*@ assert added: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 4, x[t]) == amq_sat_add(4, amq_cnt{Pre}(c, 4, x[t]), amq_occ(x, k, x[t])) &&
          amq_cnt(c, 4, x[t]) >= amq_cnt{Pre}(c, 4, x[t]); */
    /*@ assert covers: amq_ccovers(c, 4, x, k); */
    int refused = amq_counting_kernel_remove4(c, m, x, k);
    /*@ assert removed: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 4, x[t]) == amq_sat_sub(4, amq_cnt{Added}(c, 4, x[t]), amq_occ(x, k, x[t])); */
    /* A counter x names comes back iff it was saturated already (it stays so) or the add
     * left it below the maximum (the remove takes back exactly what the add put in). */
    /*@ assert named: \forall integer t; 0 <= t < k ==>
          (amq_cnt(c, 4, x[t]) == amq_cnt{Pre}(c, 4, x[t]) <==>
           amq_cnt{Pre}(c, 4, x[t]) == amq_cmax(4) ||
           amq_cnt{Pre}(c, 4, x[t]) + amq_occ(x, k, x[t]) < amq_cmax(4)); */
    /*@ assert if_dir: \at(amq_cno_new_saturation(c, 4, x, k), Pre) ==> amq_csame{Pre, Here}(c, 4, m); */
    /*@ assert only_if: amq_csame{Pre, Here}(c, 4, m) ==> \at(amq_cno_new_saturation(c, 4, x, k), Pre); */
    return refused;
}

/*@ requires m_pos:      m >= 1;
    requires c_valid:    \valid(c + (0 .. amq_cbytes(4, m) - 1));
    requires x_valid:    \valid_read(x + (0 .. k - 1));
    requires x_range:    amq_in_range(x, k, m);
    requires sep_x:      \separated(c + (0 .. amq_cbytes(4, m) - 1), x + (0 .. k - 1));
    requires no_sat:     amq_cfits_strictly(c, 4, x, k);
    assigns c[0 .. amq_cbytes(4, m) - 1];
    ensures removed:     \result == 0;
    ensures restored:    amq_csame{Pre, Post}(c, 4, m);
    ensures sum:         amq_csum(c, 4, m) == amq_csum{Pre}(c, 4, m);
*/
int amq_proof_counting4_undo_exact(uint8_t *c, uint64_t m, const uint64_t *x, size_t k)
{
    amq_counting_kernel_add4(c, m, x, k);
    /* Nothing saturated: each counter x names went up by its multiplicity, stays below
     * the maximum, so remove succeeds exactly (amq_cunsaturated_cover) and undoes it. */
    /*@ assert added: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 4, x[t]) == amq_cnt{Pre}(c, 4, x[t]) + amq_occ(x, k, x[t]) &&
          amq_cnt(c, 4, x[t]) < amq_cmax(4); */
    /*@ assert exact: amq_cunsaturated_cover(c, 4, x, k); */
    //@ ghost Added: ;
    int refused = amq_counting_kernel_remove4(c, m, x, k);
    /*@ assert named: \forall integer t; 0 <= t < k ==>
          amq_cnt(c, 4, x[t]) == amq_cnt{Added}(c, 4, x[t]) - amq_occ(x, k, x[t]); */
    /*@ assert unnamed: \forall integer p; 0 <= p < m ==> !amq_named(x, k, p) ==>
          amq_cnt(c, 4, p) == amq_cnt{Pre}(c, 4, p); */
    return refused;
}
