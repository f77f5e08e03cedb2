build-clang/obj/spec/spec_blocked.o: spec/spec_blocked.c \
  src/internal/fail.h include/amq/error.h include/amq/spec_blocked.h \
  include/amq/certified.h include/amq/spec_bloom.h \
  include/amq/spec_quotient.h

src/internal/fail.h:

include/amq/error.h:

include/amq/spec_blocked.h:

include/amq/certified.h:

include/amq/spec_bloom.h:

include/amq/spec_quotient.h:
