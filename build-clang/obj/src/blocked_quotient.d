build-clang/obj/src/blocked_quotient.o: src/blocked_quotient.c \
  src/internal/fail.h include/amq/error.h include/amq/blocked_quotient.h \
  src/internal/blocked_check.h include/amq/check.h include/amq/hash.h \
  include/amq/stats.h src/internal/blocked_layer.h include/amq/limits.h \
  src/internal/container.h src/internal/blocked_quotient_kernel.h \
  src/internal/quotient_kernel.h acsl/amq/quotient_logic.h \
  acsl/amq/blocked_quotient_logic.h src/internal/blocked_state.h \
  include/amq/blocked_bloom.h include/amq/split_block.h \
  include/amq/partitioned.h include/amq/counting_blocked.h \
  include/amq/spec_blocked.h include/amq/certified.h

src/internal/fail.h:

include/amq/error.h:

include/amq/blocked_quotient.h:

src/internal/blocked_check.h:

include/amq/check.h:

include/amq/hash.h:

include/amq/stats.h:

src/internal/blocked_layer.h:

include/amq/limits.h:

src/internal/container.h:

src/internal/blocked_quotient_kernel.h:

src/internal/quotient_kernel.h:

acsl/amq/quotient_logic.h:

acsl/amq/blocked_quotient_logic.h:

src/internal/blocked_state.h:

include/amq/blocked_bloom.h:

include/amq/split_block.h:

include/amq/partitioned.h:

include/amq/counting_blocked.h:

include/amq/spec_blocked.h:

include/amq/certified.h:
