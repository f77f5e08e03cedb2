/* DRAFT: contracts of the cuckoo filter operations (insert, query, remove), to join
 * src/internal/cuckoo_kernel.h once they are proved (README.md here). */
#ifndef AMQ_CUCKOO_OPS_H
#define AMQ_CUCKOO_OPS_H
#include <internal/cuckoo_kernel.h>

/* The longest kick chain the kernel plans (bounds its stack arrays). */
#define AMQ_CUCKOO_MAX_KICKS 500u

/* Status codes of insert and remove. */
#define AMQ_CUCKOO_OK 0
#define AMQ_CUCKOO_FULL 1
#define AMQ_CUCKOO_ABSENT 1

/*@ // The geometry: nb buckets of b slots of f bits, in w (valid words).
    predicate amq_ck_geom{L}(uint64_t *w, integer nb, integer b, integer f) =
      nb >= 1 && b >= 1 && 2 <= f <= 32 && nb * b * f <= 18446744073709551615 &&
      \valid(w + (0 .. amq_words(nb * b * f) - 1));
*/

/* 1 iff fp is in bucket i1 or in its alternate bucket. */
/*@ requires geom:    amq_ck_geom(w, nb, b, f);
    requires i_range: i1 < nb;
    assigns \nothing;
    behavior present:
      assumes amq_ck_has(w, f, b, nb, i1, fp);
      ensures \result == 1;
    behavior absent:
      assumes !amq_ck_has(w, f, b, nb, i1, fp);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_cuckoo_kernel_query(const uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp);

/* Inserts fp for bucket i1 with kick choices kicks[0 .. nk-1] (each < b). */
/*@ requires geom:    amq_ck_geom(w, nb, b, f);
    requires i_range: i1 < nb;
    requires fp:      amq_ck_fp(fp, f);
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_words(nb * b * f) - 1));
    assigns w[0 .. amq_words(nb * b * f) - 1];
    ensures status:   \result == AMQ_CUCKOO_OK || \result == AMQ_CUCKOO_FULL;
    behavior done:
      assumes \true;
      ensures inserted:  \result == AMQ_CUCKOO_OK ==> amq_ck_has(w, f, b, nb, i1, fp);
      ensures preserved: \result == AMQ_CUCKOO_OK ==>
                           \forall integer j, x; 0 <= j < nb && amq_ck_fp(x, f) &&
                             amq_ck_has{Pre}(w, f, b, nb, j, x) ==> amq_ck_has(w, f, b, nb, j, x);
      ensures unchanged: \result == AMQ_CUCKOO_FULL ==>
                           amq_ck_words_same{Pre, Post}(w, amq_words(nb * b * f));
*/
int amq_cuckoo_kernel_insert(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp,
                             const uint64_t *kicks, size_t nk);

/* Removes one copy of fp from bucket i1 or its alternate (i1 first). */
/*@ requires geom:    amq_ck_geom(w, nb, b, f);
    requires i_range: i1 < nb;
    assigns w[0 .. amq_words(nb * b * f) - 1];
    behavior removed:
      assumes amq_ck_has(w, f, b, nb, i1, fp);
      ensures status: \result == AMQ_CUCKOO_OK;
      ensures one:    \exists integer s;
                        ((i1 * b <= s < i1 * b + b) ||
                         (amq_ck_alt(i1, fp, f, nb) * b <= s < amq_ck_alt(i1, fp, f, nb) * b + b)) &&
                        amq_ck_is{Pre}(w, f, s, fp) && amq_ck_empty(w, f, s) &&
                        amq_ck_only{Pre, Post}(w, f, s);
    behavior absent:
      assumes !amq_ck_has(w, f, b, nb, i1, fp);
      ensures status: \result == AMQ_CUCKOO_ABSENT;
      ensures same:   amq_ck_words_same{Pre, Post}(w, amq_words(nb * b * f));
    complete behaviors;
    disjoint behaviors;
*/
int amq_cuckoo_kernel_remove(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp);

#endif
