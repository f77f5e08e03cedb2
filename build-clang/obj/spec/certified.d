build-clang/obj/spec/certified.o: spec/certified.c src/internal/fail.h \
  include/amq/error.h include/amq/certified.h

src/internal/fail.h:

include/amq/error.h:

include/amq/certified.h:
