/* DRAFT: the contract of the cuckoo filter insert, to join src/internal/cuckoo_kernel.h once it
 * is proved (README.md here).  Query and remove have landed. */
#ifndef AMQ_CUCKOO_OPS_H
#define AMQ_CUCKOO_OPS_H
#include <internal/cuckoo_kernel.h>

/* The longest kick chain the kernel plans (bounds its stack arrays). */
#define AMQ_CUCKOO_MAX_KICKS 500u
/* Status of a failed insert. */
#define AMQ_CUCKOO_FULL 1

/* Inserts fp for bucket i1: a free slot of i1, else of its alternate, else a kick chain whose
 * choices are kicks[0 .. nk-1] (each < b; the key level draws them from the key's hash).  On
 * AMQ_CUCKOO_FULL (no free slot within nk kicks, or the chain would move a slot twice) not a
 * word of w has changed. */
/*@ requires geom:    amq_ck_geom(w, nb, b, f);
    requires i_range: i1 < nb;
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_words(nb * b * f) - 1));
    assigns w[0 .. amq_words(nb * b * f) - 1];
    ensures status:    \result == AMQ_CUCKOO_OK || \result == AMQ_CUCKOO_FULL;
    ensures inserted:  \result == AMQ_CUCKOO_OK ==> amq_ck_has(w, f, b, nb, i1, fp);
    ensures preserved: \result == AMQ_CUCKOO_OK ==>
                         \forall integer j, x; 0 <= j < nb && amq_ck_fp(x, f) &&
                           amq_ck_has{Pre}(w, f, b, nb, j, x) ==> amq_ck_has(w, f, b, nb, j, x);
    ensures unchanged: \result == AMQ_CUCKOO_FULL ==>
                         amq_ck_words_same{Pre, Post}(w, amq_words(nb * b * f));
*/
int amq_cuckoo_kernel_insert(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp,
                             const uint64_t *kicks, size_t nk);

#endif
