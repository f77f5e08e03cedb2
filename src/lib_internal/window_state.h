/* Internal: the sliding-window Bloom filter's generations, for its state rate and tests
 * (not installed). */
#ifndef AMQ_INTERNAL_WINDOW_STATE_H
#define AMQ_INTERNAL_WINDOW_STATE_H
#include <amq/window.h>

/* The g generation bit arrays (AMQ_BLOOM_WORDS(m) words each), in ring order. */
const uint64_t *const *amq_window_generations(const amq_window *w);

#endif
