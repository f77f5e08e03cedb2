build-clang/obj/src/blocked_bloom.o: src/blocked_bloom.c \
  src/internal/fail.h include/amq/error.h include/amq/blocked_bloom.h \
  include/amq/hash.h include/amq/limits.h src/internal/blocked_check.h \
  include/amq/check.h include/amq/stats.h src/internal/blocked_kernel.h \
  acsl/amq/blocked_logic.h acsl/amq/bloom_logic.h \
  acsl/amq/counting_logic.h src/internal/bloom_kernel.h \
  src/internal/counting_kernel.h src/internal/blocked_layer.h \
  src/internal/container.h src/internal/blocked_state.h \
  include/amq/split_block.h include/amq/partitioned.h \
  include/amq/counting_blocked.h include/amq/blocked_quotient.h \
  include/amq/spec_blocked.h include/amq/certified.h

src/internal/fail.h:

include/amq/error.h:

include/amq/blocked_bloom.h:

include/amq/hash.h:

include/amq/limits.h:

src/internal/blocked_check.h:

include/amq/check.h:

include/amq/stats.h:

src/internal/blocked_kernel.h:

acsl/amq/blocked_logic.h:

acsl/amq/bloom_logic.h:

acsl/amq/counting_logic.h:

src/internal/bloom_kernel.h:

src/internal/counting_kernel.h:

src/internal/blocked_layer.h:

src/internal/container.h:

src/internal/blocked_state.h:

include/amq/split_block.h:

include/amq/partitioned.h:

include/amq/counting_blocked.h:

include/amq/blocked_quotient.h:

include/amq/spec_blocked.h:

include/amq/certified.h:
