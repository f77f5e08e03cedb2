build-clang/obj/src/check_mc.o: src/check_mc.c src/internal/fail.h \
  include/amq/error.h include/amq/check.h include/amq/hash.h \
  include/amq/stats.h include/amq/spec_bloom.h include/amq/certified.h \
  src/internal/check_kernels.h

src/internal/fail.h:

include/amq/error.h:

include/amq/check.h:

include/amq/hash.h:

include/amq/stats.h:

include/amq/spec_bloom.h:

include/amq/certified.h:

src/internal/check_kernels.h:
