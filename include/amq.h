/* amqcert umbrella header: every public header.  The filter headers (first group) need
 * nothing but the C library; the rates, certified arithmetic and checks (second group)
 * need GMP and MPFR.  A program that only uses filters can include amq/<structure>.h. */
#ifndef AMQ_H
#define AMQ_H
#include <amq/blocked_bloom.h>
#include <amq/blocked_quotient.h>
#include <amq/bloom.h>
#include <amq/check_impl.h>
#include <amq/counting.h>
#include <amq/counting_blocked.h>
#include <amq/cuckoo.h>
#include <amq/error.h>
#include <amq/filter.h>
#include <amq/hash.h>
#include <amq/impl.h>
#include <amq/limits.h>
#include <amq/parquet.h>
#include <amq/partitioned.h>
#include <amq/plugin.h>
#include <amq/quotient.h>
#include <amq/simd.h>
#include <amq/split_block.h>
#include <amq/stats.h>
#include <amq/window.h>
#include <amq/certified.h>
#include <amq/cost.h>
#include <amq/check.h>
#include <amq/filter_rate.h>
#include <amq/spec_blocked.h>
#include <amq/spec_bloom.h>
#include <amq/spec_counting.h>
#include <amq/spec_cuckoo.h>
#include <amq/spec_moments.h>
#include <amq/spec_omissions.h>
#include <amq/spec_quotient.h>
#include <amq/spec_window.h>
#endif
