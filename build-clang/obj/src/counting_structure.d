build-clang/obj/src/counting_structure.o: src/counting_structure.c \
  src/internal/fail.h include/amq/error.h src/internal/check_kernels.h \
  include/amq/check.h include/amq/hash.h include/amq/stats.h \
  src/internal/structure.h include/amq/filter.h \
  include/amq/filter_rate.h include/amq/certified.h \
  include/amq/counting.h include/amq/limits.h \
  include/amq/spec_counting.h include/amq/spec_bloom.h

src/internal/fail.h:

include/amq/error.h:

src/internal/check_kernels.h:

include/amq/check.h:

include/amq/hash.h:

include/amq/stats.h:

src/internal/structure.h:

include/amq/filter.h:

include/amq/filter_rate.h:

include/amq/certified.h:

include/amq/counting.h:

include/amq/limits.h:

include/amq/spec_counting.h:

include/amq/spec_bloom.h:
