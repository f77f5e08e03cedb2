#include <lib_internal/bloom_kernel.h>

void amq_bloom_kernel_add(uint64_t *bits, uint64_t m, const uint64_t *idx, size_t k)
{
    (void)m;
    /*@ loop invariant bounds:   0 <= i <= k;
        loop invariant inserted: amq_bloom_all_set(bits, idx, i);
        loop invariant monotone: amq_bloom_monotone{Pre, Here}(bits, amq_bloom_words(m));
        loop invariant frame:    \forall integer p; 0 <= p < 64 * amq_bloom_words(m) ==>
                                   !amq_bloom_named(idx, i, p) ==>
                                   (amq_bloom_bit_set{Here}(bits, p) <==> amq_bloom_bit_set{Pre}(bits, p));
        loop assigns i, bits[0 .. amq_bloom_words(m) - 1];
        loop variant k - i;
    */
    for (size_t i = 0; i < k; i++)
        bits[idx[i] / 64u] |= (uint64_t)1 << (idx[i] % 64u);
}

int amq_bloom_kernel_query(const uint64_t *bits, uint64_t m, const uint64_t *idx, size_t k)
{
    (void)m;
    /*@ loop invariant bounds: 0 <= i <= k;
        loop invariant seen:   amq_bloom_all_set(bits, idx, i);
        loop assigns i;
        loop variant k - i;
    */
    for (size_t i = 0; i < k; i++)
        if (((bits[idx[i] / 64u] >> (idx[i] % 64u)) & 1u) != 1u)
            return 0;
    return 1;
}
