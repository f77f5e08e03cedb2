/* Private (not installed): the cost estimate of the cuckoo filter's moments E[pi^j], for the work
 * estimate of a check before it starts (lib_internal/moment_cost.h says how the constants are
 * measured; docs/cost-limits.md).  Returns the estimated CPU time in ns, computing nothing, and
 * INFINITY where the computation would be refused. */
#ifndef AMQ_INTERNAL_CUCKOO_MOMENT_COST_H
#define AMQ_INTERNAL_CUCKOO_MOMENT_COST_H
#include <stdint.h>

/* ns of CPU per unit of the cuckoo moments (spec/cuckoo_moments.c, pass_units) and per call:
 * taken/estimated at 1 ns per unit was 2.0-4.1 over 16 cases from 3 ms to 3.5 s (up to 19
 * below 3 ms). */
#define AMQ_CUCKOO_MOMENT_NS_PER_UNIT 4.5
#define AMQ_CUCKOO_MOMENT_NS_PER_CALL 3e6

double amq_cuckoo_fp_moment_work(uint64_t nb, uint64_t b, uint64_t f, uint64_t n, uint64_t j, int bits);

#endif
