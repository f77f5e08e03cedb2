/* Cuckoo filter kernel, slot layer: packed f-bit slots and the alternate-bucket map
 * (contracts in lib_internal/cuckoo_kernel.h, logic in acsl/amq/cuckoo_logic.h).  Slots are read
 * and written one bit at a time, at a bit offset o = s * f, so that the bit loops' goals are
 * linear; the alternate bucket hashes the fingerprint's low f bits as one value.  Query,
 * remove and insert are in src/cuckoo_ops.c, insert's kick chain in src/cuckoo_kick.c. */
#include <lib_internal/cuckoo_kernel.h>
#include <lib_internal/cuckoo_steps.h>
#include <lib_internal/hash_reduce.h>

/* Reads the f bits at bit offset o (slot s is at o = s * f): bit j of the result is bit o + j;
 * the higher bits of the result are 0. */
/*@ requires f_range: 1 <= f <= 32;
    requires bits:    o + f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_bloom_words(nbits) - 1));
    assigns \nothing;
    ensures holds:    amq_cuckoo_is_at(w, f, o, \result);
    ensures high:     \forall integer k; f <= k < 64 ==> !amq_cuckoo_bit(\result, k);
*/
static uint64_t amq_cuckoo_step_read(const uint64_t *w, uint64_t nbits, uint64_t f, uint64_t o)
{
    (void)nbits;
    uint64_t y = 0;
    /*@ loop invariant bounds: 0 <= j <= f;
        loop invariant low:    \forall integer k; 0 <= k < j ==> (amq_bloom_bit_set(w, o + k) <==> AMQ_CUCKOO_BIT(y, k));
        loop invariant high:   \forall integer k; j <= k < 64 ==> !AMQ_CUCKOO_BIT(y, k);
        loop assigns j, y;
        loop variant f - j;
    */
    for (uint64_t j = 0; j < f; j++) {
        const uint64_t p = o + j;
        /*@ assert pos: p < 64 * amq_bloom_words(nbits); */
        if (((w[p / 64u] >> (p % 64u)) & 1u) == 1u) {
            y |= (uint64_t)1 << j;
            /*@ assert on: AMQ_CUCKOO_BIT(y, j) && amq_bloom_bit_set(w, o + j); */
        } else {
            /*@ assert off: !AMQ_CUCKOO_BIT(y, j) && !amq_bloom_bit_set(w, o + j); */
        }
        /*@ assert prefix: \forall integer k; 0 <= k < j ==> (AMQ_CUCKOO_BIT(y, k) <==> AMQ_CUCKOO_BIT(\at(y, LoopCurrent), k)); */
    }
    return y;
}

uint64_t amq_cuckoo_kernel_get(const uint64_t *w, uint64_t nbits, uint64_t f, uint64_t s)
{
    return amq_cuckoo_step_read(w, nbits, f, s * f);
}

/* Sets bit p; no other bit moves. */
/*@ requires valid: \valid(w + p / 64);
    assigns w[p / 64];
    ensures on:     amq_bloom_bit_set(w, p);
    ensures others: \forall integer q; 0 <= q && q != p ==> (amq_bloom_bit_set(w, q) <==> amq_bloom_bit_set{Pre}(w, q));
*/
static void amq_cuckoo_step_bit_on(uint64_t *w, uint64_t p) { w[p / 64u] |= (uint64_t)1 << (p % 64u); }

/* Clears bit p; no other bit moves. */
/*@ requires valid: \valid(w + p / 64);
    assigns w[p / 64];
    ensures off:    !amq_bloom_bit_set(w, p);
    ensures others: \forall integer q; 0 <= q && q != p ==> (amq_bloom_bit_set(w, q) <==> amq_bloom_bit_set{Pre}(w, q));
*/
static void amq_cuckoo_step_bit_off(uint64_t *w, uint64_t p) { w[p / 64u] &= ~((uint64_t)1 << (p % 64u)); }

/* Writes the low f bits of x at bit offset o; every other bit of the words is kept. */
/*@ requires f_range: 1 <= f <= 32;
    requires bits:    o + f <= nbits;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_bloom_words(nbits) - 1));
    assigns w[0 .. amq_bloom_words(nbits) - 1];
    ensures holds:    amq_cuckoo_is_at(w, f, o, x);
    ensures only:     amq_cuckoo_only_at{Pre, Post}(w, f, o);
*/
static void amq_cuckoo_step_write(uint64_t *w, uint64_t nbits, uint64_t f, uint64_t o, uint64_t x)
{
    (void)nbits;
    /*@ loop invariant bounds: 0 <= j <= f;
        loop invariant done:   \forall integer k; 0 <= k < j ==> (amq_bloom_bit_set(w, o + k) <==> AMQ_CUCKOO_BIT(x, k));
        loop invariant others: \forall integer p; 0 <= p && (p < o || p >= o + j) ==>
                                 (amq_bloom_bit_set(w, p) <==> amq_bloom_bit_set{Pre}(w, p));
        loop assigns j, w[0 .. amq_bloom_words(nbits) - 1];
        loop variant f - j;
    */
    for (uint64_t j = 0; j < f; j++) {
        const uint64_t p = o + j;
        /*@ assert pos: p < 64 * amq_bloom_words(nbits); */
        if (((x >> j) & 1u) == 1u) {
            amq_cuckoo_step_bit_on(w, p);
            /*@ assert now: AMQ_CUCKOO_BIT(x, j) && amq_bloom_bit_set(w, o + j); */
        } else {
            amq_cuckoo_step_bit_off(w, p);
            /*@ assert now: !AMQ_CUCKOO_BIT(x, j) && !amq_bloom_bit_set(w, o + j); */
        }
        /*@ assert prefix: \forall integer k; 0 <= k < j ==>
                             (amq_bloom_bit_set(w, o + k) <==> amq_bloom_bit_set{LoopCurrent}(w, o + k)); */
    }
}

void amq_cuckoo_kernel_put(uint64_t *w, uint64_t nbits, uint64_t f, uint64_t s, uint64_t x)
{
    amq_cuckoo_step_write(w, nbits, f, s * f, x);
}

uint64_t amq_cuckoo_kernel_alt(uint64_t nb, uint64_t f, uint64_t i, uint64_t x)
{
    //@ ghost amq_cuckoo_step_shl_le(x, f);
    const uint64_t low = x ^ ((x >> f) << f); /* x's low f bits */
    /*@ assert low: low == amq_cuckoo_low(x, f); */
    const uint64_t h = (low % 4294967296u) * AMQ_CUCKOO_HASH_K % 4294967296u;
    /* the product's high bits scaled to [0, nb), no division; odd for an even nb */
    const uint64_t hh = h * 4294967296u;
    const uint64_t c = nb % 2u == 1u ? amq_reduce(hh, nb) : 2u * amq_reduce(hh, nb / 2u) + 1u;
    return i <= c ? c - i : c + (nb - i);
}
