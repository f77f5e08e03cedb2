build-clang/obj/src/check_enum.o: src/check_enum.c src/internal/fail.h \
  include/amq/error.h src/internal/bloom_kernel.h acsl/amq/bloom_logic.h \
  include/amq/check.h include/amq/hash.h include/amq/stats.h \
  src/internal/counting_kernel.h acsl/amq/counting_logic.h \
  src/internal/check_kernels.h

src/internal/fail.h:

include/amq/error.h:

src/internal/bloom_kernel.h:

acsl/amq/bloom_logic.h:

include/amq/check.h:

include/amq/hash.h:

include/amq/stats.h:

src/internal/counting_kernel.h:

acsl/amq/counting_logic.h:

src/internal/check_kernels.h:
