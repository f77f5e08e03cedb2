build-clang/obj/src/counting_kernel.o: src/counting_kernel.c \
  src/internal/counting_kernel.h acsl/amq/counting_logic.h \
  acsl/amq/bloom_logic.h

src/internal/counting_kernel.h:

acsl/amq/counting_logic.h:

acsl/amq/bloom_logic.h:
