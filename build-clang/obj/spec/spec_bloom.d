build-clang/obj/spec/spec_bloom.o: spec/spec_bloom.c src/internal/fail.h \
  include/amq/error.h include/amq/spec_bloom.h include/amq/certified.h

src/internal/fail.h:

include/amq/error.h:

include/amq/spec_bloom.h:

include/amq/certified.h:
