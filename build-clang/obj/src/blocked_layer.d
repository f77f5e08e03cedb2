build-clang/obj/src/blocked_layer.o: src/blocked_layer.c \
  src/internal/fail.h include/amq/error.h src/internal/blocked_layer.h \
  include/amq/limits.h src/internal/container.h \
  src/internal/blocked_kernel.h acsl/amq/blocked_logic.h \
  acsl/amq/bloom_logic.h acsl/amq/counting_logic.h \
  src/internal/bloom_kernel.h src/internal/counting_kernel.h \
  include/amq/hash.h include/amq/spec_blocked.h include/amq/certified.h

src/internal/fail.h:

include/amq/error.h:

src/internal/blocked_layer.h:

include/amq/limits.h:

src/internal/container.h:

src/internal/blocked_kernel.h:

acsl/amq/blocked_logic.h:

acsl/amq/bloom_logic.h:

acsl/amq/counting_logic.h:

src/internal/bloom_kernel.h:

src/internal/counting_kernel.h:

include/amq/hash.h:

include/amq/spec_blocked.h:

include/amq/certified.h:
