/* NOT BUILT, NOT IN ANY UNIT: probe of 2026-11-29 for the cuckoo whole-field compare
 * (proofs/drafts/cuckoo-whole-field.md). A mask-free test "the low f bits of d are clear",
 * d ^ ((d >> f) << f) == 0, proved with its two facts:
 *   amq_ck_ext     every bit of y clear ==> y == 0 (extensionality, by halving: no parity);
 *   amq_ck_shl_le  (d >> f) << f <= d (the unsigned-overflow check of the <<), by two loops
 *                  over WP's own lsl_1, lsr_1, lsl_add, lsr_add axioms.
 * Run: WHY3CONFIG=build/why3.conf frama-c -machdep x86_64 \
 *   -cpp-extra-args="-D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -Iacsl" THIS_FILE -wp -wp-rte \
 *   -warn-unsigned-overflow -warn-unsigned-downcast -wp-prover cvc4,z3 -wp-steps 400000 \
 *   -wp-prop=-@lemma   (the lemmas of the included logic are the units' lemma jobs, wp:range)
 * gave 52/52 goals (cvc4, z3, Qed) and 10/10 smoke tests (cvc4). In the kernel, ext and
 * shl_le would be ghost functions (here they are plain C, called as C). */
#include <stdint.h>
#include <amq/cuckoo_logic.h>
/* Extensionality, total: if every bit of y is clear then y == 0 (halving; no parity). */
/*@ assigns \nothing;
    ensures zero: (\forall integer k; 0 <= k ==> !amq_ck_bit(y, k)) ==> y == 0; */
void amq_ck_ext(uint64_t y)
{
    uint64_t z = y;
    /*@ loop invariant clear: (\forall integer k; 0 <= k ==> !amq_ck_bit(y, k)) ==>
                              (\forall integer j; 0 <= j ==> !amq_ck_bit(z, j));
        loop invariant back: (\forall integer k; 0 <= k ==> !amq_ck_bit(y, k)) ==> z == 0 ==> y == 0;
        loop assigns z;
        loop variant z;
    */
    while (z != 0) {
        const uint64_t h = z >> 1;
        /*@ assert half: h == z / 2; */
        /*@ assert hbits: \forall integer j; 0 <= j ==> (amq_ck_bit(h, j) <==> amq_ck_bit(z, j + 1)); */
        /*@ assert step: !amq_ck_bit(z, 0) ==> h == 0 ==> z == 0; */
        z = h;
    }
}

/*@ requires f_range: f <= 32;
    assigns \nothing;
    ensures le: ((d >> f) << f) <= d; */
void amq_ck_shl_le(uint64_t d, uint64_t f)
{
    uint64_t q = d;
    /*@ loop invariant bounds: 0 <= k <= f;
        loop invariant q_is:   q == (d >> k);
        loop invariant p_pos:  1 <= (1 << k);
        loop invariant under:  q * (1 << k) <= d;
        loop assigns k, q;
        loop variant f - k;
    */
    for (uint64_t k = 0; k < f; k++) {
        /*@ assert q1: (q >> 1) == q / 2 && ((d >> k) >> 1) == (d >> (k + 1)); */
        /*@ assert p1: ((1 << k) << 1) == (1 << (k + 1)) && ((1 << k) << 1) == 2 * (1 << k); */
        /*@ assert two: 2 * (q / 2) <= q; */
        /*@ assert mul: (1 << k) * (2 * (q / 2)) <= (1 << k) * q; */
        q = q >> 1;
    }
    const uint64_t x = q;
    (void)x;
    /*@ loop invariant bounds: 0 <= j <= f;
        loop invariant shl:    (x << j) == x * (1 << j);
        loop assigns j;
        loop variant f - j;
    */
    for (uint64_t j = 0; j < f; j++) {
        /*@ assert s1: ((x << j) << 1) == (x << (j + 1)) && ((x << j) << 1) == 2 * (x << j); */
        /*@ assert p1: ((1 << j) << 1) == (1 << (j + 1)) && ((1 << j) << 1) == 2 * (1 << j); */
    }
}

/* 1 iff the low f bits of d are clear: no mask, d ^ ((d >> f) << f). */
/*@ requires f_range: 1 <= f <= 32;
    assigns \nothing;
    ensures low: \result == 1 <==> (\forall integer k; 0 <= k < f ==> !amq_ck_bit(d, k)); */
int amq_ck_low_clear(uint64_t d, uint64_t f)
{
    amq_ck_shl_le(d, f);
    const uint64_t hi = (d >> f) << f;
    /*@ assert hi_bits: \forall integer k; 0 <= k ==> (amq_ck_bit(hi, k) <==> (k >= f && amq_ck_bit(d, k))); */
    const uint64_t e = d ^ hi;
    /*@ assert e_bits: \forall integer k; 0 <= k ==> (amq_ck_bit(e, k) <==> (k < f && amq_ck_bit(d, k))); */
    /*@ assert zero_bits: \forall integer k; 0 <= k ==> !amq_ck_bit(0, k); */
    amq_ck_ext(e);
    return e == 0;
}
