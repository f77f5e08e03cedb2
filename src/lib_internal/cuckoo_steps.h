/* The cuckoo kernel's steps shared by its two files (src/cuckoo_ops.c: the slot layer, query,
 * remove, place and insert; src/cuckoo_kick.c: the kick chain), so that each is proved once, in
 * the file that defines it, and read by the other as a contract (units cuckoo and cuckoo_count
 * list both files).  Private: included by those two files and lib_internal/cuckoo_count_ghost.h. */
#ifndef AMQ_CUCKOO_STEPS_H
#define AMQ_CUCKOO_STEPS_H
#include <lib_internal/cuckoo_kernel.h>

/* Ghost product facts (empty bodies in src/cuckoo_ops.c; why ghosts and not lemmas: there). */
/*@ ghost
  // Product step: slot s of bucket i (i * b <= s < i * b + b) lies inside the bits.
  /@ requires i * b <= s < i * b + b && (i * b + b) * f <= nbits && f >= 1;
     assigns \nothing;
     ensures end:  s * f + f <= nbits;
     ensures fits: s <= s * f;
  @/
  void amq_cuckoo_step_slot_fits(uint64_t s, uint64_t i, uint64_t b, uint64_t f, uint64_t nbits);
*/

/*@ ghost
  // Product step: bucket i < nb lies inside the nb * b * f bits.
  /@ requires i < nb && b >= 1 && f >= 1;
     assigns \nothing;
     ensures in:   (i * b + b) * f <= nb * b * f;
     ensures base: i * b + b <= nb * b;
  @/
  void amq_cuckoo_step_bucket_in(uint64_t i, uint64_t nb, uint64_t b, uint64_t f);
*/

/*@ ghost
  // (d >> f) << f <= d: the unsigned-overflow check of the << that clears d's bits below f
  // (amq_cuckoo_kernel_low_clear, amq_cuckoo_kernel_alt), by two loops over WP's own shift
  // facts (lsl_1, lsr_1, lsl_add, lsr_add) and 2 (q / 2) <= q.
  /@ requires f_range: f <= 63;
     assigns \nothing;
     ensures le: ((d >> f) << f) <= d;
  @/
  void amq_cuckoo_step_shl_le(uint64_t d, uint64_t f);
*/

/*@ ghost
  // Two integers with the same low f bits have the same alternate buckets (the hash reads
  // only their low value, amq_cuckoo_low; extensionality, src/cuckoo_ops.c) (kick and the
  // pair facts).
  /@ requires f_range: 1 <= f <= 32;
     assigns \nothing;
     ensures same_alt: \forall integer x, i; amq_cuckoo_same(x, y, f) ==>
                         amq_cuckoo_alt(i, x, f, nb) == amq_cuckoo_alt(i, y, f, nb);
  @/
  void amq_cuckoo_step_alt_bits(uint64_t y, uint64_t f, uint64_t nb);
*/

/* C steps of the slot layer (src/cuckoo_ops.c) that the kick chain calls. */

/* amq_cuckoo_step_find on bucket i < nb of the nb * b * f bits (the product facts stay here). */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i < nb;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_bloom_words(nbits) - 1));
    assigns \nothing;
    ensures range:    \result <= b;
    ensures found:    \result < b ==> amq_cuckoo_is(w, f, i * b + \result, x) && amq_cuckoo_in(w, f, b, i, x);
    ensures none:     \result == b ==> !amq_cuckoo_in(w, f, b, i, x);
*/
uint64_t amq_cuckoo_step_lookup(const uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i,
                                uint64_t x);

/* Slot t of bucket i < nb (the product facts stay here). */
/*@ requires geom:  nb >= 1 && b >= 1 && f >= 1 && nb * b * f == nbits && i < nb && t < b;
    assigns \nothing;
    ensures slot:   \result == i * b + t && i * b <= \result < i * b + b;
    ensures of:     0 <= \result && amq_cuckoo_slot_of(\result, i, b);
    ensures bucket: (i * b + b) * f <= nbits;
*/
uint64_t amq_cuckoo_step_slot(uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i, uint64_t t);

/* Writes y into slot d of bucket di, whose content is spare: d is empty, or its z has a copy in
 * slot r of z's other bucket rb.  Every fingerprint found before is found after (a lost copy
 * of z is found at r), every other slot keeps its content, and y is in bucket di. */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && di < nb && (di * b + b) * f <= nbits;
    requires slot:    di * b <= d < di * b + b;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_bloom_words(nbits) - 1));
    requires spare:   amq_cuckoo_empty(w, f, d) ||
                      (amq_cuckoo_is(w, f, d, z) && 0 <= r && r != d && rb == amq_cuckoo_alt(di, z, f, nb) &&
                       rb * b <= r < rb * b + b && amq_cuckoo_is(w, f, r, z));
    assigns w[0 .. amq_bloom_words(nbits) - 1];
    ensures holds:    amq_cuckoo_is(w, f, d, y);
    ensures in:       amq_cuckoo_in(w, f, b, di, y);
    ensures others:   \forall integer s, x; 0 <= s && s != d && amq_cuckoo_is{Pre}(w, f, s, x) ==> amq_cuckoo_is(w, f, s, x);
    ensures kept:     \forall integer j, x; 0 <= j < nb && amq_cuckoo_fp(x, f) &&
                        amq_cuckoo_has{Pre}(w, f, b, nb, j, x) ==> amq_cuckoo_has(w, f, b, nb, j, x);
    AMQ_CUCKOO_COUNT(ensures count:    amq_cuckoo_write_effect{Pre, Post}(w, f, b, d);
    ensures up:       \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, y, f) &&
                        (j == di || j == amq_cuckoo_alt(di, y, f, nb)) && !(amq_cuckoo_is{Pre}(w, f, d, z) && amq_cuckoo_same(x, z, f)) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1;
    ensures down:     \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && !amq_cuckoo_same(x, y, f) &&
                        amq_cuckoo_is{Pre}(w, f, d, z) && amq_cuckoo_same(x, z, f) && (j == di || j == amq_cuckoo_alt(di, z, f, nb)) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) - 1;
    ensures keep:     \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, y, f) &&
                        amq_cuckoo_is{Pre}(w, f, d, z) && amq_cuckoo_same(x, z, f) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);
    ensures other:    \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                        !(amq_cuckoo_same(x, y, f) && (j == di || j == amq_cuckoo_alt(di, y, f, nb))) &&
                        !(amq_cuckoo_is{Pre}(w, f, d, z) && amq_cuckoo_same(x, z, f) && (j == di || j == amq_cuckoo_alt(di, z, f, nb))) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);)
*/
void amq_cuckoo_step_move(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t di, uint64_t d,
                          uint64_t y) /*@ ghost (uint64_t z, uint64_t r, uint64_t rb) */;

/* The kick chain (src/cuckoo_kick.c), called by insert. */

/* Inserts fp for bucket i1 by a kick chain whose choices are kicks[0 .. nk-1].  Planned first,
 * without writing: slots path[q] (holding ys[q]) of buckets pb[q], each ys[q] bound for its
 * other bucket pb[q + 1], until pb[K] has a free slot e.  A chain that runs out of kicks, or
 * would evict a slot it has already chosen, is refused before any write.  Then committed from
 * the end: ys[K-1] is copied into e, ys[K-2] into path[K-1], ..., fp into path[0]; before each
 * write the overwritten fingerprint already has its copy in its other bucket, so every state
 * in between finds every fingerprint.  path, pb and ys are local arrays whose address is never
 * taken: WP keeps them out of the memory model, so writing them disturbs no fact about w. */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i1 < nb && nb * b <= nbits;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_bloom_words(nbits) - 1));
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_bloom_words(nbits) - 1));
    assigns w[0 .. amq_bloom_words(nbits) - 1];
    ensures status:    \result == AMQ_CUCKOO_OK || \result == AMQ_CUCKOO_FULL;
    ensures inserted:  \result == AMQ_CUCKOO_OK ==> amq_cuckoo_in(w, f, b, i1, fp);
    ensures preserved: \result == AMQ_CUCKOO_OK ==>
                         \forall integer j, x; 0 <= j < nb && amq_cuckoo_fp(x, f) &&
                           amq_cuckoo_has{Pre}(w, f, b, nb, j, x) ==> amq_cuckoo_has(w, f, b, nb, j, x);
    ensures unchanged: \result == AMQ_CUCKOO_FULL ==> amq_cuckoo_words_same{Pre, Post}(w, amq_bloom_words(nbits));
    ensures two:       \result == AMQ_CUCKOO_OK && amq_cuckoo_fp(fp, f) && amq_cuckoo_has{Pre}(w, f, b, nb, i1, fp) ==>
                         amq_cuckoo_has2(w, f, b, nb, i1, fp);
    AMQ_CUCKOO_COUNT(ensures up:        \result == AMQ_CUCKOO_OK ==>
                         \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) &&
                           (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1;
    ensures other:     \result == AMQ_CUCKOO_OK ==>
                         \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                           !(amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb))) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);)
*/
int amq_cuckoo_step_kick(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp,
                         const uint64_t *kicks, size_t nk);

#endif
