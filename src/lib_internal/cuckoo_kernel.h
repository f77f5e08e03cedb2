/* Deterministic cuckoo filter kernel over hash outputs (partial-key cuckoo hashing, Fan et al.,
 * CoNEXT 2014).  Logic and layout: acsl/amq/cuckoo_logic.h.
 *
 * nb >= 1 buckets (any count, not only powers of two) of b slots; slot s = i * b + t holds an
 * f-bit fingerprint (2 <= f <= 32) at bits s * f .. s * f + f - 1 of w, an array of
 * amq_bloom_words(nb * b * f) words; fingerprint 0 means empty.  The kernel takes fingerprints, not
 * keys: the key level hashes a key to (i1, fp) with 1 <= fp < 2^f (the kernel needs only that
 * some low f bit of fp is set, amq_cuckoo_fp) and to the kick choices.
 *
 * Alternate bucket (layout 2): alt(i, x) = (c - i) mod nb, c from v = x's low f bits as one
 * value: h = v K mod 2^32, c = floor(h nb / 2^32) for an odd nb, 2 floor(h (nb/2) / 2^32) + 1
 * for an even one (amq_cuckoo_altv).  It is an involution for every nb, so a fingerprint's two
 * buckets are the same pair whichever of them it sits in; for an even nb no bucket is its own
 * alternate.
 *
 * The slot layer (packed slot reads and writes, the alternate-bucket map) and the operations
 * query, remove and insert (a kick chain planned read-only and committed only when it ends in
 * a free slot, so a failed insert writes nothing; the kick choices are inputs), proved.
 *
 * The ACSL contracts below are what `make prove` checks on the compiled code (unit `cuckoo`). */
#ifndef AMQ_CUCKOO_KERNEL_H
#define AMQ_CUCKOO_KERNEL_H
#include <stddef.h>
#include <stdint.h>
#include <amq/cuckoo_logic.h>
/* Copy counts (issue 23): two views of the same code for the proofs.  Unit cuckoo_count reads
 * the count clauses (AMQ_CUCKOO_COUNT(...) in the annotations, the count ghost code) and proves
 * only them; units cuckoo and cuckoo_key compile with -DAMQ_CUCKOO_NO_COUNT, so their goals
 * carry neither the count clauses nor the count definitions and lemmas.  The C code is the
 * same in both (annotations and ghost code only); the macro keeps every other clause on its
 * line, so the two units' properties match line for line (proofs/report.py). */
#ifdef AMQ_CUCKOO_NO_COUNT
#define AMQ_CUCKOO_COUNT(...)
#else
#include <amq/cuckoo_count_defs.h> /* copy counts: definitions only */
#define AMQ_CUCKOO_COUNT(...) __VA_ARGS__
#endif

/* Reads slot s: returns its f bits as the low bits of the result (higher bits 0). */
/*@ requires f_range: 1 <= f <= 32;
    requires slot:    s * f + f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_bloom_words(nbits) - 1));
    assigns \nothing;
    ensures holds:    amq_cuckoo_is(w, f, s, \result);
    ensures high:     \forall integer k; f <= k < 64 ==> !amq_cuckoo_bit(\result, k);
*/
uint64_t amq_cuckoo_kernel_get(const uint64_t *w, uint64_t nbits, uint64_t f, uint64_t s);

/* Writes the low f bits of x into slot s; every other bit of the words is kept. */
/*@ requires f_range: 1 <= f <= 32;
    requires slot:    s * f + f <= nbits;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_bloom_words(nbits) - 1));
    assigns w[0 .. amq_bloom_words(nbits) - 1];
    ensures holds:    amq_cuckoo_is(w, f, s, x);
    ensures only:     amq_cuckoo_only{Pre, Post}(w, f, s);
*/
void amq_cuckoo_kernel_put(uint64_t *w, uint64_t nbits, uint64_t f, uint64_t s, uint64_t x);

/* The alternate bucket of bucket i for fingerprint x. */
/*@ requires nb_pos:  nb >= 1;
    requires f_range: 1 <= f <= 32;
    requires i_range: i < nb;
    assigns \nothing;
    ensures alt:      \result == amq_cuckoo_alt(i, x, f, nb);
    ensures range:    \result < nb;
*/
uint64_t amq_cuckoo_kernel_alt(uint64_t nb, uint64_t f, uint64_t i, uint64_t x);

/* 1 iff the low f bits of d are all clear: whole-word operations, no bit loop (the slot test;
 * the key level's test that a fingerprint has a set bit below f). */
/*@ requires f_range: 1 <= f <= 32;
    assigns \nothing;
    ensures low:      \result == 1 <==> (\forall integer k; 0 <= k < f ==> !amq_cuckoo_bit(d, k));
    ensures xor_zero: \result == 1 <==> (d ^ ((d >> f) << f)) == 0;
    ensures bool:     \result == 0 || \result == 1;
*/
int amq_cuckoo_kernel_low_clear(uint64_t d, uint64_t f);

/* Status codes of remove and insert. */
#define AMQ_CUCKOO_OK 0
#define AMQ_CUCKOO_ABSENT 1
/* Status of a failed insert. */
#define AMQ_CUCKOO_FULL 1
/* The longest kick chain the kernel plans (bounds its stack arrays). */
#define AMQ_CUCKOO_MAX_KICKS 500u

/*@ // The geometry: nb buckets of b slots of f bits, in w (valid words).
    predicate amq_cuckoo_geom{L}(uint64_t *w, integer nb, integer b, integer f) =
      nb >= 1 && b >= 1 && 2 <= f <= 32 && nb * b * f <= 18446744073709551615 &&
      \valid{L}(w + (0 .. amq_bloom_words(nb * b * f) - 1));
*/

/* 1 iff fp is in bucket i1 or in its alternate bucket. */
/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires i_range: i1 < nb;
    assigns \nothing;
    behavior present:
      assumes amq_cuckoo_has(w, f, b, nb, i1, fp);
      ensures \result == 1;
    behavior absent:
      assumes !amq_cuckoo_has(w, f, b, nb, i1, fp);
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int amq_cuckoo_kernel_query(const uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp);

/* Removes one copy of fp from bucket i1 or its alternate (i1 first): with the copy counts,
 * fp's class (the pair i1 / alt(i1, fp), fp's low f bits) loses exactly one copy and no other
 * class's count changes (`down`, `other`).  A fingerprint that is
 * in neither bucket: AMQ_CUCKOO_ABSENT, nothing changes.  Removing a key never inserted whose
 * fingerprint is there (another key's, same buckets and fingerprint) removes that copy. */
/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires i_range: i1 < nb;
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    behavior removed:
      assumes amq_cuckoo_has(w, f, b, nb, i1, fp);
      ensures status: \result == AMQ_CUCKOO_OK;
      ensures one:    amq_cuckoo_removed_one{Pre, Post}(w, f, b, nb, i1, fp);
      AMQ_CUCKOO_COUNT(
      ensures down:   \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) &&
                        (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) - 1;
      ensures other:  \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                        !(amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb))) ==>
                        amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);)
    behavior absent:
      assumes !amq_cuckoo_has(w, f, b, nb, i1, fp);
      ensures status: \result == AMQ_CUCKOO_ABSENT;
      ensures same:   amq_cuckoo_words_same{Pre, Post}(w, amq_bloom_words(nb * b * f));
    complete behaviors;
    disjoint behaviors;
*/
int amq_cuckoo_kernel_remove(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp);

/* Inserts fp for bucket i1: a free slot of i1, else of its alternate, else a kick chain whose
 * choices are kicks[0 .. nk-1] (each < b; the key level draws them from the key's hash).  On
 * AMQ_CUCKOO_FULL (no free slot within nk kicks, or the chain would move a slot twice) not a
 * word of w has changed.  `copy`: a fingerprint (same low f bits) already found for the pair
 * of buckets has two copies there after a successful insert, so a new copy was written; what
 * lets the key level remove one of two keys that share fingerprint and buckets.  `up` and
 * `other`, copy counts (amq_cuckoo_pcnt, acsl/amq/cuckoo_count_defs.h): a successful insert adds
 * exactly one copy to fp's class (the pair i1 / alt(i1, fp) and fp's low f bits) and changes
 * no other class's count; on AMQ_CUCKOO_FULL every word is unchanged (`unchanged`). */
/*@ requires geom:    amq_cuckoo_geom(w, nb, b, f);
    requires i_range: i1 < nb;
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_bloom_words(nb * b * f) - 1));
    assigns w[0 .. amq_bloom_words(nb * b * f) - 1];
    ensures status:    \result == AMQ_CUCKOO_OK || \result == AMQ_CUCKOO_FULL;
    ensures inserted:  \result == AMQ_CUCKOO_OK ==> amq_cuckoo_has(w, f, b, nb, i1, fp);
    ensures preserved: \result == AMQ_CUCKOO_OK ==>
                         \forall integer j, x; 0 <= j < nb && amq_cuckoo_fp(x, f) &&
                           amq_cuckoo_has{Pre}(w, f, b, nb, j, x) ==> amq_cuckoo_has(w, f, b, nb, j, x);
    ensures unchanged: \result == AMQ_CUCKOO_FULL ==>
                         amq_cuckoo_words_same{Pre, Post}(w, amq_bloom_words(nb * b * f));
    ensures copy:      \result == AMQ_CUCKOO_OK && amq_cuckoo_fp(fp, f) ==>
                         \forall integer j, x; 0 <= j < nb && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) &&
                           amq_cuckoo_same(x, fp, f) && amq_cuckoo_has{Pre}(w, f, b, nb, j, x) ==>
                           amq_cuckoo_has2(w, f, b, nb, j, x);
    AMQ_CUCKOO_COUNT(
    ensures up:        \result == AMQ_CUCKOO_OK ==>
                         \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) &&
                           (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1;
    ensures other:     \result == AMQ_CUCKOO_OK ==>
                         \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                           !(amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb))) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);)
*/
int amq_cuckoo_kernel_insert(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp,
                             const uint64_t *kicks, size_t nk);

#endif
