/* Deliberately broken sliding-window kernels, built only into the tests, to show that the
 * window tests and the cross-checks have power. Same signatures as the real kernel
 * (lib_internal/window_kernel.h), so they plug into amq_window_ops. Both keep "add then query
 * finds the key"; they forget keys too early, which only the window guarantee and the rate
 * reveal. */
#ifndef AMQ_TEST_BROKEN_WINDOW_H
#define AMQ_TEST_BROKEN_WINDOW_H
#include <stddef.h>
#include <stdint.h>
#include <lib_internal/window_check.h>

/* The planted bug of the proofs (docs/sliding-window.md): an off-by-one wrap-around test
 * (c + 2 >= g instead of c + 1 == g) sends the rotation back to generation 0 one
 * generation early, so generation g - 1 is never used and the window is one generation
 * (cap insertions) short. */
void broken_window_add_wraps_early(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                   uint64_t cap, uint64_t m, const uint64_t *idx, size_t k);

/* Off-by-one fill test (count + 1 >= cap instead of count == cap): a generation is closed
 * at cap - 1 keys (for cap >= 2), so the window holds (g - 1)(cap - 1) < W keys. */
void broken_window_add_rotates_early(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                     uint64_t cap, uint64_t m, const uint64_t *idx, size_t k);

/* The two broken kernels with the real query, as amq_window_ops. */
extern const amq_window_ops broken_window_wraps_early_ops;
extern const amq_window_ops broken_window_rotates_early_ops;

#endif
