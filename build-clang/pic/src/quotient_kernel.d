build-clang/pic/src/quotient_kernel.o: src/quotient_kernel.c \
  src/internal/quotient_kernel.h acsl/amq/quotient_logic.h

src/internal/quotient_kernel.h:

acsl/amq/quotient_logic.h:
