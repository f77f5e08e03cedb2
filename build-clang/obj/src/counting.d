build-clang/obj/src/counting.o: src/counting.c src/internal/fail.h \
  include/amq/error.h include/amq/bloom.h include/amq/hash.h \
  include/amq/limits.h src/internal/container.h include/amq/counting.h \
  src/internal/counting_kernel.h acsl/amq/counting_logic.h \
  acsl/amq/bloom_logic.h

src/internal/fail.h:

include/amq/error.h:

include/amq/bloom.h:

include/amq/hash.h:

include/amq/limits.h:

src/internal/container.h:

include/amq/counting.h:

src/internal/counting_kernel.h:

acsl/amq/counting_logic.h:

acsl/amq/bloom_logic.h:
