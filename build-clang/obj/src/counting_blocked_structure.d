build-clang/obj/src/counting_blocked_structure.o: \
  src/counting_blocked_structure.c src/internal/fail.h \
  include/amq/error.h src/internal/blocked_check.h include/amq/check.h \
  include/amq/hash.h include/amq/stats.h src/internal/blocked_state.h \
  include/amq/blocked_bloom.h include/amq/limits.h \
  include/amq/split_block.h include/amq/partitioned.h \
  include/amq/counting_blocked.h include/amq/blocked_quotient.h \
  src/internal/structure.h include/amq/filter.h \
  include/amq/filter_rate.h include/amq/certified.h \
  include/amq/spec_blocked.h

src/internal/fail.h:

include/amq/error.h:

src/internal/blocked_check.h:

include/amq/check.h:

include/amq/hash.h:

include/amq/stats.h:

src/internal/blocked_state.h:

include/amq/blocked_bloom.h:

include/amq/limits.h:

include/amq/split_block.h:

include/amq/partitioned.h:

include/amq/counting_blocked.h:

include/amq/blocked_quotient.h:

src/internal/structure.h:

include/amq/filter.h:

include/amq/filter_rate.h:

include/amq/certified.h:

include/amq/spec_blocked.h:
