/* amqcert umbrella header. */
#ifndef AMQ_H
#define AMQ_H
#include <amq/error.h>
#include <amq/hash.h>
#include <amq/limits.h>
#include <amq/bloom.h>
#include <amq/counting.h>
#include <amq/blocked_bloom.h>
#include <amq/split_block.h>
#include <amq/partitioned.h>
#include <amq/counting_blocked.h>
#include <amq/blocked_quotient.h>
#include <amq/quotient.h>
#include <amq/certified.h>
#include <amq/spec_bloom.h>
#include <amq/spec_omissions.h>
#include <amq/spec_counting.h>
#include <amq/spec_blocked.h>
#endif
