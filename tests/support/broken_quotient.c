/* Deliberately broken quotient filter operations for the tests; see broken_quotient.h. */
#include "support/broken_quotient.h"

int broken_qf_query_low_bit(const amq_qf *qf, uint64_t fq, uint64_t fr)
{
    return amq_quotient_kernel_query(qf, fq, fr) || amq_quotient_kernel_query(qf, fq, fr ^ 1u); /* BUG: fr only */
}

int broken_qf_query_next_run(const amq_qf *qf, uint64_t fq, uint64_t fr)
{
    return amq_quotient_kernel_query(qf, fq, fr) || /* BUG: fq's run only */
           (fq + 1 < AMQ_QF_HOME_SLOTS(qf->q) && amq_quotient_kernel_query(qf, fq + 1, fr));
}

int broken_qf_delete_low_bit(amq_qf *qf, uint64_t fq, uint64_t fr)
{
    const uint64_t even = fr & ~(uint64_t)1; /* BUG: must delete fr itself */
    return amq_quotient_kernel_query(qf, fq, even) ? amq_quotient_kernel_delete(qf, fq, even) : amq_quotient_kernel_delete(qf, fq, even | 1u);
}
