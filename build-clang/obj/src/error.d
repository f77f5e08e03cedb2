build-clang/obj/src/error.o: src/error.c src/internal/fail.h \
  include/amq/error.h

src/internal/fail.h:

include/amq/error.h:
