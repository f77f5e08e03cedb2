/* Deterministic cuckoo filter kernel over hash outputs (partial-key cuckoo hashing, Fan et al.,
 * CoNEXT 2014).  Logic and layout: acsl/amq/cuckoo_logic.h.
 *
 * nb >= 1 buckets (any count, not only powers of two) of b slots; slot s = i * b + t holds an
 * f-bit fingerprint (2 <= f <= 32) at bits s * f .. s * f + f - 1 of w, an array of
 * amq_words(nb * b * f) words; fingerprint 0 means empty.  The kernel takes fingerprints, not
 * keys: the key level hashes a key to (i1, fp) with 1 <= fp < 2^f (the kernel needs only that
 * some low f bit of fp is set, amq_ck_fp) and to the kick choices.
 *
 * Alternate bucket: alt(i, x) = (c - i) mod nb with c = h(x) mod nb, h a hash of x's low f
 * bits (amq_ck_h).  It is an involution for every nb, so a fingerprint's two buckets are the
 * same pair whichever of them it sits in.
 *
 * This header holds the slot layer, proved (unit `cuckoo`): packed slot reads and writes
 * and the alternate-bucket map.  Insert (a kick chain planned read-only and committed only
 * when it ends in a free slot, so a failed insert writes nothing), query and remove are a
 * draft in proofs/drafts/cuckoo/ until their proofs go through.
 *
 * The ACSL contracts below are what `make prove` checks on the compiled code (unit `cuckoo`). */
#ifndef AMQ_CUCKOO_KERNEL_H
#define AMQ_CUCKOO_KERNEL_H
#include <stddef.h>
#include <stdint.h>
#include <amq/cuckoo_logic.h>

/* Reads slot s: returns its f bits as the low bits of the result (higher bits 0). */
/*@ requires f_range: 1 <= f <= 32;
    requires slot:    s * f + f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures holds:    amq_ck_is(w, f, s, \result);
    ensures high:     \forall integer k; f <= k < 64 ==> !amq_ck_bit(\result, k);
*/
uint64_t amq_cuckoo_kernel_get(const uint64_t *w, uint64_t nbits, uint64_t f, uint64_t s);

/* Writes the low f bits of x into slot s; every other bit of the words is kept. */
/*@ requires f_range: 1 <= f <= 32;
    requires slot:    s * f + f <= nbits;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_words(nbits) - 1));
    assigns w[0 .. amq_words(nbits) - 1];
    ensures holds:    amq_ck_is(w, f, s, x);
    ensures only:     amq_ck_only{Pre, Post}(w, f, s);
*/
void amq_cuckoo_kernel_put(uint64_t *w, uint64_t nbits, uint64_t f, uint64_t s, uint64_t x);

/* The alternate bucket of bucket i for fingerprint x. */
/*@ requires nb_pos:  nb >= 1;
    requires f_range: 1 <= f <= 32;
    requires i_range: i < nb;
    assigns \nothing;
    ensures alt:      \result == amq_ck_alt(i, x, f, nb);
    ensures range:    \result < nb;
*/
uint64_t amq_cuckoo_kernel_alt(uint64_t nb, uint64_t f, uint64_t i, uint64_t x);

#endif
