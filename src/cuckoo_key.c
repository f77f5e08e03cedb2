/* The key-level cuckoo filter's pure part (lib_internal/cuckoo_key.h): hash the key to its first
 * bucket, fingerprint and kick choices, then the proved kernel. */
#include <lib_internal/cuckoo_key.h>
#include <lib_internal/hash_model.h>
#include <lib_internal/hash_reduce.h>

/* The first bucket and the fingerprint from the key's hash words lo and hi. */
/*@ requires nb_pos:    nb >= 1;
    requires f_range:   2 <= f <= 32;
    requires out_valid: \valid(i1) && \valid(fp) && \separated(i1, fp);
    assigns *i1, *fp;
    ensures i1:       *i1 == amq_hash_stream_reduce(lo, nb) && *i1 < nb;
    ensures fp:       *fp == amq_cuckoo_fp_of(hi, f);
    ensures range:    1 <= *fp <= amq_cuckoo_fpmax(f);
    ensures fp_bits:  amq_cuckoo_fp(*fp, f);
*/
static void amq_cuckoo_key_split(uint64_t lo, uint64_t hi, uint64_t nb, uint64_t f, uint64_t *i1, uint64_t *fp)
{
    *i1 = amq_reduce(lo, nb);
    const uint64_t m = ((uint64_t)1 << f) - 1u;
    /*@ assert m: m == amq_cuckoo_fpmax(f) && m >= 3; */
    const uint64_t r = amq_reduce_small(hi, m);
    const uint64_t v = 1u + r;
    /*@ assert v: v == amq_cuckoo_v(hi, f) && 1 <= v <= amq_cuckoo_fpmax(f); */
    /*@ assert zero: \forall integer k; 0 <= k ==> !amq_cuckoo_bit(0, k); */
    /* v is in [1, 2^f - 1], so some bit below f is set; tested because the provers cannot see
     * it (no parity), with whole-word operations: a bit scan's exit branch mispredicted */
    if (amq_cuckoo_kernel_low_clear(v, f) == 0) {
        /*@ assert set: amq_cuckoo_fp(v, f); */
        *fp = v;
    } else {
        /*@ assert bit0: amq_cuckoo_bit(1, 0) && !amq_cuckoo_bit(0, 0); */
        /*@ assert one: amq_cuckoo_fp(1, f); */
        *fp = 1u;
    }
}

void amq_cuckoo_key_place(uint64_t nb, uint64_t f, uint64_t seed, const void *key, size_t len, uint64_t *i1,
                          uint64_t *fp)
{
    uint64_t lo, hi;
    amq_xxh3_128(key, len, seed, &lo, &hi);
    amq_cuckoo_key_split(lo, hi, nb, f, i1, fp);
}

/* Kick choices from a 32-bit linear congruential sequence (deterministic; no wrap-around:
 * s < 2^32).  Returns the sequence's next state, the start of the next try's choices. */
/*@ requires b_pos:  b >= 1;
    requires s_range: s < 4294967296;
    requires n:      n <= AMQ_CUCKOO_MAX_KICKS && \valid(kicks + (0 .. n - 1));
    assigns kicks[0 .. n - 1];
    ensures below:   \forall integer k; 0 <= k < n ==> kicks[k] < b;
    ensures next:    \result < 4294967296;
*/
static uint64_t amq_cuckoo_key_kicks(uint64_t s, uint64_t b, uint64_t *kicks, size_t n)
{
    /*@ loop invariant bounds: 0 <= k <= n && s < 4294967296;
        loop invariant below:  \forall integer q; 0 <= q < k ==> kicks[q] < b;
        loop assigns k, s, kicks[0 .. n - 1];
        loop variant n - k;
    */
    for (size_t k = 0; k < n; k++) {
        s = (s * 1103515245u + 12345u) % 4294967296u;
        kicks[k] = (s / 65536u) % b;
    }
    return s;
}

amq_status amq_cuckoo_key_add(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed, const void *key,
                              size_t len)
{
    if (!key && len)
        return AMQ_E_INVALID_ARG;
    uint64_t lo, hi, i1, fp;
    amq_xxh3_128(key, len, seed, &lo, &hi);
    amq_cuckoo_key_split(lo, hi, nb, f, &i1, &fp);
    /* Without kicks first: the insert plans read-only, so a refusal writes nothing and the
     * kicks are drawn only when both buckets are full. */
    if (amq_cuckoo_kernel_insert(w, nb, b, f, i1, fp, NULL, 0) == AMQ_CUCKOO_OK)
        return AMQ_OK;
    /* The kernel also refuses a chain that would move a slot twice; in a large table a long
     * chain often comes back to a bucket, so a refusal is retried with the next choices.  Odd
     * tries start the chain at the other bucket: when the first bucket's part of the table is
     * full, a chain from there never ends in a free slot (b = 2 refused about 1 build in 1000
     * that way, docs/cuckoo.md). */
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    /*@ assert back: amq_cuckoo_alt(i2, fp, f, nb) == i1; */
    uint64_t kicks[AMQ_CUCKOO_MAX_KICKS];
    uint64_t s = (lo ^ hi) % 4294967296u;
    /*@ loop invariant bounds: 0 <= a <= AMQ_CUCKOO_KEY_TRIES && s < 4294967296;
        loop invariant same:   \forall integer k; w[k] == \at(w[k], Pre);
        loop assigns a, s, kicks[0 .. AMQ_CUCKOO_MAX_KICKS - 1], w[0 .. amq_bloom_words(nb * b * f) - 1];
        loop variant AMQ_CUCKOO_KEY_TRIES - a;
    */
    for (unsigned a = 0; a < AMQ_CUCKOO_KEY_TRIES; a++) {
        s = amq_cuckoo_key_kicks(s, b, kicks, AMQ_CUCKOO_MAX_KICKS);
        /* What was found at Pre is found now (the same words): from the words up, one level a
         * step (in one step cvc4 runs away, see proofs/README.md). */
        /*@ assert bits: \forall integer p; amq_bloom_bit_set(w, p) <==> amq_bloom_bit_set{Pre}(w, p); */
        /*@ assert slots: \forall integer r, y; amq_cuckoo_is(w, f, r, y) <==> amq_cuckoo_is{Pre}(w, f, r, y); */
        /*@ assert buckets: \forall integer i, y; amq_cuckoo_in(w, f, b, i, y) <==> amq_cuckoo_in{Pre}(w, f, b, i, y); */
        /*@ assert has: \forall integer i, y; amq_cuckoo_has(w, f, b, nb, i, y) <==> amq_cuckoo_has{Pre}(w, f, b, nb, i, y); */
#ifndef AMQ_CUCKOO_NO_COUNT
        /* The counts too are Pre's, so insert's count effect is one from Pre: the counts are
         * recursive, so an induction over a slot's f bits, then over a range's b slots. */
        /*@ assert c_wb: \forall integer p; amq_cuckoo_wb(w, p) == amq_cuckoo_wb{Pre}(w, p); */
        /*@ ghost
          /@ loop invariant c_bits:  0 <= n <= f;
             loop invariant c_eqn:   \forall integer o, x; amq_cuckoo_eqn(w, o, x, n) == amq_cuckoo_eqn{Pre}(w, o, x, n);
             loop assigns n;
             loop variant f - n;
          @/
          for (uint64_t n = 0; n < f; n++) { }
        */
        /*@ ghost
          /@ loop invariant c_slots: 0 <= n <= b;
             loop invariant c_cnt:   \forall integer lo, x; amq_cuckoo_cnt(w, f, lo, n, x) == amq_cuckoo_cnt{Pre}(w, f, lo, n, x);
             loop assigns n;
             loop variant b - n;
          @/
          for (uint64_t n = 0; n < b; n++) { }
        */
        /*@ assert c_same: \forall integer j, x; amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
#endif
        const uint64_t start = a % 2u == 0 ? i1 : i2;
        if (amq_cuckoo_kernel_insert(w, nb, b, f, start, fp, kicks, AMQ_CUCKOO_MAX_KICKS) == AMQ_CUCKOO_OK) {
            /* start's pair is the key's pair (the alternate bucket is an involution) */
            /*@ assert pair: start == i1 || (start == i2 && amq_cuckoo_alt(start, fp, f, nb) == i1); */
            return AMQ_OK;
        }
    }
    return AMQ_E_FULL;
}

int amq_cuckoo_key_query(const uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed, const void *key,
                         size_t len)
{
    uint64_t i1, fp;
    amq_cuckoo_key_place(nb, f, seed, key, len, &i1, &fp);
    return amq_cuckoo_kernel_query(w, nb, b, f, i1, fp);
}

amq_status amq_cuckoo_key_remove(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t seed, const void *key,
                                 size_t len)
{
    if (!key && len)
        return AMQ_E_INVALID_ARG;
    uint64_t i1, fp;
    amq_cuckoo_key_place(nb, f, seed, key, len, &i1, &fp);
    return amq_cuckoo_kernel_remove(w, nb, b, f, i1, fp) == AMQ_CUCKOO_OK ? AMQ_OK : AMQ_E_NOT_PRESENT;
}
