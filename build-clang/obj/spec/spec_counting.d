build-clang/obj/spec/spec_counting.o: spec/spec_counting.c \
  src/internal/fail.h include/amq/error.h include/amq/spec_counting.h \
  include/amq/spec_bloom.h include/amq/certified.h

src/internal/fail.h:

include/amq/error.h:

include/amq/spec_counting.h:

include/amq/spec_bloom.h:

include/amq/certified.h:
