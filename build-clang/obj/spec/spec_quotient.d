build-clang/obj/spec/spec_quotient.o: spec/spec_quotient.c \
  src/internal/fail.h include/amq/error.h include/amq/spec_quotient.h \
  include/amq/certified.h

src/internal/fail.h:

include/amq/error.h:

include/amq/spec_quotient.h:

include/amq/certified.h:
