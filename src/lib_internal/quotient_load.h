/* Internal: sizing a quotient table for a chosen load (not installed).  Shared by the
 * quotient filter's load sizing (src/quotient.c) and the blocked quotient filter's
 * (src/blocked_quotient_sizing.c): both name a refused load the same way and refuse a size
 * whose tables the n keys may overflow by the same bound. */
#ifndef AMQ_INTERNAL_QUOTIENT_LOAD_H
#define AMQ_INTERNAL_QUOTIENT_LOAD_H
#include <stdint.h>
#include <amq/error.h>

/* Most keys 2^q home slots hold at max_load (in (0, 1)): floor(max_load * 2^q).  Exact for
 * every q <= 63: scaling by a power of two does not round, the product is below 2^63, so
 * floor and the conversion do not round either (3 * 2^(q-2) at 3/4). */
uint64_t amq_quotient_fill_limit(uint64_t q, double max_load);

/* ln of an upper bound on P(the keys homed in a table's home slots overflow its `slack`
 * spill slots), when the number homed in any k of its last home slots is Binomial with mean at
 * most k a (a: keys per home slot; 0, the trivial bound, unless 0 < a < 1).  The overflow
 * past the last home slot is max over k of S_k = (keys homed in the last k home slots) - k,
 * whose moment generating function is at most Poisson's: P(S_k > slack) <= e^(-t (slack + 1))
 * g^k with g = e^(a (e^t - 1) - t), and summing over k, P <= e^(-t (slack + 1)) g / (1 - g) for
 * any t in (0, t*), a (e^t* - 1) = t*.  Minimised over t in double: a policy, not a certified
 * figure (docs/quotient.md, "Slack condition"). */
double amq_quotient_log_overflow_bound(double a, uint64_t slack);

/* A load as the caller gave it, for messages: the shortest of %.15g and %.17g that reads
 * back as x. */
const char *amq_quotient_load_text(double x, char buf[32]);

/* The argument checks both load sizings make first, in this order, each failure with its
 * message: n >= 1 (AMQ_E_INVALID_N), fpr in (0, 1) (AMQ_E_INVALID_FPR), max_load in (0, max]
 * (AMQ_E_INVALID_ARG, naming the load as given; `who` names the sizing, `share` what the load
 * is a share of). */
amq_status amq_quotient_load_args(uint64_t n, double fpr, double max_load, double max, const char *who,
                                  const char *share);

#endif
