build-clang/pic/src/bloom_kernel.o: src/bloom_kernel.c \
  src/internal/bloom_kernel.h acsl/amq/bloom_logic.h

src/internal/bloom_kernel.h:

acsl/amq/bloom_logic.h:
