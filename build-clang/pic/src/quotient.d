build-clang/pic/src/quotient.o: src/quotient.c src/internal/fail.h \
  include/amq/error.h src/internal/container.h include/amq/hash.h \
  include/amq/quotient.h src/internal/quotient_check.h \
  include/amq/check.h include/amq/stats.h src/internal/quotient_kernel.h \
  acsl/amq/quotient_logic.h include/amq/spec_quotient.h \
  include/amq/certified.h

src/internal/fail.h:

include/amq/error.h:

src/internal/container.h:

include/amq/hash.h:

include/amq/quotient.h:

src/internal/quotient_check.h:

include/amq/check.h:

include/amq/stats.h:

src/internal/quotient_kernel.h:

acsl/amq/quotient_logic.h:

include/amq/spec_quotient.h:

include/amq/certified.h:
