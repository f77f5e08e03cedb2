/* The compact slot store's sizes (lib_internal/quotient_slots.h); the accessors are static
 * inline there and proved with this file (unit quotient_slots). */
#include <lib_internal/quotient_slots.h>

uint64_t amq_quotient_slots_rem_bytes(uint64_t r)
{
    return r <= 8u ? 1u : r <= 16u ? 2u : r <= 32u ? 4u : 8u;
}

uint64_t amq_quotient_slots_rem16_words(uint64_t rbytes, uint64_t n)
{
    return rbytes == 1u ? n / 2u + n % 2u : rbytes == 2u ? n : 0u;
}

uint64_t amq_quotient_slots_rem32_words(uint64_t rbytes, uint64_t n)
{
    return rbytes == 4u ? n : rbytes == 8u ? 2u * n : 0u;
}

uint64_t amq_quotient_slots_meta_words(uint64_t n)
{
    return n / 4u + (n % 4u == 0u ? 0u : 1u);
}
