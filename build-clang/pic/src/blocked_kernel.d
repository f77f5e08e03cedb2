build-clang/pic/src/blocked_kernel.o: src/blocked_kernel.c \
  src/internal/blocked_kernel.h acsl/amq/blocked_logic.h \
  acsl/amq/bloom_logic.h acsl/amq/counting_logic.h \
  src/internal/bloom_kernel.h src/internal/counting_kernel.h

src/internal/blocked_kernel.h:

acsl/amq/blocked_logic.h:

acsl/amq/bloom_logic.h:

acsl/amq/counting_logic.h:

src/internal/bloom_kernel.h:

src/internal/counting_kernel.h:
