build-clang/obj/src/bloom.o: src/bloom.c src/internal/fail.h \
  include/amq/error.h include/amq/bloom.h include/amq/hash.h \
  include/amq/limits.h src/internal/bloom_state.h \
  src/internal/bloom_kernel.h acsl/amq/bloom_logic.h \
  src/internal/container.h include/amq/spec_bloom.h \
  include/amq/certified.h

src/internal/fail.h:

include/amq/error.h:

include/amq/bloom.h:

include/amq/hash.h:

include/amq/limits.h:

src/internal/bloom_state.h:

src/internal/bloom_kernel.h:

acsl/amq/bloom_logic.h:

src/internal/container.h:

include/amq/spec_bloom.h:

include/amq/certified.h:
