/* Private (not installed): the cost estimate of the sliding-window filter's moments E[pi^j], for the work
 * estimate of a check before it starts (lib_internal/moment_cost.h says how the constants are
 * measured; docs/cost-limits.md).  Returns the estimated CPU time in ns, computing nothing, and
 * INFINITY where the computation would be refused. */
#ifndef AMQ_INTERNAL_WINDOW_MOMENT_COST_H
#define AMQ_INTERNAL_WINDOW_MOMENT_COST_H
#include <stdint.h>

/* ns of CPU per unit of the sliding window's moments (spec/window_moments.c, pass_units), and
 * its fixed cost per call: taken/estimated at 1 ns per unit was 1.8-7.8 over 15 cases from
 * 0.0015 s to 21 s (12-17 below 1 ms). */
#define AMQ_WINDOW_MOMENT_NS_PER_UNIT 8.0
#define AMQ_WINDOW_MOMENT_NS_PER_CALL 1e6

double amq_window_fp_moment_work(uint64_t m, uint64_t k, uint64_t W, uint64_t g, uint64_t N, uint64_t j, int bits);

#endif
