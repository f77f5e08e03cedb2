build-clang/obj/spec/spec_omissions.o: spec/spec_omissions.c \
  src/internal/fail.h include/amq/error.h include/amq/spec_omissions.h \
  include/amq/certified.h include/amq/spec_bloom.h

src/internal/fail.h:

include/amq/error.h:

include/amq/spec_omissions.h:

include/amq/certified.h:

include/amq/spec_bloom.h:
