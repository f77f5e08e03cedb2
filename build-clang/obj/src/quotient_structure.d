build-clang/obj/src/quotient_structure.o: src/quotient_structure.c \
  src/internal/fail.h include/amq/error.h src/internal/quotient_check.h \
  include/amq/check.h include/amq/hash.h include/amq/stats.h \
  include/amq/quotient.h src/internal/quotient_kernel.h \
  acsl/amq/quotient_logic.h src/internal/structure.h \
  include/amq/filter.h include/amq/filter_rate.h include/amq/certified.h \
  include/amq/spec_quotient.h

src/internal/fail.h:

include/amq/error.h:

src/internal/quotient_check.h:

include/amq/check.h:

include/amq/hash.h:

include/amq/stats.h:

include/amq/quotient.h:

src/internal/quotient_kernel.h:

acsl/amq/quotient_logic.h:

src/internal/structure.h:

include/amq/filter.h:

include/amq/filter_rate.h:

include/amq/certified.h:

include/amq/spec_quotient.h:
