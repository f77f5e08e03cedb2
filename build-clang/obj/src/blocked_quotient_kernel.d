build-clang/obj/src/blocked_quotient_kernel.o: \
  src/blocked_quotient_kernel.c src/internal/blocked_quotient_kernel.h \
  src/internal/quotient_kernel.h acsl/amq/quotient_logic.h \
  acsl/amq/blocked_quotient_logic.h

src/internal/blocked_quotient_kernel.h:

src/internal/quotient_kernel.h:

acsl/amq/quotient_logic.h:

acsl/amq/blocked_quotient_logic.h:
