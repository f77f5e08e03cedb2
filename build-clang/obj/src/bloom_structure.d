build-clang/obj/src/bloom_structure.o: src/bloom_structure.c \
  src/internal/fail.h include/amq/error.h src/internal/bloom_kernel.h \
  acsl/amq/bloom_logic.h src/internal/check_kernels.h \
  include/amq/check.h include/amq/hash.h include/amq/stats.h \
  src/internal/structure.h include/amq/filter.h \
  include/amq/filter_rate.h include/amq/certified.h include/amq/bloom.h \
  include/amq/limits.h include/amq/spec_bloom.h

src/internal/fail.h:

include/amq/error.h:

src/internal/bloom_kernel.h:

acsl/amq/bloom_logic.h:

src/internal/check_kernels.h:

include/amq/check.h:

include/amq/hash.h:

include/amq/stats.h:

src/internal/structure.h:

include/amq/filter.h:

include/amq/filter_rate.h:

include/amq/certified.h:

include/amq/bloom.h:

include/amq/limits.h:

include/amq/spec_bloom.h:
