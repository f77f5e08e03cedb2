/* Theorem drivers for the cuckoo filter kernel (lib_internal/cuckoo_kernel.h). Not part of the
 * library: WP proves these bodies against the kernel's contracts, and the same frama-c run
 * (unit `cuckoo`) proves those contracts on the compiled src/cuckoo_kernel.c, with
 * -warn-unsigned-overflow and -warn-unsigned-downcast on.
 *
 *   amq_proof_cuckoo_involution:       alt(alt(i, x), x) == i and alt(i, x) < nb, any nb >= 1.
 *   amq_proof_cuckoo_slot_frame:       put(s, x) writes x's f bits to slot s and keeps every
 *                                      other slot's bits (reads compare bit by bit).
 *   amq_proof_cuckoo_remove_keeps:     no false negatives through removes: x found for bucket ix,
 *                                      then any sequence of removes of fingerprints other than
 *                                      x's (each found or not): query(ix, x) = 1.
 *   amq_proof_cuckoo_insert_query:     a successful insert of fp for i1, then query(i1, fp) = 1.
 *   amq_proof_cuckoo_query_preserved:  query preservation: a fingerprint found before a
 *                                      successful insert is found after it.
 *   amq_proof_cuckoo_failed_unchanged: a failed insert (AMQ_CUCKOO_FULL) changes no word, so
 *                                      no query answer.
 *   amq_proof_cuckoo_nfn:              no false negatives: x inserted for ix, then any sequence
 *                                      of inserts (each with its own kicks; any may fail) and
 *                                      removes of other fingerprints: query(ix, x) = 1.
 * Every driver starts from ANY state of the array: what it holds is arbitrary. */
#include <lib_internal/cuckoo_kernel.h>

/*@ requires nb_pos:  nb >= 1;
    requires f_range: 2 <= f <= 32;
    requires i_range: i < nb;
    assigns \nothing;
    ensures involution: \result == 1;
*/
int amq_proof_cuckoo_involution(uint64_t nb, uint64_t f, uint64_t i, uint64_t x)
{
    const uint64_t a = amq_cuckoo_kernel_alt(nb, f, i, x);
    return (a < nb) & (amq_cuckoo_kernel_alt(nb, f, a, x) == i); /* & not &&: no dead branch */
}

/* 1 iff a and c have the same low f bits (a bit-by-bit comparison: values rebuilt from bits
 * are not compared, see proofs/README.md). */
/*@ requires f_range: 1 <= f <= 32;
    assigns \nothing;
    ensures same: \result == 1 <==> amq_cuckoo_same(a, c, f);
    ensures bool: \result == 0 || \result == 1;
*/
static int amq_proof_cuckoo_same_bits(uint64_t a, uint64_t c, uint64_t f)
{
    /*@ loop invariant bounds: 0 <= j <= f;
        loop invariant equal:  \forall integer k; 0 <= k < j ==> (AMQ_CUCKOO_BIT(a, k) <==> AMQ_CUCKOO_BIT(c, k));
        loop assigns j;
        loop variant f - j;
    */
    for (uint64_t j = 0; j < f; j++)
        if (((a >> j) & 1u) != ((c >> j) & 1u))
            return 0;
    return 1;
}

/* Ghost lemma: the bits of two distinct slots lie apart (a product fact, proved here once). */
/*@ ghost
  /@ requires f >= 1 && r != s;
     assigns \nothing;
     ensures apart: r * f + f <= s * f || s * f + f <= r * f;
     ensures pos:   0 <= r * f && 0 <= s * f;
  @/
  static void amq_proof_cuckoo_apart(uint64_t s, uint64_t r, uint64_t f) { }
*/

/* Packed slots: after put(s, x), slot s reads back the low f bits of x, and any other slot r
 * (it may share a word with s) reads back the bits it had before. */
/*@ requires f_range: 1 <= f <= 32;
    requires slots:   s * f + f <= nbits && r * f + f <= nbits && r != s;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_bloom_words(nbits) - 1));
    assigns w[0 .. amq_bloom_words(nbits) - 1];
    ensures own_bits: \result == 1;
*/
int amq_proof_cuckoo_slot_frame(uint64_t *w, uint64_t nbits, uint64_t f, uint64_t s, uint64_t r, uint64_t x)
{
    const uint64_t before = amq_cuckoo_kernel_get(w, nbits, f, r);
    amq_cuckoo_kernel_put(w, nbits, f, s, x);
    //@ ghost amq_proof_cuckoo_apart(s, r, f);
    /*@ assert kept: amq_cuckoo_kept{Pre, Here}(w, f, r); */
    const uint64_t mine = amq_cuckoo_kernel_get(w, nbits, f, s);
    const uint64_t other = amq_cuckoo_kernel_get(w, nbits, f, r);
    /*@ assert mine_x: amq_cuckoo_same(mine, x, f); */
    /*@ assert other_before: amq_cuckoo_same(other, before, f); */
    return amq_proof_cuckoo_same_bits(mine, x, f) & amq_proof_cuckoo_same_bits(other, before, f);
}

/* One remove of amq_proof_cuckoo_remove_keeps: a fingerprint y other than x's; x stays found. */
/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires i_range: i < nb && ix < nb;
    requires y:       !amq_cuckoo_same(y, x, f);
    requires has:     amq_cuckoo_has(w, f, b, nb, ix, x);
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures has:      amq_cuckoo_has(w, f, b, nb, ix, x);
*/
static void amq_proof_cuckoo_remove_one(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i, uint64_t y)
    /*@ ghost (uint64_t ix, uint64_t x) */
{
    if (amq_cuckoo_kernel_remove(w, nb, b, f, i, y) == AMQ_CUCKOO_OK) {
        /*@ assert one:  amq_cuckoo_removed_one{Pre, Here}(w, f, b, nb, i, y); */
        /*@ assert apart: \forall integer s; amq_cuckoo_is{Pre}(w, f, s, x) ==> !amq_cuckoo_is{Pre}(w, f, s, y); */
        /*@ assert other: \forall integer s; 0 <= s && amq_cuckoo_removed{Pre, Here}(w, f, s, y) ==>
                            \forall integer r; 0 <= r && amq_cuckoo_is{Pre}(w, f, r, x) ==> amq_cuckoo_is(w, f, r, x); */
        /*@ assert kept: \forall integer s; 0 <= s && amq_cuckoo_is{Pre}(w, f, s, x) ==> amq_cuckoo_is(w, f, s, x); */
    } else {
        /*@ assert words: \forall integer k; w[k] == \at(w[k], Pre); */
        /*@ assert kept: \forall integer s; 0 <= s && amq_cuckoo_is{Pre}(w, f, s, x) ==> amq_cuckoo_is(w, f, s, x); */
    }
}

/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires x:       ix < nb && amq_cuckoo_has(w, f, b, nb, ix, x);
    requires rows:    \valid_read(ri + (0 .. n - 1)) && \valid_read(ry + (0 .. n - 1));
    requires row_ok:  \forall integer r; 0 <= r < n ==> ri[r] < nb && !amq_cuckoo_same(ry[r], x, f);
    requires sep:     \separated(w + (0 .. amq_bloom_words(nb * b * f) - 1), ri + (0 .. n - 1), ry + (0 .. n - 1));
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_cuckoo_remove_keeps(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t ix, uint64_t x,
                                  const uint64_t *ri, const uint64_t *ry, size_t n)
{
    /*@ loop invariant bounds: 0 <= r <= n;
        loop invariant has:    amq_cuckoo_has(w, f, b, nb, ix, x);
        loop assigns r, w[0 .. amq_bloom_words(nb * b * f) - 1];
        loop variant n - r;
    */
    for (size_t r = 0; r < n; r++)
        amq_proof_cuckoo_remove_one(w, nb, b, f, ri[r], ry[r]) /*@ ghost (ix, x) */;
    return amq_cuckoo_kernel_query(w, nb, b, f, ix, x);
}

/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires i_range: i1 < nb;
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures found:    \result == 1;
*/
int amq_proof_cuckoo_insert_query(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp,
                                  const uint64_t *kicks, size_t nk)
{
    if (amq_cuckoo_kernel_insert(w, nb, b, f, i1, fp, kicks, nk) != AMQ_CUCKOO_OK)
        return 1; /* nothing to show: the insert failed */
    return amq_cuckoo_kernel_query(w, nb, b, f, i1, fp);
}

/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires i_range: i1 < nb && j < nb;
    requires fp:      amq_cuckoo_fp(x, f);
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures kept:     \result == 1;
*/
int amq_proof_cuckoo_query_preserved(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1,
                                     uint64_t fp, const uint64_t *kicks, size_t nk, uint64_t j, uint64_t x)
{
    const int before = amq_cuckoo_kernel_query(w, nb, b, f, j, x);
    if (amq_cuckoo_kernel_insert(w, nb, b, f, i1, fp, kicks, nk) != AMQ_CUCKOO_OK)
        return 1;
    const int after = amq_cuckoo_kernel_query(w, nb, b, f, j, x);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires i_range: i1 < nb && j < nb;
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures same:     \result == 1;
*/
int amq_proof_cuckoo_failed_unchanged(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1,
                                      uint64_t fp, const uint64_t *kicks, size_t nk, uint64_t j, uint64_t x)
{
    const int before = amq_cuckoo_kernel_query(w, nb, b, f, j, x);
    if (amq_cuckoo_kernel_insert(w, nb, b, f, i1, fp, kicks, nk) == AMQ_CUCKOO_OK)
        return 1;
    /*@ assert words: \forall integer k; 0 <= k ==> w[k] == \at(w[k], Pre); */
    /* From the words up, one level a step (in one step cvc4 runs to the 300 s guard and z3,
     * cvc5 give up). */
    /*@ assert bits: \forall integer p; 0 <= p ==> (amq_bloom_bit_set(w, p) <==> amq_bloom_bit_set{Pre}(w, p)); */
    /*@ assert slots: \forall integer s, y; 0 <= s ==> (amq_cuckoo_is(w, f, s, y) <==> amq_cuckoo_is{Pre}(w, f, s, y)); */
    /*@ assert buckets: \forall integer i, y; amq_cuckoo_in(w, f, b, i, y) <==> amq_cuckoo_in{Pre}(w, f, b, i, y); */
    /*@ assert answer: amq_cuckoo_has(w, f, b, nb, j, x) <==> amq_cuckoo_has{Pre}(w, f, b, nb, j, x); */
    const int after = amq_cuckoo_kernel_query(w, nb, b, f, j, x);
    return before == after;
}

/* One operation of amq_proof_cuckoo_nfn: remove (op != 0) or insert (op == 0) of (i, y). x
 * stays found for bucket ix: a remove names another fingerprint, an insert keeps x. */
/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires i_range: i < nb && ix < nb;
    requires y:       amq_cuckoo_fp(x, f) && (op != 0 ==> !amq_cuckoo_same(y, x, f));
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    requires has:     amq_cuckoo_has(w, f, b, nb, ix, x);
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures has:      amq_cuckoo_has(w, f, b, nb, ix, x);
*/
static void amq_proof_cuckoo_op(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, int op, uint64_t i, uint64_t y,
                                const uint64_t *kicks, size_t nk) /*@ ghost (uint64_t ix, uint64_t x) */
{
    if (op != 0) {
        amq_proof_cuckoo_remove_one(w, nb, b, f, i, y) /*@ ghost (ix, x) */;
    } else if (amq_cuckoo_kernel_insert(w, nb, b, f, i, y, kicks, nk) != AMQ_CUCKOO_OK) {
        /* From the words up, one level a step, as in amq_proof_cuckoo_failed_unchanged. */
        /*@ assert words: \forall integer k; 0 <= k ==> w[k] == \at(w[k], Pre); */
        /*@ assert bits: \forall integer p; 0 <= p ==> (amq_bloom_bit_set(w, p) <==> amq_bloom_bit_set{Pre}(w, p)); */
        /*@ assert slots: \forall integer s, z; 0 <= s ==> (amq_cuckoo_is(w, f, s, z) <==> amq_cuckoo_is{Pre}(w, f, s, z)); */
        /*@ assert buckets: \forall integer k, z; amq_cuckoo_in(w, f, b, k, z) <==> amq_cuckoo_in{Pre}(w, f, b, k, z); */
    }
}

/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires x:       ix < nb && amq_cuckoo_fp(x, f);
    requires rows:    \valid_read(ops + (0 .. n - 1)) && \valid_read(ri + (0 .. n - 1)) &&
                      \valid_read(ry + (0 .. n - 1)) && \valid_read(rk + (0 .. n));
    requires row_ok:  \forall integer r; 0 <= r < n ==>
                        ri[r] < nb && (ops[r] != 0 ==> !amq_cuckoo_same(ry[r], x, f));
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS &&
                      \forall integer r; 0 <= r <= n ==> \valid_read(rk[r] + (0 .. nk - 1)) &&
                        (\forall integer k; 0 <= k < nk ==> rk[r][k] < b);
    requires sep:     \separated(w + (0 .. amq_bloom_words(nb * b * f) - 1), ops + (0 .. n - 1), ri + (0 .. n - 1),
                                 ry + (0 .. n - 1), rk + (0 .. n));
    requires row_sep: \forall integer r; 0 <= r <= n ==>
                        \separated(rk[r] + (0 .. nk - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_cuckoo_nfn(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t ix, uint64_t x,
                         const int *ops, const uint64_t *ri, const uint64_t *ry, const uint64_t *const *rk,
                         size_t n, size_t nk)
{
    if (amq_cuckoo_kernel_insert(w, nb, b, f, ix, x, rk[n], nk) != AMQ_CUCKOO_OK)
        return 1; /* x was not inserted: nothing to show */
    /*@ loop invariant bounds: 0 <= r <= n;
        loop invariant has:    amq_cuckoo_has(w, f, b, nb, ix, x);
        loop assigns r, w[0 .. amq_bloom_words(nb * b * f) - 1];
        loop variant n - r;
    */
    for (size_t r = 0; r < n; r++)
        amq_proof_cuckoo_op(w, nb, b, f, ops[r], ri[r], ry[r], rk[r], nk) /*@ ghost (ix, x) */;
    return amq_cuckoo_kernel_query(w, nb, b, f, ix, x);
}
