build-clang/obj/src/container.o: src/container.c src/internal/fail.h \
  include/amq/error.h src/internal/container.h

src/internal/fail.h:

include/amq/error.h:

src/internal/container.h:
