build-clang/obj/src/quotient_check.o: src/quotient_check.c \
  src/internal/fail.h include/amq/error.h include/amq/quotient.h \
  src/internal/quotient_check.h include/amq/check.h include/amq/hash.h \
  include/amq/stats.h src/internal/quotient_kernel.h \
  acsl/amq/quotient_logic.h include/amq/spec_quotient.h \
  include/amq/certified.h src/internal/check_kernels.h

src/internal/fail.h:

include/amq/error.h:

include/amq/quotient.h:

src/internal/quotient_check.h:

include/amq/check.h:

include/amq/hash.h:

include/amq/stats.h:

src/internal/quotient_kernel.h:

acsl/amq/quotient_logic.h:

include/amq/spec_quotient.h:

include/amq/certified.h:

src/internal/check_kernels.h:
