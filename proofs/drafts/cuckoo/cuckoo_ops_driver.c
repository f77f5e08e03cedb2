/* DRAFT theorem drivers of the cuckoo filter insert (README.md here): insert-then-query, query
 * preservation, a failed insert changes nothing, no false negatives through inserts and removes
 * of other fingerprints.  They join proofs/cuckoo_driver.c with insert. */
#include <internal/cuckoo_kernel.h>
#include "cuckoo_ops.h"

/*@ requires geom:    amq_ck_geom(w, nb, b, f);
    requires i_range: i1 < nb;
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_words(nb * b * f) - 1));
    assigns w[0 .. amq_words(nb * b * f) - 1];
    ensures found:    \result == 1;
*/
int amq_proof_cuckoo_insert_query(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp,
                                  const uint64_t *kicks, size_t nk)
{
    if (amq_cuckoo_kernel_insert(w, nb, b, f, i1, fp, kicks, nk) != AMQ_CUCKOO_OK)
        return 1; /* nothing to show: the insert failed */
    return amq_cuckoo_kernel_query(w, nb, b, f, i1, fp);
}

/*@ requires geom:    amq_ck_geom(w, nb, b, f);
    requires i_range: i1 < nb && j < nb;
    requires fp:      amq_ck_fp(x, f);
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_words(nb * b * f) - 1));
    assigns w[0 .. amq_words(nb * b * f) - 1];
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

/*@ requires geom:    amq_ck_geom(w, nb, b, f);
    requires i_range: i1 < nb && j < nb;
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_words(nb * b * f) - 1));
    assigns w[0 .. amq_words(nb * b * f) - 1];
    ensures same:     \result == 1;
*/
int amq_proof_cuckoo_failed_unchanged(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1,
                                      uint64_t fp, const uint64_t *kicks, size_t nk, uint64_t j, uint64_t x)
{
    const int before = amq_cuckoo_kernel_query(w, nb, b, f, j, x);
    if (amq_cuckoo_kernel_insert(w, nb, b, f, i1, fp, kicks, nk) == AMQ_CUCKOO_OK)
        return 1;
    /*@ assert words: \forall integer k; 0 <= k ==> w[k] == \at(w[k], Pre); */
    /*@ assert answer: amq_ck_has(w, f, b, nb, j, x) <==> amq_ck_has{Pre}(w, f, b, nb, j, x); */
    const int after = amq_cuckoo_kernel_query(w, nb, b, f, j, x);
    return before == after;
}

/* One operation of amq_proof_cuckoo_nfn: remove (op != 0) or insert (op == 0) of (i, y). x
 * stays found for bucket ix: a remove names another fingerprint, an insert keeps x. */
/*@ requires geom:    amq_ck_geom(w, nb, b, f);
    requires i_range: i < nb && ix < nb;
    requires y:       amq_ck_fp(x, f) && (op != 0 ==> !amq_ck_same(y, x, f));
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_words(nb * b * f) - 1));
    requires has:     amq_ck_has(w, f, b, nb, ix, x);
    assigns w[0 .. amq_words(nb * b * f) - 1];
    ensures has:      amq_ck_has(w, f, b, nb, ix, x);
*/
static void amq_proof_cuckoo_op(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, int op, uint64_t i, uint64_t y,
                                const uint64_t *kicks, size_t nk) /*@ ghost (uint64_t ix, uint64_t x) */
{
    if (op != 0) {
        if (amq_cuckoo_kernel_remove(w, nb, b, f, i, y) != AMQ_CUCKOO_OK) {
            /*@ assert words: \forall integer k; 0 <= k ==> w[k] == \at(w[k], Pre); */
        }
        /*@ assert kept: \forall integer s; 0 <= s && amq_ck_is{Pre}(w, f, s, x) ==> amq_ck_is(w, f, s, x); */
    } else if (amq_cuckoo_kernel_insert(w, nb, b, f, i, y, kicks, nk) != AMQ_CUCKOO_OK) {
        /*@ assert words: \forall integer k; 0 <= k ==> w[k] == \at(w[k], Pre); */
    }
}

/*@ requires geom:    amq_ck_geom(w, nb, b, f);
    requires x:       ix < nb && amq_ck_fp(x, f);
    requires rows:    \valid_read(ops + (0 .. n - 1)) && \valid_read(ri + (0 .. n - 1)) &&
                      \valid_read(ry + (0 .. n - 1)) && \valid_read(rk + (0 .. n));
    requires row_ok:  \forall integer r; 0 <= r < n ==>
                        ri[r] < nb && (ops[r] != 0 ==> !amq_ck_same(ry[r], x, f));
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS &&
                      \forall integer r; 0 <= r <= n ==> \valid_read(rk[r] + (0 .. nk - 1)) &&
                        (\forall integer k; 0 <= k < nk ==> rk[r][k] < b);
    requires sep:     \separated(w + (0 .. amq_words(nb * b * f) - 1), ops + (0 .. n - 1), ri + (0 .. n - 1),
                                 ry + (0 .. n - 1), rk + (0 .. n));
    requires row_sep: \forall integer r; 0 <= r <= n ==>
                        \separated(rk[r] + (0 .. nk - 1), w + (0 .. amq_words(nb * b * f) - 1));
    assigns w[0 .. amq_words(nb * b * f) - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_cuckoo_nfn(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t ix, uint64_t x,
                         const int *ops, const uint64_t *ri, const uint64_t *ry, const uint64_t *const *rk,
                         size_t n, size_t nk)
{
    if (amq_cuckoo_kernel_insert(w, nb, b, f, ix, x, rk[n], nk) != AMQ_CUCKOO_OK)
        return 1; /* x was not inserted: nothing to show */
    /*@ loop invariant bounds: 0 <= r <= n;
        loop invariant has:    amq_ck_has(w, f, b, nb, ix, x);
        loop assigns r, w[0 .. amq_words(nb * b * f) - 1];
        loop variant n - r;
    */
    for (size_t r = 0; r < n; r++)
        amq_proof_cuckoo_op(w, nb, b, f, ops[r], ri[r], ry[r], rk[r], nk) /*@ ghost (ix, x) */;
    return amq_cuckoo_kernel_query(w, nb, b, f, ix, x);
}
